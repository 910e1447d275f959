/*
 * worker/converter.c - see converter.h. Error messages are Java's DataException texts.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "worker/converter.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "worker/configdef.h"
#include "worker/json_java.h"

int
kc_converter_init(kc_converter *c, const char *class_name, const char *schemas_enable,
                  kc_err *err)
{
    char *name = kc_java_trim(class_name ? class_name : "");
    int   rc = KC_OK;

    memset(c, 0, sizeof(*c));
    c->schemas_enable = true;
    /* Confluent Replicator's runbooks name its own pass-through converter. */
    if (strcmp(name, "org.apache.kafka.connect.converters.ByteArrayConverter") == 0 ||
        strcmp(name, "ByteArrayConverter") == 0 ||
        strcmp(name, "io.confluent.connect.replicator.util.ByteArrayConverter") == 0) {
        c->kind = KC_CONVERTER_BYTEARRAY;
    } else if (strcmp(name, "org.apache.kafka.connect.storage.StringConverter") == 0 ||
               strcmp(name, "StringConverter") == 0) {
        c->kind = KC_CONVERTER_STRING;
    } else if (strcmp(name, "org.apache.kafka.connect.json.JsonConverter") == 0 ||
               strcmp(name, "JsonConverter") == 0) {
        c->kind = KC_CONVERTER_JSON;
        if (schemas_enable != NULL) {
            char *v = kc_java_trim(schemas_enable);
            if (strcasecmp(v, "false") == 0)
                c->schemas_enable = false;
            else if (strcasecmp(v, "true") != 0)
                rc = kc_err_set(err, KC_EINVAL, "Invalid value %s for configuration "
                                "schemas.enable: Expected value to be either true or false", v);
            free(v);
        }
    } else {
        rc = kc_err_set(err, KC_EINVAL, "Class %s could not be found.", name);
    }
    free(name);
    return rc;
}

void
kc_value_clear(kc_value *v)
{
    json_decref(v->json);
    json_decref(v->schema);
    memset(v, 0, sizeof(*v));
}

static json_t *
schema_of(const kc_value *v)
{
    if (v->schema != NULL)
        return json_incref(v->schema);
    if (v->kind == KC_VALUE_STRING)
        return json_pack("{s:s,s:b}", "type", "string", "optional", 0);
    if (v->kind == KC_VALUE_BYTES)
        return json_pack("{s:s,s:b}", "type", "bytes", "optional", 0);
    return json_null();
}

static json_t *
payload_of(const kc_value *v)
{
    if (v->kind == KC_VALUE_STRING)
        return json_stringn(v->ptr, v->len);
    if (v->kind == KC_VALUE_BYTES) {
        char   *b64 = kc_base64_encode(v->ptr, v->len);
        json_t *s = json_string(b64);
        free(b64);
        return s;
    }
    return v->json ? json_incref(v->json) : json_null();
}

int
kc_converter_from_connect(const kc_converter *c, const kc_value *v, kc_wbuf *scratch,
                          const void **out, size_t *len, kc_err *err)
{
    *out = NULL;
    *len = 0;
    if (v->kind == KC_VALUE_NULL)
        return KC_OK;                                  /* a tombstone, whatever the converter */
    switch (c->kind) {
    case KC_CONVERTER_BYTEARRAY:
        if (v->kind != KC_VALUE_BYTES)
            return kc_err_set(err, KC_EINVAL, "ByteArrayConverter is not compatible with "
                              "objects of type %s", v->kind == KC_VALUE_STRING
                              ? "class java.lang.String" : "class java.util.HashMap");
        *out = v->ptr;
        *len = v->len;
        return KC_OK;
    case KC_CONVERTER_STRING:
        if (v->kind == KC_VALUE_STRING || v->kind == KC_VALUE_BYTES) {
            *out = v->ptr;
            *len = v->len;
            return KC_OK;
        }
        break;
    case KC_CONVERTER_JSON:
        break;
    }
    {
        json_t *doc;
        char   *text;
        size_t  n;
        if (c->kind == KC_CONVERTER_JSON && c->schemas_enable) {
            doc = json_object();
            json_object_set_new(doc, "schema", schema_of(v));
            json_object_set_new(doc, "payload", payload_of(v));
        } else {
            doc = payload_of(v);
        }
        text = kc_json_java_dumps(doc, &n);
        json_decref(doc);
        kc_wbuf_reset(scratch);
        kc_wbuf_raw(scratch, text, n);
        free(text);
        *out = scratch->buf;
        *len = scratch->len;
    }
    return KC_OK;
}

int
kc_converter_to_connect(const kc_converter *c, const void *data, size_t len, kc_value *out,
                        kc_err *err)
{
    json_t      *doc, *payload, *schema;
    json_error_t jerr;
    const char  *type;

    memset(out, 0, sizeof(*out));
    if (data == NULL)
        return KC_OK;
    if (c->kind == KC_CONVERTER_BYTEARRAY || c->kind == KC_CONVERTER_STRING) {
        out->kind = c->kind == KC_CONVERTER_BYTEARRAY ? KC_VALUE_BYTES : KC_VALUE_STRING;
        out->ptr = data;
        out->len = len;
        return KC_OK;
    }
    if ((doc = json_loadb(data, len, JSON_DECODE_ANY | JSON_ALLOW_NUL, &jerr)) == NULL)
        return kc_err_set(err, KC_EINVAL, "Converting byte[] to Kafka Connect data failed due "
                          "to serialization error: %s", jerr.text);
    if (!c->schemas_enable) {
        payload = doc;
        schema = NULL;
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
        json_decref(doc);
    }
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
