/*
 * bench/pipe.c - the bare librdkafka consume -> produce pipe of `make bench`: the ceiling a
 * replicating worker can reach on a machine, with no Connect runtime in between.
 *
 *   pipe [-f] [-t THREADS] [-s SYNCS_TOPIC] [-e TXN_PREFIX OFFSETS_TOPIC] [-X key=value]...
 *        SOURCE_BOOTSTRAP TOPIC TARGET_BOOTSTRAP DEST_TOPIC
 *
 * Copies every record of TOPIC (from the low to the high watermark seen at start-up) into
 * the same partition of DEST_TOPIC, which must exist with at least as many partitions.
 * With -f (follow) it copies from the low watermark on, records produced later included,
 * until SIGTERM or SIGINT: the latency scenario's replicator without Connect.
 * The partitions are dealt round robin to THREADS threads (default 1), as MirrorSource
 * deals them to tasks.max tasks, and each thread does what one kconnect source task does:
 *   - a legacy (assign, no group) consumer reading its partitions into one queue, taking
 *     the first message with a wait and then what is already there, up to 500 at a time
 *     (the worker's poll batch). Its prefetch is the budget a MirrorSource task's consumer gets
 *     (connectors/mirror/mirror_config.c): two fetches (2 x max.partition.fetch.bytes) per
 *     partition, at most fetch.max.bytes, fetched again 10 ms after the queue drains;
 *   - a producer with the settings kconnect's source tasks get (worker/runtime.c:
 *     acks=all, idempotent, one request in flight per connection, no delivery timeout,
 *     linger.ms 0, murmur2_random partitioner; worker/clientconf.c: the buffer.memory default as
 *     queue.buffering.max.kbytes, and what every client gets (kc_clientconf_connection_defaults:
 *     Java's reconnect.backoff.ms, a connection to each broker as soon as it is known);
 *     librdkafka's defaults otherwise);
 *   - the value is lent to the producer (no RD_KAFKA_MSG_F_COPY): the consumed message stays
 *     alive until its delivery report, which destroys it. librdkafka always copies the key.
 * With -s, each thread also writes MirrorMaker 2's offset syncs into SYNCS_TOPIC on the
 * source cluster, which must exist: the records, rule and limits of a MirrorSource task
 * (kconnect's own writer, connectors/mirror/offset_sync.c: a sync when a partition's
 * translated offset would lag offset.lag.max (100) records or more, at most 10 in flight,
 * fired from the data's delivery reports; a sync's slot freed as soon as it is acknowledged,
 * as Java's callback frees it, by a poller thread), through a producer with the settings of a
 * MirrorSource task's offset-syncs producer (idempotent, librdkafka's linger and the
 * buffer.memory default). It is the ceiling of a MirrorSource copy on the machine: the
 * brokers' work for the syncs is MirrorMaker's protocol, not the worker's cost.
 * With -e, each thread copies as an exactly-once source task with transaction.boundary=poll:
 * its producer transactional (transactional.id TXN_PREFIX-<thread>, up to 5 requests in
 * flight and a delivery timeout no longer than the transaction's, as the worker sets them),
 * a transaction per batch taken from the queue, in which, after the batch's records, each
 * partition's next offset is written to OFFSETS_TOPIC on the target (a worker's offsets
 * record: a JSON key and value, partitioned by key), then committed. The ceiling of an
 * exactly-once copy with librdkafka on the machine; the JSON line adds "transactions" and
 * "commit_seconds" (the time spent in rd_kafka_commit_transaction).
 * -X sets a librdkafka property on both clients of every thread (not the syncs producer);
 * -Y sets one on the syncs producer (e.g. -Y linger.ms=1000: fewer, larger sync requests).
 *
 * Exits 0 when every record is acknowledged (with -f: when stopped, everything consumed by
 * then acknowledged), after printing one JSON line:
 *   {"records": N, "bytes": VALUE_BYTES, "seconds": S, "peak_rss_kb": KB, "offset_syncs": N,
 *    "transactions": N, "commit_seconds": S}
 * (S from the first consumed record to the last acknowledgement; KB is VmHWM, which the
 * parent cannot read after the exit, and getrusage's maxrss would include what the parent
 * held before the exec). Exits 1 on any delivery
 * error, 2 on usage errors.
 *
 * Threads: main starts THREADS pipe threads, each owning its two clients (three with -s, and
 * a thread that serves the syncs producer's delivery reports), and joins them.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <inttypes.h>
#include <librdkafka/rdkafka.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "connectors/mirror/mirror_records.h"
#include "connectors/mirror/offset_sync.h"
#include "worker/clientconf.h"
#include "lib/common.h"
#include "worker/kafka.h"

#define PIPE_BATCH   500
#define STARTUP_WAIT_NS (30 * 1000000000LL)  /* for a new topic's metadata and watermarks */
#define PIPE_MAX_X   32
/* The memory budgets of a kconnect source task (see the top of the file), in KiB. */
#define PIPE_PRODUCER_KBYTES     "8192"         /* KC_PRODUCER_BUFFER_KBYTES */
#define PIPE_PARTITION_FETCH_KB  1024         /* max.partition.fetch.bytes */
#define PIPE_FETCH_MAX_KB        51200        /* fetch.max.bytes */
#define PIPE_SYNC_MAX_LAG        100          /* offset.lag.max */
#define PIPE_SYNCS_IN_FLIGHT     10           /* MirrorSourceTask's MAX_OUTSTANDING_OFFSET_SYNCS */

/* librdkafka properties given on the command line, in order. */
typedef struct pipe_props {
    const char *kv[PIPE_MAX_X][2];
    int         n;
} pipe_props;

typedef struct pipe_opts {
    const char *source, *topic, *target, *dest;
    const char *syncs_topic;        /* -s: NULL writes no offset syncs */
    const char *txn_prefix;         /* -e: NULL copies at least once */
    const char *offsets_topic;      /* -e: where each transaction's source offsets go */
    pipe_props  x;                  /* -X: the data clients' */
    pipe_props  y;                  /* -Y: the syncs producer's */
} pipe_opts;

/* One thread's share: its partitions and what it has moved. */
typedef struct pipe_thread {
    const pipe_opts *opts;
    int32_t         *parts;
    int64_t         *low, *high;
    int              nparts;
    int64_t          expected;      /* records between the watermarks of its partitions */
    int64_t          consumed;
    int64_t          delivered;     /* acknowledged; written by the delivery report */
    int64_t          bytes;
    int64_t          errors;
    pthread_t        tid;
    int              failed;
    /* -s: the offset syncs. Sent from the pipe thread (the data's delivery reports) under
     * the writer's lock; their own delivery reports come on sync_poller. */
    rd_kafka_t        *sync_producer;
    kc_osw            *osw;
    kc_osw_partition **osw_parts;   /* by index in parts */
    kc_wbuf            sync_key, sync_value;
    int64_t            syncs_sent;         /* under the writer's lock */
    atomic_llong       sync_errors;
    pthread_t          sync_poller;
    atomic_bool        syncs_done;
    bool               poller_started;
    int                index;              /* in main's array: the transactional id's suffix */
    /* -e: transactions committed, and the time spent in their commits. */
    int64_t            txns;
    int64_t            commit_ns;
} pipe_thread;

static atomic_llong first_ns;       /* monotonic time of the first consumed record */
static bool         follow;         /* -f: no high watermark, run until a stop signal */
static volatile sig_atomic_t stop_requested;

static void
on_stop_signal(int sig)
{
    (void) sig;
    stop_requested = 1;
}

static int64_t
now_ns(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t) ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static int
set(rd_kafka_conf_t *conf, const char *k, const char *v)
{
    char errstr[512];

    if (rd_kafka_conf_set(conf, k, v, errstr, sizeof(errstr)) != RD_KAFKA_CONF_OK) {
        fprintf(stderr, "pipe: %s=%s: %s\n", k, v, errstr);
        return -1;
    }
    return 0;
}

/* A client with what every kconnect client gets first (kc_clientconf_connection_defaults),
 * bootstrap, the given settings, then every -X. NULL after a message. */
static rd_kafka_t *
client(const pipe_props *extra, rd_kafka_type_t type, const char *bootstrap,
       const char *const *settings,
       void (*dr)(rd_kafka_t *, const rd_kafka_message_t *, void *), void *opaque)
{
    rd_kafka_conf_t *conf = rd_kafka_conf_new();
    rd_kafka_t      *rk;
    char             errstr[512];
    kc_err           err;

    if (kc_clientconf_connection_defaults(conf, &err) != KC_OK) {
        fprintf(stderr, "pipe: %s\n", err.msg);
        goto fail;
    }
    if (set(conf, "bootstrap.servers", bootstrap) != 0)
        goto fail;
    for (const char *const *s = settings; s != NULL && s[0] != NULL; s += 2)
        if (set(conf, s[0], s[1]) != 0)
            goto fail;
    for (int i = 0; i < extra->n; i++)
        if (set(conf, extra->kv[i][0], extra->kv[i][1]) != 0)
            goto fail;
    if (dr != NULL)
        rd_kafka_conf_set_dr_msg_cb(conf, dr);
    rd_kafka_conf_set_opaque(conf, opaque);
    if ((rk = rd_kafka_new(type, conf, errstr, sizeof(errstr))) == NULL) {
        fprintf(stderr, "pipe: cannot create client: %s\n", errstr);
        goto fail;
    }
    return rk;
fail:
    rd_kafka_conf_destroy(conf);
    return NULL;
}

/* Delivery report, on the pipe thread (rd_kafka_poll): the lent value goes back with the
 * consumed message it belongs to. */
static void
delivered(rd_kafka_t *rk, const rd_kafka_message_t *m, void *opaque)
{
    pipe_thread *t = opaque;

    (void) rk;
    if (m->_private == NULL) {                  /* -e: a transaction's source offsets */
        if (m->err != RD_KAFKA_RESP_ERR_NO_ERROR && t->errors++ == 0)
            fprintf(stderr, "pipe: offsets delivery failed: %s\n", rd_kafka_err2str(m->err));
        return;
    }
    if (m->err != RD_KAFKA_RESP_ERR_NO_ERROR) {
        if (t->errors++ == 0)
            fprintf(stderr, "pipe: delivery failed: %s\n", rd_kafka_err2str(m->err));
    } else {
        t->delivered++;
        t->bytes += (int64_t) m->len;
        if (t->osw != NULL) {
            const rd_kafka_message_t *consumed = m->_private;
            int                       j = 0;
            while (j < t->nparts && t->parts[j] != consumed->partition)
                j++;
            kc_osw_partition_acked(t->osw, t->osw_parts[j], consumed->offset, m->offset);
        }
    }
    rd_kafka_message_destroy(m->_private);
}

/* The writer's send (under its lock, on the pipe thread): one sync record, as a MirrorSource
 * task writes it, to partition 0 of the syncs topic. */
static void
send_sync(void *opaque, const char *topic, int32_t partition, int64_t upstream,
          int64_t downstream)
{
    pipe_thread        *t = opaque;
    rd_kafka_resp_err_t e;

    kc_wbuf_reset(&t->sync_key);
    kc_wbuf_reset(&t->sync_value);
    kc_mirror_offset_sync_key(&t->sync_key, topic, partition);
    kc_mirror_offset_sync_value(&t->sync_value, upstream, downstream);
    e = rd_kafka_producev(t->sync_producer, RD_KAFKA_V_TOPIC(t->opts->syncs_topic),
                          RD_KAFKA_V_PARTITION(0),
                          RD_KAFKA_V_KEY(t->sync_key.buf, t->sync_key.len),
                          RD_KAFKA_V_VALUE(t->sync_value.buf, t->sync_value.len),
                          RD_KAFKA_V_MSGFLAGS(RD_KAFKA_MSG_F_COPY), RD_KAFKA_V_END);
    if (e != RD_KAFKA_RESP_ERR_NO_ERROR) {
        if (atomic_fetch_add(&t->sync_errors, 1) == 0)
            fprintf(stderr, "pipe: offset sync: %s\n", rd_kafka_err2str(e));
        kc_osw_sent(t->osw);                    /* lock-free: allowed inside send */
        return;
    }
    t->syncs_sent++;
}

/* Delivery report of a sync (the thread's sync poller): its slot is free again at once,
 * as Java's send callback releases its semaphore on the producer's I/O thread. What waited
 * for a slot is sent at the next acknowledged record, as in Java's commitRecord. */
static void
sync_delivered(rd_kafka_t *rk, const rd_kafka_message_t *m, void *opaque)
{
    pipe_thread *t = opaque;

    (void) rk;
    if (m->err != RD_KAFKA_RESP_ERR_NO_ERROR && atomic_fetch_add(&t->sync_errors, 1) == 0)
        fprintf(stderr, "pipe: offset sync delivery: %s\n", rd_kafka_err2str(m->err));
    kc_osw_sent(t->osw);
}

static void *
sync_poller(void *arg)
{
    pipe_thread *t = arg;

    while (!atomic_load(&t->syncs_done))
        rd_kafka_poll(t->sync_producer, 20);
    return NULL;
}

/* Fires what waited for a slot when no record was acknowledged for a while. */
static void
serve_syncs(pipe_thread *t)
{
    if (t->osw != NULL)
        kc_osw_fire_pending(t->osw);
}

/* Produces one consumed message; ownership of m passes to the producer (delivered()). */
static int
forward(rd_kafka_t *producer, rd_kafka_topic_t *dest, rd_kafka_message_t *m)
{
    rd_kafka_headers_t *hdrs = NULL, *copy = NULL;
    rd_kafka_resp_err_t e;
    int64_t             ts = rd_kafka_message_timestamp(m, NULL);

    if (rd_kafka_message_headers(m, &hdrs) == RD_KAFKA_RESP_ERR_NO_ERROR)
        copy = rd_kafka_headers_copy(hdrs);
    for (;;) {
        e = rd_kafka_producev(producer, RD_KAFKA_V_RKT(dest), RD_KAFKA_V_PARTITION(m->partition),
                              RD_KAFKA_V_KEY(m->key, m->key_len),
                              RD_KAFKA_V_VALUE(m->payload, m->len),
                              RD_KAFKA_V_TIMESTAMP(ts > 0 ? ts : 0),
                              RD_KAFKA_V_HEADERS(copy), RD_KAFKA_V_MSGFLAGS(0),
                              RD_KAFKA_V_OPAQUE(m), RD_KAFKA_V_END);
        if (e != RD_KAFKA_RESP_ERR__QUEUE_FULL)
            break;
        rd_kafka_poll(producer, 100);           /* back-pressure, as the worker does */
    }
    if (e != RD_KAFKA_RESP_ERR_NO_ERROR) {
        fprintf(stderr, "pipe: produce: %s\n", rd_kafka_err2str(e));
        if (copy)
            rd_kafka_headers_destroy(copy);
        rd_kafka_message_destroy(m);
        return -1;
    }
    return 0;
}

/* -e: the batch's source offsets (each partition's next offset) as a source task's offset
 * records, to the offsets topic in the open transaction, then its commit (timed). */
static int
commit_batch(pipe_thread *t, rd_kafka_t *producer, int64_t *batch_next)
{
    rd_kafka_error_t *e;
    int64_t           start;

    for (int j = 0; j < t->nparts; j++) {
        char key[512], value[64];
        int  kn, vn;
        rd_kafka_resp_err_t err;
        if (batch_next[j] < 0)
            continue;
        kn = snprintf(key, sizeof(key), "[\"pipe\",{\"topic\":\"%s\",\"partition\":%d}]",
                      t->opts->topic, (int) t->parts[j]);
        vn = snprintf(value, sizeof(value), "{\"offset\":%" PRId64 "}", batch_next[j]);
        batch_next[j] = -1;
        err = rd_kafka_producev(producer, RD_KAFKA_V_TOPIC(t->opts->offsets_topic),
                                RD_KAFKA_V_KEY(key, (size_t) kn),
                                RD_KAFKA_V_VALUE(value, (size_t) vn),
                                RD_KAFKA_V_MSGFLAGS(RD_KAFKA_MSG_F_COPY), RD_KAFKA_V_END);
        if (err != RD_KAFKA_RESP_ERR_NO_ERROR) {
            fprintf(stderr, "pipe: offsets: %s\n", rd_kafka_err2str(err));
            return -1;
        }
    }
    start = now_ns();
    if ((e = rd_kafka_commit_transaction(producer, -1)) != NULL) {
        fprintf(stderr, "pipe: commit: %s\n", rd_kafka_error_string(e));
        rd_kafka_error_destroy(e);
        return -1;
    }
    t->commit_ns += now_ns() - start;
    t->txns++;
    return 0;
}

static void *
pipe_main(void *arg)
{
    pipe_thread        *t = arg;
    const pipe_opts    *o = t->opts;
    rd_kafka_t         *consumer, *producer;
    rd_kafka_topic_t   *src = NULL, *dest = NULL;
    rd_kafka_queue_t   *q = NULL;
    rd_kafka_message_t *msgs[PIPE_BATCH];
    char                prefetch_kb[32], txn_id[256];
    int                 budget = 2 * PIPE_PARTITION_FETCH_KB * t->nparts;
    int64_t            *batch_next = kc_xcalloc((size_t) t->nparts, sizeof(*batch_next));

    snprintf(prefetch_kb, sizeof(prefetch_kb), "%d",
             budget < PIPE_FETCH_MAX_KB ? budget : PIPE_FETCH_MAX_KB);
    consumer = client(&o->x, RD_KAFKA_CONSUMER, o->source, (const char *const[]) {
                          "enable.auto.commit", "false", "auto.offset.reset", "earliest",
                          "queued.max.messages.kbytes", prefetch_kb,
                          "fetch.queue.backoff.ms", "10",
                          "client.id", "bench-pipe-consumer", NULL }, NULL, NULL);
    /* -e: an exactly-once task's producer (worker/runtime.c, run_source: up to 5 requests
     * in flight, the delivery timeout no longer than the transaction's). */
    snprintf(txn_id, sizeof(txn_id), "%s-%d", o->txn_prefix ? o->txn_prefix : "", t->index);
    producer = client(&o->x, RD_KAFKA_PRODUCER, o->target, (const char *const[]) {
                          "acks", "all", "enable.idempotence", "true",
                          "max.in.flight.requests.per.connection", o->txn_prefix ? "5" : "1",
                          "message.timeout.ms", o->txn_prefix ? "60000" : "2147483647",
                          "partitioner", "murmur2_random", "linger.ms", "0",
                          "queue.buffering.max.kbytes", PIPE_PRODUCER_KBYTES,
                          "client.id", "bench-pipe-producer",
                          o->txn_prefix ? "transactional.id" : NULL, txn_id, NULL }, delivered, t);
    for (int j = 0; j < t->nparts; j++)
        batch_next[j] = -1;
    if (consumer == NULL || producer == NULL) {
        t->failed = 1;
        goto out;
    }
    /* Connected before its first record, as a task's producer is by then (kc_kafka_connect
     * says why: without it the first records waited 500 ms for the producer id). A failure
     * shows again where the producer is used. */
    kc_kafka_connect(producer, 10000, &(kc_err) { 0, "" });
    if (o->txn_prefix != NULL) {
        rd_kafka_error_t *e = rd_kafka_init_transactions(producer, 30000);
        if (e != NULL) {
            fprintf(stderr, "pipe: init transactions: %s\n", rd_kafka_error_string(e));
            rd_kafka_error_destroy(e);
            t->failed = 1;
            goto out;
        }
    }
    if (o->syncs_topic != NULL) {
        t->sync_producer = client(&o->y, RD_KAFKA_PRODUCER, o->source, (const char *const[]) {
                                      "enable.idempotence", "true",
                                      "queue.buffering.max.kbytes", PIPE_PRODUCER_KBYTES,
                                      "client.id", "bench-pipe-offset-syncs", NULL },
                                  sync_delivered, t);
        if (t->sync_producer == NULL) {
            t->failed = 1;
            goto out;
        }
        t->osw = kc_osw_new(PIPE_SYNC_MAX_LAG, PIPE_SYNCS_IN_FLIGHT, send_sync, t);
        t->osw_parts = kc_xcalloc((size_t) t->nparts, sizeof(*t->osw_parts));
        for (int i = 0; i < t->nparts; i++)
            t->osw_parts[i] = kc_osw_partition_get(t->osw, o->topic, t->parts[i]);
        t->poller_started = pthread_create(&t->sync_poller, NULL, sync_poller, t) == 0;
        if (!t->poller_started) {
            fprintf(stderr, "pipe: cannot start the offset syncs' poller\n");
            t->failed = 1;
            goto out;
        }
    }
    src = rd_kafka_topic_new(consumer, o->topic, NULL);
    dest = rd_kafka_topic_new(producer, o->dest, NULL);
    q = rd_kafka_queue_new(consumer);
    for (int i = 0; i < t->nparts; i++)
        if ((follow || t->high[i] > t->low[i]) &&
            rd_kafka_consume_start_queue(src, t->parts[i], t->low[i], q) != 0) {
            fprintf(stderr, "pipe: consume %s-%d: %s\n", o->topic, t->parts[i],
                    rd_kafka_err2str(rd_kafka_last_error()));
            t->failed = 1;
            goto stop;
        }

    while ((follow ? !stop_requested : t->consumed < t->expected) && t->errors == 0) {
        ssize_t got;

        msgs[0] = rd_kafka_consume_queue(q, follow ? 100 : 1000);
        if (msgs[0] == NULL) {
            rd_kafka_poll(producer, 0);
            serve_syncs(t);
            continue;
        }
        got = 1;
        ssize_t more = rd_kafka_consume_batch_queue(q, 0, msgs + 1, PIPE_BATCH - 1);
        if (more > 0)
            got += more;
        long long zero = 0;
        atomic_compare_exchange_strong(&first_ns, &zero, (long long) now_ns());
        if (o->txn_prefix != NULL) {
            rd_kafka_error_t *e = rd_kafka_begin_transaction(producer);
            if (e != NULL) {
                fprintf(stderr, "pipe: begin transaction: %s\n", rd_kafka_error_string(e));
                rd_kafka_error_destroy(e);
                t->failed = 1;
                for (ssize_t k = 0; k < got; k++)
                    rd_kafka_message_destroy(msgs[k]);
                goto stop;
            }
        }
        for (ssize_t i = 0; i < got; i++) {
            rd_kafka_message_t *m = msgs[i];
            if (m->err != RD_KAFKA_RESP_ERR_NO_ERROR) {
                if (m->err != RD_KAFKA_RESP_ERR__PARTITION_EOF)
                    fprintf(stderr, "pipe: consume: %s\n", rd_kafka_message_errstr(m));
                rd_kafka_message_destroy(m);
                continue;
            }
            /* Records past the high watermark seen at start are not ours to copy. */
            int j = 0;
            while (j < t->nparts && t->parts[j] != m->partition)
                j++;
            if (j == t->nparts || (!follow && m->offset >= t->high[j])) {
                rd_kafka_message_destroy(m);
                continue;
            }
            batch_next[j] = m->offset + 1;
            if (forward(producer, dest, m) != 0) {
                t->failed = 1;
                for (ssize_t k = i + 1; k < got; k++)
                    rd_kafka_message_destroy(msgs[k]);
                goto stop;
            }
            t->consumed++;
        }
        if (o->txn_prefix != NULL && commit_batch(t, producer, batch_next) != 0) {
            t->failed = 1;
            goto stop;
        }
        rd_kafka_poll(producer, 0);
        serve_syncs(t);
    }
    rd_kafka_flush(producer, -1);
    if (t->osw != NULL) {
        serve_syncs(t);                         /* what the last acks left pending */
        for (int64_t until = now_ns() + 30 * 1000000000LL;
             rd_kafka_outq_len(t->sync_producer) > 0 && now_ns() < until;)
            nanosleep(&(struct timespec) { 0, 10000000 }, NULL);
        if (atomic_load(&t->sync_errors) > 0)
            t->failed = 1;
    }
    if (t->errors > 0 || t->delivered != (follow ? t->consumed : t->expected))
        t->failed = 1;
stop:
    for (int i = 0; i < t->nparts; i++)
        if (follow || t->high[i] > t->low[i])
            rd_kafka_consume_stop(src, t->parts[i]);
    rd_kafka_purge(producer, RD_KAFKA_PURGE_F_QUEUE | RD_KAFKA_PURGE_F_INFLIGHT);
    rd_kafka_flush(producer, 5000);
out:
    if (q)
        rd_kafka_queue_destroy(q);
    if (src)
        rd_kafka_topic_destroy(src);
    if (dest)
        rd_kafka_topic_destroy(dest);
    if (consumer)
        rd_kafka_destroy(consumer);
    if (producer)
        rd_kafka_destroy(producer);
    if (t->poller_started) {
        atomic_store(&t->syncs_done, true);
        pthread_join(t->sync_poller, NULL);
    }
    if (t->sync_producer)
        rd_kafka_destroy(t->sync_producer);
    kc_osw_free(t->osw);
    free(t->osw_parts);
    kc_wbuf_free(&t->sync_key);
    kc_wbuf_free(&t->sync_value);
    free(batch_next);
    return NULL;
}

/* VmHWM of this process, in KiB (0 if /proc cannot tell). */
static long
peak_rss_kb(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    char  line[256];
    long  kb = 0;

    if (f == NULL)
        return 0;
    while (fgets(line, sizeof(line), f) != NULL)
        if (sscanf(line, "VmHWM: %ld", &kb) == 1)
            break;
    fclose(f);
    return kb;
}

static int
usage(void)
{
    fprintf(stderr, "usage: pipe [-f] [-t THREADS] [-s SYNCS_TOPIC] [-e TXN_PREFIX OFFSETS_TOPIC] "
            "[-X key=value]... "
            "[-Y key=value]... SOURCE_BOOTSTRAP TOPIC TARGET_BOOTSTRAP DEST_TOPIC\n");
    return 2;
}

/* Adds "key=value" (split in place) to props; false when it has no '=' or props is full. */
static bool
add_prop(pipe_props *props, char *kv)
{
    char *eq = strchr(kv, '=');

    if (eq == NULL || props->n >= PIPE_MAX_X)
        return false;
    *eq = '\0';
    props->kv[props->n][0] = kv;
    props->kv[props->n][1] = eq + 1;
    props->n++;
    return true;
}

int
main(int argc, char **argv)
{
    pipe_opts    o = { 0 };
    int          nthreads = 1, a = 1, nparts, rc = 0;
    rd_kafka_t  *meta;
    const struct rd_kafka_metadata *md = NULL;
    rd_kafka_topic_t *rkt;
    pipe_thread *threads;
    int64_t      records = 0, bytes = 0, syncs = 0, txns = 0, commit_ns = 0, start, end;

    for (; a < argc && argv[a][0] == '-'; a++) {
        if (strcmp(argv[a], "-f") == 0) {
            follow = true;
        } else if (strcmp(argv[a], "-t") == 0 && a + 1 < argc) {
            nthreads = atoi(argv[++a]);
        } else if (strcmp(argv[a], "-s") == 0 && a + 1 < argc) {
            o.syncs_topic = argv[++a];
        } else if (strcmp(argv[a], "-e") == 0 && a + 2 < argc) {
            o.txn_prefix = argv[++a];
            o.offsets_topic = argv[++a];
        } else if (strcmp(argv[a], "-X") == 0 && a + 1 < argc) {
            if (!add_prop(&o.x, argv[++a]))
                return usage();
        } else if (strcmp(argv[a], "-Y") == 0 && a + 1 < argc) {
            if (!add_prop(&o.y, argv[++a]))
                return usage();
        } else {
            return usage();
        }
    }
    if (argc - a != 4 || nthreads < 1)
        return usage();
    o.source = argv[a];
    o.topic = argv[a + 1];
    o.target = argv[a + 2];
    o.dest = argv[a + 3];

    /* Partitions and their watermarks, before any thread starts. */
    if ((meta = client(&o.x, RD_KAFKA_CONSUMER, o.source, NULL, NULL, NULL)) == NULL)
        return 1;
    rkt = rd_kafka_topic_new(meta, o.topic, NULL);
    /* A topic created a moment ago (the latency scenario's) may not be known yet. */
    for (int64_t until = now_ns() + STARTUP_WAIT_NS;;) {
        if (rd_kafka_metadata(meta, 0, rkt, &md, 30000) == RD_KAFKA_RESP_ERR_NO_ERROR &&
            md->topic_cnt == 1 && md->topics[0].err == RD_KAFKA_RESP_ERR_NO_ERROR &&
            md->topics[0].partition_cnt > 0)
            break;
        if (md != NULL)
            rd_kafka_metadata_destroy(md);
        md = NULL;
        if (now_ns() >= until) {
            fprintf(stderr, "pipe: no metadata for topic %s\n", o.topic);
            return 1;
        }
        nanosleep(&(struct timespec) { 0, 50000000 }, NULL);
    }
    nparts = md->topics[0].partition_cnt;
    if (nthreads > nparts)
        nthreads = nparts;
    threads = calloc((size_t) nthreads, sizeof(*threads));
    for (int i = 0; i < nthreads; i++) {
        threads[i].opts = &o;
        threads[i].index = i;
        kc_wbuf_init(&threads[i].sync_key);
        kc_wbuf_init(&threads[i].sync_value);
        threads[i].parts = calloc((size_t) nparts, sizeof(int32_t));
        threads[i].low = calloc((size_t) nparts, sizeof(int64_t));
        threads[i].high = calloc((size_t) nparts, sizeof(int64_t));
    }
    for (int p = 0; p < nparts; p++) {
        pipe_thread *t = &threads[p % nthreads];
        int32_t      id = md->topics[0].partitions[p].id;
        int64_t      lo, hi;
        rd_kafka_resp_err_t e;
        /* Refused ("not leader") while the broker creates a new topic's logs: ask again. */
        for (int64_t until = now_ns() + STARTUP_WAIT_NS;
             (e = rd_kafka_query_watermark_offsets(meta, o.topic, id, &lo, &hi, 30000)) !=
             RD_KAFKA_RESP_ERR_NO_ERROR;) {
            if (now_ns() >= until) {
                fprintf(stderr, "pipe: no watermarks for %s-%d: %s\n", o.topic, id,
                        rd_kafka_err2str(e));
                return 1;
            }
            nanosleep(&(struct timespec) { 0, 50000000 }, NULL);
        }
        t->parts[t->nparts] = id;
        t->low[t->nparts] = lo;
        t->high[t->nparts] = hi;
        t->nparts++;
        t->expected += hi - lo;
    }
    rd_kafka_metadata_destroy(md);
    rd_kafka_topic_destroy(rkt);
    rd_kafka_destroy(meta);

    signal(SIGTERM, on_stop_signal);
    signal(SIGINT, on_stop_signal);
    for (int i = 0; i < nthreads; i++)
        pthread_create(&threads[i].tid, NULL, pipe_main, &threads[i]);
    for (int i = 0; i < nthreads; i++) {
        pthread_join(threads[i].tid, NULL);
        records += threads[i].delivered;
        bytes += threads[i].bytes;
        syncs += threads[i].syncs_sent;
        txns += threads[i].txns;
        commit_ns += threads[i].commit_ns;
        if (threads[i].failed) {
            fprintf(stderr, "pipe: thread %d: %" PRId64 " of %" PRId64 " records delivered, "
                    "%" PRId64 " errors\n", i, threads[i].delivered, threads[i].expected,
                    threads[i].errors);
            rc = 1;
        }
    }
    end = now_ns();
    start = atomic_load(&first_ns);
    printf("{\"records\": %" PRId64 ", \"bytes\": %" PRId64 ", \"seconds\": %.3f, "
           "\"peak_rss_kb\": %ld, \"offset_syncs\": %" PRId64 ", \"transactions\": %" PRId64
           ", \"commit_seconds\": %.3f}\n", records, bytes,
           start > 0 ? (double) (end - start) / 1e9 : 0.0, peak_rss_kb(), syncs, txns,
           (double) commit_ns / 1e9);
    for (int i = 0; i < nthreads; i++) {
        free(threads[i].parts);
        free(threads[i].low);
        free(threads[i].high);
    }
    free(threads);
    return rc;
}
