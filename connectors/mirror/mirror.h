/*
 * connectors/mirror/mirror.h - what the three MirrorMaker connectors share: their class
 * tables (registered as built-ins by worker/plugins.c), the topic filter, internal topic
 * creation, and the per-partition metrics of spec/mirrormaker2.md §9.1.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_MIRROR_H
#define KC_MIRROR_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include <librdkafka/rdkafka.h>

#include "connectors/connector.h"
#include "connectors/mirror/mirror_config.h"
#include "lib/wire.h"

/* Logs through the worker on behalf of a connector or task (cx: its kc_context *). */
#define KC_MIRROR_LOG(cx, level, ...) (cx)->host->log((cx)->ctx, level, __VA_ARGS__)

extern const kc_connector_ops kc_mirror_source_connector;
extern const kc_connector_ops kc_mirror_checkpoint_connector;
extern const kc_connector_ops kc_mirror_heartbeat_connector;

/* MirrorSourceConnector's start() and MirrorSourceTask's start() on a config the caller
 * built and adjusted (Replicator's translation): cfg is taken over (zeroed here; freed by
 * the connector or task, also when starting fails). The other functions are those of
 * kc_mirror_source_connector and its task table. */
int kc_mirror_source_start_prepared(void **priv, const kc_context *ctx, kc_mirror_config *cfg,
                                    char *err, size_t errlen);
int kc_mirror_source_task_start_prepared(void **priv, const kc_context *ctx,
                                         kc_mirror_config *cfg, char *err, size_t errlen);

/* shouldReplicateTopic (§4.2): the topic filter (or a heartbeats topic), not internal, not
 * a cycle back into the target. */
bool kc_mirror_should_replicate_topic(const kc_mirror_config *c, bool heartbeats_replication,
                                      const char *topic);

/* MirrorUtils.createCompactedTopic: 1 partition, cleanup.policy=compact; a topic that exists
 * or that we are not allowed to create is left alone (logged at most). */
void kc_mirror_create_compacted_topic(const kc_context *ctx, rd_kafka_t *admin,
                                      const char *topic, int replication_factor, int timeout_ms,
                                      const char *cluster);

/* A record for partition 0 of topic (borrowed: must outlive the record) whose key and
 * value are copies of the buffers; it owns the two JSON objects given. */
void kc_mirror_owned_record(kc_record *r, const char *topic, int64_t timestamp,
                            const kc_wbuf *key, const kc_wbuf *value, json_t *source_partition,
                            json_t *source_offset);

/* Asks a new consumer rk for the metadata of topics (n of them, one request), so their
 * partitions' leaders are known before partitions start, at a logical offset
 * (RD_KAFKA_OFFSET_BEGINNING/END) in particular: librdkafka resolves those with ListOffsets
 * at the leader and, when a new client does not know the leader yet, tries again only after
 * a fixed 500 ms. A failure only leaves that retry. The request runs on a thread of its own,
 * so the caller can do other round trips meanwhile (a new client's first request also waits
 * for its first connection); kc_mirror_leaders_join waits for it, at most timeout_ms from
 * the start, and frees. The caller's thread owns the handle. */
typedef struct kc_mirror_leaders kc_mirror_leaders;
kc_mirror_leaders *kc_mirror_leaders_ask(rd_kafka_t *rk, const char *const *topics, size_t n,
                                         int timeout_ms);
void kc_mirror_leaders_join(kc_mirror_leaders *l);

/* The one field of MirrorSourceTask's source offsets ({"offset": N}, MirrorUtils.wrapOffset),
 * its source_offset_field (plugin ABI 5): every task table that runs its poll() names it,
 * or the worker stores no offsets for those records. Such a table also sets lean_records
 * (ABI 6): its records' headers live in the task's pool only until the next poll(). */
#define KC_MIRROR_OFFSET_FIELD "offset"

/* Reading without a consumer group, as Java's assign() without group.id does (librdkafka's
 * assign() wants a group): partition of topic from offset (absolute, or
 * RD_KAFKA_OFFSET_BEGINNING/END) into queue. The topic handle returned is the caller's, to
 * give back to kc_mirror_consume_stop(). NULL with err set on failure. */
rd_kafka_topic_t *kc_mirror_consume_start(rd_kafka_t *rk, const char *topic, int32_t partition,
                                          int64_t offset, rd_kafka_queue_t *queue, char *err,
                                          size_t errlen);
void kc_mirror_consume_stop(rd_kafka_topic_t *rkt, int32_t partition);
/* Where a partition with no stored position starts: the consumer's auto.offset.reset
 * (earliest, MM2's default, or latest) on `cluster`. */
int64_t kc_mirror_reset_offset(const kc_mirror_config *c, const char *cluster);

/* A series of recorded values with Java's metrics semantics: the last value, a lifetime count
 * and sum (CumulativeCount/Sum), and min/max/avg/rate over two samples of
 * KC_MIRROR_WINDOW_MS (Java's MetricConfig defaults: samples 2, 30 s windows).
 * One thread records (the owning task's); another reads (a metrics scrape). Every field is
 * a relaxed atomic: a reader may see a value half-recorded (a count without its sum) but no
 * torn number, which is all a metric needs, and the recording thread pays no fence. */
#define KC_MIRROR_WINDOW_MS 30000

typedef struct kc_mirror_window {
    _Atomic int64_t start, count, sum, min, max;
} kc_mirror_window;

typedef struct kc_mirror_series {
    _Atomic int64_t  last, count, sum;
    _Atomic int      current;           /* index of the window being filled */
    kc_mirror_window windows[2];
} kc_mirror_series;

/* What a reader sees: min/max/avg are NaN when no value fell in the windows (Java's). */
typedef struct kc_mirror_series_view {
    double  last, min, max, avg, rate;   /* rate: windowed sum per second */
    double  count_rate;                  /* windowed values recorded per second */
    int64_t count, sum;
} kc_mirror_series_view;

void kc_mirror_series_init(kc_mirror_series *s);
void kc_mirror_series_record(kc_mirror_series *s, int64_t now_ms, int64_t v);
kc_mirror_series_view kc_mirror_series_read(const kc_mirror_series *s, int64_t now_ms);

/* MirrorSourceConnector metrics of one replicated partition (§9.1), recorded by its task
 * thread, read by metrics scrapes. */
typedef struct kc_mirror_partition_metrics {
    /* value bytes per acknowledged record: byte-count/-rate, and (one value per record)
     * record-count/-rate from its count */
    kc_mirror_series bytes;
    kc_mirror_series record_age_ms;           /* poll time - source timestamp */
    kc_mirror_series replication_latency_ms;  /* ack time - source timestamp */
} kc_mirror_partition_metrics;

void kc_mirror_metrics_init(kc_mirror_partition_metrics *m);
void kc_mirror_metrics_polled(kc_mirror_partition_metrics *m, int64_t now, int64_t timestamp);
void kc_mirror_metrics_acked(kc_mirror_partition_metrics *m, int64_t now, int64_t timestamp,
                             size_t value_bytes);

/* Writes a series as Java's metric group does: <prefix> (last value), <prefix>_min, _max and
 * _avg, all gauges in ms. labels as in kc_metrics_out. */
void kc_mirror_series_emit(kc_metrics_out *out, const char *prefix, const char *what,
                           const kc_mirror_series *s, int64_t now, const char *const *labels);

#endif
