/*
 * lib/common.h - the error vocabulary, allocation and assertion helpers every file uses.
 *
 * Errors: functions that can fail return a KC_E* code (0 is success) and, when given a
 * kc_err, leave the human message in it. Out-of-memory aborts (kc_xmalloc and friends):
 * a worker that cannot allocate cannot keep its promises, so it stops loudly.
 * KC_ASSERT checks invariants in every build; it is never used on input.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_COMMON_H
#define KC_COMMON_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

enum {
    KC_OK        =  0,
    KC_EINVAL    = -1,   /* bad configuration or request        -> HTTP 400 */
    KC_ENOTFOUND = -2,   /* unknown connector, task, path       -> HTTP 404 */
    KC_ECONFLICT = -3,   /* rebalancing, not the leader         -> HTTP 409 */
    KC_ETIMEOUT  = -4,   /* did not complete in time            -> HTTP 500 */
    KC_EKAFKA    = -5,   /* a Kafka client or broker error, its text in msg */
    KC_EPROTO    = -6,   /* malformed bytes from the network */
    KC_EPLUGIN   = -7,   /* connector code failed or refused to load */
    KC_EIO       = -8,   /* file or socket error, errno text in msg */
    KC_EAGAIN    = -9,   /* transient: the same call may succeed later */
    KC_EREBALANCE = -10, /* the group is rebalancing: rejoin */
    KC_ESTOPPED  = -11,  /* given up because the caller is stopping */
};

typedef struct kc_err {
    int  code;
    char msg[512];
} kc_err;

/* Sets err (which may be NULL) to code and the printf-style message; returns code, so that
 * `return kc_err_set(err, KC_EINVAL, "...")` reads naturally. */
int kc_err_set(kc_err *err, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Prefixes err->msg with the printf-style text; returns err->code. */
int kc_err_prefix(kc_err *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Reports that n bytes (0: an unknown size) could not be had and aborts, as every kc_x*
 * allocator does. */
void kc_oom(size_t n) __attribute__((noreturn));
void *kc_xmalloc(size_t n);
void *kc_xcalloc(size_t n, size_t size);
void *kc_xrealloc(void *p, size_t n);
char *kc_xstrdup(const char *s);
char *kc_xstrndup(const char *s, size_t n);
char *kc_xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* The whole file at path (a new buffer, NUL-terminated past len), or NULL with KC_EIO and
 * "cannot read <path>: <reason>" in err; errno is left as the failure set it. */
char *kc_read_file(const char *path, size_t *len, kc_err *err);

/* Standard base64 with padding (RFC 4648 §4), as Java's Base64.getEncoder(). Encode returns
 * a new string; decode fills *out (new, free()) and returns 0, or -1 on malformed input
 * (a missing final padding is accepted, as Java's decoder accepts it). */
char *kc_base64_encode(const void *data, size_t len);
int kc_base64_decode(const char *text, size_t len, uint8_t **out, size_t *out_len);

/* Base64 exactly as Java's Base64.getDecoder().decode(String) takes it (a missing padding is
 * fine, "YQ=" is not, nothing may follow the padding): 0 with *out (new, free()), or -1
 * with Java's IllegalArgumentException message in why ("Illegal base64 character 21"). */
int kc_base64_java_decode(const char *text, size_t len, uint8_t **out, size_t *out_len,
                          char *why, size_t why_size);

/* Whether given equals secret, in a time that depends on secret_len only (never on where
 * the bytes differ): for passwords and signatures. */
bool kc_ct_equal(const void *given, size_t given_len, const void *secret, size_t secret_len);

/* Text as Java's UTF-8 decoder reads it (sun.nio.cs.UTF_8 with REPLACE, as an
 * InputStreamReader or new String(bytes, UTF_8) decode): whether p[0..n) is well-formed,
 * and a copy in which each malformed sequence is one U+FFFD, the decoder's maximal invalid
 * prefix each time (a lone surrogate's three bytes are one). NUL-terminated; *len (may be
 * NULL) its length. Pure: any thread. */
bool  kc_utf8_valid(const void *p, size_t n);
/* Code point cp (up to U+10FFFF) as UTF-8 at out (room for 4): its length. */
size_t kc_utf8_put(char *out, uint32_t cp);
char *kc_utf8_repair(const void *p, size_t n, size_t *len);

/* a / b rounded toward negative infinity (Math.floorDiv), b > 0. */
int64_t kc_floor_div(int64_t a, int64_t b);

/* Monotonic and wall clocks in milliseconds. */
int64_t kc_mono_ms(void);
int64_t kc_wall_ms(void);
/* The CLOCK_REALTIME time ms from now, for pthread_cond_timedwait on a default condition. */
struct timespec kc_realtime_in(int64_t ms);
/* Sleeps ms milliseconds (none when ms <= 0); a signal may end it early. */
void kc_sleep_ms(int64_t ms);

/* Waiting for something the brokers will show soon (a topic created a moment ago, a
 * partition leader being elected): the first retry comes after KC_BACKOFF_FIRST_MS, each
 * next one after twice the last, up to a cap. kc_backoff_sleep sleeps *delay_ms, never past
 * deadline (kc_mono_ms), then doubles *delay_ms up to cap_ms. Start *delay_ms at
 * KC_BACKOFF_FIRST_MS; the caller keeps its own deadline check and message. */
#define KC_BACKOFF_FIRST_MS 5
void kc_backoff_sleep(int *delay_ms, int cap_ms, int64_t deadline);

void kc_assert_fail(const char *expr, const char *file, int line) __attribute__((noreturn));
#define KC_ASSERT(cond) \
    ((cond) ? (void) 0 : kc_assert_fail(#cond, __FILE__, __LINE__))

#define KC_ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

#endif
