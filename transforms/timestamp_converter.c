/*
 * transforms/timestamp_converter.c - TimestampConverter: a timestamp (the whole key or
 * value, or one field of a struct or map) converted between a string (format, a
 * SimpleDateFormat pattern read and written in UTC), Unix time (unix.precision), and
 * Connect's Date, Time and Timestamp, as a $Key and a $Value class sharing code.
 *
 * Strings are parsed as SimpleDateFormat.parse parses them (lib/simple_date.h); a
 * pattern whose parsing differs from Java's for some letters is refused at configure.
 * Java's schemaless java.util.Date (target Date, Time or Timestamp without a schema) has no
 * JSON form (Java's converter fails on it): it is refused when a record needs one, as are
 * Date values beyond the int32 days Connect's Date holds.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "transforms/builtin.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lib/common.h"
#include "lib/data.h"
#include "lib/json_java.h"
#include "transforms/common.h"
#include "lib/simple_date.h"

static const char replace_null_doc[] =
    "Whether to replace fields that have a default value and that are null to the default "
    "value. When set to true, the default value is used, otherwise null is used.";

static const char *const target_types[] = { "string", "unix", "Date", "Time", "Timestamp", NULL };
static const char *const precisions[] = { "nanoseconds", "microseconds", "milliseconds",
                                          "seconds", NULL };

static const kc_cfg_def tsc_defs[] = {
    { .name = "field", .type = KC_CFG_STRING, .dflt = "" },
    { .name = "target.type", .type = KC_CFG_STRING, .required = true, .validator = KC_VAL_IN,
      .in = target_types },
    { .name = "format", .type = KC_CFG_STRING, .dflt = "" },
    { .name = "unix.precision", .type = KC_CFG_STRING, .dflt = "milliseconds",
      .validator = KC_VAL_IN, .in = precisions },
    { .name = "replace.null.with.default", .type = KC_CFG_BOOLEAN, .dflt = "true" },
};

static const kc_tf_key_doc tsc_docs[] = {
    { "HIGH", "The field containing the timestamp, or empty if the entire value is a "
              "timestamp" },
    { "HIGH", "The desired timestamp representation: string, unix, Date, Time, or Timestamp" },
    { "MEDIUM", "A SimpleDateFormat-compatible format for the timestamp. Used to generate the "
                "output when type=string or used to parse the input if the input is a string." },
    { "LOW", "The desired Unix precision for the timestamp: seconds, milliseconds, "
             "microseconds, or nanoseconds. Used to generate the output when type=unix or used "
             "to parse the input if the input is a Long.Note: This SMT will cause precision loss "
             "during conversions from, and to, values with sub-millisecond components." },
    { "MEDIUM", replace_null_doc },
};

/* The timestamp types: the translators of Java's TRANSLATORS. */
typedef enum { T_STRING, T_UNIX, T_DATE, T_TIME, T_TIMESTAMP } ts_type;

typedef struct {
    const kc_transform_ops *ops;
    char                   *field;         /* "": the whole key or value */
    ts_type                 target;
    char                   *pattern;       /* NULL: no format */
    kc_sdf                 *format;
    int64_t                 century_start; /* the format's defaultCenturyStart */
    int                     precision;     /* 0 ns, 1 us, 2 ms, 3 s */
    bool                    with_default;
} timestamp_converter;

static json_t *
tsc_config_def(void)
{
    return kc_tf_config_def(tsc_defs, tsc_docs, KC_ARRAY_LEN(tsc_defs));
}

static void
tsc_close(void *priv)
{
    timestamp_converter *c = priv;

    if (c == NULL)
        return;
    free(c->field);
    free(c->pattern);
    kc_sdf_free(c->format);
    free(c);
}

/* Utils.isBlank: null, or nothing but characters <= U+0020. */
static bool
blank(const char *s)
{
    for (; s != NULL && *s != '\0'; s++)
        if ((unsigned char) *s > ' ')
            return false;
    return true;
}

static int
tsc_configure(const kc_transform_ops *self, const json_t *config, void **priv, char *err,
              size_t errlen)
{
    kc_cfg               cfg;
    timestamp_converter *c;
    const char          *type, *pattern, *precision;
    char                 why[384];
    int                  rc;

    if (kc_tf_parse(&cfg, tsc_defs, KC_ARRAY_LEN(tsc_defs), config, err, errlen) !=
        KC_PLUGIN_OK)
        return KC_PLUGIN_FATAL;
    c = kc_xcalloc(1, sizeof(*c));
    c->ops = self;
    c->field = kc_xstrdup(kc_cfg_str(&cfg, "field") != NULL ? kc_cfg_str(&cfg, "field") : "");
    type = kc_cfg_str(&cfg, "target.type");
    for (int i = 0; target_types[i] != NULL; i++)
        if (strcmp(type, target_types[i]) == 0)
            c->target = (ts_type) i;
    precision = kc_cfg_str(&cfg, "unix.precision");
    for (int i = 0; precisions[i] != NULL; i++)
        if (strcmp(precision, precisions[i]) == 0)
            c->precision = i;
    c->with_default = kc_cfg_bool(&cfg, "replace.null.with.default");
    pattern = kc_cfg_str(&cfg, "format");
    if (c->target == T_STRING && blank(pattern)) {
        kc_cfg_free(&cfg);
        tsc_close(c);
        return kc_tf_fail(err, errlen, "TimestampConverter requires format option to be "
                          "specified when using string timestamps");
    }
    if (!blank(pattern)) {
        rc = kc_sdf_compile(pattern, &c->format, why, sizeof(why));
        if (rc == KC_SDF_OK && kc_sdf_parse_check(c->format, why, sizeof(why)) != 0)
            rc = KC_SDF_UNSUPPORTED;
        if (rc == KC_SDF_JAVA_ERROR)
            kc_tf_fail(err, errlen, "Invalid value java.lang.IllegalArgumentException: %s for "
                       "configuration TimestampConverter requires a SimpleDateFormat-compatible "
                       "pattern for string timestamps: %s", why, pattern);
        else if (rc == KC_SDF_UNSUPPORTED)
            /* What cannot be parsed as Java parses it is refused, format-only use or not. */
            kc_tf_fail(err, errlen, "Invalid value %s for configuration format: %s", pattern, why);
        if (rc != KC_SDF_OK) {
            kc_cfg_free(&cfg);
            tsc_close(c);
            return KC_PLUGIN_FATAL;
        }
        c->pattern = kc_xstrdup(pattern);
        /* As new SimpleDateFormat(pattern) takes it: now, in a JVM whose zone is UTC. */
        struct timespec now;
        clock_gettime(CLOCK_REALTIME, &now);
        c->century_start = kc_sdf_century_start((int64_t) now.tv_sec * 1000 +
                                                now.tv_nsec / 1000000);
    }
    kc_cfg_free(&cfg);
    *priv = c;
    return KC_PLUGIN_OK;
}

/* ===== Converting one timestamp ===== */

/* TimeUnit's conversions: multiplication saturates. */
static int64_t
scale_up(int64_t v, int64_t by)
{
    if (v > INT64_MAX / by)
        return INT64_MAX;
    if (v < -(INT64_MAX / by))
        return INT64_MIN;
    return v * by;
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

/* timestampTypeFromSchema: -1 with the ConnectException for a schema of no timestamp type. */
static int
type_from_schema(const json_t *schema, ts_type *type, char *err, size_t errlen)
{
    const char *name = kc_schema_name(schema), *t = kc_schema_type(schema);
    char        shown[512];

    if (name != NULL && strcmp(name, KC_LOGICAL_TIMESTAMP) == 0)
        *type = T_TIMESTAMP;
    else if (name != NULL && strcmp(name, KC_LOGICAL_DATE) == 0)
        *type = T_DATE;
    else if (name != NULL && strcmp(name, KC_LOGICAL_TIME) == 0)
        *type = T_TIME;
    else if (strcmp(t, "string") == 0)
        *type = T_STRING;
    else if (strcmp(t, "int64") == 0)
        *type = T_UNIX;
    else {
        schema_string(schema, shown, sizeof(shown));
        return kc_tf_fail(err, errlen, "Schema %s does not correspond to a known timestamp type "
                          "format", shown);
    }
    return 0;
}

/* The schema of a target type (typeSchema). New. */
static json_t *
type_schema(ts_type t, bool optional)
{
    static const char *const types[] = { "string", "int64", "int32", "int32", "int64" };
    static const char *const names[] = { NULL, NULL, KC_LOGICAL_DATE, KC_LOGICAL_TIME,
                                         KC_LOGICAL_TIMESTAMP };

    return kc_schema_finish(json_pack("{s:s}", "type", types[t]), optional, names[t],
                            names[t] != NULL ? 1 : -1, NULL, NULL, NULL);
}

/* convertTimestamp(value, source) (source NULL: inferred from the schemaless value): *out
 * new (JSON null for null), or -1 with Java's exception. */
static int
convert(const timestamp_converter *c, const json_t *value, const ts_type *source,
        bool schemaless, json_t **out, char *err, size_t errlen)
{
    ts_type from;
    int64_t ms;

    *out = NULL;
    if (value == NULL || json_is_null(value)) {
        *out = json_null();
        return 0;
    }
    if (source != NULL) {
        from = *source;
    } else if (json_is_integer(value)) {
        from = T_UNIX;
    } else if (json_is_string(value)) {
        from = T_STRING;
    } else {
        return kc_tf_fail(err, errlen, "TimestampConverter does not support class %s objects as "
                          "timestamps", kc_data_java_class(NULL, value));
    }
    /* toRaw: the time in ms. */
    switch (from) {
    case T_STRING:
        if (c->format == NULL)
            return kc_tf_fail(err, errlen, "Cannot invoke \"java.text.SimpleDateFormat.parse("
                              "String)\" because \"config.format\" is null");
        if (kc_sdf_parse(c->format, json_string_value(value), c->century_start, &ms) != 0)
            return kc_tf_fail(err, errlen, "Could not parse timestamp: value (%s) does not match "
                              "pattern (%s)", json_string_value(value), c->pattern);
        break;
    case T_UNIX:
        ms = json_integer_value(value);
        ms = c->precision == 3 ? scale_up(ms, 1000) : c->precision == 1 ? ms / 1000
             : c->precision == 0 ? ms / 1000000 : ms;
        break;
    case T_DATE:
        ms = json_integer_value(value) * 86400000;
        break;
    default:
        ms = json_integer_value(value);
        break;
    }
    if (schemaless && (c->target == T_DATE || c->target == T_TIME || c->target == T_TIMESTAMP))
        return kc_tf_fail(err, errlen, "TimestampConverter to %s without a schema is not "
                          "supported: a java.util.Date has no schemaless form (Java's converter "
                          "fails on it)", target_types[c->target]);
    /* toType. */
    switch (c->target) {
    case T_STRING: {
        char *s = kc_sdf_format(c->format, ms);
        *out = json_string(s);
        free(s);
        if (*out == NULL)
            return kc_tf_fail(err, errlen, "TimestampConverter formatted an invalid string");
        return 0;
    }
    case T_UNIX:
        *out = json_integer(c->precision == 3 ? ms / 1000 : c->precision == 1
                            ? scale_up(ms, 1000) : c->precision == 0 ? scale_up(ms, 1000000) : ms);
        return 0;
    case T_DATE: {
        int64_t days = kc_floor_div(ms, 86400000);
        if (days < INT32_MIN || days > INT32_MAX)
            return kc_tf_fail(err, errlen, "TimestampConverter: the date of %lld ms is beyond the "
                              "int32 days a Connect Date holds: not supported", (long long) ms);
        *out = json_integer(days);
        return 0;
    }
    case T_TIME:
        *out = json_integer(ms - kc_floor_div(ms, 86400000) * 86400000);
        return 0;
    default:
        *out = json_integer(ms);
        return 0;
    }
}

/* applyValueWithSchema: the struct value (schema's) with the field converted, under ns. *out
 * new (JSON null for null). */
static int
convert_struct(const timestamp_converter *c, const json_t *schema, const json_t *value,
               const json_t *ns, json_t **out, char *err, size_t errlen)
{
    const json_t *fs;
    size_t        i;
    json_t       *o, *v;

    *out = NULL;
    if (value == NULL || json_is_null(value)) {
        *out = json_null();
        return 0;
    }
    o = json_object();
    json_array_foreach(json_object_get(schema, "fields"), i, fs) {
        const char *name = json_string_value(json_object_get(fs, "field"));
        json_t     *orig = kc_tf_struct_get(schema, value, name, c->with_default);
        if (strcmp(name, c->field) == 0) {
            ts_type from;
            if (type_from_schema(fs, &from, err, errlen) != 0 ||
                convert(c, orig, &from, false, &v, err, errlen) != 0) {
                json_decref(o);
                return -1;
            }
        } else {
            v = json_incref(orig);
        }
        if (kc_tf_check_put(kc_schema_field(ns, name), name, v, err, errlen) != KC_PLUGIN_OK) {
            json_decref(v);
            json_decref(o);
            return -1;
        }
        json_object_set_new(o, name, v);
    }
    *out = o;
    return 0;
}

static const char tsc_purpose[] = "converting timestamp formats";

static int
tsc_apply(void *priv, kc_connect_record *rec, bool *drop, char *err, size_t errlen)
{
    timestamp_converter *c = priv;
    kc_connect_data     *d = kc_tf_operand(c->ops, rec);
    const json_t        *schema = d->schema, *value = d->json, *fs, *version, *dflt;
    json_t              *ns, *out, *nd = NULL;
    ts_type              from;
    size_t               i;

    *drop = false;
    if (value == NULL)
        value = json_null();
    if (schema == NULL) {
        if (json_is_null(value) || c->field[0] == '\0') {
            if (convert(c, value, NULL, true, &out, err, errlen) != 0)
                return KC_PLUGIN_FATAL;
            kc_crec_set(d, NULL, out);
            return KC_PLUGIN_OK;
        }
        if (kc_tf_require_map(value, tsc_purpose, err, errlen) != KC_PLUGIN_OK)
            return KC_PLUGIN_FATAL;
        json_t *v;
        if (convert(c, json_object_get(value, c->field), NULL, true, &v, err, errlen) != 0)
            return KC_PLUGIN_FATAL;
        out = kc_tf_map_iteration(value);
        json_object_set_new(out, c->field, v);
        kc_java_hashmap_order(out, kc_java_hashmap_copy_capacity(json_object_size(value)));
        kc_crec_set(d, NULL, out);
        return KC_PLUGIN_OK;
    }
    if (c->field[0] == '\0') {
        ns = type_schema(c->target, kc_schema_optional(schema));
        if (type_from_schema(schema, &from, err, errlen) != 0 ||
            convert(c, value, &from, false, &out, err, errlen) != 0) {
            json_decref(ns);
            return KC_PLUGIN_FATAL;
        }
        kc_crec_set(d, ns, out);
        return KC_PLUGIN_OK;
    }
    if (!json_is_null(value) &&
        kc_tf_require_struct(schema, value, tsc_purpose, err, errlen) != KC_PLUGIN_OK)
        return KC_PLUGIN_FATAL;
    if (strcmp(kc_schema_type(schema), "struct") != 0)
        return kc_tf_fail(err, errlen, "Cannot list fields on non-struct type");
    /* copySchemaBasics, the field's schema replaced, then optional and default. */
    ns = kc_schema_struct();
    json_array_foreach(json_object_get(schema, "fields"), i, fs) {
        const char *name = json_string_value(json_object_get(fs, "field"));
        if (strcmp(name, c->field) == 0) {
            json_t *t = type_schema(c->target, kc_schema_optional(fs));
            kc_schema_add_field(ns, name, t);
            json_decref(t);
        } else {
            kc_schema_add_field(ns, name, fs);
        }
    }
    dflt = json_object_get(schema, "default");
    if (dflt != NULL && !json_is_null(dflt) &&
        convert_struct(c, schema, dflt, ns, &nd, err, errlen) != 0) {
        json_decref(ns);
        return KC_PLUGIN_FATAL;
    }
    version = json_object_get(schema, "version");
    kc_schema_finish(ns, kc_schema_optional(schema), kc_schema_name(schema),
                     json_is_integer(version) ? (long) json_integer_value(version) : -1,
                     json_string_value(json_object_get(schema, "doc")),
                     json_object_get(schema, "parameters"), nd);
    json_decref(nd);
    if (convert_struct(c, schema, value, ns, &out, err, errlen) != 0) {
        json_decref(ns);
        return KC_PLUGIN_FATAL;
    }
    kc_crec_set(d, ns, out);
    return KC_PLUGIN_OK;
}

const kc_transform_ops kc_tf_timestamp_converter_key =
    KC_TF_KV_OPS("TimestampConverter", KC_TF_KEY, "Key", tsc);
const kc_transform_ops kc_tf_timestamp_converter_value =
    KC_TF_KV_OPS("TimestampConverter", KC_TF_VALUE, "Value", tsc);
