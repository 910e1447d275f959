/*
 * tests/unit/test_group.c - the group coordinator's responses as protocol/group.c reads
 * them: FindCoordinator v2, SyncGroup v3, Heartbeat v3 and LeaveGroup v3 bodies built per
 * Kafka's message definitions, good, refused and malformed (cases found by
 * tests/fuzz/fuzz_group_responses.c among them).
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

#include "protocol/group.h"

static void
coordinator(kc_wbuf *wb, int16_t ec, const char *host, size_t host_len, int32_t port)
{
    kc_wbuf_init(wb);
    kc_wbuf_i32(wb, 0);                         /* ThrottleTimeMs */
    kc_wbuf_i16(wb, ec);
    kc_wbuf_string(wb, NULL);                   /* ErrorMessage */
    kc_wbuf_i32(wb, 1);                         /* NodeId */
    kc_wbuf_string_n(wb, host, host_len);
    kc_wbuf_i32(wb, port);
}

static void
test_find_coordinator(void **state)
{
    kc_wbuf wb;
    char    host[16];
    int32_t port = 0;
    int16_t ec = -1;

    (void) state;
    coordinator(&wb, 0, "127.0.0.1", 9, 9092);
    assert_int_equal(kc_group_parse_coordinator(wb.buf, wb.len, &ec, host, sizeof(host), &port),
                     KC_OK);
    assert_int_equal(ec, 0);
    assert_string_equal(host, "127.0.0.1");
    assert_int_equal(port, 9092);
    /* Truncated anywhere: malformed. */
    for (size_t n = 0; n < wb.len; n++)
        assert_int_equal(kc_group_parse_coordinator(wb.buf, n, &ec, host, sizeof(host), &port),
                         KC_EPROTO);
    kc_wbuf_free(&wb);

    /* An error: the host is not looked at. */
    coordinator(&wb, 15, "", 0, -1);
    assert_int_equal(kc_group_parse_coordinator(wb.buf, wb.len, &ec, host, sizeof(host), &port),
                     KC_OK);
    assert_int_equal(ec, 15);
    kc_wbuf_free(&wb);
}

/* A coordinator's host must be a name: empty, too long or holding a NUL is malformed (a NUL
 * once passed as a shorter name, or an empty one). */
static void
test_find_coordinator_bad_host(void **state)
{
    static const struct { const char *host; size_t len; } bad[] = {
        { "", 0 }, { "0123456789abcdef", 16 }, { "\0\0", 2 }, { "evil\0.example", 13 },
    };
    kc_wbuf wb;
    char    host[16];
    int32_t port;
    int16_t ec;

    (void) state;
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        coordinator(&wb, 0, bad[i].host, bad[i].len, 9092);
        assert_int_equal(kc_group_parse_coordinator(wb.buf, wb.len, &ec, host, sizeof(host),
                                                    &port), KC_EPROTO);
        kc_wbuf_free(&wb);
    }
}

static void
sync_response(kc_wbuf *wb, int16_t ec, const void *a, int32_t n)
{
    kc_wbuf_init(wb);
    kc_wbuf_i32(wb, 0);
    kc_wbuf_i16(wb, ec);
    kc_wbuf_bytes(wb, a, n);
}

static void
test_sync_group(void **state)
{
    kc_wbuf  wb;
    uint8_t *data;
    size_t   len;
    int16_t  ec;

    (void) state;
    sync_response(&wb, 0, "\0\1abc", 5);
    assert_int_equal(kc_group_parse_sync(wb.buf, wb.len, &ec, &data, &len), KC_OK);
    assert_int_equal(ec, 0);
    assert_int_equal(len, 5);
    assert_memory_equal(data, "\0\1abc", 5);
    free(data);
    assert_int_equal(kc_group_parse_sync(wb.buf, wb.len - 1, &ec, &data, &len), KC_EPROTO);
    assert_null(data);
    kc_wbuf_free(&wb);

    /* A null assignment is an empty one. */
    sync_response(&wb, 0, NULL, -1);
    assert_int_equal(kc_group_parse_sync(wb.buf, wb.len, &ec, &data, &len), KC_OK);
    assert_non_null(data);
    assert_int_equal(len, 0);
    free(data);
    kc_wbuf_free(&wb);

    /* REBALANCE_IN_PROGRESS: no assignment. */
    sync_response(&wb, 27, "x", 1);
    assert_int_equal(kc_group_parse_sync(wb.buf, wb.len, &ec, &data, &len), KC_OK);
    assert_int_equal(ec, 27);
    assert_null(data);
    assert_int_equal(len, 0);
    kc_wbuf_free(&wb);
}

static void
test_heartbeat(void **state)
{
    kc_wbuf wb, empty;
    int16_t ec;

    (void) state;
    kc_wbuf_init(&wb);
    kc_wbuf_i32(&wb, 0);
    kc_wbuf_i16(&wb, 27);
    assert_int_equal(kc_group_parse_heartbeat(wb.buf, wb.len, &ec), KC_OK);
    assert_int_equal(ec, 27);
    assert_int_equal(kc_group_parse_heartbeat(wb.buf, wb.len - 1, &ec), KC_EPROTO);
    kc_wbuf_free(&wb);
    /* An empty body, as kc_kconn_request leaves it in a buffer that never grew. */
    kc_wbuf_init(&empty);
    assert_int_equal(kc_group_parse_heartbeat(empty.buf, empty.len, &ec), KC_EPROTO);
}

static void
leave_response(kc_wbuf *wb, int16_t ec, int32_t n, const int16_t *member_ecs)
{
    kc_wbuf_init(wb);
    kc_wbuf_i32(wb, 0);
    kc_wbuf_i16(wb, ec);
    kc_wbuf_i32(wb, n);
    for (int32_t i = 0; i < n; i++) {
        kc_wbuf_string(wb, "connect-1-0b5e");
        kc_wbuf_string(wb, NULL);
        kc_wbuf_i16(wb, member_ecs[i]);
    }
}

/* The error a LeaveGroup v3 body of top-level error ec and n members (errors member_ecs)
 * reads as. */
static int16_t
leave_error(int16_t ec, int32_t n, const int16_t *member_ecs)
{
    kc_wbuf wb;
    int16_t got = -2;

    leave_response(&wb, ec, n, member_ecs);
    assert_int_equal(kc_group_parse_leave(wb.buf, wb.len, &got), KC_OK);
    assert_int_equal(kc_group_parse_leave(wb.buf, wb.len - 1, &got), KC_EPROTO);
    kc_wbuf_free(&wb);
    return got;
}

/* As Java's LeaveGroupResponse.error(): the top-level error, else the first member's. */
static void
test_leave_group(void **state)
{
    static const int16_t none[] = { 0 }, unknown[] = { 0, 25, 16 };
    kc_wbuf              wb;
    int16_t              ec;

    (void) state;
    assert_int_equal(leave_error(0, 1, none), 0);
    assert_int_equal(leave_error(0, 3, unknown), 25);
    assert_int_equal(leave_error(16, 3, unknown), 16);
    assert_int_equal(leave_error(30, 0, NULL), 30);
    /* A count the rest cannot hold. */
    leave_response(&wb, 0, 0, NULL);
    kc_wbuf_put_i32_at(&wb, 6, 1000);
    assert_int_equal(kc_group_parse_leave(wb.buf, wb.len, &ec), KC_EPROTO);
    kc_wbuf_free(&wb);
}

/* A DescribeGroups v3 response for one group of n members (metadata "md<i>", hosts
 * "/127.0.0.<i>"). */
static void
describe_response(kc_wbuf *wb, int16_t ec, const char *state, int n)
{
    kc_wbuf_init(wb);
    kc_wbuf_i32(wb, 0);                           /* throttle */
    kc_wbuf_i32(wb, 1);
    kc_wbuf_i16(wb, ec);
    kc_wbuf_string(wb, "connect-cluster");
    kc_wbuf_string(wb, state);
    kc_wbuf_string(wb, "connect");
    kc_wbuf_string(wb, "sessioned");
    kc_wbuf_i32(wb, n);
    for (int i = 0; i < n; i++) {
        char id[32], host[32], md[16];
        snprintf(id, sizeof(id), "connect-%d", i);
        snprintf(host, sizeof(host), "/127.0.0.%d", i);
        snprintf(md, sizeof(md), "md%d", i);
        kc_wbuf_string(wb, id);
        kc_wbuf_string(wb, "connect-client");
        kc_wbuf_string(wb, host);
        kc_wbuf_bytes(wb, md, (int32_t) strlen(md));
        kc_wbuf_bytes(wb, NULL, -1);              /* assignment: null */
    }
    kc_wbuf_i32(wb, -2147483648);                 /* authorized_operations: not asked */
}

static void
test_describe_group(void **state)
{
    kc_group_described d;
    kc_wbuf            wb;
    int16_t            ec;

    (void) state;
    describe_response(&wb, 0, "Stable", 2);
    assert_int_equal(kc_group_parse_describe(wb.buf, wb.len, &ec, &d), KC_OK);
    assert_int_equal(ec, 0);
    assert_string_equal(d.state, "Stable");
    assert_int_equal(d.nmembers, 2);
    assert_string_equal(d.members[1].member_id, "connect-1");
    assert_string_equal(d.client_hosts[1], "/127.0.0.1");
    assert_int_equal(d.members[1].len, 3);
    assert_memory_equal(d.members[1].metadata, "md1", 3);
    kc_group_described_clear(&d);
    for (size_t cut = 0; cut < wb.len; cut++)         /* every shorter body is malformed */
        assert_int_equal(kc_group_parse_describe(wb.buf, cut, &ec, &d), KC_EPROTO);
    /* A member count the rest cannot hold. */
    kc_wbuf_put_i32_at(&wb, 4 + 4 + 2 + 17 + 8 + 9 + 11, 100000);
    assert_int_equal(kc_group_parse_describe(wb.buf, wb.len, &ec, &d), KC_EPROTO);
    kc_wbuf_free(&wb);
    /* An error for the group: its code, no members. */
    describe_response(&wb, 15, "Dead", 0);
    assert_int_equal(kc_group_parse_describe(wb.buf, wb.len, &ec, &d), KC_OK);
    assert_int_equal(ec, 15);
    assert_int_equal(d.nmembers, 0);
    kc_group_described_clear(&d);
    kc_wbuf_free(&wb);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_find_coordinator),
        cmocka_unit_test(test_find_coordinator_bad_host),
        cmocka_unit_test(test_sync_group),
        cmocka_unit_test(test_heartbeat),
        cmocka_unit_test(test_leave_group),
        cmocka_unit_test(test_describe_group),
    };
    return cmocka_run_group_tests_name("group", tests, NULL, NULL);
}
