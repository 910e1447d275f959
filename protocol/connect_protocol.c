/*
 * protocol/connect_protocol.c - see connect_protocol.h.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "protocol/connect_protocol.h"

#include <stdlib.h>
#include <string.h>

static const char *const protocol_names[] = { "default", "compatible", "sessioned" };

const char *
kc_connect_protocol_name(kc_connect_protocol p)
{
    return (unsigned) p < 3 ? protocol_names[p] : "unknown";
}

int
kc_connect_protocol_parse(const char *name)
{
    for (int i = 0; i < 3; i++)
        if (strcmp(name, protocol_names[i]) == 0)
            return i;
    return -1;
}

/* ===== Lists of connector tasks ===== */

void
kc_connector_tasks_list_clear(kc_connector_tasks_list *l)
{
    for (size_t i = 0; i < l->n; i++) {
        free(l->items[i].connector);
        free(l->items[i].tasks);
    }
    free(l->items);
    memset(l, 0, sizeof(*l));
}

void
kc_connector_tasks_list_add(kc_connector_tasks_list *l, const char *connector, int32_t task)
{
    kc_connector_tasks *e = NULL;

    l->is_null = false;
    for (size_t i = 0; i < l->n && e == NULL; i++)
        if (strcmp(l->items[i].connector, connector) == 0)
            e = &l->items[i];
    if (e == NULL) {
        l->items = kc_xrealloc(l->items, (l->n + 1) * sizeof(*l->items));
        e = &l->items[l->n++];
        memset(e, 0, sizeof(*e));
        e->connector = kc_xstrdup(connector);
    }
    e->tasks = kc_xrealloc(e->tasks, (e->ntasks + 1) * sizeof(*e->tasks));
    if (task == KC_CONNECT_TASK_CONNECTOR) {      /* Java lists the connector first */
        memmove(e->tasks + 1, e->tasks, e->ntasks * sizeof(*e->tasks));
        e->tasks[0] = task;
    } else {
        e->tasks[e->ntasks] = task;
    }
    e->ntasks++;
}

static void
encode_list(const kc_connector_tasks_list *l, kc_wbuf *out)
{
    kc_wbuf_i32(out, (int32_t) l->n);
    for (size_t i = 0; i < l->n; i++) {
        kc_wbuf_string(out, l->items[i].connector);
        kc_wbuf_i32(out, (int32_t) l->items[i].ntasks);
        for (size_t j = 0; j < l->items[i].ntasks; j++)
            kc_wbuf_i32(out, l->items[i].tasks[j]);
    }
}

static char *
slice_dup(const kc_slice *s)
{
    return s->len < 0 ? NULL : kc_xstrndup((const char *) s->ptr, (size_t) s->len);
}

/* Reads a nullable ARRAY(connector_assignment); absent (end of input) is null. */
static int
decode_list(kc_rbuf *rb, kc_connector_tasks_list *l)
{
    int32_t  n, ntasks;
    kc_slice name;

    memset(l, 0, sizeof(*l));
    if (kc_rbuf_remaining(rb) == 0) {
        l->is_null = true;
        return 0;
    }
    KC_READ(array_len, rb, &n);
    if (n < 0) {
        l->is_null = true;
        return 0;
    }
    l->items = kc_xcalloc((size_t) n, sizeof(*l->items));
    for (int32_t i = 0; i < n; i++) {
        kc_connector_tasks *e = &l->items[i];
        KC_READ(string, rb, &name);
        if (name.len < 0)
            goto err_parse;
        KC_READ(array_len, rb, &ntasks);
        e->connector = slice_dup(&name);
        l->n++;
        if (ntasks < 0)
            ntasks = 0;
        e->tasks = kc_xcalloc((size_t) ntasks, sizeof(*e->tasks));
        for (int32_t j = 0; j < ntasks; j++) {
            KC_READ(i32, rb, &e->tasks[j]);
            e->ntasks++;
        }
    }
    return 0;
err_parse:
    return -1;
}

/* ===== Assignments ===== */

void
kc_connect_assignment_encode(const kc_connect_assignment *a, kc_wbuf *out)
{
    static const kc_connector_tasks_list empty = { NULL, 0, false };

    kc_wbuf_i16(out, a->version);
    kc_wbuf_i16(out, a->error);
    kc_wbuf_string(out, a->leader ? a->leader : "");
    kc_wbuf_string(out, a->leader_url ? a->leader_url : "");
    kc_wbuf_i64(out, a->config_offset);
    encode_list(&a->assigned, out);
    if (a->version >= 1) {
        encode_list(a->revoked.is_null ? &empty : &a->revoked, out);
        kc_wbuf_i32(out, a->delay);
    }
}

static int
decode_assignment(kc_rbuf *rb, kc_connect_assignment *a)
{
    kc_slice s;

    KC_READ(i16, rb, &a->version);
    if (a->version < 0)
        goto err_parse;
    KC_READ(i16, rb, &a->error);
    KC_READ(string, rb, &s);
    a->leader = slice_dup(&s);
    KC_READ(string, rb, &s);
    a->leader_url = slice_dup(&s);
    KC_READ(i64, rb, &a->config_offset);
    if (decode_list(rb, &a->assigned) != 0 || decode_list(rb, &a->revoked) != 0)
        goto err_parse;
    if (kc_rbuf_remaining(rb) >= 4)
        KC_READ(i32, rb, &a->delay);
    return 0;
err_parse:
    return -1;
}

int
kc_connect_assignment_decode(const void *data, size_t len, kc_connect_assignment *a,
                             kc_err *err)
{
    kc_rbuf rb;

    memset(a, 0, sizeof(*a));
    kc_rbuf_init(&rb, data, len);
    if (decode_assignment(&rb, a) != 0) {
        kc_connect_assignment_clear(a);
        return kc_err_set(err, KC_EPROTO, "Connect assignment: malformed at byte %zu of %zu",
                          kc_rbuf_offset(&rb), len);
    }
    return KC_OK;
}

void
kc_connect_assignment_clear(kc_connect_assignment *a)
{
    free(a->leader);
    free(a->leader_url);
    kc_connector_tasks_list_clear(&a->assigned);
    kc_connector_tasks_list_clear(&a->revoked);
    memset(a, 0, sizeof(*a));
}

/* ===== Member metadata ===== */

void
kc_connect_metadata_encode(const kc_connect_metadata *md, kc_wbuf *out)
{
    kc_wbuf_i16(out, md->version);
    kc_wbuf_string(out, md->url);
    kc_wbuf_i64(out, md->config_offset);
    if (md->version >= 1) {
        if (!md->has_allocation) {
            kc_wbuf_i32(out, -1);
        } else {
            size_t at = out->len;
            kc_wbuf_i32(out, 0);                       /* length, patched below */
            kc_connect_assignment_encode(&md->allocation, out);
            kc_wbuf_put_i32_at(out, at, (int32_t) (out->len - at - 4));
        }
    }
}

int
kc_connect_metadata_decode(const void *data, size_t len, kc_connect_metadata *md,
                           kc_err *err)
{
    kc_rbuf  rb;
    kc_slice s;

    memset(md, 0, sizeof(*md));
    kc_rbuf_init(&rb, data, len);
    KC_READ(i16, &rb, &md->version);
    if (md->version < 0)
        goto err_parse;
    KC_READ(string, &rb, &s);
    if (s.len < 0)
        goto err_parse;
    md->url = slice_dup(&s);
    KC_READ(i64, &rb, &md->config_offset);
    if (md->version >= 1 && kc_rbuf_remaining(&rb) > 0) {
        KC_READ(bytes, &rb, &s);
        if (s.len >= 0) {
            kc_rbuf inner;
            kc_rbuf_init(&inner, s.ptr, (size_t) s.len);
            if (decode_assignment(&inner, &md->allocation) != 0)
                goto err_parse;
            md->has_allocation = true;
        }
    }
    return KC_OK;
err_parse:
    kc_connect_metadata_clear(md);
    return kc_err_set(err, KC_EPROTO, "Connect member metadata: malformed at byte %zu of %zu",
                      kc_rbuf_offset(&rb), len);
}

void
kc_connect_metadata_clear(kc_connect_metadata *md)
{
    free(md->url);
    kc_connect_assignment_clear(&md->allocation);
    memset(md, 0, sizeof(*md));
}
