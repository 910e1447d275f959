/*
 * tests/unit/test_assignor.c - the leader's assignment algorithms against the conformance
 * scenarios of spec/connect-runtime.md §7.2-7.4 (derived from Java's EagerAssignor and
 * IncrementalCooperativeAssignor).
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
    };
    return cmocka_run_group_tests_name("assignor", tests, NULL, NULL);
}
