/*
 * transforms/values.c - see values.h. Follows Values.ValueParser and its Parser: the text
 * is cut into tokens at unescaped : , { } [ ] " (a backslash escapes the next character);
 * a top-level value is a literal only when its first token says so, and otherwise the whole
 * text is a string.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "transforms/values.h"

#include <ctype.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/common.h"
#include "lib/data.h"

/* The end of the token that starts at start (Parser.consumeNextToken). */
static size_t
token_end(const char *s, size_t start)
{
    bool escaped = false;

    for (size_t i = start; s[i] != '\0'; i++) {
        char c = s[i];
        if (c == '\\') {
            escaped = !escaped;
        } else if (strchr(":,{}[]\"", c) != NULL) {
            if (!escaped)
                return i > start ? i : start + 1;
            escaped = false;
        } else {
            escaped = false;
        }
    }
    return strlen(s);
}

/* Java's String.trim() of s[b..e): the bounds narrowed in place. */
static void
trim(const char *s, size_t *b, size_t *e)
{
    while (*b < *e && (unsigned char) s[*b] <= ' ')
        (*b)++;
    while (*e > *b && (unsigned char) s[*e - 1] <= ' ')
        (*e)--;
}

/* Length in UTF-16 units, as Java's String.length(). */
static size_t
java_length(const char *s, size_t n)
{
    size_t len = 0;

    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char) s[i];
        if ((c & 0xc0) != 0x80)
            len += c >= 0xf0 ? 2 : 1;
    }
    return len;
}

/* Whether Values.parseAsTemporal could take s[0..n) (after "\:" -> ":"): only its length
 * decides whether SimpleDateFormat is tried, and a run of digits never parses. */
static bool
temporal_candidate(const char *s, size_t n)
{
    size_t len = java_length(s, n), colons = 0;
    bool   digits = true;

    for (size_t i = 0; i < n; i++) {
        if (s[i] == '\\' && i + 1 < n && s[i + 1] == ':')
            colons++;
        digits = digits && isdigit((unsigned char) s[i]);
    }
    len -= colons;
    return !digits && (len == 10 || len == 13 || len == 24);
}

/* Unicode decimal digits other than ASCII (Character.isDigit, Java 17): Java would read a
 * number or a date from them. */
static bool
unicode_digit(const char *s)
{
    static const uint32_t nd[][2] = {
        {0x660,0x669}, {0x6f0,0x6f9}, {0x7c0,0x7c9}, {0x966,0x96f}, {0x9e6,0x9ef},
        {0xa66,0xa6f}, {0xae6,0xaef}, {0xb66,0xb6f}, {0xbe6,0xbef}, {0xc66,0xc6f},
        {0xce6,0xcef}, {0xd66,0xd6f}, {0xde6,0xdef}, {0xe50,0xe59}, {0xed0,0xed9},
        {0xf20,0xf29}, {0x1040,0x1049}, {0x1090,0x1099}, {0x17e0,0x17e9}, {0x1810,0x1819},
        {0x1946,0x194f}, {0x19d0,0x19d9}, {0x1a80,0x1a89}, {0x1a90,0x1a99}, {0x1b50,0x1b59},
        {0x1bb0,0x1bb9}, {0x1c40,0x1c49}, {0x1c50,0x1c59}, {0xa620,0xa629}, {0xa8d0,0xa8d9},
        {0xa900,0xa909}, {0xa9d0,0xa9d9}, {0xa9f0,0xa9f9}, {0xaa50,0xaa59}, {0xabf0,0xabf9},
        {0xff10,0xff19}, {0x104a0,0x104a9}, {0x10d30,0x10d39}, {0x11066,0x1106f},
        {0x110f0,0x110f9}, {0x11136,0x1113f}, {0x111d0,0x111d9}, {0x112f0,0x112f9},
        {0x11450,0x11459}, {0x114d0,0x114d9}, {0x11650,0x11659}, {0x116c0,0x116c9},
        {0x11730,0x11739}, {0x118e0,0x118e9}, {0x11950,0x11959}, {0x11c50,0x11c59},
        {0x11d50,0x11d59}, {0x11da0,0x11da9}, {0x16a60,0x16a69}, {0x16b50,0x16b59},
        {0x1d7ce,0x1d7ff}, {0x1e140,0x1e149}, {0x1e2f0,0x1e2f9}, {0x1e950,0x1e959},
        {0x1fbf0,0x1fbf9},
    };
    const unsigned char *p = (const unsigned char *) s;
    uint32_t             cp;

    if (p[0] < 0x80)
        return false;
    if (p[0] >= 0xf0)
        cp = ((uint32_t) (p[0] & 0x07) << 18) | ((uint32_t) (p[1] & 0x3f) << 12) |
             ((uint32_t) (p[2] & 0x3f) << 6) | (p[3] & 0x3f);
    else if (p[0] >= 0xe0)
        cp = ((uint32_t) (p[0] & 0x0f) << 12) | ((uint32_t) (p[1] & 0x3f) << 6) | (p[2] & 0x3f);
    else
        cp = ((uint32_t) (p[0] & 0x1f) << 6) | (p[1] & 0x3f);
    for (size_t i = 0; i < KC_ARRAY_LEN(nd); i++)
        if (cp >= nd[i][0] && cp <= nd[i][1])
            return true;
    return false;
}

typedef enum { NUM_NONE, NUM_INT, NUM_FLOAT, NUM_DOUBLE, NUM_DECIMAL } num_kind;

/* ValueParser.parseAsNumber on t: new BigDecimal(t), then an integer when it is whole and
 * fits a long (abs at most 1e19, not below 1), else a float or a double when finite and the
 * scale is not 0, else a Decimal. NUM_NONE when BigDecimal refuses the text. */
static num_kind
parse_number(const char *t, int64_t *iv, double *dv)
{
    const char *p = t, *digits;
    char        sig[512];
    size_t      ns = 0, nfrac = 0, lead;
    long        exp = 0, scale;
    bool        neg = false, dot = false;

    if (*p == '+' || *p == '-')
        neg = *p++ == '-';
    digits = p;
    for (; isdigit((unsigned char) *p) || (*p == '.' && !dot); p++) {
        if (*p == '.') {
            dot = true;
            continue;
        }
        if (ns + 1 >= sizeof(sig))
            return NUM_DECIMAL;                /* longer than any long or float needs */
        sig[ns++] = *p;
        nfrac += dot;
    }
    if (ns == 0)
        return NUM_NONE;
    if (*p == 'e' || *p == 'E') {
        const char *e = ++p;
        if (*p == '+' || *p == '-')
            p++;
        if (!isdigit((unsigned char) *p))
            return NUM_NONE;
        while (isdigit((unsigned char) *p))
            p++;
        if (p - e > 9)
            return NUM_DECIMAL;                /* beyond what a float shows: Decimal or error */
        exp = strtol(e, NULL, 10);
    }
    if (*p != '\0')
        return NUM_NONE;
    (void) digits;
    sig[ns] = '\0';
    scale = (long) nfrac - exp;
    for (lead = 0; lead < ns && sig[lead] == '0'; lead++)
        ;
    if (lead == ns) {                          /* zero, whatever its scale */
        *iv = 0;
        return NUM_INT;
    }
    /* The value is sig[lead..ns) * 10^-scale. */
    long intdigits = (long) (ns - lead) - scale;
    size_t trailing = 0;
    while (trailing < ns - lead && sig[ns - 1 - trailing] == '0')
        trailing++;
    bool whole = scale <= 0 || (long) trailing >= scale;
    if (whole && intdigits >= 1 && intdigits <= 19) {
        /* At most 19 digits: below 1e19, so only the long range is left to check. */
        char     num[32];
        size_t   k = 0;
        uint64_t u = 0, limit = neg ? (uint64_t) INT64_MAX + 1 : (uint64_t) INT64_MAX;
        bool     fits = true;
        for (long i = 0; i < intdigits; i++) {
            size_t at = lead + (size_t) i;
            num[k++] = at < ns ? sig[at] : '0';
        }
        for (size_t i = 0; i < k && fits; i++) {
            unsigned d = (unsigned) (num[i] - '0');
            if (u > (limit - d) / 10)
                fits = false;
            else
                u = u * 10 + d;
        }
        if (fits) {
            *iv = neg ? (int64_t) (0 - u) : (int64_t) u;
            return NUM_INT;
        }
    }
    if (scale != 0) {
        float  f = strtof(t, NULL);
        double d = strtod(t, NULL);
        if (isfinite(f)) {
            /* The double Float.toString's shortest digits name, as a JSON payload holds a
             * FLOAT32. */
            char buf[32];
            for (int prec = 1; prec <= 9; prec++) {
                snprintf(buf, sizeof(buf), "%.*g", prec, (double) f);
                if (strtof(buf, NULL) == f)
                    break;
            }
            *dv = strtod(buf, NULL);
            return NUM_FLOAT;
        }
        if (isfinite(d)) {
            *dv = d;
            return NUM_DOUBLE;
        }
    }
    return NUM_DECIMAL;
}

int
kc_values_parse_string(const char *s, json_t **schema, json_t **value, char *err,
                       size_t errlen)
{
    size_t   b = 0, e, tb, te, n = strlen(s), ntokens = 0;
    char    *t;
    int64_t  iv = 0;
    double   dv = 0;
    num_kind kind = NUM_NONE;

    *schema = NULL;
    *value = NULL;
    if (n == 0) {
        *schema = kc_schema_primitive("string", false);
        *value = json_string("");
        return KC_VALUES_OK;
    }
    for (size_t at = 0; at < n; at = token_end(s, at))
        ntokens++;
    e = token_end(s, 0);
    tb = b;
    te = e;
    trim(s, &tb, &te);
    t = kc_xstrndup(s + tb, te - tb);
    if (ntokens == 1 && (strcmp(t, "null") == 0 || strcmp(t, "true") == 0 ||
                         strcmp(t, "false") == 0)) {
        if (t[0] == 'n') {
            *value = json_null();
        } else {
            *schema = kc_schema_primitive("boolean", false);
            *value = json_boolean(t[0] == 't');
        }
        free(t);
        return KC_VALUES_OK;
    }
    if (strcmp(t, "[") == 0 || strcmp(t, "{") == 0) {
        snprintf(err, errlen, "Java would read %s as %s, which is not supported", s,
                 t[0] == '[' ? "an array" : "a map");
        free(t);
        return KC_VALUES_UNSUPPORTED;
    }
    if (isdigit((unsigned char) t[0])) {
        /* ValueParser tries a time or timestamp across the next four tokens, then a date,
         * time or timestamp in this one. */
        bool   temporal = temporal_candidate(t, strlen(t));
        size_t end = e;
        int    more = 0;
        while (more < 4 && end < n) {
            end = token_end(s, end);
            more++;
        }
        if (more == 4) {
            char *joined = kc_xasprintf("%s%.*s", t, (int) (end - e), s + e);
            temporal = temporal || temporal_candidate(joined, strlen(joined));
            free(joined);
        }
        if (temporal) {
            snprintf(err, errlen, "Java may read %s as a date, time or timestamp, which is not "
                     "supported", s);
            free(t);
            return KC_VALUES_UNSUPPORTED;
        }
    }
    if (unicode_digit(t)) {
        snprintf(err, errlen, "Java would read %s as a number in non-ASCII digits, which is not "
                 "supported", s);
        free(t);
        return KC_VALUES_UNSUPPORTED;
    }
    if (isdigit((unsigned char) t[0]) || t[0] == '+' || t[0] == '-')
        kind = parse_number(t, &iv, &dv);
    free(t);
    switch (kind) {
    case NUM_INT:
        *schema = kc_schema_primitive(iv == (int8_t) iv ? "int8" : iv == (int16_t) iv ? "int16"
                                      : iv == (int32_t) iv ? "int32" : "int64", false);
        *value = json_integer(iv);
        return KC_VALUES_OK;
    case NUM_FLOAT:
    case NUM_DOUBLE:
        *schema = kc_schema_primitive(kind == NUM_FLOAT ? "float" : "double", false);
        *value = json_real(dv);
        return KC_VALUES_OK;
    case NUM_DECIMAL:
        snprintf(err, errlen, "Java would read %s as a Decimal, which is not supported", s);
        return KC_VALUES_UNSUPPORTED;
    case NUM_NONE:
        break;
    }
    *schema = kc_schema_primitive("string", false);
    *value = json_string(s);
    return KC_VALUES_OK;
}
