/*
 * rest/offsets.c - KIP-875: GET, PATCH (alter) and DELETE (reset) /connectors/{c}/offsets.
 *
 * Source connectors' offsets live in the offsets topics worker/source_offsets.h names (the
 * worker's, the connector's own, or both, as Java's Worker chooses): altering writes new
 * values, resetting writes tombstones, both in Java's order. Sink connectors' offsets are their
 * consumer group's (connect-<name>, or consumer.override.group.id): they are read, altered
 * and deleted with Kafka's admin API, as Java's Worker does.
 *
 * MHD threads. The checks that need herder state (does the connector exist, is this the
 * leader, is it STOPPED with no tasks) run on the herder thread through kc_herder_request; the
 * Kafka work then runs on the MHD thread with a client of its own, so a slow broker never
 * holds up the herder. As in Java, a connector resumed between the check and the write can
 * race with it; for sinks the brokers refuse to change the offsets of a group with members.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rest/plugins.h"
#include "rest/routes.h"
#include "worker/herder.h"
#include "worker/kafka.h"
#include "lib/log.h"
#include "worker/plugins.h"
#include "worker/source_offsets.h"

#define HERDER_TIMEOUT_MS 90000
#define ADMIN_TIMEOUT_MS  30000

/* What the herder-thread part hands back. */
typedef struct snapshot {
    const kc_rest_request *req;
    kc_rest_response      *resp;
    const char            *name;
    bool                   modify;      /* alter or reset: leader only, STOPPED only */
    json_t                *config;      /* the connector's config (new reference) */
    char                  *forward_to;
} snapshot;

static void
take_snapshot(kc_herder *h, void *arg)
{
    snapshot                 *s = arg;
    const kc_connector_state *cs;
    kc_err                    err;

    if (s->modify) {
        if (!kc_herder_is_leader(h)) {
            const char *url = kc_herder_leader_url(h);
            if (url == NULL || *url == '\0')
                kc_rest_error(s->resp, 409, "Cannot complete request momentarily due to no known "
                              "leader URL, likely because a rebalance was underway.");
            else
                s->forward_to = kc_xstrdup(url);
            return;
        }
    }
    if ((cs = kc_config_state_connector(kc_herder_config(h), s->name)) == NULL ||
        cs->config == NULL) {
        kc_rest_error(s->resp, 404, "Connector %s not found", s->name);
        return;
    }
    if (s->modify && (cs->target != KC_TARGET_STOPPED || cs->task_count != 0)) {
        kc_rest_error(s->resp, 400, "Connectors must be in the STOPPED state before their "
                      "offsets can be modified. This can be done for the specified connector by "
                      "issuing a 'PUT' request to the '/connectors/%s/stop' endpoint", s->name);
        return;
    }
    /* The connector's offsets are read and altered with its config resolved, as Java's
     * Worker is given it. */
    if ((s->config = kc_herder_connector_config(h, s->name, &err)) == NULL)
        kc_rest_error(s->resp, 500, "%s", err.msg);
}

/* Runs take_snapshot; true when the caller should go on with s->config. */
static bool
snapshot_or_answer(const kc_rest_ctx *ctx, snapshot *s)
{
    if (!kc_rest_herder_request(ctx, s->resp, take_snapshot, s, HERDER_TIMEOUT_MS))
        return false;
    if (s->forward_to != NULL) {
        kc_rest_forward(s->req, s->forward_to, s->resp);
        free(s->forward_to);
        return false;
    }
    return s->config != NULL;
}

static void
message(kc_rest_response *resp, const char *text)
{
    json_decref(resp->body);
    resp->status = 200;
    resp->body = json_pack("{s:s}", "message", text);
}

/* Java's answer after a change: whether the connector said it handled its own offsets. */
static void
modified(kc_rest_response *resp, bool managed, bool reset)
{
    const char *what = reset ? "reset" : "altered";
    char        text[512];

    if (managed)
        snprintf(text, sizeof(text), "The offsets for this connector have been %s successfully",
                 what);
    else
        snprintf(text, sizeof(text), "The Connect framework-managed offsets for this connector "
                 "have been %s successfully. However, if this connector manages offsets "
                 "externally, they will need to be manually %s in the system that the connector "
                 "uses.", what, what);
    message(resp, text);
}

/* ===== Sink connectors: the consumer group ===== */

static char *
sink_group(const char *name, const json_t *config)
{
    const char *g = json_string_value(json_object_get(config, "consumer.override.group.id"));

    return g != NULL ? kc_xstrdup(g) : kc_xasprintf("connect-%s", name);
}

static rd_kafka_t *
admin_client(const kc_rest_ctx *ctx, kc_err *err)
{
    const kc_worker_config *wc = kc_herder_worker_config(ctx->herder);

    return kc_kafka_new(RD_KAFKA_PRODUCER, &wc->props, "", NULL, err);
}

/* Waits for the admin result event of type `type` on q; NULL (err set) on timeout or a
 * request-level error. */
static rd_kafka_event_t *
admin_wait(rd_kafka_queue_t *q, rd_kafka_event_type_t type, kc_err *err)
{
    rd_kafka_event_t *ev = rd_kafka_queue_poll(q, ADMIN_TIMEOUT_MS + 5000);

    if (ev == NULL) {
        kc_err_set(err, KC_ETIMEOUT, "Timed out waiting for the Kafka cluster");
        return NULL;
    }
    if (rd_kafka_event_type(ev) != type || rd_kafka_event_error(ev)) {
        kc_err_set(err, KC_EKAFKA, "%s", rd_kafka_event_error_string(ev));
        rd_kafka_event_destroy(ev);
        return NULL;
    }
    return ev;
}

static rd_kafka_AdminOptions_t *
admin_options(rd_kafka_t *rk, rd_kafka_admin_op_t op)
{
    rd_kafka_AdminOptions_t *o = rd_kafka_AdminOptions_new(rk, op);
    char                     buf[256];

    rd_kafka_AdminOptions_set_request_timeout(o, ADMIN_TIMEOUT_MS, buf, sizeof(buf));
    return o;
}

/* The first per-partition error of a group result, KC_OK if none. */
static int
partitions_error(const rd_kafka_topic_partition_list_t *parts, rd_kafka_resp_err_t *kerr,
                 kc_err *err)
{
    for (int i = 0; parts != NULL && i < parts->cnt; i++)
        if (parts->elems[i].err) {
            *kerr = parts->elems[i].err;
            return kc_err_set(err, KC_EKAFKA, "%s [%d]: %s", parts->elems[i].topic,
                              parts->elems[i].partition, rd_kafka_err2str(parts->elems[i].err));
        }
    return KC_OK;
}

/* KC_OK, or the first error of a group result (its Kafka code in *kerr). */
static int
group_result(const rd_kafka_group_result_t **groups, size_t n, rd_kafka_resp_err_t *kerr,
             kc_err *err)
{
    for (size_t i = 0; i < n; i++) {
        const rd_kafka_error_t *e = rd_kafka_group_result_error(groups[i]);
        if (e != NULL) {
            *kerr = rd_kafka_error_code(e);
            return kc_err_set(err, KC_EKAFKA, "%s", rd_kafka_error_string(e));
        }
        if (partitions_error(rd_kafka_group_result_partitions(groups[i]), kerr, err) != KC_OK)
            return KC_EKAFKA;
    }
    return KC_OK;
}

static int
sink_list(rd_kafka_t *rk, const char *group, json_t **out, kc_err *err)
{
    rd_kafka_queue_t                   *q = rd_kafka_queue_new(rk);
    rd_kafka_ListConsumerGroupOffsets_t *req = rd_kafka_ListConsumerGroupOffsets_new(group, NULL);
    rd_kafka_AdminOptions_t            *o = admin_options(rk,
                                                          RD_KAFKA_ADMIN_OP_LISTCONSUMERGROUPOFFSETS);
    rd_kafka_event_t                   *ev;
    int                                 rc = KC_OK;

    *out = json_array();
    rd_kafka_ListConsumerGroupOffsets(rk, &req, 1, o, q);
    rd_kafka_ListConsumerGroupOffsets_destroy(req);
    rd_kafka_AdminOptions_destroy(o);
    if ((ev = admin_wait(q, RD_KAFKA_EVENT_LISTCONSUMERGROUPOFFSETS_RESULT, err)) == NULL) {
        rc = err->code;
    } else {
        size_t                          n;
        const rd_kafka_group_result_t **g = rd_kafka_ListConsumerGroupOffsets_result_groups(
            rd_kafka_event_ListConsumerGroupOffsets_result(ev), &n);
        for (size_t i = 0; i < n; i++) {
            const rd_kafka_error_t                *e = rd_kafka_group_result_error(g[i]);
            const rd_kafka_topic_partition_list_t *p = rd_kafka_group_result_partitions(g[i]);
            if (e != NULL) {
                rc = kc_err_set(err, KC_EKAFKA, "%s", rd_kafka_error_string(e));
                break;
            }
            for (int k = 0; p != NULL && k < p->cnt; k++) {
                if (p->elems[k].err || p->elems[k].offset < 0)
                    continue;                   /* nothing committed there */
                json_array_append_new(*out, json_pack(
                    "{s:{s:s,s:i},s:{s:I}}", "partition", "kafka_topic", p->elems[k].topic,
                    "kafka_partition", (int) p->elems[k].partition, "offset", "kafka_offset",
                    (json_int_t) p->elems[k].offset));
            }
        }
        rd_kafka_event_destroy(ev);
    }
    rd_kafka_queue_destroy(q);
    return rc;
}

/* Java's SinkUtils.parseSinkConnectorOffsets: "10" and 10 are both accepted. */
static bool
as_long(const json_t *v, long long lo, long long hi, long long *out)
{
    char      *end;
    const char *s;
    long long  x;

    if (json_is_integer(v)) {
        x = json_integer_value(v);
    } else if (json_is_string(v)) {
        s = json_string_value(v);
        errno = 0;
        x = strtoll(s, &end, 10);
        if (*s == '\0' || *end != '\0' || errno != 0 || *s == ' ')
            return false;
    } else {
        return false;
    }
    if (x < lo || x > hi)
        return false;
    *out = x;
    return true;
}

/* A JSON value as Java's String.valueOf prints it in messages. */
static char *
shown(const json_t *v)
{
    if (json_is_string(v))
        return kc_xstrdup(json_string_value(v));
    return json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT);
}

/* Parses alter requests for a sink into alter (offsets) and remove (null offsets) lists;
 * 400 with Java's message on a bad entry. */
static bool
parse_sink_offsets(const json_t *offsets, rd_kafka_topic_partition_list_t *alter,
                   rd_kafka_topic_partition_list_t *remove, kc_rest_response *resp)
{
    size_t  i;
    json_t *e;

    json_array_foreach(offsets, i, e) {
        const json_t *p = json_object_get(e, "partition"), *o = json_object_get(e, "offset");
        const json_t *topic = json_object_get(p, "kafka_topic");
        const json_t *part = json_object_get(p, "kafka_partition");
        long long     partition, offset;
        char         *t;
        if (p == NULL || json_is_null(p)) {
            kc_rest_error(resp, 400, "The partition for a sink connector offset cannot be null "
                          "or missing");
            return false;
        }
        if (topic == NULL || part == NULL) {
            kc_rest_error(resp, 400, "The partition for a sink connector offset must contain the "
                          "keys 'kafka_topic' and 'kafka_partition'");
            return false;
        }
        if (json_is_null(topic)) {
            kc_rest_error(resp, 400, "Kafka topic names must be valid strings and may not be "
                          "null");
            return false;
        }
        if (json_is_null(part)) {
            kc_rest_error(resp, 400, "Kafka partitions must be valid numbers and may not be null");
            return false;
        }
        if (!as_long(part, INT32_MIN, INT32_MAX, &partition)) {
            char *v = shown(part);
            kc_rest_error(resp, 400, "Failed to parse the following Kafka partition value in the "
                          "provided offsets: '%s'. Partition values for sink connectors need to "
                          "be integers.", v);
            free(v);
            return false;
        }
        t = shown(topic);
        if (o == NULL || json_is_null(o)) {
            rd_kafka_topic_partition_list_add(remove, t, (int32_t) partition);
            free(t);
            continue;
        }
        if (json_object_get(o, "kafka_offset") == NULL) {
            free(t);
            kc_rest_error(resp, 400, "The offset for a sink connector should either be null or "
                          "contain the key 'kafka_offset'");
            return false;
        }
        if (!as_long(json_object_get(o, "kafka_offset"), INT64_MIN, INT64_MAX, &offset)) {
            char *v = shown(json_object_get(o, "kafka_offset"));
            free(t);
            kc_rest_error(resp, 400, "Failed to parse the following Kafka offset value in the "
                          "provided offsets: '%s'. Offset values for sink connectors need to be "
                          "integers.", v);
            free(v);
            return false;
        }
        rd_kafka_topic_partition_list_add(alter, t, (int32_t) partition)->offset = offset;
        free(t);
    }
    return true;
}

static int
sink_alter(rd_kafka_t *rk, const char *group, rd_kafka_topic_partition_list_t *alter,
           rd_kafka_topic_partition_list_t *remove, rd_kafka_resp_err_t *kerr, kc_err *err)
{
    rd_kafka_queue_t *q = rd_kafka_queue_new(rk);
    rd_kafka_event_t *ev;
    int               rc = KC_OK;

    if (alter->cnt > 0) {
        rd_kafka_AlterConsumerGroupOffsets_t *req =
            rd_kafka_AlterConsumerGroupOffsets_new(group, alter);
        rd_kafka_AdminOptions_t *o = admin_options(rk, RD_KAFKA_ADMIN_OP_ALTERCONSUMERGROUPOFFSETS);
        rd_kafka_AlterConsumerGroupOffsets(rk, &req, 1, o, q);
        rd_kafka_AlterConsumerGroupOffsets_destroy(req);
        rd_kafka_AdminOptions_destroy(o);
        if ((ev = admin_wait(q, RD_KAFKA_EVENT_ALTERCONSUMERGROUPOFFSETS_RESULT, err)) == NULL) {
            rc = err->code;
        } else {
            size_t                          n;
            const rd_kafka_group_result_t **g = rd_kafka_AlterConsumerGroupOffsets_result_groups(
                rd_kafka_event_AlterConsumerGroupOffsets_result(ev), &n);
            rc = group_result(g, n, kerr, err);
            rd_kafka_event_destroy(ev);
        }
    }
    if (rc == KC_OK && remove->cnt > 0) {
        rd_kafka_DeleteConsumerGroupOffsets_t *req =
            rd_kafka_DeleteConsumerGroupOffsets_new(group, remove);
        rd_kafka_AdminOptions_t *o = admin_options(rk,
                                                   RD_KAFKA_ADMIN_OP_DELETECONSUMERGROUPOFFSETS);
        rd_kafka_DeleteConsumerGroupOffsets(rk, &req, 1, o, q);
        rd_kafka_DeleteConsumerGroupOffsets_destroy(req);
        rd_kafka_AdminOptions_destroy(o);
        if ((ev = admin_wait(q, RD_KAFKA_EVENT_DELETECONSUMERGROUPOFFSETS_RESULT, err)) == NULL) {
            rc = err->code;
        } else {
            size_t                          n;
            const rd_kafka_group_result_t **g = rd_kafka_DeleteConsumerGroupOffsets_result_groups(
                rd_kafka_event_DeleteConsumerGroupOffsets_result(ev), &n);
            rc = group_result(g, n, kerr, err);
            rd_kafka_event_destroy(ev);
        }
    }
    rd_kafka_queue_destroy(q);
    return rc;
}

/* Reset: Java deletes the whole consumer group (a group that does not exist is fine). */
static int
sink_reset(rd_kafka_t *rk, const char *group, rd_kafka_resp_err_t *kerr, kc_err *err)
{
    rd_kafka_queue_t        *q = rd_kafka_queue_new(rk);
    rd_kafka_DeleteGroup_t  *req = rd_kafka_DeleteGroup_new(group);
    rd_kafka_AdminOptions_t *o = admin_options(rk, RD_KAFKA_ADMIN_OP_DELETEGROUPS);
    rd_kafka_event_t        *ev;
    int                      rc = KC_OK;

    rd_kafka_DeleteGroups(rk, &req, 1, o, q);
    rd_kafka_DeleteGroup_destroy(req);
    rd_kafka_AdminOptions_destroy(o);
    if ((ev = admin_wait(q, RD_KAFKA_EVENT_DELETEGROUPS_RESULT, err)) == NULL) {
        rc = err->code;
    } else {
        size_t                          n;
        const rd_kafka_group_result_t **g = rd_kafka_DeleteGroups_result_groups(
            rd_kafka_event_DeleteGroups_result(ev), &n);
        for (size_t i = 0; i < n; i++) {
            const rd_kafka_error_t *e = rd_kafka_group_result_error(g[i]);
            if (e != NULL && rd_kafka_error_code(e) != RD_KAFKA_RESP_ERR_GROUP_ID_NOT_FOUND) {
                *kerr = rd_kafka_error_code(e);
                rc = kc_err_set(err, KC_EKAFKA, "%s", rd_kafka_error_string(e));
            }
        }
        rd_kafka_event_destroy(ev);
    }
    rd_kafka_queue_destroy(q);
    return rc;
}

/* Java's answers when the brokers refuse: a group that still has members (tasks not yet
 * stopped, or the connector resumed meanwhile) gets the long "safely retried" message. */
static void
sink_failed(kc_rest_response *resp, const char *name, bool reset, rd_kafka_resp_err_t kerr,
            const kc_err *err)
{
    const char *what = reset ? "reset" : "alter";
    bool        busy = reset ? kerr == RD_KAFKA_RESP_ERR_NON_EMPTY_GROUP
                             : (kerr == RD_KAFKA_RESP_ERR_UNKNOWN_MEMBER_ID ||
                                kerr == RD_KAFKA_RESP_ERR_GROUP_SUBSCRIBED_TO_TOPIC);

    kc_log_error("rest", "Failed to %s consumer group offsets for connector %s: %s", what, name,
                 err->msg);
    if (busy)
        kc_rest_error(resp, 500, "Failed to %s consumer group offsets for connector %s either "
                      "because its tasks haven't stopped completely yet or the connector was "
                      "resumed before the request to %s its offsets could be successfully "
                      "completed. If the connector is in a stopped state, this operation can be "
                      "safely retried. If it doesn't eventually succeed, the Connect cluster may "
                      "need to be restarted to get rid of the zombie sink tasks.", what, name,
                      what);
    else if (reset)
        kc_rest_error(resp, 500, "Failed to reset consumer group offsets for sink connector %s",
                      name);
    else
        kc_rest_error(resp, 500, "Failed to alter consumer group offsets for connector %s", name);
}

/* Java's OffsetUtils.validateFormat, after the connector had its say: partitions and
 * offsets are flat maps of primitives (400: a client's mistake Java answers 500). */
static bool
flat(const json_t *map, kc_rest_response *resp)
{
    const char *key;
    json_t     *v;

    json_object_foreach((json_t *) map, key, v)
        if (json_is_object(v) || json_is_array(v)) {
            kc_rest_error(resp, 400, "Offsets may only contain primitive types as values, but "
                          "field %s contains %s", key, json_is_object(v) ? "MAP" : "ARRAY");
            return false;
        }
    return true;
}

static bool
source_offsets_valid(const json_t *offsets, kc_rest_response *resp)
{
    size_t  i;
    json_t *e;

    json_array_foreach(offsets, i, e) {
        const json_t *p = json_object_get(e, "partition"), *o = json_object_get(e, "offset");
        if (p == NULL || json_is_null(p)) {
            kc_rest_error(resp, 400, "Partition objects cannot be null");
            return false;
        }
        if (!flat(p, resp) || (json_is_object(o) && !flat(o, resp)))
            return false;
    }
    return true;
}

/* ===== Handlers ===== */

/* The connector's offsets as its tasks see them (NULL: the 500 answered, with what). */
static kc_source_offsets *
source_view(const kc_rest_ctx *ctx, const snapshot *s, const char *what)
{
    kc_err             err;
    kc_source_offsets *o = kc_source_offsets_open(kc_herder_worker_config(ctx->herder),
                                                  kc_herder_offsets(ctx->herder), s->config,
                                                  s->name, s->name, &err);

    if (o == NULL)
        kc_rest_error(s->resp, 500, "Failed to %s offsets for source connector %s: %s", what,
                      s->name, err.msg);
    return o;
}

static const kc_connector_ops *
class_of(const json_t *config, kc_rest_response *resp)
{
    const char             *cls = json_string_value(json_object_get(config, "connector.class"));
    const kc_connector_ops *ops = cls ? kc_plugins_find(cls) : NULL;

    if (ops == NULL)
        kc_rest_error(resp, 500, "Failed to find any class that implements Connector and which "
                      "name matches %s", cls ? cls : "null");
    return ops;
}

void
kc_rest_offsets_get(const kc_rest_ctx *ctx, const kc_rest_request *req, kc_rest_response *resp)
{
    snapshot                s = { req, resp, req->segments[1], false, NULL, NULL };
    const kc_connector_ops *ops;
    json_t                 *list = NULL;
    kc_err                  err;
    int                     rc;

    if (!snapshot_or_answer(ctx, &s))
        return;
    if ((ops = class_of(s.config, resp)) == NULL)
        goto out;
    if (ops->type == KC_CONNECTOR_SOURCE) {
        kc_source_offsets *view = source_view(ctx, &s, "retrieve");
        if (view == NULL)
            goto out;
        rc = kc_source_offsets_list(view, &list, &err);
        kc_source_offsets_close(view);
    } else {
        char       *group = sink_group(s.name, s.config);
        rd_kafka_t *rk = admin_client(ctx, &err);
        rc = rk ? sink_list(rk, group, &list, &err) : err.code;
        kc_kafka_destroy(rk);
        free(group);
    }
    if (rc != KC_OK) {
        kc_rest_error(resp, 500, "Failed to retrieve consumer group offsets for %s connector "
                      "%s: %s", ops->type == KC_CONNECTOR_SOURCE ? "source" : "sink", s.name,
                      err.msg);
    } else {
        resp->status = 200;
        resp->body = json_pack("{s:O}", "offsets", list);
    }
    json_decref(list);
out:
    json_decref(s.config);
}

/* The connector's alterOffsets hook (when it has one): *managed as it answers. */
static bool
connector_allows(const kc_connector_ops *ops, const json_t *config, const json_t *offsets,
                 bool *managed, kc_rest_response *resp)
{
    char err[512] = "";

    *managed = false;
    if (!KC_CONNECTOR_HAS(ops, alter_offsets))
        return true;
    /* The connector refuses what the request asks for: a client's mistake, 400 (Java: 500). */
    if (ops->alter_offsets(config, offsets, managed, err, sizeof(err)) != KC_PLUGIN_OK) {
        kc_rest_error(resp, 400, "%s", *err ? err : "Failed to modify offsets for connector");
        return false;
    }
    return true;
}

static void
modify(const kc_rest_ctx *ctx, const kc_rest_request *req, kc_rest_response *resp,
       const json_t *offsets)
{
    snapshot                s = { req, resp, req->segments[1], true, NULL, NULL };
    const kc_connector_ops *ops;
    kc_source_offsets      *view = NULL;
    json_t                 *list = NULL;
    bool                    managed = false, reset = offsets == NULL;
    kc_err                  err;
    int                     rc = KC_OK;

    if (!snapshot_or_answer(ctx, &s))
        return;
    if ((ops = class_of(s.config, resp)) == NULL)
        goto out;
    if (ops->type == KC_CONNECTOR_SINK) {
        char                            *group = sink_group(s.name, s.config);
        rd_kafka_topic_partition_list_t *alter = rd_kafka_topic_partition_list_new(4);
        rd_kafka_topic_partition_list_t *remove = rd_kafka_topic_partition_list_new(4);
        rd_kafka_t                      *rk = NULL;
        if ((reset || parse_sink_offsets(offsets, alter, remove, resp)) &&
            connector_allows(ops, s.config, offsets, &managed, resp)) {
            rd_kafka_resp_err_t kerr = RD_KAFKA_RESP_ERR_NO_ERROR;
            if ((rk = admin_client(ctx, &err)) == NULL)
                rc = err.code;
            else
                rc = reset ? sink_reset(rk, group, &kerr, &err)
                           : sink_alter(rk, group, alter, remove, &kerr, &err);
            if (rc != KC_OK)
                sink_failed(resp, s.name, reset, kerr, &err);
            else
                modified(resp, managed, reset);
        }
        kc_kafka_destroy(rk);
        rd_kafka_topic_partition_list_destroy(alter);
        rd_kafka_topic_partition_list_destroy(remove);
        free(group);
        goto out;
    }
    /* Source: the offsets to write; a reset tombstones every partition stored. */
    if ((view = source_view(ctx, &s, "modify")) == NULL)
        goto out;
    if (reset) {
        size_t  i;
        json_t *e;
        if (kc_source_offsets_list(view, &list, &err) != KC_OK) {
            kc_rest_error(resp, 500, "Failed to modify offsets for source connector %s: %s",
                          s.name, err.msg);
            goto out;
        }
        json_array_foreach(list, i, e)
            json_object_set_new(e, "offset", json_null());
        offsets = list;
    }
    if (!connector_allows(ops, s.config, offsets, &managed, resp) ||
        !source_offsets_valid(offsets, resp))
        goto out;
    /* Exactly once: the connector's zombies are fenced before its offsets change, so
     * none of its old tasks can write over them (Java's order). */
    if (kc_worker_eos_level(kc_herder_worker_config(ctx->herder)) == KC_EOS_ENABLED &&
        kc_herder_fence(ctx->herder, s.name, &err) != KC_OK) {
        kc_rest_error(resp, 500, "Failed to perform zombie fencing for source connector prior "
                      "to modifying offsets: %s", err.msg);
        goto out;
    }
    {
        size_t         n = json_array_size(offsets), i;
        const json_t **parts = kc_xcalloc(n ? n : 1, sizeof(*parts));
        const json_t **values = kc_xcalloc(n ? n : 1, sizeof(*values));
        json_t        *e;
        json_array_foreach(offsets, i, e) {
            const json_t *o = json_object_get(e, "offset");
            parts[i] = json_object_get(e, "partition");
            values[i] = json_is_null(o) ? NULL : o;
        }
        if (n > 0)
            rc = kc_source_offsets_write(view, parts, values, n, ADMIN_TIMEOUT_MS, &err);
        free(parts);
        free(values);
    }
    if (rc != KC_OK)
        kc_rest_error(resp, 500, "Failed to modify offsets for source connector %s: %s", s.name,
                      err.msg);
    else
        modified(resp, managed, reset);
out:
    kc_source_offsets_close(view);
    json_decref(list);
    json_decref(s.config);
}

void
kc_rest_offsets_alter(const kc_rest_ctx *ctx, const kc_rest_request *req, kc_rest_response *resp)
{
    json_error_t jerr;
    json_t      *body = NULL, *offsets, *e;
    size_t       i;

    /* A client's mistakes answer 400 saying what is wrong, where Java answers 500 (README,
     * compatibility). */
    if (req->body_len == 0 || strspn(req->body, " \t\r\n") == req->body_len ||
        ((body = json_loadb(req->body, req->body_len, JSON_DECODE_ANY, &jerr)) != NULL &&
         json_is_null(body))) {
        kc_rest_error(resp, 400, "The request has no body: PATCH /connectors/%s/offsets takes "
                      "{\"offsets\": [{\"partition\": {...}, \"offset\": {...}}, ...]}",
                      req->segments[1]);
        goto out;
    }
    if (body == NULL) {
        kc_rest_error(resp, 400, "Unexpected character or end of input at line %d, column %d: "
                      "%s", jerr.line, jerr.column, jerr.text);
        return;
    }
    if (!json_is_object(body)) {
        char *where = kc_rest_jackson_where(req->body, req->body_len, (const char *[]) { NULL });
        kc_rest_error(resp, 400, "Cannot deserialize value of type `org.apache.kafka.connect."
                      "runtime.rest.entities.ConnectorOffsets` from %s%s",
                      kc_rest_jackson_shape(body), where);
        free(where);
        goto out;
    }
    offsets = json_object_get(body, "offsets");
    if (offsets != NULL && !json_is_null(offsets) && !json_is_array(offsets)) {
        char *where = kc_rest_jackson_where(req->body, req->body_len, (const char *[]) {
            "org.apache.kafka.connect.runtime.rest.entities.ConnectorOffsets", "offsets", NULL });
        kc_rest_error(resp, 400, "Cannot deserialize value of type `java.util.ArrayList<org.apache."
                      "kafka.connect.runtime.rest.entities.ConnectorOffset>` from %s%s",
                      kc_rest_jackson_shape(offsets), where);
        free(where);
        goto out;
    }
    if (!json_is_array(offsets) || json_array_size(offsets) == 0) {
        kc_rest_error(resp, 400, "Partitions / offsets need to be provided for an alter offsets "
                      "request");
        goto out;
    }
    json_array_foreach(offsets, i, e) {
        const json_t *p = json_object_get(e, "partition"), *o = json_object_get(e, "offset");
        if (json_is_null(e)) {
            kc_rest_error(resp, 400, "offsets[%zu] is null: each entry is {\"partition\": "
                          "{...}, \"offset\": {...}}", i);
            goto out;
        }
        if (!json_is_object(e) || (p != NULL && !json_is_object(p) && !json_is_null(p)) ||
            (o != NULL && !json_is_object(o) && !json_is_null(o))) {
            kc_rest_error(resp, 400, "Cannot deserialize value of type `java.util.LinkedHashMap` "
                          "from a non-object value (through reference chain: org.apache.kafka."
                          "connect.runtime.rest.entities.ConnectorOffsets[\"offsets\"])");
            goto out;
        }
    }
    modify(ctx, req, resp, offsets);
out:
    json_decref(body);
}

void
kc_rest_offsets_reset(const kc_rest_ctx *ctx, const kc_rest_request *req, kc_rest_response *resp)
{
    modify(ctx, req, resp, NULL);
}
