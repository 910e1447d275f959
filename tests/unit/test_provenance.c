/*
 * tests/unit/test_provenance.c - the provenance header's value (connectors/mirror/
 * provenance.h): which clusters a value lists, token by token, and the value a record
 * gets on each hop. Mirrors between real clusters: tests/integration/test_mirror.py.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "connectors/mirror/provenance.h"

static bool
lists(const char *value, const char *id)
{
    return kc_provenance_lists(value, value ? strlen(value) : 0, id);
}

static void
test_lists_whole_tokens_only(void **state)
{
    (void) state;
    assert_true(lists("A1,B2", "A1"));
    assert_true(lists("A1,B2", "B2"));
    assert_true(lists("A1,B2,C3", "B2"));
    assert_false(lists("A1,B2", "A"));            /* a prefix of a token */
    assert_false(lists("A1,B2", "1,B"));          /* across a comma */
    assert_false(lists("A1,B2", "B22"));
    assert_false(lists("", "A1"));
    assert_false(lists(NULL, "A1"));
    assert_false(lists("A1", ""));                /* an empty ID lists nothing */
    assert_true(lists(",,A1,", "A1"));            /* empty tokens are skipped */
    /* Bytes, not a C string: a NUL inside is part of a token. */
    assert_false(kc_provenance_lists("A1\0,B2", 6, "A1"));
    assert_true(kc_provenance_lists("A1\0,B2", 6, "B2"));
}

static char *
extend(kc_wbuf *out, const char *old, const char *source, const char *target)
{
    kc_wbuf_reset(out);
    kc_provenance_extend(out, old, old ? strlen(old) : 0, source, target);
    kc_wbuf_raw(out, "", 1);
    return (char *) out->buf;
}

static void
test_each_hop_appends_its_target(void **state)
{
    kc_wbuf out;

    (void) state;
    kc_wbuf_init(&out);
    /* Produced on A, copied to B: both, the origin first. */
    assert_string_equal(extend(&out, NULL, "A", "B"), "A,B");
    assert_string_equal(extend(&out, "", "A", "B"), "A,B");
    /* Then B to C: the source is listed already. */
    assert_string_equal(extend(&out, "A,B", "B", "C"), "A,B,C");
    /* A header whose list lacks the source (written by another tool): the source joins. */
    assert_string_equal(extend(&out, "X", "B", "C"), "X,B,C");
    assert_string_equal(extend(&out, "X,", "B", "C"), "X,B,C");
    /* Appended to what the buffer holds already (one buffer for a poll's values). */
    kc_wbuf_reset(&out);
    kc_wbuf_raw(&out, "Z", 1);
    kc_provenance_extend(&out, NULL, 0, "A", "B");
    assert_int_equal(out.len, 4);
    assert_memory_equal(out.buf, "ZA,B", 4);
    kc_wbuf_free(&out);
}

static void
test_a_ring_stops_where_it_began(void **state)
{
    kc_wbuf     out;
    const char *clusters[] = { "A", "B", "C" };
    char        value[64] = "";
    int         hops = 0;

    (void) state;
    kc_wbuf_init(&out);
    /* A->B->C->A: the record goes round once, and is not copied back into A. */
    for (int i = 0; i < 6; i++) {
        const char *from = clusters[i % 3], *to = clusters[(i + 1) % 3];
        if (lists(value[0] ? value : NULL, to))
            break;
        snprintf(value, sizeof(value), "%s", extend(&out, value[0] ? value : NULL, from, to));
        hops++;
    }
    assert_int_equal(hops, 2);
    assert_string_equal(value, "A,B,C");
    kc_wbuf_free(&out);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lists_whole_tokens_only),
        cmocka_unit_test(test_each_hop_appends_its_target),
        cmocka_unit_test(test_a_ring_stops_where_it_began),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
