/*
 * connectors/connector.h - the kconnect connector plugin API: the only header a connector
 * includes. Built-in connectors and plugins loaded from plugin.path implement the same
 * tables.
 *
 * A connector class is a static kc_connector_ops table (ABI version first, members only
 * ever appended). The worker hands a plugin a kc_host table of services, so plugins link
 * against nothing in the worker; Kafka clients come from the host too (kafka_new), and a
 * plugin drives them with librdkafka's API, which the worker exports: it links jansson but
 * no librdkafka of its own. A plugin .so exports one symbol, KC_CONNECTOR_ENTRY, that
 * returns its NULL-terminated list of connector classes.
 *
 * Threads (as Java Connect): connector functions run on the connector's own thread, task
 * functions on the task's own thread; they may block. stop() is called from another thread
 * and must make a blocked poll()/put() return promptly.
 *
 * Data: records carry Connect values as kc_value: null, raw bytes, a string, or a JSON
 * value (maps, lists, numbers, booleans; an optional schema for JsonConverter's envelope).
 * The worker's converters turn them into the bytes written to Kafka and back.
 *
 * Ownership: a record handed to the worker by a source task's poll() is the worker's from
 * then on (it calls the record's release function once Kafka acknowledged it or it was
 * dropped, which lets a task lend buffers instead of copying them: a value the converter
 * passes through is handed to the producer without a copy). Records handed to a sink task's
 * put() are borrowed for the duration of the call. json_t configs passed to functions are
 * borrowed; configs returned are new references.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_CONNECTOR_H
#define KC_CONNECTOR_H

#include <jansson.h>
#include <librdkafka/rdkafka.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ABI 2 appended config_def and alter_offsets to kc_connector_ops and commit_record to
 * kc_task_ops; ABI 3 appended metrics to kc_task_ops; ABI 4 appended offsets_get to kc_host;
 * ABI 5 appended source_offset_field to kc_task_ops; ABI 6 appended lean_records to
 * kc_task_ops; ABI 7 appended offsets_put to kc_host; ABI 8 appended worker_cluster and
 * the Kafka clients (kafka_new, kafka_user, kafka_destroy, kafka_topic_partitions) to kc_host
 * and mirror_status to kc_connector_ops; ABI 9 appended exactly_once_support to
 * kc_connector_ops; ABI 10 appended transaction_context to kc_host and
 * can_define_transaction_boundaries to kc_connector_ops (connector-defined transaction
 * boundaries, KIP-618); ABI 11 gave a source record without a topic its meaning (passed
 * over: see kc_record.topic).
 * The worker still loads older tables and never reads their missing members (see
 * KC_CONNECTOR_HAS and KC_TASK_HAS); a plugin reads the host's newer members only from a
 * host that declares them (KC_HOST_HAS). */
#define KC_CONNECTOR_ABI 11
#define KC_CONNECTOR_ABI_MIN 1
#define KC_CONNECTOR_ENTRY "kc_connector_entry"

#if defined(__GNUC__)
#define KC_EXPORT __attribute__((visibility("default")))
#else
#define KC_EXPORT
#endif

typedef enum {
    KC_CONNECTOR_SOURCE = 1,
    KC_CONNECTOR_SINK = 2,
} kc_connector_type;

/* Errors a plugin returns: 0 is success. RETRIABLE asks the worker to call again later
 * (Java's RetriableException); FATAL fails the connector or task with the message given. */
enum {
    KC_PLUGIN_OK = 0,
    KC_PLUGIN_RETRIABLE = 1,
    KC_PLUGIN_FATAL = 2,
};

/* ===== Values and records ===== */

typedef enum {
    KC_VALUE_NULL = 0,
    KC_VALUE_BYTES,       /* ptr/len */
    KC_VALUE_STRING,      /* ptr/len, UTF-8 */
    KC_VALUE_JSON,        /* json; schema (JsonConverter's form) may be NULL */
} kc_value_kind;

typedef struct kc_value {
    kc_value_kind  kind;
    const void    *ptr;
    size_t         len;
    json_t        *json;       /* KC_VALUE_JSON: owned by the record holding the value */
    json_t        *schema;     /* optional: {"type":"struct",...} as JsonConverter writes it */
} kc_value;

typedef struct kc_header {
    const char *key;
    const void *value;         /* raw bytes, NULL for a null header value */
    size_t      len;
} kc_header;

typedef struct kc_record kc_record;

struct kc_record {
    /* Where the record goes (source) or came from (sink). A source task of ABI 11 or later
     * may return a record with no topic: it is passed over (not transformed, converted or
     * written), and its source offset is committed in order with the records before it, as
     * if written. A task of an older ABI that does so fails. */
    const char  *topic;
    int32_t      partition;          /* -1: let the partitioner choose */
    int64_t      offset;             /* sink: the Kafka offset; source: the source offset
                                      * when source_offset is NULL and the task names
                                      * source_offset_field (ABI 5), else unused */
    int64_t      timestamp;          /* ms; -1: none (the producer stamps it) */
    kc_value     key, value;
    kc_header   *headers;
    size_t       nheaders;
    /* Source records only: where the data came from in the source system; the worker
     * stores source_offset under source_partition once the record is written. Both are
     * JSON objects of primitives, owned by the record. A task whose offset is one integer
     * may name it in kc_task_ops.source_offset_field (ABI 5), leave source_offset NULL and
     * put the integer in offset: the worker then stores {"<field>": offset}, and builds
     * that object only when it commits, not once per record. */
    json_t      *source_partition;
    json_t      *source_offset;
    /* Called by the worker once it no longer needs the record (source records): frees what
     * the record owns, its bytes and its source_partition/source_offset; the worker keeps
     * references of its own to what it still needs. A lean_records task's (ABI 6) gets a
     * record with only opaque, source_partition and release set. */
    void       (*release)(kc_record *rec);
    void        *opaque;             /* for release */
};

/* ===== Services the worker offers ===== */

typedef enum {
    KC_PLUGIN_LOG_ERROR = 0,
    KC_PLUGIN_LOG_WARN,
    KC_PLUGIN_LOG_INFO,
    KC_PLUGIN_LOG_DEBUG,
} kc_plugin_log_level;

/* Callbacks of a Kafka client the host makes (kc_host.kafka_new). They run on the thread that
 * polls the handle; their opaque argument is the host's, so they find `user` with
 * kc_host.kafka_user(rk). */
typedef struct kc_kafka_hooks {
    void (*dr_msg_cb)(rd_kafka_t *rk, const rd_kafka_message_t *m, void *opaque);
    void (*rebalance_cb)(rd_kafka_t *rk, rd_kafka_resp_err_t err,
                         rd_kafka_topic_partition_list_t *parts, void *opaque);
    void *user;
} kc_kafka_hooks;

/* Java's TransactionContext (KIP-618): how a source task ends the transactions its records are
 * written in, when its connector is configured with transaction.boundary=connector on a worker
 * with exactly.once.source.support=enabled (kc_host.transaction_context, ABI 10). A transaction
 * holds the records the worker wrote since the last one ended, and their source offsets last;
 * it ends only where the task asks:
 *   - commit: its records become visible to read_committed consumers and their offsets are
 *     committed with them; commit_record() then learns of each of them, and commit() is
 *     called. A commit asked for while no record is pending writes nothing and only calls
 *     the task's commit();
 *   - abort: its records are discarded (read_committed consumers never see them, and they
 *     never reach commit_record()), but their offsets are committed all the same, in a
 *     transaction of their own, so the task is not handed them again: a task that wants
 *     them again must fail instead (Java's words). An abort asked for while no transaction
 *     is open is ignored, with Java's warning.
 * A request naming a record ends the transaction right after that record (the records after
 * it in the same batch begin the next one); a request for the batch ends it once the worker
 * has written the whole batch. Both a commit and an abort asked for the same record, or for
 * the same batch, fail the task (Java's IllegalStateException). A transaction the task never
 * ends stays open: at a stop or a pause the worker ends it only for a batch request still
 * pending, so its records are written again by whoever runs the task next (from the last
 * offsets committed); one left open longer than the producer's transaction.timeout.ms is
 * aborted by the broker, and the task fails at its next commit. */
typedef struct kc_transaction_context kc_transaction_context;
struct kc_transaction_context {
    /* Commit the transaction once the worker has written the batch it is at: the one the
     * poll() under way returns, else the one it is writing, else the next (Java's
     * commitTransaction(), "after the next batch of records from poll() is processed").
     * Any thread. */
    void (*commit)(kc_transaction_context *tc);
    /* Commit the transaction right after rec, its last record: Java's
     * commitTransaction(record). rec is one of the records the task's latest poll() fills (a
     * pointer into that call's out array), marked during that poll() or later on the task
     * thread (from a commit_record() or commit() the worker calls before it polls again);
     * a mark on a record the worker has already written, or beyond those poll() returned,
     * is never acted on. Only rec's address is read. 0, or -1 (the request ignored, with an
     * error logged) when rec is NULL or not such a record. Task thread. */
    int  (*commit_record)(kc_transaction_context *tc, const kc_record *rec);
    /* Abort the transaction once the worker has written the batch (as commit): Java's
     * abortTransaction(). Any thread. */
    void (*abort)(kc_transaction_context *tc);
    /* Abort the transaction right after rec, its last record (as commit_record): Java's
     * abortTransaction(record). Task thread. */
    int  (*abort_record)(kc_transaction_context *tc, const kc_record *rec);
};

typedef struct kc_host {
    int   abi;
    /* ctx is the kc_context given to start(); any thread. */
    void (*log)(void *ctx, kc_plugin_log_level level, const char *fmt, ...)
        __attribute__((format(printf, 3, 4)));
    /* Source tasks: the last committed offset stored under partition (a JSON object);
     * *offset_out is a new reference or NULL when none. Task thread. */
    int  (*offset_get)(void *ctx, const json_t *partition, json_t **offset_out);
    /* Connectors: ask the worker to call task_configs() again (the set of work changed).
     * Any thread. */
    void (*request_task_reconfiguration)(void *ctx);
    /* Tasks and connectors: fail with a message (the worker records it as the trace). */
    void (*fail)(void *ctx, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

    /* ===== ABI 4 ===== */

    /* Source tasks: offset_get for n partitions at once, as Java's
     * OffsetStorageReader.offsets(): the worker reads its offset topic to the end once for
     * all of them. offsets_out[i] is a new reference or NULL for partitions[i]. 0, or -1
     * when the offsets could not be read (then every offsets_out[i] is NULL). Task thread. */
    int  (*offsets_get)(void *ctx, const json_t *const *partitions, size_t n,
                        json_t **offsets_out);

    /* ===== ABI 7 ===== */

    /* Source tasks: stores offsets[i] under partitions[i] now, written and acknowledged
     * before it returns: 0, or -1 when they could not be stored. For the position a task
     * starts from when none was stored (where auto.offset.reset or the start of a file put
     * it), so that the task, restarted anywhere before its first offset commit, resumes
     * there and not at a reset that has moved on meanwhile. Not for a record's offset: the
     * worker stores those once the records are written. Task thread. */
    int  (*offsets_put)(void *ctx, const json_t *const *partitions,
                        const json_t *const *offsets, size_t n);

    /* ===== ABI 8 ===== */

    /* Connectors and tasks: how this worker reaches its own Kafka cluster, the one its
     * internal topics live on (Java's WorkerConfig as seen by a connector that writes there):
     * the worker config's bootstrap.servers, security.protocol, sasl.* and ssl.* (Java names,
     * as written) added to out, a JSON object. Any thread. */
    void (*worker_cluster)(void *ctx, json_t *out);

    /* Kafka clients made as the worker makes its own: a librdkafka handle of type
     * (RD_KAFKA_PRODUCER or RD_KAFKA_CONSUMER) from Java client settings ("key", "value"
     * pairs, NULL-terminated, as a user writes them: security.protocol, sasl.jaas.config,
     * ssl.truststore.location, linger.ms, ...; a setting the worker refuses is refused here
     * too), then librdkafka properties of its own in extra (pairs, NULL-terminated, may be
     * NULL), with the callbacks of hooks (may be NULL). Logs through the worker's log. NULL on
     * failure, the reason in err. No context needed: any thread, any time after load. */
    rd_kafka_t *(*kafka_new)(rd_kafka_type_t type, const char *const *settings,
                             const char *const *extra, const kc_kafka_hooks *hooks, char *err,
                             size_t errlen);
    /* The hooks' user pointer of a handle kafka_new made. */
    void *(*kafka_user)(rd_kafka_t *rk);
    /* Destroys a handle kafka_new made (waits for librdkafka's threads). NULL is fine. */
    void (*kafka_destroy)(rd_kafka_t *rk);
    /* *partitions = the topic's partition count, or -1 when it does not exist; 0, or -1 with
     * the reason in err when the brokers did not answer within timeout_ms. */
    int (*kafka_topic_partitions)(rd_kafka_t *rk, const char *topic, int timeout_ms,
                                  int *partitions, char *err, size_t errlen);

    /* ===== ABI 10 ===== */

    /* Source tasks: the task's transaction context (Java's
     * SourceTaskContext.transactionContext()), or NULL, as Java's null, when the worker's
     * exactly.once.source.support is not enabled or the connector's transaction.boundary is
     * not "connector". The worker's: it lives until the task's destroy() returns. Task
     * thread, from start() on (the same answer each time). */
    kc_transaction_context *(*transaction_context)(void *ctx);
} kc_host;

/* Whether a plugin may call host member m: an ABI 4 member, on a host of ABI 4 or later... */
#define KC_HOST_HAS(host, m) ((host)->abi >= 4 && (host)->m != NULL)
/* ...an ABI 7 one... */
#define KC_HOST_HAS7(host, m) ((host)->abi >= 7 && (host)->m != NULL)
/* ...an ABI 8 one... */
#define KC_HOST_HAS8(host, m) ((host)->abi >= 8 && (host)->m != NULL)
/* ...and an ABI 10 one. */
#define KC_HOST_HAS10(host, m) ((host)->abi >= 10 && (host)->m != NULL)

/* What start() receives: the host table and the opaque context to pass back to it. */
typedef struct kc_context {
    const kc_host *host;
    void          *ctx;
    const char    *name;             /* connector name, or "<connector>-<task>" */
} kc_context;

/* ===== Metrics ===== */

typedef enum {
    KC_METRIC_GAUGE = 0,
    KC_METRIC_COUNTER,
} kc_metric_type;

/* Where a task writes its metrics when the worker collects them (ABI 3, kc_task_ops.metrics).
 * name is a Prometheus metric name ([a-zA-Z_:][a-zA-Z0-9_:]*, e.g. the name a JMX exporter
 * gives Java's MBean attribute); help a one-line description; labels NULL or name/value
 * pairs ending with NULL. Every sample of one name must have the same type and help; a
 * counter's name should end in _total (OpenMetrics parsers rename counters that do not).
 * Strings are copied before sample() returns. */
typedef struct kc_metrics_out kc_metrics_out;
struct kc_metrics_out {
    void (*sample)(kc_metrics_out *out, const char *name, kc_metric_type type,
                   const char *help, const char *const *labels, double value);
};

/* ===== Connector classes ===== */

/* Java's ExactlyOnceSupport, and null (UNKNOWN). */
typedef enum {
    KC_EOS_UNKNOWN = 0,
    KC_EOS_SUPPORTED,
    KC_EOS_UNSUPPORTED,
} kc_exactly_once_support;

/* Java's ConnectorTransactionBoundaries, and null. */
typedef enum {
    KC_TXN_BOUNDARIES_NULL = 0,      /* Java's null: not permitted, refused as UNSUPPORTED is,
                                      * with Java's message for it */
    KC_TXN_BOUNDARIES_SUPPORTED,
    KC_TXN_BOUNDARIES_UNSUPPORTED,
} kc_transaction_boundaries;

/* Reads the source offset a connector committed for one source partition: *offset_out a new
 * reference, or NULL when none is stored. 0, or -1 with the reason in err. */
typedef int (*kc_offset_reader_fn)(void *opaque, const char *connector,
                                   const json_t *partition, json_t **offset_out, char *err,
                                   size_t errlen);

typedef struct kc_task_ops {
    /* REQUIRED. config is the task config (with task.class). *priv: the task's state. */
    int  (*start)(void **priv, const kc_context *ctx, const json_t *config, char *err,
                  size_t errlen);
    /* REQUIRED. Must make a blocked poll()/put() return soon; called from another thread. */
    void (*stop)(void *priv);
    /* REQUIRED after stop() returned and the task thread finished: free everything. */
    void (*destroy)(void *priv);
    /* Sources: fill up to max records into out, *n of them; may block up to timeout_ms.
     * Returning with *n == 0 is fine. The records arrive zeroed (the worker clears those
     * the previous call returned), so a task writes only out[0..*n). */
    int  (*poll)(void *priv, kc_record *out, size_t max, size_t *n, int timeout_ms,
                 char *err, size_t errlen);
    /* Sources, OPTIONAL: offsets up to here are stored. */
    void (*commit)(void *priv);
    /* Sinks: write records (borrowed). */
    int  (*put)(void *priv, const kc_record *recs, size_t n, char *err, size_t errlen);
    /* Sinks, OPTIONAL: make everything put so far durable before offsets are committed. */
    int  (*flush)(void *priv, char *err, size_t errlen);
    /* Sources, OPTIONAL (ABI 2): the record was acknowledged by Kafka at partition/offset
     * (Java's SourceTask.commitRecord(record, metadata)). Task thread; rec is borrowed and
     * still holds the bytes poll() handed over (a lean_records task's, ABI 6: only opaque,
     * source_partition and release are set). */
    void (*commit_record)(void *priv, const kc_record *rec, int32_t partition, int64_t offset);

    /* ===== ABI 3 ===== */

    /* OPTIONAL: the task's own metrics, written to out (Java's metrics a task registers, such
     * as MirrorMaker's per-partition ones). Called on a worker thread other than the task's,
     * never concurrently with destroy(), while the task runs; it must not block, and must read
     * what the task thread writes safely (atomics or the task's own lock). */
    void (*metrics)(void *priv, kc_metrics_out *out);

    /* ===== ABI 5 ===== */

    /* Sources, OPTIONAL: the one field of this task's source offsets when they are a single
     * integer ({"offset": 42} has "offset"); records may then carry the integer in
     * kc_record.offset with source_offset NULL. NULL: every offset is source_offset. */
    const char *source_offset_field;

    /* ===== ABI 6 ===== */

    /* Sources, OPTIONAL: true when the task's commit_record() and its records' release()
     * read no more of a record than opaque, source_partition and release, and a record's
     * headers need to live only until the next poll() call (the worker copies them into the
     * producer's record before it polls again). The worker then keeps just those three
     * words per record in flight instead of the whole record, and hands commit_record() and
     * release() a record with only them set. At full speed thousands of records are in
     * flight; what the worker keeps of each competes with the data for the caches. */
    bool lean_records;
} kc_task_ops;

typedef struct kc_connector_ops {
    int                abi;          /* KC_CONNECTOR_ABI, always first */
    const char        *class_name;   /* Java's fully qualified name */
    const char *const *aliases;      /* NULL-terminated: simple names Connect accepts */
    const char        *version;
    kc_connector_type  type;
    const char        *task_class;   /* task.class written into task configs */
    /* OPTIONAL: config errors as {"key":["message",...]} (new reference) or NULL if valid.
     * Any thread. */
    json_t *(*validate)(const json_t *config);
    /* REQUIRED. Connector thread. */
    int  (*start)(void **priv, const kc_context *ctx, const json_t *config, char *err,
                  size_t errlen);
    /* REQUIRED: up to max_tasks task configs as a JSON array of objects (new reference). */
    int  (*task_configs)(void *priv, int max_tasks, json_t **configs_out, char *err,
                         size_t errlen);
    /* REQUIRED. */
    void (*stop)(void *priv);
    const kc_task_ops *task;

    /* ===== ABI 2 ===== */

    /* OPTIONAL: the connector's own config definition (Java's Connector.config()) as a JSON
     * array of ConfigKeyInfo objects, as GET /connector-plugins/{p}/config shows them:
     * {"name","type":"STRING"|"INT"|...,"required","default_value":string|null,"importance",
     *  "documentation","group":string|null,"order_in_group":int,"width","display_name",
     *  "dependents":[]}. New reference. Any thread. The worker adds Connect's own keys. */
    json_t *(*config_def)(void);
    /* OPTIONAL: KIP-875's alterOffsets. Called on a REST thread, with the connector
     * STOPPED, before its offsets are altered (offsets: array of {"partition","offset"},
     * offset null to reset one) or reset (offsets NULL). Return KC_PLUGIN_OK and set
     * *managed to true when the connector took care of the change (its offsets live only
     * in Kafka, or it updated its own store); KC_PLUGIN_FATAL with a message refuses the
     * request. Absent: the worker changes its own offsets and says the connector may keep
     * others (Java's default alterOffsets returning false). */
    int (*alter_offsets)(const json_t *config, const json_t *offsets, bool *managed, char *err,
                         size_t errlen);

    /* ===== ABI 8 ===== */

    /* OPTIONAL, for a MirrorMaker 2 source connector: its cutover status (GET
     * /connectors/{c}/mirror-status and the cutover metrics, docs/cutover.md), computed from
     * outside the connector whatever its state, from its config, the source offsets it
     * committed (read_offset) and the clusters it names, with clients made through host.
     * *out a new JSON object. KC_PLUGIN_FATAL with err for a config it cannot read,
     * KC_PLUGIN_RETRIABLE when a cluster or the offsets did not answer within timeout_ms.
     * Blocks: a REST thread, never the herder's. */
    int (*mirror_status)(const kc_host *host, const char *name, const json_t *config,
                         kc_offset_reader_fn read_offset, void *opaque, int timeout_ms,
                         json_t **out, char *err, size_t errlen);

    /* ===== ABI 9 ===== */

    /* Sources, OPTIONAL: Java's SourceConnector.exactlyOnceSupport(config), asked when a
     * config with exactly.once.support=required is validated. Absent, or KC_EOS_UNKNOWN:
     * Java's null ("does not implement the API required for preflight validation").
     * Whether it is asked or not, a source task runs exactly once when the worker's
     * exactly.once.source.support is enabled: its records and offsets are written in
     * transactions (transaction.boundary poll, interval, or connector: see
     * can_define_transaction_boundaries). Any thread. */
    kc_exactly_once_support (*exactly_once_support)(const json_t *config);

    /* ===== ABI 10 ===== */

    /* Sources, OPTIONAL: Java's SourceConnector.canDefineTransactionBoundaries(config), asked
     * when a config with transaction.boundary=connector is validated: SUPPORTED when the
     * connector's tasks end their transactions themselves with this config (through
     * kc_host.transaction_context); anything else refuses the config with Java's message.
     * Absent: UNSUPPORTED, Java's default. Any thread. */
    kc_transaction_boundaries (*can_define_transaction_boundaries)(const json_t *config);
} kc_connector_ops;

/* Whether ops (of any accepted ABI) has member m set: members appended after ABI 1 are
 * read only from tables that declare a recent enough ABI (all ABI 2 members of
 * kc_connector_ops; the ABI 2 or ABI 3 members of the task table). */
#define KC_CONNECTOR_HAS(ops, m) \
    ((ops)->abi >= 2 && (ops)->m != NULL)
/* ...and for an ABI 8 member of kc_connector_ops... */
#define KC_CONNECTOR_HAS8(ops, m) \
    ((ops)->abi >= 8 && (ops)->m != NULL)
/* ...an ABI 9 one... */
#define KC_CONNECTOR_HAS9(ops, m) \
    ((ops)->abi >= 9 && (ops)->m != NULL)
/* ...and an ABI 10 one. */
#define KC_CONNECTOR_HAS10(ops, m) \
    ((ops)->abi >= 10 && (ops)->m != NULL)
/* The same for an ABI 2 member of the connector's task table... */
#define KC_TASK_HAS(ops, m) \
    ((ops)->abi >= 2 && (ops)->task->m != NULL)
/* ...and for an ABI 3 one... */
#define KC_TASK_HAS3(ops, m) \
    ((ops)->abi >= 3 && (ops)->task->m != NULL)
/* ...and for an ABI 5 one... */
#define KC_TASK_HAS5(ops, m) \
    ((ops)->abi >= 5 && (ops)->task->m != NULL)
/* ...and whether an ABI 6 flag is set. */
#define KC_TASK_FLAG6(ops, m) \
    ((ops)->abi >= 6 && (ops)->task->m)

/* The exported entry of a plugin .so: its connector classes, NULL-terminated. */
typedef const kc_connector_ops *const *kc_connector_entry_fn(const kc_host *host);

/* ===== Transformations and predicates ===== */

/* Single Message Transforms as Java's connect-transforms defines them: a transformation
 * changes or drops each record between the connector and the converters (sources) or the
 * converters and the connector (sinks); a predicate decides whether a transformation
 * applies (`transforms.<alias>.predicate`, `.negate`).
 *
 * The record is Java's ConnectRecord. A schema is JSON as JsonConverter writes one
 * ({"type":"struct","optional":false,"name":..,"version":..,"doc":..,"parameters":{..},
 * "default":..,"fields":[{"field":"a","type":..},..]}; "keys"/"values" for maps and arrays);
 * NULL is schemaless. A value is JSON as JsonConverter's payload holds it under that schema:
 * bytes and decimals base64 (a decimal a sink's JsonConverter read at another scale than its
 * schema's: "~" and its BigDecimal text, "~1.5"), dates and times integers, a map with keys
 * that are not strings an array of [key, value] pairs, a map's entries in the order Java's
 * map iterates them (lib/data.h); a null value is JSON null. The kc_crec_* functions below
 * change a record as the chain expects (members freed with free() and json_decref()).
 * Schemas and values may be shared (with the connector's record, with other records, with
 * other threads): as Java's records are immutable, a stage replaces them (kc_crec_set), it
 * never changes them in place.
 *
 * A record's key and value stay the connector's (or the converter's) until a transformation
 * that reads them runs (kc_transform_ops.reads): a chain that only routes or changes headers
 * never decodes them, and bytes pass through without a copy. */

/* A header is the connector's bytes (raw, len; value NULL: Java's addBytes, schema BYTES)
 * until something gives it a value of its own. A sink record's header read for a stage that
 * reads header values (KC_READS_HEADERS) has both: the value it reads as, and raw, the bytes
 * it came with, which go on unchanged while the header stays. */
typedef struct kc_connect_header {
    char       *key;               /* owned, unless key_borrowed */
    json_t     *schema;            /* owned; NULL: schemaless */
    json_t     *value;             /* owned; JSON null for a null header; NULL: raw */
    const void *raw;               /* borrowed, NULL for a null header */
    size_t      len;
    bool        key_borrowed;      /* key is the worker record's (read it, never free it) */
} kc_connect_header;

/* A key or value: `json` (with `schema`) once decoded; until then `raw`, the connector's or
 * the converter's kc_value (borrowed; the chain decodes it when a transformation reads it). */
typedef struct kc_connect_data {
    const kc_value *raw;
    json_t         *schema;        /* owned */
    json_t         *json;          /* owned; NULL while raw stands */
} kc_connect_data;

typedef struct kc_connect_record {
    char              *topic;      /* owned, unless topic_borrowed: change it with
                                    * kc_crec_set_topic or kc_crec_take_topic */
    int32_t            partition;  /* -1: none (kafkaPartition null) */
    int64_t            timestamp;  /* ms; -1: none */
    kc_connect_data    key, value;
    kc_connect_header *headers;    /* owned, in order; nheaders of cap */
    size_t             nheaders, cap;
    bool               sink;       /* a SinkRecord: offset holds kafkaOffset */
    int64_t            offset;
    bool               topic_borrowed; /* topic is the worker record's */
} kc_connect_record;

enum {
    KC_TRANSFORMATION = 1,
    KC_PREDICATE = 2,
};

/* What a transformation or predicate reads of a record beyond topic, partition, timestamp
 * and header names: the chain decodes these before it runs. KC_READS_HEADERS: the header
 * values as the header converter reads them (a sink record's SimpleHeaderConverter text is
 * read as Values.parseString reads it; other headers are their bytes). */
enum {
    KC_READS_KEY = 1,
    KC_READS_VALUE = 2,
    KC_READS_HEADERS = 4,
};

#define KC_TRANSFORM_ABI 1
#define KC_TRANSFORM_ENTRY "kc_transform_entry"

typedef struct kc_transform_ops {
    int                abi;          /* KC_TRANSFORM_ABI, always first */
    int                kind;         /* KC_TRANSFORMATION or KC_PREDICATE */
    const char        *class_name;   /* Java's, "$Key"/"$Value" included */
    const char        *version;
    unsigned           reads;        /* KC_READS_*: decoded before apply()/test() */
    int                variant;      /* free for the class: $Key and $Value tables share code */
    /* The class's ConfigDef as ConfigKeyInfo objects (kc_connector_ops.config_def's form).
     * New reference. Any thread. */
    json_t *(*config_def)(void);
    /* The settings of one alias (its "transforms.<alias>." keys without that prefix, string
     * values; "type", "predicate" and "negate" removed): *priv the configured instance, or
     * KC_PLUGIN_FATAL with Java's ConfigException message in err. Any thread. */
    int  (*configure)(const struct kc_transform_ops *self, const json_t *config, void **priv,
                      char *err, size_t errlen);
    /* Transformations: change rec in place or set *drop; KC_PLUGIN_FATAL with Java's
     * DataException message for a record it cannot handle. Task thread. */
    int  (*apply)(void *priv, kc_connect_record *rec, bool *drop, char *err, size_t errlen);
    /* Predicates: *match for rec. Task thread. */
    int  (*test)(void *priv, const kc_connect_record *rec, bool *match, char *err,
                 size_t errlen);
    void (*close)(void *priv);
} kc_transform_ops;

/* Replaces the topic with owned, a malloc'd string the record takes. */
static inline void
kc_crec_take_topic(kc_connect_record *r, char *owned)
{
    if (!r->topic_borrowed)
        free(r->topic);
    r->topic = owned;
    r->topic_borrowed = false;
}

/* Replaces the topic (copied). */
static inline void
kc_crec_set_topic(kc_connect_record *r, const char *topic)
{
    size_t n = strlen(topic) + 1;
    char  *t = (char *) malloc(n);

    if (t == NULL)
        abort();
    memcpy(t, topic, n);
    kc_crec_take_topic(r, t);
}

/* Replaces a decoded key or value (the chain decoded it for a transformation that declared
 * it reads it, or the transformation builds a new one): schema (NULL: schemaless) and json
 * (JSON null for null), both references stolen. */
static inline void
kc_crec_set(kc_connect_data *d, json_t *schema, json_t *json)
{
    json_decref(d->schema);
    json_decref(d->json);
    d->schema = schema;
    d->json = json != NULL ? json : json_null();
    d->raw = NULL;
}

/* Whether a key or value is null, decoded or not. */
static inline bool
kc_crec_is_null(const kc_connect_data *d)
{
    if (d->json != NULL)
        return json_is_null(d->json);
    return d->raw == NULL || d->raw->kind == KC_VALUE_NULL;
}

/* Appends a header: key copied, schema and value stolen. */
static inline void
kc_crec_header_add(kc_connect_record *r, const char *key, json_t *schema, json_t *value)
{
    size_t n = strlen(key) + 1;

    if (r->nheaders == r->cap) {
        size_t             cap = r->cap ? r->cap * 2 : 4;
        kc_connect_header *h = (kc_connect_header *) realloc(r->headers, cap * sizeof(*h));
        if (h == NULL)
            abort();
        r->headers = h;
        r->cap = cap;
    }
    r->headers[r->nheaders].key = (char *) malloc(n);
    if (r->headers[r->nheaders].key == NULL)
        abort();
    memcpy(r->headers[r->nheaders].key, key, n);
    r->headers[r->nheaders].schema = schema;
    r->headers[r->nheaders].value = value != NULL ? value : json_null();
    r->headers[r->nheaders].raw = NULL;
    r->headers[r->nheaders].len = 0;
    r->headers[r->nheaders].key_borrowed = false;
    r->nheaders++;
}

/* Removes header i, keeping the others' order. */
static inline void
kc_crec_header_remove(kc_connect_record *r, size_t i)
{
    if (!r->headers[i].key_borrowed)
        free(r->headers[i].key);
    json_decref(r->headers[i].schema);
    json_decref(r->headers[i].value);
    memmove(&r->headers[i], &r->headers[i + 1], (r->nheaders - i - 1) * sizeof(r->headers[0]));
    r->nheaders--;
}

/* The exported entry of a plugin .so with transformations or predicates, NULL-terminated. */
typedef const kc_transform_ops *const *kc_transform_entry_fn(const kc_host *host);

#endif
