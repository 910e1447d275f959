/*
 * lib/json_java.h - JSON text exactly as Java Connect (Jackson) writes it.
 *
 * Records in the internal topics are compared byte for byte (offset keys) or read by Java
 * workers, so their JSON must be Jackson's: compact, object fields in insertion order,
 * UTF-8 raw except characters beyond U+FFFF (escaped surrogate pairs, "\uD83D\uDE00"), only '"', '\' and characters below 0x20 escaped (\b \t \n \f \r, others
 * \u00XX upper-case), '/' not escaped, integers as written, doubles as Java's
 * Double.toString (0.1 -> 0.1, 1e20 -> 1.0E20).
 *
 * Pure functions: any thread.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_JSON_JAVA_H
#define KC_JSON_JAVA_H

#include <jansson.h>
#include <stddef.h>

#include "lib/buf.h"
#include "lib/numbers.h"     /* kc_java_double, kc_java_float */

/* The Jackson text of v as a new NUL-terminated string; *len (may be NULL) its length. */
char *kc_json_java_dumps(const json_t *v, size_t *len);
/* The same text appended to out (no NUL). */
void kc_json_java_write(kc_wbuf *out, const json_t *v);
/* s[0..n), UTF-8, as the JSON string Jackson writes for it, appended to out. */
void kc_json_java_write_string(kc_wbuf *out, const char *s, size_t n);

/* What Java's String.valueOf(value) writes for the Connect value JsonConverter reads from
 * the JSON v under schema (its "schema" object; NULL: schemaless), as FileStreamSink's
 * println does: "{k=v, k2=v2}" for maps in the order they are held (the order Java's map
 * iterates, lib/data.h), "[a, b]" for lists,
 * "Struct{f=v,...}" without null fields, numbers narrowed to the schema's type, strings as
 * they are, a Decimal as BigDecimal.toString, a Date, Time or Timestamp as Date.toString in
 * this process's zone. Bytes, which Java prints as an identity hash, are their base64 text
 * here. New string; *len (may be NULL) its length. */
char *kc_java_value_string(const json_t *v, const json_t *schema, size_t *len);

/* Java's JsonConverter reads each map (an object without schema, a map under a schema) into
 * a java.util.HashMap of default capacity, in the order of the JSON text: the maps of v, at
 * any depth, reordered in place as those HashMaps iterate, so that the order a map's
 * members are held in is the order Java iterates it (lib/data.h). Returns v. */
json_t *kc_java_read_maps(json_t *v, const json_t *schema);

/* What Java prints for a copy of a Map<String,String> (new HashMap<>(map).toString()):
 * "{k=v, k2=null}" in the copy's bucket order; map's values are strings or nulls. New
 * string. */
char *kc_java_map_copy_string(const json_t *map);

/* ===== java.util.HashMap iteration order ===== */

/* The table size Java's HashMap starts with: new HashMap<>(n) (tableSizeFor(n)) and
 * new HashMap<>(map) of a map of n entries (tableSizeFor((int) (n / 0.75f + 1)), Java 17's
 * sizing of a copy). */
size_t kc_java_hashmap_capacity(size_t initial_capacity);
size_t kc_java_hashmap_copy_capacity(size_t n);

/* Reorders the members of obj (in place; returns obj) as a java.util.HashMap<String, ?>
 * iterates them, and so as JsonConverter writes it, after obj's members were put into it in
 * their present order: a table of capacity slots (a power of two; 0: new HashMap<>(), 16)
 * grown as puts grow it (beyond 3/4 full, or a ninth entry in one slot of a table below 64),
 * then by slot (String.hashCode spread as HashMap spreads it), insertion order within one.
 * A slot that Java would turn into a tree (nine entries or more in a table of 64 or more)
 * keeps insertion order. */
json_t *kc_java_hashmap_order(json_t *obj, size_t capacity);

#endif
