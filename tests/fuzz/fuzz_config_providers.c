/*
 * tests/fuzz/fuzz_config_providers.c - libFuzzer target for the `${provider:[path:]key}`
 * parser, which reads every value of every connector config a REST client or the config
 * topic hands a worker. The input (up to its first NUL) is one value:
 *
 * - each placeholder kc_cp_next finds is checked against a literal backtracking reading of
 *   Java's pattern `\$\{([^}]*?):(([^}]*?):)?([^}]*?)\}` (lazy groups, find() order), so the
 *   short algorithm must agree with the regex everywhere;
 * - the value is then resolved, masked and reverse-transformed with the three providers,
 *   whose paths are confined to /dev/null (allowed.paths), so nothing on disk is read.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/common.h"
#include "lib/config_providers.h"
#include "lib/log.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The pattern's match at i, by trying what the regex engine tries, in its order. */
typedef struct ref {
    size_t end, p0, p1, path0, path1, k0, k1;
    bool   has_path;
} ref;

static bool
ref_key(const char *s, size_t n, size_t q, ref *r)
{
    for (size_t e = q; e < n; e++) {            /* [^}]*? then \} : the first '}' */
        if (s[e] == '}') {
            r->k0 = q;
            r->k1 = e;
            r->end = e + 1;
            return true;
        }
    }
    return false;
}

static bool
ref_rest(const char *s, size_t n, size_t q, ref *r)
{
    for (size_t e = q; e < n && s[e] != '}'; e++)   /* (([^}]*?):)? tried first, lazily */
        if (s[e] == ':' && ref_key(s, n, e + 1, r)) {
            r->has_path = true;
            r->path0 = q;
            r->path1 = e;
            return true;
        }
    r->has_path = false;
    return ref_key(s, n, q, r);
}

static bool
ref_at(const char *s, size_t n, size_t i, ref *r)
{
    if (i + 1 >= n || s[i] != '$' || s[i + 1] != '{')
        return false;
    for (size_t e = i + 2; e < n && s[e] != '}'; e++)   /* ([^}]*?): lazily */
        if (s[e] == ':' && ref_rest(s, n, e + 1, r)) {
            r->p0 = i + 2;
            r->p1 = e;
            return true;
        }
    return false;
}

static kc_config_providers *
confined(void)
{
    static const char *const kv[] = {
        "config.providers", "file,dir,env",
        "config.providers.file.class", "FileConfigProvider",
        "config.providers.file.param.allowed.paths", "/dev/null",
        "config.providers.dir.class", "DirectoryConfigProvider",
        "config.providers.dir.param.allowed.paths", "/dev/null",
        "config.providers.env.class", "EnvVarConfigProvider",
        "config.providers.env.param.allowlist.pattern", "KC_FUZZ_.*",
    };
    kc_props             p;
    kc_config_providers *cp = NULL;
    kc_err               err;

    kc_props_init(&p, "fuzz.properties");
    for (size_t i = 0; i < KC_ARRAY_LEN(kv); i += 2)
        kc_props_set(&p, kv[i], kv[i + 1], (int) i / 2 + 1);
    KC_ASSERT(kc_config_providers_new(&p, KC_CP_NAMES_LIST, &cp, &err) == KC_OK);
    kc_props_free(&p);
    return cp;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static kc_config_providers *cp;
    const uint8_t *nul = memchr(data, 0, size);
    size_t         n = nul ? (size_t) (nul - data) : size;
    char          *s = kc_xstrndup((const char *) data, n);
    size_t         from = 0, i = 0;
    kc_cp_var      v;
    ref            r;
    json_t        *raw, *resolved, *task;
    kc_err         err;

    kc_log_set_level(KC_LOG_OFF);              /* the providers warn, as Java's do */
    if (cp == NULL) {
        setenv("KC_FUZZ_A", "resolved-a", 1);
        cp = confined();
    }
    /* find() order: each match found by the reference, and nothing between. */
    while (kc_cp_next(s, from, &v)) {
        for (i = from; !ref_at(s, n, i, &r); i++)
            KC_ASSERT(i < n);
        KC_ASSERT(v.start == i && v.end == r.end);
        KC_ASSERT(v.provider == s + r.p0 && v.provider_len == r.p1 - r.p0);
        KC_ASSERT(v.key == s + r.k0 && v.key_len == r.k1 - r.k0);
        if (r.has_path)
            KC_ASSERT(v.path == s + r.path0 && v.path_len == r.path1 - r.path0);
        else
            KC_ASSERT(v.path_len == 0);
        from = v.end;
    }
    for (i = from; i < n; i++)
        KC_ASSERT(!ref_at(s, n, i, &r));

    raw = json_pack("{s:s,s:s}", "k", s, "other", "${env:KC_FUZZ_A}");
    if (raw != NULL) {                          /* NULL: not UTF-8, as jansson wants */
        if ((resolved = kc_config_providers_transform_json(cp, raw, &err)) != NULL) {
            char *m = kc_config_providers_mask_json(s, raw, resolved);
            free(m);
            task = json_deep_copy(resolved);
            kc_config_providers_reverse(raw, task);
            if (kc_cp_has_var(s))
                KC_ASSERT(json_equal(json_object_get(task, "k"), json_object_get(raw, "k")));
            json_decref(task);
            json_decref(resolved);
        }
        json_decref(raw);
    }
    free(s);
    return 0;
}
