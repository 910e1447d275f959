/*
 * worker/log.h - one line per event: time, level, subsystem, message.
 *
 *   [2026-11-30 04:10:43,305] INFO worker: REST server listening on http://127.0.0.1:8083/
 *
 * Thread-safe and non-blocking beyond one write(2) per line, so lines from different
 * threads (herder, tasks, REST, librdkafka callbacks) never interleave.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_LOG_H
#define KC_LOG_H

typedef enum {
    KC_LOG_OFF = -1,          /* for kc_log_set_level only: nothing is logged */
    KC_LOG_ERROR = 0,
    KC_LOG_WARN,
    KC_LOG_INFO,
    KC_LOG_DEBUG,
    KC_LOG_TRACE,
} kc_log_level;

/* Lines above this level are dropped. Default KC_LOG_INFO. Call before threads start. */
void kc_log_set_level(kc_log_level level);
kc_log_level kc_log_get_level(void);

/* Parses "ERROR", "warn", ... (case-insensitive); returns -1 for anything else. */
int kc_log_level_parse(const char *name);

/* Logs to stderr. subsys names the part of kconnect speaking ("worker", "rest", "kafka"). */
void kc_log(kc_log_level level, const char *subsys, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#define kc_log_error(sub, ...) kc_log(KC_LOG_ERROR, sub, __VA_ARGS__)
#define kc_log_warn(sub, ...)  kc_log(KC_LOG_WARN, sub, __VA_ARGS__)
#define kc_log_info(sub, ...)  kc_log(KC_LOG_INFO, sub, __VA_ARGS__)
#define kc_log_debug(sub, ...) kc_log(KC_LOG_DEBUG, sub, __VA_ARGS__)

#endif
