/*
 * lib/header_rules.c - see header_rules.h. Messages are Java's, word for word.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "lib/header_rules.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lib/configdef.h"

char **
kc_csv_split(const char *s, size_t *n)
{
    char **out = kc_xcalloc(strlen(s) + 2, sizeof(*out));
    char  *item = kc_xcalloc(strlen(s) + 1, 1);

    *n = 0;
    while (*s) {
        size_t len = 0;
        while (*s == ' ' || *s == '\t')
            s++;
        if (*s == '"') {
            for (s++; *s && *s != '"'; s++) {
                if (*s == '\\' && s[1])
                    s++;
                item[len++] = *s;
            }
            if (*s == '"')
                s++;
            while (*s && *s != ',')
                s++;
        } else {
            while (*s && *s != ',')
                item[len++] = *s++;
            while (len > 0 && (item[len - 1] == ' ' || item[len - 1] == '\t'))
                len--;
        }
        item[len] = '\0';
        if (len > 0)
            out[(*n)++] = kc_xstrdup(item);
        if (*s == ',')
            s++;
    }
    free(item);
    return out;
}

static char *
trimmed(const char *s, size_t len)
{
    while (len > 0 && (unsigned char) *s <= ' ') {
        s++;
        len--;
    }
    while (len > 0 && (unsigned char) s[len - 1] <= ' ')
        len--;
    return kc_xstrndup(s, len);
}

int
kc_header_rule_parse(const char *text, kc_header_rule *rule, kc_err *err)
{
    char       *t = trimmed(text, strlen(text)), *action, *pair, *colon, *name, *value, *end;
    const char *sp = t + strcspn(t, " \t\r\n\f\v");
    int         rc = KC_OK;

    memset(rule, 0, sizeof(*rule));
    if (*sp == '\0') {
        rc = kc_err_set(err, KC_EINVAL, "Invalid format of header config '%s'. Expected: "
                        "'[action] [header name]:[header value]'", text);
        free(t);
        return rc;
    }
    action = kc_xstrndup(t, (size_t) (sp - t));
    sp += strspn(sp, " \t\r\n\f\v");                /* Java splits on a run of blanks */
    pair = trimmed(sp, strlen(sp));
    colon = strchr(pair, ':');
    if (strcasecmp(action, "set") == 0) {
        rule->action = KC_HDR_SET;
    } else if (strcasecmp(action, "add") == 0) {
        rule->action = KC_HDR_ADD;
    } else if (strcasecmp(action, "setDate") == 0) {
        rule->action = KC_HDR_SET_DATE;
    } else if (strcasecmp(action, "addDate") == 0) {
        rule->action = KC_HDR_ADD_DATE;
    } else {
        rc = kc_err_set(err, KC_EINVAL, "Invalid header config action: '%s'. Expected one of "
                        "[set, add, setDate, addDate]", action);
    }
    /* Java splits the pair on every ':' and wants exactly two parts (a trailing empty part
     * does not count, so "name:" is refused too). */
    if (rc == KC_OK && (colon == NULL || strchr(colon + 1, ':') != NULL || colon[1] == '\0'))
        rc = kc_err_set(err, KC_EINVAL, "Invalid format of header name and header value pair "
                        "'%s'. Expected: '[header name]:[header value]'", sp);
    if (rc == KC_OK) {
        name = trimmed(pair, (size_t) (colon - pair));
        value = trimmed(colon + 1, strlen(colon + 1));
        if (*name == '\0' || strpbrk(name, " \t\r\n\f\v") != NULL) {
            rc = kc_err_set(err, KC_EINVAL, "Invalid header name '%s'. The '[header name]' "
                            "cannot contain whitespace", name);
        } else if (rule->action == KC_HDR_SET_DATE || rule->action == KC_HDR_ADD_DATE) {
            rule->date_offset_ms = strtoll(value, &end, 10);
            if (*value == '\0' || *end != '\0')
                rc = kc_err_set(err, KC_EINVAL, "Invalid date header value '%s': not a number "
                                "of milliseconds", value);
        }
        if (rc == KC_OK) {
            rule->name = name;
            rule->value = value;
        } else {
            free(name);
            free(value);
        }
    }
    free(action);
    free(pair);
    free(t);
    return rc;
}

int
kc_header_rules_check(const char *value, kc_err *err)
{
    size_t              n;
    char              **items;
    int                 rc = KC_OK;
    kc_header_rule rule;

    if (value == NULL)
        return KC_OK;
    items = kc_csv_split(value, &n);
    for (size_t i = 0; rc == KC_OK && i < n; i++) {
        rc = kc_header_rule_parse(items[i], &rule, err);
        free(rule.name);
        free(rule.value);
    }
    kc_strv_free(items);
    return rc;
}
