/*
 * tests/unit/test_file_source.c - FileStreamSource's task on a real file: it reads the lines
 * there are, waits (as Java's task does, 1 s) at the end of the file or while the file is
 * missing instead of polling again at once, and picks up what is appended later.
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
#include <jansson.h>

#include "connectors/connector.h"
#include "lib/common.h"

extern const kc_connector_ops kc_file_source_connector;

static void
host_log(void *ctx, kc_plugin_log_level level, const char *fmt, ...)
{
    (void) ctx;
    (void) level;
    (void) fmt;
}

static int
host_offset_get(void *ctx, const json_t *partition, json_t **offset_out)
{
    (void) ctx;
    (void) partition;
    *offset_out = NULL;                 /* no stored offset: the file from its start */
    return 0;
}

static const kc_host host = { .abi = KC_CONNECTOR_ABI, .log = host_log,
                              .offset_get = host_offset_get };
static const kc_context context = { .host = &host, .name = "fs-0" };

typedef struct {
    char  path[64];
    void *task;
} fixture;

static int
setup(void **state)
{
    fixture *f = calloc(1, sizeof(*f));
    int      fd;

    snprintf(f->path, sizeof(f->path), "/tmp/kc-test-file-source-XXXXXX");
    fd = mkstemp(f->path);
    assert_true(fd >= 0);
    close(fd);
    unlink(f->path);                    /* each test makes the file when it wants it */
    *state = f;
    return 0;
}

static int
teardown(void **state)
{
    fixture *f = *state;

    if (f->task != NULL)
        kc_file_source_connector.task->destroy(f->task);
    unlink(f->path);
    free(f);
    return 0;
}

static void
start(fixture *f)
{
    json_t *config = json_pack("{s:s, s:s}", "file", f->path, "topic", "lines");
    char    err[256] = "";

    assert_int_equal(kc_file_source_connector.task->start(&f->task, &context, config, err,
                                                          sizeof(err)), KC_PLUGIN_OK);
    json_decref(config);
}

static void
append(const fixture *f, const char *text)
{
    FILE *out = fopen(f->path, "ab");

    assert_non_null(out);
    fputs(text, out);
    fclose(out);
}

/* One poll: its lines joined with '|' into got; the time it took in *ms. */
static void
poll_lines(fixture *f, char *got, size_t size, int64_t *ms)
{
    kc_record recs[16];
    size_t    n = 0;
    char      err[256];
    int64_t   t0 = kc_mono_ms();

    assert_int_equal(kc_file_source_connector.task->poll(f->task, recs, 16, &n, 1000, err,
                                                         sizeof(err)), KC_PLUGIN_OK);
    *ms = kc_mono_ms() - t0;
    got[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        snprintf(got + strlen(got), size - strlen(got), "%s%.*s", i ? "|" : "",
                 (int) recs[i].value.len, (const char *) recs[i].value.ptr);
        recs[i].release(&recs[i]);
    }
}

static void
test_waits_at_the_end_of_the_file_then_reads_what_is_appended(void **state)
{
    fixture *f = *state;
    char     got[256];
    int64_t  ms;

    append(f, "one\ntwo\r\nsix\r");
    start(f);
    poll_lines(f, got, sizeof(got), &ms);
    assert_string_equal(got, "one|two");    /* "six\r" waits for its next byte */
    poll_lines(f, got, sizeof(got), &ms);
    assert_string_equal(got, "");
    assert_true(ms >= 900);                  /* asleep for the second, not spinning */
    append(f, "\nseven\n");
    poll_lines(f, got, sizeof(got), &ms);
    assert_string_equal(got, "six|seven");
}

static void
test_waits_for_a_missing_file(void **state)
{
    fixture *f = *state;
    char     got[256];
    int64_t  ms;

    start(f);
    poll_lines(f, got, sizeof(got), &ms);
    assert_string_equal(got, "");
    assert_true(ms >= 900);
    append(f, "here\n");
    poll_lines(f, got, sizeof(got), &ms);
    assert_string_equal(got, "here");
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(
            test_waits_at_the_end_of_the_file_then_reads_what_is_appended, setup, teardown),
        cmocka_unit_test_setup_teardown(test_waits_for_a_missing_file, setup, teardown),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
