/*
 * tests/unit/test_metrics.c - the Prometheus text rendering of a scrape (worker/metrics.h)
 * and MirrorMaker's windowed series (connectors/mirror/mirror.h). The figures of a running
 * worker are checked in tests/integration/test_metrics.py with Prometheus' own parser.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "connectors/mirror/mirror.h"
#include "worker/metrics.h"

static void
test_families_grouped_and_sorted(void **state)
{
    kc_metrics     *m = kc_metrics_new();
    kc_metrics_out *out = kc_metrics_writer(m);
    char           *text;

    (void) state;
    kc_metrics_add(m, "b_total", KC_METRIC_COUNTER, "B things.",
                   (const char *const[]) { "task", "0", NULL }, 3);
    out->sample(out, "a_gauge", KC_METRIC_GAUGE, "An A.", NULL, 1.5);
    kc_metrics_add(m, "b_total", KC_METRIC_COUNTER, "B things.",
                   (const char *const[]) { "task", "1", NULL }, 4);
    text = kc_metrics_render(m);
    assert_string_equal(text,
        "# HELP a_gauge An A.\n"
        "# TYPE a_gauge gauge\n"
        "a_gauge 1.5\n"
        "# HELP b_total B things.\n"
        "# TYPE b_total counter\n"
        "b_total{task=\"0\"} 3\n"
        "b_total{task=\"1\"} 4\n");
    free(text);
    kc_metrics_free(m);
}

static void
test_escaping_and_special_values(void **state)
{
    kc_metrics *m = kc_metrics_new();
    char       *text;

    (void) state;
    kc_metrics_add(m, "x", KC_METRIC_GAUGE, "Help with \\ and\nnewline \"kept\".",
                   (const char *const[]) { "topic", "a\"b\\c\nd", "p", "0", NULL }, NAN);
    kc_metrics_add(m, "x", KC_METRIC_GAUGE, "Help with \\ and\nnewline \"kept\".", NULL,
                   INFINITY);
    kc_metrics_add(m, "x", KC_METRIC_GAUGE, "Help with \\ and\nnewline \"kept\".", NULL,
                   -1234567890123.0);
    text = kc_metrics_render(m);
    assert_string_equal(text,
        "# HELP x Help with \\\\ and\\nnewline \"kept\".\n"
        "# TYPE x gauge\n"
        "x{topic=\"a\\\"b\\\\c\\nd\",p=\"0\"} NaN\n"
        "x +Inf\n"
        "x -1234567890123\n");
    free(text);
    kc_metrics_free(m);
}

static void
test_bad_samples_are_dropped(void **state)
{
    kc_metrics *m = kc_metrics_new();
    char       *text;

    (void) state;
    kc_metrics_add(m, "1bad", KC_METRIC_GAUGE, "", NULL, 1);
    kc_metrics_add(m, "bad-name", KC_METRIC_GAUGE, "", NULL, 1);
    kc_metrics_add(m, NULL, KC_METRIC_GAUGE, "", NULL, 1);
    kc_metrics_add(m, "ok", KC_METRIC_GAUGE, "h", NULL, 1);
    kc_metrics_add(m, "ok", KC_METRIC_COUNTER, "h", NULL, 2);      /* type differs */
    kc_metrics_add(m, "ok", KC_METRIC_GAUGE, "other", NULL, 3);    /* help differs */
    /* A bad label name is left out, the sample kept. */
    kc_metrics_add(m, "ok", KC_METRIC_GAUGE, "h",
                   (const char *const[]) { "a:b", "x", "good", "y", NULL }, 4);
    text = kc_metrics_render(m);
    assert_string_equal(text, "# HELP ok h\n# TYPE ok gauge\nok 1\nok{good=\"y\"} 4\n");
    free(text);
    kc_metrics_free(m);

    m = kc_metrics_new();
    text = kc_metrics_render(m);
    assert_string_equal(text, "");
    free(text);
    kc_metrics_free(m);
}

static void
test_series_windows(void **state)
{
    kc_mirror_series      s;
    kc_mirror_series_view v;
    int64_t               t0 = 1000000;

    (void) state;
    kc_mirror_series_init(&s);
    v = kc_mirror_series_read(&s, t0);
    assert_true(isnan(v.min) && isnan(v.max) && isnan(v.avg) && isnan(v.last));
    assert_int_equal(v.count, 0);
    assert_true(v.rate == 0);

    kc_mirror_series_record(&s, t0, 10);
    kc_mirror_series_record(&s, t0 + 1000, 30);
    kc_mirror_series_record(&s, t0 + 2000, 20);
    v = kc_mirror_series_read(&s, t0 + 2000);
    assert_true(v.min == 10 && v.max == 30 && v.avg == 20 && v.last == 20);
    assert_int_equal(v.count, 3);
    assert_int_equal(v.sum, 60);
    /* Rate: the sum over at least one full window (60 per 30 s). */
    assert_true(fabs(v.rate - 2.0) < 1e-9);

    /* A second window: both are combined... */
    kc_mirror_series_record(&s, t0 + KC_MIRROR_WINDOW_MS + 1, 50);
    v = kc_mirror_series_read(&s, t0 + KC_MIRROR_WINDOW_MS + 1);
    assert_true(v.min == 10 && v.max == 50 && v.avg == 27.5);
    /* ...until the older one expires; the lifetime count and sum keep everything. */
    v = kc_mirror_series_read(&s, t0 + 2 * KC_MIRROR_WINDOW_MS + 10);
    assert_true(v.min == 50 && v.max == 50 && v.avg == 50 && v.last == 50);
    assert_int_equal(v.count, 4);
    assert_int_equal(v.sum, 110);
    /* A third window replaces the oldest. */
    kc_mirror_series_record(&s, t0 + 2 * KC_MIRROR_WINDOW_MS + 20, 5);
    v = kc_mirror_series_read(&s, t0 + 2 * KC_MIRROR_WINDOW_MS + 20);
    assert_true(v.min == 5 && v.max == 50);
    /* Nothing recorded for two windows: min/max/avg are gone, last and count stay. */
    v = kc_mirror_series_read(&s, t0 + 5 * KC_MIRROR_WINDOW_MS);
    assert_true(isnan(v.min) && isnan(v.max) && isnan(v.avg));
    assert_true(v.last == 5 && v.count == 5);
}

static void
test_series_emit_names(void **state)
{
    kc_mirror_series s;
    kc_metrics      *m = kc_metrics_new();
    char            *text;

    (void) state;
    kc_mirror_series_init(&s);
    kc_mirror_series_record(&s, 0, 7);
    kc_mirror_series_emit(kc_metrics_writer(m), "lat_ms", "Latency.", &s, 0,
                          (const char *const[]) { "partition", "2", NULL });
    text = kc_metrics_render(m);
    assert_non_null(strstr(text, "\nlat_ms{partition=\"2\"} 7\n"));
    assert_non_null(strstr(text, "\nlat_ms_max{partition=\"2\"} 7\n"));
    assert_non_null(strstr(text, "\nlat_ms_min{partition=\"2\"} 7\n"));
    assert_non_null(strstr(text, "\nlat_ms_avg{partition=\"2\"} 7\n"));
    free(text);
    kc_metrics_free(m);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_families_grouped_and_sorted),
        cmocka_unit_test(test_escaping_and_special_values),
        cmocka_unit_test(test_bad_samples_are_dropped),
        cmocka_unit_test(test_series_windows),
        cmocka_unit_test(test_series_emit_names),
    };
    return cmocka_run_group_tests_name("metrics", tests, NULL, NULL);
}
