/*
 * lib/common.c - kc_err, allocation that aborts on exhaustion, clocks, assertions.
 *
 * Thread-safe: nothing here keeps state.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "lib/common.h"

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

int
kc_err_set(kc_err *err, int code, const char *fmt, ...)
{
    va_list ap;

    if (err != NULL) {
        err->code = code;
        va_start(ap, fmt);
        vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
        va_end(ap);
    }
    return code;
}

int
kc_err_prefix(kc_err *err, const char *fmt, ...)
{
    char    prefix[256];
    size_t  plen, rlen;
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(prefix, sizeof(prefix), fmt, ap);
    va_end(ap);
    plen = strlen(prefix);
    rlen = strnlen(err->msg, sizeof(err->msg) - 1);
    if (plen > sizeof(err->msg) - 1)
        plen = sizeof(err->msg) - 1;
    if (plen + rlen > sizeof(err->msg) - 1)
        rlen = sizeof(err->msg) - 1 - plen;
    memmove(err->msg + plen, err->msg, rlen);
    memcpy(err->msg, prefix, plen);
    err->msg[plen + rlen] = '\0';
    return err->code;
}

void
kc_oom(size_t n)
{
    char line[96];
    int  len = n > 0 ? snprintf(line, sizeof(line), "kconnect: out of memory allocating %zu "
                                "bytes\n", n)
                     : snprintf(line, sizeof(line), "kconnect: out of memory\n");

    if (write(STDERR_FILENO, line, (size_t) len) < 0) {
        /* nothing left to report with */
    }
    abort();
}

void *
kc_xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);

    if (p == NULL)
        kc_oom(n);
    return p;
}

void *
kc_xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);

    if (p == NULL)
        kc_oom(n * size);
    return p;
}

void *
kc_xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);

    if (q == NULL)
        kc_oom(n);
    return q;
}

char *
kc_xstrdup(const char *s)
{
    return kc_xstrndup(s, strlen(s));
}

char *
kc_xstrndup(const char *s, size_t n)
{
    char *d = kc_xmalloc(n + 1);

    memcpy(d, s, n);
    d[n] = '\0';
    return d;
}

char *
kc_xasprintf(const char *fmt, ...)
{
    va_list ap;
    char   *s;
    int     n;

    va_start(ap, fmt);
    n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    KC_ASSERT(n >= 0);
    s = kc_xmalloc((size_t) n + 1);
    va_start(ap, fmt);
    vsnprintf(s, (size_t) n + 1, fmt, ap);
    va_end(ap);
    return s;
}

static const char b64_alphabet[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

char *
kc_read_file(const char *path, size_t *len, kc_err *err)
{
    FILE  *f = fopen(path, "rb");
    char  *buf = NULL;
    size_t cap = 0, r;
    int    saved;

    *len = 0;
    if (f == NULL) {
        saved = errno;
        kc_err_set(err, KC_EIO, "cannot read %s: %s", path, strerror(saved));
        errno = saved;
        return NULL;
    }
    do {
        if (cap - *len < 65536) {
            cap = cap ? cap * 2 : 65536;
            buf = kc_xrealloc(buf, cap + 1);
        }
        r = fread(buf + *len, 1, cap - *len, f);
        *len += r;
    } while (r > 0);
    if (ferror(f)) {
        saved = errno;
        kc_err_set(err, KC_EIO, "cannot read %s: %s", path, strerror(saved));
        fclose(f);
        free(buf);
        errno = saved;
        return NULL;
    }
    fclose(f);
    buf[*len] = '\0';
    return buf;
}

char *
kc_base64_encode(const void *data, size_t len)
{
    const uint8_t *p = data;
    char          *out = kc_xmalloc(4 * ((len + 2) / 3) + 1), *o = out;

    for (size_t i = 0; i < len; i += 3) {
        uint32_t v = (uint32_t) p[i] << 16;
        if (i + 1 < len)
            v |= (uint32_t) p[i + 1] << 8;
        if (i + 2 < len)
            v |= p[i + 2];
        *o++ = b64_alphabet[(v >> 18) & 63];
        *o++ = b64_alphabet[(v >> 12) & 63];
        *o++ = i + 1 < len ? b64_alphabet[(v >> 6) & 63] : '=';
        *o++ = i + 2 < len ? b64_alphabet[v & 63] : '=';
    }
    *o = '\0';
    return out;
}

static int
b64_value(char c)
{
    const char *p = c ? strchr(b64_alphabet, c) : NULL;

    return p ? (int) (p - b64_alphabet) : -1;
}

int
kc_base64_decode(const char *text, size_t len, uint8_t **out, size_t *out_len)
{
    uint8_t *buf;
    size_t   n = 0;

    char pad[4];

    *out = NULL;
    *out_len = 0;
    if (len % 4 == 1)
        return -1;
    buf = kc_xmalloc((len + 3) / 4 * 3 + 1);
    for (size_t i = 0; i < len; i += 4) {
        /* Like Java's decoder, a last group may come without its '=' padding. */
        const char *g = text + i;
        if (len - i < 4) {
            memset(pad, '=', 4);
            memcpy(pad, g, len - i);
            g = pad;
        }
        int a = b64_value(g[0]), b = b64_value(g[1]);
        int c = g[2] == '=' ? -2 : b64_value(g[2]);
        int d = g[3] == '=' ? -2 : b64_value(g[3]);
        bool last = i + 4 >= len;
        if (a < 0 || b < 0 || c == -1 || d == -1 || (!last && (c < 0 || d < 0)) ||
            (c == -2 && d != -2)) {
            free(buf);
            return -1;
        }
        buf[n++] = (uint8_t) ((a << 2) | (b >> 4));
        if (c >= 0)
            buf[n++] = (uint8_t) (((b & 15) << 4) | (c >> 2));
        if (d >= 0)
            buf[n++] = (uint8_t) (((c & 3) << 6) | d);
    }
    *out = buf;
    *out_len = n;
    return 0;
}

/* Java's Base64.getDecoder().decode(String): the text as ISO-8859-1 bytes (a character
 * above U+00FF is '?'), decoded one character at a time; '=' ends the data. */
int
kc_base64_java_decode(const char *text, size_t len, uint8_t **out, size_t *out_len,
                      char *why, size_t why_size)
{
    const unsigned char *src = (const unsigned char *) text;
    uint8_t             *dst;
    uint32_t             bits = 0;
    size_t               sp = 0, dp = 0;
    int                  shift = 18;

    *out = NULL;
    *out_len = 0;
    if (len == 1) {
        snprintf(why, why_size, "Input byte[] should at least have 2 bytes for base64 bytes");
        return -1;
    }
    dst = kc_xmalloc(len / 4 * 3 + 3);
    while (sp < len) {
        int c = src[sp++], v = c == '=' ? -2 : b64_value((char) c);
        if (v == -2) {
            if ((shift == 6 && (sp == len || src[sp++] != '=')) || shift == 18) {
                snprintf(why, why_size, "Input byte array has wrong 4-byte ending unit");
                goto bad;
            }
            break;
        }
        if (v < 0) {                            /* Java prints the signed byte in hex */
            int b = (signed char) c;
            snprintf(why, why_size, "Illegal base64 character %s%x", b < 0 ? "-" : "",
                     (unsigned) (b < 0 ? -b : b));
            goto bad;
        }
        bits |= (uint32_t) v << shift;
        if ((shift -= 6) < 0) {
            dst[dp++] = (uint8_t) (bits >> 16);
            dst[dp++] = (uint8_t) (bits >> 8);
            dst[dp++] = (uint8_t) bits;
            shift = 18;
            bits = 0;
        }
    }
    if (shift == 6) {
        dst[dp++] = (uint8_t) (bits >> 16);
    } else if (shift == 0) {
        dst[dp++] = (uint8_t) (bits >> 16);
        dst[dp++] = (uint8_t) (bits >> 8);
    } else if (shift == 12) {
        snprintf(why, why_size, "Last unit does not have enough valid bits");
        goto bad;
    }
    if (sp < len) {
        snprintf(why, why_size, "Input byte array has incorrect ending byte at %zu", sp);
        goto bad;
    }
    *out = dst;
    *out_len = dp;
    return 0;
bad:
    free(dst);
    return -1;
}

bool
kc_ct_equal(const void *given, size_t given_len, const void *secret, size_t secret_len)
{
    const volatile unsigned char *g = given, *s = secret;
    unsigned char                 diff = given_len != secret_len;

    for (size_t i = 0; i < secret_len; i++)
        diff |= (unsigned char) (s[i] ^ (i < given_len ? g[i] : 0));
    return diff == 0;
}

/* The bytes of the well-formed character at s (n > 0 left), or 0 when a malformed sequence
 * starts there; *bad is then how many bytes Java's decoder takes for its one U+FFFD
 * (UTF_8.Decoder's malformedN). A byte that is missing counts as one that is not a
 * continuation: a line cut there ends with '\n', which is not one either. */
static size_t
utf8_char(const unsigned char *s, size_t n, size_t *bad)
{
#define CONT(i) ((i) < n && (s[i] & 0xC0) == 0x80)
    unsigned b1 = s[0];

    *bad = 1;
    if (b1 < 0x80)
        return 1;
    if (b1 >= 0xC2 && b1 <= 0xDF)
        return CONT(1) ? 2 : 0;
    if (b1 >= 0xE0 && b1 <= 0xEF) {
        if (!CONT(1) || (b1 == 0xE0 && s[1] < 0xA0))   /* overlong */
            return 0;
        if (!CONT(2))
            return *bad = 2, 0;
        if (b1 == 0xED && s[1] >= 0xA0)                 /* a surrogate */
            return *bad = 3, 0;
        return 3;
    }
    if (b1 >= 0xF0 && b1 <= 0xF4) {
        if (!CONT(1) || (b1 == 0xF0 && s[1] < 0x90) || (b1 == 0xF4 && s[1] > 0x8F))
            return 0;
        if (!CONT(2))
            return *bad = 2, 0;
        if (!CONT(3))
            return *bad = 3, 0;
        return 4;
    }
    return 0;
#undef CONT
}

bool
kc_utf8_valid(const void *p, size_t n)
{
    const unsigned char *s = p;
    size_t               i = 0, k, bad;

    while (i < n) {
        uint64_t w;
        /* ASCII, the common case, eight bytes at a time. */
        if (i + 8 <= n && (memcpy(&w, s + i, 8), (w & 0x8080808080808080ull) == 0)) {
            i += 8;
            continue;
        }
        if ((k = utf8_char(s + i, n - i, &bad)) == 0)
            return false;
        i += k;
    }
    return true;
}

size_t
kc_utf8_put(char *out, uint32_t cp)
{
    if (cp < 0x80) {
        out[0] = (char) cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char) (0xC0 | (cp >> 6));
        out[1] = (char) (0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char) (0xE0 | (cp >> 12));
        out[1] = (char) (0x80 | ((cp >> 6) & 0x3F));
        out[2] = (char) (0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = (char) (0xF0 | (cp >> 18));
    out[1] = (char) (0x80 | ((cp >> 12) & 0x3F));
    out[2] = (char) (0x80 | ((cp >> 6) & 0x3F));
    out[3] = (char) (0x80 | (cp & 0x3F));
    return 4;
}

char *
kc_utf8_repair(const void *p, size_t n, size_t *len)
{
    const unsigned char *s = p;
    char                *out = kc_xmalloc(n * 3 + 1), *o = out;   /* one byte -> U+FFFD */
    size_t               i = 0, k, bad;

    while (i < n) {
        if ((k = utf8_char(s + i, n - i, &bad)) > 0) {
            memcpy(o, s + i, k);
            o += k;
            i += k;
        } else {
            memcpy(o, "\xEF\xBF\xBD", 3);
            o += 3;
            i += bad;
        }
    }
    *o = '\0';
    if (len != NULL)
        *len = (size_t) (o - out);
    return out;
}

static int64_t
clock_ms(clockid_t id)
{
    struct timespec ts;

    clock_gettime(id, &ts);
    return (int64_t) ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int64_t kc_mono_ms(void) { return clock_ms(CLOCK_MONOTONIC); }
int64_t kc_wall_ms(void) { return clock_ms(CLOCK_REALTIME); }

void
kc_sleep_ms(int64_t ms)
{
    /* nanosleep refuses (EINVAL, at once) a tv_nsec of a second or more. */
    if (ms > 0)
        nanosleep(&(struct timespec) { (time_t) (ms / 1000), (long) (ms % 1000) * 1000000L },
                  NULL);
}

void
kc_backoff_sleep(int *delay_ms, int cap_ms, int64_t deadline)
{
    int64_t left = deadline - kc_mono_ms();

    kc_sleep_ms(*delay_ms < left ? *delay_ms : left);
    *delay_ms = *delay_ms * 2 < cap_ms ? *delay_ms * 2 : cap_ms;
}

void
kc_assert_fail(const char *expr, const char *file, int line)
{
    fprintf(stderr, "kconnect: assertion failed: %s (%s:%d)\n", expr, file, line);
    abort();
}

struct timespec
kc_realtime_in(int64_t ms)
{
    struct timespec ts;

    clock_gettime(CLOCK_REALTIME, &ts);
    ts.tv_sec += (time_t) (ms / 1000);
    ts.tv_nsec += (long) (ms % 1000) * 1000000L;
    if (ts.tv_nsec >= 1000000000L) {
        ts.tv_sec++;
        ts.tv_nsec -= 1000000000L;
    }
    return ts;
}

int64_t
kc_floor_div(int64_t a, int64_t b)
{
    int64_t q = a / b;

    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}
