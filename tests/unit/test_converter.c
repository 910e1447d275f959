/*
 * tests/unit/test_converter.c - JsonConverter's refusals of an envelope it cannot read, with
 * Java's DataException texts (JsonConverter.asConnectSchema and convertToConnect, Kafka
 * 4.3.1): a sink task fails on such a record, as Java's does. The number converters' bytes
 * (Kafka's serializers) both ways, their aliases and their refusals.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "worker/converter.h"

static void
refused(const char *envelope, const char *message)
{
    kc_converter c;
    kc_value     v;
    kc_err       err;

    assert_int_equal(kc_converter_init(&c, "org.apache.kafka.connect.json.JsonConverter", NULL,
                                       &err), KC_OK);
    assert_int_equal(kc_converter_to_connect(&c, envelope, strlen(envelope), &v, &err), KC_EINVAL);
    assert_string_equal(err.msg, message);
}

static void
accepted(const char *envelope)
{
    kc_converter c;
    kc_value     v;
    kc_err       err;

    assert_int_equal(kc_converter_init(&c, "JsonConverter", NULL, &err), KC_OK);
    assert_int_equal(kc_converter_to_connect(&c, envelope, strlen(envelope), &v, &err), KC_OK);
    kc_value_clear(&v);
}

#define ENVELOPE(schema, payload) "{\"schema\":" schema ",\"payload\":" payload "}"

static void
test_schemas_java_cannot_build(void **state)
{
    (void) state;
    refused(ENVELOPE("{\"optional\":true}", "1"), "Schema must contain 'type' field");
    refused(ENVELOPE("5", "1"), "Schema must contain 'type' field");
    refused(ENVELOPE("{\"type\":\"float32\"}", "1.5"), "Unknown schema type: float32");
    refused(ENVELOPE("{\"type\":\"array\"}", "[]"), "Array schema did not specify the element type");
    refused(ENVELOPE("{\"type\":\"map\",\"values\":{\"type\":\"int32\"}}", "{}"),
            "Map schema did not specify the key type");
    refused(ENVELOPE("{\"type\":\"map\",\"keys\":{\"type\":\"string\"}}", "{}"),
            "Map schema did not specify the value type");
    refused(ENVELOPE("{\"type\":\"struct\",\"fields\":{}}", "{}"),
            "Struct schema's \"fields\" argument is not an array.");
    refused(ENVELOPE("{\"type\":\"struct\",\"fields\":[{\"type\":\"int32\"}]}", "{}"),
            "Struct schema's field name not specified properly");
    refused(ENVELOPE("{\"type\":\"struct\",\"fields\":[{\"field\":\"a\",\"type\":\"int32\"},"
                     "{\"field\":\"a\",\"type\":\"string\"}]}", "{}"),
            "Cannot create field because of field name duplication a");
    refused(ENVELOPE("{\"type\":\"struct\",\"fields\":[{\"field\":\"a\",\"type\":\"nope\"}]}", "{}"),
            "Unknown schema type: nope");
}

static void
test_values_java_cannot_read(void **state)
{
    (void) state;
    refused(ENVELOPE("{\"type\":\"struct\",\"fields\":[{\"field\":\"a\",\"type\":\"int32\"}]}",
                     "{}"), "Invalid null value for required INT32 field");
    refused(ENVELOPE("{\"type\":\"struct\",\"fields\":[]}", "[1]"),
            "Structs should be encoded as JSON objects, but found ARRAY");
    refused(ENVELOPE("{\"type\":\"map\",\"keys\":{\"type\":\"string\"},\"values\":{\"type\":\"int32\"}}",
                     "[[\"a\",1]]"), "Maps with string fields should be encoded as JSON objects, "
            "but found ARRAY");
    refused(ENVELOPE("{\"type\":\"map\",\"keys\":{\"type\":\"int32\"},\"values\":{\"type\":\"int32\"}}",
                     "[[1,2,3]]"), "Found invalid map entry, expected length 2 but found :3");
    refused(ENVELOPE("{\"type\":\"map\",\"keys\":{\"type\":\"int32\"},\"values\":{\"type\":\"int32\"}}",
                     "{\"1\":2}"), "Maps with non-string fields should be encoded as JSON array "
            "of tuples, but found OBJECT");
    refused(ENVELOPE("{\"type\":\"array\",\"items\":{\"type\":\"string\"}}", "[\"a\",null]"),
            "Invalid null value for required STRING field");
    /* Optional fields, defaults and a schema of null (schemaless) are fine. */
    accepted(ENVELOPE("{\"type\":\"struct\",\"fields\":[{\"field\":\"a\",\"type\":\"int32\","
                      "\"optional\":true},{\"field\":\"d\",\"type\":\"double\",\"default\":1.5}]}",
                      "{}"));
    accepted(ENVELOPE("null", "{\"any\":[1,\"x\"]}"));
    accepted(ENVELOPE("{\"type\":\"float\"}", "1.5"));
}

/* Bytes as Kafka's IntegerSerializer, DoubleSerializer, ... write them, and back. */
static void
test_number_converters(void **state)
{
    static const struct {
        const char *cls, *schema, *json;
        size_t      len;
        const char *bytes;
    } cases[] = {
        { "IntegerConverter", "int32", "-2", 4, "\xff\xff\xff\xfe" },
        { "org.apache.kafka.connect.converters.ShortConverter", "int16", "258", 2, "\x01\x02" },
        { "Long", "int64", "1", 8, "\0\0\0\0\0\0\0\x01" },
        { "DoubleConverter", "double", "1.5", 8, "\x3f\xf8\0\0\0\0\0\0" },
        { "FloatConverter", "float", "-2.0", 4, "\xc0\0\0\0" },
        { "BooleanConverter", "boolean", "true", 1, "\x01" },
    };

    (void) state;
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        kc_converter c;
        kc_value     v = { 0 }, back;
        kc_wbuf      scratch;
        const void  *out;
        size_t       len;
        kc_err       err;
        char        *text;
        assert_int_equal(kc_converter_init(&c, cases[i].cls, NULL, &err), KC_OK);
        v.kind = KC_VALUE_JSON;
        v.json = json_loads(cases[i].json, JSON_DECODE_ANY, NULL);
        v.schema = json_pack("{s:s,s:b}", "type", cases[i].schema, "optional", 1);
        kc_wbuf_init(&scratch);
        assert_int_equal(kc_converter_from_connect(&c, &v, &scratch, &out, &len, &err), KC_OK);
        assert_int_equal(len, cases[i].len);
        assert_memory_equal(out, cases[i].bytes, len);
        assert_int_equal(kc_converter_to_connect(&c, out, len, &back, &err), KC_OK);
        assert_true(json_equal(back.json, v.json));
        text = json_dumps(back.schema, JSON_COMPACT);
        assert_non_null(strstr(text, cases[i].schema));
        free(text);
        kc_value_clear(&back);
        kc_value_clear(&v);
        kc_wbuf_free(&scratch);
    }
}

static void
test_number_converters_refuse(void **state)
{
    kc_converter c;
    kc_value     v = { .kind = KC_VALUE_STRING, .ptr = "x", .len = 1 }, back;
    kc_wbuf      scratch;
    const void  *out;
    size_t       len;
    kc_err       err;

    (void) state;
    kc_wbuf_init(&scratch);
    assert_int_equal(kc_converter_init(&c, "IntegerConverter", NULL, &err), KC_OK);
    assert_int_equal(kc_converter_from_connect(&c, &v, &scratch, &out, &len, &err), KC_EINVAL);
    assert_string_equal(err.msg, "Failed to serialize to integer (was class java.lang.String): ");
    assert_int_equal(kc_converter_to_connect(&c, "abc", 3, &back, &err), KC_EINVAL);
    assert_string_equal(err.msg, "Failed to deserialize integer: Size of data received by "
                        "IntegerDeserializer is not 4");
    assert_int_equal(kc_converter_init(&c, "BooleanConverter", NULL, &err), KC_OK);
    assert_int_equal(kc_converter_from_connect(&c, &v, &scratch, &out, &len, &err), KC_EINVAL);
    assert_string_equal(err.msg, "Invalid schema type for BooleanConverter: STRING");
    assert_int_equal(kc_converter_to_connect(&c, "\x02", 1, &back, &err), KC_EINVAL);
    assert_string_equal(err.msg, "Failed to deserialize boolean: Unexpected byte received by "
                        "BooleanDeserializer: 2");
    assert_int_equal(kc_converter_init(&c, "NopeConverter", NULL, &err), KC_EINVAL);
    assert_string_equal(err.msg, "Class NopeConverter could not be found.");
    kc_wbuf_free(&scratch);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_schemas_java_cannot_build),
        cmocka_unit_test(test_values_java_cannot_read),
        cmocka_unit_test(test_number_converters),
        cmocka_unit_test(test_number_converters_refuse),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
