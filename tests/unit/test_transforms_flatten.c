/*
 * tests/unit/test_transforms_flatten.c - Flatten$Key and Flatten$Value: maps without a
 * schema (Java's iteration order, names met twice, empty maps, lists kept), structs with
 * optional parents, logical types, arrays and the delimiter, and Java's DataException texts
 * for maps under a schema and names made twice. Every expected outcome was produced by
 * Kafka 4.3.1's classes on Java 17 from the same configuration and record.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "lib/buf.h"
#include "lib/json_java.h"
#include "transforms/builtin.h"

#include "tests/unit/transform_helpers.h"

#include "tests/unit/transform_cases.h"

static const tf_case cases[] = {
    { "Value", false, "{}",
      "-",
      "{\"schema\": null, \"payload\": {\"name\": 1, \"id\": {\"zip\": 2, \"city\": {\"x\": 1"
      ", \"a\": null}, \"email\": [1, {\"q\": 1}]}, \"age\": \"x\", \"city\": true, \"zip\": "
      "1.5, \"id.zip\": 7, \"e\": {}}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":null,\"payload\":{\"zip\":1.5,\"city\":true,\"name"
      "\":1,\"id.zip\":2,\"id.city.a\":null,\"id.city.x\":1,\"id.email\":[1,{\"q\":1}],\"age"
      "\":\"x\"}}" },
    { "Value", false, "{\"delimiter\": \".\"}",
      "-",
      "{\"schema\": null, \"payload\": {\"name\": 1, \"id\": {\"zip\": 2, \"city\": {\"x\": 1"
      ", \"a\": null}, \"email\": [1, {\"q\": 1}]}, \"age\": \"x\", \"city\": true, \"zip\": "
      "1.5, \"id.zip\": 7, \"e\": {}}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":null,\"payload\":{\"zip\":1.5,\"city\":true,\"name"
      "\":1,\"id.zip\":2,\"id.city.a\":null,\"id.city.x\":1,\"id.email\":[1,{\"q\":1}],\"age"
      "\":\"x\"}}" },
    { "Value", false, "{\"delimiter\": \"_\"}",
      "-",
      "{\"schema\": null, \"payload\": {\"name\": 1, \"id\": {\"zip\": 2, \"city\": {\"x\": 1"
      ", \"a\": null}, \"email\": [1, {\"q\": 1}]}, \"age\": \"x\", \"city\": true, \"zip\": "
      "1.5, \"id.zip\": 7, \"e\": {}}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":null,\"payload\":{\"zip\":1.5,\"city\":true,\"name"
      "\":1,\"id.zip\":7,\"id_zip\":2,\"id_city_a\":null,\"id_city_x\":1,\"id_email\":[1,{\"q"
      "\":1}],\"age\":\"x\"}}" },
    { "Value", false, "{\"delimiter\": \"\"}",
      "-",
      "{\"schema\": null, \"payload\": {\"name\": 1, \"id\": {\"zip\": 2, \"city\": {\"x\": 1"
      ", \"a\": null}, \"email\": [1, {\"q\": 1}]}, \"age\": \"x\", \"city\": true, \"zip\": "
      "1.5, \"id.zip\": 7, \"e\": {}}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":null,\"payload\":{\"zip\":1.5,\"city\":true,\"name"
      "\":1,\"id.zip\":7,\"idzip\":2,\"idcitya\":null,\"idcityx\":1,\"idemail\":[1,{\"q\":1}]"
      ",\"age\":\"x\"}}" },
    { "Value", false, "{\"delimiter\": \"::\"}",
      "-",
      "{\"schema\": null, \"payload\": {\"name\": 1, \"id\": {\"zip\": 2, \"city\": {\"x\": 1"
      ", \"a\": null}, \"email\": [1, {\"q\": 1}]}, \"age\": \"x\", \"city\": true, \"zip\": "
      "1.5, \"id.zip\": 7, \"e\": {}}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":null,\"payload\":{\"zip\":1.5,\"city\":true,\"name"
      "\":1,\"id.zip\":7,\"id::zip\":2,\"id::city::a\":null,\"id::city::x\":1,\"id::email\":["
      "1,{\"q\":1}],\"age\":\"x\"}}" },
    { "Value", false, "{}",
      "-",
      "{\"schema\": null, \"payload\": 5}",
      NULL,
      "APPLY: Only Map objects supported in absence of schema for [flattening], found: java.l"
      "ang.Long" },
    { "Value", false, "{}",
      "-",
      "{\"schema\": null, \"payload\": [1]}",
      NULL,
      "APPLY: Only Map objects supported in absence of schema for [flattening], found: java.u"
      "til.ArrayList" },
    { "Key", false, "{\"delimiter\": \"-\"}",
      "{\"schema\": null, \"payload\": {\"a\": {\"b\": {\"c\": 1}}, \"a-b-c\": 2}}",
      "-",
      NULL,
      "TOPIC t\nKEY {\"schema\":null,\"payload\":{\"a-b-c\":1}}\nVAL NULL" },
    { "Value", false, "{}",
      "-",
      "{\"schema\": null, \"payload\": {\"k1\": {\"k2\": 1, \"k3\": 2, \"k4\": 3, \"k5\": 4, "
      "\"k6\": 5, \"k7\": 6, \"k8\": 7, \"k9\": 8, \"k10\": 9, \"k11\": 1, \"k12\": 2, \"k13"
      "\": 3}, \"k14\": 1}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":null,\"payload\":{\"k1.k2\":1,\"k1.k3\":2,\"k1.k4\""
      ":3,\"k1.k5\":4,\"k1.k11\":1,\"k1.k6\":5,\"k1.k10\":9,\"k1.k7\":6,\"k1.k13\":3,\"k1.k8"
      "\":7,\"k1.k12\":2,\"k1.k9\":8,\"k14\":1}}" },
    { "Value", false, "{}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"int64\", \"optional\": f"
      "alse, \"name\": \"org.apache.kafka.connect.data.Timestamp\", \"version\": 1, \"field\""
      ": \"ts\"}, {\"type\": \"struct\", \"fields\": [{\"type\": \"int32\", \"optional\": fal"
      "se, \"field\": \"x\"}, {\"type\": \"string\", \"optional\": true, \"default\": \"dx\","
      " \"field\": \"y\"}, {\"type\": \"bytes\", \"optional\": false, \"name\": \"org.apache."
      "kafka.connect.data.Decimal\", \"version\": 1, \"parameters\": {\"scale\": \"2\"}, \"fi"
      "eld\": \"dec\"}, {\"type\": \"array\", \"items\": {\"type\": \"int32\", \"optional\": "
      "false}, \"optional\": false, \"doc\": \"arr\", \"field\": \"arr\"}], \"optional\": tru"
      "e, \"name\": \"In\", \"version\": 2, \"doc\": \"ind\", \"parameters\": {\"k\": \"v\"},"
      " \"field\": \"in\"}, {\"type\": \"boolean\", \"optional\": true, \"field\": \"b\"}], "
      "\"optional\": false, \"name\": \"Top\", \"version\": 4, \"doc\": \"td\", \"parameters"
      "\": {\"a\": \"b\"}}, \"payload\": {\"ts\": 5, \"in\": {\"x\": 1, \"y\": null, \"dec\":"
      " \"AQ==\", \"arr\": [1, 2]}, \"b\": true}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"int64"
      "\",\"optional\":false,\"name\":\"org.apache.kafka.connect.data.Timestamp\",\"version\""
      ":1,\"field\":\"ts\"},{\"type\":\"int32\",\"optional\":true,\"field\":\"in.x\"},{\"type"
      "\":\"string\",\"optional\":true,\"default\":\"dx\",\"field\":\"in.y\"},{\"type\":\"byt"
      "es\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Decimal\",\"version\":"
      "1,\"parameters\":{\"scale\":\"2\"},\"field\":\"in.dec\"},{\"type\":\"array\",\"items\""
      ":{\"type\":\"int32\",\"optional\":false},\"optional\":true,\"doc\":\"arr\",\"field\":"
      "\"in.arr\"},{\"type\":\"boolean\",\"optional\":true,\"field\":\"b\"}],\"optional\":fal"
      "se,\"name\":\"Top\",\"version\":4,\"doc\":\"td\",\"parameters\":{\"a\":\"b\"}},\"paylo"
      "ad\":{\"ts\":5,\"in.x\":1,\"in.y\":\"dx\",\"in.dec\":\"AQ==\",\"in.arr\":[1,2],\"b\":t"
      "rue}}" },
    { "Value", false, "{\"delimiter\": \"_\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"int64\", \"optional\": f"
      "alse, \"name\": \"org.apache.kafka.connect.data.Timestamp\", \"version\": 1, \"field\""
      ": \"ts\"}, {\"type\": \"struct\", \"fields\": [{\"type\": \"int32\", \"optional\": fal"
      "se, \"field\": \"x\"}, {\"type\": \"string\", \"optional\": true, \"default\": \"dx\","
      " \"field\": \"y\"}, {\"type\": \"bytes\", \"optional\": false, \"name\": \"org.apache."
      "kafka.connect.data.Decimal\", \"version\": 1, \"parameters\": {\"scale\": \"2\"}, \"fi"
      "eld\": \"dec\"}, {\"type\": \"array\", \"items\": {\"type\": \"int32\", \"optional\": "
      "false}, \"optional\": false, \"doc\": \"arr\", \"field\": \"arr\"}], \"optional\": tru"
      "e, \"name\": \"In\", \"version\": 2, \"doc\": \"ind\", \"parameters\": {\"k\": \"v\"},"
      " \"field\": \"in\"}, {\"type\": \"boolean\", \"optional\": true, \"field\": \"b\"}], "
      "\"optional\": false, \"name\": \"Top\", \"version\": 4, \"doc\": \"td\", \"parameters"
      "\": {\"a\": \"b\"}}, \"payload\": {\"ts\": 5, \"in\": {\"x\": 1, \"y\": null, \"dec\":"
      " \"AQ==\", \"arr\": [1, 2]}, \"b\": true}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"int64"
      "\",\"optional\":false,\"name\":\"org.apache.kafka.connect.data.Timestamp\",\"version\""
      ":1,\"field\":\"ts\"},{\"type\":\"int32\",\"optional\":true,\"field\":\"in_x\"},{\"type"
      "\":\"string\",\"optional\":true,\"default\":\"dx\",\"field\":\"in_y\"},{\"type\":\"byt"
      "es\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Decimal\",\"version\":"
      "1,\"parameters\":{\"scale\":\"2\"},\"field\":\"in_dec\"},{\"type\":\"array\",\"items\""
      ":{\"type\":\"int32\",\"optional\":false},\"optional\":true,\"doc\":\"arr\",\"field\":"
      "\"in_arr\"},{\"type\":\"boolean\",\"optional\":true,\"field\":\"b\"}],\"optional\":fal"
      "se,\"name\":\"Top\",\"version\":4,\"doc\":\"td\",\"parameters\":{\"a\":\"b\"}},\"paylo"
      "ad\":{\"ts\":5,\"in_x\":1,\"in_y\":\"dx\",\"in_dec\":\"AQ==\",\"in_arr\":[1,2],\"b\":t"
      "rue}}" },
    { "Value", false, "{}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"int64\", \"optional\": f"
      "alse, \"name\": \"org.apache.kafka.connect.data.Timestamp\", \"version\": 1, \"field\""
      ": \"ts\"}, {\"type\": \"struct\", \"fields\": [{\"type\": \"int32\", \"optional\": fal"
      "se, \"field\": \"x\"}, {\"type\": \"string\", \"optional\": true, \"default\": \"dx\","
      " \"field\": \"y\"}, {\"type\": \"bytes\", \"optional\": false, \"name\": \"org.apache."
      "kafka.connect.data.Decimal\", \"version\": 1, \"parameters\": {\"scale\": \"2\"}, \"fi"
      "eld\": \"dec\"}, {\"type\": \"array\", \"items\": {\"type\": \"int32\", \"optional\": "
      "false}, \"optional\": false, \"doc\": \"arr\", \"field\": \"arr\"}], \"optional\": tru"
      "e, \"name\": \"In\", \"version\": 2, \"doc\": \"ind\", \"parameters\": {\"k\": \"v\"},"
      " \"field\": \"in\"}, {\"type\": \"boolean\", \"optional\": true, \"field\": \"b\"}], "
      "\"optional\": false, \"name\": \"Top\", \"version\": 4, \"doc\": \"td\", \"parameters"
      "\": {\"a\": \"b\"}}, \"payload\": {\"ts\": 5, \"in\": null, \"b\": null}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"int64"
      "\",\"optional\":false,\"name\":\"org.apache.kafka.connect.data.Timestamp\",\"version\""
      ":1,\"field\":\"ts\"},{\"type\":\"int32\",\"optional\":true,\"field\":\"in.x\"},{\"type"
      "\":\"string\",\"optional\":true,\"default\":\"dx\",\"field\":\"in.y\"},{\"type\":\"byt"
      "es\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Decimal\",\"version\":"
      "1,\"parameters\":{\"scale\":\"2\"},\"field\":\"in.dec\"},{\"type\":\"array\",\"items\""
      ":{\"type\":\"int32\",\"optional\":false},\"optional\":true,\"doc\":\"arr\",\"field\":"
      "\"in.arr\"},{\"type\":\"boolean\",\"optional\":true,\"field\":\"b\"}],\"optional\":fal"
      "se,\"name\":\"Top\",\"version\":4,\"doc\":\"td\",\"parameters\":{\"a\":\"b\"}},\"paylo"
      "ad\":{\"ts\":5,\"in.x\":null,\"in.y\":null,\"in.dec\":null,\"in.arr\":null,\"b\":null}"
      "}" },
    { "Value", false, "{\"delimiter\": \"_\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"int64\", \"optional\": f"
      "alse, \"name\": \"org.apache.kafka.connect.data.Timestamp\", \"version\": 1, \"field\""
      ": \"ts\"}, {\"type\": \"struct\", \"fields\": [{\"type\": \"int32\", \"optional\": fal"
      "se, \"field\": \"x\"}, {\"type\": \"string\", \"optional\": true, \"default\": \"dx\","
      " \"field\": \"y\"}, {\"type\": \"bytes\", \"optional\": false, \"name\": \"org.apache."
      "kafka.connect.data.Decimal\", \"version\": 1, \"parameters\": {\"scale\": \"2\"}, \"fi"
      "eld\": \"dec\"}, {\"type\": \"array\", \"items\": {\"type\": \"int32\", \"optional\": "
      "false}, \"optional\": false, \"doc\": \"arr\", \"field\": \"arr\"}], \"optional\": tru"
      "e, \"name\": \"In\", \"version\": 2, \"doc\": \"ind\", \"parameters\": {\"k\": \"v\"},"
      " \"field\": \"in\"}, {\"type\": \"boolean\", \"optional\": true, \"field\": \"b\"}], "
      "\"optional\": false, \"name\": \"Top\", \"version\": 4, \"doc\": \"td\", \"parameters"
      "\": {\"a\": \"b\"}}, \"payload\": {\"ts\": 5, \"in\": null, \"b\": null}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"int64"
      "\",\"optional\":false,\"name\":\"org.apache.kafka.connect.data.Timestamp\",\"version\""
      ":1,\"field\":\"ts\"},{\"type\":\"int32\",\"optional\":true,\"field\":\"in_x\"},{\"type"
      "\":\"string\",\"optional\":true,\"default\":\"dx\",\"field\":\"in_y\"},{\"type\":\"byt"
      "es\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Decimal\",\"version\":"
      "1,\"parameters\":{\"scale\":\"2\"},\"field\":\"in_dec\"},{\"type\":\"array\",\"items\""
      ":{\"type\":\"int32\",\"optional\":false},\"optional\":true,\"doc\":\"arr\",\"field\":"
      "\"in_arr\"},{\"type\":\"boolean\",\"optional\":true,\"field\":\"b\"}],\"optional\":fal"
      "se,\"name\":\"Top\",\"version\":4,\"doc\":\"td\",\"parameters\":{\"a\":\"b\"}},\"paylo"
      "ad\":{\"ts\":5,\"in_x\":null,\"in_y\":null,\"in_dec\":null,\"in_arr\":null,\"b\":null}"
      "}" },
    { "Value", false, "{}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"map\", \"keys\": {\"type"
      "\": \"string\", \"optional\": false}, \"values\": {\"type\": \"int32\", \"optional\": "
      "false}, \"optional\": false, \"field\": \"m\"}], \"optional\": false}, \"payload\": {"
      "\"m\": {\"a\": 1}}}",
      NULL,
      "APPLY: Flatten transformation does not support MAP for record with schemas (for field "
      "m)." },
    { "Value", false, "{\"delimiter\": \"/\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"struct\", \"fields\": [{"
      "\"type\": \"map\", \"keys\": {\"type\": \"string\", \"optional\": false}, \"values\": "
      "{\"type\": \"int32\", \"optional\": false}, \"optional\": false, \"field\": \"m\"}], "
      "\"optional\": false, \"field\": \"s\"}], \"optional\": false}, \"payload\": {\"s\": {"
      "\"m\": {\"a\": 1}}}}",
      NULL,
      "APPLY: Flatten transformation does not support MAP for record with schemas (for field "
      "s/m)." },
    { "Value", false, "{}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"struct\", \"fields\": [{"
      "\"type\": \"int32\", \"optional\": false, \"field\": \"b\"}], \"optional\": false, \"f"
      "ield\": \"a\"}, {\"type\": \"int32\", \"optional\": false, \"field\": \"a.b\"}], \"opt"
      "ional\": false}, \"payload\": {\"a\": {\"b\": 1}, \"a.b\": 2}}",
      NULL,
      "APPLY: Cannot create field because of field name duplication a.b" },
    { "Value", false, "{\"delimiter\": \"_\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"struct\", \"fields\": [{"
      "\"type\": \"int32\", \"optional\": false, \"field\": \"b\"}], \"optional\": false, \"f"
      "ield\": \"a\"}, {\"type\": \"int32\", \"optional\": false, \"field\": \"a.b\"}], \"opt"
      "ional\": false}, \"payload\": {\"a\": {\"b\": 1}, \"a.b\": 2}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"int32"
      "\",\"optional\":false,\"field\":\"a_b\"},{\"type\":\"int32\",\"optional\":false,\"fiel"
      "d\":\"a.b\"}],\"optional\":false},\"payload\":{\"a_b\":1,\"a.b\":2}}" },
    { "Value", false, "{}",
      "-",
      "{\"schema\": {\"type\": \"int32\", \"optional\": false}, \"payload\": 5}",
      NULL,
      "APPLY: Only Struct objects supported for [flattening], found: java.lang.Integer" },
    { "Value", false, "{}",
      "-",
      "{\"schema\": {\"type\": \"map\", \"keys\": {\"type\": \"string\", \"optional\": false}"
      ", \"values\": {\"type\": \"int32\", \"optional\": false}, \"optional\": false}, \"payl"
      "oad\": {\"a\": 1}}",
      NULL,
      "APPLY: Only Struct objects supported for [flattening], found: java.util.HashMap" },
    { "Value", false, "{}",
      "-",
      "{\"schema\": {\"type\": \"int32\", \"optional\": true}, \"payload\": null}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int32\",\"optional\":true},\"payload\":"
      "null}" },
    { "Value", false, "{}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [], \"optional\": false}, \"payload\":"
      " {}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[],\"optional\":fal"
      "se},\"payload\":{}}" },
};

static void
test_flatten_java(void **state)
{
    (void) state;
    run_cases(&kc_tf_flatten_key, &kc_tf_flatten_value, cases,
              sizeof(cases) / sizeof(cases[0]));
}

static void
test_flatten_ops(void **state)
{
    json_t *def = kc_tf_flatten_key.config_def();

    (void) state;
    assert_string_equal(kc_tf_flatten_key.class_name,
                        "org.apache.kafka.connect.transforms.Flatten$Key");
    assert_string_equal(kc_tf_flatten_value.class_name,
                        "org.apache.kafka.connect.transforms.Flatten$Value");
    assert_int_equal(kc_tf_flatten_key.reads, KC_READS_KEY);
    assert_int_equal(kc_tf_flatten_value.reads, KC_READS_VALUE);
    assert_int_equal(json_array_size(def), 1);
    assert_string_equal(json_string_value(json_object_get(json_array_get(def, 0),
                                                          "default_value")), ".");
    json_decref(def);
    (void) configure_fails;
}

/* The input's schema and value are left as they were: they may be shared. */
static void
test_flatten_shares_nothing(void **state)
{
    const kc_transform_ops *ops = &kc_tf_flatten_value;
    void                   *priv = configure(ops, "{\"delimiter\":\"_\"}");
    kc_connect_record      *r = rec_new("t");
    json_t                 *schema = js("{\"type\":\"struct\",\"fields\":[{\"type\":\"struct\","
                                        "\"fields\":[{\"type\":\"int32\",\"optional\":false,"
                                        "\"field\":\"b\"}],\"optional\":true,\"field\":\"a\"}],"
                                        "\"optional\":false}");
    json_t                 *value = js("{\"a\":{\"b\":1}}");
    char                   *before = kc_json_java_dumps(schema, NULL), *after;

    (void) state;
    kc_crec_set(&r->value, json_incref(schema), json_incref(value));
    apply_ok(ops, priv, r);
    assert_int_equal(json_integer_value(json_object_get(r->value.json, "a_b")), 1);
    after = kc_json_java_dumps(schema, NULL);
    assert_string_equal(before, after);
    assert_int_equal(json_integer_value(json_object_get(json_object_get(value, "a"), "b")), 1);
    free(before);
    free(after);
    json_decref(schema);
    json_decref(value);
    rec_free(r);
    ops->close(priv);
    (void) apply_fails;
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_flatten_ops),
        cmocka_unit_test(test_flatten_java),
        cmocka_unit_test(test_flatten_shares_nothing),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
