/*
 * tests/unit/test_wire.c - lib/wire.c's bounded reader at its edges: a read that fails
 * consumes nothing, and an empty buffer with no bytes behind it (a kc_wbuf that never grew,
 * as an empty response body leaves) reads as empty. Cases found by tests/fuzz/fuzz_wire.c
 * and tests/fuzz/fuzz_kafka_conn.c.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "lib/wire.h"

/* Five varint bytes hold 35 bits: a value past 32 is refused, and nothing is consumed. */
static void
test_uvarint_past_32_bits_consumes_nothing(void **state)
{
    static const uint8_t in[] = { 0xff, 0xff, 0xff, 0xff, 0x2b, 0x01 };
    kc_rbuf              rb;
    uint32_t             u;
    int32_t              n;
    kc_slice             s;

    (void) state;
    kc_rbuf_init(&rb, in, sizeof(in));
    assert_int_equal(kc_rbuf_uvarint(&rb, &u), -1);
    assert_int_equal(kc_rbuf_offset(&rb), 0);
    assert_int_equal(kc_rbuf_varint(&rb, &n), -1);
    assert_int_equal(kc_rbuf_offset(&rb), 0);
    assert_int_equal(kc_rbuf_compact_string(&rb, &s), -1);
    assert_int_equal(kc_rbuf_offset(&rb), 0);
    assert_int_equal(kc_rbuf_compact_array_len(&rb, &n), -1);
    assert_int_equal(kc_rbuf_offset(&rb), 0);
    assert_int_equal(kc_rbuf_skip_tags(&rb), -1);
    assert_int_equal(kc_rbuf_offset(&rb), 0);

    /* The largest 32-bit value still reads, in 5 bytes. */
    static const uint8_t max[] = { 0xff, 0xff, 0xff, 0xff, 0x0f };
    kc_rbuf_init(&rb, max, sizeof(max));
    assert_int_equal(kc_rbuf_uvarint(&rb, &u), 0);
    assert_int_equal(u, UINT32_MAX);
    assert_int_equal(kc_rbuf_remaining(&rb), 0);
}

static void
test_null_buffer_reads_as_empty(void **state)
{
    kc_wbuf  never_grown;
    kc_rbuf  rb;
    kc_slice s;
    int16_t  v;

    (void) state;
    kc_wbuf_init(&never_grown);
    assert_null(never_grown.buf);
    kc_rbuf_init(&rb, never_grown.buf, never_grown.len);
    /* NULL + 0 is undefined in C (clang's UBSan says so): the reader points elsewhere. */
    assert_non_null(rb.start);
    assert_int_equal(kc_rbuf_remaining(&rb), 0);
    assert_int_equal(kc_rbuf_offset(&rb), 0);
    assert_int_equal(kc_rbuf_i16(&rb, &v), -1);
    assert_int_equal(kc_rbuf_string(&rb, &s), -1);
    assert_int_equal(kc_rbuf_skip(&rb, 0), 0);
    assert_int_equal(kc_rbuf_skip(&rb, 1), -1);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_uvarint_past_32_bits_consumes_nothing),
        cmocka_unit_test(test_null_buffer_reads_as_empty),
    };
    return cmocka_run_group_tests_name("wire", tests, NULL, NULL);
}
