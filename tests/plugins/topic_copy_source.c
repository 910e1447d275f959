/*
 * tests/plugins/topic_copy_source.c - a connector plugin that reads Kafka, written as a third
 * party would write it from connectors/connector.h alone: "com.example.TopicCopySource"
 * copies partition 0 of `source.topic` on the worker's own cluster to `topic`, with the
 * host's Kafka clients (kafka_new, kafka_user, kafka_topic_partitions, kafka_destroy), the
 * worker's cluster (worker_cluster) and its offsets (offsets_get), as the MirrorMaker
 * connectors do. tests/integration/test_plugins.py builds it outside the tree.
 *
 * It calls librdkafka on the handles the host made through the worker's own librdkafka: the
 * .so links none of its own.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#define _POSIX_C_SOURCE 200809L   /* strdup */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "connectors/connector.h"

static const kc_host *host;

static int
c_start(void **priv, const kc_context *ctx, const json_t *config, char *err, size_t errlen)
{
    (void) ctx;
    if (json_string_value(json_object_get(config, "source.topic")) == NULL ||
        json_string_value(json_object_get(config, "topic")) == NULL) {
        snprintf(err, errlen, "Missing required configuration \"source.topic\" or \"topic\"");
        return KC_PLUGIN_FATAL;
    }
    if (!KC_HOST_HAS8(host, kafka_new)) {
        snprintf(err, errlen, "This worker offers no Kafka clients to plugins (ABI %d)",
                 host->abi);
        return KC_PLUGIN_FATAL;
    }
    *priv = json_deep_copy(config);
    return KC_PLUGIN_OK;
}

static int
c_task_configs(void *priv, int max_tasks, json_t **out, char *err, size_t errlen)
{
    (void) max_tasks;
    (void) err;
    (void) errlen;
    *out = json_pack("[O]", (json_t *) priv);
    return KC_PLUGIN_OK;
}

static void c_stop(void *priv) { json_decref(priv); }

typedef struct {
    const kc_context *ctx;
    rd_kafka_t       *consumer;
    char             *source, *topic;
    int64_t           next;          /* the next source offset to copy */
    int               assigned;
    volatile int      stopping;
} copy_task;

static int
t_start(void **priv, const kc_context *ctx, const json_t *config, char *err, size_t errlen)
{
    copy_task     *t = calloc(1, sizeof(*t));
    json_t        *cluster = json_object(), *part, *off = NULL;
    const char    *key;
    json_t        *v;
    const char    *settings[64];
    size_t         n = 0;
    kc_kafka_hooks hooks = { .user = t };

    t->ctx = ctx;
    t->source = strdup(json_string_value(json_object_get(config, "source.topic")));
    t->topic = strdup(json_string_value(json_object_get(config, "topic")));
    host->worker_cluster(ctx->ctx, cluster);
    json_object_foreach(cluster, key, v)
        if (n + 2 < sizeof(settings) / sizeof(settings[0]) - 6) {
            settings[n++] = key;
            settings[n++] = json_string_value(v);
        }
    settings[n++] = "group.id";
    settings[n++] = "topic-copy";
    settings[n++] = "enable.auto.commit";
    settings[n++] = "false";
    settings[n] = NULL;
    t->consumer = host->kafka_new(RD_KAFKA_CONSUMER, settings, NULL, &hooks, err, errlen);
    json_decref(cluster);
    if (t->consumer == NULL || host->kafka_user(t->consumer) != t) {
        if (t->consumer != NULL)
            snprintf(err, errlen, "kafka_user did not give the hooks' user back");
        host->kafka_destroy(t->consumer);
        free(t->source);
        free(t->topic);
        free(t);
        return KC_PLUGIN_FATAL;
    }
    part = json_pack("{s:s}", "topic", t->source);
    if (host->offset_get(ctx->ctx, part, &off) == 0 && off != NULL)
        t->next = (int64_t) json_integer_value(json_object_get(off, "offset")) + 1;
    json_decref(off);
    json_decref(part);
    host->log(ctx->ctx, KC_PLUGIN_LOG_INFO, "copying %s from offset %lld", t->source,
              (long long) t->next);
    *priv = t;
    return KC_PLUGIN_OK;
}

static void
t_release(kc_record *r)
{
    free((void *) r->value.ptr);
    json_decref(r->source_partition);
    json_decref(r->source_offset);
}

/* Assigns partition 0 once the source topic exists (the host's metadata call says so). */
static int
assign(copy_task *t, char *err, size_t errlen)
{
    int                              partitions = -1;
    rd_kafka_topic_partition_list_t *parts;
    rd_kafka_resp_err_t              e;

    if (host->kafka_topic_partitions(t->consumer, t->source, 5000, &partitions, err,
                                     errlen) != 0)
        return KC_PLUGIN_RETRIABLE;
    if (partitions < 1)
        return KC_PLUGIN_OK;
    parts = rd_kafka_topic_partition_list_new(1);
    rd_kafka_topic_partition_list_add(parts, t->source, 0)->offset = t->next;
    e = rd_kafka_assign(t->consumer, parts);
    rd_kafka_topic_partition_list_destroy(parts);
    if (e != RD_KAFKA_RESP_ERR_NO_ERROR) {
        snprintf(err, errlen, "assign: %s", rd_kafka_err2str(e));
        return KC_PLUGIN_FATAL;
    }
    t->assigned = 1;
    return KC_PLUGIN_OK;
}

static int
t_poll(void *priv, kc_record *out, size_t max, size_t *n, int timeout_ms, char *err,
       size_t errlen)
{
    copy_task *t = priv;
    int        rc;

    *n = 0;
    if (!t->assigned && (rc = assign(t, err, errlen)) != KC_PLUGIN_OK)
        return rc;
    if (!t->assigned)
        return KC_PLUGIN_OK;
    while (*n < max && !t->stopping) {
        rd_kafka_message_t *m = rd_kafka_consumer_poll(t->consumer, *n ? 0 : timeout_ms);
        kc_record          *r;
        if (m == NULL)
            break;
        if (m->err != RD_KAFKA_RESP_ERR_NO_ERROR) {
            rd_kafka_message_destroy(m);
            continue;
        }
        r = &out[(*n)++];
        memset(r, 0, sizeof(*r));
        r->topic = t->topic;
        r->partition = -1;
        r->timestamp = -1;
        r->value.kind = KC_VALUE_BYTES;
        r->value.ptr = memcpy(malloc(m->len ? m->len : 1), m->payload, m->len);
        r->value.len = m->len;
        r->source_partition = json_pack("{s:s}", "topic", t->source);
        r->source_offset = json_pack("{s:I}", "offset", (json_int_t) m->offset);
        r->release = t_release;
        t->next = m->offset + 1;
        rd_kafka_message_destroy(m);
    }
    return KC_PLUGIN_OK;
}

static void t_stop(void *priv) { ((copy_task *) priv)->stopping = 1; }

static void
t_destroy(void *priv)
{
    copy_task *t = priv;

    host->kafka_destroy(t->consumer);
    free(t->source);
    free(t->topic);
    free(t);
}

static const kc_task_ops copy_task_ops = {
    .start = t_start, .stop = t_stop, .destroy = t_destroy, .poll = t_poll,
};

static const char *const aliases[] = { "TopicCopySource", NULL };

static const kc_connector_ops copy_connector = {
    .abi = KC_CONNECTOR_ABI,
    .class_name = "com.example.TopicCopySource",
    .aliases = aliases,
    .version = "0.1.0",
    .type = KC_CONNECTOR_SOURCE,
    .task_class = "com.example.TopicCopySourceTask",
    .start = c_start,
    .task_configs = c_task_configs,
    .stop = c_stop,
    .task = &copy_task_ops,
};

static const kc_connector_ops *const classes[] = { &copy_connector, NULL };

KC_EXPORT const kc_connector_ops *const *
kc_connector_entry(const kc_host *h)
{
    host = h;
    return classes;
}
