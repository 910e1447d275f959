/*
 * connectors/mirror/mirror_common.c - pieces the MirrorMaker connectors share (mirror.h):
 * the topic filter, internal topic creation, records that own their bytes, and the
 * per-partition series of spec/mirrormaker2.md §9.1 (updated by the owning task thread).
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "connectors/mirror/mirror.h"
#include "connectors/mirror/mirror_admin.h"


/* shouldReplicateTopic (§4.2). */
bool
kc_mirror_should_replicate_topic(const kc_mirror_config *c, bool heartbeats_replication,
                                 const char *topic)
{
    bool accepted = (kc_regex_matches(c->topics, topic) &&
                     !kc_regex_matches(c->topics_exclude, topic)) ||
                    (heartbeats_replication && kc_mirror_is_heartbeats_topic(&c->policy, topic));

    return accepted && !kc_mirror_is_internal_topic(&c->policy, topic) &&
           !kc_mirror_is_cycle(&c->policy, c->target_alias, topic);
}

/* Creates a single-partition compacted internal topic (MirrorUtils.createCompactedTopic):
 * one that exists or that we may not create is left to whoever can. */
void
kc_mirror_create_compacted_topic(const kc_context *ctx, rd_kafka_t *admin, const char *topic,
                                 int replication_factor, int timeout_ms, const char *cluster)
{
    static const char *const compact[] = { "cleanup.policy", "compact", NULL };
    kc_admin_new_topic       t = { topic, 1, replication_factor, compact };
    int                      e = 0;
    char                    *msg = NULL;
    kc_err                   err;

    if (kc_admin_create_topics(admin, &t, 1, timeout_ms, &e, &msg, &err) != KC_OK) {
        KC_MIRROR_LOG(ctx, KC_PLUGIN_LOG_WARN, "Could not create topic %s on the %s cluster: %s", topic,
            cluster, err.msg);
    } else if (e == 0) {
        KC_MIRROR_LOG(ctx, KC_PLUGIN_LOG_INFO, "Created topic %s on the %s cluster", topic, cluster);
    } else if (e != RD_KAFKA_RESP_ERR_TOPIC_ALREADY_EXISTS &&
               e != RD_KAFKA_RESP_ERR_TOPIC_AUTHORIZATION_FAILED &&
               e != RD_KAFKA_RESP_ERR_CLUSTER_AUTHORIZATION_FAILED &&
               e != RD_KAFKA_RESP_ERR_UNSUPPORTED_VERSION) {
        KC_MIRROR_LOG(ctx, KC_PLUGIN_LOG_WARN, "Could not create topic %s on the %s cluster: %s", topic,
            cluster, msg ? msg : rd_kafka_err2str(e));
    }
    free(msg);
}

static void
owned_release(kc_record *r)
{
    free((void *) r->key.ptr);                  /* key and value share one allocation */
    json_decref(r->source_partition);
    json_decref(r->source_offset);
}

void
kc_mirror_owned_record(kc_record *r, const char *topic, int64_t timestamp, const kc_wbuf *key,
                       const kc_wbuf *value, json_t *source_partition, json_t *source_offset)
{
    uint8_t *buf = kc_xcalloc(1, key->len + value->len + 1);

    memcpy(buf, key->buf, key->len);
    memcpy(buf + key->len, value->buf, value->len);
    memset(r, 0, sizeof(*r));
    r->topic = topic;
    r->partition = 0;
    r->timestamp = timestamp;
    r->key = (kc_value) { .kind = KC_VALUE_BYTES, .ptr = buf, .len = key->len };
    r->value = (kc_value) { .kind = KC_VALUE_BYTES, .ptr = buf + key->len, .len = value->len };
    r->source_partition = source_partition;
    r->source_offset = source_offset;
    r->release = owned_release;
}


void
kc_mirror_series_record(kc_mirror_series *s, int64_t v)
{
    if (s->count == 0 || v < s->min)
        s->min = v;
    if (s->count == 0 || v > s->max)
        s->max = v;
    s->last = v;
    s->sum += v;
    s->count++;
}

void
kc_mirror_metrics_init(kc_mirror_partition_metrics *m)
{
    memset(m, 0, sizeof(*m));
}

void
kc_mirror_metrics_polled(kc_mirror_partition_metrics *m, int64_t now, int64_t timestamp,
                         size_t value_bytes)
{
    m->byte_count += (int64_t) value_bytes;
    if (timestamp >= 0)
        kc_mirror_series_record(&m->record_age_ms, now - timestamp);
}

void
kc_mirror_metrics_acked(kc_mirror_partition_metrics *m, int64_t now, int64_t timestamp)
{
    m->record_count++;
    if (timestamp >= 0)
        kc_mirror_series_record(&m->replication_latency_ms, now - timestamp);
}

rd_kafka_topic_t *
kc_mirror_consume_start(rd_kafka_t *rk, const char *topic, int32_t partition, int64_t offset,
                        rd_kafka_queue_t *queue, char *err, size_t errlen)
{
    rd_kafka_topic_t *rkt = rd_kafka_topic_new(rk, topic, NULL);

    if (rkt == NULL) {
        snprintf(err, errlen, "%s: %s", topic, rd_kafka_err2str(rd_kafka_last_error()));
        return NULL;
    }
    if (rd_kafka_consume_start_queue(rkt, partition, offset, queue) != 0) {
        snprintf(err, errlen, "%s-%d: %s", topic, partition,
                 rd_kafka_err2str(rd_kafka_last_error()));
        rd_kafka_topic_destroy(rkt);
        return NULL;
    }
    return rkt;
}

void
kc_mirror_consume_stop(rd_kafka_topic_t *rkt, int32_t partition)
{
    if (rkt == NULL)
        return;
    rd_kafka_consume_stop(rkt, partition);
    rd_kafka_topic_destroy(rkt);
}

int64_t
kc_mirror_reset_offset(const kc_mirror_config *c, const char *cluster)
{
    kc_props    props;
    const char *reset;
    int64_t     where;

    kc_mirror_client_props(c, cluster, "consumer", -1, "", &props);
    reset = kc_props_get(&props, "auto.offset.reset");
    where = reset != NULL && strcasecmp(reset, "latest") == 0 ? RD_KAFKA_OFFSET_END
                                                              : RD_KAFKA_OFFSET_BEGINNING;
    kc_props_free(&props);
    return where;
}
