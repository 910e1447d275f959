/*
 * connectors/mirror/mirror_records.h - the bytes of MirrorMaker 2's heartbeat, checkpoint and
 * offset-sync records, exactly as Kafka's Heartbeat, Checkpoint and OffsetSync write them.
 *
 * Keys and values are Kafka protocol structs without tags or framing: big-endian integers and
 * STRINGs (INT16 byte length, then UTF-8). Heartbeat and checkpoint values start with an INT16
 * version (0); offset-sync values and all keys have none.
 *
 * Pure functions: any thread, no shared state.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_MIRROR_RECORDS_H
#define KC_MIRROR_RECORDS_H

#include <stddef.h>
#include <stdint.h>

#include "lib/wire.h"

/* Encoders append one key or value to wb and return 0; a NULL string or one longer than
 * 32767 bytes -> -1 with wb unchanged (Java throws SchemaException). A checkpoint's metadata
 * is metadata_len bytes, NULs included (a committed metadata is any string); NULL is written
 * as "" (Java's OffsetAndMetadata turns a null metadata into ""). */
int kc_mirror_heartbeat_key(kc_wbuf *wb, const char *source_alias, const char *target_alias);
int kc_mirror_heartbeat_value(kc_wbuf *wb, int64_t timestamp);
int kc_mirror_checkpoint_key(kc_wbuf *wb, const char *group, const char *topic, int32_t partition);
int kc_mirror_checkpoint_value(kc_wbuf *wb, int64_t upstream, int64_t downstream, const char *metadata,
                               size_t metadata_len);
int kc_mirror_offset_sync_key(kc_wbuf *wb, const char *topic, int32_t partition);
int kc_mirror_offset_sync_value(kc_wbuf *wb, int64_t upstream, int64_t downstream);

/* Decoders: 0 and *out filled (strings new, free with the matching _free), or -1 and *out
 * zeroed when the record is malformed where Java throws: NULL key or value, a field cut short,
 * a negative string length. As in Java, bytes after the last field are ignored and the value
 * version is not checked (any version is read as version 0). Strings are the record's bytes
 * as they are (Java would replace invalid UTF-8 with U+FFFD); one holding a NUL byte -> -1,
 * since a C string cannot carry it, except a checkpoint's metadata, which is kept whole
 * (NUL-terminated, its length in metadata_len). */
typedef struct { char *source_alias, *target_alias; int64_t timestamp; } kc_mirror_heartbeat;
typedef struct { char *group, *topic; int32_t partition; int64_t upstream, downstream; char *metadata; size_t metadata_len; } kc_mirror_checkpoint;
typedef struct { char *topic; int32_t partition; int64_t upstream, downstream; } kc_mirror_offset_sync;
int  kc_mirror_heartbeat_decode(const void *key, size_t klen, const void *val, size_t vlen, kc_mirror_heartbeat *out);
int  kc_mirror_checkpoint_decode(const void *key, size_t klen, const void *val, size_t vlen, kc_mirror_checkpoint *out);
int  kc_mirror_offset_sync_decode(const void *key, size_t klen, const void *val, size_t vlen, kc_mirror_offset_sync *out);
void kc_mirror_heartbeat_free(kc_mirror_heartbeat *h);
void kc_mirror_checkpoint_free(kc_mirror_checkpoint *c);
void kc_mirror_offset_sync_free(kc_mirror_offset_sync *s);

#endif
