/*
 * rest/admin.c - /admin/loggers (KIP-495, cluster scope KIP-976) and GET /health (KIP-1017).
 *
 * Loggers are lib/log.c's named loggers. A worker-scope PUT changes them here and answers
 * with the loggers whose level changed; a cluster-scope PUT writes logger-cluster-<name> to
 * the config topic (through the herder thread, which owns the config log) and every worker,
 * this one included, applies it when it reads the record back.
 *
 * /health asks the herder thread to run a no-op within the health timeout: done -> healthy;
 * not done and the worker has not finished starting -> 503 starting; else 500 unhealthy.
 *
 * MHD threads. Messages and status codes are Java's (LoggingResource, RootResource,
 * WorkerStatus in Kafka 4.3).
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "rest/plugins.h"
#include "rest/routes.h"
#include "worker/herder.h"
#include "lib/log.h"

/* ===== /admin/loggers ===== */

static json_t *
logger_json(const kc_logger_info *l)
{
    return json_pack("{s:s,s:o}", "level", l->level, "last_modified",
                     l->last_modified < 0 ? json_null() : json_integer(l->last_modified));
}

void
kc_rest_loggers_list(const kc_rest_ctx *ctx, const kc_rest_request *req, kc_rest_response *resp)
{
    size_t          n;
    kc_logger_info *all = kc_logger_list(&n);

    (void) ctx;
    (void) req;
    resp->status = 200;
    resp->body = json_object();
    for (size_t i = 0; i < n; i++)                 /* sorted by name, as Java's TreeMap */
        json_object_set_new(resp->body, all[i].name, logger_json(&all[i]));
    free(all);
}

void
kc_rest_logger_get(const kc_rest_ctx *ctx, const kc_rest_request *req, kc_rest_response *resp)
{
    kc_logger_info l;
    const char    *name = req->segments[2];

    (void) ctx;
    if (kc_logger_get(name, &l) != 0) {
        kc_rest_error(resp, 404, "Logger %s not found.", name);
        return;
    }
    resp->status = 200;
    resp->body = logger_json(&l);
}

/* On the heap: the herder may still write it after the request timed out. */
typedef struct cluster_put {
    char  *ns;
    char  *level;
    int    rc;
    kc_err err;
} cluster_put;

static void
cluster_put_free(void *arg)
{
    cluster_put *c = arg;

    free(c->ns);
    free(c->level);
    free(c);
}

static void
write_cluster_level(kc_herder *h, void *arg)
{
    cluster_put *c = arg;

    c->rc = kc_herder_put_logger_level(h, c->ns, c->level, &c->err);
}

/* The body as Java's Jackson reads it into a Map<String,String>: an object whose values are
 * strings, numbers, booleans or null. NULL (and resp set) otherwise: 400, where Java answers
 * 500 for these client mistakes (README, compatibility). */
#define NO_LEVEL_BODY "The request has no body: PUT /admin/loggers/{logger} takes {\"level\": " \
                      "\"DEBUG\"} (or another level)"

static json_t *
level_map(const kc_rest_request *req, kc_rest_response *resp)
{
    json_error_t jerr;
    json_t      *body;
    const char  *k;
    json_t      *v;

    if (req->body_len == 0 || strspn(req->body, " \t\r\n") == req->body_len) {
        kc_rest_error(resp, 400, NO_LEVEL_BODY);
        return NULL;
    }
    body = json_loadb(req->body, req->body_len, JSON_DECODE_ANY, &jerr);
    if (body == NULL) {
        kc_rest_error(resp, 400, "Unexpected character or end of input at line %d, column %d: "
                      "%s", jerr.line, jerr.column, jerr.text);
        return NULL;
    }
    if (json_is_null(body)) {
        kc_rest_error(resp, 400, NO_LEVEL_BODY);
        json_decref(body);
        return NULL;
    }
    if (!json_is_object(body)) {
        char *where = kc_rest_jackson_where(req->body, req->body_len, (const char *[]) { NULL });
        kc_rest_error(resp, 400, "Cannot deserialize value of type `java.util.LinkedHashMap"
                      "<java.lang.String,java.lang.String>` from %s%s",
                      kc_rest_jackson_shape(body), where);
        free(where);
        json_decref(body);
        return NULL;
    }
    json_object_foreach(body, k, v) {
        if (json_is_object(v) || json_is_array(v)) {
            char *where = kc_rest_jackson_where(req->body, req->body_len, (const char *[]) {
                "java.util.LinkedHashMap", k, NULL });
            kc_rest_error(resp, 400, "Cannot deserialize value of type `java.lang.String` from "
                          "%s%s", kc_rest_jackson_shape(v), where);
            free(where);
            json_decref(body);
            return NULL;
        }
    }
    return body;
}

void
kc_rest_logger_put(const kc_rest_ctx *ctx, const kc_rest_request *req, kc_rest_response *resp)
{
    const char *ns = req->segments[2], *scope = kc_rest_query(req, "scope"), *level;
    json_t     *body = level_map(req, resp), *lv;
    char       *text;

    if (body == NULL)
        return;
    lv = json_object_get(body, "level");
    if (lv == NULL || json_is_null(lv)) {
        kc_rest_error(resp, 400, "Desired 'level' parameter was not specified in request.");
        json_decref(body);
        return;
    }
    if (json_is_string(lv))                          /* Jackson turns scalars into text */
        text = kc_xstrdup(json_string_value(lv));
    else if (json_is_integer(lv))
        text = kc_xasprintf("%lld", (long long) json_integer_value(lv));
    else if (json_is_real(lv))
        text = kc_xasprintf("%g", json_real_value(lv));
    else
        text = kc_xstrdup(json_is_true(lv) ? "true" : "false");
    json_decref(body);
    level = kc_log_level_name(text);
    if (text[0] == '\0')
        kc_rest_error(resp, 400, "Illegal null or empty Level name.");
    else if (level == NULL)
        kc_rest_error(resp, 404, "invalid log level '%s'.", text);
    free(text);
    if (level == NULL)
        return;
    if (scope != NULL && strcasecmp(scope, "cluster") == 0) {
        cluster_put *c = kc_xcalloc(1, sizeof(*c));
        int          rc;
        c->ns = kc_xstrdup(ns);
        c->level = kc_xstrdup(level);
        if (!kc_rest_on_herder_owned(ctx, resp, write_cluster_level, c, cluster_put_free,
                                     kc_rest_request_timeout_ms()))
            return;
        if ((rc = c->rc) != KC_OK)
            kc_log_error("rest", "Failed to write logger level to Kafka: %s", c->err.msg);
        cluster_put_free(c);
        if (rc != KC_OK) {
            kc_rest_error(resp, 500, "Error writing logger level to Kafka");
            return;
        }
        resp->status = 204;
        return;
    }
    if (scope != NULL && strcasecmp(scope, "worker") != 0)
        kc_log_warn("rest", "Received invalid scope '%s' in request to adjust logging level; "
                    "will default to worker", scope);
    {
        char **changed = kc_logger_set(ns, level);
        kc_log_info("rest", "Setting level of namespace %s and children to %s", ns, level);
        resp->status = 200;
        resp->body = json_array();
        for (char **c = changed; *c; c++)
            json_array_append_new(resp->body, json_string(*c));
        kc_strv_free(changed);
    }
}

/* ===== /health ===== */

static void
noop(kc_herder *h, void *arg)
{
    (void) h;
    (void) arg;
}

static void
health(kc_rest_response *resp, int status, const char *state, const char *message)
{
    resp->status = status;
    resp->body = json_pack("{s:s,s:s}", "status", state, "message", message);
}

void
kc_rest_health(const kc_rest_ctx *ctx, const kc_rest_request *req, kc_rest_response *resp)
{
    int64_t    deadline = kc_mono_ms() + kc_rest_health_timeout_ms();
    kc_herder *h;
    char       since[64], msg[512];

    (void) req;
    /* The herder exists once the internal topics are read; wait for it as Java's request
     * waits in the tick thread's queue. */
    if ((h = kc_rest_await_herder(ctx, kc_rest_health_timeout_ms())) == NULL) {
        kc_rest_iso_instant(kc_rest_started_ms(), since, sizeof(since));
        snprintf(msg, sizeof(msg), "Worker is still starting up. The worker is currently "
                 "initializing and reading to the end of internal topics, which began at %s.",
                 since);
        health(resp, 503, "starting", msg);
        return;
    }
    if (kc_herder_request(h, noop, NULL, (int) (deadline > kc_mono_ms() ? deadline - kc_mono_ms()
                                                                        : 0)) == KC_OK) {
        health(resp, 200, "healthy",
               "Worker has completed startup and is ready to handle requests.");
    } else if (!kc_herder_ready(h)) {
        health(resp, 503, "starting", "Worker is still starting up.");
    } else {
        health(resp, 500, "unhealthy", "Worker was unable to handle this request and may be "
               "unable to handle other requests.");
    }
}
