/*
 * lib/configdef.h - typed configuration keys checked as Kafka's ConfigDef checks them.
 *
 * A table of kc_cfg_def describes the keys (name, type, default, validator). kc_cfg_parse
 * walks the table in order, as Java does, and reports the first bad or missing key with
 * Java's own words ("Invalid value 10s for configuration session.timeout.ms: Not a number
 * of type INT"), prefixed with where the key was set (file and line).
 *
 * Values are trimmed before they are typed (Java trims every typed value); lists split on
 * commas with any surrounding whitespace. A kc_cfg owns its parsed values; it is built once
 * on the main thread and read-only afterwards, so any thread may read it.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_CONFIGDEF_H
#define KC_CONFIGDEF_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#include "lib/common.h"
#include "lib/props.h"

typedef enum {
    KC_CFG_STRING, KC_CFG_INT, KC_CFG_SHORT, KC_CFG_LONG, KC_CFG_DOUBLE,
    KC_CFG_BOOLEAN, KC_CFG_CLASS, KC_CFG_LIST, KC_CFG_PASSWORD,
} kc_cfg_type;

typedef enum {
    KC_VAL_NONE = 0,
    KC_VAL_RANGE,          /* min/max on numbers (has_min, has_max) */
    KC_VAL_IN,             /* one of `in`, case-sensitive */
    KC_VAL_IN_NOCASE,      /* one of `in`, case-insensitive (Java prints them upper-cased) */
    KC_VAL_LIST_NONEMPTY,  /* list: no empty items; empty list refused unless allow_empty */
    KC_VAL_PARTITIONS,     /* -1 or >= 1 */
    KC_VAL_CUSTOM,         /* custom(value, err) */
} kc_cfg_validator;

typedef struct kc_cfg_value kc_cfg_value;

typedef struct kc_cfg_def {
    const char       *name;
    kc_cfg_type       type;
    const char       *dflt;          /* default as text; NULL = null default */
    bool              required;      /* no default at all */
    kc_cfg_validator  validator;
    double            min, max;
    bool              has_min, has_max;
    bool              allow_empty;   /* KC_VAL_LIST_NONEMPTY: an empty list is fine */
    const char *const *in;           /* NULL-terminated, for KC_VAL_IN*; order as Java prints */
    /* KC_VAL_CUSTOM: checks the typed value v; shown is v as Java prints it in messages. */
    int             (*custom)(const struct kc_cfg_def *def, const kc_cfg_value *v,
                              const char *shown, kc_err *err);
} kc_cfg_def;

struct kc_cfg_value {
    const kc_cfg_def *def;
    bool     is_null;
    bool     is_set;                 /* present in the properties (not the default) */
    int64_t  i;                      /* INT, SHORT, LONG, BOOLEAN (0/1) */
    double   d;
    char    *s;                      /* STRING, CLASS, PASSWORD: trimmed text */
    char   **list;                   /* LIST: items */
    size_t   nlist;
};

typedef struct kc_cfg {
    kc_cfg_value *values;            /* one per def, same order */
    size_t        n;
} kc_cfg;

/* Types every key of defs[0..ndefs) from props. On the first problem returns KC_EINVAL with
 * "<file>:<line>: <Java's message>" in err; *cfg is then empty. */
int kc_cfg_parse(kc_cfg *cfg, const kc_cfg_def *defs, size_t ndefs, const kc_props *props,
                 kc_err *err);
/* The same from a JSON object of strings (a connector's or a transformation's settings):
 * Java's message alone, as a ConfigException states it. */
int kc_cfg_parse_json(kc_cfg *cfg, const kc_cfg_def *defs, size_t ndefs, const json_t *config,
                      kc_err *err);
void kc_cfg_free(kc_cfg *cfg);

/* Checks one value (raw: its text, NULL when unset) against def: KC_OK, or KC_EINVAL with
 * Java's message alone (no file or line), as Connect's config validation reports it. */
int kc_cfg_check(const kc_cfg_def *def, const char *raw, kc_err *err);

/* kc_cfg_check as ConfigDef.validate (REST validation): a list's repeated items are an
 * error ("values must not be duplicated."), where parsing drops them with a warning. */
int kc_cfg_validate(const kc_cfg_def *def, const char *raw, kc_err *err);

/* Lookups by name. The key must be in the table (KC_ASSERT): a typo is a bug, not input. */
const kc_cfg_value *kc_cfg_get(const kc_cfg *cfg, const char *name);
int64_t     kc_cfg_int(const kc_cfg *cfg, const char *name);     /* INT/SHORT/LONG/BOOLEAN */
bool        kc_cfg_bool(const kc_cfg *cfg, const char *name);
double      kc_cfg_double(const kc_cfg *cfg, const char *name);
const char *kc_cfg_str(const kc_cfg *cfg, const char *name);     /* NULL when null */

/* Whether name is in defs. */
bool kc_cfg_defines(const kc_cfg_def *defs, size_t ndefs, const char *name);

/* Splits text as a Java LIST value (trimmed, split on \s*,\s*); an empty text is no items.
 * Returns a NULL-terminated array of new strings; *n gets the count. Free with kc_strv_free. */
char **kc_cfg_split_list(const char *text, size_t *n);
void kc_strv_free(char **v);

/* The string settings of config under prefix, without it (Java's originalsWithPrefix). New
 * object. */
json_t *kc_cfg_with_prefix(const json_t *config, const char *prefix);

/* Copies s[0..n) without leading/trailing characters <= U+0020, as Java's String.trim(). */
char *kc_java_trim(const char *s);

#endif
