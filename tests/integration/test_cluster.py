"""
tests/integration/test_cluster.py - workers forming a Connect cluster through Kafka alone:
connectors created by REST run as tasks, spread over the workers, survive restarts and
move when a worker dies.

SPDX-License-Identifier: Apache-2.0
"""

import json
import os
import re
from concurrent.futures import ThreadPoolExecutor
import signal
import subprocess
import sys
import threading
import time
import uuid

import kafka_harness as kh
import pytest
import requests
from confluent_kafka import Consumer

from kconnect import json_body


def wait_for(predicate, timeout=60, interval=0.3, what="condition"):
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        try:
            last = predicate()
            if last:
                return last
        except (requests.RequestException, KeyError, ValueError) as e:
            last = e
        time.sleep(interval)
    raise AssertionError(f"timed out waiting for {what}; last: {last!r}")


def read_values(cluster, topic, done, timeout):
    """Values of topic, from the beginning, handed to done(value) until it says so or timeout
    passes."""
    c = Consumer(cluster.client_config(**{"group.id": f"t-{uuid.uuid4().hex[:6]}",
                                           "auto.offset.reset": "earliest", "log_level": 0}))
    c.subscribe([topic])
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            m = c.poll(0.5)
            if m is not None and m.error() is None and done(m.value().decode()):
                return
    finally:
        c.close()


def consume_all(cluster, topic, expected, timeout=60):
    """Values of `expected` records of topic, from the beginning."""
    out = []
    if expected > 0:
        read_values(cluster, topic, lambda v: out.append(v) or len(out) >= expected, timeout)
    return out


def values_until(cluster, topic, want, timeout):
    """The distinct values of topic, from the beginning, read until they include every one of
    want or timeout passes (at least once: duplicates are allowed)."""
    got = set()
    if want:
        read_values(cluster, topic, lambda v: got.add(v) or want <= got, timeout)
    return got


def status(worker, name):
    r = worker.get(f"/connectors/{name}/status")
    return r.json() if r.status_code == 200 else None


def all_running(worker, name, tasks):
    s = status(worker, name)
    return (s and s["connector"]["state"] == "RUNNING" and len(s["tasks"]) == tasks and
            all(t["state"] == "RUNNING" for t in s["tasks"]) and s)


def create(worker, name, config, expect=201):
    """POST /connectors, answered once: a request that arrives while the group rebalances
    waits for it (Java's herder queues it), it is never refused with 409."""
    r = worker.request("POST", "/connectors", json={"name": name, "config": config},
                       timeout=95)
    assert r.status_code == expect, r.text
    return r


@pytest.fixture
def lines_file(tmp_path):
    path = tmp_path / "in.txt"
    path.write_text("".join(f"line {i}\n" for i in range(5)))
    return path


def test_file_source_pipeline(workers, target_cluster, lines_file):
    props = workers.properties(**{"offset.flush.interval.ms": "500"})
    w = workers.start(props)
    topic = f"fs-{uuid.uuid4().hex[:6]}"
    r = create(w, "fs", {"connector.class": "FileStreamSource", "file": str(lines_file),
                         "topic": topic, "value.converter":
                         "org.apache.kafka.connect.storage.StringConverter"})
    assert r.headers["Location"] == f"{w.url}/connectors/fs"
    info = json_body(r)
    assert info["name"] == "fs" and info["type"] == "source"
    assert info["config"]["name"] == "fs"
    wait_for(lambda: all_running(w, "fs", 1), what="fs RUNNING")
    assert consume_all(target_cluster, topic, 5) == [f"line {i}" for i in range(5)]
    assert w.get("/connectors").json() == ["fs"]
    tasks = w.get("/connectors/fs/tasks").json()
    assert tasks[0]["id"] == {"connector": "fs", "task": 0}
    assert tasks[0]["config"]["task.class"] == "org.apache.kafka.connect.file.FileStreamSourceTask"
    expanded = w.get("/connectors?expand=status&expand=info").json()
    assert expanded["fs"]["status"]["connector"]["state"] == "RUNNING"
    assert expanded["fs"]["info"]["tasks"] == [{"connector": "fs", "task": 0}]
    assert w.get("/connectors/fs/tasks/0/status").json()["state"] == "RUNNING"


def test_json_converter_writes_the_java_envelope(workers, target_cluster, lines_file):
    w = workers.start()
    topic = f"fsj-{uuid.uuid4().hex[:6]}"
    create(w, "fsj", {"connector.class": "org.apache.kafka.connect.file.FileStreamSourceConnector",
                      "file": str(lines_file), "topic": topic})
    got = consume_all(target_cluster, topic, 1)
    assert got[0] == '{"schema":{"type":"string","optional":false},"payload":"line 0"}'


def test_source_resumes_from_its_stored_offset(workers, target_cluster, lines_file):
    props = workers.properties(**{"offset.flush.interval.ms": "500"})
    w = workers.start(props)
    topic = f"fsr-{uuid.uuid4().hex[:6]}"
    create(w, "fsr", {"connector.class": "FileStreamSource", "file": str(lines_file),
                      "topic": topic, "value.converter":
                      "org.apache.kafka.connect.storage.StringConverter"})
    assert len(consume_all(target_cluster, topic, 5)) == 5
    time.sleep(1.5)                               # an offset flush
    assert w.stop() == 0
    with open(lines_file, "a") as f:
        f.write("line 5\nline 6\n")
    w2 = workers.start(props)
    wait_for(lambda: all_running(w2, "fsr", 1), what="fsr RUNNING again")
    values = consume_all(target_cluster, topic, 7)
    time.sleep(2)
    values += consume_all(target_cluster, topic, 8, timeout=3)[7:]
    assert values == [f"line {i}" for i in range(7)], "lost or duplicated across a clean restart"


def test_errors(workers):
    w = workers.start()
    r = w.request("POST", "/connectors", json={"name": "x", "config": {"connector.class": "Nope"}})
    assert r.status_code == 400
    assert "Failed to find any class that implements Connector" in r.json()["message"]
    r = w.request("POST", "/connectors", data="{not json", headers={"Content-Type": "application/json"})
    assert r.status_code in (400, 500) and "error_code" in r.json()
    assert w.get("/connectors/nope").status_code == 404
    assert w.get("/connectors/nope").json()["message"] == "Connector nope not found"
    r = w.request("POST", "/connectors", json={"name": "a/b", "config": {
        "connector.class": "FileStreamSink", "topics": "t"}})
    assert r.status_code == 400
    create(w, "dup", {"connector.class": "FileStreamSink", "topics": "t-dup"})
    create(w, "dup", {"connector.class": "FileStreamSink", "topics": "t-dup"}, expect=409)


def test_client_mistakes_java_answers_500_are_400_saying_what_is_wrong(workers):
    """Where Java answers 500 with a NullPointerException's text (or a wrapped
    BadRequestException) for a client's mistake, kconnect answers 400 with a message that says
    what is wrong (README: compatibility)."""
    w = workers.start()
    create(w, "known", {"connector.class": "FileStreamSink", "topics": "t-known"})
    for method, path, kw, words in [
        ("POST", "/connectors", {"json": {"name": "x"}},
         "The request has no connector config: POST /connectors takes"),
        ("POST", "/connectors", {"json": {"name": "x", "config": None}},
         "The request has no connector config"),
        ("POST", "/connectors", {"data": b""}, "The request has no body: POST /connectors"),
        ("PUT", "/connectors/known/config", {"data": b"null"},
         "The request has no body: PUT /connectors/known/config takes a connector config"),
        ("PATCH", "/connectors/known/config", {"data": b""},
         "The request has no body: PATCH /connectors/known/config"),
        ("PUT", "/connector-plugins/Nope/config/validate",
         {"json": {"connector.class": "Nope", "name": "x"}},
         "Failed to find any class that implements Connector and which name matches Nope"),
        ("PUT", "/connector-plugins/FileStreamSink/config/validate", {"json": {"name": "x"}},
         "Connector config {name=x} contains no connector type"),
        ("PUT", "/connector-plugins/FileStreamSink/config/validate", {"data": b"null"},
         "The request has no body: PUT /connector-plugins/FileStreamSink/config/validate"),
        ("PUT", "/admin/loggers/x", {"data": b"null"}, "The request has no body: PUT "
         "/admin/loggers/{logger} takes {\"level\""),
        ("PUT", "/admin/loggers/x", {"json": {"level": ""}}, "Illegal null or empty Level name."),
        ("PATCH", "/connectors/known/offsets", {"data": b"null"},
         "The request has no body: PATCH /connectors/known/offsets"),
        ("PATCH", "/connectors/known/offsets", {"json": {"offsets": [None]}},
         "offsets[0] is null"),
    ]:
        headers = {"Content-Type": "application/json"}
        r = w.request(method, path, headers=headers, **kw)
        assert r.status_code == 400, (method, path, r.status_code, r.text)
        assert r.json()["error_code"] == 400
        assert r.json()["message"].startswith(words), (method, path, r.json()["message"])


def test_connector_settings_kconnect_does_not_act_on_fail_validation(workers, lines_file):
    """A connector config with settings Java honours and kconnect does not is refused with
    Java's response shape, one error per key, and nothing is created (a connector's own
    offsets topic, honoured, is not among them)."""
    w = workers.start()
    config = {"connector.class": "FileStreamSource", "name": "refused", "file": str(lines_file),
              "topic": "t-ref",
              "producer.override.interceptor.classes": "com.example.Audit",
              "offsets.storage.topic": "my-own-offsets",
              "header.converter": "com.example.HeaderConverter"}
    r = w.request("PUT", "/connector-plugins/FileStreamSource/config/validate", json=config)
    assert r.status_code == 200, r.text
    errors = {c["value"]["name"]: c["value"]["errors"] for c in r.json()["configs"]
              if c["value"]["errors"]}
    assert r.json()["error_count"] == 2, json.dumps(errors, indent=1)
    assert errors["producer.override.interceptor.classes"] == [
        "producer.override.interceptor.classes=com.example.Audit is refused: client "
        "interceptors are Java classes (kconnect does not act on it)"]
    assert errors["header.converter"][0].startswith(
        "header.converter=com.example.HeaderConverter is refused")
    r = w.request("POST", "/connectors", json={"name": "refused", "config": config})
    assert r.status_code == 400
    assert r.json()["message"].startswith(
        "Connector configuration is invalid and contains the following 2 error(s):")
    assert w.get("/connectors").json() == []


def test_pause_resume_stop_and_delete(workers, lines_file):
    w = workers.start()
    create(w, "pr", {"connector.class": "FileStreamSource", "file": str(lines_file),
                     "topic": f"pr-{uuid.uuid4().hex[:6]}"})
    wait_for(lambda: all_running(w, "pr", 1), what="pr RUNNING")
    assert w.request("PUT", "/connectors/pr/pause").status_code == 202
    wait_for(lambda: status(w, "pr")["connector"]["state"] == "PAUSED" and
             status(w, "pr")["tasks"][0]["state"] == "PAUSED", what="PAUSED")
    assert w.request("PUT", "/connectors/pr/resume").status_code == 202
    wait_for(lambda: all_running(w, "pr", 1), what="RUNNING after resume")
    assert w.request("PUT", "/connectors/pr/stop").status_code == 204
    wait_for(lambda: status(w, "pr")["connector"]["state"] == "STOPPED", what="STOPPED")
    assert w.get("/connectors/pr").json()["tasks"] == []
    assert w.request("PUT", "/connectors/pr/resume").status_code == 202
    wait_for(lambda: all_running(w, "pr", 1), what="RUNNING after a stop")
    assert w.request("DELETE", "/connectors/pr").status_code == 204
    wait_for(lambda: w.get("/connectors/pr").status_code == 404, what="deleted")


def test_three_workers_share_the_work_and_any_answers(workers, target_cluster):
    props = workers.properties(**{"scheduled.rebalance.max.delay.ms": "0"})
    ws = [workers.start(props) for _ in range(3)]
    topic = f"sink-{uuid.uuid4().hex[:6]}"
    target_cluster.create_topic(topic, 6, 1)
    # Created through a follower or the leader alike: whoever is not the leader forwards.
    for i, w in enumerate(ws):
        create(w, f"sink{i}", {"connector.class": "FileStreamSink", "topics": topic,
                               "tasks.max": "3", "file": os.devnull})
    for i in range(3):
        wait_for(lambda: all_running(ws[0], f"sink{i}", 3), what=f"sink{i} RUNNING")
    owners = set()
    for i in range(3):
        for w in ws:                              # every worker shows the same status
            s = status(w, f"sink{i}")
            assert s["connector"]["state"] == "RUNNING"
        s = status(ws[1], f"sink{i}")
        owners.add(s["connector"]["worker_id"])
        owners.update(t["worker_id"] for t in s["tasks"])
    assert owners == {f"127.0.0.1:{w.port}" for w in ws}

    # A real client removes them all: `kc delete --all` (PyPI's kafka-connect-py) sends the
    # deletes one right after the other and stops at the first answer that is not 2xx, with
    # exit 0, leaving the rest behind; each delete meets the rebalance of the one before.
    kc = os.path.join(os.path.dirname(sys.executable), "kc")
    out = subprocess.run([kc, "--url", ws[2].url, "delete", "--all"], capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == 0 and not (out.stdout + out.stderr).strip(), out
    assert ws[0].get("/connectors").json() == []


def test_a_burst_of_posts_over_three_workers_is_answered_201(workers, tmp_path):
    """Clients behind a load balancer POST connectors to three workers at once, as `make
    bench`'s connectors scenario does: each POST meets the rebalances the others cause (a new
    connector, then its task configs) and is forwarded to the leader by the followers; it
    waits them out, as Java's herder queues it, and is answered 201 the first time."""
    props = workers.properties(**{"scheduled.rebalance.max.delay.ms": "0"})
    ws = [workers.start(props) for _ in range(3)]
    empty = tmp_path / "empty.txt"
    empty.write_text("")

    def post(i):
        r = ws[i % 3].request("POST", "/connectors", timeout=95, json={
            "name": f"burst{i}", "config": {"connector.class": "FileStreamSource",
                                            "file": str(empty), "topic": "t-burst",
                                            "tasks.max": "1"}})
        return i, r.status_code, r.text

    with ThreadPoolExecutor(4) as pool:
        answers = list(pool.map(post, range(24)))
    assert [a for a in answers if a[1] != 201] == []
    for i in range(24):
        wait_for(lambda: all_running(ws[i % 3], f"burst{i}", 1), what=f"burst{i} RUNNING")


def java_partition(key, partitions):
    """The partition Java's default partitioner (and librdkafka's murmur2_random) gives a
    keyed record: murmur2 of the key's bytes, its sign bit cleared, modulo partitions."""
    data, m, r = key.encode(), 0x5bd1e995, 24
    h = (0x9747b28c ^ len(data)) & 0xFFFFFFFF
    for i in range(0, len(data) - len(data) % 4, 4):
        k = int.from_bytes(data[i:i + 4], "little")
        k = (k * m) & 0xFFFFFFFF
        k ^= k >> r
        k = (k * m) & 0xFFFFFFFF
        h = ((h * m) & 0xFFFFFFFF) ^ k
    tail = data[len(data) - len(data) % 4:]
    for i in reversed(range(len(tail))):
        h ^= tail[i] << (8 * i)
    if tail:
        h = (h * m) & 0xFFFFFFFF
    h ^= h >> 13
    h = (h * m) & 0xFFFFFFFF
    h ^= h >> 15
    return (h & 0x7FFFFFFF) % partitions


def test_statuses_in_partitions_empty_at_start_are_read(workers, target_cluster):
    """A worker's first read of the status topic takes the partitions that hold records, then
    it follows every partition: a status another worker writes afterwards into a partition
    that was empty when this worker started is shown by this one."""
    props = workers.properties(**{"scheduled.rebalance.max.delay.ms": "0"})
    topic = f"sp-{uuid.uuid4().hex[:6]}"
    target_cluster.create_topic(topic, 1, 1)
    sink = {"connector.class": "FileStreamSink", "topics": topic, "file": os.devnull}
    a = workers.start(props)
    create(a, "first", sink)
    wait_for(lambda: all_running(a, "first", 1), what="first RUNNING")
    used = {java_partition(k, 5) for k in ("status-connector-first", "status-task-first-0")}
    b = workers.start(props)
    assert len(used) < 5
    a_id = f"127.0.0.1:{a.port}"
    # Connectors whose two statuses land in partitions empty at b's start, until one of
    # them runs on a (b's own statuses could be shown before they are read back).
    names = [n for n in (f"late{i}" for i in range(500))
             if java_partition(f"status-connector-{n}", 5) not in used and
             java_partition(f"status-task-{n}-0", 5) not in used][:8]
    seen = []
    for name in names:
        create(b, name, sink)
        s = wait_for(lambda: all_running(b, name, 1), what=f"{name} RUNNING, as b reads it")
        units = [s["connector"]] + s["tasks"]
        seen += [u for u in units if u["worker_id"] == a_id]
        if seen:
            break
    assert seen and all(u["state"] == "RUNNING" for u in seen), \
        f"no status written by {a_id} read by b: {names}"


def moved_off(worker, name, tasks, gone_id):
    """The connector and its tasks all RUNNING, as worker reads them, none on gone_id."""
    s = status(worker, name)
    ids = [s["connector"]["worker_id"]] + [t["worker_id"] for t in s["tasks"]]
    return (s["connector"]["state"] == "RUNNING" and len(s["tasks"]) == tasks and
            all(t["state"] == "RUNNING" for t in s["tasks"]) and gone_id not in ids)


@pytest.mark.parametrize("protocol", ["sessioned", "compatible", "eager"])
def test_kill_9_moves_work_to_the_survivors(workers, target_cluster, lines_file, protocol):
    props = workers.properties(**{"scheduled.rebalance.max.delay.ms": "0",
                                  "connect.protocol": protocol,
                                  "session.timeout.ms": "6000", "heartbeat.interval.ms": "1000"})
    ws = [workers.start(props) for _ in range(3)]
    topic = f"k9-{uuid.uuid4().hex[:6]}"
    target_cluster.create_topic(topic, 3, 1)
    create(ws[0], "k9", {"connector.class": "FileStreamSink", "topics": topic, "tasks.max": "3",
                         "file": os.devnull})
    wait_for(lambda: all_running(ws[0], "k9", 3), what="k9 RUNNING")
    s = status(ws[0], "k9")
    victim_id = s["tasks"][0]["worker_id"]
    victim = next(w for w in ws if f"127.0.0.1:{w.port}" == victim_id)
    survivors = [w for w in ws if w is not victim]
    victim.stop(signal.SIGKILL)
    start = time.monotonic()

    wait_for(lambda: moved_off(survivors[0], "k9", 3, victim_id), timeout=6 + 5 + 5,
             what="work moved off the killed worker")
    print(f"failover ({protocol}): {time.monotonic() - start:.1f}s")


def leader_of(worker):
    """The leader's URL as this worker's last completed rebalance gave it (its log)."""
    urls = re.findall(r"leaderUrl='([^']*)'", worker.log())
    assert urls, worker.log()
    return urls[-1]


def sink_on_workers(workers, target_cluster, n, name, tasks):
    """n workers that remove a killed member from the group at once (their sessions are
    45 s long: a test waiting less shows that no session expired), and a FileStreamSink over
    a topic of its own with tasks tasks, all RUNNING (the status, as the first worker
    reads it)."""
    props = workers.properties(**{"scheduled.rebalance.max.delay.ms": "0",
                                  "session.timeout.ms": "45000"})
    ws = [workers.start(props) for _ in range(n)]
    topic = f"{name}-{uuid.uuid4().hex[:6]}"
    target_cluster.create_topic(topic, tasks, 1)
    create(ws[0], name, {"connector.class": "FileStreamSink", "topics": topic,
                         "tasks.max": str(tasks), "file": os.devnull})
    return ws, wait_for(lambda: all_running(ws[0], name, tasks), what=f"{name} RUNNING")


@pytest.mark.parametrize("role", ["follower", "leader"])
def test_a_killed_worker_leaves_the_group_before_its_session_expires(workers, target_cluster,
                                                                     role):
    """A killed worker's REST port refuses connections at once; the worker that watches it
    (the leader watches every member, a follower the leader) removes it from the group then,
    and its work moves long before session.timeout.ms (45 s here) would have expired it."""
    ws, s = sink_on_workers(workers, target_cluster, 3, "gone", 3)
    leader = leader_of(ws[0])
    victim = next(w for w in ws if (w.url + "/" == leader) == (role == "leader") and
                  any(t["worker_id"] == f"127.0.0.1:{w.port}" for t in s["tasks"]))
    victim_id = f"127.0.0.1:{victim.port}"
    survivors = [w for w in ws if w is not victim]
    victim.stop(signal.SIGKILL)
    killed = time.monotonic()

    wait_for(lambda: moved_off(survivors[0], "gone", 3, victim_id), timeout=20, interval=0.1,
             what="work moved off the killed worker")
    print(f"kill -9 of the {role}: work moved after {time.monotonic() - killed:.1f} s")
    said = [w for w in survivors if f"refuses connections on its REST port {victim.url}/"
            in w.log()]
    assert said, "no survivor said why it removed the killed worker"


def test_a_worker_restarted_at_once_removes_its_previous_process(workers, target_cluster):
    """A worker killed and started again at once on the same port, as a service manager
    restarts it, finds its previous process still a member (its URL, its host) and removes
    it before joining: its first join does not wait for the coordinator to expire that
    member's session (45 s here)."""
    ws, _ = sink_on_workers(workers, target_cluster, 2, "again", 2)
    wait_for(lambda: len({t["worker_id"] for t in status(ws[0], "again")["tasks"]}) == 2,
             what="a task on each worker")
    victim = ws[1]
    victim.stop(signal.SIGKILL)
    before = len(victim.log())                # the restart appends to the same log
    victim.start()
    restarted = time.monotonic()
    wait_for(lambda: "Joined group at generation" in victim.log()[before:], timeout=20,
             interval=0.1, what="the restarted worker's first join")
    print(f"restarted worker joined after {time.monotonic() - restarted:.1f} s")
    assert "is this worker's previous process" in victim.log()[before:], victim.log()
    wait_for(lambda: all_running(ws[0], "again", 2) and
             len({t["worker_id"] for t in status(ws[0], "again")["tasks"]}) == 2,
             what="a task on each worker again")


def test_a_member_whose_rest_port_never_answered_stays_in_the_group(workers, target_cluster):
    """A member advertising a URL nobody answers at (a misconfigured rest.advertised.*) is
    not taken for gone: only a port that answered before and refuses now says so."""
    props = workers.properties(**{"scheduled.rebalance.max.delay.ms": "0"})
    a = workers.start(props)
    nowhere = dict(props, **{"rest.advertised.port": str(kh.free_ports(1)[0])})
    b = workers.start(nowhere)
    topic = f"nowhere-{uuid.uuid4().hex[:6]}"
    target_cluster.create_topic(topic, 2, 1)
    create(a, "nowhere", {"connector.class": "FileStreamSink", "topics": topic,
                          "tasks.max": "2", "file": os.devnull})
    wait_for(lambda: all_running(a, "nowhere", 2) and
             {t["worker_id"] for t in status(a, "nowhere")["tasks"]} ==
             {f"127.0.0.1:{a.port}", f"127.0.0.1:{nowhere['rest.advertised.port']}"},
             what="a task on each worker")
    joins = a.log().count("Joined group at generation")
    time.sleep(5)                        # more than three times the wait before a removal
    assert a.log().count("Joined group at generation") == joins, a.log()
    assert "refuses connections" not in a.log() + b.log()


def test_file_pipeline_loses_nothing_across_kill_9(workers, target_cluster, tmp_path):
    """FileStreamSource -> topic -> FileStreamSink on two workers; one is killed mid-stream.
    At-least-once: every line arrives; a clean restart of all workers duplicates none."""
    props = workers.properties(**{"scheduled.rebalance.max.delay.ms": "0",
                                  "offset.flush.interval.ms": "500",
                                  "session.timeout.ms": "6000", "heartbeat.interval.ms": "1000"})
    src, out = tmp_path / "src.txt", tmp_path / "out.txt"
    src.write_text("".join(f"row {i}\n" for i in range(200)))
    ws = [workers.start(props) for _ in range(2)]
    topic = f"pipe-{uuid.uuid4().hex[:6]}"
    target_cluster.create_topic(topic, 1, 1)
    conv = {"value.converter": "org.apache.kafka.connect.storage.StringConverter"}
    create(ws[0], "pipe-src", dict(conv, **{"connector.class": "FileStreamSource",
                                            "file": str(src), "topic": topic}))
    create(ws[0], "pipe-sink", dict(conv, **{"connector.class": "FileStreamSink",
                                             "file": str(out), "topics": topic}))
    wait_for(lambda: out.exists() and len(out.read_text().splitlines()) >= 200,
             what="first 200 rows in the sink file")
    victim = ws[1]
    victim.stop(signal.SIGKILL)
    with open(src, "a") as f:
        f.write("".join(f"row {i}\n" for i in range(200, 400)))
    expected = {f"row {i}" for i in range(400)}
    wait_for(lambda: expected <= set(out.read_text().splitlines()), timeout=60,
             what="every row after kill -9")

    # Clean restarts of every worker: nothing is written twice from here on.
    before = len(out.read_text().splitlines())
    for w in ws:
        if w.proc.poll() is None:
            assert w.stop() == 0
    ws2 = [workers.start(props) for _ in range(2)]
    wait_for(lambda: all_running(ws2[0], "pipe-sink", 1) and all_running(ws2[0], "pipe-src", 1),
             what="pipeline running again")
    time.sleep(3)
    assert len(out.read_text().splitlines()) == before, "rows duplicated across clean restarts"
    with open(src, "a") as f:
        f.write("row 400\n")
    wait_for(lambda: out.read_text().splitlines()[-1] == "row 400", what="row 400")
    assert len(out.read_text().splitlines()) == before + 1


def test_source_offsets_are_committed_every_second_after_a_start_or_a_rebalance(
        workers, target_cluster, tmp_path):
    """For one offset.flush.interval.ms after a source task starts, and after each rebalance
    begins, its offsets are committed every second; a task left alone commits at the
    interval (README: when source offsets are committed). Each commit stores what was read
    until just before it, the last poll's lines included once acknowledged. Read from the
    offsets topic: the time and position of every commit of this connector while lines
    keep coming."""
    props = workers.properties(**{"offset.flush.interval.ms": "6000"})
    w = workers.start(props)
    src = tmp_path / "src.txt"
    src.write_text("")
    topic = f"settle-{uuid.uuid4().hex[:6]}"
    stop = threading.Event()
    sizes = [(0, 0)]                    # (time, the file's size then)

    def append():                       # a line every 20 ms
        i = 0
        while not stop.wait(0.02):
            with open(src, "a") as f:
                f.write(f"row {i}\n")
                sizes.append((time.time(), f.tell()))
            i += 1
    writer = threading.Thread(target=append)
    writer.start()
    c = Consumer(target_cluster.client_config(**{"group.id": f"t-{uuid.uuid4().hex[:6]}",
                                                 "auto.offset.reset": "earliest",
                                                 "log_level": 0}))
    c.subscribe([props["offset.storage.topic"]])
    stored = []                         # (time (s), position) of the connector's commits

    def commits_until(t):
        while time.time() < t:
            m = c.poll(0.2)
            if m is not None and m.error() is None and m.key() and b'"settle"' in m.key():
                stored.append((m.timestamp()[1] / 1000, json.loads(m.value())["position"]))
        return [when for when, _ in stored]

    def size_at(t):
        return max(size for when, size in sizes if when <= t)

    def gaps(commits, since, until):
        seen = [t for t in commits if since <= t < until]
        return [b - a for a, b in zip(seen, seen[1:])]
    try:
        create(w, "settle", {"connector.class": "FileStreamSource", "file": str(src),
                             "topic": topic, "value.converter":
                             "org.apache.kafka.connect.storage.StringConverter"})
        wait_for(lambda: all_running(w, "settle", 1), what="settle RUNNING")
        started = time.time()
        # Settling: the first 6 s commit once a second.
        commits = commits_until(started + 5)
        assert len([t for t in commits if t < started + 5]) >= 3, commits
        # FileStreamSource sleeps 1 s at the end of its file: committed at once after its
        # poll, its lines would still be in flight, and each commit a poll behind.
        behind = [(t, size_at(t - 0.5) - position) for t, position in stored
                  if position < size_at(t - 0.5)]
        assert not behind, (behind, stored)
        # Settled: at the interval.
        commits = commits_until(started + 20)
        settled = gaps(commits, started + 8, started + 20)
        assert settled and min(settled) > 4, (settled, commits)
        # A member joins: the rebalance begins, the task settles again, wherever it runs.
        workers.start(props)
        joined = time.time()
        commits = commits_until(joined + 5)
        assert len([t for t in commits if t >= joined]) >= 3, (joined, commits)
    finally:
        stop.set()
        writer.join()
        c.close()


def test_a_worker_whose_coordinator_stops_answering_stops_its_work_within_its_session(
        java, tmp_path):
    """The only broker frozen (connections open, nothing answered: a path cut without a
    reset): once session.timeout.ms has passed since its last answered Heartbeat, the worker
    stops its tasks, as the group has given them to others, rather than waiting
    request.timeout.ms (40 s) for the Heartbeat's answer. When the broker is back, it
    rejoins and every line arrives."""
    from kconnect import WorkerFactory
    cluster = kh.start_clusters([("cut", 1)], java=java)["cut"]
    factory = WorkerFactory(tmp_path, cluster)
    src = tmp_path / "src.txt"
    src.write_text("")
    topic, written = f"cut-{uuid.uuid4().hex[:6]}", [0]
    stop = threading.Event()

    def append():                       # a line every 10 ms
        while not stop.wait(0.01):
            with open(src, "a") as f:
                f.write(f"row {written[0]}\n")
            written[0] += 1
    writer = threading.Thread(target=append)
    try:
        cluster.create_topic(topic, 1, 1)
        w = factory.start(factory.properties(**{"session.timeout.ms": "6000",
                                                "heartbeat.interval.ms": "1000",
                                                "scheduled.rebalance.max.delay.ms": "0"}))
        create(w, "cut", {"connector.class": "FileStreamSource", "file": str(src),
                          "topic": topic, "value.converter":
                          "org.apache.kafka.connect.storage.StringConverter"})
        wait_for(lambda: all_running(w, "cut", 1), what="cut RUNNING")
        writer.start()
        assert len(consume_all(cluster, topic, 100)) == 100
        cluster.nodes[0].signal(signal.SIGSTOP)
        try:
            # Within the 6 s session, a heartbeat interval and the machine's load; it waited
            # 40 s for the Heartbeat's answer before.
            w.wait_log("coordinator unreachable for session.timeout.ms", timeout=20)
        finally:
            cluster.nodes[0].signal(signal.SIGCONT)
        stop.set()
        writer.join()
        # Its own work came back to it (it was lost, with no delay set), and was started
        # again: every line arrives.
        want = {f"row {i}" for i in range(written[0])}
        got = values_until(cluster, topic, want, 90)
        assert want <= got, f"{len(want - got)} of {len(want)} lines lost"
    finally:
        stop.set()
        if writer.is_alive():
            writer.join()
        factory.close()
        cluster.kill()


def test_state_survives_a_full_cluster_restart(workers, lines_file):
    props = workers.properties()
    w = workers.start(props)
    create(w, "paused-one", {"connector.class": "FileStreamSource", "file": str(lines_file),
                             "topic": f"p1-{uuid.uuid4().hex[:6]}"})
    create(w, "stopped-one", {"connector.class": "FileStreamSource", "file": str(lines_file),
                              "topic": f"s1-{uuid.uuid4().hex[:6]}"})
    wait_for(lambda: all_running(w, "paused-one", 1) and all_running(w, "stopped-one", 1),
             what="both RUNNING")
    assert w.request("PUT", "/connectors/paused-one/pause").status_code == 202
    assert w.request("PUT", "/connectors/stopped-one/stop").status_code == 204
    wait_for(lambda: status(w, "paused-one")["connector"]["state"] == "PAUSED" and
             status(w, "stopped-one")["connector"]["state"] == "STOPPED", what="paused/stopped")
    assert w.stop() == 0
    w2 = workers.start(props)
    wait_for(lambda: status(w2, "paused-one")["connector"]["state"] == "PAUSED" and
             status(w2, "paused-one")["tasks"][0]["state"] == "PAUSED" and
             status(w2, "stopped-one")["connector"]["state"] == "STOPPED",
             what="states after the restart")
    assert w2.get("/connectors/stopped-one").json()["tasks"] == []


def test_three_workers_over_scram(workers, target_cluster):
    props = workers.properties(**{"scheduled.rebalance.max.delay.ms": "0"})
    props.update(target_cluster.java_client_properties(sasl=True, mechanism="SCRAM-SHA-512",
                                                       user="alice"))
    ws = [workers.start(props) for _ in range(3)]
    topic = f"scram-{uuid.uuid4().hex[:6]}"
    target_cluster.create_topic(topic, 3, 1)
    create(ws[2], "scram-sink", {"connector.class": "FileStreamSink", "topics": topic,
                                 "tasks.max": "5", "file": os.devnull})
    s = wait_for(lambda: all_running(ws[0], "scram-sink", 5), what="scram-sink RUNNING")
    owners = {s["connector"]["worker_id"]} | {t["worker_id"] for t in s["tasks"]}
    assert owners == {f"127.0.0.1:{w.port}" for w in ws}


def test_lost_work_waits_for_the_delay_then_returns_to_the_rejoining_worker(workers,
                                                                            target_cluster):
    delay_ms = 12000
    props = workers.properties(**{"scheduled.rebalance.max.delay.ms": str(delay_ms),
                                  "session.timeout.ms": "6000", "heartbeat.interval.ms": "1000"})
    ws = [workers.start(props) for _ in range(2)]
    topic = f"delay-{uuid.uuid4().hex[:6]}"
    target_cluster.create_topic(topic, 4, 1)
    create(ws[0], "dl", {"connector.class": "FileStreamSink", "topics": topic, "tasks.max": "4",
                         "file": os.devnull})
    s = wait_for(lambda: all_running(ws[0], "dl", 4), what="dl RUNNING")
    victim = ws[1]
    victim_id = f"127.0.0.1:{victim.port}"
    survivor = ws[0]
    lost = [t["id"] for t in s["tasks"] if t["worker_id"] == victim_id]
    assert lost, s
    victim.stop(signal.SIGKILL)
    killed = time.monotonic()

    def tasks_on(worker_id):
        s = status(survivor, "dl")
        return [t["id"] for t in s["tasks"] if t["worker_id"] == worker_id and
                t["state"] == "RUNNING"]
    # Until the delay runs out the lost tasks stay where they were reported last.
    time.sleep(6 + 3)
    assert sorted(tasks_on(f"127.0.0.1:{survivor.port}")) != list(range(4))
    wait_for(lambda: sorted(tasks_on(f"127.0.0.1:{survivor.port}")) == list(range(4)),
             timeout=delay_ms / 1000 + 15, what="lost tasks reassigned after the delay")
    moved_after = time.monotonic() - killed
    assert moved_after >= delay_ms / 1000 - 1, moved_after

    # The worker comes back: load balancing gives it its share again.
    back = workers.start(props)
    wait_for(lambda: len(tasks_on(f"127.0.0.1:{back.port}")) >= 1, timeout=60,
             what="work rebalanced onto the returning worker")


def test_delete_tombstones_the_statuses(workers, lines_file):
    w = workers.start()
    create(w, "gone", {"connector.class": "FileStreamSource", "file": str(lines_file),
                       "topic": f"gone-{uuid.uuid4().hex[:6]}"})
    wait_for(lambda: all_running(w, "gone", 1), what="gone RUNNING")
    assert w.request("DELETE", "/connectors/gone").status_code == 204
    wait_for(lambda: w.get("/connectors/gone/status").status_code == 404, what="status gone")
    assert w.get("/connectors").json() == []


def test_updated_config_reaches_the_tasks(workers, target_cluster, lines_file):
    props = workers.properties(**{"offset.flush.interval.ms": "500"})
    w = workers.start(props)
    first, second = (f"upd-{uuid.uuid4().hex[:6]}" for _ in range(2))
    conv = {"value.converter": "org.apache.kafka.connect.storage.StringConverter"}
    create(w, "upd", dict(conv, **{"connector.class": "FileStreamSource",
                                   "file": str(lines_file), "topic": first}))
    assert len(consume_all(target_cluster, first, 5)) == 5
    r = w.request("PUT", "/connectors/upd/config", json=dict(conv, **{
        "connector.class": "FileStreamSource", "file": str(lines_file), "topic": second}))
    assert r.status_code == 200, r.text
    assert r.json()["config"]["topic"] == second
    wait_for(lambda: w.get("/connectors/upd/tasks").json()[0]["config"]["topic"] == second,
             what="new task config")
    with open(lines_file, "a") as f:
        f.write("after update\n")
    assert consume_all(target_cluster, second, 1) == ["after update"]


def test_fence_endpoint(workers, lines_file, target_cluster):
    # connect.protocol=eager: no session key, internal requests need no signature.
    w = workers.start(workers.properties(**{"connect.protocol": "eager"}))
    create(w, "fence-src", {"connector.class": "FileStreamSource", "file": str(lines_file),
                            "topic": f"fence-{uuid.uuid4().hex[:6]}"})
    create(w, "fence-sink", {"connector.class": "FileStreamSink", "topics": "fence-x",
                             "file": os.devnull})
    assert w.request("PUT", "/connectors/fence-src/fence").status_code == 204
    r = w.request("PUT", "/connectors/fence-sink/fence")
    assert r.status_code == 400 and r.json()["message"] == \
        "Connector fence-sink is not a source connector"
    r = w.request("PUT", "/connectors/nope/fence")
    assert r.status_code == 404 and r.json()["message"] == "Connector nope not found"
    # sessioned (the default): an unsigned request is refused and changes nothing.
    s = workers.start()
    create(s, "fence-src2", {"connector.class": "FileStreamSource", "file": str(lines_file),
                             "topic": f"fence-{uuid.uuid4().hex[:6]}"})
    wait_for(lambda: s.request("PUT", "/connectors/fence-src2/fence").status_code == 400,
             what="unsigned fence refused")


def test_restart_with_flags_records_restarting(workers, lines_file, target_cluster):
    """POST .../restart?includeTasks=true: as Java's herder, the worker writes RESTARTING to
    the status topic for what it restarts, then RUNNING again."""
    props = workers.properties()
    w = workers.start(props)
    create(w, "rs", {"connector.class": "FileStreamSource", "file": str(lines_file),
                     "topic": f"rs-{uuid.uuid4().hex[:6]}"})
    wait_for(lambda: all_running(w, "rs", 1), what="rs RUNNING")
    r = w.request("POST", "/connectors/rs/restart?includeTasks=true")
    assert r.status_code == 202, r.text
    states = {"status-connector-rs": [], "status-task-rs-0": []}
    c = Consumer(target_cluster.client_config(**{"group.id": f"t-{uuid.uuid4().hex[:6]}",
                                                 "auto.offset.reset": "earliest",
                                                 "log_level": 0}))
    c.subscribe([props["status.storage.topic"]])
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not all(
            "RESTARTING" in v and v[-1] == "RUNNING" for v in states.values()):
        m = c.poll(0.5)
        if m is not None and m.error() is None and m.key().decode() in states and m.value():
            states[m.key().decode()].append(json.loads(m.value())["state"])
    c.close()
    for key, seen in states.items():
        assert "RESTARTING" in seen and seen[-1] == "RUNNING", (key, seen)
        assert seen.index("RESTARTING") < len(seen) - 1


def test_source_skips_a_record_too_large_for_the_target(workers, target_cluster, tmp_path):
    """A record larger than the target topic's max.message.bytes, which the broker refuses
    for good: under errors.tolerance=all it is skipped and the records after it are written;
    under none the task fails. (Java's producer splits such a batch and sends it again
    without end, so its task neither fails nor moves on: see README, compatibility.)"""
    w = workers.start(workers.properties(**{"offset.flush.interval.ms": "500"}))
    path = tmp_path / "big.txt"
    path.write_text("a\nb\n" + "X" * 3000 + "\nc\nd\n")
    for mode in ("all", "none"):
        topic = f"big-{mode}-{uuid.uuid4().hex[:6]}"
        target_cluster.create_topic(topic, 1, 1, config={"max.message.bytes": "1000"})
        create(w, f"big-{mode}", {
            "connector.class": "FileStreamSource", "file": str(path), "topic": topic,
            "value.converter": "org.apache.kafka.connect.storage.StringConverter",
            "producer.override.batch.size": "1", "errors.tolerance": mode})
        if mode == "all":
            assert consume_all(target_cluster, topic, 4) == ["a", "b", "c", "d"]
            assert all_running(w, "big-all", 1)
        else:
            st = wait_for(lambda: (s := status(w, "big-none")) and s["tasks"] and
                          s["tasks"][0]["state"] == "FAILED" and s, what="big-none FAILED")
            assert "Unrecoverable exception from producer send callback" in \
                st["tasks"][0]["trace"], st
            assert "Message size too large" in st["tasks"][0]["trace"], st
