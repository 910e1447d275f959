/*
 * tests/unit/test_transforms.c - the built-in transformations and predicates
 * (transforms/): configuration errors, records changed as Java's connect-transforms changes
 * them (schemas included) and Java's DataException messages, plus Matcher.replaceFirst.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <cmocka.h>

#include "lib/data.h"
#include "lib/java_regex.h"
#include "transforms/builtin.h"
#include "lib/simple_date.h"

#include "tests/unit/transform_helpers.h"

static bool
test_pred(const kc_transform_ops *ops, void *priv, const kc_connect_record *r)
{
    bool match = false;
    char err[512] = "";

    if (ops->test(priv, r, &match, err, sizeof(err)) != KC_PLUGIN_OK)
        fail_msg("test %s: %s", ops->class_name, err);
    return match;
}

/* Asserts j serializes (sorted keys off: member order counts) as text. */
static void
assert_json(const json_t *j, const char *text)
{
    char *s = j != NULL ? json_dumps(j, JSON_COMPACT | JSON_ENCODE_ANY) : strdup("NULL");

    assert_string_equal(s, text);
    free(s);
}

/* ===== Matcher.replaceFirst ===== */

static void
replace(const char *pattern, const char *subject, const char *rep, const char *expected)
{
    kc_regex *re = NULL;
    char      err[256] = "", *out;

    assert_int_equal(kc_regex_compile(pattern, &re, err, sizeof(err)), 0);
    out = kc_regex_replace_first(re, subject, rep, err, sizeof(err));
    if (out == NULL) {
        assert_string_equal(err, expected);
    } else {
        assert_string_equal(out, expected);
        free(out);
    }
    kc_regex_free(re);
}

static void
test_replace_first(void **state)
{
    (void) state;
    /* Expectations are Java 17's Matcher.replaceFirst on the same arguments. */
    replace("a|ab", "ab", "X", "Xb");
    replace("(a)(b)", "ab", "$2$1", "ba");
    replace("(a)(b)", "ab", "$12", "a2");
    replace("(a)(b)", "ab", "$3", "No group 3");
    replace("(a)(b)", "ab", "x$", "Illegal group reference: group index is missing");
    replace("(a)(b)", "ab", "$x", "Illegal group reference");
    replace("(a)(b)", "ab", "x\\", "character to be escaped is missing");
    replace("(a)(b)", "ab", "\\$1\\\\", "$1\\");
    replace("(?<n>a)b", "ab", "${n}!", "a!");
    replace("(?<n>a)b", "ab", "${m}", "No group with name {m}");
    replace("(?<n>a)b", "ab", "${}", "named capturing group has 0 length name");
    replace("(?<n>a)b", "ab", "${n", "named capturing group is missing trailing '}'");
    replace("(?<n>a)b", "ab", "${1n}", "capturing group name {1n} starts with digit character");
    replace("(a)?b", "b", "[$1]", "[]");
    replace("zz", "ab", "q$9", "ab");
    replace("b", "abc", "X", "aXc");
    replace("(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)(k)", "abcdefghijk", "$11-$10-$111", "k-j-k1");
    replace("(a)", "a", "$0$00", "aa");
    /* The anchored matcher is unchanged. */
    kc_regex *re = NULL;
    char      err[256];
    assert_int_equal(kc_regex_compile("b", &re, err, sizeof(err)), 0);
    assert_false(kc_regex_matches(re, "abc"));
    assert_true(kc_regex_matches(re, "b"));
    kc_regex_free(re);
}

/* ===== SimpleDateFormat ===== */

static void
test_simple_date(void **state)
{
    /* Java 17's SimpleDateFormat in UTC on the same patterns and times. */
    static const struct { const char *pattern; int64_t ms; const char *out; } cases[] = {
        { "yyyyMMdd", 0LL, "19700101" },
        { "yyyyMMdd", 1700000000123LL, "20231114" },
        { "yyyyMMdd", -1LL, "19691231" },
        { "yyyyMMdd", -62135596800001LL, "00010102" },
        { "yyyyMMdd", -12219292800001LL, "15821004" },
        { "yyyyMMdd", -12219292800000LL, "15821015" },
        { "yyyyMMdd", 951782400000LL, "20000229" },
        { "yyyyMMdd", 4102444799999LL, "20991231" },
        { "yyyyMMdd", -69120000000000LL, "02220908" },
        { "yy-M-d H:m:s.S", 0LL, "70-1-1 0:0:0.0" },
        { "yy-M-d H:m:s.S", 1700000000123LL, "23-11-14 22:13:20.123" },
        { "yy-M-d H:m:s.S", -1LL, "69-12-31 23:59:59.999" },
        { "yy-M-d H:m:s.S", -62135596800001LL, "01-1-2 23:59:59.999" },
        { "yy-M-d H:m:s.S", -12219292800000LL, "82-10-15 0:0:0.0" },
        { "yy-M-d H:m:s.S", 951782400000LL, "00-2-29 0:0:0.0" },
        { "yy-M-d H:m:s.S", -69120000000000LL, "22-9-8 0:0:0.0" },
        { "yyyy-MM-dd'T'HH:mm:ss.SSSZ", 1700000000123LL, "2023-11-14T22:13:20.123+0000" },
        { "yyyy-MM-dd'T'HH:mm:ss.SSSZ", -62135596800001LL, "0001-01-02T23:59:59.999+0000" },
        { "G yyyyy MMM MMMM EEE EEEE D F u a h K k z zzzz X XXX", 0LL,
          "AD 01970 Jan January Thu Thursday 1 1 4 AM 12 0 24 UTC Coordinated Universal Time Z Z" },
        { "G yyyyy MMM MMMM EEE EEEE D F u a h K k z zzzz X XXX", 1700000000123LL,
          "AD 02023 Nov November Tue Tuesday 318 2 2 PM 10 10 22 UTC Coordinated Universal Time Z Z" },
        { "G yyyyy MMM MMMM EEE EEEE D F u a h K k z zzzz X XXX", -1LL,
          "AD 01969 Dec December Wed Wednesday 365 5 3 PM 11 11 23 UTC Coordinated Universal Time Z Z" },
        { "G yyyyy MMM MMMM EEE EEEE D F u a h K k z zzzz X XXX", -62135596800001LL,
          "AD 00001 Jan January Sun Sunday 2 1 7 PM 11 11 23 UTC Coordinated Universal Time Z Z" },
        { "G yyyyy MMM MMMM EEE EEEE D F u a h K k z zzzz X XXX", -12219292800001LL,
          "AD 01582 Oct October Thu Thursday 277 1 4 PM 11 11 23 UTC Coordinated Universal Time Z Z" },
        { "G yyyyy MMM MMMM EEE EEEE D F u a h K k z zzzz X XXX", -12219292800000LL,
          "AD 01582 Oct October Fri Friday 278 1 5 AM 12 0 24 UTC Coordinated Universal Time Z Z" },
        { "G yyyyy MMM MMMM EEE EEEE D F u a h K k z zzzz X XXX", 951782400000LL,
          "AD 02000 Feb February Tue Tuesday 60 5 2 AM 12 0 24 UTC Coordinated Universal Time Z Z" },
        { "G yyyyy MMM MMMM EEE EEEE D F u a h K k z zzzz X XXX", -69120000000000LL,
          "BC 00222 Sep September Sat Saturday 251 2 6 AM 12 0 24 UTC Coordinated Universal Time Z Z" },
        { "'it''s' ''yyyy''", 0LL, "it's '1970'" },
    };
    kc_sdf *f;
    char    err[256], *s;

    (void) state;
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        assert_int_equal(kc_sdf_compile(cases[i].pattern, &f, err, sizeof(err)), KC_SDF_OK);
        s = kc_sdf_format(f, cases[i].ms);
        assert_string_equal(s, cases[i].out);
        free(s);
        kc_sdf_free(f);
    }
    assert_int_equal(kc_sdf_compile("yyyyQ", &f, err, sizeof(err)), KC_SDF_JAVA_ERROR);
    assert_string_equal(err, "Illegal pattern character 'Q'");
    assert_int_equal(kc_sdf_compile("'abc", &f, err, sizeof(err)), KC_SDF_JAVA_ERROR);
    assert_string_equal(err, "Unterminated quote");
    assert_int_equal(kc_sdf_compile("XXXX", &f, err, sizeof(err)), KC_SDF_JAVA_ERROR);
    assert_string_equal(err, "invalid ISO 8601 format: length=4");
    assert_int_equal(kc_sdf_compile("yyyy-ww", &f, err, sizeof(err)), KC_SDF_UNSUPPORTED);
}

/* ===== Routers ===== */

static void
test_regex_router(void **state)
{
    const kc_transform_ops *ops = &kc_tf_regex_router;
    kc_connect_record      *r;
    void                   *priv;
    json_t                 *def;

    (void) state;
    assert_int_equal(ops->reads, 0);
    def = ops->config_def();
    assert_json(def, "[{\"name\":\"regex\",\"type\":\"STRING\",\"required\":true,\"default_value\""
                ":null,\"importance\":\"HIGH\",\"documentation\":\"Regular expression to use for "
                "matching.\",\"group\":null,\"order_in_group\":-1,\"width\":\"NONE\",\"display_na"
                "me\":\"regex\",\"dependents\":[]},{\"name\":\"replacement\",\"type\":\"STRING\",\""
                "required\":true,\"default_value\":null,\"importance\":\"HIGH\",\"documentation\":"
                "\"Replacement string.\",\"group\":null,\"order_in_group\":-1,\"width\":\"NONE\",\""
                "display_name\":\"replacement\",\"dependents\":[]}]");
    json_decref(def);
    configure_fails(ops, "{\"replacement\":\"x\"}",
                    "Missing required configuration \"regex\" which has no default value.");
    configure_fails(ops, "{\"regex\":\"a\"}",
                    "Missing required configuration \"replacement\" which has no default value.");
    configure_fails(ops, "{\"regex\":\"a(\",\"replacement\":\"x\"}",
                    "Invalid value a( for configuration regex: Invalid regex: missing closing "
                    "parenthesis at offset 2 of \"a(\"");

    priv = configure(ops, "{\"regex\":\"(.*)-(\\\\d+)\",\"replacement\":\"$2.$1\"}");
    r = rec_new("orders-42");
    apply_ok(ops, priv, r);
    assert_string_equal(r->topic, "42.orders");
    kc_crec_set_topic(r, "orders");          /* no whole match: unchanged */
    apply_ok(ops, priv, r);
    assert_string_equal(r->topic, "orders");
    rec_free(r);
    ops->close(priv);

    /* The whole topic must match; then replaceFirst finds the first (shorter) match. */
    priv = configure(ops, "{\"regex\":\"a|ab\",\"replacement\":\"X\"}");
    r = rec_new("ab");
    apply_ok(ops, priv, r);
    assert_string_equal(r->topic, "Xb");
    rec_free(r);
    ops->close(priv);

    priv = configure(ops, "{\"regex\":\"t\",\"replacement\":\"$5\"}");
    r = rec_new("t");
    apply_fails(ops, priv, r, "No group 5");
    rec_free(r);
    ops->close(priv);
}

static void
test_timestamp_router(void **state)
{
    const kc_transform_ops *ops = &kc_tf_timestamp_router;
    kc_connect_record      *r;
    void                   *priv;
    json_t                 *def;

    (void) state;
    def = ops->config_def();
    assert_json(json_array_get(def, 0), "{\"name\":\"topic.format\",\"type\":\"STRING\",\"requi"
                "red\":false,\"default_value\":\"${topic}-${timestamp}\",\"importance\":\"HIGH\",\""
                "documentation\":\"Format string which can contain <code>${topic}</code> and <code>"
                "${timestamp}</code> as placeholders for the topic and timestamp, respectively.\","
                "\"group\":null,\"order_in_group\":-1,\"width\":\"NONE\",\"display_name\":\"topic."
                "format\",\"dependents\":[]}");
    assert_json(json_object_get(json_array_get(def, 1), "default_value"), "\"yyyyMMdd\"");
    json_decref(def);

    priv = configure(ops, "{}");
    r = rec_new("logs");
    apply_fails(ops, priv, r, "Timestamp missing on record: SourceRecord{topic='logs', "
                "kafkaPartition=null, timestamp=null}");
    r->timestamp = 1700000000123LL;
    apply_ok(ops, priv, r);
    assert_string_equal(r->topic, "logs-20231114");
    rec_free(r);
    ops->close(priv);

    priv = configure(ops, "{\"topic.format\":\"${timestamp}_${topic}_${topic}\","
                     "\"timestamp.format\":\"yyyy-MM-dd'T'HH\"}");
    r = rec_new("a$b");
    r->timestamp = 0;
    apply_ok(ops, priv, r);
    assert_string_equal(r->topic, "1970-01-01T00_a$b_a$b");
    rec_free(r);
    ops->close(priv);

    /* Java accepts a bad pattern until the first record. */
    priv = configure(ops, "{\"timestamp.format\":\"yyyyQ\"}");
    r = rec_new("t");
    r->timestamp = 0;
    apply_fails(ops, priv, r, "Illegal pattern character 'Q'");
    rec_free(r);
    ops->close(priv);
    configure_fails(ops, "{\"timestamp.format\":\"YYYY-ww\"}",
                    "Invalid value YYYY-ww for configuration timestamp.format: pattern letter "
                    "'Y' (week-based or standalone field) is not supported");
}

/* ===== Headers ===== */

/* value.literal as InsertHeader inserts it: the header's schema and value. */
static void
literal(const char *lit, const char *schema, const char *value)
{
    const kc_transform_ops *ops = &kc_tf_insert_header;
    json_t                 *c = json_pack("{s:s,s:s}", "header", "h", "value.literal", lit);
    kc_connect_record      *r = rec_new("t");
    void                   *priv = NULL;
    char                    err[512] = "";

    if (ops->configure(ops, c, &priv, err, sizeof(err)) != KC_PLUGIN_OK)
        fail_msg("value.literal [%s]: %s", lit, err);
    json_decref(c);
    apply_ok(ops, priv, r);
    assert_int_equal(r->nheaders, 1);
    assert_string_equal(r->headers[0].key, "h");
    assert_json(r->headers[0].schema, schema);
    if (json_is_real(r->headers[0].value)) {
        char buf[64];
        snprintf(buf, sizeof(buf), "%.9g", json_real_value(r->headers[0].value));
        assert_string_equal(buf, value);
    } else {
        assert_json(r->headers[0].value, value);
    }
    rec_free(r);
    ops->close(priv);
}

static void
literal_refused(const char *lit, const char *message)
{
    json_t *c = json_pack("{s:s,s:s}", "header", "h", "value.literal", lit);
    void   *priv = NULL;
    char    err[512] = "";

    assert_int_equal(kc_tf_insert_header.configure(&kc_tf_insert_header, c, &priv, err,
                                                   sizeof(err)), KC_PLUGIN_FATAL);
    assert_string_equal(err, message);
    json_decref(c);
}

#define INT8_SCHEMA   "{\"type\":\"int8\",\"optional\":false}"
#define INT16_SCHEMA  "{\"type\":\"int16\",\"optional\":false}"
#define INT32_SCHEMA  "{\"type\":\"int32\",\"optional\":false}"
#define INT64_SCHEMA  "{\"type\":\"int64\",\"optional\":false}"
#define FLOAT_SCHEMA  "{\"type\":\"float\",\"optional\":false}"
#define DOUBLE_SCHEMA "{\"type\":\"double\",\"optional\":false}"
#define STRING_SCHEMA "{\"type\":\"string\",\"optional\":false}"
#define BOOL_SCHEMA   "{\"type\":\"boolean\",\"optional\":false}"

static void
test_insert_header(void **state)
{
    const kc_transform_ops *ops = &kc_tf_insert_header;
    kc_connect_record      *r;
    void                   *priv;
    char                   *zone;

    (void) state;
    configure_fails(ops, "{\"header\":\"h\"}", "Missing required configuration "
                    "\"value.literal\" which has no default value.");
    /* Values.parseString as Java 17 runs it on each literal. */
    literal("12,34", INT8_SCHEMA, "12");
    literal("5.", INT8_SCHEMA, "5");
    literal("1e3", INT16_SCHEMA, "1000");
    literal("0.0", INT8_SCHEMA, "0");
    literal("-0", INT8_SCHEMA, "0");
    literal("1e19", FLOAT_SCHEMA, "1e+19");
    literal("1e-50", FLOAT_SCHEMA, "0");
    literal("3.14159265358979", FLOAT_SCHEMA, "3.1415927");
    literal("1e39", DOUBLE_SCHEMA, "1e+39");
    literal("1700000000", INT32_SCHEMA, "1700000000");
    literal("1234567890123", INT64_SCHEMA, "1234567890123");
    literal("null", "NULL", "null");
    literal(" null", "NULL", "null");
    literal("null,1", STRING_SCHEMA, "\"null,1\"");
    literal("true", BOOL_SCHEMA, "true");
    literal("false", BOOL_SCHEMA, "false");
    literal("TRUE", STRING_SCHEMA, "\"TRUE\"");
    literal("true}", STRING_SCHEMA, "\"true}\"");
    literal("12\\,34", STRING_SCHEMA, "\"12\\\\,34\"");
    literal("+5", INT8_SCHEMA, "5");
    literal("-", STRING_SCHEMA, "\"-\"");
    literal(".5", STRING_SCHEMA, "\".5\"");
    literal("1.5", FLOAT_SCHEMA, "1.5");
    literal("-1.5", FLOAT_SCHEMA, "-1.5");
    literal("x", STRING_SCHEMA, "\"x\"");
    literal("\"abc\"", STRING_SCHEMA, "\"\\\"abc\\\"\"");
    literal("9223372036854775807", INT64_SCHEMA, "9223372036854775807");
    literal("-9223372036854775808", INT64_SCHEMA, "-9223372036854775808");
    literal("128", INT16_SCHEMA, "128");
    literal("-129", INT16_SCHEMA, "-129");
    literal("32768", INT32_SCHEMA, "32768");
    literal("1E+2", INT8_SCHEMA, "100");
    literal("1e2.5", STRING_SCHEMA, "\"1e2.5\"");
    literal("0x10", STRING_SCHEMA, "\"0x10\"");
    literal("12:30", INT8_SCHEMA, "12");
    literal("2024-01-01x", STRING_SCHEMA, "\"2024-01-01x\"");
    literal("5 ,x", INT8_SCHEMA, "5");
    literal("1:2:3:4:5", INT8_SCHEMA, "1");
    literal("", STRING_SCHEMA, "\"\"");
    literal("  ", STRING_SCHEMA, "\"\"");
    literal("h\xc3\xa9llo", STRING_SCHEMA, "\"h\xc3\xa9llo\"");
    /* Arrays, maps, dates, times, timestamps and Decimals, as Java reads them in UTC (Values
     * reads dates in the JVM's zone: here this process's). */
    zone = getenv("TZ") != NULL ? strdup(getenv("TZ")) : NULL;
    setenv("TZ", "UTC", 1);
    tzset();
    literal("[1,2]", "{\"type\":\"array\",\"items\":" INT8_SCHEMA ",\"optional\":false}",
            "[1,2]");
    literal("{a:1}", STRING_SCHEMA, "\"{a:1}\"");
    literal("{\"a\":1}", "{\"type\":\"map\",\"keys\":" STRING_SCHEMA ",\"values\":"
            INT8_SCHEMA ",\"optional\":false}", "{\"a\":1}");
    literal("2024-01-01", "{\"type\":\"int32\",\"optional\":false,\"name\":"
            "\"org.apache.kafka.connect.data.Date\",\"version\":1}", "19723");
    literal("12:30:00.000Z", "{\"type\":\"int32\",\"optional\":false,\"name\":"
            "\"org.apache.kafka.connect.data.Time\",\"version\":1}", "45000000");
    literal("2024-01-01T12:30:00.000Z", "{\"type\":\"int64\",\"optional\":false,\"name\":"
            "\"org.apache.kafka.connect.data.Timestamp\",\"version\":1}", "1704112200000");
    literal("10000000000000000000", "{\"type\":\"bytes\",\"optional\":false,\"name\":"
            "\"org.apache.kafka.connect.data.Decimal\",\"version\":1,\"parameters\":"
            "{\"scale\":\"0\"}}", "\"AIrHIwSJ6AAA\"");
    literal("\xd9\xa1\xd9\xa2", INT8_SCHEMA, "12");
    /* No common schema: JsonConverter's "items":null, a missing member for the header
     * converters. */
    literal("[1,\"a\"]", "{\"type\":\"array\",\"optional\":false}", "[1,\"a\"]");
    literal("{}", "{\"type\":\"map\",\"optional\":false}", "{}");
    /* What Java builds but lib/data.h cannot hold. */
    literal_refused("[1,\"2020-01-01\",true]", "Invalid value [1,\"2020-01-01\",true] for "
                    "configuration value.literal: Java would read [1,\"2020-01-01\",true] as an "
                    "array or map holding a date, a time or a Decimal where no schema says so, "
                    "which is not supported");
    if (zone != NULL)
        setenv("TZ", zone, 1);
    else
        unsetenv("TZ");
    tzset();
    free(zone);

    /* Appended after the headers already there, even one of the same name. */
    priv = configure(ops, "{\"header\":\"h\",\"value.literal\":\"v\"}");
    r = rec_new("t");
    kc_crec_header_add(r, "h", NULL, json_string("old"));
    apply_ok(ops, priv, r);
    assert_int_equal(r->nheaders, 2);
    assert_json(r->headers[0].value, "\"old\"");
    assert_json(r->headers[1].value, "\"v\"");
    rec_free(r);
    ops->close(priv);
}

static void
test_drop_headers(void **state)
{
    const kc_transform_ops *ops = &kc_tf_drop_headers;
    kc_connect_record      *r;
    void                   *priv;
    json_t                 *def;

    (void) state;
    def = ops->config_def();
    assert_json(def, "[{\"name\":\"headers\",\"type\":\"LIST\",\"required\":true,\"default_value"
                "\":null,\"importance\":\"HIGH\",\"documentation\":\"The name of the headers to be "
                "removed.\",\"group\":null,\"order_in_group\":-1,\"width\":\"NONE\",\"display_nam"
                "e\":\"headers\",\"dependents\":[]}]");
    json_decref(def);
    configure_fails(ops, "{\"headers\":\"\"}", "Configuration 'headers' must not be empty. "
                    "Valid values include: any non-empty value");
    configure_fails(ops, "{\"headers\":\"a,,b\"}", "Configuration 'headers' values must not be "
                    "empty.");
    priv = configure(ops, "{\"headers\":\"a, c,a\"}");
    r = rec_new("t");
    kc_crec_header_add(r, "a", NULL, json_string("1"));
    kc_crec_header_add(r, "b", NULL, json_string("2"));
    kc_crec_header_add(r, "a", NULL, json_string("3"));
    kc_crec_header_add(r, "c", NULL, NULL);
    kc_crec_header_add(r, "d", kc_schema_primitive("int8", false), json_integer(4));
    apply_ok(ops, priv, r);
    assert_int_equal(r->nheaders, 2);
    assert_string_equal(r->headers[0].key, "b");
    assert_string_equal(r->headers[1].key, "d");
    rec_free(r);
    ops->close(priv);
}

/* ===== Filter and predicates ===== */

static void
test_filter_and_predicates(void **state)
{
    kc_connect_record *r = rec_new("orders.eu");
    kc_value           raw = { .kind = KC_VALUE_BYTES, .ptr = "x", .len = 1 };
    void              *priv;
    bool               drop = false;
    char               err[256];
    json_t            *def;

    (void) state;
    /* Filter drops everything it is given. */
    priv = configure(&kc_tf_filter, "{}");
    assert_int_equal(kc_tf_filter.apply(priv, r, &drop, err, sizeof(err)), KC_PLUGIN_OK);
    assert_true(drop);
    kc_tf_filter.close(priv);
    def = kc_tf_filter.config_def();
    assert_json(def, "[]");
    json_decref(def);

    /* TopicNameMatches: a whole-name match. */
    configure_fails(&kc_tf_topic_name_matches, "{}",
                    "Missing required configuration \"pattern\" which has no default value.");
    configure_fails(&kc_tf_topic_name_matches, "{\"pattern\":\"  \"}",
                    "Invalid value  for configuration pattern: String must be non-empty");
    configure_fails(&kc_tf_topic_name_matches, "{\"pattern\":\"a(\"}",
                    "Invalid value a( for configuration pattern: Invalid regex: missing closing "
                    "parenthesis at offset 2 of \"a(\"");
    priv = configure(&kc_tf_topic_name_matches, "{\"pattern\":\"orders\\\\..*\"}");
    assert_true(test_pred(&kc_tf_topic_name_matches, priv, r));
    kc_crec_set_topic(r, "xorders.eu");
    assert_false(test_pred(&kc_tf_topic_name_matches, priv, r));
    kc_tf_topic_name_matches.close(priv);
    def = kc_tf_topic_name_matches.config_def();
    assert_json(json_object_get(json_array_get(def, 0), "importance"), "\"MEDIUM\"");
    json_decref(def);

    /* HasHeaderKey */
    configure_fails(&kc_tf_has_header_key, "{\"name\":\"\"}",
                    "Invalid value  for configuration name: String must be non-empty");
    priv = configure(&kc_tf_has_header_key, "{\"name\":\"trace\"}");
    assert_false(test_pred(&kc_tf_has_header_key, priv, r));
    kc_crec_header_add(r, "trace", NULL, NULL);
    assert_true(test_pred(&kc_tf_has_header_key, priv, r));
    kc_tf_has_header_key.close(priv);

    /* RecordIsTombstone: undecoded values too. */
    priv = configure(&kc_tf_record_is_tombstone, "{}");
    assert_int_equal(kc_tf_record_is_tombstone.reads, 0);
    assert_true(test_pred(&kc_tf_record_is_tombstone, priv, r));
    r->value.raw = &raw;
    assert_false(test_pred(&kc_tf_record_is_tombstone, priv, r));
    r->value.raw = NULL;
    kc_crec_set(&r->value, NULL, json_string("v"));
    assert_false(test_pred(&kc_tf_record_is_tombstone, priv, r));
    kc_crec_set(&r->value, NULL, NULL);
    assert_true(test_pred(&kc_tf_record_is_tombstone, priv, r));
    kc_tf_record_is_tombstone.close(priv);
    rec_free(r);
}

/* ===== Field transformations ===== */

#define PERSON_SCHEMA \
    "{\"type\":\"struct\",\"fields\":[{\"type\":\"string\",\"optional\":false,\"field\":\"name\"}," \
    "{\"type\":\"int32\",\"optional\":true,\"default\":7,\"field\":\"age\"}," \
    "{\"type\":\"struct\",\"fields\":[{\"type\":\"string\",\"optional\":true,\"field\":\"city\"}]," \
    "\"optional\":true,\"field\":\"addr\"}],\"optional\":false,\"name\":\"Person\",\"version\":2}"

static void
test_hoist_field(void **state)
{
    kc_connect_record *r = rec_new("t");
    void              *priv;

    (void) state;
    assert_int_equal(kc_tf_hoist_field_key.reads, KC_READS_KEY);
    assert_int_equal(kc_tf_hoist_field_value.reads, KC_READS_VALUE);
    configure_fails(&kc_tf_hoist_field_value, "{}",
                    "Missing required configuration \"field\" which has no default value.");
    priv = configure(&kc_tf_hoist_field_value, "{\"field\":\"line\"}");
    kc_crec_set(&r->value, kc_schema_primitive("string", false), json_string("hello"));
    apply_ok(&kc_tf_hoist_field_value, priv, r);
    assert_json(r->value.schema, "{\"type\":\"struct\",\"fields\":[{\"type\":\"string\",\"optio"
                "nal\":false,\"field\":\"line\"}],\"optional\":false}");
    assert_json(r->value.json, "{\"line\":\"hello\"}");
    kc_crec_set(&r->value, NULL, json_integer(5));
    apply_ok(&kc_tf_hoist_field_value, priv, r);
    assert_null(r->value.schema);
    assert_json(r->value.json, "{\"line\":5}");
    kc_crec_set(&r->value, kc_schema_primitive("string", false), NULL);
    apply_fails(&kc_tf_hoist_field_value, priv, r, "Invalid value: null used for required "
                "field: \"line\", schema type: STRING");
    kc_tf_hoist_field_value.close(priv);

    priv = configure(&kc_tf_hoist_field_key, "{\"field\":\"k\"}");
    kc_crec_set(&r->key, NULL, NULL);
    apply_ok(&kc_tf_hoist_field_key, priv, r);
    assert_json(r->key.json, "{\"k\":null}");
    kc_tf_hoist_field_key.close(priv);
    rec_free(r);
}

static void
test_extract_field(void **state)
{
    const kc_transform_ops *ops = &kc_tf_extract_field_value;
    kc_connect_record      *r = rec_new("t");
    void                   *priv;
    json_t                 *def;

    (void) state;
    def = ops->config_def();
    assert_int_equal(json_array_size(def), 3);
    assert_json(json_object_get(json_array_get(def, 1), "default_value"), "\"true\"");
    assert_json(json_object_get(json_array_get(def, 2), "name"), "\"field.syntax.version\"");
    json_decref(def);
    configure_fails(ops, "{\"field\":\"a\",\"field.syntax.version\":\"v3\"}",
                    "Invalid value v3 for configuration field.syntax.version: String must be one "
                    "of (case insensitive): V1, V2");
    configure_fails(ops, "{\"field\":\"`a\",\"field.syntax.version\":\"v2\"}",
                    "Incomplete backtick pair in path: [`a], consider adding a backslash before "
                    "backtick at position 0 to escape it");
    configure_fails(ops, "{\"field\":\"a\",\"replace.null.with.default\":\"maybe\"}",
                    "Invalid value maybe for configuration replace.null.with.default: Expected "
                    "value to be either true or false");

    priv = configure(ops, "{\"field\":\"age\"}");
    kc_crec_set(&r->value, js(PERSON_SCHEMA), js("{\"name\":\"ann\",\"age\":null,\"addr\":null}"));
    apply_ok(ops, priv, r);
    assert_json(r->value.schema, "{\"type\":\"int32\",\"optional\":true,\"default\":7}");
    assert_json(r->value.json, "7");
    kc_crec_set(&r->value, js(PERSON_SCHEMA), NULL);
    apply_ok(ops, priv, r);
    assert_json(r->value.json, "null");
    kc_crec_set(&r->value, kc_schema_primitive("string", false), json_string("x"));
    apply_fails(ops, priv, r, "Only Struct objects supported for [field extraction], found: "
                "java.lang.String");
    kc_crec_set(&r->value, NULL, json_string("x"));
    apply_fails(ops, priv, r, "Only Map objects supported in absence of schema for [field "
                "extraction], found: java.lang.String");
    kc_crec_set(&r->value, NULL, js("{\"age\":3,\"b\":1}"));
    apply_ok(ops, priv, r);
    assert_null(r->value.schema);
    assert_json(r->value.json, "3");
    kc_crec_set(&r->value, NULL, js("{\"b\":1}"));
    apply_ok(ops, priv, r);
    assert_json(r->value.json, "null");
    ops->close(priv);

    priv = configure(ops, "{\"field\":\"age\",\"replace.null.with.default\":\"false\"}");
    kc_crec_set(&r->value, js(PERSON_SCHEMA), js("{\"name\":\"ann\",\"age\":null,\"addr\":null}"));
    apply_ok(ops, priv, r);
    assert_json(r->value.json, "null");
    ops->close(priv);

    priv = configure(ops, "{\"field\":\"nope\"}");
    kc_crec_set(&r->value, js(PERSON_SCHEMA), js("{\"name\":\"ann\",\"age\":1,\"addr\":null}"));
    apply_fails(ops, priv, r, "Unknown field: nope");
    ops->close(priv);

    /* V2: nested paths, in structs and maps. */
    priv = configure(ops, "{\"field\":\"addr.city\",\"field.syntax.version\":\"v2\"}");
    kc_crec_set(&r->value, js(PERSON_SCHEMA),
                js("{\"name\":\"ann\",\"age\":1,\"addr\":{\"city\":\"Oslo\"}}"));
    apply_ok(ops, priv, r);
    assert_json(r->value.schema, "{\"type\":\"string\",\"optional\":true}");
    assert_json(r->value.json, "\"Oslo\"");
    kc_crec_set(&r->value, js(PERSON_SCHEMA), js("{\"name\":\"ann\",\"age\":1,\"addr\":null}"));
    apply_ok(ops, priv, r);
    assert_json(r->value.json, "null");
    kc_crec_set(&r->value, NULL, js("{\"addr\":{\"city\":\"Rome\"}}"));
    apply_ok(ops, priv, r);
    assert_json(r->value.json, "\"Rome\"");
    kc_crec_set(&r->value, NULL, js("{\"addr\":\"x\"}"));
    apply_fails(ops, priv, r, "Only Map objects supported in absence of schema for [nested "
                "field access], found: java.lang.String");
    ops->close(priv);

    priv = configure(ops, "{\"field\":\"`a.b`.c\",\"field.syntax.version\":\"V2\"}");
    kc_crec_set(&r->value, NULL, js("{\"a.b\":{\"c\":1},\"a\":{\"b\":{\"c\":2}}}"));
    apply_ok(ops, priv, r);
    assert_json(r->value.json, "1");
    ops->close(priv);

    priv = configure(&kc_tf_extract_field_key, "{\"field\":\"id\"}");
    kc_crec_set(&r->key, NULL, js("{\"id\":42}"));
    apply_ok(&kc_tf_extract_field_key, priv, r);
    assert_json(r->key.json, "42");
    kc_tf_extract_field_key.close(priv);
    rec_free(r);
}

static void
test_value_to_key(void **state)
{
    const kc_transform_ops *ops = &kc_tf_value_to_key;
    kc_connect_record      *r = rec_new("t");
    void                   *priv;

    (void) state;
    assert_int_equal(ops->reads, KC_READS_VALUE);
    configure_fails(ops, "{\"fields\":\"\"}", "Configuration 'fields' must not be empty. Valid "
                    "values include: any non-empty value");
    priv = configure(ops, "{\"fields\":\"age,name\"}");
    kc_crec_set(&r->value, js(PERSON_SCHEMA), js("{\"name\":\"ann\",\"age\":null,\"addr\":null}"));
    apply_ok(ops, priv, r);
    assert_json(r->key.schema, "{\"type\":\"struct\",\"fields\":[{\"type\":\"int32\",\"optional"
                "\":true,\"default\":7,\"field\":\"age\"},{\"type\":\"string\",\"optional\":false,"
                "\"field\":\"name\"}],\"optional\":false}");
    assert_json(r->key.json, "{\"age\":7,\"name\":\"ann\"}");
    kc_crec_set(&r->value, NULL, js("{\"name\":\"bo\"}"));
    apply_ok(ops, priv, r);
    assert_null(r->key.schema);
    assert_json(r->key.json, "{\"name\":\"bo\",\"age\":null}");   /* HashMap order */
    kc_crec_set(&r->value, NULL, NULL);
    apply_fails(ops, priv, r, "Only Map objects supported in absence of schema for [copying "
                "fields from value to key], found: null");
    ops->close(priv);

    priv = configure(ops, "{\"fields\":\"zip\"}");
    kc_crec_set(&r->value, js(PERSON_SCHEMA), js("{\"name\":\"ann\",\"age\":1,\"addr\":null}"));
    apply_fails(ops, priv, r, "Field does not exist: zip");
    ops->close(priv);
    rec_free(r);
}

static void
test_insert_field(void **state)
{
    const kc_transform_ops *ops = &kc_tf_insert_field_value;
    kc_connect_record      *r = rec_new("orders");
    void                   *priv;
    json_t                 *def;

    (void) state;
    def = ops->config_def();
    assert_json(json_object_get(json_array_get(def, 2), "documentation"), "\"Field name for "
                "Kafka offset - only applicable to sink connectors.<br/>Suffix with <code>!</code>"
                " to make this a required field, or <code>?</code> to keep it optional (the "
                "default).\"");
    json_decref(def);
    configure_fails(ops, "{}", "No field insertion configured");
    configure_fails(ops, "{\"static.field\":\"s\"}", "Invalid value null for configuration "
                    "static.value: No value specified for static field: s");

    priv = configure(ops, "{\"topic.field\":\"topic!\",\"partition.field\":\"p\","
                     "\"timestamp.field\":\"ts\",\"static.field\":\"src?\","
                     "\"static.value\":\"db1\"}");
    r->timestamp = 1000;
    kc_crec_set(&r->value, js(PERSON_SCHEMA), js("{\"name\":\"ann\",\"age\":null,\"addr\":null}"));
    apply_ok(ops, priv, r);
    assert_json(r->value.schema, "{\"type\":\"struct\",\"fields\":["
                "{\"type\":\"string\",\"optional\":false,\"field\":\"name\"},"
                "{\"type\":\"int32\",\"optional\":true,\"default\":7,\"field\":\"age\"},"
                "{\"type\":\"struct\",\"fields\":[{\"type\":\"string\",\"optional\":true,\"field\":"
                "\"city\"}],\"optional\":true,\"field\":\"addr\"},"
                "{\"type\":\"string\",\"optional\":false,\"field\":\"topic\"},"
                "{\"type\":\"int32\",\"optional\":true,\"field\":\"p\"},"
                "{\"type\":\"int64\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data."
                "Timestamp\",\"version\":1,\"field\":\"ts\"},"
                "{\"type\":\"string\",\"optional\":true,\"field\":\"src\"}],"
                "\"optional\":false,\"name\":\"Person\",\"version\":2}");
    assert_json(r->value.json, "{\"name\":\"ann\",\"age\":7,\"addr\":null,\"topic\":\"orders\","
                "\"p\":null,\"ts\":1000,\"src\":\"db1\"}");
    kc_crec_set(&r->value, NULL, js("{\"a\":1}"));
    r->partition = 3;
    apply_ok(ops, priv, r);
    assert_json(r->value.json, "{\"p\":3,\"a\":1,\"topic\":\"orders\",\"src\":\"db1\","
                "\"ts\":1000}");                       /* HashMap order */
    kc_crec_set(&r->value, NULL, NULL);             /* null passes through */
    apply_ok(ops, priv, r);
    assert_json(r->value.json, "null");
    kc_crec_set(&r->value, NULL, json_integer(1));
    apply_fails(ops, priv, r, "Only Map objects supported in absence of schema for [field "
                "insertion], found: java.lang.Long");
    ops->close(priv);

    priv = configure(ops, "{\"offset.field\":\"off\"}");
    kc_crec_set(&r->value, NULL, js("{}"));
    apply_fails(ops, priv, r, "Only SinkRecord supported for [field insertion], found: "
                "org.apache.kafka.connect.source.SourceRecord");
    r->sink = true;
    r->offset = 99;
    apply_ok(ops, priv, r);
    assert_json(r->value.json, "{\"off\":99}");
    ops->close(priv);

    priv = configure(ops, "{\"topic.field\":\"name\"}");
    kc_crec_set(&r->value, js(PERSON_SCHEMA), js("{\"name\":\"ann\",\"age\":1,\"addr\":null}"));
    apply_fails(ops, priv, r, "Cannot create field because of field name duplication name");
    ops->close(priv);
    rec_free(r);
}

static void
test_builtin_list(void **state)
{
    size_t n = 0;

    (void) state;
    for (const kc_transform_ops *const *p = kc_builtin_transforms; *p != NULL; p++, n++) {
        json_t *def = (*p)->config_def();
        assert_int_equal((*p)->abi, KC_TRANSFORM_ABI);
        assert_string_equal((*p)->version, "4.3.1");
        assert_true(json_is_array(def));
        assert_true((*p)->kind == KC_PREDICATE ? (*p)->test != NULL : (*p)->apply != NULL);
        json_decref(def);
    }
    assert_int_equal(n, 29);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_replace_first),
        cmocka_unit_test(test_simple_date),
        cmocka_unit_test(test_regex_router),
        cmocka_unit_test(test_timestamp_router),
        cmocka_unit_test(test_insert_header),
        cmocka_unit_test(test_drop_headers),
        cmocka_unit_test(test_filter_and_predicates),
        cmocka_unit_test(test_hoist_field),
        cmocka_unit_test(test_extract_field),
        cmocka_unit_test(test_value_to_key),
        cmocka_unit_test(test_insert_field),
        cmocka_unit_test(test_builtin_list),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
