/*
 * connectors/mirror/mirror_admin.c - see mirror_admin.h.
 *
 * Each call builds its librdkafka admin request, posts it with a result queue of its own and
 * waits for the one result event (admin_wait), then copies what it needs out of the event
 * into caller-owned memory. Nothing is shared between calls; no state outlives a call.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "connectors/mirror/mirror_admin.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lib/log.h"

#define LOG_SUB "mirror-admin"

/* ===== Shared plumbing ===== */

/* err starts clean: per-item notes are only written into an empty message. */
static void
err_clear(kc_err *err)
{
    if (err != NULL) {
        err->code = KC_OK;
        err->msg[0] = '\0';
    }
}

/* "Op(a,b,c)" for messages; long lists are cut with "...". New string. */
static char *
op_label(const char *op, const char *const *items, size_t n)
{
    char   buf[256];
    size_t len = (size_t) snprintf(buf, sizeof(buf), "%s(", op);

    for (size_t i = 0; i < n && len < sizeof(buf); i++)
        len += (size_t) snprintf(buf + len, sizeof(buf) - len, "%s%s", i ? "," : "",
                                 items[i] ? items[i] : "");
    if (len + 2 >= sizeof(buf))
        snprintf(buf + sizeof(buf) - 5, 5, "...)");
    else
        snprintf(buf + len, sizeof(buf) - len, ")");
    return kc_xstrdup(buf);
}

/* The first failed item of a call that otherwise succeeded: kept in err->msg for the
 * caller's log, err->code untouched (KC_OK). */
static void
item_note(kc_err *err, const char *op, const char *item, rd_kafka_resp_err_t e, const char *text)
{
    if (err == NULL || err->msg[0] != '\0' || e == RD_KAFKA_RESP_ERR_NO_ERROR)
        return;
    snprintf(err->msg, sizeof(err->msg), "%s(%s): %s: %s", op, item, rd_kafka_err2name(e),
             text && *text ? text : rd_kafka_err2str(e));
}

/* Options with the request timeout (and, for the calls that wait on the controller, the
 * operation timeout) of the call. Never fails for a valid op and timeout. */
static rd_kafka_AdminOptions_t *
admin_opts(rd_kafka_t *rk, rd_kafka_admin_op_t op, int timeout_ms)
{
    rd_kafka_AdminOptions_t *o = rd_kafka_AdminOptions_new(rk, op);
    char                     errstr[256];

    if (timeout_ms < 1)
        timeout_ms = 1;
    rd_kafka_AdminOptions_set_request_timeout(o, timeout_ms, errstr, sizeof(errstr));
    if (op == RD_KAFKA_ADMIN_OP_CREATETOPICS || op == RD_KAFKA_ADMIN_OP_CREATEPARTITIONS)
        rd_kafka_AdminOptions_set_operation_timeout(o, timeout_ms, errstr, sizeof(errstr));
    return o;
}

/* Waits for the single result event of a request posted to q. librdkafka fails the
 * request itself at its request timeout; the extra second lets that answer arrive. Returns
 * KC_OK with *evp the event (caller destroys), or KC_ETIMEOUT / KC_EINVAL / KC_EKAFKA with
 * err set to "label: ERROR_NAME: text" and the request-level error in *code (may be NULL). */
static int
admin_wait(rd_kafka_queue_t *q, int timeout_ms, const char *label, rd_kafka_event_t **evp,
           rd_kafka_resp_err_t *code, kc_err *err)
{
    rd_kafka_event_t   *ev = rd_kafka_queue_poll(q, (timeout_ms < 1 ? 1 : timeout_ms) + 1000);
    rd_kafka_resp_err_t e;

    *evp = NULL;
    if (code != NULL)
        *code = RD_KAFKA_RESP_ERR_NO_ERROR;
    if (ev == NULL) {
        if (code != NULL)
            *code = RD_KAFKA_RESP_ERR__TIMED_OUT;
        return kc_err_set(err, KC_ETIMEOUT, "%s: _TIMED_OUT: no answer within %d ms", label,
                          timeout_ms);
    }
    if ((e = rd_kafka_event_error(ev)) != RD_KAFKA_RESP_ERR_NO_ERROR) {
        /* _INVALID_ARG: librdkafka refused the request before sending it (a negative
         * offset, a duplicate topic): the caller's input, not the cluster. */
        int rc = e == RD_KAFKA_RESP_ERR__TIMED_OUT ? KC_ETIMEOUT
               : e == RD_KAFKA_RESP_ERR__INVALID_ARG ? KC_EINVAL : KC_EKAFKA;
        if (code != NULL)
            *code = e;
        kc_err_set(err, rc, "%s: %s: %s", label, rd_kafka_err2name(e),
                   rd_kafka_event_error_string(ev));
        rd_kafka_event_destroy(ev);
        return rc;
    }
    *evp = ev;
    return KC_OK;
}

/* Coordinator answers Java's admin client retries until its deadline: the group's
 * coordinator moved, is loading __consumer_offsets, or that topic is being created. */
static bool
coordinator_moving(rd_kafka_resp_err_t e)
{
    return e == RD_KAFKA_RESP_ERR_NOT_COORDINATOR ||
           e == RD_KAFKA_RESP_ERR_COORDINATOR_NOT_AVAILABLE ||
           e == RD_KAFKA_RESP_ERR_COORDINATOR_LOAD_IN_PROGRESS;
}

/* Pause between two tries of a call whose coordinator was not ready. */
#define RETRY_BACKOFF_MS 200

static void
backoff(void)
{
    struct timespec ts = { 0, RETRY_BACKOFF_MS * 1000000L };

    nanosleep(&ts, NULL);
}

static int
cmp_topic(const void *a, const void *b)
{
    return strcmp(((const kc_admin_topic *) a)->name, ((const kc_admin_topic *) b)->name);
}

static int
cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *) a, *(char *const *) b);
}

/* ===== Topics ===== */

/* Which of the "__"-prefixed topics the brokers flag internal: asked with DescribeTopics,
 * since the flag is not in librdkafka's public metadata. internal[i] for names[i]. Every
 * Kafka-internal topic starts with "__", so only those are asked about. */
static int
flag_internal(rd_kafka_t *rk, const char **names, size_t n, int timeout_ms, bool *internal,
              kc_err *err)
{
    rd_kafka_TopicCollection_t *tc = rd_kafka_TopicCollection_of_topic_names(names, n);
    rd_kafka_AdminOptions_t    *o = admin_opts(rk, RD_KAFKA_ADMIN_OP_DESCRIBETOPICS, timeout_ms);
    rd_kafka_queue_t           *q = rd_kafka_queue_new(rk);
    rd_kafka_event_t           *ev;
    const rd_kafka_TopicDescription_t **td;
    size_t                      ntd;
    int                         rc;

    rd_kafka_DescribeTopics(rk, tc, o, q);
    if ((rc = admin_wait(q, timeout_ms, "DescribeTopics", &ev, NULL, err)) == KC_OK) {
        td = rd_kafka_DescribeTopics_result_topics(rd_kafka_event_DescribeTopics_result(ev), &ntd);
        for (size_t i = 0; i < ntd; i++)
            for (size_t j = 0; j < n; j++)
                if (strcmp(rd_kafka_TopicDescription_name(td[i]), names[j]) == 0)
                    internal[j] = rd_kafka_TopicDescription_is_internal(td[i]) != 0;
        rd_kafka_event_destroy(ev);
    }
    rd_kafka_queue_destroy(q);
    rd_kafka_AdminOptions_destroy(o);
    rd_kafka_TopicCollection_destroy(tc);
    return rc;
}

/* A topic of a Metadata response that is there (Java lists every topic of the response:
 * an unelected leader still is a topic; only topics that are not there are skipped) and
 * that the caller keeps. */
static bool
listable(const struct rd_kafka_metadata_topic *mt, kc_admin_topic_filter keep, void *keep_arg)
{
    return mt->err != RD_KAFKA_RESP_ERR_UNKNOWN_TOPIC_OR_PART &&
           mt->err != RD_KAFKA_RESP_ERR_TOPIC_AUTHORIZATION_FAILED &&
           (keep == NULL || keep(keep_arg, mt->topic));
}

int
kc_admin_list_topics(rd_kafka_t *rk, int timeout_ms, kc_admin_topic_filter keep, void *keep_arg,
                     kc_admin_topic **out, size_t *n, kc_err *err)
{
    const struct rd_kafka_metadata *md = NULL;
    rd_kafka_resp_err_t e;
    kc_admin_topic     *t;
    const char        **under = NULL;
    bool               *internal = NULL, *listed = NULL;
    size_t              nt = 0, nunder = 0;
    int64_t             deadline;
    int                 rc = KC_OK;

    *out = NULL;
    *n = 0;
    err_clear(err);
    deadline = kc_mono_ms() + timeout_ms;
    e = rd_kafka_metadata(rk, 1, NULL, &md, timeout_ms < 1 ? 1 : timeout_ms);
    /* _TRANSPORT: no broker could be reached for the whole timeout. */
    if (e != RD_KAFKA_RESP_ERR_NO_ERROR)
        return kc_err_set(err, e == RD_KAFKA_RESP_ERR__TIMED_OUT ||
                               e == RD_KAFKA_RESP_ERR__TRANSPORT ? KC_ETIMEOUT : KC_EKAFKA,
                          "Metadata(all topics): %s: %s", rd_kafka_err2name(e),
                          rd_kafka_err2str(e));
    t = kc_xcalloc((size_t) md->topic_cnt + 1, sizeof(*t));
    under = kc_xcalloc((size_t) md->topic_cnt + 1, sizeof(*under));
    internal = kc_xcalloc((size_t) md->topic_cnt + 1, sizeof(*internal));
    listed = kc_xcalloc((size_t) md->topic_cnt + 1, sizeof(*listed));
    for (int i = 0; i < md->topic_cnt; i++) {
        const struct rd_kafka_metadata_topic *mt = &md->topics[i];
        if ((listed[i] = listable(mt, keep, keep_arg)) && strncmp(mt->topic, "__", 2) == 0)
            under[nunder++] = mt->topic;
    }
    if (nunder > 0 && (rc = flag_internal(rk, under, nunder, (int) (deadline - kc_mono_ms()),
                                            internal, err)) != KC_OK) {
        if (err != NULL)
            kc_err_prefix(err, "listing topics: ");
        goto out;
    }
    for (int i = 0; i < md->topic_cnt; i++) {
        const struct rd_kafka_metadata_topic *mt = &md->topics[i];
        bool                                  skip = false;
        if (!listed[i])
            continue;
        for (size_t j = 0; j < nunder; j++)
            if (internal[j] && strcmp(under[j], mt->topic) == 0)
                skip = true;
        if (skip)
            continue;
        t[nt].name = kc_xstrdup(mt->topic);
        t[nt].partitions = mt->partition_cnt;
        nt++;
    }
    qsort(t, nt, sizeof(*t), cmp_topic);
out:
    free(under);
    free(internal);
    free(listed);
    rd_kafka_metadata_destroy(md);
    if (rc != KC_OK) {
        kc_admin_topics_free(t, nt);
        return rc;
    }
    *out = t;
    *n = nt;
    return KC_OK;
}

void
kc_admin_topics_free(kc_admin_topic *t, size_t n)
{
    for (size_t i = 0; t != NULL && i < n; i++)
        free(t[i].name);
    free(t);
}

/* The per-topic outcomes of a CreateTopics or CreatePartitions answer, in the order of
 * names; a topic the answer does not mention gets _TIMED_OUT (its outcome is unknown).
 * msgs (may be NULL) gets the broker's message of each failed topic. */
static void
topic_outcomes(const char *op, const rd_kafka_topic_result_t **res, size_t nres,
               const char *const *names, size_t n, int *errs, char **msgs, kc_err *err)
{
    for (size_t i = 0; i < n; i++) {
        errs[i] = RD_KAFKA_RESP_ERR__TIMED_OUT;
        for (size_t j = 0; j < nres; j++) {
            rd_kafka_resp_err_t e;
            const char         *emsg;
            if (strcmp(rd_kafka_topic_result_name(res[j]), names[i]) != 0)
                continue;
            e = rd_kafka_topic_result_error(res[j]);
            emsg = rd_kafka_topic_result_error_string(res[j]);
            errs[i] = e;
            if (msgs != NULL && e != RD_KAFKA_RESP_ERR_NO_ERROR && emsg != NULL)
                msgs[i] = kc_xstrdup(emsg);
            item_note(err, op, names[i], e, emsg);
        }
    }
}

int
kc_admin_create_topics(rd_kafka_t *rk, const kc_admin_new_topic *topics, size_t n, int timeout_ms,
                       int *errs, char **msgs, kc_err *err)
{
    rd_kafka_NewTopic_t   **nt;
    rd_kafka_AdminOptions_t *o;
    rd_kafka_queue_t       *q;
    rd_kafka_event_t       *ev;
    const rd_kafka_topic_result_t **res;
    const char            **names = kc_xcalloc(n + 1, sizeof(*names));
    char                   *label;
    char                    errstr[256];
    size_t                  nres;
    int                     rc = KC_OK;

    err_clear(err);
    for (size_t i = 0; i < n; i++) {
        names[i] = topics[i].name;
        errs[i] = RD_KAFKA_RESP_ERR_NO_ERROR;
        if (msgs != NULL)
            msgs[i] = NULL;
    }
    label = op_label("CreateTopics", names, n);
    if (n == 0) {
        free(names);
        free(label);
        return KC_OK;
    }
    nt = kc_xcalloc(n, sizeof(*nt));
    for (size_t i = 0; i < n; i++) {
        nt[i] = rd_kafka_NewTopic_new(topics[i].name, topics[i].partitions,
                                      topics[i].replication_factor, errstr, sizeof(errstr));
        if (nt[i] == NULL) {
            rc = kc_err_set(err, KC_EINVAL, "CreateTopics(%s): %s", topics[i].name, errstr);
            goto done;
        }
        for (const char *const *c = topics[i].configs; c != NULL && c[0] != NULL; c += 2)
            if (rd_kafka_NewTopic_set_config(nt[i], c[0], c[1]) != RD_KAFKA_RESP_ERR_NO_ERROR) {
                rc = kc_err_set(err, KC_EINVAL, "CreateTopics(%s): config %s: invalid",
                                topics[i].name, c[0]);
                goto done;
            }
    }
    o = admin_opts(rk, RD_KAFKA_ADMIN_OP_CREATETOPICS, timeout_ms);
    q = rd_kafka_queue_new(rk);
    rd_kafka_CreateTopics(rk, nt, n, o, q);
    if ((rc = admin_wait(q, timeout_ms, label, &ev, NULL, err)) == KC_OK) {
        res = rd_kafka_CreateTopics_result_topics(rd_kafka_event_CreateTopics_result(ev), &nres);
        topic_outcomes("CreateTopics", res, nres, names, n, errs, msgs, err);
        rd_kafka_event_destroy(ev);
    }
    rd_kafka_queue_destroy(q);
    rd_kafka_AdminOptions_destroy(o);
done:
    for (size_t i = 0; i < n; i++)
        if (nt[i] != NULL)
            rd_kafka_NewTopic_destroy(nt[i]);
    free(nt);
    free(names);
    free(label);
    return rc;
}

int
kc_admin_create_partitions(rd_kafka_t *rk, const char *const *topics, const int *counts, size_t n,
                           int timeout_ms, int *errs, kc_err *err)
{
    rd_kafka_NewPartitions_t **np;
    rd_kafka_AdminOptions_t  *o;
    rd_kafka_queue_t         *q;
    rd_kafka_event_t         *ev;
    const rd_kafka_topic_result_t **res;
    char                     *label;
    char                      errstr[256];
    size_t                    nres;
    int                       rc = KC_OK;

    err_clear(err);
    for (size_t i = 0; i < n; i++)
        errs[i] = RD_KAFKA_RESP_ERR_NO_ERROR;
    if (n == 0)
        return KC_OK;
    label = op_label("CreatePartitions", topics, n);
    np = kc_xcalloc(n, sizeof(*np));
    for (size_t i = 0; i < n; i++)
        if ((np[i] = rd_kafka_NewPartitions_new(topics[i], (size_t) (counts[i] < 0 ? 0 : counts[i]),
                                                errstr, sizeof(errstr))) == NULL) {
            rc = kc_err_set(err, KC_EINVAL, "CreatePartitions(%s): %s", topics[i], errstr);
            goto done;
        }
    o = admin_opts(rk, RD_KAFKA_ADMIN_OP_CREATEPARTITIONS, timeout_ms);
    q = rd_kafka_queue_new(rk);
    rd_kafka_CreatePartitions(rk, np, n, o, q);
    if ((rc = admin_wait(q, timeout_ms, label, &ev, NULL, err)) == KC_OK) {
        res = rd_kafka_CreatePartitions_result_topics(rd_kafka_event_CreatePartitions_result(ev),
                                                      &nres);
        topic_outcomes("CreatePartitions", res, nres, topics, n, errs, NULL, err);
        rd_kafka_event_destroy(ev);
    }
    rd_kafka_queue_destroy(q);
    rd_kafka_AdminOptions_destroy(o);
done:
    for (size_t i = 0; i < n; i++)
        if (np[i] != NULL)
            rd_kafka_NewPartitions_destroy(np[i]);
    free(np);
    free(label);
    return rc;
}

/* ===== Topic configs ===== */

int
kc_admin_describe_topic_configs(rd_kafka_t *rk, const char *const *topics, size_t n, int timeout_ms,
                                kc_admin_topic_config **out, kc_err *err)
{
    rd_kafka_ConfigResource_t **cr;
    rd_kafka_AdminOptions_t   *o;
    rd_kafka_queue_t          *q;
    rd_kafka_event_t          *ev;
    const rd_kafka_ConfigResource_t **res;
    kc_admin_topic_config     *c;
    char                      *label;
    size_t                     nres;
    int                        rc = KC_OK;

    *out = NULL;
    err_clear(err);
    if (n == 0)
        return KC_OK;
    label = op_label("DescribeConfigs", topics, n);
    cr = kc_xcalloc(n, sizeof(*cr));
    c = kc_xcalloc(n, sizeof(*c));
    for (size_t i = 0; i < n; i++) {
        cr[i] = rd_kafka_ConfigResource_new(RD_KAFKA_RESOURCE_TOPIC, topics[i]);
        c[i].topic = kc_xstrdup(topics[i]);
        c[i].err = RD_KAFKA_RESP_ERR__TIMED_OUT;    /* until the answer names it */
    }
    o = admin_opts(rk, RD_KAFKA_ADMIN_OP_DESCRIBECONFIGS, timeout_ms);
    q = rd_kafka_queue_new(rk);
    rd_kafka_DescribeConfigs(rk, cr, n, o, q);
    if ((rc = admin_wait(q, timeout_ms, label, &ev, NULL, err)) == KC_OK) {
        res = rd_kafka_DescribeConfigs_result_resources(rd_kafka_event_DescribeConfigs_result(ev),
                                                        &nres);
        for (size_t j = 0; j < nres; j++) {
            const char *name = rd_kafka_ConfigResource_name(res[j]);
            for (size_t i = 0; i < n; i++) {
                const rd_kafka_ConfigEntry_t **ent;
                size_t                         nent;
                if (strcmp(name, topics[i]) != 0 || c[i].entries != NULL)
                    continue;
                c[i].err = rd_kafka_ConfigResource_error(res[j]);
                item_note(err, "DescribeConfigs", topics[i], c[i].err,
                          rd_kafka_ConfigResource_error_string(res[j]));
                if (c[i].err != RD_KAFKA_RESP_ERR_NO_ERROR)
                    continue;
                ent = rd_kafka_ConfigResource_configs(res[j], &nent);
                c[i].entries = kc_xcalloc(nent + 1, sizeof(*c[i].entries));
                c[i].n = nent;
                for (size_t k = 0; k < nent; k++) {
                    kc_admin_config_entry *e = &c[i].entries[k];
                    const char            *v = rd_kafka_ConfigEntry_value(ent[k]);
                    e->name = kc_xstrdup(rd_kafka_ConfigEntry_name(ent[k]));
                    e->value = v != NULL ? kc_xstrdup(v) : NULL;
                    e->source = (int) rd_kafka_ConfigEntry_source(ent[k]);
                    e->is_default = rd_kafka_ConfigEntry_is_default(ent[k]) != 0;
                    e->read_only = rd_kafka_ConfigEntry_is_read_only(ent[k]) != 0;
                    e->sensitive = rd_kafka_ConfigEntry_is_sensitive(ent[k]) != 0;
                }
            }
        }
        rd_kafka_event_destroy(ev);
    }
    rd_kafka_queue_destroy(q);
    rd_kafka_AdminOptions_destroy(o);
    for (size_t i = 0; i < n; i++)
        rd_kafka_ConfigResource_destroy(cr[i]);
    free(cr);
    free(label);
    if (rc != KC_OK) {
        kc_admin_topic_configs_free(c, n);
        return rc;
    }
    *out = c;
    return KC_OK;
}

void
kc_admin_topic_configs_free(kc_admin_topic_config *c, size_t n)
{
    for (size_t i = 0; c != NULL && i < n; i++) {
        for (size_t k = 0; k < c[i].n; k++) {
            free(c[i].entries[k].name);
            free(c[i].entries[k].value);
        }
        free(c[i].entries);
        free(c[i].topic);
    }
    free(c);
}

int
kc_admin_incremental_alter_topic_configs(rd_kafka_t *rk, const kc_admin_topic_alter *alters,
                                         size_t n, int timeout_ms, int *errs, kc_err *err)
{
    rd_kafka_ConfigResource_t **cr;
    rd_kafka_AdminOptions_t   *o;
    rd_kafka_queue_t          *q;
    rd_kafka_event_t          *ev;
    rd_kafka_resp_err_t        e;
    const rd_kafka_ConfigResource_t **res;
    const char               **names;
    char                      *label;
    size_t                     nres;
    int                        rc = KC_OK;

    err_clear(err);
    for (size_t i = 0; i < n; i++)
        errs[i] = RD_KAFKA_RESP_ERR_NO_ERROR;
    if (n == 0)
        return KC_OK;
    names = kc_xcalloc(n, sizeof(*names));
    for (size_t i = 0; i < n; i++)
        names[i] = alters[i].topic;
    label = op_label("IncrementalAlterConfigs", names, n);
    free(names);
    cr = kc_xcalloc(n, sizeof(*cr));
    for (size_t i = 0; i < n; i++) {
        cr[i] = rd_kafka_ConfigResource_new(RD_KAFKA_RESOURCE_TOPIC, alters[i].topic);
        for (size_t k = 0; k < alters[i].n; k++) {
            const kc_admin_config_op *op = &alters[i].ops[k];
            rd_kafka_error_t         *ae = rd_kafka_ConfigResource_add_incremental_config(
                cr[i], op->name,
                op->delete_op ? RD_KAFKA_ALTER_CONFIG_OP_TYPE_DELETE
                              : RD_KAFKA_ALTER_CONFIG_OP_TYPE_SET,
                op->delete_op ? NULL : op->value);
            if (ae != NULL) {
                rc = kc_err_set(err, KC_EINVAL, "IncrementalAlterConfigs(%s): %s: %s",
                                alters[i].topic, op->name, rd_kafka_error_string(ae));
                rd_kafka_error_destroy(ae);
                goto done;
            }
        }
    }
    o = admin_opts(rk, RD_KAFKA_ADMIN_OP_INCREMENTALALTERCONFIGS, timeout_ms);
    q = rd_kafka_queue_new(rk);
    rd_kafka_IncrementalAlterConfigs(rk, cr, n, o, q);
    if ((rc = admin_wait(q, timeout_ms, label, &ev, &e, err)) == KC_OK) {
        res = rd_kafka_IncrementalAlterConfigs_result_resources(
            rd_kafka_event_IncrementalAlterConfigs_result(ev), &nres);
        for (size_t i = 0; i < n; i++) {
            errs[i] = RD_KAFKA_RESP_ERR__TIMED_OUT;
            for (size_t j = 0; j < nres; j++)
                if (strcmp(rd_kafka_ConfigResource_name(res[j]), alters[i].topic) == 0) {
                    errs[i] = rd_kafka_ConfigResource_error(res[j]);
                    item_note(err, "IncrementalAlterConfigs", alters[i].topic, errs[i],
                              rd_kafka_ConfigResource_error_string(res[j]));
                }
        }
        rd_kafka_event_destroy(ev);
    } else if (e == RD_KAFKA_RESP_ERR__UNSUPPORTED_FEATURE ||
               e == RD_KAFKA_RESP_ERR_UNSUPPORTED_VERSION) {
        /* An old broker: Java's UnsupportedVersionException, which fails the connector. */
        rc = kc_err_set(err, KC_EINVAL, "%s: %s: unsupported by the broker", label,
                        rd_kafka_err2name(e));
    }
    rd_kafka_queue_destroy(q);
    rd_kafka_AdminOptions_destroy(o);
done:
    for (size_t i = 0; i < n; i++)
        if (cr[i] != NULL)
            rd_kafka_ConfigResource_destroy(cr[i]);
    free(cr);
    free(label);
    return rc;
}

/* ===== ACLs ===== */

/* Whether the cluster has no authorizer. librdkafka 2.12.1 drops the top-level error of a
 * DescribeAcls response, so SECURITY_DISABLED reads as "no ACLs". CreateAcls tells: brokers
 * without an authorizer refuse every binding with SECURITY_DISABLED, brokers with one refuse a
 * binding with an empty resource name (INVALID_REQUEST) before touching any ACL, or refuse the
 * whole request when the principal may not alter the cluster. So this asks for exactly that
 * binding and changes nothing either way. False when the answer does not say. */
static bool
authorizer_missing(rd_kafka_t *rk, int timeout_ms)
{
    char                     errstr[256];
    rd_kafka_AclBinding_t   *b;
    rd_kafka_AdminOptions_t *o;
    rd_kafka_queue_t        *q;
    rd_kafka_event_t        *ev;
    rd_kafka_resp_err_t      e;
    const rd_kafka_acl_result_t **res;
    size_t                   nres;
    bool                     missing = false;

    b = rd_kafka_AclBinding_new(RD_KAFKA_RESOURCE_TOPIC, "", RD_KAFKA_RESOURCE_PATTERN_LITERAL,
                                "User:ANONYMOUS", "*", RD_KAFKA_ACL_OPERATION_READ,
                                RD_KAFKA_ACL_PERMISSION_TYPE_ALLOW, errstr, sizeof(errstr));
    if (b == NULL)
        return false;
    o = admin_opts(rk, RD_KAFKA_ADMIN_OP_CREATEACLS, timeout_ms);
    q = rd_kafka_queue_new(rk);
    rd_kafka_CreateAcls(rk, &b, 1, o, q);
    if (admin_wait(q, timeout_ms, "CreateAcls", &ev, &e, NULL) == KC_OK) {
        res = rd_kafka_CreateAcls_result_acls(rd_kafka_event_CreateAcls_result(ev), &nres);
        missing = nres == 1 && rd_kafka_acl_result_error(res[0]) != NULL &&
                  rd_kafka_error_code(rd_kafka_acl_result_error(res[0])) ==
                      RD_KAFKA_RESP_ERR_SECURITY_DISABLED;
        rd_kafka_event_destroy(ev);
    } else {
        missing = e == RD_KAFKA_RESP_ERR_SECURITY_DISABLED;
    }
    rd_kafka_queue_destroy(q);
    rd_kafka_AdminOptions_destroy(o);
    rd_kafka_AclBinding_destroy(b);
    return missing;
}

/* Whether the principal may not describe the cluster, which DescribeAcls needs: the error
 * librdkafka 2.12.1 also drops (CLUSTER_AUTHORIZATION_FAILED reads as "no bindings"). Asked
 * with DescribeCluster and the principal's authorized cluster operations (the broker computes
 * them with the same authorizer; without one every operation is listed). False when the
 * answer does not say. */
static bool
cluster_describe_denied(rd_kafka_t *rk, int timeout_ms)
{
    rd_kafka_AdminOptions_t *o = admin_opts(rk, RD_KAFKA_ADMIN_OP_DESCRIBECLUSTER, timeout_ms);
    rd_kafka_queue_t        *q = rd_kafka_queue_new(rk);
    rd_kafka_event_t        *ev;
    rd_kafka_error_t        *oe;
    const rd_kafka_AclOperation_t *ops;
    size_t                   nops = 0;
    bool                     denied = false;

    if ((oe = rd_kafka_AdminOptions_set_include_authorized_operations(o, 1)) != NULL)
        rd_kafka_error_destroy(oe);
    rd_kafka_DescribeCluster(rk, o, q);
    if (admin_wait(q, timeout_ms, "DescribeCluster", &ev, NULL, NULL) == KC_OK) {
        ops = rd_kafka_DescribeCluster_result_authorized_operations(
            rd_kafka_event_DescribeCluster_result(ev), &nops);
        /* NULL: not answered; an empty list: nothing allowed (the broker sends no operations
         * to a principal that may not describe the cluster). */
        denied = ops != NULL;
        for (size_t i = 0; denied && i < nops; i++)
            if (ops[i] == RD_KAFKA_ACL_OPERATION_DESCRIBE || ops[i] == RD_KAFKA_ACL_OPERATION_ALL)
                denied = false;
        rd_kafka_event_destroy(ev);
    }
    rd_kafka_queue_destroy(q);
    rd_kafka_AdminOptions_destroy(o);
    return denied;
}

int
kc_admin_describe_topic_acls(rd_kafka_t *rk, int timeout_ms, kc_admin_acl **out, size_t *n,
                             kc_err *err)
{
    char                      errstr[256];
    rd_kafka_AclBindingFilter_t *f;
    rd_kafka_AdminOptions_t   *o;
    rd_kafka_queue_t          *q;
    rd_kafka_event_t          *ev;
    rd_kafka_resp_err_t        e;
    const rd_kafka_AclBinding_t **b;
    kc_admin_acl              *a;
    size_t                     nb;
    int64_t                    deadline;
    int                        rc = KC_OK;

    *out = NULL;
    *n = 0;
    err_clear(err);
    deadline = kc_mono_ms() + timeout_ms;
    f = rd_kafka_AclBindingFilter_new(RD_KAFKA_RESOURCE_TOPIC, NULL, RD_KAFKA_RESOURCE_PATTERN_ANY,
                                      NULL, NULL, RD_KAFKA_ACL_OPERATION_ANY,
                                      RD_KAFKA_ACL_PERMISSION_TYPE_ANY, errstr, sizeof(errstr));
    if (f == NULL)
        return kc_err_set(err, KC_EINVAL, "DescribeAcls(TOPIC): %s", errstr);
    o = admin_opts(rk, RD_KAFKA_ADMIN_OP_DESCRIBEACLS, timeout_ms);
    q = rd_kafka_queue_new(rk);
    rd_kafka_DescribeAcls(rk, f, o, q);
    if ((rc = admin_wait(q, timeout_ms, "DescribeAcls(TOPIC)", &ev, &e, err)) == KC_OK) {
        b = rd_kafka_DescribeAcls_result_acls(rd_kafka_event_DescribeAcls_result(ev), &nb);
        a = kc_xcalloc(nb + 1, sizeof(*a));
        for (size_t i = 0; i < nb; i++) {
            const char *host = rd_kafka_AclBinding_host(b[i]);
            a[i].topic = kc_xstrdup(rd_kafka_AclBinding_name(b[i]));
            a[i].principal = kc_xstrdup(rd_kafka_AclBinding_principal(b[i]));
            a[i].host = kc_xstrdup(host != NULL ? host : "*");
            a[i].pattern_type = (int) rd_kafka_AclBinding_resource_pattern_type(b[i]);
            a[i].operation = (int) rd_kafka_AclBinding_operation(b[i]);
            a[i].permission = (int) rd_kafka_AclBinding_permission_type(b[i]);
        }
        *out = a;
        *n = nb;
        rd_kafka_event_destroy(ev);
        /* No binding at all: an authorizer with no topic ACLs, none (see above), or a
         * principal that may not describe the cluster. */
        if (nb == 0 && authorizer_missing(rk, (int) (deadline - kc_mono_ms()))) {
            kc_admin_acls_free(a, nb);
            *out = NULL;
            e = RD_KAFKA_RESP_ERR_SECURITY_DISABLED;
        } else if (nb == 0 && cluster_describe_denied(rk, (int) (deadline - kc_mono_ms()))) {
            kc_admin_acls_free(a, nb);
            *out = NULL;
            rc = kc_err_set(err, KC_EKAFKA, "DescribeAcls(TOPIC): CLUSTER_AUTHORIZATION_FAILED: "
                            "Cluster authorization failed.");
        }
    }
    if (e == RD_KAFKA_RESP_ERR_SECURITY_DISABLED) {
        /* No authorizer on the cluster: Java's SecurityDisabledException. */
        rc = kc_err_set(err, KC_EINVAL, "DescribeAcls(TOPIC): SECURITY_DISABLED: security "
                        "disabled (no authorizer is configured on the cluster)");
    }
    rd_kafka_queue_destroy(q);
    rd_kafka_AdminOptions_destroy(o);
    rd_kafka_AclBinding_destroy(f);
    return rc;
}

void
kc_admin_acls_free(kc_admin_acl *a, size_t n)
{
    for (size_t i = 0; a != NULL && i < n; i++) {
        free(a[i].topic);
        free(a[i].principal);
        free(a[i].host);
    }
    free(a);
}

int
kc_admin_create_acls(rd_kafka_t *rk, const kc_admin_acl *acls, size_t n, int timeout_ms,
                     size_t *failed, kc_err *err)
{
    char                     errstr[256];
    rd_kafka_AclBinding_t  **b;
    rd_kafka_AdminOptions_t *o;
    rd_kafka_queue_t        *q;
    rd_kafka_event_t        *ev;
    const rd_kafka_acl_result_t **res;
    size_t                   nres;
    int                      rc = KC_OK;

    *failed = 0;
    err_clear(err);
    if (n == 0)
        return KC_OK;
    b = kc_xcalloc(n, sizeof(*b));
    for (size_t i = 0; i < n; i++)
        if ((b[i] = rd_kafka_AclBinding_new(RD_KAFKA_RESOURCE_TOPIC, acls[i].topic,
                                            (rd_kafka_ResourcePatternType_t) acls[i].pattern_type,
                                            acls[i].principal, acls[i].host ? acls[i].host : "*",
                                            (rd_kafka_AclOperation_t) acls[i].operation,
                                            (rd_kafka_AclPermissionType_t) acls[i].permission,
                                            errstr, sizeof(errstr))) == NULL) {
            rc = kc_err_set(err, KC_EINVAL, "CreateAcls(%s): %s", acls[i].topic, errstr);
            goto done;
        }
    o = admin_opts(rk, RD_KAFKA_ADMIN_OP_CREATEACLS, timeout_ms);
    q = rd_kafka_queue_new(rk);
    rd_kafka_CreateAcls(rk, b, n, o, q);
    if ((rc = admin_wait(q, timeout_ms, "CreateAcls", &ev, NULL, err)) == KC_OK) {
        /* Results come in the order of the bindings (one per binding, no names). */
        res = rd_kafka_CreateAcls_result_acls(rd_kafka_event_CreateAcls_result(ev), &nres);
        for (size_t i = 0; i < n; i++) {
            const rd_kafka_error_t *ae = i < nres ? rd_kafka_acl_result_error(res[i]) : NULL;
            char                    item[300];
            if (i < nres && ae == NULL)
                continue;
            (*failed)++;
            snprintf(item, sizeof(item), "%s %s %s %s on topic %s", acls[i].principal,
                     rd_kafka_AclPermissionType_name(
                         (rd_kafka_AclPermissionType_t) acls[i].permission),
                     rd_kafka_AclOperation_name((rd_kafka_AclOperation_t) acls[i].operation),
                     acls[i].host ? acls[i].host : "*", acls[i].topic);
            kc_log_warn(LOG_SUB, "CreateAcls(%s): %s: %s", item,
                        ae ? rd_kafka_error_name(ae) : "_TIMED_OUT",
                        ae ? rd_kafka_error_string(ae) : "not in the answer");
            item_note(err, "CreateAcls", item,
                      ae ? rd_kafka_error_code(ae) : RD_KAFKA_RESP_ERR__TIMED_OUT,
                      ae ? rd_kafka_error_string(ae) : "not in the answer");
        }
        rd_kafka_event_destroy(ev);
    }
    rd_kafka_queue_destroy(q);
    rd_kafka_AdminOptions_destroy(o);
done:
    for (size_t i = 0; i < n; i++)
        if (b[i] != NULL)
            rd_kafka_AclBinding_destroy(b[i]);
    free(b);
    return rc;
}

/* ===== Consumer groups ===== */

int
kc_admin_list_groups(rd_kafka_t *rk, int timeout_ms, char ***ids, size_t *n, kc_err *err)
{
    rd_kafka_AdminOptions_t *o;
    rd_kafka_queue_t        *q;
    rd_kafka_event_t        *ev;
    const rd_kafka_ListConsumerGroups_result_t *r;
    const rd_kafka_ConsumerGroupListing_t **valid;
    const rd_kafka_error_t **errors;
    size_t                   nvalid, nerrors;
    char                   **out;
    int                      rc = KC_OK;

    *ids = NULL;
    *n = 0;
    err_clear(err);
    o = admin_opts(rk, RD_KAFKA_ADMIN_OP_LISTCONSUMERGROUPS, timeout_ms);
    q = rd_kafka_queue_new(rk);
    rd_kafka_ListConsumerGroups(rk, o, q);
    if ((rc = admin_wait(q, timeout_ms, "ListGroups", &ev, NULL, err)) == KC_OK) {
        r = rd_kafka_event_ListConsumerGroups_result(ev);
        valid = rd_kafka_ListConsumerGroups_result_valid(r, &nvalid);
        errors = rd_kafka_ListConsumerGroups_result_errors(r, &nerrors);
        if (nerrors > 0 && nvalid == 0) {
            rc = kc_err_set(err, rd_kafka_error_code(errors[0]) == RD_KAFKA_RESP_ERR__TIMED_OUT
                            ? KC_ETIMEOUT : KC_EKAFKA, "ListGroups: %s: %s",
                            rd_kafka_error_name(errors[0]), rd_kafka_error_string(errors[0]));
        } else {
            if (nerrors > 0)
                item_note(err, "ListGroups", "a broker", rd_kafka_error_code(errors[0]),
                          rd_kafka_error_string(errors[0]));
            out = kc_xcalloc(nvalid + 1, sizeof(*out));
            for (size_t i = 0; i < nvalid; i++)
                out[i] = kc_xstrdup(rd_kafka_ConsumerGroupListing_group_id(valid[i]));
            qsort(out, nvalid, sizeof(*out), cmp_str);
            *ids = out;
            *n = nvalid;
        }
        rd_kafka_event_destroy(ev);
    }
    rd_kafka_queue_destroy(q);
    rd_kafka_AdminOptions_destroy(o);
    return rc;
}

void
kc_admin_strings_free(char **s, size_t n)
{
    for (size_t i = 0; s != NULL && i < n; i++)
        free(s[i]);
    free(s);
}

static int
cmp_offset(const void *a, const void *b)
{
    const kc_admin_group_offset *x = a, *y = b;
    int                          c = strcmp(x->topic, y->topic);

    return c != 0 ? c : (x->partition > y->partition) - (x->partition < y->partition);
}

static int
list_offsets_once(rd_kafka_t *rk, const char *group, int timeout_ms, kc_admin_group_offset **out,
                  size_t *n, bool *retry, kc_err *err)
{
    rd_kafka_ListConsumerGroupOffsets_t *req = rd_kafka_ListConsumerGroupOffsets_new(group, NULL);
    rd_kafka_AdminOptions_t *o = admin_opts(rk, RD_KAFKA_ADMIN_OP_LISTCONSUMERGROUPOFFSETS,
                                            timeout_ms);
    rd_kafka_queue_t        *q = rd_kafka_queue_new(rk);
    rd_kafka_event_t        *ev;
    const rd_kafka_group_result_t **gr;
    char                    *label = op_label("OffsetFetch", &group, 1);
    size_t                   ngr;
    int                      rc = KC_OK;

    *out = NULL;
    *n = 0;
    *retry = false;
    err_clear(err);
    rd_kafka_ListConsumerGroupOffsets(rk, &req, 1, o, q);
    if ((rc = admin_wait(q, timeout_ms, label, &ev, NULL, err)) == KC_OK) {
        gr = rd_kafka_ListConsumerGroupOffsets_result_groups(
            rd_kafka_event_ListConsumerGroupOffsets_result(ev), &ngr);
        for (size_t g = 0; g < ngr; g++) {
            const rd_kafka_error_t                *ge = rd_kafka_group_result_error(gr[g]);
            const rd_kafka_topic_partition_list_t *pl = rd_kafka_group_result_partitions(gr[g]);
            kc_admin_group_offset                 *o2;
            size_t                                 k = 0;
            if (ge != NULL) {
                /* A group that does not exist has no offsets; Kafka answers that as an
                 * empty list, and GROUP_ID_NOT_FOUND only from some paths. */
                if (rd_kafka_error_code(ge) == RD_KAFKA_RESP_ERR_GROUP_ID_NOT_FOUND)
                    break;
                *retry = coordinator_moving(rd_kafka_error_code(ge));
                rc = kc_err_set(err, rd_kafka_error_code(ge) == RD_KAFKA_RESP_ERR__TIMED_OUT
                                ? KC_ETIMEOUT : KC_EKAFKA, "%s: %s: %s", label,
                                rd_kafka_error_name(ge), rd_kafka_error_string(ge));
                break;
            }
            if (pl == NULL)
                break;
            o2 = kc_xcalloc((size_t) pl->cnt + 1, sizeof(*o2));
            for (int i = 0; i < pl->cnt; i++) {
                const rd_kafka_topic_partition_t *p = &pl->elems[i];
                if (p->err != RD_KAFKA_RESP_ERR_NO_ERROR) {
                    *retry = coordinator_moving(p->err);
                    rc = kc_err_set(err, KC_EKAFKA, "%s: %s-%d: %s: %s", label, p->topic,
                                    (int) p->partition, rd_kafka_err2name(p->err),
                                    rd_kafka_err2str(p->err));
                    break;
                }
                o2[k].topic = kc_xstrdup(p->topic);
                o2[k].partition = p->partition;
                o2[k].offset = p->offset < 0 ? -1 : p->offset;
                o2[k].metadata = p->metadata != NULL
                    ? kc_xstrndup(p->metadata, p->metadata_size) : kc_xstrdup("");
                o2[k].metadata_len = p->metadata != NULL ? p->metadata_size : 0;
                k++;
            }
            if (rc != KC_OK) {
                kc_admin_group_offsets_free(o2, k);
                break;
            }
            qsort(o2, k, sizeof(*o2), cmp_offset);
            *out = o2;
            *n = k;
            break;
        }
        rd_kafka_event_destroy(ev);
    }
    rd_kafka_queue_destroy(q);
    rd_kafka_AdminOptions_destroy(o);
    rd_kafka_ListConsumerGroupOffsets_destroy(req);
    free(label);
    return rc;
}

int
kc_admin_list_group_offsets(rd_kafka_t *rk, const char *group, int timeout_ms,
                            kc_admin_group_offset **out, size_t *n, kc_err *err)
{
    int64_t deadline = kc_mono_ms() + timeout_ms;
    bool    retry;
    int     rc;

    for (;;) {
        int64_t left = deadline - kc_mono_ms();
        rc = list_offsets_once(rk, group, left < 1 ? 1 : (int) left, out, n, &retry, err);
        if (!retry || deadline - kc_mono_ms() <= RETRY_BACKOFF_MS)
            return rc;
        backoff();
    }
}

void
kc_admin_group_offsets_free(kc_admin_group_offset *o, size_t n)
{
    for (size_t i = 0; o != NULL && i < n; i++) {
        free(o[i].topic);
        free(o[i].metadata);
    }
    free(o);
}

const char *
kc_admin_group_state_name(kc_group_state s)
{
    switch (s) {
    case KC_GROUP_NOT_FOUND:             return "NotFound";
    case KC_GROUP_EMPTY:                 return "Empty";
    case KC_GROUP_STABLE:                return "Stable";
    case KC_GROUP_PREPARING_REBALANCE:   return "PreparingRebalance";
    case KC_GROUP_COMPLETING_REBALANCE:  return "CompletingRebalance";
    case KC_GROUP_DEAD:                  return "Dead";
    case KC_GROUP_ASSIGNING:             return "Assigning";
    case KC_GROUP_RECONCILING:           return "Reconciling";
    case KC_GROUP_UNKNOWN:               break;
    }
    return "Unknown";
}

static kc_group_state
group_state_of(rd_kafka_consumer_group_state_t s)
{
    switch (s) {
    case RD_KAFKA_CONSUMER_GROUP_STATE_PREPARING_REBALANCE:  return KC_GROUP_PREPARING_REBALANCE;
    case RD_KAFKA_CONSUMER_GROUP_STATE_COMPLETING_REBALANCE: return KC_GROUP_COMPLETING_REBALANCE;
    case RD_KAFKA_CONSUMER_GROUP_STATE_STABLE:               return KC_GROUP_STABLE;
    /* DescribeGroups answers Dead, with no error, for a classic group id nobody uses. */
    case RD_KAFKA_CONSUMER_GROUP_STATE_DEAD:                 return KC_GROUP_NOT_FOUND;
    case RD_KAFKA_CONSUMER_GROUP_STATE_EMPTY:                return KC_GROUP_EMPTY;
    default:                                                 return KC_GROUP_UNKNOWN;
    }
}

static int
describe_states_once(rd_kafka_t *rk, const char *const *groups, size_t n, int timeout_ms,
                     kc_group_state *states, bool *retry, kc_err *err)
{
    rd_kafka_AdminOptions_t *o;
    rd_kafka_queue_t        *q;
    rd_kafka_event_t        *ev;
    const rd_kafka_ConsumerGroupDescription_t **d;
    char                    *label;
    size_t                   nd;
    int                      rc = KC_OK;

    *retry = false;
    err_clear(err);
    for (size_t i = 0; i < n; i++)
        states[i] = KC_GROUP_UNKNOWN;
    label = op_label("DescribeConsumerGroups", groups, n);
    o = admin_opts(rk, RD_KAFKA_ADMIN_OP_DESCRIBECONSUMERGROUPS, timeout_ms);
    q = rd_kafka_queue_new(rk);
    rd_kafka_DescribeConsumerGroups(rk, (const char **) groups, n, o, q);
    if ((rc = admin_wait(q, timeout_ms, label, &ev, NULL, err)) == KC_OK) {
        d = rd_kafka_DescribeConsumerGroups_result_groups(
            rd_kafka_event_DescribeConsumerGroups_result(ev), &nd);
        for (size_t j = 0; j < nd; j++) {
            const char             *id = rd_kafka_ConsumerGroupDescription_group_id(d[j]);
            const rd_kafka_error_t *ge = rd_kafka_ConsumerGroupDescription_error(d[j]);
            for (size_t i = 0; i < n; i++) {
                if (strcmp(id, groups[i]) != 0)
                    continue;
                if (ge == NULL)
                    states[i] = group_state_of(rd_kafka_ConsumerGroupDescription_state(d[j]));
                else if (rd_kafka_error_code(ge) == RD_KAFKA_RESP_ERR_GROUP_ID_NOT_FOUND)
                    states[i] = KC_GROUP_NOT_FOUND;
                else if (coordinator_moving(rd_kafka_error_code(ge)))
                    *retry = true;
                if (ge != NULL && states[i] == KC_GROUP_UNKNOWN)
                    item_note(err, "DescribeConsumerGroups", groups[i], rd_kafka_error_code(ge),
                              rd_kafka_error_string(ge));
            }
        }
        rd_kafka_event_destroy(ev);
    }
    rd_kafka_queue_destroy(q);
    rd_kafka_AdminOptions_destroy(o);
    free(label);
    return rc;
}

int
kc_admin_describe_group_states(rd_kafka_t *rk, const char *const *groups, size_t n, int timeout_ms,
                               kc_group_state *states, kc_err *err)
{
    int64_t deadline = kc_mono_ms() + timeout_ms;
    bool    retry;
    int     rc;

    if (n == 0) {
        err_clear(err);
        return KC_OK;
    }
    for (;;) {
        int64_t left = deadline - kc_mono_ms();
        rc = describe_states_once(rk, groups, n, left < 1 ? 1 : (int) left, states, &retry, err);
        if (!retry || deadline - kc_mono_ms() <= RETRY_BACKOFF_MS)
            return rc;
        backoff();
    }
}

/* Answers meaning "the group has live members": the broker only takes member-less commits
 * for a group nobody is in (UNKNOWN_MEMBER_ID for classic groups; KIP-848 groups may answer
 * with their epoch errors). */
static bool
group_busy(rd_kafka_resp_err_t e)
{
    return e == RD_KAFKA_RESP_ERR_UNKNOWN_MEMBER_ID || e == RD_KAFKA_RESP_ERR_ILLEGAL_GENERATION ||
           e == RD_KAFKA_RESP_ERR_REBALANCE_IN_PROGRESS ||
           e == RD_KAFKA_RESP_ERR_STALE_MEMBER_EPOCH;
}

static int
alter_offsets_once(rd_kafka_t *rk, const char *group, const kc_admin_group_offset *offs, size_t n,
                   int timeout_ms, bool *retry, kc_err *err)
{
    rd_kafka_topic_partition_list_t *pl;
    rd_kafka_AlterConsumerGroupOffsets_t *req;
    rd_kafka_AdminOptions_t *o;
    rd_kafka_queue_t        *q;
    rd_kafka_event_t        *ev;
    const rd_kafka_group_result_t **gr;
    char                    *label;
    size_t                   ngr;
    int                      rc = KC_OK;

    *retry = false;
    err_clear(err);
    label = op_label("AlterConsumerGroupOffsets", &group, 1);
    pl = rd_kafka_topic_partition_list_new((int) n);
    for (size_t i = 0; i < n; i++) {
        rd_kafka_topic_partition_t *p = rd_kafka_topic_partition_list_add(pl, offs[i].topic,
                                                                         offs[i].partition);
        const char                 *md = offs[i].metadata ? offs[i].metadata : "";
        size_t                      len = offs[i].metadata ? offs[i].metadata_len : 0;
        p->offset = offs[i].offset;
        /* librdkafka frees metadata with the list. */
        p->metadata = kc_xstrndup(md, len);
        p->metadata_size = len;
    }
    req = rd_kafka_AlterConsumerGroupOffsets_new(group, pl);
    rd_kafka_topic_partition_list_destroy(pl);
    o = admin_opts(rk, RD_KAFKA_ADMIN_OP_ALTERCONSUMERGROUPOFFSETS, timeout_ms);
    q = rd_kafka_queue_new(rk);
    rd_kafka_AlterConsumerGroupOffsets(rk, &req, 1, o, q);
    if ((rc = admin_wait(q, timeout_ms, label, &ev, NULL, err)) == KC_OK) {
        gr = rd_kafka_AlterConsumerGroupOffsets_result_groups(
            rd_kafka_event_AlterConsumerGroupOffsets_result(ev), &ngr);
        for (size_t g = 0; g < ngr && rc == KC_OK; g++) {
            const rd_kafka_error_t                *ge = rd_kafka_group_result_error(gr[g]);
            const rd_kafka_topic_partition_list_t *res = rd_kafka_group_result_partitions(gr[g]);
            if (ge != NULL) {
                rd_kafka_resp_err_t e = rd_kafka_error_code(ge);
                *retry = coordinator_moving(e);
                rc = kc_err_set(err, group_busy(e) ? KC_ECONFLICT
                                : e == RD_KAFKA_RESP_ERR__TIMED_OUT ? KC_ETIMEOUT : KC_EKAFKA,
                                "%s: %s: %s", label, rd_kafka_error_name(ge),
                                rd_kafka_error_string(ge));
                break;
            }
            for (int i = 0; res != NULL && i < res->cnt; i++) {
                const rd_kafka_topic_partition_t *p = &res->elems[i];
                if (p->err == RD_KAFKA_RESP_ERR_NO_ERROR)
                    continue;
                *retry = coordinator_moving(p->err);
                rc = kc_err_set(err, group_busy(p->err) ? KC_ECONFLICT : KC_EKAFKA,
                                "%s: %s-%d: %s: %s", label, p->topic, (int) p->partition,
                                rd_kafka_err2name(p->err), rd_kafka_err2str(p->err));
                break;
            }
        }
        rd_kafka_event_destroy(ev);
    }
    rd_kafka_queue_destroy(q);
    rd_kafka_AdminOptions_destroy(o);
    rd_kafka_AlterConsumerGroupOffsets_destroy(req);
    free(label);
    return rc;
}

int
kc_admin_alter_group_offsets(rd_kafka_t *rk, const char *group, const kc_admin_group_offset *offs,
                             size_t n, int timeout_ms, kc_err *err)
{
    int64_t deadline = kc_mono_ms() + timeout_ms;
    bool    retry;
    int     rc;

    if (n == 0) {
        err_clear(err);
        return KC_OK;
    }
    for (;;) {
        int64_t left = deadline - kc_mono_ms();
        rc = alter_offsets_once(rk, group, offs, n, left < 1 ? 1 : (int) left, &retry, err);
        if (!retry || deadline - kc_mono_ms() <= RETRY_BACKOFF_MS)
            return rc;
        backoff();
    }
}
