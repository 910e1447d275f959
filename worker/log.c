/*
 * worker/log.c - see log.h. The level is set once at start-up, before other threads run.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "worker/log.h"

#include <stdarg.h>
#include <stdio.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

static kc_log_level log_level = KC_LOG_INFO;
static const char *const level_names[] = { "ERROR", "WARN", "INFO", "DEBUG", "TRACE" };

void kc_log_set_level(kc_log_level level) { log_level = level; }
kc_log_level kc_log_get_level(void) { return log_level; }

int
kc_log_level_parse(const char *name)
{
    for (int i = 0; i < (int) (sizeof(level_names) / sizeof(level_names[0])); i++)
        if (strcasecmp(name, level_names[i]) == 0)
            return i;
    return -1;
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

    if (level > log_level)
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
