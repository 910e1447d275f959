"""
tests/integration/test_mixed_cluster.py - a Java Connect worker and a kconnect worker in one
Connect cluster: one group, the same internal topics, each running what the other's REST
created, and each showing the same statuses. Byte compatibility proven against the real
thing rather than our reading of it.

SPDX-License-Identifier: Apache-2.0
"""

import os
import time

import pytest

import kafka_harness as kh
from kconnect import base_properties
from test_cluster import all_running, create, status, wait_for


@pytest.fixture
def mixed(tmp_path, workers, target_cluster, java):
    props = base_properties(target_cluster)
    props["scheduled.rebalance.max.delay.ms"] = "0"
    jw = kh.JavaConnectWorker(java, str(tmp_path), props).start()
    try:
        jw.wait_log("Joined group at generation", timeout=180)
        kw = workers.start(props)
        yield jw, kw
    finally:
        jw.stop()


def test_java_and_kconnect_workers_share_one_cluster(mixed, tmp_path):
    jw, kw = mixed
    src = tmp_path / "in.txt"
    src.write_text("".join(f"m{i}\n" for i in range(10)))
    # Through kconnect's REST (forwarded to whoever leads), and through Java's.
    create(kw, "from-kc", {"connector.class": "FileStreamSink", "topics": "mixed-t",
                           "tasks.max": "4", "file": os.devnull})
    create(jw, "from-java", {"connector.class":
                             "org.apache.kafka.connect.file.FileStreamSourceConnector",
                             "file": str(src), "topic": "mixed-s"})
    for name, tasks in (("from-kc", 4), ("from-java", 1)):
        wait_for(lambda: all_running(jw, name, tasks) and all_running(kw, name, tasks),
                 timeout=90, what=f"{name} RUNNING on both views")
    kc_id, java_id = f"127.0.0.1:{kw.port}", jw.url.split("//")[1]
    owners = set()
    for name in ("from-kc", "from-java"):
        sj, sk = status(jw, name), status(kw, name)
        assert sj == sk, f"the two workers disagree on {name}"
        owners |= {sj["connector"]["worker_id"]} | {t["worker_id"] for t in sj["tasks"]}
        assert all(t["version"] == "4.3.1" for t in sj["tasks"]), sj
    assert owners == {kc_id, java_id}, "work should land on both kinds of worker"
    # The task configs the leader stored are the same whichever worker computed them.
    tj = {t["id"]["task"]: t["config"] for t in jw.get("/connectors/from-kc/tasks").json()}
    tk = {t["id"]["task"]: t["config"] for t in kw.get("/connectors/from-kc/tasks").json()}
    assert tj == tk and tj[0]["task.class"] == "org.apache.kafka.connect.file.FileStreamSinkTask"
    assert tj[0]["file"] == os.devnull and tj[0]["topics"] == "mixed-t"
    log = jw.log()
    assert "SchemaException" not in log and "Failed to deserialize" not in log


def test_mirror_source_task_moves_between_java_and_kconnect_losing_nothing(
        tmp_path, workers, source_cluster, target_cluster, java):
    """A MirrorSourceConnector task hops Java -> kconnect -> Java (or the reverse), each time
    resuming from the source offsets the other kind stored: every record arrives, once."""
    from confluent_kafka import Producer
    from test_mirror import read_topic
    import uuid

    props = base_properties(target_cluster)
    props.update({"scheduled.rebalance.max.delay.ms": "0", "offset.flush.interval.ms": "1000",
                  "key.converter": "org.apache.kafka.connect.converters.ByteArrayConverter",
                  "value.converter": "org.apache.kafka.connect.converters.ByteArrayConverter"})
    tag = uuid.uuid4().hex[:6]
    topic = f"hop-{tag}"
    source_cluster.create_topic(topic, 2, 1)
    procs = {"java": kh.JavaConnectWorker(java, str(tmp_path), props, name="java-0").start()}
    procs["java"].wait_log("Joined group at generation", timeout=180)
    procs["kc"] = workers.start(props)
    create(procs["kc"], "hop", {
        "connector.class": "org.apache.kafka.connect.mirror.MirrorSourceConnector",
        "source.cluster.alias": "hop", "source.cluster.bootstrap.servers": source_cluster.bootstrap,
        "target.cluster.bootstrap.servers": target_cluster.bootstrap, "topics": topic,
        "replication.factor": "1", "offset-syncs.topic.replication.factor": "1",
        "sync.topic.acls.enabled": "false", "tasks.max": "1"})
    p = Producer(source_cluster.client_config(log_level=0))
    sent = []

    def produce(batch):
        for i in range(150):
            v = f"{batch}{i}"
            p.produce(topic, v.encode(), partition=i % 2)
            sent.append(v)
        p.flush(10)

    def owner_kind(w):
        s = status(w, "hop")
        if not (s and s["tasks"] and s["tasks"][0]["state"] == "RUNNING"):
            return None
        wid = s["tasks"][0]["worker_id"]
        return next((k for k, x in procs.items() if wid.endswith(f":{x.port}")), None)

    def mirrored():
        vals = [v.decode() for (_, _, _, v, _, _) in read_topic(target_cluster, f"hop.{topic}",
                                                              10**6, timeout=4)]
        return len(vals) >= len(sent) and vals

    def restart(kind):
        if kind == "java":
            procs["java"] = kh.JavaConnectWorker(java, str(tmp_path), props,
                                                 name=f"java-{len(sent)}").start()
            procs["java"].wait_log("Joined group at generation", timeout=180)
        else:
            procs["kc"] = workers.start(props)

    def check(batch):
        produce(batch)
        vals = wait_for(mirrored, timeout=90, what=f"batch {batch} mirrored")
        assert sorted(vals) == sorted(sent), "records lost or repeated"
        time.sleep(2)                                  # past an offset flush

    try:
        first = wait_for(lambda: owner_kind(procs["kc"]), timeout=120, what="the task RUNNING")
        second = "kc" if first == "java" else "java"
        check("a")                                     # on the first kind
        procs[first].stop()
        wait_for(lambda: owner_kind(procs[second]) == second, timeout=120,
                 what=f"the task on the {second} worker")
        restart(first)
        check("b")                                     # resumed by the other kind
        procs[second].stop()
        wait_for(lambda: owner_kind(procs[first]) == first, timeout=120,
                 what=f"the task back on a {first} worker")
        check("c")                                     # and back again
    finally:
        for x in procs.values():
            if isinstance(x, kh.JavaConnectWorker):
                x.stop()
