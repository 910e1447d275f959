/*
 * lib/buf.c - see buf.h.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "lib/buf.h"

#include <stdlib.h>
#include <string.h>

#include "lib/common.h"

void
kc_wbuf_init(kc_wbuf *wb)
{
    memset(wb, 0, sizeof(*wb));
}

void
kc_wbuf_free(kc_wbuf *wb)
{
    free(wb->buf);
    memset(wb, 0, sizeof(*wb));
}

void kc_wbuf_reset(kc_wbuf *wb) { wb->len = 0; }

uint8_t *
kc_wbuf_grow(kc_wbuf *wb, size_t n)
{
    if (wb->len + n > wb->cap) {
        size_t cap = wb->cap ? wb->cap : 256;
        while (cap < wb->len + n)
            cap *= 2;
        wb->buf = kc_xrealloc(wb->buf, cap);
        wb->cap = cap;
    }
    wb->len += n;
    return wb->buf + wb->len - n;
}

void
kc_wbuf_raw(kc_wbuf *wb, const void *p, size_t n)
{
    if (n > 0)
        memcpy(kc_wbuf_grow(wb, n), p, n);
}
