/*
 * tests/plugins/abi1_sink.c - a sink plugin as it was built against ABI 1 of
 * connectors/connector.h, before config_def and alter_offsets were appended: its table is
 * the ABI 1 layout exactly, so a worker that read the newer members from it would read past
 * its end (ASan reports it). "com.example.OldSink" accepts records and drops them.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <stdlib.h>

#include "connectors/connector.h"

/* kc_connector_ops as ABI 1 had it. */
typedef struct {
    int                abi;
    const char        *class_name;
    const char *const *aliases;
    const char        *version;
    kc_connector_type  type;
    const char        *task_class;
    json_t          *(*validate)(const json_t *config);
    int              (*start)(void **priv, const kc_context *ctx, const json_t *config, char *err,
                              size_t errlen);
    int              (*task_configs)(void *priv, int max_tasks, json_t **configs_out, char *err,
                                     size_t errlen);
    void             (*stop)(void *priv);
    const kc_task_ops *task;
} abi1_connector_ops;

static int
c_start(void **priv, const kc_context *ctx, const json_t *config, char *err, size_t errlen)
{
    (void) ctx;
    (void) err;
    (void) errlen;
    *priv = json_deep_copy(config);
    return KC_PLUGIN_OK;
}

static int
c_task_configs(void *priv, int max_tasks, json_t **out, char *err, size_t errlen)
{
    (void) max_tasks;
    (void) err;
    (void) errlen;
    *out = json_pack("[O]", (json_t *) priv);
    return KC_PLUGIN_OK;
}

static void c_stop(void *priv) { json_decref(priv); }

static int task_state;       /* tasks keep nothing, but their state must not be NULL */

static int
t_start(void **priv, const kc_context *ctx, const json_t *config, char *err, size_t errlen)
{
    (void) ctx;
    (void) config;
    (void) err;
    (void) errlen;
    *priv = &task_state;
    return KC_PLUGIN_OK;
}

static void t_stop(void *priv) { (void) priv; }
static void t_destroy(void *priv) { (void) priv; }

static int
t_put(void *priv, const kc_record *recs, size_t n, char *err, size_t errlen)
{
    (void) priv;
    (void) recs;
    (void) n;
    (void) err;
    (void) errlen;
    return KC_PLUGIN_OK;
}

static const kc_task_ops old_task_ops = {
    .start = t_start, .stop = t_stop, .destroy = t_destroy, .put = t_put,
};

static const char *const aliases[] = { "OldSink", NULL };

static const abi1_connector_ops old_sink = {
    .abi = 1,
    .class_name = "com.example.OldSink",
    .aliases = aliases,
    .version = "0.9",
    .type = KC_CONNECTOR_SINK,
    .task_class = "com.example.OldSinkTask",
    .start = c_start,
    .task_configs = c_task_configs,
    .stop = c_stop,
    .task = &old_task_ops,
};

static const kc_connector_ops *const classes[] = { (const kc_connector_ops *) &old_sink, NULL };

KC_EXPORT const kc_connector_ops *const *
kc_connector_entry(const kc_host *h)
{
    (void) h;
    return classes;
}
