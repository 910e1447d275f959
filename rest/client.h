/*
 * rest/client.h - requests to other workers' REST APIs (forwarding to the leader, internal
 * task-config publication), over libcurl, and the HMAC signature of internal requests
 * (KIP-507, spec/connect-runtime.md §8.6).
 *
 * Any thread; each call uses its own curl handle. kc_http_global_init() once in main().
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_REST_CLIENT_H
#define KC_REST_CLIENT_H

#include <stddef.h>
#include <stdint.h>

#include "worker/common.h"

void kc_http_global_init(void);

/* method url [body]: *status gets the HTTP status, *resp (new, NUL-terminated; may be NULL)
 * the response body. headers: "Name: value" strings, NULL-terminated (may be NULL).
 * KC_EIO when the worker could not be reached. */
int kc_http(const char *method, const char *url, const char *body, size_t len,
            const char *const *headers, long *status, char **resp, int timeout_ms,
            kc_err *err);

/* Base64 of HMAC(key, body) with a Java MAC algorithm name (HmacSHA256, ...); new string,
 * NULL for an algorithm OpenSSL does not know. */
char *kc_sign_request(const char *algorithm, const uint8_t *key, size_t key_len,
                      const void *body, size_t len);

#endif
