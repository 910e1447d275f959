/*
 * rest/mirror_status.h - GET /connectors/{c}/mirror-status (rest/mirror_status.c).
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_REST_MIRROR_STATUS_H
#define KC_REST_MIRROR_STATUS_H

#include <jansson.h>
#include <stdbool.h>

#include "rest/routes.h"
#include "lib/common.h"

/* Whether a connector config names a class that computes a cutover status
 * (kc_connector_ops.mirror_status: the MirrorSourceConnector's). Any thread. */
bool kc_rest_is_mirror_source(const json_t *config);

/* The cutover status of MirrorSourceConnector `name` with `config`, from this worker's offset
 * store and both clusters (its class's mirror_status). MHD thread; blocks. */
int kc_rest_mirror_status_of(const kc_rest_ctx *ctx, const char *name, const json_t *config,
                             int timeout_ms, json_t **out, kc_err *err);

void kc_rest_connector_mirror_status(const kc_rest_ctx *, const kc_rest_request *,
                                     kc_rest_response *);

#endif
