/*
 * worker/metrics.h - one scrape of the worker's metrics, rendered in Prometheus' text
 * exposition format (version 0.0.4) for GET /admin/metrics.
 *
 * Java Connect publishes its metrics as JMX MBeans, which operators usually scrape through a
 * JMX exporter. kconnect has no JMX: it serves the same figures over HTTP under the names
 * such an exporter's customary Kafka Connect rules give them (docs/metrics.md), so
 * dashboards keep working. A kc_metrics is built afresh for every scrape by one thread and
 * then rendered; nothing in it is shared.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_METRICS_H
#define KC_METRICS_H

#include "connectors/connector.h"

typedef struct kc_metrics kc_metrics;

kc_metrics *kc_metrics_new(void);
void kc_metrics_free(kc_metrics *m);

/* The writer handed to tasks (kc_task_ops.metrics); samples go into m. */
kc_metrics_out *kc_metrics_writer(kc_metrics *m);

/* Adds one sample (see kc_metrics_out in connectors/connector.h). A name that is not a
 * valid Prometheus name, or a family whose type or help differs from its first sample's,
 * is dropped with a warning rather than corrupting the exposition. */
void kc_metrics_add(kc_metrics *m, const char *name, kc_metric_type type, const char *help,
                    const char *const *labels, double value);

/* The exposition text (caller frees): families in name order, each with its # HELP and
 * # TYPE lines once, samples in the order they were added. */
char *kc_metrics_render(const kc_metrics *m);

/* The content type of the rendering. */
#define KC_METRICS_CONTENT_TYPE "text/plain; version=0.0.4; charset=utf-8"

#endif
