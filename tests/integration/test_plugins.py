"""
tests/integration/test_plugins.py - connectors from plugin.path: a .so built against
connectors/connector.h loads and runs; broken ones are refused at start-up with a clear
log line, and the worker runs on; a plugin built outside the tree reads and writes Kafka
through the host's services; a transformation and a predicate from a .so run in a chain.

SPDX-License-Identifier: Apache-2.0
"""

import os
import shutil
import subprocess
import uuid

from confluent_kafka import Consumer, Producer

from kconnect import TOP
from test_cluster import all_running, consume_all, create, status, wait_for

PLUGINS = os.path.join(os.path.dirname(os.environ.get("KCONNECT_BIN", "build/kconnect")),
                       "tests", "plugins")


def test_plugin_path_loads_good_plugins_and_refuses_broken_ones(workers, target_cluster,
                                                               tmp_path):
    plugin_dir = tmp_path / "plugins"
    (plugin_dir / "counter").mkdir(parents=True)
    shutil.copy(os.path.join(PLUGINS, "counter_source.so"), plugin_dir / "counter")
    shutil.copy(os.path.join(PLUGINS, "wrong_abi.so"), plugin_dir)
    shutil.copy(os.path.join(PLUGINS, "no_entry.so"), plugin_dir)
    props = workers.properties(**{"plugin.path": str(plugin_dir),
                                  "offset.flush.interval.ms": "500"})
    w = workers.start(props)
    log = w.log()
    assert "Loaded connector class com.example.CounterSource 1.2.3" in log
    assert "connector class com.example.FromTheFuture is not a kconnect connector" in log
    assert ("has no kc_connector_entry or kc_transform_entry symbol: not a kconnect plugin"
            in log)

    plugins = {p["class"]: p for p in w.get("/connector-plugins").json()}
    assert plugins["com.example.CounterSource"] == {
        "class": "com.example.CounterSource", "type": "source", "version": "1.2.3"}
    assert "com.example.FromTheFuture" not in plugins
    assert "org.apache.kafka.connect.file.FileStreamSourceConnector" in plugins

    topic = f"counter-{uuid.uuid4().hex[:6]}"
    create(w, "counter", {"connector.class": "CounterSource", "topic": topic, "count": "20",
                          "value.converter": "org.apache.kafka.connect.storage.StringConverter"})
    wait_for(lambda: all_running(w, "counter", 1), what="counter RUNNING")
    assert consume_all(target_cluster, topic, 20) == [f"n{i}" for i in range(20)]

    # The plugin hands its offsets as integers under its source_offset_field (ABI 5): the
    # worker stores them as Java would the map {"next": N}, and a restarted task resumes
    # from there, neither repeating nor skipping a record.
    expected = {"offsets": [{"partition": {"counter": "0"}, "offset": {"next": 20}}]}
    wait_for(lambda: w.get("/connectors/counter/offsets").json() == expected,
             what="the counter's offset stored as {\"next\": 20}")
    config = w.get("/connectors/counter/config").json()
    r = w.request("PUT", "/connectors/counter/config", json={**config, "count": "25"})
    assert r.status_code == 200, r.text
    assert consume_all(target_cluster, topic, 26, timeout=8) == [f"n{i}" for i in range(25)]


def test_a_task_that_ignores_stop_is_left_and_the_worker_still_exits_cleanly(
        workers, target_cluster, tmp_path):
    """A task stuck in poll() past task.shutdown.graceful.timeout.ms is abandoned, as Java
    abandons it; 30 s later the worker gives up waiting, leaves its stores and config to the
    task (which still uses them) and ends the process without exit's teardown: exit code 0,
    no sanitizer report, though the task's thread is still asleep in its poll()."""
    plugin_dir = tmp_path / "plugins"
    plugin_dir.mkdir()
    shutil.copy(os.path.join(PLUGINS, "counter_source.so"), plugin_dir)
    w = workers.start(workers.properties(**{"plugin.path": str(plugin_dir),
                                            "task.shutdown.graceful.timeout.ms": "1000"}))
    topic = f"stuck-{uuid.uuid4().hex[:6]}"
    create(w, "stuck", {"connector.class": "CounterSource", "topic": topic, "count": "5",
                        "idle.block.ms": "120000",
                        "value.converter": "org.apache.kafka.connect.storage.StringConverter"})
    wait_for(lambda: all_running(w, "stuck", 1), what="stuck RUNNING")
    assert consume_all(target_cluster, topic, 5) == [f"n{i}" for i in range(5)]
    assert w.stop(timeout=90) == 0, w.log()
    log = w.log()
    assert "[stuck-0] did not stop within task.shutdown.graceful.timeout.ms" in log, log
    assert "tasks still running at exit; leaving them" in log, log
    assert "Kafka Connect stopped" in log, log
    assert w.sanitizer_report() is None, log


def test_a_worker_stopping_slowly_is_not_taken_for_gone(workers, target_cluster, tmp_path):
    """A worker that stops keeps its REST port listening until it has left the group: its
    task, stuck in poll(), holds the stop for task.shutdown.graceful.timeout.ms (3 s), longer
    than the others wait before removing a member whose port refuses connections (1.5 s).
    It leaves by itself; the other worker finds nothing gone and takes the task over."""
    plugin_dir = tmp_path / "plugins"
    plugin_dir.mkdir()
    shutil.copy(os.path.join(PLUGINS, "counter_source.so"), plugin_dir)
    props = workers.properties(**{"plugin.path": str(plugin_dir),
                                  "task.shutdown.graceful.timeout.ms": "3000",
                                  "scheduled.rebalance.max.delay.ms": "0"})
    ws = [workers.start(props) for _ in range(2)]
    topic = f"slow-{uuid.uuid4().hex[:6]}"
    create(ws[0], "slow", {"connector.class": "CounterSource", "topic": topic, "count": "5",
                           "idle.block.ms": "8000",
                           "value.converter": "org.apache.kafka.connect.storage.StringConverter"})
    s = wait_for(lambda: all_running(ws[0], "slow", 1), what="slow RUNNING")
    assert consume_all(target_cluster, topic, 5) == [f"n{i}" for i in range(5)]
    stopping = next(w for w in ws if s["tasks"][0]["worker_id"] == f"127.0.0.1:{w.port}")
    other = next(w for w in ws if w is not stopping)
    assert stopping.stop(timeout=60) == 0, stopping.log()
    log = stopping.log()
    assert "[slow-0] did not stop within task.shutdown.graceful.timeout.ms" in log, log
    assert "left as" in log, log
    wait_for(lambda: status(other, "slow")["tasks"][0]["worker_id"] ==
             f"127.0.0.1:{other.port}", what="the task on the other worker")
    assert "refuses connections" not in other.log(), other.log()


def rdkafka_prefix():
    """Where tests/setup.sh put librdkafka (its headers are all a plugin needs of it)."""
    prefix = os.environ.get("RDKAFKA_PREFIX")
    if not prefix:
        out = subprocess.run([os.path.join(TOP, "tests", "setup.sh"), "env"], check=True,
                             capture_output=True, text=True).stdout
        prefix = dict(line.split("=", 1) for line in out.splitlines() if "=" in line)[
            "RDKAFKA_PREFIX"]
    return prefix


def test_a_plugin_built_outside_the_tree_reads_kafka_through_the_host(workers, target_cluster,
                                                                     tmp_path):
    """A third party's plugin, compiled in a directory of its own from connectors/connector.h
    alone (jansson's and librdkafka's headers beside it, no other header of kconnect's),
    copies a topic with the Kafka clients the host makes for it (kafka_new, kafka_user,
    kafka_topic_partitions, kafka_destroy), the worker's cluster (worker_cluster) and its
    offsets: the services the MirrorMaker connectors use."""
    include = tmp_path / "include" / "connectors"
    include.mkdir(parents=True)
    shutil.copy(os.path.join(TOP, "connectors", "connector.h"), include)
    src = tmp_path / "topic_copy_source.c"
    shutil.copy(os.path.join(TOP, "tests", "plugins", "topic_copy_source.c"), src)
    plugin_dir = tmp_path / "plugins"
    plugin_dir.mkdir()
    cc = os.environ.get("CC", "cc")
    build = subprocess.run(
        [cc, "-std=c11", "-Wall", "-Wextra", "-Werror", "-fPIC", "-shared",
         "-fvisibility=hidden", "-I", str(tmp_path / "include"), "-isystem",
         os.path.join(rdkafka_prefix(), "include"), "-o", str(plugin_dir / "topic_copy.so"),
         str(src), "-ljansson"], capture_output=True, text=True)
    assert build.returncode == 0, build.stderr

    w = workers.start(workers.properties(**{"plugin.path": str(plugin_dir),
                                            "offset.flush.interval.ms": "500"}))
    assert "Loaded connector class com.example.TopicCopySource 0.1.0" in w.log()
    tag = uuid.uuid4().hex[:6]
    source, dest = f"copy-src-{tag}", f"copy-dst-{tag}"
    target_cluster.create_topic(source, 1, 1)
    p = Producer(target_cluster.client_config(**{"log_level": 0}))
    for i in range(100):
        p.produce(source, f"v{i}".encode(), partition=0)
    assert p.flush(30) == 0
    create(w, "copy", {"connector.class": "TopicCopySource", "source.topic": source,
                       "topic": dest, "tasks.max": "1",
                       "value.converter": "org.apache.kafka.connect.converters.ByteArrayConverter"})
    wait_for(lambda: all_running(w, "copy", 1), what="copy RUNNING")
    assert consume_all(target_cluster, dest, 100) == [f"v{i}" for i in range(100)]
    expected = {"offsets": [{"partition": {"topic": source}, "offset": {"offset": 99}}]}
    wait_for(lambda: w.get("/connectors/copy/offsets").json() == expected,
             what="the copy's offset stored")


def test_a_sink_stage_that_reads_header_values_gets_them_as_the_header_converter_reads_them(
        workers, target_cluster, tmp_path):
    """com.example.HeaderTypes (tests/plugins/stamp_transform.c) asks for header values
    (KC_READS_HEADERS) on a FileStreamSink's records: with SimpleHeaderConverter each header's
    text is read as Java's Values.parseString reads it (its schema and value, tables in
    tests/unit/test_values.c), with ByteArrayConverter each stays its bytes; a null header is
    null either way."""
    plugin_dir = tmp_path / "plugins"
    plugin_dir.mkdir()
    shutil.copy(os.path.join(PLUGINS, "stamp_transform.so"), plugin_dir)
    # FileStreamSink writes its file out when its offsets are committed.
    w = workers.start(workers.properties(**{"plugin.path": str(plugin_dir),
                                             "offset.flush.interval.ms": "500"}))
    tag = uuid.uuid4().hex[:6]
    topic = f"hdr-{tag}"
    target_cluster.create_topic(topic, 1, 1)
    p = Producer(target_cluster.client_config(log_level=0))
    p.produce(topic, value=b"x", headers=[("n", b"42"), ("b", b"true"), ("l", b"[1,2]"),
                                          ("m", b'{"a":1}'), ("d", b"2020-01-01"),
                                          ("s", b"hello"), ("z", None)])
    assert p.flush(30) == 0
    files = {}
    for converter in ("SimpleHeaderConverter", "ByteArrayConverter"):
        files[converter] = tmp_path / f"{converter}.txt"
        create(w, f"types-{converter}", {
            "connector.class": "FileStreamSink", "topics": topic, "tasks.max": "1",
            "file": str(files[converter]),
            "value.converter": "org.apache.kafka.connect.storage.StringConverter",
            "header.converter": converter, "transforms": "types",
            "transforms.types.type": "com.example.HeaderTypes"})
    lines = {c: wait_for(lambda: f.exists() and f.read_text().splitlines(),
                         what=f"{c}'s line") for c, f in files.items()}
    assert lines["SimpleHeaderConverter"] == [
        'n=int8 42; b=boolean true; l=array [1,2]; m=map {"a":1}; '
        'd=int32:org.apache.kafka.connect.data.Date 18262; s=string "hello"; z=none null']
    assert lines["ByteArrayConverter"] == [
        "n=bytes -; b=bytes -; l=bytes -; m=bytes -; d=bytes -; s=bytes -; z=none null"]


def test_a_transformation_and_a_predicate_from_plugin_path_run_in_a_chain(
        workers, target_cluster, tmp_path):
    """tests/plugins/stamp_transform.c: com.example.Stamp adds a header to the records whose
    topic com.example.TopicIs matches, after the built-in RegexRouter renamed them; its
    settings are validated with the class's own keys."""
    plugin_dir = tmp_path / "plugins"
    plugin_dir.mkdir()
    shutil.copy(os.path.join(PLUGINS, "stamp_transform.so"), plugin_dir)
    w = workers.start(workers.properties(**{"plugin.path": str(plugin_dir)}))
    assert "Loaded transformation class com.example.Stamp 0.1.0" in w.log()
    assert "Loaded predicate class com.example.TopicIs 0.1.0" in w.log()
    listed = w.get("/connector-plugins", params={"connectorsOnly": "false"}).json()
    assert {"class": "com.example.Stamp", "type": "transformation", "version": "0.1.0"} in listed
    assert {"class": "com.example.TopicIs", "type": "predicate", "version": "0.1.0"} in listed

    tag = uuid.uuid4().hex[:6]
    lines = tmp_path / "lines.txt"
    lines.write_text("a\nb\n")
    config = {"connector.class": "FileStreamSource", "file": str(lines),
              "topic": f"in-{tag}", "tasks.max": "1",
              "value.converter": "org.apache.kafka.connect.storage.StringConverter",
              "transforms": "route,stamp",
              "transforms.route.type": "org.apache.kafka.connect.transforms.RegexRouter",
              "transforms.route.regex": "in-(.*)", "transforms.route.replacement": "out-$1",
              "transforms.stamp.type": "com.example.Stamp",
              "transforms.stamp.predicate": "mine", "predicates": "mine",
              "predicates.mine.type": "com.example.TopicIs",
              "predicates.mine.topic": f"out-{tag}"}
    bad = dict(config, **{"transforms.stamp.text": None})
    del bad["transforms.stamp.text"]
    r = w.request("PUT", "/connector-plugins/FileStreamSource/config/validate",
                  json=dict(bad, name="s"))
    errors = {c["value"]["name"]: c["value"]["errors"] for c in r.json()["configs"]
              if c["value"]["errors"]}
    assert errors == {"transforms.stamp.text": [
        'Missing required configuration "transforms.stamp.text" which has no default value.']}

    create(w, "stamped", dict(config, **{"transforms.stamp.text": "hello"}))
    wait_for(lambda: all_running(w, "stamped", 1), what="stamped RUNNING")
    c = Consumer(target_cluster.client_config(**{"group.id": f"t-{tag}", "log_level": 0,
                                                 "auto.offset.reset": "earliest"}))
    c.subscribe([f"out-{tag}"])
    got = []
    try:
        wait_for(lambda: (lambda m: m is not None and m.error() is None and got.append(m))(
            c.poll(0.5)) or len(got) >= 2, what="two stamped records")
    finally:
        c.close()
    assert [(m.value(), m.headers()) for m in got] == [
        (b"a", [("stamp", b"hello")]), (b"b", [("stamp", b"hello")])]
