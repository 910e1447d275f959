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
#include <time.h>
#include <cmocka.h>

#include "lib/json_java.h"
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

/* Writes value (JSON) under schema (JSON, may be "null") with a JsonConverter of settings. */
static void
writes(const char *settings, const char *schema, const char *value, const char *expected)
{
    kc_converter c;
    json_t      *cfg = json_loads(settings, 0, NULL);
    kc_value     v = { .kind = KC_VALUE_JSON };
    kc_wbuf      scratch;
    const void  *out;
    size_t       len;
    kc_err       err;

    assert_int_equal(kc_converter_init(&c, "JsonConverter", cfg, &err), KC_OK);
    v.json = json_loads(value, JSON_DECODE_ANY, NULL);
    v.schema = json_loads(schema, JSON_DECODE_ANY, NULL);
    if (json_is_null(v.schema)) {
        json_decref(v.schema);
        v.schema = NULL;
    }
    kc_wbuf_init(&scratch);
    for (int twice = 0; twice < 2; twice++) {      /* the second from the schema cache */
        assert_int_equal(kc_converter_from_connect(&c, &v, &scratch, &out, &len, &err), KC_OK);
        assert_int_equal(len, strlen(expected));
        assert_memory_equal(out, expected, len);
    }
    kc_value_clear(&v);
    kc_wbuf_free(&scratch);
    kc_converter_free(&c);
    json_decref(cfg);
}

#define DECIMAL2 "{\"type\":\"bytes\",\"optional\":false,\"name\":" \
                 "\"org.apache.kafka.connect.data.Decimal\",\"version\":1," \
                 "\"parameters\":{\"scale\":\"2\"}"
#define STRUCT_DN "{\"type\":\"struct\",\"fields\":[" DECIMAL2 ",\"field\":\"d\"}," \
                  "{\"type\":\"int32\",\"optional\":true,\"default\":7,\"field\":\"n\"}]," \
                  "\"optional\":false}"

static void
test_json_converter_settings_when_writing(void **state)
{
    (void) state;
    /* BASE64 (the default) keeps the payload; a null takes its field's default. */
    writes("{}", STRUCT_DN, "{\"d\":\"AJY=\",\"n\":null}",
           "{\"schema\":" STRUCT_DN ",\"payload\":{\"d\":\"AJY=\",\"n\":7}}");
    writes("{\"decimal.format\":\"numeric\",\"replace.null.with.default\":\"false\"}", STRUCT_DN,
           "{\"d\":\"/2o=\"}", "{\"schema\":" STRUCT_DN ",\"payload\":{\"d\":-1.50,\"n\":null}}");
    /* A Decimal default in the schema is written in the payload's format too. */
    writes("{\"decimal.format\":\"NUMERIC\",\"schemas.enable\":\"false\"}",
           DECIMAL2 ",\"default\":\"AAE=\"}", "null", "0.01");
    writes("{\"decimal.format\":\"NUMERIC\",\"schemas.cache.size\":\"0\"}",
           DECIMAL2 ",\"default\":\"AAE=\"}", "\"AAE=\"",
           "{\"schema\":" DECIMAL2 ",\"default\":0.01},\"payload\":0.01}");
    /* Such a decimal is a number when NUMERIC; Decimal.fromLogical refuses it as BASE64. */
    writes("{\"decimal.format\":\"NUMERIC\",\"schemas.enable\":\"false\"}", STRUCT_DN,
           "{\"d\":\"~1E+3\",\"n\":1}", "{\"d\":1E+3,\"n\":1}");
    writes("{}", "null", "{\"b\":[1,2.5,\"\\u00e9\\ud83d\\ude00\"]}",
           "{\"schema\":null,\"payload\":{\"b\":[1,2.5,\"\xc3\xa9\\uD83D\\uDE00\"]}}");
}

/* Reads bytes with a JsonConverter of settings: the payload and schema it gives, as JSON
 * text, or the error. */
static void
reads(const char *settings, const char *bytes, const char *payload, const char *error)
{
    kc_converter c;
    json_t      *cfg = json_loads(settings, 0, NULL);
    kc_value     v;
    kc_err       err;
    char        *text;

    assert_int_equal(kc_converter_init(&c, "JsonConverter", cfg, &err), KC_OK);
    if (error != NULL) {
        assert_int_equal(kc_converter_to_connect(&c, bytes, strlen(bytes), &v, &err), KC_EINVAL);
        assert_string_equal(err.msg, error);
    } else {
        assert_int_equal(kc_converter_to_connect(&c, bytes, strlen(bytes), &v, &err), KC_OK);
        text = json_dumps(v.json, JSON_COMPACT | JSON_ENCODE_ANY);
        assert_string_equal(text, payload);
        free(text);
        kc_value_clear(&v);
    }
    kc_converter_free(&c);
    json_decref(cfg);
}

static void
test_json_converter_settings_when_reading(void **state)
{
    (void) state;
    /* A number read for a Decimal keeps its digits (Jackson's BigDecimal), whatever the
     * decimal.format: a 2.50 is the payload of 250 at scale 2. */
    reads("{}", "{\"schema\":" STRUCT_DN ",\"payload\":{\"d\":2.50,\"n\":null}}",
          "{\"d\":\"APo=\",\"n\":7}", NULL);
    reads("{\"replace.null.with.default\":\"false\"}",
          "{\"schema\":" STRUCT_DN ",\"payload\":{\"d\":\"APo=\",\"n\":null}}",
          "{\"d\":\"APo=\",\"n\":null}", NULL);
    /* At another scale: Java's BigDecimal keeps its own, held as "~" and its text. */
    reads("{}", "{\"schema\":" STRUCT_DN ",\"payload\":{\"d\":2.5}}", "{\"d\":\"~2.5\",\"n\":7}",
          NULL);
    reads("{}", "{\"schema\":" STRUCT_DN ",\"payload\":{\"d\":1E+3}}",
          "{\"d\":\"~1E+3\",\"n\":7}", NULL);
    /* schema.content: the whole document is the payload. */
    reads("{\"schema.content\":\"" "{\\\"type\\\":\\\"struct\\\",\\\"fields\\\":[{\\\"type\\\":"
          "\\\"string\\\",\\\"optional\\\":true,\\\"default\\\":\\\"x\\\",\\\"field\\\":\\\"s\\\"}]}\"}",
          "{\"s\":null,\"other\":1}", "{\"s\":\"x\"}", NULL);
}

static void
test_json_converter_refuses_a_decimal_of_another_scale_as_base64(void **state)
{
    kc_converter c;
    kc_value     v = { .kind = KC_VALUE_JSON };
    kc_wbuf      scratch;
    const void  *out;
    size_t       len;
    kc_err       err;

    (void) state;
    assert_int_equal(kc_converter_init(&c, "JsonConverter", NULL, &err), KC_OK);
    v.schema = json_loads(DECIMAL2 "}", 0, NULL);
    v.json = json_string("~2.5");
    kc_wbuf_init(&scratch);
    assert_int_equal(kc_converter_from_connect(&c, &v, &scratch, &out, &len, &err), KC_EINVAL);
    assert_string_equal(err.msg, "BigDecimal has mismatching scale value for given Decimal "
                        "schema");
    kc_wbuf_free(&scratch);
    kc_value_clear(&v);
    kc_converter_free(&c);
}

/* ByteArrayConverter.fromConnectData of values a transformation made: bytes pass, a Decimal
 * (BYTES schema, BigDecimal value) and other types are its DataExceptions. */
static void
test_byte_array_converter_of_connect_values(void **state)
{
    static const struct { const char *schema, *value, *out, *error; } cases[] = {
        { "{\"type\":\"bytes\",\"optional\":false}", "\"AQID\"", "\x01\x02\x03", NULL },
        { DECIMAL2 "}", "\"AJY=\"", NULL, "ByteArrayConverter is not compatible with objects of "
          "type class java.math.BigDecimal" },
        { "{\"type\":\"int32\",\"optional\":false}", "5", NULL, "Invalid schema type for "
          "ByteArrayConverter: INT32" },
        { "null", "\"x\"", NULL, "ByteArrayConverter is not compatible with objects of type "
          "class java.lang.String" },
        { "{\"type\":\"array\",\"items\":null,\"optional\":false}", "[null]", NULL,
          "Invalid schema type for ByteArrayConverter: ARRAY" },
    };
    kc_converter c;
    kc_err       err;
    kc_wbuf      scratch;
    const void  *out;
    size_t       len;

    (void) state;
    assert_int_equal(kc_converter_init(&c, "ByteArrayConverter", NULL, &err), KC_OK);
    kc_wbuf_init(&scratch);
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        kc_value v = { .kind = KC_VALUE_JSON };
        v.schema = json_loads(cases[i].schema, JSON_DECODE_ANY, NULL);
        if (json_is_null(v.schema)) {
            json_decref(v.schema);
            v.schema = NULL;
        }
        v.json = json_loads(cases[i].value, JSON_DECODE_ANY, NULL);
        if (cases[i].error == NULL) {
            assert_int_equal(kc_converter_from_connect(&c, &v, &scratch, &out, &len, &err),
                             KC_OK);
            assert_int_equal(len, strlen(cases[i].out));
            assert_memory_equal(out, cases[i].out, len);
        } else {
            assert_int_equal(kc_converter_from_connect(&c, &v, &scratch, &out, &len, &err),
                             KC_EINVAL);
            assert_string_equal(err.msg, cases[i].error);
        }
        kc_value_clear(&v);
    }
    kc_wbuf_free(&scratch);
    kc_converter_free(&c);
}

static void
test_json_converter_refuses_bad_settings(void **state)
{
    static const char *const cases[][2] = {
        { "{\"decimal.format\":\"TEXT\"}", "Invalid value TEXT for configuration decimal.format: "
          "String must be one of (case insensitive): NUMERIC, BASE64" },
        { "{\"schemas.cache.size\":\"many\"}", "Invalid value many for configuration "
          "schemas.cache.size: Not a number of type INT" },
        { "{\"replace.null.with.default\":\"yes\"}", "Invalid value yes for configuration "
          "replace.null.with.default: Expected value to be either true or false" },
        { "{\"schema.content\":\"{\"}", "Failed to parse schema in converter config due to "
          "serialization error: " },
        { "{\"schema.content\":\"{\\\"type\\\":\\\"nope\\\"}\"}", "Unknown schema type: nope" },
    };
    kc_converter c;
    kc_err       err;

    (void) state;
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        json_t *cfg = json_loads(cases[i][0], 0, NULL);
        assert_int_equal(kc_converter_init(&c, "JsonConverter", cfg, &err), KC_EINVAL);
        assert_string_equal(err.msg, cases[i][1]);
        json_decref(cfg);
    }
}

/* StringConverter with converter.encoding: text -> bytes -> text. */
static void
encodes(const char *encoding, const char *text, const char *bytes, size_t nbytes,
        const char *read_back)
{
    kc_converter c;
    json_t      *cfg = json_pack("{s:s}", "converter.encoding", encoding);
    kc_value     v = { .kind = KC_VALUE_STRING, .ptr = text, .len = strlen(text) }, back;
    kc_wbuf      scratch;
    const void  *out;
    size_t       len;
    kc_err       err;

    assert_int_equal(kc_converter_init(&c, "StringConverter", cfg, &err), KC_OK);
    kc_wbuf_init(&scratch);
    assert_int_equal(kc_converter_from_connect(&c, &v, &scratch, &out, &len, &err), KC_OK);
    assert_int_equal(len, nbytes);
    assert_memory_equal(out, bytes, nbytes);
    assert_int_equal(kc_converter_to_connect(&c, out, len, &back, &err), KC_OK);
    assert_int_equal(back.len, strlen(read_back));
    assert_memory_equal(back.ptr, read_back, back.len);
    kc_value_clear(&back);
    kc_wbuf_free(&scratch);
    kc_converter_free(&c);
    json_decref(cfg);
}

static void
test_string_converter_encodings(void **state)
{
    kc_converter c;
    kc_value     back;
    json_t      *cfg;
    kc_err       err;

    (void) state;
    /* What the charset cannot hold is '?', as String.getBytes writes it. */
    encodes("ISO-8859-1", "\xc3\xa9\xe2\x82\xac", "\xe9?", 2, "\xc3\xa9?");
    encodes("ISO8859_1", "a", "a", 1, "a");
    encodes("US-ASCII", "\xc3\xa9", "?", 1, "?");
    /* Java's UTF-16: a byte order mark, big-endian. */
    encodes("UTF-16", "A", "\xfe\xff\0A", 4, "A");
    encodes("UTF-16LE", "A", "A\0", 2, "A");
    encodes("windows-1252", "\xe2\x82\xac", "\x80", 1, "\xe2\x82\xac");
    /* Read by the mark, big-endian without one. */
    cfg = json_pack("{s:s}", "converter.encoding", "UTF-16");
    assert_int_equal(kc_converter_init(&c, "StringConverter", cfg, &err), KC_OK);
    assert_int_equal(kc_converter_to_connect(&c, "\0A", 2, &back, &err), KC_OK);
    assert_memory_equal(back.ptr, "A", 1);
    kc_value_clear(&back);
    assert_int_equal(kc_converter_to_connect(&c, "\xff\xfe" "A\0", 4, &back, &err), KC_OK);
    assert_int_equal(back.len, 1);
    assert_memory_equal(back.ptr, "A", 1);
    kc_value_clear(&back);
    kc_converter_free(&c);
    json_decref(cfg);
    cfg = json_pack("{s:s}", "converter.encoding", "x-no-such-charset");
    assert_int_equal(kc_converter_init(&c, "StringConverter", cfg, &err), KC_EINVAL);
    assert_string_equal(err.msg, "Unsupported encoding x-no-such-charset");
    json_decref(cfg);
}

/* SimpleHeaderConverter's text of a value a transformation set: Java 17's outcomes
 * (Values.convertToString), TZ as given. */
static void
header_text(const char *schema, const char *value, const char *java)
{
    json_t *s = json_loads(schema, JSON_DECODE_ANY, NULL);
    json_t *v = json_loads(value, JSON_DECODE_ANY, NULL);
    kc_wbuf out;
    bool    is_null;
    kc_err  err;

    kc_wbuf_init(&out);
    if (json_is_null(s)) {
        json_decref(s);
        s = NULL;
    }
    /* Java's maps here are HashMaps filled in the order given: held as they iterate. */
    kc_java_read_maps(v, s);
    assert_int_equal(kc_header_from_connect(true, s, v, &out, &is_null, &err), KC_OK);
    assert_int_equal(out.len, strlen(java));
    assert_memory_equal(out.buf, java, out.len);
    kc_wbuf_free(&out);
    json_decref(s);
    json_decref(v);
}

#define LOGICAL(type, name) "{\"type\":\"" type "\",\"optional\":false,\"name\":" \
                            "\"org.apache.kafka.connect.data." name "\",\"version\":1}"

static void
test_header_text_of_maps_and_logical_types(void **state)
{
    (void) state;
    setenv("TZ", "UTC", 1);
    tzset();
    header_text(DECIMAL2 "}", "\"AJY=\"", "1.50");
    header_text(DECIMAL2 "}", "\"5w==\"", "-0.25");
    header_text(LOGICAL("int32", "Date"), "18262", "2020-01-01");
    header_text(LOGICAL("int32", "Date"), "0", "00:00:00.000Z");   /* below a day: a time */
    header_text(LOGICAL("int32", "Time"), "3723004", "01:02:03.004Z");
    header_text(LOGICAL("int64", "Timestamp"), "1700000000123", "2023-11-14T22:13:20.123Z");
    header_text(LOGICAL("int64", "Timestamp"), "-1000", "23:59:59.000Z");
    header_text("{\"type\":\"map\",\"keys\":{\"type\":\"string\",\"optional\":false},\"values\":"
                "{\"type\":\"int32\",\"optional\":true},\"optional\":false}",
                "{\"b\":2,\"a\":\"x\\\"y\",\"zz\":null,\"Aa\":1,\"BB\":3}",
                "{\"zz\":null,\"Aa\":1,\"BB\":3,\"a\":\"x\\\"y\",\"b\":2}");
    header_text("{\"type\":\"map\",\"keys\":{\"type\":\"int32\",\"optional\":false},\"values\":"
                "{\"type\":\"string\",\"optional\":false},\"optional\":false}",
                "[[17,\"a\"],[1,\"b\"],[33,\"c\"]]", "{17:\"a\",1:\"b\",33:\"c\"}");
    header_text("null", "{\"k\":[1,2]}", "{\"k\":[1,2]}");
    /* Values' list of mixed types: no common schema ("items":null), each as its own type. */
    header_text("{\"type\":\"array\",\"items\":null,\"optional\":false}", "[1,true,2.5]",
                "[1,true,2.5]");
    header_text("{\"type\":\"struct\",\"fields\":[{\"type\":\"int32\",\"optional\":true,"
                "\"default\":7,\"field\":\"n\"}," DECIMAL2 ",\"field\":\"d\"},"
                "{\"type\":\"int64\",\"optional\":false,\"name\":\"org.apache.kafka.connect."
                "data.Timestamp\",\"version\":1,\"field\":\"t\"}],\"optional\":false}",
                "{\"n\":null,\"d\":\"ASw=\",\"t\":1700000000123}",
                "{\"n\":7,\"d\":3.00,\"t\":2023-11-14T22:13:20.123Z}");
    setenv("TZ", "America/New_York", 1);
    tzset();
    header_text(LOGICAL("int32", "Date"), "18262", "2019-12-31");
    header_text(LOGICAL("int64", "Timestamp"), "1700000000123", "2023-11-14T17:13:20.123Z");
    unsetenv("TZ");
    tzset();
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_schemas_java_cannot_build),
        cmocka_unit_test(test_values_java_cannot_read),
        cmocka_unit_test(test_number_converters),
        cmocka_unit_test(test_number_converters_refuse),
        cmocka_unit_test(test_json_converter_settings_when_writing),
        cmocka_unit_test(test_json_converter_settings_when_reading),
        cmocka_unit_test(test_json_converter_refuses_bad_settings),
        cmocka_unit_test(test_byte_array_converter_of_connect_values),
        cmocka_unit_test(test_json_converter_refuses_a_decimal_of_another_scale_as_base64),
        cmocka_unit_test(test_string_converter_encodings),
        cmocka_unit_test(test_header_text_of_maps_and_logical_types),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
