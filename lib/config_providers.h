/*
 * lib/config_providers.h - config providers (KIP-297, KIP-887, KIP-993): `${provider:[path:]key}`
 * placeholders in configuration values, resolved by the providers `config.providers` names.
 *
 * Three providers, Kafka's own, under their Java class names:
 *   FileConfigProvider       ${file:/etc/secrets.properties:db.password}  a key of a properties file
 *   DirectoryConfigProvider  ${directory:/run/secrets:db-password}        a file's whole content
 *   EnvVarConfigProvider     ${env:DB_PASSWORD}                           an environment variable
 * with their parameters `config.providers.<name>.param.allowed.paths` (file, directory) and
 * `.param.allowlist.pattern` (env). Any other class stops the worker at start, naming it: a
 * placeholder must never reach a connector unresolved because its provider is missing.
 *
 * What is left as written, as Java's ConfigTransformer leaves it: a placeholder of a provider
 * not configured, a key its provider does not have, a path outside allowed.paths (warned),
 * a directory that is not one (warned), an empty path for file or directory. What fails the
 * whole resolution (Java's ConfigException): a file that cannot be read or is not UTF-8, a
 * directory that cannot be listed, a path given to env. None of the three gives a TTL, so
 * nothing is ever scheduled for reloading (Java's WorkerConfigTransformer restarts a connector
 * only when a provider returns one).
 *
 * A kc_config_providers is built once (main thread) and read-only afterwards: any thread may
 * resolve with it. Each resolution reads the files and the environment again, so a rotated
 * secret is seen by the next one.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_CONFIG_PROVIDERS_H
#define KC_CONFIG_PROVIDERS_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "lib/common.h"
#include "lib/props.h"

/* ===== The placeholder syntax ===== */

/* One placeholder found in a value: value[start, end) is the whole `${...}`; the parts point
 * into value. path is "" (path_len 0) when it has none, as Java's EMPTY_PATH. */
typedef struct kc_cp_var {
    size_t      start, end;
    const char *provider, *path, *key;
    size_t      provider_len, path_len, key_len;
} kc_cp_var;

/* The next placeholder of value at or after byte from, as Java's DEFAULT_PATTERN
 * `\$\{([^}]*?):(([^}]*?):)?([^}]*?)\}` finds it: from a `${`, up to the first `}`; the
 * provider runs to the first ':', the path (when a second ':' follows) to the next one, the
 * key is the rest, colons included. A `${` whose `}` comes before any ':' is no placeholder,
 * and a `${` inside one is part of it. There is no escape: `$${a:b}` is `$` and a placeholder.
 * Pure: any thread. */
bool kc_cp_next(const char *value, size_t from, kc_cp_var *var);

/* Whether value holds a placeholder (Java's keysWithVariableValues test). */
bool kc_cp_has_var(const char *value);

/* ===== Providers ===== */

typedef struct kc_config_providers kc_config_providers;

/* How `config.providers` is split into names: KC_CP_NAMES_LIST as a ConfigDef LIST (items
 * trimmed: the worker's and MirrorMaker's transformers), KC_CP_NAMES_SPLIT as Java's
 * AbstractConfig splits it to resolve the file's own values (String.split(","), untrimmed). */
typedef enum { KC_CP_NAMES_LIST, KC_CP_NAMES_SPLIT } kc_cp_names;

/* Builds the providers props configures: each name of `config.providers` whose
 * `config.providers.<name>.class` is set, with its `.param.*` settings (a name without a
 * class is left out, as in Java: its placeholders stay as written). *out is NULL when none
 * is configured. KC_EINVAL, err naming the file, line, key and value, for a class other than
 * the three (Java's "Could not load config provider class ...") or a parameter the provider
 * refuses (Java's messages: "Path x is not absolute", "Path x does not exist", a bad
 * allowlist.pattern). */
int kc_config_providers_new(const kc_props *props, kc_cp_names names,
                            kc_config_providers **out, kc_err *err);
void kc_config_providers_free(kc_config_providers *cp);

/* The full class name for a class setting kconnect implements (full name, simple name or
 * Connect's alias: FileConfigProvider, File, ...), else NULL. */
const char *kc_config_providers_class(const char *name);

/* ===== Resolving ===== */

/* Resolves every string value of config (a JSON object; other values are copied as they
 * are) with cp (NULL: nothing to resolve). Returns a new object, or NULL with KC_EINVAL and
 * Java's ConfigException message in err when a provider fails. */
json_t *kc_config_providers_transform_json(const kc_config_providers *cp, const json_t *config,
                                           kc_err *err);

/* The same for properties: out (initialised here, same origin and lines) gets in's entries
 * resolved. On failure out is left empty and err names the file and line of the first value
 * whose placeholder failed, then Java's message. */
int kc_config_providers_transform_props(const kc_config_providers *cp, const kc_props *in,
                                        kc_props *out, kc_err *err);

/* Java's AbstractHerder.reverseTransform: for each key whose value in raw (the connector
 * config as written) holds a placeholder, a task config (resolved values a connector made)
 * that has the key gets raw's value back. Changes task in place. */
void kc_config_providers_reverse(const json_t *raw, json_t *task);

/* ===== Masking ===== */

/* text with each resolved value (of a key whose raw value holds a placeholder, and that
 * differs from it) replaced by the raw value, so an error message shows `${file:...}` and
 * never the secret. Values shorter than KC_CP_MASK_MIN are left alone in free text: they would
 * mask ordinary words. New string. */
#define KC_CP_MASK_MIN 4
char *kc_config_providers_mask_json(const char *text, const json_t *raw, const json_t *resolved);
/* The same for one setting, whatever the length of its value: for the messages about it. */
char *kc_config_providers_mask_value(const char *text, const char *raw, const char *resolved);
char *kc_config_providers_mask_props(const char *text, const kc_props *raw,
                                     const kc_props *resolved);

#endif
