/*
 * cmd/connector_file.c - see connector_file.h.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "cmd/connector_file.h"

#include <string.h>

#include "lib/props.h"

/* A JSON object read as Jackson reads a Map<String,String>: strings, numbers and booleans
 * become text, null stays null; anything else (an array, an object) does not fit. */
static json_t *
as_string_map(const json_t *doc)
{
    json_t     *out, *v;
    const char *k;

    if (!json_is_object(doc))
        return NULL;
    out = json_object();
    json_object_foreach((json_t *) doc, k, v) {
        if (json_is_string(v) || json_is_null(v)) {
            json_object_set(out, k, v);
        } else if (json_is_integer(v) || json_is_real(v) || json_is_boolean(v)) {
            char *text = json_dumps(v, JSON_ENCODE_ANY);
            json_object_set_new(out, k, json_string(text));
            free(text);
        } else {
            json_decref(out);
            return NULL;
        }
    }
    return out;
}

static json_t *
request(const char *name, json_t *config, const char *initial_state)
{
    json_t *body = json_pack("{s:s,s:o}", "name", name, "config", config);

    if (initial_state != NULL)
        json_object_set_new(body, "initial_state", json_string(initial_state));
    return body;
}

json_t *
kc_connector_file_parse(const char *path, const char *text, size_t len, kc_err *err)
{
    json_t  *doc = json_loadb(text, len, JSON_DECODE_ANY, NULL), *config, *name;
    kc_props props;

    if (doc != NULL && (config = as_string_map(doc)) != NULL) {
        json_decref(doc);
        name = json_object_get(config, "name");
        if (!json_is_string(name)) {
            json_decref(config);
            goto no_name;
        }
        return request(json_string_value(name), config, NULL);
    }
    if (json_is_object(doc) && json_is_string(json_object_get(doc, "name"))) {
        const char *n = json_string_value(json_object_get(doc, "name"));
        const json_t *state = json_object_get(doc, "initial_state");
        json_t      *inner = json_object_get(doc, "config");
        if ((config = as_string_map(inner)) == NULL) {
            json_decref(doc);
            return kc_err_set(err, KC_EINVAL, "Connector configuration at '%s' has no 'config' "
                              "object of string values", path), NULL;
        }
        name = json_object_get(config, "name");
        if (name != NULL && (!json_is_string(name) || strcmp(json_string_value(name), n) != 0)) {
            json_decref(config);
            json_decref(doc);
            return kc_err_set(err, KC_EINVAL, "Connector name configuration in 'config' doesn't "
                              "match the one specified in 'name' at '%s'", path), NULL;
        }
        json_object_set_new(config, "name", json_string(n));
        {
            json_t *body = request(n, config, json_string_value(state));
            json_decref(doc);
            return body;
        }
    }
    json_decref(doc);
    kc_props_init(&props, path);
    if (kc_props_parse(&props, text, len, err) != KC_OK) {
        kc_props_free(&props);
        return NULL;
    }
    if (kc_props_get(&props, "name") == NULL) {
        kc_props_free(&props);
        goto no_name;
    }
    config = json_object();
    for (size_t i = 0; i < props.n; i++)
        json_object_set_new(config, props.items[i].key, json_string(props.items[i].value));
    {
        json_t *body = request(kc_props_get(&props, "name"), config, NULL);
        kc_props_free(&props);
        return body;
    }
no_name:
    return kc_err_set(err, KC_EINVAL, "Connector configuration at '%s' is missing the "
                      "mandatory 'name' configuration", path), NULL;
}

json_t *
kc_connector_file_read(const char *path, kc_err *err)
{
    size_t  len;
    char   *text = kc_read_file(path, &len, err);
    json_t *body;

    if (text == NULL)
        return NULL;
    body = kc_connector_file_parse(path, text, len, err);
    free(text);
    return body;
}
