/*
 * rest/routes.c - the route table and the resources that need no herder.
 *
 * Java (Jersey) answers an unknown path with 404 "HTTP 404 Not Found" and a known path with
 * the wrong method with 405 "HTTP 405 Method Not Allowed"; so do we.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "rest/routes.h"

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
    { "GET", "connector-plugins/*/config", kc_rest_plugin_config },
    { "PUT", "connector-plugins/*/config/validate", kc_rest_plugin_validate },
    { "PATCH", "connectors/*/config", kc_rest_connector_config_patch },
    { "GET", "connectors/*/offsets", kc_rest_offsets_get },
    { "PATCH", "connectors/*/offsets", kc_rest_offsets_alter },
    { "DELETE", "connectors/*/offsets", kc_rest_offsets_reset },
    { "GET", "connectors/*/topics", kc_rest_connector_topics },
    { "PUT", "connectors/*/topics/reset", kc_rest_connector_topics_reset },
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

/* Dedicated MirrorMaker: /{source}/{target}/connectors/{c}/tasks goes to that flow's herder. */
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
    else
        kc_rest_error(resp, 404, "HTTP 404 Not Found");
}

void
kc_rest_dispatch(const kc_rest_ctx *ctx, const kc_rest_request *req, kc_rest_response *resp)
{
    int path_known = 0;

    if (ctx->flow_herder != NULL) {
        dispatch_flow(ctx, req, resp);
        return;
    }

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
