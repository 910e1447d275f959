/*
 * lib/log.c - see log.h.
 *
 * The logger table: the root logger, one logger per subsystem (fixed, first in the table)
 * and any namespace created through kc_logger_set. A log call reads its subsystem's
 * threshold with one atomic load and takes no lock; changes take the table lock and store
 * the new thresholds. Levels are log4j's (OFF .. ALL); a threshold is the highest
 * kc_log_level that passes.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "lib/log.h"

#include <ctype.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "lib/common.h"

static const char *const level_names[] = { "ERROR", "WARN", "INFO", "DEBUG", "TRACE" };

/* log4j's levels, most to least severe, and the kc_log_level each lets through. */
static const struct { const char *name; int threshold; } l4j_levels[] = {
    { "OFF", KC_LOG_OFF }, { "FATAL", KC_LOG_OFF }, { "ERROR", KC_LOG_ERROR },
    { "WARN", KC_LOG_WARN }, { "INFO", KC_LOG_INFO }, { "DEBUG", KC_LOG_DEBUG },
    { "TRACE", KC_LOG_TRACE }, { "ALL", KC_LOG_TRACE },
};
#define NL4J (sizeof(l4j_levels) / sizeof(l4j_levels[0]))

/* Subsystems and the Java loggers whose role they play. */
static const struct { const char *subsys, *logger; } subsystems[] = {
    { "worker", "org.apache.kafka.connect.runtime.Worker" },
    { "herder", "org.apache.kafka.connect.runtime.distributed.DistributedHerder" },
    { "group", "org.apache.kafka.connect.runtime.distributed.WorkerGroupMember" },
    { "config", "org.apache.kafka.connect.storage.KafkaConfigBackingStore" },
    { "status", "org.apache.kafka.connect.storage.KafkaStatusBackingStore" },
    { "offsets", "org.apache.kafka.connect.storage.KafkaOffsetBackingStore" },
    { "klog", "org.apache.kafka.connect.util.KafkaBasedLog" },
    { "task", "org.apache.kafka.connect.runtime.WorkerTask" },
    { "plugins", "org.apache.kafka.connect.runtime.isolation.Plugins" },
    { "rest", "org.apache.kafka.connect.runtime.rest.RestServer" },
    { "kafka", "org.apache.kafka.clients.NetworkClient" },
};
#define NSUB (sizeof(subsystems) / sizeof(subsystems[0]))

/* Namespaces created through the REST API are kept; a bound keeps a client from growing the
 * table without end (past it, a new namespace changes its descendants but is not kept). */
#define MAX_CREATED 4096

typedef struct logger {
    char    *name;
    int      level;              /* index into l4j_levels */
    int64_t  last_modified;      /* -1: never changed through kc_logger_set */
} logger;

static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static logger         *extra;                 /* created namespaces; under table_lock */
static size_t          nextra;
static int             root_level = 4;        /* INFO; under table_lock */
static int64_t         root_modified = -1;
static int             sub_level[NSUB] = { 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4 };
static int64_t         sub_modified[NSUB] = { -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1 };
/* What log calls read without the lock. */
static atomic_int      root_threshold = KC_LOG_INFO;
static atomic_int      sub_threshold[NSUB] = { KC_LOG_INFO, KC_LOG_INFO, KC_LOG_INFO,
                                               KC_LOG_INFO, KC_LOG_INFO, KC_LOG_INFO,
                                               KC_LOG_INFO, KC_LOG_INFO, KC_LOG_INFO,
                                               KC_LOG_INFO, KC_LOG_INFO };

_Static_assert(sizeof(sub_level) / sizeof(sub_level[0]) == NSUB, "one level per subsystem");

static int
l4j_index(kc_log_level level)
{
    switch (level) {
    case KC_LOG_OFF: return 0;
    case KC_LOG_ERROR: return 2;
    case KC_LOG_WARN: return 3;
    case KC_LOG_INFO: return 4;
    case KC_LOG_DEBUG: return 5;
    default: return 6;
    }
}

void
kc_log_set_level(kc_log_level level)
{
    int idx = l4j_index(level);

    pthread_mutex_lock(&table_lock);
    root_level = idx;
    atomic_store(&root_threshold, l4j_levels[idx].threshold);
    for (size_t i = 0; i < NSUB; i++) {
        sub_level[i] = idx;
        atomic_store(&sub_threshold[i], l4j_levels[idx].threshold);
    }
    for (size_t i = 0; i < nextra; i++)
        extra[i].level = idx;
    pthread_mutex_unlock(&table_lock);
}

kc_log_level
kc_log_get_level(void)
{
    return (kc_log_level) atomic_load(&root_threshold);
}

int
kc_log_level_parse(const char *name)
{
    for (int i = 0; i < (int) (sizeof(level_names) / sizeof(level_names[0])); i++)
        if (strcasecmp(name, level_names[i]) == 0)
            return i;
    return -1;
}

static int
threshold_of(const char *subsys)
{
    for (size_t i = 0; i < NSUB; i++)
        if (strcmp(subsys, subsystems[i].subsys) == 0)
            return atomic_load_explicit(&sub_threshold[i], memory_order_relaxed);
    return atomic_load_explicit(&root_threshold, memory_order_relaxed);
}

bool
kc_log_enabled(kc_log_level level, const char *subsys)
{
    return level >= KC_LOG_ERROR && (int) level <= threshold_of(subsys);
}

void
kc_log(kc_log_level level, const char *subsys, const char *fmt, ...)
{
    char            line[4096];
    struct timespec ts;
    struct tm       tm;
    size_t          n;
    int             r;
    va_list         ap;

    if (!kc_log_enabled(level, subsys))
        return;
    clock_gettime(CLOCK_REALTIME, &ts);
    localtime_r(&ts.tv_sec, &tm);
    n = strftime(line, sizeof(line), "[%Y-%m-%d %H:%M:%S", &tm);
    r = snprintf(line + n, sizeof(line) - n, ",%03ld] %s %s: ", ts.tv_nsec / 1000000L,
                 level_names[level], subsys);
    n += (size_t) r;
    va_start(ap, fmt);
    r = vsnprintf(line + n, sizeof(line) - n, fmt, ap);
    va_end(ap);
    if (r < 0)
        r = 0;
    n += (size_t) r;
    if (n > sizeof(line) - 2) {               /* truncated: mark it, keep the newline */
        n = sizeof(line) - 2;
        line[n - 3] = line[n - 2] = line[n - 1] = '.';
    }
    line[n++] = '\n';
    if (write(STDERR_FILENO, line, n) < 0) {
        /* stderr is gone; there is nowhere left to say so */
    }
}

/* ===== Named loggers ===== */

static int
level_index(const char *name)
{
    size_t b = 0, e = strlen(name);

    /* Java trims (any char <= ' ') and upper-cases before looking the level up. */
    while (b < e && (unsigned char) name[b] <= ' ')
        b++;
    while (e > b && (unsigned char) name[e - 1] <= ' ')
        e--;
    for (size_t i = 0; i < NL4J; i++)
        if (strlen(l4j_levels[i].name) == e - b && strncasecmp(name + b, l4j_levels[i].name,
                                                              e - b) == 0)
            return (int) i;
    return -1;
}

const char *
kc_log_level_name(const char *name)
{
    int i = level_index(name);

    return i < 0 ? NULL : l4j_levels[i].name;
}

static void
fill(kc_logger_info *out, const char *name, int level, int64_t modified)
{
    snprintf(out->name, sizeof(out->name), "%s", name);
    snprintf(out->level, sizeof(out->level), "%s", l4j_levels[level].name);
    out->last_modified = modified;
}

static int
by_name(const void *a, const void *b)
{
    return strcmp(((const kc_logger_info *) a)->name, ((const kc_logger_info *) b)->name);
}

kc_logger_info *
kc_logger_list(size_t *n)
{
    kc_logger_info *out;
    size_t          k = 0;

    pthread_mutex_lock(&table_lock);
    out = kc_xcalloc(NSUB + nextra + 1, sizeof(*out));
    fill(&out[k++], "root", root_level, root_modified);
    for (size_t i = 0; i < NSUB; i++)
        fill(&out[k++], subsystems[i].logger, sub_level[i], sub_modified[i]);
    for (size_t i = 0; i < nextra; i++)
        fill(&out[k++], extra[i].name, extra[i].level, extra[i].last_modified);
    pthread_mutex_unlock(&table_lock);
    qsort(out, k, sizeof(*out), by_name);
    *n = k;
    return out;
}

int
kc_logger_get(const char *name, kc_logger_info *out)
{
    int rc = -1;

    pthread_mutex_lock(&table_lock);
    if (strcasecmp(name, "root") == 0) {
        fill(out, "root", root_level, root_modified);
        rc = 0;
    }
    for (size_t i = 0; rc < 0 && i < NSUB; i++)
        if (strcmp(name, subsystems[i].logger) == 0) {
            fill(out, subsystems[i].logger, sub_level[i], sub_modified[i]);
            rc = 0;
        }
    for (size_t i = 0; rc < 0 && i < nextra; i++)
        if (strcmp(name, extra[i].name) == 0) {
            fill(out, extra[i].name, extra[i].level, extra[i].last_modified);
            rc = 0;
        }
    pthread_mutex_unlock(&table_lock);
    return rc;
}

static int
by_str(const void *a, const void *b)
{
    return strcmp(*(char *const *) a, *(char *const *) b);
}

/* Sets *level to idx if name falls under ns; records the change in out. Under table_lock. */
static void
maybe_set(const char *name, const char *ns, bool all, int *level, int64_t *modified, int idx,
          int64_t now, char **out, size_t *nout)
{
    if (!all && strncmp(name, ns, strlen(ns)) != 0)
        return;
    if (*level == idx)
        return;
    *level = idx;
    *modified = now;
    out[(*nout)++] = kc_xstrdup(name);
}

/* The level a new logger named name would take: that of its nearest known ancestor in the
 * dotted hierarchy, else the root's. Under table_lock. */
static int
inherited_level(const char *name)
{
    size_t best = 0;
    int    level = root_level;

    for (size_t i = 0; i < NSUB + nextra; i++) {
        const char *cand = i < NSUB ? subsystems[i].logger : extra[i - NSUB].name;
        size_t      len = strlen(cand);
        if (len > best && strncmp(name, cand, len) == 0 && name[len] == '.') {
            best = len;
            level = i < NSUB ? sub_level[i] : extra[i - NSUB].level;
        }
    }
    return level;
}

char **
kc_logger_set(const char *ns, const char *level)
{
    int     idx = level_index(level);
    bool    all = strcasecmp(ns, "root") == 0;
    int64_t now = kc_wall_ms();
    char  **out;
    size_t  nout = 0;
    bool    present = all;
    int     inherited;

    if (idx < 0)
        return kc_xcalloc(1, sizeof(char *));
    pthread_mutex_lock(&table_lock);
    out = kc_xcalloc(NSUB + nextra + 3, sizeof(*out));
    inherited = inherited_level(ns);
    if (all)
        maybe_set("root", ns, true, &root_level, &root_modified, idx, now, out, &nout);
    for (size_t i = 0; i < NSUB; i++) {
        present = present || strcmp(subsystems[i].logger, ns) == 0;
        maybe_set(subsystems[i].logger, ns, all, &sub_level[i], &sub_modified[i], idx, now, out,
                  &nout);
    }
    for (size_t i = 0; i < nextra; i++) {
        present = present || strcmp(extra[i].name, ns) == 0;
        maybe_set(extra[i].name, ns, all, &extra[i].level, &extra[i].last_modified, idx, now,
                  out, &nout);
    }
    if (!present && nextra < MAX_CREATED) {
        /* The namespace's own logger, new: it starts at the level it inherits (as a log4j
         * logger created on lookup does) and counts as changed only if that differs. */
        extra = kc_xrealloc(extra, (nextra + 1) * sizeof(*extra));
        extra[nextra].name = kc_xstrdup(ns);
        extra[nextra].level = inherited;
        extra[nextra].last_modified = -1;
        maybe_set(ns, ns, true, &extra[nextra].level, &extra[nextra].last_modified, idx, now,
                  out, &nout);
        nextra++;
    }
    atomic_store(&root_threshold, l4j_levels[root_level].threshold);
    for (size_t i = 0; i < NSUB; i++)
        atomic_store(&sub_threshold[i], l4j_levels[sub_level[i]].threshold);
    pthread_mutex_unlock(&table_lock);
    qsort(out, nout, sizeof(*out), by_str);
    return out;
}
