"""
tests/integration/test_standalone.py - `kconnect standalone` beside Java's
connect-standalone.sh (org.apache.kafka.connect.cli.ConnectStandalone): a FileStreamSource
pipeline handed from one to the other and back with its offsets file, neither losing nor
repeating a line; the REST API as Java's standalone answers it; the command line's errors.

SPDX-License-Identifier: Apache-2.0
"""

import json
import os
import signal
import time
import uuid

import pytest
import requests

import kafka_harness as kh
from kconnect import KCONNECT_BIN, TOP, Worker, read_partition0, write_properties


def worker_props(cluster, offsets_file):
    props = {
        "key.converter": "org.apache.kafka.connect.storage.StringConverter",
        "value.converter": "org.apache.kafka.connect.storage.StringConverter",
        "offset.storage.file.filename": str(offsets_file),
        "offset.flush.interval.ms": "500",
    }
    props.update(cluster.java_client_properties())
    return props


def kconnect_standalone(tmp_path, props, files=(), name="kc-standalone"):
    w = Worker(str(tmp_path), props, name=name)
    w.cmd = [KCONNECT_BIN, "standalone", w.config_path, *map(str, files)]
    return w


def java_standalone(java, tmp_path, props, files=(), name="java-standalone"):
    return kh.JavaConnectWorker(java, str(tmp_path), props, name=name,
                                standalone=[str(f) for f in files])


def wait_values(cluster, topic, n, timeout=90):
    """The topic's values once it holds at least n records (partition 0, in order)."""
    deadline = time.monotonic() + timeout
    values = []
    while time.monotonic() < deadline:
        values = [v.decode() for _, v in read_partition0(cluster, topic, timeout=5)]
        if len(values) >= n:
            return values
        time.sleep(0.5)
    raise AssertionError(f"{topic}: {len(values)} records after {timeout}s, expected {n}")


def wait_stopped(proc, timeout=60):
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout) in (0, 143, -signal.SIGTERM)


def append(path, first, last):
    with open(path, "a") as f:
        for i in range(first, last):
            f.write(f"line-{i}\n")


def test_pipeline_moves_between_java_and_kconnect_with_its_offsets(tmp_path, target_cluster,
                                                                   java):
    """Java's standalone worker copies the first lines, kconnect's continues from the
    offsets file Java wrote, then Java again from the file kconnect wrote: every line
    arrives once, in order."""
    topic = f"standalone-{uuid.uuid4().hex[:8]}"
    source = tmp_path / "input.txt"
    offsets = tmp_path / "connect.offsets"
    connector = write_properties(str(tmp_path / "file-source.properties"), {
        "name": "local-file-source",
        "connector.class": "FileStreamSource",
        "tasks.max": "1",
        "file": str(source),
        "topic": topic,
    })
    target_cluster.create_topic(topic)
    append(source, 0, 300)

    jw = java_standalone(java, tmp_path, worker_props(target_cluster, offsets), [connector],
                         name="java-1").start()
    jw.wait_log("Created connector local-file-source", timeout=180)
    assert wait_values(target_cluster, topic, 300) == [f"line-{i}" for i in range(300)]
    jw.stop()
    assert offsets.stat().st_size > 0

    append(source, 300, 500)
    kw = kconnect_standalone(tmp_path, worker_props(target_cluster, offsets), [connector],
                             name="kc-1").start()
    kw.wait_rest()
    assert wait_values(target_cluster, topic, 500) == [f"line-{i}" for i in range(500)]
    assert kw.stop() == 0

    append(source, 500, 650)
    jw = java_standalone(java, tmp_path, worker_props(target_cluster, offsets), [connector],
                         name="java-2").start()
    jw.wait_log("Created connector local-file-source", timeout=180)
    values = wait_values(target_cluster, topic, 650)
    jw.stop()
    assert values == [f"line-{i}" for i in range(650)]
    # And kconnect once more, from the file Java wrote last: nothing new, nothing repeated.
    append(source, 650, 700)
    kw = kconnect_standalone(tmp_path, worker_props(target_cluster, offsets), [connector],
                             name="kc-2").start()
    kw.wait_rest()
    assert wait_values(target_cluster, topic, 700) == [f"line-{i}" for i in range(700)]
    status = kw.get("/connectors/local-file-source/status").json()
    assert status["connector"]["state"] == "RUNNING"
    assert status["tasks"][0]["state"] == "RUNNING"
    assert kw.stop() == 0
    assert kw.sanitizer_report() is None, kw.log()[-4000:]


def connector_files(tmp_path, topic):
    """The three forms ConnectStandalone reads: properties, a JSON map, a JSON request."""
    src = tmp_path / "in.txt"
    src.write_text("a\nb\nc\n")
    props_file = write_properties(str(tmp_path / "a.properties"), {
        "name": "from-properties", "connector.class": "FileStreamSource", "file": str(src),
        "topic": topic})
    map_file = tmp_path / "b.json"
    map_file.write_text(json.dumps({"name": "from-json-map", "connector.class":
                                    "FileStreamSource", "file": str(src), "topic": topic,
                                    "tasks.max": 1}))
    request_file = tmp_path / "c.json"
    request_file.write_text(json.dumps({"name": "from-json-request", "initial_state": "PAUSED",
                                        "config": {"connector.class": "FileStreamSource",
                                                   "file": str(src), "topic": topic}}))
    return [props_file, str(map_file), str(request_file)]


# The REST requests compared between the two standalone workers: Java's status, and body
# where it is not specific to the worker (its URL, versions).
REQUESTS = [
    ("GET", "/connectors", None),
    ("GET", "/connectors?expand=status", None),
    ("GET", "/connectors/from-properties", None),
    ("GET", "/connectors/from-json-map/config", None),
    ("GET", "/connectors/from-json-request/status", None),
    ("GET", "/connectors/from-properties/tasks", None),
    ("GET", "/connectors/nope/status", None),
    ("GET", "/connectors/from-properties/tasks/0/status", None),
    ("POST", "/connectors/from-properties/tasks/0/restart", None),
    ("POST", "/connectors/from-properties/restart?includeTasks=true&onlyFailed=true", None),
    ("PATCH", "/connectors/from-properties/config", {"tasks.max": "1", "batch.size": "7"}),
    ("PUT", "/connectors/from-properties/config", {
        "connector.class": "FileStreamSource", "file": "DIR/in.txt", "topic": "TOPIC"}),
    ("POST", "/connectors/from-properties/tasks", [{"k": "v"}]),
    ("PUT", "/connectors/from-properties/fence", None),
    ("POST", "/connectors", {"name": "over-rest", "config": {
        "connector.class": "FileStreamSink", "file": "/dev/null", "topics": "t"}}),
    ("POST", "/connectors", {"name": "over-rest", "config": {
        "connector.class": "FileStreamSink", "file": "/dev/null", "topics": "t"}}),
    ("PUT", "/connectors/from-json-map/pause", None),
    ("PUT", "/connectors/from-json-map/resume", None),
    ("PUT", "/connectors/from-json-map/stop", None),
    ("GET", "/connectors/from-json-map/offsets", None),
    ("DELETE", "/connectors/over-rest", None),
    ("DELETE", "/connectors/over-rest", None),
]


def normalise(body, workdir, worker_id):
    """The body with the worker's directory and id replaced; a list of names sorted (Java
    lists its connectors in its map's order)."""
    text = json.dumps(body, sort_keys=True).replace(workdir, "DIR").replace(worker_id, "W")
    body = json.loads(text)
    return sorted(body) if isinstance(body, list) and all(isinstance(x, str) for x in body) \
        else body


def wait_running(worker, name, timeout=60):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        r = worker.get(f"/connectors/{name}/status")
        state = r.json()["connector"]["state"] if r.status_code == 200 else None
        if state == "PAUSED" or (state == "RUNNING" and r.json()["tasks"]):
            return
        time.sleep(0.2)
    raise AssertionError(f"{name} not running after {timeout}s")


def test_rest_answers_as_javas_standalone(tmp_path, target_cluster, java):
    topic = f"standalone-rest-{uuid.uuid4().hex[:8]}"
    target_cluster.create_topic(topic)
    jdir, kdir = tmp_path / "java", tmp_path / "kc"
    jdir.mkdir()
    kdir.mkdir()
    jw = java_standalone(java, jdir, worker_props(target_cluster, jdir / "offsets"),
                         connector_files(jdir, topic)).start()
    kw = kconnect_standalone(kdir, worker_props(target_cluster, kdir / "offsets"),
                             connector_files(kdir, topic)).start()
    try:
        jw.wait_log("Created connector from-json-request", timeout=180)
        kw.wait_rest()
        for w in (jw, kw):
            for name in ("from-properties", "from-json-map", "from-json-request"):
                wait_running(w, name)
        for method, path, body in REQUESTS:
            answers = []
            for w, d in ((jw, jdir), (kw, kdir)):
                sent = json.loads(json.dumps(body).replace("DIR", str(d))
                                  .replace("TOPIC", topic)) if body else body
                r = w.request(method, path, json=sent)
                shown = normalise(r.json() if r.text else None, str(d), w.url.split("//")[1])
                answers.append((r.status_code, shown))
            (js, jb), (ks, kb) = answers
            assert ks == js, (method, path, answers)
            assert kb == jb, (method, path, answers)
            if path.endswith("/stop"):
                for w in (jw, kw):
                    deadline = time.monotonic() + 30
                    while w.get("/connectors/from-json-map/status").json()["connector"][
                            "state"] != "STOPPED" and time.monotonic() < deadline:
                        time.sleep(0.2)
    finally:
        jw.stop()
        kw.stop()
    assert kw.sanitizer_report() is None, kw.log()[-4000:]


def test_connectors_made_over_rest_are_not_kept(tmp_path, target_cluster):
    """As Java's standalone: a connector POSTed over REST is gone after a restart; the
    ones of the command line come back."""
    topic = f"standalone-mem-{uuid.uuid4().hex[:8]}"
    files = connector_files(tmp_path, topic)[:1]
    props = worker_props(target_cluster, tmp_path / "offsets")
    kw = kconnect_standalone(tmp_path, props, files, name="kc-a").start()
    kw.wait_rest()
    r = kw.request("POST", "/connectors", json={"name": "over-rest", "config": {
        "connector.class": "FileStreamSink", "file": "/dev/null", "topics": topic}})
    assert r.status_code == 201, r.text
    assert sorted(kw.get("/connectors").json()) == ["from-properties", "over-rest"]
    assert kw.stop() == 0
    kw = kconnect_standalone(tmp_path, props, files, name="kc-b").start()
    kw.wait_rest()
    assert kw.get("/connectors").json() == ["from-properties"]
    assert kw.stop() == 0


@pytest.mark.parametrize("case", ["no-offsets-file", "no-name", "bad-config", "unreadable"])
def test_command_line_errors_exit_as_java(tmp_path, target_cluster, case):
    props = worker_props(target_cluster, tmp_path / "offsets")
    files = []
    expect_rc, expect_text = 3, None
    if case == "no-offsets-file":
        del props["offset.storage.file.filename"]
        expect_rc = 2
        expect_text = ('Missing required configuration "offset.storage.file.filename" which '
                       'has no default value.')
    elif case == "no-name":
        files = [write_properties(str(tmp_path / "c.properties"),
                                  {"connector.class": "FileStreamSource", "topic": "t"})]
        expect_text = (f"Connector configuration at '{files[0]}' is missing the mandatory "
                       "'name' configuration")
    elif case == "bad-config":
        files = [write_properties(str(tmp_path / "c.properties"),
                                  {"name": "x", "connector.class": "NoSuchConnector"})]
        expect_text = "Failed to create connector for"
    else:
        files = [str(tmp_path / "absent.properties")]
        expect_text = "absent.properties"
    w = kconnect_standalone(tmp_path, props, files).start()
    assert w.wait_exit(60) == expect_rc, w.log()
    assert expect_text in w.log(), w.log()
    assert w.sanitizer_report() is None, w.log()[-4000:]


def test_connect_standalone_sh(tmp_path, target_cluster):
    """bin/connect-standalone.sh takes Kafka's arguments."""
    topic = f"standalone-sh-{uuid.uuid4().hex[:8]}"
    files = connector_files(tmp_path, topic)[:1]
    props = worker_props(target_cluster, tmp_path / "offsets")
    w = Worker(str(tmp_path), props, name="sh")
    w.cmd = [os.path.join(TOP, "bin", "connect-standalone.sh"), w.config_path, *files]
    w.env["KCONNECT_BIN"] = KCONNECT_BIN
    w.start()
    w.wait_rest()
    wait_running(w, "from-properties")
    assert w.stop() == 0


def test_placeholders_in_connector_files_resolve(tmp_path, target_cluster):
    """Config providers work in standalone mode as in distributed: the connector file keeps
    its placeholder (shown by REST), the task reads the resolved file."""
    topic = f"standalone-cp-{uuid.uuid4().hex[:8]}"
    target_cluster.create_topic(topic)
    src = tmp_path / "secret-input.txt"
    src.write_text("one\ntwo\n")
    files = [write_properties(str(tmp_path / "c.properties"), {
        "name": "cp", "connector.class": "FileStreamSource", "file": "${env:KC_TEST_SOURCE}",
        "topic": topic})]
    props = worker_props(target_cluster, tmp_path / "offsets")
    props.update({"config.providers": "env", "config.providers.env.class":
                  "org.apache.kafka.common.config.provider.EnvVarConfigProvider"})
    w = kconnect_standalone(tmp_path, props, files, name="kc-cp")
    w.env["KC_TEST_SOURCE"] = str(src)
    w.start()
    w.wait_rest()
    assert wait_values(target_cluster, topic, 2) == ["one", "two"]
    assert w.get("/connectors/cp/config").json()["file"] == "${env:KC_TEST_SOURCE}"
    assert w.stop() == 0
    assert str(src) not in w.log()
