/*
 * protocol/murmur2.c - see murmur2.h. Arithmetic is done on uint32_t, which wraps exactly
 * as Java's int does; Java's signed shifts ">>>" are logical shifts on the unsigned value.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "protocol/murmur2.h"

int32_t
kc_murmur2(const void *data, size_t len)
{
    const uint8_t *b = data;
    const uint32_t seed = 0x9747b28cu, m = 0x5bd1e995u;
    const int      r = 24;
    uint32_t       h = seed ^ (uint32_t) len;
    size_t         len4 = len / 4;

    for (size_t i = 0; i < len4; i++) {
        size_t   i4 = i * 4;
        uint32_t k = (uint32_t) b[i4] | ((uint32_t) b[i4 + 1] << 8) |
                     ((uint32_t) b[i4 + 2] << 16) | ((uint32_t) b[i4 + 3] << 24);
        k *= m;
        k ^= k >> r;
        k *= m;
        h *= m;
        h ^= k;
    }
    switch (len % 4) {           /* Java's fall-through on the last bytes */
    case 3: h ^= (uint32_t) b[(len & ~(size_t) 3) + 2] << 16; /* fall through */
    case 2: h ^= (uint32_t) b[(len & ~(size_t) 3) + 1] << 8;  /* fall through */
    case 1: h ^= (uint32_t) b[len & ~(size_t) 3];
            h *= m;
    }
    h ^= h >> 13;
    h *= m;
    h ^= h >> 15;
    return (int32_t) h;
}

int32_t
kc_murmur2_partition(const void *key, size_t len, int32_t partitions)
{
    return (int32_t) (((uint32_t) kc_murmur2(key, len) & 0x7fffffffu) % (uint32_t) partitions);
}
