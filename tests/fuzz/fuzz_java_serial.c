/*
 * tests/fuzz/fuzz_java_serial.c - libFuzzer target for the reader of Java's serialized
 * HashMap<byte[],byte[]> (a standalone worker's offset.storage.file.filename: a file any
 * Java worker, or anyone, may have written). A map that reads is written back and must
 * read again to the same entries.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/java_serial.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct {
    kc_jser_entry *e;
    size_t         n, cap;
} entries;

static int
keep(void *arg, const kc_jser_entry *e)
{
    entries *l = arg;

    if (l->n == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 8;
        l->e = kc_xrealloc(l->e, l->cap * sizeof(*l->e));
    }
    l->e[l->n++] = *e;
    return 0;
}

static int
same(const uint8_t *a, size_t alen, const uint8_t *b, size_t blen)
{
    return (a == NULL) == (b == NULL) && alen == blen && (alen == 0 || memcmp(a, b, alen) == 0);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    entries first = { 0 }, again = { 0 };
    kc_wbuf out;
    kc_err  err;

    if (kc_jser_read_bytes_map(data, size, keep, &first, &err) == KC_OK) {
        kc_wbuf_init(&out);
        kc_jser_write_bytes_map(&out, first.e, first.n);
        if (kc_jser_read_bytes_map(out.buf, out.len, keep, &again, &err) != KC_OK ||
            again.n != first.n)
            abort();
        for (size_t i = 0; i < first.n; i++)
            if (!same(first.e[i].key, first.e[i].key_len, again.e[i].key, again.e[i].key_len) ||
                !same(first.e[i].value, first.e[i].value_len, again.e[i].value,
                      again.e[i].value_len))
                abort();
        kc_wbuf_free(&out);
    }
    free(first.e);
    free(again.e);
    return 0;
}
