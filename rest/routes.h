/*
 * rest/routes.h - one request in, one response out: the table of REST resources.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_REST_ROUTES_H
#define KC_REST_ROUTES_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "rest/server.h"

/* A query argument or request header (borrowed strings). */
typedef struct kc_rest_kv {
    const char *name;
    const char *value;             /* NULL for a query argument without '=' */
} kc_rest_kv;

/* Which resources a listener serves: Java's regular context, its admin context, or both
 * (admin.listeners absent: /admin on the regular listeners). */
typedef enum {
    KC_REST_SCOPE_ALL = 0,
    KC_REST_SCOPE_REGULAR,
    KC_REST_SCOPE_ADMIN,
} kc_rest_scope;

typedef struct kc_rest_request {
    const char  *method;
    const char  *path;            /* decoded, without the query string */
    char       **segments;        /* path split on '/', empty segments dropped */
    size_t       nsegments;
    const char  *body;
    size_t       body_len;
    void        *connection;      /* the MHD connection; NULL when not from a socket */
    const kc_rest_kv *args;       /* decoded query arguments, in request order */
    size_t       nargs;
    const kc_rest_kv *headers;    /* request headers, in request order */
    size_t       nheaders;
    kc_rest_scope scope;
    struct kc_rest_auth *auth;    /* the listener's basic authentication; NULL: none */
    struct kc_rest_auth *ui_auth; /* the worker's, whatever the listener: the live page's */
} kc_rest_request;

/* The first value of query argument `name`, NULL if absent. */
const char *kc_rest_query(const kc_rest_request *req, const char *name);
/* Whether any value of query argument `name` equals value. */
bool kc_rest_query_has(const kc_rest_request *req, const char *name, const char *value);
/* A request header (name case-insensitive), NULL if absent. */
const char *kc_rest_header(const kc_rest_request *req, const char *name);

#define KC_REST_MAX_HEADERS 16

typedef struct kc_rest_response {
    int     status;
    json_t *body;                 /* owned; NULL for no body (204) */
    char    location[512];        /* a Location header when not empty (201) */
    char   *text;                 /* owned; a text/plain body instead of JSON (OPTIONS) */
    size_t  nheaders;             /* extra response headers (CORS, configured), owned */
    struct { char *name, *value; } headers[KC_REST_MAX_HEADERS];
} kc_rest_response;

/* Adds a response header; replace: drop earlier ones of that name first. Headers past
 * KC_REST_MAX_HEADERS are dropped. */
void kc_rest_response_header(kc_rest_response *resp, const char *name, const char *value,
                             bool replace);
/* Frees what resp owns and zeroes it. */
void kc_rest_response_clear(kc_rest_response *resp);

/* Fills resp for req: the route table, 404/405, 415 for a body type other than JSON, and
 * OPTIONS (Jersey's automatic answer listing the allowed methods); req->auth, when set,
 * judges a request once it matched a resource (Java's post-matching filter). Thread: an
 * MHD thread. */
void kc_rest_dispatch(const kc_rest_ctx *ctx, const kc_rest_request *req, kc_rest_response *resp);

typedef void (*kc_rest_handler)(const kc_rest_ctx *, const kc_rest_request *,
                                kc_rest_response *);

/* rest/connectors.c */
void kc_rest_connectors_list(const kc_rest_ctx *, const kc_rest_request *, kc_rest_response *);
void kc_rest_connectors_create(const kc_rest_ctx *, const kc_rest_request *, kc_rest_response *);
void kc_rest_connector_get(const kc_rest_ctx *, const kc_rest_request *, kc_rest_response *);
void kc_rest_connector_delete(const kc_rest_ctx *, const kc_rest_request *, kc_rest_response *);
void kc_rest_connector_config_get(const kc_rest_ctx *, const kc_rest_request *, kc_rest_response *);
void kc_rest_connector_config_put(const kc_rest_ctx *, const kc_rest_request *, kc_rest_response *);
void kc_rest_connector_status(const kc_rest_ctx *, const kc_rest_request *, kc_rest_response *);
void kc_rest_connector_tasks_get(const kc_rest_ctx *, const kc_rest_request *, kc_rest_response *);
void kc_rest_connector_tasks_post(const kc_rest_ctx *, const kc_rest_request *, kc_rest_response *);
void kc_rest_connector_fence(const kc_rest_ctx *ctx, const kc_rest_request *req,
                             kc_rest_response *resp);
void kc_rest_task_status(const kc_rest_ctx *, const kc_rest_request *, kc_rest_response *);
void kc_rest_connector_pause(const kc_rest_ctx *, const kc_rest_request *, kc_rest_response *);
void kc_rest_connector_resume(const kc_rest_ctx *, const kc_rest_request *, kc_rest_response *);
void kc_rest_connector_stop(const kc_rest_ctx *, const kc_rest_request *, kc_rest_response *);
void kc_rest_connector_restart(const kc_rest_ctx *, const kc_rest_request *, kc_rest_response *);
void kc_rest_task_restart(const kc_rest_ctx *, const kc_rest_request *, kc_rest_response *);
void kc_rest_connector_config_patch(const kc_rest_ctx *, const kc_rest_request *,
                                    kc_rest_response *);
void kc_rest_connector_topics(const kc_rest_ctx *, const kc_rest_request *, kc_rest_response *);
void kc_rest_connector_topics_reset(const kc_rest_ctx *, const kc_rest_request *,
                                    kc_rest_response *);

/* rest/plugins.c */
void kc_rest_plugins_list(const kc_rest_ctx *, const kc_rest_request *, kc_rest_response *);
void kc_rest_plugin_config(const kc_rest_ctx *, const kc_rest_request *, kc_rest_response *);
void kc_rest_plugin_validate(const kc_rest_ctx *, const kc_rest_request *, kc_rest_response *);

/* rest/offsets.c */
void kc_rest_offsets_get(const kc_rest_ctx *, const kc_rest_request *, kc_rest_response *);
void kc_rest_offsets_alter(const kc_rest_ctx *, const kc_rest_request *, kc_rest_response *);
void kc_rest_offsets_reset(const kc_rest_ctx *, const kc_rest_request *, kc_rest_response *);

/* rest/connectors.c: sends req on to the worker at url ("http://host:port/") with Java's
 * `forward` hop rule (a request already forwarded once that must move again is 409), and
 * copies that worker's answer into resp. Blocks up to the REST timeout. */
void kc_rest_forward(const kc_rest_request *req, const char *url, kc_rest_response *resp);

/* rest/admin.c: /admin/loggers and /health */
void kc_rest_loggers_list(const kc_rest_ctx *, const kc_rest_request *, kc_rest_response *);
void kc_rest_logger_get(const kc_rest_ctx *, const kc_rest_request *, kc_rest_response *);
void kc_rest_logger_put(const kc_rest_ctx *, const kc_rest_request *, kc_rest_response *);
void kc_rest_health(const kc_rest_ctx *, const kc_rest_request *, kc_rest_response *);

/* rest/metrics.c: GET /admin/metrics (Prometheus text format) */
void kc_rest_metrics(const kc_rest_ctx *, const kc_rest_request *, kc_rest_response *);

/* rest/routes.c: GET / (ServerInfo) */
void kc_rest_root_get(const kc_rest_ctx *, const kc_rest_request *, kc_rest_response *);

/* rest/ui.c: GET /ui, the live page */
void kc_rest_ui_page(const kc_rest_ctx *, const kc_rest_request *, kc_rest_response *);

/* Connect's error body {"error_code":status,"message":...}. */
void kc_rest_error(kc_rest_response *resp, int status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
