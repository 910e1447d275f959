/*
 * connectors/mirror/mirror_checkpoint.c - MirrorCheckpointConnector and MirrorCheckpointTask
 * (spec/mirrormaker2.md §6): translate the committed offsets of source consumer groups into
 * target offsets through the offset syncs MirrorSourceTask writes, emit them as checkpoints
 * into `<source>.checkpoints.internal` on the target, and (sync.group.offsets.enabled) commit
 * them for target groups that are not in use.
 *
 * Connector: groups are discovered on the source (filtered by `groups`/`groups.exclude` and
 * by whether they committed offsets for a topic the topic filter accepts), at start and every
 * refresh.groups.interval.seconds on its scheduler thread; task_configs() deals them out in
 * contiguous chunks and asks to be called again (RETRIABLE) until the first load completed.
 *
 * Task threads:
 * - the task thread (poll): every emit.checkpoints.interval.seconds, one pass over its groups;
 * - a reader thread: loads the checkpoints already emitted (CheckpointStore), then reads the
 *   offset-syncs topic to its end into the translation store (kc_oss) and keeps tailing it;
 * - a scheduler thread: the idle-group refresh and group-offset sync (§6.7).
 * The last checkpoint per (group, topic, partition) is shared by the three under `lock`.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "connectors/mirror/mirror.h"
#include "connectors/mirror/mirror_admin.h"
#include "connectors/mirror/mirror_records.h"
#include "connectors/mirror/mirror_scheduler.h"
#include "connectors/mirror/offset_sync.h"
#include "lib/common.h"
#include "lib/configdef.h"


/* How often a missing offset-syncs topic is looked for again (and reported). */
#define SYNCS_TOPIC_RETRY_MS 10000

static bool
topic_accepted(const kc_mirror_config *c, const char *topic)
{
    return kc_regex_matches(c->topics, topic) && !kc_regex_matches(c->topics_exclude, topic);
}

static int
cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *) a, *(char *const *) b);
}

/* ===== Connector ===== */

typedef struct mcc {
    kc_context       ctx;
    kc_mirror_config cfg;
    bool             cfg_ready;
    rd_kafka_t      *source_admin, *target_admin;
    kc_scheduler    *sched;
    int              timeout_ms;
    pthread_mutex_t  lock;             /* guards groups */
    char           **groups;           /* sorted; NULL until the first load succeeded */
    size_t           ngroups;
} mcc;

/* findConsumerGroups (§6.1). */
static int
find_groups(mcc *c, char ***out, size_t *nout)
{
    char **ids = NULL;
    size_t n = 0, k = 0;
    kc_err err;

    if (kc_admin_list_groups(c->source_admin, c->timeout_ms, &ids, &n, &err) != KC_OK) {
        KC_MIRROR_LOG(&c->ctx, KC_PLUGIN_LOG_WARN, "Could not list the source consumer groups: %s",
            err.msg);
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        kc_admin_group_offset *offs = NULL;
        size_t                 noffs = 0;
        bool                   keep = false;

        if (kc_regex_matches(c->cfg.groups, ids[i]) &&
            !kc_regex_matches(c->cfg.groups_exclude, ids[i])) {
            if (kc_admin_list_group_offsets(c->source_admin, ids[i], c->timeout_ms, &offs,
                                            &noffs, &err) != KC_OK) {
                KC_MIRROR_LOG(&c->ctx, KC_PLUGIN_LOG_WARN, "Could not list the offsets of group %s: %s",
                    ids[i], err.msg);
            } else {
                for (size_t j = 0; j < noffs && !keep; j++)
                    keep = topic_accepted(&c->cfg, offs[j].topic);
                kc_admin_group_offsets_free(offs, noffs);
            }
        }
        if (keep)
            ids[k++] = ids[i];
        else
            free(ids[i]);
    }
    qsort(ids, k, sizeof(char *), cmp_str);
    *out = ids;
    *nout = k;
    return 0;
}

static bool
same_groups(char **a, size_t na, char **b, size_t nb)
{
    if (na != nb || (a == NULL) != (b == NULL))
        return false;
    for (size_t i = 0; i < na; i++)
        if (strcmp(a[i], b[i]) != 0)
            return false;
    return true;
}

static void
refresh_groups(mcc *c, bool initial)
{
    char **groups = NULL;
    size_t n = 0;
    bool   changed;

    if (find_groups(c, &groups, &n) != 0) {
        if (!initial) {
            /* Java: a failed initial load counts as an empty known set at refresh time. */
            pthread_mutex_lock(&c->lock);
            if (c->groups == NULL)
                c->groups = kc_xcalloc(1, sizeof(char *));
            pthread_mutex_unlock(&c->lock);
        }
        return;
    }
    pthread_mutex_lock(&c->lock);
    changed = !same_groups(groups, n, c->groups, c->ngroups);
    if (changed) {
        kc_admin_strings_free(c->groups, c->ngroups);
        c->groups = groups;
        c->ngroups = n;
        groups = NULL;
    }
    pthread_mutex_unlock(&c->lock);
    kc_admin_strings_free(groups, n);
    if (changed && !initial) {
        KC_MIRROR_LOG(&c->ctx, KC_PLUGIN_LOG_INFO, "Found %zu consumer groups to checkpoint; "
            "reconfiguring tasks", n);
        c->ctx.host->request_task_reconfiguration(c->ctx.ctx);
    }
}

static void
job_refresh_groups(void *arg)
{
    refresh_groups(arg, false);
}

static void mcc_stop(void *priv);

static int
mcc_start(void **priv, const kc_context *ctx, const json_t *config, char *err, size_t errlen)
{
    mcc *c = kc_xcalloc(1, sizeof(*c));

    kc_mirror_use_host(ctx->host);
    c->ctx = *ctx;
    pthread_mutex_init(&c->lock, NULL);
    *priv = c;
    if (kc_mirror_config_init(&c->cfg, KC_MIRROR_CHECKPOINT_CONNECTOR, config, ctx, err,
                              errlen) != 0)
        goto fail;
    c->cfg_ready = true;
    if (!c->cfg.enabled)
        return KC_PLUGIN_OK;
    c->timeout_ms = (int) c->cfg.admin_timeout_ms;
    if ((c->source_admin = kc_mirror_client(&c->cfg, "source", "admin", -1,
                                            "checkpoint-source-admin", NULL, err, errlen)) == NULL ||
        (c->target_admin = kc_mirror_client(&c->cfg, "target", "admin", -1,
                                            "checkpoint-target-admin", NULL, err, errlen)) == NULL)
        goto fail;
    {
        char *topic = kc_mirror_checkpoints_topic(&c->cfg.policy, c->cfg.source_alias);
        kc_mirror_create_compacted_topic(ctx, c->target_admin, topic,
                                         (int) kc_mirror_long(&c->cfg,
                                                              "checkpoints.topic.replication.factor",
                                                              3),
                                         c->timeout_ms, "target");
        free(topic);
    }
    refresh_groups(c, true);
    {
        char    name[512];
        int64_t every = kc_mirror_interval_ms(&c->cfg, "refresh.groups.enabled",
                                              "refresh.groups.interval.seconds", 600);
        snprintf(name, sizeof(name), "Scheduler for MirrorCheckpointConnector: %s->%s|%s",
                 c->cfg.source_alias, c->cfg.target_alias, c->cfg.name);
        c->sched = kc_scheduler_new(name, c->cfg.admin_timeout_ms);
        kc_scheduler_add(c->sched, "refreshing consumer groups", job_refresh_groups, c, every,
                         every);
        kc_scheduler_start(c->sched);
    }
    return KC_PLUGIN_OK;
fail:
    mcc_stop(c);
    *priv = NULL;
    return KC_PLUGIN_FATAL;
}

/* taskConfigs (§6.1): contiguous chunks, the first (#groups mod n) one larger. */
static int
mcc_task_configs(void *priv, int max_tasks, json_t **out, char *err, size_t errlen)
{
    mcc   *c = priv;
    size_t n, base, extra, next = 0;

    *out = json_array();
    if (!c->cfg.enabled || !kc_mirror_bool(&c->cfg, "emit.checkpoints.enabled", true))
        return KC_PLUGIN_OK;
    pthread_mutex_lock(&c->lock);
    if (c->groups == NULL) {
        pthread_mutex_unlock(&c->lock);
        snprintf(err, errlen, "Timeout while loading consumer groups.");
        json_decref(*out);
        *out = NULL;
        return KC_PLUGIN_RETRIABLE;
    }
    if (c->ngroups == 0 || max_tasks <= 0) {
        pthread_mutex_unlock(&c->lock);
        return KC_PLUGIN_OK;
    }
    n = c->ngroups < (size_t) max_tasks ? c->ngroups : (size_t) max_tasks;
    base = c->ngroups / n;
    extra = c->ngroups % n;
    for (size_t t = 0; t < n; t++) {
        size_t size = base + (t < extra ? 1 : 0);
        char  *list = NULL;
        for (size_t i = 0; i < size; i++, next++) {
            char *joined = kc_xasprintf("%s%s%s", list ? list : "", list ? "," : "",
                                        c->groups[next]);
            free(list);
            list = joined;
        }
        json_array_append_new(*out, kc_mirror_task_config(&c->cfg, "task.assigned.groups",
                                                          list ? list : "", (int) t));
        free(list);
    }
    pthread_mutex_unlock(&c->lock);
    return KC_PLUGIN_OK;
}

static void
mcc_stop(void *priv)
{
    mcc *c = priv;

    if (c == NULL)
        return;
    kc_scheduler_free(c->sched);
    kc_mirror_kafka_destroy(c->source_admin);
    kc_mirror_kafka_destroy(c->target_admin);
    kc_admin_strings_free(c->groups, c->ngroups);
    if (c->cfg_ready)
        kc_mirror_config_free(&c->cfg);
    pthread_mutex_destroy(&c->lock);
    free(c);
}

static json_t *
mcc_config_def(void)
{
    return kc_mirror_config_def(KC_MIRROR_CHECKPOINT_CONNECTOR);
}

static json_t *
mcc_validate(const json_t *config)
{
    return kc_mirror_validate(KC_MIRROR_CHECKPOINT_CONNECTOR, config);
}

/* ===== Task ===== */

/* The last checkpoint of a (group, downstream topic, partition) (CheckpointStore). */
typedef struct checkpoint {
    char   *group, *topic, *metadata;
    size_t  metadata_len;            /* the committed metadata's bytes, NULs included */
    int32_t partition;
    int64_t upstream, downstream;
    kc_mirror_series latency_ms;     /* checkpoint-latency-ms: ack time - record timestamp */
} checkpoint;

typedef struct mct {
    kc_context        ctx;
    kc_mirror_config  cfg;
    bool              cfg_ready;
    int               index;
    int               timeout_ms;
    char            **groups;            /* assigned, NULL-terminated */
    size_t            ngroups;
    char             *checkpoints_topic;
    char             *syncs_topic;
    const char       *syncs_cluster;
    rd_kafka_t       *source_admin, *target_admin;
    int64_t           interval_ms;
    int64_t           next_emit;         /* monotonic */
    /* Records computed by a pass and not yet handed to the worker (task thread). */
    kc_record        *out;
    size_t            nout, out_head, out_cap;
    kc_wbuf           key, value;

    pthread_t         reader;
    bool              reader_started;
    kc_scheduler     *sched;
    bool              synced_once;
    pthread_mutex_t   lock;              /* everything below */
    pthread_cond_t    cond;
    bool              stopping;
    bool              loaded;            /* checkpoint store read, offset syncs reading */
    kc_oss           *oss;
    checkpoint       *store;
    size_t            nstore, store_cap;
    /* sync.group.offsets: target groups found EMPTY, with their offsets (scheduler thread). */
    char            **idle;
    kc_admin_group_offset **idle_offsets;
    size_t           *idle_n;
    size_t            nidle;
} mct;

static checkpoint *
store_find(mct *t, const char *group, const char *topic, int32_t partition)
{
    for (size_t i = 0; i < t->nstore; i++)
        if (t->store[i].partition == partition && strcmp(t->store[i].topic, topic) == 0 &&
            strcmp(t->store[i].group, group) == 0)
            return &t->store[i];
    return NULL;
}

/* Lock held. */
static void
store_put(mct *t, const char *group, const char *topic, int32_t partition, int64_t upstream,
          int64_t downstream, const char *metadata, size_t metadata_len)
{
    checkpoint *c = store_find(t, group, topic, partition);

    if (c == NULL) {
        if (t->nstore == t->store_cap) {
            t->store_cap = t->store_cap ? 2 * t->store_cap : 16;
            t->store = realloc(t->store, t->store_cap * sizeof(*t->store));
            KC_ASSERT(t->store != NULL);
        }
        c = &t->store[t->nstore++];
        c->group = kc_xstrdup(group);
        c->topic = kc_xstrdup(topic);
        c->partition = partition;
        c->metadata = NULL;
        kc_mirror_series_init(&c->latency_ms);
    }
    free(c->metadata);
    c->metadata = kc_xstrndup(metadata ? metadata : "", metadata ? metadata_len : 0);
    c->metadata_len = metadata ? metadata_len : 0;
    c->upstream = upstream;
    c->downstream = downstream;
}

static bool
assigned(const mct *t, const char *group)
{
    for (size_t i = 0; i < t->ngroups; i++)
        if (strcmp(t->groups[i], group) == 0)
            return true;
    return false;
}

static bool
stopping(mct *t)
{
    bool v;

    pthread_mutex_lock(&t->lock);
    v = t->stopping;
    pthread_mutex_unlock(&t->lock);
    return v;
}

/* Reads partition 0 of topic from the beginning to its end as of now, handing each record
 * to fn; tail_forever keeps reading after that (offset syncs). Returns 0 when the end was
 * reached, -1 on an error (logged by the caller from err). Reader thread. */
static int
read_partition0(mct *t, rd_kafka_t *consumer, const char *topic, bool tail_forever,
                void (*fn)(mct *t, const rd_kafka_message_t *m), void (*at_end)(mct *t),
                char *err, size_t errlen)
{
    rd_kafka_queue_t                *q;
    rd_kafka_topic_t                *rkt;
    rd_kafka_resp_err_t              e;
    int64_t                          low = 0, high = 0, next = 0;
    bool                             reached = false;

    e = rd_kafka_query_watermark_offsets(consumer, topic, 0, &low, &high, t->timeout_ms);
    if (e != RD_KAFKA_RESP_ERR_NO_ERROR) {
        snprintf(err, errlen, "%s", rd_kafka_err2str(e));
        return -1;
    }
    q = rd_kafka_queue_new(consumer);
    if ((rkt = kc_mirror_consume_start(consumer, topic, 0, RD_KAFKA_OFFSET_BEGINNING, q, err,
                                       errlen)) == NULL) {
        rd_kafka_queue_destroy(q);
        return -1;
    }
    next = low;
    while (!stopping(t)) {
        rd_kafka_message_t *msgs[256];
        ssize_t             n;

        if (!reached && next >= high) {
            reached = true;
            if (at_end)
                at_end(t);
            if (!tail_forever)
                break;
        }
        if ((msgs[0] = rd_kafka_consume_queue(q, 500)) == NULL)
            continue;
        n = rd_kafka_consume_batch_queue(q, 0, msgs + 1, KC_ARRAY_LEN(msgs) - 1);
        n = 1 + (n > 0 ? n : 0);
        for (ssize_t i = 0; i < n; i++) {
            rd_kafka_message_t *m = msgs[i];
            if (m->err == RD_KAFKA_RESP_ERR_NO_ERROR) {
                fn(t, m);
                next = m->offset + 1;
            } else if (m->err != RD_KAFKA_RESP_ERR__PARTITION_EOF && !reached) {
                snprintf(err, errlen, "%s", rd_kafka_message_errstr(m));
                rd_kafka_message_destroy(m);
                for (ssize_t j = i + 1; j < n; j++)
                    rd_kafka_message_destroy(msgs[j]);
                kc_mirror_consume_stop(rkt, 0);
                rd_kafka_queue_destroy(q);
                return -1;
            } else if (m->err != RD_KAFKA_RESP_ERR__PARTITION_EOF) {
                KC_MIRROR_LOG(&t->ctx, KC_PLUGIN_LOG_ERROR, "Error polling %s: %s", topic,
                    rd_kafka_message_errstr(m));
            }
            rd_kafka_message_destroy(m);
        }
    }
    kc_mirror_consume_stop(rkt, 0);
    rd_kafka_queue_destroy(q);
    return reached ? 0 : -1;
}

static void
on_checkpoint(mct *t, const rd_kafka_message_t *m)
{
    kc_mirror_checkpoint c;

    if (kc_mirror_checkpoint_decode(m->key, m->key_len, m->payload, m->len, &c) != 0) {
        KC_MIRROR_LOG(&t->ctx, KC_PLUGIN_LOG_WARN, "Ignored a malformed record at offset %lld of %s",
            (long long) m->offset, t->checkpoints_topic);
        return;
    }
    if (assigned(t, c.group)) {
        pthread_mutex_lock(&t->lock);
        store_put(t, c.group, c.topic, c.partition, c.upstream, c.downstream, c.metadata,
                  c.metadata_len);
        pthread_mutex_unlock(&t->lock);
    }
    kc_mirror_checkpoint_free(&c);
}

static void
on_offset_sync(mct *t, const rd_kafka_message_t *m)
{
    kc_mirror_offset_sync s;

    if (kc_mirror_offset_sync_decode(m->key, m->key_len, m->payload, m->len, &s) != 0) {
        KC_MIRROR_LOG(&t->ctx, KC_PLUGIN_LOG_ERROR, "Error polling %s: malformed offset sync at offset "
            "%lld", t->syncs_topic, (long long) m->offset);
        return;
    }
    kc_oss_insert(t->oss, s.topic, s.partition, s.upstream, s.downstream);
    kc_mirror_offset_sync_free(&s);
}

static void
syncs_read_to_end(mct *t)
{
    kc_oss_set_read_to_end(t->oss);
    KC_MIRROR_LOG(&t->ctx, KC_PLUGIN_LOG_INFO, "Read %s to its end; translating offsets", t->syncs_topic);
}

static void job_sync_group_offsets(void *arg);

/* Reader thread: CheckpointStore, then the offset syncs for as long as the task runs. */
static void *
reader_thread(void *arg)
{
    mct        *t = arg;
    rd_kafka_t *consumer;
    char        err[512] = "";
    bool        loaded = false;
    int64_t     last_report = 0;

    consumer = kc_mirror_client(&t->cfg, "target", "consumer", t->index,
                                "checkpoints-target-consumer", NULL, err, sizeof(err));
    if (consumer != NULL) {
        loaded = read_partition0(t, consumer, t->checkpoints_topic, false, on_checkpoint, NULL,
                                 err, sizeof(err)) == 0;
        kc_mirror_kafka_destroy(consumer);
    }
    if (!loaded && !stopping(t)) {
        KC_MIRROR_LOG(&t->ctx, KC_PLUGIN_LOG_WARN, "Could not read %s (%s); previous checkpoints are "
            "unknown, so only offsets mirrored from now on can be translated", t->checkpoints_topic,
            err);
        pthread_mutex_lock(&t->lock);
        for (size_t i = 0; i < t->nstore; i++) {
            free(t->store[i].group);
            free(t->store[i].topic);
            free(t->store[i].metadata);
        }
        t->nstore = 0;
        pthread_mutex_unlock(&t->lock);
    }
    pthread_mutex_lock(&t->lock);
    t->oss = kc_oss_new(!loaded);
    t->loaded = true;
    pthread_mutex_unlock(&t->lock);
    if (t->sched != NULL)
        kc_scheduler_start(t->sched);

    char role[64];
    snprintf(role, sizeof(role), "offset-syncs-%s-consumer", t->syncs_cluster);
    consumer = kc_mirror_client(&t->cfg, t->syncs_cluster, "consumer", t->index, role, NULL, err,
                                sizeof(err));
    if (consumer == NULL) {
        KC_MIRROR_LOG(&t->ctx, KC_PLUGIN_LOG_ERROR, "Cannot read offset syncs: %s", err);
        return NULL;
    }
    while (!stopping(t)) {
        int  partitions = -1;
        char why[512];

        if (kc_mirror_host()->kafka_topic_partitions(consumer, t->syncs_topic, t->timeout_ms,
                                                     &partitions, why, sizeof(why)) == 0 &&
            partitions > 0) {
            if (read_partition0(t, consumer, t->syncs_topic, true, on_offset_sync,
                                syncs_read_to_end, err, sizeof(err)) != 0 && !stopping(t))
                KC_MIRROR_LOG(&t->ctx, KC_PLUGIN_LOG_WARN, "Reading %s on the %s cluster failed: %s; "
                    "retrying", t->syncs_topic, t->syncs_cluster, err);
        } else if (kc_mono_ms() - last_report >= 60000) {
            /* Runbook 4's trap: the source connector writes its syncs elsewhere. Say so. */
            last_report = kc_mono_ms();
            KC_MIRROR_LOG(&t->ctx, KC_PLUGIN_LOG_ERROR, "No offset-syncs topic %s on the %s cluster "
                "(offset-syncs.topic.location=%s): no consumer group offsets can be translated "
                "until MirrorSourceConnector writes offset syncs there. Set "
                "offset-syncs.topic.location the same on both connectors.", t->syncs_topic,
                t->syncs_cluster, t->syncs_cluster);
        }
        pthread_mutex_lock(&t->lock);
        if (!t->stopping) {
            struct timespec ts;
            clock_gettime(CLOCK_REALTIME, &ts);
            ts.tv_sec += SYNCS_TOPIC_RETRY_MS / 1000;
            pthread_cond_timedwait(&t->cond, &t->lock, &ts);
        }
        pthread_mutex_unlock(&t->lock);
    }
    kc_mirror_kafka_destroy(consumer);
    return NULL;
}

static void mct_destroy(void *priv);

static int
mct_start(void **priv, const kc_context *ctx, const json_t *config, char *err, size_t errlen)
{
    mct *t = kc_xcalloc(1, sizeof(*t));

    kc_mirror_use_host(ctx->host);
    t->ctx = *ctx;
    pthread_mutex_init(&t->lock, NULL);
    pthread_cond_init(&t->cond, NULL);
    kc_wbuf_init(&t->key);
    kc_wbuf_init(&t->value);
    *priv = t;
    if (kc_mirror_config_init(&t->cfg, KC_MIRROR_CHECKPOINT_CONNECTOR, config, NULL, err,
                              errlen) != 0)
        goto fail;
    t->cfg_ready = true;
    t->index = (int) kc_mirror_long(&t->cfg, "task.index", -1);
    t->timeout_ms = (int) t->cfg.admin_timeout_ms;
    t->groups = kc_cfg_split_list(kc_mirror_str(&t->cfg, "task.assigned.groups", ""),
                                  &t->ngroups);
    t->checkpoints_topic = kc_mirror_checkpoints_topic(&t->cfg.policy, t->cfg.source_alias);
    t->syncs_topic = kc_mirror_offset_syncs_topic_name(&t->cfg);
    t->syncs_cluster = kc_mirror_offset_syncs_cluster(&t->cfg);
    t->interval_ms = kc_mirror_interval_ms(&t->cfg, "emit.checkpoints.enabled",
                                           "emit.checkpoints.interval.seconds", 60);
    t->next_emit = kc_mono_ms() + (t->interval_ms > 0 ? t->interval_ms : 0);
    if ((t->source_admin = kc_mirror_client(&t->cfg, "source", "admin", t->index,
                                            "checkpoint-source-admin", NULL, err, errlen)) == NULL ||
        (t->target_admin = kc_mirror_client(&t->cfg, "target", "admin", t->index,
                                            "checkpoint-target-admin", NULL, err, errlen)) == NULL)
        goto fail;
    if (kc_mirror_bool(&t->cfg, "sync.group.offsets.enabled", false)) {
        int64_t every = kc_mirror_interval_ms(&t->cfg, NULL, "sync.group.offsets.interval.seconds",
                                              60);
        char    name[512];
        snprintf(name, sizeof(name), "Scheduler for MirrorCheckpointTask: %s->%s|%s-%d",
                 t->cfg.source_alias, t->cfg.target_alias, t->cfg.name, t->index);
        t->sched = kc_scheduler_new(name, t->cfg.admin_timeout_ms);
        kc_scheduler_add(t->sched, "syncing consumer group offsets", job_sync_group_offsets, t,
                         0, every);
    }
    if (pthread_create(&t->reader, NULL, reader_thread, t) != 0) {
        snprintf(err, errlen, "cannot start the offset-syncs reader thread");
        goto fail;
    }
    t->reader_started = true;
    return KC_PLUGIN_OK;
fail:
    mct_destroy(t);
    *priv = NULL;
    return KC_PLUGIN_FATAL;
}

/* renameTopicPartition (§6.5). New string. */
static char *
renamed_topic(const mct *t, const char *upstream_topic)
{
    char *src = kc_mirror_topic_source(&t->cfg.policy, upstream_topic);
    char *out;

    if (src != NULL && strcmp(src, t->cfg.target_alias) == 0)
        out = kc_mirror_original_topic(&t->cfg.policy, upstream_topic);
    else
        out = kc_mirror_format_remote_topic(&t->cfg.policy, t->cfg.source_alias, upstream_topic);
    free(src);
    return out;
}

static void
queue_record(mct *t, const char *group, const char *topic, int32_t partition, int64_t upstream,
             int64_t downstream, const char *metadata, size_t metadata_len, int64_t timestamp)
{
    kc_record *r;

    if (t->nout == t->out_cap) {
        t->out_cap = t->out_cap ? 2 * t->out_cap : 64;
        t->out = realloc(t->out, t->out_cap * sizeof(*t->out));
        KC_ASSERT(t->out != NULL);
    }
    r = &t->out[t->nout++];
    kc_wbuf_reset(&t->key);
    kc_wbuf_reset(&t->value);
    if (kc_mirror_checkpoint_key(&t->key, group, topic, partition) != 0 ||
        kc_mirror_checkpoint_value(&t->value, upstream, downstream, metadata, metadata_len) != 0) {
        KC_MIRROR_LOG(&t->ctx, KC_PLUGIN_LOG_ERROR, "Checkpoint for group %s, %s-%d does not fit the "
            "record format; skipped", group, topic, partition);
        t->nout--;
        return;
    }
    /* Java's HashMap order for these keys (spec §3.6). */
    kc_mirror_owned_record(r, t->checkpoints_topic, timestamp, &t->key, &t->value,
                           json_pack("{s:i,s:s,s:s}", "partition", (json_int_t) partition,
                                     "topic", topic, "group", group),
                           json_pack("{s:i}", "offset", 0));
}

/* One group's checkpoints (§6.4 steps 1-4). */
static void
checkpoint_group(mct *t, const char *group)
{
    kc_admin_group_offset *offs = NULL;
    size_t                 n = 0;
    int64_t                timestamp = kc_wall_ms();
    kc_err                 err;

    if (kc_admin_list_group_offsets(t->source_admin, group, t->timeout_ms, &offs, &n,
                                    &err) != KC_OK) {
        KC_MIRROR_LOG(&t->ctx, KC_PLUGIN_LOG_ERROR, "Failure to checkpoint group %s: %s", group, err.msg);
        return;
    }
    size_t translated = 0, emitted = 0;
    for (size_t i = 0; i < n; i++) {
        kc_admin_group_offset *o = &offs[i];
        int64_t                down;
        char                  *topic;
        checkpoint            *last;
        bool                   emit;

        if (o->offset < 0 || !topic_accepted(&t->cfg, o->topic))
            continue;
        pthread_mutex_lock(&t->lock);
        if (t->oss == NULL || kc_oss_translate(t->oss, o->topic, o->partition, o->offset,
                                               &down) != 1 || down < 0) {
            pthread_mutex_unlock(&t->lock);
            continue;
        }
        translated++;
        topic = renamed_topic(t, o->topic);
        last = store_find(t, group, topic, o->partition);
        emit = last == NULL || o->offset < last->upstream || down > last->downstream;
        if (emit)
            store_put(t, group, topic, o->partition, o->offset, down, o->metadata,
                      o->metadata_len);
        pthread_mutex_unlock(&t->lock);
        if (emit) {
            queue_record(t, group, topic, o->partition, o->offset, down, o->metadata,
                         o->metadata_len, timestamp);
            emitted++;
        }
        free(topic);
    }
    KC_MIRROR_LOG(&t->ctx, KC_PLUGIN_LOG_DEBUG, "group %s: %zu committed offsets, %zu translated, "
                  "%zu new checkpoints", group, n, translated, emitted);
    kc_admin_group_offsets_free(offs, n);
}

static int
mct_poll(void *priv, kc_record *out, size_t max, size_t *n, int timeout_ms, char *err,
         size_t errlen)
{
    mct    *t = priv;
    int64_t now = kc_mono_ms();
    bool    ready;

    (void) err;
    (void) errlen;
    *n = 0;
    if (t->out_head == t->nout) {
        t->out_head = t->nout = 0;
        pthread_mutex_lock(&t->lock);
        if (!t->stopping && (now < t->next_emit || t->interval_ms < 0)) {
            int64_t         wait = t->interval_ms < 0 ? timeout_ms
                                   : t->next_emit - now < timeout_ms ? t->next_emit - now
                                                                      : timeout_ms;
            struct timespec ts;
            ts = kc_realtime_in(wait);
            pthread_cond_timedwait(&t->cond, &t->lock, &ts);
        }
        ready = !t->stopping && t->loaded && t->interval_ms >= 0 && kc_mono_ms() >= t->next_emit;
        pthread_mutex_unlock(&t->lock);
        if (!ready)
            return KC_PLUGIN_OK;
        for (size_t g = 0; g < t->ngroups && !stopping(t); g++)
            checkpoint_group(t, t->groups[g]);
        t->next_emit = kc_mono_ms() + t->interval_ms;
    }
    while (*n < max && t->out_head < t->nout)
        out[(*n)++] = t->out[t->out_head++];
    return KC_PLUGIN_OK;
}

/* sync.group.offsets (§6.7), on the task's scheduler thread: refresh which target groups are
 * EMPTY (with their offsets), then, from the second run on, write the translated offsets. */
static void
clear_idle(mct *t)
{
    for (size_t i = 0; i < t->nidle; i++) {
        free(t->idle[i]);
        kc_admin_group_offsets_free(t->idle_offsets[i], t->idle_n[i]);
    }
    free(t->idle);
    free(t->idle_offsets);
    free(t->idle_n);
    t->idle = NULL;
    t->idle_offsets = NULL;
    t->idle_n = NULL;
    t->nidle = 0;
}

static void
refresh_idle(mct *t)
{
    kc_group_state *states = kc_xcalloc(t->ngroups + 1, sizeof(*states));
    kc_err          err;

    clear_idle(t);
    if (t->ngroups == 0 ||
        kc_admin_describe_group_states(t->target_admin, (const char *const *) t->groups,
                                       t->ngroups, t->timeout_ms, states, &err) != KC_OK) {
        if (t->ngroups > 0)
            KC_MIRROR_LOG(&t->ctx, KC_PLUGIN_LOG_ERROR, "Error describing the target consumer groups: %s",
                err.msg);
        free(states);
        return;
    }
    t->idle = kc_xcalloc(t->ngroups, sizeof(char *));
    t->idle_offsets = kc_xcalloc(t->ngroups, sizeof(kc_admin_group_offset *));
    t->idle_n = kc_xcalloc(t->ngroups, sizeof(size_t));
    for (size_t i = 0; i < t->ngroups; i++) {
        if (states[i] != KC_GROUP_EMPTY)
            continue;
        if (kc_admin_list_group_offsets(t->target_admin, t->groups[i], t->timeout_ms,
                                        &t->idle_offsets[t->nidle], &t->idle_n[t->nidle],
                                        &err) != KC_OK) {
            KC_MIRROR_LOG(&t->ctx, KC_PLUGIN_LOG_ERROR, "Error listing the target offsets of group %s: %s",
                t->groups[i], err.msg);
            continue;
        }
        t->idle[t->nidle++] = kc_xstrdup(t->groups[i]);
    }
    free(states);
}

static void
sync_group(mct *t, const char *group)
{
    kc_admin_group_offset *target = NULL, *write;
    size_t                 ntarget = 0, nwrite = 0, idle = t->nidle;
    kc_err                 err;

    for (size_t i = 0; i < t->nidle; i++)
        if (strcmp(t->idle[i], group) == 0) {
            idle = i;
            target = t->idle_offsets[i];
            ntarget = t->idle_n[i];
        }
    pthread_mutex_lock(&t->lock);
    write = kc_xcalloc(t->nstore + 1, sizeof(*write));
    for (size_t i = 0; i < t->nstore; i++) {
        checkpoint *c = &t->store[i];
        bool        keep = true;
        if (strcmp(c->group, group) != 0)
            continue;
        if (idle < t->nidle)
            for (size_t j = 0; j < ntarget; j++)
                if (target[j].partition == c->partition && strcmp(target[j].topic, c->topic) == 0)
                    keep = target[j].offset < 0 || target[j].offset < c->downstream;
        if (keep)
            write[nwrite++] = (kc_admin_group_offset) {
                kc_xstrdup(c->topic), c->partition, c->downstream,
                kc_xstrndup(c->metadata, c->metadata_len), c->metadata_len };
    }
    pthread_mutex_unlock(&t->lock);
    if (nwrite > 0) {
        int rc = kc_admin_alter_group_offsets(t->target_admin, group, write, nwrite,
                                              t->timeout_ms, &err);
        if (rc == KC_ECONFLICT)
            KC_MIRROR_LOG(&t->ctx, KC_PLUGIN_LOG_WARN, "Unable to sync offsets for consumer group %s. This "
                "is likely caused by consumers currently using this group in the target cluster. "
                "(%s)", group, err.msg);
        else if (rc != KC_OK)
            KC_MIRROR_LOG(&t->ctx, KC_PLUGIN_LOG_ERROR, "Unable to sync offsets for consumer group %s: %s",
                group, err.msg);
        else
            KC_MIRROR_LOG(&t->ctx, KC_PLUGIN_LOG_DEBUG, "Synced %zu offsets of consumer group %s", nwrite,
                group);
    }
    kc_admin_group_offsets_free(write, nwrite);
}

static void
job_sync_group_offsets(void *arg)
{
    mct *t = arg;

    refresh_idle(t);
    if (t->synced_once) {
        for (size_t g = 0; g < t->ngroups; g++) {
            bool has = false;
            pthread_mutex_lock(&t->lock);
            for (size_t i = 0; i < t->nstore && !has; i++)
                has = strcmp(t->store[i].group, t->groups[g]) == 0;
            pthread_mutex_unlock(&t->lock);
            if (has)
                sync_group(t, t->groups[g]);
        }
        clear_idle(t);
    }
    t->synced_once = true;
}

/* The checkpoint record was acknowledged: its latency goes to its group and partition
 * (§9.1; Java records every latency in one sensor shared by all of them, a quirk not kept). */
static void
mct_commit_record(void *priv, const kc_record *rec, int32_t partition, int64_t offset)
{
    mct        *t = priv;
    const char *group = json_string_value(json_object_get(rec->source_partition, "group"));
    const char *topic = json_string_value(json_object_get(rec->source_partition, "topic"));
    json_t     *p = json_object_get(rec->source_partition, "partition");
    checkpoint *c;

    (void) partition;
    (void) offset;
    if (group == NULL || topic == NULL || !json_is_integer(p))
        return;
    pthread_mutex_lock(&t->lock);
    if ((c = store_find(t, group, topic, (int32_t) json_integer_value(p))) != NULL) {
        int64_t now = kc_wall_ms();
        kc_mirror_series_record(&c->latency_ms, now, now - rec->timestamp);
    }
    pthread_mutex_unlock(&t->lock);
}

/* Metrics scrape (a REST thread, the task running): checkpoint-latency-ms of every group and
 * partition that has had a checkpoint acknowledged, as Java creates them on first use. */
static void
mct_metrics(void *priv, kc_metrics_out *out)
{
    mct    *t = priv;
    int64_t now = kc_wall_ms();
    char    partition[16];

    pthread_mutex_lock(&t->lock);
    for (size_t i = 0; i < t->nstore; i++) {
        const checkpoint *c = &t->store[i];
        const char       *labels[] = { "source", t->cfg.source_alias, "target",
                                       t->cfg.target_alias, "group", c->group, "topic", c->topic,
                                       "partition", partition, NULL };
        if (atomic_load_explicit(&c->latency_ms.count, memory_order_relaxed) == 0)
            continue;
        snprintf(partition, sizeof(partition), "%d", c->partition);
        kc_mirror_series_emit(out, "kafka_connect_mirror_checkpoint_connector_checkpoint_latency_ms",
                              "Time it takes consumer group offsets to replicate from source to "
                              "target cluster.", &c->latency_ms, now, labels);
    }
    pthread_mutex_unlock(&t->lock);
}

static void
mct_stop(void *priv)
{
    mct *t = priv;

    pthread_mutex_lock(&t->lock);
    t->stopping = true;
    pthread_cond_broadcast(&t->cond);
    pthread_mutex_unlock(&t->lock);
}

static void
mct_destroy(void *priv)
{
    mct *t = priv;

    if (t == NULL)
        return;
    mct_stop(t);
    if (t->reader_started)
        pthread_join(t->reader, NULL);
    kc_scheduler_free(t->sched);
    clear_idle(t);
    for (size_t i = t->out_head; i < t->nout; i++)
        t->out[i].release(&t->out[i]);
    free(t->out);
    for (size_t i = 0; i < t->nstore; i++) {
        free(t->store[i].group);
        free(t->store[i].topic);
        free(t->store[i].metadata);
    }
    free(t->store);
    kc_oss_free(t->oss);
    kc_mirror_kafka_destroy(t->source_admin);
    kc_mirror_kafka_destroy(t->target_admin);
    kc_strv_free(t->groups);
    free(t->checkpoints_topic);
    free(t->syncs_topic);
    kc_wbuf_free(&t->key);
    kc_wbuf_free(&t->value);
    if (t->cfg_ready)
        kc_mirror_config_free(&t->cfg);
    pthread_cond_destroy(&t->cond);
    pthread_mutex_destroy(&t->lock);
    free(t);
}

static const kc_task_ops mct_ops = {
    .start = mct_start,
    .stop = mct_stop,
    .destroy = mct_destroy,
    .poll = mct_poll,
    .commit_record = mct_commit_record,
    .metrics = mct_metrics,
};

static const char *const mcc_aliases[] = { "MirrorCheckpointConnector", "MirrorCheckpoint", NULL };

const kc_connector_ops kc_mirror_checkpoint_connector = {
    .abi = KC_CONNECTOR_ABI,
    .class_name = "org.apache.kafka.connect.mirror.MirrorCheckpointConnector",
    .aliases = mcc_aliases,
    .version = KC_KAFKA_VERSION,
    .type = KC_CONNECTOR_SOURCE,
    .task_class = "org.apache.kafka.connect.mirror.MirrorCheckpointTask",
    .validate = mcc_validate,
    .start = mcc_start,
    .task_configs = mcc_task_configs,
    .stop = mcc_stop,
    .task = &mct_ops,
    .config_def = mcc_config_def,
};
