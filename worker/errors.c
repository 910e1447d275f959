/*
 * worker/errors.c - see errors.h.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "worker/errors.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lib/configdef.h"
#include "lib/data.h"
#include "lib/json_java.h"
#include "worker/kafka.h"
#include "lib/log.h"

#define DLQ_PARTITIONS      1                  /* Java's DLQ_NUM_DESIRED_PARTITIONS */
#define DLQ_SETUP_TIMEOUT   60000
#define HEADER_PREFIX       "__connect.errors."

struct kc_errors {
    char       *connector;
    int         task;
    bool        tolerate_all;
    bool        log_enable, log_include_messages;
    bool        context_headers;
    char       *dlq_topic;             /* NULL: no dead letter queue */
    rd_kafka_t *dlq_producer;
    kc_error_counts *counts;           /* the caller's, or own_counts */
    kc_error_counts  own_counts;
};

static void
count(_Atomic int64_t *c, int64_t n)
{
    atomic_store_explicit(c, atomic_load_explicit(c, memory_order_relaxed) + n,
                          memory_order_relaxed);
}

/* A failure: total-record-failures, the error Java records, and a skip when tolerated. */
static void
count_failure(kc_errors *e)
{
    count(&e->counts->failures, 1);
    count(&e->counts->errors, 1);
    if (e->tolerate_all)
        count(&e->counts->skipped, 1);
    atomic_store_explicit(&e->counts->last_error_ms, kc_wall_ms(), memory_order_relaxed);
}

const char *
kc_stage_name(kc_stage stage)
{
    switch (stage) {
    case KC_STAGE_TRANSFORMATION:   return "TRANSFORMATION";
    case KC_STAGE_KEY_CONVERTER:    return "KEY_CONVERTER";
    case KC_STAGE_VALUE_CONVERTER:  return "VALUE_CONVERTER";
    case KC_STAGE_HEADER_CONVERTER: return "HEADER_CONVERTER";
    case KC_STAGE_KAFKA_PRODUCE:    return "KAFKA_PRODUCE";
    }
    return "?";
}

/* A connector setting as text, trimmed as Java's ConfigDef trims it (a new string; NULL
 * when unset): strings as they are, other JSON scalars as their JSON. The REST layer has
 * validated the errors.* settings already; a value it would refuse reads as the default. */
static char *
setting(const json_t *config, const char *key)
{
    const json_t *v = json_object_get(config, key);
    char          buf[32];

    if (json_is_string(v))
        return kc_java_trim(json_string_value(v));
    if (json_is_true(v) || json_is_false(v))
        return kc_xstrdup(json_is_true(v) ? "true" : "false");
    if (json_is_integer(v)) {
        snprintf(buf, sizeof(buf), "%" JSON_INTEGER_FORMAT, json_integer_value(v));
        return kc_xstrdup(buf);
    }
    return NULL;
}

static bool
setting_is(const json_t *config, const char *key, const char *value)
{
    char *v = setting(config, key);
    bool  is = v != NULL && strcasecmp(v, value) == 0;

    free(v);
    return is;
}

static void
dlq_delivered(rd_kafka_t *rk, const rd_kafka_message_t *m, void *opaque)
{
    kc_errors *e = kc_kafka_user(rk);

    (void) opaque;
    if (m->err == RD_KAFKA_RESP_ERR_NO_ERROR)
        return;
    count(&e->counts->dlq_failures, 1);
    kc_log_error("task", "Could not produce message to dead letter queue. topic=%s: %s",
                 rd_kafka_topic_name(m->rkt), rd_kafka_err2str(m->err));
}

/* Until the producer's metadata has the queue's topic (DLQ_SETUP_TIMEOUT at most). A topic
 * created a moment ago reaches the brokers' metadata a little later; a producer that first
 * learns it as unknown holds what is sent to it until a later metadata refresh, which can
 * come after a failing task has given up waiting for its last record to be written. */
static void
dlq_await_metadata(kc_errors *e)
{
    int64_t deadline = kc_mono_ms() + DLQ_SETUP_TIMEOUT;
    int     delay = KC_BACKOFF_FIRST_MS, partitions = -1;
    kc_err  ignored;

    while (kc_kafka_topic_partitions(e->dlq_producer, e->dlq_topic, 5000, &partitions,
                                     &ignored) == KC_OK && partitions <= 0 &&
           kc_mono_ms() < deadline)
        kc_backoff_sleep(&delay, 1000, deadline);
}

/* Java's createAndSetup: the topic (one partition, the configured factor) if it is missing,
 * then the producer. */
static int
dlq_setup(kc_errors *e, const json_t *config, const kc_props *admin_props,
          const kc_props *producer_props, kc_err *err)
{
    char       *client_id;
    char       *rf_text = setting(config, "errors.deadletterqueue.topic.replication.factor");
    int         rf = rf_text != NULL ? atoi(rf_text) : 3;
    bool        created = false;
    rd_kafka_t *admin;
    kc_err      why;
    int         rc;

    free(rf_text);
    client_id = kc_xasprintf("connector-dlq-adminclient-%s-%d", e->connector, e->task);
    admin = kc_kafka_new(RD_KAFKA_PRODUCER, admin_props, "",
                         (const char *const[]) { "client.id", client_id, NULL }, &why);
    free(client_id);
    rc = admin == NULL ? why.code
       : kc_kafka_create_topic(admin, e->dlq_topic, DLQ_PARTITIONS, rf, NULL, DLQ_SETUP_TIMEOUT,
                               &created, &why);
    kc_kafka_destroy(admin);
    if (rc != KC_OK)
        return kc_err_set(err, rc, "Could not initialize dead letter queue with topic=%s: %s",
                          e->dlq_topic, why.msg);
    if (created)
        kc_log_info("task", "[%s-%d] created dead letter queue topic %s", e->connector, e->task,
                    e->dlq_topic);
    client_id = kc_xasprintf("connector-dlq-producer-%s-%d", e->connector, e->task);
    e->dlq_producer = kc_kafka_new_ex(RD_KAFKA_PRODUCER, producer_props, "",
                                      (const char *const[]) { "client.id", client_id, NULL },
                                      &(kc_kafka_hooks) { .dr_msg_cb = dlq_delivered, .user = e },
                                      &why);
    free(client_id);
    if (e->dlq_producer == NULL)
        return kc_err_set(err, why.code, "Could not initialize dead letter queue with "
                          "topic=%s: %s", e->dlq_topic, why.msg);
    dlq_await_metadata(e);
    return KC_OK;
}

kc_errors *
kc_errors_new(const char *connector, int task, const json_t *config, bool sink,
              const kc_props *admin_props, const kc_props *producer_props,
              kc_error_counts *counts, kc_err *err)
{
    kc_errors *e = kc_xcalloc(1, sizeof(*e));
    char      *dlq = sink ? setting(config, "errors.deadletterqueue.topic.name") : NULL;

    e->connector = kc_xstrdup(connector);
    e->task = task;
    e->counts = counts != NULL ? counts : &e->own_counts;
    e->tolerate_all = setting_is(config, "errors.tolerance", "all");
    e->log_enable = setting_is(config, "errors.log.enable", "true");
    e->log_include_messages = setting_is(config, "errors.log.include.messages", "true");
    e->context_headers = setting_is(config, "errors.deadletterqueue.context.headers.enable",
                                    "true");
    if (dlq != NULL && *dlq != '\0')        /* empty: no queue */
        e->dlq_topic = dlq;
    else
        free(dlq);
    if (e->dlq_topic != NULL && dlq_setup(e, config, admin_props, producer_props, err) != KC_OK) {
        kc_errors_free(e);
        return NULL;
    }
    return e;
}

void
kc_errors_free(kc_errors *e)
{
    if (e == NULL)
        return;
    if (e->dlq_producer != NULL) {
        rd_kafka_flush(e->dlq_producer, 30000);      /* as the sink's last commit waits */
        rd_kafka_poll(e->dlq_producer, 0);
        kc_kafka_destroy(e->dlq_producer);
    }
    free(e->dlq_topic);
    free(e->connector);
    free(e);
}

/* LogReporter: "Error encountered in task c-0. Executing stage 'S' with class 'C'<where>."
 * and the exception on the next line, as Java's logger prints the message and the
 * throwable's first line. where: the record's description, NULL unless
 * errors.log.include.messages (describes_records). */
static void
log_failure(kc_errors *e, const kc_failure *f, const char *where)
{
    if (!e->log_enable)
        return;
    count(&e->counts->logged, 1);
    kc_log_error("task", "Error encountered in task %s-%d. Executing stage '%s' with class "
                 "'%s'%s.\n%s: %s", e->connector, e->task, kc_stage_name(f->stage),
                 f->executing_class ? f->executing_class : "null", where ? where : "",
                 f->exception_class, f->message);
}

/* Whether the error log describes the failed record (only then is it described). */
static bool
describes_records(const kc_errors *e)
{
    return e->log_enable && e->log_include_messages;
}

static void
add_text_header(rd_kafka_headers_t *h, const char *name, const char *text)
{
    rd_kafka_header_add(h, name, -1, text, text ? (ssize_t) strlen(text) : -1);
}

/* The consumed record, as read, into the dead letter queue (DeadLetterQueueReporter). */
static void
dlq_send(kc_errors *e, const kc_failure *f, const rd_kafka_message_t *m)
{
    rd_kafka_headers_t *orig = NULL, *hdrs;
    rd_kafka_timestamp_type_t tstype;
    int64_t             ts = rd_kafka_message_timestamp(m, &tstype);
    rd_kafka_resp_err_t err;
    char                num[32];

    hdrs = rd_kafka_message_headers(m, &orig) == RD_KAFKA_RESP_ERR_NO_ERROR
         ? rd_kafka_headers_copy(orig) : rd_kafka_headers_new(e->context_headers ? 10 : 0);
    if (e->context_headers) {
        char *trace = kc_xasprintf("%s: %s\n\tat kconnect.WorkerSinkTask(%s-%d)\n",
                                   f->exception_class, f->message, e->connector, e->task);
        add_text_header(hdrs, HEADER_PREFIX "topic", rd_kafka_topic_name(m->rkt));
        snprintf(num, sizeof(num), "%" PRId32, m->partition);
        add_text_header(hdrs, HEADER_PREFIX "partition", num);
        snprintf(num, sizeof(num), "%" PRId64, m->offset);
        add_text_header(hdrs, HEADER_PREFIX "offset", num);
        add_text_header(hdrs, HEADER_PREFIX "connector.name", e->connector);
        snprintf(num, sizeof(num), "%d", e->task);
        add_text_header(hdrs, HEADER_PREFIX "task.id", num);
        add_text_header(hdrs, HEADER_PREFIX "stage", kc_stage_name(f->stage));
        add_text_header(hdrs, HEADER_PREFIX "class.name", f->executing_class);
        add_text_header(hdrs, HEADER_PREFIX "exception.class.name", f->exception_class);
        add_text_header(hdrs, HEADER_PREFIX "exception.message", f->message);
        add_text_header(hdrs, HEADER_PREFIX "exception.stacktrace", trace);
        free(trace);
    }
    for (;;) {
        err = rd_kafka_producev(e->dlq_producer, RD_KAFKA_V_TOPIC(e->dlq_topic),
                                RD_KAFKA_V_KEY(m->key, m->key_len),
                                RD_KAFKA_V_VALUE(m->payload, m->len),
                                RD_KAFKA_V_TIMESTAMP(tstype == RD_KAFKA_TIMESTAMP_NOT_AVAILABLE
                                                     ? 0 : ts),
                                RD_KAFKA_V_HEADERS(hdrs),
                                RD_KAFKA_V_MSGFLAGS(RD_KAFKA_MSG_F_COPY), RD_KAFKA_V_END);
        if (err != RD_KAFKA_RESP_ERR__QUEUE_FULL)
            break;
        rd_kafka_poll(e->dlq_producer, 100);           /* back-pressure */
    }
    count(&e->counts->dlq_requests, 1);
    if (err != RD_KAFKA_RESP_ERR_NO_ERROR) {
        count(&e->counts->dlq_failures, 1);
        rd_kafka_headers_destroy(hdrs);                 /* not taken by the producer */
        kc_log_error("task", "Could not produce message to dead letter queue. topic=%s: %s",
                     e->dlq_topic, rd_kafka_err2str(err));
    }
}

bool
kc_errors_sink_failed(kc_errors *e, const kc_failure *f, const rd_kafka_message_t *m)
{
    char                      where[512];
    rd_kafka_timestamp_type_t tstype;
    int64_t                   ts = rd_kafka_message_timestamp(m, &tstype);
    int                       n;

    if (describes_records(e)) {
        n = snprintf(where, sizeof(where), ", where consumed record is {topic='%s', "
                     "partition=%" PRId32 ", offset=%" PRId64, rd_kafka_topic_name(m->rkt),
                     m->partition, m->offset);
        if (n >= 0 && (size_t) n < sizeof(where) && tstype != RD_KAFKA_TIMESTAMP_NOT_AVAILABLE)
            n += snprintf(where + n, sizeof(where) - (size_t) n, ", timestamp=%" PRId64
                          ", timestampType=%s", ts,
                          tstype == RD_KAFKA_TIMESTAMP_LOG_APPEND_TIME ? "LogAppendTime"
                                                                       : "CreateTime");
        if (n >= 0 && (size_t) n < sizeof(where))
            snprintf(where + n, sizeof(where) - (size_t) n, "}");
    }
    count_failure(e);
    log_failure(e, f, describes_records(e) ? where : NULL);
    if (e->dlq_producer != NULL)
        dlq_send(e, f, m);
    return e->tolerate_all;
}

/* A byte[] as Java's String.valueOf prints it: "[B@" and an identity hash, which names an
 * object of Java's heap; here a hash of the bytes (FNV-1a) in its place. */
static void
put_byte_array(kc_wbuf *out, const void *p, size_t n)
{
    const uint8_t *b = p;
    uint32_t       h = 2166136261u;
    char           text[16];

    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 16777619u;
    snprintf(text, sizeof(text), "[B@%x", h);
    kc_wbuf_raw(out, text, strlen(text));
}

/* A key or value of a connector's record, then ", <which>Schema=" and its schema, as
 * ConnectRecord.toString writes them: a connector's text has Java's STRING_SCHEMA, its
 * bytes BYTES_SCHEMA, a schema its ConnectSchema.toString ("Schema{NAME:TYPE}"). */
static void
put_record_data(kc_wbuf *out, const kc_value *v, const char *which)
{
    const char *type = NULL, *name = kc_schema_name(v->schema);
    char       *text;
    size_t      n;

    kc_wbuf_raw(out, ", ", 2);
    kc_wbuf_raw(out, which, strlen(which));
    kc_wbuf_raw(out, "=", 1);
    if (v->kind == KC_VALUE_NULL) {
        kc_wbuf_raw(out, "null", 4);
    } else if (v->kind == KC_VALUE_STRING) {
        kc_wbuf_raw(out, v->ptr, v->len);
        type = "STRING";
    } else if (v->kind == KC_VALUE_BYTES) {
        put_byte_array(out, v->ptr, v->len);
        type = "BYTES";
    } else {
        text = kc_java_value_string(v->json, v->schema, &n);
        kc_wbuf_raw(out, text, n);
        free(text);
    }
    if (v->schema != NULL)
        type = kc_schema_type_name(kc_schema_type(v->schema));
    kc_wbuf_raw(out, ", ", 2);
    kc_wbuf_raw(out, which, strlen(which));
    kc_wbuf_raw(out, "Schema=", 7);
    if (type == NULL) {
        kc_wbuf_raw(out, "null", 4);
        return;
    }
    text = name ? kc_xasprintf("Schema{%s:%s}", name, type) : kc_xasprintf("Schema{%s}", type);
    kc_wbuf_raw(out, text, strlen(text));
    free(text);
}

/* The rest of ConnectRecord.toString after kafkaPartition: key, value, their schemas, the
 * timestamp and the headers (a connector's header is its bytes: ConnectHeader's toString
 * of a byte[] with BYTES_SCHEMA). */
static void
put_record_rest(kc_wbuf *out, const kc_record *r)
{
    char ts[32];

    put_record_data(out, &r->key, "key");
    put_record_data(out, &r->value, "value");
    if (r->timestamp >= 0)
        snprintf(ts, sizeof(ts), "%" PRId64, r->timestamp);
    else
        snprintf(ts, sizeof(ts), "null");
    kc_wbuf_raw(out, ", timestamp=", 12);
    kc_wbuf_raw(out, ts, strlen(ts));
    kc_wbuf_raw(out, ", headers=ConnectHeaders(headers=", 33);
    for (size_t i = 0; i < r->nheaders; i++) {
        kc_wbuf_raw(out, i ? ", " : "[", i ? 2 : 1);
        kc_wbuf_raw(out, "ConnectHeader(key=", 18);
        kc_wbuf_raw(out, r->headers[i].key, strlen(r->headers[i].key));
        kc_wbuf_raw(out, ", value=", 8);
        if (r->headers[i].value == NULL)
            kc_wbuf_raw(out, "null", 4);
        else
            put_byte_array(out, r->headers[i].value, r->headers[i].len);
        kc_wbuf_raw(out, ", schema=Schema{BYTES})", 23);
    }
    if (r->nheaders > 0)
        kc_wbuf_raw(out, "]", 1);
    kc_wbuf_raw(out, ")", 1);
}

bool
kc_errors_source_failed(kc_errors *e, const kc_failure *f, const char *topic,
                        int32_t partition, const json_t *source_partition,
                        const json_t *source_offset, const kc_record *rec)
{
    char   *sp, *so;
    char    part[16] = "null";
    kc_wbuf where;

    count_failure(e);
    if (!describes_records(e)) {
        log_failure(e, f, NULL);
        return e->tolerate_all;
    }
    sp = source_partition ? kc_java_value_string(source_partition, NULL, NULL) : NULL;
    so = source_offset ? kc_java_value_string(source_offset, NULL, NULL) : NULL;
    if (partition >= 0)
        snprintf(part, sizeof(part), "%" PRId32, partition);
    /* SourceRecord's toString (the connector's record, before the transformations). */
    kc_wbuf_init(&where);
    {
        char *head = kc_xasprintf(", where source record is = SourceRecord{sourcePartition=%s, "
                                  "sourceOffset=%s} ConnectRecord{topic='%s', kafkaPartition=%s",
                                  sp ? sp : "null", so ? so : "null", topic ? topic : "null",
                                  part);
        kc_wbuf_raw(&where, head, strlen(head));
        free(head);
    }
    if (rec != NULL)
        put_record_rest(&where, rec);
    kc_wbuf_raw(&where, "}", 2);                 /* NUL included */
    log_failure(e, f, (const char *) where.buf);
    kc_wbuf_free(&where);
    free(sp);
    free(so);
    return e->tolerate_all;
}

bool
kc_errors_tolerate_all(const kc_errors *e)
{
    return e != NULL && e->tolerate_all;
}

const char *
kc_errors_producer_exception(rd_kafka_resp_err_t err)
{
    switch (err) {
    case RD_KAFKA_RESP_ERR_MSG_SIZE_TOO_LARGE:
    case RD_KAFKA_RESP_ERR_RECORD_LIST_TOO_LARGE:
        return "org.apache.kafka.common.errors.RecordTooLargeException";
    case RD_KAFKA_RESP_ERR_INVALID_RECORD:
    case RD_KAFKA_RESP_ERR_INVALID_MSG:
        return "org.apache.kafka.common.InvalidRecordException";
    case RD_KAFKA_RESP_ERR_TOPIC_AUTHORIZATION_FAILED:
        return "org.apache.kafka.common.errors.TopicAuthorizationException";
    case RD_KAFKA_RESP_ERR_UNKNOWN_TOPIC_OR_PART:
    case RD_KAFKA_RESP_ERR__UNKNOWN_TOPIC:
    case RD_KAFKA_RESP_ERR__UNKNOWN_PARTITION:
        return "org.apache.kafka.common.errors.UnknownTopicOrPartitionException";
    case RD_KAFKA_RESP_ERR__MSG_TIMED_OUT:
        return "org.apache.kafka.common.errors.TimeoutException";
    case RD_KAFKA_RESP_ERR_INVALID_TIMESTAMP:
        return "org.apache.kafka.common.errors.InvalidTimestampException";
    case RD_KAFKA_RESP_ERR_TRANSACTIONAL_ID_AUTHORIZATION_FAILED:
        return "org.apache.kafka.common.errors.TransactionalIdAuthorizationException";
    case RD_KAFKA_RESP_ERR_CLUSTER_AUTHORIZATION_FAILED:
        return "org.apache.kafka.common.errors.ClusterAuthorizationException";
    case RD_KAFKA_RESP_ERR_UNSUPPORTED_VERSION:
    case RD_KAFKA_RESP_ERR__UNSUPPORTED_FEATURE:
        return "org.apache.kafka.common.errors.UnsupportedVersionException";
    case RD_KAFKA_RESP_ERR__TIMED_OUT:
        return "org.apache.kafka.common.errors.TimeoutException";
    case RD_KAFKA_RESP_ERR_PRODUCER_FENCED:
    case RD_KAFKA_RESP_ERR_INVALID_PRODUCER_EPOCH:
    case RD_KAFKA_RESP_ERR__FENCED:
        return "org.apache.kafka.common.errors.ProducerFencedException";
    default:
        return "org.apache.kafka.common.KafkaException";
    }
}

const char *
kc_errors_java_message(rd_kafka_resp_err_t err)
{
    switch (err) {
    case RD_KAFKA_RESP_ERR_TRANSACTIONAL_ID_AUTHORIZATION_FAILED:
        return "Transactional Id authorization failed.";
    case RD_KAFKA_RESP_ERR_CLUSTER_AUTHORIZATION_FAILED:
        return "Cluster authorization failed.";
    default:
        return NULL;
    }
}

int
kc_errors_flush(kc_errors *e, int timeout_ms, kc_err *err)
{
    if (e == NULL || e->dlq_producer == NULL)
        return KC_OK;
    if (rd_kafka_flush(e->dlq_producer, timeout_ms) != RD_KAFKA_RESP_ERR_NO_ERROR)
        return kc_err_set(err, KC_ETIMEOUT, "records sent to the dead letter queue %s not "
                          "acknowledged within %d ms", e->dlq_topic, timeout_ms);
    return KC_OK;
}

void
kc_errors_poll(kc_errors *e)
{
    if (e != NULL && e->dlq_producer != NULL)
        rd_kafka_poll(e->dlq_producer, 0);
}
