/*
 * worker/txn_context.c - see txn_context.h.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "worker/txn_context.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/log.h"
#include "lib/common.h"

enum { MARK_COMMIT = 1, MARK_ABORT = 2 };

struct kc_txn_context {
    kc_transaction_context api;       /* first: the task's pointer is the context's */
    char            *label;
    atomic_bool      commit_batch, abort_batch;
    const kc_record *out;             /* the latest poll()'s records, max of them */
    size_t           max;
    unsigned char   *marks;           /* MARK_* per record of out; cap entries */
    size_t           cap;
};

/* The index of rec among the latest poll()'s records, or -1 (logged) when it is not one. */
static ptrdiff_t
record_index(kc_txn_context *tc, const kc_record *rec, const char *what)
{
    uintptr_t p = (uintptr_t) rec, base = (uintptr_t) tc->out;

    if (rec != NULL && tc->out != NULL && p >= base &&
        p < base + tc->max * sizeof(kc_record) && (p - base) % sizeof(kc_record) == 0)
        return (ptrdiff_t) ((p - base) / sizeof(kc_record));
    kc_log_error("task", "[%s] %s() ignored: the record given is %s", tc->label, what,
                 rec == NULL ? "NULL" : "not one of those the latest poll() filled");
    return -1;
}

static int
mark(kc_transaction_context *api, const kc_record *rec, unsigned char bit, const char *what)
{
    kc_txn_context *tc = (kc_txn_context *) api;
    ptrdiff_t       i = record_index(tc, rec, what);

    if (i < 0)
        return -1;
    tc->marks[i] |= bit;
    return 0;
}

static void
api_commit(kc_transaction_context *api)
{
    atomic_store(&((kc_txn_context *) api)->commit_batch, true);
}

static void
api_abort(kc_transaction_context *api)
{
    atomic_store(&((kc_txn_context *) api)->abort_batch, true);
}

static int
api_commit_record(kc_transaction_context *api, const kc_record *rec)
{
    return mark(api, rec, MARK_COMMIT, "commit_record");
}

static int
api_abort_record(kc_transaction_context *api, const kc_record *rec)
{
    return mark(api, rec, MARK_ABORT, "abort_record");
}

kc_txn_context *
kc_txn_context_new(const char *label)
{
    kc_txn_context *tc = kc_xcalloc(1, sizeof(*tc));

    tc->api = (kc_transaction_context) { .commit = api_commit,
                                         .commit_record = api_commit_record,
                                         .abort = api_abort, .abort_record = api_abort_record };
    tc->label = kc_xstrdup(label);
    atomic_init(&tc->commit_batch, false);
    atomic_init(&tc->abort_batch, false);
    return tc;
}

void
kc_txn_context_free(kc_txn_context *tc)
{
    if (tc == NULL)
        return;
    free(tc->marks);
    free(tc->label);
    free(tc);
}

kc_transaction_context *
kc_txn_context_api(kc_txn_context *tc)
{
    return &tc->api;
}

void
kc_txn_context_poll(kc_txn_context *tc, const kc_record *out, size_t max)
{
    if (max > tc->cap) {
        tc->marks = kc_xrealloc(tc->marks, max);
        tc->cap = max;
    }
    memset(tc->marks, 0, tc->cap);
    tc->out = out;
    tc->max = max;
}

static kc_txn_request
request(bool commit, bool abort)
{
    return commit && abort ? KC_TXN_BOTH : abort ? KC_TXN_ABORT : commit ? KC_TXN_COMMIT
                                                                        : KC_TXN_NONE;
}

kc_txn_request
kc_txn_context_record(kc_txn_context *tc, size_t i)
{
    unsigned char m;

    if (i >= tc->max)
        return KC_TXN_NONE;
    m = tc->marks[i];
    tc->marks[i] = 0;
    return request(m & MARK_COMMIT, m & MARK_ABORT);
}

kc_txn_request
kc_txn_context_batch(kc_txn_context *tc)
{
    bool commit = atomic_load(&tc->commit_batch), abort = atomic_load(&tc->abort_batch);

    if (commit && abort)
        return KC_TXN_BOTH;
    if (abort)
        atomic_store(&tc->abort_batch, false);
    else if (commit)
        atomic_store(&tc->commit_batch, false);
    return request(commit, abort);
}
