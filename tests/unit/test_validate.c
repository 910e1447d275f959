/*
 * tests/unit/test_validate.c - connector config validation as Java's REST API shows it
 * (worker/validate.c): ConfigInfos counts and messages for the built-in file connectors,
 * the message that refuses a write, and the one for a class no plugin provides.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "worker/plugins.h"
#include "worker/validate.h"

static json_t *
value_of(json_t *infos, const char *name)
{
    size_t  i;
    json_t *e;

    json_array_foreach(json_object_get(infos, "configs"), i, e) {
        json_t *v = json_object_get(e, "value");
        if (strcmp(json_string_value(json_object_get(v, "name")), name) == 0)
            return v;
    }
    return NULL;
}

static void
test_sink_validation(void **state)
{
    const kc_connector_ops *ops = kc_plugins_find("FileStreamSink");
    json_t                 *config = json_pack("{s:s,s:s,s:s,s:s,s:n}", "connector.class",
                                               "FileStreamSink", "name", "x", "tasks.max", "x",
                                               "errors.tolerance", "ALL", "nullk");
    json_t                 *infos;
    char                   *msg;

    (void) state;
    assert_non_null(ops);
    infos = kc_validate_connector(NULL, config, ops);
    /* tasks.max (2), errors.tolerance (case counts), topics and topics.regex (1 each), the
     * null key (1). */
    assert_int_equal(json_integer_value(json_object_get(infos, "error_count")), 6);
    assert_string_equal(json_string_value(json_object_get(infos, "name")), "FileStreamSink");
    assert_true(json_is_null(json_object_get(json_array_get(json_object_get(infos, "configs"),
                                                            0), "definition")));
    assert_true(json_is_null(json_object_get(value_of(infos, "tasks.max"), "value")));
    assert_string_equal(json_string_value(json_object_get(value_of(infos, "errors.tolerance"),
                                                          "value")), "ALL");
    assert_int_equal(json_array_size(json_object_get(value_of(infos, "errors.tolerance"),
                                                     "errors")), 1);
    assert_string_equal(json_string_value(json_object_get(value_of(infos,
                        "connector.plugin.version"), "value")), "4.3.1");
    msg = kc_validation_message(infos);
    assert_string_equal(msg, "Connector configuration is invalid and contains the following 6 "
                        "error(s):\nNull value can not be supplied as the configuration value.\n"
                        "Invalid value x for configuration tasks.max: Not a number of type INT\n"
                        "Invalid value null for configuration tasks.max: Value must be non-null\n"
                        "Invalid value ALL for configuration errors.tolerance: String must be one "
                        "of: none, all\n"
                        "Must configure one of topics or topics.regex\n"
                        "Must configure one of topics or topics.regex\n"
                        "You can also find the above list of errors at the endpoint "
                        "`/connector-plugins/{connectorType}/config/validate`");
    free(msg);
    json_decref(infos);
    json_decref(config);
}

static void
test_source_validation(void **state)
{
    const kc_connector_ops *ops = kc_plugins_find("org.apache.kafka.connect.file."
                                                  "FileStreamSourceConnector");
    json_t                 *config = json_pack("{s:s,s:s,s:s,s:s,s:s}", "connector.class",
                                               "FileStreamSource", "name", "", "batch.size",
                                               "many", "exactly.once.support", "Required",
                                               "transaction.boundary", "Poll");
    json_t                 *infos, *groups;

    (void) state;
    infos = kc_validate_connector(NULL, config, ops);
    /* name, topic, batch.size, and exactly-once (the worker has it off, the connector does
     * not offer it); Poll is fine (that validator ignores case). */
    assert_int_equal(json_integer_value(json_object_get(infos, "error_count")), 5);
    assert_int_equal(json_array_size(json_object_get(value_of(infos, "exactly.once.support"),
                                                     "errors")), 2);
    assert_string_equal(json_string_value(json_array_get(json_object_get(value_of(infos, "name"),
                        "errors"), 0)), "Invalid value  for configuration name: String may not "
                        "be empty");
    assert_string_equal(json_string_value(json_array_get(json_object_get(value_of(infos, "topic"),
                        "errors"), 0)), "Missing required configuration \"topic\" which has no "
                        "default value.");
    assert_string_equal(json_string_value(json_array_get(json_object_get(value_of(infos,
                        "batch.size"), "errors"), 0)), "Invalid value many for configuration "
                        "batch.size: Not a number of type INT");
    groups = json_object_get(infos, "groups");
    assert_int_equal(json_array_size(groups), 7);
    assert_string_equal(json_string_value(json_array_get(groups, 6)), "offsets.topic");
    json_decref(infos);
    json_decref(config);
}

static void
test_unknown_class_message(void **state)
{
    /* Java's text, with every built-in connector as a PluginDesc, sorted by class name. */
    static const char *const classes[][2] = {
        { "io.confluent.connect.replicator.EMRReplicatorSourceConnector", "source" },
        { "io.confluent.connect.replicator.ReplicatorSourceConnector", "source" },
        { "org.apache.kafka.connect.file.FileStreamSinkConnector", "sink" },
        { "org.apache.kafka.connect.file.FileStreamSourceConnector", "source" },
        { "org.apache.kafka.connect.mirror.MirrorCheckpointConnector", "source" },
        { "org.apache.kafka.connect.mirror.MirrorHeartbeatConnector", "source" },
        { "org.apache.kafka.connect.mirror.MirrorSourceConnector", "source" },
    };
    char  *msg = kc_plugins_unknown_message("Nope", "p: ");
    char   want[8192];
    size_t off;

    (void) state;
    off = (size_t) snprintf(want, sizeof(want), "p: Failed to find any class that implements "
                            "Connector and which name matches Nope, available connectors are: ");
    for (size_t i = 0; i < sizeof(classes) / sizeof(classes[0]); i++)
        off += (size_t) snprintf(want + off, sizeof(want) - off, "%sPluginDesc{klass=class %s, "
                                 "name='%s', version='4.3.1', encodedVersion=4.3.1, type=%s, "
                                 "typeName='%s', location='classpath'}", i ? ", " : "",
                                 classes[i][0], classes[i][0], classes[i][1], classes[i][1]);
    assert_string_equal(msg, want);
    free(msg);
}

/* What refuses a write: no class, an unknown one, errors; nothing for a valid config. */
static void
test_problem_before_a_write(void **state)
{
    json_t *none = json_pack("{s:s,s:n,s:s}", "topics", "t", "file", "name", "n");
    json_t *unknown = json_pack("{s:s,s:s}", "connector.class", "Nope", "name", "n");
    json_t *bad = json_pack("{s:s,s:s,s:s,s:s}", "connector.class", "FileStreamSink", "name",
                            "n", "topics", "t", "tasks.max", "0");
    json_t *good = json_pack("{s:s,s:s,s:s}", "connector.class", "FileStreamSink", "name", "n",
                             "topics", "t");
    char   *msg;

    (void) state;
    /* In the buckets of Java's HashMap copy (8 slots): name 0, file 3, topics 6. */
    msg = kc_connector_config_problem(NULL, NULL, none, "x: ");
    assert_string_equal(msg, "Connector config {name=n, file=null, topics=t} contains no "
                        "connector type");
    free(msg);
    msg = kc_connector_config_problem(NULL, NULL, unknown, "x: ");
    assert_true(strncmp(msg, "x: Failed to find any class that implements Connector and which "
                        "name matches Nope, available connectors are: PluginDesc{", 106) == 0);
    free(msg);
    msg = kc_connector_config_problem(NULL, NULL, bad, "x: ");
    assert_non_null(strstr(msg, "contains the following 1 error(s):\nInvalid value 0 for "
                           "configuration tasks.max: Value must be at least 1\n"));
    free(msg);
    assert_null(kc_connector_config_problem(NULL, NULL, good, "x: "));
    json_decref(none);
    json_decref(unknown);
    json_decref(bad);
    json_decref(good);
}

static kc_transaction_boundaries
boundaries_supported(const json_t *config)
{
    (void) config;
    return KC_TXN_BOUNDARIES_SUPPORTED;
}

static kc_transaction_boundaries
boundaries_unsupported(const json_t *config)
{
    (void) config;
    return KC_TXN_BOUNDARIES_UNSUPPORTED;
}

static kc_transaction_boundaries
boundaries_null(const json_t *config)
{
    (void) config;
    return KC_TXN_BOUNDARIES_NULL;
}

/* transaction.boundary=connector: the connector's answer (ABI 10), Java's messages. */
static void
test_connector_defined_boundaries(void **state)
{
    static const char not_supported[] = "The connector does not support connector-defined "
        "transaction boundaries with the given configuration. Please reconfigure it to use a "
        "different transaction boundary definition.";
    static const char null_answer[] = "This connector has returned a null value from its "
        "canDefineTransactionBoundaries method, which is not permitted. The connector will be "
        "treated as if it cannot define its own transaction boundaries, and cannot be "
        "configured with 'transaction.boundary' set to 'connector'.";
    const struct {
        kc_transaction_boundaries (*answer)(const json_t *);
        int                       abi;
        const char               *boundary, *error;
    } cases[] = {
        { NULL, KC_CONNECTOR_ABI, "connector", not_supported },       /* Java's default */
        { boundaries_supported, KC_CONNECTOR_ABI, "connector", NULL },
        { boundaries_supported, KC_CONNECTOR_ABI, " CONNECTOR ", NULL },
        { boundaries_unsupported, KC_CONNECTOR_ABI, "connector", not_supported },
        { boundaries_null, KC_CONNECTOR_ABI, "connector", null_answer },
        { boundaries_unsupported, KC_CONNECTOR_ABI, "poll", NULL },   /* not asked */
        { boundaries_supported, 9, "connector", not_supported },      /* not an ABI 9 member */
    };

    (void) state;
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        kc_connector_ops ops = *kc_plugins_find("FileStreamSource");
        json_t          *config = json_pack("{s:s,s:s,s:s,s:s,s:s}", "connector.class",
                                            "FileStreamSource", "name", "x", "file", "/tmp/x",
                                            "topic", "t", "transaction.boundary",
                                            cases[i].boundary);
        json_t          *infos, *errors;

        ops.abi = cases[i].abi;
        ops.can_define_transaction_boundaries = cases[i].answer;
        infos = kc_validate_connector(NULL, config, &ops);
        errors = json_object_get(value_of(infos, "transaction.boundary"), "errors");
        if (cases[i].error == NULL) {
            assert_int_equal(json_array_size(errors), 0);
        } else {
            assert_int_equal(json_array_size(errors), 1);
            assert_string_equal(json_string_value(json_array_get(errors, 0)), cases[i].error);
        }
        json_decref(infos);
        json_decref(config);
    }
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sink_validation),
        cmocka_unit_test(test_source_validation),
        cmocka_unit_test(test_unknown_class_message),
        cmocka_unit_test(test_problem_before_a_write),
        cmocka_unit_test(test_connector_defined_boundaries),
    };

    kc_plugins_init(NULL, NULL);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
