/*
 * worker/assignor.h - who runs which connector and task: the two algorithms a Connect
 * group leader runs (spec/connect-runtime.md §7), as Java's EagerAssignor ("default") and
 * IncrementalCooperativeAssignor ("compatible"/"sessioned") compute them.
 *
 * Choices match Java's exactly: which member loses or gains which item follows the order
 * Java iterates its collections (HashMaps of member ids, HashSets of connector names, each
 * member's work in the order its JoinGroup metadata lists it), computed from Java's hash
 * codes. So a member's work must be encoded as a Java worker encodes it (the order of
 * kc_work_list_to_tasks, over a list kept as a Java worker keeps it: newly assigned work
 * first, then what it kept), and members given in JoinGroup response order. The
 * cooperative assignor keeps state from one round to the next (the previous assignment,
 * revocations, the lost-work delay), so a leader keeps one kc_coop_assignor for as long
 * as it leads.
 *
 * Owner: the herder thread. Pure computation: no I/O.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_ASSIGNOR_H
#define KC_ASSIGNOR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "protocol/connect_protocol.h"
#include "worker/config_state.h"

/* A connector (task == -1) or one of its tasks. */
typedef struct kc_work {
    char   *connector;
    int32_t task;
} kc_work;

/* An ordered list of work; owns the connector names. */
typedef struct kc_work_list {
    kc_work *items;
    size_t   n, cap;
} kc_work_list;

void kc_work_list_add(kc_work_list *l, const char *connector, int32_t task);
bool kc_work_list_contains(const kc_work_list *l, const char *connector, int32_t task);
void kc_work_list_clear(kc_work_list *l);
/* The list as the wire groups it: one entry per connector, -1 first. Entry order as Java
 * writes an assignment and a member's allocation: the connectors in Java's HashSet order,
 * then entries for connectors only some of whose tasks are listed, in list order. */
void kc_work_list_to_tasks(const kc_work_list *l, kc_connector_tasks_list *out);
/* The same for a revocation: Java writes those entries in list order (connectors first). */
void kc_work_list_to_revoked_tasks(const kc_work_list *l, kc_connector_tasks_list *out);
void kc_work_list_from_tasks(kc_work_list *l, const kc_connector_tasks_list *in);

typedef struct kc_assign_member {
    const char                    *member_id;
    const kc_connector_tasks_list *owned;      /* what it reports running (cooperative) */
} kc_assign_member;

/* One round's outcome, per member in the order given. */
typedef struct kc_assign_result {
    size_t        n;
    kc_work_list *assigned;     /* eager: everything; cooperative: newly assigned only */
    kc_work_list *revoked;      /* cooperative: to stop now */
    kc_work_list *owned_after;  /* what each member holds once this round is applied */
    int32_t       delay;        /* ms; every member rejoins when it expires */
} kc_assign_result;

void kc_assign_result_clear(kc_assign_result *r);

/* Eager: connectors round-robin over sorted members, then tasks continuing the same turn. */
void kc_assign_eager(const kc_config_state *cfg, const kc_assign_member *members, size_t n,
                     kc_assign_result *out);

typedef struct kc_coop_assignor {
    int          max_delay_ms;                   /* scheduled.rebalance.max.delay.ms */
    kc_work_list previous;                       /* previousAssignment */
    kc_work_list previous_revocation;
    int32_t      previous_generation;
    char       **previous_members;
    size_t       nprevious_members;
    bool         revoked_in_previous;
    int          successive_revoking;
    int64_t      scheduled_rebalance;            /* absolute ms, 0: none */
    int32_t      delay;
    char       **candidates;                     /* members empty when the delay began */
    size_t       ncandidates;
} kc_coop_assignor;

void kc_coop_init(kc_coop_assignor *a, int max_delay_ms);
void kc_coop_free(kc_coop_assignor *a);

/* One cooperative round at now_ms; last_completed_generation is the generation of the
 * leader's last completed sync, generation the one being assigned. members in JoinGroup
 * response order (Java's HashMap of them breaks bucket ties by it). */
void kc_coop_assign(kc_coop_assignor *a, const kc_config_state *cfg,
                    const kc_assign_member *members, size_t n,
                    int32_t last_completed_generation, int32_t generation, int64_t now_ms,
                    kc_assign_result *out);

#endif
