/*
 * transforms/header_from.c - HeaderFrom: fields of the key or the value copied or moved
 * into headers, as a $Key and a $Value class sharing code.
 *
 * A header added carries its field's schema and value (without a schema, the map member's
 * value and no schema; a missing member is a null header). Moving leaves a new struct (its
 * schema copySchemaBasics' copy without the moved fields) or a new map (Java's HashMap copy,
 * in that map's order). Java fails on a null key or value, and so does this.
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

static const char replace_null_doc[] =
    "Whether to replace fields that have a default value and that are null to the default "
    "value. When set to true, the default value is used, otherwise null is used.";

static const char *const operations[] = { "move", "copy", NULL };

/* Java's NonEmptyListValidator: empty items are fine, an empty list is not. */
static int
non_empty_list(const kc_cfg_def *def, const kc_cfg_value *v, const char *shown, kc_err *err)
{
    if (v->nlist == 0)
        return kc_err_set(err, KC_EINVAL, "Invalid value %s for configuration %s: Empty list",
                          shown, def->name);
    return KC_OK;
}

static const kc_cfg_def hf_defs[] = {
    { .name = "fields", .type = KC_CFG_LIST, .required = true, .validator = KC_VAL_CUSTOM,
      .custom = non_empty_list },
    { .name = "headers", .type = KC_CFG_LIST, .required = true, .validator = KC_VAL_CUSTOM,
      .custom = non_empty_list },
    { .name = "operation", .type = KC_CFG_STRING, .required = true, .validator = KC_VAL_IN,
      .in = operations },
    { .name = "replace.null.with.default", .type = KC_CFG_BOOLEAN, .dflt = "true" },
};

static const kc_tf_key_doc hf_docs[] = {
    { "HIGH", "Field names in the record whose values are to be copied or moved to headers." },
    { "HIGH", "Header names, in the same order as the field names listed in the fields "
              "configuration property." },
    { "HIGH", "Either <code>move</code> if the fields are to be moved to the headers (removed "
              "from the key/value), or <code>copy</code> if the fields are to be copied to the "
              "headers (retained in the key/value)." },
    { "MEDIUM", replace_null_doc },
};

typedef struct {
    const kc_transform_ops *ops;
    char                  **fields, **headers;
    size_t                  n;
    bool                    move;
    bool                    with_default;
} header_from;

static json_t *
hf_config_def(void)
{
    return kc_tf_config_def(hf_defs, hf_docs, KC_ARRAY_LEN(hf_defs));
}

static void
hf_close(void *priv)
{
    header_from *h = priv;

    if (h == NULL)
        return;
    for (size_t i = 0; i < h->n; i++) {
        free(h->fields[i]);
        free(h->headers[i]);
    }
    free(h->fields);
    free(h->headers);
    free(h);
}

static int
hf_configure(const kc_transform_ops *self, const json_t *config, void **priv, char *err,
             size_t errlen)
{
    kc_cfg              cfg;
    header_from        *h;
    const kc_cfg_value *fields, *headers;

    if (kc_tf_parse(&cfg, hf_defs, KC_ARRAY_LEN(hf_defs), config, err, errlen) != KC_PLUGIN_OK)
        return KC_PLUGIN_FATAL;
    fields = kc_cfg_get(&cfg, "fields");
    headers = kc_cfg_get(&cfg, "headers");
    if (fields->nlist != headers->nlist) {
        kc_cfg_free(&cfg);
        return kc_tf_fail(err, errlen, "'fields' config must have the same number of elements "
                          "as 'headers' config.");
    }
    h = kc_xcalloc(1, sizeof(*h));
    h->ops = self;
    h->fields = kc_xcalloc(fields->nlist, sizeof(char *));
    h->headers = kc_xcalloc(fields->nlist, sizeof(char *));
    for (size_t i = 0; i < fields->nlist; i++) {
        h->fields[i] = kc_xstrdup(fields->list[i]);
        h->headers[i] = kc_xstrdup(headers->list[i]);
    }
    h->n = fields->nlist;
    h->move = strcmp(kc_cfg_str(&cfg, "operation"), "move") == 0;
    h->with_default = kc_cfg_bool(&cfg, "replace.null.with.default");
    kc_cfg_free(&cfg);
    *priv = h;
    return KC_PLUGIN_OK;
}

static bool
listed(const header_from *h, const char *name)
{
    for (size_t i = 0; i < h->n; i++)
        if (strcmp(h->fields[i], name) == 0)
            return true;
    return false;
}

/* The headers to add, built before the record changes: Java adds none when one fails. */
typedef struct {
    json_t **schemas, **values;
    size_t   n;
} pending;

static void
pending_free(pending *p)
{
    for (size_t i = 0; i < p->n; i++) {
        json_decref(p->schemas[i]);
        json_decref(p->values[i]);
    }
    free(p->schemas);
    free(p->values);
}

static void
pending_commit(const header_from *h, pending *p, kc_connect_record *rec)
{
    for (size_t i = 0; i < p->n; i++)
        kc_crec_header_add(rec, h->headers[i], p->schemas[i], p->values[i]);
    free(p->schemas);
    free(p->values);
}

/* ConnectSchema.toString(). */
static void
schema_string(const json_t *schema, char *buf, size_t size)
{
    const char *name = kc_schema_name(schema), *t = kc_schema_type_name(kc_schema_type(schema));

    if (name != NULL)
        snprintf(buf, size, "Schema{%s:%s}", name, t);
    else
        snprintf(buf, size, "Schema{%s}", t);
}

static int
hf_apply(void *priv, kc_connect_record *rec, bool *drop, char *err, size_t errlen)
{
    header_from     *h = priv;
    kc_connect_data *d = kc_tf_operand(h->ops, rec);
    const json_t    *schema = d->schema, *value = d->json, *fs;
    const char      *purpose = h->move ? "header move" : "header copy";
    json_t          *ns = NULL, *out = NULL;
    pending          p = { kc_xcalloc(h->n + 1, sizeof(json_t *)),
                           kc_xcalloc(h->n + 1, sizeof(json_t *)), 0 };
    size_t           i;

    *drop = false;
    if (value == NULL)
        value = json_null();
    if (schema == NULL) {
        if (kc_tf_require_map(value, purpose, err, errlen) != KC_PLUGIN_OK)
            goto fail;
        out = kc_tf_map_iteration(value);
        for (i = 0; i < h->n; i++) {
            json_t *v = json_object_get(value, h->fields[i]);
            if (h->move)
                json_object_del(out, h->fields[i]);
            p.schemas[p.n] = NULL;
            p.values[p.n++] = v != NULL ? json_incref(v) : json_null();
        }
        kc_java_hashmap_order(out, kc_java_hashmap_copy_capacity(json_object_size(value)));
        kc_crec_set(d, NULL, out);
        pending_commit(h, &p, rec);
        return KC_PLUGIN_OK;
    }
    if (kc_tf_require_struct(schema, value, purpose, err, errlen) != KC_PLUGIN_OK)
        goto fail;
    if (h->move) {
        /* copySchemaBasics (neither optional nor default), then the fields kept. */
        const json_t *version = json_object_get(schema, "version");
        ns = kc_schema_struct();
        json_array_foreach(json_object_get(schema, "fields"), i, fs) {
            const char *name = json_string_value(json_object_get(fs, "field"));
            if (!listed(h, name))
                kc_schema_add_field(ns, name, fs);
        }
        kc_schema_finish(ns, false, kc_schema_name(schema),
                         json_is_integer(version) ? (long) json_integer_value(version) : -1,
                         json_string_value(json_object_get(schema, "doc")),
                         json_object_get(schema, "parameters"), NULL);
        out = json_object();
        json_array_foreach(json_object_get(ns, "fields"), i, fs) {
            const char *name = json_string_value(json_object_get(fs, "field"));
            json_t     *v = kc_tf_struct_get(schema, value, name, h->with_default);
            if (kc_tf_check_put(fs, name, v, err, errlen) != KC_PLUGIN_OK)
                goto fail;
            json_object_set(out, name, v);
        }
    }
    for (i = 0; i < h->n; i++) {
        json_t *v;
        fs = kc_schema_field(schema, h->fields[i]);
        if (fs == NULL) {
            kc_tf_fail(err, errlen, "Cannot invoke \"org.apache.kafka.connect.data.Field.schema()"
                       "\" because the return value of \"org.apache.kafka.connect.data.Schema."
                       "field(String)\" is null");
            goto fail;
        }
        v = kc_tf_struct_get(schema, value, h->fields[i], h->with_default);
        if (json_is_null(v) && !kc_schema_optional(fs)) {
            char shown[512];
            schema_string(fs, shown, sizeof(shown));
            kc_tf_fail(err, errlen, "A null value requires an optional schema but was %s", shown);
            goto fail;
        }
        p.schemas[p.n] = kc_tf_field_schema(fs);
        p.values[p.n++] = json_incref(v);
    }
    if (h->move)
        kc_crec_set(d, ns, out);
    pending_commit(h, &p, rec);
    return KC_PLUGIN_OK;
fail:
    json_decref(ns);
    json_decref(out);
    pending_free(&p);
    return KC_PLUGIN_FATAL;
}

const kc_transform_ops kc_tf_header_from_key =
    KC_TF_KV_OPS("HeaderFrom", KC_TF_KEY, "Key", hf);
const kc_transform_ops kc_tf_header_from_value =
    KC_TF_KV_OPS("HeaderFrom", KC_TF_VALUE, "Value", hf);
