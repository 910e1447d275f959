#!/usr/bin/env bash
# bin/connect-mirror-maker.sh - drop-in for Kafka's script of the same name, running kconnect's
# dedicated MirrorMaker 2 mode.
#
#   connect-mirror-maker.sh [-daemon] [-name NAME] [-loggc] mm2.properties [--clusters A [B ...]]
#
# Same arguments as Kafka's: -daemon runs in the background with console output in
# $LOG_DIR/<name>.out (LOG_DIR defaults to ../logs beside this script, name to mirrorMaker).
# The JVM's environment (KAFKA_HEAP_OPTS, KAFKA_OPTS, KAFKA_LOG4J_OPTS, ...) is accepted so
# existing systemd units keep working; it has no effect on a native process. KCONNECT_BIN
# picks the binary (default ../build/kconnect).
#
# SPDX-License-Identifier: Apache-2.0

if [ $# -lt 1 ]; then
    echo "USAGE: $0 [-daemon] mm2.properties"
    exit 1
fi

base_dir=$(cd "$(dirname "$0")" && pwd)
KCONNECT_BIN=${KCONNECT_BIN:-$base_dir/../build/kconnect}
LOG_DIR=${LOG_DIR:-$base_dir/../logs}

daemon=0
name=mirrorMaker
read -r -a extra <<<"${EXTRA_ARGS--name mirrorMaker}"
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
    nohup "$KCONNECT_BIN" mirror-maker "$@" >"$LOG_DIR/$name.out" 2>&1 </dev/null &
    exit 0
fi
exec "$KCONNECT_BIN" mirror-maker "$@"
