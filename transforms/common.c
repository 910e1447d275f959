/*
 * transforms/common.c - see common.h.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "transforms/common.h"

#include <stdarg.h>
#include <stdio.h>

#include "lib/data.h"
#include "lib/json_java.h"
#include "lib/java_regex.h"

static const char *const type_names[] = {
    [KC_CFG_STRING] = "STRING", [KC_CFG_INT] = "INT", [KC_CFG_SHORT] = "SHORT",
    [KC_CFG_LONG] = "LONG", [KC_CFG_DOUBLE] = "DOUBLE", [KC_CFG_BOOLEAN] = "BOOLEAN",
    [KC_CFG_CLASS] = "CLASS", [KC_CFG_LIST] = "LIST", [KC_CFG_PASSWORD] = "PASSWORD",
};

json_t *
kc_tf_config_def(const kc_cfg_def *defs, const kc_tf_key_doc *docs, size_t n)
{
    json_t *out = json_array();

    for (size_t i = 0; i < n; i++) {
        const kc_cfg_def *d = &defs[i];
        /* Members in the order Java's ConfigKeyInfo serializes them. */
        json_t *k = json_object();
        json_object_set_new(k, "name", json_string(d->name));
        json_object_set_new(k, "type", json_string(type_names[d->type]));
        json_object_set_new(k, "required", json_boolean(d->required));
        json_object_set_new(k, "default_value", !d->required && d->dflt != NULL
                                                ? json_string(d->dflt) : json_null());
        json_object_set_new(k, "importance", json_string(docs[i].importance));
        json_object_set_new(k, "documentation", json_string(docs[i].doc));
        json_object_set_new(k, "group", json_null());
        json_object_set_new(k, "order_in_group", json_integer(-1));
        json_object_set_new(k, "width", json_string("NONE"));
        json_object_set_new(k, "display_name", json_string(d->name));
        json_object_set_new(k, "dependents", json_array());
        json_array_append_new(out, k);
    }
    return out;
}

int
kc_tf_parse(kc_cfg *cfg, const kc_cfg_def *defs, size_t n, const json_t *config, char *err,
            size_t errlen)
{
    kc_err e = { 0 };

    if (kc_cfg_parse_json(cfg, defs, n, config, &e) != KC_OK) {
        snprintf(err, errlen, "%s", e.msg);
        return KC_PLUGIN_FATAL;
    }
    return KC_PLUGIN_OK;
}

int
kc_tf_fail(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return KC_PLUGIN_FATAL;
}

int
kc_tf_non_empty_string(const kc_cfg_def *def, const kc_cfg_value *v, const char *shown,
                       kc_err *err)
{
    if (v->s != NULL && v->s[0] == '\0')
        return kc_err_set(err, KC_EINVAL, "Invalid value %s for configuration %s: String must "
                          "be non-empty", shown, def->name);
    return KC_OK;
}

int
kc_tf_valid_regex(const kc_cfg_def *def, const kc_cfg_value *v, const char *shown,
                  kc_err *err)
{
    kc_regex *re = NULL;
    char      why[384];

    if (v->s == NULL)
        return KC_OK;
    if (kc_regex_compile(v->s, &re, why, sizeof(why)) != 0) {
        /* The compiler names the entry of a list; a single pattern has no entries. */
        char        prefix[320];
        const char *msg = why;
        snprintf(prefix, sizeof(prefix), "invalid regex in list entry 1 \"%s\": ", v->s);
        if (strncmp(why, prefix, strlen(prefix)) == 0)
            msg += strlen(prefix);
        return kc_err_set(err, KC_EINVAL, "Invalid value %s for configuration %s: Invalid "
                          "regex: %s", shown, def->name, msg);
    }
    kc_regex_free(re);
    return KC_OK;
}

int
kc_tf_non_empty_regex(const kc_cfg_def *def, const kc_cfg_value *v, const char *shown,
                      kc_err *err)
{
    int rc = kc_tf_non_empty_string(def, v, shown, err);

    return rc != KC_OK ? rc : kc_tf_valid_regex(def, v, shown, err);
}

int
kc_tf_require_map(const json_t *value, const char *purpose, char *err, size_t errlen)
{
    if (json_is_object(value))
        return KC_PLUGIN_OK;
    return kc_tf_fail(err, errlen, "Only Map objects supported in absence of schema for [%s], "
                      "found: %s", purpose, kc_data_java_class(NULL, value));
}

int
kc_tf_require_struct(const json_t *schema, const json_t *value, const char *purpose,
                     char *err, size_t errlen)
{
    const char *t = kc_schema_type(schema);

    if (t != NULL && strcmp(t, "struct") == 0 && json_is_object(value))
        return KC_PLUGIN_OK;
    return kc_tf_fail(err, errlen, "Only Struct objects supported for [%s], found: %s", purpose,
                      kc_data_java_class(schema, value));
}

json_t *
kc_tf_struct_get(const json_t *schema, const json_t *value, const char *name,
                 bool with_default)
{
    const json_t *fs = kc_schema_field(schema, name);
    json_t       *v = json_object_get(value, name);

    if (v == NULL)
        v = json_null();                    /* a singleton: no reference to manage */
    if (json_is_null(v) && with_default && fs != NULL) {
        json_t *d = json_object_get(fs, "default");
        if (d != NULL && !json_is_null(d))
            return d;
    }
    return v;
}

int
kc_tf_check_put(const json_t *fs, const char *name, const json_t *v, char *err, size_t errlen)
{
    if ((v == NULL || json_is_null(v)) && !kc_schema_optional(fs))
        return kc_tf_fail(err, errlen, "Invalid value: null used for required field: \"%s\", "
                          "schema type: %s", name, kc_schema_type_name(kc_schema_type(fs)));
    return KC_PLUGIN_OK;
}

json_t *
kc_tf_field_schema(const json_t *fs)
{
    json_t *s = json_deep_copy(fs);

    json_object_del(s, "field");
    return s;
}

json_t *
kc_tf_map_iteration(const json_t *map)
{
    return json_copy((json_t *) map);
}

/* ===== Schema cache ===== */

json_t *
kc_tf_cache_get(const kc_tf_schema_cache *c, const json_t *in)
{
    if (c->in == NULL || (c->in != in && !json_equal((json_t *) c->in, (json_t *) in)))
        return NULL;
    return json_incref(c->out);
}

json_t *
kc_tf_cache_put(kc_tf_schema_cache *c, const json_t *in, json_t *out)
{
    kc_tf_cache_clear(c);
    c->in = json_incref((json_t *) in);
    c->out = json_incref(out);
    return out;
}

void
kc_tf_cache_clear(kc_tf_schema_cache *c)
{
    json_decref(c->in);
    json_decref(c->out);
    c->in = c->out = NULL;
}
