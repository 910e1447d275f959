/*
 * worker/offset_store.h - source connector offsets in the offset topic (spec §4): key
 * ["<connector>",{partition}] and value {offset} as Java's JsonConverter writes them, so a
 * Java worker finds what kconnect stored and the reverse (lookups compare key bytes).
 *
 * A standalone worker keeps them in a file instead (offset.storage.file.filename), in the
 * format Java's FileOffsetBackingStore writes (lib/java_serial.h): same keys and values,
 * written whole at each flush.
 *
 * Any thread: a mutex serialises reads of the topic and the in-memory map.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_OFFSET_STORE_H
#define KC_OFFSET_STORE_H

#include <jansson.h>

#include "lib/common.h"
#include "lib/props.h"

typedef struct kc_offset_store kc_offset_store;

/* read_committed: read committed transactions only (exactly-once source support enabled:
 * tasks write their offsets in their transactions); else isolation.level as props say. */
kc_offset_store *kc_offset_store_open(const kc_props *props, const char *topic,
                                      const char *client_id_base, bool read_committed,
                                      kc_err *err);

/* A store in the file at path, read now (absent or empty: no offsets yet); NULL with the
 * file named in err if it cannot be read or is not such a file. */
kc_offset_store *kc_offset_store_open_file(const char *path, kc_err *err);

/* Work done before a store opened later can open (making its topic): KC_OK or the
 * failure, in err. Runs on the store's opening thread. */
typedef int (*kc_offset_store_prepare_fn)(void *arg, kc_err *err);

/* kc_offset_store_open on a thread of its own, after prepare(arg) (NULL: none) succeeded;
 * returns at once. Every call on the store first waits for that open, and fails as it
 * failed. props, topic and arg must outlive the store. */
kc_offset_store *kc_offset_store_open_later(const kc_props *props, const char *topic,
                                            const char *client_id_base, bool read_committed,
                                            kc_offset_store_prepare_fn prepare, void *arg);

/* Whether the store is open: KC_OK, KC_EAGAIN while a later open runs (wait false), or
 * that open's failure in err (wait true waits for the open to end). */
int kc_offset_store_ready(kc_offset_store *s, bool wait, kc_err *err);

/* Waits for a later open to end, then closes. */
void kc_offset_store_close(kc_offset_store *s);

/* Reads the topic to its end, then looks up partition for connector. *offset: a new
 * reference, NULL when nothing is stored. */
int kc_offset_store_get(kc_offset_store *s, const char *connector, const json_t *partition,
                        json_t **offset, kc_err *err);

/* kc_offset_store_get for n partitions with one read to the end: offsets[i] (a new
 * reference or NULL) for partitions[i]; on failure every offsets[i] is NULL. */
int kc_offset_store_get_many(kc_offset_store *s, const char *connector,
                             const json_t *const *partitions, size_t n, json_t **offsets,
                             kc_err *err);

/* Reads the topic to its end, then lists what is stored for connector: a new array of
 * {"partition":{...},"offset":{...}} (KIP-875's GET /connectors/{c}/offsets). */
int kc_offset_store_list(kc_offset_store *s, const char *connector, json_t **out, kc_err *err);

/* Writes (connector, partition) -> offset (NULL: tombstone), asynchronously. */
int kc_offset_store_put(kc_offset_store *s, const char *connector, const json_t *partition,
                        const json_t *offset, kc_err *err);

/* Waits until every put so far is acknowledged. */
int kc_offset_store_flush(kc_offset_store *s, int timeout_ms, kc_err *err);

/* One record of the offset topic as kc_offset_store_list reads it: true when key (a C
 * string) is ["<connector>",{partition}] of this connector and the value's len bytes are
 * JSON, with *partition and *offset new references to them; false (both NULL) for another
 * connector's record or one of another shape. Pure: any thread. */
bool kc_offset_record_parse(const char *key, const char *value, size_t len,
                            const char *connector, json_t **partition, json_t **offset);
/* The key bytes Java would write (new string). */
char *kc_offset_key(const char *connector, const json_t *partition, size_t *len);

#endif
