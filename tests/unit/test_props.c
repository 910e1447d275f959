/*
 * tests/unit/test_props.c - the .properties parser against java.util.Properties.load(Reader).
 *
 * Every expected key and value below was checked against JDK 17's Properties.load on the
 * same text (read through a StringReader, so no encoding is in play). The only expected
 * differences are kconnect's documented ones: bytes are UTF-8 (a \uXXXX escape becomes its
 * UTF-8 bytes, a lone surrogate becomes U+FFFD) and a NUL character is refused.
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
#include <unistd.h>
#include <cmocka.h>

#include "lib/props.h"

typedef struct {
    kc_props p;
    kc_err   err;
    char     path[64];           /* a temporary file to unlink, when a test made one */
} fixture;

static int
setup(void **state)
{
    fixture *f = calloc(1, sizeof(*f));

    if (f == NULL)
        return -1;
    kc_props_init(&f->p, "t.properties");
    *state = f;
    return 0;
}

static int
teardown(void **state)
{
    fixture *f = *state;

    if (f->path[0] != '\0')
        unlink(f->path);
    kc_props_free(&f->p);
    free(f);
    return 0;
}

/* Parses text (which must be valid) and returns the properties. */
static kc_props *
parse_ok(void **state, const char *text)
{
    fixture *f = *state;
    int      rc = kc_props_parse(&f->p, text, strlen(text), &f->err);

    if (rc != KC_OK)
        fail_msg("kc_props_parse failed (%d): %s", rc, f->err.msg);
    return &f->p;
}

/* Parses len bytes of text, which must be refused with KC_EINVAL; returns the message. */
static const char *
parse_einval_n(void **state, const char *text, size_t len)
{
    fixture *f = *state;

    assert_int_equal(kc_props_parse(&f->p, text, len, &f->err), KC_EINVAL);
    assert_int_equal(f->err.code, KC_EINVAL);
    return f->err.msg;
}

static const char *
parse_einval(void **state, const char *text)
{
    return parse_einval_n(state, text, strlen(text));
}

/* key must be present with exactly value. */
#define assert_prop(p, key, value)                     \
    do {                                               \
        const char *v_ = kc_props_get((p), (key));     \
        assert_non_null(v_);                           \
        assert_string_equal(v_, (value));              \
    } while (0)

static int
line_of(const kc_props *p, const char *key)
{
    const kc_prop *e = kc_props_find(p, key);

    assert_non_null(e);
    return e->line;
}

/* ===== Separators ===== */

static void
test_separator_equals_colon_and_blanks(void **state)
{
    /* '=', ':', space, tab and form feed each end the key. */
    kc_props *p = parse_ok(state, "a=b\nc:d\ne f\ng\th\ni\fj\n");

    assert_int_equal(p->n, 5);
    assert_prop(p, "a", "b");
    assert_prop(p, "c", "d");
    assert_prop(p, "e", "f");
    assert_prop(p, "g", "h");
    assert_prop(p, "i", "j");
}

static void
test_blanks_around_separator_skipped(void **state)
{
    kc_props *p = parse_ok(state, "a \t = \t b\nc\t\t:\t\td\ne   f\n");

    assert_int_equal(p->n, 3);
    assert_prop(p, "a", "b");
    assert_prop(p, "c", "d");
    assert_prop(p, "e", "f");
}

static void
test_only_first_separator_consumed(void **state)
{
    /* Java skips blanks and at most one '=' or ':' after the key; the rest is the value. */
    kc_props *p = parse_ok(state, "a = = b\nc==d\ne :f\ng   h:i\nk=a=b:c d\n");

    assert_int_equal(p->n, 5);
    assert_prop(p, "a", "= b");
    assert_prop(p, "c", "=d");
    assert_prop(p, "e", "f");
    assert_prop(p, "g", "h:i");
    assert_prop(p, "k", "a=b:c d");
}

static void
test_escaped_separators_in_key(void **state)
{
    kc_props *p = parse_ok(state, "a\\=b=c\na\\ b=c\na\\:b=c\nx\\:y\n");

    assert_int_equal(p->n, 4);
    assert_prop(p, "a=b", "c");
    assert_prop(p, "a b", "c");
    assert_prop(p, "a:b", "c");
    assert_prop(p, "x:y", "");
}

static void
test_escapes_in_key(void **state)
{
    /* "a\\=b": the escaped backslash does not escape the '='. */
    kc_props *p = parse_ok(state, "a\\\\=b\nc\\td=e\n\\u0041f=\\u0042\n");

    assert_int_equal(p->n, 3);
    assert_prop(p, "a\\", "b");
    assert_prop(p, "c\td", "e");
    assert_prop(p, "Af", "B");
}

/* ===== Whitespace and comments ===== */

static void
test_value_keeps_trailing_whitespace(void **state)
{
    /* Java keeps trailing blanks in the value (ConfigDef trims typed values later). */
    kc_props *p = parse_ok(state, "a = b  \t\n");

    assert_prop(p, "a", "b  \t");
}

static void
test_leading_whitespace_of_line_skipped(void **state)
{
    kc_props *p = parse_ok(state, "   \t\fkey=v\n");

    assert_int_equal(p->n, 1);
    assert_prop(p, "key", "v");
}

static void
test_comments_hash_and_bang(void **state)
{
    kc_props *p = parse_ok(state, "# comment\n! other\n  # indented\n\t! tab\nk=v\n#x=y\n");

    assert_int_equal(p->n, 1);
    assert_prop(p, "k", "v");
    assert_null(kc_props_get(p, "#x"));
    assert_null(kc_props_get(p, "x"));
}

static void
test_hash_inside_value_is_not_comment(void **state)
{
    kc_props *p = parse_ok(state, "k=v # not a comment\n");

    assert_prop(p, "k", "v # not a comment");
}

static void
test_comment_ending_in_backslash_does_not_continue(void **state)
{
    /* A comment line is dropped whole: its trailing '\' does not swallow the next line. */
    kc_props *p = parse_ok(state, "# comment \\\nk=v\n! c\\\nm=n\n");

    assert_int_equal(p->n, 2);
    assert_prop(p, "k", "v");
    assert_prop(p, "m", "n");
}

/* ===== Line continuation ===== */

static void
test_continuation(void **state)
{
    kc_props *p = parse_ok(state, "k=a\\\n   b\n");

    assert_int_equal(p->n, 1);
    assert_prop(p, "k", "ab");
}

static void
test_even_backslashes_do_not_continue(void **state)
{
    /* "\\\\" at the end is one escaped backslash: the line ends there. */
    kc_props *p = parse_ok(state, "k=a\\\\\nb=c\nm=d\\\\\\\\\nn=e\n");

    assert_int_equal(p->n, 4);
    assert_prop(p, "k", "a\\");
    assert_prop(p, "b", "c");
    assert_prop(p, "m", "d\\\\");
    assert_prop(p, "n", "e");
}

static void
test_odd_backslashes_continue(void **state)
{
    /* Three: an escaped backslash, then the continuation. */
    kc_props *p = parse_ok(state, "k=a\\\\\\\n  b\n");

    assert_int_equal(p->n, 1);
    assert_prop(p, "k", "a\\b");
}

static void
test_continuation_drops_leading_blanks_only(void **state)
{
    /* Blanks before the '\' stay; space, tab and form feed opening the next line go. */
    kc_props *p = parse_ok(state, "k=a \\\n \t\f b \n");

    assert_prop(p, "k", "a b ");
}

static void
test_continuation_chain(void **state)
{
    kc_props *p = parse_ok(state, "k=a\\\n  b\\\n  c\n");

    assert_int_equal(p->n, 1);
    assert_prop(p, "k", "abc");
}

static void
test_continued_line_starting_with_hash_is_not_comment(void **state)
{
    kc_props *p = parse_ok(state, "k=a\\\n#b\n");

    assert_int_equal(p->n, 1);
    assert_prop(p, "k", "a#b");
}

static void
test_continuation_onto_blank_line_ends_entry(void **state)
{
    kc_props *p = parse_ok(state, "k=a\\\n\nb=c\n");

    assert_int_equal(p->n, 2);
    assert_prop(p, "k", "a");
    assert_prop(p, "b", "c");
}

static void
test_comment_after_continued_empty_line(void **state)
{
    /* Java looks for '#' and '!' whenever the logical line is still empty, so a line holding
     * only '\' continues onto a comment line that is still a comment. */
    kc_props *p = parse_ok(state, "\\\n# c\nk=v\n");

    assert_int_equal(p->n, 1);
    assert_prop(p, "k", "v");
    assert_null(kc_props_get(p, "#"));
}

static void
test_blank_after_continued_empty_line_is_skipped(void **state)
{
    /* Java drops an end of line met while the logical line is still empty, so a blank line
     * after a line holding only '\' is skipped like any blank line: no "" key appears. */
    kc_props *p = parse_ok(state, "\\\n\nk=v\n");

    assert_int_equal(p->n, 1);
    assert_prop(p, "k", "v");
    assert_null(kc_props_get(p, ""));
}

static void
test_continuation_inside_key(void **state)
{
    kc_props *p = parse_ok(state, "ke\\\n  y=v\n");

    assert_int_equal(p->n, 1);
    assert_prop(p, "key", "v");
}

static void
test_continuation_at_eof(void **state)
{
    /* The dangling '\' at end of input is dropped; an escaped one is kept. */
    kc_props *p = parse_ok(state, "k=v\\");

    assert_prop(p, "k", "v");
    p = parse_ok(state, "m=v\\\\");
    assert_prop(p, "m", "v\\");
    p = parse_ok(state, "n=v\\\n   ");
    assert_prop(p, "n", "v");
    assert_int_equal(p->n, 3);
}

/* ===== Line endings ===== */

static void
test_crlf_line_endings(void **state)
{
    kc_props *p = parse_ok(state, "a=1\r\nb=2\r\n");

    assert_int_equal(p->n, 2);
    assert_prop(p, "a", "1");
    assert_prop(p, "b", "2");
    assert_int_equal(line_of(p, "b"), 2);
}

static void
test_lone_cr_line_endings(void **state)
{
    kc_props *p = parse_ok(state, "a=1\rb=2\r");

    assert_int_equal(p->n, 2);
    assert_prop(p, "a", "1");
    assert_prop(p, "b", "2");
    assert_int_equal(line_of(p, "b"), 2);
}

static void
test_continuation_with_crlf_and_cr(void **state)
{
    kc_props *p = parse_ok(state, "k=a\\\r\n  b\r\nc=d\r\n");

    assert_int_equal(p->n, 2);
    assert_prop(p, "k", "ab");
    assert_prop(p, "c", "d");
    assert_int_equal(line_of(p, "c"), 3);

    p = parse_ok(state, "m=a\\\r  b\rn=d\r");
    assert_prop(p, "m", "ab");
    assert_prop(p, "n", "d");
}

/* ===== Escapes ===== */

static void
test_character_escapes(void **state)
{
    /* \t \n \r \f, an escaped backslash, and '\' before anything else is that character. */
    kc_props *p = parse_ok(state, "k=\\t\\n\\r\\f\\\\\\x\\q\\=\\:\\#\\!\n");

    assert_prop(p, "k", "\t\n\r\f\\xq=:#!");
}

static void
test_unicode_escape_to_utf8(void **state)
{
    kc_props *p = parse_ok(state, "k=caf\\u00e9\nu=\\u00E9\\u0041\ne=\\u20ac\n");

    assert_prop(p, "k", "caf\xc3\xa9");          /* é: 2 bytes */
    assert_prop(p, "u", "\xc3\xa9" "A");          /* upper-case hex digits too */
    assert_prop(p, "e", "\xe2\x82\xac");          /* €: 3 bytes */
}

static void
test_unicode_surrogate_pair(void **state)
{
    /* Java holds U+1F600 as two UTF-16 chars; in UTF-8 it is one 4-byte sequence. */
    kc_props *p = parse_ok(state, "k=\\ud83d\\ude00\n");

    assert_prop(p, "k", "\xf0\x9f\x98\x80");
}

static void
test_unicode_lone_surrogate_becomes_replacement(void **state)
{
    /* kconnect deviation: Java keeps the lone surrogate char, UTF-8 cannot, so U+FFFD. */
    kc_props *p = parse_ok(state, "k=\\ud83dx\n");

    assert_prop(p, "k", "\xef\xbf\xbd" "x");
}

static void
test_utf8_bytes_taken_as_utf8(void **state)
{
    /* kconnect deviation: bytes are UTF-8, so a UTF-8 file means what its author typed. */
    kc_props *p = parse_ok(state, "k=caf\xc3\xa9\n");

    assert_prop(p, "k", "caf\xc3\xa9");
}

static void
test_malformed_unicode_short(void **state)
{
    /* Java: IllegalArgumentException "Malformed \uxxxx encoding." */
    assert_string_equal(parse_einval(state, "a=1\nk=\\u12\n"),
                        "t.properties:2: value of 'k' has a malformed \\uxxxx escape");
}

static void
test_malformed_unicode_at_eof(void **state)
{
    assert_string_equal(parse_einval(state, "k=\\u12"),
                        "t.properties:1: value of 'k' has a malformed \\uxxxx escape");
}

static void
test_malformed_unicode_not_hex(void **state)
{
    assert_string_equal(parse_einval(state, "# c\n\nk=\\uZZZZ\n"),
                        "t.properties:3: value of 'k' has a malformed \\uxxxx escape");
}

static void
test_malformed_unicode_in_key(void **state)
{
    assert_string_equal(parse_einval(state, "a\\u12=v\n"),
                        "t.properties:1: key has a malformed \\uxxxx escape");
}

static void
test_unicode_nul_refused(void **state)
{
    /* kconnect deviation: Java accepts \u0000; C strings cannot carry it. */
    assert_string_equal(parse_einval(state, "k=a\\u0000b\n"),
                        "t.properties:1: value of 'k' contains a NUL character (\\u0000)");
}

static void
test_nul_byte_refused(void **state)
{
    static const char text[] = "x=1\nk=a\0b\n";

    assert_string_equal(parse_einval_n(state, text, sizeof(text) - 1),
                        "t.properties:2: value of 'k' contains a NUL byte");
}

/* ===== Keys and values ===== */

static void
test_empty_key(void **state)
{
    kc_props *p = parse_ok(state, "=v\n");

    assert_int_equal(p->n, 1);
    assert_prop(p, "", "v");
}

static void
test_key_without_value(void **state)
{
    kc_props *p = parse_ok(state, "a\nb   \nc=\n");

    assert_int_equal(p->n, 3);
    assert_prop(p, "a", "");
    assert_prop(p, "b", "");
    assert_prop(p, "c", "");
}

static void
test_duplicate_key_last_wins(void **state)
{
    kc_props *p = parse_ok(state, "a=1\nb=2\na=3\n");

    assert_int_equal(p->n, 2);
    assert_prop(p, "a", "3");
    assert_int_equal(line_of(p, "a"), 3);
    /* Order of first appearance is kept. */
    assert_string_equal(p->items[0].key, "a");
    assert_string_equal(p->items[1].key, "b");
}

static void
test_line_numbers(void **state)
{
    kc_props *p = parse_ok(state,
                           "# header\n"          /* 1 */
                           "\n"                  /* 2 */
                           "a=1\n"               /* 3 */
                           "b=x\\\n"             /* 4 */
                           "  y\\\n"             /* 5 */
                           "  z\n"               /* 6 */
                           "! comment \\\n"      /* 7 */
                           "c=3\r\n"             /* 8 */
                           "\r"                  /* 9 */
                           "d=4\n");             /* 10 */
    char buf[64];

    assert_int_equal(p->n, 4);
    assert_prop(p, "a", "1");
    assert_prop(p, "b", "xyz");
    assert_prop(p, "c", "3");
    assert_prop(p, "d", "4");
    assert_string_equal(kc_props_where(p, "a", buf, sizeof(buf)), "t.properties:3");
    assert_string_equal(kc_props_where(p, "b", buf, sizeof(buf)), "t.properties:4");
    assert_string_equal(kc_props_where(p, "c", buf, sizeof(buf)), "t.properties:8");
    assert_string_equal(kc_props_where(p, "d", buf, sizeof(buf)), "t.properties:10");
    assert_string_equal(kc_props_where(p, "nope", buf, sizeof(buf)), "t.properties");
}

static void
test_empty_buffer(void **state)
{
    kc_props *p = parse_ok(state, "");

    assert_int_equal(p->n, 0);
    p = parse_ok(state, "  \n\t\n\n");
    assert_int_equal(p->n, 0);
}

static void
test_no_trailing_newline(void **state)
{
    kc_props *p = parse_ok(state, "a=1\nk=v");

    assert_int_equal(p->n, 2);
    assert_prop(p, "k", "v");
    assert_int_equal(line_of(p, "k"), 2);
}

static void
test_length_bounds_input(void **state)
{
    /* Only len bytes are read, even if more follow. */
    fixture *f = *state;

    assert_int_equal(kc_props_parse(&f->p, "a=1\nb=2\n", 6, &f->err), KC_OK);
    assert_int_equal(f->p.n, 2);
    assert_prop(&f->p, "a", "1");
    assert_prop(&f->p, "b", "");
}

/* ===== set / unset / where ===== */

static void
test_set_and_unset(void **state)
{
    kc_props *p = parse_ok(state, "a=1\nb=2\n");
    char      buf[64];

    kc_props_set(p, "a", "10", 0);             /* replaces, keeps position */
    kc_props_set(p, "c", "3", 0);
    assert_int_equal(p->n, 3);
    assert_string_equal(p->items[0].key, "a");
    assert_prop(p, "a", "10");
    assert_prop(p, "c", "3");
    assert_string_equal(kc_props_where(p, "a", buf, sizeof(buf)), "--override a");
    assert_string_equal(kc_props_where(p, "b", buf, sizeof(buf)), "t.properties:2");

    assert_int_equal(kc_props_unset(p, "b"), 1);
    assert_int_equal(kc_props_unset(p, "b"), 0);
    assert_int_equal(p->n, 2);
    assert_null(kc_props_get(p, "b"));
    assert_null(kc_props_find(p, "b"));
    assert_string_equal(p->items[1].key, "c");
}

/* ===== Files ===== */

static void
test_load_file(void **state)
{
    fixture    *f = *state;
    const char *text = "# worker\nk = v\nm=\\u00e9\n";
    char        buf[128], want[128];
    int         fd;

    strcpy(f->path, "/tmp/kc_test_props_XXXXXX");
    fd = mkstemp(f->path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, text, strlen(text)), (ssize_t) strlen(text));
    close(fd);

    assert_int_equal(kc_props_load_file(&f->p, f->path, &f->err), KC_OK);
    assert_int_equal(f->p.n, 2);
    assert_prop(&f->p, "k", "v");
    assert_prop(&f->p, "m", "\xc3\xa9");
    snprintf(want, sizeof(want), "%s:2", f->path);
    assert_string_equal(kc_props_where(&f->p, "k", buf, sizeof(buf)), want);
}

static void
test_load_missing_file(void **state)
{
    fixture *f = *state;

    assert_int_equal(kc_props_load_file(&f->p, "/tmp/kc_test_no_such_dir/w.properties", &f->err),
                     KC_EIO);
    assert_int_equal(f->err.code, KC_EIO);
    assert_string_equal(f->err.msg, "cannot read /tmp/kc_test_no_such_dir/w.properties: "
                                    "No such file or directory");
}

#define T(fn) cmocka_unit_test_setup_teardown(fn, setup, teardown)

int
main(void)
{
    const struct CMUnitTest tests[] = {
        T(test_separator_equals_colon_and_blanks),
        T(test_blanks_around_separator_skipped),
        T(test_only_first_separator_consumed),
        T(test_escaped_separators_in_key),
        T(test_escapes_in_key),
        T(test_value_keeps_trailing_whitespace),
        T(test_leading_whitespace_of_line_skipped),
        T(test_comments_hash_and_bang),
        T(test_hash_inside_value_is_not_comment),
        T(test_comment_ending_in_backslash_does_not_continue),
        T(test_continuation),
        T(test_even_backslashes_do_not_continue),
        T(test_odd_backslashes_continue),
        T(test_continuation_drops_leading_blanks_only),
        T(test_continuation_chain),
        T(test_continued_line_starting_with_hash_is_not_comment),
        T(test_continuation_onto_blank_line_ends_entry),
        T(test_comment_after_continued_empty_line),
        T(test_blank_after_continued_empty_line_is_skipped),
        T(test_continuation_inside_key),
        T(test_continuation_at_eof),
        T(test_crlf_line_endings),
        T(test_lone_cr_line_endings),
        T(test_continuation_with_crlf_and_cr),
        T(test_character_escapes),
        T(test_unicode_escape_to_utf8),
        T(test_unicode_surrogate_pair),
        T(test_unicode_lone_surrogate_becomes_replacement),
        T(test_utf8_bytes_taken_as_utf8),
        T(test_malformed_unicode_short),
        T(test_malformed_unicode_at_eof),
        T(test_malformed_unicode_not_hex),
        T(test_malformed_unicode_in_key),
        T(test_unicode_nul_refused),
        T(test_nul_byte_refused),
        T(test_empty_key),
        T(test_key_without_value),
        T(test_duplicate_key_last_wins),
        T(test_line_numbers),
        T(test_empty_buffer),
        T(test_no_trailing_newline),
        T(test_length_bounds_input),
        T(test_set_and_unset),
        T(test_load_file),
        T(test_load_missing_file),
    };
    return cmocka_run_group_tests_name("props", tests, NULL, NULL);
}
