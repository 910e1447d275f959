/*
 * rest/plugins.h - reading a connector config from a request body as Jackson reads it,
 * shared by /connector-plugins and the /connectors resources that write configs.
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

#endif
