/*
 * rest/plugins.h - connector config validation shared by /connector-plugins and the
 * /connectors resources that write configs.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_REST_PLUGINS_H
#define KC_REST_PLUGINS_H

#include <jansson.h>
#include <stdbool.h>

#include "connectors/connector.h"
#include "rest/server.h"

struct kc_rest_response;

/* Java's ConfigInfos for config (a JSON object of strings and nulls, borrowed) against the
 * connector class ops: Connect's keys, then the connector's own, each with value and
 * errors. New reference. Any thread. */
json_t *kc_rest_validate(const kc_rest_ctx *ctx, const json_t *config,
                         const kc_connector_ops *ops);

/* "Connector configuration is invalid and contains the following N error(s):\n..." for a
 * ConfigInfos with errors. New string. */
char *kc_rest_validation_message(const json_t *infos);

/* Java's message for a connector class no plugin provides, after prefix (the exception
 * names Java puts before it on each endpoint). New string. */
char *kc_rest_unknown_class_message(const char *cls, const char *prefix);

/* How Jackson names a JSON value it cannot map: "Array value (token `JsonToken.START_ARRAY`)"
 * and so on, the tail of its "Cannot deserialize value of type `T` from ..." message.
 * Static string. */
const char *kc_rest_jackson_shape(const json_t *v);

/* Jackson's location suffix for a value it cannot map in the request body text:
 * "\n at [Source: REDACTED (...); line: L, column: C]", then, when chain is not empty,
 * " (through reference chain: T1[\"k1\"]->T2[\"k2\"])". chain alternates the Java type
 * holding a key and the key, NULL-terminated ({NULL}: the body itself). The line and column
 * are those of the value's first character. "" when the value is not found. New string. */
char *kc_rest_jackson_where(const char *body, size_t len, const char *const *chain);

/* Config values as Jackson reads a Map<String,String>: numbers and booleans become their
 * text; an object or array is Jackson's 500 (filled into resp, false), located in the body
 * text through outer (the chain to the config, as kc_rest_jackson_where takes it; NULL: the
 * config is the body, a java.util.LinkedHashMap). In place. */
bool kc_rest_coerce_config(json_t *config, struct kc_rest_response *resp, const char *body,
                           size_t len, const char *const *outer);

/* Connect's error body with a message of any length (kc_rest_error's is bounded). */
void kc_rest_error_text(struct kc_rest_response *resp, int status, const char *text);

/* A config as a Java HashMap prints it: {k=v, k2=v2}, in HashMap order. New string. */
char *kc_rest_java_map_text(const json_t *config);

#endif
