/*
 * connectors/mirror/provenance.c - see provenance.h.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "connectors/mirror/provenance.h"

#include <string.h>

bool
kc_provenance_lists(const void *value, size_t len, const char *id)
{
    const char *p = value, *end = p + len;
    size_t      n = strlen(id);

    if (value == NULL || n == 0)
        return false;
    while (p < end) {
        const char *comma = memchr(p, ',', (size_t) (end - p));
        const char *stop = comma ? comma : end;

        if ((size_t) (stop - p) == n && memcmp(p, id, n) == 0)
            return true;
        p = stop + 1;
    }
    return false;
}

/* Appends id to the list that starts at out->buf[start], with a comma unless it is empty
 * or already ends in one. */
static void
append_id(kc_wbuf *out, size_t start, const char *id)
{
    if (out->len > start && out->buf[out->len - 1] != ',')
        kc_wbuf_raw(out, ",", 1);
    kc_wbuf_raw(out, id, strlen(id));
}

void
kc_provenance_extend(kc_wbuf *out, const void *old, size_t oldlen, const char *source,
                     const char *target)
{
    size_t start = out->len;

    if (old != NULL && oldlen > 0)
        kc_wbuf_raw(out, old, oldlen);
    if (!kc_provenance_lists(old, old != NULL ? oldlen : 0, source))
        append_id(out, start, source);
    append_id(out, start, target);
}
