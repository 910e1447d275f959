/*
 * worker/kafka_log.c - see kafka_log.h.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "worker/kafka_log.h"

#include <librdkafka/rdkafka.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "worker/kafka.h"
#include "lib/log.h"

struct kc_klog {
    char              *topic;
    rd_kafka_t        *consumer;
    rd_kafka_t        *producer;
    rd_kafka_queue_t  *queue;          /* the consumer's queue */
    int32_t            partitions;
    bool               assigned;       /* the consumer reads (since the first read) */
    bool               partial;        /* ... only the partitions the first read had to
                                        * read, until it reached their end */
    int64_t           *position;       /* next offset to read, per partition */
    kc_klog_record_fn  fn;
    void              *opaque;
    atomic_int         failed_sends;   /* delivery failures since the last flush */
    char               last_error[256];
    const atomic_bool *stop;           /* kc_klog_set_stop's flag, or NULL */
};

/* How long one wait for the brokers may last once a stop flag is set: a flush or a read
 * checks the flag at least this often. A ListOffsets round still unanswered then is asked
 * again, so it is long enough for any broker that answers at all. */
#define STOP_CHECK_MS      100
#define STOP_CHECK_LIST_MS 5000

static bool
stopping(const kc_klog *l)
{
    return l->stop != NULL && atomic_load(l->stop);
}

static int
stopped(const kc_klog *l, kc_err *err)
{
    return kc_err_set(err, KC_ESTOPPED, "stopping: gave up waiting for %s", l->topic);
}

/* librdkafka thread: counts failures for the next flush to report. */
static void
delivery_cb(rd_kafka_t *rk, const rd_kafka_message_t *m, void *opaque)
{
    kc_klog *l = m->_private;

    (void) rk;
    (void) opaque;
    if (m->err != RD_KAFKA_RESP_ERR_NO_ERROR) {
        atomic_fetch_add(&l->failed_sends, 1);
        snprintf(l->last_error, sizeof(l->last_error), "%s", rd_kafka_err2str(m->err));
        kc_log_error("klog", "write to %s failed: %s", l->topic, rd_kafka_err2str(m->err));
    }
}

/* The longest pause between two looks at a topic created a moment ago. Its partitions'
 * metadata shows up, then the broker becomes leader of them one by one (creating each log,
 * a few ms each, more on a busy broker), and the worker can do nothing else meanwhile: a
 * look every 20 ms at most wastes little of that wait. A look is one small request. */
#define RETRY_CAP_MS 20

/* Broker answers that mean "not yet" for a topic created a moment ago: a partition whose
 * leadership is still settling ("Leader epoch is newer than broker epoch") or whose
 * offsets are not yet readable, and a topic the producer's metadata does not show yet (the
 * local unknown-partition/topic errors). */
static bool
transient(rd_kafka_resp_err_t e)
{
    return e == RD_KAFKA_RESP_ERR_UNKNOWN_TOPIC_OR_PART ||
           e == RD_KAFKA_RESP_ERR__UNKNOWN_PARTITION ||
           e == RD_KAFKA_RESP_ERR__UNKNOWN_TOPIC ||
           e == RD_KAFKA_RESP_ERR_LEADER_NOT_AVAILABLE ||
           e == RD_KAFKA_RESP_ERR_NOT_LEADER_FOR_PARTITION ||
           e == RD_KAFKA_RESP_ERR_UNKNOWN_LEADER_EPOCH ||
           e == RD_KAFKA_RESP_ERR_FENCED_LEADER_EPOCH ||
           e == RD_KAFKA_RESP_ERR_OFFSET_NOT_AVAILABLE ||
           e == RD_KAFKA_RESP_ERR_REPLICA_NOT_AVAILABLE ||
           e == RD_KAFKA_RESP_ERR__TRANSPORT;
}

/* Every partition's start (which = OFFSET_BEGINNING) or end (OFFSET_END) offset into
 * out[], asked through rk in one ListOffsets round per try; transient refusals are retried
 * (back-off up to RETRY_CAP_MS) until deadline. what names the offsets in errors. */
static int
list_offsets(kc_klog *l, rd_kafka_t *rk, int64_t which, int64_t *out, int64_t deadline,
             const char *what, kc_err *err)
{
    int delay = KC_BACKOFF_FIRST_MS;

    for (;;) {
        rd_kafka_topic_partition_list_t *q = rd_kafka_topic_partition_list_new(l->partitions);
        rd_kafka_resp_err_t              e;
        int64_t                          wait_ms = deadline - kc_mono_ms();
        for (int32_t p = 0; p < l->partitions; p++)
            rd_kafka_topic_partition_list_add(q, l->topic, p)->offset = which;
        if (l->stop != NULL && wait_ms > STOP_CHECK_LIST_MS)
            wait_ms = STOP_CHECK_LIST_MS;
        e = rd_kafka_offsets_for_times(rk, q, (int) wait_ms);
        for (int i = 0; e == RD_KAFKA_RESP_ERR_NO_ERROR && i < q->cnt; i++) {
            if (q->elems[i].err != RD_KAFKA_RESP_ERR_NO_ERROR)
                e = q->elems[i].err;
            else if (q->elems[i].partition >= 0 && q->elems[i].partition < l->partitions)
                out[q->elems[i].partition] = q->elems[i].offset;
        }
        rd_kafka_topic_partition_list_destroy(q);
        if (e == RD_KAFKA_RESP_ERR_NO_ERROR)
            return KC_OK;
        if (stopping(l))
            return stopped(l, err);
        if (e == RD_KAFKA_RESP_ERR__TIMED_OUT && kc_mono_ms() < deadline)
            continue;                           /* a stop check's slice: ask again */
        if (!transient(e) || kc_mono_ms() >= deadline)
            return kc_err_set(err, e == RD_KAFKA_RESP_ERR__TIMED_OUT ? KC_ETIMEOUT : KC_EKAFKA,
                              "%s of %s: %s", what, l->topic, rd_kafka_err2str(e));
        kc_log_debug("kafka", "%s of %s: %s; asking again in %d ms", what, l->topic,
                     rd_kafka_err2str(e), delay);
        /* The local unknown-partition/topic errors come from rk's metadata cache, not from
         * a broker: a topic cached with fewer partitions than it has (seen from a broker
         * whose metadata lagged just after the topic was created) stays so until the cache
         * is refreshed (topic.metadata.refresh.interval.ms, 5 minutes), as librdkafka does
         * not ask again for a partition it considers missing. One Metadata request for the
         * topic through rk refreshes it; its answer is not needed here. */
        if (e == RD_KAFKA_RESP_ERR__UNKNOWN_PARTITION || e == RD_KAFKA_RESP_ERR__UNKNOWN_TOPIC) {
            int64_t left = deadline - kc_mono_ms();
            int     ignored;
            kc_kafka_topic_partitions(rk, l->topic,
                                      (int) (left > 1000 ? 1000 : left > 0 ? left : 1),
                                      &ignored, NULL);
        }
        kc_backoff_sleep(&delay, RETRY_CAP_MS, deadline);
    }
}

/* Assigns, at l->position, the partitions still short of end[] (every one when end is NULL). */
static int
assign(kc_klog *l, const int64_t *end, kc_err *err)
{
    rd_kafka_topic_partition_list_t *parts = rd_kafka_topic_partition_list_new(l->partitions);
    int                              rc = KC_OK;

    for (int32_t p = 0; p < l->partitions; p++)
        if (end == NULL || l->position[p] < end[p])
            rd_kafka_topic_partition_list_add(parts, l->topic, p)->offset = l->position[p];
    if (rd_kafka_assign(l->consumer, parts) != RD_KAFKA_RESP_ERR_NO_ERROR)
        rc = kc_err_set(err, KC_EKAFKA, "cannot assign the partitions of '%s'", l->topic);
    rd_kafka_topic_partition_list_destroy(parts);
    return rc;
}

/* The consumer starts reading, from the beginning as Java's seekToBeginning, given every
 * partition's end offset: a partition whose end is 0 is empty and starts at 0; the others'
 * start offsets are asked in one ListOffsets round (retried while the leaders of a topic
 * created a moment ago settle). Assigned at OFFSET_BEGINNING instead, the consumer would
 * look each partition up on its own and ask again only after 500 ms when a leader is not
 * ready yet. Done at the first read rather than at open: a log read only later (the
 * offsets, when a task starts) does not hold up start-up while the brokers become leaders
 * of its partitions.
 *
 * Only the partitions with records to read are assigned now; the others (nothing between
 * their start and end) once those are read to their end (read_to_end). librdkafka starts
 * assigned partitions one by one and keeps one Fetch in flight per broker, and a broker
 * holds a Fetch for up to fetch.wait.max.ms when none of its partitions has records: a
 * first Fetch made only of partitions with nothing to read held back the ones with records
 * until it returned (the status topic's 100 ms, on about one restart in ten of make bench;
 * the offsets topic's 500 ms, for a task's first read of stored offsets). */
static int
start_reading(kc_klog *l, const int64_t *end, int64_t deadline, kc_err *err)
{
    bool    empty = true;
    int32_t behind = 0;
    int     rc;

    for (int32_t p = 0; p < l->partitions; p++)
        empty = empty && end[p] == 0;
    if (!empty && (rc = list_offsets(l, l->consumer, RD_KAFKA_OFFSET_BEGINNING, l->position,
                                     deadline, "start offsets", err)) != KC_OK)
        return rc;
    for (int32_t p = 0; p < l->partitions; p++)
        behind += l->position[p] < end[p];
    l->partial = behind > 0 && behind < l->partitions;
    rc = assign(l, l->partial ? end : NULL, err);
    l->assigned = rc == KC_OK;
    return rc;
}

kc_klog *
kc_klog_open(const kc_props *props, const char *prefix, const char *topic,
             const char *client_id_base, const char *const *extra_producer,
             int fetch_wait_ms, bool read_committed, kc_klog_record_fn fn, void *opaque,
             kc_err *err)
{
    kc_klog                         *l = kc_xcalloc(1, sizeof(*l));
    char                            *pid = kc_xasprintf("%s-producer", client_id_base);
    char                            *wait_key = kc_xasprintf("%sfetch.max.wait.ms", prefix);
    /* fetch_wait_ms, unless the worker config sets fetch.max.wait.ms (see kafka_log.h and
     * the callers for why a store asks for its own). */
    bool                             own_wait = fetch_wait_ms > 0 &&
                                                kc_props_get(props, wait_key) == NULL;
    char                             wait_ms[16];
    /* isolation.level: forced with read_committed, else as props say (librdkafka's default
     * is read_committed). */
    const char                      *consumer_extra[17] = {
        "client.id", client_id_base, "enable.auto.commit", "false",
        "enable.auto.offset.store", "false", "enable.partition.eof", "false",
        "group.id", client_id_base, "auto.offset.reset", "earliest" };
    size_t                           nc = 12;
    const char                      *producer_base[32];
    size_t                           np = 0;
    int                              partitions, delay = KC_BACKOFF_FIRST_MS;
    int64_t                          deadline;

    snprintf(wait_ms, sizeof(wait_ms), "%d", fetch_wait_ms);
    if (own_wait) {
        consumer_extra[nc++] = "fetch.wait.max.ms";
        consumer_extra[nc++] = wait_ms;
    }
    if (read_committed) {
        consumer_extra[nc++] = "isolation.level";
        consumer_extra[nc++] = "read_committed";
    }
    consumer_extra[nc] = NULL;
    l->topic = kc_xstrdup(topic);
    l->fn = fn;
    l->opaque = opaque;
    producer_base[np++] = "client.id";
    producer_base[np++] = pid;
    producer_base[np++] = "partitioner";
    producer_base[np++] = "murmur2_random";          /* Java's default partitioner */
    producer_base[np++] = "acks";
    producer_base[np++] = "all";
    producer_base[np++] = "linger.ms";
    producer_base[np++] = "0";
    /* The producer also lists the end offsets a read to the end waits for: the high
     * watermark, as Java's admin lists them (READ_UNCOMMITTED), not the last stable offset,
     * which lags a transaction just committed (the leader's config writes, the tasks'
     * offsets under exactly-once) until its markers are written, and would let a read end
     * before the records it was waiting for. librdkafka reads this consumer setting for a
     * producer's ListOffsets too (the warning it logs for it is dropped: worker/kafka.c). */
    producer_base[np++] = "isolation.level";
    producer_base[np++] = "read_uncommitted";
    for (const char *const *e = extra_producer; e != NULL && e[0] != NULL && np < 30; e += 2) {
        producer_base[np++] = e[0];
        producer_base[np++] = e[1];
    }
    producer_base[np] = NULL;

    /* Consumer: no group membership (assign only); the group.id is only a name. */
    if ((l->consumer = kc_kafka_new(RD_KAFKA_CONSUMER, props, prefix, consumer_extra, err)) == NULL)
        goto fail;
    if ((l->producer = kc_kafka_new_ex(RD_KAFKA_PRODUCER, props, prefix, producer_base,
                                       &(kc_kafka_hooks) { .dr_msg_cb = delivery_cb }, err)) == NULL)
        goto fail;
    /* A topic created a moment ago reaches every broker's metadata a little later. */
    deadline = kc_mono_ms() + 30000;
    for (;;) {
        if (kc_kafka_topic_partitions(l->consumer, topic, 30000, &partitions, err) != KC_OK)
            goto fail;
        if (partitions > 0)
            break;
        if (kc_mono_ms() >= deadline) {
            kc_err_set(err, KC_ENOTFOUND, "Could not look up partition metadata for topic '%s' "
                       "in the allotted period. This could indicate a connectivity issue, "
                       "unavailable topic partitions, or if this is your first use of the topic "
                       "it may have taken too long to create.", topic);
            goto fail;
        }
        kc_backoff_sleep(&delay, RETRY_CAP_MS, deadline);
    }
    l->partitions = partitions;
    l->position = kc_xcalloc((size_t) partitions, sizeof(*l->position));
    l->queue = rd_kafka_queue_get_consumer(l->consumer);
    /* The producer is connected before its first use (a read to the end asks it for end
     * offsets), which would otherwise wait (kc_kafka_connect says how long). A failure
     * here shows again, with its own message, where the producer is used. */
    kc_kafka_connect(l->producer, (int) (deadline > kc_mono_ms() ? deadline - kc_mono_ms() : 0),
                     &(kc_err) { 0, "" });
    free(pid);
    free(wait_key);
    return l;
fail:
    free(pid);
    free(wait_key);
    kc_klog_close(l);
    return NULL;
}

void
kc_klog_close(kc_klog *l)
{
    if (l == NULL)
        return;
    if (l->queue != NULL)
        rd_kafka_queue_destroy(l->queue);
    if (l->producer != NULL) {
        kc_err ignored;
        kc_klog_flush(l, 10000, &ignored);     /* not past a stop (kc_klog_set_stop) */
        kc_kafka_destroy(l->producer);
    }
    if (l->consumer != NULL) {
        rd_kafka_consumer_close(l->consumer);
        kc_kafka_destroy(l->consumer);
    }
    free(l->position);
    free(l->topic);
    free(l);
}

void
kc_klog_set_stop(kc_klog *l, const atomic_bool *stop)
{
    l->stop = stop;
}

void
kc_klog_notify(kc_klog *l, int fd)
{
    static const uint64_t one = 1;           /* an eventfd takes 8-byte counter increments */

    rd_kafka_queue_io_event_enable(l->queue, fd, &one, sizeof(one));
}

static void
deliver(kc_klog *l, rd_kafka_message_t *m)
{
    char *key = NULL;

    if (m->partition < 0 || m->partition >= l->partitions)
        return;
    if (m->key != NULL)
        key = kc_xstrndup(m->key, m->key_len);
    l->position[m->partition] = m->offset + 1;
    l->fn(l->opaque, key, m->payload, m->payload ? m->len : 0, m->partition, m->offset);
    free(key);
}

int
kc_klog_poll(kc_klog *l, int timeout_ms)
{
    rd_kafka_message_t *m;
    int                 n = 0;

    if (!l->assigned)                      /* nothing to read before the first read to end */
        return 0;
    while ((m = rd_kafka_consume_queue(l->queue, n == 0 ? timeout_ms : 0)) != NULL) {
        if (m->err == RD_KAFKA_RESP_ERR_NO_ERROR) {
            deliver(l, m);
            n++;
        } else if (m->err != RD_KAFKA_RESP_ERR__PARTITION_EOF) {
            kc_log_warn("klog", "reading %s: %s", l->topic, rd_kafka_message_errstr(m));
        }
        rd_kafka_message_destroy(m);
    }
    return n;
}

int
kc_klog_read_to_end(kc_klog *l, int timeout_ms, kc_err *err)
{
    int64_t  deadline = kc_mono_ms() + timeout_ms;
    int64_t *end = kc_xcalloc((size_t) l->partitions, sizeof(*end));
    int      rc = KC_OK;

    /* All end offsets in one ListOffsets round, not one call per partition. Asked through
     * the producer: a broker answers one request at a time per connection, and on the
     * consumer's the Fetch of an idle topic is held up to fetch.wait.max.ms first. */
    if ((rc = list_offsets(l, l->producer, RD_KAFKA_OFFSET_END, end, deadline, "end offsets",
                           err)) != KC_OK)
        goto out;
    if (!l->assigned && (rc = start_reading(l, end, deadline, err)) != KC_OK)
        goto out;
    for (;;) {
        bool caught_up = true;
        for (int32_t p = 0; p < l->partitions && caught_up; p++)
            caught_up = l->position[p] >= end[p];
        if (caught_up) {
            if (l->partial && (rc = assign(l, NULL, err)) == KC_OK)  /* now every one */
                l->partial = false;
            break;
        }
        if (stopping(l)) {
            rc = stopped(l, err);
            break;
        }
        if (kc_mono_ms() >= deadline) {
            rc = kc_err_set(err, KC_ETIMEOUT, "reading %s to its end took more than %d ms",
                            l->topic, timeout_ms);
            break;
        }
        if (kc_klog_poll(l, 100) == 0) {
            /* A partition whose last records are transaction markers or were compacted
             * away: the consumer's position is the truth there. */
            for (int32_t p = 0; p < l->partitions; p++) {
                rd_kafka_topic_partition_list_t *pos = rd_kafka_topic_partition_list_new(1);
                rd_kafka_topic_partition_list_add(pos, l->topic, p);
                if (rd_kafka_position(l->consumer, pos) == RD_KAFKA_RESP_ERR_NO_ERROR &&
                    pos->elems[0].offset > l->position[p])
                    l->position[p] = pos->elems[0].offset;
                rd_kafka_topic_partition_list_destroy(pos);
            }
        }
    }
out:
    free(end);
    return rc;
}

int
kc_klog_send(kc_klog *l, const char *key, const void *value, size_t len, kc_err *err)
{
    rd_kafka_resp_err_t e;

    e = rd_kafka_producev(l->producer, RD_KAFKA_V_TOPIC(l->topic),
                          RD_KAFKA_V_KEY(key, key ? strlen(key) : 0),
                          RD_KAFKA_V_VALUE((void *) value, value ? len : 0),
                          RD_KAFKA_V_MSGFLAGS(RD_KAFKA_MSG_F_COPY), RD_KAFKA_V_OPAQUE(l),
                          RD_KAFKA_V_END);
    if (e != RD_KAFKA_RESP_ERR_NO_ERROR)
        return kc_err_set(err, KC_EKAFKA, "write to %s: %s", l->topic, rd_kafka_err2str(e));
    rd_kafka_poll(l->producer, 0);
    return KC_OK;
}

int
kc_klog_flush(kc_klog *l, int timeout_ms, kc_err *err)
{
    int64_t deadline = kc_mono_ms() + timeout_ms;

    for (;;) {
        int64_t wait_ms = deadline - kc_mono_ms();
        if (wait_ms < 0)
            wait_ms = 0;
        if (l->stop != NULL && wait_ms > STOP_CHECK_MS)
            wait_ms = STOP_CHECK_MS;
        if (rd_kafka_flush(l->producer, (int) wait_ms) == RD_KAFKA_RESP_ERR_NO_ERROR)
            break;
        if (stopping(l))
            return stopped(l, err);
        if (kc_mono_ms() >= deadline)
            return kc_err_set(err, KC_ETIMEOUT, "writes to %s not acknowledged within %d ms",
                              l->topic, timeout_ms);
    }
    if (atomic_exchange(&l->failed_sends, 0) > 0)
        return kc_err_set(err, KC_EKAFKA, "write to %s failed: %s", l->topic, l->last_error);
    return KC_OK;
}
