/*
 * lib/configdef.c - see configdef.h. Messages are Java's, word for word, so that an
 * operator's searches and runbooks still find them.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "lib/configdef.h"

#include <jansson.h>

#include "lib/json_java.h"
#include "lib/log.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const type_names[] = {
    "STRING", "INT", "SHORT", "LONG", "DOUBLE", "BOOLEAN", "CLASS", "LIST", "PASSWORD",
};

json_t *
kc_cfg_with_prefix(const json_t *config, const char *prefix)
{
    json_t     *out = json_object(), *v;
    const char *key;
    size_t      n = strlen(prefix);

    json_object_foreach((json_t *) config, key, v)
        if (strncmp(key, prefix, n) == 0 && json_is_string(v))
            json_object_set(out, key + n, v);
    return out;
}

char *
kc_java_trim(const char *s)
{
    size_t b = 0, e = strlen(s);

    while (b < e && (unsigned char) s[b] <= 0x20)
        b++;
    while (e > b && (unsigned char) s[e - 1] <= 0x20)
        e--;
    return kc_xstrndup(s + b, e - b);
}

static bool
is_regex_space(char c)           /* Java regex \s */
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\x0B' || c == '\f' || c == '\r';
}

char **
kc_cfg_split_list(const char *text, size_t *n)
{
    char  *t = kc_java_trim(text);
    char **v;
    size_t count = 0, cap = 4;
    const char *p;

    v = kc_xmalloc(cap * sizeof(*v));
    if (*t != '\0') {
        p = t;
        for (;;) {
            const char *comma = strchr(p, ',');
            const char *end = comma ? comma : p + strlen(p);
            const char *b = p, *e = end;
            if (comma != NULL)                       /* \s* before the comma */
                while (e > b && is_regex_space(e[-1]))
                    e--;
            if (count + 2 > cap) {
                cap *= 2;
                v = kc_xrealloc(v, cap * sizeof(*v));
            }
            v[count++] = kc_xstrndup(b, (size_t) (e - b));
            if (comma == NULL)
                break;
            p = comma + 1;
            while (is_regex_space(*p))                /* \s* after the comma */
                p++;
        }
    }
    v[count] = NULL;
    free(t);
    if (n != NULL)
        *n = count;
    return v;
}

void
kc_strv_free(char **v)
{
    if (v == NULL)
        return;
    for (char **p = v; *p != NULL; p++)
        free(*p);
    free(v);
}

/* Java's Integer/Short/Long.parseX: optional sign, decimal digits, range of the type. */
static int
parse_java_integer(const char *s, int64_t lo, int64_t hi, int64_t *out)
{
    const char *p = s;
    bool        neg = false;
    uint64_t    v = 0, limit;

    if (*p == '+' || *p == '-')
        neg = (*p++ == '-');
    if (*p == '\0')
        return -1;
    limit = neg ? (uint64_t) (-(lo + 1)) + 1 : (uint64_t) hi;
    for (; *p; p++) {
        if (*p < '0' || *p > '9')
            return -1;
        if (v > (limit - (uint64_t) (*p - '0')) / 10)
            return -1;
        v = v * 10 + (uint64_t) (*p - '0');
    }
    *out = neg ? (int64_t) (0 - v) : (int64_t) v;
    return 0;
}

/* Java's Double.parseDouble, close enough: decimal and hex floats, NaN, Infinity, and an
 * optional d/D/f/F suffix. */
static int
parse_kc_java_double(const char *s, double *out)
{
    char  *end;
    size_t n = strlen(s);

    if (n == 0)
        return -1;
    if (strcmp(s, "NaN") == 0 || strcmp(s, "+NaN") == 0 || strcmp(s, "-NaN") == 0) {
        *out = NAN;
        return 0;
    }
    if (strstr(s, "Infinity") != NULL) {
        if (strcmp(s, "Infinity") == 0 || strcmp(s, "+Infinity") == 0) { *out = INFINITY; return 0; }
        if (strcmp(s, "-Infinity") == 0) { *out = -INFINITY; return 0; }
        return -1;
    }
    for (const char *p = s; *p; p++)           /* strtod would take "inf", "nan(...)" */
        if (isalpha((unsigned char) *p) && strchr("eExXpPdDfFaAbBcC", *p) == NULL)
            return -1;
    errno = 0;
    *out = strtod(s, &end);
    if (end == s)
        return -1;
    if (*end == 'd' || *end == 'D' || *end == 'f' || *end == 'F')
        end++;
    return *end == '\0' ? 0 : -1;
}

static void
value_clear(kc_cfg_value *v)
{
    free(v->s);
    kc_strv_free(v->list);
    v->s = NULL;
    v->list = NULL;
    v->nlist = 0;
}

static int
invalid(kc_err *err, const kc_cfg_def *def, const char *raw, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static int
invalid(kc_err *err, const kc_cfg_def *def, const char *raw, const char *fmt, ...)
{
    char    why[256];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(why, sizeof(why), fmt, ap);
    va_end(ap);
    return kc_err_set(err, KC_EINVAL, "Invalid value %s for configuration %s: %s",
                      raw ? raw : "null", def->name, why);
}

/* How Java prints a typed value in a validator's message (ConfigException's value). */
static void
shown_value(const kc_cfg_def *def, const kc_cfg_value *v, char *buf, size_t size)
{
    size_t off = 0;

    switch (def->type) {
    case KC_CFG_BOOLEAN:
        snprintf(buf, size, "%s", v->i ? "true" : "false");
        break;
    case KC_CFG_INT: case KC_CFG_SHORT: case KC_CFG_LONG:
        snprintf(buf, size, "%lld", (long long) v->i);
        break;
    case KC_CFG_DOUBLE:
        kc_java_double(buf, size, v->d);
        break;
    case KC_CFG_LIST:
        off = (size_t) snprintf(buf, size, "[");
        for (size_t i = 0; i < v->nlist && off < size; i++)
            off += (size_t) snprintf(buf + off, size - off, "%s%s", i ? ", " : "", v->list[i]);
        if (off < size)
            snprintf(buf + off, size - off, "]");
        break;
    default:
        snprintf(buf, size, "%s", v->s ? v->s : "null");
        break;
    }
}

/* ValidList (Kafka 4.x) keeps the first of repeated items, with Java's warning. */
static void
drop_duplicates(const kc_cfg_def *def, kc_cfg_value *v)
{
    char   before[1024], after[1024];
    size_t n = 0;

    shown_value(def, v, before, sizeof(before));
    for (size_t i = 0; i < v->nlist; i++) {
        bool seen = false;
        for (size_t j = 0; j < n && !seen; j++)
            seen = strcmp(v->list[j], v->list[i]) == 0;
        if (seen)
            free(v->list[i]);
        else
            v->list[n++] = v->list[i];
    }
    if (n == v->nlist)
        return;
    v->list[n] = NULL;
    v->nlist = n;
    shown_value(def, v, after, sizeof(after));
    kc_log_warn("config", "Configuration key \"%s\" contains duplicate values. Duplicates will "
                "be removed. The original value is: %s, the updated value is: %s", def->name,
                before, after);
}

static void
fmt_number(char *buf, size_t size, const kc_cfg_def *def, double x)
{
    if (def->type != KC_CFG_DOUBLE) {
        snprintf(buf, size, "%lld", (long long) x);
        return;
    }
    kc_java_double(buf, size, x);
}

/* Types raw (untrimmed text, or NULL for a null default) into v; checks the validator.
 * Parsing a configuration (strict false), repeated list items are dropped with Java's
 * warning; validating one (ConfigDef.validate, strict), they are the key's error. */
static int
type_value(const kc_cfg_def *def, const char *raw, kc_cfg_value *v, bool strict, kc_err *err)
{
    char   *t, shown[1024];
    int64_t lo = 0, hi = 0;
    double  num = 0;
    int     rc = KC_OK;

    v->def = def;
    if (raw == NULL) {
        v->is_null = true;
        return KC_OK;
    }
    t = kc_java_trim(raw);
    switch (def->type) {
    case KC_CFG_BOOLEAN:
        if (strcasecmp(t, "true") == 0)
            v->i = 1;
        else if (strcasecmp(t, "false") == 0)
            v->i = 0;
        else
            rc = invalid(err, def, raw, "Expected value to be either true or false");
        num = (double) v->i;
        break;
    case KC_CFG_INT:   lo = INT32_MIN; hi = INT32_MAX; goto integer;
    case KC_CFG_SHORT: lo = INT16_MIN; hi = INT16_MAX; goto integer;
    case KC_CFG_LONG:  lo = INT64_MIN; hi = INT64_MAX;
    integer:
        if (parse_java_integer(t, lo, hi, &v->i) != 0)
            rc = invalid(err, def, raw, "Not a number of type %s", type_names[def->type]);
        num = (double) v->i;
        break;
    case KC_CFG_DOUBLE:
        if (parse_kc_java_double(t, &v->d) != 0)
            rc = invalid(err, def, raw, "Not a number of type DOUBLE");
        num = v->d;
        break;
    case KC_CFG_STRING:
    case KC_CFG_CLASS:
    case KC_CFG_PASSWORD:
        v->s = t;
        t = NULL;
        break;
    case KC_CFG_LIST:
        v->list = kc_cfg_split_list(raw, &v->nlist);
        break;
    }
    if (rc != KC_OK)
        goto out;
    if (def->validator == KC_VAL_LIST_NONEMPTY && !strict)
        drop_duplicates(def, v);
    shown_value(def, v, shown, sizeof(shown));

    switch (def->validator) {
    case KC_VAL_NONE:
        break;
    case KC_VAL_RANGE: {
        char b[64];
        if (def->has_min && num < def->min) {
            fmt_number(b, sizeof(b), def, def->min);
            rc = invalid(err, def, shown, "Value must be at least %s", b);
        } else if (def->has_max && num > def->max) {
            fmt_number(b, sizeof(b), def, def->max);
            rc = invalid(err, def, shown, "Value must be no more than %s", b);
        }
        break;
    }
    case KC_VAL_PARTITIONS:
        if (v->i != -1 && v->i < 1)
            rc = invalid(err, def, shown, "%s", def->name[strlen(def->name) - 1] == 'r'
                         ? "Replication factor must be positive and not larger than the number "
                           "of brokers in the Kafka cluster, or -1 to use the broker's default"
                         : "Number of partitions must be positive, or -1 to use the broker's default");
        break;
    case KC_VAL_IN:
    case KC_VAL_IN_NOCASE: {
        char   list[512] = "";
        size_t off = 0;
        bool   ok = false;
        for (const char *const *s = def->in; *s; s++) {
            ok = ok || (def->validator == KC_VAL_IN ? strcmp(v->s, *s) == 0
                                                    : strcasecmp(v->s, *s) == 0);
            off += (size_t) snprintf(list + off, sizeof(list) - off, "%s%s",
                                     s == def->in ? "" : ", ", *s);
            if (off >= sizeof(list))
                off = sizeof(list) - 1;
        }
        if (!ok)
            rc = invalid(err, def, shown, "String must be one of%s: %s",
                         def->validator == KC_VAL_IN ? "" : " (case insensitive)", list);
        break;
    }
    case KC_VAL_LIST_NONEMPTY:
        if (v->nlist == 0 && !def->allow_empty)
            rc = kc_err_set(err, KC_EINVAL, "Configuration '%s' must not be empty. Valid values "
                            "include: any non-empty value", def->name);
        for (size_t i = 0; rc == KC_OK && i < v->nlist; i++)
            for (size_t j = 0; rc == KC_OK && j < i; j++)
                if (strcmp(v->list[i], v->list[j]) == 0)
                    rc = kc_err_set(err, KC_EINVAL, "Configuration '%s' values must not be "
                                    "duplicated.", def->name);
        for (size_t i = 0; rc == KC_OK && i < v->nlist; i++)
            if (v->list[i][0] == '\0')
                rc = kc_err_set(err, KC_EINVAL, "Configuration '%s' values must not be empty.",
                                def->name);
        break;
    case KC_VAL_CUSTOM:
        rc = def->custom(def, v, shown, err);
        break;
    }
out:
    free(t);
    if (rc != KC_OK)
        value_clear(v);
    return rc;
}

static int
check_value(const kc_cfg_def *def, const char *raw, bool strict, kc_err *err)
{
    kc_cfg_value v = { .def = def };
    int          rc;

    if (raw == NULL && def->required)
        return kc_err_set(err, KC_EINVAL, "Missing required configuration \"%s\" which has no "
                          "default value.", def->name);
    rc = type_value(def, raw ? raw : def->dflt, &v, strict, err);
    value_clear(&v);
    return rc;
}

int
kc_cfg_check(const kc_cfg_def *def, const char *raw, kc_err *err)
{
    return check_value(def, raw, false, err);
}

int
kc_cfg_validate(const kc_cfg_def *def, const char *raw, kc_err *err)
{
    return check_value(def, raw, true, err);
}

/* kc_cfg_parse's walk over values from get(arg, name); props (NULL: none) names where a bad
 * value was set. */
static int
parse_from(kc_cfg *cfg, const kc_cfg_def *defs, size_t ndefs,
           const char *(*get)(const void *arg, const char *name), const void *arg,
           const kc_props *props, kc_err *err)
{
    char where[512];

    cfg->values = kc_xcalloc(ndefs, sizeof(*cfg->values));
    cfg->n = ndefs;
    for (size_t i = 0; i < ndefs; i++) {
        const kc_cfg_def *def = &defs[i];
        const char       *raw = get(arg, def->name);
        kc_cfg_value     *v = &cfg->values[i];

        if (raw == NULL && def->required) {
            kc_err_set(err, KC_EINVAL, "Missing required configuration \"%s\" which has no "
                       "default value.", def->name);
            if (props != NULL)
                kc_err_prefix(err, "%s: ", props->origin);
            kc_cfg_free(cfg);
            return KC_EINVAL;
        }
        v->is_set = raw != NULL;
        if (type_value(def, raw ? raw : def->dflt, v, false, err) != KC_OK) {
            if (props != NULL)
                kc_err_prefix(err, "%s: ", raw ? kc_props_where(props, def->name, where,
                                                                sizeof(where))
                                               : "default");
            kc_cfg_free(cfg);
            return KC_EINVAL;
        }
    }
    return KC_OK;
}

static const char *
props_get(const void *arg, const char *name)
{
    return kc_props_get(arg, name);
}

static const char *
json_get(const void *arg, const char *name)
{
    return json_string_value(json_object_get(arg, name));
}

int
kc_cfg_parse(kc_cfg *cfg, const kc_cfg_def *defs, size_t ndefs, const kc_props *props,
             kc_err *err)
{
    return parse_from(cfg, defs, ndefs, props_get, props, props, err);
}

int
kc_cfg_parse_json(kc_cfg *cfg, const kc_cfg_def *defs, size_t ndefs, const json_t *config,
                  kc_err *err)
{
    return parse_from(cfg, defs, ndefs, json_get, config, NULL, err);
}

void
kc_cfg_free(kc_cfg *cfg)
{
    for (size_t i = 0; i < cfg->n; i++)
        value_clear(&cfg->values[i]);
    free(cfg->values);
    cfg->values = NULL;
    cfg->n = 0;
}

const kc_cfg_value *
kc_cfg_get(const kc_cfg *cfg, const char *name)
{
    for (size_t i = 0; i < cfg->n; i++)
        if (strcmp(cfg->values[i].def->name, name) == 0)
            return &cfg->values[i];
    kc_assert_fail(name, __FILE__, __LINE__);
}

int64_t kc_cfg_int(const kc_cfg *cfg, const char *name) { return kc_cfg_get(cfg, name)->i; }
bool kc_cfg_bool(const kc_cfg *cfg, const char *name) { return kc_cfg_get(cfg, name)->i != 0; }
double kc_cfg_double(const kc_cfg *cfg, const char *name) { return kc_cfg_get(cfg, name)->d; }

const char *
kc_cfg_str(const kc_cfg *cfg, const char *name)
{
    const kc_cfg_value *v = kc_cfg_get(cfg, name);

    return v->is_null ? NULL : v->s;
}

bool
kc_cfg_defines(const kc_cfg_def *defs, size_t ndefs, const char *name)
{
    for (size_t i = 0; i < ndefs; i++)
        if (strcmp(defs[i].name, name) == 0)
            return true;
    return false;
}
