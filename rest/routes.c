/*
 * rest/routes.c - the route table and the resources that need no herder.
 *
 * Java (Jersey) answers an unknown path with 404 "HTTP 404 Not Found" and a known path with
 * the wrong method with 405 "HTTP 405 Method Not Allowed"; so do we. Every resource but
 * `/` and `/health` consumes only JSON (class-level @Consumes): a request whose Content-Type
 * is something else gets 415 before any handler runs. OPTIONS on a known path is Jersey's
 * automatic answer: 200, text/plain, the allowed methods in `Allow`. Basic authentication
 * (rest/auth.c) judges a request after all that, before its handler, as Java's filter runs
 * once Jersey matched a resource method.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "rest/routes.h"
#include "rest/auth.h"
#include "rest/mirror_status.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

void
kc_rest_error(kc_rest_response *resp, int status, const char *fmt, ...)
{
    char    msg[1024];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    json_decref(resp->body);
    resp->status = status;
    resp->body = json_pack("{s:i,s:s}", "error_code", status, "message", msg);
}

/* ===== Request and response helpers ===== */

const char *
kc_rest_query(const kc_rest_request *req, const char *name)
{
    for (size_t i = 0; i < req->nargs; i++)
        if (strcmp(req->args[i].name, name) == 0)
            return req->args[i].value ? req->args[i].value : "";
    return NULL;
}

bool
kc_rest_query_has(const kc_rest_request *req, const char *name, const char *value)
{
    for (size_t i = 0; i < req->nargs; i++)
        if (strcmp(req->args[i].name, name) == 0 && req->args[i].value != NULL &&
            strcmp(req->args[i].value, value) == 0)
            return true;
    return false;
}

const char *
kc_rest_header(const kc_rest_request *req, const char *name)
{
    for (size_t i = 0; i < req->nheaders; i++)
        if (strcasecmp(req->headers[i].name, name) == 0)
            return req->headers[i].value;
    return NULL;
}

void
kc_rest_response_header(kc_rest_response *resp, const char *name, const char *value,
                        bool replace)
{
    if (replace) {
        size_t k = 0;
        for (size_t i = 0; i < resp->nheaders; i++) {
            if (strcasecmp(resp->headers[i].name, name) == 0) {
                free(resp->headers[i].name);
                free(resp->headers[i].value);
            } else {
                resp->headers[k++] = resp->headers[i];
            }
        }
        resp->nheaders = k;
    }
    if (resp->nheaders == KC_REST_MAX_HEADERS)
        return;
    resp->headers[resp->nheaders].name = kc_xstrdup(name);
    resp->headers[resp->nheaders].value = kc_xstrdup(value);
    resp->nheaders++;
}

void
kc_rest_response_clear(kc_rest_response *resp)
{
    json_decref(resp->body);
    free(resp->text);
    for (size_t i = 0; i < resp->nheaders; i++) {
        free(resp->headers[i].name);
        free(resp->headers[i].value);
    }
    memset(resp, 0, sizeof(*resp));
}

/* GET / : ServerInfo, fields in Java's order. */
void
kc_rest_root_get(const kc_rest_ctx *ctx, const kc_rest_request *req, kc_rest_response *resp)
{
    (void) req;
    resp->status = 200;
    resp->body = json_object();
    json_object_set_new(resp->body, "version", json_string(ctx->version));
    json_object_set_new(resp->body, "commit", json_string(ctx->commit));
    json_object_set_new(resp->body, "kafka_cluster_id",
                        ctx->kafka_cluster_id ? json_string(ctx->kafka_cluster_id) : json_null());
}

typedef struct {
    const char     *method;
    const char     *pattern;   /* segments separated by '/', "*" matches one segment */
    kc_rest_handler fn;
} route;

static const route routes[] = {
    { "GET", "", kc_rest_root_get },
    { "GET", "connectors", kc_rest_connectors_list },
    { "POST", "connectors", kc_rest_connectors_create },
    { "GET", "connectors/*", kc_rest_connector_get },
    { "DELETE", "connectors/*", kc_rest_connector_delete },
    { "GET", "connectors/*/config", kc_rest_connector_config_get },
    { "PUT", "connectors/*/config", kc_rest_connector_config_put },
    { "GET", "connectors/*/status", kc_rest_connector_status },
    { "GET", "connectors/*/tasks", kc_rest_connector_tasks_get },
    { "POST", "connectors/*/tasks", kc_rest_connector_tasks_post },
    { "GET", "connectors/*/tasks/*/status", kc_rest_task_status },
    { "POST", "connectors/*/tasks/*/restart", kc_rest_task_restart },
    { "PUT", "connectors/*/pause", kc_rest_connector_pause },
    { "PUT", "connectors/*/resume", kc_rest_connector_resume },
    { "PUT", "connectors/*/stop", kc_rest_connector_stop },
    { "POST", "connectors/*/restart", kc_rest_connector_restart },
    { "GET", "connector-plugins", kc_rest_plugins_list },
    { "GET", "connector-plugins/*/config", kc_rest_plugin_config },
    { "PUT", "connector-plugins/*/config/validate", kc_rest_plugin_validate },
    { "PATCH", "connectors/*/config", kc_rest_connector_config_patch },
    { "GET", "connectors/*/offsets", kc_rest_offsets_get },
    { "PATCH", "connectors/*/offsets", kc_rest_offsets_alter },
    { "DELETE", "connectors/*/offsets", kc_rest_offsets_reset },
    { "GET", "connectors/*/topics", kc_rest_connector_topics },
    { "PUT", "connectors/*/topics/reset", kc_rest_connector_topics_reset },
    { "PUT", "connectors/*/fence", kc_rest_connector_fence },
    { "GET", "health", kc_rest_health },
    { "GET", "admin/loggers", kc_rest_loggers_list },
    { "GET", "admin/loggers/*", kc_rest_logger_get },
    { "PUT", "admin/loggers/*", kc_rest_logger_put },
    { "GET", "admin/metrics", kc_rest_metrics },
    { "GET", "connectors/*/mirror-status", kc_rest_connector_mirror_status },
    { "GET", "ui", kc_rest_ui_page },
};

/* What the live page reads through /ui/api/{path}: these GET routes of the table, answered
 * by their own handlers, wherever the page is served (an admin listener has no regular
 * routes of its own). */
static const char *const ui_mounted[] = { "", "connectors", "connectors/*/status",
                                          "connectors/*/mirror-status", "admin/metrics" };

static int
route_matches(const char *pattern, const kc_rest_request *req)
{
    size_t i = 0;
    const char *p = pattern;

    while (*p) {
        const char *slash = strchr(p, '/');
        size_t      len = slash ? (size_t) (slash - p) : strlen(p);
        if (i >= req->nsegments)
            return 0;
        if (!(len == 1 && *p == '*') &&
            (strlen(req->segments[i]) != len || strncmp(req->segments[i], p, len) != 0))
            return 0;
        i++;
        p += len + (slash ? 1 : 0);
    }
    return i == req->nsegments;
}

/* Dedicated MirrorMaker: /{source}/{target}/connectors/{c}/tasks (and fence, mirror-status,
 * and /{source}/{target}/admin/metrics) go to that flow's herder. */
static void
dispatch_flow(const kc_rest_ctx *ctx, const kc_rest_request *req, kc_rest_response *resp)
{
    kc_rest_ctx      sub_ctx = *ctx;
    kc_rest_request  sub = *req;

    if (req->nsegments < 2) {
        kc_rest_error(resp, 404, "HTTP 404 Not Found");
        return;
    }
    sub_ctx.flow_herder = NULL;
    sub_ctx.herder = ctx->flow_herder(ctx->flow_arg, req->segments[0], req->segments[1]);
    if (sub_ctx.herder == NULL) {
        kc_rest_error(resp, 404, "No replication flow found for source '%s' and target '%s'",
                      req->segments[0], req->segments[1]);
        return;
    }
    sub.segments += 2;
    sub.nsegments -= 2;
    if (route_matches("connectors/*/tasks", &sub) && strcmp(req->method, "POST") == 0)
        kc_rest_connector_tasks_post(&sub_ctx, &sub, resp);
    else if (route_matches("connectors/*/fence", &sub) && strcmp(req->method, "PUT") == 0)
        kc_rest_connector_fence(&sub_ctx, &sub, resp);
    else if (route_matches("connectors/*/mirror-status", &sub) && strcmp(req->method, "GET") == 0)
        kc_rest_connector_mirror_status(&sub_ctx, &sub, resp);       /* the cutover check */
    else if (route_matches("admin/metrics", &sub) && strcmp(req->method, "GET") == 0)
        kc_rest_metrics(&sub_ctx, &sub, resp);                       /* the flow's metrics */
    else
        kc_rest_error(resp, 404, "HTTP 404 Not Found");
}

/* The live page (rest/ui.c). */
static bool
ui_route(const char *pattern)
{
    return strcmp(pattern, "ui") == 0;
}

/* Whether the route belongs to the admin context (LoggingResource, the live page) or the
 * regular one. */
static bool
admin_route(const char *pattern)
{
    return strncmp(pattern, "admin/", 6) == 0 || ui_route(pattern);
}

/* The live page's authentication: the worker's, on every listener. A refusal asks a
 * browser for credentials (Java's 401 has no challenge, which leaves a browser nothing to
 * do). */
static bool
ui_authenticated(const kc_rest_request *req, kc_rest_response *resp)
{
    if (kc_rest_auth_allows(req->ui_auth, req, resp))
        return true;
    kc_rest_response_header(resp, "WWW-Authenticate", "Basic realm=\"kconnect\", charset=\"UTF-8\"",
                            true);
    return false;
}

/* The authentication that judges a matched route: a Java resource's is the listener's (none
 * on an admin listener). */
static bool
authenticated(const route *r, const kc_rest_request *req, kc_rest_response *resp)
{
    return ui_route(r->pattern) ? ui_authenticated(req, resp)
                                : kc_rest_auth_allows(req->auth, req, resp);
}

/* /ui/api/{path}: GET and HEAD of the ui_mounted routes, with req's path and segments
 * those of {path}; 404 for any other path, 405 for any other method, then the page's
 * authentication. */
static void
ui_api(const kc_rest_ctx *ctx, const kc_rest_request *req, kc_rest_response *resp)
{
    kc_rest_request inner = *req;

    inner.segments += 2;
    inner.nsegments -= 2;
    inner.path = strlen(req->path) > 7 ? req->path + 7 : "/";        /* after "/ui/api" */
    for (size_t m = 0; m < sizeof(ui_mounted) / sizeof(ui_mounted[0]); m++) {
        if (!route_matches(ui_mounted[m], &inner))
            continue;
        if (strcmp(req->method, "GET") != 0 && strcmp(req->method, "HEAD") != 0) {
            kc_rest_error(resp, 405, "HTTP 405 Method Not Allowed");
            return;
        }
        if (!ui_authenticated(req, resp))
            return;
        for (size_t i = 0; i < sizeof(routes) / sizeof(routes[0]); i++) {
            if (strcmp(routes[i].method, "GET") == 0 &&
                strcmp(routes[i].pattern, ui_mounted[m]) == 0) {
                routes[i].fn(ctx, &inner, resp);
                kc_rest_response_header(resp, "Cache-Control", "no-store", true);
                return;
            }
        }
    }
    kc_rest_error(resp, 404, "HTTP 404 Not Found");
}

static bool
in_scope(const route *r, kc_rest_scope scope)
{
    return scope == KC_REST_SCOPE_ALL || (scope == KC_REST_SCOPE_ADMIN) == admin_route(r->pattern);
}

/* A Content-Type the JSON resources accept: application/json, application/<any>+json or a
 * wildcard, parameters ignored; absent is fine too. */
static bool
json_content_type(const char *ct)
{
    size_t len;

    if (ct == NULL)
        return true;
    while (*ct == ' ' || *ct == '\t')
        ct++;
    len = strcspn(ct, "; \t");
    return (len == 16 && strncasecmp(ct, "application/json", 16) == 0) ||
           (len == 3 && strncmp(ct, "*/*", 3) == 0) ||
           (len == 13 && strncasecmp(ct, "application/*", 13) == 0) ||
           (len > 17 && strncasecmp(ct, "application/", 12) == 0 &&
            strncasecmp(ct + len - 5, "+json", 5) == 0);
}

/* Jersey lists allowed methods in its HashSet order; String hash codes make it this one. */
static const char *const allow_order[] = { "HEAD", "DELETE", "POST", "GET", "OPTIONS", "PUT",
                                           "PATCH" };

static void
options_answer(const kc_rest_request *req, kc_rest_response *resp)
{
    bool   allowed[sizeof(allow_order) / sizeof(allow_order[0])] = { false };
    char   header[128] = "", text[128] = "";
    size_t nallow = sizeof(allow_order) / sizeof(allow_order[0]);

    for (size_t i = 0; i < sizeof(routes) / sizeof(routes[0]); i++) {
        if (!in_scope(&routes[i], req->scope) || !route_matches(routes[i].pattern, req))
            continue;
        for (size_t k = 0; k < nallow; k++)
            if (strcmp(allow_order[k], routes[i].method) == 0 ||
                (strcmp(routes[i].method, "GET") == 0 && strcmp(allow_order[k], "HEAD") == 0) ||
                strcmp(allow_order[k], "OPTIONS") == 0)
                allowed[k] = true;
    }
    for (size_t k = 0; k < nallow; k++) {
        if (!allowed[k])
            continue;
        snprintf(header + strlen(header), sizeof(header) - strlen(header), "%s%s",
                 header[0] ? "," : "", allow_order[k]);
        snprintf(text + strlen(text), sizeof(text) - strlen(text), "%s%s",
                 text[0] ? ", " : "", allow_order[k]);
    }
    resp->status = 200;
    resp->text = kc_xstrdup(text);
    kc_rest_response_header(resp, "Allow", header, true);
}

void
kc_rest_dispatch(const kc_rest_ctx *ctx, const kc_rest_request *req, kc_rest_response *resp)
{
    const route *known = NULL;

    if (ctx->flow_herder != NULL) {
        dispatch_flow(ctx, req, resp);
        return;
    }

    if (req->scope != KC_REST_SCOPE_REGULAR && req->nsegments >= 2 &&
        strcmp(req->segments[0], "ui") == 0 && strcmp(req->segments[1], "api") == 0) {
        ui_api(ctx, req, resp);
        return;
    }
    for (size_t i = 0; i < sizeof(routes) / sizeof(routes[0]); i++) {
        if (!in_scope(&routes[i], req->scope) || !route_matches(routes[i].pattern, req))
            continue;
        if (known == NULL)
            known = &routes[i];
        if (strcmp(routes[i].method, req->method) == 0 ||
            (strcmp(req->method, "HEAD") == 0 && strcmp(routes[i].method, "GET") == 0)) {
            if (strcmp(routes[i].pattern, "") != 0 && strcmp(routes[i].pattern, "health") != 0 &&
                !ui_route(routes[i].pattern) &&
                !json_content_type(kc_rest_header(req, "Content-Type"))) {
                kc_rest_error(resp, 415, "HTTP 415 Unsupported Media Type");
                return;
            }
            if (authenticated(&routes[i], req, resp))
                routes[i].fn(ctx, req, resp);
            return;
        }
    }
    if (known != NULL && strcmp(req->method, "OPTIONS") == 0) {
        if (authenticated(known, req, resp))
            options_answer(req, resp);
    } else if (known != NULL) {
        kc_rest_error(resp, 405, "HTTP 405 Method Not Allowed");
    } else {
        kc_rest_error(resp, 404, "HTTP 404 Not Found");
    }
}
