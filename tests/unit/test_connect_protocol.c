/*
 * tests/unit/test_connect_protocol.c - Connect member metadata and assignments against the
 * byte vectors of spec/connect-runtime.md §6.4, which were checked with Java's own
 * ConnectProtocol / IncrementalCooperativeConnectProtocol classes.
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

#include "protocol/connect_protocol.h"

#define URL "http://w1:8083/"

/* Hex text (spaces ignored) to bytes; returns the length. */
static size_t
unhex(const char *hex, uint8_t *out)
{
    size_t n = 0;

    while (*hex) {
        if (*hex == ' ' || *hex == '\n') {
            hex++;
            continue;
        }
        out[n++] = (uint8_t) strtoul((char[]) { hex[0], hex[1], 0 }, NULL, 16);
        hex += 2;
    }
    return n;
}

static const char vec_a[] =   /* metadata sessioned, offset 7, allocation {m1, 5, c + c-0} */
    "00 02 00 0f 68 74 74 70 3a 2f 2f 77 31 3a 38 30 38 33 2f 00 00 00 00 00 00 00 07 00 00 00 3c 00"
    "02 00 00 00 02 6d 31 00 0f 68 74 74 70 3a 2f 2f 77 31 3a 38 30 38 33 2f 00 00 00 00 00 00 00 05"
    "00 00 00 01 00 01 63 00 00 00 02 ff ff ff ff 00 00 00 00 00 00 00 00 00 00 00 00";
static const char vec_b[] =   /* first join, sessioned, offset -1, allocation null */
    "00 02 00 0f 68 74 74 70 3a 2f 2f 77 31 3a 38 30 38 33 2f ff ff ff ff ff ff ff ff ff ff ff ff";
static const char vec_c[] =   /* metadata default (V0), offset 7 */
    "00 00 00 0f 68 74 74 70 3a 2f 2f 77 31 3a 38 30 38 33 2f 00 00 00 00 00 00 00 07";
static const char vec_d[] =   /* assignment V2: assign c-1, revoke connector c, offset 7 */
    "00 02 00 00 00 02 6d 31 00 0f 68 74 74 70 3a 2f 2f 77 31 3a 38 30 38 33 2f 00 00 00 00 00 00 00"
    "07 00 00 00 01 00 01 63 00 00 00 01 00 00 00 01 00 00 00 01 00 01 63 00 00 00 01 ff ff ff ff 00"
    "00 00 00";
static const char vec_e[] =   /* assignment V0: connector c + tasks 0, 1 */
    "00 00 00 00 00 02 6d 31 00 0f 68 74 74 70 3a 2f 2f 77 31 3a 38 30 38 33 2f 00 00 00 00 00 00 00"
    "07 00 00 00 01 00 01 63 00 00 00 03 ff ff ff ff 00 00 00 00 00 00 00 01";

static void
assert_encodes_to(const kc_wbuf *wb, const char *hex)
{
    uint8_t want[256];
    size_t  n = unhex(hex, want);

    assert_int_equal(wb->len, n);
    assert_memory_equal(wb->buf, want, n);
}

static void
test_metadata_sessioned_with_allocation(void **state)
{
    kc_connect_metadata md = { 0 }, back;
    kc_wbuf             wb;
    uint8_t             bytes[256];
    size_t              n = unhex(vec_a, bytes);

    (void) state;
    md.version = KC_CONNECT_SESSIONED;
    md.url = URL;
    md.config_offset = 7;
    md.has_allocation = true;
    md.allocation.version = 2;
    md.allocation.leader = "m1";
    md.allocation.leader_url = URL;
    md.allocation.config_offset = 5;
    kc_connector_tasks_list_add(&md.allocation.assigned, "c", 0);
    kc_connector_tasks_list_add(&md.allocation.assigned, "c", KC_CONNECT_TASK_CONNECTOR);
    kc_wbuf_init(&wb);
    kc_connect_metadata_encode(&md, &wb);
    assert_int_equal(n, 91);
    assert_encodes_to(&wb, vec_a);
    kc_connector_tasks_list_clear(&md.allocation.assigned);
    kc_wbuf_free(&wb);

    assert_int_equal(kc_connect_metadata_decode(bytes, n, &back, NULL), KC_OK);
    assert_int_equal(back.version, 2);
    assert_string_equal(back.url, URL);
    assert_int_equal(back.config_offset, 7);
    assert_true(back.has_allocation);
    assert_string_equal(back.allocation.leader, "m1");
    assert_int_equal(back.allocation.config_offset, 5);
    assert_int_equal(back.allocation.assigned.n, 1);
    assert_string_equal(back.allocation.assigned.items[0].connector, "c");
    assert_int_equal(back.allocation.assigned.items[0].ntasks, 2);
    assert_int_equal(back.allocation.assigned.items[0].tasks[0], -1);
    assert_int_equal(back.allocation.assigned.items[0].tasks[1], 0);
    assert_false(back.allocation.revoked.is_null);
    assert_int_equal(back.allocation.revoked.n, 0);
    kc_connect_metadata_clear(&back);
}

static void
test_metadata_compatible_differs_only_in_versions(void **state)
{
    kc_connect_metadata md = { 0 };
    kc_wbuf             wb;
    uint8_t             want[256];
    size_t              n = unhex(vec_a, want);

    (void) state;
    want[1] = 1;           /* metadata version */
    want[0x1f + 1] = 1;    /* allocation version: first bytes of the allocation blob */
    md.version = KC_CONNECT_COMPATIBLE;
    md.url = URL;
    md.config_offset = 7;
    md.has_allocation = true;
    md.allocation.version = 1;
    md.allocation.leader = "m1";
    md.allocation.leader_url = URL;
    md.allocation.config_offset = 5;
    kc_connector_tasks_list_add(&md.allocation.assigned, "c", KC_CONNECT_TASK_CONNECTOR);
    kc_connector_tasks_list_add(&md.allocation.assigned, "c", 0);
    kc_wbuf_init(&wb);
    kc_connect_metadata_encode(&md, &wb);
    assert_int_equal(wb.len, n);
    assert_memory_equal(wb.buf, want, n);
    kc_connector_tasks_list_clear(&md.allocation.assigned);
    kc_wbuf_free(&wb);
}

static void
test_metadata_first_join_has_null_allocation(void **state)
{
    kc_connect_metadata md = { 0 }, back;
    kc_wbuf             wb;
    uint8_t             bytes[64];
    size_t              n = unhex(vec_b, bytes);

    (void) state;
    md.version = KC_CONNECT_SESSIONED;
    md.url = URL;
    md.config_offset = -1;
    kc_wbuf_init(&wb);
    kc_connect_metadata_encode(&md, &wb);
    assert_int_equal(n, 31);
    assert_encodes_to(&wb, vec_b);
    kc_wbuf_free(&wb);
    assert_int_equal(kc_connect_metadata_decode(bytes, n, &back, NULL), KC_OK);
    assert_int_equal(back.config_offset, -1);
    assert_false(back.has_allocation);
    kc_connect_metadata_clear(&back);
}

static void
test_metadata_v0(void **state)
{
    kc_connect_metadata md = { 0 }, back;
    kc_wbuf             wb;
    uint8_t             bytes[64];
    size_t              n = unhex(vec_c, bytes);

    (void) state;
    md.version = KC_CONNECT_EAGER;
    md.url = URL;
    md.config_offset = 7;
    kc_wbuf_init(&wb);
    kc_connect_metadata_encode(&md, &wb);
    assert_int_equal(n, 27);
    assert_encodes_to(&wb, vec_c);
    kc_wbuf_free(&wb);
    /* Read as the cooperative protocol reads it: the missing allocation is null. */
    assert_int_equal(kc_connect_metadata_decode(bytes, n, &back, NULL), KC_OK);
    assert_int_equal(back.version, 0);
    assert_int_equal(back.config_offset, 7);
    assert_false(back.has_allocation);
    kc_connect_metadata_clear(&back);
}

static void
test_assignment_v2_incremental(void **state)
{
    kc_connect_assignment a = { 0 }, back;
    kc_wbuf               wb;
    uint8_t               bytes[128];
    size_t                n = unhex(vec_d, bytes);

    (void) state;
    a.version = 2;
    a.leader = "m1";
    a.leader_url = URL;
    a.config_offset = 7;
    kc_connector_tasks_list_add(&a.assigned, "c", 1);
    kc_connector_tasks_list_add(&a.revoked, "c", KC_CONNECT_TASK_CONNECTOR);
    kc_wbuf_init(&wb);
    kc_connect_assignment_encode(&a, &wb);
    assert_int_equal(n, 67);
    assert_encodes_to(&wb, vec_d);
    kc_connector_tasks_list_clear(&a.assigned);
    kc_connector_tasks_list_clear(&a.revoked);
    kc_wbuf_free(&wb);

    assert_int_equal(kc_connect_assignment_decode(bytes, n, &back, NULL), KC_OK);
    assert_int_equal(back.version, 2);
    assert_int_equal(back.error, 0);
    assert_string_equal(back.leader_url, URL);
    assert_int_equal(back.assigned.items[0].tasks[0], 1);
    assert_string_equal(back.revoked.items[0].connector, "c");
    assert_int_equal(back.revoked.items[0].tasks[0], -1);
    assert_int_equal(back.delay, 0);
    kc_connect_assignment_clear(&back);
}

static void
test_assignment_v0_and_tolerant_decoding(void **state)
{
    kc_connect_assignment a = { 0 }, back;
    kc_wbuf               wb;
    uint8_t               bytes[128];
    size_t                n = unhex(vec_e, bytes);

    (void) state;
    a.version = 0;
    a.leader = "m1";
    a.leader_url = URL;
    a.config_offset = 7;
    kc_connector_tasks_list_add(&a.assigned, "c", 0);
    kc_connector_tasks_list_add(&a.assigned, "c", 1);
    kc_connector_tasks_list_add(&a.assigned, "c", KC_CONNECT_TASK_CONNECTOR);
    kc_wbuf_init(&wb);
    kc_connect_assignment_encode(&a, &wb);
    assert_int_equal(n, 56);
    assert_encodes_to(&wb, vec_e);
    kc_connector_tasks_list_clear(&a.assigned);
    kc_wbuf_free(&wb);

    /* Decoded with the V1 schema, as Java workers do: revoked absent (null), delay 0. */
    assert_int_equal(kc_connect_assignment_decode(bytes, n, &back, NULL), KC_OK);
    assert_int_equal(back.version, 0);
    assert_int_equal(back.assigned.items[0].ntasks, 3);
    assert_true(back.revoked.is_null);
    assert_int_equal(back.delay, 0);
    kc_connect_assignment_clear(&back);
}

static void
test_truncated_and_hostile_input_is_refused(void **state)
{
    uint8_t               bytes[128];
    size_t                n = unhex(vec_d, bytes);
    kc_connect_assignment a;
    kc_connect_metadata   md;
    kc_err                err;

    (void) state;
    /* Every cut inside a field is refused (cuts between top-level trailing fields are the
     * tolerated "absent" cases). */
    assert_int_equal(kc_connect_assignment_decode(bytes, 5, &a, &err), KC_EPROTO);
    assert_non_null(strstr(err.msg, "malformed at byte"));
    assert_int_equal(kc_connect_assignment_decode(bytes, 30, &a, &err), KC_EPROTO);
    assert_int_equal(kc_connect_assignment_decode(bytes, n - 2, &a, &err), KC_OK);
    kc_connect_assignment_clear(&a);
    /* A negative version, and an array count larger than the input. */
    bytes[0] = 0xff;
    assert_int_equal(kc_connect_assignment_decode(bytes, n, &a, &err), KC_EPROTO);
    n = unhex(vec_e, bytes);
    bytes[0x21] = 0x7f;        /* assignment count 0x7f000001 */
    assert_int_equal(kc_connect_assignment_decode(bytes, n, &a, &err), KC_EPROTO);
    n = unhex(vec_a, bytes);
    bytes[0x1e] = 0x7f;        /* allocation length past the end */
    assert_int_equal(kc_connect_metadata_decode(bytes, n, &md, &err), KC_EPROTO);
}

static void
test_protocol_names(void **state)
{
    (void) state;
    assert_string_equal(kc_connect_protocol_name(KC_CONNECT_EAGER), "default");
    assert_string_equal(kc_connect_protocol_name(KC_CONNECT_COMPATIBLE), "compatible");
    assert_string_equal(kc_connect_protocol_name(KC_CONNECT_SESSIONED), "sessioned");
    assert_int_equal(kc_connect_protocol_parse("sessioned"), 2);
    assert_int_equal(kc_connect_protocol_parse("eager"), -1);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_metadata_sessioned_with_allocation),
        cmocka_unit_test(test_metadata_compatible_differs_only_in_versions),
        cmocka_unit_test(test_metadata_first_join_has_null_allocation),
        cmocka_unit_test(test_metadata_v0),
        cmocka_unit_test(test_assignment_v2_incremental),
        cmocka_unit_test(test_assignment_v0_and_tolerant_decoding),
        cmocka_unit_test(test_truncated_and_hostile_input_is_refused),
        cmocka_unit_test(test_protocol_names),
    };
    return cmocka_run_group_tests_name("connect_protocol", tests, NULL, NULL);
}
