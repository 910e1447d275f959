/*
 * tests/unit/test_mirror_scheduler.c - the MirrorMaker connectors' scheduler: a job added
 * once runs once and before the periodic jobs due at the same time (MirrorSourceConnector
 * creates its topics before it syncs their configs); periodic jobs repeat; a disabled job
 * never runs; stop joins the thread.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <pthread.h>
#include <time.h>
#include <cmocka.h>

#include "connectors/mirror/mirror_scheduler.h"

/* What the jobs did, in order; written by the scheduler's thread, read after the stop. */
typedef struct trace {
    char order[64];
    int  n;
} trace;

typedef struct mark {
    trace *t;
    char   c;
} mark;

static void
record(void *arg)
{
    mark *m = arg;

    if (m->t->n < (int) sizeof(m->t->order) - 1)
        m->t->order[m->t->n++] = m->c;
}

static void
sleep_ms(long ms)
{
    struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

    nanosleep(&ts, NULL);
}

static int
count(const trace *t, char c)
{
    int k = 0;

    for (int i = 0; i < t->n; i++)
        k += t->order[i] == c;
    return k;
}

static void
test_once_runs_once_and_first(void **state)
{
    trace         t = { { 0 }, 0 };
    mark          once = { &t, 'o' }, every = { &t, 'p' }, never = { &t, 'x' };
    kc_scheduler *s = kc_scheduler_new("test", 60000);

    (void) state;
    kc_scheduler_add_once(s, "once", record, &once, 0);
    kc_scheduler_add(s, "periodic", record, &every, 0, 20);
    kc_scheduler_add(s, "disabled", record, &never, 0, -1);
    kc_scheduler_start(s);
    sleep_ms(150);
    kc_scheduler_free(s);
    assert_true(t.n >= 3);
    assert_int_equal(t.order[0], 'o');
    assert_int_equal(count(&t, 'o'), 1);
    assert_true(count(&t, 'p') >= 2);
    assert_int_equal(count(&t, 'x'), 0);
}

static void
test_once_alone_then_idle(void **state)
{
    /* The only job gone, the thread waits for the stop instead of spinning or running it
     * again. */
    trace         t = { { 0 }, 0 };
    mark          once = { &t, 'o' };
    kc_scheduler *s = kc_scheduler_new("test", 60000);

    (void) state;
    kc_scheduler_add_once(s, "once", record, &once, 10);
    kc_scheduler_start(s);
    sleep_ms(80);
    kc_scheduler_free(s);
    assert_int_equal(t.n, 1);
    assert_int_equal(t.order[0], 'o');
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_once_runs_once_and_first),
        cmocka_unit_test(test_once_alone_then_idle),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
