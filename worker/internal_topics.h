/*
 * worker/internal_topics.h - the config, offset and status topics exist and are fit for use.
 *
 * As Java's KafkaTopicBasedBackingStore does at start-up: create each topic if missing
 * (compacted, with the configured partitions and replication factor, the config topic
 * always with one partition, plus the worker's "<store>.X" topic settings); for a topic that
 * already existed, refuse one whose cleanup.policy is not exactly compact, and a config
 * topic with more than one partition. Messages are Java's.
 *
 * Main thread (start-up), blocking up to default.api.timeout.ms per topic; a topic left for
 * later is created on the thread that calls kc_internal_topic_create_later.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_INTERNAL_TOPICS_H
#define KC_INTERNAL_TOPICS_H

#include <librdkafka/rdkafka.h>

#include "lib/common.h"
#include "worker/worker_config.h"

/* The offsets topic's creation, left for later (see kc_internal_topics_ensure). */
typedef struct kc_internal_topic_later kc_internal_topic_later;

/* KC_EINVAL: a topic is unfit (message says why and what to change); KC_ETIMEOUT or
 * KC_EKAFKA: the brokers could not be asked.
 *
 * With later non-NULL, an offsets topic the brokers would create as asked together with
 * the status or config topic is not created here: *later then holds its creation, for
 * kc_internal_topic_create_later while the other stores are opened and read (a store of
 * offsets is read only when a task asks). *later is NULL when nothing was left. */
int kc_internal_topics_ensure(rd_kafka_t *admin, const kc_worker_config *wc,
                              kc_internal_topic_later **later, kc_err *err);

/* Creates and checks the topic left for later, as kc_internal_topics_ensure would have,
 * with an admin client of its own (same errors). A kc_offset_store_prepare_fn: arg is the
 * kc_internal_topic_later; its worker config must outlive it. */
int kc_internal_topic_create_later(void *arg, kc_err *err);

/* A source connector's own offsets topic (offsets.storage.topic, KIP-618), created if missing
 * or checked as the worker's offsets topic is, through admin (the connector's admin client:
 * its cluster may not be the worker's), with the worker's offset.storage.* settings, as
 * Java's KafkaOffsetBackingStore does for a connector's store. Java's messages name
 * offset.storage.topic there too. Blocks up to default.api.timeout.ms; same errors. */
int kc_internal_topic_ensure_offsets(rd_kafka_t *admin, const kc_worker_config *wc,
                                     const char *topic, kc_err *err);

void kc_internal_topic_later_free(kc_internal_topic_later *l);

#endif
