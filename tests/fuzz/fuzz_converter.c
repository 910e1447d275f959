/*
 * tests/fuzz/fuzz_converter.c - libFuzzer target for the converters' reading of record bytes
 * from Kafka (a sink task's keys and values: whatever any producer wrote). The first byte
 * picks the converter (JsonConverter with or without schemas, NUMERIC decimals, nulls not
 * replaced, a fixed schema.content; StringConverter in UTF-8, UTF-16 and windows-1252,
 * ByteArrayConverter, the number converters); the rest is the record's bytes. A value that
 * converts is converted back to bytes, as a source task's would be, printed as
 * FileStreamSink prints it, and written as a header value by both header converters. The
 * bytes are also written as a task's string value through JsonConverter, and read as
 * Values.parseString reads a header's text (lib/values.c), what it makes written back by
 * JsonConverter and both header converters.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/wire.h"
#include "lib/common.h"
#include "lib/json_java.h"
#include "lib/values.h"
#include "worker/converter.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Values.parseString of the bytes as text (up to a NUL), as a header's text from any
 * producer is read; what it makes is written by JsonConverter and both header converters. */
static void
values_text(const uint8_t *data, size_t size)
{
    char         *text = kc_xstrndup((const char *) data, size), why[512];
    json_t       *schema, *value, *settings = json_object();
    kc_converter  c;
    kc_err        err;
    kc_wbuf       scratch;
    kc_value      v;
    const void   *out;
    size_t        len;
    bool          is_null;

    if (kc_values_parse_string(text, &schema, &value, why, sizeof(why)) != KC_VALUES_OK) {
        if (schema != NULL || value != NULL || why[0] == '\0')
            __builtin_trap();                  /* a refusal makes nothing and says why */
        free(text);
        json_decref(settings);
        return;
    }
    if (value == NULL || (schema == NULL && !json_is_null(value)))
        __builtin_trap();                      /* only Java's null has no schema */
    if (kc_converter_init(&c, "org.apache.kafka.connect.json.JsonConverter", settings, &err)
        != KC_OK)
        __builtin_trap();
    v = (kc_value) { .kind = KC_VALUE_JSON, .json = value, .schema = schema };
    kc_wbuf_init(&scratch);
    (void) kc_converter_from_connect(&c, &v, &scratch, &out, &len, &err);
    for (int simple = 0; simple < 2; simple++) {
        kc_wbuf_reset(&scratch);
        (void) kc_header_from_connect(simple, schema, value, &scratch, &is_null, &err);
    }
    kc_wbuf_free(&scratch);
    kc_converter_free(&c);
    json_decref(settings);
    json_decref(schema);
    json_decref(value);
    free(text);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const classes[][2] = {
        { "org.apache.kafka.connect.json.JsonConverter", "{}" },
        { "org.apache.kafka.connect.json.JsonConverter", "{\"schemas.enable\":\"false\"}" },
        { "org.apache.kafka.connect.storage.StringConverter", NULL },
        { "org.apache.kafka.connect.converters.ByteArrayConverter", NULL },
        { "org.apache.kafka.connect.converters.BooleanConverter", NULL },
        { "org.apache.kafka.connect.converters.ShortConverter", NULL },
        { "IntegerConverter", NULL },
        { "LongConverter", NULL },
        { "FloatConverter", NULL },
        { "DoubleConverter", NULL },
        { "JsonConverter", "{\"decimal.format\":\"numeric\","
                           "\"replace.null.with.default\":\"false\"}" },
        { "JsonConverter", "{\"schema.content\":\"{\\\"type\\\":\\\"struct\\\",\\\"fields\\\":["
                           "{\\\"type\\\":\\\"bytes\\\",\\\"name\\\":\\\""
                           "org.apache.kafka.connect.data.Decimal\\\",\\\"parameters\\\":"
                           "{\\\"scale\\\":\\\"2\\\"},\\\"optional\\\":true,\\\"field\\\":\\\"d\\\"}]}\"}" },
        { "StringConverter", "{\"converter.encoding\":\"UTF-16\"}" },
        { "StringConverter", "{\"converter.encoding\":\"windows-1252\"}" },
    };
    const size_t nclasses = sizeof(classes) / sizeof(classes[0]);
    kc_converter c;
    json_t      *settings;
    kc_value     v;
    kc_err       err;
    kc_wbuf      scratch;
    const void  *out;
    size_t       len;

    if (size == 0)
        return 0;
    settings = json_loads(classes[data[0] % nclasses][1] ? classes[data[0] % nclasses][1]
                          : "{}", 0, NULL);
    if (kc_converter_init(&c, classes[data[0] % nclasses][0], settings, &err) != KC_OK)
        __builtin_trap();                      /* every class and setting above is good */
    json_decref(settings);
    if (kc_converter_to_connect(&c, data + 1, size - 1, &v, &err) == KC_OK) {
        kc_wbuf_init(&scratch);
        (void) kc_converter_from_connect(&c, &v, &scratch, &out, &len, &err);
        kc_wbuf_free(&scratch);
        if (v.kind == KC_VALUE_JSON) {
            bool is_null;
            free(kc_java_value_string(v.json, v.schema, NULL));
            for (int simple = 0; simple < 2; simple++) {
                kc_wbuf_init(&scratch);
                (void) kc_header_from_connect(simple, v.schema, v.json, &scratch, &is_null,
                                              &err);
                kc_wbuf_free(&scratch);
            }
        }
        kc_value_clear(&v);
    }
    kc_converter_free(&c);
    /* The same bytes as a task's string value (not always UTF-8) written as JSON. */
    v = (kc_value) { .kind = KC_VALUE_STRING, .ptr = data + 1, .len = size - 1 };
    settings = json_loads(classes[data[0] & 1][1], 0, NULL);
    kc_converter_init(&c, classes[data[0] & 1][0], settings, &err);
    json_decref(settings);
    kc_wbuf_init(&scratch);
    if (kc_converter_from_connect(&c, &v, &scratch, &out, &len, &err) != KC_OK || out == NULL)
        __builtin_trap();                      /* any string converts */
    kc_wbuf_free(&scratch);
    kc_converter_free(&c);
    values_text(data + 1, size - 1);
    return 0;
}
