/*
 * tests/fuzz/fuzz_group_join.c - libFuzzer target for the group coordinator's JoinGroup
 * response (protocol/group.c), the bytes a broker, or anything posing as one, sends a
 * joining member.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "protocol/group.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    kc_group_joined joined;
    int16_t         ec;
    char           *member = NULL;

    if (kc_group_parse_join(data, size, &ec, &member, &joined) == KC_OK)
        kc_group_joined_clear(&joined);
    free(member);
    return 0;
}
