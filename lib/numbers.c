/*
 * lib/numbers.c - see numbers.h.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "lib/numbers.h"

#include <ctype.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <stdio.h>
#include "lib/common.h"

const kc_big_decimal kc_big_decimal_zero = { false, "0", 0, "0" };

int
kc_big_decimal_parse(const char *s, kc_big_decimal *out)
{
    const char *p = s;
    size_t      ndigits = 0, nfrac = 0;
    int64_t     exp = 0, scale;
    bool        neg = false, dot = false;
    char       *digits;

    memset(out, 0, sizeof(*out));
    if (*p == '+' || *p == '-')
        neg = *p++ == '-';
    digits = kc_xcalloc(strlen(s) + 1, 1);
    for (; *p != '\0' && *p != 'e' && *p != 'E'; p++) {
        if (*p == '.' && !dot) {
            dot = true;
        } else if (isdigit((unsigned char) *p)) {
            digits[ndigits++] = *p;
            nfrac += dot;
        } else {
            goto bad;
        }
    }
    if (ndigits == 0)
        goto bad;
    if (*p != '\0') {
        bool eneg = false;
        size_t n = 0;
        p++;
        if (*p == '+' || *p == '-')
            eneg = *p++ == '-';
        for (; isdigit((unsigned char) *p); p++, n++)
            if (exp < 10000000000LL)
                exp = exp * 10 + (*p - '0');
        if (n == 0 || *p != '\0' || exp > INT32_MAX)
            goto bad;
        if (eneg)
            exp = -exp;
    }
    scale = (int64_t) nfrac - exp;
    if (scale > INT32_MAX || scale < INT32_MIN)
        goto bad;
    out->negative = neg;
    out->digits = digits;
    out->scale = (int32_t) scale;
    out->text = kc_xstrdup(s);
    return 0;
bad:
    free(digits);
    return -1;
}

void
kc_big_decimal_free(kc_big_decimal *d)
{
    free(d->digits);
    free(d->text);
    memset(d, 0, sizeof(*d));
}

int64_t
kc_big_decimal_long(const kc_big_decimal *d)
{
    size_t   n = strlen(d->digits), keep = n;
    uint64_t v = 0;

    if (d->scale > 0)
        keep = (size_t) d->scale >= n ? 0 : n - (size_t) d->scale;
    for (size_t i = 0; i < keep; i++)
        v = v * 10 + (uint64_t) (d->digits[i] - '0');
    /* Trailing zeros of a negative scale: 10^64 is 0 modulo 2^64. */
    for (int64_t z = 0; d->scale < 0 && z < -(int64_t) d->scale && z < 64; z++)
        v *= 10;
    if (d->negative)
        v = ~v + 1;
    return (int64_t) v;
}

double
kc_big_decimal_double(const kc_big_decimal *d)
{
    double x = strtod(d->text, NULL);

    return x == 0 ? 0.0 : x;                  /* a BigDecimal has no negative zero */
}

int
kc_data_decimal_json(const json_t *schema, const kc_big_decimal *d, json_t **out, char *err,
                   size_t errlen)
{
    const char *scale = json_string_value(json_object_get(json_object_get(schema, "parameters"),
                                                          "scale"));
    size_t      n = strlen(d->digits), len = 1;
    uint8_t    *mag;
    char       *b64;
    bool        zero = true;

    *out = NULL;
    if (scale == NULL || atol(scale) != d->scale) {
        snprintf(err, errlen, "Decimal value has mismatching scale for given Decimal schema. "
                 "Schema has scale %s, value has scale %d.", scale ? scale : "null", d->scale);
        return -1;
    }
    /* The magnitude, big-endian, one spare byte for the sign. */
    mag = kc_xcalloc(n / 2 + 2, 1);
    for (size_t i = 0; i < n; i++) {
        unsigned carry = (unsigned) (d->digits[i] - '0');
        for (size_t k = len; k-- > 0;) {
            unsigned x = mag[k] * 10u + carry;
            mag[k] = (uint8_t) x;
            carry = x >> 8;
        }
        if (carry != 0) {
            memmove(mag + 1, mag, len);
            mag[0] = (uint8_t) carry;
            len++;
        }
    }
    for (size_t i = 0; i < len; i++)
        zero = zero && mag[i] == 0;
    if (d->negative && !zero) {
        unsigned carry = 1;
        for (size_t k = len; k-- > 0;) {
            unsigned x = (uint8_t) ~mag[k] + carry;
            mag[k] = (uint8_t) x;
            carry = x >> 8;
        }
    }
    /* BigInteger.toByteArray: the fewest bytes that keep the sign bit. */
    {
        bool    negative = d->negative && !zero;
        uint8_t fill = negative ? 0xFF : 0x00;
        size_t  start = 0;
        if ((mag[0] & 0x80) != (negative ? 0x80 : 0)) {
            memmove(mag + 1, mag, len);
            mag[0] = fill;
            len++;
        }
        while (start + 1 < len && mag[start] == fill &&
               (mag[start + 1] & 0x80) == (fill & 0x80))
            start++;
        b64 = kc_base64_encode(mag + start, len - start);
    }
    *out = json_string(b64);
    free(b64);
    free(mag);
    return 0;
}

json_t *
kc_data_float_json(float f)
{
    char buf[64];

    kc_java_float(buf, sizeof(buf), f);
    if (strcmp(buf, "NaN") == 0 || strstr(buf, "Infinity") != NULL)
        return json_real((double) f);
    return json_real(strtod(buf, NULL));
}

/* ===== Reading numbers as Java reads them ===== */

json_t *
kc_decimal_payload(const json_t *schema, const kc_big_decimal *d)
{
    json_t *out;
    char    why[256], *text;

    if (kc_data_decimal_json(schema, d, &out, why, sizeof(why)) == 0)
        return out;
    text = kc_big_decimal_string(d);
    out = json_pack("s+", "~", text);
    free(text);
    return out;
}

bool
kc_decimal_payload_kept(const json_t *payload)
{
    const char *text = json_string_value(payload);

    return text != NULL && text[0] == '~';
}

int
kc_big_decimal_from_json(const json_t *schema, const json_t *payload, kc_big_decimal *out)
{
    const char *scale = json_string_value(json_object_get(json_object_get(schema, "parameters"),
                                                          "scale"));
    const char *text = json_string_value(payload);
    uint8_t    *bytes = NULL;
    size_t      n = 0, ndigits = 1;
    char       *digits, *end;
    long        sc;

    memset(out, 0, sizeof(*out));
    if (kc_decimal_payload_kept(payload))        /* a BigDecimal of a scale of its own */
        return kc_big_decimal_parse(text + 1, out);
    if (scale == NULL || text == NULL)
        return -1;
    sc = strtol(scale, &end, 10);
    if (*end != '\0' || end == scale || sc > INT32_MAX || sc < INT32_MIN ||
        kc_base64_decode(text, strlen(text), &bytes, &n) != 0)
        return -1;
    out->negative = n > 0 && (bytes[0] & 0x80) != 0;
    if (out->negative) {                          /* the magnitude: two's complement negated */
        unsigned carry = 1;
        for (size_t k = n; k-- > 0;) {
            unsigned x = (uint8_t) ~bytes[k] + carry;
            bytes[k] = (uint8_t) x;
            carry = x >> 8;
        }
    }
    /* Base 256 to base 10, least significant digit first. */
    digits = kc_xcalloc(n * 3 + 2, 1);
    for (size_t i = 0; i < n; i++) {
        unsigned carry = bytes[i];
        for (size_t k = 0; k < ndigits; k++) {
            unsigned x = (unsigned) digits[k] * 256u + carry;
            digits[k] = (char) (x % 10);
            carry = x / 10;
        }
        while (carry != 0) {
            digits[ndigits++] = (char) (carry % 10);
            carry /= 10;
        }
    }
    while (ndigits > 1 && digits[ndigits - 1] == 0)
        ndigits--;
    for (size_t i = 0; i < ndigits / 2; i++) {
        char t = digits[i];
        digits[i] = digits[ndigits - 1 - i];
        digits[ndigits - 1 - i] = t;
    }
    for (size_t i = 0; i < ndigits; i++)
        digits[i] = (char) (digits[i] + '0');
    digits[ndigits] = '\0';
    free(bytes);
    if (strcmp(digits, "0") == 0)
        out->negative = false;
    out->digits = digits;
    out->scale = (int32_t) sc;
    out->text = kc_big_decimal_string(out);
    return 0;
}

char *
kc_decimal_payload_string(const json_t *schema, const json_t *payload)
{
    kc_big_decimal d;
    char          *text;

    if (kc_big_decimal_from_json(schema, payload, &d) != 0)
        return NULL;
    text = kc_big_decimal_string(&d);
    kc_big_decimal_free(&d);
    return text;
}

char *
kc_big_decimal_string(const kc_big_decimal *d)
{
    const char *digits = d->digits;
    size_t      n, at = 0;
    int64_t     adjusted;
    char       *s;

    while (digits[0] == '0' && digits[1] != '\0')    /* the unscaled value's digits */
        digits++;
    n = strlen(digits);
    adjusted = -(int64_t) d->scale + (int64_t) n - 1;
    /* Plain text has at most 7 zeros before the digits (the exponent is -6 or more). */
    s = kc_xmalloc(n + 48);

    if (d->negative)
        s[at++] = '-';
    if (d->scale == 0) {
        memcpy(s + at, digits, n);
        at += n;
    } else if (d->scale > 0 && adjusted >= -6) {
        size_t sc = (size_t) d->scale;
        if (n > sc) {
            memcpy(s + at, digits, n - sc);
            at += n - sc;
            s[at++] = '.';
            memcpy(s + at, digits + n - sc, sc);
            at += sc;
        } else {
            s[at++] = '0';
            s[at++] = '.';
            for (size_t i = n; i < sc; i++)
                s[at++] = '0';
            memcpy(s + at, digits, n);
            at += n;
        }
    } else {
        s[at++] = digits[0];
        if (n > 1) {
            s[at++] = '.';
            memcpy(s + at, digits + 1, n - 1);
            at += n - 1;
        }
        if (adjusted != 0)
            at += (size_t) snprintf(s + at, 32, "E%s%lld", adjusted > 0 ? "+" : "",
                                    (long long) adjusted);
    }
    s[at] = '\0';
    return s;
}

float
kc_big_decimal_float(const kc_big_decimal *d)
{
    float x = strtof(d->text, NULL);

    return x == 0 ? 0.0f : x;
}

int
kc_java_digit(uint32_t c)
{
    /* The zeros of the Unicode decimal digit runs below U+10000 (Character.isDigit). */
    static const uint32_t zeros[] = {
        0x30, 0x660, 0x6f0, 0x7c0, 0x966, 0x9e6, 0xa66, 0xae6, 0xb66, 0xbe6, 0xc66, 0xce6,
        0xd66, 0xde6, 0xe50, 0xed0, 0xf20, 0x1040, 0x1090, 0x17e0, 0x1810, 0x1946, 0x19d0,
        0x1a80, 0x1a90, 0x1b50, 0x1bb0, 0x1c40, 0x1c50, 0xa620, 0xa8d0, 0xa900, 0xa9d0,
        0xa9f0, 0xaa50, 0xabf0, 0xff10,
    };

    for (size_t i = 0; i < sizeof(zeros) / sizeof(zeros[0]); i++)
        if (c >= zeros[i] && c <= zeros[i] + 9)
            return (int) (c - zeros[i]);
    return -1;
}

/* One code point of UTF-8 text at *p (advanced); 0x110000 for a code point beyond U+FFFF,
 * which Java sees as two surrogates, neither a digit. */
static uint32_t
next_unit(const unsigned char **p)
{
    const unsigned char *s = *p;
    uint32_t             c;

    if (s[0] < 0x80) {
        c = s[0];
        *p += 1;
    } else if (s[0] < 0xe0 && s[1] != '\0') {
        c = ((uint32_t) (s[0] & 0x1f) << 6) | (s[1] & 0x3f);
        *p += 2;
    } else if (s[0] < 0xf0 && s[1] != '\0' && s[2] != '\0') {
        c = ((uint32_t) (s[0] & 0x0f) << 12) | ((uint32_t) (s[1] & 0x3f) << 6) | (s[2] & 0x3f);
        *p += 3;
    } else {
        c = 0x110000;
        while (*++s != '\0' && (*s & 0xc0) == 0x80)
            ;
        *p = s;
    }
    return c;
}

int
kc_java_parse_long(const char *s, int64_t min, int64_t max, int64_t *out)
{
    const unsigned char *p = (const unsigned char *) s;
    bool                 neg = false;
    uint64_t             v = 0, limit;

    if (*p == '-' || *p == '+') {
        neg = *p++ == '-';
        if (*p == '\0')
            return -1;
    }
    if (*p == '\0')
        return -1;
    limit = neg ? (uint64_t) INT64_MAX + 1 : (uint64_t) INT64_MAX;
    while (*p != '\0') {
        int d = kc_java_digit(next_unit(&p));
        if (d < 0 || v > (limit - (uint64_t) d) / 10)
            return -1;
        v = v * 10 + (uint64_t) d;
    }
    *out = neg ? (int64_t) (0 - v) : (int64_t) v;
    return *out < min || *out > max ? -1 : 0;
}

/* s trimmed and checked against FloatingDecimal's grammar; buf (strlen(s) + 1 bytes) gets
 * what strtod reads the same (the suffix dropped). 0 or -1. */
static int
java_float_text(const char *s, char *buf)
{
    const char *b = s, *e = s + strlen(s), *p;
    size_t      n;

    while (b < e && (unsigned char) *b <= ' ')
        b++;
    while (e > b && (unsigned char) e[-1] <= ' ')
        e--;
    n = (size_t) (e - b);
    if (n == 0)
        return -1;
    memcpy(buf, b, n);
    buf[n] = '\0';
    p = buf + (buf[0] == '+' || buf[0] == '-');
    if (strcmp(p, "NaN") == 0 || strcmp(p, "Infinity") == 0)
        return 0;
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
        const char *q = p + 2;
        size_t      mant = 0;
        for (; isxdigit((unsigned char) *q); q++)
            mant++;
        if (*q == '.')
            for (q++; isxdigit((unsigned char) *q); q++)
                mant++;
        if (mant == 0 || (*q != 'p' && *q != 'P'))
            return -1;
        q++;
        if (*q == '+' || *q == '-')
            q++;
        if (!isdigit((unsigned char) *q))
            return -1;
        while (isdigit((unsigned char) *q))
            q++;
        p = q;
    } else {
        size_t mant = 0;
        for (; isdigit((unsigned char) *p); p++)
            mant++;
        if (*p == '.')
            for (p++; isdigit((unsigned char) *p); p++)
                mant++;
        if (mant == 0)
            return -1;
        if (*p == 'e' || *p == 'E') {
            p++;
            if (*p == '+' || *p == '-')
                p++;
            if (!isdigit((unsigned char) *p))
                return -1;
            while (isdigit((unsigned char) *p))
                p++;
        }
    }
    if (*p == 'f' || *p == 'F' || *p == 'd' || *p == 'D')
        buf[p++ - buf] = '\0';
    return *p == '\0' ? 0 : -1;
}

int
kc_java_parse_double(const char *s, double *out)
{
    char *buf = kc_xmalloc(strlen(s) + 1);
    int   rc = java_float_text(s, buf);

    if (rc == 0)
        *out = strtod(buf, NULL);
    free(buf);
    return rc;
}

int
kc_java_parse_float(const char *s, float *out)
{
    char *buf = kc_xmalloc(strlen(s) + 1);
    int   rc = java_float_text(s, buf);

    if (rc == 0)
        *out = strtof(buf, NULL);
    free(buf);
    return rc;
}

/* ===== Floating-point text ===== */

/* Java's Double.toString(x), or Float.toString((float) x) when single: the shortest digits
 * that read back as the same value, fixed from 10^-3 up to 10^7, with "E" beyond. */
static void
java_floating(char *buf, size_t size, double x, bool single)
{
    char digits[32], *e;
    int  prec, exp10;

    if (isnan(x)) { snprintf(buf, size, "NaN"); return; }
    if (isinf(x)) { snprintf(buf, size, x > 0 ? "Infinity" : "-Infinity"); return; }
    if (x == 0) { snprintf(buf, size, signbit(x) ? "-0.0" : "0.0"); return; }
    if (fabs(x) >= 1e-3 && fabs(x) < 1e7) {
        /* Shortest fixed notation that reads back as x, at least one decimal. */
        for (prec = 1; prec <= 17; prec++) {
            snprintf(buf, size, "%.*f", prec, x);
            if (single ? strtof(buf, NULL) == (float) x : strtod(buf, NULL) == x)
                break;
        }
        while (strlen(buf) > 2 && buf[strlen(buf) - 1] == '0' && buf[strlen(buf) - 2] != '.')
            buf[strlen(buf) - 1] = '\0';
        return;
    }
    for (prec = 0; prec <= 16; prec++) {
        snprintf(digits, sizeof(digits), "%.*e", prec, x);
        if (single ? strtof(digits, NULL) == (float) x : strtod(digits, NULL) == x)
            break;
    }
    e = strchr(digits, 'e');
    exp10 = atoi(e + 1);
    *e = '\0';
    snprintf(buf, size, "%s%sE%d", digits, strchr(digits, '.') ? "" : ".0", exp10);
}

void
kc_java_double(char *buf, size_t size, double x)
{
    java_floating(buf, size, x, false);
}

void
kc_java_float(char *buf, size_t size, float x)
{
    java_floating(buf, size, x, true);
}
