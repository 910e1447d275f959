/*
 * tests/unit/test_kafka_conn.c - a broker connection's waits against a silent peer: a
 * listener on loopback that accepts and never answers, as a hung broker does. The open
 * (its ApiVersions) runs out its timeout, or gives up promptly once the owner's stop flag
 * is set from another thread.
 *
 * Then what a broker sends, read from one end of a socketpair the test writes the broker's
 * bytes into (kc_kconn_open_fd): response frames good and bad, and SCRAM's server messages
 * (cases found by tests/fuzz/fuzz_kafka_conn.c and tests/fuzz/fuzz_scram.c among them).
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
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "protocol/kafka_conn.h"
#include "lib/wire.h"

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

/* ===== A broker's bytes over a socketpair ===== */

/* A frame: size, correlation id, body. */
static void
frame(kc_wbuf *out, int32_t corr, const kc_wbuf *body)
{
    kc_wbuf_i32(out, (int32_t) (4 + body->len));
    kc_wbuf_i32(out, corr);
    kc_wbuf_raw(out, body->buf, body->len);
}

/* An ApiVersions v0 body: no error, Heartbeat v0-4 only. */
static void
api_versions_body(kc_wbuf *body)
{
    kc_wbuf_init(body);
    kc_wbuf_i16(body, 0);
    kc_wbuf_i32(body, 1);
    kc_wbuf_i16(body, KC_API_HEARTBEAT);
    kc_wbuf_i16(body, 0);
    kc_wbuf_i16(body, 4);
}

/* Opens a connection whose broker has sent `sent` and then closed its side. */
static kc_kafka_conn *
open_on(const kc_wbuf *sent, kc_err *err, int *peer)
{
    int fds[2];

    assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM, 0, fds), 0);
    assert_int_equal(write(fds[1], sent->buf, sent->len), (ssize_t) sent->len);
    assert_int_equal(shutdown(fds[1], SHUT_WR), 0);
    *peer = fds[1];
    return kc_kconn_open_fd(fds[0], "broker", 9092, NULL, "t", NULL, 5000, err);
}

static void
test_open_fd_reads_api_versions(void **state)
{
    kc_wbuf        body, sent;
    kc_err         err = { 0 };
    kc_kafka_conn *c;
    int            peer;

    (void) state;
    api_versions_body(&body);
    kc_wbuf_init(&sent);
    frame(&sent, 1, &body);
    c = open_on(&sent, &err, &peer);
    assert_non_null(c);
    assert_string_equal(kc_kconn_peer(c), "broker:9092");
    assert_int_equal(kc_kconn_api_version(c, KC_API_HEARTBEAT, 3, 3), 3);
    assert_int_equal(kc_kconn_api_version(c, KC_API_HEARTBEAT, 5, 6), -1);
    assert_int_equal(kc_kconn_api_version(c, KC_API_JOIN_GROUP, 5, 5), -1);
    kc_kconn_close(c);
    close(peer);
    kc_wbuf_free(&body);
    kc_wbuf_free(&sent);
}

/* A frame of 4 bytes (the correlation id alone) leaves an empty body in a buffer that never
 * grew; reading it is a malformed ApiVersions, not a read from NULL. */
static void
test_empty_body_is_malformed(void **state)
{
    kc_wbuf        empty, sent;
    kc_err         err = { 0 };
    kc_kafka_conn *c;
    int            peer;

    (void) state;
    kc_wbuf_init(&empty);
    kc_wbuf_init(&sent);
    frame(&sent, 1, &empty);
    c = open_on(&sent, &err, &peer);
    assert_null(c);
    assert_int_equal(err.code, KC_EPROTO);
    assert_string_equal(err.msg, "broker:9092: malformed ApiVersions response");
    close(peer);
    kc_wbuf_free(&sent);
}

static void
test_bad_frames(void **state)
{
    kc_wbuf        body, sent, req, resp;
    kc_err         err = { 0 };
    kc_kafka_conn *c;
    int            peer;

    (void) state;
    api_versions_body(&body);
    kc_wbuf_init(&req);
    kc_wbuf_init(&resp);

    /* Another request's correlation id. */
    kc_wbuf_init(&sent);
    frame(&sent, 1, &body);
    frame(&sent, 99, &body);
    assert_non_null(c = open_on(&sent, &err, &peer));
    assert_int_equal(kc_kconn_request(c, KC_API_HEARTBEAT, 3, &req, &resp, 5000, &err),
                     KC_EPROTO);
    assert_string_equal(err.msg, "broker:9092: response correlation id 99, expected 2");
    kc_kconn_close(c);
    close(peer);
    kc_wbuf_free(&sent);

    /* A size past the largest response. */
    kc_wbuf_init(&sent);
    frame(&sent, 1, &body);
    kc_wbuf_i32(&sent, (64 << 20) + 1);
    assert_non_null(c = open_on(&sent, &err, &peer));
    assert_int_equal(kc_kconn_request(c, KC_API_HEARTBEAT, 3, &req, &resp, 5000, &err),
                     KC_EPROTO);
    assert_non_null(strstr(err.msg, "response of 67108865 bytes to API 12 v3"));
    kc_kconn_close(c);
    close(peer);
    kc_wbuf_free(&sent);

    /* 64 MiB announced, 10 bytes sent, then the connection closes: an error, and the body
     * read so far only (the size announced is not taken up front). */
    kc_wbuf_init(&sent);
    frame(&sent, 1, &body);
    kc_wbuf_i32(&sent, 64 << 20);
    kc_wbuf_i32(&sent, 2);
    kc_wbuf_raw(&sent, "0123456789", 10);
    assert_non_null(c = open_on(&sent, &err, &peer));
    assert_int_equal(kc_kconn_request(c, KC_API_HEARTBEAT, 3, &req, &resp, 5000, &err),
                     KC_EIO);
    assert_string_equal(err.msg, "broker:9092: connection closed by the broker");
    assert_true(resp.cap <= (1 << 17));
    kc_kconn_close(c);
    close(peer);
    kc_wbuf_free(&sent);

    kc_wbuf_free(&body);
    kc_wbuf_free(&req);
    kc_wbuf_free(&resp);
}

/* ===== SCRAM ===== */

#define NONCE "rOprNGfwEbeRWgbNEkqO"

static int
first(const char *msg, kc_scram_first *f, kc_err *err)
{
    return kc_kconn_scram_parse_first(msg, strlen(msg), NONCE, "SCRAM-SHA-256", f, err);
}

static void
test_scram_server_first(void **state)
{
    static const char msg[] = "r=" NONCE "%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,s=W22ZaJ0SNY7soEsUEjb6gQ==,"
                              "i=4096";
    kc_scram_first    f;
    kc_err            err = { 0 };

    (void) state;
    assert_int_equal(first(msg, &f, &err), KC_OK);
    assert_int_equal(f.iterations, 4096);
    assert_int_equal(f.salt_len, 16);
    assert_ptr_equal(f.nonce, msg + 2);
    assert_int_equal(f.nonce_len, strlen(NONCE "%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0"));
    free(f.salt);
}

/* As Java's ScramSaslClient: fewer than 4096 iterations is a refused login. */
static void
test_scram_refuses_few_iterations(void **state)
{
    kc_scram_first f;
    kc_err         err = { 0 };

    (void) state;
    assert_int_equal(first("r=" NONCE "x,s=c2FsdA==,i=4095", &f, &err), KC_EKAFKA);
    assert_string_equal(err.msg, "Requested iterations 4095 is less than the minimum 4096 for "
                        "SCRAM-SHA-256");
    assert_null(f.salt);
}

/* The iteration count is [0-9]+ read as a Java int: 2^32 + 4096 once read as 4096. */
static void
test_scram_malformed_server_first(void **state)
{
    static const char *const bad[] = {
        "r=" NONCE "x,s=c2FsdA==,i=4294971392",
        "r=" NONCE "x,s=c2FsdA==,i=4096x",
        "r=" NONCE "x,s=c2FsdA==,i=",
        "r=" NONCE "x,s=c2FsdA==,i=0",
        "r=" NONCE "x,s=c2FsdA==,i=-4096",
        "r=" NONCE "x,s=c2FsdA==",
        "r=" NONCE "x,s=!!!!,i=4096",
        "r=someoneelse,s=c2FsdA==,i=4096",
        "r=rOprNG,s=c2FsdA==,i=4096",
        "",
    };
    kc_scram_first f;
    kc_err         err = { 0 };

    (void) state;
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        assert_int_equal(first(bad[i], &f, &err), KC_EPROTO);
        assert_string_equal(err.msg, "malformed server-first message");
        assert_null(f.salt);
    }
    /* A NUL inside: the message is text. */
    static const char nul[] = "r=" NONCE "x,s=c2FsdA==,i=4096\0,x=y";
    assert_int_equal(kc_kconn_scram_parse_first(nul, sizeof(nul) - 1, NONCE, "SCRAM-SHA-256",
                                                &f, &err), KC_EPROTO);
}

static void
test_scram_server_final(void **state)
{
    static const uint8_t sig[4] = { 's', 'i', 'g', '!' };    /* base64 "c2lnIQ==" */
    kc_err               err = { 0 };

    (void) state;
    assert_int_equal(kc_kconn_scram_check_final("v=c2lnIQ==", 10, sig, 4, "SCRAM-SHA-256",
                                                &err), KC_OK);
    assert_int_equal(kc_kconn_scram_check_final("v=c2lnPw==", 10, sig, 4, "SCRAM-SHA-256",
                                                &err), KC_EKAFKA);
    assert_string_equal(err.msg, "the broker's signature does not match");
    assert_int_equal(kc_kconn_scram_check_final("v=c2ln", 6, sig, 4, "SCRAM-SHA-256", &err),
                     KC_EKAFKA);
    assert_int_equal(kc_kconn_scram_check_final("", 0, sig, 4, "SCRAM-SHA-256", &err),
                     KC_EKAFKA);
    /* An error from the server, quoted as Java's client does. */
    assert_int_equal(kc_kconn_scram_check_final("e=invalid-proof", 15, sig, 4,
                                                "SCRAM-SHA-512", &err), KC_EKAFKA);
    assert_string_equal(err.msg, "Sasl authentication using SCRAM-SHA-512 failed with error: "
                        "invalid-proof");
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_silent_peer_times_out),
        cmocka_unit_test(test_stop_flag_cuts_a_wait_short),
        cmocka_unit_test(test_stop_flag_already_set),
        cmocka_unit_test(test_open_fd_reads_api_versions),
        cmocka_unit_test(test_empty_body_is_malformed),
        cmocka_unit_test(test_bad_frames),
        cmocka_unit_test(test_scram_server_first),
        cmocka_unit_test(test_scram_refuses_few_iterations),
        cmocka_unit_test(test_scram_malformed_server_first),
        cmocka_unit_test(test_scram_server_final),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
