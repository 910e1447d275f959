/*
 * worker/transform.h - a connector's chain of transformations (`transforms`, each with its
 * optional predicate from `predicates`), built as Java's ConnectorConfig.transformationStages
 * builds it and applied as its TransformationChain applies it: in order, a stage whose
 * predicate (negated or not) says no leaves the record as it is, and a dropped record ends
 * the chain.
 *
 * Also the passage between the worker's records (kc_record, kc_value) and the records the
 * chain changes (kc_connect_record): keys and values are decoded only when a stage reads
 * them, so a chain that routes or changes headers leaves the bytes where they are.
 *
 * A chain is built and used by one task thread.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_TRANSFORM_H
#define KC_TRANSFORM_H

#include <jansson.h>
#include <stdbool.h>

#include "connectors/connector.h"
#include "lib/buf.h"
#include "lib/common.h"

typedef struct kc_chain kc_chain;

/* The chain config names; *out NULL when it names none (then records pass untouched).
 * KC_EINVAL with Java's message (a missing or unknown class, a bad setting, a predicate
 * alias not in `predicates`). */
int  kc_chain_new(const json_t *config, kc_chain **out, kc_err *err);
void kc_chain_free(kc_chain *c);

/* The task's header converter: SimpleHeaderConverter (simple) or ByteArrayConverter, by
 * which a sink record's header values are read for a stage that reads them. */
void kc_chain_header_converter(kc_chain *c, bool simple);

/* Whether alias is in the config's `predicates` list. */
bool kc_predicate_listed(const json_t *config, const char *alias);

/* Runs rec through the chain: *drop when a stage dropped it. KC_EINVAL with the failing
 * stage's message; *failed_class (may be NULL) names its class for the error report. */
int kc_chain_apply(kc_chain *c, kc_connect_record *rec, bool *drop, const char **failed_class,
                   kc_err *err);

/* A record of the chain from a worker record (its key, value and headers borrowed: they
 * must outlive rec). */
void kc_crec_from(kc_connect_record *rec, const kc_record *r, bool sink);
/* The same into a record kc_crec_from filled before, its header array reused. */
void kc_crec_refill(kc_connect_record *rec, const kc_record *r, bool sink);
void kc_crec_clear(kc_connect_record *rec);

/* The key or value as a converter takes it: the borrowed raw value when no stage changed it,
 * else out refers to d's JSON (and bytes decoded into scratch). Valid while d and scratch
 * are. */
void kc_crec_value(const kc_connect_data *d, kc_value *out, kc_wbuf *scratch);

/* Decodes a key or value for a stage that reads it. */
void kc_crec_decode(kc_connect_data *d, bool sink);

#endif
