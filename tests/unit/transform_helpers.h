/*
 * tests/unit/transform_helpers.h - what the transformation tests share: records made and
 * freed by hand, classes configured from JSON text, apply() expected to pass or fail.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_TEST_TRANSFORM_HELPERS_H
#define KC_TEST_TRANSFORM_HELPERS_H

static kc_connect_record *
rec_new(const char *topic)
{
    kc_connect_record *r = calloc(1, sizeof(*r));

    kc_crec_set_topic(r, topic);
    r->partition = -1;
    r->timestamp = -1;
    return r;
}

static void
rec_free(kc_connect_record *r)
{
    free(r->topic);
    json_decref(r->key.schema);
    json_decref(r->key.json);
    json_decref(r->value.schema);
    json_decref(r->value.json);
    while (r->nheaders > 0)
        kc_crec_header_remove(r, r->nheaders - 1);
    free(r->headers);
    free(r);
}

static json_t *
js(const char *text)
{
    json_error_t e;
    json_t      *j = json_loads(text, JSON_DECODE_ANY, &e);

    if (j == NULL)
        fail_msg("bad JSON in test: %s: %s", text, e.text);
    return j;
}

/* Configures ops with the JSON config text; fails the test on an error. */
static void *
configure(const kc_transform_ops *ops, const char *config)
{
    json_t *c = js(config);
    void   *priv = NULL;
    char    err[512] = "";

    if (ops->configure(ops, c, &priv, err, sizeof(err)) != KC_PLUGIN_OK)
        fail_msg("configure %s: %s", ops->class_name, err);
    json_decref(c);
    return priv;
}

static void
configure_fails(const kc_transform_ops *ops, const char *config, const char *message)
{
    json_t *c = js(config);
    void   *priv = NULL;
    char    err[512] = "";

    assert_int_equal(ops->configure(ops, c, &priv, err, sizeof(err)), KC_PLUGIN_FATAL);
    assert_string_equal(err, message);
    json_decref(c);
}

static void
apply_ok(const kc_transform_ops *ops, void *priv, kc_connect_record *r)
{
    bool drop = true;
    char err[512] = "";

    if (ops->apply(priv, r, &drop, err, sizeof(err)) != KC_PLUGIN_OK)
        fail_msg("apply %s: %s", ops->class_name, err);
    assert_false(drop);
}

static void
apply_fails(const kc_transform_ops *ops, void *priv, kc_connect_record *r, const char *message)
{
    bool drop = false;
    char err[512] = "";

    assert_int_equal(ops->apply(priv, r, &drop, err, sizeof(err)), KC_PLUGIN_FATAL);
    assert_string_equal(err, message);
}

#endif
