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

#include "lib/configdef.h"
#include "worker/kafka.h"
#include "lib/log.h"

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

struct kc_internal_topic_later {
    const kc_worker_config *wc;
    const internal_topic   *it;
    kc_props                settings;       /* req.configs points here */
    kc_new_topic            req;
    int                     timeout_ms;
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

/* What CreateTopics asks for a topic: its name, partitions, replication factor, and the
 * worker's "<store>.X" settings plus cleanup.policy=compact (settings: caller frees). */
static void
topic_request(const kc_worker_config *wc, const internal_topic *it, kc_props *settings,
              kc_new_topic *req)
{
    char rf_key[64];

    snprintf(rf_key, sizeof(rf_key), "%sreplication.factor", it->prefix);
    kc_worker_config_topic_settings(wc, it->prefix, settings);
    kc_props_set(settings, "cleanup.policy", "compact", 0);
    *req = (kc_new_topic) {
        .name = kc_cfg_str(&wc->cfg, it->topic_key),
        .partitions = it->partitions_key ? (int) kc_cfg_int(&wc->cfg, it->partitions_key) : 1,
        .replication_factor = (int) kc_cfg_int(&wc->cfg, rf_key),
        .configs = settings,
    };
}

/* One topic, after the first CreateTopics answer for it (req): retried while the brokers
 * cannot meet its replication factor yet, then checked as Java checks an existing one. */
static int
ensure_one(rd_kafka_t *admin, const internal_topic *it, const kc_new_topic *req,
           int timeout_ms, kc_err *err)
{
    const char *topic = req->name;
    char        seen[256];
    int         rc = req->rc, existing = 0, delay = KC_BACKOFF_FIRST_MS;
    bool        created = req->created;
    char       *policy = NULL;
    int64_t     deadline = kc_mono_ms() + timeout_ms;

    if (rc != KC_OK)
        *err = req->err;
    while (rc == KC_EAGAIN && kc_mono_ms() < deadline) {
        kc_log_info("worker", "'%s' topic creation failed due to '%s', retrying, %lldms "
                    "remaining", topic, err->msg, (long long) (deadline - kc_mono_ms()));
        nanosleep(&(struct timespec) { 0, 500 * 1000000L }, NULL);
        rc = kc_kafka_create_topic(admin, topic, req->partitions, req->replication_factor,
                                   req->configs, timeout_ms, &created, err);
    }
    if (rc != KC_OK)
        return rc == KC_EAGAIN ? KC_EINVAL : rc;

    if (created) {
        kc_log_info("worker", "Created topic (name=%s, numPartitions=%d, replicationFactor=%d, "
                    "configs={cleanup.policy=compact}) for %s", topic, req->partitions,
                    req->replication_factor, it->purpose);
    } else {
        /* The topic exists (CreateTopics said so); a broker may not have its metadata yet. */
        while ((rc = kc_kafka_topic_config(admin, topic, "cleanup.policy", timeout_ms, &policy,
                                           err)) == KC_ENOTFOUND && kc_mono_ms() < deadline)
            kc_backoff_sleep(&delay, 100, deadline);
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

/* How long a topic's creation may take: the worker's default.api.timeout.ms (Java reads it
 * from the worker's settings for every internal topic). */
static int
api_timeout_ms(const kc_worker_config *wc)
{
    const char *t = kc_props_get(&wc->props, "default.api.timeout.ms");
    int         ms = t ? atoi(t) : 60000;

    return ms > 0 ? ms : 60000;
}

int
kc_internal_topics_ensure(rd_kafka_t *admin, const kc_worker_config *wc,
                          kc_internal_topic_later **later, kc_err *err)
{
    enum { N = KC_ARRAY_LEN(internal_topics) };
    int          timeout_ms = api_timeout_ms(wc);
    kc_props     settings[N];
    kc_new_topic reqs[N], probe[N];
    bool         fresh[N];                 /* the brokers would create it as asked */
    bool         left[N] = { false };      /* its settings moved to *later */
    int          rc = KC_OK;
    size_t       i = 0, nprobe = 0;

    if (later != NULL)
        *later = NULL;
    for (size_t k = 0; k < N; k++)
        topic_request(wc, &internal_topics[k], &settings[k], &reqs[k]);
    /* Java creates each topic as its store starts, one CreateTopics after the other, and
     * each waits for the controller to commit the topic (tens of ms on KRaft). Topics the
     * brokers would create as asked (one validate-only request says which) are created
     * together, in one such wait; a topic that exists, is refused or must wait for brokers
     * is handled alone, in Java's order, so a topic after it is created only once it is
     * fit, as in Java. A name given to two stores is never in one request twice.
     *
     * Except the offsets topic: when it is new together with others, it is not in their
     * request. A broker makes the partitions of the topics of one request one after
     * another, in no set order, and refuses reads of each until it is made (a few ms
     * each); the herder reads the status and config topics to their end before it joins
     * its group, but the offsets only when a task asks. Created with them, the offsets
     * topic's 25 partitions held back those reads by about 100 ms. So it is asked for once
     * their creation is answered (the broker makes their 6 partitions before it learns of
     * the offsets topic, a controller's commit later): here, in a request of its own, or,
     * when the caller takes it (later), on the offset store's own thread while the herder
     * opens and reads the others (kc_internal_topic_create_later), so that the worker does
     * not wait for the controller's commit twice before it joins its group. */
    for (size_t k = 0; k < N; k++) {
        bool again = false;
        for (size_t m = 0; m < k; m++)
            again = again || strcmp(reqs[m].name, reqs[k].name) == 0;
        if (!again)
            probe[nprobe++] = reqs[k];
    }
    kc_kafka_create_topics(admin, probe, nprobe, true, timeout_ms);
    if (probe[0].rc == KC_ETIMEOUT) {         /* what asking for the first one would say */
        *err = probe[0].err;
        rc = KC_ETIMEOUT;
        goto out;
    }
    for (size_t k = 0, p = 0; k < N; k++) {
        fresh[k] = p < nprobe && strcmp(probe[p].name, reqs[k].name) == 0 &&
                   probe[p].rc == KC_OK && probe[p].created;
        if (p < nprobe && strcmp(probe[p].name, reqs[k].name) == 0)
            p++;
    }
    while (i < N && rc == KC_OK) {
        size_t run = 0;
        while (i + run < N && fresh[i + run])
            run++;
        if (run == 0) {                       /* alone, as Java would */
            kc_kafka_create_topics(admin, &reqs[i], 1, false, timeout_ms);
            run = 1;
        } else {
            size_t offsets_after = i == 0 && run > 1 ? 1 : 0;   /* internal_topics[0] */
            kc_kafka_create_topics(admin, &reqs[i + offsets_after], run - offsets_after, false,
                                   timeout_ms);
            if (offsets_after && later != NULL) {
                kc_internal_topic_later *l = kc_xcalloc(1, sizeof(*l));
                *l = (kc_internal_topic_later) { wc, &internal_topics[i], settings[i], reqs[i],
                                                 timeout_ms };
                l->req.configs = &l->settings;
                left[i] = true;
                *later = l;
            } else if (offsets_after) {
                kc_kafka_create_topics(admin, &reqs[i], 1, false, timeout_ms);
            }
        }
        for (size_t k = i; k < i + run && rc == KC_OK; k++)
            if (!left[k])
                rc = ensure_one(admin, &internal_topics[k], &reqs[k], timeout_ms, err);
        i += run;
    }
out:
    for (size_t k = 0; k < N; k++)
        if (!left[k])
            kc_props_free(&settings[k]);
    if (rc != KC_OK && later != NULL && *later != NULL) {
        kc_internal_topic_later_free(*later);
        *later = NULL;
    }
    return rc;
}

int
kc_internal_topic_create_later(void *arg, kc_err *err)
{
    kc_internal_topic_later *l = arg;
    char                    *client_id = kc_xasprintf("%s-shared-admin",
                                                      kc_cfg_str(&l->wc->cfg, "group.id"));
    rd_kafka_t              *admin = kc_kafka_new(RD_KAFKA_PRODUCER, &l->wc->props, "",
                                                  (const char *const[]) { "client.id",
                                                                          client_id, NULL },
                                                  err);
    int                      rc;

    free(client_id);
    if (admin == NULL)
        return err->code;
    kc_kafka_create_topics(admin, &l->req, 1, false, l->timeout_ms);
    rc = ensure_one(admin, l->it, &l->req, l->timeout_ms, err);
    kc_kafka_destroy(admin);
    return rc;
}

int
kc_internal_topic_ensure_offsets(rd_kafka_t *admin, const kc_worker_config *wc,
                                 const char *topic, kc_err *err)
{
    kc_props     settings;
    kc_new_topic req;
    int          rc;

    topic_request(wc, &internal_topics[0], &settings, &req);
    req.name = topic;
    kc_kafka_create_topics(admin, &req, 1, false, api_timeout_ms(wc));
    rc = ensure_one(admin, &internal_topics[0], &req, api_timeout_ms(wc), err);
    kc_props_free(&settings);
    return rc;
}

void
kc_internal_topic_later_free(kc_internal_topic_later *l)
{
    if (l == NULL)
        return;
    kc_props_free(&l->settings);
    free(l);
}
