/*
 * tests/plugins/txn_source.c - a source plugin that defines its own transaction boundaries
 * (KIP-618, transaction.boundary=connector), as a third party would write one against
 * connectors/connector.h: "com.example.TxnSource" writes "<prefix>0", "<prefix>1", ... up to
 * `count` to `topic` (one source partition, offsets {"next": N}) in batches of `batch.size`,
 * and asks its transaction context for commits and aborts on a pattern its config gives:
 *
 *   commit.every, abort.every     after record n when (n + 1) is a multiple (abort wins when
 *                                 both are)
 *   commit.records, abort.records after the records listed (comma-separated numbers; a record
 *                                 in both lists gets both requests)
 *   batch.commit.at, batch.abort.at   for the batch holding one of the records listed
 *   idle.commit                   "true": a commit asked at every poll that returns nothing
 *   poll.delay.ms                 a pause before each batch
 *   trace.file                    where the task writes what it learns: "context yes|no" at
 *                                 start, "commit_record <n> <partition> <offset>" and
 *                                 "commit" as the worker calls them
 *   boundaries                    the connector's answer to canDefineTransactionBoundaries:
 *                                 SUPPORTED (default), UNSUPPORTED or NULL
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "connectors/connector.h"

static const kc_host *host;

static const char *
setting(const json_t *config, const char *key, const char *dflt)
{
    const char *v = json_string_value(json_object_get(config, key));

    return v != NULL ? v : dflt;
}

/* ===== Connector ===== */

static int
c_start(void **priv, const kc_context *ctx, const json_t *config, char *err, size_t errlen)
{
    (void) ctx;
    if (json_string_value(json_object_get(config, "topic")) == NULL) {
        snprintf(err, errlen, "Missing required configuration \"topic\"");
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

static void
c_stop(void *priv)
{
    json_decref(priv);
}

static kc_transaction_boundaries
c_boundaries(const json_t *config)
{
    const char *b = setting(config, "boundaries", "SUPPORTED");

    return strcasecmp(b, "SUPPORTED") == 0 ? KC_TXN_BOUNDARIES_SUPPORTED
         : strcasecmp(b, "UNSUPPORTED") == 0 ? KC_TXN_BOUNDARIES_UNSUPPORTED
         : KC_TXN_BOUNDARIES_NULL;
}

/* ===== Task ===== */

typedef struct {
    char                   *topic, *prefix;
    long                    next, count, batch, commit_every, abort_every, delay_ms;
    json_t                 *commit_records, *abort_records, *batch_commit, *batch_abort;
    bool                    idle_commit;
    FILE                   *trace;
    kc_transaction_context *txn;
    volatile int            stopping;
} txn_task;

/* The numbers of a comma-separated list, as a JSON array. */
static json_t *
numbers(const char *list)
{
    json_t *out = json_array();
    char   *copy = strdup(list), *save = NULL;

    for (char *t = strtok_r(copy, ", ", &save); t != NULL; t = strtok_r(NULL, ", ", &save))
        json_array_append_new(out, json_integer(atol(t)));
    free(copy);
    return out;
}

static bool
listed(const json_t *list, long n)
{
    size_t  i;
    json_t *v;

    json_array_foreach(list, i, v)
        if (json_integer_value(v) == n)
            return true;
    return false;
}

static int
t_start(void **priv, const kc_context *ctx, const json_t *config, char *err, size_t errlen)
{
    txn_task   *t = calloc(1, sizeof(*t));
    json_t     *part = json_pack("{s:s}", "txn", "0"), *off = NULL;
    const char *trace = setting(config, "trace.file", NULL);

    t->topic = strdup(setting(config, "topic", ""));
    t->prefix = strdup(setting(config, "prefix", "r"));
    t->count = atol(setting(config, "count", "100"));
    t->batch = atol(setting(config, "batch.size", "10"));
    t->commit_every = atol(setting(config, "commit.every", "0"));
    t->abort_every = atol(setting(config, "abort.every", "0"));
    t->delay_ms = atol(setting(config, "poll.delay.ms", "0"));
    t->commit_records = numbers(setting(config, "commit.records", ""));
    t->abort_records = numbers(setting(config, "abort.records", ""));
    t->batch_commit = numbers(setting(config, "batch.commit.at", ""));
    t->batch_abort = numbers(setting(config, "batch.abort.at", ""));
    t->idle_commit = strcmp(setting(config, "idle.commit", "false"), "true") == 0;
    if (t->batch < 1)
        t->batch = 1;
    if (trace != NULL && (t->trace = fopen(trace, "a")) == NULL) {
        snprintf(err, errlen, "cannot open trace.file %s", trace);
        *priv = t;
        return KC_PLUGIN_FATAL;
    }
    /* The context, as Java's transactionContext(): NULL unless the worker runs this task
     * exactly once with transaction.boundary=connector. */
    if (KC_HOST_HAS10(ctx->host, transaction_context))
        t->txn = ctx->host->transaction_context(ctx->ctx);
    if (t->trace != NULL) {
        fprintf(t->trace, "context %s\n", t->txn != NULL ? "yes" : "no");
        fflush(t->trace);
    }
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

static void
pause_ms(long ms)
{
    struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

    nanosleep(&ts, NULL);
}

static int
t_poll(void *priv, kc_record *out, size_t max, size_t *n, int timeout_ms, char *err,
       size_t errlen)
{
    txn_task *t = priv;
    bool      commit_batch = false, abort_batch = false;

    (void) err;
    (void) errlen;
    *n = 0;
    if (t->delay_ms > 0 && t->next < t->count)
        pause_ms(t->delay_ms);
    while (*n < max && (long) *n < t->batch && t->next < t->count && !t->stopping) {
        kc_record *r = &out[(*n)++];
        long       num = t->next++;
        char       buf[64];
        int        len = snprintf(buf, sizeof(buf), "%s%ld", t->prefix, num);
        bool       c = t->commit_every > 0 && (num + 1) % t->commit_every == 0;
        bool       a = t->abort_every > 0 && (num + 1) % t->abort_every == 0;

        r->topic = t->topic;
        r->partition = -1;
        r->timestamp = -1;
        r->value.kind = KC_VALUE_STRING;
        r->value.ptr = strdup(buf);
        r->value.len = (size_t) len;
        r->source_partition = json_pack("{s:s}", "txn", "0");
        r->offset = t->next;                  /* stored as {"next": N}: ABI 5 */
        r->release = t_release;
        if (t->txn == NULL)
            continue;
        if (a || listed(t->abort_records, num))
            t->txn->abort_record(t->txn, r);
        if ((c && !a) || listed(t->commit_records, num))
            t->txn->commit_record(t->txn, r);
        commit_batch = commit_batch || listed(t->batch_commit, num);
        abort_batch = abort_batch || listed(t->batch_abort, num);
    }
    if (t->txn != NULL) {
        if (commit_batch || (*n == 0 && t->idle_commit))
            t->txn->commit(t->txn);
        if (abort_batch)
            t->txn->abort(t->txn);
    }
    if (*n == 0)
        pause_ms(timeout_ms > 200 ? 200 : timeout_ms);
    return KC_PLUGIN_OK;
}

static void
t_commit_record(void *priv, const kc_record *rec, int32_t partition, int64_t offset)
{
    txn_task *t = priv;

    if (t->trace != NULL)
        fprintf(t->trace, "commit_record %.*s %d %lld\n", (int) rec->value.len,
                (const char *) rec->value.ptr + strlen(t->prefix), (int) partition,
                (long long) offset);
}

static void
t_commit(void *priv)
{
    txn_task *t = priv;

    if (t->trace != NULL) {
        fprintf(t->trace, "commit\n");
        fflush(t->trace);
    }
}

static void t_stop(void *priv) { ((txn_task *) priv)->stopping = 1; }

static void
t_destroy(void *priv)
{
    txn_task *t = priv;

    if (t->trace != NULL)
        fclose(t->trace);
    json_decref(t->commit_records);
    json_decref(t->abort_records);
    json_decref(t->batch_commit);
    json_decref(t->batch_abort);
    free(t->topic);
    free(t->prefix);
    free(t);
}

static const kc_task_ops txn_task_ops = {
    .start = t_start, .stop = t_stop, .destroy = t_destroy, .poll = t_poll,
    .commit = t_commit, .commit_record = t_commit_record, .source_offset_field = "next",
};

static const char *const aliases[] = { "TxnSource", NULL };

static const kc_connector_ops txn_connector = {
    .abi = KC_CONNECTOR_ABI,
    .class_name = "com.example.TxnSource",
    .aliases = aliases,
    .version = "1.0.0",
    .type = KC_CONNECTOR_SOURCE,
    .task_class = "com.example.TxnSourceTask",
    .start = c_start,
    .task_configs = c_task_configs,
    .stop = c_stop,
    .task = &txn_task_ops,
    .can_define_transaction_boundaries = c_boundaries,
};

static const kc_connector_ops *const classes[] = { &txn_connector, NULL };

KC_EXPORT const kc_connector_ops *const *
kc_connector_entry(const kc_host *h)
{
    host = h;
    return classes;
}
