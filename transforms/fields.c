/*
 * transforms/fields.c - the transformations that reshape a key or a value: HoistField,
 * ExtractField (with KIP-821's nested paths), ValueToKey and InsertField, each as a $Key
 * and a $Value class sharing code (ValueToKey has one class, which reads the value).
 *
 * A schemaless map a class builds is a java.util.HashMap in Java: its members are put in
 * the order that map iterates them (kc_java_hashmap_order), which JsonConverter writes.
 *
 * Struct values are JSON objects in schema order (lib/data.h); a field a struct holds as
 * null reads as its schema's default when the class asks for defaults (Java's
 * Struct.get) and as null otherwise (getWithoutDefault). Putting a null into a required
 * field fails as Java's Struct.put fails.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "transforms/builtin.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "lib/buf.h"
#include "lib/common.h"
#include "lib/data.h"
#include "lib/json_java.h"
#include "transforms/common.h"

static const char replace_null_doc[] =
    "Whether to replace fields that have a default value and that are null to the default "
    "value. When set to true, the default value is used, otherwise null is used.";

/* ===== HoistField ===== */

static const kc_cfg_def hoist_defs[] = {
    { .name = "field", .type = KC_CFG_STRING, .required = true },
};

static const kc_tf_key_doc hoist_docs[] = {
    { "MEDIUM", "Field name for the single field that will be created in the resulting Struct "
                "or Map." },
};

typedef struct {
    const kc_transform_ops *ops;
    char                   *field;
    kc_tf_schema_cache      cache;
} hoist_field;

static json_t *
hoist_config_def(void)
{
    return kc_tf_config_def(hoist_defs, hoist_docs, KC_ARRAY_LEN(hoist_defs));
}

static void
hoist_close(void *priv)
{
    hoist_field *h = priv;

    if (h == NULL)
        return;
    kc_tf_cache_clear(&h->cache);
    free(h->field);
    free(h);
}

static int
hoist_configure(const kc_transform_ops *self, const json_t *config, void **priv, char *err,
                size_t errlen)
{
    kc_cfg       cfg;
    hoist_field *h;

    if (kc_tf_parse(&cfg, hoist_defs, KC_ARRAY_LEN(hoist_defs), config, err, errlen) !=
        KC_PLUGIN_OK)
        return KC_PLUGIN_FATAL;
    h = kc_xcalloc(1, sizeof(*h));
    h->ops = self;
    h->field = kc_xstrdup(kc_cfg_str(&cfg, "field"));
    kc_cfg_free(&cfg);
    *priv = h;
    return KC_PLUGIN_OK;
}

static int
hoist_apply(void *priv, kc_connect_record *rec, bool *drop, char *err, size_t errlen)
{
    hoist_field     *h = priv;
    kc_connect_data *d = kc_tf_operand(h->ops, rec);
    json_t          *schema = NULL, *value = json_object();

    *drop = false;
    if (d->schema != NULL) {
        if (kc_tf_check_put(d->schema, h->field, d->json, err, errlen) != KC_PLUGIN_OK) {
            json_decref(value);
            return KC_PLUGIN_FATAL;
        }
        if ((schema = kc_tf_cache_get(&h->cache, d->schema)) == NULL) {
            schema = kc_schema_struct();
            kc_schema_add_field(schema, h->field, d->schema);
            kc_tf_cache_put(&h->cache, d->schema,
                            kc_schema_finish(schema, false, NULL, -1, NULL, NULL, NULL));
        }
    }
    json_object_set(value, h->field, d->json != NULL ? d->json : json_null());
    kc_crec_set(d, schema, value);
    return KC_PLUGIN_OK;
}

const kc_transform_ops kc_tf_hoist_field_key = KC_TF_KV_OPS("HoistField", KC_TF_KEY, "Key", hoist);
const kc_transform_ops kc_tf_hoist_field_value =
    KC_TF_KV_OPS("HoistField", KC_TF_VALUE, "Value", hoist);

/* ===== ExtractField ===== */

static const char *const syntax_versions[] = { "V1", "V2", NULL };

static const kc_cfg_def extract_defs[] = {
    { .name = "field", .type = KC_CFG_STRING, .required = true },
    { .name = "replace.null.with.default", .type = KC_CFG_BOOLEAN, .dflt = "true" },
    { .name = "field.syntax.version", .type = KC_CFG_STRING, .dflt = "V1",
      .validator = KC_VAL_IN_NOCASE, .in = syntax_versions },
};

static const kc_tf_key_doc extract_docs[] = {
    { "MEDIUM", "Field name to extract." },
    { "MEDIUM", replace_null_doc },
    { "HIGH", "Defines the version of the syntax to access fields. If set to <code>V1</code>, "
              "then the field paths are limited to access the elements at the root level of "
              "the struct or map. If set to <code>V2</code>, the syntax will support accessing "
              "nested elements. To access nested elements, dotted notation is used. If dots "
              "are already included in the field name, then backtick pairs can be used to wrap "
              "field names containing dots. E.g. to access the subfield <code>baz</code> from a "
              "field named \"foo.bar\" in a struct/map the following format can be used to "
              "access its elements: \"<code>foo.bar</code>.baz\"." },
};

typedef struct {
    const kc_transform_ops *ops;
    char                   *original;
    char                  **steps;
    size_t                  nsteps;
    bool                    with_default;
} extract_field;

static json_t *
extract_config_def(void)
{
    return kc_tf_config_def(extract_defs, extract_docs, KC_ARRAY_LEN(extract_defs));
}

static void
extract_close(void *priv)
{
    extract_field *x = priv;

    if (x == NULL)
        return;
    for (size_t i = 0; i < x->nsteps; i++)
        free(x->steps[i]);
    free(x->steps);
    free(x->original);
    free(x);
}

static void
add_step(extract_field *x, const char *text, size_t len)
{
    x->steps = kc_xrealloc(x->steps, (x->nsteps + 1) * sizeof(char *));
    x->steps[x->nsteps++] = kc_xstrndup(text, len);
}

/* SingleFieldPath's V2 syntax: steps split at dots; a step in backticks may hold dots, and
 * "\`" before a dot there is a backtick. -1 with Java's ConfigException message. */
static int
parse_path_v2(extract_field *x, const char *path, char *err, size_t errlen)
{
    size_t n = strlen(path), idx = 0;

    while (idx < n) {
        if (path[idx] != '`') {
            const char *dot = strchr(path + idx, '.');
            if (dot == NULL) {
                add_step(x, path + idx, n - idx);
                break;
            }
            add_step(x, path + idx, (size_t) (dot - path) - idx);
            idx = (size_t) (dot - path) + 1;
            continue;
        }
        size_t   at = idx, start = ++idx;
        kc_wbuf  field;
        kc_wbuf_init(&field);
        for (;;) {
            const char *bt = strchr(path + idx, '`');
            if (bt == NULL) {
                kc_wbuf_free(&field);
                goto incomplete;
            }
            idx = (size_t) (bt - path);
            bool escaped = path[idx - 1] == '\\';
            if (idx >= n - 1) {
                if (escaped) {
                    kc_wbuf_free(&field);
                    goto incomplete;
                }
                kc_wbuf_raw(&field, path + start, idx - start);
                add_step(x, (const char *) field.buf ? (const char *) field.buf : "", field.len);
                idx++;
                break;
            }
            if (path[idx + 1] != '.') {
                idx++;
                continue;
            }
            if (escaped) {
                kc_wbuf_raw(&field, path + start, idx - 1 - start);
                kc_wbuf_raw(&field, "`", 1);
                start = ++idx;
                continue;
            }
            kc_wbuf_raw(&field, path + start, idx - start);
            add_step(x, (const char *) field.buf ? (const char *) field.buf : "", field.len);
            idx += 2;
            break;
        incomplete:
            snprintf(err, errlen, "Incomplete backtick pair in path: [%s], consider adding a "
                     "backslash before backtick at position %zu to escape it", path, at);
            return -1;
        }
        kc_wbuf_free(&field);
    }
    if (n > 0 && path[n - 1] == '.')
        add_step(x, "", 0);
    return 0;
}

static int
extract_configure(const kc_transform_ops *self, const json_t *config, void **priv, char *err,
                  size_t errlen)
{
    kc_cfg         cfg;
    extract_field *x;
    const char    *path;

    if (kc_tf_parse(&cfg, extract_defs, KC_ARRAY_LEN(extract_defs), config, err, errlen) !=
        KC_PLUGIN_OK)
        return KC_PLUGIN_FATAL;
    x = kc_xcalloc(1, sizeof(*x));
    x->ops = self;
    path = kc_cfg_str(&cfg, "field");
    x->original = kc_xstrdup(path);
    x->with_default = kc_cfg_bool(&cfg, "replace.null.with.default");
    if (strcasecmp(kc_cfg_str(&cfg, "field.syntax.version"), "V2") == 0) {
        if (parse_path_v2(x, path, err, errlen) != 0) {
            kc_cfg_free(&cfg);
            extract_close(x);
            return KC_PLUGIN_FATAL;
        }
    } else {
        add_step(x, path, strlen(path));
    }
    kc_cfg_free(&cfg);
    *priv = x;
    return KC_PLUGIN_OK;
}

static const char extract_purpose[] = "field extraction";

static int
extract_apply(void *priv, kc_connect_record *rec, bool *drop, char *err, size_t errlen)
{
    extract_field   *x = priv;
    kc_connect_data *d = kc_tf_operand(x->ops, rec);
    const json_t    *schema = d->schema, *value = d->json, *fs = NULL;
    size_t           last;

    *drop = false;
    if (x->nsteps == 0)                         /* Java: an empty V2 path has no last step */
        return kc_tf_fail(err, errlen, "Index -1 out of bounds for length 0");
    last = x->nsteps - 1;
    if (schema == NULL) {
        if (!json_is_null(value) && kc_tf_require_map(value, extract_purpose, err, errlen))
            return KC_PLUGIN_FATAL;
        for (size_t i = 0; i < last && !json_is_null(value); i++) {
            const json_t *sub = json_object_get(value, x->steps[i]);
            value = sub != NULL ? sub : json_null();
            if (!json_is_null(value) &&
                kc_tf_require_map(value, "nested field access", err, errlen))
                return KC_PLUGIN_FATAL;
        }
        if (!json_is_null(value))
            value = json_object_get(value, x->steps[last]);
        kc_crec_set(d, NULL, value != NULL ? json_incref((json_t *) value) : json_null());
        return KC_PLUGIN_OK;
    }
    if (!json_is_null(value) &&
        kc_tf_require_struct(schema, value, extract_purpose, err, errlen) != KC_PLUGIN_OK)
        return KC_PLUGIN_FATAL;
    /* The field's schema (fieldFrom) first: it decides the new schema, null value or not. */
    const json_t *cur = schema;
    for (size_t i = 0; i <= last; i++) {
        const char *t = kc_schema_type(cur);
        if (t == NULL || strcmp(t, "struct") != 0)
            return kc_tf_fail(err, errlen, "Cannot look up fields on non-struct type");
        fs = kc_schema_field(cur, x->steps[i]);
        if (fs == NULL)
            break;
        cur = fs;
    }
    if (fs == NULL)
        return kc_tf_fail(err, errlen, "Unknown field: %s", x->original);
    /* Then the value (valueFrom): null wherever the path runs out. */
    cur = schema;
    for (size_t i = 0; i < last && !json_is_null(value); i++) {
        const json_t *sub = kc_tf_struct_get(cur, value, x->steps[i], true);
        cur = kc_schema_field(cur, x->steps[i]);
        if (!json_is_null(sub) &&
            kc_tf_require_struct(cur, sub, "nested field access", err, errlen) != KC_PLUGIN_OK)
            return KC_PLUGIN_FATAL;
        value = sub;
    }
    if (!json_is_null(value))
        value = kc_tf_struct_get(cur, value, x->steps[last], x->with_default);
    kc_crec_set(d, kc_tf_field_schema(fs), json_incref((json_t *) value));
    return KC_PLUGIN_OK;
}

const kc_transform_ops kc_tf_extract_field_key =
    KC_TF_KV_OPS("ExtractField", KC_TF_KEY, "Key", extract);
const kc_transform_ops kc_tf_extract_field_value =
    KC_TF_KV_OPS("ExtractField", KC_TF_VALUE, "Value", extract);

/* ===== ValueToKey ===== */

static const kc_cfg_def v2k_defs[] = {
    { .name = "fields", .type = KC_CFG_LIST, .required = true,
      .validator = KC_VAL_LIST_NONEMPTY },
    { .name = "replace.null.with.default", .type = KC_CFG_BOOLEAN, .dflt = "true" },
};

static const kc_tf_key_doc v2k_docs[] = {
    { "HIGH", "Field names on the record value to extract as the record key." },
    { "MEDIUM", replace_null_doc },
};

typedef struct {
    char  **fields;
    size_t  n;
    bool    with_default;
} value_to_key;

static json_t *
v2k_config_def(void)
{
    return kc_tf_config_def(v2k_defs, v2k_docs, KC_ARRAY_LEN(v2k_defs));
}

static void
v2k_close(void *priv)
{
    value_to_key *v = priv;

    if (v == NULL)
        return;
    for (size_t i = 0; i < v->n; i++)
        free(v->fields[i]);
    free(v->fields);
    free(v);
}

static int
v2k_configure(const kc_transform_ops *self, const json_t *config, void **priv, char *err,
              size_t errlen)
{
    kc_cfg              cfg;
    value_to_key       *v;
    const kc_cfg_value *list;

    (void) self;
    if (kc_tf_parse(&cfg, v2k_defs, KC_ARRAY_LEN(v2k_defs), config, err, errlen) !=
        KC_PLUGIN_OK)
        return KC_PLUGIN_FATAL;
    list = kc_cfg_get(&cfg, "fields");
    v = kc_xcalloc(1, sizeof(*v));
    v->fields = kc_xcalloc(list->nlist ? list->nlist : 1, sizeof(char *));
    for (size_t i = 0; i < list->nlist; i++)
        v->fields[v->n++] = kc_xstrdup(list->list[i]);
    v->with_default = kc_cfg_bool(&cfg, "replace.null.with.default");
    kc_cfg_free(&cfg);
    *priv = v;
    return KC_PLUGIN_OK;
}

static const char v2k_purpose[] = "copying fields from value to key";

static int
v2k_apply(void *priv, kc_connect_record *rec, bool *drop, char *err, size_t errlen)
{
    value_to_key *v = priv;
    const json_t *vs = rec->value.schema, *value = rec->value.json;
    json_t       *key = json_object(), *ks = NULL;

    *drop = false;
    if (vs == NULL) {
        if (kc_tf_require_map(value, v2k_purpose, err, errlen) != KC_PLUGIN_OK)
            goto fail;
        for (size_t i = 0; i < v->n; i++) {
            json_t *f = json_object_get(value, v->fields[i]);
            json_object_set(key, v->fields[i], f != NULL ? f : json_null());
        }
        kc_crec_set(&rec->key, NULL, kc_java_hashmap_order(key, kc_java_hashmap_capacity(v->n)));
        return KC_PLUGIN_OK;
    }
    if (kc_tf_require_struct(vs, value, v2k_purpose, err, errlen) != KC_PLUGIN_OK)
        goto fail;
    ks = kc_schema_struct();
    for (size_t i = 0; i < v->n; i++) {
        const json_t *fs = kc_schema_field(vs, v->fields[i]);
        if (fs == NULL) {
            kc_tf_fail(err, errlen, "Field does not exist: %s", v->fields[i]);
            goto fail;
        }
        kc_schema_add_field(ks, v->fields[i], fs);
    }
    kc_schema_finish(ks, false, NULL, -1, NULL, NULL, NULL);
    for (size_t i = 0; i < v->n; i++) {
        json_t *f = kc_tf_struct_get(vs, value, v->fields[i], v->with_default);
        if (kc_tf_check_put(kc_schema_field(vs, v->fields[i]), v->fields[i], f, err, errlen) !=
            KC_PLUGIN_OK)
            goto fail;
        json_object_set(key, v->fields[i], f);
    }
    kc_crec_set(&rec->key, ks, key);
    return KC_PLUGIN_OK;
fail:
    json_decref(key);
    json_decref(ks);
    return KC_PLUGIN_FATAL;
}

const kc_transform_ops kc_tf_value_to_key = {
    .abi = KC_TRANSFORM_ABI,
    .kind = KC_TRANSFORMATION,
    .class_name = "org.apache.kafka.connect.transforms.ValueToKey",
    .version = KC_TF_VERSION,
    .reads = KC_READS_VALUE,
    .config_def = v2k_config_def,
    .configure = v2k_configure,
    .apply = v2k_apply,
    .close = v2k_close,
};

/* ===== InsertField ===== */

static const char optionality_doc[] =
    "Suffix with <code>!</code> to make this a required field, or <code>?</code> to keep it "
    "optional (the default).";

static const kc_cfg_def insert_defs[] = {
    { .name = "topic.field", .type = KC_CFG_STRING },
    { .name = "partition.field", .type = KC_CFG_STRING },
    { .name = "offset.field", .type = KC_CFG_STRING },
    { .name = "timestamp.field", .type = KC_CFG_STRING },
    { .name = "static.field", .type = KC_CFG_STRING },
    { .name = "static.value", .type = KC_CFG_STRING },
    { .name = "replace.null.with.default", .type = KC_CFG_BOOLEAN, .dflt = "true" },
};

/* The documentation texts are built once: they share the optionality sentence. */
static json_t *
insert_config_def(void)
{
    char topic[256], partition[256], offset[256], timestamp[256], stat[256];
    kc_tf_key_doc docs[KC_ARRAY_LEN(insert_defs)];

    snprintf(topic, sizeof(topic), "Field name for Kafka topic. %s", optionality_doc);
    snprintf(partition, sizeof(partition), "Field name for Kafka partition. %s",
             optionality_doc);
    snprintf(offset, sizeof(offset), "Field name for Kafka offset - only applicable to sink "
             "connectors.<br/>%s", optionality_doc);
    snprintf(timestamp, sizeof(timestamp), "Field name for record timestamp. %s",
             optionality_doc);
    snprintf(stat, sizeof(stat), "Field name for static data field. %s", optionality_doc);
    docs[0] = (kc_tf_key_doc) { "MEDIUM", topic };
    docs[1] = (kc_tf_key_doc) { "MEDIUM", partition };
    docs[2] = (kc_tf_key_doc) { "MEDIUM", offset };
    docs[3] = (kc_tf_key_doc) { "MEDIUM", timestamp };
    docs[4] = (kc_tf_key_doc) { "MEDIUM", stat };
    docs[5] = (kc_tf_key_doc) { "MEDIUM", "Static field value, if field name configured." };
    docs[6] = (kc_tf_key_doc) { "MEDIUM", replace_null_doc };
    return kc_tf_config_def(insert_defs, docs, KC_ARRAY_LEN(insert_defs));
}

/* InsertionSpec: a name, "!" suffix required, "?" (or none) optional. */
typedef struct {
    char *name;                  /* NULL: not inserted */
    bool  optional;
} insertion_spec;

enum { INS_TOPIC, INS_PARTITION, INS_OFFSET, INS_TIMESTAMP, INS_STATIC, INS_N };

typedef struct {
    const kc_transform_ops *ops;
    insertion_spec          spec[INS_N];
    char                   *static_value;
    bool                    with_default;
    kc_tf_schema_cache      cache;
} insert_field;

static void
insert_close(void *priv)
{
    insert_field *f = priv;

    if (f == NULL)
        return;
    for (int i = 0; i < INS_N; i++)
        free(f->spec[i].name);
    kc_tf_cache_clear(&f->cache);
    free(f->static_value);
    free(f);
}

static void
parse_spec(insertion_spec *s, const char *text)
{
    size_t n;

    if (text == NULL)
        return;
    n = strlen(text);
    s->optional = true;
    if (n > 0 && (text[n - 1] == '?' || text[n - 1] == '!')) {
        s->optional = text[n - 1] == '?';
        n--;
    }
    s->name = kc_xstrndup(text, n);
}

static int
insert_configure(const kc_transform_ops *self, const json_t *config, void **priv, char *err,
                 size_t errlen)
{
    kc_cfg        cfg;
    insert_field *f;
    bool          any = false;

    if (kc_tf_parse(&cfg, insert_defs, KC_ARRAY_LEN(insert_defs), config, err, errlen) !=
        KC_PLUGIN_OK)
        return KC_PLUGIN_FATAL;
    f = kc_xcalloc(1, sizeof(*f));
    f->ops = self;
    for (int i = 0; i < INS_N; i++) {
        parse_spec(&f->spec[i], kc_cfg_str(&cfg, insert_defs[i].name));
        any = any || f->spec[i].name != NULL;
    }
    if (kc_cfg_str(&cfg, "static.value") != NULL)
        f->static_value = kc_xstrdup(kc_cfg_str(&cfg, "static.value"));
    f->with_default = kc_cfg_bool(&cfg, "replace.null.with.default");
    kc_cfg_free(&cfg);
    if (!any) {
        insert_close(f);
        return kc_tf_fail(err, errlen, "No field insertion configured");
    }
    if (f->spec[INS_STATIC].name != NULL && f->static_value == NULL) {
        /* Java prints its InsertionSpec object here (a class name and a hash code); the
         * field's name says more. */
        kc_tf_fail(err, errlen, "Invalid value null for configuration static.value: No value "
                   "specified for static field: %s", f->spec[INS_STATIC].name);
        insert_close(f);
        return KC_PLUGIN_FATAL;
    }
    *priv = f;
    return KC_PLUGIN_OK;
}

static const char insert_purpose[] = "field insertion";

/* The inserted fields' values (new references; NULL: not inserted), Java's order. */
static int
insert_values(const insert_field *f, const kc_connect_record *rec, json_t *vals[INS_N],
              char *err, size_t errlen)
{
    memset(vals, 0, INS_N * sizeof(json_t *));
    if (f->spec[INS_OFFSET].name != NULL && !rec->sink)
        return kc_tf_fail(err, errlen, "Only SinkRecord supported for [%s], found: "
                          "org.apache.kafka.connect.source.SourceRecord", insert_purpose);
    if (f->spec[INS_TOPIC].name != NULL)
        vals[INS_TOPIC] = rec->topic != NULL ? json_string(rec->topic) : json_null();
    if (f->spec[INS_PARTITION].name != NULL && rec->partition >= 0)
        vals[INS_PARTITION] = json_integer(rec->partition);
    if (f->spec[INS_OFFSET].name != NULL)
        vals[INS_OFFSET] = json_integer(rec->offset);
    if (f->spec[INS_TIMESTAMP].name != NULL && rec->timestamp >= 0)
        vals[INS_TIMESTAMP] = json_integer(rec->timestamp);
    if (f->spec[INS_STATIC].name != NULL && f->static_value != NULL)
        vals[INS_STATIC] = json_string(f->static_value);
    return KC_PLUGIN_OK;
}

static void
drop_values(json_t *vals[INS_N])
{
    for (int i = 0; i < INS_N; i++)
        json_decref(vals[i]);
}

static int
insert_apply(void *priv, kc_connect_record *rec, bool *drop, char *err, size_t errlen)
{
    insert_field    *f = priv;
    kc_connect_data *d = kc_tf_operand(f->ops, rec);
    const json_t    *schema = d->schema, *value = d->json, *fs;
    json_t          *vals[INS_N], *out, *ns;
    const char      *key;
    size_t           i;

    *drop = false;
    if (value == NULL || json_is_null(value))
        return KC_PLUGIN_OK;
    if (schema == NULL) {
        if (kc_tf_require_map(value, insert_purpose, err, errlen) != KC_PLUGIN_OK ||
            insert_values(f, rec, vals, err, errlen) != KC_PLUGIN_OK)
            return KC_PLUGIN_FATAL;
        out = kc_tf_map_iteration(value);
        for (int k = 0; k < INS_N; k++)
            if (vals[k] != NULL)
                json_object_set(out, f->spec[k].name, vals[k]);
        drop_values(vals);
        kc_crec_set(d, NULL, kc_java_hashmap_order(out, kc_java_hashmap_copy_capacity(
                                                            json_object_size(value))));
        return KC_PLUGIN_OK;
    }
    if (kc_tf_require_struct(schema, value, insert_purpose, err, errlen) != KC_PLUGIN_OK)
        return KC_PLUGIN_FATAL;
    /* The schema: SchemaUtil.copySchemaBasics (name, version, doc, parameters; optional and
     * default are not copied), the fields, then the inserted ones. */
    if ((ns = kc_tf_cache_get(&f->cache, schema)) == NULL) {
        ns = kc_schema_struct();
        json_array_foreach(json_object_get(schema, "fields"), i, fs)
            kc_schema_add_field(ns, json_string_value(json_object_get(fs, "field")), fs);
        for (int k = 0; k < INS_N; k++) {
            static const char *const types[INS_N] = { "string", "int32", "int64", "int64",
                                                       "string" };
            const insertion_spec *s = &f->spec[k];
            json_t               *t;
            if (s->name == NULL)
                continue;
            if (kc_schema_field(ns, s->name) != NULL) {
                json_decref(ns);
                return kc_tf_fail(err, errlen, "Cannot create field because of field name "
                                  "duplication %s", s->name);
            }
            t = kc_schema_finish(json_pack("{s:s}", "type", types[k]), s->optional,
                                 k == INS_TIMESTAMP ? KC_LOGICAL_TIMESTAMP : NULL,
                                 k == INS_TIMESTAMP ? 1 : -1, NULL, NULL, NULL);
            kc_schema_add_field(ns, s->name, t);
            json_decref(t);
        }
        json_t *version = json_object_get(schema, "version");
        kc_schema_finish(ns, false, kc_schema_name(schema),
                         json_is_integer(version) ? (long) json_integer_value(version) : -1,
                         json_string_value(json_object_get(schema, "doc")),
                         json_object_get(schema, "parameters"), NULL);
        kc_tf_cache_put(&f->cache, schema, ns);
    }
    /* The value: each field put (null into a required one fails), then the inserted ones. */
    out = json_object();
    json_array_foreach(json_object_get(schema, "fields"), i, fs) {
        key = json_string_value(json_object_get(fs, "field"));
        json_t *v = kc_tf_struct_get(schema, value, key, f->with_default);
        if (kc_tf_check_put(fs, key, v, err, errlen) != KC_PLUGIN_OK) {
            json_decref(out);
            json_decref(ns);
            return KC_PLUGIN_FATAL;
        }
        json_object_set(out, key, v);
    }
    if (insert_values(f, rec, vals, err, errlen) != KC_PLUGIN_OK) {
        json_decref(out);
        json_decref(ns);
        return KC_PLUGIN_FATAL;
    }
    for (int k = 0; k < INS_N; k++)
        if (f->spec[k].name != NULL)
            json_object_set(out, f->spec[k].name, vals[k] != NULL ? vals[k] : json_null());
    drop_values(vals);
    kc_crec_set(d, ns, out);
    return KC_PLUGIN_OK;
}

const kc_transform_ops kc_tf_insert_field_key =
    KC_TF_KV_OPS("InsertField", KC_TF_KEY, "Key", insert);
const kc_transform_ops kc_tf_insert_field_value =
    KC_TF_KV_OPS("InsertField", KC_TF_VALUE, "Value", insert);
