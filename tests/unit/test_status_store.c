/*
 * tests/unit/test_status_store.c - how the status store reads the records of the status
 * topic, which any worker writes, Java ones included (KafkaStatusBackingStore.read): which
 * keys name a connector, a task or an active topic, tombstones, values it cannot parse, and
 * the late UNASSIGNED of a worker that lost the task. Against Kafka, tests/integration.
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

#include "lib/common.h"
#include "lib/configdef.h"
#include "lib/log.h"
#include "worker/status_store.h"

/* A status value as Java's worker writes it. */
#define VALUE(state, gen) \
    "{\"state\":\"" state "\",\"trace\":null,\"worker_id\":\"w:8083\",\"generation\":" #gen "}"

static void
put(kc_status_store *s, const char *key, const char *value)
{
    kc_status_store_apply(s, key, value, value ? strlen(value) : 0);
}

/* The state stored for (connector, task), or -1 when none. */
static int
state_of(kc_status_store *s, const char *connector, int task)
{
    kc_status st;
    int       state = -1;

    if (kc_status_store_get(s, connector, task, &st) == KC_OK)
        state = (int) st.state;
    kc_status_clear(&st);
    return state;
}

static void
test_connector_and_task_keys(void **state)
{
    kc_status_store *s = kc_status_store_new();
    size_t           n;
    int             *tasks;

    (void) state;
    put(s, "status-connector-mm", VALUE("RUNNING", 1));
    put(s, "status-task-mm-0", VALUE("RUNNING", 1));
    put(s, "status-task-mm-12", VALUE("FAILED", 1));
    put(s, "status-task-my-mirror-3", VALUE("PAUSED", 1));   /* '-' in the name */
    put(s, "status-task-a--5", VALUE("RUNNING", 1));         /* the name is "a-" */
    put(s, "status-task-mm-+7", VALUE("RUNNING", 1));        /* Integer.parseInt takes "+7" */
    put(s, "status-task-b-4--", VALUE("RUNNING", 1));        /* split("-") drops the end */
    put(s, "status-task--6", VALUE("RUNNING", 1));           /* an empty name, as in Java */
    assert_int_equal(state_of(s, "mm", -1), KC_STATE_RUNNING);
    assert_int_equal(state_of(s, "mm", 12), KC_STATE_FAILED);
    assert_int_equal(state_of(s, "my-mirror", 3), KC_STATE_PAUSED);
    assert_int_equal(state_of(s, "a-", 5), KC_STATE_RUNNING);
    assert_int_equal(state_of(s, "b", 4), KC_STATE_RUNNING);
    assert_int_equal(state_of(s, "", 6), KC_STATE_RUNNING);
    tasks = kc_status_store_tasks(s, "mm", &n);
    assert_int_equal(n, 3);
    assert_int_equal(tasks[0], 0);
    assert_int_equal(tasks[1], 7);
    assert_int_equal(tasks[2], 12);
    free(tasks);
    kc_status_store_close(s);
}

static void
test_keys_java_refuses_are_skipped(void **state)
{
    static const char *const bad[] = {
        "status-task-mm-", "status-task-mm", "status-task--", "status-task-mm-x", "status-task-7",
        "status-task-mm- 1", "status-task-mm-1 ", "status-task-mm-2147483648",
        "status-task-mm-99999999999999999999", "status-task-mm-+", "status-connector-",
        "status-other-mm", "config-mm", "",
    };
    kc_status_store *s = kc_status_store_new();
    size_t           n;
    char           **names;

    (void) state;
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
        put(s, bad[i], VALUE("RUNNING", 1));
    kc_status_store_apply(s, NULL, "x", 1);                  /* a record without a key */
    names = kc_status_store_connectors(s, &n);
    assert_int_equal(n, 0);
    kc_strv_free(names);
    put(s, "status-task-mm-2147483647", VALUE("RUNNING", 1)); /* Integer.MAX_VALUE */
    assert_int_equal(state_of(s, "mm", 2147483647), KC_STATE_RUNNING);
    kc_status_store_close(s);
}

/* Connector names have no length limit in Connect: a long one keeps its status. */
static void
test_a_long_connector_name(void **state)
{
    kc_status_store *s = kc_status_store_new();
    char             name[1001], key[1100];

    (void) state;
    memset(name, 'n', sizeof(name) - 1);
    name[sizeof(name) - 1] = '\0';
    snprintf(key, sizeof(key), "status-task-%s-1", name);
    put(s, key, VALUE("RUNNING", 3));
    snprintf(key, sizeof(key), "status-connector-%s", name);
    put(s, key, VALUE("RUNNING", 3));
    assert_int_equal(state_of(s, name, 1), KC_STATE_RUNNING);
    assert_int_equal(state_of(s, name, -1), KC_STATE_RUNNING);
    kc_status_store_close(s);
}

static void
test_values_tombstones_and_late_unassigned(void **state)
{
    kc_status_store *s = kc_status_store_new();
    kc_status        st;

    (void) state;
    put(s, "status-task-mm-0", VALUE("RUNNING", 4));
    /* Values that are not a status leave the last one in place. */
    put(s, "status-task-mm-0", "not json");
    put(s, "status-task-mm-0", "{\"state\":\"RUNNING\",\"worker_id\":\"w\"}");  /* no generation */
    put(s, "status-task-mm-0", VALUE("SLEEPING", 4));                         /* no such state */
    put(s, "status-task-mm-0", "[]");
    put(s, "status-task-mm-0",                                                 /* trace: 5 */
        "{\"state\":\"FAILED\",\"trace\":5,\"worker_id\":\"w\",\"generation\":4}");
    put(s, "status-task-mm-0",                                                 /* version: 1 */
        "{\"state\":\"FAILED\",\"version\":1,\"worker_id\":\"w\",\"generation\":4}");
    assert_int_equal(state_of(s, "mm", 0), KC_STATE_RUNNING);
    /* UNASSIGNED from an older or the same generation while RUNNING: a worker that lost
     * the task writing late (KAFKA-12525), ignored; from a newer one, taken. */
    put(s, "status-task-mm-0", VALUE("UNASSIGNED", 3));
    put(s, "status-task-mm-0", VALUE("UNASSIGNED", 4));
    assert_int_equal(state_of(s, "mm", 0), KC_STATE_RUNNING);
    put(s, "status-task-mm-0", VALUE("UNASSIGNED", 5));
    assert_int_equal(state_of(s, "mm", 0), KC_STATE_UNASSIGNED);
    assert_int_equal(kc_status_store_get(s, "mm", 0, &st), KC_OK);
    assert_int_equal(st.generation, 5);
    assert_string_equal(st.worker_id, "w:8083");
    assert_null(st.trace);
    kc_status_clear(&st);
    /* A tombstone removes it; one for a status never seen changes nothing. */
    put(s, "status-task-mm-0", NULL);
    put(s, "status-task-mm-9", NULL);
    assert_int_equal(state_of(s, "mm", 0), -1);
    kc_status_store_close(s);
}

/* A topic status value as Java's worker writes it. */
#define TOPIC(name, connector) \
    "{\"topic\":{\"name\":\"" name "\",\"connector\":\"" connector "\",\"task\":0," \
    "\"discoverTimestamp\":1700000000000}}"

static void
test_active_topics(void **state)
{
    kc_status_store *s = kc_status_store_new();
    size_t           n;
    char           **topics;

    (void) state;
    put(s, "status-topic-orders:connector-mm", TOPIC("orders", "mm"));
    put(s, "status-topic-orders:connector-mm", TOPIC("orders", "mm"));   /* still once */
    put(s, "status-topic-users:connector-mm", TOPIC("users", "mm"));
    put(s, "status-topic-x:connector-other", TOPIC("x", "other"));
    /* Keys and values Java's reader discards. */
    put(s, "status-topic-:connector-mm", TOPIC("", "mm"));              /* no topic */
    put(s, "status-topic-y:connector-", TOPIC("y", ""));                /* no connector */
    put(s, "status-topic-z", TOPIC("z", "mm"));                         /* no ':' */
    put(s, "status-topic-a:connector-mm", "{}");
    put(s, "status-topic-b:connector-mm", "{\"topic\":{\"task\":0}}");   /* no timestamp */
    put(s, "status-topic-c:connector-mm",
        "{\"topic\":{\"name\":1,\"task\":0,\"discoverTimestamp\":1}}");
    put(s, "status-topic-d:connector-mm", "{\"topic\":{\"task\":0.5,\"discoverTimestamp\":1}}");
    put(s, "status-topic-e:connector-mm", "nope");
    topics = kc_status_store_topics(s, "mm", &n);
    assert_int_equal(n, 2);
    assert_string_equal(topics[0], "orders");
    assert_string_equal(topics[1], "users");
    kc_strv_free(topics);
    /* The key names the topic and connector, whatever the value says; only the length of
     * ":connector-" is skipped after the first ':', as Java does. */
    put(s, "status-topic-f:XXXXXXXXXXmm", "{\"topic\":{\"task\":0,\"discoverTimestamp\":1}}");
    assert_true(kc_status_store_has_topic(s, "mm", "f"));
    put(s, "status-topic-orders:connector-mm", NULL);
    put(s, "status-topic-never:connector-mm", NULL);
    assert_false(kc_status_store_has_topic(s, "mm", "orders"));
    assert_true(kc_status_store_has_topic(s, "mm", "users"));
    assert_true(kc_status_store_has_topic(s, "other", "x"));
    kc_status_store_close(s);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_connector_and_task_keys),
        cmocka_unit_test(test_keys_java_refuses_are_skipped),
        cmocka_unit_test(test_a_long_connector_name),
        cmocka_unit_test(test_values_tombstones_and_late_unassigned),
        cmocka_unit_test(test_active_topics),
    };
    kc_log_set_level(KC_LOG_OFF);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
