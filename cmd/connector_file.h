/*
 * cmd/connector_file.h - a connector config file given to `kconnect standalone` (Java's
 * ConnectStandalone): read as Java tries them, in order, a JSON object of the config's
 * keys and values, a JSON CreateConnectorRequest ({"name", "config", "initial_state"}),
 * then a .properties file.
 *
 * Main thread, at start-up.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_CONNECTOR_FILE_H
#define KC_CONNECTOR_FILE_H

#include <jansson.h>

#include "lib/common.h"

/* The body of the POST /connectors that creates the file's connector (a new object), or
 * NULL with what is wrong, and the file named, in err. */
json_t *kc_connector_file_read(const char *path, kc_err *err);

/* The same from the file's bytes already read (the fuzz target's entry). */
json_t *kc_connector_file_parse(const char *path, const char *text, size_t len, kc_err *err);

#endif
