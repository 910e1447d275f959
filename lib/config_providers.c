/*
 * lib/config_providers.c - the placeholder parser, the three providers and the resolver; see
 * config_providers.h for what is resolved, what is left as written, and what fails.
 *
 * Java's facts this follows: ConfigTransformer (the pattern, one provider call per provider
 * and path with every key asked of it, a missing key leaving its placeholder), the providers
 * (FileConfigProvider reads a properties file as UTF-8, DirectoryConfigProvider a file per key
 * of a directory, EnvVarConfigProvider the environment filtered by allowlist.pattern) and
 * AllowedPaths (allowed.paths split on ',', each normalised, absolute and existing; a path is
 * allowed when its normalised form starts, component by component, with one of them).
 *
 * Pure apart from reading files, directories and the environment, and warning in the log as
 * Java's providers do; any thread.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "lib/config_providers.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lib/configdef.h"
#include "lib/java_regex.h"
#include "lib/log.h"

/* ===== The placeholder syntax ===== */

bool
kc_cp_next(const char *value, size_t from, kc_cp_var *var)
{
    const char *s = value + from;

    /* Every part of the pattern excludes '}', so a match runs from its "${" to the first '}'
     * after it; it fails there only when no ':' comes before that '}'. */
    while ((s = strstr(s, "${")) != NULL) {
        const char *inner = s + 2;
        const char *close = strchr(inner, '}');
        const char *colon, *second;

        if (close == NULL)
            return false;                    /* no '}' left: no later "${" can match either */
        colon = memchr(inner, ':', (size_t) (close - inner));
        if (colon == NULL) {
            s++;                             /* Java's find() tries the next position */
            continue;
        }
        second = memchr(colon + 1, ':', (size_t) (close - colon - 1));
        var->start = (size_t) (s - value);
        var->end = (size_t) (close + 1 - value);
        var->provider = inner;
        var->provider_len = (size_t) (colon - inner);
        if (second != NULL) {
            var->path = colon + 1;
            var->path_len = (size_t) (second - colon - 1);
            var->key = second + 1;
        } else {
            var->path = "";
            var->path_len = 0;
            var->key = colon + 1;
        }
        var->key_len = (size_t) (close - var->key);
        return true;
    }
    return false;
}

bool
kc_cp_has_var(const char *value)
{
    kc_cp_var v;

    return value != NULL && kc_cp_next(value, 0, &v);
}

/* ===== Paths as java.nio's UnixPath reads them (lexically: nothing is resolved) ===== */

typedef struct jpath {
    bool   abs;
    char **parts;       /* names between slashes, no empty ones */
    size_t n;
} jpath;

/* Paths.get(s): redundant and trailing slashes dropped. */
static void
jpath_parse(const char *s, jpath *p)
{
    p->abs = *s == '/';
    p->parts = kc_xcalloc(strlen(s) / 2 + 2, sizeof(*p->parts));
    p->n = 0;
    while (*s != '\0') {
        size_t len = strcspn(s, "/");
        if (len > 0)
            p->parts[p->n++] = kc_xstrndup(s, len);
        s += len;
        while (*s == '/')
            s++;
    }
}

static void
jpath_free(jpath *p)
{
    for (size_t i = 0; i < p->n; i++)
        free(p->parts[i]);
    free(p->parts);
}

/* Path.normalize(): "." dropped, ".." takes the name before it away; at the root of an
 * absolute path it is dropped, at the start of a relative one kept. */
static void
jpath_normalize(jpath *p)
{
    size_t k = 0;

    for (size_t i = 0; i < p->n; i++) {
        char *part = p->parts[i];
        if (strcmp(part, ".") == 0) {
            free(part);
        } else if (strcmp(part, "..") == 0 && k > 0 && strcmp(p->parts[k - 1], "..") != 0) {
            free(p->parts[--k]);
            free(part);
        } else if (strcmp(part, "..") == 0 && k == 0 && p->abs) {
            free(part);
        } else {
            p->parts[k++] = part;
        }
    }
    p->n = k;
}

static char *
jpath_str(const jpath *p)
{
    size_t len = 2;
    char  *out, *o;

    for (size_t i = 0; i < p->n; i++)
        len += strlen(p->parts[i]) + 1;
    o = out = kc_xmalloc(len);
    if (p->abs)
        *o++ = '/';
    for (size_t i = 0; i < p->n; i++) {
        if (i > 0)
            *o++ = '/';
        o = stpcpy(o, p->parts[i]);
    }
    *o = '\0';
    return out;
}

/* Path.startsWith(prefix): the same kind, and prefix's names are p's first ones. */
static bool
jpath_starts_with(const jpath *p, const jpath *prefix)
{
    if (p->abs != prefix->abs || prefix->n > p->n)
        return false;
    for (size_t i = 0; i < prefix->n; i++)
        if (strcmp(p->parts[i], prefix->parts[i]) != 0)
            return false;
    return true;
}

/* String.split(","): every piece untrimmed, trailing empty pieces dropped. s is not empty. */
static char **
java_split_commas(const char *s, size_t *n)
{
    char      **v = kc_xcalloc(strlen(s) + 2, sizeof(*v));
    size_t      count = 0;
    const char *p = s;

    for (;;) {
        const char *comma = strchr(p, ',');
        size_t      len = comma ? (size_t) (comma - p) : strlen(p);
        v[count++] = kc_xstrndup(p, len);
        if (comma == NULL)
            break;
        p = comma + 1;
    }
    while (count > 0 && v[count - 1][0] == '\0')
        free(v[--count]);
    v[count] = NULL;
    *n = count;
    return v;
}

/* ===== Providers ===== */

typedef struct provider provider;

/* One provider class: configure takes its `.param.` settings (prefix stripped); get fills
 * values[i] (new strings, NULL when absent) for keys[0..n) under path, or fails with Java's
 * ConfigException message. */
typedef struct provider_class {
    const char        *name;          /* Java's full class name */
    const char *const *aliases;       /* simple name and Connect's pruned alias */
    int  (*configure)(provider *p, const kc_props *params, kc_err *err);
    int  (*get)(const provider *p, const char *path, char *const *keys, size_t n,
                char **values, kc_err *err);
} provider_class;

struct provider {
    const provider_class *cls;
    char                 *name;
    jpath                *allowed;     /* file, directory: NULL when every path is allowed */
    size_t                nallowed;
    kc_regex             *allowlist;   /* env */
};

struct kc_config_providers {
    provider *items;
    size_t    n;
};

/* AllowedPaths(allowed.paths). */
static int
configure_allowed_paths(provider *p, const kc_props *params, kc_err *err)
{
    const char *v = kc_props_get(params, "allowed.paths");
    char      **items;
    size_t      n;
    int         rc = KC_OK;

    if (v == NULL || *v == '\0')
        return KC_OK;                             /* every path is allowed */
    items = java_split_commas(v, &n);
    p->allowed = kc_xcalloc(n + 1, sizeof(*p->allowed));
    for (size_t i = 0; i < n && rc == KC_OK; i++) {
        jpath       *a = &p->allowed[p->nallowed++];
        char        *shown;
        struct stat  st;
        jpath_parse(items[i], a);
        jpath_normalize(a);
        shown = jpath_str(a);
        if (!a->abs)
            rc = kc_err_set(err, KC_EINVAL, "Path %s is not absolute", shown);
        else if (stat(shown, &st) != 0)
            rc = kc_err_set(err, KC_EINVAL, "Path %s does not exist", shown);
        free(shown);
    }
    kc_strv_free(items);
    return rc;
}

/* AllowedPaths.parseUntrustedPath: the path to open (new), or NULL when it is not allowed. */
static char *
allowed_path(const provider *p, const char *path)
{
    jpath  j;
    char  *out = NULL;
    bool   ok = p->allowed == NULL;

    jpath_parse(path, &j);
    if (p->allowed != NULL) {
        jpath_normalize(&j);
        for (size_t i = 0; i < p->nallowed && !ok; i++)
            ok = jpath_starts_with(&j, &p->allowed[i]);
    }
    if (ok)
        out = jpath_str(&j);
    jpath_free(&j);
    return out;
}

/* What file and directory open for path (new), or NULL when there is nothing to read: no
 * path, or one outside allowed.paths (warned, as Java's providers warn). */
static char *
path_to_read(const provider *p, const char *path)
{
    char *use;

    if (*path == '\0')
        return NULL;
    if ((use = allowed_path(p, path)) == NULL)
        kc_log_warn("config", "The path %s is not allowed to be accessed", path);
    return use;
}

/* Reads a whole file; NULL (errno set) when it cannot be read. A NUL byte makes it
 * unreadable too: a C string cannot carry it. */
static char *
read_file(const char *path, size_t *len)
{
    FILE  *f = fopen(path, "rb");
    char  *buf = NULL;
    size_t cap = 0, n = 0, r;

    if (f == NULL)
        return NULL;
    do {
        if (cap - n < 4096) {
            cap = cap ? cap * 2 : 4096;
            buf = kc_xrealloc(buf, cap + 1);
        }
        r = fread(buf + n, 1, cap - n, f);
        n += r;
    } while (r > 0);
    if (ferror(f) || memchr(buf, '\0', n) != NULL) {
        if (!ferror(f))
            errno = EILSEQ;
        fclose(f);
        free(buf);
        return NULL;
    }
    fclose(f);
    buf[n] = '\0';
    *len = n;
    return buf;
}

static int
file_get(const provider *p, const char *path, char *const *keys, size_t n, char **values,
         kc_err *err)
{
    char    *use, *text;
    size_t   len;
    kc_props props;
    kc_err   perr;
    int      rc = KC_OK;

    if ((use = path_to_read(p, path)) == NULL)
        return KC_OK;
    kc_props_init(&props, use);
    /* Java reads it with a strict UTF-8 decoder: malformed bytes fail the read. */
    if ((text = read_file(use, &len)) == NULL || !kc_utf8_valid(text, len) ||
        kc_props_parse(&props, text, len, &perr) != KC_OK) {
        kc_log_error("config", "Could not read properties from file %s", path);
        rc = kc_err_set(err, KC_EINVAL, "Could not read properties from file %s", path);
    } else {
        for (size_t i = 0; i < n; i++) {
            const char *v = kc_props_get(&props, keys[i]);
            values[i] = v ? kc_xstrdup(v) : NULL;
        }
    }
    free(text);
    free(use);
    kc_props_free(&props);
    return rc;
}

static int
directory_get(const provider *p, const char *path, char *const *keys, size_t n, char **values,
              kc_err *err)
{
    char          *dir;
    DIR           *d;
    struct dirent *e;
    struct stat    st;
    int            rc = KC_OK;

    if ((dir = path_to_read(p, path)) == NULL)
        return KC_OK;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        kc_log_warn("config", "The path %s is not a directory", path);
        free(dir);
        return KC_OK;
    }
    if ((d = opendir(dir)) == NULL) {
        kc_log_error("config", "Could not list directory %s", dir);
        rc = kc_err_set(err, KC_EINVAL, "Could not list directory %s", dir);
        free(dir);
        return rc;
    }
    /* Files.list then a filter: regular files (links followed) named by a key. */
    while (rc == KC_OK && (e = readdir(d)) != NULL) {
        char  *full;
        size_t k, len;
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        for (k = 0; k < n && strcmp(keys[k], e->d_name) != 0; k++)
            ;
        if (k == n)
            continue;
        full = kc_xasprintf("%s%s%s", dir, dir[strlen(dir) - 1] == '/' ? "" : "/", e->d_name);
        if (stat(full, &st) == 0 && S_ISREG(st.st_mode)) {
            char *text = read_file(full, &len);
            if (text == NULL || !kc_utf8_valid(text, len)) {
                kc_log_error("config", "Could not read file %s for property %s", full,
                             e->d_name);
                rc = kc_err_set(err, KC_EINVAL, "Could not read file %s for property %s", full,
                                e->d_name);
                free(text);
            } else {
                values[k] = text;           /* the whole content, final newline included */
            }
        }
        free(full);
    }
    closedir(d);
    free(dir);
    return rc;
}

static int
configure_env(provider *p, const kc_props *params, kc_err *err)
{
    const char *pattern = kc_props_get(params, "allowlist.pattern");
    char        why[256];

    if (pattern == NULL) {
        kc_log_info("config", "No pattern for environment variables provided. Using default "
                    "pattern '(.*)'.");
        pattern = ".*";
    }
    if (kc_regex_compile(pattern, &p->allowlist, why, sizeof(why)) != 0)
        return kc_err_set(err, KC_EINVAL, "Invalid value %s for configuration "
                          "config.providers.%s.param.allowlist.pattern: %s", pattern, p->name,
                          why);
    return KC_OK;
}

static int
env_get(const provider *p, const char *path, char *const *keys, size_t n, char **values,
        kc_err *err)
{
    if (*path != '\0') {
        kc_log_error("config", "Path is not supported for EnvVarConfigProvider, invalid value "
                     "'%s'", path);
        return kc_err_set(err, KC_EINVAL, "Path is not supported for EnvVarConfigProvider, "
                          "invalid value '%s'", path);
    }
    for (size_t i = 0; i < n; i++) {
        const char *v;
        /* getenv("A=B") would find variable A's value after "B=": no name holds '='. */
        if (*keys[i] == '\0' || strchr(keys[i], '=') != NULL ||
            !kc_regex_matches(p->allowlist, keys[i]))
            continue;
        if ((v = getenv(keys[i])) != NULL)
            values[i] = kc_xstrdup(v);
    }
    return KC_OK;
}

static const provider_class classes[] = {
    { "org.apache.kafka.common.config.provider.FileConfigProvider",
      (const char *const[]) { "FileConfigProvider", "File", NULL },
      configure_allowed_paths, file_get },
    { "org.apache.kafka.common.config.provider.DirectoryConfigProvider",
      (const char *const[]) { "DirectoryConfigProvider", "Directory", NULL },
      configure_allowed_paths, directory_get },
    { "org.apache.kafka.common.config.provider.EnvVarConfigProvider",
      (const char *const[]) { "EnvVarConfigProvider", "EnvVar", NULL },
      configure_env, env_get },
};

static const provider_class *
find_class(const char *name)
{
    for (size_t i = 0; i < KC_ARRAY_LEN(classes); i++) {
        if (strcmp(name, classes[i].name) == 0)
            return &classes[i];
        for (const char *const *a = classes[i].aliases; *a != NULL; a++)
            if (strcmp(name, *a) == 0)
                return &classes[i];
    }
    return NULL;
}

const char *
kc_config_providers_class(const char *name)
{
    const provider_class *c = name ? find_class(name) : NULL;

    return c ? c->name : NULL;
}

void
kc_config_providers_free(kc_config_providers *cp)
{
    if (cp == NULL)
        return;
    for (size_t i = 0; i < cp->n; i++) {
        provider *p = &cp->items[i];
        for (size_t j = 0; j < p->nallowed; j++)
            jpath_free(&p->allowed[j]);
        free(p->allowed);
        kc_regex_free(p->allowlist);
        free(p->name);
    }
    free(cp->items);
    free(cp);
}

int
kc_config_providers_new(const kc_props *props, kc_cp_names names, kc_config_providers **out,
                        kc_err *err)
{
    const char          *list = kc_props_get(props, "config.providers");
    kc_config_providers *cp;
    char               **v;
    size_t               n;
    char                 where[512];
    int                  rc = KC_OK;

    *out = NULL;
    if (list == NULL || *list == '\0')
        return KC_OK;
    v = names == KC_CP_NAMES_SPLIT ? java_split_commas(list, &n) : kc_cfg_split_list(list, &n);
    cp = kc_xcalloc(1, sizeof(*cp));
    cp->items = kc_xcalloc(n + 1, sizeof(*cp->items));
    for (size_t i = 0; i < n && rc == KC_OK; i++) {
        char                 *key = kc_xasprintf("config.providers.%s.class", v[i]);
        char                 *prefix = kc_xasprintf("config.providers.%s.param.", v[i]);
        const char           *cls_name = kc_props_get(props, key);   /* untrimmed, as Java */
        const provider_class *cls = cls_name ? find_class(cls_name) : NULL;
        bool                  dup = false;

        for (size_t j = 0; j < cp->n; j++)
            dup = dup || strcmp(cp->items[j].name, v[i]) == 0;
        if (cls_name != NULL && cls == NULL) {
            rc = kc_err_set(err, KC_EINVAL, "%s: Invalid value %s for configuration %s: Could "
                            "not load config provider class or one of its dependencies "
                            "(kconnect implements FileConfigProvider, DirectoryConfigProvider "
                            "and EnvVarConfigProvider)",
                            kc_props_where(props, key, where, sizeof(where)), cls_name, key);
        } else if (cls != NULL && !dup) {
            provider *p = &cp->items[cp->n++];
            kc_props  params;
            kc_props_init(&params, props->origin);
            for (size_t k = 0; k < props->n; k++)
                if (strncmp(props->items[k].key, prefix, strlen(prefix)) == 0 &&
                    props->items[k].key[strlen(prefix)] != '\0')
                    kc_props_set(&params, props->items[k].key + strlen(prefix),
                                 props->items[k].value, props->items[k].line);
            p->cls = cls;
            p->name = kc_xstrdup(v[i]);
            if ((rc = cls->configure(p, &params, err)) != KC_OK)
                kc_err_prefix(err, "%s: ", kc_props_where(props, key, where, sizeof(where)));
            kc_props_free(&params);
        }
        free(key);
        free(prefix);
    }
    kc_strv_free(v);
    if (rc != KC_OK || cp->n == 0) {
        kc_config_providers_free(cp);
        return rc;
    }
    *out = cp;
    return KC_OK;
}

/* ===== Resolving ===== */

/* The keys asked of one provider under one path, and what it answered. */
typedef struct lookup {
    const provider *p;
    char           *path;
    char          **keys, **values;
    size_t          n, cap;
    size_t          first;        /* the first value that asked it, for messages */
} lookup;

typedef struct lookups {
    lookup *items;
    size_t  n, cap;
} lookups;

static const provider *
provider_named(const kc_config_providers *cp, const char *name, size_t len)
{
    for (size_t i = 0; cp != NULL && i < cp->n; i++)
        if (strlen(cp->items[i].name) == len && memcmp(cp->items[i].name, name, len) == 0)
            return &cp->items[i];
    return NULL;
}

static lookup *
lookup_of(lookups *l, const provider *p, const char *path, size_t path_len)
{
    for (size_t i = 0; i < l->n; i++)
        if (l->items[i].p == p && strlen(l->items[i].path) == path_len &&
            memcmp(l->items[i].path, path, path_len) == 0)
            return &l->items[i];
    return NULL;
}

static void
lookups_add(lookups *l, const provider *p, const kc_cp_var *v, size_t value_index)
{
    lookup *k = lookup_of(l, p, v->path, v->path_len);

    if (k == NULL) {
        if (l->n == l->cap) {
            l->cap = l->cap ? l->cap * 2 : 4;
            l->items = kc_xrealloc(l->items, l->cap * sizeof(*l->items));
        }
        k = &l->items[l->n++];
        *k = (lookup) { .p = p, .path = kc_xstrndup(v->path, v->path_len),
                        .first = value_index };
    }
    for (size_t i = 0; i < k->n; i++)
        if (strlen(k->keys[i]) == v->key_len && memcmp(k->keys[i], v->key, v->key_len) == 0)
            return;
    if (k->n == k->cap) {
        k->cap = k->cap ? k->cap * 2 : 4;
        k->keys = kc_xrealloc(k->keys, k->cap * sizeof(*k->keys));
    }
    k->keys[k->n++] = kc_xstrndup(v->key, v->key_len);
}

static void
lookups_free(lookups *l)
{
    for (size_t i = 0; i < l->n; i++) {
        for (size_t j = 0; j < l->items[i].n; j++) {
            free(l->items[i].keys[j]);
            if (l->items[i].values != NULL)
                free(l->items[i].values[j]);
        }
        free(l->items[i].keys);
        free(l->items[i].values);
        free(l->items[i].path);
    }
    free(l->items);
}

/* value with its placeholders replaced where l has an answer. New string. */
static char *
replace(const kc_config_providers *cp, const lookups *l, const char *value)
{
    size_t    len = strlen(value), cap = len + 1, o = 0, from = 0;
    char     *out = kc_xmalloc(cap);
    kc_cp_var v;

    while (kc_cp_next(value, from, &v)) {
        const provider *p = provider_named(cp, v.provider, v.provider_len);
        const lookup   *k = p ? lookup_of((lookups *) l, p, v.path, v.path_len) : NULL;
        const char     *with = NULL;
        size_t          wlen;

        for (size_t i = 0; k != NULL && i < k->n && with == NULL; i++)
            if (strlen(k->keys[i]) == v.key_len && memcmp(k->keys[i], v.key, v.key_len) == 0)
                with = k->values[i];
        if (with == NULL) {                     /* left as written */
            with = value + v.start;
            wlen = v.end - v.start;
        } else {
            wlen = strlen(with);
        }
        if (o + (v.start - from) + wlen + 1 > cap) {
            cap = (o + (v.start - from) + wlen + 1) * 2;
            out = kc_xrealloc(out, cap);
        }
        memcpy(out + o, value + from, v.start - from);
        o += v.start - from;
        memcpy(out + o, with, wlen);
        o += wlen;
        from = v.end;
    }
    if (o + (len - from) + 1 > cap)
        out = kc_xrealloc(out, o + (len - from) + 1);
    memcpy(out + o, value + from, len - from);
    out[o + len - from] = '\0';
    return out;
}

/* ConfigTransformer.transform over values[0..n) (NULL entries skipped): out[i] new strings
 * (NULL for NULL). On failure *failed_at is the index of the first value that asked the
 * failing lookup. */
static int
transform(const kc_config_providers *cp, const char *const *values, size_t n, char **out,
          size_t *failed_at, kc_err *err)
{
    lookups l = { 0 };
    int     rc = KC_OK;

    for (size_t i = 0; i < n; i++) {
        kc_cp_var v;
        for (size_t from = 0; values[i] != NULL && kc_cp_next(values[i], from, &v);
             from = v.end) {
            const provider *p = provider_named(cp, v.provider, v.provider_len);
            if (p != NULL)
                lookups_add(&l, p, &v, i);
        }
    }
    for (size_t i = 0; i < l.n && rc == KC_OK; i++) {
        lookup *k = &l.items[i];
        k->values = kc_xcalloc(k->n, sizeof(*k->values));
        if ((rc = k->p->cls->get(k->p, k->path, k->keys, k->n, k->values, err)) != KC_OK)
            *failed_at = k->first;
    }
    for (size_t i = 0; i < n; i++)
        out[i] = rc == KC_OK && values[i] != NULL ? replace(cp, &l, values[i]) : NULL;
    lookups_free(&l);
    return rc;
}

json_t *
kc_config_providers_transform_json(const kc_config_providers *cp, const json_t *config,
                                   kc_err *err)
{
    size_t       n = json_object_size(config), i = 0, failed_at = 0;
    const char **values = kc_xcalloc(n + 1, sizeof(*values));
    char       **out = kc_xcalloc(n + 1, sizeof(*out));
    json_t      *result = json_deep_copy(config), *v;
    const char  *key;

    if (cp == NULL || result == NULL) {
        free(values);
        free(out);
        return result;
    }
    json_object_foreach((json_t *) config, key, v)
        values[i++] = json_string_value(v);
    if (transform(cp, values, n, out, &failed_at, err) != KC_OK) {
        json_decref(result);
        result = NULL;
    } else {
        i = 0;
        json_object_foreach((json_t *) config, key, v) {
            if (out[i] != NULL)
                json_object_set_new(result, key, json_string(out[i]));
            free(out[i++]);
        }
    }
    free(values);
    free(out);
    return result;
}

int
kc_config_providers_transform_props(const kc_config_providers *cp, const kc_props *in,
                                    kc_props *out, kc_err *err)
{
    const char **values = kc_xcalloc(in->n + 1, sizeof(*values));
    char       **res = kc_xcalloc(in->n + 1, sizeof(*res));
    size_t       failed_at = 0;
    char         where[512];
    int          rc = KC_OK;

    kc_props_init(out, in->origin);
    for (size_t i = 0; i < in->n; i++)
        values[i] = in->items[i].value;
    if (cp != NULL && (rc = transform(cp, values, in->n, res, &failed_at, err)) != KC_OK) {
        kc_err_prefix(err, "%s: %s=%s: ", kc_props_where(in, in->items[failed_at].key, where,
                                                         sizeof(where)),
                      in->items[failed_at].key, in->items[failed_at].value);
    } else {
        for (size_t i = 0; i < in->n; i++) {
            kc_props_set(out, in->items[i].key, res[i] ? res[i] : values[i],
                         in->items[i].line);
            free(res[i]);
        }
    }
    free(values);
    free(res);
    return rc;
}

void
kc_config_providers_reverse(const json_t *raw, json_t *task)
{
    const char *key;
    json_t     *v;

    json_object_foreach((json_t *) raw, key, v)
        if (kc_cp_has_var(json_string_value(v)) && json_object_get(task, key) != NULL)
            json_object_set(task, key, v);
}

/* ===== Masking ===== */

typedef struct secret {
    const char *resolved, *raw;
} secret;

static int
longer_first(const void *a, const void *b)
{
    size_t la = strlen(((const secret *) a)->resolved), lb = strlen(((const secret *) b)->resolved);

    return la < lb ? 1 : la > lb ? -1 : 0;
}

/* One pass over text: at each position the longest secret found there is replaced, and what
 * replaced it is not looked at again. */
static char *
mask(const char *text, secret *s, size_t n)
{
    size_t cap = strlen(text) + 1, o = 0;
    char  *out = kc_xmalloc(cap);

    qsort(s, n, sizeof(*s), longer_first);
    while (*text != '\0') {
        const secret *hit = NULL;
        for (size_t i = 0; i < n && hit == NULL; i++)
            if (strncmp(text, s[i].resolved, strlen(s[i].resolved)) == 0)
                hit = &s[i];
        const char *put = hit ? hit->raw : text;
        size_t      len = hit ? strlen(hit->raw) : 1;
        if (o + len + 1 > cap) {
            cap = (o + len + 1) * 2;
            out = kc_xrealloc(out, cap);
        }
        memcpy(out + o, put, len);
        o += len;
        text += hit ? strlen(hit->resolved) : 1;
    }
    out[o] = '\0';
    return out;
}

static bool
worth_masking(const char *raw, const char *resolved, size_t min)
{
    return raw != NULL && resolved != NULL && strlen(resolved) >= min &&
           strcmp(raw, resolved) != 0 && kc_cp_has_var(raw);
}

char *
kc_config_providers_mask_value(const char *text, const char *raw, const char *resolved)
{
    secret s = { resolved, raw };

    return mask(text, &s, worth_masking(raw, resolved, 1) ? 1 : 0);
}

char *
kc_config_providers_mask_json(const char *text, const json_t *raw, const json_t *resolved)
{
    secret     *s = kc_xcalloc(json_object_size(raw) + 1, sizeof(*s));
    size_t      n = 0;
    const char *key;
    json_t     *v;
    char       *out;

    json_object_foreach((json_t *) raw, key, v) {
        const char *r = json_string_value(json_object_get(resolved, key));
        if (worth_masking(json_string_value(v), r, KC_CP_MASK_MIN))
            s[n++] = (secret) { r, json_string_value(v) };
    }
    out = mask(text, s, n);
    free(s);
    return out;
}

char *
kc_config_providers_mask_props(const char *text, const kc_props *raw, const kc_props *resolved)
{
    secret *s = kc_xcalloc(raw->n + 1, sizeof(*s));
    size_t  n = 0;
    char   *out;

    for (size_t i = 0; i < raw->n; i++) {
        const char *r = kc_props_get(resolved, raw->items[i].key);
        if (worth_masking(raw->items[i].value, r, KC_CP_MASK_MIN))
            s[n++] = (secret) { r, raw->items[i].value };
    }
    out = mask(text, s, n);
    free(s);
    return out;
}
