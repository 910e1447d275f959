/*
 * transforms/replace.c - the transformations that change fields in place or a schema's
 * metadata: ReplaceField (filter and rename), MaskField and SetSchemaMetadata, each as a
 * $Key and a $Value class sharing code.
 *
 * A schemaless map a class builds is a java.util.HashMap in Java: its members are put in
 * the order that map iterates them (kc_java_hashmap_order), which JsonConverter writes; an
 * input map is iterated as Java iterates the HashMap JsonConverter reads it into
 * (kc_tf_map_iteration). Sets and maps Java iterates to
 * decide which of two things happens first (masked fields, renames) are iterated in their
 * HashSet or HashMap order too.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "transforms/builtin.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/common.h"
#include "lib/data.h"
#include "lib/json_java.h"
#include "transforms/common.h"
#include "lib/numbers.h"

static const char replace_null_doc[] =
    "Whether to replace fields that have a default value and that are null to the default "
    "value. When set to true, the default value is used, otherwise null is used.";

/* The names of list as java.util.HashSet<>(list) iterates them. New array of borrowed
 * strings, *n entries (duplicates dropped). */
static const char **
hash_set_order(char *const *list, size_t nlist, size_t *n)
{
    json_t      *set = json_object();
    const char **out = kc_xcalloc(nlist + 1, sizeof(char *));
    size_t       cap = (size_t) ((float) nlist / 0.75f) + 1, i = 0;
    const char  *key;
    json_t      *item;

    for (size_t k = 0; k < nlist; k++)
        json_object_set_new(set, list[k], json_integer((json_int_t) k));
    kc_java_hashmap_order(set, kc_java_hashmap_capacity(cap > 16 ? cap : 16));
    json_object_foreach(set, key, item) {
        /* The strings stay list's: the object is only the order. */
        out[i++] = list[json_integer_value(item)];
    }
    json_decref(set);
    *n = i;
    return out;
}

/* ===== ReplaceField ===== */

/* String.split(":") of one mapping, trailing empty parts dropped: 0 with from and to (new)
 * when that leaves two parts, else -1. */
static int
split_rename(const char *mapping, char **from, char **to)
{
    const char *colon = strchr(mapping, ':');
    size_t      len = strlen(mapping), at;

    if (colon == NULL)
        return -1;                              /* one part */
    while (len > 0 && mapping[len - 1] == ':')
        len--;
    at = (size_t) (colon - mapping);
    if (len <= at || memchr(colon + 1, ':', len - at - 1) != NULL)
        return -1;                              /* fewer or more than two */
    *from = kc_xstrndup(mapping, at);
    *to = kc_xstrndup(colon + 1, len - at - 1);
    return 0;
}

static int
valid_renames(const kc_cfg_def *def, const kc_cfg_value *v, const char *shown, kc_err *err)
{
    for (size_t i = 0; i < v->nlist; i++) {
        char *from, *to;
        if (split_rename(v->list[i], &from, &to) != 0)
            return kc_err_set(err, KC_EINVAL, "Invalid value %s for configuration %s: Invalid "
                              "rename mapping: %s", shown, def->name, v->list[i]);
        free(from);
        free(to);
    }
    return KC_OK;
}

static const kc_cfg_def rf_defs[] = {
    { .name = "exclude", .type = KC_CFG_LIST, .dflt = "", .validator = KC_VAL_LIST_NONEMPTY,
      .allow_empty = true },
    { .name = "include", .type = KC_CFG_LIST, .dflt = "", .validator = KC_VAL_LIST_NONEMPTY,
      .allow_empty = true },
    { .name = "renames", .type = KC_CFG_LIST, .dflt = "", .validator = KC_VAL_CUSTOM,
      .custom = valid_renames },
    { .name = "replace.null.with.default", .type = KC_CFG_BOOLEAN, .dflt = "true" },
};

static const kc_tf_key_doc rf_docs[] = {
    { "MEDIUM", "Fields to exclude. This takes precedence over the fields to include." },
    { "MEDIUM", "Fields to include. If specified, only these fields will be used." },
    { "MEDIUM", "Field rename mappings." },
    { "MEDIUM", replace_null_doc },
};

typedef struct {
    const kc_transform_ops *ops;
    json_t                 *exclude, *include;    /* objects used as sets */
    json_t                 *renames, *reverse;    /* from -> to, to -> from */
    bool                    with_default;
} replace_field;

static json_t *
rf_config_def(void)
{
    return kc_tf_config_def(rf_defs, rf_docs, KC_ARRAY_LEN(rf_defs));
}

static void
rf_close(void *priv)
{
    replace_field *r = priv;

    if (r == NULL)
        return;
    json_decref(r->exclude);
    json_decref(r->include);
    json_decref(r->renames);
    json_decref(r->reverse);
    free(r);
}

static json_t *
name_set(const kc_cfg_value *v)
{
    json_t *set = json_object();

    for (size_t i = 0; i < v->nlist; i++)
        json_object_set_new(set, v->list[i], json_true());
    return set;
}

static int
rf_configure(const kc_transform_ops *self, const json_t *config, void **priv, char *err,
             size_t errlen)
{
    kc_cfg              cfg;
    replace_field      *r;
    const kc_cfg_value *renames;
    const char         *key;
    json_t             *item;

    if (kc_tf_parse(&cfg, rf_defs, KC_ARRAY_LEN(rf_defs), config, err, errlen) != KC_PLUGIN_OK)
        return KC_PLUGIN_FATAL;
    r = kc_xcalloc(1, sizeof(*r));
    r->ops = self;
    r->exclude = name_set(kc_cfg_get(&cfg, "exclude"));
    r->include = name_set(kc_cfg_get(&cfg, "include"));
    r->renames = json_object();
    renames = kc_cfg_get(&cfg, "renames");
    for (size_t i = 0; i < renames->nlist; i++) {
        char *from, *to;
        if (split_rename(renames->list[i], &from, &to) == 0) {
            json_object_set_new(r->renames, from, json_string(to));
            free(from);
            free(to);
        }
    }
    /* Inverted in the renames map's order: of two renames to one name the later wins. */
    kc_java_hashmap_order(r->renames, 0);
    r->reverse = json_object();
    json_object_foreach(r->renames, key, item)
        json_object_set_new(r->reverse, json_string_value(item), json_string(key));
    r->with_default = kc_cfg_bool(&cfg, "replace.null.with.default");
    kc_cfg_free(&cfg);
    *priv = r;
    return KC_PLUGIN_OK;
}

static bool
rf_filter(const replace_field *r, const char *name)
{
    return json_object_get(r->exclude, name) == NULL &&
           (json_object_size(r->include) == 0 || json_object_get(r->include, name) != NULL);
}

static const char *
rf_lookup(const json_t *map, const char *name)
{
    const char *to = json_string_value(json_object_get(map, name));

    return to != NULL ? to : name;
}

static const char rf_purpose[] = "field replacement";

static int
rf_apply(void *priv, kc_connect_record *rec, bool *drop, char *err, size_t errlen)
{
    replace_field   *r = priv;
    kc_connect_data *d = kc_tf_operand(r->ops, rec);
    const json_t    *schema = d->schema, *value = d->json, *fs;
    json_t          *out, *ns, *item;
    const char      *key;
    size_t           i;

    *drop = false;
    if (value == NULL || json_is_null(value))
        return KC_PLUGIN_OK;
    if (schema == NULL) {
        if (kc_tf_require_map(value, rf_purpose, err, errlen) != KC_PLUGIN_OK)
            return KC_PLUGIN_FATAL;
        json_t *in = kc_tf_map_iteration(value);
        out = json_object();
        json_object_foreach(in, key, item)
            if (rf_filter(r, key))
                json_object_set(out, rf_lookup(r->renames, key), item);
        json_decref(in);
        kc_java_hashmap_order(out, kc_java_hashmap_capacity(json_object_size(value)));
        kc_crec_set(d, NULL, out);
        return KC_PLUGIN_OK;
    }
    if (kc_tf_require_struct(schema, value, rf_purpose, err, errlen) != KC_PLUGIN_OK)
        return KC_PLUGIN_FATAL;
    /* The schema: copySchemaBasics, then the kept fields renamed. */
    ns = kc_schema_struct();
    json_array_foreach(json_object_get(schema, "fields"), i, fs) {
        const char *name = json_string_value(json_object_get(fs, "field"));
        const char *to;
        if (!rf_filter(r, name))
            continue;
        to = rf_lookup(r->renames, name);
        if (kc_schema_field(ns, to) != NULL) {
            json_decref(ns);
            return kc_tf_fail(err, errlen, "Cannot create field because of field name "
                              "duplication %s", to);
        }
        kc_schema_add_field(ns, to, fs);
    }
    json_t *version = json_object_get(schema, "version");
    kc_schema_finish(ns, false, kc_schema_name(schema),
                     json_is_integer(version) ? (long) json_integer_value(version) : -1,
                     json_string_value(json_object_get(schema, "doc")),
                     json_object_get(schema, "parameters"), NULL);
    /* The value: each new field from the old field its name maps back to. */
    out = json_object();
    json_array_foreach(json_object_get(ns, "fields"), i, fs) {
        const char *name = json_string_value(json_object_get(fs, "field"));
        const char *from = rf_lookup(r->reverse, name);
        json_t     *v;
        if (kc_schema_field(schema, from) == NULL) {
            kc_tf_fail(err, errlen, "%s is not a valid field name", from);
            goto fail;
        }
        v = kc_tf_struct_get(schema, value, from, r->with_default);
        if (kc_tf_check_put(fs, name, v, err, errlen) != KC_PLUGIN_OK)
            goto fail;
        json_object_set(out, name, v);
    }
    kc_crec_set(d, ns, out);
    return KC_PLUGIN_OK;
fail:
    json_decref(out);
    json_decref(ns);
    return KC_PLUGIN_FATAL;
}

const kc_transform_ops kc_tf_replace_field_key = KC_TF_KV_OPS("ReplaceField", KC_TF_KEY, "Key", rf);
const kc_transform_ops kc_tf_replace_field_value =
    KC_TF_KV_OPS("ReplaceField", KC_TF_VALUE, "Value", rf);

/* ===== MaskField ===== */

static const kc_cfg_def mf_defs[] = {
    { .name = "fields", .type = KC_CFG_LIST, .required = true,
      .validator = KC_VAL_LIST_NONEMPTY },
    { .name = "replacement", .type = KC_CFG_STRING, .validator = KC_VAL_CUSTOM,
      .custom = kc_tf_non_empty_string },
    { .name = "replace.null.with.default", .type = KC_CFG_BOOLEAN, .dflt = "true" },
};

static const kc_tf_key_doc mf_docs[] = {
    { "HIGH", "Names of fields to mask." },
    { "LOW", "Custom value replacement, that will be applied to all 'fields' values (numeric "
             "or non-empty string values only)." },
    { "MEDIUM", replace_null_doc },
};

typedef struct {
    const kc_transform_ops *ops;
    char                  **fields;      /* in HashSet order */
    size_t                  nfields;
    json_t                 *set;
    char                   *replacement; /* NULL: the type's empty value */
    kc_big_decimal          number;      /* replacement read as a BigDecimal */
    bool                    is_number;
    bool                    with_default;
} mask_field;

static json_t *
mf_config_def(void)
{
    return kc_tf_config_def(mf_defs, mf_docs, KC_ARRAY_LEN(mf_defs));
}

static void
mf_close(void *priv)
{
    mask_field *m = priv;

    if (m == NULL)
        return;
    for (size_t i = 0; i < m->nfields; i++)
        free(m->fields[i]);
    free(m->fields);
    json_decref(m->set);
    free(m->replacement);
    kc_big_decimal_free(&m->number);
    free(m);
}

static int
mf_configure(const kc_transform_ops *self, const json_t *config, void **priv, char *err,
             size_t errlen)
{
    kc_cfg              cfg;
    mask_field         *m;
    const kc_cfg_value *list;
    const char        **order;
    size_t              n;

    if (kc_tf_parse(&cfg, mf_defs, KC_ARRAY_LEN(mf_defs), config, err, errlen) != KC_PLUGIN_OK)
        return KC_PLUGIN_FATAL;
    m = kc_xcalloc(1, sizeof(*m));
    m->ops = self;
    list = kc_cfg_get(&cfg, "fields");
    order = hash_set_order(list->list, list->nlist, &n);
    m->fields = kc_xcalloc(n + 1, sizeof(char *));
    m->set = json_object();
    for (size_t i = 0; i < n; i++) {
        m->fields[m->nfields++] = kc_xstrdup(order[i]);
        json_object_set_new(m->set, order[i], json_true());
    }
    free(order);
    if (kc_cfg_str(&cfg, "replacement") != NULL) {
        m->replacement = kc_xstrdup(kc_cfg_str(&cfg, "replacement"));
        m->is_number = kc_big_decimal_parse(m->replacement, &m->number) == 0;
    }
    m->with_default = kc_cfg_bool(&cfg, "replace.null.with.default");
    kc_cfg_free(&cfg);
    *priv = m;
    return KC_PLUGIN_OK;
}

/* What Java masks a value of schema (NULL: schemaless) with: *out new, or the
 * DataException. */
static int
masked(const mask_field *m, const json_t *schema, const json_t *value, json_t **out,
       char *err, size_t errlen)
{
    const char *t = kc_schema_type(schema), *name = kc_schema_name(schema);
    const char *cls = kc_data_java_class(schema, value);
    bool        decimal = name != NULL && strcmp(name, KC_LOGICAL_DECIMAL) == 0;
    bool        date = strcmp(cls, "java.util.Date") == 0;
    int         kind;                     /* 'i'nteger, 'f'loat, 'd'ouble, 's'tring */

    *out = NULL;
    if (json_is_null(value)) {
        *out = json_null();
        return KC_PLUGIN_OK;
    }
    if (schema == NULL) {
        kind = json_is_integer(value) ? 'i' : json_is_real(value) ? 'd'
               : json_is_string(value) ? 's' : 0;
    } else if (decimal) {
        kind = 'D';
    } else if (date) {
        kind = 0;
    } else if (strcmp(t, "int8") == 0 || strcmp(t, "int16") == 0 || strcmp(t, "int32") == 0 ||
               strcmp(t, "int64") == 0) {
        kind = 'i';
    } else {
        kind = strcmp(t, "float") == 0 ? 'f' : strcmp(t, "double") == 0 ? 'd'
               : strcmp(t, "string") == 0 ? 's' : 0;
    }
    if (m->replacement == NULL) {
        switch (kind) {
        case 'i': *out = json_integer(0); return KC_PLUGIN_OK;
        case 'f': case 'd': *out = json_real(0.0); return KC_PLUGIN_OK;
        case 's': *out = json_string(""); return KC_PLUGIN_OK;
        case 'D':
            return kc_data_decimal_json(schema, &kc_big_decimal_zero, out, err, errlen) == 0
                   ? KC_PLUGIN_OK : KC_PLUGIN_FATAL;
        }
        if (date) {
            *out = json_integer(0);             /* new Date(0) */
        } else if (json_is_boolean(value)) {
            *out = json_false();
        } else if (json_is_array(value)) {
            *out = json_array();                /* a list, or a map of other keys than strings */
        } else if (strcmp(cls, "java.util.HashMap") == 0) {
            *out = json_object();
        } else {
            return kc_tf_fail(err, errlen, "Cannot mask value of type: class %s", cls);
        }
        return KC_PLUGIN_OK;
    }
    switch (kind) {
    case 's':
        *out = json_string(m->replacement);
        return KC_PLUGIN_OK;
    case 'i': case 'f': case 'd': case 'D':
        if (!m->is_number)
            return kc_tf_fail(err, errlen, "Unable to convert %s (class java.lang.String) to a "
                              "number", m->replacement);
        break;
    default:
        return kc_tf_fail(err, errlen, "Cannot mask value of type class %s with custom "
                          "replacement.", cls);
    }
    if (kind == 'D')
        return kc_data_decimal_json(schema, &m->number, out, err, errlen) == 0 ? KC_PLUGIN_OK
               : KC_PLUGIN_FATAL;
    if (kind == 'i') {
        int64_t l = kc_big_decimal_long(&m->number);
        if (schema != NULL && strcmp(t, "int8") == 0)
            l = (int8_t) l;
        else if (schema != NULL && strcmp(t, "int16") == 0)
            l = (int16_t) l;
        else if (schema != NULL && strcmp(t, "int32") == 0)
            l = (int32_t) l;
        *out = json_integer(l);
        return KC_PLUGIN_OK;
    }
    double x = kc_big_decimal_double(&m->number);
    if (!isfinite(kind == 'f' ? (double) (float) x : x))
        /* Java puts Infinity, which JsonConverter writes as a string; not done here. */
        return kc_tf_fail(err, errlen, "Masking with replacement %s gives an infinite %s, which "
                          "is not supported", m->replacement, kind == 'f' ? "FLOAT32" : "FLOAT64");
    *out = kind == 'f' ? kc_data_float_json((float) x) : json_real(x);
    return KC_PLUGIN_OK;
}

static const char mf_purpose[] = "mask fields";

static int
mf_apply(void *priv, kc_connect_record *rec, bool *drop, char *err, size_t errlen)
{
    mask_field      *m = priv;
    kc_connect_data *d = kc_tf_operand(m->ops, rec);
    const json_t    *schema = d->schema, *value = d->json, *fs;
    json_t          *out, *v;
    size_t           i;

    *drop = false;
    if (schema == NULL) {
        if (kc_tf_require_map(value, mf_purpose, err, errlen) != KC_PLUGIN_OK)
            return KC_PLUGIN_FATAL;
        out = kc_tf_map_iteration(value);
        for (i = 0; i < m->nfields; i++) {
            const json_t *f = json_object_get(value, m->fields[i]);
            if (masked(m, NULL, f != NULL ? f : json_null(), &v, err, errlen) !=
                KC_PLUGIN_OK) {
                json_decref(out);
                return KC_PLUGIN_FATAL;
            }
            json_object_set_new(out, m->fields[i], v);
        }
        kc_java_hashmap_order(out, kc_java_hashmap_copy_capacity(json_object_size(value)));
        kc_crec_set(d, NULL, out);
        return KC_PLUGIN_OK;
    }
    if (kc_tf_require_struct(schema, value, mf_purpose, err, errlen) != KC_PLUGIN_OK)
        return KC_PLUGIN_FATAL;
    out = json_object();
    json_array_foreach(json_object_get(schema, "fields"), i, fs) {
        const char *name = json_string_value(json_object_get(fs, "field"));
        json_t     *orig = kc_tf_struct_get(schema, value, name, m->with_default);
        if (json_object_get(m->set, name) != NULL) {
            if (masked(m, fs, orig, &v, err, errlen) != KC_PLUGIN_OK)
                goto fail;
        } else {
            v = json_incref(orig);
        }
        if (kc_tf_check_put(fs, name, v, err, errlen) != KC_PLUGIN_OK) {
            json_decref(v);
            goto fail;
        }
        json_object_set_new(out, name, v);
    }
    kc_crec_set(d, json_incref((json_t *) schema), out);
    return KC_PLUGIN_OK;
fail:
    json_decref(out);
    return KC_PLUGIN_FATAL;
}

const kc_transform_ops kc_tf_mask_field_key = KC_TF_KV_OPS("MaskField", KC_TF_KEY, "Key", mf);
const kc_transform_ops kc_tf_mask_field_value = KC_TF_KV_OPS("MaskField", KC_TF_VALUE, "Value", mf);

/* ===== SetSchemaMetadata ===== */

static const kc_cfg_def ssm_defs[] = {
    { .name = "schema.name", .type = KC_CFG_STRING },
    { .name = "schema.version", .type = KC_CFG_INT },
    { .name = "replace.null.with.default", .type = KC_CFG_BOOLEAN, .dflt = "true" },
};

static const kc_tf_key_doc ssm_docs[] = {
    { "HIGH", "Schema name to set." },
    { "HIGH", "Schema version to set." },
    { "MEDIUM", replace_null_doc },
};

typedef struct {
    const kc_transform_ops *ops;
    char                   *name;        /* NULL: kept */
    bool                    has_version;
    int32_t                 version;
    bool                    with_default;
} set_schema_metadata;

static json_t *
ssm_config_def(void)
{
    return kc_tf_config_def(ssm_defs, ssm_docs, KC_ARRAY_LEN(ssm_defs));
}

static void
ssm_close(void *priv)
{
    set_schema_metadata *s = priv;

    if (s == NULL)
        return;
    free(s->name);
    free(s);
}

static bool
logical_name(const char *name)
{
    return name != NULL && (strcmp(name, KC_LOGICAL_DECIMAL) == 0 ||
                            strcmp(name, KC_LOGICAL_DATE) == 0 ||
                            strcmp(name, KC_LOGICAL_TIME) == 0 ||
                            strcmp(name, KC_LOGICAL_TIMESTAMP) == 0);
}

static int
ssm_configure(const kc_transform_ops *self, const json_t *config, void **priv, char *err,
              size_t errlen)
{
    kc_cfg               cfg;
    set_schema_metadata *s;
    const kc_cfg_value  *version;

    if (kc_tf_parse(&cfg, ssm_defs, KC_ARRAY_LEN(ssm_defs), config, err, errlen) !=
        KC_PLUGIN_OK)
        return KC_PLUGIN_FATAL;
    s = kc_xcalloc(1, sizeof(*s));
    s->ops = self;
    if (kc_cfg_str(&cfg, "schema.name") != NULL)
        s->name = kc_xstrdup(kc_cfg_str(&cfg, "schema.name"));
    version = kc_cfg_get(&cfg, "schema.version");
    s->has_version = !version->is_null;
    s->version = (int32_t) version->i;
    s->with_default = kc_cfg_bool(&cfg, "replace.null.with.default");
    kc_cfg_free(&cfg);
    if (s->name == NULL && !s->has_version) {
        ssm_close(s);
        return kc_tf_fail(err, errlen, "Neither schema name nor version configured");
    }
    if (logical_name(s->name)) {
        /* Java would name a schema logical without giving its value the logical type's
         * class: its converter then fails, a sink gets the value as it was. */
        kc_tf_fail(err, errlen, "Invalid value %s for configuration schema.name: a logical "
                   "type's name is not supported as a new schema name", s->name);
        ssm_close(s);
        return KC_PLUGIN_FATAL;
    }
    *priv = s;
    return KC_PLUGIN_OK;
}

static const char ssm_purpose[] = "updating schema metadata";

static int
ssm_apply(void *priv, kc_connect_record *rec, bool *drop, char *err, size_t errlen)
{
    set_schema_metadata *s = priv;
    kc_connect_data     *d = kc_tf_operand(s->ops, rec);
    const json_t        *schema = d->schema, *value = d->json, *fs;
    const char          *old_name = kc_schema_name(schema), *t;
    json_t              *ns, *out;
    size_t               i;

    *drop = false;
    if (schema == NULL && (value == NULL || json_is_null(value)))
        return KC_PLUGIN_OK;
    if (schema == NULL)
        return kc_tf_fail(err, errlen, "Schema required for [%s]", ssm_purpose);
    t = kc_schema_type(schema);
    if (strcmp(t, "struct") != 0)             /* the new ConnectSchema asks for its fields */
        return kc_tf_fail(err, errlen, "Cannot list fields on non-struct type");
    /* The schema: the type's members, then Java's others in order with the new metadata. */
    ns = json_deep_copy(schema);
    static const char *const meta[] = { "optional", "name", "version", "doc", "parameters",
                                        "default" };
    for (i = 0; i < KC_ARRAY_LEN(meta); i++)
        json_object_del(ns, meta[i]);
    json_object_set_new(ns, "optional", json_boolean(kc_schema_optional(schema)));
    if (s->name != NULL || old_name != NULL)
        json_object_set_new(ns, "name", json_string(s->name != NULL ? s->name : old_name));
    if (s->has_version)
        json_object_set_new(ns, "version", json_integer(s->version));
    else if (json_object_get(schema, "version") != NULL)
        json_object_set(ns, "version", json_object_get(schema, "version"));
    for (i = 3; i < KC_ARRAY_LEN(meta); i++)
        if (json_object_get(schema, meta[i]) != NULL)
            json_object_set_new(ns, meta[i], json_deep_copy(json_object_get(schema, meta[i])));
    if (!json_is_object(value)) {
        kc_crec_set(d, ns, json_incref((json_t *) value));
        return KC_PLUGIN_OK;
    }
    /* A Struct is rebuilt under the new schema, field by field. */
    out = json_object();
    json_array_foreach(json_object_get(schema, "fields"), i, fs) {
        const char *name = json_string_value(json_object_get(fs, "field"));
        json_t     *v = kc_tf_struct_get(schema, value, name, s->with_default);
        if (kc_tf_check_put(fs, name, v, err, errlen) != KC_PLUGIN_OK) {
            json_decref(out);
            json_decref(ns);
            return KC_PLUGIN_FATAL;
        }
        json_object_set(out, name, v);
    }
    kc_crec_set(d, ns, out);
    return KC_PLUGIN_OK;
}

const kc_transform_ops kc_tf_set_schema_metadata_key =
    KC_TF_KV_OPS("SetSchemaMetadata", KC_TF_KEY, "Key", ssm);
const kc_transform_ops kc_tf_set_schema_metadata_value =
    KC_TF_KV_OPS("SetSchemaMetadata", KC_TF_VALUE, "Value", ssm);
