/*
 * connectors/mirror/offset_sync.h - MirrorMaker 2's offset syncs: when the source task writes
 * one (Kafka's OffsetSyncWriter) and how the checkpoint task translates a group's offset with
 * those it has read (Kafka's OffsetSyncStore).
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_OFFSET_SYNC_H
#define KC_OFFSET_SYNC_H

#include <stdbool.h>
#include <stdint.h>

/* ===== Writer (MirrorSourceTask) ===== */

/* Per source topic-partition state, pending/delayed queues (one slot per partition, newest
 * wins, pending in insertion order), at most max_outstanding (10 in Java) syncs in flight.
 * send() is called for each sync to write, with the writer's mutex held: it must not block
 * and must not call back into the writer, except kc_osw_sent (which takes no lock). The
 * caller calls kc_osw_sent() once that send completed (success or failure).
 * Thread: any; every call but kc_osw_sent runs under the writer's own mutex. */
typedef struct kc_osw kc_osw;
typedef void (*kc_osw_send_fn)(void *opaque, const char *topic, int32_t partition,
                               int64_t upstream, int64_t downstream);
/* max_lag is offset.lag.max. The topic passed to send() lives as long as the writer. */
kc_osw *kc_osw_new(int64_t max_lag, int max_outstanding, kc_osw_send_fn send, void *opaque);
void    kc_osw_free(kc_osw *w);
/* The record at upstream in the source partition was written at downstream in the target
 * (commitRecord): maybeQueueOffsetSyncs then firePendingOffsetSyncs. Allocates only for the
 * first record of a partition. True when syncs are left pending for want of a free slot
 * (the caller then collects finished sends and fires again). */
bool    kc_osw_record_acked(kc_osw *w, const char *topic, int32_t partition, int64_t upstream, int64_t downstream);
/* The same for a partition looked up once: its state, created on first use and valid until
 * kc_osw_free, so the record path does not hash the topic name per record. */
typedef struct kc_osw_partition kc_osw_partition;
kc_osw_partition *kc_osw_partition_get(kc_osw *w, const char *topic, int32_t partition);
bool    kc_osw_partition_acked(kc_osw *w, kc_osw_partition *p, int64_t upstream, int64_t downstream);
/* SourceTask.commit(): promote delayed syncs to pending, then fire. */
void    kc_osw_commit(kc_osw *w);
/* Sends pending syncs, oldest first, while a slot is free. */
void    kc_osw_fire_pending(kc_osw *w);
/* One send finished: its slot is free again. Lock-free: any thread, even inside send(). */
void    kc_osw_sent(kc_osw *w);

/* ===== Store (MirrorCheckpointTask) ===== */

/* For each source topic-partition, 64 syncs spaced exponentially back from the latest, kept
 * exactly as Java keeps them (identity comparisons via a per-sync unique id, Java's overflow
 * guards). Thread-safe: one reader thread inserts, other threads translate. */
typedef struct kc_oss kc_oss;
/* must_read_to_end: until the first catch-up is done, keep only the last sync of each
 * partition (Java does this when the checkpoints topic could not be read at start). */
kc_oss *kc_oss_new(bool must_read_to_end);
void    kc_oss_free(kc_oss *s);
/* A sync read from the offset-syncs topic (in topic order). */
void    kc_oss_insert(kc_oss *s, const char *topic, int32_t partition, int64_t upstream, int64_t downstream);
void    kc_oss_set_read_to_end(kc_oss *s);            /* first catch-up completed */
bool    kc_oss_read_to_end(const kc_oss *s);
/* 1 and *out = translated downstream offset (may be -1 when the group is behind the oldest sync);
 * 0 when absent (not read to end yet, or no sync for the partition). */
int     kc_oss_translate(kc_oss *s, const char *topic, int32_t partition, int64_t group_offset, int64_t *out);
/* The sync at index i (0..63) of a partition's array, for tests and logs: 1 and *upstream,
 * *downstream, *id filled, or 0 when the partition has no syncs. */
int     kc_oss_sync_at(kc_oss *s, const char *topic, int32_t partition, int i,
                       int64_t *upstream, int64_t *downstream, uint64_t *id);

#endif
