/*
 * tests/fuzz/fuzz_group_responses.c - libFuzzer target for the group coordinator's other
 * responses (protocol/group.c): FindCoordinator, SyncGroup, Heartbeat, LeaveGroup and
 * DescribeGroups bodies,
 * the bytes a broker, or anything posing as one, answers a member with (JoinGroup has its
 * own target, fuzz_group_join). The first input byte picks the response (its value modulo
 * 5, in that order); the rest is the body after the response header.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/common.h"
#include "protocol/group.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint8_t *body = data + 1;
    size_t         len = size - 1;
    char           host[256];
    uint8_t       *assignment;
    size_t         alen;
    int32_t        port;
    int16_t        ec;
    kc_group_described d;

    if (size == 0)
        return 0;
    switch (data[0] % 5) {
    case 0:
        if (kc_group_parse_coordinator(body, len, &ec, host, sizeof(host), &port) == KC_OK &&
            ec == 0)
            KC_ASSERT(host[0] != '\0' && strlen(host) < sizeof(host));
        break;
    case 1:
        if (kc_group_parse_sync(body, len, &ec, &assignment, &alen) == KC_OK && ec == 0) {
            /* A copy of the bytes after ThrottleTimeMs, ErrorCode and its own length. */
            KC_ASSERT(assignment != NULL && 10 + alen <= len);
            KC_ASSERT(alen == 0 || memcmp(assignment, body + 10, alen) == 0);
            free(assignment);
        } else {
            KC_ASSERT(assignment == NULL && alen == 0);
        }
        break;
    case 2:
        (void) kc_group_parse_heartbeat(body, len, &ec);
        break;
    case 3:
        (void) kc_group_parse_leave(body, len, &ec);
        break;
    default:
        if (kc_group_parse_describe(body, len, &ec, &d) == KC_OK) {
            KC_ASSERT(d.state != NULL);
            for (size_t i = 0; i < d.nmembers; i++)
                KC_ASSERT(d.members[i].member_id != NULL && d.client_hosts[i] != NULL &&
                          (d.members[i].len == 0 || d.members[i].metadata != NULL));
            kc_group_described_clear(&d);
        }
        break;
    }
    return 0;
}
