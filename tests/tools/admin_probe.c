/*
 * tests/tools/admin_probe.c - runs one connectors/mirror/mirror_admin.h call against a real
 * cluster and prints its result as one JSON object, for the integration tests.
 *
 *   admin_probe [-X key=value]... [-t TIMEOUT_MS] BOOTSTRAP COMMAND [ARGS...]
 *
 * -X sets a Java-style client property (security.protocol, sasl.jaas.config, ...), as a
 * worker's properties file would. Commands (JSON arguments as one shell word):
 *
 *   list-topics [PREFIX]     with PREFIX, the listing keeps only names that start with it
 *   create-topics '[{"name":..,"partitions":N,"replication_factor":N,"configs":{k:v}}]'
 *   create-partitions '{"topic":count,...}'
 *   describe-configs TOPIC...
 *   alter-configs '[{"topic":..,"set":{k:v},"delete":[k]}]'
 *   describe-acls
 *   create-acls '[{"topic","principal","host","pattern","operation","permission"}]'
 *       (names as librdkafka spells them: LITERAL, READ, ALLOW, ...)
 *   list-groups
 *   list-offsets GROUP
 *   describe-groups GROUP...
 *   alter-offsets GROUP '[{"topic":..,"partition":N,"offset":N,"metadata":".."}]'
 *   raw-commit GROUP TOPIC PARTITION OFFSET
 *                            an OffsetCommit (v2, no member) sent with kconnect's own Kafka
 *                            connection to the bootstrap broker (which must be the group's
 *                            coordinator: single-broker clusters), for offsets librdkafka
 *                            refuses to send, such as -1 (PLAINTEXT only)
 *   parallel THREADS GROUP   every thread runs list-topics, list-groups, list-offsets GROUP
 *                            and describe-acls on the one shared handle, at the same time;
 *                            prints the rc of each call and whether the answers agreed
 *
 * Output: {"rc": KC code, "error": err.msg, ...the call's results}. Exit 0 when the call
 * ran (whatever it returned), 2 on usage errors or a client that cannot be made.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <jansson.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "connectors/mirror/mirror_admin.h"
#include "protocol/kafka_conn.h"
#include "worker/kafka.h"
#include "lib/log.h"
#include "lib/props.h"

static int
usage(void)
{
    fprintf(stderr, "usage: admin_probe [-X key=value]... [-t TIMEOUT_MS] BOOTSTRAP COMMAND "
            "[ARGS...]\n");
    return 2;
}

static json_t *
parse_json(const char *text)
{
    json_error_t je;
    json_t      *j = json_loads(text, 0, &je);

    if (j == NULL) {
        fprintf(stderr, "admin_probe: bad JSON argument: %s\n", je.text);
        exit(2);
    }
    return j;
}

static const char *
err_name(int e)
{
    return rd_kafka_err2name((rd_kafka_resp_err_t) e);
}

/* The enum value librdkafka names `name` (via its *_name function), or -1. */
static int
enum_of(const char *name, const char *(*namer)(int), int count)
{
    for (int i = 0; i < count; i++)
        if (strcmp(namer(i), name) == 0)
            return i;
    return -1;
}

static const char *pattern_name(int v)    { return rd_kafka_ResourcePatternType_name(v); }
static const char *operation_name(int v)  { return rd_kafka_AclOperation_name(v); }
static const char *permission_name(int v) { return rd_kafka_AclPermissionType_name(v); }

static const char *
source_name(int s)
{
    return rd_kafka_ConfigSource_name((rd_kafka_ConfigSource_t) s);
}

static bool
has_prefix(void *prefix, const char *topic)
{
    return strncmp(topic, prefix, strlen(prefix)) == 0;
}

static json_t *
cmd_list_topics(rd_kafka_t *rk, int tmo, const char *prefix, kc_err *err, int *rc)
{
    kc_admin_topic *t;
    size_t          n;
    json_t         *o = json_object();

    if ((*rc = kc_admin_list_topics(rk, tmo, prefix ? has_prefix : NULL, (void *) prefix, &t,
                                    &n, err)) == KC_OK) {
        json_t *a = json_array();
        for (size_t i = 0; i < n; i++)
            json_array_append_new(a, json_pack("{s:s,s:i}", "name", t[i].name,
                                               "partitions", t[i].partitions));
        json_object_set_new(o, "topics", a);
        kc_admin_topics_free(t, n);
    }
    return o;
}

static json_t *
cmd_create_topics(rd_kafka_t *rk, int tmo, const char *arg, kc_err *err, int *rc)
{
    json_t             *in = parse_json(arg), *o = json_object(), *a = json_array();
    size_t              n = json_array_size(in);
    kc_admin_new_topic *nt = calloc(n + 1, sizeof(*nt));
    const char       ***cfgs = calloc(n + 1, sizeof(*cfgs));
    int                *errs = calloc(n + 1, sizeof(*errs));
    char              **msgs = calloc(n + 1, sizeof(*msgs));

    for (size_t i = 0; i < n; i++) {
        json_t     *t = json_array_get(in, i), *c = json_object_get(t, "configs"), *v;
        const char *k;
        size_t      j = 0;
        nt[i].name = json_string_value(json_object_get(t, "name"));
        nt[i].partitions = (int) json_integer_value(json_object_get(t, "partitions"));
        nt[i].replication_factor = json_object_get(t, "replication_factor")
            ? (int) json_integer_value(json_object_get(t, "replication_factor")) : -1;
        if (c != NULL) {
            cfgs[i] = calloc(2 * json_object_size(c) + 1, sizeof(char *));
            json_object_foreach(c, k, v) {
                cfgs[i][j++] = k;
                cfgs[i][j++] = json_string_value(v);
            }
            nt[i].configs = cfgs[i];
        }
    }
    *rc = kc_admin_create_topics(rk, nt, n, tmo, errs, msgs, err);
    for (size_t i = 0; i < n && *rc == KC_OK; i++)
        json_array_append_new(a, json_pack("{s:s,s:s,s:s?}", "name", nt[i].name, "error",
                                           err_name(errs[i]), "message", msgs[i]));
    json_object_set_new(o, "topics", a);
    for (size_t i = 0; i < n; i++) {
        free(cfgs[i]);
        free(msgs[i]);
    }
    free(cfgs);
    free(msgs);
    free(errs);
    free(nt);
    json_decref(in);
    return o;
}

static json_t *
cmd_create_partitions(rd_kafka_t *rk, int tmo, const char *arg, kc_err *err, int *rc)
{
    json_t      *in = parse_json(arg), *o = json_object(), *r = json_object(), *v;
    size_t       n = json_object_size(in), i = 0;
    const char **topics = calloc(n + 1, sizeof(*topics)), *k;
    int         *counts = calloc(n + 1, sizeof(*counts)), *errs = calloc(n + 1, sizeof(*errs));

    json_object_foreach(in, k, v) {
        topics[i] = k;
        counts[i++] = (int) json_integer_value(v);
    }
    *rc = kc_admin_create_partitions(rk, topics, counts, n, tmo, errs, err);
    for (i = 0; i < n && *rc == KC_OK; i++)
        json_object_set_new(r, topics[i], json_string(err_name(errs[i])));
    json_object_set_new(o, "topics", r);
    free(topics);
    free(counts);
    free(errs);
    json_decref(in);
    return o;
}

static json_t *
cmd_describe_configs(rd_kafka_t *rk, int tmo, char **args, int nargs, kc_err *err, int *rc)
{
    kc_admin_topic_config *c;
    json_t                *o = json_object(), *a = json_array();

    *rc = kc_admin_describe_topic_configs(rk, (const char *const *) args, (size_t) nargs, tmo,
                                          &c, err);
    for (int i = 0; i < nargs && *rc == KC_OK; i++) {
        json_t *ent = json_object();
        for (size_t k = 0; k < c[i].n; k++) {
            kc_admin_config_entry *e = &c[i].entries[k];
            json_object_set_new(ent, e->name, json_pack(
                "{s:s?,s:s,s:b,s:b,s:b}", "value", e->value, "source", source_name(e->source),
                "is_default", e->is_default, "read_only", e->read_only,
                "sensitive", e->sensitive));
        }
        json_array_append_new(a, json_pack("{s:s,s:s,s:o}", "topic", c[i].topic, "error",
                                           err_name(c[i].err), "entries", ent));
    }
    if (*rc == KC_OK)
        kc_admin_topic_configs_free(c, (size_t) nargs);
    json_object_set_new(o, "topics", a);
    return o;
}

static json_t *
cmd_alter_configs(rd_kafka_t *rk, int tmo, const char *arg, kc_err *err, int *rc)
{
    json_t               *in = parse_json(arg), *o = json_object(), *r = json_object();
    size_t                n = json_array_size(in);
    kc_admin_topic_alter *al = calloc(n + 1, sizeof(*al));
    kc_admin_config_op  **ops = calloc(n + 1, sizeof(*ops));
    int                  *errs = calloc(n + 1, sizeof(*errs));

    for (size_t i = 0; i < n; i++) {
        json_t     *t = json_array_get(in, i), *set = json_object_get(t, "set"),
                   *del = json_object_get(t, "delete"), *v;
        const char *k;
        size_t      j = 0, idx;
        ops[i] = calloc(json_object_size(set) + json_array_size(del) + 1, sizeof(**ops));
        json_object_foreach(set, k, v)
            ops[i][j++] = (kc_admin_config_op) { k, json_string_value(v), false };
        json_array_foreach(del, idx, v)
            ops[i][j++] = (kc_admin_config_op) { json_string_value(v), NULL, true };
        al[i] = (kc_admin_topic_alter) { json_string_value(json_object_get(t, "topic")),
                                         ops[i], j };
    }
    *rc = kc_admin_incremental_alter_topic_configs(rk, al, n, tmo, errs, err);
    for (size_t i = 0; i < n && *rc == KC_OK; i++)
        json_object_set_new(r, al[i].topic, json_string(err_name(errs[i])));
    json_object_set_new(o, "topics", r);
    for (size_t i = 0; i < n; i++)
        free(ops[i]);
    free(ops);
    free(al);
    free(errs);
    json_decref(in);
    return o;
}

static json_t *
cmd_describe_acls(rd_kafka_t *rk, int tmo, kc_err *err, int *rc)
{
    kc_admin_acl *a;
    size_t        n;
    json_t       *o = json_object();

    if ((*rc = kc_admin_describe_topic_acls(rk, tmo, &a, &n, err)) == KC_OK) {
        json_t *arr = json_array();
        for (size_t i = 0; i < n; i++)
            json_array_append_new(arr, json_pack(
                "{s:s,s:s,s:s,s:s,s:s,s:s}", "topic", a[i].topic, "principal", a[i].principal,
                "host", a[i].host, "pattern", pattern_name(a[i].pattern_type),
                "operation", operation_name(a[i].operation),
                "permission", permission_name(a[i].permission)));
        json_object_set_new(o, "acls", arr);
        kc_admin_acls_free(a, n);
    }
    return o;
}

static json_t *
cmd_create_acls(rd_kafka_t *rk, int tmo, const char *arg, kc_err *err, int *rc)
{
    json_t       *in = parse_json(arg), *o = json_object();
    size_t        n = json_array_size(in), failed = 0;
    kc_admin_acl *a = calloc(n + 1, sizeof(*a));

    for (size_t i = 0; i < n; i++) {
        json_t *j = json_array_get(in, i);
        a[i].topic = (char *) json_string_value(json_object_get(j, "topic"));
        a[i].principal = (char *) json_string_value(json_object_get(j, "principal"));
        a[i].host = (char *) json_string_value(json_object_get(j, "host"));
        a[i].pattern_type = enum_of(json_string_value(json_object_get(j, "pattern")),
                                    pattern_name, RD_KAFKA_RESOURCE_PATTERN_TYPE__CNT);
        a[i].operation = enum_of(json_string_value(json_object_get(j, "operation")),
                                 operation_name, RD_KAFKA_ACL_OPERATION__CNT);
        a[i].permission = enum_of(json_string_value(json_object_get(j, "permission")),
                                  permission_name, RD_KAFKA_ACL_PERMISSION_TYPE__CNT);
    }
    *rc = kc_admin_create_acls(rk, a, n, tmo, &failed, err);
    json_object_set_new(o, "failed", json_integer((json_int_t) failed));
    free(a);
    json_decref(in);
    return o;
}

static json_t *
cmd_list_groups(rd_kafka_t *rk, int tmo, kc_err *err, int *rc)
{
    char  **ids;
    size_t  n;
    json_t *o = json_object();

    if ((*rc = kc_admin_list_groups(rk, tmo, &ids, &n, err)) == KC_OK) {
        json_t *a = json_array();
        for (size_t i = 0; i < n; i++)
            json_array_append_new(a, json_string(ids[i]));
        json_object_set_new(o, "groups", a);
        kc_admin_strings_free(ids, n);
    }
    return o;
}

static json_t *
cmd_list_offsets(rd_kafka_t *rk, int tmo, const char *group, kc_err *err, int *rc)
{
    kc_admin_group_offset *off;
    size_t                 n;
    json_t                *o = json_object();

    if ((*rc = kc_admin_list_group_offsets(rk, group, tmo, &off, &n, err)) == KC_OK) {
        json_t *a = json_array();
        for (size_t i = 0; i < n; i++)
            json_array_append_new(a, json_pack("{s:s,s:i,s:I,s:s%}", "topic", off[i].topic,
                                               "partition", (int) off[i].partition, "offset",
                                               (json_int_t) off[i].offset, "metadata",
                                               off[i].metadata, off[i].metadata_len));
        json_object_set_new(o, "offsets", a);
        kc_admin_group_offsets_free(off, n);
    }
    return o;
}

static json_t *
cmd_describe_groups(rd_kafka_t *rk, int tmo, char **args, int nargs, kc_err *err, int *rc)
{
    kc_group_state *st = calloc((size_t) nargs + 1, sizeof(*st));
    json_t         *o = json_object(), *r = json_object();

    *rc = kc_admin_describe_group_states(rk, (const char *const *) args, (size_t) nargs, tmo, st,
                                         err);
    for (int i = 0; i < nargs && *rc == KC_OK; i++)
        json_object_set_new(r, args[i], json_string(kc_admin_group_state_name(st[i])));
    json_object_set_new(o, "states", r);
    free(st);
    return o;
}

static json_t *
cmd_alter_offsets(rd_kafka_t *rk, int tmo, const char *group, const char *arg, kc_err *err,
                  int *rc)
{
    json_t                *in = parse_json(arg), *o = json_object();
    size_t                 n = json_array_size(in);
    kc_admin_group_offset *off = calloc(n + 1, sizeof(*off));

    for (size_t i = 0; i < n; i++) {
        json_t *j = json_array_get(in, i);
        off[i].topic = (char *) json_string_value(json_object_get(j, "topic"));
        off[i].partition = (int32_t) json_integer_value(json_object_get(j, "partition"));
        off[i].offset = json_integer_value(json_object_get(j, "offset"));
        off[i].metadata = (char *) json_string_value(json_object_get(j, "metadata"));
        off[i].metadata_len = json_string_length(json_object_get(j, "metadata"));
    }
    *rc = kc_admin_alter_group_offsets(rk, group, off, n, tmo, err);
    free(off);
    json_decref(in);
    return o;
}

/* ---- raw-commit: OffsetCommit v2 by hand ---- */

#define API_OFFSET_COMMIT 8

static json_t *
cmd_raw_commit(const char *bootstrap, int tmo, char **args, kc_err *err, int *rc)
{
    json_t         *o = json_object();
    char           *host = kc_xstrdup(bootstrap), *colon, *comma;
    kc_conn_security sec = { 0 };
    kc_kafka_conn  *c;
    kc_wbuf         req, resp;
    kc_rbuf         rb;
    kc_slice        name;
    int32_t         ntopics, nparts, part;
    int16_t         code = -1;

    if ((comma = strchr(host, ',')) != NULL)
        *comma = '\0';
    if ((colon = strrchr(host, ':')) == NULL) {
        free(host);
        *rc = kc_err_set(err, KC_EINVAL, "bootstrap %s: no port", bootstrap);
        return o;
    }
    *colon = '\0';
    if ((c = kc_kconn_open(host, atoi(colon + 1), &sec, "admin-probe", NULL, tmo, err)) == NULL) {
        free(host);
        *rc = err->code;
        return o;
    }
    kc_wbuf_init(&req);
    kc_wbuf_init(&resp);
    kc_wbuf_string(&req, args[0]);              /* GroupId */
    kc_wbuf_i32(&req, -1);                      /* GenerationId: none */
    kc_wbuf_string(&req, "");                   /* MemberId: none */
    kc_wbuf_i64(&req, -1);                      /* RetentionTimeMs: the broker's */
    kc_wbuf_i32(&req, 1);                       /* Topics */
    kc_wbuf_string(&req, args[1]);
    kc_wbuf_i32(&req, 1);                       /* Partitions */
    kc_wbuf_i32(&req, atoi(args[2]));
    kc_wbuf_i64(&req, strtoll(args[3], NULL, 10));
    kc_wbuf_string(&req, "");                   /* CommittedMetadata */
    *rc = kc_kconn_request(c, API_OFFSET_COMMIT, 2, &req, &resp, tmo, err);
    if (*rc == KC_OK) {
        kc_rbuf_init(&rb, resp.buf, resp.len);
        if (kc_rbuf_array_len(&rb, &ntopics) != 0 || ntopics != 1 ||
            kc_rbuf_string(&rb, &name) != 0 || kc_rbuf_array_len(&rb, &nparts) != 0 ||
            nparts != 1 || kc_rbuf_i32(&rb, &part) != 0 || kc_rbuf_i16(&rb, &code) != 0)
            *rc = kc_err_set(err, KC_EPROTO, "malformed OffsetCommit response");
        else
            json_object_set_new(o, "commit_error", json_string(kc_kafka_error_name(code)));
    }
    kc_wbuf_free(&req);
    kc_wbuf_free(&resp);
    kc_kconn_close(c);
    free(host);
    return o;
}

/* ---- parallel: one handle, several threads ---- */

typedef struct par_thread {
    pthread_t   tid;
    rd_kafka_t *rk;
    const char *group;
    int         tmo;
    int         rc[4];
    size_t      count[4];   /* topics, groups, offsets, ACLs seen */
    char        msg[4][512];
} par_thread;

static void *
par_run(void *arg)
{
    par_thread            *t = arg;
    kc_err                 err;
    kc_admin_topic        *topics;
    char                 **ids;
    kc_admin_group_offset *offs;
    kc_admin_acl          *acls;

    if ((t->rc[0] = kc_admin_list_topics(t->rk, t->tmo, NULL, NULL, &topics, &t->count[0],
                                          &err)) == KC_OK)
        kc_admin_topics_free(topics, t->count[0]);
    snprintf(t->msg[0], sizeof(t->msg[0]), "%s", err.msg);
    if ((t->rc[1] = kc_admin_list_groups(t->rk, t->tmo, &ids, &t->count[1], &err)) == KC_OK)
        kc_admin_strings_free(ids, t->count[1]);
    snprintf(t->msg[1], sizeof(t->msg[1]), "%s", err.msg);
    if ((t->rc[2] = kc_admin_list_group_offsets(t->rk, t->group, t->tmo, &offs, &t->count[2],
                                                &err)) == KC_OK)
        kc_admin_group_offsets_free(offs, t->count[2]);
    snprintf(t->msg[2], sizeof(t->msg[2]), "%s", err.msg);
    t->rc[3] = kc_admin_describe_topic_acls(t->rk, t->tmo, &acls, &t->count[3], &err);
    if (t->rc[3] == KC_OK)
        kc_admin_acls_free(acls, t->count[3]);
    snprintf(t->msg[3], sizeof(t->msg[3]), "%s", err.msg);
    return NULL;
}

static json_t *
cmd_parallel(rd_kafka_t *rk, int tmo, int nthreads, const char *group, int *rc)
{
    par_thread *t = calloc((size_t) nthreads, sizeof(*t));
    json_t     *o = json_object(), *rcs = json_array(), *counts = json_array(),
               *msgs = json_array();

    for (int i = 0; i < nthreads; i++) {
        t[i] = (par_thread) { .rk = rk, .group = group, .tmo = tmo };
        pthread_create(&t[i].tid, NULL, par_run, &t[i]);
    }
    *rc = KC_OK;
    for (int i = 0; i < nthreads; i++) {
        pthread_join(t[i].tid, NULL);
        for (int k = 0; k < 4; k++) {
            json_array_append_new(rcs, json_integer(t[i].rc[k]));
            json_array_append_new(counts, json_integer((json_int_t) t[i].count[k]));
            if (t[i].msg[k][0] != '\0')
                json_array_append_new(msgs, json_string(t[i].msg[k]));
            if (t[i].rc[k] != KC_OK)
                *rc = t[i].rc[k];
        }
    }
    json_object_set_new(o, "rcs", rcs);
    json_object_set_new(o, "counts", counts);
    json_object_set_new(o, "messages", msgs);
    free(t);
    return o;
}

int
main(int argc, char **argv)
{
    kc_props    props;
    kc_err      err = { 0 };
    rd_kafka_t *rk;
    json_t     *out;
    const char *cmd, *bootstrap;
    char       *s;
    int         tmo = 15000, rc = KC_OK, i = 1;

    kc_log_set_level(KC_LOG_ERROR);
    kc_props_init(&props, "admin_probe");
    for (; i < argc && argv[i][0] == '-'; i++) {
        if (strcmp(argv[i], "-t") == 0 && i + 1 < argc) {
            tmo = atoi(argv[++i]);
        } else if (strcmp(argv[i], "-X") == 0 && i + 1 < argc && strchr(argv[i + 1], '=')) {
            char *kv = argv[++i], *eq = strchr(kv, '=');
            *eq = '\0';
            kc_props_set(&props, kv, eq + 1, 0);
        } else {
            return usage();
        }
    }
    if (argc - i < 2)
        return usage();
    bootstrap = argv[i];
    kc_props_set(&props, "bootstrap.servers", bootstrap, 0);
    cmd = argv[i + 1];
    argv += i + 2;
    argc -= i + 2;
    if ((rk = kc_kafka_new(RD_KAFKA_PRODUCER, &props, "", NULL, &err)) == NULL) {
        fprintf(stderr, "admin_probe: %s\n", err.msg);
        return 2;
    }
    if (strcmp(cmd, "list-topics") == 0 && argc <= 1)
        out = cmd_list_topics(rk, tmo, argc == 1 ? argv[0] : NULL, &err, &rc);
    else if (strcmp(cmd, "create-topics") == 0 && argc == 1)
        out = cmd_create_topics(rk, tmo, argv[0], &err, &rc);
    else if (strcmp(cmd, "create-partitions") == 0 && argc == 1)
        out = cmd_create_partitions(rk, tmo, argv[0], &err, &rc);
    else if (strcmp(cmd, "describe-configs") == 0)
        out = cmd_describe_configs(rk, tmo, argv, argc, &err, &rc);
    else if (strcmp(cmd, "alter-configs") == 0 && argc == 1)
        out = cmd_alter_configs(rk, tmo, argv[0], &err, &rc);
    else if (strcmp(cmd, "describe-acls") == 0 && argc == 0)
        out = cmd_describe_acls(rk, tmo, &err, &rc);
    else if (strcmp(cmd, "create-acls") == 0 && argc == 1)
        out = cmd_create_acls(rk, tmo, argv[0], &err, &rc);
    else if (strcmp(cmd, "list-groups") == 0 && argc == 0)
        out = cmd_list_groups(rk, tmo, &err, &rc);
    else if (strcmp(cmd, "list-offsets") == 0 && argc == 1)
        out = cmd_list_offsets(rk, tmo, argv[0], &err, &rc);
    else if (strcmp(cmd, "describe-groups") == 0)
        out = cmd_describe_groups(rk, tmo, argv, argc, &err, &rc);
    else if (strcmp(cmd, "raw-commit") == 0 && argc == 4)
        out = cmd_raw_commit(bootstrap, tmo, argv, &err, &rc);
    else if (strcmp(cmd, "parallel") == 0 && argc == 2 && atoi(argv[0]) > 0)
        out = cmd_parallel(rk, tmo, atoi(argv[0]), argv[1], &rc);
    else if (strcmp(cmd, "alter-offsets") == 0 && argc == 2)
        out = cmd_alter_offsets(rk, tmo, argv[0], argv[1], &err, &rc);
    else {
        kc_kafka_destroy(rk);
        kc_props_free(&props);
        return usage();
    }
    json_object_set_new(out, "rc", json_integer(rc));
    json_object_set_new(out, "error", json_string(err.msg));
    s = json_dumps(out, JSON_COMPACT | JSON_SORT_KEYS);
    printf("%s\n", s);
    free(s);
    json_decref(out);
    kc_kafka_destroy(rk);
    kc_props_free(&props);
    return 0;
}
