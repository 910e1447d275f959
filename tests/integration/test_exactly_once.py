"""
tests/integration/test_exactly_once.py - exactly-once source support (KIP-618,
exactly.once.source.support=enabled): a FileStreamSource pipeline whose worker is killed -9
while lines flow loses none and repeats none (read read_committed); the round of zombie
fencing writes the task count to the config topic as Java's leader does; a task's
transactional id is Java's; the validation answers of exactly.once.support and
transaction.boundary are Java's; the Replicator-compatible connector runs exactly once with a
read_committed source; a broker refusing a task's transactional id fails the task as it fails
Java's, and the worker runs on; a task on a follower asks again a leader that answers its
fencing request 503 (still starting up), then runs.

SPDX-License-Identifier: Apache-2.0
"""

import json
import signal
import threading
import time
import uuid

import pytest
import requests
from confluent_kafka import OFFSET_BEGINNING, Consumer, TopicPartition

import kafka_harness as kh
from kconnect import base_properties


def eos_properties(cluster, suffix):
    props = base_properties(cluster, suffix)
    props.update({
        "exactly.once.source.support": "enabled",
        "key.converter": "org.apache.kafka.connect.storage.StringConverter",
        "value.converter": "org.apache.kafka.connect.storage.StringConverter",
        "scheduled.rebalance.max.delay.ms": "2000",
        "session.timeout.ms": "6000",
        "heartbeat.interval.ms": "1000",
    })
    return props


def mirror_eos_properties(cluster, suffix):
    """An exactly-once worker's properties whose converters pass bytes through."""
    props = eos_properties(cluster, suffix)
    props.update({"key.converter": "org.apache.kafka.connect.converters.ByteArrayConverter",
                  "value.converter": "org.apache.kafka.connect.converters.ByteArrayConverter"})
    return props


def two_mirror_workers(workers, cluster, suffix):
    """Two exactly-once workers of one group whose converters pass bytes through."""
    props = mirror_eos_properties(cluster, suffix)
    return workers.start(dict(props)), workers.start(dict(props))


def eos_mirror_config(source, target, topic, tasks):
    """A MirrorSourceConnector from alias src to dst copying topic exactly once (its source
    read read_committed), with none of its other flows."""
    return {
        "connector.class": "MirrorSourceConnector", "source.cluster.alias": "src",
        "target.cluster.alias": "dst", "tasks.max": str(tasks), "topics": topic,
        "source.cluster.bootstrap.servers": source.bootstrap,
        "target.cluster.bootstrap.servers": target.bootstrap,
        "source.consumer.isolation.level": "read_committed", "exactly.once.support": "required",
        "replication.factor": "1", "offset-syncs.topic.replication.factor": "1",
        "sync.topic.configs.enabled": "false", "sync.topic.acls.enabled": "false",
        "emit.heartbeats.enabled": "false", "emit.checkpoints.enabled": "false"}


def read_all(cluster, topic, isolation="read_committed", timeout=10, partition=0):
    """Every value of a partition, read to its end (no record for `timeout` s)."""
    c = Consumer(cluster.client_config(**{"group.id": f"t-{uuid.uuid4().hex[:6]}",
                                          "isolation.level": isolation,
                                          "enable.partition.eof": True, "log_level": 0}))
    c.assign([TopicPartition(topic, partition, OFFSET_BEGINNING)])
    out, idle_since = [], time.monotonic()
    try:
        while time.monotonic() - idle_since < timeout:
            m = c.poll(0.5)
            if m is None or m.error():
                continue
            out.append(m.value().decode())
            idle_since = time.monotonic()
    finally:
        c.close()
    return out


def config_records(cluster, topic):
    c = Consumer(cluster.client_config(**{"group.id": f"t-{uuid.uuid4().hex[:6]}",
                                          "enable.partition.eof": True, "log_level": 0}))
    c.assign([TopicPartition(topic, 0, OFFSET_BEGINNING)])
    out = []
    try:
        while True:
            m = c.poll(5)
            if m is None or m.error():
                break
            out.append((m.key().decode(), json.loads(m.value()) if m.value() else None))
    finally:
        c.close()
    return out


def wait_until(what, fn, timeout=60):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        v = fn()
        if v:
            return v
        time.sleep(0.2)
    raise AssertionError(f"{what} not within {timeout}s")


def task_owner(w, name):
    r = w.get(f"/connectors/{name}/status")
    if r.status_code != 200:
        return None
    tasks = r.json()["tasks"]
    return tasks[0]["worker_id"] if tasks and tasks[0]["state"] == "RUNNING" else None


def kill_owner_while_flowing(cluster, topic, w1, w2, name, owner, feed):
    """Runs feed on a thread; once 3000 records reached topic, kills -9 whichever of w1,
    w2 runs the task (owner, its worker id) and waits for the other to run it. Returns the
    survivor once feed has ended."""
    thread = threading.Thread(target=feed)
    thread.start()
    try:
        wait_until("records copied", lambda: len(read_all(cluster, topic, timeout=1)) > 3000)
        victim = w1 if w1.url.endswith(owner.split(":")[1]) else w2
        survivor = w2 if victim is w1 else w1
        victim.proc.send_signal(signal.SIGKILL)
        victim.proc.wait(10)
        wait_until("the task running on the survivor", lambda: task_owner(survivor, name) ==
                   survivor.url.split("//")[1], timeout=90)
    finally:
        thread.join()
    return survivor


def read_exactly(cluster, topic, total, partition=0):
    """A partition's values once it holds at least total (read_committed)."""
    return wait_until("every record copied",
                      lambda: (v := read_all(cluster, topic, timeout=3, partition=partition))
                      and len(v) >= total and v, timeout=120)


def test_kill_minus_9_loses_and_repeats_nothing(workers, target_cluster, tmp_path):
    suffix = uuid.uuid4().hex[:8]
    topic = f"eos-{suffix}"
    target_cluster.create_topic(topic)
    props = eos_properties(target_cluster, suffix)
    w1 = workers.start(dict(props))
    w2 = workers.start(dict(props))
    source = tmp_path / "lines.txt"
    source.write_text("")
    name = "eos-file"
    r = w1.request("POST", "/connectors", json={"name": name, "config": {
        "connector.class": "FileStreamSource", "file": str(source), "topic": topic,
        "tasks.max": "1", "exactly.once.support": "required", "batch.size": "50"}})
    assert r.status_code == 201, r.text

    total = 20000
    stop = threading.Event()

    def write():
        with open(source, "a") as f:
            for i in range(total):
                f.write(f"line-{i}\n")
                if i % 200 == 199:
                    f.flush()
                    time.sleep(0.05)
                if stop.is_set():
                    return
    owner = wait_until("the task running", lambda: task_owner(w1, name))
    survivor = kill_owner_while_flowing(target_cluster, topic, w1, w2, name, owner, write)
    values = read_exactly(target_cluster, topic, total)
    expected = [f"line-{i}" for i in range(total)]
    assert values == expected, (len(values), len(set(values)),
                                [v for v in values if values.count(v) > 1][:10])
    # The round of zombie fencing wrote the task count, as Java's leader does.
    records = config_records(target_cluster, props["config.storage.topic"])
    counts = [v for k, v in records if k == f"tasks-fencing-{name}"]
    assert counts and counts[-1] == {"task-count": 1}, records
    assert survivor.sanitizer_report() is None


def test_validation_answers_as_java(workers, target_cluster, java, tmp_path):
    """exactly.once.support=required and transaction.boundary=connector checked as a Java
    worker checks them: the worker's support, the connector's answer, MirrorSource's
    read_committed rule."""
    suffix = uuid.uuid4().hex[:8]
    jprops = base_properties(target_cluster, f"j{suffix}")
    jw = kh.JavaConnectWorker(java, str(tmp_path), jprops).start()
    kw = workers.start(base_properties(target_cluster, f"k{suffix}"))
    jw.wait_log("Joined group at generation", timeout=180)
    # Java's REST resources are registered after its herder starts: 404 until then.
    wait_until("Java's REST resources", lambda: requests.get(
        f"{jw.url}/connector-plugins", timeout=10).status_code == 200, timeout=120)
    cases = [
        ("FileStreamSource", {"file": "/tmp/x", "topic": "t", "exactly.once.support": "required"}),
        ("FileStreamSource", {"topic": "t", "exactly.once.support": "required"}),
        ("FileStreamSource", {"file": "/tmp/x", "topic": "t", "transaction.boundary": "connector"}),
        ("MirrorSourceConnector", {"source.cluster.alias": "a", "transaction.boundary": "connector",
                                   "source.cluster.bootstrap.servers": "localhost:1"}),
        ("MirrorSourceConnector", {"source.cluster.alias": "a", "exactly.once.support": "required",
                                   "source.cluster.bootstrap.servers": "localhost:1"}),
        ("MirrorSourceConnector", {"source.cluster.alias": "a", "exactly.once.support": "required",
                                   "source.cluster.bootstrap.servers": "localhost:1",
                                   "source.consumer.isolation.level": "read_committed"}),
        ("MirrorHeartbeatConnector", {"source.cluster.alias": "a",
                                      "exactly.once.support": "required"}),
    ]
    try:
        for plugin, config in cases:
            config = dict(config, **{"connector.class": plugin, "name": "v"})
            answers = []
            for w in (jw, kw):
                r = requests.put(f"{w.url}/connector-plugins/{plugin}/config/validate",
                                 json=config, timeout=30)
                assert r.status_code == 200, r.text
                errors = {v["value"]["name"]: v["value"]["errors"] for v in r.json()["configs"]
                          if v["value"]["name"] in ("exactly.once.support",
                                                    "transaction.boundary")}
                answers.append(errors)
            assert answers[1] == answers[0], (plugin, config, answers)
    finally:
        jw.stop()


def test_transactional_id_and_fencing_record_match_java(workers, target_cluster):
    """The task's producer uses Java's transactional id "<group.id>-<connector>-<task>":
    another producer initialising that id fences the running task, whose next transaction
    fails (FAILED), and a restart runs it again."""
    from confluent_kafka import Producer
    suffix = uuid.uuid4().hex[:8]
    topic = f"eos-fence-{suffix}"
    target_cluster.create_topic(topic)
    props = eos_properties(target_cluster, suffix)
    w = workers.start(props)
    src = workers.tmp_path + f"/fence-{suffix}.txt"
    with open(src, "w") as f:
        f.write("a\n")
    name = "eos-fenced"
    assert w.request("POST", "/connectors", json={"name": name, "config": {
        "connector.class": "FileStreamSource", "file": src, "topic": topic}}).status_code == 201
    wait_until("the task running", lambda: task_owner(w, name))
    wait_until("the first line", lambda: read_all(target_cluster, topic, timeout=1) == ["a"])
    zombie_killer = Producer(target_cluster.client_config(**{
        "transactional.id": f"{props['group.id']}-{name}-0"}))
    zombie_killer.init_transactions(30)
    with open(src, "a") as f:
        f.write("b\n")
    state = wait_until("the fenced task failed", lambda: (
        t := w.get(f"/connectors/{name}/status").json()["tasks"]) and
        t[0]["state"] == "FAILED" and t[0], timeout=60)
    assert "Failed to flush offsets and/or records for task" in state["trace"] or \
        "fenced" in state["trace"].lower(), state["trace"]
    assert w.request("POST", f"/connectors/{name}/tasks/0/restart").status_code in (200, 204)
    wait_until("b copied once after the restart",
               lambda: read_all(target_cluster, topic, timeout=2) == ["a", "b"], timeout=60)


def test_mirror_source_kill_minus_9_loses_and_repeats_nothing(workers, source_cluster,
                                                              target_cluster):
    """MirrorSourceConnector under exactly-once support (a read_committed source consumer):
    records produced while the worker running the task is killed -9 arrive exactly once on
    the target, read read_committed."""
    from confluent_kafka import Producer
    suffix = uuid.uuid4().hex[:8]
    topic = f"eos-mm-{suffix}"
    source_cluster.create_topic(topic)
    target_cluster.create_topic(f"src.{topic}")
    w1, w2 = two_mirror_workers(workers, target_cluster, suffix)
    name = "eos-mirror"
    r = w1.request("POST", "/connectors", json={"name": name, "config": eos_mirror_config(
        source_cluster, target_cluster, topic, 1)})
    assert r.status_code == 201, r.text
    owner = wait_until("the task running", lambda: task_owner(w1, name), timeout=90)
    total = 20000
    p = Producer(source_cluster.client_config(log_level=0, **{"linger.ms": 5}))

    def produce():
        for i in range(total):
            p.produce(topic, value=f"rec-{i}".encode(), partition=0)
            if i % 250 == 249:                 # about 1,000 records a second
                p.flush()
                time.sleep(0.25)
        p.flush()
    survivor = kill_owner_while_flowing(target_cluster, f"src.{topic}", w1, w2, name, owner,
                                        produce)
    values = read_exactly(target_cluster, f"src.{topic}", total)
    assert values == [f"rec-{i}" for i in range(total)], (len(values), len(set(values)))
    assert survivor.sanitizer_report() is None


def test_replicator_required_runs_exactly_once(workers, source_cluster, target_cluster):
    """The Replicator-compatible connector answers exactly.once.support=required as
    MirrorSource does (SUPPORTED with a read_committed source consumer, named in Replicator's
    vocabulary): validated, created, then killed -9 while transactions, some aborted, are
    written to the source: the copy holds each committed record once and no aborted one, read
    read_committed."""
    from confluent_kafka import Producer
    suffix = uuid.uuid4().hex[:8]
    topic = f"eos-rep-{suffix}"
    source_cluster.create_topic(topic)
    w1, w2 = two_mirror_workers(workers, target_cluster, suffix)
    name = "eos-replicator"
    config = {
        "connector.class": "io.confluent.connect.replicator.ReplicatorSourceConnector",
        "src.kafka.bootstrap.servers": source_cluster.bootstrap, "topic.whitelist": topic,
        "topic.rename.format": "${topic}.replica", "topic.config.sync": "false",
        "tasks.max": "1", "exactly.once.support": "required", "name": name}

    def eos_errors(extra):
        r = w1.request("PUT", "/connector-plugins/ReplicatorSourceConnector/config/validate",
                       json=dict(config, **extra), timeout=30)
        assert r.status_code == 200, r.text
        return [e for v in r.json()["configs"] if v["value"]["name"] == "exactly.once.support"
                for e in v["value"]["errors"]]
    errors = eos_errors({"src.consumer.isolation.level": "read_uncommitted"})
    assert any("(src.consumer.isolation.level)" in e for e in errors), errors
    assert eos_errors({"src.kafka.isolation.level": "read_committed"}) == []
    config["src.consumer.isolation.level"] = "read_committed"
    assert eos_errors({}) == []
    r = w1.request("POST", "/connectors", json={"name": name, "config": config}, timeout=60)
    assert r.status_code == 201, r.text
    owner = wait_until("the task running", lambda: task_owner(w1, name), timeout=90)
    total, per_txn = 12000, 50
    p = Producer(source_cluster.client_config(log_level=0, **{
        "transactional.id": f"src-{suffix}", "linger.ms": 5}))
    p.init_transactions(30)

    def produce():
        """Transactions of 50 records; every 7th aborted (its values start with x-)."""
        for t in range(total // per_txn):
            p.begin_transaction()
            for i in range(t * per_txn, (t + 1) * per_txn):
                p.produce(topic, value=(f"x-{i}" if t % 7 == 6 else f"rec-{i}").encode(),
                          partition=0)
            if t % 7 == 6:
                p.flush(30)                    # in the source's log, then aborted
                p.abort_transaction(30)
            else:
                p.commit_transaction(30)
            if t % 4 == 3:                     # about 1,000 records a second
                time.sleep(0.2)
    survivor = kill_owner_while_flowing(target_cluster, f"{topic}.replica", w1, w2, name,
                                        owner, produce)
    expected = [f"rec-{i}" for i in range(total) if (i // per_txn) % 7 != 6]
    values = read_exactly(target_cluster, f"{topic}.replica", len(expected))
    assert values == expected, (len(values), len(set(values)),
                                [v for v in values if v.startswith("x-")][:5])
    assert survivor.sanitizer_report() is None


@pytest.mark.parametrize("first", ["java", "kconnect"])
def test_mixed_java_and_kconnect_cluster_kill_minus_9(workers, target_cluster, java,
                                                      tmp_path, first):
    """A Java worker and a kconnect worker in one group, both with exactly-once support:
    whichever leads, the other's task asks it to fence (a signed PUT /connectors/{c}/fence
    across implementations), and the pipeline killed -9 on the worker running its task
    loses and repeats nothing."""
    suffix = uuid.uuid4().hex[:8]
    topic = f"eos-mixed-{suffix}"
    target_cluster.create_topic(topic)
    props = eos_properties(target_cluster, suffix)
    jw = kh.JavaConnectWorker(java, str(tmp_path), dict(props))
    if first == "kconnect":                     # the first to join leads the group
        kw = workers.start(dict(props))
        jw.start().wait_log("Joined group at generation", timeout=180)
    else:
        jw.start().wait_log("Joined group at generation", timeout=180)
        kw = workers.start(dict(props))
    source = tmp_path / "mixed.txt"
    source.write_text("")
    name = "eos-mixed"
    r = requests.post(f"{kw.url}/connectors", json={"name": name, "config": {
        "connector.class": "org.apache.kafka.connect.file.FileStreamSourceConnector",
        "file": str(source), "topic": topic, "tasks.max": "1",
        "exactly.once.support": "required", "batch.size": "50"}}, timeout=60)
    assert r.status_code == 201, r.text
    total = 10000

    def write():
        with open(source, "a") as f:
            for i in range(total):
                f.write(f"line-{i}\n")
                if i % 200 == 199:
                    f.flush()
                    time.sleep(0.1)
    owner = wait_until("the task running", lambda: task_owner(kw, name), timeout=120)
    writer = threading.Thread(target=write)
    writer.start()
    try:
        wait_until("records copied", lambda: len(read_all(target_cluster, topic, timeout=1))
                   > 2000, timeout=120)
        java_owns = owner == jw.url.split("//")[1]
        if java_owns:
            jw.proc.send_signal(signal.SIGKILL)
            jw.proc.wait(10)
            survivor_id = kw.url.split("//")[1]
        else:
            kw.proc.send_signal(signal.SIGKILL)
            kw.proc.wait(10)
            survivor_id = jw.url.split("//")[1]
        status_of = jw if not java_owns else kw
        wait_until("the task running on the survivor",
                   lambda: task_owner(status_of, name) == survivor_id, timeout=120)
    finally:
        writer.join()
        values = wait_until("every line copied",
                            lambda: (v := read_all(target_cluster, topic, timeout=3)) and
                            len(v) >= total and v, timeout=180)
        jw.stop()
    assert values == [f"line-{i}" for i in range(total)], (len(values), len(set(values)))


def test_frozen_worker_resumed_writes_nothing_seen(workers, target_cluster, tmp_path):
    """A worker SIGSTOPped while its task copies, past its session timeout: the task moves
    to the other worker, whose producer (same transactional id) fences the frozen one's.
    Resumed, the frozen worker's writes are refused: read_committed, every line once."""
    suffix = uuid.uuid4().hex[:8]
    topic = f"eos-frozen-{suffix}"
    target_cluster.create_topic(topic)
    props = eos_properties(target_cluster, suffix)
    w1 = workers.start(dict(props))
    w2 = workers.start(dict(props))
    source = tmp_path / "frozen.txt"
    source.write_text("")
    name = "eos-frozen"
    assert w1.request("POST", "/connectors", json={"name": name, "config": {
        "connector.class": "FileStreamSource", "file": str(source), "topic": topic,
        "tasks.max": "1", "batch.size": "50"}}).status_code == 201
    owner = wait_until("the task running", lambda: task_owner(w1, name))
    frozen = w1 if w1.url.endswith(owner.split(":")[1]) else w2
    other = w2 if frozen is w1 else w1
    total = 8000

    def write(first, last):
        with open(source, "a") as f:
            for i in range(first, last):
                f.write(f"line-{i}\n")
                if i % 200 == 199:
                    f.flush()
                    time.sleep(0.05)
    write(0, 2000)
    wait_until("lines copied", lambda: len(read_all(target_cluster, topic, timeout=1)) >= 2000)
    frozen.proc.send_signal(signal.SIGSTOP)
    try:
        write(2000, 5000)                   # the frozen task cannot copy these
        wait_until("the task running on the other worker", lambda: task_owner(other, name) ==
                   other.url.split("//")[1], timeout=90)
    finally:
        frozen.proc.send_signal(signal.SIGCONT)
    write(5000, total)
    values = read_exactly(target_cluster, topic, total)
    assert values == [f"line-{i}" for i in range(total)], (len(values), len(set(values)))
    # The resumed worker rejoined and runs on; it wrote nothing a reader sees.
    assert frozen.proc.poll() is None
    assert frozen.get("/").status_code == 200


def test_dedicated_mirror_maker_with_exactly_once(tmp_path, source_cluster, target_cluster):
    """Dedicated mode, as Java reads mm2.properties: exactly.once.source.support per target
    cluster (dst.; exactly.once.support stays `requested`: a flow's `required` would reach
    the heartbeat and checkpoint connectors too, which cannot answer the check, in Java as
    here), the source consumer read_committed; records arrive once and the round of fencing
    is recorded in the flow's config topic."""
    from confluent_kafka import Producer
    from kconnect import Worker, runbook3_mm2_properties, write_properties
    suffix = uuid.uuid4().hex[:8]
    topic = f"eos-mm2-{suffix}"
    source_cluster.create_topic(topic)
    props = runbook3_mm2_properties(source_cluster, target_cluster, topic,
                                    src=f"s{suffix}", dst="dst")
    props.update({
        "dst.exactly.once.source.support": "enabled",
        f"s{suffix}.consumer.isolation.level": "read_committed",
        "consumer.auto.offset.reset": "earliest",
    })
    path = write_properties(str(tmp_path / "flows.properties"), props)
    w = Worker(str(tmp_path), {}, name="mm2")
    w.cmd = [w.cmd[0], "mirror-maker", path]
    w.start()
    try:
        w.wait_log("Kafka MirrorMaker started", timeout=120)
        p = Producer(source_cluster.client_config(log_level=0))
        for i in range(500):
            p.produce(topic, value=f"m-{i}".encode(), partition=0)
        p.flush()
        values = read_exactly(target_cluster, topic, 500)
        assert values == [f"m-{i}" for i in range(500)]
        records = config_records(target_cluster, f"mm2-configs.s{suffix}.internal")
        assert ("tasks-fencing-MirrorSourceConnector", {"task-count": 1}) in records, records
    finally:
        assert w.stop() == 0
    assert w.sanitizer_report() is None, w.log()[-4000:]


def test_transactional_id_refused_by_the_broker_fails_the_task_as_java(workers, target_cluster,
                                                                       java, tmp_path):
    """A broker that refuses the task's transactions (the worker's principal denied its
    transactional ids by an ACL): the task fails with the exception Java's does, the worker
    keeps running and answering, and once the broker allows them a task restart copies
    every line, once. A Java worker and a kconnect worker, each in its own group, side by
    side."""
    from confluent_kafka.admin import (AclBinding, AclBindingFilter, AclOperation,
                                       AclPermissionType, ResourcePatternType, ResourceType)
    s = uuid.uuid4().hex[:8]
    prefix = f"eosacl-{s}-"
    acl = AclBinding(ResourceType.TRANSACTIONAL_ID, prefix, ResourcePatternType.PREFIXED,
                     "User:mallory", "*", AclOperation.ALL, AclPermissionType.DENY)
    admin = target_cluster.admin(sasl=True)
    admin.create_acls([acl])[acl].result(30)
    time.sleep(1)                                  # ACLs reach every broker's cache
    mallory = target_cluster.java_client_properties(sasl=True, user="mallory")

    def props(kind):
        p = eos_properties(target_cluster, f"{s}{kind}")
        p["group.id"] = f"{prefix}{kind}"          # the tasks' ids: <group>-<connector>-<n>
        for k, v in mallory.items():
            p[k] = v
            if k != "bootstrap.servers":
                for client in ("producer.", "consumer.", "admin."):
                    p[client + k] = v
        return p

    jw = kh.JavaConnectWorker(java, str(tmp_path), props("java")).start()
    kw = workers.start(props("kconnect"))
    jw.wait_log("Kafka Connect started", timeout=180)
    ends = {}
    for kind, url in (("java", jw.url), ("kconnect", kw.url)):
        src = tmp_path / f"{kind}.txt"
        src.write_text("".join(f"line-{i}\n" for i in range(50)))
        topic = f"eosacl-{s}-{kind}"
        target_cluster.create_topic(topic)
        ends[kind] = (url, topic)
        r = requests.post(f"{url}/connectors", timeout=95, json={"name": "fs", "config": {
            "connector.class": "FileStreamSource", "file": str(src), "topic": topic,
            "tasks.max": "1"}})
        assert r.status_code == 201, r.text

    def failed_task(url):
        r = requests.get(f"{url}/connectors/fs/status", timeout=10)
        tasks = r.json()["tasks"] if r.status_code == 200 else []
        return tasks and tasks[0]["state"] == "FAILED" and tasks[0]
    traces = {kind: wait_until(f"{kind}'s task FAILED", lambda u=url: failed_task(u),
                               timeout=120)["trace"] for kind, (url, _) in ends.items()}
    java_first, ours_first = (traces[k].splitlines()[0] for k in ("java", "kconnect"))
    assert java_first.startswith(
        "org.apache.kafka.common.errors.TransactionalIdAuthorizationException"), traces["java"]
    assert ours_first == java_first, (ours_first, java_first)
    # The worker lives on: it answers, its connector runs, nothing reached the topic.
    for kind, (url, topic) in ends.items():
        assert requests.get(f"{url}/", timeout=10).status_code == 200
        st = requests.get(f"{url}/connectors/fs/status", timeout=10).json()
        assert st["connector"]["state"] == "RUNNING", (kind, st)
        assert read_all(target_cluster, topic, timeout=2) == []
    assert kw.proc.poll() is None

    # Allowed again: a task restart copies every line, once.
    admin.delete_acls([AclBindingFilter(ResourceType.TRANSACTIONAL_ID, prefix,
                                        ResourcePatternType.PREFIXED, "User:mallory", "*",
                                        AclOperation.ALL, AclPermissionType.DENY)])
    time.sleep(1)
    for kind, (url, topic) in ends.items():
        r = requests.post(f"{url}/connectors/fs/tasks/0/restart", timeout=60)
        assert r.status_code in (202, 204), (kind, r.status_code, r.text)
    for kind, (url, topic) in ends.items():
        values = read_exactly(target_cluster, topic, 50)
        assert values == [f"line-{i}" for i in range(50)], (kind, values)
    jw.stop()
    assert kw.sanitizer_report() is None


class RefusingLeaderProxy:
    """The leader's advertised REST address, owned by the test: every request is passed to
    the leader's own listener, except the first `refusals` zombie fencing requests (PUT
    /connectors/{c}/fence), answered 503 as a leader still starting up answers them."""

    def __init__(self, port, leader_port, refusals):
        import http.client
        import http.server
        proxy = self
        self.fences, self.refused = 0, 0

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def relay(self):
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                if self.command == "PUT" and self.path.endswith("/fence"):
                    proxy.fences += 1
                    if proxy.refused < refusals:
                        proxy.refused += 1
                        return self.answer(503, {"Content-Type": "application/json"}, json.dumps(
                            {"error_code": 503, "message": "Worker is still starting up."}
                        ).encode())
                c = http.client.HTTPConnection("127.0.0.1", leader_port, timeout=120)
                headers = {k: v for k, v in self.headers.items()
                           if k.lower() not in ("host", "connection")}
                c.request(self.command, self.path, body=body, headers=headers)
                r = c.getresponse()
                self.answer(r.status, {k: v for k, v in r.getheaders()
                                       if k.lower() in ("content-type",)}, r.read())
                c.close()

            def answer(self, status, headers, body):
                self.send_response(status)
                for k, v in headers.items():
                    self.send_header(k, v)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            do_GET = do_PUT = do_POST = do_DELETE = relay

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def test_follower_task_asks_again_a_leader_still_starting(workers, source_cluster,
                                                          target_cluster):
    """A task starting on a follower asks the leader for its connector's round of zombie
    fencing; a leader that has just started answers 503 until it has read the session key.
    The task asks again (where Java's fails at once: README, compatibility) and then runs,
    and the copy is exact. The leader advertises an address the test owns, which refuses the
    first fencing requests and passes everything else to the leader."""
    from confluent_kafka import Producer
    suffix = uuid.uuid4().hex[:8]
    topic = f"eos-fence-{suffix}"
    source_cluster.create_topic(topic, partitions=2)
    target_cluster.create_topic(f"src.{topic}", partitions=2)
    props = mirror_eos_properties(target_cluster, suffix)
    leader_port, proxy_port = kh.free_ports(2)
    proxy = RefusingLeaderProxy(proxy_port, leader_port, refusals=2)
    try:
        leader = workers.create(dict(props, **{
            "listeners": f"http://127.0.0.1:{leader_port}",
            "rest.advertised.host.name": "127.0.0.1", "rest.advertised.port": str(proxy_port)}))
        leader.port = leader_port
        leader.start().wait_rest()
        wait_until("the first worker leading", lambda: "leaderUrl='http://127.0.0.1:"
                   f"{proxy_port}/'" in leader.log())
        follower = workers.start(dict(props))
        name = "eos-fence"
        r = leader.request("POST", "/connectors", json={"name": name, "config": eos_mirror_config(
            source_cluster, target_cluster, topic, 2)})
        assert r.status_code == 201, r.text
        here = follower.url.split("//")[1]

        def follower_task_running():
            r = follower.get(f"/connectors/{name}/status")
            tasks = r.json().get("tasks", []) if r.status_code == 200 else []
            assert not [t for t in tasks if t["state"] == "FAILED"], tasks
            return len(tasks) == 2 and all(t["state"] == "RUNNING" for t in tasks) and \
                any(t["worker_id"] == here for t in tasks)
        wait_until("a task of the follower running", follower_task_running, timeout=90)
        assert proxy.refused == 2 and proxy.fences >= 3, (proxy.refused, proxy.fences)
        assert "Zombie fencing not possible yet" in follower.log()

        total = 4000
        p = Producer(source_cluster.client_config(log_level=0, **{"linger.ms": 5}))
        for i in range(total):
            p.produce(topic, value=f"rec-{i}".encode(), partition=i % 2)
        p.flush(30)
        for part in (0, 1):
            values = read_exactly(target_cluster, f"src.{topic}", total // 2, partition=part)
            assert values == [f"rec-{i}" for i in range(part, total, 2)], (part, len(values))
        assert follower.sanitizer_report() is None and leader.sanitizer_report() is None
    finally:
        proxy.close()
