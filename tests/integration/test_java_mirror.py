"""
tests/integration/test_java_mirror.py - Java's MirrorMaker code against what kconnect's
MirrorMaker connectors write: a small Java program, compiled here against Kafka's own
connect-mirror-client jar, calls MirrorClient and RemoteClusterUtils on the target cluster
and must see kconnect's heartbeats, checkpoints and translated offsets; and Java's
MirrorCheckpointConnector, fed the same offset syncs and group offsets as kconnect's, must
emit the same checkpoints.

SPDX-License-Identifier: Apache-2.0
"""

import os
import shutil
import struct
import subprocess
import time
import uuid

import pytest
from confluent_kafka import Consumer, ConsumerGroupTopicPartitions, Producer, TopicPartition

import kafka_harness as kh
from kconnect import base_properties, checkpoint, offset_sync, read_partition0
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
    out = {}
    for k, v in read_partition0(cluster, topic):
        group, t, p, up, down, _metadata = checkpoint(k, v)
        out[(group, t, p)] = (up, down)
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


BYTES = {"key.converter": "org.apache.kafka.connect.converters.ByteArrayConverter",
         "value.converter": "org.apache.kafka.connect.converters.ByteArrayConverter"}


def settled(cluster, topic, quiet=4, timeout=120, what="records"):
    """Partition 0's records once there are some and none came for `quiet` seconds."""
    last, since = None, None
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        recs = read_partition0(cluster, topic)
        if recs != last:
            last, since = recs, time.monotonic()
        elif recs and time.monotonic() - since >= quiet:
            return recs
        time.sleep(0.5)
    raise AssertionError(f"{what} in {topic} did not settle: {len(last or [])} so far")


def committed(cluster, groups):
    admin = cluster.admin()
    out = {}
    for g in groups:
        res = admin.list_consumer_group_offsets([ConsumerGroupTopicPartitions(g)])[g].result(30)
        out[g] = sorted((tp.topic, tp.partition, tp.offset, tp.metadata)
                        for tp in res.topic_partitions)
    return out


def test_java_and_kconnect_checkpoints_agree(workers, source_cluster, target_cluster, java,
                                             tmp_path):
    """One offset-syncs topic (written by kconnect's MirrorSourceConnector) and consumer groups
    committed at several positions: kconnect's MirrorCheckpointConnector, then Java's (in a Java
    ConnectDistributed worker), each starting from an empty checkpoints topic, emit the same
    checkpoints, every field of every record."""
    tag = uuid.uuid4().hex[:6]
    alias, target_alias = f"ck{tag}", f"tk{tag}"
    topic, per_partition = f"ckt-{tag}", 120
    syncs_topic, checkpoints = f"mm2-offset-syncs.{target_alias}.internal", \
        f"{alias}.checkpoints.internal"
    source_cluster.create_topic(topic, 2, 1)
    common = {"source.cluster.alias": alias, "target.cluster.alias": target_alias,
              "source.cluster.bootstrap.servers": source_cluster.bootstrap,
              "target.cluster.bootstrap.servers": target_cluster.bootstrap}
    kw = workers.start(workers.properties(**BYTES))

    # Offset syncs: records replicated one by one, a sync every few of them.
    create(kw, f"src-{tag}", dict(common, **{
        "connector.class": "MirrorSourceConnector", "topics": topic, "replication.factor": "1",
        "offset-syncs.topic.replication.factor": "1", "offset.lag.max": "5"}))
    wait_for(lambda: (lambda s: s and s["tasks"] and s["tasks"][0]["state"] == "RUNNING")(
        status(kw, f"src-{tag}")), what="source task RUNNING")
    p = Producer(source_cluster.client_config(log_level=0))
    for i in range(2 * per_partition):
        p.produce(topic, f"r{i}".encode(), partition=i % 2)
        p.poll(0)
        time.sleep(0.005)
    p.flush(10)
    wait_for(lambda: len(read_topic(target_cluster, f"{alias}.{topic}", 2 * per_partition,
                                    timeout=3)) >= 2 * per_partition,
             timeout=90, what="records mirrored")
    settled(source_cluster, syncs_topic, what="offset syncs")
    assert kw.request("DELETE", f"/connectors/src-{tag}", timeout=60).status_code == 204
    wait_for(lambda: kw.get(f"/connectors/src-{tag}").status_code == 404, what="source gone")
    syncs = settled(source_cluster, syncs_topic, quiet=2, what="offset syncs")
    ups = {q: sorted(s[2] for s in map(lambda r: offset_sync(*r), syncs) if s[1] == q)
           for q in (0, 1)}
    assert all(len(u) >= 5 for u in ups.values()), ups

    # Groups at the start, on a sync, between syncs, at the last sync, at the end.
    end = per_partition
    positions = {
        "start": (0, 0),
        "on-sync": (ups[0][len(ups[0]) // 2], ups[1][1]),
        "between": (ups[0][len(ups[0]) // 2] + 2, ups[1][-2] + 1),
        "last-sync": (ups[0][-1], ups[1][-1]),
        "end": (end, end - 1),
    }
    groups = [f"ckg-{tag}-{name}" for name in positions]
    for g, (o0, o1) in zip(groups, positions.values()):
        c = Consumer(source_cluster.client_config(**{"group.id": g, "log_level": 0}))
        c.commit(offsets=[TopicPartition(topic, 0, o0, metadata=f"{g}/0"),
                          TopicPartition(topic, 1, o1, metadata=f"{g}/1")], asynchronous=False)
        c.close()
    offsets = committed(source_cluster, groups)
    checkpoint_config = dict(common, **{
        "connector.class": "org.apache.kafka.connect.mirror.MirrorCheckpointConnector",
        "groups": f"ckg-{tag}-.*", "topics": topic, "emit.checkpoints.interval.seconds": "1",
        "checkpoints.topic.replication.factor": "1", "sync.group.offsets.enabled": "false"})

    # kconnect's run, then its worker goes and the checkpoints topic with it.
    create(kw, f"cp-{tag}", checkpoint_config)
    ours = sorted(checkpoint(*r) for r in settled(target_cluster, checkpoints,
                                                  what="kconnect's checkpoints"))
    assert kw.stop() == 0
    admin = target_cluster.admin()
    admin.delete_topics([checkpoints])[checkpoints].result(30)
    wait_for(lambda: checkpoints not in topics_of(target_cluster), what="checkpoints deleted")
    assert committed(source_cluster, groups) == offsets

    # Java's run, on the same offset syncs and group offsets.
    props = base_properties(target_cluster)
    props.update(BYTES)
    jw = kh.JavaConnectWorker(java, str(tmp_path), props, name="java-checkpoints").start()
    try:
        jw.wait_log("Joined group at generation", timeout=180)
        wait_for(lambda: jw.get("/connector-plugins").status_code == 200, timeout=60,
                 what="the Java worker's REST resources")
        create(jw, f"cp-{tag}", checkpoint_config)
        theirs = sorted(checkpoint(*r) for r in settled(target_cluster, checkpoints,
                                                        what="Java's checkpoints"))
    finally:
        jw.stop()
    assert committed(source_cluster, groups) == offsets
    assert read_partition0(source_cluster, syncs_topic) == syncs, "the offset syncs changed"

    assert ours == theirs, f"kconnect: {ours}\nJava:     {theirs}"
    # Not a trivial agreement: several groups, both partitions, translated downstream.
    assert len({c[0] for c in ours}) >= 3 and {c[2] for c in ours} == {0, 1}, ours
    # The metadata is the committed one. confluent-kafka-python commits it with a trailing
    # NUL byte (and reads it back without): Java's checkpoints keep that byte, and ours ==
    # theirs above says kconnect's do too.
    meta = {(g, q): md for g, rows in offsets.items() for (_t, q, _o, md) in rows}
    assert all(c[1] == f"{alias}.{topic}" and c[5].rstrip("\0") == meta[(c[0], c[2])]
               for c in ours), (ours, meta)
    assert len(ours) == len({c[:3] for c in ours}), "a checkpoint emitted twice"


@pytest.fixture(autouse=True)
def no_heartbeats_left_on_the_source(source_cluster):
    """The test makes the source cluster a heartbeats target; other tests' mirrors (which
    replicate heartbeats topics whatever their filters say) must not see it afterwards."""
    yield
    admin = source_cluster.admin()
    if "heartbeats" in topics_of(source_cluster):
        admin.delete_topics(["heartbeats"])["heartbeats"].result(30)
