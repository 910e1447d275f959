/*
 * transforms/routers.c - the transformations that only change a record's topic:
 * RegexRouter and TimestampRouter. Neither reads the key or the value.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "transforms/builtin.h"

#include <stdio.h>
#include <string.h>

#include "lib/buf.h"

#include "lib/common.h"
#include "lib/java_regex.h"
#include "transforms/common.h"
#include "lib/simple_date.h"

/* ===== RegexRouter ===== */

static const kc_cfg_def rr_defs[] = {
    { .name = "regex", .type = KC_CFG_STRING, .required = true, .validator = KC_VAL_CUSTOM,
      .custom = kc_tf_valid_regex },
    { .name = "replacement", .type = KC_CFG_STRING, .required = true },
};

static const kc_tf_key_doc rr_docs[] = {
    { "HIGH", "Regular expression to use for matching." },
    { "HIGH", "Replacement string." },
};

typedef struct {
    kc_regex *regex;
    char     *replacement;
    char     *last_in, *last_out;    /* the last topic routed (NULL out: left alone) */
} regex_router;

static json_t *
rr_config_def(void)
{
    return kc_tf_config_def(rr_defs, rr_docs, KC_ARRAY_LEN(rr_defs));
}

static void
rr_close(void *priv)
{
    regex_router *r = priv;

    if (r == NULL)
        return;
    kc_regex_free(r->regex);
    free(r->replacement);
    free(r->last_in);
    free(r->last_out);
    free(r);
}

static int
rr_configure(const kc_transform_ops *self, const json_t *config, void **priv, char *err,
             size_t errlen)
{
    kc_cfg        cfg;
    regex_router *r;

    (void) self;
    if (kc_tf_parse(&cfg, rr_defs, KC_ARRAY_LEN(rr_defs), config, err, errlen) != KC_PLUGIN_OK)
        return KC_PLUGIN_FATAL;
    r = kc_xcalloc(1, sizeof(*r));
    if (kc_regex_compile(kc_cfg_str(&cfg, "regex"), &r->regex, err, errlen) != 0) {
        kc_cfg_free(&cfg);
        rr_close(r);
        return KC_PLUGIN_FATAL;                 /* the validator let it through: cannot be */
    }
    r->replacement = kc_xstrdup(kc_cfg_str(&cfg, "replacement"));
    kc_cfg_free(&cfg);
    *priv = r;
    return KC_PLUGIN_OK;
}

static int
rr_apply(void *priv, kc_connect_record *rec, bool *drop, char *err, size_t errlen)
{
    regex_router *r = priv;
    char         *topic;

    *drop = false;
    if (rec->topic == NULL)
        return KC_PLUGIN_OK;
    /* A task's records mostly come from one topic: its route is remembered. */
    if (r->last_in == NULL || strcmp(r->last_in, rec->topic) != 0) {
        /* Java: only a topic that matches as a whole is rerouted, then with replaceFirst. */
        topic = NULL;
        if (kc_regex_matches(r->regex, rec->topic) &&
            (topic = kc_regex_replace_first(r->regex, rec->topic, r->replacement, err,
                                            errlen)) == NULL)
            return KC_PLUGIN_FATAL;
        free(r->last_in);
        free(r->last_out);
        r->last_in = kc_xstrdup(rec->topic);
        r->last_out = topic;
    }
    if (r->last_out != NULL)
        kc_crec_set_topic(rec, r->last_out);
    return KC_PLUGIN_OK;
}

const kc_transform_ops kc_tf_regex_router = {
    .abi = KC_TRANSFORM_ABI,
    .kind = KC_TRANSFORMATION,
    .class_name = "org.apache.kafka.connect.transforms.RegexRouter",
    .version = KC_TF_VERSION,
    .reads = 0,
    .config_def = rr_config_def,
    .configure = rr_configure,
    .apply = rr_apply,
    .close = rr_close,
};

/* ===== TimestampRouter ===== */

static const kc_cfg_def tr_defs[] = {
    { .name = "topic.format", .type = KC_CFG_STRING, .dflt = "${topic}-${timestamp}" },
    { .name = "timestamp.format", .type = KC_CFG_STRING, .dflt = "yyyyMMdd" },
};

static const kc_tf_key_doc tr_docs[] = {
    { "HIGH", "Format string which can contain <code>${topic}</code> and "
              "<code>${timestamp}</code> as placeholders for the topic and timestamp, "
              "respectively." },
    { "HIGH", "Format string for the timestamp that is compatible with "
              "<code>java.text.SimpleDateFormat</code>." },
};

typedef struct {
    char   *topic_format;
    kc_sdf *format;
    char   *format_error;        /* Java refuses the pattern with the first record */
} timestamp_router;

static json_t *
tr_config_def(void)
{
    return kc_tf_config_def(tr_defs, tr_docs, KC_ARRAY_LEN(tr_defs));
}

static void
tr_close(void *priv)
{
    timestamp_router *t = priv;

    if (t == NULL)
        return;
    free(t->topic_format);
    kc_sdf_free(t->format);
    free(t->format_error);
    free(t);
}

static int
tr_configure(const kc_transform_ops *self, const json_t *config, void **priv, char *err,
             size_t errlen)
{
    kc_cfg            cfg;
    timestamp_router *t;
    char              why[256];
    int               rc;

    (void) self;
    if (kc_tf_parse(&cfg, tr_defs, KC_ARRAY_LEN(tr_defs), config, err, errlen) != KC_PLUGIN_OK)
        return KC_PLUGIN_FATAL;
    t = kc_xcalloc(1, sizeof(*t));
    t->topic_format = kc_xstrdup(kc_cfg_str(&cfg, "topic.format"));
    rc = kc_sdf_compile(kc_cfg_str(&cfg, "timestamp.format"), &t->format, why, sizeof(why));
    if (rc == KC_SDF_UNSUPPORTED) {
        snprintf(err, errlen, "Invalid value %s for configuration timestamp.format: %s",
                 kc_cfg_str(&cfg, "timestamp.format"), why);
        kc_cfg_free(&cfg);
        tr_close(t);
        return KC_PLUGIN_FATAL;
    }
    /* Java builds its SimpleDateFormat lazily: a bad pattern fails each record, not here. */
    if (rc == KC_SDF_JAVA_ERROR)
        t->format_error = kc_xstrdup(why);
    kc_cfg_free(&cfg);
    *priv = t;
    return KC_PLUGIN_OK;
}

/* Every occurrence of what in s replaced by with, literally (new string). */
static char *
replace_all(const char *s, const char *what, const char *with)
{
    kc_wbuf     out;
    const char *p;
    size_t      wl = strlen(what);

    kc_wbuf_init(&out);
    while ((p = strstr(s, what)) != NULL) {
        kc_wbuf_raw(&out, s, (size_t) (p - s));
        kc_wbuf_raw(&out, with, strlen(with));
        s = p + wl;
    }
    kc_wbuf_raw(&out, s, strlen(s) + 1);
    return (char *) out.buf;
}

static int
tr_apply(void *priv, kc_connect_record *rec, bool *drop, char *err, size_t errlen)
{
    timestamp_router *t = priv;
    char             *stamp, *step, *topic;

    *drop = false;
    if (rec->timestamp < 0) {
        /* Java appends the record's toString(), which shows its key and value: a router
         * has not had them decoded, so this names what it has. */
        char part[16] = "null";
        if (rec->partition >= 0)
            snprintf(part, sizeof(part), "%d", (int) rec->partition);
        return kc_tf_fail(err, errlen, "Timestamp missing on record: %s{topic='%s', "
                          "kafkaPartition=%s, timestamp=null}",
                          rec->sink ? "SinkRecord" : "SourceRecord",
                          rec->topic ? rec->topic : "null", part);
    }
    if (t->format_error != NULL)
        return kc_tf_fail(err, errlen, "%s", t->format_error);
    stamp = kc_sdf_format(t->format, rec->timestamp);
    step = replace_all(t->topic_format, "${topic}", rec->topic ? rec->topic : "null");
    topic = replace_all(step, "${timestamp}", stamp);
    free(stamp);
    free(step);
    kc_crec_take_topic(rec, topic);
    return KC_PLUGIN_OK;
}

const kc_transform_ops kc_tf_timestamp_router = {
    .abi = KC_TRANSFORM_ABI,
    .kind = KC_TRANSFORMATION,
    .class_name = "org.apache.kafka.connect.transforms.TimestampRouter",
    .version = KC_TF_VERSION,
    .reads = 0,
    .config_def = tr_config_def,
    .configure = tr_configure,
    .apply = tr_apply,
    .close = tr_close,
};
