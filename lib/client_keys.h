/*
 * lib/client_keys.h - what some Java Kafka client settings mean, by name, for every floor:
 * which ones make a cluster connection, and Java's producer default for idempotence.
 * worker/clientconf.h turns the settings into librdkafka's.
 *
 * Thread-safe: pure functions over their arguments.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_CLIENT_KEYS_H
#define KC_CLIENT_KEYS_H

#include <stdbool.h>

#include "lib/props.h"

/* Whether key names or secures a cluster connection (bootstrap.servers, security.protocol,
 * ssl.*, sasl.*): what Java's MirrorClientConfig keeps from "<cluster>." prefixes, and what
 * the worker lays under its tasks' clients. */
bool kc_client_connection_key(const char *key);

/* Java's producer default for enable.idempotence, for a producer whose settings (p) do not
 * name it: on, unless acks other than all/-1, retries=0 or more than 5 requests in flight
 * forbid it (librdkafka refuses idempotence with those). With librdkafka it matters more than
 * with Java's client: only an idempotent librdkafka producer keeps a partition's order across
 * a retried send (otherwise the request built behind a refused one goes out first;
 * CONFIGURATION.md, "retries"). Sets the key in p. Returns false when idempotence was left
 * off for that reason (Java logs it at INFO), true otherwise, including when p names the key
 * (the user's value stands, conflicts and all). */
bool kc_client_default_idempotence(kc_props *p);

#endif
