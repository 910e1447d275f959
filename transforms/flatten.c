/*
 * transforms/flatten.c - Flatten: nested structs (with a schema) or maps (without) made one
 * level, the field names joined with the delimiter, as a $Key and a $Value class sharing
 * code.
 *
 * Without a schema the result is Java's LinkedHashMap: the members in the order they are
 * met, each input map iterated as Java iterates the HashMap JsonConverter reads it into
 * (kc_tf_map_iteration), a name met again keeping its first place. With a schema the new
 * struct's fields follow the schema's order; a field under an optional parent is optional,
 * and takes its default from its parent's default when it has none of its own. Nulls read
 * as their field's default, as Java's Struct.get reads them.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "transforms/builtin.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/common.h"
#include "lib/data.h"
#include "lib/json_java.h"
#include "transforms/common.h"

static const kc_cfg_def flatten_defs[] = {
    { .name = "delimiter", .type = KC_CFG_STRING, .dflt = "." },
};

static const kc_tf_key_doc flatten_docs[] = {
    { "MEDIUM", "Delimiter to insert between field names from the input record when generating "
                "field names for the output record" },
};

typedef struct {
    const kc_transform_ops *ops;
    char                   *delimiter;
} flatten;

static json_t *
flatten_config_def(void)
{
    return kc_tf_config_def(flatten_defs, flatten_docs, KC_ARRAY_LEN(flatten_defs));
}

static void
flatten_close(void *priv)
{
    flatten *f = priv;

    if (f == NULL)
        return;
    free(f->delimiter);
    free(f);
}

static int
flatten_configure(const kc_transform_ops *self, const json_t *config, void **priv, char *err,
                  size_t errlen)
{
    kc_cfg   cfg;
    flatten *f;

    if (kc_tf_parse(&cfg, flatten_defs, KC_ARRAY_LEN(flatten_defs), config, err, errlen) !=
        KC_PLUGIN_OK)
        return KC_PLUGIN_FATAL;
    f = kc_xcalloc(1, sizeof(*f));
    f->ops = self;
    /* A null delimiter is joined as Java joins a null String: "null". */
    f->delimiter = kc_xstrdup(kc_cfg_str(&cfg, "delimiter") != NULL
                              ? kc_cfg_str(&cfg, "delimiter") : "null");
    kc_cfg_free(&cfg);
    *priv = f;
    return KC_PLUGIN_OK;
}

/* The flattened name of field under prefix ("" at the top). New string. */
static char *
field_name(const flatten *f, const char *prefix, const char *field)
{
    if (prefix[0] == '\0')
        return kc_xstrdup(field);
    return kc_xasprintf("%s%s%s", prefix, f->delimiter, field);
}

static const char flatten_purpose[] = "flattening";

/* The members of map into out under prefix; -1 with the DataException. */
static int
flatten_map(const flatten *f, const json_t *map, const char *prefix, json_t *out, char *err,
            size_t errlen)
{
    json_t     *in = kc_tf_map_iteration(map), *v;
    const char *key;
    int         rc = 0;

    json_object_foreach(in, key, v) {
        char *name = field_name(f, prefix, key);
        if (json_is_object(v))
            rc = flatten_map(f, v, name, out, err, errlen);
        else
            json_object_set(out, name, v);        /* a name met again keeps its place */
        free(name);
        if (rc != 0)
            break;
    }
    json_decref(in);
    return rc;
}

static bool
flat_type(const char *t)
{
    return strcmp(t, "map") != 0 && strcmp(t, "struct") != 0;
}

static int
unsupported(const char *t, const char *name, char *err, size_t errlen)
{
    return kc_tf_fail(err, errlen, "Flatten transformation does not support %s for record with "
                      "schemas (for field %s).", kc_schema_type_name(t), name);
}

/* buildUpdatedSchema: the fields of schema into ns under prefix; -1 with the DataException. */
static int
flatten_schema(const flatten *f, const json_t *schema, const char *prefix, json_t *ns,
               bool optional, const json_t *parent_default, char *err, size_t errlen)
{
    const json_t *fs;
    size_t        i;
    int           rc = 0;

    json_array_foreach(json_object_get(schema, "fields"), i, fs) {
        const char   *field = json_string_value(json_object_get(fs, "field"));
        const char   *t = kc_schema_type(fs);
        char         *name = field_name(f, prefix, field);
        bool          opt = optional || kc_schema_optional(fs);
        const json_t *dflt = json_object_get(fs, "default"), *version;
        if ((dflt == NULL || json_is_null(dflt)) && parent_default != NULL)
            dflt = json_object_get(parent_default, field);
        if (dflt != NULL && json_is_null(dflt))
            dflt = NULL;
        if (strcmp(t, "struct") == 0) {
            rc = flatten_schema(f, fs, name, ns, opt, dflt, err, errlen);
        } else if (!flat_type(t)) {
            rc = unsupported(t, name, err, errlen);
        } else if (kc_schema_field(ns, name) != NULL) {
            rc = kc_tf_fail(err, errlen, "Cannot create field because of field name duplication "
                            "%s", name);
        } else {
            json_t *s = json_pack("{s:s}", "type", t);
            if (strcmp(t, "array") == 0)
                json_object_set_new(s, "items", json_deep_copy(json_object_get(fs, "items")));
            version = json_object_get(fs, "version");
            kc_schema_finish(s, opt, kc_schema_name(fs),
                             json_is_integer(version) ? (long) json_integer_value(version) : -1,
                             json_string_value(json_object_get(fs, "doc")),
                             json_object_get(fs, "parameters"), dflt);
            kc_schema_add_field(ns, name, s);
            json_decref(s);
        }
        free(name);
        if (rc != 0)
            return -1;
    }
    return 0;
}

/* buildWithSchema: the fields of value (schema's; NULL: none) into out under prefix. */
static int
flatten_struct(const flatten *f, const json_t *schema, const json_t *value, const char *prefix,
               const json_t *ns, json_t *out, char *err, size_t errlen)
{
    const json_t *fs;
    size_t        i;
    int           rc = 0;

    if (value == NULL || json_is_null(value))
        return 0;
    json_array_foreach(json_object_get(schema, "fields"), i, fs) {
        const char *field = json_string_value(json_object_get(fs, "field"));
        const char *t = kc_schema_type(fs);
        char       *name = field_name(f, prefix, field);
        json_t     *v = kc_tf_struct_get(schema, value, field, true);
        if (strcmp(t, "struct") == 0) {
            rc = flatten_struct(f, fs, v, name, ns, out, err, errlen);
        } else if (!flat_type(t)) {
            rc = unsupported(t, name, err, errlen);
        } else if (kc_tf_check_put(kc_schema_field(ns, name), name, v, err, errlen) !=
                   KC_PLUGIN_OK) {
            rc = -1;
        } else {
            json_object_set(out, name, v);
        }
        free(name);
        if (rc != 0)
            return -1;
    }
    return 0;
}

static int
flatten_apply(void *priv, kc_connect_record *rec, bool *drop, char *err, size_t errlen)
{
    flatten         *f = priv;
    kc_connect_data *d = kc_tf_operand(f->ops, rec);
    const json_t    *schema = d->schema, *value = d->json, *version, *fs;
    json_t          *out, *ns;
    size_t           i;

    *drop = false;
    if (value == NULL || json_is_null(value))
        return KC_PLUGIN_OK;
    if (schema == NULL) {
        if (kc_tf_require_map(value, flatten_purpose, err, errlen) != KC_PLUGIN_OK)
            return KC_PLUGIN_FATAL;
        out = json_object();
        if (flatten_map(f, value, "", out, err, errlen) != 0) {
            json_decref(out);
            return KC_PLUGIN_FATAL;
        }
        kc_crec_set(d, NULL, out);
        return KC_PLUGIN_OK;
    }
    if (kc_tf_require_struct(schema, value, flatten_purpose, err, errlen) != KC_PLUGIN_OK)
        return KC_PLUGIN_FATAL;
    /* The schema: copySchemaBasics (neither optional nor default), the fields flattened. */
    ns = kc_schema_struct();
    if (flatten_schema(f, schema, "", ns, kc_schema_optional(schema),
                       json_object_get(schema, "default"), err, errlen) != 0) {
        json_decref(ns);
        return KC_PLUGIN_FATAL;
    }
    version = json_object_get(schema, "version");
    kc_schema_finish(ns, false, kc_schema_name(schema),
                     json_is_integer(version) ? (long) json_integer_value(version) : -1,
                     json_string_value(json_object_get(schema, "doc")),
                     json_object_get(schema, "parameters"), NULL);
    /* The value: every field of the new struct, null where a parent was null. */
    out = json_object();
    json_array_foreach(json_object_get(ns, "fields"), i, fs)
        json_object_set(out, json_string_value(json_object_get(fs, "field")), json_null());
    if (flatten_struct(f, schema, value, "", ns, out, err, errlen) != 0) {
        json_decref(out);
        json_decref(ns);
        return KC_PLUGIN_FATAL;
    }
    kc_crec_set(d, ns, out);
    return KC_PLUGIN_OK;
}

const kc_transform_ops kc_tf_flatten_key = KC_TF_KV_OPS("Flatten", KC_TF_KEY, "Key", flatten);
const kc_transform_ops kc_tf_flatten_value =
    KC_TF_KV_OPS("Flatten", KC_TF_VALUE, "Value", flatten);
