/*
 * worker/converter.c - see converter.h. Error messages are Java's DataException texts.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "worker/converter.h"

#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lib/configdef.h"
#include "lib/data.h"
#include "lib/json_java.h"
#include "lib/numbers.h"
#include "lib/simple_date.h"

/* The converter classes and what each is here. */
static const struct {
    const char       *cls;
    kc_converter_kind kind;
} kinds[] = {
    { "org.apache.kafka.connect.converters.BooleanConverter", KC_CONVERTER_BOOLEAN },
    { "org.apache.kafka.connect.converters.ByteArrayConverter", KC_CONVERTER_BYTEARRAY },
    { "org.apache.kafka.connect.converters.DoubleConverter", KC_CONVERTER_DOUBLE },
    { "org.apache.kafka.connect.converters.FloatConverter", KC_CONVERTER_FLOAT },
    { "org.apache.kafka.connect.converters.IntegerConverter", KC_CONVERTER_INTEGER },
    { "org.apache.kafka.connect.converters.LongConverter", KC_CONVERTER_LONG },
    { "org.apache.kafka.connect.converters.ShortConverter", KC_CONVERTER_SHORT },
    { "org.apache.kafka.connect.json.JsonConverter", KC_CONVERTER_JSON },
    { "org.apache.kafka.connect.storage.StringConverter", KC_CONVERTER_STRING },
};

/* A setting's value, trimmed as ConfigDef trims it (new string), or NULL when not given. */
static char *
setting(const json_t *settings, const char *key)
{
    const char *v = json_string_value(json_object_get(settings, key));

    return v ? kc_java_trim(v) : NULL;
}

/* A BOOLEAN setting as ConfigDef parses it. */
static int
bool_setting(const json_t *settings, const char *key, bool *out, kc_err *err)
{
    char *v = setting(settings, key);
    int   rc = KC_OK;

    if (v != NULL && strcasecmp(v, "true") == 0)
        *out = true;
    else if (v != NULL && strcasecmp(v, "false") == 0)
        *out = false;
    else if (v != NULL)
        rc = kc_err_set(err, KC_EINVAL, "Invalid value %s for configuration %s: Expected value "
                        "to be either true or false", v, key);
    free(v);
    return rc;
}

static int check_schema(const json_t *schema, kc_err *err);

/* JsonConverterConfig's settings (its ConfigDef's parse, then configure()'s schema.content). */
static int
json_settings(kc_converter *c, const json_t *settings, kc_err *err)
{
    char        *v, *end;
    long         n = 1000;
    int          rc = KC_OK;
    json_error_t jerr;

    if (bool_setting(settings, "schemas.enable", &c->schemas_enable, err) != KC_OK ||
        bool_setting(settings, "replace.null.with.default", &c->replace_null, err) != KC_OK)
        return KC_EINVAL;
    if ((v = setting(settings, "schemas.cache.size")) != NULL) {
        errno = 0;
        n = strtol(v, &end, 10);
        if (*v == '\0' || *end != '\0' || errno != 0 || n < INT32_MIN || n > INT32_MAX)
            rc = kc_err_set(err, KC_EINVAL, "Invalid value %s for configuration "
                            "schemas.cache.size: Not a number of type INT", v);
        free(v);
        if (rc != KC_OK)
            return rc;
    }
    c->cache_size = n <= 0 ? 0 : n < KC_CONVERTER_SCHEMA_CACHE ? (unsigned) n
                    : KC_CONVERTER_SCHEMA_CACHE;
    if ((v = setting(settings, "decimal.format")) != NULL) {
        if (strcasecmp(v, "NUMERIC") == 0)
            c->numeric_decimals = true;
        else if (strcasecmp(v, "BASE64") != 0)
            /* Java lists its validator's HashSet: NUMERIC first. */
            rc = kc_err_set(err, KC_EINVAL, "Invalid value %s for configuration decimal.format: "
                            "String must be one of (case insensitive): NUMERIC, BASE64", v);
        free(v);
        if (rc != KC_OK)
            return rc;
    }
    /* Not trimmed: a STRING setting is taken as it is. */
    v = (char *) json_string_value(json_object_get(settings, "schema.content"));
    if (v != NULL && *v != '\0') {
        json_t *schema = json_loads(v, JSON_DECODE_ANY, &jerr);
        c->exception = "org.apache.kafka.connect.errors.DataException";
        if (schema == NULL)
            return kc_err_set(err, KC_EINVAL, "Failed to parse schema in converter config due "
                              "to serialization error: ");
        if (check_schema(schema, err) != KC_OK) {
            json_decref(schema);
            return KC_EINVAL;
        }
        c->exception = NULL;
        if (json_is_null(schema))
            json_decref(schema);
        else
            c->schema_content = schema;
    }
    return KC_OK;
}

/* iconv's name for a Java charset name: Java writes "_" where iconv has "-" (ISO8859_1,
 * UTF_16); Java's UTF-16 and UTF-32 write big-endian (iconv's would be the machine's). */
static iconv_t
open_charset(const char *to, const char *from)
{
    iconv_t cd = iconv_open(to, from);
    char   *a, *b;

    if (cd != (iconv_t) -1)
        return cd;
    a = kc_xstrdup(to);
    b = kc_xstrdup(from);
    for (char *p = a; *p; p++)
        *p = *p == '_' ? '-' : *p;
    for (char *p = b; *p; p++)
        *p = *p == '_' ? '-' : *p;
    cd = iconv_open(a, b);
    free(a);
    free(b);
    return cd;
}

/* StringConverterConfig: converter.encoding, a Java charset name (Charset.forName). */
static int
string_settings(kc_converter *c, const json_t *settings, kc_err *err)
{
    static const struct {
        const char *names;            /* Java's names and aliases, without '-' and '_' */
        unsigned    unit;
        bool        little, bom;
        const char *iconv;
    } wide[] = {
        { " UTF16 UNICODE UNICODEBIG ", 2, false, true, "UTF-16BE" },
        { " UTF16BE UNICODEBIGUNMARKED XUTF16BE ", 2, false, false, "UTF-16BE" },
        { " UTF16LE UNICODELITTLEUNMARKED XUTF16LE ", 2, true, false, "UTF-16LE" },
        { " UTF32 ", 4, false, true, "UTF-32BE" },
        { " UTF32BE XUTF32BE ", 4, false, false, "UTF-32BE" },
        { " UTF32LE XUTF32LE ", 4, true, false, "UTF-32LE" },
    };
    const char *name = json_string_value(json_object_get(settings, "converter.encoding"));
    char        key[64];
    size_t      k = 0;

    if (name == NULL || strcasecmp(name, "UTF-8") == 0 || strcasecmp(name, "UTF8") == 0)
        return KC_OK;
    key[k++] = ' ';
    for (const char *p = name; *p && k < sizeof(key) - 2; p++)
        if (*p != '-' && *p != '_')
            key[k++] = (char) toupper((unsigned char) *p);
    key[k++] = ' ';
    key[k] = '\0';
    for (size_t i = 0; i < KC_ARRAY_LEN(wide); i++)
        if (strstr(wide[i].names, key) != NULL) {
            c->unit = wide[i].unit;
            c->little = wide[i].little;
            c->bom = wide[i].bom;
            c->encode = iconv_open(wide[i].iconv, "UTF-8");
            break;
        }
    if (c->unit == 0) {
        c->encode = open_charset(name, "UTF-8");
        c->decode = open_charset("UTF-8", name);
    }
    if (c->encode == (iconv_t) -1 || c->decode == (iconv_t) -1) {
        if (c->encode != (iconv_t) -1 && c->encode != NULL)
            iconv_close(c->encode);
        if (c->decode != (iconv_t) -1 && c->decode != NULL)
            iconv_close(c->decode);
        c->encode = c->decode = NULL;
        c->exception = "org.apache.kafka.common.errors.SerializationException";
        return kc_err_set(err, KC_EINVAL, "Unsupported encoding %s", name);
    }
    return KC_OK;
}

/* Text s[0..n) (UTF-8) in the converter's charset, appended to out: a character the charset
 * cannot hold is written as '?', as String.getBytes writes it. */
static void
encode_text(kc_converter *c, kc_wbuf *out, const char *s, size_t n)
{
    char  *in = (char *) s;
    size_t left = n;

    iconv(c->encode, NULL, NULL, NULL, NULL);
    if (c->bom && c->unit == 2)
        kc_wbuf_raw(out, "\xFE\xFF", 2);
    while (left > 0) {
        size_t room = left * 4 + 16;
        char  *o = (char *) kc_wbuf_grow(out, room);
        size_t r = iconv(c->encode, &in, &left, &o, &room);
        out->len = (size_t) (o - (char *) out->buf);
        if (r == (size_t) -1 && errno == EILSEQ) {
            size_t k = 1;
            char   q[] = "?", *qi = q, tmp[8], *to = tmp;
            size_t ql = 1, tl = sizeof(tmp);
            while (k < left && ((unsigned char) in[k] & 0xC0) == 0x80)
                k++;
            in += k;
            left -= k;
            if (iconv(c->encode, &qi, &ql, &to, &tl) != (size_t) -1)
                kc_wbuf_raw(out, tmp, sizeof(tmp) - tl);
        } else if (r == (size_t) -1 && errno != E2BIG) {
            break;                                 /* a cut character at the end: dropped */
        }
    }
}

/* Code point cp as UTF-8, appended to out. */
static void
put_utf8(kc_wbuf *out, uint32_t cp)
{
    char b[4];

    kc_wbuf_raw(out, b, kc_utf8_put(b, cp));
}

/* A unit of `size` bytes at p, in that byte order. */
static uint32_t
unit_at(const uint8_t *p, unsigned size, bool little)
{
    uint32_t v = 0;

    for (unsigned i = 0; i < size; i++)
        v = v << 8 | p[little ? size - 1 - i : i];
    return v;
}

/* Java's UTF-16 and UTF-32 decoders (sun.nio.cs.UnicodeDecoder, UTF_32Coder): a byte order
 * mark first read and dropped where the charset reads one (big-endian without it); then
 * U+FFFD for a lone low surrogate or a reversed mark (one unit), a high surrogate not
 * followed by a low one (both units), a code point beyond U+10FFFF or a surrogate (UTF-32),
 * and what is left at the end too short for a character. */
static void
decode_wide(const kc_converter *c, kc_wbuf *out, const uint8_t *p, size_t n)
{
    unsigned u = c->unit;
    bool     little = c->little;
    size_t   i = 0;

    if (c->bom && n >= u) {
        if (unit_at(p, u, false) == 0xFEFF) {
            i = u;
        } else if (unit_at(p, u, true) == 0xFEFF) {
            little = true;
            i = u;
        }
    }
    while (n - i >= u) {
        uint32_t v = unit_at(p + i, u, little);
        if (u == 4) {
            put_utf8(out, v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF) ? 0xFFFD : v);
            i += 4;
        } else if (v == 0xFFFE || (v >= 0xDC00 && v <= 0xDFFF)) {
            put_utf8(out, 0xFFFD);
            i += 2;
        } else if (v >= 0xD800 && v <= 0xDBFF) {
            uint32_t lo;
            if (n - i < 4)
                break;                              /* cut at the end */
            lo = unit_at(p + i + 2, 2, little);
            put_utf8(out, lo >= 0xDC00 && lo <= 0xDFFF
                          ? 0x10000 + ((v - 0xD800) << 10) + (lo - 0xDC00) : 0xFFFD);
            i += 4;
        } else {
            put_utf8(out, v);
            i += 2;
        }
    }
    if (i < n)
        put_utf8(out, 0xFFFD);
}

/* Bytes in the converter's charset as UTF-8 text, appended to out: bytes that are no
 * character become U+FFFD, as new String(bytes, charset) reads them. */
static void
decode_text(kc_converter *c, kc_wbuf *out, const char *s, size_t n)
{
    char  *in = (char *) s;
    size_t left = n;

    if (c->unit != 0) {
        decode_wide(c, out, (const uint8_t *) s, n);
        return;
    }
    iconv(c->decode, NULL, NULL, NULL, NULL);
    while (left > 0) {
        size_t room = left * 4 + 16;
        char  *o = (char *) kc_wbuf_grow(out, room);
        size_t r = iconv(c->decode, &in, &left, &o, &room);
        out->len = (size_t) (o - (char *) out->buf);
        if (r == (size_t) -1 && errno != E2BIG) {
            kc_wbuf_raw(out, "\xEF\xBF\xBD", 3);
            in++;
            left--;
        }
    }
}

int
kc_converter_init(kc_converter *c, const char *class_name, const json_t *settings,
                  kc_err *err)
{
    char       *name = kc_java_trim(class_name ? class_name : "");
    const char *cls = kc_converter_resolve(name);
    int         rc = KC_OK;

    memset(c, 0, sizeof(*c));
    c->schemas_enable = true;
    c->replace_null = true;
    if (cls == NULL) {
        rc = kc_err_set(err, KC_EINVAL, "Class %s could not be found.", name);
        c->exception = "org.apache.kafka.common.config.ConfigException";
        free(name);
        return rc;
    }
    for (size_t i = 0; i < KC_ARRAY_LEN(kinds); i++)
        if (strcmp(kinds[i].cls, cls) == 0)
            c->kind = kinds[i].kind;
    c->cache_size = KC_CONVERTER_SCHEMA_CACHE;
    if (c->kind == KC_CONVERTER_JSON)
        rc = json_settings(c, settings, err);
    else if (c->kind == KC_CONVERTER_STRING)
        rc = string_settings(c, settings, err);
    free(name);
    if (rc != KC_OK) {
        const char *exception = c->exception ? c->exception
                                : "org.apache.kafka.common.config.ConfigException";
        kc_converter_free(c);
        c->exception = exception;
    }
    return rc;
}

void
kc_converter_free(kc_converter *c)
{
    for (size_t i = 0; i < KC_ARRAY_LEN(c->cache); i++) {
        json_decref(c->cache[i].schema);
        free(c->cache[i].text);
    }
    json_decref(c->schema_content);
    if (c->encode != NULL)
        iconv_close(c->encode);
    if (c->decode != NULL)
        iconv_close(c->decode);
    memset(c, 0, sizeof(*c));
}

const char *
kc_converter_class(const kc_converter *c)
{
    for (size_t i = 0; i < KC_ARRAY_LEN(kinds); i++)
        if (kinds[i].kind == c->kind)
            return kinds[i].cls;
    return "null";
}

void
kc_value_clear(kc_value *v)
{
    json_decref(v->json);
    json_decref(v->schema);
    memset(v, 0, sizeof(*v));
}

json_t *
kc_value_payload(const kc_value *v)
{
    if (v->kind == KC_VALUE_STRING) {
        /* jansson checks the text; a task's string that is not UTF-8 is then decoded as Java
         * would have decoded its bytes (a JSON string must be text). */
        json_t *s = json_stringn(v->ptr, v->len);
        size_t  n;
        char   *text;
        if (s != NULL)
            return s;
        text = kc_utf8_repair(v->ptr, v->len, &n);
        s = json_stringn(text, n);
        free(text);
        return s;
    }
    if (v->kind == KC_VALUE_BYTES) {
        char   *b64 = kc_base64_encode(v->ptr, v->len);
        json_t *s = json_string(b64);
        free(b64);
        return s;
    }
    return v->json ? json_incref(v->json) : json_null();
}

/* ===== The number converters ===== */

static const struct {
    kc_converter_kind kind;
    const char       *name;          /* the converter's typeName in its messages */
    const char       *schema_type;   /* what it reads and writes */
    const char       *java_class;    /* the value class its serializer takes */
    const char       *deserializer;
    size_t            size;
} numbers[] = {
    { KC_CONVERTER_BOOLEAN, "boolean", "boolean", "java.lang.Boolean", "BooleanDeserializer", 1 },
    { KC_CONVERTER_SHORT, "short", "int16", "java.lang.Short", "ShortDeserializer", 2 },
    { KC_CONVERTER_INTEGER, "integer", "int32", "java.lang.Integer", "IntegerDeserializer", 4 },
    { KC_CONVERTER_LONG, "long", "int64", "java.lang.Long", "LongDeserializer", 8 },
    { KC_CONVERTER_FLOAT, "float", "float", "java.lang.Float", "FloatDeserializer", 4 },
    { KC_CONVERTER_DOUBLE, "double", "double", "java.lang.Double", "DoubleDeserializer", 8 },
};

static size_t
number_index(kc_converter_kind kind)
{
    for (size_t i = 0; i < KC_ARRAY_LEN(numbers); i++)
        if (numbers[i].kind == kind)
            return i;
    return 0;
}

/* Kafka's serializers: big-endian integers, IEEE 754 floats, a boolean as one byte. */
static int
number_from_connect(const kc_converter *c, const kc_value *v, kc_wbuf *scratch,
                    const void **out, size_t *len, kc_err *err)
{
    size_t      i = number_index(c->kind);
    const char *cls = v->kind == KC_VALUE_STRING ? "java.lang.String"
                      : v->kind == KC_VALUE_BYTES ? "[B"
                      : kc_data_java_class(v->schema, v->json);
    uint64_t    bits = 0;
    uint8_t     be[8];

    if (c->kind == KC_CONVERTER_BOOLEAN) {
        const char *t = v->kind == KC_VALUE_STRING && v->schema == NULL ? "string"
                        : kc_schema_type(v->schema);
        if (t != NULL && strcmp(t, "boolean") != 0)
            return kc_err_set(err, KC_EINVAL, "Invalid schema type for BooleanConverter: %s",
                              kc_schema_type_name(t));
        if (strcmp(cls, "java.lang.Boolean") != 0)
            return kc_err_set(err, KC_EINVAL, "BooleanConverter is not compatible with objects "
                              "of type class %s", cls);
        bits = json_is_true(v->json) ? 1 : 0;
    } else {
        if (strcmp(cls, numbers[i].java_class) != 0)
            return kc_err_set(err, KC_EINVAL, "Failed to serialize to %s (was class %s): ",
                              numbers[i].name, cls);
        if (c->kind == KC_CONVERTER_FLOAT) {
            float    f = (float) json_number_value(v->json);
            uint32_t b;
            memcpy(&b, &f, sizeof(b));
            bits = b;
        } else if (c->kind == KC_CONVERTER_DOUBLE) {
            double d = json_number_value(v->json);
            memcpy(&bits, &d, sizeof(bits));
        } else {
            bits = (uint64_t) json_integer_value(v->json);
        }
    }
    for (size_t k = 0; k < numbers[i].size; k++)
        be[k] = (uint8_t) (bits >> (8 * (numbers[i].size - 1 - k)));
    kc_wbuf_reset(scratch);
    kc_wbuf_raw(scratch, be, numbers[i].size);
    *out = scratch->buf;
    *len = numbers[i].size;
    return KC_OK;
}

static int
number_to_connect(const kc_converter *c, const uint8_t *data, size_t len, kc_value *out,
                  kc_err *err)
{
    size_t   i = number_index(c->kind);
    uint64_t bits = 0;

    if (len != numbers[i].size)
        return kc_err_set(err, KC_EINVAL, "Failed to deserialize %s: Size of data received by "
                          "%s is not %zu", numbers[i].name, numbers[i].deserializer,
                          numbers[i].size);
    for (size_t k = 0; k < len; k++)
        bits = bits << 8 | data[k];
    out->kind = KC_VALUE_JSON;
    out->schema = kc_schema_primitive(numbers[i].schema_type, true);
    switch (c->kind) {
    case KC_CONVERTER_BOOLEAN:
        if (bits > 1) {
            json_decref(out->schema);
            memset(out, 0, sizeof(*out));
            return kc_err_set(err, KC_EINVAL, "Failed to deserialize boolean: Unexpected byte "
                              "received by BooleanDeserializer: %d", (int) (int8_t) data[0]);
        }
        out->json = json_boolean(bits == 1);
        break;
    case KC_CONVERTER_SHORT:
        out->json = json_integer((int16_t) bits);
        break;
    case KC_CONVERTER_INTEGER:
        out->json = json_integer((int32_t) bits);
        break;
    case KC_CONVERTER_FLOAT: {
        uint32_t b = (uint32_t) bits;
        float    f;
        memcpy(&f, &b, sizeof(f));
        out->json = json_real(f);
        break;
    }
    case KC_CONVERTER_DOUBLE: {
        double d;
        memcpy(&d, &bits, sizeof(d));
        out->json = json_real(d);
        break;
    }
    default:
        out->json = json_integer((int64_t) bits);
        break;
    }
    return KC_OK;
}

/* ByteArrayConverter's fromConnectData of a Connect value (not null): a value of bytes
 * (its payload is their base64) appended to out; anything else is its DataException,
 * the schema's type checked first, then the value's class. */
static int
bytes_only(const json_t *schema, const json_t *v, kc_wbuf *out, kc_err *err)
{
    const char *t = json_is_object(schema) ? kc_schema_type(schema) : NULL;
    const char *name = json_is_object(schema) ? kc_schema_name(schema) : NULL;
    uint8_t    *bytes = NULL;
    size_t      n = 0;

    if (t != NULL && strcmp(t, "bytes") != 0)
        return kc_err_set(err, KC_EINVAL, "Invalid schema type for ByteArrayConverter: %s",
                          kc_schema_type_name(t));
    if ((name != NULL && strcmp(name, KC_LOGICAL_DECIMAL) == 0) || t == NULL ||
        !json_is_string(v) ||
        kc_base64_decode(json_string_value(v), json_string_length(v), &bytes, &n) != 0)
        return kc_err_set(err, KC_EINVAL, "ByteArrayConverter is not compatible with objects "
                          "of type class %s", t == NULL ? kc_data_java_class(NULL, v)
                          : kc_data_java_class(schema, v));
    kc_wbuf_raw(out, bytes, n);
    free(bytes);
    return KC_OK;
}

/* A Decimal payload as BigDecimal.toString writes it, appended to out; the DataException
 * Java's converters throw for a value that is not one. */
static int
append_decimal(kc_wbuf *out, const json_t *schema, const json_t *v, kc_err *err)
{
    char *text = kc_decimal_payload_string(schema, v);

    if (text == NULL)
        return kc_err_set(err, KC_EINVAL, "Invalid type for Decimal, expected BigDecimal but "
                          "was class %s", kc_data_java_class(NULL, v));
    kc_wbuf_raw(out, text, strlen(text));
    free(text);
    return KC_OK;
}

/* ===== JsonConverter's writer ===== */

/* A connector's text as a JSON string: text that is not UTF-8 is decoded as Java would have
 * decoded its bytes (a JSON string must be text). */
static void
write_text(kc_wbuf *out, const char *s, size_t n)
{
    char *text;

    if (kc_utf8_valid(s, n)) {
        kc_json_java_write_string(out, s, n);
        return;
    }
    text = kc_utf8_repair(s, n, &n);
    kc_json_java_write_string(out, text, n);
    free(text);
}

/* convertToJson: payload v (NULL or JSON null for null) under schema (NULL: none), appended
 * to out as Jackson writes it. A null takes the schema's default (replace.null.with.default)
 * or stays null where optional; a Decimal is its base64 payload or, NUMERIC, the number
 * BigDecimal.toString() writes. */
static int
write_json(const kc_converter *c, kc_wbuf *out, const json_t *schema, const json_t *v,
           kc_err *err)
{
    const char   *t, *name, *key;
    const json_t *def, *fs, *item;
    size_t        i;

    if (!json_is_object(schema))              /* JSON null: no schema ("items":null) */
        schema = NULL;
    if (v == NULL || json_is_null(v)) {
        def = json_object_get(schema, "default");
        if (schema != NULL && def != NULL && !json_is_null(def) && c->replace_null)
            return write_json(c, out, schema, def, err);
        if (schema != NULL && !kc_schema_optional(schema))
            return kc_err_set(err, KC_EINVAL, "Conversion error: null value for field that is "
                              "required and has no default value");
        kc_wbuf_raw(out, "null", 4);
        return KC_OK;
    }
    if ((t = kc_schema_type(schema)) == NULL) {
        kc_json_java_write(out, v);
        return KC_OK;
    }
    name = kc_schema_name(schema);
    if (!c->numeric_decimals && name != NULL && strcmp(name, KC_LOGICAL_DECIMAL) == 0 &&
        kc_decimal_payload_kept(v))
        return kc_err_set(err, KC_EINVAL, "BigDecimal has mismatching scale value for given "
                          "Decimal schema");               /* Decimal.fromLogical's */
    if (c->numeric_decimals && name != NULL && strcmp(name, KC_LOGICAL_DECIMAL) == 0)
        return append_decimal(out, schema, v, err);
    if (strcmp(t, "struct") == 0 && json_is_object(v)) {
        kc_wbuf_raw(out, "{", 1);
        json_array_foreach(json_object_get(schema, "fields"), i, fs) {
            const json_t *fname = json_object_get(fs, "field");
            if (i > 0)
                kc_wbuf_raw(out, ",", 1);
            kc_json_java_write_string(out, json_string_value(fname), json_string_length(fname));
            kc_wbuf_raw(out, ":", 1);
            if (write_json(c, out, fs, json_object_get(v, json_string_value(fname)), err)
                != KC_OK)
                return KC_EINVAL;
        }
        kc_wbuf_raw(out, "}", 1);
    } else if (strcmp(t, "array") == 0 && json_is_array(v)) {
        kc_wbuf_raw(out, "[", 1);
        json_array_foreach(v, i, item) {
            if (i > 0)
                kc_wbuf_raw(out, ",", 1);
            if (write_json(c, out, json_object_get(schema, "items"), item, err) != KC_OK)
                return KC_EINVAL;
        }
        kc_wbuf_raw(out, "]", 1);
    } else if (strcmp(t, "map") == 0 && json_is_object(v)) {
        kc_wbuf_raw(out, "{", 1);
        i = 0;
        json_object_foreach((json_t *) v, key, item) {
            if (i++ > 0)
                kc_wbuf_raw(out, ",", 1);
            kc_json_java_write_string(out, key, strlen(key));
            kc_wbuf_raw(out, ":", 1);
            if (write_json(c, out, json_object_get(schema, "values"), item, err) != KC_OK)
                return KC_EINVAL;
        }
        kc_wbuf_raw(out, "}", 1);
    } else if (strcmp(t, "map") == 0 && json_is_array(v)) {
        kc_wbuf_raw(out, "[", 1);
        json_array_foreach(v, i, item) {
            if (i > 0)
                kc_wbuf_raw(out, ",", 1);
            kc_wbuf_raw(out, "[", 1);
            if (write_json(c, out, json_object_get(schema, "keys"), json_array_get(item, 0),
                           err) != KC_OK)
                return KC_EINVAL;
            kc_wbuf_raw(out, ",", 1);
            if (write_json(c, out, json_object_get(schema, "values"), json_array_get(item, 1),
                           err) != KC_OK)
                return KC_EINVAL;
            kc_wbuf_raw(out, "]", 1);
        }
        kc_wbuf_raw(out, "]", 1);
    } else {
        kc_json_java_write(out, v);
    }
    return KC_OK;
}

/* asJsonSchema: the schema's members in their order, its default written as a value of it
 * (a Decimal default as decimal.format says). */
static int
write_schema(const kc_converter *c, kc_wbuf *out, const json_t *schema, kc_err *err)
{
    const char *key;
    json_t     *m, *item;
    size_t      i, n = 0;

    if (!json_is_object(schema)) {
        kc_json_java_write(out, schema == NULL ? json_null() : schema);
        return KC_OK;
    }
    kc_wbuf_raw(out, "{", 1);
    json_object_foreach((json_t *) schema, key, m) {
        int rc = KC_OK;
        if (n++ > 0)
            kc_wbuf_raw(out, ",", 1);
        kc_json_java_write_string(out, key, strlen(key));
        kc_wbuf_raw(out, ":", 1);
        if (strcmp(key, "default") == 0) {
            rc = write_json(c, out, schema, m, err);
        } else if (strcmp(key, "items") == 0 || strcmp(key, "keys") == 0 ||
                   strcmp(key, "values") == 0) {
            rc = write_schema(c, out, m, err);
        } else if (strcmp(key, "fields") == 0 && json_is_array(m)) {
            kc_wbuf_raw(out, "[", 1);
            json_array_foreach(m, i, item) {
                if (i > 0)
                    kc_wbuf_raw(out, ",", 1);
                if ((rc = write_schema(c, out, item, err)) != KC_OK)
                    break;
            }
            kc_wbuf_raw(out, "]", 1);
        } else {
            kc_json_java_write(out, m);
        }
        if (rc != KC_OK)
            return rc;
    }
    kc_wbuf_raw(out, "}", 1);
    return KC_OK;
}

/* The envelope's schema for v, from the texts written last when v's schema is one of them
 * (Java's fromConnectSchemaCache). A connector's text or bytes without a schema carry
 * Java's STRING_SCHEMA or BYTES_SCHEMA. */
static int
write_schema_cached(kc_converter *c, kc_wbuf *out, const kc_value *v, kc_err *err)
{
    const json_t *schema = v->schema;
    size_t        at;
    unsigned      i;

    if (schema == NULL) {
        if (v->kind == KC_VALUE_STRING)
            kc_wbuf_raw(out, "{\"type\":\"string\",\"optional\":false}", 34);
        else if (v->kind == KC_VALUE_BYTES)
            kc_wbuf_raw(out, "{\"type\":\"bytes\",\"optional\":false}", 33);
        else
            kc_wbuf_raw(out, "null", 4);
        return KC_OK;
    }
    for (i = 0; i < c->cache_size; i++)
        if (c->cache[i].schema == schema) {
            kc_wbuf_raw(out, c->cache[i].text, c->cache[i].len);
            return KC_OK;
        }
    at = out->len;
    if (write_schema(c, out, schema, err) != KC_OK)
        return KC_EINVAL;
    if (c->cache_size > 0) {
        i = c->cache_next;
        c->cache_next = (i + 1) % c->cache_size;
        json_decref(c->cache[i].schema);
        free(c->cache[i].text);
        c->cache[i].schema = json_incref((json_t *) schema);
        c->cache[i].len = out->len - at;
        c->cache[i].text = kc_xmalloc(c->cache[i].len);
        memcpy(c->cache[i].text, out->buf + at, c->cache[i].len);
    }
    return KC_OK;
}

int
kc_converter_from_connect(kc_converter *c, const kc_value *v, kc_wbuf *scratch,
                          const void **out, size_t *len, kc_err *err)
{
    *out = NULL;
    *len = 0;
    if (v->kind == KC_VALUE_NULL)
        return KC_OK;                                  /* a tombstone, whatever the converter */
    /* A null value: the converters other than JsonConverter write none, and JsonConverter
     * none without a schema (its fromConnectData). */
    if (v->kind == KC_VALUE_JSON && (v->json == NULL || json_is_null(v->json)) &&
        (c->kind != KC_CONVERTER_JSON || v->schema == NULL))
        return KC_OK;
    switch (c->kind) {
    case KC_CONVERTER_BYTEARRAY:
        /* A connector's text carries Java's STRING_SCHEMA (the file source's lines). */
        if (v->kind == KC_VALUE_STRING && v->schema == NULL)
            return kc_err_set(err, KC_EINVAL, "Invalid schema type for ByteArrayConverter: "
                              "STRING");
        if (v->kind == KC_VALUE_BYTES) {
            *out = v->ptr;
            *len = v->len;
            return KC_OK;
        }
        kc_wbuf_reset(scratch);
        if (bytes_only(v->schema, v->json, scratch, err) != KC_OK)
            return KC_EINVAL;
        *out = scratch->buf;
        *len = scratch->len;
        return KC_OK;
    case KC_CONVERTER_STRING:
        if ((v->kind == KC_VALUE_STRING || v->kind == KC_VALUE_BYTES) && c->encode == NULL) {
            *out = v->ptr;
            *len = v->len;
            return KC_OK;
        }
        kc_wbuf_reset(scratch);
        if (v->kind == KC_VALUE_STRING || v->kind == KC_VALUE_BYTES) {
            encode_text(c, scratch, v->ptr, v->len);
        } else {
            /* Java's value.toString(): "Struct{line=a}", "{k=v}", "[1, 2]". */
            size_t n;
            char  *text = kc_java_value_string(v->json, v->schema, &n);
            if (c->encode != NULL)
                encode_text(c, scratch, text, n);
            else
                kc_wbuf_raw(scratch, text, n);
            free(text);
        }
        *out = scratch->buf;
        *len = scratch->len;
        return KC_OK;
    case KC_CONVERTER_JSON:
        break;
    default:
        return number_from_connect(c, v, scratch, out, len, err);
    }
    kc_wbuf_reset(scratch);
    if (c->schemas_enable) {
        kc_wbuf_raw(scratch, "{\"schema\":", 10);
        if (write_schema_cached(c, scratch, v, err) != KC_OK)
            return KC_EINVAL;
        kc_wbuf_raw(scratch, ",\"payload\":", 11);
    }
    if (v->kind == KC_VALUE_STRING) {
        write_text(scratch, v->ptr, v->len);
    } else if (v->kind == KC_VALUE_BYTES) {
        char *b64 = kc_base64_encode(v->ptr, v->len);
        kc_json_java_write_string(scratch, b64, strlen(b64));
        free(b64);
    } else if (write_json(c, scratch, v->schema, v->json, err) != KC_OK) {
        return KC_EINVAL;
    }
    if (c->schemas_enable)
        kc_wbuf_raw(scratch, "}", 1);
    *out = scratch->buf;
    *len = scratch->len;
    return KC_OK;
}

/* ===== JsonConverter's checks of an envelope (asConnectSchema, convertToConnect) ===== */

/* Connect's Schema.Type name of a JSON schema type ("float" is FLOAT32). */
static const char *
connect_type(const char *t)
{
    static const char *const names[][2] = {
        { "boolean", "BOOLEAN" }, { "int8", "INT8" }, { "int16", "INT16" }, { "int32", "INT32" },
        { "int64", "INT64" }, { "float", "FLOAT32" }, { "double", "FLOAT64" },
        { "bytes", "BYTES" }, { "string", "STRING" }, { "array", "ARRAY" }, { "map", "MAP" },
        { "struct", "STRUCT" },
    };

    for (size_t i = 0; i < KC_ARRAY_LEN(names); i++)
        if (strcmp(t, names[i][0]) == 0)
            return names[i][1];
    return NULL;
}

/* Jackson's JsonNodeType name of a value. */
static const char *
node_type(const json_t *v)
{
    switch (v == NULL ? JSON_NULL : json_typeof(v)) {
    case JSON_OBJECT:  return "OBJECT";
    case JSON_ARRAY:   return "ARRAY";
    case JSON_STRING:  return "STRING";
    case JSON_INTEGER:
    case JSON_REAL:    return "NUMBER";
    case JSON_TRUE:
    case JSON_FALSE:   return "BOOLEAN";
    default:           return v == NULL ? "MISSING" : "NULL";
    }
}

static int check_value(const json_t *v, const json_t *schema, kc_err *err);

static int check_schema(const json_t *schema, kc_err *err);

/* A map schema's "keys" or "values" schema (what: "key" or "value"), as asConnectSchema
 * and SchemaBuilder.map check it. */
static int
check_map_part(const json_t *schema, const char *member, const char *what, kc_err *err)
{
    const json_t *part = json_object_get(schema, member);

    if (part == NULL)
        return kc_err_set(err, KC_EINVAL, "Map schema did not specify the %s type", what);
    if (json_is_null(part))
        return kc_err_set(err, KC_EINVAL, "%sSchema cannot be null.", what);
    return check_schema(part, err);
}

/* asConnectSchema: the schema Java can build from it, or its DataException. */
static int
check_schema(const json_t *schema, kc_err *err)
{
    const char   *t = json_string_value(json_object_get(schema, "type"));
    const json_t *part, *field, *def;
    size_t        i, j;

    if (schema == NULL || json_is_null(schema))
        return KC_OK;
    if (t == NULL)
        return kc_err_set(err, KC_EINVAL, "Schema must contain 'type' field");
    if (connect_type(t) == NULL)
        return kc_err_set(err, KC_EINVAL, "Unknown schema type: %s", t);
    if (strcmp(t, "array") == 0) {
        if ((part = json_object_get(schema, "items")) == NULL || json_is_null(part))
            return kc_err_set(err, KC_EINVAL, "Array schema did not specify the element type");
        if (check_schema(part, err) != KC_OK)
            return KC_EINVAL;
    } else if (strcmp(t, "map") == 0) {
        if (check_map_part(schema, "keys", "key", err) != KC_OK ||
            check_map_part(schema, "values", "value", err) != KC_OK)
            return KC_EINVAL;
    } else if (strcmp(t, "struct") == 0) {
        part = json_object_get(schema, "fields");
        if (!json_is_array(part))
            return kc_err_set(err, KC_EINVAL, "Struct schema's \"fields\" argument is not an "
                              "array.");
        json_array_foreach(part, i, field) {
            const char *name = json_string_value(json_object_get(field, "field"));
            if (name == NULL)
                return kc_err_set(err, KC_EINVAL, "Struct schema's field name not specified "
                                  "properly");
            for (j = 0; j < i; j++)
                if (strcmp(name, json_string_value(json_object_get(json_array_get(part, j),
                                                                   "field"))) == 0)
                    return kc_err_set(err, KC_EINVAL, "Cannot create field because of field "
                                      "name duplication %s", name);
            if (check_schema(field, err) != KC_OK)
                return KC_EINVAL;
        }
    }
    /* The default is read as a value of the schema: a null one is refused unless optional. */
    if ((def = json_object_get(schema, "default")) != NULL &&
        check_value(json_is_null(def) ? NULL : def, schema, err) != KC_OK)
        return KC_EINVAL;
    return KC_OK;
}

static bool
is_optional(const json_t *schema)
{
    return json_is_true(json_object_get(schema, "optional"));
}

/* convertToConnect's DataExceptions for v under a schema check_schema accepted: a null
 * where a value is required, and structs and maps not encoded as their type says. */
static int
check_value(const json_t *v, const json_t *schema, kc_err *err)
{
    const char   *t = json_string_value(json_object_get(schema, "type"));
    const json_t *item, *def;
    size_t        i;

    if (schema == NULL || json_is_null(schema))
        return KC_OK;
    if (v == NULL || json_is_null(v)) {
        def = json_object_get(schema, "default");
        if ((def != NULL && !json_is_null(def)) || is_optional(schema))
            return KC_OK;
        return kc_err_set(err, KC_EINVAL, "Invalid null value for required %s field",
                          connect_type(t));
    }
    if (strcmp(t, "struct") == 0) {
        if (!json_is_object(v))
            return kc_err_set(err, KC_EINVAL, "Structs should be encoded as JSON objects, but "
                              "found %s", node_type(v));
        json_array_foreach(json_object_get(schema, "fields"), i, item) {
            const char *name = json_string_value(json_object_get(item, "field"));
            if (check_value(json_object_get(v, name), item, err) != KC_OK)
                return KC_EINVAL;
        }
    } else if (strcmp(t, "array") == 0 && json_is_array(v)) {
        json_array_foreach(v, i, item)
            if (check_value(item, json_object_get(schema, "items"), err) != KC_OK)
                return KC_EINVAL;
    } else if (strcmp(t, "map") == 0) {
        const json_t *ks = json_object_get(schema, "keys"), *vs = json_object_get(schema, "values");
        const char   *key;
        if (strcmp(json_string_value(json_object_get(ks, "type")), "string") == 0) {
            if (!json_is_object(v))
                return kc_err_set(err, KC_EINVAL, "Maps with string fields should be encoded as "
                                  "JSON objects, but found %s", node_type(v));
            json_object_foreach((json_t *) v, key, item)
                if (check_value(item, vs, err) != KC_OK)
                    return KC_EINVAL;
        } else {
            if (!json_is_array(v))
                return kc_err_set(err, KC_EINVAL, "Maps with non-string fields should be encoded "
                                  "as JSON array of tuples, but found %s", node_type(v));
            json_array_foreach(v, i, item) {
                if (!json_is_array(item))
                    return kc_err_set(err, KC_EINVAL, "Found invalid map entry instead of array "
                                      "tuple: %s", node_type(item));
                if (json_array_size(item) != 2)
                    return kc_err_set(err, KC_EINVAL, "Found invalid map entry, expected length 2 "
                                      "but found :%zu", json_array_size(item));
                if (check_value(json_array_get(item, 0), ks, err) != KC_OK ||
                    check_value(json_array_get(item, 1), vs, err) != KC_OK)
                    return KC_EINVAL;
            }
        }
    }
    return KC_OK;
}

/* ===== JsonConverter's reading of values (convertToConnect) ===== */

/* Whether values under schema read differently from their JSON: a default (a null may take
 * it) or a Decimal (a number becomes its base64 payload) anywhere in it. */
static bool
needs_reading(const json_t *schema)
{
    const char *name = kc_schema_name(schema);
    json_t     *fs;
    size_t      i;

    if (!json_is_object(schema))
        return false;
    if (json_object_get(schema, "default") != NULL ||
        (name != NULL && strcmp(name, KC_LOGICAL_DECIMAL) == 0))
        return true;
    json_array_foreach(json_object_get(schema, "fields"), i, fs)
        if (needs_reading(fs))
            return true;
    return needs_reading(json_object_get(schema, "items")) ||
           needs_reading(json_object_get(schema, "keys")) ||
           needs_reading(json_object_get(schema, "values"));
}

/* The document's numbers with their text: jansson keeps a number's value, not its digits,
 * and Jackson reads a decimal from the digits (USE_BIG_DECIMAL_FOR_FLOATS). */
typedef struct number_texts {
    const char    *raw;            /* the record's bytes */
    size_t         len;
    const json_t  *doc;            /* their parse */
    bool           found;          /* nodes and spans filled */
    const json_t **nodes;          /* the numbers of doc, in document order */
    size_t         nnodes, cap;
    size_t        *spans;          /* start, length of each number token of raw, in order */
    size_t         nspans;
} number_texts;

static void
collect_nodes(number_texts *t, const json_t *v)
{
    const char *key;
    json_t     *item;
    size_t      i;

    if (json_is_number(v)) {
        if (t->nnodes == t->cap) {
            t->cap = t->cap ? t->cap * 2 : 16;
            t->nodes = kc_xrealloc(t->nodes, t->cap * sizeof(*t->nodes));
        }
        t->nodes[t->nnodes++] = v;
    } else if (json_is_object(v)) {
        json_object_foreach((json_t *) v, key, item)
            collect_nodes(t, item);
    } else if (json_is_array(v)) {
        json_array_foreach(v, i, item)
            collect_nodes(t, item);
    }
}

static void
collect_spans(number_texts *t)
{
    size_t i = 0, cap = 0;

    while (i < t->len) {
        char c = t->raw[i];
        if (c == '"') {
            for (i++; i < t->len && t->raw[i] != '"'; i++)
                i += t->raw[i] == '\\';
            i++;
        } else if (c == '-' || (c >= '0' && c <= '9')) {
            size_t start = i;
            while (i < t->len && t->raw[i] != '\0' && strchr("0123456789+-.eE", t->raw[i]))
                i++;
            if (t->nspans + 2 > cap) {
                cap = cap ? cap * 2 : 32;
                t->spans = kc_xrealloc(t->spans, cap * sizeof(*t->spans));
            }
            t->spans[t->nspans++] = start;
            t->spans[t->nspans++] = i - start;
        } else {
            i++;
        }
    }
    t->nspans /= 2;
}

/* The text of number node v, or NULL when the document's numbers cannot be matched with its
 * tokens (a key given twice drops one of them from the parse). New string. */
static char *
number_text(number_texts *t, const json_t *v)
{
    if (!t->found) {
        collect_nodes(t, t->doc);
        collect_spans(t);
        t->found = true;
    }
    if (t->nnodes != t->nspans)
        return NULL;
    for (size_t i = 0; i < t->nnodes; i++)
        if (t->nodes[i] == v)
            return kc_xstrndup(t->raw + t->spans[2 * i], t->spans[2 * i + 1]);
    return NULL;
}

/* convertToConnect: v (NULL: missing) under schema as the data model holds it (new
 * reference, NULL with Java's DataException): a null takes the schema's default when
 * replace.null.with.default says so, a Decimal number its payload at the schema's scale. */
static json_t *
read_value(const kc_converter *c, number_texts *t, const json_t *schema, json_t *v,
           kc_err *err)
{
    const char   *type = kc_schema_type(schema), *name = kc_schema_name(schema), *key;
    const json_t *def;
    json_t       *out, *item, *x;
    size_t        i;

    if (type == NULL)
        return v ? json_incref(v) : json_null();
    if (v == NULL || json_is_null(v)) {
        def = json_object_get(schema, "default");
        if (def != NULL && !json_is_null(def) && c->replace_null)
            return read_value(c, t, schema, (json_t *) def, err);
        if (!kc_schema_optional(schema)) {
            kc_err_set(err, KC_EINVAL, "Invalid null value for required %s field",
                       connect_type(type));
            return NULL;
        }
        return json_null();
    }
    if (name != NULL && strcmp(name, KC_LOGICAL_DECIMAL) == 0 && json_is_number(v)) {
        char           *text = number_text(t, v);
        kc_big_decimal  d;
        if (text == NULL || kc_big_decimal_parse(text, &d) != 0) {
            free(text);
            kc_err_set(err, KC_EINVAL, "Invalid value for Decimal field: its number could not "
                       "be read (a key given twice in the record)");
            return NULL;
        }
        out = kc_decimal_payload(schema, &d);  /* Java's BigDecimal keeps its own scale */
        free(text);
        kc_big_decimal_free(&d);
        return out;
    }
    if (strcmp(type, "struct") == 0 && json_is_object(v)) {
        out = json_object();
        json_array_foreach(json_object_get(schema, "fields"), i, item) {
            const char *fname = json_string_value(json_object_get(item, "field"));
            if ((x = read_value(c, t, item, json_object_get(v, fname), err)) == NULL) {
                json_decref(out);
                return NULL;
            }
            json_object_set_new(out, fname, x);
        }
        return out;
    }
    if ((strcmp(type, "array") == 0 || strcmp(type, "map") == 0) && json_is_array(v)) {
        bool map = strcmp(type, "map") == 0;
        out = json_array();
        json_array_foreach(v, i, item) {
            if (map) {
                json_t *k = read_value(c, t, json_object_get(schema, "keys"),
                                       json_array_get(item, 0), err);
                json_t *val = k ? read_value(c, t, json_object_get(schema, "values"),
                                             json_array_get(item, 1), err) : NULL;
                x = val ? json_pack("[oo]", k, val) : NULL;
                if (val == NULL)
                    json_decref(k);
            } else {
                x = read_value(c, t, json_object_get(schema, "items"), item, err);
            }
            if (x == NULL) {
                json_decref(out);
                return NULL;
            }
            json_array_append_new(out, x);
        }
        return out;
    }
    if (strcmp(type, "map") == 0 && json_is_object(v)) {
        out = json_object();
        json_object_foreach(v, key, item) {
            if ((x = read_value(c, t, json_object_get(schema, "values"), item, err)) == NULL) {
                json_decref(out);
                return NULL;
            }
            json_object_set_new(out, key, x);
        }
        return out;
    }
    return json_incref(v);
}

int
kc_converter_to_connect(kc_converter *c, const void *data, size_t len, kc_value *out,
                        kc_err *err)
{
    json_t      *doc, *payload, *schema;
    json_error_t jerr;
    const char  *type;

    memset(out, 0, sizeof(*out));
    if (data == NULL)
        return KC_OK;
    if (c->kind == KC_CONVERTER_STRING && c->encode != NULL) {
        /* The text, owned by a JSON string the value holds (ptr/len point into it). */
        kc_wbuf text;
        kc_wbuf_init(&text);
        decode_text(c, &text, data, len);
        out->kind = KC_VALUE_STRING;
        out->json = json_stringn_nocheck(text.len ? (const char *) text.buf : "", text.len);
        out->ptr = json_string_value(out->json);
        out->len = text.len;
        kc_wbuf_free(&text);
        return KC_OK;
    }
    if (c->kind == KC_CONVERTER_BYTEARRAY || c->kind == KC_CONVERTER_STRING) {
        out->kind = c->kind == KC_CONVERTER_BYTEARRAY ? KC_VALUE_BYTES : KC_VALUE_STRING;
        out->ptr = data;
        out->len = len;
        return KC_OK;
    }
    if (c->kind != KC_CONVERTER_JSON)
        return number_to_connect(c, data, len, out, err);
    if ((doc = json_loadb(data, len, JSON_DECODE_ANY | JSON_ALLOW_NUL, &jerr)) == NULL)
        return kc_err_set(err, KC_EINVAL, "Converting byte[] to Kafka Connect data failed due "
                          "to serialization error: %s", jerr.text);
    if (!c->schemas_enable) {
        payload = json_incref(doc);
        schema = NULL;
    } else if (c->schema_content != NULL) {
        /* schema.content: the whole document is the payload of that schema. */
        payload = json_incref(doc);
        schema = json_incref(c->schema_content);
    } else {
        if (!json_is_object(doc) || json_object_size(doc) != 2 ||
            !json_object_get(doc, "schema") || !json_object_get(doc, "payload")) {
            json_decref(doc);
            return kc_err_set(err, KC_EINVAL, "JsonConverter with schemas.enable requires "
                              "\"schema\" and \"payload\" fields and may not contain additional "
                              "fields. If you are trying to deserialize plain JSON data, set "
                              "schemas.enable=false in your converter configuration.");
        }
        payload = json_incref(json_object_get(doc, "payload"));
        schema = json_object_get(doc, "schema");
        schema = json_is_null(schema) ? NULL : json_incref(schema);
    }
    if (schema != NULL && (check_schema(schema, err) != KC_OK ||
                           check_value(payload, schema, err) != KC_OK)) {
        json_decref(payload);
        json_decref(schema);
        json_decref(doc);
        return KC_EINVAL;
    }
    /* Its maps as Java's HashMaps iterate them, before defaults (the schema's) go in. */
    kc_java_read_maps(payload, schema);
    if (needs_reading(schema)) {
        number_texts t = { .raw = data, .len = len, .doc = doc };
        json_t      *read = read_value(c, &t, schema, payload, err);
        free(t.nodes);
        free(t.spans);
        json_decref(payload);
        if ((payload = read) == NULL) {
            json_decref(schema);
            json_decref(doc);
            return KC_EINVAL;
        }
    }
    json_decref(doc);
    type = json_string_value(json_object_get(schema, "type"));
    if (json_is_null(payload)) {
        json_decref(payload);
        json_decref(schema);
        return KC_OK;
    }
    out->kind = KC_VALUE_JSON;
    out->json = payload;
    out->schema = schema;
    if (json_is_string(payload) && (type == NULL || strcmp(type, "string") == 0)) {
        /* Strings stay JSON-owned; ptr/len point into the json_t. */
        out->kind = KC_VALUE_STRING;
        out->ptr = json_string_value(payload);
        out->len = json_string_length(payload);
    }
    return KC_OK;
}

/* ===== The converter plugins, as Connect lists them ===== */

const char *const kc_converter_classes[] = {
    "org.apache.kafka.connect.converters.BooleanConverter",
    "org.apache.kafka.connect.converters.ByteArrayConverter",
    "org.apache.kafka.connect.converters.DoubleConverter",
    "org.apache.kafka.connect.converters.FloatConverter",
    "org.apache.kafka.connect.converters.IntegerConverter",
    "org.apache.kafka.connect.converters.LongConverter",
    "org.apache.kafka.connect.converters.ShortConverter",
    "org.apache.kafka.connect.json.JsonConverter",
    "org.apache.kafka.connect.storage.StringConverter",
    NULL,
};

const char *const kc_header_converter_classes[] = {
    "org.apache.kafka.connect.converters.ByteArrayConverter",
    "org.apache.kafka.connect.storage.SimpleHeaderConverter",
    NULL,
};

/* Their config definitions, as Kafka 4.3.1 shows them (ByteArrayConverter's is
 * converter.type alone). */
static const char json_converter_defs[] =
    "[{\"name\":\"converter.type\",\"type\":\"STRING\",\"required\":true,\"default_value\":nu"
    "ll,\"importance\":\"LOW\",\"documentation\":\"How this converter will be used.\",\"group"
    "\":null,\"order_in_group\":-1,\"width\":\"NONE\",\"display_name\":\"converter.type\",\"d"
    "ependents\":[]},{\"name\":\"schemas.enable\",\"type\":\"BOOLEAN\",\"required\":false,\"d"
    "efault_value\":\"true\",\"importance\":\"HIGH\",\"documentation\":\"Include schemas with"
    "in each of the serialized values and keys.\",\"group\":\"Schemas\",\"order_in_group\":0,"
    "\"width\":\"MEDIUM\",\"display_name\":\"Enable Schemas\",\"dependents\":[]},{\"name\":\""
    "schemas.cache.size\",\"type\":\"INT\",\"required\":false,\"default_value\":\"1000\",\"im"
    "portance\":\"HIGH\",\"documentation\":\"The maximum number of schemas that can be cached"
    " in this converter instance.\",\"group\":\"Schemas\",\"order_in_group\":1,\"width\":\"ME"
    "DIUM\",\"display_name\":\"Schema Cache Size\",\"dependents\":[]},{\"name\":\"schema.cont"
    "ent\",\"type\":\"STRING\",\"required\":false,\"default_value\":null,\"importance\":\"HIG"
    "H\",\"documentation\":\"When set, this is used as the schema for all messages, and the s"
    "chemas within each of the message will be ignored.Otherwise, the schema will be included"
    " in the content of each message. This configuration applies only 'schemas.enable' is tru"
    "e, and it exclusively affects the sink connector.\",\"group\":\"Schemas\",\"order_in_gro"
    "up\":2,\"width\":\"MEDIUM\",\"display_name\":\"Schema Content\",\"dependents\":[]},{\"na"
    "me\":\"decimal.format\",\"type\":\"STRING\",\"required\":false,\"default_value\":\"BASE6"
    "4\",\"importance\":\"LOW\",\"documentation\":\"Controls which format this converter will"
    " serialize decimals in. This value is case insensitive and can be either 'BASE64' (defau"
    "lt) or 'NUMERIC'\",\"group\":\"Serialization\",\"order_in_group\":0,\"width\":\"MEDIUM\""
    ",\"display_name\":\"Decimal Format\",\"dependents\":[]},{\"name\":\"replace.null.with.de"
    "fault\",\"type\":\"BOOLEAN\",\"required\":false,\"default_value\":\"true\",\"importance\""
    ":\"LOW\",\"documentation\":\"Whether to replace fields that have a default value and tha"
    "t are null to the default value. When set to true, the default value is used, otherwise "
    "null is used.\",\"group\":\"Serialization\",\"order_in_group\":1,\"width\":\"MEDIUM\",\""
    "display_name\":\"Replace null with default\",\"dependents\":[]}]";

static const char string_converter_defs[] =
    "[{\"name\":\"converter.type\",\"type\":\"STRING\",\"required\":true,\"default_value\":nu"
    "ll,\"importance\":\"LOW\",\"documentation\":\"How this converter will be used.\",\"group"
    "\":null,\"order_in_group\":-1,\"width\":\"NONE\",\"display_name\":\"converter.type\",\"d"
    "ependents\":[]},{\"name\":\"converter.encoding\",\"type\":\"STRING\",\"required\":false,"
    "\"default_value\":\"UTF-8\",\"importance\":\"HIGH\",\"documentation\":\"The name of the "
    "Java character set to use for encoding strings as byte arrays.\",\"group\":null,\"order_"
    "in_group\":-1,\"width\":\"MEDIUM\",\"display_name\":\"Encoding\",\"dependents\":[]}]";

static const char bytes_converter_defs[] =
    "[{\"name\":\"converter.type\",\"type\":\"STRING\",\"required\":true,\"default_value\":nu"
    "ll,\"importance\":\"LOW\",\"documentation\":\"How this converter will be used.\",\"group"
    "\":null,\"order_in_group\":-1,\"width\":\"NONE\",\"display_name\":\"converter.type\",\"d"
    "ependents\":[]}]";

/* "a.b.FooConverter" -> "FooConverter". */
static const char *
simple_name(const char *cls)
{
    const char *dot = strrchr(cls, '.');

    return dot ? dot + 1 : cls;
}

/* Java's PluginUtils aliases: the simple name, and the simple name without the type's
 * suffix ("Converter"). */
static bool
converter_matches(const char *cls, const char *name)
{
    const char *s = simple_name(cls);
    size_t      n = strlen(s) - strlen("Converter");

    return strcmp(cls, name) == 0 || strcmp(s, name) == 0 ||
           (strlen(name) == n && strncmp(s, name, n) == 0);
}

const char *
kc_converter_resolve(const char *name)
{
    /* Confluent Replicator's runbooks name its own pass-through converter. */
    if (strcmp(name, "io.confluent.connect.replicator.util.ByteArrayConverter") == 0)
        return "org.apache.kafka.connect.converters.ByteArrayConverter";
    return kc_converter_find(name);
}

bool
kc_header_converter_simple(const char *name)
{
    return converter_matches(kc_header_converter_classes[1], name);
}

const char *
kc_converter_find(const char *name)
{
    for (size_t i = 0; kc_converter_classes[i]; i++)
        if (converter_matches(kc_converter_classes[i], name))
            return kc_converter_classes[i];
    return NULL;
}

json_t *
kc_converter_config_keys(const char *cls)
{
    return json_loads(strstr(cls, "JsonConverter") ? json_converter_defs
                      : strstr(cls, "StringConverter") ? string_converter_defs
                      : bytes_converter_defs, 0, NULL);
}

/* ===== Header values a transformation set ===== */

/* Values.append: text as Java's SimpleHeaderConverter writes it; embedded (inside a list or
 * struct) strings are quoted with '"' and '\' escaped. */
static int
append_header_text(kc_wbuf *out, const json_t *schema, const json_t *v, bool embedded,
                   kc_err *err)
{
    const char *t, *name;
    size_t      i;
    json_t     *item;
    int64_t     ms;

    if (!json_is_object(schema))              /* JSON null: no schema ("items":null) */
        schema = NULL;
    t = kc_schema_type(schema);
    name = kc_schema_name(schema);
    if (v == NULL || json_is_null(v)) {
        kc_wbuf_raw(out, "null", 4);
        return KC_OK;
    }
    if (name != NULL && strcmp(name, KC_LOGICAL_DECIMAL) == 0)
        return append_decimal(out, schema, v, err);      /* a Number: never quoted */
    if (kc_data_date_ms(schema, v, &ms)) {
        char *text = kc_java_header_date_string(ms);
        kc_wbuf_raw(out, text, strlen(text));            /* a java.util.Date: never quoted */
        free(text);
        return KC_OK;
    }
    if ((t != NULL && strcmp(t, "map") == 0) || (t == NULL && json_is_object(v))) {
        /* Values.append of a Map: "k":v as the map iterates (its order held, lib/data.h). */
        const json_t *ks = json_object_get(schema, "keys"), *vs = json_object_get(schema, "values");
        const char   *key;
        json_t       *k;
        size_t        n = 0;
        int           rc;
        kc_wbuf_raw(out, "{", 1);
        if (json_is_object(v)) {
            json_object_foreach((json_t *) v, key, item) {
                if (n++ > 0)
                    kc_wbuf_raw(out, ",", 1);
                k = json_string(key);
                rc = append_header_text(out, ks, k, true, err);
                json_decref(k);
                kc_wbuf_raw(out, ":", 1);
                if (rc != KC_OK || append_header_text(out, vs, item, true, err) != KC_OK)
                    return KC_EINVAL;
            }
        } else {
            json_array_foreach(v, i, item) {
                if (i > 0)
                    kc_wbuf_raw(out, ",", 1);
                if (append_header_text(out, ks, json_array_get(item, 0), true, err) != KC_OK)
                    return KC_EINVAL;
                kc_wbuf_raw(out, ":", 1);
                if (append_header_text(out, vs, json_array_get(item, 1), true, err) != KC_OK)
                    return KC_EINVAL;
            }
        }
        kc_wbuf_raw(out, "}", 1);
        return KC_OK;
    }
    if ((t != NULL && strcmp(t, "array") == 0) || (t == NULL && json_is_array(v))) {
        kc_wbuf_raw(out, "[", 1);
        json_array_foreach(v, i, item) {
            if (i > 0)
                kc_wbuf_raw(out, ",", 1);
            if (append_header_text(out, json_object_get(schema, "items"), item, true, err)
                != KC_OK)
                return KC_EINVAL;
        }
        kc_wbuf_raw(out, "]", 1);
        return KC_OK;
    }
    if (t != NULL && strcmp(t, "struct") == 0) {
        kc_wbuf_raw(out, "{", 1);
        json_array_foreach(json_object_get(schema, "fields"), i, item) {
            json_t *fname = json_object_get(item, "field");
            if (i > 0)
                kc_wbuf_raw(out, ",", 1);
            const json_t *fv = json_object_get(v, json_string_value(fname));
            const json_t *def = json_object_get(item, "default");
            if ((fv == NULL || json_is_null(fv)) && def != NULL)
                fv = def;                      /* Struct.get: a null field's default */
            append_header_text(out, NULL, fname, true, err);
            kc_wbuf_raw(out, ":", 1);
            if (append_header_text(out, item, fv, true, err) != KC_OK)
                return KC_EINVAL;
        }
        kc_wbuf_raw(out, "}", 1);
        return KC_OK;
    }
    if (json_is_string(v)) {
        const char *s = json_string_value(v);
        if (!embedded) {
            kc_wbuf_raw(out, s, json_string_length(v));
            return KC_OK;
        }
        kc_wbuf_raw(out, "\"", 1);
        for (size_t k = 0; k < json_string_length(v); k++) {
            if (s[k] == '\\' || (s[k] == '"' && (t == NULL || strcmp(t, "bytes") != 0)))
                kc_wbuf_raw(out, "\\", 1);
            kc_wbuf_raw(out, &s[k], 1);
        }
        kc_wbuf_raw(out, "\"", 1);
        return KC_OK;
    }
    {
        size_t n;
        char  *text = kc_java_value_string(v, schema, &n);
        kc_wbuf_raw(out, text, n);
        free(text);
    }
    return KC_OK;
}

int
kc_header_from_connect(bool simple, const json_t *schema, const json_t *value, kc_wbuf *out,
                       bool *is_null, kc_err *err)
{
    *is_null = value == NULL || json_is_null(value);
    if (*is_null)
        return KC_OK;
    if (simple)
        return append_header_text(out, schema, value, false, err);
    return bytes_only(schema, value, out, err);
}
