/*
 * worker/peer_watch.h - finds a group member whose process is gone, sooner than the
 * coordinator does: its REST port, reached before, now refuses connections.
 *
 * A member killed (kill -9, the OOM killer, a crash) stays in the group until the coordinator
 * has heard nothing from it for session.timeout.ms (10 s by default), and its work waits that
 * long. The kernel of a host that is up answers a connection to a port nobody listens on
 * with a reset, at once: a REST port that refuses connections for gone_after_ms, where a
 * connection succeeded before, means the worker's process has exited. Only that counts: a
 * connection that hangs or a host that cannot be reached (a frozen worker, a cut network, a
 * host down) says nothing, and is left to the session timeout; so is a URL never reached
 * (an advertised address the others cannot use). A kconnect worker that stops keeps its
 * port until it has left the group (rest/server.h, kc_rest_stop_keeping_ports).
 *
 * Probes are TCP connections only (no HTTP, no TLS), started and read without waiting.
 * Owner: the herder thread.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_PEER_WATCH_H
#define KC_PEER_WATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct kc_peer_watch kc_peer_watch;

/* A probe of each member every every_ms; gone once refused for gone_after_ms. */
kc_peer_watch *kc_peer_watch_new(int every_ms, int gone_after_ms);
void kc_peer_watch_free(kc_peer_watch *w);

/* Watches these n members (their member ids and REST URLs, "http[s]://host:port/") from now
 * on, and no others. One watched before under the same id and URL keeps what was seen of
 * it; a URL that does not parse or resolve is not watched. Resolves host names: may block
 * as long as the resolver does. */
void kc_peer_watch_set(kc_peer_watch *w, const char *const *ids, const char *const *urls,
                       size_t n);

/* Starts the probes that are due and reads those answered, without waiting. Returns the
 * member id of a member found gone (valid until the next call; *url gets its URL), else
 * NULL. A member is reported once. */
const char *kc_peer_watch_poll(kc_peer_watch *w, int64_t now_ms, const char **url);

/* The host (of hsize bytes, brackets of "[v6]" dropped) and port (psize, at least 6 bytes;
 * 80 or 443 when the URL gives none) of an "http[s]://host[:port][/...]" URL, as another
 * member advertises it in its metadata. false for any other text. Pure: any thread. */
bool kc_peer_url_address(const char *url, char *host, size_t hsize, char *port, size_t psize);

#endif
