/*
 * tests/unit/test_jaas.c - JAAS files against the JDK's ConfigFile, Java's Base64 decoder,
 * and the basic authentication filter (rest/auth.c) without a socket.
 *
 * Every expected entry, option and message of the JAAS cases was what JDK 17's
 * Configuration.getInstance("JavaLoginConfig", ...) gave for the same text (its messages
 * start "Configuration Error:\n\tLine N: "; ours "<file>:<line>: "). The Base64 messages are
 * those a Java worker answered for the same Authorization headers. The filter's module
 * combinations follow javax.security.auth.login.LoginContext, checked side by side with a
 * Java worker in tests/integration/test_rest_auth.py.
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
#include <unistd.h>
#include <cmocka.h>

#include "lib/configdef.h"
#include "lib/jaas.h"
#include "lib/log.h"
#include "rest/auth.h"
#include "rest/routes.h"
#include "rest/server.h"
#include "worker/refused.h"
#include "worker/worker_config.h"

static const char *
props_of_test(void *arg, const char *name)
{
    (void) arg;
    return strcmp(name, "user.home") == 0 ? "/home/k" : strcmp(name, "e.empty") == 0 ? "" : NULL;
}

/* Parses text, which must be valid; the caller frees j. */
static void
parse_ok(kc_jaas *j, const char *text)
{
    kc_err err;

    kc_jaas_init(j, "t.conf");
    if (kc_jaas_parse(j, text, strlen(text), props_of_test, NULL, &err) != KC_OK)
        fail_msg("refused: %s", err.msg);
}

/* The message for text, which must be refused. */
static const char *
parse_err(const char *text)
{
    static kc_err err;
    kc_jaas       j;

    kc_jaas_init(&j, "t.conf");
    assert_int_equal(kc_jaas_parse(&j, text, strlen(text), props_of_test, NULL, &err),
                     KC_EINVAL);
    kc_jaas_free(&j);
    return err.msg;
}

static void
test_kafka_connect_entry(void **state)
{
    kc_jaas              j;
    const kc_jaas_entry *e;

    (void) state;
    parse_ok(&j, "// head\n/* block\n comment */ KafkaConnect { /* in */\n"
                 "  org.apache.kafka.connect.rest.basic.auth.extension.PropertyFileLoginModule"
                 " required // tail\n  file=\"/tmp/u.properties\" debug=true k2=v.2;\n};\n");
    assert_non_null(e = kc_jaas_entry_get(&j, "KafkaConnect"));
    assert_null(kc_jaas_entry_get(&j, "other"));
    assert_int_equal(e->nmodules, 1);
    assert_string_equal(e->modules[0].class_name,
                        "org.apache.kafka.connect.rest.basic.auth.extension.PropertyFileLoginModule");
    assert_int_equal(e->modules[0].flag, KC_JAAS_REQUIRED);
    assert_int_equal(e->modules[0].line, 4);
    assert_string_equal(kc_props_get(&e->modules[0].options, "file"), "/tmp/u.properties");
    assert_string_equal(kc_props_get(&e->modules[0].options, "debug"), "true");
    assert_string_equal(kc_props_get(&e->modules[0].options, "k2"), "v.2");
    kc_jaas_free(&j);
}

static void
test_flags_words_and_quoted_names(void **state)
{
    kc_jaas              j;
    const kc_jaas_entry *e;

    (void) state;
    parse_ok(&j, "A { m1 REQUIRED; m2 Requisite; m3 sufficient a=b; m4 optional; };\n"
                 "\"B\" { \"m$_-*.9\" \"required\" \"k$\"=v_-*; };\n");
    e = kc_jaas_entry_get(&j, "A");
    assert_int_equal(e->nmodules, 4);
    assert_int_equal(e->modules[0].flag, KC_JAAS_REQUIRED);
    assert_int_equal(e->modules[1].flag, KC_JAAS_REQUISITE);
    assert_int_equal(e->modules[2].flag, KC_JAAS_SUFFICIENT);
    assert_int_equal(e->modules[3].flag, KC_JAAS_OPTIONAL);
    assert_string_equal(kc_props_get(&e->modules[2].options, "a"), "b");
    e = kc_jaas_entry_get(&j, "B");
    assert_string_equal(e->modules[0].class_name, "m$_-*.9");
    assert_string_equal(kc_props_get(&e->modules[0].options, "k$"), "v_-*");
    kc_jaas_free(&j);
}

static void
test_strings_escapes_and_utf8(void **state)
{
    kc_jaas               j;
    const kc_jaas_module *m;

    (void) state;
    /* Java's escapes; \477 is \47 then '7' (three digits only from \0-\3); a string ends at
     * the line's end; a key given twice keeps the last value; UTF-8 words. */
    parse_ok(&j, "A { m required k=\"a\\tb\\101\\\"c\\\\d\\q\" e=\"\" o=\"\\0101\\477\\8\\3777\""
                 " u=\"abc\n k=x k=y w=caf\xc3\xa9 q=\"\xe2\x82\xac\"; };\n");
    m = &kc_jaas_entry_get(&j, "A")->modules[0];
    assert_string_equal(kc_props_get(&m->options, "k"), "y");
    assert_string_equal(kc_props_get(&m->options, "e"), "");
    assert_string_equal(kc_props_get(&m->options, "o"), "\b1'78\xc3\xbf" "7");
    assert_string_equal(kc_props_get(&m->options, "u"), "abc");
    assert_string_equal(kc_props_get(&m->options, "w"), "caf\xc3\xa9");
    assert_string_equal(kc_props_get(&m->options, "q"), "\xe2\x82\xac");
    kc_jaas_free(&j);
    parse_ok(&j, "A { m required k=\"a\\tb\\101\\\"c\\\\d\\q\"; };");
    m = &kc_jaas_entry_get(&j, "A")->modules[0];
    assert_string_equal(kc_props_get(&m->options, "k"), "a\tbA\"c\\dq");
    kc_jaas_free(&j);
}

static void
test_expansion(void **state)
{
    kc_jaas               j;
    const kc_jaas_module *m;

    (void) state;
    parse_ok(&j, "A { m required f=\"${user.home}/x\" g=\"${/}a\" h=\"${{x}}y\" i=\"${nope\"; };");
    m = &kc_jaas_entry_get(&j, "A")->modules[0];
    assert_string_equal(kc_props_get(&m->options, "f"), "/home/k/x");
    assert_string_equal(kc_props_get(&m->options, "g"), "/a");
    assert_string_equal(kc_props_get(&m->options, "h"), "${{x}}y");
    assert_string_equal(kc_props_get(&m->options, "i"), "${nope");
    kc_jaas_free(&j);
    assert_string_equal(parse_err("A { m required f=\"${no.such.prop}\"; };"),
                        "t.conf:1: unable to expand property no.such.prop");
    assert_string_equal(parse_err("A { m required k=\"${e.empty}\"; };"),
                        "t.conf:1: system property [${e.empty}] expanded to empty value");
}

static void
test_empty_entry_is_no_entry(void **state)
{
    kc_jaas j;

    (void) state;
    parse_ok(&j, "A { };\nother { m optional; };\n");
    assert_null(kc_jaas_entry_get(&j, "A"));
    assert_int_equal(kc_jaas_entry_get(&j, "other")->modules[0].flag, KC_JAAS_OPTIONAL);
    kc_jaas_free(&j);
}

static void
test_errors_as_java(void **state)
{
    (void) state;
    assert_string_equal(parse_err("A { m1 mandatory; };\n"),
                        "t.conf:1: Invalid control flag, MANDATORY");
    assert_string_equal(parse_err("A { m required; };\nA { m required; };\n"),
                        "t.conf:2: Can not specify multiple entries for A");
    /* An unquoted path: its '/' starts a comment, and the file ends in it. */
    assert_string_equal(parse_err("A { m required file=/tmp/x; };\n"),
                        "t.conf:2: expected [option value], read [end of file]");
    assert_string_equal(parse_err("A { m required k=42; };"),
                        "t.conf:1: expected [option value], found [null]");
    assert_string_equal(parse_err("A { m required k=-x; };"),
                        "t.conf:1: expected [option value], found [null]");
    assert_string_equal(parse_err("A { m required k='v'; };"),
                        "t.conf:1: expected [option value], found [v]");
    assert_string_equal(parse_err("A { m required k=v\n"),
                        "t.conf:2: expected [option key], read [end of file]");
    assert_string_equal(parse_err("A { m required; }\n"),
                        "t.conf:2: expected [;], read [end of file]");
    assert_string_equal(parse_err("A {\r\n m required\r\n k=v;\r\n};\r\nB { m required k=x }; "
                                  "};\r\n"), "t.conf:5: expected [option key]");
    assert_string_equal(parse_err("{ m required; };"), "t.conf:1: expected [{], found [m]");
    assert_string_equal(parse_err("A { m required k v; };"),
                        "t.conf:1: expected [=], found [v]");
    assert_string_equal(parse_err("A { m required k=v / comment ; };\n};\n"),
                        "t.conf:2: expected [option key]");
    assert_string_equal(parse_err("A { m required k=\"a\\0b\"; };"),
                        "t.conf:1: a NUL character in [option value] (kconnect cannot carry "
                        "it)");
}

static void
test_file_errors(void **state)
{
    kc_jaas j;
    kc_err  err;

    (void) state;
    kc_jaas_init(&j, NULL);
    assert_int_equal(kc_jaas_load_file(&j, "/nonexistent/jaas.conf", NULL, NULL, &err), KC_EIO);
    assert_string_equal(err.msg, "cannot read /nonexistent/jaas.conf: No such file or directory");
    kc_jaas_free(&j);
}

/* ===== Java's Base64 decoder ===== */

static const char *
b64_err(const char *text)
{
    static char why[128];
    uint8_t    *out;
    size_t      n;

    assert_int_equal(kc_base64_java_decode(text, strlen(text), &out, &n, why, sizeof(why)), -1);
    assert_null(out);
    return why;
}

static void
test_base64_as_java(void **state)
{
    uint8_t *out;
    size_t   n;
    char     why[128];

    (void) state;
    assert_int_equal(kc_base64_java_decode("YWxpY2U6YWxpY2UtcHc", 19, &out, &n, why,
                                           sizeof(why)), 0);        /* padding optional */
    assert_int_equal(n, 14);
    assert_memory_equal(out, "alice:alice-pw", 14);
    free(out);
    assert_int_equal(kc_base64_java_decode("YQ==", 4, &out, &n, why, sizeof(why)), 0);
    assert_int_equal(n, 1);
    free(out);
    assert_string_equal(b64_err("!!!"), "Illegal base64 character 21");
    assert_string_equal(b64_err(" YWxp"), "Illegal base64 character 20");
    assert_string_equal(b64_err("YW\xe9p"), "Illegal base64 character -17");
    assert_string_equal(b64_err("YWJj="), "Input byte array has wrong 4-byte ending unit");
    assert_string_equal(b64_err("YQ="), "Input byte array has wrong 4-byte ending unit");
    assert_string_equal(b64_err("YQ==YQ"), "Input byte array has incorrect ending byte at 4");
    assert_string_equal(b64_err("A"), "Input byte[] should at least have 2 bytes for base64 bytes");
    assert_string_equal(b64_err("YWJjZ"), "Last unit does not have enough valid bits");
}

static void
test_constant_time_equal(void **state)
{
    (void) state;
    assert_true(kc_ct_equal("secret", 6, "secret", 6));
    assert_false(kc_ct_equal("secreT", 6, "secret", 6));
    assert_false(kc_ct_equal("secret!", 7, "secret", 6));
    assert_false(kc_ct_equal("secre", 5, "secret", 6));
    assert_false(kc_ct_equal("", 0, "secret", 6));
    assert_true(kc_ct_equal("", 0, "", 0));
}

/* ===== The filter ===== */

typedef struct fixture {
    char          dir[64];
    char          users[128], users2[128], jaas[128];
    kc_props      props;
    kc_cfg        cfg;
    kc_rest_auth *auth;
} fixture;

static void
write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");

    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static int
setup(void **state)
{
    fixture *f = calloc(1, sizeof(*f));

    snprintf(f->dir, sizeof(f->dir), "/tmp/kc-jaas-XXXXXX");
    if (mkdtemp(f->dir) == NULL)
        return -1;
    snprintf(f->users, sizeof(f->users), "%s/users.properties", f->dir);
    snprintf(f->users2, sizeof(f->users2), "%s/users2.properties", f->dir);
    snprintf(f->jaas, sizeof(f->jaas), "%s/jaas.conf", f->dir);
    write_file(f->users, "alice=alice-pw\nbob = b\\u00f6b\n");
    write_file(f->users2, "carol=carol-pw\n");
    *state = f;
    return 0;
}

static int
teardown(void **state)
{
    fixture *f = *state;

    kc_rest_auth_free(f->auth);
    if (f->cfg.values != NULL)
        kc_cfg_free(&f->cfg);
    kc_props_free(&f->props);
    unlink(f->users);
    unlink(f->users2);
    unlink(f->jaas);
    rmdir(f->dir);
    free(f);
    return 0;
}

/* text with each @1 replaced by the users file (alice, bob) and each @2 by the second one
 * (carol): a new string. */
static char *
with_files(const fixture *f, const char *text)
{
    char  *out = calloc(1, strlen(text) * 4 + 512);
    size_t o = 0;

    for (const char *p = text; *p; p++) {
        if (p[0] == '@' && (p[1] == '1' || p[1] == '2')) {
            o += (size_t) sprintf(out + o, "%s", p[1] == '1' ? f->users : f->users2);
            p++;
        } else {
            out[o++] = *p;
        }
    }
    return out;
}

/* A worker file asking for basic auth with JAAS text jaas (see with_files);
 * kc_rest_auth_new's result. */
static int
start(fixture *f, const char *jaas, kc_err *err)
{
    size_t            ndefs;
    const kc_cfg_def *defs = kc_worker_config_defs(&ndefs);
    char             *text = with_files(f, jaas), opts[256];

    write_file(f->jaas, text);
    free(text);
    kc_props_init(&f->props, "w.properties");
    kc_props_set(&f->props, "group.id", "g", 1);
    kc_props_set(&f->props, "bootstrap.servers", "localhost:9092", 2);
    kc_props_set(&f->props, "config.storage.topic", "c", 3);
    kc_props_set(&f->props, "offset.storage.topic", "o", 4);
    kc_props_set(&f->props, "status.storage.topic", "s", 5);
    kc_props_set(&f->props, "key.converter", "org.apache.kafka.connect.json.JsonConverter", 6);
    kc_props_set(&f->props, "value.converter", "org.apache.kafka.connect.json.JsonConverter", 7);
    kc_props_set(&f->props, "rest.extension.classes",
                 "org.apache.kafka.connect.rest.basic.auth.extension.BasicAuthSecurityRestExtension",
                 8);
    assert_int_equal(kc_cfg_parse(&f->cfg, defs, ndefs, &f->props, err), KC_OK);
    snprintf(opts, sizeof(opts), "-Xmx1g  -Djava.security.auth.login.config=%s -Dx=y", f->jaas);
    return kc_rest_auth_new(&f->cfg, &f->props, opts, &f->auth, err);
}

#define PFLM "org.apache.kafka.connect.rest.basic.auth.extension.PropertyFileLoginModule"

/* The status the filter gives method path with the Authorization header auth (NULL: none);
 * 0 when it lets the request through. */
static int
status_of(fixture *f, const char *method, const char *path, const char *auth)
{
    kc_rest_kv       h = { "Authorization", auth };
    kc_rest_request  req = { .method = method, .path = path, .headers = &h,
                             .nheaders = auth ? 1 : 0 };
    kc_rest_response resp = { 0 };
    int              status;

    if (kc_rest_auth_allows(f->auth, &req, &resp)) {
        kc_rest_response_clear(&resp);
        return 0;
    }
    status = resp.status;
    if (status == 401) {
        assert_string_equal(resp.text, "User cannot access the resource.");
        assert_string_equal(resp.headers[0].value, strcmp(method, "OPTIONS") == 0
                            ? "text/plain" : "application/json");
    }
    kc_rest_response_clear(&resp);
    return status;
}

#define ALICE   "Basic YWxpY2U6YWxpY2UtcHc="             /* alice:alice-pw */
#define WRONG   "Basic YWxpY2U6YWxpY2UtcHcx"             /* alice:alice-pw1 */
#define BOB     "Basic Ym9iOmLDtmI="                     /* bob:böb */
#define CAROL   "Basic Y2Fyb2w6Y2Fyb2wtcHc="             /* carol:carol-pw */

static void
test_filter_headers(void **state)
{
    fixture *f = *state;
    kc_err   err;

    assert_int_equal(start(f, "KafkaConnect { " PFLM " required file=\"@1\"; };", &err), KC_OK);
    assert_int_equal(status_of(f, "GET", "/connectors", ALICE), 0);
    assert_int_equal(status_of(f, "GET", "/connectors", "bAsIc YWxpY2U6YWxpY2UtcHc"), 0);
    assert_int_equal(status_of(f, "GET", "/connectors", BOB), 0);     /* UTF-8 both sides */
    assert_int_equal(status_of(f, "GET", "/connectors", NULL), 401);
    assert_int_equal(status_of(f, "GET", "/connectors", WRONG), 401);
    assert_int_equal(status_of(f, "GET", "/connectors", CAROL), 401);
    assert_int_equal(status_of(f, "GET", "/connectors", "Bearer YWxpY2U6YWxpY2UtcHc="), 401);
    assert_int_equal(status_of(f, "GET", "/connectors", "Basic"), 401);
    assert_int_equal(status_of(f, "GET", "/connectors", " Basic YWxpY2U6YWxpY2UtcHc="), 401);
    assert_int_equal(status_of(f, "GET", "/connectors", "Basic YWxpY2VhbGljZS1wdw=="), 401);
    assert_int_equal(status_of(f, "GET", "/connectors", "Basic OmFsaWNlLXB3"), 401);
    assert_int_equal(status_of(f, "OPTIONS", "/connectors", NULL), 401);
    assert_int_equal(status_of(f, "GET", "/connectors", "Basic !!!"), 400);
    assert_int_equal(status_of(f, "GET", "/connectors", "Basic  YWxpY2U6YWxpY2UtcHc="), 400);
}

static void
test_filter_lets_internal_requests_through(void **state)
{
    fixture *f = *state;
    kc_err   err;

    assert_int_equal(start(f, "KafkaConnect { " PFLM " required file=\"@1\"; };", &err), KC_OK);
    assert_int_equal(status_of(f, "POST", "/connectors/c/tasks", NULL), 0);
    assert_int_equal(status_of(f, "POST", "connectors/c/tasks/", NULL), 0);
    assert_int_equal(status_of(f, "PUT", "/connectors/a b/fence", NULL), 0);
    assert_int_equal(status_of(f, "GET", "/connectors/c/tasks", NULL), 401);
    assert_int_equal(status_of(f, "PUT", "/connectors/c/tasks", NULL), 401);
    assert_int_equal(status_of(f, "POST", "/connectors/c/fence", NULL), 401);
    assert_int_equal(status_of(f, "POST", "/connectors//tasks", NULL), 401);
    assert_int_equal(status_of(f, "POST", "/connectors/c/tasks/0/restart", NULL), 401);
    assert_int_equal(status_of(f, "POST", "/connectors/c/tasksx", NULL), 401);
}

static void
test_users_file_read_again_when_it_changes(void **state)
{
    fixture *f = *state;
    kc_err   err;
    char     moved[160];

    assert_int_equal(start(f, "KafkaConnect { " PFLM " required file=\"@1\"; };", &err), KC_OK);
    assert_int_equal(status_of(f, "GET", "/", CAROL), 401);
    /* A new file renamed over the old one, as careful writers do. */
    snprintf(moved, sizeof(moved), "%s.new", f->users);
    write_file(moved, "carol=carol-pw\n");
    assert_int_equal(rename(moved, f->users), 0);
    assert_int_equal(status_of(f, "GET", "/", CAROL), 0);
    assert_int_equal(status_of(f, "GET", "/", ALICE), 401);
    /* Gone: refused (no stale copy); back: read again. */
    unlink(f->users);
    assert_int_equal(status_of(f, "GET", "/", CAROL), 401);
    write_file(f->users, "alice=alice-pw\n");
    assert_int_equal(status_of(f, "GET", "/", ALICE), 0);
    /* Emptied after it had users: everything is refused, not everything allowed. */
    write_file(f->users, "# nobody\n");
    assert_int_equal(status_of(f, "GET", "/", NULL), 401);
    assert_int_equal(status_of(f, "GET", "/", ALICE), 401);
}

/* The live page (rest/ui.c) is behind the authentication on every listener, and its
 * refusal names the Basic scheme so that a browser asks; Java's admin resources on an admin
 * listener stay unauthenticated. */
static void
test_live_page_behind_auth_on_every_listener(void **state)
{
    fixture         *f = *state;
    kc_err           err;
    kc_rest_filters  filters = { 0 };
    kc_rest_ctx      ctx = { .version = "4.3.1", .commit = "c", .kafka_cluster_id = "cid" };
    kc_rest_kv       alice = { "Authorization", ALICE };
    kc_rest_response r;
    const struct { int scope; const char *method, *path; const kc_rest_kv *h; int status;
                   bool challenge; } cases[] = {
        { KC_REST_SCOPE_ADMIN, "GET", "/ui", NULL, 401, true },
        { KC_REST_SCOPE_ADMIN, "GET", "/ui/", &alice, 200, false },
        { KC_REST_SCOPE_ADMIN, "HEAD", "/ui", &alice, 200, false },
        { KC_REST_SCOPE_ADMIN, "GET", "/ui/api", NULL, 401, true },
        { KC_REST_SCOPE_ADMIN, "GET", "/ui/api", &alice, 200, false },
        { KC_REST_SCOPE_ADMIN, "OPTIONS", "/ui", NULL, 401, true },
        { KC_REST_SCOPE_ADMIN, "GET", "/admin/loggers/root", NULL, 200, false },
        { KC_REST_SCOPE_ALL, "GET", "/ui", NULL, 401, true },
        { KC_REST_SCOPE_ALL, "GET", "/", NULL, 401, false },       /* Java's: no challenge */
        { KC_REST_SCOPE_REGULAR, "GET", "/ui", &alice, 404, false },
    };

    assert_int_equal(start(f, "KafkaConnect { " PFLM " required file=\"@1\"; };", &err), KC_OK);
    filters.auth = f->auth;
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        const char *challenge = NULL;
        kc_rest_serve(&ctx, &filters, cases[i].scope, cases[i].method, cases[i].path, NULL, 0,
                      cases[i].h, cases[i].h ? 1 : 0, NULL, 0, false, &r);
        for (size_t k = 0; k < r.nheaders; k++)
            if (strcmp(r.headers[k].name, "WWW-Authenticate") == 0)
                challenge = r.headers[k].value;
        if (r.status != cases[i].status || (challenge != NULL) != cases[i].challenge)
            fail_msg("%s %s (scope %d): %d, challenge %s", cases[i].method, cases[i].path,
                     cases[i].scope, r.status, challenge ? challenge : "none");
        if (challenge != NULL)
            assert_string_equal(challenge, "Basic realm=\"kconnect\", charset=\"UTF-8\"");
        kc_rest_response_clear(&r);
    }
}

static void
test_empty_users_file_allows_all(void **state)
{
    fixture *f = *state;
    kc_err   err;

    write_file(f->users, "");
    assert_int_equal(start(f, "KafkaConnect { " PFLM " required file=\"@1\"; };", &err), KC_OK);
    assert_int_equal(status_of(f, "GET", "/", NULL), 0);
    assert_int_equal(status_of(f, "GET", "/", WRONG), 0);
    assert_int_equal(status_of(f, "GET", "/", "Basic %%%"), 400);   /* parsed first, as Java */
}

/* LoginContext's rules over several modules; @1 holds alice, @2 carol. */
static void
test_module_combinations(void **state)
{
    static const struct {
        const char *jaas;
        int         none, alice, carol;
    } cases[] = {
        /* A module that does not match is ignored, not failed: either file's user passes. */
        { "KafkaConnect { " PFLM " required file=\"@1\"; " PFLM " required file=\"@2\"; };",
          401, 0, 0 },
        /* A module without a file fails: required, it fails every login. */
        { "KafkaConnect { " PFLM " required file=\"@1\"; " PFLM " required; };", 401, 401, 401 },
        /* ... optional, it does not matter when another succeeds. */
        { "KafkaConnect { " PFLM " optional file=\" \"; " PFLM " required file=\"@1\"; };",
          401, 0, 401 },
        /* ... requisite, it ends the login at once. */
        { "KafkaConnect { " PFLM " requisite file=\"/nonexistent\"; " PFLM " sufficient "
          "file=\"@1\"; };", 401, 401, 401 },
        /* A sufficient success ends it before a later failure. */
        { "KafkaConnect { " PFLM " sufficient file=\"@1\"; " PFLM " required; };",
          401, 0, 401 },
        /* No KafkaConnect entry: "other" is used; with neither, every request is refused. */
        { "other { " PFLM " required file=\"@2\"; };", 401, 401, 0 },
        { "KafkaServer { " PFLM " required file=\"@1\"; };", 401, 401, 401 },
        { "KafkaConnect { };\nother { " PFLM " required file=\"@2\"; };", 401, 401, 0 },
    };

    for (size_t i = 0; i < KC_ARRAY_LEN(cases); i++) {
        fixture *f = *state;
        kc_err   err;
        if (start(f, cases[i].jaas, &err) != KC_OK)
            fail_msg("case %zu: %s", i, err.msg);
        if (status_of(f, "GET", "/", NULL) != cases[i].none ||
            status_of(f, "GET", "/", ALICE) != cases[i].alice ||
            status_of(f, "GET", "/", CAROL) != cases[i].carol)
            fail_msg("case %zu: %s", i, cases[i].jaas);
        kc_rest_auth_free(f->auth);
        f->auth = NULL;
        kc_cfg_free(&f->cfg);
        memset(&f->cfg, 0, sizeof(f->cfg));
        kc_props_free(&f->props);
    }
}

static void
test_start_up_refusals(void **state)
{
    fixture *f = *state;
    kc_err   err;

    assert_int_equal(start(f, "KafkaConnect {\n com.example.LdapLoginModule required; };", &err),
                     KC_EINVAL);
    assert_non_null(strstr(err.msg, "jaas.conf:2: login module com.example.LdapLoginModule is "
                                    "not implemented"));
    assert_null(f->auth);
    kc_cfg_free(&f->cfg);
    memset(&f->cfg, 0, sizeof(f->cfg));
    kc_props_free(&f->props);
    assert_int_equal(start(f, "KafkaConnect { " PFLM " required file=\"@1\" }; };", &err),
                     KC_EINVAL);
    assert_non_null(strstr(err.msg, "Failed to retrieve JAAS configuration (KAFKA_OPTS "
                                    "-Djava.security.auth.login.config): "));
    assert_non_null(strstr(err.msg, "jaas.conf:1: expected [option key]"));
    /* Another REST extension is refused by the worker's checks, naming it. */
    assert_true(kc_refused_rest_extension("com.example.AuditExtension"));
    assert_false(kc_refused_rest_extension("BasicAuthSecurityRestExtension"));
    assert_false(kc_refused_rest_extension(
        "org.apache.kafka.connect.rest.basic.auth.extension.BasicAuthSecurityRestExtension"));
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_kafka_connect_entry),
        cmocka_unit_test(test_flags_words_and_quoted_names),
        cmocka_unit_test(test_strings_escapes_and_utf8),
        cmocka_unit_test(test_expansion),
        cmocka_unit_test(test_empty_entry_is_no_entry),
        cmocka_unit_test(test_errors_as_java),
        cmocka_unit_test(test_file_errors),
        cmocka_unit_test(test_base64_as_java),
        cmocka_unit_test(test_constant_time_equal),
        cmocka_unit_test_setup_teardown(test_filter_headers, setup, teardown),
        cmocka_unit_test_setup_teardown(test_filter_lets_internal_requests_through, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_users_file_read_again_when_it_changes, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_live_page_behind_auth_on_every_listener, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_empty_users_file_allows_all, setup, teardown),
        cmocka_unit_test_setup_teardown(test_module_combinations, setup, teardown),
        cmocka_unit_test_setup_teardown(test_start_up_refusals, setup, teardown),
    };

    kc_log_set_level(KC_LOG_OFF);
    return cmocka_run_group_tests_name("jaas", tests, NULL, NULL);
}
