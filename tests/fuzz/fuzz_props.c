/*
 * tests/fuzz/fuzz_props.c - libFuzzer target for the .properties parser and the worker
 * config checks that follow it (every byte a worker reads from its file goes through here).
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <stddef.h>
#include <stdint.h>

#include "lib/configdef.h"
#include "lib/log.h"
#include "lib/props.h"
#include "worker/worker_config.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    kc_props          p;
    kc_cfg            cfg;
    kc_err            err;
    size_t            ndefs;
    const kc_cfg_def *defs = kc_worker_config_defs(&ndefs);

    kc_log_set_level(KC_LOG_OFF);              /* errors are expected here */
    kc_props_init(&p, "fuzz.properties");
    if (kc_props_parse(&p, (const char *) data, size, &err) == KC_OK) {
        for (size_t i = 0; i < p.n; i++)
            (void) kc_props_where(&p, p.items[i].key, err.msg, sizeof(err.msg));
        if (kc_cfg_parse(&cfg, defs, ndefs, &p, &err) == KC_OK)
            kc_cfg_free(&cfg);
    }
    kc_props_free(&p);
    return 0;
}
