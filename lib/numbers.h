/*
 * lib/numbers.h - Java's number texts and the number values of Connect's data model:
 * BigDecimal(String) with its longValue(), doubleValue() and toString(), Decimal payloads
 * (the unscaled value's two's-complement bytes, base64), FLOAT32 payloads, Java's parsing
 * of integers and floats, and Double.toString / Float.toString.
 *
 * Pure functions: any thread.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_NUMBERS_H
#define KC_NUMBERS_H

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
int kc_data_decimal_json(const json_t *schema, const kc_big_decimal *d, json_t **out,
                       char *err, size_t errlen);

/* The payload of d under Decimal schema as the data model holds it (lib/data.h): base64 at
 * the schema's scale, or, at a scale of d's own, "~" and its BigDecimal text. New. */
json_t *kc_decimal_payload(const json_t *schema, const kc_big_decimal *d);
/* Whether a Decimal payload holds a BigDecimal of a scale of its own ("~" text). */
bool kc_decimal_payload_kept(const json_t *payload);

/* A FLOAT32 payload: the number JsonConverter writes for f (Float.toString's digits). */
json_t *kc_data_float_json(float f);

/* ===== Reading numbers as Java reads them ===== */

/* The BigDecimal of a Decimal payload (base64 of the unscaled value's two's-complement
 * bytes) under schema's "scale" parameter, or of "~" and a BigDecimal's text (lib/data.h):
 * 0, or -1 when it is not one. out as
 * kc_big_decimal_parse makes it (kc_big_decimal_free). */
int   kc_big_decimal_from_json(const json_t *schema, const json_t *payload, kc_big_decimal *out);
/* BigDecimal.toString(): plain, or scientific when the scale is negative or the exponent
 * below -6. New string. */
char *kc_big_decimal_string(const kc_big_decimal *d);
/* The toString() of a Decimal payload's BigDecimal (kc_big_decimal_from_json), or NULL when
 * it is not one. New string. */
char *kc_decimal_payload_string(const json_t *schema, const json_t *payload);
/* floatValue(). */
float kc_big_decimal_float(const kc_big_decimal *d);

/* Character.digit(c, 10) of one UTF-16 unit (a code point up to U+FFFF): 0..9, or -1. */
int kc_java_digit(uint32_t c);
/* Long.parseLong(s), its result then held to [min, max] as Integer.parseInt,
 * Short.parseShort and Byte.parseByte hold theirs: 0, or -1 where Java throws
 * NumberFormatException. */
int kc_java_parse_long(const char *s, int64_t min, int64_t max, int64_t *out);
/* Double.parseDouble(s) and Float.parseFloat(s) (Java's grammar: trimmed, NaN, Infinity,
 * hexadecimal with a binary exponent, an f/F/d/D suffix): 0, or -1 where Java throws. */
int kc_java_parse_double(const char *s, double *out);
int kc_java_parse_float(const char *s, float *out);

/* ===== Floating-point text ===== */

/* Java's Double.toString(x) and Float.toString(x) into buf. */
void kc_java_double(char *buf, size_t size, double x);
void kc_java_float(char *buf, size_t size, float x);

#endif
