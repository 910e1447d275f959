"""
tests/integration/test_java_mirror.py - Java's MirrorMaker client code reads what kconnect's
MirrorMaker connectors write: a small Java program, compiled here against Kafka's own
connect-mirror-client jar, calls MirrorClient and RemoteClusterUtils on the target cluster
and must see kconnect's heartbeats, checkpoints and translated offsets.

SPDX-License-Identifier: Apache-2.0
"""

import json
import os
import shutil
import struct
import subprocess
import time
import uuid

import pytest
from confluent_kafka import Consumer, Producer, TopicPartition

from test_cluster import create, status, wait_for
from test_mirror import read_topic, stock_properties, topics_of

CROSS_READ = r"""
import java.time.Duration;
import java.util.*;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.connect.mirror.*;

public class CrossRead {
    public static void main(String[] args) throws Exception {
        Map<String, Object> props = new HashMap<>();
        props.put("bootstrap.servers", args[0]);
        String alias = args[1], group = args[2];
        MirrorClient client = new MirrorClient(props);
        System.out.println("heartbeatTopics=" + new TreeSet<>(client.heartbeatTopics()));
        System.out.println("checkpointTopics=" + new TreeSet<>(client.checkpointTopics()));
        System.out.println("upstreamClusters=" + new TreeSet<>(client.upstreamClusters()));
        System.out.println("replicationHops=" + client.replicationHops(alias));
        System.out.println("remoteTopics=" + new TreeSet<>(client.remoteTopics(alias)));
        client.close();
        Map<TopicPartition, OffsetAndMetadata> t =
            RemoteClusterUtils.translateOffsets(props, alias, group, Duration.ofSeconds(30));
        for (Map.Entry<TopicPartition, OffsetAndMetadata> e : new TreeMap<TopicPartition, OffsetAndMetadata>(
                 (a, b) -> a.toString().compareTo(b.toString())) {{ putAll(t); }}.entrySet())
            System.out.println("translated " + e.getKey() + "=" + e.getValue().offset());
    }
}
"""


def compile_cross_read(java, tmp_path):
    src = tmp_path / "CrossRead.java"
    src.write_text(CROSS_READ)
    javac = shutil.which("javac") or os.path.join(os.path.dirname(os.path.realpath(java.java)),
                                                  "javac")
    subprocess.run([javac, "-cp", java.classpath, "-d", str(tmp_path), str(src)], check=True,
                   capture_output=True, timeout=120)
    return str(tmp_path)


def run_cross_read(java, classes, bootstrap, alias, group):
    cmd = java.command("CrossRead", [bootstrap, alias, group])
    cp = cmd.index("-cp") + 1
    cmd[cp] = classes + os.pathsep + cmd[cp]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-3000:]
    return out.stdout


def decode_checkpoints(cluster, topic):
    """Last checkpoint per (group, topic, partition) in partition 0 of topic, decoded as the
    record format says (spec §3.3)."""
    c = Consumer(cluster.client_config(**{"group.id": f"t-{uuid.uuid4().hex[:6]}",
                                          "enable.partition.eof": True, "log_level": 0}))
    c.assign([TopicPartition(topic, 0, 0)])
    out = {}
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        m = c.poll(0.5)
        if m is None:
            continue
        if m.error():
            break
        k, v = m.key(), m.value()
        n = struct.unpack(">h", k[:2])[0]
        group = k[2:2 + n].decode()
        k = k[2 + n:]
        n = struct.unpack(">h", k[:2])[0]
        t = k[2:2 + n].decode()
        (p,) = struct.unpack(">i", k[2 + n:6 + n])
        _version, up, down = struct.unpack(">hqq", v[:18])
        out[(group, t, p)] = (up, down)
    c.close()
    return out


def test_java_mirror_client_reads_what_kconnect_wrote(workers, source_cluster, target_cluster,
                                                      java, tmp_path):
    classes = compile_cross_read(java, tmp_path)
    tag = uuid.uuid4().hex[:6]
    alias = f"x{tag}"
    topic = f"jm-{tag}"
    group = f"jm-group-{tag}"
    source_cluster.create_topic(topic, 2, 1)
    # The source's own heartbeats topic: replicated as <alias>.heartbeats whatever `topics` says.
    if "heartbeats" not in topics_of(source_cluster):
        source_cluster.create_topic("heartbeats", 1, 1, config={"cleanup.policy": "compact"})
    hb = Producer(source_cluster.client_config(log_level=0))
    hb.produce("heartbeats", key=b"\x00\x01z\x00\x01y", value=b"\x00\x00" + struct.pack(">q", 1))
    hb.flush(10)

    props = stock_properties(workers)
    props.update({"key.converter": "org.apache.kafka.connect.converters.ByteArrayConverter",
                  "value.converter": "org.apache.kafka.connect.converters.ByteArrayConverter"})
    w = workers.start(props)
    common = {"source.cluster.alias": alias, "target.cluster.alias": "t",
              "source.cluster.bootstrap.servers": source_cluster.bootstrap,
              "target.cluster.bootstrap.servers": target_cluster.bootstrap}
    create(w, f"src-{tag}", dict(common, **{
        "connector.class": "MirrorSourceConnector", "topics": topic, "replication.factor": "1",
        "offset-syncs.topic.replication.factor": "1", "offset.lag.max": "5"}))
    create(w, f"cp-{tag}", dict(common, **{
        "connector.class": "MirrorCheckpointConnector", "groups": group,
        "emit.checkpoints.interval.seconds": "1", "refresh.groups.interval.seconds": "2",
        "checkpoints.topic.replication.factor": "1"}))
    create(w, f"hb-{tag}", dict(common, **{
        "connector.class": "MirrorHeartbeatConnector", "heartbeats.topic.replication.factor": "1"}))

    # Records flow once the source task reads (a backlog replicated in one burst gets sparse
    # offset syncs: at most 10 in flight, newest wins, exactly as Java's writer).
    wait_for(lambda: (lambda s: s and s["tasks"] and s["tasks"][0]["state"] == "RUNNING")(
        status(w, f"src-{tag}")), what="source task RUNNING")
    time.sleep(1)
    p = Producer(source_cluster.client_config(log_level=0))
    for i in range(200):
        p.produce(topic, f"r{i}".encode(), partition=i % 2)
        p.poll(0)
        time.sleep(0.005)
    p.flush(10)
    remote = f"{alias}.{topic}"
    wait_for(lambda: len(read_topic(target_cluster, remote, 200, timeout=3)) >= 200, timeout=90,
             what="records mirrored")
    c = Consumer(source_cluster.client_config(**{"group.id": group, "log_level": 0}))
    c.commit(offsets=[TopicPartition(topic, 0, 100), TopicPartition(topic, 1, 97)],
             asynchronous=False)
    c.close()

    checkpoints = f"{alias}.checkpoints.internal"
    ours = wait_for(lambda: (lambda d: len([k for k in d if k[0] == group]) == 2 and d)(
        decode_checkpoints(target_cluster, checkpoints)), timeout=90, what="checkpoints")
    wait_for(lambda: f"{alias}.heartbeats" in topics_of(target_cluster), what="heartbeats mirrored")

    out = run_cross_read(java, classes, target_cluster.bootstrap, alias, group)
    lines = dict(l.split("=", 1) for l in out.splitlines() if "=" in l and
                 not l.startswith("translated"))
    assert "heartbeats" in lines["heartbeatTopics"] and f"{alias}.heartbeats" in lines["heartbeatTopics"]
    assert checkpoints in lines["checkpointTopics"]
    assert alias in lines["upstreamClusters"]
    assert lines["replicationHops"] == "1"
    assert remote in lines["remoteTopics"]
    translated = {l.split(" ", 1)[1].rsplit("=", 1)[0]: int(l.rsplit("=", 1)[1])
                  for l in out.splitlines() if l.startswith("translated ")}
    want = {f"{t}-{p}": down for (g, t, p), (up, down) in ours.items() if g == group}
    assert translated == want, (translated, want)
    # The translation is conservative: never past the group's position on the source.
    assert all(0 <= v <= 100 for v in translated.values())


@pytest.fixture(autouse=True)
def no_heartbeats_left_on_the_source(source_cluster):
    """The test makes the source cluster a heartbeats target; other tests' mirrors (which
    replicate heartbeats topics whatever their filters say) must not see it afterwards."""
    yield
    admin = source_cluster.admin()
    if "heartbeats" in topics_of(source_cluster):
        admin.delete_topics(["heartbeats"])["heartbeats"].result(30)
