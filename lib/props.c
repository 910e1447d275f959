/*
 * lib/props.c - the Java .properties parser; see props.h for the rules.
 *
 * Two passes per entry, as the JDK does: LineReader joins natural lines into a logical line
 * (escapes still in place), then the key/value split and unescaping run on that line.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "lib/props.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define IS_BLANK(c) ((c) == ' ' || (c) == '\t' || (c) == '\f')
#define IS_EOL(c)   ((c) == '\n' || (c) == '\r')

void
kc_props_init(kc_props *p, const char *origin)
{
    memset(p, 0, sizeof(*p));
    p->origin = kc_xstrdup(origin ? origin : "properties");
}

void
kc_props_free(kc_props *p)
{
    for (size_t i = 0; i < p->n; i++) {
        free(p->items[i].key);
        free(p->items[i].value);
    }
    free(p->items);
    free(p->origin);
    memset(p, 0, sizeof(*p));
}

const kc_prop *
kc_props_find(const kc_props *p, const char *key)
{
    for (size_t i = 0; i < p->n; i++)
        if (strcmp(p->items[i].key, key) == 0)
            return &p->items[i];
    return NULL;
}

const char *
kc_props_get(const kc_props *p, const char *key)
{
    const kc_prop *e = kc_props_find(p, key);

    return e ? e->value : NULL;
}

static void
props_put(kc_props *p, char *key, char *value, int line)   /* steals key and value */
{
    for (size_t i = 0; i < p->n; i++) {
        if (strcmp(p->items[i].key, key) == 0) {
            free(p->items[i].value);
            free(key);
            p->items[i].value = value;
            p->items[i].line = line;
            return;
        }
    }
    if (p->n == p->cap) {
        p->cap = p->cap ? p->cap * 2 : 32;
        p->items = kc_xrealloc(p->items, p->cap * sizeof(*p->items));
    }
    p->items[p->n++] = (kc_prop) { .key = key, .value = value, .line = line };
}

void
kc_props_set(kc_props *p, const char *key, const char *value, int line)
{
    props_put(p, kc_xstrdup(key), kc_xstrdup(value), line);
}

int
kc_props_unset(kc_props *p, const char *key)
{
    for (size_t i = 0; i < p->n; i++) {
        if (strcmp(p->items[i].key, key) == 0) {
            free(p->items[i].key);
            free(p->items[i].value);
            memmove(&p->items[i], &p->items[i + 1], (p->n - i - 1) * sizeof(*p->items));
            p->n--;
            return 1;
        }
    }
    return 0;
}

const char *
kc_props_where(const kc_props *p, const char *key, char *buf, size_t size)
{
    const kc_prop *e = kc_props_find(p, key);

    if (e != NULL && e->line > 0)
        snprintf(buf, size, "%s:%d", p->origin, e->line);
    else if (e != NULL)
        snprintf(buf, size, "--override %s", key);
    else
        snprintf(buf, size, "%s", p->origin);
    return buf;
}

/* ===== Unescaping ===== */

static int
hex4(const char *s, size_t avail, unsigned *out)
{
    unsigned v = 0;

    if (avail < 4)
        return -1;
    for (int i = 0; i < 4; i++) {
        char c = s[i];
        v <<= 4;
        if (c >= '0' && c <= '9')
            v |= (unsigned) (c - '0');
        else if (c >= 'a' && c <= 'f')
            v |= (unsigned) (c - 'a' + 10);
        else if (c >= 'A' && c <= 'F')
            v |= (unsigned) (c - 'A' + 10);
        else
            return -1;
    }
    *out = v;
    return 0;
}

/* Java's loadConvert: s[0..n) with escapes -> a new NUL-terminated UTF-8 string.
 * A \uXXXX escape of a surrogate pair becomes one code point; a lone surrogate becomes
 * U+FFFD (UTF-8 cannot carry it). */
static int
unescape(const char *s, size_t n, char **out, const char **what)
{
    char  *d = kc_xmalloc(n * 2 + 4);      /* \uXXXX (6 bytes) -> at most 4 */
    size_t i = 0, o = 0;

    while (i < n) {
        char c = s[i++];
        if (c != '\\') {
            if (c == '\0') {
                *what = "contains a NUL byte";
                free(d);
                return -1;
            }
            d[o++] = c;
            continue;
        }
        if (i == n)                         /* lone trailing backslash: dropped, as Java */
            break;
        c = s[i++];
        switch (c) {
        case 't': d[o++] = '\t'; break;
        case 'n': d[o++] = '\n'; break;
        case 'r': d[o++] = '\r'; break;
        case 'f': d[o++] = '\f'; break;
        case 'u': {
            unsigned cp, lo;
            if (hex4(s + i, n - i, &cp) != 0) {
                *what = "has a malformed \\uxxxx escape";
                free(d);
                return -1;
            }
            i += 4;
            if (cp >= 0xD800 && cp <= 0xDBFF && n - i >= 6 && s[i] == '\\' && s[i + 1] == 'u' &&
                hex4(s + i + 2, n - i - 2, &lo) == 0 && lo >= 0xDC00 && lo <= 0xDFFF) {
                cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                i += 6;
            } else if (cp >= 0xD800 && cp <= 0xDFFF) {
                cp = 0xFFFD;
            }
            if (cp == 0) {
                *what = "contains a NUL character (\\u0000)";
                free(d);
                return -1;
            }
            o += kc_utf8_put(d + o, cp);
            break;
        }
        default:
            if (c == '\0') {
                *what = "contains a NUL byte";
                free(d);
                return -1;
            }
            d[o++] = c;
            break;
        }
    }
    d[o] = '\0';
    *out = d;
    return 0;
}

/* ===== Logical lines and entries ===== */

/* Splits one logical line (escapes intact) into key and value, as Properties.load0. */
static int
props_entry(kc_props *p, const char *line, size_t len, int lineno, kc_err *err)
{
    size_t      key_len = 0, value_start = len;
    int         has_sep = 0, backslash = 0;
    char       *key = NULL, *value = NULL;
    const char *what = NULL;

    while (key_len < len) {
        char c = line[key_len];
        if ((c == '=' || c == ':') && !backslash) {
            value_start = key_len + 1;
            has_sep = 1;
            break;
        }
        if (IS_BLANK(c) && !backslash) {
            value_start = key_len + 1;
            break;
        }
        backslash = (c == '\\') ? !backslash : 0;
        key_len++;
    }
    while (value_start < len) {
        char c = line[value_start];
        if (!IS_BLANK(c)) {
            if (!has_sep && (c == '=' || c == ':'))
                has_sep = 1;
            else
                break;
        }
        value_start++;
    }
    if (unescape(line, key_len, &key, &what) != 0)
        return kc_err_set(err, KC_EINVAL, "%s:%d: key %s", p->origin, lineno, what);
    if (unescape(line + value_start, len - value_start, &value, &what) != 0) {
        kc_err_set(err, KC_EINVAL, "%s:%d: value of '%s' %s", p->origin, lineno, key, what);
        free(key);
        return KC_EINVAL;
    }
    props_put(p, key, value, lineno);
    return KC_OK;
}

int
kc_props_parse(kc_props *p, const char *buf, size_t len, kc_err *err)
{
    char  *line = kc_xmalloc(len + 1);     /* logical line being assembled, escapes intact */
    size_t i = 0, n = 0;
    int    lineno = 1, start_line = 1, rc = KC_OK;
    int    skip_blanks = 1;                /* at the start of a natural line */
    int    continued = 0;                  /* ... that continues a logical line */
    int    backslash = 0;                  /* odd number of '\' just read */

    /* The JDK's LineReader, state for state: while the logical line is still empty, a
     * natural line that is blank or starts with '#' or '!' is skipped (even after a lone
     * continuation backslash); a line ending in an odd number of '\' continues on the next,
     * whose leading blanks are dropped. */
    for (;;) {
        char c;

        if (i == len) {                     /* EOF: a dangling continuation '\' is dropped */
            if (n > 0) {
                if (backslash)
                    n--;
                rc = props_entry(p, line, n, start_line, err);
            }
            break;
        }
        c = buf[i++];
        if (skip_blanks) {
            if (IS_BLANK(c))
                continue;
            if (!continued && IS_EOL(c)) {
                if (c == '\r' && i < len && buf[i] == '\n')
                    i++;
                lineno++;
                continue;
            }
            skip_blanks = continued = 0;
        }
        if (n == 0 && (c == '#' || c == '!')) {
            while (i < len && !IS_EOL(buf[i]))
                i++;
            skip_blanks = 1;
            continue;                       /* its EOL is skipped as a blank line's */
        }
        if (!IS_EOL(c)) {
            if (n == 0)
                start_line = lineno;
            line[n++] = c;
            backslash = (c == '\\') ? !backslash : 0;
            continue;
        }
        if (c == '\r' && i < len && buf[i] == '\n')
            i++;
        lineno++;
        skip_blanks = 1;
        if (n == 0)
            continue;
        if (backslash) {
            n--;                            /* drop the continuation backslash */
            backslash = 0;
            continued = 1;
            continue;
        }
        if ((rc = props_entry(p, line, n, start_line, err)) != KC_OK)
            break;
        n = 0;
    }
    free(line);
    return rc;
}

int
kc_props_load_file(kc_props *p, const char *path, kc_err *err)
{
    char  *buf;
    size_t len;
    int    rc;

    free(p->origin);
    p->origin = kc_xstrdup(path);
    if ((rc = kc_file_read(path, &buf, &len, err)) != KC_OK)
        return rc;
    rc = kc_props_parse(p, buf, len, err);
    free(buf);
    return rc;
}
