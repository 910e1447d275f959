/*
 * worker/converter.h - Connect's converters between record values and the bytes in Kafka
 * (spec/connect-runtime.md §10): ByteArrayConverter (bytes pass through, no copy),
 * StringConverter (UTF-8), JsonConverter with and without the schema envelope, and the
 * Boolean, Short, Integer, Long, Float and Double converters (Kafka's serializers).
 *
 * A kc_converter is configured for one task (key and value each) and used by its thread
 * alone: JsonConverter keeps the text of the schemas it last wrote.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_CONVERTER_H
#define KC_CONVERTER_H

#include <iconv.h>
#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "connectors/connector.h"
#include "lib/wire.h"
#include "lib/common.h"

typedef enum {
    KC_CONVERTER_BYTEARRAY,
    KC_CONVERTER_STRING,
    KC_CONVERTER_JSON,
    KC_CONVERTER_BOOLEAN,        /* the number converters: Kafka's serializers' bytes */
    KC_CONVERTER_SHORT,
    KC_CONVERTER_INTEGER,
    KC_CONVERTER_LONG,
    KC_CONVERTER_FLOAT,
    KC_CONVERTER_DOUBLE,
} kc_converter_kind;

/* Schema texts a JsonConverter keeps (its schemas.cache.size, up to this many). */
#define KC_CONVERTER_SCHEMA_CACHE 16

typedef struct kc_converter {
    kc_converter_kind kind;
    const char       *exception;         /* init failed: the Java class of its error */
    bool              schemas_enable;    /* JsonConverter */
    bool              numeric_decimals;  /* JsonConverter decimal.format=NUMERIC */
    bool              replace_null;      /* JsonConverter replace.null.with.default */
    json_t           *schema_content;    /* JsonConverter schema.content, checked; or NULL */
    unsigned          cache_size;        /* JsonConverter: entries of cache in use at most */
    unsigned          cache_next;        /* the entry the next schema replaces */
    struct {
        json_t *schema;                  /* a reference: its address is not reused */
        char   *text;                    /* its JSON as the envelope holds it */
        size_t  len;
    } cache[KC_CONVERTER_SCHEMA_CACHE];
    /* StringConverter with a converter.encoding other than UTF-8: iconv to it (encode) and
     * from it (decode); UTF-16 and UTF-32 are read here, with Java's byte order marks and
     * its replacement of malformed units: unit 2 or 4 (else 0), little-endian or not, a
     * byte order mark written (UTF-16) and read (UTF-16, UTF-32). */
    iconv_t           encode, decode;
    unsigned          unit;
    bool              little, bom;
} kc_converter;

/* class_name: Java's class name (or simple name); settings: the converter's settings
 * without their prefix ({"schemas.enable":"false"}), NULL for none. KC_EINVAL for unknown
 * classes and for settings the converter's configure() refuses, with Java's message; c then
 * holds only `exception`, the class of what Java's configure() throws. */
int kc_converter_init(kc_converter *c, const char *class_name, const json_t *settings,
                      kc_err *err);
void kc_converter_free(kc_converter *c);

/* The Java class the converter stands for, as getClass().getName() gives it (error reports). */
const char *kc_converter_class(const kc_converter *c);

/* Value -> bytes. *out points into v (zero copy) or into scratch; NULL for a null value. */
int kc_converter_from_connect(kc_converter *c, const kc_value *v, kc_wbuf *scratch,
                              const void **out, size_t *len, kc_err *err);

/* Bytes (data NULL: null) -> value. BYTES and STRING values point into data (borrowed);
 * JSON values own a reference that kc_value_clear drops. */
int kc_converter_to_connect(kc_converter *c, const void *data, size_t len, kc_value *out,
                            kc_err *err);

void kc_value_clear(kc_value *v);

/* v as JsonConverter's payload holds it: text as a JSON string (invalid UTF-8 decoded as Java
 * decodes it), bytes base64, JSON as it is (a new reference), null as JSON null. */
json_t *kc_value_payload(const kc_value *v);

/* A header value a transformation set (schema may be NULL), as the header converter writes
 * it: SimpleHeaderConverter's text (simple) or ByteArrayConverter's bytes, appended to out;
 * *is_null for a null header. KC_EINVAL with the converter's DataException message. */
int kc_header_from_connect(bool simple, const json_t *schema, const json_t *value, kc_wbuf *out,
                           bool *is_null, kc_err *err);

/* The converter classes the worker implements, sorted as Java lists them; NULL-terminated. */
extern const char *const kc_converter_classes[];

/* The header converters the worker implements, sorted as Java lists them; NULL-terminated. */
extern const char *const kc_header_converter_classes[];

/* Whether name (a class name or alias) is SimpleHeaderConverter. */
bool kc_header_converter_simple(const char *name);

/* The class a name stands for (the class name, its simple name, or that without
 * "Converter", as Java's PluginUtils aliases it). NULL if none. */
const char *kc_converter_find(const char *name);

/* The class that runs for a converter a config names: kc_converter_find's, and
 * ByteArrayConverter for Confluent Replicator's pass-through converter. NULL if none. */
const char *kc_converter_resolve(const char *name);

/* The ConfigKeyInfo list of a class of kc_converter_classes, as Kafka 4.3.1 shows it.
 * New reference. */
json_t *kc_converter_config_keys(const char *cls);

#endif
