"""
tests/integration/test_replicator.py - runbook 2 of SCENARIOS.md: a connector in Confluent
Replicator's vocabulary, posted with curl to a kconnect worker beside the destination (the
session's "target" cluster; custom names for the internal topics), copies topic `connect`
(10 partitions, replication factor 2, on a 2-broker source cluster of this module) into
`connect.replica`. Kafka's producer perf tool writes 100,000 records of 1,000 bytes at
5,000/s; Kafka's consumer perf tool reads all of them from the destination, and every
partition of the copy holds the source partition's values in the source's order.

SPDX-License-Identifier: Apache-2.0
"""

import hashlib
import json
import os
import subprocess
import time

import pytest
from confluent_kafka import Consumer, Producer

import kafka_harness as kh
from test_cluster import status, wait_for
from test_mirror import curl_post, suffix

RECORDS = 100_000
SIZE = 1000


@pytest.fixture(scope="module")
def replicator_source(java):
    c = kh.Cluster("replicator-src", brokers=2, java=java).start()
    yield c
    c.kill()


def curl_get(worker, path):
    out = subprocess.run(["curl", "-s", "-w", "\n%{http_code}", f"{worker.url}{path}"],
                         capture_output=True, text=True, timeout=60, check=True).stdout
    text, code = out.rsplit("\n", 1)
    return int(code), json.loads(text)


def digests(cluster, topic, partitions, expected, timeout=120, linger=3):
    """{partition: [digest of each value in offset order]} of every record of topic, read
    from the beginning until `expected` records arrived, and `linger` seconds more (so
    records beyond the expected are seen too)."""
    c = Consumer(cluster.client_config(**{"group.id": f"t-{suffix()}",
                                          "auto.offset.reset": "earliest",
                                          "enable.auto.commit": False, "log_level": 0}))
    c.subscribe([topic])
    out = {p: [] for p in range(partitions)}
    n = 0
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            if n >= expected:
                deadline = min(deadline, time.monotonic() + linger)
            for m in c.consume(1000, 0.5):
                if m.error() is None:
                    out[m.partition()].append(hashlib.blake2b(m.value(),
                                                              digest_size=8).digest())
                    n += 1
    finally:
        c.close()
    return out


def test_runbook_2_replicator_migration(workers, replicator_source, target_cluster, java,
                                        tmp_path):
    src = replicator_source
    tag = suffix()
    topic = f"connect-{tag}"                 # the runbook's `connect`, unique per run
    remote = f"{topic}.replica"
    src.create_topic(topic, 10, 2)

    # Connect beside the destination, with its own names for the internal topics.
    props = workers.properties(**{
        "offset.storage.topic": f"replicator-offsets-{tag}",
        "config.storage.topic": f"replicator-configs-{tag}",
        "status.storage.topic": f"replicator-status-{tag}",
        "offset.flush.interval.ms": "2000"})
    w = workers.start(props)
    name = "connect-test"
    code, text = curl_post(w, {"name": name, "config": {
        "connector.class": "io.confluent.connect.replicator.ReplicatorSourceConnector",
        "key.converter": "io.confluent.connect.replicator.util.ByteArrayConverter",
        "value.converter": "org.apache.kafka.connect.converters.ByteArrayConverter",
        "src.kafka.bootstrap.servers": src.bootstrap,
        "src.zookeeper.connect": "zookeeper-src:2181",
        "dest.zookeeper.connect": "zookeeper-dest:2181",
        "topic.whitelist": topic,
        "topic.rename.format": "${topic}.replica",
        "src.kafka.max.poll.records": "300",
        "tasks.max": "1"}})
    assert code == 201, text

    code, names = curl_get(w, "/connectors")
    assert code == 200 and name in names
    wait_for(lambda: ((status(w, name) or {}).get("connector") or {}).get("state") == "RUNNING"
             and [t.get("state") for t in status(w, name).get("tasks", [])] == ["RUNNING"],
             timeout=60, what="connector and task RUNNING")
    code, st = curl_get(w, f"/connectors/{name}/status")
    assert code == 200 and st["connector"]["state"] == "RUNNING"
    assert all("trace" not in t for t in st["tasks"]), st
    code, tasks = curl_get(w, f"/connectors/{name}/tasks")
    assert code == 200 and len(tasks) == 1 and "error_code" not in tasks
    assert tasks[0]["id"] == {"connector": name, "task": 0}
    # The task config speaks Replicator's vocabulary and holds all ten partitions.
    assert tasks[0]["config"]["topic.rename.format"] == "${topic}.replica"
    assert sorted(tasks[0]["config"]["task.assigned.partitions"].split(",")) == \
        sorted(f"{topic}-{p}" for p in range(10))
    # The destination topic exists with the source's partition count; ZooKeeper warned about.
    wait_for(lambda: target_cluster.topic_partitions(remote, timeout=5) == 10, timeout=60,
             what=f"{remote} with 10 partitions")
    log = w.log()
    # Replicator keeps the source's replication factor (2); a one-broker destination cannot
    # hold it, so the destination's default is used, and said.
    assert f"Topic {remote} cannot have the source's replication factor 2" in log
    assert "src.zookeeper.connect is not needed" in log
    assert "dest.zookeeper.connect is not needed" in log

    # 100,000 records of 1,000 bytes at 5,000/s; distinct payloads so content can be checked.
    payloads = tmp_path / "payloads.txt"
    with open(payloads, "w") as f:
        for i in range(2000):
            line = f"{tag}-{i:06d}-"
            f.write(line + "x" * (SIZE - len(line)) + "\n")
    out = java.tool("kafka-producer-perf-test", "--topic", topic,
                    "--num-records", RECORDS, "--payload-file", payloads,
                    "--throughput", 5000,
                    "--producer-props", f"bootstrap.servers={src.bootstrap}", "acks=all",
                    timeout=180).stdout
    assert f"{RECORDS} records sent" in out, out

    # Kafka's consumer perf tool reads all of them from the copy.
    out = java.tool("kafka-consumer-perf-test", "--bootstrap-server",
                    target_cluster.bootstrap, "--topic", remote, "--messages", RECORDS,
                    "--timeout", 90000, "--hide-header",
                    timeout=180).stdout
    fields = [x.strip() for x in out.strip().splitlines()[-1].split(",")]
    assert int(fields[4]) >= RECORDS, out          # data.consumed.in.nMsg

    # Content: every partition holds the source partition's values, in order, nothing lost.
    want = digests(src, topic, 10, RECORDS)
    got = digests(target_cluster, remote, 10, RECORDS)
    assert sum(map(len, want.values())) == RECORDS
    for p in range(10):
        assert len(got[p]) >= len(want[p]), f"partition {p}: {len(got[p])} < {len(want[p])}"
        assert got[p][:len(want[p])] == want[p], f"partition {p} differs"
    assert sum(map(len, got.values())) == RECORDS        # no duplicates without a failure

    # A restarted worker resumes from the offsets in the Connect offsets topic: more records
    # arrive once, nothing is copied again.
    w.stop()
    w = workers.start(props)
    wait_for(lambda: [t.get("state") for t in (status(w, name) or {}).get("tasks", [])]
             == ["RUNNING"], timeout=60, what="task RUNNING after the restart")
    more = 1000
    java.tool("kafka-producer-perf-test", "--topic", topic, "--num-records", more,
              "--payload-file", payloads, "--throughput", -1,
              "--producer-props", f"bootstrap.servers={src.bootstrap}", "acks=all")
    want = digests(src, topic, 10, RECORDS + more)
    got = digests(target_cluster, remote, 10, RECORDS + more)
    assert got == want


def test_replicator_refuses_a_config_without_source(workers):
    w = workers.start()
    code, text = curl_post(w, {"name": f"bad-{suffix()}", "config": {
        "connector.class": "io.confluent.connect.replicator.ReplicatorSourceConnector",
        "topic.whitelist": "connect", "topic.regex": "orders-(",
        "topic.preserve.partitions": "maybe"}})
    assert code == 400, text
    body = json.loads(text)
    assert body["error_code"] == 400
    msg = body["message"]
    assert "contains the following 3 error(s)" in msg, msg
    assert ('Missing required configuration "src.kafka.bootstrap.servers" which has no '
            'default value.') in msg
    assert "Invalid value orders-( for configuration topic.regex" in msg
    assert ("Invalid value maybe for configuration topic.preserve.partitions: Expected value "
            "to be either true or false") in msg


def test_regex_blacklist_no_auto_create_and_partitions_not_preserved(workers, source_cluster,
                                                                     target_cluster):
    tag = suffix()
    a, b, c = (f"sel-{tag}-{x}" for x in "abc")
    for t in (a, b, c):
        source_cluster.create_topic(t, 3, 1)
    target_cluster.create_topic(f"dc1.{a}", 1, 1)       # smaller than the source; c absent
    w = workers.start()
    name = f"selection-{tag}"
    code, text = curl_post(w, {"name": name, "config": {
        "connector.class": "ReplicatorSourceConnector",
        "value.converter": "org.apache.kafka.connect.converters.ByteArrayConverter",
        "key.converter": "org.apache.kafka.connect.converters.ByteArrayConverter",
        "src.kafka.bootstrap.servers": source_cluster.bootstrap,
        "topic.regex": f"sel-{tag}-[a-z]", "topic.blacklist": b,
        "topic.rename.format": "dc1.${topic}",
        "topic.auto.create": "false", "topic.preserve.partitions": "false"}})
    assert code == 201, text
    wait_for(lambda: [t.get("state") for t in (status(w, name) or {}).get("tasks", [])]
             == ["RUNNING"], timeout=60, what="task RUNNING")
    p = Producer(source_cluster.client_config(log_level=0))
    for i in range(30):
        p.produce(a, f"v{i}".encode(), partition=i % 3)
    p.flush(10)
    got = wait_for(lambda: (lambda d: sum(map(len, d.values())) >= 30 and d)(
        digests(target_cluster, f"dc1.{a}", 1, 30, timeout=5, linger=1)),
        timeout=60, what=f"dc1.{a} to hold 30 records")
    assert sum(map(len, got.values())) == 30
    # Not grown to the source's 3 partitions; the blacklisted and the missing topic are
    # neither created nor copied, and the missing one is reported.
    # (Listing all topics: a Metadata request naming one may auto-create it.)
    listed = target_cluster.admin().list_topics(timeout=10).topics
    assert len(listed[f"dc1.{a}"].partitions) == 1
    assert f"dc1.{b}" not in listed and f"dc1.{c}" not in listed
    assert (f"Topic dc1.{c} does not exist on the target and topic creation is disabled"
            in w.log())
    assert f"dc1.{b}" not in w.log()
    # The task reads only the topic it may write: c waits for its remote to exist.
    code, tasks = curl_get(w, f"/connectors/{name}/tasks")
    assert code == 200
    assert sorted(tasks[0]["config"]["task.assigned.partitions"].split(",")) == \
        [f"{a}-{p}" for p in range(3)]
