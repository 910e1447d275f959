"""
tests/integration/test_mirror_status.py - the cutover check of runbook 3 (SCENARIOS.md):
GET /connectors/{c}/mirror-status and `kconnect mirror-status`, against a
MirrorSourceConnector with the identity policy, compared with Kafka's own kafka-get-offsets
on both clusters.

SPDX-License-Identifier: Apache-2.0
"""

import json
import subprocess
import threading
import time
import uuid

from confluent_kafka import Producer

from kconnect import KCONNECT_BIN
from test_cluster import create, status, wait_for

PER_PARTITION = {0: 10, 1: 20, 2: 30}


def get_offsets(java, cluster, topic):
    """{partition: end offset} as Kafka's kafka-get-offsets prints them (topic:p:offset)."""
    out = java.tool("kafka-get-offsets", "--bootstrap-server", cluster.bootstrap,
                    "--topic", topic).stdout
    ends = {}
    for line in out.split():
        t, p, off = line.rsplit(":", 2)
        assert t == topic, line
        ends[int(p)] = int(off)
    return ends


def mirror_status(worker, name, *args, timeout=180):
    return subprocess.run([KCONNECT_BIN, "mirror-status", "--url", worker.url, "--connector",
                           name, *args], capture_output=True, text=True, timeout=timeout)


def produce(cluster, topic, counts, tag):
    p = Producer(cluster.client_config(log_level=0))
    for part, n in counts.items():
        for i in range(n):
            p.produce(topic, f"{tag}-{part}-{i}".encode(), key=f"k{i}".encode(), partition=part)
            p.poll(0)
    assert p.flush(30) == 0


def tasks_in(worker, name, state):
    s = status(worker, name)
    return s and s["tasks"] and all(t["state"] == state for t in s["tasks"]) and s


def test_cutover_check_runbook_3(workers, source_cluster, target_cluster, java):
    props = workers.properties(**{
        "key.converter": "org.apache.kafka.connect.converters.ByteArrayConverter",
        "value.converter": "org.apache.kafka.connect.converters.ByteArrayConverter",
        "offset.flush.interval.ms": "1000"})
    w = workers.start(props)
    tag = uuid.uuid4().hex[:6]
    topic, name = f"syslog-{tag}", f"mm2-{tag}"
    source_cluster.create_topic(topic, 3, 1)
    create(w, name, {
        "connector.class": "org.apache.kafka.connect.mirror.MirrorSourceConnector",
        # The shared source cluster may hold other tests' heartbeats topics, which a mirror
        # copies whatever `topics` says; these tests are about their own topic only.
        "heartbeats.replication.enabled": "false",
        "clusters": "src, dst", "source.cluster.alias": "src", "target.cluster.alias": "dst",
        "source.cluster.bootstrap.servers": source_cluster.bootstrap,
        "target.cluster.bootstrap.servers": target_cluster.bootstrap,
        "topics": f"^({topic})$", "groups": ".*", "tasks.max": "2",
        "replication.policy.class": "org.apache.kafka.connect.mirror.IdentityReplicationPolicy",
        "replication.factor": "1", "offset-syncs.topic.replication.factor": "1",
        "refresh.topics.interval.seconds": "30"})
    wait_for(lambda: tasks_in(w, name, "RUNNING"), what="tasks RUNNING")

    # Paused before anything was produced: the source gets records, the target none.
    assert w.request("PUT", f"/connectors/{name}/pause").status_code == 202
    wait_for(lambda: tasks_in(w, name, "PAUSED"), what="tasks PAUSED")
    produce(source_cluster, topic, PER_PARTITION, "before")
    time.sleep(1.5)

    r = w.get(f"/connectors/{name}/mirror-status", timeout=60)
    assert r.status_code == 200, r.text
    st = r.json()
    assert st["connector"] == name and st["in_sync"] is False
    assert st["end_offsets_equal"] is False
    src_ends = get_offsets(java, source_cluster, topic)
    assert src_ends == PER_PARTITION
    assert [(p["topic"], p["partition"]) for p in st["partitions"]] == \
        [(topic, i) for i in range(3)]
    for p in st["partitions"]:
        i = p["partition"]
        assert p["target_topic"] == topic                          # identity policy
        assert p["source_end_offset"] == src_ends[i]
        assert p["replicated_offset"] is None                      # nothing committed yet
        assert p["target_end_offset"] == 0
        assert p["lag_records"] == PER_PARTITION[i]
        assert p["lag_ms"] >= 1500, p                              # produced 1.5 s ago
        assert p["end_offsets_equal"] is False
    assert st["lag_records"] == sum(PER_PARTITION.values())

    # Not caught up: the command says so and exits non-zero, table and JSON alike.
    out = mirror_status(w, name)
    assert out.returncode == 1, (out.stdout, out.stderr)
    assert f"{name}: NOT in sync ({sum(PER_PARTITION.values())} records behind)" in out.stdout
    assert topic in out.stdout
    out = mirror_status(w, name, "--json")
    assert out.returncode == 1, (out.stdout, out.stderr)
    assert json.loads(out.stdout)["in_sync"] is False
    # --wait with a short timeout still fails while paused.
    out = mirror_status(w, name, "--wait", "--timeout", "3", "--interval", "1")
    assert out.returncode == 1, (out.stdout, out.stderr)
    assert "timed out" in out.stdout

    # Resume; producers keep writing for a while, then stop.
    assert w.request("PUT", f"/connectors/{name}/resume").status_code == 202

    def live():
        for n in range(10):
            produce(source_cluster, topic, {0: 5, 1: 5, 2: 5}, f"live{n}")
            time.sleep(0.2)
    producing = threading.Thread(target=live)
    producing.start()
    producing.join(60)
    assert not producing.is_alive()

    out = mirror_status(w, name, "--wait", "--timeout", "120", "--interval", "1")
    assert out.returncode == 0, (out.stdout, out.stderr)
    assert f"{name}: in sync (3 partitions, end offsets identical on both sides)" in out.stdout

    # Kafka's own tool agrees: per-partition end offsets identical on both clusters.
    src_ends = get_offsets(java, source_cluster, topic)
    dst_ends = get_offsets(java, target_cluster, topic)
    assert src_ends == {i: n + 50 for i, n in PER_PARTITION.items()}
    assert dst_ends == src_ends

    out = mirror_status(w, name)
    assert out.returncode == 0, (out.stdout, out.stderr)
    rows = [line.split() for line in out.stdout.splitlines()]
    assert rows[0] == ["TOPIC", "PARTITION", "TARGET-TOPIC", "SOURCE-END", "REPLICATED",
                       "TARGET-END", "LAG-RECORDS", "LAG-MS", "EQUAL"]
    assert rows[1:4] == [[topic, str(i), topic, str(e), str(e - 1), str(e), "0", "0", "yes"]
                         for i, e in sorted(src_ends.items())]

    out = mirror_status(w, name, "--json")
    assert out.returncode == 0, (out.stdout, out.stderr)
    st = json.loads(out.stdout)
    assert st["in_sync"] is True and st["end_offsets_equal"] is True
    assert st["lag_records"] == 0 and st["lag_ms"] == 0
    for p in st["partitions"]:
        i = p["partition"]
        assert p["source_end_offset"] == p["target_end_offset"] == src_ends[i]
        assert p["replicated_offset"] == src_ends[i] - 1
        assert p["lag_records"] == 0 and p["lag_ms"] == 0 and p["end_offsets_equal"] is True


def test_transaction_markers_are_not_lag(workers, source_cluster, target_cluster, java):
    """A transactional source: each commit leaves a marker at the end of the log that is
    never replicated, so the end offsets differ, yet nothing is missing: in sync."""
    props = workers.properties(**{
        "key.converter": "org.apache.kafka.connect.converters.ByteArrayConverter",
        "value.converter": "org.apache.kafka.connect.converters.ByteArrayConverter",
        "offset.flush.interval.ms": "1000"})
    w = workers.start(props)
    tag = uuid.uuid4().hex[:6]
    topic, name = f"txlog-{tag}", f"mm2tx-{tag}"
    source_cluster.create_topic(topic, 1, 1)
    create(w, name, {
        "connector.class": "org.apache.kafka.connect.mirror.MirrorSourceConnector",
        # The shared source cluster may hold other tests' heartbeats topics, which a mirror
        # copies whatever `topics` says; these tests are about their own topic only.
        "heartbeats.replication.enabled": "false",
        "source.cluster.alias": "src", "target.cluster.alias": "dst",
        "source.cluster.bootstrap.servers": source_cluster.bootstrap,
        "target.cluster.bootstrap.servers": target_cluster.bootstrap,
        "topics": f"^({topic})$",
        "replication.policy.class": "org.apache.kafka.connect.mirror.IdentityReplicationPolicy",
        "replication.factor": "1", "offset-syncs.topic.replication.factor": "1"})
    wait_for(lambda: tasks_in(w, name, "RUNNING"), what="tasks RUNNING")

    p = Producer(source_cluster.client_config(**{"transactional.id": f"tx-{tag}",
                                                 "log_level": 0}))
    p.init_transactions(30)
    for batch in range(2):
        p.begin_transaction()
        for i in range(5):
            p.produce(topic, f"{batch}-{i}".encode(), partition=0)
        p.commit_transaction(30)
    # Offsets 0-4 and 6-10 are records, 5 and 11 commit markers.
    assert get_offsets(java, source_cluster, topic) == {0: 12}

    out = mirror_status(w, name, "--wait", "--timeout", "120", "--interval", "1")
    assert out.returncode == 0, (out.stdout, out.stderr)
    assert f"{name}: in sync (1 partition, end offsets differ: see EQUAL)" in out.stdout
    st = w.get(f"/connectors/{name}/mirror-status", timeout=60).json()
    assert get_offsets(java, target_cluster, topic) == {0: 10}
    assert st["in_sync"] is True and st["end_offsets_equal"] is False
    assert st["partitions"] == [{
        "topic": topic, "partition": 0, "target_topic": topic, "source_end_offset": 12,
        "replicated_offset": 10, "target_end_offset": 10, "lag_records": 0, "lag_ms": 0,
        "end_offsets_equal": False}]


def test_records_lost_to_retention_are_not_counted(workers, source_cluster, target_cluster,
                                                   java, tmp_path):
    """Records deleted on the source before they were replicated cannot be replicated any
    more: the lag counts the records left (from the log start), measured on the oldest."""
    props = workers.properties(**{
        "key.converter": "org.apache.kafka.connect.converters.ByteArrayConverter",
        "value.converter": "org.apache.kafka.connect.converters.ByteArrayConverter",
        "offset.flush.interval.ms": "1000"})
    w = workers.start(props)
    tag = uuid.uuid4().hex[:6]
    topic, name = f"retained-{tag}", f"mm2ret-{tag}"
    source_cluster.create_topic(topic, 1, 1)
    create(w, name, {
        "connector.class": "org.apache.kafka.connect.mirror.MirrorSourceConnector",
        # The shared source cluster may hold other tests' heartbeats topics, which a mirror
        # copies whatever `topics` says; these tests are about their own topic only.
        "heartbeats.replication.enabled": "false",
        "source.cluster.alias": "src", "target.cluster.alias": "dst",
        "source.cluster.bootstrap.servers": source_cluster.bootstrap,
        "target.cluster.bootstrap.servers": target_cluster.bootstrap,
        "topics": f"^({topic})$",
        "replication.policy.class": "org.apache.kafka.connect.mirror.IdentityReplicationPolicy",
        "replication.factor": "1", "offset-syncs.topic.replication.factor": "1"})
    wait_for(lambda: tasks_in(w, name, "RUNNING"), what="tasks RUNNING")
    produce(source_cluster, topic, {0: 10}, "first")
    out = mirror_status(w, name, "--wait", "--timeout", "120", "--interval", "1")
    assert out.returncode == 0, (out.stdout, out.stderr)

    # Stopped, not paused: a paused task's consumer may already hold the next records.
    # The check answers for a stopped connector too (it needs no task).
    assert w.request("PUT", f"/connectors/{name}/stop").status_code == 204
    wait_for(lambda: (status(w, name) or {}).get("connector", {}).get("state") == "STOPPED"
             and not status(w, name)["tasks"], what="connector STOPPED")
    produce(source_cluster, topic, {0: 10}, "second")          # offsets 10..19
    spec = tmp_path / "delete.json"
    spec.write_text(json.dumps({"version": 1, "partitions": [
        {"topic": topic, "partition": 0, "offset": 15}]}))
    # kafka-delete-records.sh
    subprocess.run(java.command("org.apache.kafka.tools.DeleteRecordsCommand", [
        "--bootstrap-server", source_cluster.bootstrap, "--offset-json-file", str(spec)]),
        check=True, capture_output=True, timeout=120)
    assert get_offsets(java, source_cluster, topic) == {0: 20}
    st = w.get(f"/connectors/{name}/mirror-status", timeout=60).json()
    p = st["partitions"][0]
    assert (p["source_end_offset"], p["replicated_offset"], p["target_end_offset"],
            p["lag_records"]) == (20, 9, 10, 5), st
    assert p["lag_ms"] is not None and p["lag_ms"] >= 0 and st["in_sync"] is False

    assert w.request("PUT", f"/connectors/{name}/resume").status_code == 202
    out = mirror_status(w, name, "--wait", "--timeout", "120", "--interval", "1", "--json")
    assert out.returncode == 0, (out.stdout, out.stderr)
    p = json.loads(out.stdout)["partitions"][0]
    # The five records left were replicated; the five deleted ones never will be.
    assert (p["source_end_offset"], p["replicated_offset"], p["target_end_offset"],
            p["lag_records"], p["end_offsets_equal"]) == (20, 19, 15, 0, False)
    assert get_offsets(java, target_cluster, topic) == {0: 15}


def test_over_scram_with_the_connectors_credentials(workers, source_cluster, target_cluster,
                                                    java):
    """Runbook 4's clusters: only SASL/SCRAM listeners in the connector's config, so the check
    reaches both clusters with the connector's own security settings."""
    props = workers.properties(**{
        "key.converter": "org.apache.kafka.connect.converters.ByteArrayConverter",
        "value.converter": "org.apache.kafka.connect.converters.ByteArrayConverter",
        "offset.flush.interval.ms": "1000"})
    props.update(target_cluster.java_client_properties(sasl=True))
    w = workers.start(props)
    tag = uuid.uuid4().hex[:6]
    topic, name = f"syslog-{tag}", f"mm2sasl-{tag}"
    source_cluster.create_topic(topic, 2, 1)
    create(w, name, {
        "connector.class": "org.apache.kafka.connect.mirror.MirrorSourceConnector",
        # The shared source cluster may hold other tests' heartbeats topics, which a mirror
        # copies whatever `topics` says; these tests are about their own topic only.
        "heartbeats.replication.enabled": "false",
        "source.cluster.alias": "src", "target.cluster.alias": "dst",
        **{f"source.cluster.{k}": v
           for k, v in source_cluster.java_client_properties(sasl=True).items()},
        **{f"target.cluster.{k}": v
           for k, v in target_cluster.java_client_properties(sasl=True).items()},
        "topics": f"^({topic})$",
        "replication.policy.class": "org.apache.kafka.connect.mirror.IdentityReplicationPolicy",
        "replication.factor": "1", "offset-syncs.topic.replication.factor": "1"})
    wait_for(lambda: tasks_in(w, name, "RUNNING"), what="tasks RUNNING")
    p = Producer(source_cluster.client_config(sasl=True, log_level=0))
    for i in range(40):
        p.produce(topic, f"v{i}".encode(), partition=i % 2)
    assert p.flush(30) == 0

    out = mirror_status(w, name, "--wait", "--timeout", "120", "--interval", "1", "--json")
    assert out.returncode == 0, (out.stdout, out.stderr)
    st = json.loads(out.stdout)
    ends = {}
    for cluster in (source_cluster, target_cluster):
        got = java.tool("kafka-get-offsets", "--bootstrap-server", cluster.sasl_bootstrap,
                        "--command-config", cluster.command_config(), "--topic", topic).stdout
        ends[cluster.name] = sorted(got.split())
    assert ends[source_cluster.name] == ends[target_cluster.name] == \
        [f"{topic}:0:20", f"{topic}:1:20"]
    assert [(p["source_end_offset"], p["replicated_offset"], p["target_end_offset"])
            for p in st["partitions"]] == [(20, 19, 20), (20, 19, 20)]


def test_mirror_status_errors(workers, tmp_path):
    w = workers.start()
    r = w.get("/connectors/no-such-connector/mirror-status")
    assert r.status_code == 404, r.text
    assert r.json() == {"error_code": 404, "message": "Connector no-such-connector not found"}
    out = mirror_status(w, "no-such-connector")
    assert out.returncode == 2 and "not found" in out.stderr, (out.stdout, out.stderr)

    lines = tmp_path / "lines.txt"
    lines.write_text("a\n")
    create(w, "file-src", {"connector.class": "FileStreamSource", "file": str(lines),
                           "topic": f"lines-{uuid.uuid4().hex[:6]}"})
    r = w.get("/connectors/file-src/mirror-status")
    assert r.status_code == 400, r.text
    assert "is not a MirrorSourceConnector" in r.json()["message"]
    out = mirror_status(w, "file-src", "--wait", "--timeout", "30")
    assert out.returncode == 2 and "not a MirrorSourceConnector" in out.stderr, \
        (out.stdout, out.stderr)

    out = subprocess.run([KCONNECT_BIN, "mirror-status", "--connector", "x"],
                         capture_output=True, text=True, timeout=30)
    assert out.returncode == 2 and "usage" in out.stderr
    # The worker is not there: an error, not "not in sync".
    out = subprocess.run([KCONNECT_BIN, "mirror-status", "--url", "http://127.0.0.1:1",
                          "--connector", "x"], capture_output=True, text=True, timeout=30)
    assert out.returncode == 2, (out.stdout, out.stderr)
