/*
 * transforms/predicates.c - Filter, and the predicates that decide whether a transformation
 * applies: TopicNameMatches, HasHeaderKey and RecordIsTombstone. None reads the key or the
 * value (a tombstone is told from the record without decoding it).
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "transforms/builtin.h"

#include <stdio.h>
#include <string.h>

#include "lib/common.h"
#include "lib/java_regex.h"
#include "transforms/common.h"

/* ===== Filter and RecordIsTombstone: no settings ===== */

static json_t *
no_config_def(void)
{
    return json_array();
}

static int
no_configure(const kc_transform_ops *self, const json_t *config, void **priv, char *err,
             size_t errlen)
{
    (void) self;
    (void) config;
    (void) err;
    (void) errlen;
    *priv = NULL;
    return KC_PLUGIN_OK;
}

static void
no_close(void *priv)
{
    (void) priv;
}

static int
filter_apply(void *priv, kc_connect_record *rec, bool *drop, char *err, size_t errlen)
{
    (void) priv;
    (void) rec;
    (void) err;
    (void) errlen;
    *drop = true;                /* with a predicate, the chain only calls it for matches */
    return KC_PLUGIN_OK;
}

const kc_transform_ops kc_tf_filter = {
    .abi = KC_TRANSFORM_ABI,
    .kind = KC_TRANSFORMATION,
    .class_name = "org.apache.kafka.connect.transforms.Filter",
    .version = KC_TF_VERSION,
    .reads = 0,
    .config_def = no_config_def,
    .configure = no_configure,
    .apply = filter_apply,
    .close = no_close,
};

static int
tombstone_test(void *priv, const kc_connect_record *rec, bool *match, char *err, size_t errlen)
{
    (void) priv;
    (void) err;
    (void) errlen;
    *match = kc_crec_is_null(&rec->value);
    return KC_PLUGIN_OK;
}

const kc_transform_ops kc_tf_record_is_tombstone = {
    .abi = KC_TRANSFORM_ABI,
    .kind = KC_PREDICATE,
    .class_name = "org.apache.kafka.connect.transforms.predicates.RecordIsTombstone",
    .version = KC_TF_VERSION,
    .reads = 0,
    .config_def = no_config_def,
    .configure = no_configure,
    .test = tombstone_test,
    .close = no_close,
};

/* ===== TopicNameMatches ===== */

static const kc_cfg_def tnm_defs[] = {
    { .name = "pattern", .type = KC_CFG_STRING, .required = true, .validator = KC_VAL_CUSTOM,
      .custom = kc_tf_non_empty_regex },
};

static const kc_tf_key_doc tnm_docs[] = {
    { "MEDIUM", "A Java regular expression for matching against the name of a record's topic." },
};

static json_t *
tnm_config_def(void)
{
    return kc_tf_config_def(tnm_defs, tnm_docs, KC_ARRAY_LEN(tnm_defs));
}

static int
tnm_configure(const kc_transform_ops *self, const json_t *config, void **priv, char *err,
              size_t errlen)
{
    kc_cfg    cfg;
    kc_regex *re = NULL;
    char      why[384];

    (void) self;
    if (kc_tf_parse(&cfg, tnm_defs, KC_ARRAY_LEN(tnm_defs), config, err, errlen) !=
        KC_PLUGIN_OK)
        return KC_PLUGIN_FATAL;
    if (kc_regex_compile(kc_cfg_str(&cfg, "pattern"), &re, why, sizeof(why)) != 0) {
        snprintf(err, errlen, "Invalid value %s for configuration pattern: entry must be a "
                 "Java-compatible regular expression: %s", kc_cfg_str(&cfg, "pattern"), why);
        kc_cfg_free(&cfg);
        return KC_PLUGIN_FATAL;
    }
    kc_cfg_free(&cfg);
    *priv = re;
    return KC_PLUGIN_OK;
}

static int
tnm_test(void *priv, const kc_connect_record *rec, bool *match, char *err, size_t errlen)
{
    (void) err;
    (void) errlen;
    *match = rec->topic != NULL && kc_regex_matches(priv, rec->topic);
    return KC_PLUGIN_OK;
}

static void
tnm_close(void *priv)
{
    kc_regex_free(priv);
}

const kc_transform_ops kc_tf_topic_name_matches = {
    .abi = KC_TRANSFORM_ABI,
    .kind = KC_PREDICATE,
    .class_name = "org.apache.kafka.connect.transforms.predicates.TopicNameMatches",
    .version = KC_TF_VERSION,
    .reads = 0,
    .config_def = tnm_config_def,
    .configure = tnm_configure,
    .test = tnm_test,
    .close = tnm_close,
};

/* ===== HasHeaderKey ===== */

static const kc_cfg_def hhk_defs[] = {
    { .name = "name", .type = KC_CFG_STRING, .required = true, .validator = KC_VAL_CUSTOM,
      .custom = kc_tf_non_empty_string },
};

static const kc_tf_key_doc hhk_docs[] = {
    { "MEDIUM", "The header name." },
};

static json_t *
hhk_config_def(void)
{
    return kc_tf_config_def(hhk_defs, hhk_docs, KC_ARRAY_LEN(hhk_defs));
}

static int
hhk_configure(const kc_transform_ops *self, const json_t *config, void **priv, char *err,
              size_t errlen)
{
    kc_cfg cfg;

    (void) self;
    if (kc_tf_parse(&cfg, hhk_defs, KC_ARRAY_LEN(hhk_defs), config, err, errlen) !=
        KC_PLUGIN_OK)
        return KC_PLUGIN_FATAL;
    *priv = kc_xstrdup(kc_cfg_str(&cfg, "name"));
    kc_cfg_free(&cfg);
    return KC_PLUGIN_OK;
}

static int
hhk_test(void *priv, const kc_connect_record *rec, bool *match, char *err, size_t errlen)
{
    (void) err;
    (void) errlen;
    *match = false;
    for (size_t i = 0; i < rec->nheaders && !*match; i++)
        *match = strcmp(rec->headers[i].key, priv) == 0;
    return KC_PLUGIN_OK;
}

const kc_transform_ops kc_tf_has_header_key = {
    .abi = KC_TRANSFORM_ABI,
    .kind = KC_PREDICATE,
    .class_name = "org.apache.kafka.connect.transforms.predicates.HasHeaderKey",
    .version = KC_TF_VERSION,
    .reads = 0,
    .config_def = hhk_config_def,
    .configure = hhk_configure,
    .test = hhk_test,
    .close = free,
};
