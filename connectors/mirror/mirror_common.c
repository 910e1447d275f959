/*
 * connectors/mirror/mirror_common.c - pieces the MirrorMaker connectors share (mirror.h):
 * the topic filter, internal topic creation, records that own their bytes, and the
 * per-partition series of spec/mirrormaker2.md §9.1 (updated by the owning task thread).
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <pthread.h>
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


#define LOAD(x)     atomic_load_explicit(&(x), memory_order_relaxed)
#define STORE(x, v) atomic_store_explicit(&(x), (v), memory_order_relaxed)

void
kc_mirror_series_init(kc_mirror_series *s)
{
    STORE(s->last, 0);
    STORE(s->count, 0);
    STORE(s->sum, 0);
    STORE(s->current, 0);
    for (int i = 0; i < 2; i++) {
        STORE(s->windows[i].start, 0);
        STORE(s->windows[i].count, 0);
        STORE(s->windows[i].sum, 0);
        STORE(s->windows[i].min, 0);
        STORE(s->windows[i].max, 0);
    }
}

/* Recording thread only: plain loads and stores of the fields it alone writes. */
void
kc_mirror_series_record(kc_mirror_series *s, int64_t now, int64_t v)
{
    int               cur = LOAD(s->current);
    kc_mirror_window *w = &s->windows[cur];
    int64_t           n;

    if (now - LOAD(w->start) >= KC_MIRROR_WINDOW_MS) {
        /* Start the other window over; the one just filled stays readable as the older. */
        cur ^= 1;
        w = &s->windows[cur];
        STORE(w->count, 0);
        STORE(w->sum, 0);
        STORE(w->start, now);
        STORE(s->current, cur);
    }
    n = LOAD(w->count);
    if (n == 0 || v < LOAD(w->min))
        STORE(w->min, v);
    if (n == 0 || v > LOAD(w->max))
        STORE(w->max, v);
    STORE(w->sum, LOAD(w->sum) + v);
    STORE(w->count, n + 1);
    STORE(s->last, v);
    STORE(s->sum, LOAD(s->sum) + v);
    STORE(s->count, LOAD(s->count) + 1);
}

kc_mirror_series_view
kc_mirror_series_read(const kc_mirror_series *s, int64_t now)
{
    kc_mirror_series_view view = { .min = NAN, .max = NAN, .avg = NAN, .rate = 0 };
    int64_t               n = 0, sum = 0, oldest = now;

    view.count = LOAD(s->count);
    view.sum = LOAD(s->sum);
    view.last = view.count > 0 ? (double) LOAD(s->last) : NAN;
    for (int i = 0; i < 2; i++) {
        const kc_mirror_window *w = &s->windows[i];
        int64_t                 start = LOAD(w->start), count = LOAD(w->count);
        if (count == 0 || now - start >= 2 * KC_MIRROR_WINDOW_MS)
            continue;                           /* empty or expired */
        if (n == 0 || LOAD(w->min) < view.min)
            view.min = (double) LOAD(w->min);
        if (n == 0 || LOAD(w->max) > view.max)
            view.max = (double) LOAD(w->max);
        n += count;
        sum += LOAD(w->sum);
        if (start < oldest)
            oldest = start;
    }
    if (n > 0) {
        int64_t elapsed = now - oldest;
        view.avg = (double) sum / (double) n;
        /* Java's Rate divides by at least one full window, so a first burst does not read as
         * an enormous rate. */
        double span = (double) (elapsed < KC_MIRROR_WINDOW_MS ? KC_MIRROR_WINDOW_MS : elapsed);
        view.rate = (double) sum * 1000.0 / span;
        view.count_rate = (double) n * 1000.0 / span;
    }
    return view;
}

void
kc_mirror_metrics_init(kc_mirror_partition_metrics *m)
{
    kc_mirror_series_init(&m->bytes);
    kc_mirror_series_init(&m->record_age_ms);
    kc_mirror_series_init(&m->replication_latency_ms);
}

void
kc_mirror_metrics_polled(kc_mirror_partition_metrics *m, int64_t now, int64_t timestamp)
{
    if (timestamp >= 0)
        kc_mirror_series_record(&m->record_age_ms, now, now - timestamp);
}

void
kc_mirror_metrics_acked(kc_mirror_partition_metrics *m, int64_t now, int64_t timestamp,
                        size_t value_bytes)
{
    kc_mirror_series_record(&m->bytes, now, (int64_t) value_bytes);
    if (timestamp >= 0)
        kc_mirror_series_record(&m->replication_latency_ms, now, now - timestamp);
}

void
kc_mirror_series_emit(kc_metrics_out *out, const char *prefix, const char *what,
                      const kc_mirror_series *s, int64_t now, const char *const *labels)
{
    kc_mirror_series_view v = kc_mirror_series_read(s, now);
    static const char    *suffix[] = { "", "_max", "_min", "_avg" };
    static const char    *how[] = { "", "Maximum over the last 30 to 60 s: ",
                                     "Minimum over the last 30 to 60 s: ",
                                     "Average over the last 30 to 60 s: " };
    double                value[] = { v.last, v.max, v.min, v.avg };
    char                  name[256], help[512];

    for (size_t i = 0; i < KC_ARRAY_LEN(suffix); i++) {
        snprintf(name, sizeof(name), "%s%s", prefix, suffix[i]);
        snprintf(help, sizeof(help), "%s%s", how[i], what);
        out->sample(out, name, KC_METRIC_GAUGE, help, labels, value[i]);
    }
}

struct kc_mirror_leaders {
    rd_kafka_t        *rk;
    rd_kafka_topic_t **rkts;          /* what makes the topics "known" to rk, held till join */
    size_t             n;
    int                timeout_ms;
    pthread_t          thread;
    bool               threaded;
};

static void *
ask_leaders(void *arg)
{
    kc_mirror_leaders              *l = arg;
    const struct rd_kafka_metadata *md = NULL;

    /* all_topics 0 and no handle: the topics rk knows, which are these (rk is new). */
    if (rd_kafka_metadata(l->rk, 0, NULL, &md, l->timeout_ms) == RD_KAFKA_RESP_ERR_NO_ERROR)
        rd_kafka_metadata_destroy(md);
    return NULL;
}

kc_mirror_leaders *
kc_mirror_leaders_ask(rd_kafka_t *rk, const char *const *topics, size_t n, int timeout_ms)
{
    kc_mirror_leaders *l = kc_xcalloc(1, sizeof(*l));

    l->rk = rk;
    l->timeout_ms = timeout_ms;
    l->rkts = kc_xcalloc(n + 1, sizeof(*l->rkts));
    for (size_t i = 0; i < n; i++)
        if ((l->rkts[l->n] = rd_kafka_topic_new(rk, topics[i], NULL)) != NULL)
            l->n++;
    if (l->n > 0) {
        l->threaded = pthread_create(&l->thread, NULL, ask_leaders, l) == 0;
        if (!l->threaded)
            ask_leaders(l);
    }
    return l;
}

void
kc_mirror_leaders_join(kc_mirror_leaders *l)
{
    if (l == NULL)
        return;
    if (l->threaded)
        pthread_join(l->thread, NULL);
    for (size_t i = 0; i < l->n; i++)
        rd_kafka_topic_destroy(l->rkts[i]);
    free(l->rkts);
    free(l);
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
