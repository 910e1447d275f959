/*
 * connectors/mirror/replicator.c - Confluent Replicator's connector classes on
 * MirrorSourceConnector's data path (see replicator.h): same task, same speed, same
 * guarantees (at least once; the source offsets go to the Connect offsets topic, so a
 * restart resumes where the last flush left off).
 *
 * What Replicator's keys become:
 *   src.kafka.<client key>      source.cluster.<key>  (bootstrap.servers, security.protocol,
 *                               sasl.*, ssl.*)
 *   src.kafka.<other>           source.consumer.<key> and source.admin.<key>
 *   src.consumer.<key>          source.consumer.<key> (wins over src.kafka.*)
 *   dest.kafka.<client key>     target.cluster.<key>; absent bootstrap: the worker's cluster
 *   dest.kafka.<other>          target.admin.<key>
 *   topic.whitelist/regex/blacklist   the topic filter: a topic named in topic.whitelist
 *                               (exact names) or matching topic.regex (one Java regex, whole
 *                               name), unless named in topic.blacklist (exact names), which
 *                               always wins, as Confluent documents the order
 *   topic.rename.format         the rename policy (mirror_policy.h); default "${topic}"
 *   topic.auto.create           create missing destination topics (default true)
 *   topic.preserve.partitions   grow destination topics to the source's partition count and
 *                               write each record to its source partition's number (default
 *                               true); false: the producer's partitioner chooses
 *   topic.config.sync(.interval.ms)   sync.topic.configs.enabled / interval
 *   topic.poll.interval.ms      refresh.topics.interval.seconds (new topics are also found
 *                               within seconds by MirrorSource's cheap check)
 *   dest.topic.replication.factor     replication factor of created topics; unset (0):
 *                               the source topic's, as Replicator does, falling back to the
 *                               destination's default.replication.factor when the
 *                               destination has fewer brokers than that (where Replicator's
 *                               creation keeps failing)
 *   src/dest.zookeeper.*        accepted with a warning: topics are managed through the Admin
 *                               API
 * MM2's offset syncs, heartbeat replication and ACL sync are off: Replicator has none.
 *
 * Exactly once: with the worker's exactly.once.source.support=enabled its records and offsets
 * are written in transactions as any source task's; it answers exactly.once.support=required
 * as MirrorSourceConnector does (SUPPORTED when its source consumer reads read_committed).
 *
 * Where this differs from Replicator (its behaviour as Confluent documents it):
 *   - progress lives only in the Connect offsets topic, under MirrorSourceTask's source
 *     partitions ({"cluster":"source","partition":N,"topic":T}); no consumer group offsets
 *     (offset.topic.commit) and no __consumer_timestamps (offset.timestamps.commit) are
 *     written to the source, so Replicator's consumer offset translation is not offered;
 *   - a whitelisted topic the source does not have is waited for, not a start-up failure;
 *   - topics starting with "__" or "." are never copied, even when whitelisted;
 *   - with topic.auto.create=false a topic whose destination is missing is left out of the
 *     task configs (and reported) until the destination exists;
 *   - a topic.rename.format without ${topic} is accepted (every topic goes to that one
 *     name, with a warning); an empty one is refused;
 *   - provenance headers (provenance.header.enable) are kconnect's (provenance.h): the IDs
 *     of the clusters a record has been in, under __kc_provenance, not Replicator's own
 *     header; a record whose header lists the destination cluster is not copied.
 *
 * Threads: as MirrorSourceConnector (connector thread, its scheduler thread, task threads);
 * the translation is pure.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "connectors/mirror/replicator.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "connectors/mirror/mirror.h"
#include "lib/java_regex.h"
#include "lib/wire.h"
#include "lib/configdef.h"
#include "lib/client_keys.h"

#define RENAME_DEFAULT "${topic}"

static const kc_cfg_def defs[] = {
    { .name = "src.kafka.bootstrap.servers", .type = KC_CFG_LIST, .required = true },
    { .name = "topic.whitelist", .type = KC_CFG_LIST, .dflt = "" },
    { .name = "topic.blacklist", .type = KC_CFG_LIST, .dflt = "" },
    { .name = "topic.regex", .type = KC_CFG_STRING },
    { .name = "topic.rename.format", .type = KC_CFG_STRING, .dflt = RENAME_DEFAULT },
    { .name = "topic.auto.create", .type = KC_CFG_BOOLEAN, .dflt = "true" },
    { .name = "topic.preserve.partitions", .type = KC_CFG_BOOLEAN, .dflt = "true" },
    { .name = "topic.config.sync", .type = KC_CFG_BOOLEAN, .dflt = "true" },
    { .name = "topic.config.sync.interval.ms", .type = KC_CFG_INT, .dflt = "120000",
      .validator = KC_VAL_RANGE, .min = 0, .has_min = true },
    { .name = "topic.poll.interval.ms", .type = KC_CFG_INT, .dflt = "120000",
      .validator = KC_VAL_RANGE, .min = 0, .has_min = true },
    { .name = "topic.create.backoff.ms", .type = KC_CFG_INT, .dflt = "120000",
      .validator = KC_VAL_RANGE, .min = 0, .has_min = true },
    { .name = "dest.topic.replication.factor", .type = KC_CFG_INT, .dflt = "0",
      .validator = KC_VAL_RANGE, .min = 0, .has_min = true },
    { .name = "src.kafka.max.poll.records", .type = KC_CFG_INT, .validator = KC_VAL_RANGE,
      .min = 1, .has_min = true },
    { .name = "src.consumer.max.poll.records", .type = KC_CFG_INT, .validator = KC_VAL_RANGE,
      .min = 1, .has_min = true },
    { .name = "offset.topic.commit", .type = KC_CFG_BOOLEAN, .dflt = "true" },
    { .name = "offset.timestamps.commit", .type = KC_CFG_BOOLEAN, .dflt = "true" },
    { .name = "provenance.header.enable", .type = KC_CFG_BOOLEAN, .dflt = "false" },
    { .name = "tasks.max", .type = KC_CFG_INT, .dflt = "1", .validator = KC_VAL_RANGE,
      .min = 1, .has_min = true },
};

static const char *
str(const json_t *values, const char *key, const char *def)
{
    const char *v = json_string_value(json_object_get(values, key));

    return v != NULL ? v : def;
}

static bool
boolean(const json_t *values, const char *key, bool def)
{
    const char *v = str(values, key, NULL);

    return v == NULL ? def : strcasecmp(v, "true") == 0;
}

static bool
starts_with(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}


/* Topic names as literal regex text: ASCII punctuation escaped, the rest as is. */
static void
put_literal(kc_wbuf *out, const char *name)
{
    for (const char *p = name; *p != '\0'; p++) {
        unsigned char ch = (unsigned char) *p;
        if (ch < 0x80 && !((ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'z') ||
                           (ch >= 'A' && ch <= 'Z') || ch == '_'))
            kc_wbuf_raw(out, "\\", 1);
        kc_wbuf_raw(out, p, 1);
    }
}

/* "name1|name2|(?:regex)" for the names of a LIST value and an optional regex; NULL when
 * neither gives anything (the filter then matches nothing). */
static char *
filter_pattern(const char *list, const char *regex)
{
    size_t  n = 0;
    char  **names = kc_cfg_split_list(list != NULL ? list : "", &n);
    kc_wbuf out;
    char   *res = NULL;
    bool    any = false;

    kc_wbuf_init(&out);
    for (size_t i = 0; i < n; i++) {
        if (names[i][0] == '\0')
            continue;
        if (any)
            kc_wbuf_raw(&out, "|", 1);
        put_literal(&out, names[i]);
        any = true;
    }
    if (regex != NULL) {
        if (any)
            kc_wbuf_raw(&out, "|", 1);
        kc_wbuf_raw(&out, "(?:", 3);
        kc_wbuf_raw(&out, regex, strlen(regex));
        kc_wbuf_raw(&out, ")", 1);
        any = true;
    }
    if (any) {
        kc_wbuf_raw(&out, "", 1);
        res = kc_xstrdup((const char *) out.buf);
    }
    kc_wbuf_free(&out);
    kc_strv_free(names);
    return res;
}

json_t *
kc_replicator_validate(const json_t *config)
{
    json_t     *values = kc_mirror_trimmed_copy(config);
    json_t     *errors = json_object();
    const char *regex, *format;
    kc_err      err;

    for (size_t i = 0; i < KC_ARRAY_LEN(defs); i++)
        if (kc_cfg_check(&defs[i], str(values, defs[i].name, NULL), &err) != KC_OK)
            kc_mirror_add_error(errors, defs[i].name, "%s", err.msg);
    if ((regex = str(values, "topic.regex", NULL)) != NULL) {
        kc_regex *re = NULL;
        char      msg[512];
        if (kc_regex_compile(regex, &re, msg, sizeof(msg)) != 0)
            kc_mirror_add_error(errors, "topic.regex", "Invalid value %s for configuration topic.regex: %s",
                      regex, msg);
        kc_regex_free(re);
    }
    format = str(values, "topic.rename.format", RENAME_DEFAULT);
    if (*format == '\0')
        kc_mirror_add_error(errors, "topic.rename.format", "Invalid value  for configuration "
                  "topic.rename.format: must name a topic (use ${topic} for the source "
                  "topic's name)");
    json_decref(values);
    if (json_object_size(errors) == 0) {
        json_decref(errors);
        return NULL;
    }
    return errors;
}

static void
set(json_t *out, const char *prefix, const char *key, const char *value)
{
    char *k = kc_xasprintf("%s%s", prefix, key);

    json_object_set_new(out, k, json_string(value));
    free(k);
}

/* Milliseconds to whole seconds, at least 1 (a period of 0 would spin). */
static void
set_seconds(json_t *out, const char *key, const char *ms)
{
    char      buf[32];
    long long v = ms != NULL ? strtoll(ms, NULL, 10) / 1000 : 120;

    snprintf(buf, sizeof(buf), "%lld", v < 1 ? 1 : v);
    json_object_set_new(out, key, json_string(buf));
}

json_t *
kc_replicator_translate(const json_t *config, const json_t *worker)
{
    static const char *const copied[] = {
        "name", "tasks.max", "task.assigned.partitions", "task.index", NULL,
    };
    json_t     *values = kc_mirror_trimmed_copy(config);
    json_t     *out = json_object();
    const char *key, *rf;
    json_t     *v;

    for (const char *const *k = copied; *k != NULL; k++)
        if ((v = json_object_get(values, *k)) != NULL)
            json_object_set(out, *k, v);
    json_object_set_new(out, "source.cluster.alias", json_string(KC_REPLICATOR_SOURCE_ALIAS));
    json_object_set_new(out, "target.cluster.alias", json_string(KC_REPLICATOR_TARGET_ALIAS));
    json_object_foreach(values, key, v) {
        const char *val = json_string_value(v);
        if (val == NULL)
            continue;
        if (starts_with(key, "src.kafka.")) {
            const char *k = key + strlen("src.kafka.");
            if (kc_client_connection_key(k)) {
                set(out, "source.cluster.", k, val);
            } else {
                set(out, "source.admin.", k, val);
                set(out, "source.consumer.", k, val);
            }
        } else if (starts_with(key, "dest.kafka.")) {
            const char *k = key + strlen("dest.kafka.");
            set(out, kc_client_connection_key(k) ? "target.cluster." : "target.admin.", k, val);
        }
    }
    /* src.consumer.* win over src.kafka.* for the consumer. */
    json_object_foreach(values, key, v)
        if (json_is_string(v) && starts_with(key, "src.consumer."))
            set(out, "source.consumer.", key + strlen("src.consumer."), json_string_value(v));
    if (json_object_get(values, "dest.kafka.bootstrap.servers") == NULL && worker != NULL)
        json_object_foreach((json_t *) worker, key, v)
            if (json_is_string(v) && kc_client_connection_key(key)) {
                char *k = kc_xasprintf("target.cluster.%s", key);
                if (json_object_get(out, k) == NULL)
                    json_object_set(out, k, v);
                free(k);
            }
    json_object_set_new(out, "topics", json_string(""));          /* set after init */
    json_object_set_new(out, "topics.exclude", json_string(""));
    rf = str(values, "dest.topic.replication.factor", "0");
    json_object_set_new(out, "replication.factor",
                        json_string(strtol(rf, NULL, 10) > 0 ? rf : "-1"));
    json_object_set_new(out, "provenance.header.enable",
                        json_string(boolean(values, "provenance.header.enable", false) ? "true"
                                                                                      : "false"));
    json_object_set_new(out, "emit.offset-syncs.enabled", json_string("false"));
    json_object_set_new(out, "heartbeats.replication.enabled", json_string("false"));
    json_object_set_new(out, "sync.topic.acls.enabled", json_string("false"));
    json_object_set_new(out, "sync.topic.configs.enabled",
                        json_string(boolean(values, "topic.config.sync", true) ? "true"
                                                                                : "false"));
    set_seconds(out, "sync.topic.configs.interval.seconds",
                str(values, "topic.config.sync.interval.ms", NULL));
    set_seconds(out, "refresh.topics.interval.seconds",
                str(values, "topic.poll.interval.ms", NULL));
    json_decref(values);
    return out;
}

/* Replaces a filter of cfg with the pattern (NULL: matches nothing). */
static int
replace_filter(kc_regex **slot, const char *key, char *pattern, char *err, size_t errlen)
{
    kc_regex *re = NULL;
    char      msg[512];

    if (pattern != NULL && kc_regex_compile(pattern, &re, msg, sizeof(msg)) != 0) {
        snprintf(err, errlen, "Invalid value %s for configuration %s: %s", pattern, key, msg);
        free(pattern);
        return -1;
    }
    free(pattern);
    kc_regex_free(*slot);
    *slot = re;
    return 0;
}

int
kc_replicator_config(kc_mirror_config *cfg, const json_t *config, const json_t *worker,
                     char *err, size_t errlen)
{
    json_t     *errors = kc_replicator_validate(config);
    json_t     *values, *mm;
    const char *max;
    int         rc;

    memset(cfg, 0, sizeof(*cfg));
    if (errors != NULL) {
        void *it = json_object_iter(errors);
        snprintf(err, errlen, "%s",
                 json_string_value(json_array_get(json_object_iter_value(it), 0)));
        json_decref(errors);
        return -1;
    }
    mm = kc_replicator_translate(config, worker);
    rc = kc_mirror_config_init(cfg, KC_MIRROR_SOURCE_CONNECTOR, mm, NULL, err, errlen);
    json_decref(mm);
    if (rc != 0)
        return -1;
    values = kc_mirror_trimmed_copy(config);
    json_decref(cfg->originals);
    cfg->originals = json_deep_copy(config);
    kc_mirror_policy_free(&cfg->policy);
    kc_mirror_policy_init_rename(&cfg->policy, str(values, "topic.rename.format",
                                                   RENAME_DEFAULT),
                                 KC_REPLICATOR_SOURCE_ALIAS);
    if (replace_filter(&cfg->topics, "topic.regex",
                       filter_pattern(str(values, "topic.whitelist", ""),
                                      str(values, "topic.regex", NULL)), err, errlen) != 0 ||
        replace_filter(&cfg->topics_exclude, "topic.blacklist",
                       filter_pattern(str(values, "topic.blacklist", ""), NULL), err,
                       errlen) != 0) {
        json_decref(values);
        kc_mirror_config_free(cfg);
        return -1;
    }
    cfg->connector_label = "ReplicatorSourceConnector";
    cfg->create_topics = boolean(values, "topic.auto.create", true);
    cfg->rf_from_source = strtol(str(values, "dest.topic.replication.factor", "0"), NULL, 10) <= 0;
    cfg->grow_partitions = boolean(values, "topic.preserve.partitions", true);
    cfg->keep_partitions = cfg->grow_partitions;
    max = str(values, "src.consumer.max.poll.records",
              str(values, "src.kafka.max.poll.records", NULL));
    cfg->max_poll_records = max != NULL ? atoi(max) : 0;
    json_decref(values);
    return 0;
}

/* ===== Connector ===== */

/* What an operator should hear about keys that mean nothing here or differ from Replicator. */
static void
warn_about(const kc_context *ctx, const json_t *values, const json_t *worker)
{
    const char *key, *format = str(values, "topic.rename.format", RENAME_DEFAULT);
    const char *dest = str(values, "dest.kafka.bootstrap.servers", NULL);
    const char *own = worker != NULL ? str(worker, "bootstrap.servers", NULL) : NULL;
    json_t     *v;

    json_object_foreach((json_t *) values, key, v) {
        if (starts_with(key, "src.zookeeper.") || starts_with(key, "dest.zookeeper."))
            KC_MIRROR_LOG(ctx, KC_PLUGIN_LOG_WARN, "%s is not needed and is ignored: topics "
                          "are created and configured through the Kafka Admin API (Kafka 4 "
                          "clusters have no ZooKeeper)", key);
        else if ((strcmp(key, "src.key.converter") == 0 ||
                  strcmp(key, "src.value.converter") == 0 ||
                  strcmp(key, "src.header.converter") == 0) && json_is_string(v) &&
                 strstr(json_string_value(v), "ByteArrayConverter") == NULL)
            KC_MIRROR_LOG(ctx, KC_PLUGIN_LOG_WARN, "%s=%s is not supported: records are "
                          "copied as the source holds them (as with ByteArrayConverter)", key,
                          json_string_value(v));
        else if (starts_with(key, "confluent."))
            KC_MIRROR_LOG(ctx, KC_PLUGIN_LOG_WARN, "%s has no meaning for this connector and "
                          "is ignored", key);
    }
    if (str(values, "topic.whitelist", "")[0] == '\0' && str(values, "topic.regex", NULL) == NULL)
        KC_MIRROR_LOG(ctx, KC_PLUGIN_LOG_WARN, "Neither topic.whitelist nor topic.regex is "
                      "set: no topic is replicated");
    if (strstr(format, "${topic}") == NULL)
        KC_MIRROR_LOG(ctx, KC_PLUGIN_LOG_WARN, "topic.rename.format %s has no ${topic}: "
                      "every replicated topic is written to %s", format, format);
    KC_MIRROR_LOG(ctx, KC_PLUGIN_LOG_INFO, "Progress is kept in the Connect offsets topic; "
                  "no consumer group offsets (offset.topic.commit) or timestamps "
                  "(offset.timestamps.commit) are written to the source cluster");
    if (dest != NULL && own != NULL && strcmp(dest, own) != 0)
        KC_MIRROR_LOG(ctx, KC_PLUGIN_LOG_WARN, "dest.kafka.bootstrap.servers (%s) differs from "
                      "the worker's bootstrap.servers (%s): records are written to the "
                      "worker's cluster; dest.kafka.* only serve topic creation and config "
                      "sync", dest, own);
}

static int
rep_start(void **priv, const kc_context *ctx, const json_t *config, char *err, size_t errlen)
{
    json_t          *worker = json_object();
    json_t          *values = kc_mirror_trimmed_copy(config);
    kc_mirror_config cfg;
    int              rc;

    kc_mirror_use_host(ctx->host);
    *priv = NULL;
    if (ctx->host != NULL && KC_HOST_HAS8(ctx->host, worker_cluster)) {
        ctx->host->worker_cluster(ctx->ctx, worker);
    } else {
        json_decref(worker);
        worker = NULL;
    }
    if (worker == NULL && json_object_get(values, "dest.kafka.bootstrap.servers") == NULL) {
        snprintf(err, errlen, "Missing required configuration \"dest.kafka.bootstrap.servers\" "
                 "which has no default value (this worker cannot tell its own cluster)");
        json_decref(values);
        return KC_PLUGIN_FATAL;
    }
    rc = kc_replicator_config(&cfg, config, worker, err, errlen);
    if (rc == 0)
        warn_about(ctx, values, worker);
    json_decref(values);
    json_decref(worker);
    if (rc != 0)
        return KC_PLUGIN_FATAL;
    return kc_mirror_source_start_prepared(priv, ctx, &cfg, err, errlen);
}

static int
rep_task_configs(void *priv, int max_tasks, json_t **out, char *err, size_t errlen)
{
    return kc_mirror_source_connector.task_configs(priv, max_tasks, out, err, errlen);
}

static void
rep_stop(void *priv)
{
    kc_mirror_source_connector.stop(priv);
}

/* ===== Exactly once ===== */

/* MirrorSourceConnector's rule (exactlyOnceSupport) on the translated config: exactly once
 * when the source consumer (src.consumer.isolation.level, else src.kafka.isolation.level)
 * reads read_committed, since the task is MirrorSource's; else records of aborted and open
 * transactions on the source would be copied. Confluent documents Replicator as at least
 * once and gives no answer of its own. */
static kc_exactly_once_support
rep_exactly_once_support(const json_t *config)
{
    json_t                 *mm = kc_replicator_translate(config, NULL);
    kc_exactly_once_support answer = kc_mirror_source_connector.exactly_once_support(mm);

    json_decref(mm);
    return answer;
}

/* kc_replicator_validate, and with exactly.once.support=required a source consumer that is
 * not read_committed is an error of its own, as MirrorSourceConnector's validate() adds one
 * (in Replicator's words). */
static json_t *
rep_validate(const json_t *config)
{
    json_t     *errors = kc_replicator_validate(config);
    const char *eos = str(config, "exactly.once.support", NULL);

    if (eos != NULL && strcmp(eos, "required") == 0 &&
        rep_exactly_once_support(config) != KC_EOS_SUPPORTED) {
        if (errors == NULL)
            errors = json_object();
        kc_mirror_add_error(errors, "exactly.once.support", "ReplicatorSourceConnector can only "
                            "provide exactly-once guarantees when its source consumer is "
                            "configured with isolation.level set to 'read_committed' "
                            "(src.consumer.isolation.level); otherwise, records from aborted "
                            "and uncommitted transactions will be replicated from the source "
                            "cluster to the destination cluster.");
    }
    return errors;
}

/* ===== Task: MirrorSourceTask on the translated config ===== */

static int
rept_start(void **priv, const kc_context *ctx, const json_t *config, char *err, size_t errlen)
{
    kc_mirror_config cfg;

    kc_mirror_use_host(ctx->host);
    *priv = NULL;
    if (kc_replicator_config(&cfg, config, NULL, err, errlen) != 0)
        return KC_PLUGIN_FATAL;
    return kc_mirror_source_task_start_prepared(priv, ctx, &cfg, err, errlen);
}

static void
rept_stop(void *priv)
{
    kc_mirror_source_connector.task->stop(priv);
}

static void
rept_destroy(void *priv)
{
    kc_mirror_source_connector.task->destroy(priv);
}

static int
rept_poll(void *priv, kc_record *out, size_t max, size_t *n, int timeout_ms, char *err,
          size_t errlen)
{
    return kc_mirror_source_connector.task->poll(priv, out, max, n, timeout_ms, err, errlen);
}

static void
rept_commit(void *priv)
{
    kc_mirror_source_connector.task->commit(priv);
}

static void
rept_commit_record(void *priv, const kc_record *rec, int32_t partition, int64_t offset)
{
    kc_mirror_source_connector.task->commit_record(priv, rec, partition, offset);
}

/* MirrorSourceConnector's per-partition metrics: the data path is the same. */
static void
rept_metrics(void *priv, kc_metrics_out *out)
{
    kc_mirror_source_connector.task->metrics(priv, out);
}

static const kc_task_ops rept_ops = {
    .start = rept_start,
    .stop = rept_stop,
    .destroy = rept_destroy,
    .poll = rept_poll,
    .commit = rept_commit,
    .commit_record = rept_commit_record,
    .metrics = rept_metrics,
    .source_offset_field = KC_MIRROR_OFFSET_FIELD,   /* its records are MirrorSource's */
    .lean_records = true,                            /* ...and lean as theirs */
};

static const char *const rep_aliases[] = {
    "ReplicatorSourceConnector", "ReplicatorSource", NULL,
};
static const char *const emr_aliases[] = {
    "EMRReplicatorSourceConnector", "EMRReplicatorSource", NULL,
};

const kc_connector_ops kc_replicator_connector = {
    .abi = KC_CONNECTOR_ABI,
    .class_name = "io.confluent.connect.replicator.ReplicatorSourceConnector",
    .aliases = rep_aliases,
    .version = KC_KAFKA_VERSION,
    .type = KC_CONNECTOR_SOURCE,
    .task_class = "io.confluent.connect.replicator.ReplicatorSourceTask",
    .validate = rep_validate,
    .start = rep_start,
    .task_configs = rep_task_configs,
    .stop = rep_stop,
    .task = &rept_ops,
    .exactly_once_support = rep_exactly_once_support,
};

const kc_connector_ops kc_emr_replicator_connector = {
    .abi = KC_CONNECTOR_ABI,
    .class_name = "io.confluent.connect.replicator.EMRReplicatorSourceConnector",
    .aliases = emr_aliases,
    .version = KC_KAFKA_VERSION,
    .type = KC_CONNECTOR_SOURCE,
    .task_class = "io.confluent.connect.replicator.ReplicatorSourceTask",
    .validate = rep_validate,
    .start = rep_start,
    .task_configs = rep_task_configs,
    .stop = rep_stop,
    .task = &rept_ops,
    .exactly_once_support = rep_exactly_once_support,
};
