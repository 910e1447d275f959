/*
 * lib/props.h - Java .properties files, parsed as java.util.Properties.load() does.
 *
 * Rules (JDK Properties.load): natural lines end at \n, \r or \r\n; a line whose first
 * non-blank character is '#' or '!' is a comment; a line ending in an odd number of '\'
 * continues on the next one, whose leading blanks (space, \t, \f) are dropped; the key ends
 * at the first unescaped '=', ':' or blank, and blanks around the separator are skipped;
 * escapes \t \n \r \f \uXXXX, and '\' before any other character stands for that character.
 * The value keeps trailing blanks, as in Java (ConfigDef trims typed values later).
 *
 * Where kconnect differs, on purpose: bytes are read as UTF-8, not ISO-8859-1 (so a UTF-8
 * file means what its author typed); a NUL character is refused; a \uXXXX escape of a lone
 * UTF-16 surrogate becomes U+FFFD (UTF-8 cannot carry it).
 *
 * A kc_props owns its strings. Later keys replace earlier ones, keeping the later line.
 * Not thread-safe; built once, then read-only.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_PROPS_H
#define KC_PROPS_H

#include <stddef.h>

#include "lib/common.h"

typedef struct kc_prop {
    char *key;
    char *value;
    int   line;          /* first line of the entry in its file; 0 for overrides */
} kc_prop;

typedef struct kc_props {
    kc_prop *items;      /* in order of first appearance */
    size_t   n, cap;
    char    *origin;     /* file name, for messages ("worker.properties") */
} kc_props;

void kc_props_init(kc_props *p, const char *origin);
void kc_props_free(kc_props *p);

/* Parses len bytes of properties text into p (adding to what it holds).
 * On malformed input returns KC_EINVAL with "<origin>:<line>: ..." in err. */
int kc_props_parse(kc_props *p, const char *buf, size_t len, kc_err *err);

/* Reads and parses a file; p's origin becomes path. KC_EIO if it cannot be read. */
int kc_props_load_file(kc_props *p, const char *path, kc_err *err);

/* Sets key to value (copies both), replacing an existing entry. */
void kc_props_set(kc_props *p, const char *key, const char *value, int line);

/* Removes key if present; returns whether it was. */
int kc_props_unset(kc_props *p, const char *key);

/* Borrowed pointers into p, NULL when absent. */
const kc_prop *kc_props_find(const kc_props *p, const char *key);
const char *kc_props_get(const kc_props *p, const char *key);

/* "<origin>:<line>" for messages about key, or "<origin>" / "--override" (static buffer
 * per call site is not used: writes into buf, returns buf). */
const char *kc_props_where(const kc_props *p, const char *key, char *buf, size_t size);

#endif
