/*
 * tests/unit/test_replicator.c - the Replicator connector's translation onto MirrorSource:
 * the rename policy of topic.rename.format, the topic selection of topic.whitelist,
 * topic.regex and topic.blacklist, which client settings go to which cluster (the
 * destination defaulting to the worker's), the flags that steer topic creation and
 * partitioning, and the config errors Connect reports.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "connectors/mirror/mirror.h"
#include "connectors/mirror/mirror_policy.h"
#include "connectors/mirror/replicator.h"
#include "worker/plugins.h"

static json_t *
runbook_config(void)
{
    /* Runbook 2's connector, as posted. */
    return json_pack("{s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:s}",
                     "name", "connect-test",
                     "connector.class", "io.confluent.connect.replicator.ReplicatorSourceConnector",
                     "src.kafka.bootstrap.servers", "src1:9092,src2:9092",
                     "topic.whitelist", "connect",
                     "topic.rename.format", "${topic}.replica",
                     "src.kafka.max.poll.records", "300",
                     "key.converter", "io.confluent.connect.replicator.util.ByteArrayConverter",
                     "value.converter", "io.confluent.connect.replicator.util.ByteArrayConverter",
                     "src.zookeeper.connect", "zk-src:2181",
                     "dest.zookeeper.connect", "zk-dest:2181");
}

static void
expect_str(const json_t *o, const char *key, const char *want)
{
    const char *got = json_string_value(json_object_get(o, key));

    if (want == NULL) {
        if (got != NULL)
            fail_msg("%s: expected absent, got %s", key, got);
        return;
    }
    if (got == NULL)
        fail_msg("%s: expected %s, absent", key, want);
    assert_string_equal(got, want);
}

static void
expect_remote(const kc_mirror_policy *p, const char *topic, const char *want)
{
    char *got = kc_mirror_format_remote_topic(p, "ignored", topic);

    assert_string_equal(got, want);
    free(got);
}

static void
expect_upstream(const kc_mirror_policy *p, const char *topic, const char *source,
                const char *upstream)
{
    char *s = kc_mirror_topic_source(p, topic), *u = kc_mirror_upstream_topic(p, topic);

    if (source == NULL)
        assert_null(s);
    else
        assert_string_equal(s, source);
    if (upstream == NULL)
        assert_null(u);
    else
        assert_string_equal(u, upstream);
    free(s);
    free(u);
}

static void
test_rename_policy(void **state)
{
    kc_mirror_policy p;

    (void) state;
    kc_mirror_policy_init_rename(&p, "${topic}.replica", "source");
    expect_remote(&p, "connect", "connect.replica");
    expect_remote(&p, "a.b", "a.b.replica");
    expect_upstream(&p, "connect.replica", "source", "connect");
    expect_upstream(&p, "x.replica.replica", "source", "x.replica");
    expect_upstream(&p, "connect", NULL, NULL);
    expect_upstream(&p, ".replica", NULL, NULL);               /* ${topic} is never empty */
    assert_false(kc_mirror_is_cycle(&p, "destination", "connect.replica"));
    {
        char *o = kc_mirror_original_topic(&p, "x.replica.replica");
        assert_string_equal(o, "x");
        free(o);
    }
    kc_mirror_policy_free(&p);

    kc_mirror_policy_init_rename(&p, "dc1-${topic}-${topic}", "source");
    expect_remote(&p, "t", "dc1-t-t");
    expect_upstream(&p, "dc1-ab-ab", "source", "ab");
    expect_upstream(&p, "dc1-ab-ac", NULL, NULL);
    expect_upstream(&p, "dc1-abc", NULL, NULL);
    kc_mirror_policy_free(&p);

    kc_mirror_policy_init_rename(&p, "${topic}", "source");   /* Replicator's default */
    expect_remote(&p, "orders", "orders");
    expect_upstream(&p, "orders", "source", "orders");
    assert_false(kc_mirror_is_cycle(&p, "destination", "orders"));
    kc_mirror_policy_free(&p);

    kc_mirror_policy_init_rename(&p, "all-in-one", "source");  /* no placeholder */
    expect_remote(&p, "a", "all-in-one");
    expect_remote(&p, "b", "all-in-one");
    expect_upstream(&p, "all-in-one", "source", NULL);
    expect_upstream(&p, "a", NULL, NULL);
    kc_mirror_policy_free(&p);
}

static void
test_translation_runbook_2(void **state)
{
    json_t *config = runbook_config();
    json_t *worker = json_pack("{s:s,s:s,s:s}", "bootstrap.servers", "dest:9092",
                               "security.protocol", "SASL_PLAINTEXT", "sasl.mechanism",
                               "SCRAM-SHA-256");
    json_t *mm;

    (void) state;
    assert_null(kc_replicator_validate(config));
    mm = kc_replicator_translate(config, worker);
    expect_str(mm, "name", "connect-test");
    expect_str(mm, "source.cluster.alias", KC_REPLICATOR_SOURCE_ALIAS);
    expect_str(mm, "source.cluster.bootstrap.servers", "src1:9092,src2:9092");
    expect_str(mm, "source.consumer.max.poll.records", "300");
    /* The destination is the worker's cluster, security included. */
    expect_str(mm, "target.cluster.bootstrap.servers", "dest:9092");
    expect_str(mm, "target.cluster.security.protocol", "SASL_PLAINTEXT");
    expect_str(mm, "target.cluster.sasl.mechanism", "SCRAM-SHA-256");
    /* Nothing of MM2's own bookkeeping, no ZooKeeper anywhere. */
    expect_str(mm, "emit.offset-syncs.enabled", "false");
    expect_str(mm, "heartbeats.replication.enabled", "false");
    expect_str(mm, "sync.topic.acls.enabled", "false");
    expect_str(mm, "sync.topic.configs.enabled", "true");
    expect_str(mm, "sync.topic.configs.interval.seconds", "120");
    expect_str(mm, "refresh.topics.interval.seconds", "120");
    expect_str(mm, "replication.factor", "-1");
    expect_str(mm, "provenance.header.enable", "false");      /* Confluent's default */
    expect_str(mm, "source.cluster.zookeeper.connect", NULL);
    expect_str(mm, "src.zookeeper.connect", NULL);
    json_decref(mm);

    /* dest.kafka.* replaces the worker's settings; src.consumer.* wins for the consumer. */
    json_object_set_new(config, "dest.kafka.bootstrap.servers", json_string(" other:9092 "));
    json_object_set_new(config, "dest.kafka.request.timeout.ms", json_string("5000"));
    json_object_set_new(config, "src.consumer.max.poll.records", json_string("100"));
    json_object_set_new(config, "src.kafka.security.protocol", json_string("SSL"));
    json_object_set_new(config, "dest.topic.replication.factor", json_string("3"));
    json_object_set_new(config, "topic.config.sync", json_string("false"));
    json_object_set_new(config, "topic.poll.interval.ms", json_string("500"));
    json_object_set_new(config, "provenance.header.enable", json_string("true"));
    mm = kc_replicator_translate(config, worker);
    expect_str(mm, "provenance.header.enable", "true");
    expect_str(mm, "target.cluster.bootstrap.servers", "other:9092");
    expect_str(mm, "target.cluster.security.protocol", NULL);
    expect_str(mm, "target.admin.request.timeout.ms", "5000");
    expect_str(mm, "source.consumer.max.poll.records", "100");
    expect_str(mm, "source.admin.max.poll.records", "300");
    expect_str(mm, "source.cluster.security.protocol", "SSL");
    expect_str(mm, "replication.factor", "3");
    expect_str(mm, "sync.topic.configs.enabled", "false");
    expect_str(mm, "refresh.topics.interval.seconds", "1");
    json_decref(mm);
    json_decref(worker);
    json_decref(config);
}

static void
test_prepared_config(void **state)
{
    json_t          *config = runbook_config();
    kc_mirror_config cfg;
    char             err[512] = "";
    char            *remote;

    (void) state;
    assert_int_equal(kc_replicator_config(&cfg, config, NULL, err, sizeof(err)), 0);
    remote = kc_mirror_format_remote_topic(&cfg.policy, cfg.source_alias, "connect");
    assert_string_equal(remote, "connect.replica");
    free(remote);
    assert_true(cfg.create_topics);
    assert_true(cfg.rf_from_source);
    assert_true(cfg.grow_partitions);
    assert_true(cfg.keep_partitions);
    assert_false(cfg.emit_offset_syncs);
    assert_int_equal(cfg.max_poll_records, 300);
    /* Task configs carry Replicator's vocabulary, not the translation. */
    {
        json_t *task = kc_mirror_task_config(&cfg, "task.assigned.partitions", "connect-0", 0);
        expect_str(task, "topic.rename.format", "${topic}.replica");
        expect_str(task, "source.cluster.alias", NULL);
        expect_str(task, "task.assigned.partitions", "connect-0");
        json_decref(task);
    }
    /* Only the whitelisted name, exactly: the whitelist is names, not regexes. */
    assert_true(kc_mirror_should_replicate_topic(&cfg, false, "connect"));
    assert_false(kc_mirror_should_replicate_topic(&cfg, false, "connectX"));
    assert_false(kc_mirror_should_replicate_topic(&cfg, false, "other"));
    kc_mirror_config_free(&cfg);

    json_object_set_new(config, "topic.whitelist", json_string("a.b, __consumer_offsets"));
    json_object_set_new(config, "topic.regex", json_string("orders-[0-9]{1,3}"));
    json_object_set_new(config, "topic.blacklist", json_string("orders-7, a.b"));
    json_object_set_new(config, "topic.auto.create", json_string("false"));
    json_object_set_new(config, "topic.preserve.partitions", json_string("FALSE"));
    json_object_set_new(config, "dest.topic.replication.factor", json_string("3"));
    assert_int_equal(kc_replicator_config(&cfg, config, NULL, err, sizeof(err)), 0);
    assert_false(cfg.rf_from_source);
    assert_int_equal(kc_mirror_long(&cfg, "replication.factor", 0), 3);
    assert_false(kc_mirror_should_replicate_topic(&cfg, false, "a.b"));    /* blacklist wins */
    assert_false(kc_mirror_should_replicate_topic(&cfg, false, "aXb"));    /* '.' is literal */
    assert_true(kc_mirror_should_replicate_topic(&cfg, false, "orders-12"));
    assert_false(kc_mirror_should_replicate_topic(&cfg, false, "orders-7"));
    assert_false(kc_mirror_should_replicate_topic(&cfg, false, "orders-1234"));
    assert_false(kc_mirror_should_replicate_topic(&cfg, false, "__consumer_offsets"));
    assert_false(cfg.create_topics);
    assert_false(cfg.grow_partitions);
    assert_false(cfg.keep_partitions);
    kc_mirror_config_free(&cfg);
    json_decref(config);
}

static const char *
first_error(const json_t *errors, const char *key)
{
    return json_string_value(json_array_get(json_object_get(errors, key), 0));
}

static void
test_validation(void **state)
{
    json_t          *config = runbook_config();
    json_t          *errors;
    kc_mirror_config cfg;
    char             err[512] = "";

    (void) state;
    json_object_del(config, "src.kafka.bootstrap.servers");
    json_object_set_new(config, "topic.regex", json_string("orders-("));
    json_object_set_new(config, "topic.auto.create", json_string("yes"));
    json_object_set_new(config, "src.kafka.max.poll.records", json_string("0"));
    json_object_set_new(config, "topic.rename.format", json_string("  "));
    errors = kc_replicator_validate(config);
    assert_non_null(errors);
    assert_string_equal(first_error(errors, "src.kafka.bootstrap.servers"),
                        "Missing required configuration \"src.kafka.bootstrap.servers\" which "
                        "has no default value.");
    assert_non_null(strstr(first_error(errors, "topic.regex"),
                           "Invalid value orders-( for configuration topic.regex: "));
    assert_string_equal(first_error(errors, "topic.auto.create"),
                        "Invalid value yes for configuration topic.auto.create: Expected value "
                        "to be either true or false");
    assert_string_equal(first_error(errors, "src.kafka.max.poll.records"),
                        "Invalid value 0 for configuration src.kafka.max.poll.records: Value "
                        "must be at least 1");
    assert_non_null(first_error(errors, "topic.rename.format"));
    assert_null(json_object_get(errors, "src.zookeeper.connect"));
    assert_int_equal(kc_replicator_config(&cfg, config, NULL, err, sizeof(err)), -1);
    assert_true(err[0] != '\0');
    json_decref(errors);
    json_decref(config);
}

/* exactly.once.support=required: MirrorSource's read_committed rule on the source consumer
 * (src.consumer.* over src.kafka.*), with a message of its own in validation. */
static void
test_exactly_once_support(void **state)
{
    const struct {
        const char             *kafka, *consumer;
        kc_exactly_once_support want;
    } cases[] = {
        { NULL, NULL, KC_EOS_UNSUPPORTED },
        { NULL, "read_committed", KC_EOS_SUPPORTED },
        { "read_committed", NULL, KC_EOS_SUPPORTED },
        { "read_committed", "read_uncommitted", KC_EOS_UNSUPPORTED },
        { "read_uncommitted", "read_committed", KC_EOS_SUPPORTED },
    };
    const kc_connector_ops *ops[] = { &kc_replicator_connector, &kc_emr_replicator_connector };

    (void) state;
    for (size_t o = 0; o < 2; o++)
        for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
            json_t *config = runbook_config(), *errors;

            json_object_set_new(config, "exactly.once.support", json_string("required"));
            if (cases[i].kafka != NULL)
                json_object_set_new(config, "src.kafka.isolation.level",
                                    json_string(cases[i].kafka));
            if (cases[i].consumer != NULL)
                json_object_set_new(config, "src.consumer.isolation.level",
                                    json_string(cases[i].consumer));
            assert_true(KC_CONNECTOR_HAS9(ops[o], exactly_once_support));
            assert_int_equal(ops[o]->exactly_once_support(config), cases[i].want);
            errors = ops[o]->validate(config);
            if (cases[i].want == KC_EOS_SUPPORTED) {
                assert_null(errors);
            } else {
                assert_non_null(errors);
                assert_non_null(strstr(first_error(errors, "exactly.once.support"),
                                       "ReplicatorSourceConnector can only provide "
                                       "exactly-once guarantees when its source consumer is "
                                       "configured with isolation.level set to "
                                       "'read_committed' (src.consumer.isolation.level)"));
            }
            json_decref(errors);
            json_decref(config);
        }
}

static void
test_registered(void **state)
{
    (void) state;
    assert_string_equal(kc_replicator_connector.class_name,
                        "io.confluent.connect.replicator.ReplicatorSourceConnector");
    assert_string_equal(kc_emr_replicator_connector.class_name,
                        "io.confluent.connect.replicator.EMRReplicatorSourceConnector");
    kc_plugins_init(NULL, NULL);
    assert_ptr_equal(kc_plugins_find("io.confluent.connect.replicator.ReplicatorSourceConnector"),
                     &kc_replicator_connector);
    assert_ptr_equal(kc_plugins_find("ReplicatorSourceConnector"), &kc_replicator_connector);
    assert_ptr_equal(kc_plugins_find("io.confluent.connect.replicator.EMRReplicatorSourceConnector"),
                     &kc_emr_replicator_connector);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rename_policy),
        cmocka_unit_test(test_translation_runbook_2),
        cmocka_unit_test(test_prepared_config),
        cmocka_unit_test(test_validation),
        cmocka_unit_test(test_exactly_once_support),
        cmocka_unit_test(test_registered),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
