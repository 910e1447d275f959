/*
 * tests/unit/test_transforms_cast.c - Cast$Key and Cast$Value: the spec's checks with
 * Java's ConfigException texts, whole-value and per-field casts of every type Cast takes
 * (schemaless, primitives, structs with defaults, Decimal, Date, Time and Timestamp), and
 * what is refused here rather than made differently. Every expected outcome but the
 * refusals was produced by Kafka 4.3.1's classes on Java 17 from the same configuration and
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
#include "lib/numbers.h"

#include "tests/unit/transform_helpers.h"

#include "tests/unit/transform_cases.h"

static const tf_case cases[] = {
    { "Value", false, "{\"spec\": \"foo\"}",
      "-",
      "{\"schema\": null, \"payload\": {\"a\": 1, \"\": 2}}",
      NULL,
      "CONFIG: Invalid value java.lang.IllegalArgumentException: No enum constant org.apache."
      "kafka.connect.data.Schema.Type.FOO for configuration Invalid type found in casting spe"
      "c: foo" },
    { "Value", false, "{\"spec\": \"a:foo\"}",
      "-",
      "{\"schema\": null, \"payload\": {\"a\": 1, \"\": 2}}",
      NULL,
      "CONFIG: Invalid value java.lang.IllegalArgumentException: No enum constant org.apache."
      "kafka.connect.data.Schema.Type.FOO for configuration Invalid type found in casting spe"
      "c: foo" },
    { "Value", false, "{\"spec\": \"bytes\"}",
      "-",
      "{\"schema\": null, \"payload\": {\"a\": 1, \"\": 2}}",
      NULL,
      "CONFIG: Cast transformation does not support casting to BYTES; supported types are [IN"
      "T8, INT16, INT32, INT64, FLOAT32, FLOAT64, BOOLEAN, STRING]" },
    { "Value", false, "{\"spec\": \"a:b:c,x:int8\"}",
      "-",
      "{\"schema\": null, \"payload\": {\"a\": 1, \"\": 2}}",
      NULL,
      "CONFIG: Invalid value [a:b:c, x:int8] for configuration renames: Invalid rename mappin"
      "g: a:b:c" },
    { "Value", false, "{\"spec\": \"\"}",
      "-",
      "{\"schema\": null, \"payload\": {\"a\": 1, \"\": 2}}",
      NULL,
      "CONFIG: Must specify at least one field to cast." },
    { "Value", false, "{\"spec\": \"int8,a:int8\"}",
      "-",
      "{\"schema\": null, \"payload\": {\"a\": 1, \"\": 2}}",
      NULL,
      "CONFIG: Cast transformations that specify a type to cast the entire value to may only "
      "specify a single cast in their spec" },
    { "Value", false, "{\"spec\": \"::\"}",
      "-",
      "{\"schema\": null, \"payload\": {\"a\": 1, \"\": 2}}",
      NULL,
      "CONFIG: Index 1 out of bounds for length 0" },
    { "Value", false, "{\"spec\": \"a:\"}",
      "-",
      "{\"schema\": null, \"payload\": {\"a\": 1, \"\": 2}}",
      NULL,
      "CONFIG: Invalid value java.lang.IllegalArgumentException: No enum constant org.apache."
      "kafka.connect.data.Schema.Type.A for configuration Invalid type found in casting spec:"
      " a" },
    { "Value", false, "{\"spec\": \" ınt8\"}",
      "-",
      "{\"schema\": null, \"payload\": {\"a\": 1, \"\": 2}}",
      NULL,
      "APPLY: Cast transformation does not support casting from MAP; supported types are [INT"
      "8, INT16, INT32, INT64, FLOAT32, FLOAT64, BOOLEAN, STRING, BYTES]" },
    { "Value", false, "{\"spec\": \"a:ſtring \"}",
      "-",
      "{\"schema\": null, \"payload\": {\"a\": 1, \"\": 2}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":null,\"payload\":{\"\":2,\"a\":\"1\"}}" },
    { "Value", false, "{\"spec\": \"a:struct\"}",
      "-",
      "{\"schema\": null, \"payload\": {\"a\": 1, \"\": 2}}",
      NULL,
      "CONFIG: Cast transformation does not support casting to STRUCT; supported types are [I"
      "NT8, INT16, INT32, INT64, FLOAT32, FLOAT64, BOOLEAN, STRING]" },
    { "Value", false, "{\"spec\": \", a:int8\"}",
      "-",
      "{\"schema\": null, \"payload\": {\"a\": 1, \"\": 2}}",
      NULL,
      "CONFIG: Invalid value java.lang.IllegalArgumentException: No enum constant org.apache."
      "kafka.connect.data.Schema.Type. for configuration Invalid type found in casting spec: " },
    { "Value", false, "{\"spec\": \"straße\"}",
      "-",
      "{\"schema\": null, \"payload\": {\"a\": 1, \"\": 2}}",
      NULL,
      "CONFIG: Invalid value java.lang.IllegalArgumentException: No enum constant org.apache."
      "kafka.connect.data.Schema.Type.STRASSE for configuration Invalid type found in casting"
      " spec: straße" },
    { "Value", false, "{\"spec\": \"a:array\"}",
      "-",
      "{\"schema\": null, \"payload\": {\"a\": 1, \"\": 2}}",
      NULL,
      "CONFIG: Cast transformation does not support casting to ARRAY; supported types are [IN"
      "T8, INT16, INT32, INT64, FLOAT32, FLOAT64, BOOLEAN, STRING]" },
    { "Value", false, "{\"spec\": \"int8,int8\"}",
      "-",
      "{\"schema\": null, \"payload\": {\"a\": 1, \"\": 2}}",
      NULL,
      "CONFIG: Cast transformations that specify a type to cast the entire value to may only "
      "specify a single cast in their spec" },
    { "Value", false, "{\"spec\": \":int8\"}",
      "-",
      "{\"schema\": null, \"payload\": {\"a\": 1, \"\": 2}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":null,\"payload\":{\"\":2,\"a\":1}}" },
    { "Value", false, "{\"spec\": \"a:int8,a:string\"}",
      "-",
      "{\"schema\": null, \"payload\": {\"a\": 1, \"\": 2}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":null,\"payload\":{\"\":2,\"a\":\"1\"}}" },
    { "Value", false, "{}",
      "-",
      "-",
      NULL,
      "CONFIG: Missing required configuration \"spec\" which has no default value." },
    { "Value", false, "{\"spec\": \"int8\", \"replace.null.with.default\": \"maybe\"}",
      "-",
      "-",
      NULL,
      "CONFIG: Invalid value maybe for configuration replace.null.with.default: Expected valu"
      "e to be either true or false" },
    { "Value", false, "{\"spec\": \"int8\"}",
      "-",
      "{\"schema\": null, \"payload\": -129}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":null,\"payload\":127}" },
    { "Value", false, "{\"spec\": \"int8\"}",
      "-",
      "{\"schema\": null, \"payload\": true}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":null,\"payload\":1}" },
    { "Value", false, "{\"spec\": \"int8\"}",
      "-",
      "{\"schema\": null, \"payload\": \"1e3\"}",
      NULL,
      "APPLY: Value (1e3) was out of range for requested data type" },
    { "Value", false, "{\"spec\": \"int8\"}",
      "-",
      "{\"schema\": null, \"payload\": \"0x1p3\"}",
      NULL,
      "APPLY: Value (0x1p3) was out of range for requested data type" },
    { "Value", false, "{\"spec\": \"int8\"}",
      "-",
      "{\"schema\": null, \"payload\": \"3000000000\"}",
      NULL,
      "APPLY: Value (3000000000) was out of range for requested data type" },
    { "Value", false, "{\"spec\": \"int8\"}",
      "-",
      "{\"schema\": null, \"payload\": \"TRUE\"}",
      NULL,
      "APPLY: Value (TRUE) was out of range for requested data type" },
    { "Value", false, "{\"spec\": \"int8\"}",
      "-",
      "{\"schema\": null, \"payload\": \"5.\"}",
      NULL,
      "APPLY: Value (5.) was out of range for requested data type" },
    { "Value", false, "{\"spec\": \"int16\"}",
      "-",
      "{\"schema\": null, \"payload\": -129}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":null,\"payload\":-129}" },
    { "Value", false, "{\"spec\": \"int16\"}",
      "-",
      "{\"schema\": null, \"payload\": true}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":null,\"payload\":1}" },
    { "Value", false, "{\"spec\": \"int16\"}",
      "-",
      "{\"schema\": null, \"payload\": \"1e3\"}",
      NULL,
      "APPLY: Value (1e3) was out of range for requested data type" },
    { "Value", false, "{\"spec\": \"int16\"}",
      "-",
      "{\"schema\": null, \"payload\": \"0x1p3\"}",
      NULL,
      "APPLY: Value (0x1p3) was out of range for requested data type" },
    { "Value", false, "{\"spec\": \"int16\"}",
      "-",
      "{\"schema\": null, \"payload\": \"3000000000\"}",
      NULL,
      "APPLY: Value (3000000000) was out of range for requested data type" },
    { "Value", false, "{\"spec\": \"int16\"}",
      "-",
      "{\"schema\": null, \"payload\": \"TRUE\"}",
      NULL,
      "APPLY: Value (TRUE) was out of range for requested data type" },
    { "Value", false, "{\"spec\": \"int16\"}",
      "-",
      "{\"schema\": null, \"payload\": \"5.\"}",
      NULL,
      "APPLY: Value (5.) was out of range for requested data type" },
    { "Value", false, "{\"spec\": \"int32\"}",
      "-",
      "{\"schema\": null, \"payload\": -129}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":null,\"payload\":-129}" },
    { "Value", false, "{\"spec\": \"int32\"}",
      "-",
      "{\"schema\": null, \"payload\": true}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":null,\"payload\":1}" },
    { "Value", false, "{\"spec\": \"int32\"}",
      "-",
      "{\"schema\": null, \"payload\": \"1e3\"}",
      NULL,
      "APPLY: Value (1e3) was out of range for requested data type" },
    { "Value", false, "{\"spec\": \"int32\"}",
      "-",
      "{\"schema\": null, \"payload\": \"0x1p3\"}",
      NULL,
      "APPLY: Value (0x1p3) was out of range for requested data type" },
    { "Value", false, "{\"spec\": \"int32\"}",
      "-",
      "{\"schema\": null, \"payload\": \"3000000000\"}",
      NULL,
      "APPLY: Value (3000000000) was out of range for requested data type" },
    { "Value", false, "{\"spec\": \"int32\"}",
      "-",
      "{\"schema\": null, \"payload\": \"TRUE\"}",
      NULL,
      "APPLY: Value (TRUE) was out of range for requested data type" },
    { "Value", false, "{\"spec\": \"int32\"}",
      "-",
      "{\"schema\": null, \"payload\": \"5.\"}",
      NULL,
      "APPLY: Value (5.) was out of range for requested data type" },
    { "Value", false, "{\"spec\": \"int64\"}",
      "-",
      "{\"schema\": null, \"payload\": -129}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":null,\"payload\":-129}" },
    { "Value", false, "{\"spec\": \"int64\"}",
      "-",
      "{\"schema\": null, \"payload\": true}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":null,\"payload\":1}" },
    { "Value", false, "{\"spec\": \"int64\"}",
      "-",
      "{\"schema\": null, \"payload\": \"1e3\"}",
      NULL,
      "APPLY: Value (1e3) was out of range for requested data type" },
    { "Value", false, "{\"spec\": \"int64\"}",
      "-",
      "{\"schema\": null, \"payload\": \"0x1p3\"}",
      NULL,
      "APPLY: Value (0x1p3) was out of range for requested data type" },
    { "Value", false, "{\"spec\": \"int64\"}",
      "-",
      "{\"schema\": null, \"payload\": \"3000000000\"}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":null,\"payload\":3000000000}" },
    { "Value", false, "{\"spec\": \"int64\"}",
      "-",
      "{\"schema\": null, \"payload\": \"TRUE\"}",
      NULL,
      "APPLY: Value (TRUE) was out of range for requested data type" },
    { "Value", false, "{\"spec\": \"int64\"}",
      "-",
      "{\"schema\": null, \"payload\": \"5.\"}",
      NULL,
      "APPLY: Value (5.) was out of range for requested data type" },
    { "Value", false, "{\"spec\": \"float32\"}",
      "-",
      "{\"schema\": null, \"payload\": -129}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":null,\"payload\":-129.0}" },
    { "Value", false, "{\"spec\": \"float32\"}",
      "-",
      "{\"schema\": null, \"payload\": true}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":null,\"payload\":1.0}" },
    { "Value", false, "{\"spec\": \"float32\"}",
      "-",
      "{\"schema\": null, \"payload\": \"1e3\"}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":null,\"payload\":1000.0}" },
    { "Value", false, "{\"spec\": \"float32\"}",
      "-",
      "{\"schema\": null, \"payload\": \"0x1p3\"}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":null,\"payload\":8.0}" },
    { "Value", false, "{\"spec\": \"float32\"}",
      "-",
      "{\"schema\": null, \"payload\": \"3000000000\"}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":null,\"payload\":3.0E9}" },
    { "Value", false, "{\"spec\": \"float32\"}",
      "-",
      "{\"schema\": null, \"payload\": \"TRUE\"}",
      NULL,
      "APPLY: Value (TRUE) was out of range for requested data type" },
    { "Value", false, "{\"spec\": \"float32\"}",
      "-",
      "{\"schema\": null, \"payload\": \"5.\"}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":null,\"payload\":5.0}" },
    { "Value", false, "{\"spec\": \"float64\"}",
      "-",
      "{\"schema\": null, \"payload\": -129}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":null,\"payload\":-129.0}" },
    { "Value", false, "{\"spec\": \"float64\"}",
      "-",
      "{\"schema\": null, \"payload\": true}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":null,\"payload\":1.0}" },
    { "Value", false, "{\"spec\": \"float64\"}",
      "-",
      "{\"schema\": null, \"payload\": \"1e3\"}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":null,\"payload\":1000.0}" },
    { "Value", false, "{\"spec\": \"float64\"}",
      "-",
      "{\"schema\": null, \"payload\": \"0x1p3\"}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":null,\"payload\":8.0}" },
    { "Value", false, "{\"spec\": \"float64\"}",
      "-",
      "{\"schema\": null, \"payload\": \"3000000000\"}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":null,\"payload\":3.0E9}" },
    { "Value", false, "{\"spec\": \"float64\"}",
      "-",
      "{\"schema\": null, \"payload\": \"TRUE\"}",
      NULL,
      "APPLY: Value (TRUE) was out of range for requested data type" },
    { "Value", false, "{\"spec\": \"float64\"}",
      "-",
      "{\"schema\": null, \"payload\": \"5.\"}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":null,\"payload\":5.0}" },
    { "Value", false, "{\"spec\": \"boolean\"}",
      "-",
      "{\"schema\": null, \"payload\": -129}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":null,\"payload\":true}" },
    { "Value", false, "{\"spec\": \"boolean\"}",
      "-",
      "{\"schema\": null, \"payload\": true}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":null,\"payload\":true}" },
    { "Value", false, "{\"spec\": \"boolean\"}",
      "-",
      "{\"schema\": null, \"payload\": \"1e3\"}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":null,\"payload\":false}" },
    { "Value", false, "{\"spec\": \"boolean\"}",
      "-",
      "{\"schema\": null, \"payload\": \"0x1p3\"}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":null,\"payload\":false}" },
    { "Value", false, "{\"spec\": \"boolean\"}",
      "-",
      "{\"schema\": null, \"payload\": \"3000000000\"}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":null,\"payload\":false}" },
    { "Value", false, "{\"spec\": \"boolean\"}",
      "-",
      "{\"schema\": null, \"payload\": \"TRUE\"}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":null,\"payload\":true}" },
    { "Value", false, "{\"spec\": \"boolean\"}",
      "-",
      "{\"schema\": null, \"payload\": \"5.\"}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":null,\"payload\":false}" },
    { "Value", false, "{\"spec\": \"string\"}",
      "-",
      "{\"schema\": null, \"payload\": -129}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":null,\"payload\":\"-129\"}" },
    { "Value", false, "{\"spec\": \"string\"}",
      "-",
      "{\"schema\": null, \"payload\": true}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":null,\"payload\":\"true\"}" },
    { "Value", false, "{\"spec\": \"string\"}",
      "-",
      "{\"schema\": null, \"payload\": \"1e3\"}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":null,\"payload\":\"1e3\"}" },
    { "Value", false, "{\"spec\": \"string\"}",
      "-",
      "{\"schema\": null, \"payload\": \"0x1p3\"}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":null,\"payload\":\"0x1p3\"}" },
    { "Value", false, "{\"spec\": \"string\"}",
      "-",
      "{\"schema\": null, \"payload\": \"3000000000\"}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":null,\"payload\":\"3000000000\"}" },
    { "Value", false, "{\"spec\": \"string\"}",
      "-",
      "{\"schema\": null, \"payload\": \"TRUE\"}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":null,\"payload\":\"TRUE\"}" },
    { "Value", false, "{\"spec\": \"string\"}",
      "-",
      "{\"schema\": null, \"payload\": \"5.\"}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":null,\"payload\":\"5.\"}" },
    { "Value", false, "{\"spec\": \"a:string,zz:int8,b:boolean\"}",
      "-",
      "{\"schema\": null, \"payload\": {\"name\": 1, \"id\": 2, \"a\": 3, \"b\": 0, \"email\""
      ": \"x\"}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":null,\"payload\":{\"name\":1,\"zz\":null,\"a\":\"3"
      "\",\"b\":false,\"id\":2,\"email\":\"x\"}}" },
    { "Value", false, "{\"spec\": \"a:int8\"}",
      "-",
      "{\"schema\": null, \"payload\": 5}",
      NULL,
      "APPLY: Only Map objects supported in absence of schema for [cast types], found: java.l"
      "ang.Long" },
    { "Key", false, "{\"spec\": \"k:string\"}",
      "{\"schema\": null, \"payload\": {\"k\": 1.25}}",
      "-",
      NULL,
      "TOPIC t\nKEY {\"schema\":null,\"payload\":{\"k\":\"1.25\"}}\nVAL NULL" },
    { "Value", false, "{\"spec\": \"int8\"}",
      "-",
      "{\"schema\": {\"type\": \"int8\", \"optional\": false, \"name\": \"n\", \"version\": 2"
      ", \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": 5}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int8\",\"optional\":false,\"name\":\"n"
      "\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":5}" },
    { "Value", false, "{\"spec\": \"int16\"}",
      "-",
      "{\"schema\": {\"type\": \"int8\", \"optional\": false, \"name\": \"n\", \"version\": 2"
      ", \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": 5}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int16\",\"optional\":false,\"name\":\"n"
      "\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":5}" },
    { "Value", false, "{\"spec\": \"int32\"}",
      "-",
      "{\"schema\": {\"type\": \"int8\", \"optional\": false, \"name\": \"n\", \"version\": 2"
      ", \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": 5}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"n"
      "\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":5}" },
    { "Value", false, "{\"spec\": \"int64\"}",
      "-",
      "{\"schema\": {\"type\": \"int8\", \"optional\": false, \"name\": \"n\", \"version\": 2"
      ", \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": 5}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false,\"name\":\"n"
      "\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":5}" },
    { "Value", false, "{\"spec\": \"float32\"}",
      "-",
      "{\"schema\": {\"type\": \"int8\", \"optional\": false, \"name\": \"n\", \"version\": 2"
      ", \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": 5}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"float\",\"optional\":false,\"name\":\"n"
      "\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":5.0}" },
    { "Value", false, "{\"spec\": \"float64\"}",
      "-",
      "{\"schema\": {\"type\": \"int8\", \"optional\": false, \"name\": \"n\", \"version\": 2"
      ", \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": 5}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"double\",\"optional\":false,\"name\":\""
      "n\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":5.0}" },
    { "Value", false, "{\"spec\": \"boolean\"}",
      "-",
      "{\"schema\": {\"type\": \"int8\", \"optional\": false, \"name\": \"n\", \"version\": 2"
      ", \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": 5}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"boolean\",\"optional\":false,\"name\":"
      "\"n\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":true}" },
    { "Value", false, "{\"spec\": \"string\"}",
      "-",
      "{\"schema\": {\"type\": \"int8\", \"optional\": false, \"name\": \"n\", \"version\": 2"
      ", \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": 5}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"string\",\"optional\":false,\"name\":\""
      "n\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":\"5\"}" },
    { "Value", false, "{\"spec\": \"int8\"}",
      "-",
      "{\"schema\": {\"type\": \"int16\", \"optional\": false, \"name\": \"n\", \"version\": "
      "2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": -300}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int8\",\"optional\":false,\"name\":\"n"
      "\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":-44}" },
    { "Value", false, "{\"spec\": \"int16\"}",
      "-",
      "{\"schema\": {\"type\": \"int16\", \"optional\": false, \"name\": \"n\", \"version\": "
      "2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": -300}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int16\",\"optional\":false,\"name\":\"n"
      "\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":-300}" },
    { "Value", false, "{\"spec\": \"int32\"}",
      "-",
      "{\"schema\": {\"type\": \"int16\", \"optional\": false, \"name\": \"n\", \"version\": "
      "2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": -300}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"n"
      "\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":-300}" },
    { "Value", false, "{\"spec\": \"int64\"}",
      "-",
      "{\"schema\": {\"type\": \"int16\", \"optional\": false, \"name\": \"n\", \"version\": "
      "2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": -300}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false,\"name\":\"n"
      "\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":-300}" },
    { "Value", false, "{\"spec\": \"float32\"}",
      "-",
      "{\"schema\": {\"type\": \"int16\", \"optional\": false, \"name\": \"n\", \"version\": "
      "2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": -300}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"float\",\"optional\":false,\"name\":\"n"
      "\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":-300.0}" },
    { "Value", false, "{\"spec\": \"float64\"}",
      "-",
      "{\"schema\": {\"type\": \"int16\", \"optional\": false, \"name\": \"n\", \"version\": "
      "2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": -300}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"double\",\"optional\":false,\"name\":\""
      "n\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":-300.0}" },
    { "Value", false, "{\"spec\": \"boolean\"}",
      "-",
      "{\"schema\": {\"type\": \"int16\", \"optional\": false, \"name\": \"n\", \"version\": "
      "2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": -300}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"boolean\",\"optional\":false,\"name\":"
      "\"n\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":true}" },
    { "Value", false, "{\"spec\": \"string\"}",
      "-",
      "{\"schema\": {\"type\": \"int16\", \"optional\": false, \"name\": \"n\", \"version\": "
      "2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": -300}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"string\",\"optional\":false,\"name\":\""
      "n\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":\"-300\"}" },
    { "Value", false, "{\"spec\": \"int8\"}",
      "-",
      "{\"schema\": {\"type\": \"int32\", \"optional\": false, \"name\": \"n\", \"version\": "
      "2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": 70000}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int8\",\"optional\":false,\"name\":\"n"
      "\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":112}" },
    { "Value", false, "{\"spec\": \"int16\"}",
      "-",
      "{\"schema\": {\"type\": \"int32\", \"optional\": false, \"name\": \"n\", \"version\": "
      "2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": 70000}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int16\",\"optional\":false,\"name\":\"n"
      "\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":4464}" },
    { "Value", false, "{\"spec\": \"int32\"}",
      "-",
      "{\"schema\": {\"type\": \"int32\", \"optional\": false, \"name\": \"n\", \"version\": "
      "2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": 70000}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"n"
      "\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":70000}" },
    { "Value", false, "{\"spec\": \"int64\"}",
      "-",
      "{\"schema\": {\"type\": \"int32\", \"optional\": false, \"name\": \"n\", \"version\": "
      "2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": 70000}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false,\"name\":\"n"
      "\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":70000}" },
    { "Value", false, "{\"spec\": \"float32\"}",
      "-",
      "{\"schema\": {\"type\": \"int32\", \"optional\": false, \"name\": \"n\", \"version\": "
      "2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": 70000}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"float\",\"optional\":false,\"name\":\"n"
      "\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":70000.0}" },
    { "Value", false, "{\"spec\": \"float64\"}",
      "-",
      "{\"schema\": {\"type\": \"int32\", \"optional\": false, \"name\": \"n\", \"version\": "
      "2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": 70000}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"double\",\"optional\":false,\"name\":\""
      "n\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":70000.0}" },
    { "Value", false, "{\"spec\": \"boolean\"}",
      "-",
      "{\"schema\": {\"type\": \"int32\", \"optional\": false, \"name\": \"n\", \"version\": "
      "2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": 70000}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"boolean\",\"optional\":false,\"name\":"
      "\"n\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":true}" },
    { "Value", false, "{\"spec\": \"string\"}",
      "-",
      "{\"schema\": {\"type\": \"int32\", \"optional\": false, \"name\": \"n\", \"version\": "
      "2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": 70000}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"string\",\"optional\":false,\"name\":\""
      "n\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":\"70000\"}" },
    { "Value", false, "{\"spec\": \"int8\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false, \"name\": \"n\", \"version\": "
      "2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": 1099511627776}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int8\",\"optional\":false,\"name\":\"n"
      "\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":0}" },
    { "Value", false, "{\"spec\": \"int16\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false, \"name\": \"n\", \"version\": "
      "2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": 1099511627776}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int16\",\"optional\":false,\"name\":\"n"
      "\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":0}" },
    { "Value", false, "{\"spec\": \"int32\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false, \"name\": \"n\", \"version\": "
      "2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": 1099511627776}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"n"
      "\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":0}" },
    { "Value", false, "{\"spec\": \"int64\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false, \"name\": \"n\", \"version\": "
      "2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": 1099511627776}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false,\"name\":\"n"
      "\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":1099511627776"
      "}" },
    { "Value", false, "{\"spec\": \"float64\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false, \"name\": \"n\", \"version\": "
      "2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": 1099511627776}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"double\",\"optional\":false,\"name\":\""
      "n\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":1.0995116277"
      "76E12}" },
    { "Value", false, "{\"spec\": \"boolean\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false, \"name\": \"n\", \"version\": "
      "2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": 1099511627776}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"boolean\",\"optional\":false,\"name\":"
      "\"n\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":true}" },
    { "Value", false, "{\"spec\": \"string\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false, \"name\": \"n\", \"version\": "
      "2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": 1099511627776}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"string\",\"optional\":false,\"name\":\""
      "n\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":\"1099511627"
      "776\"}" },
    { "Value", false, "{\"spec\": \"int8\"}",
      "-",
      "{\"schema\": {\"type\": \"float\", \"optional\": false, \"name\": \"n\", \"version\": "
      "2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": 1.5}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int8\",\"optional\":false,\"name\":\"n"
      "\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":1}" },
    { "Value", false, "{\"spec\": \"int16\"}",
      "-",
      "{\"schema\": {\"type\": \"float\", \"optional\": false, \"name\": \"n\", \"version\": "
      "2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": 1.5}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int16\",\"optional\":false,\"name\":\"n"
      "\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":1}" },
    { "Value", false, "{\"spec\": \"int32\"}",
      "-",
      "{\"schema\": {\"type\": \"float\", \"optional\": false, \"name\": \"n\", \"version\": "
      "2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": 1.5}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"n"
      "\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":1}" },
    { "Value", false, "{\"spec\": \"int64\"}",
      "-",
      "{\"schema\": {\"type\": \"float\", \"optional\": false, \"name\": \"n\", \"version\": "
      "2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": 1.5}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false,\"name\":\"n"
      "\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":1}" },
    { "Value", false, "{\"spec\": \"float32\"}",
      "-",
      "{\"schema\": {\"type\": \"float\", \"optional\": false, \"name\": \"n\", \"version\": "
      "2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": 1.5}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"float\",\"optional\":false,\"name\":\"n"
      "\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":1.5}" },
    { "Value", false, "{\"spec\": \"float64\"}",
      "-",
      "{\"schema\": {\"type\": \"float\", \"optional\": false, \"name\": \"n\", \"version\": "
      "2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": 1.5}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"double\",\"optional\":false,\"name\":\""
      "n\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":1.5}" },
    { "Value", false, "{\"spec\": \"boolean\"}",
      "-",
      "{\"schema\": {\"type\": \"float\", \"optional\": false, \"name\": \"n\", \"version\": "
      "2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": 1.5}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"boolean\",\"optional\":false,\"name\":"
      "\"n\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":true}" },
    { "Value", false, "{\"spec\": \"string\"}",
      "-",
      "{\"schema\": {\"type\": \"float\", \"optional\": false, \"name\": \"n\", \"version\": "
      "2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": 1.5}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"string\",\"optional\":false,\"name\":\""
      "n\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":\"1.5\"}" },
    { "Value", false, "{\"spec\": \"int8\"}",
      "-",
      "{\"schema\": {\"type\": \"double\", \"optional\": false, \"name\": \"n\", \"version\":"
      " 2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": -22500000000.0}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int8\",\"optional\":false,\"name\":\"n"
      "\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":0}" },
    { "Value", false, "{\"spec\": \"int16\"}",
      "-",
      "{\"schema\": {\"type\": \"double\", \"optional\": false, \"name\": \"n\", \"version\":"
      " 2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": -22500000000.0}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int16\",\"optional\":false,\"name\":\"n"
      "\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":0}" },
    { "Value", false, "{\"spec\": \"int32\"}",
      "-",
      "{\"schema\": {\"type\": \"double\", \"optional\": false, \"name\": \"n\", \"version\":"
      " 2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": -22500000000.0}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"n"
      "\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":-2147483648}" },
    { "Value", false, "{\"spec\": \"int64\"}",
      "-",
      "{\"schema\": {\"type\": \"double\", \"optional\": false, \"name\": \"n\", \"version\":"
      " 2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": -22500000000.0}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false,\"name\":\"n"
      "\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":-22500000000}" },
    { "Value", false, "{\"spec\": \"float64\"}",
      "-",
      "{\"schema\": {\"type\": \"double\", \"optional\": false, \"name\": \"n\", \"version\":"
      " 2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": -22500000000.0}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"double\",\"optional\":false,\"name\":\""
      "n\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":-2.25E10}" },
    { "Value", false, "{\"spec\": \"boolean\"}",
      "-",
      "{\"schema\": {\"type\": \"double\", \"optional\": false, \"name\": \"n\", \"version\":"
      " 2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": -22500000000.0}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"boolean\",\"optional\":false,\"name\":"
      "\"n\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":true}" },
    { "Value", false, "{\"spec\": \"string\"}",
      "-",
      "{\"schema\": {\"type\": \"double\", \"optional\": false, \"name\": \"n\", \"version\":"
      " 2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": -22500000000.0}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"string\",\"optional\":false,\"name\":\""
      "n\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":\"-2.25E10\""
      "}" },
    { "Value", false, "{\"spec\": \"int8\"}",
      "-",
      "{\"schema\": {\"type\": \"boolean\", \"optional\": false, \"name\": \"n\", \"version\""
      ": 2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": true}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int8\",\"optional\":false,\"name\":\"n"
      "\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":1}" },
    { "Value", false, "{\"spec\": \"int16\"}",
      "-",
      "{\"schema\": {\"type\": \"boolean\", \"optional\": false, \"name\": \"n\", \"version\""
      ": 2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": true}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int16\",\"optional\":false,\"name\":\"n"
      "\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":1}" },
    { "Value", false, "{\"spec\": \"int32\"}",
      "-",
      "{\"schema\": {\"type\": \"boolean\", \"optional\": false, \"name\": \"n\", \"version\""
      ": 2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": true}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"n"
      "\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":1}" },
    { "Value", false, "{\"spec\": \"int64\"}",
      "-",
      "{\"schema\": {\"type\": \"boolean\", \"optional\": false, \"name\": \"n\", \"version\""
      ": 2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": true}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false,\"name\":\"n"
      "\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":1}" },
    { "Value", false, "{\"spec\": \"float32\"}",
      "-",
      "{\"schema\": {\"type\": \"boolean\", \"optional\": false, \"name\": \"n\", \"version\""
      ": 2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": true}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"float\",\"optional\":false,\"name\":\"n"
      "\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":1.0}" },
    { "Value", false, "{\"spec\": \"float64\"}",
      "-",
      "{\"schema\": {\"type\": \"boolean\", \"optional\": false, \"name\": \"n\", \"version\""
      ": 2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": true}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"double\",\"optional\":false,\"name\":\""
      "n\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":1.0}" },
    { "Value", false, "{\"spec\": \"boolean\"}",
      "-",
      "{\"schema\": {\"type\": \"boolean\", \"optional\": false, \"name\": \"n\", \"version\""
      ": 2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": true}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"boolean\",\"optional\":false,\"name\":"
      "\"n\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":true}" },
    { "Value", false, "{\"spec\": \"string\"}",
      "-",
      "{\"schema\": {\"type\": \"boolean\", \"optional\": false, \"name\": \"n\", \"version\""
      ": 2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": true}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"string\",\"optional\":false,\"name\":\""
      "n\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":\"true\"}" },
    { "Value", false, "{\"spec\": \"int8\"}",
      "-",
      "{\"schema\": {\"type\": \"string\", \"optional\": false, \"name\": \"n\", \"version\":"
      " 2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": \"42\"}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int8\",\"optional\":false,\"name\":\"n"
      "\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":42}" },
    { "Value", false, "{\"spec\": \"int16\"}",
      "-",
      "{\"schema\": {\"type\": \"string\", \"optional\": false, \"name\": \"n\", \"version\":"
      " 2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": \"42\"}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int16\",\"optional\":false,\"name\":\"n"
      "\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":42}" },
    { "Value", false, "{\"spec\": \"int32\"}",
      "-",
      "{\"schema\": {\"type\": \"string\", \"optional\": false, \"name\": \"n\", \"version\":"
      " 2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": \"42\"}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"n"
      "\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":42}" },
    { "Value", false, "{\"spec\": \"int64\"}",
      "-",
      "{\"schema\": {\"type\": \"string\", \"optional\": false, \"name\": \"n\", \"version\":"
      " 2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": \"42\"}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false,\"name\":\"n"
      "\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":42}" },
    { "Value", false, "{\"spec\": \"float32\"}",
      "-",
      "{\"schema\": {\"type\": \"string\", \"optional\": false, \"name\": \"n\", \"version\":"
      " 2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": \"42\"}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"float\",\"optional\":false,\"name\":\"n"
      "\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":42.0}" },
    { "Value", false, "{\"spec\": \"float64\"}",
      "-",
      "{\"schema\": {\"type\": \"string\", \"optional\": false, \"name\": \"n\", \"version\":"
      " 2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": \"42\"}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"double\",\"optional\":false,\"name\":\""
      "n\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":42.0}" },
    { "Value", false, "{\"spec\": \"boolean\"}",
      "-",
      "{\"schema\": {\"type\": \"string\", \"optional\": false, \"name\": \"n\", \"version\":"
      " 2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": \"42\"}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"boolean\",\"optional\":false,\"name\":"
      "\"n\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":false}" },
    { "Value", false, "{\"spec\": \"string\"}",
      "-",
      "{\"schema\": {\"type\": \"string\", \"optional\": false, \"name\": \"n\", \"version\":"
      " 2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": \"42\"}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"string\",\"optional\":false,\"name\":\""
      "n\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":\"42\"}" },
    { "Value", false, "{\"spec\": \"int8\"}",
      "-",
      "{\"schema\": {\"type\": \"bytes\", \"optional\": false, \"name\": \"n\", \"version\": "
      "2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": \"AQID\"}",
      NULL,
      "APPLY: Unexpected type in Cast transformation: class [B" },
    { "Value", false, "{\"spec\": \"int16\"}",
      "-",
      "{\"schema\": {\"type\": \"bytes\", \"optional\": false, \"name\": \"n\", \"version\": "
      "2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": \"AQID\"}",
      NULL,
      "APPLY: Unexpected type in Cast transformation: class [B" },
    { "Value", false, "{\"spec\": \"int32\"}",
      "-",
      "{\"schema\": {\"type\": \"bytes\", \"optional\": false, \"name\": \"n\", \"version\": "
      "2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": \"AQID\"}",
      NULL,
      "APPLY: Unexpected type in Cast transformation: class [B" },
    { "Value", false, "{\"spec\": \"int64\"}",
      "-",
      "{\"schema\": {\"type\": \"bytes\", \"optional\": false, \"name\": \"n\", \"version\": "
      "2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": \"AQID\"}",
      NULL,
      "APPLY: Unexpected type in Cast transformation: class [B" },
    { "Value", false, "{\"spec\": \"float32\"}",
      "-",
      "{\"schema\": {\"type\": \"bytes\", \"optional\": false, \"name\": \"n\", \"version\": "
      "2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": \"AQID\"}",
      NULL,
      "APPLY: Unexpected type in Cast transformation: class [B" },
    { "Value", false, "{\"spec\": \"float64\"}",
      "-",
      "{\"schema\": {\"type\": \"bytes\", \"optional\": false, \"name\": \"n\", \"version\": "
      "2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": \"AQID\"}",
      NULL,
      "APPLY: Unexpected type in Cast transformation: class [B" },
    { "Value", false, "{\"spec\": \"boolean\"}",
      "-",
      "{\"schema\": {\"type\": \"bytes\", \"optional\": false, \"name\": \"n\", \"version\": "
      "2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": \"AQID\"}",
      NULL,
      "APPLY: Unexpected type in Cast transformation: class [B" },
    { "Value", false, "{\"spec\": \"string\"}",
      "-",
      "{\"schema\": {\"type\": \"bytes\", \"optional\": false, \"name\": \"n\", \"version\": "
      "2, \"doc\": \"d\", \"parameters\": {\"p\": \"q\"}}, \"payload\": \"AQID\"}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"string\",\"optional\":false,\"name\":\""
      "n\",\"version\":2,\"doc\":\"d\",\"parameters\":{\"p\":\"q\"}},\"payload\":\"AQID\"}" },
    { "Value", false, "{\"spec\": \"int32\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": true, \"default\": 5}, \"payload\": n"
      "ull}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":true,\"default\":5"
      "},\"payload\":null}" },
    { "Value", false, "{\"spec\": \"int32\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": true, \"default\": 5}, \"payload\": 7"
      "}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int32\",\"optional\":true,\"default\":5"
      "},\"payload\":7}" },
    { "Value", false, "{\"spec\": \"int8\"}",
      "-",
      "{\"schema\": {\"type\": \"string\", \"optional\": true, \"default\": \"x\"}, \"payload"
      "\": \"7\"}",
      NULL,
      "APPLY: Value (x) was out of range for requested data type" },
    { "Value", false, "{\"spec\": \"int8\"}",
      "-",
      "{\"schema\": {\"type\": \"array\", \"items\": {\"type\": \"int8\", \"optional\": false"
      "}, \"optional\": false}, \"payload\": [1]}",
      NULL,
      "APPLY: Cast transformation does not support casting from ARRAY; supported types are [I"
      "NT8, INT16, INT32, INT64, FLOAT32, FLOAT64, BOOLEAN, STRING, BYTES]" },
    { "Value", false, "{\"spec\": \"a:int8\"}",
      "-",
      "{\"schema\": {\"type\": \"int32\", \"optional\": false}, \"payload\": 3}",
      NULL,
      "APPLY: Cannot list fields on non-struct type" },
    { "Value", false, "{\"spec\": \"a:string,b:int16,c:float64,d:string,e:string,f:string,g:int8\", \"replace"
        ".null.with.default\": \"true\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"int32\", \"optional\": t"
      "rue, \"default\": 7, \"field\": \"a\"}, {\"type\": \"string\", \"optional\": false, \""
      "field\": \"b\"}, {\"type\": \"bytes\", \"optional\": true, \"name\": \"org.apache.kafk"
      "a.connect.data.Decimal\", \"version\": 1, \"parameters\": {\"scale\": \"2\"}, \"field"
      "\": \"c\"}, {\"type\": \"int32\", \"optional\": true, \"name\": \"org.apache.kafka.con"
      "nect.data.Date\", \"version\": 1, \"field\": \"d\"}, {\"type\": \"int32\", \"optional"
      "\": true, \"name\": \"org.apache.kafka.connect.data.Time\", \"version\": 1, \"field\":"
      " \"e\"}, {\"type\": \"int64\", \"optional\": true, \"name\": \"org.apache.kafka.connec"
      "t.data.Timestamp\", \"version\": 1, \"field\": \"f\"}, {\"type\": \"float\", \"optiona"
      "l\": true, \"field\": \"g\"}, {\"type\": \"map\", \"keys\": {\"type\": \"string\", \"o"
      "ptional\": false}, \"values\": {\"type\": \"int32\", \"optional\": false}, \"optional"
      "\": true, \"field\": \"h\"}, {\"type\": \"bytes\", \"optional\": true, \"field\": \"i"
      "\"}], \"optional\": false, \"name\": \"S\", \"version\": 3, \"doc\": \"dd\", \"paramet"
      "ers\": {\"x\": \"y\"}}, \"payload\": {\"a\": null, \"b\": \"12\", \"c\": \"AT8=\", \"d"
      "\": 19000, \"e\": 3723004, \"f\": 1700000000123, \"g\": 2.5, \"h\": {\"k\": 1}, \"i\":"
      " \"AQID\"}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"string"
      "\",\"optional\":true,\"default\":\"7\",\"field\":\"a\"},{\"type\":\"int16\",\"optional"
      "\":false,\"field\":\"b\"},{\"type\":\"double\",\"optional\":true,\"field\":\"c\"},{\"t"
      "ype\":\"string\",\"optional\":true,\"field\":\"d\"},{\"type\":\"string\",\"optional\":"
      "true,\"field\":\"e\"},{\"type\":\"string\",\"optional\":true,\"field\":\"f\"},{\"type"
      "\":\"int8\",\"optional\":true,\"field\":\"g\"},{\"type\":\"map\",\"keys\":{\"type\":\""
      "string\",\"optional\":false},\"values\":{\"type\":\"int32\",\"optional\":false},\"opti"
      "onal\":true,\"field\":\"h\"},{\"type\":\"bytes\",\"optional\":true,\"field\":\"i\"}],"
      "\"optional\":false,\"name\":\"S\",\"version\":3,\"doc\":\"dd\",\"parameters\":{\"x\":"
      "\"y\"}},\"payload\":{\"a\":\"7\",\"b\":12,\"c\":3.19,\"d\":\"2022-01-08\",\"e\":\"01:0"
      "2:03.004Z\",\"f\":\"2023-11-14T22:13:20.123Z\",\"g\":2,\"h\":{\"k\":1},\"i\":\"AQID\"}"
      "}" },
    { "Value", false, "{\"spec\": \"a:string,b:int16,c:float64,d:string,e:string,f:string,g:int8\", \"replace"
        ".null.with.default\": \"false\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"int32\", \"optional\": t"
      "rue, \"default\": 7, \"field\": \"a\"}, {\"type\": \"string\", \"optional\": false, \""
      "field\": \"b\"}, {\"type\": \"bytes\", \"optional\": true, \"name\": \"org.apache.kafk"
      "a.connect.data.Decimal\", \"version\": 1, \"parameters\": {\"scale\": \"2\"}, \"field"
      "\": \"c\"}, {\"type\": \"int32\", \"optional\": true, \"name\": \"org.apache.kafka.con"
      "nect.data.Date\", \"version\": 1, \"field\": \"d\"}, {\"type\": \"int32\", \"optional"
      "\": true, \"name\": \"org.apache.kafka.connect.data.Time\", \"version\": 1, \"field\":"
      " \"e\"}, {\"type\": \"int64\", \"optional\": true, \"name\": \"org.apache.kafka.connec"
      "t.data.Timestamp\", \"version\": 1, \"field\": \"f\"}, {\"type\": \"float\", \"optiona"
      "l\": true, \"field\": \"g\"}, {\"type\": \"map\", \"keys\": {\"type\": \"string\", \"o"
      "ptional\": false}, \"values\": {\"type\": \"int32\", \"optional\": false}, \"optional"
      "\": true, \"field\": \"h\"}, {\"type\": \"bytes\", \"optional\": true, \"field\": \"i"
      "\"}], \"optional\": false, \"name\": \"S\", \"version\": 3, \"doc\": \"dd\", \"paramet"
      "ers\": {\"x\": \"y\"}}, \"payload\": {\"a\": null, \"b\": \"12\", \"c\": \"AT8=\", \"d"
      "\": 19000, \"e\": 3723004, \"f\": 1700000000123, \"g\": 2.5, \"h\": {\"k\": 1}, \"i\":"
      " \"AQID\"}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"string"
      "\",\"optional\":true,\"default\":\"7\",\"field\":\"a\"},{\"type\":\"int16\",\"optional"
      "\":false,\"field\":\"b\"},{\"type\":\"double\",\"optional\":true,\"field\":\"c\"},{\"t"
      "ype\":\"string\",\"optional\":true,\"field\":\"d\"},{\"type\":\"string\",\"optional\":"
      "true,\"field\":\"e\"},{\"type\":\"string\",\"optional\":true,\"field\":\"f\"},{\"type"
      "\":\"int8\",\"optional\":true,\"field\":\"g\"},{\"type\":\"map\",\"keys\":{\"type\":\""
      "string\",\"optional\":false},\"values\":{\"type\":\"int32\",\"optional\":false},\"opti"
      "onal\":true,\"field\":\"h\"},{\"type\":\"bytes\",\"optional\":true,\"field\":\"i\"}],"
      "\"optional\":false,\"name\":\"S\",\"version\":3,\"doc\":\"dd\",\"parameters\":{\"x\":"
      "\"y\"}},\"payload\":{\"a\":null,\"b\":12,\"c\":3.19,\"d\":\"2022-01-08\",\"e\":\"01:02"
      ":03.004Z\",\"f\":\"2023-11-14T22:13:20.123Z\",\"g\":2,\"h\":{\"k\":1},\"i\":\"AQID\"}}" },
    { "Value", false, "{\"spec\": \"c:string\", \"replace.null.with.default\": \"true\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"int32\", \"optional\": t"
      "rue, \"default\": 7, \"field\": \"a\"}, {\"type\": \"string\", \"optional\": false, \""
      "field\": \"b\"}, {\"type\": \"bytes\", \"optional\": true, \"name\": \"org.apache.kafk"
      "a.connect.data.Decimal\", \"version\": 1, \"parameters\": {\"scale\": \"2\"}, \"field"
      "\": \"c\"}, {\"type\": \"int32\", \"optional\": true, \"name\": \"org.apache.kafka.con"
      "nect.data.Date\", \"version\": 1, \"field\": \"d\"}, {\"type\": \"int32\", \"optional"
      "\": true, \"name\": \"org.apache.kafka.connect.data.Time\", \"version\": 1, \"field\":"
      " \"e\"}, {\"type\": \"int64\", \"optional\": true, \"name\": \"org.apache.kafka.connec"
      "t.data.Timestamp\", \"version\": 1, \"field\": \"f\"}, {\"type\": \"float\", \"optiona"
      "l\": true, \"field\": \"g\"}, {\"type\": \"map\", \"keys\": {\"type\": \"string\", \"o"
      "ptional\": false}, \"values\": {\"type\": \"int32\", \"optional\": false}, \"optional"
      "\": true, \"field\": \"h\"}, {\"type\": \"bytes\", \"optional\": true, \"field\": \"i"
      "\"}], \"optional\": false, \"name\": \"S\", \"version\": 3, \"doc\": \"dd\", \"paramet"
      "ers\": {\"x\": \"y\"}}, \"payload\": {\"a\": null, \"b\": \"12\", \"c\": \"AT8=\", \"d"
      "\": 19000, \"e\": 3723004, \"f\": 1700000000123, \"g\": 2.5, \"h\": {\"k\": 1}, \"i\":"
      " \"AQID\"}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"int32"
      "\",\"optional\":true,\"default\":7,\"field\":\"a\"},{\"type\":\"string\",\"optional\":"
      "false,\"field\":\"b\"},{\"type\":\"string\",\"optional\":true,\"field\":\"c\"},{\"type"
      "\":\"int32\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Date\",\"versi"
      "on\":1,\"field\":\"d\"},{\"type\":\"int32\",\"optional\":true,\"name\":\"org.apache.ka"
      "fka.connect.data.Time\",\"version\":1,\"field\":\"e\"},{\"type\":\"int64\",\"optional"
      "\":true,\"name\":\"org.apache.kafka.connect.data.Timestamp\",\"version\":1,\"field\":"
      "\"f\"},{\"type\":\"float\",\"optional\":true,\"field\":\"g\"},{\"type\":\"map\",\"keys"
      "\":{\"type\":\"string\",\"optional\":false},\"values\":{\"type\":\"int32\",\"optional"
      "\":false},\"optional\":true,\"field\":\"h\"},{\"type\":\"bytes\",\"optional\":true,\"f"
      "ield\":\"i\"}],\"optional\":false,\"name\":\"S\",\"version\":3,\"doc\":\"dd\",\"parame"
      "ters\":{\"x\":\"y\"}},\"payload\":{\"a\":7,\"b\":\"12\",\"c\":\"3.19\",\"d\":19000,\"e"
      "\":3723004,\"f\":1700000000123,\"g\":2.5,\"h\":{\"k\":1},\"i\":\"AQID\"}}" },
    { "Value", false, "{\"spec\": \"c:string\", \"replace.null.with.default\": \"false\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"int32\", \"optional\": t"
      "rue, \"default\": 7, \"field\": \"a\"}, {\"type\": \"string\", \"optional\": false, \""
      "field\": \"b\"}, {\"type\": \"bytes\", \"optional\": true, \"name\": \"org.apache.kafk"
      "a.connect.data.Decimal\", \"version\": 1, \"parameters\": {\"scale\": \"2\"}, \"field"
      "\": \"c\"}, {\"type\": \"int32\", \"optional\": true, \"name\": \"org.apache.kafka.con"
      "nect.data.Date\", \"version\": 1, \"field\": \"d\"}, {\"type\": \"int32\", \"optional"
      "\": true, \"name\": \"org.apache.kafka.connect.data.Time\", \"version\": 1, \"field\":"
      " \"e\"}, {\"type\": \"int64\", \"optional\": true, \"name\": \"org.apache.kafka.connec"
      "t.data.Timestamp\", \"version\": 1, \"field\": \"f\"}, {\"type\": \"float\", \"optiona"
      "l\": true, \"field\": \"g\"}, {\"type\": \"map\", \"keys\": {\"type\": \"string\", \"o"
      "ptional\": false}, \"values\": {\"type\": \"int32\", \"optional\": false}, \"optional"
      "\": true, \"field\": \"h\"}, {\"type\": \"bytes\", \"optional\": true, \"field\": \"i"
      "\"}], \"optional\": false, \"name\": \"S\", \"version\": 3, \"doc\": \"dd\", \"paramet"
      "ers\": {\"x\": \"y\"}}, \"payload\": {\"a\": null, \"b\": \"12\", \"c\": \"AT8=\", \"d"
      "\": 19000, \"e\": 3723004, \"f\": 1700000000123, \"g\": 2.5, \"h\": {\"k\": 1}, \"i\":"
      " \"AQID\"}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"int32"
      "\",\"optional\":true,\"default\":7,\"field\":\"a\"},{\"type\":\"string\",\"optional\":"
      "false,\"field\":\"b\"},{\"type\":\"string\",\"optional\":true,\"field\":\"c\"},{\"type"
      "\":\"int32\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Date\",\"versi"
      "on\":1,\"field\":\"d\"},{\"type\":\"int32\",\"optional\":true,\"name\":\"org.apache.ka"
      "fka.connect.data.Time\",\"version\":1,\"field\":\"e\"},{\"type\":\"int64\",\"optional"
      "\":true,\"name\":\"org.apache.kafka.connect.data.Timestamp\",\"version\":1,\"field\":"
      "\"f\"},{\"type\":\"float\",\"optional\":true,\"field\":\"g\"},{\"type\":\"map\",\"keys"
      "\":{\"type\":\"string\",\"optional\":false},\"values\":{\"type\":\"int32\",\"optional"
      "\":false},\"optional\":true,\"field\":\"h\"},{\"type\":\"bytes\",\"optional\":true,\"f"
      "ield\":\"i\"}],\"optional\":false,\"name\":\"S\",\"version\":3,\"doc\":\"dd\",\"parame"
      "ters\":{\"x\":\"y\"}},\"payload\":{\"a\":null,\"b\":\"12\",\"c\":\"3.19\",\"d\":19000,"
      "\"e\":3723004,\"f\":1700000000123,\"g\":2.5,\"h\":{\"k\":1},\"i\":\"AQID\"}}" },
    { "Value", false, "{\"spec\": \"x:int8\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"string\", \"optional\": "
      "false, \"default\": \"abc\", \"field\": \"x\"}], \"optional\": false}, \"payload\": {"
      "\"x\": \"3\"}}",
      NULL,
      "APPLY: Value (abc) was out of range for requested data type" },
    { "Value", false, "{\"spec\": \"x:int8,z:string\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"string\", \"optional\": "
      "true, \"default\": \"9\", \"field\": \"x\"}, {\"type\": \"double\", \"optional\": true"
      ", \"default\": 1.5, \"field\": \"z\"}], \"optional\": false}, \"payload\": {\"x\": nul"
      "l, \"z\": null}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"int8\""
      ",\"optional\":true,\"default\":9,\"field\":\"x\"},{\"type\":\"string\",\"optional\":tr"
      "ue,\"default\":\"1.5\",\"field\":\"z\"}],\"optional\":false},\"payload\":{\"x\":9,\"z"
      "\":\"1.5\"}}" },
    { "Value", false, "{\"spec\": \"x:int8,z:string\", \"replace.null.with.default\": \"false\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"string\", \"optional\": "
      "true, \"default\": \"9\", \"field\": \"x\"}, {\"type\": \"double\", \"optional\": true"
      ", \"default\": 1.5, \"field\": \"z\"}], \"optional\": false}, \"payload\": {\"x\": nul"
      "l, \"z\": null}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"int8\""
      ",\"optional\":true,\"default\":9,\"field\":\"x\"},{\"type\":\"string\",\"optional\":tr"
      "ue,\"default\":\"1.5\",\"field\":\"z\"}],\"optional\":false},\"payload\":{\"x\":null,"
      "\"z\":null}}" },
    { "Value", false, "{\"spec\": \"string\"}",
      "-",
      "{\"schema\": {\"type\": \"double\", \"optional\": false}, \"payload\": -0.0}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"string\",\"optional\":false},\"payload"
      "\":\"0.0\"}" },
    { "Value", false, "{\"spec\": \"string\"}",
      "-",
      "{\"schema\": {\"type\": \"float\", \"optional\": false}, \"payload\": 0.1}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"string\",\"optional\":false},\"payload"
      "\":\"0.1\"}" },
    { "Value", false, "{\"spec\": \"float64\"}",
      "-",
      "{\"schema\": {\"type\": \"float\", \"optional\": false}, \"payload\": 0.1}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"double\",\"optional\":false},\"payload"
      "\":0.10000000149011612}" },
    { "Value", false, "{\"spec\": \"int32\"}",
      "-",
      "{\"schema\": {\"type\": \"float\", \"optional\": false}, \"payload\": 30000000000.0}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int32\",\"optional\":false},\"payload\""
      ":2147483647}" },
    { "Value", false, "{\"spec\": \"int8\"}",
      "-",
      "{\"schema\": {\"type\": \"double\", \"optional\": false}, \"payload\": -30000000000.0}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int8\",\"optional\":false},\"payload\":"
      "0}" },
    { "Value", false, "{\"spec\": \"int64\"}",
      "-",
      "{\"schema\": {\"type\": \"double\", \"optional\": false}, \"payload\": 1e+300}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false},\"payload\""
      ":9223372036854775807}" },
    { "Value", false, "{\"spec\": \"c:string\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"bytes\", \"optional\": t"
      "rue, \"name\": \"org.apache.kafka.connect.data.Decimal\", \"version\": 1, \"parameters"
      "\": {\"scale\": \"2\"}, \"field\": \"c\"}, {\"type\": \"int32\", \"optional\": true, "
      "\"name\": \"org.apache.kafka.connect.data.Date\", \"version\": 1, \"field\": \"d\"}, {"
      "\"type\": \"int64\", \"optional\": true, \"name\": \"org.apache.kafka.connect.data.Tim"
      "estamp\", \"version\": 1, \"field\": \"f\"}], \"optional\": false}, \"payload\": {\"c"
      "\": \"/zZ3\", \"d\": 1, \"f\": 2}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"string"
      "\",\"optional\":true,\"field\":\"c\"},{\"type\":\"int32\",\"optional\":true,\"name\":"
      "\"org.apache.kafka.connect.data.Date\",\"version\":1,\"field\":\"d\"},{\"type\":\"int6"
      "4\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Timestamp\",\"version\""
      ":1,\"field\":\"f\"}],\"optional\":false},\"payload\":{\"c\":\"-515.93\",\"d\":1,\"f\":"
      "2}}" },
    { "Value", false, "{\"spec\": \"c:int8\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"bytes\", \"optional\": t"
      "rue, \"name\": \"org.apache.kafka.connect.data.Decimal\", \"version\": 1, \"parameters"
      "\": {\"scale\": \"2\"}, \"field\": \"c\"}, {\"type\": \"int32\", \"optional\": true, "
      "\"name\": \"org.apache.kafka.connect.data.Date\", \"version\": 1, \"field\": \"d\"}, {"
      "\"type\": \"int64\", \"optional\": true, \"name\": \"org.apache.kafka.connect.data.Tim"
      "estamp\", \"version\": 1, \"field\": \"f\"}], \"optional\": false}, \"payload\": {\"c"
      "\": \"/zZ3\", \"d\": 1, \"f\": 2}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"int8\""
      ",\"optional\":true,\"field\":\"c\"},{\"type\":\"int32\",\"optional\":true,\"name\":\"o"
      "rg.apache.kafka.connect.data.Date\",\"version\":1,\"field\":\"d\"},{\"type\":\"int64\""
      ",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Timestamp\",\"version\":1,"
      "\"field\":\"f\"}],\"optional\":false},\"payload\":{\"c\":-3,\"d\":1,\"f\":2}}" },
    { "Value", false, "{\"spec\": \"c:int64\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"bytes\", \"optional\": t"
      "rue, \"name\": \"org.apache.kafka.connect.data.Decimal\", \"version\": 1, \"parameters"
      "\": {\"scale\": \"2\"}, \"field\": \"c\"}, {\"type\": \"int32\", \"optional\": true, "
      "\"name\": \"org.apache.kafka.connect.data.Date\", \"version\": 1, \"field\": \"d\"}, {"
      "\"type\": \"int64\", \"optional\": true, \"name\": \"org.apache.kafka.connect.data.Tim"
      "estamp\", \"version\": 1, \"field\": \"f\"}], \"optional\": false}, \"payload\": {\"c"
      "\": \"/zZ3\", \"d\": 1, \"f\": 2}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"int64"
      "\",\"optional\":true,\"field\":\"c\"},{\"type\":\"int32\",\"optional\":true,\"name\":"
      "\"org.apache.kafka.connect.data.Date\",\"version\":1,\"field\":\"d\"},{\"type\":\"int6"
      "4\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Timestamp\",\"version\""
      ":1,\"field\":\"f\"}],\"optional\":false},\"payload\":{\"c\":-515,\"d\":1,\"f\":2}}" },
    { "Value", false, "{\"spec\": \"c:float64\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"bytes\", \"optional\": t"
      "rue, \"name\": \"org.apache.kafka.connect.data.Decimal\", \"version\": 1, \"parameters"
      "\": {\"scale\": \"2\"}, \"field\": \"c\"}, {\"type\": \"int32\", \"optional\": true, "
      "\"name\": \"org.apache.kafka.connect.data.Date\", \"version\": 1, \"field\": \"d\"}, {"
      "\"type\": \"int64\", \"optional\": true, \"name\": \"org.apache.kafka.connect.data.Tim"
      "estamp\", \"version\": 1, \"field\": \"f\"}], \"optional\": false}, \"payload\": {\"c"
      "\": \"/zZ3\", \"d\": 1, \"f\": 2}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"double"
      "\",\"optional\":true,\"field\":\"c\"},{\"type\":\"int32\",\"optional\":true,\"name\":"
      "\"org.apache.kafka.connect.data.Date\",\"version\":1,\"field\":\"d\"},{\"type\":\"int6"
      "4\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Timestamp\",\"version\""
      ":1,\"field\":\"f\"}],\"optional\":false},\"payload\":{\"c\":-515.93,\"d\":1,\"f\":2}}" },
    { "Value", false, "{\"spec\": \"c:float32\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"bytes\", \"optional\": t"
      "rue, \"name\": \"org.apache.kafka.connect.data.Decimal\", \"version\": 1, \"parameters"
      "\": {\"scale\": \"2\"}, \"field\": \"c\"}, {\"type\": \"int32\", \"optional\": true, "
      "\"name\": \"org.apache.kafka.connect.data.Date\", \"version\": 1, \"field\": \"d\"}, {"
      "\"type\": \"int64\", \"optional\": true, \"name\": \"org.apache.kafka.connect.data.Tim"
      "estamp\", \"version\": 1, \"field\": \"f\"}], \"optional\": false}, \"payload\": {\"c"
      "\": \"/zZ3\", \"d\": 1, \"f\": 2}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"float"
      "\",\"optional\":true,\"field\":\"c\"},{\"type\":\"int32\",\"optional\":true,\"name\":"
      "\"org.apache.kafka.connect.data.Date\",\"version\":1,\"field\":\"d\"},{\"type\":\"int6"
      "4\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Timestamp\",\"version\""
      ":1,\"field\":\"f\"}],\"optional\":false},\"payload\":{\"c\":-515.93,\"d\":1,\"f\":2}}" },
    { "Value", false, "{\"spec\": \"c:boolean\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"bytes\", \"optional\": t"
      "rue, \"name\": \"org.apache.kafka.connect.data.Decimal\", \"version\": 1, \"parameters"
      "\": {\"scale\": \"2\"}, \"field\": \"c\"}, {\"type\": \"int32\", \"optional\": true, "
      "\"name\": \"org.apache.kafka.connect.data.Date\", \"version\": 1, \"field\": \"d\"}, {"
      "\"type\": \"int64\", \"optional\": true, \"name\": \"org.apache.kafka.connect.data.Tim"
      "estamp\", \"version\": 1, \"field\": \"f\"}], \"optional\": false}, \"payload\": {\"c"
      "\": \"/zZ3\", \"d\": 1, \"f\": 2}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"boolea"
      "n\",\"optional\":true,\"field\":\"c\"},{\"type\":\"int32\",\"optional\":true,\"name\":"
      "\"org.apache.kafka.connect.data.Date\",\"version\":1,\"field\":\"d\"},{\"type\":\"int6"
      "4\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Timestamp\",\"version\""
      ":1,\"field\":\"f\"}],\"optional\":false},\"payload\":{\"c\":true,\"d\":1,\"f\":2}}" },
    { "Value", false, "{\"spec\": \"c:string\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"bytes\", \"optional\": t"
      "rue, \"name\": \"org.apache.kafka.connect.data.Decimal\", \"version\": 1, \"parameters"
      "\": {\"scale\": \"2\"}, \"field\": \"c\"}, {\"type\": \"int32\", \"optional\": true, "
      "\"name\": \"org.apache.kafka.connect.data.Date\", \"version\": 1, \"field\": \"d\"}, {"
      "\"type\": \"int64\", \"optional\": true, \"name\": \"org.apache.kafka.connect.data.Tim"
      "estamp\", \"version\": 1, \"field\": \"f\"}], \"optional\": false}, \"payload\": {\"c"
      "\": \"gAA=\", \"d\": 1, \"f\": 2}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"string"
      "\",\"optional\":true,\"field\":\"c\"},{\"type\":\"int32\",\"optional\":true,\"name\":"
      "\"org.apache.kafka.connect.data.Date\",\"version\":1,\"field\":\"d\"},{\"type\":\"int6"
      "4\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Timestamp\",\"version\""
      ":1,\"field\":\"f\"}],\"optional\":false},\"payload\":{\"c\":\"-327.68\",\"d\":1,\"f\":"
      "2}}" },
    { "Value", false, "{\"spec\": \"c:int8\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"bytes\", \"optional\": t"
      "rue, \"name\": \"org.apache.kafka.connect.data.Decimal\", \"version\": 1, \"parameters"
      "\": {\"scale\": \"2\"}, \"field\": \"c\"}, {\"type\": \"int32\", \"optional\": true, "
      "\"name\": \"org.apache.kafka.connect.data.Date\", \"version\": 1, \"field\": \"d\"}, {"
      "\"type\": \"int64\", \"optional\": true, \"name\": \"org.apache.kafka.connect.data.Tim"
      "estamp\", \"version\": 1, \"field\": \"f\"}], \"optional\": false}, \"payload\": {\"c"
      "\": \"gAA=\", \"d\": 1, \"f\": 2}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"int8\""
      ",\"optional\":true,\"field\":\"c\"},{\"type\":\"int32\",\"optional\":true,\"name\":\"o"
      "rg.apache.kafka.connect.data.Date\",\"version\":1,\"field\":\"d\"},{\"type\":\"int64\""
      ",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Timestamp\",\"version\":1,"
      "\"field\":\"f\"}],\"optional\":false},\"payload\":{\"c\":-71,\"d\":1,\"f\":2}}" },
    { "Value", false, "{\"spec\": \"c:int64\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"bytes\", \"optional\": t"
      "rue, \"name\": \"org.apache.kafka.connect.data.Decimal\", \"version\": 1, \"parameters"
      "\": {\"scale\": \"2\"}, \"field\": \"c\"}, {\"type\": \"int32\", \"optional\": true, "
      "\"name\": \"org.apache.kafka.connect.data.Date\", \"version\": 1, \"field\": \"d\"}, {"
      "\"type\": \"int64\", \"optional\": true, \"name\": \"org.apache.kafka.connect.data.Tim"
      "estamp\", \"version\": 1, \"field\": \"f\"}], \"optional\": false}, \"payload\": {\"c"
      "\": \"gAA=\", \"d\": 1, \"f\": 2}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"int64"
      "\",\"optional\":true,\"field\":\"c\"},{\"type\":\"int32\",\"optional\":true,\"name\":"
      "\"org.apache.kafka.connect.data.Date\",\"version\":1,\"field\":\"d\"},{\"type\":\"int6"
      "4\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Timestamp\",\"version\""
      ":1,\"field\":\"f\"}],\"optional\":false},\"payload\":{\"c\":-327,\"d\":1,\"f\":2}}" },
    { "Value", false, "{\"spec\": \"c:float64\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"bytes\", \"optional\": t"
      "rue, \"name\": \"org.apache.kafka.connect.data.Decimal\", \"version\": 1, \"parameters"
      "\": {\"scale\": \"2\"}, \"field\": \"c\"}, {\"type\": \"int32\", \"optional\": true, "
      "\"name\": \"org.apache.kafka.connect.data.Date\", \"version\": 1, \"field\": \"d\"}, {"
      "\"type\": \"int64\", \"optional\": true, \"name\": \"org.apache.kafka.connect.data.Tim"
      "estamp\", \"version\": 1, \"field\": \"f\"}], \"optional\": false}, \"payload\": {\"c"
      "\": \"gAA=\", \"d\": 1, \"f\": 2}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"double"
      "\",\"optional\":true,\"field\":\"c\"},{\"type\":\"int32\",\"optional\":true,\"name\":"
      "\"org.apache.kafka.connect.data.Date\",\"version\":1,\"field\":\"d\"},{\"type\":\"int6"
      "4\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Timestamp\",\"version\""
      ":1,\"field\":\"f\"}],\"optional\":false},\"payload\":{\"c\":-327.68,\"d\":1,\"f\":2}}" },
    { "Value", false, "{\"spec\": \"c:float32\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"bytes\", \"optional\": t"
      "rue, \"name\": \"org.apache.kafka.connect.data.Decimal\", \"version\": 1, \"parameters"
      "\": {\"scale\": \"2\"}, \"field\": \"c\"}, {\"type\": \"int32\", \"optional\": true, "
      "\"name\": \"org.apache.kafka.connect.data.Date\", \"version\": 1, \"field\": \"d\"}, {"
      "\"type\": \"int64\", \"optional\": true, \"name\": \"org.apache.kafka.connect.data.Tim"
      "estamp\", \"version\": 1, \"field\": \"f\"}], \"optional\": false}, \"payload\": {\"c"
      "\": \"gAA=\", \"d\": 1, \"f\": 2}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"float"
      "\",\"optional\":true,\"field\":\"c\"},{\"type\":\"int32\",\"optional\":true,\"name\":"
      "\"org.apache.kafka.connect.data.Date\",\"version\":1,\"field\":\"d\"},{\"type\":\"int6"
      "4\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Timestamp\",\"version\""
      ":1,\"field\":\"f\"}],\"optional\":false},\"payload\":{\"c\":-327.68,\"d\":1,\"f\":2}}" },
    { "Value", false, "{\"spec\": \"c:boolean\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"bytes\", \"optional\": t"
      "rue, \"name\": \"org.apache.kafka.connect.data.Decimal\", \"version\": 1, \"parameters"
      "\": {\"scale\": \"2\"}, \"field\": \"c\"}, {\"type\": \"int32\", \"optional\": true, "
      "\"name\": \"org.apache.kafka.connect.data.Date\", \"version\": 1, \"field\": \"d\"}, {"
      "\"type\": \"int64\", \"optional\": true, \"name\": \"org.apache.kafka.connect.data.Tim"
      "estamp\", \"version\": 1, \"field\": \"f\"}], \"optional\": false}, \"payload\": {\"c"
      "\": \"gAA=\", \"d\": 1, \"f\": 2}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"boolea"
      "n\",\"optional\":true,\"field\":\"c\"},{\"type\":\"int32\",\"optional\":true,\"name\":"
      "\"org.apache.kafka.connect.data.Date\",\"version\":1,\"field\":\"d\"},{\"type\":\"int6"
      "4\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Timestamp\",\"version\""
      ":1,\"field\":\"f\"}],\"optional\":false},\"payload\":{\"c\":true,\"d\":1,\"f\":2}}" },
    { "Value", false, "{\"spec\": \"c:string\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"bytes\", \"optional\": t"
      "rue, \"name\": \"org.apache.kafka.connect.data.Decimal\", \"version\": 1, \"parameters"
      "\": {\"scale\": \"2\"}, \"field\": \"c\"}, {\"type\": \"int32\", \"optional\": true, "
      "\"name\": \"org.apache.kafka.connect.data.Date\", \"version\": 1, \"field\": \"d\"}, {"
      "\"type\": \"int64\", \"optional\": true, \"name\": \"org.apache.kafka.connect.data.Tim"
      "estamp\", \"version\": 1, \"field\": \"f\"}], \"optional\": false}, \"payload\": {\"c"
      "\": \"AA==\", \"d\": 1, \"f\": 2}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"string"
      "\",\"optional\":true,\"field\":\"c\"},{\"type\":\"int32\",\"optional\":true,\"name\":"
      "\"org.apache.kafka.connect.data.Date\",\"version\":1,\"field\":\"d\"},{\"type\":\"int6"
      "4\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Timestamp\",\"version\""
      ":1,\"field\":\"f\"}],\"optional\":false},\"payload\":{\"c\":\"0.00\",\"d\":1,\"f\":2}}" },
    { "Value", false, "{\"spec\": \"c:int8\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"bytes\", \"optional\": t"
      "rue, \"name\": \"org.apache.kafka.connect.data.Decimal\", \"version\": 1, \"parameters"
      "\": {\"scale\": \"2\"}, \"field\": \"c\"}, {\"type\": \"int32\", \"optional\": true, "
      "\"name\": \"org.apache.kafka.connect.data.Date\", \"version\": 1, \"field\": \"d\"}, {"
      "\"type\": \"int64\", \"optional\": true, \"name\": \"org.apache.kafka.connect.data.Tim"
      "estamp\", \"version\": 1, \"field\": \"f\"}], \"optional\": false}, \"payload\": {\"c"
      "\": \"AA==\", \"d\": 1, \"f\": 2}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"int8\""
      ",\"optional\":true,\"field\":\"c\"},{\"type\":\"int32\",\"optional\":true,\"name\":\"o"
      "rg.apache.kafka.connect.data.Date\",\"version\":1,\"field\":\"d\"},{\"type\":\"int64\""
      ",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Timestamp\",\"version\":1,"
      "\"field\":\"f\"}],\"optional\":false},\"payload\":{\"c\":0,\"d\":1,\"f\":2}}" },
    { "Value", false, "{\"spec\": \"c:int64\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"bytes\", \"optional\": t"
      "rue, \"name\": \"org.apache.kafka.connect.data.Decimal\", \"version\": 1, \"parameters"
      "\": {\"scale\": \"2\"}, \"field\": \"c\"}, {\"type\": \"int32\", \"optional\": true, "
      "\"name\": \"org.apache.kafka.connect.data.Date\", \"version\": 1, \"field\": \"d\"}, {"
      "\"type\": \"int64\", \"optional\": true, \"name\": \"org.apache.kafka.connect.data.Tim"
      "estamp\", \"version\": 1, \"field\": \"f\"}], \"optional\": false}, \"payload\": {\"c"
      "\": \"AA==\", \"d\": 1, \"f\": 2}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"int64"
      "\",\"optional\":true,\"field\":\"c\"},{\"type\":\"int32\",\"optional\":true,\"name\":"
      "\"org.apache.kafka.connect.data.Date\",\"version\":1,\"field\":\"d\"},{\"type\":\"int6"
      "4\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Timestamp\",\"version\""
      ":1,\"field\":\"f\"}],\"optional\":false},\"payload\":{\"c\":0,\"d\":1,\"f\":2}}" },
    { "Value", false, "{\"spec\": \"c:float64\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"bytes\", \"optional\": t"
      "rue, \"name\": \"org.apache.kafka.connect.data.Decimal\", \"version\": 1, \"parameters"
      "\": {\"scale\": \"2\"}, \"field\": \"c\"}, {\"type\": \"int32\", \"optional\": true, "
      "\"name\": \"org.apache.kafka.connect.data.Date\", \"version\": 1, \"field\": \"d\"}, {"
      "\"type\": \"int64\", \"optional\": true, \"name\": \"org.apache.kafka.connect.data.Tim"
      "estamp\", \"version\": 1, \"field\": \"f\"}], \"optional\": false}, \"payload\": {\"c"
      "\": \"AA==\", \"d\": 1, \"f\": 2}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"double"
      "\",\"optional\":true,\"field\":\"c\"},{\"type\":\"int32\",\"optional\":true,\"name\":"
      "\"org.apache.kafka.connect.data.Date\",\"version\":1,\"field\":\"d\"},{\"type\":\"int6"
      "4\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Timestamp\",\"version\""
      ":1,\"field\":\"f\"}],\"optional\":false},\"payload\":{\"c\":0.0,\"d\":1,\"f\":2}}" },
    { "Value", false, "{\"spec\": \"c:float32\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"bytes\", \"optional\": t"
      "rue, \"name\": \"org.apache.kafka.connect.data.Decimal\", \"version\": 1, \"parameters"
      "\": {\"scale\": \"2\"}, \"field\": \"c\"}, {\"type\": \"int32\", \"optional\": true, "
      "\"name\": \"org.apache.kafka.connect.data.Date\", \"version\": 1, \"field\": \"d\"}, {"
      "\"type\": \"int64\", \"optional\": true, \"name\": \"org.apache.kafka.connect.data.Tim"
      "estamp\", \"version\": 1, \"field\": \"f\"}], \"optional\": false}, \"payload\": {\"c"
      "\": \"AA==\", \"d\": 1, \"f\": 2}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"float"
      "\",\"optional\":true,\"field\":\"c\"},{\"type\":\"int32\",\"optional\":true,\"name\":"
      "\"org.apache.kafka.connect.data.Date\",\"version\":1,\"field\":\"d\"},{\"type\":\"int6"
      "4\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Timestamp\",\"version\""
      ":1,\"field\":\"f\"}],\"optional\":false},\"payload\":{\"c\":0.0,\"d\":1,\"f\":2}}" },
    { "Value", false, "{\"spec\": \"c:boolean\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"bytes\", \"optional\": t"
      "rue, \"name\": \"org.apache.kafka.connect.data.Decimal\", \"version\": 1, \"parameters"
      "\": {\"scale\": \"2\"}, \"field\": \"c\"}, {\"type\": \"int32\", \"optional\": true, "
      "\"name\": \"org.apache.kafka.connect.data.Date\", \"version\": 1, \"field\": \"d\"}, {"
      "\"type\": \"int64\", \"optional\": true, \"name\": \"org.apache.kafka.connect.data.Tim"
      "estamp\", \"version\": 1, \"field\": \"f\"}], \"optional\": false}, \"payload\": {\"c"
      "\": \"AA==\", \"d\": 1, \"f\": 2}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"boolea"
      "n\",\"optional\":true,\"field\":\"c\"},{\"type\":\"int32\",\"optional\":true,\"name\":"
      "\"org.apache.kafka.connect.data.Date\",\"version\":1,\"field\":\"d\"},{\"type\":\"int6"
      "4\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Timestamp\",\"version\""
      ":1,\"field\":\"f\"}],\"optional\":false},\"payload\":{\"c\":false,\"d\":1,\"f\":2}}" },
    { "Value", false, "{\"spec\": \"c:string\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"bytes\", \"optional\": t"
      "rue, \"name\": \"org.apache.kafka.connect.data.Decimal\", \"version\": 1, \"parameters"
      "\": {\"scale\": \"2\"}, \"field\": \"c\"}, {\"type\": \"int32\", \"optional\": true, "
      "\"name\": \"org.apache.kafka.connect.data.Date\", \"version\": 1, \"field\": \"d\"}, {"
      "\"type\": \"int64\", \"optional\": true, \"name\": \"org.apache.kafka.connect.data.Tim"
      "estamp\", \"version\": 1, \"field\": \"f\"}], \"optional\": false}, \"payload\": {\"c"
      "\": \"//8=\", \"d\": 1, \"f\": 2}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"string"
      "\",\"optional\":true,\"field\":\"c\"},{\"type\":\"int32\",\"optional\":true,\"name\":"
      "\"org.apache.kafka.connect.data.Date\",\"version\":1,\"field\":\"d\"},{\"type\":\"int6"
      "4\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Timestamp\",\"version\""
      ":1,\"field\":\"f\"}],\"optional\":false},\"payload\":{\"c\":\"-0.01\",\"d\":1,\"f\":2}"
      "}" },
    { "Value", false, "{\"spec\": \"c:int8\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"bytes\", \"optional\": t"
      "rue, \"name\": \"org.apache.kafka.connect.data.Decimal\", \"version\": 1, \"parameters"
      "\": {\"scale\": \"2\"}, \"field\": \"c\"}, {\"type\": \"int32\", \"optional\": true, "
      "\"name\": \"org.apache.kafka.connect.data.Date\", \"version\": 1, \"field\": \"d\"}, {"
      "\"type\": \"int64\", \"optional\": true, \"name\": \"org.apache.kafka.connect.data.Tim"
      "estamp\", \"version\": 1, \"field\": \"f\"}], \"optional\": false}, \"payload\": {\"c"
      "\": \"//8=\", \"d\": 1, \"f\": 2}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"int8\""
      ",\"optional\":true,\"field\":\"c\"},{\"type\":\"int32\",\"optional\":true,\"name\":\"o"
      "rg.apache.kafka.connect.data.Date\",\"version\":1,\"field\":\"d\"},{\"type\":\"int64\""
      ",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Timestamp\",\"version\":1,"
      "\"field\":\"f\"}],\"optional\":false},\"payload\":{\"c\":0,\"d\":1,\"f\":2}}" },
    { "Value", false, "{\"spec\": \"c:int64\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"bytes\", \"optional\": t"
      "rue, \"name\": \"org.apache.kafka.connect.data.Decimal\", \"version\": 1, \"parameters"
      "\": {\"scale\": \"2\"}, \"field\": \"c\"}, {\"type\": \"int32\", \"optional\": true, "
      "\"name\": \"org.apache.kafka.connect.data.Date\", \"version\": 1, \"field\": \"d\"}, {"
      "\"type\": \"int64\", \"optional\": true, \"name\": \"org.apache.kafka.connect.data.Tim"
      "estamp\", \"version\": 1, \"field\": \"f\"}], \"optional\": false}, \"payload\": {\"c"
      "\": \"//8=\", \"d\": 1, \"f\": 2}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"int64"
      "\",\"optional\":true,\"field\":\"c\"},{\"type\":\"int32\",\"optional\":true,\"name\":"
      "\"org.apache.kafka.connect.data.Date\",\"version\":1,\"field\":\"d\"},{\"type\":\"int6"
      "4\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Timestamp\",\"version\""
      ":1,\"field\":\"f\"}],\"optional\":false},\"payload\":{\"c\":0,\"d\":1,\"f\":2}}" },
    { "Value", false, "{\"spec\": \"c:float64\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"bytes\", \"optional\": t"
      "rue, \"name\": \"org.apache.kafka.connect.data.Decimal\", \"version\": 1, \"parameters"
      "\": {\"scale\": \"2\"}, \"field\": \"c\"}, {\"type\": \"int32\", \"optional\": true, "
      "\"name\": \"org.apache.kafka.connect.data.Date\", \"version\": 1, \"field\": \"d\"}, {"
      "\"type\": \"int64\", \"optional\": true, \"name\": \"org.apache.kafka.connect.data.Tim"
      "estamp\", \"version\": 1, \"field\": \"f\"}], \"optional\": false}, \"payload\": {\"c"
      "\": \"//8=\", \"d\": 1, \"f\": 2}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"double"
      "\",\"optional\":true,\"field\":\"c\"},{\"type\":\"int32\",\"optional\":true,\"name\":"
      "\"org.apache.kafka.connect.data.Date\",\"version\":1,\"field\":\"d\"},{\"type\":\"int6"
      "4\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Timestamp\",\"version\""
      ":1,\"field\":\"f\"}],\"optional\":false},\"payload\":{\"c\":-0.01,\"d\":1,\"f\":2}}" },
    { "Value", false, "{\"spec\": \"c:float32\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"bytes\", \"optional\": t"
      "rue, \"name\": \"org.apache.kafka.connect.data.Decimal\", \"version\": 1, \"parameters"
      "\": {\"scale\": \"2\"}, \"field\": \"c\"}, {\"type\": \"int32\", \"optional\": true, "
      "\"name\": \"org.apache.kafka.connect.data.Date\", \"version\": 1, \"field\": \"d\"}, {"
      "\"type\": \"int64\", \"optional\": true, \"name\": \"org.apache.kafka.connect.data.Tim"
      "estamp\", \"version\": 1, \"field\": \"f\"}], \"optional\": false}, \"payload\": {\"c"
      "\": \"//8=\", \"d\": 1, \"f\": 2}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"float"
      "\",\"optional\":true,\"field\":\"c\"},{\"type\":\"int32\",\"optional\":true,\"name\":"
      "\"org.apache.kafka.connect.data.Date\",\"version\":1,\"field\":\"d\"},{\"type\":\"int6"
      "4\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Timestamp\",\"version\""
      ":1,\"field\":\"f\"}],\"optional\":false},\"payload\":{\"c\":-0.01,\"d\":1,\"f\":2}}" },
    { "Value", false, "{\"spec\": \"c:boolean\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"bytes\", \"optional\": t"
      "rue, \"name\": \"org.apache.kafka.connect.data.Decimal\", \"version\": 1, \"parameters"
      "\": {\"scale\": \"2\"}, \"field\": \"c\"}, {\"type\": \"int32\", \"optional\": true, "
      "\"name\": \"org.apache.kafka.connect.data.Date\", \"version\": 1, \"field\": \"d\"}, {"
      "\"type\": \"int64\", \"optional\": true, \"name\": \"org.apache.kafka.connect.data.Tim"
      "estamp\", \"version\": 1, \"field\": \"f\"}], \"optional\": false}, \"payload\": {\"c"
      "\": \"//8=\", \"d\": 1, \"f\": 2}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"boolea"
      "n\",\"optional\":true,\"field\":\"c\"},{\"type\":\"int32\",\"optional\":true,\"name\":"
      "\"org.apache.kafka.connect.data.Date\",\"version\":1,\"field\":\"d\"},{\"type\":\"int6"
      "4\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Timestamp\",\"version\""
      ":1,\"field\":\"f\"}],\"optional\":false},\"payload\":{\"c\":false,\"d\":1,\"f\":2}}" },
    { "Value", false, "{\"spec\": \"c:string\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"bytes\", \"optional\": t"
      "rue, \"name\": \"org.apache.kafka.connect.data.Decimal\", \"version\": 1, \"parameters"
      "\": {\"scale\": \"2\"}, \"field\": \"c\"}, {\"type\": \"int32\", \"optional\": true, "
      "\"name\": \"org.apache.kafka.connect.data.Date\", \"version\": 1, \"field\": \"d\"}, {"
      "\"type\": \"int64\", \"optional\": true, \"name\": \"org.apache.kafka.connect.data.Tim"
      "estamp\", \"version\": 1, \"field\": \"f\"}], \"optional\": false}, \"payload\": {\"c"
      "\": \"AIAAAAAAAAAAAA==\", \"d\": 1, \"f\": 2}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"string"
      "\",\"optional\":true,\"field\":\"c\"},{\"type\":\"int32\",\"optional\":true,\"name\":"
      "\"org.apache.kafka.connect.data.Date\",\"version\":1,\"field\":\"d\"},{\"type\":\"int6"
      "4\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Timestamp\",\"version\""
      ":1,\"field\":\"f\"}],\"optional\":false},\"payload\":{\"c\":\"23611832414348226068.48"
      "\",\"d\":1,\"f\":2}}" },
    { "Value", false, "{\"spec\": \"c:int8\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"bytes\", \"optional\": t"
      "rue, \"name\": \"org.apache.kafka.connect.data.Decimal\", \"version\": 1, \"parameters"
      "\": {\"scale\": \"2\"}, \"field\": \"c\"}, {\"type\": \"int32\", \"optional\": true, "
      "\"name\": \"org.apache.kafka.connect.data.Date\", \"version\": 1, \"field\": \"d\"}, {"
      "\"type\": \"int64\", \"optional\": true, \"name\": \"org.apache.kafka.connect.data.Tim"
      "estamp\", \"version\": 1, \"field\": \"f\"}], \"optional\": false}, \"payload\": {\"c"
      "\": \"AIAAAAAAAAAAAA==\", \"d\": 1, \"f\": 2}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"int8\""
      ",\"optional\":true,\"field\":\"c\"},{\"type\":\"int32\",\"optional\":true,\"name\":\"o"
      "rg.apache.kafka.connect.data.Date\",\"version\":1,\"field\":\"d\"},{\"type\":\"int64\""
      ",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Timestamp\",\"version\":1,"
      "\"field\":\"f\"}],\"optional\":false},\"payload\":{\"c\":20,\"d\":1,\"f\":2}}" },
    { "Value", false, "{\"spec\": \"c:int64\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"bytes\", \"optional\": t"
      "rue, \"name\": \"org.apache.kafka.connect.data.Decimal\", \"version\": 1, \"parameters"
      "\": {\"scale\": \"2\"}, \"field\": \"c\"}, {\"type\": \"int32\", \"optional\": true, "
      "\"name\": \"org.apache.kafka.connect.data.Date\", \"version\": 1, \"field\": \"d\"}, {"
      "\"type\": \"int64\", \"optional\": true, \"name\": \"org.apache.kafka.connect.data.Tim"
      "estamp\", \"version\": 1, \"field\": \"f\"}], \"optional\": false}, \"payload\": {\"c"
      "\": \"AIAAAAAAAAAAAA==\", \"d\": 1, \"f\": 2}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"int64"
      "\",\"optional\":true,\"field\":\"c\"},{\"type\":\"int32\",\"optional\":true,\"name\":"
      "\"org.apache.kafka.connect.data.Date\",\"version\":1,\"field\":\"d\"},{\"type\":\"int6"
      "4\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Timestamp\",\"version\""
      ":1,\"field\":\"f\"}],\"optional\":false},\"payload\":{\"c\":5165088340638674452,\"d\":"
      "1,\"f\":2}}" },
    { "Value", false, "{\"spec\": \"c:float64\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"bytes\", \"optional\": t"
      "rue, \"name\": \"org.apache.kafka.connect.data.Decimal\", \"version\": 1, \"parameters"
      "\": {\"scale\": \"2\"}, \"field\": \"c\"}, {\"type\": \"int32\", \"optional\": true, "
      "\"name\": \"org.apache.kafka.connect.data.Date\", \"version\": 1, \"field\": \"d\"}, {"
      "\"type\": \"int64\", \"optional\": true, \"name\": \"org.apache.kafka.connect.data.Tim"
      "estamp\", \"version\": 1, \"field\": \"f\"}], \"optional\": false}, \"payload\": {\"c"
      "\": \"AIAAAAAAAAAAAA==\", \"d\": 1, \"f\": 2}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"double"
      "\",\"optional\":true,\"field\":\"c\"},{\"type\":\"int32\",\"optional\":true,\"name\":"
      "\"org.apache.kafka.connect.data.Date\",\"version\":1,\"field\":\"d\"},{\"type\":\"int6"
      "4\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Timestamp\",\"version\""
      ":1,\"field\":\"f\"}],\"optional\":false},\"payload\":{\"c\":2.3611832414348227E19,\"d"
      "\":1,\"f\":2}}" },
    { "Value", false, "{\"spec\": \"c:float32\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"bytes\", \"optional\": t"
      "rue, \"name\": \"org.apache.kafka.connect.data.Decimal\", \"version\": 1, \"parameters"
      "\": {\"scale\": \"2\"}, \"field\": \"c\"}, {\"type\": \"int32\", \"optional\": true, "
      "\"name\": \"org.apache.kafka.connect.data.Date\", \"version\": 1, \"field\": \"d\"}, {"
      "\"type\": \"int64\", \"optional\": true, \"name\": \"org.apache.kafka.connect.data.Tim"
      "estamp\", \"version\": 1, \"field\": \"f\"}], \"optional\": false}, \"payload\": {\"c"
      "\": \"AIAAAAAAAAAAAA==\", \"d\": 1, \"f\": 2}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"float"
      "\",\"optional\":true,\"field\":\"c\"},{\"type\":\"int32\",\"optional\":true,\"name\":"
      "\"org.apache.kafka.connect.data.Date\",\"version\":1,\"field\":\"d\"},{\"type\":\"int6"
      "4\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Timestamp\",\"version\""
      ":1,\"field\":\"f\"}],\"optional\":false},\"payload\":{\"c\":2.3611832E19,\"d\":1,\"f\""
      ":2}}" },
    { "Value", false, "{\"spec\": \"c:boolean\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"bytes\", \"optional\": t"
      "rue, \"name\": \"org.apache.kafka.connect.data.Decimal\", \"version\": 1, \"parameters"
      "\": {\"scale\": \"2\"}, \"field\": \"c\"}, {\"type\": \"int32\", \"optional\": true, "
      "\"name\": \"org.apache.kafka.connect.data.Date\", \"version\": 1, \"field\": \"d\"}, {"
      "\"type\": \"int64\", \"optional\": true, \"name\": \"org.apache.kafka.connect.data.Tim"
      "estamp\", \"version\": 1, \"field\": \"f\"}], \"optional\": false}, \"payload\": {\"c"
      "\": \"AIAAAAAAAAAAAA==\", \"d\": 1, \"f\": 2}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"boolea"
      "n\",\"optional\":true,\"field\":\"c\"},{\"type\":\"int32\",\"optional\":true,\"name\":"
      "\"org.apache.kafka.connect.data.Date\",\"version\":1,\"field\":\"d\"},{\"type\":\"int6"
      "4\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Timestamp\",\"version\""
      ":1,\"field\":\"f\"}],\"optional\":false},\"payload\":{\"c\":true,\"d\":1,\"f\":2}}" },
    { "Value", false, "{\"spec\": \"c:string\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"bytes\", \"optional\": t"
      "rue, \"name\": \"org.apache.kafka.connect.data.Decimal\", \"version\": 1, \"parameters"
      "\": {\"scale\": \"2\"}, \"field\": \"c\"}, {\"type\": \"int32\", \"optional\": true, "
      "\"name\": \"org.apache.kafka.connect.data.Date\", \"version\": 1, \"field\": \"d\"}, {"
      "\"type\": \"int64\", \"optional\": true, \"name\": \"org.apache.kafka.connect.data.Tim"
      "estamp\", \"version\": 1, \"field\": \"f\"}], \"optional\": false}, \"payload\": {\"c"
      "\": \"Eg==\", \"d\": 1, \"f\": 2}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"string"
      "\",\"optional\":true,\"field\":\"c\"},{\"type\":\"int32\",\"optional\":true,\"name\":"
      "\"org.apache.kafka.connect.data.Date\",\"version\":1,\"field\":\"d\"},{\"type\":\"int6"
      "4\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Timestamp\",\"version\""
      ":1,\"field\":\"f\"}],\"optional\":false},\"payload\":{\"c\":\"0.18\",\"d\":1,\"f\":2}}" },
    { "Value", false, "{\"spec\": \"c:int8\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"bytes\", \"optional\": t"
      "rue, \"name\": \"org.apache.kafka.connect.data.Decimal\", \"version\": 1, \"parameters"
      "\": {\"scale\": \"2\"}, \"field\": \"c\"}, {\"type\": \"int32\", \"optional\": true, "
      "\"name\": \"org.apache.kafka.connect.data.Date\", \"version\": 1, \"field\": \"d\"}, {"
      "\"type\": \"int64\", \"optional\": true, \"name\": \"org.apache.kafka.connect.data.Tim"
      "estamp\", \"version\": 1, \"field\": \"f\"}], \"optional\": false}, \"payload\": {\"c"
      "\": \"Eg==\", \"d\": 1, \"f\": 2}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"int8\""
      ",\"optional\":true,\"field\":\"c\"},{\"type\":\"int32\",\"optional\":true,\"name\":\"o"
      "rg.apache.kafka.connect.data.Date\",\"version\":1,\"field\":\"d\"},{\"type\":\"int64\""
      ",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Timestamp\",\"version\":1,"
      "\"field\":\"f\"}],\"optional\":false},\"payload\":{\"c\":0,\"d\":1,\"f\":2}}" },
    { "Value", false, "{\"spec\": \"c:int64\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"bytes\", \"optional\": t"
      "rue, \"name\": \"org.apache.kafka.connect.data.Decimal\", \"version\": 1, \"parameters"
      "\": {\"scale\": \"2\"}, \"field\": \"c\"}, {\"type\": \"int32\", \"optional\": true, "
      "\"name\": \"org.apache.kafka.connect.data.Date\", \"version\": 1, \"field\": \"d\"}, {"
      "\"type\": \"int64\", \"optional\": true, \"name\": \"org.apache.kafka.connect.data.Tim"
      "estamp\", \"version\": 1, \"field\": \"f\"}], \"optional\": false}, \"payload\": {\"c"
      "\": \"Eg==\", \"d\": 1, \"f\": 2}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"int64"
      "\",\"optional\":true,\"field\":\"c\"},{\"type\":\"int32\",\"optional\":true,\"name\":"
      "\"org.apache.kafka.connect.data.Date\",\"version\":1,\"field\":\"d\"},{\"type\":\"int6"
      "4\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Timestamp\",\"version\""
      ":1,\"field\":\"f\"}],\"optional\":false},\"payload\":{\"c\":0,\"d\":1,\"f\":2}}" },
    { "Value", false, "{\"spec\": \"c:float64\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"bytes\", \"optional\": t"
      "rue, \"name\": \"org.apache.kafka.connect.data.Decimal\", \"version\": 1, \"parameters"
      "\": {\"scale\": \"2\"}, \"field\": \"c\"}, {\"type\": \"int32\", \"optional\": true, "
      "\"name\": \"org.apache.kafka.connect.data.Date\", \"version\": 1, \"field\": \"d\"}, {"
      "\"type\": \"int64\", \"optional\": true, \"name\": \"org.apache.kafka.connect.data.Tim"
      "estamp\", \"version\": 1, \"field\": \"f\"}], \"optional\": false}, \"payload\": {\"c"
      "\": \"Eg==\", \"d\": 1, \"f\": 2}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"double"
      "\",\"optional\":true,\"field\":\"c\"},{\"type\":\"int32\",\"optional\":true,\"name\":"
      "\"org.apache.kafka.connect.data.Date\",\"version\":1,\"field\":\"d\"},{\"type\":\"int6"
      "4\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Timestamp\",\"version\""
      ":1,\"field\":\"f\"}],\"optional\":false},\"payload\":{\"c\":0.18,\"d\":1,\"f\":2}}" },
    { "Value", false, "{\"spec\": \"c:float32\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"bytes\", \"optional\": t"
      "rue, \"name\": \"org.apache.kafka.connect.data.Decimal\", \"version\": 1, \"parameters"
      "\": {\"scale\": \"2\"}, \"field\": \"c\"}, {\"type\": \"int32\", \"optional\": true, "
      "\"name\": \"org.apache.kafka.connect.data.Date\", \"version\": 1, \"field\": \"d\"}, {"
      "\"type\": \"int64\", \"optional\": true, \"name\": \"org.apache.kafka.connect.data.Tim"
      "estamp\", \"version\": 1, \"field\": \"f\"}], \"optional\": false}, \"payload\": {\"c"
      "\": \"Eg==\", \"d\": 1, \"f\": 2}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"float"
      "\",\"optional\":true,\"field\":\"c\"},{\"type\":\"int32\",\"optional\":true,\"name\":"
      "\"org.apache.kafka.connect.data.Date\",\"version\":1,\"field\":\"d\"},{\"type\":\"int6"
      "4\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Timestamp\",\"version\""
      ":1,\"field\":\"f\"}],\"optional\":false},\"payload\":{\"c\":0.18,\"d\":1,\"f\":2}}" },
    { "Value", false, "{\"spec\": \"c:boolean\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"bytes\", \"optional\": t"
      "rue, \"name\": \"org.apache.kafka.connect.data.Decimal\", \"version\": 1, \"parameters"
      "\": {\"scale\": \"2\"}, \"field\": \"c\"}, {\"type\": \"int32\", \"optional\": true, "
      "\"name\": \"org.apache.kafka.connect.data.Date\", \"version\": 1, \"field\": \"d\"}, {"
      "\"type\": \"int64\", \"optional\": true, \"name\": \"org.apache.kafka.connect.data.Tim"
      "estamp\", \"version\": 1, \"field\": \"f\"}], \"optional\": false}, \"payload\": {\"c"
      "\": \"Eg==\", \"d\": 1, \"f\": 2}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"boolea"
      "n\",\"optional\":true,\"field\":\"c\"},{\"type\":\"int32\",\"optional\":true,\"name\":"
      "\"org.apache.kafka.connect.data.Date\",\"version\":1,\"field\":\"d\"},{\"type\":\"int6"
      "4\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Timestamp\",\"version\""
      ":1,\"field\":\"f\"}],\"optional\":false},\"payload\":{\"c\":false,\"d\":1,\"f\":2}}" },
    { "Value", false, "{\"spec\": \"d:string\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"bytes\", \"optional\": t"
      "rue, \"name\": \"org.apache.kafka.connect.data.Decimal\", \"version\": 1, \"parameters"
      "\": {\"scale\": \"2\"}, \"field\": \"c\"}, {\"type\": \"int32\", \"optional\": true, "
      "\"name\": \"org.apache.kafka.connect.data.Date\", \"version\": 1, \"field\": \"d\"}, {"
      "\"type\": \"int64\", \"optional\": true, \"name\": \"org.apache.kafka.connect.data.Tim"
      "estamp\", \"version\": 1, \"field\": \"f\"}], \"optional\": false}, \"payload\": {\"c"
      "\": null, \"d\": -1, \"f\": null}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"bytes"
      "\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Decimal\",\"version\":1,"
      "\"parameters\":{\"scale\":\"2\"},\"field\":\"c\"},{\"type\":\"string\",\"optional\":tr"
      "ue,\"field\":\"d\"},{\"type\":\"int64\",\"optional\":true,\"name\":\"org.apache.kafka."
      "connect.data.Timestamp\",\"version\":1,\"field\":\"f\"}],\"optional\":false},\"payload"
      "\":{\"c\":null,\"d\":\"00:00:00.000Z\",\"f\":null}}" },
    { "Value", false, "{\"spec\": \"d:string\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"bytes\", \"optional\": t"
      "rue, \"name\": \"org.apache.kafka.connect.data.Decimal\", \"version\": 1, \"parameters"
      "\": {\"scale\": \"2\"}, \"field\": \"c\"}, {\"type\": \"int32\", \"optional\": true, "
      "\"name\": \"org.apache.kafka.connect.data.Date\", \"version\": 1, \"field\": \"d\"}, {"
      "\"type\": \"int64\", \"optional\": true, \"name\": \"org.apache.kafka.connect.data.Tim"
      "estamp\", \"version\": 1, \"field\": \"f\"}], \"optional\": false}, \"payload\": {\"c"
      "\": null, \"d\": 0, \"f\": null}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"bytes"
      "\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Decimal\",\"version\":1,"
      "\"parameters\":{\"scale\":\"2\"},\"field\":\"c\"},{\"type\":\"string\",\"optional\":tr"
      "ue,\"field\":\"d\"},{\"type\":\"int64\",\"optional\":true,\"name\":\"org.apache.kafka."
      "connect.data.Timestamp\",\"version\":1,\"field\":\"f\"}],\"optional\":false},\"payload"
      "\":{\"c\":null,\"d\":\"00:00:00.000Z\",\"f\":null}}" },
    { "Value", false, "{\"spec\": \"d:string\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"bytes\", \"optional\": t"
      "rue, \"name\": \"org.apache.kafka.connect.data.Decimal\", \"version\": 1, \"parameters"
      "\": {\"scale\": \"2\"}, \"field\": \"c\"}, {\"type\": \"int32\", \"optional\": true, "
      "\"name\": \"org.apache.kafka.connect.data.Date\", \"version\": 1, \"field\": \"d\"}, {"
      "\"type\": \"int64\", \"optional\": true, \"name\": \"org.apache.kafka.connect.data.Tim"
      "estamp\", \"version\": 1, \"field\": \"f\"}], \"optional\": false}, \"payload\": {\"c"
      "\": null, \"d\": 1, \"f\": null}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"bytes"
      "\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Decimal\",\"version\":1,"
      "\"parameters\":{\"scale\":\"2\"},\"field\":\"c\"},{\"type\":\"string\",\"optional\":tr"
      "ue,\"field\":\"d\"},{\"type\":\"int64\",\"optional\":true,\"name\":\"org.apache.kafka."
      "connect.data.Timestamp\",\"version\":1,\"field\":\"f\"}],\"optional\":false},\"payload"
      "\":{\"c\":null,\"d\":\"1970-01-02\",\"f\":null}}" },
    { "Value", false, "{\"spec\": \"d:string\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"bytes\", \"optional\": t"
      "rue, \"name\": \"org.apache.kafka.connect.data.Decimal\", \"version\": 1, \"parameters"
      "\": {\"scale\": \"2\"}, \"field\": \"c\"}, {\"type\": \"int32\", \"optional\": true, "
      "\"name\": \"org.apache.kafka.connect.data.Date\", \"version\": 1, \"field\": \"d\"}, {"
      "\"type\": \"int64\", \"optional\": true, \"name\": \"org.apache.kafka.connect.data.Tim"
      "estamp\", \"version\": 1, \"field\": \"f\"}], \"optional\": false}, \"payload\": {\"c"
      "\": null, \"d\": -100000, \"f\": null}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"bytes"
      "\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Decimal\",\"version\":1,"
      "\"parameters\":{\"scale\":\"2\"},\"field\":\"c\"},{\"type\":\"string\",\"optional\":tr"
      "ue,\"field\":\"d\"},{\"type\":\"int64\",\"optional\":true,\"name\":\"org.apache.kafka."
      "connect.data.Timestamp\",\"version\":1,\"field\":\"f\"}],\"optional\":false},\"payload"
      "\":{\"c\":null,\"d\":\"00:00:00.000Z\",\"f\":null}}" },
    { "Value", false, "{\"spec\": \"f:string\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"bytes\", \"optional\": t"
      "rue, \"name\": \"org.apache.kafka.connect.data.Decimal\", \"version\": 1, \"parameters"
      "\": {\"scale\": \"2\"}, \"field\": \"c\"}, {\"type\": \"int32\", \"optional\": true, "
      "\"name\": \"org.apache.kafka.connect.data.Date\", \"version\": 1, \"field\": \"d\"}, {"
      "\"type\": \"int64\", \"optional\": true, \"name\": \"org.apache.kafka.connect.data.Tim"
      "estamp\", \"version\": 1, \"field\": \"f\"}], \"optional\": false}, \"payload\": {\"c"
      "\": null, \"d\": null, \"f\": 0}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"bytes"
      "\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Decimal\",\"version\":1,"
      "\"parameters\":{\"scale\":\"2\"},\"field\":\"c\"},{\"type\":\"int32\",\"optional\":tru"
      "e,\"name\":\"org.apache.kafka.connect.data.Date\",\"version\":1,\"field\":\"d\"},{\"ty"
      "pe\":\"string\",\"optional\":true,\"field\":\"f\"}],\"optional\":false},\"payload\":{"
      "\"c\":null,\"d\":null,\"f\":\"00:00:00.000Z\"}}" },
    { "Value", false, "{\"spec\": \"f:string\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"bytes\", \"optional\": t"
      "rue, \"name\": \"org.apache.kafka.connect.data.Decimal\", \"version\": 1, \"parameters"
      "\": {\"scale\": \"2\"}, \"field\": \"c\"}, {\"type\": \"int32\", \"optional\": true, "
      "\"name\": \"org.apache.kafka.connect.data.Date\", \"version\": 1, \"field\": \"d\"}, {"
      "\"type\": \"int64\", \"optional\": true, \"name\": \"org.apache.kafka.connect.data.Tim"
      "estamp\", \"version\": 1, \"field\": \"f\"}], \"optional\": false}, \"payload\": {\"c"
      "\": null, \"d\": null, \"f\": 86399999}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"bytes"
      "\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Decimal\",\"version\":1,"
      "\"parameters\":{\"scale\":\"2\"},\"field\":\"c\"},{\"type\":\"int32\",\"optional\":tru"
      "e,\"name\":\"org.apache.kafka.connect.data.Date\",\"version\":1,\"field\":\"d\"},{\"ty"
      "pe\":\"string\",\"optional\":true,\"field\":\"f\"}],\"optional\":false},\"payload\":{"
      "\"c\":null,\"d\":null,\"f\":\"23:59:59.999Z\"}}" },
    { "Value", false, "{\"spec\": \"f:string\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"bytes\", \"optional\": t"
      "rue, \"name\": \"org.apache.kafka.connect.data.Decimal\", \"version\": 1, \"parameters"
      "\": {\"scale\": \"2\"}, \"field\": \"c\"}, {\"type\": \"int32\", \"optional\": true, "
      "\"name\": \"org.apache.kafka.connect.data.Date\", \"version\": 1, \"field\": \"d\"}, {"
      "\"type\": \"int64\", \"optional\": true, \"name\": \"org.apache.kafka.connect.data.Tim"
      "estamp\", \"version\": 1, \"field\": \"f\"}], \"optional\": false}, \"payload\": {\"c"
      "\": null, \"d\": null, \"f\": -5}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"bytes"
      "\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Decimal\",\"version\":1,"
      "\"parameters\":{\"scale\":\"2\"},\"field\":\"c\"},{\"type\":\"int32\",\"optional\":tru"
      "e,\"name\":\"org.apache.kafka.connect.data.Date\",\"version\":1,\"field\":\"d\"},{\"ty"
      "pe\":\"string\",\"optional\":true,\"field\":\"f\"}],\"optional\":false},\"payload\":{"
      "\"c\":null,\"d\":null,\"f\":\"23:59:59.995Z\"}}" },
    { "Value", false, "{\"spec\": \"f:string\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"bytes\", \"optional\": t"
      "rue, \"name\": \"org.apache.kafka.connect.data.Decimal\", \"version\": 1, \"parameters"
      "\": {\"scale\": \"2\"}, \"field\": \"c\"}, {\"type\": \"int32\", \"optional\": true, "
      "\"name\": \"org.apache.kafka.connect.data.Date\", \"version\": 1, \"field\": \"d\"}, {"
      "\"type\": \"int64\", \"optional\": true, \"name\": \"org.apache.kafka.connect.data.Tim"
      "estamp\", \"version\": 1, \"field\": \"f\"}], \"optional\": false}, \"payload\": {\"c"
      "\": null, \"d\": null, \"f\": -86400000}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"bytes"
      "\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Decimal\",\"version\":1,"
      "\"parameters\":{\"scale\":\"2\"},\"field\":\"c\"},{\"type\":\"int32\",\"optional\":tru"
      "e,\"name\":\"org.apache.kafka.connect.data.Date\",\"version\":1,\"field\":\"d\"},{\"ty"
      "pe\":\"string\",\"optional\":true,\"field\":\"f\"}],\"optional\":false},\"payload\":{"
      "\"c\":null,\"d\":null,\"f\":\"00:00:00.000Z\"}}" },
    { "Value", false, "{\"spec\": \"f:string\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"bytes\", \"optional\": t"
      "rue, \"name\": \"org.apache.kafka.connect.data.Decimal\", \"version\": 1, \"parameters"
      "\": {\"scale\": \"2\"}, \"field\": \"c\"}, {\"type\": \"int32\", \"optional\": true, "
      "\"name\": \"org.apache.kafka.connect.data.Date\", \"version\": 1, \"field\": \"d\"}, {"
      "\"type\": \"int64\", \"optional\": true, \"name\": \"org.apache.kafka.connect.data.Tim"
      "estamp\", \"version\": 1, \"field\": \"f\"}], \"optional\": false}, \"payload\": {\"c"
      "\": null, \"d\": null, \"f\": 86400000}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"bytes"
      "\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Decimal\",\"version\":1,"
      "\"parameters\":{\"scale\":\"2\"},\"field\":\"c\"},{\"type\":\"int32\",\"optional\":tru"
      "e,\"name\":\"org.apache.kafka.connect.data.Date\",\"version\":1,\"field\":\"d\"},{\"ty"
      "pe\":\"string\",\"optional\":true,\"field\":\"f\"}],\"optional\":false},\"payload\":{"
      "\"c\":null,\"d\":null,\"f\":\"1970-01-02\"}}" },
    { "Value", false, "{\"spec\": \"f:string\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"bytes\", \"optional\": t"
      "rue, \"name\": \"org.apache.kafka.connect.data.Decimal\", \"version\": 1, \"parameters"
      "\": {\"scale\": \"2\"}, \"field\": \"c\"}, {\"type\": \"int32\", \"optional\": true, "
      "\"name\": \"org.apache.kafka.connect.data.Date\", \"version\": 1, \"field\": \"d\"}, {"
      "\"type\": \"int64\", \"optional\": true, \"name\": \"org.apache.kafka.connect.data.Tim"
      "estamp\", \"version\": 1, \"field\": \"f\"}], \"optional\": false}, \"payload\": {\"c"
      "\": null, \"d\": null, \"f\": 172800000}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"bytes"
      "\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Decimal\",\"version\":1,"
      "\"parameters\":{\"scale\":\"2\"},\"field\":\"c\"},{\"type\":\"int32\",\"optional\":tru"
      "e,\"name\":\"org.apache.kafka.connect.data.Date\",\"version\":1,\"field\":\"d\"},{\"ty"
      "pe\":\"string\",\"optional\":true,\"field\":\"f\"}],\"optional\":false},\"payload\":{"
      "\"c\":null,\"d\":null,\"f\":\"1970-01-03\"}}" },
    { "Value", false, "{\"spec\": \"f:string\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"bytes\", \"optional\": t"
      "rue, \"name\": \"org.apache.kafka.connect.data.Decimal\", \"version\": 1, \"parameters"
      "\": {\"scale\": \"2\"}, \"field\": \"c\"}, {\"type\": \"int32\", \"optional\": true, "
      "\"name\": \"org.apache.kafka.connect.data.Date\", \"version\": 1, \"field\": \"d\"}, {"
      "\"type\": \"int64\", \"optional\": true, \"name\": \"org.apache.kafka.connect.data.Tim"
      "estamp\", \"version\": 1, \"field\": \"f\"}], \"optional\": false}, \"payload\": {\"c"
      "\": null, \"d\": null, \"f\": 1}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"bytes"
      "\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Decimal\",\"version\":1,"
      "\"parameters\":{\"scale\":\"2\"},\"field\":\"c\"},{\"type\":\"int32\",\"optional\":tru"
      "e,\"name\":\"org.apache.kafka.connect.data.Date\",\"version\":1,\"field\":\"d\"},{\"ty"
      "pe\":\"string\",\"optional\":true,\"field\":\"f\"}],\"optional\":false},\"payload\":{"
      "\"c\":null,\"d\":null,\"f\":\"00:00:00.001Z\"}}" },
};

/* What Java makes but is refused here: a NaN or infinite float (JSON has no such number;
 * Java's converter writes a string), a whole-value cast of a logical type (Java's converter
 * then fails on the logical name it keeps). */
static const tf_case refused[] = {
    { "Value", false, "{\"spec\":\"float64\"}", "-", "{\"schema\":null,\"payload\":\"NaN\"}",
      NULL, "APPLY: Cast of NaN to FLOAT64 gives NaN, which a JSON number cannot hold: not "
      "supported" },
    { "Value", false, "{\"spec\":\"float32\"}", "-",
      "{\"schema\":{\"type\":\"double\",\"optional\":false},\"payload\":1e300}", NULL,
      "APPLY: Cast of 1.0E300 to FLOAT32 gives Infinity, which a JSON number cannot hold: not "
      "supported" },
    { "Key", false, "{\"spec\":\"k:float32\"}",
      "{\"schema\":null,\"payload\":{\"k\":\"-Infinity\"}}", "-", NULL,
      "APPLY: Cast of -Infinity to FLOAT32 gives -Infinity, which a JSON number cannot hold: "
      "not supported" },
    { "Value", false, "{\"spec\":\"int64\"}", "-",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":"
      "\"org.apache.kafka.connect.data.Date\",\"version\":1},\"payload\":3}", NULL,
      "APPLY: Cast of a whole org.apache.kafka.connect.data.Date value to INT64 is not "
      "supported: the new schema would keep the logical type's name" },
};

static void
test_cast_java(void **state)
{
    (void) state;
    run_cases(&kc_tf_cast_key, &kc_tf_cast_value, cases, sizeof(cases) / sizeof(cases[0]));
}

static void
test_cast_refused(void **state)
{
    (void) state;
    run_cases(&kc_tf_cast_key, &kc_tf_cast_value, refused, sizeof(refused) / sizeof(refused[0]));
}

static void
test_cast_ops(void **state)
{
    json_t *def = kc_tf_cast_value.config_def();

    (void) state;
    assert_string_equal(kc_tf_cast_key.class_name, "org.apache.kafka.connect.transforms.Cast$Key");
    assert_string_equal(kc_tf_cast_value.class_name,
                        "org.apache.kafka.connect.transforms.Cast$Value");
    assert_int_equal(kc_tf_cast_key.reads, KC_READS_KEY);
    assert_int_equal(kc_tf_cast_value.reads, KC_READS_VALUE);
    assert_int_equal(json_array_size(def), 2);
    assert_string_equal(json_string_value(json_object_get(json_array_get(def, 0), "name")), "spec");
    assert_true(json_is_true(json_object_get(json_array_get(def, 0), "required")));
    assert_string_equal(json_string_value(json_object_get(json_array_get(def, 1),
                                                          "default_value")), "true");
    json_decref(def);
    configure_fails(&kc_tf_cast_key, "{\"spec\":\"int8,int16\"}", "Cast transformations that "
                    "specify a type to cast the entire value to may only specify a single cast in "
                    "their spec");
}

/* A record's schema and value are shared: Cast builds new ones. */
static void
test_cast_shares_nothing(void **state)
{
    const kc_transform_ops *ops = &kc_tf_cast_value;
    void                   *priv = configure(ops, "{\"spec\":\"a:string\"}");
    kc_connect_record      *r = rec_new("t");
    json_t                 *schema = js("{\"type\":\"struct\",\"fields\":[{\"type\":\"int32\","
                                        "\"optional\":false,\"field\":\"a\"}],\"optional\":false}");
    json_t                 *value = js("{\"a\":5}");
    char                   *before_s = kc_json_java_dumps(schema, NULL);

    (void) state;
    kc_crec_set(&r->value, json_incref(schema), json_incref(value));
    apply_ok(ops, priv, r);
    assert_ptr_not_equal(r->value.schema, schema);
    assert_string_equal(json_string_value(json_object_get(r->value.json, "a")), "5");
    assert_int_equal(json_integer_value(json_object_get(value, "a")), 5);
    char *after_s = kc_json_java_dumps(schema, NULL);
    assert_string_equal(before_s, after_s);
    free(before_s);
    free(after_s);
    json_decref(schema);
    json_decref(value);
    rec_free(r);
    ops->close(priv);
    (void) apply_fails;
}

/* The number readers Cast uses, against Java's results. */
static void
test_java_numbers(void **state)
{
    int64_t        l;
    double         d;
    float          f;
    kc_big_decimal dec;
    json_t        *schema = js("{\"type\":\"bytes\",\"parameters\":{\"scale\":\"3\"}}");
    json_t        *v;
    char          *s;

    (void) state;
    assert_int_equal(kc_java_parse_long("-128", INT8_MIN, INT8_MAX, &l), 0);
    assert_int_equal(l, -128);
    assert_int_equal(kc_java_parse_long("128", INT8_MIN, INT8_MAX, &l), -1);
    assert_int_equal(kc_java_parse_long("\xd9\xa3\xd9\xa4", INT32_MIN, INT32_MAX, &l), 0);
    assert_int_equal(l, 34);
    assert_int_equal(kc_java_parse_long("9223372036854775807", INT64_MIN, INT64_MAX, &l), 0);
    assert_int_equal(kc_java_parse_long("9223372036854775808", INT64_MIN, INT64_MAX, &l), -1);
    assert_int_equal(kc_java_parse_long("-9223372036854775808", INT64_MIN, INT64_MAX, &l), 0);
    assert_int_equal(kc_java_parse_long("+", INT64_MIN, INT64_MAX, &l), -1);
    assert_int_equal(kc_java_parse_long(" 1", INT64_MIN, INT64_MAX, &l), -1);
    assert_int_equal(kc_java_parse_double(" 1e3d ", &d), 0);
    assert_true(d == 1000.0);
    assert_int_equal(kc_java_parse_double("0x1.8p1", &d), 0);
    assert_true(d == 3.0);
    assert_int_equal(kc_java_parse_double("0x1.8", &d), -1);
    assert_int_equal(kc_java_parse_double("inf", &d), -1);
    assert_int_equal(kc_java_parse_double("1e", &d), -1);
    assert_int_equal(kc_java_parse_double(".", &d), -1);
    assert_int_equal(kc_java_parse_float("5.", &f), 0);
    assert_true(f == 5.0f);
    v = json_string("/zZ3");                        /* -51593 unscaled */
    assert_int_equal(kc_big_decimal_from_json(schema, v, &dec), 0);
    s = kc_big_decimal_string(&dec);
    assert_string_equal(s, "-51.593");
    free(s);
    assert_int_equal(kc_big_decimal_long(&dec), -51);
    kc_big_decimal_free(&dec);
    json_decref(v);
    assert_int_equal(kc_big_decimal_parse("1E+3", &dec), 0);
    s = kc_big_decimal_string(&dec);
    assert_string_equal(s, "1E+3");
    free(s);
    kc_big_decimal_free(&dec);
    assert_int_equal(kc_big_decimal_parse("0.0000001", &dec), 0);
    s = kc_big_decimal_string(&dec);
    assert_string_equal(s, "1E-7");
    free(s);
    kc_big_decimal_free(&dec);
    json_decref(schema);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cast_ops),
        cmocka_unit_test(test_cast_java),
        cmocka_unit_test(test_cast_refused),
        cmocka_unit_test(test_cast_shares_nothing),
        cmocka_unit_test(test_java_numbers),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
