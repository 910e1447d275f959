/*
 * connectors/mirror/replicator.h - a Confluent Replicator-compatible source connector
 * (io.confluent.connect.replicator.ReplicatorSourceConnector and
 * EMRReplicatorSourceConnector) that runs on MirrorSourceConnector's data path: a connector
 * config in Replicator's vocabulary is translated into a MirrorSource config (source cluster
 * = src.kafka.*, destination = dest.kafka.* or the worker's own cluster), then adjusted
 * where MM2 has no key for what Replicator does (rename policy, topic selection, creation
 * and partition rules). The functions below are the translation, pure and thread-safe, so
 * the unit tests can check it without brokers.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_REPLICATOR_H
#define KC_REPLICATOR_H

#include <jansson.h>

#include "connectors/connector.h"
#include "connectors/mirror/mirror_config.h"

extern const kc_connector_ops kc_replicator_connector;
extern const kc_connector_ops kc_emr_replicator_connector;

/* The alias pair the translated config uses: source partitions in the Connect offsets
 * topic read {"cluster":"source","partition":N,"topic":T}, as MirrorSourceTask writes. */
#define KC_REPLICATOR_SOURCE_ALIAS "source"
#define KC_REPLICATOR_TARGET_ALIAS "destination"

/* Config errors as Connect reports them ({"key":["message",...]}, new reference) or NULL. */
json_t *kc_replicator_validate(const json_t *config);

/* The MirrorSource config (new reference) for a valid Replicator config. worker: the
 * worker cluster's client settings (bootstrap.servers, security.*, sasl.*, ssl.*) used for
 * the destination when dest.kafka.bootstrap.servers is absent; may be NULL (tasks, which
 * only write through the worker's producer). */
json_t *kc_replicator_translate(const json_t *config, const json_t *worker);

/* kc_mirror_config_init on the translated config, then Replicator's rename policy, topic
 * filter, topic.auto.create / topic.preserve.partitions and max.poll.records applied, and
 * the originals set to the Replicator config (task configs carry its vocabulary). -1 with
 * the first error in err. */
int kc_replicator_config(kc_mirror_config *cfg, const json_t *config, const json_t *worker,
                         char *err, size_t errlen);

#endif
