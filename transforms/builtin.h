/*
 * transforms/builtin.h - the transformations and predicates built into the worker: Kafka
 * 4.3.1's connect-transforms classes, found by their Java class names.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_TF_BUILTIN_H
#define KC_TF_BUILTIN_H

#include "connectors/connector.h"

/* Every built-in class, NULL-terminated. */
extern const kc_transform_ops *const kc_builtin_transforms[];

extern const kc_transform_ops kc_tf_regex_router;
extern const kc_transform_ops kc_tf_timestamp_router;
extern const kc_transform_ops kc_tf_insert_header;
extern const kc_transform_ops kc_tf_drop_headers;
extern const kc_transform_ops kc_tf_filter;
extern const kc_transform_ops kc_tf_topic_name_matches;
extern const kc_transform_ops kc_tf_has_header_key;
extern const kc_transform_ops kc_tf_record_is_tombstone;
extern const kc_transform_ops kc_tf_hoist_field_key;
extern const kc_transform_ops kc_tf_hoist_field_value;
extern const kc_transform_ops kc_tf_extract_field_key;
extern const kc_transform_ops kc_tf_extract_field_value;
extern const kc_transform_ops kc_tf_value_to_key;
extern const kc_transform_ops kc_tf_insert_field_key;
extern const kc_transform_ops kc_tf_insert_field_value;
extern const kc_transform_ops kc_tf_replace_field_key;
extern const kc_transform_ops kc_tf_replace_field_value;
extern const kc_transform_ops kc_tf_mask_field_key;
extern const kc_transform_ops kc_tf_mask_field_value;
extern const kc_transform_ops kc_tf_set_schema_metadata_key;
extern const kc_transform_ops kc_tf_set_schema_metadata_value;
extern const kc_transform_ops kc_tf_cast_key;
extern const kc_transform_ops kc_tf_cast_value;
extern const kc_transform_ops kc_tf_flatten_key;
extern const kc_transform_ops kc_tf_flatten_value;
extern const kc_transform_ops kc_tf_header_from_key;
extern const kc_transform_ops kc_tf_header_from_value;
extern const kc_transform_ops kc_tf_timestamp_converter_key;
extern const kc_transform_ops kc_tf_timestamp_converter_value;

#endif
