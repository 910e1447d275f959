/*
 * tests/unit/test_java_serial.c - the serialized HashMap<byte[],byte[]> of Java's
 * FileOffsetBackingStore. The byte arrays below are what JDK 17's ObjectOutputStream wrote
 * for maps filled as that store fills them (new HashMap, then put): kconnect must write the
 * same bytes and read them back; 13 and 30 entries check the capacity Java's map grows to.
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

#include "lib/java_serial.h"

/* {} */
static const uint8_t java_empty[] = {
    0xac, 0xed, 0x00, 0x05, 0x73, 0x72, 0x00, 0x11, 0x6a, 0x61, 0x76, 0x61,
    0x2e, 0x75, 0x74, 0x69, 0x6c, 0x2e, 0x48, 0x61, 0x73, 0x68, 0x4d, 0x61,
    0x70, 0x05, 0x07, 0xda, 0xc1, 0xc3, 0x16, 0x60, 0xd1, 0x03, 0x00, 0x02,
    0x46, 0x00, 0x0a, 0x6c, 0x6f, 0x61, 0x64, 0x46, 0x61, 0x63, 0x74, 0x6f,
    0x72, 0x49, 0x00, 0x09, 0x74, 0x68, 0x72, 0x65, 0x73, 0x68, 0x6f, 0x6c,
    0x64, 0x78, 0x70, 0x3f, 0x40, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x77,
    0x08, 0x00, 0x00, 0x00, 0x10, 0x00, 0x00, 0x00, 0x00, 0x78,
};

/* {["c",{"p":0}] -> {"o":0}} */
static const uint8_t java_one[] = {
    0xac, 0xed, 0x00, 0x05, 0x73, 0x72, 0x00, 0x11, 0x6a, 0x61, 0x76, 0x61,
    0x2e, 0x75, 0x74, 0x69, 0x6c, 0x2e, 0x48, 0x61, 0x73, 0x68, 0x4d, 0x61,
    0x70, 0x05, 0x07, 0xda, 0xc1, 0xc3, 0x16, 0x60, 0xd1, 0x03, 0x00, 0x02,
    0x46, 0x00, 0x0a, 0x6c, 0x6f, 0x61, 0x64, 0x46, 0x61, 0x63, 0x74, 0x6f,
    0x72, 0x49, 0x00, 0x09, 0x74, 0x68, 0x72, 0x65, 0x73, 0x68, 0x6f, 0x6c,
    0x64, 0x78, 0x70, 0x3f, 0x40, 0x00, 0x00, 0x00, 0x00, 0x00, 0x0c, 0x77,
    0x08, 0x00, 0x00, 0x00, 0x10, 0x00, 0x00, 0x00, 0x01, 0x75, 0x72, 0x00,
    0x02, 0x5b, 0x42, 0xac, 0xf3, 0x17, 0xf8, 0x06, 0x08, 0x54, 0xe0, 0x02,
    0x00, 0x00, 0x78, 0x70, 0x00, 0x00, 0x00, 0x0d, 0x5b, 0x22, 0x63, 0x22,
    0x2c, 0x7b, 0x22, 0x70, 0x22, 0x3a, 0x30, 0x7d, 0x5d, 0x75, 0x71, 0x00,
    0x7e, 0x00, 0x02, 0x00, 0x00, 0x00, 0x07, 0x7b, 0x22, 0x6f, 0x22, 0x3a,
    0x30, 0x7d, 0x78,
};

/* {["c",{"p":0}] -> {"o":0}, nullv -> null} */
static const uint8_t java_null_value[] = {
    0xac, 0xed, 0x00, 0x05, 0x73, 0x72, 0x00, 0x11, 0x6a, 0x61, 0x76, 0x61,
    0x2e, 0x75, 0x74, 0x69, 0x6c, 0x2e, 0x48, 0x61, 0x73, 0x68, 0x4d, 0x61,
    0x70, 0x05, 0x07, 0xda, 0xc1, 0xc3, 0x16, 0x60, 0xd1, 0x03, 0x00, 0x02,
    0x46, 0x00, 0x0a, 0x6c, 0x6f, 0x61, 0x64, 0x46, 0x61, 0x63, 0x74, 0x6f,
    0x72, 0x49, 0x00, 0x09, 0x74, 0x68, 0x72, 0x65, 0x73, 0x68, 0x6f, 0x6c,
    0x64, 0x78, 0x70, 0x3f, 0x40, 0x00, 0x00, 0x00, 0x00, 0x00, 0x0c, 0x77,
    0x08, 0x00, 0x00, 0x00, 0x10, 0x00, 0x00, 0x00, 0x02, 0x75, 0x72, 0x00,
    0x02, 0x5b, 0x42, 0xac, 0xf3, 0x17, 0xf8, 0x06, 0x08, 0x54, 0xe0, 0x02,
    0x00, 0x00, 0x78, 0x70, 0x00, 0x00, 0x00, 0x0d, 0x5b, 0x22, 0x63, 0x22,
    0x2c, 0x7b, 0x22, 0x70, 0x22, 0x3a, 0x30, 0x7d, 0x5d, 0x75, 0x71, 0x00,
    0x7e, 0x00, 0x02, 0x00, 0x00, 0x00, 0x07, 0x7b, 0x22, 0x6f, 0x22, 0x3a,
    0x30, 0x7d, 0x75, 0x71, 0x00, 0x7e, 0x00, 0x02, 0x00, 0x00, 0x00, 0x05,
    0x6e, 0x75, 0x6c, 0x6c, 0x76, 0x70, 0x78,
};

typedef struct {
    char   text[4096];
    size_t n;
} collected;

static int
collect(void *arg, const kc_jser_entry *e)
{
    collected *c = arg;

    c->n++;
    snprintf(c->text + strlen(c->text), sizeof(c->text) - strlen(c->text), "%.*s=%.*s;",
             (int) e->key_len, e->key ? (const char *) e->key : "",
             (int) (e->value ? e->value_len : 6), e->value ? (const char *) e->value : "<null>");
    return 0;
}

static void
check_written(const kc_jser_entry *e, size_t n, const uint8_t *want, size_t want_len)
{
    kc_wbuf out;

    kc_wbuf_init(&out);
    kc_jser_write_bytes_map(&out, e, n);
    assert_int_equal(out.len, want_len);
    assert_memory_equal(out.buf, want, want_len);
    kc_wbuf_free(&out);
}

static void
writes_java_bytes(void **state)
{
    kc_jser_entry e[2] = {
        { (const uint8_t *) "[\"c\",{\"p\":0}]", (const uint8_t *) "{\"o\":0}", 13, 7 },
        { (const uint8_t *) "nullv", NULL, 5, 0 },
    };

    (void) state;
    check_written(e, 0, java_empty, sizeof(java_empty));
    check_written(e, 1, java_one, sizeof(java_one));
    check_written(e, 2, java_null_value, sizeof(java_null_value));
}

static void
reads_java_bytes(void **state)
{
    collected c = { "", 0 };
    kc_err    err;

    (void) state;
    assert_int_equal(kc_jser_read_bytes_map(java_empty, sizeof(java_empty), collect, &c, &err),
                     KC_OK);
    assert_int_equal(c.n, 0);
    assert_int_equal(kc_jser_read_bytes_map(java_null_value, sizeof(java_null_value), collect,
                                            &c, &err), KC_OK);
    assert_string_equal(c.text, "[\"c\",{\"p\":0}]={\"o\":0};nullv=<null>;");
}

/* Java's HashMap after n puts: threshold and table size, as written (13: 24 and 32). */
static void
grows_as_java_does(void **state)
{
    static const struct { size_t n; uint32_t threshold, buckets; } cases[] = {
        { 12, 12, 16 }, { 13, 24, 32 }, { 24, 24, 32 }, { 30, 48, 64 },
    };
    (void) state;
    for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
        kc_jser_entry *e = calloc(cases[k].n, sizeof(*e));
        char           keys[64][24];
        kc_wbuf        out;
        collected      c = { "", 0 };
        kc_err         err;
        for (size_t i = 0; i < cases[k].n; i++) {
            snprintf(keys[i], sizeof(keys[i]), "k%u", (unsigned) i);
            e[i] = (kc_jser_entry) { (const uint8_t *) keys[i], (const uint8_t *) keys[i],
                                     strlen(keys[i]), strlen(keys[i]) };
        }
        kc_wbuf_init(&out);
        kc_jser_write_bytes_map(&out, e, cases[k].n);
        /* loadFactor at 63, threshold at 67, block data at 71, buckets at 73 */
        assert_int_equal(out.buf[67] << 24 | out.buf[68] << 16 | out.buf[69] << 8 | out.buf[70],
                         cases[k].threshold);
        assert_int_equal(out.buf[73] << 24 | out.buf[74] << 16 | out.buf[75] << 8 | out.buf[76],
                         cases[k].buckets);
        assert_int_equal(kc_jser_read_bytes_map(out.buf, out.len, collect, &c, &err), KC_OK);
        assert_int_equal(c.n, cases[k].n);
        kc_wbuf_free(&out);
        free(e);
    }
}

/* Anything else is refused, saying what was found where; never read past the input. */
static void
refuses_other_streams(void **state)
{
    uint8_t   b[sizeof(java_one)];
    collected c = { "", 0 };
    kc_err    err;

    (void) state;
    for (size_t cut = 0; cut < sizeof(java_one); cut++) {
        assert_int_equal(kc_jser_read_bytes_map(java_one, cut, collect, &c, &err), KC_EINVAL);
        assert_non_null(strstr(err.msg, "not a serialized HashMap of byte arrays"));
    }
    memcpy(b, java_one, sizeof(b));
    b[10] = 'X';                                            /* java.Xtil.HashMap */
    assert_int_equal(kc_jser_read_bytes_map(b, sizeof(b), collect, &c, &err), KC_EINVAL);
    assert_string_equal(err.msg, "not a serialized HashMap of byte arrays: an object of "
                        "another class at byte 25");
    memcpy(b, java_one, sizeof(b));
    b[sizeof(b) - 12] = 0x7f;                              /* the value's class reference */
    assert_int_equal(kc_jser_read_bytes_map(b, sizeof(b), collect, &c, &err), KC_EINVAL);
    {
        uint8_t longer[sizeof(java_one) + 1];
        memcpy(longer, java_one, sizeof(java_one));
        longer[sizeof(java_one)] = 0x70;
        assert_int_equal(kc_jser_read_bytes_map(longer, sizeof(longer), collect, &c, &err),
                         KC_EINVAL);
        assert_non_null(strstr(err.msg, "bytes after the map"));
    }
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(writes_java_bytes),
        cmocka_unit_test(reads_java_bytes),
        cmocka_unit_test(grows_as_java_does),
        cmocka_unit_test(refuses_other_streams),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
