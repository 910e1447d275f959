/*
 * tests/unit/test_txn_context.c - a source task's transaction context (worker/txn_context.c,
 * Java's WorkerTransactionContext): record requests land on the records of the latest poll()
 * and are taken once, batch requests are taken once, and commit plus abort of one record or
 * one batch is reported as both (the runtime fails the task, as Java's IllegalStateException).
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdbool.h>
#include <string.h>
#include <cmocka.h>

#include "worker/txn_context.h"

static void
test_record_requests_are_taken_once(void **state)
{
    kc_txn_context         *tc = kc_txn_context_new("t-0");
    kc_transaction_context *api = kc_txn_context_api(tc);
    kc_record               out[8];

    (void) state;
    memset(out, 0, sizeof(out));
    kc_txn_context_poll(tc, out, 8);
    assert_int_equal(api->commit_record(api, &out[2]), 0);
    assert_int_equal(api->abort_record(api, &out[5]), 0);
    assert_int_equal(api->commit_record(api, &out[7]), 0);
    assert_int_equal(api->abort_record(api, &out[7]), 0);
    assert_int_equal(kc_txn_context_record(tc, 0), KC_TXN_NONE);
    assert_int_equal(kc_txn_context_record(tc, 2), KC_TXN_COMMIT);
    assert_int_equal(kc_txn_context_record(tc, 2), KC_TXN_NONE);
    assert_int_equal(kc_txn_context_record(tc, 5), KC_TXN_ABORT);
    assert_int_equal(kc_txn_context_record(tc, 7), KC_TXN_BOTH);
    assert_int_equal(kc_txn_context_record(tc, 8), KC_TXN_NONE);     /* beyond the batch */
    kc_txn_context_free(tc);
}

static void
test_the_next_poll_drops_the_marks(void **state)
{
    kc_txn_context         *tc = kc_txn_context_new("t-0");
    kc_transaction_context *api = kc_txn_context_api(tc);
    kc_record               out[4];

    (void) state;
    memset(out, 0, sizeof(out));
    kc_txn_context_poll(tc, out, 4);
    assert_int_equal(api->commit_record(api, &out[1]), 0);
    kc_txn_context_poll(tc, out, 4);
    assert_int_equal(kc_txn_context_record(tc, 1), KC_TXN_NONE);
    kc_txn_context_free(tc);
}

static void
test_foreign_records_are_refused(void **state)
{
    kc_txn_context         *tc = kc_txn_context_new("t-0");
    kc_transaction_context *api = kc_txn_context_api(tc);
    kc_record               out[4], other;

    (void) state;
    memset(out, 0, sizeof(out));
    /* No poll yet: nothing to mark. */
    assert_int_equal(api->commit_record(api, &out[0]), -1);
    kc_txn_context_poll(tc, out, 4);
    assert_int_equal(api->commit_record(api, NULL), -1);
    assert_int_equal(api->abort_record(api, &other), -1);
    assert_int_equal(api->commit_record(api, &out[4]), -1);           /* one past the end */
    assert_int_equal(api->commit_record(api, (const kc_record *) ((const char *) &out[1] + 1)),
                     -1);                                            /* not a record's start */
    for (size_t i = 0; i < 4; i++)
        assert_int_equal(kc_txn_context_record(tc, i), KC_TXN_NONE);
    kc_txn_context_free(tc);
}

static void
test_batch_requests(void **state)
{
    kc_txn_context         *tc = kc_txn_context_new("t-0");
    kc_transaction_context *api = kc_txn_context_api(tc);

    (void) state;
    assert_int_equal(kc_txn_context_batch(tc), KC_TXN_NONE);
    api->commit(api);
    api->commit(api);
    assert_int_equal(kc_txn_context_batch(tc), KC_TXN_COMMIT);
    assert_int_equal(kc_txn_context_batch(tc), KC_TXN_NONE);
    api->abort(api);
    assert_int_equal(kc_txn_context_batch(tc), KC_TXN_ABORT);
    assert_int_equal(kc_txn_context_batch(tc), KC_TXN_NONE);
    api->abort(api);
    api->commit(api);
    assert_int_equal(kc_txn_context_batch(tc), KC_TXN_BOTH);
    assert_int_equal(kc_txn_context_batch(tc), KC_TXN_BOTH);          /* left: the task fails */
    kc_txn_context_free(tc);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_record_requests_are_taken_once),
        cmocka_unit_test(test_the_next_poll_drops_the_marks),
        cmocka_unit_test(test_foreign_records_are_refused),
        cmocka_unit_test(test_batch_requests),
    };
    return cmocka_run_group_tests_name("txn_context", tests, NULL, NULL);
}
