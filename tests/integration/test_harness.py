"""
tests/integration/test_harness.py - the ground every other test stands on: the broker
harness (several brokers, SCRAM users, Kafka's own CLI tools) and `make run`.

SPDX-License-Identifier: Apache-2.0
"""

import json
import os
import subprocess
import time
import uuid

import pytest
import requests

import kafka_harness as kh
from kconnect import TOP


@pytest.fixture(scope="module")
def three_brokers(java):
    cluster = kh.start_clusters([("triple", 3)], java=java)["triple"]
    yield cluster
    cluster.kill()


def test_three_broker_cluster_with_worker_defaults(three_brokers, workers):
    """Replication factor 3, the worker's default for its internal topics, works on it."""
    assert len(three_brokers.nodes) == 3
    workers.cluster = three_brokers
    props = workers.properties()
    for store in ("offset", "config", "status"):
        del props[f"{store}.storage.replication.factor"]      # default: 3
    w = workers.start(props)
    assert w.get("/").json()["kafka_cluster_id"] == three_brokers.cluster_id
    assert three_brokers.topic_partitions(props["config.storage.topic"]) == 1
    admin = three_brokers.admin()
    replicas = []
    deadline = time.monotonic() + 30
    while len(replicas) != 3 and time.monotonic() < deadline:
        md = admin.list_topics(topic=props["config.storage.topic"], timeout=30)
        partition = md.topics[props["config.storage.topic"]].partitions.get(0)
        replicas = partition.replicas if partition is not None else []
        time.sleep(0.2)
    assert len(replicas) == 3


def test_console_producer_and_consumer(source_cluster, java):
    topic = f"console-{uuid.uuid4().hex[:8]}"
    source_cluster.create_topic(topic, 1, 1)
    lines = [f"line {i}" for i in range(5)]
    java.tool("kafka-console-producer", "--bootstrap-server", source_cluster.bootstrap,
              "--topic", topic, input="\n".join(lines) + "\n")
    out = java.tool("kafka-console-consumer", "--bootstrap-server",
                    source_cluster.sasl_bootstrap, "--command-config",
                    source_cluster.command_config(mechanism="SCRAM-SHA-512", user="alice"),
                    "--topic", topic, "--from-beginning", "--max-messages", "5",
                    "--timeout-ms", "30000")
    assert out.stdout.splitlines() == lines


def test_perf_tools(source_cluster, java):
    topic = f"perf-{uuid.uuid4().hex[:8]}"
    source_cluster.create_topic(topic, 2, 1)
    java.tool("kafka-producer-perf-test", "--topic", topic, "--num-records", "1000",
              "--record-size", "100", "--throughput", "-1",
              "--producer-props", f"bootstrap.servers={source_cluster.bootstrap}")
    out = java.tool("kafka-get-offsets", "--bootstrap-server", source_cluster.bootstrap,
                    "--topic", topic)
    assert sum(int(line.rsplit(":", 1)[1]) for line in out.stdout.split()) == 1000
    out = java.tool("kafka-consumer-perf-test", "--bootstrap-server", source_cluster.bootstrap,
                    "--topic", topic, "--messages", "1000", "--timeout", "30000")
    assert out.returncode == 0


def test_make_run_leaves_a_worker_answering(tmp_path):
    """The README's `make run` (it builds what it needs), in its own state directory and on
    a free port."""
    port = kh.free_ports(1)[0]
    env = dict(os.environ, KC_RUN_STATE=str(tmp_path / "run"), KC_RUN_PORT=str(port))
    script = os.path.join(TOP, "tests", "run-local.sh")
    try:
        p = subprocess.run(["make", "--no-print-directory", "-C", TOP, "run"], env=env,
                           capture_output=True, text=True, timeout=600)
        assert p.returncode == 0, p.stdout + p.stderr
        body = requests.get(f"http://127.0.0.1:{port}/", timeout=5).json()
        with open(tmp_path / "run" / "clusters.json") as f:
            clusters = json.load(f)
        assert body["kafka_cluster_id"] == clusters["target"]["cluster_id"]
        assert f"curl -s localhost:{port}" in p.stdout
    finally:
        subprocess.run([script, "stop"], env=env, timeout=120)
    with pytest.raises(requests.ConnectionError):
        requests.get(f"http://127.0.0.1:{port}/", timeout=2)


def test_workers_survive_the_group_coordinator_moving(three_brokers, workers, tmp_path):
    """Kill the broker that coordinates the Connect group: the coordinator moves (the group
    client sees NOT_COORDINATOR / COORDINATOR_NOT_AVAILABLE and finds the new one) and the
    cluster keeps its work."""
    import signal as sig
    from test_cluster import all_running, create, wait_for
    workers.cluster = three_brokers
    props = workers.properties(**{"scheduled.rebalance.max.delay.ms": "0",
                                  "session.timeout.ms": "6000", "heartbeat.interval.ms": "1000"})
    for store in ("offset", "config", "status"):
        props[f"{store}.storage.replication.factor"] = "3"
    ws = [workers.start(props) for _ in range(2)]
    topic = f"coord-{uuid.uuid4().hex[:6]}"
    three_brokers.create_topic(topic, 3, 3)
    create(ws[0], "coord", {"connector.class": "FileStreamSink", "topics": topic,
                            "tasks.max": "2", "file": os.devnull})
    wait_for(lambda: all_running(ws[0], "coord", 2), what="coord RUNNING")
    # With offsets.topic.num.partitions=1 every group's coordinator is the leader of
    # __consumer_offsets-0 (AdminClient will not describe a group of protocol type connect).
    admin = three_brokers.admin()
    md = admin.list_topics(topic="__consumer_offsets", timeout=30)
    coordinator = md.topics["__consumer_offsets"].partitions[0].leader
    node = next(n for n in three_brokers.nodes if n.node_id == coordinator)
    node.signal(sig.SIGKILL)
    node.wait_exit(10)
    try:
        # The group keeps (or regains) its work, and both workers still answer.
        time.sleep(8)
        wait_for(lambda: all_running(ws[1], "coord", 2), timeout=60,
                 what="coord RUNNING after the coordinator died")
        assert ws[0].proc.poll() is None and ws[1].proc.poll() is None
        text = "".join(w.log() for w in ws)
        assert "coordinator" in text
    finally:
        node.start()
        three_brokers.wait_ready(90)
