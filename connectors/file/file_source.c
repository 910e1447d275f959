/*
 * connectors/file/file_source.c - FileStreamSource, as Kafka's connect-file ships it:
 * lines of a file (or stdin when `file` is unset) become string records on `topic`.
 *
 * Configs (Kafka's FileStreamSourceConnector): file, topic (required, one topic),
 * batch.size (2000). One task. Source partition {"filename":<file>}, offset
 * {"position":<byte offset after the line>}, as Java stores them, so a Java worker and
 * kconnect resume each other's files.
 *
 * Threads: start/task_configs/stop on the connector thread; the task on its own thread.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <errno.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "connectors/connector.h"
#include "lib/common.h"

typedef struct {
    json_t *config;
} fs_connector;

/* The checks start() makes (Java's FileStreamSourceConnector.start). Not the validate hook:
 * Java's validation finds only what the config definition says (a missing topic, a
 * batch.size that is not a number), which the worker checks from fs_config_def, and a
 * connector created with two topics fails when it starts. */
static json_t *
fs_validate(const json_t *config)
{
    json_t     *errors = json_object();
    const char *topic = json_string_value(json_object_get(config, "topic"));
    const char *batch = json_string_value(json_object_get(config, "batch.size"));

    if (topic == NULL || *topic == '\0')
        json_object_set_new(errors, "topic", json_pack("[s]", "Missing required configuration "
                                                        "\"topic\" which has no default value."));
    else if (strchr(topic, ',') != NULL)
        json_object_set_new(errors, "topic", json_pack("[s]", "'topic' in FileStreamSourceConnector "
                                                        "configuration requires definition of a "
                                                        "single topic"));
    if (batch != NULL && atoi(batch) <= 0)
        json_object_set_new(errors, "batch.size", json_pack("[s]", "Not a number of type INT"));
    if (json_object_size(errors) == 0) {
        json_decref(errors);
        return NULL;
    }
    return errors;
}

static int
fs_start(void **priv, const kc_context *ctx, const json_t *config, char *err, size_t errlen)
{
    fs_connector *c;
    json_t       *errors = fs_validate(config);

    (void) ctx;
    if (errors != NULL) {
        const char *key;
        json_t     *msgs;
        json_object_foreach(errors, key, msgs) {
            snprintf(err, errlen, "%s: %s", key, json_string_value(json_array_get(msgs, 0)));
            break;
        }
        json_decref(errors);
        return KC_PLUGIN_FATAL;
    }
    c = calloc(1, sizeof(*c));
    c->config = json_deep_copy(config);
    *priv = c;
    return KC_PLUGIN_OK;
}

static int
fs_task_configs(void *priv, int max_tasks, json_t **out, char *err, size_t errlen)
{
    fs_connector *c = priv;

    (void) max_tasks;
    (void) err;
    (void) errlen;
    /* Only one input stream makes sense; as Java's FileStreamSourceConnector, the task gets
     * the connector's whole config (defaults are the task's to apply). */
    *out = json_pack("[O]", c->config);
    return KC_PLUGIN_OK;
}

static void
fs_stop(void *priv)
{
    fs_connector *c = priv;

    if (c != NULL) {
        json_decref(c->config);
        free(c);
    }
}

/* ===== Task ===== */

typedef struct {
    const kc_context *ctx;
    char             *filename;     /* NULL: stdin */
    char             *topic;
    int               batch_size;
    FILE             *in;
    long              position;     /* byte offset of the next unread line */
    json_t           *partition;    /* {"filename":..}, shared by the task's records */
    char             *partial;      /* bytes read, not yet lines: partial_off.. partial_len */
    size_t            partial_off, partial_len, partial_cap;
    atomic_bool       stopping;     /* set by stop() on the herder thread */
} fs_task;

static int
fs_task_start(void **priv, const kc_context *ctx, const json_t *config, char *err,
              size_t errlen)
{
    fs_task    *t = calloc(1, sizeof(*t));
    const char *file = json_string_value(json_object_get(config, "file"));
    const char *batch = json_string_value(json_object_get(config, "batch.size"));

    t->ctx = ctx;
    t->filename = file && *file ? strdup(file) : NULL;
    t->topic = strdup(json_string_value(json_object_get(config, "topic")) ? json_string_value(json_object_get(config, "topic")) : "");
    t->batch_size = batch ? atoi(batch) : 2000;
    if (t->batch_size <= 0)
        t->batch_size = 2000;
    if (t->filename != NULL) {
        json_t *partition = json_pack("{s:s}", "filename", t->filename), *offset = NULL;
        int     read = ctx->host->offset_get(ctx->ctx, partition, &offset);
        if (read != 0) {
            /* Java's task fails when its offset reader does, rather than start over. */
            snprintf(err, errlen, "Failed to read the stored offset of %s", t->filename);
            json_decref(partition);
            *priv = t;
            return KC_PLUGIN_FATAL;
        }
        if (offset == NULL && KC_HOST_HAS7(ctx->host, offsets_put)) {
            /* None stored: the start of the file is stored as where the task starts, as
             * every source task stores its first position (a failure is only logged: a
             * task restarted without it reads the file from its start all the same). */
            json_t *start = json_pack("{s:i}", "position", 0);
            ctx->host->offsets_put(ctx->ctx, (const json_t *const *) &partition,
                                   (const json_t *const *) &start, 1);
            json_decref(start);
        }
        if (offset != NULL) {
            json_t *pos = json_object_get(offset, "position");
            if (pos != NULL && !json_is_null(pos) && !json_is_integer(pos)) {
                /* Java's task fails too, rather than read the file again from its start. */
                snprintf(err, errlen, "Offset position is the incorrect type");
                json_decref(offset);
                json_decref(partition);
                *priv = t;
                return KC_PLUGIN_FATAL;
            }
            if (json_is_integer(pos))
                t->position = (long) json_integer_value(pos);
            ctx->host->log(ctx->ctx, KC_PLUGIN_LOG_INFO, "found previous offset, trying to skip "
                           "to file offset %ld", t->position);
        }
        json_decref(offset);
        t->partition = partition;
    }
    *priv = t;
    return KC_PLUGIN_OK;
}

/* Opens the file when it appears (Java's task waits for it too), at the stored position. */
static int
fs_open(fs_task *t)
{
    if (t->in != NULL)
        return 0;
    if (t->filename == NULL) {
        t->in = stdin;
        return 0;
    }
    if ((t->in = fopen(t->filename, "rb")) == NULL)
        return -1;
    if (t->position > 0 && fseek(t->in, t->position, SEEK_SET) != 0) {
        fclose(t->in);
        t->in = NULL;
        return -1;
    }
    return 0;
}

static void
fs_release(kc_record *rec)
{
    free((void *) rec->value.ptr);
    json_decref(rec->source_partition);
}

/* The first line in buf[0..len), as Java's extractLine finds it: a line ends at "\n", "\r\n"
 * or a lone "\r" (a "\r" at the end of what was read waits for the next byte). True with
 * its length and the bytes it takes up, terminator included. */
static bool
next_line(const char *buf, size_t len, size_t *line_len, size_t *consumed)
{
    for (size_t i = 0; i < len; i++) {
        if (buf[i] == '\n') {
            *line_len = i;
            *consumed = i + 1;
            return true;
        }
        if (buf[i] == '\r') {
            if (i + 1 >= len)
                return false;
            *line_len = i;
            *consumed = buf[i + 1] == '\n' ? i + 2 : i + 1;
            return true;
        }
    }
    return false;
}

/* Bytes asked of the file at a time. */
#define READ_SIZE 65536

static int
fs_poll(void *priv, kc_record *out, size_t max, size_t *n, int timeout_ms, char *err,
        size_t errlen)
{
    fs_task *t = priv;
    size_t   limit = max < (size_t) t->batch_size ? max : (size_t) t->batch_size;

    (void) err;
    (void) errlen;
    *n = 0;
    if (fs_open(t) != 0) {
        kc_sleep_ms(timeout_ms < 1000 ? timeout_ms : 1000);
        return KC_PLUGIN_OK;
    }
    while (*n < limit && !atomic_load(&t->stopping)) {
        size_t got, line_len, consumed;

        if (t->partial != NULL &&
            next_line(t->partial + t->partial_off, t->partial_len - t->partial_off, &line_len,
                      &consumed)) {
            kc_record  *r = &out[(*n)++];
            const char *at = t->partial + t->partial_off;
            char       *line = malloc(line_len + 1);

            memcpy(line, at, line_len);
            line[line_len] = '\0';
            if (!kc_utf8_valid(line, line_len)) {
                /* Java's task reads the file through a UTF-8 decoder. */
                char *text = kc_utf8_repair(line, line_len, &line_len);
                free(line);
                line = text;
            }
            t->position += (long) consumed;
            t->partial_off += consumed;
            memset(r, 0, sizeof(*r));
            r->topic = t->topic;
            r->partition = -1;
            r->timestamp = kc_wall_ms();        /* Java stamps each line as it reads it */
            r->value.kind = KC_VALUE_STRING;
            r->value.ptr = line;
            r->value.len = line_len;
            if (t->partition != NULL) {         /* {"position":..} (source_offset_field) */
                r->source_partition = json_incref(t->partition);
                r->offset = t->position;
            }
            r->release = fs_release;
            continue;
        }
        /* What is left of the last read moves to the front once, not after every line. */
        t->partial_len -= t->partial_off;
        if (t->partial_off > 0 && t->partial_len > 0)
            memmove(t->partial, t->partial + t->partial_off, t->partial_len);
        t->partial_off = 0;
        if (t->partial_cap - t->partial_len < READ_SIZE) {
            t->partial_cap = t->partial_len + READ_SIZE;
            t->partial = kc_xrealloc(t->partial, t->partial_cap);
        }
        got = fread(t->partial + t->partial_len, 1, READ_SIZE, t->in);
        if (got == 0) {
            clearerr(t->in);
            if (*n == 0)
                kc_sleep_ms(timeout_ms < 1000 ? timeout_ms : 1000); /* Java's: 1 s at EOF */
            break;
        }
        t->partial_len += got;
    }
    return KC_PLUGIN_OK;
}

static void
fs_task_stop(void *priv)
{
    atomic_store(&((fs_task *) priv)->stopping, true);
}

static void
fs_task_destroy(void *priv)
{
    fs_task *t = priv;

    if (t->in != NULL && t->in != stdin)
        fclose(t->in);
    free(t->partial);
    json_decref(t->partition);
    free(t->filename);
    free(t->topic);
    free(t);
}

static const kc_task_ops fs_task_ops = {
    .start = fs_task_start, .stop = fs_task_stop, .destroy = fs_task_destroy, .poll = fs_poll,
    .source_offset_field = "position",
};

static const char *const fs_aliases[] = { "FileStreamSourceConnector", "FileStreamSource", NULL };

/* The keys Kafka's FileStreamSourceConnector defines, as Connect's REST API shows them. */
static json_t *
fs_config_def(void)
{
    static const char defs[] =
        "[{\"name\":\"file\",\"type\":\"STRING\",\"required\":false,\"default_value\":null,\""
        "importance\":\"HIGH\",\"documentation\":\"Source filename. If not specified, the sta"
        "ndard input will be used\",\"group\":null,\"order_in_group\":-1,\"width\":\"NONE\",\""
        "display_name\":\"file\",\"dependents\":[]},{\"name\":\"topic\",\"type\":\"STRING\",\""
        "required\":true,\"default_value\":null,\"importance\":\"HIGH\",\"documentation\":\"T"
        "he topic to publish data to\",\"group\":null,\"order_in_group\":-1,\"width\":\"NONE\""
        ",\"display_name\":\"topic\",\"dependents\":[]},{\"name\":\"batch.size\",\"type\":\"I"
        "NT\",\"required\":false,\"default_value\":\"2000\",\"importance\":\"LOW\",\"document"
        "ation\":\"The maximum number of records the source task can read from the file each "
        "time it is polled\",\"group\":null,\"order_in_group\":-1,\"width\":\"NONE\",\"displa"
        "y_name\":\"batch.size\",\"dependents\":[]}]";

    return json_loads(defs, 0, NULL);
}

/* KIP-875: offsets of a stopped connector may be altered when they have Java's shape; the
 * task checks the position against the file when it starts. */
static int
fs_alter_offsets(const json_t *config, const json_t *offsets, bool *managed, char *err,
                 size_t errlen)
{
    const char *file = json_string_value(json_object_get(config, "file"));
    size_t      i;
    json_t     *e;

    if (file == NULL || *file == '\0') {
        snprintf(err, errlen, "Offsets cannot be modified if the 'file' configuration is "
                 "unspecified. This is because stdin is used for input and offsets are not "
                 "tracked.");
        return KC_PLUGIN_FATAL;
    }
    json_array_foreach(offsets, i, e) {
        const json_t *offset = json_object_get(e, "offset"), *partition, *pos;
        if (offset == NULL || json_is_null(offset))
            continue;                       /* tombstones are fine for anything */
        pos = json_object_get(offset, "position");
        if (pos == NULL) {
            snprintf(err, errlen, "Offset objects should either be null or contain the key "
                     "'position'");
            return KC_PLUGIN_FATAL;
        }
        if (!json_is_integer(pos)) {
            snprintf(err, errlen, "The value for the 'position' key in the offset is expected "
                     "to be a Long value");
            return KC_PLUGIN_FATAL;
        }
        if (json_integer_value(pos) < 0) {
            snprintf(err, errlen, "The value for the 'position' key in the offset should be a "
                     "non-negative value");
            return KC_PLUGIN_FATAL;
        }
        partition = json_object_get(e, "partition");
        if (partition == NULL || json_is_null(partition)) {
            snprintf(err, errlen, "Partition objects cannot be null");
            return KC_PLUGIN_FATAL;
        }
        if (json_object_get(partition, "filename") == NULL) {
            snprintf(err, errlen, "Partition objects should contain the key 'filename'");
            return KC_PLUGIN_FATAL;
        }
    }
    *managed = true;
    return KC_PLUGIN_OK;
}

/* Java's answer: exactly once when reading a file (appended to only), not stdin. */
static kc_exactly_once_support
fs_exactly_once_support(const json_t *config)
{
    const char *file = json_string_value(json_object_get(config, "file"));

    return file != NULL && *file != '\0' ? KC_EOS_SUPPORTED : KC_EOS_UNSUPPORTED;
}

const kc_connector_ops kc_file_source_connector = {
    .abi = KC_CONNECTOR_ABI,
    .class_name = "org.apache.kafka.connect.file.FileStreamSourceConnector",
    .aliases = fs_aliases,
    .version = "4.3.1",
    .type = KC_CONNECTOR_SOURCE,
    .task_class = "org.apache.kafka.connect.file.FileStreamSourceTask",
    .start = fs_start,
    .task_configs = fs_task_configs,
    .stop = fs_stop,
    .task = &fs_task_ops,
    .config_def = fs_config_def,
    .alter_offsets = fs_alter_offsets,
    .exactly_once_support = fs_exactly_once_support,
};
