/*
 * rest/server.c - libmicrohttpd glue: listeners (http, https), body collection, the
 * server-level filters (CORS, configured response headers) and JSON responses.
 *
 * Each connection's request state (kc_rest_conn) lives from MHD's first call of the access
 * handler to its completion callback; it is touched only by the MHD thread serving it.
 * The server and its filters are read-only once kc_rest_start returns.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "rest/server.h"

#include <arpa/inet.h>
#include <ctype.h>
#include <gnutls/gnutls.h>
#include <microhttpd.h>
#include <netdb.h>
#include <openssl/err.h>
#include <openssl/pem.h>
#include <openssl/pkcs12.h>
#include <openssl/x509.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "lib/http.h"
#include "worker/herder.h"
#include "rest/auth.h"
#include "rest/routes.h"
#include "lib/log.h"

#define MAX_LISTENERS 16

/* ssl.client.auth of an https listener (Java: Jetty's want/needClientAuth). */
typedef enum { KC_CLIENT_AUTH_NONE, KC_CLIENT_AUTH_REQUESTED, KC_CLIENT_AUTH_REQUIRED }
    kc_client_auth;

typedef struct listener {
    struct MHD_Daemon *daemon;
    kc_rest_server    *srv;
    kc_rest_scope      scope;
    char              *key_pem, *cert_pem;       /* https: what MHD serves */
    kc_client_auth     client_auth;              /* https: ssl.client.auth */
    char              *trust_pem;                /* https, client auth: who may connect */
} listener;

struct kc_rest_server {
    listener           listeners[MAX_LISTENERS];
    size_t             nlisteners;
    const kc_rest_ctx *ctx;
    kc_rest_filters    filters;
    char              *advertised_url;
    char              *worker_id;
};

typedef struct kc_rest_conn {
    char  *body;
    size_t len, cap;
    int    too_large;
} kc_rest_conn;

/* ===== Time limits ===== */

static atomic_int      request_timeout_ms = 90000;
static atomic_int      health_timeout_ms = 10000;
static _Atomic int64_t started_ms;

int kc_rest_request_timeout_ms(void) { return atomic_load(&request_timeout_ms); }
int kc_rest_health_timeout_ms(void) { return atomic_load(&health_timeout_ms); }
int64_t kc_rest_started_ms(void) { return atomic_load(&started_ms); }

void
kc_rest_set_timeouts(int request_ms, int health_ms)
{
    atomic_store(&request_timeout_ms, request_ms);
    atomic_store(&health_timeout_ms, health_ms);
}

/* ===== The herder, during start-up ===== */

/* Handlers waiting for the herder sleep on this; the main thread broadcasts once. */
static pthread_mutex_t herder_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t  herder_published = PTHREAD_COND_INITIALIZER;

void
kc_rest_publish_herder(kc_rest_ctx *ctx, struct kc_herder *h)
{
    pthread_mutex_lock(&herder_lock);
    if (h != NULL)
        __atomic_store_n(&ctx->herder, h, __ATOMIC_RELEASE);
    else
        __atomic_store_n(&ctx->no_herder, true, __ATOMIC_RELEASE);
    pthread_cond_broadcast(&herder_published);
    pthread_mutex_unlock(&herder_lock);
}

struct kc_herder *
kc_rest_await_herder(const kc_rest_ctx *ctx, int timeout_ms)
{
    struct kc_herder *h = __atomic_load_n(&ctx->herder, __ATOMIC_ACQUIRE);
    struct timespec   until;

    if (h != NULL || timeout_ms <= 0)
        return h;
    until = kc_realtime_in(timeout_ms);
    pthread_mutex_lock(&herder_lock);
    for (;;) {
        h = __atomic_load_n(&ctx->herder, __ATOMIC_ACQUIRE);
        if (h != NULL || __atomic_load_n(&ctx->no_herder, __ATOMIC_ACQUIRE) ||
            pthread_cond_timedwait(&herder_published, &herder_lock, &until) != 0)
            break;
    }
    pthread_mutex_unlock(&herder_lock);
    return h != NULL ? h : __atomic_load_n(&ctx->herder, __ATOMIC_ACQUIRE);
}

struct kc_herder *
kc_rest_herder_or_answer(const kc_rest_ctx *ctx, kc_rest_response *resp)
{
    struct kc_herder *h = kc_rest_await_herder(ctx, kc_rest_request_timeout_ms());
    char              since[64];

    if (h != NULL)
        return h;
    if (__atomic_load_n(&ctx->no_herder, __ATOMIC_ACQUIRE)) {
        kc_rest_error(resp, 503, "Worker is still starting up.");
    } else {
        kc_rest_iso_instant(kc_rest_started_ms(), since, sizeof(since));
        kc_rest_error(resp, 500, "Request timed out. The worker is currently initializing and "
                      "reading to the end of internal topics, which began at %s.", since);
    }
    return NULL;
}

static bool
on_herder(const kc_rest_ctx *ctx, kc_rest_response *resp, kc_herder_fn fn, void *arg,
          void (*release)(void *), int call_timeout_ms, bool request)
{
    struct kc_herder *h = kc_rest_herder_or_answer(ctx, resp);

    if (h == NULL) {
        if (release != NULL)
            release(arg);
        return false;
    }
    switch (release != NULL ? kc_herder_call_owned(h, fn, arg, release, call_timeout_ms)
            : request ? kc_herder_request(h, fn, arg, call_timeout_ms)
                      : kc_herder_call(h, fn, arg, call_timeout_ms)) {
    case KC_OK:
        return true;
    case KC_ESTOPPED:
        kc_rest_error(resp, 503, "The worker is shutting down");
        return false;
    default:
        kc_rest_error(resp, 500, "Request timed out");
        return false;
    }
}

bool
kc_rest_on_herder(const kc_rest_ctx *ctx, kc_rest_response *resp, kc_herder_fn fn, void *arg,
                  int call_timeout_ms)
{
    return on_herder(ctx, resp, fn, arg, NULL, call_timeout_ms, false);
}

bool
kc_rest_herder_request(const kc_rest_ctx *ctx, kc_rest_response *resp, kc_herder_fn fn,
                       void *arg, int call_timeout_ms)
{
    return on_herder(ctx, resp, fn, arg, NULL, call_timeout_ms, true);
}

bool
kc_rest_on_herder_owned(const kc_rest_ctx *ctx, kc_rest_response *resp, kc_herder_fn fn,
                        void *arg, void (*release)(void *), int call_timeout_ms)
{
    return on_herder(ctx, resp, fn, arg, release, call_timeout_ms, false);
}

void
kc_rest_iso_instant(int64_t ms, char *buf, size_t size)
{
    time_t    t = (time_t) (ms / 1000);
    struct tm tm;
    size_t    n;

    gmtime_r(&t, &tm);
    n = strftime(buf, size, "%Y-%m-%dT%H:%M:%S", &tm);
    if (ms % 1000 != 0)
        snprintf(buf + n, size - n, ".%03dZ", (int) (ms % 1000));
    else
        snprintf(buf + n, size - n, "Z");
}

static void
timeouts_from_env(void)
{
    const char *r = getenv("KCONNECT_REST_REQUEST_TIMEOUT_MS");
    const char *h = getenv("KCONNECT_REST_HEALTH_TIMEOUT_MS");

    if (r != NULL && atoi(r) > 0)
        atomic_store(&request_timeout_ms, atoi(r));
    if (h != NULL && atoi(h) >= 0 && *h)
        atomic_store(&health_timeout_ms, atoi(h));
}

/* ===== Listener URLs ===== */

int
kc_rest_parse_listener(const char *url, char **scheme, char **host, int *port, kc_err *err)
{
    const char *sep = strstr(url, "://"), *h, *colon, *end;
    char       *endp;
    long        p;

    *scheme = *host = NULL;
    if (sep == NULL || sep == url)
        return kc_err_set(err, KC_EINVAL, "listener '%s' is not a URL like http://host:port",
                          url);
    h = sep + 3;
    if (*h == '[') {                               /* [v6]:port */
        end = strchr(h, ']');
        if (end == NULL || end[1] != ':')
            return kc_err_set(err, KC_EINVAL, "listener '%s': bad IPv6 host", url);
        colon = end + 1;
        *host = kc_xstrndup(h + 1, (size_t) (end - h - 1));
    } else {
        colon = strrchr(h, ':');
        if (colon == NULL)
            return kc_err_set(err, KC_EINVAL, "listener '%s' has no port", url);
        *host = kc_xstrndup(h, (size_t) (colon - h));
    }
    p = strtol(colon + 1, &endp, 10);
    if (colon[1] == '\0' || (*endp != '\0' && strcmp(endp, "/") != 0) || p < 0 || p > 65535) {
        free(*host);
        *host = NULL;
        return kc_err_set(err, KC_EINVAL, "listener '%s' has a bad port", url);
    }
    *port = (int) p;
    *scheme = kc_xstrndup(url, (size_t) (sep - url));
    for (char *c = *scheme; *c; c++)
        *c = (char) tolower((unsigned char) *c);
    return KC_OK;
}

/* ===== Filters: response headers and CORS ===== */

int
kc_rest_filters_init(kc_rest_filters *f, const kc_cfg *cfg, kc_err *err)
{
    const char *origins = kc_cfg_str(cfg, "access.control.allow.origin");
    const char *methods = kc_cfg_str(cfg, "access.control.allow.methods");
    const char *headers = kc_cfg_str(cfg, "response.http.headers.config");

    memset(f, 0, sizeof(*f));
    if (origins != NULL && *origins && strspn(origins, " \t\r\n") != strlen(origins)) {
        /* Java splits on ',' only (no trimming); "*" allows any origin, the rest are
         * regular expressions the whole origin must match. */
        const char *p = origins;
        f->cors = true;
        f->origins = kc_xcalloc(strlen(origins) + 1, sizeof(*f->origins));
        for (;;) {
            size_t len = strcspn(p, ",");
            char  *pat = kc_xstrndup(p, len), *re;
            if (strcmp(pat, "*") == 0) {
                f->any_origin = true;
            } else if (len > 0) {
                re = kc_xasprintf("^(%s)$", pat);
                if (regcomp(&f->origins[f->norigins], re, REG_EXTENDED | REG_ICASE | REG_NOSUB)
                    != 0) {
                    kc_err_set(err, KC_EINVAL, "Invalid value %s for configuration "
                               "access.control.allow.origin: '%s' is not a valid pattern",
                               origins, pat);
                    free(re);
                    free(pat);
                    kc_rest_filters_free(f);
                    return KC_EINVAL;
                }
                f->norigins++;
                free(re);
            }
            free(pat);
            if (p[len] == '\0')
                break;
            p += len + 1;
        }
        f->allow_methods = kc_xstrdup(methods != NULL && *methods &&
                                      strspn(methods, " \t\r\n") != strlen(methods)
                                      ? methods : "GET,POST,HEAD");
    }
    if (headers != NULL && strspn(headers, " \t\r\n") != strlen(headers)) {
        size_t n;
        char **items = kc_csv_split(headers, &n);
        f->rules = kc_xcalloc(n + 1, sizeof(*f->rules));
        for (size_t i = 0; i < n; i++) {
            if (kc_header_rule_parse(items[i], &f->rules[f->nrules], err) != KC_OK) {
                char msg[sizeof(err->msg)];
                snprintf(msg, sizeof(msg), "%s", err->msg);
                kc_err_set(err, KC_EINVAL, "Invalid value %s for configuration "
                           "response.http.headers.config: %s", headers, msg);
                kc_strv_free(items);
                kc_rest_filters_free(f);
                return KC_EINVAL;
            }
            f->nrules++;
        }
        kc_strv_free(items);
    }
    return KC_OK;
}

void
kc_rest_filters_free(kc_rest_filters *f)
{
    for (size_t i = 0; i < f->norigins; i++)
        regfree(&f->origins[i]);
    free(f->origins);
    free(f->allow_methods);
    for (size_t i = 0; i < f->nrules; i++) {
        free(f->rules[i].name);
        free(f->rules[i].value);
    }
    free(f->rules);
    kc_rest_auth_free(f->auth);
    memset(f, 0, sizeof(*f));
}

static bool
origin_allowed(const kc_rest_filters *f, const char *origin)
{
    /* An Origin header may list several origins separated by spaces; any may match. */
    char *copy = kc_xstrdup(origin), *save = NULL;
    bool  ok = false;

    for (char *o = strtok_r(copy, " ", &save); o != NULL && !ok; o = strtok_r(NULL, " ", &save)) {
        ok = f->any_origin;
        for (size_t i = 0; i < f->norigins && !ok; i++)
            ok = regexec(&f->origins[i], o, 0, NULL, 0) == 0;
    }
    free(copy);
    return ok;
}

/* Jetty's CrossOriginHandler as Connect configures it: Vary: Origin always; an allowed
 * origin gets Access-Control-Allow-Origin, and a preflight (OPTIONS with
 * Access-Control-Request-Method) also the methods, Content-Type as the allowed header and
 * a max age of 60 s. The request itself is still served (preflights reach Jersey's OPTIONS
 * answer; other origins are served without CORS headers). */
static void
apply_cors(const kc_rest_filters *f, const kc_rest_request *req, kc_rest_response *resp)
{
    const char *origin = kc_rest_header(req, "Origin");

    kc_rest_response_header(resp, "Vary", "Origin", false);
    if (origin == NULL || !origin_allowed(f, origin))
        return;
    kc_rest_response_header(resp, "Access-Control-Allow-Origin", origin, true);
    if (strcmp(req->method, "OPTIONS") == 0 &&
        kc_rest_header(req, "Access-Control-Request-Method") != NULL) {
        kc_rest_response_header(resp, "Access-Control-Allow-Methods", f->allow_methods, true);
        kc_rest_response_header(resp, "Access-Control-Allow-Headers", "Content-Type", true);
        kc_rest_response_header(resp, "Access-Control-Max-Age", "60", true);
    }
}

static void
apply_rules(const kc_rest_filters *f, kc_rest_response *resp)
{
    for (size_t i = 0; i < f->nrules; i++) {
        const kc_header_rule *r = &f->rules[i];
        char                       date[64];
        const char                *value = r->value;
        if (r->action == KC_HDR_SET_DATE || r->action == KC_HDR_ADD_DATE) {
            time_t    t = (time_t) ((kc_wall_ms() + r->date_offset_ms) / 1000);
            struct tm tm;
            gmtime_r(&t, &tm);
            strftime(date, sizeof(date), "%a, %d %b %Y %H:%M:%S GMT", &tm);
            value = date;
        }
        kc_rest_response_header(resp, r->name, value,
                                r->action == KC_HDR_SET || r->action == KC_HDR_SET_DATE);
    }
}

/* ===== The request path, without a socket ===== */

static char **
split_path(const char *path, size_t *n)
{
    char      **segs = kc_xcalloc(strlen(path) / 2 + 2, sizeof(*segs));
    const char *p = path;

    *n = 0;
    while (*p) {
        const char *slash = strchr(p, '/');
        size_t      len = slash ? (size_t) (slash - p) : strlen(p);
        if (len > 0)
            segs[(*n)++] = kc_xstrndup(p, len);
        p += len + (slash ? 1 : 0);
    }
    return segs;
}

void
kc_rest_serve(const kc_rest_ctx *ctx, const kc_rest_filters *filters, int scope,
              const char *method, const char *path, const kc_rest_kv *args, size_t nargs,
              const kc_rest_kv *headers, size_t nheaders, const char *body, size_t body_len,
              bool too_large, kc_rest_response *resp)
{
    kc_rest_request req;

    memset(resp, 0, sizeof(*resp));
    memset(&req, 0, sizeof(req));
    req.method = method;
    req.path = path;
    req.body = body ? body : "";
    req.body_len = body ? body_len : 0;
    req.args = args;
    req.nargs = nargs;
    req.headers = headers;
    req.nheaders = nheaders;
    req.scope = (kc_rest_scope) scope;
    req.auth = filters != NULL && scope != KC_REST_SCOPE_ADMIN ? filters->auth : NULL;
    req.ui_auth = filters != NULL ? filters->auth : NULL;
    req.segments = split_path(path, &req.nsegments);
    if (too_large)
        kc_rest_error(resp, 413, "Request body is larger than %u bytes", KC_REST_MAX_BODY);
    else
        kc_rest_dispatch(ctx, &req, resp);
    if (resp->status == 0)                        /* a handler that forgot: never hang */
        kc_rest_error(resp, 500, "Request handler produced no response");
    if (filters != NULL && scope != KC_REST_SCOPE_ADMIN && filters->cors)
        apply_cors(filters, &req, resp);
    if (filters != NULL && scope != KC_REST_SCOPE_ADMIN)
        apply_rules(filters, resp);
    for (size_t i = 0; i < req.nsegments; i++)
        free(req.segments[i]);
    free(req.segments);
}

static int
hexval(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
         : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* Decodes %XX and '+' in place over [s, s+len); returns the new length. */
static size_t
unescape(char *s, size_t len)
{
    size_t o = 0;

    for (size_t i = 0; i < len; i++) {
        if (s[i] == '+') {
            s[o++] = ' ';
        } else if (s[i] == '%' && i + 2 < len && hexval(s[i + 1]) >= 0 &&
                   hexval(s[i + 2]) >= 0) {
            s[o++] = (char) (hexval(s[i + 1]) * 16 + hexval(s[i + 2]));
            i += 2;
        } else {
            s[o++] = s[i];
        }
    }
    return o;
}

size_t
kc_rest_parse_query(const char *query, kc_rest_kv **args, char **buf)
{
    size_t qlen = strlen(query), n = 0, pos = 0;
    char  *b = kc_xcalloc(qlen + 2, 2);        /* names and values, NUL-separated */
    size_t o = 0;

    *args = kc_xcalloc(qlen / 2 + 2, sizeof(**args));
    while (pos <= qlen) {
        size_t      len = strcspn(query + pos, "&");
        const char *eq = memchr(query + pos, '=', len);
        size_t      nlen = eq ? (size_t) (eq - (query + pos)) : len;
        if (len > 0) {
            char *name = b + o;
            memcpy(name, query + pos, nlen);
            o += unescape(name, nlen);
            b[o++] = '\0';
            (*args)[n].name = name;
            (*args)[n].value = NULL;
            if (eq != NULL) {
                char  *value = b + o;
                size_t vlen = len - nlen - 1;
                memcpy(value, eq + 1, vlen);
                o += unescape(value, vlen);
                b[o++] = '\0';
                (*args)[n].value = value;
            }
            n++;
        }
        pos += len + 1;
    }
    *buf = b;
    return n;
}

/* ===== MHD glue (MHD threads) ===== */

typedef struct kv_list {
    kc_rest_kv *items;
    size_t      n, cap;
} kv_list;

static enum MHD_Result
collect_kv(void *cls, enum MHD_ValueKind kind, const char *key, const char *value)
{
    kv_list *l = cls;

    (void) kind;
    if (key == NULL)
        return MHD_YES;
    if (l->n == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 16;
        l->items = kc_xrealloc(l->items, l->cap * sizeof(*l->items));
    }
    l->items[l->n].name = key;
    l->items[l->n].value = value;
    l->n++;
    return MHD_YES;
}

static enum MHD_Result
send_response(struct MHD_Connection *conn, const kc_rest_response *resp)
{
    char                *text = NULL;
    const char          *ctype = NULL;
    struct MHD_Response *r;
    enum MHD_Result      ret;

    if (resp->body != NULL) {
        text = json_dumps(resp->body, JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_ENCODE_ANY);
        ctype = "application/json";
    } else if (resp->text != NULL) {
        text = kc_xstrdup(resp->text);
        ctype = "text/plain";
    }
    r = MHD_create_response_from_buffer(text ? strlen(text) : 0, text ? text : (char *) "",
                                        text ? MHD_RESPMEM_MUST_FREE : MHD_RESPMEM_PERSISTENT);
    if (r == NULL) {
        free(text);
        return MHD_NO;
    }
    for (size_t i = 0; i < resp->nheaders; i++) {
        MHD_add_response_header(r, resp->headers[i].name, resp->headers[i].value);
        if (strcasecmp(resp->headers[i].name, "Content-Type") == 0)
            ctype = NULL;                   /* the handler chose it (a text format's) */
    }
    if (ctype != NULL)
        MHD_add_response_header(r, "Content-Type", ctype);
    if (resp->location[0])
        MHD_add_response_header(r, "Location", resp->location);
    ret = MHD_queue_response(conn, (unsigned) resp->status, r);
    MHD_destroy_response(r);
    return ret;
}

/* Jersey answers a created resource's relative Location resolved against the request's base
 * URI (scheme of the listener, authority from the Host header); so do we. Without a Host
 * header it stays relative. */
static void
absolute_location(struct MHD_Connection *conn, const listener *l, kc_rest_response *resp)
{
    const char *host = MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "Host");
    char        abs[sizeof(resp->location)];

    if (resp->location[0] != '/' || host == NULL || *host == '\0')
        return;
    if (snprintf(abs, sizeof(abs), "%s://%s%s", l->cert_pem != NULL ? "https" : "http", host,
                 resp->location) < (int) sizeof(abs))
        memcpy(resp->location, abs, sizeof(abs));
}

static enum MHD_Result
access_handler(void *cls, struct MHD_Connection *conn, const char *url, const char *method,
               const char *version, const char *upload_data, size_t *upload_data_size,
               void **con_cls)
{
    listener        *l = cls;
    kc_rest_conn    *rc = *con_cls;
    kc_rest_response resp;
    kv_list          args = { 0 }, headers = { 0 };
    enum MHD_Result  ret;

    (void) version;
    if (rc == NULL) {                                   /* headers only: set up */
        *con_cls = kc_xcalloc(1, sizeof(kc_rest_conn));
        return MHD_YES;
    }
    if (*upload_data_size > 0) {                        /* a piece of the body */
        if (!rc->too_large && rc->len + *upload_data_size <= KC_REST_MAX_BODY) {
            if (rc->len + *upload_data_size + 1 > rc->cap) {
                rc->cap = (rc->len + *upload_data_size + 1) * 2;
                rc->body = kc_xrealloc(rc->body, rc->cap);
            }
            memcpy(rc->body + rc->len, upload_data, *upload_data_size);
            rc->len += *upload_data_size;
            rc->body[rc->len] = '\0';
        } else {
            rc->too_large = 1;                          /* read on, keep nothing */
        }
        *upload_data_size = 0;
        return MHD_YES;
    }

    MHD_get_connection_values(conn, MHD_GET_ARGUMENT_KIND, collect_kv, &args);
    MHD_get_connection_values(conn, MHD_HEADER_KIND, collect_kv, &headers);
    kc_rest_serve(l->srv->ctx, &l->srv->filters, l->scope, method, url, args.items, args.n,
                  headers.items, headers.n, rc->body, rc->len, rc->too_large, &resp);
    kc_log_debug("rest", "%s %s -> %d", method, url, resp.status);
    absolute_location(conn, l, &resp);
    ret = send_response(conn, &resp);
    kc_rest_response_clear(&resp);
    free(args.items);
    free(headers.items);
    return ret;
}

static void
completed(void *cls, struct MHD_Connection *conn, void **con_cls,
          enum MHD_RequestTerminationCode toe)
{
    kc_rest_conn *rc = *con_cls;

    (void) cls;
    (void) conn;
    (void) toe;
    if (rc != NULL) {
        free(rc->body);
        free(rc);
        *con_cls = NULL;
    }
}

static void
mhd_log(void *cls, const char *fmt, va_list ap)
{
    char line[512];

    (void) cls;
    vsnprintf(line, sizeof(line), fmt, ap);
    line[strcspn(line, "\n")] = '\0';
    kc_log_warn("rest", "%s", line);
}

/* ===== Key stores (https listeners) ===== */

/* A setting for an https listener: with any key under prefix in the originals, only the
 * prefixed keys count (absent ones take the default), else the top-level ones, as Java's
 * valuesWithPrefixAllOrNothing. */
static const char *
ssl_setting(const kc_rest_ctx *ctx, const kc_cfg *cfg, const char *prefix, bool prefixed,
            const char *key, char *buf, size_t size)
{
    if (!prefixed)
        return kc_cfg_str(cfg, key);
    snprintf(buf, size, "%s%s", prefix, key);
    return kc_props_get(ctx->worker_props, buf);
}

static char *
bio_text(BIO *b)
{
    char *data;
    long  n = BIO_get_mem_data(b, &data);

    return kc_xstrndup(data, (size_t) n);
}

static void
openssl_reason(char *buf, size_t size)
{
    unsigned long e = ERR_get_error();

    if (e != 0)
        ERR_error_string_n(e, buf, size);
    else
        snprintf(buf, size, "unknown error");
    ERR_clear_error();
}

static bool
has_prefixed_keys(const kc_rest_ctx *ctx, const char *prefix)
{
    for (size_t i = 0; ctx->worker_props != NULL && i < ctx->worker_props->n; i++)
        if (strncmp(ctx->worker_props->items[i].key, prefix, strlen(prefix)) == 0)
            return true;
    return false;
}

static char *
read_text_file(const char *path)
{
    FILE  *f = fopen(path, "rb");
    char  *text;
    size_t n;

    if (f == NULL)
        return NULL;
    text = kc_xcalloc(1 << 20, 1);
    n = fread(text, 1, (1 << 20) - 1, f);
    text[n] = '\0';
    fclose(f);
    return text;
}

/* The trust store under prefix (or the top-level one) as PEM certificates in *ca_pem (new;
 * NULL when none is configured). PEM (inline or a file) and PKCS12 are read. */
static int
load_trust_store(const kc_rest_ctx *ctx, const kc_cfg *cfg, const char *prefix, char **ca_pem,
                 kc_err *err)
{
    bool        prefixed = has_prefixed_keys(ctx, prefix);
    char        b1[256], b2[256], b3[256], b4[256], why[256];
    const char *type = ssl_setting(ctx, cfg, prefix, prefixed, "ssl.truststore.type", b1,
                                   sizeof(b1));
    const char *location = ssl_setting(ctx, cfg, prefix, prefixed, "ssl.truststore.location",
                                       b2, sizeof(b2));
    const char *password = ssl_setting(ctx, cfg, prefix, prefixed, "ssl.truststore.password",
                                       b3, sizeof(b3));
    const char *inline_certs = ssl_setting(ctx, cfg, prefix, prefixed,
                                           "ssl.truststore.certificates", b4, sizeof(b4));
    char       *text = NULL;
    BIO        *in, *out;
    int         ncerts = 0;

    *ca_pem = NULL;
    if ((location == NULL || *location == '\0') && (inline_certs == NULL || *inline_certs == '\0'))
        return KC_OK;
    if (type == NULL || *type == '\0')
        type = "JKS";
    out = BIO_new(BIO_s_mem());
    if (strcasecmp(type, "PEM") == 0) {
        text = inline_certs && *inline_certs ? kc_xstrdup(inline_certs) : read_text_file(location);
        if (text == NULL) {
            BIO_free(out);
            return kc_err_set(err, KC_EINVAL, "%sssl.truststore.location=%s: cannot read it",
                              prefixed ? prefix : "", location);
        }
        in = BIO_new_mem_buf(text, -1);
        for (X509 *x; (x = PEM_read_bio_X509(in, NULL, NULL, NULL)) != NULL; ncerts++) {
            PEM_write_bio_X509(out, x);
            X509_free(x);
        }
        BIO_free(in);
        free(text);
        ERR_clear_error();
    } else {
        PKCS12         *p12 = NULL;
        EVP_PKEY       *pkey = NULL;
        X509           *cert = NULL;
        STACK_OF(X509) *ca = NULL;
        if (location != NULL && (in = BIO_new_file(location, "rb")) != NULL) {
            p12 = d2i_PKCS12_bio(in, NULL);
            BIO_free(in);
        }
        if (p12 == NULL || !PKCS12_parse(p12, password ? password : "", &pkey, &cert, &ca)) {
            openssl_reason(why, sizeof(why));
            PKCS12_free(p12);
            BIO_free(out);
            return kc_err_set(err, KC_EINVAL, "%sssl.truststore.location=%s: cannot read it as "
                              "a PKCS12 trust store (kconnect reads PEM and PKCS12): %s",
                              prefixed ? prefix : "", location ? location : "", why);
        }
        if (cert != NULL && ++ncerts)
            PEM_write_bio_X509(out, cert);
        for (int i = 0; ca != NULL && i < sk_X509_num(ca); i++, ncerts++)
            PEM_write_bio_X509(out, sk_X509_value(ca, i));
        EVP_PKEY_free(pkey);
        X509_free(cert);
        sk_X509_pop_free(ca, X509_free);
        PKCS12_free(p12);
    }
    if (ncerts == 0) {
        BIO_free(out);
        return kc_err_set(err, KC_EINVAL, "%sssl.truststore: no certificate in the trust store",
                          prefixed ? prefix : "");
    }
    *ca_pem = bio_text(out);
    BIO_free(out);
    return KC_OK;
}

/* Reads the key store for one https listener into unencrypted PEM (what MHD takes). */
static int
load_key_store(const kc_rest_ctx *ctx, const kc_cfg *cfg, const char *prefix, listener *l,
               kc_err *err)
{
    bool        prefixed = has_prefixed_keys(ctx, prefix);
    char        b1[256], b2[256], b3[256], b4[256], b5[256], b6[256], why[256];
    const char *type, *location, *password, *key_password, *chain, *key;
    EVP_PKEY   *pkey = NULL;
    X509       *cert = NULL;
    STACK_OF(X509) *ca = NULL;
    BIO        *kout = NULL, *cout = NULL;
    int         rc = KC_OK;

    type = ssl_setting(ctx, cfg, prefix, prefixed, "ssl.keystore.type", b1, sizeof(b1));
    location = ssl_setting(ctx, cfg, prefix, prefixed, "ssl.keystore.location", b2, sizeof(b2));
    password = ssl_setting(ctx, cfg, prefix, prefixed, "ssl.keystore.password", b3, sizeof(b3));
    key_password = ssl_setting(ctx, cfg, prefix, prefixed, "ssl.key.password", b4, sizeof(b4));
    chain = ssl_setting(ctx, cfg, prefix, prefixed, "ssl.keystore.certificate.chain", b5,
                        sizeof(b5));
    key = ssl_setting(ctx, cfg, prefix, prefixed, "ssl.keystore.key", b6, sizeof(b6));
    if (type == NULL || *type == '\0')
        type = "JKS";
    kout = BIO_new(BIO_s_mem());
    cout = BIO_new(BIO_s_mem());

    if (strcasecmp(type, "PEM") == 0) {
        char *pem = NULL;
        BIO  *in;
        if (chain != NULL && *chain && key != NULL && *key) {
            pem = kc_xasprintf("%s\n%s\n", key, chain);
        } else if (location != NULL && *location) {
            if ((pem = read_text_file(location)) == NULL) {
                rc = kc_err_set(err, KC_EINVAL, "%sssl.keystore.location=%s: cannot read it",
                                prefixed ? prefix : "", location);
                goto out;
            }
        } else {
            rc = kc_err_set(err, KC_EINVAL, "https listener: ssl.keystore.type=PEM needs "
                            "ssl.keystore.certificate.chain and ssl.keystore.key, or "
                            "ssl.keystore.location");
            goto out;
        }
        in = BIO_new_mem_buf(pem, -1);
        pkey = PEM_read_bio_PrivateKey(in, NULL, NULL,
                                       (void *) (key_password ? key_password : ""));
        BIO_free(in);
        in = BIO_new_mem_buf(pem, -1);
        for (X509 *x; (x = PEM_read_bio_X509(in, NULL, NULL, NULL)) != NULL;) {
            PEM_write_bio_X509(cout, x);
            if (cert == NULL)
                cert = x;
            else
                X509_free(x);
        }
        BIO_free(in);
        free(pem);
        ERR_clear_error();
    } else if (strcasecmp(type, "PKCS12") == 0 || strcasecmp(type, "JKS") == 0) {
        /* A JKS-typed store that is really PKCS12 loads in Java too (keystore compat). */
        BIO    *in;
        PKCS12 *p12;
        if (location == NULL || *location == '\0') {
            rc = kc_err_set(err, KC_EINVAL, "https listener: no ssl.keystore.location");
            goto out;
        }
        if ((in = BIO_new_file(location, "rb")) == NULL) {
            rc = kc_err_set(err, KC_EINVAL, "%sssl.keystore.location=%s: cannot read it",
                            prefixed ? prefix : "", location);
            goto out;
        }
        p12 = d2i_PKCS12_bio(in, NULL);
        BIO_free(in);
        if (p12 == NULL) {
            rc = kc_err_set(err, KC_EINVAL, "%sssl.keystore.location=%s: not a PKCS12 key "
                            "store%s", prefixed ? prefix : "", location,
                            strcasecmp(type, "JKS") == 0 ? " (kconnect reads PKCS12 and PEM "
                            "key stores, not JKS; convert with keytool -importkeystore)" : "");
            ERR_clear_error();
            goto out;
        }
        if (!PKCS12_parse(p12, password ? password : "", &pkey, &cert, &ca) &&
            !(key_password && PKCS12_parse(p12, key_password, &pkey, &cert, &ca))) {
            openssl_reason(why, sizeof(why));
            rc = kc_err_set(err, KC_EINVAL, "%sssl.keystore.location=%s: cannot open the key "
                            "store (wrong ssl.keystore.password?): %s", prefixed ? prefix : "",
                            location, why);
            PKCS12_free(p12);
            goto out;
        }
        PKCS12_free(p12);
        if (cert != NULL)
            PEM_write_bio_X509(cout, cert);
        for (int i = 0; ca != NULL && i < sk_X509_num(ca); i++)
            PEM_write_bio_X509(cout, sk_X509_value(ca, i));
    } else {
        rc = kc_err_set(err, KC_EINVAL, "https listener: ssl.keystore.type=%s is not supported "
                        "(PKCS12 or PEM)", type);
        goto out;
    }
    if (pkey == NULL || cert == NULL) {
        rc = kc_err_set(err, KC_EINVAL, "https listener: the key store has no %s",
                        pkey == NULL ? "private key (or ssl.key.password is wrong)"
                                     : "certificate");
        goto out;
    }
    PEM_write_bio_PrivateKey(kout, pkey, NULL, NULL, 0, NULL, NULL);
    l->key_pem = bio_text(kout);
    l->cert_pem = bio_text(cout);
out:
    EVP_PKEY_free(pkey);
    X509_free(cert);
    sk_X509_pop_free(ca, X509_free);
    BIO_free(kout);
    BIO_free(cout);
    return rc;
}

/* ===== Client certificates (ssl.client.auth) ===== */

/* Reads ssl.client.auth for one https listener (under prefix, or the top-level key, as the
 * key stores) and, unless it is none, the trust store client certificates must chain to.
 * Without a configured trust store Java trusts the JVM's default CAs; ours are the
 * system's. A prefixed value is checked here, as Java parses it when the listener starts
 * (its message names the key without the prefix). */
static int
load_client_auth(const kc_rest_ctx *ctx, const kc_cfg *cfg, const char *prefix, listener *l,
                 kc_err *err)
{
    bool        prefixed = has_prefixed_keys(ctx, prefix);
    char        b1[256];
    const char *mode = ssl_setting(ctx, cfg, prefix, prefixed, "ssl.client.auth", b1,
                                   sizeof(b1));
    char       *trimmed = mode != NULL ? kc_java_trim(mode) : NULL;
    int         rc = KC_OK;

    l->client_auth = KC_CLIENT_AUTH_NONE;
    if (prefixed && mode != NULL &&
        (rc = kc_cfg_check(kc_cfg_get(cfg, "ssl.client.auth")->def, mode, err)) != KC_OK) {
        free(trimmed);
        return rc;
    }
    if (trimmed != NULL && strcmp(trimmed, "required") == 0)
        l->client_auth = KC_CLIENT_AUTH_REQUIRED;
    else if (trimmed != NULL && strcmp(trimmed, "requested") == 0)
        l->client_auth = KC_CLIENT_AUTH_REQUESTED;
    free(trimmed);
    if (l->client_auth == KC_CLIENT_AUTH_NONE)
        return KC_OK;
    if ((rc = load_trust_store(ctx, cfg, prefix, &l->trust_pem, err)) != KC_OK)
        return rc;
    if (l->trust_pem == NULL) {
        const char *bundles[] = { getenv(X509_get_default_cert_file_env()),
                                  X509_get_default_cert_file(),
                                  "/etc/ssl/certs/ca-certificates.crt" };
        for (size_t i = 0; i < KC_ARRAY_LEN(bundles) && l->trust_pem == NULL; i++)
            if (bundles[i] != NULL && *bundles[i])
                l->trust_pem = read_text_file(bundles[i]);
        if (l->trust_pem == NULL)
            return kc_err_set(err, KC_EINVAL, "%sssl.client.auth: no ssl.truststore.location "
                              "and no system CA bundle to verify client certificates with",
                              prefixed ? prefix : "");
    }
    return KC_OK;
}

/* The handshake's check of a client certificate (GnuTLS calls it once the client's
 * Certificate message is in; an MHD connection thread). A certificate that does not chain
 * to the listener's trust store (which MHD loaded into the credentials) fails the
 * handshake, so no request of that client reaches a handler. No certificate is GnuTLS's
 * to judge: it refuses it itself when the request mode is REQUIRE. */
static int
verify_client(gnutls_session_t session)
{
    unsigned int ncerts = 0, status = 0;

    if (gnutls_certificate_get_peers(session, &ncerts) == NULL || ncerts == 0)
        return 0;
    if (gnutls_certificate_verify_peers2(session, &status) != GNUTLS_E_SUCCESS || status != 0) {
        gnutls_datum_t why = { NULL, 0 };
        if (gnutls_certificate_verification_status_print(
                status, GNUTLS_CRT_X509, &why, 0) == GNUTLS_E_SUCCESS) {
            kc_log_debug("rest", "client certificate refused: %s", why.data);
            gnutls_free(why.data);
        }
        return -1;
    }
    return 0;
}

/* MHD's new-connection hook on a listener with client auth: the TLS session exists but no
 * byte of the handshake has been read yet, so the certificate request and its check are set
 * here, per session. */
static void
connection_started(void *cls, struct MHD_Connection *conn, void **socket_context,
                   enum MHD_ConnectionNotificationCode code)
{
    const listener                 *l = cls;
    const union MHD_ConnectionInfo *info;

    (void) socket_context;
    if (code != MHD_CONNECTION_NOTIFY_STARTED)
        return;
    info = MHD_get_connection_info(conn, MHD_CONNECTION_INFO_GNUTLS_SESSION);
    if (info == NULL || info->tls_session == NULL)
        return;
    gnutls_certificate_server_set_request(info->tls_session,
                                          l->client_auth == KC_CLIENT_AUTH_REQUIRED
                                          ? GNUTLS_CERT_REQUIRE : GNUTLS_CERT_REQUEST);
    gnutls_session_set_verify_function(info->tls_session, verify_client);
}

/* ===== Start and stop ===== */

/* What this worker's REST client uses for https URLs of other workers (forwarding to the
 * leader, task configs): listeners.https.* or the top-level ssl.*, as Java's RestClient.
 * Errors only matter when this worker serves https itself (Java fails the listener then). */
static int
client_tls(const kc_rest_ctx *ctx, const kc_cfg *cfg, bool serves_https, kc_err *err)
{
    const char *prefix = "listeners.https.";
    bool        prefixed = has_prefixed_keys(ctx, prefix);
    char        b1[256], b2[256], b3[256];
    const char *ident = ssl_setting(ctx, cfg, prefix, prefixed,
                                    "ssl.endpoint.identification.algorithm", b1, sizeof(b1));
    const char *ks = ssl_setting(ctx, cfg, prefix, prefixed, "ssl.keystore.location", b2,
                                 sizeof(b2));
    const char *chain = ssl_setting(ctx, cfg, prefix, prefixed,
                                    "ssl.keystore.certificate.chain", b3, sizeof(b3));
    listener    keys;
    char       *ca = NULL;
    int         rc;

    memset(&keys, 0, sizeof(keys));
    if (prefixed && ident == NULL)
        ident = "https";                            /* the default under the prefix too */
    rc = load_trust_store(ctx, cfg, prefix, &ca, err);
    if (rc == KC_OK && ((ks != NULL && *ks) || (chain != NULL && *chain)))
        rc = load_key_store(ctx, cfg, prefix, &keys, err);
    if (rc != KC_OK && !serves_https) {
        kc_log_warn("rest", "https requests to other workers will not use the configured "
                    "stores: %s", err->msg);
        rc = KC_OK;
    } else if (rc == KC_OK) {
        kc_http_set_tls(ca, keys.cert_pem, keys.key_pem, ident == NULL || *ident != '\0');
    }
    free(ca);
    free(keys.key_pem);
    free(keys.cert_pem);
    return rc;
}

/* A host to advertise when the listener binds every interface: the first non-loopback
 * address of this host's name, as Java (Jetty) reports it; else the host name. */
static char *
local_address(void)
{
    char             name[256], addr[INET6_ADDRSTRLEN] = "";
    struct addrinfo  hints = { .ai_family = AF_INET, .ai_socktype = SOCK_STREAM }, *res, *ai;

    if (gethostname(name, sizeof(name)) != 0)
        return kc_xstrdup("localhost");
    name[sizeof(name) - 1] = '\0';
    if (getaddrinfo(name, NULL, &hints, &res) == 0) {
        for (ai = res; ai != NULL && addr[0] == '\0'; ai = ai->ai_next) {
            struct sockaddr_in *sin = (struct sockaddr_in *) ai->ai_addr;
            if ((ntohl(sin->sin_addr.s_addr) >> 24) != 127)
                inet_ntop(AF_INET, &sin->sin_addr, addr, sizeof(addr));
        }
        freeaddrinfo(res);
    }
    return kc_xstrdup(addr[0] ? addr : name);
}

static int
start_daemon(listener *l, bool tls, const char *host, int port, int *bound_port, kc_err *err)
{
    struct sockaddr_storage ss;
    /* poll(), not select(): a worker running a few hundred tasks holds more than FD_SETSIZE
     * (1,024) descriptors, its tasks' Kafka clients' sockets and wake-up descriptors, and
     * select() watches none numbered above that: libmicrohttpd would close every new
     * connection ("not less than FD_SETSIZE"), the API lost while the worker runs. */
    unsigned int            flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_ERROR_LOG |
                                    MHD_USE_THREAD_PER_CONNECTION | MHD_USE_POLL |
                                    MHD_USE_ITC;        /* for MHD_quiesce_daemon */
    const union MHD_DaemonInfo *info;
    struct MHD_OptionItem   opts[12];
    size_t                  n = 0;

    opts[n++] = (struct MHD_OptionItem) { MHD_OPTION_EXTERNAL_LOGGER, (intptr_t) mhd_log, NULL };
    if (tls) {
        if (MHD_is_feature_supported(MHD_FEATURE_TLS) != MHD_YES)
            return kc_err_set(err, KC_EINVAL, "https listeners need libmicrohttpd with TLS");
        flags |= MHD_USE_TLS;
        opts[n++] = (struct MHD_OptionItem) { MHD_OPTION_HTTPS_MEM_KEY, 0, l->key_pem };
        opts[n++] = (struct MHD_OptionItem) { MHD_OPTION_HTTPS_MEM_CERT, 0, l->cert_pem };
        if (l->client_auth != KC_CLIENT_AUTH_NONE) {
            opts[n++] = (struct MHD_OptionItem) { MHD_OPTION_HTTPS_MEM_TRUST, 0, l->trust_pem };
            opts[n++] = (struct MHD_OptionItem) { MHD_OPTION_NOTIFY_CONNECTION,
                                                  (intptr_t) connection_started, l };
        }
    }
    opts[n++] = (struct MHD_OptionItem) { MHD_OPTION_NOTIFY_COMPLETED, (intptr_t) completed,
                                          NULL };
    /* An idle connection is closed after the request timeout, as Java's connectors are. */
    opts[n++] = (struct MHD_OptionItem) { MHD_OPTION_CONNECTION_TIMEOUT,
                                          kc_rest_request_timeout_ms() < 1000 ? 1
                                          : kc_rest_request_timeout_ms() / 1000, NULL };
    memset(&ss, 0, sizeof(ss));
    if (*host == '\0') {
        flags |= MHD_USE_DUAL_STACK;
    } else {
        struct addrinfo hints = { .ai_socktype = SOCK_STREAM, .ai_flags = AI_PASSIVE }, *res;
        char            portstr[16];
        int             gai;

        snprintf(portstr, sizeof(portstr), "%d", port);
        if ((gai = getaddrinfo(host, portstr, &hints, &res)) != 0)
            return kc_err_set(err, KC_EINVAL, "listener host '%s': %s", host, gai_strerror(gai));
        memcpy(&ss, res->ai_addr, res->ai_addrlen);
        if (res->ai_family == AF_INET6)
            flags |= MHD_USE_IPv6;
        freeaddrinfo(res);
        opts[n++] = (struct MHD_OptionItem) { MHD_OPTION_SOCK_ADDR, 0, &ss };
    }
    opts[n++] = (struct MHD_OptionItem) { MHD_OPTION_END, 0, NULL };
    l->daemon = MHD_start_daemon(flags, (uint16_t) port, NULL, NULL, access_handler, l,
                                 MHD_OPTION_ARRAY, opts, MHD_OPTION_END);
    if (l->daemon == NULL)
        return kc_err_set(err, KC_EIO, "cannot listen on %s:%d (port in use, address not local "
                          "or key store not usable)", *host ? host : "*", port);
    info = MHD_get_daemon_info(l->daemon, MHD_DAEMON_INFO_BIND_PORT);
    *bound_port = info ? info->port : port;
    return KC_OK;
}

/* The protocol other workers are told to use: rest.advertised.listener, else http if any
 * listener is http, else https (Java's determineAdvertisedProtocol). */
static char *
advertised_protocol(const kc_cfg *cfg)
{
    const char         *adv = kc_cfg_str(cfg, "rest.advertised.listener");
    const kc_cfg_value *ls = kc_cfg_get(cfg, "listeners");
    bool                http = false, https = false;

    if (adv != NULL) {
        char *p = kc_xstrdup(adv);
        for (char *c = p; *c; c++)
            *c = (char) tolower((unsigned char) *c);
        return p;
    }
    for (size_t i = 0; i < ls->nlist; i++) {
        http = http || strncasecmp(ls->list[i], "http://", 7) == 0;
        https = https || strncasecmp(ls->list[i], "https://", 8) == 0;
    }
    return kc_xstrdup(!http && https ? "https" : "http");
}

/* Starts the listeners of one list; records the first one of protocol `want` (regular
 * listeners only) for the advertised URL. */
static int
start_list(kc_rest_server *srv, const kc_cfg *cfg, const kc_rest_ctx *ctx, char **urls,
           size_t nurls, kc_rest_scope scope, const char *want, char **adv_host, int *adv_port,
           kc_err *err)
{
    for (size_t i = 0; i < nurls; i++) {
        char     *scheme, *host;
        int       port, bound = 0, rc = KC_OK;
        listener *l;

        if (kc_rest_parse_listener(urls[i], &scheme, &host, &port, err) != KC_OK)
            return KC_EINVAL;
        if (strcmp(scheme, "http") != 0 && strcmp(scheme, "https") != 0)
            rc = kc_err_set(err, KC_EINVAL, "Listener protocol must be either \"http\" or "
                            "\"https\".");
        else if (srv->nlisteners == MAX_LISTENERS)
            rc = kc_err_set(err, KC_EINVAL, "at most %d listeners", MAX_LISTENERS);
        if (rc == KC_OK) {
            l = &srv->listeners[srv->nlisteners];
            l->srv = srv;
            l->scope = scope;
            if (strcmp(scheme, "https") == 0) {
                const char *prefix = scope == KC_REST_SCOPE_ADMIN ? "admin.listeners.https."
                                                                  : "listeners.https.";
                rc = load_key_store(ctx, cfg, prefix, l, err);
                if (rc == KC_OK)
                    rc = load_client_auth(ctx, cfg, prefix, l, err);
            }
            if (rc == KC_OK)
                rc = start_daemon(l, strcmp(scheme, "https") == 0, host, port, &bound, err);
            if (rc != KC_OK) {
                free(l->key_pem);
                free(l->cert_pem);
                free(l->trust_pem);
                memset(l, 0, sizeof(*l));
            } else {
                srv->nlisteners++;
                kc_log_info("rest", "REST %slistener on %s://%s:%d/",
                            scope == KC_REST_SCOPE_ADMIN ? "admin " : "", scheme,
                            *host ? host : "0.0.0.0", bound);
                if (scope != KC_REST_SCOPE_ADMIN && *adv_host == NULL &&
                    strcmp(scheme, want) == 0) {
                    *adv_host = kc_xstrdup(host);
                    *adv_port = bound;
                }
            }
        }
        free(scheme);
        free(host);
        if (rc != KC_OK)
            return rc;
    }
    return KC_OK;
}

kc_rest_server *
kc_rest_start(const kc_cfg *cfg, const kc_rest_ctx *ctx, kc_err *err)
{
    const kc_cfg_value *listeners = kc_cfg_get(cfg, "listeners");
    const kc_cfg_value *admin = kc_cfg_get(cfg, "admin.listeners");
    const kc_cfg_value *adv_port = kc_cfg_get(cfg, "rest.advertised.port");
    const char         *adv_host = kc_cfg_str(cfg, "rest.advertised.host.name");
    kc_rest_server     *srv = kc_xcalloc(1, sizeof(*srv));
    char               *proto = advertised_protocol(cfg), *first_host = NULL;
    int                 first_port = 0;

    atomic_store(&started_ms, kc_wall_ms());
    timeouts_from_env();
    srv->ctx = ctx;
    if (kc_rest_filters_init(&srv->filters, cfg, err) != KC_OK)
        goto fail;
    /* Before any listener opens: a worker meant to authenticate never serves unguarded. */
    if (kc_rest_auth_new(cfg, ctx->worker_props, getenv("KAFKA_OPTS"), &srv->filters.auth,
                         err) != KC_OK)
        goto fail;
    if (start_list(srv, cfg, ctx, listeners->list, listeners->nlist,
                   admin->is_null ? KC_REST_SCOPE_ALL : KC_REST_SCOPE_REGULAR, proto,
                   &first_host, &first_port, err) != KC_OK)
        goto fail;
    if (!admin->is_null && start_list(srv, cfg, ctx, admin->list, admin->nlist,
                                      KC_REST_SCOPE_ADMIN, proto, &first_host, &first_port,
                                      err) != KC_OK)
        goto fail;
    {
        bool serves_https = false;
        for (size_t i = 0; i < srv->nlisteners; i++)
            serves_https = serves_https || srv->listeners[i].cert_pem != NULL;
        if (client_tls(ctx, cfg, serves_https, err) != KC_OK)
            goto fail;
    }
    if (first_host == NULL) {
        /* No regular listener speaks the advertised protocol: Java then advertises the
         * server's first address with that scheme. */
        char *scheme, *host;
        int   port;
        if (kc_rest_parse_listener(listeners->list[0], &scheme, &host, &port, err) != KC_OK)
            goto fail;
        free(scheme);
        first_host = host;
        first_port = port;
        if (srv->nlisteners > 0) {
            const union MHD_DaemonInfo *info =
                MHD_get_daemon_info(srv->listeners[0].daemon, MHD_DAEMON_INFO_BIND_PORT);
            if (info != NULL)
                first_port = info->port;
        }
    }
    {
        char *host = adv_host && *adv_host ? kc_xstrdup(adv_host)
                   : *first_host ? kc_xstrdup(first_host) : local_address();
        int   port = adv_port->is_null ? first_port : (int) adv_port->i;
        int   v6 = strchr(host, ':') != NULL;

        srv->advertised_url = kc_xasprintf("%s://%s%s%s:%d/", proto, v6 ? "[" : "", host,
                                           v6 ? "]" : "", port);
        srv->worker_id = kc_xasprintf("%s:%d", host, port);
        free(host);
    }
    free(proto);
    free(first_host);
    kc_log_info("rest", "advertised URL %s", srv->advertised_url);
    if (admin->is_null)
        kc_log_info("rest", "Adding admin resources to main listener");
    else if (admin->nlist == 0)
        kc_log_info("rest", "Skipping adding admin resources");
    return srv;
fail:
    free(proto);
    free(first_host);
    kc_rest_stop(srv);
    return NULL;
}

void
kc_rest_stop(kc_rest_server *srv)
{
    kc_rest_close_ports(kc_rest_stop_keeping_ports(srv));
}

kc_rest_ports *
kc_rest_stop_keeping_ports(kc_rest_server *srv)
{
    kc_rest_ports *ports;

    if (srv == NULL)
        return NULL;
    ports = kc_xcalloc(1, sizeof(*ports) + srv->nlisteners * sizeof(int));
    for (size_t i = 0; i < srv->nlisteners; i++) {
        /* Quiesced, a daemon hands its listening socket over: stopping it then leaves the
         * socket open. */
        MHD_socket fd = MHD_quiesce_daemon(srv->listeners[i].daemon);
        if (fd != MHD_INVALID_SOCKET)
            ports->fds[ports->n++] = fd;
        MHD_stop_daemon(srv->listeners[i].daemon);
        free(srv->listeners[i].key_pem);
        free(srv->listeners[i].cert_pem);
        free(srv->listeners[i].trust_pem);
    }
    kc_rest_filters_free(&srv->filters);
    free(srv->advertised_url);
    free(srv->worker_id);
    free(srv);
    return ports;
}

void
kc_rest_close_ports(kc_rest_ports *ports)
{
    if (ports == NULL)
        return;
    for (size_t i = 0; i < ports->n; i++)
        close(ports->fds[i]);
    free(ports);
}

const char *kc_rest_advertised_url(const kc_rest_server *srv) { return srv->advertised_url; }
const char *kc_rest_worker_id(const kc_rest_server *srv) { return srv->worker_id; }
