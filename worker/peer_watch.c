/*
 * worker/peer_watch.c - see peer_watch.h.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "worker/peer_watch.h"

#include <errno.h>
#include <netdb.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <unistd.h>

#include "lib/common.h"

typedef struct peer {
    char                   *id, *url;
    struct sockaddr_storage addr;
    socklen_t               addrlen;
    bool                    seen_alive;     /* a connection succeeded once */
    bool                    reported;
    int                     fd;             /* the probe in progress, -1 none */
    int64_t                 next;           /* the next probe's start (every_ms after its) */
    int64_t                 refused_since;  /* first of the refusals in a row, 0 none */
} peer;

struct kc_peer_watch {
    int    every_ms, gone_after_ms;
    peer  *peers;
    size_t n;
};

kc_peer_watch *
kc_peer_watch_new(int every_ms, int gone_after_ms)
{
    kc_peer_watch *w = kc_xcalloc(1, sizeof(*w));

    w->every_ms = every_ms;
    w->gone_after_ms = gone_after_ms;
    return w;
}

static void
probe_close(peer *p)
{
    /* A reset rather than a FIN: a leader probing many workers leaves no TIME_WAIT behind. */
    struct linger reset = { 1, 0 };

    if (p->fd < 0)
        return;
    (void) setsockopt(p->fd, SOL_SOCKET, SO_LINGER, &reset, sizeof(reset));
    close(p->fd);
    p->fd = -1;
}

static void
peer_clear(peer *p)
{
    probe_close(p);
    free(p->id);
    free(p->url);
}

void
kc_peer_watch_free(kc_peer_watch *w)
{
    if (w == NULL)
        return;
    for (size_t i = 0; i < w->n; i++)
        peer_clear(&w->peers[i]);
    free(w->peers);
    free(w);
}

bool
kc_peer_url_address(const char *url, char *host, size_t hsize, char *port, size_t psize)
{
    const char *scheme_end = strstr(url, "://"), *h, *end, *colon;
    size_t      hl, pl;
    bool        tls;
    long        n;

    if (scheme_end == NULL || hsize == 0 || psize < 6)
        return false;
    tls = (size_t) (scheme_end - url) == 5 && strncasecmp(url, "https", 5) == 0;
    if (!tls && !((size_t) (scheme_end - url) == 4 && strncasecmp(url, "http", 4) == 0))
        return false;
    h = scheme_end + 3;
    if (*h == '[') {
        end = strchr(++h, ']');
        if (end == NULL)
            return false;
        colon = end[1] == ':' ? end + 1 : NULL;
        if (colon == NULL && end[1] != '\0' && end[1] != '/')
            return false;
    } else {
        end = h + strcspn(h, ":/");
        colon = *end == ':' ? end : NULL;
    }
    hl = (size_t) (end - h);
    if (hl == 0 || hl >= hsize || memchr(h, '\0', hl) != NULL)
        return false;
    memcpy(host, h, hl);
    host[hl] = '\0';
    if (colon == NULL) {
        snprintf(port, psize, "%s", tls ? "443" : "80");
        return true;
    }
    pl = strcspn(colon + 1, "/");
    if (pl == 0 || pl > 5 || strspn(colon + 1, "0123456789") != pl)
        return false;
    memcpy(port, colon + 1, pl);
    port[pl] = '\0';
    n = strtol(port, NULL, 10);
    return n >= 1 && n <= 65535;
}

/* The URL's address, resolved (the first the resolver gives). */
static bool
resolve(const char *url, struct sockaddr_storage *addr, socklen_t *len)
{
    char             host[256], port[8];
    struct addrinfo  hints = { 0 }, *res = NULL;

    if (!kc_peer_url_address(url, host, sizeof(host), port, sizeof(port)))
        return false;
    hints.ai_socktype = SOCK_STREAM;
    if (getaddrinfo(host, port, &hints, &res) != 0 || res == NULL)
        return false;
    if (res->ai_addrlen > sizeof(*addr)) {
        freeaddrinfo(res);
        return false;
    }
    memcpy(addr, res->ai_addr, res->ai_addrlen);
    *len = res->ai_addrlen;
    freeaddrinfo(res);
    return true;
}

void
kc_peer_watch_set(kc_peer_watch *w, const char *const *ids, const char *const *urls, size_t n)
{
    peer  *now = kc_xcalloc(n ? n : 1, sizeof(*now));
    size_t m = 0;

    for (size_t i = 0; i < n; i++) {
        peer *kept = NULL;
        for (size_t k = 0; k < w->n && kept == NULL; k++)
            if (w->peers[k].id != NULL && strcmp(w->peers[k].id, ids[i]) == 0 &&
                strcmp(w->peers[k].url, urls[i]) == 0)
                kept = &w->peers[k];
        if (kept != NULL) {
            now[m++] = *kept;
            kept->id = kept->url = NULL;            /* moved */
            kept->fd = -1;
            continue;
        }
        now[m] = (peer) { .fd = -1 };
        if (!resolve(urls[i], &now[m].addr, &now[m].addrlen))
            continue;
        now[m].id = kc_xstrdup(ids[i]);
        now[m].url = kc_xstrdup(urls[i]);
        m++;
    }
    for (size_t k = 0; k < w->n; k++)
        peer_clear(&w->peers[k]);
    free(w->peers);
    w->peers = now;
    w->n = m;
}

/* What a probe found: the connection made, refused, or nothing that says either. */
enum { ALIVE, REFUSED, UNKNOWN };

static bool
verdict(kc_peer_watch *w, peer *p, int what, int64_t now)
{
    if (what == ALIVE) {
        p->seen_alive = true;
        p->refused_since = 0;
    } else if (what == REFUSED && p->seen_alive) {
        if (p->refused_since == 0)
            p->refused_since = now;
        else if (now - p->refused_since >= w->gone_after_ms)
            return p->reported = true;
    } else {
        p->refused_since = 0;
    }
    return false;
}

/* A connection's outcome from its error number (0: made). */
static int
outcome(int e)
{
    return e == 0 ? ALIVE : e == ECONNREFUSED ? REFUSED : UNKNOWN;
}

const char *
kc_peer_watch_poll(kc_peer_watch *w, int64_t now, const char **url)
{
    for (size_t i = 0; i < w->n; i++) {
        peer *p = &w->peers[i];
        int   what = -1;

        if (p->reported)
            continue;
        if (p->fd >= 0) {
            struct pollfd pfd = { p->fd, POLLOUT, 0 };
            if (poll(&pfd, 1, 0) > 0) {
                int       e = 0;
                socklen_t el = sizeof(e);
                if (getsockopt(p->fd, SOL_SOCKET, SO_ERROR, &e, &el) != 0)
                    e = errno;
                what = outcome(e);
            } else if (now - p->next >= w->every_ms) {  /* 2 x every_ms since its start */
                what = UNKNOWN;                         /* no answer: say nothing */
            }
        } else if (now >= p->next) {
            p->next = now + w->every_ms;
            p->fd = socket(p->addr.ss_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
            if (p->fd < 0)
                continue;
            if (connect(p->fd, (struct sockaddr *) &p->addr, p->addrlen) == 0)
                what = ALIVE;
            else if (errno != EINPROGRESS)
                what = outcome(errno);
        }
        if (what >= 0)
            probe_close(p);
        if (what >= 0 && verdict(w, p, what, now)) {
            if (url != NULL)
                *url = p->url;
            return p->id;
        }
    }
    return NULL;
}
