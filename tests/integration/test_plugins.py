"""
tests/integration/test_plugins.py - connectors from plugin.path: a .so built against
connectors/connector.h loads and runs; broken ones are refused at start-up with a clear
log line, and the worker runs on.

SPDX-License-Identifier: Apache-2.0
"""

import os
import shutil
import uuid

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
