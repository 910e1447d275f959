/*
 * worker/errors.h - a task's error handling (Connect's errors.* connector settings, KIP-298
 * and KIP-779): which failures a task survives, the error log and, for sink tasks, the dead
 * letter queue.
 *
 *   errors.tolerance                 none (default): the first failure fails the task;
 *                                    all: the record is skipped and the task goes on
 *   errors.log.enable                log each failure at ERROR (default false)
 *   errors.log.include.messages      ... with where the record came from (default false)
 *   errors.deadletterqueue.topic.name               sink tasks: the consumed record (key,
 *                                    value, headers, timestamp) is written there as it was
 *                                    read (default "": none)
 *   errors.deadletterqueue.topic.replication.factor the topic is created at task start
 *                                    with one partition and this factor if missing (default 3)
 *   errors.deadletterqueue.context.headers.enable   add the __connect.errors.* headers
 *                                    that say where the record came from and why it failed
 *
 * Tolerated stages, as Java's: the key, value and header converters (sink and source), and
 * for source tasks the producer's send (KIP-779: a record the target refuses is skipped and
 * its offset committed as if written). Failures of the connector's own code (put(), poll())
 * are never tolerated. As in Java, a failure is reported (logged, sent to the dead letter
 * queue) before the tolerance is checked, so with errors.tolerance=none the record that
 * fails the task is still in the dead letter queue.
 *
 * Ownership and threads: one kc_errors per task, made and used on the task's thread only.
 * The dead letter queue's producer is the handler's; kc_errors_flush() waits for what it
 * sent, so a sink commits the offset of a skipped record only once the record is in the
 * queue.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_ERRORS_H
#define KC_ERRORS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <jansson.h>
#include <librdkafka/rdkafka.h>

#include "connectors/connector.h"
#include "lib/common.h"
#include "lib/props.h"

typedef enum {
    KC_STAGE_TRANSFORMATION,
    KC_STAGE_KEY_CONVERTER,
    KC_STAGE_VALUE_CONVERTER,
    KC_STAGE_HEADER_CONVERTER,
    KC_STAGE_KAFKA_PRODUCE,
} kc_stage;

/* What Java's converters throw. */
#define KC_DATA_EXCEPTION "org.apache.kafka.connect.errors.DataException"

/* Java's Stage names ("VALUE_CONVERTER", ...). */
const char *kc_stage_name(kc_stage stage);

typedef struct kc_errors kc_errors;

/* Java's task-error-metrics of one task: written by the task's thread, read by metrics
 * scrapes (relaxed atomics). Owned by the caller, which keeps it past kc_errors_free. */
typedef struct kc_error_counts {
    _Atomic int64_t failures;          /* total-record-failures */
    _Atomic int64_t errors;            /* total-record-errors */
    _Atomic int64_t skipped;           /* total-records-skipped */
    _Atomic int64_t logged;            /* total-errors-logged */
    _Atomic int64_t dlq_requests;      /* deadletterqueue-produce-requests */
    _Atomic int64_t dlq_failures;      /* deadletterqueue-produce-failures */
    _Atomic int64_t last_error_ms;     /* last-error-timestamp (0: none) */
} kc_error_counts;

/* What failed, in Java's terms: the class that was executing (a converter's Java class, or
 * the worker's task class), the exception's class and its message. */
typedef struct kc_failure {
    kc_stage    stage;
    const char *executing_class;
    const char *exception_class;
    const char *message;
} kc_failure;

/* The handler of task <connector>-<task>, from its connector config; it counts into
 * counts (may be NULL). For a sink with a dead
 * letter queue: the topic is created if missing (through a client made from admin_props)
 * and a producer is made from producer_props (the task's producer settings; its client.id
 * is set here). NULL with err set when that fails ("Could not initialize dead letter queue
 * with topic=...", Java's message), which fails the task. */
kc_errors *kc_errors_new(const char *connector, int task, const json_t *connector_config,
                         bool sink, const kc_props *admin_props, const kc_props *producer_props,
                         kc_error_counts *counts, kc_err *err);
void       kc_errors_free(kc_errors *e);

/* A sink record that failed conversion: logged and sent to the dead letter queue as
 * configured. True when tolerated (skip the record), false when the task must fail. */
bool kc_errors_sink_failed(kc_errors *e, const kc_failure *f, const rd_kafka_message_t *m);

/* A source record that failed (transformation, conversion or send): logged as configured,
 * where it goes and where it came from (topic NULL or partition -1 when not known;
 * source_partition and source_offset may be NULL), and, given the connector's record (rec,
 * may be NULL once the worker no longer holds it), its key, value, timestamp and headers as
 * Java's ConnectRecord.toString. True when tolerated. */
bool kc_errors_source_failed(kc_errors *e, const kc_failure *f, const char *topic,
                             int32_t partition, const json_t *source_partition,
                             const json_t *source_offset, const kc_record *rec);

/* errors.tolerance=all. */
bool kc_errors_tolerate_all(const kc_errors *e);

/* The Java exception class a producer error stands for (RecordTooLargeException, ...;
 * KafkaException when there is no closer one). */
const char *kc_errors_producer_exception(rd_kafka_resp_err_t err);

/* The message of the exception Java's clients raise for a broker's error code, where the
 * broker's refusal is all it says (an authorization failure); NULL for the others, whose
 * messages carry more than the code. */
const char *kc_errors_java_message(rd_kafka_resp_err_t err);

/* Waits until the dead letter queue has everything sent to it (KC_OK at once without one).
 * KC_ETIMEOUT or KC_EKAFKA (a record the queue refused) with err set. */
int kc_errors_flush(kc_errors *e, int timeout_ms, kc_err *err);

/* Serves the dead letter queue producer's delivery reports (cheap; call once per batch). */
void kc_errors_poll(kc_errors *e);

#endif
