/*
 * worker/worker_config.h - loading and checking connect-distributed.properties.
 *
 * kc_worker_config_load reads the file as Java properties, lays --override key=value pairs
 * over it, resolves the `${provider:path:key}` placeholders of its values with the providers
 * it configures itself (Java's AbstractConfig does so before anything is typed), types and
 * checks every key of the distributed worker (Kafka 4.3's DistributedConfig), warns about
 * keys nothing reads, and fails with the file, line, key and value named (a resolved value
 * is shown as written). The properties stay available: clients and topic settings are built
 * from them, as Java builds them from the config's (resolved) originals.
 *
 * It also holds the providers connector and task configs are resolved with when they start
 * (Java's WorkerConfigTransformer, made from the same config.providers settings).
 *
 * Main thread builds it; afterwards it is read-only and may be read from any thread.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_WORKER_CONFIG_H
#define KC_WORKER_CONFIG_H

#include "lib/config_providers.h"
#include "lib/configdef.h"
#include "lib/props.h"

typedef struct kc_worker_config {
    kc_props             props;      /* overrides applied, placeholders resolved: Java's
                                      * originals() */
    kc_props             raw;        /* the same as written, placeholders kept: for messages */
    kc_cfg               cfg;        /* typed, defaults applied */
    kc_config_providers *providers;  /* for connector and task configs; NULL: none */
    bool                 standalone; /* a standalone worker's file (StandaloneConfig) */
} kc_worker_config;

const kc_cfg_def *kc_worker_config_defs(size_t *n);

/* Loads path and applies overrides ("key=value"). KC_EIO if unreadable, KC_EINVAL with a
 * message naming file, line, key and value if anything is wrong. */
int kc_worker_config_load(kc_worker_config *wc, const char *path, const char *const *overrides,
                          size_t noverrides, kc_err *err);
/* The same for either mode: standalone reads Java's StandaloneConfig (WorkerConfig's keys
 * and the required offset.storage.file.filename; a distributed key is warned about as
 * unused and takes its default). */
int kc_worker_config_load_mode(kc_worker_config *wc, const char *path,
                               const char *const *overrides, size_t noverrides, bool standalone,
                               kc_err *err);
void kc_worker_config_free(kc_worker_config *wc);

/* The same from properties already assembled (dedicated MirrorMaker builds one per flow,
 * placeholders already resolved but config.providers.* kept for its connectors); props are
 * copied. No unknown-key warnings: the caller's keys are its own. */
int kc_worker_config_from_props(kc_worker_config *wc, const kc_props *props, kc_err *err);

/* exactly.once.source.support (KIP-618); a standalone worker's is always disabled. With
 * preparing or enabled the leader writes the config topic in transactions; with enabled
 * source tasks run exactly once and the config and offsets topics are read committed. */
typedef enum { KC_EOS_DISABLED = 0, KC_EOS_PREPARING, KC_EOS_ENABLED } kc_eos_level;
kc_eos_level kc_worker_eos_level(const kc_worker_config *wc);

/* The transactional id of a connector's task: "<group.id>-<connector>-<task>", as Java's
 * Worker.taskTransactionalId (new string). */
char *kc_worker_task_transactional_id(const kc_worker_config *wc, const char *connector,
                                      int task);

/* Topic-level settings for an internal topic: every "<prefix>X" key becomes X, except
 * topic, partitions, replication.factor and cleanup.policy (always compact). out is
 * initialised here; returns the number of settings. */
int kc_worker_config_topic_settings(const kc_worker_config *wc, const char *prefix,
                                    kc_props *out);

/* The size in bytes of the session keys this worker makes: inter.worker.key.size (bits) when
 * set, else the default of Java's key generator for inter.worker.key.generation.algorithm
 * (HmacSHA256: 32). At most KC_SESSION_KEY_MAX. */
#define KC_SESSION_KEY_MAX 1024
size_t kc_worker_session_key_bytes(const kc_worker_config *wc);

#endif
