/*
 * tests/unit/test_transforms_header_from.c - HeaderFrom$Key and HeaderFrom$Value: copy and
 * move from structs (headers with the field's schema, defaults or not, logical types,
 * structs, arrays and maps) and from maps (no schema, Java's HashMap order after a move),
 * existing headers kept, and Java's ConfigException and DataException texts. Every expected
 * outcome was produced by Kafka 4.3.1's classes on Java 17 from the same configuration and
 * record.
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
    { "Value", false, "{\"fields\":\"\",\"headers\":\"h\",\"operation\":\"copy\"}",
      "-",
      "{\"schema\":null,\"payload\":{\"a\":1}}",
      NULL,
      "CONFIG: Invalid value [] for configuration fields: Empty list" },
    { "Value", false, "{\"fields\":\"a,a\",\"headers\":\"h\",\"operation\":\"copy\"}",
      "-",
      "{\"schema\":null,\"payload\":{\"a\":1}}",
      NULL,
      "CONFIG: 'fields' config must have the same number of elements as 'headers' config." },
    { "Value", false, "{\"fields\":\"a,,b\",\"headers\":\"h,i,j\",\"operation\":\"copy\"}",
      "-",
      "{\"schema\":null,\"payload\":{\"a\":1,\"\":2}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":null,\"payload\":{\"\":2,\"a\":1}}\nHDR h {\"schema"
      "\":null,\"payload\":1}\nHDR i {\"schema\":null,\"payload\":2}\nHDR j NULL" },
    { "Value", false, "{\"fields\":\"a\",\"headers\":\"h\",\"operation\":\"Copy\"}",
      "-",
      "{\"schema\":null,\"payload\":{\"a\":1}}",
      NULL,
      "CONFIG: Invalid value Copy for configuration operation: String must be one of: move, c"
      "opy" },
    { "Value", false, "{\"fields\":\"a\",\"headers\":\"h\"}",
      "-",
      "{\"schema\":null,\"payload\":{\"a\":1}}",
      NULL,
      "CONFIG: Missing required configuration \"operation\" which has no default value." },
    { "Value", false, "{\"fields\":\"a\",\"headers\":\"h\",\"operation\":\"move\"}",
      "-",
      "-",
      NULL,
      "APPLY: Only Map objects supported in absence of schema for [header move], found: null" },
    { "Value", false, "{\"fields\":\"a\",\"headers\":\"h\",\"operation\":\"copy\"}",
      "-",
      "{\"schema\":{\"type\":\"int32\",\"optional\":true},\"payload\":null}",
      NULL,
      "APPLY: Only Struct objects supported for [header copy], found: null" },
    { "Value", false, "{\"fields\":\"zz\",\"headers\":\"h\",\"operation\":\"copy\"}",
      "-",
      "{\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"int32\",\"optional\":false,\""
      "field\":\"a\"}],\"optional\":false},\"payload\":{\"a\":1}}",
      NULL,
      "APPLY: Cannot invoke \"org.apache.kafka.connect.data.Field.schema()\" because the retu"
      "rn value of \"org.apache.kafka.connect.data.Schema.field(String)\" is null" },
    { "Value", false, "{\"fields\": \"a,b,c,s,arr,m,ts\", \"headers\": \"ha,hb,hc,hs,harr,hm,hts\", \"operati"
        "on\": \"copy\", \"replace.null.with.default\": \"true\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"int32\", \"optional\": t"
      "rue, \"default\": 7, \"field\": \"a\"}, {\"type\": \"string\", \"optional\": false, \""
      "field\": \"b\"}, {\"type\": \"bytes\", \"optional\": true, \"name\": \"org.apache.kafk"
      "a.connect.data.Decimal\", \"version\": 1, \"parameters\": {\"scale\": \"2\"}, \"field"
      "\": \"c\"}, {\"type\": \"struct\", \"fields\": [{\"type\": \"int32\", \"optional\": fa"
      "lse, \"field\": \"x\"}], \"optional\": true, \"name\": \"In\", \"field\": \"s\"}, {\"t"
      "ype\": \"array\", \"items\": {\"type\": \"string\", \"optional\": false}, \"optional\""
      ": true, \"field\": \"arr\"}, {\"type\": \"map\", \"keys\": {\"type\": \"string\", \"op"
      "tional\": false}, \"values\": {\"type\": \"int64\", \"optional\": false}, \"optional\""
      ": true, \"field\": \"m\"}, {\"type\": \"int64\", \"optional\": true, \"name\": \"org.a"
      "pache.kafka.connect.data.Timestamp\", \"version\": 1, \"field\": \"ts\"}], \"optional"
      "\": false, \"name\": \"S\", \"version\": 2, \"doc\": \"d\", \"parameters\": {\"p\": \""
      "q\"}}, \"payload\": {\"a\": null, \"b\": \"bee\", \"c\": \"AT8=\", \"s\": {\"x\": 3}, "
      "\"arr\": [\"q\"], \"m\": {\"k\": 5}, \"ts\": 1234}}",
      "[[\"old\", {\"schema\": {\"type\": \"string\", \"optional\": false}, \"payload\": \"o"
        "\"}]]",
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"int32"
      "\",\"optional\":true,\"default\":7,\"field\":\"a\"},{\"type\":\"string\",\"optional\":"
      "false,\"field\":\"b\"},{\"type\":\"bytes\",\"optional\":true,\"name\":\"org.apache.kaf"
      "ka.connect.data.Decimal\",\"version\":1,\"parameters\":{\"scale\":\"2\"},\"field\":\"c"
      "\"},{\"type\":\"struct\",\"fields\":[{\"type\":\"int32\",\"optional\":false,\"field\":"
      "\"x\"}],\"optional\":true,\"name\":\"In\",\"field\":\"s\"},{\"type\":\"array\",\"items"
      "\":{\"type\":\"string\",\"optional\":false},\"optional\":true,\"field\":\"arr\"},{\"ty"
      "pe\":\"map\",\"keys\":{\"type\":\"string\",\"optional\":false},\"values\":{\"type\":\""
      "int64\",\"optional\":false},\"optional\":true,\"field\":\"m\"},{\"type\":\"int64\",\"o"
      "ptional\":true,\"name\":\"org.apache.kafka.connect.data.Timestamp\",\"version\":1,\"fi"
      "eld\":\"ts\"}],\"optional\":false,\"name\":\"S\",\"version\":2,\"doc\":\"d\",\"paramet"
      "ers\":{\"p\":\"q\"}},\"payload\":{\"a\":null,\"b\":\"bee\",\"c\":\"AT8=\",\"s\":{\"x\""
      ":3},\"arr\":[\"q\"],\"m\":{\"k\":5},\"ts\":1234}}\nHDR old {\"schema\":{\"type\":\"str"
      "ing\",\"optional\":false},\"payload\":\"o\"}\nHDR ha {\"schema\":{\"type\":\"int32\","
      "\"optional\":true,\"default\":7},\"payload\":7}\nHDR hb {\"schema\":{\"type\":\"string"
      "\",\"optional\":false},\"payload\":\"bee\"}\nHDR hc {\"schema\":{\"type\":\"bytes\",\""
      "optional\":true,\"name\":\"org.apache.kafka.connect.data.Decimal\",\"version\":1,\"par"
      "ameters\":{\"scale\":\"2\"}},\"payload\":\"AT8=\"}\nHDR hs {\"schema\":{\"type\":\"str"
      "uct\",\"fields\":[{\"type\":\"int32\",\"optional\":false,\"field\":\"x\"}],\"optional"
      "\":true,\"name\":\"In\"},\"payload\":{\"x\":3}}\nHDR harr {\"schema\":{\"type\":\"arra"
      "y\",\"items\":{\"type\":\"string\",\"optional\":false},\"optional\":true},\"payload\":"
      "[\"q\"]}\nHDR hm {\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"string\",\"optiona"
      "l\":false},\"values\":{\"type\":\"int64\",\"optional\":false},\"optional\":true},\"pay"
      "load\":{\"k\":5}}\nHDR hts {\"schema\":{\"type\":\"int64\",\"optional\":true,\"name\":"
      "\"org.apache.kafka.connect.data.Timestamp\",\"version\":1},\"payload\":1234}" },
    { "Value", false, "{\"fields\": \"a,b,c,s,arr,m,ts\", \"headers\": \"ha,hb,hc,hs,harr,hm,hts\", \"operati"
        "on\": \"copy\", \"replace.null.with.default\": \"false\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"int32\", \"optional\": t"
      "rue, \"default\": 7, \"field\": \"a\"}, {\"type\": \"string\", \"optional\": false, \""
      "field\": \"b\"}, {\"type\": \"bytes\", \"optional\": true, \"name\": \"org.apache.kafk"
      "a.connect.data.Decimal\", \"version\": 1, \"parameters\": {\"scale\": \"2\"}, \"field"
      "\": \"c\"}, {\"type\": \"struct\", \"fields\": [{\"type\": \"int32\", \"optional\": fa"
      "lse, \"field\": \"x\"}], \"optional\": true, \"name\": \"In\", \"field\": \"s\"}, {\"t"
      "ype\": \"array\", \"items\": {\"type\": \"string\", \"optional\": false}, \"optional\""
      ": true, \"field\": \"arr\"}, {\"type\": \"map\", \"keys\": {\"type\": \"string\", \"op"
      "tional\": false}, \"values\": {\"type\": \"int64\", \"optional\": false}, \"optional\""
      ": true, \"field\": \"m\"}, {\"type\": \"int64\", \"optional\": true, \"name\": \"org.a"
      "pache.kafka.connect.data.Timestamp\", \"version\": 1, \"field\": \"ts\"}], \"optional"
      "\": false, \"name\": \"S\", \"version\": 2, \"doc\": \"d\", \"parameters\": {\"p\": \""
      "q\"}}, \"payload\": {\"a\": null, \"b\": \"bee\", \"c\": \"AT8=\", \"s\": {\"x\": 3}, "
      "\"arr\": [\"q\"], \"m\": {\"k\": 5}, \"ts\": 1234}}",
      "[[\"old\", {\"schema\": {\"type\": \"string\", \"optional\": false}, \"payload\": \"o"
        "\"}]]",
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"int32"
      "\",\"optional\":true,\"default\":7,\"field\":\"a\"},{\"type\":\"string\",\"optional\":"
      "false,\"field\":\"b\"},{\"type\":\"bytes\",\"optional\":true,\"name\":\"org.apache.kaf"
      "ka.connect.data.Decimal\",\"version\":1,\"parameters\":{\"scale\":\"2\"},\"field\":\"c"
      "\"},{\"type\":\"struct\",\"fields\":[{\"type\":\"int32\",\"optional\":false,\"field\":"
      "\"x\"}],\"optional\":true,\"name\":\"In\",\"field\":\"s\"},{\"type\":\"array\",\"items"
      "\":{\"type\":\"string\",\"optional\":false},\"optional\":true,\"field\":\"arr\"},{\"ty"
      "pe\":\"map\",\"keys\":{\"type\":\"string\",\"optional\":false},\"values\":{\"type\":\""
      "int64\",\"optional\":false},\"optional\":true,\"field\":\"m\"},{\"type\":\"int64\",\"o"
      "ptional\":true,\"name\":\"org.apache.kafka.connect.data.Timestamp\",\"version\":1,\"fi"
      "eld\":\"ts\"}],\"optional\":false,\"name\":\"S\",\"version\":2,\"doc\":\"d\",\"paramet"
      "ers\":{\"p\":\"q\"}},\"payload\":{\"a\":null,\"b\":\"bee\",\"c\":\"AT8=\",\"s\":{\"x\""
      ":3},\"arr\":[\"q\"],\"m\":{\"k\":5},\"ts\":1234}}\nHDR old {\"schema\":{\"type\":\"str"
      "ing\",\"optional\":false},\"payload\":\"o\"}\nHDR ha {\"schema\":{\"type\":\"int32\","
      "\"optional\":true,\"default\":7},\"payload\":null}\nHDR hb {\"schema\":{\"type\":\"str"
      "ing\",\"optional\":false},\"payload\":\"bee\"}\nHDR hc {\"schema\":{\"type\":\"bytes\""
      ",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Decimal\",\"version\":1,\""
      "parameters\":{\"scale\":\"2\"}},\"payload\":\"AT8=\"}\nHDR hs {\"schema\":{\"type\":\""
      "struct\",\"fields\":[{\"type\":\"int32\",\"optional\":false,\"field\":\"x\"}],\"option"
      "al\":true,\"name\":\"In\"},\"payload\":{\"x\":3}}\nHDR harr {\"schema\":{\"type\":\"ar"
      "ray\",\"items\":{\"type\":\"string\",\"optional\":false},\"optional\":true},\"payload"
      "\":[\"q\"]}\nHDR hm {\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"string\",\"opti"
      "onal\":false},\"values\":{\"type\":\"int64\",\"optional\":false},\"optional\":true},\""
      "payload\":{\"k\":5}}\nHDR hts {\"schema\":{\"type\":\"int64\",\"optional\":true,\"name"
      "\":\"org.apache.kafka.connect.data.Timestamp\",\"version\":1},\"payload\":1234}" },
    { "Value", false, "{\"fields\": \"b,b\", \"headers\": \"h1,h2\", \"operation\": \"copy\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"int32\", \"optional\": t"
      "rue, \"default\": 7, \"field\": \"a\"}, {\"type\": \"string\", \"optional\": false, \""
      "field\": \"b\"}, {\"type\": \"bytes\", \"optional\": true, \"name\": \"org.apache.kafk"
      "a.connect.data.Decimal\", \"version\": 1, \"parameters\": {\"scale\": \"2\"}, \"field"
      "\": \"c\"}, {\"type\": \"struct\", \"fields\": [{\"type\": \"int32\", \"optional\": fa"
      "lse, \"field\": \"x\"}], \"optional\": true, \"name\": \"In\", \"field\": \"s\"}, {\"t"
      "ype\": \"array\", \"items\": {\"type\": \"string\", \"optional\": false}, \"optional\""
      ": true, \"field\": \"arr\"}, {\"type\": \"map\", \"keys\": {\"type\": \"string\", \"op"
      "tional\": false}, \"values\": {\"type\": \"int64\", \"optional\": false}, \"optional\""
      ": true, \"field\": \"m\"}, {\"type\": \"int64\", \"optional\": true, \"name\": \"org.a"
      "pache.kafka.connect.data.Timestamp\", \"version\": 1, \"field\": \"ts\"}], \"optional"
      "\": false, \"name\": \"S\", \"version\": 2, \"doc\": \"d\", \"parameters\": {\"p\": \""
      "q\"}}, \"payload\": {\"a\": null, \"b\": \"bee\", \"c\": \"AT8=\", \"s\": {\"x\": 3}, "
      "\"arr\": [\"q\"], \"m\": {\"k\": 5}, \"ts\": 1234}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"int32"
      "\",\"optional\":true,\"default\":7,\"field\":\"a\"},{\"type\":\"string\",\"optional\":"
      "false,\"field\":\"b\"},{\"type\":\"bytes\",\"optional\":true,\"name\":\"org.apache.kaf"
      "ka.connect.data.Decimal\",\"version\":1,\"parameters\":{\"scale\":\"2\"},\"field\":\"c"
      "\"},{\"type\":\"struct\",\"fields\":[{\"type\":\"int32\",\"optional\":false,\"field\":"
      "\"x\"}],\"optional\":true,\"name\":\"In\",\"field\":\"s\"},{\"type\":\"array\",\"items"
      "\":{\"type\":\"string\",\"optional\":false},\"optional\":true,\"field\":\"arr\"},{\"ty"
      "pe\":\"map\",\"keys\":{\"type\":\"string\",\"optional\":false},\"values\":{\"type\":\""
      "int64\",\"optional\":false},\"optional\":true,\"field\":\"m\"},{\"type\":\"int64\",\"o"
      "ptional\":true,\"name\":\"org.apache.kafka.connect.data.Timestamp\",\"version\":1,\"fi"
      "eld\":\"ts\"}],\"optional\":false,\"name\":\"S\",\"version\":2,\"doc\":\"d\",\"paramet"
      "ers\":{\"p\":\"q\"}},\"payload\":{\"a\":null,\"b\":\"bee\",\"c\":\"AT8=\",\"s\":{\"x\""
      ":3},\"arr\":[\"q\"],\"m\":{\"k\":5},\"ts\":1234}}\nHDR h1 {\"schema\":{\"type\":\"stri"
      "ng\",\"optional\":false},\"payload\":\"bee\"}\nHDR h2 {\"schema\":{\"type\":\"string\""
      ",\"optional\":false},\"payload\":\"bee\"}" },
    { "Key", true, "{\"fields\": \"s\", \"headers\": \"b\", \"operation\": \"copy\"}",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"int32\", \"optional\": t"
      "rue, \"default\": 7, \"field\": \"a\"}, {\"type\": \"string\", \"optional\": false, \""
      "field\": \"b\"}, {\"type\": \"bytes\", \"optional\": true, \"name\": \"org.apache.kafk"
      "a.connect.data.Decimal\", \"version\": 1, \"parameters\": {\"scale\": \"2\"}, \"field"
      "\": \"c\"}, {\"type\": \"struct\", \"fields\": [{\"type\": \"int32\", \"optional\": fa"
      "lse, \"field\": \"x\"}], \"optional\": true, \"name\": \"In\", \"field\": \"s\"}, {\"t"
      "ype\": \"array\", \"items\": {\"type\": \"string\", \"optional\": false}, \"optional\""
      ": true, \"field\": \"arr\"}, {\"type\": \"map\", \"keys\": {\"type\": \"string\", \"op"
      "tional\": false}, \"values\": {\"type\": \"int64\", \"optional\": false}, \"optional\""
      ": true, \"field\": \"m\"}, {\"type\": \"int64\", \"optional\": true, \"name\": \"org.a"
      "pache.kafka.connect.data.Timestamp\", \"version\": 1, \"field\": \"ts\"}], \"optional"
      "\": false, \"name\": \"S\", \"version\": 2, \"doc\": \"d\", \"parameters\": {\"p\": \""
      "q\"}}, \"payload\": {\"a\": null, \"b\": \"bee\", \"c\": \"AT8=\", \"s\": {\"x\": 3}, "
      "\"arr\": [\"q\"], \"m\": {\"k\": 5}, \"ts\": 1234}}",
      "-",
      "[[\"old\", {\"schema\": {\"type\": \"string\", \"optional\": false}, \"payload\": \"o"
        "\"}]]",
      "TOPIC t\nKEY {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"int32\",\"option"
      "al\":true,\"default\":7,\"field\":\"a\"},{\"type\":\"string\",\"optional\":false,\"fie"
      "ld\":\"b\"},{\"type\":\"bytes\",\"optional\":true,\"name\":\"org.apache.kafka.connect."
      "data.Decimal\",\"version\":1,\"parameters\":{\"scale\":\"2\"},\"field\":\"c\"},{\"type"
      "\":\"struct\",\"fields\":[{\"type\":\"int32\",\"optional\":false,\"field\":\"x\"}],\"o"
      "ptional\":true,\"name\":\"In\",\"field\":\"s\"},{\"type\":\"array\",\"items\":{\"type"
      "\":\"string\",\"optional\":false},\"optional\":true,\"field\":\"arr\"},{\"type\":\"map"
      "\",\"keys\":{\"type\":\"string\",\"optional\":false},\"values\":{\"type\":\"int64\",\""
      "optional\":false},\"optional\":true,\"field\":\"m\"},{\"type\":\"int64\",\"optional\":"
      "true,\"name\":\"org.apache.kafka.connect.data.Timestamp\",\"version\":1,\"field\":\"ts"
      "\"}],\"optional\":false,\"name\":\"S\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p"
      "\":\"q\"}},\"payload\":{\"a\":null,\"b\":\"bee\",\"c\":\"AT8=\",\"s\":{\"x\":3},\"arr"
      "\":[\"q\"],\"m\":{\"k\":5},\"ts\":1234}}\nVAL NULL\nHDR old {\"schema\":{\"type\":\"st"
      "ring\",\"optional\":false},\"payload\":\"o\"}\nHDR b {\"schema\":{\"type\":\"struct\","
      "\"fields\":[{\"type\":\"int32\",\"optional\":false,\"field\":\"x\"}],\"optional\":true"
      ",\"name\":\"In\"},\"payload\":{\"x\":3}}" },
    { "Value", false, "{\"fields\": \"a,zz\", \"headers\": \"h1,h2\", \"operation\": \"copy\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"int32\", \"optional\": t"
      "rue, \"default\": 7, \"field\": \"a\"}, {\"type\": \"string\", \"optional\": false, \""
      "field\": \"b\"}, {\"type\": \"bytes\", \"optional\": true, \"name\": \"org.apache.kafk"
      "a.connect.data.Decimal\", \"version\": 1, \"parameters\": {\"scale\": \"2\"}, \"field"
      "\": \"c\"}, {\"type\": \"struct\", \"fields\": [{\"type\": \"int32\", \"optional\": fa"
      "lse, \"field\": \"x\"}], \"optional\": true, \"name\": \"In\", \"field\": \"s\"}, {\"t"
      "ype\": \"array\", \"items\": {\"type\": \"string\", \"optional\": false}, \"optional\""
      ": true, \"field\": \"arr\"}, {\"type\": \"map\", \"keys\": {\"type\": \"string\", \"op"
      "tional\": false}, \"values\": {\"type\": \"int64\", \"optional\": false}, \"optional\""
      ": true, \"field\": \"m\"}, {\"type\": \"int64\", \"optional\": true, \"name\": \"org.a"
      "pache.kafka.connect.data.Timestamp\", \"version\": 1, \"field\": \"ts\"}], \"optional"
      "\": false, \"name\": \"S\", \"version\": 2, \"doc\": \"d\", \"parameters\": {\"p\": \""
      "q\"}}, \"payload\": {\"a\": null, \"b\": \"bee\", \"c\": \"AT8=\", \"s\": {\"x\": 3}, "
      "\"arr\": [\"q\"], \"m\": {\"k\": 5}, \"ts\": 1234}}",
      NULL,
      "APPLY: Cannot invoke \"org.apache.kafka.connect.data.Field.schema()\" because the retu"
      "rn value of \"org.apache.kafka.connect.data.Schema.field(String)\" is null" },
    { "Value", false, "{\"fields\": \"name,zip,nothere\", \"headers\": \"n,z,q\", \"operation\": \"copy\"}",
      "-",
      "{\"schema\": null, \"payload\": {\"name\": 1, \"id\": {\"x\": [1]}, \"email\": \"e\", "
      "\"age\": null, \"city\": 2.5, \"zip\": \"z\"}}",
      "[[\"old\", {\"schema\": {\"type\": \"string\", \"optional\": false}, \"payload\": \"o"
        "\"}]]",
      "TOPIC t\nKEY NULL\nVAL {\"schema\":null,\"payload\":{\"zip\":\"z\",\"city\":2.5,\"name"
      "\":1,\"id\":{\"x\":[1]},\"email\":\"e\",\"age\":null}}\nHDR old {\"schema\":{\"type\":"
      "\"string\",\"optional\":false},\"payload\":\"o\"}\nHDR n {\"schema\":null,\"payload\":"
      "1}\nHDR z {\"schema\":null,\"payload\":\"z\"}\nHDR q NULL" },
    { "Value", false, "{\"fields\": \"a\", \"headers\": \"h\", \"operation\": \"copy\"}",
      "-",
      "{\"schema\": null, \"payload\": [1, 2]}",
      NULL,
      "APPLY: Only Map objects supported in absence of schema for [header copy], found: java."
      "util.ArrayList" },
    { "Value", false, "{\"fields\": \"a\", \"headers\": \"h\", \"operation\": \"copy\"}",
      "-",
      "{\"schema\": {\"type\": \"int32\", \"optional\": false}, \"payload\": 5}",
      NULL,
      "APPLY: Only Struct objects supported for [header copy], found: java.lang.Integer" },
    { "Value", false, "{\"fields\": \"a\", \"headers\": \"h\", \"operation\": \"copy\"}",
      "-",
      "{\"schema\": {\"type\": \"map\", \"keys\": {\"type\": \"string\", \"optional\": false}"
      ", \"values\": {\"type\": \"int32\", \"optional\": false}, \"optional\": false}, \"payl"
      "oad\": {\"a\": 1}}",
      NULL,
      "APPLY: Only Struct objects supported for [header copy], found: java.util.HashMap" },
    { "Value", false, "{\"fields\": \"a,b,c,s,arr,m,ts\", \"headers\": \"ha,hb,hc,hs,harr,hm,hts\", \"operati"
        "on\": \"move\", \"replace.null.with.default\": \"true\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"int32\", \"optional\": t"
      "rue, \"default\": 7, \"field\": \"a\"}, {\"type\": \"string\", \"optional\": false, \""
      "field\": \"b\"}, {\"type\": \"bytes\", \"optional\": true, \"name\": \"org.apache.kafk"
      "a.connect.data.Decimal\", \"version\": 1, \"parameters\": {\"scale\": \"2\"}, \"field"
      "\": \"c\"}, {\"type\": \"struct\", \"fields\": [{\"type\": \"int32\", \"optional\": fa"
      "lse, \"field\": \"x\"}], \"optional\": true, \"name\": \"In\", \"field\": \"s\"}, {\"t"
      "ype\": \"array\", \"items\": {\"type\": \"string\", \"optional\": false}, \"optional\""
      ": true, \"field\": \"arr\"}, {\"type\": \"map\", \"keys\": {\"type\": \"string\", \"op"
      "tional\": false}, \"values\": {\"type\": \"int64\", \"optional\": false}, \"optional\""
      ": true, \"field\": \"m\"}, {\"type\": \"int64\", \"optional\": true, \"name\": \"org.a"
      "pache.kafka.connect.data.Timestamp\", \"version\": 1, \"field\": \"ts\"}], \"optional"
      "\": false, \"name\": \"S\", \"version\": 2, \"doc\": \"d\", \"parameters\": {\"p\": \""
      "q\"}}, \"payload\": {\"a\": null, \"b\": \"bee\", \"c\": \"AT8=\", \"s\": {\"x\": 3}, "
      "\"arr\": [\"q\"], \"m\": {\"k\": 5}, \"ts\": 1234}}",
      "[[\"old\", {\"schema\": {\"type\": \"string\", \"optional\": false}, \"payload\": \"o"
        "\"}]]",
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[],\"optional\":fal"
      "se,\"name\":\"S\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload"
      "\":{}}\nHDR old {\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"o\""
      "}\nHDR ha {\"schema\":{\"type\":\"int32\",\"optional\":true,\"default\":7},\"payload\""
      ":7}\nHDR hb {\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"bee\"}"
      "\nHDR hc {\"schema\":{\"type\":\"bytes\",\"optional\":true,\"name\":\"org.apache.kafka"
      ".connect.data.Decimal\",\"version\":1,\"parameters\":{\"scale\":\"2\"}},\"payload\":\""
      "AT8=\"}\nHDR hs {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"int32\",\"opt"
      "ional\":false,\"field\":\"x\"}],\"optional\":true,\"name\":\"In\"},\"payload\":{\"x\":"
      "3}}\nHDR harr {\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"optiona"
      "l\":false},\"optional\":true},\"payload\":[\"q\"]}\nHDR hm {\"schema\":{\"type\":\"map"
      "\",\"keys\":{\"type\":\"string\",\"optional\":false},\"values\":{\"type\":\"int64\",\""
      "optional\":false},\"optional\":true},\"payload\":{\"k\":5}}\nHDR hts {\"schema\":{\"ty"
      "pe\":\"int64\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Timestamp\","
      "\"version\":1},\"payload\":1234}" },
    { "Value", false, "{\"fields\": \"a,b,c,s,arr,m,ts\", \"headers\": \"ha,hb,hc,hs,harr,hm,hts\", \"operati"
        "on\": \"move\", \"replace.null.with.default\": \"false\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"int32\", \"optional\": t"
      "rue, \"default\": 7, \"field\": \"a\"}, {\"type\": \"string\", \"optional\": false, \""
      "field\": \"b\"}, {\"type\": \"bytes\", \"optional\": true, \"name\": \"org.apache.kafk"
      "a.connect.data.Decimal\", \"version\": 1, \"parameters\": {\"scale\": \"2\"}, \"field"
      "\": \"c\"}, {\"type\": \"struct\", \"fields\": [{\"type\": \"int32\", \"optional\": fa"
      "lse, \"field\": \"x\"}], \"optional\": true, \"name\": \"In\", \"field\": \"s\"}, {\"t"
      "ype\": \"array\", \"items\": {\"type\": \"string\", \"optional\": false}, \"optional\""
      ": true, \"field\": \"arr\"}, {\"type\": \"map\", \"keys\": {\"type\": \"string\", \"op"
      "tional\": false}, \"values\": {\"type\": \"int64\", \"optional\": false}, \"optional\""
      ": true, \"field\": \"m\"}, {\"type\": \"int64\", \"optional\": true, \"name\": \"org.a"
      "pache.kafka.connect.data.Timestamp\", \"version\": 1, \"field\": \"ts\"}], \"optional"
      "\": false, \"name\": \"S\", \"version\": 2, \"doc\": \"d\", \"parameters\": {\"p\": \""
      "q\"}}, \"payload\": {\"a\": null, \"b\": \"bee\", \"c\": \"AT8=\", \"s\": {\"x\": 3}, "
      "\"arr\": [\"q\"], \"m\": {\"k\": 5}, \"ts\": 1234}}",
      "[[\"old\", {\"schema\": {\"type\": \"string\", \"optional\": false}, \"payload\": \"o"
        "\"}]]",
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[],\"optional\":fal"
      "se,\"name\":\"S\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload"
      "\":{}}\nHDR old {\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"o\""
      "}\nHDR ha {\"schema\":{\"type\":\"int32\",\"optional\":true,\"default\":7},\"payload\""
      ":null}\nHDR hb {\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"bee"
      "\"}\nHDR hc {\"schema\":{\"type\":\"bytes\",\"optional\":true,\"name\":\"org.apache.ka"
      "fka.connect.data.Decimal\",\"version\":1,\"parameters\":{\"scale\":\"2\"}},\"payload\""
      ":\"AT8=\"}\nHDR hs {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"int32\",\""
      "optional\":false,\"field\":\"x\"}],\"optional\":true,\"name\":\"In\"},\"payload\":{\"x"
      "\":3}}\nHDR harr {\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"opti"
      "onal\":false},\"optional\":true},\"payload\":[\"q\"]}\nHDR hm {\"schema\":{\"type\":\""
      "map\",\"keys\":{\"type\":\"string\",\"optional\":false},\"values\":{\"type\":\"int64\""
      ",\"optional\":false},\"optional\":true},\"payload\":{\"k\":5}}\nHDR hts {\"schema\":{"
      "\"type\":\"int64\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Timestam"
      "p\",\"version\":1},\"payload\":1234}" },
    { "Value", false, "{\"fields\": \"b,b\", \"headers\": \"h1,h2\", \"operation\": \"move\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"int32\", \"optional\": t"
      "rue, \"default\": 7, \"field\": \"a\"}, {\"type\": \"string\", \"optional\": false, \""
      "field\": \"b\"}, {\"type\": \"bytes\", \"optional\": true, \"name\": \"org.apache.kafk"
      "a.connect.data.Decimal\", \"version\": 1, \"parameters\": {\"scale\": \"2\"}, \"field"
      "\": \"c\"}, {\"type\": \"struct\", \"fields\": [{\"type\": \"int32\", \"optional\": fa"
      "lse, \"field\": \"x\"}], \"optional\": true, \"name\": \"In\", \"field\": \"s\"}, {\"t"
      "ype\": \"array\", \"items\": {\"type\": \"string\", \"optional\": false}, \"optional\""
      ": true, \"field\": \"arr\"}, {\"type\": \"map\", \"keys\": {\"type\": \"string\", \"op"
      "tional\": false}, \"values\": {\"type\": \"int64\", \"optional\": false}, \"optional\""
      ": true, \"field\": \"m\"}, {\"type\": \"int64\", \"optional\": true, \"name\": \"org.a"
      "pache.kafka.connect.data.Timestamp\", \"version\": 1, \"field\": \"ts\"}], \"optional"
      "\": false, \"name\": \"S\", \"version\": 2, \"doc\": \"d\", \"parameters\": {\"p\": \""
      "q\"}}, \"payload\": {\"a\": null, \"b\": \"bee\", \"c\": \"AT8=\", \"s\": {\"x\": 3}, "
      "\"arr\": [\"q\"], \"m\": {\"k\": 5}, \"ts\": 1234}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"int32"
      "\",\"optional\":true,\"default\":7,\"field\":\"a\"},{\"type\":\"bytes\",\"optional\":t"
      "rue,\"name\":\"org.apache.kafka.connect.data.Decimal\",\"version\":1,\"parameters\":{"
      "\"scale\":\"2\"},\"field\":\"c\"},{\"type\":\"struct\",\"fields\":[{\"type\":\"int32\""
      ",\"optional\":false,\"field\":\"x\"}],\"optional\":true,\"name\":\"In\",\"field\":\"s"
      "\"},{\"type\":\"array\",\"items\":{\"type\":\"string\",\"optional\":false},\"optional"
      "\":true,\"field\":\"arr\"},{\"type\":\"map\",\"keys\":{\"type\":\"string\",\"optional"
      "\":false},\"values\":{\"type\":\"int64\",\"optional\":false},\"optional\":true,\"field"
      "\":\"m\"},{\"type\":\"int64\",\"optional\":true,\"name\":\"org.apache.kafka.connect.da"
      "ta.Timestamp\",\"version\":1,\"field\":\"ts\"}],\"optional\":false,\"name\":\"S\",\"ve"
      "rsion\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":{\"a\":7,\"c\":\"AT8"
      "=\",\"s\":{\"x\":3},\"arr\":[\"q\"],\"m\":{\"k\":5},\"ts\":1234}}\nHDR h1 {\"schema\":"
      "{\"type\":\"string\",\"optional\":false},\"payload\":\"bee\"}\nHDR h2 {\"schema\":{\"t"
      "ype\":\"string\",\"optional\":false},\"payload\":\"bee\"}" },
    { "Key", true, "{\"fields\": \"s\", \"headers\": \"b\", \"operation\": \"move\"}",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"int32\", \"optional\": t"
      "rue, \"default\": 7, \"field\": \"a\"}, {\"type\": \"string\", \"optional\": false, \""
      "field\": \"b\"}, {\"type\": \"bytes\", \"optional\": true, \"name\": \"org.apache.kafk"
      "a.connect.data.Decimal\", \"version\": 1, \"parameters\": {\"scale\": \"2\"}, \"field"
      "\": \"c\"}, {\"type\": \"struct\", \"fields\": [{\"type\": \"int32\", \"optional\": fa"
      "lse, \"field\": \"x\"}], \"optional\": true, \"name\": \"In\", \"field\": \"s\"}, {\"t"
      "ype\": \"array\", \"items\": {\"type\": \"string\", \"optional\": false}, \"optional\""
      ": true, \"field\": \"arr\"}, {\"type\": \"map\", \"keys\": {\"type\": \"string\", \"op"
      "tional\": false}, \"values\": {\"type\": \"int64\", \"optional\": false}, \"optional\""
      ": true, \"field\": \"m\"}, {\"type\": \"int64\", \"optional\": true, \"name\": \"org.a"
      "pache.kafka.connect.data.Timestamp\", \"version\": 1, \"field\": \"ts\"}], \"optional"
      "\": false, \"name\": \"S\", \"version\": 2, \"doc\": \"d\", \"parameters\": {\"p\": \""
      "q\"}}, \"payload\": {\"a\": null, \"b\": \"bee\", \"c\": \"AT8=\", \"s\": {\"x\": 3}, "
      "\"arr\": [\"q\"], \"m\": {\"k\": 5}, \"ts\": 1234}}",
      "-",
      "[[\"old\", {\"schema\": {\"type\": \"string\", \"optional\": false}, \"payload\": \"o"
        "\"}]]",
      "TOPIC t\nKEY {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"int32\",\"option"
      "al\":true,\"default\":7,\"field\":\"a\"},{\"type\":\"string\",\"optional\":false,\"fie"
      "ld\":\"b\"},{\"type\":\"bytes\",\"optional\":true,\"name\":\"org.apache.kafka.connect."
      "data.Decimal\",\"version\":1,\"parameters\":{\"scale\":\"2\"},\"field\":\"c\"},{\"type"
      "\":\"array\",\"items\":{\"type\":\"string\",\"optional\":false},\"optional\":true,\"fi"
      "eld\":\"arr\"},{\"type\":\"map\",\"keys\":{\"type\":\"string\",\"optional\":false},\"v"
      "alues\":{\"type\":\"int64\",\"optional\":false},\"optional\":true,\"field\":\"m\"},{\""
      "type\":\"int64\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Timestamp"
      "\",\"version\":1,\"field\":\"ts\"}],\"optional\":false,\"name\":\"S\",\"version\":2,\""
      "doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":{\"a\":7,\"b\":\"bee\",\"c\":\"A"
      "T8=\",\"arr\":[\"q\"],\"m\":{\"k\":5},\"ts\":1234}}\nVAL NULL\nHDR old {\"schema\":{\""
      "type\":\"string\",\"optional\":false},\"payload\":\"o\"}\nHDR b {\"schema\":{\"type\":"
      "\"struct\",\"fields\":[{\"type\":\"int32\",\"optional\":false,\"field\":\"x\"}],\"opti"
      "onal\":true,\"name\":\"In\"},\"payload\":{\"x\":3}}" },
    { "Value", false, "{\"fields\": \"a,zz\", \"headers\": \"h1,h2\", \"operation\": \"move\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"int32\", \"optional\": t"
      "rue, \"default\": 7, \"field\": \"a\"}, {\"type\": \"string\", \"optional\": false, \""
      "field\": \"b\"}, {\"type\": \"bytes\", \"optional\": true, \"name\": \"org.apache.kafk"
      "a.connect.data.Decimal\", \"version\": 1, \"parameters\": {\"scale\": \"2\"}, \"field"
      "\": \"c\"}, {\"type\": \"struct\", \"fields\": [{\"type\": \"int32\", \"optional\": fa"
      "lse, \"field\": \"x\"}], \"optional\": true, \"name\": \"In\", \"field\": \"s\"}, {\"t"
      "ype\": \"array\", \"items\": {\"type\": \"string\", \"optional\": false}, \"optional\""
      ": true, \"field\": \"arr\"}, {\"type\": \"map\", \"keys\": {\"type\": \"string\", \"op"
      "tional\": false}, \"values\": {\"type\": \"int64\", \"optional\": false}, \"optional\""
      ": true, \"field\": \"m\"}, {\"type\": \"int64\", \"optional\": true, \"name\": \"org.a"
      "pache.kafka.connect.data.Timestamp\", \"version\": 1, \"field\": \"ts\"}], \"optional"
      "\": false, \"name\": \"S\", \"version\": 2, \"doc\": \"d\", \"parameters\": {\"p\": \""
      "q\"}}, \"payload\": {\"a\": null, \"b\": \"bee\", \"c\": \"AT8=\", \"s\": {\"x\": 3}, "
      "\"arr\": [\"q\"], \"m\": {\"k\": 5}, \"ts\": 1234}}",
      NULL,
      "APPLY: Cannot invoke \"org.apache.kafka.connect.data.Field.schema()\" because the retu"
      "rn value of \"org.apache.kafka.connect.data.Schema.field(String)\" is null" },
    { "Value", false, "{\"fields\": \"name,zip,nothere\", \"headers\": \"n,z,q\", \"operation\": \"move\"}",
      "-",
      "{\"schema\": null, \"payload\": {\"name\": 1, \"id\": {\"x\": [1]}, \"email\": \"e\", "
      "\"age\": null, \"city\": 2.5, \"zip\": \"z\"}}",
      "[[\"old\", {\"schema\": {\"type\": \"string\", \"optional\": false}, \"payload\": \"o"
        "\"}]]",
      "TOPIC t\nKEY NULL\nVAL {\"schema\":null,\"payload\":{\"city\":2.5,\"id\":{\"x\":[1]},"
      "\"email\":\"e\",\"age\":null}}\nHDR old {\"schema\":{\"type\":\"string\",\"optional\":"
      "false},\"payload\":\"o\"}\nHDR n {\"schema\":null,\"payload\":1}\nHDR z {\"schema\":nu"
      "ll,\"payload\":\"z\"}\nHDR q NULL" },
    { "Value", false, "{\"fields\": \"a\", \"headers\": \"h\", \"operation\": \"move\"}",
      "-",
      "{\"schema\": null, \"payload\": [1, 2]}",
      NULL,
      "APPLY: Only Map objects supported in absence of schema for [header move], found: java."
      "util.ArrayList" },
    { "Value", false, "{\"fields\": \"a\", \"headers\": \"h\", \"operation\": \"move\"}",
      "-",
      "{\"schema\": {\"type\": \"int32\", \"optional\": false}, \"payload\": 5}",
      NULL,
      "APPLY: Only Struct objects supported for [header move], found: java.lang.Integer" },
    { "Value", false, "{\"fields\": \"a\", \"headers\": \"h\", \"operation\": \"move\"}",
      "-",
      "{\"schema\": {\"type\": \"map\", \"keys\": {\"type\": \"string\", \"optional\": false}"
      ", \"values\": {\"type\": \"int32\", \"optional\": false}, \"optional\": false}, \"payl"
      "oad\": {\"a\": 1}}",
      NULL,
      "APPLY: Only Struct objects supported for [header move], found: java.util.HashMap" },
    { "Value", false, "{\"fields\": \"a,b\", \"headers\": \"h\", \"operation\": \"copy\"}",
      "-",
      "-",
      NULL,
      "CONFIG: 'fields' config must have the same number of elements as 'headers' config." },
    { "Value", false, "{\"fields\": \"a\", \"headers\": \"\", \"operation\": \"copy\"}",
      "-",
      "-",
      NULL,
      "CONFIG: Invalid value [] for configuration headers: Empty list" },
    { "Value", false, "{\"fields\": \"a\", \"headers\": \"h\", \"operation\": \"copy\", \"replace.null.with.d"
        "efault\": \"x\"}",
      "-",
      "-",
      NULL,
      "CONFIG: Invalid value x for configuration replace.null.with.default: Expected value to"
      " be either true or false" },
};

static void
test_header_from_java(void **state)
{
    (void) state;
    run_cases(&kc_tf_header_from_key, &kc_tf_header_from_value, cases,
              sizeof(cases) / sizeof(cases[0]));
}

static void
test_header_from_ops(void **state)
{
    json_t *def = kc_tf_header_from_value.config_def();

    (void) state;
    assert_string_equal(kc_tf_header_from_key.class_name,
                        "org.apache.kafka.connect.transforms.HeaderFrom$Key");
    assert_string_equal(kc_tf_header_from_value.class_name,
                        "org.apache.kafka.connect.transforms.HeaderFrom$Value");
    assert_int_equal(kc_tf_header_from_key.reads, KC_READS_KEY);
    assert_int_equal(kc_tf_header_from_value.reads, KC_READS_VALUE);
    assert_int_equal(json_array_size(def), 4);
    assert_string_equal(json_string_value(json_object_get(json_array_get(def, 2), "name")),
                        "operation");
    json_decref(def);
}

/* A header whose field fails leaves the record as it was: no header is added, the value is
 * not moved. */
static void
test_header_from_fails_whole(void **state)
{
    const kc_transform_ops *ops = &kc_tf_header_from_value;
    void                   *priv = configure(ops, "{\"fields\":\"a,zz\",\"headers\":\"h1,h2\","
                                             "\"operation\":\"move\"}");
    kc_connect_record      *r = rec_new("t");
    json_t                 *schema = js("{\"type\":\"struct\",\"fields\":[{\"type\":\"int32\","
                                        "\"optional\":false,\"field\":\"a\"}],\"optional\":false}");
    json_t                 *value = js("{\"a\":1}");

    (void) state;
    kc_crec_set(&r->value, schema, value);
    apply_fails(ops, priv, r, "Cannot invoke \"org.apache.kafka.connect.data.Field.schema()\" "
                "because the return value of \"org.apache.kafka.connect.data.Schema.field("
                "String)\" is null");
    assert_int_equal(r->nheaders, 0);
    assert_ptr_equal(r->value.schema, schema);
    assert_ptr_equal(r->value.json, value);
    rec_free(r);
    ops->close(priv);
    (void) apply_ok;
    configure_fails(ops, "{\"fields\":\"a\",\"headers\":\"h\",\"operation\":\"MOVE\"}",
                    "Invalid value MOVE for configuration operation: String must be one of: "
                    "move, copy");
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_header_from_ops),
        cmocka_unit_test(test_header_from_java),
        cmocka_unit_test(test_header_from_fails_whole),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
