#!/usr/bin/env bash
# tests/run-local.sh - `make run` and `make stop`: local source and target Kafka clusters and
# one kconnect worker beside the target, REST on :8083. Everything lives under build/run/.
#
#   tests/run-local.sh start    (stops a previous run first)
#   tests/run-local.sh stop
#
# KC_RUN_STATE (default build/run) and KC_RUN_PORT (default 8083) move the run, so a test can
# run it beside a developer's own.
#
# SPDX-License-Identifier: Apache-2.0
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
state=${KC_RUN_STATE:-$top/build/run}
port=${KC_RUN_PORT:-8083}
cd "$top"
eval "$(tests/setup.sh env)"
export KAFKA_LIBS
py="$KC_VENV/bin/python"

stop() {
    if [ -f "$state/worker.pid" ]; then
        local pid
        pid=$(cat "$state/worker.pid")
        if kill -0 "$pid" 2>/dev/null; then
            kill -TERM "$pid"
            for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
            kill -KILL "$pid" 2>/dev/null || true
        fi
        rm -f "$state/worker.pid"
    fi
    "$py" tests/kafka/kafka_harness.py down --state "$state"
}

start() {
    stop
    mkdir -p "$state"
    echo "run: starting Kafka clusters 'source' and 'target' (KRaft, Apache Kafka $KAFKA_VERSION)"
    "$py" tests/kafka/kafka_harness.py up --state "$state" source target
    target=$("$py" -c 'import json,sys; print(json.load(open(sys.argv[1]))["target"]["bootstrap"])' \
             "$state/clusters.json")
    source=$("$py" -c 'import json,sys; print(json.load(open(sys.argv[1]))["source"]["bootstrap"])' \
             "$state/clusters.json")

    echo "run: starting kconnect beside the target cluster (REST on :$port)"
    setsid "$top/build/kconnect" distributed examples/connect-distributed.properties \
        --override bootstrap.servers="$target" --override listeners="http://:$port" \
        >"$state/worker.log" 2>&1 </dev/null &
    echo $! >"$state/worker.pid"
    for _ in $(seq 1 300); do
        if curl -sf "localhost:$port" >/dev/null 2>&1; then
            break
        fi
        if ! kill -0 "$(cat "$state/worker.pid")" 2>/dev/null; then
            echo "run: the worker exited; its log:"
            cat "$state/worker.log"
            exit 1
        fi
        sleep 0.2
    done
    curl -sf "localhost:$port" >/dev/null ||
        { echo "run: worker not answering; see $state/worker.log"; exit 1; }

    cat <<MSG

kconnect is running. Next:
  curl -s localhost:$port | jq .                      # version, commit, kafka_cluster_id
  tail -f $state/worker.log

Clusters (PLAINTEXT; SCRAM users admin/admin-secret and alice/alice-secret on the SASL ports
listed in $state/clusters.json):
  source  $source
  target  $target
Kafka's tools, from the same jars:
  tests/kafka/kafka-tool kafka-topics --bootstrap-server $target --list
  tests/kafka/kafka-tool kafka-console-producer --bootstrap-server $source --topic demo

make stop    # stops the worker and both clusters
MSG
}

case ${1:-} in
    start) start ;;
    stop)  stop ;;
    *)     echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
