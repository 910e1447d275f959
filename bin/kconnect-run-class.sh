#!/usr/bin/env bash
# bin/kconnect-run-class.sh - what Kafka's kafka-run-class.sh is to its wrappers: runs
# `kconnect SUBCOMMAND ...` in the foreground, or with -daemon in the background with console
# output in $LOG_DIR/<name>.out (LOG_DIR defaults to ../logs beside this script).
#
#   kconnect-run-class.sh SUBCOMMAND DEFAULT_NAME [-daemon] [-name NAME] [-loggc] args...
#
# The JVM's environment (KAFKA_HEAP_OPTS, KAFKA_OPTS, KAFKA_LOG4J_OPTS,
# KAFKA_JVM_PERFORMANCE_OPTS, KAFKA_JMX_OPTS, JMX_PORT, KAFKA_GC_LOG_OPTS, EXTRA_ARGS) is
# accepted so existing units and runbooks keep working; a native process has no heap to size,
# so those settings have no effect, but for -Djava.security.auth.login.config=<file> in
# KAFKA_OPTS, which kconnect reads itself (from the environment it inherits) for REST basic
# authentication. KCONNECT_BIN picks the binary (default: kconnect beside this script, as
# `make install` puts it, else ../build/kconnect of a source tree).
#
# SPDX-License-Identifier: Apache-2.0

subcommand=$1
name=$2
shift 2
base_dir=$(cd "$(dirname "$0")" && pwd)
if [ -z "$KCONNECT_BIN" ]; then
    KCONNECT_BIN=$base_dir/kconnect
    [ -x "$KCONNECT_BIN" ] || KCONNECT_BIN=$base_dir/../build/kconnect
fi
LOG_DIR=${LOG_DIR:-$base_dir/../logs}

daemon=0
# Kafka's wrappers pass EXTRA_ARGS (default "-name <name>") before their own arguments.
read -r -a extra <<<"${EXTRA_ARGS--name $name}"
set -- "${extra[@]}" "$@"
while [ $# -gt 0 ]; do
    case $1 in
        -daemon) daemon=1; shift ;;
        -name)   name=$2; shift 2 ;;
        -loggc)  shift ;;
        *)       break ;;
    esac
done

if [ ! -x "$KCONNECT_BIN" ]; then
    echo "$0: $KCONNECT_BIN not found; build it with 'make' (or set KCONNECT_BIN)" >&2
    exit 1
fi

if [ "$daemon" -eq 1 ]; then
    mkdir -p "$LOG_DIR"
    nohup "$KCONNECT_BIN" "$subcommand" "$@" >"$LOG_DIR/$name.out" 2>&1 </dev/null &
    exit 0
fi
exec "$KCONNECT_BIN" "$subcommand" "$@"
