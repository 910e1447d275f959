/*
 * worker/clientconf.h - Java Kafka client settings, as users write them, to librdkafka's.
 *
 * Operators configure kconnect with Java client names (security.protocol, sasl.mechanism,
 * sasl.jaas.config, ssl.truststore.location, linger.ms, ...). This file is the one place
 * that knows how each maps onto librdkafka: renamed keys, JAAS login modules turned into
 * sasl.username/sasl.password, PEM trust and key stores, Java units converted. A Java key
 * with no librdkafka meaning is left out when that changes nothing (serializers, metrics
 * sampling), and refused when it would (worker/refused.h: a Java class to load, a TLS
 * setting of Java's).
 *
 * Thread-safe: pure functions over their arguments.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_CLIENTCONF_H
#define KC_CLIENTCONF_H

#include <jansson.h>
#include <stdbool.h>
#include <librdkafka/rdkafka.h>

#include "protocol/kafka_conn.h"
#include "lib/client_keys.h"
#include "lib/common.h"
#include "lib/props.h"

/* A producer's buffer.memory when the configuration has none, as librdkafka's
 * queue.buffering.max.kbytes (kc_clientconf_apply says why it is not Java's 32 MiB). */
#define KC_PRODUCER_BUFFER_KBYTES "8192"

/* Whether key is a Java client setting this file understands (refused ones included). */
bool kc_clientconf_knows(const char *java_key);

/* Applies every key of props that starts with prefix ("" for all; the prefix is stripped)
 * to conf, for a client of the given type (producer-only keys are left out of consumers and
 * the reverse, as Java clients ignore what is not theirs). KC_EINVAL with the key named when a value cannot be carried over (a JKS trust
 * store, a malformed sasl.jaas.config, an unsupported login module). */
int kc_clientconf_apply(rd_kafka_conf_t *conf, rd_kafka_type_t type, const kc_props *props,
                        const char *prefix, kc_err *err);

/* What every client gets before its own settings (kc_clientconf_apply starts with it):
 * Java's reconnect.backoff.ms and a connection to each broker as soon as it is known.
 * KC_EINVAL on a librdkafka that refuses them. */
int kc_clientconf_connection_defaults(rd_kafka_conf_t *conf, kc_err *err);

/* Sets one librdkafka property; KC_EINVAL naming the Java key it came from on failure. */
int kc_clientconf_set(rd_kafka_conf_t *conf, const char *rk_key, const char *value,
                      const char *java_key, kc_err *err);

/* Parses a Java sasl.jaas.config value: "<LoginModule> <flag> k=v ... ;". On success
 * *module gets the class name, *user and *password the options of those names (new strings,
 * NULL when absent). */
int kc_clientconf_parse_jaas(const char *jaas, char **module, char **user, char **password,
                             kc_err *err);

/* Fills sec (zeroed first) from the keys under prefix: security.protocol, sasl.mechanism,
 * sasl.jaas.config, ssl.* (PEM stores). For the connections kconnect makes itself (the
 * Connect group protocol). KC_EINVAL naming the key when something cannot be honoured. */
int kc_clientconf_security(const kc_props *props, const char *prefix, kc_conn_security *sec,
                           kc_err *err);

/* The settings of a connector's producer, consumer or admin client (kind: "producer",
 * "consumer", "admin") into out (initialised here; label names it in messages), from the
 * worker's settings (worker) and the connector's config, as Java's Worker layers them
 * (baseProducerConfigs, baseConsumerConfigs, adminConfigs): the worker's connection
 * settings, the base settings for tasks, the worker's "<kind>.*", then the connector's
 * "<kind>.override.*". A producer's enable.idempotence is decided last, from what is laid
 * (kc_client_default_idempotence). */
void kc_clientconf_connector(const kc_props *worker, const json_t *connector_config,
                             const char *kind, const char *label, kc_props *out);

/* True when the worker's "<kind>.<key>" or the connector's "<kind>.override.<key>" gives
 * key, so that a default of the caller's own must not replace it. */
bool kc_clientconf_connector_gives(const kc_props *worker, const json_t *connector_config,
                                   const char *kind, const char *key);

#endif
