/*
 * tests/unit/test_config_providers.c - the placeholder parser and the three config providers
 * against Kafka 4.3.1's ConfigTransformer, FileConfigProvider, DirectoryConfigProvider,
 * EnvVarConfigProvider and AllowedPaths.
 *
 * Every expected result below is what the Java classes gave on the same input: the parser
 * table through ConfigTransformer with an echo provider named "t" (and one named "") that
 * answers "<path|key>" for every key but "missing"; the provider cases on the same files,
 * laid out here under a fresh directory as they were for the Java run.
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
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "lib/config_providers.h"
#include "lib/log.h"

/* ===== The parser ===== */

/* value with each placeholder of provider "t" or "" replaced by "<path|key>" (but key
 * "missing"), as Java's transformer does with the echo provider. */
static char *
echo(const char *value)
{
    char     *out = kc_xcalloc(strlen(value) * 4 + 16, 1);
    size_t    from = 0;
    kc_cp_var v;

    while (kc_cp_next(value, from, &v)) {
        bool known = (v.provider_len == 1 && v.provider[0] == 't') || v.provider_len == 0;
        bool missing = v.key_len == 7 && memcmp(v.key, "missing", 7) == 0;
        strncat(out, value + from, v.start - from);
        if (known && !missing)
            sprintf(out + strlen(out), "<%.*s|%.*s>", (int) v.path_len, v.path,
                    (int) v.key_len, v.key);
        else
            strncat(out, value + v.start, v.end - v.start);
        from = v.end;
    }
    strcat(out, value + from);
    return out;
}

static void
test_parser_finds_what_java_finds(void **state)
{
    static const char *const cases[][2] = {
        { "${t:a}", "<|a>" },
        { "${t:p:a}", "<p|a>" },
        { "${t:p:a:b}", "<p|a:b>" },
        { "${t::a}", "<|a>" },
        { "${t:}", "<|>" },
        { "${:a}", "<|a>" },
        { "${t:a", "${t:a" },
        { "$${t:a}", "$<|a>" },                 /* no escape: "$" then a placeholder */
        { "${t:${t:a}}", "<${t|a>}" },          /* no nesting: the first '}' ends it */
        { "${x${t:a}", "${x${t:a}" },           /* provider "x${t" is not configured */
        { "${t:a}${t:b}", "<|a><|b>" },
        { "x${t:a}y", "x<|a>y" },
        { "${abc}${t:a}", "${abc}<|a>" },
        { "${t:a}}", "<|a>}" },
        { "{t:a}", "{t:a}" },
        { "$ {t:a}", "$ {t:a}" },
        { "${}", "${}" },
        { "${:}", "<|>" },
        { "${::}", "<|>" },
        { "${t:a\nb}", "<|a\nb>" },
        { "${t:p:}", "<p|>" },
        { "${${t:a}:b}", "${${t:a}:b}" },
        { "${t:a:b:c:d}", "<a|b:c:d>" },
        { "${t:p:missing}", "${t:p:missing}" },
        { "${u:a}", "${u:a}" },
        { "${t:a}${u:b}${t:missing}", "<|a>${u:b}${t:missing}" },
        { "", "" },
        { "$", "$" },
        { "${", "${" },
        { "}", "}" },
        { "${t:\xc3\xa9}", "<|\xc3\xa9>" },
        { "${ t : a }", "${ t : a }" },          /* provider " t " is not configured */
        { "${t:a${t:b}}", "<a${t|b>}" },
        { "${a}b:c}${t:z}", "${a}b:c}<|z>" },
    };

    (void) state;
    for (size_t i = 0; i < KC_ARRAY_LEN(cases); i++) {
        char *got = echo(cases[i][0]);
        if (strcmp(got, cases[i][1]) != 0)
            fail_msg("%s: got %s, Java %s", cases[i][0], got, cases[i][1]);
        free(got);
    }
    assert_true(kc_cp_has_var("a ${x:y} b"));
    assert_false(kc_cp_has_var("${xy}"));
    assert_false(kc_cp_has_var(NULL));
}

/* ===== Providers ===== */

typedef struct {
    char dir[64];
} layout;

static void
write_file(const char *dir, const char *name, const void *data, size_t len)
{
    char *path = kc_xasprintf("%s/%s", dir, name);
    FILE *f = fopen(path, "wb");

    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, len, f), len);
    fclose(f);
    free(path);
}

static void
mkdir_in(const char *dir, const char *name)
{
    char *path = kc_xasprintf("%s/%s", dir, name);

    assert_int_equal(mkdir(path, 0700), 0);
    free(path);
}

static int
setup(void **state)
{
    layout *l = kc_xcalloc(1, sizeof(*l));
    const char props[] = "user=alice\npass = s3cr3t\\\n  continued\nempty=\n";

    kc_log_set_level(KC_LOG_OFF);              /* the providers warn, as Java's do */
    snprintf(l->dir, sizeof(l->dir), "/tmp/kc_cp_XXXXXX");
    assert_non_null(mkdtemp(l->dir));
    mkdir_in(l->dir, "allowed");
    mkdir_in(l->dir, "allowed/sub");
    mkdir_in(l->dir, "allowed/sub/adir");
    mkdir_in(l->dir, "other");
    write_file(l->dir, "allowed/s.properties", props, sizeof(props) - 1);
    write_file(l->dir, "other/s.properties", "user=bob\n", 9);
    write_file(l->dir, "allowed/bad.properties", "a=\xff\n", 4);
    write_file(l->dir, "allowed/sub/password", "pw\n", 3);
    write_file(l->dir, "allowed/sub/.hidden", "h", 1);
    write_file(l->dir, "allowed/sub/bad", "\xc3", 1);
    *state = l;
    return 0;
}

static int
teardown(void **state)
{
    layout *l = *state;
    char   *cmd = kc_xasprintf("rm -rf '%s'", l->dir);

    assert_int_equal(system(cmd), 0);
    free(cmd);
    free(l);
    return 0;
}

/* kc_config_providers_new on "key", "value", ... NULL settings (lines 1, 2, ...). */
static int
build(const char *const *kv, kc_config_providers **cp, kc_err *err)
{
    kc_props p;
    int      rc;

    kc_props_init(&p, "w.properties");
    for (int line = 1; kv[0] != NULL; kv += 2)
        kc_props_set(&p, kv[0], kv[1], line++);
    rc = kc_config_providers_new(&p, KC_CP_NAMES_LIST, cp, err);
    kc_props_free(&p);
    return rc;
}

static kc_config_providers *
providers(const char *const *kv)
{
    kc_config_providers *cp = NULL;
    kc_err               err;

    if (build(kv, &cp, &err) != KC_OK)
        fail_msg("kc_config_providers_new: %s", err.msg);
    return cp;
}

/* Providers named name of class cls (any spelling): every path allowed, and only those under
 * allowed. */
static void
both(const char *name, const char *cls, const char *allowed, kc_config_providers **any,
     kc_config_providers **only)
{
    char *key = kc_xasprintf("config.providers.%s.class", name);
    char *param = kc_xasprintf("config.providers.%s.param.allowed.paths", name);

    *any = providers((const char *const[]) { "config.providers", name, key, cls, NULL });
    *only = providers((const char *const[]) { "config.providers", name, key, cls, param,
                                              allowed, NULL });
    free(key);
    free(param);
}

/* The error building providers from kv gives (KC_EINVAL expected). */
static void
refused(const char *const *kv, const char *expected)
{
    kc_config_providers *cp = NULL;
    kc_err               err;

    assert_int_equal(build(kv, &cp, &err), KC_EINVAL);
    assert_null(cp);
    assert_string_equal(err.msg, expected);
}

/* value resolved with cp (printf-style: "%1$s" is the layout's directory); NULL for a
 * provider's failure, its message in err. */
static char *
resolve(const kc_config_providers *cp, kc_err *err, const char *fmt, const char *dir)
{
    char   *value = kc_xasprintf(fmt, dir);
    json_t *in = json_pack("{s:s}", "k", value), *out;
    char   *got = NULL;

    out = kc_config_providers_transform_json(cp, in, err);
    if (out != NULL)
        got = kc_xstrdup(json_string_value(json_object_get(out, "k")));
    json_decref(in);
    json_decref(out);
    free(value);
    return got;
}

/* fmt resolves to want (failed false), or fails with the message want (failed true); both
 * printf-style with the layout's directory as "%1$s". */
static void
check(const kc_config_providers *cp, const layout *l, const char *fmt, const char *want,
      bool failed)
{
    kc_err err;
    char  *got = resolve(cp, &err, fmt, l->dir);
    char  *w = kc_xasprintf(want, l->dir);

    if (failed && got != NULL)
        fail_msg("%s: resolved to '%s', want the failure '%s'", fmt, got, w);
    if (!failed && got == NULL)
        fail_msg("%s: failed: %s", fmt, err.msg);
    if (!failed && strcmp(got, w) != 0)
        fail_msg("%s: got '%s', want '%s'", fmt, got, w);
    if (failed)
        assert_string_equal(err.msg, w);
    free(got);
    free(w);
}

#define expect(cp, l, fmt, want)         check(cp, l, fmt, want, false)
#define expect_failure(cp, l, fmt, want) check(cp, l, fmt, want, true)

static void
test_file_provider(void **state)
{
    layout              *l = *state;
    char                *allowed = kc_xasprintf("%s/allowed", l->dir);
    kc_config_providers *any, *only;

    both("file", "org.apache.kafka.common.config.provider.FileConfigProvider", allowed, &any,
         &only);

    /* F1: keys read as Properties.load reads them; a key the file lacks stays. */
    expect(any, l, "${file:%1$s/allowed/s.properties:user}/${file:%1$s/allowed/s.properties:pass}"
           "/[${file:%1$s/allowed/s.properties:empty}]/${file:%1$s/allowed/s.properties:nokey}",
           "alice/s3cr3tcontinued/[]/${file:%1$s/allowed/s.properties:nokey}");
    /* F2, F3, F10: outside allowed.paths (normalised first; components, not characters). */
    expect(only, l, "${file:%1$s/other/s.properties:user}", "${file:%1$s/other/s.properties:user}");
    expect(only, l, "${file:%1$s/allowed/../other/s.properties:user}",
           "${file:%1$s/allowed/../other/s.properties:user}");
    expect(only, l, "${file:%1$sx/allowed/s.properties:user}",
           "${file:%1$sx/allowed/s.properties:user}");
    /* F4: inside once normalised. */
    expect(only, l, "${file:%1$s/allowed/./s.properties:user}", "alice");
    /* F8: a relative path is never inside an absolute allowed path. */
    expect(only, l, "${file:allowed/s.properties:user}", "${file:allowed/s.properties:user}");
    /* F7: no path: nothing to read. */
    expect(any, l, "${file:user}", "${file:user}");
    /* F5, F6, F9: what cannot be read fails the whole resolution, naming the path given. */
    expect_failure(any, l, "${file:%1$s/allowed/missing.properties:user}",
                   "Could not read properties from file %1$s/allowed/missing.properties");
    expect_failure(any, l, "${file:%1$s/allowed/bad.properties:a}",
                   "Could not read properties from file %1$s/allowed/bad.properties");
    expect_failure(any, l, "${file:%1$s/allowed:user}",
                   "Could not read properties from file %1$s/allowed");
    kc_config_providers_free(any);
    kc_config_providers_free(only);
    free(allowed);
}

static void
test_directory_provider(void **state)
{
    layout              *l = *state;
    char                *allowed = kc_xasprintf("%s/allowed/", l->dir);
    kc_config_providers *any, *only;

    both("dir", "DirectoryConfigProvider", allowed, &any, &only);

    /* D1: each key a regular file's whole content (final newline kept); hidden files count,
     * directories, "." and absent names do not. */
    expect(any, l, "${dir:%1$s/allowed/sub:password}|${dir:%1$s/allowed/sub:.hidden}|"
           "${dir:%1$s/allowed/sub:adir}|${dir:%1$s/allowed/sub:nokey}|${dir:%1$s/allowed/sub:.}",
           "pw\n|h|${dir:%1$s/allowed/sub:adir}|${dir:%1$s/allowed/sub:nokey}|"
           "${dir:%1$s/allowed/sub:.}");
    /* D2: outside allowed.paths; D5: inside once normalised. */
    expect(only, l, "${dir:%1$s/other:s.properties}", "${dir:%1$s/other:s.properties}");
    expect(only, l, "${dir:%1$s/allowed/sub/../sub:password}", "pw\n");
    /* D3, D6: not a directory: left as written. */
    expect(any, l, "${dir:%1$s/allowed/s.properties:user}",
           "${dir:%1$s/allowed/s.properties:user}");
    expect(any, l, "${dir:%1$s/nothere:password}", "${dir:%1$s/nothere:password}");
    /* D4: a file that is not UTF-8 fails, named as Path.resolve names it. */
    expect_failure(any, l, "${dir:%1$s/allowed/sub//:bad}",
                   "Could not read file %1$s/allowed/sub/bad for property bad");
    kc_config_providers_free(any);
    kc_config_providers_free(only);
    free(allowed);
}

static void
test_env_provider(void **state)
{
    layout              *l = *state;
    kc_config_providers *cp = providers((const char *const[]) {
        "config.providers", "env", "config.providers.env.class", "EnvVarConfigProvider",
        "config.providers.env.param.allowlist.pattern", "CP_.*", NULL });
    kc_config_providers *all = providers((const char *const[]) {
        "config.providers", "env",
        "config.providers.env.class", "org.apache.kafka.common.config.provider.EnvVarConfigProvider",
        NULL });

    setenv("CP_A", "1", 1);
    setenv("OTHER", "3", 1);
    setenv("CP_B", "x=y", 1);
    /* Only names the pattern matches as a whole; "CP_B=x" is no variable's name. */
    expect(cp, l, "${env:CP_A}${env:OTHER}${env:NONE}${env::CP_A}${env:CP_B=x}",
           "1${env:OTHER}${env:NONE}1${env:CP_B=x}");
    expect(all, l, "${env:OTHER}", "3");
    expect_failure(cp, l, "${env:x:CP_A}",
                   "Path is not supported for EnvVarConfigProvider, invalid value 'x'");
    kc_config_providers_free(cp);
    kc_config_providers_free(all);
}

static void
test_allowed_paths_checked_as_java_checks_them(void **state)
{
    layout *l = *state;
    char   *dotted = kc_xasprintf("%s/allowed/../allowed/./", l->dir);
    char   *missing = kc_xasprintf("%s/nothere", l->dir);
    char   *msg = kc_xasprintf("w.properties:2: Path %s/nothere does not exist", l->dir);

    (void) state;
#define FILE_WITH(paths)                                                                    \
    (const char *const[]) { "config.providers", "f", "config.providers.f.class", "File",     \
                            "config.providers.f.param.allowed.paths", paths, NULL }
    kc_config_providers_free(providers(FILE_WITH("")));
    kc_config_providers_free(providers(FILE_WITH(",")));
    kc_config_providers_free(providers(FILE_WITH("/tmp,")));
    kc_config_providers_free(providers(FILE_WITH("/..")));
    kc_config_providers_free(providers(FILE_WITH(dotted)));
    refused(FILE_WITH("/tmp,,/"), "w.properties:2: Path  is not absolute");
    refused(FILE_WITH(" /tmp"), "w.properties:2: Path  /tmp is not absolute");
    refused(FILE_WITH("tmp"), "w.properties:2: Path tmp is not absolute");
    refused(FILE_WITH(missing), msg);
    {
        /* "," is a list of no paths in Java (String.split drops trailing empties): nothing
         * is allowed. */
        kc_config_providers *cp = providers(FILE_WITH(","));
        expect(cp, l, "${f:%1$s/allowed/s.properties:user}",
               "${f:%1$s/allowed/s.properties:user}");
        kc_config_providers_free(cp);
    }
#undef FILE_WITH
    free(dotted);
    free(missing);
    free(msg);
}

static void
test_provider_classes(void **state)
{
    kc_config_providers *cp;

    (void) state;
    /* Any class but the three stops the worker, in Java's words and naming the setting. */
    refused((const char *const[]) { "config.providers", "vault",
                                    "config.providers.vault.class", "com.example.Vault", NULL },
            "w.properties:2: Invalid value com.example.Vault for configuration "
            "config.providers.vault.class: Could not load config provider class or one of its "
            "dependencies (kconnect implements FileConfigProvider, DirectoryConfigProvider and "
            "EnvVarConfigProvider)");
    /* Java loads the class name as written: no trimming. */
    refused((const char *const[]) { "config.providers", "f",
                                    "config.providers.f.class", "FileConfigProvider ", NULL },
            "w.properties:2: Invalid value FileConfigProvider  for configuration "
            "config.providers.f.class: Could not load config provider class or one of its "
            "dependencies (kconnect implements FileConfigProvider, DirectoryConfigProvider and "
            "EnvVarConfigProvider)");
    /* A name without a class is left out (its placeholders stay), as in Java; a class
     * under a name config.providers does not list is never loaded. */
    cp = providers((const char *const[]) { "config.providers", "nothing",
                                           "config.providers.other.class", "com.example.X",
                                           NULL });
    assert_null(cp);
    assert_string_equal(kc_config_providers_class("EnvVar"),
                        "org.apache.kafka.common.config.provider.EnvVarConfigProvider");
    assert_null(kc_config_providers_class("org.example.FileConfigProvider"));
    /* A pattern Java's Pattern.compile refuses stops the worker too (PCRE2's words). */
    refused((const char *const[]) { "config.providers", "env", "config.providers.env.class",
                                    "EnvVar", "config.providers.env.param.allowlist.pattern",
                                    "(", NULL },
            "w.properties:2: Invalid value ( for configuration "
            "config.providers.env.param.allowlist.pattern: invalid regex in list entry 1 "
            "\"(\": missing closing parenthesis at offset 1 of \"(\"");
}

static void
test_names_split_as_each_java_reader_splits_them(void **state)
{
    kc_props             p;
    kc_config_providers *cp;
    kc_err               err;
    layout              *l = *state;

    /* The worker file's own values: AbstractConfig splits "a, env" untrimmed, so " env" has
     * no class (config.providers. env.class) and stays unresolved; the Worker's LIST trims. */
    setenv("CP_A", "1", 1);
    kc_props_init(&p, "w.properties");
    kc_props_set(&p, "config.providers", "a, env", 1);
    kc_props_set(&p, "config.providers.env.class", "EnvVarConfigProvider", 2);
    assert_int_equal(kc_config_providers_new(&p, KC_CP_NAMES_SPLIT, &cp, &err), KC_OK);
    assert_null(cp);
    assert_int_equal(kc_config_providers_new(&p, KC_CP_NAMES_LIST, &cp, &err), KC_OK);
    expect(cp, l, "${env:CP_A}", "1");
    kc_config_providers_free(cp);
    kc_props_free(&p);
}

static void
test_transform_props_names_the_line(void **state)
{
    layout              *l = *state;
    kc_config_providers *cp = providers((const char *const[]) {
        "config.providers", "file", "config.providers.file.class", "File", NULL });
    kc_props             in, out;
    kc_err               err;
    char                *missing = kc_xasprintf("${file:%s/none:x}", l->dir);
    char                *want = kc_xasprintf("w.properties:2: group.id=%s: Could not read "
                                             "properties from file %s/none", missing, l->dir);
    char                *good = kc_xasprintf("${file:%s/allowed/s.properties:user}", l->dir);

    kc_props_init(&in, "w.properties");
    kc_props_set(&in, "client.id", good, 1);
    kc_props_set(&in, "group.id", missing, 2);
    assert_int_equal(kc_config_providers_transform_props(cp, &in, &out, &err), KC_EINVAL);
    assert_string_equal(err.msg, want);
    assert_int_equal(out.n, 0);
    kc_props_free(&out);
    kc_props_unset(&in, "group.id");
    assert_int_equal(kc_config_providers_transform_props(cp, &in, &out, &err), KC_OK);
    assert_string_equal(kc_props_get(&out, "client.id"), "alice");
    assert_int_equal(out.items[0].line, 1);
    kc_props_free(&out);
    kc_props_free(&in);
    kc_config_providers_free(cp);
    free(missing);
    free(want);
    free(good);
}

static void
test_reverse_and_mask(void **state)
{
    json_t *raw = json_pack("{s:s,s:s,s:s}", "file", "${env:F}", "topic", "t",
                            "token", "a-${env:T}");
    json_t *resolved = json_pack("{s:s,s:s,s:s}", "file", "/data/in.txt", "topic", "t",
                                 "token", "a-s3cr3t");
    json_t *task = json_pack("{s:s,s:s,s:s}", "file", "/data/in.txt", "topic", "t",
                             "task.class", "X");
    char   *m;

    (void) state;
    /* Keys with a placeholder in the connector config get it back; others stay as made. */
    kc_config_providers_reverse(raw, task);
    assert_string_equal(json_string_value(json_object_get(task, "file")), "${env:F}");
    assert_string_equal(json_string_value(json_object_get(task, "topic")), "t");
    assert_null(json_object_get(task, "token"));
    m = kc_config_providers_mask_json("cannot open /data/in.txt with a-s3cr3t", raw, resolved);
    assert_string_equal(m, "cannot open ${env:F} with a-${env:T}");
    free(m);
    /* Short values are not masked in free text; for their own setting they are. */
    json_object_set_new(resolved, "file", json_string("abc"));
    m = kc_config_providers_mask_json("abc at abc", raw, resolved);
    assert_string_equal(m, "abc at abc");
    free(m);
    m = kc_config_providers_mask_value("Invalid value abc for file", "${env:F}", "abc");
    assert_string_equal(m, "Invalid value ${env:F} for file");
    free(m);
    json_decref(raw);
    json_decref(resolved);
    json_decref(task);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parser_finds_what_java_finds),
        cmocka_unit_test(test_file_provider),
        cmocka_unit_test(test_directory_provider),
        cmocka_unit_test(test_env_provider),
        cmocka_unit_test(test_allowed_paths_checked_as_java_checks_them),
        cmocka_unit_test(test_provider_classes),
        cmocka_unit_test(test_names_split_as_each_java_reader_splits_them),
        cmocka_unit_test(test_transform_props_names_the_line),
        cmocka_unit_test(test_reverse_and_mask),
    };
    return cmocka_run_group_tests_name("config_providers", tests, setup, teardown);
}
