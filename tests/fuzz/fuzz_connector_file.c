/*
 * tests/fuzz/fuzz_connector_file.c - libFuzzer target for a standalone worker's connector
 * files (cmd/connector_file.c): any bytes read as Java's ConnectStandalone tries them, a
 * JSON map, a JSON request, a .properties file. What reads is a POST /connectors body with
 * a name and a config of strings.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "cmd/connector_file.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    kc_err  err;
    json_t *body = kc_connector_file_parse("fuzz.properties", (const char *) data, size, &err);
    json_t *config, *v;
    const char *k;

    if (body == NULL)
        return 0;
    config = json_object_get(body, "config");
    if (!json_is_string(json_object_get(body, "name")) || !json_is_object(config))
        abort();
    json_object_foreach(config, k, v)
        if (!json_is_string(v) && !json_is_null(v))
            abort();
    json_decref(body);
    return 0;
}
