/*
 * rest/plugins.c - /connector-plugins (spec §8.1, §8.2): the plugin list, a plugin's keys,
 * and PUT .../config/validate, whose checks are the worker's (worker/validate.h); here the
 * request body is read as Jackson reads it and the answer shaped as Java's.
 *
 * MHD threads; reads only the plugin registry (read-only after start-up) and the worker
 * config, so nothing here goes through the herder.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "rest/plugins.h"
#include "rest/routes.h"
#include "lib/configdef.h"
#include "lib/json_java.h"
#include "worker/converter.h"
#include "worker/plugins.h"
#include "worker/validate.h"

/* ===== GET /connector-plugins ===== */

/* PluginInfo; Java leaves "version" out when the plugin's is undefined. */
static json_t *
plugin_info(const char *cls, const char *type, const char *version)
{
    json_t *o = json_pack("{s:s,s:s}", "class", cls, "type", type);

    if (version != NULL && strcmp(version, "undefined") != 0)
        json_object_set_new(o, "version", json_string(version));
    return o;
}

static int
by_class(const void *a, const void *b)
{
    return strcmp(json_string_value(json_object_get(*(json_t *const *) a, "class")),
                  json_string_value(json_object_get(*(json_t *const *) b, "class")));
}

/* Appends the PluginInfos of one plugin type (a new array, taken) sorted by class name, as
 * Java's sorted plugin sets list them. */
static void
append_sorted(json_t *out, json_t *section)
{
    size_t   n = json_array_size(section);
    json_t **v = kc_xcalloc(n + 1, sizeof(*v));

    for (size_t i = 0; i < n; i++)
        v[i] = json_array_get(section, i);
    qsort(v, n, sizeof(*v), by_class);
    for (size_t i = 0; i < n; i++)
        json_array_append(out, v[i]);
    free(v);
    json_decref(section);
}

void
kc_rest_plugins_list(const kc_rest_ctx *ctx, const kc_rest_request *req, kc_rest_response *resp)
{
    const char                    *only = kc_rest_query(req, "connectorsOnly");
    /* Jersey's Boolean.valueOf: anything but "true" is false; absent or empty: the default. */
    bool                           connectors_only = only == NULL || *only == '\0' ||
                                                     strcasecmp(only, "true") == 0;
    size_t                         n, nt;
    const kc_connector_ops *const *all = kc_plugins_all(&n);
    const kc_transform_ops *const *ts = kc_plugins_transforms(&nt);
    json_t                        *out = json_array();

    (void) ctx;
    /* Java: sinks, then sources, then transformations, predicates and converters. */
    for (int pass = 0; pass < 2; pass++) {
        kc_connector_type want = pass == 0 ? KC_CONNECTOR_SINK : KC_CONNECTOR_SOURCE;
        json_t           *section = json_array();
        for (size_t i = 0; i < n; i++)
            if (all[i]->type == want)
                json_array_append_new(section, plugin_info(all[i]->class_name,
                    want == KC_CONNECTOR_SINK ? "sink" : "source",
                    all[i]->version ? all[i]->version : "undefined"));
        append_sorted(out, section);
    }
    for (int kind = KC_TRANSFORMATION; !connectors_only && kind <= KC_PREDICATE; kind++) {
        json_t *section = json_array();
        for (size_t i = 0; i < nt; i++)
            if (ts[i]->kind == kind)
                json_array_append_new(section, plugin_info(ts[i]->class_name,
                    kind == KC_PREDICATE ? "predicate" : "transformation",
                    ts[i]->version ? ts[i]->version : "undefined"));
        append_sorted(out, section);
    }
    if (!connectors_only) {
        for (size_t i = 0; kc_converter_classes[i]; i++)
            json_array_append_new(out, plugin_info(kc_converter_classes[i], "converter",
                                                   KC_FRAMEWORK_VERSION));
        for (size_t i = 0; kc_header_converter_classes[i]; i++)
            json_array_append_new(out, plugin_info(kc_header_converter_classes[i],
                                                   "header_converter", KC_FRAMEWORK_VERSION));
    }
    resp->status = 200;
    resp->body = out;
}

/* ===== GET /connector-plugins/{p}/config ===== */

void
kc_rest_plugin_config(const kc_rest_ctx *ctx, const kc_rest_request *req, kc_rest_response *resp)
{
    const char             *name = req->segments[1];
    const kc_connector_ops *ops = kc_plugins_find(name);
    const char             *conv;
    const kc_transform_ops *t;
    json_t                 *out;

    if (ops != NULL)
        out = kc_connector_config_keys(ctx->worker_cfg, ops);
    else if ((conv = kc_converter_find(name)) != NULL)
        out = kc_converter_config_keys(conv);
    else if (kc_header_converter_simple(name))
        out = json_array();                    /* SimpleHeaderConverter has no settings */
    else if ((t = kc_plugins_transform(name, KC_TRANSFORMATION)) != NULL ||
             (t = kc_plugins_transform(name, KC_PREDICATE)) != NULL)
        out = t->config_def != NULL ? t->config_def() : json_array();
    else {
        kc_rest_error(resp, 404, "Unknown plugin %s.", name);
        return;
    }
    resp->status = 200;
    resp->body = out;
}

/* ===== PUT /connector-plugins/{p}/config/validate ===== */

const char *
kc_rest_jackson_shape(const json_t *v)
{
    switch (json_typeof(v)) {
    case JSON_OBJECT: return "Object value (token `JsonToken.START_OBJECT`)";
    case JSON_ARRAY: return "Array value (token `JsonToken.START_ARRAY`)";
    case JSON_STRING: return "String value (token `JsonToken.VALUE_STRING`)";
    case JSON_INTEGER: return "Integer value (token `JsonToken.VALUE_NUMBER_INT`)";
    case JSON_REAL: return "Floating-point value (token `JsonToken.VALUE_NUMBER_FLOAT`)";
    case JSON_TRUE: return "Boolean value (token `JsonToken.VALUE_TRUE`)";
    case JSON_FALSE: return "Boolean value (token `JsonToken.VALUE_FALSE`)";
    default: return "Null value (token `JsonToken.VALUE_NULL`)";
    }
}

/* A walk over JSON text that knows where it is, as Jackson's parser reports it: line from 1,
 * column from 1 counted in bytes. The text was parsed already, so it is well formed. */
typedef struct jscan {
    const char *p, *end;
    int         line, col;
} jscan;

static void
js_next(jscan *s)
{
    if (*s->p == '\n') {
        s->line++;
        s->col = 1;
    } else {
        s->col++;
    }
    s->p++;
}

static void
js_space(jscan *s)
{
    while (s->p < s->end && strchr(" \t\r\n", *s->p) != NULL)
        js_next(s);
}

/* At '"': the string, unescaped (\uXXXX kept as is), into out; the scan after it. */
static void
js_string(jscan *s, char *out, size_t size)
{
    size_t n = 0;

    js_next(s);
    while (s->p < s->end && *s->p != '"') {
        char c = *s->p;
        if (c == '\\' && s->p + 1 < s->end) {
            js_next(s);
            c = *s->p == 'n' ? '\n' : *s->p == 't' ? '\t' : *s->p == 'r' ? '\r'
              : *s->p == 'b' ? '\b' : *s->p == 'f' ? '\f' : *s->p;
        }
        if (n + 1 < size)
            out[n++] = c;
        js_next(s);
    }
    out[n] = '\0';
    if (s->p < s->end)
        js_next(s);
}

static void
js_skip(jscan *s)
{
    char scratch[8];
    int  depth = 0;

    do {
        js_space(s);
        if (s->p >= s->end)
            return;
        if (*s->p == '"') {
            js_string(s, scratch, sizeof(scratch));
        } else if (*s->p == '{' || *s->p == '[') {
            depth++;
            js_next(s);
        } else if (*s->p == '}' || *s->p == ']') {
            depth--;
            js_next(s);
        } else if (*s->p == ',' || *s->p == ':') {
            js_next(s);
        } else {
            while (s->p < s->end && strchr(",:{}[] \t\r\n\"", *s->p) == NULL)
                js_next(s);
        }
    } while (depth > 0);
}

/* Moves the scan to the value at the keys of chain (every second entry), object in object. */
static bool
js_find(jscan *s, const char *const *chain)
{
    char key[512];

    js_space(s);
    for (size_t i = 0; chain[i] != NULL; i += 2) {
        bool found = false;
        if (s->p >= s->end || *s->p != '{')
            return false;
        js_next(s);
        while (!found) {
            js_space(s);
            if (s->p >= s->end || *s->p != '"')
                return false;
            js_string(s, key, sizeof(key));
            js_space(s);
            if (s->p >= s->end || *s->p != ':')
                return false;
            js_next(s);
            js_space(s);
            if (strcmp(key, chain[i + 1]) == 0) {
                found = true;
                break;
            }
            js_skip(s);
            js_space(s);
            if (s->p >= s->end || *s->p != ',')
                return false;
            js_next(s);
        }
    }
    return s->p < s->end;
}

char *
kc_rest_jackson_where(const char *body, size_t len, const char *const *chain)
{
    jscan  s = { body, body + len, 1, 1 };
    char  *out, *next;

    if (body == NULL || !js_find(&s, chain))
        return kc_xstrdup("");
    out = kc_xasprintf("\n at [Source: REDACTED (`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` "
                       "disabled); line: %d, column: %d]", s.line, s.col);
    for (size_t i = 0; chain[i] != NULL; i += 2) {
        next = kc_xasprintf("%s%s%s[\"%s\"]%s", out, i == 0 ? " (through reference chain: "
                            : "->", chain[i], chain[i + 1], chain[i + 2] == NULL ? ")" : "");
        free(out);
        out = next;
    }
    return out;
}

bool
kc_rest_coerce_config(json_t *config, kc_rest_response *resp, const char *body, size_t len,
                      const char *const *outer)
{
    const char *key;
    json_t     *v;

    json_object_foreach(config, key, v) {
        char *text = NULL;
        if (json_is_object(v) || json_is_array(v)) {
            const char *chain[8] = { NULL };
            size_t      n = 0;
            char       *where;
            for (; outer != NULL && outer[n] != NULL && n < 4; n++)
                chain[n] = outer[n];
            chain[n] = "java.util.LinkedHashMap";
            chain[n + 1] = key;
            where = kc_rest_jackson_where(body, len, chain);
            kc_rest_error(resp, 400, "Cannot deserialize value of type `java.lang.String` from "
                          "%s%s", kc_rest_jackson_shape(v), where);
            free(where);
            return false;
        }
        if (json_is_integer(v))
            text = kc_xasprintf("%" JSON_INTEGER_FORMAT, json_integer_value(v));
        else if (json_is_boolean(v))
            text = kc_xstrdup(json_is_true(v) ? "true" : "false");
        else if (json_is_real(v))
            text = json_dumps(v, JSON_ENCODE_ANY);
        if (text != NULL) {
            json_object_set_new(config, key, json_string(text));
            free(text);
        }
    }
    return true;
}

/* Java's alias rule for the request path: "FooConnector" and "Foo" name the same plugin. */
static char *
normalized(const char *name)
{
    size_t n = strlen(name), suffix = strlen("Connector");

    if (n > suffix && strcmp(name + n - suffix, "Connector") == 0)
        n -= suffix;
    return kc_xstrndup(name, n);
}

static bool
ends_with(const char *s, const char *tail)
{
    size_t a = strlen(s), b = strlen(tail);

    return a >= b && strcmp(s + a - b, tail) == 0;
}

void
kc_rest_plugin_validate(const kc_rest_ctx *ctx, const kc_rest_request *req,
                        kc_rest_response *resp)
{
    const char             *plugin = req->segments[1];
    json_error_t            jerr;
    json_t                 *config = NULL;
    const char             *cls;
    const kc_connector_ops *ops;

    /* A client's mistakes answer 400 saying what is wrong, where Java answers 500 (README,
     * compatibility). */
    if (req->body_len == 0 || strspn(req->body, " \t\r\n") == req->body_len)
        config = json_null();
    else if ((config = json_loadb(req->body, req->body_len, JSON_DECODE_ANY, &jerr)) == NULL) {
        kc_rest_error(resp, 400, "Unexpected character or end of input at line %d, column %d: "
                      "%s", jerr.line, jerr.column, jerr.text);
        return;
    }
    if (json_is_null(config)) {
        kc_rest_error(resp, 400, "The request has no body: PUT /connector-plugins/%s/config/"
                      "validate takes a connector config, {\"connector.class\": \"...\", ...}",
                      plugin);
        goto out;
    }
    if (!json_is_object(config)) {
        char *where = kc_rest_jackson_where(req->body, req->body_len, (const char *[]) { NULL });
        kc_rest_error(resp, 400, "Cannot deserialize value of type `java.util.LinkedHashMap"
                      "<java.lang.String,java.lang.String>` from %s%s",
                      kc_rest_jackson_shape(config), where);
        free(where);
        goto out;
    }
    if (!kc_rest_coerce_config(config, resp, req->body, req->body_len, NULL))
        goto out;
    cls = json_string_value(json_object_get(config, "connector.class"));
    if (cls != NULL) {
        char *a = normalized(cls), *b = normalized(plugin);
        bool  match = ends_with(a, b);
        free(a);
        free(b);
        if (!match) {
            kc_rest_error(resp, 400, "Included connector type %s does not match request type %s",
                          cls, plugin);
            goto out;
        }
    } else {
        char *text = kc_java_map_copy_string(config);
        char *msg = kc_xasprintf("Connector config %s contains no connector type", text);
        kc_rest_error_text(resp, 400, msg);
        free(msg);
        free(text);
        goto out;
    }
    if ((ops = kc_plugins_find(cls)) == NULL) {
        char *msg = kc_plugins_unknown_message(cls, "");
        kc_rest_error_text(resp, 400, msg);
        free(msg);
        goto out;
    }
    {
        /* Java validates the config resolved (a provider's failure is its ConfigException,
         * a client's mistake: 400) and, here, shows the values as written. */
        kc_err err;
        json_t *infos = kc_validate_connector_resolving(ctx->worker_cfg, ctx->providers, config,
                                                        ops, &err);
        if (infos == NULL) {
            kc_rest_error_text(resp, 400, err.msg);
            goto out;
        }
        resp->status = 200;
        resp->body = infos;
    }
out:
    json_decref(config);
}

void
kc_rest_error_text(kc_rest_response *resp, int status, const char *text)
{
    json_decref(resp->body);
    resp->status = status;
    resp->body = json_pack("{s:i,s:s}", "error_code", status, "message", text);
}

