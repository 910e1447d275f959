/*
 * cmd/mirror_status_cmd.c - `kconnect mirror-status`: the cutover check from a shell.
 *
 *   kconnect mirror-status --url http://host:8083 --connector NAME
 *                          [--wait [--timeout S] [--interval S]] [--json]
 *
 * Asks a worker's GET /connectors/{c}/mirror-status and prints a table per replicated
 * partition (or the worker's JSON with --json). Exit codes, for scripts: 0 in sync; 1 not
 * in sync (with --wait: still not in sync when the timeout ran out); 2 errors (usage, the
 * worker unreachable or refusing: unknown connector, not a mirror source). With --wait an
 * answer that may change (a 5xx, no answer) is asked again until the timeout; a 4xx is final.
 *
 * Main thread only; no worker state.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "cmd/mirror_status_cmd.h"

#include <ctype.h>
#include <inttypes.h>
#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lib/http.h"
#include "lib/common.h"

#define EXIT_IN_SYNC     0
#define EXIT_NOT_IN_SYNC 1
#define EXIT_ERROR       2

static void
usage(FILE *out)
{
    fprintf(out,
            "usage: kconnect mirror-status --url http://host:8083 --connector NAME\n"
            "                              [--wait [--timeout S] [--interval S]] [--json]\n"
            "\n"
            "Per replicated partition of a MirrorSourceConnector: source end offset, last\n"
            "replicated offset, target end offset, lag in records and in ms.\n"
            "Exits 0 when in sync, 1 when not (--wait: polls until in sync, 1 on timeout;\n"
            "default timeout 300 s, interval 2 s), 2 on errors.\n");
}

/* NAME percent-encoded for a path segment (RFC 3986 unreserved kept). New string. */
static char *
escape_segment(const char *s)
{
    size_t n = strlen(s);
    char  *out = kc_xmalloc(3 * n + 1), *o = out;

    for (; *s; s++) {
        unsigned char c = (unsigned char) *s;
        if (isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~')
            *o++ = (char) c;
        else
            o += sprintf(o, "%%%02X", c);
    }
    *o = '\0';
    return out;
}

/* A string member, "" when absent. */
static const char *
str(const json_t *v)
{
    return json_is_string(v) ? json_string_value(v) : "";
}

static void
print_offset(const json_t *v, int width)
{
    if (json_is_integer(v))
        printf(" %*" PRId64, width, (int64_t) json_integer_value(v));
    else
        printf(" %*s", width, "-");
}

static void
print_table(const json_t *st)
{
    const json_t *parts = json_object_get(st, "partitions");
    const json_t *p;
    size_t        i, tw = strlen("TOPIC"), ttw = strlen("TARGET-TOPIC");
    bool          in_sync = json_is_true(json_object_get(st, "in_sync"));

    json_array_foreach(parts, i, p) {
        size_t a = strlen(str(json_object_get(p, "topic")));
        size_t b = strlen(str(json_object_get(p, "target_topic")));
        tw = a > tw ? a : tw;
        ttw = b > ttw ? b : ttw;
    }
    printf("%-*s %9s %-*s %12s %12s %12s %11s %10s %5s\n", (int) tw, "TOPIC", "PARTITION",
           (int) ttw, "TARGET-TOPIC", "SOURCE-END", "REPLICATED", "TARGET-END", "LAG-RECORDS",
           "LAG-MS", "EQUAL");
    json_array_foreach(parts, i, p) {
        printf("%-*s %9" PRId64 " %-*s", (int) tw,
               str(json_object_get(p, "topic")),
               (int64_t) json_integer_value(json_object_get(p, "partition")), (int) ttw,
               str(json_object_get(p, "target_topic")));
        print_offset(json_object_get(p, "source_end_offset"), 12);
        print_offset(json_object_get(p, "replicated_offset"), 12);
        print_offset(json_object_get(p, "target_end_offset"), 12);
        print_offset(json_object_get(p, "lag_records"), 11);
        print_offset(json_object_get(p, "lag_ms"), 10);
        printf(" %5s\n", json_is_true(json_object_get(p, "end_offsets_equal")) ? "yes" : "no");
    }
    if (in_sync)
        printf("%s: in sync (%zu partition%s, end offsets %s)\n",
               str(json_object_get(st, "connector")), json_array_size(parts),
               json_array_size(parts) == 1 ? "" : "s",
               json_is_true(json_object_get(st, "end_offsets_equal")) ? "identical on both sides"
                                                                      : "differ: see EQUAL");
    else
        printf("%s: NOT in sync (%" PRId64 " records behind)\n",
               str(json_object_get(st, "connector")),
               (int64_t) json_integer_value(json_object_get(st, "lag_records")));
    fflush(stdout);
}

/* One GET. EXIT_IN_SYNC / EXIT_NOT_IN_SYNC with *st set, or EXIT_ERROR with *final telling
 * whether asking again could help; the error is in msg. */
static int
ask(const char *url, json_t **st, bool *final, char *msg, size_t size)
{
    long   status = 0;
    char  *body = NULL;
    kc_err err;
    json_t *j;

    *st = NULL;
    *final = false;
    if (kc_http("GET", url, NULL, 0, NULL, &status, &body, 60000, &err) != KC_OK) {
        snprintf(msg, size, "%s", err.msg);
        return EXIT_ERROR;
    }
    j = body ? json_loads(body, 0, NULL) : NULL;
    if (status != 200 || !json_is_object(j)) {
        const char *m = json_string_value(json_object_get(j, "message"));
        snprintf(msg, size, "%s: HTTP %ld: %s", url, status, m ? m : (body ? body : ""));
        *final = status >= 400 && status < 500;
        json_decref(j);
        free(body);
        return EXIT_ERROR;
    }
    free(body);
    *st = j;
    return json_is_true(json_object_get(j, "in_sync")) ? EXIT_IN_SYNC : EXIT_NOT_IN_SYNC;
}

static int
parse_seconds(const char *opt, const char *v, double *out)
{
    char *end;

    *out = v ? strtod(v, &end) : -1;
    if (v == NULL || *v == '\0' || *end != '\0' || *out < 0) {
        fprintf(stderr, "kconnect mirror-status: %s needs a number of seconds\n", opt);
        return -1;
    }
    return 0;
}

int
kc_mirror_status_main(int argc, char **argv)
{
    const char *base = NULL, *connector = NULL;
    bool        wait = false, as_json = false, final;
    double      timeout_s = 300, interval_s = 2;
    char       *url, *name, msg[1024];
    json_t     *st;
    int64_t     deadline;
    int         rc;

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--url") == 0 && v) {
            base = v;
            i++;
        } else if (strcmp(a, "--connector") == 0 && v) {
            connector = v;
            i++;
        } else if (strcmp(a, "--wait") == 0) {
            wait = true;
        } else if (strcmp(a, "--json") == 0) {
            as_json = true;
        } else if (strcmp(a, "--timeout") == 0 || strcmp(a, "--interval") == 0) {
            if (parse_seconds(a, v, strcmp(a, "--timeout") == 0 ? &timeout_s : &interval_s) != 0)
                return EXIT_ERROR;
            i++;
        } else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return EXIT_IN_SYNC;
        } else {
            fprintf(stderr, "kconnect mirror-status: unexpected argument '%s'\n", a);
            usage(stderr);
            return EXIT_ERROR;
        }
    }
    if (base == NULL || connector == NULL) {
        usage(stderr);
        return EXIT_ERROR;
    }
    name = escape_segment(connector);
    url = kc_xasprintf("%s%sconnectors/%s/mirror-status", base,
                       base[0] && base[strlen(base) - 1] == '/' ? "" : "/", name);
    free(name);
    deadline = kc_mono_ms() + (int64_t) (timeout_s * 1000);
    for (;;) {
        rc = ask(url, &st, &final, msg, sizeof(msg));
        if (!wait || rc == EXIT_IN_SYNC || final || kc_mono_ms() >= deadline)
            break;
        if (rc == EXIT_ERROR)
            fprintf(stderr, "kconnect mirror-status: %s (asking again)\n", msg);
        else if (!as_json)
            printf("%s: %" PRId64 " records behind; waiting\n", connector,
                   (int64_t) json_integer_value(json_object_get(st, "lag_records")));
        fflush(stdout);
        json_decref(st);
        {
            int64_t left = deadline - kc_mono_ms(), ms = (int64_t) (interval_s * 1000);

            kc_sleep_ms(ms < left ? ms : left);
        }
    }
    free(url);
    if (rc == EXIT_ERROR) {
        fprintf(stderr, "kconnect mirror-status: %s\n", msg);
        return EXIT_ERROR;
    }
    if (as_json) {
        char *text = json_dumps(st, JSON_PRESERVE_ORDER | JSON_INDENT(2));
        printf("%s\n", text);
        free(text);
    } else {
        print_table(st);
        if (rc != EXIT_IN_SYNC && wait)
            printf("timed out after %g s waiting for the target to catch up\n", timeout_s);
    }
    json_decref(st);
    return rc;
}
