/*
 * connectors/mirror/offset_sync.c - MirrorMaker 2's offset-sync writer (when a sync is written,
 * Kafka's OffsetSyncWriter) and store (how a group offset is translated, Kafka's
 * OffsetSyncStore), as Kafka 4.3 has them.
 *
 * Both keep per topic-partition state in a small chained hash map; an entry is allocated the
 * first time a partition is seen and lives until the writer or store is freed. Offsets are
 * compared and combined with Java's long arithmetic, which wraps: sums are done unsigned and
 * read back as int64_t, so extreme offsets give Java's answers instead of undefined behaviour.
 *
 * Threads: a writer's state is guarded by its mutex, its in-flight count is atomic. A store's
 * map and arrays are guarded by its mutex (Java publishes a new array per insert; the lock
 * gives readers the same all-old-or-all-new view); read_to_end is atomic.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "connectors/mirror/offset_sync.h"
#include "lib/common.h"

/* Java's long + and -: two's complement wrap-around. */
static inline int64_t
jadd(int64_t a, int64_t b)
{
    return (int64_t) ((uint64_t) a + (uint64_t) b);
}

static inline int64_t
jsub(int64_t a, int64_t b)
{
    return (int64_t) ((uint64_t) a - (uint64_t) b);
}

/* ===== Topic-partition map ===== */

typedef struct tp_entry {
    struct tp_entry *next;          /* bucket chain */
    uint32_t         hash;
    int32_t          partition;
    char            *topic;
} tp_entry;

typedef struct {
    tp_entry **buckets;
    size_t     nbuckets;            /* a power of two */
    size_t     count;
} tp_map;

static uint32_t
tp_hash(const char *topic, int32_t partition)
{
    uint32_t h = 2166136261u;                       /* FNV-1a */

    for (const unsigned char *p = (const unsigned char *) topic; *p != '\0'; p++)
        h = (h ^ *p) * 16777619u;
    h ^= (uint32_t) partition;
    h *= 0x9e3779b1u;
    return h ^ (h >> 15);
}

static void
tp_map_init(tp_map *m)
{
    m->nbuckets = 16;
    m->buckets = kc_xcalloc(m->nbuckets, sizeof(*m->buckets));
    m->count = 0;
}

static tp_entry *
tp_map_get(const tp_map *m, const char *topic, int32_t partition)
{
    uint32_t h = tp_hash(topic, partition);

    for (tp_entry *e = m->buckets[h & (m->nbuckets - 1)]; e != NULL; e = e->next)
        if (e->hash == h && e->partition == partition && strcmp(e->topic, topic) == 0)
            return e;
    return NULL;
}

/* Links e (with topic and partition set) into the map, which then owns it. */
static void
tp_map_add(tp_map *m, tp_entry *e)
{
    if (m->count >= m->nbuckets) {                  /* keep chains short: double */
        size_t     n = m->nbuckets * 2;
        tp_entry **b = kc_xcalloc(n, sizeof(*b));

        for (size_t i = 0; i < m->nbuckets; i++) {
            for (tp_entry *x = m->buckets[i], *next; x != NULL; x = next) {
                next = x->next;
                x->next = b[x->hash & (n - 1)];
                b[x->hash & (n - 1)] = x;
            }
        }
        free(m->buckets);
        m->buckets = b;
        m->nbuckets = n;
    }
    e->hash = tp_hash(e->topic, e->partition);
    e->next = m->buckets[e->hash & (m->nbuckets - 1)];
    m->buckets[e->hash & (m->nbuckets - 1)] = e;
    m->count++;
}

/* Frees every entry (and its topic) with free(). */
static void
tp_map_free(tp_map *m)
{
    for (size_t i = 0; i < m->nbuckets; i++) {
        for (tp_entry *e = m->buckets[i], *next; e != NULL; e = next) {
            next = e->next;
            free(e->topic);
            free(e);
        }
    }
    free(m->buckets);
    m->buckets = NULL;
}

/* ===== Writer ===== */

/* One queued sync: a slot in the pending or delayed queue. The queues are doubly linked
 * lists in insertion order, as Java's LinkedHashMaps: replacing the sync of a partition
 * already queued keeps its place. */
typedef struct osw_slot {
    struct osw_slot *prev, *next;
    bool             queued;
    int64_t          upstream, downstream;
} osw_slot;

typedef struct {
    osw_slot *head, *tail;
} osw_queue;

struct kc_osw_partition {
    tp_entry tp;                    /* first: the map's view */
    /* PartitionState */
    int64_t  prev_upstream, prev_downstream, last_sync_downstream;
    bool     should_sync;
    osw_slot pending, delayed;
};
typedef kc_osw_partition osw_entry;

struct kc_osw {
    pthread_mutex_t lock;
    tp_map          states;
    osw_queue       pending, delayed;
    int64_t         max_lag;
    atomic_int      permits;        /* free in-flight slots (Java's Semaphore) */
    kc_osw_send_fn  send;
    void           *opaque;
};

#define SLOT_ENTRY(slot, member) \
    ((osw_entry *) ((char *) (slot) - offsetof(osw_entry, member)))

/* Java's map.put(tp, sync): a new partition goes last, a queued one keeps its place. */
static void
queue_put(osw_queue *q, osw_slot *s, int64_t upstream, int64_t downstream)
{
    s->upstream = upstream;
    s->downstream = downstream;
    if (s->queued)
        return;
    s->queued = true;
    s->next = NULL;
    s->prev = q->tail;
    if (q->tail != NULL)
        q->tail->next = s;
    else
        q->head = s;
    q->tail = s;
}

static void
queue_remove(osw_queue *q, osw_slot *s)
{
    if (!s->queued)
        return;
    if (s->prev != NULL)
        s->prev->next = s->next;
    else
        q->head = s->next;
    if (s->next != NULL)
        s->next->prev = s->prev;
    else
        q->tail = s->prev;
    s->prev = s->next = NULL;
    s->queued = false;
}

kc_osw *
kc_osw_new(int64_t max_lag, int max_outstanding, kc_osw_send_fn send, void *opaque)
{
    kc_osw *w = kc_xcalloc(1, sizeof(*w));

    pthread_mutex_init(&w->lock, NULL);
    tp_map_init(&w->states);
    w->max_lag = max_lag;
    atomic_init(&w->permits, max_outstanding);
    w->send = send;
    w->opaque = opaque;
    return w;
}

void
kc_osw_free(kc_osw *w)
{
    if (w == NULL)
        return;
    tp_map_free(&w->states);
    pthread_mutex_destroy(&w->lock);
    free(w);
}

/* PartitionState.update: whether this record must be synced now. */
static bool
state_update(osw_entry *e, int64_t max_lag, int64_t upstream, int64_t downstream)
{
    bool first = e->last_sync_downstream == -1;
    /* Translation gives sync.down + 1: sync again before that is max_lag behind. */
    bool stale = jsub(downstream, jadd(e->last_sync_downstream, 1)) >= max_lag;
    bool skipped = jsub(upstream, e->prev_upstream) != 1;
    bool truncated = downstream < e->prev_downstream;

    if (first || stale || skipped || truncated) {
        e->last_sync_downstream = downstream;
        e->should_sync = true;
    }
    e->prev_upstream = upstream;
    e->prev_downstream = downstream;
    return e->should_sync;
}

static bool
try_acquire(kc_osw *w)
{
    int n = atomic_load(&w->permits);

    while (n > 0)
        if (atomic_compare_exchange_weak(&w->permits, &n, n - 1))
            return true;
    return false;
}

/* firePendingOffsetSyncs, with the lock held. */
static void
fire_locked(kc_osw *w)
{
    osw_slot  *s;
    osw_entry *e;

    while ((s = w->pending.head) != NULL) {
        if (!try_acquire(w))
            return;                 /* too many in flight: the next ack or commit retries */
        queue_remove(&w->pending, s);
        e = SLOT_ENTRY(s, pending);
        w->send(w->opaque, e->tp.topic, e->tp.partition, s->upstream, s->downstream);
    }
}

kc_osw_partition *
kc_osw_partition_get(kc_osw *w, const char *topic, int32_t partition)
{
    osw_entry *e;

    pthread_mutex_lock(&w->lock);
    if ((e = (osw_entry *) tp_map_get(&w->states, topic, partition)) == NULL) {
        e = kc_xcalloc(1, sizeof(*e));
        e->tp.topic = kc_xstrdup(topic);
        e->tp.partition = partition;
        e->prev_upstream = e->prev_downstream = e->last_sync_downstream = -1;
        tp_map_add(&w->states, &e->tp);
    }
    pthread_mutex_unlock(&w->lock);
    return e;
}

bool
kc_osw_record_acked(kc_osw *w, const char *topic, int32_t partition, int64_t upstream,
                    int64_t downstream)
{
    return kc_osw_partition_acked(w, kc_osw_partition_get(w, topic, partition), upstream,
                                  downstream);
}

bool
kc_osw_partition_acked(kc_osw *w, kc_osw_partition *e, int64_t upstream, int64_t downstream)
{
    bool waiting;

    pthread_mutex_lock(&w->lock);
    if (state_update(e, w->max_lag, upstream, downstream)) {
        queue_remove(&w->delayed, &e->delayed);
        queue_put(&w->pending, &e->pending, upstream, downstream);
        e->should_sync = false;     /* PartitionState.reset() */
    } else {
        queue_put(&w->delayed, &e->delayed, upstream, downstream);
    }
    fire_locked(w);
    waiting = w->pending.head != NULL;
    pthread_mutex_unlock(&w->lock);
    return waiting;
}

void
kc_osw_commit(kc_osw *w)
{
    osw_slot *s;

    pthread_mutex_lock(&w->lock);
    /* pending.putAll(delayed); delayed.clear() */
    while ((s = w->delayed.head) != NULL) {
        osw_entry *e = SLOT_ENTRY(s, delayed);

        queue_remove(&w->delayed, s);
        queue_put(&w->pending, &e->pending, s->upstream, s->downstream);
    }
    fire_locked(w);
    pthread_mutex_unlock(&w->lock);
}

void
kc_osw_fire_pending(kc_osw *w)
{
    pthread_mutex_lock(&w->lock);
    fire_locked(w);
    pthread_mutex_unlock(&w->lock);
}

void
kc_osw_sent(kc_osw *w)
{
    atomic_fetch_add(&w->permits, 1);
}

/* ===== Store ===== */

#define SYNCS 64                    /* per partition: one per bit of a long */

typedef struct {
    int64_t  up, down;
    uint64_t id;                    /* Java compares sync objects by identity */
} oss_sync;

typedef struct {
    tp_entry tp;
    oss_sync syncs[SYNCS];
} oss_entry;

struct kc_oss {
    pthread_mutex_t lock;
    tp_map          partitions;
    uint64_t        next_id;
    bool            must_read_to_end;
    atomic_bool     read_to_end;
};

kc_oss *
kc_oss_new(bool must_read_to_end)
{
    kc_oss *s = kc_xcalloc(1, sizeof(*s));

    pthread_mutex_init(&s->lock, NULL);
    tp_map_init(&s->partitions);
    s->must_read_to_end = must_read_to_end;
    atomic_init(&s->read_to_end, false);
    return s;
}

void
kc_oss_free(kc_oss *s)
{
    if (s == NULL)
        return;
    tp_map_free(&s->partitions);
    pthread_mutex_destroy(&s->lock);
    free(s);
}

static bool
same(const oss_sync *a, const oss_sync *b)
{
    return a->id == b->id;
}

/* Invariant B for syncs i < j: x (at i) is at most 2^j - 2^i newer than y (at j). */
static bool
invariant_b(const oss_sync *x, const oss_sync *y, int i, int j)
{
    int64_t bound = jsub(jadd(y->up, (int64_t) (UINT64_C(1) << j)), (int64_t) (UINT64_C(1) << i));
    return same(x, y) || bound < 0 || x->up <= bound;
}

/* Invariant C for i: x (at i) is at least 2^max(i-2, 0) newer than y (at i + 1). */
static bool
invariant_c(const oss_sync *x, const oss_sync *y, int i)
{
    int64_t bound = jadd(y->up, (int64_t) (UINT64_C(1) << (i - 2 > 0 ? i - 2 : 0)));
    return same(x, y) || (bound >= 0 && x->up >= bound);
}

static void
fill(oss_sync *syncs, const oss_sync *s)
{
    for (int i = 0; i < SYNCS; i++)
        syncs[i] = *s;
}

/* Java's updateSyncArray: the new sync goes first; each later slot keeps its sync while
 * invariant B still holds for it, and otherwise takes the newest old sync that satisfies the
 * invariants there (or the new one). */
static void
update_syncs(oss_sync *syncs, const oss_sync *s, bool only_last)
{
    oss_sync orig[SYNCS];
    oss_sync repl = *s;
    int      ri = 0;

    if (only_last || s->up < syncs[0].up) {        /* catching up, or an upstream rewind */
        fill(syncs, s);
        return;
    }
    memcpy(orig, syncs, sizeof(orig));
    syncs[0] = *s;
    for (int cur = 1; cur < SYNCS; cur++) {
        int  prev = cur - 1;
        bool skip;

        do {
            const oss_sync *old = &orig[ri];
            bool recent = invariant_b(&syncs[prev], old, prev, cur);
            bool sep_prev = invariant_c(&syncs[prev], old, prev);
            bool sep_next = cur + 1 >= SYNCS || invariant_c(old, &syncs[cur + 1], cur);
            bool dup = ri + 1 < SYNCS && same(old, &orig[ri + 1]);
            bool promote = recent && sep_prev && sep_next;

            if (promote)
                repl = *old;
            skip = dup || !sep_prev;
            if (promote || skip)
                ri++;
        } while (ri < cur && skip);

        if (invariant_b(&syncs[prev], &syncs[cur], prev, cur))
            break;                  /* holds here, so for every later slot too */
        syncs[cur] = repl;
    }
}

void
kc_oss_insert(kc_oss *s, const char *topic, int32_t partition, int64_t upstream, int64_t downstream)
{
    oss_entry *e;
    oss_sync   sync = { .up = upstream, .down = downstream };

    pthread_mutex_lock(&s->lock);
    sync.id = ++s->next_id;
    if ((e = (oss_entry *) tp_map_get(&s->partitions, topic, partition)) == NULL) {
        e = kc_xcalloc(1, sizeof(*e));
        e->tp.topic = kc_xstrdup(topic);
        e->tp.partition = partition;
        fill(e->syncs, &sync);
        tp_map_add(&s->partitions, &e->tp);
    } else {
        update_syncs(e->syncs, &sync, !atomic_load(&s->read_to_end) && s->must_read_to_end);
    }
    pthread_mutex_unlock(&s->lock);
}

void
kc_oss_set_read_to_end(kc_oss *s)
{
    atomic_store(&s->read_to_end, true);
}

bool
kc_oss_read_to_end(const kc_oss *s)
{
    return atomic_load(&((kc_oss *) s)->read_to_end);
}

int
kc_oss_translate(kc_oss *s, const char *topic, int32_t partition, int64_t group_offset,
                 int64_t *out)
{
    const oss_entry *e;
    const oss_sync  *sync = NULL;
    int              found = 0;

    if (!atomic_load(&s->read_to_end))
        return 0;                   /* no translation before the first catch-up */
    pthread_mutex_lock(&s->lock);
    if ((e = (const oss_entry *) tp_map_get(&s->partitions, topic, partition)) != NULL) {
        /* The newest sync at or before the group, else the oldest kept. */
        for (int i = 0; i < SYNCS && sync == NULL; i++)
            if (e->syncs[i].up <= group_offset)
                sync = &e->syncs[i];
        if (sync == NULL)
            sync = &e->syncs[SYNCS - 1];
        if (sync->up > group_offset)
            *out = -1;              /* the group is behind every sync kept */
        else
            /* Exactly at the sync: its offset; past it: one after, never more, as MM2
             * cannot know how many of the following records were written. */
            *out = jadd(sync->down, group_offset == sync->up ? 0 : 1);
        found = 1;
    }
    pthread_mutex_unlock(&s->lock);
    return found;
}

int
kc_oss_sync_at(kc_oss *s, const char *topic, int32_t partition, int i, int64_t *upstream,
               int64_t *downstream, uint64_t *id)
{
    const oss_entry *e;
    int              found = 0;

    KC_ASSERT(i >= 0 && i < SYNCS);
    pthread_mutex_lock(&s->lock);
    if ((e = (const oss_entry *) tp_map_get(&s->partitions, topic, partition)) != NULL) {
        *upstream = e->syncs[i].up;
        *downstream = e->syncs[i].down;
        *id = e->syncs[i].id;
        found = 1;
    }
    pthread_mutex_unlock(&s->lock);
    return found;
}
