/*
 * worker/plugins.h - the connector classes this worker can run: the built-in ones and
 * those loaded from plugin.path (.so files exporting KC_CONNECTOR_ENTRY), looked up by
 * Java class name or alias as Connect does.
 *
 * Loaded once on the main thread at start-up; read-only afterwards (any thread).
 * Plugins are never unloaded (a task thread may still run their code).
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_PLUGINS_H
#define KC_PLUGINS_H

#include "connectors/connector.h"
#include "lib/common.h"

/* The Kafka release whose framework plugins (converters) kconnect stands in for. */
#define KC_FRAMEWORK_VERSION "4.3.1"

/* Registers the built-ins, then every plugin under the paths (a NULL-terminated list of
 * directories or .so files). A plugin that cannot be loaded is logged and skipped. */
void kc_plugins_init(const kc_host *host, char **plugin_path);

/* The class for a name ("org.apache....FileStreamSourceConnector", "FileStreamSource");
 * leading and trailing blanks are ignored. NULL if unknown. */
const kc_connector_ops *kc_plugins_find(const char *name);

/* Every class, NULL-terminated (borrowed). */
const kc_connector_ops *const *kc_plugins_all(size_t *n);

/* The transformation or predicate (kind: KC_TRANSFORMATION, KC_PREDICATE) for a class name
 * or, for a top-level class, its simple name. NULL if unknown. */
const kc_transform_ops *kc_plugins_transform(const char *name, int kind);

/* Every transformation and predicate, NULL-terminated (borrowed). */
const kc_transform_ops *const *kc_plugins_transforms(size_t *n);

/* Loads one .so; KC_EPLUGIN with the reason (missing symbol, wrong ABI, missing members). */
int kc_plugins_load(const kc_host *host, const char *path, kc_err *err);

/* Java's message for a connector class no plugin provides, after prefix (the exception
 * names Java puts before it on each endpoint): every class it could have named, sorted.
 * New string. */
char *kc_plugins_unknown_message(const char *cls, const char *prefix);

#endif
