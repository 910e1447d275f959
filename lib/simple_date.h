/*
 * lib/simple_date.h - java.text.SimpleDateFormat's format() with an English locale, in
 * UTC (TimestampRouter's and TimestampConverter's formats) or in this process's zone
 * (Java's Date.toString and Connect's header text of dates).
 *
 * Letters G y M d k H m s S E D F u a h K z Z X and quoted text ('' a quote) are written as
 * Java writes them, the Julian calendar before 1582-10-15 included. Java's week fields (w W
 * Y) and standalone months (L) are refused rather than guessed.
 * A compiled format is immutable: any thread may format with it.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_SIMPLE_DATE_H
#define KC_SIMPLE_DATE_H

#include <stddef.h>
#include <stdint.h>

typedef struct kc_sdf kc_sdf;

enum {
    KC_SDF_OK = 0,
    KC_SDF_JAVA_ERROR = -1,     /* Java refuses the pattern: err has its message */
    KC_SDF_UNSUPPORTED = -2,    /* Java accepts it but it is not implemented here */
};

/* A time zone at one instant: its offset from UTC and its short name ("UTC", "CET"). */
typedef struct kc_sdf_zone {
    int64_t offset_ms;
    char    name[16];
} kc_sdf_zone;

extern const kc_sdf_zone kc_sdf_utc;

/* The zone of this process (TZ, else the system's; the JVM's default TimeZone) at ms. */
void kc_sdf_local_zone(int64_t ms, kc_sdf_zone *zone);

/* Compiles pattern into *out (new, kc_sdf_free), or an error above with its message. */
int  kc_sdf_compile(const char *pattern, kc_sdf **out, char *err, size_t errlen);
/* The time ms (since the epoch) formatted in UTC, or in zone. New string. */
char *kc_sdf_format(const kc_sdf *f, int64_t ms);
char *kc_sdf_format_in(const kc_sdf *f, int64_t ms, const kc_sdf_zone *zone);
void kc_sdf_free(kc_sdf *f);

/* java.util.Date's toString() of ms in this process's zone: "Thu Jan 01 00:00:00 UTC 1970".
 * New string. */
char *kc_java_date_string(int64_t ms);
/* Connect's text of a date (Values.dateFormatFor, in this process's zone): a time of day
 * ("HH:mm:ss.SSS'Z'") below one day since the epoch, a date ("yyyy-MM-dd") on a whole day,
 * else a timestamp ("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'"). New string. */
char *kc_java_header_date_string(int64_t ms);

/* ===== Parsing ===== */

/* Whether f parses as SimpleDateFormat.parse does (letters G y M d D E a h H k K m s S X
 * and text; E only with d or D, which decide the day then): 0, or -1 with what cannot be
 * parsed the same way in why (the time zones z and Z, which Java also reads as any zone
 * name it knows; F and u, which take part in Java's resolution of the date). */
int kc_sdf_parse_check(const kc_sdf *f, char *why, size_t whylen);

/* java.text.SimpleDateFormat's defaultCenturyStart for a format made at now_ms (ms since
 * the epoch): the same instant 80 years earlier in UTC. */
int64_t kc_sdf_century_start(int64_t now_ms);

/* SimpleDateFormat.parse(text) in UTC, lenient, with the English symbols: a two-digit year
 * read in the century after century_start (kc_sdf_century_start); text after what the
 * pattern reads is ignored. 0 with *ms, or -1 where Java throws ParseException. f must
 * have passed kc_sdf_parse_check. */
int kc_sdf_parse(const kc_sdf *f, const char *text, int64_t century_start, int64_t *ms);

#endif
