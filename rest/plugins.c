/*
 * rest/plugins.c - /connector-plugins and connector config validation (spec §8.1, §8.2).
 *
 * Validation answers what Java's AbstractHerder.validateConnectorConfig answers: a
 * ConfigInfos with Connect's own keys (ConnectorConfig plus the source or sink keys, from
 * rest/connector_defs.inc) first, then the connector's own keys (kc_connector_ops
 * config_def), each with its value and errors; the connector's validate() adds its errors.
 * POST /connectors and PUT/PATCH .../config refuse a config with errors with the same list.
 *
 * MHD threads; reads only the plugin registry (read-only after start-up) and the worker
 * config, so nothing here goes through the herder.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "rest/plugins.h"
#include "rest/routes.h"
#include "lib/java_regex.h"
#include "lib/configdef.h"
#include "worker/plugins.h"
#include "worker/refused.h"

#include "rest/connector_defs.inc"

/* The Kafka release whose framework plugins (converters) we stand in for. */
#define FRAMEWORK_VERSION "4.3.1"

/* Converters the worker implements (worker/converter.c), sorted as Java lists them. */
static const char *const converters[] = {
    "org.apache.kafka.connect.converters.ByteArrayConverter",
    "org.apache.kafka.connect.json.JsonConverter",
    "org.apache.kafka.connect.storage.StringConverter",
    NULL,
};

/* Their config definitions, as Kafka 4.3.1 shows them (ByteArrayConverter's is
 * converter.type alone). */
static const char json_converter_defs[] =
    "[{\"name\":\"converter.type\",\"type\":\"STRING\",\"required\":true,\"default_value\":nu"
    "ll,\"importance\":\"LOW\",\"documentation\":\"How this converter will be used.\",\"group"
    "\":null,\"order_in_group\":-1,\"width\":\"NONE\",\"display_name\":\"converter.type\",\"d"
    "ependents\":[]},{\"name\":\"schemas.enable\",\"type\":\"BOOLEAN\",\"required\":false,\"d"
    "efault_value\":\"true\",\"importance\":\"HIGH\",\"documentation\":\"Include schemas with"
    "in each of the serialized values and keys.\",\"group\":\"Schemas\",\"order_in_group\":0,"
    "\"width\":\"MEDIUM\",\"display_name\":\"Enable Schemas\",\"dependents\":[]},{\"name\":\""
    "schemas.cache.size\",\"type\":\"INT\",\"required\":false,\"default_value\":\"1000\",\"im"
    "portance\":\"HIGH\",\"documentation\":\"The maximum number of schemas that can be cached"
    " in this converter instance.\",\"group\":\"Schemas\",\"order_in_group\":1,\"width\":\"ME"
    "DIUM\",\"display_name\":\"Schema Cache Size\",\"dependents\":[]},{\"name\":\"schema.cont"
    "ent\",\"type\":\"STRING\",\"required\":false,\"default_value\":null,\"importance\":\"HIG"
    "H\",\"documentation\":\"When set, this is used as the schema for all messages, and the s"
    "chemas within each of the message will be ignored.Otherwise, the schema will be included"
    " in the content of each message. This configuration applies only 'schemas.enable' is tru"
    "e, and it exclusively affects the sink connector.\",\"group\":\"Schemas\",\"order_in_gro"
    "up\":2,\"width\":\"MEDIUM\",\"display_name\":\"Schema Content\",\"dependents\":[]},{\"na"
    "me\":\"decimal.format\",\"type\":\"STRING\",\"required\":false,\"default_value\":\"BASE6"
    "4\",\"importance\":\"LOW\",\"documentation\":\"Controls which format this converter will"
    " serialize decimals in. This value is case insensitive and can be either 'BASE64' (defau"
    "lt) or 'NUMERIC'\",\"group\":\"Serialization\",\"order_in_group\":0,\"width\":\"MEDIUM\""
    ",\"display_name\":\"Decimal Format\",\"dependents\":[]},{\"name\":\"replace.null.with.de"
    "fault\",\"type\":\"BOOLEAN\",\"required\":false,\"default_value\":\"true\",\"importance\""
    ":\"LOW\",\"documentation\":\"Whether to replace fields that have a default value and tha"
    "t are null to the default value. When set to true, the default value is used, otherwise "
    "null is used.\",\"group\":\"Serialization\",\"order_in_group\":1,\"width\":\"MEDIUM\",\""
    "display_name\":\"Replace null with default\",\"dependents\":[]}]";

static const char string_converter_defs[] =
    "[{\"name\":\"converter.type\",\"type\":\"STRING\",\"required\":true,\"default_value\":nu"
    "ll,\"importance\":\"LOW\",\"documentation\":\"How this converter will be used.\",\"group"
    "\":null,\"order_in_group\":-1,\"width\":\"NONE\",\"display_name\":\"converter.type\",\"d"
    "ependents\":[]},{\"name\":\"converter.encoding\",\"type\":\"STRING\",\"required\":false,"
    "\"default_value\":\"UTF-8\",\"importance\":\"HIGH\",\"documentation\":\"The name of the "
    "Java character set to use for encoding strings as byte arrays.\",\"group\":null,\"order_"
    "in_group\":-1,\"width\":\"MEDIUM\",\"display_name\":\"Encoding\",\"dependents\":[]}]";

static const char bytes_converter_defs[] =
    "[{\"name\":\"converter.type\",\"type\":\"STRING\",\"required\":true,\"default_value\":nu"
    "ll,\"importance\":\"LOW\",\"documentation\":\"How this converter will be used.\",\"group"
    "\":null,\"order_in_group\":-1,\"width\":\"NONE\",\"display_name\":\"converter.type\",\"d"
    "ependents\":[]}]";

/* ===== Plugin names ===== */

/* "a.b.FooConverter" -> "FooConverter". */
static const char *
simple_name(const char *cls)
{
    const char *dot = strrchr(cls, '.');

    return dot ? dot + 1 : cls;
}

/* Java's PluginUtils aliases: the simple name, and the simple name without the type's
 * suffix ("Converter"). */
static bool
converter_matches(const char *cls, const char *name)
{
    const char *s = simple_name(cls);
    size_t      n = strlen(s) - strlen("Converter");

    return strcmp(cls, name) == 0 || strcmp(s, name) == 0 ||
           (strlen(name) == n && strncmp(s, name, n) == 0);
}

static const char *
find_converter(const char *name)
{
    for (size_t i = 0; converters[i]; i++)
        if (converter_matches(converters[i], name))
            return converters[i];
    return NULL;
}

/* ===== GET /connector-plugins ===== */

/* PluginInfo; Java leaves "version" out when the plugin's is undefined. */
static json_t *
plugin_info(const char *cls, const char *type, const char *version)
{
    json_t *o = json_pack("{s:s,s:s}", "class", cls, "type", type);

    if (version != NULL && strcmp(version, "undefined") != 0)
        json_object_set_new(o, "version", json_string(version));
    return o;
}

void
kc_rest_plugins_list(const kc_rest_ctx *ctx, const kc_rest_request *req, kc_rest_response *resp)
{
    const char                    *only = kc_rest_query(req, "connectorsOnly");
    /* Jersey's Boolean.valueOf: anything but "true" is false; absent or empty: the default. */
    bool                           connectors_only = only == NULL || *only == '\0' ||
                                                     strcasecmp(only, "true") == 0;
    size_t                         n;
    const kc_connector_ops *const *all = kc_plugins_all(&n);
    json_t                        *out = json_array();

    (void) ctx;
    /* Java: sinks, then sources, each sorted by class name; then the other plugin types. */
    for (int pass = 0; pass < 2; pass++) {
        kc_connector_type want = pass == 0 ? KC_CONNECTOR_SINK : KC_CONNECTOR_SOURCE;
        const char       *last = "";
        for (;;) {
            const kc_connector_ops *next = NULL;
            for (size_t i = 0; i < n; i++)
                if (all[i]->type == want && strcmp(all[i]->class_name, last) > 0 &&
                    (next == NULL || strcmp(all[i]->class_name, next->class_name) < 0))
                    next = all[i];
            if (next == NULL)
                break;
            json_array_append_new(out, plugin_info(next->class_name, want == KC_CONNECTOR_SINK
                                                   ? "sink" : "source",
                                                   next->version ? next->version : "undefined"));
            last = next->class_name;
        }
    }
    if (!connectors_only)
        for (size_t i = 0; converters[i]; i++)
            json_array_append_new(out, plugin_info(converters[i], "converter",
                                                   FRAMEWORK_VERSION));
    resp->status = 200;
    resp->body = out;
}

/* ===== Definitions ===== */

/* Connect's keys for a connector of ops' type, with the connector's version as the default
 * of connector.plugin.version; enriched (as validation shows them): the worker's converters
 * and the framework version as the other defaults too. New reference. */
static json_t *
base_defs(const kc_rest_ctx *ctx, const kc_connector_ops *ops, bool enriched)
{
    json_t *defs = json_loads(ops->type == KC_CONNECTOR_SINK ? sink_base_defs : source_base_defs,
                              0, NULL);
    size_t  i;
    json_t *d;

    json_array_foreach(defs, i, d) {
        const char *name = json_string_value(json_object_get(d, "name"));
        const char *dflt = NULL;
        if (strcmp(name, "connector.plugin.version") == 0)
            dflt = ops->version;
        else if (!enriched)
            continue;
        else if (strstr(name, ".plugin.version") != NULL)
            dflt = FRAMEWORK_VERSION;
        else if (ctx->worker_cfg != NULL && (strcmp(name, "key.converter") == 0 ||
                                             strcmp(name, "value.converter") == 0 ||
                                             strcmp(name, "header.converter") == 0))
            dflt = kc_cfg_str(ctx->worker_cfg, name);
        if (dflt != NULL)
            json_object_set_new(d, "default_value", json_string(dflt));
    }
    return defs;
}

static json_t *
plugin_defs(const kc_connector_ops *ops)
{
    json_t *defs = KC_CONNECTOR_HAS(ops, config_def) ? ops->config_def() : NULL;

    return json_is_array(defs) ? defs : (json_decref(defs), json_array());
}

static bool
defined(const json_t *defs, const char *name)
{
    size_t  i;
    json_t *d;

    json_array_foreach(defs, i, d)
        if (strcmp(json_string_value(json_object_get(d, "name")), name) == 0)
            return true;
    return false;
}

/* ===== GET /connector-plugins/{p}/config ===== */

void
kc_rest_plugin_config(const kc_rest_ctx *ctx, const kc_rest_request *req, kc_rest_response *resp)
{
    const char             *name = req->segments[1];
    const kc_connector_ops *ops = kc_plugins_find(name);
    const char             *conv;
    json_t                 *out;

    if (ops != NULL) {
        json_t *base = base_defs(ctx, ops, false);
        size_t  i;
        json_t *d;
        /* The plugin's own keys win over Connect's of the same name (Java's order). */
        out = plugin_defs(ops);
        json_array_foreach(base, i, d)
            if (!defined(out, json_string_value(json_object_get(d, "name"))))
                json_array_append(out, d);
        json_decref(base);
    } else if ((conv = find_converter(name)) != NULL) {
        out = json_loads(strstr(conv, "JsonConverter") ? json_converter_defs
                         : strstr(conv, "StringConverter") ? string_converter_defs
                         : bytes_converter_defs, 0, NULL);
    } else {
        kc_rest_error(resp, 404, "Unknown plugin %s.", name);
        return;
    }
    resp->status = 200;
    resp->body = out;
}

/* ===== Validation ===== */

static void
add_error(json_t *value, const char *fmt, const char *a, const char *b, const char *c)
{
    char msg[1024];

    snprintf(msg, sizeof(msg), fmt, a, b, c);
    json_array_append_new(json_object_get(value, "errors"), json_string(msg));
}

static bool
parse_long(const char *s, long long lo, long long hi, long long *out)
{
    char     *end;
    long long v;

    errno = 0;
    v = strtoll(s, &end, 10);
    if (*s == '\0' || *end != '\0' || errno != 0 || v < lo || v > hi || isspace((unsigned char) *s))
        return false;
    *out = v;
    return true;
}

/* One of a fixed set; some keys' validators ignore case, some do not (Java's). */
static void
check_in(json_t *value, const char *name, const char *v, const char *const *allowed,
         const char *shown, bool nocase)
{
    for (size_t i = 0; allowed[i]; i++)
        if ((nocase ? strcasecmp(allowed[i], v) : strcmp(allowed[i], v)) == 0)
            return;
    add_error(value, "Invalid value %s for configuration %s: String must be one of: %s", v, name,
              shown);
}

/* Java's NonEmptyStringWithoutControlChars on the connector name. */
static void
check_name(json_t *value, const char *v)
{
    char   codes[256] = "";
    size_t off = 0;

    if (*v == '\0') {
        add_error(value, "Invalid value %s for configuration %s: String may not be empty", v,
                  "name", "");
        return;
    }
    for (const unsigned char *p = (const unsigned char *) v; *p; p++)
        if ((*p < 0x20 || *p == 0x7f) && off < sizeof(codes) - 8)
            off += (size_t) snprintf(codes + off, sizeof(codes) - off, "%s%d", off ? ", " : "",
                                     *p);
    if (off > 0)
        add_error(value, "Invalid value %s for configuration %s: String may not contain control "
                  "sequences but had the following ASCII chars: %s", v, "name", codes);
}

/* The value and errors of one defined key. value: a new ConfigValueInfo. */
static json_t *
value_of(const json_t *def, const json_t *config)
{
    const char *name = json_string_value(json_object_get(def, "name"));
    const char *type = json_string_value(json_object_get(def, "type"));
    const json_t *given = json_object_get(config, name);
    const char *v = json_string_value(given);
    json_t     *dflt = json_object_get(def, "default_value");
    json_t     *value = json_pack("{s:s,s:n,s:[],s:[],s:b}", "name", name, "value",
                                  "recommended_values", "errors", "visible", 1);
    char       *trimmed;
    long long   n;

    if (v == NULL) {
        if (json_is_true(json_object_get(def, "required")))
            add_error(value, "Missing required configuration \"%s\" which has no default value.",
                      name, "", "");
        else
            json_object_set(value, "value", dflt);
        v = json_string_value(dflt);
        if (v == NULL)
            return value;
    }
    trimmed = kc_java_trim(v);
    if (strcmp(type, "INT") == 0 || strcmp(type, "SHORT") == 0 || strcmp(type, "LONG") == 0) {
        bool is_long = strcmp(type, "LONG") == 0;
        if (!parse_long(trimmed, is_long ? INT64_MIN : INT32_MIN, is_long ? INT64_MAX : INT32_MAX,
                        &n)) {
            add_error(value, "Invalid value %s for configuration %s: Not a number of type %s", v,
                      name, type);
            if (strcmp(name, "tasks.max") == 0)
                add_error(value, "Invalid value null for configuration %s: Value must be non-null",
                          name, "", "");
            json_object_set_new(value, "value", json_null());
            free(trimmed);
            return value;
        }
        if (strcmp(name, "tasks.max") == 0 && n < 1)
            add_error(value, "Invalid value %s for configuration %s: Value must be at least 1",
                      trimmed, name, "");
        json_object_set_new(value, "value", json_string(trimmed));
    } else if (strcmp(type, "BOOLEAN") == 0) {
        if (strcasecmp(trimmed, "true") != 0 && strcasecmp(trimmed, "false") != 0) {
            add_error(value, "Invalid value %s for configuration %s: Expected value to be either "
                      "true or false", v, name, "");
            json_object_set_new(value, "value", json_null());
        } else {
            json_object_set_new(value, "value", json_string(strcasecmp(trimmed, "true") == 0
                                                            ? "true" : "false"));
        }
    } else if (strcmp(type, "CLASS") == 0 && (strncmp(name, "transforms.", 11) == 0 ||
                                              strncmp(name, "predicates.", 11) == 0)) {
        /* kconnect runs no transformations or predicates yet: Java's answer for a class
         * that is not installed. */
        add_error(value, "Invalid value %s for configuration %s: Class %s could not be found.",
                  trimmed, name, trimmed);
        json_object_set_new(value, "value", json_null());
    } else if (strcmp(type, "LIST") == 0) {
        /* Java shows a list as its items joined by commas. */
        size_t nitems;
        char **items = kc_cfg_split_list(trimmed, &nitems), *joined = kc_xstrdup(""), *next;
        for (size_t i = 0; i < nitems; i++) {
            next = kc_xasprintf("%s%s%s", joined, i ? "," : "", items[i]);
            free(joined);
            joined = next;
        }
        json_object_set_new(value, "value", json_string(joined));
        free(joined);
        kc_strv_free(items);
    } else {
        json_object_set_new(value, "value", json_string(strcmp(type, "PASSWORD") == 0
                                                        ? "[hidden]" : trimmed));
        if (strcmp(name, "name") == 0)
            check_name(value, v);
        else if (strcmp(name, "errors.tolerance") == 0)
            check_in(value, name, trimmed, (const char *const[]) { "none", "all", NULL },
                     "none, all", false);
        else if (strcmp(name, "config.action.reload") == 0)
            check_in(value, name, trimmed, (const char *const[]) { "none", "restart", NULL },
                     "none, restart", false);
        else if (strcmp(name, "exactly.once.support") == 0)
            check_in(value, name, trimmed, (const char *const[]) { "requested", "required", NULL },
                     "requested, required", true);
        else if (strcmp(name, "transaction.boundary") == 0)
            check_in(value, name, trimmed, (const char *const[]) { "poll", "interval",
                                                                   "connector", NULL },
                     "poll, interval, connector", true);
    }
    if (strcmp(type, "CLASS") == 0 && strstr(name, "converter") != NULL) {
        json_t *rec = json_object_get(value, "recommended_values");
        for (size_t i = 0; converters[i]; i++)
            json_array_append_new(rec, json_string(converters[i]));
    } else if (strstr(name, ".plugin.version") != NULL && json_is_string(dflt)) {
        json_array_append(json_object_get(value, "recommended_values"), dflt);
    }
    free(trimmed);
    return value;
}

static json_t *
entry(const json_t *def, json_t *value)
{
    json_t *e = json_object();

    json_object_set(e, "definition", def ? (json_t *) def : json_null());
    json_object_set_new(e, "value", value);
    return e;
}

/* Adds the connector's own errors ({"key":["msg",...]}) to its keys; a key that already has
 * an error from its definition keeps only that one (Java checks a key's type before the
 * connector sees it). */
static void
merge_plugin_errors(json_t *configs, json_t *errors)
{
    const char *key;
    json_t     *msgs;

    json_object_foreach(errors, key, msgs) {
        json_t *value = NULL;
        size_t  i;
        json_t *e;
        json_array_foreach(configs, i, e) {
            json_t *v = json_object_get(e, "value");
            if (strcmp(json_string_value(json_object_get(v, "name")), key) == 0)
                value = v;
        }
        if (value == NULL) {
            value = json_pack("{s:s,s:n,s:[],s:[],s:b}", "name", key, "value",
                              "recommended_values", "errors", "visible", 1);
            json_array_append_new(configs, entry(NULL, value));
        } else if (json_array_size(json_object_get(value, "errors")) > 0) {
            continue;
        }
        json_array_extend(json_object_get(value, "errors"), msgs);
    }
}

static json_t *
value_named(json_t *configs, const char *name)
{
    size_t  i;
    json_t *e;

    json_array_foreach(configs, i, e) {
        json_t *v = json_object_get(e, "value");
        if (strcmp(json_string_value(json_object_get(v, "name")), name) == 0)
            return v;
    }
    return NULL;
}

static bool
blank(const char *s)
{
    while (s != NULL && *s != '\0' && isspace((unsigned char) *s))
        s++;
    return s == NULL || *s == '\0';
}

/* Adds msg to the errors of the config named name (none such: nothing). */
static void
key_error(json_t *configs, const char *name, const char *msg)
{
    json_t *v = value_named(configs, name);

    if (v != NULL)
        json_array_append_new(json_object_get(v, "errors"), json_string(msg));
}

/* A sink may not consume its own dead letter queue: the queue named among `topics`, or
 * matched by `topics.regex`, is an error on that key (SinkConnectorConfig.validate). The
 * list is shown as Java's List.toString of the distinct names. */
static void
dlq_checks(const json_t *config, const char *topics, const char *regex, json_t *configs)
{
    const char *raw = json_string_value(json_object_get(config,
                                                        "errors.deadletterqueue.topic.name"));
    char       *dlq = raw != NULL ? kc_java_trim(raw) : NULL;
    char        err[256];

    if (dlq == NULL || *dlq == '\0') {
        free(dlq);
        return;
    }
    if (!blank(topics)) {
        size_t n, shown = 0;
        char **items = kc_cfg_split_list(topics, &n), *list = kc_xstrdup("["), *next;
        bool   found = false;
        for (size_t i = 0; i < n; i++) {
            bool seen = items[i][0] == '\0';
            for (size_t j = 0; j < i && !seen; j++)
                seen = strcmp(items[j], items[i]) == 0;
            if (seen)
                continue;
            found = found || strcmp(items[i], dlq) == 0;
            next = kc_xasprintf("%s%s%s", list, shown++ ? ", " : "", items[i]);
            free(list);
            list = next;
        }
        if (found) {
            char *m = kc_xasprintf("The DLQ topic '%s' may not be included in the list of "
                                   "topics ('topics=%s]') consumed by the connector", dlq, list);
            key_error(configs, "topics", m);
            free(m);
        }
        free(list);
        kc_strv_free(items);
    }
    if (!blank(regex)) {
        kc_regex *re = NULL;
        if (kc_regex_compile(regex, &re, err, sizeof(err)) == 0 && kc_regex_matches(re, dlq)) {
            char *m = kc_xasprintf("The DLQ topic '%s' may not be matched by the regex for the "
                                   "topics ('topics.regex=%s') consumed by the connector", dlq,
                                   regex);
            key_error(configs, "topics.regex", m);
            free(m);
        }
        kc_regex_free(re);
    }
    free(dlq);
}

/* A sink's `topics` as Kafka 4.x defines it: ValidList.anyNonDuplicateValues(true, false). */
static const kc_cfg_def sink_topics_def = {
    .name = "topics", .type = KC_CFG_LIST, .dflt = "", .validator = KC_VAL_LIST_NONEMPTY,
    .allow_empty = true,
};

/* What Connect itself checks on a sink's config (SinkConnectorConfig.validate, and the
 * distributed herder's consumer group check). */
static void
sink_checks(const kc_rest_ctx *ctx, const json_t *config, json_t *configs)
{
    const char *topics = json_string_value(json_object_get(config, "topics"));
    const char *regex = json_string_value(json_object_get(config, "topics.regex"));
    const char *worker_group = ctx->worker_cfg ? kc_cfg_str(ctx->worker_cfg, "group.id") : NULL;
    const char *msg = NULL;
    const json_t *override = json_object_get(config, "consumer.override.group.id");
    char        buf[1024];
    kc_err      err;

    /* The key's own validator first (Kafka 4.x: no name twice, then no empty name), as
     * ConfigDef.validate runs it before SinkConnectorConfig.validate. */
    if (topics != NULL && kc_cfg_validate(&sink_topics_def, topics, &err) != KC_OK)
        key_error(configs, "topics", err.msg);
    if (blank(topics) && blank(regex))
        msg = "Must configure one of topics or topics.regex";
    else if (!blank(topics) && !blank(regex))
        msg = "topics and topics.regex are mutually exclusive options, but both are set.";
    if (msg != NULL) {
        key_error(configs, "topics", msg);
        key_error(configs, "topics.regex", msg);
    }
    dlq_checks(config, topics, regex, configs);
    if (worker_group == NULL)
        return;
    if (override != NULL) {
        const char *g = json_string_value(override);
        json_t     *v = value_named(configs, "consumer.override.group.id");
        if (v == NULL) {
            v = json_pack("{s:s,s:O,s:[],s:[],s:b}", "name", "consumer.override.group.id",
                          "value", override, "recommended_values", "errors", "visible", 1);
            json_array_append_new(configs, json_pack("{s:n,s:o}", "definition", "value", v));
        }
        if (g != NULL && strcmp(g, worker_group) == 0) {
            snprintf(buf, sizeof(buf), "Consumer group %s conflicts with Connect worker group %s",
                     g, worker_group);
            json_array_append_new(json_object_get(v, "errors"), json_string(buf));
        }
    } else {
        json_t     *v = value_named(configs, "name");
        const char *name = json_string_value(json_object_get(v, "value"));
        if (name != NULL && strncmp(worker_group, "connect-", 8) == 0 &&
            strcmp(worker_group + 8, name) == 0) {
            snprintf(buf, sizeof(buf), "Consumer group for sink connector named %s conflicts "
                     "with Connect worker group %s", name, worker_group);
            json_array_append_new(json_object_get(v, "errors"), json_string(buf));
        }
    }
}

/* Java's transaction boundary check, made whether or not exactly-once is on: no kconnect
 * connector defines its own transaction boundaries (Java's default answer). */
static void
boundary_checks(const json_t *config, json_t *configs)
{
    const char *b = json_string_value(json_object_get(config, "transaction.boundary"));
    json_t     *v = value_named(configs, "transaction.boundary");
    char       *trimmed;

    if (b == NULL || v == NULL || json_array_size(json_object_get(v, "errors")) > 0)
        return;
    trimmed = kc_java_trim(b);
    if (strcasecmp(trimmed, "connector") == 0)
        json_array_append_new(json_object_get(v, "errors"), json_string(
            "The connector does not support connector-defined transaction boundaries with the "
            "given configuration. Please reconfigure it to use a different transaction boundary "
            "definition."));
    free(trimmed);
}

/* The distributed herder's exactly-once checks: `required` needs the worker's support, and
 * no kconnect connector declares exactly-once support yet. */
static void
source_checks(const kc_rest_ctx *ctx, const json_t *config, json_t *configs)
{
    const char *eos = json_string_value(json_object_get(config, "exactly.once.support"));
    const char *worker = ctx->worker_cfg
                       ? kc_cfg_str(ctx->worker_cfg, "exactly.once.source.support") : NULL;
    json_t     *v = value_named(configs, "exactly.once.support");
    char       *trimmed;

    boundary_checks(config, configs);
    if (eos == NULL || v == NULL || json_array_size(json_object_get(v, "errors")) > 0)
        return;
    trimmed = kc_java_trim(eos);
    if (strcasecmp(trimmed, "required") == 0) {
        if (worker == NULL || strcasecmp(worker, "enabled") != 0)
            json_array_append_new(json_object_get(v, "errors"), json_string(
                "This worker does not have exactly-once source support enabled."));
        json_array_append_new(json_object_get(v, "errors"), json_string(
            "The connector does not support exactly-once semantics with the provided "
            "configuration."));
    }
    free(trimmed);
}

/* A setting kconnect does not act on (worker/refused.h): an error on its key, unless Java's
 * validation already refused the value (a class that cannot be found), which gets a value
 * of its own when no definition lists it (a client override, a converter's setting). */
static void
refused_error(void *arg, const char *key, const char *value, const char *message)
{
    json_t *configs = arg, *v = value_named(configs, key);

    if (v != NULL && json_array_size(json_object_get(v, "errors")) > 0)
        return;
    if (v == NULL) {
        v = json_pack("{s:s,s:s,s:[],s:[],s:b}", "name", key, "value", value,
                      "recommended_values", "errors", "visible", 1);
        json_array_append_new(configs, json_pack("{s:n,s:o}", "definition", "value", v));
    }
    json_array_append_new(json_object_get(v, "errors"), json_string(message));
}

/* Java's enrichment: each alias in `transforms` / `predicates` gets its .type (required) and
 * .plugin.version keys, in a group of its own. */
static void
add_alias_defs(json_t *defs, const json_t *config, const char *key, const char *what,
               const char *title)
{
    const char *list = json_string_value(json_object_get(config, key));
    size_t      n;
    char      **aliases;

    if (list == NULL)
        return;
    aliases = kc_cfg_split_list(list, &n);

    for (size_t i = 0; i < n; i++) {
        char *group = kc_xasprintf("%s: %s", title, aliases[i]);
        char *type = kc_xasprintf("%s.%s.type", key, aliases[i]);
        char *version = kc_xasprintf("%s.%s.plugin.version", key, aliases[i]);
        char *doc_type = kc_xasprintf("Class for the '%s' %s.", aliases[i], what);
        char *doc_version = kc_xasprintf("Version of the '%s' %s.", aliases[i], what);
        char *shown_type = kc_xasprintf("%s type for %s", strcmp(what, "transformation") == 0
                                        ? "Transformation" : "Predicate", aliases[i]);
        char *shown_version = kc_xasprintf("%s version for %s", strcmp(what, "transformation")
                                           == 0 ? "Transformation" : "Predicate", aliases[i]);
        json_array_append_new(defs, json_pack(
            "{s:s,s:s,s:b,s:n,s:s,s:s,s:s,s:i,s:s,s:s,s:[]}", "name", type, "type", "CLASS",
            "required", 1, "default_value", "importance", "HIGH", "documentation", doc_type,
            "group", group, "order_in_group", 0, "width", "LONG", "display_name", shown_type,
            "dependents"));
        json_array_append_new(defs, json_pack(
            "{s:s,s:s,s:b,s:n,s:s,s:s,s:s,s:i,s:s,s:s,s:[]}", "name", version, "type", "STRING",
            "required", 0, "default_value", "importance", "HIGH", "documentation", doc_version,
            "group", group, "order_in_group", 1, "width", "LONG", "display_name", shown_version,
            "dependents"));
        free(group);
        free(type);
        free(version);
        free(doc_type);
        free(doc_version);
        free(shown_type);
        free(shown_version);
    }
    kc_strv_free(aliases);
}

/* The value of a Connect key the connector redefines: no recommender of the worker's
 * (recommended_values empty); a converter's plugin.version is shown only with its converter
 * set, as Java's version recommenders decide. */
static void
plugin_view(const json_t *def, const json_t *config, json_t *value)
{
    const char *name = json_string_value(json_object_get(def, "name"));
    const char *tail = strstr(name, ".plugin.version");

    json_array_clear(json_object_get(value, "recommended_values"));
    if (tail != NULL && tail != name && strncmp(name, "connector.", 10) != 0) {
        char *conv = kc_xstrndup(name, (size_t) (tail - name));
        if (!json_is_string(json_object_get(config, conv)))
            json_object_set_new(value, "visible", json_false());
        free(conv);
    }
}

json_t *
kc_rest_validate(const kc_rest_ctx *ctx, const json_t *config, const kc_connector_ops *ops)
{
    json_t     *defs = base_defs(ctx, ops, true), *own = plugin_defs(ops);
    json_t     *configs = json_array(), *groups = json_array(), *errors, *out;
    const char *key;
    json_t     *v, *d;
    size_t      i, count = 0;

    add_alias_defs(defs, config, "transforms", "transformation", "Transforms");
    add_alias_defs(defs, config, "predicates", "predicate", "Predicates");
    /* A key the connector defines too takes the connector's definition in Connect's place
     * (Java merges the connector's ConfigDef last); MirrorMaker's ConfigDefs extend
     * ConnectorConfig's without the worker's defaults and recommenders. */
    json_array_foreach(own, i, d) {
        const char *name = json_string_value(json_object_get(d, "name"));
        size_t      j;
        json_t     *b;
        bool        replaced = false;
        json_array_foreach(defs, j, b)
            if (!replaced && strcmp(json_string_value(json_object_get(b, "name")), name) == 0) {
                json_t *mine = json_deep_copy(d);
                json_object_set_new(mine, "x-plugin", json_true());
                json_array_set_new(defs, j, mine);
                replaced = true;
            }
        if (!replaced)
            json_array_append(defs, d);
    }
    json_decref(own);
    /* Keys given as null that nothing defines come first, each with Java's error. */
    json_object_foreach((json_t *) config, key, v)
        if (json_is_null(v) && !defined(defs, key))
            json_array_append_new(configs, entry(NULL, json_pack(
                "{s:s,s:n,s:[],s:[s],s:b}", "name", key, "value", "recommended_values",
                "errors", "Null value can not be supplied as the configuration value.",
                "visible", 1)));
    json_array_foreach(defs, i, d) {
        const json_t *g = json_object_get(d, "group");
        bool          seen = false;
        size_t        j;
        json_t       *x, *value = value_of(d, config);
        if (json_object_get(d, "x-plugin") != NULL) {
            plugin_view(d, config, value);
            json_object_del(d, "x-plugin");
        }
        json_array_append_new(configs, entry(d, value));
        if (!json_is_string(g))
            continue;
        json_array_foreach(groups, j, x)
            seen = seen || json_equal(x, g);
        if (!seen)
            json_array_append(groups, (json_t *) g);
    }
    if (ops->validate != NULL && (errors = ops->validate(config)) != NULL) {
        merge_plugin_errors(configs, errors);
        json_decref(errors);
    }
    if (ops->type == KC_CONNECTOR_SINK)
        sink_checks(ctx, config, configs);
    else
        source_checks(ctx, config, configs);
    kc_refused_connector(config, ctx->worker_cfg, ops->version, refused_error, configs);
    json_array_foreach(configs, i, d)
        count += json_array_size(json_object_get(json_object_get(d, "value"), "errors"));
    out = json_pack("{s:s,s:i,s:o,s:o}", "name",
                    json_string_value(json_object_get(config, "connector.class")),
                    "error_count", (json_int_t) count, "groups", groups, "configs", configs);
    json_decref(defs);
    return out;
}

char *
kc_rest_validation_message(const json_t *infos)
{
    size_t  i, j, off = 0, cap = 1024;
    json_t *e, *m;
    char   *msg = malloc(cap);

    if (msg == NULL)
        abort();
    off = (size_t) snprintf(msg, cap, "Connector configuration is invalid and contains the "
                            "following %lld error(s):",
                            (long long) json_integer_value(json_object_get(infos, "error_count")));
    json_array_foreach(json_object_get(infos, "configs"), i, e)
        json_array_foreach(json_object_get(json_object_get(e, "value"), "errors"), j, m) {
            const char *s = json_string_value(m);
            size_t      need = off + strlen(s) + 2;
            if (need > cap) {
                cap = need * 2;
                if ((msg = realloc(msg, cap)) == NULL)
                    abort();
            }
            off += (size_t) snprintf(msg + off, cap - off, "\n%s", s);
        }
    {
        const char *tail = "\nYou can also find the above list of errors at the endpoint "
                           "`/connector-plugins/{connectorType}/config/validate`";
        if ((msg = realloc(msg, off + strlen(tail) + 1)) == NULL)
            abort();
        strcpy(msg + off, tail);
    }
    return msg;
}

/* ===== PUT /connector-plugins/{p}/config/validate ===== */

const char *
kc_rest_jackson_shape(const json_t *v)
{
    switch (json_typeof(v)) {
    case JSON_OBJECT: return "Object value (token `JsonToken.START_OBJECT`)";
    case JSON_ARRAY: return "Array value (token `JsonToken.START_ARRAY`)";
    case JSON_STRING: return "String value (token `JsonToken.VALUE_STRING`)";
    case JSON_INTEGER: return "Integer value (token `JsonToken.VALUE_NUMBER_INT`)";
    case JSON_REAL: return "Floating-point value (token `JsonToken.VALUE_NUMBER_FLOAT`)";
    case JSON_TRUE: return "Boolean value (token `JsonToken.VALUE_TRUE`)";
    case JSON_FALSE: return "Boolean value (token `JsonToken.VALUE_FALSE`)";
    default: return "Null value (token `JsonToken.VALUE_NULL`)";
    }
}

/* A walk over JSON text that knows where it is, as Jackson's parser reports it: line from 1,
 * column from 1 counted in bytes. The text was parsed already, so it is well formed. */
typedef struct jscan {
    const char *p, *end;
    int         line, col;
} jscan;

static void
js_next(jscan *s)
{
    if (*s->p == '\n') {
        s->line++;
        s->col = 1;
    } else {
        s->col++;
    }
    s->p++;
}

static void
js_space(jscan *s)
{
    while (s->p < s->end && strchr(" \t\r\n", *s->p) != NULL)
        js_next(s);
}

/* At '"': the string, unescaped (\uXXXX kept as is), into out; the scan after it. */
static void
js_string(jscan *s, char *out, size_t size)
{
    size_t n = 0;

    js_next(s);
    while (s->p < s->end && *s->p != '"') {
        char c = *s->p;
        if (c == '\\' && s->p + 1 < s->end) {
            js_next(s);
            c = *s->p == 'n' ? '\n' : *s->p == 't' ? '\t' : *s->p == 'r' ? '\r'
              : *s->p == 'b' ? '\b' : *s->p == 'f' ? '\f' : *s->p;
        }
        if (n + 1 < size)
            out[n++] = c;
        js_next(s);
    }
    out[n] = '\0';
    if (s->p < s->end)
        js_next(s);
}

static void
js_skip(jscan *s)
{
    char scratch[8];
    int  depth = 0;

    do {
        js_space(s);
        if (s->p >= s->end)
            return;
        if (*s->p == '"') {
            js_string(s, scratch, sizeof(scratch));
        } else if (*s->p == '{' || *s->p == '[') {
            depth++;
            js_next(s);
        } else if (*s->p == '}' || *s->p == ']') {
            depth--;
            js_next(s);
        } else if (*s->p == ',' || *s->p == ':') {
            js_next(s);
        } else {
            while (s->p < s->end && strchr(",:{}[] \t\r\n\"", *s->p) == NULL)
                js_next(s);
        }
    } while (depth > 0);
}

/* Moves the scan to the value at the keys of chain (every second entry), object in object. */
static bool
js_find(jscan *s, const char *const *chain)
{
    char key[512];

    js_space(s);
    for (size_t i = 0; chain[i] != NULL; i += 2) {
        bool found = false;
        if (s->p >= s->end || *s->p != '{')
            return false;
        js_next(s);
        while (!found) {
            js_space(s);
            if (s->p >= s->end || *s->p != '"')
                return false;
            js_string(s, key, sizeof(key));
            js_space(s);
            if (s->p >= s->end || *s->p != ':')
                return false;
            js_next(s);
            js_space(s);
            if (strcmp(key, chain[i + 1]) == 0) {
                found = true;
                break;
            }
            js_skip(s);
            js_space(s);
            if (s->p >= s->end || *s->p != ',')
                return false;
            js_next(s);
        }
    }
    return s->p < s->end;
}

char *
kc_rest_jackson_where(const char *body, size_t len, const char *const *chain)
{
    jscan  s = { body, body + len, 1, 1 };
    char  *out, *next;

    if (body == NULL || !js_find(&s, chain))
        return kc_xstrdup("");
    out = kc_xasprintf("\n at [Source: REDACTED (`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` "
                       "disabled); line: %d, column: %d]", s.line, s.col);
    for (size_t i = 0; chain[i] != NULL; i += 2) {
        next = kc_xasprintf("%s%s%s[\"%s\"]%s", out, i == 0 ? " (through reference chain: "
                            : "->", chain[i], chain[i + 1], chain[i + 2] == NULL ? ")" : "");
        free(out);
        out = next;
    }
    return out;
}

bool
kc_rest_coerce_config(json_t *config, kc_rest_response *resp, const char *body, size_t len,
                      const char *const *outer)
{
    const char *key;
    json_t     *v;

    json_object_foreach(config, key, v) {
        char *text = NULL;
        if (json_is_object(v) || json_is_array(v)) {
            const char *chain[8] = { NULL };
            size_t      n = 0;
            char       *where;
            for (; outer != NULL && outer[n] != NULL && n < 4; n++)
                chain[n] = outer[n];
            chain[n] = "java.util.LinkedHashMap";
            chain[n + 1] = key;
            where = kc_rest_jackson_where(body, len, chain);
            kc_rest_error(resp, 400, "Cannot deserialize value of type `java.lang.String` from "
                          "%s%s", kc_rest_jackson_shape(v), where);
            free(where);
            return false;
        }
        if (json_is_integer(v))
            text = kc_xasprintf("%" JSON_INTEGER_FORMAT, json_integer_value(v));
        else if (json_is_boolean(v))
            text = kc_xstrdup(json_is_true(v) ? "true" : "false");
        else if (json_is_real(v))
            text = json_dumps(v, JSON_ENCODE_ANY);
        if (text != NULL) {
            json_object_set_new(config, key, json_string(text));
            free(text);
        }
    }
    return true;
}

/* Java's String.hashCode, spread as HashMap spreads it (ASCII keys: one UTF-16 unit per
 * byte). */
static uint32_t
java_hash(const char *s)
{
    uint32_t h = 0;

    for (const unsigned char *p = (const unsigned char *) s; *p; p++)
        h = 31 * h + *p;
    return h ^ (h >> 16);
}

typedef struct map_item {
    const char *key;
    json_t     *value;
    size_t      seq;
    uint32_t    bucket;
} map_item;

static int
cmp_bucket(const void *a, const void *b)
{
    const map_item *x = a, *y = b;

    if (x->bucket != y->bucket)
        return x->bucket < y->bucket ? -1 : 1;
    return x->seq < y->seq ? -1 : x->seq > y->seq;
}

char *
kc_rest_java_map_text(const json_t *config)
{
    size_t      n = json_object_size(config), i = 0, cap = 1;
    map_item   *items = kc_xcalloc(n + 1, sizeof(*items));
    char       *text = kc_xstrdup("{"), *next;
    const char *key;
    json_t     *v;

    /* Java copies the config into a HashMap, which iterates bucket by bucket and a bucket in
     * insertion order; a copy's table is the power of two >= (int) (n / 0.75 + 1). */
    while (cap < (size_t) ((double) n / 0.75 + 1.0))
        cap *= 2;
    json_object_foreach((json_t *) config, key, v) {
        items[i] = (map_item) { key, v, i, java_hash(key) & (uint32_t) (cap - 1) };
        i++;
    }
    qsort(items, n, sizeof(*items), cmp_bucket);
    for (i = 0; i < n; i++) {
        next = kc_xasprintf("%s%s%s=%s", text, i ? ", " : "", items[i].key,
                            json_is_string(items[i].value) ? json_string_value(items[i].value)
                                                           : "null");
        free(text);
        text = next;
    }
    free(items);
    next = kc_xasprintf("%s}", text);
    free(text);
    return next;
}

/* Java's alias rule for the request path: "FooConnector" and "Foo" name the same plugin. */
static char *
normalized(const char *name)
{
    size_t n = strlen(name), suffix = strlen("Connector");

    if (n > suffix && strcmp(name + n - suffix, "Connector") == 0)
        n -= suffix;
    return kc_xstrndup(name, n);
}

static bool
ends_with(const char *s, const char *tail)
{
    size_t a = strlen(s), b = strlen(tail);

    return a >= b && strcmp(s + a - b, tail) == 0;
}

void
kc_rest_plugin_validate(const kc_rest_ctx *ctx, const kc_rest_request *req,
                        kc_rest_response *resp)
{
    const char             *plugin = req->segments[1];
    json_error_t            jerr;
    json_t                 *config = NULL;
    const char             *cls;
    const kc_connector_ops *ops;

    /* A client's mistakes answer 400 saying what is wrong, where Java answers 500 (README,
     * compatibility). */
    if (req->body_len == 0 || strspn(req->body, " \t\r\n") == req->body_len)
        config = json_null();
    else if ((config = json_loadb(req->body, req->body_len, JSON_DECODE_ANY, &jerr)) == NULL) {
        kc_rest_error(resp, 400, "Unexpected character or end of input at line %d, column %d: "
                      "%s", jerr.line, jerr.column, jerr.text);
        return;
    }
    if (json_is_null(config)) {
        kc_rest_error(resp, 400, "The request has no body: PUT /connector-plugins/%s/config/"
                      "validate takes a connector config, {\"connector.class\": \"...\", ...}",
                      plugin);
        goto out;
    }
    if (!json_is_object(config)) {
        char *where = kc_rest_jackson_where(req->body, req->body_len, (const char *[]) { NULL });
        kc_rest_error(resp, 400, "Cannot deserialize value of type `java.util.LinkedHashMap"
                      "<java.lang.String,java.lang.String>` from %s%s",
                      kc_rest_jackson_shape(config), where);
        free(where);
        goto out;
    }
    if (!kc_rest_coerce_config(config, resp, req->body, req->body_len, NULL))
        goto out;
    cls = json_string_value(json_object_get(config, "connector.class"));
    if (cls != NULL) {
        char *a = normalized(cls), *b = normalized(plugin);
        bool  match = ends_with(a, b);
        free(a);
        free(b);
        if (!match) {
            kc_rest_error(resp, 400, "Included connector type %s does not match request type %s",
                          cls, plugin);
            goto out;
        }
    } else {
        char *text = kc_rest_java_map_text(config);
        char *msg = kc_xasprintf("Connector config %s contains no connector type", text);
        kc_rest_error_text(resp, 400, msg);
        free(msg);
        free(text);
        goto out;
    }
    if ((ops = kc_plugins_find(cls)) == NULL) {
        char *msg = kc_rest_unknown_class_message(cls, "");
        kc_rest_error_text(resp, 400, msg);
        free(msg);
        goto out;
    }
    resp->status = 200;
    resp->body = kc_rest_validate(ctx, config, ops);
out:
    json_decref(config);
}

void
kc_rest_error_text(kc_rest_response *resp, int status, const char *text)
{
    json_decref(resp->body);
    resp->status = status;
    resp->body = json_pack("{s:i,s:s}", "error_code", status, "message", text);
}

char *
kc_rest_unknown_class_message(const char *cls, const char *prefix)
{
    size_t                         n;
    const kc_connector_ops *const *all = kc_plugins_all(&n);
    const kc_connector_ops        *sorted[n + 1];
    char                          *msg, *next;

    /* Java lists them sorted by class name. */
    memcpy(sorted, all, n * sizeof(*sorted));
    for (size_t i = 1; i < n; i++)
        for (size_t j = i; j > 0 && strcmp(sorted[j - 1]->class_name, sorted[j]->class_name) > 0;
             j--) {
            const kc_connector_ops *t = sorted[j];
            sorted[j] = sorted[j - 1];
            sorted[j - 1] = t;
        }
    msg = kc_xasprintf("%sFailed to find any class that implements Connector and which name "
                       "matches %s, available connectors are: ", prefix, cls);
    for (size_t i = 0; i < n; i++) {
        const char *type = sorted[i]->type == KC_CONNECTOR_SINK ? "sink" : "source";
        const char *ver = sorted[i]->version ? sorted[i]->version : "undefined";
        next = kc_xasprintf("%s%sPluginDesc{klass=class %s, name='%s', version='%s', "
                            "encodedVersion=%s, type=%s, typeName='%s', location='classpath'}",
                            msg, i ? ", " : "", sorted[i]->class_name, sorted[i]->class_name,
                            ver, ver, type, type);
        free(msg);
        msg = next;
    }
    return msg;
}
