/*
 * transforms/simple_date.h - java.text.SimpleDateFormat's format() in UTC with an English
 * locale, for TimestampRouter's timestamp.format.
 *
 * Letters G y M d k H m s S E D F u a h K z Z X and quoted text ('' a quote) are written as
 * Java writes them, the Julian calendar before 1582-10-15 included. Java's week fields (w W
 * Y) and standalone months (L) are refused rather than guessed.
 * A compiled format is immutable: any thread may format with it.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_TF_SIMPLE_DATE_H
#define KC_TF_SIMPLE_DATE_H

#include <stddef.h>
#include <stdint.h>

typedef struct kc_sdf kc_sdf;

enum {
    KC_SDF_OK = 0,
    KC_SDF_JAVA_ERROR = -1,     /* Java refuses the pattern: err has its message */
    KC_SDF_UNSUPPORTED = -2,    /* Java accepts it but it is not implemented here */
};

/* Compiles pattern into *out (new, kc_sdf_free), or an error above with its message. */
int  kc_sdf_compile(const char *pattern, kc_sdf **out, char *err, size_t errlen);
/* The time ms (since the epoch) formatted. New string. */
char *kc_sdf_format(const kc_sdf *f, int64_t ms);
void kc_sdf_free(kc_sdf *f);

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
