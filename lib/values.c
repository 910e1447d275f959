/*
 * lib/values.c - see values.h. Follows Values.parseString step for step: its Parser (the
 * text cut into tokens at unescaped : , { } [ ] ", a backslash escaping the next character
 * and kept; a blank token skipped where a delimiter is looked for; positions marked and
 * rewound), its ValueParser (literals, quoted strings, arrays, maps, numbers as BigDecimal
 * reads them, dates and times as SimpleDateFormat reads them; an array or map that fails
 * is read again as a plain token), its SchemaMerger and the conversions of the elements,
 * keys and values to the common schema.
 *
 * The parse builds Java's objects (Byte ... Double, String, BigDecimal, java.util.Date,
 * lists, linked maps with Java's equals) in an arena that one call owns; they are written
 * in kconnect's data model at the end.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "lib/values.h"

#include <math.h>
#include <pthread.h>
#include <stdalign.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/common.h"
#include "lib/data.h"
#include "lib/numbers.h"
#include "lib/simple_date.h"

/* Deeper nesting is refused: Java's own stack gives out a little further. */
#define MAX_DEPTH  1000
#define MS_PER_DAY INT64_C(86400000)

/* ===== Arena: every object of one parse, freed at once ===== */

typedef struct block {
    struct block *next;
    max_align_t   data[];
} block;

typedef struct {
    char  *at;            /* the current block's unused bytes */
    size_t left;
    block *blocks;        /* the blocks malloc gave */
} arena;

static void *
arena_alloc(arena *a, size_t n)
{
    void *p;

    n = (n + alignof(max_align_t) - 1) & ~(alignof(max_align_t) - 1);
    if (n > a->left) {
        size_t size = n > 16384 ? n : 16384;
        block *b = kc_xmalloc(sizeof(block) + size);
        b->next = a->blocks;
        a->blocks = b;
        a->at = (char *) b->data;
        a->left = size;
    }
    p = a->at;
    a->at += n;
    a->left -= n;
    return p;
}

static void
arena_release(arena *a)
{
    while (a->blocks != NULL) {
        block *b = a->blocks;
        a->blocks = b->next;
        free(b);
    }
}

/* ===== Java's objects and Connect's schemas ===== */

typedef enum {
    JV_BOOL, JV_INT8, JV_INT16, JV_INT32, JV_INT64, JV_FLOAT, JV_DOUBLE, JV_STRING,
    JV_DECIMAL, JV_DATE, JV_LIST, JV_MAP,
} jv_kind;

typedef struct jv jv;

/* A LinkedHashMap: entries in insertion order, found through an open-addressed index. */
typedef struct {
    jv      **k, **v;
    size_t    n, cap;
    uint32_t *slots;       /* entry index + 1; 0 empty */
    size_t    nslots;      /* a power of two */
} jmap;

struct jv {
    jv_kind  kind;
    bool     neg;          /* a BigDecimal's sign */
    bool     hashed;
    int32_t  scale;        /* a BigDecimal's */
    uint64_t hash;         /* once hashed: a key is never changed after */
    union {
        bool    b;
        int64_t i;         /* Byte ... Long; a Date's milliseconds */
        float   f;
        double  d;
        struct {
            const char *p; /* a String's UTF-8; a BigDecimal's digits, no leading zero */
            size_t      n;
        } str;
        struct {
            jv   **items;  /* NULL items are Java's nulls */
            size_t n, cap;
        } list;
        jmap map;
    } u;
};

typedef enum {
    T_INT8, T_INT16, T_INT32, T_INT64, T_FLOAT32, T_FLOAT64, T_BOOLEAN, T_STRING, T_BYTES,
    T_ARRAY, T_MAP,
} stype;

typedef enum { L_NONE, L_DECIMAL, L_DATE, L_TIME, L_TIMESTAMP } slogical;

/* A schema: required always (Values makes no optional one); NULL is none. */
typedef struct sch {
    stype             type;
    slogical          logical;
    int32_t           scale;   /* Decimal */
    const struct sch *key;     /* an array's items, a map's keys */
    const struct sch *value;   /* a map's values */
} sch;

static const sch S_INT8 = { .type = T_INT8 }, S_INT16 = { .type = T_INT16 },
                 S_INT32 = { .type = T_INT32 }, S_INT64 = { .type = T_INT64 },
                 S_FLOAT32 = { .type = T_FLOAT32 }, S_FLOAT64 = { .type = T_FLOAT64 },
                 S_BOOLEAN = { .type = T_BOOLEAN }, S_STRING = { .type = T_STRING },
                 S_DATE = { .type = T_INT32, .logical = L_DATE },
                 S_TIME = { .type = T_INT32, .logical = L_TIME },
                 S_TIMESTAMP = { .type = T_INT64, .logical = L_TIMESTAMP };

/* A SchemaAndValue; schema NULL is Java's null one. */
typedef struct {
    const sch *schema;
    jv        *value;
} sv;

static jv *
jv_new(arena *a, jv_kind kind)
{
    jv *v = arena_alloc(a, sizeof(*v));

    memset(v, 0, sizeof(*v));
    v->kind = kind;
    return v;
}

static jv *
jv_int(arena *a, jv_kind kind, int64_t i)
{
    jv *v = jv_new(a, kind);

    v->u.i = i;
    return v;
}

static jv *
jv_string(arena *a, const char *p, size_t n)
{
    jv *v = jv_new(a, JV_STRING);

    v->u.str.p = p;
    v->u.str.n = n;
    return v;
}

/* ===== Java's equals (the keys of a LinkedHashMap) ===== */

static uint64_t
mix(uint64_t h)
{
    h ^= h >> 33;
    h *= UINT64_C(0xff51afd7ed558ccd);
    h ^= h >> 33;
    return h;
}

static uint64_t
bytes_hash(const char *p, size_t n)
{
    uint64_t h = UINT64_C(0xcbf29ce484222325);

    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char) p[i]) * UINT64_C(0x100000001b3);
    return h;
}

static uint64_t
jv_hash(jv *v)
{
    uint64_t h = 0;

    if (v == NULL)
        return 0;
    if (v->hashed)
        return v->hash;
    switch (v->kind) {
    case JV_BOOL:
        h = v->u.b;
        break;
    case JV_INT8: case JV_INT16: case JV_INT32: case JV_INT64: case JV_DATE:
        h = (uint64_t) v->u.i;
        break;
    case JV_FLOAT: {
        uint32_t bits;
        memcpy(&bits, &v->u.f, sizeof(bits));
        h = bits;
        break;
    }
    case JV_DOUBLE:
        memcpy(&h, &v->u.d, sizeof(h));
        break;
    case JV_STRING:
        h = bytes_hash(v->u.str.p, v->u.str.n);
        break;
    case JV_DECIMAL:
        h = bytes_hash(v->u.str.p, v->u.str.n) ^ (uint64_t) (uint32_t) v->scale ^ v->neg;
        break;
    case JV_LIST:
        h = 1;
        for (size_t i = 0; i < v->u.list.n; i++)
            h = h * 31 + jv_hash(v->u.list.items[i]);
        break;
    case JV_MAP:
        /* Order does not count in Map.equals: a sum. */
        for (size_t i = 0; i < v->u.map.n; i++)
            h += mix(jv_hash(v->u.map.k[i]) ^ (jv_hash(v->u.map.v[i]) * 0x9e3779b97f4a7c15u));
        break;
    }
    v->hash = mix(h + (uint64_t) v->kind);
    v->hashed = true;
    return v->hash;
}

static jv **map_find(jmap *m, jv *key);

/* Java's a.equals(b), null-safe as Objects.equals: the same class and value (a Float and
 * a Double by their bits, a BigDecimal with its scale, a Date by its time), lists in order,
 * maps as sets of entries. */
static bool
jv_equal(jv *a, jv *b)
{
    if (a == b)
        return true;
    if (a == NULL || b == NULL || a->kind != b->kind)
        return false;
    switch (a->kind) {
    case JV_BOOL:
        return a->u.b == b->u.b;
    case JV_INT8: case JV_INT16: case JV_INT32: case JV_INT64: case JV_DATE:
        return a->u.i == b->u.i;
    case JV_FLOAT:
        return memcmp(&a->u.f, &b->u.f, sizeof(float)) == 0;
    case JV_DOUBLE:
        return memcmp(&a->u.d, &b->u.d, sizeof(double)) == 0;
    case JV_DECIMAL:
        if (a->neg != b->neg || a->scale != b->scale)
            return false;
        /* fall through */
    case JV_STRING:
        return a->u.str.n == b->u.str.n && memcmp(a->u.str.p, b->u.str.p, a->u.str.n) == 0;
    case JV_LIST:
        if (a->u.list.n != b->u.list.n)
            return false;
        for (size_t i = 0; i < a->u.list.n; i++)
            if (!jv_equal(a->u.list.items[i], b->u.list.items[i]))
                return false;
        return true;
    case JV_MAP:
        if (a->u.map.n != b->u.map.n)
            return false;
        for (size_t i = 0; i < a->u.map.n; i++) {
            jv **other = map_find(&b->u.map, a->u.map.k[i]);
            if (other == NULL || !jv_equal(a->u.map.v[i], *other))
                return false;
        }
        return true;
    }
    return false;
}

/* ===== LinkedHashMap ===== */

/* The slot of key: where it is, or the empty one where it would go. */
static size_t
map_slot(const jmap *m, jv *key)
{
    size_t mask = m->nslots - 1, i = (size_t) jv_hash(key) & mask;

    while (m->slots[i] != 0 && !jv_equal(m->k[m->slots[i] - 1], key))
        i = (i + 1) & mask;
    return i;
}

static jv **
map_find(jmap *m, jv *key)
{
    size_t i;

    if (m->nslots == 0)
        return NULL;
    i = map_slot(m, key);
    return m->slots[i] != 0 ? &m->v[m->slots[i] - 1] : NULL;
}

/* map.put(key, value): a key already there keeps its place and takes the new value. */
static void
map_put(arena *a, jmap *m, jv *key, jv *value)
{
    size_t i;

    if ((m->n + 1) * 2 > m->nslots) {
        size_t n = m->nslots ? m->nslots * 2 : 8;
        m->slots = arena_alloc(a, n * sizeof(*m->slots));
        memset(m->slots, 0, n * sizeof(*m->slots));
        m->nslots = n;
        for (size_t e = 0; e < m->n; e++)
            m->slots[map_slot(m, m->k[e])] = (uint32_t) e + 1;
    }
    i = map_slot(m, key);
    if (m->slots[i] != 0) {
        m->v[m->slots[i] - 1] = value;
        return;
    }
    if (m->n == m->cap) {
        size_t cap = m->cap ? m->cap * 2 : 4;
        jv   **k = arena_alloc(a, cap * sizeof(*k)), **v = arena_alloc(a, cap * sizeof(*v));
        if (m->n > 0) {
            memcpy(k, m->k, m->n * sizeof(*k));
            memcpy(v, m->v, m->n * sizeof(*v));
        }
        m->k = k;
        m->v = v;
        m->cap = cap;
    }
    m->k[m->n] = key;
    m->v[m->n] = value;
    m->slots[i] = (uint32_t) ++m->n;
}

static void
list_add(arena *a, jv *list, jv *item)
{
    if (list->u.list.n == list->u.list.cap) {
        size_t cap = list->u.list.cap ? list->u.list.cap * 2 : 4;
        jv   **items = arena_alloc(a, cap * sizeof(*items));
        if (list->u.list.n > 0)
            memcpy(items, list->u.list.items, list->u.list.n * sizeof(*items));
        list->u.list.items = items;
        list->u.list.cap = cap;
    }
    list->u.list.items[list->u.list.n++] = item;
}

/* ===== Schemas: SchemaMerger and mergeSchemas ===== */

static const sch *
sch_new(arena *a, stype type, const sch *key, const sch *value)
{
    sch *s = arena_alloc(a, sizeof(*s));

    memset(s, 0, sizeof(*s));
    s->type = type;
    s->key = key;
    s->value = value;
    return s;
}

/* The numeric types' order of widening: INT8 < ... < INT64 < FLOAT32 < FLOAT64. */
static int
numeric_rank(stype t)
{
    return t <= T_FLOAT64 ? (int) t : -1;
}

/* mergeSchemas: of two types, the wider number (a logical type counts as its type: Date
 * and INT8 give Date); of one type, the later schema (Values only compares optionality,
 * and all its schemas are required); else none. */
static const sch *
merge_schemas(const sch *previous, const sch *next)
{
    int p = numeric_rank(previous->type), n = numeric_rank(next->type);

    if (previous->type == next->type)
        return next;
    if (p < 0 || n < 0)
        return NULL;
    return n > p ? next : previous;
}

typedef struct {
    const sch *common;      /* NULL: any, while compatible; none once not */
    bool       compatible;
} merger;

static void
merge(merger *m, const sv *latest)
{
    if (latest->schema == NULL || !m->compatible)
        return;
    if (m->common == NULL) {
        m->common = latest->schema;
    } else {
        m->common = merge_schemas(m->common, latest->schema);
        m->compatible = m->common != NULL;
    }
}

/* ===== Conversions to the common schema (Values.convertTo, no source schema) ===== */

/* Java's (long) of a double: saturating, NaN 0. */
static int64_t
java_d2l(double d)
{
    if (isnan(d))
        return 0;
    if (d >= 9223372036854775807.0)
        return INT64_MAX;
    if (d <= -9223372036854775808.0)
        return INT64_MIN;
    return (int64_t) d;
}

/* Values.asLong without a schema: a Number's longValue(); anything else throws. */
static int
as_long(const jv *v, int64_t *out)
{
    switch (v->kind) {
    case JV_INT8: case JV_INT16: case JV_INT32: case JV_INT64:
        *out = v->u.i;
        return 0;
    case JV_FLOAT:
        *out = java_d2l(v->u.f);
        return 0;
    case JV_DOUBLE:
        *out = java_d2l(v->u.d);
        return 0;
    default:
        return -1;       /* a BigDecimal never meets a numeric schema here */
    }
}

/* Number.doubleValue(); anything else throws. */
static int
as_double(const jv *v, double *out)
{
    switch (v->kind) {
    case JV_INT8: case JV_INT16: case JV_INT32: case JV_INT64:
        *out = (double) v->u.i;
        return 0;
    case JV_FLOAT:
        *out = v->u.f;
        return 0;
    case JV_DOUBLE:
        *out = v->u.d;
        return 0;
    default:
        return -1;
    }
}

/* convertTo(to, null, v): v itself when it is already of the schema's class, else a new
 * object; -1 where Java throws DataException (a null for a required schema, a Date for a
 * number, a Time out of its day). A schema only ever meets values whose schemas merged
 * into it, so only those pairs are reached. */
static int
convert_to(arena *a, const sch *to, jv *v, jv **out)
{
    int64_t l;
    double  d;
    jv     *r;

    *out = v;
    if (v == NULL)
        return -1;
    switch (to->type) {
    case T_INT8: case T_INT16: case T_INT32: case T_INT64: {
        static const jv_kind kinds[] = { JV_INT8, JV_INT16, JV_INT32, JV_INT64 };
        if (to->logical != L_NONE && v->kind == JV_DATE)
            return 0;                          /* a Date as it is */
        if (to->logical == L_NONE && v->kind == kinds[to->type])
            return 0;
        if (as_long(v, &l) != 0)
            return -1;
        switch (to->logical) {
        case L_DATE:                           /* Date.toLogical of (int) days */
            *out = jv_int(a, JV_DATE, (int64_t) (int32_t) l * MS_PER_DAY);
            return 0;
        case L_TIME:                           /* Time.toLogical: within the day */
            if ((int32_t) l < 0 || (int32_t) l > MS_PER_DAY)
                return -1;
            *out = jv_int(a, JV_DATE, (int32_t) l);
            return 0;
        case L_TIMESTAMP:
            *out = jv_int(a, JV_DATE, l);
            return 0;
        default:
            break;
        }
        l = to->type == T_INT8 ? (int8_t) l : to->type == T_INT16 ? (int16_t) l
            : to->type == T_INT32 ? (int32_t) l : l;
        *out = jv_int(a, kinds[to->type], l);
        return 0;
    }
    case T_FLOAT32:
        if (v->kind == JV_FLOAT)
            return 0;
        if (as_double(v, &d) != 0)
            return -1;
        r = jv_new(a, JV_FLOAT);
        r->u.f = (float) d;
        *out = r;
        return 0;
    case T_FLOAT64:
        if (v->kind == JV_DOUBLE)
            return 0;
        if (as_double(v, &d) != 0)
            return -1;
        r = jv_new(a, JV_DOUBLE);
        r->u.d = d;
        *out = r;
        return 0;
    case T_BOOLEAN:
        return v->kind == JV_BOOL ? 0 : -1;
    case T_STRING:
        return v->kind == JV_STRING ? 0 : -1;
    case T_BYTES:
        return v->kind == JV_DECIMAL ? 0 : -1; /* a BigDecimal of any scale as it is */
    case T_ARRAY:
        return v->kind == JV_LIST ? 0 : -1;
    case T_MAP:
        return v->kind == JV_MAP ? 0 : -1;
    }
    return -1;
}

/* ===== Parser: tokens, marks and rewinds ===== */

typedef struct {
    const char *s;
    size_t      n, pos;       /* the text; the iterator's index */
    bool        pending;      /* nextToken: s[tb..te), which ends at pos */
    size_t      tb, te;
    arena      *a;
    int         depth;
    bool        too_deep;     /* Java's StackOverflowError: nothing catches it */
} vp;

static bool
delimiter(char c)
{
    return c == ':' || c == ',' || c == '{' || c == '}' || c == '[' || c == ']' || c == '"';
}

/* consumeNextToken: up to the next unescaped delimiter, or that delimiter alone. */
static void
consume(vp *p, size_t *b, size_t *e)
{
    bool   escaped = false;
    size_t start = p->pos;

    for (; p->pos < p->n; p->pos++) {
        char c = p->s[p->pos];
        if (c == '\\') {
            escaped = !escaped;
        } else if (delimiter(c) && !escaped) {
            if (p->pos == start)
                p->pos++;
            break;
        } else {
            escaped = false;
        }
    }
    *b = start;
    *e = p->pos;
}

static bool
has_next(const vp *p)
{
    return p->pending || p->pos < p->n;
}

static void
next_token(vp *p, size_t *b, size_t *e)
{
    if (p->pending) {
        *b = p->tb;
        *e = p->te;
        p->pending = false;
    } else {
        consume(p, b, e);
    }
}

static size_t
mark(const vp *p)
{
    return p->pending ? p->tb : p->pos;
}

static void
rewind_to(vp *p, size_t at)
{
    p->pos = at;
    p->pending = false;
}

/* Java's String.trim() bounds: characters up to U+0020 off both ends. */
static void
trim(const char *s, size_t *b, size_t *e)
{
    while (*b < *e && (unsigned char) s[*b] <= ' ')
        (*b)++;
    while (*e > *b && (unsigned char) s[*e - 1] <= ' ')
        (*e)--;
}

static bool
blank(const char *s, size_t b, size_t e)
{
    trim(s, &b, &e);
    return b == e;
}

/* canConsume(expected): the next token, past blank ones while more follow, trimmed, is
 * expected; then it is consumed. Otherwise it stays the next token. */
static bool
can_consume(vp *p, const char *expected)
{
    size_t b, e;

    if (!p->pending) {
        if (p->pos >= p->n)
            return false;
        consume(p, &p->tb, &p->te);
        p->pending = true;
    }
    while (blank(p->s, p->tb, p->te) && p->pos < p->n)
        consume(p, &p->tb, &p->te);
    b = p->tb;
    e = p->te;
    trim(p->s, &b, &e);
    if (e - b != strlen(expected) || memcmp(p->s + b, expected, e - b) != 0)
        return false;
    p->pending = false;
    return true;
}

/* next(n): the text of the next n tokens, or false (and back where it was) when fewer. */
static bool
next_n(vp *p, int n, size_t *b, size_t *e)
{
    size_t start = mark(p), tb, te;

    for (int i = 0; i < n; i++) {
        if (!has_next(p)) {
            rewind_to(p, start);
            return false;
        }
        next_token(p, &tb, &te);
    }
    *b = start;
    *e = p->pos;
    return true;
}

/* ===== Text: Java's chars ===== */

/* The code point at s[*i] (advanced), of valid UTF-8. */
static uint32_t
code_point(const char *s, size_t *i)
{
    const unsigned char *u = (const unsigned char *) s + *i;

    if (u[0] < 0x80) {
        *i += 1;
        return u[0];
    }
    if (u[0] < 0xe0) {
        *i += 2;
        return ((uint32_t) (u[0] & 0x1f) << 6) | (u[1] & 0x3f);
    }
    if (u[0] < 0xf0) {
        *i += 3;
        return ((uint32_t) (u[0] & 0x0f) << 12) | ((uint32_t) (u[1] & 0x3f) << 6) |
               (u[2] & 0x3f);
    }
    *i += 4;
    return ((uint32_t) (u[0] & 0x07) << 18) | ((uint32_t) (u[1] & 0x3f) << 12) |
           ((uint32_t) (u[2] & 0x3f) << 6) | (u[3] & 0x3f);
}

/* Character.digit(c, 10) of one char: a code point beyond U+FFFF is two surrogates. */
static int
java_digit(uint32_t cp)
{
    return cp <= 0xffff ? kc_java_digit(cp) : -1;
}

/* String.length(): UTF-16 units. */
static size_t
java_length(const char *s, size_t n)
{
    size_t len = 0;

    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char) s[i];
        if ((c & 0xc0) != 0x80)
            len += c >= 0xf0 ? 2 : 1;
    }
    return len;
}

/* ===== Literals: numbers, dates and times ===== */

static kc_sdf *date_format, *time_format, *timestamp_format;
static pthread_once_t formats_once = PTHREAD_ONCE_INIT;

static void
compile_formats(void)
{
    char err[128];

    if (kc_sdf_compile("yyyy-MM-dd", &date_format, err, sizeof(err)) != KC_SDF_OK ||
        kc_sdf_compile("HH:mm:ss.SSS'Z'", &time_format, err, sizeof(err)) != KC_SDF_OK ||
        kc_sdf_compile("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'", &timestamp_format, err,
                       sizeof(err)) != KC_SDF_OK)
        abort();                               /* fixed patterns */
}

/* Java's long addition, which wraps. */
static int64_t
wrapping_add(int64_t a, int64_t b)
{
    return (int64_t) ((uint64_t) a + (uint64_t) b);
}

/* What GregorianCalendar takes off a wall-clock time in this process's zone (the JVM's
 * default, which Values' SimpleDateFormat keeps): the offset of the last transition whose
 * wall-clock start is not after it (ZoneInfo.getOffsetsByWall), so in a gap the offset
 * before it and in an overlap the one after. Transitions are days apart. */
static int64_t
wall_offset(int64_t wall)
{
    kc_sdf_zone before, after, at;

    kc_sdf_local_zone(wrapping_add(wall, -2 * MS_PER_DAY), &before);
    kc_sdf_local_zone(wrapping_add(wall, 2 * MS_PER_DAY), &after);
    if (before.offset_ms == after.offset_ms)
        return before.offset_ms;
    kc_sdf_local_zone(wrapping_add(wall, -after.offset_ms), &at);
    return at.offset_ms == after.offset_ms ? after.offset_ms : before.offset_ms;
}

/* parseAsTemporal of the text a then b (b may be empty): "\:" made ":", then by its length
 * a time (13), a timestamp (24) or a date (10) if SimpleDateFormat reads one at its start
 * (lenient, in this process's zone; what follows is ignored). -1: none. */
static int
parse_temporal(const char *a, size_t na, const char *b, size_t nb, sv *out, arena *ar)
{
    char          text[80], joined[80];
    size_t        n = 0, total = na + nb;
    const kc_sdf *f;
    const sch    *schema;
    int64_t       ms;

    if (total > 72)
        return -1;                             /* more than 24 chars of 3 bytes */
    memcpy(joined, a, na);
    memcpy(joined + na, b, nb);
    for (size_t i = 0; i < total; i++) {
        if (joined[i] == '\\' && i + 1 < total && joined[i + 1] == ':')
            i++;
        text[n++] = joined[i];
    }
    text[n] = '\0';
    switch (java_length(text, n)) {
    case 13: f = time_format;      schema = &S_TIME;      break;
    case 24: f = timestamp_format; schema = &S_TIMESTAMP; break;
    case 10: f = date_format;      schema = &S_DATE;      break;
    default: return -1;
    }
    if (kc_sdf_parse(f, text, 0, &ms) != 0)
        return -1;
    out->schema = schema;
    ms = wrapping_add(ms, -wall_offset(ms));
    out->value = jv_int(ar, JV_DATE, ms);
    return 0;
}

/* parseAsNumber of s[b..e): new BigDecimal (Unicode digits too); an integer of the smallest
 * type when it is whole, at least 1 in magnitude, at most 1e19 and fits a long (or is 0);
 * else a float, or a double, when finite and the scale is not 0; else a Decimal of its
 * scale. -1 where BigDecimal throws. */
static int
parse_number(vp *p, size_t b, size_t e, sv *out)
{
    char           local[128], *t = e - b < sizeof(local) ? local : arena_alloc(p->a, e - b + 1);
    const char    *digits;
    size_t         k = 0, nd, zeros = 0;
    kc_big_decimal d;
    int64_t        adjusted;
    float          f;
    double         x;
    jv            *v;

    for (size_t i = b; i < e;) {
        int dg;
        if ((unsigned char) p->s[i] < 0x80) {
            t[k++] = p->s[i++];
            continue;
        }
        if ((dg = java_digit(code_point(p->s, &i))) < 0)
            return -1;
        t[k++] = (char) ('0' + dg);
    }
    t[k] = '\0';
    if (kc_big_decimal_parse(t, &d) != 0)
        return -1;
    for (digits = d.digits; *digits == '0'; digits++)
        ;
    nd = strlen(digits);
    if (nd == 0) {                             /* zero, of any scale */
        kc_big_decimal_free(&d);
        out->schema = &S_INT8;
        out->value = jv_int(p->a, JV_INT8, 0);
        return 0;
    }
    adjusted = (int64_t) nd - 1 - d.scale;     /* the leading digit's power of ten */
    while (zeros < nd && digits[nd - 1 - zeros] == '0')
        zeros++;
    if (adjusted >= 0 && (adjusted < 19 || (adjusted == 19 && digits[0] == '1' &&
                                            zeros == nd - 1)) &&
        (d.scale <= 0 || (int64_t) zeros >= d.scale)) {
        /* Whole and at most 1e19 (20 digits): a long unless it overflows. */
        uint64_t u = 0, limit = d.negative ? (uint64_t) INT64_MAX + 1 : (uint64_t) INT64_MAX;
        bool     fits = true;
        for (int64_t i = 0; i <= adjusted && fits; i++) {
            unsigned dg = (size_t) i < nd ? (unsigned) (digits[i] - '0') : 0;
            if (u > (limit - dg) / 10)
                fits = false;
            else
                u = u * 10 + dg;
        }
        if (fits) {
            int64_t l = d.negative ? (int64_t) (0 - u) : (int64_t) u;
            kc_big_decimal_free(&d);
            out->schema = l == (int8_t) l ? &S_INT8 : l == (int16_t) l ? &S_INT16
                          : l == (int32_t) l ? &S_INT32 : &S_INT64;
            out->value = jv_int(p->a, out->schema == &S_INT8 ? JV_INT8
                                : out->schema == &S_INT16 ? JV_INT16
                                : out->schema == &S_INT32 ? JV_INT32 : JV_INT64, l);
            return 0;
        }
    }
    /* floatValue() and doubleValue(): correctly rounded, a negative underflow -0.0. */
    f = strtof(t, NULL);
    x = strtod(t, NULL);
    if (isfinite(f) && d.scale != 0) {
        v = jv_new(p->a, JV_FLOAT);
        v->u.f = f;
        out->schema = &S_FLOAT32;
    } else if (isfinite(x) && d.scale != 0) {
        v = jv_new(p->a, JV_DOUBLE);
        v->u.d = x;
        out->schema = &S_FLOAT64;
    } else {
        sch  *s = arena_alloc(p->a, sizeof(*s));
        char *copy = arena_alloc(p->a, nd);
        memset(s, 0, sizeof(*s));
        s->type = T_BYTES;
        s->logical = L_DECIMAL;
        s->scale = d.scale;
        memcpy(copy, digits, nd);
        v = jv_new(p->a, JV_DECIMAL);
        v->neg = d.negative;
        v->scale = d.scale;
        v->u.str.p = copy;
        v->u.str.n = nd;
        out->schema = s;
    }
    kc_big_decimal_free(&d);
    out->value = v;
    return 0;
}

/* ===== ValueParser ===== */

static int parse(vp *p, bool embedded, sv *out);

/* canParseSingleTokenLiteral: the literal, and at the top level nothing after it. */
static bool
single_literal(vp *p, bool embedded, const char *literal)
{
    size_t start = mark(p);

    if (can_consume(p, literal) && (embedded || !has_next(p)))
        return true;
    rewind_to(p, start);
    return false;
}

/* parseNextToken of the trimmed token s[b..e): a time or timestamp across it and the next
 * four tokens, or a date, time or timestamp in it, when it starts with a digit; a number
 * when it starts with a digit or a sign; else the whole text at the top level, and an
 * error inside an array or map. */
static int
parse_next_token(vp *p, bool embedded, size_t b, size_t e, sv *out)
{
    size_t   i = b, rb, re, at;
    uint32_t first = code_point(p->s, &i);
    bool     digit = java_digit(first) >= 0;

    if (digit) {
        at = mark(p);
        if (next_n(p, 4, &rb, &re) &&
            parse_temporal(p->s + b, e - b, p->s + rb, re - rb, out, p->a) == 0)
            return 0;
        rewind_to(p, at);
        if (parse_temporal(p->s + b, e - b, "", 0, out, p->a) == 0)
            return 0;
    }
    if ((digit || first == '+' || first == '-') && parse_number(p, b, e, out) == 0)
        return 0;
    if (embedded)
        return -1;
    out->schema = &S_STRING;
    out->value = jv_string(p->a, p->s, p->n);
    return 0;
}

/* parseQuotedString: the tokens up to the closing quote (blank ones skipped where more
 * follow, escapes kept), a date, time or timestamp if it reads as one. */
static int
parse_quoted(vp *p, sv *out)
{
    const char *text = p->s + p->pos;
    size_t      n = 0, cap = 0, b, e;
    char       *buf = NULL;

    while (has_next(p)) {
        if (can_consume(p, "\""))
            break;
        next_token(p, &b, &e);
        if (n == 0 && buf == NULL) {
            text = p->s + b;                   /* one token: the input's own bytes */
            n = e - b;
            continue;
        }
        if (buf == NULL || n + (e - b) > cap) {
            char *grown;
            cap = (n + (e - b)) * 2;
            grown = arena_alloc(p->a, cap);
            memcpy(grown, text, n);
            buf = grown;
            text = buf;
        }
        memcpy(buf + n, p->s + b, e - b);
        n += e - b;
    }
    if (parse_temporal(text, n, "", 0, out, p->a) == 0)
        return 0;
    out->schema = &S_STRING;
    out->value = jv_string(p->a, text, n);
    return 0;
}

static int
enter(vp *p)
{
    if (++p->depth > MAX_DEPTH) {
        p->too_deep = true;
        return -1;
    }
    return 0;
}

/* parseArray, after "[": elements to "]", each followed by "," or the "]"; the list
 * converted to the elements' common schema, or an array of none when they have none. */
static int
parse_array(vp *p, sv *out)
{
    jv    *list = jv_new(p->a, JV_LIST);
    merger m = { NULL, true };

    if (enter(p) != 0)
        return -1;
    while (has_next(p)) {
        sv     el;
        size_t at;
        if (can_consume(p, "]")) {
            if (m.common != NULL) {
                for (size_t i = 0; i < list->u.list.n; i++)
                    if (convert_to(p->a, m.common, list->u.list.items[i],
                                   &list->u.list.items[i]) != 0)
                        return -1;
            }
            out->schema = sch_new(p->a, T_ARRAY, m.common, NULL);
            out->value = list;
            p->depth--;
            return 0;
        }
        if (can_consume(p, ","))
            return -1;                         /* an empty element */
        if (parse(p, true, &el) != 0)
            return -1;
        merge(&m, &el);
        list_add(p->a, list, el.value);
        at = mark(p);
        if (can_consume(p, "]"))
            rewind_to(p, at);
        else if (!can_consume(p, ","))
            return -1;
    }
    return -1;                                 /* no "]" */
}

/* parseMap, after "{": "key:value" entries, a "," after each optional, to "}"; keys and
 * values converted to their common schemas (the values left as they are when they have
 * none; both when the keys have none). */
static int
parse_map(vp *p, sv *out)
{
    jv    *map = jv_new(p->a, JV_MAP);
    merger km = { NULL, true }, vm = { NULL, true };

    if (enter(p) != 0)
        return -1;
    while (has_next(p)) {
        sv key, value;
        if (can_consume(p, "}")) {
            if (km.common != NULL) {
                jv *aligned = jv_new(p->a, JV_MAP);
                for (size_t i = 0; i < map->u.map.n; i++) {
                    jv *k, *v = map->u.map.v[i];
                    if (convert_to(p->a, km.common, map->u.map.k[i], &k) != 0 ||
                        (vm.common != NULL && convert_to(p->a, vm.common, v, &v) != 0))
                        return -1;
                    map_put(p->a, &aligned->u.map, k, v);
                }
                map = aligned;
            }
            out->schema = sch_new(p->a, T_MAP, km.common,
                                  km.common != NULL ? vm.common : NULL);
            out->value = map;
            p->depth--;
            return 0;
        }
        if (can_consume(p, ","))
            return -1;                         /* no key or value */
        if (parse(p, true, &key) != 0)
            return -1;
        if (key.schema == NULL || !can_consume(p, ":"))
            return -1;                         /* a null key; no ":" */
        if (parse(p, true, &value) != 0)
            return -1;
        map_put(p->a, &map->u.map, key.value, value.value);
        (void) can_consume(p, ",");
        merge(&km, &key);
        merge(&vm, &value);
    }
    return -1;                                 /* no "}" */
}

/* ValueParser.parse: 0 with out (out->schema NULL for Java's null), or -1 for Java's
 * DataException (inside an array or map only). */
static int
parse(vp *p, bool embedded, sv *out)
{
    size_t start, b, e;
    int    depth = p->depth;

    out->schema = NULL;
    out->value = NULL;
    if (!has_next(p))
        return 0;
    if (embedded && can_consume(p, "\""))
        return parse_quoted(p, out);
    if (single_literal(p, embedded, "null"))
        return 0;
    for (int t = 1; t >= 0; t--) {
        if (single_literal(p, embedded, t ? "true" : "false")) {
            out->schema = &S_BOOLEAN;
            out->value = jv_new(p->a, JV_BOOL);
            out->value->u.b = t;
            return 0;
        }
    }
    start = mark(p);
    if (can_consume(p, "[")) {
        if (parse_array(p, out) == 0)
            return 0;
        if (p->too_deep)
            return -1;
        p->depth = depth;
        rewind_to(p, start);
    } else if (can_consume(p, "{")) {
        if (parse_map(p, out) == 0)
            return 0;
        if (p->too_deep)
            return -1;
        p->depth = depth;
        rewind_to(p, start);
    }
    next_token(p, &b, &e);
    if (blank(p->s, b, e)) {
        out->schema = &S_STRING;
        out->value = jv_string(p->a, p->s + b, e - b);
        return 0;
    }
    trim(p->s, &b, &e);
    return parse_next_token(p, embedded, b, e, out);
}

/* ===== Connect's data model (lib/data.h) ===== */

static json_t *
schema_json(const sch *s)
{
    static const char *const types[] = {
        "int8", "int16", "int32", "int64", "float", "double", "boolean", "string", "bytes",
    };
    static const char *const names[] = {
        NULL, KC_LOGICAL_DECIMAL, KC_LOGICAL_DATE, KC_LOGICAL_TIME, KC_LOGICAL_TIMESTAMP,
    };
    json_t *j, *params = NULL;

    if (s == NULL)
        return json_null();
    if (s->type == T_ARRAY)
        j = json_pack("{s:s,s:o}", "type", "array", "items", schema_json(s->key));
    else if (s->type == T_MAP)
        j = json_pack("{s:s,s:o,s:o}", "type", "map", "keys", schema_json(s->key), "values",
                      schema_json(s->value));
    else
        j = json_pack("{s:s}", "type", types[s->type]);
    if (s->logical == L_DECIMAL) {
        char scale[16];
        snprintf(scale, sizeof(scale), "%d", (int) s->scale);
        params = json_pack("{s:s}", "scale", scale);
    }
    kc_schema_finish(j, false, names[s->logical], s->logical != L_NONE ? 1 : -1, NULL, params,
                     NULL);
    json_decref(params);
    return j;
}

typedef struct {
    const char *input;
    char       *err;
    size_t      errlen;
} emitter;

static int
unsupported(emitter *em, const char *what)
{
    snprintf(em->err, em->errlen, "Java would read %s as %s, which is not supported",
             em->input, what);
    return -1;
}

/* The class a schema stands for, as the data model reads its values back. */
static bool
describes(const sch *s, const jv *v)
{
    static const jv_kind kinds[] = {
        JV_INT8, JV_INT16, JV_INT32, JV_INT64, JV_FLOAT, JV_DOUBLE, JV_BOOL, JV_STRING,
        JV_DECIMAL, JV_LIST, JV_MAP,
    };

    if (s->logical == L_DATE || s->logical == L_TIME || s->logical == L_TIMESTAMP)
        return v->kind == JV_DATE;
    return v->kind == kinds[s->type];
}

static int value_json_of(emitter *em, const sch *s, jv *v, json_t **out);

/* value_json_of, nothing left in *out when it fails. */
static int
value_json(emitter *em, const sch *s, jv *v, json_t **out)
{
    *out = NULL;
    if (value_json_of(em, s, v, out) == 0)
        return 0;
    json_decref(*out);
    *out = NULL;
    return -1;
}

/* A map as JsonConverter writes it: an object when its keys are strings (their schema is
 * STRING, or it has none and each is a String), else [key, value] pairs. */
static int
map_json(emitter *em, const sch *ks, const sch *vs, jv *m, json_t **out)
{
    bool object = ks != NULL ? ks->type == T_STRING : true;

    for (size_t i = 0; ks == NULL && i < m->u.map.n; i++)
        object = object && m->u.map.k[i]->kind == JV_STRING;
    *out = object ? json_object() : json_array();
    for (size_t i = 0; i < m->u.map.n; i++) {
        json_t *k, *v;
        if (value_json(em, ks, m->u.map.k[i], &k) != 0)
            return -1;
        if (value_json(em, vs, m->u.map.v[i], &v) != 0) {
            json_decref(k);
            return -1;
        }
        if (object) {
            json_object_setn_new(*out, json_string_value(k), json_string_length(k), v);
            json_decref(k);
        } else {
            json_array_append_new(*out, json_pack("[oo]", k, v));
        }
    }
    return 0;
}

/* v under schema s (NULL: none) as a payload holds it; -1 (err set) for what the data
 * model cannot hold. */
static int
value_json_of(emitter *em, const sch *s, jv *v, json_t **out)
{
    if (v == NULL) {
        *out = json_null();
        return 0;
    }
    if (s != NULL && !describes(s, v))
        return unsupported(em, "a value its own schema does not describe (arrays or maps "
                           "whose arrays or maps differ in type)");
    if (s == NULL && (v->kind == JV_DATE || v->kind == JV_DECIMAL))
        return unsupported(em, "an array or map holding a date, a time or a Decimal where no "
                           "schema says so");
    for (size_t i = 0; s == NULL && v->kind == JV_MAP && i < v->u.map.n; i++)
        if (v->u.map.k[i]->kind != JV_STRING)  /* its pairs would read as a list */
            return unsupported(em, "an array or map holding a map with keys that are not "
                               "strings where no schema says so");
    switch (v->kind) {
    case JV_BOOL:
        *out = json_boolean(v->u.b);
        return 0;
    case JV_INT8: case JV_INT16: case JV_INT32: case JV_INT64:
        *out = json_integer(v->u.i);
        return 0;
    case JV_FLOAT:
        *out = kc_data_float_json(v->u.f);
        return 0;
    case JV_DOUBLE:
        *out = json_real(v->u.d);
        return 0;
    case JV_STRING:
        *out = json_stringn(v->u.str.p, v->u.str.n);
        return *out != NULL ? 0 : unsupported(em, "text that is not UTF-8");
    case JV_DATE:
        if (s->logical != L_DATE) {
            *out = json_integer(v->u.i);       /* a Time out of its day too, as Java has it */
            return 0;
        }
        if (v->u.i % MS_PER_DAY != 0 || v->u.i / MS_PER_DAY != (int32_t) (v->u.i / MS_PER_DAY))
            return unsupported(em, "a Date holding a time of day, or more days than an int "
                               "holds");
        *out = json_integer(v->u.i / MS_PER_DAY);
        return 0;
    case JV_DECIMAL: {
        char          *digits = kc_xstrndup(v->u.str.p, v->u.str.n);
        kc_big_decimal d = { .negative = v->neg, .digits = digits, .scale = v->scale };
        json_t        *schema = schema_json(s);
        *out = kc_decimal_payload(schema, &d);
        json_decref(schema);
        free(digits);
        return 0;
    }
    case JV_LIST:
        *out = json_array();
        for (size_t i = 0; i < v->u.list.n; i++) {
            json_t *item;
            if (value_json(em, s != NULL ? s->key : NULL, v->u.list.items[i], &item) != 0)
                return -1;
            json_array_append_new(*out, item);
        }
        return 0;
    case JV_MAP:
        return map_json(em, s != NULL ? s->key : NULL, s != NULL ? s->value : NULL, v, out);
    }
    return -1;
}

int
kc_values_parse_string(const char *s, json_t **schema, json_t **value, char *err,
                       size_t errlen)
{
    alignas(max_align_t) char first[4096];
    arena   a = { first, sizeof(first), NULL };
    char   *repaired = NULL;
    size_t  n = strlen(s);
    vp      p;
    sv      r;
    emitter em = { NULL, err, errlen };
    int     rc = KC_VALUES_OK;

    *schema = NULL;
    *value = NULL;
    if (!kc_utf8_valid(s, n))
        s = repaired = kc_utf8_repair(s, n, &n);   /* Java's String of the bytes */
    em.input = s;
    if (n == 0) {
        *schema = kc_schema_primitive("string", false);
        *value = json_string("");
        free(repaired);
        return KC_VALUES_OK;
    }
    pthread_once(&formats_once, compile_formats);
    memset(&p, 0, sizeof(p));
    p.s = s;
    p.n = n;
    p.a = &a;
    if (parse(&p, false, &r) != 0 || p.too_deep) {
        rc = unsupported(&em, "arrays or maps nested deeper than 1000");
    } else if (r.schema == NULL) {
        *value = json_null();
    } else if (value_json(&em, r.schema, r.value, value) != 0) {
        rc = KC_VALUES_UNSUPPORTED;
    } else {
        *schema = schema_json(r.schema);
    }
    arena_release(&a);
    free(repaired);
    return rc;
}
