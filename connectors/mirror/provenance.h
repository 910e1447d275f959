/*
 * connectors/mirror/provenance.h - the provenance header MirrorSource stamps on the records
 * it copies (provenance.header.enable), so that mirrors between clusters in both directions,
 * or around a ring (A->B->C->A), never copy a record back into a cluster it has been in.
 *
 * The header's value is ASCII: the Kafka cluster IDs of the clusters the record has been
 * written to, the one it was first produced to first, separated by commas, e.g.
 * "lJv0ZFqTQjSXYg1e4Qhd8w,9UYLOQTJSL-WG9ilCIFKbA". Cluster IDs (base64url) never hold a
 * comma. A value that is not such a list is read as one, token by token: an ID matches
 * only a whole token.
 *
 * Pure functions, any thread.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_MIRROR_PROVENANCE_H
#define KC_MIRROR_PROVENANCE_H

#include <stdbool.h>
#include <stddef.h>

#include "lib/buf.h"

#define KC_PROVENANCE_HEADER_DEFAULT "__kc_provenance"

/* Whether the header value lists the cluster `id`. */
bool kc_provenance_lists(const void *value, size_t len, const char *id);

/* Appends to out the value for a record copied from cluster `source` to cluster `target`,
 * whose header had the value old (NULL: it had none): old's IDs, then source unless they
 * name it, then target. */
void kc_provenance_extend(kc_wbuf *out, const void *old, size_t oldlen, const char *source,
                          const char *target);

#endif
