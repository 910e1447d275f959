/*
 * worker/validate.h - a connector config checked as Java's AbstractHerder checks it before
 * it is written: Connect's own keys (ConnectorConfig plus the source or sink keys), then the
 * connector's, each coerced to its type with Java's messages, then the connector's validate()
 * and the distributed herder's checks (consumer group, exactly-once), then the settings
 * kconnect refuses (worker/refused.h).
 *
 * The REST API shapes the answers (rest/plugins.c, rest/connectors.c); dedicated MirrorMaker
 * checks its connectors here before it writes them. Reads only the plugin registry
 * (read-only after start-up) and the worker config: any thread.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_VALIDATE_H
#define KC_VALIDATE_H

#include <jansson.h>

#include "connectors/connector.h"
#include "lib/config_providers.h"
#include "lib/configdef.h"

/* The ConfigKeyInfo list of GET /connector-plugins/{p}/config: the connector's own keys,
 * then Connect's that it does not redefine. New reference. */
json_t *kc_connector_config_keys(const kc_cfg *worker, const kc_connector_ops *ops);

/* Java's ConfigInfos for config (a JSON object of strings and nulls, borrowed) against the
 * connector class ops: Connect's keys, then the connector's own, each with value and
 * errors; "error_count" sums them. worker may be NULL (no worker-dependent defaults or
 * checks). New reference. */
json_t *kc_validate_connector(const kc_cfg *worker, const json_t *config,
                              const kc_connector_ops *ops);

/* What Java's herder answers for a config as written (AbstractHerder.validateConnectorConfig
 * resolves its placeholders first): kc_validate_connector on config resolved with cp (NULL:
 * none), then every resolved value shown as written, in "value" and in the messages, so the
 * answer never holds a secret. NULL with Java's ConfigException message in err when a
 * provider fails. New reference. */
json_t *kc_validate_connector_resolving(const kc_cfg *worker, const kc_config_providers *cp,
                                        const json_t *config, const kc_connector_ops *ops,
                                        kc_err *err);

/* "Connector configuration is invalid and contains the following N error(s):\n..." for a
 * ConfigInfos with errors. New string. */
char *kc_validation_message(const json_t *infos);

/* The whole check of a config about to be written, as Java's herder refuses one, with its
 * placeholders resolved by cp (NULL: none): NULL when it is valid, else Java's message (new
 * string, resolved values shown as written): a provider failed, the config names no connector class
 * ("Connector config {..} contains no connector type"), a class no plugin provides (after
 * unknown_prefix, the exception name Java's endpoint puts first), or it has errors
 * (kc_validation_message). */
char *kc_connector_config_problem(const kc_cfg *worker, const kc_config_providers *cp,
                                  const json_t *config, const char *unknown_prefix);

#endif
