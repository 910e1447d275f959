/*
 * connectors/mirror/mirror_scheduler.h - one background thread running a connector's
 * periodic jobs at fixed rates, as MM2's Scheduler does (spec/mirrormaker2.md §11.3): the
 * topic, config and ACL syncs of MirrorSourceConnector, the group refresh of
 * MirrorCheckpointConnector, the group-offset sync of MirrorCheckpointTask.
 *
 * Jobs are added before kc_scheduler_start() and run one at a time on the scheduler's
 * thread; a job that throws nothing but takes long only delays the next ones (Java logs a
 * warning past admin.timeout.ms; so do we). kc_scheduler_stop() wakes the thread and joins
 * it after the running job returns; jobs can poll kc_scheduler_stopping() to return early.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_MIRROR_SCHEDULER_H
#define KC_MIRROR_SCHEDULER_H

#include <stdbool.h>
#include <stdint.h>

typedef struct kc_scheduler kc_scheduler;
typedef void (*kc_job_fn)(void *arg);

kc_scheduler *kc_scheduler_new(const char *name, int64_t warn_after_ms);
/* period_ms < 0: the job is never run (a disabled feature). first_delay_ms from start. */
void kc_scheduler_add(kc_scheduler *s, const char *job, kc_job_fn fn, void *arg,
                      int64_t first_delay_ms, int64_t period_ms);
void kc_scheduler_start(kc_scheduler *s);
bool kc_scheduler_stopping(kc_scheduler *s);
/* Sleeps up to ms on the scheduler thread's clock; false if stopping. */
bool kc_scheduler_sleep(kc_scheduler *s, int64_t ms);
void kc_scheduler_stop(kc_scheduler *s);
void kc_scheduler_free(kc_scheduler *s);            /* stops first; NULL is fine */

#endif
