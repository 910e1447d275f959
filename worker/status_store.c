/*
 * worker/status_store.c - see status_store.h.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "worker/status_store.h"

#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/json_java.h"
#include "worker/kafka_log.h"
#include "lib/log.h"

static const char *const state_names[] = {
    "UNASSIGNED", "RUNNING", "PAUSED", "FAILED", "RESTARTING", "STOPPED", "DESTROYED",
};

const char *kc_state_name(kc_state s) { return (unsigned) s < 7 ? state_names[s] : "UNKNOWN"; }

int
kc_state_parse(const char *name)
{
    for (int i = 0; i < 7; i++)
        if (strcmp(name, state_names[i]) == 0)
            return i;
    return -1;
}

typedef struct entry {
    char      *connector;
    int        task;          /* -1: the connector */
    kc_status  st;
} entry;

/* An active topic (KIP-558): status-topic-<topic>:connector-<connector>. */
typedef struct topic_entry {
    char *topic, *connector;
} topic_entry;

struct kc_status_store {
    kc_klog        *log;
    pthread_mutex_t lock;
    entry          *entries;
    size_t          n, cap;
    topic_entry    *topics;
    size_t          ntopics, topics_cap;
};

#define TOPIC_PREFIX "status-topic-"
#define TOPIC_SEPARATOR ":connector-"

/* A topic status value as Java's reader takes it (parseTopicStatus): an object whose "topic"
 * object has an integer "task" and "discoverTimestamp", and a string or nothing as "name" and
 * "connector". The key, not the value, says which topic and connector it is about. */
static bool
topic_value_valid(const void *value, size_t len)
{
    json_t       *v = json_loadb(value, len, JSON_DECODE_ANY, NULL);
    const json_t *t = json_object_get(v, "topic"), *name, *connector;
    bool          ok;

    name = json_object_get(t, "name");
    connector = json_object_get(t, "connector");
    ok = json_is_object(t) && json_is_integer(json_object_get(t, "task")) &&
         json_is_integer(json_object_get(t, "discoverTimestamp")) &&
         (name == NULL || json_is_null(name) || json_is_string(name)) &&
         (connector == NULL || json_is_null(connector) || json_is_string(connector));
    json_decref(v);
    return ok;
}

/* status-topic-<topic>:connector-<connector> (value NULL: a tombstone). As Java's
 * readTopicStatus: the topic ends at the first ':', and the connector starts as many
 * characters after it as ":connector-" has. Under the lock. */
static void
apply_topic_record(kc_status_store *s, const char *key, const void *value, size_t len)
{
    const char *rest = key + strlen(TOPIC_PREFIX), *colon = strchr(rest, ':');
    char       *topic, *connector;
    size_t      i;

    if (colon == NULL || colon == rest || strlen(colon) <= strlen(TOPIC_SEPARATOR)) {
        kc_log_warn("status", "Discarding record with invalid topic status key %s", key);
        return;
    }
    if (value != NULL && !topic_value_valid(value, len)) {
        kc_log_warn("status", "Failed to parse topic status with key %s", key);
        return;
    }
    topic = kc_xstrndup(rest, (size_t) (colon - rest));
    connector = kc_xstrdup(colon + strlen(TOPIC_SEPARATOR));
    for (i = 0; i < s->ntopics; i++)
        if (strcmp(s->topics[i].topic, topic) == 0 &&
            strcmp(s->topics[i].connector, connector) == 0)
            break;
    if (value == NULL && i < s->ntopics) {
        free(s->topics[i].topic);
        free(s->topics[i].connector);
        s->topics[i] = s->topics[--s->ntopics];
    } else if (value != NULL && i == s->ntopics) {
        if (s->ntopics == s->topics_cap) {
            s->topics_cap = s->topics_cap ? s->topics_cap * 2 : 16;
            s->topics = kc_xrealloc(s->topics, s->topics_cap * sizeof(*s->topics));
        }
        s->topics[s->ntopics++] = (topic_entry) { topic, connector };
        return;
    }
    free(topic);
    free(connector);
}

void
kc_status_clear(kc_status *st)
{
    free(st->trace);
    free(st->worker_id);
    free(st->version);
    memset(st, 0, sizeof(*st));
}

static void
status_copy(kc_status *dst, const kc_status *src)
{
    dst->state = src->state;
    dst->generation = src->generation;
    dst->trace = src->trace ? kc_xstrdup(src->trace) : NULL;
    dst->worker_id = src->worker_id ? kc_xstrdup(src->worker_id) : NULL;
    dst->version = src->version ? kc_xstrdup(src->version) : NULL;
}

char *
kc_status_value(const kc_status *st, size_t *len)
{
    json_t *v = json_object();
    char   *text;

    json_object_set_new(v, "state", json_string(kc_state_name(st->state)));
    json_object_set_new(v, "trace", st->trace ? json_string(st->trace) : json_null());
    json_object_set_new(v, "worker_id", json_string(st->worker_id ? st->worker_id : ""));
    json_object_set_new(v, "generation", json_integer(st->generation));
    json_object_set_new(v, "version", st->version ? json_string(st->version) : json_null());
    text = kc_json_java_dumps(v, len);
    json_decref(v);
    return text;
}

/* Absent, null or a string. */
static bool
optional_string(const json_t *j)
{
    return j == NULL || json_is_null(j) || json_is_string(j);
}

int
kc_status_parse(const void *value, size_t len, kc_status *out)
{
    json_t       *v = json_loadb(value, len, 0, NULL);
    const json_t *s, *t, *w, *g, *ver;
    int           state;

    memset(out, 0, sizeof(*out));
    s = json_object_get(v, "state");
    t = json_object_get(v, "trace");
    w = json_object_get(v, "worker_id");
    g = json_object_get(v, "generation");
    ver = json_object_get(v, "version");
    /* Java's reader casts trace and version to String: another type discards the record. */
    if (!json_is_string(s) || (state = kc_state_parse(json_string_value(s))) < 0 ||
        !json_is_string(w) || !json_is_integer(g) || !optional_string(t) ||
        !optional_string(ver)) {
        json_decref(v);
        return KC_EPROTO;
    }
    out->state = (kc_state) state;
    out->trace = json_is_string(t) ? kc_xstrdup(json_string_value(t)) : NULL;
    out->worker_id = kc_xstrdup(json_string_value(w));
    out->generation = (int32_t) json_integer_value(g);
    out->version = json_is_string(ver) ? kc_xstrdup(json_string_value(ver)) : NULL;
    json_decref(v);
    return KC_OK;
}

/* status-connector-<c> / status-task-<c>-<n> -> connector (allocated), task; -1 when the
 * key is neither. As Java's parseConnectorTaskId: the task is what follows the last '-',
 * an int as Integer.parseInt reads it (a sign, then digits, within int range), and the
 * connector is all between "status-task-" and that '-', any length, even none. */
static int
parse_key(const char *key, char **connector, int *task)
{
    const char *rest, *end, *dash, *digits;
    long long   n = 0;

    if (strncmp(key, "status-connector-", 17) == 0) {
        rest = key + 17;
        if (*rest == '\0')
            return -1;
        *connector = kc_xstrdup(rest);
        *task = -1;
        return 0;
    }
    if (strncmp(key, "status-task-", 12) != 0)
        return -1;
    /* split("-") drops the empty parts at the end: "status-task-c-1-" is task 1 of c. */
    rest = key + 12;
    end = rest + strlen(rest);
    while (end > rest && end[-1] == '-')
        end--;
    for (dash = end - 1; dash >= rest && *dash != '-'; dash--)
        ;
    if (dash < rest)
        return -1;
    digits = dash + 1 + (dash[1] == '+');
    if (digits == end)
        return -1;
    for (const char *d = digits; d < end; d++) {
        if (*d < '0' || *d > '9' || (n = n * 10 + (*d - '0')) > INT_MAX)
            return -1;
    }
    *connector = kc_xstrndup(rest, (size_t) (dash - rest));
    *task = (int) n;
    return 0;
}

static entry *
find(kc_status_store *s, const char *connector, int task)
{
    for (size_t i = 0; i < s->n; i++)
        if (s->entries[i].task == task && strcmp(s->entries[i].connector, connector) == 0)
            return &s->entries[i];
    return NULL;
}

static void
remove_entry(kc_status_store *s, entry *e)
{
    free(e->connector);
    kc_status_clear(&e->st);
    *e = s->entries[--s->n];
}

/* Herder thread, via kc_klog_poll. */
static void
on_record(void *opaque, const char *key, const void *value, size_t len, int32_t partition,
          int64_t offset)
{
    (void) partition;
    (void) offset;
    kc_status_store_apply(opaque, key, value, len);
}

void
kc_status_store_apply(kc_status_store *s, const char *key, const void *value, size_t len)
{
    char      *connector;
    int        task;
    kc_status  st;
    entry     *e;

    if (key == NULL)
        return;
    if (strncmp(key, TOPIC_PREFIX, strlen(TOPIC_PREFIX)) == 0) {
        pthread_mutex_lock(&s->lock);
        apply_topic_record(s, key, value, len);
        pthread_mutex_unlock(&s->lock);
        return;
    }
    if (parse_key(key, &connector, &task) != 0) {
        kc_log_warn("status", "Discarding record with invalid key %s", key);
        return;
    }
    pthread_mutex_lock(&s->lock);
    e = find(s, connector, task);
    if (value == NULL) {
        if (e != NULL)
            remove_entry(s, e);
    } else if (kc_status_parse(value, len, &st) != KC_OK) {
        kc_log_error("status", "Failed to parse status record %s; skipped", key);
    } else if (task >= 0 && e != NULL && st.state == KC_STATE_UNASSIGNED &&
               e->st.state == KC_STATE_RUNNING && e->st.generation >= st.generation) {
        /* A late UNASSIGNED from a worker that lost the task (KAFKA-12525). */
        kc_status_clear(&st);
    } else {
        if (e == NULL) {
            if (s->n == s->cap) {
                s->cap = s->cap ? s->cap * 2 : 64;
                s->entries = kc_xrealloc(s->entries, s->cap * sizeof(*s->entries));
            }
            e = &s->entries[s->n++];
            e->connector = connector;
            connector = NULL;
            e->task = task;
        } else {
            kc_status_clear(&e->st);
        }
        e->st = st;
    }
    pthread_mutex_unlock(&s->lock);
    free(connector);
}

kc_status_store *
kc_status_store_new(void)
{
    kc_status_store *s = kc_xcalloc(1, sizeof(*s));

    pthread_mutex_init(&s->lock, NULL);
    return s;
}

kc_status_store *
kc_status_store_open(const kc_props *props, const char *topic, const char *client_id_base,
                     kc_err *err)
{
    kc_status_store *s = kc_status_store_new();
    char            *cid = kc_xasprintf("%sstatuses", client_id_base);
    /* As Java's status producer: no retries of its own, no idempotence. */
    const char      *extra[] = { "enable.idempotence", "false", NULL };

    /* A Fetch is held by the broker while the topic is idle, up to fetch.wait.max.ms, and
     * librdkafka has one in flight per broker: a partition that starts being fetched just
     * after one was sent (assign starts the partitions one by one) is fetched only when it
     * returns, so a status written there meanwhile (a task's RUNNING, which GET .../status
     * shows only once read back) is read that much later (Java's consumer starts all at
     * once). 100 ms instead of 500 bounds that, for ten small Fetch round trips a second
     * of its few partitions. The offsets and configs stores keep the default: a Fetch
     * costs the brokers CPU even when it returns nothing, and fetching the 25 partitions
     * of the offsets topic ten times a second doubled what an idle worker running one
     * MirrorSource task cost its brokers (two single-broker clusters: about 100 ms of
     * broker CPU a second against 50). */
    s->log = kc_klog_open(props, "", topic, cid, extra, 100, false, on_record, s, err);
    free(cid);
    if (s->log == NULL) {
        kc_status_store_close(s);
        return NULL;
    }
    return s;
}

void
kc_status_store_close(kc_status_store *s)
{
    if (s == NULL)
        return;
    kc_klog_close(s->log);
    for (size_t i = 0; i < s->n; i++) {
        free(s->entries[i].connector);
        kc_status_clear(&s->entries[i].st);
    }
    free(s->entries);
    for (size_t i = 0; i < s->ntopics; i++) {
        free(s->topics[i].topic);
        free(s->topics[i].connector);
    }
    free(s->topics);
    pthread_mutex_destroy(&s->lock);
    free(s);
}

/* A store without a topic (kc_status_store_new: a standalone worker's, as Java's
 * MemoryStatusBackingStore) applies its writes at once and has nothing to read. */
int
kc_status_store_poll(kc_status_store *s, int timeout_ms)
{
    return s->log ? kc_klog_poll(s->log, timeout_ms) : 0;
}

int
kc_status_store_read_to_end(kc_status_store *s, int timeout_ms, kc_err *err)
{
    return s->log ? kc_klog_read_to_end(s->log, timeout_ms, err) : KC_OK;
}

void
kc_status_store_notify(kc_status_store *s, int fd)
{
    if (s->log)
        kc_klog_notify(s->log, fd);
}

static int
send_record(kc_status_store *s, const char *key, const char *value, size_t len, kc_err *err)
{
    if (s->log == NULL) {
        kc_status_store_apply(s, key, value, len);
        return KC_OK;
    }
    return kc_klog_send(s->log, key, value, len, err);
}

static char *
status_key(const char *connector, int task)
{
    return task < 0 ? kc_xasprintf("status-connector-%s", connector)
                    : kc_xasprintf("status-task-%s-%d", connector, task);
}

int
kc_status_store_put(kc_status_store *s, const char *connector, int task, const kc_status *st,
                    kc_err *err)
{
    char  *key = status_key(connector, task), *value = NULL;
    size_t len = 0;
    int    rc;

    if (st->state != KC_STATE_DESTROYED)
        value = kc_status_value(st, &len);
    rc = send_record(s, key, value, len, err);
    free(key);
    free(value);
    return rc;
}

int
kc_status_store_put_safe(kc_status_store *s, const char *connector, int task,
                         const kc_status *st, kc_err *err)
{
    entry *e;
    bool   allowed;

    pthread_mutex_lock(&s->lock);
    e = find(s, connector, task);
    allowed = e == NULL || e->st.worker_id == NULL || st->worker_id == NULL ||
              strcmp(e->st.worker_id, st->worker_id) == 0 || e->st.generation <= st->generation;
    pthread_mutex_unlock(&s->lock);
    if (!allowed) {
        kc_log_debug("status", "not writing %s status of %s-%d: another worker owns it now",
                     kc_state_name(st->state), connector, task);
        return KC_OK;
    }
    return kc_status_store_put(s, connector, task, st, err);
}

int
kc_status_store_flush(kc_status_store *s, int timeout_ms, kc_err *err)
{
    return s->log ? kc_klog_flush(s->log, timeout_ms, err) : KC_OK;
}

int
kc_status_store_get(kc_status_store *s, const char *connector, int task, kc_status *out)
{
    entry *e;
    int    rc = KC_ENOTFOUND;

    memset(out, 0, sizeof(*out));
    pthread_mutex_lock(&s->lock);
    if ((e = find(s, connector, task)) != NULL) {
        status_copy(out, &e->st);
        rc = KC_OK;
    }
    pthread_mutex_unlock(&s->lock);
    return rc;
}

char **
kc_status_store_connectors(kc_status_store *s, size_t *n)
{
    char **names;

    pthread_mutex_lock(&s->lock);
    names = kc_xcalloc(s->n + 1, sizeof(*names));
    *n = 0;
    for (size_t i = 0; i < s->n; i++) {
        bool seen = false;
        for (size_t j = 0; j < *n && !seen; j++)
            seen = strcmp(names[j], s->entries[i].connector) == 0;
        if (!seen)
            names[(*n)++] = kc_xstrdup(s->entries[i].connector);
    }
    pthread_mutex_unlock(&s->lock);
    return names;
}

static int
int_cmp(const void *a, const void *b)
{
    return (*(const int *) a > *(const int *) b) - (*(const int *) a < *(const int *) b);
}

int *
kc_status_store_tasks(kc_status_store *s, const char *connector, size_t *n)
{
    int *ids;

    pthread_mutex_lock(&s->lock);
    ids = kc_xcalloc(s->n + 1, sizeof(*ids));
    *n = 0;
    for (size_t i = 0; i < s->n; i++)
        if (s->entries[i].task >= 0 && strcmp(s->entries[i].connector, connector) == 0)
            ids[(*n)++] = s->entries[i].task;
    pthread_mutex_unlock(&s->lock);
    qsort(ids, *n, sizeof(*ids), int_cmp);
    return ids;
}

/* ===== Active topics (KIP-558) ===== */

static int
cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *) a, *(char *const *) b);
}

char **
kc_status_store_topics(kc_status_store *s, const char *connector, size_t *n)
{
    char **out;

    pthread_mutex_lock(&s->lock);
    out = kc_xcalloc(s->ntopics + 1, sizeof(*out));
    *n = 0;
    for (size_t i = 0; i < s->ntopics; i++)
        if (strcmp(s->topics[i].connector, connector) == 0)
            out[(*n)++] = kc_xstrdup(s->topics[i].topic);
    pthread_mutex_unlock(&s->lock);
    qsort(out, *n, sizeof(*out), cmp_str);
    return out;
}

bool
kc_status_store_has_topic(kc_status_store *s, const char *connector, const char *topic)
{
    bool found = false;

    pthread_mutex_lock(&s->lock);
    for (size_t i = 0; i < s->ntopics && !found; i++)
        found = strcmp(s->topics[i].connector, connector) == 0 &&
                strcmp(s->topics[i].topic, topic) == 0;
    pthread_mutex_unlock(&s->lock);
    return found;
}

int
kc_status_store_put_topic(kc_status_store *s, const char *connector, const char *topic, int task,
                          int64_t discover_ms, kc_err *err)
{
    char   *key = kc_xasprintf(TOPIC_PREFIX "%s" TOPIC_SEPARATOR "%s", topic, connector);
    json_t *v = json_pack("{s:{s:s,s:s,s:i,s:I}}", "topic", "name", topic, "connector", connector,
                          "task", task, "discoverTimestamp", (json_int_t) discover_ms);
    size_t  len;
    char   *value = kc_json_java_dumps(v, &len);
    int     rc = send_record(s, key, value, len, err);

    json_decref(v);
    free(value);
    free(key);
    return rc;
}

int
kc_status_store_reset_topics(kc_status_store *s, const char *connector, kc_err *err)
{
    size_t n;
    char **topics = kc_status_store_topics(s, connector, &n);
    int    rc = KC_OK;

    for (size_t i = 0; i < n; i++) {
        char *key = kc_xasprintf(TOPIC_PREFIX "%s" TOPIC_SEPARATOR "%s", topics[i], connector);
        if (rc == KC_OK)
            rc = send_record(s, key, NULL, 0, err);
        free(key);
        free(topics[i]);
    }
    free(topics);
    return rc;
}
