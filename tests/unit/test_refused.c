/*
 * tests/unit/test_refused.c - settings kconnect reads but does not act on are refused by
 * name (worker/refused.c, worker/clientconf.c), and the values that need nothing more are
 * accepted.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "worker/clientconf.h"
#include "worker/refused.h"

/* kc_refused_worker over key/value pairs (line i + 1 for pair i); its message into err. */
static int
worker(bool distributed, const char *const *kv, kc_err *err)
{
    kc_props props;
    int      rc, line = 1;

    kc_props_init(&props, "w.properties");
    for (; kv[0] != NULL; kv += 2)
        kc_props_set(&props, kv[0], kv[1], line++);
    rc = kc_refused_worker(&props, distributed, err);
    kc_props_free(&props);
    return rc;
}

static void
test_worker_refuses_by_file_line_key_and_value(void **state)
{
    kc_err err;

    (void) state;
    assert_int_equal(worker(true, (const char *const[]) { "group.id", "g",
                         "connector.client.config.override.policy", "None", NULL }, &err),
                     KC_EINVAL);
    assert_string_equal(err.msg, "w.properties:2: connector.client.config.override.policy=None "
                        "is refused: only the All policy is implemented: connectors' client "
                        "overrides are always applied (kconnect does not act on it)");
    assert_int_equal(worker(true, (const char *const[]) {
                         "producer.interceptor.classes", "a.B", NULL }, &err), KC_EINVAL);
    assert_non_null(strstr(err.msg, "producer.interceptor.classes=a.B is refused"));
}

static void
test_worker_accepts_what_needs_nothing_more(void **state)
{
    kc_err err;

    (void) state;
    assert_int_equal(worker(true, (const char *const[]) {
                         "config.providers", "file", "exactly.once.source.support", "enabled",
                         "connector.client.config.override.policy", "All",
                         "metric.reporters", "org.apache.kafka.common.metrics.JmxReporter",
                         "ssl.enabled.protocols", "TLSv1.2,TLSv1.3", "ssl.protocol", "TLSv1.3",
                         "header.converter", "org.apache.kafka.connect.storage."
                         "SimpleHeaderConverter",
                         /* every converter setting is acted on (worker/converter.c) */
                         "value.converter", "org.apache.kafka.connect.json.JsonConverter",
                         "value.converter.decimal.format", "NUMERIC",
                         "key.converter", "org.apache.kafka.connect.storage.StringConverter",
                         "key.converter.converter.encoding", "UTF-16", NULL }, &err), KC_OK);
}

static void
test_rest_extensions_only_in_distributed_mode(void **state)
{
    const char *const kv[] = { "rest.extension.classes", "a.B", NULL };
    const char *const basic[] = {
        "rest.extension.classes",
        " org.apache.kafka.connect.rest.basic.auth.extension.BasicAuthSecurityRestExtension, "
        "BasicAuthSecurityRestExtension", NULL };
    const char *const mixed[] = {
        "rest.extension.classes", "BasicAuthSecurityRestExtension,a.B,c.D", NULL };
    kc_err            err;

    (void) state;
    assert_int_equal(worker(true, kv, &err), KC_EINVAL);
    assert_non_null(strstr(err.msg, "rest.extension.classes=a.B is refused: REST extension a.B "
                                    "is not implemented"));
    /* Basic authentication is (rest/auth.c); any other class in the list is named. */
    assert_int_equal(worker(true, basic, &err), KC_OK);
    assert_int_equal(worker(true, mixed, &err), KC_EINVAL);
    assert_non_null(strstr(err.msg, "REST extension a.B is not implemented"));
    /* MirrorMaker's REST server takes no extensions, Java's neither. */
    assert_int_equal(worker(false, kv, &err), KC_OK);
}

typedef struct found {
    char keys[8][128];
    int  n;
} found;

static void
collect(void *arg, const char *key, const char *value, const char *message)
{
    found *f = arg;

    (void) value;
    assert_non_null(strstr(message, "is refused"));
    if (f->n < 8)
        snprintf(f->keys[f->n++], sizeof(f->keys[0]), "%s", key);
}

static void
test_connector_refusals_under_any_prefix(void **state)
{
    json_t *config = json_pack("{s:s,s:s,s:s,s:s,s:s,s:s,s:s}",
                               "connector.class", "MirrorSourceConnector",
                               "producer.override.interceptor.classes", "a.B",
                               "source.cluster.ssl.cipher.suites", "TLS_AES_128_GCM_SHA256",
                               "offsets.storage.topic", "own",
                               "metric.names.formats", "legacy,new",
                               "connector.plugin.version", "1.0",
                               "target.cluster.ssl.protocol", "TLSv1.3");
    found   f = { .n = 0 };
    char    first[512];

    (void) state;
    kc_refused_connector(config, "4.3.1", collect, &f);
    assert_int_equal(f.n, 4);
    assert_string_equal(f.keys[0], "metric.names.formats");
    assert_string_equal(f.keys[1], "connector.plugin.version");
    assert_string_equal(f.keys[2], "producer.override.interceptor.classes");
    assert_string_equal(f.keys[3], "source.cluster.ssl.cipher.suites");
    assert_true(kc_refused_connector_first(config, "4.3.1", first, sizeof(first)));
    assert_non_null(strstr(first, "metric.names.formats=legacy,new is refused"));
    json_decref(config);

    config = json_pack("{s:s,s:s}", "connector.class", "FileStreamSource",
                       "connector.plugin.version", "4.3.1");
    assert_false(kc_refused_connector_first(config, "4.3.1", first, sizeof(first)));
    json_decref(config);
}

/* A connector's own offsets topic is honoured (worker/source_offsets.c), at any value: an
 * empty one is validation's to refuse, with Java's message. */
static void
test_connector_offsets_topic_is_not_refused(void **state)
{
    static const char *const values[] = { "own-offsets", "connect-offsets", "", " x " };
    char                     first[512];

    (void) state;
    for (size_t i = 0; i < sizeof(values) / sizeof(values[0]); i++) {
        json_t *config = json_pack("{s:s,s:s}", "connector.class", "FileStreamSource",
                                   "offsets.storage.topic", values[i]);
        assert_false(kc_refused_connector_first(config, "4.3.1", first, sizeof(first)));
        json_decref(config);
    }
}

static void
test_client_lists_accept_only_accepted_items(void **state)
{
    char why[256];

    (void) state;
    assert_false(kc_refused_client("metric.reporters", "", why, sizeof(why)));
    assert_false(kc_refused_client("metric.reporters",
                                       "org.apache.kafka.common.metrics.JmxReporter, "
                                       "org.apache.kafka.common.metrics.JmxReporter", why,
                                       sizeof(why)));
    assert_true(kc_refused_client("metric.reporters", "org.apache.kafka.common.metrics."
                                      "JmxReporter,com.example.Prom", why, sizeof(why)));
    assert_true(kc_refused_client("partitioner.ignore.keys", "true", why, sizeof(why)));
    assert_false(kc_refused_client("linger.ms", "100", why, sizeof(why)));
    /* Known, so not warned about as unknown. */
    assert_true(kc_clientconf_knows("ssl.cipher.suites"));
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_worker_refuses_by_file_line_key_and_value),
        cmocka_unit_test(test_worker_accepts_what_needs_nothing_more),
        cmocka_unit_test(test_rest_extensions_only_in_distributed_mode),
        cmocka_unit_test(test_connector_refusals_under_any_prefix),
        cmocka_unit_test(test_connector_offsets_topic_is_not_refused),
        cmocka_unit_test(test_client_lists_accept_only_accepted_items),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
