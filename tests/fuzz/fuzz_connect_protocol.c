/*
 * tests/fuzz/fuzz_connect_protocol.c - libFuzzer target for the bytes other group members
 * send us: Connect member metadata (JoinGroup) and assignments (SyncGroup), decoded as
 * Java decodes them, then re-encoded; a member's advertised URL read as the peer watch
 * reads it (worker/peer_watch.h).
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <stddef.h>
#include <stdint.h>

#include "protocol/connect_protocol.h"
#include "worker/peer_watch.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    kc_connect_metadata   md;
    kc_connect_assignment a;
    kc_wbuf               wb;

    kc_wbuf_init(&wb);
    if (kc_connect_metadata_decode(data, size, &md, NULL) == KC_OK) {
        char host[256], port[8];
        if (md.url != NULL)
            (void) kc_peer_url_address(md.url, host, sizeof(host), port, sizeof(port));
        kc_connect_metadata_encode(&md, &wb);
        kc_connect_metadata_clear(&md);
    }
    if (kc_connect_assignment_decode(data, size, &a, NULL) == KC_OK) {
        kc_wbuf_reset(&wb);
        kc_connect_assignment_encode(&a, &wb);
        kc_connect_assignment_clear(&a);
    }
    kc_wbuf_free(&wb);
    return 0;
}
