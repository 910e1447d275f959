/*
 * rest/server.c - libmicrohttpd glue: listeners, body collection, JSON responses.
 *
 * Each connection's request state (kc_rest_conn) lives from MHD's first call of the access
 * handler to its completion callback; it is touched only by the MHD thread serving it.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "rest/server.h"

#include <arpa/inet.h>
#include <ctype.h>
#include <microhttpd.h>
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <unistd.h>

#include "rest/routes.h"
#include "worker/log.h"

#define MAX_LISTENERS 8

struct kc_rest_server {
    struct MHD_Daemon *daemons[MAX_LISTENERS];
    size_t             ndaemons;
    const kc_rest_ctx *ctx;
    char              *advertised_url;
    char              *worker_id;
};

typedef struct kc_rest_conn {
    char  *body;
    size_t len, cap;
    int    too_large;
} kc_rest_conn;

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

/* ===== Request handling (MHD threads) ===== */

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

static enum MHD_Result
send_json(struct MHD_Connection *conn, int status, json_t *body, const char *location)
{
    char                *text = body ? json_dumps(body, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
    struct MHD_Response *r;
    enum MHD_Result      ret;

    r = MHD_create_response_from_buffer(text ? strlen(text) : 0, text ? text : (char *) "",
                                        text ? MHD_RESPMEM_MUST_FREE : MHD_RESPMEM_PERSISTENT);
    if (text != NULL)
        MHD_add_response_header(r, "Content-Type", "application/json");
    if (location != NULL && *location)
        MHD_add_response_header(r, "Location", location);
    ret = MHD_queue_response(conn, (unsigned) status, r);
    MHD_destroy_response(r);
    return ret;
}

static enum MHD_Result
access_handler(void *cls, struct MHD_Connection *conn, const char *url, const char *method,
               const char *version, const char *upload_data, size_t *upload_data_size,
               void **con_cls)
{
    kc_rest_server  *srv = cls;
    kc_rest_conn    *rc = *con_cls;
    kc_rest_request  req;
    kc_rest_response resp = { 0, NULL, "" };
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
            rc->too_large = 1;
        }
        *upload_data_size = 0;
        return MHD_YES;
    }

    if (rc->too_large) {
        kc_rest_error(&resp, 413, "Request body larger than %u bytes", KC_REST_MAX_BODY);
    } else {
        memset(&req, 0, sizeof(req));
        req.method = method;
        req.path = url;
        req.segments = split_path(url, &req.nsegments);
        req.body = rc->body ? rc->body : "";
        req.body_len = rc->len;
        req.connection = conn;
        kc_rest_dispatch(srv->ctx, &req, &resp);
        for (size_t i = 0; i < req.nsegments; i++)
            free(req.segments[i]);
        free(req.segments);
    }
    kc_log_debug("rest", "%s %s -> %d", method, url, resp.status);
    ret = send_json(conn, resp.status, resp.body, resp.location);
    json_decref(resp.body);
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

const char *
kc_rest_query(const kc_rest_request *req, const char *name)
{
    return MHD_lookup_connection_value(req->connection, MHD_GET_ARGUMENT_KIND, name);
}

typedef struct { const char *name, *value; bool found; } query_match;

static enum MHD_Result
match_arg(void *cls, enum MHD_ValueKind kind, const char *key, const char *value)
{
    query_match *m = cls;

    (void) kind;
    if (strcmp(key, m->name) == 0 && value != NULL && strcmp(value, m->value) == 0)
        m->found = true;
    return MHD_YES;
}

bool
kc_rest_query_has(const kc_rest_request *req, const char *name, const char *value)
{
    query_match m = { name, value, false };

    MHD_get_connection_values(req->connection, MHD_GET_ARGUMENT_KIND, match_arg, &m);
    return m.found;
}

const char *
kc_rest_header(const kc_rest_request *req, const char *name)
{
    return MHD_lookup_connection_value(req->connection, MHD_HEADER_KIND, name);
}

/* ===== Start and stop ===== */

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

static struct MHD_Daemon *
start_daemon(kc_rest_server *srv, const char *host, int port, int *bound_port, kc_err *err)
{
    struct MHD_Daemon      *d;
    struct sockaddr_storage ss;
    unsigned int            flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_ERROR_LOG |
                                    MHD_USE_THREAD_PER_CONNECTION;
    const union MHD_DaemonInfo *info;

    memset(&ss, 0, sizeof(ss));
    if (*host == '\0') {
        flags |= MHD_USE_DUAL_STACK;
        d = MHD_start_daemon(flags, (uint16_t) port, NULL, NULL, access_handler, srv,
                             MHD_OPTION_EXTERNAL_LOGGER, mhd_log, srv,
                             MHD_OPTION_NOTIFY_COMPLETED, completed, srv,
                             MHD_OPTION_CONNECTION_TIMEOUT, 120u, MHD_OPTION_END);
    } else {
        struct addrinfo hints = { .ai_socktype = SOCK_STREAM, .ai_flags = AI_PASSIVE }, *res;
        char            portstr[16];
        int             gai;

        snprintf(portstr, sizeof(portstr), "%d", port);
        if ((gai = getaddrinfo(host, portstr, &hints, &res)) != 0) {
            kc_err_set(err, KC_EINVAL, "listener host '%s': %s", host, gai_strerror(gai));
            return NULL;
        }
        memcpy(&ss, res->ai_addr, res->ai_addrlen);
        if (res->ai_family == AF_INET6)
            flags |= MHD_USE_IPv6;
        freeaddrinfo(res);
        d = MHD_start_daemon(flags, (uint16_t) port, NULL, NULL, access_handler, srv,
                             MHD_OPTION_EXTERNAL_LOGGER, mhd_log, srv,
                             MHD_OPTION_NOTIFY_COMPLETED, completed, srv,
                             MHD_OPTION_SOCK_ADDR, (struct sockaddr *) &ss,
                             MHD_OPTION_CONNECTION_TIMEOUT, 120u, MHD_OPTION_END);
    }
    if (d == NULL) {
        kc_err_set(err, KC_EIO, "cannot listen on %s:%d (port in use or address not local)",
                   *host ? host : "*", port);
        return NULL;
    }
    info = MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
    *bound_port = info ? info->port : port;
    return d;
}

kc_rest_server *
kc_rest_start(const kc_cfg *cfg, const kc_rest_ctx *ctx, kc_err *err)
{
    const kc_cfg_value *listeners = kc_cfg_get(cfg, "listeners");
    const kc_cfg_value *adv_port = kc_cfg_get(cfg, "rest.advertised.port");
    const char         *adv_host = kc_cfg_str(cfg, "rest.advertised.host.name");
    const char         *adv_listener = kc_cfg_str(cfg, "rest.advertised.listener");
    kc_rest_server     *srv = kc_xcalloc(1, sizeof(*srv));
    char               *first_host = NULL, *first_scheme = NULL;
    int                 first_port = 0;

    srv->ctx = ctx;
    for (size_t i = 0; i < listeners->nlist; i++) {
        char *scheme, *host;
        int   port, bound = 0;

        if (kc_rest_parse_listener(listeners->list[i], &scheme, &host, &port, err) != KC_OK)
            goto fail;
        if (strcmp(scheme, "http") != 0) {
            kc_err_set(err, KC_EINVAL, "listener '%s': only http listeners are served so far",
                       listeners->list[i]);
            free(scheme);
            free(host);
            goto fail;
        }
        if (srv->ndaemons == MAX_LISTENERS) {
            kc_err_set(err, KC_EINVAL, "at most %d listeners", MAX_LISTENERS);
            free(scheme);
            free(host);
            goto fail;
        }
        srv->daemons[srv->ndaemons] = start_daemon(srv, host, port, &bound, err);
        if (srv->daemons[srv->ndaemons] == NULL) {
            free(scheme);
            free(host);
            goto fail;
        }
        srv->ndaemons++;
        kc_log_info("rest", "REST server listening on %s://%s:%d/", scheme,
                    *host ? host : "0.0.0.0", bound);
        if (first_scheme == NULL && (adv_listener == NULL || strcasecmp(adv_listener, scheme) == 0)) {
            first_scheme = scheme;
            first_host = host;
            first_port = bound;
        } else {
            free(scheme);
            free(host);
        }
    }
    if (first_scheme == NULL) {
        kc_err_set(err, KC_EINVAL, "rest.advertised.listener=%s matches none of the listeners",
                   adv_listener ? adv_listener : "");
        goto fail;
    }
    {
        char *host = adv_host && *adv_host ? kc_xstrdup(adv_host)
                   : *first_host ? kc_xstrdup(first_host) : local_address();
        int   port = adv_port->is_null ? first_port : (int) adv_port->i;
        int   v6 = strchr(host, ':') != NULL;

        srv->advertised_url = kc_xasprintf("%s://%s%s%s:%d/", first_scheme, v6 ? "[" : "", host,
                                           v6 ? "]" : "", port);
        srv->worker_id = kc_xasprintf("%s:%d", host, port);
        free(host);
    }
    free(first_scheme);
    free(first_host);
    kc_log_info("rest", "advertised URL %s", srv->advertised_url);
    return srv;
fail:
    free(first_scheme);
    free(first_host);
    kc_rest_stop(srv);
    return NULL;
}

void
kc_rest_stop(kc_rest_server *srv)
{
    if (srv == NULL)
        return;
    for (size_t i = 0; i < srv->ndaemons; i++)
        MHD_stop_daemon(srv->daemons[i]);
    free(srv->advertised_url);
    free(srv->worker_id);
    free(srv);
}

const char *kc_rest_advertised_url(const kc_rest_server *srv) { return srv->advertised_url; }
const char *kc_rest_worker_id(const kc_rest_server *srv) { return srv->worker_id; }
