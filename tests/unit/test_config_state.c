/*
 * tests/unit/test_config_state.c - the Connect config topic (spec/connect-runtime.md §2, §3):
 * record builders against the exact bytes Java writes, and the reader state machine against
 * what Java's KafkaConfigBackingStore.ConsumeCallback does with the same records.
 *
 * Every expected value below was produced by Kafka 4.3.1 itself: the builders' bytes by a
 * JsonConverter (schemas.enable=false) converting a Struct of the store's own schemas
 * (CONNECTOR_CONFIGURATION_V0, TASK_CONFIGURATION_V0, CONNECTOR_TASKS_COMMIT_V0,
 * TARGET_STATE_V1, SESSION_KEY_V0, RESTART_REQUEST_V0, TASK_COUNT_RECORD_V0, LOGGER_LEVEL_V0)
 * with converter.fromConnectData(topic, schema, struct); the reader expectations by feeding
 * the same records to a real KafkaConfigBackingStore's ConsumeCallback and reading its
 * snapshot and the UpdateListener calls after each one.
 *
 * Mapping between the two: a C event stands for the listener call Java makes when the store
 * has started (restart and logger records: only then); C's `generation` is Java's
 * taskConfigGeneration + 1, with 0 where Java has none yet.
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

#include <jansson.h>

#include "worker/config_state.h"

/* ===== Fixture: everything a test allocates, freed even when an assertion fails ===== */

typedef struct fixture {
    kc_config_state st;
    kc_record_kv    rec;
    json_t         *cfg;
    kc_config_event ev;
} fixture;

static int
setup(void **state)
{
    fixture *f = calloc(1, sizeof(*f));

    if (f == NULL)
        return -1;
    kc_config_state_init(&f->st);
    *state = f;
    return 0;
}

static int
teardown(void **state)
{
    fixture *f = *state;

    kc_config_state_free(&f->st);
    kc_record_kv_clear(&f->rec);
    json_decref(f->cfg);
    free(f);
    return 0;
}

/* Applies a record whose value is a C string (NULL: tombstone); the event lands in f->ev. */
static void
put(fixture *f, int64_t offset, const char *key, const char *value)
{
    kc_config_state_apply(&f->st, key, value, value ? strlen(value) : 0, offset, &f->ev);
}

static void
put_raw(fixture *f, int64_t offset, const char *key, const void *value, size_t len)
{
    kc_config_state_apply(&f->st, key, value, len, offset, &f->ev);
}

/* Replaces f->cfg with the JSON text given. */
static json_t *
cfg(fixture *f, const char *text)
{
    json_decref(f->cfg);
    f->cfg = json_loads(text, 0, NULL);
    assert_non_null(f->cfg);
    return f->cfg;
}

/* v equals the JSON text (parsed). */
static bool
json_is(const json_t *v, const char *text)
{
    json_t *want = json_loads(text, 0, NULL);
    bool    eq = want != NULL && v != NULL && json_equal((json_t *) v, want);

    json_decref(want);
    return eq;
}

#define ASSERT_RECORD(r, k, v)                                        \
    do {                                                              \
        assert_non_null((r)->key);                                    \
        assert_string_equal((r)->key, (k));                           \
        assert_non_null((r)->value);                                  \
        assert_int_equal((r)->value_len, sizeof(v) - 1);              \
        assert_memory_equal((r)->value, (v), sizeof(v) - 1);          \
    } while (0)

#define EXPECT_EVENT(f, t, name)                                      \
    do {                                                              \
        assert_int_equal((f)->ev.type, (t));                          \
        assert_string_equal((f)->ev.connector, (name));               \
    } while (0)

#define EXPECT_CONNECTOR(f, name, target_, count_, visible_, incons_)                    \
    do {                                                                                 \
        const kc_connector_state *c_ = kc_config_state_connector(&(f)->st, (name));      \
        assert_non_null(c_);                                                             \
        assert_int_equal(c_->target, (target_));                                         \
        assert_int_equal(c_->task_count, (count_));                                      \
        assert_int_equal(kc_config_state_task_count_visible(c_), (visible_));            \
        assert_int_equal(c_->inconsistent, (incons_));                                   \
    } while (0)

/* ===== Java's bytes (Kafka 4.3.1 JsonConverter, schemas.enable=false) ===== */

#define SRC_CONFIG "{\"connector.class\":\"com.example.MySource\",\"tasks.max\":\"2\",\"name\":\"my-src\"}"
#define SRC_TASK0  "{\"task.class\":\"com.example.MySourceTask\",\"shard\":\"0\"}"
#define SRC_TASK1  "{\"task.class\":\"com.example.MySourceTask\",\"shard\":\"1\"}"

static const char java_connector_simple[] =
    "{\"properties\":{\"connector.class\":\"com.example.MySource\",\"name\":\"my-src\","
    "\"tasks.max\":\"2\"}}";
/* name, a null value, BMP non-ASCII (incl. U+2028), every kind of control character (and
 * NUL, DEL), '/', quotes and backslash, a key needing escapes. */
static const char java_connector_special[] =
    "{\"properties\":{\"name\":\"weird\",\"secret\":null,"
    "\"unicode\":\"h\303\251llo \342\234\223 \346\227\245\346\234\254 \342\200\250\","
    "\"ctrl\":\"a\\u0001b\\tc\\nd\\re\\bf\\fg\\u001Fh\177i\\u0000j\","
    "\"path\":\"/tmp/x/y\",\"quote\":\"say \\\"hi\\\" \\\\ back\",\"k\\\"ey/\303\251\":\"v\"}}";
/* U+1F600: Jackson's UTF-8 generator escapes characters outside the BMP as a surrogate pair. */
static const char java_connector_emoji[] = "{\"properties\":{\"emoji\":\"a\\uD83D\\uDE00b\"}}";
static const char java_connector_empty[] = "{\"properties\":{}}";
static const char java_task[] =
    "{\"properties\":{\"task.class\":\"com.example.MySourceTask\",\"shard\":\"0\"}}";
static const char java_commit_2[] = "{\"tasks\":2}";
static const char java_commit_0[] = "{\"tasks\":0}";
static const char java_target_started[] = "{\"state\":\"STARTED\",\"state.v2\":\"STARTED\"}";
static const char java_target_paused[] = "{\"state\":\"PAUSED\",\"state.v2\":\"PAUSED\"}";
static const char java_target_stopped[] = "{\"state\":\"PAUSED\",\"state.v2\":\"STOPPED\"}";
static const char java_session_key[] =
    "{\"key\":\"AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=\",\"algorithm\":\"HmacSHA256\","
    "\"creation-timestamp\":1730000000000}";
static const char java_session_key_2[] =
    "{\"key\":\"+/8B\",\"algorithm\":\"HmacSHA512\",\"creation-timestamp\":-1}";
static const char java_restart_tasks[] = "{\"include-tasks\":true,\"only-failed\":false}";
static const char java_restart_failed[] = "{\"include-tasks\":false,\"only-failed\":true}";
static const char java_fencing_3[] = "{\"task-count\":3}";
static const char java_logger_debug[] = "{\"level\":\"DEBUG\"}";

/* ===== Record builders ===== */

static void
test_record_connector(void **state)
{
    fixture *f = *state;

    kc_config_record_connector(&f->rec, "my-src", cfg(f, "{\"connector.class\":"
                               "\"com.example.MySource\",\"name\":\"my-src\",\"tasks.max\":\"2\"}"));
    assert_int_equal(sizeof(java_connector_simple) - 1, 89);
    ASSERT_RECORD(&f->rec, "connector-my-src", java_connector_simple);
}

static void
test_record_connector_special_values(void **state)
{
    fixture *f = *state;
    json_t  *c = json_object();

    json_decref(f->cfg);
    f->cfg = c;
    json_object_set_new(c, "name", json_string("weird"));
    json_object_set_new(c, "secret", json_null());
    json_object_set_new(c, "unicode",
                        json_string("h\303\251llo \342\234\223 \346\227\245\346\234\254 \342\200\250"));
    json_object_set_new(c, "ctrl", json_stringn("a\001b\tc\nd\re\bf\fg\037h\177i\0j", 19));
    json_object_set_new(c, "path", json_string("/tmp/x/y"));
    json_object_set_new(c, "quote", json_string("say \"hi\" \\ back"));
    json_object_set_new(c, "k\"ey/\303\251", json_string("v"));
    kc_config_record_connector(&f->rec, "weird", c);
    assert_int_equal(sizeof(java_connector_special) - 1, 190);
    ASSERT_RECORD(&f->rec, "connector-weird", java_connector_special);
}

static void
test_record_connector_non_bmp_as_surrogate_escapes(void **state)
{
    fixture *f = *state;

    kc_config_record_connector(&f->rec, "e", cfg(f, "{\"emoji\":\"a\360\237\230\200b\"}"));
    ASSERT_RECORD(&f->rec, "connector-e", java_connector_emoji);
}

static void
test_record_connector_empty_and_tombstone(void **state)
{
    fixture *f = *state;

    kc_config_record_connector(&f->rec, "my-src", cfg(f, "{}"));
    ASSERT_RECORD(&f->rec, "connector-my-src", java_connector_empty);
    kc_record_kv_clear(&f->rec);
    kc_config_record_connector(&f->rec, "my-src", NULL);
    assert_string_equal(f->rec.key, "connector-my-src");
    assert_null(f->rec.value);
    assert_int_equal(f->rec.value_len, 0);
}

static void
test_record_task(void **state)
{
    fixture *f = *state;

    kc_config_record_task(&f->rec, "my-src", 0, cfg(f, SRC_TASK0));
    ASSERT_RECORD(&f->rec, "task-my-src-0", java_task);
    kc_record_kv_clear(&f->rec);
    /* ConnectorTaskId("my-conn-name", 12) -> TASK_KEY */
    kc_config_record_task(&f->rec, "my-conn-name", 12, cfg(f, SRC_TASK0));
    ASSERT_RECORD(&f->rec, "task-my-conn-name-12", java_task);
}

static void
test_record_commit(void **state)
{
    fixture *f = *state;

    kc_config_record_commit(&f->rec, "my-src", 2);
    ASSERT_RECORD(&f->rec, "commit-my-src", java_commit_2);
    kc_record_kv_clear(&f->rec);
    kc_config_record_commit(&f->rec, "my-src", 0);
    ASSERT_RECORD(&f->rec, "commit-my-src", java_commit_0);
}

static void
test_record_target_state(void **state)
{
    fixture *f = *state;

    kc_config_record_target_state(&f->rec, "my-src", KC_TARGET_STARTED, false);
    ASSERT_RECORD(&f->rec, "target-state-my-src", java_target_started);
    kc_record_kv_clear(&f->rec);
    kc_config_record_target_state(&f->rec, "my-src", KC_TARGET_PAUSED, false);
    ASSERT_RECORD(&f->rec, "target-state-my-src", java_target_paused);
    kc_record_kv_clear(&f->rec);
    /* STOPPED: "state" is PAUSED for readers older than 3.5 */
    kc_config_record_target_state(&f->rec, "my-src", KC_TARGET_STOPPED, false);
    ASSERT_RECORD(&f->rec, "target-state-my-src", java_target_stopped);
    kc_record_kv_clear(&f->rec);
    kc_config_record_target_state(&f->rec, "my-src", KC_TARGET_PAUSED, true);
    assert_string_equal(f->rec.key, "target-state-my-src");
    assert_null(f->rec.value);
    assert_int_equal(f->rec.value_len, 0);
}

static void
test_record_session_key(void **state)
{
    fixture *f = *state;
    uint8_t  key[32];
    uint8_t  key2[] = { 0xfb, 0xff, 0x01 };

    for (int i = 0; i < 32; i++)
        key[i] = (uint8_t) i;
    kc_config_record_session_key(&f->rec, key, sizeof(key), "HmacSHA256", 1730000000000LL);
    ASSERT_RECORD(&f->rec, "session-key", java_session_key);
    kc_record_kv_clear(&f->rec);
    /* both non-alphanumeric base64 characters, no padding needed, a negative timestamp */
    kc_config_record_session_key(&f->rec, key2, sizeof(key2), "HmacSHA512", -1);
    ASSERT_RECORD(&f->rec, "session-key", java_session_key_2);
}

static void
test_record_restart(void **state)
{
    fixture *f = *state;

    kc_config_record_restart(&f->rec, "my-src", true, false);
    ASSERT_RECORD(&f->rec, "restart-connector-my-src", java_restart_tasks);
    kc_record_kv_clear(&f->rec);
    kc_config_record_restart(&f->rec, "my-src", false, true);
    ASSERT_RECORD(&f->rec, "restart-connector-my-src", java_restart_failed);
}

static void
test_record_fencing(void **state)
{
    fixture *f = *state;

    kc_config_record_fencing(&f->rec, "my-src", 3);
    ASSERT_RECORD(&f->rec, "tasks-fencing-my-src", java_fencing_3);
}

static void
test_record_logger(void **state)
{
    fixture *f = *state;

    kc_config_record_logger(&f->rec, "org.apache.kafka.connect", "DEBUG");
    ASSERT_RECORD(&f->rec, "logger-cluster-org.apache.kafka.connect", java_logger_debug);
}

/* What the builders write, the reader reads back. */
static void
test_records_read_back(void **state)
{
    fixture                  *f = *state;
    const kc_connector_state *c;
    uint8_t                   key[32];
    int64_t                   off = 0;

#define PUT_REC()                                                                        \
    do {                                                                                 \
        put_raw(f, off++, f->rec.key, f->rec.value, f->rec.value_len);                   \
        kc_record_kv_clear(&f->rec);                                                     \
    } while (0)

    for (int i = 0; i < 32; i++)
        key[i] = (uint8_t) (0xa0 + i);
    f->st.initial_read_done = true;
    kc_config_record_session_key(&f->rec, key, sizeof(key), "HmacSHA256", 42);
    PUT_REC();
    assert_int_equal(f->ev.type, KC_CFG_EV_SESSION_KEY);
    kc_config_record_target_state(&f->rec, "my-src", KC_TARGET_STOPPED, false);
    PUT_REC();
    kc_config_record_connector(&f->rec, "my-src", cfg(f, SRC_CONFIG));
    PUT_REC();
    EXPECT_EVENT(f, KC_CFG_EV_CONNECTOR_ADDED, "my-src");
    kc_config_record_task(&f->rec, "my-src", 0, cfg(f, SRC_TASK0));
    PUT_REC();
    kc_config_record_task(&f->rec, "my-src", 1, cfg(f, SRC_TASK1));
    PUT_REC();
    kc_config_record_commit(&f->rec, "my-src", 2);
    PUT_REC();
    EXPECT_EVENT(f, KC_CFG_EV_TASKS_COMMITTED, "my-src");
    kc_config_record_fencing(&f->rec, "my-src", 2);
    PUT_REC();
    EXPECT_EVENT(f, KC_CFG_EV_FENCING, "my-src");
    kc_config_record_restart(&f->rec, "my-src", true, false);
    PUT_REC();
    EXPECT_EVENT(f, KC_CFG_EV_RESTART, "my-src");
    assert_true(f->ev.restart.include_tasks);
    assert_false(f->ev.restart.only_failed);
    kc_config_record_logger(&f->rec, "org.foo", "TRACE");
    PUT_REC();
    EXPECT_EVENT(f, KC_CFG_EV_LOGGER, "org.foo");
    assert_string_equal(f->ev.level, "TRACE");
#undef PUT_REC

    assert_int_equal(f->st.offset, 9);
    assert_int_equal(f->st.session_key_len, 32);
    assert_memory_equal(f->st.session_key, key, 32);
    assert_string_equal(f->st.session_key_algorithm, "HmacSHA256");
    assert_int_equal(f->st.session_key_created, 42);
    EXPECT_CONNECTOR(f, "my-src", KC_TARGET_STOPPED, 2, 2, false);
    c = kc_config_state_connector(&f->st, "my-src");
    assert_true(json_is(c->config, SRC_CONFIG));
    assert_true(json_is(c->tasks[0], SRC_TASK0));
    assert_true(json_is(c->tasks[1], SRC_TASK1));
    assert_int_equal(c->task_count_record, 2);
    assert_false(c->pending_fencing);
}

/* ===== Reader: the §3.4 worked example ===== */

typedef struct step {
    int64_t              offset;
    const char          *key;
    const char          *value;           /* NULL: tombstone */
    kc_config_event_type event;
    int64_t              cfg_offset;      /* st.offset after the record */
    bool                 present;         /* kc_config_state_connector("my-src") != NULL */
    kc_target_state      target;
    int                  task_count;
    size_t               visible;
    int                  generation;      /* Java's taskConfigGeneration + 1, 0: none */
    bool                 inconsistent;
} step;

#define WE_CONNECTOR "{\"properties\":" SRC_CONFIG "}"
#define WE_TASK0     "{\"properties\":" SRC_TASK0 "}"
#define WE_TASK1     "{\"properties\":" SRC_TASK1 "}"

static const step worked_example[] = {
    { 0, "session-key", java_session_key, KC_CFG_EV_SESSION_KEY, 1, false, 0, 0, 0, 0, false },
    { 1, "connector-my-src", WE_CONNECTOR, KC_CFG_EV_CONNECTOR_ADDED, 2,
      true, KC_TARGET_STARTED, 0, 0, 0, false },
    { 2, "task-my-src-0", WE_TASK0, KC_CFG_EV_NONE, 3, true, KC_TARGET_STARTED, 0, 0, 0, false },
    { 3, "task-my-src-1", WE_TASK1, KC_CFG_EV_NONE, 4, true, KC_TARGET_STARTED, 0, 0, 0, false },
    { 4, "commit-my-src", "{\"tasks\":2}", KC_CFG_EV_TASKS_COMMITTED, 5,
      true, KC_TARGET_STARTED, 2, 2, 1, false },
    { 5, "target-state-my-src", java_target_paused, KC_CFG_EV_TARGET_STATE, 6,
      true, KC_TARGET_PAUSED, 2, 2, 1, false },
    /* Java bumps the generation here: the connector's deferred map exists (empty). */
    { 6, "commit-my-src", "{\"tasks\":0}", KC_CFG_EV_TASKS_COMMITTED, 7,
      true, KC_TARGET_PAUSED, 0, 0, 2, false },
    { 7, "target-state-my-src", java_target_stopped, KC_CFG_EV_TARGET_STATE, 8,
      true, KC_TARGET_STOPPED, 0, 0, 2, false },
    { 8, "target-state-my-src", java_target_started, KC_CFG_EV_TARGET_STATE, 9,
      true, KC_TARGET_STARTED, 0, 0, 2, false },
    { 9, "task-my-src-0", WE_TASK0, KC_CFG_EV_NONE, 10, true, KC_TARGET_STARTED, 0, 0, 2, false },
    { 10, "task-my-src-1", WE_TASK1, KC_CFG_EV_NONE, 11, true, KC_TARGET_STARTED, 0, 0, 2, false },
    { 11, "commit-my-src", "{\"tasks\":2}", KC_CFG_EV_TASKS_COMMITTED, 12,
      true, KC_TARGET_STARTED, 2, 2, 3, false },
    { 12, "restart-connector-my-src", java_restart_tasks, KC_CFG_EV_RESTART, 13,
      true, KC_TARGET_STARTED, 2, 2, 3, false },
    { 13, "connector-my-src", NULL, KC_CFG_EV_CONNECTOR_REMOVED, 14, false, 0, 0, 0, 0, false },
    { 14, "target-state-my-src", NULL, KC_CFG_EV_NONE, 15, false, 0, 0, 0, 0, false },
};

/* Offsets 1-8 compacted away: the commit at 11 meets no connector config and is ignored.
 * Java does call onConnectorConfigRemove for the tombstone at 13, but its herder does
 * nothing for a connector it does not know, which is what KC_CFG_EV_NONE says. */
static const step after_compaction[] = {
    { 0, "session-key", java_session_key, KC_CFG_EV_SESSION_KEY, 1, false, 0, 0, 0, 0, false },
    { 9, "task-my-src-0", WE_TASK0, KC_CFG_EV_NONE, 10, false, 0, 0, 0, 0, false },
    { 10, "task-my-src-1", WE_TASK1, KC_CFG_EV_NONE, 11, false, 0, 0, 0, 0, false },
    { 11, "commit-my-src", "{\"tasks\":2}", KC_CFG_EV_NONE, 12, false, 0, 0, 0, 0, false },
    { 12, "restart-connector-my-src", java_restart_tasks, KC_CFG_EV_RESTART, 13,
      false, 0, 0, 0, 0, false },
    { 13, "connector-my-src", NULL, KC_CFG_EV_NONE, 14, false, 0, 0, 0, 0, false },
    { 14, "target-state-my-src", NULL, KC_CFG_EV_NONE, 15, false, 0, 0, 0, 0, false },
};

/* Fails naming the record when actual != expected. */
#define STEP_EQ(s, actual, expected)                                                     \
    do {                                                                                 \
        long long a_ = (long long) (actual), e_ = (long long) (expected);                \
        if (a_ != e_)                                                                    \
            fail_msg("after offset %lld (%s): %s is %lld, want %lld",                    \
                     (long long) (s)->offset, (s)->key, #actual, a_, e_);                \
    } while (0)

/* Applies the steps, checking after each one; the generation only when asked. */
static void
run_steps(fixture *f, const step *steps, size_t n, bool check_generation)
{
    f->st.initial_read_done = true;        /* as a worker that has started: restarts count */
    assert_int_equal(f->st.offset, -1);
    for (size_t i = 0; i < n; i++) {
        const step               *s = &steps[i];
        const kc_connector_state *c;

        put(f, s->offset, s->key, s->value);
        STEP_EQ(s, f->ev.type, s->event);
        if (s->event != KC_CFG_EV_NONE)
            assert_string_equal(f->ev.connector,
                                s->event == KC_CFG_EV_SESSION_KEY ? "" : "my-src");
        STEP_EQ(s, f->st.offset, s->cfg_offset);
        c = kc_config_state_connector(&f->st, "my-src");
        STEP_EQ(s, c != NULL, s->present);
        if (c == NULL)
            continue;
        assert_true(json_is(c->config, SRC_CONFIG));
        STEP_EQ(s, c->target, s->target);
        STEP_EQ(s, c->task_count, s->task_count);
        STEP_EQ(s, kc_config_state_task_count_visible(c), s->visible);
        STEP_EQ(s, c->inconsistent, s->inconsistent);
        if (check_generation)
            STEP_EQ(s, c->generation, s->generation);
        if (s->visible == 2) {
            assert_true(json_is(c->tasks[0], SRC_TASK0));
            assert_true(json_is(c->tasks[1], SRC_TASK1));
        }
    }
}

static void
test_worked_example(void **state)
{
    fixture *f = *state;

    run_steps(f, worked_example, sizeof(worked_example) / sizeof(worked_example[0]), false);
    /* the session key read at offset 0 is still the current one */
    assert_int_equal(f->st.session_key_len, 32);
    for (int i = 0; i < 32; i++)
        assert_int_equal(f->st.session_key[i], i);
    assert_string_equal(f->st.session_key_algorithm, "HmacSHA256");
    assert_int_equal(f->st.session_key_created, 1730000000000LL);
}

static void
test_worked_example_restart_request(void **state)
{
    fixture *f = *state;

    run_steps(f, worked_example, 13, false);      /* up to and including offset 12 */
    EXPECT_EVENT(f, KC_CFG_EV_RESTART, "my-src");
    assert_string_equal(f->ev.restart.connector, "my-src");
    assert_true(f->ev.restart.include_tasks);
    assert_false(f->ev.restart.only_failed);
}

/* Java: connectorTaskConfigGenerations goes absent, 0 (offset 4), 1 (offset 6: the commit of
 * zero tasks also counts, because the connector's deferred map exists though empty), 2
 * (offset 11). */
static void
test_worked_example_generation(void **state)
{
    fixture *f = *state;

    run_steps(f, worked_example, sizeof(worked_example) / sizeof(worked_example[0]), true);
}

static void
test_worked_example_after_compaction(void **state)
{
    fixture *f = *state;

    run_steps(f, after_compaction, sizeof(after_compaction) / sizeof(after_compaction[0]),
              true);
    assert_null(kc_config_state_connector(&f->st, "my-src"));
    assert_int_equal(f->st.offset, 15);
}

/* ===== Reader: parsing the value ===== */

static void
test_not_json_is_skipped_without_advancing_offset(void **state)
{
    fixture *f = *state;

    put(f, 0, "connector-my-src", WE_CONNECTOR);
    assert_int_equal(f->st.offset, 1);
    put(f, 1, "connector-my-src", "not json");
    assert_int_equal(f->ev.type, KC_CFG_EV_SKIPPED);
    assert_int_equal(f->st.offset, 1);
    put(f, 2, "commit-my-src", "{\"tasks\":");
    assert_int_equal(f->ev.type, KC_CFG_EV_SKIPPED);
    assert_int_equal(f->st.offset, 1);
    put(f, 3, "connector-my-src", "{\"properties\":{\"n\":\"\377\"}}");   /* bad UTF-8 */
    assert_int_equal(f->ev.type, KC_CFG_EV_SKIPPED);
    assert_int_equal(f->st.offset, 1);
    put_raw(f, 4, "connector-my-src", "\0", 1);                           /* a lone NUL */
    assert_int_equal(f->ev.type, KC_CFG_EV_SKIPPED);
    assert_int_equal(f->st.offset, 1);
    EXPECT_CONNECTOR(f, "my-src", KC_TARGET_STARTED, 0, 0, false);
    assert_true(json_is(kc_config_state_connector(&f->st, "my-src")->config, SRC_CONFIG));
}

static void
test_json_null_is_a_tombstone(void **state)
{
    fixture *f = *state;

    put(f, 0, "connector-my-src", WE_CONNECTOR);
    put(f, 1, "connector-my-src", "null");
    EXPECT_EVENT(f, KC_CFG_EV_CONNECTOR_REMOVED, "my-src");
    assert_int_equal(f->st.offset, 2);
    assert_null(kc_config_state_connector(&f->st, "my-src"));
}

/* Jackson's readTree of an empty (or all-whitespace) value gives no node: the converter
 * returns a null value, which counts as parsed and, here, deletes the connector. */
static void
test_empty_value_is_a_tombstone(void **state)
{
    fixture *f = *state;

    put(f, 0, "connector-my-src", WE_CONNECTOR);
    put_raw(f, 1, "connector-my-src", "", 0);
    assert_int_equal(f->st.offset, 2);
    EXPECT_EVENT(f, KC_CFG_EV_CONNECTOR_REMOVED, "my-src");
    put(f, 2, "connector-my-src", WE_CONNECTOR);
    put(f, 3, "connector-my-src", "  ");
    assert_int_equal(f->st.offset, 4);
    assert_null(kc_config_state_connector(&f->st, "my-src"));
}

/* Jackson's readTree stops after the first value: what follows it is never looked at. */
static void
test_data_after_the_json_value_is_ignored(void **state)
{
    fixture *f = *state;

    put(f, 0, "connector-my-src", WE_CONNECTOR);
    put(f, 1, "commit-my-src", "{\"tasks\":1} garbage");
    EXPECT_EVENT(f, KC_CFG_EV_TASKS_COMMITTED, "my-src");
    assert_int_equal(f->st.offset, 2);
    EXPECT_CONNECTOR(f, "my-src", KC_TARGET_STARTED, 1, 0, true);
    put_raw(f, 2, "commit-my-src", "{\"tasks\":0}\0\377", 13);
    EXPECT_EVENT(f, KC_CFG_EV_TASKS_COMMITTED, "my-src");
    assert_int_equal(f->st.offset, 3);
    EXPECT_CONNECTOR(f, "my-src", KC_TARGET_STARTED, 0, 0, false);
}

/* JsonDeserializer enables ALLOW_LEADING_ZEROS_FOR_NUMBERS. */
static void
test_leading_zeros_in_numbers_are_accepted(void **state)
{
    fixture *f = *state;

    put(f, 0, "connector-my-src", WE_CONNECTOR);
    put(f, 1, "commit-my-src", "{\"tasks\":01}");
    EXPECT_EVENT(f, KC_CFG_EV_TASKS_COMMITTED, "my-src");
    assert_int_equal(f->st.offset, 2);
    EXPECT_CONNECTOR(f, "my-src", KC_TARGET_STARTED, 1, 0, true);
}

/* Jackson skips a UTF-8 byte-order mark before the value. */
static void
test_utf8_bom_before_the_value_is_accepted(void **state)
{
    fixture *f = *state;

    put(f, 0, "connector-my-src", WE_CONNECTOR);
    put(f, 1, "commit-my-src", "\357\273\277{\"tasks\":0}");
    EXPECT_EVENT(f, KC_CFG_EV_TASKS_COMMITTED, "my-src");
    assert_int_equal(f->st.offset, 2);
}

/* ===== Reader: task configs and commits ===== */

static void
test_tasks_invisible_until_commit(void **state)
{
    fixture                  *f = *state;
    const kc_connector_state *c;

    put(f, 0, "connector-my-src", WE_CONNECTOR);
    put(f, 1, "task-my-src-0", WE_TASK0);
    EXPECT_CONNECTOR(f, "my-src", KC_TARGET_STARTED, 0, 0, false);
    put(f, 2, "task-my-src-1", WE_TASK1);
    EXPECT_CONNECTOR(f, "my-src", KC_TARGET_STARTED, 0, 0, false);
    put(f, 3, "commit-my-src", "{\"tasks\":2}");
    EXPECT_EVENT(f, KC_CFG_EV_TASKS_COMMITTED, "my-src");
    EXPECT_CONNECTOR(f, "my-src", KC_TARGET_STARTED, 2, 2, false);
    /* A new set stays invisible too: the old configs are what readers see. */
    put(f, 4, "task-my-src-0", "{\"properties\":{\"shard\":\"a\"}}");
    put(f, 5, "task-my-src-1", "{\"properties\":{\"shard\":\"b\"}}");
    c = kc_config_state_connector(&f->st, "my-src");
    assert_int_equal(kc_config_state_task_count_visible(c), 2);
    assert_true(json_is(c->tasks[0], SRC_TASK0));
    assert_true(json_is(c->tasks[1], SRC_TASK1));
    put(f, 6, "commit-my-src", "{\"tasks\":2}");
    c = kc_config_state_connector(&f->st, "my-src");
    assert_true(json_is(c->tasks[0], "{\"shard\":\"a\"}"));
    assert_true(json_is(c->tasks[1], "{\"shard\":\"b\"}"));
}

static void
test_incomplete_commit_marks_inconsistent(void **state)
{
    fixture                  *f = *state;
    const kc_connector_state *c;

    put(f, 0, "connector-my-src", WE_CONNECTOR);
    put(f, 1, "task-my-src-0", WE_TASK0);
    put(f, 2, "commit-my-src", "{\"tasks\":2}");
    EXPECT_EVENT(f, KC_CFG_EV_TASKS_COMMITTED, "my-src");
    EXPECT_CONNECTOR(f, "my-src", KC_TARGET_STARTED, 2, 0, true);
    /* The incomplete set was dropped: task 0 has to come again. */
    put(f, 3, "task-my-src-1", WE_TASK1);
    put(f, 4, "commit-my-src", "{\"tasks\":2}");
    EXPECT_CONNECTOR(f, "my-src", KC_TARGET_STARTED, 2, 0, true);
    /* A complete set (an extra id is allowed) clears it. */
    put(f, 5, "task-my-src-0", WE_TASK0);
    put(f, 6, "task-my-src-1", WE_TASK1);
    put(f, 7, "task-my-src-2", WE_TASK1);
    EXPECT_CONNECTOR(f, "my-src", KC_TARGET_STARTED, 2, 0, true);
    put(f, 8, "commit-my-src", "{\"tasks\":2}");
    EXPECT_EVENT(f, KC_CFG_EV_TASKS_COMMITTED, "my-src");
    EXPECT_CONNECTOR(f, "my-src", KC_TARGET_STARTED, 2, 2, false);
    c = kc_config_state_connector(&f->st, "my-src");
    assert_true(json_is(c->tasks[0], SRC_TASK0));
    assert_true(json_is(c->tasks[1], SRC_TASK1));
    assert_int_equal(f->st.offset, 9);
}

static void
test_task_key_connector_name_with_dashes(void **state)
{
    fixture                  *f = *state;
    const kc_connector_state *c;

    put(f, 0, "connector-my-conn-name", "{\"properties\":{\"name\":\"my-conn-name\"}}");
    put(f, 1, "task-my-conn-name-12", "{\"properties\":{\"n\":\"12\"}}");
    EXPECT_EVENT(f, KC_CFG_EV_NONE, "my-conn-name");
    put(f, 2, "task-my-conn-name-0", "{\"properties\":{\"n\":\"0\"}}");
    put(f, 3, "commit-my-conn-name", "{\"tasks\":1}");
    EXPECT_EVENT(f, KC_CFG_EV_TASKS_COMMITTED, "my-conn-name");
    c = kc_config_state_connector(&f->st, "my-conn-name");
    assert_non_null(c);
    assert_int_equal(kc_config_state_task_count_visible(c), 1);
    assert_true(json_is(c->tasks[0], "{\"n\":\"0\"}"));
    /* "a-1" task 0, not "a" task 1 */
    put(f, 4, "connector-a-1", "{\"properties\":{}}");
    put(f, 5, "task-a-1-0", "{\"properties\":{\"n\":\"a-1/0\"}}");
    put(f, 6, "commit-a-1", "{\"tasks\":1}");
    c = kc_config_state_connector(&f->st, "a-1");
    assert_int_equal(kc_config_state_task_count_visible(c), 1);
    assert_true(json_is(c->tasks[0], "{\"n\":\"a-1/0\"}"));
    assert_null(kc_config_state_connector(&f->st, "a"));
}

static void
test_malformed_task_keys_are_skipped(void **state)
{
    fixture *f = *state;

    put(f, 0, "task-x-abc", WE_TASK0);
    assert_int_equal(f->ev.type, KC_CFG_EV_SKIPPED);
    assert_int_equal(f->st.offset, 1);
    put(f, 1, "task-x-", WE_TASK0);
    assert_int_equal(f->ev.type, KC_CFG_EV_SKIPPED);
    assert_int_equal(f->st.offset, 2);
    put(f, 2, "task-", WE_TASK0);
    assert_int_equal(f->ev.type, KC_CFG_EV_SKIPPED);
    assert_int_equal(f->st.offset, 3);
    put(f, 3, "task-x", WE_TASK0);
    assert_int_equal(f->ev.type, KC_CFG_EV_SKIPPED);
    assert_int_equal(f->st.offset, 4);
}

static void
test_commit_without_connector_config_is_ignored(void **state)
{
    fixture *f = *state;

    put(f, 0, "task-ghost-0", WE_TASK0);
    put(f, 1, "commit-ghost", "{\"tasks\":1}");
    assert_int_equal(f->ev.type, KC_CFG_EV_NONE);
    assert_int_equal(f->st.offset, 2);
    assert_null(kc_config_state_connector(&f->st, "ghost"));
    /* The ignored commit dropped the buffered task: a new connector does not inherit it. */
    put(f, 2, "connector-ghost", "{\"properties\":{}}");
    EXPECT_EVENT(f, KC_CFG_EV_CONNECTOR_ADDED, "ghost");
    EXPECT_CONNECTOR(f, "ghost", KC_TARGET_STARTED, 0, 0, false);
    put(f, 3, "commit-ghost", "{\"tasks\":1}");
    EXPECT_CONNECTOR(f, "ghost", KC_TARGET_STARTED, 1, 0, true);
}

/* Java: taskConfigGeneration is absent until the first complete commit that finds the
 * connector's deferred-task map, then +1 per complete commit while that map exists - it is
 * emptied, not removed, after each commit, so a later commit of zero tasks counts too. */
static void
test_generation_counts_commits_after_the_first_task_record(void **state)
{
    fixture                  *f = *state;
    const kc_connector_state *c;

    put(f, 0, "connector-my-src", WE_CONNECTOR);
    put(f, 1, "commit-my-src", "{\"tasks\":0}");            /* no task record yet: Java null */
    c = kc_config_state_connector(&f->st, "my-src");
    assert_int_equal(c->generation, 0);
    put(f, 2, "commit-my-src", "{\"tasks\":0}");
    c = kc_config_state_connector(&f->st, "my-src");
    assert_int_equal(c->generation, 0);
    put(f, 3, "task-my-src-0", WE_TASK0);
    put(f, 4, "commit-my-src", "{\"tasks\":1}");            /* Java 0 */
    c = kc_config_state_connector(&f->st, "my-src");
    assert_int_equal(c->generation, 1);
    put(f, 5, "commit-my-src", "{\"tasks\":0}");            /* Java 1 */
    c = kc_config_state_connector(&f->st, "my-src");
    assert_int_equal(c->generation, 2);
    put(f, 6, "commit-my-src", "{\"tasks\":1}");            /* incomplete: Java stays 1 */
    EXPECT_CONNECTOR(f, "my-src", KC_TARGET_STARTED, 1, 0, true);
    c = kc_config_state_connector(&f->st, "my-src");
    assert_int_equal(c->generation, 2);
}

/* ===== Reader: target states ===== */

static void
test_target_state_prefers_state_v2(void **state)
{
    fixture *f = *state;

    put(f, 0, "connector-my-src", WE_CONNECTOR);
    put(f, 1, "target-state-my-src", "{\"state\":\"PAUSED\",\"state.v2\":\"STOPPED\"}");
    EXPECT_EVENT(f, KC_CFG_EV_TARGET_STATE, "my-src");
    EXPECT_CONNECTOR(f, "my-src", KC_TARGET_STOPPED, 0, 0, false);
    put(f, 2, "target-state-my-src", "{\"state\":\"PAUSED\"}");              /* pre-3.5 writer */
    EXPECT_EVENT(f, KC_CFG_EV_TARGET_STATE, "my-src");
    EXPECT_CONNECTOR(f, "my-src", KC_TARGET_PAUSED, 0, 0, false);
    put(f, 3, "target-state-my-src", "{\"state\":\"STARTED\",\"state.v2\":null}");
    EXPECT_CONNECTOR(f, "my-src", KC_TARGET_STARTED, 0, 0, false);
    put(f, 4, "target-state-my-src", "{\"state\":\"PAUSED\",\"state.v2\":5}");  /* falls back */
    EXPECT_EVENT(f, KC_CFG_EV_TARGET_STATE, "my-src");
    EXPECT_CONNECTOR(f, "my-src", KC_TARGET_PAUSED, 0, 0, false);
    /* A string state.v2 that is no state: ignored, no fall back to "state". */
    put(f, 5, "target-state-my-src", "{\"state\":\"STARTED\",\"state.v2\":\"BOGUS\"}");
    assert_int_not_equal(f->ev.type, KC_CFG_EV_TARGET_STATE);
    EXPECT_CONNECTOR(f, "my-src", KC_TARGET_PAUSED, 0, 0, false);
    put(f, 6, "target-state-my-src", "{\"state.v2\":\"STOPPED\"}");
    EXPECT_EVENT(f, KC_CFG_EV_TARGET_STATE, "my-src");
    EXPECT_CONNECTOR(f, "my-src", KC_TARGET_STOPPED, 0, 0, false);
    put(f, 7, "target-state-my-src", "{\"state\":\"paused\"}");             /* case matters */
    assert_int_not_equal(f->ev.type, KC_CFG_EV_TARGET_STATE);
    put(f, 8, "target-state-my-src", "[1]");
    assert_int_not_equal(f->ev.type, KC_CFG_EV_TARGET_STATE);
    EXPECT_CONNECTOR(f, "my-src", KC_TARGET_STOPPED, 0, 0, false);
    assert_int_equal(f->st.offset, 9);
}

static void
test_target_state_unchanged_does_not_notify(void **state)
{
    fixture *f = *state;

    put(f, 0, "connector-my-src", WE_CONNECTOR);
    put(f, 1, "target-state-my-src", java_target_started);
    assert_int_equal(f->ev.type, KC_CFG_EV_NONE);
    put(f, 2, "target-state-my-src", java_target_paused);
    EXPECT_EVENT(f, KC_CFG_EV_TARGET_STATE, "my-src");
    put(f, 3, "target-state-my-src", java_target_paused);
    assert_int_equal(f->ev.type, KC_CFG_EV_NONE);
}

/* POST /connectors with initial_state writes the target state before the connector. */
static void
test_target_state_before_connector(void **state)
{
    fixture *f = *state;

    put(f, 0, "target-state-my-src", java_target_stopped);
    assert_int_equal(f->ev.type, KC_CFG_EV_NONE);
    assert_null(kc_config_state_connector(&f->st, "my-src"));
    put(f, 1, "connector-my-src", WE_CONNECTOR);
    EXPECT_EVENT(f, KC_CFG_EV_CONNECTOR_ADDED, "my-src");
    EXPECT_CONNECTOR(f, "my-src", KC_TARGET_STOPPED, 0, 0, false);
    put(f, 2, "target-state-other", java_target_paused);
    put(f, 3, "connector-other", "{\"properties\":{}}");
    EXPECT_CONNECTOR(f, "other", KC_TARGET_PAUSED, 0, 0, false);
    put(f, 4, "connector-third", "{\"properties\":{}}");
    EXPECT_CONNECTOR(f, "third", KC_TARGET_STARTED, 0, 0, false);
}

static void
test_target_state_tombstone_resets_to_started(void **state)
{
    fixture *f = *state;

    put(f, 0, "connector-my-src", WE_CONNECTOR);
    put(f, 1, "target-state-my-src", java_target_paused);
    EXPECT_CONNECTOR(f, "my-src", KC_TARGET_PAUSED, 0, 0, false);
    put(f, 2, "target-state-my-src", NULL);
    assert_int_equal(f->st.offset, 3);
    EXPECT_CONNECTOR(f, "my-src", KC_TARGET_STARTED, 0, 0, false);
}

/* Java never notifies for a removed target state ("we depend on the removal callback of
 * the connector config itself"), even when it resets a live connector to STARTED. */
static void
test_target_state_tombstone_does_not_notify(void **state)
{
    fixture *f = *state;

    put(f, 0, "connector-my-src", WE_CONNECTOR);
    put(f, 1, "target-state-my-src", java_target_paused);
    put(f, 2, "target-state-my-src", NULL);
    assert_int_equal(f->ev.type, KC_CFG_EV_NONE);
}

/* ===== Reader: restart, logger, fencing, session key, unknown keys ===== */

static void
test_restart_and_logger_only_after_initial_read(void **state)
{
    fixture *f = *state;

    put(f, 0, "connector-my-src", WE_CONNECTOR);
    put(f, 1, "restart-connector-my-src", java_restart_tasks);
    assert_int_equal(f->ev.type, KC_CFG_EV_NONE);
    put(f, 2, "logger-cluster-org.foo", java_logger_debug);
    assert_int_equal(f->ev.type, KC_CFG_EV_NONE);
    assert_int_equal(f->st.offset, 3);

    f->st.initial_read_done = true;
    put(f, 3, "restart-connector-my-src", java_restart_failed);
    EXPECT_EVENT(f, KC_CFG_EV_RESTART, "my-src");
    assert_string_equal(f->ev.restart.connector, "my-src");
    assert_false(f->ev.restart.include_tasks);
    assert_true(f->ev.restart.only_failed);
    put(f, 4, "logger-cluster-org.foo", java_logger_debug);
    EXPECT_EVENT(f, KC_CFG_EV_LOGGER, "org.foo");
    assert_string_equal(f->ev.level, "DEBUG");
    /* non-boolean flags default to false; the connector need not exist */
    put(f, 5, "restart-connector-nosuch", "{\"include-tasks\":\"yes\"}");
    EXPECT_EVENT(f, KC_CFG_EV_RESTART, "nosuch");
    assert_false(f->ev.restart.include_tasks);
    assert_false(f->ev.restart.only_failed);
    put(f, 6, "logger-cluster-org.foo", "{\"level\":5}");
    assert_int_equal(f->ev.type, KC_CFG_EV_NONE);
    put(f, 7, "logger-cluster-org.foo", NULL);
    assert_int_equal(f->ev.type, KC_CFG_EV_NONE);
    put(f, 8, "restart-connector-my-src", NULL);
    assert_int_equal(f->ev.type, KC_CFG_EV_NONE);
    assert_int_equal(f->st.offset, 9);
}

/* recordToRestartRequest returns null for a value that is not a map. */
static void
test_restart_with_non_object_value_is_ignored(void **state)
{
    fixture *f = *state;

    f->st.initial_read_done = true;
    put(f, 0, "restart-connector-my-src", "[1]");
    assert_int_not_equal(f->ev.type, KC_CFG_EV_RESTART);
    put(f, 1, "restart-connector-my-src", "true");
    assert_int_not_equal(f->ev.type, KC_CFG_EV_RESTART);
    assert_int_equal(f->st.offset, 2);
}

static void
test_fencing_record(void **state)
{
    fixture                  *f = *state;
    const kc_connector_state *c;

    put(f, 0, "connector-my-src", WE_CONNECTOR);
    put(f, 1, "tasks-fencing-my-src", java_fencing_3);
    EXPECT_EVENT(f, KC_CFG_EV_FENCING, "my-src");
    c = kc_config_state_connector(&f->st, "my-src");
    assert_int_equal(c->task_count_record, 3);
    assert_false(c->pending_fencing);
    put(f, 2, "commit-my-src", "{\"tasks\":0}");
    c = kc_config_state_connector(&f->st, "my-src");
    assert_true(c->pending_fencing);
    put(f, 3, "tasks-fencing-my-src", "{\"task-count\":2}");
    c = kc_config_state_connector(&f->st, "my-src");
    assert_int_equal(c->task_count_record, 2);
    assert_false(c->pending_fencing);
}

/* processTaskCountRecord ignores a value that is not a map (a tombstone included). */
static void
test_fencing_tombstone_is_ignored(void **state)
{
    fixture                  *f = *state;
    const kc_connector_state *c;

    put(f, 0, "connector-my-src", WE_CONNECTOR);
    put(f, 1, "tasks-fencing-my-src", java_fencing_3);
    put(f, 2, "commit-my-src", "{\"tasks\":0}");
    put(f, 3, "tasks-fencing-my-src", NULL);
    put(f, 4, "tasks-fencing-my-src", "[1]");
    assert_int_equal(f->st.offset, 5);
    c = kc_config_state_connector(&f->st, "my-src");
    assert_int_equal(c->task_count_record, 3);
    assert_true(c->pending_fencing);
}

static void
test_session_key_record(void **state)
{
    fixture *f = *state;

    put(f, 0, "session-key", java_session_key);
    assert_int_equal(f->ev.type, KC_CFG_EV_SESSION_KEY);
    assert_int_equal(f->st.session_key_len, 32);
    for (int i = 0; i < 32; i++)
        assert_int_equal(f->st.session_key[i], i);
    assert_string_equal(f->st.session_key_algorithm, "HmacSHA256");
    assert_int_equal(f->st.session_key_created, 1730000000000LL);
    put(f, 1, "session-key", java_session_key_2);
    assert_int_equal(f->ev.type, KC_CFG_EV_SESSION_KEY);
    assert_int_equal(f->st.session_key_len, 3);
    assert_memory_equal(f->st.session_key, "\xfb\xff\x01", 3);
    assert_string_equal(f->st.session_key_algorithm, "HmacSHA512");
    assert_int_equal(f->st.session_key_created, -1);
    /* Rejected by Java, the current key stays: */
    put(f, 2, "session-key", NULL);
    put(f, 3, "session-key",
        "{\"key\":\"AAEC\",\"algorithm\":\"HmacSHA256\",\"creation-timestamp\":1.5}");
    assert_int_not_equal(f->ev.type, KC_CFG_EV_SESSION_KEY);
    put(f, 4, "session-key", "{\"key\":\"AAEC\",\"algorithm\":5,\"creation-timestamp\":1}");
    assert_int_not_equal(f->ev.type, KC_CFG_EV_SESSION_KEY);
    put(f, 5, "session-key", "{\"key\":5,\"algorithm\":\"HmacSHA256\",\"creation-timestamp\":1}");
    assert_int_not_equal(f->ev.type, KC_CFG_EV_SESSION_KEY);
    assert_int_equal(f->st.offset, 6);
    assert_int_equal(f->st.session_key_len, 3);
    assert_string_equal(f->st.session_key_algorithm, "HmacSHA512");
    assert_int_equal(f->st.session_key_created, -1);
}

/* java.util.Base64.getDecoder() accepts a final unit without its '=' padding. */
static void
test_session_key_without_padding(void **state)
{
    fixture *f = *state;

    put(f, 0, "session-key", "{\"key\":\"AAE\",\"algorithm\":\"HmacSHA256\",\"creation-timestamp\":8}");
    assert_int_equal(f->ev.type, KC_CFG_EV_SESSION_KEY);
    assert_int_equal(f->st.session_key_len, 2);
    assert_memory_equal(f->st.session_key, "\x00\x01", 2);
}

static void
test_unknown_key_is_skipped_but_advances_offset(void **state)
{
    fixture *f = *state;

    put(f, 0, "foo-bar", "{\"x\":1}");
    assert_int_equal(f->ev.type, KC_CFG_EV_SKIPPED);
    assert_int_equal(f->st.offset, 1);
    put(f, 1, "session-keyx", "{\"x\":1}");
    assert_int_equal(f->ev.type, KC_CFG_EV_SKIPPED);
    assert_int_equal(f->st.offset, 2);
    put(f, 2, "Connector-x", WE_CONNECTOR);
    assert_int_equal(f->ev.type, KC_CFG_EV_SKIPPED);
    assert_int_equal(f->st.offset, 3);
    assert_int_equal(f->st.nconnectors, 0);
}

/* ===== Reader: connector records ===== */

static void
test_connector_tombstone_and_recreate(void **state)
{
    fixture *f = *state;

    put(f, 0, "connector-my-src", WE_CONNECTOR);
    put(f, 1, "task-my-src-0", WE_TASK0);
    put(f, 2, "commit-my-src", "{\"tasks\":1}");
    put(f, 3, "target-state-my-src", java_target_paused);
    put(f, 4, "task-my-src-0", WE_TASK0);                   /* buffered when deleted */
    EXPECT_CONNECTOR(f, "my-src", KC_TARGET_PAUSED, 1, 1, false);
    put(f, 5, "connector-my-src", NULL);
    EXPECT_EVENT(f, KC_CFG_EV_CONNECTOR_REMOVED, "my-src");
    assert_int_equal(f->st.offset, 6);
    assert_null(kc_config_state_connector(&f->st, "my-src"));
    /* Re-created before its target-state tombstone: ADDED again, no tasks, state kept. */
    put(f, 6, "connector-my-src", WE_CONNECTOR);
    EXPECT_EVENT(f, KC_CFG_EV_CONNECTOR_ADDED, "my-src");
    EXPECT_CONNECTOR(f, "my-src", KC_TARGET_PAUSED, 0, 0, false);
    /* The buffered task went with the old connector. */
    put(f, 7, "commit-my-src", "{\"tasks\":1}");
    EXPECT_CONNECTOR(f, "my-src", KC_TARGET_PAUSED, 1, 0, true);
}

static void
test_connector_update(void **state)
{
    fixture *f = *state;

    put(f, 0, "connector-my-src", WE_CONNECTOR);
    EXPECT_EVENT(f, KC_CFG_EV_CONNECTOR_ADDED, "my-src");
    put(f, 1, "connector-my-src", "{\"properties\":{\"name\":\"my-src\",\"tasks.max\":\"3\"}}");
    EXPECT_EVENT(f, KC_CFG_EV_CONNECTOR_UPDATED, "my-src");
    assert_true(json_is(kc_config_state_connector(&f->st, "my-src")->config,
                        "{\"name\":\"my-src\",\"tasks.max\":\"3\"}"));
    /* Malformed values leave the config alone. */
    put(f, 2, "connector-my-src", "{\"properties\":[1]}");
    assert_int_equal(f->ev.type, KC_CFG_EV_SKIPPED);
    put(f, 3, "connector-my-src", "{\"nothing\":1}");
    assert_int_equal(f->ev.type, KC_CFG_EV_SKIPPED);
    put(f, 4, "connector-my-src", "[1]");
    assert_int_equal(f->ev.type, KC_CFG_EV_SKIPPED);
    assert_int_equal(f->st.offset, 5);
    assert_true(json_is(kc_config_state_connector(&f->st, "my-src")->config,
                        "{\"name\":\"my-src\",\"tasks.max\":\"3\"}"));
}

#define T(fn) cmocka_unit_test_setup_teardown(fn, setup, teardown)

int
main(void)
{
    const struct CMUnitTest tests[] = {
        T(test_record_connector),
        T(test_record_connector_special_values),
        T(test_record_connector_non_bmp_as_surrogate_escapes),
        T(test_record_connector_empty_and_tombstone),
        T(test_record_task),
        T(test_record_commit),
        T(test_record_target_state),
        T(test_record_session_key),
        T(test_record_restart),
        T(test_record_fencing),
        T(test_record_logger),
        T(test_records_read_back),
        T(test_worked_example),
        T(test_worked_example_restart_request),
        T(test_worked_example_generation),
        T(test_worked_example_after_compaction),
        T(test_not_json_is_skipped_without_advancing_offset),
        T(test_json_null_is_a_tombstone),
        T(test_empty_value_is_a_tombstone),
        T(test_data_after_the_json_value_is_ignored),
        T(test_leading_zeros_in_numbers_are_accepted),
        T(test_utf8_bom_before_the_value_is_accepted),
        T(test_tasks_invisible_until_commit),
        T(test_incomplete_commit_marks_inconsistent),
        T(test_task_key_connector_name_with_dashes),
        T(test_malformed_task_keys_are_skipped),
        T(test_commit_without_connector_config_is_ignored),
        T(test_generation_counts_commits_after_the_first_task_record),
        T(test_target_state_prefers_state_v2),
        T(test_target_state_unchanged_does_not_notify),
        T(test_target_state_before_connector),
        T(test_target_state_tombstone_resets_to_started),
        T(test_target_state_tombstone_does_not_notify),
        T(test_restart_and_logger_only_after_initial_read),
        T(test_restart_with_non_object_value_is_ignored),
        T(test_fencing_record),
        T(test_fencing_tombstone_is_ignored),
        T(test_session_key_record),
        T(test_session_key_without_padding),
        T(test_unknown_key_is_skipped_but_advances_offset),
        T(test_connector_tombstone_and_recreate),
        T(test_connector_update),
    };
    return cmocka_run_group_tests_name("config_state", tests, NULL, NULL);
}
