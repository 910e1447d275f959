/*
 * tests/unit/test_offset_sync.c - the offset-sync writer and store against Java: the vectors
 * of spec/mirrormaker2.md §5.6 and §6.3, and seeded random runs whose expected results were
 * printed by Kafka 4.3.1's own OffsetSyncWriter (with a producer that only records sends) and
 * OffsetSyncStore (assertions enabled) fed the same pseudo-random sequence.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "connectors/mirror/offset_sync.h"

/* ===== A send() that records ===== */

typedef struct {
    char    topic[16];
    int32_t partition;
    int64_t up, down;
} sent_sync;

typedef struct {
    sent_sync *v;
    size_t     n, cap;
} sent_log;

static void
record_send(void *opaque, const char *topic, int32_t partition, int64_t up, int64_t down)
{
    sent_log *log = opaque;

    if (log->n == log->cap) {
        log->cap = log->cap ? log->cap * 2 : 16;
        log->v = realloc(log->v, log->cap * sizeof(*log->v));
    }
    snprintf(log->v[log->n].topic, sizeof(log->v[log->n].topic), "%s", topic);
    log->v[log->n].partition = partition;
    log->v[log->n].up = up;
    log->v[log->n].down = down;
    log->n++;
}

static void
assert_sent(const sent_log *log, size_t i, const char *topic, int32_t partition, int64_t up, int64_t down)
{
    assert_true(i < log->n);
    assert_string_equal(log->v[i].topic, topic);
    assert_int_equal(log->v[i].partition, partition);
    assert_int_equal(log->v[i].up, up);
    assert_int_equal(log->v[i].down, down);
}

/* §5.6 OSW-1: gaps and a downstream truncation sync at once, the rest waits for commit. */
static void
test_osw1(void **state)
{
    static const int64_t acks[][2] = {
        { 0, 0 }, { 1, 1 }, { 2, 2 }, { 50, 50 }, { 51, 51 }, { 150, 150 }, { 151, 151 },
        { 152, 152 }, { 153, 153 }, { 200, 140 }, { 201, 141 },
    };
    sent_log log = { 0 };
    kc_osw  *w = kc_osw_new(100, 10, record_send, &log);

    (void) state;
    for (size_t i = 0; i < sizeof(acks) / sizeof(acks[0]); i++)
        kc_osw_record_acked(w, "orders", 0, acks[i][0], acks[i][1]);
    /* Acks of the sends are not needed: 4 syncs stay below the 10 in flight. */
    assert_int_equal(log.n, 4);
    assert_sent(&log, 0, "orders", 0, 0, 0);
    assert_sent(&log, 1, "orders", 0, 50, 50);
    assert_sent(&log, 2, "orders", 0, 150, 150);
    assert_sent(&log, 3, "orders", 0, 200, 140);
    kc_osw_commit(w);
    assert_int_equal(log.n, 5);
    assert_sent(&log, 4, "orders", 0, 201, 141);
    kc_osw_commit(w);                           /* nothing delayed any more */
    assert_int_equal(log.n, 5);
    kc_osw_free(w);
    free(log.v);
}

/* §5.6 OSW-2: contiguous offsets sync every 101 with offset.lag.max 100. */
static void
test_osw2(void **state)
{
    sent_log log = { 0 };
    kc_osw  *w = kc_osw_new(100, 10, record_send, &log);

    (void) state;
    for (int64_t k = 0; k <= 250; k++)
        kc_osw_record_acked(w, "t", 3, k, k);
    assert_int_equal(log.n, 3);
    assert_sent(&log, 0, "t", 3, 0, 0);
    assert_sent(&log, 1, "t", 3, 101, 101);
    assert_sent(&log, 2, "t", 3, 202, 202);
    kc_osw_free(w);
    free(log.v);
}

/* A partition's handle is its state: the same for every lookup of the partition, another
 * for any other, and acks through it are the acks by name (first record: a sync). */
static void
test_osw_partition_handle(void **state)
{
    sent_log          log = { 0 };
    kc_osw           *w = kc_osw_new(100, 10, record_send, &log);
    kc_osw_partition *a = kc_osw_partition_get(w, "t", 1);

    (void) state;
    assert_ptr_equal(a, kc_osw_partition_get(w, "t", 1));
    assert_ptr_not_equal(a, kc_osw_partition_get(w, "t", 2));
    assert_ptr_not_equal(a, kc_osw_partition_get(w, "u", 1));
    assert_false(kc_osw_partition_acked(w, a, 40, 4));
    assert_int_equal(log.n, 1);
    assert_sent(&log, 0, "t", 1, 40, 4);
    kc_osw_record_acked(w, "t", 1, 41, 5);      /* the same state: not first, not stale */
    assert_int_equal(log.n, 1);
    kc_osw_free(w);
    free(log.v);
}

/* §5.6 OSW-3: at most 10 in flight; the rest waits, oldest first, for acks. */
static void
test_osw3(void **state)
{
    sent_log log = { 0 };
    kc_osw  *w = kc_osw_new(100, 10, record_send, &log);
    char     topic[16];

    (void) state;
    for (int p = 0; p < 12; p++)
        kc_osw_record_acked(w, "t", p, 5, 7);
    assert_int_equal(log.n, 10);
    for (int p = 0; p < 10; p++)
        assert_sent(&log, (size_t) p, "t", p, 5, 7);
    kc_osw_fire_pending(w);                     /* still no free slot */
    assert_int_equal(log.n, 10);
    kc_osw_sent(w);
    kc_osw_fire_pending(w);
    assert_int_equal(log.n, 11);
    assert_sent(&log, 10, "t", 10, 5, 7);
    for (int i = 0; i < 9; i++)
        kc_osw_sent(w);
    kc_osw_fire_pending(w);
    assert_int_equal(log.n, 12);
    assert_sent(&log, 11, "t", 11, 5, 7);
    /* A newer sync of a partition still pending replaces it in place (newest wins). */
    for (int p = 0; p < 10; p++) {
        snprintf(topic, sizeof(topic), "u%d", p);
        /* True once a sync is left waiting for a slot: u8 on. */
        assert_int_equal(kc_osw_record_acked(w, topic, 0, 0, 0), p >= 8);
    }
    /* 2 in flight, so 8 of these went out and u8, u9 wait. */
    assert_int_equal(log.n, 20);
    assert_sent(&log, 19, "u7", 0, 0, 0);
    assert_true(kc_osw_record_acked(w, "v", 0, 0, 0));    /* pending: u8, u9, v */
    kc_osw_record_acked(w, "x", 0, 0, 0);       /* pending: u8, u9, v, x */
    kc_osw_record_acked(w, "v", 0, 5, 1);       /* gap: v's sync replaced, v keeps its place */
    assert_int_equal(log.n, 20);
    for (int i = 0; i < 10; i++)
        kc_osw_sent(w);
    kc_osw_fire_pending(w);
    assert_int_equal(log.n, 24);
    assert_sent(&log, 20, "u8", 0, 0, 0);
    assert_sent(&log, 21, "u9", 0, 0, 0);
    assert_sent(&log, 22, "v", 0, 5, 1);
    assert_sent(&log, 23, "x", 0, 0, 0);
    kc_osw_free(w);
    free(log.v);
}

/* A sync that became due replaces the partition's delayed one; a commit sends a partition's
 * newest delayed sync, and a later ack that is due sends the newer. */
static void
test_osw_delayed_and_pending(void **state)
{
    sent_log log = { 0 };
    kc_osw  *w = kc_osw_new(100, 10, record_send, &log);

    (void) state;
    assert_false(kc_osw_record_acked(w, "a", 0, 10, 10));   /* first: sent, none waits */
    assert_false(kc_osw_record_acked(w, "a", 0, 11, 11));   /* delayed, not pending */
    kc_osw_record_acked(w, "b", 0, 0, 0);       /* first: sent */
    kc_osw_record_acked(w, "b", 0, 1, 1);       /* delayed */
    kc_osw_record_acked(w, "a", 0, 20, 20);     /* gap: sent, a's delayed sync dropped */
    assert_int_equal(log.n, 3);
    kc_osw_commit(w);
    assert_int_equal(log.n, 4);
    assert_sent(&log, 3, "b", 0, 1, 1);
    /* offset.lag.max 0: every record is due. */
    kc_osw *every = kc_osw_new(0, 10, record_send, &log);
    for (int64_t k = 0; k < 5; k++)
        kc_osw_record_acked(every, "c", 1, k, k);
    assert_int_equal(log.n, 9);
    kc_osw_free(every);
    kc_osw_free(w);
    free(log.v);
}

/* ===== Seeded runs against Java ===== */

static uint64_t rng;

static uint64_t
next(void)
{
    rng ^= rng >> 12;
    rng ^= rng << 25;
    rng ^= rng >> 27;
    return rng * UINT64_C(2685821657736338717);
}

static uint64_t below(uint64_t n) { return next() % n; }

static uint64_t hash;

static void mix(int64_t v) { hash = (hash ^ (uint64_t) v) * UINT64_C(0x100000001b3); }

static int64_t jadd(int64_t a, int64_t b) { return (int64_t) ((uint64_t) a + (uint64_t) b); }

static const struct {
    uint64_t seed;
    int64_t  max_lag;
    int      ops;
    size_t   sends;
    uint64_t hash;
} osw_runs[] = {
    { 1000ULL, 100, 4000, 1886, 0x182e4b6e8d83eea2ULL },
    { 1001ULL, 0, 4000, 2618, 0xba895dd131f33984ULL },
    { 1002ULL, 5, 4000, 1891, 0xbd07f32b5f69c76aULL },
    { 1003ULL, 1, 4000, 2193, 0x13e77f6be2e5f84cULL },
    { 1004ULL, 1000, 4000, 1696, 0xc172ce820884dabeULL },
    { 1005ULL, 100, 4000, 1820, 0x7e6d84190e5ce6fdULL },
    { 1006ULL, 0, 4000, 2635, 0x4498321ebe438138ULL },
    { 1007ULL, 5, 4000, 1842, 0xb914166d9de05a1aULL },
    { 1008ULL, 1, 4000, 2204, 0xf65cdaae96cb8b0bULL },
    { 1009ULL, 1000, 4000, 1644, 0xe37c45b70fb6f8e3ULL },
};

static void
test_osw_random_against_java(void **state)
{
    (void) state;
    for (size_t r = 0; r < sizeof(osw_runs) / sizeof(osw_runs[0]); r++) {
        sent_log log = { 0 };
        kc_osw  *w = kc_osw_new(osw_runs[r].max_lag, 10, record_send, &log);
        int64_t  up[16], down[16];
        size_t   acked = 0;
        char     topic[16];

        rng = osw_runs[r].seed;
        hash = UINT64_C(0xcbf29ce484222325);
        for (int i = 0; i < 16; i++)
            up[i] = down[i] = -1;
        for (int i = 0; i < osw_runs[r].ops; i++) {
            uint64_t op = below(100);
            size_t   inflight = log.n - acked;

            if (op < 75) {
                int      tp = (int) below(16);
                uint64_t kind = below(10);

                if (kind <= 6) {
                    up[tp]++;
                    down[tp]++;
                } else if (kind == 7) {
                    up[tp] += 1 + (int64_t) below(5);
                    down[tp]++;
                } else if (kind == 8) {
                    up[tp]++;
                    down[tp] -= (int64_t) below(3);
                } else {
                    up[tp]++;
                    down[tp] += (int64_t) below(300);
                }
                snprintf(topic, sizeof(topic), "t%d", tp / 4);
                kc_osw_record_acked(w, topic, tp % 4, up[tp], down[tp]);
            } else if (op < 85) {
                if (inflight > 0) {
                    size_t k = 1 + (size_t) below(inflight);
                    for (size_t j = 0; j < k; j++)
                        kc_osw_sent(w);
                    acked += k;
                }
            } else if (op < 90) {
                kc_osw_fire_pending(w);
            } else if (op < 95) {
                kc_osw_commit(w);
            } else {
                for (size_t j = 0; j < inflight; j++)
                    kc_osw_sent(w);
                acked += inflight;
            }
        }
        for (size_t i = 0; i < log.n; i++) {
            mix(log.v[i].topic[1] - '0');
            mix(log.v[i].partition);
            mix(log.v[i].up);
            mix(log.v[i].down);
        }
        if (log.n != osw_runs[r].sends || hash != osw_runs[r].hash)
            fail_msg("seed %llu: %zu sends (Java %zu), hash %016llx (Java %016llx)",
                     (unsigned long long) osw_runs[r].seed, log.n, osw_runs[r].sends,
                     (unsigned long long) hash, (unsigned long long) osw_runs[r].hash);
        kc_osw_free(w);
        free(log.v);
    }
}

/* ===== Store ===== */

/* The array as runs "(first index, up:down)", as §6.3 prints it. */
static void
assert_runs(kc_oss *s, const char *topic, int32_t partition, const char *want)
{
    char     got[1024] = "";
    size_t   len = 0;
    int64_t  up, down;
    uint64_t id, prev_id = 0;

    for (int i = 0; i < 64; i++) {
        assert_int_equal(kc_oss_sync_at(s, topic, partition, i, &up, &down, &id), 1);
        if (i == 0 || id != prev_id)
            len += (size_t) snprintf(got + len, sizeof(got) - len, "%s(%d,%lld:%lld)",
                                     i ? " " : "", i, (long long) up, (long long) down);
        prev_id = id;
    }
    assert_string_equal(got, want);
}

static int64_t
translated(kc_oss *s, const char *topic, int32_t partition, int64_t g)
{
    int64_t out = INT64_MIN;

    assert_int_equal(kc_oss_translate(s, topic, partition, g, &out), 1);
    return out;
}

/* §6.3 OSS-1 and the worked example. */
static void
test_oss1(void **state)
{
    kc_oss *s = kc_oss_new(false);

    (void) state;
    kc_oss_set_read_to_end(s);
    kc_oss_insert(s, "t", 0, 0, 0);
    kc_oss_insert(s, "t", 0, 100, 95);
    kc_oss_insert(s, "t", 0, 205, 199);
    assert_runs(s, "t", 0, "(0,205:199) (8,100:95) (9,0:0)");
    assert_int_equal(translated(s, "t", 0, 0), 0);
    assert_int_equal(translated(s, "t", 0, 50), 1);
    assert_int_equal(translated(s, "t", 0, 150), 96);
    assert_int_equal(translated(s, "t", 0, 205), 199);
    assert_int_equal(translated(s, "t", 0, 300), 200);
    kc_oss_free(s);
}

/* §6.3 OSS-2: 2000 evenly spaced syncs. */
static void
test_oss2(void **state)
{
    kc_oss *s = kc_oss_new(false);

    (void) state;
    kc_oss_set_read_to_end(s);
    for (int64_t k = 0; k < 2000; k++)
        kc_oss_insert(s, "t", 0, k * 101, k * 100);
    assert_runs(s, "t", 0, "(0,201899:199900) (8,201798:199800) (9,201596:199600) "
                "(10,201192:199200) (11,200384:198400) (12,198768:196800) (13,197152:195200) "
                "(14,193920:192000) (15,180992:179200) (16,155136:153600) (17,103424:102400) "
                "(18,0:0)");
    assert_int_equal(translated(s, "t", 0, 0), 0);
    assert_int_equal(translated(s, "t", 0, 1000), 1);
    assert_int_equal(translated(s, "t", 0, 50000), 1);
    assert_int_equal(translated(s, "t", 0, 150000), 102401);
    assert_int_equal(translated(s, "t", 0, 190000), 179201);
    assert_int_equal(translated(s, "t", 0, 201899), 199900);
    assert_int_equal(translated(s, "t", 0, 201900), 199901);
    assert_int_equal(translated(s, "t", 0, 202000), 199901);
    kc_oss_free(s);
}

/* §6.3 OSS-3, and no translation before the first catch-up. */
static void
test_oss3_absent(void **state)
{
    kc_oss  *s = kc_oss_new(false);
    int64_t  out = 42;

    (void) state;
    kc_oss_insert(s, "t", 0, 10, 10);
    assert_false(kc_oss_read_to_end(s));
    assert_int_equal(kc_oss_translate(s, "t", 0, 10, &out), 0);
    kc_oss_set_read_to_end(s);
    assert_true(kc_oss_read_to_end(s));
    assert_int_equal(kc_oss_translate(s, "t", 1, 10, &out), 0);        /* other partition */
    assert_int_equal(kc_oss_translate(s, "u", 0, 10, &out), 0);        /* other topic */
    assert_int_equal(out, 42);
    assert_int_equal(translated(s, "t", 0, 10), 10);
    assert_int_equal(translated(s, "t", 0, 9), -1);       /* behind every sync kept */
    kc_oss_free(s);
}

/* Identity, not value: the same offsets sent twice are two syncs; a rewind starts over; with
 * must_read_to_end only the last sync counts until the catch-up. */
static void
test_oss_identity_rewind_and_catch_up(void **state)
{
    kc_oss  *s = kc_oss_new(true);
    int64_t  up, down;
    uint64_t id0, id1;

    (void) state;
    kc_oss_insert(s, "t", 0, 0, 0);
    kc_oss_insert(s, "t", 0, 100, 90);
    assert_runs(s, "t", 0, "(0,100:90)");                 /* only the last while catching up */
    kc_oss_set_read_to_end(s);
    kc_oss_insert(s, "t", 0, 100, 90);
    assert_int_equal(kc_oss_sync_at(s, "t", 0, 0, &up, &down, &id0), 1);
    assert_int_equal(kc_oss_sync_at(s, "t", 0, 1, &up, &down, &id1), 1);
    assert_true(id0 != id1);
    assert_runs(s, "t", 0, "(0,100:90) (1,100:90)");
    kc_oss_insert(s, "t", 0, 5, 7);                       /* upstream rewind */
    assert_runs(s, "t", 0, "(0,5:7)");
    assert_int_equal(translated(s, "t", 0, 100), 8);
    kc_oss_free(s);
}

static const struct {
    uint64_t seed;
    int64_t  start;
    bool     must_read_to_end;
    int      read_to_end_at, n;
    uint64_t hash;
} oss_runs[] = {
    { 7ULL, 0LL, false, 0, 3000, 0x63b2a2dc8933adb8ULL },
    { 8ULL, 0LL, false, 0, 3000, 0x02c8d37af41a0e51ULL },
    { 9ULL, 0LL, false, 0, 3000, 0x1de4097c36b55affULL },
    { 10ULL, 0LL, false, 0, 3000, 0xbcf95a54a6c66b3dULL },
    { 11ULL, 0LL, false, 0, 3000, 0x30215252a57f21caULL },
    { 12ULL, 0LL, false, 0, 3000, 0x01bde7846e112f87ULL },
    { 101ULL, 9223372036849775807LL, false, 0, 2000, 0x33146e6fd056472fULL },
    { 102ULL, 9223372036854775507LL, false, 0, 500, 0x27fe1f0b3ee4fe8cULL },
    { 103ULL, 4611686018427386904LL, false, 0, 2000, 0x85170545c3d190ceULL },
    { 104ULL, 0LL, true, 700, 2000, 0x513b54a134fdcf8dULL },
    { 105ULL, 0LL, true, 0, 2000, 0x3c0872a0714bbf08ULL },
    { 106ULL, 0LL, false, 900, 2000, 0x8f1a9381c7cccb8cULL },
};

static void
test_oss_random_against_java(void **state)
{
    (void) state;
    for (size_t r = 0; r < sizeof(oss_runs) / sizeof(oss_runs[0]); r++) {
        kc_oss  *s = kc_oss_new(oss_runs[r].must_read_to_end);
        int64_t  up = oss_runs[r].start, down = 0, v, d;
        uint64_t id;

        rng = oss_runs[r].seed;
        hash = UINT64_C(0xcbf29ce484222325);
        for (int i = 0; i < oss_runs[r].n; i++) {
            uint64_t op;

            if (i == oss_runs[r].read_to_end_at)
                kc_oss_set_read_to_end(s);
            op = below(100);
            if (op < 70) {
                up = jadd(up, 1 + (int64_t) below(200));
                down = jadd(down, 1 + (int64_t) below(150));
            } else if (op < 80) {
                /* the same offsets again */
            } else if (op < 85) {
                up = (int64_t) below((uint64_t) (up > 0 ? up : 0) + 1);
                down = (int64_t) below(1000);
            } else if (op < 90) {
                up = jadd(up, (int64_t) below(1000000));
                down = jadd(down, (int64_t) below(1000));
            } else {
                up = jadd(up, 1);
                down = jadd(down, 1);
            }
            kc_oss_insert(s, "t", 0, up, down);
            for (int j = 0; j < 64; j++) {
                assert_int_equal(kc_oss_sync_at(s, "t", 0, j, &v, &d, &id), 1);
                mix(v);
                mix(d);
            }
            int64_t gs[] = { 0, up, jadd(up, -1), jadd(up, 1), up / 2,
                             (int64_t) below((uint64_t) (up > 0 ? up : 0) + 2), INT64_MAX, INT64_MIN };
            for (size_t k = 0; k < sizeof(gs) / sizeof(gs[0]); k++) {
                int64_t t = 0;
                int     present = kc_oss_translate(s, "t", 0, gs[k], &t);
                mix(present);
                mix(present ? t : 0);
            }
        }
        if (hash != oss_runs[r].hash)
            fail_msg("seed %llu: hash %016llx, Java %016llx", (unsigned long long) oss_runs[r].seed,
                     (unsigned long long) hash, (unsigned long long) oss_runs[r].hash);
        kc_oss_free(s);
    }
}

/* Many partitions (the map grows) and a translating thread beside the inserting one. */
static kc_oss *shared;
static volatile bool done;

static void *
translator(void *arg)
{
    long    bad = 0;
    int64_t out;

    (void) arg;
    while (!done)
        for (int p = 0; p < 200; p++)
            if (kc_oss_translate(shared, "t", p, 1000000, &out) == 1 && out < 0)
                bad++;
    return (void *) bad;
}

static void
test_oss_concurrent(void **state)
{
    pthread_t th;
    void     *bad;

    (void) state;
    shared = kc_oss_new(false);
    kc_oss_set_read_to_end(shared);
    assert_int_equal(pthread_create(&th, NULL, translator, NULL), 0);
    for (int64_t k = 0; k < 500; k++)
        for (int p = 0; p < 200; p++)
            kc_oss_insert(shared, "t", p, k * 10, k * 9);
    done = true;
    assert_int_equal(pthread_join(th, &bad), 0);
    assert_int_equal((long) bad, 0);
    for (int p = 0; p < 200; p++)
        assert_int_equal(translated(shared, "t", p, 4990), 4491);
    kc_oss_free(shared);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_osw1),
        cmocka_unit_test(test_osw2),
        cmocka_unit_test(test_osw3),
        cmocka_unit_test(test_osw_partition_handle),
        cmocka_unit_test(test_osw_delayed_and_pending),
        cmocka_unit_test(test_osw_random_against_java),
        cmocka_unit_test(test_oss1),
        cmocka_unit_test(test_oss2),
        cmocka_unit_test(test_oss3_absent),
        cmocka_unit_test(test_oss_identity_rewind_and_catch_up),
        cmocka_unit_test(test_oss_random_against_java),
        cmocka_unit_test(test_oss_concurrent),
    };
    return cmocka_run_group_tests_name("offset_sync", tests, NULL, NULL);
}
