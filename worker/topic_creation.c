/*
 * worker/topic_creation.c - see topic_creation.h.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "worker/topic_creation.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/java_regex.h"
#include "lib/configdef.h"
#include "worker/kafka.h"
#include "lib/log.h"
#include "lib/props.h"

#define PREFIX          "topic.creation."
#define DEFAULT_GROUP   "default"
#define TIMEOUT_MS      60000      /* Java's admin default.api.timeout.ms */

/* One group (TopicCreationGroup): which topics it takes and how it creates them. */
typedef struct group {
    char     *name;
    kc_regex *include, *exclude;     /* NULL: matches nothing */
    int       partitions;            /* -1: the broker's default */
    int       replication_factor;    /* -1: the broker's default */
    kc_props  configs;               /* topic configs, in the connector config's order */
} group;

struct kc_topic_creation {
    char   *label;
    group   fallback;                /* the default group */
    group  *groups;                  /* topic.creation.groups, in their order */
    size_t  ngroups;
    char  **known;                   /* topics seen to exist (TopicCreation's topicCache) */
    size_t  nknown;
};

static const char *
setting(const json_t *config, const char *key)
{
    return json_string_value(json_object_get(config, key));
}

/* A SHORT or INT setting as ConfigDef types it, then TopicCreationConfig's validator (-1 or
 * at least 1), which is KC_VAL_PARTITIONS. dflt NULL: required. */
static int
number(const json_t *config, const char *key, bool is_short, const char *dflt, int *out,
       kc_err *err)
{
    const kc_cfg_def def = { .name = key, .type = is_short ? KC_CFG_SHORT : KC_CFG_INT,
                             .dflt = dflt, .required = dflt == NULL,
                             .validator = KC_VAL_PARTITIONS };
    const char      *raw = setting(config, key);
    char            *trimmed;

    if (kc_cfg_check(&def, raw, err) != KC_OK)
        return KC_EINVAL;
    trimmed = kc_java_trim(raw ? raw : dflt);
    *out = (int) strtol(trimmed, NULL, 10);           /* checked above */
    free(trimmed);
    return KC_OK;
}

static int
patterns(const json_t *config, const char *key, kc_regex **out, kc_err *err)
{
    const char *list = setting(config, key);
    char        why[512];

    *out = NULL;
    if (list == NULL || kc_regex_compile_list(list, out, why, sizeof(why)) == 0)
        return KC_OK;
    return kc_err_set(err, KC_EINVAL, "Invalid value %s for configuration %s: Syntax error in "
                      "regular expression: %s", list, key, why);
}

/* The group's settings; a named group's factor and partitions default to the default
 * group's. The default group's include/exclude are ignored, as Java drops them. */
static int
group_init(group *g, const char *name, const json_t *config, const group *fallback, kc_err *err)
{
    char       *prefix = kc_xasprintf(PREFIX "%s.", name);
    size_t      plen = strlen(prefix);
    char        key[512];
    const char *k;
    json_t     *v;
    char        rf[16], parts[16];
    int         rc = KC_OK;

    g->name = kc_xstrdup(name);
    kc_props_init(&g->configs, "topic creation");
    if (fallback != NULL) {
        snprintf(rf, sizeof(rf), "%d", fallback->replication_factor);
        snprintf(parts, sizeof(parts), "%d", fallback->partitions);
        snprintf(key, sizeof(key), "%sinclude", prefix);
        if ((rc = patterns(config, key, &g->include, err)) != KC_OK)
            goto out;
        snprintf(key, sizeof(key), "%sexclude", prefix);
        if ((rc = patterns(config, key, &g->exclude, err)) != KC_OK)
            goto out;
    }
    snprintf(key, sizeof(key), "%sreplication.factor", prefix);
    if ((rc = number(config, key, true, fallback ? rf : NULL, &g->replication_factor,
                     err)) != KC_OK)
        goto out;
    snprintf(key, sizeof(key), "%spartitions", prefix);
    if ((rc = number(config, key, false, fallback ? parts : NULL, &g->partitions, err)) != KC_OK)
        goto out;
    json_object_foreach((json_t *) config, k, v) {
        const char *rest;
        if (strncmp(k, prefix, plen) != 0 || !json_is_string(v))
            continue;
        rest = k + plen;
        if (strcmp(rest, "include") != 0 && strcmp(rest, "exclude") != 0 &&
            strcmp(rest, "replication.factor") != 0 && strcmp(rest, "partitions") != 0)
            kc_props_set(&g->configs, rest, json_string_value(v), 0);
    }
out:
    free(prefix);
    return rc;
}

static void
group_free(group *g)
{
    free(g->name);
    kc_regex_free(g->include);
    kc_regex_free(g->exclude);
    kc_props_free(&g->configs);
}

int
kc_topic_creation_new(bool worker_enabled, const json_t *config, const char *label,
                      kc_topic_creation **out, kc_err *err)
{
    kc_topic_creation *tc;
    const char        *k, *list;
    json_t            *v;
    bool               used = false, duplicate = false;
    char             **names;
    size_t             n;

    *out = NULL;
    json_object_foreach((json_t *) config, k, v)
        used = used || strncmp(k, PREFIX, strlen(PREFIX)) == 0;
    if (!worker_enabled || !used)
        return KC_OK;
    list = setting(config, PREFIX "groups");
    names = kc_cfg_split_list(list ? list : "", &n);
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++)
            duplicate = duplicate || strcmp(names[i], names[j]) == 0;
    if (duplicate) {
        /* Java prints the list as a List: [a, b, a]. */
        char *shown = kc_xstrdup("");
        for (size_t m = 0; m < n; m++) {
            char *next = kc_xasprintf("%s%s%s", shown, m ? ", " : "", names[m]);
            free(shown);
            shown = next;
        }
        kc_err_set(err, KC_EINVAL, "Invalid value [%s] for configuration " PREFIX "groups: "
                   "Duplicate alias provided.", shown);
        free(shown);
        kc_strv_free(names);
        return KC_EINVAL;
    }
    tc = kc_xcalloc(1, sizeof(*tc));
    tc->label = kc_xstrdup(label);
    tc->groups = kc_xcalloc(n + 1, sizeof(*tc->groups));
    if (group_init(&tc->fallback, DEFAULT_GROUP, config, NULL, err) != KC_OK)
        goto fail;
    for (size_t i = 0; i < n; i++) {
        if (strcmp(names[i], DEFAULT_GROUP) == 0) {
            kc_log_warn("task", "[%s] '%s' topic creation group always exists and does not "
                        "need to be listed explicitly", label, DEFAULT_GROUP);
            continue;
        }
        if (group_init(&tc->groups[tc->ngroups++], names[i], config, &tc->fallback, err) !=
            KC_OK)
            goto fail;
    }
    kc_strv_free(names);
    *out = tc;
    return KC_OK;
fail:
    kc_strv_free(names);
    kc_topic_creation_free(tc);
    return KC_EINVAL;
}

void
kc_topic_creation_free(kc_topic_creation *tc)
{
    if (tc == NULL)
        return;
    group_free(&tc->fallback);
    for (size_t i = 0; i < tc->ngroups; i++)
        group_free(&tc->groups[i]);
    free(tc->groups);
    for (size_t i = 0; i < tc->nknown; i++)
        free(tc->known[i]);
    free(tc->known);
    free(tc->label);
    free(tc);
}

static void
remember(kc_topic_creation *tc, const char *topic)
{
    tc->known = kc_xrealloc(tc->known, (tc->nknown + 1) * sizeof(*tc->known));
    tc->known[tc->nknown++] = kc_xstrdup(topic);
}

/* NewTopic.toString(), for the log and the failure. */
static char *
describe(const char *topic, const group *g)
{
    char  parts[16], rf[16];
    char *configs = kc_xstrdup(""), *out;

    for (size_t i = 0; i < g->configs.n; i++) {
        char *next = kc_xasprintf("%s%s%s=%s", configs, i ? ", " : "", g->configs.items[i].key,
                                  g->configs.items[i].value);
        free(configs);
        configs = next;
    }
    snprintf(parts, sizeof(parts), "%d", g->partitions);
    snprintf(rf, sizeof(rf), "%d", g->replication_factor);
    out = kc_xasprintf("(name=%s, numPartitions=%s, replicationFactor=%s, "
                       "replicasAssignments=null, configs={%s})", topic,
                       g->partitions < 0 ? "default" : parts,
                       g->replication_factor < 0 ? "default" : rf, configs);
    free(configs);
    return out;
}

static const group *
group_for(const kc_topic_creation *tc, const char *topic)
{
    for (size_t i = 0; i < tc->ngroups; i++)
        if (!kc_regex_matches(tc->groups[i].exclude, topic) &&
            kc_regex_matches(tc->groups[i].include, topic))
            return &tc->groups[i];
    return &tc->fallback;
}

const char *
kc_topic_creation_group_of(const kc_topic_creation *tc, const char *topic)
{
    return group_for(tc, topic)->name;
}

int
kc_topic_creation_ensure(kc_topic_creation *tc, rd_kafka_t *admin, const char *topic,
                         kc_err *err)
{
    const group *g;
    bool         created = false;
    int          partitions = -1, rc;
    kc_err       why;
    char        *shown;

    for (size_t i = 0; i < tc->nknown; i++)
        if (strcmp(tc->known[i], topic) == 0)
            return KC_OK;
    kc_log_info("task", "[%s] The task will send records to topic '%s' for the first time. "
                "Checking whether topic exists", tc->label, topic);
    if (kc_kafka_topic_partitions(admin, topic, TIMEOUT_MS, &partitions, &why) == KC_OK &&
        partitions > 0) {
        kc_log_info("task", "[%s] Topic '%s' already exists.", tc->label, topic);
        remember(tc, topic);
        return KC_OK;
    }
    kc_log_info("task", "[%s] Creating topic '%s'", tc->label, topic);
    g = group_for(tc, topic);
    shown = describe(topic, g);
    rc = kc_kafka_create_topic(admin, topic, g->partitions, g->replication_factor,
                               g->configs.n > 0 ? &g->configs : NULL, TIMEOUT_MS, &created,
                               &why);
    if (rc == KC_OK) {
        remember(tc, topic);
        if (created)
            kc_log_info("task", "[%s] Created topic '%s' using creation group %s", tc->label,
                        shown, g->name);
        else
            kc_log_info("task", "[%s] Found existing topic '%s'", tc->label, shown);
    } else if (rc == KC_EKAFKA) {
        /* Refused (not authorized, an old broker): Java's failure for a topic still absent. */
        kc_log_warn("task", "[%s] Request to create new topic '%s' failed: %s", tc->label,
                    topic, why.msg);
        kc_err_set(err, rc, "Task failed to create new topic %s. Ensure that the task is "
                   "authorized to create topics or that the topic exists and restart the task",
                   shown);
    } else {
        *err = why;                      /* Java's TopicAdmin words, from kc_kafka */
    }
    free(shown);
    return rc;
}
