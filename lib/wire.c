/*
 * lib/wire.c - see wire.h.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "lib/wire.h"

#include <stdlib.h>
#include <string.h>

#include "lib/common.h"

void
kc_rbuf_init(kc_rbuf *rb, const void *data, size_t len)
{
    static const uint8_t none[1];

    /* An empty kc_wbuf has no buffer yet: reading nothing from NULL reads from here, as
     * NULL + 0 is not a pointer C allows. */
    if (data == NULL)
        data = none;
    rb->start = rb->p = data;
    rb->end = rb->start + len;
}

size_t kc_rbuf_remaining(const kc_rbuf *rb) { return (size_t) (rb->end - rb->p); }
size_t kc_rbuf_offset(const kc_rbuf *rb) { return (size_t) (rb->p - rb->start); }

int
kc_rbuf_skip(kc_rbuf *rb, size_t n)
{
    if (kc_rbuf_remaining(rb) < n)
        return -1;
    rb->p += n;
    return 0;
}

int
kc_rbuf_i8(kc_rbuf *rb, int8_t *v)
{
    if (kc_rbuf_remaining(rb) < 1)
        return -1;
    *v = (int8_t) *rb->p++;
    return 0;
}

int
kc_rbuf_i16(kc_rbuf *rb, int16_t *v)
{
    if (kc_rbuf_remaining(rb) < 2)
        return -1;
    *v = (int16_t) kc_be16(rb->p);
    rb->p += 2;
    return 0;
}

int
kc_rbuf_i32(kc_rbuf *rb, int32_t *v)
{
    if (kc_rbuf_remaining(rb) < 4)
        return -1;
    *v = (int32_t) kc_be32(rb->p);
    rb->p += 4;
    return 0;
}

int
kc_rbuf_i64(kc_rbuf *rb, int64_t *v)
{
    if (kc_rbuf_remaining(rb) < 8)
        return -1;
    *v = (int64_t) (((uint64_t) kc_be32(rb->p) << 32) | kc_be32(rb->p + 4));
    rb->p += 8;
    return 0;
}

static int
read_uvarint64(kc_rbuf *rb, uint64_t *v, int max_bytes)
{
    const uint8_t *p = rb->p;
    uint64_t       x = 0;

    for (int shift = 0, i = 0; i < max_bytes; i++, shift += 7) {
        if (p == rb->end)
            return -1;
        x |= (uint64_t) (*p & 0x7f) << shift;
        if ((*p++ & 0x80) == 0) {
            rb->p = p;
            *v = x;
            return 0;
        }
    }
    return -1;                                  /* too long */
}

int
kc_rbuf_uvarint(kc_rbuf *rb, uint32_t *v)
{
    const uint8_t *rewind = rb->p;
    uint64_t       x;

    if (read_uvarint64(rb, &x, 5) != 0)
        return -1;
    if (x > UINT32_MAX) {                       /* 5 bytes of 7 bits hold up to 35 */
        rb->p = rewind;
        return -1;
    }
    *v = (uint32_t) x;
    return 0;
}

int
kc_rbuf_varint(kc_rbuf *rb, int32_t *v)
{
    uint32_t u;

    if (kc_rbuf_uvarint(rb, &u) != 0)
        return -1;
    *v = (int32_t) ((u >> 1) ^ (~(u & 1) + 1));
    return 0;
}

int
kc_rbuf_varlong(kc_rbuf *rb, int64_t *v)
{
    uint64_t u;

    if (read_uvarint64(rb, &u, 10) != 0)
        return -1;
    *v = (int64_t) ((u >> 1) ^ (~(u & 1) + 1));
    return 0;
}

static int
read_slice(kc_rbuf *rb, int64_t len, kc_slice *s, const uint8_t *rewind)
{
    if (len < -1 || len > INT32_MAX || (len >= 0 && kc_rbuf_remaining(rb) < (size_t) len)) {
        rb->p = rewind;
        return -1;
    }
    s->len = (int32_t) len;
    s->ptr = len >= 0 ? rb->p : NULL;
    if (len > 0)
        rb->p += len;
    return 0;
}

int
kc_rbuf_string(kc_rbuf *rb, kc_slice *s)
{
    const uint8_t *rewind = rb->p;
    int16_t        n;

    if (kc_rbuf_i16(rb, &n) != 0)
        return -1;
    return read_slice(rb, n, s, rewind);
}

int
kc_rbuf_bytes(kc_rbuf *rb, kc_slice *s)
{
    const uint8_t *rewind = rb->p;
    int32_t        n;

    if (kc_rbuf_i32(rb, &n) != 0)
        return -1;
    return read_slice(rb, n, s, rewind);
}

int
kc_rbuf_compact_string(kc_rbuf *rb, kc_slice *s)
{
    const uint8_t *rewind = rb->p;
    uint32_t       n;

    if (kc_rbuf_uvarint(rb, &n) != 0)
        return -1;
    return read_slice(rb, (int64_t) n - 1, s, rewind);
}

int
kc_rbuf_compact_bytes(kc_rbuf *rb, kc_slice *s)
{
    return kc_rbuf_compact_string(rb, s);
}

int
kc_rbuf_array_len(kc_rbuf *rb, int32_t *n)
{
    const uint8_t *rewind = rb->p;

    if (kc_rbuf_i32(rb, n) != 0)
        return -1;
    /* Every element takes at least one byte: a count beyond what is left is malformed,
     * and refusing it here keeps a parser from allocating for it. */
    if (*n < -1 || (*n > 0 && (size_t) *n > kc_rbuf_remaining(rb))) {
        rb->p = rewind;
        return -1;
    }
    return 0;
}

int
kc_rbuf_compact_array_len(kc_rbuf *rb, int32_t *n)
{
    const uint8_t *rewind = rb->p;
    uint32_t       u;

    if (kc_rbuf_uvarint(rb, &u) != 0)
        return -1;
    if (u > 0 && (size_t) (u - 1) > kc_rbuf_remaining(rb)) {
        rb->p = rewind;
        return -1;
    }
    *n = (int32_t) u - 1;
    return 0;
}

int
kc_rbuf_skip_tags(kc_rbuf *rb)
{
    const uint8_t *rewind = rb->p;
    uint32_t       count, tag, size;

    if (kc_rbuf_uvarint(rb, &count) != 0)
        return -1;
    while (count-- > 0) {
        if (kc_rbuf_uvarint(rb, &tag) != 0 || kc_rbuf_uvarint(rb, &size) != 0 ||
            kc_rbuf_skip(rb, size) != 0) {
            rb->p = rewind;
            return -1;
        }
    }
    return 0;
}

/* ===== Writer ===== */

void kc_wbuf_i8(kc_wbuf *wb, int8_t v) { *kc_wbuf_grow(wb, 1) = (uint8_t) v; }

void
kc_wbuf_i16(kc_wbuf *wb, int16_t v)
{
    uint8_t *p = kc_wbuf_grow(wb, 2);

    p[0] = (uint8_t) ((uint16_t) v >> 8);
    p[1] = (uint8_t) v;
}

void
kc_wbuf_i32(kc_wbuf *wb, int32_t v)
{
    uint8_t *p = kc_wbuf_grow(wb, 4);
    uint32_t u = (uint32_t) v;

    p[0] = (uint8_t) (u >> 24);
    p[1] = (uint8_t) (u >> 16);
    p[2] = (uint8_t) (u >> 8);
    p[3] = (uint8_t) u;
}

void
kc_wbuf_i64(kc_wbuf *wb, int64_t v)
{
    kc_wbuf_i32(wb, (int32_t) ((uint64_t) v >> 32));
    kc_wbuf_i32(wb, (int32_t) (uint32_t) v);
}

void
kc_wbuf_uvarint(kc_wbuf *wb, uint32_t v)
{
    while (v >= 0x80) {
        kc_wbuf_i8(wb, (int8_t) ((v & 0x7f) | 0x80));
        v >>= 7;
    }
    kc_wbuf_i8(wb, (int8_t) v);
}

void
kc_wbuf_string_n(kc_wbuf *wb, const char *s, size_t n)
{
    KC_ASSERT(n <= INT16_MAX);
    kc_wbuf_i16(wb, (int16_t) n);
    kc_wbuf_raw(wb, s, n);
}

void
kc_wbuf_string(kc_wbuf *wb, const char *s)
{
    if (s == NULL)
        kc_wbuf_i16(wb, -1);
    else
        kc_wbuf_string_n(wb, s, strlen(s));
}

void
kc_wbuf_bytes(kc_wbuf *wb, const void *p, int32_t n)
{
    kc_wbuf_i32(wb, n);
    if (n > 0)
        kc_wbuf_raw(wb, p, (size_t) n);
}

void
kc_wbuf_compact_bytes(kc_wbuf *wb, const void *p, int32_t n)
{
    kc_wbuf_uvarint(wb, (uint32_t) (n + 1));
    if (n > 0)
        kc_wbuf_raw(wb, p, (size_t) n);
}

void
kc_wbuf_compact_string(kc_wbuf *wb, const char *s)
{
    kc_wbuf_compact_bytes(wb, s, s ? (int32_t) strlen(s) : -1);
}

void kc_wbuf_compact_array_len(kc_wbuf *wb, int32_t n) { kc_wbuf_uvarint(wb, (uint32_t) (n + 1)); }
void kc_wbuf_empty_tags(kc_wbuf *wb) { kc_wbuf_uvarint(wb, 0); }

void
kc_wbuf_put_i32_at(kc_wbuf *wb, size_t off, int32_t v)
{
    uint32_t u = (uint32_t) v;

    KC_ASSERT(off + 4 <= wb->len);
    wb->buf[off] = (uint8_t) (u >> 24);
    wb->buf[off + 1] = (uint8_t) (u >> 16);
    wb->buf[off + 2] = (uint8_t) (u >> 8);
    wb->buf[off + 3] = (uint8_t) u;
}
