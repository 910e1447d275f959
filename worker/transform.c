/*
 * worker/transform.c - see transform.h.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "worker/transform.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lib/configdef.h"
#include "lib/data.h"
#include "lib/values.h"
#include "worker/converter.h"
#include "worker/plugins.h"

typedef struct stage {
    const kc_transform_ops *t;
    void                   *tpriv;
    const kc_transform_ops *p;         /* the predicate, or NULL */
    void                   *ppriv;
    bool                    negate;
} stage;

struct kc_chain {
    stage  *stages;
    size_t  n;
    bool    simple_headers;    /* the header converter is SimpleHeaderConverter */
};

/* The class named by config[key] (a transformation or predicate), configured with the
 * settings under prefix. */
static int
configure(const json_t *config, const char *prefix, int kind, const kc_transform_ops **ops,
          void **priv, kc_err *err)
{
    char       *key = kc_xasprintf("%stype", prefix);
    const char *cls = json_string_value(json_object_get(config, key));
    json_t     *sub;
    char        msg[1024] = "";
    int         rc = KC_OK;

    *ops = NULL;
    *priv = NULL;
    if (cls == NULL)
        rc = kc_err_set(err, KC_EINVAL, "Missing required configuration \"%s\" which has no "
                        "default value.", key);
    else if ((*ops = kc_plugins_transform(cls, kind)) == NULL)
        rc = kc_err_set(err, KC_EINVAL, "Invalid value %s for configuration %s: Class %s could "
                        "not be found.", cls, key, cls);
    if (rc != KC_OK) {
        free(key);
        return rc;
    }
    sub = kc_cfg_with_prefix(config, prefix);
    if (kind == KC_TRANSFORMATION) {          /* the chain's, not the class's */
        json_object_del(sub, "predicate");
        json_object_del(sub, "negate");
    }
    if ((*ops)->configure(*ops, sub, priv, msg, sizeof(msg)) != KC_PLUGIN_OK) {
        rc = kc_err_set(err, KC_EINVAL, "%s", msg[0] ? msg : "configure() failed");
        *priv = NULL;
    }
    json_decref(sub);
    free(key);
    return rc;
}

bool
kc_predicate_listed(const json_t *config, const char *alias)
{
    const char *list = json_string_value(json_object_get(config, "predicates"));
    size_t      n;
    char      **aliases = kc_cfg_split_list(list != NULL ? list : "", &n);
    bool        found = false;

    for (size_t i = 0; i < n && !found; i++)
        found = strcmp(aliases[i], alias) == 0;
    kc_strv_free(aliases);
    return found;
}

int
kc_chain_new(const json_t *config, kc_chain **out, kc_err *err)
{
    const char *list = json_string_value(json_object_get(config, "transforms"));
    size_t      n = 0;
    char      **aliases;
    kc_chain   *c;
    int         rc = KC_OK;

    *out = NULL;
    aliases = kc_cfg_split_list(list != NULL ? list : "", &n);
    if (n == 0) {
        kc_strv_free(aliases);
        return KC_OK;
    }
    c = kc_xcalloc(1, sizeof(*c));
    c->stages = kc_xcalloc(n, sizeof(*c->stages));
    for (size_t i = 0; i < n && rc == KC_OK; i++) {
        char       *prefix = kc_xasprintf("transforms.%s.", aliases[i]);
        char       *pkey = kc_xasprintf("%spredicate", prefix);
        char       *nkey = kc_xasprintf("%snegate", prefix);
        const char *pred = json_string_value(json_object_get(config, pkey));
        const char *neg = json_string_value(json_object_get(config, nkey));
        stage      *s = &c->stages[c->n];

        rc = configure(config, prefix, KC_TRANSFORMATION, &s->t, &s->tpriv, err);
        if (rc == KC_OK)
            c->n++;
        if (rc == KC_OK && neg != NULL && pred == NULL)
            rc = kc_err_set(err, KC_EINVAL, "Config '%s' was provided but there is no config "
                            "'%s' defining a predicate to be negated.", nkey, pkey);
        if (rc == KC_OK && pred != NULL && !kc_predicate_listed(config, pred))
            rc = kc_err_set(err, KC_EINVAL, "Invalid value %s for configuration %s: %s is not "
                            "one of the aliases in 'predicates'", pred, pkey, pred);
        if (rc == KC_OK && pred != NULL) {
            char *pprefix = kc_xasprintf("predicates.%s.", pred);
            rc = configure(config, pprefix, KC_PREDICATE, &s->p, &s->ppriv, err);
            /* Boolean.parseBoolean: "true" in any case, anything else false. */
            s->negate = neg != NULL && strcasecmp(neg, "true") == 0;
            free(pprefix);
        }
        free(prefix);
        free(pkey);
        free(nkey);
    }
    kc_strv_free(aliases);
    if (rc != KC_OK) {
        kc_chain_free(c);
        return rc;
    }
    *out = c;
    return KC_OK;
}

void
kc_chain_free(kc_chain *c)
{
    if (c == NULL)
        return;
    for (size_t i = 0; i < c->n; i++) {
        if (c->stages[i].tpriv != NULL)
            c->stages[i].t->close(c->stages[i].tpriv);
        if (c->stages[i].ppriv != NULL)
            c->stages[i].p->close(c->stages[i].ppriv);
    }
    free(c->stages);
    free(c);
}

void
kc_chain_header_converter(kc_chain *c, bool simple)
{
    c->simple_headers = simple;
}

/* A sink record's headers as its header converter reads them (SinkRecord's headers): with
 * SimpleHeaderConverter, the text as Values.parseString reads it; what it cannot read, or
 * ByteArrayConverter, the bytes (raw). A header keeps raw: unchanged, it goes on as it came. */
static void
decode_headers(kc_connect_record *rec, bool simple)
{
    for (size_t i = 0; rec->sink && i < rec->nheaders; i++) {
        kc_connect_header *h = &rec->headers[i];
        char               why[256], *text;
        size_t             n;
        if (h->value != NULL)
            continue;
        if (h->raw == NULL) {                         /* a null header */
            h->value = json_null();
            continue;
        }
        if (!simple || memchr(h->raw, '\0', h->len) != NULL)
            continue;
        /* new String(bytes, UTF_8): what is not UTF-8 reads as U+FFFD. */
        text = kc_utf8_repair(h->raw, h->len, &n);
        if (kc_values_parse_string(text, &h->schema, &h->value, why, sizeof(why)) != 0) {
            h->schema = NULL;                         /* Java keeps the bytes too */
            h->value = NULL;
        }
        free(text);
    }
}

static void
decode_for(kc_connect_record *rec, unsigned reads, bool simple_headers)
{
    if (reads & KC_READS_KEY)
        kc_crec_decode(&rec->key, rec->sink);
    if (reads & KC_READS_VALUE)
        kc_crec_decode(&rec->value, rec->sink);
    if (reads & KC_READS_HEADERS)
        decode_headers(rec, simple_headers);
}

int
kc_chain_apply(kc_chain *c, kc_connect_record *rec, bool *drop, const char **failed_class,
               kc_err *err)
{
    char msg[1024];

    *drop = false;
    for (size_t i = 0; i < c->n; i++) {
        stage *s = &c->stages[i];
        bool   match = true;
        msg[0] = '\0';
        if (s->p != NULL) {
            decode_for(rec, s->p->reads, c->simple_headers);
            if (s->p->test(s->ppriv, rec, &match, msg, sizeof(msg)) != KC_PLUGIN_OK) {
                if (failed_class != NULL)
                    *failed_class = s->p->class_name;
                return kc_err_set(err, KC_EINVAL, "%s", msg[0] ? msg : "test() failed");
            }
            if (!(s->negate ^ match))
                continue;
        }
        decode_for(rec, s->t->reads, c->simple_headers);
        if (s->t->apply(s->tpriv, rec, drop, msg, sizeof(msg)) != KC_PLUGIN_OK) {
            if (failed_class != NULL)
                *failed_class = s->t->class_name;
            return kc_err_set(err, KC_EINVAL, "%s", msg[0] ? msg : "apply() failed");
        }
        if (*drop)
            break;
    }
    return KC_OK;
}

/* ===== Records ===== */

/* Frees what rec owns but its header array, which is kept (headers, cap) for the next. */
static void
release(kc_connect_record *rec)
{
    kc_connect_header *headers = rec->headers;
    size_t             cap = rec->cap;

    if (!rec->topic_borrowed)
        free(rec->topic);
    json_decref(rec->key.schema);
    json_decref(rec->key.json);
    json_decref(rec->value.schema);
    json_decref(rec->value.json);
    for (size_t i = 0; i < rec->nheaders; i++) {
        if (!rec->headers[i].key_borrowed)
            free(rec->headers[i].key);
        json_decref(rec->headers[i].schema);
        json_decref(rec->headers[i].value);
    }
    memset(rec, 0, sizeof(*rec));
    rec->headers = headers;
    rec->cap = cap;
}

static void
fill(kc_connect_record *rec, const kc_record *r, bool sink)
{
    /* The worker's record outlives this one: its topic and header names are lent. */
    rec->topic = (char *) (r->topic != NULL ? r->topic : "");
    rec->topic_borrowed = true;
    rec->partition = r->partition;
    rec->timestamp = r->timestamp;
    rec->key.raw = &r->key;
    rec->value.raw = &r->value;
    rec->sink = sink;
    rec->offset = r->offset;
    if (r->nheaders > rec->cap) {
        rec->headers = kc_xrealloc(rec->headers, r->nheaders * sizeof(*rec->headers));
        rec->cap = r->nheaders;
    }
    rec->nheaders = r->nheaders;
    for (size_t i = 0; i < r->nheaders; i++)
        rec->headers[i] = (kc_connect_header) {
            .key = (char *) r->headers[i].key,
            .key_borrowed = true,
            .raw = r->headers[i].value,
            .len = r->headers[i].len,
        };
}

void
kc_crec_from(kc_connect_record *rec, const kc_record *r, bool sink)
{
    memset(rec, 0, sizeof(*rec));
    fill(rec, r, sink);
}

void
kc_crec_refill(kc_connect_record *rec, const kc_record *r, bool sink)
{
    release(rec);
    fill(rec, r, sink);
}

void
kc_crec_clear(kc_connect_record *rec)
{
    release(rec);
    free(rec->headers);
    memset(rec, 0, sizeof(*rec));
}

/* The schemas a raw value decodes to, made once and shared (never changed: a stage that
 * builds a schema copies what it takes). */
static json_t *raw_schemas[3];         /* optional bytes, string, optional string */
static pthread_once_t raw_schemas_once = PTHREAD_ONCE_INIT;

static void
make_raw_schemas(void)
{
    raw_schemas[0] = kc_schema_primitive("bytes", true);
    raw_schemas[1] = kc_schema_primitive("string", false);
    raw_schemas[2] = kc_schema_primitive("string", true);
}

static json_t *
raw_schema(int which)
{
    pthread_once(&raw_schemas_once, make_raw_schemas);
    return json_incref(raw_schemas[which]);
}

void
kc_crec_decode(kc_connect_data *d, bool sink)
{
    const kc_value *v = d->raw;

    if (d->json != NULL)
        return;
    d->raw = NULL;
    if (v == NULL || v->kind == KC_VALUE_NULL) {
        d->schema = v != NULL && v->schema != NULL ? json_incref(v->schema) : NULL;
        d->json = json_null();
    } else if (v->kind == KC_VALUE_JSON || (v->kind == KC_VALUE_STRING && v->json != NULL)) {
        d->schema = v->schema != NULL ? json_incref(v->schema) : NULL;
        d->json = json_incref(v->json);
    } else {
        /* Java's connectors and ByteArrayConverter give bytes OPTIONAL_BYTES_SCHEMA;
         * StringConverter reads OPTIONAL_STRING_SCHEMA, and a source connector's text (the
         * file source's lines) is STRING_SCHEMA. */
        d->schema = v->schema != NULL ? json_incref(v->schema)
                    : raw_schema(v->kind == KC_VALUE_BYTES ? 0 : sink ? 2 : 1);
        d->json = kc_value_payload(v);
    }
}

void
kc_crec_value(const kc_connect_data *d, kc_value *out, kc_wbuf *scratch)
{
    const char *t;

    memset(out, 0, sizeof(*out));
    if (d->json == NULL) {
        if (d->raw != NULL)
            *out = *d->raw;
        return;
    }
    out->schema = d->schema;
    if (json_is_null(d->json))
        return;
    t = kc_schema_type(d->schema);
    out->json = d->json;
    out->kind = KC_VALUE_JSON;
    if (json_is_string(d->json) && t != NULL && strcmp(t, "bytes") == 0 &&
        kc_schema_name(d->schema) == NULL) {
        uint8_t *bytes = NULL;
        size_t   n = 0;
        if (kc_base64_decode(json_string_value(d->json), json_string_length(d->json), &bytes,
                             &n) == 0) {
            kc_wbuf_reset(scratch);
            kc_wbuf_raw(scratch, bytes, n);
            out->kind = KC_VALUE_BYTES;
            out->ptr = scratch->buf;
            out->len = n;
        }
        free(bytes);
    } else if (json_is_string(d->json) && (t == NULL || strcmp(t, "string") == 0)) {
        out->kind = KC_VALUE_STRING;
        out->ptr = json_string_value(d->json);
        out->len = json_string_length(d->json);
    }
}
