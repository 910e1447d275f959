/*
 * worker/clientconf.c - see clientconf.h.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "worker/clientconf.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lib/configdef.h"
#include "lib/log.h"
#include "worker/refused.h"

typedef enum {
    MAP_SAME,        /* same name, same value */
    MAP_RENAME,      /* other name, same value */
    MAP_LIST,        /* Java list: trimmed items joined by "," */
    MAP_NONEMPTY,    /* renamed, left out when the value is empty */
    MAP_BUFFER,      /* socket buffer bytes: Java -1 (OS default) is librdkafka 0 */
    MAP_KBYTES,      /* Java bytes, librdkafka kilobytes (rounded up) */
    MAP_SPECIAL,     /* handled by apply_special() */
    MAP_DROP,        /* a Java knob with no librdkafka meaning: accepted, not passed */
} map_kind;

typedef enum { ROLE_ANY = 0, ROLE_PRODUCER, ROLE_CONSUMER } client_role;

typedef struct {
    const char *java;
    const char *rk;
    map_kind    kind;
    client_role role;    /* keys librdkafka would warn about on the other kind of client */
} client_key;

static const client_key client_keys[] = {
    /* connection and security */
    { "bootstrap.servers", "bootstrap.servers", MAP_LIST, ROLE_ANY },
    { "client.id", "client.id", MAP_NONEMPTY, ROLE_ANY },
    { "client.rack", "client.rack", MAP_NONEMPTY, ROLE_ANY },
    { "security.protocol", "security.protocol", MAP_SAME, ROLE_ANY },
    { "sasl.mechanism", "sasl.mechanisms", MAP_RENAME, ROLE_ANY },
    { "sasl.jaas.config", NULL, MAP_SPECIAL, ROLE_ANY },
    { "sasl.kerberos.service.name", "sasl.kerberos.service.name", MAP_NONEMPTY, ROLE_ANY },
    { "sasl.kerberos.kinit.cmd", NULL, MAP_DROP, ROLE_ANY },
    { "ssl.truststore.location", NULL, MAP_SPECIAL, ROLE_ANY },
    { "ssl.truststore.type", NULL, MAP_SPECIAL, ROLE_ANY },
    { "ssl.truststore.password", NULL, MAP_DROP, ROLE_ANY },
    { "ssl.truststore.certificates", "ssl.ca.pem", MAP_NONEMPTY, ROLE_ANY },
    { "ssl.keystore.location", NULL, MAP_SPECIAL, ROLE_ANY },
    { "ssl.keystore.type", NULL, MAP_SPECIAL, ROLE_ANY },
    { "ssl.keystore.password", "ssl.keystore.password", MAP_NONEMPTY, ROLE_ANY },
    { "ssl.keystore.key", "ssl.key.pem", MAP_NONEMPTY, ROLE_ANY },
    { "ssl.keystore.certificate.chain", "ssl.certificate.pem", MAP_NONEMPTY, ROLE_ANY },
    { "ssl.key.password", "ssl.key.password", MAP_NONEMPTY, ROLE_ANY },
    { "ssl.endpoint.identification.algorithm", NULL, MAP_SPECIAL, ROLE_ANY },
    { "ssl.secure.random.implementation", NULL, MAP_DROP, ROLE_ANY },
    /* timing */
    { "metadata.max.age.ms", "metadata.max.age.ms", MAP_SAME, ROLE_ANY },
    { "reconnect.backoff.ms", "reconnect.backoff.ms", MAP_SAME, ROLE_ANY },
    { "reconnect.backoff.max.ms", "reconnect.backoff.max.ms", MAP_SAME, ROLE_ANY },
    { "retry.backoff.ms", "retry.backoff.ms", MAP_SAME, ROLE_ANY },
    { "retry.backoff.max.ms", "retry.backoff.max.ms", MAP_SAME, ROLE_ANY },
    { "socket.connection.setup.timeout.ms", "socket.connection.setup.timeout.ms", MAP_SAME, ROLE_ANY },
    { "connections.max.idle.ms", "connections.max.idle.ms", MAP_SAME, ROLE_ANY },
    { "send.buffer.bytes", "socket.send.buffer.bytes", MAP_BUFFER, ROLE_ANY },
    { "receive.buffer.bytes", "socket.receive.buffer.bytes", MAP_BUFFER, ROLE_ANY },
    { "request.timeout.ms", "socket.timeout.ms", MAP_SAME, ROLE_ANY },
    { "default.api.timeout.ms", NULL, MAP_DROP, ROLE_ANY },
    { "client.dns.lookup", "client.dns.lookup", MAP_SAME, ROLE_ANY },
    { "metadata.recovery.strategy", "metadata.recovery.strategy", MAP_SAME, ROLE_ANY },
    { "metadata.recovery.rebootstrap.trigger.ms", "metadata.recovery.rebootstrap.trigger.ms", MAP_SAME, ROLE_ANY },
    /* producer */
    { "acks", "acks", MAP_SAME, ROLE_PRODUCER },
    { "linger.ms", "linger.ms", MAP_SAME, ROLE_PRODUCER },
    { "batch.size", "batch.size", MAP_SAME, ROLE_PRODUCER },
    { "compression.type", "compression.type", MAP_SAME, ROLE_PRODUCER },
    { "enable.idempotence", "enable.idempotence", MAP_SAME, ROLE_PRODUCER },
    { "max.in.flight.requests.per.connection", "max.in.flight.requests.per.connection", MAP_SAME, ROLE_PRODUCER },
    { "delivery.timeout.ms", "message.timeout.ms", MAP_RENAME, ROLE_PRODUCER },
    { "max.request.size", "message.max.bytes", MAP_RENAME, ROLE_PRODUCER },
    { "transactional.id", "transactional.id", MAP_NONEMPTY, ROLE_PRODUCER },
    { "transaction.timeout.ms", "transaction.timeout.ms", MAP_SAME, ROLE_PRODUCER },
    { "buffer.memory", "queue.buffering.max.kbytes", MAP_KBYTES, ROLE_PRODUCER },
    { "retries", "retries", MAP_SAME, ROLE_PRODUCER },
    /* consumer */
    { "group.id", "group.id", MAP_NONEMPTY, ROLE_CONSUMER },
    { "group.instance.id", "group.instance.id", MAP_NONEMPTY, ROLE_CONSUMER },
    { "auto.offset.reset", "auto.offset.reset", MAP_SAME, ROLE_CONSUMER },
    { "enable.auto.commit", "enable.auto.commit", MAP_SAME, ROLE_CONSUMER },
    { "auto.commit.interval.ms", "auto.commit.interval.ms", MAP_SAME, ROLE_CONSUMER },
    { "isolation.level", "isolation.level", MAP_SAME, ROLE_CONSUMER },
    { "fetch.min.bytes", "fetch.min.bytes", MAP_SAME, ROLE_CONSUMER },
    { "fetch.max.bytes", "fetch.max.bytes", MAP_SAME, ROLE_CONSUMER },
    { "fetch.max.wait.ms", "fetch.wait.max.ms", MAP_RENAME, ROLE_CONSUMER },
    { "max.partition.fetch.bytes", "max.partition.fetch.bytes", MAP_SAME, ROLE_CONSUMER },
    { "max.poll.records", NULL, MAP_DROP, ROLE_ANY },
    { "max.poll.interval.ms", "max.poll.interval.ms", MAP_SAME, ROLE_CONSUMER },
    { "session.timeout.ms", "session.timeout.ms", MAP_SAME, ROLE_CONSUMER },
    { "heartbeat.interval.ms", "heartbeat.interval.ms", MAP_SAME, ROLE_CONSUMER },
    { "partition.assignment.strategy", NULL, MAP_DROP, ROLE_ANY },
    { "key.serializer", NULL, MAP_DROP, ROLE_ANY },
    { "value.serializer", NULL, MAP_DROP, ROLE_ANY },
    { "key.deserializer", NULL, MAP_DROP, ROLE_ANY },
    { "value.deserializer", NULL, MAP_DROP, ROLE_ANY },
    { "metrics.num.samples", NULL, MAP_DROP, ROLE_ANY },
    { "metrics.sample.window.ms", NULL, MAP_DROP, ROLE_ANY },
    { "metrics.recording.level", NULL, MAP_DROP, ROLE_ANY },
};

static const client_key *
find_key(const char *java)
{
    for (size_t i = 0; i < KC_ARRAY_LEN(client_keys); i++)
        if (strcmp(client_keys[i].java, java) == 0)
            return &client_keys[i];
    return NULL;
}

bool
kc_clientconf_knows(const char *java_key)
{
    return find_key(java_key) != NULL || kc_refused_client_key(java_key);
}

int
kc_clientconf_set(rd_kafka_conf_t *conf, const char *rk_key, const char *value,
                  const char *java_key, kc_err *err)
{
    char             errstr[512];
    rd_kafka_conf_res_t r = rd_kafka_conf_set(conf, rk_key, value, errstr, sizeof(errstr));

    if (r == RD_KAFKA_CONF_UNKNOWN)       /* not in this librdkafka: a tuning knob, skip it */
        return KC_OK;
    if (r != RD_KAFKA_CONF_OK)
        return kc_err_set(err, KC_EINVAL, "%s=%s: %s", java_key, value, errstr);
    return KC_OK;
}

/* ===== sasl.jaas.config ===== */

/* One JAAS token: a "quoted string" (backslash escapes) or a run of non-blank, non-'=',
 * non-';' characters. Returns a new string, NULL at end or on a bad quote. */
static char *
jaas_token(const char **pp, bool *bad)
{
    const char *p = *pp;
    char       *out;
    size_t      n = 0;

    while (isspace((unsigned char) *p))
        p++;
    if (*p == '"') {
        out = kc_xmalloc(strlen(p));
        for (p++; *p && *p != '"'; p++) {
            if (*p == '\\' && p[1])
                p++;
            out[n++] = *p;
        }
        if (*p != '"') {
            free(out);
            *bad = true;
            return NULL;
        }
        out[n] = '\0';
        *pp = p + 1;
        return out;
    }
    const char *b = p;
    while (*p && !isspace((unsigned char) *p) && *p != '=' && *p != ';')
        p++;
    if (p == b)
        return NULL;
    *pp = p;
    return kc_xstrndup(b, (size_t) (p - b));
}

int
kc_clientconf_parse_jaas(const char *jaas, char **module, char **user, char **password,
                         kc_err *err)
{
    const char *p = jaas;
    char       *flag = NULL, *k = NULL, *v = NULL;
    bool        bad = false;

    *module = *user = *password = NULL;
    if ((*module = jaas_token(&p, &bad)) == NULL)
        goto malformed;
    if ((flag = jaas_token(&p, &bad)) == NULL)
        goto malformed;
    if (strcasecmp(flag, "required") != 0 && strcasecmp(flag, "requisite") != 0 &&
        strcasecmp(flag, "sufficient") != 0 && strcasecmp(flag, "optional") != 0)
        goto malformed;
    for (;;) {
        while (isspace((unsigned char) *p))
            p++;
        if (*p == ';' || *p == '\0')
            break;
        if ((k = jaas_token(&p, &bad)) == NULL)
            goto malformed;
        while (isspace((unsigned char) *p))
            p++;
        if (*p++ != '=')
            goto malformed;
        if ((v = jaas_token(&p, &bad)) == NULL)
            goto malformed;
        if (strcmp(k, "username") == 0) {
            free(*user);
            *user = v;
        } else if (strcmp(k, "password") == 0) {
            free(*password);
            *password = v;
        } else {
            free(v);
        }
        free(k);
        k = v = NULL;
    }
    if (*p != ';')
        goto malformed;
    for (p++; isspace((unsigned char) *p); p++)
        ;
    if (*p != '\0')              /* a second login module: Java allows it, clients use one */
        goto malformed;
    free(flag);
    return KC_OK;
malformed:
    free(flag);
    free(k);
    free(*module);
    free(*user);
    free(*password);
    *module = *user = *password = NULL;
    return kc_err_set(err, KC_EINVAL, "sasl.jaas.config: expected '<LoginModule class> required "
                      "username=\"...\" password=\"...\";'%s", bad ? " (unterminated quote)" : "");
}

static int
apply_jaas(rd_kafka_conf_t *conf, const char *value, kc_err *err)
{
    char       *module, *user, *password;
    const char *simple;
    int         rc;

    if ((rc = kc_clientconf_parse_jaas(value, &module, &user, &password, err)) != KC_OK)
        return rc;
    simple = strrchr(module, '.') ? strrchr(module, '.') + 1 : module;
    if (strcmp(simple, "PlainLoginModule") == 0 || strcmp(simple, "ScramLoginModule") == 0) {
        if (user == NULL || password == NULL)
            rc = kc_err_set(err, KC_EINVAL, "sasl.jaas.config: %s needs username and password",
                            simple);
        else if ((rc = kc_clientconf_set(conf, "sasl.username", user, "sasl.jaas.config",
                                         err)) == KC_OK)
            rc = kc_clientconf_set(conf, "sasl.password", password, "sasl.jaas.config", err);
    } else {
        rc = kc_err_set(err, KC_EINVAL, "sasl.jaas.config: login module %s is not supported "
                        "(kconnect speaks SASL PLAIN and SCRAM)", module);
    }
    free(module);
    free(user);
    free(password);
    return rc;
}

/* ===== SSL stores ===== */

static const char *
store_type(const kc_props *props, const char *prefix, const char *key)
{
    char        full[256];
    const char *t;

    snprintf(full, sizeof(full), "%s%s", prefix, key);
    t = kc_props_get(props, full);
    return t ? t : "JKS";
}

static int
apply_special(rd_kafka_conf_t *conf, const kc_props *props, const char *prefix,
              const char *key, const char *value, kc_err *err)
{
    char *v = kc_java_trim(value);
    int   rc = KC_OK;

    if (strcmp(key, "sasl.jaas.config") == 0) {
        rc = apply_jaas(conf, v, err);
    } else if (strcmp(key, "ssl.truststore.location") == 0 && *v) {
        char *t = kc_java_trim(store_type(props, prefix, "ssl.truststore.type"));
        if (strcasecmp(t, "PEM") == 0)
            rc = kc_clientconf_set(conf, "ssl.ca.location", v, key, err);
        else
            rc = kc_err_set(err, KC_EINVAL, "ssl.truststore.location=%s: trust stores of type "
                            "%s cannot be read; convert it to PEM and set "
                            "ssl.truststore.type=PEM", v, t);
        free(t);
    } else if (strcmp(key, "ssl.keystore.location") == 0 && *v) {
        char *t = kc_java_trim(store_type(props, prefix, "ssl.keystore.type"));
        if (strcasecmp(t, "PKCS12") == 0)
            rc = kc_clientconf_set(conf, "ssl.keystore.location", v, key, err);
        else if (strcasecmp(t, "PEM") == 0) {
            if ((rc = kc_clientconf_set(conf, "ssl.certificate.location", v, key, err)) == KC_OK)
                rc = kc_clientconf_set(conf, "ssl.key.location", v, key, err);
        } else
            rc = kc_err_set(err, KC_EINVAL, "ssl.keystore.location=%s: key stores of type %s "
                            "cannot be read; use PKCS12 or PEM", v, t);
        free(t);
    } else if (strcmp(key, "ssl.endpoint.identification.algorithm") == 0) {
        rc = kc_clientconf_set(conf, "ssl.endpoint.identification.algorithm",
                               strcasecmp(v, "https") == 0 ? "https" : "none", key, err);
    }
    free(v);
    return rc;
}

/* Java's reconnect.backoff.ms (50 ms; librdkafka's is 100) and reconnect.backoff.max.ms
 * (1 s; librdkafka's is 10 s: after a broker restart its clients came back up to 10 s
 * later than Java's, make faults' brokers scenario); a worker's settings, applied after,
 * win. It matters at start-up: librdkafka drops the bootstrap connection once it knows
 * the cluster's brokers, failing a request that was on it, and holds back a new client's
 * next connection for half of reconnect.backoff.ms, so a client's first request often
 * waits that long.
 *
 * Unless a client connects to every broker as soon as it learns them, instead of on
 * demand (librdkafka's default, sparse connections): then the bootstrap connection is
 * not dropped, and nothing waits. Every client a start-up makes issues its first
 * requests at once; on demand, measured on local brokers: a new admin client's first
 * listing of the topics took 55 ms instead of 5 (librdkafka's other defaults), the
 * internal topics' stores waited 25-50 ms more, a MirrorSource task went from its
 * assignment to RUNNING in 40 ms instead of 23, and exec to that task RUNNING took
 * 271 ms instead of 257 with only the connector's admin clients on demand (medians of
 * 7 to 10 starts). A Java client connects on demand but without that wait; a worker's
 * clients reach most brokers of a cluster anyway (the internal topics' and the
 * replicated topics' partitions are spread over them). */
int
kc_clientconf_connection_defaults(rd_kafka_conf_t *conf, kc_err *err)
{
    int rc;

    if ((rc = kc_clientconf_set(conf, "reconnect.backoff.ms", "50", "reconnect.backoff.ms",
                                err)) != KC_OK ||
        (rc = kc_clientconf_set(conf, "reconnect.backoff.max.ms", "1000",
                                "reconnect.backoff.max.ms", err)) != KC_OK)
        return rc;
    return kc_clientconf_set(conf, "enable.sparse.connections", "false",
                             "enable.sparse.connections", err);
}

int
kc_clientconf_apply(rd_kafka_conf_t *conf, rd_kafka_type_t type, const kc_props *props,
                    const char *prefix, kc_err *err)
{
    client_role other = type == RD_KAFKA_PRODUCER ? ROLE_CONSUMER : ROLE_PRODUCER;
    size_t      plen = strlen(prefix);
    int    rc = KC_OK;

    /* buffer.memory bounds what a producer holds; buffer.memory, if set, wins. Left at its
     * own default (1 GiB), librdkafka would let a fast source fill memory. The default is
     * 8 MiB, not Java's 32 MiB: a Java producer holds its records serialized once, while
     * here a queued record with a lent (zero-copy) value also keeps its fetch buffer and
     * the task's bookkeeping alive, about twice the bytes counted. Connect's producers
     * keep one request in flight per connection, so a deeper queue adds no throughput:
     * make bench measured the same records/s at 8 and 32 MiB, and 2 MiB less RSS per MiB
     * of queue per task (bench/README.md). */
    if (type == RD_KAFKA_PRODUCER &&
        (rc = kc_clientconf_set(conf, "queue.buffering.max.kbytes", KC_PRODUCER_BUFFER_KBYTES,
                                "buffer.memory", err)) != KC_OK)
        return rc;
    if ((rc = kc_clientconf_connection_defaults(conf, err)) != KC_OK)
        return rc;

    for (size_t i = 0; rc == KC_OK && i < props->n; i++) {
        const char       *key = props->items[i].key;
        const client_key *ck;
        char             *v, why[256];

        if (strncmp(key, prefix, plen) == 0 &&
            kc_refused_client(key + plen, props->items[i].value, why, sizeof(why))) {
            rc = kc_err_set(err, KC_EINVAL, "%s=%s is refused: %s (kconnect does not act on "
                            "it)", key, props->items[i].value, why);
            break;
        }
        if (strncmp(key, prefix, plen) != 0 || (ck = find_key(key + plen)) == NULL ||
            ck->role == other)
            continue;
        key += plen;
        v = kc_java_trim(props->items[i].value);
        switch (ck->kind) {
        case MAP_SAME:
        case MAP_RENAME:
            rc = kc_clientconf_set(conf, ck->rk, v, key, err);
            break;
        case MAP_NONEMPTY:
            if (*v)
                rc = kc_clientconf_set(conf, ck->rk, v, key, err);
            break;
        case MAP_LIST: {
            size_t n, off = 0;
            char **items = kc_cfg_split_list(v, &n);
            char  *joined = kc_xmalloc(strlen(v) + 1);
            joined[0] = '\0';
            for (size_t j = 0; j < n; j++)
                off += (size_t) sprintf(joined + off, "%s%s", j ? "," : "", items[j]);
            rc = kc_clientconf_set(conf, ck->rk, joined, key, err);
            free(joined);
            kc_strv_free(items);
            break;
        }
        case MAP_BUFFER:
            rc = kc_clientconf_set(conf, ck->rk, strcmp(v, "-1") == 0 ? "0" : v, key, err);
            break;
        case MAP_KBYTES: {
            char      *end, kb[32];
            long long  bytes = strtoll(v, &end, 10);
            if (end == v || *end != '\0' || bytes < 0)
                rc = kc_err_set(err, KC_EINVAL, "Invalid value %s for configuration %s: Not a "
                                "number of type LONG", v, key);
            else {
                snprintf(kb, sizeof(kb), "%lld", bytes / 1024 + (bytes % 1024 != 0) +
                         (bytes == 0));
                rc = kc_clientconf_set(conf, ck->rk, kb, key, err);
            }
            break;
        }
        case MAP_SPECIAL:
            rc = apply_special(conf, props, prefix, key, props->items[i].value, err);
            break;
        case MAP_DROP:
            break;
        }
        free(v);
    }
    return rc;
}

/* ===== Security of kconnect's own connections ===== */

static const char *
prefixed(const kc_props *props, const char *prefix, const char *key)
{
    char full[256];

    snprintf(full, sizeof(full), "%s%s", prefix, key);
    return kc_props_get(props, full);
}

/* A trimmed copy of the value of prefix+key, NULL when absent or empty. */
static char *
prefixed_trimmed(const kc_props *props, const char *prefix, const char *key)
{
    const char *v = prefixed(props, prefix, key);
    char       *t;

    if (v == NULL)
        return NULL;
    t = kc_java_trim(v);
    if (*t == '\0') {
        free(t);
        return NULL;
    }
    return t;
}

int
kc_clientconf_security(const kc_props *props, const char *prefix, kc_conn_security *sec,
                       kc_err *err)
{
    char *proto = prefixed_trimmed(props, prefix, "security.protocol");
    char *jaas, *module = NULL, *ts_type, *ks_type, *v;
    int   rc = KC_OK;

    memset(sec, 0, sizeof(*sec));
    if (proto == NULL || strcasecmp(proto, "PLAINTEXT") == 0) {
        /* nothing to do */
    } else if (strcasecmp(proto, "SSL") == 0) {
        sec->tls = true;
    } else if (strcasecmp(proto, "SASL_PLAINTEXT") == 0) {
        sec->sasl = true;
    } else if (strcasecmp(proto, "SASL_SSL") == 0) {
        sec->sasl = sec->tls = true;
    } else {
        rc = kc_err_set(err, KC_EINVAL, "security.protocol=%s is not one of PLAINTEXT, SSL, "
                        "SASL_PLAINTEXT, SASL_SSL", proto);
    }
    free(proto);
    if (rc != KC_OK)
        return rc;

    if (sec->sasl) {
        sec->sasl_mechanism = prefixed_trimmed(props, prefix, "sasl.mechanism");
        if (sec->sasl_mechanism == NULL)
            sec->sasl_mechanism = kc_xstrdup("GSSAPI");            /* Java's default */
        if ((jaas = prefixed_trimmed(props, prefix, "sasl.jaas.config")) != NULL) {
            rc = kc_clientconf_parse_jaas(jaas, &module, &sec->sasl_username,
                                          &sec->sasl_password, err);
            free(jaas);
            free(module);
        }
    }
    if (rc == KC_OK && sec->tls) {
        ts_type = prefixed_trimmed(props, prefix, "ssl.truststore.type");
        ks_type = prefixed_trimmed(props, prefix, "ssl.keystore.type");
        if ((v = prefixed_trimmed(props, prefix, "ssl.truststore.location")) != NULL) {
            if (ts_type == NULL || strcasecmp(ts_type, "PEM") != 0)
                rc = kc_err_set(err, KC_EINVAL, "ssl.truststore.location=%s: trust stores of "
                                "type %s cannot be read; convert it to PEM and set "
                                "ssl.truststore.type=PEM", v, ts_type ? ts_type : "JKS");
            sec->ca_file = v;
        }
        sec->ca_pem = prefixed_trimmed(props, prefix, "ssl.truststore.certificates");
        if (rc == KC_OK && (v = prefixed_trimmed(props, prefix, "ssl.keystore.location")) != NULL) {
            if (ks_type == NULL || strcasecmp(ks_type, "PEM") != 0)
                rc = kc_err_set(err, KC_EINVAL, "ssl.keystore.location=%s: kconnect's group "
                                "connection reads PEM key stores (ssl.keystore.type=PEM)", v);
            sec->cert_file = v;
            sec->key_file = kc_xstrdup(v);
        }
        sec->cert_pem = prefixed_trimmed(props, prefix, "ssl.keystore.certificate.chain");
        sec->key_pem = prefixed_trimmed(props, prefix, "ssl.keystore.key");
        sec->key_password = prefixed_trimmed(props, prefix, "ssl.key.password");
        v = prefixed_trimmed(props, prefix, "ssl.endpoint.identification.algorithm");
        sec->verify_hostname = prefixed(props, prefix, "ssl.endpoint.identification.algorithm")
                               == NULL || (v != NULL && strcasecmp(v, "https") == 0);
        free(v);
        free(ts_type);
        free(ks_type);
    }
    if (rc != KC_OK)
        kc_conn_security_clear(sec);
    return rc;
}

/* ===== A connector's clients ===== */

/* See clientconf.h: the worker's bootstrap.servers, the base settings for tasks (Java's
 * baseProducerConfigs / baseConsumerConfigs; none for admin), worker "<kind>.*", then the
 * connector's "<kind>.override.*". Two additions:
 * - the worker's own security settings (security.protocol, sasl.*, ssl.*) are laid under
 *   them, so a cluster that needs them is reachable by tasks too; Java requires them to be
 *   repeated under producer./consumer. (an explicit one still wins);
 * - the producer is idempotent, where Java's is not. Java's keeps a partition's order across
 *   retried sends with one request in flight; librdkafka's does not unless idempotent: the
 *   request built while the one before it is in flight goes out as soon as that one is
 *   refused with a retriable error (NOT_ENOUGH_REPLICAS, NOT_LEADER_OR_FOLLOWER), so its
 *   records land first (librdkafka's CONFIGURATION.md, "retries"). Idempotent, it also
 *   writes a record refused after its append (NOT_ENOUGH_REPLICAS_AFTER_APPEND) once. As
 *   Java's client does when enable.idempotence is not given, settings that idempotence does
 *   not allow turn it off; given explicitly, true with such settings fails the task. */
void
kc_clientconf_connector(const kc_props *wp, const json_t *connector_config, const char *kind,
                        const char *label, kc_props *out)
{
    /* Java's baseProducerConfigs, then linger.ms 0 (a user's linger.ms still wins). Java's
     * default linger.ms (5 ms) does not mean the same in librdkafka: once one partition's
     * batch is ready, Java's sender drains the batches of every partition on that broker into
     * the same request, while librdkafka waits out the linger of each partition and sends one
     * partition per request. With one request in flight per connection, records queue behind
     * the request in flight anyway, so the batches stay large at full speed; but at 10,000
     * records/s over 8 partitions a lingering librdkafka producer made the median record
     * wait about 3 ms longer than Java's (make bench, latency). enable.idempotence is
     * decided last, from the layered settings. */
    static const char *const producer_base[] = {
        "acks", "all",
        "max.in.flight.requests.per.connection", "1", "delivery.timeout.ms", "2147483647",
        "linger.ms", "0", NULL,
    };
    static const char *const consumer_base[] = {
        "enable.auto.commit", "false", "auto.offset.reset", "earliest", NULL,
    };
    char            prefix[64], override[64];
    const char     *key;
    json_t         *v;
    bool            producer = strcmp(kind, "producer") == 0;

    kc_props_init(out, label);
    snprintf(prefix, sizeof(prefix), "%s.", kind);
    snprintf(override, sizeof(override), "%s.override.", kind);
    for (size_t i = 0; i < wp->n; i++) {
        const char *k = wp->items[i].key;
        if (kc_client_connection_key(k))
            kc_props_set(out, k, wp->items[i].value, 0);
    }
    for (const char *const *b = producer ? producer_base : strcmp(kind, "consumer") == 0
                                ? consumer_base : NULL; b != NULL && *b != NULL; b += 2)
        kc_props_set(out, b[0], b[1], 0);
    for (size_t i = 0; i < wp->n; i++)
        if (strncmp(wp->items[i].key, prefix, strlen(prefix)) == 0)
            kc_props_set(out, wp->items[i].key + strlen(prefix), wp->items[i].value, 0);
    json_object_foreach((json_t *) connector_config, key, v)
        if (strncmp(key, override, strlen(override)) == 0 && json_is_string(v))
            kc_props_set(out, key + strlen(override), json_string_value(v), 0);
    if (producer && !kc_client_default_idempotence(out))
        kc_log_info("task", "[%s] producer not idempotent (its acks, retries or "
                    "max.in.flight.requests.per.connection do not allow it): a retried "
                    "send may land after records sent behind it", label);
}

bool
kc_clientconf_connector_gives(const kc_props *wp, const json_t *connector_config,
                              const char *kind, const char *key)
{
    char name[256];

    snprintf(name, sizeof(name), "%s.%s", kind, key);
    if (kc_props_get(wp, name) != NULL)
        return true;
    snprintf(name, sizeof(name), "%s.override.%s", kind, key);
    return json_is_string(json_object_get(connector_config, name));
}
