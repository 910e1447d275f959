/*
 * tests/plugins/stamp_transform.c - a transformation and a predicate as a third party
 * writes them, from connectors/connector.h alone, loaded from plugin.path:
 *
 *   com.example.Stamp       adds a header `header` (default "stamp") whose value is the
 *                           string `text` (required); settings are refused with a
 *                           ConfigException's words, as Java's ConfigDef words them
 *   com.example.TopicIs     matches records whose topic is `topic`
 *   com.example.HeaderTypes sets the value to what the headers hold, as the worker reads
 *                           them for a stage that asks (KC_READS_HEADERS): "key=type value"
 *                           each, "; " between, type "bytes" for a header that is its bytes
 *
 *   transforms=stamp
 *   transforms.stamp.type=com.example.Stamp
 *   transforms.stamp.text=hello
 *   transforms.stamp.predicate=mine
 *   predicates=mine
 *   predicates.mine.type=com.example.TopicIs
 *   predicates.mine.topic=orders
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <stdio.h>

#include "connectors/connector.h"

typedef struct stamp {
    char *header, *text;
} stamp;

static char *
copy(const char *s)
{
    size_t n = strlen(s) + 1;
    char  *c = malloc(n);

    if (c != NULL)
        memcpy(c, s, n);
    return c;
}

static json_t *
stamp_def(void)
{
    return json_pack("[{s:s,s:s,s:b,s:n,s:s,s:s,s:n,s:i,s:s,s:s,s:[]},"
                     "{s:s,s:s,s:b,s:s,s:s,s:s,s:n,s:i,s:s,s:s,s:[]}]",
                     "name", "text", "type", "STRING", "required", 1, "default_value",
                     "importance", "HIGH", "documentation", "The header's value.", "group",
                     "order_in_group", -1, "width", "NONE", "display_name", "text",
                     "dependents",
                     "name", "header", "type", "STRING", "required", 0, "default_value",
                     "stamp", "importance", "MEDIUM", "documentation", "The header's name.",
                     "group", "order_in_group", -1, "width", "NONE", "display_name", "header",
                     "dependents");
}

static int
stamp_configure(const kc_transform_ops *self, const json_t *config, void **priv, char *err,
                size_t errlen)
{
    const char *text = json_string_value(json_object_get(config, "text"));
    const char *header = json_string_value(json_object_get(config, "header"));
    stamp      *s;

    (void) self;
    if (text == NULL) {
        snprintf(err, errlen, "Missing required configuration \"text\" which has no default "
                 "value.");
        return KC_PLUGIN_FATAL;
    }
    if ((s = calloc(1, sizeof(*s))) == NULL)
        return KC_PLUGIN_FATAL;
    s->text = copy(text);
    s->header = copy(header != NULL ? header : "stamp");
    *priv = s;
    return KC_PLUGIN_OK;
}

static int
stamp_apply(void *priv, kc_connect_record *rec, bool *drop, char *err, size_t errlen)
{
    stamp *s = priv;

    (void) drop;
    (void) err;
    (void) errlen;
    kc_crec_header_add(rec, s->header, json_pack("{s:s,s:b}", "type", "string", "optional", 0),
                       json_string(s->text));
    return KC_PLUGIN_OK;
}

static void
stamp_close(void *priv)
{
    stamp *s = priv;

    free(s->text);
    free(s->header);
    free(s);
}

static json_t *
topic_is_def(void)
{
    return json_pack("[{s:s,s:s,s:b,s:n,s:s,s:s,s:n,s:i,s:s,s:s,s:[]}]",
                     "name", "topic", "type", "STRING", "required", 1, "default_value",
                     "importance", "HIGH", "documentation", "The topic to match.", "group",
                     "order_in_group", -1, "width", "NONE", "display_name", "topic",
                     "dependents");
}

static int
topic_is_configure(const kc_transform_ops *self, const json_t *config, void **priv, char *err,
                   size_t errlen)
{
    const char *topic = json_string_value(json_object_get(config, "topic"));

    (void) self;
    if (topic == NULL) {
        snprintf(err, errlen, "Missing required configuration \"topic\" which has no default "
                 "value.");
        return KC_PLUGIN_FATAL;
    }
    *priv = copy(topic);
    return *priv != NULL ? KC_PLUGIN_OK : KC_PLUGIN_FATAL;
}

static int
topic_is_test(void *priv, const kc_connect_record *rec, bool *match, char *err, size_t errlen)
{
    (void) err;
    (void) errlen;
    *match = strcmp(rec->topic, priv) == 0;
    return KC_PLUGIN_OK;
}

static int
header_types_configure(const kc_transform_ops *self, const json_t *config, void **priv,
                       char *err, size_t errlen)
{
    (void) self;
    (void) config;
    (void) err;
    (void) errlen;
    *priv = NULL;
    return KC_PLUGIN_OK;
}

static int
header_types_apply(void *priv, kc_connect_record *rec, bool *drop, char *err, size_t errlen)
{
    char   out[4096] = "";
    size_t at = 0;

    (void) priv;
    (void) drop;
    (void) err;
    (void) errlen;
    for (size_t i = 0; i < rec->nheaders && at < sizeof(out); i++) {
        const kc_connect_header *h = &rec->headers[i];
        const char *type = h->value == NULL ? "bytes"
                           : h->schema == NULL ? "none"
                           : json_string_value(json_object_get(h->schema, "type"));
        const char *name = h->schema ? json_string_value(json_object_get(h->schema, "name"))
                                     : NULL;
        char       *value = h->value ? json_dumps(h->value, JSON_COMPACT | JSON_ENCODE_ANY)
                                     : NULL;
        at += (size_t) snprintf(out + at, sizeof(out) - at, "%s%s=%s%s%s %s", i ? "; " : "",
                                h->key, type ? type : "?", name ? ":" : "", name ? name : "",
                                value ? value : "-");
        free(value);
    }
    kc_crec_set(&rec->value, json_pack("{s:s,s:b}", "type", "string", "optional", 0),
                json_string(out));
    return KC_PLUGIN_OK;
}

static void
header_types_close(void *priv)
{
    (void) priv;
}

static const kc_transform_ops header_types_ops = {
    .abi = KC_TRANSFORM_ABI, .kind = KC_TRANSFORMATION, .class_name = "com.example.HeaderTypes",
    .version = "0.1.0", .reads = KC_READS_HEADERS, .configure = header_types_configure,
    .apply = header_types_apply, .close = header_types_close,
};

static const kc_transform_ops stamp_ops = {
    .abi = KC_TRANSFORM_ABI, .kind = KC_TRANSFORMATION, .class_name = "com.example.Stamp",
    .version = "0.1.0", .config_def = stamp_def, .configure = stamp_configure,
    .apply = stamp_apply, .close = stamp_close,
};

static const kc_transform_ops topic_is_ops = {
    .abi = KC_TRANSFORM_ABI, .kind = KC_PREDICATE, .class_name = "com.example.TopicIs",
    .version = "0.1.0", .config_def = topic_is_def, .configure = topic_is_configure,
    .test = topic_is_test, .close = free,
};

static const kc_transform_ops *const all[] = { &stamp_ops, &topic_is_ops, &header_types_ops,
                                                NULL };

KC_EXPORT const kc_transform_ops *const *
kc_transform_entry(const kc_host *host)
{
    (void) host;
    return all;
}
