/*
 * cmd/main.c - the kconnect command line and the worker's start-up and shutdown.
 *
 *   kconnect distributed worker.properties [--override key=value ...]
 *   kconnect standalone worker.properties [connector.properties|connector.json ...]
 *   kconnect version
 *   kconnect mirror-status ... (cmd/mirror_status_cmd.c)
 *
 * Main thread: parses arguments and the worker config, asks the brokers for the cluster id,
 * makes sure the internal topics are fit, starts REST, then waits for SIGTERM or SIGINT and
 * shuts down in order. The signals are blocked in every thread (the mask is inherited) and
 * taken here with sigtimedwait, so a signal during start-up also stops the worker cleanly.
 *
 * Exit codes follow Java's Connect: 0 after a signal, 1 for usage errors and for internal
 * topics that cannot be used, 2 for any other start-up error, 3 when a standalone
 * worker's connector file cannot be read or its connector not created.
 *
 * SPDX-License-Identifier: Apache-2.0
 */
#include <errno.h>
#include <jansson.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "lib/http.h"
#include "rest/routes.h"
#include "rest/server.h"
#include "lib/common.h"
#include "worker/herder.h"
#include "worker/internal_topics.h"
#include "worker/kafka.h"
#include "lib/log.h"
#include "lib/sd_notify.h"
#include "cmd/connector_file.h"
#include "cmd/mirror_maker.h"
#include "cmd/mirror_status_cmd.h"
#include "worker/plugins.h"
#include "worker/runtime.h"
#include "worker/worker_config.h"


#ifndef KC_VERSION
#define KC_VERSION "0.0.0"
#endif
#ifndef KC_KAFKA_VERSION
#define KC_KAFKA_VERSION "unknown"
#endif
#ifndef KC_COMMIT
#define KC_COMMIT "unknown"
#endif

#define EXIT_USAGE   1
#define EXIT_HERDER  1   /* what Java exits with when its herder thread fails */
#define EXIT_STARTUP 2
#define EXIT_CONNECTOR_FILE 3   /* ConnectStandalone: "Stopping after connector error" */

static sigset_t stop_signals;

/* The open-files soft limit raised to the hard one, as the JVM raises its own (HotSpot's
 * MaxFDLimit, on by default): each task has Kafka clients of its own, with sockets and
 * wake-up descriptors, and a few hundred tasks need more descriptors than the 1,024 a shell
 * or a service manager often leaves as the soft limit. Left as it was when refused. */
static void
raise_open_files_limit(void)
{
    struct rlimit rl;

    if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < rl.rlim_max) {
        rl.rlim_cur = rl.rlim_max;
        (void) setrlimit(RLIMIT_NOFILE, &rl);
    }
}

static void
usage(FILE *out)
{
    fprintf(out,
            "usage: kconnect distributed worker.properties [--override key=value ...]\n"
            "       kconnect standalone worker.properties [connector.properties|.json ...]\n"
            "       kconnect mirror-maker mm2.properties [--clusters ALIAS ...]\n"
            "       kconnect version\n"
            "       kconnect mirror-status --url URL --connector NAME [--wait] [--json]\n"
            "\n"
            "Runs a Kafka Connect worker, configured as connect-distributed.sh or\n"
            "connect-standalone.sh is.\n"
            "KCONNECT_LOG_LEVEL=ERROR|WARN|INFO|DEBUG|TRACE sets how much is logged (INFO).\n");
}

/* systemd's watchdog (lib/sd_notify.h): its interval (0: none) and next ping. Main thread. */
static int64_t watchdog_ms, next_watchdog;

/* Returns the stop signal if one is pending, waiting at most timeout_ms for it; else 0.
 * Every wait of the main thread is made here, so the watchdog is fed here, and systemd
 * hears STOPPING=1 as soon as a stop begins. */
static int
stop_requested(int timeout_ms)
{
    int64_t deadline = kc_mono_ms() + timeout_ms;
    int     sig;

    for (;;) {
        int64_t         now = kc_mono_ms(), wait = deadline - now;
        struct timespec ts;

        if (watchdog_ms > 0) {
            if (now >= next_watchdog) {
                kc_sd_notify("WATCHDOG=1");
                next_watchdog = now + watchdog_ms;
            }
            if (next_watchdog - now < wait)
                wait = next_watchdog - now;
        }
        wait = wait < 0 ? 0 : wait;
        ts = (struct timespec) { (time_t) (wait / 1000), (long) (wait % 1000) * 1000000L };
        do {
            sig = sigtimedwait(&stop_signals, NULL, &ts);
        } while (sig < 0 && errno == EINTR);
        if (sig > 0) {
            kc_sd_notify("STOPPING=1");
            return sig;
        }
        if (kc_mono_ms() >= deadline)
            return 0;
    }
}

/* Asks the brokers for the cluster id, for up to timeout_ms, giving way to a stop signal. */
static int
lookup_cluster_id(rd_kafka_t *admin, int timeout_ms, char **id, int *stopped, kc_err *err)
{
    int64_t deadline = kc_mono_ms() + timeout_ms;

    kc_log_info("worker", "Looking up Kafka cluster ID");
    while (kc_kafka_cluster_id(admin, 1000, id, err) != KC_OK) {
        char why[512];
        if ((*stopped = stop_requested(0)) != 0)
            return KC_ETIMEOUT;
        if (kc_mono_ms() < deadline)
            continue;
        kc_kafka_last_error(admin, why, sizeof(why));
        return kc_err_set(err, KC_ETIMEOUT, "Failed to connect to and describe Kafka cluster. "
                          "Check worker's broker connection and security properties. (%s)",
                          why[0] ? why : "no broker answered");
    }
    kc_log_info("worker", "Kafka cluster ID: %s", *id);
    return KC_OK;
}

/* Standalone: creates the connector of each file as POST /connectors would (the same
 * checks and answers), in order; false at the first that fails (logged). */
static bool
create_file_connectors(const kc_rest_ctx *ctx, char *const *files, size_t nfiles)
{
    for (size_t i = 0; i < nfiles; i++) {
        kc_rest_response resp;
        kc_err           err;
        json_t          *body = kc_connector_file_read(files[i], &err);
        char            *text;
        bool             created;

        if (body == NULL) {
            kc_log_error("worker", "Stopping after connector error: %s", err.msg);
            return false;
        }
        text = json_dumps(body, JSON_COMPACT);
        kc_rest_serve(ctx, NULL, KC_REST_SCOPE_ALL, "POST", "/connectors", NULL, 0, NULL, 0,
                      text, strlen(text), false, &resp);
        created = resp.status == 201;
        if (created) {
            kc_log_info("worker", "Created connector %s",
                        json_string_value(json_object_get(body, "name")));
        } else {
            const char *why = json_string_value(json_object_get(resp.body, "message"));
            kc_log_error("worker", "Failed to create connector for %s", files[i]);
            kc_log_error("worker", "Stopping after connector error: %s",
                         why ? why : "no message");
        }
        kc_rest_response_clear(&resp);
        free(text);
        json_decref(body);
        if (!created)
            return false;
    }
    return true;
}

/* A distributed worker, or (files: its connector files) a standalone one. */
static int
run_worker(const char *path, const char *const *overrides, size_t noverrides, bool standalone,
           char *const *files, size_t nfiles)
{
    kc_worker_config wc;
    kc_err           err = { 0, "" };
    rd_kafka_t      *admin = NULL;
    kc_rest_server  *rest = NULL;
    kc_rest_ports   *ports;
    kc_herder       *herder = NULL;
    kc_internal_topic_later *offsets_topic = NULL;   /* the herder's, once given */
    kc_rest_ctx      ctx = { .version = KC_KAFKA_VERSION, .commit = KC_COMMIT };
    char            *cluster_id = NULL, *client_id;
    const char      *t;
    int              rc = EXIT_STARTUP, stopped = 0, timeout_ms;

    kc_log_info("worker", "kconnect %s (Kafka Connect %s compatible, commit %s) starting",
                KC_VERSION, KC_KAFKA_VERSION, KC_COMMIT);
    if (kc_worker_config_load_mode(&wc, path, overrides, noverrides, standalone, &err) != KC_OK) {
        kc_log_error("worker", "Stopping due to error: %s", err.msg);
        return EXIT_STARTUP;
    }

    /* The worker's shared admin client: every top-level setting, as Java's Admin.create(
     * config.originals()). client.id follows Java's "<group.id>-shared-admin" (standalone:
     * the client's own default, as Java's cluster id lookup leaves it). */
    client_id = standalone ? NULL
              : kc_xasprintf("%s-shared-admin", kc_cfg_str(&wc.cfg, "group.id"));
    admin = kc_kafka_new(RD_KAFKA_PRODUCER, &wc.props, "",
                         client_id ? (const char *const[]) { "client.id", client_id, NULL }
                                   : (const char *const[]) { NULL }, &err);
    free(client_id);
    if (admin == NULL)
        goto fail;

    t = kc_props_get(&wc.props, "default.api.timeout.ms");
    timeout_ms = t && atoi(t) > 0 ? atoi(t) : 60000;
    if (lookup_cluster_id(admin, timeout_ms, &cluster_id, &stopped, &err) != KC_OK)
        goto fail;
    ctx.kafka_cluster_id = cluster_id;

    if ((stopped = stop_requested(0)) != 0)
        goto fail;

    {
        /* Java scans plugin.path before its config providers exist: the value as written
         * is used, and a placeholder in it is warned about in Java's words (without the
         * resolved value, which Java prints: it could be a secret). */
        const char *raw = kc_props_get(&wc.raw, "plugin.path");
        const char *resolved = kc_props_get(&wc.props, "plugin.path");
        char      **paths = raw ? kc_cfg_split_list(raw, NULL) : NULL;
        if (raw != NULL && strcmp(raw, resolved) != 0)
            kc_log_warn("worker", "Variables cannot be used in the 'plugin.path' property, since "
                        "the property is used by plugin scanning before the config providers "
                        "that replace the variables are initialized. The raw value '%s' was "
                        "used for plugin scanning, as opposed to the transformed value, and "
                        "this may cause unexpected results.", raw);
        kc_plugins_init(kc_runtime_host(), paths);
        kc_strv_free(paths);
    }
    ctx.worker_cfg = &wc.cfg;
    ctx.providers = wc.providers;
    ctx.worker_props = &wc.props;
    /* As Java's: the REST server answers before the internal topics are made and read;
     * requests that need the herder wait for it (kc_rest_await_herder). */
    if ((rest = kc_rest_start(&wc.cfg, &ctx, &err)) == NULL)
        goto fail;
    if (standalone) {
        if ((herder = kc_herder_start_standalone(&wc, kc_rest_advertised_url(rest),
                                                 kc_rest_worker_id(rest), &err)) == NULL)
            goto fail;
        kc_rest_publish_herder(&ctx, herder);
        kc_log_info("worker", "Kafka Connect started (worker %s)", kc_rest_worker_id(rest));
        if (!create_file_connectors(&ctx, files, nfiles)) {
            rc = EXIT_CONNECTOR_FILE;
            err.msg[0] = '\0';
            goto fail;
        }
        goto running;
    }
    if (kc_internal_topics_ensure(admin, &wc, &offsets_topic, &err) != KC_OK) {
        rc = err.code == KC_EINVAL ? EXIT_HERDER : EXIT_STARTUP;
        goto fail;
    }
    if ((herder = kc_herder_start(&wc, kc_rest_advertised_url(rest), kc_rest_worker_id(rest),
                                  offsets_topic, &err)) == NULL) {
        rc = EXIT_HERDER;
        goto fail;
    }
    kc_rest_publish_herder(&ctx, herder);
    kc_log_info("worker", "Kafka Connect started (worker %s)", kc_rest_worker_id(rest));
running:
    /* systemd hears READY=1 once REST answers and the worker has joined its group (a
     * standalone worker: once its connector files are done). */
    for (bool ready = false; (stopped = stop_requested(ready ? 1000 : 50)) == 0;) {
        char why[512];
        if (!ready && (standalone || kc_herder_ready(herder))) {
            kc_sd_notify("READY=1\nSTATUS=Kafka Connect started");
            ready = true;
        }
        if (kc_herder_failed(herder, why, sizeof(why))) {
            kc_err_set(&err, KC_EKAFKA, "Uncaught exception in herder work thread, exiting: %s",
                       why);
            rc = EXIT_HERDER;                         /* Java's herder failure: exit 1 */
            break;
        }
    }
fail:
    if (stopped) {
        kc_log_info("worker", "Kafka Connect stopping (%s)", strsignal(stopped));
        rc = 0;
    } else if (err.msg[0] != '\0') {
        kc_log_error("worker", "Stopping due to error: %s", err.msg);
    }
    if (herder == NULL)
        kc_rest_publish_herder(&ctx, NULL);   /* none is coming: waiting requests answer */
    kc_herder_signal_stop(herder);        /* a handler waiting on it is answered */
    ports = kc_rest_stop_keeping_ports(rest);
    kc_herder_stop(herder);               /* leaves the group, then the port closes */
    kc_rest_close_ports(ports);
    kc_kafka_destroy(admin);
    free(cluster_id);
    if (!kc_runtime_left_running())             /* else tasks still read it */
        kc_worker_config_free(&wc);
    if (rc == 0)
        kc_log_info("worker", "Kafka Connect stopped");
    return rc;
}

/* The process's exit with rc: _exit when tasks that ignored their stop still run (they use
 * what exit's handlers tear down, OpenSSL's among them), as a JVM's exit ends its threads. */
static int
finish(int rc)
{
    if (kc_runtime_left_running()) {
        fflush(NULL);
        _exit(rc);
    }
    return rc;
}

/* kconnect mirror-maker CONFIG [--clusters A [B ...]]: Java's MirrorMaker arguments; a bad
 * command line exits 255 as Java's exit(-1) does. */
static int
mirror_maker_main(int argc, char **argv)
{
    const char *path = NULL;
    char      **only = kc_xcalloc((size_t) argc + 1, sizeof(char *));
    size_t      nonly = 0;
    int         rc;

    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--clusters") == 0) {
            while (i + 1 < argc && strncmp(argv[i + 1], "--", 2) != 0)
                only[nonly++] = argv[++i];
            if (nonly == 0) {
                fprintf(stderr, "kconnect mirror-maker: --clusters expects at least one "
                        "cluster alias\n");
                free(only);
                return 255;
            }
        } else if (path == NULL && strncmp(argv[i], "--", 2) != 0) {
            path = argv[i];
        } else {
            fprintf(stderr, "kconnect mirror-maker: unexpected argument '%s'\n", argv[i]);
            free(only);
            return 255;
        }
    }
    if (path == NULL) {
        fprintf(stderr, "usage: kconnect mirror-maker mm2.properties [--clusters ALIAS ...]\n");
        free(only);
        return 255;
    }
    kc_plugins_init(kc_runtime_host(), NULL);
    kc_log_info("mirror-maker", "kconnect %s (Kafka MirrorMaker %s compatible) starting",
                KC_VERSION, KC_KAFKA_VERSION);
    rc = kc_mirror_maker_run(path, only, nonly, stop_requested);
    free(only);
    return rc;
}

int
main(int argc, char **argv)
{
    const char *level = getenv("KCONNECT_LOG_LEVEL");
    const char *path = NULL;
    const char **overrides;
    size_t       noverrides = 0;
    int          rc;

    /* Before any thread exists: the stop signals are taken by sigtimedwait only. */
    sigemptyset(&stop_signals);
    sigaddset(&stop_signals, SIGTERM);
    sigaddset(&stop_signals, SIGINT);
    pthread_sigmask(SIG_BLOCK, &stop_signals, NULL);
    signal(SIGPIPE, SIG_IGN);
    raise_open_files_limit();
    json_object_seed(0);
    watchdog_ms = kc_sd_watchdog_interval_ms();

    if (level != NULL && *level != '\0') {
        int l = kc_log_level_parse(level);
        if (l < 0) {
            fprintf(stderr, "kconnect: KCONNECT_LOG_LEVEL=%s is not one of ERROR, WARN, INFO, "
                    "DEBUG, TRACE\n", level);
            return EXIT_USAGE;
        }
        kc_log_set_level((kc_log_level) l);
    }

    if (argc >= 2 && (strcmp(argv[1], "version") == 0 || strcmp(argv[1], "--version") == 0)) {
        printf("kconnect %s (Kafka Connect %s compatible, commit %s)\n", KC_VERSION,
               KC_KAFKA_VERSION, KC_COMMIT);
        return 0;
    }
    if (argc >= 2 && strcmp(argv[1], "mirror-status") == 0)
        return kc_mirror_status_main(argc - 1, argv + 1);
    if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
                      strcmp(argv[1], "help") == 0)) {
        usage(stdout);
        return 0;
    }
    if (argc >= 2 && strcmp(argv[1], "mirror-maker") == 0)
        return finish(mirror_maker_main(argc - 2, argv + 2));
    if (argc >= 3 && strcmp(argv[1], "standalone") == 0) {
        for (int i = 2; i < argc; i++)
            if (strcmp(argv[i], "--help") == 0) {
                usage(stdout);
                return EXIT_USAGE;
            }
        return finish(run_worker(argv[2], NULL, 0, true, argv + 3, (size_t) (argc - 3)));
    }
    if (argc < 3 || strcmp(argv[1], "distributed") != 0) {
        usage(stderr);
        return EXIT_USAGE;
    }

    overrides = kc_xcalloc((size_t) argc, sizeof(*overrides));
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--override") == 0) {
            if (i + 1 >= argc) {
                fprintf(stderr, "kconnect: --override needs key=value\n");
                free(overrides);
                return EXIT_USAGE;
            }
            overrides[noverrides++] = argv[++i];
        } else if (strncmp(argv[i], "--override=", 11) == 0) {
            overrides[noverrides++] = argv[i] + 11;
        } else if (strcmp(argv[i], "--help") == 0) {
            usage(stdout);
            free(overrides);
            return EXIT_USAGE;
        } else if (path == NULL) {
            path = argv[i];
        } else {
            fprintf(stderr, "kconnect: unexpected argument '%s'\n", argv[i]);
            usage(stderr);
            free(overrides);
            return EXIT_USAGE;
        }
    }
    if (path == NULL) {
        usage(stderr);
        free(overrides);
        return EXIT_USAGE;
    }
    rc = run_worker(path, overrides, noverrides, false, NULL, 0);
    free(overrides);
    return finish(rc);
}
