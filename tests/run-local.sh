#!/usr/bin/env bash
# tests/run-local.sh - `make run` and `make stop`: local source and target Kafka clusters, one
# kconnect worker beside the target (REST on :8083), and a MirrorSourceConnector copying topic
# `demo` from source to target, shown working with records typed into the source and read back
# from the target. Everything lives under build/run/.
#
#   tests/run-local.sh start    (stops a previous run first)
#   tests/run-local.sh stop
#
# KC_RUN_STATE (default build/run) and KC_RUN_PORT (default 8083) move the run, so a test can
# run it beside a developer's own; KCONNECT_BIN picks the binary (default build/kconnect).
# KC_RUN_EXAMPLE_PORT (default KC_RUN_PORT + 1) is the REST port the examples/ give the
# workers they start themselves.
#
# `start` writes $KC_RUN_STATE/env, the addresses as shell variables for the examples
# (`source build/run/env`). `stop` ends every process whose pid file is in $KC_RUN_STATE
# (the worker, and whatever an example started and recorded there), then both clusters.
#
# SPDX-License-Identifier: Apache-2.0
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
state=${KC_RUN_STATE:-$top/build/run}
port=${KC_RUN_PORT:-8083}
example_port=${KC_RUN_EXAMPLE_PORT:-$((port + 1))}
kconnect=${KCONNECT_BIN:-$top/build/kconnect}
cd "$top"
eval "$(tests/setup.sh env)"
export KAFKA_LIBS
py="$KC_VENV/bin/python"
tool="$top/tests/kafka/kafka-tool"

stop_pid_file() {
    local f=$1 pid
    pid=$(cat "$f" 2>/dev/null || true)
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
        kill -TERM "$pid"
        for _ in $(seq 1 150); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        kill -KILL "$pid" 2>/dev/null || true
    fi
    rm -f "$f"
}

stop() {
    local f
    if [ -d "$state" ]; then
        for f in "$state"/*.pid; do
            if [ -e "$f" ]; then stop_pid_file "$f"; fi
        done
    fi
    "$py" tests/kafka/kafka_harness.py down --state "$state"
}

cluster_field() {   # cluster_field NAME FIELD: a value of $state/clusters.json
    "$py" -c 'import json,sys; print(json.load(open(sys.argv[1]))[sys.argv[2]][sys.argv[3]])' \
        "$state/clusters.json" "$1" "$2"
}

worker_log_tail() {
    echo "run: last lines of $state/worker.log:"
    tail -n 40 "$state/worker.log"
}

# The connector `make run` creates: topic demo of the source, as source.demo on the target.
demo_connector() {
    cat <<JSON
{"name": "mirror-demo", "config": {
  "connector.class": "org.apache.kafka.connect.mirror.MirrorSourceConnector",
  "source.cluster.alias": "source", "target.cluster.alias": "target",
  "source.cluster.bootstrap.servers": "$source",
  "target.cluster.bootstrap.servers": "$target",
  "topics": "demo",
  "key.converter": "org.apache.kafka.connect.converters.ByteArrayConverter",
  "value.converter": "org.apache.kafka.connect.converters.ByteArrayConverter",
  "replication.factor": "1", "offset-syncs.topic.replication.factor": "1"}}
JSON
}

start() {
    stop
    mkdir -p "$state"
    echo "run: starting Kafka clusters 'source' and 'target' (KRaft, Apache Kafka $KAFKA_VERSION)"
    "$py" tests/kafka/kafka_harness.py up --state "$state" source target
    source=$(cluster_field source bootstrap)
    target=$(cluster_field target bootstrap)
    cat >"$state/env" <<ENV
# Written by \`make run\`, for \`source $state/env\`: the local clusters and worker.
# SCRAM users on the SASL_PLAINTEXT listeners: admin/admin-secret, alice/alice-secret.
export SOURCE=$source
export TARGET=$target
export SOURCE_SASL=$(cluster_field source sasl_bootstrap)
export TARGET_SASL=$(cluster_field target sasl_bootstrap)
export CONNECT=http://localhost:$port
export EXAMPLE_PORT=$example_port
export KC_RUN=$state
ENV

    echo "run: starting kconnect beside the target cluster (REST on :$port)"
    setsid "$kconnect" distributed examples/connect-distributed.properties \
        --override bootstrap.servers="$target" --override listeners="http://:$port" \
        >"$state/worker.log" 2>&1 </dev/null &
    echo $! >"$state/worker.pid"
    # GET /connectors answers once the herder runs (503 "still starting up" before).
    for _ in $(seq 1 300); do
        if curl -sf "localhost:$port/connectors" >/dev/null 2>&1; then
            break
        fi
        if ! kill -0 "$(cat "$state/worker.pid")" 2>/dev/null; then
            echo "run: the worker exited; its log:"
            cat "$state/worker.log"
            exit 1
        fi
        sleep 0.2
    done
    curl -sf "localhost:$port/connectors" >/dev/null ||
        { echo "run: worker not answering; see $state/worker.log"; exit 1; }

    echo "run: creating topic demo on the source and connector mirror-demo (MirrorSourceConnector)"
    "$tool" kafka-topics --bootstrap-server "$source" --create --topic demo --partitions 1 \
        --replication-factor 1 >/dev/null
    local code
    # Once: a request that meets the group's first rebalance waits for it, as Java's does.
    code=$(demo_connector | curl -s -o "$state/mirror-demo.json" -w '%{http_code}' -X POST \
           -H 'Content-Type: application/json' --data @- "localhost:$port/connectors")
    if [ "$code" != 201 ]; then
        echo "run: POST /connectors answered $code: $(cat "$state/mirror-demo.json")"
        worker_log_tail
        exit 1
    fi

    local lines
    lines=$(printf 'hello from the source cluster, record %s\n' 1 2 3 4 5)
    echo "run: producing 5 records into demo on the source"
    printf '%s\n' "$lines" | "$tool" kafka-console-producer --bootstrap-server "$source" \
        --topic demo
    echo "run: reading source.demo on the target:"
    local got
    got=$("$tool" kafka-console-consumer --bootstrap-server "$target" --topic source.demo \
          --from-beginning --max-messages 5 --timeout-ms 90000 \
          2>/dev/null || true)
    printf '%s\n' "$got" | sed 's/^/  /'
    if [ "$got" != "$lines" ]; then
        echo "run: the records did not arrive on the target"
        curl -s "localhost:$port/connectors/mirror-demo/status"; echo
        worker_log_tail
        exit 1
    fi

    cat <<MSG

kconnect is running and mirroring topic demo (source) to source.demo (target). Next:
  curl -s localhost:$port | jq .                              # version, commit, kafka_cluster_id
  curl -s localhost:$port/connectors/mirror-demo/status | jq .
  tests/kafka/kafka-tool kafka-console-producer --bootstrap-server $source --topic demo
  tests/kafka/kafka-tool kafka-console-consumer --bootstrap-server $target --topic source.demo
  tail -f $state/worker.log

Clusters (PLAINTEXT; SCRAM users admin/admin-secret and alice/alice-secret on the SASL ports):
  source  $source   (SASL $(cluster_field source sasl_bootstrap))
  target  $target   (SASL $(cluster_field target sasl_bootstrap))
The same as shell variables, for the runbooks in examples/:  source $state/env

make stop    # stops the worker, what the examples started, and both clusters
MSG
}

case ${1:-} in
    start) start ;;
    stop)  stop ;;
    *)     echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
