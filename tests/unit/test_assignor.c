/*
 * tests/unit/test_assignor.c - the leader's assignment algorithms against the conformance
 * scenarios of spec/connect-runtime.md §7.2-7.4 (derived from Java's EagerAssignor and
 * IncrementalCooperativeAssignor), and the orders that decide Java's choices: how a worker
 * lists its work on the wire, and the order the leader walks members and their work.
 * Expectations were derived from the Java rules named in the comments and checked against
 * Kafka 4.3.1's own classes (IncrementalCooperativeAssignor, IncrementalCooperativeConnect-
 * Protocol, ExtendedAssignment) run on JDK 17.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "worker/assignor.h"
#include "worker/config_state.h"

/* A config state with connector `name` and `tasks` committed tasks. */
static void
add_connector(kc_config_state *st, const char *name, int tasks)
{
    kc_config_event ev;
    kc_record_kv    r;
    json_t         *cfg = json_pack("{s:s,s:s}", "connector.class", "X", "name", name);
    int64_t         off = st->offset < 0 ? 0 : st->offset;

    kc_config_record_connector(&r, name, cfg);
    kc_config_state_apply(st, r.key, r.value, r.value_len, off++, &ev);
    kc_record_kv_clear(&r);
    for (int i = 0; i < tasks; i++) {
        kc_config_record_task(&r, name, i, cfg);
        kc_config_state_apply(st, r.key, r.value, r.value_len, off++, &ev);
        kc_record_kv_clear(&r);
    }
    kc_config_record_commit(&r, name, tasks);
    kc_config_state_apply(st, r.key, r.value, r.value_len, off++, &ev);
    kc_record_kv_clear(&r);
    json_decref(cfg);
}

static void
remove_connector(kc_config_state *st, const char *name)
{
    kc_config_event ev;
    kc_record_kv    r;

    kc_config_record_connector(&r, name, NULL);
    kc_config_state_apply(st, r.key, NULL, 0, st->offset, &ev);
    kc_record_kv_clear(&r);
}

/* Renders a work list as "c1,c1-0,c2-1" (connector alone for the connector itself). */
static const char *
show(const kc_work_list *l)
{
    static char buf[8][512];
    static int  which;
    char       *b = buf[which++ % 8];
    size_t      off = 0;

    b[0] = '\0';
    for (size_t i = 0; i < l->n; i++) {
        if (l->items[i].task < 0)
            off += (size_t) snprintf(b + off, 512 - off, "%s%s", i ? "," : "",
                                     l->items[i].connector);
        else
            off += (size_t) snprintf(b + off, 512 - off, "%s%s-%d", i ? "," : "",
                                     l->items[i].connector, l->items[i].task);
    }
    return b;
}

/* "c1,c1-0,c1-2" -> the wire form of an assignment a member reports. */
static void
owned(kc_connector_tasks_list *l, const char *spec)
{
    char *copy = strdup(spec), *save = NULL;

    memset(l, 0, sizeof(*l));
    for (char *tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        char *dash = strrchr(tok, '-');
        if (dash != NULL) {
            *dash = '\0';
            kc_connector_tasks_list_add(l, tok, atoi(dash + 1));
        } else {
            kc_connector_tasks_list_add(l, tok, -1);
        }
    }
    free(copy);
}

/* A wire list rendered as Java writes it: "c:-1,0;d:1". */
static const char *
show_wire(const kc_connector_tasks_list *l)
{
    static char buf[4][1024];
    static int  which;
    char       *b = buf[which++ % 4];
    size_t      off = 0;

    b[0] = '\0';
    for (size_t i = 0; i < l->n; i++) {
        off += (size_t) snprintf(b + off, 1024 - off, "%s%s:", i ? ";" : "",
                                 l->items[i].connector);
        for (size_t j = 0; j < l->items[i].ntasks; j++)
            off += (size_t) snprintf(b + off, 1024 - off, "%s%d", j ? "," : "",
                                     l->items[i].tasks[j]);
    }
    return b;
}

/* "c1,c1-0" -> a work list in exactly that order. */
static void
work(kc_work_list *l, const char *spec)
{
    char *copy = strdup(spec), *save = NULL;

    memset(l, 0, sizeof(*l));
    for (char *tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        char *dash = strrchr(tok, '-');
        if (dash != NULL) {
            *dash = '\0';
            kc_work_list_add(l, tok, atoi(dash + 1));
        } else {
            kc_work_list_add(l, tok, -1);
        }
    }
    free(copy);
}

/* kc_work_list_to_tasks in the given order, rendered. */
static const char *
as_wire(const char *spec)
{
    kc_work_list            l;
    kc_connector_tasks_list t;
    const char             *r;

    work(&l, spec);
    kc_work_list_to_tasks(&l, &t);
    r = show_wire(&t);
    kc_connector_tasks_list_clear(&t);
    kc_work_list_clear(&l);
    return r;
}

static void
test_eager_round_robin_connectors_then_tasks(void **state)
{
    kc_config_state  st;
    kc_assign_result r;
    kc_assign_member m[3] = { { "w3", NULL }, { "w1", NULL }, { "w2", NULL } };

    (void) state;
    kc_config_state_init(&st);
    add_connector(&st, "b", 2);
    add_connector(&st, "a", 3);
    kc_assign_eager(&st, m, 3, &r);
    /* Sorted members w1, w2, w3; connectors a, b; tasks a-0..2, b-0..1 continue the turn. */
    assert_string_equal(show(&r.assigned[1]), "a,a-1,b-1");
    assert_string_equal(show(&r.assigned[2]), "b,a-2");
    assert_string_equal(show(&r.assigned[0]), "a-0,b-0");
    kc_assign_result_clear(&r);
    kc_config_state_free(&st);
}

/* §7.4 A: scale-out. One correction to the spec's hand derivation: what a member reports
 * reaches the leader grouped by connector (connector first, then its tasks, in the order
 * Java's LinkedHashMap first saw each connector), so W2's {c2, c1-1, c1-3, c2-1} arrives as
 * tasks [c2-1, c1-1, c1-3] and its "first task" is c2-1, as it is for a Java leader. */
static void
test_cooperative_scale_out(void **state)
{
    kc_config_state         st;
    kc_coop_assignor        a;
    kc_assign_result        r;
    kc_connector_tasks_list o1, o2, o3;
    kc_assign_member        m[3] = { { "W1", &o1 }, { "W2", &o2 }, { "W3", &o3 } };

    (void) state;
    kc_config_state_init(&st);
    add_connector(&st, "c1", 4);
    add_connector(&st, "c2", 2);
    kc_coop_init(&a, 300000);
    /* Round 0: W1 and W2 share everything (the state the scenario starts from). */
    a.previous_generation = 1;
    owned(&o1, "c1,c1-0,c1-2,c2-0");
    owned(&o2, "c2,c1-1,c1-3,c2-1");
    kc_work_list_add(&a.previous, "c1", -1);
    kc_work_list_add(&a.previous, "c2", -1);
    for (int t = 0; t < 4; t++)
        kc_work_list_add(&a.previous, "c1", t);
    kc_work_list_add(&a.previous, "c2", 0);
    kc_work_list_add(&a.previous, "c2", 1);
    a.previous_members = calloc(2, sizeof(char *));
    a.previous_members[0] = strdup("W1");
    a.previous_members[1] = strdup("W2");
    a.nprevious_members = 2;
    memset(&o3, 0, sizeof(o3));

    /* Round 1: W3 joins empty: tasks 3/3/0 -> revoke the first task of W1 and of W2. */
    kc_coop_assign(&a, &st, m, 3, 1, 2, 1000, &r);
    assert_string_equal(show(&r.revoked[0]), "c1-0");
    assert_string_equal(show(&r.revoked[1]), "c2-1");
    assert_string_equal(show(&r.assigned[0]), "");
    assert_string_equal(show(&r.assigned[2]), "");
    assert_int_equal(r.delay, 0);
    assert_true(a.revoked_in_previous);
    kc_assign_result_clear(&r);
    kc_connector_tasks_list_clear(&o1);
    kc_connector_tasks_list_clear(&o2);

    /* Round 2: W1 and W2 rejoin without the revoked tasks; W3 gets both. */
    owned(&o1, "c1,c1-2,c2-0");
    owned(&o2, "c2,c1-1,c1-3");
    kc_coop_assign(&a, &st, m, 3, 2, 3, 2000, &r);
    assert_string_equal(show(&r.assigned[2]), "c1-0,c2-1");
    assert_string_equal(show(&r.assigned[0]), "");
    assert_string_equal(show(&r.revoked[0]), "");
    assert_string_equal(show(&r.revoked[1]), "");
    assert_false(a.revoked_in_previous);
    assert_string_equal(show(&r.owned_after[2]), "c1-0,c2-1");
    kc_assign_result_clear(&r);
    kc_connector_tasks_list_clear(&o1);
    kc_connector_tasks_list_clear(&o2);
    kc_coop_free(&a);
    kc_config_state_free(&st);
}

/* §7.4 B: a worker is lost; its work waits for the delay, then goes to the returning one. */
static void
test_cooperative_lost_work_waits_for_delay(void **state)
{
    kc_config_state         st;
    kc_coop_assignor        a;
    kc_assign_result        r;
    kc_connector_tasks_list o1, o2, o3;
    kc_assign_member        two[2] = { { "W1", &o1 }, { "W2", &o2 } };
    kc_assign_member        three[3] = { { "W1", &o1 }, { "W2", &o2 }, { "W3b", &o3 } };
    kc_assign_member        all[3] = { { "W1", &o1 }, { "W2", &o2 }, { "W3", &o3 } };

    (void) state;
    kc_config_state_init(&st);
    add_connector(&st, "c1", 4);
    add_connector(&st, "c2", 2);
    kc_coop_init(&a, 300000);
    owned(&o1, "");
    owned(&o2, "");
    owned(&o3, "");
    kc_coop_assign(&a, &st, all, 3, -1, 1, 0, &r);          /* everything is new */
    assert_string_equal(show(&r.assigned[0]), "c1,c1-0,c1-3");   /* water filling */
    assert_string_equal(show(&r.assigned[1]), "c2,c1-1,c2-0");
    assert_string_equal(show(&r.assigned[2]), "c1-2,c2-1");
    kc_assign_result_clear(&r);
    kc_connector_tasks_list_clear(&o1);
    kc_connector_tasks_list_clear(&o2);
    kc_connector_tasks_list_clear(&o3);
    owned(&o1, "c1,c1-0,c1-3");
    owned(&o2, "c2,c1-1,c2-0");
    owned(&o3, "c1-2,c2-1");

    /* W3 is gone: nothing reassigned, delay 300000. */
    kc_coop_assign(&a, &st, two, 2, 1, 2, 10000, &r);
    assert_int_equal(r.delay, 300000);
    assert_string_equal(show(&r.assigned[0]), "");
    assert_string_equal(show(&r.assigned[1]), "");
    kc_assign_result_clear(&r);

    /* 60 s later a new W3 joins empty: it becomes the candidate, delay is what remains. */
    kc_connector_tasks_list_clear(&o3);
    owned(&o3, "");
    kc_coop_assign(&a, &st, three, 3, 2, 3, 70000, &r);
    assert_int_equal(r.delay, 240000);
    assert_string_equal(show(&r.assigned[2]), "");
    kc_assign_result_clear(&r);

    /* The delay expires: the lost tasks go to the candidate. */
    kc_coop_assign(&a, &st, three, 3, 3, 4, 310000, &r);
    assert_int_equal(r.delay, 0);
    assert_string_equal(show(&r.assigned[2]), "c1-2,c2-1");
    assert_string_equal(show(&r.assigned[0]), "");
    kc_assign_result_clear(&r);
    kc_connector_tasks_list_clear(&o1);
    kc_connector_tasks_list_clear(&o2);
    kc_connector_tasks_list_clear(&o3);
    kc_coop_free(&a);
    kc_config_state_free(&st);
}

static void
test_cooperative_zero_delay_reassigns_at_once(void **state)
{
    kc_config_state         st;
    kc_coop_assignor        a;
    kc_assign_result        r;
    kc_connector_tasks_list o1, o2;
    kc_assign_member        both[2] = { { "W1", &o1 }, { "W2", &o2 } };

    (void) state;
    kc_config_state_init(&st);
    add_connector(&st, "c", 2);
    kc_coop_init(&a, 0);
    owned(&o1, "");
    owned(&o2, "");
    kc_coop_assign(&a, &st, both, 2, -1, 1, 0, &r);
    assert_string_equal(show(&r.assigned[0]), "c,c-0");
    assert_string_equal(show(&r.assigned[1]), "c-1");
    kc_assign_result_clear(&r);
    kc_connector_tasks_list_clear(&o1);
    owned(&o1, "c,c-0");
    /* W2 dies: with scheduled.rebalance.max.delay.ms=0 its task moves now. */
    kc_coop_assign(&a, &st, both, 1, 1, 2, 1000, &r);
    assert_int_equal(r.delay, 0);
    assert_string_equal(show(&r.assigned[0]), "c-1");
    kc_assign_result_clear(&r);
    kc_connector_tasks_list_clear(&o1);
    kc_connector_tasks_list_clear(&o2);
    kc_coop_free(&a);
    kc_config_state_free(&st);
}

static void
test_cooperative_deleted_and_duplicated_work_is_revoked(void **state)
{
    kc_config_state         st;
    kc_coop_assignor        a;
    kc_assign_result        r;
    kc_connector_tasks_list o1, o2;
    kc_assign_member        both[2] = { { "W1", &o1 }, { "W2", &o2 } };

    (void) state;
    kc_config_state_init(&st);
    add_connector(&st, "keep", 1);
    add_connector(&st, "gone", 1);
    kc_coop_init(&a, 300000);
    owned(&o1, "");
    owned(&o2, "");
    kc_coop_assign(&a, &st, both, 2, -1, 1, 0, &r);
    kc_assign_result_clear(&r);
    kc_connector_tasks_list_clear(&o1);
    kc_connector_tasks_list_clear(&o2);
    remove_connector(&st, "gone");
    /* W1 runs the deleted connector's task and, by mistake, keep-0 too. */
    owned(&o1, "gone,keep-0,gone-0");
    owned(&o2, "keep,keep-0");
    kc_coop_assign(&a, &st, both, 2, 1, 2, 1000, &r);
    assert_string_equal(show(&r.revoked[0]), "gone,gone-0,keep-0");
    assert_string_equal(show(&r.revoked[1]), "keep-0");
    kc_assign_result_clear(&r);
    kc_connector_tasks_list_clear(&o1);
    kc_connector_tasks_list_clear(&o2);
    kc_coop_free(&a);
    kc_config_state_free(&st);
}

static void
test_successive_balancing_revocations_back_off(void **state)
{
    kc_coop_assignor a;

    (void) state;
    /* Java's ExponentialBackoff(1, 40, max, 0): 40 ms, 1.6 s, 64 s, then the max. */
    {
        kc_config_state         st;
        kc_assign_result        r;
        kc_connector_tasks_list o1, o2;
        kc_assign_member        both[2] = { { "W1", &o1 }, { "W2", &o2 } };

        kc_config_state_init(&st);
        add_connector(&st, "c", 4);
        kc_coop_init(&a, 300000);
        a.revoked_in_previous = true;                /* a revocation happened last round */
        owned(&o1, "c,c-0,c-1,c-2,c-3");
        owned(&o2, "");
        kc_coop_assign(&a, &st, both, 2, -1, 1, 5000, &r);
        assert_int_equal(r.delay, 40);               /* imbalance again: wait, do not revoke */
        assert_string_equal(show(&r.revoked[0]), "");
        kc_assign_result_clear(&r);
        kc_connector_tasks_list_clear(&o1);
        kc_connector_tasks_list_clear(&o2);
        kc_coop_free(&a);
        kc_config_state_free(&st);
    }
}

/* Runbook 3: MirrorMaker 2 dedicated mode, one herder with the three MM2 connectors of one
 * task each, all on node 1; node 2 joins. Java revokes MirrorSourceConnector and its task
 * (they move to node 2), because node 1's metadata lists MirrorSourceConnector first. */
static void
test_runbook3_mm2_node2_joins(void **state)
{
    const char *n1 = "connect-1-6a0f4b8e-2c1d-4f7a-9e3b-5d2c8a1f0b47";
    const char *n2 = "connect-1-c3e9d215-7b6a-4e80-a1f2-9b4d6c0e8a13";
    kc_config_state         st;
    kc_coop_assignor        a;
    kc_assign_result        r;
    kc_work_list            held = { 0 };
    kc_connector_tasks_list md1, md2 = { 0 }, wire;
    kc_assign_member        alone[1] = { { n1, NULL } };
    kc_assign_member        both[2] = { { n1, &md1 }, { n2, NULL } };

    (void) state;
    kc_config_state_init(&st);
    add_connector(&st, "MirrorSourceConnector", 1);
    add_connector(&st, "MirrorCheckpointConnector", 1);
    add_connector(&st, "MirrorHeartbeatConnector", 1);
    kc_coop_init(&a, 300000);

    /* Round 1: node 1 alone gets everything (created: sorted). Assignment.asMap writes the
     * connectors in HashSet order: buckets 4 (Source), 5 (Heartbeat), 11 (Checkpoint). */
    kc_coop_assign(&a, &st, alone, 1, -1, 1, 0, &r);
    assert_string_equal(show(&r.assigned[0]),
                        "MirrorCheckpointConnector,MirrorHeartbeatConnector,MirrorSourceConnector,"
                        "MirrorCheckpointConnector-0,MirrorHeartbeatConnector-0,"
                        "MirrorSourceConnector-0");
    kc_work_list_to_tasks(&r.assigned[0], &wire);
    assert_string_equal(show_wire(&wire), "MirrorSourceConnector:-1,0;"
                        "MirrorHeartbeatConnector:-1,0;MirrorCheckpointConnector:-1,0");
    kc_work_list_from_tasks(&held, &wire);       /* what a worker holds from that blob */
    kc_connector_tasks_list_clear(&wire);
    kc_assign_result_clear(&r);

    /* Its metadata lists the same order, whatever order the worker keeps its list in. */
    kc_work_list_to_tasks(&held, &md1);
    assert_string_equal(show_wire(&md1), "MirrorSourceConnector:-1,0;"
                        "MirrorHeartbeatConnector:-1,0;MirrorCheckpointConnector:-1,0");
    assert_string_equal(as_wire("MirrorCheckpointConnector,MirrorCheckpointConnector-0,"
                                "MirrorHeartbeatConnector,MirrorHeartbeatConnector-0,"
                                "MirrorSourceConnector,MirrorSourceConnector-0"),
                        "MirrorSourceConnector:-1,0;"
                        "MirrorHeartbeatConnector:-1,0;MirrorCheckpointConnector:-1,0");

    /* Round 2: node 2 joins empty. 3 connectors and 3 tasks over 2 members: node 1 keeps
     * min+1 = 2 of each and loses the first of each in its metadata order
     * (loadBalancingRevocations takes the first items of its iterator). */
    kc_coop_assign(&a, &st, both, 2, 1, 2, 1000, &r);
    assert_string_equal(show(&r.revoked[0]), "MirrorSourceConnector,MirrorSourceConnector-0");
    kc_work_list_to_revoked_tasks(&r.revoked[0], &wire);
    assert_string_equal(show_wire(&wire), "MirrorSourceConnector:-1,0");
    kc_connector_tasks_list_clear(&wire);
    assert_string_equal(show(&r.assigned[0]), "");
    assert_string_equal(show(&r.assigned[1]), "");
    assert_string_equal(show(&r.revoked[1]), "");
    kc_assign_result_clear(&r);
    kc_connector_tasks_list_clear(&md1);

    /* Round 3: node 1 rejoins without them, node 2 holding nothing: they go to node 2. */
    owned(&md1, "MirrorHeartbeatConnector,MirrorHeartbeatConnector-0,"
                "MirrorCheckpointConnector,MirrorCheckpointConnector-0");
    both[1].owned = &md2;
    kc_coop_assign(&a, &st, both, 2, 2, 3, 2000, &r);
    assert_string_equal(show(&r.assigned[1]), "MirrorSourceConnector,MirrorSourceConnector-0");
    assert_string_equal(show(&r.assigned[0]), "");
    assert_string_equal(show(&r.revoked[0]), "");
    kc_assign_result_clear(&r);
    kc_connector_tasks_list_clear(&md1);
    kc_work_list_clear(&held);
    kc_coop_free(&a);
    kc_config_state_free(&st);
}

/* How a worker lists its work (Java's Assignment.asMap, used for an assignment and for the
 * allocation in a member's metadata) and a revocation (ExtendedAssignment.revokedAsMap). */
static void
test_wire_order_is_javas(void **state)
{
    kc_work_list            l;
    kc_connector_tasks_list t;

    (void) state;
    /* Connectors in the order of `new HashSet<>(connectors)`: by bucket of String.hashCode. */
    assert_string_equal(as_wire("b,a"), "a:-1;b:-1");            /* buckets 1, 2 */
    /* "Aa" and "BB" have the same hashCode: one bucket, insertion order. */
    assert_string_equal(as_wire("BB,Aa"), "BB:-1;Aa:-1");
    assert_string_equal(as_wire("Aa,BB"), "Aa:-1;BB:-1");
    /* Tasks join their connector's entry in list order; tasks of connectors not held
     * follow, in the order their connector first appears. */
    assert_string_equal(as_wire("x-1,c,y-0,c-2,x-0,c-1"), "c:-1,2,1;x:1,0;y:0");
    /* A ninth name in one bucket doubles the table (treeifyBin on a table under 64):
     * these nine share bucket 0 of 16; of 32, t4 alone is in bucket 0. */
    assert_string_equal(as_wire("t108,t30,t4,t41,t52,t63,t74,t85"),
                        "t108:-1;t30:-1;t4:-1;t41:-1;t52:-1;t63:-1;t74:-1;t85:-1");
    assert_string_equal(as_wire("t108,t30,t4,t41,t52,t63,t74,t85,t96"),
                        "t4:-1;t108:-1;t30:-1;t41:-1;t52:-1;t63:-1;t74:-1;t85:-1;t96:-1");
    /* JDK 17's HashSet copy of 12 elements has a table of 32 (JDK 19 and later: 16, which
     * gives c3,c4,c11,c5,c10,c6,c7,c8,c9,c0,c1,c2). */
    assert_string_equal(as_wire("c0,c1,c2,c3,c4,c5,c6,c7,c8,c9,c10,c11"),
                        "c11:-1;c10:-1;c0:-1;c1:-1;c2:-1;c3:-1;c4:-1;c5:-1;c6:-1;c7:-1;c8:-1;"
                        "c9:-1");
    /* A revocation: connectors in list order, then tasks into their entries. */
    work(&l, "b-0,b,a,a-3");
    kc_work_list_to_revoked_tasks(&l, &t);
    assert_string_equal(show_wire(&t), "b:-1,0;a:-1,3");
    kc_connector_tasks_list_clear(&t);
    kc_work_list_clear(&l);
}

/* The leader revokes the first items in the order the member's metadata lists them (Java
 * keeps each member's work in a LinkedHashSet built from it). A Java worker lists newly
 * assigned work before what it kept (WorkerCoordinator.onJoinComplete), so c-1, assigned
 * after c-0, is listed first and is the one revoked. */
static void
test_balancing_revokes_first_listed(void **state)
{
    kc_config_state         st;
    kc_coop_assignor        a;
    kc_assign_result        r;
    kc_connector_tasks_list oa, ob = { 0 };
    kc_assign_member        m[2] = { { "A", &oa }, { "B", &ob } };

    (void) state;
    kc_config_state_init(&st);
    add_connector(&st, "c", 2);
    kc_coop_init(&a, 300000);
    owned(&oa, "c,c-1,c-0");
    kc_coop_assign(&a, &st, m, 2, -1, 1, 0, &r);
    assert_string_equal(show(&r.revoked[0]), "c-1");
    assert_string_equal(show(&r.revoked[1]), "");
    kc_assign_result_clear(&r);
    kc_connector_tasks_list_clear(&oa);
    kc_coop_free(&a);
    kc_config_state_free(&st);
}

/* Balancing walks members in Java's HashMap order of member ids, and the first members
 * above the minimum keep the extra item; members in one bucket keep JoinGroup order. */
static void
test_member_order_is_javas_hashmap(void **state)
{
    kc_config_state         st;
    kc_coop_assignor        a;
    kc_assign_result        r;
    kc_connector_tasks_list o1, o2, o3 = { 0 };
    kc_assign_member        m[3];

    (void) state;
    kc_config_state_init(&st);
    add_connector(&st, "c", 4);
    owned(&o1, "c,c-0,c-2");
    owned(&o2, "c-1,c-3");

    /* "p" is bucket 0, "a" bucket 1, "x" bucket 8: p comes first although "a" sorts first.
     * 4 tasks over 3 members: min 1, one extra. p keeps 2, a loses its first task. */
    m[0] = (kc_assign_member) { "a", &o1 };
    m[1] = (kc_assign_member) { "p", &o2 };
    m[2] = (kc_assign_member) { "x", &o3 };
    kc_coop_init(&a, 300000);
    kc_coop_assign(&a, &st, m, 3, -1, 1, 0, &r);
    assert_string_equal(show(&r.revoked[0]), "c-0");
    assert_string_equal(show(&r.revoked[1]), "");
    kc_assign_result_clear(&r);
    kc_coop_free(&a);

    /* "Aa" and "BB" share a bucket: whoever came first in the JoinGroup response keeps 2. */
    m[0] = (kc_assign_member) { "BB", &o2 };
    m[1] = (kc_assign_member) { "Aa", &o1 };
    kc_coop_init(&a, 300000);
    kc_coop_assign(&a, &st, m, 3, -1, 1, 0, &r);
    assert_string_equal(show(&r.revoked[1]), "c-0");               /* Aa */
    assert_string_equal(show(&r.revoked[0]), "");
    kc_assign_result_clear(&r);
    kc_coop_free(&a);
    m[0] = (kc_assign_member) { "Aa", &o1 };
    m[1] = (kc_assign_member) { "BB", &o2 };
    kc_coop_init(&a, 300000);
    kc_coop_assign(&a, &st, m, 3, -1, 1, 0, &r);
    assert_string_equal(show(&r.revoked[1]), "c-1");               /* BB */
    assert_string_equal(show(&r.revoked[0]), "");
    kc_assign_result_clear(&r);
    kc_coop_free(&a);

    kc_connector_tasks_list_clear(&o1);
    kc_connector_tasks_list_clear(&o2);
    kc_config_state_free(&st);
}

/* When the delay expires, lost work goes round-robin over the candidates in the order Java
 * keeps them: each round's empty members as a HashSet iterates them ("p" before "a"),
 * appended to a LinkedHashSet. Connectors and tasks each start from the first candidate. */
static void
test_lost_work_goes_to_candidates_in_java_order(void **state)
{
    kc_config_state         st;
    kc_coop_assignor        a;
    kc_assign_result        r;
    kc_connector_tasks_list e1 = { 0 }, e2 = { 0 };
    kc_assign_member        k[1] = { { "k", NULL } };
    kc_assign_member        ap[2] = { { "a", NULL }, { "p", NULL } };

    (void) state;
    kc_config_state_init(&st);
    add_connector(&st, "c", 2);
    kc_coop_init(&a, 300000);
    kc_coop_assign(&a, &st, k, 1, -1, 1, 0, &r);
    assert_string_equal(show(&r.assigned[0]), "c,c-0,c-1");
    kc_assign_result_clear(&r);

    kc_coop_assign(&a, &st, ap, 2, 1, 2, 10, &r);                  /* k is gone */
    assert_int_equal(r.delay, 300000);
    kc_assign_result_clear(&r);

    ap[0].owned = &e1;
    ap[1].owned = &e2;
    kc_coop_assign(&a, &st, ap, 2, 2, 3, 400000, &r);              /* the delay is over */
    assert_int_equal(r.delay, 0);
    assert_string_equal(show(&r.assigned[1]), "c,c-0");            /* p */
    assert_string_equal(show(&r.assigned[0]), "c-1");              /* a */
    kc_assign_result_clear(&r);
    kc_coop_free(&a);
    kc_config_state_free(&st);
}

/* Sorted sets order names by String.compareTo (UTF-16 code units): U+10000 (surrogates
 * D800 DC00) sorts before U+E000, unlike their UTF-8 bytes. */
static void
test_names_sort_as_java_strings(void **state)
{
    const char      *e000 = "\xee\x80\x80", *u10000 = "\xf0\x90\x80\x80";
    kc_config_state  st;
    kc_coop_assignor a;
    kc_assign_result r;
    kc_assign_member m[2] = { { "w1", NULL }, { "w2", NULL } };

    (void) state;
    kc_config_state_init(&st);
    add_connector(&st, e000, 0);
    add_connector(&st, u10000, 0);
    kc_assign_eager(&st, m, 2, &r);                 /* EagerAssignor: sorted connectors */
    assert_string_equal(show(&r.assigned[0]), u10000);
    assert_string_equal(show(&r.assigned[1]), e000);
    kc_assign_result_clear(&r);
    kc_coop_init(&a, 300000);
    kc_coop_assign(&a, &st, m, 2, -1, 1, 0, &r);    /* created: a TreeSet */
    assert_string_equal(show(&r.assigned[0]), u10000);
    assert_string_equal(show(&r.assigned[1]), e000);
    kc_assign_result_clear(&r);
    kc_coop_free(&a);
    kc_config_state_free(&st);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_eager_round_robin_connectors_then_tasks),
        cmocka_unit_test(test_cooperative_scale_out),
        cmocka_unit_test(test_cooperative_lost_work_waits_for_delay),
        cmocka_unit_test(test_cooperative_zero_delay_reassigns_at_once),
        cmocka_unit_test(test_cooperative_deleted_and_duplicated_work_is_revoked),
        cmocka_unit_test(test_successive_balancing_revocations_back_off),
        cmocka_unit_test(test_runbook3_mm2_node2_joins),
        cmocka_unit_test(test_wire_order_is_javas),
        cmocka_unit_test(test_balancing_revokes_first_listed),
        cmocka_unit_test(test_member_order_is_javas_hashmap),
        cmocka_unit_test(test_lost_work_goes_to_candidates_in_java_order),
        cmocka_unit_test(test_names_sort_as_java_strings),
    };
    return cmocka_run_group_tests_name("assignor", tests, NULL, NULL);
}
