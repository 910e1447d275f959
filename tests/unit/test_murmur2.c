/*
 * tests/unit/test_murmur2.c - Kafka's murmur2 and partitioner against Java's own vectors
 * (UtilsTest) and keys of the Connect offset and status topics (spec/connect-runtime.md §2).
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include "protocol/murmur2.h"

static int32_t h(const char *s) { return kc_murmur2(s, strlen(s)); }
static int32_t part(const char *s, int32_t n) { return kc_murmur2_partition(s, strlen(s), n); }

static void
test_java_vectors(void **state)
{
    (void) state;
    assert_int_equal(h("21"), -973932308);
    assert_int_equal(h("foobar"), -790332482);
    assert_int_equal(h("abc"), 479470107);
}

static void
test_connect_keys(void **state)
{
    (void) state;
    assert_int_equal(h("[\"c\",{\"f\":\"a\"}]"), -1920558760);
    assert_int_equal(part("[\"c\",{\"f\":\"a\"}]", 25), 13);
    assert_int_equal(h("status-connector-c"), -282183708);
    assert_int_equal(part("status-connector-c", 5), 0);
    assert_int_equal(h("status-task-c-0"), -1112041772);
    assert_int_equal(part("status-task-c-0", 5), 1);
}

static void
test_tail_lengths(void **state)
{
    /* Every tail length (0..3 trailing bytes) and the empty key are defined. */
    (void) state;
    assert_int_equal(kc_murmur2("", 0), kc_murmur2("", 0));
    for (int n = 1; n <= 8; n++) {
        int32_t p = kc_murmur2_partition("abcdefgh", (size_t) n, 7);
        assert_true(p >= 0 && p < 7);
    }
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_java_vectors),
        cmocka_unit_test(test_connect_keys),
        cmocka_unit_test(test_tail_lengths),
    };
    return cmocka_run_group_tests_name("murmur2", tests, NULL, NULL);
}
