/*
 * worker/runtime.h - runs the connectors and tasks this worker is assigned, each on its own
 * thread, as Java's Worker does: start, pause/resume/stop by target state, fail with a
 * trace in the status topic while the worker keeps running.
 *
 * Source tasks: poll, convert, produce (the worker's producer settings with producer.* and
 * producer.override.* laid over), store each source partition's offset once every earlier
 * record of that partition is acknowledged, every offset.flush.interval.ms and at stop.
 * Sink tasks: consume in group connect-<name>, convert, put, flush, commit.
 *
 * The herder thread calls every kc_runtime_* function; connector and task threads report
 * back through the callbacks in kc_runtime_env (task configs computed, a connector asking
 * for reconfiguration), which only enqueue.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_RUNTIME_H
#define KC_RUNTIME_H

#include <jansson.h>
#include <stdatomic.h>
#include <stdbool.h>

#include "connectors/connector.h"
#include "worker/config_state.h"
#include "worker/offset_store.h"
#include "worker/status_store.h"
#include "worker/worker_config.h"

typedef struct kc_runtime_env {
    const kc_worker_config *wc;
    kc_status_store        *status;
    kc_offset_store        *offsets;
    const char             *worker_id;          /* host:port */
    atomic_int             *generation;         /* the group generation, for status records */
    void                   *herder;
    /* Connector thread: the connector's task configs (new reference, an array). */
    void (*task_configs_ready)(void *herder, const char *connector, json_t *configs);
    /* Task thread, exactly-once source tasks (exactly.once.source.support=enabled): the
     * round of zombie fencing before the task's producer starts its transactions (on the
     * leader, or asked of it); 0, or -1 with Java's message in err, or 1 with it when
     * the round may succeed if asked again (the leader starting up, rebalancing, or
     * unreachable). */
    int (*fence)(void *herder, const char *connector, char *err, size_t errlen);
    /* Task thread, the same tasks: the connector's task config generation while task is
     * still this worker's to run; -1 when it is not. */
    int (*task_generation)(void *herder, const char *connector, int task);
    /* Herder thread, optional: called every few hundred ms while a stop waits for
     * instances to end (up to task.shutdown.graceful.timeout.ms), so the herder can keep
     * its group session alive meanwhile; it must not call back into the runtime. */
    void (*waiting)(void *herder);
} kc_runtime_env;

typedef struct kc_runtime kc_runtime;

kc_runtime *kc_runtime_new(const kc_runtime_env *env);
/* Stops everything first. False when instances that ignored their stop were still running
 * 30 s after it (abandoned): rt is then left to them, and so must be everything they use
 * (the env's stores, worker config and herder); kc_runtime_left_running() is true from then
 * on, and the process must end with _exit, as a JVM's exit ends its threads. */
bool kc_runtime_free(kc_runtime *rt);
bool kc_runtime_left_running(void);

/* Connector instances. config is borrowed (copied). */
int  kc_runtime_start_connector(kc_runtime *rt, const char *name, const json_t *config,
                                kc_target_state target, kc_err *err);
void kc_runtime_stop_connector(kc_runtime *rt, const char *name);
bool kc_runtime_has_connector(const kc_runtime *rt, const char *name);
/* Asks the running connector for task configs again (reported through the env callback). */
void kc_runtime_request_task_configs(kc_runtime *rt, const char *name);

/* Tasks. */
int  kc_runtime_start_task(kc_runtime *rt, const char *connector, int task,
                           const json_t *connector_config, const json_t *task_config,
                           kc_target_state target, kc_err *err);
void kc_runtime_stop_task(kc_runtime *rt, const char *connector, int task);
bool kc_runtime_has_task(const kc_runtime *rt, const char *connector, int task);

/* PAUSED/STARTED/STOPPED for a connector and its tasks. */
void kc_runtime_set_target(kc_runtime *rt, const char *connector, kc_target_state target);

/* Stops the connectors (task -1) and tasks named by connectors[i]/tasks[i] that run here,
 * in parallel, all bounded by one task.shutdown.graceful.timeout.ms (Java's
 * stopAndAwaitConnectors/stopAndAwaitTasks). */
void kc_runtime_stop_many(kc_runtime *rt, const char *const *connectors, const int *tasks,
                          size_t n);

/* Asks every running source task to commit its offsets at its next turn (within a poll),
 * without waiting, besides its commits every offset.flush.interval.ms. */
void kc_runtime_commit_soon(kc_runtime *rt);

/* The group has handed this worker's work to others: its source tasks, when next stopped,
 * drop what Kafka has not acknowledged instead of waiting for it and committing. */
void kc_runtime_membership_lost(kc_runtime *rt);

/* Stops everything (in parallel), bounded by task.shutdown.graceful.timeout.ms. */
void kc_runtime_stop_all(kc_runtime *rt);

/* This worker's connectors' and tasks' metrics (worker/metrics.h): Java's connect-worker,
 * connector, connector-task, source-task and sink-task groups as far as kconnect keeps them,
 * and each running task's own (kc_task_ops.metrics). Herder thread. */
struct kc_metrics;
void kc_runtime_metrics(kc_runtime *rt, struct kc_metrics *m);

/* The host table every plugin gets (connectors/connector.h): for loading plugins, and for
 * connector code run outside a task (the MirrorMaker status). */
const kc_host *kc_runtime_host(void);

/* Connector type by class name: "source", "sink" or "unknown". */
const char *kc_runtime_connector_type(const json_t *config);

#endif
