/*
 * tests/fuzz/fuzz_jaas.c - libFuzzer target for the JAAS file parser (what
 * -Djava.security.auth.login.config names, read at start-up for REST basic authentication),
 * its ${property} expansion, and Java's Base64 decoder that reads the Authorization header's
 * credentials (every byte a client sends there goes through it).
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/common.h"
#include "lib/jaas.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A few defined properties, one of them empty, so both expansion outcomes are reached. */
static const char *
prop(void *arg, const char *name)
{
    (void) arg;
    return strcmp(name, "user.home") == 0 ? "/home/k" : strcmp(name, "empty") == 0 ? "" : NULL;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    kc_jaas  j;
    kc_err   err;
    uint8_t *raw;
    size_t   n;
    char     why[128], *text, *expanded;

    kc_jaas_init(&j, "fuzz.conf");
    if (kc_jaas_parse(&j, (const char *) data, size, prop, NULL, &err) == KC_OK) {
        const kc_jaas_entry *e = kc_jaas_entry_get(&j, "KafkaConnect");
        for (size_t i = 0; e != NULL && i < e->nmodules; i++)
            (void) kc_props_get(&e->modules[i].options, "file");
        (void) kc_jaas_entry_get(&j, "other");
        for (size_t i = 0; i < j.n; i++)
            for (size_t k = 0; k < j.entries[i].nmodules; k++)
                (void) kc_jaas_flag_name(j.entries[i].modules[k].flag);
    }
    kc_jaas_free(&j);

    text = kc_xstrndup((const char *) data, size);   /* up to a NUL, as a C string */
    if (kc_jaas_expand(text, prop, NULL, &expanded, &err) == KC_OK)
        free(expanded);
    if (kc_base64_java_decode(text, strlen(text), &raw, &n, why, sizeof(why)) == 0)
        free(raw);
    free(text);
    return 0;
}
