/*
 * tests/unit/test_values.c - Values.parseString (lib/values.c) against Java's. Each input
 * is read by the parser and what it makes is written by kconnect's JsonConverter
 * (schemas.enable) and SimpleHeaderConverter; both texts must be byte for byte what Java 17
 * and Kafka 4.3.1 write for what Values.parseString returns: the expectations in the table
 * are those classes' outputs for the same inputs (a JsonConverter envelope of NULL is one
 * Java's JsonConverter cannot write: a map without a key schema, a Time beyond its day).
 *
 * Inputs for which kconnect's writers, not the parser, differ from Java are not in the
 * table: Java 17's Float.toString and Double.toString, which give more digits than the
 * shortest for some values (123456789.123456789 is 1.23456792E8 in Java 17, 1.2345679E8
 * here); a FLOAT32 -0.0 in SimpleHeaderConverter's text (Java -0.0, here 0.0); a null
 * element under no schema in JsonConverter's writer ([null]). The refused inputs are those
 * whose Java values lib/data.h cannot hold (lib/values.h).
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
#include <time.h>
#include <cmocka.h>

#include "lib/buf.h"
#include "lib/values.h"
#include "worker/converter.h"

typedef struct {
    const char *in;
    const char *text;          /* SimpleHeaderConverter's; NULL: Java's null */
    const char *envelope;      /* JsonConverter's; NULL: Java's throws, or Java's null */
} values_case;

/* Java 17 + Kafka 4.3.1: Values.parseString(in), then SimpleHeaderConverter and
 * JsonConverter (schemas.enable=true), in UTC. */
static const values_case cases[] = {
    { "", "",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"\"}" },
    { " ", " ",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\" \"}" },
    { "  ", "  ",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"  \"}" },
    { "\t", "\t",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"\\t\"}" },
    { "\n", "\n",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"\\n\"}" },
    { " \t\n ", " \t\n ",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\" \\t\\n \"}" },
    { "null", NULL,
      NULL },
    { " null ", NULL,
      NULL },
    { "NULL", "NULL",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"NULL\"}" },
    { "Null", "Null",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"Null\"}" },
    { "true", "true",
      "{\"schema\":{\"type\":\"boolean\",\"optional\":false},\"payload\":true}" },
    { "false", "false",
      "{\"schema\":{\"type\":\"boolean\",\"optional\":false},\"payload\":false}" },
    { "true ", "true",
      "{\"schema\":{\"type\":\"boolean\",\"optional\":false},\"payload\":true}" },
    { " false", "false",
      "{\"schema\":{\"type\":\"boolean\",\"optional\":false},\"payload\":false}" },
    { "TRUE", "TRUE",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"TRUE\"}" },
    { "True", "True",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"True\"}" },
    { "true}", "true}",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"true}\"}" },
    { "true,", "true,",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"true,\"}" },
    { "null,1", "null,1",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"null,1\"}" },
    { "truex", "truex",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"truex\"}" },
    { "tru", "tru",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"tru\"}" },
    { "nul", "nul",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"nul\"}" },
    { "null null", "null null",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"null null\"}" },
    { "true true", "true true",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"true true\"}" },
    { "[null", "[null",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[null\"}" },
    { "{null", "{null",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"{null\"}" },
    { "0", "0",
      "{\"schema\":{\"type\":\"int8\",\"optional\":false},\"payload\":0}" },
    { "-0", "0",
      "{\"schema\":{\"type\":\"int8\",\"optional\":false},\"payload\":0}" },
    { "+0", "0",
      "{\"schema\":{\"type\":\"int8\",\"optional\":false},\"payload\":0}" },
    { "0.0", "0",
      "{\"schema\":{\"type\":\"int8\",\"optional\":false},\"payload\":0}" },
    { "-0.0", "0",
      "{\"schema\":{\"type\":\"int8\",\"optional\":false},\"payload\":0}" },
    { "00", "0",
      "{\"schema\":{\"type\":\"int8\",\"optional\":false},\"payload\":0}" },
    { "007", "7",
      "{\"schema\":{\"type\":\"int8\",\"optional\":false},\"payload\":7}" },
    { "1", "1",
      "{\"schema\":{\"type\":\"int8\",\"optional\":false},\"payload\":1}" },
    { "-1", "-1",
      "{\"schema\":{\"type\":\"int8\",\"optional\":false},\"payload\":-1}" },
    { "127", "127",
      "{\"schema\":{\"type\":\"int8\",\"optional\":false},\"payload\":127}" },
    { "128", "128",
      "{\"schema\":{\"type\":\"int16\",\"optional\":false},\"payload\":128}" },
    { "-128", "-128",
      "{\"schema\":{\"type\":\"int8\",\"optional\":false},\"payload\":-128}" },
    { "-129", "-129",
      "{\"schema\":{\"type\":\"int16\",\"optional\":false},\"payload\":-129}" },
    { "32767", "32767",
      "{\"schema\":{\"type\":\"int16\",\"optional\":false},\"payload\":32767}" },
    { "32768", "32768",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false},\"payload\":32768}" },
    { "-32768", "-32768",
      "{\"schema\":{\"type\":\"int16\",\"optional\":false},\"payload\":-32768}" },
    { "-32769", "-32769",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false},\"payload\":-32769}" },
    { "2147483647", "2147483647",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false},\"payload\":2147483647}" },
    { "2147483648", "2147483648",
      "{\"schema\":{\"type\":\"int64\",\"optional\":false},\"payload\":2147483648}" },
    { "-2147483648", "-2147483648",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false},\"payload\":-2147483648}" },
    { "-2147483649", "-2147483649",
      "{\"schema\":{\"type\":\"int64\",\"optional\":false},\"payload\":-2147483649}" },
    { "9223372036854775807", "9223372036854775807",
      "{\"schema\":{\"type\":\"int64\",\"optional\":false},\"payload\":9223372036854775807}" },
    { "9223372036854775808", "9223372036854775808",
      "{\"schema\":{\"type\":\"bytes\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Decimal\",\"version\":1,\"parameters\":{\"scale\":\"0\"}},\"payload\":\"AIAAAAAAAAAA"
      "\"}" },
    { "-9223372036854775808", "-9223372036854775808",
      "{\"schema\":{\"type\":\"int64\",\"optional\":false},\"payload\":-9223372036854775808}" },
    { "-9223372036854775809", "-9223372036854775809",
      "{\"schema\":{\"type\":\"bytes\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Decimal\",\"version\":1,\"parameters\":{\"scale\":\"0\"}},\"payload\":\"/3//////////"
      "\"}" },
    { "9999999999999999999", "9999999999999999999",
      "{\"schema\":{\"type\":\"bytes\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Decimal\",\"version\":1,\"parameters\":{\"scale\":\"0\"}},\"payload\":\"AIrHIwSJ5///"
      "\"}" },
    { "10000000000000000000", "10000000000000000000",
      "{\"schema\":{\"type\":\"bytes\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Decimal\",\"version\":1,\"parameters\":{\"scale\":\"0\"}},\"payload\":\"AIrHIwSJ6AAA"
      "\"}" },
    { "10000000000000000001", "10000000000000000001",
      "{\"schema\":{\"type\":\"bytes\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Decimal\",\"version\":1,\"parameters\":{\"scale\":\"0\"}},\"payload\":\"AIrHIwSJ6AAB"
      "\"}" },
    { "-10000000000000000000", "-10000000000000000000",
      "{\"schema\":{\"type\":\"bytes\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Decimal\",\"version\":1,\"parameters\":{\"scale\":\"0\"}},\"payload\":\"/3U43Pt2GAAA"
      "\"}" },
    { "12345678901234567890123", "12345678901234567890123",
      "{\"schema\":{\"type\":\"bytes\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Decimal\",\"version\":1,\"parameters\":{\"scale\":\"0\"}},\"payload\":\"Ap1Ctk52cUJE"
      "yw==\"}" },
    { "1.0", "1",
      "{\"schema\":{\"type\":\"int8\",\"optional\":false},\"payload\":1}" },
    { "1.5", "1.5",
      "{\"schema\":{\"type\":\"float\",\"optional\":false},\"payload\":1.5}" },
    { "-1.5", "-1.5",
      "{\"schema\":{\"type\":\"float\",\"optional\":false},\"payload\":-1.5}" },
    { "0.5", "0.5",
      "{\"schema\":{\"type\":\"float\",\"optional\":false},\"payload\":0.5}" },
    { ".5", ".5",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\".5\"}" },
    { "5.", "5",
      "{\"schema\":{\"type\":\"int8\",\"optional\":false},\"payload\":5}" },
    { "1e3", "1000",
      "{\"schema\":{\"type\":\"int16\",\"optional\":false},\"payload\":1000}" },
    { "1E3", "1000",
      "{\"schema\":{\"type\":\"int16\",\"optional\":false},\"payload\":1000}" },
    { "1e+3", "1000",
      "{\"schema\":{\"type\":\"int16\",\"optional\":false},\"payload\":1000}" },
    { "1e-3", "0.001",
      "{\"schema\":{\"type\":\"float\",\"optional\":false},\"payload\":0.001}" },
    { "1.5e3", "1500",
      "{\"schema\":{\"type\":\"int16\",\"optional\":false},\"payload\":1500}" },
    { "1e19", "1.0E19",
      "{\"schema\":{\"type\":\"float\",\"optional\":false},\"payload\":1.0E19}" },
    { "1e20", "1.0E20",
      "{\"schema\":{\"type\":\"float\",\"optional\":false},\"payload\":1.0E20}" },
    { "1e38", "1.0E38",
      "{\"schema\":{\"type\":\"float\",\"optional\":false},\"payload\":1.0E38}" },
    { "1e39", "1.0E39",
      "{\"schema\":{\"type\":\"double\",\"optional\":false},\"payload\":1.0E39}" },
    { "3.4028235e38", "3.4028235E38",
      "{\"schema\":{\"type\":\"float\",\"optional\":false},\"payload\":3.4028235E38}" },
    { "3.4028236e38", "3.4028236E38",
      "{\"schema\":{\"type\":\"double\",\"optional\":false},\"payload\":3.4028236E38}" },
    { "3.40282357e38", "3.40282357E38",
      "{\"schema\":{\"type\":\"double\",\"optional\":false},\"payload\":3.40282357E38}" },
    { "1e308", "1.0E308",
      "{\"schema\":{\"type\":\"double\",\"optional\":false},\"payload\":1.0E308}" },
    { "1.7976931348623157e308", "1.7976931348623157E308",
      "{\"schema\":{\"type\":\"double\",\"optional\":false},\"payload\":1.7976931348623157E308}" },
    { "1.8e308", "1.8E+308",
      "{\"schema\":{\"type\":\"bytes\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Decimal\",\"version\":1,\"parameters\":{\"scale\":\"-307\"}},\"payload\":\"Eg==\"}" },
    { "1e400", "1E+400",
      "{\"schema\":{\"type\":\"bytes\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Decimal\",\"version\":1,\"parameters\":{\"scale\":\"-400\"}},\"payload\":\"AQ==\"}" },
    { "-1e400", "-1E+400",
      "{\"schema\":{\"type\":\"bytes\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Decimal\",\"version\":1,\"parameters\":{\"scale\":\"-400\"}},\"payload\":\"/w==\"}" },
    { "1e-400", "0.0",
      "{\"schema\":{\"type\":\"float\",\"optional\":false},\"payload\":0.0}" },
    { "1e-46", "0.0",
      "{\"schema\":{\"type\":\"float\",\"optional\":false},\"payload\":0.0}" },
    { "4.9e-324", "0.0",
      "{\"schema\":{\"type\":\"float\",\"optional\":false},\"payload\":0.0}" },
    { "1e-50", "0.0",
      "{\"schema\":{\"type\":\"float\",\"optional\":false},\"payload\":0.0}" },
    { "0.1", "0.1",
      "{\"schema\":{\"type\":\"float\",\"optional\":false},\"payload\":0.1}" },
    { "0.2", "0.2",
      "{\"schema\":{\"type\":\"float\",\"optional\":false},\"payload\":0.2}" },
    { "0.3", "0.3",
      "{\"schema\":{\"type\":\"float\",\"optional\":false},\"payload\":0.3}" },
    { "3.14159265358979", "3.1415927",
      "{\"schema\":{\"type\":\"float\",\"optional\":false},\"payload\":3.1415927}" },
    { "2.718281828459045", "2.7182817",
      "{\"schema\":{\"type\":\"float\",\"optional\":false},\"payload\":2.7182817}" },
    { "1e2147483647", "1E+2147483647",
      "{\"schema\":{\"type\":\"bytes\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Decimal\",\"version\":1,\"parameters\":{\"scale\":\"-2147483647\"}},\"payload\":\"AQ"
      "==\"}" },
    { "1e2147483648", "1e2147483648",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"1e2147483648\"}" },
    { "1e-2147483648", "1e-2147483648",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"1e-2147483648\"}" },
    { "1.5e-2147483647", "1.5e-2147483647",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"1.5e-2147483647\"}" },
    { "1.5e2147483647", "1.5E+2147483647",
      "{\"schema\":{\"type\":\"bytes\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Decimal\",\"version\":1,\"parameters\":{\"scale\":\"-2147483646\"}},\"payload\":\"Dw"
      "==\"}" },
    { "0e5", "0",
      "{\"schema\":{\"type\":\"int8\",\"optional\":false},\"payload\":0}" },
    { "0e-5", "0",
      "{\"schema\":{\"type\":\"int8\",\"optional\":false},\"payload\":0}" },
    { "0E+2147483647", "0",
      "{\"schema\":{\"type\":\"int8\",\"optional\":false},\"payload\":0}" },
    { "1e", "1e",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"1e\"}" },
    { "1e+", "1e+",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"1e+\"}" },
    { "1.2.3", "1.2.3",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"1.2.3\"}" },
    { "--1", "--1",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"--1\"}" },
    { "+-1", "+-1",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"+-1\"}" },
    { "-", "-",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"-\"}" },
    { "+", "+",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"+\"}" },
    { ".", ".",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\".\"}" },
    { "1 2", "1 2",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"1 2\"}" },
    { "1_000", "1_000",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"1_000\"}" },
    { "0x10", "0x10",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"0x10\"}" },
    { "0b1", "0b1",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"0b1\"}" },
    { "1f", "1f",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"1f\"}" },
    { "1d", "1d",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"1d\"}" },
    { "1L", "1L",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"1L\"}" },
    { "NaN", "NaN",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"NaN\"}" },
    { "Infinity", "Infinity",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"Infinity\"}" },
    { "-Infinity", "-Infinity",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"-Infinity\"}" },
    { "\331\241\331\242\331\243", "123",
      "{\"schema\":{\"type\":\"int8\",\"optional\":false},\"payload\":123}" },
    { "\331\241.\331\245", "1.5",
      "{\"schema\":{\"type\":\"float\",\"optional\":false},\"payload\":1.5}" },
    { "\331\241e\331\243", "1000",
      "{\"schema\":{\"type\":\"int16\",\"optional\":false},\"payload\":1000}" },
    { "\357\274\221\357\274\222\357\274\223", "123",
      "{\"schema\":{\"type\":\"int8\",\"optional\":false},\"payload\":123}" },
    { "\360\235\237\217\360\235\237\220", "\360\235\237\217\360\235\237\220",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"\\uD835\\uDFCF\\uD835"
      "\\uDFD0\"}" },
    { "12\331\243", "123",
      "{\"schema\":{\"type\":\"int8\",\"optional\":false},\"payload\":123}" },
    { "1e\331\243", "1000",
      "{\"schema\":{\"type\":\"int16\",\"optional\":false},\"payload\":1000}" },
    { "9.3e18", "9.3E18",
      "{\"schema\":{\"type\":\"float\",\"optional\":false},\"payload\":9.3E18}" },
    { "9300000000000000000", "9300000000000000000",
      "{\"schema\":{\"type\":\"bytes\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Decimal\",\"version\":1,\"parameters\":{\"scale\":\"0\"}},\"payload\":\"AIEQPLn7IgAA"
      "\"}" },
    { "1.00", "1",
      "{\"schema\":{\"type\":\"int8\",\"optional\":false},\"payload\":1}" },
    { "100e-2", "1",
      "{\"schema\":{\"type\":\"int8\",\"optional\":false},\"payload\":1}" },
    { "1000e-3", "1",
      "{\"schema\":{\"type\":\"int8\",\"optional\":false},\"payload\":1}" },
    { "0.000", "0",
      "{\"schema\":{\"type\":\"int8\",\"optional\":false},\"payload\":0}" },
    { "123.000", "123",
      "{\"schema\":{\"type\":\"int8\",\"optional\":false},\"payload\":123}" },
    { "1.23e2", "123",
      "{\"schema\":{\"type\":\"int8\",\"optional\":false},\"payload\":123}" },
    { "1.234e2", "123.4",
      "{\"schema\":{\"type\":\"float\",\"optional\":false},\"payload\":123.4}" },
    { "1111111111111111111111111111111111111111111111111111111111111111111111111111111111111111"
      "111111111111",
      "1111111111111111111111111111111111111111111111111111111111111111111111111111111111111111"
      "111111111111",
      "{\"schema\":{\"type\":\"bytes\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Decimal\",\"version\":1,\"parameters\":{\"scale\":\"0\"}},\"payload\":\"Aggvrtej8W9z"
      "BGQV3gFT8vp481kC8WhMsh1oBSxXHHHHHHHHHHHHHHHH\"}" },
    { "1.00000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
      "00000000000000",
      "1",
      "{\"schema\":{\"type\":\"int8\",\"optional\":false},\"payload\":1}" },
    { "0.000000000000000000000000000000000000000000000000001", "0.0",
      "{\"schema\":{\"type\":\"float\",\"optional\":false},\"payload\":0.0}" },
    { "999999999999999999999999999999.5", "1.0E30",
      "{\"schema\":{\"type\":\"float\",\"optional\":false},\"payload\":1.0E30}" },
    { "-9999999999999999999999999999999999999999", "-9999999999999999999999999999999999999999",
      "{\"schema\":{\"type\":\"bytes\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Decimal\",\"version\":1,\"parameters\":{\"scale\":\"0\"}},\"payload\":\"4pzWDjyjW0BU"
      "RgqfAAAAAAE=\"}" },
    { "1000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
      "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
      "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
      "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
      "0000000000000000000000000000000000000000000000000",
      "1000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
      "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
      "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
      "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
      "0000000000000000000000000000000000000000000000000",
      "{\"schema\":{\"type\":\"bytes\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Decimal\",\"version\":1,\"parameters\":{\"scale\":\"0\"}},\"payload\":\"AbTsf5GXP/PL"
      "HM8m+8F3w4225UWC3iWP9RkLi8FQr62zgDDl0Le/UBIOXA5q0Y5imFPOmUagsuzPbP3gr4Y0v43FpCf+QjbOWVm6"
      "oOd2zbR8SBPh4MdconHh0FngjkmWqkGTpIrTokYz69sy6fC4JDd+L6nBAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
      "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=\"}" },
    { "1e-7", "1.0E-7",
      "{\"schema\":{\"type\":\"float\",\"optional\":false},\"payload\":1.0E-7}" },
    { "1e-6", "1.0E-6",
      "{\"schema\":{\"type\":\"float\",\"optional\":false},\"payload\":1.0E-6}" },
    { "1.0e-7", "1.0E-7",
      "{\"schema\":{\"type\":\"float\",\"optional\":false},\"payload\":1.0E-7}" },
    { "0.001", "0.001",
      "{\"schema\":{\"type\":\"float\",\"optional\":false},\"payload\":0.001}" },
    { "0.0001", "1.0E-4",
      "{\"schema\":{\"type\":\"float\",\"optional\":false},\"payload\":1.0E-4}" },
    { "1e7", "10000000",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false},\"payload\":10000000}" },
    { "1e6", "1000000",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false},\"payload\":1000000}" },
    { "12345678", "12345678",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false},\"payload\":12345678}" },
    { "1234567.5", "1234567.5",
      "{\"schema\":{\"type\":\"float\",\"optional\":false},\"payload\":1234567.5}" },
    { "12345678.5", "1.2345678E7",
      "{\"schema\":{\"type\":\"float\",\"optional\":false},\"payload\":1.2345678E7}" },
    { "16777217.0", "16777217",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false},\"payload\":16777217}" },
    { "16777217.5", "1.6777218E7",
      "{\"schema\":{\"type\":\"float\",\"optional\":false},\"payload\":1.6777218E7}" },
    { "0.30000001", "0.3",
      "{\"schema\":{\"type\":\"float\",\"optional\":false},\"payload\":0.3}" },
    { "1.00000001", "1.0",
      "{\"schema\":{\"type\":\"float\",\"optional\":false},\"payload\":1.0}" },
    { "3.3e-44", "3.4E-44",
      "{\"schema\":{\"type\":\"float\",\"optional\":false},\"payload\":3.4E-44}" },
    { "7e-46", "0.0",
      "{\"schema\":{\"type\":\"float\",\"optional\":false},\"payload\":0.0}" },
    { "1e00000000000000000005", "100000",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false},\"payload\":100000}" },
    { "1e12345678901", "1e12345678901",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"1e12345678901\"}" },
    { "1e0000000000000000000000000000001", "10",
      "{\"schema\":{\"type\":\"int8\",\"optional\":false},\"payload\":10}" },
    { "1e-0", "1",
      "{\"schema\":{\"type\":\"int8\",\"optional\":false},\"payload\":1}" },
    { "1e+0", "1",
      "{\"schema\":{\"type\":\"int8\",\"optional\":false},\"payload\":1}" },
    { "+.5", "0.5",
      "{\"schema\":{\"type\":\"float\",\"optional\":false},\"payload\":0.5}" },
    { "-.5", "-0.5",
      "{\"schema\":{\"type\":\"float\",\"optional\":false},\"payload\":-0.5}" },
    { "-5.", "-5",
      "{\"schema\":{\"type\":\"int8\",\"optional\":false},\"payload\":-5}" },
    { "1.e5", "100000",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false},\"payload\":100000}" },
    { ".e5", ".e5",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\".e5\"}" },
    { "1.5E-5", "1.5E-5",
      "{\"schema\":{\"type\":\"float\",\"optional\":false},\"payload\":1.5E-5}" },
    { "5e-324", "0.0",
      "{\"schema\":{\"type\":\"float\",\"optional\":false},\"payload\":0.0}" },
    { "2e-324", "0.0",
      "{\"schema\":{\"type\":\"float\",\"optional\":false},\"payload\":0.0}" },
    { "1e-323", "0.0",
      "{\"schema\":{\"type\":\"float\",\"optional\":false},\"payload\":0.0}" },
    { "2.2250738585072014E-308", "0.0",
      "{\"schema\":{\"type\":\"float\",\"optional\":false},\"payload\":0.0}" },
    { "9007199254740993", "9007199254740993",
      "{\"schema\":{\"type\":\"int64\",\"optional\":false},\"payload\":9007199254740993}" },
    { "1.5 ", "1.5",
      "{\"schema\":{\"type\":\"float\",\"optional\":false},\"payload\":1.5}" },
    { " 1.5", "1.5",
      "{\"schema\":{\"type\":\"float\",\"optional\":false},\"payload\":1.5}" },
    { "1.5\t", "1.5",
      "{\"schema\":{\"type\":\"float\",\"optional\":false},\"payload\":1.5}" },
    { "0.1f", "0.1f",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"0.1f\"}" },
    { "123456789012345678901234567890.5", "1.2345679E29",
      "{\"schema\":{\"type\":\"float\",\"optional\":false},\"payload\":1.2345679E29}" },
    { "1.00000000000000000000e30", "1.0E30",
      "{\"schema\":{\"type\":\"float\",\"optional\":false},\"payload\":1.0E30}" },
    { "-1e19", "-1.0E19",
      "{\"schema\":{\"type\":\"float\",\"optional\":false},\"payload\":-1.0E19}" },
    { "-1e-19", "-1.0E-19",
      "{\"schema\":{\"type\":\"float\",\"optional\":false},\"payload\":-1.0E-19}" },
    { "1e-19", "1.0E-19",
      "{\"schema\":{\"type\":\"float\",\"optional\":false},\"payload\":1.0E-19}" },
    { "0.99999999999999999999", "1.0",
      "{\"schema\":{\"type\":\"float\",\"optional\":false},\"payload\":1.0}" },
    { "1.9999999999999999999", "2.0",
      "{\"schema\":{\"type\":\"float\",\"optional\":false},\"payload\":2.0}" },
    { "-0.5", "-0.5",
      "{\"schema\":{\"type\":\"float\",\"optional\":false},\"payload\":-0.5}" },
    { "+1.5e+5", "150000",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false},\"payload\":150000}" },
    { "2020-01-01", "2020-01-01",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Date\",\"version\":1},\"payload\":18262}" },
    { "2020-1-1xx", "2020-01-01",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Date\",\"version\":1},\"payload\":18262}" },
    { "2020-01-1x", "2020-01-01",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Date\",\"version\":1},\"payload\":18262}" },
    { "2020-13-01", "2021-01-01",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Date\",\"version\":1},\"payload\":18628}" },
    { "2020-02-30", "2020-03-01",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Date\",\"version\":1},\"payload\":18322}" },
    { "0000-01-01", "00:00:00.000Z",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Date\",\"version\":1},\"payload\":-719530}" },
    { "0001-01-01", "00:00:00.000Z",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Date\",\"version\":1},\"payload\":-719164}" },
    { "1582-10-10", "00:00:00.000Z",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Date\",\"version\":1},\"payload\":-141422}" },
    { "1582-10-04", "00:00:00.000Z",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Date\",\"version\":1},\"payload\":-141428}" },
    { "1582-10-15", "00:00:00.000Z",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Date\",\"version\":1},\"payload\":-141427}" },
    { "1582-10-05", "00:00:00.000Z",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Date\",\"version\":1},\"payload\":-141427}" },
    { "1000-01-01", "00:00:00.000Z",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Date\",\"version\":1},\"payload\":-354280}" },
    { "9999-12-31", "9999-12-31",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Date\",\"version\":1},\"payload\":2932896}" },
    { "2020-01-01T12:34:56.789Z", "2020-01-01T12:34:56.789Z",
      "{\"schema\":{\"type\":\"int64\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Timestamp\",\"version\":1},\"payload\":1577882096789}" },
    { "2020-01-01T12:34:56.789", "2020-01-01T12:34:56.789",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"2020-01-01T12:34:56.7"
      "89\"}" },
    { "2020-01-01T24:00:00.000Z", "2020-01-02",
      "{\"schema\":{\"type\":\"int64\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Timestamp\",\"version\":1},\"payload\":1577923200000}" },
    { "2020-01-01T12:34:56.789X", "2020-01-01T12:34:56.789X",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"2020-01-01T12:34:56.7"
      "89X\"}" },
    { "12:34:56.789Z", "12:34:56.789Z",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Time\",\"version\":1},\"payload\":45296789}" },
    { "12:34:56.789X", "12",
      "{\"schema\":{\"type\":\"int8\",\"optional\":false},\"payload\":12}" },
    { "00:00:00.000Z", "00:00:00.000Z",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Time\",\"version\":1},\"payload\":0}" },
    { "23:59:59.999Z", "23:59:59.999Z",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Time\",\"version\":1},\"payload\":86399999}" },
    { "24:00:00.000Z", "1970-01-02",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Time\",\"version\":1},\"payload\":86400000}" },
    { "25:00:00.000Z", "1970-01-02T01:00:00.000Z",
      NULL },
    { "99:99:99.999Z", "1970-01-05T04:40:39.999Z",
      NULL },
    { "12:34:56.7890", "12",
      "{\"schema\":{\"type\":\"int8\",\"optional\":false},\"payload\":12}" },
    { "1:2:3.4Z", "1",
      "{\"schema\":{\"type\":\"int8\",\"optional\":false},\"payload\":1}" },
    { "12\\:34\\:56.789Z", "12:34:56.789Z",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Time\",\"version\":1},\"payload\":45296789}" },
    { "12:34:56.789Z,foo", "12:34:56.789Z",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Time\",\"version\":1},\"payload\":45296789}" },
    { "12:34:56.789Z]", "12:34:56.789Z",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Time\",\"version\":1},\"payload\":45296789}" },
    { "2020-01-01]", "2020-01-01",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Date\",\"version\":1},\"payload\":18262}" },
    { "2020-01-01,x", "2020-01-01",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Date\",\"version\":1},\"payload\":18262}" },
    { "2020-01-01 ", "2020-01-01",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Date\",\"version\":1},\"payload\":18262}" },
    { " 2020-01-01", "2020-01-01",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Date\",\"version\":1},\"payload\":18262}" },
    { "2020-01-01x", "2020-01-01x",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"2020-01-01x\"}" },
    { "20200101", "20200101",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false},\"payload\":20200101}" },
    { "2020/01/01", "2020/01/01",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"2020/01/01\"}" },
    { "\331\242\331\240\331\242\331\240-\331\240\331\241-\331\240\331\241", "2020-01-01",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Date\",\"version\":1},\"payload\":18262}" },
    { "1E3-01-01", "1E3-01-01",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"1E3-01-01\"}" },
    { "2020-01-01T00:00:00.000Z", "2020-01-01",
      "{\"schema\":{\"type\":\"int64\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Timestamp\",\"version\":1},\"payload\":1577836800000}" },
    { "1970-01-01T00:00:00.000Z", "00:00:00.000Z",
      "{\"schema\":{\"type\":\"int64\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Timestamp\",\"version\":1},\"payload\":0}" },
    { "1969-12-31T23:59:59.999Z", "23:59:59.999Z",
      "{\"schema\":{\"type\":\"int64\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Timestamp\",\"version\":1},\"payload\":-1}" },
    { "12:34:5 .789Z", "12",
      "{\"schema\":{\"type\":\"int8\",\"optional\":false},\"payload\":12}" },
    { "12:34: 5.789Z", "12:34:05.789Z",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Time\",\"version\":1},\"payload\":45245789}" },
    { "2020-1 -01", "2020-1 -01",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"2020-1 -01\"}" },
    { "2020- 1-01", "2020-01-01",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Date\",\"version\":1},\"payload\":18262}" },
    { "2020-01-01T12:34:56.789Z extra", "2020-01-01T12:34:56.789Z extra",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"2020-01-01T12:34:56.7"
      "89Z extra\"}" },
    { "12345:0:0.0Z", "12345",
      "{\"schema\":{\"type\":\"int16\",\"optional\":false},\"payload\":12345}" },
    { "12:34:56.789Z ", "12",
      "{\"schema\":{\"type\":\"int8\",\"optional\":false},\"payload\":12}" },
    { " 12:34:56.789Z", "12:34:56.789Z",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Time\",\"version\":1},\"payload\":45296789}" },
    { "1234567890", "1234567890",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false},\"payload\":1234567890}" },
    { "2020-01-01T12\\:34\\:56.789Z", "2020-01-01T12:34:56.789Z",
      "{\"schema\":{\"type\":\"int64\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Timestamp\",\"version\":1},\"payload\":1577882096789}" },
    { "2020-01-0112:34:56.789Z", "2020-01-0112:34:56.789Z",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"2020-01-0112:34:56.78"
      "9Z\"}" },
    { "12:34:56,789Z", "12",
      "{\"schema\":{\"type\":\"int8\",\"optional\":false},\"payload\":12}" },
    { "12:34:56.789Zabc", "12",
      "{\"schema\":{\"type\":\"int8\",\"optional\":false},\"payload\":12}" },
    { "0:0:0.0Z12345", "00:00:00.000Z",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Time\",\"version\":1},\"payload\":0}" },
    { "2020-01-01T1:2:3.4Zxxxxxx", "2020-01-01T1:2:3.4Zxxxxxx",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"2020-01-01T1:2:3.4Zxx"
      "xxxx\"}" },
    { "9999-99-99", "10007-06-07",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Date\",\"version\":1},\"payload\":2935611}" },
    { "2020-00-00", "2019-11-30",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Date\",\"version\":1},\"payload\":18230}" },
    { "2020--1-01", "2019-11-01",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Date\",\"version\":1},\"payload\":18201}" },
    { "2020-01--1", "2019-12-30",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Date\",\"version\":1},\"payload\":18260}" },
    { "2020-1E1-01", "2020-1E1-01",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"2020-1E1-01\"}" },
    { "1-1-1xxxxx", "00:00:00.000Z",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Date\",\"version\":1},\"payload\":-719164}" },
    { "12:34:56.-01Z", "12:34:55.999Z",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Time\",\"version\":1},\"payload\":45295999}" },
    { "-1:00:00.000Z", "-1",
      "{\"schema\":{\"type\":\"int8\",\"optional\":false},\"payload\":-1}" },
    { "2020-01-01T-1:00:00.000Z", "2019-12-31T23:00:00.000Z",
      "{\"schema\":{\"type\":\"int64\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Timestamp\",\"version\":1},\"payload\":1577833200000}" },
    { "20\331\243\331\240-01-01", "2030-01-01",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Date\",\"version\":1},\"payload\":21915}" },
    { "2020-01-01\303\251", "2020-01-01\303\251",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"2020-01-01\303\251\"}" },
    { "2020-01-\360\237\230\200", "2020-01-\360\237\230\200",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"2020-01-\\uD83D\\uDE0"
      "0\"}" },
    { "12:34\\:56.789Z", "12",
      "{\"schema\":{\"type\":\"int8\",\"optional\":false},\"payload\":12}" },
    { "12\\:34:56.789Z", "12\\:34:56.789Z",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"12\\\\:34:56.789Z\"}" },
    { "1\\:2\\:3\\:4\\:5\\:6\\:7", "1\\:2\\:3\\:4\\:5\\:6\\:7",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"1\\\\:2\\\\:3\\\\:4\\"
      "\\:5\\\\:6\\\\:7\"}" },
    { "2020-01-01T00:00:00.000Z,2", "2020-01-01",
      "{\"schema\":{\"type\":\"int64\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Timestamp\",\"version\":1},\"payload\":1577836800000}" },
    { "292278994-08-17", "292278994-08-17",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"292278994-08-17\"}" },
    { "1-1-1T1:1:1.1Z1234567890", "01:01:01.001Z",
      "{\"schema\":{\"type\":\"int64\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Timestamp\",\"version\":1},\"payload\":-62135765938999}" },
    { "10000-1-1x", "10000-01-01",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Date\",\"version\":1},\"payload\":2932897}" },
    { "9E9-1-1xx", "9E9-1-1xx",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"9E9-1-1xx\"}" },
    { "5E8-1-1xx", "5E8-1-1xx",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"5E8-1-1xx\"}" },
    { "2020\t-01-01", "2020\t-01-01",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"2020\\t-01-01\"}" },
    { "[]", "[]",
      "{\"schema\":{\"type\":\"array\",\"items\":null,\"optional\":false},\"payload\":[]}" },
    { "[ ]", "[]",
      "{\"schema\":{\"type\":\"array\",\"items\":null,\"optional\":false},\"payload\":[]}" },
    { "[1]", "[1]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"int8\",\"optional\":false},\"optio"
      "nal\":false},\"payload\":[1]}" },
    { "[1,2]", "[1,2]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"int8\",\"optional\":false},\"optio"
      "nal\":false},\"payload\":[1,2]}" },
    { "[1,2,3]", "[1,2,3]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"int8\",\"optional\":false},\"optio"
      "nal\":false},\"payload\":[1,2,3]}" },
    { " [1,2]", "[1,2]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"int8\",\"optional\":false},\"optio"
      "nal\":false},\"payload\":[1,2]}" },
    { "[1,2] ", "[1,2]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"int8\",\"optional\":false},\"optio"
      "nal\":false},\"payload\":[1,2]}" },
    { "[1, 2]", "[1,2]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"int8\",\"optional\":false},\"optio"
      "nal\":false},\"payload\":[1,2]}" },
    { "[ 1 , 2 ]", "[1,2]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"int8\",\"optional\":false},\"optio"
      "nal\":false},\"payload\":[1,2]}" },
    { "[1,2", "[1,2",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[1,2\"}" },
    { " [1,2", " ",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\" \"}" },
    { "[1,", "[1,",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[1,\"}" },
    { "[1,]", "[1]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"int8\",\"optional\":false},\"optio"
      "nal\":false},\"payload\":[1]}" },
    { "[1, ]", "[1]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"int8\",\"optional\":false},\"optio"
      "nal\":false},\"payload\":[1]}" },
    { "[,1]", "[,1]",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[,1]\"}" },
    { "[1,,2]", "[1,,2]",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[1,,2]\"}" },
    { "[1 2]", "[1 2]",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[1 2]\"}" },
    { "[1]]", "[1]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"int8\",\"optional\":false},\"optio"
      "nal\":false},\"payload\":[1]}" },
    { "[[1]", "[[1]",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[[1]\"}" },
    { "[[1],[2]]", "[[1],[2]]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"array\",\"items\":{\"type\":\"int8"
      "\",\"optional\":false},\"optional\":false},\"optional\":false},\"payload\":[[1],[2]]}" },
    { "[[1],[2,3]]", "[[1],[2,3]]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"array\",\"items\":{\"type\":\"int8"
      "\",\"optional\":false},\"optional\":false},\"optional\":false},\"payload\":[[1],[2,3]]}" },
    { "[1,\"a\"]", "[1,\"a\"]",
      "{\"schema\":{\"type\":\"array\",\"items\":null,\"optional\":false},\"payload\":[1,\"a\"]"
      "}" },
    { "[\"a\",1]", "[\"a\",1]",
      "{\"schema\":{\"type\":\"array\",\"items\":null,\"optional\":false},\"payload\":[\"a\",1]"
      "}" },
    { "[1,1.5]", "[1.0,1.5]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"float\",\"optional\":false},\"opti"
      "onal\":false},\"payload\":[1.0,1.5]}" },
    { "[1.5,1]", "[1.5,1.0]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"float\",\"optional\":false},\"opti"
      "onal\":false},\"payload\":[1.5,1.0]}" },
    { "[1,1000]", "[1,1000]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"int16\",\"optional\":false},\"opti"
      "onal\":false},\"payload\":[1,1000]}" },
    { "[1000,1]", "[1000,1]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"int16\",\"optional\":false},\"opti"
      "onal\":false},\"payload\":[1000,1]}" },
    { "[1,100000]", "[1,100000]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"int32\",\"optional\":false},\"opti"
      "onal\":false},\"payload\":[1,100000]}" },
    { "[1,10000000000]", "[1,10000000000]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"int64\",\"optional\":false},\"opti"
      "onal\":false},\"payload\":[1,10000000000]}" },
    { "[1,1e39]", "[1.0,1.0E39]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"double\",\"optional\":false},\"opt"
      "ional\":false},\"payload\":[1.0,1.0E39]}" },
    { "[0.1,1e39]", "[0.10000000149011612,1.0E39]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"double\",\"optional\":false},\"opt"
      "ional\":false},\"payload\":[0.10000000149011612,1.0E39]}" },
    { "[16777217,1.5]", "[1.6777216E7,1.5]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"float\",\"optional\":false},\"opti"
      "onal\":false},\"payload\":[1.6777216E7,1.5]}" },
    { "[9223372036854775807,1.5]", "[9.223372E18,1.5]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"float\",\"optional\":false},\"opti"
      "onal\":false},\"payload\":[9.223372E18,1.5]}" },
    { "[9223372036854775807,1e39]", "[9.223372036854776E18,1.0E39]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"double\",\"optional\":false},\"opt"
      "ional\":false},\"payload\":[9.223372036854776E18,1.0E39]}" },
    { "[1,true]", "[1,true]",
      "{\"schema\":{\"type\":\"array\",\"items\":null,\"optional\":false},\"payload\":[1,true]}" },
    { "[true,false]", "[true,false]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"boolean\",\"optional\":false},\"op"
      "tional\":false},\"payload\":[true,false]}" },
    { "[true,1]", "[true,1]",
      "{\"schema\":{\"type\":\"array\",\"items\":null,\"optional\":false},\"payload\":[true,1]}" },
    { "[null,1]", "[null,1]",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[null,1]\"}" },
    { "[1,null]", "[1,null]",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[1,null]\"}" },
    { "[\"a\",null]", "[\"a\",null]",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[\\\"a\\\",null]\"}" },
    { "[\"a\"]", "[\"a\"]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"optional\":false},\"opt"
      "ional\":false},\"payload\":[\"a\"]}" },
    { "[\"a\",\"b\"]", "[\"a\",\"b\"]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"optional\":false},\"opt"
      "ional\":false},\"payload\":[\"a\",\"b\"]}" },
    { "[a]", "[a]",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[a]\"}" },
    { "[a,b]", "[a,b]",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[a,b]\"}" },
    { "[\"a, b\"]", "[\"a, b\"]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"optional\":false},\"opt"
      "ional\":false},\"payload\":[\"a, b\"]}" },
    { "[\"a\\\"b\"]", "[\"a\\\\\\\"b\"]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"optional\":false},\"opt"
      "ional\":false},\"payload\":[\"a\\\\\\\"b\"]}" },
    { "[\"a\\\\\"]", "[\"a\\\\\\\\\"]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"optional\":false},\"opt"
      "ional\":false},\"payload\":[\"a\\\\\\\\\"]}" },
    { "[\"\"]", "[\"\"]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"optional\":false},\"opt"
      "ional\":false},\"payload\":[\"\"]}" },
    { "[\" \"]", "[\"\"]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"optional\":false},\"opt"
      "ional\":false},\"payload\":[\"\"]}" },
    { "[\"a\" , \"b\"]", "[\"a\",\"b\"]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"optional\":false},\"opt"
      "ional\":false},\"payload\":[\"a\",\"b\"]}" },
    { "[\"2020-01-01\"]", "[2020-01-01]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"int32\",\"optional\":false,\"name"
      "\":\"org.apache.kafka.connect.data.Date\",\"version\":1},\"optional\":false},\"payload\""
      ":[18262]}" },
    { "[1,\"2020-01-01\"]", "[1970-01-02,2020-01-01]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"int32\",\"optional\":false,\"name"
      "\":\"org.apache.kafka.connect.data.Date\",\"version\":1},\"optional\":false},\"payload\""
      ":[1,18262]}" },
    { "[\"2020-01-01\",1]", "[2020-01-01,1970-01-02]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"int32\",\"optional\":false,\"name"
      "\":\"org.apache.kafka.connect.data.Date\",\"version\":1},\"optional\":false},\"payload\""
      ":[18262,1]}" },
    { "[\"2020-01-01\",70000]", "[\"2020-01-01\",70000]",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[\\\"2020-01-01\\\",7"
      "0000]\"}" },
    { "[70000,\"2020-01-01\"]", "[2161-08-27,2020-01-01]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"int32\",\"optional\":false,\"name"
      "\":\"org.apache.kafka.connect.data.Date\",\"version\":1},\"optional\":false},\"payload\""
      ":[70000,18262]}" },
    { "[\"2020-01-01\",\"12:00:00.000Z\"]", "[2020-01-01,12:00:00.000Z]",
      NULL },
    { "[\"00:00:00.000Z\",\"2020-01-01\"]", "[00:00:00.000Z,2020-01-01]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"int32\",\"optional\":false,\"name"
      "\":\"org.apache.kafka.connect.data.Date\",\"version\":1},\"optional\":false},\"payload\""
      ":[0,18262]}" },
    { "[\"12:00:00.000Z\",\"2020-01-01T00:00:00.000Z\"]", "[12:00:00.000Z,2020-01-01]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"int64\",\"optional\":false,\"name"
      "\":\"org.apache.kafka.connect.data.Timestamp\",\"version\":1},\"optional\":false},\"payl"
      "oad\":[43200000,1577836800000]}" },
    { "[\"2020-01-01T00:00:00.000Z\",\"12:00:00.000Z\"]", "[2020-01-01,12:00:00.000Z]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"int64\",\"optional\":false,\"name"
      "\":\"org.apache.kafka.connect.data.Timestamp\",\"version\":1},\"optional\":false},\"payl"
      "oad\":[1577836800000,43200000]}" },
    { "[1,\"12:00:00.000Z\"]", "[00:00:00.001Z,12:00:00.000Z]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"int32\",\"optional\":false,\"name"
      "\":\"org.apache.kafka.connect.data.Time\",\"version\":1},\"optional\":false},\"payload\""
      ":[1,43200000]}" },
    { "[100000000,\"12:00:00.000Z\"]", "[100000000,\"12:00:00.000Z\"]",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[100000000,\\\"12:00:"
      "00.000Z\\\"]\"}" },
    { "[-1,\"12:00:00.000Z\"]", "[-1,\"12:00:00.000Z\"]",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[-1,\\\"12:00:00.000Z"
      "\\\"]\"}" },
    { "[86400000,\"12:00:00.000Z\"]", "[1970-01-02,12:00:00.000Z]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"int32\",\"optional\":false,\"name"
      "\":\"org.apache.kafka.connect.data.Time\",\"version\":1},\"optional\":false},\"payload\""
      ":[86400000,43200000]}" },
    { "[86400001,\"12:00:00.000Z\"]", "[86400001,\"12:00:00.000Z\"]",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[86400001,\\\"12:00:0"
      "0.000Z\\\"]\"}" },
    { "[1.5,\"2020-01-01\"]", "[1.5,\"2020-01-01\"]",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[1.5,\\\"2020-01-01\\"
      "\"]\"}" },
    { "[\"2020-01-01\",1.5]", "[\"2020-01-01\",1.5]",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[\\\"2020-01-01\\\",1"
      ".5]\"}" },
    { "[2020-01-01]", "[2020-01-01]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"int32\",\"optional\":false,\"name"
      "\":\"org.apache.kafka.connect.data.Date\",\"version\":1},\"optional\":false},\"payload\""
      ":[18262]}" },
    { "[12:34:56.789Z]", "[12:34:56.789Z]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"int32\",\"optional\":false,\"name"
      "\":\"org.apache.kafka.connect.data.Time\",\"version\":1},\"optional\":false},\"payload\""
      ":[45296789]}" },
    { "[2020-01-01T12:34:56.789Z]", "[2020-01-01T12:34:56.789Z]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"int64\",\"optional\":false,\"name"
      "\":\"org.apache.kafka.connect.data.Timestamp\",\"version\":1},\"optional\":false},\"payl"
      "oad\":[1577882096789]}" },
    { "[12:34:56.789Z,1]", "[12:34:56.789Z,00:00:00.001Z]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"int32\",\"optional\":false,\"name"
      "\":\"org.apache.kafka.connect.data.Time\",\"version\":1},\"optional\":false},\"payload\""
      ":[45296789,1]}" },
    { "[1,12:34:56.789Z]", "[00:00:00.001Z,12:34:56.789Z]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"int32\",\"optional\":false,\"name"
      "\":\"org.apache.kafka.connect.data.Time\",\"version\":1},\"optional\":false},\"payload\""
      ":[1,45296789]}" },
    { "[1e400]", "[1E+400]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"bytes\",\"optional\":false,\"name"
      "\":\"org.apache.kafka.connect.data.Decimal\",\"version\":1,\"parameters\":{\"scale\":\"-"
      "400\"}},\"optional\":false},\"payload\":[\"AQ==\"]}" },
    { "[1e400,15e399]", "[1E+400,1.5E+400]",
      NULL },
    { "[15e399,1e400]", "[1.5E+400,1E+400]",
      NULL },
    { "[1,[2]]", "[1,[2]]",
      "{\"schema\":{\"type\":\"array\",\"items\":null,\"optional\":false},\"payload\":[1,[2]]}" },
    { "[[1],2]", "[[1],2]",
      "{\"schema\":{\"type\":\"array\",\"items\":null,\"optional\":false},\"payload\":[[1],2]}" },
    { "[{}]", "[{}]",
      NULL },
    { "[{},{}]", "[{},{}]",
      NULL },
    { "[{\"a\":1},{\"b\":2}]", "[{\"a\":1},{\"b\":2}]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"map\",\"keys\":{\"type\":\"string"
      "\",\"optional\":false},\"values\":{\"type\":\"int8\",\"optional\":false},\"optional\":fa"
      "lse},\"optional\":false},\"payload\":[{\"a\":1},{\"b\":2}]}" },
    { "[[],[1]]", "[[],[1]]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"array\",\"items\":{\"type\":\"int8"
      "\",\"optional\":false},\"optional\":false},\"optional\":false},\"payload\":[[],[1]]}" },
    { "[[1],[]]", "[[1],[]]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"array\",\"items\":null,\"optional"
      "\":false},\"optional\":false},\"payload\":[[1],[]]}" },
    { "[[]]", "[[]]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"array\",\"items\":null,\"optional"
      "\":false},\"optional\":false},\"payload\":[[]]}" },
    { "[[[]]]", "[[[]]]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"array\",\"items\":{\"type\":\"arra"
      "y\",\"items\":null,\"optional\":false},\"optional\":false},\"optional\":false},\"payload"
      "\":[[[]]]}" },
    { "[0.1,0.2]", "[0.1,0.2]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"float\",\"optional\":false},\"opti"
      "onal\":false},\"payload\":[0.1,0.2]}" },
    { "[-0.0]", "[0]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"int8\",\"optional\":false},\"optio"
      "nal\":false},\"payload\":[0]}" },
    { "[1,2,3,4,5,6,7,8,9,10]", "[1,2,3,4,5,6,7,8,9,10]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"int8\",\"optional\":false},\"optio"
      "nal\":false},\"payload\":[1,2,3,4,5,6,7,8,9,10]}" },
    { "[\"a\",\"b\"c]", "[\"a\",\"b\"c]",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[\\\"a\\\",\\\"b\\\"c"
      "]\"}" },
    { "[\"a\"\"b\"]", "[\"a\"\"b\"]",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[\\\"a\\\"\\\"b\\\"]"
      "\"}" },
    { "[\"abc]", "[\"abc]",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[\\\"abc]\"}" },
    { "[\"abc", "[\"abc",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[\\\"abc\"}" },
    { "[true]", "[true]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"boolean\",\"optional\":false},\"op"
      "tional\":false},\"payload\":[true]}" },
    { "[true ]", "[true]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"boolean\",\"optional\":false},\"op"
      "tional\":false},\"payload\":[true]}" },
    { "[truex]", "[truex]",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[truex]\"}" },
    { "[1x]", "[1x]",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[1x]\"}" },
    { "[-]", "[-]",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[-]\"}" },
    { "[+1]", "[1]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"int8\",\"optional\":false},\"optio"
      "nal\":false},\"payload\":[1]}" },
    { "[\331\243]", "[3]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"int8\",\"optional\":false},\"optio"
      "nal\":false},\"payload\":[3]}" },
    { "[ \t1\t]", "[1]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"int8\",\"optional\":false},\"optio"
      "nal\":false},\"payload\":[1]}" },
    { "[\"2020-01-01\",\"2020-01-02\"]", "[2020-01-01,2020-01-02]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"int32\",\"optional\":false,\"name"
      "\":\"org.apache.kafka.connect.data.Date\",\"version\":1},\"optional\":false},\"payload\""
      ":[18262,18263]}" },
    { "[\"12:34:56.789Z\"]", "[12:34:56.789Z]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"int32\",\"optional\":false,\"name"
      "\":\"org.apache.kafka.connect.data.Time\",\"version\":1},\"optional\":false},\"payload\""
      ":[45296789]}" },
    { "[\"2020-01-01T12:34:56.789Z\",1]", "[2020-01-01T12:34:56.789Z,00:00:00.001Z]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"int64\",\"optional\":false,\"name"
      "\":\"org.apache.kafka.connect.data.Timestamp\",\"version\":1},\"optional\":false},\"payl"
      "oad\":[1577882096789,1]}" },
    { "[1,\"2020-01-01T12:34:56.789Z\"]", "[00:00:00.001Z,2020-01-01T12:34:56.789Z]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"int64\",\"optional\":false,\"name"
      "\":\"org.apache.kafka.connect.data.Timestamp\",\"version\":1},\"optional\":false},\"payl"
      "oad\":[1,1577882096789]}" },
    { "[\"2020-01-01T12:34:56.789Z\",1.5]", "[\"2020-01-01T12:34:56.789Z\",1.5]",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[\\\"2020-01-01T12:34"
      ":56.789Z\\\",1.5]\"}" },
    { "[1e39,1]", "[1.0E39,1.0]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"double\",\"optional\":false},\"opt"
      "ional\":false},\"payload\":[1.0E39,1.0]}" },
    { "[1e39,1.5]", "[1.0E39,1.5]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"double\",\"optional\":false},\"opt"
      "ional\":false},\"payload\":[1.0E39,1.5]}" },
    { "[1.5,1e39]", "[1.5,1.0E39]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"double\",\"optional\":false},\"opt"
      "ional\":false},\"payload\":[1.5,1.0E39]}" },
    { "[[1,2],[3,4]]", "[[1,2],[3,4]]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"array\",\"items\":{\"type\":\"int8"
      "\",\"optional\":false},\"optional\":false},\"optional\":false},\"payload\":[[1,2],[3,4]]"
      "}" },
    { "[[1e400],[15e399]]", "[[1E+400],[1.5E+400]]",
      NULL },
    { "[[null],[1]]", "[[null],[1]]",
      NULL },
    { "[true,\"x\"]", "[true,\"x\"]",
      "{\"schema\":{\"type\":\"array\",\"items\":null,\"optional\":false},\"payload\":[true,\"x"
      "\"]}" },
    { "[[1],\"a\"]", "[[1],\"a\"]",
      "{\"schema\":{\"type\":\"array\",\"items\":null,\"optional\":false},\"payload\":[[1],\"a"
      "\"]}" },
    { "[\"\\\\\",\"\\\"\"]", "[\"\\\\\\\\\",\"\\\\\\\"\"]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"optional\":false},\"opt"
      "ional\":false},\"payload\":[\"\\\\\\\\\",\"\\\\\\\"\"]}" },
    { "[\"a\\,b\"]", "[\"a\\\\,b\"]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"optional\":false},\"opt"
      "ional\":false},\"payload\":[\"a\\\\,b\"]}" },
    { "[a\\,b]", "[a\\,b]",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[a\\\\,b]\"}" },
    { "[\"a\"b]", "[\"a\"b]",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[\\\"a\\\"b]\"}" },
    { "[\"a\":1]", "[\"a\":1]",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[\\\"a\\\":1]\"}" },
    { "[1:2]", "[1:2]",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[1:2]\"}" },
    { "[{]", "[{]",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[{]\"}" },
    { "[}]", "[}]",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[}]\"}" },
    { "[[]", "[[]",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[[]\"}" },
    { "[]]", "[]",
      "{\"schema\":{\"type\":\"array\",\"items\":null,\"optional\":false},\"payload\":[]}" },
    { "[][]", "[]",
      "{\"schema\":{\"type\":\"array\",\"items\":null,\"optional\":false},\"payload\":[]}" },
    { "[] ", "[]",
      "{\"schema\":{\"type\":\"array\",\"items\":null,\"optional\":false},\"payload\":[]}" },
    { " []", "[]",
      "{\"schema\":{\"type\":\"array\",\"items\":null,\"optional\":false},\"payload\":[]}" },
    { "[],", "[]",
      "{\"schema\":{\"type\":\"array\",\"items\":null,\"optional\":false},\"payload\":[]}" },
    { "[1]x", "[1]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"int8\",\"optional\":false},\"optio"
      "nal\":false},\"payload\":[1]}" },
    { "[1] [2]", "[1]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"int8\",\"optional\":false},\"optio"
      "nal\":false},\"payload\":[1]}" },
    { "[[[[[1]]]]]", "[[[[[1]]]]]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"array\",\"items\":{\"type\":\"arra"
      "y\",\"items\":{\"type\":\"array\",\"items\":{\"type\":\"array\",\"items\":{\"type\":\"in"
      "t8\",\"optional\":false},\"optional\":false},\"optional\":false},\"optional\":false},\"o"
      "ptional\":false},\"optional\":false},\"payload\":[[[[[1]]]]]}" },
    { "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]"
      "]]]]]]]]]]]]]",
      "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]"
      "]]]]]]]]]]]]]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"array\",\"items\":{\"type\":\"arra"
      "y\",\"items\":{\"type\":\"array\",\"items\":{\"type\":\"array\",\"items\":{\"type\":\"ar"
      "ray\",\"items\":{\"type\":\"array\",\"items\":{\"type\":\"array\",\"items\":{\"type\":\""
      "array\",\"items\":{\"type\":\"array\",\"items\":{\"type\":\"array\",\"items\":{\"type\":"
      "\"array\",\"items\":{\"type\":\"array\",\"items\":{\"type\":\"array\",\"items\":{\"type"
      "\":\"array\",\"items\":{\"type\":\"array\",\"items\":{\"type\":\"array\",\"items\":{\"ty"
      "pe\":\"array\",\"items\":{\"type\":\"array\",\"items\":{\"type\":\"array\",\"items\":{\""
      "type\":\"array\",\"items\":{\"type\":\"array\",\"items\":{\"type\":\"array\",\"items\":{"
      "\"type\":\"array\",\"items\":{\"type\":\"array\",\"items\":{\"type\":\"array\",\"items\""
      ":{\"type\":\"array\",\"items\":{\"type\":\"array\",\"items\":{\"type\":\"array\",\"items"
      "\":{\"type\":\"array\",\"items\":{\"type\":\"array\",\"items\":{\"type\":\"array\",\"ite"
      "ms\":{\"type\":\"array\",\"items\":{\"type\":\"array\",\"items\":{\"type\":\"array\",\"i"
      "tems\":{\"type\":\"array\",\"items\":{\"type\":\"array\",\"items\":{\"type\":\"array\","
      "\"items\":{\"type\":\"array\",\"items\":{\"type\":\"array\",\"items\":{\"type\":\"array"
      "\",\"items\":{\"type\":\"array\",\"items\":{\"type\":\"array\",\"items\":{\"type\":\"arr"
      "ay\",\"items\":{\"type\":\"array\",\"items\":{\"type\":\"array\",\"items\":{\"type\":\"a"
      "rray\",\"items\":{\"type\":\"array\",\"items\":{\"type\":\"array\",\"items\":{\"type\":"
      "\"array\",\"items\":{\"type\":\"int8\",\"optional\":false},\"optional\":false},\"optiona"
      "l\":false},\"optional\":false},\"optional\":false},\"optional\":false},\"optional\":fals"
      "e},\"optional\":false},\"optional\":false},\"optional\":false},\"optional\":false},\"opt"
      "ional\":false},\"optional\":false},\"optional\":false},\"optional\":false},\"optional\":"
      "false},\"optional\":false},\"optional\":false},\"optional\":false},\"optional\":false},"
      "\"optional\":false},\"optional\":false},\"optional\":false},\"optional\":false},\"option"
      "al\":false},\"optional\":false},\"optional\":false},\"optional\":false},\"optional\":fal"
      "se},\"optional\":false},\"optional\":false},\"optional\":false},\"optional\":false},\"op"
      "tional\":false},\"optional\":false},\"optional\":false},\"optional\":false},\"optional\""
      ":false},\"optional\":false},\"optional\":false},\"optional\":false},\"optional\":false},"
      "\"optional\":false},\"optional\":false},\"optional\":false},\"optional\":false},\"option"
      "al\":false},\"optional\":false},\"optional\":false},\"optional\":false},\"optional\":fal"
      "se},\"payload\":[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]"
      "]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}" },
    { "[1,-0]", "[1,0]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"int8\",\"optional\":false},\"optio"
      "nal\":false},\"payload\":[1,0]}" },
    { "[0.5,2]", "[0.5,2.0]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"float\",\"optional\":false},\"opti"
      "onal\":false},\"payload\":[0.5,2.0]}" },
    { "[2,0.5]", "[2.0,0.5]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"float\",\"optional\":false},\"opti"
      "onal\":false},\"payload\":[2.0,0.5]}" },
    { "[1,2147483648]", "[1,2147483648]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"int64\",\"optional\":false},\"opti"
      "onal\":false},\"payload\":[1,2147483648]}" },
    { "[1,\"a\"", "[1,\"a\"",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[1,\\\"a\\\"\"}" },
    { "[\"2020-01-01\",null]", "[\"2020-01-01\",null]",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[\\\"2020-01-01\\\",n"
      "ull]\"}" },
    { "[null,\"2020-01-01\"]", "[null,\"2020-01-01\"]",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[null,\\\"2020-01-01"
      "\\\"]\"}" },
    { "[\"12\\:00\\:00.000Z\"]", "[12:00:00.000Z]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"int32\",\"optional\":false,\"name"
      "\":\"org.apache.kafka.connect.data.Time\",\"version\":1},\"optional\":false},\"payload\""
      ":[43200000]}" },
    { "[ \"a\" ]", "[\"a\"]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"optional\":false},\"opt"
      "ional\":false},\"payload\":[\"a\"]}" },
    { "[\" a \"]", "[\" a \"]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"optional\":false},\"opt"
      "ional\":false},\"payload\":[\" a \"]}" },
    { "[\"a\" ,]", "[\"a\"]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"optional\":false},\"opt"
      "ional\":false},\"payload\":[\"a\"]}" },
    { "[\"a\", ]", "[\"a\"]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"optional\":false},\"opt"
      "ional\":false},\"payload\":[\"a\"]}" },
    { "[\"a\" \"b\"]", "[\"a\" \"b\"]",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[\\\"a\\\" \\\"b\\\"]"
      "\"}" },
    { "[\"a\",\"b\" ]", "[\"a\",\"b\"]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"optional\":false},\"opt"
      "ional\":false},\"payload\":[\"a\",\"b\"]}" },
    { "[ ]x", "[]",
      "{\"schema\":{\"type\":\"array\",\"items\":null,\"optional\":false},\"payload\":[]}" },
    { "[1,2]]", "[1,2]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"int8\",\"optional\":false},\"optio"
      "nal\":false},\"payload\":[1,2]}" },
    { "{}", "{}",
      NULL },
    { "{ }", "{}",
      NULL },
    { "{\"a\":1}", "{\"a\":1}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"string\",\"optional\":false},\"values"
      "\":{\"type\":\"int8\",\"optional\":false},\"optional\":false},\"payload\":{\"a\":1}}" },
    { "{a:1}", "{a:1}",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"{a:1}\"}" },
    { "{\"a\":1,\"b\":2}", "{\"a\":1,\"b\":2}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"string\",\"optional\":false},\"values"
      "\":{\"type\":\"int8\",\"optional\":false},\"optional\":false},\"payload\":{\"a\":1,\"b\""
      ":2}}" },
    { "{\"a\":1 \"b\":2}", "{\"a\":1,\"b\":2}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"string\",\"optional\":false},\"values"
      "\":{\"type\":\"int8\",\"optional\":false},\"optional\":false},\"payload\":{\"a\":1,\"b\""
      ":2}}" },
    { "{\"a\":1,}", "{\"a\":1}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"string\",\"optional\":false},\"values"
      "\":{\"type\":\"int8\",\"optional\":false},\"optional\":false},\"payload\":{\"a\":1}}" },
    { "{\"a\":1,,\"b\":2}", "{\"a\":1,,\"b\":2}",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"{\\\"a\\\":1,,\\\"b\\"
      "\":2}\"}" },
    { "{,}", "{,}",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"{,}\"}" },
    { "{\"a\"}", "{\"a\"}",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"{\\\"a\\\"}\"}" },
    { "{\"a\":}", "{\"a\":}",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"{\\\"a\\\":}\"}" },
    { "{\"a\":", "{\"a\":",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"{\\\"a\\\":\"}" },
    { "{\"a\":1", "{\"a\":1",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"{\\\"a\\\":1\"}" },
    { "{:1}", "{:1}",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"{:1}\"}" },
    { "{null:1}", "{null:1}",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"{null:1}\"}" },
    { "{\"a\":null,\"b\":1}", "{\"a\":null,\"b\":1}",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"{\\\"a\\\":null,\\\"b"
      "\\\":1}\"}" },
    { "{\"a\":1,\"b\":null}", "{\"a\":1,\"b\":null}",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"{\\\"a\\\":1,\\\"b\\"
      "\":null}\"}" },
    { "{1:2}", "{1:2}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"int8\",\"optional\":false},\"values\""
      ":{\"type\":\"int8\",\"optional\":false},\"optional\":false},\"payload\":[[1,2]]}" },
    { "{1:\"a\",2:\"b\"}", "{1:\"a\",2:\"b\"}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"int8\",\"optional\":false},\"values\""
      ":{\"type\":\"string\",\"optional\":false},\"optional\":false},\"payload\":[[1,\"a\"],[2,"
      "\"b\"]]}" },
    { "{1:\"a\",1000:\"b\"}", "{1:\"a\",1000:\"b\"}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"int16\",\"optional\":false},\"values"
      "\":{\"type\":\"string\",\"optional\":false},\"optional\":false},\"payload\":[[1,\"a\"],["
      "1000,\"b\"]]}" },
    { "{1:\"a\",1.5:\"b\"}", "{1.0:\"a\",1.5:\"b\"}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"float\",\"optional\":false},\"values"
      "\":{\"type\":\"string\",\"optional\":false},\"optional\":false},\"payload\":[[1.0,\"a\"]"
      ",[1.5,\"b\"]]}" },
    { "{16777217:\"a\",1.5:\"b\",16777216:\"c\"}", "{1.6777216E7:\"c\",1.5:\"b\"}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"float\",\"optional\":false},\"values"
      "\":{\"type\":\"string\",\"optional\":false},\"optional\":false},\"payload\":[[1.6777216E"
      "7,\"c\"],[1.5,\"b\"]]}" },
    { "{\"a\":1,\"a\":2}", "{\"a\":2}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"string\",\"optional\":false},\"values"
      "\":{\"type\":\"int8\",\"optional\":false},\"optional\":false},\"payload\":{\"a\":2}}" },
    { "{\"a\":1,\"b\":2,\"a\":3}", "{\"a\":3,\"b\":2}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"string\",\"optional\":false},\"values"
      "\":{\"type\":\"int8\",\"optional\":false},\"optional\":false},\"payload\":{\"a\":3,\"b\""
      ":2}}" },
    { "{\"a\":1,1:2}", "{\"a\":1,1:2}",
      NULL },
    { "{1:1,\"a\":2}", "{1:1,\"a\":2}",
      NULL },
    { "{true:1,false:2}", "{true:1,false:2}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"boolean\",\"optional\":false},\"value"
      "s\":{\"type\":\"int8\",\"optional\":false},\"optional\":false},\"payload\":[[true,1],[fa"
      "lse,2]]}" },
    { "{[1]:1}", "{[1]:1}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"array\",\"items\":{\"type\":\"int8\","
      "\"optional\":false},\"optional\":false},\"values\":{\"type\":\"int8\",\"optional\":false"
      "},\"optional\":false},\"payload\":[[[1],1]]}" },
    { "{[1]:1,[1]:2}", "{[1]:2}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"array\",\"items\":{\"type\":\"int8\","
      "\"optional\":false},\"optional\":false},\"values\":{\"type\":\"int8\",\"optional\":false"
      "},\"optional\":false},\"payload\":[[[1],2]]}" },
    { "{{\"a\":1}:1}", "{{\"a\":1}:1}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"map\",\"keys\":{\"type\":\"string\","
      "\"optional\":false},\"values\":{\"type\":\"int8\",\"optional\":false},\"optional\":false"
      "},\"values\":{\"type\":\"int8\",\"optional\":false},\"optional\":false},\"payload\":[[{"
      "\"a\":1},1]]}" },
    { "{\"a\":[1,2]}", "{\"a\":[1,2]}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"string\",\"optional\":false},\"values"
      "\":{\"type\":\"array\",\"items\":{\"type\":\"int8\",\"optional\":false},\"optional\":fal"
      "se},\"optional\":false},\"payload\":{\"a\":[1,2]}}" },
    { "{\"a\":1,\"b\":[1,2]}", "{\"a\":1,\"b\":[1,2]}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"string\",\"optional\":false},\"values"
      "\":null,\"optional\":false},\"payload\":{\"a\":1,\"b\":[1,2]}}" },
    { "{\"a\":{\"b\":1}}", "{\"a\":{\"b\":1}}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"string\",\"optional\":false},\"values"
      "\":{\"type\":\"map\",\"keys\":{\"type\":\"string\",\"optional\":false},\"values\":{\"typ"
      "e\":\"int8\",\"optional\":false},\"optional\":false},\"optional\":false},\"payload\":{\""
      "a\":{\"b\":1}}}" },
    { "{\"a\":\"2020-01-01\"}", "{\"a\":2020-01-01}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"string\",\"optional\":false},\"values"
      "\":{\"type\":\"int32\",\"optional\":false,\"name\":\"org.apache.kafka.connect.data.Date"
      "\",\"version\":1},\"optional\":false},\"payload\":{\"a\":18262}}" },
    { "{\"2020-01-01\":1}", "{2020-01-01:1}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"int32\",\"optional\":false,\"name\":"
      "\"org.apache.kafka.connect.data.Date\",\"version\":1},\"values\":{\"type\":\"int8\",\"op"
      "tional\":false},\"optional\":false},\"payload\":[[18262,1]]}" },
    { "{\"2020-01-01\":1,\"2020-01-01T00:00:00.000Z\":2}", "{2020-01-01:2}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"int64\",\"optional\":false,\"name\":"
      "\"org.apache.kafka.connect.data.Timestamp\",\"version\":1},\"values\":{\"type\":\"int8\""
      ",\"optional\":false},\"optional\":false},\"payload\":[[1577836800000,2]]}" },
    { "{\"2020-01-01T00:00:00.000Z\":1,\"2020-01-01\":2}", "{2020-01-01:2}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"int64\",\"optional\":false,\"name\":"
      "\"org.apache.kafka.connect.data.Timestamp\",\"version\":1},\"values\":{\"type\":\"int8\""
      ",\"optional\":false},\"optional\":false},\"payload\":[[1577836800000,2]]}" },
    { "{\"a\":1e400}", "{\"a\":1E+400}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"string\",\"optional\":false},\"values"
      "\":{\"type\":\"bytes\",\"optional\":false,\"name\":\"org.apache.kafka.connect.data.Decim"
      "al\",\"version\":1,\"parameters\":{\"scale\":\"-400\"}},\"optional\":false},\"payload\":"
      "{\"a\":\"AQ==\"}}" },
    { "{\"a\":1,\"b\":\"x\"}", "{\"a\":1,\"b\":\"x\"}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"string\",\"optional\":false},\"values"
      "\":null,\"optional\":false},\"payload\":{\"a\":1,\"b\":\"x\"}}" },
    { "{\"a\":1,\"b\":\"2020-01-01\"}", "{\"a\":1970-01-02,\"b\":2020-01-01}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"string\",\"optional\":false},\"values"
      "\":{\"type\":\"int32\",\"optional\":false,\"name\":\"org.apache.kafka.connect.data.Date"
      "\",\"version\":1},\"optional\":false},\"payload\":{\"a\":1,\"b\":18262}}" },
    { "{1e400:1}", "{1E+400:1}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"bytes\",\"optional\":false,\"name\":"
      "\"org.apache.kafka.connect.data.Decimal\",\"version\":1,\"parameters\":{\"scale\":\"-400"
      "\"}},\"values\":{\"type\":\"int8\",\"optional\":false},\"optional\":false},\"payload\":["
      "[\"AQ==\",1]]}" },
    { "{\"a\":12:34:56.789Z}", "{\"a\":12:34:56.789Z}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"string\",\"optional\":false},\"values"
      "\":{\"type\":\"int32\",\"optional\":false,\"name\":\"org.apache.kafka.connect.data.Time"
      "\",\"version\":1},\"optional\":false},\"payload\":{\"a\":45296789}}" },
    { "{\"a\":2020-01-01}", "{\"a\":2020-01-01}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"string\",\"optional\":false},\"values"
      "\":{\"type\":\"int32\",\"optional\":false,\"name\":\"org.apache.kafka.connect.data.Date"
      "\",\"version\":1},\"optional\":false},\"payload\":{\"a\":18262}}" },
    { "{\"a\" : 1}", "{\"a\":1}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"string\",\"optional\":false},\"values"
      "\":{\"type\":\"int8\",\"optional\":false},\"optional\":false},\"payload\":{\"a\":1}}" },
    { "{ \"a\" : 1 , \"b\" : 2 }", "{\"a\":1,\"b\":2}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"string\",\"optional\":false},\"values"
      "\":{\"type\":\"int8\",\"optional\":false},\"optional\":false},\"payload\":{\"a\":1,\"b\""
      ":2}}" },
    { "{\"a\":true}", "{\"a\":true}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"string\",\"optional\":false},\"values"
      "\":{\"type\":\"boolean\",\"optional\":false},\"optional\":false},\"payload\":{\"a\":true"
      "}}" },
    { "{\"a\":-0.0,\"b\":0.0}", "{\"a\":0,\"b\":0}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"string\",\"optional\":false},\"values"
      "\":{\"type\":\"int8\",\"optional\":false},\"optional\":false},\"payload\":{\"a\":0,\"b\""
      ":0}}" },
    { "{-0.0:1,0.0:2}", "{0:2}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"int8\",\"optional\":false},\"values\""
      ":{\"type\":\"int8\",\"optional\":false},\"optional\":false},\"payload\":[[0,2]]}" },
    { "{0.1:1,1e39:2}", "{0.10000000149011612:1,1.0E39:2}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"double\",\"optional\":false},\"values"
      "\":{\"type\":\"int8\",\"optional\":false},\"optional\":false},\"payload\":[[0.1000000014"
      "9011612,1],[1.0E39,2]]}" },
    { "{\"a\":[],\"b\":[1]}", "{\"a\":[],\"b\":[1]}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"string\",\"optional\":false},\"values"
      "\":{\"type\":\"array\",\"items\":{\"type\":\"int8\",\"optional\":false},\"optional\":fal"
      "se},\"optional\":false},\"payload\":{\"a\":[],\"b\":[1]}}" },
    { "{\"\":1}", "{\"\":1}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"string\",\"optional\":false},\"values"
      "\":{\"type\":\"int8\",\"optional\":false},\"optional\":false},\"payload\":{\"\":1}}" },
    { "{\" \":1}", "{\"\":1}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"string\",\"optional\":false},\"values"
      "\":{\"type\":\"int8\",\"optional\":false},\"optional\":false},\"payload\":{\"\":1}}" },
    { "{\"a\\\"b\":1}", "{\"a\\\\\\\"b\":1}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"string\",\"optional\":false},\"values"
      "\":{\"type\":\"int8\",\"optional\":false},\"optional\":false},\"payload\":{\"a\\\\\\\"b"
      "\":1}}" },
    { "{\"\303\251\":1}", "{\"\303\251\":1}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"string\",\"optional\":false},\"values"
      "\":{\"type\":\"int8\",\"optional\":false},\"optional\":false},\"payload\":{\"\303\251\":"
      "1}}" },
    { "{\"\360\237\230\200\":\"\360\237\230\200\"}", "{\"\360\237\230\200\":\"\360\237\230\200\"}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"string\",\"optional\":false},\"values"
      "\":{\"type\":\"string\",\"optional\":false},\"optional\":false},\"payload\":{\"\\uD83D\\"
      "uDE00\":\"\\uD83D\\uDE00\"}}" },
    { "{\"a\":\"b\":\"c\"}", "{\"a\":\"b\":\"c\"}",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"{\\\"a\\\":\\\"b\\\":"
      "\\\"c\\\"}\"}" },
    { "{\"a\":1}}", "{\"a\":1}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"string\",\"optional\":false},\"values"
      "\":{\"type\":\"int8\",\"optional\":false},\"optional\":false},\"payload\":{\"a\":1}}" },
    { "{\"a\":1}x", "{\"a\":1}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"string\",\"optional\":false},\"values"
      "\":{\"type\":\"int8\",\"optional\":false},\"optional\":false},\"payload\":{\"a\":1}}" },
    { "{{}:1}", "{{}:1}",
      NULL },
    { "{[]:1,[]:2}", "{[]:2}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"array\",\"items\":null,\"optional\":f"
      "alse},\"values\":{\"type\":\"int8\",\"optional\":false},\"optional\":false},\"payload\":"
      "[[[],2]]}" },
    { "{{\"a\":1,\"b\":2}:1,{\"b\":2,\"a\":1}:2}", "{{\"a\":1,\"b\":2}:2}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"map\",\"keys\":{\"type\":\"string\","
      "\"optional\":false},\"values\":{\"type\":\"int8\",\"optional\":false},\"optional\":false"
      "},\"values\":{\"type\":\"int8\",\"optional\":false},\"optional\":false},\"payload\":[[{"
      "\"a\":1,\"b\":2},2]]}" },
    { "{[1,2]:1,[2,1]:2}", "{[1,2]:1,[2,1]:2}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"array\",\"items\":{\"type\":\"int8\","
      "\"optional\":false},\"optional\":false},\"values\":{\"type\":\"int8\",\"optional\":false"
      "},\"optional\":false},\"payload\":[[[1,2],1],[[2,1],2]]}" },
    { "{1:1,1.0:2}", "{1:2}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"int8\",\"optional\":false},\"values\""
      ":{\"type\":\"int8\",\"optional\":false},\"optional\":false},\"payload\":[[1,2]]}" },
    { "{1:1,1e0:2,1.00:3}", "{1:3}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"int8\",\"optional\":false},\"values\""
      ":{\"type\":\"int8\",\"optional\":false},\"optional\":false},\"payload\":[[1,3]]}" },
    { "{127:1,128:2}", "{127:1,128:2}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"int16\",\"optional\":false},\"values"
      "\":{\"type\":\"int8\",\"optional\":false},\"optional\":false},\"payload\":[[127,1],[128,"
      "2]]}" },
    { "{1.5:1,1.50:2}", "{1.5:2}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"float\",\"optional\":false},\"values"
      "\":{\"type\":\"int8\",\"optional\":false},\"optional\":false},\"payload\":[[1.5,2]]}" },
    { "{1e400:1,10e399:2}", "{1E+400:1,1.0E+400:2}",
      NULL },
    { "{1e400:1,1E+400:2}", "{1E+400:2}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"bytes\",\"optional\":false,\"name\":"
      "\"org.apache.kafka.connect.data.Decimal\",\"version\":1,\"parameters\":{\"scale\":\"-400"
      "\"}},\"values\":{\"type\":\"int8\",\"optional\":false},\"optional\":false},\"payload\":["
      "[\"AQ==\",2]]}" },
    { "{\"a\":1,\"b\":1.5}", "{\"a\":1.0,\"b\":1.5}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"string\",\"optional\":false},\"values"
      "\":{\"type\":\"float\",\"optional\":false},\"optional\":false},\"payload\":{\"a\":1.0,\""
      "b\":1.5}}" },
    { "{\"a\":1.5,\"b\":1}", "{\"a\":1.5,\"b\":1.0}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"string\",\"optional\":false},\"values"
      "\":{\"type\":\"float\",\"optional\":false},\"optional\":false},\"payload\":{\"a\":1.5,\""
      "b\":1.0}}" },
    { "{\"a\":{},\"b\":{}}", "{\"a\":{},\"b\":{}}",
      NULL },
    { "{\"2020-01-01\":1,\"12:00:00.000Z\":2}", "{2020-01-01:1,12:00:00.000Z:2}",
      NULL },
    { "{\"00:00:00.000Z\":1,\"1970-01-01\":2}", "{00:00:00.000Z:2}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"int32\",\"optional\":false,\"name\":"
      "\"org.apache.kafka.connect.data.Date\",\"version\":1},\"values\":{\"type\":\"int8\",\"op"
      "tional\":false},\"optional\":false},\"payload\":[[0,2]]}" },
    { "{\"1970-01-01\":1,\"00:00:00.000Z\":2}", "{00:00:00.000Z:2}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"int32\",\"optional\":false,\"name\":"
      "\"org.apache.kafka.connect.data.Time\",\"version\":1},\"values\":{\"type\":\"int8\",\"op"
      "tional\":false},\"optional\":false},\"payload\":[[0,2]]}" },
    { "{1:\"2020-01-01\",2:\"12:00:00.000Z\"}", "{1:2020-01-01,2:12:00:00.000Z}",
      NULL },
    { "{1:null,2:3}", "{1:null,2:3}",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"{1:null,2:3}\"}" },
    { "{true:true}", "{true:true}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"boolean\",\"optional\":false},\"value"
      "s\":{\"type\":\"boolean\",\"optional\":false},\"optional\":false},\"payload\":[[true,tru"
      "e]]}" },
    { "{\"a\"::1}", "{\"a\"::1}",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"{\\\"a\\\"::1}\"}" },
    { "{\"a\":1:2}", "{\"a\":1:2}",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"{\\\"a\\\":1:2}\"}" },
    { "{\"a\":1 , }", "{\"a\":1}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"string\",\"optional\":false},\"values"
      "\":{\"type\":\"int8\",\"optional\":false},\"optional\":false},\"payload\":{\"a\":1}}" },
    { "{ \"a\" }", "{ \"a\" }",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"{ \\\"a\\\" }\"}" },
    { "{\"a\" 1}", "{\"a\" 1}",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"{\\\"a\\\" 1}\"}" },
    { "{\"a\":\"x\"\"b\":\"y\"}", "{\"a\":\"x\",\"b\":\"y\"}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"string\",\"optional\":false},\"values"
      "\":{\"type\":\"string\",\"optional\":false},\"optional\":false},\"payload\":{\"a\":\"x\""
      ",\"b\":\"y\"}}" },
    { "{\"a\":[1,2}", "{\"a\":[1,2}",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"{\\\"a\\\":[1,2}\"}" },
    { "{\"a\":{\"b\":[1,{\"c\":[true,false]}]}}", "{\"a\":{\"b\":[1,{\"c\":[true,false]}]}}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"string\",\"optional\":false},\"values"
      "\":{\"type\":\"map\",\"keys\":{\"type\":\"string\",\"optional\":false},\"values\":{\"typ"
      "e\":\"array\",\"items\":null,\"optional\":false},\"optional\":false},\"optional\":false}"
      ",\"payload\":{\"a\":{\"b\":[1,{\"c\":[true,false]}]}}}" },
    { "{\"k\":\"v\",\"k2\":\"v2\",\"k3\":\"v3\"}", "{\"k\":\"v\",\"k2\":\"v2\",\"k3\":\"v3\"}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"string\",\"optional\":false},\"values"
      "\":{\"type\":\"string\",\"optional\":false},\"optional\":false},\"payload\":{\"k\":\"v\""
      ",\"k2\":\"v2\",\"k3\":\"v3\"}}" },
    { "{\"b\":1,\"a\":2,\"c\":3}", "{\"b\":1,\"a\":2,\"c\":3}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"string\",\"optional\":false},\"values"
      "\":{\"type\":\"int8\",\"optional\":false},\"optional\":false},\"payload\":{\"b\":1,\"a\""
      ":2,\"c\":3}}" },
    { "{\"a\":1.0,\"b\":2.5}", "{\"a\":1.0,\"b\":2.5}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"string\",\"optional\":false},\"values"
      "\":{\"type\":\"float\",\"optional\":false},\"optional\":false},\"payload\":{\"a\":1.0,\""
      "b\":2.5}}" },
    { "{5:5,4:4,3:3,2:2,1:1}", "{5:5,4:4,3:3,2:2,1:1}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"int8\",\"optional\":false},\"values\""
      ":{\"type\":\"int8\",\"optional\":false},\"optional\":false},\"payload\":[[5,5],[4,4],[3,"
      "3],[2,2],[1,1]]}" },
    { "{\"a\":\"1\"}", "{\"a\":\"1\"}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"string\",\"optional\":false},\"values"
      "\":{\"type\":\"string\",\"optional\":false},\"optional\":false},\"payload\":{\"a\":\"1\""
      "}}" },
    { "{\"1\":1}", "{\"1\":1}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"string\",\"optional\":false},\"values"
      "\":{\"type\":\"int8\",\"optional\":false},\"optional\":false},\"payload\":{\"1\":1}}" },
    { "{'a':1}", "{'a':1}",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"{'a':1}\"}" },
    { "{\"a\":'b'}", "{\"a\":'b'}",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"{\\\"a\\\":'b'}\"}" },
    { "{\"a\":b}", "{\"a\":b}",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"{\\\"a\\\":b}\"}" },
    { "{\"a\":\"b}", "{\"a\":\"b}",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"{\\\"a\\\":\\\"b}\"}" },
    { "{\"a", "{\"a",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"{\\\"a\"}" },
    { "{\"", "{\"",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"{\\\"\"}" },
    { "{\"a\":\"", "{\"a\":\"",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"{\\\"a\\\":\\\"\"}" },
    { "{\"a\":1e39,\"b\":1}", "{\"a\":1.0E39,\"b\":1.0}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"string\",\"optional\":false},\"values"
      "\":{\"type\":\"double\",\"optional\":false},\"optional\":false},\"payload\":{\"a\":1.0E3"
      "9,\"b\":1.0}}" },
    { "{1:1,1000:2,100000:3,1e10:4}", "{1:1,1000:2,100000:3,10000000000:4}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"int64\",\"optional\":false},\"values"
      "\":{\"type\":\"int8\",\"optional\":false},\"optional\":false},\"payload\":[[1,1],[1000,2"
      "],[100000,3],[10000000000,4]]}" },
    { "{\"x\":16777217,\"y\":1.5}", "{\"x\":1.6777216E7,\"y\":1.5}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"string\",\"optional\":false},\"values"
      "\":{\"type\":\"float\",\"optional\":false},\"optional\":false},\"payload\":{\"x\":1.6777"
      "216E7,\"y\":1.5}}" },
    { "{\"x\":9223372036854775807,\"y\":1.5}", "{\"x\":9.223372E18,\"y\":1.5}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"string\",\"optional\":false},\"values"
      "\":{\"type\":\"float\",\"optional\":false},\"optional\":false},\"payload\":{\"x\":9.2233"
      "72E18,\"y\":1.5}}" },
    { "hello", "hello",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"hello\"}" },
    { "hello world", "hello world",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"hello world\"}" },
    { "x", "x",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"x\"}" },
    { "a,b", "a,b",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"a,b\"}" },
    { "a:b", "a:b",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"a:b\"}" },
    { "a{b", "a{b",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"a{b\"}" },
    { "a}b", "a}b",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"a}b\"}" },
    { "a[b", "a[b",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"a[b\"}" },
    { "a]b", "a]b",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"a]b\"}" },
    { "\"abc\"", "\"abc\"",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"\\\"abc\\\"\"}" },
    { "\"", "\"",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"\\\"\"}" },
    { "\"\"", "\"\"",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"\\\"\\\"\"}" },
    { "'abc'", "'abc'",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"'abc'\"}" },
    { "\\", "\\",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"\\\\\"}" },
    { "\\\\", "\\\\",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"\\\\\\\\\"}" },
    { "a\\,b", "a\\,b",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"a\\\\,b\"}" },
    { "12\\,34", "12\\,34",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"12\\\\,34\"}" },
    { "abc\"def", "abc\"def",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"abc\\\"def\"}" },
    { "\303\251", "\303\251",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"\303\251\"}" },
    { "\360\237\230\200", "\360\237\230\200",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"\\uD83D\\uDE00\"}" },
    { "\346\227\245\346\234\254\350\252\236", "\346\227\245\346\234\254\350\252\236",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"\346\227\245\346\234"
      "\254\350\252\236\"}" },
    { "\001", "\001",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"\\u0001\"}" },
    { "a\tb", "a\tb",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"a\\tb\"}" },
    { "\177", "\177",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"\177\"}" },
    { "a\\", "a\\",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"a\\\\\"}" },
    { "\\\"", "\\\"",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"\\\\\\\"\"}" },
    { "\\[1,2]", "\\[1,2]",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"\\\\[1,2]\"}" },
    { "\\{}", "\\{}",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"\\\\{}\"}" },
    { "[1\\,2]", "[1\\,2]",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[1\\\\,2]\"}" },
    { "{\"a\\:b\":1}", "{\"a\\\\:b\":1}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"string\",\"optional\":false},\"values"
      "\":{\"type\":\"int8\",\"optional\":false},\"optional\":false},\"payload\":{\"a\\\\:b\":1"
      "}}" },
    { "{\"a\":\"b\\\"c\"}", "{\"a\":\"b\\\\\\\"c\"}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"string\",\"optional\":false},\"values"
      "\":{\"type\":\"string\",\"optional\":false},\"optional\":false},\"payload\":{\"a\":\"b\\"
      "\\\\\"c\"}}" },
    { "x:y:z", "x:y:z",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"x:y:z\"}" },
    { "http://example.com:8080/a", "http://example.com:8080/a",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"http://example.com:80"
      "80/a\"}" },
    { "key=value", "key=value",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"key=value\"}" },
    { "a b c", "a b c",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"a b c\"}" },
    { "   padded   ", "   padded   ",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"   padded   \"}" },
    { "\302\240", "\302\240",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"\302\240\"}" },
    { "\302\2401", "\302\2401",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"\302\2401\"}" },
    { "1\302\240", "1\302\240",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"1\302\240\"}" },
    { "\342\200\203", "\342\200\203",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"\342\200\203\"}" },
    { "\343\200\200[1]", "\343\200\200[1]",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"\343\200\200[1]\"}" },
    { "\357\273\2771", "\357\273\2771",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"\357\273\2771\"}" },
    { "\302\205", "\302\205",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"\302\205\"}" },
    { "1\302\205", "1\302\205",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"1\302\205\"}" },
    { "\342\200\213", "\342\200\213",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"\342\200\213\"}" },
    { "true\302\240", "true\302\240",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"true\302\240\"}" },
    { "null\302\240", "null\302\240",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"null\302\240\"}" },
    { "\360\235\237\216", "\360\235\237\216",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"\\uD835\\uDFCE\"}" },
    { "\340\245\246", "0",
      "{\"schema\":{\"type\":\"int8\",\"optional\":false},\"payload\":0}" },
    { "\340\245\246\340\245\246\340\245\246\340\245\246-\340\245\246\340\245\247-\340\245\246"
      "\340\245\247",
      "00:00:00.000Z",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Date\",\"version\":1},\"payload\":-719530}" },
    { "\333\261", "1",
      "{\"schema\":{\"type\":\"int8\",\"optional\":false},\"payload\":1}" },
    { "-\331\241", "-1",
      "{\"schema\":{\"type\":\"int8\",\"optional\":false},\"payload\":-1}" },
    { "+\331\241.\331\245e\331\242", "150",
      "{\"schema\":{\"type\":\"int16\",\"optional\":false},\"payload\":150}" },
    { "[\"\303\251\",\"\360\237\230\200\"]", "[\"\303\251\",\"\360\237\230\200\"]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"optional\":false},\"opt"
      "ional\":false},\"payload\":[\"\303\251\",\"\\uD83D\\uDE00\"]}" },
    { "{\"\303\251\":\"\303\251\"}", "{\"\303\251\":\"\303\251\"}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"string\",\"optional\":false},\"values"
      "\":{\"type\":\"string\",\"optional\":false},\"optional\":false},\"payload\":{\"\303\251"
      "\":\"\303\251\"}}" },
    { "[\"\\u0041\"]", "[\"\\\\u0041\"]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"optional\":false},\"opt"
      "ional\":false},\"payload\":[\"\\\\u0041\"]}" },
    { "\\u0041", "\\u0041",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"\\\\u0041\"}" },
    { "[\"a\\nb\"]", "[\"a\\\\nb\"]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"optional\":false},\"opt"
      "ional\":false},\"payload\":[\"a\\\\nb\"]}" },
    { "[\"line\nbreak\"]", "[\"line\nbreak\"]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"optional\":false},\"opt"
      "ional\":false},\"payload\":[\"line\\nbreak\"]}" },
    { "[\"tab\there\"]", "[\"tab\there\"]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"optional\":false},\"opt"
      "ional\":false},\"payload\":[\"tab\\there\"]}" },
    { "[\"\001\"]", "[\"\"]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"optional\":false},\"opt"
      "ional\":false},\"payload\":[\"\"]}" },
    { "\"[1]\"", "\"[1]\"",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"\\\"[1]\\\"\"}" },
    { "'[1]'", "'[1]'",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"'[1]'\"}" },
    { "(1,2)", "(1,2)",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"(1,2)\"}" },
    { "<1>", "<1>",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"<1>\"}" },
    { "#1", "#1",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"#1\"}" },
    { "$1", "$1",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"$1\"}" },
    { "%1", "%1",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"%1\"}" },
    { "1%", "1%",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"1%\"}" },
    { "1/2", "1/2",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"1/2\"}" },
    { "1-2", "1-2",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"1-2\"}" },
    { "1+2", "1+2",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"1+2\"}" },
    { "1*2", "1*2",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"1*2\"}" },
    { "2020-01-01T", "2020-01-01T",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"2020-01-01T\"}" },
    { "T12:34:56.789Z", "T12:34:56.789Z",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"T12:34:56.789Z\"}" },
    { "Z", "Z",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"Z\"}" },
    { "1Z", "1Z",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"1Z\"}" },
    { "12:", "12",
      "{\"schema\":{\"type\":\"int8\",\"optional\":false},\"payload\":12}" },
    { ":12", ":12",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\":12\"}" },
    { ":", ":",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\":\"}" },
    { ",", ",",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\",\"}" },
    { "[", "[",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[\"}" },
    { "]", "]",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"]\"}" },
    { "{", "{",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"{\"}" },
    { "}", "}",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"}\"}" },
    { "[[", "[[",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[[\"}" },
    { "]]", "]]",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"]]\"}" },
    { "{{", "{{",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"{{\"}" },
    { "}}", "}}",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"}}\"}" },
    { "][", "][",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"][\"}" },
    { "}{", "}{",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"}{\"}" },
    { ",,", ",,",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\",,\"}" },
    { "::", "::",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"::\"}" },
    { "\"\"\"", "\"\"\"",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"\\\"\\\"\\\"\"}" },
    { "\\\\\\", "\\\\\\",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"\\\\\\\\\\\\\"}" },
    { "a\\\\,b", "a\\\\,b",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"a\\\\\\\\,b\"}" },
    { "[\"a\\\\\",\"b\"]", "[\"a\\\\\\\\\",\"b\"]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"optional\":false},\"opt"
      "ional\":false},\"payload\":[\"a\\\\\\\\\",\"b\"]}" },
    { "[a\\]]", "[a\\]]",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[a\\\\]]\"}" },
    { "[\\[]", "[\\[]",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[\\\\[]\"}" },
    { "0000-01-91", "00:00:00.000Z",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Date\",\"version\":1},\"payload\":-719440}" },
    { "\"x\\\"y\"", "\"x\\\"y\"",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"\\\"x\\\\\\\"y\\\"\"}" },
    { "96r064Z]T\\].,6", "96r064Z]T\\].,6",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"96r064Z]T\\\\].,6\"}" },
    { "\" \"", "\" \"",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"\\\" \\\"\"}" },
    { "s.:e", "s.:e",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"s.:e\"}" },
    { "96\331\243+7{n\\u\331\243ne", "96\331\243+7{n\\u\331\243ne",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"96\331\243+7{n\\\\u"
      "\331\243ne\"}" },
    { "\"1970-01-02\"", "\"1970-01-02\"",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"\\\"1970-01-02\\\"\"}" },
    { ".lr0", ".lr0",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\".lr0\"}" },
    { "a", "a",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"a\"}" },
    { "[  \"\303\251\"]", "[\"\303\251\"]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"optional\":false},\"opt"
      "ional\":false},\"payload\":[\"\303\251\"]}" },
    { "{1E+3\t:1E+3}", "{1000:1000}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"int16\",\"optional\":false},\"values"
      "\":{\"type\":\"int16\",\"optional\":false},\"optional\":false},\"payload\":[[1000,1000]]"
      "}" },
    { "+. Z::}t:", "+. Z::}t:",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"+. Z::}t:\"}" },
    { "r", "r",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"r\"}" },
    { "3El+]Z", "3El+]Z",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"3El+]Z\"}" },
    { "n4s\303\251t.\331\243\303\251\\ s", "n4s\303\251t.\331\243\303\251\\ s",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"n4s\303\251t.\331\243"
      "\303\251\\\\ s\"}" },
    { "t:5e[", "t:5e[",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"t:5e[\"}" },
    { "[1\\:34\331\24356.7 9Z]", "[1\\:34\331\24356.7 9Z]",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[1\\\\:34\331\24356.7"
      " 9Z]\"}" },
    { "[\"2029-01-Z1T12:34:56.789Z\"]", "[\"2029-01-Z1T12:34:56.789Z\"]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"optional\":false},\"opt"
      "ional\":false},\"payload\":[\"2029-01-Z1T12:34:56.789Z\"]}" },
    { "t52a0a::", "t52a0a::",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"t52a0a::\"}" },
    { "[\"2\331\2432 -01-01\"]", "[\"2\331\2432 -01-01\"]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"optional\":false},\"opt"
      "ional\":false},\"payload\":[\"2\331\2432 -01-01\"]}" },
    { "2070-T2-30", "2070-T2-30",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"2070-T2-30\"}" },
    { "1E+3", "1000",
      "{\"schema\":{\"type\":\"int16\",\"optional\":false},\"payload\":1000}" },
    { "[\"99:99:99.999Z\"]", "[1970-01-05T04:40:39.999Z]",
      NULL },
    { "{[]:  1e-50,\t70000\t:1E+3, [\t\"\" ,9.3e18\t,128  ] : 1e2}",
      "{[]:0.0,70000:1000,[\"\",9.3E18,128]:100}",
      NULL },
    { "::r{T7-.", "::r{T7-.",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"::r{T7-.\"}" },
    { "l-151", "l-151",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"l-151\"}" },
    { "0050-01901", "0050-01901",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"0050-01901\"}" },
    { "[  9.3e18,\"b\",  1e-50  ]", "[9.3E18,\"b\",0.0]",
      "{\"schema\":{\"type\":\"array\",\"items\":null,\"optional\":false},\"payload\":[9.3E18,"
      "\"b\",0.0]}" },
    { "40000", "40000",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false},\"payload\":40000}" },
    { "[0.1]", "[0.1]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"float\",\"optional\":false},\"opti"
      "onal\":false},\"payload\":[0.1]}" },
    { "[{nr{}2\":5Z7.8", "[{nr{}2\":5Z7.8",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[{nr{}2\\\":5Z7.8\"}" },
    { ":u", ":u",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\":u\"}" },
    { "u,\303\2519]\\{su", "u,\303\2519]\\{su",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"u,\303\2519]\\\\{su\""
      "}" },
    { "\\\331\243a7\"6T0.8:", "\\\331\243a7\"6T0.8:",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"\\\\\331\243a7\\\"6T0"
      ".8:\"}" },
    { "u7{E", "u7{E",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"u7{E\"}" },
    { ",1e2", ",1e2",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\",1e2\"}" },
    { "0],}8}5E\t8tn:", "0",
      "{\"schema\":{\"type\":\"int8\",\"optional\":false},\"payload\":0}" },
    { "-51", "-51",
      "{\"schema\":{\"type\":\"int8\",\"optional\":false},\"payload\":-51}" },
    { "[0000-01-01]", "[00:00:00.000Z]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"int32\",\"optional\":false,\"name"
      "\":\"org.apache.kafka.connect.data.Date\",\"version\":1},\"optional\":false},\"payload\""
      ":[-719530]}" },
    { "7s\\,f24", "7s\\,f24",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"7s\\\\,f24\"}" },
    { "[0,40000  ]", "[0,40000]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"int32\",\"optional\":false},\"opti"
      "onal\":false},\"payload\":[0,40000]}" },
    { "[\"2020-62-30\"]", "[2025-03-02]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"int32\",\"optional\":false,\"name"
      "\":\"org.apache.kafka.connect.data.Date\",\"version\":1},\"optional\":false},\"payload\""
      ":[20149]}" },
    { "7020-01.01", "7020-01.01",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"7020-01.01\"}" },
    { "Z4+3T\"Zr6\tf5\303\2514", "Z4+3T\"Zr6\tf5\303\2514",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"Z4+3T\\\"Zr6\\tf5\303"
      "\2514\"}" },
    { "3000000000", "3000000000",
      "{\"schema\":{\"type\":\"int64\",\"optional\":false},\"payload\":3000000000}" },
    { "[12:34:\\6.789T]", "[12:34:\\6.789T]",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[12:34:\\\\6.789T]\"}" },
    { "[\"2020-02-30\"]", "[2020-03-01]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"int32\",\"optional\":false,\"name"
      "\":\"org.apache.kafka.connect.data.Date\",\"version\":1},\"optional\":false},\"payload\""
      ":[18322]}" },
    { "[\"655:18:26.63Z\"]", "[1970-01-28T07:18:26.063Z]",
      NULL },
    { "[\":a,[:\"atrue11\":1}", "[\":a,[:\"atrue11\":1}",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[\\\":a,[:\\\"atrue11"
      "\\\":1}\"}" },
    { "[\"5643-60-31\"]", "[5647-12-31]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"int32\",\"optional\":false,\"name"
      "\":\"org.apache.kafka.connect.data.Date\",\"version\":1},\"optional\":false},\"payload\""
      ":[1343361]}" },
    { "{\"]", "{\"]",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"{\\\"]\"}" },
    { "\"]", "\"]",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"\\\"]\"}" },
    { "{\t\303\251null\t \303\251\\\303\251[[}", "{\t\303\251null\t \303\251\\\303\251[[}",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"{\\t\303\251null\\t "
      "\303\251\\\\\303\251[[}\"}" },
    { "ba a{b:}", "ba a{b:}",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"ba a{b:}\"}" },
    { ",\t\303\251\\]{}1a}", ",\t\303\251\\]{}1a}",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\",\\t\303\251\\\\]{}1a"
      "}\"}" },
    { "75:76:36-236Z", "75",
      "{\"schema\":{\"type\":\"int8\",\"optional\":false},\"payload\":75}" },
    { "[+18183E9,1e39]", "[1.8183E13,1.0E39]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"double\",\"optional\":false},\"opt"
      "ional\":false},\"payload\":[1.8183E13,1.0E39]}" },
    { "[\"3706-90-18T36:11:83.769Z\"]", "[3713-06-19T12:12:23.769Z]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"int64\",\"optional\":false,\"name"
      "\":\"org.apache.kafka.connect.data.Timestamp\",\"version\":1},\"optional\":false},\"payl"
      "oad\":[55018440743769]}" },
    { "{\\true}", "{\\true}",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"{\\\\true}\"}" },
    { " -06.544396068611703266850612803177 ", "-6.544396",
      "{\"schema\":{\"type\":\"float\",\"optional\":false},\"payload\":-6.544396}" },
    { "[\"\" ]", "[\"\"]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"optional\":false},\"opt"
      "ional\":false},\"payload\":[\"\"]}" },
    { "5621503631867798572506700280330339399312.1", "5.621503631867798E39",
      "{\"schema\":{\"type\":\"double\",\"optional\":false},\"payload\":5.621503631867798E39}" },
    { "54:78:81.747Z", "1970-01-03T07:19:21.747Z",
      NULL },
    { "-4796205962", "-4796205962",
      "{\"schema\":{\"type\":\"int64\",\"optional\":false},\"payload\":-4796205962}" },
    { "[002535619307662942.,3000000000]", "[2535619307662942,3000000000]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"int64\",\"optional\":false},\"opti"
      "onal\":false},\"payload\":[2535619307662942,3000000000]}" },
    { "[\"a,11[\303\251\"]", "[\"a,11[\303\251\"]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"optional\":false},\"opt"
      "ional\":false},\"payload\":[\"a,11[\303\251\"]}" },
    { "7714-81-00T57:94:99.211Z", "7720-09-02T10:35:39.211Z",
      "{\"schema\":{\"type\":\"int64\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Timestamp\",\"version\":1},\"payload\":181473647739211}" },
    { "[ {}", "[ {}",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[ {}\"}" },
    { "5:88\\:2:50.924Z", "5",
      "{\"schema\":{\"type\":\"int8\",\"optional\":false},\"payload\":5}" },
    { "9685+-27Z22", "9685+-27Z22",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"9685+-27Z22\"}" },
    { "6429-01-99T68:55:10.304Z", "6429-04-11T20:55:10.304Z",
      "{\"schema\":{\"type\":\"int64\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Timestamp\",\"version\":1},\"payload\":140721224110304}" },
    { "5265-14-71T58:64:29.182Z", "5266-04-14T11:04:29.182Z",
      "{\"schema\":{\"type\":\"int64\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Timestamp\",\"version\":1},\"payload\":104020715069182}" },
    { "-e14534327260", "-e14534327260",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"-e14534327260\"}" },
    { "[\"ab\"}", "[\"ab\"}",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[\\\"ab\\\"}\"}" },
    { "[ \"null\\\303\251]\303\251a \"}", "[ \"null\\\303\251]\303\251a \"}",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[ \\\"null\\\\\303"
      "\251]\303\251a \\\"}\"}" },
    { "[42:26:5.286Z]", "[42:26:5.286Z]",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[42:26:5.286Z]\"}" },
    { "[47:33:78842Z]", "[47:33:78842Z]",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[47:33:78842Z]\"}" },
    { "5115-30-52", "5117-07-22",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Date\",\"version\":1},\"payload\":1149620}" },
    { "[\"4357-33-35\"]", "[4359-10-05]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"int32\",\"optional\":false,\"name"
      "\":\"org.apache.kafka.connect.data.Date\",\"version\":1},\"optional\":false},\"payload\""
      ":[872841]}" },
    { "2009-80-19", "2015-08-19",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Date\",\"version\":1},\"payload\":16666}" },
    { "{\"a\":\"[[atrue}a:,\"\t}", "{\"a\":\"[[atrue}a:,\"}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"string\",\"optional\":false},\"values"
      "\":{\"type\":\"string\",\"optional\":false},\"optional\":false},\"payload\":{\"a\":\"[[a"
      "true}a:,\"}}" },
    { "[\"1274-03-45T38:42:40.267Z\"]", "[14:42:40.267Z]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"int64\",\"optional\":false,\"name"
      "\":\"org.apache.kafka.connect.data.Timestamp\",\"version\":1},\"optional\":false},\"payl"
      "oad\":[-21953927839733]}" },
    { "{\"k\":83:96:6.1.2305Z}", "{\"k\":83:96:6.1.2305Z}",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"{\\\"k\\\":83:96:6.1."
      "2305Z}\"}" },
    { "[\"::\\b]", "[\"::\\b]",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[\\\"::\\\\b]\"}" },
    { "{}\\ \"\t\t\303\251", "{}",
      NULL },
    { "24e922", "2.4E+923",
      "{\"schema\":{\"type\":\"bytes\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Decimal\",\"version\":1,\"parameters\":{\"scale\":\"-922\"}},\"payload\":\"GA==\"}" },
    { "\":null\\\303\251\t}\":1}", "\":null\\\303\251\t}\":1}",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"\\\":null\\\\\303\251"
      "\\t}\\\":1}\"}" },
    { "1622-93-87T2:05:44.398Z", "1622-93-87T2:05:44.398Z",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"1622-93-87T2:05:44.39"
      "8Z\"}" },
    { "[06:74:72.\331\24318TZ]", "[06:74:72.\331\24318TZ]",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[06:74:72.\331\24318T"
      "Z]\"}" },
    { "+1877906059549866793032141578526566567391.3274734", "1.8779060595498668E39",
      "{\"schema\":{\"type\":\"double\",\"optional\":false},\"payload\":1.8779060595498668E39}" },
    { "{\"k\":4454-36-5 6}", "{\"k\":4454-36-5 6}",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"{\\\"k\\\":4454-36-5 "
      "6}\"}" },
    { "{\"a\":\"\\{]", "{\"a\":\"\\{]",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"{\\\"a\\\":\\\"\\\\{]"
      "\"}" },
    { "[\"6237-07-236\"]", "[\"6237-07-236\"]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"optional\":false},\"opt"
      "ional\":false},\"payload\":[\"6237-07-236\"]}" },
    { "0157-71-51T04:31:97.14Z", "0157-71-51T04:31:97.14Z",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"0157-71-51T04:31:97.1"
      "4Z\"}" },
    { "[ }\ta\",nulltrue\" ]", "[ }\ta\",nulltrue\" ]",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[ }\\ta\\\",nulltrue"
      "\\\" ]\"}" },
    { "[,{}aa[null[,\"\"}", "[,{}aa[null[,\"\"}",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[,{}aa[null[,\\\"\\\""
      "}\"}" },
    { "+08084983751423638329", "8084983751423638329",
      "{\"schema\":{\"type\":\"int64\",\"optional\":false},\"payload\":8084983751423638329}" },
    { "[\":1}", "[\":1}",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[\\\":1}\"}" },
    { ".725570832904029496080533515794", ".725570832904029496080533515794",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\".72557083290402949608"
      "0533515794\"}" },
    { "{null{true\\{}", "{null{true\\{}",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"{null{true\\\\{}\"}" },
    { "-521173629E+9776791511", "-521173629E+9776791511",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"-521173629E+977679151"
      "1\"}" },
    { "0e6]", "0",
      "{\"schema\":{\"type\":\"int8\",\"optional\":false},\"payload\":0}" },
    { "[468686631974328,\"a\"]", "[468686631974328,\"a\"]",
      "{\"schema\":{\"type\":\"array\",\"items\":null,\"optional\":false},\"payload\":[46868663"
      "1974328,\"a\"]}" },
    { "{\"a\":\"[\\}ab{[\\1}}", "{\"a\":\"[\\}ab{[\\1}}",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"{\\\"a\\\":\\\"[\\\\}"
      "ab{[\\\\1}}\"}" },
    { "8789-62-31", "8794-03-03",
      "{\"schema\":{\"type\":\"int32\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Date\",\"version\":1},\"payload\":2492476}" },
    { "{\"k\":0982-91-46T57:01T:72.262Z}", "{\"k\":0982-91-46T57:01T:72.262Z}",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"{\\\"k\\\":0982-91-46"
      "T57:01T:72.262Z}\"}" },
    { "-7831733786901613538504241613014745155660.6e+12", "-7.831733786901613E51",
      "{\"schema\":{\"type\":\"double\",\"optional\":false},\"payload\":-7.831733786901613E51}" },
    { "[ \"\" ]", "[\"\"]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"optional\":false},\"opt"
      "ional\":false},\"payload\":[\"\"]}" },
    { "9074-24-\\:60", "9074-24-\\:60",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"9074-24-\\\\:60\"}" },
    { "[:[,\\a\303\251true\" ]", "[:[,\\a\303\251true\" ]",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[:[,\\\\a\303\251true"
      "\\\" ]\"}" },
    { "{\"a\":\"[\":1}", "{\"a\":\"[\":1}",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"{\\\"a\\\":\\\"[\\\":"
      "1}\"}" },
    { "[ \"1\"]", "[\"1\"]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"optional\":false},\"opt"
      "ional\":false},\"payload\":[\"1\"]}" },
    { "[\"true[[],{1\\", "[\"true[[],{1\\",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[\\\"true[[],{1\\\\\""
      "}" },
    { "[\"6406-32-23T22:43:09.241Z\"]", "[6408-08-23T22:43:09.241Z]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"int64\",\"optional\":false,\"name"
      "\":\"org.apache.kafka.connect.data.Timestamp\",\"version\":1},\"optional\":false},\"payl"
      "oad\":[140070120189241]}" },
    { "-37\331\2433832147\331\2442\331\2507\331\241\331\2466\331\247\331\2443\331\2407\331\241"
      "\331\244136\331\24072\331\2460\331\2417\331\247\331\24650\331\251\331\244",
      "-3733832147428716674307141360726017765094",
      "{\"schema\":{\"type\":\"bytes\",\"optional\":false,\"name\":\"org.apache.kafka.connect.d"
      "ata.Decimal\",\"version\":1,\"parameters\":{\"scale\":\"0\"}},\"payload\":\"9Qb6FgPG72d0"
      "XlSsAGJZERo=\"}" },
    { "60629-40-33T40:84:90.469Z", "60629-40-33T40:84:90.469Z",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"60629-40-33T40:84:90."
      "469Z\"}" },
    { "[\",\"}", "[\",\"}",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[\\\",\\\"}\"}" },
    { "[null{\"null}\"{\":1}", "[null{\"null}\"{\":1}",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[null{\\\"null}\\\"{"
      "\\\":1}\"}" },
    { "578464-61", "578464-61",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"578464-61\"}" },
    { "+6146556369E3185237634", "+6146556369E3185237634",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"+6146556369E318523763"
      "4\"}" },
    { "+.3428514181", "0.34285143",
      "{\"schema\":{\"type\":\"float\",\"optional\":false},\"payload\":0.34285143}" },
    { "[-4255940702e077,3000000000]", "[-4.255940702E86,3.0E9]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"double\",\"optional\":false},\"opt"
      "ional\":false},\"payload\":[-4.255940702E86,3.0E9]}" },
    { "[\"0177-17-69\"]", "[00:00:00.000Z]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"int32\",\"optional\":false,\"name"
      "\":\"org.apache.kafka.connect.data.Date\",\"version\":1},\"optional\":false},\"payload\""
      ":[-654327]}" },
    { "[+06546940379760431250E-0,\"a\"]", "[6546940379760431250,\"a\"]",
      "{\"schema\":{\"type\":\"array\",\"items\":null,\"optional\":false},\"payload\":[65469403"
      "79760431250,\"a\"]}" },
    { "\t5323193485685559642.]", "5323193485685559642",
      "{\"schema\":{\"type\":\"int64\",\"optional\":false},\"payload\":5323193485685559642}" },
    { "{\"a\":\"{1]\303\251\303\251{}\303\251\303\251}}",
      "{\"a\":\"{1]\303\251\303\251{}\303\251\303\251}}",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"{\\\"a\\\":\\\"{1]"
      "\303\251\303\251{}\303\251\303\251}}\"}" },
    { "{\"a\":\"{]}ba null1]}", "{\"a\":\"{]}ba null1]}",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"{\\\"a\\\":\\\"{]}ba "
      "null1]}\"}" },
    { "{\"\t{\":1}", "{\"{\":1}",
      "{\"schema\":{\"type\":\"map\",\"keys\":{\"type\":\"string\",\"optional\":false},\"values"
      "\":{\"type\":\"int8\",\"optional\":false},\"optional\":false},\"payload\":{\"{\":1}}" },
    { ".17", ".17",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\".17\"}" },
    { "66:2.2:40.499TZ", "66",
      "{\"schema\":{\"type\":\"int8\",\"optional\":false},\"payload\":66}" },
    { "[\"7333:24.586\"]", "[\"7333:24.586\"]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"optional\":false},\"opt"
      "ional\":false},\"payload\":[\"7333:24.586\"]}" },
    { "154670384448356", "154670384448356",
      "{\"schema\":{\"type\":\"int64\",\"optional\":false},\"payload\":154670384448356}" },
    { "[ \"true\"]", "[\"true\"]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"optional\":false},\"opt"
      "ional\":false},\"payload\":[\"true\"]}" },
    { "[\"]", "[\"]",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"[\\\"]\"}" },
    { "{\"k\":2668+16-5\t}", "{\"k\":2668+16-5\t}",
      "{\"schema\":{\"type\":\"string\",\"optional\":false},\"payload\":\"{\\\"k\\\":2668+16-5"
      "\\t}\"}" },
    { "[83,3000000000]", "[83,3000000000]",
      "{\"schema\":{\"type\":\"array\",\"items\":{\"type\":\"int64\",\"optional\":false},\"opti"
      "onal\":false},\"payload\":[83,3000000000]}" },
};

/* Java's values that lib/data.h cannot hold: a date, a time or a Decimal where no schema
 * says so, a map with keys that are not strings where no schema says so, a value its
 * schema does not describe, a Date schema holding a time of day. */
static const char *const refused[] = {
    "[[1],[\"a\"]]",
    "[[1],[1.5]]",
    "[[1.5],[1]]",
    "[\"12:00:00.000Z\",\"2020-01-01\"]",
    "[1e400,1]",
    "[1,1e400]",
    "[1e400,\"a\"]",
    "[1,\"a\",1e400]",
    "[{\"a\":1},{\"b\":\"x\"}]",
    "[1,[\"2020-01-01\"]]",
    "[\"a\",[1e400]]",
    "[1e400,1e39]",
    "[\"a\",\"2020-01-01\"]",
    "[\"2020-01-01\",\"a\"]",
    "[[\"2020-01-01\"],[1]]",
    "[[1],[\"2020-01-01\"]]",
    "[{\"a\":1},{\"a\":\"x\"}]",
    "[{1:1},{\"a\":1}]",
    "[1, \"2020-01-01\", true]",
    "{\"a\":{\"b\":1},\"c\":{\"d\":\"x\"}}",
    "{\"a\":1e400,\"b\":1}",
    "{\"a\":[1],\"b\":[\"x\"]}",
    "{\"a\":{1:1},\"b\":{\"x\":1}}",
    "{\"12:00:00.000Z\":1,\"2020-01-01\":2}",
    "[  0.1,9223372036854775808  ]",
};

/* Where no common schema exists the parser writes JSON null, as JsonConverter does; the
 * header converters read a missing member as none, so InsertHeader drops it. */
static void
strip_null_schemas(json_t *schema)
{
    static const char *const members[] = { "items", "keys", "values" };

    for (size_t i = 0; i < sizeof(members) / sizeof(members[0]); i++) {
        json_t *m = json_object_get(schema, members[i]);
        if (json_is_null(m))
            json_object_del(schema, members[i]);
        else if (m != NULL)
            strip_null_schemas(m);
    }
}

/* in parsed, then written by JsonConverter (NULL: not written) and as a header's text. */
static void
written(const char *in, char **envelope, char **text)
{
    json_t      *schema, *value, *header_schema;
    kc_converter c;
    kc_err       err;
    kc_wbuf      out;
    kc_value     v;
    const void  *bytes;
    size_t       len;
    bool         is_null;
    char         why[512] = "";

    if (kc_values_parse_string(in, &schema, &value, why, sizeof(why)) != KC_VALUES_OK)
        fail_msg("[%s]: %s", in, why);
    assert_int_equal(kc_converter_init(&c, "org.apache.kafka.connect.json.JsonConverter", NULL,
                                       &err), KC_OK);
    v = (kc_value) { .kind = KC_VALUE_JSON, .json = value, .schema = schema };
    kc_wbuf_init(&out);
    *envelope = NULL;
    if (kc_converter_from_connect(&c, &v, &out, &bytes, &len, &err) == KC_OK && bytes != NULL)
        *envelope = strndup(bytes, len);
    kc_converter_free(&c);
    header_schema = schema != NULL ? json_deep_copy(schema) : NULL;
    strip_null_schemas(header_schema);
    kc_wbuf_reset(&out);
    assert_int_equal(kc_header_from_connect(true, header_schema, value, &out, &is_null, &err),
                     KC_OK);
    *text = is_null ? NULL : strndup((const char *) out.buf, out.len);
    if (is_null && (schema != NULL || !json_is_null(value)))
        fail_msg("[%s]: a null header from a schema or a value", in);
    kc_wbuf_free(&out);
    json_decref(header_schema);
    json_decref(schema);
    json_decref(value);
}

static void
test_java_cases(void **state)
{
    (void) state;
    setenv("TZ", "UTC", 1);                  /* Java's dates were read and printed in UTC */
    tzset();
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        const values_case *c = &cases[i];
        char              *envelope, *text;

        written(c->in, &envelope, &text);
        if (c->text == NULL ? text != NULL : text == NULL || strcmp(text, c->text) != 0)
            fail_msg("[%s]: header text %s, Java's %s", c->in, text ? text : "(null)",
                     c->text ? c->text : "(null)");
        if (c->envelope != NULL && (envelope == NULL || strcmp(envelope, c->envelope) != 0))
            fail_msg("[%s]: envelope %s, Java's %s", c->in, envelope ? envelope : "(none)",
                     c->envelope);
        free(envelope);
        free(text);
    }
}

static void
test_refused(void **state)
{
    (void) state;
    for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
        json_t *schema = NULL, *value = NULL;
        char    why[512] = "";

        if (kc_values_parse_string(refused[i], &schema, &value, why, sizeof(why))
            != KC_VALUES_UNSUPPORTED)
            fail_msg("[%s] was not refused", refused[i]);
        assert_null(schema);
        assert_null(value);
        assert_true(strncmp(why, "Java would read ", 16) == 0);
    }
}

/* refused's messages: what Java would have made. */
static void
refusal(const char *in, const char *message)
{
    json_t *schema, *value;
    char    why[512] = "";

    assert_int_equal(kc_values_parse_string(in, &schema, &value, why, sizeof(why)),
                     KC_VALUES_UNSUPPORTED);
    assert_string_equal(why, message);
}

static void
test_refusal_messages(void **state)
{
    (void) state;
    refusal("[1,\"2020-01-01\",true]", "Java would read [1,\"2020-01-01\",true] as an array or "
            "map holding a date, a time or a Decimal where no schema says so, which is not "
            "supported");
    refusal("[1,{2:3}]", "Java would read [1,{2:3}] as an array or map holding a map with keys "
            "that are not strings where no schema says so, which is not supported");
    refusal("[[1],[\"a\"]]", "Java would read [[1],[\"a\"]] as a value its own schema does not "
            "describe (arrays or maps whose arrays or maps differ in type), which is not "
            "supported");
    refusal("[\"12:00:00.000Z\",\"2020-01-01\"]", "Java would read [\"12:00:00.000Z\","
            "\"2020-01-01\"] as a Date holding a time of day, or more days than an int holds, "
            "which is not supported");
}

/* Nesting: 1000 levels are read, deeper is refused (Java's own stack ends a little further,
 * where depends on the thread's size); a long run of brackets costs no stack. */
static void
test_nesting(void **state)
{
    size_t n = 20000;
    char  *s = malloc(2 * n + 1), *envelope, *text;
    json_t *schema, *value;
    char   why[512];

    (void) state;
    for (size_t depth = 999; depth <= 1001; depth++) {
        memset(s, '[', depth);
        memset(s + depth, ']', depth);
        s[2 * depth] = '\0';
        if (depth <= 1000) {
            written(s, &envelope, &text);
            assert_string_equal(text, s);
            free(envelope);
            free(text);
        } else {
            assert_int_equal(kc_values_parse_string(s, &schema, &value, why, sizeof(why)),
                             KC_VALUES_UNSUPPORTED);
        }
    }
    /* Unbalanced: every level fails and gives way to the text. */
    memset(s, '[', 999);
    strcpy(s + 999, "1,2");
    written(s, &envelope, &text);
    assert_string_equal(text, s);
    free(envelope);
    free(text);
    memset(s, '[', n);
    s[n] = '\0';
    assert_int_equal(kc_values_parse_string(s, &schema, &value, why, sizeof(why)),
                     KC_VALUES_UNSUPPORTED);
    free(s);
}

/* Bytes that are not UTF-8 are read as Java's decoder reads them (U+FFFD each). */
static void
test_malformed_utf8(void **state)
{
    char *envelope, *text;

    (void) state;
    written("\377[1]", &envelope, &text);
    assert_string_equal(text, "\357\277\275[1]");
    free(envelope);
    free(text);
    written("[\"\303\"]", &envelope, &text);
    assert_string_equal(text, "[\"\357\277\275\"]");
    free(envelope);
    free(text);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_java_cases),
        cmocka_unit_test(test_refused),
        cmocka_unit_test(test_refusal_messages),
        cmocka_unit_test(test_nesting),
        cmocka_unit_test(test_malformed_utf8),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
