/*
 * lib/java_serial.c - see java_serial.h. The stream, as ObjectOutputStream writes the map:
 *
 *   AC ED 00 05                      magic, version
 *   73 72 <"java.util.HashMap"> <uid> 03 0002 F"loadFactor" I"threshold" 78 70
 *                                    a new object of a new class: Serializable with its
 *                                    own writeObject, two fields, no annotation, no super
 *   <loadFactor f32> <threshold i32> the fields (defaultWriteObject)
 *   77 08 <buckets i32> <size i32>   block data: what HashMap.writeObject adds
 *   size x (key, value)              each 70 (null), 75 <desc of [B> <len i32> <bytes>,
 *                                    or 71 <handle i32>: a class or array seen before
 *   78                               end of the block data
 *
 * Handles number every class description and object in order from 0x7E0000.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "lib/java_serial.h"

#include <stdlib.h>
#include <string.h>

#define TC_NULL         0x70
#define TC_REFERENCE    0x71
#define TC_CLASSDESC    0x72
#define TC_OBJECT       0x73
#define TC_ARRAY        0x75
#define TC_BLOCKDATA    0x77
#define TC_ENDBLOCKDATA 0x78
#define TC_BLOCKDATALONG 0x7A
#define BASE_HANDLE     0x7E0000u

#define SC_WRITE_METHOD 0x01
#define SC_SERIALIZABLE 0x02

static const uint8_t hashmap_uid[8] = { 0x05, 0x07, 0xDA, 0xC1, 0xC3, 0x16, 0x60, 0xD1 };
static const uint8_t bytes_uid[8] = { 0xAC, 0xF3, 0x17, 0xF8, 0x06, 0x08, 0x54, 0xE0 };

/* ===== Reading ===== */

/* What a handle stands for: the class of byte[], another class, or a byte[] object. */
typedef struct handle {
    enum { H_BYTES_CLASS, H_OTHER, H_ARRAY } kind;
    const uint8_t *bytes;
    size_t         len;
} handle;

typedef struct reader {
    const uint8_t *p, *end, *start;
    handle        *handles;
    size_t         nhandles, cap;
    kc_err        *err;
} reader;

static int
fail(reader *r, const char *what)
{
    return kc_err_set(r->err, KC_EINVAL, "not a serialized HashMap of byte arrays: %s at byte "
                      "%zu", what, (size_t) (r->p - r->start));
}

static bool
have(const reader *r, size_t n)
{
    return (size_t) (r->end - r->p) >= n;
}

static uint32_t
be32(const uint8_t *p)
{
    return (uint32_t) p[0] << 24 | (uint32_t) p[1] << 16 | (uint32_t) p[2] << 8 | p[3];
}

static void
new_handle(reader *r, int kind, const uint8_t *bytes, size_t len)
{
    if (r->nhandles == r->cap) {
        r->cap = r->cap ? r->cap * 2 : 16;
        r->handles = kc_xrealloc(r->handles, r->cap * sizeof(*r->handles));
    }
    r->handles[r->nhandles++] = (handle) { kind, bytes, len };
}

/* A reference: the handle it names, or NULL (error set). */
static const handle *
reference(reader *r)
{
    uint32_t h;

    if (!have(r, 4)) {
        fail(r, "a reference cut short");
        return NULL;
    }
    h = be32(r->p);
    if (h < BASE_HANDLE || h - BASE_HANDLE >= r->nhandles) {
        fail(r, "a reference to an unknown handle");
        return NULL;
    }
    r->p += 4;
    return &r->handles[h - BASE_HANDLE];
}

/* A modified-UTF-8 name (u2 length): sets *s, *n. */
static int
utf(reader *r, const uint8_t **s, size_t *n)
{
    if (!have(r, 2))
        return fail(r, "a name cut short");
    *n = (size_t) r->p[0] << 8 | r->p[1];
    r->p += 2;
    if (!have(r, *n))
        return fail(r, "a name cut short");
    *s = r->p;
    r->p += *n;
    return KC_OK;
}

static bool
is(const uint8_t *s, size_t n, const char *want)
{
    return n == strlen(want) && memcmp(s, want, n) == 0;
}

/* A new class description (after its TC_CLASSDESC) that must be `want` with serial
 * version uid: its fields' type codes are appended to codes (at most max). */
static int
class_desc(reader *r, const char *want, const uint8_t uid[8], uint8_t flags, char *codes,
           size_t max, size_t *nfields)
{
    const uint8_t *name;
    size_t         n, count;

    if (utf(r, &name, &n) != KC_OK)
        return KC_EINVAL;
    if (!is(name, n, want))
        return fail(r, "an object of another class");
    if (!have(r, 11))
        return fail(r, "a class description cut short");
    if (memcmp(r->p, uid, 8) != 0)
        return fail(r, "another version of the class");
    if (r->p[8] != flags)
        return fail(r, "unexpected class flags");
    count = (size_t) r->p[9] << 8 | r->p[10];
    r->p += 11;
    new_handle(r, strcmp(want, "[B") == 0 ? H_BYTES_CLASS : H_OTHER, NULL, 0);
    if (count > max)
        return fail(r, "unexpected fields");
    for (size_t i = 0; i < count; i++) {
        const uint8_t *fname;
        size_t         fn;
        if (!have(r, 1))
            return fail(r, "a field cut short");
        codes[i] = (char) *r->p++;
        if (strchr("BCDFIJSZ", codes[i]) == NULL || codes[i] == '\0')
            return fail(r, "a field that is not of a primitive type");
        if (utf(r, &fname, &fn) != KC_OK)
            return KC_EINVAL;
    }
    *nfields = count;
    if (!have(r, 2) || r->p[0] != TC_ENDBLOCKDATA || r->p[1] != TC_NULL)
        return fail(r, "a class annotation or superclass");
    r->p += 2;
    return KC_OK;
}

/* One key or value: *bytes (NULL for null) and *len. */
static int
element(reader *r, const uint8_t **bytes, size_t *len)
{
    const handle *h;
    uint32_t      n;
    size_t        nf;
    char          none[1];

    if (!have(r, 1))
        return fail(r, "the map cut short");
    switch (*r->p++) {
    case TC_NULL:
        *bytes = NULL;
        *len = 0;
        return KC_OK;
    case TC_REFERENCE:
        if ((h = reference(r)) == NULL)
            return KC_EINVAL;
        if (h->kind != H_ARRAY)
            return fail(r, "a reference to something other than a byte array");
        *bytes = h->bytes;
        *len = h->len;
        return KC_OK;
    case TC_ARRAY:
        break;
    default:
        r->p--;
        return fail(r, "an entry that is not a byte array");
    }
    if (!have(r, 1))
        return fail(r, "an array cut short");
    if (*r->p == TC_CLASSDESC) {
        r->p++;
        if (class_desc(r, "[B", bytes_uid, SC_SERIALIZABLE, none, 0, &nf) != KC_OK)
            return KC_EINVAL;
    } else if (*r->p == TC_REFERENCE) {
        r->p++;
        if ((h = reference(r)) == NULL)
            return KC_EINVAL;
        if (h->kind != H_BYTES_CLASS)
            return fail(r, "an array of another type");
    } else {
        return fail(r, "an array without a class");
    }
    if (!have(r, 4))
        return fail(r, "an array cut short");
    n = be32(r->p);
    r->p += 4;
    if (n > INT32_MAX || !have(r, n))
        return fail(r, "an array cut short");
    *bytes = r->p;
    *len = n;
    r->p += n;
    new_handle(r, H_ARRAY, *bytes, *len);
    return KC_OK;
}

int
kc_jser_read_bytes_map(const uint8_t *data, size_t len, kc_jser_entry_fn fn, void *arg,
                       kc_err *err)
{
    static const uint8_t head[] = { 0xAC, 0xED, 0x00, 0x05, TC_OBJECT, TC_CLASSDESC };
    reader   r = { data, data + len, data, NULL, 0, 0, err };
    char     codes[8];
    size_t   nfields, block;
    uint32_t size;
    int      rc = KC_EINVAL;

    if (!have(&r, sizeof(head)) || memcmp(data, head, sizeof(head)) != 0) {
        fail(&r, "no stream of a new object");
        goto out;
    }
    r.p += sizeof(head);
    if (class_desc(&r, "java.util.HashMap", hashmap_uid, SC_SERIALIZABLE | SC_WRITE_METHOD,
                   codes, sizeof(codes), &nfields) != KC_OK)
        goto out;
    new_handle(&r, H_OTHER, NULL, 0);                       /* the map itself */
    for (size_t i = 0; i < nfields; i++) {
        size_t w = strchr("BZ", codes[i]) ? 1 : strchr("CS", codes[i]) ? 2
                 : strchr("IF", codes[i]) ? 4 : 8;
        if (!have(&r, w)) {
            fail(&r, "the map's fields cut short");
            goto out;
        }
        r.p += w;
    }
    /* buckets and size, in block data (short or long form) */
    if (have(&r, 2) && r.p[0] == TC_BLOCKDATA) {
        block = r.p[1];
        r.p += 2;
    } else if (have(&r, 5) && r.p[0] == TC_BLOCKDATALONG) {
        block = be32(r.p + 1);
        r.p += 5;
    } else {
        fail(&r, "no block data after the map's fields");
        goto out;
    }
    if (block != 8 || !have(&r, 8)) {
        fail(&r, "block data of another length than the map's");
        goto out;
    }
    size = be32(r.p + 4);
    r.p += 8;
    if (size > INT32_MAX) {
        fail(&r, "a negative map size");
        goto out;
    }
    for (uint32_t i = 0; i < size; i++) {
        kc_jser_entry e;
        if (element(&r, &e.key, &e.key_len) != KC_OK ||
            element(&r, &e.value, &e.value_len) != KC_OK)
            goto out;
        if ((rc = fn(arg, &e)) != 0)
            goto out;
        rc = KC_EINVAL;
    }
    if (!have(&r, 1) || *r.p != TC_ENDBLOCKDATA) {
        fail(&r, "no end of the map");
        goto out;
    }
    r.p++;
    if (r.p != r.end) {
        fail(&r, "bytes after the map");
        goto out;
    }
    rc = KC_OK;
out:
    free(r.handles);
    return rc;
}

/* ===== Writing ===== */

static void
put_be32(kc_wbuf *out, uint32_t v)
{
    uint8_t *p = kc_wbuf_grow(out, 4);

    p[0] = (uint8_t) (v >> 24);
    p[1] = (uint8_t) (v >> 16);
    p[2] = (uint8_t) (v >> 8);
    p[3] = (uint8_t) v;
}

static void
put_utf(kc_wbuf *out, const char *s)
{
    size_t   n = strlen(s);
    uint8_t *p = kc_wbuf_grow(out, 2);

    p[0] = (uint8_t) (n >> 8);
    p[1] = (uint8_t) n;
    kc_wbuf_raw(out, s, n);
}

static void
put_byte(kc_wbuf *out, uint8_t b)
{
    kc_wbuf_raw(out, &b, 1);
}

/* A byte[] (or null); *bytes_class: the handle of byte[]'s class once written, else 0. */
static void
put_bytes(kc_wbuf *out, const uint8_t *b, size_t len, uint32_t *bytes_class, uint32_t *next)
{
    if (b == NULL) {
        put_byte(out, TC_NULL);
        return;
    }
    put_byte(out, TC_ARRAY);
    if (*bytes_class != 0) {
        put_byte(out, TC_REFERENCE);
        put_be32(out, *bytes_class);
    } else {
        put_byte(out, TC_CLASSDESC);
        put_utf(out, "[B");
        kc_wbuf_raw(out, bytes_uid, 8);
        put_byte(out, SC_SERIALIZABLE);
        kc_wbuf_raw(out, "\0\0", 2);                            /* no fields */
        put_byte(out, TC_ENDBLOCKDATA);
        put_byte(out, TC_NULL);
        *bytes_class = (*next)++;
    }
    (*next)++;                                                  /* the array */
    put_be32(out, (uint32_t) len);
    kc_wbuf_raw(out, b, len);
}

void
kc_jser_write_bytes_map(kc_wbuf *out, const kc_jser_entry *entries, size_t n)
{
    static const uint8_t head[] = { 0xAC, 0xED, 0x00, 0x05, TC_OBJECT, TC_CLASSDESC };
    static const uint8_t load_factor[4] = { 0x3F, 0x40, 0x00, 0x00 };     /* 0.75f */
    uint32_t             buckets = 16, threshold = 0;
    uint32_t             next = BASE_HANDLE + 2, bytes_class = 0;  /* after the map's two */

    /* new HashMap<>() then n puts: a table of 16 at the first, doubled past 3/4 full. */
    if (n > 0) {
        while (n > (size_t) buckets / 4 * 3)
            buckets *= 2;
        threshold = buckets / 4 * 3;
    }
    kc_wbuf_raw(out, head, sizeof(head));
    put_utf(out, "java.util.HashMap");
    kc_wbuf_raw(out, hashmap_uid, 8);
    put_byte(out, SC_SERIALIZABLE | SC_WRITE_METHOD);
    kc_wbuf_raw(out, "\0\2", 2);
    put_byte(out, 'F');
    put_utf(out, "loadFactor");
    put_byte(out, 'I');
    put_utf(out, "threshold");
    put_byte(out, TC_ENDBLOCKDATA);
    put_byte(out, TC_NULL);
    kc_wbuf_raw(out, load_factor, 4);
    put_be32(out, threshold);
    put_byte(out, TC_BLOCKDATA);
    put_byte(out, 8);
    put_be32(out, buckets);
    put_be32(out, (uint32_t) n);
    for (size_t i = 0; i < n; i++) {
        put_bytes(out, entries[i].key, entries[i].key_len, &bytes_class, &next);
        put_bytes(out, entries[i].value, entries[i].value_len, &bytes_class, &next);
    }
    put_byte(out, TC_ENDBLOCKDATA);
}
