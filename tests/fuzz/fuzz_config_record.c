/*
 * tests/fuzz/fuzz_config_record.c - libFuzzer target for records of the config topic, which
 * any worker (or anyone with write access) can produce: the input is split into a key and
 * a value at the first NUL byte and applied to a config state twice (as two records).
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/common.h"
#include "worker/config_state.h"
#include "lib/log.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    kc_config_state st;
    kc_config_event ev;
    const uint8_t  *nul = memchr(data, 0, size);
    char           *key;
    size_t          klen = nul ? (size_t) (nul - data) : size;

    kc_log_set_level(KC_LOG_OFF);              /* errors are expected here */
    key = kc_xstrndup((const char *) data, klen);
    kc_config_state_init(&st);
    st.initial_read_done = (size & 1) != 0;
    kc_config_state_apply(&st, key, nul ? nul + 1 : NULL, nul ? size - klen - 1 : 0, 0, &ev);
    kc_config_state_apply(&st, key, nul ? nul + 1 : NULL, nul ? size - klen - 1 : 0, 1, &ev);
    kc_config_state_free(&st);
    free(key);
    return 0;
}
