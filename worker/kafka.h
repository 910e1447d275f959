/*
 * worker/kafka.h - librdkafka handles as the worker makes them, and the admin operations the
 * worker needs (cluster id, topic metadata, CreateTopics, DescribeConfigs).
 *
 * Handles log through kc_log (subsystem "kafka"). Admin calls block the calling thread for
 * at most their timeout; call them from the main or herder thread, never from REST.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_KAFKA_H
#define KC_KAFKA_H

#include <stdbool.h>
#include <librdkafka/rdkafka.h>

#include "connectors/connector.h"
#include "lib/common.h"
#include "lib/props.h"

/* A new handle of type `type`, configured from props (keys under prefix, see clientconf.h),
 * then from extra ("rk.key", "value" pairs, NULL-terminated; may be NULL). */
rd_kafka_t *kc_kafka_new(rd_kafka_type_t type, const kc_props *props, const char *prefix,
                         const char *const *extra, kc_err *err);

/* kc_kafka_new with callbacks (hooks may be NULL; kc_kafka_hooks is the plugin API's, as
 * plugins get these clients through kc_host.kafka_new). */
rd_kafka_t *kc_kafka_new_ex(rd_kafka_type_t type, const kc_props *props, const char *prefix,
                            const char *const *extra, const kc_kafka_hooks *hooks, kc_err *err);

/* The hooks' user pointer of a handle made by kc_kafka_new_ex. */
void *kc_kafka_user(rd_kafka_t *rk);

/* Destroys a handle made by kc_kafka_new (waits for librdkafka's threads). NULL is fine. */
void kc_kafka_destroy(rd_kafka_t *rk);

/* The last error librdkafka reported on rk ("" if none), copied into buf. */
void kc_kafka_last_error(rd_kafka_t *rk, char *buf, size_t size);

/* Waits until rk is connected to a broker and knows the cluster's brokers (a Metadata
 * request for no topic). A new handle connects at once (worker/clientconf.c), but what it
 * asks for before a connection is up waits: a partition leader lookup that finds no broker
 * up asks again 100 ms later, then 200, ...; an idempotent producer's id, 500 ms later
 * (unless a Metadata answer comes first, as this one does). KC_ETIMEOUT/KC_EKAFKA. */
int kc_kafka_connect(rd_kafka_t *rk, int timeout_ms, kc_err *err);

/* The cluster id, as a new string. KC_ETIMEOUT if the brokers did not answer in time. */
int kc_kafka_cluster_id(rd_kafka_t *rk, int timeout_ms, char **id_out, kc_err *err);

/* *partitions = partition count, or -1 when the topic does not exist. */
int kc_kafka_topic_partitions(rd_kafka_t *rk, const char *topic, int timeout_ms,
                              int *partitions, kc_err *err);

/* Creates topic with partitions and replication factor (-1: broker default) and the
 * topic configs in configs (may be NULL). *created is false when it already existed.
 * KC_EAGAIN when the replication factor cannot be met yet (fewer brokers registered);
 * KC_EINVAL when the brokers refuse the topic's settings. */
int kc_kafka_create_topic(rd_kafka_t *rk, const char *topic, int partitions,
                          int replication_factor, const kc_props *configs, int timeout_ms,
                          bool *created, kc_err *err);

/* Several topics in one CreateTopics request, each with what kc_kafka_create_topic says of
 * it: in rc (KC_OK, KC_EAGAIN, KC_EINVAL, KC_ETIMEOUT, KC_EKAFKA), err and created. With
 * validate_only the brokers only check the request: created then means "would be created"
 * (rc KC_OK and !created: it exists). Always returns KC_OK: the answers are per topic.
 * topics[] and what it points to are borrowed. */
typedef struct kc_new_topic {
    const char     *name;
    int             partitions;
    int             replication_factor;
    const kc_props *configs;              /* may be NULL */
    int             rc;                   /* out */
    bool            created;              /* out */
    kc_err          err;                  /* out, when rc != KC_OK */
} kc_new_topic;
int kc_kafka_create_topics(rd_kafka_t *rk, kc_new_topic *topics, size_t n, bool validate_only,
                           int timeout_ms);

/* The value of one topic config (DescribeConfigs), a new string; NULL if not reported.
 * KC_ENOTFOUND if the broker does not know the topic (yet: metadata of a topic created a
 * moment ago takes a while to reach every broker); KC_EKAFKA for other refusals. */
int kc_kafka_topic_config(rd_kafka_t *rk, const char *topic, const char *name, int timeout_ms,
                          char **value_out, kc_err *err);

#endif
