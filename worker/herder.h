/*
 * worker/herder.h - the cluster brain of one worker, as Java's DistributedHerder: group
 * membership (protocol/group.c), the config topic (worker/config_state.c), the leader's
 * assignment (worker/assignor.c), and starting and stopping what this worker is assigned
 * (worker/runtime.c).
 *
 * One thread (the herder thread) owns all of it. Other threads (REST) never touch herder
 * state: they hand a function to kc_herder_call(), which runs it on the herder thread
 * between ticks and waits for it, bounded.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_HERDER_H
#define KC_HERDER_H

#include <jansson.h>
#include <stdbool.h>

#include "worker/config_state.h"
#include "worker/internal_topics.h"
#include "worker/status_store.h"
#include "worker/worker_config.h"

typedef struct kc_herder kc_herder;

/* Opens the internal topics (which must exist), reads them, and starts the herder thread,
 * which joins the group. advertised_url: "http://host:port/"; worker_id: "host:port".
 * offsets_topic (NULL: the offsets topic exists): the offsets topic's creation that
 * kc_internal_topics_ensure left for later, which the herder then owns; it is created on
 * a thread of its own while the status and config stores are opened and read, and the
 * store of offsets is opened after it (its users wait for that). Its failure stops the
 * herder (kc_herder_failed). */
kc_herder *kc_herder_start(const kc_worker_config *wc, const char *advertised_url,
                           const char *worker_id, kc_internal_topic_later *offsets_topic,
                           kc_err *err);

/* A standalone herder (Java's StandaloneHerder): no group and no internal topics. The
 * config and the statuses live in memory only (connectors come from the command line or
 * REST, and go with the process); source offsets are kept in offset.storage.file.filename
 * in Java's file format. The REST API is served as in distributed mode, this worker being
 * its own leader. */
kc_herder *kc_herder_start_standalone(const kc_worker_config *wc, const char *advertised_url,
                                      const char *worker_id, kc_err *err);
bool kc_herder_standalone(const kc_herder *h);        /* any thread */

/* Tells the herder to stop, without waiting: its waits for the brokers give up, and REST
 * calls it has not begun answer KC_ESTOPPED. Called before the REST server stops, whose
 * handlers may wait on the herder. Any thread; NULL is fine. */
void kc_herder_signal_stop(kc_herder *h);

/* Stops all work, leaves the group, closes the stores, joins the thread. NULL is fine.
 * When tasks never ended their stop (kc_runtime_left_running), h, its stores and the worker
 * config they read are left to them. */
void kc_herder_stop(kc_herder *h);

/* Whether the herder stopped on an error retrying cannot fix (the group refused us: not
 * authorized, an inconsistent protocol type, an invalid session timeout); the reason is
 * copied into buf. Java's herder thread exits the worker in that case, and so does main.
 * Any thread. */
bool kc_herder_failed(kc_herder *h, char *buf, size_t size);

/* Whether the herder has completed start-up (joined its group once), as Java's isReady.
 * Any thread. */
bool kc_herder_ready(kc_herder *h);

/* Runs fn(h, arg) on the herder thread and waits for it. KC_ETIMEOUT if it did not end
 * within timeout_ms: fn then never runs, or (begun) has returned before this does, its
 * effects kept; KC_ESTOPPED if the herder stopped first.
 * kc_herder_call runs at the herder's next turn (reads of local state); kc_herder_request
 * only in a stable generation, as Java's herder requests: one that arrives while the group
 * rebalances, or right after a request that makes it rebalance, waits for the new
 * generation instead of meeting a stale one. */
typedef void (*kc_herder_fn)(kc_herder *h, void *arg);
int kc_herder_call(kc_herder *h, kc_herder_fn fn, void *arg, int timeout_ms);
int kc_herder_request(kc_herder *h, kc_herder_fn fn, void *arg, int timeout_ms);
/* kc_herder_call for a fn that may run past timeout_ms (a write to a broker that does not
 * answer): arg is on the heap, and the caller is answered KC_ETIMEOUT on time. On KC_OK arg
 * is the caller's again; otherwise it must not touch it: release(arg) runs once fn no
 * longer can (here, or on the herder thread). */
int kc_herder_call_owned(kc_herder *h, kc_herder_fn fn, void *arg, void (*release)(void *arg),
                         int timeout_ms);

/* Any thread: whether connector name is in the config as last read, with its type
 * ("source", "sink", "unknown") and visible task count. It answers while the herder thread
 * is busy (a rebalance), as Java's status reads do. */
bool kc_herder_connector_view(kc_herder *h, const char *name, const char **type,
                              size_t *ntasks);

/* ===== For functions run through kc_herder_call (herder thread only) ===== */

const kc_config_state *kc_herder_config(const kc_herder *h);
/* A connector's config resolved with the worker's config providers, as Java's
 * ClusterConfigState.connectorConfig gives it (new reference), or NULL with the provider's
 * message in err (or "Connector <c> not found"). Herder thread. */
json_t *kc_herder_connector_config(const kc_herder *h, const char *connector, kc_err *err);
kc_status_store *kc_herder_status(const kc_herder *h);          /* thread-safe */
bool kc_herder_is_leader(const kc_herder *h);
const char *kc_herder_leader_url(const kc_herder *h);           /* NULL: unknown */
bool kc_herder_rebalancing(const kc_herder *h);                 /* a rebalance is pending */
struct kc_offset_store *kc_herder_offsets(const kc_herder *h);  /* thread-safe */
const kc_worker_config *kc_herder_worker_config(const kc_herder *h);
/* Whether the connector (task < 0) or task runs on this worker. */
bool kc_herder_owns(const kc_herder *h, const char *connector, int task);
/* Leader: the URL of the worker its last assignment gave the connector (task < 0) or task;
 * NULL when unassigned or not the leader (Java's WorkerCoordinator.ownerUrl). Borrowed until
 * the next rebalance. */
const char *kc_herder_owner_url(const kc_herder *h, const char *connector, int task);

/* The group membership metrics (Java's connect-worker-rebalance group) and the runtime's
 * (kc_runtime_metrics). */
struct kc_metrics;
void kc_herder_metrics(const kc_herder *h, struct kc_metrics *m);

/* Config topic writes, as the leader makes them (the caller checked leadership). */
int kc_herder_put_connector_config(kc_herder *h, const char *name, const json_t *config,
                                   const char *initial_state, kc_err *err);
int kc_herder_delete_connector(kc_herder *h, const char *name, kc_err *err);
int kc_herder_put_target_state(kc_herder *h, const char *name, kc_target_state s, kc_err *err);
int kc_herder_put_task_configs(kc_herder *h, const char *name, const json_t *configs,
                               kc_err *err);
int kc_herder_stop_connector(kc_herder *h, const char *name, kc_err *err);

/* Any worker: writes logger-cluster-<ns> {"level":level} (PUT /admin/loggers?scope=cluster)
 * and waits for the brokers to take it. */
int kc_herder_put_logger_level(kc_herder *h, const char *ns, const char *level, kc_err *err);

/* Leader: writes restart-connector-<name> so every worker restarts its part. */
int kc_herder_restart_request(kc_herder *h, const char *name, bool include_tasks,
                              bool only_failed, kc_err *err);

/* Checks an internal request's signature as Java does when the group runs `sessioned`
 * (always KC_OK otherwise). On failure KC_EINVAL, Java's message in err and the HTTP status
 * Java answers with (400, 403 or 503) in *status. */
int kc_herder_verify_internal(kc_herder *h, const char *body, size_t len, const char *signature,
                              const char *algorithm, int *status, kc_err *err);

/* ===== Zombie fencing (KIP-618) ===== */

/* Leader, herder thread: Java's round of zombie fencing for a source connector whose task
 * configs changed since its last round (tasks-fencing-<c> older than commit-<c>): the
 * transactional producers of the previous task count are fenced (InitProducerId on each
 * "<group.id>-<c>-<i>"), then the new task count is written. Nothing when no round is
 * pending. On failure KC_E*, Java's message in err and its HTTP status in *status. */
int kc_herder_fence_round(kc_herder *h, const char *connector, int *status, kc_err *err);

/* Any thread but the herder's (an exactly-once source task before it starts): the round
 * for connector, run by this worker if it leads, else asked of the leader with a signed
 * PUT /connectors/{c}/fence. KC_OK, or the failure in err. */
int kc_herder_fence(kc_herder *h, const char *connector, kc_err *err);

/* Any thread but the herder's: the connector's task config generation, read to the end of
 * the config topic, while task is this worker's; -1 when it is not. */
int kc_herder_task_generation(kc_herder *h, const char *connector, int task);

/* Restarts, on this worker, the connector or task if it runs here. KC_ENOTFOUND if not. */
int kc_herder_restart_local(kc_herder *h, const char *connector, int task);

#endif
