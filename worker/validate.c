/*
 * worker/validate.c - connector config validation as Java's AbstractHerder.validateConnectorConfig
 * answers it (spec §8.1, §8.2): a ConfigInfos with Connect's own keys (from
 * worker/connector_defs.inc) first, then the connector's own (kc_connector_ops config_def),
 * each with its value and errors; the connector's validate() adds its errors.
 *
 * Any thread: reads only the plugin registry and the worker config.
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

#include "worker/validate.h"
#include "lib/java_regex.h"
#include "lib/json_java.h"
#include "worker/converter.h"
#include "worker/plugins.h"
#include "worker/refused.h"
#include "worker/transform.h"

#include "worker/connector_defs.inc"

/* ===== Definitions ===== */

/* Connect's keys for a connector of ops' type, with the connector's version as the default
 * of connector.plugin.version; enriched (as validation shows them): the worker's converters
 * and the framework version as the other defaults too. New reference. */
static json_t *
base_defs(const kc_cfg *worker, const kc_connector_ops *ops, bool enriched)
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
            dflt = KC_FRAMEWORK_VERSION;
        else if (worker != NULL && (strcmp(name, "key.converter") == 0 ||
                                             strcmp(name, "value.converter") == 0 ||
                                             strcmp(name, "header.converter") == 0))
            dflt = kc_cfg_str(worker, name);
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
        /* Java shows the class's name, or its answer for a class that is not installed. */
        const kc_transform_ops *t = kc_plugins_transform(trimmed, name[0] == 't'
                                                         ? KC_TRANSFORMATION : KC_PREDICATE);
        if (t != NULL) {
            json_object_set_new(value, "value", json_string(t->class_name));
        } else {
            add_error(value, "Invalid value %s for configuration %s: Class %s could not be "
                      "found.", trimmed, name, trimmed);
            json_object_set_new(value, "value", json_null());
        }
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
        else if (strcmp(name, "offsets.storage.topic") == 0 && *trimmed == '\0')
            add_error(value, "Invalid value %s for configuration %s: String must be non-empty",
                      trimmed, name, "");          /* Java's ConfigDef.NonEmptyString */
    }
    if (strcmp(type, "CLASS") == 0 && strstr(name, "converter") != NULL) {
        json_t     *rec = json_object_get(value, "recommended_values");
        const char *cls = kc_converter_find(trimmed);
        /* A converter named by an alias is shown by its class's name, as Java's Class. */
        if (cls != NULL && json_is_string(json_object_get(value, "value")))
            json_object_set_new(value, "value", json_string(cls));
        for (size_t i = 0; kc_converter_classes[i]; i++)
            json_array_append_new(rec, json_string(kc_converter_classes[i]));
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
sink_checks(const kc_cfg *worker, const json_t *config, json_t *configs)
{
    const char *topics = json_string_value(json_object_get(config, "topics"));
    const char *regex = json_string_value(json_object_get(config, "topics.regex"));
    const char *worker_group = worker ? kc_cfg_str(worker, "group.id") : NULL;
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

/* Java's transaction boundary check, made whether or not exactly-once is on: with
 * transaction.boundary=connector, the connector's answer (its
 * can_define_transaction_boundaries, ABI 10; absent, Java's default UNSUPPORTED). */
static void
boundary_checks(const json_t *config, const kc_connector_ops *ops, json_t *configs)
{
    const char *b = json_string_value(json_object_get(config, "transaction.boundary"));
    json_t     *v = value_named(configs, "transaction.boundary");
    char       *trimmed;

    if (b == NULL || v == NULL || json_array_size(json_object_get(v, "errors")) > 0)
        return;
    trimmed = kc_java_trim(b);
    if (strcasecmp(trimmed, "connector") == 0) {
        kc_transaction_boundaries answer =
            KC_CONNECTOR_HAS10(ops, can_define_transaction_boundaries)
            ? ops->can_define_transaction_boundaries(config) : KC_TXN_BOUNDARIES_UNSUPPORTED;
        json_t *errors = json_object_get(v, "errors");
        if (answer == KC_TXN_BOUNDARIES_UNSUPPORTED)
            json_array_append_new(errors, json_string(
                "The connector does not support connector-defined transaction boundaries with "
                "the given configuration. Please reconfigure it to use a different transaction "
                "boundary definition."));
        else if (answer != KC_TXN_BOUNDARIES_SUPPORTED)
            json_array_append_new(errors, json_string(
                "This connector has returned a null value from its "
                "canDefineTransactionBoundaries method, which is not permitted. The connector "
                "will be treated as if it cannot define its own transaction boundaries, and "
                "cannot be configured with 'transaction.boundary' set to 'connector'."));
    }
    free(trimmed);
}

/* The distributed herder's exactly-once checks, on a key the connector's own validate()
 * found nothing wrong with (as a Java worker answers): `required` needs the worker's
 * support and the connector's answer (its exactly_once_support, ABI 9). */
static void
source_checks(const kc_cfg *worker, const json_t *config, const kc_connector_ops *ops,
              json_t *configs)
{
    const char *eos = json_string_value(json_object_get(config, "exactly.once.support"));
    const char *support = worker ? kc_cfg_str(worker, "exactly.once.source.support") : NULL;
    json_t     *v = value_named(configs, "exactly.once.support");
    char       *trimmed;

    boundary_checks(config, ops, configs);
    if (eos == NULL || v == NULL || json_array_size(json_object_get(v, "errors")) > 0)
        return;
    trimmed = kc_java_trim(eos);
    if (strcasecmp(trimmed, "required") == 0) {
        kc_exactly_once_support answer = KC_CONNECTOR_HAS9(ops, exactly_once_support)
                                         ? ops->exactly_once_support(config) : KC_EOS_UNKNOWN;
        json_t *errors = json_object_get(v, "errors");
        if (support == NULL || strcasecmp(support, "enabled") != 0)
            json_array_append_new(errors, json_string(
                "This worker does not have exactly-once source support enabled."));
        if (answer == KC_EOS_UNKNOWN)
            json_array_append_new(errors, json_string(
                "The connector does not implement the API required for preflight validation "
                "of exactly-once source support. Please consult the documentation for the "
                "connector to determine whether it supports exactly-once semantics, and then "
                "consider reconfiguring the connector to use the value \"requested\" for "
                "this property (which will disable this preflight check and allow the "
                "connector to be created)."));
        else if (answer == KC_EOS_UNSUPPORTED)
            json_array_append_new(errors, json_string(
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

/* One ConfigKeyInfo of an alias's group. */
static json_t *
alias_def(const char *name, const char *type, bool required, const char *dflt,
          const char *importance, const char *doc, const char *group, int order,
          const char *width, const char *shown)
{
    return json_pack("{s:s,s:s,s:b,s:s?,s:s,s:s,s:s,s:i,s:s,s:s,s:[]}", "name", name, "type", type,
                     "required", required, "default_value", dflt, "importance", importance,
                     "documentation", doc, "group", group, "order_in_group", order, "width",
                     width, "display_name", shown, "dependents");
}

static int
importance_rank(const json_t *d)
{
    const char *i = json_string_value(json_object_get(d, "importance"));

    return i == NULL ? 3 : strcmp(i, "HIGH") == 0 ? 0 : strcmp(i, "MEDIUM") == 0 ? 1 : 2;
}

static int
cmp_key(const void *a, const void *b)
{
    const json_t *x = *(json_t *const *) a, *y = *(json_t *const *) b;
    int           rx = json_is_true(json_object_get(x, "required")) ? 0 : 1;
    int           ry = json_is_true(json_object_get(y, "required")) ? 0 : 1;

    if (rx != ry)
        return rx - ry;
    if (importance_rank(x) != importance_rank(y))
        return importance_rank(x) - importance_rank(y);
    return strcmp(json_string_value(json_object_get(x, "name")),
                  json_string_value(json_object_get(y, "name")));
}

/* Sorts an array of ConfigKeyInfo in place, as ConfigDef.sortedConfigs() orders keys
 * without groups. */
static void
qsort_keys(json_t *keys)
{
    size_t   n = json_array_size(keys);
    json_t **v = kc_xcalloc(n + 1, sizeof(*v));

    for (size_t i = 0; i < n; i++)
        v[i] = json_incref(json_array_get(keys, i));
    qsort(v, n, sizeof(*v), cmp_key);
    json_array_clear(keys);
    for (size_t i = 0; i < n; i++)
        json_array_append_new(keys, v[i]);
    free(v);
}

/* The class an alias's .type names, of the kind its list holds; NULL if none. */
static const kc_transform_ops *
alias_class(const json_t *config, const char *key, const char *alias)
{
    char       *type = kc_xasprintf("%s.%s.type", key, alias);
    const char *cls = json_string_value(json_object_get(config, type));

    free(type);
    return cls == NULL ? NULL : kc_plugins_transform(cls, strcmp(key, "transforms") == 0
                                                     ? KC_TRANSFORMATION : KC_PREDICATE);
}

/* Java's enrichment (ConnectorConfig.enrich): each alias in `transforms` / `predicates` gets
 * its .type (required) and .plugin.version keys in a group of its own; a class that is
 * installed adds its keys after them, a transformation's .predicate and .negate first. */
static void
add_alias_defs(json_t *defs, const json_t *config, const char *key, const char *what,
               const char *title)
{
    const char *list = json_string_value(json_object_get(config, key));
    bool        transform = strcmp(key, "transforms") == 0;
    size_t      n;
    char      **aliases;

    if (list == NULL)
        return;
    aliases = kc_cfg_split_list(list, &n);

    for (size_t i = 0; i < n; i++) {
        const kc_transform_ops *cls = alias_class(config, key, aliases[i]);
        bool  seen = false;
        int   order = 0;
        char *group = kc_xasprintf("%s: %s", title, aliases[i]);
        char *type = kc_xasprintf("%s.%s.type", key, aliases[i]);
        char *version = kc_xasprintf("%s.%s.plugin.version", key, aliases[i]);
        char *doc_type = kc_xasprintf("Class for the '%s' %s.", aliases[i], what);
        char *doc_version = kc_xasprintf("Version of the '%s' %s.", aliases[i], what);
        char *shown_type = kc_xasprintf("%s type for %s", transform ? "Transformation"
                                        : "Predicate", aliases[i]);
        char *shown_version = kc_xasprintf("%s version for %s", transform ? "Transformation"
                                           : "Predicate", aliases[i]);

        /* A repeated alias is enriched once (Java's LinkedHashSet). */
        for (size_t j = 0; j < i; j++)
            seen = seen || strcmp(aliases[j], aliases[i]) == 0;
        if (!seen) {
            json_array_append_new(defs, alias_def(type, "CLASS", true, NULL, "HIGH", doc_type,
                                                  group, order++, "LONG", shown_type));
            json_array_append_new(defs, alias_def(version, "STRING", false,
                                                  cls ? cls->version : NULL, "HIGH",
                                                  doc_version, group, order++, "LONG",
                                                  shown_version));
        }
        if (!seen && cls != NULL) {
            json_t *own = cls->config_def != NULL ? cls->config_def() : NULL, *d;
            json_t *keys = json_array();
            size_t  j;
            if (transform) {
                json_array_append_new(keys, alias_def("predicate", "STRING", false, NULL,
                    "MEDIUM", "The alias of a predicate used to determine whether to apply "
                    "this transformation.", group, 0, "NONE", "predicate"));
                json_array_append_new(keys, alias_def("negate", "BOOLEAN", false, "false",
                    "MEDIUM", "Whether the configured predicate should be negated.", group, 0,
                    "NONE", "negate"));
            }
            json_array_foreach(own, j, d) {
                const char *own_name = json_string_value(json_object_get(d, "name"));
                /* The implicit .predicate and .negate mask the class's own of that name. */
                if (own_name == NULL || (transform && (strcmp(own_name, "predicate") == 0 ||
                                                       strcmp(own_name, "negate") == 0)))
                    continue;
                json_array_append_new(keys, json_deep_copy(d));
            }
            /* ConfigDef.embed takes them in sortedConfigs() order: required first, then by
             * importance, then by name. */
            qsort_keys(keys);
            json_array_foreach(keys, j, d) {
                char *full = kc_xasprintf("%s.%s.%s", key, aliases[i],
                                          json_string_value(json_object_get(d, "name")));
                json_object_set_new(d, "name", json_string(full));
                json_object_set_new(d, "group", json_string(group));
                json_object_set_new(d, "order_in_group", json_integer(order++));
                json_array_append(defs, d);
                free(full);
            }
            json_decref(keys);
            json_decref(own);
        }
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

/* The checks of the installed classes' validators (run by configure()) and of a .negate
 * without a .predicate, for aliases whose keys have no error yet: the error goes on the key
 * the message names ("... for configuration regex: ..."), else on the .type key. */
static void
alias_checks(const json_t *config, const char *key, json_t *configs)
{
    const char *list = json_string_value(json_object_get(config, key));
    bool        transform = strcmp(key, "transforms") == 0;
    size_t      n;
    char      **aliases;

    if (list == NULL)
        return;
    aliases = kc_cfg_split_list(list, &n);
    for (size_t i = 0; i < n; i++) {
        const kc_transform_ops *cls = alias_class(config, key, aliases[i]);
        char   *prefix = kc_xasprintf("%s.%s.", key, aliases[i]);
        char   *type = kc_xasprintf("%stype", prefix);
        char   *pk = kc_xasprintf("%spredicate", prefix), *nk = kc_xasprintf("%snegate", prefix);
        size_t  plen = strlen(prefix), j;
        bool    clean = true;
        json_t *e, *sub = NULL;
        char    msg[1024] = "";
        void   *priv = NULL;

        json_array_foreach(configs, j, e) {
            const char *name = json_string_value(json_object_get(json_object_get(e, "value"),
                                                                 "name"));
            if (strncmp(name, prefix, plen) == 0 &&
                json_array_size(json_object_get(json_object_get(e, "value"), "errors")) > 0)
                clean = false;
        }
        if (cls != NULL && clean) {
            const char *pred = json_string_value(json_object_get(config, pk));
            if (transform && json_object_get(config, nk) != NULL && pred == NULL) {
                snprintf(msg, sizeof(msg), "Config '%s' was provided but there is no config "
                         "'%s' defining a predicate to be negated.", nk, pk);
            } else if (transform && pred != NULL && !kc_predicate_listed(config, pred)) {
                snprintf(msg, sizeof(msg), "Invalid value %s for configuration %s: %s is not "
                         "one of the aliases in 'predicates'", pred, pk, pred);
            } else {
                sub = kc_cfg_with_prefix(config, prefix);
                if (transform) {
                    json_object_del(sub, "predicate");
                    json_object_del(sub, "negate");
                }
                if (cls->configure(cls, sub, &priv, msg, sizeof(msg)) == KC_PLUGIN_OK) {
                    msg[0] = '\0';
                    if (priv != NULL)
                        cls->close(priv);
                } else if (msg[0] == '\0') {
                    snprintf(msg, sizeof(msg), "Invalid configuration of %s", cls->class_name);
                }
            }
        }
        if (msg[0] != '\0') {
            const char *at = strstr(msg, " for configuration ");
            char       *target = NULL;
            if (at != NULL) {
                const char *b = at + strlen(" for configuration ");
                const char *c = strchr(b, ':');
                if (c != NULL)
                    target = strncmp(b, prefix, plen) == 0
                             ? kc_xstrndup(b, (size_t) (c - b))
                             : kc_xasprintf("%s%.*s", prefix, (int) (c - b), b);
            }
            if (target == NULL || value_named(configs, target) == NULL) {
                free(target);
                target = kc_xstrdup(type);
            }
            key_error(configs, target, msg);
            free(target);
        }
        json_decref(sub);
        free(prefix);
        free(type);
        free(pk);
        free(nk);
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

/* Java's validateConverterConfig, for a converter the connector config names (and that
 * validated clean): its ConfigDef validated against the settings under its prefix, with
 * converter.type set for it, shown with the prefix, in the order ConfigDef.validate gives
 * (a HashMap of the key names). Appended to configs, their groups to groups. */
static void
add_converter_infos(const json_t *config, const char *which, const char *type, json_t *configs,
                    json_t *groups)
{
    const char *given = json_string_value(json_object_get(config, which));
    json_t     *v = value_named(configs, which), *defs, *ordered, *settings, *d;
    char       *cls, *prefix;
    const char *key, *found;
    size_t      i;

    if (given == NULL || v == NULL || json_array_size(json_object_get(v, "errors")) > 0)
        return;
    cls = kc_java_trim(given);
    found = kc_converter_resolve(cls);
    free(cls);
    if (found == NULL)             /* SimpleHeaderConverter: a ConfigDef without keys */
        return;
    prefix = kc_xasprintf("%s.", which);
    settings = kc_cfg_with_prefix(config, prefix);
    if (json_object_get(settings, "converter.type") == NULL)
        json_object_set_new(settings, "converter.type", json_string(type));
    defs = kc_converter_config_keys(found);
    ordered = json_object();
    json_array_foreach(defs, i, d)
        json_object_set(ordered, json_string_value(json_object_get(d, "name")), d);
    ordered = kc_java_hashmap_order(ordered, 0);
    json_object_foreach(ordered, key, d) {
        json_t     *value = value_of(d, settings), *shown = json_deep_copy(d);
        const char *g = json_string_value(json_object_get(d, "group"));
        const char *val = json_string_value(json_object_get(value, "value"));
        char       *full = kc_xasprintf("%s%s", prefix, key);
        bool        seen = false;
        size_t      j;
        json_t     *x;
        if (strcmp(key, "converter.type") == 0 && val != NULL)
            check_in(value, key, val, (const char *const[]) { "key", "value", "header", NULL },
                     "key, value, header", false);
        else if (strcmp(key, "decimal.format") == 0 && val != NULL &&
                 strcasecmp(val, "BASE64") != 0 && strcasecmp(val, "NUMERIC") != 0)
            /* Java lists its validator's HashSet: NUMERIC first. */
            add_error(value, "Invalid value %s for configuration %s: String must be one of "
                      "(case insensitive): NUMERIC, BASE64", val, key, "");
        json_object_set_new(shown, "name", json_string(full));
        json_object_set_new(value, "name", json_string(full));
        json_array_append_new(configs, entry(shown, value));
        json_decref(shown);
        free(full);
        json_array_foreach(groups, j, x)
            seen = seen || (g != NULL && strcmp(json_string_value(x), g) == 0);
        if (g != NULL && !seen)
            json_array_append_new(groups, json_string(g));
    }
    json_decref(ordered);
    json_decref(defs);
    json_decref(settings);
    free(prefix);
}

json_t *
kc_validate_connector(const kc_cfg *worker, const json_t *config, const kc_connector_ops *ops)
{
    json_t     *defs = base_defs(worker, ops, true), *own = plugin_defs(ops);
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
        sink_checks(worker, config, configs);
    else
        source_checks(worker, config, ops, configs);
    alias_checks(config, "transforms", configs);
    alias_checks(config, "predicates", configs);
    kc_refused_connector(config, ops->version, refused_error, configs);
    add_converter_infos(config, "header.converter", "header", configs, groups);
    add_converter_infos(config, "key.converter", "key", configs, groups);
    add_converter_infos(config, "value.converter", "value", configs, groups);
    json_array_foreach(configs, i, d)
        count += json_array_size(json_object_get(json_object_get(d, "value"), "errors"));
    out = json_pack("{s:s,s:i,s:o,s:o}", "name",
                    json_string_value(json_object_get(config, "connector.class")),
                    "error_count", (json_int_t) count, "groups", groups, "configs", configs);
    json_decref(defs);
    return out;
}

char *
kc_validation_message(const json_t *infos)
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

/* ===== The keys of a connector class ===== */

json_t *
kc_connector_config_keys(const kc_cfg *worker, const kc_connector_ops *ops)
{
    json_t *base = base_defs(worker, ops, false), *out = plugin_defs(ops), *d;
    size_t  i;

    /* The plugin's own keys win over Connect's of the same name (Java's order). */
    json_array_foreach(base, i, d)
        if (!defined(out, json_string_value(json_object_get(d, "name"))))
            json_array_append(out, d);
    json_decref(base);
    return out;
}

/* ===== Before a write ===== */

/* Resolved values in infos shown as written: each setting's own "value" (a hidden password
 * stays "[hidden]") and every error message. */
static void
mask_infos(json_t *infos, const json_t *raw, const json_t *resolved)
{
    size_t  i, j;
    json_t *e, *m;

    json_array_foreach(json_object_get(infos, "configs"), i, e) {
        json_t     *value = json_object_get(e, "value");
        const char *name = json_string_value(json_object_get(value, "name"));
        const char *r = name ? json_string_value(json_object_get(raw, name)) : NULL;
        const char *s = name ? json_string_value(json_object_get(resolved, name)) : NULL;
        const char *shown = json_string_value(json_object_get(value, "value"));

        if (r != NULL && s != NULL && strcmp(r, s) != 0 && kc_cp_has_var(r) && shown != NULL &&
            strcmp(shown, "[hidden]") != 0)
            json_object_set_new(value, "value", json_string(r));
        json_array_foreach(json_object_get(value, "errors"), j, m) {
            char *own = kc_config_providers_mask_value(json_string_value(m), r, s);
            char *all = kc_config_providers_mask_json(own, raw, resolved);
            json_array_set_new(json_object_get(value, "errors"), j, json_string(all));
            free(own);
            free(all);
        }
    }
}

json_t *
kc_validate_connector_resolving(const kc_cfg *worker, const kc_config_providers *cp,
                                const json_t *config, const kc_connector_ops *ops, kc_err *err)
{
    json_t *resolved = kc_config_providers_transform_json(cp, config, err), *infos;

    if (resolved == NULL)
        return NULL;
    infos = kc_validate_connector(worker, resolved, ops);
    mask_infos(infos, config, resolved);
    json_decref(resolved);
    return infos;
}

char *
kc_connector_config_problem(const kc_cfg *worker, const kc_config_providers *cp,
                            const json_t *config, const char *unknown_prefix)
{
    const char             *cls;
    const kc_connector_ops *ops;
    json_t                 *infos, *resolved;
    char                   *msg = NULL;
    kc_err                  err;

    if ((resolved = kc_config_providers_transform_json(cp, config, &err)) == NULL)
        return kc_xstrdup(err.msg);
    cls = json_string_value(json_object_get(resolved, "connector.class"));
    if (cls == NULL) {
        char *text = kc_java_map_copy_string(config);
        msg = kc_xasprintf("Connector config %s contains no connector type", text);
        free(text);
    } else if ((ops = kc_plugins_find(cls)) == NULL) {
        msg = kc_plugins_unknown_message(cls, unknown_prefix);
    } else {
        infos = kc_validate_connector(worker, resolved, ops);
        mask_infos(infos, config, resolved);
        if (json_integer_value(json_object_get(infos, "error_count")) > 0)
            msg = kc_validation_message(infos);
        json_decref(infos);
    }
    if (msg != NULL) {
        char *shown = kc_config_providers_mask_json(msg, config, resolved);
        free(msg);
        msg = shown;
    }
    json_decref(resolved);
    return msg;
}
