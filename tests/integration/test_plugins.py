"""
tests/integration/test_plugins.py - connectors from plugin.path: a .so built against
connectors/connector.h loads and runs; broken ones are refused at start-up with a clear
log line, and the worker runs on; a plugin built outside the tree reads and writes Kafka
through the host's services.

SPDX-License-Identifier: Apache-2.0
"""

import os
import shutil
import subprocess
import uuid

from confluent_kafka import Producer

from kconnect import TOP
from test_cluster import all_running, consume_all, create, wait_for

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
    assert "has no kc_connector_entry symbol: not a kconnect connector" in log

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
