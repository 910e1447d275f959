/*
 * lib/values.h - Connect's Values.parseString (Kafka 4.3.1): a string read as Java reads an
 * InsertHeader value.literal or SimpleHeaderConverter reads a header, with the schema it
 * infers, in Connect's data model as lib/data.h holds it.
 *
 * null; booleans; integers in the smallest of INT8..INT64; FLOAT32 and FLOAT64 numbers;
 * Decimals of the number's own scale beyond those; ISO-8601 dates, times and timestamps
 * (yyyy-MM-dd, HH:mm:ss.SSS'Z', yyyy-MM-dd'T'HH:mm:ss.SSS'Z' as a lenient SimpleDateFormat
 * reads them in the JVM's default zone: this process's); arrays and maps of any of these
 * with Java's common schema of their elements, keys and values (JSON null in the schema,
 * as JsonConverter writes it, when they have none), held as Java converts them to it, maps
 * in their insertion order; else the string itself. A lenient time beyond its day
 * (25:00:00.000Z) is held as its milliseconds, as Java holds it.
 *
 * What Java builds but lib/data.h cannot hold is refused (KC_VALUES_UNSUPPORTED), never
 * held as something else: a date, a time or a Decimal where no schema says so
 * ([1,"2020-01-01",true]), or a map with keys that are not strings ([1,{2:3}]); a value its
 * own schema does not describe, which Java makes of arrays or maps whose arrays or maps
 * differ ([[1],["a"]]: array<array<string>> holding 1); a Date schema holding a time of
 * day (["12:00:00.000Z","2020-01-01"]; a date read in a zone off UTC) or more days than
 * an int; nesting beyond 1000 levels (where Java's own stack ends, between 1500 and 2000
 * on a default thread, depends on the thread).
 *
 * Pure (it reads this process's time zone): any thread.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_VALUES_H
#define KC_VALUES_H

#include <jansson.h>
#include <stddef.h>

enum {
    KC_VALUES_OK = 0,
    KC_VALUES_UNSUPPORTED = -1,
};

/* s (not NULL; UTF-8, malformed bytes read as Java's decoder reads them) parsed: *schema
 * (NULL for Java's null) and *value (JSON null for null), both new; or
 * KC_VALUES_UNSUPPORTED with what Java would have made of it in err. */
int kc_values_parse_string(const char *s, json_t **schema, json_t **value, char *err,
                           size_t errlen);

#endif
