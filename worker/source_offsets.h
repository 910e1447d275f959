/*
 * worker/source_offsets.h - where a source connector's offsets are read and written (KIP-618),
 * as Java's Worker chooses a connector's offset store (offsetStoreFor{Regular,ExactlyOnce}-
 * Source{Connector,Task}, ConnectorOffsetBackingStore):
 *
 * - the worker's offsets topic alone: a regular (at-least-once) connector without its own
 *   offsets.storage.topic, and any connector of a standalone worker (Java ignores the setting
 *   there);
 * - the connector's topic alone: its topic is the worker's offset.storage.topic and its
 *   producer reaches the worker's cluster (Java compares the bootstrap.servers sets), as every
 *   exactly-once connector without offsets.storage.topic. Tasks under exactly-once support
 *   write it in their transactions; otherwise through the worker's store (the same topic on
 *   the same cluster);
 * - both: the connector's topic (its offsets.storage.topic, or the worker's topic name on the
 *   cluster its producer writes to) is written first, through the connector's producer (or
 *   the task's transaction), then the worker's topic; reads take the connector's topic first
 *   and the worker's for a partition the connector's topic has nothing for.
 *
 * The connector's topic is read with the connector's consumer settings (consumer.* and
 * consumer.override.*, read_committed unless a regular connector's say otherwise) and created
 * if missing with its admin settings and the worker's offset.storage.* topic settings.
 *
 * A view is used by one thread at a time (a task's, or a REST request's); the worker's store
 * it borrows is thread-safe.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_SOURCE_OFFSETS_H
#define KC_SOURCE_OFFSETS_H

#include <jansson.h>
#include <librdkafka/rdkafka.h>
#include <stdbool.h>

#include "lib/common.h"
#include "worker/offset_store.h"
#include "worker/worker_config.h"

/* What Java's Worker decides for a connector's config. */
typedef struct kc_source_offsets_plan {
    char *topic;      /* the connector's offsets topic (the worker's when it has none): new */
    bool  own_reads;  /* read through a store of the connector's own (another topic than the
                       * worker's, or its consumer reaches another cluster) */
    bool  both;       /* Java's connector and worker stores: written to topic first, through
                       * the connector's producer, then to the worker's store, which reads
                       * fall back on */
    bool  ensure;     /* topic is created or checked through the connector's admin client */
} kc_source_offsets_plan;

/* The plan for a source connector's (resolved) config on this worker; exactly-once support
 * is the worker's (exactly.once.source.support=enabled). KC_EINVAL with Java's message for
 * an empty offsets.storage.topic. Free plan->topic with kc_source_offsets_plan_clear. */
int  kc_source_offsets_plan_for(const kc_worker_config *wc, const json_t *connector_config,
                                const char *label, kc_source_offsets_plan *plan, kc_err *err);
void kc_source_offsets_plan_clear(kc_source_offsets_plan *plan);

/* What a source connector does first with its offsets store (Java's start() of it): its
 * topic created or checked when it has one of its own. For a connector instance, which reads
 * no offsets. label names the connector in client ids and messages. */
int kc_source_offsets_prepare(const kc_worker_config *wc, const json_t *connector_config,
                              const char *label, kc_err *err);

typedef struct kc_source_offsets kc_source_offsets;

/* A view of connector's offsets: its plan, its topic made ready (kc_source_offsets_prepare)
 * and, when it reads a store of its own, that store opened. worker_store (the worker's,
 * borrowed) and wc must outlive it. NULL with err on failure. */
kc_source_offsets *kc_source_offsets_open(const kc_worker_config *wc,
                                          kc_offset_store *worker_store,
                                          const json_t *connector_config, const char *connector,
                                          const char *label, kc_err *err);
void kc_source_offsets_close(kc_source_offsets *o);

/* Where the connector's offsets are written first: an exactly-once task's transactions write
 * them there (borrowed). */
const char *kc_source_offsets_topic(const kc_source_offsets *o);

/* Queues the offsets topic's record (connector, partition) -> offset (NULL: a tombstone)
 * to topic through rk, keyed and written as Java's stores write it (copied; no opaque). */
rd_kafka_resp_err_t kc_source_offsets_produce(rd_kafka_t *rk, const char *topic,
                                              const char *connector, const json_t *partition,
                                              const json_t *offset);

/* offsets[i] (a new reference, NULL when none) for partitions[i]: the connector's topic's,
 * else the worker's when both are used. On failure every offsets[i] is NULL. */
int kc_source_offsets_get_many(kc_source_offsets *o, const json_t *const *partitions,
                               size_t n, json_t **offsets, kc_err *err);

/* Every partition stored and its offset, the connector's topic's taking precedence: a new
 * array of {"partition":{...},"offset":{...}} (KIP-875's GET /connectors/{c}/offsets). */
int kc_source_offsets_list(kc_source_offsets *o, json_t **out, kc_err *err);

/* Stores offsets[i] (NULL: a tombstone) under partitions[i] and waits for them, as Java's
 * ConnectorOffsetBackingStore.set: with both stores, tombstones go to the worker's store
 * first (its failure fails the write), then everything to the connector's topic (its failure
 * fails the write), then the other offsets to the worker's store (its failure is only
 * logged). Not for an exactly-once task's transactions (kc_source_offsets_committed). */
int kc_source_offsets_write(kc_source_offsets *o, const json_t *const *partitions,
                            const json_t *const *offsets, size_t n, int timeout_ms,
                            kc_err *err);

/* Whether offsets written to the connector's topic are then written to the worker's store
 * (both stores). */
bool kc_source_offsets_both(const kc_source_offsets *o);

/* After an exactly-once task's transaction committed offsets[i] for partitions[i] to the
 * connector's topic: with both stores, the worker's store gets them (outside the
 * transaction; a failure is logged, as Java's secondary write). */
void kc_source_offsets_committed(kc_source_offsets *o, const json_t *const *partitions,
                                 const json_t *const *offsets, size_t n, int timeout_ms);

#endif
