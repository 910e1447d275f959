/*
 * lib/log.h - one line per event: time, level, subsystem, message.
 *
 *   [2026-11-30 04:10:43,305] INFO worker: REST server listening on http://127.0.0.1:8083/
 *
 * Thread-safe and non-blocking beyond one write(2) per line, so lines from different
 * threads (herder, tasks, REST, librdkafka callbacks) never interleave.
 *
 * Each subsystem logs through a named logger with a Java-style name (herder ->
 * org.apache.kafka.connect.runtime.distributed.DistributedHerder, ...), so that Connect's
 * /admin/loggers API can read and change levels at run time as it does with log4j: setting a
 * namespace sets every known logger whose name starts with it, plus the namespace itself.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_LOG_H
#define KC_LOG_H

#include <stddef.h>
#include <stdbool.h>
#include <stdint.h>

typedef enum {
    KC_LOG_OFF = -1,          /* for kc_log_set_level only: nothing is logged */
    KC_LOG_ERROR = 0,
    KC_LOG_WARN,
    KC_LOG_INFO,
    KC_LOG_DEBUG,
    KC_LOG_TRACE,
} kc_log_level;

/* Sets the root logger and every known logger to level (no modification time is recorded:
 * this is start-up configuration). Default KC_LOG_INFO. Call before threads start. */
void kc_log_set_level(kc_log_level level);
/* The root logger's level. */
kc_log_level kc_log_get_level(void);

/* Parses "ERROR", "warn", ... (case-insensitive); returns -1 for anything else. */
int kc_log_level_parse(const char *name);

/* Logs to stderr. subsys names the part of kconnect speaking ("worker", "rest", "kafka"). */
void kc_log(kc_log_level level, const char *subsys, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Whether kc_log(level, subsys, ...) would write: for lines costly to build. */
bool kc_log_enabled(kc_log_level level, const char *subsys);

#define kc_log_error(sub, ...) kc_log(KC_LOG_ERROR, sub, __VA_ARGS__)
#define kc_log_warn(sub, ...)  kc_log(KC_LOG_WARN, sub, __VA_ARGS__)
#define kc_log_info(sub, ...)  kc_log(KC_LOG_INFO, sub, __VA_ARGS__)
#define kc_log_debug(sub, ...) kc_log(KC_LOG_DEBUG, sub, __VA_ARGS__)

/* ===== Named loggers (the /admin/loggers model); any thread ===== */

/* The log4j level names a logger may be set to, canonical spelling ("DEBUG"), for a name
 * as Java's Level.getLevel reads it (trimmed, case-insensitive); NULL if it is none of
 * OFF, FATAL, ERROR, WARN, INFO, DEBUG, TRACE, ALL. */
const char *kc_log_level_name(const char *name);

/* A snapshot of one logger. */
typedef struct kc_logger_info {
    char    name[256];
    char    level[8];           /* "INFO", ... */
    int64_t last_modified;      /* wall ms of the last change through kc_logger_set, -1 never */
} kc_logger_info;

/* Every known logger, "root" included, sorted by name; *n set. Caller frees the array. */
kc_logger_info *kc_logger_list(size_t *n);

/* One logger by exact name ("root" in any case is the root logger). -1 if unknown. */
int kc_logger_get(const char *name, kc_logger_info *out);

/* Sets namespace (and every known logger whose name starts with it; "root": all) to level,
 * a name kc_log_level_name accepts. Returns the names of the loggers whose level changed,
 * sorted, NULL-terminated (caller frees with kc_strv_free); the namespace logger is created
 * if it did not exist. Loggers whose level changed get last_modified = now. */
char **kc_logger_set(const char *namespace_, const char *level);

#endif
