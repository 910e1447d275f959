/*
 * tests/unit/test_peer_watch.c - a member is found gone only once its REST port, reached
 * before, has refused connections for the whole wait; never on a port never reached; what
 * was seen of a member survives a new watch list naming it with the same URL. Real sockets
 * on loopback; the clock given to each poll is the test's.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#include <cmocka.h>

#include "worker/peer_watch.h"

#define EVERY 100
#define GONE  300

/* A listening socket on loopback (v6: ::1), its port in *port. */
static int
listener(bool v6, int *port)
{
    struct sockaddr_storage ss = { 0 };
    socklen_t               len;
    int                     fd = socket(v6 ? AF_INET6 : AF_INET, SOCK_STREAM, 0);

    assert_true(fd >= 0);
    if (v6) {
        struct sockaddr_in6 *a = (struct sockaddr_in6 *) &ss;
        a->sin6_family = AF_INET6;
        a->sin6_addr = in6addr_loopback;
        len = sizeof(*a);
    } else {
        struct sockaddr_in *a = (struct sockaddr_in *) &ss;
        a->sin_family = AF_INET;
        a->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        len = sizeof(*a);
    }
    assert_int_equal(bind(fd, (struct sockaddr *) &ss, len), 0);
    assert_int_equal(listen(fd, 16), 0);
    assert_int_equal(getsockname(fd, (struct sockaddr *) &ss, &len), 0);
    *port = ntohs(v6 ? ((struct sockaddr_in6 *) &ss)->sin6_port
                     : ((struct sockaddr_in *) &ss)->sin_port);
    return fd;
}

/* Listening on that loopback port again. */
static int
listen_on(int port)
{
    struct sockaddr_in a = { .sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK),
                             .sin_port = htons((uint16_t) port) };
    int                one = 1, fd = socket(AF_INET, SOCK_STREAM, 0);

    assert_int_equal(setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)), 0);
    assert_int_equal(bind(fd, (struct sockaddr *) &a, sizeof(a)), 0);
    assert_int_equal(listen(fd, 16), 0);
    return fd;
}

/* Polls from *now until `until` (test clock, 10 ms steps, each a real millisecond for the
 * kernel to answer): the id reported first, or NULL; *now ends where it was reported. */
static const char *
run(kc_peer_watch *w, int64_t *now, int64_t until, const char **url)
{
    for (; *now <= until; *now += 10) {
        const char *gone = kc_peer_watch_poll(w, *now, url);
        if (gone != NULL)
            return gone;
        usleep(1000);
    }
    return NULL;
}

static void
watch_one(kc_peer_watch *w, const char *id, const char *url)
{
    const char *ids[] = { id }, *urls[] = { url };

    kc_peer_watch_set(w, ids, urls, 1);
}

static void
test_refused_after_answering_is_gone_after_the_wait(void **state)
{
    kc_peer_watch *w = kc_peer_watch_new(EVERY, GONE);
    int64_t        now = 1000, closed;
    const char    *url = NULL;
    char           u[64];
    int            port, fd = listener(false, &port);

    (void) state;
    snprintf(u, sizeof(u), "http://127.0.0.1:%d/", port);
    watch_one(w, "m-1", u);
    assert_null(run(w, &now, 1500, &url));          /* answering: nothing to say */
    close(fd);
    closed = now;
    assert_string_equal(run(w, &now, closed + 10 * GONE, &url), "m-1");
    assert_string_equal(url, u);
    /* The first refusal comes with the next probe; the wait counts from it. */
    assert_true(now - closed >= GONE);
    assert_true(now - closed <= GONE + 2 * EVERY);
    assert_null(run(w, &now, now + 10 * GONE, &url)); /* reported once */
    kc_peer_watch_free(w);
}

static void
test_a_port_never_reached_says_nothing(void **state)
{
    kc_peer_watch *w = kc_peer_watch_new(EVERY, GONE);
    int64_t        now = 0;
    char           u[64];
    int            port, fd = listener(false, &port);

    (void) state;
    close(fd);                                      /* the port refuses from the start */
    snprintf(u, sizeof(u), "http://127.0.0.1:%d", port);
    watch_one(w, "m-1", u);
    assert_null(run(w, &now, 20 * GONE, NULL));
    kc_peer_watch_free(w);
}

static void
test_an_answer_between_refusals_starts_the_wait_again(void **state)
{
    kc_peer_watch *w = kc_peer_watch_new(EVERY, GONE);
    int64_t        now = 0;
    char           u[64];
    int            port, fd = listener(false, &port);

    (void) state;
    snprintf(u, sizeof(u), "http://127.0.0.1:%d/", port);
    watch_one(w, "m-1", u);
    assert_null(run(w, &now, 500, NULL));
    for (int round = 0; round < 3; round++) {        /* a port that goes and comes back */
        close(fd);
        assert_null(run(w, &now, now + GONE - EVERY, NULL));
        fd = listen_on(port);
        assert_null(run(w, &now, now + 3 * EVERY, NULL));
    }
    close(fd);
    assert_string_equal(run(w, &now, now + 10 * GONE, NULL), "m-1");
    kc_peer_watch_free(w);
}

static void
test_a_new_list_keeps_what_was_seen_under_the_same_id_and_url(void **state)
{
    kc_peer_watch *w = kc_peer_watch_new(EVERY, GONE);
    int64_t        now = 0;
    char           a[64], b[64];
    int            pa, pb, fa = listener(false, &pa), fb = listener(true, &pb);
    const char    *ids[] = { "a", "b" }, *urls[2] = { a, b };

    (void) state;
    snprintf(a, sizeof(a), "http://127.0.0.1:%d/", pa);
    snprintf(b, sizeof(b), "https://[::1]:%d/", pb);
    kc_peer_watch_set(w, ids, urls, 2);
    assert_null(run(w, &now, 500, NULL));
    close(fa);
    close(fb);
    /* b is listed again with its URL, a under another one (a new member at its address):
     * b is known to have answered; a's new entry is not. */
    snprintf(a, sizeof(a), "http://127.0.0.1:%d", pa);
    kc_peer_watch_set(w, ids, urls, 2);
    assert_string_equal(run(w, &now, now + 10 * GONE, NULL), "b");
    assert_null(run(w, &now, now + 10 * GONE, NULL));
    kc_peer_watch_free(w);
}

static void
test_urls_that_name_no_address_are_not_watched(void **state)
{
    kc_peer_watch *w = kc_peer_watch_new(EVERY, GONE);
    const char    *ids[] = { "a", "b", "c", "d", "e", "f" };
    const char    *urls[] = { "", "ftp://127.0.0.1:1/", "http://:8083/", "http://127.0.0.1:80x/",
                              "http://[::1/", "http://127.0.0.1:123456/" };
    int64_t        now = 0;

    (void) state;
    kc_peer_watch_set(w, ids, urls, 6);
    assert_null(run(w, &now, 10 * GONE, NULL));
    kc_peer_watch_set(w, NULL, NULL, 0);
    kc_peer_watch_free(w);
}

static void
test_url_addresses(void **state)
{
    static const struct { const char *url, *host, *port; } good[] = {
        { "http://127.0.0.1:8083/", "127.0.0.1", "8083" },
        { "http://worker-1.example:8083", "worker-1.example", "8083" },
        { "HTTPS://w:443/connect/", "w", "443" },
        { "https://[::1]:8443/", "::1", "8443" },
        { "http://[fe80::1]/", "fe80::1", "80" },
        { "https://w/", "w", "443" },
        { "http://w", "w", "80" },
        { "http://w:65535/", "w", "65535" },
    };
    static const char *const bad[] = {
        "", "127.0.0.1:8083", "ftp://w:21/", "httpx://w/", "http://", "http:///", "http://:8083/",
        "http://w:/", "http://w:0/", "http://w:65536/", "http://w:123456/", "http://w:80x/",
        "http://w:-1/", "http://[::1/", "http://[]:80/", "http://[::1]x/",
    };
    char host[256], port[8], tiny[4];

    (void) state;
    for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
        assert_true(kc_peer_url_address(good[i].url, host, sizeof(host), port, sizeof(port)));
        assert_string_equal(host, good[i].host);
        assert_string_equal(port, good[i].port);
    }
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
        assert_false(kc_peer_url_address(bad[i], host, sizeof(host), port, sizeof(port)));
    /* A host longer than its buffer is refused, not cut. */
    assert_false(kc_peer_url_address("http://worker:8083/", tiny, sizeof(tiny), port,
                                     sizeof(port)));
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_refused_after_answering_is_gone_after_the_wait),
        cmocka_unit_test(test_a_port_never_reached_says_nothing),
        cmocka_unit_test(test_an_answer_between_refusals_starts_the_wait_again),
        cmocka_unit_test(test_a_new_list_keeps_what_was_seen_under_the_same_id_and_url),
        cmocka_unit_test(test_urls_that_name_no_address_are_not_watched),
        cmocka_unit_test(test_url_addresses),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
