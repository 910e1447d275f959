/*
 * tests/tools/group_probe.c - a Connect group member with no connectors, for tests of the
 * group protocol against real brokers and Java workers.
 *
 *   group_probe WORKER.properties GROUP URL PROTOCOLS HOLD_MS
 *
 * Joins GROUP (bootstrap.servers and security from the properties file) offering the
 * Connect PROTOCOLS (comma list of sessioned, compatible, default) with member metadata
 * for URL; as leader, decodes every member's metadata and hands each an empty assignment;
 * heartbeats and rejoins as needed for HOLD_MS, then leaves. session.timeout.ms in the
 * properties file sets its session timeout (10000 if absent). Prints one JSON object per
 * event on stdout: joined, member (leader only), assignment, left, error.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "protocol/connect_protocol.h"
#include "protocol/group.h"
#include "worker/clientconf.h"
#include "lib/configdef.h"
#include "lib/log.h"
#include "lib/props.h"

static void
emit(json_t *event)
{
    char *s = json_dumps(event, JSON_COMPACT | JSON_PRESERVE_ORDER);

    printf("%s\n", s);
    fflush(stdout);
    free(s);
    json_decref(event);
}

static json_t *
tasks_json(const kc_connector_tasks_list *l)
{
    json_t *a = json_array();

    for (size_t i = 0; i < l->n; i++) {
        json_t *t = json_array();
        for (size_t j = 0; j < l->items[i].ntasks; j++)
            json_array_append_new(t, json_integer(l->items[i].tasks[j]));
        json_array_append_new(a, json_pack("[s,o]", l->items[i].connector, t));
    }
    return a;
}

int
main(int argc, char **argv)
{
    kc_props             props;
    kc_conn_security     sec;
    kc_group_config      cfg;
    kc_group            *g;
    kc_err               err;
    char               **protos, **bootstrap;
    const char          *url;
    size_t               nprotos;
    kc_connect_assignment current;
    bool                 have_current = false;
    int64_t              deadline;
    int                  rc = 0;

    if (argc != 6) {
        fprintf(stderr, "usage: group_probe WORKER.properties GROUP URL PROTOCOLS HOLD_MS\n");
        return 2;
    }
    kc_log_set_level(KC_LOG_WARN);
    kc_props_init(&props, argv[1]);
    if (kc_props_load_file(&props, argv[1], &err) != KC_OK ||
        kc_clientconf_security(&props, "", &sec, &err) != KC_OK) {
        emit(json_pack("{s:s,s:s}", "event", "error", "message", err.msg));
        return 1;
    }
    url = argv[3];
    protos = kc_cfg_split_list(argv[4], &nprotos);
    bootstrap = kc_cfg_split_list(kc_props_get(&props, "bootstrap.servers"), NULL);
    deadline = kc_mono_ms() + atoi(argv[5]);
    memset(&cfg, 0, sizeof(cfg));
    cfg.group_id = argv[2];
    cfg.protocol_type = KC_CONNECT_PROTOCOL_TYPE;
    cfg.client_id = "group-probe";
    cfg.bootstrap = bootstrap;
    cfg.security = &sec;
    cfg.session_timeout_ms = kc_props_get(&props, "session.timeout.ms") != NULL ?
                             atoi(kc_props_get(&props, "session.timeout.ms")) : 10000;
    cfg.rebalance_timeout_ms = 60000;
    cfg.request_timeout_ms = 10000;
    cfg.retry_backoff_ms = 100;
    g = kc_group_new(&cfg);
    memset(&current, 0, sizeof(current));

    while (kc_mono_ms() < deadline) {
        kc_group_protocol   offered[3];
        kc_wbuf             md[3];
        kc_group_joined     joined;
        kc_group_assignment *assignments = NULL;
        kc_wbuf             *blobs = NULL;
        uint8_t             *mine;
        size_t               mine_len, n = 0;
        int                  version = 0, hb;

        for (size_t i = 0; i < nprotos && i < 3; i++) {
            kc_connect_metadata m = { 0 };
            m.version = (int16_t) kc_connect_protocol_parse(protos[i]);
            m.url = (char *) url;
            m.config_offset = -1;
            if (have_current && m.version >= 1) {
                m.has_allocation = true;
                m.allocation = current;
                m.allocation.version = m.version;
            }
            kc_wbuf_init(&md[i]);
            kc_connect_metadata_encode(&m, &md[i]);
            offered[i] = (kc_group_protocol) { protos[i], md[i].buf, md[i].len };
            n++;
        }
        rc = kc_group_join(g, offered, n, &joined, 60000, &err);
        for (size_t i = 0; i < n; i++)
            kc_wbuf_free(&md[i]);
        if (rc != KC_OK) {
            emit(json_pack("{s:s,s:s}", "event", "error", "message", err.msg));
            rc = 1;
            break;
        }
        version = kc_connect_protocol_parse(joined.protocol ? joined.protocol : "");
        emit(json_pack("{s:s,s:i,s:s?,s:s,s:s,s:b,s:i}", "event", "joined", "generation",
                       joined.generation, "protocol", joined.protocol, "member_id",
                       joined.member_id, "leader_id", joined.leader_id, "leader",
                       strcmp(joined.leader_id, joined.member_id) == 0, "members",
                       (int) joined.nmembers));
        if (joined.nmembers > 0) {
            assignments = kc_xcalloc(joined.nmembers, sizeof(*assignments));
            blobs = kc_xcalloc(joined.nmembers, sizeof(*blobs));
            for (size_t i = 0; i < joined.nmembers; i++) {
                kc_connect_metadata   m;
                kc_connect_assignment a = { 0 };
                if (kc_connect_metadata_decode(joined.members[i].metadata,
                                               joined.members[i].len, &m, &err) != KC_OK) {
                    emit(json_pack("{s:s,s:s,s:s}", "event", "error", "member",
                                   joined.members[i].member_id, "message", err.msg));
                    continue;
                }
                emit(json_pack("{s:s,s:s,s:i,s:s,s:I,s:b}", "event", "member", "member_id",
                               joined.members[i].member_id, "version", m.version, "url", m.url,
                               "config_offset", (json_int_t) m.config_offset,
                               "has_allocation", m.has_allocation));
                a.version = (int16_t) version;
                a.leader = joined.leader_id;
                a.leader_url = (char *) url;
                a.config_offset = -1;
                kc_wbuf_init(&blobs[i]);
                kc_connect_assignment_encode(&a, &blobs[i]);
                assignments[i] = (kc_group_assignment) { joined.members[i].member_id,
                                                         blobs[i].buf, blobs[i].len };
                kc_connect_metadata_clear(&m);
            }
        }
        rc = kc_group_sync(g, &joined, assignments, joined.nmembers, &mine, &mine_len, &err);
        for (size_t i = 0; blobs != NULL && i < joined.nmembers; i++)
            kc_wbuf_free(&blobs[i]);
        free(blobs);
        free(assignments);
        kc_group_joined_clear(&joined);
        if (rc == KC_EREBALANCE)
            continue;
        if (rc != KC_OK) {
            emit(json_pack("{s:s,s:s}", "event", "error", "message", err.msg));
            rc = 1;
            break;
        }
        kc_connect_assignment_clear(&current);
        have_current = false;
        if (kc_connect_assignment_decode(mine, mine_len, &current, &err) != KC_OK) {
            emit(json_pack("{s:s,s:s}", "event", "error", "message", err.msg));
        } else {
            have_current = true;
            emit(json_pack("{s:s,s:i,s:i,s:s,s:s,s:I,s:o,s:b,s:i}", "event", "assignment",
                           "version", current.version, "error", current.error, "leader",
                           current.leader, "leader_url", current.leader_url, "config_offset",
                           (json_int_t) current.config_offset, "assigned",
                           tasks_json(&current.assigned), "revoked_null",
                           current.revoked.is_null, "delay", current.delay));
        }
        free(mine);
        hb = KC_OK;
        while (kc_mono_ms() < deadline && hb != KC_EREBALANCE) {
            struct timespec ts = { 0, 500 * 1000000L };
            nanosleep(&ts, NULL);
            hb = kc_group_heartbeat(g, 30000, &err);
        }
        rc = 0;
    }
    kc_group_leave(g);
    emit(json_pack("{s:s}", "event", "left"));
    kc_connect_assignment_clear(&current);
    kc_group_free(g);
    kc_conn_security_clear(&sec);
    kc_strv_free(protos);
    kc_strv_free(bootstrap);
    kc_props_free(&props);
    return rc;
}
