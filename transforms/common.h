/*
 * transforms/common.h - what the built-in transformations and predicates share: their
 * ConfigDef as the REST API shows it, config parsing with Java's ConfigException texts,
 * the key-or-value choice of the $Key/$Value classes, and DataException messages.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_TF_COMMON_H
#define KC_TF_COMMON_H

#include "connectors/connector.h"
#include "lib/configdef.h"

#define KC_TF_VERSION "4.3.1"

/* The $Key and $Value classes of one transformation share code; ops->variant says which. */
enum {
    KC_TF_KEY = 0,
    KC_TF_VALUE = 1,
};

/* What Java's ConfigDef holds beyond what parsing needs: one per kc_cfg_def, same order. */
typedef struct kc_tf_key_doc {
    const char *importance;          /* "HIGH", "MEDIUM", "LOW" */
    const char *doc;
} kc_tf_key_doc;

/* The ConfigKeyInfo array of defs[0..n) (GET /connector-plugins/<class>/config). New. */
json_t *kc_tf_config_def(const kc_cfg_def *defs, const kc_tf_key_doc *docs, size_t n);

/* kc_cfg_parse_json with Java's message in err: KC_PLUGIN_OK or KC_PLUGIN_FATAL. */
int kc_tf_parse(kc_cfg *cfg, const kc_cfg_def *defs, size_t n, const json_t *config,
                char *err, size_t errlen);

/* printf into err; returns KC_PLUGIN_FATAL. */
int kc_tf_fail(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The key or the value of rec, as the class's variant chooses. */
static inline kc_connect_data *
kc_tf_operand(const kc_transform_ops *ops, kc_connect_record *rec)
{
    return ops->variant == KC_TF_KEY ? &rec->key : &rec->value;
}

/* The reads flag of the variant. */
#define KC_TF_READS(variant) ((variant) == KC_TF_KEY ? KC_READS_KEY : KC_READS_VALUE)

/* Validators shared by several classes (KC_VAL_CUSTOM): Java's NonEmptyString and
 * RegexValidator (and both, as TopicNameMatches composes them). */
int kc_tf_non_empty_string(const kc_cfg_def *def, const kc_cfg_value *v, const char *shown,
                           kc_err *err);
int kc_tf_valid_regex(const kc_cfg_def *def, const kc_cfg_value *v, const char *shown,
                      kc_err *err);
int kc_tf_non_empty_regex(const kc_cfg_def *def, const kc_cfg_value *v, const char *shown,
                          kc_err *err);

/* Java's Requirements: KC_PLUGIN_OK when value is a Map (schemaless) or a Struct, else
 * KC_PLUGIN_FATAL with "Only Map objects supported in absence of schema for [purpose],
 * found: <class>" or the Struct one. */
int kc_tf_require_map(const json_t *value, const char *purpose, char *err, size_t errlen);
int kc_tf_require_struct(const json_t *schema, const json_t *value, const char *purpose,
                         char *err, size_t errlen);

/* Java's Struct.get (with_default: a null field reads as its schema's default) and
 * getWithoutDefault: the field's value in the struct value (borrowed; JSON null when none). */
json_t *kc_tf_struct_get(const json_t *schema, const json_t *value, const char *name,
                         bool with_default);

/* Java's Struct.put check for a null into field schema fs: KC_PLUGIN_OK or the
 * DataException. */
int kc_tf_check_put(const json_t *fs, const char *name, const json_t *v, char *err,
                    size_t errlen);

/* A struct field's schema without its "field" member. New. */
json_t *kc_tf_field_schema(const json_t *fs);

/* The members of a schemaless map value in the order Java iterates the map, which is the
 * order they are held in (lib/data.h: JsonConverter's HashMap, a transformation's own).
 * New shallow copy. */
json_t *kc_tf_map_iteration(const json_t *map);

/* The schema a class built for an input schema, kept for the next record (Java's classes
 * keep an LRU cache of them): records of one source share their schema, and building one is
 * the costliest part of a transformation. One per instance: its task's thread only. */
typedef struct kc_tf_schema_cache {
    json_t *in, *out;
} kc_tf_schema_cache;

/* The schema built for in (a new reference), or NULL when it is not the one remembered. */
json_t *kc_tf_cache_get(const kc_tf_schema_cache *c, const json_t *in);
/* Remembers out as built for in; returns out. */
json_t *kc_tf_cache_put(kc_tf_schema_cache *c, const json_t *in, json_t *out);
void kc_tf_cache_clear(kc_tf_schema_cache *c);

/* The kc_transform_ops of a $Key or $Value class of Java's `java` (a name in
 * org.apache.kafka.connect.transforms) whose functions are prefix_config_def,
 * prefix_configure, prefix_apply and prefix_close. */
#define KC_TF_KV_OPS(java, variant_, suffix, prefix)                                        \
    {                                                                                       \
        .abi = KC_TRANSFORM_ABI, .kind = KC_TRANSFORMATION,                                 \
        .class_name = "org.apache.kafka.connect.transforms." java "$" suffix,               \
        .version = KC_TF_VERSION, .reads = KC_TF_READS(variant_), .variant = (variant_),    \
        .config_def = prefix##_config_def, .configure = prefix##_configure,                 \
        .apply = prefix##_apply, .close = prefix##_close,                                   \
    }

#endif
