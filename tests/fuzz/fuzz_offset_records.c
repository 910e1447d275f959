/*
 * tests/fuzz/fuzz_offset_records.c - libFuzzer target for the records of the offset topic
 * (worker/offset_store.c), which anyone with write access to it can produce: a key
 * ["<connector>",{partition}] and a JSON value, read as GET /connectors/{c}/offsets and a
 * reset read them. The key is the input up to its first NUL, the value the rest; the
 * connector is "mirror-source". A record read as the connector's has a partition whose key
 * kconnect writes (as Java's JsonConverter would) reads back as the same record.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/common.h"
#include "worker/offset_store.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define CONNECTOR "mirror-source"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint8_t *nul = memchr(data, 0, size);
    size_t         klen = nul ? (size_t) (nul - data) : size;
    const char    *value = (const char *) data + (nul ? klen + 1 : size);
    size_t         vlen = nul ? size - klen - 1 : 0;
    char          *key = kc_xstrndup((const char *) data, klen), *again;
    json_t        *partition, *offset, *p2, *o2;
    size_t         alen;

    if (kc_offset_record_parse(key, value, vlen, CONNECTOR, &partition, &offset)) {
        KC_ASSERT(json_is_object(partition) && offset != NULL);
        again = kc_offset_key(CONNECTOR, partition, &alen);
        KC_ASSERT(again != NULL && strlen(again) == alen);
        KC_ASSERT(kc_offset_record_parse(again, value, vlen, CONNECTOR, &p2, &o2));
        KC_ASSERT(json_equal(partition, p2) && json_equal(offset, o2));
        json_decref(p2);
        json_decref(o2);
        /* Another connector's name: not this connector's record. */
        KC_ASSERT(!kc_offset_record_parse(again, value, vlen, CONNECTOR "-2", &p2, &o2));
        KC_ASSERT(p2 == NULL && o2 == NULL);
        json_decref(partition);
        json_decref(offset);
        free(again);
    } else {
        KC_ASSERT(partition == NULL && offset == NULL);
    }
    free(key);
    return 0;
}
