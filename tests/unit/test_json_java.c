/*
 * tests/unit/test_json_java.c - Java's toString of Connect values (kc_java_value_string), as
 * FileStreamSink writes them, and of a copied config map (kc_java_map_copy_string). Every expected text was printed by Java 17 itself (HashMap's
 * toString, Double.toString, Float.toString, the narrowing casts); the sink's output as a
 * whole is compared with a Java worker's in tests/integration/test_rest_parity.py.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <cmocka.h>

#include "lib/json_java.h"
#include "lib/simple_date.h"

/* kc_java_value_string of the JSON text value under the JSON text schema (NULL: none), its
 * maps held as JsonConverter reads them (kc_java_read_maps): a FileStreamSink's line. */
static void
expect(const char *value, const char *schema, const char *java)
{
    json_error_t e;
    json_t      *v = json_loads(value, JSON_DECODE_ANY, &e);
    json_t      *s = schema ? json_loads(schema, 0, &e) : NULL;
    size_t       len;
    char        *got;

    assert_non_null(v);
    assert_true(schema == NULL || s != NULL);
    got = kc_java_value_string(kc_java_read_maps(v, s), s, &len);
    assert_string_equal(got, java);
    assert_int_equal(len, strlen(java));
    free(got);
    json_decref(v);
    json_decref(s);
}

static void
test_maps_in_hashmap_order(void **state)
{
    char json[1024] = "{", *p = json + 1;

    (void) state;
    expect("{\"b\":0,\"a\":1,\"d\":2,\"c\":3}", NULL, "{a=1, b=0, c=3, d=2}");
    /* "Aa" and "BB" have the same hash: one bucket, in the order they came. */
    expect("{\"BB\":0,\"Aa\":1}", NULL, "{BB=0, Aa=1}");
    expect("{\"Aa\":0,\"BB\":1}", NULL, "{Aa=0, BB=1}");
    /* Hashes over UTF-16: a surrogate pair counts as two units. */
    expect("{\"é\":0,\"a\":1,\"😀\":2,\"Aa\":3,\"BB\":4}", NULL, "{Aa=3, BB=4, a=1, 😀=2, é=0}");
    /* 13 entries: the table has grown to 32 buckets; 30: to 64. */
    expect("{\"c0\":0,\"c1\":1,\"c2\":2,\"c3\":3,\"c4\":4,\"c5\":5,\"c6\":6,\"c7\":7,\"c8\":8,"
           "\"c9\":9,\"c10\":10,\"c11\":11,\"c12\":12}", NULL,
           "{c11=11, c10=10, c12=12, c0=0, c1=1, c2=2, c3=3, c4=4, c5=5, c6=6, c7=7, c8=8, c9=9}");
    for (int i = 0; i < 30; i++)
        p += sprintf(p, "%s\"key%d\":%d", i ? "," : "", i, i);
    strcpy(p, "}");
    expect(json, NULL, "{key1=1, key2=2, key0=0, key5=5, key6=6, key3=3, key4=4, key9=9, key7=7, "
           "key8=8, key22=22, key21=21, key20=20, key15=15, key14=14, key13=13, key12=12, "
           "key19=19, key18=18, key17=17, key16=16, key11=11, key10=10, key26=26, key25=25, "
           "key24=24, key23=23, key29=29, key28=28, key27=27}");
    /* Maps whose keys are not strings travel as arrays of pairs; Integer and Long hashes. */
    expect("[[20,\"b\"],[3,\"a\"],[-1,\"z\"],[17,\"q\"]]",
           "{\"type\":\"map\",\"keys\":{\"type\":\"int32\"},\"values\":{\"type\":\"string\"}}",
           "{-1=z, 17=q, 3=a, 20=b}");
    expect("[[1099511627776,\"x\"],[-5,\"y\"],[16,\"z\"]]",
           "{\"type\":\"map\",\"keys\":{\"type\":\"int64\"},\"values\":{\"type\":\"string\"}}",
           "{1099511627776=x, 16=z, -5=y}");
    expect("{}", NULL, "{}");
}

static void
test_numbers_as_java_prints_them(void **state)
{
    (void) state;
    expect("[0.1,1e20,123456789.5,1e-5,2.5,100.0,1e7,9999999.0,0.001,0.3333333333333333]", NULL,
           "[0.1, 1.0E20, 1.234567895E8, 1.0E-5, 2.5, 100.0, 1.0E7, 9999999.0, 0.001, "
           "0.3333333333333333]");
    expect("[0.1,3.3,1e20,16777217,1e-5,0.3333333333333333]",
           "{\"type\":\"array\",\"items\":{\"type\":\"float\"}}",
           "[0.1, 3.3, 1.0E20, 1.6777216E7, 1.0E-5, 0.33333334]");
    expect("300", "{\"type\":\"int8\"}", "44");                 /* (byte) 300 */
    expect("70000", "{\"type\":\"int16\"}", "4464");            /* (short) 70000 */
    expect("5", "{\"type\":\"double\"}", "5.0");
    expect("-0.0", NULL, "0.0");          /* read as a BigDecimal, which has no -0 */
    expect("[1,true,null,\"s\",[]]", NULL, "[1, true, null, s, []]");
}

static void
test_structs(void **state)
{
    (void) state;
    /* Null fields are left out, whatever their default: the struct is printed as it holds
     * its values (JsonConverter puts defaults in when it reads, where they apply). */
    expect("{\"a\":1,\"n\":null,\"extra\":5}",
           "{\"type\":\"struct\",\"fields\":[{\"field\":\"a\",\"type\":\"int32\"},"
           "{\"field\":\"n\",\"type\":\"string\",\"optional\":true},"
           "{\"field\":\"d\",\"type\":\"int32\",\"optional\":true,\"default\":7},"
           "{\"field\":\"in\",\"type\":\"struct\",\"optional\":true,"
           "\"fields\":[{\"field\":\"x\",\"type\":\"boolean\"}]}]}",
           "Struct{a=1}");
    expect("{\"in\":{\"x\":true},\"a\":2}",
           "{\"type\":\"struct\",\"fields\":[{\"field\":\"a\",\"type\":\"int32\"},"
           "{\"field\":\"in\",\"type\":\"struct\",\"fields\":[{\"field\":\"x\",\"type\":\"boolean\"}]}]}",
           "Struct{a=2,in=Struct{x=true}}");
}

/* A config whose keys are the words of `keys`, each with value "v", in that order. */
static json_t *
config_of(const char *keys)
{
    json_t *o = json_object();
    char   *copy = strdup(keys), *save = NULL;

    for (char *k = strtok_r(copy, " ", &save); k; k = strtok_r(NULL, " ", &save))
        json_object_set_new(o, k, json_string("v"));
    free(copy);
    return o;
}

static void
check_map(const char *keys, const char *java)
{
    json_t *o = config_of(keys);
    char   *text = kc_java_map_copy_string(o);

    assert_string_equal(text, java);
    free(text);
    json_decref(o);
}

/* A copied Map<String,String> (new HashMap<>(m).toString()), sized for its entries: the
 * texts Java printed for these configs in its "contains no connector type" messages. */
static void
test_map_copy_in_hashmap_order(void **state)
{
    (void) state;
    check_map("topics name", "{name=v, topics=v}");
    check_map("topics a name", "{name=v, a=v, topics=v}");
    check_map("topics a file tasks.max batch.size name",
              "{a=v, file=v, topics=v, tasks.max=v, batch.size=v, name=v}");
    check_map("key.converter value.converter topics errors.tolerance errors.log.enable file "
              "tasks.max batch.size a b c d name",
              "{a=v, b=v, c=v, d=v, topics=v, tasks.max=v, batch.size=v, file=v, name=v, "
              "errors.tolerance=v, value.converter=v, errors.log.enable=v, key.converter=v}");
    check_map("", "{}");
}


#define DECIMAL2 "{\"type\":\"bytes\",\"optional\":false,\"name\":" \
                 "\"org.apache.kafka.connect.data.Decimal\",\"version\":1," \
                 "\"parameters\":{\"scale\":\"2\"},\"field\":\"d\"}"
#define STAMP "{\"type\":\"int64\",\"optional\":true,\"name\":" \
              "\"org.apache.kafka.connect.data.Timestamp\",\"version\":1,\"field\":\"t\"}"

/* Java 17's outcomes (String.valueOf of the values JsonConverter reads; Date.toString) with
 * TZ set as given. */
static void
in_zone(const char *tz)
{
    setenv("TZ", tz, 1);
    tzset();
}

static void
test_logical_types_as_java_prints_them(void **state)
{
    static const struct { const char *ms, *utc, *new_york, *kolkata; } dates[] = {
        { "1700000000123", "Tue Nov 14 22:13:20 UTC 2023", "Tue Nov 14 17:13:20 EST 2023",
          "Wed Nov 15 03:43:20 IST 2023" },
        { "1720000000000", "Wed Jul 03 09:46:40 UTC 2024", "Wed Jul 03 05:46:40 EDT 2024",
          "Wed Jul 03 15:16:40 IST 2024" },
        { "0", "Thu Jan 01 00:00:00 UTC 1970", "Wed Dec 31 19:00:00 EST 1969",
          "Thu Jan 01 05:30:00 IST 1970" },
        /* Before 1900, today's standard offset; after, the zone's history, today's names. */
        { "-20000000000000", "Fri Mar 15 12:26:40 UTC 1336", "Fri Mar 15 07:26:40 EST 1336",
          "Fri Mar 15 17:56:40 IST 1336" },
        { "-2100000000000", "Tue Jun 16 10:40:00 UTC 1903", "Tue Jun 16 05:40:00 EST 1903",
          "Tue Jun 16 16:01:10 IST 1903" },
    };
    char *got;

    (void) state;
    for (size_t i = 0; i < sizeof(dates) / sizeof(dates[0]); i++) {
        int64_t ms = strtoll(dates[i].ms, NULL, 10);
        in_zone("UTC");
        got = kc_java_date_string(ms);
        assert_string_equal(got, dates[i].utc);
        free(got);
        in_zone("America/New_York");
        got = kc_java_date_string(ms);
        assert_string_equal(got, dates[i].new_york);
        free(got);
        in_zone("Asia/Kolkata");
        got = kc_java_date_string(ms);
        assert_string_equal(got, dates[i].kolkata);
        free(got);
    }
    in_zone("UTC");
    expect("{\"d\":\"ASw=\",\"t\":1700000000123}",
           "{\"type\":\"struct\",\"fields\":[" DECIMAL2 "," STAMP "]}",
           "Struct{d=3.00,t=Tue Nov 14 22:13:20 UTC 2023}");
    expect("\"AQ==\"", "{\"type\":\"bytes\",\"name\":\"org.apache.kafka.connect.data."
           "Decimal\",\"parameters\":{\"scale\":\"8\"}}", "1E-8");
    expect("18262", "{\"type\":\"int32\",\"name\":\"org.apache.kafka.connect.data.Date\"}",
           "Wed Jan 01 00:00:00 UTC 2020");
    unsetenv("TZ");
    tzset();
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_maps_in_hashmap_order),
        cmocka_unit_test(test_numbers_as_java_prints_them),
        cmocka_unit_test(test_structs),
        cmocka_unit_test(test_map_copy_in_hashmap_order),
        cmocka_unit_test(test_logical_types_as_java_prints_them),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
