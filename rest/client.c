/*
 * rest/client.c - see client.h.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "rest/client.h"

#include <curl/curl.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <stdlib.h>
#include <string.h>

#include "protocol/wire.h"

static struct {
    char *ca, *cert, *key;
    bool  no_verify_host;
} tls;

void
kc_http_global_init(void)
{
    curl_global_init(CURL_GLOBAL_DEFAULT);
}

static void
replace(char **dst, const char *src)
{
    free(*dst);
    *dst = src != NULL && *src ? kc_xstrdup(src) : NULL;
}

void
kc_http_set_tls(const char *ca_pem, const char *cert_pem, const char *key_pem, bool verify_host)
{
    replace(&tls.ca, ca_pem);
    replace(&tls.cert, cert_pem);
    replace(&tls.key, key_pem);
    tls.no_verify_host = !verify_host;
}

static void
set_blob(CURL *c, CURLoption opt, const char *pem)
{
    struct curl_blob b = { (void *) pem, strlen(pem), CURL_BLOB_COPY };

    curl_easy_setopt(c, opt, &b);
}

static size_t
collect(char *p, size_t size, size_t n, void *opaque)
{
    kc_wbuf_raw(opaque, p, size * n);
    return size * n;
}

int
kc_http(const char *method, const char *url, const char *body, size_t len,
        const char *const *headers, long *status, char **resp, int timeout_ms, kc_err *err)
{
    CURL              *c = curl_easy_init();
    struct curl_slist *h = NULL;
    kc_wbuf            out;
    CURLcode           rc;

    *status = 0;
    if (resp != NULL)
        *resp = NULL;
    if (c == NULL)
        return kc_err_set(err, KC_EIO, "cannot create an HTTP client");
    kc_wbuf_init(&out);
    h = curl_slist_append(h, "Content-Type: application/json");
    h = curl_slist_append(h, "Accept: application/json");
    h = curl_slist_append(h, "Expect:");
    for (const char *const *x = headers; x != NULL && *x != NULL; x++)
        h = curl_slist_append(h, *x);
    curl_easy_setopt(c, CURLOPT_URL, url);
    curl_easy_setopt(c, CURLOPT_CUSTOMREQUEST, method);
    curl_easy_setopt(c, CURLOPT_HTTPHEADER, h);
    curl_easy_setopt(c, CURLOPT_USERAGENT, "kafka-connect");
    curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, (long) timeout_ms);
    curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, collect);
    curl_easy_setopt(c, CURLOPT_WRITEDATA, &out);
    if (tls.ca != NULL)
        set_blob(c, CURLOPT_CAINFO_BLOB, tls.ca);
    if (tls.cert != NULL && tls.key != NULL) {
        set_blob(c, CURLOPT_SSLCERT_BLOB, tls.cert);
        curl_easy_setopt(c, CURLOPT_SSLCERTTYPE, "PEM");
        set_blob(c, CURLOPT_SSLKEY_BLOB, tls.key);
        curl_easy_setopt(c, CURLOPT_SSLKEYTYPE, "PEM");
    }
    if (tls.no_verify_host)
        curl_easy_setopt(c, CURLOPT_SSL_VERIFYHOST, 0L);
    if (body != NULL) {
        curl_easy_setopt(c, CURLOPT_POSTFIELDS, body);
        curl_easy_setopt(c, CURLOPT_POSTFIELDSIZE, (long) len);
    }
    rc = curl_easy_perform(c);
    if (rc == CURLE_OK) {
        curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, status);
        if (resp != NULL) {
            kc_wbuf_raw(&out, "", 1);
            *resp = (char *) out.buf;
            out.buf = NULL;
        }
    } else {
        kc_err_set(err, KC_EIO, "%s %s: %s", method, url, curl_easy_strerror(rc));
    }
    kc_wbuf_free(&out);
    curl_slist_free_all(h);
    curl_easy_cleanup(c);
    return rc == CURLE_OK ? KC_OK : KC_EIO;
}

char *
kc_sign_request(const char *algorithm, const uint8_t *key, size_t key_len, const void *body,
                size_t len)
{
    static const struct { const char *java; const char *ossl; } macs[] = {
        { "HmacSHA1", "SHA1" }, { "HmacSHA224", "SHA224" }, { "HmacSHA256", "SHA256" },
        { "HmacSHA384", "SHA384" }, { "HmacSHA512", "SHA512" },
    };
    const EVP_MD *md = NULL;
    uint8_t       mac[EVP_MAX_MD_SIZE];
    unsigned int  mac_len = 0;

    for (size_t i = 0; i < KC_ARRAY_LEN(macs) && md == NULL; i++)
        if (strcmp(algorithm, macs[i].java) == 0)
            md = EVP_get_digestbyname(macs[i].ossl);
    if (md == NULL)
        return NULL;
    HMAC(md, key, (int) key_len, body ? body : (const void *) "", body ? len : 0, mac, &mac_len);
    return kc_base64_encode(mac, mac_len);
}
