/*
 * tests/plugins/wrong_abi.c - a plugin the worker must refuse: it declares an ABI version
 * this worker does not speak.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "connectors/connector.h"

static const kc_connector_ops future_connector = {
    .abi = KC_CONNECTOR_ABI + 41,
    .class_name = "com.example.FromTheFuture",
    .type = KC_CONNECTOR_SOURCE,
};

static const kc_connector_ops *const classes[] = { &future_connector, NULL };

KC_EXPORT const kc_connector_ops *const *
kc_connector_entry(const kc_host *h)
{
    (void) h;
    return classes;
}
