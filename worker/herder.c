/*
 * worker/herder.c - see herder.h. The loop follows Java's DistributedHerder.tick():
 * (re)join when needed, heartbeat, read new config records and react to them, run queued
 * calls, publish task configs, rejoin when a scheduled delay expires.
 *
 * A standalone herder runs the same loop without a group or topics: every write to the
 * config is applied as it is made, and its "assignment" is everything (standalone_assign).
 *
 * Runs on the herder thread only, except kc_herder_call (any thread) and the runtime
 * callbacks (connector threads), which only enqueue.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "worker/herder.h"

#include <openssl/crypto.h>
#include <openssl/rand.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include "protocol/connect_protocol.h"
#include "protocol/group.h"
#include "lib/http.h"
#include "worker/assignor.h"
#include "worker/clientconf.h"
#include "lib/json_java.h"
#include "worker/kafka.h"
#include "worker/kafka_log.h"
#include "lib/config_providers.h"
#include "lib/log.h"
#include "worker/metrics.h"
#include "worker/offset_store.h"
#include "worker/peer_watch.h"
#include "worker/runtime.h"

/* A call from another thread, or an event from the runtime. Requests (Java's herder
 * requests) and task configs wait in the queue while the group rebalances; plain calls run
 * at the herder's next turn. */
typedef struct item {
    enum { ITEM_CALL, ITEM_TASK_CONFIGS } kind;
    kc_herder_fn    fn;
    void           *arg;
    bool            request;        /* ITEM_CALL: only in a stable generation */
    void          (*release)(void *arg);  /* ITEM_CALL: arg is heap, freed by the last user */
    bool            done, cancelled;
    bool            started;        /* ITEM_CALL: fn runs (under qlock) */
    int             rc;             /* ITEM_CALL, once done: KC_OK, or KC_ESTOPPED if dropped */
    char           *connector;
    json_t         *configs;
    struct item    *next;
} item;

struct kc_herder {
    const kc_worker_config *wc;
    bool                    standalone;         /* no group, no topics: see kc_herder_start_standalone */
    kc_eos_level            eos;                /* exactly.once.source.support */
    /* preparing or enabled, the leader: its transactional producer of the config topic
     * ("connect-cluster-<group.id>"), whose InitProducerId fenced any earlier leader's;
     * privileged writes go through it, one transaction each (in_privileged). */
    rd_kafka_t             *fencable;
    bool                    in_privileged;
    bool                    fenced_from_config;  /* claim again before serving requests */
    char                   *url, *worker_id;
    char                   *member_client_id;   /* client.id, or Java's connect-<worker id> */
    pthread_t               thread;
    atomic_bool             stopping;
    atomic_bool             failed;                 /* fatal: see kc_herder_failed */
    atomic_bool             ready;                  /* joined the group once: started */
    char                    failure[512];           /* written before failed is set */

    /* group */
    kc_conn_security        sec;
    char                  **bootstrap;
    kc_group_config         gcfg;
    kc_group               *group;
    int                     configured_protocol;    /* highest offered */
    int                     protocol;               /* selected by the group, -1 none */
    bool                    need_rejoin;
    bool                    joined_once;
    int                     unsynced_retries;       /* unsynced_backoff's, cooperative */
    int32_t                 last_completed_generation;
    int64_t                 completed_rebalances;   /* joins that got an assignment */
    atomic_int              generation;
    bool                    leader;
    char                   *leader_url;
    bool                    has_assignment;
    kc_work_list            owned;                  /* what runs here */
    int64_t                 next_heartbeat;
    int64_t                 quick_heartbeats_until; /* see FOLLOW_UP_HEARTBEAT_MS */
    int64_t                 heartbeat_ok_at;        /* last Heartbeat answered, or join */
    int64_t                 rejoin_at;              /* scheduled rebalance, 0: none */
    kc_coop_assignor        coop;
    /* leader: each member's URL and the work it holds after the last assignment, to send
     * restarts to the worker that runs the connector or task (Java's ownerUrl) */
    struct owner { char *url; kc_work_list work; } *owners;
    size_t                  nowners;
    /* the leader watches every other member, a follower the leader: one whose process is
     * gone leaves the group now rather than after session.timeout.ms */
    kc_peer_watch          *peers;
    bool                    predecessors_checked;   /* remove_predecessors, once */

    /* stores and work */
    kc_klog                *config_log;
    kc_config_state         cfg;
    kc_status_store        *status;
    kc_offset_store        *offsets;
    kc_internal_topic_later *offsets_topic;  /* made before offsets opens (NULL: it exists) */
    bool                    offsets_opening; /* herder thread: a later open not yet seen done */
    kc_runtime             *rt;

    /* What other threads may read of the config without the herder thread, which a
     * rebalance can hold for seconds (GET .../status, as Java's answers from its snapshot):
     * each connector's type and visible task count, under view_lock. */
    pthread_mutex_t         view_lock;
    struct view_entry { char *name; const char *type; size_t ntasks; } *view;
    size_t                  nview;

    /* queue */
    pthread_mutex_t         qlock;
    pthread_cond_t          qcond;
    /* Task-config publishing threads still running (publish_thread): kc_herder_stop waits
     * for them, since one may be inside libcurl and its TLS library when the process exits. */
    pthread_mutex_t         publish_lock;
    pthread_cond_t          publish_done;
    int                     publishing;
    /* each connector's latest publication (publish_seq numbers them). Publications are sent
     * one at a time (publish_send); one replaced by a later one for the same connector is not
     * sent (again), so that it cannot land after the configs that replaced it */
    pthread_mutex_t         publish_send;
    struct latest_publish { char *connector; uint64_t seq; } *latest;
    size_t                  nlatest;
    uint64_t                publish_seq;
    item                   *queue, *queue_tail;
    int                     wake_fd;
};

/* ===== Small helpers ===== */

static void
owners_clear(kc_herder *h)
{
    for (size_t i = 0; i < h->nowners; i++) {
        free(h->owners[i].url);
        kc_work_list_clear(&h->owners[i].work);
    }
    free(h->owners);
    h->owners = NULL;
    h->nowners = 0;
}

static int cfg_int(const kc_herder *h, const char *key) { return (int) kc_cfg_int(&h->wc->cfg, key); }

const kc_config_state *kc_herder_config(const kc_herder *h) { return &h->cfg; }

json_t *
kc_herder_connector_config(const kc_herder *h, const char *connector, kc_err *err)
{
    const kc_connector_state *c = kc_config_state_connector(&h->cfg, connector);

    if (c == NULL || c->config == NULL) {
        kc_err_set(err, KC_ENOTFOUND, "Connector %s not found", connector);
        return NULL;
    }
    return kc_config_providers_transform_json(h->wc->providers, c->config, err);
}

kc_status_store *kc_herder_status(const kc_herder *h) { return h->status; }
kc_offset_store *kc_herder_offsets(const kc_herder *h) { return h->offsets; }
bool kc_herder_is_leader(const kc_herder *h) { return h->leader; }
const char *kc_herder_leader_url(const kc_herder *h) { return h->leader_url; }
bool kc_herder_rebalancing(const kc_herder *h) { return h->need_rejoin || !h->joined_once; }

void
kc_herder_metrics(const kc_herder *h, kc_metrics *m)
{
    const char *leader[] = { "leader_name", h->leader_url ? h->leader_url : "", NULL };

    kc_metrics_add(m, "kafka_connect_worker_rebalance_epoch", KC_METRIC_GAUGE,
                   "The epoch or generation number of this worker.", NULL,
                   atomic_load(&h->generation));
    kc_metrics_add(m, "kafka_connect_worker_rebalance_rebalancing", KC_METRIC_GAUGE,
                   "Whether this worker is currently rebalancing (1) or not (0).", NULL,
                   kc_herder_rebalancing(h));
    kc_metrics_add(m, "kafka_connect_worker_rebalance_completed_rebalances_total",
                   KC_METRIC_COUNTER, "The total number of rebalances completed by this worker.",
                   NULL, (double) h->completed_rebalances);
    kc_metrics_add(m, "kafka_connect_worker_rebalance_leader", KC_METRIC_GAUGE,
                   "The URL of the group's leader, as the leader_name label.", leader, 1);
    kc_metrics_add(m, "kafka_connect_worker_rebalance_is_leader", KC_METRIC_GAUGE,
                   "Whether this worker leads the Connect group (1) or not (0).", NULL, h->leader);
    kc_runtime_metrics(h->rt, m);
}
const kc_worker_config *kc_herder_worker_config(const kc_herder *h) { return h->wc; }

bool
kc_herder_owns(const kc_herder *h, const char *connector, int task)
{
    return kc_work_list_contains(&h->owned, connector, task);
}

const char *
kc_herder_owner_url(const kc_herder *h, const char *connector, int task)
{
    if (!h->leader)
        return NULL;
    for (size_t i = 0; i < h->nowners; i++)
        if (kc_work_list_contains(&h->owners[i].work, connector, task))
            return h->owners[i].url;
    return NULL;
}
bool kc_herder_ready(kc_herder *h) { return atomic_load(&h->ready); }

bool
kc_herder_failed(kc_herder *h, char *buf, size_t size)
{
    if (!atomic_load(&h->failed))
        return false;
    snprintf(buf, size, "%s", h->failure);
    return true;
}

static void
wake(kc_herder *h)
{
    uint64_t one = 1;

    if (write(h->wake_fd, &one, sizeof(one)) < 0) {
        /* the counter is saturated: the herder is awake anyway */
    }
}

static void
enqueue(kc_herder *h, item *it)
{
    pthread_mutex_lock(&h->qlock);
    if (h->queue_tail)
        h->queue_tail->next = it;
    else
        h->queue = it;
    h->queue_tail = it;
    pthread_mutex_unlock(&h->qlock);
    wake(h);
}

/* ===== Config topic ===== */

static void on_config_event(kc_herder *h, const kc_config_event *ev);

/* Herder thread: the view of connector name after a record about it. */
static void
view_refresh(kc_herder *h, const char *name)
{
    const kc_connector_state *c = kc_config_state_connector(&h->cfg, name);
    size_t                    i;

    pthread_mutex_lock(&h->view_lock);
    for (i = 0; i < h->nview && strcmp(h->view[i].name, name) != 0; i++)
        ;
    if (c == NULL || c->config == NULL) {
        if (i < h->nview) {
            free(h->view[i].name);
            h->view[i] = h->view[--h->nview];
        }
    } else {
        if (i == h->nview) {
            h->view = kc_xrealloc(h->view, (h->nview + 1) * sizeof(*h->view));
            h->view[h->nview++].name = kc_xstrdup(name);
        }
        h->view[i].type = kc_runtime_connector_type(c->config);
        h->view[i].ntasks = kc_config_state_task_count_visible(c);
    }
    pthread_mutex_unlock(&h->view_lock);
}

bool
kc_herder_connector_view(kc_herder *h, const char *name, const char **type, size_t *ntasks)
{
    bool found = false;

    pthread_mutex_lock(&h->view_lock);
    for (size_t i = 0; i < h->nview && !found; i++)
        if (strcmp(h->view[i].name, name) == 0) {
            found = true;
            *type = h->view[i].type;
            *ntasks = h->view[i].ntasks;
        }
    pthread_mutex_unlock(&h->view_lock);
    return found;
}

static void
on_config_record(void *opaque, const char *key, const void *value, size_t len, int32_t partition,
                 int64_t offset)
{
    kc_herder      *h = opaque;
    kc_config_event ev;

    (void) partition;
    kc_config_state_apply(&h->cfg, key, value, len, offset, &ev);
    if (ev.connector[0] != '\0')
        view_refresh(h, ev.connector);
    on_config_event(h, &ev);
}

/* Standalone: a record is applied as it is written, as if read back at once (Java's
 * MemoryConfigBackingStore). */
static int
config_write(kc_herder *h, kc_record_kv *r, kc_err *err)
{
    int rc = KC_OK;

    if (h->standalone) {
        on_config_record(h, r->key, r->value, r->value_len, 0, h->cfg.offset < 0 ? 0 : h->cfg.offset);
    } else if (h->in_privileged) {
        rd_kafka_resp_err_t e = rd_kafka_producev(
            h->fencable, RD_KAFKA_V_TOPIC(kc_cfg_str(&h->wc->cfg, "config.storage.topic")),
            RD_KAFKA_V_KEY(r->key, strlen(r->key)),
            RD_KAFKA_V_VALUE((void *) r->value, r->value ? r->value_len : 0),
            RD_KAFKA_V_MSGFLAGS(RD_KAFKA_MSG_F_COPY), RD_KAFKA_V_END);
        if (e != RD_KAFKA_RESP_ERR_NO_ERROR)
            rc = kc_err_set(err, KC_EKAFKA, "%s", rd_kafka_err2str(e));
    } else {
        rc = kc_klog_send(h->config_log, r->key, r->value, r->value_len, err);
    }
    kc_record_kv_clear(r);
    return rc;
}

static int
config_read_to_end(kc_herder *h, int timeout_ms, kc_err *err)
{
    return h->standalone ? KC_OK : kc_klog_read_to_end(h->config_log, timeout_ms, err);
}

static int
config_flush_and_read(kc_herder *h, kc_err *err)
{
    int rc = h->standalone ? KC_OK : kc_klog_flush(h->config_log, 30000, err);

    if (rc == KC_OK)
        rc = config_read_to_end(h, cfg_int(h, "worker.sync.timeout.ms") + 30000, err);
    return rc;
}

/* ===== Privileged writes (KIP-618) =====
 *
 * With exactly.once.source.support preparing or enabled, what only the leader writes
 * (connector configs and deletions, task configs and their commit, task counts, session
 * keys, restart requests) goes through the leader's transactional producer, one
 * transaction per write, as Java's KafkaConfigBackingStore.sendPrivileged: a newer leader's
 * InitProducerId fences an older one, whose next write fails instead of landing. */

static void
release_write_privileges(kc_herder *h)
{
    kc_kafka_destroy(h->fencable);
    h->fencable = NULL;
}

/* Java's claimWritePrivileges: the producer and its InitProducerId, once per leadership. */
static int
claim_write_privileges(kc_herder *h, kc_err *err)
{
    const char       *group = kc_cfg_str(&h->wc->cfg, "group.id");
    char             *tid, *cid;
    rd_kafka_error_t *e;

    if (h->eos == KC_EOS_DISABLED || h->standalone || h->fencable != NULL)
        return KC_OK;
    tid = kc_xasprintf("connect-cluster-%s", group);
    cid = kc_xasprintf("%s-configs-leader", group);
    h->fencable = kc_kafka_new(RD_KAFKA_PRODUCER, &h->wc->props, "",
                               (const char *const[]) { "transactional.id", tid,
                                                       "enable.idempotence", "true",
                                                       "acks", "all", "client.id", cid,
                                                       "partitioner", "murmur2_random", NULL },
                               err);
    free(tid);
    free(cid);
    if (h->fencable == NULL)
        return kc_err_prefix(err, "Failed to create and initialize fencable producer for "
                             "config topic: ");
    if ((e = rd_kafka_init_transactions(h->fencable, 60000)) != NULL) {
        kc_err_set(err, KC_EKAFKA, "Failed to create and initialize fencable producer for "
                   "config topic: %s", rd_kafka_error_string(e));
        rd_kafka_error_destroy(e);
        release_write_privileges(h);
        return KC_EKAFKA;
    }
    return KC_OK;
}

static int
privileged_begin(kc_herder *h, kc_err *err)
{
    rd_kafka_error_t *e;

    if (h->eos == KC_EOS_DISABLED || h->standalone)
        return KC_OK;
    if (h->fencable == NULL && claim_write_privileges(h, err) != KC_OK) {
        h->fenced_from_config = true;
        return kc_err_set(err, KC_EKAFKA, "Failed to write to config topic; this may be due to "
                          "a transient error and the request can be safely retried");
    }
    if ((e = rd_kafka_begin_transaction(h->fencable)) != NULL) {
        kc_err_set(err, KC_EKAFKA, "%s", rd_kafka_error_string(e));
        rd_kafka_error_destroy(e);
        release_write_privileges(h);
        h->fenced_from_config = true;
        return KC_EKAFKA;
    }
    h->in_privileged = true;
    return KC_OK;
}

/* Commits the privileged write begun (rc: how its sends went); on any failure the producer
 * is dropped, to be claimed again (fenced: another leader's now), and Java's message is the
 * answer. */
static int
privileged_end(kc_herder *h, int rc, kc_err *err)
{
    rd_kafka_error_t *e = NULL;

    if (!h->in_privileged)
        return rc;
    h->in_privileged = false;
    if (rc == KC_OK && (e = rd_kafka_commit_transaction(h->fencable, 60000)) == NULL)
        return KC_OK;
    kc_log_warn("herder", "Failed to write to config topic as leader; will rejoin group if "
                "necessary and, if still leader, attempt to reclaim write privileges for the "
                "config topic (%s)", e ? rd_kafka_error_string(e) : err->msg);
    if (e != NULL)
        rd_kafka_error_destroy(e);
    release_write_privileges(h);
    h->fenced_from_config = true;
    return kc_err_set(err, KC_EKAFKA, "Failed to write to config topic; this may be due to a "
                      "transient error and the request can be safely retried");
}

/* One privileged write: the n records in one transaction (or as they are, without
 * exactly-once support), then read back. The records are consumed. */
static int
write_privileged(kc_herder *h, kc_record_kv *recs, size_t n, kc_err *err)
{
    int    rc = privileged_begin(h, err);
    size_t i = 0;

    for (; rc == KC_OK && i < n; i++)
        rc = config_write(h, &recs[i], err);
    for (; i < n; i++)                            /* not sent: a failure came first */
        kc_record_kv_clear(&recs[i]);
    if ((rc = privileged_end(h, rc, err)) != KC_OK)
        return rc;
    return config_flush_and_read(h, err);
}

int
kc_herder_put_connector_config(kc_herder *h, const char *name, const json_t *config,
                               const char *initial_state, kc_err *err)
{
    kc_record_kv r[2];
    size_t       n = 0;

    if (initial_state != NULL) {
        int s = strcasecmp(initial_state, "RUNNING") == 0 ? KC_TARGET_STARTED
              : strcasecmp(initial_state, "PAUSED") == 0 ? KC_TARGET_PAUSED
              : strcasecmp(initial_state, "STOPPED") == 0 ? KC_TARGET_STOPPED : -1;
        kc_config_record_target_state(&r[n++], name, (kc_target_state) s, false);
    }
    kc_config_record_connector(&r[n++], name, config);
    return write_privileged(h, r, n, err);
}

int
kc_herder_delete_connector(kc_herder *h, const char *name, kc_err *err)
{
    kc_record_kv r[2];

    kc_config_record_connector(&r[0], name, NULL);
    kc_config_record_target_state(&r[1], name, KC_TARGET_STARTED, true);
    return write_privileged(h, r, 2, err);
}

int
kc_herder_put_target_state(kc_herder *h, const char *name, kc_target_state s, kc_err *err)
{
    kc_record_kv r;
    int          rc;

    kc_config_record_target_state(&r, name, s, false);
    if ((rc = config_write(h, &r, err)) != KC_OK)
        return rc;
    return config_flush_and_read(h, err);
}

int
kc_herder_put_task_configs(kc_herder *h, const char *name, const json_t *configs, kc_err *err)
{
    size_t        n = json_array_size(configs), i;
    kc_record_kv *tasks, commit;
    json_t       *c;
    int           rc;

    if ((rc = config_read_to_end(h, 30000, err)) != KC_OK)
        return rc;
    /* The task records in one write, the commit record in another (Java's order). */
    if (n > 0) {
        tasks = kc_xcalloc(n, sizeof(*tasks));
        json_array_foreach(configs, i, c)
            kc_config_record_task(&tasks[i], name, (int) i, c);
        rc = write_privileged(h, tasks, n, err);
        free(tasks);
        if (rc != KC_OK)
            return rc;
    }
    kc_config_record_commit(&commit, name, (int) n);
    return write_privileged(h, &commit, 1, err);
}

int
kc_herder_stop_connector(kc_herder *h, const char *name, kc_err *err)
{
    kc_record_kv r;
    int          rc;

    /* Empty task set first, then the target state (Java's order). */
    kc_config_record_commit(&r, name, 0);
    if ((rc = config_write(h, &r, err)) != KC_OK)
        return rc;
    if ((rc = config_flush_and_read(h, err)) != KC_OK)
        return rc;
    return kc_herder_put_target_state(h, name, KC_TARGET_STOPPED, err);
}

/* ===== Work ===== */

static kc_target_state
target_of(const kc_herder *h, const char *connector)
{
    const kc_connector_state *c = kc_config_state_connector(&h->cfg, connector);

    return c ? c->target : KC_TARGET_STARTED;
}

static void
start_work(kc_herder *h, const kc_work *w)
{
    const kc_connector_state *c = kc_config_state_connector(&h->cfg, w->connector);
    kc_err                    err;
    int                       rc;

    if (c == NULL) {
        kc_log_warn("herder", "assigned %s-%d, which has no config; skipping", w->connector, w->task);
        return;
    }
    if (w->task < 0) {
        rc = kc_runtime_start_connector(h->rt, w->connector, c->config, c->target, &err);
    } else if (w->task >= (int32_t) kc_config_state_task_count_visible(c)) {
        kc_log_warn("herder", "assigned task %s-%d, which has no config; skipping", w->connector,
                    w->task);
        return;
    } else {
        rc = kc_runtime_start_task(h->rt, w->connector, w->task, c->config, c->tasks[w->task],
                                   c->target, &err);
    }
    if (rc != KC_OK) {
        kc_status st = { KC_STATE_FAILED, NULL, h->worker_id, atomic_load(&h->generation), NULL };
        char      trace[700];
        snprintf(trace, sizeof(trace), "org.apache.kafka.connect.errors.ConnectException: %s\n",
                 err.msg);
        st.trace = trace;
        kc_log_error("herder", "cannot start %s-%d: %s", w->connector, w->task, err.msg);
        kc_status_store_put(h->status, w->connector, w->task, &st, &err);
    }
}

static void
stop_work(kc_herder *h, const kc_work *w)
{
    if (w->task < 0)
        kc_runtime_stop_connector(h->rt, w->connector);
    else
        kc_runtime_stop_task(h->rt, w->connector, w->task);
}

/* Stops every item of l at once, within one task.shutdown.graceful.timeout.ms, as Java's
 * stopAndAwaitConnectors/stopAndAwaitTasks do (one by one, each would get its own). */
static void
stop_works(kc_herder *h, const kc_work_list *l)
{
    const char **names = kc_xcalloc(l->n ? l->n : 1, sizeof(*names));
    int         *tasks = kc_xcalloc(l->n ? l->n : 1, sizeof(*tasks));

    for (size_t i = 0; i < l->n; i++) {
        names[i] = l->items[i].connector;
        tasks[i] = l->items[i].task;
    }
    kc_runtime_stop_many(h->rt, names, tasks, l->n);
    free(names);
    free(tasks);
}

static void
stop_all_owned(kc_herder *h)
{
    kc_runtime_stop_all(h->rt);
    kc_work_list_clear(&h->owned);
}

/* Stops everything and forgets the assignment: the worker rejoins owning nothing. */
static void
drop_assignment(kc_herder *h)
{
    stop_all_owned(h);
    h->has_assignment = false;
}

/* The same when the group has (or must be taken to have) handed the work to others: the
 * source tasks drop what they have not had acknowledged rather than wait for it, as their
 * next owners copy it from the last commit anyway; sent late, it would be copied twice. */
static void
lose_assignment(kc_herder *h)
{
    kc_runtime_membership_lost(h->rt);
    drop_assignment(h);
}

/* Starts whatever this worker owns that does not run. */
static void
start_missing(kc_herder *h)
{
    for (size_t i = 0; i < h->owned.n; i++) {
        const kc_work *w = &h->owned.items[i];
        bool running = w->task < 0 ? kc_runtime_has_connector(h->rt, w->connector)
                                   : kc_runtime_has_task(h->rt, w->connector, w->task);
        if (!running)
            start_work(h, w);
    }
}

/* ===== Rebalance ===== */

static kc_connector_tasks_list
owned_as_tasks(const kc_herder *h)
{
    kc_connector_tasks_list l;

    kc_work_list_to_tasks(&h->owned, &l);
    return l;
}

/* "c1, c2" (the connectors of l) or "c1-0, c1-1" (its tasks), as Java's lists print. */
static char *
work_text(const kc_work_list *l, bool tasks)
{
    kc_wbuf b;
    char    one[320];

    kc_wbuf_init(&b);
    for (size_t i = 0; i < l->n; i++) {
        int n;
        if ((l->items[i].task >= 0) != tasks)
            continue;
        n = tasks ? snprintf(one, sizeof(one), "%s%s-%d", b.len ? ", " : "",
                             l->items[i].connector, l->items[i].task)
                  : snprintf(one, sizeof(one), "%s%s", b.len ? ", " : "", l->items[i].connector);
        kc_wbuf_raw(&b, one, (size_t) n < sizeof(one) ? (size_t) n : sizeof(one) - 1);
    }
    kc_wbuf_raw(&b, "", 1);
    return (char *) b.buf;
}

/* The leader watches every member but itself (peer_watch.h). md: their decoded metadata. */
static void
watch_members(kc_herder *h, const kc_group_joined *j, const kc_connect_metadata *md)
{
    const char **ids = kc_xcalloc(j->nmembers + 1, sizeof(*ids));
    const char **urls = kc_xcalloc(j->nmembers + 1, sizeof(*urls));
    size_t       n = 0;

    for (size_t i = 0; i < j->nmembers; i++)
        if (strcmp(j->members[i].member_id, j->member_id) != 0 && md[i].url != NULL) {
            ids[n] = j->members[i].member_id;
            urls[n++] = md[i].url;
        }
    kc_peer_watch_set(h->peers, ids, urls, n);
    free(ids);
    free(urls);
}

/* The leader's part of a round: everyone's assignment, encoded for SyncGroup. */
static void
leader_assign(kc_herder *h, const kc_group_joined *j, int protocol, kc_wbuf *blobs,
              kc_group_assignment *out)
{
    kc_connect_metadata *md = kc_xcalloc(j->nmembers, sizeof(*md));
    kc_assign_member    *members = kc_xcalloc(j->nmembers, sizeof(*members));
    kc_assign_result     res = { 0 };
    int64_t              max_offset = -1;
    int16_t              error = KC_CONNECT_ASSIGNMENT_NO_ERROR;
    const char          *leader_url = h->url;
    kc_err               err;

    for (size_t i = 0; i < j->nmembers; i++) {
        if (kc_connect_metadata_decode(j->members[i].metadata, j->members[i].len, &md[i],
                                       &err) != KC_OK)
            kc_log_error("herder", "member %s: %s", j->members[i].member_id, err.msg);
        if (md[i].config_offset > max_offset)
            max_offset = md[i].config_offset;
        if (strcmp(j->members[i].member_id, j->member_id) == 0 && md[i].url)
            leader_url = md[i].url;
        members[i].member_id = j->members[i].member_id;
        members[i].owned = md[i].has_allocation ? &md[i].allocation.assigned : NULL;
    }
    if (h->cfg.offset < max_offset) {
        kc_klog_read_to_end(h->config_log, cfg_int(h, "worker.sync.timeout.ms"), &err);
        if (h->cfg.offset < max_offset) {
            kc_log_info("herder", "Was selected to perform assignments, but do not have latest "
                        "config found in sync request. Returning an empty configuration to "
                        "trigger re-sync.");
            error = KC_CONNECT_ASSIGNMENT_CONFIG_MISMATCH;
        }
    }
    if (error == KC_CONNECT_ASSIGNMENT_NO_ERROR) {
        max_offset = h->cfg.offset > max_offset ? h->cfg.offset : max_offset;
        if (protocol == KC_CONNECT_EAGER)
            kc_assign_eager(&h->cfg, members, j->nmembers, &res);
        else
            kc_coop_assign(&h->coop, &h->cfg, members, j->nmembers,
                           h->last_completed_generation, j->generation, kc_mono_ms(), &res);
    }
    owners_clear(h);
    watch_members(h, j, md);
    if (error == KC_CONNECT_ASSIGNMENT_NO_ERROR) {
        h->owners = kc_xcalloc(j->nmembers, sizeof(*h->owners));
        h->nowners = j->nmembers;
        for (size_t i = 0; i < j->nmembers; i++) {
            const kc_work_list *l = res.owned_after ? &res.owned_after[i] : &res.assigned[i];
            h->owners[i].url = kc_xstrdup(md[i].url ? md[i].url : "");
            for (size_t k = 0; k < l->n; k++)
                kc_work_list_add(&h->owners[i].work, l->items[k].connector, l->items[k].task);
        }
    }
    for (size_t i = 0; i < j->nmembers; i++) {
        kc_connect_assignment a = { 0 };
        a.version = (int16_t) protocol;
        a.error = error;
        a.leader = j->leader_id;
        a.leader_url = (char *) leader_url;
        a.config_offset = max_offset;
        if (error == KC_CONNECT_ASSIGNMENT_NO_ERROR) {
            kc_work_list_to_tasks(&res.assigned[i], &a.assigned);
            kc_work_list_to_revoked_tasks(&res.revoked[i], &a.revoked);
            a.delay = res.delay;
        }
        kc_wbuf_init(&blobs[i]);
        kc_connect_assignment_encode(&a, &blobs[i]);
        out[i] = (kc_group_assignment) { j->members[i].member_id, blobs[i].buf, blobs[i].len };
        kc_connector_tasks_list_clear(&a.assigned);
        kc_connector_tasks_list_clear(&a.revoked);
    }
    kc_assign_result_clear(&res);
    for (size_t i = 0; i < j->nmembers; i++)
        kc_connect_metadata_clear(&md[i]);
    free(md);
    free(members);
}

/* Leader, after each rebalance: statuses of connectors and tasks that no longer exist are
 * deleted (tombstones), as Java's leader does. */
static void
tombstone_stale_statuses(kc_herder *h)
{
    kc_status gone = { KC_STATE_DESTROYED, NULL, h->worker_id, atomic_load(&h->generation),
                       NULL };
    kc_err    err;
    char    **names;
    size_t    n;

    names = kc_status_store_connectors(h->status, &n);
    for (size_t i = 0; i < n; i++) {
        const kc_connector_state *c = kc_config_state_connector(&h->cfg, names[i]);
        size_t                    ntasks;
        int                      *ids = kc_status_store_tasks(h->status, names[i], &ntasks);
        kc_status                 cur;

        if (c == NULL && kc_status_store_get(h->status, names[i], -1, &cur) == KC_OK) {
            kc_status_clear(&cur);
            kc_status_store_put(h->status, names[i], -1, &gone, &err);
            /* KIP-558: a deleted connector's active topics go too (Java's
             * resetActiveTopics on revoking work whose connector is gone). */
            kc_status_store_reset_topics(h->status, names[i], &err);
        }
        for (size_t t = 0; t < ntasks; t++)
            if (c == NULL || (size_t) ids[t] >= kc_config_state_task_count_visible(c))
                kc_status_store_put(h->status, names[i], ids[t], &gone, &err);
        free(ids);
        free(names[i]);
    }
    free(names);
}

/* Writes a session key if this leader runs `sessioned` and there is none, it expired, or
 * it is not what this worker's key generator makes (algorithm, size), as Java's
 * checkForKeyRotation. */
static void
maybe_rotate_session_key(kc_herder *h)
{
    int64_t      ttl = cfg_int(h, "inter.worker.key.ttl.ms");
    const char  *alg = kc_cfg_str(&h->wc->cfg, "inter.worker.key.generation.algorithm");
    uint8_t      key[KC_SESSION_KEY_MAX];
    size_t       len = kc_worker_session_key_bytes(h->wc);
    kc_record_kv r;
    kc_err       err;

    if (h->protocol < KC_CONNECT_SESSIONED || !h->leader)
        return;
    if (h->cfg.session_key != NULL && kc_wall_ms() < h->cfg.session_key_created + ttl &&
        strcmp(h->cfg.session_key_algorithm, alg) == 0 && h->cfg.session_key_len == len)
        return;
    RAND_bytes(key, (int) len);
    kc_config_record_session_key(&r, key, len, alg, kc_wall_ms());
    if (write_privileged(h, &r, 1, &err) != KC_OK)
        kc_log_error("herder", "writing a new session key: %s", err.msg);
    else
        kc_log_info("herder", "Wrote a new session key");
}

/* The config topic could not be read to the assignment's offset within
 * worker.sync.timeout.ms: leave the group, so that it rebalances without this worker, and
 * back off before joining again, as Java's readConfigToEnd: worker.unsync.backoff.ms under
 * eager; under the cooperative protocols a fifth, a quarter, ... of a tenth of
 * scheduled.rebalance.max.delay.ms, and after five such waits the running work is stopped
 * (it may be running elsewhere by then). Herder thread; the sleep gives up on a stop. */
#define UNSYNCED_RETRIES 5

static void
unsynced_backoff(kc_herder *h)
{
    int64_t ms;

    kc_group_leave(h->group);
    if (h->protocol == KC_CONNECT_EAGER || h->protocol < 0) {
        ms = cfg_int(h, "worker.unsync.backoff.ms");
    } else if (h->unsynced_retries > 0) {
        ms = cfg_int(h, "scheduled.rebalance.max.delay.ms") / 10 / h->unsynced_retries;
        h->unsynced_retries--;
    } else {
        kc_log_info("herder", "Revoking current running assignment because after %d retries "
                    "the worker has not caught up with the latest Connect cluster updates",
                    UNSYNCED_RETRIES);
        drop_assignment(h);
        h->unsynced_retries = UNSYNCED_RETRIES;
        return;
    }
    kc_log_info("herder", "backing off %lld ms before rejoining", (long long) ms);
    for (int64_t until = kc_mono_ms() + ms; kc_mono_ms() < until && !atomic_load(&h->stopping);)
        kc_sleep_ms(until - kc_mono_ms() < 100 ? until - kc_mono_ms() : 100);
}

/* For heartbeat.interval.ms after each rebalance, heartbeats come every
 * FOLLOW_UP_HEARTBEAT_MS. Under the cooperative protocols a rebalance that moves work is
 * followed by another (the members that gave work up rejoin at once, to hand it to its new
 * owner), and a member that gave up nothing learns of it only from a heartbeat: the new
 * worker that is to receive the work among them. Java's waits heartbeat.interval.ms (3 s by
 * default) for that heartbeat; a few more small requests bring the work there seconds
 * sooner. */
#define FOLLOW_UP_HEARTBEAT_MS 200

/* The shortest wait for a Heartbeat's answer, however little of the session is left. */
#define MIN_HEARTBEAT_WAIT_MS 1000

static int64_t
heartbeat_interval(const kc_herder *h)
{
    int64_t every = cfg_int(h, "heartbeat.interval.ms");

    return kc_mono_ms() < h->quick_heartbeats_until && every > FOLLOW_UP_HEARTBEAT_MS
           ? FOLLOW_UP_HEARTBEAT_MS : every;
}

/* One round of the group protocol. true once an assignment was applied; false when the
 * round failed and must be tried again (or the herder stops). */
static bool
rebalance(kc_herder *h)
{
    kc_group_protocol    offered[3];
    kc_wbuf              md[3];
    size_t               n = 0;
    kc_group_joined      j;
    kc_group_assignment *assignments = NULL;
    kc_wbuf             *blobs = NULL;
    uint8_t             *mine = NULL;
    size_t               mine_len = 0;
    kc_connect_assignment a;
    kc_work_list         assigned = { 0 }, revoked = { 0 };
    kc_err               err;
    int                  rc, protocol;
    bool                 revoked_any = false;

    /* Eager: stop everything before joining. The protocol the group runs decides, as in
     * Java's onJoinPrepare: a sessioned worker in a group with an eager-only member runs
     * eager too. */
    if (h->protocol == KC_CONNECT_EAGER && h->owned.n > 0) {
        kc_log_info("herder", "Rebalance started; stopping all work (eager protocol)");
        stop_all_owned(h);
    }
    kc_status_store_flush(h->status, 5000, &err);

    for (int p = h->configured_protocol; p >= 0; p--) {
        kc_connect_metadata m = { 0 };
        m.version = (int16_t) p;
        m.url = h->url;
        m.config_offset = h->cfg.offset;
        if (p >= 1 && h->has_assignment) {
            m.has_allocation = true;
            m.allocation.version = (int16_t) p;
            m.allocation.leader = "";
            m.allocation.leader_url = h->leader_url ? h->leader_url : "";
            m.allocation.config_offset = h->cfg.offset;
            m.allocation.assigned = owned_as_tasks(h);
        }
        kc_wbuf_init(&md[n]);
        kc_connect_metadata_encode(&m, &md[n]);
        kc_connector_tasks_list_clear(&m.allocation.assigned);
        offered[n] = (kc_group_protocol) { kc_connect_protocol_name((kc_connect_protocol) p),
                                           md[n].buf, md[n].len };
        n++;
    }
    rc = kc_group_join(h->group, offered, n, &j, cfg_int(h, "rebalance.timeout.ms"), &err);
    for (size_t i = 0; i < n; i++)
        kc_wbuf_free(&md[i]);
    if (rc == KC_ESTOPPED)
        return false;                                 /* kc_herder_stop: not an error */
    if (rc != KC_OK) {
        kc_log_error("herder", "joining the group: %s", err.msg);
        if (rc == KC_EKAFKA || rc == KC_EINVAL) {   /* refused: retrying will not help */
            snprintf(h->failure, sizeof(h->failure), "%s", err.msg);
            atomic_store(&h->failed, true);
            atomic_store(&h->stopping, true);
        }
        return false;
    }
    protocol = kc_connect_protocol_parse(j.protocol ? j.protocol : "default");
    if (protocol < 0)
        protocol = KC_CONNECT_EAGER;
    h->leader = strcmp(j.leader_id, j.member_id) == 0;
    if (h->leader) {
        if (h->protocol != protocol || !h->joined_once)
        {
            kc_coop_free(&h->coop);             /* a new leader starts without history */
            kc_coop_init(&h->coop, cfg_int(h, "scheduled.rebalance.max.delay.ms"));
        }
        assignments = kc_xcalloc(j.nmembers, sizeof(*assignments));
        blobs = kc_xcalloc(j.nmembers, sizeof(*blobs));
        leader_assign(h, &j, protocol, blobs, assignments);
    }
    rc = kc_group_sync(h->group, &j, assignments, h->leader ? j.nmembers : 0, &mine, &mine_len,
                       &err);
    for (size_t i = 0; blobs && i < j.nmembers; i++)
        kc_wbuf_free(&blobs[i]);
    free(blobs);
    free(assignments);
    if (rc != KC_OK) {
        if (rc != KC_ESTOPPED)
            kc_log_info("herder", "sync: %s; rejoining", err.msg);
        kc_group_joined_clear(&j);
        return false;
    }
    if (kc_connect_assignment_decode(mine, mine_len, &a, &err) != KC_OK) {
        kc_log_error("herder", "assignment: %s", err.msg);
        free(mine);
        kc_group_joined_clear(&j);
        return false;
    }
    free(mine);
    kc_work_list_from_tasks(&assigned, &a.assigned);
    kc_work_list_from_tasks(&revoked, a.revoked.is_null ? NULL : &a.revoked);
    {
        /* Java's line lists the work too: what moved where reads from the logs. */
        char *got = work_text(&assigned, false), *got_tasks = work_text(&assigned, true);
        char *lost = work_text(&revoked, false), *lost_tasks = work_text(&revoked, true);
        kc_log_info("herder", "Joined group at generation %d with protocol version %d and got "
                    "assignment: error=%d, leader='%s', leaderUrl='%s', offset=%lld, "
                    "connectorIds=[%s], taskIds=[%s], revokedConnectorIds=[%s], "
                    "revokedTaskIds=[%s], delay=%d", j.generation, protocol, a.error, a.leader,
                    a.leader_url, (long long) a.config_offset, got, got_tasks, lost, lost_tasks,
                    a.delay);
        free(got), free(got_tasks), free(lost), free(lost_tasks);
    }
    h->protocol = protocol;
    free(h->leader_url);
    h->leader_url = kc_xstrdup(a.leader_url ? a.leader_url : "");
    atomic_store(&h->generation, j.generation);
    h->last_completed_generation = j.generation;
    h->completed_rebalances++;
    h->quick_heartbeats_until = kc_mono_ms() + cfg_int(h, "heartbeat.interval.ms");
    h->next_heartbeat = kc_mono_ms() + heartbeat_interval(h);
    h->heartbeat_ok_at = kc_mono_ms();
    if (!h->leader) {
        const char *id = j.leader_id, *url = h->leader_url;
        kc_peer_watch_set(h->peers, &id, &url, strcmp(j.leader_id, j.member_id) != 0);
    }
    kc_group_joined_clear(&j);

    /* The assignment is this worker's from now on, as Java's onJoinComplete makes it:
     * revoked work stops at once, and what the worker holds is the new work first, then what
     * it kept (its next JoinGroup lists them in that order, which decides what a leader
     * revokes from it). Only starting work waits for the config topic to be read to the
     * assignment's offset. */
    if (protocol == KC_CONNECT_EAGER) {
        kc_work_list gone = { 0 };
        for (size_t i = 0; i < h->owned.n; i++)
            if (!kc_work_list_contains(&assigned, h->owned.items[i].connector,
                                       h->owned.items[i].task))
                kc_work_list_add(&gone, h->owned.items[i].connector, h->owned.items[i].task);
        stop_works(h, &gone);
        kc_work_list_clear(&gone);
        kc_work_list_clear(&h->owned);
    }
    stop_works(h, &revoked);
    revoked_any = revoked.n > 0;
    for (size_t i = 0; i < h->owned.n; i++)
        if (!kc_work_list_contains(&revoked, h->owned.items[i].connector,
                                   h->owned.items[i].task) &&
            !kc_work_list_contains(&assigned, h->owned.items[i].connector,
                                   h->owned.items[i].task))
            kc_work_list_add(&assigned, h->owned.items[i].connector, h->owned.items[i].task);
    kc_work_list_clear(&h->owned);
    h->owned = assigned;
    kc_work_list_clear(&revoked);
    h->has_assignment = true;

    /* Catch up with the config topic to the assignment's offset. */
    if ((a.error != KC_CONNECT_ASSIGNMENT_NO_ERROR || h->cfg.offset < a.config_offset) &&
        kc_klog_read_to_end(h->config_log, cfg_int(h, "worker.sync.timeout.ms"), &err) != KC_OK) {
        kc_log_warn("herder", "Didn't reach end of config log quickly enough: %s", err.msg);
        kc_connect_assignment_clear(&a);
        unsynced_backoff(h);
        return false;
    }
    if (a.error != KC_CONNECT_ASSIGNMENT_NO_ERROR || h->cfg.offset != a.config_offset) {
        kc_log_info("herder", "config offset %lld, assignment's %lld (error %d): rejoining",
                    (long long) h->cfg.offset, (long long) a.config_offset, a.error);
        kc_connect_assignment_clear(&a);
        return false;
    }
    h->unsynced_retries = UNSYNCED_RETRIES;
    start_missing(h);
    h->joined_once = true;
    h->need_rejoin = revoked_any;                     /* hand revoked work to others now */
    h->rejoin_at = a.delay > 0 ? kc_mono_ms() + a.delay : 0;
    kc_connect_assignment_clear(&a);
    if (h->leader) {
        kc_err claim;
        /* Java's onAssigned: a leader claims the config topic's writes first. */
        if (claim_write_privileges(h, &claim) != KC_OK) {
            kc_log_error("herder", "Unable to claim write privileges for config topic after "
                         "being elected leader during rebalance: %s", claim.msg);
            h->fenced_from_config = true;
        }
        maybe_rotate_session_key(h);
        tombstone_stale_statuses(h);
    } else {
        release_write_privileges(h);
        h->fenced_from_config = false;
    }
    return true;
}

/* Standalone: this worker runs every connector and every task of the config, as Java's
 * StandaloneHerder does; what is gone stops, what is new starts, and the statuses of what
 * is gone are removed (Java's onDeletion). */
static void
standalone_assign(kc_herder *h)
{
    kc_work_list want = { 0 }, gone = { 0 };

    for (size_t i = 0; i < h->cfg.nconnectors; i++) {
        const kc_connector_state *c = &h->cfg.connectors[i];
        if (c->config == NULL)
            continue;
        kc_work_list_add(&want, c->name, -1);
        for (size_t t = 0; t < kc_config_state_task_count_visible(c); t++)
            kc_work_list_add(&want, c->name, (int) t);
    }
    for (size_t i = 0; i < h->owned.n; i++)
        if (!kc_work_list_contains(&want, h->owned.items[i].connector, h->owned.items[i].task))
            kc_work_list_add(&gone, h->owned.items[i].connector, h->owned.items[i].task);
    stop_works(h, &gone);
    kc_work_list_clear(&gone);
    kc_work_list_clear(&h->owned);
    h->owned = want;
    start_missing(h);
    tombstone_stale_statuses(h);
    h->joined_once = h->has_assignment = true;
}

/* ===== Reacting to the config topic ===== */

static void
on_config_event(kc_herder *h, const kc_config_event *ev)
{
    if (!h->cfg.initial_read_done || h->rt == NULL)
        return;                              /* the first join will start what is assigned */
    switch (ev->type) {
    case KC_CFG_EV_CONNECTOR_ADDED:
    case KC_CFG_EV_CONNECTOR_REMOVED:
        h->need_rejoin = true;
        break;
    case KC_CFG_EV_TASKS_COMMITTED:
        /* Cooperative: tasks of that connector stop here, together (Java's
         * processTaskConfigUpdatesWithIncrementalCooperative); the rebalance starts whatever
         * owned work is not running, so they restart with the new configs if they are still
         * ours. Eager: the rebalance itself stops everything first, as Java's does. */
        if (h->standalone || h->protocol != KC_CONNECT_EAGER) {
            kc_work_list tasks = { 0 };
            for (size_t i = 0; i < h->owned.n; i++) {
                const kc_work *w = &h->owned.items[i];
                if (w->task >= 0 && strcmp(w->connector, ev->connector) == 0)
                    kc_work_list_add(&tasks, w->connector, w->task);
            }
            stop_works(h, &tasks);
            kc_work_list_clear(&tasks);
        }
        h->need_rejoin = true;
        break;
    case KC_CFG_EV_CONNECTOR_UPDATED:
        if (kc_runtime_has_connector(h->rt, ev->connector)) {
            kc_work w = { (char *) ev->connector, -1 };
            kc_runtime_stop_connector(h->rt, ev->connector);
            start_work(h, &w);
        }
        break;
    case KC_CFG_EV_TARGET_STATE:
        kc_runtime_set_target(h->rt, ev->connector, target_of(h, ev->connector));
        if (target_of(h, ev->connector) == KC_TARGET_STARTED)
            kc_runtime_request_task_configs(h->rt, ev->connector);
        break;
    case KC_CFG_EV_LOGGER: {
        /* A cluster-scope level from PUT /admin/loggers/{ns}?scope=cluster: every worker
         * applies it when it reads the record (records older than start-up are ignored). */
        char **changed = kc_logger_set(ev->connector, ev->level);
        kc_log_info("herder", "Setting level of namespace %s and children to %s (cluster "
                    "scope)", ev->connector, ev->level);
        kc_strv_free(changed);
        break;
    }
    case KC_CFG_EV_RESTART:
        /* Each worker restarts its own part; onlyFailed limits it to FAILED ones. */
        for (size_t i = 0; i < h->owned.n; i++) {
            const kc_work *w = &h->owned.items[i];
            kc_status      st;
            bool           failed = false;
            if (strcmp(w->connector, ev->connector) != 0 ||
                (w->task >= 0 && !ev->restart.include_tasks))
                continue;
            if (kc_status_store_get(h->status, w->connector, w->task, &st) == KC_OK) {
                failed = st.state == KC_STATE_FAILED;
                kc_status_clear(&st);
            }
            if (!ev->restart.only_failed || failed) {
                /* Java's onRestart: RESTARTING is recorded before the work restarts. */
                kc_status rs = { KC_STATE_RESTARTING, NULL, h->worker_id,
                                 atomic_load(&h->generation), NULL };
                kc_err    err;
                if (kc_status_store_put(h->status, w->connector, w->task, &rs, &err) != KC_OK)
                    kc_log_warn("herder", "writing RESTARTING for %s: %s", w->connector, err.msg);
                kc_herder_restart_local(h, w->connector, w->task);
            }
        }
        break;
    default:
        break;
    }
}

int
kc_herder_put_logger_level(kc_herder *h, const char *ns, const char *level, kc_err *err)
{
    kc_record_kv r;
    int          rc;

    kc_config_record_logger(&r, ns, level);
    if ((rc = config_write(h, &r, err)) != KC_OK)
        return rc;
    return h->standalone ? KC_OK : kc_klog_flush(h->config_log, 30000, err);
}

int
kc_herder_restart_request(kc_herder *h, const char *name, bool include_tasks, bool only_failed,
                          kc_err *err)
{
    kc_record_kv r;

    kc_config_record_restart(&r, name, include_tasks, only_failed);
    return write_privileged(h, &r, 1, err);
}

int
kc_herder_verify_internal(kc_herder *h, const char *body, size_t len, const char *signature,
                          const char *algorithm, int *status, kc_err *err)
{
    const kc_cfg_value *accepted = kc_cfg_get(&h->wc->cfg, "inter.worker.verification.algorithms");
    bool                known = false;
    char               *expected;
    int                 rc = KC_OK;

    if (h->protocol < KC_CONNECT_SESSIONED)
        return KC_OK;
    if (signature == NULL || algorithm == NULL) {
        *status = 400;
        return kc_err_set(err, KC_EINVAL, "Internal request missing required signature");
    }
    for (size_t i = 0; i < accepted->nlist; i++)
        known = known || strcmp(accepted->list[i], algorithm) == 0;
    if (!known) {
        *status = 400;
        return kc_err_set(err, KC_EINVAL, "This worker does not support the '%s' key signing "
                          "algorithm used by other workers. This worker is currently configured "
                          "to use: %s. Check that all workers' configuration files permit the "
                          "same set of signature algorithms, and correct any misconfigured "
                          "worker and restart it.", algorithm,
                          accepted->nlist ? accepted->list[0] : "");
    }
    if (h->cfg.session_key == NULL) {
        *status = 503;
        return kc_err_set(err, KC_EINVAL, "This worker is still starting up and has not been "
                          "able to read a session key from the config topic yet");
    }
    expected = kc_sign_request(algorithm, h->cfg.session_key, h->cfg.session_key_len, body, len);
    if (expected == NULL || strlen(expected) != strlen(signature) ||
        CRYPTO_memcmp(expected, signature, strlen(expected)) != 0) {
        *status = 403;
        rc = kc_err_set(err, KC_EINVAL, "Internal request contained invalid signature.");
    }
    free(expected);
    return rc;
}

int
kc_herder_restart_local(kc_herder *h, const char *connector, int task)
{
    kc_work w = { (char *) connector, task };

    if (!kc_work_list_contains(&h->owned, connector, task))
        return KC_ENOTFOUND;
    stop_work(h, &w);
    start_work(h, &w);
    return KC_OK;
}

/* ===== Requests to other workers ===== */

/* How a request to another worker is signed (Java's InternalRequestSignature): the
 * algorithm and a copy of the session key, taken on the herder thread for a thread that
 * sends later. key NULL: unsigned (the group does not run `sessioned`, or no key yet). */
typedef struct signer {
    char    *algorithm;
    uint8_t *key;
    size_t   key_len;
} signer;

static void
signer_take(const kc_herder *h, signer *s)
{
    *s = (signer) { 0 };
    if (h->protocol < KC_CONNECT_SESSIONED || h->cfg.session_key == NULL)
        return;
    s->algorithm = kc_xstrdup(kc_cfg_str(&h->wc->cfg, "inter.worker.signature.algorithm"));
    s->key = kc_xmalloc(h->cfg.session_key_len);
    memcpy(s->key, h->cfg.session_key, h->cfg.session_key_len);
    s->key_len = h->cfg.session_key_len;
}

static void
signer_free(signer *s)
{
    free(s->algorithm);
    free(s->key);
}

/* The header lines signing body (new strings, or NULL when unsigned). */
static void
signer_headers(const signer *s, const char *body, size_t len, char *lines[2])
{
    char *sig;

    lines[0] = lines[1] = NULL;
    if (s->key == NULL)
        return;
    sig = kc_sign_request(s->algorithm, s->key, s->key_len, body, len);
    lines[0] = kc_xasprintf("X-Connect-Authorization: %s", sig ? sig : "");
    lines[1] = kc_xasprintf("X-Connect-Request-Signature-Algorithm: %s", s->algorithm);
    free(sig);
}

/* ===== Zombie fencing (KIP-618) ===== */

static int heartbeat_due(kc_herder *h, kc_err *err);

/* Herder thread: fences the transactional producers of the connector's first n tasks, as
 * Java's Worker.fenceZombies: InitProducerId for each id bumps its epoch, which aborts its
 * open transaction and refuses every later write of an older instance. On the cluster the
 * connector's admin settings reach (admin.override.*, as Java's), which is where its tasks'
 * producers write when they are pointed at another cluster than the worker's. The group's
 * heartbeats go on between ids. */
static int
fence_producers(kc_herder *h, const char *connector, int n, kc_err *err)
{
    char    *cid = kc_xasprintf("connector-worker-adminclient-%s", connector);
    json_t  *config = kc_herder_connector_config(h, connector, err);
    kc_props props;
    int      rc = KC_OK;

    if (config == NULL) {
        free(cid);
        return err->code;
    }
    kc_clientconf_connector(&h->wc->props, config, "admin", connector, &props);
    for (int i = 0; i < n && rc == KC_OK && !atomic_load(&h->stopping); i++) {
        char             *tid = kc_worker_task_transactional_id(h->wc, connector, i);
        rd_kafka_t       *rk = kc_kafka_new(RD_KAFKA_PRODUCER, &props, "",
                                            (const char *const[]) { "transactional.id", tid,
                                                                    "client.id", cid, NULL },
                                            err);
        rd_kafka_error_t *e;
        kc_err            hb;

        if (rk == NULL) {
            rc = KC_EKAFKA;
        } else if ((e = rd_kafka_init_transactions(rk, 90000)) != NULL) {
            rc = kc_err_set(err, KC_EKAFKA, "InitProducerId request for transactionalId `%s` "
                            "failed: %s", tid, rd_kafka_error_string(e));
            rd_kafka_error_destroy(e);
        } else {
            kc_log_info("herder", "Fenced out the transactional producer %s", tid);
        }
        kc_kafka_destroy(rk);
        free(tid);
        (void) heartbeat_due(h, &hb);
    }
    kc_props_free(&props);
    json_decref(config);
    free(cid);
    return rc;
}

int
kc_herder_fence_round(kc_herder *h, const char *name, int *status, kc_err *err)
{
    const kc_connector_state *c;
    kc_record_kv              r;
    int                       record, count, generation;

    *status = 500;
    if (config_read_to_end(h, cfg_int(h, "worker.sync.timeout.ms"), err) != KC_OK)
        return kc_err_set(err, KC_EIO, "Failed to read to end of config topic before "
                          "performing zombie fencing");
    c = kc_config_state_connector(&h->cfg, name);
    if (c == NULL || c->config == NULL) {
        *status = 404;
        return kc_err_set(err, KC_ENOTFOUND, "Connector %s not found", name);
    }
    if (!c->pending_fencing) {
        kc_log_debug("herder", "Skipping zombie fencing round for connector %s as all old task "
                     "generations have already been fenced out", name);
        return KC_OK;
    }
    record = c->task_count_record;
    count = c->task_count;
    generation = c->generation;
    /* One task before and after: its own InitProducerId fences its predecessor. */
    if (record > 0 && (record != 1 || count != 1)) {
        if (fence_producers(h, name, record, err) != KC_OK)
            return kc_err_prefix(err, "Failed to perform zombie fencing: ");
        if (config_read_to_end(h, cfg_int(h, "worker.sync.timeout.ms"), err) != KC_OK)
            return kc_err_set(err, KC_EIO, "Failed to read to end of config topic");
        c = kc_config_state_connector(&h->cfg, name);
        if (c == NULL || c->generation != generation) {
            *status = 409;
            return kc_err_set(err, KC_EINVAL, "Fencing failed because new task configurations "
                              "were generated for the connector");
        }
    }
    kc_config_record_fencing(&r, name, count);
    if (write_privileged(h, &r, 1, err) != KC_OK) {
        kc_log_error("herder", "Failed to write task count record with %d tasks for connector "
                     "%s to Kafka: %s", count, name, err->msg);
        return kc_err_set(err, KC_EIO, "Error writing task count record to Kafka");
    }
    return KC_OK;
}

/* kc_herder_fence on the herder thread: the round itself on the leader; elsewhere what
 * asking the leader takes. */
typedef struct fence_call {
    const char *connector;
    bool        done;              /* the round ran here (rc, err) */
    int         rc, status;
    kc_err      err;
    char       *url;               /* else: the leader's fence URL, and how to sign */
    signer      sign;
} fence_call;

static void
do_fence_call(kc_herder *h, void *arg)
{
    fence_call *f = arg;

    if (h->leader) {
        f->done = true;
        f->rc = kc_herder_fence_round(h, f->connector, &f->status, &f->err);
        return;
    }
    if (h->leader_url == NULL || strncmp(h->leader_url, "http", 4) != 0) {
        /* Dedicated MirrorMaker without internal REST has no leader URL (Java's words);
         * no leader URL at all is a rebalance underway: worth asking again. */
        bool dedicated = h->leader_url && *h->leader_url;
        f->done = true;
        f->rc = kc_err_set(&f->err, dedicated ? KC_EINVAL : KC_EAGAIN, dedicated
            ? "This worker is not able to communicate with the leader of the cluster, which is "
              "required for exactly-once source tasks. If running MirrorMaker 2 in dedicated "
              "mode, consider enabling inter-worker communication via the "
              "'dedicated.mode.enable.internal.rest' property."
            : "Cannot complete request momentarily due to no known leader URL, likely because "
              "a rebalance was underway.");
        return;
    }
    f->url = kc_xasprintf("%s%sconnectors/%s/fence", h->leader_url,
                          h->leader_url[strlen(h->leader_url) - 1] == '/' ? "" : "/",
                          f->connector);
    signer_take(h, &f->sign);
}

int
kc_herder_fence(kc_herder *h, const char *connector, kc_err *err)
{
    fence_call  f = { .connector = connector };
    char       *lines[2], *resp = NULL;
    long        status = 0;
    int         rc;

    if ((rc = kc_herder_request(h, do_fence_call, &f, 120000)) != KC_OK)
        return kc_err_set(err, rc, "Failed to perform zombie fencing: the herder did not "
                          "answer in time");
    if (f.done) {
        if (f.rc != KC_OK)
            *err = f.err;
        return f.rc;
    }
    /* The signature of an empty body, as Java signs this request. */
    signer_headers(&f.sign, "", 0, lines);
    rc = kc_http("PUT", f.url, NULL, 0, (const char *[]) { lines[0], lines[1], NULL }, &status,
                 &resp, 120000, err);
    if (rc == KC_OK && (status < 200 || status >= 300)) {
        json_t     *body = resp ? json_loads(resp, 0, NULL) : NULL;
        const char *msg = json_string_value(json_object_get(body, "message"));
        /* 503: a leader just started, without the session key yet; 409: it is rebalancing
         * or no longer the leader. Both pass (KC_EAGAIN); any other answer is the round's. */
        rc = kc_err_set(err, status == 503 || status == 409 ? KC_EAGAIN : KC_EKAFKA,
                        "Failed to perform zombie fencing: %s (HTTP %ld)",
                        msg ? msg : "no message", status);
        json_decref(body);
    } else if (rc != KC_OK) {
        /* The leader unreachable (killed, restarting): the group elects another. */
        rc = KC_EAGAIN;
        kc_err_prefix(err, "Failed to perform zombie fencing: ");
    }
    free(lines[0]), free(lines[1]), free(resp), free(f.url);
    signer_free(&f.sign);
    return rc;
}

typedef struct gen_call {
    const char *connector;
    int         task, generation;
} gen_call;

static void
do_task_generation(kc_herder *h, void *arg)
{
    gen_call                 *g = arg;
    const kc_connector_state *c;
    kc_err                    err;

    g->generation = -1;
    if (config_read_to_end(h, cfg_int(h, "worker.sync.timeout.ms"), &err) != KC_OK)
        return;
    if (!kc_work_list_contains(&h->owned, g->connector, g->task) ||
        (c = kc_config_state_connector(&h->cfg, g->connector)) == NULL)
        return;
    g->generation = c->generation;
}

int
kc_herder_task_generation(kc_herder *h, const char *connector, int task)
{
    gen_call g = { connector, task, -1 };

    return kc_herder_call(h, do_task_generation, &g, 120000) == KC_OK ? g.generation : -1;
}

/* The runtime's callbacks (task threads). */
static int
rt_fence(void *herder, const char *connector, char *msg, size_t size)
{
    kc_err err;

    int rc = kc_herder_fence(herder, connector, &err);

    if (rc == KC_OK)
        return 0;
    snprintf(msg, size, "%s", err.msg);
    return rc == KC_EAGAIN ? 1 : -1;
}

static int
rt_task_generation(void *herder, const char *connector, int task)
{
    return kc_herder_task_generation(herder, connector, task);
}

/* ===== Task configs computed by a connector ===== */

/* Java's taskConfigsChanged: the count, each task's config as written, then the connector
 * config the tasks were made from against the current one, both resolved (so a secret rotated
 * since the applied one was first resolved has the tasks written again). Herder thread. */
static bool
task_configs_changed(kc_herder *h, const char *name, const json_t *configs)
{
    kc_connector_state *c = (kc_connector_state *) kc_config_state_connector(&h->cfg, name);
    size_t              n = json_array_size(configs);
    json_t             *current;
    bool                changed;
    kc_err              err;

    if (c == NULL)
        return false;
    if (c->inconsistent || (size_t) c->task_count != n || c->applied_config == NULL)
        return true;
    for (size_t i = 0; i < n; i++)
        if (!json_equal(c->tasks[i], json_array_get(configs, i)))
            return true;
    if (h->wc->providers == NULL)
        return !json_equal(c->applied_config, c->config);
    /* A provider failing here failed the connector's start already: the configs as
     * written decide. */
    if (c->applied_resolved == NULL &&
        (c->applied_resolved = kc_config_providers_transform_json(h->wc->providers,
                                                                  c->applied_config,
                                                                  &err)) == NULL)
        return !json_equal(c->applied_config, c->config);
    if ((current = kc_config_providers_transform_json(h->wc->providers, c->config, &err)) == NULL)
        return !json_equal(c->applied_config, c->config);
    changed = !json_equal(c->applied_resolved, current);
    json_decref(current);
    return changed;
}

typedef struct publish {
    kc_herder *h;               /* outlives the thread: kc_herder_stop waits for it */
    char   *connector;
    uint64_t seq;               /* its number among h's publications */
    char   *url;
    char   *body;
    signer  sign;
} publish;

/* Under h->publish_lock: connector's entry of h->latest, made when it has none. */
static struct latest_publish *
latest_of(kc_herder *h, const char *connector)
{
    for (size_t i = 0; i < h->nlatest; i++)
        if (strcmp(h->latest[i].connector, connector) == 0)
            return &h->latest[i];
    h->latest = kc_xrealloc(h->latest, (h->nlatest + 1) * sizeof(*h->latest));
    h->latest[h->nlatest] = (struct latest_publish) { kc_xstrdup(connector), 0 };
    return &h->latest[h->nlatest++];
}

/* Whether configs published after p's, for the same connector, replaced them. */
static bool
publish_superseded(publish *p)
{
    bool later;

    pthread_mutex_lock(&p->h->publish_lock);
    later = latest_of(p->h, p->connector)->seq != p->seq;
    pthread_mutex_unlock(&p->h->publish_lock);
    return later;
}

/* Frees a publish request and, last (h may be freed as soon as the count reaches 0), takes
 * it off h->publishing. Its thread, or the herder thread when none could be made. */
static void
publish_free(publish *p)
{
    kc_herder *h = p->h;

    free(p->connector);
    free(p->url);
    free(p->body);
    signer_free(&p->sign);
    free(p);
    pthread_mutex_lock(&h->publish_lock);
    h->publishing--;
    pthread_cond_signal(&h->publish_done);
    pthread_mutex_unlock(&h->publish_lock);
}

/* A detached thread: POST task configs to the leader, retried with back-off (Java's
 * publishConnectorTaskConfigs runs on its own thread too) until the herder stops. Counted
 * in h->publishing (handle_task_configs), so kc_herder_stop waits for it. */
static void *
publish_thread(void *arg)
{
    publish *p = arg;
    int      backoff = 250;

    for (int attempt = 0; attempt < 12 && !atomic_load(&p->h->stopping); attempt++) {
        char  *lines[2], *resp = NULL;
        long   status = 0;
        kc_err err;
        bool   sent;

        pthread_mutex_lock(&p->h->publish_send);
        if (atomic_load(&p->h->stopping)) {
            pthread_mutex_unlock(&p->h->publish_send);
            break;
        }
        if (publish_superseded(p)) {
            pthread_mutex_unlock(&p->h->publish_send);
            kc_log_debug("herder", "task configs of %s replaced by later ones before they "
                         "reached the leader; not sent", p->connector);
            break;
        }
        signer_headers(&p->sign, p->body, strlen(p->body), lines);
        sent = kc_http("POST", p->url, p->body, strlen(p->body),
                       (const char *[]) { lines[0], lines[1], NULL }, &status, &resp, 30000,
                       &err) == KC_OK && status >= 200 && status < 300;
        pthread_mutex_unlock(&p->h->publish_send);
        if (!sent)
            kc_log_warn("herder", "publishing task configs to %s failed (HTTP %ld %s); "
                        "retrying", p->url, status, resp ? resp : err.msg);
        free(lines[0]), free(lines[1]), free(resp);
        if (sent)
            break;
        for (int slept = 0; slept < backoff && !atomic_load(&p->h->stopping); slept += 50)
            usleep(50 * 1000);
        backoff = backoff * 2 > 60000 ? 60000 : backoff * 2;
    }
    publish_free(p);
    return NULL;
}

static void
handle_task_configs(kc_herder *h, const char *name, json_t *configs)
{
    const kc_connector_state *c = kc_config_state_connector(&h->cfg, name);
    kc_err                    err;

    if (h->rt == NULL || atomic_load(&h->stopping) || c == NULL ||
        c->target != KC_TARGET_STARTED || !kc_runtime_has_connector(h->rt, name))
        return;                      /* stopping: configs from a connector being shut down */
    /* The connector made them from its resolved config: the settings it was given with a
     * placeholder get the placeholder back (Java's reverseTransform), so neither the config
     * topic nor a leader's REST request ever carries the resolved value. */
    for (size_t i = 0; i < json_array_size(configs); i++)
        kc_config_providers_reverse(c->config, json_array_get(configs, i));
    if (!task_configs_changed(h, name, configs))
        return;
    if (h->leader) {
        if (kc_herder_put_task_configs(h, name, configs, &err) != KC_OK)
            kc_log_error("herder", "writing task configs of %s: %s", name, err.msg);
        return;
    }
    if (h->leader_url == NULL || *h->leader_url == '\0')
        return;
    {
        publish  *p = kc_xcalloc(1, sizeof(*p));
        pthread_t t;
        p->h = h;
        p->connector = kc_xstrdup(name);
        p->url = kc_xasprintf("%sconnectors/%s/tasks", h->leader_url, name);
        p->body = kc_json_java_dumps(configs, NULL);
        signer_take(h, &p->sign);
        pthread_mutex_lock(&h->publish_lock);
        h->publishing++;
        p->seq = latest_of(h, name)->seq = ++h->publish_seq;
        pthread_mutex_unlock(&h->publish_lock);
        if (pthread_create(&t, NULL, publish_thread, p) == 0)
            pthread_detach(t);
        else
            publish_free(p);
    }
}

/* ===== Runtime callbacks (connector threads) ===== */

static int heartbeat_due(kc_herder *h, kc_err *err);

/* Herder thread, while the runtime waits for connectors or tasks to stop: heartbeats go on,
 * as Java's heartbeat thread sends them while its herder stops work, so a stop that takes
 * task.shutdown.graceful.timeout.ms does not cost the membership (session.timeout.ms may be
 * as short). Failures are left to the loop's own heartbeat. */
static void
rt_waiting(void *herder)
{
    kc_herder *h = herder;
    kc_err     err;

    if (!h->standalone && h->joined_once && !atomic_load(&h->stopping))
        (void) heartbeat_due(h, &err);
}

static void
rt_task_configs_ready(void *herder, const char *connector, json_t *configs)
{
    item *it = kc_xcalloc(1, sizeof(*it));

    it->kind = ITEM_TASK_CONFIGS;
    it->connector = kc_xstrdup(connector);
    it->configs = configs;
    enqueue(herder, it);
}

/* ===== Calls from other threads ===== */

/* Whether the group is stable: joined, assigned, no rebalance pending. Herder thread. */
static bool
stable(const kc_herder *h)
{
    return h->joined_once && h->has_assignment && !h->need_rejoin;
}

static int
call(kc_herder *h, kc_herder_fn fn, void *arg, void (*release)(void *), int timeout_ms,
     bool request)
{
    item           *it = kc_xcalloc(1, sizeof(*it));
    struct timespec ts;
    int             rc = KC_OK;
    bool            done;

    it->kind = ITEM_CALL;
    it->fn = fn;
    it->arg = arg;
    it->release = release;
    it->request = request;
    enqueue(h, it);
    ts = kc_realtime_in(timeout_ms);
    pthread_mutex_lock(&h->qlock);
    /* kc_herder_signal_stop wakes this wait too (it sets the flag before it takes qlock):
     * a call the herder has not begun is given up then (its thread no longer serves the
     * queue), one it runs is waited for (its waits for the brokers give up on the stop too).
     * Past the timeout a call not begun is given up (the herder frees it), and one that runs
     * is still waited for, since fn uses arg until it returns, then answered KC_ETIMEOUT. */
    while (!it->done) {
        if (atomic_load(&h->stopping) && !it->started) {
            it->cancelled = true;
            rc = KC_ESTOPPED;
            break;
        }
        if (rc == KC_ETIMEOUT) {                /* fn runs: it uses arg until it returns */
            pthread_cond_wait(&h->qcond, &h->qlock);
        } else if (pthread_cond_timedwait(&h->qcond, &h->qlock, &ts) != 0 && !it->done) {
            rc = KC_ETIMEOUT;
            if (!it->started || it->release != NULL) {
                it->cancelled = true;         /* the herder frees it, and arg with release */
                break;
            }
        }
    }
    done = it->done;
    if (done && rc == KC_OK)
        rc = it->rc;
    pthread_mutex_unlock(&h->qlock);
    if (done) {
        if (rc != KC_OK && it->release != NULL)
            it->release(arg);
        free(it);
    }
    return rc;
}

int
kc_herder_call(kc_herder *h, kc_herder_fn fn, void *arg, int timeout_ms)
{
    return call(h, fn, arg, NULL, timeout_ms, false);
}

int
kc_herder_call_owned(kc_herder *h, kc_herder_fn fn, void *arg, void (*release)(void *arg),
                     int timeout_ms)
{
    return call(h, fn, arg, release, timeout_ms, false);
}

int
kc_herder_request(kc_herder *h, kc_herder_fn fn, void *arg, int timeout_ms)
{
    return call(h, fn, arg, NULL, timeout_ms, true);
}

static void
item_free(item *it)
{
    json_decref(it->configs);
    free(it->connector);
    free(it);
}

static void
keep(item **first, item **last, item *it)
{
    if (*last != NULL)
        (*last)->next = it;
    else
        *first = it;
    *last = it;
}

/* Runs what is queued. Requests and task configs wait (stay queued, in order) while the
 * group is not stable, as Java's tick runs its requests only once ensureActive() has
 * completed a rebalance: a request that arrives during a rebalance, or after one that an
 * earlier request caused (a connector written or deleted), is answered once the new
 * generation runs instead of being refused. With drain (the herder stopping), nothing runs:
 * waiting calls are answered KC_ESTOPPED. */
static void
run_queue(kc_herder *h, bool drain)
{
    item *list, *kept = NULL, *kept_last = NULL;

    pthread_mutex_lock(&h->qlock);
    list = h->queue;
    h->queue = h->queue_tail = NULL;
    pthread_mutex_unlock(&h->qlock);
    while (list != NULL) {
        item *it = list;
        bool  wait;

        list = it->next;
        it->next = NULL;
        wait = !drain && (it->kind == ITEM_TASK_CONFIGS || it->request) && !stable(h);
        if (it->kind == ITEM_TASK_CONFIGS) {
            if (wait) {
                keep(&kept, &kept_last, it);
                continue;
            }
            if (!drain)
                handle_task_configs(h, it->connector, it->configs);
            item_free(it);
            continue;
        }
        pthread_mutex_lock(&h->qlock);
        if (it->cancelled) {
            pthread_mutex_unlock(&h->qlock);
            if (it->release != NULL)
                it->release(it->arg);
            free(it);
            continue;
        }
        if (wait) {
            pthread_mutex_unlock(&h->qlock);
            keep(&kept, &kept_last, it);
            continue;
        }
        it->started = !drain;
        pthread_mutex_unlock(&h->qlock);
        if (!drain)
            it->fn(h, it->arg);
        pthread_mutex_lock(&h->qlock);
        it->done = true;
        it->rc = drain ? KC_ESTOPPED : KC_OK;
        if (it->cancelled) {                  /* its caller left: the item and arg are ours */
            pthread_mutex_unlock(&h->qlock);
            it->release(it->arg);
            free(it);
            continue;
        }
        pthread_cond_broadcast(&h->qcond);
        pthread_mutex_unlock(&h->qlock);
    }
    if (kept != NULL) {                   /* ahead of what came meanwhile */
        pthread_mutex_lock(&h->qlock);
        kept_last->next = h->queue;
        if (h->queue == NULL)
            h->queue_tail = kept_last;
        h->queue = kept;
        pthread_mutex_unlock(&h->qlock);
    }
}

/* ===== The loop ===== */

/* One heartbeat if heartbeat.interval.ms has passed since the last: KC_OK (also when not
 * due), KC_EREBALANCE (need_rejoin set) or the failure, in err; a failure starts the
 * failing-since clock. */
static int
heartbeat_due(kc_herder *h, kc_err *err)
{
    int64_t left, timeout;
    int     rc;

    if (kc_mono_ms() < h->next_heartbeat)
        return KC_OK;
    h->next_heartbeat = kc_mono_ms() + heartbeat_interval(h);
    /* Not longer than the session has left: a path cut without a reset would otherwise
     * hold the loop for request.timeout.ms, and the work past the session (heartbeat()). */
    left = cfg_int(h, "session.timeout.ms") - (kc_mono_ms() - h->heartbeat_ok_at);
    timeout = cfg_int(h, "request.timeout.ms");
    if (timeout > left)
        timeout = left > MIN_HEARTBEAT_WAIT_MS ? left : MIN_HEARTBEAT_WAIT_MS;
    rc = kc_group_heartbeat(h->group, (int) timeout, err);
    if (rc == KC_OK) {
        h->heartbeat_ok_at = kc_mono_ms();
    } else if (rc == KC_EREBALANCE) {
        kc_log_info("herder", "rebalance requested by the coordinator (%s)", err->msg);
        if (kc_group_member_id(h->group)[0] == '\0' && h->has_assignment) {
            /* The coordinator no longer knows this member: its session expired (a frozen
             * or cut-off worker) and the group has handed its work to others. Stopped now,
             * it neither writes as a zombie nor, rejoining, claims work another worker runs
             * (a claim both would then have revoked, leaving it to a fenced instance). */
            kc_log_warn("herder", "this worker is no longer a member of the group (%s); "
                        "stopping all work and rejoining", err->msg);
            lose_assignment(h);
        }
        h->need_rejoin = true;
    }
    return rc;
}

/* The loop's heartbeat: a coordinator unreachable for session.timeout.ms since it last
 * answered costs the work. */
static void
heartbeat(kc_herder *h)
{
    kc_err err;
    int    rc = heartbeat_due(h, &err);

    if (rc == KC_OK || rc == KC_EREBALANCE)
        return;
    if (kc_mono_ms() - h->heartbeat_ok_at >= cfg_int(h, "session.timeout.ms")) {
        if (h->has_assignment) {
            kc_log_warn("herder", "coordinator unreachable for session.timeout.ms (%s); "
                        "stopping all work and rejoining", err.msg);
            lose_assignment(h);
        }
        h->need_rejoin = true;
    }
}

/* A probe of each watched member every PEER_PROBE_EVERY_MS; one whose REST port refused
 * connections for PEER_GONE_AFTER_MS, after answering before, is gone (peer_watch.h). A
 * kconnect worker that stops keeps its port until it has left the group; a Java worker
 * closes its port, then stops its tasks and leaves, which takes less than this wait unless
 * a task is slow to stop (README: compatibility). */
#define PEER_PROBE_EVERY_MS 500
#define PEER_GONE_AFTER_MS  1500

/* A member whose process is gone leaves the group now: the coordinator rebalances the
 * others at once rather than after its session.timeout.ms, and this worker rejoins first. */
static void
remove_gone_member(kc_herder *h)
{
    const char *url = NULL, *gone = kc_peer_watch_poll(h->peers, kc_mono_ms(), &url);
    kc_err      err;

    if (gone == NULL)
        return;
    kc_log_warn("herder", "member %s refuses connections on its REST port %s: its process is "
                "gone; removing it from the group rather than waiting out its session", gone,
                url);
    if (kc_group_remove_member(h->group, gone, &err) != KC_OK)
        kc_log_warn("herder", "removing member %s: %s", gone, err.msg);
    else
        h->need_rejoin = true;
}

/* A worker restarted at once (by a service manager, after a crash or kill -9) finds its
 * previous process still a member until that one's session expires: a member with this
 * worker's advertised URL whose connection came from this host, while this process holds
 * the URL's port. Before its first join it removes it, so that its first rebalance does
 * not wait out that session. Only a Stable group shows its members' metadata; otherwise
 * nothing is removed. */
static void
remove_predecessors(kc_herder *h)
{
    kc_group_described d;
    kc_err             err;

    if (h->url == NULL || strncmp(h->url, "http", 4) != 0)
        return;                                   /* no REST port of its own to go by */
    if (kc_group_describe(h->group, &d, &err) != KC_OK) {
        kc_log_debug("herder", "describing the group before joining: %s", err.msg);
        return;
    }
    for (size_t i = 0; i < d.nmembers; i++) {
        kc_connect_metadata md = { 0 };
        if (d.members[i].len == 0 ||
            kc_connect_metadata_decode(d.members[i].metadata, d.members[i].len, &md,
                                       NULL) != KC_OK)
            continue;
        if (md.url != NULL && strcmp(md.url, h->url) == 0 &&
            kc_group_same_host(h->group, d.client_hosts[i])) {
            kc_log_warn("herder", "member %s has this worker's URL %s and host %s: it is this "
                        "worker's previous process; removing it from the group rather than "
                        "waiting out its session", d.members[i].member_id, h->url,
                        d.client_hosts[i]);
            if (kc_group_remove_member(h->group, d.members[i].member_id, &err) != KC_OK)
                kc_log_warn("herder", "removing member %s: %s", d.members[i].member_id,
                            err.msg);
        }
        kc_connect_metadata_clear(&md);
    }
    kc_group_described_clear(&d);
}

/* A store of offsets opened later (kc_herder_start): once its open has ended, a failure
 * (its topic could not be made or is unfit) stops the herder, as it would have stopped
 * the worker's start. */
static void
offsets_opened(kc_herder *h)
{
    kc_err err;
    int    rc = kc_offset_store_ready(h->offsets, false, &err);

    if (rc == KC_EAGAIN)
        return;
    h->offsets_opening = false;
    if (rc != KC_OK) {
        kc_log_error("herder", "%s", err.msg);
        snprintf(h->failure, sizeof(h->failure), "%s", err.msg);
        atomic_store(&h->failed, true);
        atomic_store(&h->stopping, true);
    }
}

static void *
herder_thread(void *arg)
{
    kc_herder *h = arg;

    while (!atomic_load(&h->stopping)) {
        struct pollfd pfd = { h->wake_fd, POLLIN, 0 };
        uint64_t      drained;

        if (h->rejoin_at != 0 && kc_mono_ms() >= h->rejoin_at) {
            h->rejoin_at = 0;
            h->need_rejoin = true;
        }
        if (h->need_rejoin || !h->joined_once) {
            /* The group changes: a member joined or left, or one will soon (a worker that
             * stops rejoins first). What the tasks running here have copied is committed
             * now, while the round runs, rather than up to offset.flush.interval.ms later:
             * if this worker is the next to die, its tasks' next owners copy only what
             * came after. Java commits at the interval alone (README: compatibility). */
            if (h->joined_once)
                kc_runtime_commit_soon(h->rt);
            h->need_rejoin = false;
            if (h->standalone)
                standalone_assign(h);
            else if (!h->joined_once && !h->predecessors_checked) {
                h->predecessors_checked = true;
                remove_predecessors(h);
            }
            if (!h->standalone && (!rebalance(h) || !h->has_assignment))
                h->need_rejoin = true;
            else
                atomic_store(&h->ready, true);
            if (atomic_load(&h->stopping))
                break;
        }
        if (h->offsets_opening)
            offsets_opened(h);
        if (!h->standalone) {
            heartbeat(h);
            if (h->joined_once && !h->need_rejoin)
                remove_gone_member(h);
            if (h->fenced_from_config && h->leader) {
                /* Java's tick: no request is served until the leader writes again. */
                kc_err claim;
                if (claim_write_privileges(h, &claim) != KC_OK) {
                    kc_log_warn("herder", "Unable to claim write privileges for config topic. "
                                "Will backoff and possibly retry if still the leader: %s",
                                claim.msg);
                    kc_sleep_ms(250);
                    continue;
                }
                h->fenced_from_config = false;
            }
            if (h->leader && h->joined_once)
                maybe_rotate_session_key(h);  /* no-op until inter.worker.key.ttl.ms runs out */
            kc_klog_poll(h->config_log, 0);
        }
        kc_status_store_poll(h->status, 0);
        run_queue(h, false);
        if (poll(&pfd, 1, h->need_rejoin ? 0 : 100) > 0 &&
            read(h->wake_fd, &drained, sizeof(drained)) < 0) {
            /* nothing to drain */
        }
    }
    return NULL;
}

/* ===== Start and stop ===== */

/* One store opened at start-up (kc_herder_start), on a thread of its own or the caller's. */
typedef struct store_open {
    kc_herder  *h;
    const char *base;                   /* client id prefix: "<group.id>-" */
    int         which;                  /* 0 offsets, 1 statuses, 2 configs */
    bool        ok;
    kc_err      err;
} store_open;

static void *
open_store(void *arg)
{
    store_open             *o = arg;
    kc_herder              *h = o->h;
    const kc_worker_config *wc = h->wc;
    char                   *cid;

    switch (o->which) {
    case 0:
        if (h->offsets_topic != NULL) {
            /* Its topic is made, and the store opened, on a thread of its own while the
             * other two are opened and read, and the worker joins its group and starts its
             * connectors; the first task to read its offsets waits for it, as does every
             * other use of the store. */
            h->offsets = kc_offset_store_open_later(&wc->props,
                                                    kc_cfg_str(&wc->cfg, "offset.storage.topic"),
                                                    o->base, h->eos == KC_EOS_ENABLED,
                                                    kc_internal_topic_create_later,
                                                    h->offsets_topic);
            h->offsets_opening = true;
        } else {
            h->offsets = kc_offset_store_open(&wc->props,
                                              kc_cfg_str(&wc->cfg, "offset.storage.topic"),
                                              o->base, h->eos == KC_EOS_ENABLED, &o->err);
        }
        o->ok = h->offsets != NULL;
        break;
    case 1:
        h->status = kc_status_store_open(&wc->props, kc_cfg_str(&wc->cfg, "status.storage.topic"),
                                         o->base, &o->err);
        o->ok = h->status != NULL;
        break;
    default:
        cid = kc_xasprintf("%sconfigs", o->base);
        h->config_log = kc_klog_open(&wc->props, "", kc_cfg_str(&wc->cfg, "config.storage.topic"),
                                     cid, (const char *const[]) { "enable.idempotence", "false",
                                                                  NULL },
                                     0, h->eos == KC_EOS_ENABLED, on_config_record, h, &o->err);
        free(cid);
        o->ok = h->config_log != NULL;
        /* Its writes wait up to 30 s for the brokers (a session key, a connector's
         * config): a stop must not wait them out when the brokers are gone. */
        if (o->ok)
            kc_klog_set_stop(h->config_log, &h->stopping);
        break;
    }
    return NULL;
}

/* What both kinds of herder start from: no stores, no thread yet. */
static kc_herder *
herder_new(const kc_worker_config *wc, const char *advertised_url, const char *worker_id,
           int generation)
{
    kc_herder *h = kc_xcalloc(1, sizeof(*h));

    h->wc = wc;
    h->eos = kc_worker_eos_level(wc);
    h->url = kc_xstrdup(advertised_url);
    h->worker_id = kc_xstrdup(worker_id);
    h->protocol = -1;
    h->unsynced_retries = UNSYNCED_RETRIES;
    h->last_completed_generation = -1;
    atomic_init(&h->generation, generation);
    atomic_init(&h->stopping, false);
    atomic_init(&h->failed, false);
    atomic_init(&h->ready, false);
    pthread_mutex_init(&h->qlock, NULL);
    pthread_cond_init(&h->qcond, NULL);
    pthread_mutex_init(&h->publish_lock, NULL);
    pthread_mutex_init(&h->publish_send, NULL);
    pthread_cond_init(&h->publish_done, NULL);
    pthread_mutex_init(&h->view_lock, NULL);
    h->wake_fd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    kc_config_state_init(&h->cfg);
    kc_coop_init(&h->coop, (int) kc_cfg_int(&wc->cfg, "scheduled.rebalance.max.delay.ms"));
    h->peers = kc_peer_watch_new(PEER_PROBE_EVERY_MS, PEER_GONE_AFTER_MS);
    return h;
}

kc_herder *
kc_herder_start(const kc_worker_config *wc, const char *advertised_url, const char *worker_id,
                kc_internal_topic_later *offsets_topic, kc_err *err)
{
    kc_herder     *h = herder_new(wc, advertised_url, worker_id, -1);
    const char    *group_id = kc_cfg_str(&wc->cfg, "group.id");
    const char    *proto = kc_cfg_str(&wc->cfg, "connect.protocol");
    char          *base = kc_xasprintf("%s-", group_id);
    kc_runtime_env env;
    int            timeout = (int) kc_cfg_int(&wc->cfg, "worker.sync.timeout.ms") + 60000;

    h->offsets_topic = offsets_topic;
    h->configured_protocol = strcasecmp(proto, "eager") == 0 ? KC_CONNECT_EAGER
                           : strcasecmp(proto, "compatible") == 0 ? KC_CONNECT_COMPATIBLE
                           : KC_CONNECT_SESSIONED;

    /* Stores: Java opens offsets, statuses, configs one after the other. Opening one is a
     * few round trips to the brokers (its clients' connections, its topic's metadata, more
     * while a topic created a moment ago is not in every broker's metadata yet) that depend
     * on nothing another store reads, so the three are opened at once; what they hold is
     * then read to its end in Java's order, statuses before configs (offsets are read to
     * their end whenever they are asked for). */
    {
        store_open opens[3];
        pthread_t  threads[3];
        bool       threaded[3] = { false, false, false };

        for (int i = 0; i < 3; i++) {
            opens[i] = (store_open) { .h = h, .base = base, .which = i, .ok = false };
            threaded[i] = i > 0 && pthread_create(&threads[i], NULL, open_store, &opens[i]) == 0;
        }
        for (int i = 0; i < 3; i++) {
            if (threaded[i])
                pthread_join(threads[i], NULL);
            else
                open_store(&opens[i]);
        }
        for (int i = 0; i < 3; i++) {
            if (!opens[i].ok) {                   /* the first failure in Java's order */
                *err = opens[i].err;
                goto fail;
            }
        }
    }
    if (kc_status_store_read_to_end(h->status, timeout, err) != KC_OK ||
        kc_klog_read_to_end(h->config_log, timeout, err) != KC_OK)
        goto fail;
    /* Records read back wake the herder at once (its loop would look only every 100 ms):
     * a status written is shown by GET .../status as soon as it is read, as Java's
     * KafkaBasedLog thread applies each record when its poll returns it. */
    kc_status_store_notify(h->status, h->wake_fd);
    kc_klog_notify(h->config_log, h->wake_fd);
    h->cfg.initial_read_done = true;
    kc_log_info("herder", "config topic read: %zu connectors, config offset %lld",
                h->cfg.nconnectors, (long long) h->cfg.offset);

    env = (kc_runtime_env) { wc, h->status, h->offsets, h->worker_id, &h->generation, h,
                             rt_task_configs_ready, rt_fence, rt_task_generation, rt_waiting };
    h->rt = kc_runtime_new(&env);

    if (kc_clientconf_security(&wc->props, "", &h->sec, err) != KC_OK)
        goto fail;
    h->bootstrap = kc_cfg_split_list(kc_props_get(&wc->props, "bootstrap.servers"), NULL);
    {
        const char *cid = kc_cfg_str(&wc->cfg, "client.id");
        h->member_client_id = cid && *cid ? kc_xstrdup(cid) : kc_xasprintf("connect-%s", worker_id);
    }
    h->gcfg = (kc_group_config) {
        .group_id = group_id, .protocol_type = KC_CONNECT_PROTOCOL_TYPE,
        .client_id = h->member_client_id, .bootstrap = h->bootstrap, .security = &h->sec,
        .session_timeout_ms = (int) kc_cfg_int(&wc->cfg, "session.timeout.ms"),
        .rebalance_timeout_ms = (int) kc_cfg_int(&wc->cfg, "rebalance.timeout.ms"),
        .request_timeout_ms = (int) kc_cfg_int(&wc->cfg, "request.timeout.ms"),
        .retry_backoff_ms = (int) kc_cfg_int(&wc->cfg, "retry.backoff.ms"),
        .stop = &h->stopping,
    };
    h->group = kc_group_new(&h->gcfg);
    free(base);
    if (pthread_create(&h->thread, NULL, herder_thread, h) != 0) {
        kc_err_set(err, KC_EIO, "cannot start the herder thread");
        kc_herder_stop(h);
        return NULL;
    }
    return h;
fail:
    free(base);
    kc_herder_stop(h);
    return NULL;
}

kc_herder *
kc_herder_start_standalone(const kc_worker_config *wc, const char *advertised_url,
                           const char *worker_id, kc_err *err)
{
    kc_herder     *h = herder_new(wc, advertised_url, worker_id, 0);  /* Java's generation() */
    kc_runtime_env env;

    h->standalone = true;
    h->leader = true;
    h->leader_url = kc_xstrdup(advertised_url);
    h->cfg.initial_read_done = true;
    h->status = kc_status_store_new();
    if ((h->offsets = kc_offset_store_open_file(kc_props_get(&wc->props,
                                                             "offset.storage.file.filename"),
                                                err)) == NULL) {
        kc_herder_stop(h);
        return NULL;
    }
    kc_log_info("herder", "Starting FileOffsetBackingStore with file %s",
                kc_props_get(&wc->props, "offset.storage.file.filename"));
    env = (kc_runtime_env) { wc, h->status, h->offsets, h->worker_id, &h->generation, h,
                             rt_task_configs_ready, rt_fence, rt_task_generation, rt_waiting };
    h->rt = kc_runtime_new(&env);
    if (pthread_create(&h->thread, NULL, herder_thread, h) != 0) {
        kc_err_set(err, KC_EIO, "cannot start the herder thread");
        kc_herder_stop(h);
        return NULL;
    }
    return h;
}

bool kc_herder_standalone(const kc_herder *h) { return h->standalone; }

void
kc_herder_signal_stop(kc_herder *h)
{
    if (h == NULL)
        return;
    atomic_store(&h->stopping, true);
    pthread_mutex_lock(&h->qlock);
    pthread_cond_broadcast(&h->qcond);    /* kc_herder_call's waits look at the flag */
    pthread_mutex_unlock(&h->qlock);
    wake(h);
}

void
kc_herder_stop(kc_herder *h)
{
    kc_err err;
    bool   left = false;

    if (h == NULL)
        return;
    kc_herder_signal_stop(h);
    if (h->thread)
        pthread_join(h->thread, NULL);
    /* Publishing threads stop retrying now; one in a request ends with it (its timeout). */
    pthread_mutex_lock(&h->publish_lock);
    while (h->publishing > 0)
        pthread_cond_wait(&h->publish_done, &h->publish_lock);
    pthread_mutex_unlock(&h->publish_lock);
    if (h->rt != NULL) {
        left = !kc_runtime_free(h->rt);
        h->rt = NULL;                     /* task configs still queued find no runtime */
        kc_work_list_clear(&h->owned);
    }
    if (h->status != NULL)
        kc_status_store_flush(h->status, 5000, &err);
    if (h->group != NULL) {
        kc_group_leave(h->group);
        kc_group_free(h->group);
        h->group = NULL;
    }
    run_queue(h, true);                             /* answer whoever still waits */
    /* Instances that ignored their stop still run and write their status and offsets
     * through the stores, and call back into h: all of it stays to the process's exit. */
    if (left)
        return;
    release_write_privileges(h);
    kc_status_store_close(h->status);
    kc_offset_store_close(h->offsets);            /* after an open it waits for */
    kc_internal_topic_later_free(h->offsets_topic);
    kc_klog_close(h->config_log);
    kc_config_state_free(&h->cfg);
    kc_coop_free(&h->coop);
    kc_peer_watch_free(h->peers);
    owners_clear(h);
    kc_conn_security_clear(&h->sec);
    kc_strv_free(h->bootstrap);
    if (h->wake_fd >= 0)
        close(h->wake_fd);
    pthread_mutex_destroy(&h->qlock);
    pthread_cond_destroy(&h->qcond);
    pthread_mutex_destroy(&h->publish_lock);
    pthread_mutex_destroy(&h->publish_send);
    pthread_cond_destroy(&h->publish_done);
    for (size_t i = 0; i < h->nlatest; i++)
        free(h->latest[i].connector);
    free(h->latest);
    for (size_t i = 0; i < h->nview; i++)
        free(h->view[i].name);
    free(h->view);
    pthread_mutex_destroy(&h->view_lock);
    free(h->leader_url);
    free(h->url);
    free(h->worker_id);
    free(h->member_client_id);
    free(h);
}
