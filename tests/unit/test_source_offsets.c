/*
 * tests/unit/test_source_offsets.c - where a source connector's offsets go (KIP-618), as
 * Java's Worker decides it (offsetStoreFor{Regular,ExactlyOnce}SourceTask and
 * sameOffsetTopicAsWorker): the worker's topic alone, the connector's alone, or both; which
 * cluster each client reaches; Java's message for an empty offsets.storage.topic.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "lib/common.h"
#include "worker/source_offsets.h"
#include "worker/worker_config.h"

/* A distributed worker on "a:9092, b:9092" (or standalone), exactly-once as eos says. */
static void
worker(kc_worker_config *wc, const char *eos, bool standalone)
{
    kc_props p;
    kc_err   err;

    kc_props_init(&p, "test");
    kc_props_set(&p, "bootstrap.servers", "a:9092, b:9092", 0);
    kc_props_set(&p, "group.id", "g", 0);
    kc_props_set(&p, "offset.storage.topic", "connect-offsets", 0);
    kc_props_set(&p, "config.storage.topic", "connect-configs", 0);
    kc_props_set(&p, "status.storage.topic", "connect-status", 0);
    kc_props_set(&p, "key.converter", "org.apache.kafka.connect.json.JsonConverter", 0);
    kc_props_set(&p, "value.converter", "org.apache.kafka.connect.json.JsonConverter", 0);
    kc_props_set(&p, "exactly.once.source.support", eos, 0);
    if (standalone)
        kc_props_set(&p, "offset.storage.file.filename", "/tmp/offsets", 0);
    assert_int_equal(kc_worker_config_from_props(wc, &p, &err), KC_OK);
    wc->standalone = standalone;
    kc_props_free(&p);
}

typedef struct expect {
    const char *topic;
    bool        own_reads, both, ensure;
} expect;

static void
check(const kc_worker_config *wc, json_t *config, expect e)
{
    kc_source_offsets_plan plan;
    kc_err                 err;

    assert_int_equal(kc_source_offsets_plan_for(wc, config, "c", &plan, &err), KC_OK);
    assert_string_equal(plan.topic, e.topic);
    assert_int_equal(plan.own_reads, e.own_reads);
    assert_int_equal(plan.both, e.both);
    assert_int_equal(plan.ensure, e.ensure);
    kc_source_offsets_plan_clear(&plan);
    json_decref(config);
}

static void
test_regular_connector(void **state)
{
    kc_worker_config wc;

    (void) state;
    worker(&wc, "disabled", false);
    /* No topic of its own: the worker's store, wherever its producer writes. */
    check(&wc, json_pack("{}"), (expect) { "connect-offsets", false, false, false });
    check(&wc, json_pack("{s:s}", "producer.override.bootstrap.servers", "other:9092"),
          (expect) { "connect-offsets", false, false, false });
    /* Its own topic: both stores, read and created through its own clients. */
    check(&wc, json_pack("{s:s}", "offsets.storage.topic", " own "),
          (expect) { "own", true, true, true });
    /* The worker's topic named: the connector's store alone, on the worker's cluster (the
     * servers compared as sets, trimmed). */
    check(&wc, json_pack("{s:s,s:s}", "offsets.storage.topic", "connect-offsets",
                         "producer.override.bootstrap.servers", "b:9092,a:9092"),
          (expect) { "connect-offsets", false, false, false });
    /* ... unless its producer writes elsewhere: the worker's topic name there, and the
     * worker's store. */
    check(&wc, json_pack("{s:s,s:s}", "offsets.storage.topic", "connect-offsets",
                         "producer.override.bootstrap.servers", "a:9092"),
          (expect) { "connect-offsets", false, true, false });
    kc_worker_config_free(&wc);
}

static void
test_exactly_once_connector(void **state)
{
    kc_worker_config wc;

    (void) state;
    worker(&wc, "enabled", false);
    check(&wc, json_pack("{}"), (expect) { "connect-offsets", false, false, false });
    check(&wc, json_pack("{s:s}", "offsets.storage.topic", "own"),
          (expect) { "own", true, true, true });
    /* A producer on another cluster: the worker's topic name there, written in the task's
     * transactions, then the worker's store; read where the consumer reads. */
    check(&wc, json_pack("{s:s}", "producer.override.bootstrap.servers", "other:9092"),
          (expect) { "connect-offsets", false, true, false });
    check(&wc, json_pack("{s:s,s:s,s:s}", "producer.override.bootstrap.servers", "other:9092",
                         "consumer.override.bootstrap.servers", "other:9092",
                         "admin.override.bootstrap.servers", "other:9092"),
          (expect) { "connect-offsets", true, true, true });
    /* The worker's "producer." settings count as the connector's producer's. */
    kc_props_set(&wc.props, "producer.bootstrap.servers", "other:9092", 0);
    check(&wc, json_pack("{}"), (expect) { "connect-offsets", false, true, false });
    kc_worker_config_free(&wc);
}

static void
test_standalone_ignores_the_topic(void **state)
{
    kc_worker_config wc;

    (void) state;
    worker(&wc, "disabled", true);
    check(&wc, json_pack("{s:s}", "offsets.storage.topic", "own"),
          (expect) { "connect-offsets", false, false, false });
    kc_worker_config_free(&wc);
}

static void
test_empty_topic_is_javas_config_error(void **state)
{
    kc_worker_config       wc;
    kc_source_offsets_plan plan;
    kc_err                 err;

    (void) state;
    worker(&wc, "disabled", false);
    for (int i = 0; i < 2; i++) {
        json_t *config = json_pack("{s:s}", "offsets.storage.topic", i ? "  " : "");
        assert_int_equal(kc_source_offsets_plan_for(&wc, config, "c", &plan, &err), KC_EINVAL);
        assert_string_equal(err.msg, "Invalid value  for configuration offsets.storage.topic: "
                                     "String must be non-empty");
        assert_null(plan.topic);
        json_decref(config);
    }
    kc_worker_config_free(&wc);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_regular_connector),
        cmocka_unit_test(test_exactly_once_connector),
        cmocka_unit_test(test_standalone_ignores_the_topic),
        cmocka_unit_test(test_empty_topic_is_javas_config_error),
    };
    return cmocka_run_group_tests_name("source_offsets", tests, NULL, NULL);
}
