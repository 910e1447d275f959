"""
tests/integration/test_mirror.py - the MirrorMaker 2 connectors on a kconnect worker beside
the target cluster, driven as runbooks 1 and 4 of SCENARIOS.md drive them: curl POSTs the
connector JSON, Kafka's own tools produce and read, and Java's MM2 formatters decode what
kconnect wrote.

SPDX-License-Identifier: Apache-2.0
"""

import json
import os
import signal
import subprocess
import threading
import time
import uuid

import pytest
from confluent_kafka import Consumer, Producer, TopicPartition

from kconnect import offset_sync, read_partition0
from test_cluster import create, status, values_until, wait_for


def state(worker, name):
    return ((status(worker, name) or {}).get("connector") or {}).get("state")


def suffix():
    return uuid.uuid4().hex[:6]


def curl_post(worker, body):
    """POST /connectors with curl, once, as the runbooks do: (status, body)."""
    out = subprocess.run(["curl", "-s", "-o", "/dev/stdout", "-w", "\n%{http_code}", "-X",
                          "POST", "-H", "Content-Type: application/json", "--data",
                          json.dumps(body), f"{worker.url}/connectors"],
                         capture_output=True, text=True, timeout=100, check=True).stdout
    text, code = out.rsplit("\n", 1)
    return int(code), text


def read_topic(cluster, topic, expected, timeout=60, sasl=False):
    """Every record of topic (all partitions, from the beginning) until `expected` arrived:
    [(partition, offset, key, value, headers, timestamp)]."""
    c = Consumer(cluster.client_config(sasl=sasl, **{"group.id": f"t-{suffix()}",
                                                     "auto.offset.reset": "earliest",
                                                     "enable.auto.commit": False,
                                                     "log_level": 0}))
    c.subscribe([topic])
    out = []
    deadline = time.monotonic() + timeout
    try:
        while len(out) < expected and time.monotonic() < deadline:
            m = c.poll(0.5)
            if m is not None and m.error() is None:
                out.append((m.partition(), m.offset(), m.key(), m.value(), m.headers(),
                            m.timestamp()[1]))
    finally:
        c.close()
    return out


def topics_of(cluster, sasl=False):
    return set(cluster.admin(sasl=sasl).list_topics(timeout=10).topics)


def stock_properties(workers):
    """connect-distributed.properties as shipped: JsonConverter with schemas."""
    return workers.properties(**{"key.converter.schemas.enable": "true",
                                 "value.converter.schemas.enable": "true",
                                 "offset.flush.interval.ms": "1000"})


def test_runbook_1_mirror_source_connector_by_curl(workers, source_cluster, target_cluster,
                                                   java):
    w = workers.start(stock_properties(workers))
    info = json.loads(subprocess.run(["curl", "-s", w.url], capture_output=True, text=True,
                                     check=True).stdout)
    assert set(info) == {"version", "commit", "kafka_cluster_id"}

    topic = f"mirror-maker-test-{suffix()}"
    name = f"mirror-maker-test-{suffix()}"
    code, text = curl_post(w, {"name": name, "config": {
        "connector.class": "org.apache.kafka.connect.mirror.MirrorSourceConnector",
        "source.cluster.alias": "kafka-source", "target.cluster.alias": "kafka-dist",
        "source.cluster.bootstrap.servers": source_cluster.bootstrap, "topics": ".*",
        "value.converter": "org.apache.kafka.connect.converters.ByteArrayConverter",
        "schemas.enable": "false", "admin.bootstrap.servers": target_cluster.bootstrap}})
    assert code == 201, text
    wait_for(lambda: state(w, name) == "RUNNING", what="connector RUNNING")
    # The source admin kept the source cluster despite admin.bootstrap.servers (runbook 1).
    assert "the source admin keeps source.cluster.bootstrap.servers" in w.log()

    # The topic is created on the source after the connector runs, and lines are typed
    # into Kafka's console producer.
    source_cluster.create_topic(topic, 1, 1)
    lines = [f"line {i} {suffix()}" for i in range(20)]
    java.tool("kafka-console-producer", "--bootstrap-server", source_cluster.bootstrap,
              "--topic", topic, input="\n".join(lines) + "\n")
    remote = f"kafka-source.{topic}"
    got = wait_for(lambda: (lambda r: len(r) >= len(lines) and r)(
        read_topic(target_cluster, remote, len(lines), timeout=5)),
        timeout=90, what=f"{remote} to hold the lines")
    assert [v.decode() for (_, _, _, v, _, _) in got] == lines

    # Kafka's console consumer on the destination reads the same lines.
    out = java.tool("kafka-console-consumer", "--bootstrap-server", target_cluster.bootstrap,
                    "--topic", remote, "--from-beginning", "--max-messages", str(len(lines)),
                    "--timeout-ms", "30000").stdout
    assert out.split("\n")[:len(lines)] == lines

    # A local topic of the same name plus the mirrored one, read together by pattern.
    target_cluster.create_topic(topic, 1, 1)
    p = Producer(target_cluster.client_config(log_level=0))
    p.produce(topic, b"local line")
    p.flush(10)
    c = Consumer(target_cluster.client_config(**{"group.id": f"t-{suffix()}",
                                                 "auto.offset.reset": "earliest",
                                                 "log_level": 0}))
    c.subscribe([f"^.*{topic}$"])
    seen = {}
    deadline = time.monotonic() + 60
    while sum(len(v) for v in seen.values()) < len(lines) + 1 and time.monotonic() < deadline:
        m = c.poll(0.5)
        if m is not None and m.error() is None:
            seen.setdefault(m.topic(), []).append(m.value())
    c.close()
    assert seen.get(topic) == [b"local line"] and len(seen.get(remote, [])) == len(lines)


def test_headers_timestamps_order_and_new_topics_without_restart(workers, source_cluster,
                                                                 target_cluster):
    props = stock_properties(workers)
    props.update({"key.converter": "org.apache.kafka.connect.converters.ByteArrayConverter",
                  "value.converter": "org.apache.kafka.connect.converters.ByteArrayConverter"})
    w = workers.start(props)
    tag = suffix()
    first = f"hdr-{tag}"
    source_cluster.create_topic(first, 3, 1)
    target_cluster.create_topic(f"src.{first}", 3, 1)     # replication.factor 2 cannot be met
    name = f"mm-{tag}"
    create(w, name, {"connector.class": "MirrorSourceConnector", "source.cluster.alias": "src",
                     "target.cluster.alias": "dst", "tasks.max": "2",
                     "source.cluster.bootstrap.servers": source_cluster.bootstrap,
                     "target.cluster.bootstrap.servers": target_cluster.bootstrap,
                     "topics": f"hdr-{tag}.*", "replication.factor": "1",
                     "offset-syncs.topic.replication.factor": "1"})
    wait_for(lambda: (lambda s: s and len(s["tasks"]) == 2 and
                      all(t["state"] == "RUNNING" for t in s["tasks"]))(status(w, name)),
             what="two tasks RUNNING")
    p = Producer(source_cluster.client_config(log_level=0))
    sent = []
    # Recent timestamps: older than the topics' retention (7 days), the records could be
    # deleted by the brokers' next retention check before they are read.
    ts0 = (int(time.time()) - 60) * 1000
    for i in range(60):
        part = i % 3
        key = None if i % 7 == 0 else f"k{i}".encode()
        value = None if i % 11 == 5 else f"v{i}".encode()
        headers = [("h1", f"x{i}".encode()), ("h2", None), ("h1", b"\x00\xff")]
        ts = ts0 + i
        p.produce(first, key=key, value=value, headers=headers, partition=part, timestamp=ts)
        sent.append((part, key, value, headers, ts))
    p.flush(10)
    got = read_topic(target_cluster, f"src.{first}", len(sent), timeout=60)
    assert len(got) == len(sent)
    for part in range(3):
        want = [(k, v, h, ts) for (pp, k, v, h, ts) in sent if pp == part]
        have = [(k, v, h, ts) for (pp, _, k, v, h, ts) in sorted(got, key=lambda r: r[:2])
                if pp == part]
        assert have == want, f"partition {part}"

    # A topic created on the source afterwards: replicated without a restart, within
    # seconds (Java waits for refresh.topics.interval.seconds, 600 by default).
    second = f"hdr-{tag}-later"
    created = time.monotonic()
    source_cluster.create_topic(second, 2, 1)
    p.produce(second, b"late", partition=1)
    p.flush(10)
    got = wait_for(lambda: read_topic(target_cluster, f"src.{second}", 1, timeout=2),
                   timeout=60, what="the new topic mirrored")
    assert got[0][0] == 1 and got[0][3] == b"late"
    assert time.monotonic() - created < 30
    assert target_cluster.topic_partitions(f"src.{second}") == 2

    # Offset syncs were written (location source: named after the target, on the source).
    syncs = "mm2-offset-syncs.dst.internal"
    assert syncs in topics_of(source_cluster)


def test_bad_configs_are_refused_with_javas_messages(workers, source_cluster):
    w = workers.start()
    base = {"connector.class": "org.apache.kafka.connect.mirror.MirrorSourceConnector",
            "source.cluster.bootstrap.servers": source_cluster.bootstrap}
    r = w.request("POST", "/connectors", json={"name": f"bad-{suffix()}", "config": base})
    assert r.status_code == 400 and "source.cluster.alias" in r.json()["message"], r.text
    for key, value, words in [("topics", "a[", "topics"),
                              ("refresh.topics.interval.seconds", "ten", "Not a number"),
                              ("offset-syncs.topic.location", "middle", "String must be one of"),
                              ("replication.policy.class", "com.example.Nope", "Nope"),
                              ("provenance.header.enable", "yes", "either true or false"),
                              ("provenance.header.name", "", "provenance.header.name")]:
        r = w.request("POST", "/connectors", json={
            "name": f"bad-{suffix()}",
            "config": dict(base, **{"source.cluster.alias": "a", key: value})})
        assert r.status_code == 400, (key, r.text)
        assert words in r.json()["message"], (key, r.text)
    assert w.get("/").status_code == 200


def sasl_props(cluster, user="admin"):
    return {k: v for k, v in cluster.java_client_properties(sasl=True, user=user).items()}


def prefixed(prefix, props):
    return {prefix + k: v for k, v in props.items()}


def test_runbook_4_three_connectors_over_scram(workers, source_cluster, target_cluster, java):
    props = stock_properties(workers)
    props.update(sasl_props(target_cluster))
    w = workers.start(props)
    tag = suffix()
    src, dst = f"src{tag}", f"dst{tag}"
    topic = f"orders-{tag}"
    group = f"billing-{tag}"
    source_cluster.create_topic(topic, 2, 1)
    common = {"clusters": f"{src}, {dst}", "source.cluster.alias": src,
              "target.cluster.alias": dst,
              **prefixed("source.cluster.", sasl_props(source_cluster)),
              **prefixed("target.cluster.", sasl_props(target_cluster)),
              "replication.policy.class":
                  "org.apache.kafka.connect.mirror.IdentityReplicationPolicy",
              "key.converter": "org.apache.kafka.connect.converters.ByteArrayConverter",
              "value.converter": " org.apache.kafka.connect.converters.ByteArrayConverter",
              "offset-syncs.topic.location": "target"}
    msc = dict(common, **{
        "connector.class": "org.apache.kafka.connect.mirror.MirrorSourceConnector",
        "topics": f"orders-{tag}", "groups": ".*", "topics.blacklist": ".*\\.internal, __.*",
        "groups.blacklist": "console-consumer-.*", "tasks.max": "3",
        "offset-syncs.topic.replication.factor": "1", "replication.factor": "1",
        "sync.topic.configs.interval.seconds": "20", "refresh.topics.interval.seconds": "20",
        "producer.enable.idempotence": "true", "sync.topic.acls.enabled": "true",
        "offset.lag.max": "10",
        **prefixed("producer.override.", sasl_props(target_cluster))})
    cpc = dict(common, **{
        "connector.class": "org.apache.kafka.connect.mirror.MirrorCheckpointConnector",
        "groups": f"billing-{tag}", "topics": f"orders-{tag}",
        "emit.checkpoints.enabled": "true", "emit.checkpoints.interval.seconds": "2",
        "sync.group.offsets.enabled": "true", "sync.group.offsets.interval.seconds": "2",
        "refresh.groups.interval.seconds": "5", "checkpoints.topic.replication.factor": "1"})
    hbc = dict(common, **{
        "connector.class": "org.apache.kafka.connect.mirror.MirrorHeartbeatConnector",
        "emit.heartbeats.enabled": "true", "emit.heartbeats.interval.seconds": "1",
        "heartbeats.topic.replication.factor": "1"})

    for name, cfg in (("mm2-msc", msc), ("mm2-cpc", cpc), ("mm2-hbc", hbc)):
        code, text = curl_post(w, {"name": f"{name}-{tag}", "config": cfg})
        assert code == 201, text

    wait_for(lambda: all(state(w, f"{n}-{tag}") == "RUNNING"
                         for n in ("mm2-msc", "mm2-cpc", "mm2-hbc")), what="connectors RUNNING")
    assert "topics.blacklist is the Kafka 3.x name of topics.exclude" in w.log()

    # Records flow while the connectors run. A live consumer group reads and commits on the
    # source; its offsets are translated and synced to the target while it is near the head
    # of the stream, then more records arrive, and then it fails over. (Translation is most
    # precise near the head: the offset-sync store, like Java's, keeps fewer syncs the
    # further back they lie, and checkpoints never move backwards.)
    p = Producer(source_cluster.client_config(sasl=True, log_level=0))
    values = []

    def produce(first, last):
        for i in range(first, last):
            for p_ in (0, 1):
                values.append(f"{p_}-{i}")
                p.produce(topic, values[-1].encode(), partition=p_)
            p.poll(0)
            time.sleep(0.02)
        p.flush(10)

    def synced():
        a = target_cluster.admin(sasl=True)
        from confluent_kafka import ConsumerGroupTopicPartitions
        f = a.list_consumer_group_offsets([ConsumerGroupTopicPartitions(group)])[group]
        parts = {tp.partition: tp.offset for tp in f.result(10).topic_partitions
                 if tp.topic == topic and tp.offset >= 0}
        return len(parts) == 2 and parts

    produce(0, 150)
    c = Consumer(source_cluster.client_config(sasl=True, **{
        "group.id": group, "auto.offset.reset": "earliest", "enable.auto.commit": False,
        "log_level": 0}))
    want = {0: 146, 1: 141}
    c.commit(offsets=[TopicPartition(topic, pp, off) for pp, off in want.items()],
             asynchronous=False)
    committed = {tp.partition: tp.offset for tp in
                 c.committed([TopicPartition(topic, 0), TopicPartition(topic, 1)])}
    c.close()
    assert committed == want
    wait_for(synced, timeout=90, what="group offsets synced to the target")
    produce(150, 300)

    def all_three_running():
        r = w.get("/connectors?expand=status").json()
        mine = {k: v for k, v in r.items() if k.endswith(tag)}
        return len(mine) == 3 and all(
            v["status"]["connector"]["state"] == "RUNNING" and v["status"]["tasks"] and
            all(t["state"] == "RUNNING" and t["worker_id"] for t in v["status"]["tasks"])
            for v in mine.values()) and mine
    # Once the checkpoint connector found the group, all three run their tasks.
    wait_for(all_three_running, timeout=90, what="the three connectors RUNNING with tasks")

    # The data, then the internal topics, decoded by Java's own formatters.
    got = read_topic(target_cluster, topic, len(values), timeout=90, sasl=True)
    assert sorted(v.decode() for (_, _, _, v, _, _) in got) == sorted(values)
    syncs, checkpoints = f"mm2-offset-syncs.{src}.internal", f"{src}.checkpoints.internal"
    wait_for(lambda: {"heartbeats", syncs, checkpoints} <= topics_of(target_cluster),
             what="internal topics on the target")

    def formatted(t, formatter, n):
        return java.tool("kafka-console-consumer", "--bootstrap-server",
                         target_cluster.bootstrap, "--topic", t, "--from-beginning",
                         "--max-messages", str(n), "--timeout-ms", "20000", "--formatter",
                         f"org.apache.kafka.connect.mirror.formatters.{formatter}",
                         check=False).stdout
    def records_in(t):
        c = Consumer(target_cluster.client_config(**{"group.id": f"t-{suffix()}",
                                                     "log_level": 0}))
        try:
            return c.get_watermark_offsets(TopicPartition(t, 0), timeout=10)[1]
        finally:
            c.close()
    # The shared heartbeats topic also holds other tests' heartbeats: read all there are.
    hb = wait_for(lambda: (lambda out: f"sourceClusterAlias={src}," in out and out)(
        formatted("heartbeats", "HeartbeatFormatter", records_in("heartbeats"))),
        what="our heartbeats")
    assert f"sourceClusterAlias={src}, targetClusterAlias={dst}" in hb, hb
    os_ = formatted(syncs, "OffsetSyncFormatter", 2)
    assert f"topicPartition={topic}-" in os_, os_
    cp = wait_for(lambda: (lambda out: f"consumerGroupId={group}" in out and out)(
        formatted(checkpoints, "CheckpointFormatter", 2)), timeout=90, what="checkpoints")
    assert f"topicPartition={topic}-" in cp, cp

    # Failover: the same group on the target continues from the synced offsets, skipping
    # nothing and repeating at most offset.lag.max records per partition.
    target_offsets = wait_for(synced, timeout=90, what="group offsets synced to the target")
    c = Consumer(target_cluster.client_config(sasl=True, **{
        "group.id": group, "auto.offset.reset": "earliest", "log_level": 0}))
    c.subscribe([topic])
    rest = []
    deadline = time.monotonic() + 60
    expected = sum(300 - target_offsets[pp] for pp in (0, 1))
    while len(rest) < expected and time.monotonic() < deadline:
        m = c.poll(0.5)
        if m is not None and m.error() is None:
            rest.append(m.value().decode())
    c.close()
    for part in (0, 1):
        seen = [int(v.split("-")[1]) for v in rest if v.startswith(f"{part}-")]
        first = seen[0]
        assert first <= committed[part], (part, first, committed[part])      # nothing skipped
        assert committed[part] - first <= 10, (part, first, committed[part])  # offset.lag.max
        assert seen == list(range(first, 300)), part


def test_offset_syncs_of_every_task_keep_flowing_past_ten_in_flight(workers, source_cluster,
                                                                    target_cluster):
    """Two tasks on one worker write their syncs through one producer (sync_producer.h):
    each delivery report must give the slot back to the task that sent the sync. With
    offset.lag.max 0 every record asks for a sync, and each task has 24 records: past its
    ten slots, the newest sync of each partition goes out only once slots came back."""
    props = stock_properties(workers)
    props.update({"key.converter": "org.apache.kafka.connect.converters.ByteArrayConverter",
                  "value.converter": "org.apache.kafka.connect.converters.ByteArrayConverter"})
    w = workers.start(props)
    tag = suffix()
    topic, alias = f"syncs-{tag}", f"t{tag}"
    source_cluster.create_topic(topic, 4, 1)
    name = f"mm-syncs-{tag}"
    create(w, name, {"connector.class": "MirrorSourceConnector", "source.cluster.alias": "s",
                     "target.cluster.alias": alias, "tasks.max": "2",
                     "source.cluster.bootstrap.servers": source_cluster.bootstrap,
                     "target.cluster.bootstrap.servers": target_cluster.bootstrap,
                     "topics": topic, "replication.factor": "1", "offset.lag.max": "0",
                     "offset-syncs.topic.replication.factor": "1"})
    wait_for(lambda: (lambda s: s and len(s["tasks"]) == 2 and
                      all(t["state"] == "RUNNING" for t in s["tasks"]))(status(w, name)),
             what="two tasks RUNNING")
    p = Producer(source_cluster.client_config(log_level=0))
    for i in range(48):
        p.produce(topic, f"v{i}".encode(), partition=i % 4)
    p.flush(10)
    assert len(read_topic(target_cluster, f"s.{topic}", 48)) == 48

    def newest_syncs():
        newest = {}
        for key, value in read_partition0(source_cluster, f"mm2-offset-syncs.{alias}.internal",
                                          timeout=3):
            t, part, up, down = offset_sync(key, value)
            if t == topic:
                newest[part] = (up, down)
        return newest if all(newest.get(part, (0,))[0] == 11 for part in range(4)) else None
    newest = wait_for(newest_syncs, timeout=60, what="every partition's sync of offset 11")
    assert all(down == 11 for _, down in newest.values()), newest


def test_a_stored_offset_that_is_not_a_number_fails_the_task(workers, source_cluster,
                                                              target_cluster):
    """Java's MirrorSourceTask casts the stored offset to a Long and fails to start on
    anything else; starting from auto.offset.reset instead would copy the partition again."""
    props = stock_properties(workers)
    w = workers.start(props)
    tag = suffix()
    topic, name = f"badoff-{tag}", f"mm-badoff-{tag}"
    source_cluster.create_topic(topic, 1, 1)
    key = json.dumps([name, {"cluster": "b", "partition": 0, "topic": topic}],
                     separators=(",", ":"))
    p = Producer(target_cluster.client_config(log_level=0))
    p.produce(props["offset.storage.topic"], key=key.encode(), value=b'{"offset":"12"}')
    p.flush(10)
    create(w, name, {"connector.class": "MirrorSourceConnector", "source.cluster.alias": "b",
                     "source.cluster.bootstrap.servers": source_cluster.bootstrap,
                     "target.cluster.bootstrap.servers": target_cluster.bootstrap,
                     "topics": topic, "replication.factor": "1",
                     "offset-syncs.topic.replication.factor": "1"})
    task = wait_for(lambda: (lambda s: s and s["tasks"] and s["tasks"][0]["state"] == "FAILED" and
                             s["tasks"][0])(status(w, name)), what="the task FAILED")
    assert f'The stored offset of {topic}-0 is not a number: "12"' in task["trace"], task
    assert w.get("/").status_code == 200


def test_killing_the_worker_running_the_task_loses_nothing(workers, source_cluster,
                                                           target_cluster):
    props = stock_properties(workers)
    # The killed worker's task moves once its session expires: the broker's least session
    # timeout (6 s, not 10 s) makes that sooner; nothing checked here depends on when.
    props.update({"scheduled.rebalance.max.delay.ms": "0",
                  "session.timeout.ms": "6000", "heartbeat.interval.ms": "1000",
                  "key.converter": "org.apache.kafka.connect.converters.ByteArrayConverter",
                  "value.converter": "org.apache.kafka.connect.converters.ByteArrayConverter"})
    ws = [workers.start(props) for _ in range(2)]
    tag = suffix()
    topic = f"kill-{tag}"
    source_cluster.create_topic(topic, 2, 1)
    name = f"mm-kill-{tag}"
    create(ws[0], name, {"connector.class": "MirrorSourceConnector", "source.cluster.alias": "k",
                         "source.cluster.bootstrap.servers": source_cluster.bootstrap,
                         "target.cluster.bootstrap.servers": target_cluster.bootstrap,
                         "topics": topic, "replication.factor": "1",
                         "offset-syncs.topic.replication.factor": "1", "tasks.max": "1"})
    s = wait_for(lambda: (lambda s: s and s["tasks"] and s["tasks"][0]["state"] == "RUNNING" and s)(
        status(ws[0], name)), what="task RUNNING")
    owner = s["tasks"][0]["worker_id"]

    total = 20000
    stop = threading.Event()

    def produce():
        p = Producer(source_cluster.client_config(**{"log_level": 0, "linger.ms": 5}))
        for i in range(total):
            p.produce(topic, f"record-{i}".encode(), partition=i % 2)
            if i % 500 == 0:
                p.poll(0)
                time.sleep(0.05)
        p.flush(30)
        stop.set()
    t = threading.Thread(target=produce)
    t.start()
    time.sleep(2)
    victim = next(w for w in ws if owner.endswith(f":{w.port}"))
    survivor = next(w for w in ws if w is not victim)
    victim.proc.send_signal(signal.SIGKILL)
    victim.proc.wait()
    t.join(120)
    assert stop.is_set()
    wait_for(lambda: (lambda s: s and s["tasks"] and s["tasks"][0]["state"] == "RUNNING" and
                      s["tasks"][0]["worker_id"].endswith(f":{survivor.port}"))(
        status(survivor, name)), timeout=90, what="the task on the survivor")
    # At least once: duplicates are allowed, so read until every value is there (or time out).
    want = {f"record-{i}" for i in range(total)}
    missing = want - values_until(target_cluster, f"k.{topic}", want, 120)
    assert not missing, f"{len(missing)} records lost, e.g. {sorted(missing)[:5]}"


def test_a_copied_backlog_is_committed_long_before_the_flush_interval(workers, source_cluster,
                                                                     target_cluster):
    """A task that starts behind its source copies the backlog in a moment; its offsets are
    committed once it has (README: when source offsets are committed), not a flush interval
    (60 s) later, so the next owner of a task whose worker dies then copies none of it
    again. Records keep coming meanwhile, as they do when a task restarts after a
    rebalance."""
    props = workers.properties(**{
        "key.converter": "org.apache.kafka.connect.converters.ByteArrayConverter",
        "value.converter": "org.apache.kafka.connect.converters.ByteArrayConverter"})
    assert "offset.flush.interval.ms" not in props          # Java's default, 60 s
    w = workers.start(props)
    tag = suffix()
    topic = f"backlog-{tag}"
    source_cluster.create_topic(topic, 2, 1)
    backlog = 20000
    stop = threading.Event()

    def produce():                      # the backlog at once, then some 500 records/s
        p = Producer(source_cluster.client_config(**{"log_level": 0, "linger.ms": 5}))
        i = 0
        while not stop.is_set():
            p.produce(topic, f"record-{i}".encode(), partition=i % 2)
            i += 1
            if i % 1000 == 0:
                p.poll(0)
            if i == backlog:
                p.flush(30)
                ready.set()
            if i > backlog and i % 50 == 0:
                p.poll(0.1)
        p.flush(30)
    ready = threading.Event()
    t = threading.Thread(target=produce)
    t.start()
    try:
        assert ready.wait(60)
        name = f"mm-backlog-{tag}"
        create(w, name, {"connector.class": "MirrorSourceConnector",
                         "source.cluster.alias": "b",
                         "source.cluster.bootstrap.servers": source_cluster.bootstrap,
                         "target.cluster.bootstrap.servers": target_cluster.bootstrap,
                         "topics": topic, "replication.factor": "1",
                         "offset-syncs.topic.replication.factor": "1", "tasks.max": "1"})
        wait_for(lambda: (lambda s: s and s["tasks"] and
                          s["tasks"][0]["state"] == "RUNNING")(status(w, name)),
                 what="task RUNNING")
        started = time.monotonic()

        def committed():
            r = w.get(f"/connectors/{name}/offsets")
            if r.status_code != 200:
                return None
            got = {o["partition"]["partition"]: o["offset"]["offset"] for o in r.json()["offsets"]}
            return len(got) == 2 and all(v >= backlog // 2 - 1 for v in got.values()) and got
        wait_for(committed, timeout=20, what="the backlog's offsets committed")
        assert time.monotonic() - started < 30, "committed no sooner than a flush interval"
    finally:
        stop.set()
        t.join(60)


def test_topic_configs_acls_and_partitions_follow_the_source(workers, source_cluster,
                                                             target_cluster):
    from confluent_kafka.admin import (AclBinding, AclBindingFilter, AclOperation,
                                       AclPermissionType, AlterConfigOpType, ConfigEntry,
                                       ConfigResource, NewPartitions, ResourcePatternType,
                                       ResourceType)
    w = workers.start(stock_properties(workers))
    tag = suffix()
    topic = f"cfg-{tag}"
    source_cluster.create_topic(topic, 1, 1, config={"retention.ms": "3600000",
                                                     "min.insync.replicas": "1",
                                                     "max.message.bytes": "200000"})
    sadmin = source_cluster.admin()
    acls = [AclBinding(ResourceType.TOPIC, topic, ResourcePatternType.LITERAL, "User:alice", "*",
                       AclOperation.ALL, AclPermissionType.ALLOW),
            AclBinding(ResourceType.TOPIC, topic, ResourcePatternType.LITERAL, "User:alice", "*",
                       AclOperation.WRITE, AclPermissionType.ALLOW),
            AclBinding(ResourceType.TOPIC, topic, ResourcePatternType.LITERAL, "User:mallory",
                       "*", AclOperation.DESCRIBE, AclPermissionType.DENY)]
    for f in sadmin.create_acls(acls).values():
        f.result(10)
    name = f"mm-cfg-{tag}"
    create(w, name, {"connector.class": "MirrorSourceConnector", "source.cluster.alias": "c",
                     "source.cluster.bootstrap.servers": source_cluster.bootstrap,
                     "target.cluster.bootstrap.servers": target_cluster.bootstrap,
                     "topics": topic, "replication.factor": "1",
                     "offset-syncs.topic.replication.factor": "1",
                     "sync.topic.configs.interval.seconds": "2",
                     "sync.topic.acls.interval.seconds": "2",
                     "value.converter": "org.apache.kafka.connect.converters.ByteArrayConverter"})
    remote = f"c.{topic}"
    # (Listing all topics: a metadata request naming the topic would auto-create it.)
    wait_for(lambda: remote in topics_of(target_cluster), what="the remote topic")
    cfg = target_cluster.topic_config(remote)
    assert cfg["retention.ms"] == "3600000" and cfg["max.message.bytes"] == "200000"
    assert cfg["min.insync.replicas"] != "5"         # excluded from sync by default

    # A config changed on the source reaches the target at the next sync.
    res = ConfigResource(ResourceType.TOPIC, topic, incremental_configs=[
        ConfigEntry("retention.ms", "7200000", incremental_operation=AlterConfigOpType.SET)])
    sadmin.incremental_alter_configs([res])[res].result(10)
    wait_for(lambda: target_cluster.topic_config(remote)["retention.ms"] == "7200000",
             what="retention.ms synced")

    # ACLs: ALLOW ALL becomes READ, ALLOW WRITE is not copied, DENY is copied as it is.
    def target_acls():
        f = AclBindingFilter(ResourceType.TOPIC, remote, ResourcePatternType.ANY, None, None,
                             AclOperation.ANY, AclPermissionType.ANY)
        admin = target_cluster.admin()                  # alive until the future resolves
        return {(b.principal, b.operation, b.permission_type)
                for b in admin.describe_acls(f).result(10)}
    got = wait_for(lambda: len(target_acls()) >= 2 and target_acls(), what="ACLs synced")
    assert got == {("User:alice", AclOperation.READ, AclPermissionType.ALLOW),
                   ("User:mallory", AclOperation.DESCRIBE, AclPermissionType.DENY)}

    # More partitions on the source: the remote topic grows and the new partition flows.
    sadmin.create_partitions([NewPartitions(topic, 3)])[topic].result(10)
    wait_for(lambda: target_cluster.topic_partitions(remote) == 3, what="partitions grown")
    p = Producer(source_cluster.client_config(log_level=0))
    p.produce(topic, b"in partition 2", partition=2)
    p.flush(10)
    got = wait_for(lambda: [r for r in read_topic(target_cluster, remote, 1, timeout=2)
                            if r[0] == 2], timeout=60, what="the new partition replicated")
    assert got[0][3] == b"in partition 2"


def test_order_kept_and_nothing_doubled_while_the_target_refuses_writes(tmp_path, source_cluster,
                                                                        java):
    """A partition's records reach the target in the source's order, each once, while the
    target alternately refuses and accepts the task's writes: NOT_ENOUGH_REPLICAS (retriable)
    from a topic whose second replica's broker is stopped, with min.insync.replicas flipped
    between 2 and 1 every 20 ms. A write refused while the next one is already built must not
    let the next one land first (Java's task producer keeps the order with one request in
    flight), and one refused after it was appended (NOT_ENOUGH_REPLICAS_AFTER_APPEND) must not
    land twice. Retries are made fast on the connector, so the race comes up within seconds.
    The offset syncs, written to the target under the same flips, keep their order too (a
    retried sync landing after a newer one would send the checkpoint task's translation back),
    and each names the target offset its record landed at."""
    import kafka_harness as kh
    from confluent_kafka.admin import (AdminClient, AlterConfigOpType, ConfigEntry,
                                       ConfigResource)
    from kconnect import WorkerFactory

    target = kh.Cluster("order", brokers=3, java=java).start()
    factory = WorkerFactory(tmp_path, target)
    try:
        tag = suffix()
        topic = f"ord-{tag}"
        remote = f"src.{topic}"
        source_cluster.create_topic(topic, 1, 1)
        syncs = "mm2-offset-syncs.src.internal"
        for t, extra in ((remote, []), (syncs, ["--config", "cleanup.policy=compact"])):
            java.tool("kafka-topics", "--bootstrap-server", target.bootstrap, "--create",
                      "--topic", t, "--replica-assignment", "1:3", *extra)
            wait_for(lambda: target.topic_partitions(t) == 1, what=f"topic {t}")
        # Stopped cleanly, node 3 leaves the ISR at once; two of three voters keep the quorum.
        # The worker's internal topics are made afterwards, on the live nodes.
        target.nodes[2].stop()
        live = target.nodes[0]
        admin = AdminClient({"bootstrap.servers": f"127.0.0.1:{live.plaintext_port}",
                             "log_level": 0})

        def min_isr(value):
            res = [ConfigResource("topic", t, incremental_configs=[
                ConfigEntry("min.insync.replicas", str(value),
                            incremental_operation=AlterConfigOpType.SET)]) for t in (remote, syncs)]
            for f in admin.incremental_alter_configs(res).values():
                f.result(10)

        props = factory.properties(**{
            "key.converter": "org.apache.kafka.connect.converters.ByteArrayConverter",
            "value.converter": "org.apache.kafka.connect.converters.ByteArrayConverter"})
        w = factory.start(props)
        name = f"mm-ord-{tag}"
        create(w, name, {"connector.class": "MirrorSourceConnector",
                         "source.cluster.alias": "src", "tasks.max": "1", "topics": topic,
                         "source.cluster.bootstrap.servers": source_cluster.bootstrap,
                         "target.cluster.bootstrap.servers": target.bootstrap,
                         "replication.factor": "1", "offset-syncs.topic.location": "target",
                         "offset-syncs.topic.replication.factor": "1",
                         "sync.topic.configs.enabled": "false",
                         "sync.topic.acls.enabled": "false",
                         "producer.override.retry.backoff.ms": "1",
                         "producer.override.retry.backoff.max.ms": "5",
                         "producer.override.request.timeout.ms": "5000",
                         "target.producer.retry.backoff.ms": "1",
                         "target.producer.retry.backoff.max.ms": "5",
                         "target.producer.request.timeout.ms": "5000",
                         "offset.lag.max": "0"})
        wait_for(lambda: (lambda s: s and s["tasks"] and s["tasks"][0]["state"] == "RUNNING")(
            status(w, name)), what="task RUNNING")

        total = 30000
        produced = threading.Event()

        def produce():
            p = Producer(source_cluster.client_config(**{"log_level": 0, "linger.ms": 2}))
            for i in range(total):
                p.produce(topic, str(i).encode(), partition=0)
                if i % 100 == 99:              # 5,000 records/s, for 6 s
                    p.poll(0)
                    time.sleep(0.02)
            p.flush(30)
            produced.set()
        t = threading.Thread(target=produce)
        t.start()
        flips = 0
        while not produced.is_set():
            min_isr(2 if flips % 2 == 0 else 1)
            flips += 1
            time.sleep(0.02)
        min_isr(1)
        t.join(60)
        assert produced.is_set() and flips >= 20, flips

        def landed():
            got = read_topic(target, remote, total, timeout=5)
            return len(got) >= total and got
        got = wait_for(landed, timeout=120, what="every record on the target")
        values = [int(v) for (_, _, _, v, _, _) in sorted(got, key=lambda r: r[1])]
        inversions = [(a, b) for a, b in zip(values, values[1:]) if b < a]
        assert not inversions, f"{len(inversions)} out of order, e.g. {inversions[:5]}"
        assert values == list(range(total)), f"{len(values) - total} more than sent"

        # The last records' sync is sent at the task's next offset flush.
        pairs = wait_for(lambda: (lambda s: s and s[-1][0] >= total - 101 and s)(
            [offset_sync(k, v)[2:] for k, v in read_partition0(target, syncs, timeout=5)]),
            timeout=60, what="the offset syncs up to the last records")
        backwards = [(a, b) for a, b in zip(pairs, pairs[1:]) if b[0] < a[0] or b[1] < a[1]]
        assert not backwards, f"{len(backwards)} syncs out of order, e.g. {backwards[:5]}"
        assert all(up == down for up, down in pairs), [p for p in pairs if p[0] != p[1]][:5]
        # Both producers wrote as idempotent producers (Java's offset-sync producer is one by
        # default): every batch on the leader's disk carries a producer id.
        for t in (remote, syncs):
            batches = [ln for ln in java.tool("kafka-dump-log", "--files", os.path.join(
                live.dir, "data", f"{t}-0", "00000000000000000000.log")).stdout.splitlines()
                if ln.startswith("baseOffset:")]
            anonymous = [b for b in batches if "producerId: -1 " in b]
            assert batches and not anonymous, (t, len(batches), anonymous[:3])
        assert state(w, name) == "RUNNING"
    finally:
        factory.close()
        target.kill()


def test_task_producer_idempotence_gives_way_to_settings_that_forbid_it(workers,
                                                                        target_cluster):
    """The task producer is idempotent unless told otherwise. Settings idempotence does not
    allow (here acks=1) turn it off when enable.idempotence is not given, as in Java's client:
    the task runs and heartbeats flow, and the log says the order across retries is not kept.
    Given explicitly with such settings, the task fails at start-up with the reason."""
    props = stock_properties(workers)
    props.update({"key.converter": "org.apache.kafka.connect.converters.ByteArrayConverter",
                  "value.converter": "org.apache.kafka.connect.converters.ByteArrayConverter"})
    w = workers.start(props)
    tag = suffix()
    common = {"connector.class": "MirrorHeartbeatConnector", "source.cluster.alias": f"a{tag}",
              "target.cluster.alias": "t", "heartbeats.topic.replication.factor": "1",
              "emit.heartbeats.interval.seconds": "1",
              "target.cluster.bootstrap.servers": target_cluster.bootstrap}

    def task_state(name):
        s = status(w, name)
        return s and s["tasks"] and s["tasks"][0]

    create(w, f"hb-acks1-{tag}", dict(common, **{"producer.override.acks": "1"}))
    wait_for(lambda: (task_state(f"hb-acks1-{tag}") or {}).get("state") == "RUNNING",
             what="task RUNNING with acks=1")
    wait_for(lambda: any(k and f"a{tag}".encode() in k
                         for k, _ in read_partition0(target_cluster, "heartbeats")),
             what="its heartbeats written")
    w.wait_log(f"[hb-acks1-{tag}-0] producer not idempotent")

    create(w, f"hb-both-{tag}", dict(common, **{"producer.override.acks": "1",
                                                "producer.override.enable.idempotence": "true"}))
    t = wait_for(lambda: (lambda t: t and t["state"] == "FAILED" and t)(
        task_state(f"hb-both-{tag}")), what="task FAILED")
    assert "Failed to create producer" in t["trace"] and "acks" in t["trace"], t["trace"]


@pytest.mark.parametrize("eos", [False, True], ids=["at-least-once", "exactly-once"])
def test_provenance_headers_keep_active_active_and_rings_loop_free(tmp_path, workers,
                                                                   source_cluster,
                                                                   target_cluster, java, eos):
    """IdentityReplicationPolicy between clusters A and B in both directions, and around the
    ring A->B->C->A: without provenance headers every record would come back and be copied
    forever (Java's policy cannot tell). With them (on by default with that policy) each
    record produced on any cluster lands once on every cluster of its topology and nothing
    loops; the header lists the clusters a record has been in, by cluster ID, origin first;
    the records passed over are counted, and their offsets committed (with exactly-once
    support too, where a poll of records that are all passed over has no transaction of
    its own to carry them)."""
    import kafka_harness as kh
    from kconnect import WorkerFactory

    a, b = source_cluster, target_cluster
    c = kh.Cluster("prov-c", brokers=1, java=java).start()
    for d in ("wa", "wc"):
        (tmp_path / d).mkdir()
    fa, fc = WorkerFactory(tmp_path / "wa", a), WorkerFactory(tmp_path / "wc", c)
    try:
        tag = suffix()
        both, ring = f"aa-{tag}", f"ring-{tag}"
        clusters = {"A": a, "B": b, "C": c}
        for t, names in ((both, "AB"), (ring, "ABC")):
            for n in names:
                clusters[n].create_topic(t, 1, 1)
        converters = {"key.converter": "org.apache.kafka.connect.converters.ByteArrayConverter",
                      "value.converter":
                          "org.apache.kafka.connect.converters.ByteArrayConverter",
                      "offset.flush.interval.ms": "1000",
                      **({"exactly.once.source.support": "enabled"} if eos else {})}
        wa = fa.start(fa.properties(**converters))
        wb = workers.start(workers.properties(**converters))
        wc = fc.start(fc.properties(**converters))

        def flow(src, dst, topics):
            return {"connector.class": "MirrorSourceConnector", "tasks.max": "1",
                    "source.cluster.alias": src, "target.cluster.alias": dst,
                    "source.cluster.bootstrap.servers": clusters[src].bootstrap,
                    "target.cluster.bootstrap.servers": clusters[dst].bootstrap,
                    "replication.policy.class":
                        "org.apache.kafka.connect.mirror.IdentityReplicationPolicy",
                    "topics": topics, "replication.factor": "1",
                    "offset-syncs.topic.replication.factor": "1",
                    "sync.topic.acls.enabled": "false", "offset.lag.max": "0",
                    "heartbeats.replication.enabled": "false"}
        flows = {"ab": (wb, flow("A", "B", f"{both},{ring}")), "ba": (wa, flow("B", "A", both)),
                 "bc": (wc, flow("B", "C", ring)), "ca": (wa, flow("C", "A", ring))}
        for name, (w, config) in flows.items():
            create(w, f"{name}-{tag}", config)
        for name, (w, _) in flows.items():
            wait_for(lambda: (lambda s: s and s["tasks"] and s["tasks"][0]["state"] == "RUNNING")(
                status(w, f"{name}-{tag}")), what=f"{name} RUNNING")

        per = 200
        sent = {both: [], ring: []}
        for t, names in ((both, "AB"), (ring, "ABC")):
            for n in names:
                p = Producer(clusters[n].client_config(log_level=0))
                for i in range(per):
                    v = f"{t}:{n}:{i}"
                    p.produce(t, v.encode(), partition=0)
                    sent[t].append(v)
                assert p.flush(30) == 0
        expect = {(t, n): sorted(sent[t]) for t, names in ((both, "AB"), (ring, "ABC"))
                  for n in names}

        def values(t, n, timeout=2):
            return sorted(r[3].decode() for r in read_topic(clusters[n], t, len(sent[t]) + 1,
                                                            timeout=timeout))
        for (t, n), want in expect.items():
            wait_for(lambda: len(values(t, n)) >= len(want), timeout=120,
                     what=f"{t} complete on {n}")

        # Every flow has read its source topics to their ends (its committed offsets): every
        # record that could come back has come to the flow that would copy it back.
        def committed(w, connector):
            r = w.get(f"/connectors/{connector}/offsets")
            return {o["partition"]["topic"]: o["offset"]["offset"]
                    for o in (r.json().get("offsets") or [] if r.status_code == 200 else [])}
        for name, (w, config) in flows.items():
            src = config["source.cluster.alias"]
            # The offset of each topic's last record (a transaction's marker may follow it).
            want = {t: max(r[1] for r in read_topic(clusters[src], t, len(sent[t]), timeout=10))
                    for t in config["topics"].split(",")}
            wait_for(lambda: all(committed(w, f"{name}-{tag}").get(t) == o
                                 for t, o in want.items()), timeout=90,
                     what=f"{name} committed to the end of {src}'s topics")
        # Those it passed over are counted (by the task instance now running: a task
        # restarted by a reconfiguration counts from its restart): A->B passes B's records of
        # both topologies, B->A A's, B->C C's ring records, C->A A's ring records.
        def not_copied(w, connector):
            text = w.get("/admin/metrics").text
            return sum(float(ln.rsplit(" ", 1)[1]) for ln in text.splitlines()
                       if ln.startswith("kconnect_mirror_source_records_not_copied_total{") and
                       f'connector="{connector}"' in ln)
        for name, count in (("ab", 2 * per), ("ba", per), ("bc", per), ("ca", per)):
            w = flows[name][0]
            assert 0 < not_copied(w, f"{name}-{tag}") <= count, name
        # Then every cluster holds each record once.
        for (t, n), want in expect.items():
            got = values(t, n, timeout=5)
            assert got == want, (t, n, len(got), len(want),
                                 sorted(set(got) - set(want))[:3] or
                                 [v for v in set(got) if got.count(v) > 1][:3])

        # The header: the cluster IDs the record went through, origin first.
        def header_of(t, n, value):
            for r in read_topic(clusters[n], t, len(sent[t]), timeout=10):
                if r[3] == value.encode():
                    return dict(r[4] or []).get("__kc_provenance")
        ids = {n: x.cluster_id for n, x in clusters.items()}
        assert header_of(both, "B", f"{both}:A:0") == f"{ids['A']},{ids['B']}".encode()
        assert header_of(ring, "A", f"{ring}:B:0") == \
            f"{ids['B']},{ids['C']},{ids['A']}".encode()
        assert header_of(both, "A", f"{both}:A:0") is None      # produced there, never copied
    finally:
        fa.close()
        fc.close()
        c.kill()


def test_checkpoints_in_both_directions_under_active_active(tmp_path, workers, source_cluster,
                                                          target_cluster):
    """A and B mirror one topic to each other under IdentityReplicationPolicy, with a
    MirrorCheckpointConnector each way. Each cluster's topic holds its own records and the
    other's copies, which the flow back passes over and writes no offset sync for. Groups
    committed on either cluster, in a run of copied records, in a run of passed-over ones
    and at the end, are translated into the other cluster: never ahead (a consumer moved
    there at the checkpoint misses no record it had not read), exact at the end of a run
    produced there, and a group whose position has no sync at or below it gets no
    checkpoint."""
    from kconnect import WorkerFactory, checkpoint

    a, b = source_cluster, target_cluster
    clusters = {"A": a, "B": b}
    tag = suffix()
    t = f"cp-aa-{tag}"
    for c in clusters.values():
        c.create_topic(t, 1, 1)
    (tmp_path / "wa").mkdir()
    fa = WorkerFactory(tmp_path / "wa", a)
    try:
        converters = {"key.converter": "org.apache.kafka.connect.converters.ByteArrayConverter",
                      "value.converter":
                          "org.apache.kafka.connect.converters.ByteArrayConverter",
                      "offset.flush.interval.ms": "1000"}
        workers_of = {"A": fa.start(fa.properties(**converters)),       # copies into A
                      "B": workers.start(workers.properties(**converters))}

        def common(src, dst):
            return {"source.cluster.alias": src, "target.cluster.alias": dst,
                    "source.cluster.bootstrap.servers": clusters[src].bootstrap,
                    "target.cluster.bootstrap.servers": clusters[dst].bootstrap,
                    "replication.policy.class":
                        "org.apache.kafka.connect.mirror.IdentityReplicationPolicy",
                    "topics": t, "tasks.max": "1"}
        for src, dst in (("A", "B"), ("B", "A")):
            w = workers_of[dst]
            create(w, f"src-{src}{dst}-{tag}", dict(common(src, dst), **{
                "connector.class": "MirrorSourceConnector", "replication.factor": "1",
                "offset-syncs.topic.replication.factor": "1", "offset.lag.max": "0",
                "sync.topic.acls.enabled": "false", "heartbeats.replication.enabled": "false"}))
            create(w, f"cp-{src}{dst}-{tag}", dict(common(src, dst), **{
                "connector.class": "MirrorCheckpointConnector", "groups": f"g.*-{tag}",
                "emit.checkpoints.interval.seconds": "1",
                "refresh.groups.interval.seconds": "1",
                "checkpoints.topic.replication.factor": "1"}))

        def values(n):
            return [r[3].decode() for r in sorted(read_topic(clusters[n], t, 10 ** 6,
                                                             timeout=3), key=lambda r: r[1])]

        # A0-99, then B0-99, then A100-199: the same order on both clusters, each run either
        # produced there or copied.
        total = 0
        for n, first, last in (("A", 0, 100), ("B", 0, 100), ("A", 100, 200)):
            total += last - first
            p = Producer(clusters[n].client_config(log_level=0))
            for i in range(first, last):
                p.produce(t, f"{n}{i}".encode(), partition=0)
            assert p.flush(30) == 0
            for m in clusters:
                wait_for(lambda m=m, want=total: len(values(m)) >= want, timeout=120,
                         what=f"{total} records on {m}")
        on = {n: values(n) for n in clusters}
        expected = [f"A{i}" for i in range(100)] + [f"B{i}" for i in range(100)] + \
            [f"A{i}" for i in range(100, 200)]
        assert on["A"] == on["B"] == expected

        # Groups committed on each cluster: in the run copied from the other side (no sync),
        # in the run produced there (synced by the flow out), and at the end.
        positions = {"A": {"mid-passed": 150, "mid-copied": 250, "end": 300},
                     "B": {"mid-passed": 50, "mid-copied": 150, "end": 300}}
        for n, at in positions.items():
            for what, offset in at.items():
                c = Consumer(clusters[n].client_config(**{"group.id": f"g{n}-{what}-{tag}",
                                                          "log_level": 0}))
                c.commit(offsets=[TopicPartition(t, 0, offset)], asynchronous=False)
                c.close()

        def checkpoints(src, dst):
            """{group: (upstream, downstream)}, the latest per group, from the checkpoint
            topic the src->dst connector writes on dst."""
            out = {}
            c = Consumer(clusters[dst].client_config(**{"group.id": f"t-{suffix()}",
                                                        "auto.offset.reset": "earliest",
                                                        "log_level": 0}))
            c.subscribe([f"{src}.checkpoints.internal"])
            deadline = time.monotonic() + 3
            while time.monotonic() < deadline:
                m = c.poll(0.5)
                if m is not None and m.error() is None:
                    g, topic, part, up, down, _ = checkpoint(m.key(), m.value())
                    if topic == t and part == 0:
                        out[g] = (up, down)
            c.close()
            return out

        # At the end of each topic: one past the last offset sync, which the store always
        # keeps. A's topic ends with records produced there (synced by A->B): exact. B's
        # ends with A's copies, which B->A passes over: one past B99's sync, so a consumer
        # moved to A reads A100-199 again (at least once, as for any run without syncs).
        end = {"A": 300, "B": 200}
        for src, dst in (("A", "B"), ("B", "A")):
            at = positions[src]
            want = {f"g{src}-{w}-{tag}" for w in at if w != "mid-passed" or src == "A"}
            got = wait_for(lambda: (cp := checkpoints(src, dst)) and want <= set(cp) and
                           cp[f"g{src}-end-{tag}"][1] == end[src] and cp, timeout=120,
                           what=f"checkpoints of {src}'s groups on {dst}")
            for what, offset in at.items():
                g = f"g{src}-{what}-{tag}"
                if g not in got:
                    # B's run of A's copies has no sync of the B->A flow at or below 50:
                    # no translation, as Java's store gives none.
                    assert (src, what) == ("B", "mid-passed"), (g, got)
                    continue
                up, down = got[g]
                assert up == offset, (g, got[g])
                # Never ahead: every record before the checkpoint on dst is one the group
                # had read on src.
                assert 0 < down <= offset, (g, got[g])
                assert set(on[dst][:down]) <= set(on[src][:offset]), (g, got[g])
            assert got[f"g{src}-end-{tag}"] == (300, end[src])
    finally:
        fa.close()
