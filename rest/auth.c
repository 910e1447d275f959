/*
 * rest/auth.c - Basic authentication of REST requests (BasicAuthSecurityRestExtension); see
 * auth.h for the rules.
 *
 * Owns the JAAS entry's modules, each with its users file as last read. The modules are
 * fixed at start-up; a users file is checked (stat) on every request and read again when
 * it changed, under that file's lock, on whichever MHD thread asks.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "rest/auth.h"

#include <ctype.h>
#include <errno.h>
#include <pthread.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/jaas.h"
#include "lib/log.h"
#include "worker/refused.h"

#define LOGIN_MODULE "org.apache.kafka.connect.rest.basic.auth.extension.PropertyFileLoginModule"
#define JAAS_KEY     "java.security.auth.login.config"
#define REFUSAL      "User cannot access the resource."

/* One PropertyFileLoginModule of the entry and its users file. */
typedef struct module {
    kc_jaas_flag     flag;
    char            *path;            /* the file option; NULL when missing or blank */
    pthread_mutex_t  lock;            /* the rest, below */
    bool             loaded;          /* users is the file as it was when `seen` */
    bool             had_users;       /* some read found users (then empty refuses) */
    struct stat      seen;
    kc_props         users;
    char             failure[512];    /* the last read failure, logged once */
} module;

struct kc_rest_auth {
    module *modules;
    size_t  n;
};

/* ===== The users file ===== */

static bool
same_file(const struct stat *a, const struct stat *b)
{
    return a->st_dev == b->st_dev && a->st_ino == b->st_ino && a->st_size == b->st_size &&
           a->st_mtim.tv_sec == b->st_mtim.tv_sec && a->st_mtim.tv_nsec == b->st_mtim.tv_nsec &&
           a->st_ctim.tv_sec == b->st_ctim.tv_sec && a->st_ctim.tv_nsec == b->st_ctim.tv_nsec;
}

/* Under m->lock: users as the file is now; KC_OK, or an error (logged once per failure). */
static int
refresh(module *m)
{
    struct stat st;
    kc_props    fresh;
    kc_err      err = { 0, "" };

    if (stat(m->path, &st) != 0) {
        kc_err_set(&err, KC_EIO, "cannot read %s: %s", m->path, strerror(errno));
    } else if (m->loaded && same_file(&st, &m->seen)) {
        return KC_OK;
    } else {
        kc_props_init(&fresh, m->path);
        if (kc_props_load_file(&fresh, m->path, &err) == KC_OK) {
            kc_props_free(&m->users);
            m->users = fresh;
            m->seen = st;
            m->loaded = true;
            m->failure[0] = '\0';
            if (m->users.n > 0)
                kc_log_info("rest", "Credential properties file '%s' read: %zu user(s)",
                            m->path, m->users.n);
            else if (m->had_users)
                kc_log_warn("rest", "Credential properties file '%s' is empty now; every "
                            "request is refused until it lists users again", m->path);
            else
                kc_log_warn("rest", "Credential properties file '%s' is empty; all requests "
                            "will be permitted", m->path);
            m->had_users = m->had_users || m->users.n > 0;
            return KC_OK;
        }
        kc_props_free(&fresh);
    }
    /* Java does not keep a file it cannot read; neither is the last good copy kept here. */
    m->loaded = false;
    kc_props_free(&m->users);
    kc_props_init(&m->users, m->path);
    if (strcmp(m->failure, err.msg) != 0) {
        kc_log_error("rest", "Error loading credentials file: %s; requests are refused",
                     err.msg);
        snprintf(m->failure, sizeof(m->failure), "%s", err.msg);
    }
    return err.code;
}

/* ===== One login (JAAS LoginContext over the modules) ===== */

typedef enum { LOGIN_OK, LOGIN_IGNORED, LOGIN_FAILED } login_result;

/* PropertyFileLoginModule: initialize (the file) and login (the check). user and password
 * are NULL when the request has no usable credentials. */
static login_result
module_login(module *m, const char *user, const char *password)
{
    login_result r;

    if (m->path == NULL)
        return LOGIN_FAILED;                    /* Java: "Property Credentials file must be
                                                 * specified" */
    pthread_mutex_lock(&m->lock);
    if (refresh(m) != KC_OK) {
        r = LOGIN_FAILED;
    } else if (m->users.n == 0) {
        r = m->had_users ? LOGIN_IGNORED : LOGIN_OK;
    } else if (user == NULL) {
        r = LOGIN_IGNORED;
    } else {
        /* The compare runs for unknown users too, against nothing. */
        const char *secret = kc_props_get(&m->users, user);
        bool        same = kc_ct_equal(password, strlen(password), secret ? secret : "",
                                       secret ? strlen(secret) : 0);
        r = secret != NULL && same ? LOGIN_OK : LOGIN_IGNORED;
    }
    pthread_mutex_unlock(&m->lock);
    return r;
}

/* LoginContext.login: a sufficient success ends it (unless a required module failed
 * before); a requisite failure ends it; then any required failure, or no success, fails. */
static bool
login(kc_rest_auth *a, const char *user, const char *password)
{
    bool success = false, required_failed = false;

    if (a->n == 0)
        return false;                           /* "No LoginModules configured for ..." */
    for (size_t i = 0; i < a->n; i++) {
        login_result r = module_login(&a->modules[i], user, password);
        kc_jaas_flag f = a->modules[i].flag;
        if (r == LOGIN_OK) {
            if (f == KC_JAAS_SUFFICIENT && !required_failed)
                return true;
            success = true;
        } else if (r == LOGIN_FAILED) {
            if (f == KC_JAAS_REQUISITE)
                return false;
            required_failed = required_failed || f == KC_JAAS_REQUIRED;
        }
    }
    return success && !required_failed;
}

/* ===== The filter ===== */

/* Java's internal-request matchers, on the decoded path: POST /?connectors/[^/]+/tasks/? and
 * PUT /?connectors/[^/]+/fence/? */
static bool
internal_request(const kc_rest_request *req)
{
    const char *p = req->path, *name, *tail;
    const char *want = strcmp(req->method, "POST") == 0 ? "tasks"
                     : strcmp(req->method, "PUT") == 0 ? "fence" : NULL;

    if (want == NULL)
        return false;
    if (*p == '/')
        p++;
    if (strncmp(p, "connectors/", 11) != 0)
        return false;
    name = p + 11;
    tail = name + strcspn(name, "/");
    if (tail == name || *tail != '/' || strncmp(tail + 1, want, 5) != 0)
        return false;
    return tail[6] == '\0' || strcmp(tail + 6, "/") == 0;
}

void
kc_rest_auth_refuse(const kc_rest_request *req, kc_rest_response *resp)
{
    json_decref(resp->body);
    resp->body = NULL;
    free(resp->text);
    resp->status = 401;
    resp->text = kc_xstrdup(REFUSAL);
    /* Jersey gives the entity the matched method's media type. */
    kc_rest_response_header(resp, "Content-Type", strcmp(req->method, "OPTIONS") == 0
                            ? "text/plain" : "application/json", true);
}

bool
kc_rest_auth_allows(kc_rest_auth *a, const kc_rest_request *req, kc_rest_response *resp)
{
    const char *header = kc_rest_header(req, "Authorization");
    const char *space;
    char       *user = NULL, *password = NULL, why[128];
    bool        ok;

    if (a == NULL || internal_request(req))
        return true;
    /* "<scheme> <credentials>": no space (or nothing before it) or another scheme is no
     * credentials at all; Basic credentials that are not base64 are a client's mistake. */
    if (header != NULL && (space = strchr(header, ' ')) != NULL && space > header &&
        space - header == 5 && strncasecmp(header, "Basic", 5) == 0) {
        uint8_t *raw;
        size_t   n;
        if (kc_base64_java_decode(space + 1, strlen(space + 1), &raw, &n, why,
                                  sizeof(why)) != 0) {
            kc_log_debug("rest", "Request failed authentication: %s", why);
            kc_rest_error(resp, 400, "%s", why);
            return false;
        }
        /* As new String(bytes, UTF_8); a NUL matches no user a properties file can hold,
         * so it counts as no credentials. */
        if (memchr(raw, '\0', n) == NULL) {
            char *text = kc_utf8_repair(raw, n, NULL), *colon = strchr(text, ':');
            if (colon != NULL && colon > text) {
                user = kc_xstrndup(text, (size_t) (colon - text));
                password = kc_xstrdup(colon + 1);
            }
            free(text);
        }
        free(raw);
    }
    ok = login(a, user, password);
    if (!ok) {
        kc_log_debug("rest", "Request failed authentication: %s %s", req->method, req->path);
        kc_rest_auth_refuse(req, resp);
    }
    free(user);
    free(password);
    return ok;
}

/* ===== Start-up: where the JAAS file is, and its KafkaConnect entry ===== */

/* The JVM's system properties kconnect can know: -D options of KAFKA_OPTS (as
 * kafka-run-class.sh passes them: split on blanks, later ones win), then the JVM's own. */
typedef struct sysprops {
    kc_props defined;
    char     cwd[4096];
} sysprops;

static const char *
sysprop(void *arg, const char *name)
{
    sysprops      *sp = arg;
    const char    *v = kc_props_get(&sp->defined, name);
    struct passwd *pw;

    if (v != NULL)
        return v;
    if (strcmp(name, "user.home") == 0 || strcmp(name, "user.name") == 0) {
        if ((pw = getpwuid(getuid())) == NULL)
            return strcmp(name, "user.home") == 0 ? getenv("HOME") : NULL;
        return strcmp(name, "user.home") == 0 ? pw->pw_dir : pw->pw_name;
    }
    if (strcmp(name, "user.dir") == 0)
        return getcwd(sp->cwd, sizeof(sp->cwd));
    if (strcmp(name, "java.io.tmpdir") == 0)
        return "/tmp";
    if (strcmp(name, "file.separator") == 0)
        return "/";
    return NULL;
}

static void
sysprops_init(sysprops *sp, const char *kafka_opts)
{
    const char *p = kafka_opts ? kafka_opts : "";

    kc_props_init(&sp->defined, "KAFKA_OPTS");
    sp->cwd[0] = '\0';
    while (*p) {
        size_t len;
        while (isspace((unsigned char) *p))
            p++;
        len = strcspn(p, " \t\n\r\f\v");
        if (len > 2 && strncmp(p, "-D", 2) == 0) {
            char       *def = kc_xstrndup(p + 2, len - 2);
            char       *eq = strchr(def, '=');
            if (eq != NULL)
                *eq = '\0';
            kc_props_set(&sp->defined, def, eq ? eq + 1 : "", 0);
            free(def);
        }
        p += len;
    }
}

/* A java.security.auth.login.config value as ConfigFile takes it: a leading '=' (override
 * the other sources; there are none here) dropped, ${...} expanded, a file: URL or a path.
 * *path: new. */
static int
jaas_path(const char *value, const char *from, sysprops *sp, char **path, kc_err *err)
{
    const char *v = *value == '=' ? value + 1 : value;
    const char *colon;
    char       *expanded;

    *path = NULL;
    if (kc_jaas_expand(v, sysprop, sp, &expanded, err) != KC_OK)
        return kc_err_prefix(err, "%s: Unable to properly expand %s: ", from, v);
    colon = strchr(expanded, ':');
    if (strncasecmp(expanded, "file:", 5) == 0) {
        const char *p = expanded + 5;
        char       *out, *o;
        if (strncmp(p, "//", 2) == 0)
            p = strchr(p + 2, '/') ? strchr(p + 2, '/') : "";
        out = o = kc_xstrdup(p);                /* %XX decoded, as URL.openStream does */
        for (; *p; p++) {
            if (*p == '%' && isxdigit((unsigned char) p[1]) && isxdigit((unsigned char) p[2])) {
                char hex[3] = { p[1], p[2], '\0' };
                *o++ = (char) strtol(hex, NULL, 16);
                p += 2;
            } else {
                *o++ = *p;
            }
        }
        *o = '\0';
        free(expanded);
        *path = out;
        return KC_OK;
    }
    if (colon != NULL && colon > expanded && strspn(expanded, "abcdefghijklmnopqrstuvwxyz"
                                                    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-.")
                                             == (size_t) (colon - expanded) &&
        (strncasecmp(expanded, "http:", 5) == 0 || strncasecmp(expanded, "https:", 6) == 0 ||
         strncasecmp(expanded, "jar:", 4) == 0 || strncasecmp(expanded, "ftp:", 4) == 0)) {
        kc_err_set(err, KC_EINVAL, "%s: %s=%s: only files (paths or file: URLs) are read",
                   from, JAAS_KEY, value);
        free(expanded);
        return KC_EINVAL;
    }
    *path = expanded;
    return KC_OK;
}

/* Which JAAS file, and where that was said (for messages): *path NULL when there is none. */
static int
find_jaas(const kc_props *props, sysprops *sp, char **path, char *from, size_t from_size,
          kc_err *err)
{
    const char *opt = kc_props_get(&sp->defined, JAAS_KEY);
    const char *file = props ? kc_props_get(props, JAAS_KEY) : NULL;
    const char *home;
    char        where[512];

    *path = NULL;
    if (opt != NULL && file != NULL && strcmp(opt, file) != 0)
        return kc_err_set(err, KC_EINVAL, "%s: %s=%s differs from -D%s=%s in KAFKA_OPTS: name "
                          "the JAAS file once", kc_props_where(props, JAAS_KEY, where,
                                                               sizeof(where)),
                          JAAS_KEY, file, JAAS_KEY, opt);
    if (opt != NULL) {
        snprintf(from, from_size, "KAFKA_OPTS -D%s", JAAS_KEY);
        return jaas_path(opt, from, sp, path, err);
    }
    if (file != NULL) {
        snprintf(from, from_size, "%s", kc_props_where(props, JAAS_KEY, where, sizeof(where)));
        return jaas_path(file, from, sp, path, err);
    }
    /* The JDK's last resort: the user's own file, when it exists. */
    if ((home = sysprop(sp, "user.home")) != NULL) {
        char *p = kc_xasprintf("%s/.java.login.config", home);
        if (access(p, F_OK) == 0) {
            snprintf(from, from_size, "the default JAAS file");
            *path = p;
        } else {
            free(p);
        }
    }
    return KC_OK;
}

static void
modules_from(kc_rest_auth *a, const kc_jaas_entry *e)
{
    a->modules = kc_xcalloc(e->nmodules, sizeof(*a->modules));
    for (size_t i = 0; i < e->nmodules; i++) {
        module     *m = &a->modules[i];
        const char *file = kc_props_get(&e->modules[i].options, "file");
        char       *trimmed = file ? kc_java_trim(file) : NULL;

        m->flag = e->modules[i].flag;
        pthread_mutex_init(&m->lock, NULL);
        kc_props_init(&m->users, "users");
        if (trimmed != NULL && *trimmed != '\0')
            m->path = kc_xstrdup(file);         /* Java opens the value untrimmed */
        free(trimmed);
        a->n++;
    }
}

int
kc_rest_auth_new(const kc_cfg *cfg, const kc_props *props, const char *kafka_opts,
                 kc_rest_auth **out, kc_err *err)
{
    const kc_cfg_value  *ext = kc_cfg_get(cfg, "rest.extension.classes");
    const kc_jaas_entry *e = NULL;
    kc_rest_auth        *a;
    sysprops             sp;
    kc_jaas              jaas;
    char                *path = NULL, from[600] = "";
    bool                 wanted = false;
    int                  rc;

    *out = NULL;
    for (size_t i = 0; !ext->is_null && i < ext->nlist; i++)
        wanted = wanted || !kc_refused_rest_extension(ext->list[i]);   /* the one there is */
    if (!wanted)
        return KC_OK;
    sysprops_init(&sp, kafka_opts);
    kc_jaas_init(&jaas, "JAAS configuration");
    if ((rc = find_jaas(props, &sp, &path, from, sizeof(from), err)) != KC_OK)
        goto out;
    if (path != NULL && (rc = kc_jaas_load_file(&jaas, path, sysprop, &sp, err)) != KC_OK) {
        kc_err_prefix(err, "Failed to retrieve JAAS configuration (%s): ", from);
        goto out;
    }
    if ((e = kc_jaas_entry_get(&jaas, "KafkaConnect")) == NULL)
        e = kc_jaas_entry_get(&jaas, "other");
    for (size_t i = 0; e != NULL && i < e->nmodules; i++)
        if (strcmp(e->modules[i].class_name, LOGIN_MODULE) != 0) {
            rc = kc_err_set(err, KC_EINVAL, "%s:%d: login module %s is not implemented: the "
                            "%s entry of a JAAS file may only name %s", jaas.origin,
                            e->modules[i].line, e->modules[i].class_name, e->name, LOGIN_MODULE);
            goto out;
        }
    a = kc_xcalloc(1, sizeof(*a));
    if (e == NULL) {
        kc_log_error("rest", "No LoginModules configured for KafkaConnect (%s): every request "
                     "is refused, as Java's worker refuses them", path ? path
                     : "no JAAS file: set -D" JAAS_KEY "=<file> in KAFKA_OPTS");
    } else {
        modules_from(a, e);
        kc_log_info("rest", "Basic authentication of REST requests: entry %s of %s, %zu login "
                    "module(s)", e->name, path, a->n);
        for (size_t i = 0; i < a->n; i++) {
            module *m = &a->modules[i];
            if (m->path == NULL) {
                kc_log_error("rest", "%s:%d: %s has no file option (Property Credentials file "
                             "must be specified): it fails every login", jaas.origin,
                             e->modules[i].line, LOGIN_MODULE);
                continue;
            }
            pthread_mutex_lock(&m->lock);
            (void) refresh(m);                  /* logs what it finds; requests re-check */
            pthread_mutex_unlock(&m->lock);
        }
    }
    *out = a;
    rc = KC_OK;
out:
    kc_jaas_free(&jaas);
    kc_props_free(&sp.defined);
    free(path);
    return rc;
}

void
kc_rest_auth_free(kc_rest_auth *a)
{
    if (a == NULL)
        return;
    for (size_t i = 0; i < a->n; i++) {
        pthread_mutex_destroy(&a->modules[i].lock);
        kc_props_free(&a->modules[i].users);
        free(a->modules[i].path);
    }
    free(a->modules);
    free(a);
}
