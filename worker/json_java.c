/*
 * worker/json_java.c - see json_java.h.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "worker/json_java.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "protocol/wire.h"
#include "worker/common.h"

void
kc_java_double(char *buf, size_t size, double x)
{
    char digits[64], *e;
    int  prec, exp10;

    if (isnan(x)) { snprintf(buf, size, "NaN"); return; }
    if (isinf(x)) { snprintf(buf, size, x > 0 ? "Infinity" : "-Infinity"); return; }
    if (x == 0) { snprintf(buf, size, signbit(x) ? "-0.0" : "0.0"); return; }
    if (fabs(x) >= 1e-3 && fabs(x) < 1e7) {
        /* Shortest fixed notation that reads back as x, at least one decimal. */
        for (prec = 1; prec <= 17; prec++) {
            snprintf(buf, size, "%.*f", prec, x);
            if (strtod(buf, NULL) == x)
                break;
        }
        while (strlen(buf) > 2 && buf[strlen(buf) - 1] == '0' && buf[strlen(buf) - 2] != '.')
            buf[strlen(buf) - 1] = '\0';
        return;
    }
    for (prec = 0; prec <= 16; prec++) {
        snprintf(digits, sizeof(digits), "%.*e", prec, x);
        if (strtod(digits, NULL) == x)
            break;
    }
    e = strchr(digits, 'e');
    exp10 = atoi(e + 1);
    *e = '\0';
    snprintf(buf, size, "%s%sE%d", digits, strchr(digits, '.') ? "" : ".0", exp10);
}

static void
put_string(kc_wbuf *out, const char *s, size_t n)
{
    static const char hex[] = "0123456789ABCDEF";

    kc_wbuf_raw(out, "\"", 1);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char) s[i];
        const char   *esc = NULL;
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
        } else if (c >= 0xF0 && i + 3 < n && (s[i + 1] & 0xC0) == 0x80 &&
                   (s[i + 2] & 0xC0) == 0x80 && (s[i + 3] & 0xC0) == 0x80) {
            /* Outside the BMP: Jackson writes the UTF-16 surrogate pair as escapes. */
            unsigned cp = ((c & 0x07u) << 18) | (((unsigned char) s[i + 1] & 0x3Fu) << 12) |
                          (((unsigned char) s[i + 2] & 0x3Fu) << 6) |
                          ((unsigned char) s[i + 3] & 0x3Fu);
            unsigned hi = 0xD800 + ((cp - 0x10000) >> 10), lo = 0xDC00 + ((cp - 0x10000) & 0x3FF);
            char     u[12] = { '\\', 'u', hex[hi >> 12], hex[(hi >> 8) & 15], hex[(hi >> 4) & 15],
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

static void
put_value(kc_wbuf *out, const json_t *v)
{
    char        num[64];
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
            put_string(out, key, strlen(key));
            kc_wbuf_raw(out, ":", 1);
            put_value(out, item);
        }
        kc_wbuf_raw(out, "}", 1);
        break;
    case JSON_ARRAY:
        kc_wbuf_raw(out, "[", 1);
        json_array_foreach(v, i, item) {
            if (i > 0)
                kc_wbuf_raw(out, ",", 1);
            put_value(out, item);
        }
        kc_wbuf_raw(out, "]", 1);
        break;
    case JSON_STRING:
        put_string(out, json_string_value(v), json_string_length(v));
        break;
    case JSON_INTEGER:
        snprintf(num, sizeof(num), "%" JSON_INTEGER_FORMAT, json_integer_value(v));
        kc_wbuf_raw(out, num, strlen(num));
        break;
    case JSON_REAL:
        kc_java_double(num, sizeof(num), json_real_value(v));
        kc_wbuf_raw(out, num, strlen(num));
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

char *
kc_json_java_dumps(const json_t *v, size_t *len)
{
    kc_wbuf out;

    kc_wbuf_init(&out);
    put_value(&out, v);
    kc_wbuf_raw(&out, "", 1);                 /* NUL, not counted */
    if (len != NULL)
        *len = out.len - 1;
    return (char *) out.buf;
}
