/*
 * connectors/mirror/mirror_config.h - what the three MirrorMaker connectors read from their
 * configs (spec/mirrormaker2.md §1): typed values with Java's defaults and messages, the
 * Kafka clients each connector builds (§1.7), and the checks behind config validation.
 *
 * A kc_mirror_config owns a copy of the connector config with every string value trimmed,
 * as Java's ConfigDef trims typed values (runbook 4 has a class name with a leading space),
 * and with the keys Kafka 3.x called *.blacklist mapped onto their 4.x names (Kafka 4
 * ignores them silently, which turns runbook 4's exclude lists into no-ops).
 * Built once on the connector or task thread, read-only afterwards.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_MIRROR_CONFIG_H
#define KC_MIRROR_CONFIG_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#include "connectors/connector.h"
#include "connectors/mirror/mirror_policy.h"
#include "lib/java_regex.h"
#include "lib/props.h"

typedef enum {
    KC_MIRROR_SOURCE_CONNECTOR,
    KC_MIRROR_CHECKPOINT_CONNECTOR,
    KC_MIRROR_HEARTBEAT_CONNECTOR,
} kc_mirror_kind;

typedef struct kc_mirror_config {
    kc_mirror_kind   kind;
    json_t          *values;          /* trimmed copy of the config (owned) */
    json_t          *originals;       /* the config as given (owned): task configs copy it */
    const char      *name;            /* connector name (into values) */
    const char      *source_alias;
    const char      *target_alias;
    bool             enabled;
    kc_mirror_policy policy;
    bool             policy_ready;
    int64_t          admin_timeout_ms;
    bool             offset_syncs_on_target;   /* offset-syncs.topic.location=target */
    bool             emit_offset_syncs;
    kc_regex        *topics, *topics_exclude;
    kc_regex        *groups, *groups_exclude;
    kc_regex        *config_exclude;
    bool             source_admin_keeps_source;  /* runbook 1: see kc_mirror_client_props */
    /* Connectors that run on MirrorSource's data path under another vocabulary (Replicator)
     * change these after kc_mirror_config_init, which sets MirrorSourceConnector's ways. */
    const char      *connector_label;  /* "MirrorSourceConnector": scheduler and log names */
    bool             create_topics;    /* create missing remote topics */
    bool             rf_from_source;   /* created topics get the source topic's replication
                                          factor (else replication.factor) */
    bool             grow_partitions;  /* add remote partitions to match the source */
    bool             keep_partitions;  /* a record goes to its source partition's number */
    int              max_poll_records; /* records per task poll at most; 0: no own cap */
    /* provenance.header.enable (kconnect's, MirrorSource only; default: on with
     * IdentityReplicationPolicy, where nothing else stops a record coming back) and
     * provenance.header.name: see provenance.h. */
    bool             provenance;
    const char      *provenance_header;
} kc_mirror_config;

/* Parses config for a connector of `kind`. On error: -1, the key and Java's message in
 * err. The deprecated-alias and admin-bootstrap warnings are logged through ctx (may be
 * NULL: then they are not logged). */
int  kc_mirror_config_init(kc_mirror_config *c, kc_mirror_kind kind, const json_t *config,
                           const kc_context *ctx, char *err, size_t errlen);
void kc_mirror_config_free(kc_mirror_config *c);

/* Typed reads with the default given (the value must have passed validation). */
const char *kc_mirror_str(const kc_mirror_config *c, const char *key, const char *def);
int64_t     kc_mirror_long(const kc_mirror_config *c, const char *key, int64_t def);
bool        kc_mirror_bool(const kc_mirror_config *c, const char *key, bool def);
/* "<x>.enabled" false or "<x>.interval.seconds" negative: -1 (never); else milliseconds. */
int64_t     kc_mirror_interval_ms(const kc_mirror_config *c, const char *enabled_key,
                                  const char *interval_key, int64_t def_seconds);

/* The settings of one of MM2's own clients, layered as §1.7 says: `cluster` is "source" or
 * "target", `role` is "consumer", "producer" or "admin"; client.id is
 * "<src>-><tgt>|<name>[-<task>]|<role_label>" (task < 0: none). */
void kc_mirror_client_props(const kc_mirror_config *c, const char *cluster, const char *role,
                            int task, const char *role_label, kc_props *out);
/* The host the MirrorMaker connectors make their Kafka clients through (kc_host.kafka_*, ABI
 * 8): set by each of their starts, and by whoever runs their code outside a task (the mirror
 * status of REST and of the mirror-status command). One process, one host: any thread. */
void kc_mirror_use_host(const kc_host *host);
const kc_host *kc_mirror_host(void);

/* A client of type from Java client settings through that host; NULL with the reason in
 * err. */
rd_kafka_t *kc_mirror_kafka_new(rd_kafka_type_t type, const kc_props *settings,
                                const char *const *extra, const kc_kafka_hooks *hooks,
                                char *err, size_t errlen);
void kc_mirror_kafka_destroy(rd_kafka_t *rk);

/* A librdkafka handle for that client (type from role); NULL with err set. */
rd_kafka_t *kc_mirror_client(const kc_mirror_config *c, const char *cluster, const char *role,
                             int task, const char *role_label, const kc_kafka_hooks *hooks,
                             char *err, size_t errlen);
/* A consumer that reads `partitions` partitions through librdkafka's per-partition queues
 * (kc_mirror_consume_start), its prefetch bounded as Java's consumer's memory is. */
rd_kafka_t *kc_mirror_partition_consumer(const kc_mirror_config *c, const char *cluster,
                                         int task, const char *role_label, size_t partitions,
                                         char *err, size_t errlen);

/* The cluster that holds the offset-syncs topic ("source" or "target") and its name. */
const char *kc_mirror_offset_syncs_cluster(const kc_mirror_config *c);
char       *kc_mirror_offset_syncs_topic_name(const kc_mirror_config *c);

/* ConnectorConfig + MirrorXConfig validation for PUT .../config/validate and start():
 * {"key":["message",...]} (new reference) or NULL when valid. */
json_t *kc_mirror_validate(kc_mirror_kind kind, const json_t *config);

/* Whether any of the three connectors' ConfigDefs (Connect's ConnectorConfig included)
 * defines key: dedicated mode copies such top-level keys into every connector (§8.6). */
bool kc_mirror_config_key_defined(const char *key);

/* The connector's keys as GET /connector-plugins/{p}/config shows them: Java's
 * ConfigKeyInfo list (mirror_defs.inc), Connect's own keys first as MirrorConnectorConfig
 * extends ConnectorConfig. New reference. */
json_t *kc_mirror_config_def(kc_mirror_kind kind);

/* A copy of a connector config with every string value trimmed, as Java's ConfigDef trims
 * typed values. New reference. */
json_t *kc_mirror_trimmed_copy(const json_t *config);

/* Appends a message to errors[key] ({"key":["message",...]}, the shape validate() returns). */
void kc_mirror_add_error(json_t *errors, const char *key, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Task configs share this: originals + extra key/value (strings). New reference. */
json_t *kc_mirror_task_config(const kc_mirror_config *c, const char *key, const char *value,
                              int index);

#endif
