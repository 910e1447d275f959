/*
 * protocol/kafka_conn.h - one blocking connection to a Kafka broker, for the requests
 * librdkafka does not make for us (the Connect group protocol: FindCoordinator, JoinGroup,
 * SyncGroup, Heartbeat, LeaveGroup).
 *
 * Connecting does what a Kafka client does before its first request: TCP (with a timeout),
 * TLS when the security protocol says so, ApiVersions, then SASL (PLAIN, SCRAM-SHA-256,
 * SCRAM-SHA-512) with SaslHandshake v1 and SaslAuthenticate. Requests are sent one at a time
 * and answered in order; every wait is bounded by the caller's timeout.
 *
 * A connection belongs to one thread (the herder's) at a time.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_KAFKA_CONN_H
#define KC_KAFKA_CONN_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include <sys/socket.h>

#include "lib/wire.h"
#include "lib/common.h"

/* Kafka API keys used here. */
enum {
    KC_API_FIND_COORDINATOR = 10,
    KC_API_JOIN_GROUP = 11,
    KC_API_HEARTBEAT = 12,
    KC_API_LEAVE_GROUP = 13,
    KC_API_SYNC_GROUP = 14,
    KC_API_DESCRIBE_GROUPS = 15,
    KC_API_SASL_HANDSHAKE = 17,
    KC_API_API_VERSIONS = 18,
    KC_API_SASL_AUTHENTICATE = 36,
};

/* How to reach the brokers, from the worker's security.protocol, sasl.* and ssl.* settings
 * (see worker/clientconf.c, which fills it). Strings are owned by whoever filled it. */
typedef struct kc_conn_security {
    bool  tls;                  /* SSL or SASL_SSL */
    bool  sasl;                 /* SASL_PLAINTEXT or SASL_SSL */
    char *sasl_mechanism;       /* PLAIN, SCRAM-SHA-256, SCRAM-SHA-512 */
    char *sasl_username;
    char *sasl_password;
    char *ca_file;              /* PEM trust store; NULL: the system's */
    char *ca_pem;               /* PEM trust certificates as text */
    char *cert_file, *key_file; /* client certificate and key (PEM) */
    char *cert_pem, *key_pem;
    char *key_password;
    bool  verify_hostname;      /* ssl.endpoint.identification.algorithm=https */
} kc_conn_security;

void kc_conn_security_clear(kc_conn_security *sec);

typedef struct kc_kafka_conn kc_kafka_conn;

/* Connects to host:port and authenticates. NULL with err (KC_EIO, KC_ETIMEOUT, KC_EKAFKA
 * for a refused SASL login, with the broker's message).
 *
 * stop (may be NULL; must outlive the connection) is the owner's "stopping" flag: every
 * wait of this connection, in the open and in kc_kconn_request, looks at it at least every
 * KC_KCONN_STOP_POLL_MS and gives up with KC_ESTOPPED once it is set, so that a thread
 * waiting on a broker (a JoinGroup held for a rebalance, a connect to a silent host) stops
 * promptly. A request given up leaves the connection unusable, as any error does. */
#define KC_KCONN_STOP_POLL_MS 100
kc_kafka_conn *kc_kconn_open(const char *host, int port, const kc_conn_security *sec,
                             const char *client_id, const atomic_bool *stop, int timeout_ms,
                             kc_err *err);
/* As kc_kconn_open, over a stream socket the caller has connected to the broker at
 * host:port (e.g. through a proxy, or one end of a socketpair standing for a broker): it is
 * made non-blocking and is the connection's from then on (closed with it, or on failure). */
kc_kafka_conn *kc_kconn_open_fd(int fd, const char *host, int port, const kc_conn_security *sec,
                                const char *client_id, const atomic_bool *stop, int timeout_ms,
                                kc_err *err);
/* Replaces the stop flag given to kc_kconn_open (NULL: none), e.g. to send a LeaveGroup
 * once the owner is stopping. */
void kc_kconn_set_stop(kc_kafka_conn *c, const atomic_bool *stop);
void kc_kconn_close(kc_kafka_conn *c);

/* The local address of the connection (getsockname): KC_OK, or KC_EIO. */
int kc_kconn_local_address(const kc_kafka_conn *c, struct sockaddr_storage *ss);

/* "host:port" of the broker, for messages. */
const char *kc_kconn_peer(const kc_kafka_conn *c);

/* The highest version of api in [ours_min, ours_max] the broker also supports, or -1. */
int kc_kconn_api_version(const kc_kafka_conn *c, int16_t api, int16_t ours_min,
                         int16_t ours_max);

/* Sends one request (header v1 + body) and waits for its response; resp gets the body
 * after the response header. On any error the connection is unusable: close it. */
int kc_kconn_request(kc_kafka_conn *c, int16_t api, int16_t version, const kc_wbuf *body,
                     kc_wbuf *resp, int timeout_ms, kc_err *err);

/* ===== SCRAM messages (RFC 5802), as the broker sends them during kc_kconn_open =====
 * Pure: any thread. The mechanism ("SCRAM-SHA-256") names it in messages. */

/* The fewest iterations a broker may ask for, as Java's ScramMechanism minIterations. */
#define KC_SCRAM_MIN_ITERATIONS 4096

typedef struct kc_scram_first {
    const char *nonce;          /* the server's nonce: borrowed from the message */
    size_t      nonce_len;
    uint8_t    *salt;           /* new (free()) */
    size_t      salt_len;
    int         iterations;
} kc_scram_first;

/* The server-first message msg[0..len): its nonce must start with client_nonce, its salt be
 * base64 and its iteration count a positive decimal int. KC_OK with *out filled; KC_EPROTO
 * for a malformed message; KC_EKAFKA for fewer iterations than KC_SCRAM_MIN_ITERATIONS (as
 * Java's ScramSaslClient refuses them). *out holds nothing to free unless KC_OK. */
int kc_kconn_scram_parse_first(const char *msg, size_t len, const char *client_nonce,
                               const char *mechanism, kc_scram_first *out, kc_err *err);

/* The server-final message msg[0..len): KC_OK when its "v=" signature is sig[0..sig_len);
 * KC_EKAFKA for an "e=" error (which err quotes) or any other signature. */
int kc_kconn_scram_check_final(const char *msg, size_t len, const uint8_t *sig,
                               size_t sig_len, const char *mechanism, kc_err *err);

/* Kafka error codes as Kafka names them, for messages ("REBALANCE_IN_PROGRESS"). */
const char *kc_kafka_error_name(int16_t code);

#endif
