/*
 * worker/txn_context.h - a source task's transaction context (Java's WorkerTransactionContext,
 * KIP-618): what the task asked of the transactions its records are written in, for the
 * runtime to act on when transaction.boundary=connector (worker/runtime.c).
 *
 * The task marks records (kc_transaction_context.commit_record/abort_record) among those its
 * latest poll() fills, and asks for the batch (commit/abort). The runtime tells the context
 * where each poll() writes its records (kc_txn_context_poll), then, after it wrote or dropped
 * each record and after each batch, takes what the task asked for it (kc_txn_context_record,
 * kc_txn_context_batch): a request is acted on once.
 *
 * Threads: the batch requests may come from any thread (atomics); the record marks, the
 * runtime's calls and the record requests are the task thread's.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_TXN_CONTEXT_H
#define KC_TXN_CONTEXT_H

#include <stddef.h>

#include "connectors/connector.h"

typedef struct kc_txn_context kc_txn_context;

/* What the task asked for a record or a batch. */
typedef enum {
    KC_TXN_NONE = 0,
    KC_TXN_COMMIT,
    KC_TXN_ABORT,
    KC_TXN_BOTH,                  /* commit and abort: Java fails the task */
} kc_txn_request;

/* A context for the task labelled label (copied; for the log). */
kc_txn_context *kc_txn_context_new(const char *label);
void kc_txn_context_free(kc_txn_context *tc);

/* The table the task is given (kc_host.transaction_context): borrowed from tc. */
kc_transaction_context *kc_txn_context_api(kc_txn_context *tc);

/* Before each poll(): records may be marked among out[0..max) from now until the next call;
 * the marks of the previous batch are dropped. */
void kc_txn_context_poll(kc_txn_context *tc, const kc_record *out, size_t max);

/* What the task asked for out[i] of the latest poll(), taken (asked again: KC_TXN_NONE). */
kc_txn_request kc_txn_context_record(kc_txn_context *tc, size_t i);

/* What the task asked for the batch, taken; KC_TXN_BOTH is left in place (the task fails). */
kc_txn_request kc_txn_context_batch(kc_txn_context *tc);

#endif
