/*
 * rest/mirror_status.h - GET /connectors/{c}/mirror-status (rest/mirror_status.c).
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_REST_MIRROR_STATUS_H
#define KC_REST_MIRROR_STATUS_H

#include "rest/routes.h"

void kc_rest_connector_mirror_status(const kc_rest_ctx *, const kc_rest_request *,
                                     kc_rest_response *);

#endif
