/*
 * tests/unit/test_java_regex.c - MirrorMaker 2's regex list filters against Java: each row's
 * expected result was printed by Kafka 4.3.1 (ConfigDef LIST parsing, then
 * MirrorUtils.compilePatternList and Matcher.matches) for the same list and name; -1 means
 * Java refuses the list (its message in the comment).
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "lib/java_regex.h"

static const struct {
    const char *list, *subject;
    int         java;        /* 1 matches, 0 does not, -1 the list does not compile */
} rows[] = {
    { ".*[\\-\\.]internal, .*\\.replica, __.*", "a.internal", 1 },
    { ".*[\\-\\.]internal, .*\\.replica, __.*", "a-internal", 1 },
    { ".*[\\-\\.]internal, .*\\.replica, __.*", "ainternal", 0 },
    { ".*[\\-\\.]internal, .*\\.replica, __.*", "x.replica", 1 },
    { ".*[\\-\\.]internal, .*\\.replica, __.*", "xreplica", 0 },
    { ".*[\\-\\.]internal, .*\\.replica, __.*", "__consumer_offsets", 1 },
    { ".*[\\-\\.]internal, .*\\.replica, __.*", "_x", 0 },
    { ".*[\\-\\.]internal, .*\\.replica, __.*", "orders", 0 },
    { ".*[\\-\\.]internal, .*\\.replica, __.*", "mm2-offsets.A.internal", 1 },
    { ".*[\\-\\.]internal, .*\\.replica, __.*", ".internal", 1 },
    { "console-consumer-.*, connect-.*, __.*", "console-consumer-123", 1 },
    { "console-consumer-.*, connect-.*, __.*", "connect-mm2", 1 },
    { "console-consumer-.*, connect-.*, __.*", "connect", 0 },
    { "console-consumer-.*, connect-.*, __.*", "my-group", 0 },
    { "console-consumer-.*, connect-.*, __.*", "__x", 1 },
    { "console-consumer-.*, connect-.*, __.*", "console-consumer-", 1 },
    { ".*[-.]internal, .*.replica, __.*", "a.internal", 1 },
    { ".*[-.]internal, .*.replica, __.*", "a-internal", 1 },
    { ".*[-.]internal, .*.replica, __.*", "axreplica", 1 },
    { ".*", "", 1 },
    { ".*", "anything", 1 },
    { ".*", "a\x0a""b", 0 },
    { ".*", "a\x0d""b", 0 },
    { "a,ab", "a", 1 },
    { "a,ab", "ab", 1 },
    { "a,ab", "abc", 0 },
    { "a,ab", "b", 0 },
    { "ab,a", "a", 1 },
    { "ab,a", "ab", 1 },
    { "", "", 0 },
    { "", "a", 0 },
    { "   ", "", 0 },
    { "   ", "a", 0 },
    { "a,", "a", 1 },
    { "a,", "", 1 },
    { "a,", "b", 0 },
    { ",a", "a", 1 },
    { ",a", "", 1 },
    { ",a", "b", 0 },
    { " a , b ,c", "a", 1 },
    { " a , b ,c", "b", 1 },
    { " a , b ,c", "c", 1 },
    { " a , b ,c", " a", 0 },
    { " a , b ,c", "a ", 0 },
    { "a{1,3}", "a", -1 }, /* Java: Unclosed counted closure */
    { "a{1,3}", "aa", -1 }, /* Java: Unclosed counted closure */
    { "a{1,3}", "a{1", -1 }, /* Java: Unclosed counted closure */
    { "a{1,3}", "3}", -1 }, /* Java: Unclosed counted closure */
    { "a{1,3}", "aaa", -1 }, /* Java: Unclosed counted closure */
    { "topic1,topic2", "topic1", 1 },
    { "topic1,topic2", "topic2", 1 },
    { "topic1,topic2", "topic12", 0 },
    { "topic1,topic2", "topic", 0 },
    { "a*+a", "aaa", 0 },
    { "a*+a", "", 0 },
    { "(?>a|ab)c", "abc", 0 },
    { "(?>a|ab)c", "ac", 1 },
    { "\\Qa.b\\E", "a.b", 1 },
    { "\\Qa.b\\E", "axb", 0 },
    { "[\\Q]\\E]", "]", 1 },
    { "\\p{Lower}+", "abc", 1 },
    { "\\p{Lower}+", "aBc", 0 },
    { "\\p{Lower}+", "\xc3""\xa9""", 0 },
    { "\\P{Lower}+", "ABC", 1 },
    { "\\P{Lower}+", "aBC", 0 },
    { "[\\p{Upper}\\d]+", "AB12", 1 },
    { "[\\p{Upper}\\d]+", "ab", 0 },
    { "\\p{Alpha}\\p{Digit}\\p{Punct}", "a1!", 1 },
    { "\\p{Alpha}\\p{Digit}\\p{Punct}", "a1a", 0 },
    { "\\p{IsLatin}+", "abc\xc3""\xa9""", 1 },
    { "\\p{IsLatin}+", "\xce""\xb1""", 0 },
    { "\\p{L}+", "abc\xc3""\xa9""\xce""\xb1""", 1 },
    { "\\p{L}+", "a1", 0 },
    { "\\u0041\\u00e9", "A\xc3""\xa9""", 1 },
    { "\\u0041\\u00e9", "Ae", 0 },
    { "\\uD83D\\uDE00", "\xf0""\x9f""\x98""\x80""", 1 },
    { ".", "\xc3""\xa9""", 1 },
    { ".", "\xf0""\x9f""\x98""\x80""", 1 },
    { ".", "ab", 0 },
    { "(?i)abc", "ABC", 1 },
    { "(?i)abc", "aBc", 1 },
    { "\\w+", "abc_1", 1 },
    { "\\w+", "\xc3""\xa9""", 0 },
    { "\\d+", "123", 1 },
    { "\\d+", "\xd9""\xa3""", 0 },
    { "a$", "a", 1 },
    { "a$", "a\x0a""", 0 },
    { "[^a]", "b", 1 },
    { "[^a]", "a", 0 },
    { "[^a]", "\x0a""", 1 },
    { "[]a]", "]", 1 },
    { "[]a]", "a", 1 },
    { "(a", "a", -1 }, /* Java: Unclosed group */
    { "a(,)b", "a", 0 },
    { "a(,)b", "b", 0 },
    { "a(,)b", "ab", 1 },
    { "[a,b]", "a", 1 },
    { "[a,b]", "b", 1 },
    { "[a,b]", ",", 0 },
    { "a[", "a", -1 }, /* Java: Unclosed character class */
    { "x{2}y", "xxy", 1 },
    { "\\x{41}", "A", 1 },
    { "(?<n>a)\\k<n>", "aa", 1 },
    { "a(?=b)b", "ab", 1 },
    { "(?<!a)b", "b", 1 },
    { "a++b", "aab", 1 },
    { "\\bfoo\\b", "foo", 1 },
    { "\\Aabc\\z", "abc", 1 },
    { "a{x}", "a{x}", -1 }, /* Java: Illegal repetition */
    { "\\y", "y", -1 }, /* Java: Illegal/unsupported escape sequence */
};

static void
test_java_rows(void **state)
{
    char err[256];

    (void) state;
    for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
        kc_regex *re = NULL;
        int       rc = kc_regex_compile_list(rows[i].list, &re, err, sizeof(err));

        if (rows[i].java < 0) {
            if (rc != -1)
                fail_msg("list \"%s\" compiled; Java refuses it", rows[i].list);
            assert_null(re);
            continue;
        }
        if (rc != 0)
            fail_msg("list \"%s\": %s", rows[i].list, err);
        if (kc_regex_matches(re, rows[i].subject) != (rows[i].java == 1))
            fail_msg("list \"%s\" on \"%s\": Java says %d", rows[i].list, rows[i].subject,
                     rows[i].java);
        kc_regex_free(re);
    }
}

static void
test_empty_lists(void **state)
{
    kc_regex *re = (kc_regex *) &re;
    char      err[64];

    (void) state;
    assert_int_equal(kc_regex_compile_list("", &re, err, sizeof(err)), 0);
    assert_null(re);
    re = (kc_regex *) &re;
    assert_int_equal(kc_regex_compile_list(" \t ", &re, err, sizeof(err)), 0);
    assert_null(re);
    assert_int_equal(kc_regex_compile_list(NULL, &re, err, sizeof(err)), 0);
    assert_null(re);
    assert_false(kc_regex_matches(NULL, ""));
    assert_false(kc_regex_matches(NULL, "anything"));
    kc_regex_free(NULL);
}

static void
test_error_names_entry(void **state)
{
    kc_regex *re;
    char      err[256];

    (void) state;
    assert_int_equal(kc_regex_compile_list("ok, also-ok ,bad[", &re, err, sizeof(err)), -1);
    assert_non_null(strstr(err, "entry 3 \"bad[\""));
    assert_non_null(strstr(err, "offset"));
    assert_int_equal(kc_regex_compile_list("a{1,3}", &re, err, sizeof(err)), -1);
    assert_non_null(strstr(err, "entry 1 \"a{1\""));
    assert_non_null(strstr(err, "Unclosed counted closure"));
    assert_int_equal(kc_regex_compile_list("x,(?<n", &re, err, sizeof(err)), -1);
    assert_non_null(strstr(err, "entry 2"));
}

/* Java accepts these; they are refused here rather than matched differently. */
static void
test_refused_java_only_syntax(void **state)
{
    static const char *const lists[] = {
        "[a-z&&[^b]]",        /* class intersection */
        "[a[b]]",             /* class union */
        "[[:alpha:]]",        /* to Java: the characters ":alph" */
        "(?u)a",              /* Java's UNICODE_CASE flag */
        "\\p{javaLowerCase}",
    };
    kc_regex *re;
    char      err[256];

    (void) state;
    for (size_t i = 0; i < sizeof(lists) / sizeof(lists[0]); i++) {
        if (kc_regex_compile_list(lists[i], &re, err, sizeof(err)) != -1)
            fail_msg("\"%s\" compiled", lists[i]);
    }
}

/* Java decodes names first: a stray byte is U+FFFD, one character like any other. */
static void
test_invalid_utf8_subject(void **state)
{
    kc_regex *re;
    char      err[64];

    (void) state;
    assert_int_equal(kc_regex_compile_list("a., .*b, \\x{fffd}+", &re, err, sizeof(err)), 0);
    assert_true(kc_regex_matches(re, "a\xff"));
    assert_true(kc_regex_matches(re, "a\xff" "b"));
    assert_true(kc_regex_matches(re, "\xc0\xaf"));            /* overlong: two stray bytes */
    assert_true(kc_regex_matches(re, "\xed\xa0\x80"));        /* a surrogate */
    assert_false(kc_regex_matches(re, "a\xff\xfe"));
    assert_true(kc_regex_matches(re, "a\xc3\xa9"));
    kc_regex_free(re);
}

static kc_regex *shared;

static void *
matcher(void *arg)
{
    long hits = 0;

    (void) arg;
    for (int i = 0; i < 20000; i++)
        hits += kc_regex_matches(shared, i % 2 ? "connect-x" : "app");
    return (void *) hits;
}

static void
test_concurrent_matching(void **state)
{
    pthread_t t[4];
    char      err[64];
    void     *hits;

    (void) state;
    assert_int_equal(kc_regex_compile_list("console-consumer-.*, connect-.*, __.*", &shared, err,
                                           sizeof(err)), 0);
    for (int i = 0; i < 4; i++)
        assert_int_equal(pthread_create(&t[i], NULL, matcher, NULL), 0);
    for (int i = 0; i < 4; i++) {
        assert_int_equal(pthread_join(t[i], &hits), 0);
        assert_int_equal((long) hits, 10000);
    }
    kc_regex_free(shared);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_java_rows),
        cmocka_unit_test(test_empty_lists),
        cmocka_unit_test(test_error_names_entry),
        cmocka_unit_test(test_refused_java_only_syntax),
        cmocka_unit_test(test_invalid_utf8_subject),
        cmocka_unit_test(test_concurrent_matching),
    };
    return cmocka_run_group_tests_name("java_regex", tests, NULL, NULL);
}
