/*
 * lib/http.c - see http.h.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "lib/http.h"

#include <curl/curl.h>
#include <dlfcn.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/buf.h"

static struct {
    char *ca, *cert, *key;
    bool  no_verify_host;
} tls;

/* libcurl is loaded with the first request, not at exec: it, the libraries it brings
 * (about twenty: HTTP/2, IDN, SSH, Kerberos, LDAP, ...) and its global init made every
 * start 1.2 ms longer (`kconnect version` ran in 2.88 ms from exec to exit, 1.70 without),
 * a tenth of what separates a first start from its protocol floor, while a worker forwards
 * a request only when it is not the leader. The functions used, filled once (load_curl);
 * fn_init NULL when libcurl could not be loaded (error says why). Any thread. */
static struct {
    CURL              *(*fn_init)(void);
    CURLcode           (*fn_setopt)(CURL *, CURLoption, ...);
    CURLcode           (*fn_perform)(CURL *);
    CURLcode           (*fn_getinfo)(CURL *, CURLINFO, ...);
    void               (*fn_cleanup)(CURL *);
    const char        *(*fn_strerror)(CURLcode);
    struct curl_slist *(*fn_slist_append)(struct curl_slist *, const char *);
    void               (*fn_slist_free_all)(struct curl_slist *);
    char                 error[256];
} curl;
static pthread_once_t curl_loaded = PTHREAD_ONCE_INIT;

/* dlsym's object pointer as the function pointer *fn (POSIX guarantees the conversion). */
static bool
resolve(void *lib, const char *name, void *fn)
{
    void *sym = dlsym(lib, name);

    memcpy(fn, &sym, sizeof(sym));
    if (sym == NULL)
        snprintf(curl.error, sizeof(curl.error), "libcurl has no %s", name);
    return sym != NULL;
}

static void
load_curl(void)
{
    void     *lib = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    CURLcode (*global_init)(long) = NULL;

    if (lib == NULL) {
        snprintf(curl.error, sizeof(curl.error), "cannot load libcurl: %s", dlerror());
        return;
    }
    if (!resolve(lib, "curl_global_init", &global_init) ||
        !resolve(lib, "curl_easy_setopt", &curl.fn_setopt) ||
        !resolve(lib, "curl_easy_perform", &curl.fn_perform) ||
        !resolve(lib, "curl_easy_getinfo", &curl.fn_getinfo) ||
        !resolve(lib, "curl_easy_cleanup", &curl.fn_cleanup) ||
        !resolve(lib, "curl_easy_strerror", &curl.fn_strerror) ||
        !resolve(lib, "curl_slist_append", &curl.fn_slist_append) ||
        !resolve(lib, "curl_slist_free_all", &curl.fn_slist_free_all) ||
        !resolve(lib, "curl_easy_init", &curl.fn_init))
        return;                                   /* fn_init stays NULL */
    if (global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
        snprintf(curl.error, sizeof(curl.error), "libcurl would not initialize");
        curl.fn_init = NULL;
    }
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

    curl.fn_setopt(c, opt, &b);
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
    CURL              *c;
    struct curl_slist *h = NULL;
    kc_wbuf            out;
    CURLcode           rc;

    *status = 0;
    if (resp != NULL)
        *resp = NULL;
    pthread_once(&curl_loaded, load_curl);
    if (curl.fn_init == NULL)
        return kc_err_set(err, KC_EIO, "%s %s: %s", method, url, curl.error);
    if ((c = curl.fn_init()) == NULL)
        return kc_err_set(err, KC_EIO, "cannot create an HTTP client");
    kc_wbuf_init(&out);
    h = curl.fn_slist_append(h, "Content-Type: application/json");
    h = curl.fn_slist_append(h, "Accept: application/json");
    h = curl.fn_slist_append(h, "Expect:");
    for (const char *const *x = headers; x != NULL && *x != NULL; x++)
        h = curl.fn_slist_append(h, *x);
    curl.fn_setopt(c, CURLOPT_URL, url);
    curl.fn_setopt(c, CURLOPT_CUSTOMREQUEST, method);
    curl.fn_setopt(c, CURLOPT_HTTPHEADER, h);
    curl.fn_setopt(c, CURLOPT_USERAGENT, "kafka-connect");
    curl.fn_setopt(c, CURLOPT_TIMEOUT_MS, (long) timeout_ms);
    curl.fn_setopt(c, CURLOPT_NOSIGNAL, 1L);
    curl.fn_setopt(c, CURLOPT_WRITEFUNCTION, collect);
    curl.fn_setopt(c, CURLOPT_WRITEDATA, &out);
    if (tls.ca != NULL)
        set_blob(c, CURLOPT_CAINFO_BLOB, tls.ca);
    if (tls.cert != NULL && tls.key != NULL) {
        set_blob(c, CURLOPT_SSLCERT_BLOB, tls.cert);
        curl.fn_setopt(c, CURLOPT_SSLCERTTYPE, "PEM");
        set_blob(c, CURLOPT_SSLKEY_BLOB, tls.key);
        curl.fn_setopt(c, CURLOPT_SSLKEYTYPE, "PEM");
    }
    if (tls.no_verify_host)
        curl.fn_setopt(c, CURLOPT_SSL_VERIFYHOST, 0L);
    if (body != NULL) {
        curl.fn_setopt(c, CURLOPT_POSTFIELDS, body);
        curl.fn_setopt(c, CURLOPT_POSTFIELDSIZE, (long) len);
    }
    rc = curl.fn_perform(c);
    if (rc == CURLE_OK) {
        curl.fn_getinfo(c, CURLINFO_RESPONSE_CODE, status);
        if (resp != NULL) {
            kc_wbuf_raw(&out, "", 1);
            *resp = (char *) out.buf;
            out.buf = NULL;
        }
    } else {
        kc_err_set(err, KC_EIO, "%s %s: %s", method, url, curl.fn_strerror(rc));
    }
    kc_wbuf_free(&out);
    curl.fn_slist_free_all(h);
    curl.fn_cleanup(c);
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
