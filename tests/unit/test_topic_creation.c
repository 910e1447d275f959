/*
 * tests/unit/test_topic_creation.c - source connectors' topic creation settings
 * (worker/topic_creation.c): when they are in use, Java's messages for settings its
 * ConfigDef refuses, and which group a topic falls in. Creating the topics needs a cluster:
 * tests/integration/test_rest_parity.py compares that with Java's.
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

#include "worker/topic_creation.h"

/* kc_topic_creation_new on a JSON config: its result code, the settings into *out. */
static int
parse(const char *config_json, bool enabled, kc_topic_creation **out, kc_err *err)
{
    json_error_t jerr;
    json_t      *config = json_loads(config_json, 0, &jerr);
    int          rc;

    assert_non_null(config);
    rc = kc_topic_creation_new(enabled, config, "c-0", out, err);
    json_decref(config);
    return rc;
}

static void
test_in_use(void **state)
{
    kc_topic_creation *tc = (void *) 1;
    kc_err             err = { 0 };

    (void) state;
    assert_int_equal(parse("{\"topic\": \"t\"}", true, &tc, &err), KC_OK);
    assert_null(tc);                            /* no topic.creation.* key */
    assert_int_equal(parse("{\"topic.creation.default.partitions\": \"2\"}", false, &tc, &err),
                     KC_OK);
    assert_null(tc);                            /* topic.creation.enable=false */
    assert_int_equal(parse("{\"topic.creation.default.partitions\": \" 2 \","
                           " \"topic.creation.default.replication.factor\": \"-1\"}", true,
                           &tc, &err), KC_OK);
    assert_non_null(tc);
    assert_string_equal(kc_topic_creation_group_of(tc, "anything"), "default");
    kc_topic_creation_free(tc);
}

static void
test_refused_as_java(void **state)
{
    static const struct { const char *config, *message; } cases[] = {
        { "{\"topic.creation.groups\": \"\"}",
          "Missing required configuration \"topic.creation.default.replication.factor\" which "
          "has no default value." },
        { "{\"topic.creation.default.replication.factor\": \"1\"}",
          "Missing required configuration \"topic.creation.default.partitions\" which has no "
          "default value." },
        { "{\"topic.creation.default.replication.factor\": \"x\","
          " \"topic.creation.default.partitions\": \"1\"}",
          "Invalid value x for configuration topic.creation.default.replication.factor: Not a "
          "number of type SHORT" },
        { "{\"topic.creation.default.replication.factor\": \"40000\","
          " \"topic.creation.default.partitions\": \"1\"}",
          "Invalid value 40000 for configuration topic.creation.default.replication.factor: "
          "Not a number of type SHORT" },
        { "{\"topic.creation.default.replication.factor\": \"0\","
          " \"topic.creation.default.partitions\": \"1\"}",
          "Invalid value 0 for configuration topic.creation.default.replication.factor: "
          "Replication factor must be positive and not larger than the number of brokers in "
          "the Kafka cluster, or -1 to use the broker's default" },
        { "{\"topic.creation.default.replication.factor\": \"1\","
          " \"topic.creation.default.partitions\": \"-2\"}",
          "Invalid value -2 for configuration topic.creation.default.partitions: Number of "
          "partitions must be positive, or -1 to use the broker's default" },
        { "{\"topic.creation.default.replication.factor\": \"1\","
          " \"topic.creation.default.partitions\": \"1\", \"topic.creation.groups\": \"a, b, a\"}",
          "Invalid value [a, b, a] for configuration topic.creation.groups: Duplicate alias "
          "provided." },
        { "{\"topic.creation.default.replication.factor\": \"1\","
          " \"topic.creation.default.partitions\": \"1\", \"topic.creation.groups\": \"g\","
          " \"topic.creation.g.partitions\": \"0\"}",
          "Invalid value 0 for configuration topic.creation.g.partitions: Number of partitions "
          "must be positive, or -1 to use the broker's default" },
    };

    (void) state;
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        kc_topic_creation *tc = NULL;
        kc_err             err = { 0 };
        assert_int_equal(parse(cases[i].config, true, &tc, &err), KC_EINVAL);
        assert_null(tc);
        assert_string_equal(err.msg, cases[i].message);
    }
    {
        kc_topic_creation *tc = NULL;
        kc_err             err = { 0 };
        assert_int_equal(parse("{\"topic.creation.default.replication.factor\": \"1\","
                               " \"topic.creation.default.partitions\": \"1\","
                               " \"topic.creation.groups\": \"g\","
                               " \"topic.creation.g.include\": \"a(\"}", true, &tc, &err),
                         KC_EINVAL);
        assert_non_null(strstr(err.msg, "Invalid value a( for configuration "
                                        "topic.creation.g.include: Syntax error in regular "
                                        "expression: "));
    }
}

static void
test_groups(void **state)
{
    kc_topic_creation *tc = NULL;
    kc_err             err = { 0 };

    (void) state;
    assert_int_equal(parse("{\"topic.creation.default.replication.factor\": \"1\","
                           " \"topic.creation.default.partitions\": \"1\","
                           " \"topic.creation.default.include\": \"never\","
                           " \"topic.creation.groups\": \"default, logs, all, none\","
                           " \"topic.creation.logs.include\": \"logs-.*, audit\","
                           " \"topic.creation.logs.exclude\": \".*-tmp\","
                           " \"topic.creation.all.include\": \".*\","
                           " \"topic.creation.all.exclude\": \"x.*\"}", true, &tc, &err),
                     KC_OK);
    assert_string_equal(kc_topic_creation_group_of(tc, "logs-1"), "logs");
    assert_string_equal(kc_topic_creation_group_of(tc, "audit"), "logs");
    assert_string_equal(kc_topic_creation_group_of(tc, "logs-1-tmp"), "all");   /* excluded */
    assert_string_equal(kc_topic_creation_group_of(tc, "orders"), "all");
    assert_string_equal(kc_topic_creation_group_of(tc, "xyz"), "default");      /* none: no include */
    assert_string_equal(kc_topic_creation_group_of(tc, "never"), "all");  /* not default's */
    kc_topic_creation_free(tc);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_in_use),
        cmocka_unit_test(test_refused_as_java),
        cmocka_unit_test(test_groups),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
