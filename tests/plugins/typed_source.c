/*
 * tests/plugins/typed_source.c - "org.kconnect.test.TypedSource", a source connector that
 * writes the same ten records once to `topic` and then nothing more. Its Java twin, of the
 * same class name, is compiled by tests/integration/test_converters.py; the two must hand the
 * worker the same Connect records, so that the bytes the converters make of them can be
 * compared between a Java worker and kconnect.
 *
 * Values are in JsonConverter's form (lib/data.h): a struct `org.kconnect.test.Row` with
 * Decimals (payload: base64 of the unscaled two's-complement big-endian bytes), optional
 * fields with defaults left null in some records, a Date, a Timestamp, a nested struct, an
 * array and a map; one record is a plain string, one a tombstone, one a null under a schema
 * with a default, one a struct of Decimals in an array and in maps (as values and as keys),
 * one a Decimal alone. Keys are strings or null, timestamps fixed; record 0 has headers. A
 * restarted task resumes after the last record it stored the offset of.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "connectors/connector.h"

#define RECORDS 10
#define T0      1700000000000LL            /* record i is stamped T0 + 1000 * i */

/* Row's schema as Java's JsonConverter writes the schema of its twin's Row (member order
 * included). */
static const char row_schema[] =
    "{\"type\":\"struct\",\"fields\":["
    "{\"type\":\"int32\",\"optional\":false,\"field\":\"id\"},"
    "{\"type\":\"bytes\",\"optional\":false,\"name\":\"org.apache.kafka.connect.data.Decimal\","
    "\"version\":1,\"parameters\":{\"scale\":\"2\"},\"field\":\"amount\"},"
    "{\"type\":\"bytes\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Decimal\","
    "\"version\":1,\"parameters\":{\"scale\":\"8\"},\"field\":\"tiny\"},"
    "{\"type\":\"bytes\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Decimal\","
    "\"version\":1,\"parameters\":{\"scale\":\"2\"},\"default\":\"A+c=\",\"field\":\"price\"},"
    "{\"type\":\"int32\",\"optional\":true,\"default\":7,\"field\":\"qty\"},"
    "{\"type\":\"string\",\"optional\":true,\"default\":\"none\",\"field\":\"label\"},"
    "{\"type\":\"double\",\"optional\":true,\"field\":\"ratio\"},"
    "{\"type\":\"int32\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Date\","
    "\"version\":1,\"field\":\"day\"},"
    "{\"type\":\"int64\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Timestamp\","
    "\"version\":1,\"field\":\"at\"},"
    "{\"type\":\"struct\",\"fields\":[{\"type\":\"int64\",\"optional\":false,\"field\":\"n\"},"
    "{\"type\":\"string\",\"optional\":true,\"field\":\"s\"}],\"optional\":true,"
    "\"name\":\"org.kconnect.test.Inner\",\"field\":\"inner\"},"
    "{\"type\":\"array\",\"items\":{\"type\":\"string\",\"optional\":true},\"optional\":true,"
    "\"field\":\"tags\"},"
    "{\"type\":\"map\",\"keys\":{\"type\":\"string\",\"optional\":false},"
    "\"values\":{\"type\":\"int32\",\"optional\":false},\"optional\":true,\"field\":\"counts\"}"
    "],\"optional\":false,\"name\":\"org.kconnect.test.Row\",\"version\":1,"
    "\"doc\":\"a typed row\"}";

/* An optional Decimal with a default (record 7 is a null under it). */
static const char price_schema[] =
    "{\"type\":\"bytes\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Decimal\","
    "\"version\":1,\"parameters\":{\"scale\":\"2\"},\"default\":\"A+c=\"}";

/* Decimals in an array, as a map's values and as a map's keys. */
static const char prices_schema[] =
    "{\"type\":\"struct\",\"fields\":["
    "{\"type\":\"array\",\"items\":{\"type\":\"bytes\",\"optional\":true,"
    "\"name\":\"org.apache.kafka.connect.data.Decimal\",\"version\":1,"
    "\"parameters\":{\"scale\":\"2\"}},\"optional\":false,\"field\":\"list\"},"
    "{\"type\":\"map\",\"keys\":{\"type\":\"string\",\"optional\":false},"
    "\"values\":{\"type\":\"bytes\",\"optional\":false,"
    "\"name\":\"org.apache.kafka.connect.data.Decimal\",\"version\":1,"
    "\"parameters\":{\"scale\":\"3\"}},\"optional\":false,\"field\":\"byname\"},"
    "{\"type\":\"map\",\"keys\":{\"type\":\"bytes\",\"optional\":false,"
    "\"name\":\"org.apache.kafka.connect.data.Decimal\",\"version\":1,"
    "\"parameters\":{\"scale\":\"1\"}},\"values\":{\"type\":\"string\",\"optional\":false},"
    "\"optional\":false,\"field\":\"keyed\"}],"
    "\"optional\":false,\"name\":\"org.kconnect.test.Prices\"}";

/* A required Decimal of scale 8 (record 9's value). */
static const char tiny_schema[] =
    "{\"type\":\"bytes\",\"optional\":false,\"name\":\"org.apache.kafka.connect.data.Decimal\","
    "\"version\":1,\"parameters\":{\"scale\":\"8\"}}";

enum { ROW, PRICE, PRICES, TINY, SCHEMAS };

static const char *const schema_texts[SCHEMAS] = { row_schema, price_schema, prices_schema,
                                                   tiny_schema };

/* ===== Decimal payloads ===== */

static char *
base64(const unsigned char *b, size_t n)
{
    static const char abc[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    char  *out = malloc(4 * ((n + 2) / 3) + 1), *o = out;

    for (size_t i = 0; i < n; i += 3) {
        unsigned v = (unsigned) b[i] << 16 | (i + 1 < n ? (unsigned) b[i + 1] << 8 : 0) |
                     (i + 2 < n ? b[i + 2] : 0);
        *o++ = abc[v >> 18 & 63];
        *o++ = abc[v >> 12 & 63];
        *o++ = i + 1 < n ? abc[v >> 6 & 63] : '=';
        *o++ = i + 2 < n ? abc[v & 63] : '=';
    }
    *o = '\0';
    return out;
}

/* A Decimal's payload from its unscaled value in decimal digits ("-129"): the base64 of
 * BigInteger.toByteArray(), the shortest two's-complement big-endian bytes. */
static json_t *
decimal(const char *unscaled)
{
    int            negative = *unscaled == '-';
    const char    *d = unscaled + negative;
    size_t         cap = strlen(d) / 2 + 3, len = 1, start;
    unsigned char *mag = calloc(cap, 1), *b;
    char          *text;
    json_t        *out;

    /* The magnitude, big-endian, in mag[cap - len .. cap). */
    for (; *d; d++) {
        unsigned carry = (unsigned) (*d - '0');
        for (size_t k = cap; k-- > cap - len;) {
            unsigned x = mag[k] * 10u + carry;
            mag[k] = (unsigned char) x;
            carry = x >> 8;
        }
        if (carry != 0)
            mag[cap - ++len] = (unsigned char) carry;
    }
    while (len > 1 && mag[cap - len] == 0)
        len--;
    if (negative) {
        unsigned carry = 1;
        for (size_t k = cap; k-- > cap - len;) {
            unsigned x = (unsigned char) ~mag[k] + carry;
            mag[k] = (unsigned char) x;
            carry = x >> 8;
        }
        if (!(mag[cap - len] & 0x80))            /* a sign byte is needed */
            mag[cap - ++len] = 0xFF;
    } else if (mag[cap - len] & 0x80) {
        mag[cap - ++len] = 0x00;
    }
    start = cap - len;
    b = mag + start;
    text = base64(b, len);
    out = json_string(text);
    free(text);
    free(mag);
    return out;
}

/* ===== The records ===== */

/* Row's fields, in its schema's order; NULL members are null. */
typedef struct {
    int         id;
    const char *amount, *tiny, *price;     /* unscaled digits at scale 2, 8, 2 */
    json_t     *qty;
    const char *label;
    json_t     *ratio;
    json_t     *day, *at;                  /* days, ms since the epoch */
    json_t     *inner, *tags, *counts;
} row;

static json_t *
opt_decimal(const char *unscaled)
{
    return unscaled ? decimal(unscaled) : json_null();
}

static json_t *
or_null(json_t *v)
{
    return v ? v : json_null();
}

static json_t *
row_value(const row *r)
{
    return json_pack("{s:i,s:o,s:o,s:o,s:o,s:o,s:o,s:o,s:o,s:o,s:o,s:o}",
                     "id", r->id, "amount", decimal(r->amount), "tiny", opt_decimal(r->tiny),
                     "price", opt_decimal(r->price), "qty", or_null(r->qty),
                     "label", r->label ? json_string(r->label) : json_null(),
                     "ratio", or_null(r->ratio), "day", or_null(r->day), "at", or_null(r->at),
                     "inner", or_null(r->inner), "tags", or_null(r->tags),
                     "counts", or_null(r->counts));
}

static const char *const keys[RECORDS] = { "k0", NULL, "k2", "k3", "k4", "k5", NULL, "k7",
                                            "k8", NULL };

/* Record 0's headers: a string (written as its UTF-8) and a null one. */
static kc_header headers0[] = { { "h", "\xC3\xA9", 2 }, { "n", NULL, 0 } };

/* Record i's value: a Row, a string (2), null (5), a null Decimal with a default (7), Prices
 * (8) or a Decimal (9). */
static void
value_of(int i, json_t *const *schemas, kc_value *v)
{
    row r;

    memset(v, 0, sizeof(*v));
    switch (i) {
    case 0:
        r = (row) { 0, "150", "1", "225", json_integer(3), "x", json_real(1.5),
                    json_integer(19000), json_integer(1700000000123LL),
                    json_pack("{s:I,s:s}", "n", (json_int_t) 1, "s", "a"),
                    json_pack("[s,n,s]", "x", "\xC3\xBC"),
                    json_pack("{s:i,s:i,s:i}", "a", 1, "b", 2, "c", 3) };
        break;
    case 1:
        r = (row) { .id = 1, .amount = "-25" };
        break;
    case 2:
        v->kind = KC_VALUE_STRING;                 /* U+00E9 U+20AC U+1F600 " \"q\"" */
        v->ptr = "\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80 \"q\"";
        v->len = strlen(v->ptr);
        return;
    case 3:
        r = (row) { 3, "0", "0", "-129", json_integer(0), "", json_real(1e10), json_integer(0),
                    json_integer(0), json_pack("{s:I,s:n}", "n", (json_int_t) -9007199254740993LL,
                                               "s"),
                    json_array(), json_object() };
        break;
    case 4:
        r = (row) { 4, "123456789012345678901234567890", "-123456789", "128", NULL,
                    "\xC3\xA9", json_real(0.1), json_integer(-1), json_integer(-1),
                    json_pack("{s:I,s:s}", "n", (json_int_t) 2, "s", "b"), json_pack("[s]", "y"),
                    json_pack("{s:i}", "b", 20) };
        break;
    case 5:
        return;                                    /* a tombstone */
    case 7:
        v->kind = KC_VALUE_JSON;
        v->json = json_null();
        v->schema = json_incref(schemas[PRICE]);
        return;
    case 8:
        v->kind = KC_VALUE_JSON;
        v->json = json_pack("{s:[o,n,o],s:{s:o},s:[[o,s]]}",
                            "list", decimal("150"), decimal("-25"),
                            "byname", "a", decimal("1"),
                            "keyed", decimal("15"), "x");
        v->schema = json_incref(schemas[PRICES]);
        return;
    case 9:
        v->kind = KC_VALUE_JSON;
        v->json = decimal("1");
        v->schema = json_incref(schemas[TINY]);
        return;
    default:                                       /* 6 */
        r = (row) { 6, "-128", "100000000", "1", json_integer(-5), "z", json_real(-2.5),
                    json_integer(1), json_integer(86400000), NULL, NULL,
                    json_pack("{s:i,s:i}", "a", 0, "c", -1) };
        break;
    }
    v->kind = KC_VALUE_JSON;
    v->json = row_value(&r);
    v->schema = json_incref(schemas[ROW]);
}

/* ===== The connector ===== */

typedef struct {
    json_t *config;
} typed;

static int
c_start(void **priv, const kc_context *ctx, const json_t *config, char *err, size_t errlen)
{
    typed *c;

    (void) ctx;
    if (json_string_value(json_object_get(config, "topic")) == NULL) {
        snprintf(err, errlen, "Missing required configuration \"topic\" which has no default "
                 "value.");
        return KC_PLUGIN_FATAL;
    }
    c = calloc(1, sizeof(*c));
    c->config = json_deep_copy(config);
    *priv = c;
    return KC_PLUGIN_OK;
}

static int
c_task_configs(void *priv, int max_tasks, json_t **out, char *err, size_t errlen)
{
    (void) max_tasks;
    (void) err;
    (void) errlen;
    *out = json_pack("[O]", ((typed *) priv)->config);
    return KC_PLUGIN_OK;
}

static void
c_stop(void *priv)
{
    typed *c = priv;

    json_decref(c->config);
    free(c);
}

/* ===== The task ===== */

typedef struct {
    char        *topic;
    json_t      *schemas[SCHEMAS];         /* shared by the records */
    int          next;
    volatile int stopping;
} typed_task;

static int
t_start(void **priv, const kc_context *ctx, const json_t *config, char *err, size_t errlen)
{
    typed_task  *t = calloc(1, sizeof(*t));
    json_t      *part = json_pack("{s:s}", "typed", "0"), *off = NULL;
    json_error_t jerr;

    for (int i = 0; i < SCHEMAS; i++) {
        if ((t->schemas[i] = json_loads(schema_texts[i], 0, &jerr)) == NULL) {
            snprintf(err, errlen, "schema %d: %s", i, jerr.text);
            while (i-- > 0)
                json_decref(t->schemas[i]);
            free(t);
            json_decref(part);
            return KC_PLUGIN_FATAL;
        }
    }
    t->topic = strdup(json_string_value(json_object_get(config, "topic")));
    if (ctx->host->offset_get(ctx->ctx, part, &off) == 0 && off != NULL)
        t->next = (int) json_integer_value(json_object_get(off, "next"));
    json_decref(off);
    json_decref(part);
    *priv = t;
    return KC_PLUGIN_OK;
}

static void
t_release(kc_record *r)
{
    json_decref(r->value.json);
    json_decref(r->value.schema);
    json_decref(r->source_partition);
}

static int
t_poll(void *priv, kc_record *out, size_t max, size_t *n, int timeout_ms, char *err,
       size_t errlen)
{
    typed_task *t = priv;

    (void) err;
    (void) errlen;
    *n = 0;
    while (*n < max && t->next < RECORDS && !t->stopping) {
        kc_record  *r = &out[(*n)++];
        const char *key = keys[t->next];

        memset(r, 0, sizeof(*r));
        r->topic = t->topic;
        r->partition = -1;
        r->timestamp = T0 + 1000LL * t->next;
        if (key != NULL) {
            r->key.kind = KC_VALUE_STRING;
            r->key.ptr = key;
            r->key.len = strlen(key);
        }
        value_of(t->next, t->schemas, &r->value);
        if (t->next == 0) {
            r->headers = headers0;
            r->nheaders = sizeof(headers0) / sizeof(headers0[0]);
        }
        r->source_partition = json_pack("{s:s}", "typed", "0");
        r->offset = ++t->next;                 /* stored as {"next": N} */
        r->release = t_release;
    }
    if (*n == 0) {
        struct timespec ts = { 0, (long) (timeout_ms > 100 ? 100 : timeout_ms) * 1000000L };
        nanosleep(&ts, NULL);
    }
    return KC_PLUGIN_OK;
}

static void t_stop(void *priv) { ((typed_task *) priv)->stopping = 1; }

static void
t_destroy(void *priv)
{
    typed_task *t = priv;

    for (int i = 0; i < SCHEMAS; i++)
        json_decref(t->schemas[i]);
    free(t->topic);
    free(t);
}

static const kc_task_ops typed_task_ops = {
    .start = t_start, .stop = t_stop, .destroy = t_destroy, .poll = t_poll,
    .source_offset_field = "next",
};

static const char *const aliases[] = { "TypedSource", NULL };

static const kc_connector_ops typed_connector = {
    .abi = KC_CONNECTOR_ABI,
    .class_name = "org.kconnect.test.TypedSource",
    .aliases = aliases,
    .version = "1.0",
    .type = KC_CONNECTOR_SOURCE,
    .task_class = "org.kconnect.test.TypedSource$RowTask",
    .start = c_start,
    .task_configs = c_task_configs,
    .stop = c_stop,
    .task = &typed_task_ops,
};

static const kc_connector_ops *const classes[] = { &typed_connector, NULL };

KC_EXPORT const kc_connector_ops *const *
kc_connector_entry(const kc_host *h)
{
    (void) h;
    return classes;
}
