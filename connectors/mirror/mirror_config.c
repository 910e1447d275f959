/*
 * connectors/mirror/mirror_config.c - see mirror_config.h.
 *
 * The key tables follow MirrorConnectorConfig, MirrorSourceConfig, MirrorCheckpointConfig
 * and MirrorHeartbeatConfig of Kafka 4.3.1 (spec/mirrormaker2.md §1.1-§1.4): same names,
 * types and defaults, so a value Java refuses is refused here with Java's words.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "connectors/mirror/mirror_config.h"

#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "connectors/mirror/provenance.h"
#include "lib/configdef.h"
#include "lib/client_keys.h"
#include "lib/log.h"

#define DEFAULT_POLICY "org.apache.kafka.connect.mirror.DefaultReplicationPolicy"
#define TOPICS_EXCLUDE_DEFAULT ".*[\\-\\.]internal, .*\\.replica, __.*"
#define GROUPS_EXCLUDE_DEFAULT "console-consumer-.*, connect-.*, __.*"
#define CONFIG_EXCLUDE_DEFAULT \
    "follower\\.replication\\.throttled\\.replicas, leader\\.replication\\.throttled\\.replicas, " \
    "message\\.timestamp\\.difference\\.max\\.ms, message\\.timestamp\\.type, " \
    "unclean\\.leader\\.election\\.enable, min\\.insync\\.replicas"

static const char *const locations[] = { "source", "target", NULL };

#define STR(n, d)    { .name = n, .type = KC_CFG_STRING, .dflt = d }
#define BOOL(n, d)   { .name = n, .type = KC_CFG_BOOLEAN, .dflt = d }
#define LONG(n, d)   { .name = n, .type = KC_CFG_LONG, .dflt = d }
#define INT(n, d)    { .name = n, .type = KC_CFG_INT, .dflt = d }
#define SHORT(n, d)  { .name = n, .type = KC_CFG_SHORT, .dflt = d }
#define LIST(n, d)   { .name = n, .type = KC_CFG_LIST, .dflt = d }
/* Lists Java 4.x checks with ValidList.anyNonDuplicateValues(true, false). */
#define VLIST(n, d)  { .name = n, .type = KC_CFG_LIST, .dflt = d, \
                       .validator = KC_VAL_LIST_NONEMPTY, .allow_empty = true }
#define CLASS(n, d)  { .name = n, .type = KC_CFG_CLASS, .dflt = d }

static const kc_cfg_def common_defs[] = {
    BOOL("enabled", "true"),
    { .name = "source.cluster.alias", .type = KC_CFG_STRING, .required = true },
    STR("target.cluster.alias", "target"),
    LONG("admin.timeout.ms", "60000"),
    CLASS("replication.policy.class", DEFAULT_POLICY),
    STR("replication.policy.separator", "."),
    BOOL("replication.policy.internal.topic.separator.enabled", "true"),
    CLASS("forwarding.admin.class", "org.apache.kafka.clients.admin.ForwardingAdmin"),
    VLIST("metric.reporters", "org.apache.kafka.common.metrics.JmxReporter"),
    { .name = "tasks.max", .type = KC_CFG_INT, .dflt = "1", .validator = KC_VAL_RANGE,
      .min = 1, .has_min = true },
};

static const kc_cfg_def source_defs[] = {
    VLIST("topics", ".*"),
    VLIST("topics.exclude", TOPICS_EXCLUDE_DEFAULT),
    VLIST("config.properties.exclude", CONFIG_EXCLUDE_DEFAULT),
    CLASS("topic.filter.class", "org.apache.kafka.connect.mirror.DefaultTopicFilter"),
    CLASS("config.property.filter.class",
          "org.apache.kafka.connect.mirror.DefaultConfigPropertyFilter"),
    LONG("consumer.poll.timeout.ms", "1000"),
    BOOL("refresh.topics.enabled", "true"),
    LONG("refresh.topics.interval.seconds", "600"),
    BOOL("sync.topic.configs.enabled", "true"),
    LONG("sync.topic.configs.interval.seconds", "600"),
    BOOL("sync.topic.acls.enabled", "true"),
    LONG("sync.topic.acls.interval.seconds", "600"),
    INT("replication.factor", "2"),
    SHORT("offset-syncs.topic.replication.factor", "3"),
    LONG("offset.lag.max", "100"),
    { .name = "offset-syncs.topic.location", .type = KC_CFG_STRING, .dflt = "source",
      .validator = KC_VAL_IN, .in = locations },
    BOOL("emit.offset-syncs.enabled", "true"),
    BOOL("heartbeats.replication.enabled", "true"),
    LIST("metric.names.formats", "legacy"),
};

static const kc_cfg_def checkpoint_defs[] = {
    VLIST("groups", ".*"),
    VLIST("groups.exclude", GROUPS_EXCLUDE_DEFAULT),
    LIST("topics", ".*"),
    LIST("topics.exclude", TOPICS_EXCLUDE_DEFAULT),
    CLASS("group.filter.class", "org.apache.kafka.connect.mirror.DefaultGroupFilter"),
    CLASS("topic.filter.class", "org.apache.kafka.connect.mirror.DefaultTopicFilter"),
    LONG("consumer.poll.timeout.ms", "1000"),
    BOOL("refresh.groups.enabled", "true"),
    LONG("refresh.groups.interval.seconds", "600"),
    BOOL("emit.checkpoints.enabled", "true"),
    LONG("emit.checkpoints.interval.seconds", "60"),
    BOOL("sync.group.offsets.enabled", "false"),
    LONG("sync.group.offsets.interval.seconds", "60"),
    SHORT("checkpoints.topic.replication.factor", "3"),
    { .name = "offset-syncs.topic.location", .type = KC_CFG_STRING, .dflt = "source",
      .validator = KC_VAL_IN, .in = locations },
    BOOL("emit.offset-syncs.enabled", "true"),
    LIST("metric.names.formats", "legacy"),
};

static const kc_cfg_def heartbeat_defs[] = {
    BOOL("emit.heartbeats.enabled", "true"),
    LONG("emit.heartbeats.interval.seconds", "1"),
    SHORT("heartbeats.topic.replication.factor", "3"),
};

/* The filter and policy classes kconnect implements (Java loads any class on its
 * classpath; a class we do not have is, for us, a class that cannot be found). */
static const char *const known_classes[] = {
    "topic.filter.class", "org.apache.kafka.connect.mirror.DefaultTopicFilter",
    "group.filter.class", "org.apache.kafka.connect.mirror.DefaultGroupFilter",
    "config.property.filter.class", "org.apache.kafka.connect.mirror.DefaultConfigPropertyFilter",
    "forwarding.admin.class", "org.apache.kafka.clients.admin.ForwardingAdmin",
    NULL,
};

/* Kafka 3.x names that Kafka 4 dropped; runbooks still use them. */
static const char *const aliases[] = {
    "topics.blacklist", "topics.exclude",
    "groups.blacklist", "groups.exclude",
    "config.properties.blacklist", "config.properties.exclude",
    NULL,
};

typedef struct {
    const kc_cfg_def *defs;
    size_t            n;
} def_table;

static size_t
tables_for(kc_mirror_kind kind, def_table out[2])
{
    out[0] = (def_table) { common_defs, KC_ARRAY_LEN(common_defs) };
    switch (kind) {
    case KC_MIRROR_SOURCE_CONNECTOR:
        out[1] = (def_table) { source_defs, KC_ARRAY_LEN(source_defs) };
        break;
    case KC_MIRROR_CHECKPOINT_CONNECTOR:
        out[1] = (def_table) { checkpoint_defs, KC_ARRAY_LEN(checkpoint_defs) };
        break;
    case KC_MIRROR_HEARTBEAT_CONNECTOR:
        out[1] = (def_table) { heartbeat_defs, KC_ARRAY_LEN(heartbeat_defs) };
        break;
    }
    return 2;
}

static const kc_cfg_def *
find_def(kc_mirror_kind kind, const char *key)
{
    def_table t[2];
    size_t    nt = tables_for(kind, t);

    for (size_t i = 0; i < nt; i++)
        for (size_t j = 0; j < t[i].n; j++)
            if (strcmp(t[i].defs[j].name, key) == 0)
                return &t[i].defs[j];
    return NULL;
}

static const char *
raw_str(const json_t *config, const char *key)
{
    const json_t *v = json_object_get(config, key);

    return json_is_string(v) ? json_string_value(v) : NULL;
}

json_t *
kc_mirror_trimmed_copy(const json_t *config)
{
    json_t     *out = json_object();
    const char *key;
    json_t     *v;

    json_object_foreach((json_t *) config, key, v) {
        if (json_is_string(v)) {
            char *t = kc_java_trim(json_string_value(v));
            json_object_set_new(out, key, json_string(t));
            free(t);
        } else {
            json_object_set(out, key, v);
        }
    }
    return out;
}

void
kc_mirror_add_error(json_t *errors, const char *key, const char *fmt, ...)
{
    char    msg[1024];
    json_t *list = json_object_get(errors, key);
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    if (list == NULL) {
        list = json_array();
        json_object_set_new(errors, key, list);
    }
    json_array_append_new(list, json_string(msg));
}

/* A trimmed copy with the 3.x aliases resolved; warnings go to ctx when given. */
static json_t *
normalized(const json_t *config, const kc_context *ctx)
{
    json_t *out = kc_mirror_trimmed_copy(config);
    for (const char *const *a = aliases; *a != NULL; a += 2) {
        json_t *old = json_object_get(out, a[0]);
        if (old == NULL)
            continue;
        if (json_object_get(out, a[1]) != NULL) {
            if (ctx)
                ctx->host->log(ctx->ctx, KC_PLUGIN_LOG_WARN, "%s is set as well as its "
                               "deprecated name %s; %s is used and %s ignored", a[1], a[0],
                               a[1], a[0]);
        } else {
            if (ctx)
                ctx->host->log(ctx->ctx, KC_PLUGIN_LOG_WARN, "%s is the Kafka 3.x name of "
                               "%s (Kafka 4 ignores it); its value is used as %s", a[0], a[1],
                               a[1]);
            json_object_set(out, a[1], old);
        }
    }
    return out;
}

/* Messages for every key of the tables plus the cross-key rules of §1.9. strict: as REST
 * validation (ConfigDef.validate) reports them, where starting the connector parses the
 * config (repeated list items dropped with a warning). */
static json_t *
validate_normalized(kc_mirror_kind kind, const json_t *values, bool strict)
{
    json_t   *errors = json_object();
    def_table t[2];
    size_t    nt = tables_for(kind, t);
    kc_err    err;

    for (size_t i = 0; i < nt; i++)
        for (size_t j = 0; j < t[i].n; j++) {
            const kc_cfg_def *d = &t[i].defs[j];
            if ((strict ? kc_cfg_validate : kc_cfg_check)(d, raw_str(values, d->name), &err)
                    != KC_OK)
                kc_mirror_add_error(errors, d->name, "%s", err.msg);
        }
    for (const char *const *k = known_classes; *k != NULL; k += 2) {
        const char *v = raw_str(values, k[0]);
        if (v != NULL && find_def(kind, k[0]) != NULL && strcmp(v, k[1]) != 0)
            kc_mirror_add_error(errors, k[0], "Invalid value %s for configuration %s: Class %s could not be "
                      "found.", v, k[0], v);
    }
    {
        kc_mirror_policy p;
        char             msg[512];
        if (kc_mirror_policy_init(&p, values, msg, sizeof(msg)) != 0)
            kc_mirror_add_error(errors, "replication.policy.class", "%s", msg);
        else
            kc_mirror_policy_free(&p);
    }
    {
        static const char *const lists[] = { "topics", "topics.exclude", "groups",
                                             "groups.exclude", "config.properties.exclude",
                                             NULL };
        for (const char *const *k = lists; *k != NULL; k++) {
            const char *v = raw_str(values, *k);
            kc_regex   *re = NULL;
            char        msg[512];
            if (v == NULL || find_def(kind, *k) == NULL)
                continue;
            if (kc_regex_compile_list(v, &re, msg, sizeof(msg)) != 0)
                kc_mirror_add_error(errors, *k, "Invalid value %s for configuration %s: %s", v, *k, msg);
            kc_regex_free(re);
        }
    }
    {
        const char *enabled = raw_str(values, "enabled");
        const char *emit_syncs = raw_str(values, "emit.offset-syncs.enabled");
        bool        on = enabled == NULL || strcasecmp(enabled, "false") != 0;
        bool        syncs = emit_syncs == NULL || strcasecmp(emit_syncs, "false") != 0;

        if (kind == KC_MIRROR_CHECKPOINT_CONNECTOR && on) {
            const char *emit = raw_str(values, "emit.checkpoints.enabled");
            if (emit != NULL && strcasecmp(emit, "false") == 0)
                kc_mirror_add_error(errors, "emit.checkpoints.enabled", "MirrorCheckpointConnector can't run "
                          "with emit.checkpoints.enabled set to false");
            if (!syncs)
                kc_mirror_add_error(errors, "emit.offset-syncs.enabled", "MirrorCheckpointConnector can't run "
                          "without offset syncs");
        }
        if (kind == KC_MIRROR_SOURCE_CONNECTOR) {
            const char *prov = raw_str(values, "provenance.header.enable");
            const char *name = raw_str(values, "provenance.header.name");
            if (prov != NULL && strcasecmp(prov, "true") != 0 && strcasecmp(prov, "false") != 0)
                kc_mirror_add_error(errors, "provenance.header.enable", "Invalid value %s for "
                                    "configuration provenance.header.enable: Expected value to "
                                    "be either true or false", prov);
            if (name != NULL && name[0] == '\0')
                kc_mirror_add_error(errors, "provenance.header.name", "Invalid value  for "
                                    "configuration provenance.header.name: a header name "
                                    "cannot be empty");
        }
        if (kind == KC_MIRROR_SOURCE_CONNECTOR && !syncs) {
            const char *key;
            json_t     *v;
            json_object_foreach((json_t *) values, key, v)
                if (strncmp(key, "offset-syncs-", 13) == 0 ||
                    strncmp(key, "offset-syncs.topic.", 19) == 0)
                    kc_mirror_add_error(errors, key, "%s can not be set when emit.offset-syncs.enabled is "
                              "false", key);
        }
    }
    if (json_object_size(errors) == 0) {
        json_decref(errors);
        return NULL;
    }
    return errors;
}

json_t *
kc_mirror_validate(kc_mirror_kind kind, const json_t *config)
{
    json_t *values = normalized(config, NULL);
    json_t *errors = validate_normalized(kind, values, true);

    json_decref(values);
    return errors;
}

#include "connectors/mirror/mirror_defs.inc"

json_t *
kc_mirror_config_def(kc_mirror_kind kind)
{
    const char *text = kind == KC_MIRROR_SOURCE_CONNECTOR ? mirror_source_defs
                     : kind == KC_MIRROR_CHECKPOINT_CONNECTOR ? mirror_checkpoint_defs
                     : mirror_heartbeat_defs;

    return json_loads(text, 0, NULL);
}

/* Keys of Connect's ConnectorConfig and SourceConnectorConfig that MM2's ConfigDefs extend. */
static const char *const connector_base_keys[] = {
    "name", "connector.class", "tasks.max", "tasks.max.enforce", "key.converter",
    "value.converter", "header.converter", "transforms", "predicates", "config.action.reload",
    "errors.retry.timeout", "errors.retry.delay.max.ms", "errors.tolerance", "errors.log.enable",
    "errors.log.include.messages", "topic.creation.groups", "exactly.once.support",
    "transaction.boundary", "transaction.boundary.interval.ms", "offsets.storage.topic",
    "key.converter.plugin.version", "value.converter.plugin.version",
    "header.converter.plugin.version", "connector.plugin.version", NULL,
};

bool
kc_mirror_config_key_defined(const char *key)
{
    static const kc_mirror_kind kinds[] = { KC_MIRROR_SOURCE_CONNECTOR,
                                            KC_MIRROR_CHECKPOINT_CONNECTOR,
                                            KC_MIRROR_HEARTBEAT_CONNECTOR };

    for (size_t i = 0; i < KC_ARRAY_LEN(kinds); i++)
        if (find_def(kinds[i], key) != NULL)
            return true;
    for (const char *const *k = connector_base_keys; *k != NULL; k++)
        if (strcmp(*k, key) == 0)
            return true;
    /* MirrorConnectorConfig defines the client security settings too (for validation);
     * the provenance header's keys are kconnect's. */
    return strncmp(key, "provenance.header.", 18) == 0 ||
           strcmp(key, "security.protocol") == 0 || strncmp(key, "ssl.", 4) == 0 ||
           strncmp(key, "sasl.", 5) == 0;
}

const char *
kc_mirror_str(const kc_mirror_config *c, const char *key, const char *def)
{
    const char *v = raw_str(c->values, key);

    return v != NULL ? v : def;
}

int64_t
kc_mirror_long(const kc_mirror_config *c, const char *key, int64_t def)
{
    const char *v = raw_str(c->values, key);

    return v != NULL && *v ? strtoll(v, NULL, 10) : def;
}

bool
kc_mirror_bool(const kc_mirror_config *c, const char *key, bool def)
{
    const char *v = raw_str(c->values, key);

    if (v == NULL)
        return def;
    return strcasecmp(v, "true") == 0;
}

int64_t
kc_mirror_interval_ms(const kc_mirror_config *c, const char *enabled_key,
                      const char *interval_key, int64_t def_seconds)
{
    int64_t s = kc_mirror_long(c, interval_key, def_seconds);

    if ((enabled_key != NULL && !kc_mirror_bool(c, enabled_key, true)) || s < 0)
        return -1;
    return s * 1000;
}

static int
compile(const kc_mirror_config *c, const char *key, const char *def, kc_regex **out, char *err,
        size_t errlen)
{
    const char *v = kc_mirror_str(c, key, def);
    char        msg[512];

    if (kc_regex_compile_list(v, out, msg, sizeof(msg)) != 0) {
        snprintf(err, errlen, "Invalid value %s for configuration %s: %s", v, key, msg);
        return -1;
    }
    return 0;
}

int
kc_mirror_config_init(kc_mirror_config *c, kc_mirror_kind kind, const json_t *config,
                      const kc_context *ctx, char *err, size_t errlen)
{
    json_t *errors;

    memset(c, 0, sizeof(*c));
    c->kind = kind;
    c->values = normalized(config, ctx);
    if ((errors = validate_normalized(kind, c->values, false)) != NULL) {
        const char *key = NULL;
        json_t     *msgs;
        void       *it = json_object_iter(errors);
        key = json_object_iter_key(it);
        msgs = json_object_iter_value(it);
        snprintf(err, errlen, "%s", json_string_value(json_array_get(msgs, 0)));
        (void) key;
        json_decref(errors);
        json_decref(c->values);
        c->values = NULL;
        return -1;
    }
    c->originals = json_deep_copy(config);
    c->name = kc_mirror_str(c, "name", "");
    c->source_alias = kc_mirror_str(c, "source.cluster.alias", NULL);
    c->target_alias = kc_mirror_str(c, "target.cluster.alias", "target");
    c->enabled = kc_mirror_bool(c, "enabled", true);
    c->admin_timeout_ms = kc_mirror_long(c, "admin.timeout.ms", 60000);
    c->offset_syncs_on_target =
        strcmp(kc_mirror_str(c, "offset-syncs.topic.location", "source"), "target") == 0;
    c->emit_offset_syncs = kc_mirror_bool(c, "emit.offset-syncs.enabled", true);
    c->connector_label = "MirrorSourceConnector";
    c->create_topics = true;
    c->grow_partitions = true;
    c->keep_partitions = true;
    if (kc_mirror_policy_init(&c->policy, c->values, err, errlen) != 0)
        goto fail;
    c->policy_ready = true;
    c->provenance = kc_mirror_bool(c, "provenance.header.enable", c->policy.identity);
    c->provenance_header = kc_mirror_str(c, "provenance.header.name",
                                         KC_PROVENANCE_HEADER_DEFAULT);
    if (compile(c, "topics", ".*", &c->topics, err, errlen) != 0 ||
        compile(c, "topics.exclude", TOPICS_EXCLUDE_DEFAULT, &c->topics_exclude, err,
                errlen) != 0 ||
        compile(c, "groups", ".*", &c->groups, err, errlen) != 0 ||
        compile(c, "groups.exclude", GROUPS_EXCLUDE_DEFAULT, &c->groups_exclude, err,
                errlen) != 0 ||
        compile(c, "config.properties.exclude", CONFIG_EXCLUDE_DEFAULT, &c->config_exclude,
                err, errlen) != 0)
        goto fail;
    /* Runbook 1: a plain admin.bootstrap.servers (meant for the target admin) is laid over
     * the source admin's settings too, and Java then lists topics on the wrong cluster. */
    if (raw_str(c->values, "source.cluster.bootstrap.servers") != NULL &&
        raw_str(c->values, "admin.bootstrap.servers") != NULL &&
        raw_str(c->values, "source.admin.bootstrap.servers") == NULL) {
        c->source_admin_keeps_source = true;
        if (ctx && kind != KC_MIRROR_HEARTBEAT_CONNECTOR)
            ctx->host->log(ctx->ctx, KC_PLUGIN_LOG_WARN, "admin.bootstrap.servers applies to "
                           "the admin clients of both clusters; the source admin keeps "
                           "source.cluster.bootstrap.servers (%s), as intended (Java would "
                           "list the source topics on %s; set source.admin.bootstrap.servers "
                           "to say otherwise)",
                           raw_str(c->values, "source.cluster.bootstrap.servers"),
                           raw_str(c->values, "admin.bootstrap.servers"));
    }
    return 0;
fail:
    kc_mirror_config_free(c);
    return -1;
}

void
kc_mirror_config_free(kc_mirror_config *c)
{
    if (c->policy_ready)
        kc_mirror_policy_free(&c->policy);
    kc_regex_free(c->topics);
    kc_regex_free(c->topics_exclude);
    kc_regex_free(c->groups);
    kc_regex_free(c->groups_exclude);
    kc_regex_free(c->config_exclude);
    json_decref(c->values);
    json_decref(c->originals);
    memset(c, 0, sizeof(*c));
}


static _Atomic(const kc_host *) mirror_host;

void
kc_mirror_use_host(const kc_host *host)
{
    KC_ASSERT(host != NULL && KC_HOST_HAS8(host, kafka_new));
    atomic_store(&mirror_host, host);
}

const kc_host *
kc_mirror_host(void)
{
    const kc_host *h = atomic_load(&mirror_host);

    KC_ASSERT(h != NULL);
    return h;
}

rd_kafka_t *
kc_mirror_kafka_new(rd_kafka_type_t type, const kc_props *settings, const char *const *extra,
                    const kc_kafka_hooks *hooks, char *err, size_t errlen)
{
    const char **kv = kc_xcalloc(2 * settings->n + 1, sizeof(*kv));
    rd_kafka_t  *rk;

    for (size_t i = 0; i < settings->n; i++) {
        kv[2 * i] = settings->items[i].key;
        kv[2 * i + 1] = settings->items[i].value;
    }
    rk = kc_mirror_host()->kafka_new(type, kv, extra, hooks, err, errlen);
    free(kv);
    return rk;
}

void
kc_mirror_kafka_destroy(rd_kafka_t *rk)
{
    if (rk != NULL)
        kc_mirror_host()->kafka_destroy(rk);
}

static void
layer(const kc_mirror_config *c, const char *prefix, bool client_only, kc_props *out)
{
    size_t      plen = strlen(prefix);
    const char *key;
    json_t     *v;

    json_object_foreach(c->values, key, v)
        if (json_is_string(v) && strncmp(key, prefix, plen) == 0 &&
            (!client_only || kc_client_connection_key(key + plen)))
            kc_props_set(out, key + plen, json_string_value(v), 0);
}

void
kc_mirror_client_props(const kc_mirror_config *c, const char *cluster, const char *role,
                       int task, const char *role_label, kc_props *out)
{
    char        p1[64], p2[64], p3[64];
    const char *user_id;
    char       *kept = NULL, *id;

    snprintf(p1, sizeof(p1), "%s.cluster.", cluster);
    snprintf(p2, sizeof(p2), "%s.", role);
    snprintf(p3, sizeof(p3), "%s.%s.", cluster, role);
    kc_props_init(out, c->name);
    layer(c, p1, true, out);
    if (strcmp(cluster, "source") == 0 && strcmp(role, "admin") == 0 &&
        c->source_admin_keeps_source)
        kept = kc_xstrdup(kc_props_get(out, "bootstrap.servers"));
    layer(c, p2, false, out);
    if (kept != NULL) {
        kc_props_set(out, "bootstrap.servers", kept, 0);
        free(kept);
    }
    layer(c, p3, false, out);
    if (strcmp(role, "consumer") == 0) {
        kc_props_set(out, "enable.auto.commit", "false", 0);
        if (kc_props_get(out, "auto.offset.reset") == NULL)
            kc_props_set(out, "auto.offset.reset", "earliest", 0);
    }
    user_id = kc_props_get(out, "client.id");
    if (task >= 0)
        id = kc_xasprintf("%s%s%s->%s|%s-%d|%s", user_id ? user_id : "", user_id ? "|" : "",
                          c->source_alias, c->target_alias, c->name, task, role_label);
    else
        id = kc_xasprintf("%s%s%s->%s|%s|%s", user_id ? user_id : "", user_id ? "|" : "",
                          c->source_alias, c->target_alias, c->name, role_label);
    kc_props_set(out, "client.id", id, 0);
    free(id);
}

static rd_kafka_t *
make_client(const kc_mirror_config *c, const char *cluster, const char *role, int task,
            const char *role_label, const kc_kafka_hooks *hooks, size_t prefetch_partitions,
            char *err, size_t errlen)
{
    kc_props    props;
    rd_kafka_t *rk;
    char        kb[32], why[512];
    const char *extra[5] = { NULL };
    size_t      nx = 0;

    kc_mirror_client_props(c, cluster, role, task, role_label, &props);
    if (kc_props_get(&props, "bootstrap.servers") == NULL) {
        snprintf(err, errlen, "%s %s (%s): Missing required configuration \"bootstrap.servers\" "
                 "which has no default value. Set %s.cluster.bootstrap.servers.", cluster, role,
                 role_label, cluster);
        kc_props_free(&props);
        return NULL;
    }
    /* A producer of MM2's own (the offset syncs) is a default Java producer: idempotent
     * unless its settings forbid it, which keeps the syncs' order across retried sends. */
    if (strcmp(role, "producer") == 0 && !kc_client_default_idempotence(&props))
        kc_log_info("mirror", "%s %s (%s): idempotence disabled: its acks, retries or "
                    "max.in.flight.requests.per.connection do not allow it", cluster, role,
                    role_label);
    if (prefetch_partitions > 0) {
        /* The partitions' fetch queues are all forwarded to the task's one queue, and
         * librdkafka measures queued.max.messages.kbytes (64 MiB) against that shared queue:
         * the budget is the task's. Java's consumer holds about one fetch response
         * (max.partition.fetch.bytes per partition, at most fetch.max.bytes) while it hands
         * out the previous one; this one may hold two, so a response can arrive while one
         * is consumed. Past the budget librdkafka waits fetch.queue.backoff.ms (1 s by
         * default) before fetching that partition again, which would stall a fast mirror:
         * a few ms, as Java fetches again as soon as its buffer drains. */
        const char *fmb = kc_props_get(&props, "fetch.max.bytes");
        const char *mpfb = kc_props_get(&props, "max.partition.fetch.bytes");
        long long   max = fmb ? atoll(fmb) : 52428800, part = mpfb ? atoll(mpfb) : 1048576;
        long long   budget = 2 * part * (long long) prefetch_partitions;
        if (budget > max)
            budget = max;
        if (budget < 2 * part)
            budget = 2 * part;
        snprintf(kb, sizeof(kb), "%lld", budget / 1024 > 0 ? budget / 1024 : 1);
        extra[nx++] = "queued.max.messages.kbytes";
        extra[nx++] = kb;
        extra[nx++] = "fetch.queue.backoff.ms";
        extra[nx++] = "10";
    }
    rk = kc_mirror_kafka_new(strcmp(role, "consumer") == 0 ? RD_KAFKA_CONSUMER
                                                           : RD_KAFKA_PRODUCER,
                             &props, extra, hooks, why, sizeof(why));
    kc_props_free(&props);
    if (rk == NULL)
        snprintf(err, errlen, "%s %s (%s): %s", cluster, role, role_label, why);
    return rk;
}

rd_kafka_t *
kc_mirror_client(const kc_mirror_config *c, const char *cluster, const char *role, int task,
                 const char *role_label, const kc_kafka_hooks *hooks, char *err, size_t errlen)
{
    return make_client(c, cluster, role, task, role_label, hooks, 0, err, errlen);
}

rd_kafka_t *
kc_mirror_partition_consumer(const kc_mirror_config *c, const char *cluster, int task,
                             const char *role_label, size_t partitions, char *err,
                             size_t errlen)
{
    return make_client(c, cluster, "consumer", task, role_label, NULL,
                       partitions > 0 ? partitions : 1, err, errlen);
}

const char *
kc_mirror_offset_syncs_cluster(const kc_mirror_config *c)
{
    return c->offset_syncs_on_target ? "target" : "source";
}

char *
kc_mirror_offset_syncs_topic_name(const kc_mirror_config *c)
{
    /* Named after the cluster at the other end (spec §2.3). */
    return kc_mirror_offset_syncs_topic(&c->policy, c->offset_syncs_on_target ? c->source_alias
                                                                              : c->target_alias);
}

json_t *
kc_mirror_task_config(const kc_mirror_config *c, const char *key, const char *value, int index)
{
    json_t *t = json_deep_copy(c->originals);
    char    idx[16];

    snprintf(idx, sizeof(idx), "%d", index);
    if (key != NULL)
        json_object_set_new(t, key, json_string(value));
    json_object_set_new(t, "task.index", json_string(idx));
    return t;
}
