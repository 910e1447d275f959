/*
 * tests/unit/test_configdef.c - typed configuration checking against Kafka's ConfigDef and the
 * distributed worker's key table against Kafka 4.3's DistributedConfig.
 *
 * Every expected message (after kconnect's "<file>:<line>: " prefix) and every parsed value
 * was checked by running the same input through Kafka 4.3.1's own classes: ConfigDef.parse on
 * a table like small_defs below, and new DistributedConfig(map) on the worker file.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "lib/configdef.h"
#include "lib/props.h"
#include "worker/worker_config.h"

/* err must hold exactly the printf-formatted text. */
#define assert_msg(err, ...)                                 \
    do {                                                     \
        char want_[1024];                                    \
        snprintf(want_, sizeof(want_), __VA_ARGS__);         \
        assert_string_equal((err)->msg, want_);              \
    } while (0)

/* ===== A small table, as ConfigDef would define it ===== */

static const char *const modes[] = { "fast", "slow", NULL };

/* Java: define("name", STRING, NO_DEFAULT_VALUE), ("count", INT, 7), ("small", SHORT, 3),
 * ("big", LONG, 5L), ("flag", BOOLEAN, false), ("ratio", DOUBLE, 0.5, between(0.25, 1.0)),
 * ("items", LIST, ""), ("hosts", LIST, "x", ValidList.anyNonDuplicateValues(false, false)),
 * ("level", INT, 1, between(1, 10)), ("mode", STRING, "fast", ValidString.in("fast", "slow")),
 * ("opt", STRING, null). */
static const kc_cfg_def small_defs[] = {
    { .name = "name", .type = KC_CFG_STRING, .required = true },
    { .name = "count", .type = KC_CFG_INT, .dflt = "7" },
    { .name = "small", .type = KC_CFG_SHORT, .dflt = "3" },
    { .name = "big", .type = KC_CFG_LONG, .dflt = "5" },
    { .name = "flag", .type = KC_CFG_BOOLEAN, .dflt = "false" },
    { .name = "ratio", .type = KC_CFG_DOUBLE, .dflt = "0.5", .validator = KC_VAL_RANGE,
      .has_min = true, .min = 0.25, .has_max = true, .max = 1.0 },
    { .name = "items", .type = KC_CFG_LIST, .dflt = "" },
    { .name = "hosts", .type = KC_CFG_LIST, .dflt = "x", .validator = KC_VAL_LIST_NONEMPTY },
    { .name = "level", .type = KC_CFG_INT, .dflt = "1", .validator = KC_VAL_RANGE,
      .has_min = true, .min = 1, .has_max = true, .max = 10 },
    { .name = "mode", .type = KC_CFG_STRING, .dflt = "fast", .validator = KC_VAL_IN,
      .in = modes },
    { .name = "opt", .type = KC_CFG_STRING, .dflt = NULL },
};

typedef struct {
    kc_props p;
    kc_cfg   cfg;
    kc_err   err;
} small_fixture;

static int
small_setup(void **state)
{
    small_fixture *f = calloc(1, sizeof(*f));

    if (f == NULL)
        return -1;
    kc_props_init(&f->p, "t.properties");
    *state = f;
    return 0;
}

static int
small_teardown(void **state)
{
    small_fixture *f = *state;

    kc_cfg_free(&f->cfg);
    kc_props_free(&f->p);
    free(f);
    return 0;
}

/* Replaces the properties with text (which must parse) and types them; returns the code. */
static int
small_parse(void **state, const char *text)
{
    small_fixture *f = *state;

    kc_cfg_free(&f->cfg);
    kc_props_free(&f->p);
    kc_props_init(&f->p, "t.properties");
    if (kc_props_parse(&f->p, text, strlen(text), &f->err) != KC_OK)
        fail_msg("kc_props_parse: %s", f->err.msg);
    return kc_cfg_parse(&f->cfg, small_defs, KC_ARRAY_LEN(small_defs), &f->p, &f->err);
}

/* "name=n" and key=value set as an override (so leading blanks survive); returns the code. */
static int
small_parse_raw(void **state, const char *key, const char *value)
{
    small_fixture *f = *state;

    kc_cfg_free(&f->cfg);
    kc_props_free(&f->p);
    kc_props_init(&f->p, "t.properties");
    kc_props_set(&f->p, "name", "n", 1);
    kc_props_set(&f->p, key, value, 0);
    return kc_cfg_parse(&f->cfg, small_defs, KC_ARRAY_LEN(small_defs), &f->p, &f->err);
}

static const kc_cfg *
small_ok(void **state, const char *text)
{
    small_fixture *f = *state;

    if (small_parse(state, text) != KC_OK)
        fail_msg("kc_cfg_parse: %s", f->err.msg);
    return &f->cfg;
}

/* text must be refused with KC_EINVAL; returns the error. */
static const kc_err *
small_einval(void **state, const char *text)
{
    small_fixture *f = *state;

    assert_int_equal(small_parse(state, text), KC_EINVAL);
    assert_int_equal(f->err.code, KC_EINVAL);
    assert_int_equal(f->cfg.n, 0);               /* nothing left on failure */
    return &f->err;
}

static void
test_defaults_applied(void **state)
{
    const kc_cfg       *c = small_ok(state, "name=n\n");
    const kc_cfg_value *hosts = kc_cfg_get(c, "hosts");

    assert_string_equal(kc_cfg_str(c, "name"), "n");
    assert_true(kc_cfg_get(c, "name")->is_set);
    assert_int_equal(kc_cfg_int(c, "count"), 7);
    assert_false(kc_cfg_get(c, "count")->is_set);
    assert_int_equal(kc_cfg_int(c, "small"), 3);
    assert_int_equal(kc_cfg_int(c, "big"), 5);
    assert_false(kc_cfg_bool(c, "flag"));
    assert_true(kc_cfg_double(c, "ratio") == 0.5);
    assert_int_equal(kc_cfg_get(c, "items")->nlist, 0);
    assert_int_equal(hosts->nlist, 1);
    assert_string_equal(hosts->list[0], "x");
    assert_int_equal(kc_cfg_int(c, "level"), 1);
    assert_string_equal(kc_cfg_str(c, "mode"), "fast");
    assert_null(kc_cfg_str(c, "opt"));
    assert_true(kc_cfg_get(c, "opt")->is_null);
}

static void
test_missing_required(void **state)
{
    assert_string_equal(small_einval(state, "count=1\n")->msg,
                        "t.properties: Missing required configuration \"name\" which has no "
                        "default value.");
}

static void
test_int_not_a_number(void **state)
{
    assert_string_equal(small_einval(state, "name=n\n# c\ncount=10s\n")->msg,
                        "t.properties:3: Invalid value 10s for configuration count: "
                        "Not a number of type INT");
}

static void
test_int_trimmed_and_signed(void **state)
{
    small_fixture *f = *state;

    /* ConfigDef trims typed values; Integer.parseInt takes a leading '+'. */
    assert_int_equal(small_parse_raw(state, "count", " 5 "), KC_OK);
    assert_int_equal(kc_cfg_int(&f->cfg, "count"), 5);
    assert_int_equal(small_parse_raw(state, "count", "+5"), KC_OK);
    assert_int_equal(kc_cfg_int(&f->cfg, "count"), 5);
    assert_int_equal(small_parse_raw(state, "count", "-5"), KC_OK);
    assert_int_equal(kc_cfg_int(&f->cfg, "count"), -5);
}

static void
test_int_limits(void **state)
{
    small_fixture *f = *state;

    assert_int_equal(small_parse_raw(state, "count", "-2147483648"), KC_OK);
    assert_int_equal(kc_cfg_int(&f->cfg, "count"), INT32_MIN);
    assert_int_equal(small_parse_raw(state, "count", "2147483647"), KC_OK);
    assert_int_equal(kc_cfg_int(&f->cfg, "count"), INT32_MAX);
}

static void
test_int_overflow(void **state)
{
    assert_string_equal(small_einval(state, "name=n\ncount=2147483648\n")->msg,
                        "t.properties:2: Invalid value 2147483648 for configuration count: "
                        "Not a number of type INT");
    assert_string_equal(small_einval(state, "name=n\ncount=-2147483649\n")->msg,
                        "t.properties:2: Invalid value -2147483649 for configuration count: "
                        "Not a number of type INT");
}

static void
test_int_malformed(void **state)
{
    assert_string_equal(small_einval(state, "name=n\ncount=1.0\n")->msg,
                        "t.properties:2: Invalid value 1.0 for configuration count: "
                        "Not a number of type INT");
    assert_string_equal(small_einval(state, "name=n\ncount=0x10\n")->msg,
                        "t.properties:2: Invalid value 0x10 for configuration count: "
                        "Not a number of type INT");
    assert_string_equal(small_einval(state, "name=n\ncount=-\n")->msg,
                        "t.properties:2: Invalid value - for configuration count: "
                        "Not a number of type INT");
    /* An empty value is not the default: Java says so with an empty "value". */
    assert_string_equal(small_einval(state, "name=n\ncount=\n")->msg,
                        "t.properties:2: Invalid value  for configuration count: "
                        "Not a number of type INT");
}

static void
test_int_message_keeps_raw_text(void **state)
{
    /* Type errors print the value as given, untrimmed (Java: ConfigException(name, value)). */
    assert_string_equal(small_einval(state, "name=n\ncount=10s  \n")->msg,
                        "t.properties:2: Invalid value 10s   for configuration count: "
                        "Not a number of type INT");
}

static void
test_short_range(void **state)
{
    small_fixture *f = *state;

    assert_string_equal(small_einval(state, "name=n\nsmall=40000\n")->msg,
                        "t.properties:2: Invalid value 40000 for configuration small: "
                        "Not a number of type SHORT");
    assert_int_equal(small_parse_raw(state, "small", "-32768"), KC_OK);
    assert_int_equal(kc_cfg_int(&f->cfg, "small"), -32768);
}

static void
test_long_range(void **state)
{
    small_fixture *f = *state;

    assert_int_equal(small_parse_raw(state, "big", "9223372036854775807"), KC_OK);
    assert_true(kc_cfg_int(&f->cfg, "big") == INT64_MAX);
    assert_int_equal(small_parse_raw(state, "big", "-9223372036854775808"), KC_OK);
    assert_true(kc_cfg_int(&f->cfg, "big") == INT64_MIN);
    assert_string_equal(small_einval(state, "name=n\nbig=9223372036854775808\n")->msg,
                        "t.properties:2: Invalid value 9223372036854775808 for configuration "
                        "big: Not a number of type LONG");
}

static void
test_boolean(void **state)
{
    small_fixture *f = *state;

    assert_string_equal(small_einval(state, "name=n\nflag=yes\n")->msg,
                        "t.properties:2: Invalid value yes for configuration flag: "
                        "Expected value to be either true or false");
    assert_string_equal(small_einval(state, "name=n\nflag=1\n")->msg,
                        "t.properties:2: Invalid value 1 for configuration flag: "
                        "Expected value to be either true or false");
    /* Case-insensitive, and trimmed. */
    assert_int_equal(small_parse_raw(state, "flag", "TRUE"), KC_OK);
    assert_true(kc_cfg_bool(&f->cfg, "flag"));
    assert_int_equal(small_parse_raw(state, "flag", " True "), KC_OK);
    assert_true(kc_cfg_bool(&f->cfg, "flag"));
}

static void
test_double(void **state)
{
    small_fixture *f = *state;

    assert_int_equal(small_parse_raw(state, "ratio", "0.75"), KC_OK);
    assert_true(kc_cfg_double(&f->cfg, "ratio") == 0.75);
    /* Double.parseDouble takes a d/D/f/F suffix. */
    assert_int_equal(small_parse_raw(state, "ratio", "0.5d"), KC_OK);
    assert_true(kc_cfg_double(&f->cfg, "ratio") == 0.5);
    assert_string_equal(small_einval(state, "name=n\nratio=x\n")->msg,
                        "t.properties:2: Invalid value x for configuration ratio: "
                        "Not a number of type DOUBLE");
}

static void
test_double_range_min(void **state)
{
    assert_string_equal(small_einval(state, "name=n\nratio=0.1\n")->msg,
                        "t.properties:2: Invalid value 0.1 for configuration ratio: "
                        "Value must be at least 0.25");
}

static void
test_double_range_max_prints_parsed_double(void **state)
{
    /* Range validators see the parsed Double, so Java prints 2 as "2.0", bound as "1.0". */
    assert_string_equal(small_einval(state, "name=n\nratio=2\n")->msg,
                        "t.properties:2: Invalid value 2.0 for configuration ratio: "
                        "Value must be no more than 1.0");
}

static void
test_int_range(void **state)
{
    assert_string_equal(small_einval(state, "name=n\nlevel=0\n")->msg,
                        "t.properties:2: Invalid value 0 for configuration level: "
                        "Value must be at least 1");
    assert_string_equal(small_einval(state, "name=n\nlevel=11\n")->msg,
                        "t.properties:2: Invalid value 11 for configuration level: "
                        "Value must be no more than 10");
}

static void
test_int_range_prints_parsed_number(void **state)
{
    /* Validators see the parsed Integer: "+11" and "11  " are printed as 11. */
    assert_string_equal(small_einval(state, "name=n\nlevel=+11\n")->msg,
                        "t.properties:2: Invalid value 11 for configuration level: "
                        "Value must be no more than 10");
    assert_string_equal(small_einval(state, "name=n\nlevel=11  \n")->msg,
                        "t.properties:2: Invalid value 11 for configuration level: "
                        "Value must be no more than 10");
}

static void
test_in_validator(void **state)
{
    small_fixture *f = *state;

    assert_string_equal(small_einval(state, "name=n\nmode=medium\n")->msg,
                        "t.properties:2: Invalid value medium for configuration mode: "
                        "String must be one of: fast, slow");
    /* ValidString.in is case-sensitive. */
    assert_string_equal(small_einval(state, "name=n\nmode=FAST\n")->msg,
                        "t.properties:2: Invalid value FAST for configuration mode: "
                        "String must be one of: fast, slow");
    assert_int_equal(small_parse_raw(state, "mode", " slow "), KC_OK);
    assert_string_equal(kc_cfg_str(&f->cfg, "mode"), "slow");
}

static void
test_in_validator_prints_trimmed_value(void **state)
{
    /* The validator sees the trimmed string. */
    assert_string_equal(small_einval(state, "name=n\nmode=medium  \n")->msg,
                        "t.properties:2: Invalid value medium for configuration mode: "
                        "String must be one of: fast, slow");
}

static void
test_string_trimmed(void **state)
{
    small_fixture *f = *state;

    assert_int_equal(small_parse_raw(state, "opt", "  spaced  "), KC_OK);
    assert_string_equal(kc_cfg_str(&f->cfg, "opt"), "spaced");
    assert_true(kc_cfg_get(&f->cfg, "opt")->is_set);
    assert_false(kc_cfg_get(&f->cfg, "opt")->is_null);
}

static void
test_list_value(void **state)
{
    const kc_cfg       *c = small_ok(state, "name=n\nitems=a , b ,c\n");
    const kc_cfg_value *v = kc_cfg_get(c, "items");

    assert_int_equal(v->nlist, 3);
    assert_string_equal(v->list[0], "a");
    assert_string_equal(v->list[1], "b");
    assert_string_equal(v->list[2], "c");
}

static void
test_list_keeps_empty_and_duplicate_items(void **state)
{
    /* Without a ValidList validator Java keeps "" items and duplicates. */
    const kc_cfg       *c = small_ok(state, "name=n\nitems=a,,a\n");
    const kc_cfg_value *v = kc_cfg_get(c, "items");

    assert_int_equal(v->nlist, 3);
    assert_string_equal(v->list[0], "a");
    assert_string_equal(v->list[1], "");
    assert_string_equal(v->list[2], "a");
}

static void
test_valid_list_empty(void **state)
{
    assert_string_equal(small_einval(state, "name=n\nhosts=\n")->msg,
                        "t.properties:2: Configuration 'hosts' must not be empty. Valid values "
                        "include: any non-empty value");
    assert_string_equal(small_einval(state, "name=n\nhosts=   \n")->msg,
                        "t.properties:2: Configuration 'hosts' must not be empty. Valid values "
                        "include: any non-empty value");
}

static void
test_valid_list_empty_item(void **state)
{
    assert_string_equal(small_einval(state, "name=n\nhosts=a,,b\n")->msg,
                        "t.properties:2: Configuration 'hosts' values must not be empty.");
    assert_string_equal(small_einval(state, "name=n\nhosts=a,\n")->msg,
                        "t.properties:2: Configuration 'hosts' values must not be empty.");
}

static void
test_valid_list_drops_duplicates(void **state)
{
    /* Kafka 4.x ConfigDef.parseValue: for a ValidList key, duplicates are removed (first
     * occurrence kept, a warning logged) before validation. */
    const kc_cfg       *c = small_ok(state, "name=n\nhosts=a,b,a\n");
    const kc_cfg_value *v = kc_cfg_get(c, "hosts");

    assert_int_equal(v->nlist, 2);
    assert_string_equal(v->list[0], "a");
    assert_string_equal(v->list[1], "b");
}

static void
test_valid_list_validation_refuses_duplicates(void **state)
{
    /* ConfigDef.validate (what REST validation runs) does not drop them: Java 4.3 reports
     * "values must not be duplicated." before it looks for empty items. */
    static const kc_cfg_def hosts = { .name = "hosts", .type = KC_CFG_LIST,
                                      .validator = KC_VAL_LIST_NONEMPTY, .allow_empty = true };
    kc_err err = { 0 };

    (void) state;
    assert_int_equal(kc_cfg_validate(&hosts, "a, b,a,", &err), KC_EINVAL);
    assert_string_equal(err.msg, "Configuration 'hosts' values must not be duplicated.");
    assert_int_equal(kc_cfg_validate(&hosts, "a,,b", &err), KC_EINVAL);
    assert_string_equal(err.msg, "Configuration 'hosts' values must not be empty.");
    assert_int_equal(kc_cfg_validate(&hosts, "a,b", &err), KC_OK);
    assert_int_equal(kc_cfg_validate(&hosts, "", &err), KC_OK);
    assert_int_equal(kc_cfg_check(&hosts, "a,b,a", &err), KC_OK);      /* parsing drops them */
}

static void
test_first_bad_key_in_definition_order(void **state)
{
    /* Java types keys in definition order and stops at the first bad one. */
    assert_string_equal(small_einval(state, "level=0\nname=n\ncount=x\n")->msg,
                        "t.properties:3: Invalid value x for configuration count: "
                        "Not a number of type INT");
}

/* ===== kc_cfg_split_list and kc_java_trim ===== */

static void
split_expect(const char *text, size_t want_n, const char *const *want)
{
    size_t n = 99;
    char **v = kc_cfg_split_list(text, &n);

    assert_int_equal(n, want_n);
    for (size_t i = 0; i < want_n; i++)
        assert_string_equal(v[i], want[i]);
    assert_null(v[want_n]);
    kc_strv_free(v);
}

static void
test_split_list(void **state)
{
    (void) state;
    split_expect("a , b ,c", 3, (const char *const[]) { "a", "b", "c" });
    split_expect("  a,b  ", 2, (const char *const[]) { "a", "b" });
    split_expect("a\t,\nb", 2, (const char *const[]) { "a", "b" });
    split_expect("a b, c", 2, (const char *const[]) { "a b", "c" });
}

static void
test_split_list_keeps_empty_items(void **state)
{
    /* String.split(regex, -1): empty items, leading and trailing ones included, stay. */
    (void) state;
    split_expect("a,,b", 3, (const char *const[]) { "a", "", "b" });
    split_expect("a,", 2, (const char *const[]) { "a", "" });
    split_expect(",a", 2, (const char *const[]) { "", "a" });
    split_expect(" , ", 2, (const char *const[]) { "", "" });
}

static void
test_split_list_empty(void **state)
{
    (void) state;
    split_expect("", 0, NULL);
    split_expect("   ", 0, NULL);
}

static void
test_java_trim(void **state)
{
    /* String.trim() strips every char <= U+0020, control characters included. */
    char *t = kc_java_trim("\t a b \r\n");

    (void) state;
    assert_string_equal(t, "a b");
    free(t);
    t = kc_java_trim("\x01x\x1f");
    assert_string_equal(t, "x");
    free(t);
    t = kc_java_trim("  ");
    assert_string_equal(t, "");
    free(t);
}

/* ===== The distributed worker's table ===== */

/* Kafka's config/connect-distributed.properties: every setting it makes, with some of its
 * comments and commented-out settings. 32 lines; extra lines start at line 33. */
static const char *const stock_lines[] = {
    "# This file contains some of the configurations for the Kafka Connect distributed worker.",
    "",
    "# A list of host/port pairs to use for establishing the initial connection to the Kafka cluster.",
    "bootstrap.servers=localhost:9092",
    "",
    "# unique name for the cluster, used in forming the Connect cluster group.",
    "group.id=connect-cluster",                                                  /* 7 */
    "",
    "# The converters specify the format of data in Kafka and how to translate it into Connect data.",
    "key.converter=org.apache.kafka.connect.json.JsonConverter",
    "value.converter=org.apache.kafka.connect.json.JsonConverter",
    "# Converter-specific settings can be passed in by prefixing the Converter's setting with the converter we want to apply",
    "# it to",
    "key.converter.schemas.enable=true",
    "value.converter.schemas.enable=true",
    "",
    "offset.storage.topic=connect-offsets",                                      /* 17 */
    "offset.storage.replication.factor=1",
    "#offset.storage.partitions=25",
    "",
    "config.storage.topic=connect-configs",
    "config.storage.replication.factor=1",
    "",
    "status.storage.topic=connect-status",
    "status.storage.replication.factor=1",
    "#status.storage.partitions=5",
    "",
    "# Flush much faster than normal, which is useful for testing/debugging",
    "offset.flush.interval.ms=10000",                                            /* 29 */
    "",
    "#listeners=HTTP://:8083",
    "#plugin.path=",
};

typedef struct {
    kc_worker_config wc;
    bool             loaded;
    kc_err           err;
    char             path[64];
} worker_fixture;

static int
worker_setup(void **state)
{
    worker_fixture *f = calloc(1, sizeof(*f));
    int             fd;

    if (f == NULL)
        return -1;
    strcpy(f->path, "/tmp/kc_test_cfg_XXXXXX");
    if ((fd = mkstemp(f->path)) < 0) {
        free(f);
        return -1;
    }
    close(fd);
    *state = f;
    return 0;
}

static int
worker_teardown(void **state)
{
    worker_fixture *f = *state;

    if (f->loaded)
        kc_worker_config_free(&f->wc);
    unlink(f->path);
    free(f);
    return 0;
}

/* Writes the stock file, with the line setting `omit` commented out (so line numbers stay),
 * then extra; loads it with the overrides. Returns the code. */
static int
worker_load_ov(void **state, const char *omit, const char *extra, const char *const *ov,
               size_t nov)
{
    worker_fixture *f = *state;
    FILE           *out;
    int             rc;

    if (f->loaded)
        kc_worker_config_free(&f->wc);
    f->loaded = false;
    out = fopen(f->path, "w");
    assert_non_null(out);
    for (size_t i = 0; i < KC_ARRAY_LEN(stock_lines); i++) {
        const char *l = stock_lines[i];
        bool        skip = omit != NULL && strncmp(l, omit, strlen(omit)) == 0 &&
                           l[strlen(omit)] == '=';
        fprintf(out, "%s%s\n", skip ? "#" : "", l);
    }
    if (extra != NULL)
        fputs(extra, out);
    assert_int_equal(fclose(out), 0);
    rc = kc_worker_config_load(&f->wc, f->path, ov, nov, &f->err);
    f->loaded = rc == KC_OK;
    return rc;
}

static int
worker_load(void **state, const char *omit, const char *extra)
{
    return worker_load_ov(state, omit, extra, NULL, 0);
}

static const kc_cfg *
worker_ok(void **state, const char *extra)
{
    worker_fixture *f = *state;

    if (worker_load(state, NULL, extra) != KC_OK)
        fail_msg("kc_worker_config_load: %s", f->err.msg);
    return &f->wc.cfg;
}

static const kc_err *
worker_einval(void **state, const char *omit, const char *extra)
{
    worker_fixture *f = *state;

    assert_int_equal(worker_load(state, omit, extra), KC_EINVAL);
    assert_int_equal(f->err.code, KC_EINVAL);
    return &f->err;
}

static const char *
path_of(void **state)
{
    return ((worker_fixture *) *state)->path;
}

static void
test_worker_stock_file_loads(void **state)
{
    const kc_cfg       *c = worker_ok(state, NULL);
    const kc_cfg_value *bs = kc_cfg_get(c, "bootstrap.servers");
    worker_fixture     *f = *state;

    assert_int_equal(bs->nlist, 1);
    assert_string_equal(bs->list[0], "localhost:9092");
    assert_string_equal(kc_cfg_str(c, "group.id"), "connect-cluster");
    assert_string_equal(kc_cfg_str(c, "key.converter"),
                        "org.apache.kafka.connect.json.JsonConverter");
    assert_string_equal(kc_cfg_str(c, "value.converter"),
                        "org.apache.kafka.connect.json.JsonConverter");
    assert_string_equal(kc_cfg_str(c, "offset.storage.topic"), "connect-offsets");
    assert_string_equal(kc_cfg_str(c, "config.storage.topic"), "connect-configs");
    assert_string_equal(kc_cfg_str(c, "status.storage.topic"), "connect-status");
    assert_int_equal(kc_cfg_int(c, "offset.storage.replication.factor"), 1);
    assert_int_equal(kc_cfg_int(c, "config.storage.replication.factor"), 1);
    assert_int_equal(kc_cfg_int(c, "status.storage.replication.factor"), 1);
    assert_int_equal(kc_cfg_int(c, "offset.flush.interval.ms"), 10000);
    /* Converter settings stay in the raw properties, for the converters. */
    assert_string_equal(kc_props_get(&f->wc.props, "key.converter.schemas.enable"), "true");
    assert_string_equal(kc_props_get(&f->wc.props, "value.converter.schemas.enable"), "true");
    assert_null(kc_props_get(&f->wc.props, "listeners"));
    assert_null(kc_props_get(&f->wc.props, "plugin.path"));
}

static void
test_worker_defaults(void **state)
{
    const kc_cfg       *c = worker_ok(state, NULL);
    const kc_cfg_value *l = kc_cfg_get(c, "listeners");

    assert_int_equal(kc_cfg_int(c, "session.timeout.ms"), 10000);
    assert_int_equal(kc_cfg_int(c, "heartbeat.interval.ms"), 3000);
    assert_int_equal(kc_cfg_int(c, "rebalance.timeout.ms"), 60000);
    assert_string_equal(kc_cfg_str(c, "connect.protocol"), "sessioned");
    assert_int_equal(kc_cfg_int(c, "offset.storage.partitions"), 25);
    assert_int_equal(kc_cfg_int(c, "status.storage.partitions"), 5);
    assert_int_equal(kc_cfg_int(c, "send.buffer.bytes"), 131072);
    assert_string_equal(kc_cfg_str(c, "security.protocol"), "PLAINTEXT");
    assert_true(kc_cfg_bool(c, "topic.creation.enable"));
    assert_true(kc_cfg_double(c, "sasl.login.refresh.window.factor") == 0.8);
    assert_int_equal(l->nlist, 1);
    assert_string_equal(l->list[0], "http://:8083");
    assert_false(l->is_set);
    assert_true(kc_cfg_get(c, "plugin.path")->is_null);
}

static void
test_worker_missing_group_id(void **state)
{
    assert_msg(worker_einval(state, "group.id", NULL),
               "%s: Missing required configuration \"group.id\" which has no default value.",
               path_of(state));
}

static void
test_worker_missing_before_later_bad_value(void **state)
{
    /* group.id comes before send.buffer.bytes in DistributedConfig's definition order. */
    assert_msg(worker_einval(state, "group.id", "send.buffer.bytes=-2\n"),
               "%s: Missing required configuration \"group.id\" which has no default value.",
               path_of(state));
}

static void
test_worker_int_not_a_number(void **state)
{
    assert_msg(worker_einval(state, NULL, "session.timeout.ms=10s\n"),
               "%s:33: Invalid value 10s for configuration session.timeout.ms: "
               "Not a number of type INT", path_of(state));
}

static void
test_worker_int_overflow(void **state)
{
    assert_msg(worker_einval(state, NULL, "\n# big\nsession.timeout.ms = 2147483648\n"),
               "%s:35: Invalid value 2147483648 for configuration session.timeout.ms: "
               "Not a number of type INT", path_of(state));
}

static void
test_worker_values_trimmed(void **state)
{
    /* "\ " keeps a leading blank in the properties value; ConfigDef trims it away. */
    const kc_cfg *c = worker_ok(state, "session.timeout.ms=\\ 5 \nheartbeat.interval.ms=+5\n");

    assert_int_equal(kc_cfg_int(c, "session.timeout.ms"), 5);
    assert_int_equal(kc_cfg_int(c, "heartbeat.interval.ms"), 5);
}

static void
test_worker_boolean(void **state)
{
    assert_msg(worker_einval(state, NULL, "topic.creation.enable=yes\n"),
               "%s:33: Invalid value yes for configuration topic.creation.enable: "
               "Expected value to be either true or false", path_of(state));
}

static void
test_worker_short_out_of_range(void **state)
{
    assert_msg(worker_einval(state, NULL, "offset.storage.replication.factor=40000\n"),
               "%s:33: Invalid value 40000 for configuration offset.storage.replication.factor: "
               "Not a number of type SHORT", path_of(state));
}

static void
test_worker_range_at_least(void **state)
{
    assert_msg(worker_einval(state, NULL, "send.buffer.bytes=-2\n"),
               "%s:33: Invalid value -2 for configuration send.buffer.bytes: "
               "Value must be at least -1", path_of(state));
}

static void
test_worker_range_prints_parsed_number(void **state)
{
    /* Java's Range sees the Integer -2, however it was written. */
    assert_msg(worker_einval(state, NULL, "send.buffer.bytes=-02\n"),
               "%s:33: Invalid value -2 for configuration send.buffer.bytes: "
               "Value must be at least -1", path_of(state));
}

static void
test_worker_double_range(void **state)
{
    assert_msg(worker_einval(state, NULL, "sasl.login.refresh.window.jitter=0.3\n"),
               "%s:33: Invalid value 0.3 for configuration sasl.login.refresh.window.jitter: "
               "Value must be no more than 0.25", path_of(state));
}

static void
test_worker_security_protocol(void **state)
{
    /* CaseInsensitiveValidString prints the upper-cased names in its HashSet's order. */
    assert_msg(worker_einval(state, NULL, "security.protocol=foo\n"),
               "%s:33: Invalid value foo for configuration security.protocol: String must be "
               "one of (case insensitive): SASL_SSL, PLAINTEXT, SSL, SASL_PLAINTEXT",
               path_of(state));
}

static void
test_worker_security_protocol_any_case(void **state)
{
    const kc_cfg *c = worker_ok(state, "security.protocol=ssl\n");

    assert_string_equal(kc_cfg_str(c, "security.protocol"), "ssl");  /* kept as written */
}

static void
test_worker_in_message_prints_trimmed_value(void **state)
{
    assert_msg(worker_einval(state, NULL, "security.protocol=foo  \n"),
               "%s:33: Invalid value foo for configuration security.protocol: String must be "
               "one of (case insensitive): SASL_SSL, PLAINTEXT, SSL, SASL_PLAINTEXT",
               path_of(state));
}

static void
test_worker_case_sensitive_in(void **state)
{
    assert_msg(worker_einval(state, NULL, "metrics.recording.level=info\n"),
               "%s:33: Invalid value info for configuration metrics.recording.level: String "
               "must be one of: INFO, DEBUG", path_of(state));
}

static void
test_worker_connect_protocol(void **state)
{
    assert_msg(worker_einval(state, NULL, "connect.protocol=foo\n"),
               "%s:33: Invalid value foo for configuration connect.protocol: "
               "Invalid Connect protocol compatibility", path_of(state));
}

static void
test_worker_connect_protocol_any_case(void **state)
{
    const kc_cfg *c = worker_ok(state, "connect.protocol=EAGER\n");

    assert_string_equal(kc_cfg_str(c, "connect.protocol"), "EAGER");
}

static void
test_worker_partitions(void **state)
{
    assert_msg(worker_einval(state, NULL, "offset.storage.partitions=0\n"),
               "%s:33: Invalid value 0 for configuration offset.storage.partitions: "
               "Number of partitions must be positive, or -1 to use the broker's default",
               path_of(state));
}

static void
test_worker_partitions_broker_default(void **state)
{
    const kc_cfg *c = worker_ok(state, "offset.storage.partitions=-1\n");

    assert_int_equal(kc_cfg_int(c, "offset.storage.partitions"), -1);
}

static void
test_worker_replication_factor(void **state)
{
    assert_msg(worker_einval(state, NULL, "offset.storage.replication.factor=0\n"),
               "%s:33: Invalid value 0 for configuration offset.storage.replication.factor: "
               "Replication factor must be positive and not larger than the number of brokers "
               "in the Kafka cluster, or -1 to use the broker's default", path_of(state));
}

static void
test_worker_bootstrap_servers_empty(void **state)
{
    assert_msg(worker_einval(state, NULL, "bootstrap.servers=\n"),
               "%s:33: Configuration 'bootstrap.servers' must not be empty. Valid values "
               "include: any non-empty value", path_of(state));
}

static void
test_worker_bootstrap_servers_empty_item(void **state)
{
    assert_msg(worker_einval(state, NULL, "bootstrap.servers=a:1,,b:2\n"),
               "%s:33: Configuration 'bootstrap.servers' values must not be empty.",
               path_of(state));
}

static void
test_worker_bootstrap_servers_list(void **state)
{
    const kc_cfg       *c = worker_ok(state, "bootstrap.servers=a:1 , b:2 ,c:3\n");
    const kc_cfg_value *bs = kc_cfg_get(c, "bootstrap.servers");

    assert_int_equal(bs->nlist, 3);
    assert_string_equal(bs->list[0], "a:1");
    assert_string_equal(bs->list[1], "b:2");
    assert_string_equal(bs->list[2], "c:3");
}

static void
test_worker_bootstrap_servers_duplicates_removed(void **state)
{
    /* Java: getList("bootstrap.servers") is [a:1] (duplicates removed with a warning). */
    const kc_cfg       *c = worker_ok(state, "bootstrap.servers=a:1,a:1\n");
    const kc_cfg_value *bs = kc_cfg_get(c, "bootstrap.servers");

    assert_int_equal(bs->nlist, 1);
    assert_string_equal(bs->list[0], "a:1");
}

static void
test_worker_plugin_path_empty(void **state)
{
    assert_msg(worker_einval(state, NULL, "plugin.path=\n"),
               "%s:33: Configuration 'plugin.path' must not be empty. Valid values include: "
               "any non-empty value", path_of(state));
}

static void
test_worker_listeners(void **state)
{
    assert_msg(worker_einval(state, NULL, "listeners=\n"),
               "%s:33: Invalid value for listeners, at least one URL is expected, ex: "
               "http://localhost:8080,https://localhost:8443.", path_of(state));
    assert_msg(worker_einval(state, NULL, "listeners=http://:8083,\n"),
               "%s:33: Empty URL found when parsing listeners list.", path_of(state));
}

static void
test_worker_signature_algorithm_not_verified(void **state)
{
    assert_msg(worker_einval(state, NULL, "inter.worker.signature.algorithm=HmacSHA512\n"),
               "%s:33: Invalid value HmacSHA512 for configuration "
               "inter.worker.signature.algorithm: Signature algorithm must be present in "
               "inter.worker.verification.algorithms list", path_of(state));
}

static void
test_worker_response_headers(void **state)
{
    assert_msg(worker_einval(state, NULL, "response.http.headers.config=foo\n"),
               "%s:33: Invalid format of header config 'foo'. Expected: "
               "'[action] [header name]:[header value]'", path_of(state));
    assert_msg(worker_einval(state, NULL, "response.http.headers.config=put X:y\n"),
               "%s:33: Invalid header config action: 'put'. Expected one of "
               "[set, add, setDate, addDate]", path_of(state));
}

static void
test_worker_overrides_replace_file_values(void **state)
{
    worker_fixture    *f = *state;
    const char *const  ov[] = { "session.timeout.ms=30000", "group.id=other", "client.id=a=b" };
    char               buf[128];

    assert_int_equal(worker_load_ov(state, NULL, "session.timeout.ms=20000\n", ov, 3), KC_OK);
    assert_int_equal(kc_cfg_int(&f->wc.cfg, "session.timeout.ms"), 30000);
    assert_string_equal(kc_cfg_str(&f->wc.cfg, "group.id"), "other");
    assert_string_equal(kc_cfg_str(&f->wc.cfg, "client.id"), "a=b");   /* split at first '=' */
    assert_string_equal(kc_props_where(&f->wc.props, "group.id", buf, sizeof(buf)),
                        "--override group.id");
}

static void
test_worker_bad_override_named(void **state)
{
    worker_fixture    *f = *state;
    const char *const  ov[] = { "session.timeout.ms=abc" };

    assert_int_equal(worker_load_ov(state, NULL, NULL, ov, 1), KC_EINVAL);
    assert_string_equal(f->err.msg, "--override session.timeout.ms: Invalid value abc for "
                                    "configuration session.timeout.ms: Not a number of type INT");
}

static void
test_worker_override_needs_equals(void **state)
{
    worker_fixture    *f = *state;
    const char *const  ov[] = { "session.timeout.ms" };

    assert_int_equal(worker_load_ov(state, NULL, NULL, ov, 1), KC_EINVAL);
    assert_string_equal(f->err.msg, "--override session.timeout.ms: expected key=value");
}

static void
test_worker_missing_file(void **state)
{
    worker_fixture *f = *state;

    assert_int_equal(kc_worker_config_load(&f->wc, "/tmp/kc_test_no_such_dir/w.properties",
                                           NULL, 0, &f->err), KC_EIO);
    assert_string_equal(f->err.msg, "cannot read /tmp/kc_test_no_such_dir/w.properties: "
                                    "No such file or directory");
}

static void
test_worker_topic_settings(void **state)
{
    worker_fixture *f = *state;
    kc_props        out;

    worker_ok(state, "offset.storage.partitions=10\n"
                     "offset.storage.cleanup.policy=delete\n"
                     "offset.storage.min.insync.replicas=2\n"
                     "offset.storage.segment.bytes=1000\n"
                     "config.storage.retention.ms=5\n");
    assert_int_equal(kc_worker_config_topic_settings(&f->wc, "offset.storage.", &out), 2);
    assert_int_equal(out.n, 2);
    assert_string_equal(kc_props_get(&out, "min.insync.replicas"), "2");
    assert_string_equal(kc_props_get(&out, "segment.bytes"), "1000");
    assert_null(kc_props_get(&out, "topic"));
    assert_null(kc_props_get(&out, "partitions"));
    assert_null(kc_props_get(&out, "replication.factor"));
    assert_null(kc_props_get(&out, "cleanup.policy"));
    assert_null(kc_props_get(&out, "retention.ms"));
    kc_props_free(&out);

    assert_int_equal(kc_worker_config_topic_settings(&f->wc, "config.storage.", &out), 1);
    assert_string_equal(kc_props_get(&out, "retention.ms"), "5");
    kc_props_free(&out);

    assert_int_equal(kc_worker_config_topic_settings(&f->wc, "status.storage.", &out), 0);
    assert_int_equal(out.n, 0);
    kc_props_free(&out);
}

#define S(fn) cmocka_unit_test_setup_teardown(fn, small_setup, small_teardown)
#define W(fn) cmocka_unit_test_setup_teardown(fn, worker_setup, worker_teardown)

int
main(void)
{
    const struct CMUnitTest tests[] = {
        S(test_defaults_applied),
        S(test_missing_required),
        S(test_int_not_a_number),
        S(test_int_trimmed_and_signed),
        S(test_int_limits),
        S(test_int_overflow),
        S(test_int_malformed),
        S(test_int_message_keeps_raw_text),
        S(test_short_range),
        S(test_long_range),
        S(test_boolean),
        S(test_double),
        S(test_double_range_min),
        S(test_double_range_max_prints_parsed_double),
        S(test_int_range),
        S(test_int_range_prints_parsed_number),
        S(test_in_validator),
        S(test_in_validator_prints_trimmed_value),
        S(test_string_trimmed),
        S(test_list_value),
        S(test_list_keeps_empty_and_duplicate_items),
        S(test_valid_list_empty),
        S(test_valid_list_empty_item),
        S(test_valid_list_drops_duplicates),
        S(test_first_bad_key_in_definition_order),
        cmocka_unit_test(test_split_list),
        cmocka_unit_test(test_split_list_keeps_empty_items),
        cmocka_unit_test(test_split_list_empty),
        cmocka_unit_test(test_java_trim),
        cmocka_unit_test(test_valid_list_validation_refuses_duplicates),
        W(test_worker_stock_file_loads),
        W(test_worker_defaults),
        W(test_worker_missing_group_id),
        W(test_worker_missing_before_later_bad_value),
        W(test_worker_int_not_a_number),
        W(test_worker_int_overflow),
        W(test_worker_values_trimmed),
        W(test_worker_boolean),
        W(test_worker_short_out_of_range),
        W(test_worker_range_at_least),
        W(test_worker_range_prints_parsed_number),
        W(test_worker_double_range),
        W(test_worker_security_protocol),
        W(test_worker_security_protocol_any_case),
        W(test_worker_in_message_prints_trimmed_value),
        W(test_worker_case_sensitive_in),
        W(test_worker_connect_protocol),
        W(test_worker_connect_protocol_any_case),
        W(test_worker_partitions),
        W(test_worker_partitions_broker_default),
        W(test_worker_replication_factor),
        W(test_worker_bootstrap_servers_empty),
        W(test_worker_bootstrap_servers_empty_item),
        W(test_worker_bootstrap_servers_list),
        W(test_worker_bootstrap_servers_duplicates_removed),
        W(test_worker_plugin_path_empty),
        W(test_worker_listeners),
        W(test_worker_signature_algorithm_not_verified),
        W(test_worker_response_headers),
        W(test_worker_overrides_replace_file_values),
        W(test_worker_bad_override_named),
        W(test_worker_override_needs_equals),
        W(test_worker_missing_file),
        W(test_worker_topic_settings),
    };
    return cmocka_run_group_tests_name("configdef", tests, NULL, NULL);
}
