/*
 * lib/java_regex.h - Java regular expressions on PCRE2, and a Connect LIST of them joined
 * with '|' and matched against the whole name (MirrorMaker 2's topic and group filters,
 * KIP-158's topic creation groups).
 *
 * Compiled with PCRE2 after a small rewrite of the Java-only syntax PCRE2 lacks (see
 * java_regex.c). A compiled list is immutable: any thread may match with it concurrently.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_JAVA_REGEX_H
#define KC_JAVA_REGEX_H

#include <stdbool.h>
#include <stddef.h>

typedef struct kc_regex kc_regex;     /* opaque */

/* A Connect LIST value (Java ConfigDef parsing: trim; "" -> empty list; split on \s*,\s*
 * keeping trailing empties) compiled as all entries joined by '|' for FULL matching (Java
 * Matcher.matches()). Empty list -> *out = NULL (matches nothing). Bad regex -> -1 with a
 * message naming the entry and the PCRE2 error position. *out is new: kc_regex_free it. */
int  kc_regex_compile_list(const char *list, kc_regex **out, char *err, size_t errlen);
/* One Java regex (a STRING config such as Replicator's topic.regex: commas are part of the
 * pattern), compiled for full matching; errors as above. */
int  kc_regex_compile(const char *pattern, kc_regex **out, char *err, size_t errlen);
/* Whether subject matches as a whole; NULL re -> false. */
bool kc_regex_matches(const kc_regex *re, const char *subject);
void kc_regex_free(kc_regex *re);
/* Java's Matcher.replaceFirst: the first match found anywhere in subject (find(), not a
 * whole match) replaced as Java reads replacement ("$n" with as many digits as still name a
 * group, "${name}", "\x" for x). A new string (subject itself when nothing matches), or
 * NULL with Java's IllegalArgumentException/IndexOutOfBoundsException message in err. */
char *kc_regex_replace_first(const kc_regex *re, const char *subject, const char *replacement,
                             char *err, size_t errlen);

#endif
