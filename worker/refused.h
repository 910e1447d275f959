/*
 * worker/refused.h - settings kconnect reads but does not act on, refused by name.
 *
 * A setting a Java worker honours and kconnect does not (REST extensions but basic auth,
 * a client interceptor, ...) is never accepted quietly: a
 * worker file or mm2.properties that sets one stops the worker at start, before it listens,
 * and a connector config that sets one fails validation (and its start, for configs that
 * reach the worker without REST: a Java worker's in a mixed cluster, MirrorMaker's). A value
 * that needs nothing kconnect lacks (the default, mostly) is accepted. The README's
 * compatibility section lists what is refused; a feature that lands takes its key off here.
 *
 * Pure functions; any thread.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_REFUSED_H
#define KC_REFUSED_H

#include <jansson.h>
#include <stdbool.h>

#include "lib/common.h"
#include "lib/props.h"

/* Whether java_key=value is a Java client setting kconnect cannot honour (a Java class to
 * load, a TLS setting of Java's, ...) at a value other than one needing nothing more; why
 * says what is missing. kc_clientconf_apply refuses such a client (KC_EINVAL naming it). */
bool kc_refused_client(const char *java_key, const char *value, char *why, size_t size);
/* Whether java_key is one of those (at any value). */
bool kc_refused_client_key(const char *java_key);

/* Whether an entry of rest.extension.classes is refused: every class but Kafka's
 * BasicAuthSecurityRestExtension (by its class or simple name), which rest/auth.c runs. */
bool kc_refused_rest_extension(const char *class_name);

/* A worker's properties: KC_EINVAL for the first refused setting, err naming the file, line,
 * key and value and what kconnect lacks. distributed: a connect-distributed worker file
 * (rest.extension.classes naming another extension is refused there, naming the class;
 * MirrorMaker's REST server, Java's too, loads no extension); false for a flow of
 * mm2.properties. */
int kc_refused_worker(const kc_props *props, bool distributed, kc_err *err);

/* A connector config (string values): fn(arg, key, value, message) for each refused setting.
 * plugin_version: the connector's version, for connector.plugin.version. */
typedef void (*kc_refused_fn)(void *arg, const char *key, const char *value,
                              const char *message);
void kc_refused_connector(const json_t *config, const char *plugin_version, kc_refused_fn fn,
                          void *arg);

/* The first refused setting of a connector config as one message ("key=value: why"),
 * into buf; false when there is none. */
bool kc_refused_connector_first(const json_t *config, const char *plugin_version, char *buf,
                                size_t size);

#endif
