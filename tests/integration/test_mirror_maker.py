"""
tests/integration/test_mirror_maker.py - dedicated MirrorMaker mode (`kconnect mirror-maker`,
bin/connect-mirror-maker.sh) with runbook 3's mm2.properties.

SPDX-License-Identifier: Apache-2.0
"""

import os
import signal
import subprocess
import time
import uuid

import requests

from confluent_kafka import Producer

import kafka_harness as kh
from kconnect import KCONNECT_BIN, Worker, runbook3_mm2_properties, write_properties
from test_cluster import wait_for
from test_mirror import read_topic, topics_of

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def mm2_properties(path, source, target, topic, extra=None, src="src", dst="dst"):
    """Runbook 3's mm2.properties for topic, the clusters named src and dst."""
    lines = runbook3_mm2_properties(source, target, topic, src, dst) | (extra or {})
    return write_properties(path, lines)


def short_session(dst="dst"):
    """The target herder's session at the broker's least timeout (6 s, not 10 s), so a
    killed node's work moves sooner: what the tests that kill a node check does not depend
    on when."""
    return {f"{dst}.session.timeout.ms": "6000", f"{dst}.heartbeat.interval.ms": "1000"}


class MirrorMakerNode(Worker):
    """A dedicated-mode process: Worker's log and lifecycle helpers, no REST."""

    def __init__(self, workdir, config, args=(), name="mm2"):
        self.workdir = workdir
        self.port = None
        self.log_path = os.path.join(workdir, f"{name}.log")
        self.cmd = [KCONNECT_BIN, "mirror-maker", config] + list(args)
        self.env = dict(os.environ)
        self.proc = None

    def wait_started(self, timeout=60):
        wait_for(lambda: "Kafka MirrorMaker started" in self.log() or self.proc.poll() is not None,
                 timeout=timeout, what="MirrorMaker start")
        assert self.proc.poll() is None, self.log()


def test_runbook_3_dedicated_mode_mirrors_under_the_same_name(tmp_path, source_cluster,
                                                              target_cluster):
    tag = uuid.uuid4().hex[:6]
    topic = f"syslog{tag}"
    source_cluster.create_topic(topic, 3, 1)
    config = mm2_properties(str(tmp_path / "mm2.properties"), source_cluster, target_cluster,
                            topic)
    node = MirrorMakerNode(str(tmp_path), config).start()
    try:
        node.wait_started()
        wait_for(lambda: topic in topics_of(target_cluster), timeout=90,
                 what="syslog created on the target under its own name")
        # auto.offset.reset=latest: the task must know where it starts before we write.
        wait_for(lambda: started_at_reset(node, topic, 3), timeout=90, what="positions stored")
        p = Producer(source_cluster.client_config(log_level=0))
        for i in range(300):
            p.produce(topic, f"line {i}".encode(), partition=i % 3)
        p.flush(10)
        got = wait_for(lambda: (lambda r: len(r) >= 300 and r)(
            read_topic(target_cluster, topic, 300, timeout=5)), timeout=90, what="records")
        assert sorted(v for (_, _, _, v, _, _) in got) == sorted(
            f"line {i}".encode() for i in range(300))
        # The pair's internal topics live on the target, named after the source.
        assert {"mm2-configs.src.internal", "mm2-offsets.src.internal",
                "mm2-status.src.internal", "heartbeats"} <= topics_of(target_cluster)
        # The reverse pair exists for heartbeats only (flows default to disabled); its
        # heartbeat task creates the topic once it runs, not before the copy above.
        wait_for(lambda: {"mm2-configs.dst.internal", "heartbeats"} <= topics_of(source_cluster),
                 timeout=60, what="the reverse pair's topics on the source")
    finally:
        assert node.stop() == 0
    assert "AddressSanitizer" not in node.log()


def test_bad_files_and_arguments_exit_as_java_does(tmp_path):
    empty = tmp_path / "empty.properties"
    empty.write_text("# nothing\n")
    p = subprocess.run([KCONNECT_BIN, "mirror-maker", str(empty)], capture_output=True,
                       text=True, timeout=30)
    assert p.returncode == 2 and "clusters" in p.stdout + p.stderr
    flows = tmp_path / "noflows.properties"
    flows.write_text("clusters = a, b\nemit.heartbeats.enabled = false\n")
    p = subprocess.run([KCONNECT_BIN, "mirror-maker", str(flows)], capture_output=True,
                       text=True, timeout=30)
    assert p.returncode == 2 and "No source->target replication flows." in p.stdout + p.stderr
    # A connector config the herder would refuse is refused before anything starts, with
    # the validation's message (Java's MirrorMaker logs it and runs without the connector).
    bad = tmp_path / "bad.properties"
    bad.write_text("clusters = a, b\na.bootstrap.servers = 127.0.0.1:1\n"
                   "b.bootstrap.servers = 127.0.0.1:1\na->b.enabled = true\n"
                   "a->b.tasks.max = 0\n")
    p = subprocess.run([KCONNECT_BIN, "mirror-maker", str(bad)], capture_output=True,
                       text=True, timeout=30)
    assert p.returncode == 2, p.stdout + p.stderr
    assert ("[a->b] MirrorSourceConnector: Connector configuration is invalid and contains the "
            "following 1 error(s):\nInvalid value 0 for configuration tasks.max: Value must be "
            "at least 1") in p.stdout + p.stderr
    p = subprocess.run([KCONNECT_BIN, "mirror-maker"], capture_output=True, text=True,
                       timeout=30)
    assert p.returncode == 255
    p = subprocess.run([KCONNECT_BIN, "mirror-maker", str(flows), "--clusters"],
                       capture_output=True, text=True, timeout=30)
    assert p.returncode == 255


def latest_statuses(cluster, topic):
    """{key: value} of the newest record per key of a Connect status topic."""
    from confluent_kafka import Consumer
    import json
    c = Consumer(cluster.client_config(**{"group.id": f"t-{uuid.uuid4().hex[:6]}",
                                          "auto.offset.reset": "earliest", "log_level": 0,
                                          "enable.partition.eof": True}))
    c.subscribe([topic])
    out, eof, deadline = {}, set(), time.monotonic() + 20
    parts = None
    while time.monotonic() < deadline:
        m = c.poll(0.5)
        if m is None:
            continue
        if m.error():
            eof.add(m.partition())
            md = c.list_topics(topic, timeout=5)
            parts = len(md.topics[topic].partitions)
            if len(eof) >= parts:
                break
            continue
        out[m.key().decode()] = json.loads(m.value()) if m.value() else None
    c.close()
    return out


def test_two_nodes_share_the_work_and_survive_kill_9(tmp_path, source_cluster, target_cluster):
    tag = uuid.uuid4().hex[:6]
    topic = f"shared{tag}"
    source_cluster.create_topic(topic, 4, 1)
    config = mm2_properties(str(tmp_path / "mm2.properties"), source_cluster, target_cluster,
                            topic, {"dedicated.mode.enable.internal.rest": "true",
                                    "listeners": "http://127.0.0.1:0",
                                    "tasks.max": "4",
                                    "consumer.auto.offset.reset": "earliest",
                                    "emit.heartbeats.enabled": "false",
                                    "dst.scheduled.rebalance.max.delay.ms": "0",
                                    "dst.offset.flush.interval.ms": "1000",
                                    "src.scheduled.rebalance.max.delay.ms": "0",
                                    **short_session()})
    nodes = [MirrorMakerNode(str(tmp_path), config, name=f"mm2-{i}").start() for i in range(2)]
    try:
        for n in nodes:
            n.wait_started()

        def worker_ids():
            st = latest_statuses(target_cluster, "mm2-status.src.internal")
            tasks = {k: v for k, v in st.items()
                     if k.startswith("status-task-MirrorSourceConnector-") and v}
            return (len(tasks) == 4 and all(v["state"] == "RUNNING" for v in tasks.values()) and
                    {v["worker_id"] for v in tasks.values()})
        ids = wait_for(worker_ids, timeout=120, what="four source tasks RUNNING")
        assert len(ids) == 2, f"the work is not shared: {ids}"

        p = Producer(source_cluster.client_config(log_level=0))
        for i in range(400):
            p.produce(topic, f"a{i}".encode(), partition=i % 4)
        p.flush(10)
        wait_for(lambda: len(read_topic(target_cluster, topic, 400, timeout=3)) >= 400,
                 timeout=60, what="first batch mirrored")

        victim = nodes[0]
        victim.proc.send_signal(signal.SIGKILL)
        victim.proc.wait()
        for i in range(400):
            p.produce(topic, f"b{i}".encode(), partition=i % 4)
        p.flush(10)
        want = {f"a{i}" for i in range(400)} | {f"b{i}" for i in range(400)}

        def all_there():
            return want <= {v.decode() for (_, _, _, v, _, _) in
                            read_topic(target_cluster, topic, 10**6, timeout=4)}
        wait_for(all_there, timeout=120, what="every record on the target after the kill")
        survivors = wait_for(lambda: (lambda ids_: len(ids_ or ()) == 1 and ids_)(worker_ids()),
                             timeout=90, what="all tasks on the survivor")
        assert len(survivors) == 1
    finally:
        for n in nodes:
            if n.proc.poll() is None:
                assert n.stop() == 0
    assert "AddressSanitizer" not in nodes[1].log()


def test_runbook_3_three_broker_source_cutover(tmp_path, target_cluster, java):
    """Runbook 3 as written, against a 3-broker source cluster: `syslog` mirrored under its
    own name by a dedicated node; once the producers stop, per-partition end offsets are the
    same on both sides (Kafka's get-offsets tool) and `kconnect mirror-status` says so; the
    group's offsets reach the target. Added to the runbook's file: the node's internal REST
    (the cutover check asks it), and shorter checkpoint, group-sync and offset-flush
    intervals so the test does not wait minutes."""
    src = kh.Cluster("src3", brokers=3, java=java).start()
    try:
        tag = uuid.uuid4().hex[:6]
        topic = f"syslog{tag}"
        group = f"syslog-readers-{tag}"
        src.create_topic(topic, 3, 3)
        port = kh.free_ports(1)[0]
        config = tmp_path / "mm2.properties"
        config.write_text(f"""clusters = src, dst
src.bootstrap.servers = {src.bootstrap}
dst.bootstrap.servers = {target_cluster.bootstrap}
src->dst.enabled = true
src->dst.topics = ^({topic})$
src->dst.groups = .*
replication.policy.class = org.apache.kafka.connect.mirror.IdentityReplicationPolicy
consumer.auto.offset.reset = latest
replication.factor = 1
config.storage.replication.factor = 1
offset.storage.replication.factor = 1
status.storage.replication.factor = 1
checkpoints.topic.replication.factor = 1
heartbeats.topic.replication.factor = 1
offset-syncs.topic.location = source
offset-syncs.topic.replication.factor = 3
rest.port = 18083
refresh.topics.interval.seconds = 30
refresh.groups.interval.seconds = 30
dedicated.mode.enable.internal.rest = true
listeners = http://127.0.0.1:{port}
src->dst.emit.checkpoints.interval.seconds = 2
src->dst.sync.group.offsets.enabled = true
src->dst.sync.group.offsets.interval.seconds = 2
dst.offset.flush.interval.ms = 2000
""")
        # The consumers exist before the migration starts.
        from confluent_kafka import Consumer, TopicPartition
        c = Consumer(src.client_config(**{"group.id": group, "log_level": 0}))
        c.commit(offsets=[TopicPartition(topic, p, 0) for p in range(3)], asynchronous=False)
        c.close()
        node = MirrorMakerNode(str(tmp_path), str(config)).start()
        try:
            node.wait_started()
            wait_for(lambda: topic in topics_of(target_cluster), timeout=90,
                     what="syslog on the target under its own name")
            # latest: the task copies what is written once it knows where it starts.
            wait_for(lambda: started_at_reset(node, topic, 3), timeout=90,
                     what="positions stored")
            java.tool("kafka-producer-perf-test", "--topic", topic, "--num-records", "3000",
                      "--record-size", "200", "--throughput", "1000", "--producer-props",
                      f"bootstrap.servers={src.bootstrap}", timeout=120)
            # Producers stopped: wait for the cutover check, then compare as the runbook does.
            status = subprocess.run([KCONNECT_BIN, "mirror-status", "--url",
                                     f"http://127.0.0.1:{port}/src/dst", "--connector",
                                     "MirrorSourceConnector", "--wait", "--timeout", "120"],
                                    capture_output=True, text=True, timeout=180)
            assert status.returncode == 0, status.stdout + status.stderr

            def offsets(cluster):
                out = java.tool("kafka-get-offsets", "--bootstrap-server", cluster.bootstrap,
                                "--topic", topic).stdout
                return sorted(l for l in out.splitlines() if l.startswith(topic))
            assert offsets(src) == offsets(target_cluster)
            ends = {int(l.split(":")[1]): int(l.split(":")[2]) for l in offsets(src)}
            assert sum(ends.values()) == 3000
            for line in status.stdout.splitlines():
                words = line.split()
                if words and words[0] == topic:
                    assert int(words[3]) == ends[int(words[1])] == int(words[5]), line
            # The same figures as metrics, from the flow's metrics resource.
            from prometheus_client.parser import text_string_to_metric_families
            r = requests.get(f"http://127.0.0.1:{port}/src/dst/admin/metrics", timeout=30)
            assert r.status_code == 200, r.text
            got = {(s.name, s.labels.get("partition")): s.value
                   for f in text_string_to_metric_families(r.text) for s in f.samples
                   if s.labels.get("connector") == "MirrorSourceConnector"}
            assert got[("kconnect_mirror_cutover_in_sync", None)] == 1
            for p_, end in ends.items():
                assert got[("kconnect_mirror_cutover_target_end_offset", str(p_))] == end
                assert got[("kconnect_mirror_cutover_source_end_offset", str(p_))] == end

            # The readers caught up on the source; their offsets are synced to the target.
            c = Consumer(src.client_config(**{"group.id": group, "log_level": 0}))
            c.commit(offsets=[TopicPartition(topic, p, e) for p, e in ends.items()],
                     asynchronous=False)
            c.close()

            def target_group():
                from confluent_kafka import ConsumerGroupTopicPartitions
                a = target_cluster.admin()
                f = a.list_consumer_group_offsets([ConsumerGroupTopicPartitions(group)])[group]
                got = {tp.partition: tp.offset for tp in f.result(10).topic_partitions
                       if tp.topic == topic}
                return got == ends and got
            wait_for(target_group, timeout=120, what="group offsets synced to the end")
        finally:
            assert node.stop() == 0
        assert "AddressSanitizer" not in node.log()
    finally:
        src.kill()


# ---- failover before the first offset flush -------------------------------------------------


class SequenceProducer:
    """Writes "0", "1", ... round-robin over the topic's partitions at about `rate` records/s
    on a thread of its own; `acked` holds the numbers the source cluster acknowledged."""

    def __init__(self, cluster, topic, partitions, rate=300):
        import threading
        self.acked, self.sent = set(), 0
        self._stop = threading.Event()
        self._p = Producer(cluster.client_config(**{"log_level": 0, "linger.ms": 5}))
        self._topic, self._partitions, self._rate = topic, partitions, rate
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _ack(self, err, msg):
        if err is None:
            self.acked.add(int(msg.value()))

    def _run(self):
        while not self._stop.is_set():
            self._p.produce(self._topic, str(self.sent).encode(),
                            partition=self.sent % self._partitions, on_delivery=self._ack)
            self.sent += 1
            self._p.poll(0)
            time.sleep(1 / self._rate)
        self._p.flush(30)

    def start(self):
        self._thread.start()
        return self

    def stop(self):
        self._stop.set()
        self._thread.join(60)
        return self.acked


def failover_properties(path, source, target, src, dst, topic):
    """Runbook 3's mm2.properties for aliases of the test's own (so its internal topics are
    its own), the lost-work delay at 0 so a killed node's work moves within its session,
    and a short session."""
    return mm2_properties(path, source, target, topic, src=src, dst=dst,
                          extra={f"{dst}.scheduled.rebalance.max.delay.ms": "0",
                                 **short_session(dst)})


def started_at_reset(node, topic, partitions):
    """Whether the node's MirrorSource task logged where it starts, for every partition."""
    log = node.log()
    return all(f"{topic}-{p}: starting at" in log for p in range(partitions))


def copied(target, topic, expected, timeout=90):
    """The sequence numbers on the target's topic once `expected` of them are there (or the
    time is up): a list, duplicates kept."""
    got = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        got = [int(v) for (_, _, _, v, _, _) in read_topic(target, topic, 10 ** 9, timeout=3)]
        if expected <= set(got):
            break
    return got


def test_position_is_stored_at_start_so_a_kill_before_the_first_flush_loses_nothing(
        tmp_path, source_cluster, target_cluster):
    """auto.offset.reset=latest and offset.flush.interval.ms at its 60 s: the MirrorSource
    task stores where latest put it as soon as it starts, so after a kill -9 before its first
    offset flush the restarted node resumes there, not at a newer latest. Every record
    produced after that start reaches the target."""
    tag = uuid.uuid4().hex[:6]
    src, dst, topic = f"s{tag}", f"d{tag}", f"syslog{tag}"
    source_cluster.create_topic(topic, 3, 1)
    early = Producer(source_cluster.client_config(log_level=0))
    for i in range(1, 31):                    # before the start: latest skips them
        early.produce(topic, str(-i).encode(), partition=i % 3)
    early.flush(10)
    config = failover_properties(str(tmp_path / "mm2.properties"), source_cluster,
                                 target_cluster, src, dst, topic)
    node = MirrorMakerNode(str(tmp_path), config, name="first").start()
    node.wait_started()
    wait_for(lambda: started_at_reset(node, topic, 3), timeout=90, what="positions stored")
    producer = SequenceProducer(source_cluster, topic, 3).start()
    time.sleep(3)
    node.proc.kill()                                  # kill -9, long before the first flush
    node.proc.wait()
    time.sleep(2)                                     # records written while nothing runs
    again = MirrorMakerNode(str(tmp_path), config, name="again").start()
    try:
        again.wait_started()
        time.sleep(3)
        acked = producer.stop()
        got = copied(target_cluster, topic, acked)
        missing = acked - set(got)
        assert not missing, (f"{len(missing)} of {len(acked)} records lost, e.g. "
                             f"{sorted(missing)[:10]}")
        assert "starting at the stored offset + 1" in again.log()
    finally:
        assert again.stop() == 0


def test_runbook_3_node_1_killed_before_its_first_flush_loses_nothing(
        tmp_path, source_cluster, target_cluster):
    """Runbook 3 with two dedicated nodes from the same mm2.properties: node 2 joins while a
    producer writes, and node 1 is killed -9 well before its first offset flush; the work
    moves to node 2. Every record produced after node 1's task started reaches the target,
    counted by sequence number."""
    tag = uuid.uuid4().hex[:6]
    src, dst, topic = f"s{tag}", f"d{tag}", f"syslog{tag}"
    source_cluster.create_topic(topic, 3, 1)
    config = failover_properties(str(tmp_path / "mm2.properties"), source_cluster,
                                 target_cluster, src, dst, topic)
    node1 = MirrorMakerNode(str(tmp_path), config, name="node1").start()
    node1.wait_started()
    wait_for(lambda: started_at_reset(node1, topic, 3), timeout=90, what="positions stored")
    producer = SequenceProducer(source_cluster, topic, 3).start()
    node2 = MirrorMakerNode(str(tmp_path), config, name="node2").start()
    try:
        node2.wait_started()
        wait_for(lambda: "Joined group at generation" in node2.log(), timeout=60,
                 what="node 2 in the group")
        time.sleep(3)
        node1.proc.kill()
        node1.proc.wait()
        # The killed node's work, whatever it held, moves to node 2 once its session ends.
        time.sleep(5)
        acked = producer.stop()
        got = copied(target_cluster, topic, acked)
        missing = acked - set(got)
        assert not missing, (f"{len(missing)} of {len(acked)} records lost, e.g. "
                             f"{sorted(missing)[:10]}")
    finally:
        assert node2.stop() == 0
