/*
 * rest/auth.h - HTTP Basic authentication of REST requests, as Kafka's
 * BasicAuthSecurityRestExtension does it (rest.extension.classes names it): a request filter
 * that checks the Authorization header against the JAAS entry KafkaConnect, whose login
 * modules are PropertyFileLoginModule (users file: user=password lines).
 *
 * Java's facts it follows:
 *  - The JAAS file is -Djava.security.auth.login.config=<path> in KAFKA_OPTS (what the JVM
 *    of connect-distributed.sh gets), else ~/.java.login.config when it exists. kconnect
 *    also takes java.security.auth.login.config from the worker file, for units that pass no
 *    KAFKA_OPTS. The entry is KafkaConnect, else "other"; with neither every request is
 *    refused. A JAAS file that cannot be read or parsed stops the worker (Java's extension
 *    fails at start too); a login module other than PropertyFileLoginModule in the entry
 *    stops it as well (kconnect has no other).
 *  - The filter runs on the regular listeners once a resource matched (so 404, 405 and 415
 *    come first), on /admin too when the admin resources share them (admin.listeners
 *    absent); an admin listener is never filtered, as in Java. POST
 *    /connectors/{c}/tasks and PUT /connectors/{c}/fence pass without credentials: workers
 *    send them signed with the session key, and the resource checks the signature.
 *  - The header: "Basic <base64 of user:password>" (scheme in any case); a missing, non-Basic
 *    or colon-less header means no credentials. A refusal is 401 with the text body
 *    "User cannot access the resource." (Content-Type the resource's: application/json, or
 *    text/plain for OPTIONS) and no WWW-Authenticate header.
 *  - Modules combine as JAAS's LoginContext combines them: a module that finds no match is
 *    ignored (it does not fail); one whose file option is missing or whose users file cannot
 *    be read fails; a required or requisite failure refuses, and so does no success at all.
 *    A users file without users lets every request through.
 *
 * Where kconnect differs: Java answers 500 with the decoder's message for credentials that
 * are not base64; kconnect answers 400 with the same message (a client's mistake). Java
 * reads a users file once; kconnect reads it again whenever it changes (inode, size, times),
 * so adding or removing a user needs no restart; a users file that becomes empty after it
 * had users refuses every request rather than letting them all through (a writer that
 * truncates before it writes must not open the API for a moment).
 *
 * Threads: kc_rest_auth_new on the main thread before the listeners start; the checks on
 * MHD threads, concurrently (each users file has its own lock).
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_REST_AUTH_H
#define KC_REST_AUTH_H

#include <stdbool.h>

#include "lib/common.h"
#include "lib/configdef.h"
#include "lib/props.h"
#include "rest/routes.h"

typedef struct kc_rest_auth kc_rest_auth;

/* Sets *out to the authentication cfg's rest.extension.classes asks for, or NULL when none
 * is asked for. props: the worker file's originals (java.security.auth.login.config);
 * kafka_opts: the KAFKA_OPTS variable (may be NULL). KC_EINVAL or KC_EIO, naming the file
 * and line, when the JAAS configuration is not usable. */
int kc_rest_auth_new(const kc_cfg *cfg, const kc_props *props, const char *kafka_opts,
                     kc_rest_auth **out, kc_err *err);
void kc_rest_auth_free(kc_rest_auth *a);

/* The filter, for a request that matched a resource: true to let it through; false with
 * resp filled (401, or 400 for credentials that are not base64). */
bool kc_rest_auth_allows(kc_rest_auth *a, const kc_rest_request *req, kc_rest_response *resp);

/* Java's refusal for req: 401 "User cannot access the resource.". */
void kc_rest_auth_refuse(const kc_rest_request *req, kc_rest_response *resp);

#endif
