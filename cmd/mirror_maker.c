/*
 * cmd/mirror_maker.c - dedicated MirrorMaker 2 mode (`kconnect mirror-maker mm2.properties
 * [--clusters A B ...]`, connect-mirror-maker.sh), as spec/mirrormaker2.md §8 describes
 * Java's MirrorMaker driver.
 *
 * One mm2.properties file names the clusters and the flows between them. Every ordered pair
 * (S, T) whose flow is enabled, or whose heartbeats are not disabled, gets its own herder: a
 * Connect worker on cluster T with group `S-mm2` and internal topics
 * `mm2-{configs,offsets,status}.S.internal`, running the three MirrorMaker connectors with
 * configs layered from the file (§8.5, §8.6). `--clusters` limits the pairs to the targets
 * this node serves. Several nodes with the same file share each pair's work through the
 * group, as Connect workers do.
 *
 * The connector configs are written by whichever node leads a pair's group, when it becomes
 * leader and only when they differ from the config topic (Java's MirrorHerder), so a node
 * with an edited file applies it once it leads.
 *
 * Config providers, as Java's MirrorMakerConfig uses them: the file's own settings (clusters,
 * flows) are read resolved; each worker config is resolved, with the config.providers.*
 * settings kept as written for its own providers; connector configs keep their placeholders,
 * resolved by the worker when the connector or a task starts.
 *
 * Main thread: builds the configs, starts the herders, then checks leadership once a
 * second until the stop signal (kc_mm_stop_fn). Herder functions run through
 * kc_herder_call on each herder's own thread.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "cmd/mirror_maker.h"
#include "worker/clientconf.h"

#include <ctype.h>
#include <stdatomic.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "connectors/mirror/mirror_config.h"
#include "rest/server.h"
#include "lib/config_providers.h"
#include "lib/configdef.h"
#include "worker/herder.h"
#include "worker/internal_topics.h"
#include "worker/kafka.h"
#include "lib/log.h"
#include "lib/sd_notify.h"
#include "worker/refused.h"
#include "worker/runtime.h"
#include "worker/validate.h"
#include "worker/worker_config.h"

/* Top-level key prefixes copied into every worker config, overriding "<target>." ones. */
static const char *const worker_prefixes[] = {
    "offset.storage", "config.storage", "status.storage", "key.converter", "value.converter",
    "header.converter", "task", "worker", "replication.policy", NULL,
};

static const char *const connector_classes[][2] = {
    { "MirrorSourceConnector", "org.apache.kafka.connect.mirror.MirrorSourceConnector" },
    { "MirrorHeartbeatConnector", "org.apache.kafka.connect.mirror.MirrorHeartbeatConnector" },
    { "MirrorCheckpointConnector", "org.apache.kafka.connect.mirror.MirrorCheckpointConnector" },
};

typedef struct flow {
    char            *source, *target;
    char            *label;             /* "S->T" */
    kc_worker_config wc;
    bool             wc_ready;
    kc_props         shown;             /* the worker config before resolving, for messages */
    json_t          *connectors[3];     /* desired configs, in connector_classes order */
    /* Set by the driver as the flow starts, read by REST threads meanwhile (flow_herder). */
    _Atomic(kc_herder *) herder;
    bool             was_leader;
} flow;

static bool
starts_with(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}


/* Java's Boolean.parseBoolean. */
static bool
parse_bool(const char *v)
{
    return v != NULL && strcasecmp(v, "true") == 0;
}

static void
set_if_absent(kc_props *p, const char *key, const char *value)
{
    if (kc_props_get(p, key) == NULL)
        kc_props_set(p, key, value, 0);
}

/* clusterProps(alias) (§8.5 step 1). */
static void
cluster_props(const kc_props *raw, const char *alias, kc_props *out)
{
    char  *prefix = kc_xasprintf("%s.", alias);
    size_t plen = strlen(prefix);
    static const char *const roles[] = { "producer.", "consumer.", "admin.", NULL };

    kc_props_init(out, raw->origin);
    for (size_t i = 0; i < raw->n; i++)
        if (starts_with(raw->items[i].key, prefix))
            kc_props_set(out, raw->items[i].key + plen, raw->items[i].value, raw->items[i].line);
    for (size_t i = 0, n = out->n; i < n; i++) {
        if (!kc_client_connection_key(out->items[i].key))
            continue;
        for (const char *const *r = roles; *r != NULL; r++) {
            char *k = kc_xasprintf("%s%s", *r, out->items[i].key);
            char *v = kc_xstrdup(out->items[i].value);
            set_if_absent(out, k, v);
            free(k);
            free(v);
        }
    }
    for (size_t i = 0; i < raw->n; i++) {
        const char *k = raw->items[i].key;
        if (!kc_client_connection_key(k))
            continue;
        for (const char *const *r = roles; *r != NULL; r++) {
            char *rk = kc_xasprintf("%s%s", *r, k);
            set_if_absent(out, rk, raw->items[i].value);
            free(rk);
        }
        set_if_absent(out, k, raw->items[i].value);
    }
    free(prefix);
}

/* workerConfig(S->T) (§8.5). */
static void
worker_props(const kc_props *raw, const char *source, const char *target, kc_props *out)
{
    char *v;

    cluster_props(raw, target, out);
    for (size_t i = 0; i < raw->n; i++)
        for (const char *const *p = worker_prefixes; *p != NULL; p++)
            if (starts_with(raw->items[i].key, *p)) {
                kc_props_set(out, raw->items[i].key, raw->items[i].value, raw->items[i].line);
                break;
            }
    /* Dedicated mode's own REST settings reach the worker as they are. */
    for (size_t i = 0; i < raw->n; i++) {
        const char *k = raw->items[i].key;
        if (strcmp(k, "listeners") == 0 || starts_with(k, "rest.advertised.") ||
            starts_with(k, "listeners.https.") || starts_with(k, "access.control.") ||
            strcmp(k, "response.http.headers.config") == 0)
            kc_props_set(out, k, raw->items[i].value, raw->items[i].line);
    }
    {
        /* Java's defaults for a pair's worker: "%s" is the source alias. */
        static const char *const defaults[][2] = {
            { "group.id", "%s-mm2" },
            { "offset.storage.topic", "mm2-offsets.%s.internal" },
            { "status.storage.topic", "mm2-status.%s.internal" },
            { "config.storage.topic", "mm2-configs.%s.internal" },
        };
        v = kc_xasprintf("%s->%s", source, target);
        set_if_absent(out, "client.id", v);
        free(v);
        for (size_t i = 0; i < KC_ARRAY_LEN(defaults); i++) {
            v = kc_xasprintf(defaults[i][1], source);
            set_if_absent(out, defaults[i][0], v);
            free(v);
        }
    }
    set_if_absent(out, "key.converter", "org.apache.kafka.connect.converters.ByteArrayConverter");
    set_if_absent(out, "value.converter",
                  "org.apache.kafka.connect.converters.ByteArrayConverter");
    set_if_absent(out, "header.converter",
                  "org.apache.kafka.connect.converters.ByteArrayConverter");
}

/* connectorBaseConfig(S->T, class) (§8.6). */
static json_t *
connector_config(const kc_props *raw, const char *source, const char *target,
                 const char *simple_name, const char *class_name)
{
    json_t  *c = json_object();
    kc_props sp, tp;
    char    *flow_prefix = kc_xasprintf("%s->%s.", source, target);

    for (size_t i = 0; i < raw->n; i++) {
        const char *k = raw->items[i].key;
        if (kc_mirror_config_key_defined(k) || starts_with(k, "config.providers") ||
            starts_with(k, "replication.policy"))
            json_object_set_new(c, k, json_string(raw->items[i].value));
    }
    cluster_props(raw, source, &sp);
    cluster_props(raw, target, &tp);
    for (int side = 0; side < 2; side++) {
        const kc_props *p = side == 0 ? &sp : &tp;
        const char     *name = side == 0 ? "source" : "target";
        for (size_t i = 0; i < p->n; i++) {
            const char *k = p->items[i].key;
            bool  client_role = starts_with(k, "consumer.") || starts_with(k, "producer.") ||
                                starts_with(k, "admin.");
            char *key = kc_xasprintf("%s.%s%s", name, client_role ? "" : "cluster.", k);
            json_object_set_new(c, key, json_string(p->items[i].value));
            free(key);
        }
    }
    kc_props_free(&sp);
    kc_props_free(&tp);
    if (json_object_get(c, "name") == NULL)
        json_object_set_new(c, "name", json_string(simple_name));
    if (json_object_get(c, "connector.class") == NULL)
        json_object_set_new(c, "connector.class", json_string(class_name));
    if (json_object_get(c, "source.cluster.alias") == NULL)
        json_object_set_new(c, "source.cluster.alias", json_string(source));
    if (json_object_get(c, "target.cluster.alias") == NULL)
        json_object_set_new(c, "target.cluster.alias", json_string(target));
    for (size_t i = 0; i < raw->n; i++)
        if (starts_with(raw->items[i].key, flow_prefix))
            json_object_set_new(c, raw->items[i].key + strlen(flow_prefix),
                                json_string(raw->items[i].value));
    if (json_object_get(c, "enabled") == NULL)
        json_object_set_new(c, "enabled", json_string("false"));
    free(flow_prefix);
    return c;
}

/* Whether the pair gets a herder (§8.4). */
static bool
pair_wanted(const kc_props *raw, const char *s, const char *t)
{
    char *flow_key = kc_xasprintf("%s->%s.enabled", s, t);
    char *hb = kc_xasprintf("%s->%s.emit.heartbeats.enabled", s, t);
    bool  on = parse_bool(kc_props_get(raw, flow_key));
    bool  heartbeats = kc_props_get(raw, hb) != NULL ? parse_bool(kc_props_get(raw, hb))
                       : kc_props_get(raw, "emit.heartbeats.enabled") != NULL
                           ? parse_bool(kc_props_get(raw, "emit.heartbeats.enabled"))
                           : true;

    free(flow_key);
    free(hb);
    return on || heartbeats;
}

/* ===== Leader duty (herder thread) ===== */

typedef struct ensure_call {
    flow *f;
    int   written;
} ensure_call;

static void
ensure_connectors(kc_herder *h, void *arg)
{
    ensure_call           *call = arg;
    const kc_config_state *st = kc_herder_config(h);

    if (!kc_herder_is_leader(h))
        return;
    for (size_t i = 0; i < KC_ARRAY_LEN(connector_classes); i++) {
        json_t                   *want = call->f->connectors[i];
        const char               *name = json_string_value(json_object_get(want, "name"));
        const kc_connector_state *have = kc_config_state_connector(st, name);
        kc_err                    err;

        if (have != NULL && have->config != NULL && json_equal(have->config, want))
            continue;
        if (kc_herder_put_connector_config(h, name, want, NULL, &err) != KC_OK) {
            kc_log_warn("mirror-maker", "[%s] writing the config of %s: %s", call->f->label, name,
                        err.msg);
            continue;
        }
        kc_log_info("mirror-maker", "[%s] %s the config of %s", call->f->label,
                    have != NULL && have->config != NULL ? "updated" : "created", name);
        call->written++;
    }
}

static void
is_leader_call(kc_herder *h, void *arg)
{
    *(bool *) arg = kc_herder_is_leader(h) && !kc_herder_rebalancing(h);
}

/* MirrorHerder: on becoming leader, make the config topic hold the file's configs. */
static void
lead(flow *f)
{
    bool        leader = false;
    ensure_call call = { f, 0 };

    if (kc_herder_call(f->herder, is_leader_call, &leader, 5000) != KC_OK)
        return;
    if (leader && !f->was_leader &&
        kc_herder_request(f->herder, ensure_connectors, &call, 30000) == KC_OK)
        f->was_leader = true;
    else if (!leader)
        f->was_leader = false;
}

/* ===== Internal REST (KIP-710) ===== */

typedef struct flows_view {
    flow  *flows;
    size_t n;
} flows_view;

/* REST threads: the herder of a flow, NULL until it has started. Only the flows' herders
 * change while REST runs. */
static kc_herder *
flow_herder(void *arg, const char *source, const char *target)
{
    flows_view *v = arg;

    for (size_t i = 0; i < v->n; i++)
        if (strcmp(v->flows[i].source, source) == 0 && strcmp(v->flows[i].target, target) == 0)
            return v->flows[i].herder;
    return NULL;
}

/* URL-encodes an alias for the flow's path (UTF-8 bytes; Java's URLEncoder with '+' written
 * as %20 yields the same for the characters aliases use). */
static char *
url_encode(const char *s)
{
    char  *out = kc_xcalloc(3 * strlen(s) + 1, 1);
    size_t k = 0;

    for (const unsigned char *p = (const unsigned char *) s; *p; p++) {
        if (isalnum(*p) || *p == '-' || *p == '_' || *p == '.' || *p == '*')
            out[k++] = (char) *p;
        else
            k += (size_t) sprintf(out + k, "%%%02X", *p);
    }
    return out;
}

/* ===== Driver ===== */

static void
flow_free(flow *f)
{
    kc_herder_stop(f->herder);
    for (size_t i = 0; i < KC_ARRAY_LEN(f->connectors); i++)
        json_decref(f->connectors[i]);
    if (f->wc_ready && !kc_runtime_left_running())    /* else tasks still read it */
        kc_worker_config_free(&f->wc);
    kc_props_free(&f->shown);
    free(f->source);
    free(f->target);
    free(f->label);
}

/* Creates or checks the pair's internal topics on its target cluster; *later: the offsets
 * topic's creation left for the herder (kc_internal_topics_ensure). */
static int
prepare_topics(flow *f, kc_internal_topic_later **later, kc_err *err)
{
    char       *client_id = kc_xasprintf("%s-%s-shared-admin", kc_cfg_str(&f->wc.cfg, "group.id"),
                                         f->label);
    rd_kafka_t *admin = kc_kafka_new(RD_KAFKA_PRODUCER, &f->wc.props, "",
                                     (const char *const[]) { "client.id", client_id, NULL }, err);
    int         rc;

    free(client_id);
    if (admin == NULL)
        return err->code;
    rc = kc_internal_topics_ensure(admin, &f->wc, later, err);
    kc_kafka_destroy(admin);
    return rc;
}

int
kc_mirror_maker_run(const char *path, char *const *only, size_t nonly, kc_mm_stop_fn stop)
{
    kc_props raw;              /* mm2.properties as written */
    kc_props file;             /* ... resolved: Java's MirrorMakerConfig originals */
    kc_config_providers *own = NULL, *mm = NULL;
    kc_err   err = { 0, "" };
    char   **clusters = NULL;
    size_t   nclusters = 0, nflows = 0;
    flow    *flows = NULL;
    int      rc = KC_MM_EXIT_INIT, stopped = 0;
    flows_view      view = { NULL, 0 };
    /* Every request names its flow's herder (rest/routes.c); none at the top level. */
    kc_rest_ctx     rest_ctx = { .version = KC_KAFKA_VERSION, .commit = "", .no_herder = true };
    kc_rest_server *rest = NULL;
    kc_rest_ports  *ports;

    kc_props_init(&raw, path);
    kc_props_init(&file, path);
    if (kc_props_load_file(&raw, path, &err) != KC_OK) {
        kc_log_error("mirror-maker", "%s", err.msg);
        kc_props_free(&raw);
        kc_props_free(&file);
        return KC_MM_EXIT_INIT;
    }
    /* The file resolves its own values (AbstractConfig: config.providers split as written);
     * MirrorMakerConfig.transform resolves the worker configs with providers made from the
     * resolved settings (config.providers as a LIST). */
    kc_props_free(&file);
    if (kc_config_providers_new(&raw, KC_CP_NAMES_SPLIT, &own, &err) != KC_OK ||
        kc_config_providers_transform_props(own, &raw, &file, &err) != KC_OK ||
        kc_config_providers_new(&file, KC_CP_NAMES_LIST, &mm, &err) != KC_OK) {
        kc_log_error("mirror-maker", "%s", err.msg);
        goto out;
    }
    /* What mm2.properties sets for every cluster and flow (client settings under
     * consumer./producer./admin.): refused before anything starts. */
    if (kc_refused_worker(&file, false, &err) != KC_OK) {
        char *shown = kc_config_providers_mask_props(err.msg, &raw, &file);
        kc_log_error("mirror-maker", "%s", shown);
        free(shown);
        goto out;
    }
    if (kc_props_get(&file, "clusters") == NULL) {
        kc_log_error("mirror-maker", "%s: Missing required configuration \"clusters\" which has "
                     "no default value.", path);
        goto out;
    }
    clusters = kc_cfg_split_list(kc_props_get(&file, "clusters"), &nclusters);
    for (size_t i = 0; i < nonly; i++) {
        bool known = false;
        for (size_t j = 0; j < nclusters; j++)
            known = known || strcmp(only[i], clusters[j]) == 0;
        if (!known) {
            kc_log_error("mirror-maker", "--clusters %s: not one of clusters (%s)", only[i],
                         kc_props_get(&raw, "clusters"));
            goto out;
        }
    }
    flows = kc_xcalloc(nclusters * nclusters + 1, sizeof(*flows));
    for (size_t s = 0; s < nclusters; s++)
        for (size_t t = 0; t < nclusters; t++) {
            bool served = nonly == 0;
            for (size_t i = 0; i < nonly; i++)
                served = served || strcmp(only[i], clusters[t]) == 0;
            if (s == t || !served || !pair_wanted(&file, clusters[s], clusters[t]))
                continue;
            flows[nflows].source = kc_xstrdup(clusters[s]);
            flows[nflows].target = kc_xstrdup(clusters[t]);
            flows[nflows].label = kc_xasprintf("%s->%s", clusters[s], clusters[t]);
            nflows++;
        }
    if (nflows == 0) {
        kc_log_error("mirror-maker", "No source->target replication flows.");
        goto out;
    }
    for (size_t i = 0; i < nflows; i++) {
        flow    *f = &flows[i];
        kc_props wp;

        worker_props(&raw, f->source, f->target, &f->shown);
        if (kc_config_providers_transform_props(mm, &f->shown, &wp, &err) != KC_OK) {
            kc_log_error("mirror-maker", "[%s] worker config: %s", f->label, err.msg);
            kc_props_free(&wp);
            goto out;
        }
        /* The worker's own providers, as written (workerConfig copies them after it
         * resolves). */
        for (size_t k = 0; k < raw.n; k++)
            if (starts_with(raw.items[k].key, "config.providers"))
                kc_props_set(&wp, raw.items[k].key, raw.items[k].value, raw.items[k].line);
        if (kc_worker_config_from_props(&f->wc, &wp, &err) != KC_OK) {
            char *shown = kc_config_providers_mask_props(err.msg, &f->shown, &wp);
            kc_log_error("mirror-maker", "[%s] worker config: %s", f->label, shown);
            free(shown);
            kc_props_free(&wp);
            goto out;
        }
        kc_props_free(&wp);
        f->wc_ready = true;
        /* Checked as the herder checks a write, before anything starts: Java's MirrorMaker
         * logs the refusal and runs without the connector; here the file is fixed first. */
        for (size_t c = 0; c < KC_ARRAY_LEN(connector_classes); c++) {
            char *problem;
            f->connectors[c] = connector_config(&raw, f->source, f->target,
                                                connector_classes[c][0],
                                                connector_classes[c][1]);
            problem = kc_connector_config_problem(&f->wc.cfg, f->wc.providers,
                                                  f->connectors[c], "");
            if (problem != NULL) {
                kc_log_error("mirror-maker", "[%s] %s: %s", f->label, connector_classes[c][0],
                             problem);
                free(problem);
                goto out;
            }
        }
    }
    rc = KC_MM_EXIT_START;
    view = (flows_view) { flows, nflows };
    if (parse_bool(kc_props_get(&file, "dedicated.mode.enable.internal.rest"))) {
        rest_ctx.flow_herder = flow_herder;
        rest_ctx.flow_arg = &view;
        rest_ctx.worker_cfg = &flows[0].wc.cfg;
        rest_ctx.providers = flows[0].wc.providers;
        if ((rest = kc_rest_start(&flows[0].wc.cfg, &rest_ctx, &err)) == NULL) {
            kc_log_error("mirror-maker", "internal REST: %s", err.msg);
            goto out;
        }
    }
    for (size_t i = 0; i < nflows && !(stopped = stop(0)); i++) {
        flow                    *f = &flows[i];
        char                    *url = NULL;
        kc_internal_topic_later *later = NULL;     /* the herder's, once given */
        kc_herder               *herder;

        kc_log_info("mirror-maker", "[%s] starting: group %s on %s", f->label,
                    kc_props_get(&f->shown, "group.id"),
                    kc_props_get(&f->shown, "bootstrap.servers"));
        if (rest != NULL) {
            char *s = url_encode(f->source), *t = url_encode(f->target);
            url = kc_xasprintf("%s%s/%s/", kc_rest_advertised_url(rest), s, t);
            free(s);
            free(t);
        }
        /* Without internal REST (Java's default) there is no URL to reach this node at. */
        herder = NULL;
        if (prepare_topics(f, &later, &err) != KC_OK ||
            (herder = kc_herder_start(&f->wc, url ? url : "NOTUSED",
                                      rest ? kc_rest_worker_id(rest) : f->label, later,
                                      &err)) == NULL) {
            kc_log_error("mirror-maker", "[%s] %s", f->label, err.msg);
            free(url);
            goto out;
        }
        f->herder = herder;
        free(url);
    }
    if (!stopped)
        kc_log_info("mirror-maker", "Kafka MirrorMaker started (%zu flows)", nflows);
    for (bool ready = false; !stopped && !(stopped = stop(ready ? 1000 : 50));) {
        bool all_joined = true;
        for (size_t i = 0; i < nflows; i++)
            all_joined = all_joined && kc_herder_ready(flows[i].herder);
        if (!ready && all_joined) {              /* systemd: every flow has joined */
            kc_sd_notify("READY=1\nSTATUS=Kafka MirrorMaker started");
            ready = true;
        }
        for (size_t i = 0; i < nflows; i++) {
            char why[512];
            if (kc_herder_failed(flows[i].herder, why, sizeof(why))) {
                kc_log_error("mirror-maker", "[%s] herder failed: %s", flows[i].label, why);
                rc = KC_MM_EXIT_START;
                goto out;
            }
            lead(&flows[i]);
        }
    }
    rc = 0;
    kc_log_info("mirror-maker", "Kafka MirrorMaker stopping");
out:
    for (size_t i = 0; i < nflows; i++)
        kc_herder_signal_stop(flows[i].herder);   /* a handler waiting on one is answered */
    /* Before the herders its handlers call; its port closes once they have left. */
    ports = kc_rest_stop_keeping_ports(rest);
    for (size_t i = 0; i < nflows; i++)
        flow_free(&flows[i]);
    kc_rest_close_ports(ports);
    free(flows);
    kc_strv_free(clusters);
    kc_props_free(&raw);
    kc_props_free(&file);
    kc_config_providers_free(own);
    kc_config_providers_free(mm);
    if (rc == 0)
        kc_log_info("mirror-maker", "Kafka MirrorMaker stopped");
    return rc;
}
