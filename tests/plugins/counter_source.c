/*
 * tests/plugins/counter_source.c - a connector plugin built as a .so, as a third party would
 * write one against connectors/connector.h: "com.example.CounterSource" writes the strings
 * "<prefix>0", "<prefix>1", ... up to `count` to `topic`, remembering how far it got in the
 * offset topic. With `idle.block.ms`, a task with every record written blocks that long in
 * its next poll(), ignoring stop, as a task stuck in a call does.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "connectors/connector.h"

static const kc_host *host;

typedef struct {
    json_t *config;
} counter;

static int
c_start(void **priv, const kc_context *ctx, const json_t *config, char *err, size_t errlen)
{
    counter *c = calloc(1, sizeof(*c));

    (void) ctx;
    if (json_string_value(json_object_get(config, "topic")) == NULL) {
        snprintf(err, errlen, "Missing required configuration \"topic\"");
        free(c);
        return KC_PLUGIN_FATAL;
    }
    c->config = json_deep_copy(config);
    *priv = c;
    return KC_PLUGIN_OK;
}

static int
c_task_configs(void *priv, int max_tasks, json_t **out, char *err, size_t errlen)
{
    counter *c = priv;

    (void) max_tasks;
    (void) err;
    (void) errlen;
    *out = json_pack("[O]", c->config);
    return KC_PLUGIN_OK;
}

static void
c_stop(void *priv)
{
    counter *c = priv;

    json_decref(c->config);
    free(c);
}

typedef struct {
    char      *topic, *prefix;
    long       next, count, idle_block_ms;
    volatile int stopping;
} counter_task;

static int
t_start(void **priv, const kc_context *ctx, const json_t *config, char *err, size_t errlen)
{
    counter_task *t = calloc(1, sizeof(*t));
    json_t       *part = json_pack("{s:s}", "counter", "0"), *off = NULL;
    const char   *count = json_string_value(json_object_get(config, "count"));
    const char   *prefix = json_string_value(json_object_get(config, "prefix"));
    const char   *block = json_string_value(json_object_get(config, "idle.block.ms"));

    (void) err;
    (void) errlen;
    t->topic = strdup(json_string_value(json_object_get(config, "topic")));
    t->prefix = strdup(prefix ? prefix : "n");
    t->count = count ? atol(count) : 10;
    t->idle_block_ms = block ? atol(block) : 0;
    if (ctx->host->offset_get(ctx->ctx, part, &off) == 0 && off != NULL)
        t->next = (long) json_integer_value(json_object_get(off, "next"));
    json_decref(off);
    json_decref(part);
    *priv = t;
    return KC_PLUGIN_OK;
}

static void
t_release(kc_record *r)
{
    free((void *) r->value.ptr);
    json_decref(r->source_partition);
}

static int
t_poll(void *priv, kc_record *out, size_t max, size_t *n, int timeout_ms, char *err,
       size_t errlen)
{
    counter_task *t = priv;

    (void) err;
    (void) errlen;
    *n = 0;
    if (t->next >= t->count && t->idle_block_ms > 0) {
        struct timespec ts = { t->idle_block_ms / 1000, (t->idle_block_ms % 1000) * 1000000L };
        t->idle_block_ms = 0;
        nanosleep(&ts, NULL);
    }
    while (*n < max && t->next < t->count && !t->stopping) {
        kc_record *r = &out[(*n)++];
        char       buf[64];
        int        len = snprintf(buf, sizeof(buf), "%s%ld", t->prefix, t->next);
        memset(r, 0, sizeof(*r));
        r->topic = t->topic;
        r->partition = -1;
        r->timestamp = -1;
        r->value.kind = KC_VALUE_STRING;
        r->value.ptr = strdup(buf);
        r->value.len = (size_t) len;
        r->source_partition = json_pack("{s:s}", "counter", "0");
        r->offset = ++t->next;                /* stored as {"next": N}: ABI 5 */
        r->release = t_release;
    }
    if (*n == 0) {
        struct timespec ts = { 0, (long) (timeout_ms > 200 ? 200 : timeout_ms) * 1000000L };
        nanosleep(&ts, NULL);
    }
    return KC_PLUGIN_OK;
}

static void t_stop(void *priv) { ((counter_task *) priv)->stopping = 1; }

static void
t_destroy(void *priv)
{
    counter_task *t = priv;

    free(t->topic);
    free(t->prefix);
    free(t);
}

static const kc_task_ops counter_task_ops = {
    .start = t_start, .stop = t_stop, .destroy = t_destroy, .poll = t_poll,
    .source_offset_field = "next",
};

static const char *const aliases[] = { "CounterSource", NULL };

static const kc_connector_ops counter_connector = {
    .abi = KC_CONNECTOR_ABI,
    .class_name = "com.example.CounterSource",
    .aliases = aliases,
    .version = "1.2.3",
    .type = KC_CONNECTOR_SOURCE,
    .task_class = "com.example.CounterSourceTask",
    .start = c_start,
    .task_configs = c_task_configs,
    .stop = c_stop,
    .task = &counter_task_ops,
};

static const kc_connector_ops *const classes[] = { &counter_connector, NULL };

KC_EXPORT const kc_connector_ops *const *
kc_connector_entry(const kc_host *h)
{
    host = h;
    return classes;
}
