/*
 * worker/metrics.c - collects samples for one scrape and renders them in Prometheus' text
 * format (worker/metrics.h). Owned by the thread that builds the scrape.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "worker/metrics.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/common.h"
#include "lib/log.h"

typedef struct sample {
    char          *name;
    char          *help;
    kc_metric_type type;
    char          *labels;       /* rendered: {a="x",b="y"} or "" */
    double         value;
    size_t         seq;          /* insertion order, to keep it within a family */
} sample;

struct kc_metrics {
    kc_metrics_out out;          /* first: the writer's address is the collection's */
    sample        *samples;
    size_t         n, cap;
};

static void
writer_sample(kc_metrics_out *out, const char *name, kc_metric_type type, const char *help,
              const char *const *labels, double value)
{
    kc_metrics_add((kc_metrics *) out, name, type, help, labels, value);
}

kc_metrics *
kc_metrics_new(void)
{
    kc_metrics *m = kc_xcalloc(1, sizeof(*m));

    m->out.sample = writer_sample;
    return m;
}

void
kc_metrics_free(kc_metrics *m)
{
    if (m == NULL)
        return;
    for (size_t i = 0; i < m->n; i++) {
        free(m->samples[i].name);
        free(m->samples[i].help);
        free(m->samples[i].labels);
    }
    free(m->samples);
    free(m);
}

kc_metrics_out *
kc_metrics_writer(kc_metrics *m)
{
    return &m->out;
}

static bool
valid_name(const char *s, bool label)
{
    if (s == NULL || *s == '\0' || (*s >= '0' && *s <= '9'))
        return false;
    for (; *s; s++) {
        char c = *s;
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '_' || (c == ':' && !label)))
            return false;
    }
    return true;
}

/* A label value or help text escaped as the format wants: backslash and newline always,
 * the double quote in label values only. */
static void
put_escaped(FILE *f, const char *s, bool quote)
{
    for (; *s; s++) {
        if (*s == '\\')
            fputs("\\\\", f);
        else if (*s == '\n')
            fputs("\\n", f);
        else if (*s == '"' && quote)
            fputs("\\\"", f);
        else
            fputc(*s, f);
    }
}

static char *
render_labels(const char *name, const char *const *labels)
{
    char  *text = NULL;
    size_t len = 0;
    bool   first = true;
    FILE  *f;

    if (labels == NULL || labels[0] == NULL)
        return kc_xstrdup("");
    f = open_memstream(&text, &len);
    KC_ASSERT(f != NULL);
    fputc('{', f);
    for (size_t i = 0; labels[i] != NULL; i += 2) {
        if (!valid_name(labels[i], true) || labels[i + 1] == NULL) {
            kc_log_warn("metrics", "%s: label %s dropped (bad name or no value)", name,
                        labels[i]);
            if (labels[i + 1] == NULL)
                break;
            continue;
        }
        fprintf(f, "%s%s=\"", first ? "" : ",", labels[i]);
        first = false;
        put_escaped(f, labels[i + 1], true);
        fputc('"', f);
    }
    fputc('}', f);
    fclose(f);
    return text;
}

void
kc_metrics_add(kc_metrics *m, const char *name, kc_metric_type type, const char *help,
               const char *const *labels, double value)
{
    sample *s;

    if (!valid_name(name, false)) {
        kc_log_warn("metrics", "sample with invalid metric name '%s' dropped", name ? name : "");
        return;
    }
    for (size_t i = 0; i < m->n; i++)
        if (strcmp(m->samples[i].name, name) == 0) {
            if (m->samples[i].type != type || strcmp(m->samples[i].help, help ? help : "") != 0) {
                kc_log_warn("metrics", "sample of %s dropped: its type or help differs from "
                            "the family's", name);
                return;
            }
            break;
        }
    if (m->n == m->cap) {
        m->cap = m->cap ? 2 * m->cap : 64;
        m->samples = kc_xrealloc(m->samples, m->cap * sizeof(*m->samples));
    }
    s = &m->samples[m->n];
    s->name = kc_xstrdup(name);
    s->help = kc_xstrdup(help ? help : "");
    s->type = type;
    s->labels = render_labels(name, labels);
    s->value = value;
    s->seq = m->n++;
}

static int
by_family(const void *a, const void *b)
{
    const sample *x = a, *y = b;
    int           c = strcmp(x->name, y->name);

    return c != 0 ? c : (x->seq > y->seq) - (x->seq < y->seq);
}

static void
put_value(FILE *f, double v)
{
    if (isnan(v))
        fputs("NaN", f);
    else if (isinf(v))
        fputs(v > 0 ? "+Inf" : "-Inf", f);
    else if (v == (double) (long long) v && fabs(v) < 1e15)
        fprintf(f, "%lld", (long long) v);
    else
        fprintf(f, "%.17g", v);
}

char *
kc_metrics_render(const kc_metrics *m)
{
    sample *sorted = NULL;
    char   *text = NULL;
    size_t  len = 0;
    FILE   *f = open_memstream(&text, &len);

    KC_ASSERT(f != NULL);
    if (m->n > 0) {
        sorted = kc_xmalloc(m->n * sizeof(*sorted));
        memcpy(sorted, m->samples, m->n * sizeof(*sorted));
        qsort(sorted, m->n, sizeof(*sorted), by_family);
    }
    for (size_t i = 0; i < m->n; i++) {
        const sample *s = &sorted[i];
        if (i == 0 || strcmp(sorted[i - 1].name, s->name) != 0) {
            fprintf(f, "# HELP %s ", s->name);
            put_escaped(f, s->help, false);
            fprintf(f, "\n# TYPE %s %s\n", s->name,
                    s->type == KC_METRIC_COUNTER ? "counter" : "gauge");
        }
        fprintf(f, "%s%s ", s->name, s->labels);
        put_value(f, s->value);
        fputc('\n', f);
    }
    fclose(f);
    free(sorted);
    return text;
}
