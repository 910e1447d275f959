/*
 * worker/status_store.h - the Connect status topic: connector and task states as Java
 * writes and reads them (spec/connect-runtime.md §5).
 *
 * Writes go to Kafka; the cache is filled by reading the topic back (kc_status_store_poll),
 * as in Java, so every worker shows the same statuses. A DESTROYED state is a tombstone.
 * The cache is guarded by a mutex: the herder polls, REST threads read, task and
 * connector threads write.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_STATUS_STORE_H
#define KC_STATUS_STORE_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#include "lib/common.h"
#include "lib/props.h"

typedef enum {
    KC_STATE_UNASSIGNED = 0,
    KC_STATE_RUNNING,
    KC_STATE_PAUSED,
    KC_STATE_FAILED,
    KC_STATE_RESTARTING,
    KC_STATE_STOPPED,
    KC_STATE_DESTROYED,
} kc_state;

const char *kc_state_name(kc_state s);
int kc_state_parse(const char *name);

typedef struct kc_status {
    kc_state state;
    char    *trace;        /* NULL when none */
    char    *worker_id;
    int32_t  generation;
    char    *version;      /* the plugin's version (Kafka 4.1+ writes it); NULL when none */
} kc_status;

typedef struct kc_status_store kc_status_store;

kc_status_store *kc_status_store_open(const kc_props *props, const char *topic,
                                      const char *client_id_base, kc_err *err);
void kc_status_store_close(kc_status_store *s);
/* A store with no topic behind it (a standalone worker's; tests, fuzzing): its writes are
 * applied at once, as kc_status_store_apply applies a record read back. */
kc_status_store *kc_status_store_new(void);
/* One record of the status topic (value NULL: a tombstone), as the reader applies it: an
 * invalid key or value is logged and skipped. Any thread. */
void kc_status_store_apply(kc_status_store *s, const char *key, const void *value, size_t len);

/* Reads what has arrived (herder thread); read_to_end at start-up. */
int kc_status_store_poll(kc_status_store *s, int timeout_ms);
int kc_status_store_read_to_end(kc_status_store *s, int timeout_ms, kc_err *err);
/* The poller's wake-up: an eventfd increment on fd when records arrive (kc_klog_notify). */
void kc_status_store_notify(kc_status_store *s, int fd);

/* task < 0: the connector. put always writes; put_safe skips the write when another worker
 * holds a newer generation for it (Java's putSafe). Any thread. */
int kc_status_store_put(kc_status_store *s, const char *connector, int task,
                        const kc_status *st, kc_err *err);
int kc_status_store_put_safe(kc_status_store *s, const char *connector, int task,
                             const kc_status *st, kc_err *err);
int kc_status_store_flush(kc_status_store *s, int timeout_ms, kc_err *err);

/* A copy of the cached status (caller frees with kc_status_clear); KC_ENOTFOUND if none. */
int kc_status_store_get(kc_status_store *s, const char *connector, int task, kc_status *out);

/* The connectors with any status (new array of new strings, *n of them). */
char **kc_status_store_connectors(kc_status_store *s, size_t *n);

/* The task ids with a status for connector, sorted (new array, *n of them). */
int *kc_status_store_tasks(kc_status_store *s, const char *connector, size_t *n);

void kc_status_clear(kc_status *st);

/* KIP-558 active topics, kept from status-topic-<topic>:connector-<c> records. */
/* The topics connector used, sorted (new array of new strings, *n of them). Any thread. */
char **kc_status_store_topics(kc_status_store *s, const char *connector, size_t *n);
bool kc_status_store_has_topic(kc_status_store *s, const char *connector, const char *topic);
/* Writes the record Java writes when a task first uses topic. Any thread. */
int kc_status_store_put_topic(kc_status_store *s, const char *connector, const char *topic,
                              int task, int64_t discover_ms, kc_err *err);
/* Tombstones every active topic of connector (PUT /connectors/{c}/topics/reset). */
int kc_status_store_reset_topics(kc_status_store *s, const char *connector, kc_err *err);

/* Record codec, for tests and tools: the value JSON Java writes, and back. */
char *kc_status_value(const kc_status *st, size_t *len);
int kc_status_parse(const void *value, size_t len, kc_status *out);

#endif
