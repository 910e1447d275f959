/*
 * lib/jaas.h - JAAS login configuration files, read as the JDK's ConfigFile reads them.
 *
 * The format (what -Djava.security.auth.login.config names):
 *
 *   // a comment (so is a block between slash-star and star-slash)
 *   KafkaConnect {
 *       org.apache.kafka.connect.rest.basic.auth.extension.PropertyFileLoginModule required
 *           file="/etc/kafka/connect.password" debug=true;
 *   };
 *
 * Tokens as java.io.StreamTokenizer makes them with ConfigFile's settings (where a lone '/'
 * also starts a comment to the end of its line, so a path must be quoted): words of letters,
 * digits, '.', '$', '_', '-', '*' and characters from U+00A0 up, which do not start with a
 * digit, '.' or '-' (those start a number, which no rule accepts); "double-quoted" strings
 * with Java's escapes (\n, \t, \123, \" ...) that end at the quote or the line's end. A
 * module's class name, control flag (required, requisite, sufficient, optional; any case),
 * option keys and values are each a word or a quoted string. Option values expand ${prop}
 * (and ${/} to '/') as Java's PropertyExpander does, from the caller's properties; an
 * unknown property is an error, as an empty result is. A name given twice is an error.
 *
 * Bytes are UTF-8 (malformed sequences read as U+FFFD, as Java's reader does); a NUL in a
 * quoted string is refused (C strings cannot carry it).
 *
 * A kc_jaas owns its strings; built once, then read-only (any thread may read it).
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_JAAS_H
#define KC_JAAS_H

#include <stddef.h>

#include "lib/common.h"
#include "lib/props.h"

typedef enum {
    KC_JAAS_REQUIRED,
    KC_JAAS_REQUISITE,
    KC_JAAS_SUFFICIENT,
    KC_JAAS_OPTIONAL,
} kc_jaas_flag;

typedef struct kc_jaas_module {
    char         *class_name;
    kc_jaas_flag  flag;
    kc_props      options;      /* a key given twice keeps its last value, as Java's map */
    int           line;         /* where the class name is */
} kc_jaas_module;

typedef struct kc_jaas_entry {
    char           *name;       /* NULL when the name was not a word or a string (Java: null) */
    kc_jaas_module *modules;
    size_t          nmodules;
    int             line;
} kc_jaas_entry;

typedef struct kc_jaas {
    kc_jaas_entry *entries;     /* in file order */
    size_t         n;
    char          *origin;      /* the file, for messages */
} kc_jaas;

/* A Java system property by name for ${name}; NULL when it is not defined. */
typedef const char *(*kc_jaas_property_fn)(void *arg, const char *name);

void kc_jaas_init(kc_jaas *j, const char *origin);
void kc_jaas_free(kc_jaas *j);

/* Parses len bytes of a JAAS file into j. KC_EINVAL with "<origin>:<line>: ..." (Java's
 * words) on malformed input; j then holds the entries before the faulty one. */
int kc_jaas_parse(kc_jaas *j, const char *text, size_t len, kc_jaas_property_fn prop,
                  void *arg, kc_err *err);

/* Reads and parses a file; j's origin becomes path. KC_EIO when it cannot be read. */
int kc_jaas_load_file(kc_jaas *j, const char *path, kc_jaas_property_fn prop, void *arg,
                      kc_err *err);

/* The entry called name with at least one module, as Configuration.getAppConfigurationEntry
 * finds it (an empty entry counts as none); NULL if none. Borrowed. */
const kc_jaas_entry *kc_jaas_entry_get(const kc_jaas *j, const char *name);

/* "required", ... */
const char *kc_jaas_flag_name(kc_jaas_flag flag);

/* PropertyExpander.expand: each ${name} replaced by prop(name) (${/} by "/", ${{...}} kept);
 * a '${' without its '}' is kept as text. *out: a new string. KC_EINVAL "unable to expand
 * property <name>" when prop knows no such property. */
int kc_jaas_expand(const char *value, kc_jaas_property_fn prop, void *arg, char **out,
                   kc_err *err);

#endif
