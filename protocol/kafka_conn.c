/*
 * protocol/kafka_conn.c - see kafka_conn.h.
 *
 * The socket is non-blocking; every read and write waits with poll() against the caller's
 * deadline, through OpenSSL when TLS is on. SCRAM (RFC 5802/7677, as Kafka's
 * ScramSaslClient does it) is done here with OpenSSL's PBKDF2 and HMAC.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "protocol/kafka_conn.h"

#include <errno.h>
#include <fcntl.h>
#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#define MAX_API_KEY     128
#define MAX_RESPONSE    (64 << 20)
#define READ_CHUNK      (64 << 10)

struct kc_kafka_conn {
    int      fd;
    SSL_CTX *ctx;
    SSL     *ssl;
    char     peer[300];
    char    *client_id;
    const atomic_bool *stop;    /* the owner's stopping flag, or NULL (kc_kconn_open) */
    int32_t  correlation;
    int16_t  api_min[MAX_API_KEY], api_max[MAX_API_KEY];   /* -1: not supported */
};

void
kc_conn_security_clear(kc_conn_security *sec)
{
    free(sec->sasl_mechanism);
    free(sec->sasl_username);
    free(sec->sasl_password);
    free(sec->ca_file);
    free(sec->ca_pem);
    free(sec->cert_file);
    free(sec->key_file);
    free(sec->cert_pem);
    free(sec->key_pem);
    free(sec->key_password);
    memset(sec, 0, sizeof(*sec));
}

int
kc_kconn_local_address(const kc_kafka_conn *c, struct sockaddr_storage *ss)
{
    socklen_t len = sizeof(*ss);

    return getsockname(c->fd, (struct sockaddr *) ss, &len) == 0 ? KC_OK : KC_EIO;
}

const char *
kc_kconn_peer(const kc_kafka_conn *c)
{
    return c->peer;
}

/* ===== Error names ===== */

const char *
kc_kafka_error_name(int16_t code)
{
    switch (code) {
    case -1: return "UNKNOWN_SERVER_ERROR";
    case 0: return "NONE";
    case 7: return "REQUEST_TIMED_OUT";
    case 13: return "NETWORK_EXCEPTION";
    case 14: return "COORDINATOR_LOAD_IN_PROGRESS";
    case 15: return "COORDINATOR_NOT_AVAILABLE";
    case 16: return "NOT_COORDINATOR";
    case 22: return "ILLEGAL_GENERATION";
    case 23: return "INCONSISTENT_GROUP_PROTOCOL";
    case 24: return "INVALID_GROUP_ID";
    case 25: return "UNKNOWN_MEMBER_ID";
    case 26: return "INVALID_SESSION_TIMEOUT";
    case 27: return "REBALANCE_IN_PROGRESS";
    case 30: return "GROUP_AUTHORIZATION_FAILED";
    case 31: return "CLUSTER_AUTHORIZATION_FAILED";
    case 33: return "UNSUPPORTED_SASL_MECHANISM";
    case 34: return "ILLEGAL_SASL_STATE";
    case 35: return "UNSUPPORTED_VERSION";
    case 58: return "SASL_AUTHENTICATION_FAILED";
    case 69: return "GROUP_ID_NOT_FOUND";
    case 79: return "MEMBER_ID_REQUIRED";
    case 81: return "GROUP_MAX_SIZE_REACHED";
    case 82: return "FENCED_INSTANCE_ID";
    default: return "UNKNOWN_ERROR_CODE";
    }
}

/* ===== I/O with deadlines ===== */

static int
wait_fd(kc_kafka_conn *c, short events, int64_t deadline, kc_err *err)
{
    struct pollfd pfd = { c->fd, events, 0 };
    int64_t       left;
    int           r;

    /* With a stop flag the wait is cut into slices, the flag read between them. */
    for (;;) {
        if (c->stop != NULL && atomic_load(c->stop))
            return kc_err_set(err, KC_ESTOPPED, "%s: given up: stopping", c->peer);
        if ((left = deadline - kc_mono_ms()) <= 0)
            return kc_err_set(err, KC_ETIMEOUT, "%s: timed out", c->peer);
        if (c->stop != NULL && left > KC_KCONN_STOP_POLL_MS)
            left = KC_KCONN_STOP_POLL_MS;
        r = poll(&pfd, 1, (int) left);
        if (r > 0 || (r < 0 && errno != EINTR))
            break;
    }
    if (r < 0)
        return kc_err_set(err, KC_EIO, "%s: poll: %s", c->peer, strerror(errno));
    return KC_OK;
}

static int
ssl_error(kc_kafka_conn *c, const char *what, kc_err *err)
{
    char buf[256] = "connection closed";
    unsigned long e = ERR_get_error();

    if (e != 0)
        ERR_error_string_n(e, buf, sizeof(buf));
    ERR_clear_error();
    return kc_err_set(err, KC_EIO, "%s: TLS %s: %s", c->peer, what, buf);
}

static int
io_write(kc_kafka_conn *c, const uint8_t *p, size_t n, int64_t deadline, kc_err *err)
{
    while (n > 0) {
        ssize_t w;
        short   want = POLLOUT;

        if (c->ssl != NULL) {
            int r = SSL_write(c->ssl, p, (int) n);
            if (r > 0) {
                w = r;
            } else {
                int e = SSL_get_error(c->ssl, r);
                if (e == SSL_ERROR_WANT_READ)
                    want = POLLIN;
                else if (e != SSL_ERROR_WANT_WRITE)
                    return ssl_error(c, "write", err);
                w = 0;
            }
        } else {
            w = send(c->fd, p, n, MSG_NOSIGNAL);
            if (w < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
                return kc_err_set(err, KC_EIO, "%s: send: %s", c->peer, strerror(errno));
            if (w < 0)
                w = 0;
        }
        p += w;
        n -= (size_t) w;
        if (n > 0 && w == 0 && wait_fd(c, want, deadline, err) != KC_OK)
            return err ? err->code : KC_EIO;
    }
    return KC_OK;
}

static int
io_read(kc_kafka_conn *c, uint8_t *p, size_t n, int64_t deadline, kc_err *err)
{
    while (n > 0) {
        ssize_t r;
        short   want = POLLIN;

        if (c->ssl != NULL) {
            int s = SSL_read(c->ssl, p, (int) n);
            if (s > 0) {
                r = s;
            } else {
                int e = SSL_get_error(c->ssl, s);
                if (e == SSL_ERROR_WANT_WRITE)
                    want = POLLOUT;
                else if (e != SSL_ERROR_WANT_READ)
                    return ssl_error(c, "read", err);
                r = 0;
            }
        } else {
            r = recv(c->fd, p, n, 0);
            if (r == 0)
                return kc_err_set(err, KC_EIO, "%s: connection closed by the broker", c->peer);
            if (r < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
                return kc_err_set(err, KC_EIO, "%s: recv: %s", c->peer, strerror(errno));
            if (r < 0)
                r = 0;
        }
        p += r;
        n -= (size_t) r;
        if (n > 0 && r == 0 && wait_fd(c, want, deadline, err) != KC_OK)
            return err ? err->code : KC_EIO;
    }
    return KC_OK;
}

/* ===== Requests ===== */

int
kc_kconn_request(kc_kafka_conn *c, int16_t api, int16_t version, const kc_wbuf *body,
                 kc_wbuf *resp, int timeout_ms, kc_err *err)
{
    int64_t  deadline = kc_mono_ms() + timeout_ms;
    kc_wbuf  req;
    uint8_t  size_buf[4];
    uint32_t size, chunk;
    int32_t  corr = ++c->correlation, got;
    int      rc;

    kc_wbuf_init(&req);
    kc_wbuf_i32(&req, 0);                           /* size, patched below */
    kc_wbuf_i16(&req, api);
    kc_wbuf_i16(&req, version);
    kc_wbuf_i32(&req, corr);
    kc_wbuf_string(&req, c->client_id);
    if (body != NULL)
        kc_wbuf_raw(&req, body->buf, body->len);
    kc_wbuf_put_i32_at(&req, 0, (int32_t) (req.len - 4));
    rc = io_write(c, req.buf, req.len, deadline, err);
    kc_wbuf_free(&req);
    if (rc != KC_OK)
        return rc;

    if ((rc = io_read(c, size_buf, 4, deadline, err)) != KC_OK)
        return rc;
    size = kc_be32(size_buf);
    if (size < 4 || size > MAX_RESPONSE)
        return kc_err_set(err, KC_EPROTO, "%s: response of %u bytes to API %d v%d", c->peer,
                          size, api, version);
    /* The header (correlation id), then the body into resp as it comes: a size announced
     * is not memory to take before the bytes are there. */
    if ((rc = io_read(c, size_buf, 4, deadline, err)) != KC_OK)
        return rc;
    if ((got = (int32_t) kc_be32(size_buf)) != corr)
        return kc_err_set(err, KC_EPROTO, "%s: response correlation id %d, expected %d",
                          c->peer, got, corr);
    kc_wbuf_reset(resp);
    for (size -= 4; size > 0; size -= chunk) {
        chunk = size < READ_CHUNK ? size : READ_CHUNK;
        if ((rc = io_read(c, kc_wbuf_grow(resp, chunk), chunk, deadline, err)) != KC_OK)
            return rc;
    }
    return KC_OK;
}

int
kc_kconn_api_version(const kc_kafka_conn *c, int16_t api, int16_t ours_min, int16_t ours_max)
{
    int16_t lo, hi;

    if (api < 0 || api >= MAX_API_KEY || c->api_max[api] < 0)
        return -1;
    lo = c->api_min[api] > ours_min ? c->api_min[api] : ours_min;
    hi = c->api_max[api] < ours_max ? c->api_max[api] : ours_max;
    return lo <= hi ? hi : -1;
}

static int
api_versions(kc_kafka_conn *c, int timeout_ms, kc_err *err)
{
    kc_wbuf resp;
    kc_rbuf rb;
    int16_t ec, key, lo, hi;
    int32_t n;
    int     rc;

    for (int i = 0; i < MAX_API_KEY; i++)
        c->api_min[i] = c->api_max[i] = -1;
    kc_wbuf_init(&resp);
    if ((rc = kc_kconn_request(c, KC_API_API_VERSIONS, 0, NULL, &resp, timeout_ms, err)) != KC_OK)
        goto out;
    kc_rbuf_init(&rb, resp.buf, resp.len);
    KC_READ(i16, &rb, &ec);
    if (ec != 0) {
        rc = kc_err_set(err, KC_EKAFKA, "%s: ApiVersions: %s", c->peer, kc_kafka_error_name(ec));
        goto out;
    }
    KC_READ(array_len, &rb, &n);
    for (int32_t i = 0; i < n; i++) {
        KC_READ(i16, &rb, &key);
        KC_READ(i16, &rb, &lo);
        KC_READ(i16, &rb, &hi);
        if (key >= 0 && key < MAX_API_KEY) {
            c->api_min[key] = lo;
            c->api_max[key] = hi;
        }
    }
    goto out;
err_parse:
    rc = kc_err_set(err, KC_EPROTO, "%s: malformed ApiVersions response", c->peer);
out:
    kc_wbuf_free(&resp);
    return rc;
}

/* ===== SASL ===== */

static int
sasl_handshake(kc_kafka_conn *c, const char *mechanism, int timeout_ms, kc_err *err)
{
    kc_wbuf  body, resp;
    kc_rbuf  rb;
    int16_t  ec;
    int      rc;

    kc_wbuf_init(&body);
    kc_wbuf_init(&resp);
    kc_wbuf_string(&body, mechanism);
    if ((rc = kc_kconn_request(c, KC_API_SASL_HANDSHAKE, 1, &body, &resp, timeout_ms, err)) != KC_OK)
        goto out;
    kc_rbuf_init(&rb, resp.buf, resp.len);
    KC_READ(i16, &rb, &ec);
    if (ec != 0)
        rc = kc_err_set(err, KC_EKAFKA, "%s: SASL mechanism %s not enabled on the broker (%s)",
                        c->peer, mechanism, kc_kafka_error_name(ec));
    goto out;
err_parse:
    rc = kc_err_set(err, KC_EPROTO, "%s: malformed SaslHandshake response", c->peer);
out:
    kc_wbuf_free(&body);
    kc_wbuf_free(&resp);
    return rc;
}

/* One SaslAuthenticate v1 round trip: sends in[0..n), *out gets the server's bytes. */
static int
sasl_round(kc_kafka_conn *c, const void *in, size_t n, kc_wbuf *out, int timeout_ms,
           kc_err *err)
{
    kc_wbuf  body, resp;
    kc_rbuf  rb;
    kc_slice msg, bytes;
    int16_t  ec;
    int      rc;

    kc_wbuf_init(&body);
    kc_wbuf_init(&resp);
    kc_wbuf_bytes(&body, in, (int32_t) n);
    rc = kc_kconn_request(c, KC_API_SASL_AUTHENTICATE, 1, &body, &resp, timeout_ms, err);
    if (rc != KC_OK)
        goto out;
    kc_rbuf_init(&rb, resp.buf, resp.len);
    KC_READ(i16, &rb, &ec);
    KC_READ(string, &rb, &msg);
    KC_READ(bytes, &rb, &bytes);
    if (ec != 0) {
        rc = kc_err_set(err, KC_EKAFKA, "%s: SASL authentication failed: %.*s", c->peer,
                        msg.len > 0 ? (int) msg.len : 0, msg.len > 0 ? (const char *) msg.ptr : "");
        goto out;
    }
    kc_wbuf_reset(out);
    if (bytes.len > 0)
        kc_wbuf_raw(out, bytes.ptr, (size_t) bytes.len);
    goto out;
err_parse:
    rc = kc_err_set(err, KC_EPROTO, "%s: malformed SaslAuthenticate response", c->peer);
out:
    kc_wbuf_free(&body);
    kc_wbuf_free(&resp);
    return rc;
}

/* SCRAM usernames escape ',' and '=' (RFC 5802 §5.1). */
static char *
scram_name(const char *user)
{
    char  *out = kc_xmalloc(strlen(user) * 3 + 1), *o = out;

    for (const char *p = user; *p; p++) {
        if (*p == ',') { memcpy(o, "=2C", 3); o += 3; }
        else if (*p == '=') { memcpy(o, "=3D", 3); o += 3; }
        else *o++ = *p;
    }
    *o = '\0';
    return out;
}

/* Finds "k=" attribute in a SCRAM message; returns its value (borrowed) and length. */
static const char *
scram_attr(const char *msg, size_t len, char k, size_t *vlen)
{
    const char *p = msg, *end = msg + len;

    while (p < end) {
        const char *comma = memchr(p, ',', (size_t) (end - p));
        const char *e = comma ? comma : end;
        if (e - p >= 2 && p[0] == k && p[1] == '=') {
            *vlen = (size_t) (e - p - 2);
            return p + 2;
        }
        p = e + 1;
    }
    return NULL;
}

/* A positive decimal int of n digits exactly, as Java's Integer.parseInt reads the
 * iteration count ([0-9]+); -1 for anything else. */
static int
scram_int(const char *s, size_t n)
{
    int64_t v = 0;

    if (n == 0 || n > 10)
        return -1;
    for (size_t k = 0; k < n; k++) {
        if (s[k] < '0' || s[k] > '9')
            return -1;
        v = v * 10 + (s[k] - '0');
    }
    return v > 0 && v <= INT32_MAX ? (int) v : -1;
}

int
kc_kconn_scram_parse_first(const char *msg, size_t len, const char *client_nonce,
                           const char *mechanism, kc_scram_first *out, kc_err *err)
{
    const char *r, *s, *i;
    size_t      rlen, slen, ilen, nlen = strlen(client_nonce);

    memset(out, 0, sizeof(*out));
    r = scram_attr(msg, len, 'r', &rlen);
    s = scram_attr(msg, len, 's', &slen);
    i = scram_attr(msg, len, 'i', &ilen);
    if (memchr(msg, '\0', len) != NULL || r == NULL || s == NULL || i == NULL ||
        rlen < nlen || memcmp(r, client_nonce, nlen) != 0 ||
        kc_base64_decode(s, slen, &out->salt, &out->salt_len) != 0 ||
        (out->iterations = scram_int(i, ilen)) <= 0) {
        free(out->salt);
        memset(out, 0, sizeof(*out));
        return kc_err_set(err, KC_EPROTO, "malformed server-first message");
    }
    if (out->iterations < KC_SCRAM_MIN_ITERATIONS) {
        int n = out->iterations;
        free(out->salt);
        memset(out, 0, sizeof(*out));
        return kc_err_set(err, KC_EKAFKA, "Requested iterations %d is less than the minimum "
                          "%d for %s", n, KC_SCRAM_MIN_ITERATIONS, mechanism);
    }
    out->nonce = r;
    out->nonce_len = rlen;
    return KC_OK;
}

int
kc_kconn_scram_check_final(const char *msg, size_t len, const uint8_t *sig, size_t sig_len,
                           const char *mechanism, kc_err *err)
{
    const char *v, *e;
    uint8_t    *got = NULL;
    size_t      vlen, elen, got_len = 0;
    int         rc = KC_OK;

    if ((e = scram_attr(msg, len, 'e', &elen)) != NULL && e == msg + 2)
        return kc_err_set(err, KC_EKAFKA, "Sasl authentication using %s failed with error: "
                          "%.*s", mechanism, (int) (elen < 100 ? elen : 100), e);
    v = scram_attr(msg, len, 'v', &vlen);
    if (v == NULL || kc_base64_decode(v, vlen, &got, &got_len) != 0 || got_len != sig_len ||
        CRYPTO_memcmp(got, sig, sig_len) != 0)
        rc = kc_err_set(err, KC_EKAFKA, "the broker's signature does not match");
    free(got);
    return rc;
}

static int
sasl_scram(kc_kafka_conn *c, const kc_conn_security *sec, int timeout_ms, kc_err *err)
{
    const EVP_MD *md = strcmp(sec->sasl_mechanism, "SCRAM-SHA-512") == 0 ? EVP_sha512()
                                                                           : EVP_sha256();
    int           hlen = EVP_MD_size(md);
    uint8_t       nonce_raw[24], salted[64], client_key[64], stored_key[64];
    uint8_t       client_sig[64], proof[64], server_key[64], server_sig[64];
    unsigned int  ulen;
    char         *nonce, *name, *client_first_bare = NULL, *server_first = NULL;
    char         *client_final_wo_proof = NULL, *auth_message = NULL, *client_final = NULL;
    char         *proof_b64 = NULL;
    kc_scram_first first = { 0 };
    int           rc;
    kc_wbuf       resp;

    kc_wbuf_init(&resp);
    RAND_bytes(nonce_raw, sizeof(nonce_raw));
    nonce = kc_base64_encode(nonce_raw, sizeof(nonce_raw));
    for (char *p = nonce; *p; p++)            /* printable, no ',' : '+' and '/' are fine */
        if (*p == ',')
            *p = '-';
    name = scram_name(sec->sasl_username ? sec->sasl_username : "");
    client_first_bare = kc_xasprintf("n=%s,r=%s", name, nonce);
    {
        char *client_first = kc_xasprintf("n,,%s", client_first_bare);
        rc = sasl_round(c, client_first, strlen(client_first), &resp, timeout_ms, err);
        free(client_first);
        if (rc != KC_OK)
            goto out;
    }
    server_first = kc_xstrndup(resp.len > 0 ? (const char *) resp.buf : "", resp.len);
    if ((rc = kc_kconn_scram_parse_first(server_first, resp.len, nonce, sec->sasl_mechanism,
                                         &first, err)) != KC_OK) {
        if (err != NULL)
            kc_err_prefix(err, "%s: SCRAM: ", c->peer);
        goto out;
    }

    PKCS5_PBKDF2_HMAC(sec->sasl_password ? sec->sasl_password : "",
                      (int) strlen(sec->sasl_password ? sec->sasl_password : ""), first.salt,
                      (int) first.salt_len, first.iterations, md, hlen, salted);
    HMAC(md, salted, hlen, (const uint8_t *) "Client Key", 10, client_key, &ulen);
    EVP_Digest(client_key, (size_t) hlen, stored_key, &ulen, md, NULL);
    client_final_wo_proof = kc_xasprintf("c=biws,r=%.*s", (int) first.nonce_len, first.nonce);
    auth_message = kc_xasprintf("%s,%s,%s", client_first_bare, server_first,
                                client_final_wo_proof);
    HMAC(md, stored_key, hlen, (const uint8_t *) auth_message, strlen(auth_message),
         client_sig, &ulen);
    for (int k = 0; k < hlen; k++)
        proof[k] = client_key[k] ^ client_sig[k];
    proof_b64 = kc_base64_encode(proof, (size_t) hlen);
    client_final = kc_xasprintf("%s,p=%s", client_final_wo_proof, proof_b64);
    if ((rc = sasl_round(c, client_final, strlen(client_final), &resp, timeout_ms, err)) != KC_OK)
        goto out;

    /* The server proves it knows the password too. */
    HMAC(md, salted, hlen, (const uint8_t *) "Server Key", 10, server_key, &ulen);
    HMAC(md, server_key, hlen, (const uint8_t *) auth_message, strlen(auth_message),
         server_sig, &ulen);
    rc = kc_kconn_scram_check_final(resp.len > 0 ? (const char *) resp.buf : "", resp.len,
                                    server_sig, (size_t) hlen, sec->sasl_mechanism, err);
    if (rc != KC_OK && err != NULL)
        kc_err_prefix(err, "%s: SCRAM: ", c->peer);
out:
    free(nonce);
    free(name);
    free(client_first_bare);
    free(server_first);
    free(client_final_wo_proof);
    free(auth_message);
    free(client_final);
    free(proof_b64);
    free(first.salt);
    OPENSSL_cleanse(salted, sizeof(salted));
    kc_wbuf_free(&resp);
    return rc;
}

static int
sasl_authenticate(kc_kafka_conn *c, const kc_conn_security *sec, int timeout_ms, kc_err *err)
{
    const char *mech = sec->sasl_mechanism ? sec->sasl_mechanism : "GSSAPI";
    int         rc;

    if (strcmp(mech, "PLAIN") != 0 && strcmp(mech, "SCRAM-SHA-256") != 0 &&
        strcmp(mech, "SCRAM-SHA-512") != 0)
        return kc_err_set(err, KC_EINVAL, "SASL mechanism %s is not supported (PLAIN, "
                          "SCRAM-SHA-256, SCRAM-SHA-512 are)", mech);
    if (kc_kconn_api_version(c, KC_API_SASL_AUTHENTICATE, 1, 1) < 0 ||
        kc_kconn_api_version(c, KC_API_SASL_HANDSHAKE, 1, 1) < 0)
        return kc_err_set(err, KC_EKAFKA, "%s: broker does not support SaslAuthenticate v1",
                          c->peer);
    if ((rc = sasl_handshake(c, mech, timeout_ms, err)) != KC_OK)
        return rc;
    if (strcmp(mech, "PLAIN") == 0) {
        const char *u = sec->sasl_username ? sec->sasl_username : "";
        const char *p = sec->sasl_password ? sec->sasl_password : "";
        size_t      ul = strlen(u), pl = strlen(p);
        char       *msg = kc_xmalloc(ul + pl + 2);
        kc_wbuf     resp;

        msg[0] = '\0';
        memcpy(msg + 1, u, ul);
        msg[1 + ul] = '\0';
        memcpy(msg + 2 + ul, p, pl);
        kc_wbuf_init(&resp);
        rc = sasl_round(c, msg, ul + pl + 2, &resp, timeout_ms, err);
        kc_wbuf_free(&resp);
        OPENSSL_cleanse(msg, ul + pl + 2);
        free(msg);
        return rc;
    }
    return sasl_scram(c, sec, timeout_ms, err);
}

/* ===== TLS ===== */

static int
load_pem_certs(X509_STORE *store, const char *pem)
{
    BIO  *bio = BIO_new_mem_buf(pem, -1);
    X509 *x;
    int   n = 0;

    while ((x = PEM_read_bio_X509(bio, NULL, NULL, NULL)) != NULL) {
        X509_STORE_add_cert(store, x);
        X509_free(x);
        n++;
    }
    ERR_clear_error();
    BIO_free(bio);
    return n;
}

static int
tls_start(kc_kafka_conn *c, const char *host, const kc_conn_security *sec, int64_t deadline,
          kc_err *err)
{
    c->ctx = SSL_CTX_new(TLS_client_method());
    if (c->ctx == NULL)
        return ssl_error(c, "context", err);
    SSL_CTX_set_min_proto_version(c->ctx, TLS1_2_VERSION);
    SSL_CTX_set_verify(c->ctx, SSL_VERIFY_PEER, NULL);
    if (sec->ca_file != NULL) {
        if (SSL_CTX_load_verify_locations(c->ctx, sec->ca_file, NULL) != 1)
            return ssl_error(c, "trust store", err);
    } else if (sec->ca_pem != NULL) {
        if (load_pem_certs(SSL_CTX_get_cert_store(c->ctx), sec->ca_pem) == 0)
            return kc_err_set(err, KC_EINVAL, "ssl.truststore.certificates holds no certificate");
    } else {
        SSL_CTX_set_default_verify_paths(c->ctx);
    }
    if (sec->key_password != NULL)
        SSL_CTX_set_default_passwd_cb_userdata(c->ctx, sec->key_password);
    if (sec->cert_file != NULL &&
        (SSL_CTX_use_certificate_chain_file(c->ctx, sec->cert_file) != 1 ||
         SSL_CTX_use_PrivateKey_file(c->ctx, sec->key_file ? sec->key_file : sec->cert_file,
                                     SSL_FILETYPE_PEM) != 1))
        return ssl_error(c, "client certificate", err);
    c->ssl = SSL_new(c->ctx);
    SSL_set_fd(c->ssl, c->fd);
    {
        struct in6_addr a6;
        struct in_addr  a4;
        bool            ip = inet_pton(AF_INET, host, &a4) == 1 || inet_pton(AF_INET6, host, &a6) == 1;
        if (!ip)
            SSL_set_tlsext_host_name(c->ssl, host);
        /* As Java's "https" endpoint identification: the name, or the IP address, must be
         * in the broker's certificate. */
        if (sec->verify_hostname) {
            if (ip)
                X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(c->ssl), host);
            else
                SSL_set1_host(c->ssl, host);
        }
    }
    for (;;) {
        int r = SSL_connect(c->ssl), e;
        if (r == 1)
            return KC_OK;
        e = SSL_get_error(c->ssl, r);
        if (e != SSL_ERROR_WANT_READ && e != SSL_ERROR_WANT_WRITE)
            return ssl_error(c, "handshake", err);
        if (wait_fd(c, e == SSL_ERROR_WANT_READ ? POLLIN : POLLOUT, deadline, err) != KC_OK)
            return err ? err->code : KC_ETIMEOUT;
    }
}

/* ===== Open and close ===== */

static int
tcp_connect(kc_kafka_conn *c, const char *host, int port, int64_t deadline, kc_err *err)
{
    struct addrinfo  hints = { .ai_socktype = SOCK_STREAM }, *res, *ai;
    char             portstr[16];
    int              gai, rc = KC_EIO;

    snprintf(portstr, sizeof(portstr), "%d", port);
    if ((gai = getaddrinfo(host, portstr, &hints, &res)) != 0)
        return kc_err_set(err, KC_EIO, "%s: %s", c->peer, gai_strerror(gai));
    for (ai = res; ai != NULL; ai = ai->ai_next) {
        int       one = 1, soerr = 0;
        socklen_t sl = sizeof(soerr);

        c->fd = socket(ai->ai_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
        if (c->fd < 0)
            continue;
        setsockopt(c->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
        if (connect(c->fd, ai->ai_addr, ai->ai_addrlen) == 0)
            rc = KC_OK;
        else if (errno != EINPROGRESS)
            rc = kc_err_set(err, KC_EIO, "%s: connect: %s", c->peer, strerror(errno));
        else if ((rc = wait_fd(c, POLLOUT, deadline, err)) == KC_OK &&
                 (getsockopt(c->fd, SOL_SOCKET, SO_ERROR, &soerr, &sl) != 0 || soerr != 0))
            rc = kc_err_set(err, KC_EIO, "%s: connect: %s", c->peer,
                            strerror(soerr ? soerr : errno));
        if (rc == KC_OK)
            break;
        close(c->fd);
        c->fd = -1;
        if (rc == KC_ESTOPPED)                      /* the owner is stopping: no next address */
            break;
    }
    freeaddrinfo(res);
    return rc;
}

static kc_kafka_conn *
conn_new(const char *host, int port, const char *client_id, const atomic_bool *stop)
{
    kc_kafka_conn *c = kc_xcalloc(1, sizeof(*c));

    c->fd = -1;
    c->stop = stop;
    c->client_id = kc_xstrdup(client_id ? client_id : "kconnect");
    snprintf(c->peer, sizeof(c->peer), "%s:%d", host, port);
    return c;
}

/* What follows the TCP connect: TLS, ApiVersions, SASL. c is closed on failure. */
static kc_kafka_conn *
conn_start(kc_kafka_conn *c, const char *host, const kc_conn_security *sec, int64_t deadline,
           kc_err *err)
{
    if (sec != NULL && sec->tls && tls_start(c, host, sec, deadline, err) != KC_OK)
        goto fail;
    if (api_versions(c, (int) (deadline - kc_mono_ms()), err) != KC_OK)
        goto fail;
    if (sec != NULL && sec->sasl &&
        sasl_authenticate(c, sec, (int) (deadline - kc_mono_ms()), err) != KC_OK)
        goto fail;
    return c;
fail:
    kc_kconn_close(c);
    return NULL;
}

kc_kafka_conn *
kc_kconn_open(const char *host, int port, const kc_conn_security *sec, const char *client_id,
              const atomic_bool *stop, int timeout_ms, kc_err *err)
{
    kc_kafka_conn *c = conn_new(host, port, client_id, stop);
    int64_t        deadline = kc_mono_ms() + timeout_ms;

    if (tcp_connect(c, host, port, deadline, err) != KC_OK) {
        kc_kconn_close(c);
        return NULL;
    }
    return conn_start(c, host, sec, deadline, err);
}

kc_kafka_conn *
kc_kconn_open_fd(int fd, const char *host, int port, const kc_conn_security *sec,
                 const char *client_id, const atomic_bool *stop, int timeout_ms, kc_err *err)
{
    kc_kafka_conn *c = conn_new(host, port, client_id, stop);
    int            flags = fcntl(fd, F_GETFL);

    c->fd = fd;
    if (flags < 0 || fcntl(fd, F_SETFL, flags | O_NONBLOCK) != 0) {
        kc_err_set(err, KC_EIO, "%s: fcntl: %s", c->peer, strerror(errno));
        kc_kconn_close(c);
        return NULL;
    }
    return conn_start(c, host, sec, kc_mono_ms() + timeout_ms, err);
}

void
kc_kconn_set_stop(kc_kafka_conn *c, const atomic_bool *stop)
{
    c->stop = stop;
}

void
kc_kconn_close(kc_kafka_conn *c)
{
    if (c == NULL)
        return;
    if (c->ssl != NULL)
        SSL_free(c->ssl);
    if (c->ctx != NULL)
        SSL_CTX_free(c->ctx);
    if (c->fd >= 0)
        close(c->fd);
    free(c->client_id);
    free(c);
}
