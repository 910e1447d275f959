/*
 * tests/unit/test_transforms_timestamp_converter.c - TimestampConverter$Key and $Value:
 * every source and target type (string, unix at each precision, Date, Time, Timestamp)
 * whole and as a struct or map field, defaults, Java's ConfigException and DataException
 * texts; SimpleDateFormat's parsing (lib/simple_date.h) against Java's results; and
 * what is refused rather than done differently. Every expected outcome but the refusals was
 * produced by Kafka 4.3.1's classes on Java 17 from the same configuration and record.
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
#include "lib/simple_date.h"

#include "tests/unit/transform_helpers.h"

#include "tests/unit/transform_cases.h"

static const tf_case cases[] = {
    { "Value", false, "{\"target.type\":\"string\"}",
      "-",
      "-",
      NULL,
      "CONFIG: TimestampConverter requires format option to be specified when using string ti"
      "mestamps" },
    { "Value", false, "{\"target.type\":\"string\",\"format\":\"  \"}",
      "-",
      "-",
      NULL,
      "CONFIG: TimestampConverter requires format option to be specified when using string ti"
      "mestamps" },
    { "Value", false, "{\"target.type\":\"unix\",\"format\":\"yyyy-MM-dd'\"}",
      "-",
      "-",
      NULL,
      "CONFIG: Invalid value java.lang.IllegalArgumentException: Unterminated quote for confi"
      "guration TimestampConverter requires a SimpleDateFormat-compatible pattern for string "
      "timestamps: yyyy-MM-dd'" },
    { "Value", false, "{\"target.type\":\"unix\",\"format\":\"yyyyq\"}",
      "-",
      "-",
      NULL,
      "CONFIG: Invalid value java.lang.IllegalArgumentException: Illegal pattern character 'q"
      "' for configuration TimestampConverter requires a SimpleDateFormat-compatible pattern "
      "for string timestamps: yyyyq" },
    { "Value", false, "{\"target.type\":\"unix\",\"format\":\"XXXX\"}",
      "-",
      "-",
      NULL,
      "CONFIG: Invalid value java.lang.IllegalArgumentException: invalid ISO 8601 format: len"
      "gth=4 for configuration TimestampConverter requires a SimpleDateFormat-compatible patt"
      "ern for string timestamps: XXXX" },
    { "Value", false, "{\"target.type\":\"bogus\"}",
      "-",
      "-",
      NULL,
      "CONFIG: Invalid value bogus for configuration target.type: String must be one of: stri"
      "ng, unix, Date, Time, Timestamp" },
    { "Value", false, "{\"target.type\":\"unix\",\"unix.precision\":\"hours\"}",
      "-",
      "-",
      NULL,
      "CONFIG: Invalid value hours for configuration unix.precision: String must be one of: n"
      "anoseconds, microseconds, milliseconds, seconds" },
    { "Value", false, "{}",
      "-",
      "-",
      NULL,
      "CONFIG: Missing required configuration \"target.type\" which has no default value." },
    { "Value", false, "{\"target.type\":\"unix\"}",
      "-",
      "{\"schema\":null,\"payload\":\"2020\"}",
      NULL,
      "APPLY: Cannot invoke \"java.text.SimpleDateFormat.parse(String)\" because \"config.for"
      "mat\" is null" },
    { "Value", false, "{\"target.type\":\"unix\"}",
      "-",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false},\"payload\":5}",
      NULL,
      "APPLY: Schema Schema{INT32} does not correspond to a known timestamp type format" },
    { "Value", false, "{\"target.type\":\"unix\"}",
      "-",
      "{\"schema\":{\"type\":\"int32\",\"optional\":true,\"name\":\"foo\"},\"payload\":null}",
      NULL,
      "APPLY: Schema Schema{foo:INT32} does not correspond to a known timestamp type format" },
    { "Value", false, "{\"target.type\":\"unix\"}",
      "-",
      "{\"schema\":null,\"payload\":5.5}",
      NULL,
      "APPLY: TimestampConverter does not support class java.lang.Double objects as timestamp"
      "s" },
    { "Value", false, "{\"target.type\":\"unix\",\"field\":\"a\"}",
      "-",
      "{\"schema\":null,\"payload\":{\"a\":{\"x\":1}}}",
      NULL,
      "APPLY: TimestampConverter does not support class java.util.HashMap objects as timestam"
      "ps" },
    { "Value", false, "{\"target.type\":\"string\",\"format\":\"yyyy\"}",
      "-",
      "{\"schema\":null,\"payload\":\"abc\"}",
      NULL,
      "APPLY: Could not parse timestamp: value (abc) does not match pattern (yyyy)" },
    { "Value", false, "{\"target.type\": \"string\", \"format\": \"yyyy-MM-dd'T'HH:mm:ss.SSSXXX\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false, \"name\": \"org.apache.kafka.c"
      "onnect.data.Timestamp\", \"version\": 1}, \"payload\": 1700000000123}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"string\",\"optional\":false},\"payload"
      "\":\"2023-11-14T22:13:20.123Z\"}" },
    { "Value", false, "{\"target.type\": \"string\", \"format\": \"yyyy-MM-dd'T'HH:mm:ss.SSSXXX\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": true, \"name\": \"org.apache.kafka.co"
      "nnect.data.Timestamp\", \"version\": 1}, \"payload\": null}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"string\",\"optional\":true},\"payload\""
      ":null}" },
    { "Value", false, "{\"target.type\": \"string\", \"format\": \"yyyy-MM-dd'T'HH:mm:ss.SSSXXX\"}",
      "-",
      "{\"schema\": {\"type\": \"int32\", \"optional\": false, \"name\": \"org.apache.kafka.c"
      "onnect.data.Date\", \"version\": 1}, \"payload\": 19675}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"string\",\"optional\":false},\"payload"
      "\":\"2023-11-14T00:00:00.000Z\"}" },
    { "Value", false, "{\"target.type\": \"string\", \"format\": \"yyyy-MM-dd'T'HH:mm:ss.SSSXXX\"}",
      "-",
      "{\"schema\": {\"type\": \"int32\", \"optional\": false, \"name\": \"org.apache.kafka.c"
      "onnect.data.Time\", \"version\": 1}, \"payload\": 3723004}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"string\",\"optional\":false},\"payload"
      "\":\"1970-01-01T01:02:03.004Z\"}" },
    { "Value", false, "{\"target.type\": \"string\", \"format\": \"yyyy-MM-dd'T'HH:mm:ss.SSSXXX\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false}, \"payload\": 1700000000123}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"string\",\"optional\":false},\"payload"
      "\":\"2023-11-14T22:13:20.123Z\"}" },
    { "Value", false, "{\"target.type\": \"string\", \"format\": \"yyyy-MM-dd'T'HH:mm:ss.SSSXXX\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false}, \"payload\": -1}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"string\",\"optional\":false},\"payload"
      "\":\"1969-12-31T23:59:59.999Z\"}" },
    { "Value", false, "{\"target.type\": \"string\", \"format\": \"yyyy-MM-dd'T'HH:mm:ss.SSSXXX\"}",
      "-",
      "{\"schema\": {\"type\": \"string\", \"optional\": false}, \"payload\": \"2024-03-05T10"
      ":20:30.123+01:00\"}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"string\",\"optional\":false},\"payload"
      "\":\"2024-03-05T09:20:30.123Z\"}" },
    { "Value", false, "{\"target.type\": \"string\", \"format\": \"yyyy-MM-dd'T'HH:mm:ss.SSSXXX\"}",
      "-",
      "{\"schema\": {\"type\": \"string\", \"optional\": true}, \"payload\": null}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"string\",\"optional\":true},\"payload\""
      ":null}" },
    { "Value", false, "{\"target.type\": \"string\", \"format\": \"yyyy-MM-dd'T'HH:mm:ss.SSSXXX\"}",
      "-",
      "{\"schema\": {\"type\": \"string\", \"optional\": false}, \"payload\": \"bad\"}",
      NULL,
      "APPLY: Could not parse timestamp: value (bad) does not match pattern (yyyy-MM-dd'T'HH:"
      "mm:ss.SSSXXX)" },
    { "Value", false, "{\"target.type\": \"string\", \"format\": \"yyyy-MM-dd'T'HH:mm:ss.SSSXXX\"}",
      "-",
      "{\"schema\": null, \"payload\": 1700000000123}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":null,\"payload\":\"2023-11-14T22:13:20.123Z\"}" },
    { "Value", false, "{\"target.type\": \"string\", \"format\": \"yyyy-MM-dd'T'HH:mm:ss.SSSXXX\"}",
      "-",
      "{\"schema\": null, \"payload\": \"2024-03-05T10:20:30.123Z\"}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":null,\"payload\":\"2024-03-05T10:20:30.123Z\"}" },
    { "Value", false, "{\"target.type\": \"string\", \"format\": \"yyyy-MM-dd'T'HH:mm:ss.SSSXXX\"}",
      "-",
      "{\"schema\": null, \"payload\": null}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL NULL" },
    { "Value", false, "{\"target.type\": \"unix\", \"format\": \"yyyy-MM-dd'T'HH:mm:ss.SSSXXX\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false, \"name\": \"org.apache.kafka.c"
      "onnect.data.Timestamp\", \"version\": 1}, \"payload\": 1700000000123}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false},\"payload\""
      ":1700000000123}" },
    { "Value", false, "{\"target.type\": \"unix\", \"format\": \"yyyy-MM-dd'T'HH:mm:ss.SSSXXX\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": true, \"name\": \"org.apache.kafka.co"
      "nnect.data.Timestamp\", \"version\": 1}, \"payload\": null}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":true},\"payload\":"
      "null}" },
    { "Value", false, "{\"target.type\": \"unix\", \"format\": \"yyyy-MM-dd'T'HH:mm:ss.SSSXXX\"}",
      "-",
      "{\"schema\": {\"type\": \"int32\", \"optional\": false, \"name\": \"org.apache.kafka.c"
      "onnect.data.Date\", \"version\": 1}, \"payload\": 19675}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false},\"payload\""
      ":1699920000000}" },
    { "Value", false, "{\"target.type\": \"unix\", \"format\": \"yyyy-MM-dd'T'HH:mm:ss.SSSXXX\"}",
      "-",
      "{\"schema\": {\"type\": \"int32\", \"optional\": false, \"name\": \"org.apache.kafka.c"
      "onnect.data.Time\", \"version\": 1}, \"payload\": 3723004}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false},\"payload\""
      ":3723004}" },
    { "Value", false, "{\"target.type\": \"unix\", \"format\": \"yyyy-MM-dd'T'HH:mm:ss.SSSXXX\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false}, \"payload\": 1700000000123}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false},\"payload\""
      ":1700000000123}" },
    { "Value", false, "{\"target.type\": \"unix\", \"format\": \"yyyy-MM-dd'T'HH:mm:ss.SSSXXX\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false}, \"payload\": -1}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false},\"payload\""
      ":-1}" },
    { "Value", false, "{\"target.type\": \"unix\", \"format\": \"yyyy-MM-dd'T'HH:mm:ss.SSSXXX\"}",
      "-",
      "{\"schema\": {\"type\": \"string\", \"optional\": false}, \"payload\": \"2024-03-05T10"
      ":20:30.123+01:00\"}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false},\"payload\""
      ":1709630430123}" },
    { "Value", false, "{\"target.type\": \"unix\", \"format\": \"yyyy-MM-dd'T'HH:mm:ss.SSSXXX\"}",
      "-",
      "{\"schema\": {\"type\": \"string\", \"optional\": true}, \"payload\": null}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":true},\"payload\":"
      "null}" },
    { "Value", false, "{\"target.type\": \"unix\", \"format\": \"yyyy-MM-dd'T'HH:mm:ss.SSSXXX\"}",
      "-",
      "{\"schema\": {\"type\": \"string\", \"optional\": false}, \"payload\": \"bad\"}",
      NULL,
      "APPLY: Could not parse timestamp: value (bad) does not match pattern (yyyy-MM-dd'T'HH:"
      "mm:ss.SSSXXX)" },
    { "Value", false, "{\"target.type\": \"unix\", \"format\": \"yyyy-MM-dd'T'HH:mm:ss.SSSXXX\"}",
      "-",
      "{\"schema\": null, \"payload\": 1700000000123}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":null,\"payload\":1700000000123}" },
    { "Value", false, "{\"target.type\": \"unix\", \"format\": \"yyyy-MM-dd'T'HH:mm:ss.SSSXXX\"}",
      "-",
      "{\"schema\": null, \"payload\": \"2024-03-05T10:20:30.123Z\"}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":null,\"payload\":1709634030123}" },
    { "Value", false, "{\"target.type\": \"unix\", \"format\": \"yyyy-MM-dd'T'HH:mm:ss.SSSXXX\"}",
      "-",
      "{\"schema\": null, \"payload\": null}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL NULL" },
    { "Value", false, "{\"target.type\": \"Date\", \"format\": \"yyyy-MM-dd'T'HH:mm:ss.SSSXXX\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false, \"name\": \"org.apache.kafka.c"
      "onnect.data.Timestamp\", \"version\": 1}, \"payload\": 1700000000123}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"o"
      "rg.apache.kafka.connect.data.Date\",\"version\":1},\"payload\":19675}" },
    { "Value", false, "{\"target.type\": \"Date\", \"format\": \"yyyy-MM-dd'T'HH:mm:ss.SSSXXX\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": true, \"name\": \"org.apache.kafka.co"
      "nnect.data.Timestamp\", \"version\": 1}, \"payload\": null}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int32\",\"optional\":true,\"name\":\"or"
      "g.apache.kafka.connect.data.Date\",\"version\":1},\"payload\":null}" },
    { "Value", false, "{\"target.type\": \"Date\", \"format\": \"yyyy-MM-dd'T'HH:mm:ss.SSSXXX\"}",
      "-",
      "{\"schema\": {\"type\": \"int32\", \"optional\": false, \"name\": \"org.apache.kafka.c"
      "onnect.data.Date\", \"version\": 1}, \"payload\": 19675}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"o"
      "rg.apache.kafka.connect.data.Date\",\"version\":1},\"payload\":19675}" },
    { "Value", false, "{\"target.type\": \"Date\", \"format\": \"yyyy-MM-dd'T'HH:mm:ss.SSSXXX\"}",
      "-",
      "{\"schema\": {\"type\": \"int32\", \"optional\": false, \"name\": \"org.apache.kafka.c"
      "onnect.data.Time\", \"version\": 1}, \"payload\": 3723004}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"o"
      "rg.apache.kafka.connect.data.Date\",\"version\":1},\"payload\":0}" },
    { "Value", false, "{\"target.type\": \"Date\", \"format\": \"yyyy-MM-dd'T'HH:mm:ss.SSSXXX\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false}, \"payload\": 1700000000123}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"o"
      "rg.apache.kafka.connect.data.Date\",\"version\":1},\"payload\":19675}" },
    { "Value", false, "{\"target.type\": \"Date\", \"format\": \"yyyy-MM-dd'T'HH:mm:ss.SSSXXX\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false}, \"payload\": -1}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"o"
      "rg.apache.kafka.connect.data.Date\",\"version\":1},\"payload\":-1}" },
    { "Value", false, "{\"target.type\": \"Date\", \"format\": \"yyyy-MM-dd'T'HH:mm:ss.SSSXXX\"}",
      "-",
      "{\"schema\": {\"type\": \"string\", \"optional\": false}, \"payload\": \"2024-03-05T10"
      ":20:30.123+01:00\"}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"o"
      "rg.apache.kafka.connect.data.Date\",\"version\":1},\"payload\":19787}" },
    { "Value", false, "{\"target.type\": \"Date\", \"format\": \"yyyy-MM-dd'T'HH:mm:ss.SSSXXX\"}",
      "-",
      "{\"schema\": {\"type\": \"string\", \"optional\": true}, \"payload\": null}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int32\",\"optional\":true,\"name\":\"or"
      "g.apache.kafka.connect.data.Date\",\"version\":1},\"payload\":null}" },
    { "Value", false, "{\"target.type\": \"Date\", \"format\": \"yyyy-MM-dd'T'HH:mm:ss.SSSXXX\"}",
      "-",
      "{\"schema\": {\"type\": \"string\", \"optional\": false}, \"payload\": \"bad\"}",
      NULL,
      "APPLY: Could not parse timestamp: value (bad) does not match pattern (yyyy-MM-dd'T'HH:"
      "mm:ss.SSSXXX)" },
    { "Value", false, "{\"target.type\": \"Date\", \"format\": \"yyyy-MM-dd'T'HH:mm:ss.SSSXXX\"}",
      "-",
      "{\"schema\": null, \"payload\": null}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL NULL" },
    { "Value", false, "{\"target.type\": \"Time\", \"format\": \"yyyy-MM-dd'T'HH:mm:ss.SSSXXX\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false, \"name\": \"org.apache.kafka.c"
      "onnect.data.Timestamp\", \"version\": 1}, \"payload\": 1700000000123}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"o"
      "rg.apache.kafka.connect.data.Time\",\"version\":1},\"payload\":80000123}" },
    { "Value", false, "{\"target.type\": \"Time\", \"format\": \"yyyy-MM-dd'T'HH:mm:ss.SSSXXX\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": true, \"name\": \"org.apache.kafka.co"
      "nnect.data.Timestamp\", \"version\": 1}, \"payload\": null}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int32\",\"optional\":true,\"name\":\"or"
      "g.apache.kafka.connect.data.Time\",\"version\":1},\"payload\":null}" },
    { "Value", false, "{\"target.type\": \"Time\", \"format\": \"yyyy-MM-dd'T'HH:mm:ss.SSSXXX\"}",
      "-",
      "{\"schema\": {\"type\": \"int32\", \"optional\": false, \"name\": \"org.apache.kafka.c"
      "onnect.data.Date\", \"version\": 1}, \"payload\": 19675}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"o"
      "rg.apache.kafka.connect.data.Time\",\"version\":1},\"payload\":0}" },
    { "Value", false, "{\"target.type\": \"Time\", \"format\": \"yyyy-MM-dd'T'HH:mm:ss.SSSXXX\"}",
      "-",
      "{\"schema\": {\"type\": \"int32\", \"optional\": false, \"name\": \"org.apache.kafka.c"
      "onnect.data.Time\", \"version\": 1}, \"payload\": 3723004}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"o"
      "rg.apache.kafka.connect.data.Time\",\"version\":1},\"payload\":3723004}" },
    { "Value", false, "{\"target.type\": \"Time\", \"format\": \"yyyy-MM-dd'T'HH:mm:ss.SSSXXX\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false}, \"payload\": 1700000000123}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"o"
      "rg.apache.kafka.connect.data.Time\",\"version\":1},\"payload\":80000123}" },
    { "Value", false, "{\"target.type\": \"Time\", \"format\": \"yyyy-MM-dd'T'HH:mm:ss.SSSXXX\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false}, \"payload\": -1}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"o"
      "rg.apache.kafka.connect.data.Time\",\"version\":1},\"payload\":86399999}" },
    { "Value", false, "{\"target.type\": \"Time\", \"format\": \"yyyy-MM-dd'T'HH:mm:ss.SSSXXX\"}",
      "-",
      "{\"schema\": {\"type\": \"string\", \"optional\": false}, \"payload\": \"2024-03-05T10"
      ":20:30.123+01:00\"}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"o"
      "rg.apache.kafka.connect.data.Time\",\"version\":1},\"payload\":33630123}" },
    { "Value", false, "{\"target.type\": \"Time\", \"format\": \"yyyy-MM-dd'T'HH:mm:ss.SSSXXX\"}",
      "-",
      "{\"schema\": {\"type\": \"string\", \"optional\": true}, \"payload\": null}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int32\",\"optional\":true,\"name\":\"or"
      "g.apache.kafka.connect.data.Time\",\"version\":1},\"payload\":null}" },
    { "Value", false, "{\"target.type\": \"Time\", \"format\": \"yyyy-MM-dd'T'HH:mm:ss.SSSXXX\"}",
      "-",
      "{\"schema\": {\"type\": \"string\", \"optional\": false}, \"payload\": \"bad\"}",
      NULL,
      "APPLY: Could not parse timestamp: value (bad) does not match pattern (yyyy-MM-dd'T'HH:"
      "mm:ss.SSSXXX)" },
    { "Value", false, "{\"target.type\": \"Time\", \"format\": \"yyyy-MM-dd'T'HH:mm:ss.SSSXXX\"}",
      "-",
      "{\"schema\": null, \"payload\": null}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL NULL" },
    { "Value", false, "{\"target.type\": \"Timestamp\", \"format\": \"yyyy-MM-dd'T'HH:mm:ss.SSSXXX\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false, \"name\": \"org.apache.kafka.c"
      "onnect.data.Timestamp\", \"version\": 1}, \"payload\": 1700000000123}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false,\"name\":\"o"
      "rg.apache.kafka.connect.data.Timestamp\",\"version\":1},\"payload\":1700000000123}" },
    { "Value", false, "{\"target.type\": \"Timestamp\", \"format\": \"yyyy-MM-dd'T'HH:mm:ss.SSSXXX\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": true, \"name\": \"org.apache.kafka.co"
      "nnect.data.Timestamp\", \"version\": 1}, \"payload\": null}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":true,\"name\":\"or"
      "g.apache.kafka.connect.data.Timestamp\",\"version\":1},\"payload\":null}" },
    { "Value", false, "{\"target.type\": \"Timestamp\", \"format\": \"yyyy-MM-dd'T'HH:mm:ss.SSSXXX\"}",
      "-",
      "{\"schema\": {\"type\": \"int32\", \"optional\": false, \"name\": \"org.apache.kafka.c"
      "onnect.data.Date\", \"version\": 1}, \"payload\": 19675}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false,\"name\":\"o"
      "rg.apache.kafka.connect.data.Timestamp\",\"version\":1},\"payload\":1699920000000}" },
    { "Value", false, "{\"target.type\": \"Timestamp\", \"format\": \"yyyy-MM-dd'T'HH:mm:ss.SSSXXX\"}",
      "-",
      "{\"schema\": {\"type\": \"int32\", \"optional\": false, \"name\": \"org.apache.kafka.c"
      "onnect.data.Time\", \"version\": 1}, \"payload\": 3723004}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false,\"name\":\"o"
      "rg.apache.kafka.connect.data.Timestamp\",\"version\":1},\"payload\":3723004}" },
    { "Value", false, "{\"target.type\": \"Timestamp\", \"format\": \"yyyy-MM-dd'T'HH:mm:ss.SSSXXX\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false}, \"payload\": 1700000000123}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false,\"name\":\"o"
      "rg.apache.kafka.connect.data.Timestamp\",\"version\":1},\"payload\":1700000000123}" },
    { "Value", false, "{\"target.type\": \"Timestamp\", \"format\": \"yyyy-MM-dd'T'HH:mm:ss.SSSXXX\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false}, \"payload\": -1}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false,\"name\":\"o"
      "rg.apache.kafka.connect.data.Timestamp\",\"version\":1},\"payload\":-1}" },
    { "Value", false, "{\"target.type\": \"Timestamp\", \"format\": \"yyyy-MM-dd'T'HH:mm:ss.SSSXXX\"}",
      "-",
      "{\"schema\": {\"type\": \"string\", \"optional\": false}, \"payload\": \"2024-03-05T10"
      ":20:30.123+01:00\"}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false,\"name\":\"o"
      "rg.apache.kafka.connect.data.Timestamp\",\"version\":1},\"payload\":1709630430123}" },
    { "Value", false, "{\"target.type\": \"Timestamp\", \"format\": \"yyyy-MM-dd'T'HH:mm:ss.SSSXXX\"}",
      "-",
      "{\"schema\": {\"type\": \"string\", \"optional\": true}, \"payload\": null}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":true,\"name\":\"or"
      "g.apache.kafka.connect.data.Timestamp\",\"version\":1},\"payload\":null}" },
    { "Value", false, "{\"target.type\": \"Timestamp\", \"format\": \"yyyy-MM-dd'T'HH:mm:ss.SSSXXX\"}",
      "-",
      "{\"schema\": {\"type\": \"string\", \"optional\": false}, \"payload\": \"bad\"}",
      NULL,
      "APPLY: Could not parse timestamp: value (bad) does not match pattern (yyyy-MM-dd'T'HH:"
      "mm:ss.SSSXXX)" },
    { "Value", false, "{\"target.type\": \"Timestamp\", \"format\": \"yyyy-MM-dd'T'HH:mm:ss.SSSXXX\"}",
      "-",
      "{\"schema\": null, \"payload\": null}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL NULL" },
    { "Value", false, "{\"target.type\": \"unix\", \"unix.precision\": \"seconds\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false}, \"payload\": 1700000000123}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false},\"payload\""
      ":1700000000123}" },
    { "Value", false, "{\"target.type\": \"Timestamp\", \"unix.precision\": \"seconds\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false}, \"payload\": 1700000000123}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false,\"name\":\"o"
      "rg.apache.kafka.connect.data.Timestamp\",\"version\":1},\"payload\":1700000000123000}" },
    { "Value", false, "{\"target.type\": \"unix\", \"unix.precision\": \"seconds\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false}, \"payload\": -1500}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false},\"payload\""
      ":-1500}" },
    { "Value", false, "{\"target.type\": \"Timestamp\", \"unix.precision\": \"seconds\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false}, \"payload\": -1500}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false,\"name\":\"o"
      "rg.apache.kafka.connect.data.Timestamp\",\"version\":1},\"payload\":-1500000}" },
    { "Value", false, "{\"target.type\": \"unix\", \"unix.precision\": \"seconds\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false}, \"payload\": 9223372036854775"
      "807}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false},\"payload\""
      ":9223372036854775}" },
    { "Value", false, "{\"target.type\": \"Timestamp\", \"unix.precision\": \"seconds\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false}, \"payload\": 9223372036854775"
      "807}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false,\"name\":\"o"
      "rg.apache.kafka.connect.data.Timestamp\",\"version\":1},\"payload\":922337203685477580"
      "7}" },
    { "Value", false, "{\"target.type\": \"unix\", \"unix.precision\": \"seconds\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false, \"name\": \"org.apache.kafka.c"
      "onnect.data.Timestamp\", \"version\": 1}, \"payload\": -1500}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false},\"payload\""
      ":-1}" },
    { "Value", false, "{\"target.type\": \"Timestamp\", \"unix.precision\": \"seconds\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false, \"name\": \"org.apache.kafka.c"
      "onnect.data.Timestamp\", \"version\": 1}, \"payload\": -1500}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false,\"name\":\"o"
      "rg.apache.kafka.connect.data.Timestamp\",\"version\":1},\"payload\":-1500}" },
    { "Value", false, "{\"target.type\": \"unix\", \"unix.precision\": \"seconds\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false, \"name\": \"org.apache.kafka.c"
      "onnect.data.Timestamp\", \"version\": 1}, \"payload\": 9223372036854775}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false},\"payload\""
      ":9223372036854}" },
    { "Value", false, "{\"target.type\": \"Timestamp\", \"unix.precision\": \"seconds\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false, \"name\": \"org.apache.kafka.c"
      "onnect.data.Timestamp\", \"version\": 1}, \"payload\": 9223372036854775}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false,\"name\":\"o"
      "rg.apache.kafka.connect.data.Timestamp\",\"version\":1},\"payload\":9223372036854775}" },
    { "Value", false, "{\"target.type\": \"unix\", \"unix.precision\": \"microseconds\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false}, \"payload\": 1700000000123}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false},\"payload\""
      ":1700000000000}" },
    { "Value", false, "{\"target.type\": \"Timestamp\", \"unix.precision\": \"microseconds\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false}, \"payload\": 1700000000123}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false,\"name\":\"o"
      "rg.apache.kafka.connect.data.Timestamp\",\"version\":1},\"payload\":1700000000}" },
    { "Value", false, "{\"target.type\": \"unix\", \"unix.precision\": \"microseconds\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false}, \"payload\": -1500}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false},\"payload\""
      ":-1000}" },
    { "Value", false, "{\"target.type\": \"Timestamp\", \"unix.precision\": \"microseconds\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false}, \"payload\": -1500}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false,\"name\":\"o"
      "rg.apache.kafka.connect.data.Timestamp\",\"version\":1},\"payload\":-1}" },
    { "Value", false, "{\"target.type\": \"unix\", \"unix.precision\": \"microseconds\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false}, \"payload\": 9223372036854775"
      "807}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false},\"payload\""
      ":9223372036854775000}" },
    { "Value", false, "{\"target.type\": \"Timestamp\", \"unix.precision\": \"microseconds\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false}, \"payload\": 9223372036854775"
      "807}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false,\"name\":\"o"
      "rg.apache.kafka.connect.data.Timestamp\",\"version\":1},\"payload\":9223372036854775}" },
    { "Value", false, "{\"target.type\": \"unix\", \"unix.precision\": \"microseconds\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false, \"name\": \"org.apache.kafka.c"
      "onnect.data.Timestamp\", \"version\": 1}, \"payload\": -1500}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false},\"payload\""
      ":-1500000}" },
    { "Value", false, "{\"target.type\": \"Timestamp\", \"unix.precision\": \"microseconds\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false, \"name\": \"org.apache.kafka.c"
      "onnect.data.Timestamp\", \"version\": 1}, \"payload\": -1500}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false,\"name\":\"o"
      "rg.apache.kafka.connect.data.Timestamp\",\"version\":1},\"payload\":-1500}" },
    { "Value", false, "{\"target.type\": \"unix\", \"unix.precision\": \"microseconds\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false, \"name\": \"org.apache.kafka.c"
      "onnect.data.Timestamp\", \"version\": 1}, \"payload\": 9223372036854775}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false},\"payload\""
      ":9223372036854775000}" },
    { "Value", false, "{\"target.type\": \"Timestamp\", \"unix.precision\": \"microseconds\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false, \"name\": \"org.apache.kafka.c"
      "onnect.data.Timestamp\", \"version\": 1}, \"payload\": 9223372036854775}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false,\"name\":\"o"
      "rg.apache.kafka.connect.data.Timestamp\",\"version\":1},\"payload\":9223372036854775}" },
    { "Value", false, "{\"target.type\": \"unix\", \"unix.precision\": \"nanoseconds\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false}, \"payload\": 1700000000123}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false},\"payload\""
      ":1700000000000}" },
    { "Value", false, "{\"target.type\": \"Timestamp\", \"unix.precision\": \"nanoseconds\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false}, \"payload\": 1700000000123}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false,\"name\":\"o"
      "rg.apache.kafka.connect.data.Timestamp\",\"version\":1},\"payload\":1700000}" },
    { "Value", false, "{\"target.type\": \"unix\", \"unix.precision\": \"nanoseconds\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false}, \"payload\": -1500}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false},\"payload\""
      ":0}" },
    { "Value", false, "{\"target.type\": \"Timestamp\", \"unix.precision\": \"nanoseconds\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false}, \"payload\": -1500}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false,\"name\":\"o"
      "rg.apache.kafka.connect.data.Timestamp\",\"version\":1},\"payload\":0}" },
    { "Value", false, "{\"target.type\": \"unix\", \"unix.precision\": \"nanoseconds\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false}, \"payload\": 9223372036854775"
      "807}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false},\"payload\""
      ":9223372036854000000}" },
    { "Value", false, "{\"target.type\": \"Timestamp\", \"unix.precision\": \"nanoseconds\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false}, \"payload\": 9223372036854775"
      "807}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false,\"name\":\"o"
      "rg.apache.kafka.connect.data.Timestamp\",\"version\":1},\"payload\":9223372036854}" },
    { "Value", false, "{\"target.type\": \"unix\", \"unix.precision\": \"nanoseconds\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false, \"name\": \"org.apache.kafka.c"
      "onnect.data.Timestamp\", \"version\": 1}, \"payload\": -1500}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false},\"payload\""
      ":-1500000000}" },
    { "Value", false, "{\"target.type\": \"Timestamp\", \"unix.precision\": \"nanoseconds\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false, \"name\": \"org.apache.kafka.c"
      "onnect.data.Timestamp\", \"version\": 1}, \"payload\": -1500}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false,\"name\":\"o"
      "rg.apache.kafka.connect.data.Timestamp\",\"version\":1},\"payload\":-1500}" },
    { "Value", false, "{\"target.type\": \"unix\", \"unix.precision\": \"nanoseconds\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false, \"name\": \"org.apache.kafka.c"
      "onnect.data.Timestamp\", \"version\": 1}, \"payload\": 9223372036854775}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false},\"payload\""
      ":9223372036854775807}" },
    { "Value", false, "{\"target.type\": \"Timestamp\", \"unix.precision\": \"nanoseconds\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false, \"name\": \"org.apache.kafka.c"
      "onnect.data.Timestamp\", \"version\": 1}, \"payload\": 9223372036854775}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false,\"name\":\"o"
      "rg.apache.kafka.connect.data.Timestamp\",\"version\":1},\"payload\":9223372036854775}" },
    { "Value", false, "{\"target.type\": \"unix\", \"unix.precision\": \"milliseconds\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false}, \"payload\": 1700000000123}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false},\"payload\""
      ":1700000000123}" },
    { "Value", false, "{\"target.type\": \"Timestamp\", \"unix.precision\": \"milliseconds\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false}, \"payload\": 1700000000123}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false,\"name\":\"o"
      "rg.apache.kafka.connect.data.Timestamp\",\"version\":1},\"payload\":1700000000123}" },
    { "Value", false, "{\"target.type\": \"unix\", \"unix.precision\": \"milliseconds\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false}, \"payload\": -1500}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false},\"payload\""
      ":-1500}" },
    { "Value", false, "{\"target.type\": \"Timestamp\", \"unix.precision\": \"milliseconds\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false}, \"payload\": -1500}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false,\"name\":\"o"
      "rg.apache.kafka.connect.data.Timestamp\",\"version\":1},\"payload\":-1500}" },
    { "Value", false, "{\"target.type\": \"unix\", \"unix.precision\": \"milliseconds\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false}, \"payload\": 9223372036854775"
      "807}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false},\"payload\""
      ":9223372036854775807}" },
    { "Value", false, "{\"target.type\": \"Timestamp\", \"unix.precision\": \"milliseconds\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false}, \"payload\": 9223372036854775"
      "807}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false,\"name\":\"o"
      "rg.apache.kafka.connect.data.Timestamp\",\"version\":1},\"payload\":922337203685477580"
      "7}" },
    { "Value", false, "{\"target.type\": \"unix\", \"unix.precision\": \"milliseconds\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false, \"name\": \"org.apache.kafka.c"
      "onnect.data.Timestamp\", \"version\": 1}, \"payload\": -1500}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false},\"payload\""
      ":-1500}" },
    { "Value", false, "{\"target.type\": \"Timestamp\", \"unix.precision\": \"milliseconds\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false, \"name\": \"org.apache.kafka.c"
      "onnect.data.Timestamp\", \"version\": 1}, \"payload\": -1500}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false,\"name\":\"o"
      "rg.apache.kafka.connect.data.Timestamp\",\"version\":1},\"payload\":-1500}" },
    { "Value", false, "{\"target.type\": \"unix\", \"unix.precision\": \"milliseconds\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false, \"name\": \"org.apache.kafka.c"
      "onnect.data.Timestamp\", \"version\": 1}, \"payload\": 9223372036854775}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false},\"payload\""
      ":9223372036854775}" },
    { "Value", false, "{\"target.type\": \"Timestamp\", \"unix.precision\": \"milliseconds\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false, \"name\": \"org.apache.kafka.c"
      "onnect.data.Timestamp\", \"version\": 1}, \"payload\": 9223372036854775}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false,\"name\":\"o"
      "rg.apache.kafka.connect.data.Timestamp\",\"version\":1},\"payload\":9223372036854775}" },
    { "Value", false, "{\"target.type\": \"Date\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false}, \"payload\": -1}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"o"
      "rg.apache.kafka.connect.data.Date\",\"version\":1},\"payload\":-1}" },
    { "Value", false, "{\"target.type\": \"Time\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false}, \"payload\": -1}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"o"
      "rg.apache.kafka.connect.data.Time\",\"version\":1},\"payload\":86399999}" },
    { "Value", false, "{\"target.type\": \"string\", \"format\": \"G yyyy-MM-dd HH:mm:ss.SSS EEE D\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false}, \"payload\": -1}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"string\",\"optional\":false},\"payload"
      "\":\"AD 1969-12-31 23:59:59.999 Wed 365\"}" },
    { "Value", false, "{\"target.type\": \"Date\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false}, \"payload\": -86400001}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"o"
      "rg.apache.kafka.connect.data.Date\",\"version\":1},\"payload\":-2}" },
    { "Value", false, "{\"target.type\": \"Time\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false}, \"payload\": -86400001}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"o"
      "rg.apache.kafka.connect.data.Time\",\"version\":1},\"payload\":86399999}" },
    { "Value", false, "{\"target.type\": \"string\", \"format\": \"G yyyy-MM-dd HH:mm:ss.SSS EEE D\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false}, \"payload\": -86400001}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"string\",\"optional\":false},\"payload"
      "\":\"AD 1969-12-30 23:59:59.999 Tue 364\"}" },
    { "Value", false, "{\"target.type\": \"Date\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false, \"name\": \"org.apache.kafka.c"
      "onnect.data.Timestamp\", \"version\": 1}, \"payload\": -62135596800001}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"o"
      "rg.apache.kafka.connect.data.Date\",\"version\":1},\"payload\":-719163}" },
    { "Value", false, "{\"target.type\": \"Time\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false, \"name\": \"org.apache.kafka.c"
      "onnect.data.Timestamp\", \"version\": 1}, \"payload\": -62135596800001}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"o"
      "rg.apache.kafka.connect.data.Time\",\"version\":1},\"payload\":86399999}" },
    { "Value", false, "{\"target.type\": \"string\", \"format\": \"G yyyy-MM-dd HH:mm:ss.SSS EEE D\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false, \"name\": \"org.apache.kafka.c"
      "onnect.data.Timestamp\", \"version\": 1}, \"payload\": -62135596800001}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"string\",\"optional\":false},\"payload"
      "\":\"AD 0001-01-02 23:59:59.999 Sun 2\"}" },
    { "Value", false, "{\"target.type\": \"string\", \"field\": \"ts\", \"format\": \"yyyy-MM-dd\", \"replace"
        ".null.with.default\": \"true\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"string\", \"optional\": "
      "false, \"field\": \"a\"}, {\"type\": \"int64\", \"optional\": true, \"name\": \"org.ap"
      "ache.kafka.connect.data.Timestamp\", \"version\": 1, \"field\": \"ts\"}, {\"type\": \""
      "int64\", \"optional\": true, \"default\": 86400000, \"field\": \"u\"}, {\"type\": \"st"
      "ring\", \"optional\": true, \"default\": \"2020-01-02\", \"field\": \"s\"}], \"optiona"
      "l\": true, \"name\": \"S\", \"version\": 3, \"doc\": \"dd\", \"parameters\": {\"p\": "
      "\"q\"}}, \"payload\": {\"a\": \"x\", \"ts\": null, \"u\": 5, \"s\": \"1999-12-31\"}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"string"
      "\",\"optional\":false,\"field\":\"a\"},{\"type\":\"string\",\"optional\":true,\"field"
      "\":\"ts\"},{\"type\":\"int64\",\"optional\":true,\"default\":86400000,\"field\":\"u\"}"
      ",{\"type\":\"string\",\"optional\":true,\"default\":\"2020-01-02\",\"field\":\"s\"}],"
      "\"optional\":true,\"name\":\"S\",\"version\":3,\"doc\":\"dd\",\"parameters\":{\"p\":\""
      "q\"}},\"payload\":{\"a\":\"x\",\"ts\":null,\"u\":5,\"s\":\"1999-12-31\"}}" },
    { "Value", false, "{\"target.type\": \"unix\", \"field\": \"ts\", \"format\": \"yyyy-MM-dd\", \"replace.n"
        "ull.with.default\": \"false\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"string\", \"optional\": "
      "false, \"field\": \"a\"}, {\"type\": \"int64\", \"optional\": true, \"name\": \"org.ap"
      "ache.kafka.connect.data.Timestamp\", \"version\": 1, \"field\": \"ts\"}, {\"type\": \""
      "int64\", \"optional\": true, \"default\": 86400000, \"field\": \"u\"}, {\"type\": \"st"
      "ring\", \"optional\": true, \"default\": \"2020-01-02\", \"field\": \"s\"}], \"optiona"
      "l\": true, \"name\": \"S\", \"version\": 3, \"doc\": \"dd\", \"parameters\": {\"p\": "
      "\"q\"}}, \"payload\": {\"a\": \"x\", \"ts\": 1700000000123, \"u\": null, \"s\": null}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"string"
      "\",\"optional\":false,\"field\":\"a\"},{\"type\":\"int64\",\"optional\":true,\"field\""
      ":\"ts\"},{\"type\":\"int64\",\"optional\":true,\"default\":86400000,\"field\":\"u\"},{"
      "\"type\":\"string\",\"optional\":true,\"default\":\"2020-01-02\",\"field\":\"s\"}],\"o"
      "ptional\":true,\"name\":\"S\",\"version\":3,\"doc\":\"dd\",\"parameters\":{\"p\":\"q\""
      "}},\"payload\":{\"a\":\"x\",\"ts\":1700000000123,\"u\":null,\"s\":null}}" },
    { "Value", false, "{\"target.type\": \"Date\", \"field\": \"ts\", \"format\": \"yyyy-MM-dd\", \"replace.n"
        "ull.with.default\": \"true\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"string\", \"optional\": "
      "false, \"field\": \"a\"}, {\"type\": \"int64\", \"optional\": true, \"name\": \"org.ap"
      "ache.kafka.connect.data.Timestamp\", \"version\": 1, \"field\": \"ts\"}, {\"type\": \""
      "int64\", \"optional\": true, \"default\": 86400000, \"field\": \"u\"}, {\"type\": \"st"
      "ring\", \"optional\": true, \"default\": \"2020-01-02\", \"field\": \"s\"}], \"optiona"
      "l\": true, \"name\": \"S\", \"version\": 3, \"doc\": \"dd\", \"parameters\": {\"p\": "
      "\"q\"}}, \"payload\": {\"a\": \"x\", \"ts\": 1700000000123, \"u\": null, \"s\": null}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"string"
      "\",\"optional\":false,\"field\":\"a\"},{\"type\":\"int32\",\"optional\":true,\"name\":"
      "\"org.apache.kafka.connect.data.Date\",\"version\":1,\"field\":\"ts\"},{\"type\":\"int"
      "64\",\"optional\":true,\"default\":86400000,\"field\":\"u\"},{\"type\":\"string\",\"op"
      "tional\":true,\"default\":\"2020-01-02\",\"field\":\"s\"}],\"optional\":true,\"name\":"
      "\"S\",\"version\":3,\"doc\":\"dd\",\"parameters\":{\"p\":\"q\"}},\"payload\":{\"a\":\""
      "x\",\"ts\":19675,\"u\":86400000,\"s\":\"2020-01-02\"}}" },
    { "Value", false, "{\"target.type\": \"Date\", \"field\": \"ts\", \"format\": \"yyyy-MM-dd\", \"replace.n"
        "ull.with.default\": \"false\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"string\", \"optional\": "
      "false, \"field\": \"a\"}, {\"type\": \"int64\", \"optional\": true, \"name\": \"org.ap"
      "ache.kafka.connect.data.Timestamp\", \"version\": 1, \"field\": \"ts\"}, {\"type\": \""
      "int64\", \"optional\": true, \"default\": 86400000, \"field\": \"u\"}, {\"type\": \"st"
      "ring\", \"optional\": true, \"default\": \"2020-01-02\", \"field\": \"s\"}], \"optiona"
      "l\": true, \"name\": \"S\", \"version\": 3, \"doc\": \"dd\", \"parameters\": {\"p\": "
      "\"q\"}}, \"payload\": {\"a\": \"x\", \"ts\": null, \"u\": 5, \"s\": \"1999-12-31\"}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"string"
      "\",\"optional\":false,\"field\":\"a\"},{\"type\":\"int32\",\"optional\":true,\"name\":"
      "\"org.apache.kafka.connect.data.Date\",\"version\":1,\"field\":\"ts\"},{\"type\":\"int"
      "64\",\"optional\":true,\"default\":86400000,\"field\":\"u\"},{\"type\":\"string\",\"op"
      "tional\":true,\"default\":\"2020-01-02\",\"field\":\"s\"}],\"optional\":true,\"name\":"
      "\"S\",\"version\":3,\"doc\":\"dd\",\"parameters\":{\"p\":\"q\"}},\"payload\":{\"a\":\""
      "x\",\"ts\":null,\"u\":5,\"s\":\"1999-12-31\"}}" },
    { "Value", false, "{\"target.type\": \"Time\", \"field\": \"ts\", \"format\": \"yyyy-MM-dd\", \"replace.n"
        "ull.with.default\": \"true\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"string\", \"optional\": "
      "false, \"field\": \"a\"}, {\"type\": \"int64\", \"optional\": true, \"name\": \"org.ap"
      "ache.kafka.connect.data.Timestamp\", \"version\": 1, \"field\": \"ts\"}, {\"type\": \""
      "int64\", \"optional\": true, \"default\": 86400000, \"field\": \"u\"}, {\"type\": \"st"
      "ring\", \"optional\": true, \"default\": \"2020-01-02\", \"field\": \"s\"}], \"optiona"
      "l\": true, \"name\": \"S\", \"version\": 3, \"doc\": \"dd\", \"parameters\": {\"p\": "
      "\"q\"}}, \"payload\": {\"a\": \"x\", \"ts\": null, \"u\": 5, \"s\": \"1999-12-31\"}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"string"
      "\",\"optional\":false,\"field\":\"a\"},{\"type\":\"int32\",\"optional\":true,\"name\":"
      "\"org.apache.kafka.connect.data.Time\",\"version\":1,\"field\":\"ts\"},{\"type\":\"int"
      "64\",\"optional\":true,\"default\":86400000,\"field\":\"u\"},{\"type\":\"string\",\"op"
      "tional\":true,\"default\":\"2020-01-02\",\"field\":\"s\"}],\"optional\":true,\"name\":"
      "\"S\",\"version\":3,\"doc\":\"dd\",\"parameters\":{\"p\":\"q\"}},\"payload\":{\"a\":\""
      "x\",\"ts\":null,\"u\":5,\"s\":\"1999-12-31\"}}" },
    { "Value", false, "{\"target.type\": \"Timestamp\", \"field\": \"ts\", \"format\": \"yyyy-MM-dd\", \"repl"
        "ace.null.with.default\": \"false\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"string\", \"optional\": "
      "false, \"field\": \"a\"}, {\"type\": \"int64\", \"optional\": true, \"name\": \"org.ap"
      "ache.kafka.connect.data.Timestamp\", \"version\": 1, \"field\": \"ts\"}, {\"type\": \""
      "int64\", \"optional\": true, \"default\": 86400000, \"field\": \"u\"}, {\"type\": \"st"
      "ring\", \"optional\": true, \"default\": \"2020-01-02\", \"field\": \"s\"}], \"optiona"
      "l\": true, \"name\": \"S\", \"version\": 3, \"doc\": \"dd\", \"parameters\": {\"p\": "
      "\"q\"}}, \"payload\": {\"a\": \"x\", \"ts\": 1700000000123, \"u\": null, \"s\": null}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"string"
      "\",\"optional\":false,\"field\":\"a\"},{\"type\":\"int64\",\"optional\":true,\"name\":"
      "\"org.apache.kafka.connect.data.Timestamp\",\"version\":1,\"field\":\"ts\"},{\"type\":"
      "\"int64\",\"optional\":true,\"default\":86400000,\"field\":\"u\"},{\"type\":\"string\""
      ",\"optional\":true,\"default\":\"2020-01-02\",\"field\":\"s\"}],\"optional\":true,\"na"
      "me\":\"S\",\"version\":3,\"doc\":\"dd\",\"parameters\":{\"p\":\"q\"}},\"payload\":{\"a"
      "\":\"x\",\"ts\":1700000000123,\"u\":null,\"s\":null}}" },
    { "Value", false, "{\"target.type\": \"string\", \"field\": \"u\", \"format\": \"yyyy-MM-dd\", \"replace."
        "null.with.default\": \"true\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"string\", \"optional\": "
      "false, \"field\": \"a\"}, {\"type\": \"int64\", \"optional\": true, \"name\": \"org.ap"
      "ache.kafka.connect.data.Timestamp\", \"version\": 1, \"field\": \"ts\"}, {\"type\": \""
      "int64\", \"optional\": true, \"default\": 86400000, \"field\": \"u\"}, {\"type\": \"st"
      "ring\", \"optional\": true, \"default\": \"2020-01-02\", \"field\": \"s\"}], \"optiona"
      "l\": true, \"name\": \"S\", \"version\": 3, \"doc\": \"dd\", \"parameters\": {\"p\": "
      "\"q\"}}, \"payload\": {\"a\": \"x\", \"ts\": 1700000000123, \"u\": null, \"s\": null}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"string"
      "\",\"optional\":false,\"field\":\"a\"},{\"type\":\"int64\",\"optional\":true,\"name\":"
      "\"org.apache.kafka.connect.data.Timestamp\",\"version\":1,\"field\":\"ts\"},{\"type\":"
      "\"string\",\"optional\":true,\"field\":\"u\"},{\"type\":\"string\",\"optional\":true,"
      "\"default\":\"2020-01-02\",\"field\":\"s\"}],\"optional\":true,\"name\":\"S\",\"versio"
      "n\":3,\"doc\":\"dd\",\"parameters\":{\"p\":\"q\"}},\"payload\":{\"a\":\"x\",\"ts\":170"
      "0000000123,\"u\":\"1970-01-02\",\"s\":\"2020-01-02\"}}" },
    { "Value", false, "{\"target.type\": \"string\", \"field\": \"u\", \"format\": \"yyyy-MM-dd\", \"replace."
        "null.with.default\": \"false\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"string\", \"optional\": "
      "false, \"field\": \"a\"}, {\"type\": \"int64\", \"optional\": true, \"name\": \"org.ap"
      "ache.kafka.connect.data.Timestamp\", \"version\": 1, \"field\": \"ts\"}, {\"type\": \""
      "int64\", \"optional\": true, \"default\": 86400000, \"field\": \"u\"}, {\"type\": \"st"
      "ring\", \"optional\": true, \"default\": \"2020-01-02\", \"field\": \"s\"}], \"optiona"
      "l\": true, \"name\": \"S\", \"version\": 3, \"doc\": \"dd\", \"parameters\": {\"p\": "
      "\"q\"}}, \"payload\": {\"a\": \"x\", \"ts\": null, \"u\": 5, \"s\": \"1999-12-31\"}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"string"
      "\",\"optional\":false,\"field\":\"a\"},{\"type\":\"int64\",\"optional\":true,\"name\":"
      "\"org.apache.kafka.connect.data.Timestamp\",\"version\":1,\"field\":\"ts\"},{\"type\":"
      "\"string\",\"optional\":true,\"field\":\"u\"},{\"type\":\"string\",\"optional\":true,"
      "\"default\":\"2020-01-02\",\"field\":\"s\"}],\"optional\":true,\"name\":\"S\",\"versio"
      "n\":3,\"doc\":\"dd\",\"parameters\":{\"p\":\"q\"}},\"payload\":{\"a\":\"x\",\"ts\":nul"
      "l,\"u\":\"1970-01-01\",\"s\":\"1999-12-31\"}}" },
    { "Value", false, "{\"target.type\": \"unix\", \"field\": \"u\", \"format\": \"yyyy-MM-dd\", \"replace.nu"
        "ll.with.default\": \"true\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"string\", \"optional\": "
      "false, \"field\": \"a\"}, {\"type\": \"int64\", \"optional\": true, \"name\": \"org.ap"
      "ache.kafka.connect.data.Timestamp\", \"version\": 1, \"field\": \"ts\"}, {\"type\": \""
      "int64\", \"optional\": true, \"default\": 86400000, \"field\": \"u\"}, {\"type\": \"st"
      "ring\", \"optional\": true, \"default\": \"2020-01-02\", \"field\": \"s\"}], \"optiona"
      "l\": true, \"name\": \"S\", \"version\": 3, \"doc\": \"dd\", \"parameters\": {\"p\": "
      "\"q\"}}, \"payload\": {\"a\": \"x\", \"ts\": null, \"u\": 5, \"s\": \"1999-12-31\"}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"string"
      "\",\"optional\":false,\"field\":\"a\"},{\"type\":\"int64\",\"optional\":true,\"name\":"
      "\"org.apache.kafka.connect.data.Timestamp\",\"version\":1,\"field\":\"ts\"},{\"type\":"
      "\"int64\",\"optional\":true,\"field\":\"u\"},{\"type\":\"string\",\"optional\":true,\""
      "default\":\"2020-01-02\",\"field\":\"s\"}],\"optional\":true,\"name\":\"S\",\"version"
      "\":3,\"doc\":\"dd\",\"parameters\":{\"p\":\"q\"}},\"payload\":{\"a\":\"x\",\"ts\":null"
      ",\"u\":5,\"s\":\"1999-12-31\"}}" },
    { "Value", false, "{\"target.type\": \"Date\", \"field\": \"u\", \"format\": \"yyyy-MM-dd\", \"replace.nu"
        "ll.with.default\": \"false\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"string\", \"optional\": "
      "false, \"field\": \"a\"}, {\"type\": \"int64\", \"optional\": true, \"name\": \"org.ap"
      "ache.kafka.connect.data.Timestamp\", \"version\": 1, \"field\": \"ts\"}, {\"type\": \""
      "int64\", \"optional\": true, \"default\": 86400000, \"field\": \"u\"}, {\"type\": \"st"
      "ring\", \"optional\": true, \"default\": \"2020-01-02\", \"field\": \"s\"}], \"optiona"
      "l\": true, \"name\": \"S\", \"version\": 3, \"doc\": \"dd\", \"parameters\": {\"p\": "
      "\"q\"}}, \"payload\": {\"a\": \"x\", \"ts\": 1700000000123, \"u\": null, \"s\": null}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"string"
      "\",\"optional\":false,\"field\":\"a\"},{\"type\":\"int64\",\"optional\":true,\"name\":"
      "\"org.apache.kafka.connect.data.Timestamp\",\"version\":1,\"field\":\"ts\"},{\"type\":"
      "\"int32\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Date\",\"version"
      "\":1,\"field\":\"u\"},{\"type\":\"string\",\"optional\":true,\"default\":\"2020-01-02"
      "\",\"field\":\"s\"}],\"optional\":true,\"name\":\"S\",\"version\":3,\"doc\":\"dd\",\"p"
      "arameters\":{\"p\":\"q\"}},\"payload\":{\"a\":\"x\",\"ts\":1700000000123,\"u\":null,\""
      "s\":null}}" },
    { "Value", false, "{\"target.type\": \"Time\", \"field\": \"u\", \"format\": \"yyyy-MM-dd\", \"replace.nu"
        "ll.with.default\": \"true\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"string\", \"optional\": "
      "false, \"field\": \"a\"}, {\"type\": \"int64\", \"optional\": true, \"name\": \"org.ap"
      "ache.kafka.connect.data.Timestamp\", \"version\": 1, \"field\": \"ts\"}, {\"type\": \""
      "int64\", \"optional\": true, \"default\": 86400000, \"field\": \"u\"}, {\"type\": \"st"
      "ring\", \"optional\": true, \"default\": \"2020-01-02\", \"field\": \"s\"}], \"optiona"
      "l\": true, \"name\": \"S\", \"version\": 3, \"doc\": \"dd\", \"parameters\": {\"p\": "
      "\"q\"}}, \"payload\": {\"a\": \"x\", \"ts\": 1700000000123, \"u\": null, \"s\": null}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"string"
      "\",\"optional\":false,\"field\":\"a\"},{\"type\":\"int64\",\"optional\":true,\"name\":"
      "\"org.apache.kafka.connect.data.Timestamp\",\"version\":1,\"field\":\"ts\"},{\"type\":"
      "\"int32\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Time\",\"version"
      "\":1,\"field\":\"u\"},{\"type\":\"string\",\"optional\":true,\"default\":\"2020-01-02"
      "\",\"field\":\"s\"}],\"optional\":true,\"name\":\"S\",\"version\":3,\"doc\":\"dd\",\"p"
      "arameters\":{\"p\":\"q\"}},\"payload\":{\"a\":\"x\",\"ts\":1700000000123,\"u\":0,\"s\""
      ":\"2020-01-02\"}}" },
    { "Value", false, "{\"target.type\": \"Time\", \"field\": \"u\", \"format\": \"yyyy-MM-dd\", \"replace.nu"
        "ll.with.default\": \"false\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"string\", \"optional\": "
      "false, \"field\": \"a\"}, {\"type\": \"int64\", \"optional\": true, \"name\": \"org.ap"
      "ache.kafka.connect.data.Timestamp\", \"version\": 1, \"field\": \"ts\"}, {\"type\": \""
      "int64\", \"optional\": true, \"default\": 86400000, \"field\": \"u\"}, {\"type\": \"st"
      "ring\", \"optional\": true, \"default\": \"2020-01-02\", \"field\": \"s\"}], \"optiona"
      "l\": true, \"name\": \"S\", \"version\": 3, \"doc\": \"dd\", \"parameters\": {\"p\": "
      "\"q\"}}, \"payload\": {\"a\": \"x\", \"ts\": null, \"u\": 5, \"s\": \"1999-12-31\"}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"string"
      "\",\"optional\":false,\"field\":\"a\"},{\"type\":\"int64\",\"optional\":true,\"name\":"
      "\"org.apache.kafka.connect.data.Timestamp\",\"version\":1,\"field\":\"ts\"},{\"type\":"
      "\"int32\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Time\",\"version"
      "\":1,\"field\":\"u\"},{\"type\":\"string\",\"optional\":true,\"default\":\"2020-01-02"
      "\",\"field\":\"s\"}],\"optional\":true,\"name\":\"S\",\"version\":3,\"doc\":\"dd\",\"p"
      "arameters\":{\"p\":\"q\"}},\"payload\":{\"a\":\"x\",\"ts\":null,\"u\":5,\"s\":\"1999-1"
      "2-31\"}}" },
    { "Value", false, "{\"target.type\": \"Timestamp\", \"field\": \"u\", \"format\": \"yyyy-MM-dd\", \"repla"
        "ce.null.with.default\": \"true\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"string\", \"optional\": "
      "false, \"field\": \"a\"}, {\"type\": \"int64\", \"optional\": true, \"name\": \"org.ap"
      "ache.kafka.connect.data.Timestamp\", \"version\": 1, \"field\": \"ts\"}, {\"type\": \""
      "int64\", \"optional\": true, \"default\": 86400000, \"field\": \"u\"}, {\"type\": \"st"
      "ring\", \"optional\": true, \"default\": \"2020-01-02\", \"field\": \"s\"}], \"optiona"
      "l\": true, \"name\": \"S\", \"version\": 3, \"doc\": \"dd\", \"parameters\": {\"p\": "
      "\"q\"}}, \"payload\": {\"a\": \"x\", \"ts\": null, \"u\": 5, \"s\": \"1999-12-31\"}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"string"
      "\",\"optional\":false,\"field\":\"a\"},{\"type\":\"int64\",\"optional\":true,\"name\":"
      "\"org.apache.kafka.connect.data.Timestamp\",\"version\":1,\"field\":\"ts\"},{\"type\":"
      "\"int64\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Timestamp\",\"ver"
      "sion\":1,\"field\":\"u\"},{\"type\":\"string\",\"optional\":true,\"default\":\"2020-01"
      "-02\",\"field\":\"s\"}],\"optional\":true,\"name\":\"S\",\"version\":3,\"doc\":\"dd\","
      "\"parameters\":{\"p\":\"q\"}},\"payload\":{\"a\":\"x\",\"ts\":null,\"u\":5,\"s\":\"199"
      "9-12-31\"}}" },
    { "Value", false, "{\"target.type\": \"string\", \"field\": \"s\", \"format\": \"yyyy-MM-dd\", \"replace."
        "null.with.default\": \"false\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"string\", \"optional\": "
      "false, \"field\": \"a\"}, {\"type\": \"int64\", \"optional\": true, \"name\": \"org.ap"
      "ache.kafka.connect.data.Timestamp\", \"version\": 1, \"field\": \"ts\"}, {\"type\": \""
      "int64\", \"optional\": true, \"default\": 86400000, \"field\": \"u\"}, {\"type\": \"st"
      "ring\", \"optional\": true, \"default\": \"2020-01-02\", \"field\": \"s\"}], \"optiona"
      "l\": true, \"name\": \"S\", \"version\": 3, \"doc\": \"dd\", \"parameters\": {\"p\": "
      "\"q\"}}, \"payload\": {\"a\": \"x\", \"ts\": 1700000000123, \"u\": null, \"s\": null}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"string"
      "\",\"optional\":false,\"field\":\"a\"},{\"type\":\"int64\",\"optional\":true,\"name\":"
      "\"org.apache.kafka.connect.data.Timestamp\",\"version\":1,\"field\":\"ts\"},{\"type\":"
      "\"int64\",\"optional\":true,\"default\":86400000,\"field\":\"u\"},{\"type\":\"string\""
      ",\"optional\":true,\"field\":\"s\"}],\"optional\":true,\"name\":\"S\",\"version\":3,\""
      "doc\":\"dd\",\"parameters\":{\"p\":\"q\"}},\"payload\":{\"a\":\"x\",\"ts\":17000000001"
      "23,\"u\":null,\"s\":null}}" },
    { "Value", false, "{\"target.type\": \"unix\", \"field\": \"s\", \"format\": \"yyyy-MM-dd\", \"replace.nu"
        "ll.with.default\": \"true\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"string\", \"optional\": "
      "false, \"field\": \"a\"}, {\"type\": \"int64\", \"optional\": true, \"name\": \"org.ap"
      "ache.kafka.connect.data.Timestamp\", \"version\": 1, \"field\": \"ts\"}, {\"type\": \""
      "int64\", \"optional\": true, \"default\": 86400000, \"field\": \"u\"}, {\"type\": \"st"
      "ring\", \"optional\": true, \"default\": \"2020-01-02\", \"field\": \"s\"}], \"optiona"
      "l\": true, \"name\": \"S\", \"version\": 3, \"doc\": \"dd\", \"parameters\": {\"p\": "
      "\"q\"}}, \"payload\": {\"a\": \"x\", \"ts\": 1700000000123, \"u\": null, \"s\": null}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"string"
      "\",\"optional\":false,\"field\":\"a\"},{\"type\":\"int64\",\"optional\":true,\"name\":"
      "\"org.apache.kafka.connect.data.Timestamp\",\"version\":1,\"field\":\"ts\"},{\"type\":"
      "\"int64\",\"optional\":true,\"default\":86400000,\"field\":\"u\"},{\"type\":\"int64\","
      "\"optional\":true,\"field\":\"s\"}],\"optional\":true,\"name\":\"S\",\"version\":3,\"d"
      "oc\":\"dd\",\"parameters\":{\"p\":\"q\"}},\"payload\":{\"a\":\"x\",\"ts\":170000000012"
      "3,\"u\":86400000,\"s\":1577923200000}}" },
    { "Value", false, "{\"target.type\": \"unix\", \"field\": \"s\", \"format\": \"yyyy-MM-dd\", \"replace.nu"
        "ll.with.default\": \"false\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"string\", \"optional\": "
      "false, \"field\": \"a\"}, {\"type\": \"int64\", \"optional\": true, \"name\": \"org.ap"
      "ache.kafka.connect.data.Timestamp\", \"version\": 1, \"field\": \"ts\"}, {\"type\": \""
      "int64\", \"optional\": true, \"default\": 86400000, \"field\": \"u\"}, {\"type\": \"st"
      "ring\", \"optional\": true, \"default\": \"2020-01-02\", \"field\": \"s\"}], \"optiona"
      "l\": true, \"name\": \"S\", \"version\": 3, \"doc\": \"dd\", \"parameters\": {\"p\": "
      "\"q\"}}, \"payload\": {\"a\": \"x\", \"ts\": null, \"u\": 5, \"s\": \"1999-12-31\"}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"string"
      "\",\"optional\":false,\"field\":\"a\"},{\"type\":\"int64\",\"optional\":true,\"name\":"
      "\"org.apache.kafka.connect.data.Timestamp\",\"version\":1,\"field\":\"ts\"},{\"type\":"
      "\"int64\",\"optional\":true,\"default\":86400000,\"field\":\"u\"},{\"type\":\"int64\","
      "\"optional\":true,\"field\":\"s\"}],\"optional\":true,\"name\":\"S\",\"version\":3,\"d"
      "oc\":\"dd\",\"parameters\":{\"p\":\"q\"}},\"payload\":{\"a\":\"x\",\"ts\":null,\"u\":5"
      ",\"s\":946598400000}}" },
    { "Value", false, "{\"target.type\": \"Date\", \"field\": \"s\", \"format\": \"yyyy-MM-dd\", \"replace.nu"
        "ll.with.default\": \"true\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"string\", \"optional\": "
      "false, \"field\": \"a\"}, {\"type\": \"int64\", \"optional\": true, \"name\": \"org.ap"
      "ache.kafka.connect.data.Timestamp\", \"version\": 1, \"field\": \"ts\"}, {\"type\": \""
      "int64\", \"optional\": true, \"default\": 86400000, \"field\": \"u\"}, {\"type\": \"st"
      "ring\", \"optional\": true, \"default\": \"2020-01-02\", \"field\": \"s\"}], \"optiona"
      "l\": true, \"name\": \"S\", \"version\": 3, \"doc\": \"dd\", \"parameters\": {\"p\": "
      "\"q\"}}, \"payload\": {\"a\": \"x\", \"ts\": null, \"u\": 5, \"s\": \"1999-12-31\"}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"string"
      "\",\"optional\":false,\"field\":\"a\"},{\"type\":\"int64\",\"optional\":true,\"name\":"
      "\"org.apache.kafka.connect.data.Timestamp\",\"version\":1,\"field\":\"ts\"},{\"type\":"
      "\"int64\",\"optional\":true,\"default\":86400000,\"field\":\"u\"},{\"type\":\"int32\","
      "\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Date\",\"version\":1,\"fiel"
      "d\":\"s\"}],\"optional\":true,\"name\":\"S\",\"version\":3,\"doc\":\"dd\",\"parameters"
      "\":{\"p\":\"q\"}},\"payload\":{\"a\":\"x\",\"ts\":null,\"u\":5,\"s\":10956}}" },
    { "Value", false, "{\"target.type\": \"Time\", \"field\": \"s\", \"format\": \"yyyy-MM-dd\", \"replace.nu"
        "ll.with.default\": \"false\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"string\", \"optional\": "
      "false, \"field\": \"a\"}, {\"type\": \"int64\", \"optional\": true, \"name\": \"org.ap"
      "ache.kafka.connect.data.Timestamp\", \"version\": 1, \"field\": \"ts\"}, {\"type\": \""
      "int64\", \"optional\": true, \"default\": 86400000, \"field\": \"u\"}, {\"type\": \"st"
      "ring\", \"optional\": true, \"default\": \"2020-01-02\", \"field\": \"s\"}], \"optiona"
      "l\": true, \"name\": \"S\", \"version\": 3, \"doc\": \"dd\", \"parameters\": {\"p\": "
      "\"q\"}}, \"payload\": {\"a\": \"x\", \"ts\": 1700000000123, \"u\": null, \"s\": null}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"string"
      "\",\"optional\":false,\"field\":\"a\"},{\"type\":\"int64\",\"optional\":true,\"name\":"
      "\"org.apache.kafka.connect.data.Timestamp\",\"version\":1,\"field\":\"ts\"},{\"type\":"
      "\"int64\",\"optional\":true,\"default\":86400000,\"field\":\"u\"},{\"type\":\"int32\","
      "\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Time\",\"version\":1,\"fiel"
      "d\":\"s\"}],\"optional\":true,\"name\":\"S\",\"version\":3,\"doc\":\"dd\",\"parameters"
      "\":{\"p\":\"q\"}},\"payload\":{\"a\":\"x\",\"ts\":1700000000123,\"u\":null,\"s\":null}"
      "}" },
    { "Value", false, "{\"target.type\": \"Timestamp\", \"field\": \"s\", \"format\": \"yyyy-MM-dd\", \"repla"
        "ce.null.with.default\": \"true\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"string\", \"optional\": "
      "false, \"field\": \"a\"}, {\"type\": \"int64\", \"optional\": true, \"name\": \"org.ap"
      "ache.kafka.connect.data.Timestamp\", \"version\": 1, \"field\": \"ts\"}, {\"type\": \""
      "int64\", \"optional\": true, \"default\": 86400000, \"field\": \"u\"}, {\"type\": \"st"
      "ring\", \"optional\": true, \"default\": \"2020-01-02\", \"field\": \"s\"}], \"optiona"
      "l\": true, \"name\": \"S\", \"version\": 3, \"doc\": \"dd\", \"parameters\": {\"p\": "
      "\"q\"}}, \"payload\": {\"a\": \"x\", \"ts\": 1700000000123, \"u\": null, \"s\": null}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"string"
      "\",\"optional\":false,\"field\":\"a\"},{\"type\":\"int64\",\"optional\":true,\"name\":"
      "\"org.apache.kafka.connect.data.Timestamp\",\"version\":1,\"field\":\"ts\"},{\"type\":"
      "\"int64\",\"optional\":true,\"default\":86400000,\"field\":\"u\"},{\"type\":\"int64\","
      "\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Timestamp\",\"version\":1,"
      "\"field\":\"s\"}],\"optional\":true,\"name\":\"S\",\"version\":3,\"doc\":\"dd\",\"para"
      "meters\":{\"p\":\"q\"}},\"payload\":{\"a\":\"x\",\"ts\":1700000000123,\"u\":86400000,"
      "\"s\":1577923200000}}" },
    { "Value", false, "{\"target.type\": \"Timestamp\", \"field\": \"s\", \"format\": \"yyyy-MM-dd\", \"repla"
        "ce.null.with.default\": \"false\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"string\", \"optional\": "
      "false, \"field\": \"a\"}, {\"type\": \"int64\", \"optional\": true, \"name\": \"org.ap"
      "ache.kafka.connect.data.Timestamp\", \"version\": 1, \"field\": \"ts\"}, {\"type\": \""
      "int64\", \"optional\": true, \"default\": 86400000, \"field\": \"u\"}, {\"type\": \"st"
      "ring\", \"optional\": true, \"default\": \"2020-01-02\", \"field\": \"s\"}], \"optiona"
      "l\": true, \"name\": \"S\", \"version\": 3, \"doc\": \"dd\", \"parameters\": {\"p\": "
      "\"q\"}}, \"payload\": {\"a\": \"x\", \"ts\": null, \"u\": 5, \"s\": \"1999-12-31\"}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"string"
      "\",\"optional\":false,\"field\":\"a\"},{\"type\":\"int64\",\"optional\":true,\"name\":"
      "\"org.apache.kafka.connect.data.Timestamp\",\"version\":1,\"field\":\"ts\"},{\"type\":"
      "\"int64\",\"optional\":true,\"default\":86400000,\"field\":\"u\"},{\"type\":\"int64\","
      "\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Timestamp\",\"version\":1,"
      "\"field\":\"s\"}],\"optional\":true,\"name\":\"S\",\"version\":3,\"doc\":\"dd\",\"para"
      "meters\":{\"p\":\"q\"}},\"payload\":{\"a\":\"x\",\"ts\":null,\"u\":5,\"s\":94659840000"
      "0}}" },
    { "Value", false, "{\"target.type\": \"string\", \"field\": \"a\", \"format\": \"yyyy-MM-dd\", \"replace."
        "null.with.default\": \"true\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"string\", \"optional\": "
      "false, \"field\": \"a\"}, {\"type\": \"int64\", \"optional\": true, \"name\": \"org.ap"
      "ache.kafka.connect.data.Timestamp\", \"version\": 1, \"field\": \"ts\"}, {\"type\": \""
      "int64\", \"optional\": true, \"default\": 86400000, \"field\": \"u\"}, {\"type\": \"st"
      "ring\", \"optional\": true, \"default\": \"2020-01-02\", \"field\": \"s\"}], \"optiona"
      "l\": true, \"name\": \"S\", \"version\": 3, \"doc\": \"dd\", \"parameters\": {\"p\": "
      "\"q\"}}, \"payload\": {\"a\": \"x\", \"ts\": null, \"u\": 5, \"s\": \"1999-12-31\"}}",
      NULL,
      "APPLY: Could not parse timestamp: value (x) does not match pattern (yyyy-MM-dd)" },
    { "Value", false, "{\"target.type\": \"unix\", \"field\": \"a\", \"format\": \"yyyy-MM-dd\", \"replace.nu"
        "ll.with.default\": \"false\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"string\", \"optional\": "
      "false, \"field\": \"a\"}, {\"type\": \"int64\", \"optional\": true, \"name\": \"org.ap"
      "ache.kafka.connect.data.Timestamp\", \"version\": 1, \"field\": \"ts\"}, {\"type\": \""
      "int64\", \"optional\": true, \"default\": 86400000, \"field\": \"u\"}, {\"type\": \"st"
      "ring\", \"optional\": true, \"default\": \"2020-01-02\", \"field\": \"s\"}], \"optiona"
      "l\": true, \"name\": \"S\", \"version\": 3, \"doc\": \"dd\", \"parameters\": {\"p\": "
      "\"q\"}}, \"payload\": {\"a\": \"x\", \"ts\": 1700000000123, \"u\": null, \"s\": null}}",
      NULL,
      "APPLY: Could not parse timestamp: value (x) does not match pattern (yyyy-MM-dd)" },
    { "Value", false, "{\"target.type\": \"Date\", \"field\": \"a\", \"format\": \"yyyy-MM-dd\", \"replace.nu"
        "ll.with.default\": \"true\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"string\", \"optional\": "
      "false, \"field\": \"a\"}, {\"type\": \"int64\", \"optional\": true, \"name\": \"org.ap"
      "ache.kafka.connect.data.Timestamp\", \"version\": 1, \"field\": \"ts\"}, {\"type\": \""
      "int64\", \"optional\": true, \"default\": 86400000, \"field\": \"u\"}, {\"type\": \"st"
      "ring\", \"optional\": true, \"default\": \"2020-01-02\", \"field\": \"s\"}], \"optiona"
      "l\": true, \"name\": \"S\", \"version\": 3, \"doc\": \"dd\", \"parameters\": {\"p\": "
      "\"q\"}}, \"payload\": {\"a\": \"x\", \"ts\": 1700000000123, \"u\": null, \"s\": null}}",
      NULL,
      "APPLY: Could not parse timestamp: value (x) does not match pattern (yyyy-MM-dd)" },
    { "Value", false, "{\"target.type\": \"Date\", \"field\": \"a\", \"format\": \"yyyy-MM-dd\", \"replace.nu"
        "ll.with.default\": \"false\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"string\", \"optional\": "
      "false, \"field\": \"a\"}, {\"type\": \"int64\", \"optional\": true, \"name\": \"org.ap"
      "ache.kafka.connect.data.Timestamp\", \"version\": 1, \"field\": \"ts\"}, {\"type\": \""
      "int64\", \"optional\": true, \"default\": 86400000, \"field\": \"u\"}, {\"type\": \"st"
      "ring\", \"optional\": true, \"default\": \"2020-01-02\", \"field\": \"s\"}], \"optiona"
      "l\": true, \"name\": \"S\", \"version\": 3, \"doc\": \"dd\", \"parameters\": {\"p\": "
      "\"q\"}}, \"payload\": {\"a\": \"x\", \"ts\": null, \"u\": 5, \"s\": \"1999-12-31\"}}",
      NULL,
      "APPLY: Could not parse timestamp: value (x) does not match pattern (yyyy-MM-dd)" },
    { "Value", false, "{\"target.type\": \"Time\", \"field\": \"a\", \"format\": \"yyyy-MM-dd\", \"replace.nu"
        "ll.with.default\": \"true\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"string\", \"optional\": "
      "false, \"field\": \"a\"}, {\"type\": \"int64\", \"optional\": true, \"name\": \"org.ap"
      "ache.kafka.connect.data.Timestamp\", \"version\": 1, \"field\": \"ts\"}, {\"type\": \""
      "int64\", \"optional\": true, \"default\": 86400000, \"field\": \"u\"}, {\"type\": \"st"
      "ring\", \"optional\": true, \"default\": \"2020-01-02\", \"field\": \"s\"}], \"optiona"
      "l\": true, \"name\": \"S\", \"version\": 3, \"doc\": \"dd\", \"parameters\": {\"p\": "
      "\"q\"}}, \"payload\": {\"a\": \"x\", \"ts\": null, \"u\": 5, \"s\": \"1999-12-31\"}}",
      NULL,
      "APPLY: Could not parse timestamp: value (x) does not match pattern (yyyy-MM-dd)" },
    { "Value", false, "{\"target.type\": \"Timestamp\", \"field\": \"a\", \"format\": \"yyyy-MM-dd\", \"repla"
        "ce.null.with.default\": \"false\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"string\", \"optional\": "
      "false, \"field\": \"a\"}, {\"type\": \"int64\", \"optional\": true, \"name\": \"org.ap"
      "ache.kafka.connect.data.Timestamp\", \"version\": 1, \"field\": \"ts\"}, {\"type\": \""
      "int64\", \"optional\": true, \"default\": 86400000, \"field\": \"u\"}, {\"type\": \"st"
      "ring\", \"optional\": true, \"default\": \"2020-01-02\", \"field\": \"s\"}], \"optiona"
      "l\": true, \"name\": \"S\", \"version\": 3, \"doc\": \"dd\", \"parameters\": {\"p\": "
      "\"q\"}}, \"payload\": {\"a\": \"x\", \"ts\": 1700000000123, \"u\": null, \"s\": null}}",
      NULL,
      "APPLY: Could not parse timestamp: value (x) does not match pattern (yyyy-MM-dd)" },
    { "Value", false, "{\"target.type\": \"string\", \"field\": \"zz\", \"format\": \"yyyy-MM-dd\", \"replace"
        ".null.with.default\": \"true\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"string\", \"optional\": "
      "false, \"field\": \"a\"}, {\"type\": \"int64\", \"optional\": true, \"name\": \"org.ap"
      "ache.kafka.connect.data.Timestamp\", \"version\": 1, \"field\": \"ts\"}, {\"type\": \""
      "int64\", \"optional\": true, \"default\": 86400000, \"field\": \"u\"}, {\"type\": \"st"
      "ring\", \"optional\": true, \"default\": \"2020-01-02\", \"field\": \"s\"}], \"optiona"
      "l\": true, \"name\": \"S\", \"version\": 3, \"doc\": \"dd\", \"parameters\": {\"p\": "
      "\"q\"}}, \"payload\": {\"a\": \"x\", \"ts\": 1700000000123, \"u\": null, \"s\": null}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"string"
      "\",\"optional\":false,\"field\":\"a\"},{\"type\":\"int64\",\"optional\":true,\"name\":"
      "\"org.apache.kafka.connect.data.Timestamp\",\"version\":1,\"field\":\"ts\"},{\"type\":"
      "\"int64\",\"optional\":true,\"default\":86400000,\"field\":\"u\"},{\"type\":\"string\""
      ",\"optional\":true,\"default\":\"2020-01-02\",\"field\":\"s\"}],\"optional\":true,\"na"
      "me\":\"S\",\"version\":3,\"doc\":\"dd\",\"parameters\":{\"p\":\"q\"}},\"payload\":{\"a"
      "\":\"x\",\"ts\":1700000000123,\"u\":86400000,\"s\":\"2020-01-02\"}}" },
    { "Value", false, "{\"target.type\": \"string\", \"field\": \"zz\", \"format\": \"yyyy-MM-dd\", \"replace"
        ".null.with.default\": \"false\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"string\", \"optional\": "
      "false, \"field\": \"a\"}, {\"type\": \"int64\", \"optional\": true, \"name\": \"org.ap"
      "ache.kafka.connect.data.Timestamp\", \"version\": 1, \"field\": \"ts\"}, {\"type\": \""
      "int64\", \"optional\": true, \"default\": 86400000, \"field\": \"u\"}, {\"type\": \"st"
      "ring\", \"optional\": true, \"default\": \"2020-01-02\", \"field\": \"s\"}], \"optiona"
      "l\": true, \"name\": \"S\", \"version\": 3, \"doc\": \"dd\", \"parameters\": {\"p\": "
      "\"q\"}}, \"payload\": {\"a\": \"x\", \"ts\": null, \"u\": 5, \"s\": \"1999-12-31\"}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"string"
      "\",\"optional\":false,\"field\":\"a\"},{\"type\":\"int64\",\"optional\":true,\"name\":"
      "\"org.apache.kafka.connect.data.Timestamp\",\"version\":1,\"field\":\"ts\"},{\"type\":"
      "\"int64\",\"optional\":true,\"default\":86400000,\"field\":\"u\"},{\"type\":\"string\""
      ",\"optional\":true,\"default\":\"2020-01-02\",\"field\":\"s\"}],\"optional\":true,\"na"
      "me\":\"S\",\"version\":3,\"doc\":\"dd\",\"parameters\":{\"p\":\"q\"}},\"payload\":{\"a"
      "\":\"x\",\"ts\":null,\"u\":5,\"s\":\"1999-12-31\"}}" },
    { "Value", false, "{\"target.type\": \"unix\", \"field\": \"zz\", \"format\": \"yyyy-MM-dd\", \"replace.n"
        "ull.with.default\": \"true\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"string\", \"optional\": "
      "false, \"field\": \"a\"}, {\"type\": \"int64\", \"optional\": true, \"name\": \"org.ap"
      "ache.kafka.connect.data.Timestamp\", \"version\": 1, \"field\": \"ts\"}, {\"type\": \""
      "int64\", \"optional\": true, \"default\": 86400000, \"field\": \"u\"}, {\"type\": \"st"
      "ring\", \"optional\": true, \"default\": \"2020-01-02\", \"field\": \"s\"}], \"optiona"
      "l\": true, \"name\": \"S\", \"version\": 3, \"doc\": \"dd\", \"parameters\": {\"p\": "
      "\"q\"}}, \"payload\": {\"a\": \"x\", \"ts\": null, \"u\": 5, \"s\": \"1999-12-31\"}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"string"
      "\",\"optional\":false,\"field\":\"a\"},{\"type\":\"int64\",\"optional\":true,\"name\":"
      "\"org.apache.kafka.connect.data.Timestamp\",\"version\":1,\"field\":\"ts\"},{\"type\":"
      "\"int64\",\"optional\":true,\"default\":86400000,\"field\":\"u\"},{\"type\":\"string\""
      ",\"optional\":true,\"default\":\"2020-01-02\",\"field\":\"s\"}],\"optional\":true,\"na"
      "me\":\"S\",\"version\":3,\"doc\":\"dd\",\"parameters\":{\"p\":\"q\"}},\"payload\":{\"a"
      "\":\"x\",\"ts\":null,\"u\":5,\"s\":\"1999-12-31\"}}" },
    { "Value", false, "{\"target.type\": \"Date\", \"field\": \"zz\", \"format\": \"yyyy-MM-dd\", \"replace.n"
        "ull.with.default\": \"false\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"string\", \"optional\": "
      "false, \"field\": \"a\"}, {\"type\": \"int64\", \"optional\": true, \"name\": \"org.ap"
      "ache.kafka.connect.data.Timestamp\", \"version\": 1, \"field\": \"ts\"}, {\"type\": \""
      "int64\", \"optional\": true, \"default\": 86400000, \"field\": \"u\"}, {\"type\": \"st"
      "ring\", \"optional\": true, \"default\": \"2020-01-02\", \"field\": \"s\"}], \"optiona"
      "l\": true, \"name\": \"S\", \"version\": 3, \"doc\": \"dd\", \"parameters\": {\"p\": "
      "\"q\"}}, \"payload\": {\"a\": \"x\", \"ts\": 1700000000123, \"u\": null, \"s\": null}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"string"
      "\",\"optional\":false,\"field\":\"a\"},{\"type\":\"int64\",\"optional\":true,\"name\":"
      "\"org.apache.kafka.connect.data.Timestamp\",\"version\":1,\"field\":\"ts\"},{\"type\":"
      "\"int64\",\"optional\":true,\"default\":86400000,\"field\":\"u\"},{\"type\":\"string\""
      ",\"optional\":true,\"default\":\"2020-01-02\",\"field\":\"s\"}],\"optional\":true,\"na"
      "me\":\"S\",\"version\":3,\"doc\":\"dd\",\"parameters\":{\"p\":\"q\"}},\"payload\":{\"a"
      "\":\"x\",\"ts\":1700000000123,\"u\":null,\"s\":null}}" },
    { "Value", false, "{\"target.type\": \"Time\", \"field\": \"zz\", \"format\": \"yyyy-MM-dd\", \"replace.n"
        "ull.with.default\": \"true\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"string\", \"optional\": "
      "false, \"field\": \"a\"}, {\"type\": \"int64\", \"optional\": true, \"name\": \"org.ap"
      "ache.kafka.connect.data.Timestamp\", \"version\": 1, \"field\": \"ts\"}, {\"type\": \""
      "int64\", \"optional\": true, \"default\": 86400000, \"field\": \"u\"}, {\"type\": \"st"
      "ring\", \"optional\": true, \"default\": \"2020-01-02\", \"field\": \"s\"}], \"optiona"
      "l\": true, \"name\": \"S\", \"version\": 3, \"doc\": \"dd\", \"parameters\": {\"p\": "
      "\"q\"}}, \"payload\": {\"a\": \"x\", \"ts\": 1700000000123, \"u\": null, \"s\": null}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"string"
      "\",\"optional\":false,\"field\":\"a\"},{\"type\":\"int64\",\"optional\":true,\"name\":"
      "\"org.apache.kafka.connect.data.Timestamp\",\"version\":1,\"field\":\"ts\"},{\"type\":"
      "\"int64\",\"optional\":true,\"default\":86400000,\"field\":\"u\"},{\"type\":\"string\""
      ",\"optional\":true,\"default\":\"2020-01-02\",\"field\":\"s\"}],\"optional\":true,\"na"
      "me\":\"S\",\"version\":3,\"doc\":\"dd\",\"parameters\":{\"p\":\"q\"}},\"payload\":{\"a"
      "\":\"x\",\"ts\":1700000000123,\"u\":86400000,\"s\":\"2020-01-02\"}}" },
    { "Value", false, "{\"target.type\": \"Time\", \"field\": \"zz\", \"format\": \"yyyy-MM-dd\", \"replace.n"
        "ull.with.default\": \"false\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"string\", \"optional\": "
      "false, \"field\": \"a\"}, {\"type\": \"int64\", \"optional\": true, \"name\": \"org.ap"
      "ache.kafka.connect.data.Timestamp\", \"version\": 1, \"field\": \"ts\"}, {\"type\": \""
      "int64\", \"optional\": true, \"default\": 86400000, \"field\": \"u\"}, {\"type\": \"st"
      "ring\", \"optional\": true, \"default\": \"2020-01-02\", \"field\": \"s\"}], \"optiona"
      "l\": true, \"name\": \"S\", \"version\": 3, \"doc\": \"dd\", \"parameters\": {\"p\": "
      "\"q\"}}, \"payload\": {\"a\": \"x\", \"ts\": null, \"u\": 5, \"s\": \"1999-12-31\"}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"string"
      "\",\"optional\":false,\"field\":\"a\"},{\"type\":\"int64\",\"optional\":true,\"name\":"
      "\"org.apache.kafka.connect.data.Timestamp\",\"version\":1,\"field\":\"ts\"},{\"type\":"
      "\"int64\",\"optional\":true,\"default\":86400000,\"field\":\"u\"},{\"type\":\"string\""
      ",\"optional\":true,\"default\":\"2020-01-02\",\"field\":\"s\"}],\"optional\":true,\"na"
      "me\":\"S\",\"version\":3,\"doc\":\"dd\",\"parameters\":{\"p\":\"q\"}},\"payload\":{\"a"
      "\":\"x\",\"ts\":null,\"u\":5,\"s\":\"1999-12-31\"}}" },
    { "Value", false, "{\"target.type\": \"Timestamp\", \"field\": \"zz\", \"format\": \"yyyy-MM-dd\", \"repl"
        "ace.null.with.default\": \"true\"}",
      "-",
      "{\"schema\": {\"type\": \"struct\", \"fields\": [{\"type\": \"string\", \"optional\": "
      "false, \"field\": \"a\"}, {\"type\": \"int64\", \"optional\": true, \"name\": \"org.ap"
      "ache.kafka.connect.data.Timestamp\", \"version\": 1, \"field\": \"ts\"}, {\"type\": \""
      "int64\", \"optional\": true, \"default\": 86400000, \"field\": \"u\"}, {\"type\": \"st"
      "ring\", \"optional\": true, \"default\": \"2020-01-02\", \"field\": \"s\"}], \"optiona"
      "l\": true, \"name\": \"S\", \"version\": 3, \"doc\": \"dd\", \"parameters\": {\"p\": "
      "\"q\"}}, \"payload\": {\"a\": \"x\", \"ts\": null, \"u\": 5, \"s\": \"1999-12-31\"}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"string"
      "\",\"optional\":false,\"field\":\"a\"},{\"type\":\"int64\",\"optional\":true,\"name\":"
      "\"org.apache.kafka.connect.data.Timestamp\",\"version\":1,\"field\":\"ts\"},{\"type\":"
      "\"int64\",\"optional\":true,\"default\":86400000,\"field\":\"u\"},{\"type\":\"string\""
      ",\"optional\":true,\"default\":\"2020-01-02\",\"field\":\"s\"}],\"optional\":true,\"na"
      "me\":\"S\",\"version\":3,\"doc\":\"dd\",\"parameters\":{\"p\":\"q\"}},\"payload\":{\"a"
      "\":\"x\",\"ts\":null,\"u\":5,\"s\":\"1999-12-31\"}}" },
    { "Value", false, "{\"target.type\": \"unix\", \"field\": \"ts\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": false}, \"payload\": 5}",
      NULL,
      "APPLY: Only Struct objects supported for [converting timestamp formats], found: java.l"
      "ang.Long" },
    { "Value", false, "{\"target.type\": \"unix\", \"field\": \"ts\"}",
      "-",
      "{\"schema\": {\"type\": \"int64\", \"optional\": true}, \"payload\": null}",
      NULL,
      "APPLY: Cannot list fields on non-struct type" },
    { "Key", false, "{\"target.type\": \"string\", \"format\": \"dd/MMM/yyyy\", \"field\": \"k\"}",
      "{\"schema\": null, \"payload\": {\"name\": 1, \"id\": 2, \"k\": 1700000000123, \"email"
      "\": 3}}",
      "-",
      NULL,
      "TOPIC t\nKEY {\"schema\":null,\"payload\":{\"name\":1,\"id\":2,\"k\":\"14/Nov/2023\","
      "\"email\":3}}\nVAL NULL" },
    { "Key", false, "{\"target.type\": \"unix\", \"format\": \"dd/MMM/yyyy\", \"field\": \"k\"}",
      "{\"schema\": null, \"payload\": {\"name\": 1, \"id\": 2, \"k\": \"05/Mar/2024\", \"ema"
      "il\": 3}}",
      "-",
      NULL,
      "TOPIC t\nKEY {\"schema\":null,\"payload\":{\"name\":1,\"id\":2,\"k\":1709596800000,\"e"
      "mail\":3}}\nVAL NULL" },
    { "Value", false, "{\"target.type\": \"unix\", \"field\": \"zz\"}",
      "-",
      "{\"schema\": null, \"payload\": {\"name\": 1, \"id\": 2}}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":null,\"payload\":{\"name\":1,\"zz\":null,\"id\":2}}" },
    { "Value", false, "{\"target.type\": \"unix\", \"field\": \"k\"}",
      "-",
      "{\"schema\": null, \"payload\": 5}",
      NULL,
      "APPLY: Only Map objects supported in absence of schema for [converting timestamp forma"
      "ts], found: java.lang.Long" },
    { "Value", false, "{\"target.type\": \"unix\", \"field\": \"k\"}",
      "-",
      "{\"schema\": null, \"payload\": {\"k\": true}}",
      NULL,
      "APPLY: TimestampConverter does not support class java.lang.Boolean objects as timestam"
      "ps" },
    { "Value", false, "{\"target.type\": \"unix\", \"format\": \"EEE, d MMM yyyy HH:mm:ss X\"}",
      "-",
      "{\"schema\": {\"type\": \"string\", \"optional\": false}, \"payload\": \"Tue, 5 Mar 20"
      "24 10:20:30 -08\"}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false},\"payload\""
      ":1709662830000}" },
    { "Value", false, "{\"target.type\": \"string\", \"format\": \"EEE, d MMM yyyy HH:mm:ss X\"}",
      "-",
      "{\"schema\": {\"type\": \"string\", \"optional\": false}, \"payload\": \"Tue, 5 Mar 20"
      "24 10:20:30 -08\"}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"string\",\"optional\":false},\"payload"
      "\":\"Tue, 5 Mar 2024 18:20:30 Z\"}" },
    { "Value", false, "{\"target.type\": \"unix\", \"format\": \"MMM d, yyyy h:mm a\"}",
      "-",
      "{\"schema\": {\"type\": \"string\", \"optional\": false}, \"payload\": \"Mar 5, 2024 3"
      ":07 PM\"}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false},\"payload\""
      ":1709651220000}" },
    { "Value", false, "{\"target.type\": \"string\", \"format\": \"MMM d, yyyy h:mm a\"}",
      "-",
      "{\"schema\": {\"type\": \"string\", \"optional\": false}, \"payload\": \"Mar 5, 2024 3"
      ":07 PM\"}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"string\",\"optional\":false},\"payload"
      "\":\"Mar 5, 2024 3:07 PM\"}" },
    { "Value", false, "{\"target.type\": \"unix\", \"format\": \"yyyyMMddHHmmss\"}",
      "-",
      "{\"schema\": {\"type\": \"string\", \"optional\": false}, \"payload\": \"2024030510203"
      "0\"}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false},\"payload\""
      ":1709634030000}" },
    { "Value", false, "{\"target.type\": \"string\", \"format\": \"yyyyMMddHHmmss\"}",
      "-",
      "{\"schema\": {\"type\": \"string\", \"optional\": false}, \"payload\": \"2024030510203"
      "0\"}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"string\",\"optional\":false},\"payload"
      "\":\"20240305102030\"}" },
    { "Value", false, "{\"target.type\": \"unix\", \"format\": \"yyyy-MM-dd\"}",
      "-",
      "{\"schema\": {\"type\": \"string\", \"optional\": false}, \"payload\": \"2024-13-45\"}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false},\"payload\""
      ":1739491200000}" },
    { "Value", false, "{\"target.type\": \"string\", \"format\": \"yyyy-MM-dd\"}",
      "-",
      "{\"schema\": {\"type\": \"string\", \"optional\": false}, \"payload\": \"2024-13-45\"}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"string\",\"optional\":false},\"payload"
      "\":\"2025-02-14\"}" },
    { "Value", false, "{\"target.type\": \"unix\", \"format\": \"d\"}",
      "-",
      "{\"schema\": {\"type\": \"string\", \"optional\": false}, \"payload\": \"∞\"}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false},\"payload\""
      ":185542587014400000}" },
    { "Value", false, "{\"target.type\": \"string\", \"format\": \"d\"}",
      "-",
      "{\"schema\": {\"type\": \"string\", \"optional\": false}, \"payload\": \"∞\"}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"string\",\"optional\":false},\"payload"
      "\":\"10\"}" },
    { "Value", false, "{\"target.type\": \"unix\", \"format\": \"yyyy-MM-dd HH:mm\"}",
      "-",
      "{\"schema\": {\"type\": \"string\", \"optional\": false}, \"payload\": \"1582-10-10 12"
      ":00\"}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false},\"payload\""
      ":-12218817600000}" },
    { "Value", false, "{\"target.type\": \"string\", \"format\": \"yyyy-MM-dd HH:mm\"}",
      "-",
      "{\"schema\": {\"type\": \"string\", \"optional\": false}, \"payload\": \"1582-10-10 12"
      ":00\"}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"string\",\"optional\":false},\"payload"
      "\":\"1582-10-20 12:00\"}" },
    { "Value", false, "{\"target.type\": \"unix\", \"format\": \"yyyy-MM-dd\"}",
      "-",
      "{\"schema\": {\"type\": \"string\", \"optional\": false}, \"payload\": \"0000-01-01\"}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false},\"payload\""
      ":-62167392000000}" },
    { "Value", false, "{\"target.type\": \"string\", \"format\": \"yyyy-MM-dd\"}",
      "-",
      "{\"schema\": {\"type\": \"string\", \"optional\": false}, \"payload\": \"0000-01-01\"}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"string\",\"optional\":false},\"payload"
      "\":\"0001-01-01\"}" },
    { "Value", false, "{\"target.type\": \"unix\", \"format\": \"HH:mm:ss\"}",
      "-",
      "{\"schema\": {\"type\": \"string\", \"optional\": false}, \"payload\": \"25:00:00\"}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"int64\",\"optional\":false},\"payload\""
      ":90000000}" },
    { "Value", false, "{\"target.type\": \"string\", \"format\": \"HH:mm:ss\"}",
      "-",
      "{\"schema\": {\"type\": \"string\", \"optional\": false}, \"payload\": \"25:00:00\"}",
      NULL,
      "TOPIC t\nKEY NULL\nVAL {\"schema\":{\"type\":\"string\",\"optional\":false},\"payload"
      "\":\"01:00:00\"}" },
    { "Value", false, "{\"target.type\": \"string\", \"format\": \"yyyy'\"}",
      "-",
      "-",
      NULL,
      "CONFIG: Invalid value java.lang.IllegalArgumentException: Unterminated quote for confi"
      "guration TimestampConverter requires a SimpleDateFormat-compatible pattern for string "
      "timestamps: yyyy'" },
};

/* What Java does but is refused here: patterns whose parsing cannot be Java's (zone names
 * for z and Z, week fields, E without a day), and a schemaless java.util.Date. */
static const tf_case refused[] = {
    { "Value", false, "{\"target.type\":\"string\",\"format\":\"yyyy-MM-dd'T'HH:mm:ssZ\"}",
      "-", "-", NULL,
      "CONFIG: Invalid value yyyy-MM-dd'T'HH:mm:ssZ for configuration format: pattern letter "
      "'Z' is not supported for parsing (Java reads any time zone name it knows there); use X "
      "for an ISO 8601 offset" },
    { "Value", false, "{\"target.type\":\"unix\",\"format\":\"yyyy-MM-dd z\"}", "-", "-", NULL,
      "CONFIG: Invalid value yyyy-MM-dd z for configuration format: pattern letter 'z' is not "
      "supported for parsing (Java reads any time zone name it knows there); use X for an ISO "
      "8601 offset" },
    { "Value", false, "{\"target.type\":\"string\",\"format\":\"YYYY\"}", "-", "-", NULL,
      "CONFIG: Invalid value YYYY for configuration format: pattern letter 'Y' (week-based or "
      "standalone field) is not supported" },
    { "Value", false, "{\"target.type\":\"string\",\"format\":\"EEE yyyy\"}", "-", "-", NULL,
      "CONFIG: Invalid value EEE yyyy for configuration format: pattern letter 'E' is supported "
      "for parsing only with a day of the month (d) or of the year (D)" },
    { "Value", false, "{\"target.type\":\"string\",\"format\":\"F\"}", "-", "-", NULL,
      "CONFIG: Invalid value F for configuration format: pattern letter 'F' is not supported "
      "for parsing" },
    { "Value", false, "{\"target.type\":\"Timestamp\"}", "-", "{\"schema\":null,\"payload\":5}",
      NULL, "APPLY: TimestampConverter to Timestamp without a schema is not supported: a "
      "java.util.Date has no schemaless form (Java's converter fails on it)" },
    { "Key", false, "{\"target.type\":\"Date\",\"field\":\"k\"}",
      "{\"schema\":null,\"payload\":{\"k\":5}}", "-", NULL,
      "APPLY: TimestampConverter to Date without a schema is not supported: a java.util.Date "
      "has no schemaless form (Java's converter fails on it)" },
    { "Value", false, "{\"target.type\":\"Date\",\"unix.precision\":\"seconds\"}", "-",
      "{\"schema\":{\"type\":\"int64\",\"optional\":false},\"payload\":9000000000000000}", NULL,
      "APPLY: TimestampConverter: the date of 9000000000000000000 ms is beyond the int32 days a "
      "Connect Date holds: not supported" },
};

/* SimpleDateFormat.parse in UTC, as Java 17 parsed each text, with the two-digit years of a
 * format made on 2026-12-06 at 10:00 UTC. */
static const struct {
    const char *pattern, *text;
    bool        ok;
    long long   ms;
} parses[] = {
    { "'T'HH", "T05", true, 18000000LL },
    { "yyyy''MM", "2020'05", true, 1588291200000LL },
    { "yyyyy", "12345", true, 327403382400000LL },
    { "yy", "1234", true, -23225270400000LL },
    { "yy", "-12", true, -62546083200000LL },
    { "ss", "-1", true, -1000LL },
    { "mmss", "0102", true, 62000LL },
    { "HHmmss", "1234", false, 0LL },
    { "yyyy MMM", "2020 Sept", true, 1598918400000LL },
    { "MMMyyyy", "Jan2020", true, 1577836800000LL },
    { "MMyyyy", "012020", true, 1577836800000LL },
    { "yyyyMMdd", "2020010", true, 1577750400000LL },
    { "yyyyMMdd", "202001", false, 0LL },
    { "HHmm", "12-5", true, 42900000LL },
    { "ddMM", "-105", true, 10195200000LL },
    { "d/M", "3/١٢", true, 29030400000LL },
    { "dd", "𝟙𝟚", false, 0LL },
    { "yyyy", "12 ", true, -61788700800000LL },
    { "yyyyMM", " 20201", true, -55792713600000LL },
    { "Gyyyy", "AD2020", true, 1577836800000LL },
    { "G", "A", false, 0LL },
    { "yyyy G", "2020 AD", true, 1577836800000LL },
    { "yyyy-MM-dd G", "0001-01-01 BC", true, -62167392000000LL },
    { "yyyy-MM-dd", "1582-10-05", true, -12219292800000LL },
    { "yyyy-MM-dd", "1582-10-15", true, -12219292800000LL },
    { "yyyy-MM-dd", "1582-10-14", true, -12218515200000LL },
    { "yyyy-MM-dd", "1582-12-31", true, -12212640000000LL },
    { "yyyy-MM-dd", "1583-01-01", true, -12212553600000LL },
    { "yyyy-MM-dd", "1500-02-29", true, -14825894400000LL },
    { "yyyy-MM-dd", "1582-01-01", true, -12243225600000LL },
    { "yyyy D", "1582 300", true, -12217392000000LL },
    { "yyyy D", "1582 280", true, -12219120000000LL },
    { "yyyy-MM-dd", "1582-09-400", true, -12188620800000LL },
    { "yyyy-MM-dd", "1583-01--100", true, -12220416000000LL },
    { "yyyy-MM-dd", "1581-12-400", true, -12211430400000LL },
    { "yyyy D", "1583 -100", true, -12220416000000LL },
    { "yyyy D", "1581 400", true, -12240288000000LL },
    { "yyyy MM", "1582 22", true, -12188966400000LL },
    { "yyyy-MM-dd", "1582-10-1", true, -12219638400000LL },
    { "yy-MM-dd", "46-12-05", true, 2427580800000LL },
    { "yy-MM-dd", "46-12-07", true, -728006400000LL },
    { "yy", "00", true, 946684800000LL },
    { "hh:mm a", "13:00 PM", true, 90000000LL },
    { "KK a", "12 AM", true, 43200000LL },
    { "yyyy-MM-dd'T'HH:mm:ss.SSSXXX", "2024-03-05T10:20:30.123+01:00", true, 1709630430123LL },
    { "yyyy-MM-dd HH:mm:ss", "2024-03-05 10:20:30", true, 1709634030000LL },
    { "dd/MMM/yyyy:HH:mm:ss", "05/Mar/2024:10:20:30", true, 1709634030000LL },
    { "yyyy-MM-dd'T'HH:mm:ss.SSSX", "2024-03-05T10:20:30.123Z", true, 1709634030123LL },
    { "HH 'h'", "05 h", true, 18000000LL },
    { "HH'h'", "05H", false, 0LL },
    { "MMMMM", "December", true, 28857600000LL },
    { "M", "Dec", false, 0LL },
    { "MM", "Dec", false, 0LL },
    { "MMM", "12", false, 0LL },
    { "a", "am", true, 0LL },
    { "a", "A", false, 0LL },
    { "yyyy", " 2020", false, 0LL },
    { "d", "1E2", true, 8553600000LL },
    { "d", "NaN", true, -86400000LL },
    { "d", "∞", true, 185542587014400000LL },
    { "d", "-3", true, -345600000LL },
    { "d", "+3", false, 0LL },
    { "d", "٣", true, 172800000LL },
    { "d", "12.5", true, 950400000LL },
    { "yyyy", "4294967297", true, -62135769600000LL },
    { "yyyy", "99999999999999999999", true, -6019000092841406464LL },
    { "d", "-0", true, -86400000LL },
    { "MMM", "  Jan", false, 0LL },
    { "MMM", "january", true, 0LL },
    { "MMM", "Janu", true, 0LL },
    { "yyyy MM", "2020  05", true, 1588291200000LL },
    { "yyyy-MM", "2020 -05", false, 0LL },
    { "yy", "23", true, 1672531200000LL },
    { "yy", "46", true, 2398377600000LL },
    { "yy", "45", true, 2366841600000LL },
    { "yy", "5", true, -62009539200000LL },
    { "y", "23", true, 1672531200000LL },
    { "yyy", "23", true, -61441545600000LL },
    { "yyyyMMdd", "20200105", true, 1578182400000LL },
    { "yyyyMMdd", "2020 105", true, 1578182400000LL },
    { "HH:mm", "25:61", true, 93660000LL },
    { "hh a", "12 AM", true, 0LL },
    { "hh a", "12 pm", true, 43200000LL },
    { "a hh", "PM 03", true, 54000000LL },
    { "HH a", "13 PM", true, 46800000LL },
    { "a", "PM", true, 43200000LL },
    { "hh", "11", true, 39600000LL },
    { "kk", "24", true, 0LL },
    { "KK a", "11 PM", true, 82800000LL },
    { "D", "40", true, 3369600000LL },
    { "d D", "5 40", true, 3369600000LL },
    { "D d", "40 5", true, 345600000LL },
    { "yyyy D MMM", "2020 40 Mar", true, 1581206400000LL },
    { "G yyyy", "BC 0044", true, -63524304000000LL },
    { "G yyyy", "bc 1", true, -62167392000000LL },
    { "yyyy-MM-dd", "1582-10-10", true, -12218860800000LL },
    { "yyyy-MM-dd", "1582-10-20", true, -12218860800000LL },
    { "yyyy-MM-dd", "1582-10-04", true, -12219379200000LL },
    { "yyyy-MM-dd", "0001-01-01", true, -62135769600000LL },
    { "yyyy-MM-dd", "0000-01-01", true, -62167392000000LL },
    { "yyyy-MM-dd", "-0005-03-01", true, -62320060800000LL },
    { "XXX", "+05:30", true, -19800000LL },
    { "X", "+05", true, -18000000LL },
    { "X", "-0530", true, 18000000LL },
    { "XX", "+0530", true, -19800000LL },
    { "XX", "Z", true, 0LL },
    { "XXX", "+0530", false, 0LL },
    { "X", "+5", false, 0LL },
    { "d MMM yyyy EEE", "5 Mar 2024 Fri", true, 1709596800000LL },
    { "yyyy-MM-dd", "2024-02-30", true, 1709251200000LL },
    { "yyyy-MM-dd", "2024-13-01", true, 1735689600000LL },
    { "yyyy-MM-dd", "2024-00-00", true, 1701302400000LL },
    { "yyyyMMddHHmmssSSS", "20240102030405678", true, 1704164645678LL },
    { "S", "1234", true, 1234LL },
    { "ss.SSS", "01.5", true, 1005LL },
    { "yyyy-MM-dd", "2024-01-01xyz", true, 1704067200000LL },
    { "yyyy-MM-dd", "2024-01", false, 0LL },
    { "d", " 5", true, 345600000LL },
    { "MM", "٠٣", true, 5097600000LL },
    { "yyyy", "-", false, 0LL },
    { "H:m", "1:2", true, 3720000LL },
    { "HHmm", "123", true, 43380000LL },
    { "MMMM yyyy", "MAY 2020", true, 1588291200000LL },
    { "yyyy", "2147483648", true, 6017484157321406464LL },
    { "MM", "2147483647", true, 5647336528060800000LL },
    { "d", "1,5", true, 0LL },
    { "d", "1E-1", true, -86400000LL },
    { "d", "1e2", true, 0LL },
    { "d", "1E+2", true, 0LL },
    { "d", "1E", true, 0LL },
    { "d", "5E20", true, 185542587014400000LL },
    { "d", "-∞", true, -185542586150400000LL },
    { "d", "-NaN", false, 0LL },
    { "d", "12E-1", true, 0LL },
    { "d", "0012", true, 950400000LL },
    { "d", "-", false, 0LL },
    { "yyyy", "-2147483648", true, 6017484157321406464LL },
    { "yyyy-MM", "2147483647-12", true, -6019000063983806464LL },
    { "MM", "-2147483648", true, 5647336530739200000LL },
    { "d", "2147483647", true, 185542587014400000LL },
    { "d", "-2147483648", true, -185542586150400000LL },
    { "HH", "2147483647", true, 7730941129200000LL },
    { "mm", "-2147483648", true, -128847895680000LL },
    { "SSS", "9223372036854775807", true, -1LL },
    { "SSS", "9223372036854775808", true, 2147483647LL },
    { "yy", "١٢", true, 1325376000000LL },
    { "MMM d", "ſep 3", true, 21168000000LL },
    { "yyyy-MM-dd HH:mm:ss.SSS", "1969-12-31 23:59:59.999", true, -1LL },
    { "yyyy-MM-dd HH:mm", "-292275055-05-16 16:47", true, 9223182642438771616LL },
    { "yyyy-MM-dd", "292278994-08-17", true, 9223372036828800000LL },
    { "d/M/yy h:mm a", "3/4/99 7:05 pm", true, 923166300000LL },
    { "yyMMdd", "991231", true, 946598400000LL },
    { "yyMMddHHmm", "9912312359", true, 946684740000LL },
    { "dd-MMM-yyyy", "01-JAN-2000", true, 946684800000LL },
    { "yyyyMMdd'T'HHmmss.SSSX", "20240229T235959.999-01", true, 1709254799999LL },
    { "kk:mm", "20:18", true, 73080000LL },
    { "yyyyMMddHHmmssSSS", "11810617120700505", true, -24883329179495LL },
    { "yyyy D HH", "1667 106 03", true, -9552632400000LL },
    { "hh:mm:ss a", "03:47:54 PM", true, 56874000LL },
    { "KK a", "07 PM", true, 68400000LL },
    { "yy-M-d h:m a", "92-3-9 7:49 PM", true, 700170540000LL },
    { "EEEE dd MMMM yyyy G", "Tuesday 29 November 2061 AD", true, 2900448000000LL },
    { "yyyy-MM-dd'T'HH:mm:ss.SSSXXX", "1786-03-27T02:46:31.913Z", true, -5799071608087LL },
    { "yyyyMMddHHmmssSSS", "08871210062037757", true, -34146121162243LL },
    { "EEEE dd MMMM yyyy G", "Monday 25 August 3045 AD", true, 33944140800000LL },
    { "yyyy D HH", "1734 77 14", true, -7440804000000LL },
    { "hh:mm:ss a", "06:29:52 PM", true, 66592000LL },
    { "EEE, d MMM yyyy HH:mm:ss X", "Fri, 24 Oct 1111 06:42:06 Z", true, -27081278274000LL },
    { "MMMM d, yyyy", "September 28, 1982", true, 402019200000LL },
    { "EEEE dd MMMM yyyy G", "Sunday 14 November 0980 AD", true, -31213468800000LL },
    { "EEE, d MMM yyyy HH:mm:ss X", "Wed, 12 Feb 1755 09:59:16 Z", true, -6781068044000LL },
    { "MMMM d, yyyy", "September 23, 3250", true, 40415846400000LL },
    { "hh:mm:ss a", "12:25:35 AM", true, 1535000LL },
    { "EEEE dd MMMM yyyy G", "Thursday 14 September 3758 AD", true, 56445984000000LL },
    { "G yyyy-MM-dd", "BC 4568588-01-24", true, -144235806451200000LL },
    { "kk:mm", "02:13", true, 7980000LL },
    { "dd/MMM/yyyy:HH:mm:ss", "30/Jan/932607:11:50:09", true, 29368069645809000LL },
    { "MMMM d, yyyy", "June 17, 0285", true, -53158982400000LL },
    { "kk:mm", "09:36", true, 34560000LL },
    { "yyyy-MM-dd HH:mm:ss", "3425-11-15 20:00:27", true, 45942926427000LL },
    { "EEEE dd MMMM yyyy G", "Tuesday 13 December 0281 AD", true, -53269747200000LL },
    { "yyyy D HH", "1613 11 23", true, -11264835600000LL },
    { "KK a", "02 PM", true, 50400000LL },
    { "yyyy D HH", "2317670 93 01", true, 73076441763600000LL },
    { "yyyy-MM-dd HH:mm:ss", "4816203-05-02 05:37:26", true, 151922530129046000LL },
    { "kk:mm", "02:33", true, 9180000LL },
    { "EEE, d MMM yyyy HH:mm:ss X", "Mon, 23 Feb 5519829 10:44:39 Z", true, 174126816240279000LL },
    { "EEE, d MMM yyyy HH:mm:ss X", "Sat, 17 Mar 1798 14:02:51 Z", true, -5421203829000LL },
    { "G yyyy-MM-dd", "AD 0120-10-16", true, -58355510400000LL },
    { "yyyyMMddHHmmssSSS", "20490918093921760", true, 2515570761760LL },
    { "EEEE dd MMMM yyyy G", "Tuesday 23 November 1350866 BC", true, -42692196528000000LL },
    { "yyyyMMddHHmmssSSS", "11127210904152849620", true, -26887525438380LL },
    { "KK a", "10 AM", true, 36000000LL },
    { "hh:mm:ss a", "06:54:18 PM", true, 68058000LL },
    { "EEE, d MMM yyyy HH:mm:ss X", "Wed, 3 Mar 0902 23:33:14 Z", true, -33697038406000LL },
};

static void
test_simple_date_parse(void **state)
{
    int64_t century = kc_sdf_century_start(1796551200000LL);     /* 2026-12-06T10:00Z */

    (void) state;
    assert_int_equal(century, -728056800000LL);                   /* 1946-12-06T10:00Z */
    for (size_t i = 0; i < sizeof(parses) / sizeof(parses[0]); i++) {
        kc_sdf *f = NULL;
        char    why[256];
        int64_t ms = 0;
        int     rc;
        assert_int_equal(kc_sdf_compile(parses[i].pattern, &f, why, sizeof(why)), KC_SDF_OK);
        assert_int_equal(kc_sdf_parse_check(f, why, sizeof(why)), 0);
        rc = kc_sdf_parse(f, parses[i].text, century, &ms);
        if (rc != (parses[i].ok ? 0 : -1) || (parses[i].ok && ms != parses[i].ms))
            fail_msg("parse %zu: \"%s\" with \"%s\": rc %d ms %lld, want %s %lld", i,
                     parses[i].pattern, parses[i].text, rc, (long long) ms,
                     parses[i].ok ? "ok" : "failure", parses[i].ms);
        kc_sdf_free(f);
    }
}

static void
test_timestamp_converter_java(void **state)
{
    (void) state;
    run_cases(&kc_tf_timestamp_converter_key, &kc_tf_timestamp_converter_value, cases,
              sizeof(cases) / sizeof(cases[0]));
}

static void
test_timestamp_converter_refused(void **state)
{
    (void) state;
    run_cases(&kc_tf_timestamp_converter_key, &kc_tf_timestamp_converter_value, refused,
              sizeof(refused) / sizeof(refused[0]));
}

static void
test_timestamp_converter_ops(void **state)
{
    json_t *def = kc_tf_timestamp_converter_value.config_def();

    (void) state;
    assert_string_equal(kc_tf_timestamp_converter_key.class_name,
                        "org.apache.kafka.connect.transforms.TimestampConverter$Key");
    assert_string_equal(kc_tf_timestamp_converter_value.class_name,
                        "org.apache.kafka.connect.transforms.TimestampConverter$Value");
    assert_int_equal(kc_tf_timestamp_converter_key.reads, KC_READS_KEY);
    assert_int_equal(kc_tf_timestamp_converter_value.reads, KC_READS_VALUE);
    assert_int_equal(json_array_size(def), 5);
    assert_string_equal(json_string_value(json_object_get(json_array_get(def, 3),
                                                          "default_value")), "milliseconds");
    json_decref(def);
    (void) configure;
    (void) configure_fails;
    (void) apply_ok;
    (void) apply_fails;
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_timestamp_converter_ops),
        cmocka_unit_test(test_simple_date_parse),
        cmocka_unit_test(test_timestamp_converter_java),
        cmocka_unit_test(test_timestamp_converter_refused),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
