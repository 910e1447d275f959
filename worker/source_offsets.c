/*
 * worker/source_offsets.c - see source_offsets.h.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "worker/source_offsets.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lib/configdef.h"
#include "lib/json_java.h"
#include "lib/log.h"
#include "worker/clientconf.h"
#include "worker/internal_topics.h"
#include "worker/kafka.h"

struct kc_source_offsets {
    const kc_worker_config *wc;
    kc_offset_store        *worker;       /* the worker's store (borrowed) */
    kc_offset_store        *own;          /* plan.own_reads: the connector's topic, read */
    kc_source_offsets_plan  plan;
    json_t                 *config;       /* the connector's (resolved), a reference */
    char                   *connector;
    char                   *label;
    kc_props                consumer;     /* own's settings, kept while it is open */
    rd_kafka_t             *writer;       /* plan.both: the connector's producer, once used */
    int                     failed;       /* writer's delivery failures since its last flush */
    char                    last_error[256];
};

/* ===== The plan ===== */

/* The bootstrap.servers of a connector's client of kind, as kc_clientconf_connector lays
 * it: the connector's override, else the worker's "<kind>.", else the worker's own. */
static const char *
client_servers(const kc_props *worker, const json_t *config, const char *kind)
{
    char        key[64];
    const char *v;

    snprintf(key, sizeof(key), "%s.override.bootstrap.servers", kind);
    if ((v = json_string_value(json_object_get(config, key))) != NULL)
        return v;
    snprintf(key, sizeof(key), "%s.bootstrap.servers", kind);
    if ((v = kc_props_get(worker, key)) != NULL)
        return v;
    return kc_props_get(worker, "bootstrap.servers");
}

/* Whether a lists every item of b (Java compares the two lists as sets). */
static bool
covers(char **a, char **b)
{
    for (; *b != NULL; b++) {
        char **x = a;
        while (*x != NULL && strcmp(*x, *b) != 0)
            x++;
        if (*x == NULL)
            return false;
    }
    return true;
}

/* Java's sameOffsetTopicAsWorker, on the cluster half: the same set of bootstrap servers
 * (a different list naming the same cluster counts as another, as in Java). */
static bool
same_servers(const char *a, const char *b)
{
    char **x = kc_cfg_split_list(a ? a : "", NULL);
    char **y = kc_cfg_split_list(b ? b : "", NULL);
    bool   same = covers(x, y) && covers(y, x);

    kc_strv_free(x);
    kc_strv_free(y);
    return same;
}

int
kc_source_offsets_plan_for(const kc_worker_config *wc, const json_t *connector_config,
                           const char *label, kc_source_offsets_plan *plan, kc_err *err)
{
    const char *given = json_string_value(json_object_get(connector_config,
                                                          "offsets.storage.topic"));
    const char *worker_topic = kc_cfg_str(&wc->cfg, "offset.storage.topic");
    const char *servers = kc_props_get(&wc->props, "bootstrap.servers");
    char       *own = given != NULL ? kc_java_trim(given) : NULL;
    bool        eos = kc_worker_eos_level(wc) == KC_EOS_ENABLED;
    bool        other_topic, same_consumer, same_admin;

    *plan = (kc_source_offsets_plan) { NULL, false, false, false };
    if (own != NULL && *own == '\0') {
        free(own);
        return kc_err_set(err, KC_EINVAL, "Invalid value  for configuration "
                          "offsets.storage.topic: String must be non-empty");
    }
    if (wc->standalone || (!eos && own == NULL)) {
        /* The worker's store alone; a standalone worker has no offsets topic for a
         * connector (Java's connectorOffsetsTopicsPermitted). */
        if (own != NULL)
            kc_log_warn("worker", "[%s] offsets.storage.topic=%s has no effect on a "
                        "standalone worker: offsets are kept in offset.storage.file.filename",
                        label, own);
        free(own);
        plan->topic = worker_topic != NULL ? kc_xstrdup(worker_topic) : NULL;
        return KC_OK;
    }
    plan->topic = own != NULL ? own : kc_xstrdup(worker_topic);
    other_topic = strcmp(plan->topic, worker_topic) != 0;
    same_consumer = same_servers(client_servers(&wc->props, connector_config, "consumer"),
                                 servers);
    same_admin = same_servers(client_servers(&wc->props, connector_config, "admin"), servers);
    if (!other_topic &&
        same_servers(client_servers(&wc->props, connector_config, "producer"), servers)) {
        /* Java's connector store alone, on the worker's topic: read through the worker's
         * store unless the connector's consumer reaches another cluster. */
        plan->own_reads = !same_consumer;
        plan->ensure = !same_admin;
    } else {
        plan->both = true;
        plan->own_reads = other_topic || !same_consumer;
        plan->ensure = other_topic || !same_admin;
    }
    return KC_OK;
}

void
kc_source_offsets_plan_clear(kc_source_offsets_plan *plan)
{
    free(plan->topic);
    plan->topic = NULL;
}

/* The plan's topic created or checked through the connector's admin client (plan.ensure). */
static int
ensure_topic(const kc_worker_config *wc, const json_t *config, const char *label,
             const kc_source_offsets_plan *plan, kc_err *err)
{
    kc_props    props;
    char       *client_id;
    rd_kafka_t *admin;
    int         rc;

    if (!plan->ensure)
        return KC_OK;
    kc_clientconf_connector(&wc->props, config, "admin", label, &props);
    client_id = kc_xasprintf("connector-adminclient-%s", label);
    admin = kc_kafka_new(RD_KAFKA_PRODUCER, &props, "",
                         (const char *const[]) { "client.id", client_id,
                                                 "allow.auto.create.topics", "false", NULL },
                         err);
    free(client_id);
    kc_props_free(&props);
    if (admin == NULL)
        return err->code;
    rc = kc_internal_topic_ensure_offsets(admin, wc, plan->topic, err);
    kc_kafka_destroy(admin);
    return rc;
}

int
kc_source_offsets_prepare(const kc_worker_config *wc, const json_t *connector_config,
                          const char *label, kc_err *err)
{
    kc_source_offsets_plan plan;
    int                    rc;

    if ((rc = kc_source_offsets_plan_for(wc, connector_config, label, &plan, err)) != KC_OK)
        return rc;
    rc = ensure_topic(wc, connector_config, label, &plan, err);
    kc_source_offsets_plan_clear(&plan);
    return rc;
}

/* ===== A view ===== */

/* The connector's consumer settings for its own store, into o->consumer (replaced):
 * read_committed, as Java's regularSourceOffsetsConsumerConfigs unless the connector or
 * worker sets isolation.level, forced under exactly-once support (with Java's warning for a
 * value it replaces). Returns whether the store must force it. */
static bool
consumer_settings(kc_source_offsets *o, const json_t *config)
{
    const char *given;

    kc_props_free(&o->consumer);
    kc_clientconf_connector(&o->wc->props, config, "consumer", o->label, &o->consumer);
    given = kc_props_get(&o->consumer, "isolation.level");
    if (kc_worker_eos_level(o->wc) != KC_EOS_ENABLED) {
        if (given == NULL)
            kc_props_set(&o->consumer, "isolation.level", "read_committed", 0);
        return false;
    }
    if (given != NULL && strcasecmp(given, "read_committed") != 0)
        kc_log_warn("worker", "[%s] The value '%s' for the 'isolation.level' property will be "
                    "ignored as it cannot be overridden for source connectors' offset consumers "
                    "when exactly-once source support is enabled. The value 'read_committed' "
                    "will be used instead.", o->label, given);
    return true;
}

kc_source_offsets *
kc_source_offsets_open(const kc_worker_config *wc, kc_offset_store *worker_store,
                       const json_t *connector_config, const char *connector, const char *label,
                       kc_err *err)
{
    kc_source_offsets *o = kc_xcalloc(1, sizeof(*o));

    o->wc = wc;
    o->worker = worker_store;
    o->config = json_incref((json_t *) connector_config);
    o->connector = kc_xstrdup(connector);
    o->label = kc_xstrdup(label);
    kc_props_init(&o->consumer, label);
    if (kc_source_offsets_plan_for(wc, connector_config, label, &o->plan, err) != KC_OK ||
        ensure_topic(wc, connector_config, label, &o->plan, err) != KC_OK)
        goto fail;
    if (o->plan.own_reads) {
        bool  forced = consumer_settings(o, connector_config);
        char *base = kc_xasprintf("connector-consumer-%s-", label);
        o->own = kc_offset_store_open(&o->consumer, o->plan.topic, base, forced, err);
        free(base);
        if (o->own == NULL)
            goto fail;
    }
    return o;
fail:
    kc_source_offsets_close(o);
    return NULL;
}

void
kc_source_offsets_close(kc_source_offsets *o)
{
    if (o == NULL)
        return;
    kc_offset_store_close(o->own);
    kc_kafka_destroy(o->writer);
    kc_props_free(&o->consumer);
    kc_source_offsets_plan_clear(&o->plan);
    json_decref(o->config);
    free(o->connector);
    free(o->label);
    free(o);
}

const char *
kc_source_offsets_topic(const kc_source_offsets *o)
{
    return o->plan.topic;
}

bool
kc_source_offsets_both(const kc_source_offsets *o)
{
    return o->plan.both;
}

/* ===== Reads ===== */

int
kc_source_offsets_get_many(kc_source_offsets *o, const json_t *const *partitions, size_t n,
                           json_t **offsets, kc_err *err)
{
    const json_t **missing;
    json_t       **found;
    size_t         nmissing = 0;
    int            rc;

    if (o->own == NULL)
        return kc_offset_store_get_many(o->worker, o->connector, partitions, n, offsets, err);
    if ((rc = kc_offset_store_get_many(o->own, o->connector, partitions, n, offsets, err))
        != KC_OK || !o->plan.both)
        return rc;
    /* The worker's store for what the connector's topic has nothing for (a connector that
     * kept its offsets there before it had a topic of its own). */
    missing = kc_xcalloc(n ? n : 1, sizeof(*missing));
    found = kc_xcalloc(n ? n : 1, sizeof(*found));
    for (size_t i = 0; i < n; i++)
        if (offsets[i] == NULL)
            missing[nmissing++] = partitions[i];
    if (nmissing > 0 &&
        (rc = kc_offset_store_get_many(o->worker, o->connector, missing, nmissing, found, err))
        == KC_OK) {
        for (size_t i = 0, k = 0; i < n; i++)
            if (offsets[i] == NULL)
                offsets[i] = found[k++];
    }
    if (rc != KC_OK)
        for (size_t i = 0; i < n; i++) {
            json_decref(offsets[i]);
            offsets[i] = NULL;
        }
    free(missing);
    free(found);
    return rc;
}

/* Whether list (of {"partition","offset"}) has partition. */
static bool
listed(const json_t *list, const json_t *partition)
{
    size_t  i;
    json_t *e;

    json_array_foreach(list, i, e)
        if (json_equal(json_object_get(e, "partition"), (json_t *) partition))
            return true;
    return false;
}

int
kc_source_offsets_list(kc_source_offsets *o, json_t **out, kc_err *err)
{
    json_t *more = NULL;
    size_t  i;
    json_t *e;
    int     rc;

    if (o->own == NULL)
        return kc_offset_store_list(o->worker, o->connector, out, err);
    if ((rc = kc_offset_store_list(o->own, o->connector, out, err)) != KC_OK || !o->plan.both)
        return rc;
    if ((rc = kc_offset_store_list(o->worker, o->connector, &more, err)) == KC_OK)
        json_array_foreach(more, i, e)
            if (!listed(*out, json_object_get(e, "partition")))
                json_array_append(*out, e);
    json_decref(more);
    return rc;
}

/* ===== Writes ===== */

/* Writer's delivery reports, on the thread that flushes it. */
static void
writer_dr(rd_kafka_t *rk, const rd_kafka_message_t *m, void *opaque)
{
    kc_source_offsets *o = kc_kafka_user(rk);

    (void) opaque;
    if (m->err == RD_KAFKA_RESP_ERR_NO_ERROR)
        return;
    o->failed++;
    snprintf(o->last_error, sizeof(o->last_error), "%s", rd_kafka_err2str(m->err));
    kc_log_error("worker", "[%s] write to %s failed: %s", o->label, o->plan.topic,
                 rd_kafka_err2str(m->err));
}

/* The connector's producer for its topic (Java's offset writer uses the task's producer, or
 * one made as it is for REST requests): its settings without a transactional id,
 * partitioned as Java's (murmur2 of the key). */
static int
open_writer(kc_source_offsets *o, kc_err *err)
{
    kc_props props;
    char    *client_id;

    if (o->writer != NULL)
        return KC_OK;
    kc_clientconf_connector(&o->wc->props, o->config, "producer", o->label, &props);
    kc_props_unset(&props, "transactional.id");
    client_id = kc_xasprintf("connector-offset-producer-%s", o->label);
    o->writer = kc_kafka_new_ex(RD_KAFKA_PRODUCER, &props, "",
                                (const char *const[]) { "client.id", client_id,
                                                        "partitioner", "murmur2_random", NULL },
                                &(kc_kafka_hooks) { .dr_msg_cb = writer_dr, .user = o }, err);
    free(client_id);
    kc_props_free(&props);
    return o->writer != NULL ? KC_OK : err->code;
}

rd_kafka_resp_err_t
kc_source_offsets_produce(rd_kafka_t *rk, const char *topic, const char *connector,
                          const json_t *partition, const json_t *offset)
{
    size_t              klen, vlen = 0;
    char               *key = kc_offset_key(connector, partition, &klen);
    char               *value = offset ? kc_json_java_dumps(offset, &vlen) : NULL;
    rd_kafka_resp_err_t e = rd_kafka_producev(rk, RD_KAFKA_V_TOPIC(topic),
                                              RD_KAFKA_V_KEY(key, klen),
                                              RD_KAFKA_V_VALUE(value, vlen),
                                              RD_KAFKA_V_MSGFLAGS(RD_KAFKA_MSG_F_COPY),
                                              RD_KAFKA_V_END);

    free(key);
    free(value);
    return e;
}

/* Sends (connector, partitions[i]) -> offsets[i] to the connector's topic, then waits for
 * every one: KC_OK once all are acknowledged. */
static int
write_own(kc_source_offsets *o, const json_t *const *partitions, const json_t *const *offsets,
          size_t n, int timeout_ms, kc_err *err)
{
    int rc;

    if ((rc = open_writer(o, err)) != KC_OK)
        return rc;
    o->failed = 0;
    for (size_t i = 0; i < n; i++) {
        rd_kafka_resp_err_t e = kc_source_offsets_produce(o->writer, o->plan.topic,
                                                          o->connector, partitions[i],
                                                          offsets[i]);
        if (e != RD_KAFKA_RESP_ERR_NO_ERROR)
            return kc_err_set(err, KC_EKAFKA, "write to %s: %s", o->plan.topic,
                              rd_kafka_err2str(e));
    }
    if (rd_kafka_flush(o->writer, timeout_ms) != RD_KAFKA_RESP_ERR_NO_ERROR)
        return kc_err_set(err, KC_ETIMEOUT, "writes to %s not acknowledged within %d ms",
                          o->plan.topic, timeout_ms);
    if (o->failed > 0)
        return kc_err_set(err, KC_EKAFKA, "write to %s failed: %s", o->plan.topic,
                          o->last_error);
    return KC_OK;
}

/* Which of the offsets a write to the worker's store takes. */
typedef enum { ALL, TOMBSTONES, VALUES } which_offsets;

/* Writes those of offsets[] which says to the worker's store, and waits for them. */
static int
write_worker(kc_source_offsets *o, const json_t *const *partitions,
             const json_t *const *offsets, size_t n, which_offsets which, int timeout_ms,
             kc_err *err)
{
    int rc = KC_OK;

    for (size_t i = 0; i < n && rc == KC_OK; i++)
        if (which == ALL || (offsets[i] == NULL) == (which == TOMBSTONES))
            rc = kc_offset_store_put(o->worker, o->connector, partitions[i], offsets[i], err);
    return rc == KC_OK ? kc_offset_store_flush(o->worker, timeout_ms, err) : rc;
}

/* Java's secondary write: the worker's store after the connector's topic; a failure is
 * only logged. */
static void
write_secondary(kc_source_offsets *o, const json_t *const *partitions,
                const json_t *const *offsets, size_t n, int timeout_ms)
{
    kc_err err;

    if (write_worker(o, partitions, offsets, n, VALUES, timeout_ms, &err) != KC_OK)
        kc_log_warn("worker", "[%s] Failed to write offsets to secondary backing store: %s",
                    o->label, err.msg);
}

int
kc_source_offsets_write(kc_source_offsets *o, const json_t *const *partitions,
                        const json_t *const *offsets, size_t n, int timeout_ms, kc_err *err)
{
    bool tombstones = false;
    int  rc;

    if (!o->plan.both)
        return write_worker(o, partitions, offsets, n, ALL, timeout_ms, err);
    for (size_t i = 0; i < n; i++)
        tombstones = tombstones || offsets[i] == NULL;
    /* KAFKA-15018: a tombstone written to the connector's topic but not to the worker's
     * would let a read fall back on the worker's stale offset; so tombstones reach the
     * worker's store first. */
    if (tombstones &&
        (rc = write_worker(o, partitions, offsets, n, TOMBSTONES, timeout_ms, err)) != KC_OK)
        return rc;
    if ((rc = write_own(o, partitions, offsets, n, timeout_ms, err)) != KC_OK)
        return rc;
    write_secondary(o, partitions, offsets, n, timeout_ms);
    return KC_OK;
}

void
kc_source_offsets_committed(kc_source_offsets *o, const json_t *const *partitions,
                            const json_t *const *offsets, size_t n, int timeout_ms)
{
    if (o->plan.both)
        write_secondary(o, partitions, offsets, n, timeout_ms);
}
