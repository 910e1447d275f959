/*
 * transforms/numbers.c - see numbers.h.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "transforms/numbers.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include <stdio.h>
#include "lib/common.h"
#include "lib/json_java.h"

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
kc_tf_decimal_json(const json_t *schema, const kc_big_decimal *d, json_t **out, char *err,
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
kc_tf_float_json(float f)
{
    char buf[64];

    kc_java_float(buf, sizeof(buf), f);
    if (strcmp(buf, "NaN") == 0 || strstr(buf, "Infinity") != NULL)
        return json_real((double) f);
    return json_real(strtod(buf, NULL));
}
