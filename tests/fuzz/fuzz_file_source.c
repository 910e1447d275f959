/*
 * tests/fuzz/fuzz_file_source.c - libFuzzer target for FileStreamSource's reading of its file
 * (any bytes a user points it at). The input's first 2 bytes are the stored position to
 * resume from (little endian, 0xffff: none) and the rest is the file's content, read to
 * its end in polls of 7-line batches; every line must be UTF-8 text without a line end.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "connectors/connector.h"
#include "lib/common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

extern const kc_connector_ops kc_file_source_connector;

static long stored_position;

static void
quiet(void *ctx, kc_plugin_log_level level, const char *fmt, ...)
{
    (void) ctx, (void) level, (void) fmt;
}

static int
offset_get(void *ctx, const json_t *partition, json_t **offset_out)
{
    (void) ctx, (void) partition;
    *offset_out = stored_position >= 0 ? json_pack("{s:I}", "position",
                                                   (json_int_t) stored_position) : NULL;
    return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const kc_host host = { .log = quiet, .offset_get = offset_get };
    const kc_context     ctx = { .host = &host, .name = "fuzz-0" };
    const kc_task_ops   *ops = kc_file_source_connector.task;
    kc_record            recs[16];
    char                 path[64], err[256];
    void                *priv = NULL;
    json_t              *config;
    size_t               n, body;
    int                  fd;

    if (size < 2)
        return 0;
    stored_position = data[0] | data[1] << 8;
    if (stored_position == 0xffff)
        stored_position = -1;
    body = size - 2;
    if ((fd = memfd_create("fuzz-file-source", 0)) < 0)
        abort();
    if (write(fd, data + 2, body) != (ssize_t) body)
        abort();
    snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
    config = json_pack("{s:s,s:s,s:s}", "file", path, "topic", "lines", "batch.size", "7");
    if (ops->start(&priv, &ctx, config, err, sizeof(err)) != KC_PLUGIN_OK)
        abort();
    do {
        memset(recs, 0, sizeof(recs));
        n = 0;
        ops->poll(priv, recs, sizeof(recs) / sizeof(recs[0]), &n, 0, err, sizeof(err));
        for (size_t i = 0; i < n; i++) {
            const char *line = recs[i].value.ptr;
            /* Each line is text (a byte that is not UTF-8 became U+FFFD, three bytes, as
             * Java's reader decodes it) and holds no line end ('\n', '\r'). */
            if (recs[i].value.len > 3 * body || !kc_utf8_valid(line, recs[i].value.len) ||
                memchr(line, '\n', recs[i].value.len) != NULL ||
                memchr(line, '\r', recs[i].value.len) != NULL)
                abort();
            recs[i].release(&recs[i]);
        }
    } while (n > 0);
    ops->stop(priv);
    ops->destroy(priv);
    json_decref(config);
    close(fd);
    return 0;
}
