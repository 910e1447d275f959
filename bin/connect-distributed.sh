#!/usr/bin/env bash
# bin/connect-distributed.sh - drop-in for Kafka's script of the same name, running kconnect.
#
#   connect-distributed.sh [-daemon] [-name NAME] [-loggc] worker.properties [--override k=v ...]
#
# Same arguments as Kafka's: -daemon runs in the background with console output in
# $LOG_DIR/<name>.out (LOG_DIR defaults to ../logs beside this script, name to
# connectDistributed). The JVM's environment (KAFKA_HEAP_OPTS, KAFKA_OPTS, KAFKA_LOG4J_OPTS,
# KAFKA_JVM_PERFORMANCE_OPTS, KAFKA_JMX_OPTS, JMX_PORT, KAFKA_GC_LOG_OPTS, EXTRA_ARGS) is
# accepted so existing units and runbooks keep working; a native worker has no heap to size,
# so those settings have no effect. KCONNECT_BIN picks the binary (default ../build/kconnect).
#
# SPDX-License-Identifier: Apache-2.0

if [ $# -lt 1 ]; then
    echo "USAGE: $0 [-daemon] connect-distributed.properties"
    exit 1
fi

base_dir=$(cd "$(dirname "$0")" && pwd)
KCONNECT_BIN=${KCONNECT_BIN:-$base_dir/../build/kconnect}
LOG_DIR=${LOG_DIR:-$base_dir/../logs}

daemon=0
name=connectDistributed
# Kafka's wrapper passes EXTRA_ARGS (default "-name connectDistributed") before its own.
read -r -a extra <<<"${EXTRA_ARGS--name connectDistributed}"
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
    nohup "$KCONNECT_BIN" distributed "$@" >"$LOG_DIR/$name.out" 2>&1 </dev/null &
    exit 0
fi
exec "$KCONNECT_BIN" distributed "$@"
