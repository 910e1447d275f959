/*
 * connectors/mirror/mirror_policy.h - MirrorMaker 2's replication policies: how remote topics
 * are named and recognised (Kafka's DefaultReplicationPolicy and IdentityReplicationPolicy).
 *
 * A policy is built once from a connector config and then only read: any thread may call the
 * functions below concurrently. Returned strings are new (the caller frees them); NULL is
 * returned exactly where Java returns null.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_MIRROR_POLICY_H
#define KC_MIRROR_POLICY_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

typedef struct kc_mirror_policy {
    bool  identity;              /* IdentityReplicationPolicy */
    char *separator;             /* replication.policy.separator, "." by default */
    bool  internal_separator;    /* replication.policy.internal.topic.separator.enabled */
    char *source_alias;          /* Identity and rename: source.cluster.alias, or NULL */
    char *rename_format;         /* rename policy (Replicator's topic.rename.format), or NULL */
} kc_mirror_policy;

#define KC_MIRROR_POLICY_CLASS_KEY          "replication.policy.class"
#define KC_MIRROR_POLICY_SEPARATOR_KEY      "replication.policy.separator"
#define KC_MIRROR_POLICY_INTERNAL_SEP_KEY   "replication.policy.internal.topic.separator.enabled"
#define KC_MIRROR_POLICY_SOURCE_ALIAS_KEY   "source.cluster.alias"

/* From a connector config (a JSON object of strings), as Java's configure() reads it:
 * replication.policy.class (trimmed; Default when absent) names
 * org.apache.kafka.connect.mirror.DefaultReplicationPolicy or IdentityReplicationPolicy, or
 * their simple names; the separator is read only when its key is present, and the internal
 * separator flag (Boolean.parseBoolean: "true" in any case is true, anything else false) only
 * then; Identity keeps source.cluster.alias when present. An unknown class or a non-string
 * value -> -1 with a message naming the key and value in err; p is then empty (free is safe). */
int   kc_mirror_policy_init(kc_mirror_policy *p, const json_t *config, char *err, size_t errlen);
void  kc_mirror_policy_free(kc_mirror_policy *p);

/* The rename policy of Confluent Replicator's topic.rename.format: a remote topic is the
 * format with every "${topic}" replaced by the source topic's name (a format without it
 * names one topic for all). A topic came from source_alias when it is the image of some
 * non-empty name under the format; that name is its upstream topic (NULL when the format
 * has no placeholder). Internal topic names are Default's ("." separators). */
void  kc_mirror_policy_init_rename(kc_mirror_policy *p, const char *format,
                                   const char *source_alias);

char *kc_mirror_format_remote_topic(const kc_mirror_policy *p, const char *alias, const char *topic);
char *kc_mirror_topic_source(const kc_mirror_policy *p, const char *topic);
char *kc_mirror_upstream_topic(const kc_mirror_policy *p, const char *topic);
char *kc_mirror_original_topic(const kc_mirror_policy *p, const char *topic);
char *kc_mirror_offset_syncs_topic(const kc_mirror_policy *p, const char *alias);
char *kc_mirror_checkpoints_topic(const kc_mirror_policy *p, const char *alias);
const char *kc_mirror_heartbeats_topic(const kc_mirror_policy *p);   /* "heartbeats" */
bool  kc_mirror_is_heartbeats_topic(const kc_mirror_policy *p, const char *topic);
bool  kc_mirror_is_checkpoints_topic(const kc_mirror_policy *p, const char *topic);
/* Kafka 4.x (KIP-1074): starts with "mm2" and ends with <isep>internal, or a checkpoints
 * topic. */
bool  kc_mirror_is_mm2_internal_topic(const kc_mirror_policy *p, const char *topic);
/* An MM2 internal topic, or a name starting with "__" or ".". */
bool  kc_mirror_is_internal_topic(const kc_mirror_policy *p, const char *topic);
/* MirrorSourceConnector's cycle check for a flow into target_alias: the topic, or any topic
 * it was copied from, came from target_alias. */
bool  kc_mirror_is_cycle(const kc_mirror_policy *p, const char *target_alias, const char *topic);

#endif
