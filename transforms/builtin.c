/*
 * transforms/builtin.c - the list of built-in transformations and predicates.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "transforms/builtin.h"

const kc_transform_ops *const kc_builtin_transforms[] = {
    &kc_tf_regex_router,
    &kc_tf_timestamp_router,
    NULL,
};
