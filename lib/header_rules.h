/*
 * lib/header_rules.h - response.http.headers.config: the rules Java's REST server applies to
 * every response ("set X-Frame-Options: DENY", "addDate Expires: 3600000", ...), parsed and
 * checked as Java's validator does. The worker checks the setting at start-up; rest/ applies
 * the rules. Pure functions: any thread.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_HEADER_RULES_H
#define KC_HEADER_RULES_H

#include <stddef.h>

#include "lib/common.h"

typedef struct kc_header_rule {
    enum { KC_HDR_SET, KC_HDR_ADD, KC_HDR_SET_DATE, KC_HDR_ADD_DATE } action;
    char     *name;
    char     *value;
    long long date_offset_ms;            /* *_DATE: the header is now + this, as an HTTP date */
} kc_header_rule;

/* Jetty's StringUtil.csvSplit: comma-separated, items trimmed, an item may be quoted
 * ("a, b" keeps its comma; \ escapes inside quotes). New strings, NULL-terminated (free
 * with kc_strv_free). */
char **kc_csv_split(const char *s, size_t *n);

/* Parses one rule "[action] [name]:[value]"; KC_EINVAL with Java's message if malformed. */
int kc_header_rule_parse(const char *text, kc_header_rule *rule, kc_err *err);

/* Checks a whole response.http.headers.config value (kc_csv_split, then each rule) as
 * Java's validator does; KC_EINVAL with its message. NULL is fine. */
int kc_header_rules_check(const char *value, kc_err *err);

#endif
