/*
 * tests/unit/test_signing.c - the HMAC signature of internal requests (KIP-507) against the
 * vectors of spec/connect-runtime.md §8.6, which Java's InternalRequestSignature produces.
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

#include "lib/http.h"

static void
test_java_vectors(void **state)
{
    uint8_t key[32];
    char   *sig;

    (void) state;
    for (int i = 0; i < 32; i++)
        key[i] = (uint8_t) i;
    sig = kc_sign_request("HmacSHA256", key, sizeof(key), "[{\"k\":\"v\"}]", 11);
    assert_string_equal(sig, "ah4TWWC//lk+uyxOX8Igc5ECqRJ0Dwmj2K0s5a452dE=");
    free(sig);
    sig = kc_sign_request("HmacSHA256", key, sizeof(key), NULL, 0);       /* PUT .../fence */
    assert_string_equal(sig, "04tCCW2A9F+Ca0Sp1WB95ySWpBXT9KGoyI47udqNwcs=");
    free(sig);
}

static void
test_unknown_algorithm(void **state)
{
    uint8_t key[4] = { 1, 2, 3, 4 };

    (void) state;
    assert_null(kc_sign_request("HmacMD17", key, sizeof(key), "x", 1));
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_java_vectors),
        cmocka_unit_test(test_unknown_algorithm),
    };
    return cmocka_run_group_tests_name("signing", tests, NULL, NULL);
}
