/*
 * lib/jaas.c - the JAAS file parser; see jaas.h for the format.
 *
 * A lexer that makes the tokens java.io.StreamTokenizer makes under ConfigFile's settings,
 * then ConfigFile's recursive descent over them, with its error messages. Works on the text
 * once repaired to valid UTF-8, one code point at a time.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "lib/jaas.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lib/buf.h"

/* Token types besides ordinary characters (their code point) and quotes ('"', '\''). */
enum { TOK_EOF = -1, TOK_WORD = -3, TOK_NUMBER = -2 };

typedef struct lexer {
    const char *p, *end;
    int         line;
    int         tok;
    char       *sval;            /* words and quoted strings; NULL for the rest, as Java */
    size_t      len, cap;
    bool        nul;             /* a quoted string held U+0000 */
} lexer;

/* The code point at p (valid UTF-8, p < end) and its length. */
static uint32_t
peek_cp(const char *p, const char *end, size_t *n)
{
    const unsigned char *u = (const unsigned char *) p;

    if (u[0] < 0x80 || end - p < 2) {
        *n = 1;
        return u[0];
    }
    if (u[0] < 0xE0) {
        *n = 2;
        return ((uint32_t) (u[0] & 0x1F) << 6) | (u[1] & 0x3F);
    }
    if (u[0] < 0xF0 || end - p < 4) {
        *n = 3;
        return ((uint32_t) (u[0] & 0x0F) << 12) | ((uint32_t) (u[1] & 0x3F) << 6) |
               (u[2] & 0x3F);
    }
    *n = 4;
    return ((uint32_t) (u[0] & 0x07) << 18) | ((uint32_t) (u[1] & 0x3F) << 12) |
           ((uint32_t) (u[2] & 0x3F) << 6) | (u[3] & 0x3F);
}

/* The next code point, or -1 at the end. */
static int32_t
next_cp(lexer *lx)
{
    size_t   n;
    uint32_t cp;

    if (lx->p >= lx->end)
        return -1;
    cp = peek_cp(lx->p, lx->end, &n);
    lx->p += n;
    return (int32_t) cp;
}

static void
unread(lexer *lx, int32_t c)
{
    if (c >= 0)
        lx->p -= c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
}

/* StreamTokenizer's classes: the defaults (letters and U+00A0 up are word characters, ' '
 * and below blanks, digits '.' '-' numeric, '"' and '\'' quotes, '/' a comment) plus
 * ConfigFile's word characters '$' '_' '-' '*'. */
static bool is_blank(int32_t c) { return c >= 0 && c <= ' '; }
static bool is_numeric(int32_t c) { return (c >= '0' && c <= '9') || c == '.' || c == '-'; }

static bool
is_word(int32_t c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0xA0 || c == '$' ||
           c == '_' || c == '-' || c == '*';
}

static void
sval_put(lexer *lx, uint32_t cp)
{
    if (lx->cap - lx->len < 5) {
        lx->cap = lx->cap ? lx->cap * 2 : 64;
        lx->sval = kc_xrealloc(lx->sval, lx->cap);
    }
    if (cp == 0)
        lx->nul = true;
    lx->len += kc_utf8_put(lx->sval + lx->len, cp);
    lx->sval[lx->len] = '\0';
}

static void
sval_start(lexer *lx)
{
    free(lx->sval);
    lx->sval = NULL;
    lx->len = lx->cap = 0;
}

/* A line end at c (already read): counts it, swallowing the '\n' of "\r\n". */
static bool
line_end(lexer *lx, int32_t c)
{
    if (c == '\r') {
        int32_t d = next_cp(lx);
        if (d != '\n')
            unread(lx, d);
    }
    if (c == '\r' || c == '\n') {
        lx->line++;
        return true;
    }
    return false;
}

static void
skip_line(lexer *lx)
{
    int32_t c;

    while ((c = next_cp(lx)) >= 0 && c != '\n' && c != '\r')
        ;
    unread(lx, c);
}

static void
quoted(lexer *lx, int32_t quote)
{
    int32_t d = next_cp(lx);

    sval_start(lx);
    sval_put(lx, 0);                            /* an empty string is still a string */
    lx->len = 0;
    lx->nul = false;
    while (d >= 0 && d != quote && d != '\n' && d != '\r') {
        int32_t c = d;
        if (d == '\\') {
            c = next_cp(lx);
            if (c >= '0' && c <= '7') {         /* up to three octal digits, \377 at most */
                int32_t first = c, c2;
                c -= '0';
                if ((c2 = next_cp(lx)) >= '0' && c2 <= '7') {
                    c = (c << 3) + (c2 - '0');
                    if ((c2 = next_cp(lx)) >= '0' && c2 <= '7' && first <= '3')
                        c = (c << 3) + (c2 - '0');
                    else
                        unread(lx, c2);
                } else {
                    unread(lx, c2);
                }
            } else {
                c = c == 'a' ? 7 : c == 'b' ? '\b' : c == 'f' ? '\f' : c == 'n' ? '\n'
                  : c == 'r' ? '\r' : c == 't' ? '\t' : c == 'v' ? '\v'
                  : c < 0 ? 0xFFFF : c;         /* Java's (char) -1 at the end */
            }
        }
        sval_put(lx, (uint32_t) c);
        d = next_cp(lx);
    }
    if (d != quote)
        unread(lx, d);                          /* the line end is read again */
    lx->tok = quote;
}

/* Reads the next token into lx->tok (and lx->sval); line ends only count lines. */
static void
next_token(lexer *lx)
{
    int32_t c;

    sval_start(lx);
    for (;;) {
        c = next_cp(lx);
        if (c < 0) {
            lx->tok = TOK_EOF;
            return;
        }
        if (line_end(lx, c) || is_blank(c))
            continue;
        if (is_numeric(c)) {
            int32_t d = c;
            bool    dot = false;
            if (c == '-') {
                d = next_cp(lx);
                if (d != '.' && (d < '0' || d > '9')) {
                    unread(lx, d);
                    lx->tok = '-';
                    return;
                }
            }
            for (; (d == '.' && !dot) || (d >= '0' && d <= '9'); d = next_cp(lx))
                dot = dot || d == '.';
            unread(lx, d);
            lx->tok = TOK_NUMBER;
            return;
        }
        if (is_word(c)) {
            do {
                sval_put(lx, (uint32_t) c);
                c = next_cp(lx);
            } while (c >= 0 && (is_word(c) || is_numeric(c)));
            unread(lx, c);
            lx->tok = TOK_WORD;
            return;
        }
        if (c == '"' || c == '\'') {
            quoted(lx, c);
            return;
        }
        if (c == '/') {
            int32_t d = next_cp(lx);
            if (d == '*') {                     /* to the first star-slash, or the end */
                int32_t prev = 0;
                while ((d = next_cp(lx)) >= 0 && !(d == '/' && prev == '*')) {
                    line_end(lx, d);
                    prev = d;
                }
                if (d < 0) {
                    lx->tok = TOK_EOF;
                    return;
                }
                continue;
            }
            unread(lx, d);
            skip_line(lx);                      /* "//", and a lone '/' (a comment char) */
            continue;
        }
        lx->tok = c;
        return;
    }
}

/* ===== ConfigFile's grammar ===== */

typedef struct parser {
    lexer                lx;
    const char          *origin;
    kc_jaas_property_fn  prop;
    void                *arg;
    kc_err              *err;
} parser;

static int
fail(parser *ps, const char *fmt, const char *a, const char *b)
{
    char msg[400];

    snprintf(msg, sizeof(msg), fmt, a, b ? b : "null");
    return kc_err_set(ps->err, KC_EINVAL, "%s:%d: %s", ps->origin, ps->lx.line, msg);
}

/* ConfigFile.match: the current token must be what `expect` names ("{", ";", "}", "=", or a
 * word or string for the others); *value (may be NULL) takes the string. Then advances. */
static int
match(parser *ps, const char *expect, char **value)
{
    lexer *lx = &ps->lx;
    bool   text = strcmp(expect, "{") != 0 && strcmp(expect, ";") != 0 &&
                  strcmp(expect, "}") != 0 && strcmp(expect, "=") != 0;

    if (lx->tok == TOK_EOF)
        return fail(ps, "expected [%s], read [end of file]", expect, "");
    if (lx->tok == TOK_WORD || lx->tok == '"') {
        if (!text)
            return fail(ps, "expected [%s], found [%s]", expect, lx->sval);
        if (lx->nul)
            return fail(ps, "a NUL character in [%s] (kconnect cannot carry it)%s", expect, "");
        if (value != NULL) {
            *value = lx->sval;
            lx->sval = NULL;
        }
    } else if (lx->tok == '{' || lx->tok == ';' || lx->tok == '}' || lx->tok == '=') {
        char tok[2] = { (char) lx->tok, '\0' };
        if (strcmp(expect, tok) != 0)
            return fail(ps, "expected [%s]%s", expect, "");
    } else {
        return fail(ps, "expected [%s], found [%s]", expect, lx->sval);
    }
    next_token(lx);
    return KC_OK;
}

static bool
peek(const parser *ps, char c)
{
    return ps->lx.tok == c;
}

static int
parse_module(parser *ps, kc_jaas_entry *e)
{
    static const char *const flags[] = { "REQUIRED", "REQUISITE", "SUFFICIENT", "OPTIONAL" };
    kc_jaas_module          *m;
    char                    *cls = NULL, *flag = NULL;
    int                      line = ps->lx.line, rc;

    if ((rc = match(ps, "module class name", &cls)) != KC_OK ||
        (rc = match(ps, "controlFlag", &flag)) != KC_OK) {
        free(cls);
        return rc;
    }
    e->modules = kc_xrealloc(e->modules, (e->nmodules + 1) * sizeof(*e->modules));
    m = &e->modules[e->nmodules++];
    memset(m, 0, sizeof(*m));
    m->class_name = cls;
    m->line = line;
    kc_props_init(&m->options, ps->origin);
    m->flag = (kc_jaas_flag) -1;
    for (size_t i = 0; i < KC_ARRAY_LEN(flags); i++)
        if (strcasecmp(flag, flags[i]) == 0)
            m->flag = (kc_jaas_flag) i;
    if ((int) m->flag < 0) {
        for (char *f = flag; *f; f++)
            if (*f >= 'a' && *f <= 'z')
                *f = (char) (*f - 'a' + 'A');
        rc = fail(ps, "Invalid control flag, %s%s", flag, "");
        free(flag);
        return rc;
    }
    free(flag);
    while (!peek(ps, ';')) {
        char *key = NULL, *value = NULL, *expanded = NULL;
        int   vline;
        if ((rc = match(ps, "option key", &key)) != KC_OK || (rc = match(ps, "=", NULL)) != KC_OK) {
            free(key);
            return rc;
        }
        vline = ps->lx.line;
        if ((rc = match(ps, "option value", &value)) == KC_OK && *value != '\0') {
            if ((rc = kc_jaas_expand(value, ps->prop, ps->arg, &expanded, ps->err)) != KC_OK)
                kc_err_prefix(ps->err, "%s:%d: ", ps->origin, vline);
            else if (*expanded == '\0')
                rc = fail(ps, "system property [%s] expanded to empty value%s", value, "");
        }
        if (rc == KC_OK)
            kc_props_set(&m->options, key, expanded ? expanded : value, vline);
        free(key);
        free(value);
        free(expanded);
        if (rc != KC_OK)
            return rc;
    }
    next_token(&ps->lx);
    return KC_OK;
}

static bool
same_name(const char *a, const char *b)
{
    return a == NULL || b == NULL ? a == b : strcmp(a, b) == 0;
}

static int
parse_entry(parser *ps, kc_jaas *j)
{
    kc_jaas_entry e = { .line = ps->lx.line };
    int           rc;

    e.name = ps->lx.sval;                       /* whatever token it is, as Java's st.sval */
    ps->lx.sval = NULL;
    next_token(&ps->lx);
    if ((rc = match(ps, "{", NULL)) != KC_OK)
        goto out;
    while (!peek(ps, '}'))
        if ((rc = parse_module(ps, &e)) != KC_OK)
            goto out;
    if ((rc = match(ps, "}", NULL)) != KC_OK || (rc = match(ps, ";", NULL)) != KC_OK)
        goto out;
    for (size_t i = 0; i < j->n; i++)
        if (same_name(j->entries[i].name, e.name)) {
            rc = kc_err_set(ps->err, KC_EINVAL, "%s:%d: Can not specify multiple entries for "
                            "%s", ps->origin, e.line, e.name ? e.name : "null");
            goto out;
        }
    j->entries = kc_xrealloc(j->entries, (j->n + 1) * sizeof(*j->entries));
    j->entries[j->n++] = e;
    return KC_OK;
out:
    for (size_t i = 0; i < e.nmodules; i++) {
        free(e.modules[i].class_name);
        kc_props_free(&e.modules[i].options);
    }
    free(e.modules);
    free(e.name);
    return rc;
}

/* ===== API ===== */

void
kc_jaas_init(kc_jaas *j, const char *origin)
{
    memset(j, 0, sizeof(*j));
    j->origin = kc_xstrdup(origin ? origin : "JAAS configuration");
}

void
kc_jaas_free(kc_jaas *j)
{
    for (size_t i = 0; i < j->n; i++) {
        for (size_t k = 0; k < j->entries[i].nmodules; k++) {
            free(j->entries[i].modules[k].class_name);
            kc_props_free(&j->entries[i].modules[k].options);
        }
        free(j->entries[i].modules);
        free(j->entries[i].name);
    }
    free(j->entries);
    free(j->origin);
    memset(j, 0, sizeof(*j));
}

int
kc_jaas_parse(kc_jaas *j, const char *text, size_t len, kc_jaas_property_fn prop, void *arg,
              kc_err *err)
{
    size_t n;
    char  *utf8 = kc_utf8_repair(text, len, &n);
    parser ps = { .lx = { .p = utf8, .end = utf8 + n, .line = 1 }, .origin = j->origin,
                  .prop = prop, .arg = arg, .err = err };
    int    rc = KC_OK;

    next_token(&ps.lx);
    while (rc == KC_OK && ps.lx.tok != TOK_EOF)
        rc = parse_entry(&ps, j);
    free(ps.lx.sval);
    free(utf8);
    return rc;
}

int
kc_jaas_load_file(kc_jaas *j, const char *path, kc_jaas_property_fn prop, void *arg,
                  kc_err *err)
{
    char  *text;
    size_t len;
    int    rc;

    free(j->origin);
    j->origin = kc_xstrdup(path);
    if ((text = kc_read_file(path, &len, err)) == NULL)
        return KC_EIO;
    rc = kc_jaas_parse(j, text, len, prop, arg, err);
    free(text);
    return rc;
}

const kc_jaas_entry *
kc_jaas_entry_get(const kc_jaas *j, const char *name)
{
    for (size_t i = 0; i < j->n; i++)
        if (j->entries[i].name != NULL && strcmp(j->entries[i].name, name) == 0)
            return j->entries[i].nmodules > 0 ? &j->entries[i] : NULL;
    return NULL;
}

const char *
kc_jaas_flag_name(kc_jaas_flag flag)
{
    static const char *const names[] = { "required", "requisite", "sufficient", "optional" };

    return (unsigned) flag < KC_ARRAY_LEN(names) ? names[flag] : "?";
}

int
kc_jaas_expand(const char *value, kc_jaas_property_fn prop, void *arg, char **out, kc_err *err)
{
    const char *p = value, *start, *close;
    kc_wbuf     b;

    *out = NULL;
    kc_wbuf_init(&b);
    while ((start = strstr(p, "${")) != NULL) {
        kc_wbuf_raw(&b, p, (size_t) (start - p));
        if (start[2] == '{') {                  /* ${{...}} is kept as it is */
            close = strstr(start + 2, "}}");
            if (close == NULL || close[2] == '\0') {
                p = start;                      /* the rest is text */
                break;
            }
            kc_wbuf_raw(&b, start, (size_t) (close + 2 - start));
            p = close + 2;
        } else if ((close = strchr(start + 2, '}')) == NULL) {
            p = start;                          /* no '}': the rest is text */
            break;
        } else {
            char       *name = kc_xstrndup(start + 2, (size_t) (close - start - 2));
            const char *v = strcmp(name, "/") == 0 ? "/" : prop ? prop(arg, name) : NULL;
            if (v == NULL) {
                kc_err_set(err, KC_EINVAL, "unable to expand property %s", name);
                free(name);
                kc_wbuf_free(&b);
                return KC_EINVAL;
            }
            kc_wbuf_raw(&b, v, strlen(v));
            free(name);
            p = close + 1;
        }
    }
    kc_wbuf_raw(&b, p, strlen(p) + 1);          /* the rest, and the NUL */
    *out = (char *) b.buf;
    return KC_OK;
}
