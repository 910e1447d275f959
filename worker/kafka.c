/*
 * worker/kafka.c - see kafka.h.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "worker/kafka.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "worker/clientconf.h"
#include "lib/log.h"

/* Per handle, for messages: the last error librdkafka reported (a refused connection, a
 * failed SASL handshake), so that "could not reach the cluster" can say why. Written by
 * librdkafka threads, read by the owner of the handle. */
typedef struct kafka_state {
    pthread_mutex_t lock;
    char            last_error[512];
    void           *user;             /* kc_kafka_hooks.user */
} kafka_state;

void *
kc_kafka_user(rd_kafka_t *rk)
{
    kafka_state *st = rd_kafka_opaque(rk);

    return st ? st->user : NULL;
}

static void
kafka_error_cb(rd_kafka_t *rk, int err, const char *reason, void *opaque)
{
    kafka_state *st = opaque;

    (void) rk;
    (void) err;
    pthread_mutex_lock(&st->lock);
    snprintf(st->last_error, sizeof(st->last_error), "%s", reason);
    pthread_mutex_unlock(&st->lock);
}

void
kc_kafka_last_error(rd_kafka_t *rk, char *buf, size_t size)
{
    kafka_state *st = rd_kafka_opaque(rk);

    buf[0] = '\0';
    if (st == NULL)
        return;
    pthread_mutex_lock(&st->lock);
    snprintf(buf, size, "%s", st->last_error);
    pthread_mutex_unlock(&st->lock);
}

void
kc_kafka_destroy(rd_kafka_t *rk)
{
    kafka_state *st;

    if (rk == NULL)
        return;
    st = rd_kafka_opaque(rk);
    rd_kafka_destroy(rk);
    if (st != NULL) {
        pthread_mutex_destroy(&st->lock);
        free(st);
    }
}

/* librdkafka thread: syslog levels to ours. */
static void
kafka_log_cb(const rd_kafka_t *rk, int level, const char *fac, const char *buf)
{
    kc_log_level l = level <= 3 ? KC_LOG_ERROR : level == 4 ? KC_LOG_WARN
                   : level <= 6 ? KC_LOG_INFO : KC_LOG_DEBUG;

    /* A producer given isolation.level on purpose (its ListOffsets: worker/kafka_log.c).
     * The text follows librdkafka's thread name ("[thrd:app]: "). */
    if (strcmp(fac, "CONFWARN") == 0 &&
        strstr(buf, "Configuration property isolation.level is a consumer property") != NULL)
        return;
    kc_log(l, "kafka", "%s: %s: %s", rd_kafka_name(rk), fac, buf);
}

rd_kafka_t *
kc_kafka_new(rd_kafka_type_t type, const kc_props *props, const char *prefix,
             const char *const *extra, kc_err *err)
{
    return kc_kafka_new_ex(type, props, prefix, extra, NULL, err);
}

rd_kafka_t *
kc_kafka_new_ex(rd_kafka_type_t type, const kc_props *props, const char *prefix,
                const char *const *extra, const kc_kafka_hooks *hooks, kc_err *err)
{
    rd_kafka_conf_t *conf = rd_kafka_conf_new();
    rd_kafka_t      *rk;
    kafka_state     *st;
    char             errstr[512];

    rd_kafka_conf_set_log_cb(conf, kafka_log_cb);
    rd_kafka_conf_set_error_cb(conf, kafka_error_cb);
    if (hooks != NULL && hooks->dr_msg_cb != NULL)
        rd_kafka_conf_set_dr_msg_cb(conf, hooks->dr_msg_cb);
    if (hooks != NULL && hooks->rebalance_cb != NULL)
        rd_kafka_conf_set_rebalance_cb(conf, hooks->rebalance_cb);
    if (kc_clientconf_apply(conf, type, props, prefix, err) != KC_OK)
        goto fail;
    for (const char *const *e = extra; e != NULL && e[0] != NULL; e += 2)
        if (kc_clientconf_set(conf, e[0], e[1], e[0], err) != KC_OK)
            goto fail;
    st = kc_xcalloc(1, sizeof(*st));
    pthread_mutex_init(&st->lock, NULL);
    st->user = hooks ? hooks->user : NULL;
    rd_kafka_conf_set_opaque(conf, st);
    if ((rk = rd_kafka_new(type, conf, errstr, sizeof(errstr))) == NULL) {
        kc_err_set(err, KC_EKAFKA, "cannot create Kafka client: %s", errstr);
        pthread_mutex_destroy(&st->lock);
        free(st);
        goto fail;
    }
    return rk;
fail:
    rd_kafka_conf_destroy(conf);
    return NULL;
}

int
kc_kafka_connect(rd_kafka_t *rk, int timeout_ms, kc_err *err)
{
    const struct rd_kafka_metadata *md = NULL;
    rd_kafka_resp_err_t             e;

    /* No topic handle and (a new handle) no topic known: a brokers-only request. */
    e = rd_kafka_metadata(rk, 0, NULL, &md, timeout_ms);
    if (e != RD_KAFKA_RESP_ERR_NO_ERROR)
        return kc_err_set(err, e == RD_KAFKA_RESP_ERR__TIMED_OUT ? KC_ETIMEOUT : KC_EKAFKA,
                          "connecting to the brokers: %s", rd_kafka_err2str(e));
    rd_kafka_metadata_destroy(md);
    return KC_OK;
}

int
kc_kafka_cluster_id(rd_kafka_t *rk, int timeout_ms, char **id_out, kc_err *err)
{
    char *id = rd_kafka_clusterid(rk, timeout_ms);

    *id_out = NULL;
    if (id == NULL)
        return kc_err_set(err, KC_ETIMEOUT, "no broker of bootstrap.servers answered within "
                          "%d ms", timeout_ms);
    *id_out = kc_xstrdup(id);
    rd_kafka_mem_free(rk, id);
    return KC_OK;
}

int
kc_kafka_topic_partitions(rd_kafka_t *rk, const char *topic, int timeout_ms,
                          int *partitions, kc_err *err)
{
    const struct rd_kafka_metadata *md = NULL;
    rd_kafka_topic_t               *rkt = rd_kafka_topic_new(rk, topic, NULL);
    rd_kafka_resp_err_t             e;
    int                             rc = KC_OK;

    /* Asking for one topic by handle does not create it (allow.auto.create.topics is a
     * consumer setting; producers only create on produce). */
    e = rd_kafka_metadata(rk, 0, rkt, &md, timeout_ms);
    rd_kafka_topic_destroy(rkt);
    if (e != RD_KAFKA_RESP_ERR_NO_ERROR)
        return kc_err_set(err, e == RD_KAFKA_RESP_ERR__TIMED_OUT ? KC_ETIMEOUT : KC_EKAFKA,
                          "metadata for topic '%s': %s", topic, rd_kafka_err2str(e));
    *partitions = -1;
    if (md->topic_cnt == 1) {
        e = md->topics[0].err;
        if (e == RD_KAFKA_RESP_ERR_NO_ERROR)
            *partitions = md->topics[0].partition_cnt;
        else if (e != RD_KAFKA_RESP_ERR_UNKNOWN_TOPIC_OR_PART)
            rc = kc_err_set(err, KC_EKAFKA, "metadata for topic '%s': %s", topic,
                            rd_kafka_err2str(e));
    }
    rd_kafka_metadata_destroy(md);
    return rc;
}

/* Waits for the single admin result on q; returns the event (caller destroys) or NULL. */
static rd_kafka_event_t *
admin_wait(rd_kafka_queue_t *q, int timeout_ms)
{
    return rd_kafka_queue_poll(q, timeout_ms + 1000);
}

int
kc_kafka_create_topics(rd_kafka_t *rk, kc_new_topic *topics, size_t n, bool validate_only,
                       int timeout_ms)
{
    char                            errstr[512];
    rd_kafka_NewTopic_t           **nts = kc_xcalloc(n ? n : 1, sizeof(*nts));
    rd_kafka_AdminOptions_t        *opts;
    rd_kafka_queue_t               *q;
    rd_kafka_event_t               *ev = NULL;
    const rd_kafka_topic_result_t **res = NULL;
    size_t                          nres = 0, made = 0;

    for (size_t i = 0; i < n; i++) {
        kc_new_topic *t = &topics[i];
        t->created = false;
        t->rc = KC_OK;
        t->err = (kc_err) { 0, "" };
        if ((nts[made] = rd_kafka_NewTopic_new(t->name, t->partitions, t->replication_factor,
                                               errstr, sizeof(errstr))) == NULL) {
            t->rc = kc_err_set(&t->err, KC_EINVAL, "topic '%s': %s", t->name, errstr);
            continue;
        }
        for (size_t k = 0; t->configs != NULL && k < t->configs->n; k++)
            rd_kafka_NewTopic_set_config(nts[made], t->configs->items[k].key,
                                         t->configs->items[k].value);
        made++;
    }
    opts = rd_kafka_AdminOptions_new(rk, RD_KAFKA_ADMIN_OP_CREATETOPICS);
    rd_kafka_AdminOptions_set_request_timeout(opts, timeout_ms, errstr, sizeof(errstr));
    rd_kafka_AdminOptions_set_operation_timeout(opts, timeout_ms, errstr, sizeof(errstr));
    if (validate_only)
        rd_kafka_AdminOptions_set_validate_only(opts, 1, errstr, sizeof(errstr));
    q = rd_kafka_queue_new(rk);
    if (made > 0) {
        rd_kafka_CreateTopics(rk, nts, made, opts, q);
        ev = admin_wait(q, timeout_ms);
    }
    if (ev != NULL)
        res = rd_kafka_CreateTopics_result_topics(rd_kafka_event_CreateTopics_result(ev), &nres);
    for (size_t i = 0; made > 0 && i < n; i++) {
        kc_new_topic       *t = &topics[i];
        rd_kafka_resp_err_t e = RD_KAFKA_RESP_ERR_UNKNOWN;
        const char         *msg = NULL;
        bool                answered = false;

        if (t->rc != KC_OK)
            continue;
        if (ev == NULL) {
            t->rc = kc_err_set(&t->err, KC_ETIMEOUT, "Timed out while checking for or creating "
                               "topic(s) '%s'", t->name);
            continue;
        }
        if (rd_kafka_event_error(ev) != RD_KAFKA_RESP_ERR_NO_ERROR) {
            t->rc = kc_err_set(&t->err, KC_EKAFKA, "Error while attempting to create/find "
                               "topic(s) '%s': %s", t->name, rd_kafka_event_error_string(ev));
            continue;
        }
        for (size_t r = 0; r < nres && !answered; r++) {
            if (res[r] != NULL && strcmp(rd_kafka_topic_result_name(res[r]), t->name) == 0) {
                e = rd_kafka_topic_result_error(res[r]);
                msg = rd_kafka_topic_result_error_string(res[r]);
                answered = true;
            }
        }
        if (!answered)               /* the broker said nothing of it: as before, not created */
            continue;
        if (e == RD_KAFKA_RESP_ERR_NO_ERROR)
            t->created = true;
        else if (e == RD_KAFKA_RESP_ERR_INVALID_REPLICATION_FACTOR)  /* brokers still joining? */
            t->rc = kc_err_set(&t->err, KC_EAGAIN, "Unable to create topic(s) '%s': %s", t->name,
                               msg);
        else if (e == RD_KAFKA_RESP_ERR_INVALID_CONFIG || e == RD_KAFKA_RESP_ERR_POLICY_VIOLATION ||
                 e == RD_KAFKA_RESP_ERR_INVALID_PARTITIONS)
            t->rc = kc_err_set(&t->err, KC_EINVAL, "Unable to create topic(s) '%s': %s", t->name,
                               msg);
        else if (e != RD_KAFKA_RESP_ERR_TOPIC_ALREADY_EXISTS)
            t->rc = kc_err_set(&t->err, KC_EKAFKA, "Error while attempting to create/find "
                               "topic(s) '%s': %s", t->name, msg);
    }
    if (ev != NULL)
        rd_kafka_event_destroy(ev);
    rd_kafka_queue_destroy(q);
    rd_kafka_AdminOptions_destroy(opts);
    for (size_t i = 0; i < made; i++)
        rd_kafka_NewTopic_destroy(nts[i]);
    free(nts);
    return KC_OK;
}

int
kc_kafka_create_topic(rd_kafka_t *rk, const char *topic, int partitions,
                      int replication_factor, const kc_props *configs, int timeout_ms,
                      bool *created, kc_err *err)
{
    kc_new_topic t = { .name = topic, .partitions = partitions,
                       .replication_factor = replication_factor, .configs = configs };

    kc_kafka_create_topics(rk, &t, 1, false, timeout_ms);
    *created = t.created;
    if (t.rc != KC_OK)
        *err = t.err;
    return t.rc;
}

int
kc_kafka_topic_config(rd_kafka_t *rk, const char *topic, const char *name, int timeout_ms,
                      char **value_out, kc_err *err)
{
    char                     errstr[512];
    rd_kafka_ConfigResource_t *cr = rd_kafka_ConfigResource_new(RD_KAFKA_RESOURCE_TOPIC, topic);
    rd_kafka_AdminOptions_t *opts = rd_kafka_AdminOptions_new(rk,
                                                              RD_KAFKA_ADMIN_OP_DESCRIBECONFIGS);
    rd_kafka_queue_t        *q = rd_kafka_queue_new(rk);
    rd_kafka_event_t        *ev;
    const rd_kafka_ConfigResource_t **res;
    size_t                   nres;
    int                      rc = KC_OK;

    *value_out = NULL;
    rd_kafka_AdminOptions_set_request_timeout(opts, timeout_ms, errstr, sizeof(errstr));
    rd_kafka_DescribeConfigs(rk, &cr, 1, opts, q);
    if ((ev = admin_wait(q, timeout_ms)) == NULL) {
        rc = kc_err_set(err, KC_ETIMEOUT, "describing configs of topic '%s' timed out", topic);
        goto out;
    }
    if (rd_kafka_event_error(ev) != RD_KAFKA_RESP_ERR_NO_ERROR) {
        rc = kc_err_set(err, KC_EKAFKA, "describing configs of topic '%s': %s", topic,
                        rd_kafka_event_error_string(ev));
        goto out;
    }
    res = rd_kafka_DescribeConfigs_result_resources(rd_kafka_event_DescribeConfigs_result(ev),
                                                    &nres);
    if (nres == 1 && rd_kafka_ConfigResource_error(res[0]) == RD_KAFKA_RESP_ERR_UNKNOWN_TOPIC_OR_PART) {
        rc = kc_err_set(err, KC_ENOTFOUND, "topic '%s' not found", topic);
    } else if (nres == 1 && rd_kafka_ConfigResource_error(res[0]) != RD_KAFKA_RESP_ERR_NO_ERROR) {
        rc = kc_err_set(err, KC_EKAFKA, "describing configs of topic '%s': %s", topic,
                        rd_kafka_ConfigResource_error_string(res[0]));
    } else if (nres == 1) {
        size_t                          nent;
        const rd_kafka_ConfigEntry_t  **ent = rd_kafka_ConfigResource_configs(res[0], &nent);
        for (size_t i = 0; i < nent; i++) {
            const char *v = rd_kafka_ConfigEntry_value(ent[i]);
            if (strcmp(rd_kafka_ConfigEntry_name(ent[i]), name) == 0 && v != NULL)
                *value_out = kc_xstrdup(v);
        }
    }
out:
    if (ev != NULL)
        rd_kafka_event_destroy(ev);
    rd_kafka_queue_destroy(q);
    rd_kafka_AdminOptions_destroy(opts);
    rd_kafka_ConfigResource_destroy(cr);
    return rc;
}
