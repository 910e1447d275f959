/*
 * lib/sd_notify.h - telling systemd how the service is doing (a Type=notify unit), with
 * the datagram protocol sd_notify(3) documents: READY=1 once the worker serves, STOPPING=1
 * when it begins to stop, WATCHDOG=1 at half of WatchdogSec while it runs.
 *
 * Nothing is sent when NOTIFY_SOCKET is not set (no unit, or not Type=notify). Any thread.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef KC_SD_NOTIFY_H
#define KC_SD_NOTIFY_H

#include <stdint.h>

/* Sends state ("READY=1", "STOPPING=1\nSTATUS=...") to $NOTIFY_SOCKET: a path, or an
 * abstract socket when it starts with '@'. Failures are ignored, as sd_notify's caller
 * would: the service works the same without its manager hearing of it. */
void kc_sd_notify(const char *state);

/* How often to send WATCHDOG=1: half of $WATCHDOG_USEC in ms when it is set for this
 * process ($WATCHDOG_PID absent or ours), else 0. */
int64_t kc_sd_watchdog_interval_ms(void);

#endif
