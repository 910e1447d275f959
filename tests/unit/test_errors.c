/*
 * tests/unit/test_errors.c - a task's error handling settings (worker/errors.c): which
 * settings turn tolerance on, read as Java's ConfigDef reads them (trimmed, booleans in any
 * case), what a failure returns, and the names Java's reports use. The dead letter queue
 * itself needs a cluster: tests/integration/test_rest_parity.py compares it with Java's.
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

#include "worker/errors.h"

static kc_errors *
handler(const char *config_json, bool sink)
{
    json_error_t jerr;
    json_t      *config = json_loads(config_json, 0, &jerr);
    kc_err       err = { 0 };
    kc_errors   *e;

    assert_non_null(config);
    e = kc_errors_new("conn", 2, config, sink, NULL, NULL, NULL, &err);
    json_decref(config);
    assert_non_null(e);
    return e;
}

static void
test_tolerance_settings(void **state)
{
    static const struct { const char *config; bool all; } cases[] = {
        { "{}", false },
        { "{\"errors.tolerance\": \"none\"}", false },
        { "{\"errors.tolerance\": \"all\"}", true },
        { "{\"errors.tolerance\": \" all \"}", true },          /* ConfigDef trims */
        { "{\"errors.tolerance\": 1}", false },
        /* A sink whose queue name is only blanks has no queue: made without a cluster. */
        { "{\"errors.tolerance\": \"all\", \"errors.deadletterqueue.topic.name\": \"  \"}", true },
    };

    (void) state;
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        kc_errors *e = handler(cases[i].config, true);
        kc_err     err = { 0 };
        assert_int_equal(kc_errors_tolerate_all(e), cases[i].all);
        assert_int_equal(kc_errors_flush(e, 10, &err), KC_OK);   /* no queue: nothing to wait */
        kc_errors_free(e);
    }
    assert_false(kc_errors_tolerate_all(NULL));
}

static void
test_a_failure_is_tolerated_or_not(void **state)
{
    kc_failure f = { KC_STAGE_VALUE_CONVERTER, "org.apache.kafka.connect.json.JsonConverter",
                     KC_DATA_EXCEPTION, "Converting byte[] to Kafka Connect data failed" };
    json_t    *part = json_pack("{s:s}", "filename", "in.txt");
    json_t    *offset = json_pack("{s:i}", "position", 12);
    kc_errors *all = handler("{\"errors.tolerance\": \"all\", \"errors.log.enable\": \"TRUE\", "
                             "\"errors.log.include.messages\": true}", false);
    kc_errors *none = handler("{\"errors.log.enable\": \"false\"}", false);

    (void) state;
    /* Logged to stderr (the text is compared with Java's in the integration tests). */
    assert_true(kc_errors_source_failed(all, &f, "t", 0, part, offset, NULL));
    assert_true(kc_errors_source_failed(all, &f, NULL, -1, NULL, NULL, NULL));
    assert_false(kc_errors_source_failed(none, &f, "t", 3, part, NULL, NULL));
    kc_errors_free(all);
    kc_errors_free(none);
    json_decref(part);
    json_decref(offset);
}

static void
test_java_names(void **state)
{
    (void) state;
    assert_string_equal(kc_stage_name(KC_STAGE_KEY_CONVERTER), "KEY_CONVERTER");
    assert_string_equal(kc_stage_name(KC_STAGE_VALUE_CONVERTER), "VALUE_CONVERTER");
    assert_string_equal(kc_stage_name(KC_STAGE_HEADER_CONVERTER), "HEADER_CONVERTER");
    assert_string_equal(kc_stage_name(KC_STAGE_KAFKA_PRODUCE), "KAFKA_PRODUCE");
    assert_string_equal(kc_errors_producer_exception(RD_KAFKA_RESP_ERR_MSG_SIZE_TOO_LARGE),
                        "org.apache.kafka.common.errors.RecordTooLargeException");
    assert_string_equal(kc_errors_producer_exception(RD_KAFKA_RESP_ERR_INVALID_RECORD),
                        "org.apache.kafka.common.InvalidRecordException");
    assert_string_equal(kc_errors_producer_exception(RD_KAFKA_RESP_ERR_NOT_ENOUGH_REPLICAS),
                        "org.apache.kafka.common.KafkaException");
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tolerance_settings),
        cmocka_unit_test(test_a_failure_is_tolerated_or_not),
        cmocka_unit_test(test_java_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
