/*
 * tests/fuzz/fuzz_status_records.c - libFuzzer target for records of the status topic, which
 * every worker of the group writes (Java ones included, and anyone with write access): the
 * input is a run of records separated by 0x01 bytes, each a key, then a NUL and the value
 * (no NUL: a tombstone). They are applied to one status store in order, which is then read
 * back as the REST status endpoints read it.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/common.h"
#include "lib/configdef.h"
#include "lib/log.h"
#include "worker/status_store.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
read_back(kc_status_store *s)
{
    size_t nconn, ntasks, ntopics;
    char **connectors = kc_status_store_connectors(s, &nconn);

    for (size_t i = 0; i < nconn; i++) {
        int      *tasks = kc_status_store_tasks(s, connectors[i], &ntasks);
        char    **topics = kc_status_store_topics(s, connectors[i], &ntopics);
        kc_status st;

        for (size_t t = 0; t <= ntasks; t++) {          /* t == ntasks: the connector */
            if (kc_status_store_get(s, connectors[i], t < ntasks ? tasks[t] : -1, &st) == KC_OK) {
                size_t len;
                free(kc_status_value(&st, &len));
            }
            kc_status_clear(&st);
        }
        for (size_t t = 0; t < ntopics; t++)
            (void) kc_status_store_has_topic(s, connectors[i], topics[t]);
        free(tasks);
        kc_strv_free(topics);
    }
    kc_strv_free(connectors);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    kc_status_store *s = kc_status_store_new();
    const uint8_t   *p = data, *end = data + size;

    kc_log_set_level(KC_LOG_OFF);              /* errors are expected here */
    while (p < end) {
        const uint8_t *next = memchr(p, 0x01, (size_t) (end - p));
        const uint8_t *rec_end = next ? next : end;
        const uint8_t *nul = memchr(p, 0, (size_t) (rec_end - p));
        char          *key = kc_xstrndup((const char *) p,
                                         (size_t) ((nul ? nul : rec_end) - p));

        kc_status_store_apply(s, key, nul ? nul + 1 : NULL,
                              nul ? (size_t) (rec_end - nul - 1) : 0);
        free(key);
        p = next ? next + 1 : end;
    }
    read_back(s);
    kc_status_store_close(s);
    return 0;
}
