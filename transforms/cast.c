/*
 * transforms/cast.c - Cast: a whole key or value, or top-level fields of a struct or map,
 * cast to another primitive type, as a $Key and a $Value class sharing code.
 *
 * A value is read as the Java object JsonConverter gives a transformation (Byte ... Long,
 * Float, Double, BigDecimal for a Decimal, java.util.Date for Date, Time and Timestamp,
 * byte[], Boolean, String) and cast with Java's Number, parse and toString methods: a
 * Decimal's unscaled bytes are read as a BigDecimal, a string is parsed with Java's
 * grammars (Unicode digits, NaN, hexadecimal floats), dates cast to a string are formatted
 * as Values.dateFormatFor formats them in a JVM whose time zone is UTC.
 *
 * Two results Java makes are refused here rather than made differently: a float or double
 * that is NaN or infinite (JSON has no such number), and a whole-value cast of a logical
 * type, which keeps the logical name on the new schema (Java's converter then fails).
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "transforms/builtin.h"

#include <locale.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <wctype.h>
#include <wchar.h>

#include "lib/common.h"
#include "lib/data.h"
#include "lib/json_java.h"
#include "transforms/common.h"
#include "lib/numbers.h"
#include "lib/simple_date.h"

static const char replace_null_doc[] =
    "Whether to replace fields that have a default value and that are null to the default "
    "value. When set to true, the default value is used, otherwise null is used.";

static const char input_types[] =
    "[INT8, INT16, INT32, INT64, FLOAT32, FLOAT64, BOOLEAN, STRING, BYTES]";
static const char output_types[] = "[INT8, INT16, INT32, INT64, FLOAT32, FLOAT64, BOOLEAN, STRING]";

/* Schema.Type's constants and the schema type each names ("" for those Cast cannot make). */
static const char *const type_names[][2] = {
    { "INT8", "int8" }, { "INT16", "int16" }, { "INT32", "int32" }, { "INT64", "int64" },
    { "FLOAT32", "float" }, { "FLOAT64", "double" }, { "BOOLEAN", "boolean" },
    { "STRING", "string" }, { "BYTES", "" }, { "ARRAY", "" }, { "MAP", "" }, { "STRUCT", "" },
};

/* String.toUpperCase(Locale.ROOT): ASCII, "\u00df" as "SS", other letters by their Unicode
 * upper case (C.UTF-8's towupper). New string. */
static char *
java_upper(const char *s)
{
    locale_t             utf8 = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t) 0);
    const unsigned char *p = (const unsigned char *) s;
    char                *out = kc_xmalloc(strlen(s) * 2 + 1), *o = out;

    while (*p != '\0') {
        uint32_t c, u;
        size_t   n = *p < 0x80 ? 1 : *p < 0xe0 ? 2 : *p < 0xf0 ? 3 : 4;
        for (size_t k = 1; k < n; k++)
            if ((p[k] & 0xc0) != 0x80)
                n = 1;                            /* malformed: copied as it is */
        c = n == 1 ? *p : n == 2 ? ((uint32_t) (p[0] & 0x1f) << 6) | (p[1] & 0x3f)
            : n == 3 ? ((uint32_t) (p[0] & 0x0f) << 12) | ((uint32_t) (p[1] & 0x3f) << 6) |
                       (p[2] & 0x3f)
            : ((uint32_t) (p[0] & 0x07) << 18) | ((uint32_t) (p[1] & 0x3f) << 12) |
              ((uint32_t) (p[2] & 0x3f) << 6) | (p[3] & 0x3f);
        if (n == 1 && *p >= 0x80) {
            *o++ = (char) *p++;
            continue;
        }
        if (c == 0xdf) {
            *o++ = 'S';
            *o++ = 'S';
            p += n;
            continue;
        }
        u = c < 0x80 ? (c >= 'a' && c <= 'z' ? c - 32 : c)
            : utf8 != (locale_t) 0 ? (uint32_t) towupper_l((wint_t) c, utf8) : c;
        /* Written back in UTF-8 (an upper case never needs more than twice the bytes). */
        if (u < 0x80) {
            *o++ = (char) u;
        } else if (u < 0x800) {
            *o++ = (char) (0xc0 | (u >> 6));
            *o++ = (char) (0x80 | (u & 0x3f));
        } else if (u < 0x10000) {
            *o++ = (char) (0xe0 | (u >> 12));
            *o++ = (char) (0x80 | ((u >> 6) & 0x3f));
            *o++ = (char) (0x80 | (u & 0x3f));
        } else {
            *o++ = (char) (0xf0 | (u >> 18));
            *o++ = (char) (0x80 | ((u >> 12) & 0x3f));
            *o++ = (char) (0x80 | ((u >> 6) & 0x3f));
            *o++ = (char) (0x80 | (u & 0x3f));
        }
        p += n;
    }
    *o = '\0';
    if (utf8 != (locale_t) 0)
        freelocale(utf8);
    return out;
}

/* String.split(":") of one mapping: its parts (new, trailing empty ones dropped; a mapping
 * without ':' is one part), *n of them. */
static char **
split_colon(const char *mapping, size_t *n)
{
    char      **parts = kc_xcalloc(strlen(mapping) + 2, sizeof(char *));
    const char *p = mapping, *c;
    size_t      k = 0;

    if (strchr(mapping, ':') == NULL) {
        parts[0] = kc_xstrdup(mapping);
        *n = 1;
        return parts;
    }
    while ((c = strchr(p, ':')) != NULL) {
        parts[k++] = kc_xstrndup(p, (size_t) (c - p));
        p = c + 1;
    }
    parts[k++] = kc_xstrdup(p);
    while (k > 0 && parts[k - 1][0] == '\0')
        free(parts[--k]);
    parts[k] = NULL;
    *n = k;
    return parts;
}

/* The schema type (type_names' second column) text names, or NULL with Java's
 * ConfigException message. */
static const char *
parse_type(const char *text, char *msg, size_t msglen)
{
    char       *trimmed = kc_java_trim(text), *upper = java_upper(trimmed);
    const char *type = NULL;
    size_t      i;

    for (i = 0; i < KC_ARRAY_LEN(type_names); i++)
        if (strcmp(type_names[i][0], upper) == 0)
            break;
    if (i == KC_ARRAY_LEN(type_names))
        snprintf(msg, msglen, "Invalid value java.lang.IllegalArgumentException: No enum constant "
                 "org.apache.kafka.connect.data.Schema.Type.%s for configuration Invalid type "
                 "found in casting spec: %s", upper, trimmed);
    else if (type_names[i][1][0] == '\0')
        snprintf(msg, msglen, "Cast transformation does not support casting to %s; supported "
                 "types are %s", type_names[i][0], output_types);
    else
        type = type_names[i][1];
    free(trimmed);
    free(upper);
    return type;
}

/* parseFieldTypes: *whole the whole-value type or the casts (field -> type, in the order of
 * Java's HashMap) in *casts (new, may be NULL); -1 with Java's message. */
static int
parse_spec(char *const *list, size_t n, const char **whole, json_t **casts, char *msg,
           size_t msglen)
{
    json_t *m = json_object();
    bool    whole_cast = false;
    int     rc = 0;

    *whole = NULL;
    for (size_t i = 0; i < n && rc == 0; i++) {
        size_t      nparts;
        char      **parts = split_colon(list[i], &nparts);
        const char *type;
        if (nparts > 2) {
            char   shown[1024];
            size_t off = (size_t) snprintf(shown, sizeof(shown), "[");
            for (size_t k = 0; k < n && off < sizeof(shown); k++)
                off += (size_t) snprintf(shown + off, sizeof(shown) - off, "%s%s", k ? ", " : "",
                                         list[k]);
            snprintf(msg, msglen, "Invalid value %s] for configuration renames: Invalid rename "
                     "mapping: %s", shown, list[i]);
            rc = -1;
        } else if (nparts == 0) {
            snprintf(msg, msglen, "Index 1 out of bounds for length 0");
            rc = -1;
        } else if (nparts == 1) {
            if ((type = parse_type(parts[0], msg, msglen)) == NULL)
                rc = -1;
            *whole = type;
            whole_cast = true;
        } else {
            if ((type = parse_type(parts[1], msg, msglen)) == NULL) {
                rc = -1;
            } else {
                char *field = kc_java_trim(parts[0]);
                json_object_set_new(m, field, json_string(type));
                free(field);
            }
        }
        for (size_t k = 0; k < nparts; k++)
            free(parts[k]);
        free(parts);
    }
    if (rc == 0 && whole_cast && n > 1) {
        snprintf(msg, msglen, "Cast transformations that specify a type to cast the entire "
                 "value to may only specify a single cast in their spec");
        rc = -1;
    }
    if (rc == 0 && casts != NULL)
        *casts = kc_java_hashmap_order(json_incref(m), 0);
    json_decref(m);
    return rc;
}

static int
valid_spec(const kc_cfg_def *def, const kc_cfg_value *v, const char *shown, kc_err *err)
{
    const char *whole;
    char        msg[1024];

    (void) def;
    (void) shown;
    if (v->nlist == 0)
        return kc_err_set(err, KC_EINVAL, "Must specify at least one field to cast.");
    if (parse_spec(v->list, v->nlist, &whole, NULL, msg, sizeof(msg)) != 0)
        return kc_err_set(err, KC_EINVAL, "%s", msg);
    return KC_OK;
}

static const kc_cfg_def cast_defs[] = {
    { .name = "spec", .type = KC_CFG_LIST, .required = true, .validator = KC_VAL_CUSTOM,
      .custom = valid_spec },
    { .name = "replace.null.with.default", .type = KC_CFG_BOOLEAN, .dflt = "true" },
};

static const kc_tf_key_doc cast_docs[] = {
    { "HIGH", "List of fields and the type to cast them to of the form field1:type,field2:type "
              "to cast fields of Maps or Structs. A single type to cast the entire value. Valid "
              "types are int8, int16, int32, int64, float32, float64, boolean, and string. Note "
              "that binary fields can only be cast to string." },
    { "MEDIUM", replace_null_doc },
};

typedef struct {
    const kc_transform_ops *ops;
    const char             *whole;       /* the whole-value type, or NULL */
    json_t                 *casts;       /* field -> type, in Java's HashMap order */
    bool                    with_default;
} cast;

static json_t *
cast_config_def(void)
{
    return kc_tf_config_def(cast_defs, cast_docs, KC_ARRAY_LEN(cast_defs));
}

static void
cast_close(void *priv)
{
    cast *c = priv;

    if (c == NULL)
        return;
    json_decref(c->casts);
    free(c);
}

static int
cast_configure(const kc_transform_ops *self, const json_t *config, void **priv, char *err,
               size_t errlen)
{
    kc_cfg              cfg;
    cast               *c;
    const kc_cfg_value *spec;

    if (kc_tf_parse(&cfg, cast_defs, KC_ARRAY_LEN(cast_defs), config, err, errlen) !=
        KC_PLUGIN_OK)
        return KC_PLUGIN_FATAL;
    c = kc_xcalloc(1, sizeof(*c));
    c->ops = self;
    spec = kc_cfg_get(&cfg, "spec");
    if (parse_spec(spec->list, spec->nlist, &c->whole, &c->casts, err, errlen) != 0) {
        kc_cfg_free(&cfg);
        cast_close(c);
        return KC_PLUGIN_FATAL;
    }
    c->with_default = kc_cfg_bool(&cfg, "replace.null.with.default");
    kc_cfg_free(&cfg);
    *priv = c;
    return KC_PLUGIN_OK;
}

/* ===== Casting one value ===== */

/* The Java object a value is. */
typedef enum {
    J_INTEGRAL, J_FLOAT, J_DOUBLE, J_DECIMAL, J_BOOLEAN, J_STRING, J_BYTES, J_DATE,
} jkind;

typedef struct {
    jkind          kind;
    int64_t        l;             /* J_INTEGRAL; J_DATE: the time in ms */
    float          f;
    double         d;
    bool           b;
    const char    *s;             /* J_STRING; J_BYTES: the base64 text */
    kc_big_decimal dec;
} jvalue;

/* A JSON number as JsonConverter reads a float or double: a BigDecimal first, so -0 is 0. */
static double
json_number(const json_t *v)
{
    double d = json_is_integer(v) ? (double) json_integer_value(v) : json_real_value(v);

    return d == 0 ? 0.0 : d;
}

/* Java's (int) and (long) casts of a floating value: saturating, NaN 0. */
static int32_t
d2i(double d)
{
    return isnan(d) ? 0 : d >= 2147483647.0 ? INT32_MAX : d <= -2147483648.0 ? INT32_MIN
           : (int32_t) d;
}

static int64_t
d2l(double d)
{
    return isnan(d) ? 0 : d >= 9.2233720368547758e18 ? INT64_MAX
           : d <= -9.2233720368547758e18 ? INT64_MIN : (int64_t) d;
}

/* Reads value (not null) under schema (NULL: schemaless) as Java's object for a cast to
 * target; -1 with the DataException for a type Cast does not take. */
static int
read_value(const json_t *schema, const json_t *value, const char *target, jvalue *v,
           char *err, size_t errlen)
{
    const char *t = kc_schema_type(schema), *name = kc_schema_name(schema), *tn;

    memset(v, 0, sizeof(*v));
    if (schema == NULL) {
        switch (json_typeof(value)) {
        case JSON_INTEGER: v->kind = J_INTEGRAL; v->l = json_integer_value(value); return 0;
        case JSON_REAL:    v->kind = J_DOUBLE; v->d = json_number(value); return 0;
        case JSON_STRING:  v->kind = J_STRING; v->s = json_string_value(value); return 0;
        case JSON_TRUE: case JSON_FALSE:
            v->kind = J_BOOLEAN;
            v->b = json_is_true(value);
            return 0;
        default:
            tn = json_is_object(value) ? "MAP" : "ARRAY";
            break;
        }
    } else {
        tn = kc_schema_type_name(t);
        if (strcmp(t, "array") != 0 && strcmp(t, "map") != 0 && strcmp(t, "struct") != 0)
            tn = NULL;
    }
    if (tn != NULL)
        return kc_tf_fail(err, errlen, "Cast transformation does not support casting from %s; "
                          "supported types are %s", tn, input_types);
    if (name != NULL && strcmp(name, KC_LOGICAL_DECIMAL) == 0) {
        if (kc_big_decimal_from_json(schema, value, &v->dec) != 0)
            return kc_tf_fail(err, errlen, "Invalid Decimal value for the schema's scale");
        v->kind = J_DECIMAL;
        return 0;
    }
    if (name != NULL && (strcmp(name, KC_LOGICAL_DATE) == 0 || strcmp(name, KC_LOGICAL_TIME) == 0 ||
                         strcmp(name, KC_LOGICAL_TIMESTAMP) == 0)) {
        /* Cast to a number, the logical value is its int32 days, int32 ms or int64 ms;
         * to a string, the date. */
        bool date = strcmp(name, KC_LOGICAL_DATE) == 0;
        v->l = json_integer_value(value);
        v->kind = J_INTEGRAL;
        if (strcmp(target, "string") == 0) {
            v->kind = J_DATE;
            if (date)
                v->l *= 86400000;
        }
        return 0;
    }
    if (strcmp(t, "int8") == 0) {
        v->kind = J_INTEGRAL;
        v->l = (int8_t) json_integer_value(value);
    } else if (strcmp(t, "int16") == 0) {
        v->kind = J_INTEGRAL;
        v->l = (int16_t) json_integer_value(value);
    } else if (strcmp(t, "int32") == 0) {
        v->kind = J_INTEGRAL;
        v->l = (int32_t) json_integer_value(value);
    } else if (strcmp(t, "int64") == 0) {
        v->kind = J_INTEGRAL;
        v->l = json_integer_value(value);
    } else if (strcmp(t, "float") == 0) {
        v->kind = J_FLOAT;
        v->f = (float) json_number(value);
        v->f = v->f == 0 ? 0.0f : v->f;
    } else if (strcmp(t, "double") == 0) {
        v->kind = J_DOUBLE;
        v->d = json_number(value);
    } else if (strcmp(t, "boolean") == 0) {
        v->kind = J_BOOLEAN;
        v->b = json_is_true(value);
    } else if (strcmp(t, "string") == 0) {
        v->kind = J_STRING;
        v->s = json_string_value(value);
    } else {
        v->kind = J_BYTES;
        v->s = json_string_value(value);
    }
    if ((v->kind == J_STRING || v->kind == J_BYTES) && v->s == NULL)
        v->s = "";
    return 0;
}

/* Values.dateFormatFor(date).format(date) in UTC. New string. */
static char *
format_date(int64_t ms)
{
    const char *pattern = ms < 86400000 ? "HH:mm:ss.SSS'Z'" : ms % 86400000 == 0
                          ? "yyyy-MM-dd" : "yyyy-MM-dd'T'HH:mm:ss.SSS'Z'";
    kc_sdf     *f = NULL;
    char        why[128], *s;

    if (kc_sdf_compile(pattern, &f, why, sizeof(why)) != KC_SDF_OK)
        abort();                                  /* the patterns are fixed */
    s = kc_sdf_format(f, ms);
    kc_sdf_free(f);
    return s;
}

/* value.toString() as Java writes it in its NumberFormatException message. New string. */
static char *
java_string(const jvalue *v)
{
    char buf[64];

    switch (v->kind) {
    case J_INTEGRAL: snprintf(buf, sizeof(buf), "%lld", (long long) v->l); break;
    case J_FLOAT:    kc_java_float(buf, sizeof(buf), v->f); break;
    case J_DOUBLE:   kc_java_double(buf, sizeof(buf), v->d); break;
    case J_BOOLEAN:  snprintf(buf, sizeof(buf), "%s", v->b ? "true" : "false"); break;
    case J_DECIMAL:  return kc_big_decimal_string(&v->dec);
    case J_DATE:     return format_date(v->l);
    default:         return kc_xstrdup(v->s);
    }
    return kc_xstrdup(buf);
}

static int
out_of_range(const jvalue *v, char *err, size_t errlen)
{
    char *s = java_string(v);

    kc_tf_fail(err, errlen, "Value (%s) was out of range for requested data type", s);
    free(s);
    return -1;
}

static int
not_finite(const jvalue *v, const char *target, double x, char *err, size_t errlen)
{
    char *s = java_string(v);

    kc_tf_fail(err, errlen, "Cast of %s to %s gives %s, which a JSON number cannot hold: not "
               "supported", s, kc_schema_type_name(target), isnan(x) ? "NaN"
               : x > 0 ? "Infinity" : "-Infinity");
    free(s);
    return -1;
}

/* The integral value of v as Java's longValue() (or intValue(), `narrow`) reads it. */
static int64_t
integral(const jvalue *v, bool narrow)
{
    switch (v->kind) {
    case J_INTEGRAL: return v->l;
    case J_FLOAT:    return narrow ? d2i(v->f) : d2l(v->f);
    case J_DOUBLE:   return narrow ? d2i(v->d) : d2l(v->d);
    case J_DECIMAL:  return kc_big_decimal_long(&v->dec);
    default:         return v->b ? 1 : 0;
    }
}

/* castValueToType: *out (new) is v cast to target; -1 with the DataException. */
static int
cast_to(const jvalue *v, const char *target, json_t **out, char *err, size_t errlen)
{
    bool str = strcmp(target, "string") == 0;

    *out = NULL;
    if (str) {
        char *s = java_string(v);                 /* bytes: their base64 text */
        *out = json_string(s);
        free(s);
        return 0;
    }
    if (v->kind == J_BYTES || v->kind == J_DATE)
        return kc_tf_fail(err, errlen, "Unexpected type in Cast transformation: class [B");
    if (strcmp(target, "boolean") == 0) {
        if (v->kind == J_STRING)
            *out = json_boolean(strcasecmp(v->s, "true") == 0);
        else if (v->kind == J_BOOLEAN)
            *out = json_boolean(v->b);
        else
            *out = json_boolean(integral(v, false) != 0);
        return 0;
    }
    if (strcmp(target, "float") == 0 || strcmp(target, "double") == 0) {
        bool   single = strcmp(target, "float") == 0;
        double x;
        if (v->kind == J_STRING) {
            float f;
            if (single ? kc_java_parse_float(v->s, &f) != 0 : kc_java_parse_double(v->s, &x) != 0)
                return out_of_range(v, err, errlen);
            if (single)
                x = f;
        } else if (v->kind == J_BOOLEAN) {
            x = v->b ? 1.0 : 0.0;
        } else if (v->kind == J_DECIMAL) {
            x = single ? (double) kc_big_decimal_float(&v->dec) : kc_big_decimal_double(&v->dec);
        } else if (v->kind == J_INTEGRAL) {
            x = single ? (double) (float) v->l : (double) v->l;
        } else {
            x = v->kind == J_FLOAT ? (double) v->f : single ? (double) (float) v->d : v->d;
        }
        if (!isfinite(x))
            return not_finite(v, target, x, err, errlen);
        *out = single ? kc_data_float_json((float) x) : json_real(x);
        return 0;
    }
    /* int8 ... int64 */
    int64_t l;
    if (v->kind == J_STRING) {
        int64_t min = strcmp(target, "int8") == 0 ? INT8_MIN : strcmp(target, "int16") == 0
                      ? INT16_MIN : strcmp(target, "int32") == 0 ? INT32_MIN : INT64_MIN;
        int64_t max = strcmp(target, "int8") == 0 ? INT8_MAX : strcmp(target, "int16") == 0
                      ? INT16_MAX : strcmp(target, "int32") == 0 ? INT32_MAX : INT64_MAX;
        if (kc_java_parse_long(v->s, min, max, &l) != 0)
            return out_of_range(v, err, errlen);
    } else {
        l = integral(v, strcmp(target, "int64") != 0);
        if (strcmp(target, "int8") == 0)
            l = (int8_t) l;
        else if (strcmp(target, "int16") == 0)
            l = (int16_t) l;
        else if (strcmp(target, "int32") == 0)
            l = (int32_t) l;
    }
    *out = json_integer(l);
    return 0;
}

/* castValueToType(schema, value, target): *out new (JSON null for null). */
static int
cast_value(const json_t *schema, const json_t *value, const char *target, json_t **out,
           char *err, size_t errlen)
{
    jvalue v;
    int    rc;

    *out = NULL;
    if (value == NULL || json_is_null(value)) {
        *out = json_null();
        return 0;
    }
    if (read_value(schema, value, target, &v, err, errlen) != 0)
        return -1;
    rc = cast_to(&v, target, out, err, errlen);
    kc_big_decimal_free(&v.dec);
    return rc;
}

/* ===== The record ===== */

static bool
logical(const char *name)
{
    return name != NULL && (strcmp(name, KC_LOGICAL_DECIMAL) == 0 ||
                            strcmp(name, KC_LOGICAL_DATE) == 0 ||
                            strcmp(name, KC_LOGICAL_TIME) == 0 ||
                            strcmp(name, KC_LOGICAL_TIMESTAMP) == 0);
}

/* getOrBuildSchema: *out new, or -1 with the DataException. */
static int
build_schema(const cast *c, const json_t *schema, json_t **out, char *err, size_t errlen)
{
    const json_t *version = json_object_get(schema, "version"), *dflt;
    const char   *t = kc_schema_type(schema);
    json_t       *ns, *fs, *nd = NULL;
    size_t        i;

    *out = NULL;
    if (c->whole != NULL) {
        ns = json_pack("{s:s}", "type", c->whole);
    } else {
        if (strcmp(t, "struct") != 0)
            return kc_tf_fail(err, errlen, "Cannot list fields on non-struct type");
        ns = kc_schema_struct();
        json_array_foreach(json_object_get(schema, "fields"), i, fs) {
            const char *name = json_string_value(json_object_get(fs, "field"));
            const char *target = json_string_value(json_object_get(c->casts, name));
            json_t     *f, *fd = NULL;
            if (target == NULL) {
                kc_schema_add_field(ns, name, fs);
                continue;
            }
            dflt = json_object_get(fs, "default");
            if (dflt != NULL && !json_is_null(dflt) &&
                cast_value(fs, dflt, target, &fd, err, errlen) != 0) {
                json_decref(ns);
                return -1;
            }
            f = kc_schema_finish(json_pack("{s:s}", "type", target), kc_schema_optional(fs), NULL,
                                 -1, NULL, NULL, fd);
            kc_schema_add_field(ns, name, f);
            json_decref(f);
            json_decref(fd);
        }
    }
    dflt = json_object_get(schema, "default");
    if (dflt != NULL && !json_is_null(dflt) &&
        cast_value(schema, dflt, c->whole != NULL ? c->whole : "struct", &nd, err, errlen) != 0) {
        json_decref(ns);
        return -1;
    }
    kc_schema_finish(ns, kc_schema_optional(schema), kc_schema_name(schema),
                     json_is_integer(version) ? (long) json_integer_value(version) : -1,
                     json_string_value(json_object_get(schema, "doc")),
                     json_object_get(schema, "parameters"), nd);
    json_decref(nd);
    *out = ns;
    return 0;
}

static const char cast_purpose[] = "cast types";

static int
cast_apply(void *priv, kc_connect_record *rec, bool *drop, char *err, size_t errlen)
{
    cast            *c = priv;
    kc_connect_data *d = kc_tf_operand(c->ops, rec);
    const json_t    *schema = d->schema, *value = d->json, *fs;
    json_t          *ns, *out, *v, *item;
    const char      *key;
    size_t           i;

    *drop = false;
    if (value == NULL || json_is_null(value))
        return KC_PLUGIN_OK;
    if (schema == NULL) {
        if (c->whole != NULL) {
            if (cast_value(NULL, value, c->whole, &v, err, errlen) != 0)
                return KC_PLUGIN_FATAL;
            kc_crec_set(d, NULL, v);
            return KC_PLUGIN_OK;
        }
        if (kc_tf_require_map(value, cast_purpose, err, errlen) != KC_PLUGIN_OK)
            return KC_PLUGIN_FATAL;
        out = kc_tf_map_iteration(value);
        json_object_foreach(c->casts, key, item) {
            if (cast_value(NULL, json_object_get(value, key), json_string_value(item), &v, err,
                           errlen) != 0) {
                json_decref(out);
                return KC_PLUGIN_FATAL;
            }
            json_object_set_new(out, key, v);
        }
        kc_java_hashmap_order(out, kc_java_hashmap_copy_capacity(json_object_size(value)));
        kc_crec_set(d, NULL, out);
        return KC_PLUGIN_OK;
    }
    if (build_schema(c, schema, &ns, err, errlen) != 0)
        return KC_PLUGIN_FATAL;
    if (c->whole != NULL) {
        if (logical(kc_schema_name(schema))) {
            /* Java's converter cannot write a logical name on the cast value. */
            kc_tf_fail(err, errlen, "Cast of a whole %s value to %s is not supported: the new "
                       "schema would keep the logical type's name", kc_schema_name(schema),
                       kc_schema_type_name(c->whole));
            json_decref(ns);
            return KC_PLUGIN_FATAL;
        }
        if (cast_value(schema, value, c->whole, &v, err, errlen) != 0) {
            json_decref(ns);
            return KC_PLUGIN_FATAL;
        }
        kc_crec_set(d, ns, v);
        return KC_PLUGIN_OK;
    }
    if (kc_tf_require_struct(schema, value, cast_purpose, err, errlen) != KC_PLUGIN_OK) {
        json_decref(ns);
        return KC_PLUGIN_FATAL;
    }
    out = json_object();
    json_array_foreach(json_object_get(schema, "fields"), i, fs) {
        const char *name = json_string_value(json_object_get(fs, "field"));
        const char *target = json_string_value(json_object_get(c->casts, name));
        json_t     *orig = kc_tf_struct_get(schema, value, name, c->with_default);
        if (target == NULL)
            v = json_incref(orig);
        else if (cast_value(fs, orig, target, &v, err, errlen) != 0)
            goto fail;
        if (kc_tf_check_put(kc_schema_field(ns, name), name, v, err, errlen) != KC_PLUGIN_OK) {
            json_decref(v);
            goto fail;
        }
        json_object_set_new(out, name, v);
    }
    kc_crec_set(d, ns, out);
    return KC_PLUGIN_OK;
fail:
    json_decref(out);
    json_decref(ns);
    return KC_PLUGIN_FATAL;
}

const kc_transform_ops kc_tf_cast_key = KC_TF_KV_OPS("Cast", KC_TF_KEY, "Key", cast);
const kc_transform_ops kc_tf_cast_value = KC_TF_KV_OPS("Cast", KC_TF_VALUE, "Value", cast);
