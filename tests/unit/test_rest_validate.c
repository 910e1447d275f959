/*
 * tests/unit/test_rest_validate.c - connector config validation as Java's REST API shows it
 * (rest/plugins.c): Java's HashMap order in messages (vectors printed by a JVM), ConfigInfos
 * counts and messages for the built-in file connectors, the 400 message of a create, and
 * where Jackson's messages locate a value in the request text.
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

#include "rest/plugins.h"
#include "worker/plugins.h"

/* A config whose keys are the words of `keys`, each with value "v", in that order. */
static json_t *
config_of(const char *keys)
{
    json_t *o = json_object();
    char   *copy = strdup(keys), *save = NULL;

    for (char *k = strtok_r(copy, " ", &save); k; k = strtok_r(NULL, " ", &save))
        json_object_set_new(o, k, json_string("v"));
    free(copy);
    return o;
}

static void
check_map(const char *keys, const char *java)
{
    json_t *o = config_of(keys);
    char   *text = kc_rest_java_map_text(o);

    assert_string_equal(text, java);
    free(text);
    json_decref(o);
}

static void
test_java_hashmap_order(void **state)
{
    (void) state;
    check_map("topics name", "{name=v, topics=v}");
    check_map("topics a name", "{name=v, a=v, topics=v}");
    check_map("topics a file tasks.max batch.size name",
              "{a=v, file=v, topics=v, tasks.max=v, batch.size=v, name=v}");
    check_map("key.converter value.converter topics errors.tolerance errors.log.enable file "
              "tasks.max batch.size a b c d name",
              "{a=v, b=v, c=v, d=v, topics=v, tasks.max=v, batch.size=v, file=v, name=v, "
              "errors.tolerance=v, value.converter=v, errors.log.enable=v, key.converter=v}");
    check_map("", "{}");
}

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
    kc_rest_ctx             ctx = { 0 };
    const kc_connector_ops *ops = kc_plugins_find("FileStreamSink");
    json_t                 *config = json_pack("{s:s,s:s,s:s,s:s,s:n}", "connector.class",
                                               "FileStreamSink", "name", "x", "tasks.max", "x",
                                               "errors.tolerance", "ALL", "nullk");
    json_t                 *infos;
    char                   *msg;

    (void) state;
    assert_non_null(ops);
    infos = kc_rest_validate(&ctx, config, ops);
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
    msg = kc_rest_validation_message(infos);
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
    kc_rest_ctx             ctx = { 0 };
    const kc_connector_ops *ops = kc_plugins_find("org.apache.kafka.connect.file."
                                                  "FileStreamSourceConnector");
    json_t                 *config = json_pack("{s:s,s:s,s:s,s:s,s:s}", "connector.class",
                                               "FileStreamSource", "name", "", "batch.size",
                                               "many", "exactly.once.support", "Required",
                                               "transaction.boundary", "Poll");
    json_t                 *infos, *groups;

    (void) state;
    infos = kc_rest_validate(&ctx, config, ops);
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
    char  *msg = kc_rest_unknown_class_message("Nope", "p: ");
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

static void
check_where(const char *body, const char *const *chain, const char *want)
{
    char *got = kc_rest_jackson_where(body, strlen(body), chain);

    assert_string_equal(got, want);
    free(got);
}

/* Jackson's location suffix: the line and column (from 1, in bytes) of the value's first
 * character, and the chain of types and keys to it (vectors from a Java worker's answers). */
static void
test_jackson_location(void **state)
{
    (void) state;
#define AT "\n at [Source: REDACTED (`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` disabled); "
    check_where("{\"tasks.max\": [2]}", (const char *[]) { "java.util.LinkedHashMap",
                                                            "tasks.max", NULL },
                AT "line: 1, column: 15] (through reference chain: java.util.LinkedHashMap"
                "[\"tasks.max\"])");
    check_where("[\"a\"]", (const char *[]) { NULL }, AT "line: 1, column: 1]");
    check_where("{\"name\": \"k1a2b3c-x\", \"config\": \"a\"}", (const char *[]) {
                    "org.apache.kafka.connect.runtime.rest.entities.CreateConnectorRequest",
                    "config", NULL },
                AT "line: 1, column: 33] (through reference chain: org.apache.kafka.connect."
                "runtime.rest.entities.CreateConnectorRequest[\"config\"])");
    /* Nested, escapes and arrays skipped, lines counted. */
    check_where("{\"a\": [1, {\"b\": \"}\"}],\n \"c\\\"d\": 1,\n \"config\": {\"x\": 1,\n"
                "  \"topics\": [\"t\"]}}", (const char *[]) { "R", "config",
                                                          "java.util.LinkedHashMap",
                                                          "topics", NULL },
                AT "line: 4, column: 13] (through reference chain: R[\"config\"]->"
                "java.util.LinkedHashMap[\"topics\"])");
    check_where("{\"a\": 1}", (const char *[]) { "R", "b", NULL }, "");
#undef AT
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_java_hashmap_order),
        cmocka_unit_test(test_sink_validation),
        cmocka_unit_test(test_source_validation),
        cmocka_unit_test(test_unknown_class_message),
        cmocka_unit_test(test_jackson_location),
    };

    kc_plugins_init(NULL, NULL);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
