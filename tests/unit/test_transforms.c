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
#include <cmocka.h>

#include "lib/data.h"
#include "lib/java_regex.h"
#include "transforms/builtin.h"
#include "transforms/simple_date.h"

/* ===== Helpers ===== */

static kc_connect_record *
rec_new(const char *topic)
{
    kc_connect_record *r = calloc(1, sizeof(*r));

    kc_crec_set_topic(r, topic);
    r->partition = -1;
    r->timestamp = -1;
    return r;
}

static void
rec_free(kc_connect_record *r)
{
    free(r->topic);
    json_decref(r->key.schema);
    json_decref(r->key.json);
    json_decref(r->value.schema);
    json_decref(r->value.json);
    while (r->nheaders > 0)
        kc_crec_header_remove(r, r->nheaders - 1);
    free(r->headers);
    free(r);
}

static json_t *
js(const char *text)
{
    json_error_t e;
    json_t      *j = json_loads(text, JSON_DECODE_ANY, &e);

    if (j == NULL)
        fail_msg("bad JSON in test: %s: %s", text, e.text);
    return j;
}

/* Configures ops with the JSON config text; fails the test on an error. */
static void *
configure(const kc_transform_ops *ops, const char *config)
{
    json_t *c = js(config);
    void   *priv = NULL;
    char    err[512] = "";

    if (ops->configure(ops, c, &priv, err, sizeof(err)) != KC_PLUGIN_OK)
        fail_msg("configure %s: %s", ops->class_name, err);
    json_decref(c);
    return priv;
}

static void
configure_fails(const kc_transform_ops *ops, const char *config, const char *message)
{
    json_t *c = js(config);
    void   *priv = NULL;
    char    err[512] = "";

    assert_int_equal(ops->configure(ops, c, &priv, err, sizeof(err)), KC_PLUGIN_FATAL);
    assert_string_equal(err, message);
    json_decref(c);
}

static void
apply_ok(const kc_transform_ops *ops, void *priv, kc_connect_record *r)
{
    bool drop = true;
    char err[512] = "";

    if (ops->apply(priv, r, &drop, err, sizeof(err)) != KC_PLUGIN_OK)
        fail_msg("apply %s: %s", ops->class_name, err);
    assert_false(drop);
}

static void
apply_fails(const kc_transform_ops *ops, void *priv, kc_connect_record *r, const char *message)
{
    bool drop = false;
    char err[512] = "";

    assert_int_equal(ops->apply(priv, r, &drop, err, sizeof(err)), KC_PLUGIN_FATAL);
    assert_string_equal(err, message);
}

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

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_replace_first),
        cmocka_unit_test(test_simple_date),
        cmocka_unit_test(test_regex_router),
        cmocka_unit_test(test_timestamp_router),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
