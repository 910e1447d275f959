/*
 * lib/wire.h - Kafka's primitive encodings: a bounded reader and a growing writer.
 *
 * Big-endian integers, INT16-length STRING (-1 = null), INT32-length BYTES (-1 = null),
 * INT32-count ARRAY (-1 = null), and the "compact" forms of flexible versions (unsigned
 * varint length + 1, 0 = null) with tagged fields.
 *
 * A kc_rbuf never reads past its end: every read checks and returns -1 when the input is
 * short, so parsers can `goto err_parse` (see the KC_READ_* macros). Slices point into the
 * buffer being read; they are valid as long as it is. A kc_wbuf (lib/buf.h) owns its bytes.
 * No state is shared: any thread may use its own buffers.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_WIRE_H
#define KC_WIRE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/buf.h"

typedef struct kc_slice {
    const uint8_t *ptr;
    int32_t        len;      /* -1: null */
} kc_slice;

typedef struct kc_rbuf {
    const uint8_t *start, *p, *end;
} kc_rbuf;

void kc_rbuf_init(kc_rbuf *rb, const void *data, size_t len);   /* data NULL: len is 0 */
size_t kc_rbuf_remaining(const kc_rbuf *rb);
size_t kc_rbuf_offset(const kc_rbuf *rb);

/* Each returns 0, or -1 (nothing consumed) if the input is too short or malformed. */
int kc_rbuf_i8(kc_rbuf *rb, int8_t *v);
int kc_rbuf_i16(kc_rbuf *rb, int16_t *v);
int kc_rbuf_i32(kc_rbuf *rb, int32_t *v);
int kc_rbuf_i64(kc_rbuf *rb, int64_t *v);
int kc_rbuf_uvarint(kc_rbuf *rb, uint32_t *v);
int kc_rbuf_varint(kc_rbuf *rb, int32_t *v);            /* zig-zag */
int kc_rbuf_varlong(kc_rbuf *rb, int64_t *v);           /* zig-zag */
int kc_rbuf_string(kc_rbuf *rb, kc_slice *s);           /* INT16 length, -1 null */
int kc_rbuf_bytes(kc_rbuf *rb, kc_slice *s);            /* INT32 length, -1 null */
int kc_rbuf_compact_string(kc_rbuf *rb, kc_slice *s);   /* uvarint length+1, 0 null */
int kc_rbuf_compact_bytes(kc_rbuf *rb, kc_slice *s);
int kc_rbuf_array_len(kc_rbuf *rb, int32_t *n);         /* INT32, -1 null */
int kc_rbuf_compact_array_len(kc_rbuf *rb, int32_t *n); /* uvarint n+1, 0 -> -1 (null) */
int kc_rbuf_skip(kc_rbuf *rb, size_t n);
int kc_rbuf_skip_tags(kc_rbuf *rb);                     /* a tagged-field section */

/* Parsers read with these and keep one `err_parse:` label. */
#define KC_READ(fn, rb, dst) do { if (kc_rbuf_##fn((rb), (dst)) != 0) goto err_parse; } while (0)

/* kc_wbuf, its growth and raw bytes: lib/buf.h. */
void kc_wbuf_i8(kc_wbuf *wb, int8_t v);
void kc_wbuf_i16(kc_wbuf *wb, int16_t v);
void kc_wbuf_i32(kc_wbuf *wb, int32_t v);
void kc_wbuf_i64(kc_wbuf *wb, int64_t v);
void kc_wbuf_uvarint(kc_wbuf *wb, uint32_t v);
void kc_wbuf_string(kc_wbuf *wb, const char *s);         /* NULL -> null (-1) */
void kc_wbuf_string_n(kc_wbuf *wb, const char *s, size_t n);
void kc_wbuf_bytes(kc_wbuf *wb, const void *p, int32_t n); /* n == -1 -> null */
void kc_wbuf_compact_string(kc_wbuf *wb, const char *s);
void kc_wbuf_compact_bytes(kc_wbuf *wb, const void *p, int32_t n);
void kc_wbuf_compact_array_len(kc_wbuf *wb, int32_t n);  /* -1 -> null */
void kc_wbuf_empty_tags(kc_wbuf *wb);
void kc_wbuf_put_i32_at(kc_wbuf *wb, size_t off, int32_t v);

/* Big-endian helpers. */
static inline uint16_t kc_be16(const uint8_t *p) { return (uint16_t) ((p[0] << 8) | p[1]); }
static inline uint32_t kc_be32(const uint8_t *p)
{
    return ((uint32_t) p[0] << 24) | ((uint32_t) p[1] << 16) | ((uint32_t) p[2] << 8) | p[3];
}

#endif
