/*
 * tests/fuzz/fuzz_kafka_conn.c - libFuzzer target for what a broker, or anything posing as
 * one, sends on a connection of ours (protocol/kafka_conn.c): the response framing (size
 * prefix, correlation id), then ApiVersions, SaslHandshake and SaslAuthenticate as
 * kc_kconn_open reads them, then the frames of the requests that follow, each body read by
 * every parser of protocol/group.c.
 *
 * The first input byte picks the login (its value modulo 4): none, PLAIN, SCRAM-SHA-256,
 * SCRAM-SHA-512; the rest is the byte stream the broker sends, after which it closes its
 * side. The connection runs on one end of a socketpair, the input written to the other.
 * (The client's SCRAM nonce is random: a server-first message never matches it, so SCRAM
 * gets as far as parsing that message; tests/fuzz/fuzz_scram.c covers the rest.)
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "lib/common.h"
#include "protocol/group.h"
#include "protocol/kafka_conn.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* More than any seed; what the socket buffer takes at once, so that writing never waits. */
#define MAX_INPUT  (64 * 1024)
#define REQUESTS   8

static void
read_body(const kc_wbuf *resp)
{
    kc_group_joined joined;
    char            host[256], *member;
    uint8_t        *assignment;
    size_t          alen;
    int32_t         port;
    int16_t         ec;

    if (kc_group_parse_join(resp->buf, resp->len, &ec, &member, &joined) == KC_OK)
        kc_group_joined_clear(&joined);
    free(member);
    (void) kc_group_parse_coordinator(resp->buf, resp->len, &ec, host, sizeof(host), &port);
    if (kc_group_parse_sync(resp->buf, resp->len, &ec, &assignment, &alen) == KC_OK)
        free(assignment);
    (void) kc_group_parse_heartbeat(resp->buf, resp->len, &ec);
    (void) kc_group_parse_leave(resp->buf, resp->len, &ec);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char      plain[] = "PLAIN", sha256[] = "SCRAM-SHA-256", sha512[] = "SCRAM-SHA-512";
    static char      user[] = "admin", password[] = "admin-secret";
    kc_conn_security sec = { .sasl_username = user, .sasl_password = password };
    kc_kafka_conn   *c;
    kc_wbuf          body, resp;
    kc_err           err;
    int              fds[2];
    size_t           off = 1;

    if (size == 0 || size > MAX_INPUT)
        return 0;
    switch (data[0] % 4) {
    case 1: sec.sasl = true, sec.sasl_mechanism = plain; break;
    case 2: sec.sasl = true, sec.sasl_mechanism = sha256; break;
    case 3: sec.sasl = true, sec.sasl_mechanism = sha512; break;
    default: break;
    }
    KC_ASSERT(socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) == 0);
    while (off < size) {
        ssize_t w = send(fds[1], data + off, size - off, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (w <= 0)
            break;                              /* what did not fit is not sent */
        off += (size_t) w;
    }
    KC_ASSERT(shutdown(fds[1], SHUT_WR) == 0);

    c = kc_kconn_open_fd(fds[0], "broker", 9092, &sec, "fuzz", NULL, 1000, &err);
    if (c != NULL) {
        KC_ASSERT(kc_kconn_api_version(c, KC_API_API_VERSIONS, 0, 0) <= 0);
        (void) kc_kconn_api_version(c, KC_API_JOIN_GROUP, 5, 5);
        kc_wbuf_init(&body);
        kc_wbuf_init(&resp);
        kc_wbuf_string(&body, "group");
        for (int i = 0; i < REQUESTS; i++) {
            if (kc_kconn_request(c, KC_API_HEARTBEAT, 3, &body, &resp, 1000, &err) != KC_OK)
                break;
            read_body(&resp);
        }
        kc_wbuf_free(&body);
        kc_wbuf_free(&resp);
        kc_kconn_close(c);
    } else {
        KC_ASSERT(err.code != KC_OK);
    }
    close(fds[1]);
    return 0;
}
