/*
 * worker/config_state.c - see config_state.h. Dispatch order and rules follow Java's
 * KafkaConfigBackingStore.ConsumeCallback (spec/connect-runtime.md §3.2).
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "worker/config_state.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/common.h"
#include "lib/json_java.h"
#include "lib/log.h"

static const char *const target_names[] = { "STARTED", "PAUSED", "STOPPED" };

const char *
kc_target_state_name(kc_target_state s)
{
    return (unsigned) s < 3 ? target_names[s] : "UNKNOWN";
}

int
kc_target_state_parse(const char *name)
{
    for (int i = 0; i < 3; i++)
        if (strcmp(name, target_names[i]) == 0)
            return i;
    return -1;
}

void
kc_config_state_init(kc_config_state *st)
{
    memset(st, 0, sizeof(*st));
    st->offset = -1;
}

static void
clear_tasks(kc_connector_state *c)
{
    for (int i = 0; i < c->task_count; i++)
        json_decref(c->tasks ? c->tasks[i] : NULL);
    free(c->tasks);
    c->tasks = NULL;
}

static void
connector_free(kc_connector_state *c)
{
    free(c->name);
    json_decref(c->config);
    clear_tasks(c);
    json_decref(c->applied_config);
    json_decref(c->applied_resolved);
    json_decref(c->deferred);
}

void
kc_config_state_free(kc_config_state *st)
{
    for (size_t i = 0; i < st->nconnectors; i++)
        connector_free(&st->connectors[i]);
    free(st->connectors);
    free(st->session_key);
    free(st->session_key_algorithm);
    kc_config_state_init(st);
}

/* The entry for name (created when create is set), kept sorted by name. An entry can
 * exist without a config: it holds deferred task records or a target state. */
static kc_connector_state *
entry(kc_config_state *st, const char *name, bool create)
{
    size_t lo = 0, hi = st->nconnectors;

    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int    cmp = strcmp(st->connectors[mid].name, name);
        if (cmp == 0)
            return &st->connectors[mid];
        if (cmp < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (!create)
        return NULL;
    st->connectors = kc_xrealloc(st->connectors, (st->nconnectors + 1) * sizeof(*st->connectors));
    memmove(&st->connectors[lo + 1], &st->connectors[lo],
            (st->nconnectors - lo) * sizeof(*st->connectors));
    st->nconnectors++;
    memset(&st->connectors[lo], 0, sizeof(st->connectors[lo]));
    st->connectors[lo].name = kc_xstrdup(name);
    st->connectors[lo].task_count_record = -1;
    return &st->connectors[lo];
}

const kc_connector_state *
kc_config_state_connector(const kc_config_state *st, const char *name)
{
    const kc_connector_state *c = entry((kc_config_state *) st, name, false);

    return c != NULL && c->config != NULL ? c : NULL;
}

size_t
kc_config_state_task_count_visible(const kc_connector_state *c)
{
    return c->inconsistent ? 0 : (size_t) c->task_count;
}

static bool
starts(const char *s, const char *prefix, const char **rest)
{
    size_t n = strlen(prefix);

    if (strncmp(s, prefix, n) != 0)
        return false;
    *rest = s + n;
    return true;
}

static void
event(kc_config_event *ev, kc_config_event_type type, const char *connector)
{
    ev->type = type;
    snprintf(ev->connector, sizeof(ev->connector), "%s", connector ? connector : "");
}

/* {"properties":{...}} -> the properties object (new reference), or NULL. */
static json_t *
properties_of(const json_t *v)
{
    json_t *p = json_object_get(v, "properties");

    return json_is_object(p) ? json_deep_copy(p) : NULL;
}

/* Java's JsonDeserializer accepts numbers with leading zeros ("01"); jansson does not. The
 * text without them, for a second attempt (new string). */
static char *
without_leading_zeros(const char *text, size_t len, size_t *out_len)
{
    char  *out = kc_xmalloc(len + 1);
    size_t o = 0;
    bool   in_string = false, escaped = false;

    for (size_t i = 0; i < len; i++) {
        char c = text[i];
        if (in_string) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '0' && i + 1 < len && text[i + 1] >= '0' && text[i + 1] <= '9' &&
                   (o == 0 || !((out[o - 1] >= '0' && out[o - 1] <= '9') || out[o - 1] == '.' ||
                                out[o - 1] == 'e' || out[o - 1] == 'E'))) {
            continue;                       /* a leading zero of an integer part */
        }
        out[o++] = c;
    }
    out[o] = '\0';
    *out_len = o;
    return out;
}

/* ===== One record ===== */

static void
apply_connector(kc_config_state *st, const char *name, const json_t *v, kc_config_event *ev)
{
    kc_connector_state *c = entry(st, name, v != NULL);
    json_t             *props;

    if (v == NULL) {                                      /* tombstone: connector deleted */
        if (c == NULL || c->config == NULL) {
            event(ev, KC_CFG_EV_NONE, name);
            return;
        }
        json_decref(c->config);
        c->config = NULL;
        clear_tasks(c);
        c->task_count = 0;
        c->inconsistent = false;
        json_decref(c->deferred);
        c->deferred = NULL;
        c->deferred_seen = false;
        json_decref(c->applied_config);
        c->applied_config = NULL;
        json_decref(c->applied_resolved);
        c->applied_resolved = NULL;
        event(ev, KC_CFG_EV_CONNECTOR_REMOVED, name);
        return;
    }
    if ((props = properties_of(v)) == NULL) {
        kc_log_error("config", "Invalid data for connector config (%s): no properties object; "
                     "record skipped", name);
        event(ev, KC_CFG_EV_SKIPPED, name);
        return;
    }
    event(ev, c->config == NULL ? KC_CFG_EV_CONNECTOR_ADDED : KC_CFG_EV_CONNECTOR_UPDATED, name);
    json_decref(c->config);
    c->config = props;
}

static void
apply_target_state(kc_config_state *st, const char *name, const json_t *v, kc_config_event *ev)
{
    kc_connector_state *c = entry(st, name, false);
    kc_target_state     before = c ? c->target : KC_TARGET_STARTED;
    const json_t       *s;
    int                 parsed;

    if (v == NULL) {                        /* Java resets, but never notifies */
        if (c != NULL)
            c->target = KC_TARGET_STARTED;
        event(ev, KC_CFG_EV_NONE, name);
        return;
    } else {
        s = json_object_get(v, "state.v2");
        if (!json_is_string(s))
            s = json_object_get(v, "state");
        if (!json_is_string(s) || (parsed = kc_target_state_parse(json_string_value(s))) < 0) {
            kc_log_error("config", "Invalid target state for connector '%s'; record skipped",
                         name);
            event(ev, KC_CFG_EV_SKIPPED, name);
            return;
        }
        c = entry(st, name, true);
        c->target = (kc_target_state) parsed;
    }
    event(ev, c != NULL && c->config != NULL && c->target != before ? KC_CFG_EV_TARGET_STATE
                                                                    : KC_CFG_EV_NONE, name);
}

/* "task-<connector>-<n>": the connector is everything between the prefix and the last '-'. */
static int
parse_task_key(const char *rest, char *connector, size_t size, int *n)
{
    const char *dash = strrchr(rest, '-');
    char       *end;
    long        v;

    if (dash == NULL || dash == rest || (size_t) (dash - rest) >= size)
        return -1;
    v = strtol(dash + 1, &end, 10);
    if (dash[1] == '\0' || *end != '\0' || v < 0 || v > 1000000)
        return -1;
    memcpy(connector, rest, (size_t) (dash - rest));
    connector[dash - rest] = '\0';
    *n = (int) v;
    return 0;
}

static void
apply_task(kc_config_state *st, const char *rest, const json_t *v, kc_config_event *ev)
{
    char                name[256], idx[16];
    int                 n;
    json_t             *props;
    kc_connector_state *c;

    if (parse_task_key(rest, name, sizeof(name), &n) != 0) {
        kc_log_error("config", "Invalid task id in config key 'task-%s'; record skipped", rest);
        event(ev, KC_CFG_EV_SKIPPED, NULL);
        return;
    }
    event(ev, KC_CFG_EV_NONE, name);
    if (v == NULL)                                        /* Java ignores task tombstones */
        return;
    if ((props = properties_of(v)) == NULL) {
        kc_log_error("config", "Invalid data for task config (%s-%d); record skipped", name, n);
        event(ev, KC_CFG_EV_SKIPPED, name);
        return;
    }
    c = entry(st, name, true);
    if (c->deferred == NULL)
        c->deferred = json_object();
    c->deferred_seen = true;
    snprintf(idx, sizeof(idx), "%d", n);
    json_object_set_new(c->deferred, idx, props);
}

static void
apply_commit(kc_config_state *st, const char *name, const json_t *v, kc_config_event *ev)
{
    kc_connector_state *c = entry(st, name, false);
    const json_t       *t = json_object_get(v, "tasks");
    int                 n;
    bool                complete = true;
    char                idx[16];

    if (!json_is_integer(t) || json_integer_value(t) < 0 || json_integer_value(t) > 1000000) {
        kc_log_error("config", "Invalid data for commit of connector '%s'; record skipped", name);
        event(ev, KC_CFG_EV_SKIPPED, name);
        return;
    }
    n = (int) json_integer_value(t);
    if (c == NULL || c->config == NULL) {
        /* A deleted connector whose tombstone was compacted away: ignore, drop leftovers. */
        if (c != NULL) {
            json_decref(c->deferred);
            c->deferred = NULL;
        }
        event(ev, KC_CFG_EV_NONE, name);
        return;
    }
    for (int i = 0; i < n && complete; i++) {
        snprintf(idx, sizeof(idx), "%d", i);
        complete = c->deferred != NULL && json_object_get(c->deferred, idx) != NULL;
    }
    if (complete) {
        bool had_deferred = c->deferred_seen;
        clear_tasks(c);
        c->tasks = kc_xcalloc((size_t) (n > 0 ? n : 1), sizeof(*c->tasks));
        for (int i = 0; i < n; i++) {
            snprintf(idx, sizeof(idx), "%d", i);
            c->tasks[i] = json_incref(json_object_get(c->deferred, idx));
        }
        if (had_deferred)
            c->generation++;
        c->inconsistent = false;
        json_decref(c->applied_config);
        c->applied_config = json_deep_copy(c->config);
        json_decref(c->applied_resolved);
        c->applied_resolved = NULL;
    } else {
        kc_log_error("config", "Ignoring connector tasks configuration commit for connector "
                     "'%s' because it is in the wrong format or some task configurations are "
                     "missing", name);
        clear_tasks(c);
        c->inconsistent = true;
    }
    json_decref(c->deferred);
    c->deferred = NULL;
    c->task_count = n;
    c->pending_fencing = true;
    event(ev, KC_CFG_EV_TASKS_COMMITTED, name);
}

static void
apply_session_key(kc_config_state *st, const json_t *v, kc_config_event *ev)
{
    const json_t *k = json_object_get(v, "key"), *alg = json_object_get(v, "algorithm");
    const json_t *ts = json_object_get(v, "creation-timestamp");
    uint8_t      *raw;
    size_t        len;

    if (!json_is_string(k) || !json_is_string(alg) || !json_is_integer(ts) ||
        kc_base64_decode(json_string_value(k), json_string_length(k), &raw, &len) != 0) {
        kc_log_error("config", "Invalid data for session key record; skipped");
        event(ev, KC_CFG_EV_SKIPPED, NULL);
        return;
    }
    free(st->session_key);
    free(st->session_key_algorithm);
    st->session_key = raw;
    st->session_key_len = len;
    st->session_key_algorithm = kc_xstrdup(json_string_value(alg));
    st->session_key_created = json_integer_value(ts);
    event(ev, KC_CFG_EV_SESSION_KEY, NULL);
}

void
kc_config_state_apply(kc_config_state *st, const char *key, const void *value, size_t len,
                      int64_t offset, kc_config_event *ev)
{
    json_t      *v = NULL;
    json_error_t jerr;
    const char  *rest;

    memset(ev, 0, sizeof(*ev));
    if (value != NULL) {
        const unsigned char *p = value;
        size_t               skip = 0;
        /* As Jackson's readTree: a UTF-8 byte order mark is skipped, an empty or blank value
         * is no value (a tombstone), data after the first JSON value is ignored. */
        if (len >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF)
            skip = 3;
        while (skip < len && (p[skip] == ' ' || p[skip] == '\t' || p[skip] == '\n' ||
                              p[skip] == '\r'))
            skip++;
        if (skip == len)
            value = NULL;
        else
            value = p + skip, len -= skip;
    }
    if (value != NULL) {
        v = json_loadb(value, len, JSON_DECODE_ANY | JSON_ALLOW_NUL | JSON_DISABLE_EOF_CHECK,
                       &jerr);
        if (v == NULL) {
            size_t n;
            char  *t = without_leading_zeros(value, len, &n);
            v = json_loadb(t, n, JSON_DECODE_ANY | JSON_ALLOW_NUL | JSON_DISABLE_EOF_CHECK, NULL);
            free(t);
        }
        if (v == NULL || json_is_null(v)) {
            /* Not JSON: skipped, and the config offset does not move (as Java). A JSON null
             * is a tombstone for the converter, so it counts as parsed. */
            if (v == NULL) {
                kc_log_error("config", "Failed to convert config data to Kafka Connect format "
                             "(key '%s' at offset %lld): %s; record skipped", key ? key : "",
                             (long long) offset, jerr.text);
                event(ev, KC_CFG_EV_SKIPPED, NULL);
                return;
            }
            json_decref(v);
            v = NULL;
        }
    }
    st->offset = offset + 1;
    if (key == NULL) {
        kc_log_error("config", "Config record at offset %lld has no key; skipped",
                     (long long) offset);
        event(ev, KC_CFG_EV_SKIPPED, NULL);
    } else if (starts(key, "target-state-", &rest)) {
        apply_target_state(st, rest, v, ev);
    } else if (starts(key, "connector-", &rest)) {
        apply_connector(st, rest, v, ev);
    } else if (starts(key, "task-", &rest)) {
        apply_task(st, rest, v, ev);
    } else if (starts(key, "commit-", &rest)) {
        if (v == NULL)
            event(ev, KC_CFG_EV_NONE, rest);
        else
            apply_commit(st, rest, v, ev);
    } else if (starts(key, "restart-connector-", &rest)) {
        const json_t *t = json_object_get(v, "include-tasks"), *f = json_object_get(v, "only-failed");
        event(ev, st->initial_read_done && json_is_object(v) ? KC_CFG_EV_RESTART : KC_CFG_EV_NONE,
              rest);
        ev->restart.connector = ev->connector;
        ev->restart.include_tasks = json_is_true(t);
        ev->restart.only_failed = json_is_true(f);
    } else if (starts(key, "tasks-fencing-", &rest)) {
        const json_t *n = json_object_get(v, "task-count");
        if (json_is_integer(n)) {                         /* anything else: ignored */
            kc_connector_state *c = entry(st, rest, true);
            c->task_count_record = (int) json_integer_value(n);
            c->pending_fencing = false;
            event(ev, KC_CFG_EV_FENCING, rest);
        } else {
            event(ev, KC_CFG_EV_NONE, rest);
        }
    } else if (strcmp(key, "session-key") == 0) {
        if (v != NULL)
            apply_session_key(st, v, ev);
    } else if (starts(key, "logger-cluster-", &rest)) {
        const json_t *l = json_object_get(v, "level");
        event(ev, st->initial_read_done && json_is_string(l) ? KC_CFG_EV_LOGGER : KC_CFG_EV_NONE,
              rest);
        if (json_is_string(l))
            snprintf(ev->level, sizeof(ev->level), "%s", json_string_value(l));
    } else {
        kc_log_error("config", "Discarding config update record with invalid key: %s", key);
        event(ev, KC_CFG_EV_SKIPPED, NULL);
    }
    json_decref(v);
}

/* ===== Records ===== */

void
kc_record_kv_clear(kc_record_kv *r)
{
    free(r->key);
    free(r->value);
    memset(r, 0, sizeof(*r));
}

static void
record(kc_record_kv *r, char *key, json_t *value)      /* steals value */
{
    r->key = key;
    r->value = value ? kc_json_java_dumps(value, &r->value_len) : NULL;
    if (value == NULL)
        r->value_len = 0;
    json_decref(value);
}

static json_t *
properties(const json_t *config)
{
    json_t *o = json_object();

    json_object_set_new(o, "properties", json_deep_copy(config));
    return o;
}

void
kc_config_record_connector(kc_record_kv *r, const char *name, const json_t *config)
{
    record(r, kc_xasprintf("connector-%s", name), config ? properties(config) : NULL);
}

void
kc_config_record_task(kc_record_kv *r, const char *name, int n, const json_t *config)
{
    record(r, kc_xasprintf("task-%s-%d", name, n), properties(config));
}

void
kc_config_record_commit(kc_record_kv *r, const char *name, int tasks)
{
    record(r, kc_xasprintf("commit-%s", name), json_pack("{s:i}", "tasks", tasks));
}

void
kc_config_record_target_state(kc_record_kv *r, const char *name, kc_target_state s,
                              bool tombstone)
{
    json_t *v = NULL;

    if (!tombstone) {
        v = json_object();
        /* Readers older than 3.5 know no STOPPED: they get PAUSED in "state". */
        json_object_set_new(v, "state", json_string(kc_target_state_name(
                                            s == KC_TARGET_STOPPED ? KC_TARGET_PAUSED : s)));
        json_object_set_new(v, "state.v2", json_string(kc_target_state_name(s)));
    }
    record(r, kc_xasprintf("target-state-%s", name), v);
}

void
kc_config_record_session_key(kc_record_kv *r, const uint8_t *key, size_t len,
                             const char *algorithm, int64_t created_ms)
{
    char   *b64 = kc_base64_encode(key, len);
    json_t *v = json_object();

    json_object_set_new(v, "key", json_string(b64));
    json_object_set_new(v, "algorithm", json_string(algorithm));
    json_object_set_new(v, "creation-timestamp", json_integer(created_ms));
    free(b64);
    record(r, kc_xstrdup("session-key"), v);
}

void
kc_config_record_restart(kc_record_kv *r, const char *name, bool include_tasks,
                         bool only_failed)
{
    json_t *v = json_object();

    json_object_set_new(v, "include-tasks", json_boolean(include_tasks));
    json_object_set_new(v, "only-failed", json_boolean(only_failed));
    record(r, kc_xasprintf("restart-connector-%s", name), v);
}

void
kc_config_record_fencing(kc_record_kv *r, const char *name, int task_count)
{
    record(r, kc_xasprintf("tasks-fencing-%s", name), json_pack("{s:i}", "task-count",
                                                                 task_count));
}

void
kc_config_record_logger(kc_record_kv *r, const char *ns, const char *level)
{
    record(r, kc_xasprintf("logger-cluster-%s", ns), json_pack("{s:s}", "level", level));
}
