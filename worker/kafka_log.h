/*
 * worker/kafka_log.h - one compacted internal topic read from the beginning and written by
 * key, as Java's KafkaBasedLog: a consumer assigned to every partition (no consumer group)
 * and a producer that partitions with Java's murmur2, so every worker, Java or C, sees the
 * same records in the same order per partition.
 *
 * "Read to end" asks the brokers for each partition's end offset and consumes until every
 * position reaches it: after it returns, everything written before the call has been seen.
 *
 * Owner: one thread consumes (the herder for the config and status topics); kc_klog_send is
 * thread-safe (librdkafka's producer is).
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_KAFKA_LOG_H
#define KC_KAFKA_LOG_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/common.h"
#include "lib/props.h"

typedef struct kc_klog kc_klog;

/* Called for each record in order: key (NUL-terminated copy, may be NULL), value (NULL for
 * a tombstone), partition and offset. */
typedef void (*kc_klog_record_fn)(void *opaque, const char *key, const void *value, size_t len,
                                  int32_t partition, int64_t offset);

/* Opens topic (which must exist) with the worker's client settings (props, keys under
 * prefix) and client ids "<client_id_base>" (consumer) and "<client_id_base>-producer".
 * extra_producer: more librdkafka producer settings ("key", "value", ..., NULL).
 * fetch_wait_ms: how long the broker may hold the consumer's Fetch of an idle topic when the
 * worker config does not set fetch.max.wait.ms; 0 for the default (500 ms, as Java's).
 * read_committed: the consumer reads committed transactions only (a worker with
 * exactly-once source support enabled reads its config and offsets topics so); a read to
 * the end then waits for transactions still open on the topic, as Java's does. Otherwise
 * isolation.level is as props say (librdkafka's default, read_committed, when they do not). */
kc_klog *kc_klog_open(const kc_props *props, const char *prefix, const char *topic,
                      const char *client_id_base, const char *const *extra_producer,
                      int fetch_wait_ms, bool read_committed, kc_klog_record_fn fn, void *opaque, kc_err *err);
void kc_klog_close(kc_klog *l);

/* Once *stop is true, kc_klog_flush, kc_klog_read_to_end (and the first read) give up with
 * KC_ESTOPPED within 100 ms of a wait, or 5 s of an unanswered ListOffsets round, instead of
 * waiting out their timeouts, and kc_klog_close no longer waits for unacknowledged writes:
 * a worker told to stop while its brokers are gone stops at once. *stop must outlive l;
 * read by whichever thread waits. */
void kc_klog_set_stop(kc_klog *l, const atomic_bool *stop);

/* From now on, an eventfd increment is written to fd whenever something arrives for a
 * poller that had taken everything (librdkafka's queue IO event), so a thread that waits
 * on fd rather than in kc_klog_poll learns of new records at once. fd must outlive l. */
void kc_klog_notify(kc_klog *l, int fd);

/* Delivers what has arrived, waiting at most timeout_ms for the first record. Returns the
 * number of records delivered. */
int kc_klog_poll(kc_klog *l, int timeout_ms);

/* Consumes until every partition's position reaches the end offset the brokers report now.
 * KC_ETIMEOUT if that takes longer than timeout_ms. The first call also starts the
 * consumer at every partition's start offset (open only finds the topic's partitions);
 * kc_klog_poll reads nothing before it. */
int kc_klog_read_to_end(kc_klog *l, int timeout_ms, kc_err *err);

/* Produces key/value (value NULL: tombstone), partitioned by murmur2 of the key.
 * Asynchronous; kc_klog_flush waits for every send so far. */
int kc_klog_send(kc_klog *l, const char *key, const void *value, size_t len, kc_err *err);
int kc_klog_flush(kc_klog *l, int timeout_ms, kc_err *err);

#endif
