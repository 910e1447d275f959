/*
 * tests/unit/test_rest_plugins.c - where Jackson's messages locate a value in the request
 * text (rest/plugins.c), with vectors from a Java worker's answers.
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

#include "rest/plugins.h"

static void
check_where(const char *body, const char *const *chain, const char *want)
{
    char *got = kc_rest_jackson_where(body, strlen(body), chain);

    assert_string_equal(got, want);
    free(got);
}

/* Jackson's location suffix: the line and column (from 1, in bytes) of the value's first
 * character, and the chain of types and keys to it (vectors from a Java worker's answers). */
static void
test_jackson_location(void **state)
{
    (void) state;
#define AT "\n at [Source: REDACTED (`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` disabled); "
    check_where("{\"tasks.max\": [2]}", (const char *[]) { "java.util.LinkedHashMap",
                                                            "tasks.max", NULL },
                AT "line: 1, column: 15] (through reference chain: java.util.LinkedHashMap"
                "[\"tasks.max\"])");
    check_where("[\"a\"]", (const char *[]) { NULL }, AT "line: 1, column: 1]");
    check_where("{\"name\": \"k1a2b3c-x\", \"config\": \"a\"}", (const char *[]) {
                    "org.apache.kafka.connect.runtime.rest.entities.CreateConnectorRequest",
                    "config", NULL },
                AT "line: 1, column: 33] (through reference chain: org.apache.kafka.connect."
                "runtime.rest.entities.CreateConnectorRequest[\"config\"])");
    /* Nested, escapes and arrays skipped, lines counted. */
    check_where("{\"a\": [1, {\"b\": \"}\"}],\n \"c\\\"d\": 1,\n \"config\": {\"x\": 1,\n"
                "  \"topics\": [\"t\"]}}", (const char *[]) { "R", "config",
                                                          "java.util.LinkedHashMap",
                                                          "topics", NULL },
                AT "line: 4, column: 13] (through reference chain: R[\"config\"]->"
                "java.util.LinkedHashMap[\"topics\"])");
    check_where("{\"a\": 1}", (const char *[]) { "R", "b", NULL }, "");
#undef AT
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_jackson_location),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
