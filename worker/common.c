/*
 * worker/common.c - kc_err, allocation that aborts on exhaustion, clocks, assertions.
 *
 * Thread-safe: nothing here keeps state.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "worker/common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

int
kc_err_set(kc_err *err, int code, const char *fmt, ...)
{
    va_list ap;

    if (err != NULL) {
        err->code = code;
        va_start(ap, fmt);
        vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
        va_end(ap);
    }
    return code;
}

int
kc_err_prefix(kc_err *err, const char *fmt, ...)
{
    char    prefix[256];
    size_t  plen, rlen;
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(prefix, sizeof(prefix), fmt, ap);
    va_end(ap);
    plen = strlen(prefix);
    rlen = strnlen(err->msg, sizeof(err->msg) - 1);
    if (plen > sizeof(err->msg) - 1)
        plen = sizeof(err->msg) - 1;
    if (plen + rlen > sizeof(err->msg) - 1)
        rlen = sizeof(err->msg) - 1 - plen;
    memmove(err->msg + plen, err->msg, rlen);
    memcpy(err->msg, prefix, plen);
    err->msg[plen + rlen] = '\0';
    return err->code;
}

static void
kc_oom(size_t n)
{
    char line[96];
    int  len = snprintf(line, sizeof(line), "kconnect: out of memory allocating %zu bytes\n", n);

    if (write(STDERR_FILENO, line, (size_t) len) < 0) {
        /* nothing left to report with */
    }
    abort();
}

void *
kc_xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);

    if (p == NULL)
        kc_oom(n);
    return p;
}

void *
kc_xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);

    if (p == NULL)
        kc_oom(n * size);
    return p;
}

void *
kc_xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);

    if (q == NULL)
        kc_oom(n);
    return q;
}

char *
kc_xstrdup(const char *s)
{
    return kc_xstrndup(s, strlen(s));
}

char *
kc_xstrndup(const char *s, size_t n)
{
    char *d = kc_xmalloc(n + 1);

    memcpy(d, s, n);
    d[n] = '\0';
    return d;
}

char *
kc_xasprintf(const char *fmt, ...)
{
    va_list ap;
    char   *s;
    int     n;

    va_start(ap, fmt);
    n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    KC_ASSERT(n >= 0);
    s = kc_xmalloc((size_t) n + 1);
    va_start(ap, fmt);
    vsnprintf(s, (size_t) n + 1, fmt, ap);
    va_end(ap);
    return s;
}

static int64_t
clock_ms(clockid_t id)
{
    struct timespec ts;

    clock_gettime(id, &ts);
    return (int64_t) ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int64_t kc_mono_ms(void) { return clock_ms(CLOCK_MONOTONIC); }
int64_t kc_wall_ms(void) { return clock_ms(CLOCK_REALTIME); }

void
kc_assert_fail(const char *expr, const char *file, int line)
{
    fprintf(stderr, "kconnect: assertion failed: %s (%s:%d)\n", expr, file, line);
    abort();
}
