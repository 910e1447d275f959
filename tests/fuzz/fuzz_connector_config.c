/*
 * tests/fuzz/fuzz_connector_config.c - libFuzzer target for what a source task reads from a
 * connector config beyond its own settings, which come from the config topic (any worker,
 * or anyone with write access, writes there): the topic creation groups (KIP-158), then the
 * group of a topic named by the input's first line.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <jansson.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/common.h"
#include "lib/log.h"
#include "worker/topic_creation.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint8_t     *nl = memchr(data, '\n', size);
    size_t             tlen = nl ? (size_t) (nl - data) : 0;
    char              *topic = kc_xstrndup((const char *) data, tlen);
    json_t            *config = json_loadb(nl ? (const char *) nl + 1 : (const char *) data,
                                           nl ? size - tlen - 1 : size, 0, NULL);
    kc_topic_creation *tc = NULL;
    kc_err             err;

    kc_log_set_level(KC_LOG_OFF);              /* refusals are expected here */
    if (json_is_object(config) &&
        kc_topic_creation_new(true, config, "fuzz-0", &tc, &err) == KC_OK && tc != NULL) {
        (void) kc_topic_creation_group_of(tc, topic);
        kc_topic_creation_free(tc);
    }
    json_decref(config);
    free(topic);
    return 0;
}
