/*
 * protocol/group.h - a member of a classic Kafka consumer group of any protocol type, as
 * Java's AbstractCoordinator is one: FindCoordinator, JoinGroup (with MEMBER_ID_REQUIRED),
 * SyncGroup, Heartbeat, LeaveGroup, and the coordinator errors handled as Java handles them.
 * librdkafka cannot join a group of protocol type "connect"; this can.
 *
 * Calls block for at most their timeout. Owner: one thread (the herder) per kc_group.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_GROUP_H
#define KC_GROUP_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "protocol/kafka_conn.h"
#include "lib/common.h"

typedef struct kc_group_config {
    const char             *group_id;
    const char             *protocol_type;        /* "connect" */
    const char             *client_id;
    char                  **bootstrap;            /* "host:port", NULL-terminated */
    const kc_conn_security *security;
    int                     session_timeout_ms;
    int                     rebalance_timeout_ms;
    int                     request_timeout_ms;
    int                     retry_backoff_ms;
    /* The owner's "stopping" flag, or NULL. Once it is set, a join, sync or heartbeat in
     * progress gives up within KC_KCONN_STOP_POLL_MS with KC_ESTOPPED (as Java's
     * WorkerGroupMember.wakeup() breaks a poll), so that a stop does not wait out a
     * rebalance or a coordinator that is gone. kc_group_leave still leaves. */
    const atomic_bool      *stop;
} kc_group_config;

/* One protocol the member offers, in preference order, with its metadata. Borrowed. */
typedef struct kc_group_protocol {
    const char    *name;
    const uint8_t *metadata;
    size_t         len;
} kc_group_protocol;

typedef struct kc_group_member {
    char    *member_id;
    uint8_t *metadata;
    size_t   len;
} kc_group_member;

/* The outcome of a JoinGroup; owns its strings. members is filled for the leader only. */
typedef struct kc_group_joined {
    int32_t          generation;
    char            *protocol;        /* the protocol the coordinator selected */
    char            *leader_id;
    char            *member_id;
    kc_group_member *members;
    size_t           nmembers;
} kc_group_joined;

typedef struct kc_group_assignment {
    const char    *member_id;
    const uint8_t *data;
    size_t         len;
} kc_group_assignment;

typedef struct kc_group kc_group;

/* cfg and everything it points at must outlive the kc_group. */
kc_group *kc_group_new(const kc_group_config *cfg);
void kc_group_free(kc_group *g);          /* closes the connection; does not leave */

/* Joins (or rejoins) the group. KC_OK: *out is filled. KC_ETIMEOUT: not joined within
 * timeout_ms (coordinator unreachable or rebalance not completing); try again.
 * KC_ESTOPPED: cfg->stop was set. Any other error is one retrying cannot fix
 * (authorization, an inconsistent protocol type, an invalid session timeout): err says
 * which. *out holds nothing to clear unless KC_OK. */
int kc_group_join(kc_group *g, const kc_group_protocol *protocols, size_t nprotocols,
                  kc_group_joined *out, int timeout_ms, kc_err *err);

/* JoinGroup v5's response body as the coordinator sends it (after the response header): *ec
 * its error; *member_id the member id it gives (a new string) when ec is NONE or
 * MEMBER_ID_REQUIRED, else NULL; when ec is NONE, out holds the generation, the protocol, the
 * leader and every member with its metadata (out->member_id is left NULL). KC_OK, or
 * KC_EPROTO for malformed bytes (out cleared, *member_id NULL). Pure: any thread. */
int kc_group_parse_join(const uint8_t *buf, size_t len, int16_t *ec, char **member_id,
                        kc_group_joined *out);

/* The other responses of the coordinator, as it sends them (after the response header),
 * each read as the call that asks for it reads it. Each returns KC_OK with *ec the error the
 * response carries, or KC_EPROTO for malformed bytes. Pure: any thread.
 *
 * FindCoordinator v2: when ec is NONE, host (of size bytes) gets the coordinator's host and
 * *port its port; an empty host, one of size bytes or more, or one holding a NUL is
 * malformed. */
int kc_group_parse_coordinator(const uint8_t *buf, size_t len, int16_t *ec, char *host,
                               size_t size, int32_t *port);
/* SyncGroup v3: when ec is NONE, *data (new, free()) and *dlen get this member's assignment
 * (a null assignment reads as an empty one); otherwise they are NULL and 0. */
int kc_group_parse_sync(const uint8_t *buf, size_t len, int16_t *ec, uint8_t **data,
                        size_t *dlen);
/* Heartbeat v3. */
int kc_group_parse_heartbeat(const uint8_t *buf, size_t len, int16_t *ec);
/* LeaveGroup v3: *ec is the top-level error, or when that is NONE the first member's error
 * that is not (as Java's LeaveGroupResponse.error()). */
int kc_group_parse_leave(const uint8_t *buf, size_t len, int16_t *ec);

/* Completes the join: the leader passes every member's assignment, others pass none.
 * KC_OK: *data (new, free()) and *len hold this member's assignment. KC_EREBALANCE: the
 * generation moved on, join again. */
int kc_group_sync(kc_group *g, const kc_group_joined *joined,
                  const kc_group_assignment *assignments, size_t n, uint8_t **data,
                  size_t *len, kc_err *err);

/* KC_OK; KC_EREBALANCE when the member must rejoin; KC_EAGAIN when the coordinator could
 * not be reached within timeout_ms (the caller counts how long that lasts). */
int kc_group_heartbeat(kc_group *g, int timeout_ms, kc_err *err);

/* Leaves the group (best effort, bounded by the request timeout, regardless of cfg->stop;
 * a refusal is logged as a warning, as Java logs it) and forgets the member id. A join given up for a stop closed its connection; the
 * coordinator is found again to leave, so that the others need not wait for this member's
 * session to expire. */
void kc_group_leave(kc_group *g);

/* Removes another member from the group, as an administrator's LeaveGroup does (any member
 * may; the coordinator then rebalances the others): for a member known to be gone, so that
 * the group need not wait out its session. KC_OK also when the coordinator no longer knows
 * it; otherwise the failure, in err. */
int kc_group_remove_member(kc_group *g, const char *member_id, kc_err *err);

/* The group as DescribeGroups v3 shows it: its state, and each member's id, metadata (the
 * coordinator gives it only while the group is "Stable"; empty otherwise) and the address
 * its connection came from ("[name]/address", as Java prints an InetAddress). Owns all. */
typedef struct kc_group_described {
    char            *state;
    kc_group_member *members;
    char           **client_hosts;
    size_t           nmembers;
} kc_group_described;

/* KC_OK with *out filled, or the failure in err (a refusal: KC_EKAFKA). */
int kc_group_describe(kc_group *g, kc_group_described *out, kc_err *err);
/* DescribeGroups v3's response for one group, as the coordinator sends it (after the
 * response header): *ec the group's error; out cleared unless KC_OK. Pure: any thread. */
int kc_group_parse_describe(const uint8_t *buf, size_t len, int16_t *ec,
                            kc_group_described *out);
void kc_group_described_clear(kc_group_described *d);

/* Whether a member's client_host, as DescribeGroups gives it, is the address this member's
 * own connection to the coordinator comes from. */
bool kc_group_same_host(const kc_group *g, const char *client_host);

const char *kc_group_member_id(const kc_group *g);
int32_t kc_group_generation(const kc_group *g);

void kc_group_joined_clear(kc_group_joined *j);

#endif
