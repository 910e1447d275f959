/*
 * worker/internal_topics.h - the config, offset and status topics exist and are fit for use.
 *
 * As Java's KafkaTopicBasedBackingStore does at start-up: create each topic if missing
 * (compacted, with the configured partitions and replication factor, the config topic
 * always with one partition, plus the worker's "<store>.X" topic settings); for a topic that
 * already existed, refuse one whose cleanup.policy is not exactly compact, and a config
 * topic with more than one partition. Messages are Java's.
 *
 * Main thread (start-up), blocking up to default.api.timeout.ms per topic.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_INTERNAL_TOPICS_H
#define KC_INTERNAL_TOPICS_H

#include <librdkafka/rdkafka.h>

#include "worker/common.h"
#include "worker/worker_config.h"

/* KC_EINVAL: a topic is unfit (message says why and what to change); KC_ETIMEOUT or
 * KC_EKAFKA: the brokers could not be asked. */
int kc_internal_topics_ensure(rd_kafka_t *admin, const kc_worker_config *wc, kc_err *err);

#endif
