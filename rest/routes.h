/*
 * rest/routes.h - one request in, one response out: the table of REST resources.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_REST_ROUTES_H
#define KC_REST_ROUTES_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "rest/server.h"

typedef struct kc_rest_request {
    const char  *method;
    const char  *path;            /* decoded, without the query string */
    char       **segments;        /* path split on '/', empty segments dropped */
    size_t       nsegments;
    const char  *body;
    size_t       body_len;
    void        *connection;      /* the MHD connection, for query arguments and headers */
} kc_rest_request;

/* The first value of query argument `name`, NULL if absent. */
const char *kc_rest_query(const kc_rest_request *req, const char *name);
/* Whether any value of query argument `name` equals value. */
bool kc_rest_query_has(const kc_rest_request *req, const char *name, const char *value);
/* A request header, NULL if absent. */
const char *kc_rest_header(const kc_rest_request *req, const char *name);

typedef struct kc_rest_response {
    int     status;
    json_t *body;                 /* owned; NULL for no body (204) */
    char    location[512];        /* a Location header when not empty (201) */
} kc_rest_response;

/* Fills resp for req. Thread: an MHD thread. */
void kc_rest_dispatch(const kc_rest_ctx *ctx, const kc_rest_request *req, kc_rest_response *resp);

typedef void (*kc_rest_handler)(const kc_rest_ctx *, const kc_rest_request *,
                                kc_rest_response *);

/* rest/connectors.c */
void kc_rest_connectors_list(const kc_rest_ctx *, const kc_rest_request *, kc_rest_response *);
void kc_rest_connectors_create(const kc_rest_ctx *, const kc_rest_request *, kc_rest_response *);
void kc_rest_connector_get(const kc_rest_ctx *, const kc_rest_request *, kc_rest_response *);
void kc_rest_connector_delete(const kc_rest_ctx *, const kc_rest_request *, kc_rest_response *);
void kc_rest_connector_config_get(const kc_rest_ctx *, const kc_rest_request *, kc_rest_response *);
void kc_rest_connector_config_put(const kc_rest_ctx *, const kc_rest_request *, kc_rest_response *);
void kc_rest_connector_status(const kc_rest_ctx *, const kc_rest_request *, kc_rest_response *);
void kc_rest_connector_tasks_get(const kc_rest_ctx *, const kc_rest_request *, kc_rest_response *);
void kc_rest_connector_tasks_post(const kc_rest_ctx *, const kc_rest_request *, kc_rest_response *);
void kc_rest_task_status(const kc_rest_ctx *, const kc_rest_request *, kc_rest_response *);
void kc_rest_connector_pause(const kc_rest_ctx *, const kc_rest_request *, kc_rest_response *);
void kc_rest_connector_resume(const kc_rest_ctx *, const kc_rest_request *, kc_rest_response *);
void kc_rest_connector_stop(const kc_rest_ctx *, const kc_rest_request *, kc_rest_response *);
void kc_rest_connector_restart(const kc_rest_ctx *, const kc_rest_request *, kc_rest_response *);
void kc_rest_task_restart(const kc_rest_ctx *, const kc_rest_request *, kc_rest_response *);
void kc_rest_plugins_list(const kc_rest_ctx *, const kc_rest_request *, kc_rest_response *);

/* Connect's error body {"error_code":status,"message":...}. */
void kc_rest_error(kc_rest_response *resp, int status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
