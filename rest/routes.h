/*
 * rest/routes.h - one request in, one response out: the table of REST resources.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_REST_ROUTES_H
#define KC_REST_ROUTES_H

#include <jansson.h>
#include <stddef.h>

#include "rest/server.h"

typedef struct kc_rest_request {
    const char  *method;
    const char  *path;            /* decoded, without the query string */
    char       **segments;        /* path split on '/', empty segments dropped */
    size_t       nsegments;
    const char  *body;
    size_t       body_len;
} kc_rest_request;

typedef struct kc_rest_response {
    int     status;
    json_t *body;                 /* owned; NULL for no body (204) */
} kc_rest_response;

/* Fills resp for req. Thread: an MHD thread. */
void kc_rest_dispatch(const kc_rest_ctx *ctx, const kc_rest_request *req, kc_rest_response *resp);

/* Connect's error body {"error_code":status,"message":...}. */
void kc_rest_error(kc_rest_response *resp, int status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
