/*
 * rest/metrics.c - GET /admin/metrics: the worker's metrics in Prometheus' text format
 * (worker/metrics.h, docs/metrics.md).
 *
 * A scrape collects the group, connector and task metrics on the herder thread (they are
 * the herder's and runtime's state; task metrics are atomics or under the task's lock), then,
 * on this MHD thread, the cutover check of every MirrorSourceConnector whose connector runs
 * on this worker: one worker per connector reports it, so series are not repeated across the
 * cluster, and the Kafka round trips never hold the herder up.
 *
 * Served in the admin context (with /admin/loggers), so admin.listeners decides where it is
 * reachable.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rest/mirror_status.h"
#include "rest/routes.h"
#include "worker/herder.h"
#include "lib/log.h"
#include "worker/metrics.h"

#define HERDER_TIMEOUT_MS 30000
#define CUTOVER_TIMEOUT_MS 10000

typedef struct collection {
    kc_metrics *metrics;
    json_t     *mirrors;          /* {"name": config}: MirrorSourceConnectors run here */
} collection;

/* Herder thread. */
static void
collect(kc_herder *h, void *arg)
{
    collection            *c = arg;
    const kc_config_state *st = kc_herder_config(h);

    kc_herder_metrics(h, c->metrics);
    for (size_t i = 0; i < st->nconnectors; i++) {
        const kc_connector_state *cs = &st->connectors[i];
        json_t *resolved;
        kc_err  err;
        /* Its clients are made from the config resolved; one a provider fails on is left
         * out (its connector has failed to start for the same reason). */
        if (cs->config != NULL && kc_herder_owns(h, cs->name, -1) &&
            kc_rest_is_mirror_source(cs->config) &&
            (resolved = kc_herder_connector_config(h, cs->name, &err)) != NULL)
            json_object_set_new(c->mirrors, cs->name, resolved);
    }
}

/* A per-partition figure; null (nobody has that offset) is left out, as absent. */
static void
partition_sample(kc_metrics *m, const json_t *p, const char *key, const char *metric,
                 const char *help, const char *const *labels)
{
    const json_t *v = json_object_get(p, key);

    if (json_is_number(v))
        kc_metrics_add(m, metric, KC_METRIC_GAUGE, help, labels, json_number_value(v));
}

static void
cutover_samples(const kc_rest_ctx *ctx, kc_metrics *m, const char *name, const json_t *config)
{
    const char *clabels[] = { "connector", name, NULL };
    json_t     *status = NULL, *p;
    kc_err      err;
    size_t      i;

    if (kc_rest_mirror_status_of(ctx, name, config, CUTOVER_TIMEOUT_MS, &status, &err) != KC_OK) {
        kc_log_warn("metrics", "cutover check of connector %s: %s", name, err.msg);
        kc_metrics_add(m, "kconnect_mirror_cutover_check_success", KC_METRIC_GAUGE,
                       "Whether the cutover check could read both clusters and the connector's "
                       "offsets (1) or not (0).", clabels, 0);
        return;
    }
    kc_metrics_add(m, "kconnect_mirror_cutover_check_success", KC_METRIC_GAUGE,
                   "Whether the cutover check could read both clusters and the connector's "
                   "offsets (1) or not (0).", clabels, 1);
    kc_metrics_add(m, "kconnect_mirror_cutover_in_sync", KC_METRIC_GAUGE,
                   "Whether every replicated partition has no lag (1) or not (0); "
                   "docs/cutover.md.", clabels, json_is_true(json_object_get(status, "in_sync")));
    kc_metrics_add(m, "kconnect_mirror_cutover_lag_records", KC_METRIC_GAUGE,
                   "Source records not yet replicated, over all partitions.", clabels,
                   json_number_value(json_object_get(status, "lag_records")));
    kc_metrics_add(m, "kconnect_mirror_cutover_lag_ms", KC_METRIC_GAUGE,
                   "Age of the oldest source record not yet replicated, in ms (0 when none).",
                   clabels, json_number_value(json_object_get(status, "lag_ms")));
    json_array_foreach(json_object_get(status, "partitions"), i, p) {
        char        partition[16];
        const char *topic = json_string_value(json_object_get(p, "topic"));
        const char *target = json_string_value(json_object_get(p, "target_topic"));
        const char *labels[] = { "connector", name, "topic", topic ? topic : "",
                                 "partition", partition, "target_topic", target ? target : "",
                                 NULL };
        snprintf(partition, sizeof(partition), "%lld",
                 (long long) json_integer_value(json_object_get(p, "partition")));
        partition_sample(m, p, "source_end_offset", "kconnect_mirror_cutover_source_end_offset",
                         "The end offset of the source partition.", labels);
        partition_sample(m, p, "replicated_offset", "kconnect_mirror_cutover_replicated_offset",
                         "The last source offset the connector committed as replicated.", labels);
        partition_sample(m, p, "target_end_offset", "kconnect_mirror_cutover_target_end_offset",
                         "The end offset of the remote partition on the target.", labels);
        partition_sample(m, p, "lag_records", "kconnect_mirror_cutover_partition_lag_records",
                         "Source records of the partition not yet replicated.", labels);
        partition_sample(m, p, "lag_ms", "kconnect_mirror_cutover_partition_lag_ms",
                         "Age of the partition's oldest record not yet replicated, in ms.",
                         labels);
        kc_metrics_add(m, "kconnect_mirror_cutover_end_offsets_equal", KC_METRIC_GAUGE,
                       "Whether the source and remote partitions end at the same offset (1).",
                       labels, json_is_true(json_object_get(p, "end_offsets_equal")));
    }
    json_decref(status);
}

void
kc_rest_metrics(const kc_rest_ctx *ctx, const kc_rest_request *req, kc_rest_response *resp)
{
    collection  c = { kc_metrics_new(), json_object() };
    const char *name;
    json_t     *config;

    (void) req;
    if (kc_rest_on_herder(ctx, resp, collect, &c, HERDER_TIMEOUT_MS)) {
        json_object_foreach(c.mirrors, name, config)
            cutover_samples(ctx, c.metrics, name, config);
        json_decref(resp->body);
        resp->body = NULL;
        resp->status = 200;
        resp->text = kc_metrics_render(c.metrics);
        kc_rest_response_header(resp, "Content-Type", KC_METRICS_CONTENT_TYPE, true);
    }
    kc_metrics_free(c.metrics);
    json_decref(c.mirrors);
}
