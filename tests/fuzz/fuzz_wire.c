/*
 * tests/fuzz/fuzz_wire.c - libFuzzer target for Kafka's primitive encodings (lib/wire.c),
 * which every parser of a broker's or a member's bytes reads with. The input is a program
 * and its data in one stream: a byte picks a reader (its value modulo 15), which reads what
 * follows; then the next byte, and so on. Every read either fails having consumed nothing,
 * or consumes what it says and stays inside the input; what it read, written back with
 * lib/wire.c's writer and read again, is the same value (and, for the fixed-size and
 * INT16/INT32-length forms, the same bytes).
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "lib/common.h"
#include "lib/wire.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The bytes from..rb->p are what wb holds. */
static void
same_bytes(const kc_wbuf *wb, const uint8_t *from, const kc_rbuf *rb)
{
    KC_ASSERT(wb->len == (size_t) (rb->p - from));
    KC_ASSERT(wb->len == 0 || memcmp(wb->buf, from, wb->len) == 0);
}

static void
inside(const kc_rbuf *rb, const kc_slice *s)
{
    KC_ASSERT(s->len >= -1);
    if (s->len < 0) {
        KC_ASSERT(s->ptr == NULL);
    } else {
        KC_ASSERT(s->ptr >= rb->start && s->ptr + s->len <= rb->p);
    }
}

static void
same_slice(const kc_slice *a, const kc_slice *b)
{
    KC_ASSERT(a->len == b->len);
    KC_ASSERT(a->len <= 0 || memcmp(a->ptr, b->ptr, (size_t) a->len) == 0);
}

/* One read at rb: 0 if it succeeded, -1 if not. */
static int
one(kc_rbuf *rb, int op, kc_wbuf *wb)
{
    const uint8_t *from = rb->p;
    kc_rbuf        again;
    kc_slice       s, t;
    int64_t        i64;
    int32_t        i32, j32;
    uint32_t       u32, v32;
    int16_t        i16;
    int8_t         i8;
    int            rc = -1;

    kc_wbuf_reset(wb);
    switch (op) {
    case 0:
        if ((rc = kc_rbuf_i8(rb, &i8)) == 0) {
            kc_wbuf_i8(wb, i8);
            same_bytes(wb, from, rb);
        }
        break;
    case 1:
        if ((rc = kc_rbuf_i16(rb, &i16)) == 0) {
            kc_wbuf_i16(wb, i16);
            same_bytes(wb, from, rb);
        }
        break;
    case 2:
        if ((rc = kc_rbuf_i32(rb, &i32)) == 0) {
            kc_wbuf_i32(wb, i32);
            same_bytes(wb, from, rb);
        }
        break;
    case 3:
        if ((rc = kc_rbuf_i64(rb, &i64)) == 0) {
            kc_wbuf_i64(wb, i64);
            same_bytes(wb, from, rb);
        }
        break;
    case 4:
        if ((rc = kc_rbuf_uvarint(rb, &u32)) == 0) {
            KC_ASSERT(rb->p - from >= 1 && rb->p - from <= 5);
            kc_wbuf_uvarint(wb, u32);
            kc_rbuf_init(&again, wb->buf, wb->len);
            KC_ASSERT(kc_rbuf_uvarint(&again, &v32) == 0 && v32 == u32);
            KC_ASSERT(kc_rbuf_remaining(&again) == 0);
        }
        break;
    case 5:
        if ((rc = kc_rbuf_varint(rb, &i32)) == 0) {
            /* zig-zag: the unsigned varint it came from */
            kc_wbuf_uvarint(wb, ((uint32_t) i32 << 1) ^ (uint32_t) (i32 >> 31));
            kc_rbuf_init(&again, wb->buf, wb->len);
            KC_ASSERT(kc_rbuf_varint(&again, &j32) == 0 && j32 == i32);
        }
        break;
    case 6:
        if ((rc = kc_rbuf_varlong(rb, &i64)) == 0) {
            KC_ASSERT(rb->p - from >= 1 && rb->p - from <= 10);
        }
        break;
    case 7:
        if ((rc = kc_rbuf_string(rb, &s)) == 0) {
            inside(rb, &s);
            if (s.len < 0)
                kc_wbuf_string(wb, NULL);
            else
                kc_wbuf_string_n(wb, (const char *) s.ptr, (size_t) s.len);
            same_bytes(wb, from, rb);
        }
        break;
    case 8:
        if ((rc = kc_rbuf_bytes(rb, &s)) == 0) {
            inside(rb, &s);
            kc_wbuf_bytes(wb, s.ptr, s.len);
            same_bytes(wb, from, rb);
        }
        break;
    case 9:
    case 10:
        if ((rc = op == 9 ? kc_rbuf_compact_string(rb, &s) : kc_rbuf_compact_bytes(rb, &s)) == 0) {
            inside(rb, &s);
            kc_wbuf_compact_bytes(wb, s.ptr, s.len);
            kc_rbuf_init(&again, wb->buf, wb->len);
            KC_ASSERT(kc_rbuf_compact_bytes(&again, &t) == 0);
            same_slice(&s, &t);
        }
        break;
    case 11:
        if ((rc = kc_rbuf_array_len(rb, &i32)) == 0) {
            KC_ASSERT(i32 >= -1 && (i32 <= 0 || (size_t) i32 <= kc_rbuf_remaining(rb)));
            kc_wbuf_i32(wb, i32);
            same_bytes(wb, from, rb);
        }
        break;
    case 12:
        if ((rc = kc_rbuf_compact_array_len(rb, &i32)) == 0) {
            KC_ASSERT(i32 >= -1 && (i32 <= 0 || (size_t) i32 <= kc_rbuf_remaining(rb)));
            kc_wbuf_compact_array_len(wb, i32);     /* (the elements are not there) */
            kc_rbuf_init(&again, wb->buf, wb->len);
            KC_ASSERT(kc_rbuf_uvarint(&again, &v32) == 0 && v32 == (uint32_t) i32 + 1);
        }
        break;
    case 13:
        if (kc_rbuf_i8(rb, &i8) != 0)
            return -1;
        from = rb->p;
        if ((rc = kc_rbuf_skip(rb, (uint8_t) i8)) == 0)
            KC_ASSERT(rb->p - from == (uint8_t) i8);
        break;
    default:
        rc = kc_rbuf_skip_tags(rb);
        break;
    }
    if (rc != 0)
        KC_ASSERT(rb->p == from);           /* a failed read consumes nothing */
    KC_ASSERT(rb->p >= rb->start && rb->p <= rb->end);
    KC_ASSERT(kc_rbuf_offset(rb) + kc_rbuf_remaining(rb) == (size_t) (rb->end - rb->start));
    return rc;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    kc_rbuf rb;
    kc_wbuf wb;
    int8_t  op;

    kc_rbuf_init(&rb, data, size);
    kc_wbuf_init(&wb);
    while (kc_rbuf_i8(&rb, &op) == 0)
        if (one(&rb, (uint8_t) op % 15, &wb) != 0)
            break;
    kc_wbuf_free(&wb);
    return 0;
}
