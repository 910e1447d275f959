/*
 * cmd/mirror_status_cmd.h - `kconnect mirror-status` (cmd/mirror_status_cmd.c).
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_MIRROR_STATUS_CMD_H
#define KC_MIRROR_STATUS_CMD_H

/* argv[0] is "mirror-status". Returns the process exit code: 0 in sync, 1 not, 2 errors. */
int kc_mirror_status_main(int argc, char **argv);

#endif
