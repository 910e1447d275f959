/*
 * connectors/mirror/mirror_heartbeat.c - MirrorHeartbeatConnector and MirrorHeartbeatTask
 * (spec/mirrormaker2.md §7): one record every emit.heartbeats.interval.seconds into the
 * compacted single-partition `heartbeats` topic of the target cluster, which MirrorClient's
 * upstreamClusters()/replicationHops() read once replicated onwards.
 *
 * The connector ignores `enabled` (Java does): it always creates the topic, and runs its one
 * task unless emit.heartbeats.enabled is false.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "connectors/mirror/mirror.h"
#include "connectors/mirror/mirror_records.h"
#include "lib/common.h"

typedef struct mhc {
    kc_mirror_config cfg;
} mhc;

static int
mhc_start(void **priv, const kc_context *ctx, const json_t *config, char *err, size_t errlen)
{
    mhc        *c = kc_xcalloc(1, sizeof(*c));
    rd_kafka_t *admin;

    kc_mirror_use_host(ctx->host);
    if (kc_mirror_config_init(&c->cfg, KC_MIRROR_HEARTBEAT_CONNECTOR, config, ctx, err,
                              errlen) != 0) {
        free(c);
        return KC_PLUGIN_FATAL;
    }
    admin = kc_mirror_client(&c->cfg, "target", "admin", -1, "heartbeats-target-admin", NULL,
                             err, errlen);
    if (admin == NULL) {
        kc_mirror_config_free(&c->cfg);
        free(c);
        return KC_PLUGIN_FATAL;
    }
    kc_mirror_create_compacted_topic(ctx, admin, kc_mirror_heartbeats_topic(&c->cfg.policy),
                                     (int) kc_mirror_long(&c->cfg,
                                                          "heartbeats.topic.replication.factor",
                                                          3),
                                     (int) c->cfg.admin_timeout_ms, "target");
    kc_mirror_kafka_destroy(admin);
    *priv = c;
    return KC_PLUGIN_OK;
}

static int
mhc_task_configs(void *priv, int max_tasks, json_t **out, char *err, size_t errlen)
{
    mhc *c = priv;

    (void) max_tasks;
    (void) err;
    (void) errlen;
    *out = json_array();
    /* Exactly one task whatever tasks.max says; its config is the connector's. */
    if (kc_mirror_bool(&c->cfg, "emit.heartbeats.enabled", true))
        json_array_append_new(*out, json_deep_copy(c->cfg.originals));
    return KC_PLUGIN_OK;
}

static void
mhc_stop(void *priv)
{
    mhc *c = priv;

    if (c == NULL)
        return;
    kc_mirror_config_free(&c->cfg);
    free(c);
}

static json_t *
mhc_config_def(void)
{
    return kc_mirror_config_def(KC_MIRROR_HEARTBEAT_CONNECTOR);
}

static json_t *
mhc_validate(const json_t *config)
{
    return kc_mirror_validate(KC_MIRROR_HEARTBEAT_CONNECTOR, config);
}

/* ===== Task ===== */

typedef struct mht {
    kc_mirror_config cfg;
    int64_t          interval_ms;
    int64_t          next;                 /* monotonic ms of the next heartbeat */
    const char      *topic;
    kc_wbuf          key, value;
    pthread_mutex_t  lock;                 /* stop flag and wake-up */
    pthread_cond_t   cond;
    bool             stopping;
} mht;

static int
mht_start(void **priv, const kc_context *ctx, const json_t *config, char *err, size_t errlen)
{
    mht *t = kc_xcalloc(1, sizeof(*t));

    kc_mirror_use_host(ctx->host);
    (void) ctx;
    if (kc_mirror_config_init(&t->cfg, KC_MIRROR_HEARTBEAT_CONNECTOR, config, NULL, err,
                              errlen) != 0) {
        free(t);
        return KC_PLUGIN_FATAL;
    }
    t->interval_ms = kc_mirror_long(&t->cfg, "emit.heartbeats.interval.seconds", 1) * 1000;
    t->next = kc_mono_ms() + t->interval_ms;
    t->topic = kc_mirror_heartbeats_topic(&t->cfg.policy);
    kc_wbuf_init(&t->key);
    kc_wbuf_init(&t->value);
    pthread_mutex_init(&t->lock, NULL);
    pthread_cond_init(&t->cond, NULL);
    *priv = t;
    return KC_PLUGIN_OK;
}

static int
mht_poll(void *priv, kc_record *out, size_t max, size_t *n, int timeout_ms, char *err,
         size_t errlen)
{
    mht    *t = priv;
    int64_t now = kc_mono_ms(), wall;
    bool    stopping;

    (void) max;
    *n = 0;
    pthread_mutex_lock(&t->lock);
    if (!t->stopping && now < t->next) {
        int64_t         wait = t->next - now < timeout_ms ? t->next - now : timeout_ms;
        struct timespec ts;
        ts = kc_realtime_in(wait);
        pthread_cond_timedwait(&t->cond, &t->lock, &ts);
    }
    stopping = t->stopping;
    pthread_mutex_unlock(&t->lock);
    if (stopping || kc_mono_ms() < t->next)
        return KC_PLUGIN_OK;
    wall = kc_wall_ms();
    kc_wbuf_reset(&t->key);
    kc_wbuf_reset(&t->value);
    if (kc_mirror_heartbeat_key(&t->key, t->cfg.source_alias, t->cfg.target_alias) != 0 ||
        kc_mirror_heartbeat_value(&t->value, wall) != 0) {
        snprintf(err, errlen, "cluster alias too long for a heartbeat record");
        return KC_PLUGIN_FATAL;
    }
    kc_mirror_owned_record(&out[0], t->topic, wall, &t->key, &t->value,
                           json_pack("{s:s,s:s}", "sourceClusterAlias", t->cfg.source_alias,
                                     "targetClusterAlias", t->cfg.target_alias),
                           json_pack("{s:i}", "offset", 0));
    *n = 1;
    t->next = kc_mono_ms() + t->interval_ms;
    return KC_PLUGIN_OK;
}

static void
mht_stop(void *priv)
{
    mht *t = priv;

    pthread_mutex_lock(&t->lock);
    t->stopping = true;
    pthread_cond_broadcast(&t->cond);
    pthread_mutex_unlock(&t->lock);
}

static void
mht_destroy(void *priv)
{
    mht *t = priv;

    kc_wbuf_free(&t->key);
    kc_wbuf_free(&t->value);
    kc_mirror_config_free(&t->cfg);
    pthread_cond_destroy(&t->cond);
    pthread_mutex_destroy(&t->lock);
    free(t);
}

static const kc_task_ops mht_ops = {
    .start = mht_start,
    .stop = mht_stop,
    .destroy = mht_destroy,
    .poll = mht_poll,
};

static const char *const mhc_aliases[] = { "MirrorHeartbeatConnector", "MirrorHeartbeat", NULL };

const kc_connector_ops kc_mirror_heartbeat_connector = {
    .abi = KC_CONNECTOR_ABI,
    .class_name = "org.apache.kafka.connect.mirror.MirrorHeartbeatConnector",
    .aliases = mhc_aliases,
    .version = KC_KAFKA_VERSION,
    .type = KC_CONNECTOR_SOURCE,
    .task_class = "org.apache.kafka.connect.mirror.MirrorHeartbeatTask",
    .validate = mhc_validate,
    .start = mhc_start,
    .task_configs = mhc_task_configs,
    .stop = mhc_stop,
    .task = &mht_ops,
    .config_def = mhc_config_def,
};
