/*
 * transforms/simple_date.c - see simple_date.h.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "transforms/simple_date.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/buf.h"
#include "lib/common.h"

/* A compiled pattern: fields (letter, count) and literal runs, in order. */
typedef struct {
    char   letter;           /* 0: literal */
    int    count;
    char  *text;             /* literal */
} sdf_item;

struct kc_sdf {
    sdf_item *items;
    size_t    n;
};

static void
add_item(kc_sdf *f, char letter, int count, const char *text, size_t len)
{
    /* Adjacent literals are one run. */
    if (letter == 0 && f->n > 0 && f->items[f->n - 1].letter == 0) {
        sdf_item *it = &f->items[f->n - 1];
        size_t    old = strlen(it->text);
        it->text = kc_xrealloc(it->text, old + len + 1);
        memcpy(it->text + old, text, len);
        it->text[old + len] = '\0';
        return;
    }
    f->items = kc_xrealloc(f->items, (f->n + 1) * sizeof(*f->items));
    f->items[f->n].letter = letter;
    f->items[f->n].count = count;
    f->items[f->n].text = letter == 0 ? kc_xstrndup(text, len) : NULL;
    f->n++;
}

int
kc_sdf_compile(const char *pattern, kc_sdf **out, char *err, size_t errlen)
{
    static const char java_letters[] = "GyMdkHmsSEDFwWahKzZYuXL";
    static const char supported[] = "GyMdkHmsSEDFahKzZXu";
    kc_sdf           *f = kc_xcalloc(1, sizeof(*f));
    size_t            i = 0, n = strlen(pattern);
    bool              quoted = false;

    *out = NULL;
    while (i < n) {
        char c = pattern[i];

        if (c == '\'') {
            if (i + 1 < n && pattern[i + 1] == '\'') {      /* '' is a quote, in or out */
                add_item(f, 0, 0, "'", 1);
                i += 2;
                continue;
            }
            quoted = !quoted;
            i++;
            continue;
        }
        if (quoted || !((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))) {
            add_item(f, 0, 0, &pattern[i], 1);
            i++;
            continue;
        }
        if (strchr(java_letters, c) == NULL) {
            snprintf(err, errlen, "Illegal pattern character '%c'", c);
            goto bad_java;
        }
        int count = 1;
        while (i + (size_t) count < n && pattern[i + (size_t) count] == c)
            count++;
        if (c == 'X' && count > 3) {
            snprintf(err, errlen, "invalid ISO 8601 format: length=%d", count);
            goto bad_java;
        }
        if (strchr(supported, c) == NULL) {
            snprintf(err, errlen, "pattern letter '%c' (week-based or standalone field) is not "
                     "supported", c);
            kc_sdf_free(f);
            return KC_SDF_UNSUPPORTED;
        }
        add_item(f, c, count, NULL, 0);
        i += (size_t) count;
    }
    if (quoted) {
        snprintf(err, errlen, "Unterminated quote");
        goto bad_java;
    }
    *out = f;
    return KC_SDF_OK;
bad_java:
    kc_sdf_free(f);
    return KC_SDF_JAVA_ERROR;
}

void
kc_sdf_free(kc_sdf *f)
{
    if (f == NULL)
        return;
    for (size_t i = 0; i < f->n; i++)
        free(f->items[i].text);
    free(f->items);
    free(f);
}

/* ===== The calendar: java.util.GregorianCalendar's default, Julian before 1582-10-15 ===== */

typedef struct {
    int64_t year;            /* proleptic: 0 is 1 BC */
    int     month;           /* 1..12 */
    int     day;             /* 1..31 */
    int     day_of_year;     /* 1..366 */
    int     day_index;       /* the day's place in its month: day but for October 1582 */
    int     dow;             /* 1 Sunday .. 7 Saturday */
    int     hour, minute, second, millis;
} civil;

static int64_t
floor_div(int64_t a, int64_t b)
{
    int64_t q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

static bool
leap(int64_t y, bool julian)
{
    if (julian)
        return floor_div(y, 4) * 4 == y;
    return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

static void
to_civil(int64_t ms, civil *c)
{
    static const int cum[] = { 0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334 };
    int64_t days = floor_div(ms, 86400000), rem = ms - days * 86400000;
    int64_t jdn = days + 2440588;                  /* Julian day number of the date */
    bool    julian = jdn < 2299161;                /* 1582-10-15, Gregorian */
    int64_t a, b, cc, d, e, m;

    /* Richards' algorithm: the date of a Julian day number in either calendar. */
    if (julian) {
        b = 0;
        cc = jdn + 32082;
    } else {
        a = jdn + 32044;
        b = floor_div(4 * a + 3, 146097);
        cc = a - floor_div(146097 * b, 4);
    }
    d = floor_div(4 * cc + 3, 1461);
    e = cc - floor_div(1461 * d, 4);
    m = floor_div(5 * e + 2, 153);
    c->day = (int) (e - floor_div(153 * m + 2, 5) + 1);
    c->month = (int) (m + 3 - 12 * floor_div(m, 10));
    c->year = 100 * b + d - 4800 + floor_div(m, 10);
    c->day_of_year = cum[c->month - 1] + c->day + (c->month > 2 && leap(c->year, julian));
    c->day_index = c->day;
    if (!julian && c->year == 1582) {
        /* Java counts the days the switch to Gregorian skipped as not there. */
        c->day_of_year -= 10;
        if (c->month == 10)
            c->day_index -= 10;
    }
    c->dow = (int) ((jdn + 1) % 7 + 7) % 7 + 1;
    c->hour = (int) (rem / 3600000);
    c->minute = (int) (rem / 60000 % 60);
    c->second = (int) (rem / 1000 % 60);
    c->millis = (int) (rem % 1000);
}

/* v in at least min_digits digits, zero-padded (a pattern letter repeated any number of
 * times asks for that many). */
static void
put_num(kc_wbuf *out, int64_t v, int min_digits)
{
    char buf[32];
    int  len = snprintf(buf, sizeof(buf), "%lld", (long long) (v < 0 ? -v : v));

    if (v < 0)
        kc_wbuf_raw(out, "-", 1);
    for (int i = len; i < min_digits; i++)
        kc_wbuf_raw(out, "0", 1);
    kc_wbuf_raw(out, buf, (size_t) len);
}

static void
put_str(kc_wbuf *out, const char *s)
{
    kc_wbuf_raw(out, s, strlen(s));
}

char *
kc_sdf_format(const kc_sdf *f, int64_t ms)
{
    static const char *const months[] = {
        "January", "February", "March", "April", "May", "June", "July", "August",
        "September", "October", "November", "December",
    };
    static const char *const days[] = {
        "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday",
    };
    kc_wbuf out;
    civil   c;
    char    abbr[4];

    to_civil(ms, &c);
    /* Java shows years before 1 AD as a positive year of the BC era. */
    int64_t year = c.year > 0 ? c.year : 1 - c.year;
    kc_wbuf_init(&out);
    for (size_t i = 0; i < f->n; i++) {
        const sdf_item *it = &f->items[i];
        int             n = it->count;

        switch (it->letter) {
        case 0:   put_str(&out, it->text); break;
        case 'G': put_str(&out, c.year > 0 ? "AD" : "BC"); break;
        case 'y':
            if (n == 2)
                put_num(&out, year % 100, 2);
            else
                put_num(&out, year, n);
            break;
        case 'M':
            if (n >= 4) {
                put_str(&out, months[c.month - 1]);
            } else if (n == 3) {
                snprintf(abbr, sizeof(abbr), "%.3s", months[c.month - 1]);
                put_str(&out, abbr);
            } else {
                put_num(&out, c.month, n);
            }
            break;
        case 'd': put_num(&out, c.day, n); break;
        case 'k': put_num(&out, c.hour == 0 ? 24 : c.hour, n); break;
        case 'H': put_num(&out, c.hour, n); break;
        case 'm': put_num(&out, c.minute, n); break;
        case 's': put_num(&out, c.second, n); break;
        case 'S': put_num(&out, c.millis, n); break;
        case 'E':
            if (n >= 4) {
                put_str(&out, days[c.dow - 1]);
            } else {
                snprintf(abbr, sizeof(abbr), "%.3s", days[c.dow - 1]);
                put_str(&out, abbr);
            }
            break;
        case 'D': put_num(&out, c.day_of_year, n); break;
        case 'F': put_num(&out, (c.day_index - 1) / 7 + 1, n); break;
        case 'u': put_num(&out, c.dow == 1 ? 7 : c.dow - 1, n); break;
        case 'a': put_str(&out, c.hour < 12 ? "AM" : "PM"); break;
        case 'h': put_num(&out, c.hour % 12 == 0 ? 12 : c.hour % 12, n); break;
        case 'K': put_num(&out, c.hour % 12, n); break;
        case 'z': put_str(&out, n >= 4 ? "Coordinated Universal Time" : "UTC"); break;
        case 'Z': put_str(&out, "+0000"); break;
        case 'X': put_str(&out, "Z"); break;
        }
    }
    kc_wbuf_raw(&out, "", 1);
    return (char *) out.buf;
}
