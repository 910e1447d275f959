/*
 * rest/server.h - the Connect REST API over libmicrohttpd.
 *
 * One MHD daemon per entry of `listeners` (http://host:port; empty host = every interface),
 * each with its own internal polling thread. Requests are matched against the route table
 * (rest/routes.c); anything else is 404 with Connect's {"error_code","message"} body.
 * Bodies are collected up to KC_REST_MAX_BODY bytes (413 beyond).
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

#include "worker/common.h"
#include "worker/configdef.h"

#define KC_REST_MAX_BODY (8u << 20)

struct kc_herder;

/* What handlers may read; owned by the caller of kc_rest_start. */
typedef struct kc_rest_ctx {
    const char       *version;           /* Connect release we answer as ("4.3.1") */
    const char       *commit;            /* our commit id */
    const char       *kafka_cluster_id;
    struct kc_herder *herder;            /* set before requests that need it can arrive */
    const kc_cfg     *worker_cfg;
    /* Dedicated MirrorMaker's internal REST (KIP-710): every path starts with
     * /{source}/{target}/, which names the herder; only the internal endpoints are served.
     * NULL for a Connect worker. */
    struct kc_herder *(*flow_herder)(void *arg, const char *source, const char *target);
    void             *flow_arg;
} kc_rest_ctx;

typedef struct kc_rest_server kc_rest_server;

/* Starts a daemon for every listener of cfg ("listeners", "rest.advertised.*").
 * Returns NULL with err set (bad URL, port in use, unsupported scheme). */
kc_rest_server *kc_rest_start(const kc_cfg *cfg, const kc_rest_ctx *ctx, kc_err *err);

/* Stops accepting, waits for handlers to finish, frees. NULL is fine. */
void kc_rest_stop(kc_rest_server *srv);

/* "http://host:port/" as other workers should reach this one (Java's advertised URL), and
 * "host:port" (the worker id in status records). Borrowed, valid until kc_rest_stop. */
const char *kc_rest_advertised_url(const kc_rest_server *srv);
const char *kc_rest_worker_id(const kc_rest_server *srv);

/* Parses "http://host:port" (scheme case-insensitive; host may be empty or [v6]). New
 * strings in *scheme (lower-cased) and *host. */
int kc_rest_parse_listener(const char *url, char **scheme, char **host, int *port, kc_err *err);

#endif
