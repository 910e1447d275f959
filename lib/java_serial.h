/*
 * lib/java_serial.h - the one Java serialization stream Connect writes to a file: a
 * java.util.HashMap of byte[] keys to byte[] values, as ObjectOutputStream writes it
 * (Java's Object Serialization Stream Protocol, version 5). Java's standalone worker keeps
 * source offsets so in offset.storage.file.filename; a standalone kconnect reads and
 * writes the same file, so a pipeline moves between the two with its offsets.
 *
 * Only that shape is read: any other class, or a stream that does not end where the map
 * does, is refused with a message saying what was found where. Pure functions, any thread.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_JAVA_SERIAL_H
#define KC_JAVA_SERIAL_H

#include <stddef.h>
#include <stdint.h>

#include "lib/buf.h"
#include "lib/common.h"

/* One entry of the map; a NULL pointer is Java's null (len 0). */
typedef struct kc_jser_entry {
    const uint8_t *key, *value;
    size_t         key_len, value_len;
} kc_jser_entry;

/* Called for each entry in stream order; the bytes point into the input. Non-zero stops
 * the read, which then returns that value. */
typedef int (*kc_jser_entry_fn)(void *arg, const kc_jser_entry *e);

/* Reads a serialized HashMap<byte[],byte[]> from data. KC_OK after every entry was given
 * to fn; KC_EINVAL (with what and at which byte offset in err) for anything else. */
int kc_jser_read_bytes_map(const uint8_t *data, size_t len, kc_jser_entry_fn fn, void *arg,
                           kc_err *err);

/* Appends the stream of a HashMap holding the n entries, as Java writes a map filled by
 * put(): the same header, capacity and threshold (entries in the given order; Java's own
 * order depends on identity hash codes, and readers do not care). */
void kc_jser_write_bytes_map(kc_wbuf *out, const kc_jser_entry *entries, size_t n);

#endif
