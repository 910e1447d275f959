/*
 * rest/server.h - the Connect REST API over libmicrohttpd.
 *
 * One MHD daemon per entry of `listeners` (http:// or https://host:port; empty host = every
 * interface) and of `admin.listeners`, each with its own polling thread. As in Java, the
 * regular listeners serve every resource but /admin, the admin listeners only /admin, and
 * with admin.listeners absent the regular listeners serve /admin too (empty: nowhere).
 * Requests are matched against the route table (rest/routes.c); anything else is 404 with
 * Connect's {"error_code","message"} body. Bodies are collected up to KC_REST_MAX_BODY bytes
 * (413 beyond). On the regular listeners the CORS rules (access.control.allow.*) and the
 * configured response headers (response.http.headers.config) apply, as Java's handlers on its
 * main context do, and so does basic authentication when rest.extension.classes names
 * BasicAuthSecurityRestExtension (rest/auth.h): Java registers REST extensions on the main
 * context alone, so an admin listener authenticates nothing of Java's. The live page (/ui,
 * rest/ui.c) is served with /admin and is behind the authentication on every listener.
 *
 * https listeners read their key store from listeners.https.ssl.* (admin.listeners.https.*
 * for admin listeners) when any such key is set, else from the top-level ssl.* keys, as
 * Java's SSLUtils does. Key stores of type PKCS12 and PEM are served (JKS is refused).
 * ssl.client.auth (same place) asks clients for a certificate: "requested" refuses one that
 * does not chain to the listener's trust store (ssl.truststore.*, PEM or PKCS12; the
 * system's CAs when none is set), "required" also refuses a client without one; both at the
 * TLS handshake, before any handler runs. The REST client presents the worker's key store
 * to other workers, so followers still reach a leader that requires certificates.
 *
 * Threads: one MHD thread per connection; a handler may block (it waits for the herder or
 * for the leader it forwards to). Handlers only read what the kc_rest_ctx points at, which
 * must stay valid until kc_rest_stop() returns.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_REST_SERVER_H
#define KC_REST_SERVER_H

#include <jansson.h>
#include <regex.h>
#include <stdbool.h>

#include "lib/common.h"
#include "lib/configdef.h"
#include "lib/header_rules.h"
#include "lib/props.h"

#define KC_REST_MAX_BODY (16u << 20)

struct kc_herder;
struct kc_rest_response;

/* What handlers may read; owned by the caller of kc_rest_start. */
typedef struct kc_rest_ctx {
    const char       *version;           /* Connect release we answer as ("4.3.1") */
    const char       *commit;            /* our commit id */
    const char       *kafka_cluster_id;
    /* NULL until the worker has read its internal topics and started its herder; then set
     * once (kc_rest_publish_herder). Requests that need it wait for it meanwhile. */
    struct kc_herder *herder;
    bool              no_herder;         /* none is coming (start-up failed): do not wait */
    const kc_cfg     *worker_cfg;
    /* What connector configs are resolved with before they are validated; NULL: none. */
    const struct kc_config_providers *providers;
    /* Dedicated MirrorMaker's internal REST (KIP-710): every path starts with
     * /{source}/{target}/, which names the herder; only the internal endpoints are served.
     * NULL for a Connect worker. */
    struct kc_herder *(*flow_herder)(void *arg, const char *source, const char *target);
    void             *flow_arg;
    const kc_props   *worker_props;      /* the originals, for listeners.https.* keys */
} kc_rest_ctx;

typedef struct kc_rest_server kc_rest_server;

/* Starts a daemon for every listener of cfg ("listeners", "admin.listeners",
 * "rest.advertised.*"). Returns NULL with err set (bad URL, port in use, unsupported
 * scheme, unreadable key store, invalid CORS pattern). */
kc_rest_server *kc_rest_start(const kc_cfg *cfg, const kc_rest_ctx *ctx, kc_err *err);

/* Stops accepting, waits for handlers to finish, frees. NULL is fine. */
void kc_rest_stop(kc_rest_server *srv);

/* The listening sockets kc_rest_stop_keeping_ports leaves open. */
typedef struct kc_rest_ports {
    size_t n;
    int    fds[];
} kc_rest_ports;

/* kc_rest_stop, but the ports stay bound and listening (a connection waits unanswered in
 * the backlog) until kc_rest_close_ports (NULL is fine): for a worker that leaves its
 * group after its REST API stops, since to the others a REST port that refuses
 * connections means the worker's process is gone (worker/peer_watch.h). */
kc_rest_ports *kc_rest_stop_keeping_ports(kc_rest_server *srv);
void kc_rest_close_ports(kc_rest_ports *ports);

/* "http://host:port/" as other workers should reach this one (Java's advertised URL), and
 * "host:port" (the worker id in status records). Borrowed, valid until kc_rest_stop. */
const char *kc_rest_advertised_url(const kc_rest_server *srv);
const char *kc_rest_worker_id(const kc_rest_server *srv);

/* Parses "http://host:port" (scheme case-insensitive; host may be empty or [v6]). New
 * strings in *scheme (lower-cased) and *host. */
int kc_rest_parse_listener(const char *url, char **scheme, char **host, int *port, kc_err *err);

/* ===== Time limits ===== */

/* How long a request waits for the herder (Java: 90 s, then 500 "Request timed out") and
 * how long GET /health waits (Java: 10 s). The environment variables
 * KCONNECT_REST_REQUEST_TIMEOUT_MS and KCONNECT_REST_HEALTH_TIMEOUT_MS change them when
 * kc_rest_start runs (for tests, as Java's RestServer.requestTimeout() is). Any thread. */
int kc_rest_request_timeout_ms(void);
int kc_rest_health_timeout_ms(void);
void kc_rest_set_timeouts(int request_ms, int health_ms);

/* When kc_rest_start ran (wall ms): the worker's start-up stage began then. */
int64_t kc_rest_started_ms(void);

/* ===== The herder, during start-up ===== */

/* Main thread: the herder has started (h), or none will (NULL: start-up failed or the
 * worker is stopping); wakes the requests waiting for it. */
void kc_rest_publish_herder(kc_rest_ctx *ctx, struct kc_herder *h);

/* Handler threads: the herder, waiting up to timeout_ms while the worker starts. Java
 * registers its REST resources as soon as its herder thread is started, and a request
 * that arrives before the herder has read its internal topics and joined its group waits
 * in the herder's queue; so does one here (kc_herder_call then waits for the join).
 * NULL when the time ran out or no herder is coming. */
struct kc_herder *kc_rest_await_herder(const kc_rest_ctx *ctx, int timeout_ms);

/* kc_rest_await_herder with the request timeout; NULL with resp set as Java answers:
 * 500 "Request timed out. The worker is currently initializing and reading to the end of
 * internal topics, which began at <instant>.", or 503 when no herder is coming. */
struct kc_herder *kc_rest_herder_or_answer(const kc_rest_ctx *ctx,
                                           struct kc_rest_response *resp);

/* Handler threads: fn(herder, arg) run on the herder thread, waiting up to call_timeout_ms,
 * once the worker has a herder (kc_rest_herder_or_answer). false with resp set when there is
 * none, or 500 "Request timed out" when the call timed out, as Java's. kc_rest_on_herder is
 * a kc_herder_call (reads of state Java answers without its herder's queue: statuses,
 * metrics); kc_rest_herder_request a kc_herder_request (what Java's herder queues: it waits
 * out a rebalance). */
bool kc_rest_on_herder(const kc_rest_ctx *ctx, struct kc_rest_response *resp,
                       void (*fn)(struct kc_herder *h, void *arg), void *arg,
                       int call_timeout_ms);
bool kc_rest_herder_request(const kc_rest_ctx *ctx, struct kc_rest_response *resp,
                            void (*fn)(struct kc_herder *h, void *arg), void *arg,
                            int call_timeout_ms);
/* kc_rest_on_herder through kc_herder_call_owned: arg (heap) is the caller's again only when
 * this returns true. */
bool kc_rest_on_herder_owned(const kc_rest_ctx *ctx, struct kc_rest_response *resp,
                             void (*fn)(struct kc_herder *h, void *arg), void *arg,
                             void (*release)(void *arg), int call_timeout_ms);

/* Java's Instant.toString of a wall-clock ms: "2026-11-30T18:40:31.796Z" (no fraction when
 * it is zero). */
void kc_rest_iso_instant(int64_t ms, char *buf, size_t size);

/* ===== The server-level request path, without a socket ===== */

/* One response header rule of response.http.headers.config (Jetty's HeaderFilter). */

/* What the regular listeners add around the resources: CORS and configured headers. */
typedef struct kc_rest_filters {
    bool                 cors;           /* access.control.allow.origin set */
    bool                 any_origin;     /* one of its patterns is "*" */
    regex_t             *origins;        /* the other patterns, anchored, case-insensitive */
    size_t               norigins;
    char                *allow_methods;  /* "GET,POST,HEAD" unless configured */
    kc_header_rule      *rules;
    size_t               nrules;
    struct kc_rest_auth *auth;           /* basic authentication (rest/auth.h); NULL: none */
} kc_rest_filters;

/* Reads access.control.allow.origin|methods and response.http.headers.config. KC_EINVAL
 * (naming the key) for a pattern or rule Java would refuse at start-up. The auth member is
 * left NULL (kc_rest_start sets it); kc_rest_filters_free frees it. */
int kc_rest_filters_init(kc_rest_filters *f, const kc_cfg *cfg, kc_err *err);
void kc_rest_filters_free(kc_rest_filters *f);



struct kc_rest_kv;

/* Handles one request as a listener of the given scope would: body too large -> 413; else
 * route (with the filters' authentication once a resource matched), then CORS and the
 * configured headers. An admin listener applies none of the filters but the authentication
 * of the live page (rest/ui.c).
 * path is decoded and has no query; args and headers are borrowed. Fills resp (which the
 * caller clears with kc_rest_response_clear). Thread: any; the fuzz target calls it too. */
void kc_rest_serve(const kc_rest_ctx *ctx, const kc_rest_filters *filters, int scope,
                   const char *method, const char *path, const struct kc_rest_kv *args,
                   size_t nargs, const struct kc_rest_kv *headers, size_t nheaders,
                   const char *body, size_t body_len, bool too_large,
                   struct kc_rest_response *resp);

/* Splits a raw query string ("a=1&b=x%20y") into decoded arguments as libmicrohttpd does
 * ('+' is a space). *buf owns the strings; free it and *args after use. */
size_t kc_rest_parse_query(const char *query, struct kc_rest_kv **args, char **buf);

#endif
