/*
 * lib/java_regex.c - Java-regex list filters (MirrorMaker 2's topics,
 * topics.exclude, groups, groups.exclude) on PCRE2.
 *
 * Java compiles String.join("|", entries) and asks Matcher.matches(): the whole name, any
 * alternative. PCRE2 does the same with PCRE2_ANCHORED | PCRE2_ENDANCHORED on the joined
 * pattern (no wrapping group, so an entry like "a(" joined with ")b" means what it means to
 * Java). Both engines backtrack, share Perl's syntax, possessive quantifiers, atomic groups,
 * lookaround, \Q..\E, named groups and \p{L}-style properties, and keep \w \d \s \b ASCII-only.
 *
 * Java-only syntax is rewritten before compiling:
 *   \uXXXX (and \uD83D\uDE00 surrogate pairs)    -> \x{...}
 *   \p{Lower} \p{Alpha} ... (Java's POSIX names)  -> [[:lower:]] (or [:lower:] inside a class)
 *   \p{IsLatin} \p{IsLu}                          -> \p{Latin} \p{Lu}
 * Three are refused rather than matched differently: a '[' inside a character class (Java's
 * class union, and "[[:alpha:]]", which to Java is a set of characters), "&&" inside a class
 * (intersection), and, as Java refuses it, a '{' outside a class that is not a counted
 * repetition (PCRE2 would read "a{1" literally; Java's "Unclosed counted closure" is what a
 * LIST entry split at the comma of "a{1,3}" gets). Left as PCRE2 has them (differences):
 * Java's (?d)/(?u)/(?U) flags and \p{javaX}/\p{InBlock} names (PCRE2 refuses them), and
 * (?i) folding non-ASCII letters too.
 * Line terminators for '.' and '$' are CR, LF and CRLF (Java also counts U+0085, U+2028,
 * U+2029). A name that is not valid UTF-8 is matched with each stray byte read as U+FFFD, as
 * Java sees it after decoding (Java sometimes folds a bad sequence into one U+FFFD).
 *
 * A kc_regex is immutable after compiling; matching allocates its own match data, so any
 * thread may match concurrently.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#define PCRE2_CODE_UNIT_WIDTH 8

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pcre2.h>

#include "lib/java_regex.h"
#include "lib/buf.h"
#include "lib/common.h"

struct kc_regex {
    pcre2_code *code;
    pcre2_code *find;     /* the same pattern unanchored, for Java's find() */
};

/* ===== Connect LIST parsing ===== */

/* Java's \s: [ \t\n\x0B\f\r]. */
static bool
java_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

/* The list as ConfigDef parses it, already joined with '|' (new string), with the offset in
 * the joined string where each entry starts (*starts, new) and how many there are; NULL for
 * the empty list. Java: value.trim(), "" -> [], else split("\\s*,\\s*", -1). */
static char *
join_list(const char *list, size_t **starts, size_t *count)
{
    const char *b = list, *e = list + strlen(list), *p;
    kc_wbuf     out;
    size_t      n = 0, cap = 4;

    while (b < e && (unsigned char) *b <= ' ')       /* String.trim() */
        b++;
    while (e > b && (unsigned char) e[-1] <= ' ')
        e--;
    *starts = NULL;
    *count = 0;
    if (b == e)
        return NULL;
    kc_wbuf_init(&out);
    *starts = kc_xcalloc(cap, sizeof(size_t));
    for (;;) {
        const char *end = b, *next = NULL;

        /* The entry ends at the first comma; the whitespace around it goes with it. */
        for (p = b; p < e; p++) {
            if (*p == ',') {
                end = p;
                while (end > b && java_space(end[-1]))
                    end--;
                for (next = p + 1; next < e && java_space(*next); next++)
                    ;
                break;
            }
        }
        if (next == NULL)
            end = e;
        if (n == cap)
            *starts = kc_xrealloc(*starts, (cap *= 2) * sizeof(size_t));
        if (n > 0)
            kc_wbuf_raw(&out, "|", 1);
        (*starts)[n++] = out.len;
        kc_wbuf_raw(&out, b, (size_t) (end - b));
        if (next == NULL)
            break;
        b = next;
    }
    kc_wbuf_raw(&out, "", 1);
    *count = n;
    return (char *) out.buf;
}

/* ===== Java syntax -> PCRE2 syntax ===== */

typedef struct {
    kc_wbuf out;
    size_t *src;          /* for each output byte, the offset it came from in the input */
    size_t  src_cap;
    size_t  at;           /* input offset being translated */
} xlate;

static void
emit(xlate *x, const char *s, size_t n)
{
    if (x->out.len + n > x->src_cap) {
        x->src_cap = (x->out.len + n) * 2 + 16;
        x->src = kc_xrealloc(x->src, x->src_cap * sizeof(size_t));
    }
    for (size_t i = 0; i < n; i++)
        x->src[x->out.len + i] = x->at;
    kc_wbuf_raw(&x->out, s, n);
}

static int
hex4(const char *p)
{
    int v = 0;

    for (int i = 0; i < 4; i++) {
        if (!isxdigit((unsigned char) p[i]))
            return -1;
        v = v * 16 + (isdigit((unsigned char) p[i]) ? p[i] - '0' : (tolower((unsigned char) p[i]) - 'a' + 10));
    }
    return v;
}

static const struct { const char *java, *posix; } posix_names[] = {
    { "Lower", "lower" }, { "Upper", "upper" }, { "ASCII", "ascii" }, { "Alpha", "alpha" },
    { "Digit", "digit" }, { "Alnum", "alnum" }, { "Punct", "punct" }, { "Graph", "graph" },
    { "Print", "print" }, { "Blank", "blank" }, { "Cntrl", "cntrl" }, { "XDigit", "xdigit" },
    { "Space", "space" },
};

/* \p or \P at p (p[1] is 'p' or 'P'); returns the input length consumed. */
static size_t
xlate_property(xlate *x, const char *p, bool in_class)
{
    bool        neg = p[1] == 'P';
    const char *name, *close;
    size_t      len;
    char        buf[64];

    if (p[2] != '{' || (close = strchr(p + 3, '}')) == NULL) {
        emit(x, p, 2);                          /* \pL, or malformed: PCRE2 judges */
        return 2;
    }
    name = p + 3;
    len = (size_t) (close - name);
    for (size_t i = 0; i < KC_ARRAY_LEN(posix_names); i++) {
        if (strlen(posix_names[i].java) == len && memcmp(posix_names[i].java, name, len) == 0) {
            if (in_class)
                snprintf(buf, sizeof(buf), "[:%s%s:]", neg ? "^" : "", posix_names[i].posix);
            else
                snprintf(buf, sizeof(buf), "[%s[:%s:]]", neg ? "^" : "", posix_names[i].posix);
            emit(x, buf, strlen(buf));
            return len + 4;
        }
    }
    if (len > 2 && name[0] == 'I' && name[1] == 's') {
        emit(x, p, 3);                          /* "\p{" */
        emit(x, name + 2, len - 1);             /* the name without "Is", and "}" */
        return len + 4;
    }
    emit(x, p, len + 4);
    return len + 4;
}

/* Java reads every '{' outside a class as a counted repetition {n}, {n,} or {n,m} and refuses
 * anything else, where PCRE2 would take the brace literally: so "a{1,3}" in a LIST (split into
 * "a{1" and "3}") is refused here too. */
static int
java_curly(const char *p, char *err, size_t errlen, size_t at)
{
    size_t i = 1;

    if (!isdigit((unsigned char) p[i])) {
        snprintf(err, errlen, "Illegal repetition (at offset %zu)", at);
        return -1;
    }
    while (isdigit((unsigned char) p[i]))
        i++;
    if (p[i] == ',')
        for (i++; isdigit((unsigned char) p[i]); i++)
            ;
    if (p[i] != '}') {
        snprintf(err, errlen, "Unclosed counted closure (at offset %zu)", at);
        return -1;
    }
    return 0;
}

/* Rewrites the joined Java pattern for PCRE2 into x->out (NUL-terminated); -1 with a message
 * for the Java constructs PCRE2 would read differently. */
static int
xlate_pattern(xlate *x, const char *pat, char *err, size_t errlen)
{
    bool in_class = false, quoted = false;
    char buf[32];

    for (size_t i = 0; pat[i] != '\0';) {
        const char *p = pat + i;

        x->at = i;
        if (quoted) {                           /* \Q...\E: PCRE2 quotes the same way */
            quoted = !(p[0] == '\\' && p[1] == 'E');
            emit(x, p, quoted ? 1 : 2);
            i += quoted ? 1 : 2;
            continue;
        }
        if (p[0] == '\\') {
            if (p[1] == 'Q') {
                quoted = true;
                emit(x, p, 2);
                i += 2;
            } else if (p[1] == 'u' && hex4(p + 2) >= 0) {
                unsigned cp = (unsigned) hex4(p + 2);
                i += 6;
                if (cp >= 0xd800 && cp <= 0xdbff && pat[i] == '\\' && pat[i + 1] == 'u' &&
                    hex4(pat + i + 2) >= 0xdc00 && hex4(pat + i + 2) <= 0xdfff) {
                    cp = 0x10000 + ((cp - 0xd800) << 10) + ((unsigned) hex4(pat + i + 2) - 0xdc00);
                    i += 6;
                }
                snprintf(buf, sizeof(buf), "\\x{%x}", cp);
                emit(x, buf, strlen(buf));
            } else if (p[1] == 'p' || p[1] == 'P') {
                i += xlate_property(x, p, in_class);
            } else if (p[1] == 'x' && p[2] == '{' && strchr(p + 3, '}') != NULL) {
                size_t n = (size_t) (strchr(p + 3, '}') - p) + 1;     /* \x{h..h} as it is */
                emit(x, p, n);
                i += n;
            } else {
                size_t n = p[1] != '\0' ? 2 : 1;    /* an escaped character is never special */
                emit(x, p, n);
                i += n;
            }
            continue;
        }
        if (in_class) {
            if (p[0] == '[' || (p[0] == '&' && p[1] == '&')) {
                snprintf(err, errlen, "%s inside a character class is not supported (at "
                         "offset %zu)", p[0] == '[' ? "'['" : "\"&&\"", i);
                return -1;
            }
            if (p[0] == ']')
                in_class = false;
            emit(x, p, 1);
            i++;
            continue;
        }
        if (p[0] == '{' && java_curly(p, err, errlen, i) != 0)
            return -1;
        if (p[0] == '[') {
            in_class = true;
            /* "[^" and a ']' right after the opening are part of the class, in both engines */
            size_t n = 1 + (p[1] == '^');
            if (p[n] == ']')
                n++;
            emit(x, p, n);
            i += n;
            continue;
        }
        emit(x, p, 1);
        i++;
    }
    x->at = strlen(pat);
    emit(x, "", 1);
    return 0;
}

/* ===== Compile and match ===== */

/* Compiles joined (entries starting at starts[0..count-1]); frees joined and starts. */
static int
compile_joined(char *joined, size_t *starts, size_t count, kc_regex **out, char *err,
               size_t errlen)
{
    size_t                 erroff = 0, at;
    xlate                  x = { 0 };
    pcre2_compile_context *cctx = NULL;
    pcre2_code            *code = NULL;
    int                    errcode, rc = -1;
    char                   xerr[160];
    PCRE2_UCHAR            msg[160];

    *out = NULL;
    if (joined == NULL)
        return 0;                               /* empty list: matches nothing */
    kc_wbuf_init(&x.out);
    if (xlate_pattern(&x, joined, xerr, sizeof(xerr)) != 0) {
        at = x.at;
        goto bad;
    }
    cctx = pcre2_compile_context_create(NULL);
    pcre2_set_newline(cctx, PCRE2_NEWLINE_ANYCRLF);
    code = pcre2_compile((PCRE2_SPTR) x.out.buf, x.out.len - 1,
                         PCRE2_UTF | PCRE2_ANCHORED | PCRE2_ENDANCHORED |
                         PCRE2_NEVER_BACKSLASH_C, &errcode, &erroff, cctx);
    if (code == NULL) {
        pcre2_get_error_message(errcode, msg, sizeof(msg));
        snprintf(xerr, sizeof(xerr), "%s", (const char *) msg);
        at = erroff < x.out.len ? x.src[erroff] : strlen(joined);
        goto bad;
    }
    *out = kc_xcalloc(1, sizeof(**out));
    (*out)->code = code;
    /* The anchors are compile options only; the unanchored twin cannot fail where the
     * anchored one compiled. */
    (*out)->find = pcre2_compile((PCRE2_SPTR) x.out.buf, x.out.len - 1,
                                 PCRE2_UTF | PCRE2_NEVER_BACKSLASH_C, &errcode, &erroff, cctx);
    rc = 0;
    goto done;
bad: {
        size_t e = 0;
        while (e + 1 < count && starts[e + 1] <= at)
            e++;
        size_t elen = (e + 1 < count ? starts[e + 1] - 1 : strlen(joined)) - starts[e];
        snprintf(err, errlen, "invalid regex in list entry %zu \"%.*s\": %s at offset %zu of "
                 "\"%s\"", e + 1, (int) elen, joined + starts[e], xerr, at, joined);
    }
done:
    pcre2_compile_context_free(cctx);
    kc_wbuf_free(&x.out);
    free(x.src);
    free(joined);
    free(starts);
    return rc;
}

int
kc_regex_compile_list(const char *list, kc_regex **out, char *err, size_t errlen)
{
    size_t *starts = NULL, count = 0;
    char   *joined = join_list(list != NULL ? list : "", &starts, &count);

    return compile_joined(joined, starts, count, out, err, errlen);
}

int
kc_regex_compile(const char *pattern, kc_regex **out, char *err, size_t errlen)
{
    size_t *starts = kc_xcalloc(1, sizeof(size_t));

    return compile_joined(kc_xstrdup(pattern), starts, 1, out, err, errlen);
}

/* Length of the valid UTF-8 sequence at p (RFC 3629: no overlong forms, no surrogates,
 * nothing above U+10FFFF), or 0 when p does not start one. */
static size_t
utf8_len(const unsigned char *p)
{
    if (p[0] < 0x80)
        return 1;
    if (p[0] >= 0xc2 && p[0] <= 0xdf)
        return (p[1] & 0xc0) == 0x80 ? 2 : 0;
    if (p[0] >= 0xe0 && p[0] <= 0xef) {
        unsigned lo = p[0] == 0xe0 ? 0xa0 : 0x80, hi = p[0] == 0xed ? 0x9f : 0xbf;
        return p[1] >= lo && p[1] <= hi && (p[2] & 0xc0) == 0x80 ? 3 : 0;
    }
    if (p[0] >= 0xf0 && p[0] <= 0xf4) {
        unsigned lo = p[0] == 0xf0 ? 0x90 : 0x80, hi = p[0] == 0xf4 ? 0x8f : 0xbf;
        return p[1] >= lo && p[1] <= hi && (p[2] & 0xc0) == 0x80 && (p[3] & 0xc0) == 0x80 ? 4 : 0;
    }
    return 0;
}

/* Java matches names as decoded strings, invalid UTF-8 having become U+FFFD; NULL when s is
 * valid already (the usual case: brokers hand out names they decoded the same way), else a
 * new copy with each byte that starts no valid sequence replaced. */
static char *
java_decoded(const char *s)
{
    const unsigned char *p = (const unsigned char *) s;
    kc_wbuf              out;
    size_t               n;

    while (*p != '\0' && (n = utf8_len(p)) != 0)
        p += n;
    if (*p == '\0')
        return NULL;
    kc_wbuf_init(&out);
    kc_wbuf_raw(&out, s, (size_t) ((const char *) p - s));
    for (; *p != '\0'; p += n ? n : 1) {
        n = utf8_len(p);
        if (n != 0)
            kc_wbuf_raw(&out, p, n);
        else
            kc_wbuf_raw(&out, "\xef\xbf\xbd", 3);
    }
    kc_wbuf_raw(&out, "", 1);
    return (char *) out.buf;
}

bool
kc_regex_matches(const kc_regex *re, const char *subject)
{
    pcre2_match_data *md;
    char             *decoded;
    int               rc;

    if (re == NULL || subject == NULL)
        return false;
    if ((decoded = java_decoded(subject)) != NULL)
        subject = decoded;
    /* One pair is enough to learn "it matched" (rc 0 = matched, ovector too small). */
    md = pcre2_match_data_create(1, NULL);
    if (md == NULL)
        kc_assert_fail("pcre2_match_data_create", __FILE__, __LINE__);
    rc = pcre2_match(re->code, (PCRE2_SPTR) subject, strlen(subject), 0, 0, md, NULL);
    pcre2_match_data_free(md);
    free(decoded);
    return rc >= 0;
}

void
kc_regex_free(kc_regex *re)
{
    if (re == NULL)
        return;
    pcre2_code_free(re->code);
    pcre2_code_free(re->find);
    free(re);
}

/* ===== Matcher.replaceFirst ===== */

/* Appends the replacement for the match in md to out, read as Java's appendReplacement reads
 * it: "\x" is x, "$n" the group with the most digits that still name a group (at least
 * one), "${name}" a named group. -1 with Java's message on a bad reference. */
static int
append_replacement(kc_wbuf *out, const pcre2_code *code, pcre2_match_data *md,
                   const char *subject, const char *rep, char *err, size_t errlen)
{
    PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
    uint32_t    groups = 0;
    size_t      i = 0, n = strlen(rep);

    pcre2_pattern_info(code, PCRE2_INFO_CAPTURECOUNT, &groups);
    while (i < n) {
        char   c = rep[i];
        long   ref;

        if (c == '\\') {
            if (++i == n) {
                snprintf(err, errlen, "character to be escaped is missing");
                return -1;
            }
            /* One Java char: copy the whole UTF-8 sequence. */
            size_t len = 1;
            while (i + len < n && ((unsigned char) rep[i + len] & 0xc0) == 0x80)
                len++;
            kc_wbuf_raw(out, rep + i, len);
            i += len;
            continue;
        }
        if (c != '$') {
            kc_wbuf_raw(out, &c, 1);
            i++;
            continue;
        }
        if (++i == n) {
            snprintf(err, errlen, "Illegal group reference: group index is missing");
            return -1;
        }
        if (rep[i] == '{') {
            size_t b = ++i;
            int    num;
            char   name[256];
            while (i < n && isalnum((unsigned char) rep[i]))
                i++;
            if (i == b) {
                snprintf(err, errlen, "named capturing group has 0 length name");
                return -1;
            }
            if (i == n || rep[i] != '}') {
                snprintf(err, errlen, "named capturing group is missing trailing '}'");
                return -1;
            }
            snprintf(name, sizeof(name), "%.*s", (int) (i - b), rep + b);
            if (isdigit((unsigned char) name[0])) {
                snprintf(err, errlen, "capturing group name {%s} starts with digit character",
                         name);
                return -1;
            }
            num = pcre2_substring_number_from_name(code, (PCRE2_SPTR) name);
            if (num < 0) {
                snprintf(err, errlen, "No group with name {%s}", name);
                return -1;
            }
            ref = num;
            i++;
        } else {
            if (!isdigit((unsigned char) rep[i])) {
                snprintf(err, errlen, "Illegal group reference");
                return -1;
            }
            ref = rep[i++] - '0';
            /* Java takes another digit only while the number still names a group. */
            while (i < n && isdigit((unsigned char) rep[i]) &&
                   ref * 10 + (rep[i] - '0') <= (long) groups)
                ref = ref * 10 + (rep[i++] - '0');
            if (ref > (long) groups) {
                snprintf(err, errlen, "No group %ld", ref);
                return -1;
            }
        }
        if (ov[2 * ref] != PCRE2_UNSET)
            kc_wbuf_raw(out, subject + ov[2 * ref], ov[2 * ref + 1] - ov[2 * ref]);
    }
    return 0;
}

char *
kc_regex_replace_first(const kc_regex *re, const char *subject, const char *replacement,
                       char *err, size_t errlen)
{
    pcre2_match_data *md;
    char             *decoded, *result = NULL;
    kc_wbuf           out;
    PCRE2_SIZE       *ov;
    int               rc;

    if ((decoded = java_decoded(subject)) != NULL)
        subject = decoded;
    md = pcre2_match_data_create_from_pattern(re->find, NULL);
    if (md == NULL)
        kc_assert_fail("pcre2_match_data_create", __FILE__, __LINE__);
    rc = pcre2_match(re->find, (PCRE2_SPTR) subject, strlen(subject), 0, 0, md, NULL);
    if (rc < 0) {
        /* No match: Java returns the text without reading the replacement. */
        result = kc_xstrdup(subject);
        goto done;
    }
    ov = pcre2_get_ovector_pointer(md);
    kc_wbuf_init(&out);
    kc_wbuf_raw(&out, subject, ov[0]);
    if (append_replacement(&out, re->find, md, subject, replacement, err, errlen) != 0) {
        kc_wbuf_free(&out);
        goto done;
    }
    kc_wbuf_raw(&out, subject + ov[1], strlen(subject + ov[1]) + 1);
    result = (char *) out.buf;
done:
    pcre2_match_data_free(md);
    free(decoded);
    return result;
}
