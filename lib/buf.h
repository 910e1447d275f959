/*
 * lib/buf.h - a growing byte buffer: what a writer of bytes or text appends to.
 *
 * A kc_wbuf owns its bytes (buf, len of them used, cap allocated); kc_wbuf_grow appends n
 * bytes and returns where they start, for the caller to fill. Out of memory aborts, as every
 * allocation does (lib/common.h). lib/wire.h adds Kafka's encodings on top. A buffer
 * belongs to one thread at a time.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_BUF_H
#define KC_BUF_H

#include <stddef.h>
#include <stdint.h>

typedef struct kc_wbuf {
    uint8_t *buf;
    size_t   len, cap;
} kc_wbuf;

void kc_wbuf_init(kc_wbuf *wb);
void kc_wbuf_free(kc_wbuf *wb);
void kc_wbuf_reset(kc_wbuf *wb);
uint8_t *kc_wbuf_grow(kc_wbuf *wb, size_t n);
void kc_wbuf_raw(kc_wbuf *wb, const void *p, size_t n);

#endif
