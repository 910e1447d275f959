/*
 * connectors/mirror/mirror_status.h - the cutover check of a MirrorSourceConnector: per
 * replicated partition, where the source log ends, what the connector has committed as
 * replicated, where the remote topic ends, and the lag in records and in time
 * (docs/cutover.md says how each figure is taken and what "in sync" guarantees).
 *
 * Computed on demand, from outside the connector: it needs only the connector's config, a
 * way to read its committed source offsets, and the two clusters. So it answers for a
 * connector that is paused, stopped or running on another worker alike.
 *
 * Threads: any thread but the herder's (it blocks on both clusters for up to about
 * timeout_ms per step). Nothing shared: each call makes and destroys its own clients.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_MIRROR_STATUS_H
#define KC_MIRROR_STATUS_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#include "lib/common.h"

/* Reads the offset the connector committed for one source partition map: *offset a new
 * reference ({"offset":N}) or NULL when none is stored. KC_OK or a KC_E* code with err. */
typedef int (*kc_mirror_offset_reader)(void *opaque, const char *connector,
                                       const json_t *partition, json_t **offset, kc_err *err);

/* Records not yet replicated: from the next offset the connector will read (replicated + 1,
 * or the source log start when it committed nothing: replicated < 0, or when retention
 * deleted the records after replicated) to the source end. Never negative. */
int64_t kc_mirror_status_lag_records(int64_t source_start, int64_t source_end,
                                     int64_t replicated);

/* The status of connector `name` with connector config `config` (a MirrorSourceConnector's):
 * *out = {"connector","in_sync","end_offsets_equal","lag_records","lag_ms","partitions":[
 * {"topic","partition","target_topic","source_end_offset","replicated_offset",
 * "target_end_offset","lag_records","lag_ms","end_offsets_equal"}]} (new reference), where an
 * offset nobody has is null. Partitions are the source topics the connector's filters select,
 * sorted by topic then partition. KC_EINVAL for a config that does not parse, KC_EKAFKA or
 * KC_ETIMEOUT when a cluster or the offset reader cannot answer (err says which). */
int kc_mirror_status_compute(const char *name, const json_t *config,
                             kc_mirror_offset_reader reader, void *opaque, int timeout_ms,
                             json_t **out, kc_err *err);

#endif
