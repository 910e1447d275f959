/*
 * lib/http.h - requests to other workers' REST APIs (forwarding to the leader, internal
 * task-config publication), over libcurl, and the HMAC signature of internal requests
 * (KIP-507, spec/connect-runtime.md §8.6).
 *
 * Any thread; each call uses its own curl handle. libcurl is loaded by the first call.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_HTTP_H
#define KC_HTTP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/common.h"

/* TLS for https URLs of other workers, as Java's RestClient takes it from the
 * listeners.https.* (or top-level ssl.*) settings: trusted CAs, a client certificate and
 * key (all PEM text, any NULL), and whether the host name must match the certificate
 * (ssl.endpoint.identification.algorithm=https). Copies; call before threads start. */
void kc_http_set_tls(const char *ca_pem, const char *cert_pem, const char *key_pem,
                     bool verify_host);

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
