/*
 * worker/runtime.c - see runtime.h.
 *
 * One `instance` per connector or task: its thread, its target state and stop flag under
 * the instance lock, and the plugin's private state. The herder thread creates and stops
 * instances; only the instance's own thread calls into the plugin, except ops->stop(),
 * which the herder calls to wake a blocked poll()/put(), as Java does.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "worker/runtime.h"
#include "worker/clientconf.h"

#include <ctype.h>
#include <pthread.h>
#include <search.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "worker/converter.h"
#include "worker/errors.h"
#include "worker/kafka.h"
#include "lib/json_java.h"
#include "lib/log.h"
#include "worker/metrics.h"
#include "worker/plugins.h"
#include "lib/config_providers.h"
#include "worker/refused.h"
#include "worker/source_offsets.h"
#include "worker/topic_creation.h"
#include "worker/transform.h"
#include "worker/txn_context.h"

typedef struct instance instance;

struct kc_runtime {
    kc_runtime_env  env;
    pthread_mutex_t lock;          /* guards both lists */
    instance       *list;
    instance       *abandoned;     /* did not stop in time; they free themselves when done */
};

struct instance {
    kc_runtime             *rt;
    char                   *connector;
    int                     task;               /* -1: the connector instance */
    char                   *label;              /* "name" or "name-3" */
    const kc_connector_ops *ops;
    json_t                 *connector_config;   /* resolved: what the plugin is given */
    json_t                 *task_config;
    json_t                 *raw_connector_config; /* as written: messages show these */
    json_t                 *raw_task_config;
    char                   *unresolved;         /* a provider's failure: the start fails */
    kc_context              ctx;
    pthread_t               thread;
    pthread_mutex_t         lock;
    pthread_cond_t          cond;
    kc_target_state         target;
    bool                    stop;
    bool                    want_task_configs;
    bool                    finished;
    bool                    abandoned;          /* its thread frees it (under lock) */
    void                   *priv;               /* the plugin's state, under lock */
    bool                    running;            /* plugin started and not stopped */
    int                     stop_calls;         /* herder threads inside the task's stop() */
    atomic_bool             failed;             /* FAILED written: it stays (Java's) */
    atomic_bool             commit_soon;        /* source task: commit at its next turn */
    atomic_bool             membership_lost;    /* source task: its work went to others */
    kc_transaction_context *txn;                /* source task, transaction.boundary=connector:
                                                 * its context (task thread) */
    kc_source_offsets      *offsets;            /* source task, once started: where its
                                                 * connector's offsets are; its thread's */
    char                  **topics;             /* KIP-558: topics this task has used */
    size_t                  ntopics;
    /* Metrics, written by the instance's thread and read by scrapes (relaxed atomics). */
    _Atomic int             shown_state;        /* the kc_state last written, -1 none */
    _Atomic int64_t         records_in;         /* source: polled; sink: read from Kafka */
    _Atomic int64_t         records_out;        /* source: acknowledged; sink: put */
    _Atomic int64_t         commits;            /* sink: offset commits sent */
    kc_error_counts         error_counts;       /* task-error-metrics */
    instance               *next;
};

/* Relaxed increments for the metrics counters: one writer each (the instance's thread). */
#define COUNT(field, n) \
    atomic_store_explicit(&(field), atomic_load_explicit(&(field), memory_order_relaxed) + (n), \
                          memory_order_relaxed)

/* KIP-558, task thread: the first time this task uses topic, the status topic gets
 * status-topic-<topic>:connector-<c> unless it already has it (Java's recordActiveTopic).
 * Source tasks call it when a record's topic differs from the previous record's, sink tasks
 * per record: one strcmp when the task uses one topic (the last one seen first), a short
 * scan otherwise; the status topic is only touched for a new topic. */
static void
note_topic(instance *in, const char *topic)
{
    kc_status_store *st = in->rt->env.status;
    kc_err           err;

    if (in->ntopics > 0 && strcmp(in->topics[in->ntopics - 1], topic) == 0)
        return;
    for (size_t i = 0; i < in->ntopics; i++)
        if (strcmp(in->topics[i], topic) == 0)
            return;
    in->topics = kc_xrealloc(in->topics, (in->ntopics + 1) * sizeof(*in->topics));
    in->topics[in->ntopics++] = kc_xstrdup(topic);
    if (!kc_cfg_bool(&in->rt->env.wc->cfg, "topic.tracking.enable") ||
        kc_status_store_has_topic(st, in->connector, topic))
        return;
    if (kc_status_store_put_topic(st, in->connector, topic, in->task, kc_wall_ms(), &err) != KC_OK)
        kc_log_warn("task", "[%s] recording active topic %s: %s", in->label, topic, err.msg);
}

/* ===== Host services for plugins ===== */

/* msg with the values the config providers resolved shown as written (new string): what
 * the runtime logs or writes to the status topic about an instance goes through here. */
static char *
masked(const instance *in, const char *msg)
{
    char *a = kc_config_providers_mask_json(msg, in->raw_connector_config, in->connector_config);
    char *b;

    if (in->task_config == NULL)
        return a;
    b = kc_config_providers_mask_json(a, in->raw_task_config, in->task_config);
    free(a);
    return b;
}

static void
host_log(void *ctx, kc_plugin_log_level level, const char *fmt, ...)
{
    instance *in = ctx;
    char      msg[2048];
    va_list   ap;

    char     *shown;

    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    shown = masked(in, msg);
    kc_log((kc_log_level) level, "task", "[%s] %s", in->label, shown);
    free(shown);
}

static int
host_offsets_get(void *ctx, const json_t *const *partitions, size_t n, json_t **offsets_out)
{
    instance *in = ctx;
    kc_err    err;
    int       rc = in->offsets != NULL
                   ? kc_source_offsets_get_many(in->offsets, partitions, n, offsets_out, &err)
                   : kc_offset_store_get_many(in->rt->env.offsets, in->connector, partitions, n,
                                              offsets_out, &err);

    if (rc != KC_OK) {
        kc_log_error("task", "[%s] reading offsets: %s", in->label, err.msg);
        return -1;
    }
    return 0;
}

static int
host_offset_get(void *ctx, const json_t *partition, json_t **offset_out)
{
    return host_offsets_get(ctx, &partition, 1, offset_out);
}

static int
host_offsets_put(void *ctx, const json_t *const *partitions, const json_t *const *offsets,
                 size_t n)
{
    instance *in = ctx;
    kc_err    err;
    int       rc = in->offsets == NULL
                   ? kc_err_set(&err, KC_EINVAL, "only a source task stores offsets")
                   : kc_source_offsets_write(in->offsets, partitions, offsets, n,
                                             (int) kc_cfg_int(&in->rt->env.wc->cfg,
                                                              "offset.flush.timeout.ms"), &err);

    if (rc != KC_OK) {
        kc_log_error("task", "[%s] storing the offsets it starts from: %s", in->label, err.msg);
        return -1;
    }
    kc_log_debug("task", "[%s] stored the offsets of %zu source partitions it starts from",
                 in->label, n);
    return 0;
}

static void
host_request_reconfiguration(void *ctx)
{
    instance *in = ctx;

    kc_runtime_request_task_configs(in->rt, in->connector);
}

static void write_status(instance *in, kc_state state, const char *trace, bool safe);

static void
host_fail(void *ctx, const char *fmt, ...)
{
    instance *in = ctx;
    char      msg[1024], trace[1200];
    va_list   ap;

    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    snprintf(trace, sizeof(trace), "org.apache.kafka.connect.errors.ConnectException: %s\n", msg);
    write_status(in, KC_STATE_FAILED, trace, true);
}

static void
host_worker_cluster(void *ctx, json_t *out)
{
    const kc_props *wp = &((const instance *) ctx)->rt->env.wc->props;  /* read-only now */

    for (size_t i = 0; i < wp->n; i++) {
        const char *k = wp->items[i].key;
        if (kc_client_connection_key(k))
            json_object_set_new(out, k, json_string(wp->items[i].value));
    }
}

static rd_kafka_t *
host_kafka_new(rd_kafka_type_t type, const char *const *settings, const char *const *extra,
               const kc_kafka_hooks *hooks, char *errbuf, size_t errlen)
{
    kc_props    props;
    kc_err      err;
    rd_kafka_t *rk;

    kc_props_init(&props, "a plugin's Kafka client");
    for (const char *const *kv = settings; kv != NULL && kv[0] != NULL; kv += 2)
        kc_props_set(&props, kv[0], kv[1] != NULL ? kv[1] : "", 0);
    if ((rk = kc_kafka_new_ex(type, &props, "", extra, hooks, &err)) == NULL)
        snprintf(errbuf, errlen, "%s", err.msg);
    kc_props_free(&props);
    return rk;
}

static int
host_kafka_topic_partitions(rd_kafka_t *rk, const char *topic, int timeout_ms, int *partitions,
                            char *errbuf, size_t errlen)
{
    kc_err err;

    if (kc_kafka_topic_partitions(rk, topic, timeout_ms, partitions, &err) == KC_OK)
        return 0;
    snprintf(errbuf, errlen, "%s", err.msg);
    return -1;
}

static kc_transaction_context *
host_transaction_context(void *ctx)
{
    return ((instance *) ctx)->txn;
}

static const kc_host host_api = {
    .abi = KC_CONNECTOR_ABI,
    .log = host_log,
    .offset_get = host_offset_get,
    .request_task_reconfiguration = host_request_reconfiguration,
    .fail = host_fail,
    .offsets_get = host_offsets_get,
    .offsets_put = host_offsets_put,
    .worker_cluster = host_worker_cluster,
    .kafka_new = host_kafka_new,
    .kafka_user = kc_kafka_user,
    .kafka_destroy = kc_kafka_destroy,
    .kafka_topic_partitions = host_kafka_topic_partitions,
    .transaction_context = host_transaction_context,
};

const kc_host *kc_runtime_host(void) { return &host_api; }

/* ===== Status ===== */

static void
write_status(instance *in, kc_state state, const char *trace, bool safe)
{
    kc_status st = { state, (char *) trace, (char *) in->rt->env.worker_id,
                     atomic_load(in->rt->env.generation), (char *) in->ops->version };
    kc_err    err;
    int       rc = safe ? kc_status_store_put_safe(in->rt->env.status, in->connector, in->task,
                                                   &st, &err)
                        : kc_status_store_put(in->rt->env.status, in->connector, in->task, &st,
                                              &err);

    atomic_store_explicit(&in->shown_state, (int) state, memory_order_relaxed);
    if (state == KC_STATE_FAILED)
        atomic_store(&in->failed, true);
    if (rc != KC_OK)
        kc_log_error("worker", "[%s] writing status %s: %s", in->label, kc_state_name(state),
                     err.msg);
    else
        kc_log_info("worker", "[%s] %s", in->label, kc_state_name(state));
}

static const char *
config_str(const json_t *config, const char *key)
{
    return json_string_value(json_object_get(config, key));
}

/* Records the failure as the Java exception class exception. what is the runtime's own
 * message around the plugin's, or NULL when the failure is the exception itself (start():
 * Java's status trace then begins with the plugin's exception and its message; or, once
 * started, the worker's own exception). Called on the instance's own thread. */
static void
fail_as(instance *in, const char *exception, const char *what, const char *msg)
{
    char  trace[2048];
    char *shown = masked(in, msg);

    snprintf(trace, sizeof(trace), "%s: %s%s%s\n\tat kconnect.%s(%s)\n", exception,
             what ? what : "", what ? ": " : "", shown,
             in->task < 0 ? "WorkerConnector" : "WorkerTask", in->label);
    kc_log_error("worker", "[%s] %s failed: %s", in->label,
                 what ? what : in->running ? "the task" : "start()", shown);
    free(shown);
    write_status(in, KC_STATE_FAILED, trace, true);
}

static void
fail(instance *in, const char *what, const char *msg)
{
    fail_as(in, "org.apache.kafka.connect.errors.ConnectException", what, msg);
}

/* Java's ToleranceExceeded: "ConnectException: Tolerance exceeded in error handler", the
 * failure of the record below it as its cause. */
static void
fail_tolerance(instance *in, const kc_failure *f)
{
    char  trace[2048];
    char *shown = masked(in, f->message);

    snprintf(trace, sizeof(trace), "org.apache.kafka.connect.errors.ConnectException: "
             "Tolerance exceeded in error handler\n\tat kconnect.WorkerTask(%s)\n"
             "Caused by: %s: %s\n", in->label, f->exception_class, shown);
    kc_log_error("worker", "[%s] Tolerance exceeded in error handler: %s failed: %s", in->label,
                 kc_stage_name(f->stage), shown);
    free(shown);
    write_status(in, KC_STATE_FAILED, trace, true);
}

/* A connector config Java's ConnectorConfig refuses, on a connector or task start. */
static void
fail_config(instance *in, const char *msg)
{
    fail_as(in, "org.apache.kafka.common.config.ConfigException", NULL, msg);
}

/* Java's ConnectorConfig loads and configures the class of every alias in `transforms`
 * (and its predicate) before a connector or task starts, and fails it with a ConfigException
 * when one cannot be loaded or refuses its settings: the first such failure into msg, as
 * Java words it; false when the chain can be built. */
static bool
bad_chain(const json_t *config, char *msg, size_t size)
{
    kc_chain *chain = NULL;
    kc_err    err;

    if (kc_chain_new(config, &chain, &err) == KC_OK) {
        kc_chain_free(chain);
        return false;
    }
    snprintf(msg, size, "%s", err.msg);
    return true;
}

/* Java's SourceConnectorConfig parses the topic creation groups before a source connector
 * starts, so invalid settings fail the connector too, not only its tasks. */
static bool
bad_topic_creation(instance *in, char *msg, size_t size)
{
    kc_topic_creation *tc = NULL;
    kc_err             err;

    if (in->ops->type != KC_CONNECTOR_SOURCE)
        return false;
    if (kc_topic_creation_new(kc_cfg_bool(&in->rt->env.wc->cfg, "topic.creation.enable"),
                              in->connector_config, in->label, &tc, &err) == KC_OK) {
        kc_topic_creation_free(tc);
        return false;
    }
    snprintf(msg, size, "%s", err.msg);
    return true;
}

/* A setting kconnect does not act on (worker/refused.h), in a config that reached this
 * worker without its REST validation (written by a Java worker of a mixed cluster, or by
 * MirrorMaker's driver): the connector or task fails rather than run without it. */
/* A provider failed to resolve the configs (Java's ConfigException from the transformer). */
static bool
unresolved(instance *in, char *msg, size_t size)
{
    if (in->unresolved == NULL)
        return false;
    snprintf(msg, size, "%s", in->unresolved);
    return true;
}

static bool
refused_config(instance *in, char *msg, size_t size)
{
    return kc_refused_connector_first(in->connector_config, in->ops->version, msg, size);
}

/* Java's WorkerConnector starts a source connector's offsets store when it initializes,
 * whatever its target state: the connector's own offsets topic is created or checked then,
 * and the connector fails if that fails. */
static void
prepare_offsets(instance *in, bool *failed)
{
    kc_err err;
    char   msg[1024];

    if (in->ops->type != KC_CONNECTOR_SOURCE || unresolved(in, msg, sizeof(msg)) ||
        kc_source_offsets_prepare(in->rt->env.wc, in->connector_config, in->label, &err)
        == KC_OK)
        return;
    if (err.code == KC_EINVAL)
        fail_config(in, err.msg);
    else
        fail(in, NULL, err.msg);
    *failed = true;
}

/* ===== Instances ===== */

static instance *
find(kc_runtime *rt, const char *connector, int task)
{
    for (instance *in = rt->list; in != NULL; in = in->next)
        if (in->task == task && strcmp(in->connector, connector) == 0)
            return in;
    return NULL;
}

static instance *
instance_new(kc_runtime *rt, const char *connector, int task, const kc_connector_ops *ops,
             const json_t *connector_config, const json_t *task_config, kc_target_state target)
{
    instance *in = kc_xcalloc(1, sizeof(*in));
    kc_err    err;

    in->rt = rt;
    in->connector = kc_xstrdup(connector);
    in->task = task;
    in->label = task < 0 ? kc_xstrdup(connector) : kc_xasprintf("%s-%d", connector, task);
    in->ops = ops;
    in->raw_connector_config = json_deep_copy(connector_config);
    in->raw_task_config = task_config ? json_deep_copy(task_config) : NULL;
    /* Java's ClusterConfigState.connectorConfig/taskConfig: resolved at every start, so a
     * restart sees a rotated secret. A provider's failure fails the start (its thread reports
     * it); the plugin is then never given the configs. */
    in->connector_config = kc_config_providers_transform_json(rt->env.wc->providers,
                                                              connector_config, &err);
    if (in->connector_config != NULL && task_config != NULL)
        in->task_config = kc_config_providers_transform_json(rt->env.wc->providers, task_config,
                                                             &err);
    if (in->connector_config == NULL || (task_config != NULL && in->task_config == NULL)) {
        in->unresolved = kc_xstrdup(err.msg);
        json_decref(in->connector_config);
        json_decref(in->task_config);
        in->connector_config = json_deep_copy(connector_config);
        in->task_config = task_config ? json_deep_copy(task_config) : NULL;
    }
    in->target = target;
    in->ctx.host = &host_api;
    in->ctx.ctx = in;
    in->ctx.name = in->label;
    atomic_init(&in->shown_state, -1);
    atomic_init(&in->records_in, 0);
    atomic_init(&in->records_out, 0);
    atomic_init(&in->commits, 0);
    memset(&in->error_counts, 0, sizeof(in->error_counts));
    pthread_mutex_init(&in->lock, NULL);
    pthread_cond_init(&in->cond, NULL);
    return in;
}

static void
instance_free(instance *in)
{
    json_decref(in->connector_config);
    json_decref(in->task_config);
    json_decref(in->raw_connector_config);
    json_decref(in->raw_task_config);
    free(in->unresolved);
    pthread_mutex_destroy(&in->lock);
    pthread_cond_destroy(&in->cond);
    free(in->connector);
    for (size_t i = 0; i < in->ntopics; i++)
        free(in->topics[i]);
    free(in->topics);
    free(in->label);
    free(in);
}

const char *
kc_runtime_connector_type(const json_t *config)
{
    const char             *cls = config_str(config, "connector.class");
    const kc_connector_ops *ops = cls ? kc_plugins_find(cls) : NULL;

    if (ops == NULL)
        return "unknown";
    return ops->type == KC_CONNECTOR_SOURCE ? "source" : "sink";
}

/* The last thing an instance's thread does: mark it finished, or, if the herder gave up
 * waiting for it, unlink and free it. */
static void
instance_finished(instance *in)
{
    kc_runtime *rt = in->rt;
    bool        abandoned;

    pthread_mutex_lock(&rt->lock);
    pthread_mutex_lock(&in->lock);
    in->finished = true;
    abandoned = in->abandoned;
    pthread_cond_broadcast(&in->cond);
    pthread_mutex_unlock(&in->lock);
    if (abandoned) {
        for (instance **pp = &rt->abandoned; *pp != NULL; pp = &(*pp)->next)
            if (*pp == in) {
                *pp = in->next;
                break;
            }
    }
    pthread_mutex_unlock(&rt->lock);
    if (abandoned) {
        kc_log_info("worker", "[%s] stopped late", in->label);
        instance_free(in);
    }
}

/* ===== Connector threads ===== */

/* Task configs as the worker stores them: each plugin config plus task.class (and, for
 * sinks, the connector's topics / topics.regex). */
static json_t *
complete_task_configs(instance *in, json_t *configs)
{
    json_t *out = json_array(), *c;
    size_t  i;

    json_array_foreach(configs, i, c) {
        json_t *t = json_is_object(c) ? json_deep_copy(c) : json_object();
        json_object_set_new(t, "task.class", json_string(in->ops->task_class));
        if (in->ops->type == KC_CONNECTOR_SINK) {
            json_t *topics = json_object_get(in->connector_config, "topics");
            json_t *regex = json_object_get(in->connector_config, "topics.regex");
            if (topics != NULL)
                json_object_set(t, "topics", topics);
            if (regex != NULL)
                json_object_set(t, "topics.regex", regex);
        }
        json_array_append_new(out, t);
    }
    return out;
}

static void *
connector_thread(void *arg)
{
    instance *in = arg;
    char      err[1024];
    bool      failed = false;
    int       rc;
    kc_target_state shown = (kc_target_state) -1;

    prepare_offsets(in, &failed);
    pthread_mutex_lock(&in->lock);
    while (!in->stop) {
        if (!failed && in->target == KC_TARGET_STARTED && !in->running) {
            void *priv = NULL;
            pthread_mutex_unlock(&in->lock);
            err[0] = '\0';
            if (unresolved(in, err, sizeof(err)) ||
                bad_chain(in->connector_config, err, sizeof(err)) ||
                refused_config(in, err, sizeof(err)) ||
                bad_topic_creation(in, err, sizeof(err))) {
                fail_config(in, err);
                failed = true;
                pthread_mutex_lock(&in->lock);
                continue;
            }
            if (in->ops->start(&priv, &in->ctx, in->connector_config, err, sizeof(err)) != 0) {
                fail(in, NULL, err[0] ? err : "start() failed");
                failed = true;
                pthread_mutex_lock(&in->lock);
                continue;
            }
            pthread_mutex_lock(&in->lock);
            in->priv = priv;
            in->running = true;
            in->want_task_configs = true;
        }
        if (!failed && in->target != KC_TARGET_STARTED && in->running) {
            void *priv = in->priv;
            in->running = false;
            in->priv = NULL;
            pthread_mutex_unlock(&in->lock);
            in->ops->stop(priv);
            pthread_mutex_lock(&in->lock);
        }
        if (!failed && shown != in->target) {
            shown = in->target;
            pthread_mutex_unlock(&in->lock);
            write_status(in, shown == KC_TARGET_STARTED ? KC_STATE_RUNNING
                             : shown == KC_TARGET_PAUSED ? KC_STATE_PAUSED : KC_STATE_STOPPED,
                         NULL, false);
            pthread_mutex_lock(&in->lock);
        }
        if (!failed && in->running && in->want_task_configs) {
            const char *max = config_str(in->connector_config, "tasks.max");
            json_t     *configs = NULL;
            void       *priv = in->priv;
            in->want_task_configs = false;
            pthread_mutex_unlock(&in->lock);
            err[0] = '\0';
            rc = in->ops->task_configs(priv, max ? atoi(max) : 1, &configs, err, sizeof(err));
            if (rc == KC_PLUGIN_RETRIABLE) {
                /* Not ready yet (MirrorCheckpointConnector before its first group load):
                 * ask again shortly, as Java's herder retries a RetriableException. */
                struct timespec ts;
                json_decref(configs);
                kc_log_debug("runtime", "[%s] task configs not ready: %s", in->label, err);
                clock_gettime(CLOCK_REALTIME, &ts);
                ts.tv_sec += 1;
                pthread_mutex_lock(&in->lock);
                if (!in->stop)
                    pthread_cond_timedwait(&in->cond, &in->lock, &ts);
                in->want_task_configs = true;
                continue;
            }
            if (rc != 0 || !json_is_array(configs)) {
                json_decref(configs);
                fail(in, "Failed to generate task configs", err[0] ? err : "task_configs() failed");
                failed = true;
            } else {
                json_t *complete = complete_task_configs(in, configs);
                json_decref(configs);
                in->rt->env.task_configs_ready(in->rt->env.herder, in->connector, complete);
            }
            pthread_mutex_lock(&in->lock);
            continue;
        }
        pthread_cond_wait(&in->cond, &in->lock);
    }
    if (in->running) {
        void *priv = in->priv;
        in->running = false;
        in->priv = NULL;
        pthread_mutex_unlock(&in->lock);
        in->ops->stop(priv);
        pthread_mutex_lock(&in->lock);
    }
    pthread_mutex_unlock(&in->lock);
    if (!failed)
        write_status(in, KC_STATE_UNASSIGNED, NULL, true);
    instance_finished(in);
    return NULL;
}

/* ===== Source tasks ===== */

/* A record's source offset: a JSON object we hold a reference to, or, for a task that names
 * its integer offset field (ABI 5 source_offset_field), just the integer; its object is
 * built only when it is committed. */
typedef struct source_offset {
    json_t  *json;               /* NULL: the integer, if is_int, or no offset */
    int64_t  n;
    bool     is_int;
} source_offset;

static void
source_offset_clear(source_offset *o)
{
    json_decref(o->json);
    *o = (source_offset) { 0 };
}

static bool
source_offset_set(const source_offset *o)
{
    return o->json != NULL || o->is_int;
}

/* What the worker keeps of a record in flight for a task whose records are lean (ABI 6
 * lean_records): all its commit_record() and release() read. */
typedef struct lean_record {
    void   (*release)(kc_record *rec);
    void    *opaque;
    json_t  *source_partition;
} lean_record;

/* One produced record awaiting its acknowledgement: a slot of its source partition's ring,
 * in send order. The producer's opaque points at it. A lean task's slot is just this
 * (56 bytes); any other task's is an inflight_full, which keeps the whole record. */
typedef struct inflight {
    source_offset offset;        /* the record's source offset, if any */
    bool          has_rec;       /* the record must be released */
    bool          acked;
    lean_record   lean;          /* lean tasks: what is kept of the record */
} inflight;

/* The slot of a task whose records are not lean: the record itself is kept (the worker
 * owns it since poll()) until the acknowledgement, since its bytes may be lent to the
 * producer (zero copy) and commit_record() may read any of it. */
typedef struct inflight_full {
    inflight  base;
    kc_record rec;
} inflight_full;

/* Where an exactly-once task's record landed, kept after the slot until its transaction
 * commits. */
typedef struct eos_ack {
    int64_t offset;
    int32_t partition;
} eos_ack;

/* A partition's ring is a chain of chunks of slots, filled at the tail and emptied at the
 * head in send order. Slots never move (the producer holds pointers to them), and a
 * partition's acknowledgements, which come in send order when its records go to one target
 * partition, touch neighbouring memory: a linked record per send, recycled through a free
 * list, scattered them over the heap, and the cache misses of following them cost a
 * worker copying at full speed about a fifth of its CPU. Chunks are recycled through the
 * task's free list; a partition with nothing in flight holds none. */
#define INFLIGHT_CHUNK_SLOTS 128

typedef struct inflight_chunk {
    struct inflight_chunk *next;
    unsigned char          slots[];   /* INFLIGHT_CHUNK_SLOTS of source_state.slot_size */
} inflight_chunk;

/* A source partition, or (partition NULL) the records without one, whose ring only orders
 * their release. */
typedef struct spart {
    char           *key;         /* the source partition, as JSON text */
    json_t         *partition;   /* a reference to the first object seen for it */
    inflight_chunk *head, *tail; /* NULL when nothing is in flight */
    unsigned        head_slot;   /* the oldest slot in flight, in head */
    unsigned        tail_slot;   /* the next free slot, in tail */
    source_offset   committable; /* latest offset with everything before it acked */
    bool            dirty;
    struct spart   *next;        /* every partition, newest first */
    struct spart   *busy_next;   /* on the task's busy list while head is not NULL */
} spart;

/* Owned by the task thread; the producer's delivery reports run there too (rd_kafka_poll). */
typedef struct source_state {
    instance       *in;
    void           *priv;        /* the plugin task, once started */
    spart          *parts;
    /* Lookups of a record's partition: a task may read thousands (a MirrorSource task over
     * 10,000 partitions), so by the task's object (tsearch trees by address and by JSON
     * text, owning no spart) after the last partition found. The busy list holds the
     * partitions with slots in their ring: advance() walks it, not every partition, and
     * only after a poll served acknowledgements (acks). */
    spart          *last;
    void           *by_object;
    void           *by_key;
    spart          *unkeyed;     /* the records without a source partition */
    spart          *busy;
    size_t          acks;
    inflight_chunk *free_chunks;
    bool            lean;        /* the task's records are lean (ABI 6): slots are small */
    size_t          slot_size;   /* sizeof(inflight) or sizeof(inflight_full) */
    /* The producer's handle for the topic of the last record sent: naming the topic on
     * every send makes librdkafka look it up under its topic-list lock each time. */
    rd_kafka_topic_t *rkt;
    const char  *offset_field;   /* the task's source_offset_field (ABI 5), or NULL */
    /* Exactly once (exactly.once.source.support=enabled): records and their offsets are
     * written in the producer's transactions; a record's acknowledgement is kept in its
     * slot (eos_ack at base_size) and commit_record() learns of it once its transaction
     * committed, as Java's ExactlyOnceWorkerSourceTask. */
    bool         eos;
    bool         txn_open;
    size_t       base_size;      /* the slot without its eos_ack */
    const char  *offsets_topic;  /* where its transactions write offsets (the connector's) */
    kc_txn_context *txn;         /* transaction.boundary=connector: what the task asks */
    bool         send_failed;    /* a record was not acknowledged: the task fails */
    char         last_error[512];
    kc_errors   *errors;         /* errors.tolerance and the error log */
} source_state;

static int
spart_object_cmp(const void *a, const void *b)
{
    uintptr_t x = (uintptr_t) ((const spart *) a)->partition;
    uintptr_t y = (uintptr_t) ((const spart *) b)->partition;

    return (x > y) - (x < y);
}

static int
spart_key_cmp(const void *a, const void *b)
{
    return strcmp(((const spart *) a)->key, ((const spart *) b)->key);
}

static spart *
spart_new(source_state *s, char *key, json_t *partition)
{
    spart *p = kc_xcalloc(1, sizeof(*p));

    p->key = key;
    p->partition = json_incref(partition);
    p->next = s->parts;
    s->parts = p;
    if (partition != NULL && (tsearch(p, &s->by_object, spart_object_cmp) == NULL ||
                              tsearch(p, &s->by_key, spart_key_cmp) == NULL))
        kc_oom(0);                              /* a tree node */
    return p;
}

static spart *
spart_find(source_state *s, json_t *partition)
{
    spart   probe = { .partition = partition };
    void   *found;

    if (partition == NULL) {
        if (s->unkeyed == NULL)
            s->unkeyed = spart_new(s, NULL, NULL);
        return s->unkeyed;
    }
    /* Tasks usually hand the same object for every record of a partition: an address match
     * needs no serialization. The spart holds a reference to the object it is filed under,
     * so that address cannot be reused for another object while it is in the tree. */
    if ((found = tfind(&probe, &s->by_object, spart_object_cmp)) != NULL)
        return *(spart **) found;
    probe.key = json_dumps(partition, JSON_COMPACT | JSON_SORT_KEYS);
    if (probe.key == NULL)
        kc_oom(0);                          /* the only way json_dumps fails on an object */
    if ((found = tfind(&probe, &s->by_key, spart_key_cmp)) != NULL) {
        free(probe.key);
        return *(spart **) found;
    }
    return spart_new(s, probe.key, partition);
}

static spart *
spart_for(source_state *s, json_t *partition)
{
    if (s->last == NULL || s->last->partition != partition)
        s->last = spart_find(s, partition);
    return s->last;
}

static inflight *
chunk_slot(const source_state *s, inflight_chunk *c, unsigned i)
{
    return (inflight *) (c->slots + (size_t) i * s->slot_size);
}

static inflight_chunk *
chunk_get(source_state *s)
{
    inflight_chunk *c = s->free_chunks;

    if (c == NULL)
        return kc_xmalloc(sizeof(*c) + INFLIGHT_CHUNK_SLOTS * s->slot_size);
    s->free_chunks = c->next;
    return c;
}

static void
chunk_put(source_state *s, inflight_chunk *c)
{
    c->next = s->free_chunks;
    s->free_chunks = c;
}

/* A new, cleared slot at the tail of p's ring. */
static inflight *
inflight_push(source_state *s, spart *p)
{
    inflight *f;

    if (p->tail == NULL || p->tail_slot == INFLIGHT_CHUNK_SLOTS) {
        inflight_chunk *c = chunk_get(s);
        c->next = NULL;
        if (p->tail == NULL) {
            p->head = c;
            p->head_slot = 0;
            p->busy_next = s->busy;             /* an empty ring is never on the list */
            s->busy = p;
        } else {
            p->tail->next = c;
        }
        p->tail = c;
        p->tail_slot = 0;
    }
    f = chunk_slot(s, p->tail, p->tail_slot++);
    memset(f, 0, s->slot_size);
    return f;
}

/* The slot's record is done with (acknowledged, tolerated, passed over or aborted): the
 * next advance() may take it off its ring. */
static void
slot_done(source_state *s, inflight *f)
{
    f->acked = true;
    s->acks++;
}

/* Takes back the slot inflight_push() just gave (its record was never sent). */
static void
inflight_unpush(spart *p)
{
    p->tail_slot--;
}

/* Keeps what commit_record() and release() will need of r (the worker owns r). */
static void
inflight_keep_record(const source_state *s, inflight *f, const kc_record *r)
{
    if (s->lean)
        f->lean = (lean_record) { r->release, r->opaque, r->source_partition };
    else
        ((inflight_full *) f)->rec = *r;
    f->has_rec = true;
}

/* The kept record, as commit_record() and release() take it: a lean one rebuilt in
 * *scratch with just the fields such a task reads. */
static kc_record *
inflight_record(const source_state *s, inflight *f, kc_record *scratch)
{
    if (!s->lean)
        return &((inflight_full *) f)->rec;
    *scratch = (kc_record) { .release = f->lean.release, .opaque = f->lean.opaque,
                             .source_partition = f->lean.source_partition };
    return scratch;
}

/* The record is done with: its bytes go back to the task. r is the kept record, as
 * inflight_record() gave it. The source offset stays in the slot until the partition's
 * committable offset passes it. */
static void
release_kept_record(inflight *f, kc_record *r)
{
    f->has_rec = false;
    if (r->release != NULL)
        r->release(r);
}

static void
inflight_release_record(const source_state *s, inflight *f)
{
    kc_record scratch;

    if (f->has_rec)
        release_kept_record(f, inflight_record(s, f, &scratch));
}

/* A slot leaving its ring: drop what it still owns. */
static void
inflight_discard(const source_state *s, inflight *f)
{
    inflight_release_record(s, f);
    source_offset_clear(&f->offset);
}

/* What to report for a failed send: for a fatal error of the idempotent producer (its
 * producer id refused, a gap in its sequence it cannot mend), the cause librdkafka gives. */
static const char *
send_error_text(rd_kafka_t *rk, rd_kafka_resp_err_t e, char *buf, size_t size)
{
    if (e == RD_KAFKA_RESP_ERR__FATAL &&
        rd_kafka_fatal_error(rk, buf, size) != RD_KAFKA_RESP_ERR_NO_ERROR)
        return buf;
    return rd_kafka_err2str(e);
}

/* A record's failure before its send, reported (errors.tolerance, the error log) with its
 * source offset, built here when the task gives it as one integer. True when tolerated. */
static bool
source_record_failed(source_state *s, const kc_failure *f, const kc_record *r)
{
    json_t *offset = r->source_offset ? json_incref(r->source_offset) : NULL;
    bool    tolerated;

    if (offset == NULL && s->offset_field != NULL && r->source_partition != NULL)
        offset = json_pack("{sI}", s->offset_field, (json_int_t) r->offset);
    tolerated = kc_errors_source_failed(s->errors, f, r->topic, r->partition,
                                        r->source_partition, offset, r);
    json_decref(offset);
    return tolerated;
}

/* A send the target refused, under errors.tolerance=all: reported (the error log), then
 * done with as if acknowledged, without commitRecord() (Java calls it with no metadata,
 * which tasks take as "not written"). */
static void
source_send_tolerated(source_state *s, inflight *f, const rd_kafka_message_t *m,
                      const char *why)
{
    kc_record   scratch, *r = f->has_rec ? inflight_record(s, f, &scratch) : NULL;
    json_t     *offset = f->offset.json ? json_incref(f->offset.json) : NULL;
    kc_failure  fl = { KC_STAGE_KAFKA_PRODUCE, "org.apache.kafka.connect.runtime.WorkerSourceTask",
                       kc_errors_producer_exception(m->err), why };

    if (offset == NULL && f->offset.is_int && s->offset_field != NULL)
        offset = json_pack("{sI}", s->offset_field, (json_int_t) f->offset.n);
    kc_errors_source_failed(s->errors, &fl, rd_kafka_topic_name(m->rkt), m->partition,
                            r ? r->source_partition : NULL, offset, NULL);
    json_decref(offset);
    inflight_release_record(s, f);
    slot_done(s, f);
}

/* Task thread (rd_kafka_poll): an acknowledgement moves the partition's committable offset
 * (at the next advance()) and tells the task where the record landed (Java's
 * SourceTask.commitRecord). */
static void
source_dr(rd_kafka_t *rk, const rd_kafka_message_t *m, void *opaque)
{
    source_state *s = kc_kafka_user(rk);
    inflight     *f = m->_private;

    (void) opaque;
    if (f == NULL)
        return;
    if (m->err != RD_KAFKA_RESP_ERR_NO_ERROR) {
        /* Not acknowledged: the offset must not move past it, and (errors.tolerance=none,
         * delivery.timeout.ms unlimited by default) the task fails, as Java's does. With
         * errors.tolerance=all the record is skipped (KIP-779) and its offset committed as
         * if written. */
        char        why[256];
        const char *text = send_error_text(rk, m->err, why, sizeof(why));
        bool        purged = m->err == RD_KAFKA_RESP_ERR__PURGE_QUEUE ||
                             m->err == RD_KAFKA_RESP_ERR__PURGE_INFLIGHT;

        if (!purged) {
            kc_log_error("task", "[%s] failed to send record to %s: %s", s->in->label,
                         rd_kafka_topic_name(m->rkt), text);
            if (kc_errors_tolerate_all(s->errors)) {
                source_send_tolerated(s, f, m, text);
                return;
            }
        }
        if (!s->send_failed)
            snprintf(s->last_error, sizeof(s->last_error), "Unrecoverable exception from "
                     "producer send callback: %s: %s", rd_kafka_topic_name(m->rkt), text);
        if (!purged)
            s->send_failed = true;
        inflight_release_record(s, f);        /* never acked: it holds its ring up */
        return;
    }
    COUNT(s->in->records_out, 1);
    if (s->eos) {
        eos_ack *a = (eos_ack *) ((unsigned char *) f + s->base_size);
        *a = (eos_ack) { m->offset, m->partition };
        slot_done(s, f);
        return;
    }
    if (f->has_rec) {
        /* One rebuilt record serves both calls (a lean one is rebuilt per call otherwise). */
        kc_record scratch, *r = inflight_record(s, f, &scratch);

        if (s->priv != NULL && KC_TASK_HAS(s->in->ops, commit_record))
            s->in->ops->task->commit_record(s->priv, r, m->partition, m->offset);
        release_kept_record(f, r);
    }
    slot_done(s, f);
}

/* Empties each busy ring up to its first slot not acknowledged; a partition's committable
 * offset becomes the last offset taken off. Nothing to do unless a slot was done with since
 * the last call. */
static void
advance(source_state *s)
{
    spart **link = &s->busy, *p;

    if (s->acks == 0)
        return;
    s->acks = 0;
    while ((p = *link) != NULL) {
        while (p->head != NULL) {
            inflight *f;

            if (p->head == p->tail && p->head_slot == p->tail_slot) {
                chunk_put(s, p->head);                  /* nothing in flight */
                p->head = p->tail = NULL;
                break;
            }
            if (p->head_slot == INFLIGHT_CHUNK_SLOTS) {
                inflight_chunk *done = p->head;
                p->head = done->next;
                p->head_slot = 0;
                chunk_put(s, done);
                continue;
            }
            f = chunk_slot(s, p->head, p->head_slot);
            if (!f->acked)
                break;
            if (s->eos && f->has_rec) {       /* its transaction committed: see eos_commit */
                const eos_ack *a = (const eos_ack *) ((unsigned char *) f + s->base_size);
                kc_record      scratch, *r = inflight_record(s, f, &scratch);
                if (s->priv != NULL && KC_TASK_HAS(s->in->ops, commit_record))
                    s->in->ops->task->commit_record(s->priv, r, a->partition, a->offset);
                release_kept_record(f, r);
            }
            if (p->partition != NULL && source_offset_set(&f->offset)) {
                source_offset_clear(&p->committable);
                p->committable = f->offset;
                f->offset = (source_offset) { 0 };
                p->dirty = true;
            }
            inflight_discard(s, f);
            p->head_slot++;
        }
        if (p->head == NULL) {                  /* off the busy list */
            *link = p->busy_next;
            p->busy_next = NULL;
        } else {
            link = &p->busy_next;
        }
    }
}

/* A partition's committable offset as the object stored (a new reference). */
static json_t *
committable_json(const source_state *s, const spart *p)
{
    return p->committable.json != NULL ? json_incref(p->committable.json)
         : json_pack("{s:I}", s->offset_field, (json_int_t) p->committable.n);
}

/* The partitions whose committable offset is not stored yet, and those offsets (new
 * references): *parts and *offsets are new arrays of the count returned, NULL when it is 0
 * (the caller frees them with dirty_offsets_free). */
static size_t
dirty_offsets(const source_state *s, const json_t ***parts, json_t ***offsets)
{
    size_t n = 0, k = 0;

    *parts = NULL;
    *offsets = NULL;
    for (spart *p = s->parts; p != NULL; p = p->next)
        n += p->dirty;
    if (n == 0)
        return 0;
    *parts = kc_xcalloc(n, sizeof(**parts));
    *offsets = kc_xcalloc(n, sizeof(**offsets));
    for (spart *p = s->parts; p != NULL; p = p->next)
        if (p->dirty) {
            (*parts)[k] = p->partition;
            (*offsets)[k++] = committable_json(s, p);
        }
    return n;
}

static void
dirty_offsets_free(const json_t **parts, json_t **offsets, size_t n)
{
    for (size_t i = 0; i < n; i++)
        json_decref(offsets[i]);
    free(offsets);
    free(parts);
}

/* Every offset.flush.interval.ms: store the committable offsets (worker/source_offsets.h
 * says where), then SourceTask.commit(), which Java calls even when there was nothing to
 * store (MirrorSourceTask relies on it to flush its delayed offset syncs). */
static void
commit_offsets(source_state *s, rd_kafka_t *producer, int timeout_ms)
{
    const json_t **parts;
    json_t       **offsets;
    kc_err         err;
    size_t         n;
    int            rc = KC_OK;

    rd_kafka_poll(producer, 0);
    advance(s);
    n = dirty_offsets(s, &parts, &offsets);
    if (n > 0)
        rc = kc_source_offsets_write(s->in->offsets, parts, (const json_t *const *) offsets, n,
                                     timeout_ms, &err);
    dirty_offsets_free(parts, offsets, n);
    if (rc != KC_OK) {
        kc_log_error("task", "[%s] committing offsets: %s", s->in->label, err.msg);
        return;
    }
    for (spart *p = s->parts; p != NULL; p = p->next)
        p->dirty = false;
    if (s->in->ops->task->commit != NULL && s->in->priv != NULL)
        s->in->ops->task->commit(s->in->priv);
    if (n > 0)
        kc_log_debug("task", "[%s] committed offsets of %zu source partitions", s->in->label, n);
}

/* tdestroy's: the trees own no spart. */
static void
spart_unfiled(void *p)
{
    (void) p;
}

static void
source_state_free(source_state *s)
{
    spart *p = s->parts;

    tdestroy(s->by_object, spart_unfiled);
    tdestroy(s->by_key, spart_unfiled);

    while (p != NULL) {
        spart *next = p->next;

        /* What is still in flight: never acknowledged, or acknowledged behind one that was
         * not. */
        while (p->head != NULL) {
            inflight_chunk *c = p->head;
            unsigned        end = c == p->tail ? p->tail_slot : INFLIGHT_CHUNK_SLOTS;

            for (unsigned i = p->head_slot; i < end; i++)
                inflight_discard(s, chunk_slot(s, c, i));
            p->head = c->next;
            p->head_slot = 0;
            free(c);
        }
        source_offset_clear(&p->committable);
        json_decref(p->partition);
        free(p->key);
        free(p);
        p = next;
    }
    while (s->free_chunks != NULL) {
        inflight_chunk *c = s->free_chunks;
        s->free_chunks = c->next;
        free(c);
    }
    if (s->rkt != NULL)
        rd_kafka_topic_destroy(s->rkt);
}

/* Client settings for a task's producer, consumer or admin client (kind): see
 * kc_clientconf_connector. */
static void
client_props(const instance *in, const char *kind, kc_props *out)
{
    kc_clientconf_connector(&in->rt->env.wc->props, in->connector_config, kind, in->label, out);
}

/* One converter of the task: the connector's class and its settings under its prefix, or,
 * when the connector names none, the worker's (Java's Plugins.newConverter). */
static int
converter(instance *in, kc_converter *c, const char *which, kc_err *err)
{
    const kc_props *wp = &in->rt->env.wc->props;
    const char     *cls = config_str(in->connector_config, which);
    char           *prefix = kc_xasprintf("%s.", which);
    size_t          plen = strlen(prefix);
    json_t         *settings;
    int             rc;

    if (cls != NULL) {
        settings = kc_cfg_with_prefix(in->connector_config, prefix);
    } else {
        settings = json_object();
        cls = kc_props_get(wp, which);
        for (size_t i = 0; i < wp->n; i++)
            if (strncmp(wp->items[i].key, prefix, plen) == 0)
                json_object_set_new(settings, wp->items[i].key + plen,
                                    json_string(wp->items[i].value));
    }
    rc = kc_converter_init(c, cls, settings, err);
    json_decref(settings);
    free(prefix);
    return rc;
}

static int
converters(instance *in, kc_converter *key, kc_converter *value, kc_err *err)
{
    if (converter(in, key, "key.converter", err) != KC_OK)
        return KC_EINVAL;
    if (converter(in, value, "value.converter", err) != KC_OK) {
        kc_converter_free(key);
        return KC_EINVAL;
    }
    return KC_OK;
}

/* Starts the plugin's task; its state, or NULL after recording the failure. The herder may
 * call ops->stop() on it from now on. */
static void *
start_plugin_task(instance *in)
{
    char  errbuf[1024] = "";
    void *priv = NULL;

    if (bad_chain(in->connector_config, errbuf, sizeof(errbuf)) ||
        refused_config(in, errbuf, sizeof(errbuf))) {
        fail_config(in, errbuf);
        return NULL;
    }
    if (in->ops->task->start(&priv, &in->ctx, in->task_config, errbuf, sizeof(errbuf)) != 0) {
        fail(in, NULL, errbuf[0] ? errbuf : "start() failed");
        if (priv != NULL)
            in->ops->task->destroy(priv);
        return NULL;
    }
    pthread_mutex_lock(&in->lock);
    in->priv = priv;
    in->running = true;
    pthread_mutex_unlock(&in->lock);
    return priv;
}

/* Takes the plugin's task state back from the herder (task thread), before destroy(): no
 * new stop() call can start, and one already inside stop() is waited for, since it holds
 * the pointer without the lock. */
static void
end_plugin_task(instance *in)
{
    pthread_mutex_lock(&in->lock);
    in->running = false;
    in->priv = NULL;
    while (in->stop_calls > 0)
        pthread_cond_wait(&in->cond, &in->lock);
    pthread_mutex_unlock(&in->lock);
}

/* Whether the instance's target state is target now (any thread but the herder's own
 * writes race with it: a hint for the task thread). */
static bool
target_is(instance *in, kc_target_state target)
{
    bool is;

    pthread_mutex_lock(&in->lock);
    is = !in->stop && in->target == target;
    pthread_mutex_unlock(&in->lock);
    return is;
}

/* Waits while the task is paused; false when it must stop. Writes PAUSED/RUNNING. */
static bool
task_wait_started(instance *in, bool *paused_shown)
{
    bool go;

    pthread_mutex_lock(&in->lock);
    while (!in->stop && in->target != KC_TARGET_STARTED) {
        if (!*paused_shown) {
            *paused_shown = true;
            pthread_mutex_unlock(&in->lock);
            write_status(in, KC_STATE_PAUSED, NULL, false);
            pthread_mutex_lock(&in->lock);
            continue;
        }
        pthread_cond_wait(&in->cond, &in->lock);
    }
    go = !in->stop;
    pthread_mutex_unlock(&in->lock);
    if (go && *paused_shown) {
        *paused_shown = false;
        write_status(in, KC_STATE_RUNNING, NULL, false);
    }
    return go;
}

/* A record's key (stage KEY_CONVERTER) or value conversion that failed, as Java's error
 * reports name it: the converter's class and the DataException it throws. */
static kc_failure
conversion_failure(kc_stage stage, const kc_converter *key, const kc_converter *value,
                   const char *message)
{
    return (kc_failure) { stage, kc_converter_class(stage == KC_STAGE_KEY_CONVERTER ? key
                                                                                   : value),
                          KC_DATA_EXCEPTION, message };
}

/* ===== Transformations ===== */

/* A record after the connector's transformation chain, as the converters and the producer
 * (sources) or the task's put() (sinks) take it: `view` borrows from `rec` and the scratch
 * here, valid until the slot is used again. One per record in flight through the chain
 * (task thread). */
typedef struct chained {
    kc_connect_record rec;
    kc_record         view;
    kc_wbuf           key, value;      /* bytes decoded for a converter */
    kc_wbuf           hdr;             /* typed headers as the header converter writes them */
    kc_header        *headers;
    size_t           *offs;            /* where each typed header's bytes start in hdr */
    size_t            cap;
} chained;

static void
chained_free(chained *c)
{
    kc_crec_clear(&c->rec);
    kc_wbuf_free(&c->key);
    kc_wbuf_free(&c->value);
    kc_wbuf_free(&c->hdr);
    free(c->headers);
    free(c->offs);
}

/* Whether the task's header converter is SimpleHeaderConverter (else ByteArrayConverter, the
 * only other one kconnect accepts: worker/refused.c). */
static bool
simple_headers(const instance *in)
{
    const char *hc = config_str(in->connector_config, "header.converter");

    if (hc == NULL)
        hc = kc_props_get(&in->rt->env.wc->props, "header.converter");
    return hc == NULL || strstr(hc, "ByteArrayConverter") == NULL;
}

/* Runs r through the chain into c->view: false with *f filled when a stage or the header
 * converter failed (the failure's message in err), *drop when a stage dropped it. */
static bool
chain_record(kc_chain *chain, bool simple, const kc_record *r, bool sink, chained *c,
             bool *drop, kc_failure *f, kc_err *err)
{
    const char *cls = NULL;
    size_t      n;

    kc_crec_refill(&c->rec, r, sink);
    if (kc_chain_apply(chain, &c->rec, drop, &cls, err) != KC_OK) {
        *f = (kc_failure) { KC_STAGE_TRANSFORMATION, cls, KC_DATA_EXCEPTION, err->msg };
        return false;
    }
    if (*drop)
        return true;
    c->view = *r;
    c->view.topic = c->rec.topic;
    c->view.partition = c->rec.partition;
    c->view.timestamp = c->rec.timestamp;
    kc_crec_value(&c->rec.key, &c->view.key, &c->key);
    kc_crec_value(&c->rec.value, &c->view.value, &c->value);
    n = c->rec.nheaders;
    if (n > c->cap) {
        c->cap = n;
        c->headers = kc_xrealloc(c->headers, n * sizeof(*c->headers));
        c->offs = kc_xrealloc(c->offs, n * sizeof(*c->offs));
    }
    /* Typed headers are written one after the other into c->hdr; their addresses are taken
     * once it no longer grows. */
    kc_wbuf_reset(&c->hdr);
    for (size_t i = 0; i < n; i++) {
        kc_connect_header *h = &c->rec.headers[i];
        size_t             start = c->hdr.len;
        bool               is_null;
        c->headers[i] = (kc_header) { h->key, h->raw, h->len };
        /* Still the bytes it came with, or read from them and left as read: its bytes. */
        if (h->value == NULL || h->raw != NULL)
            continue;
        if (kc_header_from_connect(simple, h->schema, h->value, &c->hdr, &is_null, err)
            != KC_OK) {
            *f = (kc_failure) { KC_STAGE_HEADER_CONVERTER, simple
                                ? "org.apache.kafka.connect.storage.SimpleHeaderConverter"
                                : "org.apache.kafka.connect.converters.ByteArrayConverter",
                                KC_DATA_EXCEPTION, err->msg };
            return false;
        }
        c->offs[i] = is_null ? SIZE_MAX : start;
        c->headers[i].len = c->hdr.len - start;
    }
    for (size_t i = 0; i < n; i++)
        if (c->rec.headers[i].value != NULL && c->rec.headers[i].raw == NULL)
            c->headers[i].value = c->offs[i] == SIZE_MAX ? NULL
                                  : c->headers[i].len == 0 ? (const void *) ""
                                  : (const void *) (c->hdr.buf + c->offs[i]);
    c->view.headers = c->headers;
    c->view.nheaders = n;
    return true;
}

/* Releases records the worker took from poll() but will not send. */
static void
release_records(kc_record *recs, size_t from, size_t n)
{
    for (size_t j = from; j < n; j++)
        if (recs[j].release)
            recs[j].release(&recs[j]);
}

/* The record's source offset into its slot: its own object, or the integer a task naming
 * source_offset_field (ABI 5) gives; none without either. */
static void
slot_offset(const source_state *s, inflight *f, const kc_record *r)
{
    if (r->source_offset != NULL)
        f->offset.json = json_incref(r->source_offset);
    else if (s->offset_field != NULL && r->source_partition != NULL)
        f->offset = (source_offset) { .n = r->offset, .is_int = true };
}

/* Hands one converted record to the producer. The value is lent (no copy) when the
 * converter passed the record's own bytes through and the record stays alive until its
 * acknowledgement; librdkafka always copies the key. The record's slot (if it needs one)
 * is taken in its partition's ring before the send, so offsets are committed in send
 * order. */
static rd_kafka_resp_err_t
send_record(source_state *s, rd_kafka_t *producer, kc_record *r, const kc_record *sent,
            const void *k, size_t klen, const void *v, size_t vlen)
{
    bool                lent = v != NULL && v == r->value.ptr;
    bool                keep = r->release != NULL || r->source_partition != NULL ||
                               KC_TASK_HAS(s->in->ops, commit_record);
    spart              *p = NULL;
    inflight           *f = NULL;
    rd_kafka_headers_t *hdrs = NULL;
    rd_kafka_resp_err_t e;

    if (keep) {
        p = spart_for(s, r->source_partition);
        f = inflight_push(s, p);
        inflight_keep_record(s, f, r);
        slot_offset(s, f, r);
    }
    /* Another topic than the last record's (most tasks send to one: a strcmp per record):
     * KIP-558 notes it, and the producer's handle switches to it. */
    if (s->rkt == NULL || strcmp(sent->topic, rd_kafka_topic_name(s->rkt)) != 0) {
        note_topic(s->in, sent->topic);
        if (s->rkt != NULL)
            rd_kafka_topic_destroy(s->rkt);
        /* The producer's default topic settings, as a send naming the topic would use. */
        s->rkt = rd_kafka_topic_new(producer, sent->topic, NULL);
    }
    if (sent->nheaders > 0) {
        hdrs = rd_kafka_headers_new(sent->nheaders);
        for (size_t h = 0; h < sent->nheaders; h++)
            rd_kafka_header_add(hdrs, sent->headers[h].key, -1, sent->headers[h].value,
                                sent->headers[h].value ? (ssize_t) sent->headers[h].len : -1);
    }
    for (;;) {
        e = s->rkt == NULL ? RD_KAFKA_RESP_ERR__INVALID_ARG :
            rd_kafka_producev(producer, RD_KAFKA_V_RKT(s->rkt),
                              RD_KAFKA_V_PARTITION(sent->partition >= 0 ? sent->partition
                                                                     : RD_KAFKA_PARTITION_UA),
                              RD_KAFKA_V_KEY((void *) k, klen),
                              RD_KAFKA_V_VALUE((void *) v, vlen),
                              RD_KAFKA_V_TIMESTAMP(sent->timestamp > 0 ? sent->timestamp : 0),
                              RD_KAFKA_V_HEADERS(hdrs),
                              RD_KAFKA_V_MSGFLAGS(lent && keep ? 0 : RD_KAFKA_MSG_F_COPY),
                              RD_KAFKA_V_OPAQUE(f), RD_KAFKA_V_END);
        if (e != RD_KAFKA_RESP_ERR__QUEUE_FULL)
            break;
        rd_kafka_poll(producer, 100);          /* back-pressure */
    }
    if (e != RD_KAFKA_RESP_ERR_NO_ERROR) {
        if (hdrs)
            rd_kafka_headers_destroy(hdrs);
        if (f != NULL) {
            /* Never sent: the record goes back, its slot with it (the ring's last). */
            inflight_discard(s, f);
            inflight_unpush(p);
        }
    }
    return e;
}

/* A record the task passes over (ABI 11: no topic): nothing is written, and its source
 * offset is committed in order with the records sent before it, as if it had been
 * acknowledged. */
static void
pass_over(source_state *s, const kc_record *r)
{
    inflight *f;

    if (r->source_partition == NULL || (r->source_offset == NULL && s->offset_field == NULL))
        return;
    f = inflight_push(s, spart_for(s, r->source_partition));
    slot_offset(s, f, r);
    slot_done(s, f);
}

/* ===== Exactly-once source tasks (KIP-618) ===== */

/* Before the first record of a transaction: begins one. False (the task failed) when the
 * producer refuses (fenced: a newer instance of the task runs). */
static bool
eos_begin(source_state *s, rd_kafka_t *producer)
{
    rd_kafka_error_t *e;

    if (s->txn_open)
        return true;
    if ((e = rd_kafka_begin_transaction(producer)) != NULL) {
        fail(s->in, "Task threw an uncaught and unrecoverable exception",
             rd_kafka_error_string(e));
        rd_kafka_error_destroy(e);
        return false;
    }
    s->txn_open = true;
    return true;
}

/* Before the open transaction's commit, or after its abort: each partition's latest offset
 * among its records becomes committable (taken out of its slot; advance() then only
 * releases). The records need not be acknowledged yet: the commit succeeds only if every
 * one of them is. Aborted records are released here, unseen by commit_record(), and their
 * slots taken as acknowledged. */
static void
eos_take_offsets(source_state *s, bool aborted)
{
    for (spart *p = s->busy; p != NULL; p = p->busy_next) {
        inflight_chunk *c = p->head;
        unsigned        i = p->head_slot;

        while (c != NULL && !(c == p->tail && i == p->tail_slot)) {
            inflight *f;
            if (i == INFLIGHT_CHUNK_SLOTS) {
                c = c->next;
                i = 0;
                continue;
            }
            f = chunk_slot(s, c, i++);
            if (aborted) {
                inflight_release_record(s, f);
                slot_done(s, f);
            }
            if (p->partition != NULL && source_offset_set(&f->offset)) {
                source_offset_clear(&p->committable);
                p->committable = f->offset;
                f->offset = (source_offset) { 0 };
                p->dirty = true;
            }
        }
    }
}

/* A transaction committed the dirty partitions' offsets to the connector's topic: the
 * worker's store gets them too when the connector has a topic of its own, after the commit
 * (Java starts that write once the transaction's offsets are acknowledged; after the commit,
 * an aborted transaction's offsets never reach the store that reads fall back on). */
static void
eos_committed(source_state *s, int timeout_ms)
{
    const json_t **parts;
    json_t       **offsets;
    size_t         n;

    if (!kc_source_offsets_both(s->in->offsets))
        return;
    n = dirty_offsets(s, &parts, &offsets);
    kc_source_offsets_committed(s->in->offsets, parts, (const json_t *const *) offsets, n,
                                timeout_ms);
    dirty_offsets_free(parts, offsets, n);
}

/* Ends the open transaction as Java's ExactlyOnceWorkerSourceTask commits one: its records'
 * source offsets written last in it (to the connector's offsets topic, as the offsets
 * topic's records: same keys, values and partitions) without waiting for the records'
 * acknowledgements, then the commit, which waits for every record and offset (librdkafka's
 * commit flushes, serving the delivery reports, and fails if any was refused), and the
 * worker's topic after it, for a connector with a topic of its own; only then
 * commit_record() for its records and the task's commit(). Waiting for the records before
 * sending the offsets cost a round trip per transaction: the offsets topic's partition was
 * then written after the last record's acknowledgement, not behind the records. After an
 * abort, the aborted records' offsets are committed in a transaction of their own. With
 * nothing to commit only commit() is called. False, the task failed with Java's message,
 * when any of it fails: the transaction is left to the coordinator to abort, and whoever
 * runs the task next starts from the last one committed. */
static bool
eos_commit(source_state *s, rd_kafka_t *producer, int timeout_ms)
{
    rd_kafka_error_t *e = NULL;
    char              why[1024] = "", what[256];
    bool              pending = s->txn_open;

    /* Slots in flight outside a transaction are records passed over (ABI 11): their offsets
     * are committed too, in a transaction of their own if nothing else is pending. */
    for (spart *p = s->parts; p != NULL && !pending; p = p->next)
        pending = p->dirty || p->head != NULL;
    if (pending) {
        if (!eos_begin(s, producer))
            return false;
        if (s->send_failed)
            snprintf(why, sizeof(why), "%s", s->last_error);
        if (why[0] == '\0') {
            eos_take_offsets(s, false);
            for (spart *p = s->parts; p != NULL && why[0] == '\0'; p = p->next) {
                json_t             *offset;
                rd_kafka_resp_err_t err;
                if (!p->dirty)
                    continue;
                offset = committable_json(s, p);
                err = kc_source_offsets_produce(producer, s->offsets_topic, s->in->connector,
                                                p->partition, offset);
                if (err != RD_KAFKA_RESP_ERR_NO_ERROR)
                    snprintf(why, sizeof(why), "Failed to flush offsets to storage: %s",
                             rd_kafka_err2str(err));
                json_decref(offset);
            }
        }
        if (why[0] == '\0' && (e = rd_kafka_commit_transaction(producer, timeout_ms)) != NULL) {
            if (s->send_failed)                 /* a record refused: its own error */
                snprintf(why, sizeof(why), "%s", s->last_error);
            else if (rd_kafka_error_code(e) == RD_KAFKA_RESP_ERR_INVALID_PRODUCER_EPOCH)
                snprintf(why, sizeof(why), "The task %s was unable to finish writing records to "
                         "Kafka before its producer transaction expired. It may be necessary "
                         "to reconfigure this connector in order for it to run healthily with "
                         "exactly-once support. Options for this include: tune the connector's "
                         "producer configuration for higher throughput, increase the "
                         "transaction timeout for the connector's producers, decrease the "
                         "offset commit interval (if using interval-based transaction "
                         "boundaries), or use the 'poll' transaction boundary (if the connector "
                         "is not already configured to use it).", s->in->label);
            else
                snprintf(why, sizeof(why), "Failed to commit producer transaction: %s",
                         rd_kafka_error_string(e));
            rd_kafka_error_destroy(e);
        }
        if (why[0] != '\0') {
            snprintf(what, sizeof(what), "Failed to flush offsets and/or records for task %s",
                     s->in->label);
            fail(s->in, what, why);
            return false;
        }
        s->txn_open = false;
        eos_committed(s, timeout_ms);
        for (spart *p = s->parts; p != NULL; p = p->next)
            p->dirty = false;
        advance(s);
    }
    if (s->in->ops->task->commit != NULL && s->priv != NULL)
        s->in->ops->task->commit(s->priv);
    return true;
}

/* Aborts the open transaction at the task's request (transaction.boundary=connector), as
 * Java's connector-defined boundary does: its records are purged or written aborted
 * (read_committed readers never see them) and never reach commit_record(), but their source
 * offsets become committable, for the commit that follows, so the task is not handed them
 * again. A send that failed in it failed with it. With no transaction open, Java's warning.
 * why is Java's log line. False: the task failed. */
static bool
eos_abort(source_state *s, rd_kafka_t *producer, int timeout_ms, const char *why)
{
    rd_kafka_error_t *e;

    if (!s->txn_open) {
        kc_log_warn("task", "[%s] Ignoring request by task to abort transaction as the current "
                    "transaction is empty", s->in->label);
        return true;
    }
    kc_log_info("task", "[%s] %s", s->in->label, why);
    /* Its records written first (aborted with it): librdkafka's abort purges what is still
     * queued, and a purged request already given sequence numbers leaves a gap that fails
     * the next transaction (OUT_OF_ORDER_SEQUENCE_NUMBER). A timeout here is no failure:
     * what is left is purged. */
    rd_kafka_flush(producer, timeout_ms);
    /* A retriable error is a timeout: the abort goes on in the background, asked again. */
    for (int tries = 0; (e = rd_kafka_abort_transaction(producer, -1)) != NULL &&
         rd_kafka_error_is_retriable(e) && ++tries < 3;)
        rd_kafka_error_destroy(e);
    if (e != NULL) {
        fail(s->in, "Task threw an uncaught and unrecoverable exception",
             rd_kafka_error_string(e));
        rd_kafka_error_destroy(e);
        return false;
    }
    s->txn_open = false;
    /* The purged records' delivery reports, before their slots are let go. */
    if (rd_kafka_flush(producer, timeout_ms) != RD_KAFKA_RESP_ERR_NO_ERROR) {
        fail(s->in, "Task threw an uncaught and unrecoverable exception", "records of the "
             "aborted transaction not purged in time");
        return false;
    }
    s->send_failed = false;
    eos_take_offsets(s, true);
    advance(s);
    return true;
}

/* What the task asked (transaction.boundary=connector) after out[i] of its batch, the record
 * r, was written or dropped: the transaction ends right after it, as Java's boundary manager
 * ends it for a record (an abort, then its offsets committed). False: the task failed. */
static bool
eos_record_boundary(source_state *s, rd_kafka_t *producer, int timeout_ms, size_t i,
                    const kc_record *r)
{
    char part[16] = "null";

    switch (kc_txn_context_record(s->txn, i)) {
    case KC_TXN_NONE:
        return true;
    case KC_TXN_COMMIT:
        return eos_commit(s, producer, timeout_ms);
    case KC_TXN_ABORT: {
        char why[512];
        snprintf(why, sizeof(why), "Aborting transaction for record on topic %s as requested "
                 "by connector", r->topic ? r->topic : "null");
        return eos_abort(s, producer, timeout_ms, why) && eos_commit(s, producer, timeout_ms);
    }
    case KC_TXN_BOTH:
        break;
    }
    if (r->partition >= 0)
        snprintf(part, sizeof(part), "%d", (int) r->partition);
    {
        char msg[512];
        snprintf(msg, sizeof(msg), "Connector requested both commit and abort of same record "
                 "against topic/partition %s/%s", r->topic ? r->topic : "null", part);
        fail_as(s->in, "java.lang.IllegalStateException", NULL, msg);
    }
    return false;
}

/* What the task asked (transaction.boundary=connector) for the batch it returned: *commit
 * when the transaction is to be committed now (after an abort too: its offsets). False: the
 * task failed. */
static bool
eos_batch_boundary(source_state *s, rd_kafka_t *producer, int timeout_ms, bool *commit)
{
    *commit = false;
    switch (kc_txn_context_batch(s->txn)) {
    case KC_TXN_NONE:
        return true;
    case KC_TXN_COMMIT:
        *commit = true;
        return true;
    case KC_TXN_ABORT:
        *commit = true;
        return eos_abort(s, producer, timeout_ms, "Aborting transaction for batch as requested "
                         "by connector");
    case KC_TXN_BOTH:
        break;
    }
    fail_as(s->in, "java.lang.IllegalStateException", NULL,
            "Connector requested both commit and abort of same transaction");
    return false;
}

/* At a stop or a pause (Java's finalOffsetCommit, onPause): the open transaction is
 * committed, unless the task defines the boundaries; then only a batch request still
 * pending ends it, and a transaction the task left open stays open, its records unseen
 * and their offsets not committed. False: the task failed. */
static bool
eos_final_commit(source_state *s, rd_kafka_t *producer, int timeout_ms)
{
    bool commit = true;

    if (s->txn != NULL && !eos_batch_boundary(s, producer, timeout_ms, &commit))
        return false;
    return !commit || eos_commit(s, producer, timeout_ms);
}

/* Sets what an exactly-once task's producer must have, as Java's ensureProperty: a value
 * the worker file or the connector gave otherwise is replaced, with Java's warning. */
static void
eos_force(instance *in, kc_props *props, const char *key, const char *value, bool nocase)
{
    const char *given = kc_props_get(props, key);

    if (given != NULL && (nocase ? strcasecmp(given, value) : strcmp(given, value)) != 0)
        kc_log_warn("task", "[%s] The value '%s' for the '%s' property will be ignored as it "
                    "cannot be overridden for connectors when exactly-once source support is "
                    "enabled. The value '%s' will be used instead.", in->label, given, key,
                    value);
    kc_props_set(props, key, value, 0);
}

/* How long a task asks the leader again for its round of zombie fencing while the answer
 * says it may succeed later: a leader just started answers 503 until it has read the
 * session key, and a leader killed is replaced once the group expires it
 * (session.timeout.ms). Java's task fails at the first such answer (README). */
#define FENCE_RETRY_MS 60000

/* The round of zombie fencing for in's connector, asked again (250 ms, doubling up to 2 s)
 * while the answer is transient, until FENCE_RETRY_MS or the task's stop. False: failed or
 * stopped, why says what the last answer was. */
static bool
eos_fence(instance *in, char *why, size_t size)
{
    const kc_runtime_env *env = &in->rt->env;
    int64_t               deadline = kc_mono_ms() + FENCE_RETRY_MS;
    long                  backoff = 250;
    int                   rc;

    while ((rc = env->fence(env->herder, in->connector, why, size)) == 1) {
        struct timespec ts;
        bool            stop;

        if (kc_mono_ms() + backoff > deadline)
            break;
        kc_log_info("task", "[%s] Zombie fencing not possible yet (%s); asking again in "
                    "%ld ms", in->label, why, backoff);
        ts = kc_realtime_in(backoff);
        pthread_mutex_lock(&in->lock);
        if (!in->stop)
            pthread_cond_timedwait(&in->cond, &in->lock, &ts);
        stop = in->stop;
        pthread_mutex_unlock(&in->lock);
        if (stop)
            return false;
        backoff = backoff * 2 > 2000 ? 2000 : backoff * 2;
    }
    return rc == 0;
}

/* Before an exactly-once task starts: the connector's round of zombie fencing, then the
 * producer's InitProducerId (which fences the task's own older instances), then a check
 * that the task configs did not change meanwhile and the task is still this worker's
 * (Java's preProducerCheck, initTransactions, postProducerCheck). False: failed. */
static bool
eos_prepare(instance *in, rd_kafka_t *producer)
{
    const kc_runtime_env *env = &in->rt->env;
    char                  why[512], what[256];
    int                   generation = env->task_generation(env->herder, in->connector, in->task);
    rd_kafka_error_t     *e = NULL;

    if (generation < 0) {
        snprintf(why, sizeof(why), "Cannot start source task %s as it has already been revoked "
                 "from this worker", in->label);
        snprintf(what, sizeof(what), "Failed to perform preflight check for task %s", in->label);
        fail(in, what, why);
        return false;
    }
    if (!eos_fence(in, why, sizeof(why))) {
        if (!in->stop)
            fail(in, "Failed to perform round of zombie fencing", why);
        return false;
    }
    while (!in->stop && (e = rd_kafka_init_transactions(producer, 10000)) != NULL &&
           rd_kafka_error_is_retriable(e)) {
        rd_kafka_error_destroy(e);
        e = NULL;
    }
    if (e != NULL) {
        /* Java's task fails with the client's exception itself (its class and message). */
        const char *java = kc_errors_java_message(rd_kafka_error_code(e));
        fail_as(in, kc_errors_producer_exception(rd_kafka_error_code(e)), NULL,
                java != NULL ? java : rd_kafka_error_string(e));
        rd_kafka_error_destroy(e);
        return false;
    }
    if (env->task_generation(env->herder, in->connector, in->task) != generation) {
        snprintf(what, sizeof(what), "Failed to perform preflight check for task %s", in->label);
        snprintf(why, sizeof(why), "Cannot start source task %s with exactly-once support as "
                 "the connector has already generated a new set of task configs", in->label);
        fail(in, what, why);
        return false;
    }
    return true;
}

/* A poll returning this many records or more comes from a backlog, and BACKLOG_POLLS of
 * them in a row make a backlog worth committing once it is drained, at most once a second.
 * A task restarted behind its source copies its backlog in seconds; were its worker lost
 * before the next interval, the next owner would copy it all again. */
#define BACKLOG_BATCH 100
#define BACKLOG_POLLS 3

/* For one offset.flush.interval.ms after the task starts and after each rebalance begins,
 * what it copied is committed every SETTLE_COMMIT_MS instead: workers fail one after the
 * other (a rolling restart, a host going down), and a task that has just moved copies the
 * next seconds' records again should its new worker be the next to go. A task left alone
 * commits at the interval. */
#define SETTLE_COMMIT_MS 1000

/* A commit that comes due waits for what was sent before it to be acknowledged (nothing
 * left in the producer's queue), at most ACK_WAIT_MS, polling the task meanwhile with
 * ACK_POLL_MS: committed at once, the last poll's records would still be in flight, and a
 * task whose poll waits (FileStreamSource sleeps 1 s at the end of its file) would always
 * store the offsets of the poll before. */
#define ACK_WAIT_MS 500
#define ACK_POLL_MS 10

/* While settling, records copied are also committed as soon as the task is idle (a poll
 * found nothing), at most every IDLE_COMMIT_MS; the task is polled with ACK_POLL_MS until
 * then, so that a task that reads in bursts (FileStreamSource, once a second, sleeping in
 * between) is committed after each, not a second later. */
#define IDLE_COMMIT_MS 200

static void
run_source(instance *in)
{
    const kc_worker_config *wc = in->rt->env.wc;
    int64_t          flush_every = kc_cfg_int(&wc->cfg, "offset.flush.interval.ms");
    int              flush_timeout = (int) kc_cfg_int(&wc->cfg, "offset.flush.timeout.ms");
    kc_converter     kconv = { 0 }, vconv = { 0 };
    kc_props         props;
    kc_err           err;
    rd_kafka_t      *producer = NULL;
    char             errbuf[1024] = "", *client_id;
    source_state     s = { .in = in, .offset_field = KC_TASK_HAS5(in->ops, source_offset_field)
                                         ? in->ops->task->source_offset_field : NULL,
                           .lean = KC_TASK_FLAG6(in->ops, lean_records) };
    kc_record        recs[500];
    size_t           recs_used = 0;  /* entries the last poll() filled */
    kc_wbuf          kbuf, vbuf;
    int64_t          next_flush;
    int64_t          settle_every;       /* the interval while settling */
    int64_t          settle_until;       /* commit every settle_every until then */
    int              backlog_polls = 0;  /* polls in a row that returned a backlog's batch */
    int64_t          drained_commit = 0; /* when a drained backlog was last committed */
    int64_t          commit_by = 0;      /* a commit due, waiting for acks until then; or 0 */
    bool             copied = false;     /* records polled since the last commit */
    int64_t          committed = 0;      /* when the last commit in this loop was made */
    bool             paused_shown = false;
    void            *priv = NULL;
    kc_topic_creation *creation = NULL;
    rd_kafka_t      *admin = NULL;       /* the topic creation's, when in use */
    kc_chain        *chain = NULL;       /* the connector's transformations, if any */
    chained          cr = { 0 };
    bool             simple = simple_headers(in);
    bool             eos_interval = false;  /* transaction.boundary=interval, else poll */

    s.slot_size = s.base_size = s.lean ? sizeof(inflight) : sizeof(inflight_full);
    s.eos = in->rt->env.fence != NULL && kc_worker_eos_level(wc) == KC_EOS_ENABLED;
    if (s.eos) {
        /* Read as Java's ConfigDef reads a STRING: trimmed (validation trims it too). */
        const char *given = config_str(in->connector_config, "transaction.boundary");
        char       *b = given != NULL ? kc_java_trim(given) : NULL;
        const char *every = config_str(in->connector_config, "transaction.boundary.interval.ms");
        s.slot_size += sizeof(eos_ack);
        eos_interval = b != NULL && strcasecmp(b, "interval") == 0;
        if (eos_interval && every != NULL && *every != '\0')
            flush_every = atoll(every);
        /* Java's WorkerTransactionContext: the task ends its transactions itself. */
        if (b != NULL && strcasecmp(b, "connector") == 0) {
            s.txn = kc_txn_context_new(in->label);
            in->txn = kc_txn_context_api(s.txn);
        }
        free(b);
    }
    kc_wbuf_init(&kbuf);
    kc_wbuf_init(&vbuf);
    if (kc_topic_creation_new(kc_cfg_bool(&wc->cfg, "topic.creation.enable"),
                              in->connector_config, in->label, &creation, &err) != KC_OK) {
        fail_config(in, err.msg);
        goto out;
    }
    if (creation != NULL) {
        /* Java's task admin client: the worker's settings under admin.* and the connector's
         * admin.override.*. A lookup never creates the topic by the broker's defaults. */
        client_props(in, "admin", &props);
        client_id = kc_xasprintf("connector-adminclient-%s", in->label);
        admin = kc_kafka_new(RD_KAFKA_PRODUCER, &props, "",
                             (const char *const[]) { "client.id", client_id,
                                                     "allow.auto.create.topics", "false", NULL },
                             &err);
        free(client_id);
        kc_props_free(&props);
        if (admin == NULL) {
            fail(in, "Failed to create admin client", err.msg);
            goto out;
        }
    }
    if (converters(in, &kconv, &vconv, &err) != KC_OK) {
        /* What the converter's configure() throws, as Java's task reports it. */
        fail_as(in, kconv.exception ? kconv.exception : vconv.exception, NULL, err.msg);
        goto out;
    }
    if (kc_chain_new(in->connector_config, &chain, &err) != KC_OK) {
        fail_config(in, err.msg);
        goto out;
    }
    s.errors = kc_errors_new(in->connector, in->task, in->connector_config, false, NULL, NULL,
                             &in->error_counts, &err);
    client_props(in, "producer", &props);
    if (s.eos) {
        char *tid = kc_worker_task_transactional_id(wc, in->connector, in->task);
        eos_force(in, &props, "enable.idempotence", "true", true);
        eos_force(in, &props, "transactional.id", tid, false);
        free(tid);
        /* Up to 5 requests in flight, not Java's base 1, unless given: librdkafka sends one
         * partition per request where Java's sender sends every partition a broker leads in
         * one, so a transaction's records and offsets cost a round trip each in turn at the
         * commit. Idempotence keeps each partition's order with up to 5 (make bench: about
         * 10 % more records/s and less CPU, tasks.max 1 and 4). At-least-once producers keep
         * 1: with 5, 4 tasks copied less and spent twice the CPU per GB. */
        if (!kc_clientconf_connector_gives(&wc->props, in->connector_config, "producer",
                                           "max.in.flight.requests.per.connection"))
            kc_props_set(&props, "max.in.flight.requests.per.connection", "5", 0);
        /* A record not delivered within the transaction's timeout fails its transaction
         * anyway (the coordinator aborts it); librdkafka wants its delivery timeout no
         * longer, where Java's base of Integer.MAX_VALUE is left as it is. */
        {
            const char *t = kc_props_get(&props, "transaction.timeout.ms");
            const char *d = kc_props_get(&props, "delivery.timeout.ms");
            long long   txn = t != NULL && atoll(t) > 0 ? atoll(t) : 60000;
            char        text[24];
            if (d == NULL || atoll(d) > txn) {
                snprintf(text, sizeof(text), "%lld", txn);
                kc_props_set(&props, "delivery.timeout.ms", text, 0);
            }
        }
    }
    client_id = kc_xasprintf("connector-producer-%s", in->label);
    producer = kc_kafka_new_ex(RD_KAFKA_PRODUCER, &props, "",
                               (const char *const[]) { "client.id", client_id,
                                   "partitioner", "murmur2_random", NULL },
                               &(kc_kafka_hooks) { .dr_msg_cb = source_dr, .user = &s }, &err);
    free(client_id);
    kc_props_free(&props);
    if (producer == NULL) {
        fail(in, "Failed to create producer", err.msg);
        goto out;
    }
    if (s.eos && !eos_prepare(in, producer))
        goto out;
    /* Java's offsetStore.start(): the connector's offsets topic made ready, and read. */
    if ((in->offsets = kc_source_offsets_open(wc, in->rt->env.offsets, in->connector_config,
                                              in->connector, in->label, &err)) == NULL) {
        if (err.code == KC_EINVAL)
            fail_config(in, err.msg);
        else
            fail(in, NULL, err.msg);
        goto out;
    }
    s.offsets_topic = kc_source_offsets_topic(in->offsets);
    if ((priv = start_plugin_task(in)) == NULL)
        goto out;
    s.priv = priv;
    write_status(in, in->target == KC_TARGET_STARTED ? KC_STATE_RUNNING : KC_STATE_PAUSED, NULL,
                 false);
    paused_shown = in->target != KC_TARGET_STARTED;
    /* (A transaction's boundaries are Java's: no settling under exactly-once.) */
    settle_every = flush_every < SETTLE_COMMIT_MS || s.eos ? flush_every : SETTLE_COMMIT_MS;
    settle_until = kc_mono_ms() + flush_every;
    next_flush = kc_mono_ms() + settle_every;

    memset(recs, 0, sizeof(recs));
    for (;;) {
        size_t  n = 0;
        int     rc;
        int64_t now;
        bool    due;                     /* a commit came due at this turn */

        if (!paused_shown && target_is(in, KC_TARGET_PAUSED)) {
            /* Paused: what was sent is acknowledged and its offsets committed before the
             * task waits, as at a stop, so a worker lost while the task is paused costs
             * nothing to copy again. */
            if (s.eos) {
                if (!eos_final_commit(&s, producer, flush_timeout))
                    goto stopping;
            } else {
                rd_kafka_flush(producer, flush_timeout);
                commit_offsets(&s, producer, flush_timeout);
                commit_by = 0;
            }
            next_flush = kc_mono_ms() + flush_every;
        }
        if (!task_wait_started(in, &paused_shown))
            break;

        /* poll() hands zeroed records; only the last batch's need it again (clearing all
         * 500 for a batch of a few records cost more than the records). */
        memset(recs, 0, recs_used * sizeof(recs[0]));
        errbuf[0] = '\0';
        if (s.txn != NULL)
            kc_txn_context_poll(s.txn, recs, KC_ARRAY_LEN(recs));
        rc = in->ops->task->poll(priv, recs, KC_ARRAY_LEN(recs), &n,
                                 commit_by != 0 || (copied && kc_mono_ms() < settle_until)
                                 ? ACK_POLL_MS : 1000, errbuf, sizeof(errbuf));
        recs_used = n < KC_ARRAY_LEN(recs) ? n : KC_ARRAY_LEN(recs);
        if (rc == KC_PLUGIN_FATAL) {
            release_records(recs, 0, n);
            fail(in, "Task threw an uncaught and unrecoverable exception", errbuf[0] ? errbuf
                 : "poll() failed");
            goto stopping;
        }
        COUNT(in->records_in, n);
        for (size_t i = 0; i < n; i++) {
            kc_record          *r = &recs[i];
            const kc_record    *sent = r;
            const void         *k, *v;
            size_t              klen, vlen;
            rd_kafka_resp_err_t e;
            kc_stage            stage = KC_STAGE_KEY_CONVERTER;
            kc_failure          f;
            bool                drop = false;

            if (r->topic == NULL) {
                if (in->ops->abi < 11) {
                    fail(in, NULL, "The task returned a record without a topic");
                    release_records(recs, i, n);
                    goto stopping;
                }
                pass_over(&s, r);
                goto dropped;
            }
            if (chain != NULL) {
                if (!chain_record(chain, simple, r, false, &cr, &drop, &f, &err)) {
                    if (source_record_failed(&s, &f, r))
                        goto dropped;
                    fail_tolerance(in, &f);
                    release_records(recs, i, n);
                    goto stopping;
                }
                /* Dropped by a stage: as Java's recordDropped, its offset is not committed
                 * on its own and commitRecord() learns of no metadata. */
                if (drop)
                    goto dropped;
                sent = &cr.view;
            }
            if (kc_converter_from_connect(&kconv, &sent->key, &kbuf, &k, &klen, &err) != KC_OK ||
                (stage = KC_STAGE_VALUE_CONVERTER,
                 kc_converter_from_connect(&vconv, &sent->value, &vbuf, &v, &vlen, &err))
                    != KC_OK) {
                f = conversion_failure(stage, &kconv, &vconv, err.msg);
                if (source_record_failed(&s, &f, r))
                    goto dropped;                         /* as Java's */
                fail_tolerance(in, &f);
                release_records(recs, i, n);
                goto stopping;
            }
            /* Before the first send to a topic (a send to another topic than the last's). */
            if (creation != NULL &&
                (s.rkt == NULL || strcmp(sent->topic, rd_kafka_topic_name(s.rkt)) != 0) &&
                kc_topic_creation_ensure(creation, admin, sent->topic, &err) != KC_OK) {
                fail(in, NULL, err.msg);
                release_records(recs, i, n);
                goto stopping;
            }
            if (s.eos && strcmp(sent->topic, s.offsets_topic) == 0) {
                fail(in, NULL, "Source tasks may not produce to their own offsets topics when "
                     "exactly-once support is enabled");
                release_records(recs, i, n);
                goto stopping;
            }
            if (s.eos && !eos_begin(&s, producer)) {
                release_records(recs, i, n);
                goto stopping;
            }
            if ((e = send_record(&s, producer, r, sent, k, klen, v, vlen))
                != RD_KAFKA_RESP_ERR_NO_ERROR) {
                char why[256];

                fail(in, "Failed to send record", send_error_text(producer, e, why, sizeof(why)));
                release_records(recs, i + 1, n);
                goto stopping;
            }
            /* Java's connector-defined boundary: a transaction may end at this record. */
            if (s.txn != NULL && !eos_record_boundary(&s, producer, flush_timeout, i, r)) {
                release_records(recs, i + 1, n);
                goto stopping;
            }
            continue;
dropped:
            if (s.txn != NULL && !eos_record_boundary(&s, producer, flush_timeout, i, r)) {
                release_records(recs, i, n);
                goto stopping;
            }
            release_records(recs, i, i + 1);
        }
        rd_kafka_poll(producer, 0);
        if (s.eos) {
            /* Java's transaction boundaries: after every poll, once the interval
             * (transaction.boundary.interval.ms, else offset.flush.interval.ms) has passed,
             * or where the task asks. */
            bool commit = !eos_interval || kc_mono_ms() >= next_flush;
            if (s.txn != NULL && !eos_batch_boundary(&s, producer, flush_timeout, &commit))
                goto stopping;
            if (commit) {
                if (!eos_commit(&s, producer, flush_timeout))
                    goto stopping;
                next_flush = kc_mono_ms() + flush_every;
            }
            continue;
        }
        /* Acknowledged records leave their rings now, not at the next offset flush: their
         * chunks are recycled and only each partition's latest offset stays referenced,
         * so memory holds what is in flight, not a flush interval's worth of records. */
        advance(&s);
        if (s.send_failed) {
            fail(in, "Task threw an uncaught and unrecoverable exception", s.last_error);
            goto stopping;
        }
        now = kc_mono_ms();
        due = false;
        if (n >= BACKLOG_BATCH) {
            backlog_polls++;
        } else {
            if (backlog_polls >= BACKLOG_POLLS && now - drained_commit >= 1000) {
                drained_commit = now;
                due = true;
            }
            backlog_polls = 0;
        }
        if (atomic_exchange(&in->commit_soon, false)) {
            /* A rebalance began (kc_runtime_commit_soon): commit now, then settle again. */
            settle_until = now + flush_every;
            next_flush = now;
        }
        /* While settling, a commit waits for records to commit (see IDLE_COMMIT_MS). */
        copied = copied || n > 0;
        if (copied && n == 0 && now < settle_until && now - committed >= IDLE_COMMIT_MS)
            due = true;
        if (now >= next_flush && (copied || now >= settle_until)) {
            due = true;
            next_flush = now + (now < settle_until ? settle_every : flush_every);
        }
        if (due && commit_by == 0)
            commit_by = now + ACK_WAIT_MS;
        if (commit_by != 0 && (rd_kafka_outq_len(producer) == 0 || now >= commit_by)) {
            commit_offsets(&s, producer, flush_timeout);
            commit_by = 0;
            committed = now;
            copied = false;
        }
    }
stopping:
    if (s.eos) {
        /* The final commit, unless the task failed (Java's finalOffsetCommit). */
        if (!atomic_load(&in->failed))
            (void) eos_final_commit(&s, producer, flush_timeout);
    } else if (!atomic_load(&in->membership_lost)) {
        rd_kafka_flush(producer, flush_timeout);
        commit_offsets(&s, producer, flush_timeout);
    }
    /* Whatever is still unacknowledged is dropped (its offset is not committed, so it is
     * sent again by the next owner); its delivery reports give the lent bytes back before
     * the task, which owns them, is destroyed. */
    rd_kafka_purge(producer, RD_KAFKA_PURGE_F_QUEUE | RD_KAFKA_PURGE_F_INFLIGHT);
    for (int64_t until = kc_mono_ms() + 5000; rd_kafka_outq_len(producer) > 0 &&
         kc_mono_ms() < until;)
        rd_kafka_poll(producer, 50);
    rd_kafka_poll(producer, 0);
out:
    end_plugin_task(in);
    source_state_free(&s);
    kc_errors_free(s.errors);
    if (priv != NULL)
        in->ops->task->destroy(priv);
    in->txn = NULL;
    kc_txn_context_free(s.txn);
    kc_source_offsets_close(in->offsets);
    in->offsets = NULL;
    kc_kafka_destroy(producer);
    kc_kafka_destroy(admin);
    kc_topic_creation_free(creation);
    kc_chain_free(chain);
    chained_free(&cr);
    kc_wbuf_free(&kbuf);
    kc_wbuf_free(&vbuf);
    kc_converter_free(&kconv);
    kc_converter_free(&vconv);
}

/* ===== Sink tasks ===== */

typedef struct sink_state {
    instance                        *in;
    kc_errors                       *errors;      /* errors.tolerance, log, dead letter queue */
    rd_kafka_t                      *consumer;
    rd_kafka_topic_partition_list_t *positions;   /* next offset to commit, per partition */
} sink_state;

/* The message's headers as the record's (names and values borrowed from the message). */
static void
sink_headers(const rd_kafka_message_t *m, kc_record *r)
{
    rd_kafka_headers_t *hdrs;
    const char         *name;
    const void         *value;
    size_t              size, n;

    if (rd_kafka_message_headers(m, &hdrs) != RD_KAFKA_RESP_ERR_NO_ERROR)
        return;
    n = rd_kafka_header_cnt(hdrs);
    r->headers = kc_xcalloc(n ? n : 1, sizeof(*r->headers));
    for (size_t i = 0; i < n && rd_kafka_header_get_all(hdrs, i, &name, &value, &size) ==
                                RD_KAFKA_RESP_ERR_NO_ERROR; i++) {
        r->headers[i] = (kc_header) { name, value, value ? size : 0 };
        r->nheaders++;
    }
}

static int
sink_commit(sink_state *s, bool sync)
{
    char   errbuf[512] = "";
    kc_err err;

    if (s->positions->cnt == 0)
        return KC_OK;
    /* Skipped records are committed with the rest: only once the dead letter queue has them. */
    if (kc_errors_flush(s->errors, 30000, &err) != KC_OK) {
        kc_log_warn("task", "[%s] offsets not committed: %s", s->in->label, err.msg);
        return KC_EAGAIN;
    }
    if (s->in->ops->task->flush != NULL &&
        s->in->ops->task->flush(s->in->priv, errbuf, sizeof(errbuf)) != 0) {
        kc_log_warn("task", "[%s] flush failed, offsets not committed: %s", s->in->label, errbuf);
        return KC_EAGAIN;
    }
    if (rd_kafka_commit(s->consumer, s->positions, sync ? 0 : 1) != RD_KAFKA_RESP_ERR_NO_ERROR)
        return KC_EKAFKA;
    COUNT(s->in->commits, 1);
    rd_kafka_topic_partition_list_destroy(s->positions);
    s->positions = rd_kafka_topic_partition_list_new(8);
    return KC_OK;
}

/* Task thread (inside rd_kafka_consumer_poll): commit what was written before partitions
 * go to another member, so they are not delivered twice. */
static void
sink_rebalance(rd_kafka_t *rk, rd_kafka_resp_err_t e, rd_kafka_topic_partition_list_t *parts,
               void *opaque)
{
    sink_state *s = kc_kafka_user(rk);

    (void) opaque;
    if (e == RD_KAFKA_RESP_ERR__ASSIGN_PARTITIONS) {
        rd_kafka_assign(rk, parts);
    } else {
        if (s->in->priv != NULL)
            sink_commit(s, true);
        rd_kafka_assign(rk, NULL);
    }
}

/* Drops a batch: the converted records batch[0..nrecs) and the messages msgs[0..nmsgs). */
static void
sink_batch_clear(kc_record *batch, size_t nrecs, rd_kafka_message_t **msgs, size_t nmsgs)
{
    for (size_t j = 0; j < nrecs; j++) {
        kc_value_clear(&batch[j].key);
        kc_value_clear(&batch[j].value);
        free(batch[j].headers);
    }
    for (size_t j = 0; j < nmsgs; j++)
        rd_kafka_message_destroy(msgs[j]);
}

static void
run_sink(instance *in)
{
    const kc_worker_config *wc = in->rt->env.wc;
    int64_t          commit_every = kc_cfg_int(&wc->cfg, "offset.flush.interval.ms");
    kc_converter     kconv = { 0 }, vconv = { 0 };
    kc_props         props;
    kc_err           err;
    sink_state       s = { .in = in };
    char             errbuf[1024] = "", *group, *client_id;
    const char      *topics = config_str(in->task_config, "topics");
    const char      *regex = config_str(in->task_config, "topics.regex");
    kc_record       *batch = kc_xcalloc(500, sizeof(*batch));
    rd_kafka_message_t *msgs[500];
    kc_chain        *chain = NULL;       /* the connector's transformations, if any */
    chained         *slots = NULL;       /* with a chain: batch[i] transformed... */
    kc_record       *views = NULL;       /* ...and as put() takes it */
    bool             simple = simple_headers(in);
    int64_t          next_commit;
    bool             paused_shown = false, paused_partitions = false;
    void            *priv = NULL;

    s.positions = rd_kafka_topic_partition_list_new(8);
    if (converters(in, &kconv, &vconv, &err) != KC_OK) {
        /* What the converter's configure() throws, as Java's task reports it. */
        fail_as(in, kconv.exception ? kconv.exception : vconv.exception, NULL, err.msg);
        goto out;
    }
    if (kc_chain_new(in->connector_config, &chain, &err) != KC_OK) {
        fail_config(in, err.msg);
        goto out;
    }
    if (chain != NULL) {
        kc_chain_header_converter(chain, simple);
        slots = kc_xcalloc(KC_ARRAY_LEN(msgs), sizeof(*slots));
        views = kc_xcalloc(KC_ARRAY_LEN(msgs), sizeof(*views));
    }
    {
        kc_props admin, producer;
        client_props(in, "admin", &admin);
        client_props(in, "producer", &producer);
        kc_client_default_idempotence(&producer);
        s.errors = kc_errors_new(in->connector, in->task, in->connector_config, true, &admin,
                                 &producer, &in->error_counts, &err);
        kc_props_free(&admin);
        kc_props_free(&producer);
        if (s.errors == NULL) {
            fail(in, NULL, err.msg);
            goto out;
        }
    }
    client_props(in, "consumer", &props);
    group = kc_xasprintf("connect-%s", in->connector);
    if (kc_props_get(&props, "group.id") == NULL ||
        json_object_get(in->connector_config, "consumer.override.group.id") == NULL)
        kc_props_set(&props, "group.id", group, 0);     /* connect-<name>, unless overridden */
    client_id = kc_xasprintf("connector-consumer-%s", in->label);
    s.consumer = kc_kafka_new_ex(RD_KAFKA_CONSUMER, &props, "",
                                 (const char *const[]) { "client.id", client_id,
                                     "enable.auto.offset.store", "false", NULL },
                                 &(kc_kafka_hooks) { .rebalance_cb = sink_rebalance, .user = &s },
                                 &err);
    free(group);
    free(client_id);
    kc_props_free(&props);
    if (s.consumer == NULL) {
        fail(in, "Failed to create consumer", err.msg);
        goto out;
    }
    if ((priv = start_plugin_task(in)) == NULL)
        goto out;
    {
        rd_kafka_topic_partition_list_t *sub = rd_kafka_topic_partition_list_new(4);
        if (regex != NULL && *regex) {
            char *anchored = kc_xasprintf("^(%s)$", regex);
            rd_kafka_topic_partition_list_add(sub, anchored, RD_KAFKA_PARTITION_UA);
            free(anchored);
        } else {
            char **list = kc_cfg_split_list(topics ? topics : "", NULL);
            for (char **t = list; *t; t++)
                rd_kafka_topic_partition_list_add(sub, *t, RD_KAFKA_PARTITION_UA);
            kc_strv_free(list);
        }
        rd_kafka_poll_set_consumer(s.consumer);
        if (rd_kafka_subscribe(s.consumer, sub) != RD_KAFKA_RESP_ERR_NO_ERROR) {
            rd_kafka_topic_partition_list_destroy(sub);
            fail(in, "Failed to subscribe", topics ? topics : regex ? regex : "(no topics)");
            goto out;
        }
        rd_kafka_topic_partition_list_destroy(sub);
    }
    write_status(in, in->target == KC_TARGET_STARTED ? KC_STATE_RUNNING : KC_STATE_PAUSED, NULL,
                 false);
    next_commit = kc_mono_ms() + commit_every;

    for (;;) {
        size_t n = 0;
        bool   stop, paused;

        pthread_mutex_lock(&in->lock);
        stop = in->stop;
        paused = in->target != KC_TARGET_STARTED;
        pthread_mutex_unlock(&in->lock);
        if (stop)
            break;
        if (paused != paused_partitions) {
            rd_kafka_topic_partition_list_t *asg = NULL;
            if (rd_kafka_assignment(s.consumer, &asg) == RD_KAFKA_RESP_ERR_NO_ERROR) {
                if (paused)
                    rd_kafka_pause_partitions(s.consumer, asg);
                else
                    rd_kafka_resume_partitions(s.consumer, asg);
                rd_kafka_topic_partition_list_destroy(asg);
            }
            paused_partitions = paused;
            if (paused != paused_shown) {
                paused_shown = paused;
                write_status(in, paused ? KC_STATE_PAUSED : KC_STATE_RUNNING, NULL, false);
            }
        }
        while (n < KC_ARRAY_LEN(msgs)) {
            rd_kafka_message_t *m = rd_kafka_consumer_poll(s.consumer, n == 0 ? 500 : 0);
            if (m == NULL)
                break;
            if (m->err != RD_KAFKA_RESP_ERR_NO_ERROR) {
                if (m->err != RD_KAFKA_RESP_ERR__PARTITION_EOF)
                    kc_log_warn("task", "[%s] consumer: %s", in->label, rd_kafka_message_errstr(m));
                rd_kafka_message_destroy(m);
                continue;
            }
            msgs[n++] = m;
        }
        if (n > 0) {
            size_t ok = 0;           /* batch[0..ok): the records converted, in order */
            COUNT(in->records_in, n);
            for (size_t i = 0; i < n; i++) {
                kc_record *r = &batch[ok];
                kc_stage   stage = KC_STAGE_KEY_CONVERTER;
                memset(r, 0, sizeof(*r));
                r->topic = rd_kafka_topic_name(msgs[i]->rkt);
                r->partition = msgs[i]->partition;
                r->offset = msgs[i]->offset;
                r->timestamp = rd_kafka_message_timestamp(msgs[i], NULL);
                if (kc_converter_to_connect(&kconv, msgs[i]->key, msgs[i]->key_len, &r->key, &err)
                        != KC_OK ||
                    (stage = KC_STAGE_VALUE_CONVERTER,
                     kc_converter_to_connect(&vconv, msgs[i]->payload, msgs[i]->len, &r->value,
                                             &err)) != KC_OK) {
                    kc_failure f = conversion_failure(stage, &kconv, &vconv, err.msg);
                    kc_value_clear(&r->key);
                    if (kc_errors_sink_failed(s.errors, &f, msgs[i]))
                        continue;                 /* skipped; its offset is committed */
                    fail_tolerance(in, &f);
                    sink_batch_clear(batch, ok, msgs, n);
                    goto stopping;
                }
                note_topic(in, r->topic);
                sink_headers(msgs[i], r);
                if (chain != NULL) {
                    kc_failure f;
                    bool       drop = false;
                    if (!chain_record(chain, simple, r, true, &slots[ok], &drop, &f, &err)) {
                        sink_batch_clear(r, 1, NULL, 0);
                        if (kc_errors_sink_failed(s.errors, &f, msgs[i]))
                            continue;
                        fail_tolerance(in, &f);
                        sink_batch_clear(batch, ok, msgs, n);
                        goto stopping;
                    }
                    if (drop) {                   /* filtered out; its offset is committed */
                        sink_batch_clear(r, 1, NULL, 0);
                        continue;
                    }
                    views[ok] = slots[ok].view;
                }
                ok++;
            }
            errbuf[0] = '\0';
            if (ok > 0 &&
                in->ops->task->put(priv, chain != NULL ? views : batch, ok, errbuf,
                                   sizeof(errbuf)) == KC_PLUGIN_FATAL) {
                fail(in, "Task threw an uncaught and unrecoverable exception", errbuf[0] ? errbuf
                     : "put() failed");
                sink_batch_clear(batch, ok, msgs, n);
                goto stopping;
            }
            COUNT(in->records_out, ok);
            for (size_t j = 0; j < n; j++) {
                rd_kafka_topic_partition_t *p = rd_kafka_topic_partition_list_find(
                    s.positions, rd_kafka_topic_name(msgs[j]->rkt), msgs[j]->partition);
                if (p == NULL)
                    p = rd_kafka_topic_partition_list_add(s.positions,
                                                          rd_kafka_topic_name(msgs[j]->rkt),
                                                          msgs[j]->partition);
                p->offset = msgs[j]->offset + 1;
            }
            sink_batch_clear(batch, ok, msgs, n);
            kc_errors_poll(s.errors);
        }
        if (kc_mono_ms() >= next_commit) {
            sink_commit(&s, false);
            next_commit = kc_mono_ms() + commit_every;
        }
    }
stopping:
    sink_commit(&s, true);
out:
    if (s.consumer != NULL)
        rd_kafka_consumer_close(s.consumer);
    end_plugin_task(in);
    if (priv != NULL)
        in->ops->task->destroy(priv);
    kc_kafka_destroy(s.consumer);
    rd_kafka_topic_partition_list_destroy(s.positions);
    kc_errors_free(s.errors);
    free(batch);
    for (size_t i = 0; slots != NULL && i < KC_ARRAY_LEN(msgs); i++)
        chained_free(&slots[i]);
    free(slots);
    free(views);
    kc_chain_free(chain);
    kc_converter_free(&kconv);
    kc_converter_free(&vconv);
}

static void *
task_thread(void *arg)
{
    instance *in = arg;

    if (in->unresolved != NULL)
        fail_config(in, in->unresolved);
    else if (in->ops->type == KC_CONNECTOR_SOURCE)
        run_source(in);
    else
        run_sink(in);
    /* A failed task's status stays FAILED until it is restarted or reassigned: Java's
     * WorkerTask reports its shutdown only after a run that did not fail. */
    if (!atomic_load(&in->failed))
        write_status(in, KC_STATE_UNASSIGNED, NULL, true);
    instance_finished(in);
    return NULL;
}

/* ===== Herder-facing API ===== */

kc_runtime *
kc_runtime_new(const kc_runtime_env *env)
{
    kc_runtime *rt = kc_xcalloc(1, sizeof(*rt));

    rt->env = *env;
    pthread_mutex_init(&rt->lock, NULL);
    return rt;
}

static int
start_instance(kc_runtime *rt, instance *in, void *(*fn)(void *), kc_err *err)
{
    if (pthread_create(&in->thread, NULL, fn, in) != 0) {
        instance_free(in);
        return kc_err_set(err, KC_EIO, "cannot start a thread");
    }
    pthread_mutex_lock(&rt->lock);
    in->next = rt->list;
    rt->list = in;
    pthread_mutex_unlock(&rt->lock);
    return KC_OK;
}

int
kc_runtime_start_connector(kc_runtime *rt, const char *name, const json_t *config,
                           kc_target_state target, kc_err *err)
{
    const char             *cls = config_str(config, "connector.class");
    const kc_connector_ops *ops = cls ? kc_plugins_find(cls) : NULL;

    if (find(rt, name, -1) != NULL)
        return KC_OK;
    if (ops == NULL)
        return kc_err_set(err, KC_EINVAL, "Failed to find any class that implements Connector "
                          "and which name matches %s", cls ? cls : "(none)");
    return start_instance(rt, instance_new(rt, name, -1, ops, config, NULL, target),
                          connector_thread, err);
}

int
kc_runtime_start_task(kc_runtime *rt, const char *connector, int task,
                      const json_t *connector_config, const json_t *task_config,
                      kc_target_state target, kc_err *err)
{
    const char             *cls = config_str(connector_config, "connector.class");
    const kc_connector_ops *ops = cls ? kc_plugins_find(cls) : NULL;

    if (find(rt, connector, task) != NULL)
        return KC_OK;
    if (ops == NULL)
        return kc_err_set(err, KC_EINVAL, "Failed to find any class that implements Connector "
                          "and which name matches %s", cls ? cls : "(none)");
    return start_instance(rt, instance_new(rt, connector, task, ops, connector_config,
                                           task_config, target), task_thread, err);
}

/* Asks an instance to stop (herder thread): flag, wake, and the plugin's stop() for tasks.
 * stop() runs without the lock (it may take the plugin's own locks, which its poll() holds
 * while it calls back into the runtime); stop_calls keeps the task thread from destroying
 * the state under it (end_plugin_task). */
static void
signal_stop(instance *in)
{
    void *priv;

    pthread_mutex_lock(&in->lock);
    in->stop = true;
    priv = in->task >= 0 && in->running ? in->priv : NULL;
    if (priv != NULL)
        in->stop_calls++;
    pthread_cond_broadcast(&in->cond);
    pthread_mutex_unlock(&in->lock);
    if (priv == NULL)
        return;
    in->ops->task->stop(priv);
    pthread_mutex_lock(&in->lock);
    in->stop_calls--;
    pthread_cond_broadcast(&in->cond);
    pthread_mutex_unlock(&in->lock);
}

/* How long reap waits between calls of env.waiting: a third of the shortest heartbeat
 * interval a Connect worker is given is still well inside any session timeout. */
#define REAP_SLICE_MS 250

/* Waits for the instances of `victims` until the deadline; unlinks and frees the finished
 * ones, and abandons (logs) the others, as Java does with tasks that ignore stop. Every
 * REAP_SLICE_MS of waiting it calls env.waiting (without locks held), so the herder keeps
 * its group membership alive as Java's heartbeat thread does while tasks stop. */
static void
reap(kc_runtime *rt, instance **victims, size_t n, int64_t deadline)
{
    int64_t next_call = kc_mono_ms() + REAP_SLICE_MS;

    for (size_t i = 0; i < n; i++) {
        instance *in = victims[i];
        bool      done;
        pthread_mutex_lock(&in->lock);
        while (!in->finished) {
            struct timespec ts;
            int64_t         left = deadline - kc_mono_ms();
            if (left <= 0)
                break;
            if (left > REAP_SLICE_MS)
                left = REAP_SLICE_MS;
            ts = kc_realtime_in(left);
            pthread_cond_timedwait(&in->cond, &in->lock, &ts);
            if (!in->finished && rt->env.waiting != NULL && kc_mono_ms() >= next_call) {
                pthread_mutex_unlock(&in->lock);
                rt->env.waiting(rt->env.herder);
                next_call = kc_mono_ms() + REAP_SLICE_MS;
                pthread_mutex_lock(&in->lock);
            }
        }
        pthread_mutex_unlock(&in->lock);
        pthread_mutex_lock(&rt->lock);
        for (instance **pp = &rt->list; *pp != NULL; pp = &(*pp)->next)
            if (*pp == in) {
                *pp = in->next;
                break;
            }
        pthread_mutex_lock(&in->lock);
        done = in->finished;
        if (!done) {
            in->abandoned = true;                  /* its thread frees it when it ends */
            in->next = rt->abandoned;
            rt->abandoned = in;
        }
        pthread_mutex_unlock(&in->lock);
        pthread_mutex_unlock(&rt->lock);
        if (done) {
            pthread_join(in->thread, NULL);
            instance_free(in);
        } else {
            kc_log_error("worker", "[%s] did not stop within task.shutdown.graceful.timeout.ms;"
                         " abandoning it", in->label);
            pthread_detach(in->thread);
        }
    }
}

static int64_t
shutdown_deadline(kc_runtime *rt)
{
    return kc_mono_ms() + kc_cfg_int(&rt->env.wc->cfg, "task.shutdown.graceful.timeout.ms");
}

void
kc_runtime_stop_connector(kc_runtime *rt, const char *name)
{
    instance *in = find(rt, name, -1);

    if (in != NULL) {
        signal_stop(in);
        reap(rt, &in, 1, shutdown_deadline(rt));
    }
}

void
kc_runtime_stop_task(kc_runtime *rt, const char *connector, int task)
{
    instance *in = find(rt, connector, task);

    if (in != NULL) {
        signal_stop(in);
        reap(rt, &in, 1, shutdown_deadline(rt));
    }
}

void
kc_runtime_stop_many(kc_runtime *rt, const char *const *connectors, const int *tasks, size_t n)
{
    instance **found = kc_xcalloc(n ? n : 1, sizeof(*found));
    size_t     k = 0;

    for (size_t i = 0; i < n; i++) {
        instance *in = find(rt, connectors[i], tasks[i]);
        bool      dup = false;
        for (size_t j = 0; j < k && !dup; j++)
            dup = found[j] == in;
        if (in != NULL && !dup)
            found[k++] = in;
    }
    for (size_t i = 0; i < k; i++)
        signal_stop(found[i]);
    reap(rt, found, k, shutdown_deadline(rt));
    free(found);
}

/* Raises a flag of every task: commit_soon, or membership_lost when lost. */
static void
flag_tasks(kc_runtime *rt, bool lost)
{
    pthread_mutex_lock(&rt->lock);
    for (instance *in = rt->list; in != NULL; in = in->next)
        if (in->task >= 0)
            atomic_store(lost ? &in->membership_lost : &in->commit_soon, true);
    pthread_mutex_unlock(&rt->lock);
}

void
kc_runtime_commit_soon(kc_runtime *rt)
{
    flag_tasks(rt, false);
}

void
kc_runtime_membership_lost(kc_runtime *rt)
{
    flag_tasks(rt, true);
}

bool kc_runtime_has_connector(const kc_runtime *rt, const char *name) { return find((kc_runtime *) rt, name, -1) != NULL; }
bool kc_runtime_has_task(const kc_runtime *rt, const char *c, int t) { return find((kc_runtime *) rt, c, t) != NULL; }

void
kc_runtime_request_task_configs(kc_runtime *rt, const char *name)
{
    instance *in;

    pthread_mutex_lock(&rt->lock);
    in = find(rt, name, -1);
    if (in != NULL) {
        pthread_mutex_lock(&in->lock);
        in->want_task_configs = true;
        pthread_cond_broadcast(&in->cond);
        pthread_mutex_unlock(&in->lock);
    }
    pthread_mutex_unlock(&rt->lock);
}

/* ===== Metrics ===== */

static void
lowercase_state(int state, char *buf, size_t size)
{
    const char *name = state < 0 ? "unassigned" : kc_state_name((kc_state) state);
    size_t      i;

    for (i = 0; name[i] != '\0' && i + 1 < size; i++)
        buf[i] = (char) tolower((unsigned char) name[i]);
    buf[i] = '\0';
}

/* Tasks of connector on this worker, by state. */
static void
connector_task_counts(kc_runtime *rt, const char *connector, kc_metrics *m)
{
    static const struct { const char *metric, *help; int state; } kinds[] = {
        { "kafka_connect_worker_connector_total_task_count",
          "The number of tasks of the connector on the worker.", -2 },
        { "kafka_connect_worker_connector_running_task_count",
          "The number of running tasks of the connector on the worker.", KC_STATE_RUNNING },
        { "kafka_connect_worker_connector_paused_task_count",
          "The number of paused tasks of the connector on the worker.", KC_STATE_PAUSED },
        { "kafka_connect_worker_connector_failed_task_count",
          "The number of failed tasks of the connector on the worker.", KC_STATE_FAILED },
    };
    const char *labels[] = { "connector", connector, NULL };

    for (size_t k = 0; k < KC_ARRAY_LEN(kinds); k++) {
        int n = 0;
        for (instance *in = rt->list; in != NULL; in = in->next)
            if (in->task >= 0 && strcmp(in->connector, connector) == 0 &&
                (kinds[k].state == -2 ||
                 atomic_load_explicit(&in->shown_state, memory_order_relaxed) == kinds[k].state))
                n++;
        kc_metrics_add(m, kinds[k].metric, KC_METRIC_GAUGE, kinds[k].help, labels, n);
    }
}

/* task-error-metrics: every task has them, as in Java. Nothing is retried (the failures
 * errors.* handles are not retriable), so total-retries stays 0. */
static void
task_error_metrics(const kc_error_counts *c, const char *const *labels, kc_metrics *m)
{
    static const _Atomic int64_t none = 0;
    const struct { const char *metric, *help; const _Atomic int64_t *value; } kinds[] = {
        { "kafka_connect_task_error_total_record_failures",
          "The number of record processing failures in this task.", &c->failures },
        { "kafka_connect_task_error_total_record_errors",
          "The number of record processing errors in this task.", &c->errors },
        { "kafka_connect_task_error_total_records_skipped",
          "The number of records skipped due to errors.", &c->skipped },
        { "kafka_connect_task_error_total_retries", "The number of operations retried.",
          &none },
        { "kafka_connect_task_error_total_errors_logged",
          "The number of errors that were logged.", &c->logged },
        { "kafka_connect_task_error_deadletterqueue_produce_requests",
          "The number of attempted writes to the dead letter queue.", &c->dlq_requests },
        { "kafka_connect_task_error_deadletterqueue_produce_failures",
          "The number of failed writes to the dead letter queue.", &c->dlq_failures },
        { "kafka_connect_task_error_last_error_timestamp",
          "The epoch timestamp when this task last encountered an error.", &c->last_error_ms },
    };

    for (size_t k = 0; k < KC_ARRAY_LEN(kinds); k++)
        kc_metrics_add(m, kinds[k].metric, KC_METRIC_GAUGE, kinds[k].help, labels,
                       (double) atomic_load_explicit(kinds[k].value, memory_order_relaxed));
}

static void
instance_metrics(instance *in, kc_metrics *m)
{
    char        state[32], task[16];
    const char *clabels[] = { "connector", in->connector, "status", state, NULL };
    const char *tlabels[] = { "connector", in->connector, "task", task, NULL };
    const char *slabels[] = { "connector", in->connector, "task", task, "status", state, NULL };
    int64_t     got = atomic_load_explicit(&in->records_in, memory_order_relaxed);
    int64_t     out = atomic_load_explicit(&in->records_out, memory_order_relaxed);

    lowercase_state(atomic_load_explicit(&in->shown_state, memory_order_relaxed), state,
                    sizeof(state));
    snprintf(task, sizeof(task), "%d", in->task);
    if (in->task < 0) {
        kc_metrics_add(m, "kafka_connect_connector_status", KC_METRIC_GAUGE,
                       "The status of the connector on the worker (1 for the status label's).",
                       clabels, 1);
        return;
    }
    kc_metrics_add(m, "kafka_connect_connector_task_status", KC_METRIC_GAUGE,
                   "The status of the connector task (1 for the status label's).", slabels, 1);
    if (in->ops->type == KC_CONNECTOR_SOURCE) {
        kc_metrics_add(m, "kafka_connect_source_task_source_record_poll_total",
                       KC_METRIC_COUNTER, "The number of records produced/polled by this task.",
                       tlabels, (double) got);
        kc_metrics_add(m, "kafka_connect_source_task_source_record_write_total",
                       KC_METRIC_COUNTER, "The number of records written to Kafka by this task "
                       "(acknowledged).", tlabels, (double) out);
        kc_metrics_add(m, "kafka_connect_source_task_source_record_active_count",
                       KC_METRIC_GAUGE, "The number of records polled by this task but not yet "
                       "written to Kafka.", tlabels, (double) (got > out ? got - out : 0));
    } else {
        kc_metrics_add(m, "kafka_connect_sink_task_sink_record_read_total", KC_METRIC_COUNTER,
                       "The number of records read from Kafka by this task.", tlabels,
                       (double) got);
        kc_metrics_add(m, "kafka_connect_sink_task_sink_record_send_total", KC_METRIC_COUNTER,
                       "The number of records put to the task.", tlabels, (double) out);
        kc_metrics_add(m, "kafka_connect_sink_task_offset_commit_completion_total",
                       KC_METRIC_COUNTER, "The number of offset commits sent by this task.",
                       tlabels, (double) atomic_load_explicit(&in->commits,
                                                              memory_order_relaxed));
    }
    task_error_metrics(&in->error_counts, tlabels, m);
    /* The task's own metrics: in->lock keeps priv alive (it is cleared under the lock
     * before destroy()). */
    if (KC_TASK_HAS3(in->ops, metrics)) {
        pthread_mutex_lock(&in->lock);
        if (in->priv != NULL && in->running)
            in->ops->task->metrics(in->priv, kc_metrics_writer(m));
        pthread_mutex_unlock(&in->lock);
    }
}

void
kc_runtime_metrics(kc_runtime *rt, kc_metrics *m)
{
    int connectors = 0, tasks = 0;

    pthread_mutex_lock(&rt->lock);
    for (instance *in = rt->list; in != NULL; in = in->next) {
        if (in->task < 0) {
            connectors++;
            connector_task_counts(rt, in->connector, m);
        } else {
            tasks++;
        }
        instance_metrics(in, m);
    }
    pthread_mutex_unlock(&rt->lock);
    kc_metrics_add(m, "kafka_connect_worker_connector_count", KC_METRIC_GAUGE,
                   "The number of connectors run in this worker.", NULL, connectors);
    kc_metrics_add(m, "kafka_connect_worker_task_count", KC_METRIC_GAUGE,
                   "The number of tasks run in this worker.", NULL, tasks);
}

void
kc_runtime_set_target(kc_runtime *rt, const char *connector, kc_target_state target)
{
    pthread_mutex_lock(&rt->lock);
    for (instance *in = rt->list; in != NULL; in = in->next) {
        if (strcmp(in->connector, connector) != 0)
            continue;
        pthread_mutex_lock(&in->lock);
        in->target = target;
        pthread_cond_broadcast(&in->cond);
        pthread_mutex_unlock(&in->lock);
    }
    pthread_mutex_unlock(&rt->lock);
}

void
kc_runtime_stop_all(kc_runtime *rt)
{
    instance **all;
    size_t     n = 0;

    pthread_mutex_lock(&rt->lock);
    for (instance *in = rt->list; in != NULL; in = in->next)
        n++;
    all = kc_xcalloc(n ? n : 1, sizeof(*all));
    n = 0;
    for (instance *in = rt->list; in != NULL; in = in->next)
        all[n++] = in;
    pthread_mutex_unlock(&rt->lock);
    for (size_t i = 0; i < n; i++)
        signal_stop(all[i]);
    reap(rt, all, n, shutdown_deadline(rt));
    free(all);
}

/* Set once a runtime was left to instances that never ended: see kc_runtime_left_running. */
static atomic_bool left_running;

bool
kc_runtime_left_running(void)
{
    return atomic_load(&left_running);
}

bool
kc_runtime_free(kc_runtime *rt)
{
    bool left = true;

    if (rt == NULL)
        return true;
    kc_runtime_stop_all(rt);
    /* Abandoned instances still use rt: give them a last while to end. */
    for (int i = 0; i < 300 && left; i++) {
        pthread_mutex_lock(&rt->lock);
        left = rt->abandoned != NULL;
        pthread_mutex_unlock(&rt->lock);
        if (left)
            nanosleep(&(struct timespec) { 0, 100 * 1000000L }, NULL);
    }
    if (left) {
        kc_log_error("worker", "tasks still running at exit; leaving them");
        atomic_store(&left_running, true);
        return false;
    }
    pthread_mutex_destroy(&rt->lock);
    free(rt);
    return true;
}
