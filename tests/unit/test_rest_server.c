/*
 * tests/unit/test_rest_server.c - the REST server's socket-free parts: named loggers and
 * their log4j semantics (what Kafka 4.3's /admin/loggers answered in a Java worker), the
 * response.http.headers.config rules with Java's messages, query decoding, and the request
 * path (scopes, 404/405/415, OPTIONS, CORS, configured headers) without a herder.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <pthread.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <cmocka.h>

#include "rest/routes.h"
#include "rest/server.h"
#include "lib/configdef.h"
#include "lib/log.h"

static size_t
count(char **v)
{
    size_t n = 0;

    while (v[n])
        n++;
    return n;
}

static void
test_level_names(void **state)
{
    (void) state;
    assert_string_equal(kc_log_level_name("debug"), "DEBUG");
    assert_string_equal(kc_log_level_name(" warn "), "WARN");
    assert_string_equal(kc_log_level_name("FATAL"), "FATAL");
    assert_string_equal(kc_log_level_name("all"), "ALL");
    assert_null(kc_log_level_name("BOGUS"));
    assert_null(kc_log_level_name(""));
}

static void
test_set_namespace(void **state)
{
    kc_logger_info l;
    char         **changed;

    (void) state;
    kc_log_set_level(KC_LOG_INFO);
    /* A namespace covers every known logger whose name starts with it, and itself. */
    changed = kc_logger_set("org.apache.kafka.connect.runtime.distributed", "DEBUG");
    assert_int_equal(count(changed), 3);
    assert_string_equal(changed[0], "org.apache.kafka.connect.runtime.distributed");
    assert_string_equal(changed[1],
                        "org.apache.kafka.connect.runtime.distributed.DistributedHerder");
    assert_string_equal(changed[2],
                        "org.apache.kafka.connect.runtime.distributed.WorkerGroupMember");
    kc_strv_free(changed);
    assert_int_equal(kc_logger_get("org.apache.kafka.connect.runtime.distributed.DistributedHerder",
                                   &l), 0);
    assert_string_equal(l.level, "DEBUG");
    assert_true(l.last_modified > 0);
    /* Again: nothing changes, nothing is listed. */
    changed = kc_logger_set("org.apache.kafka.connect.runtime.distributed", "debug");
    assert_int_equal(count(changed), 0);
    kc_strv_free(changed);
    /* A new namespace at the level it inherits is created but not listed. */
    changed = kc_logger_set("org.apache.kafka.connect.runtime.distributed.X", "DEBUG");
    assert_int_equal(count(changed), 0);
    kc_strv_free(changed);
    assert_int_equal(kc_logger_get("org.apache.kafka.connect.runtime.distributed.X", &l), 0);
    assert_int_equal(l.last_modified, -1);
    assert_int_equal(kc_logger_get("nope", &l), -1);
    assert_int_equal(kc_logger_get("ROOT", &l), 0);
    assert_string_equal(l.name, "root");
    /* Root covers everything. */
    changed = kc_logger_set("root", "WARN");
    assert_true(count(changed) > 5);
    kc_strv_free(changed);
    assert_int_equal(kc_log_get_level(), KC_LOG_WARN);
    kc_log_set_level(KC_LOG_INFO);
}

static void
test_list_sorted(void **state)
{
    size_t          n;
    kc_logger_info *all = kc_logger_list(&n);

    (void) state;
    assert_true(n >= 12);
    for (size_t i = 1; i < n; i++)
        assert_true(strcmp(all[i - 1].name, all[i].name) < 0);
    free(all);
}

static void
expect_rule_error(const char *text, const char *message)
{
    kc_header_rule r;
    kc_err              err = { 0, "" };

    assert_int_equal(kc_header_rule_parse(text, &r, &err), KC_EINVAL);
    assert_string_equal(err.msg, message);
}

static void
test_header_rules(void **state)
{
    kc_header_rule r;
    kc_err              err = { 0, "" };

    (void) state;
    assert_int_equal(kc_header_rule_parse("  setDate  Expires : 1000 ", &r, &err), KC_OK);
    assert_int_equal(r.action, KC_HDR_SET_DATE);
    assert_string_equal(r.name, "Expires");
    assert_int_equal(r.date_offset_ms, 1000);
    free(r.name);
    free(r.value);
    expect_rule_error("set", "Invalid format of header config 'set'. Expected: '[action] "
                      "[header name]:[header value]'");
    expect_rule_error("put X-A: b", "Invalid header config action: 'put'. Expected one of "
                      "[set, add, setDate, addDate]");
    expect_rule_error("set X-A b", "Invalid format of header name and header value pair "
                      "'X-A b'. Expected: '[header name]:[header value]'");
    expect_rule_error("set X-A:", "Invalid format of header name and header value pair "
                      "'X-A:'. Expected: '[header name]:[header value]'");
    expect_rule_error("set X A:b", "Invalid header name 'X A'. The '[header name]' cannot "
                      "contain whitespace");
    /* A quoted rule may hold a comma. */
    assert_int_equal(kc_header_rules_check("set X-A: b, \"add X-B: c, d\"", &err), KC_OK);
    assert_int_equal(kc_header_rules_check("set X-A: b, add X-B: c, d", &err), KC_EINVAL);
}

static void
test_query(void **state)
{
    kc_rest_kv *args;
    char       *buf;
    size_t      n = kc_rest_parse_query("a=1&b=x%20y+z&flag&&c=%zz", &args, &buf);

    (void) state;
    assert_int_equal(n, 4);
    assert_string_equal(args[0].name, "a");
    assert_string_equal(args[0].value, "1");
    assert_string_equal(args[1].value, "x y z");
    assert_string_equal(args[2].name, "flag");
    assert_null(args[2].value);
    assert_string_equal(args[3].value, "%zz");
    free(args);
    free(buf);
}

static kc_rest_ctx ctx = { .version = "4.3.1", .commit = "test", .kafka_cluster_id = "cid" };

static void
serve(const kc_rest_filters *f, int scope, const char *method, const char *path,
      const kc_rest_kv *headers, size_t nheaders, const char *body, kc_rest_response *resp)
{
    kc_rest_serve(&ctx, f, scope, method, path, NULL, 0, headers, nheaders, body,
                  body ? strlen(body) : 0, false, resp);
}

static const char *
header(const kc_rest_response *r, const char *name)
{
    for (size_t i = 0; i < r->nheaders; i++)
        if (strcmp(r->headers[i].name, name) == 0)
            return r->headers[i].value;
    return NULL;
}

/* What the live page's routes refuse: the page where /admin is not, other methods, and any
 * path of its mount but the resources it reads. */
static const struct {
    int         scope;
    const char *method, *path, *body;
    int         status;
} ui_refusals[] = {
    { KC_REST_SCOPE_REGULAR, "GET", "/ui", NULL, 404 },
    { KC_REST_SCOPE_ALL, "POST", "/ui", "{}", 405 },
    { KC_REST_SCOPE_REGULAR, "GET", "/ui/api/connectors", NULL, 404 },
    { KC_REST_SCOPE_ADMIN, "GET", "/ui/api/connectors/c/config", NULL, 404 },
    { KC_REST_SCOPE_ADMIN, "GET", "/ui/api/admin/loggers", NULL, 404 },
    { KC_REST_SCOPE_ADMIN, "DELETE", "/ui/api/connectors", NULL, 405 },
    { KC_REST_SCOPE_ADMIN, "POST", "/ui/api/connectors", "{}", 405 },
};

static void
test_scopes_and_errors(void **state)
{
    kc_rest_response r;
    kc_rest_kv       text = { "Content-Type", "text/plain" };

    (void) state;
    serve(NULL, KC_REST_SCOPE_ADMIN, "GET", "/connectors", NULL, 0, NULL, &r);
    assert_int_equal(r.status, 404);
    kc_rest_response_clear(&r);
    serve(NULL, KC_REST_SCOPE_REGULAR, "GET", "/admin/loggers", NULL, 0, NULL, &r);
    assert_int_equal(r.status, 404);
    kc_rest_response_clear(&r);
    serve(NULL, KC_REST_SCOPE_ADMIN, "GET", "/admin/loggers/root", NULL, 0, NULL, &r);
    assert_int_equal(r.status, 200);
    kc_rest_response_clear(&r);
    serve(NULL, KC_REST_SCOPE_ALL, "DELETE", "/", NULL, 0, NULL, &r);
    assert_int_equal(r.status, 405);
    kc_rest_response_clear(&r);
    serve(NULL, KC_REST_SCOPE_ALL, "PUT", "/admin/loggers/x", &text, 1, "{\"level\":\"INFO\"}",
          &r);
    assert_int_equal(r.status, 415);
    kc_rest_response_clear(&r);
    serve(NULL, KC_REST_SCOPE_ALL, "GET", "/", &text, 1, NULL, &r);
    assert_int_equal(r.status, 200);
    kc_rest_response_clear(&r);
    serve(NULL, KC_REST_SCOPE_ALL, "OPTIONS", "/admin/loggers/x", NULL, 0, NULL, &r);
    assert_int_equal(r.status, 200);
    assert_string_equal(header(&r, "Allow"), "HEAD,GET,OPTIONS,PUT");
    assert_string_equal(r.text, "HEAD, GET, OPTIONS, PUT");
    kc_rest_response_clear(&r);
    kc_rest_set_timeouts(1, 0);
    serve(NULL, KC_REST_SCOPE_ALL, "GET", "/health", NULL, 0, NULL, &r);
    assert_int_equal(r.status, 503);
    assert_string_equal(json_string_value(json_object_get(r.body, "status")), "starting");
    kc_rest_response_clear(&r);
    /* No herder yet: a request waits for it, then times out as Java's does. */
    serve(NULL, KC_REST_SCOPE_ALL, "GET", "/connectors", NULL, 0, NULL, &r);
    assert_int_equal(r.status, 500);
    assert_non_null(strstr(json_string_value(json_object_get(r.body, "message")),
                           "Request timed out. The worker is currently initializing and reading "
                           "to the end of internal topics, which began at "));
    kc_rest_response_clear(&r);
    /* The live page: with /admin, HTML under a policy that loads nothing from elsewhere;
     * its mount answers the read-only resources it reads and nothing else. */
    serve(NULL, KC_REST_SCOPE_ADMIN, "GET", "/ui", &text, 1, NULL, &r);
    assert_int_equal(r.status, 200);
    assert_string_equal(header(&r, "Content-Type"), "text/html; charset=utf-8");
    assert_non_null(strstr(header(&r, "Content-Security-Policy"), "default-src 'none'"));
    assert_non_null(strstr(r.text, "<title>kconnect</title>"));
    assert_non_null(strstr(r.text, "</html>"));
    kc_rest_response_clear(&r);
    serve(NULL, KC_REST_SCOPE_ADMIN, "GET", "/ui/api/", NULL, 0, NULL, &r);
    assert_int_equal(r.status, 200);
    assert_string_equal(json_string_value(json_object_get(r.body, "kafka_cluster_id")), "cid");
    kc_rest_response_clear(&r);
    for (size_t i = 0; i < sizeof(ui_refusals) / sizeof(ui_refusals[0]); i++) {
        serve(NULL, ui_refusals[i].scope, ui_refusals[i].method, ui_refusals[i].path, NULL, 0,
              ui_refusals[i].body, &r);
        if (r.status != ui_refusals[i].status)
            fail_msg("%s %s: %d", ui_refusals[i].method, ui_refusals[i].path, r.status);
        kc_rest_response_clear(&r);
    }
    kc_rest_serve(&ctx, NULL, KC_REST_SCOPE_ALL, "POST", "/connectors", NULL, 0, NULL, 0, "x", 1,
                  true, &r);
    assert_int_equal(r.status, 413);
    assert_int_equal(json_integer_value(json_object_get(r.body, "error_code")), 413);
    kc_rest_response_clear(&r);
}

/* A thread standing in for the main thread: publishes a herder (or that none is coming). */
typedef struct publisher {
    kc_rest_ctx      *ctx;
    struct kc_herder *herder;
} publisher;

static void *
publish_later(void *arg)
{
    publisher *p = arg;

    nanosleep(&(struct timespec) { 0, 30 * 1000000L }, NULL);
    kc_rest_publish_herder(p->ctx, p->herder);
    return NULL;
}

/* Requests that arrive during start-up wait for the herder and get it when it is published;
 * once none is coming they answer 503 at once instead of waiting out the request timeout. */
static void
test_await_herder(void **state)
{
    kc_rest_ctx       c = { .version = "4.3.1" };
    struct kc_herder *fake = (struct kc_herder *) &c;     /* only compared, never used */
    publisher         p = { &c, fake };
    kc_rest_response  r = { 0 };
    pthread_t         t;
    int64_t           t0;

    (void) state;
    assert_null(kc_rest_await_herder(&c, 0));
    assert_int_equal(pthread_create(&t, NULL, publish_later, &p), 0);
    assert_ptr_equal(kc_rest_await_herder(&c, 10000), fake);
    pthread_join(t, NULL);
    assert_ptr_equal(kc_rest_await_herder(&c, 0), fake);

    c = (kc_rest_ctx) { .version = "4.3.1" };
    p = (publisher) { &c, NULL };
    kc_rest_set_timeouts(60000, 0);
    assert_int_equal(pthread_create(&t, NULL, publish_later, &p), 0);
    t0 = kc_mono_ms();
    assert_null(kc_rest_herder_or_answer(&c, &r));
    assert_true(kc_mono_ms() - t0 < 10000);
    pthread_join(t, NULL);
    assert_int_equal(r.status, 503);
    assert_string_equal(json_string_value(json_object_get(r.body, "message")),
                        "Worker is still starting up.");
    kc_rest_response_clear(&r);
    kc_rest_set_timeouts(90000, 10000);
}

static void
test_cors_and_rules(void **state)
{
    kc_cfg_def       defs[] = {
        { .name = "access.control.allow.origin", .type = KC_CFG_STRING, .dflt = "" },
        { .name = "access.control.allow.methods", .type = KC_CFG_STRING, .dflt = "" },
        { .name = "response.http.headers.config", .type = KC_CFG_STRING, .dflt = "" },
    };
    kc_props         props;
    kc_cfg           cfg;
    kc_err           err = { 0, "" };
    kc_rest_filters  f;
    kc_rest_response r;
    kc_rest_kv       pre[] = { { "Origin", "http://B.example" },
                               { "Access-Control-Request-Method", "PUT" } };
    kc_rest_kv       other[] = { { "Origin", "http://c.example" } };

    (void) state;
    kc_props_init(&props, "test");
    kc_props_set(&props, "access.control.allow.origin", "http://a.example,http://b.*", 1);
    kc_props_set(&props, "response.http.headers.config", "set X-A: 1,add X-B: 2", 2);
    assert_int_equal(kc_cfg_parse(&cfg, defs, 3, &props, &err), KC_OK);
    assert_int_equal(kc_rest_filters_init(&f, &cfg, &err), KC_OK);
    serve(&f, KC_REST_SCOPE_ALL, "OPTIONS", "/connectors", pre, 2, NULL, &r);
    assert_int_equal(r.status, 200);
    assert_string_equal(header(&r, "Vary"), "Origin");
    assert_string_equal(header(&r, "Access-Control-Allow-Origin"), "http://B.example");
    assert_string_equal(header(&r, "Access-Control-Allow-Methods"), "GET,POST,HEAD");
    assert_string_equal(header(&r, "Access-Control-Max-Age"), "60");
    assert_string_equal(header(&r, "X-A"), "1");
    assert_string_equal(header(&r, "X-B"), "2");
    kc_rest_response_clear(&r);
    serve(&f, KC_REST_SCOPE_ALL, "GET", "/nowhere", other, 1, NULL, &r);
    assert_int_equal(r.status, 404);
    assert_null(header(&r, "Access-Control-Allow-Origin"));
    assert_string_equal(header(&r, "Vary"), "Origin");
    assert_string_equal(header(&r, "X-A"), "1");
    kc_rest_response_clear(&r);
    kc_rest_filters_free(&f);
    kc_cfg_free(&cfg);
    kc_props_free(&props);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_level_names),
        cmocka_unit_test(test_set_namespace),
        cmocka_unit_test(test_list_sorted),
        cmocka_unit_test(test_header_rules),
        cmocka_unit_test(test_query),
        cmocka_unit_test(test_scopes_and_errors),
        cmocka_unit_test(test_await_herder),
        cmocka_unit_test(test_cors_and_rules),
    };

    kc_log_set_level(KC_LOG_ERROR);
    return cmocka_run_group_tests_name("rest_server", tests, NULL, NULL);
}
