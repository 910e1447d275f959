/*
 * connectors/mirror/mirror_source.c - MirrorSourceConnector and MirrorSourceTask
 * (spec/mirrormaker2.md §4, §5): replicate topics from the source cluster into the worker's
 * (target) cluster under the replication policy's names, create and grow the remote topics,
 * keep their configs and ACLs in step, and write offset syncs for checkpoint translation.
 *
 * Connector: start() runs the first discovery synchronously (as Java does), then a
 * scheduler thread owns the periodic jobs. Java refreshes topics every
 * refresh.topics.interval.seconds (600 s by default), so a new topic waits up to ten minutes;
 * here a cheap check (one Metadata request to the source) runs every few seconds as well and
 * starts the same refresh as soon as the set of matching source partitions changes. The
 * heavier config and ACL syncs keep their own intervals. The known topic lists are replaced
 * wholesale under the connector's lock; task_configs() reads them on the connector thread.
 *
 * Task: a consumer assigned (never subscribed) to its partitions on the source, resuming at
 * the stored offset + 1. Records are handed to the worker without copying: key and value
 * point into the consumed message, which the record's release function destroys once the
 * target acknowledged it. commit_record() (task thread, from the worker producer's delivery
 * report) feeds the offset-sync writer and the per-partition metrics.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <inttypes.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "connectors/connector.h"
#include "connectors/mirror/mirror.h"
#include "connectors/mirror/provenance.h"
#include "connectors/mirror/mirror_admin.h"
#include "connectors/mirror/mirror_config.h"
#include "connectors/mirror/mirror_records.h"
#include "connectors/mirror/mirror_scheduler.h"
#include "connectors/mirror/mirror_status.h"
#include "connectors/mirror/offset_sync.h"
#include "lib/wire.h"
#include "lib/client_keys.h"
#include "lib/common.h"
#include "lib/configdef.h"
#include "lib/props.h"

/* How often the cheap source check runs (when refresh.topics.enabled). */
#define DISCOVERY_INTERVAL_MS 5000
/* How long a task's start waits for its source topics' leaders (kc_mirror_leaders_ask). */
#define LEARN_LEADERS_MS 5000


/* ===== Connector ===== */

typedef struct msc {
    kc_context        ctx;
    kc_mirror_config  cfg;
    rd_kafka_t       *source_admin, *target_admin;
    kc_scheduler     *sched;
    int               timeout_ms;
    pthread_mutex_t   lock;            /* guards the known lists */
    kc_admin_topic   *known_source;    /* replicated source topics (name, partitions) */
    size_t            nsource;
    kc_admin_topic   *known_target;    /* target topics that came from our source */
    size_t            ntarget;
    size_t            nwaiting;        /* source topics whose remote we may not create */
    bool              acls_unsupported_logged;
    bool              use_source_defaults;
    bool              replicate_heartbeats;   /* heartbeats.replication.enabled */
    char             *checkpoints_topic;      /* ours, on the target: not a remote topic */
    bool              cfg_ready;
} msc;

static kc_admin_topic *
find_topic(kc_admin_topic *list, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(list[i].name, name) == 0)
            return &list[i];
    return NULL;
}

static bool
same_topics(const kc_admin_topic *a, size_t na, const kc_admin_topic *b, size_t nb)
{
    if (na != nb)
        return false;
    for (size_t i = 0; i < na; i++)          /* both sorted by name */
        if (strcmp(a[i].name, b[i].name) != 0 || a[i].partitions != b[i].partitions)
            return false;
    return true;
}

/* The listings' filters: source topics to replicate, target topics whose source is our
 * alias (minus our checkpoints topic). */
static bool
keep_source(void *arg, const char *topic)
{
    msc *c = arg;

    return kc_mirror_should_replicate_topic(&c->cfg, c->replicate_heartbeats, topic);
}

static bool
keep_target(void *arg, const char *topic)
{
    msc  *c = arg;
    char *src = kc_mirror_topic_source(&c->cfg.policy, topic);
    bool  ours = src != NULL && strcmp(src, c->cfg.source_alias) == 0 &&
                 strcmp(topic, c->checkpoints_topic) != 0;

    free(src);
    return ours;
}

static int
list_source(msc *c, kc_admin_topic **out, size_t *n, kc_err *err)
{
    return kc_admin_list_topics(c->source_admin, c->timeout_ms, keep_source, c, out, n, err) ==
           KC_OK ? 0 : -1;
}

static int
list_target(msc *c, kc_admin_topic **out, size_t *n, kc_err *err)
{
    return kc_admin_list_topics(c->target_admin, c->timeout_ms, keep_target, c, out, n, err) ==
           KC_OK ? 0 : -1;
}

/* Whether a source config entry is copied to the target (§4.7). */
static bool
copy_config_entry(msc *c, const kc_admin_config_entry *e, bool incremental)
{
    bool is_default = e->source == RD_KAFKA_CONFIG_SOURCE_DEFAULT_CONFIG;

    return (incremental || !is_default || c->use_source_defaults) && !e->read_only &&
           !e->sensitive && e->source != RD_KAFKA_CONFIG_SOURCE_STATIC_BROKER_CONFIG &&
           !kc_regex_matches(c->cfg.config_exclude, e->name);
}

/* The replica count of each named source topic (its partition 0), -1 when the source's
 * metadata does not tell. */
static void
source_replication_factors(msc *c, const char **names, size_t n, int *out)
{
    const rd_kafka_metadata_t *md = NULL;

    for (size_t i = 0; i < n; i++)
        out[i] = -1;
    if (rd_kafka_metadata(c->source_admin, 1, NULL, &md, c->timeout_ms) !=
        RD_KAFKA_RESP_ERR_NO_ERROR)
        return;
    for (int t = 0; t < md->topic_cnt; t++)
        for (size_t i = 0; i < n; i++)
            if (strcmp(md->topics[t].topic, names[i]) == 0 && md->topics[t].partition_cnt > 0)
                out[i] = md->topics[t].partitions[0].replica_cnt;
    rd_kafka_metadata_destroy(md);
}

/* New remote topics: the source's partition count, replication.factor (or, with
 * rf_from_source, the source topic's own; the target's default when the target has too few
 * brokers for it), and the source configs that §4.7 copies at creation. exists[i] tells
 * whether remote[i] exists afterwards (created, or found already there). */
static void
create_remote_topics(msc *c, const char **names, char **remote, const int *parts, size_t n,
                     int rf, bool *exists)
{
    int                   *rfs = kc_xcalloc(n, sizeof(int));
    kc_admin_topic_config *configs = NULL;
    kc_admin_new_topic    *topics = kc_xcalloc(n, sizeof(*topics));
    const char          ***pairs = kc_xcalloc(n, sizeof(*pairs));
    int                   *errs = kc_xcalloc(n, sizeof(int));
    char                 **msgs = kc_xcalloc(n, sizeof(char *));
    kc_err                 err;

    if (kc_admin_describe_topic_configs(c->source_admin, names, n, c->timeout_ms, &configs,
                                        &err) != KC_OK) {
        KC_MIRROR_LOG(&c->ctx, KC_PLUGIN_LOG_WARN, "Could not describe the configs of new source topics "
            "(creating them with the target's defaults): %s", err.msg);
        configs = NULL;
    }
    for (size_t i = 0; i < n; i++) {
        size_t k = 0;
        if (configs != NULL && configs[i].err == 0) {
            pairs[i] = kc_xcalloc(2 * configs[i].n + 1, sizeof(char *));
            for (size_t j = 0; j < configs[i].n; j++)
                if (configs[i].entries[j].value != NULL &&
                    copy_config_entry(c, &configs[i].entries[j], false)) {
                    pairs[i][k++] = configs[i].entries[j].name;
                    pairs[i][k++] = configs[i].entries[j].value;
                }
        }
        rfs[i] = rf;
    }
    if (c->cfg.rf_from_source)
        source_replication_factors(c, names, n, rfs);
    for (size_t i = 0; i < n; i++)
        topics[i] = (kc_admin_new_topic) { remote[i], parts[i], rfs[i],
                                           (const char *const *) pairs[i] };
    if (kc_admin_create_topics(c->target_admin, topics, n, c->timeout_ms, errs, msgs,
                               &err) != KC_OK) {
        KC_MIRROR_LOG(&c->ctx, KC_PLUGIN_LOG_WARN, "Could not create remote topics: %s", err.msg);
    } else {
        for (size_t i = 0; i < n; i++) {
            exists[i] = errs[i] == 0 || errs[i] == RD_KAFKA_RESP_ERR_TOPIC_ALREADY_EXISTS;
            if (errs[i] == 0)
                KC_MIRROR_LOG(&c->ctx, KC_PLUGIN_LOG_INFO, "Created remote topic %s with %d partitions",
                    remote[i], parts[i]);
            else if (errs[i] == RD_KAFKA_RESP_ERR_INVALID_REPLICATION_FACTOR &&
                     c->cfg.rf_from_source && rfs[i] > 0) {
                int   e = 0;
                char *m = NULL;
                KC_MIRROR_LOG(&c->ctx, KC_PLUGIN_LOG_WARN, "Topic %s cannot have the source's "
                    "replication factor %d on the target (%s); creating it with the target's "
                    "default.replication.factor", remote[i], rfs[i],
                    msgs[i] ? msgs[i] : rd_kafka_err2str(errs[i]));
                topics[i].replication_factor = -1;
                if (kc_admin_create_topics(c->target_admin, &topics[i], 1, c->timeout_ms, &e, &m,
                                           &err) != KC_OK) {
                    KC_MIRROR_LOG(&c->ctx, KC_PLUGIN_LOG_WARN, "Could not create remote topic "
                        "%s: %s", remote[i], err.msg);
                } else {
                    exists[i] = e == 0 || e == RD_KAFKA_RESP_ERR_TOPIC_ALREADY_EXISTS;
                    if (e == 0)
                        KC_MIRROR_LOG(&c->ctx, KC_PLUGIN_LOG_INFO, "Created remote topic %s "
                            "with %d partitions", remote[i], parts[i]);
                    else if (!exists[i])
                        KC_MIRROR_LOG(&c->ctx, KC_PLUGIN_LOG_WARN, "Could not create topic "
                            "%s: %s", remote[i], m ? m : rd_kafka_err2str(e));
                }
                free(m);
            } else if (errs[i] != RD_KAFKA_RESP_ERR_TOPIC_ALREADY_EXISTS)
                KC_MIRROR_LOG(&c->ctx, KC_PLUGIN_LOG_WARN, "Could not create topic %s: %s", remote[i],
                    msgs[i] ? msgs[i] : rd_kafka_err2str(errs[i]));
        }
    }
    for (size_t i = 0; i < n; i++) {
        free(pairs[i]);
        free(msgs[i]);
    }
    if (configs != NULL)
        kc_admin_topic_configs_free(configs, n);
    free(pairs);
    free(msgs);
    free(errs);
    free(topics);
    free(rfs);
}

/* Creates the remote topics that are missing and grows those with fewer partitions
 * (computeAndCreateTopicPartitions, §4.6). Per-topic failures are logged, as Java does.
 * *target (the listing, reallocated) then also holds the topics created and the partition
 * counts grown, so that the caller need not list the target again: the next refresh lists
 * it anyway. */
static void
compute_and_create(msc *c, const kc_admin_topic *source, size_t nsource,
                   kc_admin_topic **target, size_t *ntarget)
{
    int          rf = (int) kc_mirror_long(&c->cfg, "replication.factor", 2);
    const char **new_names = kc_xcalloc(nsource + 1, sizeof(char *));
    char       **new_remote = kc_xcalloc(nsource + 1, sizeof(char *));
    int         *new_parts = kc_xcalloc(nsource + 1, sizeof(int));
    char       **grow = kc_xcalloc(nsource + 1, sizeof(char *));
    int         *grow_to = kc_xcalloc(nsource + 1, sizeof(int));
    bool        *exists = kc_xcalloc(nsource + 1, sizeof(bool));
    size_t       nnew = 0, ngrow = 0;
    kc_err       err;

    for (size_t i = 0; i < nsource; i++) {
        char           *remote = kc_mirror_format_remote_topic(&c->cfg.policy,
                                                               c->cfg.source_alias,
                                                               source[i].name);
        kc_admin_topic *t = find_topic(*target, *ntarget, remote);
        if (t == NULL && !c->cfg.create_topics) {
            free(remote);                         /* refresh() reports it */
        } else if (t != NULL && t->partitions < source[i].partitions &&
                   !c->cfg.grow_partitions) {
            free(remote);
        } else if (t == NULL) {
            new_names[nnew] = source[i].name;
            new_parts[nnew] = source[i].partitions;
            new_remote[nnew++] = remote;
        } else if (t->partitions < source[i].partitions) {
            grow_to[ngrow] = source[i].partitions;
            grow[ngrow++] = remote;
        } else {
            free(remote);
        }
    }
    if (nnew > 0) {
        create_remote_topics(c, new_names, new_remote, new_parts, nnew, rf, exists);
        *target = kc_xrealloc(*target, (*ntarget + nnew) * sizeof(**target));
        for (size_t i = 0; i < nnew; i++)
            if (exists[i])
                (*target)[(*ntarget)++] = (kc_admin_topic) { kc_xstrdup(new_remote[i]),
                                                             new_parts[i] };
    }
    if (ngrow > 0) {
        int *errs = kc_xcalloc(ngrow, sizeof(int));
        if (kc_admin_create_partitions(c->target_admin, (const char *const *) grow, grow_to,
                                       ngrow, c->timeout_ms, errs, &err) != KC_OK) {
            KC_MIRROR_LOG(&c->ctx, KC_PLUGIN_LOG_WARN, "Could not grow remote topics: %s", err.msg);
        } else {
            for (size_t i = 0; i < ngrow; i++)
                if (errs[i] == 0) {
                    KC_MIRROR_LOG(&c->ctx, KC_PLUGIN_LOG_INFO, "Increased size of %s to %d partitions",
                        grow[i], grow_to[i]);
                    find_topic(*target, *ntarget, grow[i])->partitions = grow_to[i];
                }
                else if (errs[i] != RD_KAFKA_RESP_ERR_INVALID_PARTITIONS)
                    KC_MIRROR_LOG(&c->ctx, KC_PLUGIN_LOG_WARN, "Could not increase size of %s: %s", grow[i],
                        rd_kafka_err2str(errs[i]));
        }
        free(errs);
    }
    for (size_t i = 0; i < nnew; i++)
        free(new_remote[i]);
    for (size_t i = 0; i < ngrow; i++)
        free(grow[i]);
    free(new_names);
    free(new_remote);
    free(new_parts);
    free(grow);
    free(grow_to);
    free(exists);
}

/* The target's topics, listed on a thread of its own while refresh() lists the source's. */
typedef struct target_listing {
    msc            *c;
    kc_admin_topic *topics;
    size_t          n;
    int             rc;
    kc_err          err;
} target_listing;

static void *
list_target_thread(void *arg)
{
    target_listing *t = arg;

    t->rc = list_target(t->c, &t->topics, &t->n, &t->err);
    return NULL;
}

/* refreshTopicPartitions (§4.4); `initial`: the synchronous first load of start(). */
static void
refresh(msc *c, bool initial)
{
    kc_admin_topic *source = NULL, *target = NULL;
    size_t          nsource = 0, ntarget = 0, missing = 0, waiting = 0;
    bool            changed, waiting_changed, threaded;
    kc_err          err;
    target_listing  tl = { .c = c };
    pthread_t       tt;
    int             src_rc;

    /* The two clusters are asked at once (Java lists one, then the other): each listing
     * is a round trip or two, more on a new admin client's first use. */
    threaded = pthread_create(&tt, NULL, list_target_thread, &tl) == 0;
    src_rc = list_source(c, &source, &nsource, &err);
    if (threaded)
        pthread_join(tt, NULL);
    else
        list_target_thread(&tl);
    if (src_rc != 0) {
        KC_MIRROR_LOG(&c->ctx, KC_PLUGIN_LOG_WARN, "Could not list the source topics: %s", err.msg);
        kc_admin_topics_free(tl.topics, tl.n);
        return;
    }
    if (tl.rc != 0) {
        KC_MIRROR_LOG(&c->ctx, KC_PLUGIN_LOG_WARN, "Could not list the target topics: %s",
                      tl.err.msg);
        kc_admin_topics_free(source, nsource);
        return;
    }
    target = tl.topics;
    ntarget = tl.n;
    for (size_t i = 0; i < nsource; i++) {
        char           *remote = kc_mirror_format_remote_topic(&c->cfg.policy,
                                                               c->cfg.source_alias,
                                                               source[i].name);
        kc_admin_topic *t = find_topic(target, ntarget, remote);
        if ((t == NULL && c->cfg.create_topics) ||
            (t != NULL && t->partitions < source[i].partitions && c->cfg.grow_partitions))
            missing++;
        if (t == NULL && !c->cfg.create_topics) {
            KC_MIRROR_LOG(&c->ctx, KC_PLUGIN_LOG_WARN, "Topic %s does not exist on the target "
                "and topic creation is disabled: %s is not replicated until it is created",
                remote, source[i].name);
            waiting++;
        }
        free(remote);
    }
    pthread_mutex_lock(&c->lock);
    changed = !same_topics(source, nsource, c->known_source, c->nsource);
    pthread_mutex_unlock(&c->lock);
    if (changed || missing > 0 || initial) {
        if (!initial)
            KC_MIRROR_LOG(&c->ctx, KC_PLUGIN_LOG_INFO, "Found %zu topics to replicate (%zu missing on the "
                "target); reconfiguring tasks", nsource, missing);
        if (missing > 0)
            compute_and_create(c, source, nsource, &target, &ntarget);
    }
    pthread_mutex_lock(&c->lock);
    if (changed || initial) {
        kc_admin_topics_free(c->known_source, c->nsource);
        c->known_source = source;
        c->nsource = nsource;
        source = NULL;
    }
    kc_admin_topics_free(c->known_target, c->ntarget);
    c->known_target = target;
    c->ntarget = ntarget;
    waiting_changed = waiting != c->nwaiting;
    c->nwaiting = waiting;
    pthread_mutex_unlock(&c->lock);
    if (source != NULL)
        kc_admin_topics_free(source, nsource);
    if (!initial && (changed || missing > 0 || waiting_changed))
        c->ctx.host->request_task_reconfiguration(c->ctx.ctx);
}

static void
job_refresh(void *arg)
{
    refresh(arg, false);
}

/* The cheap check: one Metadata request to the source; a full refresh only on change. */
static void
job_discover(void *arg)
{
    msc            *c = arg;
    kc_admin_topic *source = NULL;
    size_t          nsource = 0;
    bool            changed;
    kc_err          err;

    if (list_source(c, &source, &nsource, &err) != 0)
        return;                                   /* the full refresh logs it */
    pthread_mutex_lock(&c->lock);
    changed = !same_topics(source, nsource, c->known_source, c->nsource);
    pthread_mutex_unlock(&c->lock);
    kc_admin_topics_free(source, nsource);
    if (changed)
        refresh(c, false);
}

/* syncTopicConfigs (§4.7). */
static void
job_sync_configs(void *arg)
{
    msc                   *c = arg;
    const char           **names;
    char                 **remotes;
    size_t                 n = 0;
    kc_admin_topic_config *configs = NULL;
    kc_err                 err;

    pthread_mutex_lock(&c->lock);
    names = kc_xcalloc(c->nsource + 1, sizeof(char *));
    remotes = kc_xcalloc(c->nsource + 1, sizeof(char *));
    for (size_t i = 0; i < c->nsource; i++) {
        char *remote = kc_mirror_format_remote_topic(&c->cfg.policy, c->cfg.source_alias,
                                                     c->known_source[i].name);
        if (find_topic(c->known_target, c->ntarget, remote) != NULL) {
            names[n] = kc_xstrdup(c->known_source[i].name);
            remotes[n++] = remote;
        } else {
            free(remote);
        }
    }
    pthread_mutex_unlock(&c->lock);
    if (n > 0 && kc_admin_describe_topic_configs(c->source_admin, names, n, c->timeout_ms,
                                                 &configs, &err) != KC_OK) {
        KC_MIRROR_LOG(&c->ctx, KC_PLUGIN_LOG_WARN, "Could not describe source topic configs: %s", err.msg);
    } else if (n > 0) {
        kc_admin_topic_alter *alters = kc_xcalloc(n, sizeof(*alters));
        kc_admin_config_op  **ops = kc_xcalloc(n, sizeof(*ops));
        int                  *errs = kc_xcalloc(n, sizeof(int));
        size_t                na = 0;

        for (size_t i = 0; i < n; i++) {
            size_t k = 0;
            if (configs[i].err != 0)
                continue;
            ops[na] = kc_xcalloc(configs[i].n + 1, sizeof(kc_admin_config_op));
            for (size_t j = 0; j < configs[i].n; j++) {
                const kc_admin_config_entry *e = &configs[i].entries[j];
                bool is_default = e->source == RD_KAFKA_CONFIG_SOURCE_DEFAULT_CONFIG;
                if (!copy_config_entry(c, e, true))
                    continue;
                if (is_default && !c->use_source_defaults)
                    ops[na][k++] = (kc_admin_config_op) { e->name, NULL, true };
                else if (e->value != NULL)
                    ops[na][k++] = (kc_admin_config_op) { e->name, e->value, false };
            }
            alters[na] = (kc_admin_topic_alter) { remotes[i], ops[na], k };
            na++;
        }
        if (na > 0 && kc_admin_incremental_alter_topic_configs(c->target_admin, alters, na,
                                                               c->timeout_ms, errs,
                                                               &err) != KC_OK) {
            if (err.code == KC_EINVAL)
                c->ctx.host->fail(c->ctx.ctx, "Failed to sync topic configs: %s", err.msg);
            else
                KC_MIRROR_LOG(&c->ctx, KC_PLUGIN_LOG_WARN, "Could not alter topic configs: %s", err.msg);
        }
        for (size_t i = 0; i < na; i++) {
            if (errs[i] != 0)
                KC_MIRROR_LOG(&c->ctx, KC_PLUGIN_LOG_WARN, "Could not alter configuration of topic %s: %s",
                    alters[i].topic, rd_kafka_err2str(errs[i]));
            free(ops[i]);
        }
        free(ops);
        free(alters);
        free(errs);
        kc_admin_topic_configs_free(configs, n);
    }
    for (size_t i = 0; i < n; i++) {
        free((char *) names[i]);
        free(remotes[i]);
    }
    free(names);
    free(remotes);
}

/* syncTopicAcls (§4.8). */
static void
job_sync_acls(void *arg)
{
    msc          *c = arg;
    bool          hb = kc_mirror_bool(&c->cfg, "heartbeats.replication.enabled", true);
    kc_admin_acl *acls = NULL, *out;
    size_t        n = 0, k = 0, failed = 0;
    kc_err        err;

    if (c->acls_unsupported_logged)
        return;
    if (kc_admin_describe_topic_acls(c->source_admin, c->timeout_ms, &acls, &n, &err) != KC_OK) {
        if (err.code == KC_EINVAL) {
            KC_MIRROR_LOG(&c->ctx, KC_PLUGIN_LOG_INFO, "No ACL authorizer is configured on the source "
                "Kafka cluster, so no topic ACL syncing will take place. Consider disabling "
                "topic ACL syncing by setting sync.topic.acls.enabled to 'false'.");
            c->acls_unsupported_logged = true;
        } else {
            KC_MIRROR_LOG(&c->ctx, KC_PLUGIN_LOG_WARN, "Could not describe source topic ACLs: %s",
                err.msg);
        }
        return;
    }
    out = kc_xcalloc(n + 1, sizeof(*out));
    for (size_t i = 0; i < n; i++) {
        kc_admin_acl *a = &acls[i];
        if (a->pattern_type != RD_KAFKA_RESOURCE_PATTERN_LITERAL ||
            (a->permission == RD_KAFKA_ACL_PERMISSION_TYPE_ALLOW &&
             a->operation == RD_KAFKA_ACL_OPERATION_WRITE) ||
            !kc_mirror_should_replicate_topic(&c->cfg, hb, a->topic))
            continue;
        out[k] = *a;
        out[k].topic = kc_mirror_format_remote_topic(&c->cfg.policy, c->cfg.source_alias,
                                                     a->topic);
        if (a->permission == RD_KAFKA_ACL_PERMISSION_TYPE_ALLOW &&
            a->operation == RD_KAFKA_ACL_OPERATION_ALL)
            out[k].operation = RD_KAFKA_ACL_OPERATION_READ;
        k++;
    }
    if (k > 0 && kc_admin_create_acls(c->target_admin, out, k, c->timeout_ms, &failed, &err) != KC_OK)
        KC_MIRROR_LOG(&c->ctx, KC_PLUGIN_LOG_WARN, "Could not create topic ACLs on the target: %s", err.msg);
    for (size_t i = 0; i < k; i++)
        free(out[i].topic);
    free(out);
    kc_admin_acls_free(acls, n);
}

static void msc_stop(void *priv);

static int
msc_start(void **priv, const kc_context *ctx, const json_t *config, char *err, size_t errlen)
{
    kc_mirror_config cfg;

    kc_mirror_use_host(ctx->host);
    *priv = NULL;
    if (kc_mirror_config_init(&cfg, KC_MIRROR_SOURCE_CONNECTOR, config, ctx, err, errlen) != 0)
        return KC_PLUGIN_FATAL;
    return kc_mirror_source_start_prepared(priv, ctx, &cfg, err, errlen);
}

/* Creates the offset-syncs topic (createOffsetSyncsTopic): start()'s thread or its own. */
static void *
offset_syncs_topic_thread(void *arg)
{
    msc  *c = arg;
    char *topic = kc_mirror_offset_syncs_topic_name(&c->cfg);

    kc_mirror_create_compacted_topic(&c->ctx, c->cfg.offset_syncs_on_target ? c->target_admin
                                                                            : c->source_admin,
                                     topic,
                                     (int) kc_mirror_long(&c->cfg,
                                                          "offset-syncs.topic.replication.factor",
                                                          3),
                                     c->timeout_ms, kc_mirror_offset_syncs_cluster(&c->cfg));
    free(topic);
    return NULL;
}

int
kc_mirror_source_start_prepared(void **priv, const kc_context *ctx, kc_mirror_config *cfg,
                                char *err, size_t errlen)
{
    msc      *c = kc_xcalloc(1, sizeof(*c));
    pthread_t syncs;
    bool      syncs_threaded = false;

    c->ctx = *ctx;
    pthread_mutex_init(&c->lock, NULL);
    *priv = c;
    c->cfg = *cfg;
    memset(cfg, 0, sizeof(*cfg));
    c->cfg_ready = true;
    if (!c->cfg.enabled)
        return KC_PLUGIN_OK;                    /* nothing created, no tasks */
    c->timeout_ms = (int) c->cfg.admin_timeout_ms;
    c->use_source_defaults = strcmp(kc_mirror_str(&c->cfg, "use.defaults.from", "target"),
                                    "source") == 0;
    c->replicate_heartbeats = kc_mirror_bool(&c->cfg, "heartbeats.replication.enabled", true);
    c->checkpoints_topic = kc_mirror_checkpoints_topic(&c->cfg.policy, c->cfg.source_alias);
    if ((c->source_admin = kc_mirror_client(&c->cfg, "source", "admin", -1,
                                            "replication-source-admin", NULL, err, errlen)) == NULL ||
        (c->target_admin = kc_mirror_client(&c->cfg, "target", "admin", -1,
                                            "replication-target-admin", NULL, err, errlen)) == NULL)
        goto fail;
    /* Java creates the offset-syncs topic, then loads the topics: independent requests (a
     * CreateTopics waits for the controller), so they run at once; both are done before
     * start() returns. */
    if (c->cfg.emit_offset_syncs)
        syncs_threaded = pthread_create(&syncs, NULL, offset_syncs_topic_thread, c) == 0;
    if (c->cfg.emit_offset_syncs && !syncs_threaded)
        offset_syncs_topic_thread(c);
    refresh(c, true);
    if (syncs_threaded)
        pthread_join(syncs, NULL);
    {
        char    name[512];
        int64_t refresh_ms = kc_mirror_interval_ms(&c->cfg, "refresh.topics.enabled",
                                                   "refresh.topics.interval.seconds", 600);
        int64_t configs_ms = kc_mirror_interval_ms(&c->cfg, "sync.topic.configs.enabled",
                                                   "sync.topic.configs.interval.seconds", 600);
        int64_t acls_ms = kc_mirror_interval_ms(&c->cfg, "sync.topic.acls.enabled",
                                                "sync.topic.acls.interval.seconds", 600);
        snprintf(name, sizeof(name), "Scheduler for %s: %s->%s|%s", c->cfg.connector_label,
                 c->cfg.source_alias, c->cfg.target_alias, c->cfg.name);
        c->sched = kc_scheduler_new(name, c->cfg.admin_timeout_ms);
        kc_scheduler_add(c->sched, "syncing topic ACLs", job_sync_acls, c, 0, acls_ms);
        kc_scheduler_add(c->sched, "syncing topic configs", job_sync_configs, c, 0, configs_ms);
        kc_scheduler_add(c->sched, "refreshing topics", job_refresh, c, refresh_ms, refresh_ms);
        if (refresh_ms >= 0)
            kc_scheduler_add(c->sched, "discovering topics", job_discover, c,
                             DISCOVERY_INTERVAL_MS,
                             refresh_ms < DISCOVERY_INTERVAL_MS ? refresh_ms : DISCOVERY_INTERVAL_MS);
        kc_scheduler_start(c->sched);
    }
    return KC_PLUGIN_OK;
fail:
    msc_stop(c);                      /* the worker does not stop what failed to start */
    *priv = NULL;
    return KC_PLUGIN_FATAL;
}

/* A source topic whose remote does not exist and may not be created (the lock held). */
static bool
waits_for_remote(msc *c, const char *topic)
{
    char *remote;
    bool  absent;

    if (c->cfg.create_topics)
        return false;
    remote = kc_mirror_format_remote_topic(&c->cfg.policy, c->cfg.source_alias, topic);
    absent = find_topic(c->known_target, c->ntarget, remote) == NULL;
    free(remote);
    return absent;
}

/* taskConfigs (§4.5): partitions dealt round-robin in the known order (topics waiting for
 * a remote they may not create are left out until it exists). */
static int
msc_task_configs(void *priv, int max_tasks, json_t **out, char *err, size_t errlen)
{
    msc    *c = priv;
    size_t  ntp = 0, ntasks, k = 0;
    char  **lists;

    (void) err;
    (void) errlen;
    *out = json_array();
    if (!c->cfg.enabled)
        return KC_PLUGIN_OK;
    pthread_mutex_lock(&c->lock);
    for (size_t i = 0; i < c->nsource; i++)
        if (!waits_for_remote(c, c->known_source[i].name))
            ntp += (size_t) c->known_source[i].partitions;
    if (ntp == 0 || max_tasks <= 0) {
        pthread_mutex_unlock(&c->lock);
        return KC_PLUGIN_OK;
    }
    ntasks = ntp < (size_t) max_tasks ? ntp : (size_t) max_tasks;
    lists = kc_xcalloc(ntasks, sizeof(char *));
    for (size_t i = 0; i < c->nsource; i++)
        for (int p = 0; p < c->known_source[i].partitions &&
                        !waits_for_remote(c, c->known_source[i].name); p++, k++) {
            size_t t = k % ntasks;
            char  *entry = kc_xasprintf("%s%s%s-%d", lists[t] ? lists[t] : "", lists[t] ? "," : "",
                                        c->known_source[i].name, p);
            free(lists[t]);
            lists[t] = entry;
        }
    pthread_mutex_unlock(&c->lock);
    for (size_t t = 0; t < ntasks; t++) {
        json_array_append_new(*out, kc_mirror_task_config(&c->cfg, "task.assigned.partitions",
                                                          lists[t], (int) t));
        free(lists[t]);
    }
    free(lists);
    return KC_PLUGIN_OK;
}

static void
msc_stop(void *priv)
{
    msc *c = priv;

    if (c == NULL)
        return;
    kc_scheduler_free(c->sched);
    kc_mirror_kafka_destroy(c->source_admin);
    kc_mirror_kafka_destroy(c->target_admin);
    kc_admin_topics_free(c->known_source, c->nsource);
    kc_admin_topics_free(c->known_target, c->ntarget);
    free(c->checkpoints_topic);
    if (c->cfg_ready)
        kc_mirror_config_free(&c->cfg);
    pthread_mutex_destroy(&c->lock);
    free(c);
}

static json_t *
msc_config_def(void)
{
    return kc_mirror_config_def(KC_MIRROR_SOURCE_CONNECTOR);
}

/* Whether the source consumer reads read_committed, as Java's MirrorSourceConnector asks
 * (the exact text; isolation.level is never set for it). */
static bool
reads_committed(const json_t *config)
{
    kc_mirror_config cfg;
    kc_props         props;
    char             err[512];
    const char      *level;
    bool             yes;

    if (kc_mirror_config_init(&cfg, KC_MIRROR_SOURCE_CONNECTOR, config, NULL, err,
                              sizeof(err)) != 0)
        return false;
    kc_mirror_client_props(&cfg, "source", "consumer", -1, "validate", &props);
    level = kc_props_get(&props, "isolation.level");
    yes = level != NULL && strcmp(level, "read_committed") == 0;
    kc_props_free(&props);
    kc_mirror_config_free(&cfg);
    return yes;
}

/* Java's MirrorSourceConnector.validate: with exactly.once.support exactly "required", a
 * source consumer that is not read_committed is an error of its own. */
static json_t *
msc_validate(const json_t *config)
{
    json_t     *errors = kc_mirror_validate(KC_MIRROR_SOURCE_CONNECTOR, config);
    const char *eos = json_string_value(json_object_get(config, "exactly.once.support"));

    if (eos != NULL && strcmp(eos, "required") == 0 && !reads_committed(config)) {
        json_t *list;
        if (errors == NULL)
            errors = json_object();
        if ((list = json_object_get(errors, "exactly.once.support")) == NULL)
            json_object_set_new(errors, "exactly.once.support", list = json_array());
        json_array_append_new(list, json_string(
            "MirrorSourceConnector can only provide exactly-once guarantees when its source "
            "consumer is configured with isolation.level set to 'read_committed'; otherwise, "
            "records from aborted and uncommitted transactions will be replicated from the "
            "source cluster to the target cluster."));
    }
    return errors;
}

static kc_exactly_once_support
msc_exactly_once_support(const json_t *config)
{
    return reads_committed(config) ? KC_EOS_SUPPORTED : KC_EOS_UNSUPPORTED;
}

/* ===== Task ===== */

/* One assigned source partition: its names, the source partition map handed with every
 * record (one shared object), and its metrics (§9.1). Task thread only. */
typedef struct mst_tp {
    rd_kafka_topic_t *rkt;                  /* consuming handle, NULL before the first poll */
    int64_t  start;                         /* where it starts: an offset or a logical one */
    char    *topic;
    int32_t  partition;
    char    *remote;
    json_t  *source_partition;
    kc_osw_partition *osw;                  /* its offset-sync state, when syncs are written */
    kc_mirror_partition_metrics metrics;
} mst_tp;

typedef struct mst {
    kc_context         ctx;
    kc_mirror_config   cfg;
    bool               cfg_ready;
    mst_tp            *tps;
    size_t             ntps;
    mst_tp            *last_tp;              /* the partition of the last record polled */
    mst_tp           **by_partition_object;  /* sorted by source_partition pointer */
    rd_kafka_t        *consumer;
    rd_kafka_queue_t  *queue;
    kc_mirror_leaders *leaders;              /* asked at start; NULL once a poll has
                                              * joined it */
    bool               started;              /* the partitions are consuming */
    int64_t            retry_at;             /* a failed start_consuming: when to try again */
    rd_kafka_t        *sync_producer;        /* offset syncs; NULL when disabled */
    char              *sync_topic;
    kc_osw            *osw;
    kc_wbuf            key, value;           /* encoding scratch for offset syncs */
    /* The headers of the records the last poll() returned (lean records: the worker reads
     * them only until it polls again), so no record allocates its own. */
    kc_header         *headers;
    size_t             headers_cap;
    /* provenance.header.enable (provenance.h): the two clusters' IDs, learnt before the
     * first record; the value of a record that had no header ("<source>,<target>"); the
     * values of those that had one, built per poll in prov_values, whose pool entries
     * (prov_patch) point into it once it has stopped growing. */
    char              *prov_source, *prov_target;
    kc_wbuf            prov_fresh, prov_values;
    size_t            *prov_patch;
    size_t             prov_patch_n, prov_patch_cap;
    atomic_uint_fast64_t prov_passed;          /* records not copied: been in the target */
    int                unsent_permits;       /* syncs the producer refused to take */
    int64_t            syncs_served_ms;      /* when an acknowledgement last served them */
    int64_t            poll_timeout_ms;
    atomic_bool        stopping;
} mst;

static int
cmp_by_object(const void *a, const void *b)
{
    uintptr_t x = (uintptr_t) (*(mst_tp *const *) a)->source_partition;
    uintptr_t y = (uintptr_t) (*(mst_tp *const *) b)->source_partition;

    return x < y ? -1 : x > y;
}

static mst_tp *
tp_of_record(mst *t, const kc_record *r)
{
    mst_tp  key = { .source_partition = r->source_partition };
    mst_tp *kp = &key, **hit;

    hit = bsearch(&kp, t->by_partition_object, t->ntps, sizeof(mst_tp *), cmp_by_object);
    return hit ? *hit : NULL;
}

/* Offset-sync writer's send: called with its lock held, so it must not wait. */
static void
send_sync(void *opaque, const char *topic, int32_t partition, int64_t upstream,
          int64_t downstream)
{
    mst                *t = opaque;
    rd_kafka_resp_err_t e;

    KC_MIRROR_LOG(&t->ctx, KC_PLUGIN_LOG_DEBUG, "offset sync %s-%d %lld->%lld", topic, partition,
                  (long long) upstream, (long long) downstream);
    kc_wbuf_reset(&t->key);
    kc_wbuf_reset(&t->value);
    kc_mirror_offset_sync_key(&t->key, topic, partition);
    kc_mirror_offset_sync_value(&t->value, upstream, downstream);
    e = rd_kafka_producev(t->sync_producer, RD_KAFKA_V_TOPIC(t->sync_topic),
                          RD_KAFKA_V_PARTITION(0),
                          RD_KAFKA_V_KEY(t->key.buf, t->key.len),
                          RD_KAFKA_V_VALUE(t->value.buf, t->value.len),
                          RD_KAFKA_V_MSGFLAGS(RD_KAFKA_MSG_F_COPY), RD_KAFKA_V_END);
    if (e != RD_KAFKA_RESP_ERR_NO_ERROR) {
        KC_MIRROR_LOG(&t->ctx, KC_PLUGIN_LOG_ERROR, "Failure sending offset sync for %s-%d: %s", topic,
            partition, rd_kafka_err2str(e));
        t->unsent_permits++;
    }
}

/* Offset-sync producer's delivery reports (task thread, rd_kafka_poll in poll()). */
static void
sync_delivered(rd_kafka_t *rk, const rd_kafka_message_t *m, void *opaque)
{
    mst *t = kc_mirror_host()->kafka_user(rk);

    (void) opaque;
    if (m->err != RD_KAFKA_RESP_ERR_NO_ERROR)
        KC_MIRROR_LOG(&t->ctx, KC_PLUGIN_LOG_ERROR, "Failure sending offset sync: %s",
            rd_kafka_err2str(m->err));
    else
        KC_MIRROR_LOG(&t->ctx, KC_PLUGIN_LOG_DEBUG, "offset sync written at offset %lld",
                      (long long) m->offset);
    kc_osw_sent(t->osw);
}

static void
serve_syncs(mst *t)
{
    if (t->sync_producer == NULL)
        return;
    rd_kafka_poll(t->sync_producer, 0);
    while (t->unsent_permits > 0) {
        t->unsent_permits--;
        kc_osw_sent(t->osw);
    }
    kc_osw_fire_pending(t->osw);              /* permits may have come back */
}

static void mst_destroy(void *priv);

/* Splits "topic-partition" at the last '-' (TopicPartition.toString). */
static int
decode_tp(const char *s, char **topic, int32_t *partition)
{
    const char *dash = strrchr(s, '-');
    char       *end;
    long        p;

    if (dash == NULL || dash == s)
        return -1;
    p = strtol(dash + 1, &end, 10);
    if (*end != '\0' || dash[1] == '\0' || p < 0 || p > INT32_MAX)
        return -1;
    *topic = kc_xstrndup(s, (size_t) (dash - s));
    *partition = (int32_t) p;
    return 0;
}

static int
mst_start(void **priv, const kc_context *ctx, const json_t *config, char *err, size_t errlen)
{
    kc_mirror_config cfg;

    kc_mirror_use_host(ctx->host);
    *priv = NULL;
    if (kc_mirror_config_init(&cfg, KC_MIRROR_SOURCE_CONNECTOR, config, NULL, err, errlen) != 0)
        return KC_PLUGIN_FATAL;
    return kc_mirror_source_task_start_prepared(priv, ctx, &cfg, err, errlen);
}

int
kc_mirror_source_task_start_prepared(void **priv, const kc_context *ctx,
                                     kc_mirror_config *cfg, char *err, size_t errlen)
{
    mst                             *t = kc_xcalloc(1, sizeof(*t));
    const char                      *assigned;
    char                           **items;
    size_t                           nitems;
    int64_t                          reset;
    int                              index;
    json_t                         **stored = NULL;   /* per partition, from the offset topic */
    const char                     **topics;           /* the assigned topics, once each */
    size_t                           ntopics = 0;

    t->ctx = *ctx;
    kc_wbuf_init(&t->key);
    kc_wbuf_init(&t->value);
    kc_wbuf_init(&t->prov_fresh);
    kc_wbuf_init(&t->prov_values);
    *priv = t;
    t->cfg = *cfg;
    memset(cfg, 0, sizeof(*cfg));
    t->cfg_ready = true;
    index = (int) kc_mirror_long(&t->cfg, "task.index", -1);
    t->poll_timeout_ms = kc_mirror_long(&t->cfg, "consumer.poll.timeout.ms", 1000);
    assigned = kc_mirror_str(&t->cfg, "task.assigned.partitions", "");
    items = kc_cfg_split_list(assigned, &nitems);
    t->tps = kc_xcalloc(nitems + 1, sizeof(*t->tps));
    t->by_partition_object = kc_xcalloc(nitems + 1, sizeof(mst_tp *));
    for (size_t i = 0; i < nitems; i++) {
        mst_tp *tp = &t->tps[t->ntps];
        if (decode_tp(items[i], &tp->topic, &tp->partition) != 0) {
            snprintf(err, errlen, "Invalid value %s for configuration task.assigned.partitions: "
                     "not a topic-partition", items[i]);
            kc_strv_free(items);
            goto fail;
        }
        tp->remote = kc_mirror_format_remote_topic(&t->cfg.policy, t->cfg.source_alias,
                                                   tp->topic);
        /* Java's HashMap order for these three keys (spec §3.6). */
        tp->source_partition = json_pack("{s:s,s:i,s:s}", "cluster", t->cfg.source_alias,
                                         "partition", (json_int_t) tp->partition,
                                         "topic", tp->topic);
        kc_mirror_metrics_init(&tp->metrics);
        t->by_partition_object[t->ntps] = tp;
        t->ntps++;
    }
    kc_strv_free(items);
    qsort(t->by_partition_object, t->ntps, sizeof(mst_tp *), cmp_by_object);

    if (t->cfg.emit_offset_syncs) {
        const char *cluster = kc_mirror_offset_syncs_cluster(&t->cfg);
        char        role[64];
        snprintf(role, sizeof(role), "offset-syncs-%s-producer", cluster);
        t->sync_topic = kc_mirror_offset_syncs_topic_name(&t->cfg);
        t->sync_producer = kc_mirror_client(&t->cfg, cluster, "producer", index, role,
                                            &(kc_kafka_hooks) { .dr_msg_cb = sync_delivered,
                                                                .user = t },
                                            err, errlen);
        if (t->sync_producer == NULL)
            goto fail;
        t->osw = kc_osw_new(kc_mirror_long(&t->cfg, "offset.lag.max", 100), 10, send_sync, t);
        for (size_t i = 0; i < t->ntps; i++)
            t->tps[i].osw = kc_osw_partition_get(t->osw, t->tps[i].topic, t->tps[i].partition);
    }
    t->consumer = kc_mirror_partition_consumer(&t->cfg, "source", index, "replication-consumer",
                                               t->ntps, err, errlen);
    if (t->consumer == NULL)
        goto fail;
    t->queue = rd_kafka_queue_new(t->consumer);
    reset = kc_mirror_reset_offset(&t->cfg, "source");
    /* The leaders are asked for while the stored offsets are read: two round trips at once. */
    topics = kc_xcalloc(t->ntps + 1, sizeof(*topics));
    for (size_t i = 0; i < t->ntps; i++) {
        bool seen = false;
        for (size_t k = 0; k < ntopics && !seen; k++)
            seen = strcmp(topics[k], t->tps[i].topic) == 0;
        if (!seen)
            topics[ntopics++] = t->tps[i].topic;
    }
    t->leaders = kc_mirror_leaders_ask(t->consumer, topics, ntopics, LEARN_LEADERS_MS);
    free(topics);
    /* Java's loadOffsets: the stored offsets of all assigned partitions in one read of the
     * offset topic (one per partition on a host without offsets_get). */
    stored = kc_xcalloc(t->ntps + 1, sizeof(*stored));
    {
        int read = 0;
        if (KC_HOST_HAS(ctx->host, offsets_get)) {
            const json_t **parts = kc_xcalloc(t->ntps + 1, sizeof(*parts));
            for (size_t i = 0; i < t->ntps; i++)
                parts[i] = t->tps[i].source_partition;
            read = ctx->host->offsets_get(ctx->ctx, parts, t->ntps, stored);
            free(parts);
        } else {
            for (size_t i = 0; i < t->ntps && read == 0; i++)
                read = ctx->host->offset_get(ctx->ctx, t->tps[i].source_partition, &stored[i]);
        }
        if (read != 0) {
            /* Java's task fails when its offset reader does: starting at auto.offset.reset
             * instead would copy again, or skip, what the stored offsets cover. */
            snprintf(err, errlen, "Failed to read the stored offsets of the task's partitions");
            goto fail;
        }
    }
    for (size_t i = 0; i < t->ntps; i++) {
        mst_tp  *tp = &t->tps[i];
        json_t  *off;
        int64_t  start = reset;

        off = json_object_get(stored[i], KC_MIRROR_OFFSET_FIELD);
        if (json_is_integer(off) && json_integer_value(off) >= -1) {
            /* -1: the start of an empty partition, as start_consuming stores it (Java takes
             * any negative offset as none stored, and so does this below -1). */
            start = json_integer_value(off) + 1;
        } else if (json_is_integer(off)) {
            start = reset;
        } else if (off != NULL && !json_is_null(off)) {
            /* Java's unwrapOffset casts it to a Long, and the task fails: reading the
             * partition again from auto.offset.reset would copy it twice. */
            char *text = json_dumps(off, JSON_ENCODE_ANY | JSON_COMPACT);
            snprintf(err, errlen, "The stored offset of %s-%d is not a number: %s", tp->topic,
                     tp->partition, text ? text : "?");
            free(text);
            goto fail;
        }
        if (start >= 0)
            KC_MIRROR_LOG(ctx, KC_PLUGIN_LOG_INFO, "%s-%d: starting at the stored offset + 1 "
                          "(%" PRId64 ")", tp->topic, tp->partition, start);
        tp->start = start;
    }
    for (size_t i = 0; i < t->ntps; i++)
        json_decref(stored[i]);
    free(stored);
    return KC_PLUGIN_OK;
fail:
    for (size_t i = 0; stored != NULL && i < t->ntps; i++)
        json_decref(stored[i]);
    free(stored);
    mst_destroy(t);
    *priv = NULL;
    return KC_PLUGIN_FATAL;
}

/* Frees a record built by mst_poll: the consumed message it points into (its headers are
 * the task's until the next poll). Any thread the worker releases records on (the task
 * thread). */
static void
mst_release(kc_record *r)
{
    rd_kafka_message_destroy(r->opaque);
}

/* Appends the message's headers to the task's header pool; their index there, or -1 when
 * it has none (an empty list is none: the record is written without headers either way).
 * Names and values stay in the message. With provenance headers on, the record's own
 * provenance header is replaced by its new value (provenance.h), and *passed is set
 * instead when that header lists the target cluster: the record has been there. */
static ssize_t
pool_headers(mst *t, size_t *used, const rd_kafka_message_t *m, size_t *count, bool *passed)
{
    rd_kafka_headers_t *hdrs;
    size_t              n = 0, first = *used, k = 0;
    const void         *old = NULL;
    size_t              oldlen = 0;
    bool                had = false;

    if (rd_kafka_message_headers(m, &hdrs) == RD_KAFKA_RESP_ERR_NO_ERROR)
        n = rd_kafka_header_cnt(hdrs);
    if (t->cfg.provenance && n > 0 &&
        rd_kafka_header_get_last(hdrs, t->cfg.provenance_header, &old, &oldlen)
            == RD_KAFKA_RESP_ERR_NO_ERROR) {
        had = true;
        if (kc_provenance_lists(old, oldlen, t->prov_target)) {
            *passed = true;
            return -1;
        }
    }
    if (n == 0 && !t->cfg.provenance)
        return -1;
    if (first + n + 1 > t->headers_cap) {
        t->headers_cap = (first + n + 1) * 2;
        t->headers = kc_xrealloc(t->headers, t->headers_cap * sizeof(kc_header));
    }
    for (size_t h = 0; h < n; h++) {
        const char *name;
        const void *val;
        size_t      len;
        rd_kafka_header_get_all(hdrs, h, &name, &val, &len);
        if (t->cfg.provenance && strcmp(name, t->cfg.provenance_header) == 0)
            continue;
        t->headers[first + k++] = (kc_header) { name, val, len };
    }
    if (t->cfg.provenance) {
        kc_header *ph = &t->headers[first + k++];
        if (!had) {
            *ph = (kc_header) { t->cfg.provenance_header, t->prov_fresh.buf,
                                t->prov_fresh.len };
        } else {
            /* Where its value starts in prov_values, until the pointer can be taken. */
            size_t at = t->prov_values.len;
            kc_provenance_extend(&t->prov_values, old, oldlen, t->prov_source, t->prov_target);
            *ph = (kc_header) { t->cfg.provenance_header, (const void *) (uintptr_t) at,
                                t->prov_values.len - at };
            if (t->prov_patch_n == t->prov_patch_cap) {
                t->prov_patch_cap = t->prov_patch_cap ? t->prov_patch_cap * 2 : 64;
                t->prov_patch = kc_xrealloc(t->prov_patch,
                                            t->prov_patch_cap * sizeof(*t->prov_patch));
            }
            t->prov_patch[t->prov_patch_n++] = first + k - 1;
        }
    }
    *used = first + k;
    *count = k;
    return (ssize_t) first;
}

/* A producer on the cluster the task's records are written to: the worker's (its
 * connection settings), under the connector's producer.override.* ones; target.cluster.*
 * on a host that does not tell the worker's. NULL with err set when it cannot be made. */
static rd_kafka_t *
written_cluster_client(mst *t, char *err, size_t errlen)
{
    const kc_host *host = t->ctx.host;
    json_t        *worker;
    kc_props       settings;
    const char    *key;
    json_t        *v;
    rd_kafka_t    *rk;

    if (!KC_HOST_HAS8(host, worker_cluster))
        return kc_mirror_client(&t->cfg, "target", "producer",
                                (int) kc_mirror_long(&t->cfg, "task.index", -1),
                                "provenance-producer", NULL, err, errlen);
    worker = json_object();
    host->worker_cluster(t->ctx.ctx, worker);
    json_object_foreach(t->cfg.values, key, v)
        if (strncmp(key, "producer.override.", 18) == 0 && json_is_string(v) &&
            kc_client_connection_key(key + 18))
            json_object_set(worker, key + 18, v);
    kc_props_init(&settings, "provenance");
    json_object_foreach(worker, key, v)
        kc_props_set(&settings, key, json_string_value(v), 0);
    rk = kc_mirror_kafka_new(RD_KAFKA_PRODUCER, &settings, NULL, NULL, err, errlen);
    kc_props_free(&settings);
    json_decref(worker);
    return rk;
}

/* The IDs of the source cluster and of the one its records are written to, for provenance
 * headers: asked once, before the first record (KC_PLUGIN_RETRIABLE, err set, while a
 * cluster does not answer). Task thread. */
static int
learn_cluster_ids(mst *t, char *err, size_t errlen)
{
    if (t->prov_source == NULL) {
        char *id = rd_kafka_clusterid(t->consumer, (int) t->poll_timeout_ms);
        if (id == NULL) {
            snprintf(err, errlen, "provenance headers: the source cluster did not tell its "
                     "cluster ID");
            return KC_PLUGIN_RETRIABLE;
        }
        t->prov_source = kc_xstrdup(id);
        rd_kafka_mem_free(t->consumer, id);
    }
    if (t->prov_target == NULL) {
        char        cerr[256];
        rd_kafka_t *rk = written_cluster_client(t, cerr, sizeof(cerr));
        char       *id = rk ? rd_kafka_clusterid(rk, (int) t->poll_timeout_ms) : NULL;

        if (rk == NULL) {
            snprintf(err, errlen, "provenance headers: %s", cerr);
            return KC_PLUGIN_FATAL;
        }
        if (id != NULL) {
            t->prov_target = kc_xstrdup(id);
            rd_kafka_mem_free(rk, id);
        }
        kc_mirror_kafka_destroy(rk);
        if (t->prov_target == NULL) {
            snprintf(err, errlen, "provenance headers: the target cluster did not tell its "
                     "cluster ID");
            return KC_PLUGIN_RETRIABLE;
        }
    }
    kc_wbuf_reset(&t->prov_fresh);
    kc_provenance_extend(&t->prov_fresh, NULL, 0, t->prov_source, t->prov_target);
    KC_MIRROR_LOG(&t->ctx, KC_PLUGIN_LOG_INFO, "Provenance header %s on: records from cluster "
                  "%s to cluster %s; a record whose header lists %s is not copied",
                  t->cfg.provenance_header, t->prov_source, t->prov_target, t->prov_target);
    return KC_PLUGIN_OK;
}

/* How many messages ahead mst_poll asks for the memory of a record's headers. */
#define HEADERS_AHEAD 8

/* A record's header count follows its value in the fetched batch: reading it (even to learn
 * that there are none) is a cache miss per record, since nothing else on the task thread
 * touches the value, which is lent to the producer. Asked for a few records ahead, it is in
 * cache by the time rd_kafka_message_headers() reads it. A hint only: never faults. */
static inline void
prefetch_headers(const rd_kafka_message_t *m)
{
    if (m->payload != NULL)
        __builtin_prefetch((const char *) m->payload + m->len);
}

/* Partitions without a stored offset start at auto.offset.reset. Where that is now is asked
 * (one ListOffsets round) and stored at once (host offsets_put), and the partitions start
 * there: a task restarted anywhere before its first offset commit resumes at that position,
 * not at a newer "latest" (a node killed before its first flush lost every record written
 * meanwhile). The stored offset is the last one "copied", as MirrorSourceTask stores it:
 * the position - 1, -1 for an empty partition. KC_PLUGIN_RETRIABLE (err set) when the
 * source or the offsets topic did not answer: nothing starts before it is stored. */
static int
store_reset_positions(mst *t, char *err, size_t errlen)
{
    rd_kafka_topic_partition_list_t *l;
    const json_t                   **parts;
    json_t                         **offsets;
    size_t                           n = 0;
    rd_kafka_resp_err_t              e;
    int                              rc = KC_PLUGIN_OK;

    if (!KC_HOST_HAS7(t->ctx.host, offsets_put))
        return KC_PLUGIN_OK;                 /* an older host: start at the logical offset */
    l = rd_kafka_topic_partition_list_new((int) t->ntps + 1);
    for (size_t i = 0; i < t->ntps; i++)
        if (t->tps[i].start < 0)
            rd_kafka_topic_partition_list_add(l, t->tps[i].topic, t->tps[i].partition)->offset =
                t->tps[i].start;             /* BEGINNING/END: ListOffsets' earliest/latest */
    if (l->cnt == 0) {
        rd_kafka_topic_partition_list_destroy(l);
        return KC_PLUGIN_OK;
    }
    e = rd_kafka_offsets_for_times(t->consumer, l, (int) t->poll_timeout_ms);
    for (int i = 0; e == RD_KAFKA_RESP_ERR_NO_ERROR && i < l->cnt; i++)
        if (l->elems[i].err != RD_KAFKA_RESP_ERR_NO_ERROR || l->elems[i].offset < 0)
            e = l->elems[i].err ? l->elems[i].err : RD_KAFKA_RESP_ERR__NO_OFFSET;
    if (e != RD_KAFKA_RESP_ERR_NO_ERROR) {
        snprintf(err, errlen, "asking the source for the auto.offset.reset position of %d "
                 "partitions: %s", l->cnt, rd_kafka_err2str(e));
        rd_kafka_topic_partition_list_destroy(l);
        return KC_PLUGIN_RETRIABLE;
    }
    parts = kc_xcalloc((size_t) l->cnt, sizeof(*parts));
    offsets = kc_xcalloc((size_t) l->cnt, sizeof(*offsets));
    for (size_t i = 0; i < t->ntps; i++) {
        rd_kafka_topic_partition_t *r;
        if (t->tps[i].start >= 0)
            continue;
        r = rd_kafka_topic_partition_list_find(l, t->tps[i].topic, t->tps[i].partition);
        parts[n] = t->tps[i].source_partition;
        offsets[n++] = json_pack("{s:I}", KC_MIRROR_OFFSET_FIELD, (json_int_t) r->offset - 1);
    }
    if (t->ctx.host->offsets_put(t->ctx.ctx, parts, (const json_t *const *) offsets, n) != 0) {
        snprintf(err, errlen, "storing the auto.offset.reset position of %zu partitions "
                 "failed", n);
        rc = KC_PLUGIN_RETRIABLE;
    }
    for (size_t i = 0; i < t->ntps && rc == KC_PLUGIN_OK; i++) {
        mst_tp *tp = &t->tps[i];
        if (tp->start >= 0)
            continue;
        tp->start = rd_kafka_topic_partition_list_find(l, tp->topic, tp->partition)->offset;
        KC_MIRROR_LOG(&t->ctx, KC_PLUGIN_LOG_INFO, "%s-%d: starting at %" PRId64 ", where "
                      "auto.offset.reset put it (stored)", tp->topic, tp->partition, tp->start);
    }
    for (size_t i = 0; i < n; i++)
        json_decref(offsets[i]);
    free(offsets);
    free(parts);
    rd_kafka_topic_partition_list_destroy(l);
    return rc;
}

/* The partitions start at their start offsets once their leaders are known (librdkafka
 * resolves a logical offset with ListOffsets at the leader, and asks again only after 500 ms
 * when it does not know the leader yet). The leaders are asked at start() and joined here,
 * on the first poll, rather than at the end of start(): as Java's start() (assign and seek,
 * no request to the source cluster), start() does not wait for the source cluster's brokers,
 * and the task is RUNNING while a new consumer's first connection is made. Task thread. */
static int
start_consuming(mst *t, char *err, size_t errlen)
{
    int rc;

    if (t->leaders != NULL) {
        kc_mirror_leaders_join(t->leaders);
        t->leaders = NULL;
    }
    if ((rc = store_reset_positions(t, err, errlen)) != KC_PLUGIN_OK)
        return rc;
    if (t->cfg.provenance && (rc = learn_cluster_ids(t, err, errlen)) != KC_PLUGIN_OK)
        return rc;
    for (size_t i = 0; i < t->ntps; i++) {
        mst_tp *tp = &t->tps[i];
        if ((tp->rkt = kc_mirror_consume_start(t->consumer, tp->topic, tp->partition, tp->start,
                                               t->queue, err, errlen)) == NULL)
            return KC_PLUGIN_FATAL;
    }
    t->started = true;
    return KC_PLUGIN_OK;
}

static int
mst_poll(void *priv, kc_record *out, size_t max, size_t *n, int timeout_ms, char *err,
         size_t errlen)
{
    mst                *t = priv;
    rd_kafka_message_t *msgs[512];
    ssize_t             got;
    ssize_t             header_at[KC_ARRAY_LEN(msgs)]; /* per record: its headers in the pool */
    size_t              headers_used = 0;
    int64_t             now;

    *n = 0;
    serve_syncs(t);
    if (atomic_load(&t->stopping) || t->ntps == 0) {
        if (t->ntps == 0 && !atomic_load(&t->stopping)) {
            rd_kafka_message_t *none = rd_kafka_consume_queue(t->queue, timeout_ms);
            if (none != NULL)                         /* an event: nothing is assigned */
                rd_kafka_message_destroy(none);
        }
        return KC_PLUGIN_OK;
    }
    if (!t->started) {
        int rc;
        if (kc_mono_ms() < t->retry_at) {
            kc_sleep_ms(timeout_ms < 100 ? timeout_ms : 100);
            return KC_PLUGIN_OK;
        }
        if ((rc = start_consuming(t, err, errlen)) == KC_PLUGIN_FATAL)
            return rc;
        if (rc != KC_PLUGIN_OK) {
            /* Asked again in a second; the task stays RUNNING meanwhile, as Java's consumer
             * keeps retrying a reset it cannot do yet. */
            KC_MIRROR_LOG(&t->ctx, KC_PLUGIN_LOG_WARN, "%s; trying again", err);
            t->retry_at = kc_mono_ms() + 1000;
            return KC_PLUGIN_OK;
        }
    }
    if (max > KC_ARRAY_LEN(msgs))
        max = KC_ARRAY_LEN(msgs);
    if (t->cfg.max_poll_records > 0 && max > (size_t) t->cfg.max_poll_records)
        max = (size_t) t->cfg.max_poll_records;
    /* Like Java's poll(): wait for the first record only, then take what is already there
     * (a batch call would wait for a full batch, adding up to a poll timeout of latency). */
    msgs[0] = rd_kafka_consume_queue(t->queue, timeout_ms < t->poll_timeout_ms
                                                   ? timeout_ms : (int) t->poll_timeout_ms);
    if (msgs[0] == NULL)
        return KC_PLUGIN_OK;
    got = 1;
    if (max > 1) {
        ssize_t more = rd_kafka_consume_batch_queue(t->queue, 0, msgs + 1, max - 1);
        if (more > 0)
            got += more;
    }
    now = kc_wall_ms();
    kc_wbuf_reset(&t->prov_values);
    t->prov_patch_n = 0;
    for (ssize_t i = 0; i < got && i < HEADERS_AHEAD; i++)
        prefetch_headers(msgs[i]);
    for (ssize_t i = 0; i < got; i++) {
        rd_kafka_message_t      *m = msgs[i];
        kc_record               *r = &out[*n];

        if (i + HEADERS_AHEAD < got)
            prefetch_headers(msgs[i + HEADERS_AHEAD]);
        rd_kafka_timestamp_type_t tstype;
        mst_tp                  *tp = NULL;
        bool                     passed = false;

        if (m->err != RD_KAFKA_RESP_ERR_NO_ERROR) {
            if (m->err != RD_KAFKA_RESP_ERR__PARTITION_EOF)
                KC_MIRROR_LOG(&t->ctx, KC_PLUGIN_LOG_WARN, "Failure during poll: %s",
                    rd_kafka_message_errstr(m));
            rd_kafka_message_destroy(m);
            continue;
        }
        /* Fetches come partition by partition: the previous record's partition first. */
        if (t->last_tp != NULL && t->last_tp->rkt == m->rkt &&
            t->last_tp->partition == m->partition)
            tp = t->last_tp;
        for (size_t j = 0; tp == NULL && j < t->ntps; j++)
            if (t->tps[j].rkt == m->rkt && t->tps[j].partition == m->partition)
                tp = t->last_tp = &t->tps[j];
        if (tp == NULL) {                         /* not ours: cannot happen with assign() */
            rd_kafka_message_destroy(m);
            continue;
        }
        /* r arrives zeroed (the poll() contract): only what a record has is written. */
        r->topic = tp->remote;
        r->partition = t->cfg.keep_partitions ? m->partition : -1;
        r->timestamp = rd_kafka_message_timestamp(m, &tstype);
        r->key.kind = m->key ? KC_VALUE_BYTES : KC_VALUE_NULL;
        r->key.ptr = m->key;
        r->key.len = m->key_len;
        r->value.kind = m->payload ? KC_VALUE_BYTES : KC_VALUE_NULL;
        r->value.ptr = m->payload;
        r->value.len = m->len;
        header_at[*n] = pool_headers(t, &headers_used, m, &r->nheaders, &passed);
        if (passed) {
            /* Been in the target: handed back without a topic, so that its offset is
             * committed in order with the others and nothing is written (ABI 11). */
            r->topic = NULL;
            r->nheaders = 0;
            atomic_fetch_add_explicit(&t->prov_passed, 1, memory_order_relaxed);
        }
        /* Lent, not a reference per record: the partition object lives until destroy(),
         * after the worker has released every record. The offset travels as the integer
         * (source_offset_field): no JSON per record. */
        r->source_partition = tp->source_partition;
        r->offset = m->offset;
        r->release = mst_release;
        r->opaque = m;
        if (!passed)
            kc_mirror_metrics_polled(&tp->metrics, now, r->timestamp);
        (*n)++;
    }
    /* The pools have stopped growing: the records may point into them now. */
    for (size_t k = 0; k < t->prov_patch_n; k++) {
        kc_header *h = &t->headers[t->prov_patch[k]];
        h->value = t->prov_values.buf + (uintptr_t) h->value;
    }
    for (size_t k = 0; headers_used > 0 && k < *n; k++)
        if (header_at[k] >= 0)
            out[k].headers = t->headers + header_at[k];
    return KC_PLUGIN_OK;
}

/* commitRecord (§5.3): the target acknowledged the record at (partition, offset). */
static void
mst_commit_record(void *priv, const kc_record *r, int32_t partition, int64_t offset)
{
    mst                      *t = priv;
    mst_tp                   *tp = tp_of_record(t, r);
    const rd_kafka_message_t *m = r->opaque;
    int64_t                   now;

    /* Java's task ignores records acknowledged once stop() was called (its writer may be
     * closed under it); ours lives until destroy, after the final offset commit, so the
     * syncs of a stopping task's last records still reach the target's checkpoints. */
    (void) partition;
    if (tp == NULL)
        return;
    now = kc_wall_ms();
    kc_mirror_metrics_acked(&tp->metrics, now, rd_kafka_message_timestamp(m, NULL),
                            m->payload ? m->len : 0);
    /* Most acknowledgements queue no sync, or one a free slot sends at once. When syncs wait
     * for a slot, the offset-sync producer's reports (which free the slots) are collected at
     * most once a millisecond here, and at every poll: at full speed the ten slots are
     * usually taken, and collecting per record was a third of the acknowledgement's cost. */
    if (t->osw != NULL && offset >= 0 &&
        kc_osw_partition_acked(t->osw, tp->osw, m->offset, offset) && now != t->syncs_served_ms) {
        t->syncs_served_ms = now;
        serve_syncs(t);
    }
}

/* SourceTask.commit(): every offset flush, delayed syncs become pending (KAFKA-15906). */
static void
mst_commit(void *priv)
{
    mst *t = priv;

    if (t->osw != NULL) {
        kc_osw_commit(t->osw);
        serve_syncs(t);
    }
}

static void
mst_stop(void *priv)
{
    mst *t = priv;

    atomic_store(&t->stopping, true);
    if (t->queue != NULL)
        rd_kafka_queue_yield(t->queue);
}

static void
mst_destroy(void *priv)
{
    mst *t = priv;

    if (t == NULL)
        return;
    if (t->sync_producer != NULL) {
        rd_kafka_flush(t->sync_producer, 5000);
        serve_syncs(t);
    }
    kc_mirror_leaders_join(t->leaders);           /* before its consumer goes */
    for (size_t i = 0; i < t->ntps; i++)
        kc_mirror_consume_stop(t->tps[i].rkt, t->tps[i].partition);
    if (t->queue != NULL)
        rd_kafka_queue_destroy(t->queue);
    kc_mirror_kafka_destroy(t->consumer);
    kc_mirror_kafka_destroy(t->sync_producer);
    kc_osw_free(t->osw);
    for (size_t i = 0; i < t->ntps; i++) {
        free(t->tps[i].topic);
        free(t->tps[i].remote);
        json_decref(t->tps[i].source_partition);
    }
    free(t->tps);
    free(t->by_partition_object);
    free(t->sync_topic);
    free(t->headers);
    free(t->prov_patch);
    free(t->prov_source);
    free(t->prov_target);
    kc_wbuf_free(&t->prov_fresh);
    kc_wbuf_free(&t->prov_values);
    kc_wbuf_free(&t->key);
    kc_wbuf_free(&t->value);
    if (t->cfg_ready)
        kc_mirror_config_free(&t->cfg);
    free(t);
}

/* Metrics scrape (a REST thread, the task running): §9.1's MirrorSourceConnector group per
 * replicated partition. The partitions are fixed from start() to destroy(); their series are
 * atomics the task thread records into. */
static void
mst_metrics(void *priv, kc_metrics_out *out)
{
    mst    *t = priv;
    int64_t now = kc_wall_ms();
    char    partition[16];

    for (size_t i = 0; i < t->ntps; i++) {
        const mst_tp                *tp = &t->tps[i];
        const kc_mirror_partition_metrics *m = &tp->metrics;
        kc_mirror_series_view        bytes = kc_mirror_series_read(&m->bytes, now);
        const char                  *labels[] = { "source", t->cfg.source_alias,
                                                  "target", t->cfg.target_alias,
                                                  "topic", tp->remote,
                                                  "partition", partition, NULL };
        snprintf(partition, sizeof(partition), "%d", tp->partition);
#define MSC "kafka_connect_mirror_source_connector_"
        /* Gauges, as a JMX exporter types them: a counter not named *_total would be renamed
         * by OpenMetrics parsers. */
        out->sample(out, MSC "record_count", KC_METRIC_GAUGE,
                    "Number of source records replicated to the target cluster.", labels,
                    (double) bytes.count);
        out->sample(out, MSC "record_rate", KC_METRIC_GAUGE, "Average number of source "
                    "records replicated to the target cluster per second.", labels, bytes.count_rate);
        out->sample(out, MSC "byte_count", KC_METRIC_GAUGE,
                    "Number of bytes replicated to the target cluster.", labels,
                    (double) bytes.sum);
        out->sample(out, MSC "byte_rate", KC_METRIC_GAUGE,
                    "Average number of bytes replicated per second.", labels, bytes.rate);
        kc_mirror_series_emit(out, MSC "record_age_ms", "The age of incoming source records "
                              "when replicated to the target cluster.", &m->record_age_ms, now,
                              labels);
        kc_mirror_series_emit(out, MSC "replication_latency_ms", "Time it takes records to "
                              "replicate from source to target cluster.",
                              &m->replication_latency_ms, now, labels);
#undef MSC
    }
    if (t->cfg.provenance) {
        char        task[16];
        const char *labels[] = { "connector", t->cfg.name, "task", task,
                                 "source", t->cfg.source_alias, "target", t->cfg.target_alias,
                                 NULL };
        snprintf(task, sizeof(task), "%lld",
                 (long long) kc_mirror_long(&t->cfg, "task.index", -1));
        out->sample(out, "kconnect_mirror_source_records_not_copied_total", KC_METRIC_COUNTER,
                    "Source records not copied because their provenance header lists the "
                    "target cluster.", labels,
                    (double) atomic_load_explicit(&t->prov_passed, memory_order_relaxed));
    }
}

static const kc_task_ops mst_ops = {
    .start = mst_start,
    .stop = mst_stop,
    .destroy = mst_destroy,
    .poll = mst_poll,
    .commit = mst_commit,
    .commit_record = mst_commit_record,
    .metrics = mst_metrics,
    .source_offset_field = KC_MIRROR_OFFSET_FIELD,
    .lean_records = true,
};

static const char *const msc_aliases[] = { "MirrorSourceConnector", "MirrorSource", NULL };

/* The plugin API's offset reader, as the status computation reads offsets. */
typedef struct status_reader {
    kc_offset_reader_fn fn;
    void               *opaque;
} status_reader;

static int
read_committed(void *opaque, const char *connector, const json_t *partition, json_t **offset,
               kc_err *err)
{
    const status_reader *r = opaque;
    char                 why[512] = "";

    if (r->fn(r->opaque, connector, partition, offset, why, sizeof(why)) == 0)
        return KC_OK;
    return kc_err_set(err, KC_EKAFKA, "%s", why);
}

static int
msc_mirror_status(const kc_host *host, const char *name, const json_t *config,
                  kc_offset_reader_fn read_offset, void *opaque, int timeout_ms, json_t **out,
                  char *err, size_t errlen)
{
    status_reader r = { read_offset, opaque };
    kc_err        e;
    int           rc;

    kc_mirror_use_host(host);
    rc = kc_mirror_status_compute(name, config, read_committed, &r, timeout_ms, out, &e);
    if (rc == KC_OK)
        return KC_PLUGIN_OK;
    snprintf(err, errlen, "%s", e.msg);
    return rc == KC_EINVAL ? KC_PLUGIN_FATAL : KC_PLUGIN_RETRIABLE;
}

const kc_connector_ops kc_mirror_source_connector = {
    .abi = KC_CONNECTOR_ABI,
    .class_name = "org.apache.kafka.connect.mirror.MirrorSourceConnector",
    .aliases = msc_aliases,
    .version = KC_KAFKA_VERSION,
    .type = KC_CONNECTOR_SOURCE,
    .task_class = "org.apache.kafka.connect.mirror.MirrorSourceTask",
    .validate = msc_validate,
    .start = msc_start,
    .task_configs = msc_task_configs,
    .stop = msc_stop,
    .task = &mst_ops,
    .config_def = msc_config_def,
    .mirror_status = msc_mirror_status,
    .exactly_once_support = msc_exactly_once_support,
};
