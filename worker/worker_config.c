/*
 * worker/worker_config.c - the distributed worker's configuration (connect-distributed.properties).
 *
 * The key table mirrors Kafka 4.3's DistributedConfig (WorkerConfig, RestServerConfig, client
 * SSL and SASL keys): same names, types, defaults, validators and definition order, so the
 * first error reported is the one Java would report. See spec/connect-runtime.md §1.
 *
 * Main thread only: loaded once at start-up, read-only afterwards.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "worker/worker_config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lib/header_rules.h"
#include "worker/clientconf.h"
#include "lib/log.h"
#include "worker/refused.h"

/* ===== Custom validators ===== */

static int
check_connect_protocol(const kc_cfg_def *def, const kc_cfg_value *v, const char *raw,
                       kc_err *err)
{
    if (strcasecmp(v->s, "eager") == 0 || strcasecmp(v->s, "compatible") == 0 ||
        strcasecmp(v->s, "sessioned") == 0)
        return KC_OK;
    return kc_err_set(err, KC_EINVAL, "Invalid value %s for configuration %s: Invalid Connect "
                      "protocol compatibility", raw, def->name);
}

static int
check_listeners(const kc_cfg_def *def, const kc_cfg_value *v, const char *raw, kc_err *err)
{
    (void) def;
    (void) raw;
    if (v->nlist == 0)
        return kc_err_set(err, KC_EINVAL, "Invalid value for listeners, at least one URL is "
                          "expected, ex: http://localhost:8080,https://localhost:8443.");
    for (size_t i = 0; i < v->nlist; i++)
        if (v->list[i][0] == '\0')
            return kc_err_set(err, KC_EINVAL, "Empty URL found when parsing listeners list.");
    return KC_OK;
}

/* The MACs kconnect signs and verifies internal requests with (OpenSSL names them too). */
static const char *const mac_algorithms[] = {
    "HmacSHA1", "HmacSHA224", "HmacSHA256", "HmacSHA384", "HmacSHA512", NULL,
};

static int
check_mac(const kc_cfg_def *def, const char *alg, const char *raw, kc_err *err)
{
    for (const char *const *m = mac_algorithms; *m; m++)
        if (strcmp(alg, *m) == 0)
            return KC_OK;
    return kc_err_set(err, KC_EINVAL, "Invalid value %s for configuration %s: the algorithm is "
                      "not supported by kconnect; the supported algorithms are: [HmacSHA1, "
                      "HmacSHA224, HmacSHA256, HmacSHA384, HmacSHA512]", raw, def->name);
}

static int
check_inter_worker_key_generation_algorithm(const kc_cfg_def *def, const kc_cfg_value *v,
                                            const char *raw, kc_err *err)
{
    return check_mac(def, v->s, raw, err);
}

static int
check_inter_worker_signature_algorithm(const kc_cfg_def *def, const kc_cfg_value *v,
                                       const char *raw, kc_err *err)
{
    return check_mac(def, v->s, raw, err);
}

static int
check_inter_worker_verification_algorithms(const kc_cfg_def *def, const kc_cfg_value *v,
                                           const char *raw, kc_err *err)
{
    if (v->nlist == 0)
        return kc_err_set(err, KC_EINVAL, "Invalid value [] for configuration %s: At least one "
                          "signature verification algorithm must be provided", def->name);
    for (size_t i = 0; i < v->nlist; i++)
        if (check_mac(def, v->list[i], raw, err) != KC_OK)
            return KC_EINVAL;
    return KC_OK;
}

/* "[action] [name]:[value]" rules, comma separated (quoted when a rule holds a comma);
 * action set|add|setDate|addDate. The REST server owns the syntax. */
static int
check_response_http_headers_config(const kc_cfg_def *def, const kc_cfg_value *v,
                                   const char *raw, kc_err *err)
{
    (void) def;
    (void) raw;
    return kc_header_rules_check(v->s, err);
}

/* ===== The key table (Kafka 4.3 DistributedConfig, in definition order) ===== */

static const char *const in_client_dns_lookup[] = { "use_all_dns_ips", "resolve_canonical_bootstrap_servers_only", NULL };
static const char *const in_plugin_discovery[] = { "ONLY_SCAN", "SERVICE_LOAD", "HYBRID_WARN", "HYBRID_FAIL", NULL };
static const char *const in_metrics_recording_level[] = { "INFO", "DEBUG", NULL };
static const char *const in_ssl_client_auth[] = { "required", "requested", "none", NULL };
static const char *const in_exactly_once_source_support[] = { "DISABLED", "ENABLED", "PREPARING", NULL };
static const char *const in_security_protocol[] = { "SASL_SSL", "PLAINTEXT", "SSL", "SASL_PLAINTEXT", NULL };
static const char *const in_sasl_oauthbearer_assertion_algorithm[] = { "ES256", "RS256", NULL };
static const char *const in_metadata_recovery_strategy[] = { "REBOOTSTRAP", "NONE", NULL };

static const kc_cfg_def worker_defs[] = {
    { .name = "bootstrap.servers", .type = KC_CFG_LIST, .dflt = NULL, .required = true, .validator = KC_VAL_LIST_NONEMPTY, .allow_empty = false },
    { .name = "client.dns.lookup", .type = KC_CFG_STRING, .dflt = "use_all_dns_ips", .validator = KC_VAL_IN, .in = in_client_dns_lookup },
    { .name = "key.converter", .type = KC_CFG_CLASS, .dflt = NULL, .required = true },
    { .name = "key.converter.plugin.version", .type = KC_CFG_STRING, .dflt = NULL },
    { .name = "value.converter", .type = KC_CFG_CLASS, .dflt = NULL, .required = true },
    { .name = "value.converter.plugin.version", .type = KC_CFG_STRING, .dflt = NULL },
    { .name = "task.shutdown.graceful.timeout.ms", .type = KC_CFG_LONG, .dflt = "5000" },
    { .name = "offset.flush.interval.ms", .type = KC_CFG_LONG, .dflt = "60000" },
    { .name = "offset.flush.timeout.ms", .type = KC_CFG_LONG, .dflt = "5000" },
    { .name = "plugin.path", .type = KC_CFG_LIST, .dflt = NULL, .validator = KC_VAL_LIST_NONEMPTY, .allow_empty = false },
    { .name = "plugin.discovery", .type = KC_CFG_STRING, .dflt = "hybrid_warn", .validator = KC_VAL_IN_NOCASE, .in = in_plugin_discovery },
    { .name = "metrics.sample.window.ms", .type = KC_CFG_LONG, .dflt = "30000", .validator = KC_VAL_RANGE, .has_min = true, .min = 0 },
    { .name = "metrics.num.samples", .type = KC_CFG_INT, .dflt = "2", .validator = KC_VAL_RANGE, .has_min = true, .min = 1 },
    { .name = "metrics.recording.level", .type = KC_CFG_STRING, .dflt = "INFO", .validator = KC_VAL_IN, .in = in_metrics_recording_level },
    { .name = "metric.reporters", .type = KC_CFG_LIST, .dflt = "org.apache.kafka.common.metrics.JmxReporter", .validator = KC_VAL_LIST_NONEMPTY, .allow_empty = true },
    { .name = "header.converter", .type = KC_CFG_CLASS, .dflt = "org.apache.kafka.connect.storage.SimpleHeaderConverter" },
    { .name = "header.converter.plugin.version", .type = KC_CFG_STRING, .dflt = NULL },
    { .name = "config.providers", .type = KC_CFG_LIST, .dflt = "", .validator = KC_VAL_LIST_NONEMPTY, .allow_empty = true },
    { .name = "connector.client.config.override.policy", .type = KC_CFG_STRING, .dflt = "All" },
    { .name = "topic.creation.enable", .type = KC_CFG_BOOLEAN, .dflt = "true" },
    { .name = "ssl.protocol", .type = KC_CFG_STRING, .dflt = "TLSv1.3" },
    { .name = "ssl.provider", .type = KC_CFG_STRING, .dflt = NULL },
    { .name = "ssl.cipher.suites", .type = KC_CFG_LIST, .dflt = "", .validator = KC_VAL_LIST_NONEMPTY, .allow_empty = true },
    { .name = "ssl.enabled.protocols", .type = KC_CFG_LIST, .dflt = "TLSv1.2,TLSv1.3", .validator = KC_VAL_LIST_NONEMPTY, .allow_empty = true },
    { .name = "ssl.keystore.type", .type = KC_CFG_STRING, .dflt = "JKS" },
    { .name = "ssl.keystore.location", .type = KC_CFG_STRING, .dflt = NULL },
    { .name = "ssl.keystore.password", .type = KC_CFG_PASSWORD, .dflt = NULL },
    { .name = "ssl.key.password", .type = KC_CFG_PASSWORD, .dflt = NULL },
    { .name = "ssl.keystore.key", .type = KC_CFG_PASSWORD, .dflt = NULL },
    { .name = "ssl.keystore.certificate.chain", .type = KC_CFG_PASSWORD, .dflt = NULL },
    { .name = "ssl.truststore.certificates", .type = KC_CFG_PASSWORD, .dflt = NULL },
    { .name = "ssl.truststore.type", .type = KC_CFG_STRING, .dflt = "JKS" },
    { .name = "ssl.truststore.location", .type = KC_CFG_STRING, .dflt = NULL },
    { .name = "ssl.truststore.password", .type = KC_CFG_PASSWORD, .dflt = NULL },
    { .name = "ssl.keymanager.algorithm", .type = KC_CFG_STRING, .dflt = "SunX509" },
    { .name = "ssl.trustmanager.algorithm", .type = KC_CFG_STRING, .dflt = "PKIX" },
    { .name = "ssl.endpoint.identification.algorithm", .type = KC_CFG_STRING, .dflt = "https" },
    { .name = "ssl.secure.random.implementation", .type = KC_CFG_STRING, .dflt = NULL },
    { .name = "ssl.engine.factory.class", .type = KC_CFG_CLASS, .dflt = NULL },
    { .name = "topic.tracking.enable", .type = KC_CFG_BOOLEAN, .dflt = "true" },
    { .name = "topic.tracking.allow.reset", .type = KC_CFG_BOOLEAN, .dflt = "true" },
    { .name = "listeners", .type = KC_CFG_LIST, .dflt = "http://:8083", .validator = KC_VAL_CUSTOM, .custom = check_listeners },
    { .name = "rest.advertised.host.name", .type = KC_CFG_STRING, .dflt = NULL },
    { .name = "rest.advertised.port", .type = KC_CFG_INT, .dflt = NULL },
    { .name = "rest.advertised.listener", .type = KC_CFG_STRING, .dflt = NULL },
    { .name = "access.control.allow.origin", .type = KC_CFG_STRING, .dflt = "" },
    { .name = "access.control.allow.methods", .type = KC_CFG_STRING, .dflt = "" },
    { .name = "response.http.headers.config", .type = KC_CFG_STRING, .dflt = "", .validator = KC_VAL_CUSTOM, .custom = check_response_http_headers_config },
    { .name = "ssl.client.auth", .type = KC_CFG_STRING, .dflt = "none", .validator = KC_VAL_IN, .in = in_ssl_client_auth },
    { .name = "rest.extension.classes", .type = KC_CFG_LIST, .dflt = "", .validator = KC_VAL_LIST_NONEMPTY, .allow_empty = true },
    { .name = "admin.listeners", .type = KC_CFG_LIST, .dflt = NULL, .validator = KC_VAL_LIST_NONEMPTY, .allow_empty = true },
    { .name = "group.id", .type = KC_CFG_STRING, .dflt = NULL, .required = true },
    { .name = "session.timeout.ms", .type = KC_CFG_INT, .dflt = "10000" },
    { .name = "rebalance.timeout.ms", .type = KC_CFG_INT, .dflt = "60000" },
    { .name = "heartbeat.interval.ms", .type = KC_CFG_INT, .dflt = "3000" },
    { .name = "exactly.once.source.support", .type = KC_CFG_STRING, .dflt = "disabled", .validator = KC_VAL_IN_NOCASE, .in = in_exactly_once_source_support },
    { .name = "metadata.max.age.ms", .type = KC_CFG_LONG, .dflt = "300000", .validator = KC_VAL_RANGE, .has_min = true, .min = 0 },
    { .name = "client.id", .type = KC_CFG_STRING, .dflt = "" },
    { .name = "send.buffer.bytes", .type = KC_CFG_INT, .dflt = "131072", .validator = KC_VAL_RANGE, .has_min = true, .min = -1 },
    { .name = "receive.buffer.bytes", .type = KC_CFG_INT, .dflt = "32768", .validator = KC_VAL_RANGE, .has_min = true, .min = -1 },
    { .name = "reconnect.backoff.ms", .type = KC_CFG_LONG, .dflt = "50", .validator = KC_VAL_RANGE, .has_min = true, .min = 0 },
    { .name = "reconnect.backoff.max.ms", .type = KC_CFG_LONG, .dflt = "1000", .validator = KC_VAL_RANGE, .has_min = true, .min = 0 },
    { .name = "socket.connection.setup.timeout.ms", .type = KC_CFG_LONG, .dflt = "10000", .validator = KC_VAL_RANGE, .has_min = true, .min = 0 },
    { .name = "socket.connection.setup.timeout.max.ms", .type = KC_CFG_LONG, .dflt = "30000", .validator = KC_VAL_RANGE, .has_min = true, .min = 0 },
    { .name = "retry.backoff.ms", .type = KC_CFG_LONG, .dflt = "100", .validator = KC_VAL_RANGE, .has_min = true, .min = 0 },
    { .name = "retry.backoff.max.ms", .type = KC_CFG_LONG, .dflt = "1000", .validator = KC_VAL_RANGE, .has_min = true, .min = 0 },
    { .name = "request.timeout.ms", .type = KC_CFG_INT, .dflt = "40000", .validator = KC_VAL_RANGE, .has_min = true, .min = 0 },
    { .name = "connections.max.idle.ms", .type = KC_CFG_LONG, .dflt = "540000" },
    { .name = "security.protocol", .type = KC_CFG_STRING, .dflt = "PLAINTEXT", .validator = KC_VAL_IN_NOCASE, .in = in_security_protocol },
    { .name = "sasl.kerberos.service.name", .type = KC_CFG_STRING, .dflt = NULL },
    { .name = "sasl.kerberos.kinit.cmd", .type = KC_CFG_STRING, .dflt = "/usr/bin/kinit" },
    { .name = "sasl.kerberos.ticket.renew.window.factor", .type = KC_CFG_DOUBLE, .dflt = "0.8" },
    { .name = "sasl.kerberos.ticket.renew.jitter", .type = KC_CFG_DOUBLE, .dflt = "0.05" },
    { .name = "sasl.kerberos.min.time.before.relogin", .type = KC_CFG_LONG, .dflt = "60000" },
    { .name = "sasl.login.refresh.window.factor", .type = KC_CFG_DOUBLE, .dflt = "0.8", .validator = KC_VAL_RANGE, .has_min = true, .min = 0.5, .has_max = true, .max = 1.0 },
    { .name = "sasl.login.refresh.window.jitter", .type = KC_CFG_DOUBLE, .dflt = "0.05", .validator = KC_VAL_RANGE, .has_min = true, .min = 0.0, .has_max = true, .max = 0.25 },
    { .name = "sasl.login.refresh.min.period.seconds", .type = KC_CFG_SHORT, .dflt = "60", .validator = KC_VAL_RANGE, .has_min = true, .min = 0, .has_max = true, .max = 900 },
    { .name = "sasl.login.refresh.buffer.seconds", .type = KC_CFG_SHORT, .dflt = "300", .validator = KC_VAL_RANGE, .has_min = true, .min = 0, .has_max = true, .max = 3600 },
    { .name = "sasl.mechanism", .type = KC_CFG_STRING, .dflt = "GSSAPI" },
    { .name = "sasl.jaas.config", .type = KC_CFG_PASSWORD, .dflt = NULL },
    { .name = "sasl.client.callback.handler.class", .type = KC_CFG_CLASS, .dflt = NULL },
    { .name = "sasl.login.callback.handler.class", .type = KC_CFG_CLASS, .dflt = NULL },
    { .name = "sasl.login.class", .type = KC_CFG_CLASS, .dflt = NULL },
    { .name = "sasl.login.connect.timeout.ms", .type = KC_CFG_INT, .dflt = NULL },
    { .name = "sasl.login.read.timeout.ms", .type = KC_CFG_INT, .dflt = NULL },
    { .name = "sasl.login.retry.backoff.max.ms", .type = KC_CFG_LONG, .dflt = "10000" },
    { .name = "sasl.login.retry.backoff.ms", .type = KC_CFG_LONG, .dflt = "100" },
    { .name = "sasl.oauthbearer.jwt.retriever.class", .type = KC_CFG_CLASS, .dflt = "org.apache.kafka.common.security.oauthbearer.DefaultJwtRetriever" },
    { .name = "sasl.oauthbearer.jwt.validator.class", .type = KC_CFG_CLASS, .dflt = "org.apache.kafka.common.security.oauthbearer.DefaultJwtValidator" },
    { .name = "sasl.oauthbearer.scope", .type = KC_CFG_STRING, .dflt = NULL },
    { .name = "sasl.oauthbearer.client.credentials.client.id", .type = KC_CFG_STRING, .dflt = NULL },
    { .name = "sasl.oauthbearer.client.credentials.client.secret", .type = KC_CFG_PASSWORD, .dflt = NULL },
    { .name = "sasl.oauthbearer.assertion.algorithm", .type = KC_CFG_STRING, .dflt = "RS256", .validator = KC_VAL_IN_NOCASE, .in = in_sasl_oauthbearer_assertion_algorithm },
    { .name = "sasl.oauthbearer.assertion.claim.aud", .type = KC_CFG_STRING, .dflt = NULL },
    { .name = "sasl.oauthbearer.assertion.claim.exp.seconds", .type = KC_CFG_INT, .dflt = "300", .validator = KC_VAL_RANGE, .has_min = true, .min = 0, .has_max = true, .max = 86400 },
    { .name = "sasl.oauthbearer.assertion.claim.iss", .type = KC_CFG_STRING, .dflt = NULL },
    { .name = "sasl.oauthbearer.assertion.claim.jti.include", .type = KC_CFG_BOOLEAN, .dflt = "false" },
    { .name = "sasl.oauthbearer.assertion.claim.nbf.seconds", .type = KC_CFG_INT, .dflt = "60", .validator = KC_VAL_RANGE, .has_min = true, .min = 0, .has_max = true, .max = 3600 },
    { .name = "sasl.oauthbearer.assertion.claim.sub", .type = KC_CFG_STRING, .dflt = NULL },
    { .name = "sasl.oauthbearer.assertion.file", .type = KC_CFG_STRING, .dflt = NULL },
    { .name = "sasl.oauthbearer.assertion.private.key.file", .type = KC_CFG_STRING, .dflt = NULL },
    { .name = "sasl.oauthbearer.assertion.private.key.passphrase", .type = KC_CFG_PASSWORD, .dflt = NULL },
    { .name = "sasl.oauthbearer.assertion.template.file", .type = KC_CFG_STRING, .dflt = NULL },
    { .name = "sasl.oauthbearer.scope.claim.name", .type = KC_CFG_STRING, .dflt = "scope" },
    { .name = "sasl.oauthbearer.sub.claim.name", .type = KC_CFG_STRING, .dflt = "sub" },
    { .name = "sasl.oauthbearer.token.endpoint.url", .type = KC_CFG_STRING, .dflt = NULL },
    { .name = "sasl.oauthbearer.jwks.endpoint.url", .type = KC_CFG_STRING, .dflt = NULL },
    { .name = "sasl.oauthbearer.jwks.endpoint.refresh.ms", .type = KC_CFG_LONG, .dflt = "3600000" },
    { .name = "sasl.oauthbearer.jwks.endpoint.retry.backoff.max.ms", .type = KC_CFG_LONG, .dflt = "10000" },
    { .name = "sasl.oauthbearer.jwks.endpoint.retry.backoff.ms", .type = KC_CFG_LONG, .dflt = "100" },
    { .name = "sasl.oauthbearer.clock.skew.seconds", .type = KC_CFG_INT, .dflt = "30" },
    { .name = "sasl.oauthbearer.expected.audience", .type = KC_CFG_LIST, .dflt = "", .validator = KC_VAL_LIST_NONEMPTY, .allow_empty = true },
    { .name = "sasl.oauthbearer.expected.issuer", .type = KC_CFG_STRING, .dflt = NULL },
    { .name = "sasl.oauthbearer.header.urlencode", .type = KC_CFG_BOOLEAN, .dflt = "false" },
    { .name = "worker.sync.timeout.ms", .type = KC_CFG_INT, .dflt = "3000" },
    { .name = "worker.unsync.backoff.ms", .type = KC_CFG_INT, .dflt = "300000" },
    { .name = "offset.storage.topic", .type = KC_CFG_STRING, .dflt = NULL, .required = true },
    { .name = "offset.storage.partitions", .type = KC_CFG_INT, .dflt = "25", .validator = KC_VAL_PARTITIONS },
    { .name = "offset.storage.replication.factor", .type = KC_CFG_SHORT, .dflt = "3", .validator = KC_VAL_PARTITIONS },
    { .name = "config.storage.topic", .type = KC_CFG_STRING, .dflt = NULL, .required = true },
    { .name = "config.storage.replication.factor", .type = KC_CFG_SHORT, .dflt = "3", .validator = KC_VAL_PARTITIONS },
    { .name = "status.storage.topic", .type = KC_CFG_STRING, .dflt = NULL, .required = true },
    { .name = "status.storage.partitions", .type = KC_CFG_INT, .dflt = "5", .validator = KC_VAL_PARTITIONS },
    { .name = "status.storage.replication.factor", .type = KC_CFG_SHORT, .dflt = "3", .validator = KC_VAL_PARTITIONS },
    { .name = "connect.protocol", .type = KC_CFG_STRING, .dflt = "sessioned", .validator = KC_VAL_CUSTOM, .custom = check_connect_protocol },
    { .name = "scheduled.rebalance.max.delay.ms", .type = KC_CFG_INT, .dflt = "300000", .validator = KC_VAL_RANGE, .has_min = true, .min = 0, .has_max = true, .max = 2147483647 },
    { .name = "inter.worker.key.ttl.ms", .type = KC_CFG_INT, .dflt = "3600000", .validator = KC_VAL_RANGE, .has_min = true, .min = 0, .has_max = true, .max = 2147483647 },
    { .name = "inter.worker.key.generation.algorithm", .type = KC_CFG_STRING, .dflt = "HmacSHA256", .validator = KC_VAL_CUSTOM, .custom = check_inter_worker_key_generation_algorithm },
    { .name = "inter.worker.key.size", .type = KC_CFG_INT, .dflt = NULL },
    { .name = "inter.worker.signature.algorithm", .type = KC_CFG_STRING, .dflt = "HmacSHA256", .validator = KC_VAL_CUSTOM, .custom = check_inter_worker_signature_algorithm },
    { .name = "inter.worker.verification.algorithms", .type = KC_CFG_LIST, .dflt = "HmacSHA256", .validator = KC_VAL_CUSTOM, .custom = check_inter_worker_verification_algorithms },
    { .name = "metadata.recovery.strategy", .type = KC_CFG_STRING, .dflt = "rebootstrap", .validator = KC_VAL_IN_NOCASE, .in = in_metadata_recovery_strategy },
    { .name = "metadata.recovery.rebootstrap.trigger.ms", .type = KC_CFG_LONG, .dflt = "300000", .validator = KC_VAL_RANGE, .has_min = true, .min = 0 },
};

const kc_cfg_def *
kc_worker_config_defs(size_t *n)
{
    *n = KC_ARRAY_LEN(worker_defs);
    return worker_defs;
}

/* The first key DistributedConfig adds to WorkerConfig's: it and those after it belong to
 * a distributed worker (its group, its topics, the SASL keys its group client reads). */
#define FIRST_DISTRIBUTED_KEY "group.id"

static size_t
first_distributed(void)
{
    size_t i = 0;

    while (strcmp(worker_defs[i].name, FIRST_DISTRIBUTED_KEY) != 0)
        i++;
    return i;
}

/* StandaloneConfig: WorkerConfig's keys and offset.storage.file.filename. The distributed
 * keys stay in the table, none required, so that code shared with distributed mode reads
 * their defaults; set in a standalone file they are warned about as unused, as Java does. */
static const kc_cfg_def *
standalone_defs(size_t *n)
{
    static kc_cfg_def defs[KC_ARRAY_LEN(worker_defs) + 1];
    static bool       made;

    if (!made) {                                    /* main thread, at start-up */
        size_t d = first_distributed(), k = 0;
        for (size_t i = 0; i < d; i++)
            defs[k++] = worker_defs[i];
        defs[k++] = (kc_cfg_def) { .name = "offset.storage.file.filename",
                                   .type = KC_CFG_STRING, .dflt = NULL, .required = true };
        for (size_t i = d; i < KC_ARRAY_LEN(worker_defs); i++) {
            defs[k] = worker_defs[i];
            defs[k++].required = false;
        }
        made = true;
    }
    *n = KC_ARRAY_LEN(defs);
    return defs;
}

/* Prefixes under which keys belong to something else: clients of the worker, internal topic
 * settings, converters, config providers, the HTTPS listeners, REST extensions and the JAAS
 * file basic authentication reads (rest/auth.h). Not warned about. */
static const char *const passthrough_prefixes[] = {
    "producer.", "consumer.", "admin.", "config.storage.", "offset.storage.", "status.storage.",
    "listeners.https.", "admin.listeners.https.", "config.providers.", "key.converter.",
    "value.converter.", "header.converter.", "metrics.context.", "rest.extension.",
    "java.security.auth.login.config", NULL,
};

static void
warn_unknown_keys(const kc_props *props, bool standalone)
{
    size_t            ndefs;
    const kc_cfg_def *defs = standalone ? standalone_defs(&ndefs) : kc_worker_config_defs(&ndefs);
    char              where[512];

    if (standalone)
        ndefs = first_distributed() + 1;
    for (size_t i = 0; i < props->n; i++) {
        const char *key = props->items[i].key;
        bool        known = kc_cfg_defines(defs, ndefs, key) || kc_clientconf_knows(key);
        for (const char *const *p = passthrough_prefixes; !known && *p; p++)
            known = strncmp(key, *p, strlen(*p)) == 0;
        if (!known)
            kc_log_warn("config", "%s: unknown configuration '%s' is ignored",
                        kc_props_where(props, key, where, sizeof(where)), key);
    }
}

/* The checks DistributedConfig makes after typing every key (standalone: none). */
static int
check_parsed(kc_worker_config *wc, kc_err *err)
{
    if (wc->standalone)
        return KC_OK;

    const kc_cfg_value *verify = kc_cfg_get(&wc->cfg, "inter.worker.verification.algorithms");
    const char         *sig = kc_cfg_str(&wc->cfg, "inter.worker.signature.algorithm");
    const char         *p;
    char                where[512];
    bool                found = false;

    for (size_t i = 0; i < verify->nlist; i++)
        found = found || strcmp(verify->list[i], sig) == 0;
    if (!found)
        return kc_err_set(err, KC_EINVAL, "%s: Invalid value %s for configuration "
                          "inter.worker.signature.algorithm: Signature algorithm must be present "
                          "in inter.worker.verification.algorithms list",
                          kc_props_where(&wc->props, "inter.worker.signature.algorithm", where,
                                         sizeof(where)), sig);

    /* The stores' own checks, in Java's words. */
    static const char *const topic_keys[][2] = {
        { "offset.storage.topic", "Offset storage topic must be specified" },
        { "status.storage.topic", "Must specify topic for connector status." },
        { "config.storage.topic", "Must specify topic for connector configuration." },
    };
    for (size_t i = 0; i < KC_ARRAY_LEN(topic_keys); i++)
        if (*kc_cfg_str(&wc->cfg, topic_keys[i][0]) == '\0')
            return kc_err_set(err, KC_EINVAL, "%s: %s",
                              kc_props_where(&wc->props, topic_keys[i][0], where, sizeof(where)),
                              topic_keys[i][1]);

    /* Values in warnings as written: a resolved one may be a secret. */
    if ((p = kc_props_get(&wc->raw, "config.storage.partitions")) != NULL)
        kc_log_warn("config", "Ignoring 'config.storage.partitions=%s' setting, since config "
                    "topic partitions is always 1", p);
    for (const char *const *pre = (const char *const[]) { "config.storage.",
             "offset.storage.", "status.storage.", NULL }; *pre; pre++) {
        char key[64];
        snprintf(key, sizeof(key), "%scleanup.policy", *pre);
        if ((p = kc_props_get(&wc->raw, key)) != NULL)
            kc_log_warn("config", "Ignoring '%s=%s' setting, since compaction is always used",
                        key, p);
    }
    {
        /* DistributedConfig makes its key generator up front: a size it refuses stops the
         * worker (Java's HmacKG takes 40 bits or more). */
        const kc_cfg_value *size = kc_cfg_get(&wc->cfg, "inter.worker.key.size");
        if (!size->is_null && (size->i < 40 || size->i > KC_SESSION_KEY_MAX * 8))
            return kc_err_set(err, KC_EINVAL, "%s: Unable to create key generator with "
                              "algorithm %s and key size %lld: Key length must be at least 40 "
                              "bits", kc_props_where(&wc->props, "inter.worker.key.size", where,
                                                     sizeof(where)),
                              kc_cfg_str(&wc->cfg, "inter.worker.key.generation.algorithm"),
                              (long long) size->i);
    }
    if (kc_cfg_int(&wc->cfg, "retry.backoff.ms") > kc_cfg_int(&wc->cfg, "retry.backoff.max.ms"))
        kc_log_warn("config", "Configuration 'retry.backoff.ms' with value '%lld' is greater than "
                    "configuration 'retry.backoff.max.ms' with value '%lld'. A static backoff "
                    "with value '%lld' will be applied.",
                    (long long) kc_cfg_int(&wc->cfg, "retry.backoff.ms"),
                    (long long) kc_cfg_int(&wc->cfg, "retry.backoff.max.ms"),
                    (long long) kc_cfg_int(&wc->cfg, "retry.backoff.max.ms"));
    return KC_OK;
}

/* Resolves wc->raw into wc->props with the providers the file configures for its own values
 * (Java's AbstractConfig: config.providers split on ',' as written, classes and parameters as
 * written), then makes the providers for connector and task configs from the resolved
 * settings (Java's Worker: config.providers read as a LIST). */
static int
resolve(kc_worker_config *wc, kc_err *err)
{
    kc_config_providers *own = NULL;
    int                  rc;

    if ((rc = kc_config_providers_new(&wc->raw, KC_CP_NAMES_SPLIT, &own, err)) == KC_OK &&
        (rc = kc_config_providers_transform_props(own, &wc->raw, &wc->props, err)) == KC_OK)
        rc = kc_config_providers_new(&wc->props, KC_CP_NAMES_LIST, &wc->providers, err);
    kc_config_providers_free(own);
    return rc;
}

/* err's message with every resolved value shown as written. Returns err->code. */
static int
masked(const kc_worker_config *wc, kc_err *err)
{
    char *m = kc_config_providers_mask_props(err->msg, &wc->raw, &wc->props);

    snprintf(err->msg, sizeof(err->msg), "%s", m);
    free(m);
    return err->code;
}

/* Everything after the properties are assembled in wc->raw. */
static int
load_resolved(kc_worker_config *wc, bool distributed, kc_err *err)
{
    size_t            ndefs;
    const kc_cfg_def *defs = wc->standalone ? standalone_defs(&ndefs)
                                            : kc_worker_config_defs(&ndefs);
    int               rc;

    if ((rc = resolve(wc, err)) != KC_OK)
        return rc;
    if ((rc = kc_cfg_parse(&wc->cfg, defs, ndefs, &wc->props, err)) != KC_OK ||
        (rc = check_parsed(wc, err)) != KC_OK ||
        (rc = kc_refused_worker(&wc->props, distributed, err)) != KC_OK)
        return masked(wc, err);
    return KC_OK;
}

int
kc_worker_config_load(kc_worker_config *wc, const char *path, const char *const *overrides,
                      size_t noverrides, kc_err *err)
{
    return kc_worker_config_load_mode(wc, path, overrides, noverrides, false, err);
}

int
kc_worker_config_load_mode(kc_worker_config *wc, const char *path, const char *const *overrides,
                           size_t noverrides, bool standalone, kc_err *err)
{
    int rc;

    memset(wc, 0, sizeof(*wc));
    wc->standalone = standalone;
    kc_props_init(&wc->raw, path);
    if ((rc = kc_props_load_file(&wc->raw, path, err)) != KC_OK)
        goto fail;
    for (size_t i = 0; i < noverrides; i++) {
        const char *eq = strchr(overrides[i], '=');
        if (eq == NULL || eq == overrides[i]) {
            rc = kc_err_set(err, KC_EINVAL, "--override %s: expected key=value", overrides[i]);
            goto fail;
        }
        char *key = kc_xstrndup(overrides[i], (size_t) (eq - overrides[i]));
        kc_props_set(&wc->raw, key, eq + 1, 0);
        free(key);
    }
    if ((rc = load_resolved(wc, true, err)) != KC_OK)
        goto fail;
    warn_unknown_keys(&wc->props, standalone);
    return KC_OK;
fail:
    kc_worker_config_free(wc);
    return rc;
}

int
kc_worker_config_from_props(kc_worker_config *wc, const kc_props *props, kc_err *err)
{
    int rc;

    memset(wc, 0, sizeof(*wc));
    kc_props_init(&wc->raw, props->origin);
    for (size_t i = 0; i < props->n; i++)
        kc_props_set(&wc->raw, props->items[i].key, props->items[i].value,
                     props->items[i].line);
    if ((rc = load_resolved(wc, false, err)) != KC_OK)
        kc_worker_config_free(wc);
    return rc;
}

void
kc_worker_config_free(kc_worker_config *wc)
{
    kc_cfg_free(&wc->cfg);
    kc_props_free(&wc->props);
    kc_props_free(&wc->raw);
    kc_config_providers_free(wc->providers);
    wc->providers = NULL;
}

kc_eos_level
kc_worker_eos_level(const kc_worker_config *wc)
{
    const char *v = kc_cfg_str(&wc->cfg, "exactly.once.source.support");

    if (wc->standalone)
        return KC_EOS_DISABLED;
    return strcasecmp(v, "enabled") == 0 ? KC_EOS_ENABLED
         : strcasecmp(v, "preparing") == 0 ? KC_EOS_PREPARING : KC_EOS_DISABLED;
}

char *
kc_worker_task_transactional_id(const kc_worker_config *wc, const char *connector, int task)
{
    return kc_xasprintf("%s-%s-%d", kc_cfg_str(&wc->cfg, "group.id"), connector, task);
}

size_t
kc_worker_session_key_bytes(const kc_worker_config *wc)
{
    static const struct { const char *alg; size_t bytes; } defaults[] = {
        { "HmacSHA1", 64 }, { "HmacSHA224", 28 }, { "HmacSHA256", 32 }, { "HmacSHA384", 48 },
        { "HmacSHA512", 64 },
    };
    const kc_cfg_value *size = kc_cfg_get(&wc->cfg, "inter.worker.key.size");
    const char         *alg = kc_cfg_str(&wc->cfg, "inter.worker.key.generation.algorithm");

    if (size != NULL && !size->is_null)
        return (size_t) (size->i + 7) / 8;
    for (size_t i = 0; i < KC_ARRAY_LEN(defaults); i++)
        if (strcmp(alg, defaults[i].alg) == 0)
            return defaults[i].bytes;
    return 32;
}

int
kc_worker_config_topic_settings(const kc_worker_config *wc, const char *prefix,
                                kc_props *out)
{
    size_t plen = strlen(prefix);
    int    n = 0;

    kc_props_init(out, prefix);
    for (size_t i = 0; i < wc->props.n; i++) {
        const char *key = wc->props.items[i].key;
        if (strncmp(key, prefix, plen) != 0)
            continue;
        key += plen;
        if (strcmp(key, "topic") == 0 || strcmp(key, "replication.factor") == 0 ||
            strcmp(key, "partitions") == 0 || strcmp(key, "cleanup.policy") == 0)
            continue;
        kc_props_set(out, key, wc->props.items[i].value, wc->props.items[i].line);
        n++;
    }
    return n;
}
