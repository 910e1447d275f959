/*
 * tests/unit/test_clientconf.c - Java client settings carried over to librdkafka's
 * (worker/clientconf.c): the producer's buffer.memory, enable.idempotence and requests in
 * flight defaults and the settings that win.
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

/* conf's value of a librdkafka key, into buf. */
static const char *
get(rd_kafka_conf_t *conf, const char *key, char *buf, size_t size)
{
    assert_int_equal(rd_kafka_conf_get(conf, key, buf, &size), RD_KAFKA_CONF_OK);
    return buf;
}

/* A conf for a client of type with props (key, value pairs) applied under prefix. */
static rd_kafka_conf_t *
applied(rd_kafka_type_t type, const char *prefix, const char *const *kv)
{
    rd_kafka_conf_t *conf = rd_kafka_conf_new();
    kc_props         props;
    kc_err           err;

    kc_props_init(&props, "test");
    for (; kv != NULL && kv[0] != NULL; kv += 2)
        kc_props_set(&props, kv[0], kv[1], 0);
    assert_int_equal(kc_clientconf_apply(conf, type, &props, prefix, &err), KC_OK);
    kc_props_free(&props);
    return conf;
}

static void
test_producer_buffer_default(void **state)
{
    rd_kafka_conf_t *conf = applied(RD_KAFKA_PRODUCER, "", NULL);
    char             buf[64];

    (void) state;
    assert_string_equal(get(conf, "queue.buffering.max.kbytes", buf, sizeof(buf)),
                        KC_PRODUCER_BUFFER_KBYTES);
    rd_kafka_conf_destroy(conf);
}

static void
test_buffer_memory_wins(void **state)
{
    rd_kafka_conf_t *conf;
    char             buf[64];

    (void) state;
    /* Java bytes to librdkafka KiB, rounded up. */
    conf = applied(RD_KAFKA_PRODUCER, "", (const char *const[]) { "buffer.memory", "33554432",
                                                                   NULL });
    assert_string_equal(get(conf, "queue.buffering.max.kbytes", buf, sizeof(buf)), "32768");
    rd_kafka_conf_destroy(conf);
    conf = applied(RD_KAFKA_PRODUCER, "producer.", (const char *const[]) {
                       "producer.buffer.memory", "1000", "buffer.memory", "5", NULL });
    assert_string_equal(get(conf, "queue.buffering.max.kbytes", buf, sizeof(buf)), "1");
    rd_kafka_conf_destroy(conf);
}

static void
test_consumer_has_no_producer_buffer(void **state)
{
    rd_kafka_conf_t *conf = applied(RD_KAFKA_CONSUMER, "", (const char *const[]) {
                                        "buffer.memory", "1048576", NULL });
    rd_kafka_conf_t *plain = rd_kafka_conf_new();
    char             buf[64], dflt[64];

    (void) state;
    /* A producer-only key leaves a consumer at librdkafka's own default. */
    assert_string_equal(get(conf, "queue.buffering.max.kbytes", buf, sizeof(buf)),
                        get(plain, "queue.buffering.max.kbytes", dflt, sizeof(dflt)));
    rd_kafka_conf_destroy(conf);
    rd_kafka_conf_destroy(plain);
}

/* enable.idempotence after kc_client_default_idempotence over props (key, value pairs),
 * and what it returned in *allowed. */
static const char *
idempotence(const char *const *kv, bool *allowed, char *buf, size_t size)
{
    kc_props props;

    kc_props_init(&props, "test");
    for (; kv != NULL && kv[0] != NULL; kv += 2)
        kc_props_set(&props, kv[0], kv[1], 0);
    *allowed = kc_client_default_idempotence(&props);
    snprintf(buf, size, "%s", kc_props_get(&props, "enable.idempotence"));
    kc_props_free(&props);
    return buf;
}

static void
test_idempotence_default(void **state)
{
    char buf[16];
    bool allowed;

    (void) state;
    /* Java's producer default: on, and on with settings that allow it. */
    assert_string_equal(idempotence(NULL, &allowed, buf, sizeof(buf)), "true");
    assert_true(allowed);
    assert_string_equal(idempotence((const char *const[]) { "acks", "ALL",
                            "max.in.flight.requests.per.connection", "5", "retries", "3",
                            NULL }, &allowed, buf, sizeof(buf)), "true");
    assert_true(allowed);
    assert_string_equal(idempotence((const char *const[]) { "acks", "-1", NULL }, &allowed,
                                    buf, sizeof(buf)), "true");
    /* Off when a setting forbids it, and the caller is told so. */
    assert_string_equal(idempotence((const char *const[]) { "acks", "1", NULL }, &allowed, buf,
                                    sizeof(buf)), "false");
    assert_false(allowed);
    assert_string_equal(idempotence((const char *const[]) {
                            "max.in.flight.requests.per.connection", "6", NULL }, &allowed, buf,
                            sizeof(buf)), "false");
    assert_false(allowed);
    assert_string_equal(idempotence((const char *const[]) { "retries", "0", NULL }, &allowed,
                                    buf, sizeof(buf)), "false");
    assert_false(allowed);
    /* A value the user gave stands, even one the other settings conflict with (the client
     * then refuses to start, with the reason). */
    assert_string_equal(idempotence((const char *const[]) { "enable.idempotence", "true",
                            "acks", "1", NULL }, &allowed, buf, sizeof(buf)), "true");
    assert_true(allowed);
    assert_string_equal(idempotence((const char *const[]) { "enable.idempotence", "false",
                            NULL }, &allowed, buf, sizeof(buf)), "false");
    assert_true(allowed);
}

/* A connector's producer settings (kc_clientconf_connector) from the worker's settings
 * (worker: key, value pairs) and the connector's config (a JSON object's text): the value
 * of key among them, into buf ("" when unset), and whether either gives it. */
static const char *
connector_producer(const char *const *worker, const char *config, const char *key,
                   bool *given, char *buf, size_t size)
{
    kc_props     wp, out;
    json_error_t jerr;
    json_t      *c = json_loads(config, 0, &jerr);
    const char  *v;

    assert_non_null(c);
    kc_props_init(&wp, "worker");
    for (; worker != NULL && worker[0] != NULL; worker += 2)
        kc_props_set(&wp, worker[0], worker[1], 0);
    kc_clientconf_connector(&wp, c, "producer", "test", &out);
    v = kc_props_get(&out, key);
    snprintf(buf, size, "%s", v != NULL ? v : "");
    *given = kc_clientconf_connector_gives(&wp, c, "producer", key);
    kc_props_free(&out);
    kc_props_free(&wp);
    json_decref(c);
    return buf;
}

/* Java's base: one request in flight, acks=all, idempotent; a value given wins, and the
 * caller learns it was given (an exactly-once task's default of 5 then stands aside). */
static void
test_connector_producer_in_flight(void **state)
{
    static const char *const key = "max.in.flight.requests.per.connection";
    char                     buf[16];
    bool                     given;

    (void) state;
    assert_string_equal(connector_producer(NULL, "{}", key, &given, buf, sizeof(buf)), "1");
    assert_false(given);
    assert_string_equal(connector_producer(NULL, "{}", "enable.idempotence", &given, buf,
                                           sizeof(buf)), "true");
    assert_string_equal(connector_producer(NULL, "{}", "acks", &given, buf, sizeof(buf)),
                        "all");
    assert_string_equal(connector_producer((const char *const[]) {
                                           "producer.max.in.flight.requests.per.connection", "2",
                                           NULL }, "{}", key, &given, buf, sizeof(buf)), "2");
    assert_true(given);
    assert_string_equal(connector_producer(NULL, "{\"producer.override.max.in.flight."
                                           "requests.per.connection\":\"3\"}", key, &given,
                                           buf, sizeof(buf)), "3");
    assert_true(given);
    /* Another client's setting is not this one's. */
    assert_string_equal(connector_producer((const char *const[]) {
                                           "consumer.max.in.flight.requests.per.connection", "2",
                                           NULL }, "{\"admin.override.max.in.flight.requests."
                                           "per.connection\":\"3\"}", key, &given, buf,
                                           sizeof(buf)), "1");
    assert_false(given);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_producer_buffer_default),
        cmocka_unit_test(test_buffer_memory_wins),
        cmocka_unit_test(test_consumer_has_no_producer_buffer),
        cmocka_unit_test(test_idempotence_default),
        cmocka_unit_test(test_connector_producer_in_flight),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
