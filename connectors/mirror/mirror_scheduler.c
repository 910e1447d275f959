/*
 * connectors/mirror/mirror_scheduler.c - see mirror_scheduler.h.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "connectors/mirror/mirror_scheduler.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lib/common.h"
#include "lib/log.h"

#define MAX_JOBS 8

typedef struct job {
    const char *name;
    kc_job_fn   fn;
    void       *arg;
    int64_t     next;            /* monotonic ms */
    int64_t     period;
} job;

struct kc_scheduler {
    char           *name;
    int64_t         warn_after_ms;
    job             jobs[MAX_JOBS];
    int             njobs;
    pthread_t       thread;
    bool            started;
    pthread_mutex_t lock;
    pthread_cond_t  cond;        /* CLOCK_MONOTONIC */
    bool            stopping;
};

kc_scheduler *
kc_scheduler_new(const char *name, int64_t warn_after_ms)
{
    kc_scheduler      *s = kc_xcalloc(1, sizeof(*s));
    pthread_condattr_t ca;

    s->name = kc_xstrdup(name);
    s->warn_after_ms = warn_after_ms;
    pthread_mutex_init(&s->lock, NULL);
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&s->cond, &ca);
    pthread_condattr_destroy(&ca);
    return s;
}

void
kc_scheduler_add(kc_scheduler *s, const char *name, kc_job_fn fn, void *arg,
                 int64_t first_delay_ms, int64_t period_ms)
{
    KC_ASSERT(!s->started && s->njobs < MAX_JOBS);
    if (period_ms < 0)
        return;
    s->jobs[s->njobs++] = (job) { name, fn, arg, first_delay_ms, period_ms > 0 ? period_ms : 1 };
}

/* Waits on the condition until the monotonic deadline; lock held. */
static void
wait_until(kc_scheduler *s, int64_t deadline_ms)
{
    struct timespec ts = { .tv_sec = deadline_ms / 1000,
                           .tv_nsec = (long) (deadline_ms % 1000) * 1000000L };
    pthread_cond_timedwait(&s->cond, &s->lock, &ts);
}

static void *
run(void *arg)
{
    kc_scheduler *s = arg;

    pthread_mutex_lock(&s->lock);
    while (!s->stopping) {
        job    *due = NULL;
        int64_t now = kc_mono_ms();

        for (int i = 0; i < s->njobs; i++)
            if (due == NULL || s->jobs[i].next < due->next)
                due = &s->jobs[i];
        if (due == NULL) {
            pthread_cond_wait(&s->cond, &s->lock);
            continue;
        }
        if (due->next > now) {
            wait_until(s, due->next);
            continue;
        }
        pthread_mutex_unlock(&s->lock);
        due->fn(due->arg);
        if (kc_mono_ms() - now > s->warn_after_ms)
            kc_log_warn("mirror", "%s took %lld ms, more than admin.timeout.ms (%lld)",
                        due->name, (long long) (kc_mono_ms() - now),
                        (long long) s->warn_after_ms);
        pthread_mutex_lock(&s->lock);
        due->next += due->period;           /* fixed rate; a late job runs once, not twice */
        if (due->next < kc_mono_ms())
            due->next = kc_mono_ms();
    }
    pthread_mutex_unlock(&s->lock);
    return NULL;
}

void
kc_scheduler_start(kc_scheduler *s)
{
    int64_t now = kc_mono_ms();

    for (int i = 0; i < s->njobs; i++)
        s->jobs[i].next += now;
    s->started = true;
    if (pthread_create(&s->thread, NULL, run, s) != 0) {
        kc_log_error("mirror", "%s: cannot start its thread", s->name);
        s->started = false;
    }
}

bool
kc_scheduler_stopping(kc_scheduler *s)
{
    bool v;

    pthread_mutex_lock(&s->lock);
    v = s->stopping;
    pthread_mutex_unlock(&s->lock);
    return v;
}

bool
kc_scheduler_sleep(kc_scheduler *s, int64_t ms)
{
    int64_t deadline = kc_mono_ms() + ms;
    bool    go;

    pthread_mutex_lock(&s->lock);
    while (!s->stopping && kc_mono_ms() < deadline)
        wait_until(s, deadline);
    go = !s->stopping;
    pthread_mutex_unlock(&s->lock);
    return go;
}

void
kc_scheduler_stop(kc_scheduler *s)
{
    pthread_mutex_lock(&s->lock);
    s->stopping = true;
    pthread_cond_broadcast(&s->cond);
    pthread_mutex_unlock(&s->lock);
    if (s->started) {
        pthread_join(s->thread, NULL);
        s->started = false;
    }
}

void
kc_scheduler_free(kc_scheduler *s)
{
    if (s == NULL)
        return;
    kc_scheduler_stop(s);
    pthread_cond_destroy(&s->cond);
    pthread_mutex_destroy(&s->lock);
    free(s->name);
    free(s);
}
