/*
 * lib/simple_date.c - see simple_date.h.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "lib/simple_date.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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

static bool
leap(int64_t y, bool julian)
{
    if (julian)
        return kc_floor_div(y, 4) * 4 == y;
    return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

static void
to_civil(int64_t ms, civil *c)
{
    static const int cum[] = { 0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334 };
    int64_t days = kc_floor_div(ms, 86400000), rem = ms - days * 86400000;
    int64_t jdn = days + 2440588;                  /* Julian day number of the date */
    bool    julian = jdn < 2299161;                /* 1582-10-15, Gregorian */
    int64_t a, b, cc, d, e, m;

    /* Richards' algorithm: the date of a Julian day number in either calendar. */
    if (julian) {
        b = 0;
        cc = jdn + 32082;
    } else {
        a = jdn + 32044;
        b = kc_floor_div(4 * a + 3, 146097);
        cc = a - kc_floor_div(146097 * b, 4);
    }
    d = kc_floor_div(4 * cc + 3, 1461);
    e = cc - kc_floor_div(1461 * d, 4);
    m = kc_floor_div(5 * e + 2, 153);
    c->day = (int) (e - kc_floor_div(153 * m + 2, 5) + 1);
    c->month = (int) (m + 3 - 12 * kc_floor_div(m, 10));
    c->year = 100 * b + d - 4800 + kc_floor_div(m, 10);
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

const kc_sdf_zone kc_sdf_utc = { 0, "UTC" };

/* A zone's short name as Java shows it: glibc's abbreviation, or, for a zone that has
 * none ("+0545"), its offset. */
static void
zone_name(const struct tm *tm, kc_sdf_zone *zone)
{
    if (tm->tm_zone != NULL && tm->tm_zone[0] != '+' && tm->tm_zone[0] != '-') {
        snprintf(zone->name, sizeof(zone->name), "%s", tm->tm_zone);
    } else {
        int m = (int) (labs(tm->tm_gmtoff) / 60 % 6000);
        snprintf(zone->name, sizeof(zone->name), "GMT%c%02d:%02d",
                 tm->tm_gmtoff < 0 ? '-' : '+', m / 60, m % 60);
    }
}

void
kc_sdf_local_zone(int64_t ms, kc_sdf_zone *zone)
{
    time_t    t = (time_t) kc_floor_div(ms, 1000);
    time_t    probe[] = { 1704067200, 1719792000 };          /* January, July 2024 */
    struct tm tm, std, dst, p;
    bool      have_std = false, have_dst = false;

    *zone = kc_sdf_utc;
    if (localtime_r(&t, &tm) == NULL)
        return;
    /* Java names a zone by its standard or daylight name of today, whatever the time's
     * own abbreviation was; before 1900 it keeps no history: today's standard offset. */
    for (int i = 0; i < 2; i++) {
        if (localtime_r(&probe[i], &p) == NULL)
            continue;
        if (p.tm_isdst > 0 && !have_dst) {
            dst = p;
            have_dst = true;
        } else if (p.tm_isdst <= 0 && !have_std) {
            std = p;
            have_std = true;
        }
    }
    if (t < -2208988800 && have_std)
        tm = std;
    zone->offset_ms = (int64_t) tm.tm_gmtoff * 1000;
    zone_name(tm.tm_isdst > 0 && have_dst ? &dst : have_std ? &std : &tm, zone);
}

/* The fixed formats of Date.toString and of Connect's date texts, compiled once (a compiled
 * format is immutable: any thread formats with it). */
enum { JAVA_DATE, HEADER_TIME, HEADER_DATE, HEADER_TIMESTAMP };

static kc_sdf        *fixed[4];
static pthread_once_t fixed_once = PTHREAD_ONCE_INIT;

static void
compile_fixed(void)
{
    static const char *const patterns[] = {
        "EEE MMM dd HH:mm:ss zzz y", "HH:mm:ss.SSS'Z'", "yyyy-MM-dd",
        "yyyy-MM-dd'T'HH:mm:ss.SSS'Z'",
    };
    char err[128];

    for (size_t i = 0; i < 4; i++)
        if (kc_sdf_compile(patterns[i], &fixed[i], err, sizeof(err)) != KC_SDF_OK)
            abort();
}

/* A fixed format at ms in this process's zone. */
static char *
format_local(int which, int64_t ms)
{
    kc_sdf_zone zone;

    pthread_once(&fixed_once, compile_fixed);
    kc_sdf_local_zone(ms, &zone);
    return kc_sdf_format_in(fixed[which], ms, &zone);
}

char *
kc_java_date_string(int64_t ms)
{
    return format_local(JAVA_DATE, ms);
}

char *
kc_java_header_date_string(int64_t ms)
{
    if (ms < 86400000)
        return format_local(HEADER_TIME, ms);
    if (ms % 86400000 == 0)
        return format_local(HEADER_DATE, ms);
    return format_local(HEADER_TIMESTAMP, ms);
}

/* The zone's offset as RFC 822 (Z: -0800) or ISO 8601 (X: Z, -08, -0800, -08:00). */
static void
put_offset(kc_wbuf *out, int64_t offset_ms, char letter, int n)
{
    int64_t minutes = (offset_ms < 0 ? -offset_ms : offset_ms) / 60000;

    if (letter == 'X' && offset_ms == 0) {
        kc_wbuf_raw(out, "Z", 1);
        return;
    }
    kc_wbuf_raw(out, offset_ms < 0 ? "-" : "+", 1);
    put_num(out, minutes / 60, 2);
    if (letter == 'X' && n == 1)
        return;
    if (letter == 'X' && n == 3)
        kc_wbuf_raw(out, ":", 1);
    put_num(out, minutes % 60, 2);
}

char *
kc_sdf_format(const kc_sdf *f, int64_t ms)
{
    return kc_sdf_format_in(f, ms, &kc_sdf_utc);
}

char *
kc_sdf_format_in(const kc_sdf *f, int64_t ms, const kc_sdf_zone *zone)
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

    to_civil(ms + zone->offset_ms, &c);
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
        case 'z':
            put_str(&out, n >= 4 && strcmp(zone->name, "UTC") == 0
                          ? "Coordinated Universal Time" : zone->name);
            break;
        case 'Z':
        case 'X': put_offset(&out, zone->offset_ms, it->letter, n); break;
        }
    }
    kc_wbuf_raw(&out, "", 1);
    return (char *) out.buf;
}

/* ===== Parsing: SimpleDateFormat.parse, lenient GregorianCalendar in UTC ===== */

#include "lib/numbers.h"

int
kc_sdf_parse_check(const kc_sdf *f, char *why, size_t whylen)
{
    bool has_day = false;

    for (size_t i = 0; i < f->n; i++)
        has_day = has_day || f->items[i].letter == 'd' || f->items[i].letter == 'D';
    for (size_t i = 0; i < f->n; i++) {
        char c = f->items[i].letter;
        if (c == 'z' || c == 'Z') {
            snprintf(why, whylen, "pattern letter '%c' is not supported for parsing (Java reads "
                     "any time zone name it knows there); use X for an ISO 8601 offset", c);
            return -1;
        }
        if (c == 'F' || c == 'u') {
            snprintf(why, whylen, "pattern letter '%c' is not supported for parsing", c);
            return -1;
        }
        if (c == 'E' && !has_day) {
            snprintf(why, whylen, "pattern letter 'E' is supported for parsing only with a day "
                     "of the month (d) or of the year (D)");
            return -1;
        }
    }
    return 0;
}

/* Days from 1970-01-01 of year-month-01 (month 1..12), proleptic Gregorian or Julian (year 0
 * is 1 BC), as Java's BaseCalendar and JulianCalendar compute their fixed dates. */
static int64_t
month_start(int64_t year, int month, bool julian)
{
    static const int cum[] = { 0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334 };
    int64_t          prev = year - 1, days;

    if (julian)
        days = -2 + 365 * prev + kc_floor_div(prev, 4) - 719163 + 1;
    else
        days = 365 * prev + kc_floor_div(prev, 4) - kc_floor_div(prev, 100) + kc_floor_div(prev, 400) -
               719163 + 1;
    days += cum[month - 1];
    if (month > 2 && leap(year, julian))
        days++;
    return days;
}

int64_t
kc_sdf_century_start(int64_t now_ms)
{
    civil   c;
    int64_t day, rem = now_ms - kc_floor_div(now_ms, 86400000) * 86400000;

    to_civil(now_ms, &c);
    day = c.day;
    /* Calendar.add(YEAR, -80): the same day, or the month's last day when there is none. */
    if (c.month == 2 && day == 29 && !leap(c.year - 80, c.year - 80 < 1582))
        day = 28;
    return (month_start(c.year - 80, c.month, c.year - 80 < 1582) + day - 1) * 86400000 + rem;
}

/* The fields CalendarBuilder collects, each with the order it was set in (0: not set). */
enum { F_ERA, F_YEAR, F_MONTH, F_DOM, F_DOY, F_DOW, F_AMPM, F_HOUR, F_HOUR_OF_DAY, F_MINUTE,
       F_SECOND, F_MILLIS, F_ZONE, F_N };

typedef struct {
    int32_t v[F_N];
    int     stamp[F_N];
    int     next;
} cal_fields;

static void
cal_set(cal_fields *cb, int field, int32_t v)
{
    cb->v[field] = v;
    cb->stamp[field] = ++cb->next;
}

/* The text as Java's UTF-16 units (a code point beyond U+FFFF as its two surrogates). */
static uint16_t *
utf16(const char *s, size_t *n)
{
    const unsigned char *p = (const unsigned char *) s;
    uint16_t            *u = kc_xcalloc(strlen(s) + 1, sizeof(uint16_t));
    size_t               k = 0;

    while (*p != '\0') {
        uint32_t c;
        size_t   len = *p < 0x80 ? 1 : *p < 0xe0 ? 2 : *p < 0xf0 ? 3 : 4;
        for (size_t i = 1; i < len; i++)
            if ((p[i] & 0xc0) != 0x80)
                len = 1;
        c = len == 1 ? *p : len == 2 ? ((uint32_t) (p[0] & 0x1f) << 6) | (p[1] & 0x3f)
            : len == 3 ? ((uint32_t) (p[0] & 0x0f) << 12) | ((uint32_t) (p[1] & 0x3f) << 6) |
                         (p[2] & 0x3f)
            : ((uint32_t) (p[0] & 0x07) << 18) | ((uint32_t) (p[1] & 0x3f) << 12) |
              ((uint32_t) (p[2] & 0x3f) << 6) | (p[3] & 0x3f);
        if (len == 1 && *p >= 0x80)
            c = 0xfffd;                             /* malformed: Java's decoder replaces it */
        if (c >= 0x10000) {
            u[k++] = (uint16_t) (0xd800 + ((c - 0x10000) >> 10));
            u[k++] = (uint16_t) (0xdc00 + ((c - 0x10000) & 0x3ff));
        } else {
            u[k++] = (uint16_t) c;
        }
        p += len;
    }
    *n = k;
    return u;
}

/* Character.toUpperCase for what can equal an ASCII letter. */
static uint16_t
fold(uint16_t c)
{
    if (c >= 'a' && c <= 'z')
        return (uint16_t) (c - 32);
    return c == 0x131 ? 'I' : c == 0x17f ? 'S' : c == 0x212a ? 'K' : c;
}

/* matchString: the longest of names[from..n) at t[start..) ignoring case; its index in *at,
 * the end returned, or -1. */
static long
match_name(const uint16_t *t, size_t len, size_t start, const char *const *names, int from,
           int n, int *at)
{
    size_t best = 0;

    *at = -1;
    for (int i = from; i < n; i++) {
        size_t k, l = strlen(names[i]);
        if (l <= best || start + l > len)
            continue;
        for (k = 0; k < l && fold(t[start + k]) == fold((uint16_t) names[i][k]); k++)
            ;
        if (k == l) {
            best = l;
            *at = i;
        }
    }
    return *at >= 0 ? (long) (start + best) : -1;
}

/* DecimalFormat's integer parse (NumberFormat.getIntegerInstance, no grouping) of
 * t[p..limit) and Number.intValue() of its result: the end, or -1. The value is
 * 0.digits x 10^decimalAt, decimalAt an int (the exponent's low 32 bits added, wrapping); a
 * Long when it is whole and fits (its low 32 bits), else a Double (saturating). */
static long
parse_int(const uint16_t *t, size_t p, size_t limit, int32_t *value)
{
    static const uint16_t nan[] = { 'N', 'a', 'N' };
    char     digits[72];
    size_t   nd = 0, q = p, all = 0;
    uint32_t count = 0;                             /* significant digits */
    bool     neg = false;
    int32_t  decimal_at;

    if (p + 3 <= limit && memcmp(t + p, nan, sizeof(nan)) == 0) {
        *value = 0;                                 /* NaN */
        return (long) p + 3;
    }
    if (q < limit && t[q] == '-') {
        neg = true;
        q++;
    }
    if (q < limit && t[q] == 0x221e) {             /* the infinity sign */
        *value = neg ? INT32_MIN : INT32_MAX;
        return (long) q + 1;
    }
    for (; q < limit; q++) {
        int d = t[q] >= '0' && t[q] <= '9' ? t[q] - '0' : kc_java_digit(t[q]);
        if (d < 0)
            break;
        all++;
        if (count == 0 && d == 0)
            continue;                               /* leading zeros */
        count++;
        if (nd < sizeof(digits) - 1)
            digits[nd++] = (char) ('0' + d);        /* more do not change a double */
    }
    if (all == 0)
        return -1;
    decimal_at = (int32_t) count;
    if (q + 1 < limit && t[q] == 'E') {
        /* The exponent, when its digits make a long: its low 32 bits. */
        size_t   r = q + 1, ne = 0;
        bool     eneg = false, fits = true;
        uint64_t e = 0;
        if (t[r] == '-') {
            eneg = true;
            r++;
        }
        for (; r < limit; r++, ne++) {
            int d = t[r] >= '0' && t[r] <= '9' ? t[r] - '0' : kc_java_digit(t[r]);
            if (d < 0)
                break;
            if (e > (UINT64_MAX - (uint64_t) d) / 10)
                fits = false;
            else
                e = e * 10 + (uint64_t) d;
        }
        if (fits && e > (eneg ? (uint64_t) INT64_MAX + 1 : (uint64_t) INT64_MAX))
            fits = false;
        if (ne > 0 && fits) {
            uint32_t low = (uint32_t) e;
            decimal_at = (int32_t) ((uint32_t) decimal_at + (eneg ? 0u - low : low));
            q = r;
        }
    }
    while (nd > 0 && digits[nd - 1] == '0')
        nd--;                                       /* trailing zeros change nothing */
    digits[nd] = '\0';
    if (nd == 0) {
        *value = 0;
    } else if (decimal_at >= (int32_t) nd && decimal_at <= 19 && count <= 19) {
        uint64_t u = 0, max = neg ? (uint64_t) INT64_MAX + 1 : (uint64_t) INT64_MAX;
        bool     fits = true;
        for (int32_t i = 0; i < decimal_at && fits; i++) {
            unsigned d = i < (int32_t) nd ? (unsigned) (digits[i] - '0') : 0;
            if (u > (max - d) / 10)
                fits = false;
            else
                u = u * 10 + d;
        }
        if (fits)
            *value = (int32_t) (uint32_t) (neg ? 0 - u : u);
        else
            *value = neg ? INT32_MIN : INT32_MAX;
    } else {
        char   text[112];
        double x;
        snprintf(text, sizeof(text), "%s0.%sE%d", neg ? "-" : "", digits, (int) decimal_at);
        x = strtod(text, NULL);
        *value = x >= 2147483647.0 ? INT32_MAX : x <= -2147483648.0 ? INT32_MIN : (int32_t) x;
    }
    return (long) q;
}

/* subParseNumericZone: "hh[[:]mm]" after the sign at t[p]; the end or -1. */
static long
parse_zone(const uint16_t *t, size_t len, size_t p, int sign, int count, bool colon,
           cal_fields *cb)
{
    int hours, minutes = 0;

#define ZDIGIT(i) ((i) < len && t[i] >= '0' && t[i] <= '9')
    if (!ZDIGIT(p))
        return -1;
    hours = t[p++] - '0';
    if (ZDIGIT(p)) {
        hours = hours * 10 + (t[p++] - '0');
    } else if (count > 0 || !colon || p >= len) {
        return -1;
    }
    if (hours > 23)
        return -1;
    if (count != 1) {
        if (colon) {
            if (p >= len || t[p] != ':')
                return -1;
            p++;
        }
        if (!ZDIGIT(p) || !ZDIGIT(p + 1))
            return -1;
        minutes = (t[p] - '0') * 10 + (t[p + 1] - '0');
        p += 2;
        if (minutes > 59)
            return -1;
    }
#undef ZDIGIT
    cal_set(cb, F_ZONE, (minutes + hours * 60) * 60000 * sign);
    return (long) p;
}

static bool
numeric_letter(char c, int count)
{
    return c == 'M' ? count <= 2 : strchr("ydkHmsSDhK", c) != NULL;
}

/* subParse of one field at t[start..); the end, or -1. */
static long
sub_parse(const uint16_t *t, size_t len, size_t start, char letter, int count, bool obey,
          int32_t century_year, bool *ambiguous, cal_fields *cb)
{
    static const char *const eras[] = { "BC", "AD" };
    static const char *const ampm[] = { "AM", "PM" };
    static const char *const months[] = {
        "January", "February", "March", "April", "May", "June", "July", "August",
        "September", "October", "November", "December",
    };
    static const char *const short_months[] = {
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    };
    static const char *const days[] = {
        "", "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday",
    };
    static const char *const short_days[] = {
        "", "Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat",
    };
    size_t  p = start, actual;
    int32_t value = 0;
    long    end;
    int     at;

    for (;;) {
        if (p >= len)
            return -1;
        if (t[p] != ' ' && t[p] != '\t')
            break;
        p++;
    }
    actual = p;
    if (numeric_letter(letter, count)) {
        size_t limit = len;
        if (obey) {
            if (start + (size_t) count > len)
                return -1;
            limit = start + (size_t) count;
        }
        if ((end = parse_int(t, p, limit, &value)) < 0)
            return -1;
        p = (size_t) end;
    }
    switch (letter) {
    case 'G':
        end = match_name(t, len, start, eras, 0, 2, &at);
        if (end > 0)
            cal_set(cb, F_ERA, at);
        return end;
    case 'y':
        if (count <= 2 && p - actual == 2 && kc_java_digit(t[actual]) >= 0 &&
            kc_java_digit(t[actual + 1]) >= 0) {
            int32_t two = century_year % 100;
            *ambiguous = value == two;
            value += (century_year / 100) * 100 + (value < two ? 100 : 0);
        }
        cal_set(cb, F_YEAR, value);
        return (long) p;
    case 'M':
        if (count <= 2) {
            cal_set(cb, F_MONTH, (int32_t) ((uint32_t) value - 1));
            return (long) p;
        }
        end = match_name(t, len, start, months, 0, 12, &at);
        if (end < 0)
            end = match_name(t, len, start, short_months, 0, 12, &at);
        if (end > 0)
            cal_set(cb, F_MONTH, at);
        return end;
    case 'k':
        cal_set(cb, F_HOUR_OF_DAY, value == 24 ? 0 : value);
        return (long) p;
    case 'h':
        cal_set(cb, F_HOUR, value == 12 ? 0 : value);
        return (long) p;
    case 'E':
        end = match_name(t, len, start, days, 1, 8, &at);
        if (end < 0)
            end = match_name(t, len, start, short_days, 1, 8, &at);
        if (end > 0)
            cal_set(cb, F_DOW, at);
        return end;
    case 'a':
        end = match_name(t, len, start, ampm, 0, 2, &at);
        if (end > 0)
            cal_set(cb, F_AMPM, at);
        return end;
    case 'X':
        if (t[p] == 'Z') {
            cal_set(cb, F_ZONE, 0);
            return (long) p + 1;
        }
        if (t[p] != '+' && t[p] != '-')
            return -1;
        return parse_zone(t, len, p + 1, t[p] == '+' ? 1 : -1, count, count == 3, cb);
    default:
        break;
    }
    switch (letter) {
    case 'd': cal_set(cb, F_DOM, value); break;
    case 'D': cal_set(cb, F_DOY, value); break;
    case 'H': cal_set(cb, F_HOUR_OF_DAY, value); break;
    case 'K': cal_set(cb, F_HOUR, value); break;
    case 'm': cal_set(cb, F_MINUTE, value); break;
    case 's': cal_set(cb, F_SECOND, value); break;
    case 'S': cal_set(cb, F_MILLIS, value); break;
    default:  return -1;
    }
    return (long) p;
}

/* The fixed date (days from the epoch) of the date fields in one calendar
 * (GregorianCalendar.getFixedDate): month-based, or day-of-year-based when doy. */
static int64_t
fixed_date(const cal_fields *cb, int32_t year, bool doy, bool julian)
{
    int32_t month = 0;
    int64_t fd;

    if (!doy) {
        month = cb->v[F_MONTH];
        if (month > 11) {
            year = (int32_t) ((uint32_t) year + (uint32_t) (month / 12));
            month %= 12;
        } else if (month < 0) {
            int32_t q = (int32_t) kc_floor_div(month, 12);
            year = (int32_t) ((uint32_t) year + (uint32_t) q);
            month -= q * 12;
        }
    }
    fd = month_start(year, month + 1, julian);
    if (!doy) {
        if (cb->stamp[F_DOM] != 0)
            fd += (int64_t) cb->v[F_DOM] - 1;
    } else {
        fd += (int64_t) cb->v[F_DOY] - 1;
    }
    return fd;
}

/* fd days and tod ms, less the zone offset, in Java's wrapping long arithmetic. */
static int64_t
wall_ms(int64_t fd, int64_t tod, int32_t zone)
{
    return (int64_t) ((uint64_t) fd * 86400000u + (uint64_t) tod - (uint64_t) (int64_t) zone);
}

/* CalendarBuilder.establish(calendar).getTime(): the fields resolved as a lenient
 * GregorianCalendar in UTC resolves them. */
static int64_t
establish(const cal_fields *cb)
{
    const int64_t cutover = -141427;                /* 1582-10-15 */
    int32_t       year = cb->stamp[F_YEAR] != 0 ? cb->v[F_YEAR] : 1970;
    int           hour_stamp, best;
    int64_t       tod, fd, gfd, jfd;
    bool          doy, hour_of_day, use_ampm = false;

    if (cb->stamp[F_ERA] != 0 && cb->v[F_ERA] == 0)
        year = (int32_t) (1u - (uint32_t) year);
    /* Time of day: HOUR_OF_DAY or HOUR (with AM_PM), whichever was set last. */
    hour_stamp = cb->stamp[F_HOUR] != 0 && cb->stamp[F_AMPM] != 0
                 ? (cb->stamp[F_HOUR] > cb->stamp[F_AMPM] ? cb->stamp[F_HOUR] : cb->stamp[F_AMPM])
                 : 0;
    best = hour_stamp > cb->stamp[F_HOUR_OF_DAY] ? hour_stamp : cb->stamp[F_HOUR_OF_DAY];
    if (best == 0)
        best = cb->stamp[F_HOUR] > cb->stamp[F_AMPM] ? cb->stamp[F_HOUR] : cb->stamp[F_AMPM];
    hour_of_day = best != 0 && best == cb->stamp[F_HOUR_OF_DAY];
    if (best != 0 && !hour_of_day)
        use_ampm = cb->stamp[F_AMPM] != 0;
    if (hour_of_day) {
        tod = cb->v[F_HOUR_OF_DAY];
    } else {
        tod = cb->stamp[F_HOUR] != 0 ? cb->v[F_HOUR] : 0;
        if (use_ampm)
            tod += 12 * cb->v[F_AMPM];
    }
    tod = ((tod * 60 + cb->v[F_MINUTE]) * 60 + cb->v[F_SECOND]) * 1000 + cb->v[F_MILLIS];
    fd = tod / 86400000;
    tod %= 86400000;
    while (tod < 0) {
        tod += 86400000;
        fd--;
    }
    /* The date: day of the year when it was set after the day of the month. */
    doy = cb->stamp[F_DOY] != 0 && cb->stamp[F_DOY] > cb->stamp[F_DOM];
    if (year > 1582) {
        gfd = fd + fixed_date(cb, year, doy, false);
        if (gfd >= cutover)
            return wall_ms(gfd, tod, cb->v[F_ZONE]);
        jfd = fd + fixed_date(cb, year, doy, true);
    } else if (year < 1582) {
        jfd = fd + fixed_date(cb, year, doy, true);
        if (jfd < cutover)
            return wall_ms(jfd, tod, cb->v[F_ZONE]);
        gfd = jfd;
    } else {
        jfd = fd + fixed_date(cb, year, doy, true);
        gfd = fd + fixed_date(cb, year, doy, false);
    }
    if (doy)
        fd = jfd;                                   /* the cutover year's days count as Julian */
    else if (gfd >= cutover)
        fd = gfd;                                   /* an overlap cannot arise in 1582 */
    else
        fd = jfd;
    return wall_ms(fd, tod, cb->v[F_ZONE]);
}

int
kc_sdf_parse(const kc_sdf *f, const char *text, int64_t century_start, int64_t *ms)
{
    size_t     len, start = 0;
    uint16_t  *t = utf16(text, &len);
    cal_fields cb;
    bool       ambiguous = false;
    civil      c;
    int32_t    century_year;
    int        rc = 0;

    memset(&cb, 0, sizeof(cb));
    to_civil(century_start, &c);
    century_year = (int32_t) c.year;
    for (size_t i = 0; i < f->n && rc == 0; i++) {
        const sdf_item *it = &f->items[i];
        if (it->letter == 0) {
            size_t    n;
            uint16_t *lit = utf16(it->text, &n);
            for (size_t k = 0; k < n && rc == 0; k++, start++)
                if (start >= len || t[start] != lit[k])
                    rc = -1;
            free(lit);
            continue;
        }
        bool obey = i + 1 < f->n && f->items[i + 1].letter != 0 &&
                    numeric_letter(f->items[i + 1].letter, f->items[i + 1].count) &&
                    f->items[i + 1].letter != 'X';
        long end = sub_parse(t, len, start, it->letter, it->count, obey, century_year,
                             &ambiguous, &cb);
        if (end < 0)
            rc = -1;
        else
            start = (size_t) end;
    }
    free(t);
    if (rc != 0 || start == 0)
        return -1;
    *ms = establish(&cb);
    if (ambiguous && *ms < century_start) {
        cb.v[F_YEAR] = (int32_t) ((uint32_t) cb.v[F_YEAR] + 100u);
        *ms = establish(&cb);
    }
    return 0;
}
