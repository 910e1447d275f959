/*
 * transforms/values.h - Connect's Values.parseString for a top-level string (InsertHeader's
 * value.literal): null, booleans, integers in the smallest of INT8..INT64, FLOAT32 and
 * FLOAT64 numbers, else the string itself.
 *
 * What Java would read as an array, a map, a date, a time, a timestamp or a Decimal is
 * refused (KC_VALUES_UNSUPPORTED) rather than read differently.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_TF_VALUES_H
#define KC_TF_VALUES_H

#include <jansson.h>
#include <stddef.h>

enum {
    KC_VALUES_OK = 0,
    KC_VALUES_UNSUPPORTED = -1,
};

/* s (not NULL) parsed: *schema (NULL for Java's null) and *value (JSON null for null), both
 * new; or KC_VALUES_UNSUPPORTED with what Java would have made of it in err. */
int kc_values_parse_string(const char *s, json_t **schema, json_t **value, char *err,
                           size_t errlen);

#endif
