/*
 * connectors/mirror/mirror_policy.c - MirrorMaker 2's replication policies (Kafka's
 * DefaultReplicationPolicy and IdentityReplicationPolicy, as shipped in 4.3).
 *
 * Java splits a topic name on the separator with String.split semantics: a leading empty part
 * is kept, trailing empty parts are dropped, and a name is remote when two or more parts remain.
 * So "A.orders" came from A, ".hidden" from "", and "A." or "A.." from nobody. An empty
 * separator (which Java accepts) splits between characters: every name of two or more
 * characters is remote, its source being the first character.
 *
 * A policy is immutable after kc_mirror_policy_init: any thread may read it.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "connectors/mirror/mirror_policy.h"
#include "lib/wire.h"
#include "lib/common.h"

#define HEARTBEATS "heartbeats"

static const char *const default_names[] = {
    "org.apache.kafka.connect.mirror.DefaultReplicationPolicy", "DefaultReplicationPolicy",
};
static const char *const identity_names[] = {
    "org.apache.kafka.connect.mirror.IdentityReplicationPolicy", "IdentityReplicationPolicy",
};

static bool
name_in(const char *s, size_t n, const char *const *names, size_t count)
{
    for (size_t i = 0; i < count; i++)
        if (strlen(names[i]) == n && memcmp(names[i], s, n) == 0)
            return true;
    return false;
}

/* Java's String.trim(): strips code points <= U+0020 at both ends. */
static void
java_trim(const char *s, const char **start, size_t *len)
{
    size_t n = strlen(s);

    while (n > 0 && (unsigned char) *s <= ' ') {
        s++;
        n--;
    }
    while (n > 0 && (unsigned char) s[n - 1] <= ' ')
        n--;
    *start = s;
    *len = n;
}

/* A config value that must be a string when present: 1 present, 0 absent, -1 not a string. */
static int
config_string(const json_t *config, const char *key, const char **out, char *err, size_t errlen)
{
    const json_t *v = config != NULL ? json_object_get(config, key) : NULL;
    char         *text;

    *out = NULL;
    if (v == NULL)
        return 0;
    if (json_is_string(v)) {
        *out = json_string_value(v);
        return 1;
    }
    text = json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT);
    snprintf(err, errlen, "Invalid value %s for configuration %s: Expected a string",
             text != NULL ? text : "?", key);
    free(text);
    return -1;
}

int
kc_mirror_policy_init(kc_mirror_policy *p, const json_t *config, char *err, size_t errlen)
{
    const char *cls, *sep, *flag, *alias, *name;
    size_t      n;
    int         rc;

    memset(p, 0, sizeof(*p));
    p->internal_separator = true;
    if ((rc = config_string(config, KC_MIRROR_POLICY_CLASS_KEY, &cls, err, errlen)) < 0)
        goto fail;
    if (rc > 0) {
        java_trim(cls, &name, &n);
        if (name_in(name, n, identity_names, KC_ARRAY_LEN(identity_names))) {
            p->identity = true;
        } else if (!name_in(name, n, default_names, KC_ARRAY_LEN(default_names))) {
            snprintf(err, errlen, "Invalid value %s for configuration %s: Class %s could not "
                     "be found.", cls, KC_MIRROR_POLICY_CLASS_KEY, cls);      /* Java's words */
            goto fail;
        }
    }
    /* DefaultReplicationPolicy.configure(): the flag is only looked at with a separator. */
    if ((rc = config_string(config, KC_MIRROR_POLICY_SEPARATOR_KEY, &sep, err, errlen)) < 0)
        goto fail;
    p->separator = kc_xstrdup(rc > 0 ? sep : ".");
    if (rc > 0) {
        if (config_string(config, KC_MIRROR_POLICY_INTERNAL_SEP_KEY, &flag, err, errlen) < 0)
            goto fail;
        if (flag != NULL)
            p->internal_separator = strcasecmp(flag, "true") == 0;
    }
    if (p->identity) {
        if (config_string(config, KC_MIRROR_POLICY_SOURCE_ALIAS_KEY, &alias, err, errlen) < 0)
            goto fail;
        if (alias != NULL)
            p->source_alias = kc_xstrdup(alias);
    }
    return 0;
fail:
    kc_mirror_policy_free(p);
    return -1;
}

void
kc_mirror_policy_free(kc_mirror_policy *p)
{
    if (p == NULL)
        return;
    free(p->separator);
    free(p->source_alias);
    free(p->rename_format);
    memset(p, 0, sizeof(*p));
}

void
kc_mirror_policy_init_rename(kc_mirror_policy *p, const char *format, const char *source_alias)
{
    memset(p, 0, sizeof(*p));
    p->internal_separator = true;
    p->separator = kc_xstrdup(".");
    p->rename_format = kc_xstrdup(format);
    p->source_alias = source_alias != NULL ? kc_xstrdup(source_alias) : NULL;
}

#define PLACEHOLDER "${topic}"

static char *
rename_apply(const char *format, const char *topic)
{
    kc_wbuf     out;
    const char *s = format, *hit;
    char       *res;

    kc_wbuf_init(&out);
    while ((hit = strstr(s, PLACEHOLDER)) != NULL) {
        kc_wbuf_raw(&out, s, (size_t) (hit - s));
        kc_wbuf_raw(&out, topic, strlen(topic));
        s = hit + strlen(PLACEHOLDER);
    }
    kc_wbuf_raw(&out, s, strlen(s) + 1);
    res = kc_xstrdup((const char *) out.buf);
    kc_wbuf_free(&out);
    return res;
}

/* The name whose image under the format is topic (new string), "" for a format without a
 * placeholder that names exactly topic, NULL when topic is no image. Every occurrence
 * stands for the same name, so its length follows from the lengths alone. */
static char *
rename_invert(const char *format, const char *topic)
{
    size_t      k = 0, literal = strlen(format), n = strlen(topic), len;
    const char *s = format, *first;
    char       *name, *image;

    while ((s = strstr(s, PLACEHOLDER)) != NULL) {
        k++;
        literal -= strlen(PLACEHOLDER);
        s += strlen(PLACEHOLDER);
    }
    if (k == 0)
        return strcmp(format, topic) == 0 ? kc_xstrdup("") : NULL;
    if (n <= literal || (n - literal) % k != 0)
        return NULL;
    len = (n - literal) / k;
    first = strstr(format, PLACEHOLDER);
    name = kc_xstrndup(topic + (first - format), len);
    image = rename_apply(format, name);
    if (strcmp(image, topic) != 0) {
        free(name);
        name = NULL;
    }
    free(image);
    return name;
}

static const char *
sep_of(const kc_mirror_policy *p)
{
    return p->separator != NULL ? p->separator : ".";
}

/* The separator in internal topic names (KIP-949). */
static const char *
isep_of(const kc_mirror_policy *p)
{
    return p->internal_separator ? sep_of(p) : ".";
}

static bool
ends_with(const char *s, size_t n, const char *suffix)
{
    size_t m = strlen(suffix);
    return n >= m && memcmp(s + n - m, suffix, m) == 0;
}

static bool
starts_with(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* Identity: a name ending in "heartbeats" is still renamed, as Default does. */
static bool
looks_like_heartbeat(const char *topic)
{
    return topic != NULL && ends_with(topic, strlen(topic), HEARTBEATS);
}

/* Length of the source part of topic under Default rules, or -1 when it has none. */
static long
default_source_len(const kc_mirror_policy *p, const char *topic)
{
    const char *sep = sep_of(p), *hit, *rest;
    size_t      n = strlen(sep);

    if (n == 0) {
        /* Split between characters: the first (UTF-8) character, if another follows. */
        size_t len = 1;
        if (*topic == '\0')
            return -1;
        while ((topic[len] & 0xc0) == 0x80)
            len++;
        return topic[len] != '\0' ? (long) len : -1;
    }
    if ((hit = strstr(topic, sep)) == NULL)
        return -1;
    /* Two parts remain unless everything after the first separator is more separators. */
    for (rest = hit + n; strncmp(rest, sep, n) == 0; rest += n)
        ;
    return *rest != '\0' ? (long) (hit - topic) : -1;
}

char *
kc_mirror_format_remote_topic(const kc_mirror_policy *p, const char *alias, const char *topic)
{
    if (p->rename_format != NULL)
        return rename_apply(p->rename_format, topic);
    if (p->identity && !looks_like_heartbeat(topic))
        return kc_xstrdup(topic);
    return kc_xasprintf("%s%s%s", alias, sep_of(p), topic);
}

char *
kc_mirror_topic_source(const kc_mirror_policy *p, const char *topic)
{
    long n;

    if (p->rename_format != NULL) {
        char *up = rename_invert(p->rename_format, topic);
        bool  ours = up != NULL && p->source_alias != NULL;
        free(up);
        return ours ? kc_xstrdup(p->source_alias) : NULL;
    }
    if (p->identity && !looks_like_heartbeat(topic))
        return p->source_alias != NULL ? kc_xstrdup(p->source_alias) : NULL;
    if ((n = default_source_len(p, topic)) < 0)
        return NULL;
    return kc_xstrndup(topic, (size_t) n);
}

char *
kc_mirror_upstream_topic(const kc_mirror_policy *p, const char *topic)
{
    long n;

    if (p->rename_format != NULL) {
        char *up = rename_invert(p->rename_format, topic);
        if (up != NULL && *up == '\0') {            /* no placeholder: unknown */
            free(up);
            up = NULL;
        }
        return up;
    }
    if (p->identity && !looks_like_heartbeat(topic))
        return kc_xstrdup(topic);
    if ((n = default_source_len(p, topic)) < 0)
        return NULL;
    return kc_xstrdup(topic + n + strlen(sep_of(p)));
}

char *
kc_mirror_original_topic(const kc_mirror_policy *p, const char *topic)
{
    char *cur = kc_xstrdup(topic), *up;

    /* Each step strips a source prefix, so the names shrink until one has no upstream. */
    while ((up = kc_mirror_upstream_topic(p, cur)) != NULL && strcmp(up, cur) != 0) {
        free(cur);
        cur = up;
    }
    free(up);
    return cur;
}

char *
kc_mirror_offset_syncs_topic(const kc_mirror_policy *p, const char *alias)
{
    const char *isep = isep_of(p);
    return kc_xasprintf("mm2-offset-syncs%s%s%sinternal", isep, alias, isep);
}

char *
kc_mirror_checkpoints_topic(const kc_mirror_policy *p, const char *alias)
{
    const char *isep = isep_of(p);
    return kc_xasprintf("%s%scheckpoints%sinternal", alias, isep, isep);
}

const char *
kc_mirror_heartbeats_topic(const kc_mirror_policy *p)
{
    (void) p;
    return HEARTBEATS;
}

bool
kc_mirror_is_heartbeats_topic(const kc_mirror_policy *p, const char *topic)
{
    char *orig = kc_mirror_original_topic(p, topic);
    bool  yes = strcmp(orig, HEARTBEATS) == 0;

    free(orig);
    return yes;
}

/* Ends with <isep>internal; *rest_len is then the length before that suffix. */
static bool
ends_with_internal(const kc_mirror_policy *p, const char *topic, size_t n, size_t *rest_len)
{
    const char *isep = isep_of(p);
    size_t      m = strlen(isep);

    if (!ends_with(topic, n, "internal"))
        return false;
    n -= strlen("internal");
    if (!ends_with(topic, n, isep))
        return false;
    *rest_len = n - m;
    return true;
}

bool
kc_mirror_is_checkpoints_topic(const kc_mirror_policy *p, const char *topic)
{
    const char *isep = isep_of(p);
    size_t      n;

    /* Suffix <isep>checkpoints<isep>internal. */
    if (!ends_with_internal(p, topic, strlen(topic), &n) || !ends_with(topic, n, "checkpoints"))
        return false;
    return ends_with(topic, n - strlen("checkpoints"), isep);
}

bool
kc_mirror_is_mm2_internal_topic(const kc_mirror_policy *p, const char *topic)
{
    size_t n;

    return (starts_with(topic, "mm2") && ends_with_internal(p, topic, strlen(topic), &n)) ||
           kc_mirror_is_checkpoints_topic(p, topic);
}

bool
kc_mirror_is_internal_topic(const kc_mirror_policy *p, const char *topic)
{
    return kc_mirror_is_mm2_internal_topic(p, topic) || starts_with(topic, "__") ||
           starts_with(topic, ".");
}

bool
kc_mirror_is_cycle(const kc_mirror_policy *p, const char *target_alias, const char *topic)
{
    char *cur = kc_xstrdup(topic), *src, *up;
    bool  cycle = false;

    for (;;) {
        if ((src = kc_mirror_topic_source(p, cur)) == NULL)
            break;
        cycle = strcmp(src, target_alias) == 0;
        free(src);
        if (cycle)
            break;
        up = kc_mirror_upstream_topic(p, cur);
        if (up == NULL || strcmp(up, cur) == 0) {
            free(up);
            break;
        }
        free(cur);
        cur = up;
    }
    free(cur);
    return cycle;
}
