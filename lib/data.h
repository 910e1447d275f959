/*
 * lib/data.h - Connect's data model as JSON: schemas as JsonConverter writes them, values as
 * its payload holds them (connectors/connector.h, "Transformations and predicates" has the
 * records that carry them).
 *
 * A schema is {"type":..,("items"|"keys","values"|"fields"),"optional":..,"name":..,
 * "version":..,"doc":..,"parameters":{..},"default":..}, members in that order (Java's), so
 * that JsonConverter's envelope is written byte for byte as Java writes it; a struct field
 * is its schema with "field" last. Logical types are named schemas: Decimal (bytes, the
 * unscaled two's-complement value, parameter "scale"; a BigDecimal of another scale, which
 * JsonConverter reads from a number, is "~" and its text: "~1.5"), Date (int32 days), Time
 * (int32 ms of the day), Timestamp (int64 ms).
 *
 * A map (a JSON object, or an array of [key, value] pairs for keys that are not strings)
 * holds its entries in the order Java's map iterates them: the HashMap a sink's
 * JsonConverter reads into (kc_java_read_maps), the one a transformation built, the
 * connector's. Converters and printers follow that order.
 *
 * Pure functions over what the caller owns: any thread.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_DATA_H
#define KC_DATA_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define KC_LOGICAL_DECIMAL   "org.apache.kafka.connect.data.Decimal"
#define KC_LOGICAL_DATE      "org.apache.kafka.connect.data.Date"
#define KC_LOGICAL_TIME      "org.apache.kafka.connect.data.Time"
#define KC_LOGICAL_TIMESTAMP "org.apache.kafka.connect.data.Timestamp"

/* ===== Schemas ===== */

/* The schema's "type" ("int8" ... "struct"); NULL for a NULL (schemaless) schema. */
const char *kc_schema_type(const json_t *schema);
bool kc_schema_optional(const json_t *schema);
/* Its "name", NULL when none. */
const char *kc_schema_name(const json_t *schema);
/* Java's Schema.Type name: "INT8" ... "STRUCT" ("float" is FLOAT32, "double" FLOAT64). */
const char *kc_schema_type_name(const char *type);
/* A struct's field schema by name (borrowed), NULL when it has none. */
const json_t *kc_schema_field(const json_t *schema, const char *name);

/* A primitive schema, in Java's member order. New reference. */
json_t *kc_schema_primitive(const char *type, bool optional);
/* An empty struct schema: fields are added with kc_schema_add_field, then
 * kc_schema_finish puts the remaining members after them in Java's order. */
json_t *kc_schema_struct(void);
/* Appends field `name` of schema fs (copied, "field" last). */
void kc_schema_add_field(json_t *st, const char *name, const json_t *fs);
/* Adds optional, then name, version (<0: none), doc, parameters (borrowed; NULL: none) and
 * default (borrowed; NULL: none) after the type's own members. Returns s. */
json_t *kc_schema_finish(json_t *s, bool optional, const char *name, long version,
                         const char *doc, const json_t *parameters, const json_t *dflt);

/* ===== Values ===== */

/* The milliseconds of the java.util.Date a Date (days), Time or Timestamp value stands for:
 * false for a value of any other schema, or not an integer. */
bool kc_data_date_ms(const json_t *schema, const json_t *value, int64_t *ms);

/* The Java class of a value under schema, as getClass().getName() names it in Java's
 * messages ("java.lang.String", "org.apache.kafka.connect.data.Struct", "java.util.HashMap",
 * "[B", ...); "null" for a null value. */
const char *kc_data_java_class(const json_t *schema, const json_t *value);

#endif
