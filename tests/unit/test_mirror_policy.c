/*
 * tests/unit/test_mirror_policy.c - MirrorMaker 2 replication policies against tables produced
 * by running Kafka 4.3.1's own DefaultReplicationPolicy, IdentityReplicationPolicy and
 * MirrorSourceConnector.isCycle (connect-mirror and connect-mirror-client jars) on the same
 * names and configs: the rows of spec/mirrormaker2.md §2.6 and the separator edge cases.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "connectors/mirror/mirror_policy.h"

typedef struct {
    const char *topic, *source, *upstream, *original;
    bool        heartbeats, checkpoints, mm2_internal, internal;
    bool        cycle_into_b, cycle_into_a;       /* flows A->B and B->A */
} vec;

typedef struct {
    const char *remote_orders, *remote_heartbeats, *remote_app_heartbeats;
    const char *offset_syncs_b, *checkpoints_a;
} names;

/* default */
static const vec dflt_rows[] = {
    { "orders", NULL, NULL, "orders", false, false, false, false, false, false },
    { "A.orders", "A", "orders", "orders", false, false, false, false, false, true },
    { "B.orders", "B", "orders", "orders", false, false, false, false, true, false },
    { "B.A.orders", "B", "A.orders", "orders", false, false, false, false, true, true },
    { "heartbeats", NULL, NULL, "heartbeats", true, false, false, false, false, false },
    { "A.heartbeats", "A", "heartbeats", "heartbeats", true, false, false, false, false, true },
    { "B.A.heartbeats", "B", "A.heartbeats", "heartbeats", true, false, false, false, true, true },
    { "my.topic", "my", "topic", "topic", false, false, false, false, false, false },
    { "__consumer_offsets", NULL, NULL, "__consumer_offsets", false, false, false, true, false, false },
    { "mm2-offsets.A.internal", "mm2-offsets", "A.internal", "internal", false, false, true, true, false, true },
    { "A.checkpoints.internal", "A", "checkpoints.internal", "internal", false, true, true, true, false, true },
    { "app-internal", NULL, NULL, "app-internal", false, false, false, false, false, false },
    { ".hidden", "", "hidden", "hidden", false, false, false, true, false, false },
    { "A.", NULL, NULL, "A.", false, false, false, false, false, false },
    { "A..x", "A", ".x", "x", false, false, false, false, false, true },
    { ".", NULL, NULL, ".", false, false, false, true, false, false },
    { "", NULL, NULL, "", false, false, false, false, false, false },
    { "..x", "", ".x", "x", false, false, false, true, false, false },
    { "A_orders", NULL, NULL, "A_orders", false, false, false, false, false, false },
    { "B_A_orders", NULL, NULL, "B_A_orders", false, false, false, false, false, false },
    { "A_heartbeats", NULL, NULL, "A_heartbeats", false, false, false, false, false, false },
    { "A_checkpoints_internal", NULL, NULL, "A_checkpoints_internal", false, false, false, false, false, false },
    { "mm2-offset-syncs_B_internal", NULL, NULL, "mm2-offset-syncs_B_internal", false, false, false, false, false, false },
    { "mm2-offset-syncs.B.internal", "mm2-offset-syncs", "B.internal", "internal", false, false, true, true, true, false },
    { "app-heartbeats", NULL, NULL, "app-heartbeats", false, false, false, false, false, false },
    { "A.app-heartbeats", "A", "app-heartbeats", "app-heartbeats", false, false, false, false, false, true },
    { "mm2x.internal", "mm2x", "internal", "internal", false, false, true, true, false, false },
    { "x.internal", "x", "internal", "internal", false, false, false, false, false, false },
    { "mm2.internal", "mm2", "internal", "internal", false, false, true, true, false, false },
    { "mm2_internal", NULL, NULL, "mm2_internal", false, false, false, false, false, false },
    { "A__B", NULL, NULL, "A__B", false, false, false, false, false, false },
    { "A--B--x", NULL, NULL, "A--B--x", false, false, false, false, false, false },
    { "A--", NULL, NULL, "A--", false, false, false, false, false, false },
    { "A-----x", NULL, NULL, "A-----x", false, false, false, false, false, false },
    { "_leading", NULL, NULL, "_leading", false, false, false, false, false, false },
};
static const names dflt_names = { "A.orders", "A.heartbeats", "A.app-heartbeats", "mm2-offset-syncs.B.internal", "A.checkpoints.internal" };
/* default sep _ */
static const vec us_rows[] = {
    { "orders", NULL, NULL, "orders", false, false, false, false, false, false },
    { "A.orders", NULL, NULL, "A.orders", false, false, false, false, false, false },
    { "B.orders", NULL, NULL, "B.orders", false, false, false, false, false, false },
    { "B.A.orders", NULL, NULL, "B.A.orders", false, false, false, false, false, false },
    { "heartbeats", NULL, NULL, "heartbeats", true, false, false, false, false, false },
    { "A.heartbeats", NULL, NULL, "A.heartbeats", false, false, false, false, false, false },
    { "B.A.heartbeats", NULL, NULL, "B.A.heartbeats", false, false, false, false, false, false },
    { "my.topic", NULL, NULL, "my.topic", false, false, false, false, false, false },
    { "__consumer_offsets", "", "_consumer_offsets", "offsets", false, false, false, true, false, false },
    { "mm2-offsets.A.internal", NULL, NULL, "mm2-offsets.A.internal", false, false, false, false, false, false },
    { "A.checkpoints.internal", NULL, NULL, "A.checkpoints.internal", false, false, false, false, false, false },
    { "app-internal", NULL, NULL, "app-internal", false, false, false, false, false, false },
    { ".hidden", NULL, NULL, ".hidden", false, false, false, true, false, false },
    { "A.", NULL, NULL, "A.", false, false, false, false, false, false },
    { "A..x", NULL, NULL, "A..x", false, false, false, false, false, false },
    { ".", NULL, NULL, ".", false, false, false, true, false, false },
    { "", NULL, NULL, "", false, false, false, false, false, false },
    { "..x", NULL, NULL, "..x", false, false, false, true, false, false },
    { "A_orders", "A", "orders", "orders", false, false, false, false, false, true },
    { "B_A_orders", "B", "A_orders", "orders", false, false, false, false, true, true },
    { "A_heartbeats", "A", "heartbeats", "heartbeats", true, false, false, false, false, true },
    { "A_checkpoints_internal", "A", "checkpoints_internal", "internal", false, true, true, true, false, true },
    { "mm2-offset-syncs_B_internal", "mm2-offset-syncs", "B_internal", "internal", false, false, true, true, true, false },
    { "mm2-offset-syncs.B.internal", NULL, NULL, "mm2-offset-syncs.B.internal", false, false, false, false, false, false },
    { "app-heartbeats", NULL, NULL, "app-heartbeats", false, false, false, false, false, false },
    { "A.app-heartbeats", NULL, NULL, "A.app-heartbeats", false, false, false, false, false, false },
    { "mm2x.internal", NULL, NULL, "mm2x.internal", false, false, false, false, false, false },
    { "x.internal", NULL, NULL, "x.internal", false, false, false, false, false, false },
    { "mm2.internal", NULL, NULL, "mm2.internal", false, false, false, false, false, false },
    { "mm2_internal", "mm2", "internal", "internal", false, false, true, true, false, false },
    { "A__B", "A", "_B", "B", false, false, false, false, false, true },
    { "A--B--x", NULL, NULL, "A--B--x", false, false, false, false, false, false },
    { "A--", NULL, NULL, "A--", false, false, false, false, false, false },
    { "A-----x", NULL, NULL, "A-----x", false, false, false, false, false, false },
    { "_leading", "", "leading", "leading", false, false, false, false, false, false },
};
static const names us_names = { "A_orders", "A_heartbeats", "A_app-heartbeats", "mm2-offset-syncs_B_internal", "A_checkpoints_internal" };
/* default sep _ internal false */
static const vec us_noint_rows[] = {
    { "orders", NULL, NULL, "orders", false, false, false, false, false, false },
    { "A.orders", NULL, NULL, "A.orders", false, false, false, false, false, false },
    { "B.orders", NULL, NULL, "B.orders", false, false, false, false, false, false },
    { "B.A.orders", NULL, NULL, "B.A.orders", false, false, false, false, false, false },
    { "heartbeats", NULL, NULL, "heartbeats", true, false, false, false, false, false },
    { "A.heartbeats", NULL, NULL, "A.heartbeats", false, false, false, false, false, false },
    { "B.A.heartbeats", NULL, NULL, "B.A.heartbeats", false, false, false, false, false, false },
    { "my.topic", NULL, NULL, "my.topic", false, false, false, false, false, false },
    { "__consumer_offsets", "", "_consumer_offsets", "offsets", false, false, false, true, false, false },
    { "mm2-offsets.A.internal", NULL, NULL, "mm2-offsets.A.internal", false, false, true, true, false, false },
    { "A.checkpoints.internal", NULL, NULL, "A.checkpoints.internal", false, true, true, true, false, false },
    { "app-internal", NULL, NULL, "app-internal", false, false, false, false, false, false },
    { ".hidden", NULL, NULL, ".hidden", false, false, false, true, false, false },
    { "A.", NULL, NULL, "A.", false, false, false, false, false, false },
    { "A..x", NULL, NULL, "A..x", false, false, false, false, false, false },
    { ".", NULL, NULL, ".", false, false, false, true, false, false },
    { "", NULL, NULL, "", false, false, false, false, false, false },
    { "..x", NULL, NULL, "..x", false, false, false, true, false, false },
    { "A_orders", "A", "orders", "orders", false, false, false, false, false, true },
    { "B_A_orders", "B", "A_orders", "orders", false, false, false, false, true, true },
    { "A_heartbeats", "A", "heartbeats", "heartbeats", true, false, false, false, false, true },
    { "A_checkpoints_internal", "A", "checkpoints_internal", "internal", false, false, false, false, false, true },
    { "mm2-offset-syncs_B_internal", "mm2-offset-syncs", "B_internal", "internal", false, false, false, false, true, false },
    { "mm2-offset-syncs.B.internal", NULL, NULL, "mm2-offset-syncs.B.internal", false, false, true, true, false, false },
    { "app-heartbeats", NULL, NULL, "app-heartbeats", false, false, false, false, false, false },
    { "A.app-heartbeats", NULL, NULL, "A.app-heartbeats", false, false, false, false, false, false },
    { "mm2x.internal", NULL, NULL, "mm2x.internal", false, false, true, true, false, false },
    { "x.internal", NULL, NULL, "x.internal", false, false, false, false, false, false },
    { "mm2.internal", NULL, NULL, "mm2.internal", false, false, true, true, false, false },
    { "mm2_internal", "mm2", "internal", "internal", false, false, false, false, false, false },
    { "A__B", "A", "_B", "B", false, false, false, false, false, true },
    { "A--B--x", NULL, NULL, "A--B--x", false, false, false, false, false, false },
    { "A--", NULL, NULL, "A--", false, false, false, false, false, false },
    { "A-----x", NULL, NULL, "A-----x", false, false, false, false, false, false },
    { "_leading", "", "leading", "leading", false, false, false, false, false, false },
};
static const names us_noint_names = { "A_orders", "A_heartbeats", "A_app-heartbeats", "mm2-offset-syncs.B.internal", "A.checkpoints.internal" };
/* default sep _ internal FALSE */
static const vec us_noint_upper_rows[] = {
    { "orders", NULL, NULL, "orders", false, false, false, false, false, false },
    { "A.orders", NULL, NULL, "A.orders", false, false, false, false, false, false },
    { "B.orders", NULL, NULL, "B.orders", false, false, false, false, false, false },
    { "B.A.orders", NULL, NULL, "B.A.orders", false, false, false, false, false, false },
    { "heartbeats", NULL, NULL, "heartbeats", true, false, false, false, false, false },
    { "A.heartbeats", NULL, NULL, "A.heartbeats", false, false, false, false, false, false },
    { "B.A.heartbeats", NULL, NULL, "B.A.heartbeats", false, false, false, false, false, false },
    { "my.topic", NULL, NULL, "my.topic", false, false, false, false, false, false },
    { "__consumer_offsets", "", "_consumer_offsets", "offsets", false, false, false, true, false, false },
    { "mm2-offsets.A.internal", NULL, NULL, "mm2-offsets.A.internal", false, false, true, true, false, false },
    { "A.checkpoints.internal", NULL, NULL, "A.checkpoints.internal", false, true, true, true, false, false },
    { "app-internal", NULL, NULL, "app-internal", false, false, false, false, false, false },
    { ".hidden", NULL, NULL, ".hidden", false, false, false, true, false, false },
    { "A.", NULL, NULL, "A.", false, false, false, false, false, false },
    { "A..x", NULL, NULL, "A..x", false, false, false, false, false, false },
    { ".", NULL, NULL, ".", false, false, false, true, false, false },
    { "", NULL, NULL, "", false, false, false, false, false, false },
    { "..x", NULL, NULL, "..x", false, false, false, true, false, false },
    { "A_orders", "A", "orders", "orders", false, false, false, false, false, true },
    { "B_A_orders", "B", "A_orders", "orders", false, false, false, false, true, true },
    { "A_heartbeats", "A", "heartbeats", "heartbeats", true, false, false, false, false, true },
    { "A_checkpoints_internal", "A", "checkpoints_internal", "internal", false, false, false, false, false, true },
    { "mm2-offset-syncs_B_internal", "mm2-offset-syncs", "B_internal", "internal", false, false, false, false, true, false },
    { "mm2-offset-syncs.B.internal", NULL, NULL, "mm2-offset-syncs.B.internal", false, false, true, true, false, false },
    { "app-heartbeats", NULL, NULL, "app-heartbeats", false, false, false, false, false, false },
    { "A.app-heartbeats", NULL, NULL, "A.app-heartbeats", false, false, false, false, false, false },
    { "mm2x.internal", NULL, NULL, "mm2x.internal", false, false, true, true, false, false },
    { "x.internal", NULL, NULL, "x.internal", false, false, false, false, false, false },
    { "mm2.internal", NULL, NULL, "mm2.internal", false, false, true, true, false, false },
    { "mm2_internal", "mm2", "internal", "internal", false, false, false, false, false, false },
    { "A__B", "A", "_B", "B", false, false, false, false, false, true },
    { "A--B--x", NULL, NULL, "A--B--x", false, false, false, false, false, false },
    { "A--", NULL, NULL, "A--", false, false, false, false, false, false },
    { "A-----x", NULL, NULL, "A-----x", false, false, false, false, false, false },
    { "_leading", "", "leading", "leading", false, false, false, false, false, false },
};
static const names us_noint_upper_names = { "A_orders", "A_heartbeats", "A_app-heartbeats", "mm2-offset-syncs.B.internal", "A.checkpoints.internal" };
/* default sep _ internal no */
static const vec us_no_rows[] = {
    { "orders", NULL, NULL, "orders", false, false, false, false, false, false },
    { "A.orders", NULL, NULL, "A.orders", false, false, false, false, false, false },
    { "B.orders", NULL, NULL, "B.orders", false, false, false, false, false, false },
    { "B.A.orders", NULL, NULL, "B.A.orders", false, false, false, false, false, false },
    { "heartbeats", NULL, NULL, "heartbeats", true, false, false, false, false, false },
    { "A.heartbeats", NULL, NULL, "A.heartbeats", false, false, false, false, false, false },
    { "B.A.heartbeats", NULL, NULL, "B.A.heartbeats", false, false, false, false, false, false },
    { "my.topic", NULL, NULL, "my.topic", false, false, false, false, false, false },
    { "__consumer_offsets", "", "_consumer_offsets", "offsets", false, false, false, true, false, false },
    { "mm2-offsets.A.internal", NULL, NULL, "mm2-offsets.A.internal", false, false, true, true, false, false },
    { "A.checkpoints.internal", NULL, NULL, "A.checkpoints.internal", false, true, true, true, false, false },
    { "app-internal", NULL, NULL, "app-internal", false, false, false, false, false, false },
    { ".hidden", NULL, NULL, ".hidden", false, false, false, true, false, false },
    { "A.", NULL, NULL, "A.", false, false, false, false, false, false },
    { "A..x", NULL, NULL, "A..x", false, false, false, false, false, false },
    { ".", NULL, NULL, ".", false, false, false, true, false, false },
    { "", NULL, NULL, "", false, false, false, false, false, false },
    { "..x", NULL, NULL, "..x", false, false, false, true, false, false },
    { "A_orders", "A", "orders", "orders", false, false, false, false, false, true },
    { "B_A_orders", "B", "A_orders", "orders", false, false, false, false, true, true },
    { "A_heartbeats", "A", "heartbeats", "heartbeats", true, false, false, false, false, true },
    { "A_checkpoints_internal", "A", "checkpoints_internal", "internal", false, false, false, false, false, true },
    { "mm2-offset-syncs_B_internal", "mm2-offset-syncs", "B_internal", "internal", false, false, false, false, true, false },
    { "mm2-offset-syncs.B.internal", NULL, NULL, "mm2-offset-syncs.B.internal", false, false, true, true, false, false },
    { "app-heartbeats", NULL, NULL, "app-heartbeats", false, false, false, false, false, false },
    { "A.app-heartbeats", NULL, NULL, "A.app-heartbeats", false, false, false, false, false, false },
    { "mm2x.internal", NULL, NULL, "mm2x.internal", false, false, true, true, false, false },
    { "x.internal", NULL, NULL, "x.internal", false, false, false, false, false, false },
    { "mm2.internal", NULL, NULL, "mm2.internal", false, false, true, true, false, false },
    { "mm2_internal", "mm2", "internal", "internal", false, false, false, false, false, false },
    { "A__B", "A", "_B", "B", false, false, false, false, false, true },
    { "A--B--x", NULL, NULL, "A--B--x", false, false, false, false, false, false },
    { "A--", NULL, NULL, "A--", false, false, false, false, false, false },
    { "A-----x", NULL, NULL, "A-----x", false, false, false, false, false, false },
    { "_leading", "", "leading", "leading", false, false, false, false, false, false },
};
static const names us_no_names = { "A_orders", "A_heartbeats", "A_app-heartbeats", "mm2-offset-syncs.B.internal", "A.checkpoints.internal" };
/* default internal false only */
static const vec dot_noint_rows[] = {
    { "orders", NULL, NULL, "orders", false, false, false, false, false, false },
    { "A.orders", "A", "orders", "orders", false, false, false, false, false, true },
    { "B.orders", "B", "orders", "orders", false, false, false, false, true, false },
    { "B.A.orders", "B", "A.orders", "orders", false, false, false, false, true, true },
    { "heartbeats", NULL, NULL, "heartbeats", true, false, false, false, false, false },
    { "A.heartbeats", "A", "heartbeats", "heartbeats", true, false, false, false, false, true },
    { "B.A.heartbeats", "B", "A.heartbeats", "heartbeats", true, false, false, false, true, true },
    { "my.topic", "my", "topic", "topic", false, false, false, false, false, false },
    { "__consumer_offsets", NULL, NULL, "__consumer_offsets", false, false, false, true, false, false },
    { "mm2-offsets.A.internal", "mm2-offsets", "A.internal", "internal", false, false, true, true, false, true },
    { "A.checkpoints.internal", "A", "checkpoints.internal", "internal", false, true, true, true, false, true },
    { "app-internal", NULL, NULL, "app-internal", false, false, false, false, false, false },
    { ".hidden", "", "hidden", "hidden", false, false, false, true, false, false },
    { "A.", NULL, NULL, "A.", false, false, false, false, false, false },
    { "A..x", "A", ".x", "x", false, false, false, false, false, true },
    { ".", NULL, NULL, ".", false, false, false, true, false, false },
    { "", NULL, NULL, "", false, false, false, false, false, false },
    { "..x", "", ".x", "x", false, false, false, true, false, false },
    { "A_orders", NULL, NULL, "A_orders", false, false, false, false, false, false },
    { "B_A_orders", NULL, NULL, "B_A_orders", false, false, false, false, false, false },
    { "A_heartbeats", NULL, NULL, "A_heartbeats", false, false, false, false, false, false },
    { "A_checkpoints_internal", NULL, NULL, "A_checkpoints_internal", false, false, false, false, false, false },
    { "mm2-offset-syncs_B_internal", NULL, NULL, "mm2-offset-syncs_B_internal", false, false, false, false, false, false },
    { "mm2-offset-syncs.B.internal", "mm2-offset-syncs", "B.internal", "internal", false, false, true, true, true, false },
    { "app-heartbeats", NULL, NULL, "app-heartbeats", false, false, false, false, false, false },
    { "A.app-heartbeats", "A", "app-heartbeats", "app-heartbeats", false, false, false, false, false, true },
    { "mm2x.internal", "mm2x", "internal", "internal", false, false, true, true, false, false },
    { "x.internal", "x", "internal", "internal", false, false, false, false, false, false },
    { "mm2.internal", "mm2", "internal", "internal", false, false, true, true, false, false },
    { "mm2_internal", NULL, NULL, "mm2_internal", false, false, false, false, false, false },
    { "A__B", NULL, NULL, "A__B", false, false, false, false, false, false },
    { "A--B--x", NULL, NULL, "A--B--x", false, false, false, false, false, false },
    { "A--", NULL, NULL, "A--", false, false, false, false, false, false },
    { "A-----x", NULL, NULL, "A-----x", false, false, false, false, false, false },
    { "_leading", NULL, NULL, "_leading", false, false, false, false, false, false },
};
static const names dot_noint_names = { "A.orders", "A.heartbeats", "A.app-heartbeats", "mm2-offset-syncs.B.internal", "A.checkpoints.internal" };
/* default sep -- */
static const vec dashes_rows[] = {
    { "orders", NULL, NULL, "orders", false, false, false, false, false, false },
    { "A.orders", NULL, NULL, "A.orders", false, false, false, false, false, false },
    { "B.orders", NULL, NULL, "B.orders", false, false, false, false, false, false },
    { "B.A.orders", NULL, NULL, "B.A.orders", false, false, false, false, false, false },
    { "heartbeats", NULL, NULL, "heartbeats", true, false, false, false, false, false },
    { "A.heartbeats", NULL, NULL, "A.heartbeats", false, false, false, false, false, false },
    { "B.A.heartbeats", NULL, NULL, "B.A.heartbeats", false, false, false, false, false, false },
    { "my.topic", NULL, NULL, "my.topic", false, false, false, false, false, false },
    { "__consumer_offsets", NULL, NULL, "__consumer_offsets", false, false, false, true, false, false },
    { "mm2-offsets.A.internal", NULL, NULL, "mm2-offsets.A.internal", false, false, false, false, false, false },
    { "A.checkpoints.internal", NULL, NULL, "A.checkpoints.internal", false, false, false, false, false, false },
    { "app-internal", NULL, NULL, "app-internal", false, false, false, false, false, false },
    { ".hidden", NULL, NULL, ".hidden", false, false, false, true, false, false },
    { "A.", NULL, NULL, "A.", false, false, false, false, false, false },
    { "A..x", NULL, NULL, "A..x", false, false, false, false, false, false },
    { ".", NULL, NULL, ".", false, false, false, true, false, false },
    { "", NULL, NULL, "", false, false, false, false, false, false },
    { "..x", NULL, NULL, "..x", false, false, false, true, false, false },
    { "A_orders", NULL, NULL, "A_orders", false, false, false, false, false, false },
    { "B_A_orders", NULL, NULL, "B_A_orders", false, false, false, false, false, false },
    { "A_heartbeats", NULL, NULL, "A_heartbeats", false, false, false, false, false, false },
    { "A_checkpoints_internal", NULL, NULL, "A_checkpoints_internal", false, false, false, false, false, false },
    { "mm2-offset-syncs_B_internal", NULL, NULL, "mm2-offset-syncs_B_internal", false, false, false, false, false, false },
    { "mm2-offset-syncs.B.internal", NULL, NULL, "mm2-offset-syncs.B.internal", false, false, false, false, false, false },
    { "app-heartbeats", NULL, NULL, "app-heartbeats", false, false, false, false, false, false },
    { "A.app-heartbeats", NULL, NULL, "A.app-heartbeats", false, false, false, false, false, false },
    { "mm2x.internal", NULL, NULL, "mm2x.internal", false, false, false, false, false, false },
    { "x.internal", NULL, NULL, "x.internal", false, false, false, false, false, false },
    { "mm2.internal", NULL, NULL, "mm2.internal", false, false, false, false, false, false },
    { "mm2_internal", NULL, NULL, "mm2_internal", false, false, false, false, false, false },
    { "A__B", NULL, NULL, "A__B", false, false, false, false, false, false },
    { "A--B--x", "A", "B--x", "x", false, false, false, false, true, true },
    { "A--", NULL, NULL, "A--", false, false, false, false, false, false },
    { "A-----x", "A", "---x", "-x", false, false, false, false, false, true },
    { "_leading", NULL, NULL, "_leading", false, false, false, false, false, false },
};
static const names dashes_names = { "A--orders", "A--heartbeats", "A--app-heartbeats", "mm2-offset-syncs--B--internal", "A--checkpoints--internal" };
/* default sep empty */
static const vec empty_rows[] = {
    { "orders", "o", "rders", "s", false, false, false, false, false, false },
    { "A.orders", "A", ".orders", "s", false, false, false, false, false, true },
    { "B.orders", "B", ".orders", "s", false, false, false, false, true, false },
    { "B.A.orders", "B", ".A.orders", "s", false, false, false, false, true, true },
    { "heartbeats", "h", "eartbeats", "s", false, false, false, false, false, false },
    { "A.heartbeats", "A", ".heartbeats", "s", false, false, false, false, false, true },
    { "B.A.heartbeats", "B", ".A.heartbeats", "s", false, false, false, false, true, true },
    { "my.topic", "m", "y.topic", "c", false, false, false, false, false, false },
    { "__consumer_offsets", "_", "_consumer_offsets", "s", false, false, false, true, false, false },
    { "mm2-offsets.A.internal", "m", "m2-offsets.A.internal", "l", false, false, true, true, false, true },
    { "A.checkpoints.internal", "A", ".checkpoints.internal", "l", false, false, false, false, false, true },
    { "app-internal", "a", "pp-internal", "l", false, false, false, false, false, false },
    { ".hidden", ".", "hidden", "n", false, false, false, true, false, false },
    { "A.", "A", ".", ".", false, false, false, false, false, true },
    { "A..x", "A", "..x", "x", false, false, false, false, false, true },
    { ".", NULL, NULL, ".", false, false, false, true, false, false },
    { "", NULL, NULL, "", false, false, false, false, false, false },
    { "..x", ".", ".x", "x", false, false, false, true, false, false },
    { "A_orders", "A", "_orders", "s", false, false, false, false, false, true },
    { "B_A_orders", "B", "_A_orders", "s", false, false, false, false, true, true },
    { "A_heartbeats", "A", "_heartbeats", "s", false, false, false, false, false, true },
    { "A_checkpoints_internal", "A", "_checkpoints_internal", "l", false, false, false, false, false, true },
    { "mm2-offset-syncs_B_internal", "m", "m2-offset-syncs_B_internal", "l", false, false, true, true, true, false },
    { "mm2-offset-syncs.B.internal", "m", "m2-offset-syncs.B.internal", "l", false, false, true, true, true, false },
    { "app-heartbeats", "a", "pp-heartbeats", "s", false, false, false, false, false, false },
    { "A.app-heartbeats", "A", ".app-heartbeats", "s", false, false, false, false, false, true },
    { "mm2x.internal", "m", "m2x.internal", "l", false, false, true, true, false, false },
    { "x.internal", "x", ".internal", "l", false, false, false, false, false, false },
    { "mm2.internal", "m", "m2.internal", "l", false, false, true, true, false, false },
    { "mm2_internal", "m", "m2_internal", "l", false, false, true, true, false, false },
    { "A__B", "A", "__B", "B", false, false, false, false, false, true },
    { "A--B--x", "A", "--B--x", "x", false, false, false, false, true, true },
    { "A--", "A", "--", "-", false, false, false, false, false, true },
    { "A-----x", "A", "-----x", "x", false, false, false, false, false, true },
    { "_leading", "_", "leading", "g", false, false, false, false, false, false },
};
static const names empty_names = { "Aorders", "Aheartbeats", "Aapp-heartbeats", "mm2-offset-syncsBinternal", "Acheckpointsinternal" };
/* identity A */
static const vec ident_a_rows[] = {
    { "orders", "A", "orders", "orders", false, false, false, false, false, true },
    { "A.orders", "A", "A.orders", "A.orders", false, false, false, false, false, true },
    { "B.orders", "A", "B.orders", "B.orders", false, false, false, false, false, true },
    { "B.A.orders", "A", "B.A.orders", "B.A.orders", false, false, false, false, false, true },
    { "heartbeats", NULL, NULL, "heartbeats", true, false, false, false, false, false },
    { "A.heartbeats", "A", "heartbeats", "heartbeats", true, false, false, false, false, true },
    { "B.A.heartbeats", "B", "A.heartbeats", "heartbeats", true, false, false, false, true, true },
    { "my.topic", "A", "my.topic", "my.topic", false, false, false, false, false, true },
    { "__consumer_offsets", "A", "__consumer_offsets", "__consumer_offsets", false, false, false, true, false, true },
    { "mm2-offsets.A.internal", "A", "mm2-offsets.A.internal", "mm2-offsets.A.internal", false, false, true, true, false, true },
    { "A.checkpoints.internal", "A", "A.checkpoints.internal", "A.checkpoints.internal", false, true, true, true, false, true },
    { "app-internal", "A", "app-internal", "app-internal", false, false, false, false, false, true },
    { ".hidden", "A", ".hidden", ".hidden", false, false, false, true, false, true },
    { "A.", "A", "A.", "A.", false, false, false, false, false, true },
    { "A..x", "A", "A..x", "A..x", false, false, false, false, false, true },
    { ".", "A", ".", ".", false, false, false, true, false, true },
    { "", "A", "", "", false, false, false, false, false, true },
    { "..x", "A", "..x", "..x", false, false, false, true, false, true },
    { "A_orders", "A", "A_orders", "A_orders", false, false, false, false, false, true },
    { "B_A_orders", "A", "B_A_orders", "B_A_orders", false, false, false, false, false, true },
    { "A_heartbeats", NULL, NULL, "A_heartbeats", false, false, false, false, false, false },
    { "A_checkpoints_internal", "A", "A_checkpoints_internal", "A_checkpoints_internal", false, false, false, false, false, true },
    { "mm2-offset-syncs_B_internal", "A", "mm2-offset-syncs_B_internal", "mm2-offset-syncs_B_internal", false, false, false, false, false, true },
    { "mm2-offset-syncs.B.internal", "A", "mm2-offset-syncs.B.internal", "mm2-offset-syncs.B.internal", false, false, true, true, false, true },
    { "app-heartbeats", NULL, NULL, "app-heartbeats", false, false, false, false, false, false },
    { "A.app-heartbeats", "A", "app-heartbeats", "app-heartbeats", false, false, false, false, false, true },
    { "mm2x.internal", "A", "mm2x.internal", "mm2x.internal", false, false, true, true, false, true },
    { "x.internal", "A", "x.internal", "x.internal", false, false, false, false, false, true },
    { "mm2.internal", "A", "mm2.internal", "mm2.internal", false, false, true, true, false, true },
    { "mm2_internal", "A", "mm2_internal", "mm2_internal", false, false, false, false, false, true },
    { "A__B", "A", "A__B", "A__B", false, false, false, false, false, true },
    { "A--B--x", "A", "A--B--x", "A--B--x", false, false, false, false, false, true },
    { "A--", "A", "A--", "A--", false, false, false, false, false, true },
    { "A-----x", "A", "A-----x", "A-----x", false, false, false, false, false, true },
    { "_leading", "A", "_leading", "_leading", false, false, false, false, false, true },
};
static const names ident_a_names = { "orders", "A.heartbeats", "A.app-heartbeats", "mm2-offset-syncs.B.internal", "A.checkpoints.internal" };
/* identity no alias */
static const vec ident_rows[] = {
    { "orders", NULL, "orders", "orders", false, false, false, false, false, false },
    { "A.orders", NULL, "A.orders", "A.orders", false, false, false, false, false, false },
    { "B.orders", NULL, "B.orders", "B.orders", false, false, false, false, false, false },
    { "B.A.orders", NULL, "B.A.orders", "B.A.orders", false, false, false, false, false, false },
    { "heartbeats", NULL, NULL, "heartbeats", true, false, false, false, false, false },
    { "A.heartbeats", "A", "heartbeats", "heartbeats", true, false, false, false, false, true },
    { "B.A.heartbeats", "B", "A.heartbeats", "heartbeats", true, false, false, false, true, true },
    { "my.topic", NULL, "my.topic", "my.topic", false, false, false, false, false, false },
    { "__consumer_offsets", NULL, "__consumer_offsets", "__consumer_offsets", false, false, false, true, false, false },
    { "mm2-offsets.A.internal", NULL, "mm2-offsets.A.internal", "mm2-offsets.A.internal", false, false, true, true, false, false },
    { "A.checkpoints.internal", NULL, "A.checkpoints.internal", "A.checkpoints.internal", false, true, true, true, false, false },
    { "app-internal", NULL, "app-internal", "app-internal", false, false, false, false, false, false },
    { ".hidden", NULL, ".hidden", ".hidden", false, false, false, true, false, false },
    { "A.", NULL, "A.", "A.", false, false, false, false, false, false },
    { "A..x", NULL, "A..x", "A..x", false, false, false, false, false, false },
    { ".", NULL, ".", ".", false, false, false, true, false, false },
    { "", NULL, "", "", false, false, false, false, false, false },
    { "..x", NULL, "..x", "..x", false, false, false, true, false, false },
    { "A_orders", NULL, "A_orders", "A_orders", false, false, false, false, false, false },
    { "B_A_orders", NULL, "B_A_orders", "B_A_orders", false, false, false, false, false, false },
    { "A_heartbeats", NULL, NULL, "A_heartbeats", false, false, false, false, false, false },
    { "A_checkpoints_internal", NULL, "A_checkpoints_internal", "A_checkpoints_internal", false, false, false, false, false, false },
    { "mm2-offset-syncs_B_internal", NULL, "mm2-offset-syncs_B_internal", "mm2-offset-syncs_B_internal", false, false, false, false, false, false },
    { "mm2-offset-syncs.B.internal", NULL, "mm2-offset-syncs.B.internal", "mm2-offset-syncs.B.internal", false, false, true, true, false, false },
    { "app-heartbeats", NULL, NULL, "app-heartbeats", false, false, false, false, false, false },
    { "A.app-heartbeats", "A", "app-heartbeats", "app-heartbeats", false, false, false, false, false, true },
    { "mm2x.internal", NULL, "mm2x.internal", "mm2x.internal", false, false, true, true, false, false },
    { "x.internal", NULL, "x.internal", "x.internal", false, false, false, false, false, false },
    { "mm2.internal", NULL, "mm2.internal", "mm2.internal", false, false, true, true, false, false },
    { "mm2_internal", NULL, "mm2_internal", "mm2_internal", false, false, false, false, false, false },
    { "A__B", NULL, "A__B", "A__B", false, false, false, false, false, false },
    { "A--B--x", NULL, "A--B--x", "A--B--x", false, false, false, false, false, false },
    { "A--", NULL, "A--", "A--", false, false, false, false, false, false },
    { "A-----x", NULL, "A-----x", "A-----x", false, false, false, false, false, false },
    { "_leading", NULL, "_leading", "_leading", false, false, false, false, false, false },
};
static const names ident_names = { "orders", "A.heartbeats", "A.app-heartbeats", "mm2-offset-syncs.B.internal", "A.checkpoints.internal" };
/* identity A sep _ */
static const vec ident_a_us_rows[] = {
    { "orders", "A", "orders", "orders", false, false, false, false, false, true },
    { "A.orders", "A", "A.orders", "A.orders", false, false, false, false, false, true },
    { "B.orders", "A", "B.orders", "B.orders", false, false, false, false, false, true },
    { "B.A.orders", "A", "B.A.orders", "B.A.orders", false, false, false, false, false, true },
    { "heartbeats", NULL, NULL, "heartbeats", true, false, false, false, false, false },
    { "A.heartbeats", NULL, NULL, "A.heartbeats", false, false, false, false, false, false },
    { "B.A.heartbeats", NULL, NULL, "B.A.heartbeats", false, false, false, false, false, false },
    { "my.topic", "A", "my.topic", "my.topic", false, false, false, false, false, true },
    { "__consumer_offsets", "A", "__consumer_offsets", "__consumer_offsets", false, false, false, true, false, true },
    { "mm2-offsets.A.internal", "A", "mm2-offsets.A.internal", "mm2-offsets.A.internal", false, false, false, false, false, true },
    { "A.checkpoints.internal", "A", "A.checkpoints.internal", "A.checkpoints.internal", false, false, false, false, false, true },
    { "app-internal", "A", "app-internal", "app-internal", false, false, false, false, false, true },
    { ".hidden", "A", ".hidden", ".hidden", false, false, false, true, false, true },
    { "A.", "A", "A.", "A.", false, false, false, false, false, true },
    { "A..x", "A", "A..x", "A..x", false, false, false, false, false, true },
    { ".", "A", ".", ".", false, false, false, true, false, true },
    { "", "A", "", "", false, false, false, false, false, true },
    { "..x", "A", "..x", "..x", false, false, false, true, false, true },
    { "A_orders", "A", "A_orders", "A_orders", false, false, false, false, false, true },
    { "B_A_orders", "A", "B_A_orders", "B_A_orders", false, false, false, false, false, true },
    { "A_heartbeats", "A", "heartbeats", "heartbeats", true, false, false, false, false, true },
    { "A_checkpoints_internal", "A", "A_checkpoints_internal", "A_checkpoints_internal", false, true, true, true, false, true },
    { "mm2-offset-syncs_B_internal", "A", "mm2-offset-syncs_B_internal", "mm2-offset-syncs_B_internal", false, false, true, true, false, true },
    { "mm2-offset-syncs.B.internal", "A", "mm2-offset-syncs.B.internal", "mm2-offset-syncs.B.internal", false, false, false, false, false, true },
    { "app-heartbeats", NULL, NULL, "app-heartbeats", false, false, false, false, false, false },
    { "A.app-heartbeats", NULL, NULL, "A.app-heartbeats", false, false, false, false, false, false },
    { "mm2x.internal", "A", "mm2x.internal", "mm2x.internal", false, false, false, false, false, true },
    { "x.internal", "A", "x.internal", "x.internal", false, false, false, false, false, true },
    { "mm2.internal", "A", "mm2.internal", "mm2.internal", false, false, false, false, false, true },
    { "mm2_internal", "A", "mm2_internal", "mm2_internal", false, false, true, true, false, true },
    { "A__B", "A", "A__B", "A__B", false, false, false, false, false, true },
    { "A--B--x", "A", "A--B--x", "A--B--x", false, false, false, false, false, true },
    { "A--", "A", "A--", "A--", false, false, false, false, false, true },
    { "A-----x", "A", "A-----x", "A-----x", false, false, false, false, false, true },
    { "_leading", "A", "_leading", "_leading", false, false, false, false, false, true },
};
static const names ident_a_us_names = { "orders", "A_heartbeats", "A_app-heartbeats", "mm2-offset-syncs_B_internal", "A_checkpoints_internal" };

/* Compares a returned string (freed here) with Java's, NULL meaning null. */
static void
check_str(char *got, const char *want, const char *what, const char *topic)
{
    if (want == NULL) {
        if (got != NULL)
            fail_msg("%s(%s): want null, got \"%s\"", what, topic, got);
    } else {
        if (got == NULL)
            fail_msg("%s(%s): want \"%s\", got null", what, topic, want);
        if (strcmp(got, want) != 0)
            fail_msg("%s(%s): want \"%s\", got \"%s\"", what, topic, want, got);
    }
    free(got);
}

static void
check_bool(bool got, bool want, const char *what, const char *topic)
{
    if (got != want)
        fail_msg("%s(%s): want %d, got %d", what, topic, want, got);
}

static void
run_table(const char *config_json, const vec *rows, size_t n, const names *nm)
{
    kc_mirror_policy p;
    json_error_t     jerr;
    json_t          *config = json_loads(config_json, 0, &jerr);
    char             err[256];

    assert_non_null(config);
    assert_int_equal(kc_mirror_policy_init(&p, config, err, sizeof(err)), 0);
    check_str(kc_mirror_format_remote_topic(&p, "A", "orders"), nm->remote_orders, "format", "orders");
    check_str(kc_mirror_format_remote_topic(&p, "A", "heartbeats"), nm->remote_heartbeats,
              "format", "heartbeats");
    check_str(kc_mirror_format_remote_topic(&p, "A", "app-heartbeats"), nm->remote_app_heartbeats,
              "format", "app-heartbeats");
    check_str(kc_mirror_offset_syncs_topic(&p, "B"), nm->offset_syncs_b, "offsetSyncsTopic", "B");
    check_str(kc_mirror_checkpoints_topic(&p, "A"), nm->checkpoints_a, "checkpointsTopic", "A");
    assert_string_equal(kc_mirror_heartbeats_topic(&p), "heartbeats");
    for (size_t i = 0; i < n; i++) {
        const vec *v = &rows[i];
        check_str(kc_mirror_topic_source(&p, v->topic), v->source, "topicSource", v->topic);
        check_str(kc_mirror_upstream_topic(&p, v->topic), v->upstream, "upstreamTopic", v->topic);
        check_str(kc_mirror_original_topic(&p, v->topic), v->original, "originalTopic", v->topic);
        check_bool(kc_mirror_is_heartbeats_topic(&p, v->topic), v->heartbeats, "isHeartbeats", v->topic);
        check_bool(kc_mirror_is_checkpoints_topic(&p, v->topic), v->checkpoints, "isCheckpoints",
                   v->topic);
        check_bool(kc_mirror_is_mm2_internal_topic(&p, v->topic), v->mm2_internal,
                   "isMM2InternalTopic", v->topic);
        check_bool(kc_mirror_is_internal_topic(&p, v->topic), v->internal, "isInternalTopic", v->topic);
        check_bool(kc_mirror_is_cycle(&p, "B", v->topic), v->cycle_into_b, "isCycle A->B", v->topic);
        check_bool(kc_mirror_is_cycle(&p, "A", v->topic), v->cycle_into_a, "isCycle B->A", v->topic);
    }
    kc_mirror_policy_free(&p);
    json_decref(config);
}

#define TABLE(json, id) run_table(json, id##_rows, sizeof(id##_rows) / sizeof(id##_rows[0]), &id##_names)

static void
test_default_dot(void **state)
{
    (void) state;
    TABLE("{}", dflt);
    TABLE("{\"replication.policy.class\": \"org.apache.kafka.connect.mirror.DefaultReplicationPolicy\"}",
          dflt);
    /* The flag is read only together with a separator (and "." is "." anyway). */
    TABLE("{\"replication.policy.internal.topic.separator.enabled\": \"false\"}", dot_noint);
}

static void
test_default_underscore(void **state)
{
    (void) state;
    TABLE("{\"replication.policy.separator\": \"_\"}", us);
    TABLE("{\"replication.policy.separator\": \"_\","
          " \"replication.policy.internal.topic.separator.enabled\": \"true\"}", us);
    TABLE("{\"replication.policy.separator\": \"_\","
          " \"replication.policy.internal.topic.separator.enabled\": \"false\"}", us_noint);
    TABLE("{\"replication.policy.separator\": \"_\","
          " \"replication.policy.internal.topic.separator.enabled\": \"FALSE\"}", us_noint_upper);
    /* Boolean.parseBoolean: anything but "true" is false. */
    TABLE("{\"replication.policy.separator\": \"_\","
          " \"replication.policy.internal.topic.separator.enabled\": \"no\"}", us_no);
}

static void
test_other_separators(void **state)
{
    (void) state;
    TABLE("{\"replication.policy.separator\": \"--\"}", dashes);
    TABLE("{\"replication.policy.separator\": \"\"}", empty);
}

static void
test_identity(void **state)
{
    (void) state;
    TABLE("{\"replication.policy.class\": \"org.apache.kafka.connect.mirror.IdentityReplicationPolicy\","
          " \"source.cluster.alias\": \"A\"}", ident_a);
    TABLE("{\"replication.policy.class\": \" IdentityReplicationPolicy \"}", ident);
    TABLE("{\"replication.policy.class\": \"IdentityReplicationPolicy\", \"source.cluster.alias\": \"A\","
          " \"replication.policy.separator\": \"_\"}", ident_a_us);
}

static void
test_init_refusals(void **state)
{
    kc_mirror_policy p;
    char             err[256];
    json_t          *c;

    (void) state;
    c = json_pack("{s:s}", "replication.policy.class", "com.example.MyPolicy");
    assert_int_equal(kc_mirror_policy_init(&p, c, err, sizeof(err)), -1);
    assert_string_equal(err, "Invalid value com.example.MyPolicy for configuration "
                             "replication.policy.class: Class com.example.MyPolicy could not be found.");
    kc_mirror_policy_free(&p);
    json_decref(c);
    c = json_pack("{s:s}", "replication.policy.class", " Foo ");    /* Java keeps the spaces */
    assert_int_equal(kc_mirror_policy_init(&p, c, err, sizeof(err)), -1);
    assert_string_equal(err, "Invalid value  Foo  for configuration replication.policy.class: "
                             "Class  Foo  could not be found.");
    json_decref(c);

    c = json_pack("{s:i}", "replication.policy.separator", 1);
    assert_int_equal(kc_mirror_policy_init(&p, c, err, sizeof(err)), -1);
    assert_non_null(strstr(err, "replication.policy.separator"));
    json_decref(c);

    /* A NULL config is the empty one: Default with ".". */
    assert_int_equal(kc_mirror_policy_init(&p, NULL, err, sizeof(err)), 0);
    assert_false(p.identity);
    assert_string_equal(p.separator, ".");
    assert_true(p.internal_separator);
    assert_null(p.source_alias);
    kc_mirror_policy_free(&p);
}

static void
test_cycle_through_hops(void **state)
{
    kc_mirror_policy p;
    char             err[64];

    (void) state;
    assert_int_equal(kc_mirror_policy_init(&p, NULL, err, sizeof(err)), 0);
    assert_true(kc_mirror_is_cycle(&p, "B", "C.D.B.orders"));
    assert_false(kc_mirror_is_cycle(&p, "B", "C.D.E.orders"));
    assert_true(kc_mirror_is_cycle(&p, "my", "my.topic"));       /* §2.6: a local dotted name */
    kc_mirror_policy_free(&p);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_default_dot),
        cmocka_unit_test(test_default_underscore),
        cmocka_unit_test(test_other_separators),
        cmocka_unit_test(test_identity),
        cmocka_unit_test(test_init_refusals),
        cmocka_unit_test(test_cycle_through_hops),
    };
    return cmocka_run_group_tests_name("mirror_policy", tests, NULL, NULL);
}
