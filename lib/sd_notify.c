/*
 * lib/sd_notify.c - see sd_notify.h.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include "lib/sd_notify.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

void
kc_sd_notify(const char *state)
{
    const char        *path = getenv("NOTIFY_SOCKET");
    struct sockaddr_un addr = { .sun_family = AF_UNIX };
    size_t             len;
    socklen_t          alen;
    int                fd;

    if (path == NULL || (path[0] != '/' && path[0] != '@') ||
        (len = strlen(path)) >= sizeof(addr.sun_path))
        return;
    memcpy(addr.sun_path, path, len);
    if (path[0] == '@')
        addr.sun_path[0] = '\0';                  /* Linux's abstract namespace */
    alen = (socklen_t) (offsetof(struct sockaddr_un, sun_path) + len);
    if ((fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0)) < 0)
        return;
    if (sendto(fd, state, strlen(state), MSG_NOSIGNAL, (struct sockaddr *) &addr, alen) < 0) {
        /* the manager is gone or not listening: nothing to do */
    }
    close(fd);
}

int64_t
kc_sd_watchdog_interval_ms(void)
{
    const char *usec = getenv("WATCHDOG_USEC"), *pid = getenv("WATCHDOG_PID");
    char       *end;
    long long   us;

    if (usec == NULL || (pid != NULL && atoll(pid) != (long long) getpid()))
        return 0;
    us = strtoll(usec, &end, 10);
    if (*end != '\0' || us <= 0)
        return 0;
    return us / 2000 > 0 ? us / 2000 : 1;
}
