/*
 * protocol/murmur2.h - Kafka's murmur2 hash and default partitioner, bit-exact with Java's
 * Utils.murmur2 / Utils.toPositive, so that keys we write (offset topic records) land on
 * the partition a Java worker would choose and look for.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_MURMUR2_H
#define KC_MURMUR2_H

#include <stddef.h>
#include <stdint.h>

/* Java's Utils.murmur2(byte[]) (seed 0x9747b28c), as a signed 32-bit value. */
int32_t kc_murmur2(const void *data, size_t len);

/* The partition Java's producer picks for a non-null key: toPositive(murmur2(key)) % n. */
int32_t kc_murmur2_partition(const void *key, size_t len, int32_t partitions);

#endif
