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

int
kc_plugins_load(const kc_host *host, const char *path, kc_err *err)
{
    void                          *h;
    kc_connector_entry_fn         *entry;
    const kc_connector_ops *const *list;
    int                            n = 0;

    if ((h = dlopen(path, RTLD_NOW | RTLD_LOCAL)) == NULL)
        return kc_err_set(err, KC_EPLUGIN, "cannot load plugin %s: %s", path, dlerror());
    *(void **) &entry = dlsym(h, KC_CONNECTOR_ENTRY);
    if (entry == NULL) {
        dlclose(h);
        return kc_err_set(err, KC_EPLUGIN, "plugin %s has no %s symbol: not a kconnect "
                          "connector", path, KC_CONNECTOR_ENTRY);
    }
    if ((list = entry(host)) == NULL || list[0] == NULL) {
        dlclose(h);
        return kc_err_set(err, KC_EPLUGIN, "plugin %s offers no connector class", path);
    }
    for (; *list != NULL; list++) {
        if (add_class(*list, path, err) != KC_OK) {
            if (n == 0)
                dlclose(h);            /* nothing of it is in use yet */
            return KC_EPLUGIN;
        }
        n++;
        kc_log_info("plugins", "Loaded connector class %s %s from %s", (*list)->class_name,
                    (*list)->version ? (*list)->version : "", path);
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
    for (size_t i = 0; i < KC_ARRAY_LEN(builtins); i++)
        if (add_class(builtins[i], "built-in", &err) != KC_OK)
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
