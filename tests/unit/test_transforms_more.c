/*
 * tests/unit/test_transforms_more.c - the schemaless maps the built-in transformations build
 * in java.util.HashMap's order (kc_java_hashmap_order), and the field-level classes:
 * ReplaceField, MaskField, SetSchemaMetadata, Cast, Flatten, HeaderFrom and
 * TimestampConverter. Every expected record, schema and message was produced by Kafka
 * 4.3.1's classes on Java 17 from the same configuration and input.
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

#include "lib/data.h"
#include "lib/json_java.h"
#include "transforms/builtin.h"

#include "tests/unit/transform_helpers.h"

/* Asserts j is written by JsonConverter (Jackson) as text; member order counts. */
static void
assert_json(const json_t *j, const char *text)
{
    char *s = j != NULL ? kc_json_java_dumps(j, NULL) : strdup("NULL");

    assert_string_equal(s, text);
    free(s);
}

/* ===== HashMap order ===== */

/* The keys of in (a JSON object, members in order of put) as a HashMap of capacity orders
 * them. */
static void
order(const char *in, size_t capacity, const char *expected)
{
    json_t *o = js(in);

    assert_ptr_equal(kc_java_hashmap_order(o, capacity), o);
    assert_json(o, expected);
    json_decref(o);
}

static void
test_hashmap_order(void **state)
{
    (void) state;
    assert_int_equal(kc_java_hashmap_capacity(0), 1);
    assert_int_equal(kc_java_hashmap_capacity(3), 4);
    assert_int_equal(kc_java_hashmap_capacity(16), 16);
    assert_int_equal(kc_java_hashmap_copy_capacity(3), 8);
    assert_int_equal(kc_java_hashmap_copy_capacity(6), 16);
    assert_int_equal(kc_java_hashmap_copy_capacity(12), 32);
    /* new HashMap<>(), new HashMap<>(n), new HashMap<>(linkedCopy), new HashMap<>(0), each
     * filled in the order given and written by JsonConverter. */
    order("{\"b\":1,\"a\":1}", 0, "{\"a\":1,\"b\":1}");
    order("{\"zeta\":1,\"alpha\":1,\"mid\":1}", 0, "{\"zeta\":1,\"alpha\":1,\"mid\":1}");
    order("{\"zeta\":1,\"alpha\":1,\"mid\":1}", 4, "{\"zeta\":1,\"mid\":1,\"alpha\":1}");
    order("{\"zeta\":1,\"alpha\":1,\"mid\":1}", kc_java_hashmap_copy_capacity(3),
          "{\"zeta\":1,\"mid\":1,\"alpha\":1}");
    order("{\"zeta\":1,\"alpha\":1,\"mid\":1}", 1, "{\"zeta\":1,\"mid\":1,\"alpha\":1}");
#define SIX "{\"name\":1,\"id\":1,\"email\":1,\"age\":1,\"city\":1,\"zip\":1}"
    order(SIX, 0, "{\"zip\":1,\"city\":1,\"name\":1,\"id\":1,\"email\":1,\"age\":1}");
    order(SIX, kc_java_hashmap_capacity(6),
          "{\"name\":1,\"zip\":1,\"id\":1,\"city\":1,\"email\":1,\"age\":1}");
    order(SIX, kc_java_hashmap_copy_capacity(6),
          "{\"zip\":1,\"city\":1,\"name\":1,\"id\":1,\"email\":1,\"age\":1}");
    order(SIX, kc_java_hashmap_capacity(0),
          "{\"name\":1,\"zip\":1,\"id\":1,\"city\":1,\"email\":1,\"age\":1}");
    order("{\"k1\":1,\"k2\":1,\"k3\":1,\"k4\":1,\"k5\":1,\"k6\":1,\"k7\":1,\"k8\":1,\"k9\":1,"
          "\"k10\":1,\"k11\":1,\"k12\":1,\"k13\":1}", 0,
          "{\"k1\":1,\"k2\":1,\"k3\":1,\"k4\":1,\"k5\":1,\"k11\":1,\"k6\":1,\"k10\":1,\"k7\":1,"
          "\"k13\":1,\"k8\":1,\"k12\":1,\"k9\":1}");
    /* "Aa" and "BB" share a hash: insertion order within the slot. */
    order("{\"Aa\":1,\"BB\":1,\"a\":1,\"q\":1,\"Q\":1}", 0,
          "{\"Aa\":1,\"BB\":1,\"a\":1,\"q\":1,\"Q\":1}");
    order("{\"x\":1,\"xx\":1,\"xxx\":1,\"y\":1,\"yy\":1,\"yyy\":1,\"z\":1,\"zz\":1,\"zzz\":1,"
          "\"w\":1}", kc_java_hashmap_copy_capacity(10),
          "{\"xx\":1,\"yy\":1,\"zz\":1,\"w\":1,\"x\":1,\"yyy\":1,\"xxx\":1,\"y\":1,\"z\":1,"
          "\"zzz\":1}");
    order("{\"f0\":1,\"f16\":1,\"f32\":1,\"f48\":1,\"f64\":1,\"f80\":1,\"f96\":1,\"f112\":1,"
          "\"f128\":1,\"f144\":1}", 1,
          "{\"f96\":1,\"f112\":1,\"f32\":1,\"f144\":1,\"f64\":1,\"f0\":1,\"f16\":1,\"f48\":1,"
          "\"f128\":1,\"f80\":1}");
    /* A ninth entry in one slot of a 16-slot table doubles it. */
    order("{\"k18\":1,\"k29\":1,\"k90\":1,\"k140\":1,\"k151\":1,\"k162\":1,\"k173\":1,"
          "\"k184\":1,\"k195\":1}", 0,
          "{\"k90\":1,\"k18\":1,\"k29\":1,\"k140\":1,\"k151\":1,\"k162\":1,\"k173\":1,"
          "\"k184\":1,\"k195\":1}");
    order("{}", 0, "{}");
}

/* ===== ReplaceField ===== */

#define RS_SCHEMA \
    "{\"type\":\"struct\",\"fields\":[{\"type\":\"string\",\"optional\":false,\"field\":\"a\"}," \
    "{\"type\":\"int32\",\"optional\":true,\"default\":7,\"field\":\"b\"}," \
    "{\"type\":\"int32\",\"optional\":true,\"field\":\"c\"}],\"optional\":false,\"name\":\"R\"," \
    "\"version\":3,\"doc\":\"dd\",\"parameters\":{\"p\":\"q\"}}"
#define RS_META \
    "\"optional\":false,\"name\":\"R\",\"version\":3,\"doc\":\"dd\",\"parameters\":{\"p\":\"q\"}}"
#define SIX_MAP "{\"name\":1,\"id\":2,\"email\":3,\"age\":4,\"city\":5,\"zip\":6}"

/* Configures, sets the value (schema text or NULL, value text), applies and checks. */
static void
run_value(const kc_transform_ops *ops, const char *config, const char *schema, const char *value,
          const char *out_schema, const char *out_value)
{
    kc_connect_record *r = rec_new("t");
    void              *priv = configure(ops, config);
    json_t            *s = schema ? js(schema) : NULL;

    kc_crec_set(&r->value, s, kc_java_read_maps(js(value), s));  /* as JsonConverter reads */
    apply_ok(ops, priv, r);
    assert_json(r->value.schema, out_schema);
    assert_json(r->value.json, out_value);
    ops->close(priv);
    rec_free(r);
}

static void
run_value_fails(const kc_transform_ops *ops, const char *config, const char *schema,
                const char *value, const char *message)
{
    kc_connect_record *r = rec_new("t");
    void              *priv = configure(ops, config);
    json_t            *s = schema ? js(schema) : NULL;

    kc_crec_set(&r->value, s, kc_java_read_maps(js(value), s));  /* as JsonConverter reads */
    apply_fails(ops, priv, r, message);
    ops->close(priv);
    rec_free(r);
}

static void
test_replace_field(void **state)
{
    const kc_transform_ops *ops = &kc_tf_replace_field_value;
    json_t                 *def;

    (void) state;
    assert_int_equal(kc_tf_replace_field_key.reads, KC_READS_KEY);
    assert_int_equal(ops->reads, KC_READS_VALUE);
    def = ops->config_def();
    assert_int_equal(json_array_size(def), 4);
    assert_json(json_object_get(json_array_get(def, 2), "documentation"),
                "\"Field rename mappings.\"");
    json_decref(def);
    configure_fails(ops, "{\"exclude\":\"a,,b\"}", "Configuration 'exclude' values must not be "
                    "empty.");
    configure_fails(ops, "{\"renames\":\"a:b:c,x:y\"}", "Invalid value [a:b:c, x:y] for "
                    "configuration renames: Invalid rename mapping: a:b:c");
    configure_fails(ops, "{\"renames\":\"a:\"}", "Invalid value [a:] for configuration renames: "
                    "Invalid rename mapping: a:");
    configure_fails(ops, "{\"renames\":\"a,b\"}", "Invalid value [a, b] for configuration "
                    "renames: Invalid rename mapping: a");
    /* The names 4.3.1 no longer has are ignored, as any unknown setting. */
    run_value(ops, "{\"blacklist\":\"a\",\"whitelist\":\"b\"}", NULL, "{\"a\":1,\"b\":2,\"c\":3}",
              "NULL", "{\"a\":1,\"b\":2,\"c\":3}");
    run_value(ops, "{\"exclude\":\"a,a\",\"renames\":\"b:x:\"}", NULL,
              "{\"a\":1,\"b\":2,\"c\":3}", "NULL", "{\"x\":2,\"c\":3}");
    /* Schemaless: the input iterated as Java's HashMap, the output in its own order. */
    run_value(ops, "{\"exclude\":\"age\"}", NULL, SIX_MAP, "NULL",
              "{\"zip\":6,\"name\":1,\"id\":2,\"city\":5,\"email\":3}");
    run_value(ops, "{\"renames\":\"name:n,zip:z2,city:name\"}", NULL, SIX_MAP, "NULL",
              "{\"z2\":6,\"name\":5,\"id\":2,\"n\":1,\"email\":3,\"age\":4}");
    run_value(ops, "{\"renames\":\"city:q,zip:q\"}", NULL, SIX_MAP, "NULL",
              "{\"name\":1,\"q\":5,\"id\":2,\"email\":3,\"age\":4}");
    run_value(ops, "{\"include\":\"zip,city,id\",\"renames\":\"id:ID\"}", NULL, SIX_MAP, "NULL",
              "{\"zip\":6,\"ID\":2,\"city\":5}");
    run_value_fails(ops, "{\"exclude\":\"a\"}", NULL, "5", "Only Map objects supported in "
                    "absence of schema for [field replacement], found: java.lang.Long");
    run_value(ops, "{\"exclude\":\"a\"}", NULL, "null", "NULL", "null");
    /* With a schema. */
    run_value(ops, "{\"exclude\":\"b\"}", RS_SCHEMA, "{\"a\":\"x\",\"b\":null,\"c\":3}",
              "{\"type\":\"struct\",\"fields\":[{\"type\":\"string\",\"optional\":false,\"field\":"
              "\"a\"},{\"type\":\"int32\",\"optional\":true,\"field\":\"c\"}]," RS_META,
              "{\"a\":\"x\",\"c\":3}");
    run_value(ops, "{\"renames\":\"a:z,c:y\",\"exclude\":\"b\"}", RS_SCHEMA,
              "{\"a\":\"x\",\"b\":null,\"c\":3}",
              "{\"type\":\"struct\",\"fields\":[{\"type\":\"string\",\"optional\":false,\"field\":"
              "\"z\"},{\"type\":\"int32\",\"optional\":true,\"field\":\"y\"}]," RS_META,
              "{\"z\":\"x\",\"y\":3}");
    run_value(ops, "{\"renames\":\"a:c\",\"exclude\":\"c\"}", RS_SCHEMA,
              "{\"a\":\"x\",\"b\":null,\"c\":3}",
              "{\"type\":\"struct\",\"fields\":[{\"type\":\"string\",\"optional\":false,\"field\":"
              "\"c\"},{\"type\":\"int32\",\"optional\":true,\"default\":7,\"field\":\"b\"}],"
              RS_META,
              "{\"c\":\"x\",\"b\":7}");
    run_value(ops, "{\"replace.null.with.default\":\"false\",\"include\":\"b\"}", RS_SCHEMA,
              "{\"a\":\"x\",\"b\":null,\"c\":3}",
              "{\"type\":\"struct\",\"fields\":[{\"type\":\"int32\",\"optional\":true,"
              "\"default\":7,\"field\":\"b\"}]," RS_META, "{\"b\":null}");
    /* Two renames to one name: the later in the renames map's order maps back. */
    run_value(ops, "{\"renames\":\"c:x,b:x\",\"exclude\":\"c\"}", RS_SCHEMA,
              "{\"a\":\"x\",\"b\":null,\"c\":3}",
              "{\"type\":\"struct\",\"fields\":[{\"type\":\"string\",\"optional\":false,\"field\":"
              "\"a\"},{\"type\":\"int32\",\"optional\":true,\"default\":7,\"field\":\"x\"}],"
              RS_META,
              "{\"a\":\"x\",\"x\":3}");
    run_value_fails(ops, "{\"renames\":\"a:b\"}", RS_SCHEMA, "{\"a\":\"x\",\"b\":null,\"c\":3}",
                    "Cannot create field because of field name duplication b");
    run_value_fails(ops, "{\"renames\":\"a:x,c:x\"}", RS_SCHEMA,
                    "{\"a\":\"x\",\"b\":null,\"c\":3}",
                    "Cannot create field because of field name duplication x");
    run_value_fails(ops, "{\"include\":\"a\"}", "{\"type\":\"string\",\"optional\":false}",
                    "\"s\"",
                    "Only Struct objects supported for [field replacement], found: "
                    "java.lang.String");
}

/* ===== MaskField ===== */

#define MS_SCHEMA \
    "{\"type\":\"struct\",\"fields\":[" \
    "{\"type\":\"int8\",\"optional\":false,\"field\":\"i8\"}," \
    "{\"type\":\"int16\",\"optional\":true,\"field\":\"i16\"}," \
    "{\"type\":\"int32\",\"optional\":true,\"default\":7,\"field\":\"i32\"}," \
    "{\"type\":\"int64\",\"optional\":false,\"field\":\"i64\"}," \
    "{\"type\":\"float\",\"optional\":false,\"field\":\"f\"}," \
    "{\"type\":\"double\",\"optional\":false,\"field\":\"d\"}," \
    "{\"type\":\"boolean\",\"optional\":false,\"field\":\"b\"}," \
    "{\"type\":\"string\",\"optional\":false,\"field\":\"s\"}," \
    "{\"type\":\"bytes\",\"optional\":true,\"field\":\"by\"}," \
    "{\"type\":\"array\",\"items\":{\"type\":\"int32\",\"optional\":false},\"optional\":true," \
    "\"field\":\"arr\"}," \
    "{\"type\":\"map\",\"keys\":{\"type\":\"string\",\"optional\":false},\"values\":{\"type\":" \
    "\"int32\",\"optional\":false},\"optional\":true,\"field\":\"ms\"}," \
    "{\"type\":\"map\",\"keys\":{\"type\":\"int32\",\"optional\":false},\"values\":{\"type\":" \
    "\"int32\",\"optional\":false},\"optional\":true,\"field\":\"mi\"}," \
    "{\"type\":\"bytes\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Decimal\"," \
    "\"version\":1,\"parameters\":{\"scale\":\"0\"},\"field\":\"dec0\"}," \
    "{\"type\":\"bytes\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Decimal\"," \
    "\"version\":1,\"parameters\":{\"scale\":\"2\"},\"field\":\"dec2\"}," \
    "{\"type\":\"int32\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Date\"," \
    "\"version\":1,\"field\":\"dt\"}," \
    "{\"type\":\"struct\",\"fields\":[{\"type\":\"int32\",\"optional\":true,\"field\":\"x\"}]," \
    "\"optional\":true,\"field\":\"st\"}],\"optional\":false,\"name\":\"R\",\"version\":3}"
#define MS_VALUE \
    "{\"i8\":1,\"i16\":2,\"i32\":null,\"i64\":4,\"f\":1.5,\"d\":2.5,\"b\":true,\"s\":\"hi\"," \
    "\"by\":\"AQI=\",\"arr\":[1,2],\"ms\":{\"a\":1},\"mi\":[[1,2]],\"dec0\":\"AQ==\"," \
    "\"dec2\":\"AQ==\",\"dt\":5,\"st\":{\"x\":1}}"
#define SL_VALUE \
    "{\"i\":5,\"d\":1.5,\"s\":\"x\",\"b\":true,\"m\":{\"q\":1},\"l\":[1],\"n\":null}"

static void
test_mask_field(void **state)
{
    const kc_transform_ops *ops = &kc_tf_mask_field_value;

    (void) state;
    assert_int_equal(kc_tf_mask_field_key.reads, KC_READS_KEY);
    configure_fails(ops, "{\"fields\":\"\"}", "Configuration 'fields' must not be empty. Valid "
                    "values include: any non-empty value");
    configure_fails(ops, "{\"fields\":\"b\",\"replacement\":\"\"}", "Invalid value  for "
                    "configuration replacement: String must be non-empty");
    /* Schemaless: every type's empty value; absent fields are put as null. */
    run_value(ops, "{\"fields\":\"i,d,s,b,m,l,n,zz\"}", NULL, SL_VALUE, "NULL",
              "{\"zz\":null,\"b\":false,\"s\":\"\",\"d\":0.0,\"i\":0,\"l\":[],\"m\":{},"
              "\"n\":null}");
    run_value(ops, "{\"fields\":\"i,d,s,n,zz\",\"replacement\":\"99999999999999999999\"}", NULL,
              SL_VALUE, "NULL",
              "{\"zz\":null,\"b\":true,\"s\":\"99999999999999999999\",\"d\":1.0E20,"
              "\"i\":7766279631452241919,\"l\":[1],\"m\":{\"q\":1},\"n\":null}");
    run_value(ops, "{\"fields\":\"i,d\",\"replacement\":\"-7.5e-1\"}", NULL, SL_VALUE, "NULL",
              "{\"b\":true,\"s\":\"x\",\"d\":-0.75,\"i\":0,\"l\":[1],\"m\":{\"q\":1},"
              "\"n\":null}");
    run_value_fails(ops, "{\"fields\":\"i,s\",\"replacement\":\"abc\"}", NULL, SL_VALUE,
                    "Unable to convert abc (class java.lang.String) to a number");
    /* The fields in HashSet order: b fails before i. */
    run_value_fails(ops, "{\"fields\":\"i,b\",\"replacement\":\"x\"}", NULL, SL_VALUE,
                    "Cannot mask value of type class java.lang.Boolean with custom "
                    "replacement.");
    run_value_fails(ops, "{\"fields\":\"m\",\"replacement\":\"1\"}", NULL, SL_VALUE,
                    "Cannot mask value of type class java.util.HashMap with custom "
                    "replacement.");
    run_value_fails(ops, "{\"fields\":\"a\"}", NULL, "null", "Only Map objects supported in "
                    "absence of schema for [mask fields], found: null");
    run_value(ops, "{\"fields\":\"name,zz,q\"}", NULL, SIX_MAP, "NULL",
              "{\"zip\":6,\"zz\":null,\"q\":null,\"city\":5,\"name\":0,\"id\":2,\"email\":3,"
              "\"age\":4}");
    /* With a schema. */
    run_value(ops, "{\"fields\":\"i8,i16,i32,i64,f,d,b,s,arr,ms,mi,dec0,dt\"}", MS_SCHEMA,
              MS_VALUE, MS_SCHEMA,
              "{\"i8\":0,\"i16\":0,\"i32\":0,\"i64\":0,\"f\":0.0,\"d\":0.0,\"b\":false,\"s\":\"\","
              "\"by\":\"AQI=\",\"arr\":[],\"ms\":{},\"mi\":[],\"dec0\":\"AA==\",\"dec2\":\"AQ==\","
              "\"dt\":0,\"st\":{\"x\":1}}");
    run_value(ops, "{\"fields\":\"i32\",\"replace.null.with.default\":\"false\"}", MS_SCHEMA,
              MS_VALUE, MS_SCHEMA,
              "{\"i8\":1,\"i16\":2,\"i32\":null,\"i64\":4,\"f\":1.5,\"d\":2.5,\"b\":true,"
              "\"s\":\"hi\",\"by\":\"AQI=\",\"arr\":[1,2],\"ms\":{\"a\":1},\"mi\":[[1,2]],"
              "\"dec0\":\"AQ==\",\"dec2\":\"AQ==\",\"dt\":5,\"st\":{\"x\":1}}");
    run_value(ops, "{\"fields\":\"i8,i16,i32,i64,f,d,s\",\"replacement\":\"300.7\"}", MS_SCHEMA,
              MS_VALUE, MS_SCHEMA,
              "{\"i8\":44,\"i16\":300,\"i32\":300,\"i64\":300,\"f\":300.7,\"d\":300.7,\"b\":true,"
              "\"s\":\"300.7\",\"by\":\"AQI=\",\"arr\":[1,2],\"ms\":{\"a\":1},\"mi\":[[1,2]],"
              "\"dec0\":\"AQ==\",\"dec2\":\"AQ==\",\"dt\":5,\"st\":{\"x\":1}}");
    run_value(ops, "{\"fields\":\"f,dec2\",\"replacement\":\"-12.34\"}", MS_SCHEMA, MS_VALUE,
              MS_SCHEMA,
              "{\"i8\":1,\"i16\":2,\"i32\":7,\"i64\":4,\"f\":-12.34,\"d\":2.5,\"b\":true,"
              "\"s\":\"hi\",\"by\":\"AQI=\",\"arr\":[1,2],\"ms\":{\"a\":1},\"mi\":[[1,2]],"
              "\"dec0\":\"AQ==\",\"dec2\":\"+y4=\",\"dt\":5,\"st\":{\"x\":1}}");
    run_value(ops, "{\"fields\":\"dec0\",\"replacement\":\"255\"}", MS_SCHEMA, MS_VALUE,
              MS_SCHEMA,
              "{\"i8\":1,\"i16\":2,\"i32\":7,\"i64\":4,\"f\":1.5,\"d\":2.5,\"b\":true,"
              "\"s\":\"hi\",\"by\":\"AQI=\",\"arr\":[1,2],\"ms\":{\"a\":1},\"mi\":[[1,2]],"
              "\"dec0\":\"AP8=\",\"dec2\":\"AQ==\",\"dt\":5,\"st\":{\"x\":1}}");
    run_value(ops, "{\"fields\":\"dec0\",\"replacement\":\"-128\"}", MS_SCHEMA, MS_VALUE,
              MS_SCHEMA,
              "{\"i8\":1,\"i16\":2,\"i32\":7,\"i64\":4,\"f\":1.5,\"d\":2.5,\"b\":true,"
              "\"s\":\"hi\",\"by\":\"AQI=\",\"arr\":[1,2],\"ms\":{\"a\":1},\"mi\":[[1,2]],"
              "\"dec0\":\"gA==\",\"dec2\":\"AQ==\",\"dt\":5,\"st\":{\"x\":1}}");
    /* Java's converter refuses BigDecimal.ZERO under a scale of 2 when it writes the record. */
    run_value_fails(ops, "{\"fields\":\"dec2\"}", MS_SCHEMA, MS_VALUE, "Decimal value has "
                    "mismatching scale for given Decimal schema. Schema has scale 2, value has "
                    "scale 0.");
    run_value_fails(ops, "{\"fields\":\"by\"}", MS_SCHEMA, MS_VALUE,
                    "Cannot mask value of type: class [B");
    run_value_fails(ops, "{\"fields\":\"st\"}", MS_SCHEMA, MS_VALUE,
                    "Cannot mask value of type: class org.apache.kafka.connect.data.Struct");
    run_value_fails(ops, "{\"fields\":\"dt\",\"replacement\":\"1\"}", MS_SCHEMA, MS_VALUE,
                    "Cannot mask value of type class java.util.Date with custom replacement.");
}

/* ===== SetSchemaMetadata ===== */

#define SM_FIELDS \
    "{\"type\":\"struct\",\"fields\":[{\"type\":\"string\",\"optional\":false,\"field\":\"a\"}," \
    "{\"type\":\"int32\",\"optional\":true,\"default\":7,\"field\":\"b\"}],\"optional\":true,"

static void
test_set_schema_metadata(void **state)
{
    const kc_transform_ops *ops = &kc_tf_set_schema_metadata_value;
    const char             *schema = SM_FIELDS "\"name\":\"R\",\"version\":3,\"doc\":\"dd\","
                                     "\"parameters\":{\"p\":\"q\"}}";

    (void) state;
    assert_int_equal(kc_tf_set_schema_metadata_key.reads, KC_READS_KEY);
    configure_fails(ops, "{}", "Neither schema name nor version configured");
    configure_fails(ops, "{\"schema.version\":\"x\"}", "Invalid value x for configuration "
                    "schema.version: Not a number of type INT");
    configure_fails(ops, "{\"schema.name\":\"org.apache.kafka.connect.data.Date\"}",
                    "Invalid value org.apache.kafka.connect.data.Date for configuration "
                    "schema.name: a logical type's name is not supported as a new schema name");
    run_value(ops, "{\"schema.name\":\"N\"}", schema, "{\"a\":\"x\",\"b\":null}",
              SM_FIELDS "\"name\":\"N\",\"version\":3,\"doc\":\"dd\",\"parameters\":{\"p\":\"q\"}}",
              "{\"a\":\"x\",\"b\":7}");
    run_value(ops, "{\"schema.version\":\"-4\"}", schema, "{\"a\":\"x\",\"b\":null}",
              SM_FIELDS "\"name\":\"R\",\"version\":-4,\"doc\":\"dd\","
              "\"parameters\":{\"p\":\"q\"}}",
              "{\"a\":\"x\",\"b\":7}");
    run_value(ops, "{\"schema.name\":\"N\",\"schema.version\":\"9\","
              "\"replace.null.with.default\":\"false\"}", schema, "{\"a\":\"x\",\"b\":null}",
              SM_FIELDS "\"name\":\"N\",\"version\":9,\"doc\":\"dd\",\"parameters\":{\"p\":\"q\"}}",
              "{\"a\":\"x\",\"b\":null}");
    run_value(ops, "{\"schema.version\":\"1\"}", SM_FIELDS "\"name\":\"R\"}", "null",
              SM_FIELDS "\"name\":\"R\",\"version\":1}", "null");
    run_value(ops, "{\"schema.name\":\"N\"}", NULL, "null", "NULL", "null");
    run_value_fails(ops, "{\"schema.name\":\"N\"}", NULL, "{\"b\":2}",
                    "Schema required for [updating schema metadata]");
    run_value_fails(ops, "{\"schema.version\":\"2\"}", "{\"type\":\"int64\",\"optional\":false,"
                    "\"name\":\"org.apache.kafka.connect.data.Timestamp\",\"version\":1}", "5",
                    "Cannot list fields on non-struct type");
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hashmap_order),
        cmocka_unit_test(test_replace_field),
        cmocka_unit_test(test_mask_field),
        cmocka_unit_test(test_set_schema_metadata),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
