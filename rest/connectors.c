/*
 * rest/connectors.c - /connectors and /connector-plugins (spec/connect-runtime.md §8).
 *
 * MHD threads. What needs herder state runs on the herder thread through kc_herder_request
 * (bounded: 90 s, then 500 "Request timed out", as Java). What only the leader may do is
 * forwarded to the leader's URL when this worker is not the leader (the `forward` query
 * parameter limits it to two hops, as in Java).
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lib/http.h"
#include "rest/auth.h"
#include "rest/plugins.h"
#include "rest/routes.h"
#include "worker/herder.h"
#include "lib/json_java.h"
#include "lib/log.h"
#include "worker/plugins.h"
#include "worker/runtime.h"
#include "worker/validate.h"

#define HERDER_TIMEOUT_MS kc_rest_request_timeout_ms()

struct call;
static void forward(struct call *c);

/* A call run on the herder thread: request in, response out. */
typedef struct call {
    const kc_rest_ctx     *ctx;
    const kc_rest_request *req;
    kc_rest_response      *resp;
    const char            *name;        /* the connector, req->segments[1] */
    json_t                *body;        /* parsed request body, when there is one */
    char                  *forward_to;  /* set when the leader must do it */
    void                  *extra;       /* per-endpoint arguments */
} call;

/* A herder request (Java's herder queues it: it waits out a rebalance), then the forward
 * it asked for. */
static void
run(call *c, kc_herder_fn fn)
{
    if (!kc_rest_herder_request(c->ctx, c->resp, fn, c, HERDER_TIMEOUT_MS))
        return;
    if (c->forward_to != NULL) {
        forward(c);
        free(c->forward_to);
        c->forward_to = NULL;
    }
}

/* Sends the request on to the leader; copies its status and body into the response. */
static void
forward(struct call *c)
{
    kc_rest_forward(c->req, c->forward_to, c->resp);
}

void
kc_rest_forward(const kc_rest_request *req, const char *to, kc_rest_response *resp)
{
    const char *fwd = kc_rest_query(req, "forward");
    const char *inc = kc_rest_query(req, "includeTasks");
    const char *only = kc_rest_query(req, "onlyFailed");
    const char *auth = kc_rest_header(req, "Authorization");
    const char *headers[2] = { NULL, NULL };
    char        url[2048], *body = NULL, *auth_line = NULL;
    long        status;
    kc_err      err;
    size_t      off;
    int         rc;

    if (fwd != NULL && strcmp(fwd, "false") == 0) {
        kc_rest_error(resp, 409, "Cannot complete request because of a conflicting operation "
                      "(e.g. worker rebalance)");
        return;
    }
    off = (size_t) snprintf(url, sizeof(url), "%s%s%s?forward=%s", to,
                            to[0] && to[strlen(to) - 1] == '/' ? "" : "/",
                            req->path[0] == '/' ? req->path + 1 : req->path,
                            fwd == NULL ? "true" : "false");
    if (inc != NULL)
        off += (size_t) snprintf(url + off, sizeof(url) - off, "&includeTasks=%s", inc);
    if (only != NULL)
        snprintf(url + off, sizeof(url) - off, "&onlyFailed=%s", only);
    /* Java passes on the Authorization header alone (for REST extensions). */
    if (auth != NULL)
        headers[0] = auth_line = kc_xasprintf("Authorization: %s", auth);
    rc = kc_http(req->method, url, req->body_len ? req->body : NULL, req->body_len, headers,
                 &status, &body, HERDER_TIMEOUT_MS, &err);
    free(auth_line);
    if (rc != KC_OK) {
        kc_rest_error(resp, 500, "Error trying to forward REST request: %s", err.msg);
        return;
    }
    resp->status = (int) status;
    json_decref(resp->body);
    resp->body = body && *body ? json_loads(body, JSON_DECODE_ANY, NULL) : NULL;
    /* The leader refused the caller's credentials: its answer is the caller's (Java's
     * follower fails to read that text as JSON and answers 500). */
    if (status == 401 && resp->body == NULL)
        kc_rest_auth_refuse(req, resp);
    free(body);
}

/* Herder thread: true when this worker may act as leader now; else sets forward_to or a
 * 409 as Java's HerderRequestHandler does. No "stale configuration" 409: a request runs in a
 * stable generation only (kc_herder_request), so a rebalance it follows has been waited out,
 * as Java's tick does before its requests. */
static bool
leader_or_forward(call *c)
{
    kc_herder *h = c->ctx->herder;

    if (kc_herder_is_leader(h))
        return true;
    if (kc_herder_leader_url(h) == NULL || *kc_herder_leader_url(h) == '\0') {
        kc_rest_error(c->resp, 409, "Cannot complete request momentarily due to no known leader "
                      "URL, likely because a rebalance was underway.");
        return false;
    }
    c->forward_to = kc_xstrdup(kc_herder_leader_url(h));
    return false;
}

/* A call of reads Java answers without its herder's queue (statuses) or writes it makes
 * directly (target states): it does not wait out a rebalance. */
static void
run_now(call *c, kc_herder_fn fn)
{
    kc_rest_on_herder(c->ctx, c->resp, fn, c, HERDER_TIMEOUT_MS);
}

/* A handler that runs fn on the herder thread for connector req->segments[1], through run
 * or run_now. */
#define ENDPOINT(handler, fn, runner)                                                        \
    void                                                                                     \
    handler(const kc_rest_ctx *ctx, const kc_rest_request *req, kc_rest_response *resp)      \
    {                                                                                        \
        call c = { ctx, req, resp, req->segments[1], NULL, NULL, NULL };                     \
        runner(&c, fn);                                                                      \
    }

/* ===== Entities ===== */

/* ConnectorInfo with ntasks tasks. */
static json_t *
connector_info_with(const kc_connector_state *c, size_t ntasks)
{
    json_t *tasks = json_array();

    for (size_t i = 0; i < ntasks; i++)
        json_array_append_new(tasks, json_pack("{s:s,s:i}", "connector", c->name, "task", (int) i));
    return json_pack("{s:s,s:O,s:o,s:s}", "name", c->name, "config", c->config, "tasks", tasks,
                     "type", kc_runtime_connector_type(c->config));
}

static json_t *
connector_info(const kc_connector_state *c)
{
    return connector_info_with(c, kc_config_state_task_count_visible(c));
}

/* A connector or task state as Java shows it; version comes from the status record (null
 * when the worker that wrote it did not say). */
static json_t *
state_json(const kc_status *st, int task)
{
    json_t *o = json_object();

    if (task >= 0)
        json_object_set_new(o, "id", json_integer(task));
    json_object_set_new(o, "state", json_string(kc_state_name(st->state)));
    json_object_set_new(o, "worker_id", json_string(st->worker_id ? st->worker_id : ""));
    if (st->trace != NULL && *st->trace)
        json_object_set_new(o, "trace", json_string(st->trace));
    json_object_set_new(o, "version", st->version ? json_string(st->version) : json_null());
    return o;
}

/* ConnectorStateInfo, or NULL when the connector has no status yet. */
/* ConnectorStateInfo of a connector of the given type with ntasks tasks in its config;
 * NULL when no status is stored. Any thread (the status store is thread-safe). */
static json_t *
state_info(kc_herder *h, const char *name, const char *type, size_t ntasks)
{
    kc_status_store        *store = kc_herder_status(h);
    kc_status               st;
    json_t                 *tasks = json_array(), *out;
    size_t                  n;
    int                    *ids;

    if (kc_status_store_get(store, name, -1, &st) != KC_OK) {
        json_decref(tasks);
        return NULL;
    }
    ids = kc_status_store_tasks(store, name, &n);
    for (size_t i = 0; i < n; i++) {
        kc_status ts;
        if ((size_t) ids[i] >= ntasks)
            continue;                              /* a stale task of an older config */
        if (kc_status_store_get(store, name, ids[i], &ts) == KC_OK) {
            json_array_append_new(tasks, state_json(&ts, ids[i]));
            kc_status_clear(&ts);
        }
    }
    free(ids);
    out = json_pack("{s:s,s:o,s:o,s:s}", "name", name, "connector", state_json(&st, -1),
                    "tasks", tasks, "type", type);
    kc_status_clear(&st);
    return out;
}

static json_t *
connector_state_info(kc_herder *h, const kc_connector_state *c)
{
    return state_info(h, c->name, kc_runtime_connector_type(c->config),
                      kc_config_state_task_count_visible(c));
}

static const kc_connector_state *
known(call *c)
{
    const kc_connector_state *cs = kc_config_state_connector(kc_herder_config(c->ctx->herder),
                                                             c->name);

    if (cs == NULL)
        kc_rest_error(c->resp, 404, "Connector %s not found", c->name);
    return cs;
}

/* The connector, or NULL after a 404 with Java's wording for the endpoint: status reads
 * find no status ("No status found for connector X"), target-state changes an unknown
 * connector ("Unknown connector X"). */
static const kc_connector_state *
known_as(call *c, const char *fmt)
{
    const kc_connector_state *cs = kc_config_state_connector(kc_herder_config(c->ctx->herder),
                                                             c->name);

    if (cs == NULL)
        kc_rest_error(c->resp, 404, fmt, c->name);
    return cs;
}

static void
ok(call *c, int status, json_t *body)
{
    json_decref(c->resp->body);
    c->resp->status = status;
    c->resp->body = body;
}

/* ===== GET /connectors ===== */

static void
do_list(kc_herder *h, void *arg)
{
    call                  *c = arg;
    const kc_config_state *cfg = kc_herder_config(h);
    bool                   status = kc_rest_query_has(c->req, "expand", "status");
    bool                   info = kc_rest_query_has(c->req, "expand", "info");
    /* Any expand, even one Java ignores as unknown, makes the answer a map. */
    bool                   expand = kc_rest_query(c->req, "expand") != NULL;
    json_t                *out = expand ? json_object() : json_array();

    for (size_t i = 0; i < cfg->nconnectors; i++) {
        const kc_connector_state *cs = &cfg->connectors[i];
        json_t                   *e;
        if (cs->config == NULL)
            continue;
        if (!expand) {
            json_array_append_new(out, json_string(cs->name));
            continue;
        }
        e = json_object();
        if (status) {
            json_t *s = connector_state_info(h, cs);
            if (s == NULL) {
                json_decref(e);
                continue;                      /* no status yet: omitted, as Java */
            }
            json_object_set_new(e, "status", s);
        }
        if (info)
            json_object_set_new(e, "info", connector_info(cs));
        json_object_set_new(out, cs->name, e);
    }
    ok(c, 200, out);
}

void
kc_rest_connectors_list(const kc_rest_ctx *ctx, const kc_rest_request *req, kc_rest_response *resp)
{
    call c = { ctx, req, resp, NULL, NULL, NULL, NULL };

    run(&c, do_list);
}

/* ===== Create and update ===== */

/* A name the REST paths cannot address: Java accepts '/' (and then cannot serve the
 * connector's own paths); we refuse it up front. Empty names and control characters are
 * refused by validation, with Java's messages. */
static const char *
bad_name(const char *name)
{
    if (strchr(name, '/') != NULL)
        return "Connector name cannot contain '/'";
    return NULL;
}

/* Validates config (values already strings or nulls) for create/update as Java's
 * AbstractHerder.validateConnectorConfig does; 400 with Java's wording on failure. */
static bool
validate_config(call *c, const json_t *config)
{
    char *problem = kc_connector_config_problem(c->ctx->worker_cfg, c->ctx->providers, config,
                                                "org.apache.kafka.connect.errors."
                                                "ConnectException: ");

    if (problem == NULL)
        return true;
    kc_rest_error_text(c->resp, 400, problem);
    free(problem);
    return false;
}

/* WRITTEN_TASKS: PUT, POST and PATCH answer with the config just written and the tasks the
 * connector had before the write, as Java's (DistributedHerder.putConnectorConfig builds its
 * ConnectorInfo from the tick's config snapshot: "The existing task info should still be
 * accurate"). Reading the write back here may also read task configs that the restarted
 * connector wrote meanwhile, which Java's answer never shows. */
typedef struct put_args {
    json_t     *config;
    const char *initial_state;
    bool        create_only;       /* POST: 409 if it exists */
} put_args;

static void
do_put(kc_herder *h, void *arg)
{
    call                     *c = arg;
    put_args                 *p = c->extra;
    const kc_connector_state *existing;
    kc_err                    err;
    bool                      created;
    size_t                    ntasks;     /* as before the write: see WRITTEN_TASKS */

    if (!leader_or_forward(c))
        return;
    existing = kc_config_state_connector(kc_herder_config(h), c->name);
    if (existing != NULL && p->create_only) {
        kc_rest_error(c->resp, 409, "Connector %s already exists", c->name);
        return;
    }
    created = existing == NULL;
    ntasks = created ? 0 : kc_config_state_task_count_visible(existing);
    if (kc_herder_put_connector_config(h, c->name, p->config, created ? p->initial_state : NULL,
                                       &err) != KC_OK) {
        kc_rest_error(c->resp, 500, "Failed to write connector configuration: %s", err.msg);
        return;
    }
    existing = kc_config_state_connector(kc_herder_config(h), c->name);
    if (existing == NULL) {
        kc_rest_error(c->resp, 500, "Connector %s was written but is not in the config topic",
                      c->name);
        return;
    }
    ok(c, created ? 201 : 200, connector_info_with(existing, ntasks));
}

/* Standalone: Java answers a config write once the connector has started and its tasks are
 * configured (StandaloneHerder.putConnectorConfig), so its answer lists the new tasks. The
 * wait ends when the task configs were committed for the config just written, or the
 * connector cannot make any (paused, stopped, failed, deleted meanwhile). */
typedef struct settle {
    const char *name;
    bool        done;
    json_t     *tasks;
} settle;

static void
do_settle(kc_herder *h, void *arg)
{
    settle                   *s = arg;
    const kc_connector_state *c = kc_config_state_connector(kc_herder_config(h), s->name);
    kc_status                 st;
    bool                      failed = false;

    if (c == NULL || c->config == NULL) {
        s->done = true;
        return;
    }
    if (kc_status_store_get(kc_herder_status(h), s->name, -1, &st) == KC_OK) {
        failed = st.state == KC_STATE_FAILED;
        kc_status_clear(&st);
    }
    if (c->target == KC_TARGET_STARTED && !failed &&
        (c->applied_config == NULL || !json_equal(c->applied_config, c->config)))
        return;
    json_t *info = connector_info(c);
    s->done = true;
    s->tasks = json_incref(json_object_get(info, "tasks"));
    json_decref(info);
}

static void
settle_standalone(call *c)
{
    settle  s = { c->name, false, NULL };
    int64_t deadline = kc_mono_ms() + HERDER_TIMEOUT_MS;

    if ((c->resp->status != 200 && c->resp->status != 201) || c->ctx->herder == NULL ||
        !kc_herder_standalone(c->ctx->herder))
        return;
    while (!s.done && kc_mono_ms() < deadline &&
           kc_herder_call(c->ctx->herder, do_settle, &s, HERDER_TIMEOUT_MS) == KC_OK) {
        if (!s.done)
            kc_sleep_ms(10);
    }
    if (s.tasks != NULL && json_is_object(c->resp->body))
        json_object_set_new(c->resp->body, "tasks", s.tasks);
    else
        json_decref(s.tasks);
}

/* A body that is not the Map<String,String> the resource takes: Jackson's words, as a 400
 * (Java answers 500 for this client mistake: README, compatibility). */
static void
not_a_map(const kc_rest_request *req, const json_t *body, kc_rest_response *resp)
{
    char *where = kc_rest_jackson_where(req->body, req->body_len, (const char *[]) { NULL });

    kc_rest_error(resp, 400, "Cannot deserialize value of type `java.util.LinkedHashMap"
                  "<java.lang.String,java.lang.String>` from %s%s", kc_rest_jackson_shape(body),
                  where);
    free(where);
}

#define CREATE_REQUEST "org.apache.kafka.connect.runtime.rest.entities.CreateConnectorRequest"

/* The request body; an empty one is null, as Jersey hands Jackson's "no content" to the
 * resource. NULL (and resp set: 400, where Java answers 500) when it is not JSON. */
static json_t *
parse_body(const kc_rest_request *req, kc_rest_response *resp)
{
    json_error_t jerr;
    json_t      *body;

    if (req->body_len == 0 || strspn(req->body, " \t\r\n") == req->body_len)
        return json_null();
    body = json_loadb(req->body, req->body_len, JSON_DECODE_ANY, &jerr);

    if (body == NULL)
        kc_rest_error(resp, 400, "Unexpected character or end of input at line %d, column %d: "
                      "%s", jerr.line, jerr.column, jerr.text);
    return body;
}

void
kc_rest_connectors_create(const kc_rest_ctx *ctx, const kc_rest_request *req,
                          kc_rest_response *resp)
{
    json_t     *body = parse_body(req, resp), *config, *jname;
    put_args    p = { NULL, NULL, true };
    call        c = { ctx, req, resp, NULL, body, NULL, &p };
    char       *name = NULL, *where = NULL;
    const char *why, *state, *cname;
    const char *in_config[] = { CREATE_REQUEST, "config", NULL };

    if (body == NULL)
        return;
    /* A client's mistakes answer 400 saying what is wrong, where Java answers 500 (with a
     * NullPointerException's text for a missing body or config): README, compatibility. */
    if (json_is_null(body)) {
        kc_rest_error(resp, 400, "The request has no body: POST /connectors takes "
                      "{\"name\": \"...\", \"config\": {...}}");
        goto out;
    }
    if (!json_is_object(body)) {
        where = kc_rest_jackson_where(req->body, req->body_len, (const char *[]) { NULL });
        kc_rest_error(resp, 400, "Cannot deserialize value of type `org.apache.kafka.connect."
                      "runtime.rest.entities.CreateConnectorRequest` from %s%s",
                      kc_rest_jackson_shape(body), where);
        goto out;
    }
    jname = json_object_get(body, "name");
    config = json_object_get(body, "config");
    /* A missing name is an empty one, which validation refuses (as Java). */
    name = kc_java_trim(json_is_string(jname) ? json_string_value(jname) : "");
    if ((why = bad_name(name)) != NULL) {
        kc_rest_error(resp, 400, "%s", why);
        goto out;
    }
    if (config != NULL && !json_is_null(config) && !json_is_object(config))
        where = kc_rest_jackson_where(req->body, req->body_len, in_config);
    if (json_is_string(config)) {
        kc_rest_error(resp, 400, "Cannot construct instance of `java.util.LinkedHashMap` "
                      "(although at least one Creator exists): no String-argument "
                      "constructor/factory method to deserialize from String value ('%s')%s",
                      json_string_value(config), where);
        goto out;
    }
    if (config != NULL && !json_is_null(config) && !json_is_object(config)) {
        kc_rest_error(resp, 400, "Cannot deserialize value of type `java.util.LinkedHashMap"
                      "<java.lang.String,java.lang.String>` from %s%s",
                      kc_rest_jackson_shape(config), where);
        goto out;
    }
    if (!json_is_object(config)) {
        kc_rest_error(resp, 400, "The request has no connector config: POST /connectors takes "
                      "{\"name\": \"...\", \"config\": {...}}");
        goto out;
    }
    if (!kc_rest_coerce_config(config, resp, req->body, req->body_len, in_config))
        goto out;
    state = json_string_value(json_object_get(body, "initial_state"));
    if (state != NULL && strcasecmp(state, "RUNNING") && strcasecmp(state, "PAUSED") &&
        strcasecmp(state, "STOPPED")) {
        char *up = kc_xstrdup(state);
        for (char *q = up; *q; q++)
            *q = (char) toupper((unsigned char) *q);
        where = kc_rest_jackson_where(req->body, req->body_len, (const char *[]) {
            CREATE_REQUEST, "initial_state", NULL });
        kc_rest_error(resp, 400, "Cannot construct instance of `org.apache.kafka.connect."
                      "runtime.rest.entities.CreateConnectorRequest$InitialState`, problem: No "
                      "enum constant org.apache.kafka.connect.runtime.rest.entities."
                      "CreateConnectorRequest.InitialState.%s%s", up, where);
        free(up);
        goto out;
    }
    cname = json_string_value(json_object_get(config, "name"));
    if (json_object_get(config, "name") != NULL && (cname == NULL || strcmp(cname, name) != 0)) {
        kc_rest_error(resp, 400, "Connector name configuration (%s) doesn't match connector "
                      "name in the URL (%s)", cname ? cname : "null", name);
        goto out;
    }
    p.config = json_deep_copy(config);
    json_object_set_new(p.config, "name", json_string(name));
    p.initial_state = state;
    c.name = name;
    if (validate_config(&c, p.config)) {
        run(&c, do_put);
        settle_standalone(&c);
        if (resp->status == 201)
            snprintf(resp->location, sizeof(resp->location), "/connectors/%s", name);
    }
    json_decref(p.config);
out:
    free(where);
    free(name);
    json_decref(body);
}

void
kc_rest_connector_config_put(const kc_rest_ctx *ctx, const kc_rest_request *req,
                             kc_rest_response *resp)
{
    json_t     *body = parse_body(req, resp);
    put_args    p = { NULL, NULL, false };
    call        c = { ctx, req, resp, req->segments[1], body, NULL, &p };
    const char *why, *cname;

    if (body == NULL)
        return;
    if ((why = bad_name(c.name)) != NULL) {
        kc_rest_error(resp, 400, "%s", why);
        goto out;
    }
    if (json_is_null(body)) {
        kc_rest_error(resp, 400, "The request has no body: PUT /connectors/%s/config takes a "
                      "connector config, {\"connector.class\": \"...\", ...}", c.name);
        goto out;
    }
    if (!json_is_object(body)) {
        not_a_map(req, body, resp);
        goto out;
    }
    if (!kc_rest_coerce_config(body, resp, req->body, req->body_len, NULL))
        goto out;
    cname = json_string_value(json_object_get(body, "name"));
    if (json_object_get(body, "name") != NULL && (cname == NULL || strcmp(cname, c.name) != 0)) {
        kc_rest_error(resp, 400, "Connector name configuration (%s) doesn't match connector "
                      "name in the URL (%s)", cname ? cname : "null", c.name);
        goto out;
    }
    p.config = json_deep_copy(body);
    json_object_set_new(p.config, "name", json_string(c.name));
    if (validate_config(&c, p.config)) {
        run(&c, do_put);
        settle_standalone(&c);
        if (resp->status == 201)
            snprintf(resp->location, sizeof(resp->location), "/connectors/%s", c.name);
    }
    json_decref(p.config);
out:
    json_decref(body);
}

/* PATCH /connectors/{c}/config (KIP-477): the stored config with the patch laid over it; a
 * null value removes the key. Leader only, like every config write. */
static void
do_patch(kc_herder *h, void *arg)
{
    call                     *c = arg;
    const kc_connector_state *cs;
    json_t                   *merged, *v;
    const char               *key;
    kc_err                    err;
    size_t                    ntasks;     /* as before the write: see WRITTEN_TASKS */

    if (!leader_or_forward(c))
        return;
    if ((cs = known(c)) == NULL)
        return;
    ntasks = kc_config_state_task_count_visible(cs);
    merged = json_deep_copy(cs->config);
    json_object_foreach(c->body, key, v) {
        if (json_is_null(v))
            json_object_del(merged, key);
        else
            json_object_set(merged, key, v);
    }
    if (validate_config(c, merged)) {
        if (kc_herder_put_connector_config(h, c->name, merged, NULL, &err) != KC_OK)
            kc_rest_error(c->resp, 500, "Failed to write connector configuration: %s", err.msg);
        else if ((cs = kc_config_state_connector(kc_herder_config(h), c->name)) != NULL)
            ok(c, 200, connector_info_with(cs, ntasks));
        else
            kc_rest_error(c->resp, 404, "Connector %s not found", c->name);
    }
    json_decref(merged);
}

void
kc_rest_connector_config_patch(const kc_rest_ctx *ctx, const kc_rest_request *req,
                               kc_rest_response *resp)
{
    json_t     *body = parse_body(req, resp);
    call        c = { ctx, req, resp, req->segments[1], body, NULL, NULL };

    if (body == NULL)
        return;
    if (json_is_null(body)) {
        kc_rest_error(resp, 400, "The request has no body: PATCH /connectors/%s/config takes "
                      "the settings to change, {\"key\": \"value\" or null, ...}", c.name);
        goto out;
    }
    if (!json_is_object(body)) {
        not_a_map(req, body, resp);
        goto out;
    }
    if (!kc_rest_coerce_config(body, resp, req->body, req->body_len, NULL))
        goto out;
    run(&c, do_patch);
    settle_standalone(&c);
out:
    json_decref(body);
}

/* ===== Reading ===== */

static void
do_get(kc_herder *h, void *arg)
{
    call                     *c = arg;
    const kc_connector_state *cs = known(c);

    (void) h;
    if (cs != NULL)
        ok(c, 200, connector_info(cs));
}

ENDPOINT(kc_rest_connector_get, do_get, run)

static void
do_config_get(kc_herder *h, void *arg)
{
    call                     *c = arg;
    const kc_connector_state *cs = known(c);

    (void) h;
    if (cs != NULL)
        ok(c, 200, json_deep_copy(cs->config));
}

ENDPOINT(kc_rest_connector_config_get, do_config_get, run)

/* Status reads answer from the config as last read and the status store, without the
 * herder thread (a rebalance may hold it for seconds), as Java's do. */
static void
run_direct(call *c, kc_herder_fn fn)
{
    kc_herder *h = kc_rest_herder_or_answer(c->ctx, c->resp);

    if (h != NULL)
        fn(h, c);
}

static void
do_status(kc_herder *h, void *arg)
{
    call       *c = arg;
    const char *type;
    size_t      ntasks;
    json_t     *info = NULL;

    if (!kc_herder_connector_view(h, c->name, &type, &ntasks) ||
        (info = state_info(h, c->name, type, ntasks)) == NULL)
        kc_rest_error(c->resp, 404, "No status found for connector %s", c->name);
    else
        ok(c, 200, info);
}

ENDPOINT(kc_rest_connector_status, do_status, run_direct)

static void
do_tasks_get(kc_herder *h, void *arg)
{
    call                     *c = arg;
    const kc_connector_state *cs = known(c);
    json_t                   *out;

    (void) h;
    if (cs == NULL)
        return;
    out = json_array();
    for (size_t i = 0; i < kc_config_state_task_count_visible(cs); i++)
        json_array_append_new(out, json_pack("{s:{s:s,s:i},s:O}", "id", "connector", cs->name,
                                             "task", (int) i, "config", cs->tasks[i]));
    ok(c, 200, out);
}

ENDPOINT(kc_rest_connector_tasks_get, do_tasks_get, run)

static bool task_id(const char *text, int *out);

static void
do_task_status(kc_herder *h, void *arg)
{
    call       *c = arg;
    const char *t = c->req->segments[3], *type;
    int         task;
    size_t      ntasks;
    kc_status   st;

    if (!task_id(t, &task)) {
        kc_rest_error(c->resp, 404, "HTTP 404 Not Found");    /* Jersey: not an Integer */
        return;
    }
    if (!kc_herder_connector_view(h, c->name, &type, &ntasks) || task < 0 ||
        kc_status_store_get(kc_herder_status(h), c->name, task, &st) != KC_OK) {
        kc_rest_error(c->resp, 404, "No status found for task %s-%s", c->name, t);
        return;
    }
    ok(c, 200, state_json(&st, task));
    kc_status_clear(&st);
}

ENDPOINT(kc_rest_task_status, do_task_status, run_direct)

/* ===== Changes ===== */

/* Leader-only changes of a known connector that answer 204 (DELETE, PUT .../stop). */
typedef struct leader_action {
    int        (*op)(kc_herder *h, const char *name, kc_err *err);
    const char  *what;
    const char  *unknown;       /* Java's 404 message for an unknown connector */
} leader_action;

static const leader_action delete_action = { kc_herder_delete_connector, "delete",
                                             "Connector %s not found" };
static const leader_action stop_action = { kc_herder_stop_connector, "stop",
                                           "Unknown connector %s" };

static void
do_leader_action(kc_herder *h, void *arg)
{
    call                *c = arg;
    const leader_action *a = c->extra;
    kc_err               err;

    if (!leader_or_forward(c))
        return;
    if (known_as(c, a->unknown) == NULL)
        return;
    if (a->op(h, c->name, &err) != KC_OK)
        kc_rest_error(c->resp, 500, "Failed to %s connector %s: %s", a->what, c->name, err.msg);
    else
        ok(c, 204, NULL);
}

void
kc_rest_connector_delete(const kc_rest_ctx *ctx, const kc_rest_request *req,
                         kc_rest_response *resp)
{
    call c = { ctx, req, resp, req->segments[1], NULL, NULL, (void *) &delete_action };

    run(&c, do_leader_action);
}

static void
do_target(kc_herder *h, void *arg)
{
    call           *c = arg;
    kc_target_state s = *(kc_target_state *) c->extra;
    kc_err          err;

    if (known_as(c, "Unknown connector %s") == NULL)
        return;
    if (kc_herder_put_target_state(h, c->name, s, &err) != KC_OK)
        kc_rest_error(c->resp, 500, "Failed to write target state: %s", err.msg);
    else
        ok(c, 202, NULL);
}

void
kc_rest_connector_pause(const kc_rest_ctx *ctx, const kc_rest_request *req,
                        kc_rest_response *resp)
{
    kc_target_state s = KC_TARGET_PAUSED;
    call            c = { ctx, req, resp, req->segments[1], NULL, NULL, &s };

    run_now(&c, do_target);
}

void
kc_rest_connector_resume(const kc_rest_ctx *ctx, const kc_rest_request *req,
                         kc_rest_response *resp)
{
    kc_target_state s = KC_TARGET_STARTED;
    call            c = { ctx, req, resp, req->segments[1], NULL, NULL, &s };

    run_now(&c, do_target);
}

void
kc_rest_connector_stop(const kc_rest_ctx *ctx, const kc_rest_request *req, kc_rest_response *resp)
{
    call c = { ctx, req, resp, req->segments[1], NULL, NULL, (void *) &stop_action };

    run(&c, do_leader_action);
}

/* Herder thread: this worker cannot act; send the request to the leader (Java's
 * NotLeaderException) or answer 409 when no leader is known. */
static void
to_leader(call *c)
{
    const char *url = kc_herder_leader_url(c->ctx->herder);

    if (url == NULL || *url == '\0')
        kc_rest_error(c->resp, 409, "Cannot complete request momentarily due to no known leader "
                      "URL, likely because a rebalance was underway.");
    else
        c->forward_to = kc_xstrdup(url);
}

/* Herder thread: restart the connector (task < 0) or task here if it runs here; else the
 * leader sends it to the worker its assignment gave it, and a follower sends it to the
 * leader (Java's DistributedHerder.restartConnector/restartTask). */
static void
restart_where_it_runs(call *c, int task)
{
    kc_herder  *h = c->ctx->herder;
    const char *owner;

    if (kc_herder_owns(h, c->name, task)) {
        if (kc_herder_restart_local(h, c->name, task) == KC_OK)
            ok(c, 204, NULL);
        else if (task >= 0)
            kc_rest_error(c->resp, 500, "Failed to start task: %s-%d", c->name, task);
        else
            kc_rest_error(c->resp, 500, "Failed to start connector: %s", c->name);
        return;
    }
    if (!kc_herder_is_leader(h)) {
        to_leader(c);
        return;
    }
    if ((owner = kc_herder_owner_url(h, c->name, task)) == NULL || *owner == '\0') {
        /* Java's NotAssignedException without an owner URL. */
        kc_rest_error(c->resp, 409, "Cannot complete request momentarily due to no known leader "
                      "URL, likely because a rebalance was underway.");
        return;
    }
    c->forward_to = kc_xstrdup(owner);
}

static bool
query_true(const kc_rest_request *req, const char *name)
{
    const char *v = kc_rest_query(req, name);

    return v != NULL && strcasecmp(v, "true") == 0;
}

/* The ConnectorStateInfo Java answers a restart with: what the plan restarts shows
 * RESTARTING. */
static void
mark_restarting(json_t *info, bool include_tasks, bool only_failed)
{
    json_t *conn = json_object_get(info, "connector"), *t;
    size_t  i;

    if (!only_failed || strcmp(json_string_value(json_object_get(conn, "state")), "FAILED") == 0)
        json_object_set_new(conn, "state", json_string("RESTARTING"));
    if (!include_tasks)
        return;
    json_array_foreach(json_object_get(info, "tasks"), i, t)
        if (!only_failed || strcmp(json_string_value(json_object_get(t, "state")), "FAILED") == 0)
            json_object_set_new(t, "state", json_string("RESTARTING"));
}

static void
do_restart(kc_herder *h, void *arg)
{
    call                     *c = arg;
    bool                      include_tasks = query_true(c->req, "includeTasks");
    bool                      only_failed = query_true(c->req, "onlyFailed");
    const kc_connector_state *cs;
    json_t                   *info;
    kc_err                    err;

    if ((cs = kc_config_state_connector(kc_herder_config(h), c->name)) == NULL) {
        kc_rest_error(c->resp, 404, "Unknown connector: %s", c->name);
        return;
    }
    /* No flags: the connector instance alone, where it runs (204, Java's old behaviour). */
    if (!include_tasks && !only_failed) {
        restart_where_it_runs(c, -1);
        return;
    }
    /* Otherwise the leader writes restart-connector-<c> and every worker restarts its own
     * part of the plan; the answer is the plan. */
    if (!kc_herder_is_leader(h)) {
        to_leader(c);
        return;
    }
    if ((info = connector_state_info(h, cs)) == NULL) {
        kc_rest_error(c->resp, 404, "Status for connector %s not found", c->name);
        return;
    }
    if (kc_herder_restart_request(h, c->name, include_tasks, only_failed, &err) != KC_OK) {
        json_decref(info);
        kc_rest_error(c->resp, 500, "Failed to restart connector %s: %s", c->name, err.msg);
        return;
    }
    mark_restarting(info, include_tasks, only_failed);
    ok(c, 202, info);
}

ENDPOINT(kc_rest_connector_restart, do_restart, run)

static void
do_task_restart(kc_herder *h, void *arg)
{
    call                     *c = arg;
    int                       task = *(int *) c->extra;
    const kc_connector_state *cs;

    if ((cs = kc_config_state_connector(kc_herder_config(h), c->name)) == NULL) {
        kc_rest_error(c->resp, 404, "Unknown connector: %s", c->name);
        return;
    }
    if ((size_t) task >= kc_config_state_task_count_visible(cs)) {
        kc_rest_error(c->resp, 404, "Unknown task: %s-%d", c->name, task);
        return;
    }
    restart_where_it_runs(c, task);
}

/* A task id as Jersey converts the path parameter to Integer; anything else is Jersey's
 * plain 404. */
static bool
task_id(const char *text, int *out)
{
    char *end;
    long  v;

    errno = 0;
    v = strtol(text, &end, 10);
    if (*text == '\0' || *end != '\0' || errno != 0 || v < INT32_MIN || v > INT32_MAX)
        return false;
    *out = (int) v;
    return true;
}

void
kc_rest_task_restart(const kc_rest_ctx *ctx, const kc_rest_request *req, kc_rest_response *resp)
{
    int  task;
    call c = { ctx, req, resp, req->segments[1], NULL, NULL, &task };

    if (!task_id(req->segments[3], &task)) {
        kc_rest_error(resp, 404, "HTTP 404 Not Found");
        return;
    }
    if (task < 0) {
        kc_rest_error(resp, 404, "Unknown task: %s-%d", c.name, task);
        return;
    }
    run(&c, do_task_restart);
}

/* ===== Internal: task configs from the worker that runs the connector ===== */

/* Herder thread, internal endpoints (task configs, fencing): a follower passes the request
 * on to the leader, as Java's herder answers NotLeaderException and HerderRequestHandler
 * forwards it. The forwarded copy carries the Authorization header alone (kc_rest_forward), as Java's, so a
 * `sessioned` leader refuses it unsigned. Returns true when this worker is the leader. */
static bool
leader_or_forward_internal(call *c)
{
    kc_herder *h = c->ctx->herder;

    if (kc_herder_is_leader(h))
        return true;
    if (kc_herder_leader_url(h) == NULL || *kc_herder_leader_url(h) == '\0')
        kc_rest_error(c->resp, 409, "Cannot complete request momentarily due to no known "
                      "leader URL, likely because a rebalance was underway.");
    else
        c->forward_to = kc_xstrdup(kc_herder_leader_url(h));
    return false;
}

/* An internal request (task configs, fencing) carries the group's session-key signature
 * when the group runs `sessioned`; otherwise Java's refusal is the answer. Herder thread. */
static bool
signed_by_the_group(kc_herder *h, call *c)
{
    kc_err err;
    int    status = 500;

    if (kc_herder_verify_internal(h, c->req->body ? c->req->body : "", c->req->body_len,
                                  kc_rest_header(c->req, "X-Connect-Authorization"),
                                  kc_rest_header(c->req, "X-Connect-Request-Signature-Algorithm"),
                                  &status, &err) == KC_OK)
        return true;
    kc_rest_error(c->resp, status, "%s", err.msg);
    return false;
}

/* Java's putTaskConfigs order: the signature on whichever worker receives the request, then
 * the leader check, then the connector. */
static void
do_tasks_post(kc_herder *h, void *arg)
{
    call  *c = arg;
    kc_err err;

    if (kc_herder_standalone(h)) {
        kc_rest_error(c->resp, 500, "Kafka Connect in standalone mode does not support "
                      "externally setting task configurations.");
        return;
    }
    if (!signed_by_the_group(h, c))
        return;
    if (!leader_or_forward_internal(c))
        return;
    if (known(c) == NULL)
        return;
    if (kc_herder_put_task_configs(h, c->name, c->body, &err) != KC_OK)
        kc_rest_error(c->resp, 500, "Failed to write task configs: %s", err.msg);
    else
        ok(c, 204, NULL);
}

void
kc_rest_connector_tasks_post(const kc_rest_ctx *ctx, const kc_rest_request *req,
                             kc_rest_response *resp)
{
    json_t *body = parse_body(req, resp);
    call    c = { ctx, req, resp, req->segments[1], body, NULL, NULL };

    if (body == NULL)
        return;
    if (!json_is_array(body)) {
        char *where = kc_rest_jackson_where(req->body, req->body_len, (const char *[]) { NULL });
        kc_rest_error(resp, 400, "Cannot deserialize value of type `java.util.ArrayList<java.util."
                      "Map<java.lang.String,java.lang.String>>` from %s%s",
                      kc_rest_jackson_shape(body), where);
        free(where);
    } else {
        run(&c, do_tasks_post);
    }
    json_decref(body);
}

/* ===== Internal: PUT /connectors/{c}/fence (KIP-618) ===== */

/* Zombie fencing before exactly-once source tasks start (KIP-618): the leader runs the
 * connector's round (kc_herder_fence_round), if one is pending, and answers 204. Java
 * checks the signature first and does not wait out a rebalance. */
static void
do_fence(kc_herder *h, void *arg)
{
    call                     *c = arg;
    const kc_connector_state *cs;
    const char               *type;
    kc_err                    err;
    int                       status;

    if (kc_herder_standalone(h)) {
        kc_rest_error(c->resp, 500, "Kafka Connect in standalone mode does not support "
                      "exactly-once source connectors.");
        return;
    }
    if (!signed_by_the_group(h, c))
        return;
    if (!leader_or_forward_internal(c))
        return;
    if ((cs = known(c)) == NULL)
        return;
    type = cs->config ? kc_runtime_connector_type(cs->config) : NULL;
    if (type == NULL || strcmp(type, "source") != 0) {
        kc_rest_error(c->resp, 400, "Connector %s is not a source connector", c->name);
        return;
    }
    if (kc_herder_fence_round(h, c->name, &status, &err) != KC_OK)
        kc_rest_error(c->resp, status, "%s", err.msg);
    else
        ok(c, 204, NULL);
}

void
kc_rest_connector_fence(const kc_rest_ctx *ctx, const kc_rest_request *req,
                        kc_rest_response *resp)
{
    call c = { ctx, req, resp, req->segments[1], NULL, NULL, NULL };

    run(&c, do_fence);
}

/* ===== KIP-558: active topics ===== */

static bool
tracking_allowed(const kc_rest_ctx *ctx, kc_rest_response *resp, bool reset)
{
    if (ctx->worker_cfg != NULL && !kc_cfg_bool(ctx->worker_cfg, "topic.tracking.enable")) {
        kc_rest_error(resp, 403, "Topic tracking is disabled.");
        return false;
    }
    if (reset && ctx->worker_cfg != NULL &&
        !kc_cfg_bool(ctx->worker_cfg, "topic.tracking.allow.reset")) {
        kc_rest_error(resp, 403, "Topic tracking reset is disabled.");
        return false;
    }
    return kc_rest_herder_or_answer(ctx, resp) != NULL;
}

/* GET /connectors/{c}/topics: from the status topic's records; an unknown connector has
 * none (Java answers it too, with an empty list). */
void
kc_rest_connector_topics(const kc_rest_ctx *ctx, const kc_rest_request *req,
                         kc_rest_response *resp)
{
    size_t  n;
    char  **topics;
    json_t *list;

    if (!tracking_allowed(ctx, resp, false))
        return;
    topics = kc_status_store_topics(kc_herder_status(ctx->herder), req->segments[1], &n);
    list = json_array();
    for (size_t i = 0; i < n; i++) {
        json_array_append_new(list, json_string(topics[i]));
        free(topics[i]);
    }
    free(topics);
    resp->status = 200;
    resp->body = json_pack("{s:{s:o}}", req->segments[1], "topics", list);
}

/* PUT /connectors/{c}/topics/reset: tombstones for each active topic; 202 (for unknown
 * connectors too, as Java). */
void
kc_rest_connector_topics_reset(const kc_rest_ctx *ctx, const kc_rest_request *req,
                               kc_rest_response *resp)
{
    kc_err err;

    if (!tracking_allowed(ctx, resp, true))
        return;
    if (kc_status_store_reset_topics(kc_herder_status(ctx->herder), req->segments[1],
                                     &err) != KC_OK) {
        kc_rest_error(resp, 500, "Failed to reset the active topics of %s: %s", req->segments[1],
                      err.msg);
        return;
    }
    resp->status = 202;
    resp->body = NULL;
}
