/*
 * tests/fuzz/fuzz_rest.c - libFuzzer target for the REST request path (kc_rest_serve): what
 * any client that reaches a listener controls. The input is a request in a small text form:
 *
 *   <scope byte><METHOD> <path>[?<query>]\n
 *   <Header>: <value>\n ...
 *   \n
 *   <body>
 *
 * The scope byte picks the listener kind (regular+admin, regular, admin; every kind gets
 * the filters, as the server passes them, and applies what its kind applies). No herder
 * (requests that need it answer 503 at once) and the health check does not wait. The first
 * header's value is also parsed as a response.http.headers.config rule, and the regular
 * listeners run with CORS and header rules on, so the filters see every request too.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <regex.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rest/routes.h"
#include "rest/server.h"
#include "lib/common.h"
#include "lib/log.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static kc_rest_filters filters;
static kc_rest_ctx     ctx = { .version = "4.3.1", .commit = "fuzz",
                                .kafka_cluster_id = "fuzz-cluster", .no_herder = true };

static void
setup(void)
{
    static int done;
    kc_err     err;

    if (done)
        return;
    done = 1;
    kc_log_set_level(KC_LOG_OFF);
    kc_rest_set_timeouts(1, 0);
    filters.cors = true;
    filters.origins = kc_xcalloc(1, sizeof(regex_t));
    if (regcomp(&filters.origins[0], "^(http://a.*)$", REG_EXTENDED | REG_ICASE | REG_NOSUB) == 0)
        filters.norigins = 1;
    filters.allow_methods = kc_xstrdup("GET,PUT");
    filters.rules = kc_xcalloc(2, sizeof(*filters.rules));
    if (kc_header_rule_parse("set X-A: b", &filters.rules[0], &err) == KC_OK)
        filters.nrules++;
    if (kc_header_rule_parse("addDate X-D: 1000", &filters.rules[filters.nrules], &err)
        == KC_OK)
        filters.nrules++;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char            *text, *line, *next, *sp, *query, *method, *path, *qbuf = NULL;
    kc_rest_kv      *args = NULL, headers[16];
    size_t           nargs = 0, nheaders = 0, body_len;
    int              scope;
    kc_rest_response resp;

    setup();
    kc_log_set_level(KC_LOG_OFF);         /* an input may have turned logging on: quiet again */
    if (size < 2)
        return 0;
    scope = data[0] % 3;
    text = kc_xstrndup((const char *) data + 1, size - 1);
    body_len = size - 1;                               /* everything, unless split below */
    line = text;
    next = strchr(line, '\n');
    if (next != NULL)
        *next++ = '\0';
    sp = strchr(line, ' ');
    method = line;
    path = sp ? sp + 1 : (char *) "/";
    if (sp != NULL)
        *sp = '\0';
    if ((query = strchr(path, '?')) != NULL) {
        *query++ = '\0';
        nargs = kc_rest_parse_query(query, &args, &qbuf);
    }
    while (next != NULL && *next != '\0' && *next != '\n' && nheaders < 16) {
        char *colon, *eol = strchr(next, '\n');
        if (eol != NULL)
            *eol = '\0';
        if ((colon = strchr(next, ':')) != NULL) {
            *colon = '\0';
            headers[nheaders].name = next;
            headers[nheaders].value = colon + 1 + (colon[1] == ' ');
            nheaders++;
        }
        next = eol ? eol + 1 : NULL;
    }
    if (next != NULL && *next == '\n')
        next++;
    body_len = next ? strlen(next) : 0;
    if (nheaders > 0) {
        kc_header_rule rule;
        kc_err              err;
        if (kc_header_rule_parse(headers[0].value, &rule, &err) == KC_OK) {
            free(rule.name);
            free(rule.value);
        }
    }
    kc_rest_serve(&ctx, &filters, scope, method, path, args, nargs, headers,
                  nheaders, next, body_len, (data[0] & 0x80) != 0 && body_len > 100, &resp);
    if (resp.status < 100 || resp.status > 599)
        abort();                                       /* every request gets an answer */
    kc_rest_response_clear(&resp);
    free(args);
    free(qbuf);
    free(text);
    return 0;
}
