/*
 * rest/mirror_status.c - GET /connectors/{c}/mirror-status: the cutover check of a
 * MirrorSourceConnector (connectors/mirror/mirror_status.h, docs/cutover.md).
 *
 * MHD thread. Only the lookup of the connector's config runs on the herder thread; the
 * Kafka round trips run here, so a slow cluster never holds the herder up. Any worker
 * answers (nothing is forwarded to the leader): the config and offset topics every worker
 * reads hold all it needs. Read-only.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "rest/mirror_status.h"

#include <string.h>

#include "worker/herder.h"
#include "worker/plugins.h"
#include "worker/runtime.h"
#include "worker/source_offsets.h"

#define HERDER_TIMEOUT_MS 90000
#define KAFKA_TIMEOUT_MS  15000

typedef struct lookup {
    const char *name;
    int         status;       /* 200, or the error status with msg */
    char        msg[512];
    json_t     *config;       /* copy of the connector config when found */
} lookup;

/* The connector class of config when it computes a MirrorMaker cutover status, else NULL. */
static const kc_connector_ops *
mirror_source_of(const json_t *config)
{
    const char             *cls = json_string_value(json_object_get(config, "connector.class"));
    const kc_connector_ops *ops = cls != NULL ? kc_plugins_find(cls) : NULL;

    return ops != NULL && KC_CONNECTOR_HAS8(ops, mirror_status) ? ops : NULL;
}

bool
kc_rest_is_mirror_source(const json_t *config)
{
    return mirror_source_of(config) != NULL;
}

/* Herder thread: the connector's config, if it is a MirrorSourceConnector's. */
static void
do_lookup(kc_herder *h, void *arg)
{
    lookup                   *l = arg;
    const kc_connector_state *cs = kc_config_state_connector(kc_herder_config(h), l->name);
    kc_err                    err;

    if (cs == NULL) {
        l->status = 404;
        snprintf(l->msg, sizeof(l->msg), "Connector %s not found", l->name);
        return;
    }
    if (!kc_rest_is_mirror_source(cs->config)) {
        const char *cls = json_string_value(json_object_get(cs->config, "connector.class"));
        l->status = 400;
        snprintf(l->msg, sizeof(l->msg), "Connector %s is not a MirrorSourceConnector "
                 "(connector.class is %s): mirror-status needs one", l->name,
                 cls ? cls : "not set");
        return;
    }
    /* Its clients are made from the config resolved, as the connector's own are. */
    if ((l->config = kc_herder_connector_config(h, l->name, &err)) == NULL) {
        l->status = 500;
        snprintf(l->msg, sizeof(l->msg), "%s", err.msg);
        return;
    }
    l->status = 200;
}

/* The stored offset of partition, where the connector's tasks read it (opaque: the view of
 * the connector's offsets; connector is its name). */
static int
read_offset(void *opaque, const char *connector, const json_t *partition, json_t **offset,
            char *why, size_t whylen)
{
    kc_err err;

    (void) connector;
    if (kc_source_offsets_get_many(opaque, &partition, 1, offset, &err) == KC_OK)
        return 0;
    snprintf(why, whylen, "%s", err.msg);
    return -1;
}

int
kc_rest_mirror_status_of(const kc_rest_ctx *ctx, const char *name, const json_t *config,
                         int timeout_ms, json_t **out, kc_err *err)
{
    const kc_connector_ops *ops = mirror_source_of(config);
    kc_source_offsets      *offsets;
    char                    why[512] = "";
    int                     rc;

    *out = NULL;
    if (ops == NULL)
        return kc_err_set(err, KC_EINVAL, "connector %s computes no mirror status", name);
    if ((offsets = kc_source_offsets_open(kc_herder_worker_config(ctx->herder),
                                          kc_herder_offsets(ctx->herder), config, name, name,
                                          err)) == NULL)
        return err->code;
    rc = ops->mirror_status(kc_runtime_host(), name, config, read_offset, offsets, timeout_ms,
                            out, why, sizeof(why));
    kc_source_offsets_close(offsets);
    if (rc == KC_PLUGIN_OK)
        return KC_OK;
    return kc_err_set(err, rc == KC_PLUGIN_FATAL ? KC_EINVAL : KC_EKAFKA, "%s", why);
}

void
kc_rest_connector_mirror_status(const kc_rest_ctx *ctx, const kc_rest_request *req,
                                kc_rest_response *resp)
{
    lookup  l = { .name = req->segments[1] };
    json_t *out = NULL;
    kc_err  err;

    if (!kc_rest_on_herder(ctx, resp, do_lookup, &l, HERDER_TIMEOUT_MS))
        return;
    if (l.status != 200) {
        kc_rest_error(resp, l.status, "%s", l.msg);
        return;
    }
    if (kc_rest_mirror_status_of(ctx, l.name, l.config, KAFKA_TIMEOUT_MS, &out, &err) != KC_OK) {
        kc_rest_error(resp, err.code == KC_EINVAL ? 400 : 500,
                      "Could not compute the mirror status of connector %s: %s", l.name,
                      err.msg);
    } else {
        json_decref(resp->body);
        resp->status = 200;
        resp->body = out;
    }
    json_decref(l.config);
}
