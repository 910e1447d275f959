/*
 * worker/refused.c - see refused.h.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "worker/refused.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lib/configdef.h"

/* A setting and the values of it that need nothing kconnect lacks: NULL-terminated; ""
 * stands for an empty value, and an absent key is always fine. */
typedef struct refusal {
    const char        *key;
    const char *const *accepted;
    const char        *why;
} refusal;

#define ONLY(...) ((const char *const[]) { __VA_ARGS__, NULL })

static const refusal worker_refusals[] = {
    { "connector.client.config.override.policy",
      ONLY("All", "AllConnectorClientConfigOverridePolicy",
           "org.apache.kafka.connect.connector.policy.AllConnectorClientConfigOverridePolicy"),
      "only the All policy is implemented: connectors' client overrides are always applied" },
    { "header.converter",
      ONLY("org.apache.kafka.connect.storage.SimpleHeaderConverter", "SimpleHeaderConverter",
           "org.apache.kafka.connect.converters.ByteArrayConverter", "ByteArrayConverter"),
      "header values are carried as bytes; no other header converter is implemented" },
};

/* Java client settings librdkafka has no equivalent for and kconnect does not emulate,
 * under whatever prefix they come. */
static const refusal client_refusals[] = {
    { "interceptor.classes", ONLY(""), "client interceptors are Java classes" },
    { "partitioner.class", ONLY(""), "custom partitioners are Java classes" },
    { "partitioner.ignore.keys", ONLY("false"), "keyed records are partitioned by key" },
    { "security.providers", ONLY(""), "security providers are Java classes" },
    { "ssl.engine.factory.class", ONLY(""), "SSL engine factories are Java classes" },
    { "sasl.client.callback.handler.class", ONLY(""), "SASL callback handlers are Java classes" },
    { "sasl.login.callback.handler.class", ONLY(""), "SASL callback handlers are Java classes" },
    { "sasl.login.class", ONLY(""), "SASL login classes are Java classes" },
    { "ssl.protocol", ONLY("TLSv1.3"), "the TLS version is the TLS library's choice" },
    { "ssl.enabled.protocols", ONLY("TLSv1.2,TLSv1.3", "TLSv1.2, TLSv1.3"),
      "the TLS versions are the TLS library's choice" },
    { "ssl.cipher.suites", ONLY(""), "the cipher suites are the TLS library's choice" },
    { "ssl.provider", ONLY(""), "security providers are Java classes" },
    { "ssl.keymanager.algorithm", ONLY("SunX509"), "key managers are Java's" },
    { "ssl.trustmanager.algorithm", ONLY("PKIX"), "trust managers are Java's" },
    { "socket.connection.setup.timeout.max.ms", ONLY("30000"),
      "the connection set-up timeout does not grow" },
    { "max.block.ms", ONLY("60000"), "sends never block on a full buffer or metadata" },
    { "metric.reporters", ONLY("", "org.apache.kafka.common.metrics.JmxReporter"),
      "metric reporters are Java classes (metrics are served at GET /admin/metrics)" },
};

/* Connector configs: Connect's own keys (converters and their settings are checked apart),
 * and MirrorMaker's. */
static const refusal connector_refusals[] = {
    { "metric.names.formats", ONLY("legacy"),
      "MirrorMaker's metrics are served under their legacy names only" },
    { "header.converter",
      ONLY("org.apache.kafka.connect.storage.SimpleHeaderConverter", "SimpleHeaderConverter",
           "org.apache.kafka.connect.converters.ByteArrayConverter", "ByteArrayConverter"),
      "header values are carried as bytes; no other header converter is implemented" },
};

#define BASIC_AUTH_EXTENSION \
    "org.apache.kafka.connect.rest.basic.auth.extension.BasicAuthSecurityRestExtension"

bool
kc_refused_rest_extension(const char *class_name)
{
    return strcmp(class_name, BASIC_AUTH_EXTENSION) != 0 &&
           strcmp(class_name, "BasicAuthSecurityRestExtension") != 0;
}

/* Whether value is one of r's accepted values, or a list each item of which is one (a
 * list of JmxReporter alone is fine). */
static bool
accepted(const refusal *r, const char *value)
{
    char *v = kc_java_trim(value);
    bool  ok = false;

    for (const char *const *a = r->accepted; *a && !ok; a++)
        ok = strcasecmp(v, *a) == 0;
    if (!ok && strchr(v, ',') != NULL) {
        size_t n;
        char **items = kc_cfg_split_list(v, &n);
        ok = n > 0;
        for (size_t i = 0; i < n && ok; i++) {
            bool one = false;
            for (const char *const *a = r->accepted; *a && !one; a++)
                one = **a && strcasecmp(items[i], *a) == 0;
            ok = one;
        }
        kc_strv_free(items);
    }
    free(v);
    return ok;
}

static const refusal *
client_refusal(const char *java_key)
{
    for (size_t i = 0; i < KC_ARRAY_LEN(client_refusals); i++)
        if (strcmp(client_refusals[i].key, java_key) == 0)
            return &client_refusals[i];
    return NULL;
}

bool
kc_refused_client_key(const char *java_key)
{
    return client_refusal(java_key) != NULL;
}

bool
kc_refused_client(const char *java_key, const char *value, char *why, size_t size)
{
    const refusal *r = client_refusal(java_key);

    if (r == NULL || value == NULL || accepted(r, value))
        return false;
    snprintf(why, size, "%s", r->why);
    return true;
}

/* Each refused setting of a key/value source: get(arg, key) returns a value or NULL; keys
 * are listed by each(arg, i) until NULL. */
typedef struct source {
    const char *(*get)(const void *src, const char *key);
    const char *(*key_at)(const void *src, size_t i);
    const void *src;
} source;

typedef void (*found_fn)(void *arg, const char *key, const char *value, const char *why);

/* converter.plugin.version keys: only the version of the converters kconnect has (Kafka's,
 * as Java's built-in ones report it) or none. */
static void
check_plugin_versions(const source *s, const char *own_key, const char *own_version,
                      found_fn found, void *arg)
{
    static const char *const keys[] = { "key.converter.plugin.version",
                                        "value.converter.plugin.version",
                                        "header.converter.plugin.version" };
    const char *v;

    for (size_t i = 0; i < KC_ARRAY_LEN(keys); i++) {
        refusal r = { keys[i], ONLY("", KC_KAFKA_VERSION),
                      "plugin versions are not implemented: each converter has one version, "
                      KC_KAFKA_VERSION };
        if ((v = s->get(s->src, keys[i])) != NULL && !accepted(&r, v))
            found(arg, keys[i], v, r.why);
    }
    if (own_key != NULL && (v = s->get(s->src, own_key)) != NULL) {
        refusal r = { own_key, ONLY("", own_version ? own_version : ""),
                      "plugin versions are not implemented: the connector has one version" };
        if (!accepted(&r, v))
            found(arg, own_key, v, r.why);
    }
}

/* Client settings: every key that is a refused client key after one of the prefixes
 * (worker: "", producer., consumer., admin.) or, for connectors, after any dot (their
 * clients' keys come under many prefixes: producer.override., source.cluster.,
 * src.kafka., ...). */
static void
check_clients(const source *s, bool any_prefix, found_fn found, void *arg)
{
    static const char *const prefixes[] = { "", "producer.", "consumer.", "admin.", NULL };
    const char              *key;
    char                     why[256];

    for (size_t i = 0; (key = s->key_at(s->src, i)) != NULL; i++) {
        const char *tail = key;
        bool        refused = false;

        if (any_prefix) {
            for (const char *p = key; p != NULL && !refused; p = strchr(p, '.')) {
                tail = *p == '.' ? p + 1 : p;
                refused = kc_refused_client(tail, s->get(s->src, key), why, sizeof(why));
                if (*p == '.')
                    p++;
            }
        } else {
            for (const char *const *p = prefixes; *p && !refused; p++)
                if (strncmp(key, *p, strlen(*p)) == 0)
                    refused = kc_refused_client(key + strlen(*p), s->get(s->src, key), why,
                                                    sizeof(why));
        }
        if (refused)
            found(arg, key, s->get(s->src, key), why);
    }
}

/* ===== Worker files ===== */

static const char *
props_get(const void *src, const char *key)
{
    return kc_props_get(src, key);
}

static const char *
props_key_at(const void *src, size_t i)
{
    const kc_props *p = src;

    return i < p->n ? p->items[i].key : NULL;
}

typedef struct first_refusal {
    const kc_props *props;
    kc_err         *err;
    bool            found;
} first_refusal;

static void
worker_found(void *arg, const char *key, const char *value, const char *why)
{
    first_refusal *f = arg;
    char           where[512];

    if (f->found)
        return;
    f->found = true;
    kc_err_set(f->err, KC_EINVAL, "%s: %s=%s is refused: %s (kconnect does not act on it)",
               kc_props_where(f->props, key, where, sizeof(where)), key, value, why);
}

int
kc_refused_worker(const kc_props *props, bool distributed, kc_err *err)
{
    first_refusal f = { props, err, false };
    source        s = { props_get, props_key_at, props };
    const char   *v;

    if (distributed && (v = kc_props_get(props, "rest.extension.classes")) != NULL) {
        size_t n;
        char **items = kc_cfg_split_list(v, &n);
        for (size_t i = 0; i < n; i++)
            if (kc_refused_rest_extension(items[i])) {
                char *why = kc_xasprintf("REST extension %s is not implemented (kconnect runs "
                                         "%s only), and the REST API would lack what it adds",
                                         items[i], BASIC_AUTH_EXTENSION);
                worker_found(&f, "rest.extension.classes", v, why);
                free(why);
                break;
            }
        kc_strv_free(items);
    }
    for (size_t i = 0; i < KC_ARRAY_LEN(worker_refusals); i++)
        if ((v = kc_props_get(props, worker_refusals[i].key)) != NULL &&
            !accepted(&worker_refusals[i], v))
            worker_found(&f, worker_refusals[i].key, v, worker_refusals[i].why);
    check_plugin_versions(&s, NULL, NULL, worker_found, &f);
    check_clients(&s, false, worker_found, &f);
    return f.found ? KC_EINVAL : KC_OK;
}

/* ===== Connector configs ===== */

static const char *
json_get(const void *src, const char *key)
{
    return json_string_value(json_object_get(src, key));
}

/* Keys of a JSON object by index: jansson iterates in insertion order. */
static const char *
json_key_at(const void *src, size_t i)
{
    void *it = json_object_iter((json_t *) src);

    while (it != NULL && i-- > 0)
        it = json_object_iter_next((json_t *) src, it);
    return it ? json_object_iter_key(it) : NULL;
}

typedef struct each_refusal {
    kc_refused_fn fn;
    void         *arg;
} each_refusal;

static void
connector_found(void *arg, const char *key, const char *value, const char *why)
{
    each_refusal *e = arg;
    char         *msg = kc_xasprintf("%s=%s is refused: %s (kconnect does not act on it)", key,
                                     value, why);

    e->fn(e->arg, key, value, msg);
    free(msg);
}

void
kc_refused_connector(const json_t *config, const char *plugin_version, kc_refused_fn fn,
                     void *arg)
{
    each_refusal e = { fn, arg };
    source       s = { json_get, json_key_at, config };
    const char  *v;

    for (size_t i = 0; i < KC_ARRAY_LEN(connector_refusals); i++)
        if ((v = json_get(config, connector_refusals[i].key)) != NULL &&
            !accepted(&connector_refusals[i], v))
            connector_found(&e, connector_refusals[i].key, v, connector_refusals[i].why);
    check_plugin_versions(&s, "connector.plugin.version", plugin_version, connector_found, &e);
    check_clients(&s, true, connector_found, &e);
}

typedef struct first_message {
    char  *buf;
    size_t size;
    bool   found;
} first_message;

static void
first_found(void *arg, const char *key, const char *value, const char *message)
{
    first_message *f = arg;

    (void) key;
    (void) value;
    if (!f->found)
        snprintf(f->buf, f->size, "%s", message);
    f->found = true;
}

bool
kc_refused_connector_first(const json_t *config, const char *plugin_version, char *buf,
                           size_t size)
{
    first_message f = { buf, size, false };

    kc_refused_connector(config, plugin_version, first_found, &f);
    return f.found;
}
