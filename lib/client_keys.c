/*
 * lib/client_keys.c - see client_keys.h.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "lib/client_keys.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

bool
kc_client_connection_key(const char *k)
{
    return strcmp(k, "bootstrap.servers") == 0 || strcmp(k, "security.protocol") == 0 ||
           strncmp(k, "ssl.", 4) == 0 || strncmp(k, "sasl.", 5) == 0;
}

bool
kc_client_default_idempotence(kc_props *p)
{
    const char *acks = kc_props_get(p, "acks");
    const char *inflight = kc_props_get(p, "max.in.flight.requests.per.connection");
    const char *retries = kc_props_get(p, "retries");
    bool        allowed;

    if (kc_props_get(p, "enable.idempotence") != NULL)
        return true;
    allowed = (acks == NULL || strcasecmp(acks, "all") == 0 || strcmp(acks, "-1") == 0) &&
              (inflight == NULL || atoi(inflight) <= 5) &&
              (retries == NULL || atoi(retries) != 0);
    kc_props_set(p, "enable.idempotence", allowed ? "true" : "false", 0);
    return allowed;
}
