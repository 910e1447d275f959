/*
 * bench/verify.c - the record-for-record check of every copy `make bench` makes: a digest
 * of a topic's records, or of a file's lines, that the bench compares with its source's.
 *
 *   verify BOOTSTRAP TOPIC PARTITIONS          every record of each partition
 *   verify -l BOOTSTRAP TOPIC PARTITIONS       the "line" field of each record's JSON value
 *   verify -F FILE                             every line of FILE (without its newline)
 *
 * A topic is read from the start of each of its PARTITIONS partitions to its end, as a
 * read_committed consumer reads it (records of aborted or open transactions are not
 * counted, and the end is the last stable offset), by a consumer assigned every partition.
 * Each record's key and value (a null key apart from an empty one) are hashed to 64 bits;
 * per partition, and over all of them, the digest is the count of records, the sum of their
 * hashes (mod 2^64) and their xor: the same multiset of records gives the same digest,
 * whatever the order, and a record lost, added or changed changes it (the bench's
 * pre-loaded records are all different, so one lost and another duplicated changes the sum
 * too). With -l, what is hashed for a record is, as the value with a null key, the JSON
 * string after the value's first "line":" (the FileStreamSource chain's payload.line: 100
 * letters, digits and spaces, no escapes); with -F, each line of the file the same way: the
 * chain's output has the digest of the file it read. Prints one JSON line:
 *   {"records": N, "sum": "HEX", "xor": "HEX", "seconds": S,
 *    "partitions": [{"partition": P, "records": N, "sum": "HEX", "xor": "HEX"}, ...]}
 * (no "partitions" with -F). Exits 1 when the topic cannot be read to its end within
 * VERIFY_TIMEOUT_S, 2 on usage errors.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <inttypes.h>
#include <librdkafka/rdkafka.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define VERIFY_BATCH     1024
#define VERIFY_TIMEOUT_S 600

typedef struct digest {
    int64_t  records;
    uint64_t sum, xor;
} digest;

/* murmur3's 64-bit finalizer. */
static uint64_t
fmix64(uint64_t h)
{
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ULL;
    h ^= h >> 33;
    return h;
}

/* A 64-bit hash of n bytes, eight at a time (one multiplication each, so that hashing a
 * gigabyte costs less than reading it), finalized with fmix64: not for adversaries, for
 * telling a copy from its source. */
static uint64_t
hash_bytes(uint64_t seed, const unsigned char *p, size_t n)
{
    uint64_t h = seed ^ ((uint64_t) n * 0x9e3779b97f4a7c15ULL), w;

    for (; n >= 8; p += 8, n -= 8) {
        memcpy(&w, p, 8);
        h = (h ^ w) * 0x9e3779b97f4a7c15ULL;
        h = (h << 31) | (h >> 33);
    }
    w = 0;
    memcpy(&w, p, n);
    return fmix64(h ^ fmix64(w ^ 0x5bd1e9955bd1e995ULL));
}

/* A record's hash: its value's, seeded by its key's (a null key by a constant). */
static uint64_t
hash_record(const void *key, size_t klen, bool has_key, const void *value, size_t vlen)
{
    uint64_t seed = has_key ? hash_bytes(0x243f6a8885a308d3ULL, key, klen)
                            : 0x13198a2e03707344ULL;

    return hash_bytes(seed, value, value != NULL ? vlen : 0);
}

static void
digest_add(digest *d, uint64_t h)
{
    d->records++;
    d->sum += h;
    d->xor ^= h;
}

/* The JSON string after the first "line":" in a value of vlen bytes: *out, *len. */
static bool
line_field(const char *value, size_t vlen, const char **out, size_t *len)
{
    static const char tag[] = "\"line\":\"";
    const char       *end = value + vlen, *p, *q;

    for (p = value; p + sizeof(tag) - 1 <= end; p++)
        if (memcmp(p, tag, sizeof(tag) - 1) == 0)
            break;
    if (p + sizeof(tag) - 1 > end)
        return false;
    p += sizeof(tag) - 1;
    if ((q = memchr(p, '"', (size_t) (end - p))) == NULL || memchr(p, '\\', (size_t) (q - p)))
        return false;
    *out = p;
    *len = (size_t) (q - p);
    return true;
}

static double
now_s(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double) ts.tv_sec + (double) ts.tv_nsec / 1e9;
}

static void
print_digest(const digest *d)
{
    printf("\"records\": %" PRId64 ", \"sum\": \"%016" PRIx64 "\", \"xor\": \"%016" PRIx64 "\"",
           d->records, d->sum, d->xor);
}

static int
usage(void)
{
    fprintf(stderr, "usage: verify [-l] BOOTSTRAP TOPIC PARTITIONS | verify -F FILE\n");
    return 2;
}

static int
verify_file(const char *path)
{
    FILE   *f = fopen(path, "r");
    char   *line = NULL;
    size_t  cap = 0;
    ssize_t n;
    digest  d = { 0 };
    double  t0 = now_s();

    if (f == NULL) {
        perror(path);
        return 1;
    }
    while ((n = getline(&line, &cap, f)) >= 0) {
        if (n > 0 && line[n - 1] == '\n')
            n--;
        digest_add(&d, hash_record(NULL, 0, false, line, (size_t) n));
    }
    free(line);
    fclose(f);
    printf("{");
    print_digest(&d);
    printf(", \"seconds\": %.3f}\n", now_s() - t0);
    return 0;
}

int
main(int argc, char **argv)
{
    rd_kafka_conf_t    *conf;
    rd_kafka_t         *rk;
    rd_kafka_topic_t   *rkt;
    rd_kafka_queue_t   *q;
    rd_kafka_message_t *msgs[VERIFY_BATCH];
    char                errstr[512];
    bool                lines = false;
    int                 a = 1, nparts, left, rc = 0;
    digest             *parts, all = { 0 };
    bool               *done;
    double              t0 = now_s();

    if (argc == 3 && strcmp(argv[1], "-F") == 0)
        return verify_file(argv[2]);
    if (a < argc && strcmp(argv[a], "-l") == 0) {
        lines = true;
        a++;
    }
    if (argc - a != 3 || (nparts = atoi(argv[a + 2])) < 1)
        return usage();
    conf = rd_kafka_conf_new();
    {
        const char *settings[] = {
            "bootstrap.servers", argv[a], "group.id", "bench-verify",
            "enable.auto.commit", "false", "enable.auto.offset.store", "false",
            "isolation.level", "read_committed", "enable.partition.eof", "true",
            "queued.max.messages.kbytes", "65536", "fetch.max.bytes", "52428800",
            "client.id", "bench-verify", NULL,
        };
        for (const char **s = settings; *s != NULL; s += 2)
            if (rd_kafka_conf_set(conf, s[0], s[1], errstr, sizeof(errstr)) !=
                RD_KAFKA_CONF_OK) {
                fprintf(stderr, "verify: %s=%s: %s\n", s[0], s[1], errstr);
                return 2;
            }
    }
    if ((rk = rd_kafka_new(RD_KAFKA_CONSUMER, conf, errstr, sizeof(errstr))) == NULL) {
        fprintf(stderr, "verify: cannot create a consumer: %s\n", errstr);
        return 1;
    }
    parts = calloc((size_t) nparts, sizeof(*parts));
    done = calloc((size_t) nparts, sizeof(*done));
    if (parts == NULL || done == NULL)
        abort();
    rkt = rd_kafka_topic_new(rk, argv[a + 1], NULL);
    q = rd_kafka_queue_new(rk);
    for (int p = 0; p < nparts; p++)
        if (rd_kafka_consume_start_queue(rkt, p, RD_KAFKA_OFFSET_BEGINNING, q) != 0) {
            fprintf(stderr, "verify: consume %s-%d: %s\n", argv[a + 1], p,
                    rd_kafka_err2str(rd_kafka_last_error()));
            return 1;
        }
    /* Every partition's end: its partition-EOF event, once all before it is consumed. */
    for (left = nparts; left > 0 && rc == 0;) {
        /* The call waits for a full batch up to its timeout: the last one would wait it
         * out whole. */
        ssize_t n = rd_kafka_consume_batch_queue(q, 20, msgs, VERIFY_BATCH);

        if (now_s() - t0 > VERIFY_TIMEOUT_S) {
            fprintf(stderr, "verify: %d partitions of %s not read to their end after %d s\n",
                    left, argv[a + 1], VERIFY_TIMEOUT_S);
            rc = 1;
        }
        for (ssize_t i = 0; i < n; i++) {
            rd_kafka_message_t *m = msgs[i];
            int32_t             p = m->partition;

            if (p < 0 || p >= nparts) {
                fprintf(stderr, "verify: a record of partition %d\n", (int) p);
                rc = 1;
            } else if (m->err == RD_KAFKA_RESP_ERR__PARTITION_EOF) {
                if (!done[p]) {
                    done[p] = true;
                    left--;
                }
            } else if (m->err != RD_KAFKA_RESP_ERR_NO_ERROR) {
                fprintf(stderr, "verify: %s [%d]: %s\n", argv[a + 1], (int) p,
                        rd_kafka_message_errstr(m));
                rc = 1;
            } else if (lines) {
                const char *line;
                size_t      len;
                if (!line_field(m->payload, m->len, &line, &len)) {
                    fprintf(stderr, "verify: %s [%d] offset %" PRId64 ": no \"line\" "
                            "string in the value\n", argv[a + 1], (int) p, m->offset);
                    rc = 1;
                } else {
                    uint64_t h = hash_record(NULL, 0, false, line, len);
                    digest_add(&parts[p], h);
                    digest_add(&all, h);
                }
            } else {
                uint64_t h = hash_record(m->key, m->key_len, m->key != NULL, m->payload,
                                         m->len);
                digest_add(&parts[p], h);
                digest_add(&all, h);
            }
            rd_kafka_message_destroy(m);
        }
    }
    for (int p = 0; p < nparts; p++)
        rd_kafka_consume_stop(rkt, p);
    rd_kafka_queue_destroy(q);
    rd_kafka_topic_destroy(rkt);
    rd_kafka_destroy(rk);
    if (rc == 0) {
        printf("{");
        print_digest(&all);
        printf(", \"seconds\": %.3f, \"partitions\": [", now_s() - t0);
        for (int p = 0; p < nparts; p++) {
            printf("%s{\"partition\": %d, ", p ? ", " : "", p);
            print_digest(&parts[p]);
            printf("}");
        }
        printf("]}\n");
    }
    free(parts);
    free(done);
    return rc;
}
