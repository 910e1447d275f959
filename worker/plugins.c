/*
 * worker/plugins.c - see plugins.h.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "worker/plugins.h"

#include <dirent.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lib/configdef.h"
#include "lib/log.h"

extern const kc_connector_ops kc_file_source_connector;
extern const kc_connector_ops kc_file_sink_connector;
extern const kc_connector_ops kc_mirror_source_connector;
extern const kc_connector_ops kc_mirror_checkpoint_connector;
extern const kc_connector_ops kc_mirror_heartbeat_connector;
extern const kc_connector_ops kc_replicator_connector;
extern const kc_connector_ops kc_emr_replicator_connector;

/* transforms/builtin.c */
extern const kc_transform_ops *const kc_builtin_transforms[];

static const kc_connector_ops *builtins[] = {
    &kc_file_source_connector,
    &kc_file_sink_connector,
    &kc_mirror_source_connector,
    &kc_mirror_checkpoint_connector,
    &kc_mirror_heartbeat_connector,
    &kc_replicator_connector,
    &kc_emr_replicator_connector,
};

#define MAX_CLASSES 256
static const kc_connector_ops *classes[MAX_CLASSES + 1];
static size_t                  nclasses;

static int
add_class(const kc_connector_ops *ops, const char *origin, kc_err *err)
{
    if (ops->abi < KC_CONNECTOR_ABI_MIN || ops->abi > KC_CONNECTOR_ABI || ops->class_name == NULL || ops->start == NULL ||
        ops->stop == NULL || ops->task_configs == NULL || ops->task == NULL ||
        ops->task->start == NULL || ops->task->stop == NULL || ops->task->destroy == NULL ||
        (ops->type == KC_CONNECTOR_SOURCE && ops->task->poll == NULL) ||
        (ops->type == KC_CONNECTOR_SINK && ops->task->put == NULL) ||
        (ops->type != KC_CONNECTOR_SOURCE && ops->type != KC_CONNECTOR_SINK))
        return kc_err_set(err, KC_EPLUGIN, "%s: connector class %s is not a kconnect connector "
                          "(ABI %d expected, got %d, or a required function is missing)",
                          origin, ops->class_name ? ops->class_name : "(unnamed)",
                          KC_CONNECTOR_ABI, ops->abi);
    if (kc_plugins_find(ops->class_name) != NULL)
        return kc_err_set(err, KC_EPLUGIN, "%s: connector class %s is already registered",
                          origin, ops->class_name);
    if (nclasses == MAX_CLASSES)
        return kc_err_set(err, KC_EPLUGIN, "%s: too many connector classes", origin);
    classes[nclasses++] = ops;
    return KC_OK;
}

#define MAX_TRANSFORMS 256
static const kc_transform_ops *transforms[MAX_TRANSFORMS + 1];
static size_t                  ntransforms;

static int
add_transform(const kc_transform_ops *ops, const char *origin, kc_err *err)
{
    if (ops->abi < 1 || ops->abi > KC_TRANSFORM_ABI || ops->class_name == NULL ||
        ops->configure == NULL || ops->close == NULL ||
        (ops->kind == KC_TRANSFORMATION ? ops->apply == NULL
         : ops->kind == KC_PREDICATE ? ops->test == NULL : true))
        return kc_err_set(err, KC_EPLUGIN, "%s: %s is not a kconnect transformation or "
                          "predicate (ABI %d expected, got %d, or a required function is "
                          "missing)", origin, ops->class_name ? ops->class_name : "(unnamed)",
                          KC_TRANSFORM_ABI, ops->abi);
    for (size_t i = 0; i < ntransforms; i++)
        if (strcmp(transforms[i]->class_name, ops->class_name) == 0)
            return kc_err_set(err, KC_EPLUGIN, "%s: %s is already registered", origin,
                              ops->class_name);
    if (ntransforms == MAX_TRANSFORMS)
        return kc_err_set(err, KC_EPLUGIN, "%s: too many transformations", origin);
    transforms[ntransforms++] = ops;
    return KC_OK;
}

int
kc_plugins_load(const kc_host *host, const char *path, kc_err *err)
{
    void                          *h;
    kc_connector_entry_fn         *entry;
    kc_transform_entry_fn         *tentry;
    const kc_connector_ops *const *list = NULL;
    const kc_transform_ops *const *tlist = NULL;
    int                            n = 0;

    if ((h = dlopen(path, RTLD_NOW | RTLD_LOCAL)) == NULL)
        return kc_err_set(err, KC_EPLUGIN, "cannot load plugin %s: %s", path, dlerror());
    *(void **) &entry = dlsym(h, KC_CONNECTOR_ENTRY);
    *(void **) &tentry = dlsym(h, KC_TRANSFORM_ENTRY);
    if (entry == NULL && tentry == NULL) {
        dlclose(h);
        return kc_err_set(err, KC_EPLUGIN, "plugin %s has no %s or %s symbol: not a kconnect "
                          "plugin", path, KC_CONNECTOR_ENTRY, KC_TRANSFORM_ENTRY);
    }
    if (entry != NULL)
        list = entry(host);
    if (tentry != NULL)
        tlist = tentry(host);
    if ((list == NULL || list[0] == NULL) && (tlist == NULL || tlist[0] == NULL)) {
        dlclose(h);
        return kc_err_set(err, KC_EPLUGIN, "plugin %s offers no connector class", path);
    }
    for (; list != NULL && *list != NULL; list++) {
        if (add_class(*list, path, err) != KC_OK) {
            if (n == 0)
                dlclose(h);            /* nothing of it is in use yet */
            return KC_EPLUGIN;
        }
        n++;
        kc_log_info("plugins", "Loaded connector class %s %s from %s", (*list)->class_name,
                    (*list)->version ? (*list)->version : "", path);
    }
    for (; tlist != NULL && *tlist != NULL; tlist++) {
        if (add_transform(*tlist, path, err) != KC_OK) {
            if (n == 0)
                dlclose(h);
            return KC_EPLUGIN;
        }
        n++;
        kc_log_info("plugins", "Loaded %s class %s %s from %s", (*tlist)->kind ==
                    KC_PREDICATE ? "predicate" : "transformation", (*tlist)->class_name,
                    (*tlist)->version ? (*tlist)->version : "", path);
    }
    return KC_OK;                      /* kept loaded for the life of the process */
}

static bool
ends_with(const char *s, const char *suffix)
{
    size_t a = strlen(s), b = strlen(suffix);

    return a >= b && strcmp(s + a - b, suffix) == 0;
}

static void
load_path(const kc_host *host, const char *path)
{
    struct stat st;
    kc_err      err;

    if (stat(path, &st) != 0) {
        kc_log_warn("plugins", "plugin.path entry %s does not exist", path);
        return;
    }
    if (S_ISDIR(st.st_mode)) {
        struct dirent **names;
        int             n = scandir(path, &names, NULL, alphasort);
        for (int i = 0; i < n; i++) {
            if (names[i]->d_name[0] != '.') {
                char *sub = kc_xasprintf("%s/%s", path, names[i]->d_name);
                struct stat sst;
                if (stat(sub, &sst) == 0 && (S_ISDIR(sst.st_mode) || ends_with(sub, ".so")))
                    load_path(host, sub);
                free(sub);
            }
            free(names[i]);
        }
        free(names);
    } else if (ends_with(path, ".so")) {
        if (kc_plugins_load(host, path, &err) != KC_OK)
            kc_log_error("plugins", "%s", err.msg);
    }
}

void
kc_plugins_init(const kc_host *host, char **plugin_path)
{
    kc_err err;

    nclasses = 0;
    ntransforms = 0;
    for (size_t i = 0; i < KC_ARRAY_LEN(builtins); i++)
        if (add_class(builtins[i], "built-in", &err) != KC_OK)
            kc_log_error("plugins", "%s", err.msg);
    for (size_t i = 0; kc_builtin_transforms[i] != NULL; i++)
        if (add_transform(kc_builtin_transforms[i], "built-in", &err) != KC_OK)
            kc_log_error("plugins", "%s", err.msg);
    for (char **p = plugin_path; p != NULL && *p != NULL; p++)
        load_path(host, *p);
}

const kc_connector_ops *
kc_plugins_find(const char *name)
{
    char                   *n = kc_java_trim(name);
    const kc_connector_ops *found = NULL;

    for (size_t i = 0; i < nclasses && found == NULL; i++) {
        if (strcmp(classes[i]->class_name, n) == 0)
            found = classes[i];
        for (const char *const *a = classes[i]->aliases; a && *a && !found; a++)
            if (strcmp(*a, n) == 0)
                found = classes[i];
    }
    free(n);
    return found;
}

const kc_connector_ops *const *
kc_plugins_all(size_t *n)
{
    *n = nclasses;
    classes[nclasses] = NULL;
    return classes;
}

char *
kc_plugins_unknown_message(const char *cls, const char *prefix)
{
    size_t                         n;
    const kc_connector_ops *const *all = kc_plugins_all(&n);
    const kc_connector_ops        *sorted[n + 1];
    char                          *msg, *next;

    /* Java lists them sorted by class name. */
    memcpy(sorted, all, n * sizeof(*sorted));
    for (size_t i = 1; i < n; i++)
        for (size_t j = i; j > 0 && strcmp(sorted[j - 1]->class_name, sorted[j]->class_name) > 0;
             j--) {
            const kc_connector_ops *t = sorted[j];
            sorted[j] = sorted[j - 1];
            sorted[j - 1] = t;
        }
    msg = kc_xasprintf("%sFailed to find any class that implements Connector and which name "
                       "matches %s, available connectors are: ", prefix, cls);
    for (size_t i = 0; i < n; i++) {
        const char *type = sorted[i]->type == KC_CONNECTOR_SINK ? "sink" : "source";
        const char *ver = sorted[i]->version ? sorted[i]->version : "undefined";
        next = kc_xasprintf("%s%sPluginDesc{klass=class %s, name='%s', version='%s', "
                            "encodedVersion=%s, type=%s, typeName='%s', location='classpath'}",
                            msg, i ? ", " : "", sorted[i]->class_name, sorted[i]->class_name,
                            ver, ver, type, type);
        free(msg);
        msg = next;
    }
    return msg;
}

const kc_transform_ops *
kc_plugins_transform(const char *name, int kind)
{
    char                   *n = kc_java_trim(name);
    const kc_transform_ops *found = NULL;

    /* The class name, or for a top-level class its simple name (Java's alias); a nested
     * class ($Key, $Value) has no alias. */
    for (size_t i = 0; i < ntransforms && found == NULL; i++) {
        const char *cls = transforms[i]->class_name, *dot = strrchr(cls, '.');
        if (transforms[i]->kind != kind)
            continue;
        if (strcmp(cls, n) == 0 ||
            (dot != NULL && strchr(dot, '$') == NULL && strcmp(dot + 1, n) == 0))
            found = transforms[i];
    }
    free(n);
    return found;
}

const kc_transform_ops *const *
kc_plugins_transforms(size_t *n)
{
    *n = ntransforms;
    transforms[ntransforms] = NULL;
    return transforms;
}
