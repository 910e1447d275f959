/*
 * tests/unit/test_mirror_records.c - heartbeat, checkpoint and offset-sync bytes against the
 * vectors of spec/mirrormaker2.md §3.5 and others printed by Kafka 4.3.1's own Heartbeat,
 * Checkpoint and OffsetSync classes, both ways; and the inputs Java refuses (SchemaException)
 * or accepts (trailing bytes, any value version).
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "connectors/mirror/mirror_records.h"

/* Hex (spaces ignored) to bytes; returns a new buffer and its length. */
static uint8_t *
unhex(const char *hex, size_t *len)
{
    uint8_t *b = malloc(strlen(hex) / 2 + 1);
    size_t   n = 0;
    unsigned v;

    for (const char *p = hex; *p != '\0';) {
        if (*p == ' ') {
            p++;
            continue;
        }
        assert_int_equal(sscanf(p, "%2x", &v), 1);
        b[n++] = (uint8_t) v;
        p += 2;
    }
    *len = n;
    return b;
}

static void
assert_bytes(const kc_wbuf *wb, const char *hex)
{
    size_t   n;
    uint8_t *want = unhex(hex, &n);

    assert_int_equal(wb->len, n);
    assert_memory_equal(wb->buf, want, n);
    free(want);
}

typedef int (*decode_fn)(const void *, size_t, const void *, size_t, void *);

/* Decodes hex key and value with fn into out; returns fn's result. */
static int
decode(decode_fn fn, const char *khex, const char *vhex, void *out)
{
    size_t   kn, vn;
    uint8_t *k = unhex(khex, &kn), *v = unhex(vhex, &vn);
    int      rc = fn(k, kn, v, vn, out);

    free(k);
    free(v);
    return rc;
}

#define HB(k, v, out) decode((decode_fn) kc_mirror_heartbeat_decode, k, v, out)
#define CP(k, v, out) decode((decode_fn) kc_mirror_checkpoint_decode, k, v, out)
#define OS(k, v, out) decode((decode_fn) kc_mirror_offset_sync_decode, k, v, out)

static void
test_heartbeat_vectors(void **state)
{
    kc_wbuf             wb;
    kc_mirror_heartbeat h;

    (void) state;
    kc_wbuf_init(&wb);
    assert_int_equal(kc_mirror_heartbeat_key(&wb, "A", "B"), 0);               /* H1 */
    assert_bytes(&wb, "0001 41 0001 42");
    kc_wbuf_reset(&wb);
    assert_int_equal(kc_mirror_heartbeat_value(&wb, 1700000000000LL), 0);
    assert_bytes(&wb, "0000 0000018bcfe56800");
    kc_wbuf_reset(&wb);
    assert_int_equal(kc_mirror_heartbeat_key(&wb, "us-west", "us-east"), 0);   /* H2 */
    assert_int_equal(kc_mirror_heartbeat_value(&wb, 0), 0);
    assert_bytes(&wb, "0007 75732d77657374 0007 75732d65617374 0000 0000000000000000");
    kc_wbuf_reset(&wb);
    assert_int_equal(kc_mirror_heartbeat_key(&wb, "", "x"), 0);                /* Java: H3 */
    assert_int_equal(kc_mirror_heartbeat_value(&wb, -1), 0);
    assert_bytes(&wb, "0000 0001 78 0000 ffffffffffffffff");
    kc_wbuf_free(&wb);

    assert_int_equal(HB("0001 41 0001 42", "0000 0000018bcfe56800", &h), 0);
    assert_string_equal(h.source_alias, "A");
    assert_string_equal(h.target_alias, "B");
    assert_int_equal(h.timestamp, 1700000000000LL);
    kc_mirror_heartbeat_free(&h);
    assert_int_equal(HB("0007 75732d77657374 0007 75732d65617374", "0000 0000000000000000", &h), 0);
    assert_string_equal(h.source_alias, "us-west");
    assert_string_equal(h.target_alias, "us-east");
    assert_int_equal(h.timestamp, 0);
    kc_mirror_heartbeat_free(&h);
    assert_int_equal(HB("0000 0001 42", "0000 0000018bcfe56800", &h), 0);       /* empty alias */
    assert_string_equal(h.source_alias, "");
    kc_mirror_heartbeat_free(&h);
}

static void
test_checkpoint_vectors(void **state)
{
    kc_wbuf              wb;
    kc_mirror_checkpoint c;

    (void) state;
    kc_wbuf_init(&wb);
    assert_int_equal(kc_mirror_checkpoint_key(&wb, "g1", "A.orders", 3), 0);   /* C1 */
    assert_bytes(&wb, "0002 6731 0008 412e6f7264657273 00000003");
    kc_wbuf_reset(&wb);
    assert_int_equal(kc_mirror_checkpoint_value(&wb, 100, 42, "", 0), 0);
    assert_bytes(&wb, "0000 0000000000000064 000000000000002a 0000");
    kc_wbuf_reset(&wb);
    assert_int_equal(kc_mirror_checkpoint_value(&wb, 100, 42, NULL, 5), 0);   /* null -> "" */
    assert_bytes(&wb, "0000 0000000000000064 000000000000002a 0000");
    kc_wbuf_reset(&wb);
    assert_int_equal(kc_mirror_checkpoint_key(&wb, "gr\xc3\xbcppe", "us-west.t", 0), 0);   /* C2 */
    assert_bytes(&wb, "0007 6772c3bc707065 0009 75732d776573742e74 00000000");
    kc_wbuf_reset(&wb);
    assert_int_equal(kc_mirror_checkpoint_value(&wb, -1, 7, "meta", 4), 0);
    assert_bytes(&wb, "0000 ffffffffffffffff 0000000000000007 0004 6d657461");
    kc_wbuf_reset(&wb);
    /* Java: C3, the extremes and a 3-byte character in the metadata. */
    assert_int_equal(kc_mirror_checkpoint_key(&wb, "g", "t", INT32_MAX), 0);
    assert_int_equal(kc_mirror_checkpoint_value(&wb, INT64_MAX, INT64_MIN, "\xe2\x82\xac", 3), 0);
    assert_bytes(&wb, "0001 67 0001 74 7fffffff 0000 7fffffffffffffff 8000000000000000 0003 e282ac");
    kc_wbuf_reset(&wb);
    /* Metadata is any string: a NUL byte (confluent-kafka-python ends its metadata with one)
     * is written and read as part of it, as Java keeps it. */
    assert_int_equal(kc_mirror_checkpoint_value(&wb, 5, 6, "m\0x\0", 4), 0);
    assert_bytes(&wb, "0000 0000000000000005 0000000000000006 0004 6d007800");
    kc_wbuf_free(&wb);
    assert_int_equal(CP("0001 67 0001 74 00000000",
                        "0000 0000000000000005 0000000000000006 0004 6d007800", &c), 0);
    assert_int_equal(c.metadata_len, 4);
    assert_memory_equal(c.metadata, "m\0x\0", 5);
    kc_mirror_checkpoint_free(&c);

    assert_int_equal(CP("0002 6731 0008 412e6f7264657273 00000003",
                        "0000 0000000000000064 000000000000002a 0000", &c), 0);
    assert_string_equal(c.group, "g1");
    assert_string_equal(c.topic, "A.orders");
    assert_int_equal(c.partition, 3);
    assert_int_equal(c.upstream, 100);
    assert_int_equal(c.downstream, 42);
    assert_string_equal(c.metadata, "");
    assert_int_equal(c.metadata_len, 0);
    kc_mirror_checkpoint_free(&c);
    assert_int_equal(CP("0007 6772c3bc707065 0009 75732d776573742e74 00000000",
                        "0000 ffffffffffffffff 0000000000000007 0004 6d657461", &c), 0);
    assert_string_equal(c.group, "gr\xc3\xbcppe");
    assert_string_equal(c.topic, "us-west.t");
    assert_int_equal(c.partition, 0);
    assert_int_equal(c.upstream, -1);
    assert_int_equal(c.downstream, 7);
    assert_string_equal(c.metadata, "meta");
    assert_int_equal(c.metadata_len, 4);
    kc_mirror_checkpoint_free(&c);
}

static void
test_offset_sync_vectors(void **state)
{
    kc_wbuf               wb;
    kc_mirror_offset_sync s;

    (void) state;
    kc_wbuf_init(&wb);
    assert_int_equal(kc_mirror_offset_sync_key(&wb, "orders", 0), 0);          /* O1 */
    assert_bytes(&wb, "0006 6f7264657273 00000000");
    kc_wbuf_reset(&wb);
    assert_int_equal(kc_mirror_offset_sync_value(&wb, 1234, 1200), 0);
    assert_bytes(&wb, "00000000000004d2 00000000000004b0");
    kc_wbuf_reset(&wb);
    assert_int_equal(kc_mirror_offset_sync_key(&wb, "t", -1), 0);              /* Java: O2 */
    assert_int_equal(kc_mirror_offset_sync_value(&wb, -5, INT64_MAX), 0);
    assert_bytes(&wb, "0001 74 ffffffff fffffffffffffffb 7fffffffffffffff");
    kc_wbuf_free(&wb);

    assert_int_equal(OS("0006 6f7264657273 00000000", "00000000000004d2 00000000000004b0", &s), 0);
    assert_string_equal(s.topic, "orders");
    assert_int_equal(s.partition, 0);
    assert_int_equal(s.upstream, 1234);
    assert_int_equal(s.downstream, 1200);
    kc_mirror_offset_sync_free(&s);
}

static void
test_string_limits(void **state)
{
    kc_wbuf wb;
    char   *s = malloc(32769);

    (void) state;
    kc_wbuf_init(&wb);
    memset(s, 'x', 32768);
    s[32768] = '\0';
    /* Java: "String length 32768 is larger than the maximum string length." */
    assert_int_equal(kc_mirror_heartbeat_key(&wb, s, "B"), -1);
    assert_int_equal(kc_mirror_heartbeat_key(&wb, "A", s), -1);
    assert_int_equal(kc_mirror_checkpoint_key(&wb, s, "t", 0), -1);
    assert_int_equal(kc_mirror_checkpoint_key(&wb, "g", s, 0), -1);
    assert_int_equal(kc_mirror_checkpoint_value(&wb, 1, 2, s, 32768), -1);
    assert_int_equal(kc_mirror_offset_sync_key(&wb, s, 0), -1);
    assert_int_equal(kc_mirror_heartbeat_key(&wb, NULL, "B"), -1);
    assert_int_equal(kc_mirror_checkpoint_key(&wb, "g", NULL, 0), -1);
    assert_int_equal(kc_mirror_offset_sync_key(&wb, NULL, 0), -1);
    assert_int_equal(wb.len, 0);                        /* nothing half-written */
    s[32767] = '\0';
    assert_int_equal(kc_mirror_heartbeat_key(&wb, s, "B"), 0);
    assert_int_equal(wb.len, 2 + 32767 + 3);
    /* The limit is in UTF-8 bytes: 16384 two-byte characters are too long (Java agrees). */
    kc_wbuf_reset(&wb);
    for (int i = 0; i < 32768; i += 2)
        memcpy(s + i, "\xc3\xa9", 2);
    s[32768] = '\0';
    assert_int_equal(kc_mirror_heartbeat_key(&wb, s, "B"), -1);
    kc_wbuf_free(&wb);
    free(s);
}

/* Inputs Java 4.3.1 decodes although they are not what it writes. */
static void
test_tolerated(void **state)
{
    kc_mirror_heartbeat   h;
    kc_mirror_checkpoint  c;
    kc_mirror_offset_sync s;

    (void) state;
    /* Trailing bytes after the last field of key and value. */
    assert_int_equal(HB("0001 41 0001 42 00", "0000 0000018bcfe56800 ffffff", &h), 0);
    assert_string_equal(h.target_alias, "B");
    assert_int_equal(h.timestamp, 1700000000000LL);
    kc_mirror_heartbeat_free(&h);
    assert_int_equal(CP("0002 6731 0008 412e6f7264657273 00000003",
                        "0000 0000000000000064 000000000000002a 0003 616263 ffff", &c), 0);
    assert_string_equal(c.metadata, "abc");
    kc_mirror_checkpoint_free(&c);
    assert_int_equal(OS("0006 6f7264657273 00000000 99", "00000000000004d2 00000000000004b0 aa", &s), 0);
    assert_int_equal(s.downstream, 1200);
    kc_mirror_offset_sync_free(&s);
    /* Any value version is read as version 0. */
    assert_int_equal(HB("0001 41 0001 42", "0005 0000018bcfe56800", &h), 0);
    assert_int_equal(h.timestamp, 1700000000000LL);
    kc_mirror_heartbeat_free(&h);
    assert_int_equal(HB("0001 41 0001 42", "ffff 0000018bcfe56800", &h), 0);
    kc_mirror_heartbeat_free(&h);
    assert_int_equal(CP("0002 6731 0008 412e6f7264657273 fffffffe",
                        "0007 0000000000000064 0000000000000000 0000", &c), 0);
    assert_int_equal(c.partition, -2);
    kc_mirror_checkpoint_free(&c);
}

static void
test_malformed(void **state)
{
    kc_mirror_heartbeat   h;
    kc_mirror_checkpoint  c;
    kc_mirror_offset_sync s;
    const uint8_t         v[] = { 0, 0, 0, 0, 1, 0x8b, 0xcf, 0xe5, 0x68, 0 };

    (void) state;
    /* Each is a SchemaException in Java 4.3.1 (the message in the comment). */
    assert_int_equal(HB("0001 41 0001 42", "0000 0000018bcfe568", &h), -1);   /* timestamp short */
    assert_null(h.source_alias);
    assert_int_equal(HB("0001 41 00", "0000 0000018bcfe56800", &h), -1);      /* alias length short */
    assert_int_equal(HB("0001 41 ffff", "0000 0000018bcfe56800", &h), -1);    /* length -1 */
    assert_int_equal(HB("0001 41 0002 ff", "0000 0000018bcfe56800", &h), -1); /* 2 > 1 left */
    assert_int_equal(HB("0001 41 0001 42", "", &h), -1);                      /* no version */
    assert_int_equal(HB("", "0000 0000018bcfe56800", &h), -1);
    assert_int_equal(CP("0002 6731 0008 412e6f7264657273 00000003",
                        "0000 0000000000000064 000000000000002a 00", &c), -1); /* metadata */
    assert_null(c.group);
    assert_int_equal(CP("0002 6731 0008 412e6f7264657273 000000",
                        "0000 0000000000000064 000000000000002a 0000", &c), -1); /* partition */
    assert_int_equal(CP("0002 6731 0008 412e6f7264657273 00000003",
                        "0000 0000000000000064 000000000000002a ffff", &c), -1); /* -1 */
    assert_int_equal(CP("0002 6731 0008 412e6f7264657273 00000003",
                        "0000 0000000000000064 000000000000002a a000", &c), -1); /* -24576 */
    assert_int_equal(CP("0002 6731 0008 412e6f7264657273 00000003",
                        "0000 0000000000000064 000000000000002a 0002 c3", &c), -1);
    assert_int_equal(OS("0006 6f7264657273 00000000", "00000000000004d2 00000000000004", &s), -1);
    assert_null(s.topic);
    assert_int_equal(OS("0006 6f7264657273 000000", "00000000000004d2 00000000000004b0", &s), -1);
    assert_int_equal(OS("ffff 6f7264657273 00000000", "00000000000004d2 00000000000004b0", &s), -1);
    assert_int_equal(OS("8000", "00000000000004d2 00000000000004b0", &s), -1);     /* -32768 */
    /* Java throws NullPointerException for a null key or value; a NUL byte in a string other
     * than a checkpoint's metadata is refused here (Java would decode it). */
    assert_int_equal(kc_mirror_heartbeat_decode(NULL, 0, v, sizeof(v), &h), -1);
    assert_int_equal(kc_mirror_heartbeat_decode("\0\1A\0\1B", 6, NULL, 0, &h), -1);
    assert_int_equal(HB("0001 00 0001 42", "0000 0000018bcfe56800", &h), -1);
    assert_int_equal(CP("0002 6700 0001 74 00000000", "0000 0000000000000005 0000000000000006 0000",
                        &c), -1);
    assert_int_equal(OS("0003 610062 00000000", "00000000000004d2 00000000000004b0", &s), -1);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_heartbeat_vectors),
        cmocka_unit_test(test_checkpoint_vectors),
        cmocka_unit_test(test_offset_sync_vectors),
        cmocka_unit_test(test_string_limits),
        cmocka_unit_test(test_tolerated),
        cmocka_unit_test(test_malformed),
    };
    return cmocka_run_group_tests_name("mirror_records", tests, NULL, NULL);
}
