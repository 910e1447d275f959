/*
 * tests/unit/test_kafka_conn.c - a broker connection's waits against a silent peer: a
 * listener on loopback that accepts and never answers, as a hung broker does. The open
 * (its ApiVersions) runs out its timeout, or gives up promptly once the owner's stop flag
 * is set from another thread.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "protocol/kafka_conn.h"

/* A listening socket on 127.0.0.1; the kernel completes connects to it (backlog), and
 * nothing ever reads or answers. Returns the fd, the port in *port. */
static int
silent_listener(int *port)
{
    struct sockaddr_in a = { .sin_family = AF_INET };
    socklen_t          len = sizeof(a);
    int                fd = socket(AF_INET, SOCK_STREAM, 0);

    assert_true(fd >= 0);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    assert_int_equal(bind(fd, (struct sockaddr *) &a, sizeof(a)), 0);
    assert_int_equal(listen(fd, 4), 0);
    assert_int_equal(getsockname(fd, (struct sockaddr *) &a, &len), 0);
    *port = ntohs(a.sin_port);
    return fd;
}

typedef struct {
    atomic_bool *flag;
    int          after_ms;
} setter_args;

static void *
set_after(void *arg)
{
    setter_args    *s = arg;
    struct timespec ts = { 0, (long) s->after_ms * 1000000L };

    nanosleep(&ts, NULL);
    atomic_store(s->flag, true);
    return NULL;
}

static void
test_silent_peer_times_out(void **state)
{
    int            port, fd = silent_listener(&port);
    kc_err         err = { 0 };
    int64_t        t0 = kc_mono_ms();
    kc_kafka_conn *c;

    (void) state;
    c = kc_kconn_open("127.0.0.1", port, NULL, "t", NULL, 300, &err);
    assert_null(c);
    assert_int_equal(err.code, KC_ETIMEOUT);
    assert_true(kc_mono_ms() - t0 >= 290);
    close(fd);
}

static void
test_stop_flag_cuts_a_wait_short(void **state)
{
    int            port, fd = silent_listener(&port);
    atomic_bool    stop;
    setter_args    s = { &stop, 200 };
    pthread_t      setter;
    kc_err         err = { 0 };
    int64_t        t0, took;
    kc_kafka_conn *c;

    (void) state;
    atomic_init(&stop, false);
    assert_int_equal(pthread_create(&setter, NULL, set_after, &s), 0);
    t0 = kc_mono_ms();
    c = kc_kconn_open("127.0.0.1", port, NULL, "t", &stop, 30000, &err);
    took = kc_mono_ms() - t0;
    pthread_join(setter, NULL);
    assert_null(c);
    assert_int_equal(err.code, KC_ESTOPPED);
    assert_non_null(strstr(err.msg, "stopping"));
    assert_true(took >= 190);
    assert_true(took < 200 + 5 * KC_KCONN_STOP_POLL_MS);
    close(fd);
}

static void
test_stop_flag_already_set(void **state)
{
    int            port, fd = silent_listener(&port);
    atomic_bool    stop;
    kc_err         err = { 0 };
    kc_kafka_conn *c;

    (void) state;
    atomic_init(&stop, true);
    c = kc_kconn_open("127.0.0.1", port, NULL, "t", &stop, 30000, &err);
    assert_null(c);
    assert_int_equal(err.code, KC_ESTOPPED);
    close(fd);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_silent_peer_times_out),
        cmocka_unit_test(test_stop_flag_cuts_a_wait_short),
        cmocka_unit_test(test_stop_flag_already_set),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
