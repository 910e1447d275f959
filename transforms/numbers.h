/*
 * transforms/numbers.h - Java's BigDecimal text and the number values of Connect's data
 * model that the transformations make: BigDecimal(String) with its longValue() and
 * doubleValue(), Decimal payloads (the unscaled value's two's-complement bytes, base64) and
 * FLOAT32 payloads.
 *
 * Pure functions: any thread.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_TF_NUMBERS_H
#define KC_TF_NUMBERS_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A BigDecimal: the unscaled value's decimal digits (no sign) and its scale. */
typedef struct kc_big_decimal {
    bool     negative;
    char    *digits;
    int32_t  scale;
    char    *text;                   /* as parsed (doubleValue reads it) */
} kc_big_decimal;

/* BigDecimal.ZERO. */
extern const kc_big_decimal kc_big_decimal_zero;

/* new BigDecimal(s): 0, or -1 where Java throws NumberFormatException. */
int     kc_big_decimal_parse(const char *s, kc_big_decimal *out);
void    kc_big_decimal_free(kc_big_decimal *d);
/* longValue(): the integer part's low 64 bits. */
int64_t kc_big_decimal_long(const kc_big_decimal *d);
/* doubleValue(). */
double  kc_big_decimal_double(const kc_big_decimal *d);

/* The payload of d under Decimal schema (its "scale" parameter): *out new, or -1 with the
 * DataException Decimal.fromLogical throws when the scales differ (in Java the converter
 * throws it when it writes the record; a sink connector would be given the value). */
int kc_tf_decimal_json(const json_t *schema, const kc_big_decimal *d, json_t **out,
                       char *err, size_t errlen);

/* A FLOAT32 payload: the number JsonConverter writes for f (Float.toString's digits). */
json_t *kc_tf_float_json(float f);

#endif
