/*
 * protocol/group.c - see group.h. Request versions: FindCoordinator v2, JoinGroup v5,
 * SyncGroup v3, Heartbeat v3, LeaveGroup v3 (every Kafka 2.3+ broker, 4.x included,
 * accepts them; ApiVersions is checked before use).
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "protocol/group.h"

#include <arpa/inet.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lib/log.h"

/* Kafka error codes this file acts on. */
enum {
    E_NONE = 0,
    E_COORDINATOR_LOAD_IN_PROGRESS = 14,
    E_COORDINATOR_NOT_AVAILABLE = 15,
    E_NOT_COORDINATOR = 16,
    E_ILLEGAL_GENERATION = 22,
    E_INCONSISTENT_GROUP_PROTOCOL = 23,
    E_INVALID_GROUP_ID = 24,
    E_UNKNOWN_MEMBER_ID = 25,
    E_INVALID_SESSION_TIMEOUT = 26,
    E_REBALANCE_IN_PROGRESS = 27,
    E_GROUP_AUTHORIZATION_FAILED = 30,
    E_MEMBER_ID_REQUIRED = 79,
    E_GROUP_MAX_SIZE_REACHED = 81,
};

struct kc_group {
    const kc_group_config *cfg;
    kc_kafka_conn         *coord;           /* NULL: coordinator unknown */
    char                  *member_id;       /* "" until the coordinator gives one */
    int32_t                generation;
    char                  *protocol;        /* selected at the last join */
};

kc_group *
kc_group_new(const kc_group_config *cfg)
{
    kc_group *g = kc_xcalloc(1, sizeof(*g));

    g->cfg = cfg;
    g->member_id = kc_xstrdup("");
    g->generation = -1;
    return g;
}

void
kc_group_free(kc_group *g)
{
    if (g == NULL)
        return;
    kc_kconn_close(g->coord);
    free(g->member_id);
    free(g->protocol);
    free(g);
}

const char *kc_group_member_id(const kc_group *g) { return g->member_id; }
int32_t kc_group_generation(const kc_group *g) { return g->generation; }

void
kc_group_joined_clear(kc_group_joined *j)
{
    free(j->protocol);
    free(j->leader_id);
    free(j->member_id);
    for (size_t i = 0; i < j->nmembers; i++) {
        free(j->members[i].member_id);
        free(j->members[i].metadata);
    }
    free(j->members);
    memset(j, 0, sizeof(*j));
}

static void
coordinator_dead(kc_group *g, const char *why)
{
    if (g->coord != NULL)
        kc_log_info("group", "group %s: coordinator %s is no longer usable (%s)",
                    g->cfg->group_id, kc_kconn_peer(g->coord), why);
    kc_kconn_close(g->coord);
    g->coord = NULL;
}

static void
sleep_ms(int ms)
{
    struct timespec ts = { ms / 1000, (long) (ms % 1000) * 1000000L };

    nanosleep(&ts, NULL);
}

static int
left_ms(int64_t deadline)
{
    int64_t left = deadline - kc_mono_ms();

    return left > 0 ? (int) left : 0;
}

/* ===== FindCoordinator ===== */

/* Splits "host:port" (IPv6 as "[addr]:port"); returns 0 or -1. */
static int
split_hostport(const char *hp, char *host, size_t size, int *port)
{
    const char *colon = strrchr(hp, ':');
    size_t      n;

    if (colon == NULL || colon[1] == '\0')
        return -1;
    n = (size_t) (colon - hp);
    if (n > 1 && hp[0] == '[' && hp[n - 1] == ']') {
        hp++;
        n -= 2;
    }
    if (n == 0 || n >= size)
        return -1;
    memcpy(host, hp, n);
    host[n] = '\0';
    *port = atoi(colon + 1);
    return *port > 0 ? 0 : -1;
}

int
kc_group_parse_coordinator(const uint8_t *buf, size_t len, int16_t *ec, char *host, size_t size,
                           int32_t *port)
{
    kc_rbuf  rb;
    kc_slice msg, h;
    int32_t  throttle, node;

    kc_rbuf_init(&rb, buf, len);
    KC_READ(i32, &rb, &throttle);
    KC_READ(i16, &rb, ec);
    KC_READ(string, &rb, &msg);
    KC_READ(i32, &rb, &node);
    KC_READ(string, &rb, &h);
    KC_READ(i32, &rb, port);
    if (*ec != E_NONE)
        return KC_OK;
    if (h.len <= 0 || (size_t) h.len >= size || memchr(h.ptr, '\0', (size_t) h.len) != NULL)
        goto err_parse;
    memcpy(host, h.ptr, (size_t) h.len);
    host[h.len] = '\0';
    return KC_OK;
err_parse:
    return KC_EPROTO;
}

/* Asks one broker for the group's coordinator. KC_EAGAIN for "not available yet". */
static int
find_coordinator_via(kc_group *g, kc_kafka_conn *c, char *host, size_t size, int *port,
                     int timeout_ms, kc_err *err)
{
    kc_wbuf  body, resp;
    int16_t  ec;
    int      rc;

    if (kc_kconn_api_version(c, KC_API_FIND_COORDINATOR, 2, 2) < 0)
        return kc_err_set(err, KC_EKAFKA, "%s: broker does not support FindCoordinator v2",
                          kc_kconn_peer(c));
    kc_wbuf_init(&body);
    kc_wbuf_init(&resp);
    kc_wbuf_string(&body, g->cfg->group_id);
    kc_wbuf_i8(&body, 0);                                   /* key type: GROUP */
    rc = kc_kconn_request(c, KC_API_FIND_COORDINATOR, 2, &body, &resp, timeout_ms, err);
    if (rc != KC_OK)
        goto out;
    if (kc_group_parse_coordinator(resp.buf, resp.len, &ec, host, size, port) != KC_OK)
        rc = kc_err_set(err, KC_EPROTO, "%s: malformed FindCoordinator response",
                        kc_kconn_peer(c));
    else if (ec == E_GROUP_AUTHORIZATION_FAILED)
        rc = kc_err_set(err, KC_EKAFKA, "not authorized to access group %s", g->cfg->group_id);
    else if (ec != E_NONE)
        rc = kc_err_set(err, KC_EAGAIN, "FindCoordinator: %s", kc_kafka_error_name(ec));
out:
    kc_wbuf_free(&body);
    kc_wbuf_free(&resp);
    return rc;
}

static int
given_up(const kc_group *g, kc_err *err)
{
    return kc_err_set(err, KC_ESTOPPED, "group %s: given up: stopping", g->cfg->group_id);
}

/* Makes sure g->coord is a connection to the coordinator. */
static int
ensure_coordinator(kc_group *g, int64_t deadline, const atomic_bool *stop, kc_err *err)
{
    char host[256], chost[256];
    int  port, cport, rc = KC_ETIMEOUT;

    if (g->coord != NULL)
        return KC_OK;
    for (char **b = g->cfg->bootstrap; *b != NULL; b++) {
        kc_kafka_conn *c;
        if (stop != NULL && atomic_load(stop))
            return given_up(g, err);
        if (split_hostport(*b, host, sizeof(host), &port) != 0) {
            kc_err_set(err, KC_EINVAL, "bootstrap server '%s' is not host:port", *b);
            continue;
        }
        c = kc_kconn_open(host, port, g->cfg->security, g->cfg->client_id, stop,
                          left_ms(deadline), err);
        if (c == NULL) {
            if (err != NULL && (err->code == KC_EKAFKA ||   /* login refused: say so */
                                err->code == KC_ESTOPPED))
                return err->code;
            continue;
        }
        rc = find_coordinator_via(g, c, chost, sizeof(chost), &cport, left_ms(deadline), err);
        kc_kconn_close(c);
        if (rc == KC_EKAFKA || rc == KC_ESTOPPED)
            return rc;
        if (rc != KC_OK)
            continue;
        g->coord = kc_kconn_open(chost, cport, g->cfg->security, g->cfg->client_id, stop,
                                 left_ms(deadline), err);
        if (g->coord != NULL) {
            kc_log_debug("group", "group %s: coordinator is %s", g->cfg->group_id,
                         kc_kconn_peer(g->coord));
            return KC_OK;
        }
        rc = err ? err->code : KC_EIO;
    }
    return rc == KC_OK ? KC_EIO : rc;
}

/* ===== JoinGroup ===== */

/* A string of the response as a new C string; a null or empty one is "". */
static char *
slice_text(const kc_slice *s)
{
    return s->len > 0 ? kc_xstrndup((const char *) s->ptr, (size_t) s->len) : kc_xstrdup("");
}

/* A member's id and a copy of its metadata, as JoinGroup and DescribeGroups give them. */
static void
member_set(kc_group_member *m, const kc_slice *id, const kc_slice *md)
{
    m->member_id = slice_text(id);
    m->len = md->len > 0 ? (size_t) md->len : 0;
    m->metadata = kc_xmalloc(m->len);
    if (m->len > 0)
        memcpy(m->metadata, md->ptr, m->len);
}

int
kc_group_parse_join(const uint8_t *buf, size_t len, int16_t *ec, char **member_id,
                    kc_group_joined *out)
{
    kc_rbuf  rb;
    kc_slice s, leader, member;
    int32_t  throttle, count;

    *member_id = NULL;
    memset(out, 0, sizeof(*out));
    kc_rbuf_init(&rb, buf, len);
    KC_READ(i32, &rb, &throttle);
    KC_READ(i16, &rb, ec);
    KC_READ(i32, &rb, &out->generation);
    KC_READ(string, &rb, &s);
    out->protocol = s.len >= 0 ? kc_xstrndup((const char *) s.ptr, (size_t) s.len) : NULL;
    KC_READ(string, &rb, &leader);
    KC_READ(string, &rb, &member);
    if (*ec == E_MEMBER_ID_REQUIRED || *ec == E_NONE)
        *member_id = slice_text(&member);
    if (*ec != E_NONE)
        return KC_OK;
    out->leader_id = slice_text(&leader);
    KC_READ(array_len, &rb, &count);
    /* Each member takes 8 bytes at least (two string lengths, one bytes length): a count
     * the rest of the response cannot hold is malformed, not an allocation to attempt. */
    if (count > 0 && (size_t) count > kc_rbuf_remaining(&rb) / 8)
        goto err_parse;
    if (count > 0)
        out->members = kc_xcalloc((size_t) count, sizeof(*out->members));
    for (int32_t i = 0; i < count; i++) {
        kc_group_member *m = &out->members[i];
        kc_slice         id, instance, md;
        KC_READ(string, &rb, &id);
        KC_READ(string, &rb, &instance);
        KC_READ(bytes, &rb, &md);
        member_set(m, &id, &md);
        out->nmembers++;
    }
    return KC_OK;
err_parse:
    free(*member_id);
    *member_id = NULL;
    kc_group_joined_clear(out);
    return KC_EPROTO;
}

static int
join_once(kc_group *g, const kc_group_protocol *protocols, size_t n, kc_group_joined *out,
          int16_t *ec, int64_t deadline, kc_err *err)
{
    kc_wbuf  body, resp;
    char    *member;
    int      rc, timeout = g->cfg->rebalance_timeout_ms + 5000;

    if (kc_kconn_api_version(g->coord, KC_API_JOIN_GROUP, 5, 5) < 0)
        return kc_err_set(err, KC_EKAFKA, "%s: broker does not support JoinGroup v5",
                          kc_kconn_peer(g->coord));
    if (timeout > left_ms(deadline) + 5000)
        timeout = left_ms(deadline) + 5000;
    kc_wbuf_init(&body);
    kc_wbuf_init(&resp);
    kc_wbuf_string(&body, g->cfg->group_id);
    kc_wbuf_i32(&body, g->cfg->session_timeout_ms);
    kc_wbuf_i32(&body, g->cfg->rebalance_timeout_ms);
    kc_wbuf_string(&body, g->member_id);
    kc_wbuf_string(&body, NULL);                            /* group_instance_id */
    kc_wbuf_string(&body, g->cfg->protocol_type);
    kc_wbuf_i32(&body, (int32_t) n);
    for (size_t i = 0; i < n; i++) {
        kc_wbuf_string(&body, protocols[i].name);
        kc_wbuf_bytes(&body, protocols[i].metadata, (int32_t) protocols[i].len);
    }
    rc = kc_kconn_request(g->coord, KC_API_JOIN_GROUP, 5, &body, &resp, timeout, err);
    if (rc != KC_OK)
        goto out;
    if (kc_group_parse_join(resp.buf, resp.len, ec, &member, out) != KC_OK)
        goto err_parse;
    if (member != NULL) {
        free(g->member_id);
        g->member_id = member;
    }
    if (*ec == E_NONE)
        out->member_id = kc_xstrdup(g->member_id);
    goto out;
err_parse:
    rc = kc_err_set(err, KC_EPROTO, "%s: malformed JoinGroup response", kc_kconn_peer(g->coord));
out:
    kc_wbuf_free(&body);
    kc_wbuf_free(&resp);
    return rc;
}

int
kc_group_join(kc_group *g, const kc_group_protocol *protocols, size_t nprotocols,
              kc_group_joined *out, int timeout_ms, kc_err *err)
{
    int64_t deadline = kc_mono_ms() + timeout_ms;
    int16_t ec;
    int     rc;

    memset(out, 0, sizeof(*out));
    for (;;) {
        kc_group_joined_clear(out);                 /* what a try that failed left */
        if (g->cfg->stop != NULL && atomic_load(g->cfg->stop))
            return given_up(g, err);
        if (kc_mono_ms() >= deadline) {
            if (err == NULL)
                return KC_ETIMEOUT;
            err->code = KC_ETIMEOUT;
            return kc_err_prefix(err, "group %s: not joined within %d ms: ", g->cfg->group_id,
                                 timeout_ms);
        }
        if ((rc = ensure_coordinator(g, deadline, g->cfg->stop, err)) != KC_OK) {
            if (rc == KC_EKAFKA || rc == KC_EINVAL || rc == KC_ESTOPPED)
                return rc;
            sleep_ms(g->cfg->retry_backoff_ms);
            continue;
        }
        ec = 0;
        rc = join_once(g, protocols, nprotocols, out, &ec, deadline, err);
        if (rc != KC_OK) {
            if (rc == KC_EKAFKA)
                return rc;
            coordinator_dead(g, err ? err->msg : "request failed");
            continue;                               /* the top of the loop sees a stop */
        }
        switch (ec) {
        case E_NONE:
            g->generation = out->generation;
            free(g->protocol);
            g->protocol = out->protocol ? kc_xstrdup(out->protocol) : NULL;
            kc_log_info("group", "group %s: joined generation %d as %s (leader %s, protocol %s)",
                        g->cfg->group_id, out->generation, g->member_id, out->leader_id,
                        out->protocol ? out->protocol : "?");
            return KC_OK;
        case E_MEMBER_ID_REQUIRED:                   /* the member id is set; join again */
            continue;
        case E_UNKNOWN_MEMBER_ID:
            free(g->member_id);
            g->member_id = kc_xstrdup("");
            continue;
        case E_NOT_COORDINATOR:
        case E_COORDINATOR_NOT_AVAILABLE:
            coordinator_dead(g, kc_kafka_error_name(ec));
            continue;
        case E_COORDINATOR_LOAD_IN_PROGRESS:
        case E_REBALANCE_IN_PROGRESS:
        case E_ILLEGAL_GENERATION:
            sleep_ms(g->cfg->retry_backoff_ms);
            continue;
        case E_INCONSISTENT_GROUP_PROTOCOL:
            kc_group_joined_clear(out);
            return kc_err_set(err, KC_EINVAL, "group %s is in use by members of another "
                              "protocol type than '%s' (INCONSISTENT_GROUP_PROTOCOL): is "
                              "group.id shared with a consumer group?", g->cfg->group_id,
                              g->cfg->protocol_type);
        case E_INVALID_SESSION_TIMEOUT:
            kc_group_joined_clear(out);
            return kc_err_set(err, KC_EINVAL, "the brokers refuse session.timeout.ms=%d "
                              "(INVALID_SESSION_TIMEOUT: outside the brokers' "
                              "group.min/max.session.timeout.ms)", g->cfg->session_timeout_ms);
        case E_GROUP_AUTHORIZATION_FAILED:
        case E_INVALID_GROUP_ID:
        case E_GROUP_MAX_SIZE_REACHED:
            kc_group_joined_clear(out);
            return kc_err_set(err, KC_EKAFKA, "group %s: JoinGroup refused: %s",
                              g->cfg->group_id, kc_kafka_error_name(ec));
        default:
            kc_log_warn("group", "group %s: JoinGroup: %s; retrying", g->cfg->group_id,
                        kc_kafka_error_name(ec));
            sleep_ms(g->cfg->retry_backoff_ms);
            continue;
        }
    }
}

/* ===== SyncGroup, Heartbeat, LeaveGroup ===== */

/* Maps a SyncGroup/Heartbeat error code as Java's coordinator does. */
static int
member_error(kc_group *g, const char *api, int16_t ec, kc_err *err)
{
    switch (ec) {
    case E_NONE:
        return KC_OK;
    case E_REBALANCE_IN_PROGRESS:
    case E_ILLEGAL_GENERATION:
        return kc_err_set(err, KC_EREBALANCE, "%s: %s", api, kc_kafka_error_name(ec));
    case E_UNKNOWN_MEMBER_ID:
        free(g->member_id);
        g->member_id = kc_xstrdup("");
        return kc_err_set(err, KC_EREBALANCE, "%s: %s", api, kc_kafka_error_name(ec));
    case E_NOT_COORDINATOR:
    case E_COORDINATOR_NOT_AVAILABLE:
        coordinator_dead(g, kc_kafka_error_name(ec));
        return kc_err_set(err, KC_EAGAIN, "%s: %s", api, kc_kafka_error_name(ec));
    case E_GROUP_AUTHORIZATION_FAILED:
        return kc_err_set(err, KC_EKAFKA, "group %s: %s refused: %s", g->cfg->group_id, api,
                          kc_kafka_error_name(ec));
    default:
        return kc_err_set(err, KC_EAGAIN, "%s: %s", api, kc_kafka_error_name(ec));
    }
}

int
kc_group_parse_sync(const uint8_t *buf, size_t len, int16_t *ec, uint8_t **data, size_t *dlen)
{
    kc_rbuf  rb;
    kc_slice a;
    int32_t  throttle;

    *data = NULL;
    *dlen = 0;
    kc_rbuf_init(&rb, buf, len);
    KC_READ(i32, &rb, &throttle);
    KC_READ(i16, &rb, ec);
    KC_READ(bytes, &rb, &a);
    if (*ec != E_NONE)
        return KC_OK;
    *dlen = a.len > 0 ? (size_t) a.len : 0;
    *data = kc_xmalloc(*dlen);
    if (*dlen > 0)
        memcpy(*data, a.ptr, *dlen);
    return KC_OK;
err_parse:
    return KC_EPROTO;
}

int
kc_group_sync(kc_group *g, const kc_group_joined *joined,
              const kc_group_assignment *assignments, size_t n, uint8_t **data, size_t *len,
              kc_err *err)
{
    kc_wbuf  body, resp;
    int16_t  ec;
    int      rc;

    *data = NULL;
    *len = 0;
    if (g->coord == NULL)
        return kc_err_set(err, KC_EREBALANCE, "SyncGroup: coordinator lost");
    kc_wbuf_init(&body);
    kc_wbuf_init(&resp);
    kc_wbuf_string(&body, g->cfg->group_id);
    kc_wbuf_i32(&body, joined->generation);
    kc_wbuf_string(&body, g->member_id);
    kc_wbuf_string(&body, NULL);
    kc_wbuf_i32(&body, (int32_t) n);
    for (size_t i = 0; i < n; i++) {
        kc_wbuf_string(&body, assignments[i].member_id);
        kc_wbuf_bytes(&body, assignments[i].data, (int32_t) assignments[i].len);
    }
    rc = kc_kconn_request(g->coord, KC_API_SYNC_GROUP, 3, &body, &resp,
                          g->cfg->rebalance_timeout_ms + 5000, err);
    if (rc != KC_OK) {
        coordinator_dead(g, err ? err->msg : "request failed");
        if (rc != KC_ESTOPPED)
            rc = KC_EREBALANCE;
        goto out;
    }
    if (kc_group_parse_sync(resp.buf, resp.len, &ec, data, len) != KC_OK) {
        coordinator_dead(g, "malformed SyncGroup response");
        rc = kc_err_set(err, KC_EREBALANCE, "malformed SyncGroup response");
    } else if ((rc = member_error(g, "SyncGroup", ec, err)) == KC_EAGAIN) {
        rc = KC_EREBALANCE;
    }
out:
    kc_wbuf_free(&body);
    kc_wbuf_free(&resp);
    return rc;
}

int
kc_group_parse_heartbeat(const uint8_t *buf, size_t len, int16_t *ec)
{
    kc_rbuf rb;
    int32_t throttle;

    kc_rbuf_init(&rb, buf, len);
    KC_READ(i32, &rb, &throttle);
    KC_READ(i16, &rb, ec);
    return KC_OK;
err_parse:
    return KC_EPROTO;
}

int
kc_group_heartbeat(kc_group *g, int timeout_ms, kc_err *err)
{
    kc_wbuf body, resp;
    int16_t ec;
    int     rc;

    if (g->coord == NULL) {
        int64_t deadline = kc_mono_ms() + timeout_ms;
        if (ensure_coordinator(g, deadline, g->cfg->stop, err) != KC_OK) {
            if (err == NULL)
                return KC_EAGAIN;
            err->code = KC_EAGAIN;
            return kc_err_prefix(err, "Heartbeat: coordinator unknown: ");
        }
    }
    kc_wbuf_init(&body);
    kc_wbuf_init(&resp);
    kc_wbuf_string(&body, g->cfg->group_id);
    kc_wbuf_i32(&body, g->generation);
    kc_wbuf_string(&body, g->member_id);
    kc_wbuf_string(&body, NULL);
    rc = kc_kconn_request(g->coord, KC_API_HEARTBEAT, 3, &body, &resp, timeout_ms, err);
    if (rc != KC_OK) {
        coordinator_dead(g, err ? err->msg : "request failed");
        rc = KC_EAGAIN;
    } else if (kc_group_parse_heartbeat(resp.buf, resp.len, &ec) != KC_OK) {
        coordinator_dead(g, "malformed Heartbeat response");
        rc = kc_err_set(err, KC_EAGAIN, "malformed Heartbeat response");
    } else {
        rc = member_error(g, "Heartbeat", ec, err);
    }
    kc_wbuf_free(&body);
    kc_wbuf_free(&resp);
    return rc;
}

int
kc_group_parse_leave(const uint8_t *buf, size_t len, int16_t *ec)
{
    kc_rbuf  rb;
    kc_slice member, instance;
    int32_t  throttle, count;
    int16_t  member_ec;

    kc_rbuf_init(&rb, buf, len);
    KC_READ(i32, &rb, &throttle);
    KC_READ(i16, &rb, ec);
    KC_READ(array_len, &rb, &count);
    for (int32_t i = 0; i < count; i++) {
        KC_READ(string, &rb, &member);
        KC_READ(string, &rb, &instance);
        KC_READ(i16, &rb, &member_ec);
        if (*ec == E_NONE)
            *ec = member_ec;
    }
    return KC_OK;
err_parse:
    return KC_EPROTO;
}

/* LeaveGroup v3 for one member, over the connection to the coordinator: KC_OK with *ec the
 * coordinator's answer, or the failure in err. */
static int
leave_request(kc_group *g, const char *member_id, int16_t *ec, kc_err *err)
{
    kc_wbuf body, resp;
    int     rc;

    kc_wbuf_init(&body);
    kc_wbuf_init(&resp);
    kc_wbuf_string(&body, g->cfg->group_id);
    kc_wbuf_i32(&body, 1);
    kc_wbuf_string(&body, member_id);
    kc_wbuf_string(&body, NULL);
    rc = kc_kconn_request(g->coord, KC_API_LEAVE_GROUP, 3, &body, &resp,
                          g->cfg->request_timeout_ms, err);
    if (rc == KC_OK && kc_group_parse_leave(resp.buf, resp.len, ec) != KC_OK)
        rc = kc_err_set(err, KC_EPROTO, "malformed LeaveGroup response from %s",
                        kc_kconn_peer(g->coord));
    kc_wbuf_free(&body);
    kc_wbuf_free(&resp);
    return rc;
}

void
kc_group_leave(kc_group *g)
{
    kc_err  err;
    int16_t ec;

    if (g->member_id[0] != '\0')
        (void) ensure_coordinator(g, kc_mono_ms() + g->cfg->request_timeout_ms, NULL, &err);
    if (g->coord != NULL)
        kc_kconn_set_stop(g->coord, NULL);          /* leaving is part of stopping */
    if (g->coord != NULL && g->member_id[0] != '\0') {
        if (leave_request(g, g->member_id, &ec, &err) != KC_OK)
            kc_log_warn("group", "group %s: LeaveGroup failed: %s", g->cfg->group_id, err.msg);
        else if (ec != E_NONE)
            kc_log_warn("group", "group %s: LeaveGroup as %s failed: %s", g->cfg->group_id,
                        g->member_id, kc_kafka_error_name(ec));
        else
            kc_log_info("group", "group %s: left as %s", g->cfg->group_id, g->member_id);
    }
    free(g->member_id);
    g->member_id = kc_xstrdup("");
    g->generation = -1;
}

void
kc_group_described_clear(kc_group_described *d)
{
    free(d->state);
    for (size_t i = 0; i < d->nmembers; i++) {
        free(d->members[i].member_id);
        free(d->members[i].metadata);
        free(d->client_hosts[i]);
    }
    free(d->members);
    free(d->client_hosts);
    memset(d, 0, sizeof(*d));
}

int
kc_group_parse_describe(const uint8_t *buf, size_t len, int16_t *ec, kc_group_described *out)
{
    kc_rbuf  rb;
    kc_slice s;
    int32_t  throttle, groups, count, ops;

    memset(out, 0, sizeof(*out));
    kc_rbuf_init(&rb, buf, len);
    KC_READ(i32, &rb, &throttle);
    KC_READ(array_len, &rb, &groups);
    if (groups != 1)
        goto err_parse;                           /* one group was asked for */
    KC_READ(i16, &rb, ec);
    KC_READ(string, &rb, &s);                     /* group_id */
    KC_READ(string, &rb, &s);
    out->state = slice_text(&s);
    KC_READ(string, &rb, &s);                     /* protocol_type */
    KC_READ(string, &rb, &s);                     /* protocol_data */
    KC_READ(array_len, &rb, &count);
    /* Each member takes 16 bytes at least (three string lengths, two bytes lengths). */
    if (count > 0 && (size_t) count > kc_rbuf_remaining(&rb) / 16)
        goto err_parse;
    if (count > 0) {
        out->members = kc_xcalloc((size_t) count, sizeof(*out->members));
        out->client_hosts = kc_xcalloc((size_t) count, sizeof(*out->client_hosts));
    }
    for (int32_t i = 0; i < count; i++) {
        kc_slice id, client, host, md, assignment;
        KC_READ(string, &rb, &id);
        KC_READ(string, &rb, &client);
        KC_READ(string, &rb, &host);
        KC_READ(bytes, &rb, &md);
        KC_READ(bytes, &rb, &assignment);
        member_set(&out->members[i], &id, &md);
        out->client_hosts[i] = slice_text(&host);
        out->nmembers++;
    }
    KC_READ(i32, &rb, &ops);
    return KC_OK;
err_parse:
    kc_group_described_clear(out);
    return KC_EPROTO;
}

int
kc_group_describe(kc_group *g, kc_group_described *out, kc_err *err)
{
    kc_wbuf body, resp;
    int16_t ec;
    int     rc;

    memset(out, 0, sizeof(*out));
    if ((rc = ensure_coordinator(g, kc_mono_ms() + g->cfg->request_timeout_ms, g->cfg->stop,
                                 err)) != KC_OK)
        return rc;
    if (kc_kconn_api_version(g->coord, KC_API_DESCRIBE_GROUPS, 3, 3) < 0)
        return kc_err_set(err, KC_EKAFKA, "%s: broker does not support DescribeGroups v3",
                          kc_kconn_peer(g->coord));
    kc_wbuf_init(&body);
    kc_wbuf_init(&resp);
    kc_wbuf_i32(&body, 1);
    kc_wbuf_string(&body, g->cfg->group_id);
    kc_wbuf_i8(&body, 0);                          /* include_authorized_operations */
    rc = kc_kconn_request(g->coord, KC_API_DESCRIBE_GROUPS, 3, &body, &resp,
                          g->cfg->request_timeout_ms, err);
    if (rc != KC_OK)
        coordinator_dead(g, err->msg);
    else if (kc_group_parse_describe(resp.buf, resp.len, &ec, out) != KC_OK)
        rc = kc_err_set(err, KC_EPROTO, "malformed DescribeGroups response from %s",
                        kc_kconn_peer(g->coord));
    else if (ec != E_NONE) {
        kc_group_described_clear(out);
        rc = kc_err_set(err, KC_EKAFKA, "DescribeGroups %s: %s", g->cfg->group_id,
                        kc_kafka_error_name(ec));
    }
    kc_wbuf_free(&body);
    kc_wbuf_free(&resp);
    return rc;
}

bool
kc_group_same_host(const kc_group *g, const char *client_host)
{
    struct sockaddr_storage ss;
    const char             *slash = strrchr(client_host, '/');
    char                    text[INET6_ADDRSTRLEN + 1];
    unsigned char           theirs[sizeof(struct in6_addr)];
    size_t                  n;

    if (g->coord == NULL || slash == NULL ||
        kc_kconn_local_address(g->coord, &ss) != KC_OK)
        return false;
    n = strcspn(slash + 1, "%");                    /* an IPv6 scope is not compared */
    if (n == 0 || n >= sizeof(text))
        return false;
    memcpy(text, slash + 1, n);
    text[n] = '\0';
    if (ss.ss_family == AF_INET)
        return inet_pton(AF_INET, text, theirs) == 1 &&
               memcmp(theirs, &((struct sockaddr_in *) &ss)->sin_addr, 4) == 0;
    if (ss.ss_family == AF_INET6)
        return inet_pton(AF_INET6, text, theirs) == 1 &&
               memcmp(theirs, &((struct sockaddr_in6 *) &ss)->sin6_addr, 16) == 0;
    return false;
}

int
kc_group_remove_member(kc_group *g, const char *member_id, kc_err *err)
{
    int16_t ec;
    int     rc;

    if ((rc = ensure_coordinator(g, kc_mono_ms() + g->cfg->request_timeout_ms, g->cfg->stop,
                                 err)) != KC_OK)
        return rc;
    if ((rc = leave_request(g, member_id, &ec, err)) != KC_OK) {
        coordinator_dead(g, err->msg);
        return rc;
    }
    if (ec != E_NONE && ec != E_UNKNOWN_MEMBER_ID)
        return kc_err_set(err, KC_EKAFKA, "LeaveGroup for %s: %s", member_id,
                          kc_kafka_error_name(ec));
    return KC_OK;
}
