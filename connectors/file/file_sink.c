/*
 * connectors/file/file_sink.c - FileStreamSink, as Kafka's connect-file ships it: each
 * record's value is appended to `file` (stdout when unset) as one line: the text Java's
 * task prints for it (lib/json_java.h says which values differ).
 *
 * Configs: file, topics / topics.regex (handled by the worker). One task per tasks.max.
 * flush() makes the lines durable before the worker commits the consumer offsets, so a
 * crash repeats lines (at-least-once) but never loses one.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "connectors/connector.h"
#include "lib/common.h"
#include "lib/json_java.h"

typedef struct {
    json_t *config;
} fk_connector;

static int
fk_start(void **priv, const kc_context *ctx, const json_t *config, char *err, size_t errlen)
{
    fk_connector *c = calloc(1, sizeof(*c));

    (void) ctx;
    (void) err;
    (void) errlen;
    c->config = json_deep_copy(config);
    *priv = c;
    return KC_PLUGIN_OK;
}

static int
fk_task_configs(void *priv, int max_tasks, json_t **out, char *err, size_t errlen)
{
    fk_connector *c = priv;

    (void) err;
    (void) errlen;
    /* As Java's FileStreamSinkConnector: every task gets the connector's whole config. */
    *out = json_array();
    for (int i = 0; i < max_tasks; i++)
        json_array_append_new(*out, json_deep_copy(c->config));
    return KC_PLUGIN_OK;
}

static void
fk_stop(void *priv)
{
    fk_connector *c = priv;

    if (c != NULL) {
        json_decref(c->config);
        free(c);
    }
}

typedef struct {
    FILE *out;
    bool  own;
} fk_task;

static int
fk_task_start(void **priv, const kc_context *ctx, const json_t *config, char *err,
              size_t errlen)
{
    fk_task    *t = calloc(1, sizeof(*t));
    const char *file = json_string_value(json_object_get(config, "file"));

    (void) ctx;
    if (file != NULL && *file != '\0') {
        if ((t->out = fopen(file, "a")) == NULL) {
            snprintf(err, errlen, "Couldn't find or create file '%s' for FileStreamSinkTask",
                     file);
            free(t);
            return KC_PLUGIN_FATAL;
        }
        t->own = true;
    } else {
        t->out = stdout;
    }
    *priv = t;
    return KC_PLUGIN_OK;
}

static int
fk_put(void *priv, const kc_record *recs, size_t n, char *err, size_t errlen)
{
    fk_task *t = priv;

    (void) err;
    (void) errlen;
    for (size_t i = 0; i < n; i++) {
        const kc_value *v = &recs[i].value;
        if (v->kind == KC_VALUE_STRING && !kc_utf8_valid(v->ptr, v->len)) {
            /* Java's StringConverter decodes the bytes into a String first. */
            size_t len;
            char  *text = kc_utf8_repair(v->ptr, v->len, &len);
            fwrite(text, 1, len, t->out);
            free(text);
        } else if (v->kind == KC_VALUE_STRING || v->kind == KC_VALUE_BYTES) {
            fwrite(v->ptr, 1, v->len, t->out);
        } else if (v->kind == KC_VALUE_JSON) {
            /* Java's task println()s the value: its toString, not JSON. */
            size_t len;
            char  *s = kc_java_value_string(v->json, v->schema, &len);
            fwrite(s, 1, len, t->out);
            free(s);
        } else {
            fputs("null", t->out);
        }
        fputc('\n', t->out);
    }
    return KC_PLUGIN_OK;
}

static int
fk_flush(void *priv, char *err, size_t errlen)
{
    fk_task *t = priv;

    /* fsync is refused (EINVAL) by files that cannot be synced, /dev/null among them; their
     * data is as flushed as it gets, so offsets may still be committed. */
    if (fflush(t->out) != 0 || (t->own && fsync(fileno(t->out)) != 0 && errno != EINVAL)) {
        snprintf(err, errlen, "FileStreamSink: flushing the output failed");
        return KC_PLUGIN_RETRIABLE;
    }
    return KC_PLUGIN_OK;
}

static void fk_task_stop(void *priv) { (void) priv; }

static void
fk_task_destroy(void *priv)
{
    fk_task *t = priv;

    if (t->own)
        fclose(t->out);
    else
        fflush(t->out);
    free(t);
}

static const kc_task_ops fk_task_ops = {
    .start = fk_task_start, .stop = fk_task_stop, .destroy = fk_task_destroy, .put = fk_put,
    .flush = fk_flush,
};

static const char *const fk_aliases[] = { "FileStreamSinkConnector", "FileStreamSink", NULL };

/* The keys Kafka's FileStreamSinkConnector defines, as Connect's REST API shows them. */
static json_t *
fk_config_def(void)
{
    static const char defs[] =
        "[{\"name\":\"file\",\"type\":\"STRING\",\"required\":false,\"default_value\":null,\""
        "importance\":\"HIGH\",\"documentation\":\"Destination filename. If not specified, th"
        "e standard output will be used\",\"group\":null,\"order_in_group\":-1,\"width\":\"NO"
        "NE\",\"display_name\":\"file\",\"dependents\":[]}]";

    return json_loads(defs, 0, NULL);
}

/* KIP-875: the sink's offsets are the consumer group's; nothing of its own to change. */
static int
fk_alter_offsets(const json_t *config, const json_t *offsets, bool *managed, char *err,
                 size_t errlen)
{
    (void) config;
    (void) offsets;
    (void) err;
    (void) errlen;
    *managed = true;
    return KC_PLUGIN_OK;
}

const kc_connector_ops kc_file_sink_connector = {
    .abi = KC_CONNECTOR_ABI,
    .class_name = "org.apache.kafka.connect.file.FileStreamSinkConnector",
    .aliases = fk_aliases,
    .version = "4.3.1",
    .type = KC_CONNECTOR_SINK,
    .task_class = "org.apache.kafka.connect.file.FileStreamSinkTask",
    .start = fk_start,
    .task_configs = fk_task_configs,
    .stop = fk_stop,
    .task = &fk_task_ops,
    .config_def = fk_config_def,
    .alter_offsets = fk_alter_offsets,
};
