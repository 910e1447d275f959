/*
 * lib/data.c - see data.h.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "lib/data.h"

#include <string.h>

const char *
kc_schema_type(const json_t *schema)
{
    return json_string_value(json_object_get(schema, "type"));
}

bool
kc_schema_optional(const json_t *schema)
{
    return json_is_true(json_object_get(schema, "optional"));
}

const char *
kc_schema_name(const json_t *schema)
{
    return json_string_value(json_object_get(schema, "name"));
}

const char *
kc_schema_type_name(const char *type)
{
    static const char *const names[][2] = {
        { "int8", "INT8" }, { "int16", "INT16" }, { "int32", "INT32" }, { "int64", "INT64" },
        { "float", "FLOAT32" }, { "double", "FLOAT64" }, { "boolean", "BOOLEAN" },
        { "string", "STRING" }, { "bytes", "BYTES" }, { "array", "ARRAY" }, { "map", "MAP" },
        { "struct", "STRUCT" },
    };

    for (size_t i = 0; type != NULL && i < sizeof(names) / sizeof(names[0]); i++)
        if (strcmp(names[i][0], type) == 0)
            return names[i][1];
    return "null";
}

const json_t *
kc_schema_field(const json_t *schema, const char *name)
{
    size_t  i;
    json_t *f;

    json_array_foreach(json_object_get(schema, "fields"), i, f)
        if (strcmp(json_string_value(json_object_get(f, "field")), name) == 0)
            return f;
    return NULL;
}

json_t *
kc_schema_primitive(const char *type, bool optional)
{
    return kc_schema_finish(json_pack("{s:s}", "type", type), optional, NULL, -1, NULL, NULL,
                            NULL);
}

json_t *
kc_schema_struct(void)
{
    return json_pack("{s:s,s:[]}", "type", "struct", "fields");
}

void
kc_schema_add_field(json_t *st, const char *name, const json_t *fs)
{
    json_t *f = json_deep_copy(fs);

    json_object_del(f, "field");
    json_object_set_new(f, "field", json_string(name));
    json_array_append_new(json_object_get(st, "fields"), f);
}

json_t *
kc_schema_finish(json_t *s, bool optional, const char *name, long version, const char *doc,
                 const json_t *parameters, const json_t *dflt)
{
    json_object_set_new(s, "optional", json_boolean(optional));
    if (name != NULL)
        json_object_set_new(s, "name", json_string(name));
    if (version >= 0)
        json_object_set_new(s, "version", json_integer(version));
    if (doc != NULL)
        json_object_set_new(s, "doc", json_string(doc));
    if (parameters != NULL)
        json_object_set_new(s, "parameters", json_deep_copy(parameters));
    if (dflt != NULL)
        json_object_set_new(s, "default", json_deep_copy(dflt));
    return s;
}

const char *
kc_data_java_class(const json_t *schema, const json_t *value)
{
    const char *t = kc_schema_type(schema), *name = kc_schema_name(schema);

    if (value == NULL || json_is_null(value))
        return "null";
    if (name != NULL) {
        if (strcmp(name, KC_LOGICAL_DECIMAL) == 0)
            return "java.math.BigDecimal";
        if (strcmp(name, KC_LOGICAL_DATE) == 0 || strcmp(name, KC_LOGICAL_TIME) == 0 ||
            strcmp(name, KC_LOGICAL_TIMESTAMP) == 0)
            return "java.util.Date";
    }
    if (t == NULL) {
        /* Schemaless, as JsonConverter reads JSON without a schema. */
        switch (json_typeof(value)) {
        case JSON_OBJECT:  return "java.util.HashMap";
        case JSON_ARRAY:   return "java.util.ArrayList";
        case JSON_STRING:  return "java.lang.String";
        case JSON_INTEGER: return "java.lang.Long";
        case JSON_REAL:    return "java.lang.Double";
        default:           return "java.lang.Boolean";
        }
    }
    if (strcmp(t, "int8") == 0)    return "java.lang.Byte";
    if (strcmp(t, "int16") == 0)   return "java.lang.Short";
    if (strcmp(t, "int32") == 0)   return "java.lang.Integer";
    if (strcmp(t, "int64") == 0)   return "java.lang.Long";
    if (strcmp(t, "float") == 0)   return "java.lang.Float";
    if (strcmp(t, "double") == 0)  return "java.lang.Double";
    if (strcmp(t, "boolean") == 0) return "java.lang.Boolean";
    if (strcmp(t, "string") == 0)  return "java.lang.String";
    if (strcmp(t, "bytes") == 0)   return "[B";
    if (strcmp(t, "array") == 0)   return "java.util.ArrayList";
    if (strcmp(t, "map") == 0)     return "java.util.HashMap";
    return "org.apache.kafka.connect.data.Struct";
}

bool
kc_data_date_ms(const json_t *schema, const json_t *value, int64_t *ms)
{
    const char *name = kc_schema_name(schema);

    if (name == NULL || !json_is_integer(value))
        return false;
    if (strcmp(name, KC_LOGICAL_DATE) == 0)
        *ms = json_integer_value(value) * 86400000;
    else if (strcmp(name, KC_LOGICAL_TIME) == 0 || strcmp(name, KC_LOGICAL_TIMESTAMP) == 0)
        *ms = json_integer_value(value);
    else
        return false;
    return true;
}
