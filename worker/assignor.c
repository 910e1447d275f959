/*
 * worker/assignor.c - see assignor.h. The cooperative round follows Java's
 * IncrementalCooperativeAssignor.performTaskAssignment step by step; the comments name
 * the steps of spec/connect-runtime.md §7.3.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "worker/assignor.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib/common.h"
#include "lib/log.h"

/* ===== Java's orders =====
 * Which item a Java leader revokes, and which member gets what, follows the order Java
 * iterates its collections. Sorted sets compare strings by UTF-16 code unit; a HashMap or
 * HashSet iterates by bucket of the key's hashCode (String.hashCode is fixed by the JLS, a
 * ConnectorTaskId record's is 31 * connector's + task), ties in insertion order. Both are
 * deterministic, so we compute them. */

/* Java's HashSet copy constructor sizes its table from the collection's size; JDK 17
 * (the runtime our compatibility tests use) and JDK 19+ differ when the size is
 * 12 * 2^k. Set to 21 to match workers on JDK 21 or later. */
#define KC_JAVA_FEATURE_VERSION 17

/* The UTF-16 code units of a UTF-8 string, as a Java String holds them. */
typedef struct {
    const unsigned char *p;
    int                  low;            /* low surrogate still to give, or 0 */
} u16_iter;

static int
u16_next(u16_iter *it)
{
    const unsigned char *p = it->p;
    uint32_t             cp;
    int                  u;

    if (it->low != 0) {
        u = it->low;
        it->low = 0;
        return u;
    }
    if (p[0] == 0)
        return -1;
    if (p[0] < 0x80) {
        cp = p[0];
        it->p += 1;
    } else if ((p[0] & 0xe0) == 0xc0 && (p[1] & 0xc0) == 0x80) {
        cp = (uint32_t) (p[0] & 0x1f) << 6 | (p[1] & 0x3f);
        it->p += 2;
    } else if ((p[0] & 0xf0) == 0xe0 && (p[1] & 0xc0) == 0x80 && (p[2] & 0xc0) == 0x80) {
        cp = (uint32_t) (p[0] & 0x0f) << 12 | (uint32_t) (p[1] & 0x3f) << 6 | (p[2] & 0x3f);
        it->p += 3;
    } else if ((p[0] & 0xf8) == 0xf0 && (p[1] & 0xc0) == 0x80 && (p[2] & 0xc0) == 0x80 &&
               (p[3] & 0xc0) == 0x80) {
        cp = (uint32_t) (p[0] & 0x07) << 18 | (uint32_t) (p[1] & 0x3f) << 12 |
             (uint32_t) (p[2] & 0x3f) << 6 | (p[3] & 0x3f);
        it->p += 4;
    } else {
        cp = 0xfffd;                     /* not UTF-8: Java's decoder substitutes */
        it->p += 1;
    }
    if (cp >= 0x10000) {
        cp -= 0x10000;
        it->low = (int) (0xdc00 | (cp & 0x3ff));
        return (int) (0xd800 | (cp >> 10));
    }
    return (int) cp;
}

static uint32_t
java_string_hash(const char *s)
{
    u16_iter it = { (const unsigned char *) s, 0 };
    uint32_t h = 0;
    int      u;

    while ((u = u16_next(&it)) >= 0)
        h = 31 * h + (uint32_t) u;
    return h;
}

/* String.compareTo: UTF-16 code units, not UTF-8 bytes (they differ above U+FFFF). */
static int
java_string_cmp(const char *a, const char *b)
{
    u16_iter ia = { (const unsigned char *) a, 0 }, ib = { (const unsigned char *) b, 0 };

    for (;;) {
        int ua = u16_next(&ia), ub = u16_next(&ib);
        if (ua != ub || ua < 0)
            return ua - ub;
    }
}

static uint32_t
work_hash(const kc_work *w)
{
    uint32_t h = java_string_hash(w->connector);

    return w->task < 0 ? h : 31 * h + (uint32_t) w->task;
}

/* The table a `new HashSet<>(collection)` of n elements starts with. */
static size_t
hashset_copy_capacity(size_t n)
{
    size_t want, cap = 1;

#if KC_JAVA_FEATURE_VERSION >= 19
    want = n < 12 ? 12 : n;
    want = (size_t) ceil((double) want / 0.75);
#else
    want = (size_t) ((float) n / 0.75f) + 1;
    want = want < 16 ? 16 : want;
#endif
    while (cap < want)
        cap <<= 1;
    return cap;
}

typedef struct {
    size_t bucket, index;
} slot;

static int
slot_cmp(const void *pa, const void *pb)
{
    const slot *a = pa, *b = pb;

    if (a->bucket != b->bucket)
        return (a->bucket > b->bucket) - (a->bucket < b->bucket);
    return (a->index > b->index) - (a->index < b->index);
}

/* The order a java.util.HashMap of `cap` buckets (16 by default) iterates n distinct keys
 * put in index order: by bucket of the spread hash, ties in insertion order (a resize
 * keeps each bucket's order). The table doubles as Java's does: past 3/4 full, and when a
 * ninth key lands in one bucket of a table under 64. (A bucket that becomes a tree, nine
 * colliding keys in a table of 64 or more, is not modelled.) */
static void
java_hash_order(const uint32_t *hash, size_t n, size_t cap, size_t *order)
{
    size_t *count = kc_xcalloc(cap, sizeof(*count));
    slot   *s = kc_xcalloc(n ? n : 1, sizeof(*s));

    for (size_t i = 0; i < n; i++) {
        uint32_t h = hash[i] ^ (hash[i] >> 16);
        bool     grow = count[h & (cap - 1)] >= 8 && cap < 64;

        count[h & (cap - 1)]++;
        for (int pass = 0; pass < 2; pass++) {
            if (pass == 1)
                grow = i + 1 > cap / 4 * 3;
            if (!grow)
                continue;
            cap <<= 1;
            free(count);
            count = kc_xcalloc(cap, sizeof(*count));
            for (size_t j = 0; j <= i; j++)
                count[(hash[j] ^ (hash[j] >> 16)) & (cap - 1)]++;
        }
    }
    for (size_t i = 0; i < n; i++)
        s[i] = (slot) { (hash[i] ^ (hash[i] >> 16)) & (cap - 1), i };
    qsort(s, n, sizeof(*s), slot_cmp);
    for (size_t i = 0; i < n; i++)
        order[i] = s[i].index;
    free(s);
    free(count);
}

/* The order of `new HashSet<>(c)`, l being c's distinct items and size c's size. */
static size_t *
work_set_order(const kc_work_list *l, size_t size)
{
    uint32_t *hash = kc_xcalloc(l->n ? l->n : 1, sizeof(*hash));
    size_t   *order = kc_xcalloc(l->n ? l->n : 1, sizeof(*order));

    for (size_t i = 0; i < l->n; i++)
        hash[i] = work_hash(&l->items[i]);
    java_hash_order(hash, l->n, hashset_copy_capacity(size), order);
    free(hash);
    return order;
}

/* The order a default HashMap (or HashSet) iterates names put in the given order. */
static void
names_hash_order(const char *const *names, size_t n, size_t *order)
{
    uint32_t *hash = kc_xcalloc(n ? n : 1, sizeof(*hash));

    for (size_t i = 0; i < n; i++)
        hash[i] = java_string_hash(names[i]);
    java_hash_order(hash, n, 16, order);
    free(hash);
}

/* ===== Lists of work ===== */

void
kc_work_list_add(kc_work_list *l, const char *connector, int32_t task)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 8;
        l->items = kc_xrealloc(l->items, l->cap * sizeof(*l->items));
    }
    l->items[l->n].connector = kc_xstrdup(connector);
    l->items[l->n].task = task;
    l->n++;
}

bool
kc_work_list_contains(const kc_work_list *l, const char *connector, int32_t task)
{
    for (size_t i = 0; i < l->n; i++)
        if (l->items[i].task == task && strcmp(l->items[i].connector, connector) == 0)
            return true;
    return false;
}

void
kc_work_list_clear(kc_work_list *l)
{
    for (size_t i = 0; i < l->n; i++)
        free(l->items[i].connector);
    free(l->items);
    memset(l, 0, sizeof(*l));
}

static void
list_copy(kc_work_list *dst, const kc_work_list *src)
{
    kc_work_list_clear(dst);
    for (size_t i = 0; i < src->n; i++)
        kc_work_list_add(dst, src->items[i].connector, src->items[i].task);
}

static void
list_add_unique(kc_work_list *l, const kc_work *w)
{
    if (!kc_work_list_contains(l, w->connector, w->task))
        kc_work_list_add(l, w->connector, w->task);
}

/* Removes every item of l that is in `remove`. Keeps order. */
static void
list_remove_all(kc_work_list *l, const kc_work_list *remove)
{
    size_t k = 0;

    for (size_t i = 0; i < l->n; i++) {
        if (kc_work_list_contains(remove, l->items[i].connector, l->items[i].task))
            free(l->items[i].connector);
        else
            l->items[k++] = l->items[i];
    }
    l->n = k;
}

/* Java orders connectors by name and ConnectorTaskIds by (connector, task). */
static int
work_cmp(const void *pa, const void *pb)
{
    const kc_work *a = pa, *b = pb;
    int            c = java_string_cmp(a->connector, b->connector);

    return c != 0 ? c : (a->task > b->task) - (a->task < b->task);
}

static void
list_sort(kc_work_list *l)
{
    if (l->n > 1)
        qsort(l->items, l->n, sizeof(*l->items), work_cmp);
}

void
kc_work_list_to_tasks(const kc_work_list *l, kc_connector_tasks_list *out)
{
    kc_work_list connectors = { 0 };
    size_t      *order, size = 0;

    /* Java's Assignment.asMap: one entry per connector held, in the order of a HashSet of
     * their names, then each task, in list order, into its connector's entry. */
    memset(out, 0, sizeof(*out));
    for (size_t i = 0; i < l->n; i++)
        if (l->items[i].task < 0) {
            list_add_unique(&connectors, &l->items[i]);
            size++;
        }
    order = work_set_order(&connectors, size);
    for (size_t i = 0; i < connectors.n; i++)
        kc_connector_tasks_list_add(out, connectors.items[order[i]].connector, -1);
    for (size_t i = 0; i < l->n; i++)
        if (l->items[i].task >= 0)
            kc_connector_tasks_list_add(out, l->items[i].connector, l->items[i].task);
    free(order);
    kc_work_list_clear(&connectors);
}

void
kc_work_list_to_revoked_tasks(const kc_work_list *l, kc_connector_tasks_list *out)
{
    kc_work_list connectors = { 0 };

    /* Java's ExtendedAssignment.revokedAsMap: distinct connectors in list order, then
     * tasks. */
    memset(out, 0, sizeof(*out));
    for (size_t i = 0; i < l->n; i++)
        if (l->items[i].task < 0 &&
            !kc_work_list_contains(&connectors, l->items[i].connector, -1)) {
            kc_work_list_add(&connectors, l->items[i].connector, -1);
            kc_connector_tasks_list_add(out, l->items[i].connector, -1);
        }
    kc_work_list_clear(&connectors);
    for (size_t i = 0; i < l->n; i++)
        if (l->items[i].task >= 0)
            kc_connector_tasks_list_add(out, l->items[i].connector, l->items[i].task);
}

void
kc_work_list_from_tasks(kc_work_list *l, const kc_connector_tasks_list *in)
{
    /* Connectors first, then tasks, each in the order the blob lists them (as Java's
     * ExtendedAssignment keeps connectorIds and taskIds). */
    for (size_t i = 0; in != NULL && i < in->n; i++)
        for (size_t j = 0; j < in->items[i].ntasks; j++)
            if (in->items[i].tasks[j] == KC_CONNECT_TASK_CONNECTOR)
                list_add_unique(l, &(kc_work) { in->items[i].connector, -1 });
    for (size_t i = 0; in != NULL && i < in->n; i++)
        for (size_t j = 0; j < in->items[i].ntasks; j++)
            if (in->items[i].tasks[j] != KC_CONNECT_TASK_CONNECTOR)
                list_add_unique(l, &(kc_work) { in->items[i].connector, in->items[i].tasks[j] });
}

void
kc_assign_result_clear(kc_assign_result *r)
{
    for (size_t i = 0; i < r->n; i++) {
        kc_work_list_clear(&r->assigned[i]);
        kc_work_list_clear(&r->revoked[i]);
        kc_work_list_clear(&r->owned_after[i]);
    }
    free(r->assigned);
    free(r->revoked);
    free(r->owned_after);
    memset(r, 0, sizeof(*r));
}

static void
result_init(kc_assign_result *r, size_t n)
{
    memset(r, 0, sizeof(*r));
    r->n = n;
    r->assigned = kc_xcalloc(n, sizeof(*r->assigned));
    r->revoked = kc_xcalloc(n, sizeof(*r->revoked));
    r->owned_after = kc_xcalloc(n, sizeof(*r->owned_after));
}

static int
connector_cmp(const void *pa, const void *pb)
{
    return java_string_cmp((*(const kc_connector_state *const *) pa)->name,
                           (*(const kc_connector_state *const *) pb)->name);
}

/* Everything configured: connectors in Java's sorted order (a TreeSet of names), then
 * their visible tasks in the same order. */
static void
configured_work(const kc_config_state *cfg, kc_work_list *out)
{
    const kc_connector_state **c = kc_xcalloc(cfg->nconnectors ? cfg->nconnectors : 1,
                                              sizeof(*c));
    size_t                     n = 0;

    for (size_t i = 0; i < cfg->nconnectors; i++)
        if (cfg->connectors[i].config != NULL)
            c[n++] = &cfg->connectors[i];
    qsort(c, n, sizeof(*c), connector_cmp);
    for (size_t i = 0; i < n; i++)
        kc_work_list_add(out, c[i]->name, -1);
    for (size_t i = 0; i < n; i++)
        for (size_t t = 0; t < kc_config_state_task_count_visible(c[i]); t++)
            kc_work_list_add(out, c[i]->name, (int32_t) t);
    free(c);
}

/* Member indexes in member-id order (String.compareTo), as the eager assignor sorts. */
static size_t *
sorted_members(const kc_assign_member *members, size_t n)
{
    size_t *idx = kc_xcalloc(n ? n : 1, sizeof(*idx));

    for (size_t i = 0; i < n; i++)
        idx[i] = i;
    for (size_t i = 1; i < n; i++)                      /* insertion sort: few members */
        for (size_t j = i; j > 0 && java_string_cmp(members[idx[j - 1]].member_id,
                                                    members[idx[j]].member_id) > 0; j--) {
            size_t t = idx[j];
            idx[j] = idx[j - 1];
            idx[j - 1] = t;
        }
    return idx;
}

/* Member indexes in the order Java's cooperative leader walks them: its HashMap of
 * member ids, filled in JoinGroup order, copied once more into another HashMap. */
static size_t *
java_member_order(const kc_assign_member *members, size_t n)
{
    const char **ids = kc_xcalloc(n ? n : 1, sizeof(*ids));
    size_t      *first = kc_xcalloc(n ? n : 1, sizeof(*first));
    size_t      *second = kc_xcalloc(n ? n : 1, sizeof(*second));
    size_t      *order = kc_xcalloc(n ? n : 1, sizeof(*order));

    for (size_t i = 0; i < n; i++)
        ids[i] = members[i].member_id;
    names_hash_order(ids, n, first);
    for (size_t i = 0; i < n; i++)
        ids[i] = members[first[i]].member_id;
    names_hash_order(ids, n, second);
    for (size_t i = 0; i < n; i++)
        order[i] = first[second[i]];
    free(ids);
    free(first);
    free(second);
    return order;
}

/* ===== Eager ===== */

void
kc_assign_eager(const kc_config_state *cfg, const kc_assign_member *members, size_t n,
                kc_assign_result *out)
{
    kc_work_list configured = { 0 };
    size_t      *order = sorted_members(members, n), turn = 0;

    result_init(out, n);
    configured_work(cfg, &configured);
    for (size_t i = 0; n > 0 && i < configured.n; i++) {   /* connectors first, then tasks */
        size_t m = order[turn++ % n];
        kc_work_list_add(&out->assigned[m], configured.items[i].connector,
                         configured.items[i].task);
        kc_work_list_add(&out->owned_after[m], configured.items[i].connector,
                         configured.items[i].task);
    }
    kc_work_list_clear(&configured);
    free(order);
}

/* ===== Incremental cooperative ===== */

typedef struct {
    const char  *member;
    kc_work_list connectors, tasks;     /* in the order they were given */
} load;

static size_t load_count(const load *l, bool connectors) { return connectors ? l->connectors.n : l->tasks.n; }

static kc_work_list *
load_list(load *l, const kc_work *w)
{
    return w->task < 0 ? &l->connectors : &l->tasks;
}

static void
load_add(load *l, const kc_work *w)
{
    kc_work_list_add(load_list(l, w), w->connector, w->task);
}

static bool
load_has(const load *l, const kc_work *w)
{
    return kc_work_list_contains(w->task < 0 ? &l->connectors : &l->tasks, w->connector, w->task);
}

static void
load_remove(load *l, const kc_work_list *remove)
{
    list_remove_all(&l->connectors, remove);
    list_remove_all(&l->tasks, remove);
}

/* Sorted by (count of that kind, member id), as WorkerLoad's comparators. One comparator
 * per kind, not a flag: herders of several clusters assign on their own threads. */
static int
load_cmp(const load *a, const load *b, bool connectors)
{
    size_t ca = load_count(a, connectors), cb = load_count(b, connectors);

    return ca != cb ? (ca > cb) - (ca < cb) : java_string_cmp(a->member, b->member);
}

static int
load_cmp_connectors(const void *pa, const void *pb)
{
    return load_cmp(*(load *const *) pa, *(load *const *) pb, true);
}

static int
load_cmp_tasks(const void *pa, const void *pb)
{
    return load_cmp(*(load *const *) pa, *(load *const *) pb, false);
}

/* Water filling: repeatedly one item to each member at the current minimum. */
static void
assign_filling(load **loads, size_t n, const kc_work_list *items, bool connectors)
{
    size_t i = 0;
    load  *first;

    if (n == 0 || items->n == 0)
        return;
    qsort(loads, n, sizeof(*loads), connectors ? load_cmp_connectors : load_cmp_tasks);
    first = loads[0];
    while (i < items->n) {
        size_t first_load = load_count(first, connectors), up_to = n;
        for (size_t k = 0; k < n; k++)
            if (load_count(loads[k], connectors) > first_load) {
                up_to = k;
                break;
            }
        for (size_t k = 0; k < up_to && i < items->n; k++)
            load_add(loads[k], &items->items[i++]);
    }
}

/* performLoadBalancingRevocations for one kind of work; adds to revoke[m]. */
static bool
balance_kind(load *loads, size_t n, size_t total, bool connectors, kc_work_list *revoke)
{
    size_t min = total / n, extra = total % n, at_min = 0, at_extra = 0, granted = 0;
    bool   any = false;

    for (size_t m = 0; m < n; m++) {
        size_t c = load_count(&loads[m], connectors);
        at_min += c == min;
        at_extra += c == min + 1;
    }
    if (at_extra == extra && at_min + at_extra == n)
        return false;
    for (size_t m = 0; m < n; m++) {
        size_t        c = load_count(&loads[m], connectors), max;
        kc_work_list *l = connectors ? &loads[m].connectors : &loads[m].tasks;
        if (c <= min)
            continue;
        if (granted < extra) {
            granted++;
            if (c == min + 1)
                continue;
            max = min + 1;
        } else {
            max = min;
        }
        for (size_t k = 0; c - k > max && k < l->n; k++) {
            kc_work_list_add(&revoke[m], l->items[k].connector, l->items[k].task);
            any = true;
        }
    }
    return any;
}

static bool
balance(const kc_work_list *configured, load *loads, size_t n, kc_work_list *revoke)
{
    size_t nconn = 0, empty = 0;
    bool   any;

    for (size_t m = 0; m < n; m++)
        empty += loads[m].connectors.n == 0 && loads[m].tasks.n == 0;
    if (n == 0 || empty == n || configured->n == 0)
        return false;
    for (size_t i = 0; i < configured->n; i++)
        nconn += configured->items[i].task < 0;
    any = balance_kind(loads, n, nconn, true, revoke);
    any = balance_kind(loads, n, configured->n - nconn, false, revoke) || any;
    return any;
}

/* Java's ExponentialBackoff(initial 1 ms, multiplier 40, max, no jitter). */
static int32_t
revoking_backoff(int max_delay_ms, int attempts)
{
    double exp_max, term;

    if (max_delay_ms <= 1)
        return max_delay_ms == 1 ? 1 : 0;
    exp_max = log((double) max_delay_ms) / log(40.0);
    term = pow(40.0, attempts < exp_max ? attempts : exp_max);
    return term > max_delay_ms ? max_delay_ms : (int32_t) term;
}

static bool
names_contain(char **names, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(names[i], name) == 0)
            return true;
    return false;
}

static void
names_free(char ***names, size_t *n)
{
    for (size_t i = 0; i < *n; i++)
        free((*names)[i]);
    free(*names);
    *names = NULL;
    *n = 0;
}

static void
reset_delay(kc_coop_assignor *a)
{
    names_free(&a->candidates, &a->ncandidates);
    a->scheduled_rebalance = 0;
    a->delay = 0;
}

/* One of Java's debug lines of a round ("Lost assignments: [c, c-0]"), cut at 2 KB. */
static void
log_work(const char *what, const kc_work_list *l)
{
    char   line[2048];
    size_t off = 0;

    for (size_t i = 0; i < l->n && off < sizeof(line) - 64; i++) {
        int w = l->items[i].task < 0
            ? snprintf(line + off, sizeof(line) - off, "%s%s", i ? ", " : "",
                       l->items[i].connector)
            : snprintf(line + off, sizeof(line) - off, "%s%s-%d", i ? ", " : "",
                       l->items[i].connector, (int) l->items[i].task);
        off += w > 0 && (size_t) w < sizeof(line) - off ? (size_t) w : 0;
    }
    line[off < sizeof(line) ? off : sizeof(line) - 1] = '\0';
    kc_log_debug("herder", "%s: [%s]%s", what, line, off >= sizeof(line) - 64 ? " ..." : "");
}

/* Java's debug lines of a round: the generation, what each member reports (in the
 * order the round takes them), then the work it found. Built only at DEBUG. */
static void
log_round(const kc_coop_assignor *a, const kc_assign_member *members, const size_t *order,
          size_t n, int32_t last_completed, int32_t generation, const kc_work_list *configured,
          const kc_work_list *active, const kc_work_list *deleted, const kc_work_list *lost,
          const kc_work_list *created)
{
    kc_log_debug("herder", "Performing task assignment during generation: %d (last "
                 "completed %d, remembered %d)", (int) generation, (int) last_completed,
                 (int) a->previous_generation);
    for (size_t k = 0; k < n; k++) {
        kc_work_list owned = { 0 };
        char         what[512];
        kc_work_list_from_tasks(&owned, members[order[k]].owned);
        snprintf(what, sizeof(what), "Member %s reports", members[order[k]].member_id);
        log_work(what, &owned);
        kc_work_list_clear(&owned);
    }
    log_work("Previous assignments", &a->previous);
    log_work("Configured assignments", configured);
    log_work("Active assignments", active);
    log_work("Deleted assignments", deleted);
    log_work("Lost assignments", lost);
    log_work("New assignments", created);
}

/* handleLostAssignments: lost work goes back now, to remembered candidates, or waits. */
static void
handle_lost(kc_coop_assignor *a, const kc_work_list *lost, load *loads, size_t n, int64_t now,
            kc_work_list *reassign)
{
    bool all_previous_present = true;

    if (lost->n == 0 && !a->revoked_in_previous) {
        reset_delay(a);
        return;
    }
    for (size_t p = 0; p < a->nprevious_members; p++) {
        bool found = false;
        for (size_t m = 0; m < n && !found; m++)
            found = strcmp(loads[m].member, a->previous_members[p]) == 0;
        all_previous_present = all_previous_present && found;
    }
    if (a->scheduled_rebalance <= 0 && all_previous_present) {
        for (size_t i = 0; i < lost->n; i++)           /* a member missed an assignment */
            kc_work_list_add(reassign, lost->items[i].connector, lost->items[i].task);
        return;
    }
    if (a->max_delay_ms == 0) {
        for (size_t i = 0; i < lost->n; i++)
            kc_work_list_add(reassign, lost->items[i].connector, lost->items[i].task);
        return;
    }
    if (a->scheduled_rebalance > 0 && now >= a->scheduled_rebalance) {
        load  **cand = kc_xcalloc(a->ncandidates ? a->ncandidates : 1, sizeof(*cand));
        size_t  nc = 0;
        for (size_t c = 0; c < a->ncandidates; c++)      /* candidates in the order kept */
            for (size_t m = 0; m < n; m++)
                if (strcmp(loads[m].member, a->candidates[c]) == 0) {
                    cand[nc++] = &loads[m];
                    break;
                }
        if (nc > 0) {
            size_t turn = 0;
            for (size_t i = 0; i < lost->n; i++)             /* connectors round-robin */
                if (lost->items[i].task < 0)
                    load_add(cand[turn++ % nc], &lost->items[i]);
            turn = 0;
            for (size_t i = 0; i < lost->n; i++)             /* then tasks, from the start */
                if (lost->items[i].task >= 0)
                    load_add(cand[turn++ % nc], &lost->items[i]);
        } else {
            for (size_t i = 0; i < lost->n; i++)
                kc_work_list_add(reassign, lost->items[i].connector, lost->items[i].task);
        }
        free(cand);
        reset_delay(a);
        a->revoked_in_previous = false;
        return;
    }
    {
        /* Remember who is empty now: Java collects them into a HashSet and appends that
         * to its LinkedHashSet of candidates. */
        const char **empty = kc_xcalloc(n ? n : 1, sizeof(*empty));
        size_t      *order = kc_xcalloc(n ? n : 1, sizeof(*order)), ne = 0;
        for (size_t m = 0; m < n; m++)
            if (loads[m].connectors.n == 0 && loads[m].tasks.n == 0)
                empty[ne++] = loads[m].member;
        names_hash_order(empty, ne, order);
        for (size_t i = 0; i < ne; i++)
            if (!names_contain(a->candidates, a->ncandidates, empty[order[i]])) {
                a->candidates = kc_xrealloc(a->candidates,
                                            (a->ncandidates + 1) * sizeof(char *));
                a->candidates[a->ncandidates++] = kc_xstrdup(empty[order[i]]);
            }
        free(empty);
        free(order);
    }
    if (now < a->scheduled_rebalance) {
        int64_t left = a->scheduled_rebalance - now;
        a->delay = (int32_t) (left < a->max_delay_ms ? left : a->max_delay_ms);
    } else {
        a->delay = a->max_delay_ms;
    }
    a->scheduled_rebalance = now + a->delay;
}

void
kc_coop_init(kc_coop_assignor *a, int max_delay_ms)
{
    memset(a, 0, sizeof(*a));
    a->max_delay_ms = max_delay_ms;
    a->previous_generation = -1;
}

void
kc_coop_free(kc_coop_assignor *a)
{
    kc_work_list_clear(&a->previous);
    kc_work_list_clear(&a->previous_revocation);
    names_free(&a->previous_members, &a->nprevious_members);
    names_free(&a->candidates, &a->ncandidates);
}

void
kc_coop_assign(kc_coop_assignor *a, const kc_config_state *cfg,
               const kc_assign_member *members, size_t n, int32_t last_completed_generation,
               int32_t generation, int64_t now_ms, kc_assign_result *out)
{
    kc_work_list  configured = { 0 }, active = { 0 }, deleted = { 0 }, duplicated = { 0 };
    kc_work_list  lost = { 0 }, created = { 0 }, reassign = { 0 }, to_assign_c = { 0 };
    kc_work_list  to_assign_t = { 0 }, all_revoked = { 0 };
    kc_work_list *balance_revoke, *revoke_c, *revoke_t;
    size_t       *order = java_member_order(members, n);
    load         *next = kc_xcalloc(n ? n : 1, sizeof(*next));
    load         *current = kc_xcalloc(n ? n : 1, sizeof(*current));
    load        **sorted = kc_xcalloc(n ? n : 1, sizeof(*sorted));

    result_init(out, n);
    balance_revoke = kc_xcalloc(n ? n : 1, sizeof(*balance_revoke));
    /* Revocations per member, connectors and tasks apart (Java's builder keeps two sets). */
    revoke_c = kc_xcalloc(n ? n : 1, sizeof(*revoke_c));
    revoke_t = kc_xcalloc(n ? n : 1, sizeof(*revoke_t));

    /* 0. A previous assignment from another generation is not trusted. */
    if (a->previous_generation != last_completed_generation)
        kc_work_list_clear(&a->previous);

    /* 1. Configured and active work; loads in Java's member order, each member's work in
     *    the order its metadata lists it (Java keeps it in LinkedHashSets). */
    configured_work(cfg, &configured);
    for (size_t k = 0; k < n; k++) {
        kc_work_list owned = { 0 };
        next[k].member = current[k].member = members[order[k]].member_id;
        kc_work_list_from_tasks(&owned, members[order[k]].owned);
        for (size_t i = 0; i < owned.n; i++) {
            if (kc_work_list_contains(&active, owned.items[i].connector, owned.items[i].task))
                list_add_unique(&duplicated, &owned.items[i]);
            list_add_unique(&active, &owned.items[i]);
            load_add(&next[k], &owned.items[i]);
        }
        kc_work_list_clear(&owned);
    }

    /* 2. A revocation still running somewhere: what members run is the truth. */
    if (a->previous_revocation.n > 0) {
        bool still = false;
        for (size_t i = 0; i < a->previous_revocation.n && !still; i++)
            still = kc_work_list_contains(&active, a->previous_revocation.items[i].connector,
                                          a->previous_revocation.items[i].task);
        if (still)
            list_copy(&a->previous, &active);
        kc_work_list_clear(&a->previous_revocation);
    }

    /* 3. deleted, lost, created (sorted, as Java's TreeSets). */
    for (size_t i = 0; i < a->previous.n; i++) {
        const kc_work *w = &a->previous.items[i];
        if (!kc_work_list_contains(&configured, w->connector, w->task))
            list_add_unique(&deleted, w);
        else if (!kc_work_list_contains(&active, w->connector, w->task))
            list_add_unique(&lost, w);
    }
    for (size_t i = 0; i < configured.n; i++) {
        const kc_work *w = &configured.items[i];
        if (!kc_work_list_contains(&a->previous, w->connector, w->task) &&
            !kc_work_list_contains(&active, w->connector, w->task))
            kc_work_list_add(&created, w->connector, w->task);
    }
    list_sort(&deleted);
    list_sort(&lost);
    list_sort(&created);
    if (kc_log_enabled(KC_LOG_DEBUG, "herder"))
        log_round(a, members, order, n, last_completed_generation, generation, &configured,
                  &active, &deleted, &lost, &created);

    /* 4. Deleted and duplicated work is revoked from whoever holds it, listed as Java
     *    lists it: in the order of a HashSet copy of the member's work, deleted first. */
    for (size_t k = 0; k < n; k++) {
        list_copy(&current[k].connectors, &next[k].connectors);
        list_copy(&current[k].tasks, &next[k].tasks);
        load_remove(&current[k], &deleted);
        for (size_t kind = 0; kind < 2; kind++) {
            const kc_work_list *held = kind == 0 ? &next[k].connectors : &next[k].tasks;
            kc_work_list       *rev = kind == 0 ? &revoke_c[k] : &revoke_t[k];
            size_t             *set = work_set_order(held, held->n);
            for (size_t i = 0; i < held->n; i++) {
                const kc_work *w = &held->items[set[i]];
                if (kc_work_list_contains(&deleted, w->connector, w->task))
                    list_add_unique(rev, w);
            }
            for (size_t i = 0; i < held->n; i++) {
                const kc_work *w = &held->items[set[i]];
                if (kc_work_list_contains(&duplicated, w->connector, w->task))
                    list_add_unique(rev, w);
            }
            free(set);
        }
        load_remove(&next[k], &revoke_c[k]);
        load_remove(&next[k], &revoke_t[k]);
    }

    /* 5. Lost work. */
    handle_lost(a, &lost, next, n, now_ms, &reassign);

    /* 6. Load-balancing revocations, with back-off when they follow each other. */
    if (a->delay == 0) {
        bool any = balance(&configured, next, n, balance_revoke);
        if (a->revoked_in_previous && any) {
            a->successive_revoking++;
            a->delay = revoking_backoff(a->max_delay_ms, a->successive_revoking);
            if (a->delay != 0)
                a->scheduled_rebalance = now_ms + a->delay;
        }
        if (any && (a->delay == 0)) {
            for (size_t k = 0; k < n; k++) {
                for (size_t i = 0; i < balance_revoke[k].n; i++) {
                    const kc_work *w = &balance_revoke[k].items[i];
                    list_add_unique(w->task < 0 ? &revoke_c[k] : &revoke_t[k], w);
                }
                load_remove(&next[k], &balance_revoke[k]);
            }
            if (!a->revoked_in_previous)
                a->revoked_in_previous = true;
        } else if (!any && a->revoked_in_previous) {
            a->revoked_in_previous = false;
            a->successive_revoking = 0;
        }
    } else {
        a->revoked_in_previous = false;
    }

    /* 7. New and lost work, water-filled: connectors, then tasks. */
    for (size_t i = 0; i < created.n; i++)
        kc_work_list_add(created.items[i].task < 0 ? &to_assign_c : &to_assign_t,
                         created.items[i].connector, created.items[i].task);
    for (size_t i = 0; i < reassign.n; i++)
        kc_work_list_add(reassign.items[i].task < 0 ? &to_assign_c : &to_assign_t,
                         reassign.items[i].connector, reassign.items[i].task);
    for (size_t k = 0; k < n; k++)
        sorted[k] = &next[k];
    assign_filling(sorted, n, &to_assign_c, true);
    assign_filling(sorted, n, &to_assign_t, false);

    /* 8. Per member: newly assigned = next - current; revoked (connectors, then tasks);
     *    what it then holds. */
    for (size_t k = 0; k < n; k++) {
        for (size_t i = 0; i < revoke_c[k].n; i++)
            list_add_unique(&out->revoked[order[k]], &revoke_c[k].items[i]);
        for (size_t i = 0; i < revoke_t[k].n; i++)
            list_add_unique(&out->revoked[order[k]], &revoke_t[k].items[i]);
    }
    for (size_t k = 0; k < n; k++) {
        kc_work_list *asg = &out->assigned[order[k]], *after = &out->owned_after[order[k]];
        for (size_t kind = 0; kind < 2; kind++) {
            kc_work_list *l = kind == 0 ? &next[k].connectors : &next[k].tasks;
            for (size_t i = 0; i < l->n; i++) {
                if (!load_has(&current[k], &l->items[i]))
                    kc_work_list_add(asg, l->items[i].connector, l->items[i].task);
                if (!kc_work_list_contains(&out->revoked[order[k]], l->items[i].connector,
                                           l->items[i].task))
                    kc_work_list_add(after, l->items[i].connector, l->items[i].task);
            }
        }
        for (size_t i = 0; i < out->revoked[order[k]].n; i++)
            list_add_unique(&all_revoked, &out->revoked[order[k]].items[i]);
    }
    out->delay = a->delay;

    /* 9. Remember this round. */
    kc_work_list_clear(&a->previous);
    for (size_t k = 0; k < n; k++)
        for (size_t kind = 0; kind < 2; kind++) {
            kc_work_list *l = kind == 0 ? &next[k].connectors : &next[k].tasks;
            for (size_t i = 0; i < l->n; i++)
                list_add_unique(&a->previous, &l->items[i]);
        }
    list_remove_all(&a->previous, &all_revoked);
    for (size_t i = 0; i < all_revoked.n; i++)
        list_add_unique(&a->previous_revocation, &all_revoked.items[i]);
    for (size_t i = 0; i < lost.n; i++)
        list_add_unique(&a->previous, &lost.items[i]);
    a->previous_generation = generation;
    names_free(&a->previous_members, &a->nprevious_members);
    a->previous_members = kc_xcalloc(n ? n : 1, sizeof(char *));
    for (size_t k = 0; k < n; k++)
        a->previous_members[a->nprevious_members++] = kc_xstrdup(members[k].member_id);

    for (size_t k = 0; k < n; k++) {
        kc_work_list_clear(&next[k].connectors);
        kc_work_list_clear(&next[k].tasks);
        kc_work_list_clear(&current[k].connectors);
        kc_work_list_clear(&current[k].tasks);
        kc_work_list_clear(&balance_revoke[k]);
        kc_work_list_clear(&revoke_c[k]);
        kc_work_list_clear(&revoke_t[k]);
    }
    free(revoke_c);
    free(revoke_t);
    free(next);
    free(current);
    free(sorted);
    free(balance_revoke);
    free(order);
    kc_work_list_clear(&configured);
    kc_work_list_clear(&active);
    kc_work_list_clear(&deleted);
    kc_work_list_clear(&duplicated);
    kc_work_list_clear(&lost);
    kc_work_list_clear(&created);
    kc_work_list_clear(&reassign);
    kc_work_list_clear(&to_assign_c);
    kc_work_list_clear(&to_assign_t);
    kc_work_list_clear(&all_revoked);
}
