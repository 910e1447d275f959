/*
 * connectors/mirror/mirror_records.c - encode and decode MirrorMaker 2's heartbeat, checkpoint
 * and offset-sync records (Kafka's Heartbeat, Checkpoint and OffsetSync classes).
 *
 * Java reads these with Schema.read: each field in order, a short or negative-length string
 * is a SchemaException, anything after the last field is left unread. The decoders here
 * refuse the same inputs. Pure functions; any thread.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <stdlib.h>
#include <string.h>

#include "connectors/mirror/mirror_records.h"
#include "lib/common.h"

#define MAX_STRING  INT16_MAX     /* Type.STRING: longer strings are refused when written */
#define VERSION_0   0

static bool
fits(const char *s)
{
    return s != NULL && strlen(s) <= MAX_STRING;
}

int
kc_mirror_heartbeat_key(kc_wbuf *wb, const char *source_alias, const char *target_alias)
{
    if (!fits(source_alias) || !fits(target_alias))
        return -1;
    kc_wbuf_string(wb, source_alias);
    kc_wbuf_string(wb, target_alias);
    return 0;
}

int
kc_mirror_heartbeat_value(kc_wbuf *wb, int64_t timestamp)
{
    kc_wbuf_i16(wb, VERSION_0);
    kc_wbuf_i64(wb, timestamp);
    return 0;
}

int
kc_mirror_checkpoint_key(kc_wbuf *wb, const char *group, const char *topic, int32_t partition)
{
    if (!fits(group) || !fits(topic))
        return -1;
    kc_wbuf_string(wb, group);
    kc_wbuf_string(wb, topic);
    kc_wbuf_i32(wb, partition);
    return 0;
}

int
kc_mirror_checkpoint_value(kc_wbuf *wb, int64_t upstream, int64_t downstream, const char *metadata,
                           size_t metadata_len)
{
    if (metadata == NULL)
        metadata = "", metadata_len = 0;
    if (metadata_len > MAX_STRING)
        return -1;
    kc_wbuf_i16(wb, VERSION_0);
    kc_wbuf_i64(wb, upstream);
    kc_wbuf_i64(wb, downstream);
    kc_wbuf_string_n(wb, metadata, metadata_len);
    return 0;
}

int
kc_mirror_offset_sync_key(kc_wbuf *wb, const char *topic, int32_t partition)
{
    if (!fits(topic))
        return -1;
    kc_wbuf_string(wb, topic);
    kc_wbuf_i32(wb, partition);
    return 0;
}

int
kc_mirror_offset_sync_value(kc_wbuf *wb, int64_t upstream, int64_t downstream)
{
    kc_wbuf_i64(wb, upstream);
    kc_wbuf_i64(wb, downstream);
    return 0;
}

/* ===== Decoding ===== */

/* A non-nullable STRING as a new C string: -1 when short, negative or holding a NUL. */
static int
read_string(kc_rbuf *rb, char **out)
{
    kc_slice s;

    if (kc_rbuf_string(rb, &s) != 0 || s.len < 0 || memchr(s.ptr, 0, (size_t) s.len) != NULL)
        return -1;
    *out = kc_xstrndup((const char *) s.ptr, (size_t) s.len);
    return 0;
}

/* A non-nullable STRING kept whole, NULs included: -1 when short or negative. */
static int
read_string_n(kc_rbuf *rb, char **out, size_t *len)
{
    kc_slice s;

    if (kc_rbuf_string(rb, &s) != 0 || s.len < 0)
        return -1;
    *out = kc_xstrndup((const char *) s.ptr, (size_t) s.len);
    *len = (size_t) s.len;
    return 0;
}

/* The version header of heartbeat and checkpoint values: read, not checked (Java only
 * asserts it, and assertions are off in production). */
static int
read_version(kc_rbuf *rb)
{
    int16_t version;
    return kc_rbuf_i16(rb, &version);
}

int
kc_mirror_heartbeat_decode(const void *key, size_t klen, const void *val, size_t vlen,
                           kc_mirror_heartbeat *out)
{
    kc_rbuf rb;

    memset(out, 0, sizeof(*out));
    if (key == NULL || val == NULL)
        return -1;
    /* Java reads the value first; the order does not change what is refused. */
    kc_rbuf_init(&rb, val, vlen);
    if (read_version(&rb) != 0 || kc_rbuf_i64(&rb, &out->timestamp) != 0)
        goto err_parse;
    kc_rbuf_init(&rb, key, klen);
    if (read_string(&rb, &out->source_alias) != 0 || read_string(&rb, &out->target_alias) != 0)
        goto err_parse;
    return 0;
err_parse:
    kc_mirror_heartbeat_free(out);
    return -1;
}

int
kc_mirror_checkpoint_decode(const void *key, size_t klen, const void *val, size_t vlen,
                            kc_mirror_checkpoint *out)
{
    kc_rbuf rb;

    memset(out, 0, sizeof(*out));
    if (key == NULL || val == NULL)
        return -1;
    kc_rbuf_init(&rb, val, vlen);
    if (read_version(&rb) != 0 || kc_rbuf_i64(&rb, &out->upstream) != 0 ||
        kc_rbuf_i64(&rb, &out->downstream) != 0 ||
        read_string_n(&rb, &out->metadata, &out->metadata_len) != 0)
        goto err_parse;
    kc_rbuf_init(&rb, key, klen);
    if (read_string(&rb, &out->group) != 0 || read_string(&rb, &out->topic) != 0 ||
        kc_rbuf_i32(&rb, &out->partition) != 0)
        goto err_parse;
    return 0;
err_parse:
    kc_mirror_checkpoint_free(out);
    return -1;
}

int
kc_mirror_offset_sync_decode(const void *key, size_t klen, const void *val, size_t vlen,
                             kc_mirror_offset_sync *out)
{
    kc_rbuf rb;

    memset(out, 0, sizeof(*out));
    if (key == NULL || val == NULL)
        return -1;
    kc_rbuf_init(&rb, key, klen);
    if (read_string(&rb, &out->topic) != 0 || kc_rbuf_i32(&rb, &out->partition) != 0)
        goto err_parse;
    kc_rbuf_init(&rb, val, vlen);
    if (kc_rbuf_i64(&rb, &out->upstream) != 0 || kc_rbuf_i64(&rb, &out->downstream) != 0)
        goto err_parse;
    return 0;
err_parse:
    kc_mirror_offset_sync_free(out);
    return -1;
}

void
kc_mirror_heartbeat_free(kc_mirror_heartbeat *h)
{
    if (h == NULL)
        return;
    free(h->source_alias);
    free(h->target_alias);
    memset(h, 0, sizeof(*h));
}

void
kc_mirror_checkpoint_free(kc_mirror_checkpoint *c)
{
    if (c == NULL)
        return;
    free(c->group);
    free(c->topic);
    free(c->metadata);
    memset(c, 0, sizeof(*c));
}

void
kc_mirror_offset_sync_free(kc_mirror_offset_sync *s)
{
    if (s == NULL)
        return;
    free(s->topic);
    memset(s, 0, sizeof(*s));
}
