/*
 * tests/unit/test_utf8.c - kc_utf8_valid and kc_utf8_repair against Java's UTF-8 decoder:
 * every expected text is what Java 17's new String(bytes, UTF_8) made of the same bytes,
 * re-encoded (FileStreamSource reads its file through that decoder; StringConverter decodes
 * record bytes with it).
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

#include "lib/common.h"

static void
expect(const char *in, size_t n, const char *java)
{
    size_t len;
    char  *got = kc_utf8_repair(in, n, &len);

    assert_int_equal(len, strlen(java));
    assert_memory_equal(got, java, len);
    assert_int_equal(kc_utf8_valid(in, n), strlen(java) == n && memcmp(in, java, n) == 0);
    free(got);
}

#define FFFD "\xEF\xBF\xBD"
#define EXPECT(in, java) expect(in, sizeof(in) - 1, java)

static void
test_as_javas_decoder(void **state)
{
    (void) state;
    EXPECT("a\xFF" "b", "a" FFFD "b");                     /* a byte no character starts with */
    EXPECT("\x80\xBF", FFFD FFFD);                         /* continuations alone */
    EXPECT("\xC0\xAF", FFFD FFFD);                         /* overlong, two bytes */
    EXPECT("\xC3" "A", FFFD "A");                          /* cut short */
    EXPECT("\xE2\x82" "A", FFFD "A");
    EXPECT("\xE0\x80\x80", FFFD FFFD FFFD);                /* overlong, three bytes */
    EXPECT("\xED\xA0\x80", FFFD);                          /* a surrogate: one */
    EXPECT("\xED\xA0" "A", FFFD "A");
    EXPECT("\xF0\x9F\x98" "A", FFFD "A");
    EXPECT("\xF0\x8F\xBF\xBF", FFFD FFFD FFFD FFFD);       /* overlong, four bytes */
    EXPECT("\xF4\x90\x80\x80", FFFD FFFD FFFD FFFD);       /* past U+10FFFF */
    EXPECT("\xF5\x80\x80\x80", FFFD FFFD FFFD FFFD);
    EXPECT("\xF0\x9F\x98\x80\xE2\x82\xAC", "\xF0\x9F\x98\x80\xE2\x82\xAC");   /* well-formed */
    EXPECT("", "");
    EXPECT("\xE2\x82", FFFD);                              /* cut short at the end */
    EXPECT("\xF0\x9F\x98", FFFD);
    EXPECT("A\xC3", "A" FFFD);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_as_javas_decoder),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
