/*
 * transforms/builtin.c - the list of built-in transformations and predicates.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "transforms/builtin.h"

const kc_transform_ops *const kc_builtin_transforms[] = {
    &kc_tf_regex_router,
    &kc_tf_timestamp_router,
    &kc_tf_insert_header,
    &kc_tf_drop_headers,
    &kc_tf_filter,
    &kc_tf_topic_name_matches,
    &kc_tf_has_header_key,
    &kc_tf_record_is_tombstone,
    &kc_tf_hoist_field_key,
    &kc_tf_hoist_field_value,
    &kc_tf_extract_field_key,
    &kc_tf_extract_field_value,
    &kc_tf_value_to_key,
    &kc_tf_insert_field_key,
    &kc_tf_insert_field_value,
    &kc_tf_replace_field_key,
    &kc_tf_replace_field_value,
    &kc_tf_mask_field_key,
    &kc_tf_mask_field_value,
    &kc_tf_set_schema_metadata_key,
    &kc_tf_set_schema_metadata_value,
    &kc_tf_cast_key,
    &kc_tf_cast_value,
    &kc_tf_flatten_key,
    &kc_tf_flatten_value,
    &kc_tf_header_from_key,
    &kc_tf_header_from_value,
    &kc_tf_timestamp_converter_key,
    &kc_tf_timestamp_converter_value,
    NULL,
};
