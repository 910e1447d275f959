/*
 * tests/unit/test_mirror_status.c - the cutover check's arithmetic and the errors it gives
 * before touching a cluster (connectors/mirror/mirror_status.h). The figures against real
 * clusters are in tests/integration/test_mirror_status.py.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include "connectors/mirror/mirror_status.h"

static void
test_lag_records(void **state)
{
    (void) state;
    /* Caught up: the last replicated record is the last one of the log. */
    assert_int_equal(kc_mirror_status_lag_records(0, 100, 99), 0);
    assert_int_equal(kc_mirror_status_lag_records(0, 100, 89), 10);
    /* Nothing committed: every record from the log start is missing. */
    assert_int_equal(kc_mirror_status_lag_records(0, 100, -1), 100);
    assert_int_equal(kc_mirror_status_lag_records(40, 100, -1), 60);
    assert_int_equal(kc_mirror_status_lag_records(0, 0, -1), 0);
    /* An empty log whose start moved with retention: nothing to replicate. */
    assert_int_equal(kc_mirror_status_lag_records(100, 100, -1), 0);
    /* Retention deleted records never replicated: only those left count. */
    assert_int_equal(kc_mirror_status_lag_records(50, 100, 9), 50);
    assert_int_equal(kc_mirror_status_lag_records(50, 100, 49), 50);
    assert_int_equal(kc_mirror_status_lag_records(50, 100, 59), 40);
    /* A committed offset ahead of a (re-created, shorter) log is no negative lag. */
    assert_int_equal(kc_mirror_status_lag_records(0, 5, 99), 0);
}

static int reader_calls;

static int
reader(void *opaque, const char *connector, const json_t *partition, json_t **offset,
       kc_err *err)
{
    (void) opaque;
    (void) connector;
    (void) partition;
    (void) err;
    reader_calls++;
    *offset = NULL;
    return KC_OK;
}

static void
test_config_errors_before_any_cluster(void **state)
{
    json_t *cfg, *out = (json_t *) 1;
    kc_err  err = { 0 };

    (void) state;
    /* No source bootstrap servers: refused with the key to set, nothing read. */
    cfg = json_pack("{s:s,s:s,s:s}", "connector.class", "MirrorSourceConnector",
                    "source.cluster.alias", "src", "target.cluster.alias", "dst");
    assert_int_equal(kc_mirror_status_compute("m", cfg, reader, NULL, 1000, &out, &err),
                     KC_EINVAL);
    assert_null(out);
    assert_non_null(strstr(err.msg, "source.cluster.bootstrap.servers"));
    json_decref(cfg);

    /* A config the connector itself would refuse. */
    cfg = json_pack("{s:s,s:s,s:s,s:s,s:s}", "connector.class", "MirrorSourceConnector",
                    "source.cluster.alias", "src", "target.cluster.alias", "dst",
                    "source.cluster.bootstrap.servers", "127.0.0.1:1",
                    "replication.policy.class", "no.such.Policy");
    assert_int_equal(kc_mirror_status_compute("m", cfg, reader, NULL, 1000, &out, &err),
                     KC_EINVAL);
    assert_null(out);
    assert_non_null(strstr(err.msg, "no.such.Policy"));
    json_decref(cfg);
    assert_int_equal(reader_calls, 0);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lag_records),
        cmocka_unit_test(test_config_errors_before_any_cluster),
    };
    return cmocka_run_group_tests_name("mirror_status", tests, NULL, NULL);
}
