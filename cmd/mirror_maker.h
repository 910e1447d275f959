/*
 * cmd/mirror_maker.h - dedicated MirrorMaker 2 mode (see mirror_maker.c).
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_MIRROR_MAKER_H
#define KC_MIRROR_MAKER_H

#include <stddef.h>

/* Java's MirrorMaker exit codes: bad configuration 2, failure while starting 3. */
#define KC_MM_EXIT_INIT  2
#define KC_MM_EXIT_START 3

/* Returns the pending stop signal, waiting up to timeout_ms for one; 0 when none. */
typedef int (*kc_mm_stop_fn)(int timeout_ms);

/* Runs until stop() reports a signal: 0 then, else an exit code above. `only` lists the
 * target clusters this node serves (--clusters); nonly 0: all. */
int kc_mirror_maker_run(const char *path, char *const *only, size_t nonly, kc_mm_stop_fn stop);

#endif
