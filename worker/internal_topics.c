/*
 * worker/internal_topics.c - see internal_topics.h.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "worker/internal_topics.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "worker/configdef.h"
#include "worker/kafka.h"
#include "worker/log.h"

typedef struct {
    const char *topic_key;      /* config.storage.topic */
    const char *prefix;         /* config.storage. */
    const char *partitions_key; /* NULL: always one partition */
    const char *purpose;        /* words of Java's messages */
} internal_topic;

/* Java's start-up order: offsets (Worker.start), statuses, then configs. */
static const internal_topic internal_topics[] = {
    { "offset.storage.topic", "offset.storage.", "offset.storage.partitions",
      "source connector offsets" },
    { "status.storage.topic", "status.storage.", "status.storage.partitions",
      "connector and task statuses" },
    { "config.storage.topic", "config.storage.", NULL, "connector configurations" },
};

/* True when a cleanup.policy value, as Java reads it (comma list, trimmed, lower-cased,
 * de-duplicated), is exactly {compact}; *seen gets Java's rendering of the set. */
static bool
only_compact(const char *policy, char *seen, size_t size)
{
    bool   compact = false, delete = false, other = false;
    char **items = kc_cfg_split_list(policy, NULL);

    for (char **it = items; *it; it++) {
        char *t = kc_java_trim(*it);
        for (char *c = t; *c; c++)
            *c = (char) tolower((unsigned char) *c);
        if (strcmp(t, "compact") == 0)
            compact = true;
        else if (strcmp(t, "delete") == 0)
            delete = true;
        else if (*t)
            other = true;
        free(t);
    }
    kc_strv_free(items);
    /* Java prints a HashSet: {compact, delete} always as "compact,delete". */
    snprintf(seen, size, "%s", compact && delete ? "compact,delete" : compact ? "compact"
                                : delete ? "delete" : policy);
    if (other)
        snprintf(seen, size, "%s", policy);
    return compact && !delete && !other;
}

static int
ensure_one(rd_kafka_t *admin, const kc_worker_config *wc, const internal_topic *it,
           int timeout_ms, kc_err *err)
{
    const char *topic = kc_cfg_str(&wc->cfg, it->topic_key);
    int         partitions = it->partitions_key ? (int) kc_cfg_int(&wc->cfg, it->partitions_key)
                                                : 1;
    char        rf_key[64], seen[256];
    int         rf, rc, existing = 0;
    bool        created = false;
    char       *policy = NULL;
    kc_props    settings;
    int64_t     deadline = kc_mono_ms() + timeout_ms;

    snprintf(rf_key, sizeof(rf_key), "%sreplication.factor", it->prefix);
    rf = (int) kc_cfg_int(&wc->cfg, rf_key);
    kc_worker_config_topic_settings(wc, it->prefix, &settings);
    kc_props_set(&settings, "cleanup.policy", "compact", 0);

    for (;;) {
        rc = kc_kafka_create_topic(admin, topic, partitions, rf, &settings, timeout_ms,
                                   &created, err);
        if (rc != KC_EAGAIN || kc_mono_ms() >= deadline)
            break;
        kc_log_info("worker", "'%s' topic creation failed due to '%s', retrying, %lldms "
                    "remaining", topic, err->msg, (long long) (deadline - kc_mono_ms()));
        nanosleep(&(struct timespec) { 0, 500 * 1000000L }, NULL);
    }
    kc_props_free(&settings);
    if (rc != KC_OK)
        return rc == KC_EAGAIN ? KC_EINVAL : rc;

    if (created) {
        kc_log_info("worker", "Created topic (name=%s, numPartitions=%d, replicationFactor=%d, "
                    "configs={cleanup.policy=compact}) for %s", topic, partitions, rf,
                    it->purpose);
    } else {
        /* The topic exists (CreateTopics said so); a broker may not have its metadata yet. */
        while ((rc = kc_kafka_topic_config(admin, topic, "cleanup.policy", timeout_ms, &policy,
                                           err)) == KC_ENOTFOUND && kc_mono_ms() < deadline)
            nanosleep(&(struct timespec) { 0, 200 * 1000000L }, NULL);
        if (rc != KC_OK && rc != KC_EKAFKA)
            return rc;
        if (policy == NULL) {          /* not authorized, or not reported: as Java, go on */
            kc_log_info("worker", "Unable to use admin client to verify the cleanup policy of "
                        "'%s' topic is 'compact', either because the broker is an older version "
                        "or because the Kafka principal used for Connect internal topics does "
                        "not have the required permission to describe topic configurations.",
                        topic);
        } else if (!only_compact(policy, seen, sizeof(seen))) {
            free(policy);
            return kc_err_set(err, KC_EINVAL, "Topic '%s' supplied via the '%s' property is "
                "required to have 'cleanup.policy=compact' to guarantee consistency and "
                "durability of %s, but found the topic currently has 'cleanup.policy=%s'. "
                "Continuing would likely result in eventually losing %s and problems "
                "restarting this Connect cluster in the future. Change the '%s' property in "
                "the Connect worker configurations to use a topic with 'cleanup.policy=compact'.",
                topic, it->topic_key, it->purpose, seen, it->purpose, it->topic_key);
        }
        free(policy);
        kc_log_info("worker", "Using existing topic '%s' for %s", topic, it->purpose);
    }

    if (it->partitions_key == NULL) {
        if ((rc = kc_kafka_topic_partitions(admin, topic, timeout_ms, &existing, err)) != KC_OK)
            return rc;
        if (existing > 1)
            return kc_err_set(err, KC_EINVAL, "Topic '%s' supplied via the '%s' property is "
                              "required to have a single partition in order to guarantee "
                              "consistency of connector configurations, but found %d "
                              "partitions.", topic, it->topic_key, existing);
    }
    return KC_OK;
}

int
kc_internal_topics_ensure(rd_kafka_t *admin, const kc_worker_config *wc, kc_err *err)
{
    const char *t = kc_props_get(&wc->props, "default.api.timeout.ms");
    int         timeout_ms = t ? atoi(t) : 60000;

    if (timeout_ms <= 0)
        timeout_ms = 60000;
    for (size_t i = 0; i < KC_ARRAY_LEN(internal_topics); i++) {
        int rc = ensure_one(admin, wc, &internal_topics[i], timeout_ms, err);
        if (rc != KC_OK)
            return rc;
    }
    return KC_OK;
}
