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

#endif
