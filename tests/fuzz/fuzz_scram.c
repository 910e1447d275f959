/*
 * tests/fuzz/fuzz_scram.c - libFuzzer target for the SCRAM messages a broker, or anything
 * posing as one, sends during a SASL login (protocol/kafka_conn.c): the server-first message
 * (nonce, salt, iteration count) and the server-final one (signature or error).
 *
 * The first input byte picks the message: even, a server-first message, the rest being the
 * client's nonce, a newline, then the message; odd, a server-final message, the rest being
 * the signature expected (32 bytes, SCRAM-SHA-256's size) then the message.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/common.h"
#include "protocol/kafka_conn.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define SIG_LEN 32

static void
server_first(const char *in, size_t len)
{
    const char     *nl = memchr(in, '\n', len);
    char           *nonce;
    kc_scram_first  first;
    kc_err          err;

    if (nl == NULL)
        return;
    nonce = kc_xstrndup(in, (size_t) (nl - in));
    len -= (size_t) (nl - in) + 1;
    in = nl + 1;
    if (kc_kconn_scram_parse_first(in, len, nonce, "SCRAM-SHA-256", &first, &err) == KC_OK) {
        /* The server's nonce is a slice of the message that starts with ours. */
        KC_ASSERT(first.nonce >= in && first.nonce + first.nonce_len <= in + len);
        KC_ASSERT(first.nonce_len >= strlen(nonce));
        KC_ASSERT(memcmp(first.nonce, nonce, strlen(nonce)) == 0);
        KC_ASSERT(first.iterations >= KC_SCRAM_MIN_ITERATIONS && first.salt != NULL);
        free(first.salt);
    } else {
        KC_ASSERT(err.code == KC_EPROTO || err.code == KC_EKAFKA);
        KC_ASSERT(first.salt == NULL);
    }
    free(nonce);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    kc_err err;

    if (size == 0)
        return 0;
    if (data[0] % 2 == 0) {
        server_first((const char *) data + 1, size - 1);
    } else if (size > 1 + SIG_LEN) {
        int rc = kc_kconn_scram_check_final((const char *) data + 1 + SIG_LEN,
                                            size - 1 - SIG_LEN, data + 1, SIG_LEN,
                                            "SCRAM-SHA-256", &err);
        KC_ASSERT(rc == KC_OK || (rc == KC_EKAFKA && err.code == KC_EKAFKA));
    }
    return 0;
}
