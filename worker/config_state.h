/*
 * worker/config_state.h - the Connect config topic: its records (keys and JSON values as
 * Java writes them) and the state built by reading them in order, as Java's
 * KafkaConfigBackingStore does (spec/connect-runtime.md §3).
 *
 * kc_config_state_apply() takes one record at a time and reports what it changed; task
 * configs stay invisible until their commit record, an incomplete set marks the connector
 * inconsistent, a malformed record is logged and skipped. `offset` is what the group
 * protocol calls the config offset: (offset of the last parsed record) + 1, -1 when none.
 *
 * Owner: the herder thread. The state is not shared; other threads get copies.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_CONFIG_STATE_H
#define KC_CONFIG_STATE_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum {
    KC_TARGET_STARTED = 0,
    KC_TARGET_PAUSED,
    KC_TARGET_STOPPED,
} kc_target_state;

const char *kc_target_state_name(kc_target_state s);   /* "STARTED", ... */
int kc_target_state_parse(const char *name);          /* -1 if unknown */

typedef struct kc_connector_state {
    char            *name;
    json_t          *config;          /* {"k":"v",...}; owns a reference; NULL: deleted */
    kc_target_state  target;
    json_t         **tasks;           /* applied task configs (owned), task_count of them */
    int              task_count;      /* N of the last commit record */
    bool             inconsistent;    /* last commit did not find all its task records */
    int              generation;      /* task config generation, +1 per applied commit */
    json_t          *applied_config;  /* the connector config as of the last applied commit */
    json_t          *applied_resolved; /* the herder's: applied_config resolved the first time
                                        * it compared it (Java's AppliedConnectorConfig);
                                        * dropped with applied_config */
    json_t          *deferred;        /* {"0":{...},"1":{...}}: task records awaiting commit */
    bool             deferred_seen;   /* a task record arrived since the connector appeared:
                                       * Java keeps its (then empty) buffer, and every later
                                       * commit bumps the generation */
    int              task_count_record;  /* tasks-fencing-<c> value; -1 none */
    bool             pending_fencing;
} kc_connector_state;

typedef struct kc_restart_request {
    char *connector;
    bool  only_failed, include_tasks;
} kc_restart_request;

typedef struct kc_config_state {
    int64_t             offset;            /* -1: nothing read */
    kc_connector_state *connectors;        /* sorted by name */
    size_t              nconnectors;
    bool                initial_read_done; /* set by the reader after the first catch-up */
    uint8_t            *session_key;       /* raw key bytes, NULL: none yet */
    size_t              session_key_len;
    char               *session_key_algorithm;
    int64_t             session_key_created;
} kc_config_state;

typedef enum {
    KC_CFG_EV_NONE = 0,
    KC_CFG_EV_CONNECTOR_ADDED,        /* new connector: rebalance */
    KC_CFG_EV_CONNECTOR_UPDATED,      /* config of a known connector changed: restart it */
    KC_CFG_EV_CONNECTOR_REMOVED,      /* rebalance */
    KC_CFG_EV_TARGET_STATE,           /* apply locally, no rebalance */
    KC_CFG_EV_TASKS_COMMITTED,        /* rebalance */
    KC_CFG_EV_FENCING,
    KC_CFG_EV_SESSION_KEY,
    KC_CFG_EV_RESTART,                /* restart request (after the initial read only) */
    KC_CFG_EV_LOGGER,                 /* cluster logger level (after the initial read only) */
    KC_CFG_EV_SKIPPED,                /* malformed or unknown: logged */
} kc_config_event_type;

typedef struct kc_config_event {
    kc_config_event_type type;
    char                 connector[256];  /* or the logger namespace */
    kc_restart_request   restart;         /* KC_CFG_EV_RESTART; connector points at .connector */
    char                 level[16];       /* KC_CFG_EV_LOGGER */
} kc_config_event;

void kc_config_state_init(kc_config_state *st);
void kc_config_state_free(kc_config_state *st);

/* Applies the record (key, value[0..len), value NULL = tombstone) found at offset. */
void kc_config_state_apply(kc_config_state *st, const char *key, const void *value, size_t len,
                           int64_t offset, kc_config_event *ev);

/* The connector, NULL if it has no config. Borrowed. */
const kc_connector_state *kc_config_state_connector(const kc_config_state *st,
                                                    const char *name);

/* Task configs visible for the connector: none while it is inconsistent. */
size_t kc_config_state_task_count_visible(const kc_connector_state *c);

/* ===== Records, as Java writes them ===== */

/* A record to produce: key and value (NULL value = tombstone). */
typedef struct kc_record_kv {
    char  *key;
    char  *value;
    size_t value_len;
} kc_record_kv;

void kc_record_kv_clear(kc_record_kv *r);

/* connector-<name>: {"properties":{...}}; config NULL = tombstone. */
void kc_config_record_connector(kc_record_kv *r, const char *name, const json_t *config);
/* task-<name>-<n>: {"properties":{...}} */
void kc_config_record_task(kc_record_kv *r, const char *name, int n, const json_t *config);
/* commit-<name>: {"tasks":N} */
void kc_config_record_commit(kc_record_kv *r, const char *name, int tasks);
/* target-state-<name>: {"state":...,"state.v2":...}; STOPPED is "PAUSED" in "state". */
void kc_config_record_target_state(kc_record_kv *r, const char *name, kc_target_state s,
                                   bool tombstone);
/* session-key: {"key":"<base64>","algorithm":...,"creation-timestamp":ms} */
void kc_config_record_session_key(kc_record_kv *r, const uint8_t *key, size_t len,
                                  const char *algorithm, int64_t created_ms);
/* restart-connector-<name>: {"include-tasks":b,"only-failed":b} */
void kc_config_record_restart(kc_record_kv *r, const char *name, bool include_tasks,
                              bool only_failed);
/* tasks-fencing-<name>: {"task-count":N} */
void kc_config_record_fencing(kc_record_kv *r, const char *name, int task_count);
/* logger-cluster-<namespace>: {"level":"DEBUG"} */
void kc_config_record_logger(kc_record_kv *r, const char *ns, const char *level);

#endif
