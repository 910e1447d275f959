/*
 * rest/routes.c - the route table and the resources that need no herder.
 *
 * Java (Jersey) answers an unknown path with 404 "HTTP 404 Not Found" and a known path with
 * the wrong method with 405 "HTTP 405 Method Not Allowed"; so do we.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "rest/routes.h"
#include "rest/mirror_status.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

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

/* GET / : ServerInfo, fields in Java's order. */
static void
root_get(const kc_rest_ctx *ctx, const kc_rest_request *req, kc_rest_response *resp)
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
    { "GET", "", root_get },
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
    { "GET", "connectors/*/mirror-status", kc_rest_connector_mirror_status },
};

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

void
kc_rest_dispatch(const kc_rest_ctx *ctx, const kc_rest_request *req, kc_rest_response *resp)
{
    int path_known = 0;

    for (size_t i = 0; i < sizeof(routes) / sizeof(routes[0]); i++) {
        if (!route_matches(routes[i].pattern, req))
            continue;
        path_known = 1;
        if (strcmp(routes[i].method, req->method) == 0 ||
            (strcmp(req->method, "HEAD") == 0 && strcmp(routes[i].method, "GET") == 0)) {
            routes[i].fn(ctx, req, resp);
            return;
        }
    }
    if (path_known)
        kc_rest_error(resp, 405, "HTTP 405 Method Not Allowed");
    else
        kc_rest_error(resp, 404, "HTTP 404 Not Found");
}
