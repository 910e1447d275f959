/*
 * tests/unit/transform_cases.h - table-driven checks of a $Key/$Value class against the
 * outcomes Java's classes gave for the same configuration and record (tf_case, run_cases).
 * Include after transform_helpers.h.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_TEST_TRANSFORM_CASES_H
#define KC_TEST_TRANSFORM_CASES_H

#include "lib/buf.h"
#include "lib/json_java.h"

/* One case: the class's variant ("Key" or "Value"), a SinkRecord or a SourceRecord, the
 * configuration, the key and value as JsonConverter envelopes ("-": null), the headers
 * ([[name, envelope], ...]; NULL: none) and the outcome as Java's classes gave it: the
 * ConfigException ("CONFIG: "), the DataException ("APPLY: ") or the record's topic, key,
 * value and headers as JsonConverter writes them. */
typedef struct {
    const char *variant;
    bool        sink;
    const char *config, *key, *value, *headers, *expected;
} tf_case;

static void
put_envelope(kc_wbuf *out, const char *what, const json_t *schema, const json_t *value)
{
    json_t *e;
    char   *text;

    kc_wbuf_raw(out, what, strlen(what));
    if (schema == NULL && (value == NULL || json_is_null(value))) {
        kc_wbuf_raw(out, " NULL\n", 6);
        return;
    }
    e = json_object();
    json_object_set(e, "schema", schema != NULL ? (json_t *) schema : json_null());
    json_object_set(e, "payload", value != NULL ? (json_t *) value : json_null());
    text = kc_json_java_dumps(e, NULL);
    kc_wbuf_raw(out, " ", 1);
    kc_wbuf_raw(out, text, strlen(text));
    kc_wbuf_raw(out, "\n", 1);
    free(text);
    json_decref(e);
}

static void
set_envelope(kc_connect_data *d, const char *text)
{
    json_t *e;

    if (strcmp(text, "-") == 0) {
        kc_crec_set(d, NULL, json_null());
        return;
    }
    e = js(text);
    /* The payload as JsonConverter reads it: its maps as Java's HashMaps iterate. */
    kc_java_read_maps(json_object_get(e, "payload"), json_is_null(json_object_get(e, "schema"))
                      ? NULL : json_object_get(e, "schema"));
    kc_crec_set(d, json_is_null(json_object_get(e, "schema")) ? NULL
                   : json_incref(json_object_get(e, "schema")),
                json_incref(json_object_get(e, "payload")));
    json_decref(e);
}

/* The outcome of c with ops (new string). */
static char *
run_case(const kc_transform_ops *ops, const tf_case *c)
{
    json_t            *config = js(c->config);
    kc_connect_record *r;
    void              *priv = NULL;
    char               err[1024] = "";
    bool               drop = false;
    kc_wbuf            out;

    kc_wbuf_init(&out);
    if (ops->configure(ops, config, &priv, err, sizeof(err)) != KC_PLUGIN_OK) {
        json_decref(config);
        kc_wbuf_raw(&out, "CONFIG: ", 8);
        kc_wbuf_raw(&out, err, strlen(err) + 1);
        return (char *) out.buf;
    }
    json_decref(config);
    r = rec_new("t");
    r->partition = 3;
    r->timestamp = 1000;
    r->sink = c->sink;
    r->offset = 42;
    set_envelope(&r->key, c->key);
    set_envelope(&r->value, c->value);
    if (c->headers != NULL) {
        json_t *hs = js(c->headers), *h;
        size_t  i;
        json_array_foreach(hs, i, h) {
            json_t *e = json_array_get(h, 1), *s = json_object_get(e, "schema");
            kc_crec_header_add(r, json_string_value(json_array_get(h, 0)),
                               json_is_null(s) ? NULL : json_incref(s),
                               json_incref(json_object_get(e, "payload")));
        }
        json_decref(hs);
    }
    if (ops->apply(priv, r, &drop, err, sizeof(err)) != KC_PLUGIN_OK) {
        kc_wbuf_raw(&out, "APPLY: ", 7);
        kc_wbuf_raw(&out, err, strlen(err));
    } else if (drop) {
        kc_wbuf_raw(&out, "DROP", 4);
    } else {
        kc_wbuf_raw(&out, "TOPIC ", 6);
        kc_wbuf_raw(&out, r->topic, strlen(r->topic));
        kc_wbuf_raw(&out, "\n", 1);
        put_envelope(&out, "KEY", r->key.schema, r->key.json);
        put_envelope(&out, "VAL", r->value.schema, r->value.json);
        for (size_t i = 0; i < r->nheaders; i++) {
            char what[300];
            snprintf(what, sizeof(what), "HDR %s", r->headers[i].key);
            put_envelope(&out, what, r->headers[i].schema, r->headers[i].value);
        }
        out.len--;                                /* the last newline */
    }
    kc_wbuf_raw(&out, "", 1);
    ops->close(priv);
    rec_free(r);
    return (char *) out.buf;
}

/* Runs the cases against key (the $Key class) and value (the $Value class). */
static void
run_cases(const kc_transform_ops *key, const kc_transform_ops *value, const tf_case *cases,
          size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const kc_transform_ops *ops = strcmp(cases[i].variant, "Key") == 0 ? key : value;
        char                   *got = run_case(ops, &cases[i]);
        if (strcmp(got, cases[i].expected) != 0)
            fail_msg("case %zu (%s %s):\n got: %s\nwant: %s", i, cases[i].variant,
                     cases[i].config, got, cases[i].expected);
        free(got);
    }
}

#endif
