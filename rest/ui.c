/*
 * rest/ui.c - GET /ui, the live page of the cluster (rest/ui.html, built into the binary).
 *
 * The page belongs to the admin context: it is served where /admin is (the admin listeners,
 * or the regular ones when admin.listeners is absent). It reads the cluster through
 * /ui/api/, the read-only mount rest/routes.c keeps, and both are behind the REST
 * authentication on every listener (docs/ui.md).
 *
 * Threads: MHD threads; the page is read-only data.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "rest/routes.h"

/* rest/ui.html, as the assembler embeds it (the Makefile names it as ui.o's prerequisite). */
__asm__(".section .rodata\n"
        ".global kc_ui_html_start\n"
        ".global kc_ui_html_end\n"
        "kc_ui_html_start:\n"
        ".incbin \"rest/ui.html\"\n"
        "kc_ui_html_end:\n"
        ".byte 0\n"
        ".previous\n");
extern const char kc_ui_html_start[];
extern const char kc_ui_html_end[];

/* No external asset may load, and nothing but this worker may be asked (connect-src). */
#define UI_POLICY "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; " \
                  "img-src data:; connect-src 'self'; base-uri 'none'; form-action 'none'; " \
                  "frame-ancestors 'none'"

void
kc_rest_ui_page(const kc_rest_ctx *ctx, const kc_rest_request *req, kc_rest_response *resp)
{
    (void) ctx;
    (void) req;
    resp->status = 200;
    resp->text = kc_xstrndup(kc_ui_html_start, (size_t) (kc_ui_html_end - kc_ui_html_start));
    kc_rest_response_header(resp, "Content-Type", "text/html; charset=utf-8", true);
    kc_rest_response_header(resp, "Content-Security-Policy", UI_POLICY, true);
    kc_rest_response_header(resp, "X-Content-Type-Options", "nosniff", true);
    kc_rest_response_header(resp, "Referrer-Policy", "no-referrer", true);
    kc_rest_response_header(resp, "Cache-Control", "no-store", true);
}
