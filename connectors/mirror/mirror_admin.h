/*
 * connectors/mirror/mirror_admin.h - blocking Kafka Admin calls for the MirrorMaker 2
 * connectors: list/create topics, grow partitions, describe and incrementally alter topic
 * configs, describe and create topic ACLs, list/describe consumer groups, read and write
 * their committed offsets.
 *
 * Every call blocks its caller for at most about timeout_ms (librdkafka's request timeout,
 * plus a second of slack for the answer to arrive), takes a handle made by kc_kafka_new()
 * (any type: producer, consumer or a handle made only for admin work) and returns KC_OK or
 * a KC_E* code, with err->msg naming the operation, the items and Kafka's error, as in
 * "CreateTopics(kafka-source.t): TOPIC_AUTHORIZATION_FAILED: Authorization failed.".
 * KC_ETIMEOUT when the cluster did not answer in time, KC_EINVAL for input librdkafka refuses
 * to send (a negative offset, a name given twice), KC_EKAFKA for other failures of the whole
 * request.
 *
 * Where Kafka answers per item (topic, ACL binding, group), the item's result is reported
 * per item (errs[i]) and the call returns KC_OK; then err->msg (err->code stays KC_OK)
 * describes the first failed item, in the same format, so callers can log it. An item the
 * answer does not mention (it should not happen) reads RD_KAFKA_RESP_ERR__TIMED_OUT.
 *
 * Threads: any thread. Each call waits on its own result queue, so the same handle may be
 * used by several threads at once (librdkafka handles are thread-safe), as may different
 * handles. Returned memory is new and owned by the caller (free with the matching *_free).
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_MIRROR_ADMIN_H
#define KC_MIRROR_ADMIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <librdkafka/rdkafka.h>

#include "lib/common.h"

/* ===== Topics ===== */

typedef struct kc_admin_topic { char *name; int partitions; } kc_admin_topic;

/* Whether a caller wants a topic listed (kc_admin_list_topics); arg is the caller's. */
typedef bool (*kc_admin_topic_filter)(void *arg, const char *topic);

/* Every topic the cluster reports (Metadata for all topics) that is not a Kafka-internal
 * topic (__consumer_offsets, __transaction_state, ...: what Java's listTopics() leaves out
 * by default), with its partition count, and that keep (NULL: every topic) keeps. Sorted
 * by name (strcmp). Topics the principal may not describe are not reported by the brokers,
 * hence not listed. Whether a topic is internal takes one more request, made only for
 * topics keep keeps that could be (their names start with "__"): a caller that filters
 * passes its filter here rather than filtering the list. */
int  kc_admin_list_topics(rd_kafka_t *rk, int timeout_ms, kc_admin_topic_filter keep,
                          void *keep_arg, kc_admin_topic **out, size_t *n, kc_err *err);
void kc_admin_topics_free(kc_admin_topic *t, size_t n);

typedef struct kc_admin_new_topic {
    const char        *name;
    int                partitions;
    int                replication_factor;     /* -1: broker default */
    const char *const *configs;                /* name, value pairs, NULL-terminated; may be NULL */
} kc_admin_new_topic;

/* One CreateTopics request for n topics. errs[i] = rd_kafka_resp_err_t of topic i (0: created;
 * TOPIC_ALREADY_EXISTS kept as is so callers decide); msgs (may be NULL) [i] = the broker's
 * message for topic i (new string) or NULL. KC_EINVAL (nothing sent) when librdkafka
 * refuses to build a topic (a partition count or replication factor out of its range). */
int kc_admin_create_topics(rd_kafka_t *rk, const kc_admin_new_topic *topics, size_t n,
                           int timeout_ms, int *errs, char **msgs, kc_err *err);

/* One CreatePartitions request: increase topics[i] to counts[i] partitions; errs[i] per topic
 * (INVALID_PARTITIONS, e.g. "already has N partitions", kept as is). */
int kc_admin_create_partitions(rd_kafka_t *rk, const char *const *topics, const int *counts,
                               size_t n, int timeout_ms, int *errs, kc_err *err);

/* ===== Topic configs ===== */

typedef struct kc_admin_config_entry {
    char *name, *value;            /* value NULL when the broker reports none (sensitive, null) */
    int   source;                  /* rd_kafka_ConfigSource_t */
    bool  is_default, read_only, sensitive;
} kc_admin_config_entry;

typedef struct kc_admin_topic_config {
    char                  *topic;
    int                    err;    /* rd_kafka_resp_err_t for this topic */
    kc_admin_config_entry *entries;
    size_t                 n;
} kc_admin_topic_config;

/* DescribeConfigs for n TOPIC resources in one request. (*out)[i] is topics[i] (n entries).
 * A topic the broker does not know has err UNKNOWN_TOPIC_OR_PART and no entries. */
int  kc_admin_describe_topic_configs(rd_kafka_t *rk, const char *const *topics, size_t n,
                                     int timeout_ms, kc_admin_topic_config **out, kc_err *err);
void kc_admin_topic_configs_free(kc_admin_topic_config *c, size_t n);

typedef struct kc_admin_config_op {
    const char *name;
    const char *value;             /* SET's value; ignored for DELETE */
    bool        delete_op;
} kc_admin_config_op;

typedef struct kc_admin_topic_alter {
    const char               *topic;
    const kc_admin_config_op *ops;
    size_t                    n;
} kc_admin_topic_alter;

/* One IncrementalAlterConfigs request: for each topic, SET name=value or DELETE name (back
 * to the default). errs[i] per topic. KC_EINVAL with "unsupported" in err->msg when the
 * broker does not support the API (where Java raises UnsupportedVersionException). */
int kc_admin_incremental_alter_topic_configs(rd_kafka_t *rk, const kc_admin_topic_alter *alters,
                                             size_t n, int timeout_ms, int *errs, kc_err *err);

/* ===== ACLs ===== */

typedef struct kc_admin_acl {
    char *topic, *principal, *host;
    int   pattern_type;             /* rd_kafka_ResourcePatternType_t */
    int   operation;                /* rd_kafka_AclOperation_t */
    int   permission;               /* rd_kafka_AclPermissionType_t */
} kc_admin_acl;

/* DescribeAcls for resource type TOPIC, any name, pattern type ANY, any principal, host,
 * operation and permission. KC_EINVAL with "security disabled" in err->msg when the cluster
 * has no authorizer (SECURITY_DISABLED): the caller logs once and stops asking.
 * librdkafka 2.12.1 loses DescribeAcls' SECURITY_DISABLED (it answers "no bindings"), so when
 * no binding comes back one more request tells the two apart: a CreateAcls for a binding with
 * an empty topic name, which every broker refuses without changing any ACL
 * (SECURITY_DISABLED without an authorizer, INVALID_REQUEST or CLUSTER_AUTHORIZATION_FAILED
 * with one); and, with an authorizer, a DescribeCluster tells whether the principal may
 * describe the cluster at all (KC_EKAFKA, CLUSTER_AUTHORIZATION_FAILED, when not, as Java's
 * ClusterAuthorizationException). */
int  kc_admin_describe_topic_acls(rd_kafka_t *rk, int timeout_ms, kc_admin_acl **out, size_t *n,
                                  kc_err *err);
void kc_admin_acls_free(kc_admin_acl *a, size_t n);

/* One CreateAcls request for n TOPIC bindings (each with its own pattern type). A binding
 * the broker refuses is logged (WARN, subsystem "mirror-admin") and counted in *failed;
 * the call still returns KC_OK. KC_EINVAL (nothing sent) for a binding librdkafka refuses
 * to build (e.g. pattern type ANY). */
int  kc_admin_create_acls(rd_kafka_t *rk, const kc_admin_acl *acls, size_t n, int timeout_ms,
                          size_t *failed, kc_err *err);

/* ===== Consumer groups ===== */

/* The group calls below that talk to a group's coordinator (offsets, states) try again, until
 * their timeout, while the coordinator is not ready (NOT_COORDINATOR, COORDINATOR_NOT_AVAILABLE,
 * COORDINATOR_LOAD_IN_PROGRESS: e.g. __consumer_offsets being created), as Java's admin
 * client does. */

/* Every consumer group id the brokers list (ListGroups to every broker): classic groups with
 * protocol type "consumer" or none (simple/admin-only groups) and KIP-848 consumer groups,
 * in any state; not Connect, share or other groups, as Java's listConsumerGroups(). Sorted.
 * As Java's listConsumerGroups().valid(), a broker that answers with an error is skipped
 * (its error text is left in err->msg, err->code KC_OK); KC_EKAFKA when no broker answered. */
int  kc_admin_list_groups(rd_kafka_t *rk, int timeout_ms, char ***ids, size_t *n, kc_err *err);
void kc_admin_strings_free(char **s, size_t n);

typedef struct kc_admin_group_offset {
    char   *topic;
    int32_t partition;
    int64_t offset;                 /* -1: the group has an entry with no offset */
    char   *metadata;               /* "" when none; NUL-terminated, but see metadata_len */
    size_t  metadata_len;           /* its bytes: a client's metadata may hold NULs (one
                                     * written by confluent-kafka-python ends with one) and
                                     * Java passes them on */
} kc_admin_group_offset;

/* The committed offsets of one group (OffsetFetch, all partitions, not requiring stable
 * offsets), sorted by topic then partition. A group that does not exist: KC_OK with n = 0. */
int  kc_admin_list_group_offsets(rd_kafka_t *rk, const char *group, int timeout_ms,
                                 kc_admin_group_offset **out, size_t *n, kc_err *err);
void kc_admin_group_offsets_free(kc_admin_group_offset *o, size_t n);

/* librdkafka 2.12 has no names for the KIP-848 states Assigning and Reconciling: a KIP-848
 * group in one of them is reported as KC_GROUP_UNKNOWN (never as EMPTY). */
typedef enum { KC_GROUP_UNKNOWN = 0, KC_GROUP_NOT_FOUND, KC_GROUP_EMPTY, KC_GROUP_STABLE,
               KC_GROUP_PREPARING_REBALANCE, KC_GROUP_COMPLETING_REBALANCE, KC_GROUP_DEAD,
               KC_GROUP_ASSIGNING, KC_GROUP_RECONCILING } kc_group_state;

/* "Empty", "Stable", ... as Java's GroupState.toString(); "NotFound" for KC_GROUP_NOT_FOUND. */
const char *kc_admin_group_state_name(kc_group_state s);

/* DescribeConsumerGroups for n groups: states[i] of groups[i]. A group that does not exist
 * is KC_GROUP_NOT_FOUND (Kafka 4 answers GROUP_ID_NOT_FOUND, or Dead for classic groups:
 * both map there). A group that is not a consumer group (e.g. a Connect group) or that the
 * broker refused to describe is KC_GROUP_UNKNOWN, its error in err->msg (code KC_OK). */
int  kc_admin_describe_group_states(rd_kafka_t *rk, const char *const *groups, size_t n,
                                    int timeout_ms, kc_group_state *states, kc_err *err);

/* AlterConsumerGroupOffsets (OffsetCommit without a member) for one group: offs[i].offset
 * with the offs[i].metadata_len bytes of offs[i].metadata (NULL as ""), no leader epoch. A group with active members is
 * KC_ECONFLICT with the broker's text (UNKNOWN_MEMBER_ID); other per-partition errors are
 * KC_EKAFKA naming the first failed partition. */
int  kc_admin_alter_group_offsets(rd_kafka_t *rk, const char *group,
                                  const kc_admin_group_offset *offs, size_t n, int timeout_ms,
                                  kc_err *err);

#endif
