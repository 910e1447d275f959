"""
tests/integration/test_connector_offsets_topic.py - a source connector's own offsets topic
(KIP-618, `offsets.storage.topic`), side by side with Java workers: where the offsets land
(the connector's topic, created as Java creates it, then the worker's), their bytes and
partitions; a pipeline handed from a Java worker to kconnect and back through that topic
alone (each worker with a fresh offsets topic of its own), at least once and exactly once;
kill -9 under exactly-once support; the offsets REST endpoints answered as Java's; a
producer on another cluster (Java's connector store: the worker's topic name there).

SPDX-License-Identifier: Apache-2.0
"""

import json
import time
import uuid

import pytest
from confluent_kafka import OFFSET_BEGINNING, Consumer, TopicPartition

import kafka_harness as kh
from kconnect import base_properties
from test_exactly_once import kill_owner_while_flowing, read_exactly, task_owner, wait_until

STRINGS = "org.apache.kafka.connect.storage.StringConverter"


def worker_props(cluster, suffix, mode="regular"):
    props = base_properties(cluster, suffix)
    props.update({"key.converter": STRINGS, "value.converter": STRINGS,
                  "offset.flush.interval.ms": "1000", "offset.storage.partitions": "5",
                  "scheduled.rebalance.max.delay.ms": "2000"})
    if mode == "eos":
        props.update({"exactly.once.source.support": "enabled", "session.timeout.ms": "6000",
                      "heartbeat.interval.ms": "1000"})
    return props


def java_worker(java, tmp_path, props, name):
    w = kh.JavaConnectWorker(java, str(tmp_path), props, name=name).start()
    w.wait_log("Kafka Connect started", timeout=180)
    return w


def records(cluster, topic, isolation="read_committed"):
    """Every record of every partition of topic: [(partition, key, value)] in each
    partition's order; None when the topic does not exist."""
    c = Consumer(cluster.client_config(**{"group.id": f"t-{uuid.uuid4().hex[:6]}",
                                          "isolation.level": isolation,
                                          "enable.partition.eof": True, "log_level": 0}))
    try:
        md = c.list_topics(topic, timeout=10).topics.get(topic)
        if md is None or md.error is not None:
            return None
        c.assign([TopicPartition(topic, p, OFFSET_BEGINNING) for p in md.partitions])
        done, out = set(), []
        while len(done) < len(md.partitions):
            m = c.poll(10)
            if m is None:
                raise AssertionError(f"{topic}: no end of partitions within 10 s")
            if m.error():
                if m.error().code() == -191:          # _PARTITION_EOF
                    done.add(m.partition())
                continue
            out.append((m.partition(), m.key(), m.value()))
        return out
    finally:
        c.close()


def exists(cluster, topic):
    """Whether topic exists, asked without naming it (a metadata request naming a topic
    would have the broker create it)."""
    return topic in cluster.admin().list_topics(timeout=10).topics


def latest(recs):
    """{key: (partition, value)} of the last record of each key (value None: tombstone)."""
    return {k: (p, v) for p, k, v in recs or []}


def offset_key(name, path):
    """Java's offsets topic key for a FileStreamSource partition, as its JsonConverter
    writes it."""
    return json.dumps([name, {"filename": str(path)}], separators=(",", ":")).encode()


def position(path):
    return json.dumps({"position": path.stat().st_size}, separators=(",", ":")).encode()


def append(path, first, last):
    with open(path, "a") as f:
        f.write("".join(f"line-{i}\n" for i in range(first, last)))


def lines(first, last):
    return [f"line-{i}" for i in range(first, last)]


def wait_offset(cluster, topic, key, value, what, isolation="read_committed"):
    return wait_until(f"{what}: {value!r} in {topic}",
                      lambda: latest(records(cluster, topic, isolation)).get(key, (0, None))[1]
                      == value, timeout=90)


def wait_values(cluster, topic, expected):
    values = read_exactly(cluster, topic, len(expected))
    assert values == expected, (len(values), len(set(values)), values[-5:])


def file_source(path, topic, **more):
    return dict({"connector.class": "FileStreamSource", "file": str(path), "topic": topic,
                 "tasks.max": "1"}, **more)


def put_config(w, name, config):
    r = w.request("PUT", f"/connectors/{name}/config", json=config, timeout=95)
    assert r.status_code in (200, 201), r.text


# ---- a pipeline handed over through the connector's topic --------------------------------


@pytest.mark.parametrize("mode", ["regular", "eos"])
def test_handover_between_java_and_kconnect(workers, target_cluster, java, tmp_path, mode):
    """A Java worker runs a FileStreamSource with its own offsets topic: Java creates it (the
    worker's offset.storage.* settings, compacted) and writes the offsets there, then to its
    worker's topic. A kconnect worker of another group (a fresh offsets topic of its own)
    resumes from the connector's topic alone, writes there what Java would (same key bytes,
    same partition, same value bytes) and to its worker's topic; then a fresh Java worker
    resumes from what kconnect wrote. Every line arrives once (read_committed)."""
    s = uuid.uuid4().hex[:8]
    own, data, name = f"own-{s}", f"data-{s}", "fs"
    target_cluster.create_topic(data)
    src = tmp_path / "lines.txt"
    append(src, 0, 100)
    key = offset_key(name, src)
    config = file_source(src, data, **{"offsets.storage.topic": own})

    jprops = worker_props(target_cluster, f"j1{s}", mode)
    j1 = java_worker(java, tmp_path, jprops, "java-1")
    try:
        put_config(j1, name, config)
        wait_values(target_cluster, data, lines(0, 100))
        wait_offset(target_cluster, own, key, position(src), "Java's connector topic")
        wait_offset(target_cluster, jprops["offset.storage.topic"], key, position(src),
                    "Java's worker topic")
    finally:
        j1.stop()
    assert target_cluster.topic_partitions(own) == 5
    assert target_cluster.topic_config(own)["cleanup.policy"] == "compact"
    java_records = records(target_cluster, own)

    append(src, 100, 200)
    kprops = worker_props(target_cluster, f"k{s}", mode)
    k = workers.start(kprops)
    r = k.request("POST", "/connectors", json={"name": name, "config": config}, timeout=95)
    assert r.status_code == 201, r.text
    wait_values(target_cluster, data, lines(0, 200))
    wait_offset(target_cluster, own, key, position(src), "kconnect's connector topic")
    wait_offset(target_cluster, kprops["offset.storage.topic"], key, position(src),
                "kconnect's worker topic")
    assert k.stop() == 0
    ours = records(target_cluster, own)[len(java_records):]
    assert ours, "kconnect wrote nothing to the connector's topic"
    # What kconnect wrote is what Java writes: the key's bytes, its partition (Java's
    # murmur2 over the topic's 5 partitions), the value's bytes.
    assert {(p, k_) for p, k_, _ in ours} == {(p, k_) for p, k_, _ in java_records} == \
        {(java_records[0][0], key)}
    assert ours[-1][2] == position(src)
    assert all(json.loads(v) == {"position": json.loads(v)["position"]} for _, _, v in ours)
    # Its worker's topic has them too, in the same partition as in the connector's.
    assert latest(records(target_cluster, kprops["offset.storage.topic"]))[key] == \
        (java_records[0][0], position(src))

    append(src, 200, 300)
    j2 = java_worker(java, tmp_path, worker_props(target_cluster, f"j2{s}", mode), "java-2")
    try:
        put_config(j2, name, config)
        wait_values(target_cluster, data, lines(0, 300))
        wait_offset(target_cluster, own, key, position(src), "Java's connector topic again")
    finally:
        j2.stop()
    assert k.sanitizer_report() is None


# ---- exactly once, killed -9 -----------------------------------------------------------


def test_exactly_once_kill_minus_9_with_own_topic(workers, target_cluster, tmp_path):
    """Two kconnect workers with exactly-once support; the connector's offsets go to its own
    topic in the task's transactions, then to the worker's topic. The worker running the task
    is killed -9 while lines flow: the survivor resumes from the connector's topic and every
    line arrives once (read_committed); both topics end at the file's end."""
    s = uuid.uuid4().hex[:8]
    own, data, name = f"eos-own-{s}", f"eos-data-{s}", "eos-own"
    target_cluster.create_topic(data)
    props = worker_props(target_cluster, s, "eos")
    w1 = workers.start(dict(props))
    w2 = workers.start(dict(props))
    src = tmp_path / "lines.txt"
    src.write_text("")
    r = w1.request("POST", "/connectors", json={"name": name, "config": file_source(
        src, data, **{"offsets.storage.topic": own, "batch.size": "50",
                      "exactly.once.support": "required"})}, timeout=95)
    assert r.status_code == 201, r.text
    total = 10000

    def write():
        for i in range(0, total, 100):
            append(src, i, i + 100)
            time.sleep(0.03)
    owner = wait_until("the task running", lambda: task_owner(w1, name))
    survivor = kill_owner_while_flowing(target_cluster, data, w1, w2, name, owner, write)
    wait_values(target_cluster, data, lines(0, total))
    key = offset_key(name, src)
    wait_offset(target_cluster, own, key, position(src), "the connector's topic")
    wait_offset(target_cluster, props["offset.storage.topic"], key, position(src),
                "the worker's topic")
    # The connector's topic holds transactions: a read_uncommitted reader sees their
    # markers' gaps, read_committed the same keys.
    assert {k for _, k, _ in records(target_cluster, own)} == {key}
    assert survivor.sanitizer_report() is None


# ---- the offsets REST endpoints -----------------------------------------------------------


def answer(w, method, path, body=None):
    r = w.request(method, path, json=body, timeout=95)
    return r.status_code, (r.json() if r.text else None)


def sorted_offsets(body):
    if isinstance(body, dict) and isinstance(body.get("offsets"), list):
        body = dict(body, offsets=sorted(body["offsets"], key=json.dumps))
    return body


def same_answer(ws, method, path, body=None):
    """The same request to each worker: Java's answer and kconnect's, equal (offsets in any
    order: Java's come from a hash set)."""
    got = [(w, *answer(w, method, path, body)) for w in ws]
    first = (got[0][1], sorted_offsets(got[0][2]))
    for w, status, reply in got[1:]:
        assert (status, sorted_offsets(reply)) == first, (method, path, got)
    return first


def state_of(w, name):
    r = w.get(f"/connectors/{name}/status")
    return r.json()["connector"]["state"] if r.status_code == 200 else None


def test_offsets_rest_answers_as_java(workers, target_cluster, java, tmp_path):
    """GET, PATCH and DELETE /connectors/{c}/offsets for a connector with its own offsets
    topic answer as a Java worker's, and write the same to both topics: the new offsets and
    tombstones to the connector's topic and to the worker's. An empty offsets.storage.topic
    is refused with Java's message; a connector topic that is not compacted fails the
    connector with Java's trace."""
    s = uuid.uuid4().hex[:8]
    src = tmp_path / "lines.txt"
    append(src, 0, 10)
    name, other = "fs", "/nonexistent/other.txt"
    sides = []
    for tag, start in (("j", java_worker), ("k", None)):
        props = worker_props(target_cluster, f"{tag}{s}")
        w = start(java, tmp_path, props, "java") if start else workers.start(props)
        own, data = f"own-{tag}{s}", f"data-{tag}{s}"
        put_config(w, name, file_source(src, data, **{"offsets.storage.topic": own}))
        sides.append((w, own, props["offset.storage.topic"]))
    jw, kw = sides[0][0], sides[1][0]
    key, key2 = offset_key(name, src), offset_key(name, other)

    def topics_hold(expected):
        """Both sides' connector and worker topics: the latest value of each key."""
        for w, own, worker_topic in sides:
            for topic in (own, worker_topic):
                wait_until(f"{expected} in {topic}", lambda: all(
                    latest(records(target_cluster, topic)).get(k, (0, b"absent"))[1] == v
                    for k, v in expected.items()), timeout=60)
    try:
        topics_hold({key: position(src)})
        same_answer((jw, kw), "GET", f"/connectors/{name}/offsets")
        for w, *_ in sides:
            assert answer(w, "PUT", f"/connectors/{name}/stop")[0] == 204
            wait_until("STOPPED", lambda: state_of(w, name) == "STOPPED")
        p1, p2 = {"filename": str(src)}, {"filename": other}
        status, reply = same_answer((jw, kw), "PATCH", f"/connectors/{name}/offsets", {
            "offsets": [{"partition": p1, "offset": {"position": 5}},
                        {"partition": p2, "offset": {"position": 1}}]})
        assert status == 200, reply
        topics_hold({key: b'{"position":5}', key2: b'{"position":1}'})
        assert same_answer((jw, kw), "GET", f"/connectors/{name}/offsets")[1] == \
            sorted_offsets({"offsets": [{"partition": p1, "offset": {"position": 5}},
                                        {"partition": p2, "offset": {"position": 1}}]})
        # A null offset: a tombstone, in both topics.
        status, reply = same_answer((jw, kw), "PATCH", f"/connectors/{name}/offsets", {
            "offsets": [{"partition": p2, "offset": None}]})
        assert status == 200, reply
        topics_hold({key: b'{"position":5}', key2: None})
        same_answer((jw, kw), "GET", f"/connectors/{name}/offsets")
        status, reply = same_answer((jw, kw), "DELETE", f"/connectors/{name}/offsets")
        assert status == 200, reply
        topics_hold({key: None, key2: None})
        assert same_answer((jw, kw), "GET", f"/connectors/{name}/offsets") == \
            (200, {"offsets": []})
        # An empty topic name: Java's validation message, at validation and at creation.
        for value in ("", "  "):
            bad = dict(file_source(src, "t", **{"offsets.storage.topic": value}), name="v")
            errors = []
            for w in (jw, kw):
                r = w.request("PUT", "/connector-plugins/FileStreamSource/config/validate",
                              json=bad, timeout=30)
                assert r.status_code == 200, r.text
                errors.append([c["value"] for c in r.json()["configs"]
                               if c["value"]["name"] == "offsets.storage.topic"])
            assert errors[0] == errors[1], errors
            assert errors[1][0]["errors"] == ["Invalid value  for configuration "
                                              "offsets.storage.topic: String must be non-empty"]
            same_answer((jw, kw), "PUT", "/connectors/bad/config", bad)
        # A connector topic that is not compacted fails the connector as Java's fails it.
        deleting = f"deleting-{s}"
        target_cluster.create_topic(deleting, config={"cleanup.policy": "delete"})
        traces = []
        for w in (jw, kw):
            put_config(w, "deleting", file_source(src, "t", **{"offsets.storage.topic":
                                                                 deleting}))
            st = wait_until("the connector FAILED", lambda: (
                r := w.get("/connectors/deleting/status")).status_code == 200 and
                r.json()["connector"]["state"] == "FAILED" and r.json())
            assert st["tasks"] == [], st
            traces.append(st["connector"]["trace"].split("\n")[0])
        assert traces[0] == traces[1], traces
        assert traces[1].startswith("org.apache.kafka.common.config.ConfigException: Topic "
                                    f"'{deleting}' supplied via the 'offset.storage.topic' "
                                    "property is required to have 'cleanup.policy=compact'")
    finally:
        jw.stop()


def test_connector_given_its_own_topic_later(workers, target_cluster, java, tmp_path):
    """A connector that ran with the worker's offsets topic, then is given one of its own
    (stopped meanwhile): its topic has no offset yet. Java's store answers null for it
    (GET shows a null offset) and its task reads the file again; kconnect falls back on the
    worker's topic, as ConnectorOffsetBackingStore's documentation says (README,
    compatibility): GET shows the stored offset and the task resumes where it was."""
    s = uuid.uuid4().hex[:8]
    src = tmp_path / "lines.txt"
    append(src, 0, 10)
    name = "fs"
    sides = {}
    for tag in ("java", "kconnect"):
        props = worker_props(target_cluster, f"{tag[0]}{s}")
        w = java_worker(java, tmp_path, props, "java") if tag == "java" \
            else workers.start(props)
        data = f"data-{tag[0]}{s}"
        target_cluster.create_topic(data)
        sides[tag] = (w, data, props["offset.storage.topic"])
    try:
        key = offset_key(name, src)
        for w, data, worker_topic in sides.values():
            put_config(w, name, file_source(src, data))
            wait_values(target_cluster, data, lines(0, 10))
            wait_offset(target_cluster, worker_topic, key, position(src), "the worker's topic")
            assert answer(w, "PUT", f"/connectors/{name}/stop")[0] == 204
            wait_until("STOPPED", lambda: state_of(w, name) == "STOPPED")
            put_config(w, name, file_source(src, data, **{"offsets.storage.topic":
                                                          f"own-{data}"}))
            wait_until("still STOPPED", lambda: state_of(w, name) == "STOPPED")
        part = {"filename": str(src)}
        jw, kw = sides["java"][0], sides["kconnect"][0]
        assert answer(jw, "GET", f"/connectors/{name}/offsets") == \
            (200, {"offsets": [{"partition": part, "offset": None}]})
        assert answer(kw, "GET", f"/connectors/{name}/offsets") == \
            (200, {"offsets": [{"partition": part,
                                "offset": {"position": src.stat().st_size}}]})
        for w, *_ in sides.values():
            assert answer(w, "PUT", f"/connectors/{name}/resume")[0] == 202
        append(src, 10, 11)
        wait_values(target_cluster, sides["java"][1], lines(0, 10) + lines(0, 11))
        wait_values(target_cluster, sides["kconnect"][1], lines(0, 11))
        for tag, (w, data, _) in sides.items():
            wait_offset(target_cluster, f"own-{data}", key, position(src), f"{tag}'s topic")
    finally:
        sides["java"][0].stop()


# ---- a producer on another cluster ----------------------------------------------------------


@pytest.mark.parametrize("mode", ["regular", "eos"])
def test_producer_on_another_cluster(workers, source_cluster, target_cluster, java, tmp_path,
                                     mode):
    """Workers on the target cluster, FileStreamSources whose producer writes to the source
    cluster (producer.override.bootstrap.servers), side by side with Java:
    - regular, no topic of its own: the offsets stay in the worker's topic only;
    - regular, its own topic, with its consumer and admin on the source cluster too: that
      topic on the source cluster, then the worker's topic;
    - exactly once: the worker's topic name on the producer's cluster (created there by the
      connector's admin client, admin.override.*) is written in the task's transactions,
      then the worker's topic.
    kconnect writes where Java writes, the same bytes in the same partitions, and a
    restarted kconnect worker resumes without repeating a line."""
    s = uuid.uuid4().hex[:8]
    src = tmp_path / "lines.txt"
    append(src, 0, 20)
    there = {"producer.override.bootstrap.servers": source_cluster.bootstrap}
    also_admin = dict(there, **{"admin.override.bootstrap.servers": source_cluster.bootstrap})
    everything = dict(also_admin,
                      **{"consumer.override.bootstrap.servers": source_cluster.bootstrap})
    sides = {}
    for tag in ("j", "k"):
        props = worker_props(target_cluster, f"{tag}{s}", mode)
        # (connector, its config's overrides, its own topic, where that topic's store is)
        cases = [("fs-worker", there, None)] if mode == "regular" else \
            [("fs-eos", also_admin, props["offset.storage.topic"])]
        if mode == "regular":
            cases.append(("fs-own", dict(everything, **{"offsets.storage.topic":
                                                        f"own-{tag}{s}"}), f"own-{tag}{s}"))
        sides[tag] = (props, cases)
    jw = java_worker(java, tmp_path, sides["j"][0], "java")
    try:
        kw = workers.start(sides["k"][0])
        written = {}
        for tag, w in (("j", jw), ("k", kw)):
            props, cases = sides[tag]
            for name, overrides, own in cases:
                data = f"data-{name}-{tag}{s}"
                source_cluster.create_topic(data)
                put_config(w, name, file_source(src, data, **overrides))
            for name, overrides, own in cases:
                key = offset_key(name, src)
                wait_values(source_cluster, f"data-{name}-{tag}{s}", lines(0, 20))
                wait_offset(target_cluster, props["offset.storage.topic"], key, position(src),
                            f"{tag}, {name}: the worker's topic")
                if own is None:
                    assert not exists(source_cluster, props["offset.storage.topic"])
                    written[tag, name] = [r for r in records(target_cluster,
                                                             props["offset.storage.topic"])
                                          if r[1] == key]
                    continue
                wait_offset(source_cluster, own, key, position(src),
                            f"{tag}, {name}: the connector's topic")
                assert source_cluster.topic_partitions(own) == 5
                assert source_cluster.topic_config(own)["cleanup.policy"] == "compact"
                if own != props["offset.storage.topic"]:
                    assert not exists(target_cluster, own)
                written[tag, name] = records(source_cluster, own)
        for name, *_ in sides["k"][1]:
            # Same keys in the same partitions, the same last value.
            j, k = written["j", name], written["k", name]
            assert {(p, k_) for p, k_, _ in j} == {(p, k_) for p, k_, _ in k}, name
            assert latest(j) == latest(k), name
        # kconnect restarted: it resumes from where its offsets are read.
        assert kw.stop() == 0
        append(src, 20, 30)
        kw = workers.start(sides["k"][0])
        for name, *_ in sides["k"][1]:
            wait_values(source_cluster, f"data-{name}-k{s}", lines(0, 30))
        assert kw.stop() == 0
        assert kw.sanitizer_report() is None
    finally:
        jw.stop()
