/*
 * tests/fuzz/fuzz_mirror_records.c - libFuzzer target for MirrorMaker 2's record decoders, which
 * read topics anyone with write access can produce to (heartbeats, checkpoints, offset syncs).
 * The first input byte is the key length; the key follows, the rest is the value. Each of the
 * three decoders reads the pair; what decodes must encode back to the bytes it was read from
 * (the value version aside, which is written as 0 and read as anything). The value is
 * also read as a provenance header (any record's, from any producer): a cluster ID the key
 * names is listed after a hop to it, and the hop keeps the old value as its start.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "connectors/mirror/mirror_records.h"
#include "connectors/mirror/provenance.h"
#include "lib/common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The encoding must be a prefix of what was decoded, from byte `from` on. */
static void
check_prefix(const kc_wbuf *wb, const uint8_t *in, size_t inlen, size_t from)
{
    KC_ASSERT(wb->len <= inlen);
    KC_ASSERT(memcmp(wb->buf + from, in + from, wb->len - from) == 0);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    kc_mirror_heartbeat   h;
    kc_mirror_checkpoint  c;
    kc_mirror_offset_sync s;
    const uint8_t        *key, *val;
    size_t                klen, vlen;
    kc_wbuf               wb;

    if (size == 0)
        return 0;
    klen = data[0] < size - 1 ? data[0] : size - 1;
    key = data + 1;
    val = key + klen;
    vlen = size - 1 - klen;
    kc_wbuf_init(&wb);

    if (kc_mirror_heartbeat_decode(key, klen, val, vlen, &h) == 0) {
        KC_ASSERT(kc_mirror_heartbeat_key(&wb, h.source_alias, h.target_alias) == 0);
        check_prefix(&wb, key, klen, 0);
        kc_wbuf_reset(&wb);
        KC_ASSERT(kc_mirror_heartbeat_value(&wb, h.timestamp) == 0);
        check_prefix(&wb, val, vlen, 2);
        kc_wbuf_reset(&wb);
        kc_mirror_heartbeat_free(&h);
    }
    if (kc_mirror_checkpoint_decode(key, klen, val, vlen, &c) == 0) {
        KC_ASSERT(kc_mirror_checkpoint_key(&wb, c.group, c.topic, c.partition) == 0);
        check_prefix(&wb, key, klen, 0);
        kc_wbuf_reset(&wb);
        KC_ASSERT(kc_mirror_checkpoint_value(&wb, c.upstream, c.downstream, c.metadata,
                                             c.metadata_len) == 0);
        check_prefix(&wb, val, vlen, 2);
        kc_wbuf_reset(&wb);
        kc_mirror_checkpoint_free(&c);
    }
    if (kc_mirror_offset_sync_decode(key, klen, val, vlen, &s) == 0) {
        KC_ASSERT(kc_mirror_offset_sync_key(&wb, s.topic, s.partition) == 0);
        check_prefix(&wb, key, klen, 0);
        kc_wbuf_reset(&wb);
        KC_ASSERT(kc_mirror_offset_sync_value(&wb, s.upstream, s.downstream) == 0);
        check_prefix(&wb, val, vlen, 0);
        kc_mirror_offset_sync_free(&s);
    }
    {
        char id[256];
        memcpy(id, key, klen);
        id[klen] = '\0';
        kc_wbuf_reset(&wb);
        (void) kc_provenance_lists(val, vlen, id);
        kc_provenance_extend(&wb, val, vlen, "source-id", id);
        KC_ASSERT(wb.len >= vlen && memcmp(wb.buf, val, vlen) == 0);
        if (id[0] != '\0' && strchr(id, ',') == NULL)
            KC_ASSERT(kc_provenance_lists(wb.buf, wb.len, id));
    }
    kc_wbuf_free(&wb);
    return 0;
}
