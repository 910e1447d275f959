/*
 * transforms/headers.c - the transformations that change only headers: InsertHeader and
 * DropHeaders. Neither reads the key or the value.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "transforms/builtin.h"

#include <stdio.h>
#include <string.h>

#include "lib/common.h"
#include "lib/values.h"
#include "transforms/common.h"

/* ===== InsertHeader ===== */

static const kc_cfg_def ih_defs[] = {
    { .name = "header", .type = KC_CFG_STRING, .required = true },
    { .name = "value.literal", .type = KC_CFG_STRING, .required = true },
};

static const kc_tf_key_doc ih_docs[] = {
    { "HIGH", "The name of the header." },
    { "HIGH", "The literal value that is to be set as the header value on all records." },
};

typedef struct {
    char   *header;
    json_t *schema;              /* NULL: Java's null literal */
    json_t *value;
} insert_header;

static json_t *
ih_config_def(void)
{
    return kc_tf_config_def(ih_defs, ih_docs, KC_ARRAY_LEN(ih_defs));
}

static void
ih_close(void *priv)
{
    insert_header *h = priv;

    if (h == NULL)
        return;
    free(h->header);
    json_decref(h->schema);
    json_decref(h->value);
    free(h);
}

/* Where Java's elements, keys or values have no common schema, the schema holds JSON null
 * (JsonConverter's "items":null); the header converters read only a missing member as none,
 * so the header carries it that way. */
static void
strip_null_schemas(json_t *schema)
{
    static const char *const members[] = { "items", "keys", "values" };

    for (size_t i = 0; i < KC_ARRAY_LEN(members); i++) {
        json_t *m = json_object_get(schema, members[i]);
        if (json_is_null(m))
            json_object_del(schema, members[i]);
        else if (m != NULL)
            strip_null_schemas(m);
    }
}

static int
ih_configure(const kc_transform_ops *self, const json_t *config, void **priv, char *err,
             size_t errlen)
{
    kc_cfg         cfg;
    insert_header *h;
    char           why[384];

    (void) self;
    if (kc_tf_parse(&cfg, ih_defs, KC_ARRAY_LEN(ih_defs), config, err, errlen) != KC_PLUGIN_OK)
        return KC_PLUGIN_FATAL;
    h = kc_xcalloc(1, sizeof(*h));
    h->header = kc_xstrdup(kc_cfg_str(&cfg, "header"));
    /* Values.parseString's reading of the literal; what Java would build but kconnect's data
     * cannot hold is refused here rather than inserted as something else. */
    if (kc_values_parse_string(kc_cfg_str(&cfg, "value.literal"), &h->schema, &h->value, why,
                               sizeof(why)) != KC_VALUES_OK) {
        snprintf(err, errlen, "Invalid value %s for configuration value.literal: %s",
                 kc_cfg_str(&cfg, "value.literal"), why);
        kc_cfg_free(&cfg);
        ih_close(h);
        return KC_PLUGIN_FATAL;
    }
    strip_null_schemas(h->schema);
    kc_cfg_free(&cfg);
    *priv = h;
    return KC_PLUGIN_OK;
}

static int
ih_apply(void *priv, kc_connect_record *rec, bool *drop, char *err, size_t errlen)
{
    insert_header *h = priv;

    (void) err;
    (void) errlen;
    *drop = false;
    /* Shared, never changed: the same schema and value for every record. */
    kc_crec_header_add(rec, h->header, h->schema ? json_incref(h->schema) : NULL,
                       json_incref(h->value));
    return KC_PLUGIN_OK;
}

const kc_transform_ops kc_tf_insert_header = {
    .abi = KC_TRANSFORM_ABI,
    .kind = KC_TRANSFORMATION,
    .class_name = "org.apache.kafka.connect.transforms.InsertHeader",
    .version = KC_TF_VERSION,
    .reads = 0,
    .config_def = ih_config_def,
    .configure = ih_configure,
    .apply = ih_apply,
    .close = ih_close,
};

/* ===== DropHeaders ===== */

static const kc_cfg_def dh_defs[] = {
    { .name = "headers", .type = KC_CFG_LIST, .required = true,
      .validator = KC_VAL_LIST_NONEMPTY },
};

static const kc_tf_key_doc dh_docs[] = {
    { "HIGH", "The name of the headers to be removed." },
};

typedef struct {
    char  **names;
    size_t  n;
} drop_headers;

static json_t *
dh_config_def(void)
{
    return kc_tf_config_def(dh_defs, dh_docs, KC_ARRAY_LEN(dh_defs));
}

static void
dh_close(void *priv)
{
    drop_headers *d = priv;

    if (d == NULL)
        return;
    for (size_t i = 0; i < d->n; i++)
        free(d->names[i]);
    free(d->names);
    free(d);
}

static int
dh_configure(const kc_transform_ops *self, const json_t *config, void **priv, char *err,
             size_t errlen)
{
    kc_cfg              cfg;
    drop_headers       *d;
    const kc_cfg_value *v;

    (void) self;
    if (kc_tf_parse(&cfg, dh_defs, KC_ARRAY_LEN(dh_defs), config, err, errlen) != KC_PLUGIN_OK)
        return KC_PLUGIN_FATAL;
    v = kc_cfg_get(&cfg, "headers");
    d = kc_xcalloc(1, sizeof(*d));
    d->names = kc_xcalloc(v->nlist ? v->nlist : 1, sizeof(char *));
    for (size_t i = 0; i < v->nlist; i++)
        d->names[d->n++] = kc_xstrdup(v->list[i]);
    kc_cfg_free(&cfg);
    *priv = d;
    return KC_PLUGIN_OK;
}

static int
dh_apply(void *priv, kc_connect_record *rec, bool *drop, char *err, size_t errlen)
{
    drop_headers *d = priv;

    (void) err;
    (void) errlen;
    *drop = false;
    for (size_t i = rec->nheaders; i-- > 0;) {
        for (size_t j = 0; j < d->n; j++) {
            if (strcmp(rec->headers[i].key, d->names[j]) == 0) {
                kc_crec_header_remove(rec, i);
                break;
            }
        }
    }
    return KC_PLUGIN_OK;
}

const kc_transform_ops kc_tf_drop_headers = {
    .abi = KC_TRANSFORM_ABI,
    .kind = KC_TRANSFORMATION,
    .class_name = "org.apache.kafka.connect.transforms.DropHeaders",
    .version = KC_TF_VERSION,
    .reads = 0,
    .config_def = dh_config_def,
    .configure = dh_configure,
    .apply = dh_apply,
    .close = dh_close,
};
