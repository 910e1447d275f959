/*
 * lib/json_java.c - see json_java.h.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "lib/json_java.h"

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/buf.h"
#include "lib/common.h"
#include "lib/data.h"
#include "lib/simple_date.h"

/* A JSON number as Java prints it: an integer as written, a double as Double.toString.
 * big_decimal: read as JsonConverter reads floats, a BigDecimal, which has no -0. */
static void
put_number(kc_wbuf *out, const json_t *v, bool big_decimal)
{
    char   num[64];
    double d;

    if (json_is_integer(v)) {
        snprintf(num, sizeof(num), "%" JSON_INTEGER_FORMAT, json_integer_value(v));
    } else {
        d = json_real_value(v);
        kc_java_double(num, sizeof(num), big_decimal && d == 0 ? 0.0 : d);
    }
    kc_wbuf_raw(out, num, strlen(num));
}

/* The code point of the UTF-8 sequence at s (n > 0 bytes left) and its length. A byte that
 * starts no complete sequence stands for U+FFFD, one byte long (the strings here are
 * jansson's, which are UTF-8). */
static size_t
utf8_decode(const unsigned char *s, size_t n, uint32_t *cp)
{
    size_t len = s[0] < 0x80 ? 1 : (s[0] & 0xE0) == 0xC0 ? 2 : (s[0] & 0xF0) == 0xE0 ? 3
                 : (s[0] & 0xF8) == 0xF0 ? 4 : 0;

    if (len == 0 || len > n) {
        *cp = 0xFFFD;
        return 1;
    }
    *cp = len == 1 ? s[0] : s[0] & (0x7Fu >> len);
    for (size_t k = 1; k < len; k++) {
        if ((s[k] & 0xC0) != 0x80) {
            *cp = 0xFFFD;
            return 1;
        }
        *cp = *cp << 6 | (s[k] & 0x3Fu);
    }
    return len;
}

/* The UTF-16 surrogate pair of a code point outside the BMP, as Java holds it. */
static void
utf16_pair(uint32_t cp, unsigned *hi, unsigned *lo)
{
    *hi = 0xD800 + ((cp - 0x10000) >> 10);
    *lo = 0xDC00 + ((cp - 0x10000) & 0x3FF);
}

void
kc_json_java_write_string(kc_wbuf *out, const char *s, size_t n)
{
    static const char hex[] = "0123456789ABCDEF";

    kc_wbuf_raw(out, "\"", 1);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char) s[i];
        const char   *esc = NULL;
        uint32_t      cp;
        unsigned      hi, lo;
        size_t        run = i;
        /* Most text needs no escape: copied a run at a time. */
        while (run < n && (unsigned char) s[run] >= 0x20 && (unsigned char) s[run] < 0xF0 &&
               s[run] != '"' && s[run] != '\\')
            run++;
        if (run > i) {
            kc_wbuf_raw(out, s + i, run - i);
            i = run - 1;
            continue;
        }
        switch (c) {
        case '"':  esc = "\\\""; break;
        case '\\': esc = "\\\\"; break;
        case '\b': esc = "\\b"; break;
        case '\t': esc = "\\t"; break;
        case '\n': esc = "\\n"; break;
        case '\f': esc = "\\f"; break;
        case '\r': esc = "\\r"; break;
        }
        if (esc != NULL) {
            kc_wbuf_raw(out, esc, 2);
        } else if (c >= 0xF0 && utf8_decode((const unsigned char *) s + i, n - i, &cp) == 4) {
            /* Outside the BMP: Jackson writes the UTF-16 surrogate pair as escapes. */
            utf16_pair(cp, &hi, &lo);
            char u[12] = { '\\', 'u', hex[hi >> 12], hex[(hi >> 8) & 15], hex[(hi >> 4) & 15],
                               hex[hi & 15], '\\', 'u', hex[lo >> 12], hex[(lo >> 8) & 15],
                               hex[(lo >> 4) & 15], hex[lo & 15] };
            kc_wbuf_raw(out, u, 12);
            i += 3;
        } else if (c < 0x20) {
            char u[6] = { '\\', 'u', '0', '0', hex[c >> 4], hex[c & 15] };
            kc_wbuf_raw(out, u, 6);
        } else {
            kc_wbuf_raw(out, &s[i], 1);
        }
    }
    kc_wbuf_raw(out, "\"", 1);
}

void
kc_json_java_write(kc_wbuf *out, const json_t *v)
{
    const char *key;
    json_t     *item;
    size_t      i;
    int         first = 1;

    switch (json_typeof(v)) {
    case JSON_OBJECT:
        kc_wbuf_raw(out, "{", 1);
        json_object_foreach((json_t *) v, key, item) {
            if (!first)
                kc_wbuf_raw(out, ",", 1);
            first = 0;
            kc_json_java_write_string(out, key, strlen(key));
            kc_wbuf_raw(out, ":", 1);
            kc_json_java_write(out, item);
        }
        kc_wbuf_raw(out, "}", 1);
        break;
    case JSON_ARRAY:
        kc_wbuf_raw(out, "[", 1);
        json_array_foreach(v, i, item) {
            if (i > 0)
                kc_wbuf_raw(out, ",", 1);
            kc_json_java_write(out, item);
        }
        kc_wbuf_raw(out, "]", 1);
        break;
    case JSON_STRING:
        kc_json_java_write_string(out, json_string_value(v), json_string_length(v));
        break;
    case JSON_INTEGER:
    case JSON_REAL:
        put_number(out, v, false);
        break;
    case JSON_TRUE:
        kc_wbuf_raw(out, "true", 4);
        break;
    case JSON_FALSE:
        kc_wbuf_raw(out, "false", 5);
        break;
    case JSON_NULL:
        kc_wbuf_raw(out, "null", 4);
        break;
    }
}

/* out's bytes as the caller's NUL-terminated string; *len (may be NULL) their length. */
static char *
wbuf_text(kc_wbuf *out, size_t *len)
{
    kc_wbuf_raw(out, "", 1);                  /* NUL, not counted */
    if (len != NULL)
        *len = out->len - 1;
    return (char *) out->buf;
}

char *
kc_json_java_dumps(const json_t *v, size_t *len)
{
    kc_wbuf out;

    kc_wbuf_init(&out);
    kc_json_java_write(&out, v);
    return wbuf_text(&out, len);
}

/* ===== Java's toString of Connect values ===== */

/* String.hashCode: over the UTF-16 code units of the UTF-8 text. */
static uint32_t
java_string_hash(const char *s, size_t n)
{
    uint32_t h = 0;

    for (size_t i = 0; i < n;) {
        uint32_t cp;
        unsigned hi, lo;

        i += utf8_decode((const unsigned char *) s + i, n - i, &cp);
        if (cp >= 0x10000) {
            utf16_pair(cp, &hi, &lo);
            h = 31 * (31 * h + hi) + lo;
        } else {
            h = 31 * h + cp;
        }
    }
    return h;
}

static const char *
schema_type(const json_t *schema)
{
    const char *t = json_string_value(json_object_get(schema, "type"));

    return t ? t : "";
}

/* JsonNode.longValue()/doubleValue() of a node: 0 for one that is not a number. */
static int64_t
node_long(const json_t *v)
{
    double d;

    if (json_is_integer(v))
        return json_integer_value(v);
    if (!json_is_real(v))
        return 0;
    d = json_real_value(v);                   /* Java's (long) cast saturates; NaN is 0 */
    return isnan(d) ? 0 : d >= 9.2233720368547758e18 ? INT64_MAX : d <= -9.2233720368547758e18
           ? INT64_MIN : (int64_t) d;
}

/* JsonNode.doubleValue(): JsonConverter reads floats as BigDecimal, which has no negative
 * zero ("-0.0" prints as 0.0). */
static double
node_double(const json_t *v)
{
    double d = json_is_integer(v) ? (double) json_integer_value(v)
               : json_is_real(v) ? json_real_value(v) : 0.0;

    return d == 0 ? 0.0 : d;
}

/* JsonNode.intValue(): a long's low 32 bits, a double cast with saturation. */
static int32_t
node_int(const json_t *v)
{
    double d;

    if (json_is_integer(v))
        return (int32_t) (uint32_t) (uint64_t) json_integer_value(v);
    if (!json_is_real(v))
        return 0;
    d = json_real_value(v);
    return isnan(d) ? 0 : d >= 2147483647.0 ? INT32_MAX : d <= -2147483648.0 ? INT32_MIN
           : (int32_t) d;
}

static void put_java(kc_wbuf *out, const json_t *v, const json_t *schema);

typedef struct {
    const json_t *key, *value;
    uint32_t      hash;
    size_t        order;
} java_entry;

static int
by_bucket(const void *a, const void *b, void *mask)
{
    const java_entry *x = a, *y = b;
    uint32_t          m = *(const uint32_t *) mask;
    uint32_t          bx = (x->hash ^ (x->hash >> 16)) & m, by = (y->hash ^ (y->hash >> 16)) & m;

    return bx != by ? (bx > by) - (bx < by) : (x->order > y->order) - (x->order < y->order);
}

/* Object.hashCode of the Java value a map key converts to; false when not modelled (the
 * entries then keep their order). */
static bool
java_hash(const json_t *key, const json_t *schema, uint32_t *h)
{
    const char *t = schema_type(schema);
    int64_t     l;
    double      d;
    float       f;
    uint64_t    bits;
    uint32_t    fbits;

    if (schema == NULL ? json_is_string(key) : strcmp(t, "string") == 0) {
        *h = json_is_string(key) ? java_string_hash(json_string_value(key), json_string_length(key))
             : 0;
        return json_is_string(key);
    }
    if (schema == NULL)
        return false;
    if (strcmp(t, "int8") == 0 || strcmp(t, "int16") == 0 || strcmp(t, "int32") == 0) {
        int32_t i = node_int(key);
        *h = strcmp(t, "int8") == 0 ? (uint32_t) (int32_t) (int8_t) i
             : strcmp(t, "int16") == 0 ? (uint32_t) (int32_t) (int16_t) i : (uint32_t) i;
        return true;
    }
    if (strcmp(t, "int64") == 0) {
        l = node_long(key);
        *h = (uint32_t) ((uint64_t) l ^ ((uint64_t) l >> 32));
        return true;
    }
    if (strcmp(t, "boolean") == 0) {
        *h = json_is_true(key) ? 1231 : 1237;
        return true;
    }
    if (strcmp(t, "double") == 0) {
        d = node_double(key);
        if (isnan(d))
            d = NAN;
        memcpy(&bits, &d, sizeof(bits));
        *h = (uint32_t) (bits ^ (bits >> 32));
        return true;
    }
    if (strcmp(t, "float") == 0) {
        f = (float) node_double(key);
        if (isnan(f))
            f = NAN;
        memcpy(&fbits, &f, sizeof(fbits));
        *h = fbits;
        return true;
    }
    return false;
}

/* A map's entries as AbstractMap.toString lists them, "{k=v, ...}", in the order they are
 * held, which is the order the map iterates (lib/data.h): an object's keys as their text,
 * the keys of [key, value] pairs under the key schema. */
static void
put_java_map(kc_wbuf *out, const json_t *v, const json_t *kschema, const json_t *vschema)
{
    const char *key;
    json_t     *item;
    size_t      i, n = 0;

    kc_wbuf_raw(out, "{", 1);
    if (json_is_object(v)) {
        json_object_foreach((json_t *) v, key, item) {
            if (n++ > 0)
                kc_wbuf_raw(out, ", ", 2);
            kc_wbuf_raw(out, key, strlen(key));
            kc_wbuf_raw(out, "=", 1);
            put_java(out, item, vschema);
        }
    } else {
        json_array_foreach(v, i, item) {
            if (i > 0)
                kc_wbuf_raw(out, ", ", 2);
            put_java(out, json_array_get(item, 0), kschema);
            kc_wbuf_raw(out, "=", 1);
            put_java(out, json_array_get(item, 1), vschema);
        }
    }
    kc_wbuf_raw(out, "}", 1);
}

static void
put_java_primitive(kc_wbuf *out, const json_t *v, const char *t)
{
    char num[64];

    if (strcmp(t, "int8") == 0)
        snprintf(num, sizeof(num), "%d", (int) (int8_t) node_int(v));
    else if (strcmp(t, "int16") == 0)
        snprintf(num, sizeof(num), "%d", (int) (int16_t) node_int(v));
    else if (strcmp(t, "int32") == 0)
        snprintf(num, sizeof(num), "%d", (int) node_int(v));
    else if (strcmp(t, "int64") == 0)
        snprintf(num, sizeof(num), "%lld", (long long) node_long(v));
    else if (strcmp(t, "float") == 0)
        kc_java_float(num, sizeof(num), (float) node_double(v));
    else if (strcmp(t, "double") == 0)
        kc_java_double(num, sizeof(num), node_double(v));
    else if (strcmp(t, "boolean") == 0)
        snprintf(num, sizeof(num), "%s", json_is_true(v) ? "true" : "false");
    else
        snprintf(num, sizeof(num), "null");
    kc_wbuf_raw(out, num, strlen(num));
}

/* The pairs of a map whose keys are not strings, sorted as a HashMap of default capacity
 * iterates them; left as they are when a key's hash is not modelled. */
static void
order_pairs(json_t *pairs, const json_t *kschema)
{
    size_t      n = json_array_size(pairs), i;
    java_entry *e = kc_xcalloc(n + 1, sizeof(*e));
    json_t     *sorted, *item;
    bool        hashed = true;
    uint32_t    cap = 16, mask;

    json_array_foreach(pairs, i, item) {
        e[i] = (java_entry) { item, NULL, 0, i };
        hashed = hashed && java_hash(json_array_get(item, 0), kschema, &e[i].hash);
    }
    while (n > (size_t) cap / 4 * 3)
        cap <<= 1;
    mask = cap - 1;
    if (hashed && n > 1) {
        qsort_r(e, n, sizeof(*e), by_bucket, &mask);
        sorted = json_array();
        for (i = 0; i < n; i++)
            json_array_append(sorted, (json_t *) e[i].key);
        json_array_clear(pairs);
        json_array_extend(pairs, sorted);
        json_decref(sorted);
    }
    free(e);
}

json_t *
kc_java_read_maps(json_t *v, const json_t *schema)
{
    const char *t = schema_type(schema), *key;
    json_t     *item, *fs;
    size_t      i;

    if (schema == NULL || strcmp(t, "map") == 0) {
        const json_t *ks = json_object_get(schema, "keys"), *vs = json_object_get(schema, "values");
        if (json_is_object(v)) {
            json_object_foreach(v, key, item)
                kc_java_read_maps(item, vs);
            kc_java_hashmap_order(v, 0);
        } else if (json_is_array(v) && schema == NULL) {
            json_array_foreach(v, i, item)
                kc_java_read_maps(item, NULL);
        } else if (json_is_array(v)) {
            json_array_foreach(v, i, item) {
                kc_java_read_maps(json_array_get(item, 0), ks);
                kc_java_read_maps(json_array_get(item, 1), vs);
            }
            order_pairs(v, ks);
        }
    } else if (strcmp(t, "struct") == 0 && json_is_object(v)) {
        json_array_foreach(json_object_get(schema, "fields"), i, fs)
            kc_java_read_maps(json_object_get(v, json_string_value(json_object_get(fs, "field"))),
                              fs);
    } else if (strcmp(t, "array") == 0 && json_is_array(v)) {
        json_array_foreach(v, i, item)
            kc_java_read_maps(item, json_object_get(schema, "items"));
    }
    return v;
}

/* The logical types: a Decimal is a BigDecimal, a Date, Time or Timestamp a
 * java.util.Date. False for any other schema (or a payload Java could not read). */
static bool
put_java_logical(kc_wbuf *out, const json_t *v, const json_t *schema)
{
    const char *name = kc_schema_name(schema);
    char       *text;
    int64_t     ms;

    if (name != NULL && strcmp(name, KC_LOGICAL_DECIMAL) == 0)
        text = kc_decimal_payload_string(schema, v);
    else if (kc_data_date_ms(schema, v, &ms))
        text = kc_java_date_string(ms);
    else
        return false;
    if (text == NULL)
        return false;
    kc_wbuf_raw(out, text, strlen(text));
    free(text);
    return true;
}

/* v as Java's String.valueOf writes the value JsonConverter reads from it under schema
 * (NULL: none). */
static void
put_java(kc_wbuf *out, const json_t *v, const json_t *schema)
{
    const char *t;
    size_t      i;
    json_t     *item;

    if (!json_is_object(schema))              /* JSON null: no schema ("items":null) */
        schema = NULL;
    t = schema_type(schema);
    /* A null stays null: JsonConverter has put a default in already where it applies
     * (replace.null.with.default), and Struct.toString prints what the struct holds. */
    if (v == NULL || json_is_null(v)) {
        kc_wbuf_raw(out, "null", 4);
        return;
    }
    if (schema == NULL) {
        switch (json_typeof(v)) {
        case JSON_OBJECT:
            put_java_map(out, v, NULL, NULL);
            return;
        case JSON_ARRAY:
            break;
        case JSON_STRING:
            kc_wbuf_raw(out, json_string_value(v), json_string_length(v));
            return;
        case JSON_INTEGER:
        case JSON_REAL:
            put_number(out, v, true);
            return;
        default:
            kc_wbuf_raw(out, json_is_true(v) ? "true" : "false", json_is_true(v) ? 4 : 5);
            return;
        }
    }
    if (schema != NULL && put_java_logical(out, v, schema))
        return;
    if (schema == NULL || strcmp(t, "array") == 0) {
        const json_t *items = schema ? json_object_get(schema, "items") : NULL;
        kc_wbuf_raw(out, "[", 1);
        json_array_foreach(v, i, item) {
            if (i > 0)
                kc_wbuf_raw(out, ", ", 2);
            put_java(out, item, items);
        }
        kc_wbuf_raw(out, "]", 1);
    } else if (strcmp(t, "struct") == 0) {
        const json_t *field;
        bool          first = true;

        kc_wbuf_raw(out, "Struct{", 7);
        json_array_foreach(json_object_get(schema, "fields"), i, field) {
            const char   *name = json_string_value(json_object_get(field, "field"));
            const json_t *fv = name ? json_object_get(v, name) : NULL;
            if (name == NULL || fv == NULL || json_is_null(fv))
                continue;                      /* Struct.toString skips null fields */
            if (!first)
                kc_wbuf_raw(out, ",", 1);
            first = false;
            kc_wbuf_raw(out, name, strlen(name));
            kc_wbuf_raw(out, "=", 1);
            put_java(out, fv, field);
        }
        kc_wbuf_raw(out, "}", 1);
    } else if (strcmp(t, "map") == 0) {
        put_java_map(out, v, json_object_get(schema, "keys"), json_object_get(schema, "values"));
    } else if (strcmp(t, "string") == 0) {
        if (json_is_string(v))
            kc_wbuf_raw(out, json_string_value(v), json_string_length(v));
        else
            kc_wbuf_raw(out, "null", 4);     /* textValue() of a node that is not text */
    } else if (strcmp(t, "bytes") == 0) {
        /* Java prints byte[] as "[B@" and an identity hash: nothing to match. The base64
         * text is at least the bytes. */
        put_java(out, v, NULL);
    } else {
        put_java_primitive(out, v, t);
    }
}

char *
kc_java_value_string(const json_t *v, const json_t *schema, size_t *len)
{
    kc_wbuf out;

    kc_wbuf_init(&out);
    put_java(&out, v, schema);
    return wbuf_text(&out, len);
}

char *
kc_java_map_copy_string(const json_t *map)
{
    kc_wbuf out;
    json_t *copy = kc_java_hashmap_order(json_copy((json_t *) map),
                                         kc_java_hashmap_copy_capacity(json_object_size(map)));

    kc_wbuf_init(&out);
    put_java_map(&out, copy, NULL, NULL);
    json_decref(copy);
    return wbuf_text(&out, NULL);
}

/* ===== java.util.HashMap iteration order ===== */

static size_t
table_size_for(size_t n)
{
    size_t cap = 1;

    while (cap < n && cap < ((size_t) 1 << 30))
        cap <<= 1;
    return cap;
}

size_t
kc_java_hashmap_capacity(size_t initial_capacity)
{
    return table_size_for(initial_capacity);
}

size_t
kc_java_hashmap_copy_capacity(size_t n)
{
    return table_size_for((size_t) ((float) n / 0.75f + 1.0f));
}

json_t *
kc_java_hashmap_order(json_t *obj, size_t capacity)
{
    size_t      n = json_object_size(obj), i = 0;
    java_entry *e;
    json_t     *keys, *vals, *item;
    const char *key;
    uint32_t    cap = capacity ? (uint32_t) table_size_for(capacity) : 16, mask;

    if (n < 2)
        return obj;
    e = kc_xcalloc(n, sizeof(*e));
    keys = json_array();
    vals = json_array();
    json_object_foreach(obj, key, item) {
        json_array_append_new(keys, json_string(key));
        json_array_append(vals, item);
        e[i] = (java_entry) { json_array_get(keys, i), json_array_get(vals, i),
                              java_string_hash(key, strlen(key)), i };
        i++;
    }
    /* The puts, one by one: a slot's ninth entry doubles a small table (treeifyBin), a
     * size beyond the threshold doubles any. */
    for (i = 0; i < n; i++) {
        uint32_t slot = (e[i].hash ^ (e[i].hash >> 16)) & (cap - 1);
        size_t   in_slot = 0;
        for (size_t k = 0; k < i; k++)
            in_slot += ((e[k].hash ^ (e[k].hash >> 16)) & (cap - 1)) == slot;
        if (in_slot >= 8 && cap < 64)
            cap <<= 1;
        if (i + 1 > (size_t) (cap * 3 / 4))
            cap <<= 1;
    }
    mask = cap - 1;
    qsort_r(e, n, sizeof(*e), by_bucket, &mask);
    /* Refilled in that order: the values are held by vals meanwhile. */
    json_object_clear(obj);
    for (i = 0; i < n; i++)
        json_object_set(obj, json_string_value(e[i].key), (json_t *) e[i].value);
    json_decref(keys);
    json_decref(vals);
    free(e);
    return obj;
}
