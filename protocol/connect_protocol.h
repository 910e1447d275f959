/*
 * protocol/connect_protocol.h - the Connect group protocol's member metadata and
 * assignments, byte for byte as Java's ConnectProtocol (V0, "default") and
 * IncrementalCooperativeConnectProtocol (V1 "compatible", V2 "sessioned") write them.
 * See spec/connect-runtime.md §6.
 *
 * Decoding is tolerant as Java's: an assignment of any version is read with the V1 schema
 * (a V0 blob is a prefix of it), missing trailing fields take their defaults, and a higher
 * version than we know is read as V1. Decoded structs own their strings and arrays.
 * Pure functions: any thread.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_CONNECT_PROTOCOL_H
#define KC_CONNECT_PROTOCOL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/wire.h"
#include "lib/common.h"

#define KC_CONNECT_PROTOCOL_TYPE "connect"

typedef enum {
    KC_CONNECT_EAGER = 0,        /* "default" */
    KC_CONNECT_COMPATIBLE = 1,   /* "compatible" */
    KC_CONNECT_SESSIONED = 2,    /* "sessioned" */
} kc_connect_protocol;

/* "default", "compatible", "sessioned"; and back (-1 if unknown). */
const char *kc_connect_protocol_name(kc_connect_protocol p);
int kc_connect_protocol_parse(const char *name);

#define KC_CONNECT_ASSIGNMENT_NO_ERROR        0
#define KC_CONNECT_ASSIGNMENT_CONFIG_MISMATCH 1
#define KC_CONNECT_TASK_CONNECTOR             (-1)   /* the connector instance itself */

/* One connector's share: the connector itself (task id -1) and/or some of its tasks. */
typedef struct kc_connector_tasks {
    char    *connector;
    int32_t *tasks;
    size_t   ntasks;
} kc_connector_tasks;

typedef struct kc_connector_tasks_list {
    kc_connector_tasks *items;
    size_t              n;
    bool                is_null;      /* absent on the wire (V0, or a short V1 blob) */
} kc_connector_tasks_list;

typedef struct kc_connect_assignment {
    int16_t                 version;
    int16_t                 error;
    char                   *leader;
    char                   *leader_url;
    int64_t                 config_offset;
    kc_connector_tasks_list assigned;
    kc_connector_tasks_list revoked;   /* V1+ */
    int32_t                 delay;     /* V1+, ms */
} kc_connect_assignment;

typedef struct kc_connect_metadata {
    int16_t               version;
    char                 *url;
    int64_t               config_offset;
    bool                  has_allocation;   /* V1+; false = null */
    kc_connect_assignment allocation;
} kc_connect_metadata;

/* Appends the encoding to out. A V0 assignment writes no revoked/delay; V1/V2 always write
 * both arrays (empty when NULL), as Java does. */
void kc_connect_metadata_encode(const kc_connect_metadata *md, kc_wbuf *out);
void kc_connect_assignment_encode(const kc_connect_assignment *a, kc_wbuf *out);

/* Decodes into a zeroed struct; KC_EPROTO with the byte offset on malformed input. */
int kc_connect_metadata_decode(const void *data, size_t len, kc_connect_metadata *md,
                               kc_err *err);
int kc_connect_assignment_decode(const void *data, size_t len, kc_connect_assignment *a,
                                 kc_err *err);

void kc_connect_metadata_clear(kc_connect_metadata *md);
void kc_connect_assignment_clear(kc_connect_assignment *a);
void kc_connector_tasks_list_clear(kc_connector_tasks_list *l);

/* Adds (connector, task) to l, grouping by connector; task -1 goes first in its entry. */
void kc_connector_tasks_list_add(kc_connector_tasks_list *l, const char *connector,
                                 int32_t task);

#endif
