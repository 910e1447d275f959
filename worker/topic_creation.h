/*
 * worker/topic_creation.h - source connectors' topic creation (KIP-158): a source task that
 * sends to a topic for the first time creates it, if it does not exist, with the settings of
 * the first `topic.creation.groups` group whose include/exclude patterns match it, else of
 * the `default` group (`topic.creation.default.replication.factor` and `.partitions`, both
 * required; any other `topic.creation.<group>.<key>` is a topic config), as Java's
 * WorkerSourceTask does with TopicCreation and TopicCreationGroup.
 *
 * In use when the worker's topic.creation.enable is true and the connector config has any
 * key starting with "topic.creation.".
 *
 * Owner: the source task's thread.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_TOPIC_CREATION_H
#define KC_TOPIC_CREATION_H

#include <jansson.h>
#include <librdkafka/rdkafka.h>
#include <stdbool.h>

#include "lib/common.h"

typedef struct kc_topic_creation kc_topic_creation;

/* The connector's groups: KC_OK and *out NULL when topic creation is not in use; KC_EINVAL
 * with Java's ConfigException message when its settings are invalid. label names the task
 * in log lines. */
int  kc_topic_creation_new(bool worker_enabled, const json_t *connector_config,
                           const char *label, kc_topic_creation **out, kc_err *err);
void kc_topic_creation_free(kc_topic_creation *tc);

/* The name of the group that creates topic: the first of topic.creation.groups whose
 * include patterns match it and exclude patterns do not, else "default". */
const char *kc_topic_creation_group_of(const kc_topic_creation *tc, const char *topic);

/* Before the first send to topic (cheap for a topic seen before): looks it up through admin
 * and creates it with its group's settings when missing. KC_OK once it exists; otherwise
 * the task's failure, worded as Java's. */
int  kc_topic_creation_ensure(kc_topic_creation *tc, rd_kafka_t *admin, const char *topic,
                              kc_err *err);

#endif
