/*
 * worker/offset_store.c - see offset_store.h.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "worker/offset_store.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/java_serial.h"
#include "lib/json_java.h"
#include "lib/log.h"
#include "worker/kafka_log.h"

typedef struct {
    char  *key, *value;
    size_t value_len;
} kv;

struct kc_offset_store {
    kc_klog        *log;            /* NULL until open (a later open sets it on its thread) */
    pthread_mutex_t lock;
    kv             *items;
    size_t          n, cap;
    char           *path;           /* a file store (standalone): no log */
    bool            read_committed; /* exactly-once source support enabled */
    bool            dirty;          /* under lock: puts not yet in the file */

    /* A later open (kc_offset_store_open_later): its thread, what it needs, and how it
     * ended; `opening` and `open_err` under open_lock, log set before opening clears. */
    pthread_mutex_t open_lock;
    pthread_cond_t  opened;
    bool            later;
    bool            opening;
    kc_err          open_err;         /* code KC_OK once open */
    pthread_t       thread;
    const kc_props *props;
    const char     *topic;
    char           *client_id_base;
    kc_offset_store_prepare_fn prepare;
    void           *prepare_arg;
};

char *
kc_offset_key(const char *connector, const json_t *partition, size_t *len)
{
    json_t *k = json_pack("[sO]", connector, (json_t *) partition);
    char   *text = kc_json_java_dumps(k, len);

    json_decref(k);
    return text;
}

/* Reader (under the lock, from kc_klog_read_to_end). */
static void
on_record(void *opaque, const char *key, const void *value, size_t len, int32_t partition,
          int64_t offset)
{
    kc_offset_store *s = opaque;

    (void) partition;
    (void) offset;
    if (key == NULL)
        return;
    for (size_t i = 0; i < s->n; i++) {
        if (strcmp(s->items[i].key, key) == 0) {
            free(s->items[i].value);
            if (value == NULL) {
                free(s->items[i].key);
                s->items[i] = s->items[--s->n];
            } else {
                s->items[i].value = kc_xstrndup(value, len);
                s->items[i].value_len = len;
            }
            return;
        }
    }
    if (value == NULL)
        return;
    if (s->n == s->cap) {
        s->cap = s->cap ? s->cap * 2 : 64;
        s->items = kc_xrealloc(s->items, s->cap * sizeof(*s->items));
    }
    s->items[s->n].key = kc_xstrdup(key);
    s->items[s->n].value = kc_xstrndup(value, len);
    s->items[s->n].value_len = len;
    s->n++;
}

static kc_offset_store *
store_new(void)
{
    kc_offset_store *s = kc_xcalloc(1, sizeof(*s));

    pthread_mutex_init(&s->lock, NULL);
    pthread_mutex_init(&s->open_lock, NULL);
    pthread_cond_init(&s->opened, NULL);
    return s;
}

static kc_klog *
open_log(kc_offset_store *s, const kc_props *props, const char *topic,
         const char *client_id_base, kc_err *err)
{
    char       *cid = kc_xasprintf("%soffsets", client_id_base);
    const char *extra[] = { "enable.idempotence", "false", NULL };
    kc_klog    *log = kc_klog_open(props, "", topic, cid, extra, 0, s->read_committed, on_record, s, err);

    free(cid);
    return log;
}

/* Under the lock: what the store holds is up to date (the topic read to its end; a file
 * store is its own only writer). */
static int
catch_up(kc_offset_store *s, kc_err *err)
{
    return s->path != NULL ? KC_OK : kc_klog_read_to_end(s->log, 30000, err);
}

kc_offset_store *
kc_offset_store_open(const kc_props *props, const char *topic, const char *client_id_base,
                     bool read_committed, kc_err *err)
{
    kc_offset_store *s = store_new();

    s->read_committed = read_committed;
    if ((s->log = open_log(s, props, topic, client_id_base, err)) == NULL) {
        kc_offset_store_close(s);
        return NULL;
    }
    return s;
}

static void *
open_thread(void *arg)
{
    kc_offset_store *s = arg;
    kc_err           err = { KC_OK, "" };
    kc_klog         *log = NULL;

    if (s->prepare == NULL || s->prepare(s->prepare_arg, &err) == KC_OK)
        log = open_log(s, s->props, s->topic, s->client_id_base, &err);

    pthread_mutex_lock(&s->open_lock);
    s->log = log;
    s->open_err = log != NULL ? (kc_err) { KC_OK, "" } : err;
    s->opening = false;
    pthread_cond_broadcast(&s->opened);
    pthread_mutex_unlock(&s->open_lock);
    return NULL;
}

kc_offset_store *
kc_offset_store_open_later(const kc_props *props, const char *topic,
                           const char *client_id_base, bool read_committed,
                           kc_offset_store_prepare_fn prepare, void *arg)
{
    kc_offset_store *s = store_new();

    s->read_committed = read_committed;
    s->props = props;
    s->topic = topic;
    s->client_id_base = kc_xstrdup(client_id_base);
    s->prepare = prepare;
    s->prepare_arg = arg;
    s->later = s->opening = true;
    if (pthread_create(&s->thread, NULL, open_thread, s) != 0) {
        s->later = false;
        open_thread(s);                        /* no thread: open here, now */
    }
    return s;
}

int
kc_offset_store_ready(kc_offset_store *s, bool wait, kc_err *err)
{
    int rc;

    pthread_mutex_lock(&s->open_lock);
    while (wait && s->opening)
        pthread_cond_wait(&s->opened, &s->open_lock);
    if (s->opening)
        rc = KC_EAGAIN;
    else if ((rc = s->open_err.code) != KC_OK)
        *err = s->open_err;
    pthread_mutex_unlock(&s->open_lock);
    return rc;
}

void
kc_offset_store_close(kc_offset_store *s)
{
    if (s == NULL)
        return;
    if (s->later)
        pthread_join(s->thread, NULL);
    kc_klog_close(s->log);
    free(s->path);
    for (size_t i = 0; i < s->n; i++) {
        free(s->items[i].key);
        free(s->items[i].value);
    }
    free(s->items);
    free(s->client_id_base);
    pthread_mutex_destroy(&s->lock);
    pthread_mutex_destroy(&s->open_lock);
    pthread_cond_destroy(&s->opened);
    free(s);
}

/* ===== A file store: offset.storage.file.filename ===== */

static int
load_entry(void *arg, const kc_jser_entry *e)
{
    kc_offset_store *s = arg;
    char            *key;

    if (e->value == NULL)
        return 0;                                   /* Java's null: no offset */
    if (e->key == NULL || memchr(e->key, '\0', e->key_len) != NULL) {
        kc_log_warn("offsets", "%s: an offset whose key is not text is dropped", s->path);
        return 0;
    }
    key = kc_xstrndup((const char *) e->key, e->key_len);
    on_record(s, key, (const char *) e->value, e->value_len, 0, 0);
    free(key);
    return 0;
}

/* Under the lock. The file is replaced whole (written aside, then renamed over it), so a
 * crash leaves the old offsets or the new, never a file cut short as Java's can be. */
static int
save_file(kc_offset_store *s, kc_err *err)
{
    kc_jser_entry *e = kc_xcalloc(s->n ? s->n : 1, sizeof(*e));
    kc_wbuf        out;
    char          *tmp = kc_xasprintf("%s.tmp", s->path);
    int            fd, rc = KC_OK;
    size_t         done = 0;

    for (size_t i = 0; i < s->n; i++)
        e[i] = (kc_jser_entry) { (const uint8_t *) s->items[i].key,
                                 (const uint8_t *) s->items[i].value, strlen(s->items[i].key),
                                 s->items[i].value_len };
    kc_wbuf_init(&out);
    kc_jser_write_bytes_map(&out, e, s->n);
    free(e);
    fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    while (fd >= 0 && done < out.len) {
        ssize_t w = write(fd, out.buf + done, out.len - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            break;
        done += (size_t) w;
    }
    if (fd < 0 || done < out.len || fsync(fd) != 0 || close(fd) != 0 ||
        rename(tmp, s->path) != 0) {
        rc = kc_err_set(err, KC_EIO, "writing offsets to %s: %s", s->path, strerror(errno));
        if (fd >= 0)
            unlink(tmp);
    }
    kc_wbuf_free(&out);
    free(tmp);
    return rc;
}

kc_offset_store *
kc_offset_store_open_file(const char *path, kc_err *err)
{
    kc_offset_store *s = store_new();
    size_t           len;
    char            *data;
    int              rc;

    s->path = kc_xstrdup(path);
    if ((data = kc_read_file(path, &len, err)) == NULL) {
        if (errno == ENOENT)                         /* a new file */
            return s;
        kc_offset_store_close(s);
        return NULL;
    }
    rc = len == 0 ? KC_OK
       : kc_jser_read_bytes_map((const uint8_t *) data, len, load_entry, s, err);
    free(data);
    if (rc != KC_OK) {
        kc_err_prefix(err, "%s: ", path);
        kc_offset_store_close(s);
        return NULL;
    }
    return s;
}

int
kc_offset_store_get_many(kc_offset_store *s, const char *connector,
                         const json_t *const *partitions, size_t n, json_t **offsets,
                         kc_err *err)
{
    char **keys;
    size_t klen;
    int    rc;

    for (size_t k = 0; k < n; k++)
        offsets[k] = NULL;
    if ((rc = kc_offset_store_ready(s, true, err)) != KC_OK)
        return rc;
    keys = kc_xcalloc(n ? n : 1, sizeof(*keys));
    for (size_t k = 0; k < n; k++)
        keys[k] = kc_offset_key(connector, partitions[k], &klen);
    pthread_mutex_lock(&s->lock);
    rc = catch_up(s, err);
    for (size_t k = 0; rc == KC_OK && k < n; k++)
        for (size_t i = 0; i < s->n; i++)
            if (strcmp(s->items[i].key, keys[k]) == 0)
                offsets[k] = json_loadb(s->items[i].value, s->items[i].value_len, 0, NULL);
    pthread_mutex_unlock(&s->lock);
    for (size_t k = 0; k < n; k++)
        free(keys[k]);
    free(keys);
    return rc;
}

int
kc_offset_store_get(kc_offset_store *s, const char *connector, const json_t *partition,
                    json_t **offset, kc_err *err)
{
    return kc_offset_store_get_many(s, connector, &partition, 1, offset, err);
}

int
kc_offset_store_put(kc_offset_store *s, const char *connector, const json_t *partition,
                    const json_t *offset, kc_err *err)
{
    size_t klen, vlen = 0;
    char  *key, *value;
    int    rc;

    if ((rc = kc_offset_store_ready(s, true, err)) != KC_OK)
        return rc;
    key = kc_offset_key(connector, partition, &klen);
    value = offset ? kc_json_java_dumps(offset, &vlen) : NULL;
    if (s->path != NULL) {
        pthread_mutex_lock(&s->lock);
        on_record(s, key, value, vlen, 0, 0);
        s->dirty = true;
        pthread_mutex_unlock(&s->lock);
    } else {
        rc = kc_klog_send(s->log, key, value, vlen, err);
    }

    free(key);
    free(value);
    return rc;
}

int
kc_offset_store_flush(kc_offset_store *s, int timeout_ms, kc_err *err)
{
    int rc = kc_offset_store_ready(s, true, err);

    if (rc == KC_OK && s->path != NULL) {
        pthread_mutex_lock(&s->lock);
        rc = s->dirty ? save_file(s, err) : KC_OK;
        s->dirty = s->dirty && rc != KC_OK;
        pthread_mutex_unlock(&s->lock);
        return rc;
    }
    return rc == KC_OK ? kc_klog_flush(s->log, timeout_ms, err) : rc;
}

int
kc_offset_store_list(kc_offset_store *s, const char *connector, json_t **out, kc_err *err)
{
    int rc;

    *out = json_array();
    if ((rc = kc_offset_store_ready(s, true, err)) != KC_OK)
        return rc;
    pthread_mutex_lock(&s->lock);
    rc = catch_up(s, err);
    for (size_t i = 0; rc == KC_OK && i < s->n; i++) {
        json_t *partition, *offset;
        if (kc_offset_record_parse(s->items[i].key, s->items[i].value, s->items[i].value_len,
                                   connector, &partition, &offset))
            json_array_append_new(*out, json_pack("{s:o,s:o}", "partition", partition,
                                                  "offset", offset));
    }
    pthread_mutex_unlock(&s->lock);
    return rc;
}

bool
kc_offset_record_parse(const char *key, const char *value, size_t len, const char *connector,
                       json_t **partition, json_t **offset)
{
    json_t *k = json_loads(key, JSON_DECODE_ANY, NULL);
    json_t *name = json_array_get(k, 0), *p = json_array_get(k, 1);
    bool    ours = json_array_size(k) == 2 && json_is_string(name) &&
                   strcmp(json_string_value(name), connector) == 0 && json_is_object(p);

    *partition = *offset = NULL;
    if (ours && (*offset = json_loadb(value, len, JSON_DECODE_ANY, NULL)) != NULL)
        *partition = json_incref(p);
    json_decref(k);
    return *offset != NULL;
}
