/*
 * tests/fuzz/fuzz_transforms.c - libFuzzer target for a connector's transformation chain: its
 * config comes from the config topic (any worker, or anyone with write access, writes
 * there) and its records from a connector or any producer. The input's first line is the
 * connector config (JSON); the rest is a record value read by JsonConverter with schemas (or
 * taken as a string when it does not read), run through the chain, then written back as a
 * source record's would be.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <jansson.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "lib/common.h"
#include "lib/log.h"
#include "worker/converter.h"
#include "worker/plugins.h"
#include "worker/transform.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static bool        loaded;
    const uint8_t     *nl = memchr(data, '\n', size);
    size_t             clen = nl ? (size_t) (nl - data) : size;
    json_t            *config = json_loadb((const char *) data, clen, 0, NULL);
    const uint8_t     *body = nl ? nl + 1 : data + size;
    size_t             blen = (size_t) (data + size - body);
    kc_chain          *chain = NULL;
    kc_converter       json;
    kc_value           v = { 0 }, out;
    kc_header          hdr = { "h", body, blen };
    kc_record          r = { .topic = "fuzz", .partition = -1, .timestamp = 1700000000000,
                             .headers = &hdr, .nheaders = 1 };
    kc_connect_record  rec;
    kc_wbuf            scratch, bytes;
    kc_err             err;
    const void        *p;
    size_t             n;
    bool               drop;

    if (!loaded) {
        kc_log_set_level(KC_LOG_OFF);          /* refusals are expected here */
        kc_plugins_init(NULL, NULL);
        loaded = true;
    }
    if (!json_is_object(config) || kc_chain_new(config, &chain, &err) != KC_OK ||
        chain == NULL) {
        json_decref(config);
        return 0;
    }
    kc_converter_init(&json, "JsonConverter", NULL, &err);
    if (kc_converter_to_connect(&json, body, blen, &v, &err) != KC_OK)
        v = (kc_value) { .kind = KC_VALUE_STRING, .ptr = body, .len = blen };
    r.value = v;
    kc_crec_from(&rec, &r, false);
    if (kc_chain_apply(chain, &rec, &drop, NULL, &err) == KC_OK && !drop) {
        kc_wbuf_init(&scratch);
        kc_wbuf_init(&bytes);
        kc_crec_value(&rec.value, &out, &bytes);
        (void) kc_converter_from_connect(&json, &out, &scratch, &p, &n, &err);
        kc_crec_value(&rec.key, &out, &bytes);
        (void) kc_converter_from_connect(&json, &out, &scratch, &p, &n, &err);
        for (size_t i = 0; i < rec.nheaders; i++) {
            bool is_null;
            if (rec.headers[i].value != NULL)
                (void) kc_header_from_connect(true, rec.headers[i].schema,
                                              rec.headers[i].value, &scratch, &is_null, &err);
        }
        kc_wbuf_free(&scratch);
        kc_wbuf_free(&bytes);
    }
    kc_crec_clear(&rec);
    if (v.kind == KC_VALUE_JSON || v.json != NULL)
        kc_value_clear(&v);
    kc_chain_free(chain);
    kc_converter_free(&json);
    json_decref(config);
    return 0;
}
