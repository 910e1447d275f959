"""
tests/integration/test_rest_connectors.py - the connector-level REST API on a three-worker
cluster: plugin config and validation, create/update/patch with Java's errors, restarts
routed to the worker that runs the work, KIP-875 offsets, KIP-558 active topics, and the
409s of forwarding. Every request goes to the leader and to a follower alike; a Java worker
joins a cluster of ours at the end. (The same requests asked of a Java worker and of ours,
answer for answer: test_rest_parity.py.)

SPDX-License-Identifier: Apache-2.0
"""

import os
import re
import shutil
import time
import uuid

import pytest
from confluent_kafka import Producer

import kafka_harness as kh
from kconnect import WorkerFactory, base_properties
from test_cluster import all_running, create, status, wait_for

SINK = "org.apache.kafka.connect.file.FileStreamSinkConnector"
SOURCE = "org.apache.kafka.connect.file.FileStreamSourceConnector"
STRINGS = "org.apache.kafka.connect.storage.StringConverter"


@pytest.fixture(scope="module")
def cluster(tmp_path_factory, target_cluster):
    """Three workers in one Connect cluster: (leader, [followers], [all])."""
    factory = WorkerFactory(tmp_path_factory.mktemp("rest"), target_cluster)
    props = factory.properties(**{"scheduled.rebalance.max.delay.ms": "0",
                                  "offset.flush.interval.ms": "500"})
    ws = [factory.start(props) for _ in range(3)]
    try:
        def leader():
            urls = set()
            for w in ws:
                found = re.findall(r"leaderUrl='(http://[^']+)/'", w.log())
                if not found:
                    return None
                urls.add(found[-1])
            return urls.pop() if len(urls) == 1 else None
        url = wait_for(leader, timeout=60, what="one leader known to all")
        lead = next(w for w in ws if w.url == url)
        yield lead, [w for w in ws if w is not lead], ws
    finally:
        factory.close()


def call(w, method, path, body=None, expect=None):
    """A request, once (one during a rebalance waits for it, as Java's does)."""
    r = w.request(method, path, json=body, timeout=95)
    if expect is not None:
        assert r.status_code == expect, (method, path, r.status_code, r.text)
    return r


def message(r):
    return r.json()["message"]


def uniq(prefix):
    return f"{prefix}-{uuid.uuid4().hex[:6]}"


def produce(cluster_, topic, values):
    p = Producer(cluster_.client_config(**{"log_level": 0}))
    for v in values:
        p.produce(topic, v.encode())
    assert p.flush(30) == 0


# ---- /connector-plugins ------------------------------------------------------------------


def test_plugins_list_config_and_validate(cluster):
    lead, followers, ws = cluster
    for w in (lead, followers[0]):
        plugins = call(w, "GET", "/connector-plugins", expect=200).json()
        assert {"class": SINK, "type": "sink", "version": "4.3.1"} in plugins
        assert all(p["type"] in ("sink", "source") for p in plugins)
        everything = call(w, "GET", "/connector-plugins?connectorsOnly=false", expect=200).json()
        assert {"class": "org.apache.kafka.connect.json.JsonConverter", "type": "converter",
                "version": "4.3.1"} in everything
        assert everything[:len(plugins)] == plugins

        keys = call(w, "GET", "/connector-plugins/FileStreamSource/config", expect=200).json()
        names = [k["name"] for k in keys]
        assert names[:5] == ["file", "topic", "batch.size", "name", "connector.class"]
        assert keys[1] == {"name": "topic", "type": "STRING", "required": True,
                           "default_value": None, "importance": "HIGH",
                           "documentation": "The topic to publish data to", "group": None,
                           "order_in_group": -1, "width": "NONE", "display_name": "topic",
                           "dependents": []}
        assert "exactly.once.support" in names and "topics" not in names
        sink_keys = [k["name"] for k in call(w, "GET", "/connector-plugins/FileStreamSinkConnector"
                                             "/config", expect=200).json()]
        assert "topics.regex" in sink_keys and "exactly.once.support" not in sink_keys
        r = call(w, "GET", "/connector-plugins/Nope/config", expect=404)
        assert message(r) == "Unknown plugin Nope."

        r = call(w, "PUT", "/connector-plugins/FileStreamSink/config/validate",
                 {"connector.class": "FileStreamSink", "name": "v", "topics": "t",
                  "tasks.max": "0", "errors.tolerance": "some", "nullk": None}, expect=200)
        infos = r.json()
        assert infos["name"] == "FileStreamSink" and infos["error_count"] == 3
        assert infos["groups"] == ["Common", "Transforms", "Predicates", "Error Handling"]
        by_name = {c["value"]["name"]: c for c in infos["configs"]}
        assert infos["configs"][0]["definition"] is None
        assert by_name["nullk"]["value"]["errors"] == [
            "Null value can not be supplied as the configuration value."]
        assert by_name["tasks.max"]["value"] == {
            "name": "tasks.max", "value": "0", "recommended_values": [], "visible": True,
            "errors": ["Invalid value 0 for configuration tasks.max: Value must be at least 1"]}
        assert by_name["errors.tolerance"]["value"]["errors"] == [
            "Invalid value some for configuration errors.tolerance: String must be one of: "
            "none, all"]
        assert by_name["topics"]["value"]["value"] == "t"
        assert by_name["key.converter"]["value"]["value"] == \
            "org.apache.kafka.connect.json.JsonConverter"

        ok = call(w, "PUT", "/connector-plugins/FileStreamSourceConnector/config/validate",
                  {"connector.class": SOURCE, "name": "v", "topic": "t"}, expect=200).json()
        assert ok["error_count"] == 0 and "offsets.topic" in ok["groups"]
        missing = call(w, "PUT", "/connector-plugins/FileStreamSource/config/validate",
                       {"connector.class": "FileStreamSource"}, expect=200).json()
        errors = [e for c in missing["configs"] for e in c["value"]["errors"]]
        assert errors == ['Missing required configuration "name" which has no default value.',
                          'Missing required configuration "topic" which has no default value.']

        r = call(w, "PUT", "/connector-plugins/FileStreamSink/config/validate",
                 {"connector.class": "FileStreamSource", "name": "x"}, expect=400)
        assert message(r) == ("Included connector type FileStreamSource does not match request "
                              "type FileStreamSink")
        # Java: 500 with the BadRequestException's class name (README: compatibility).
        r = call(w, "PUT", "/connector-plugins/FileStreamSink/config/validate", {"name": "x"},
                 expect=400)
        assert message(r) == "Connector config {name=x} contains no connector type"


# ---- create, update, patch ---------------------------------------------------------------


def test_create_refuses_invalid_configs_as_java(cluster):
    lead, followers, _ = cluster
    for w in (lead, followers[0]):
        r = call(w, "POST", "/connectors", {"name": "bad", "config": {
            "connector.class": "FileStreamSink", "topics": "t", "tasks.max": "x"}}, expect=400)
        assert message(r) == (
            "Connector configuration is invalid and contains the following 2 error(s):\n"
            "Invalid value x for configuration tasks.max: Not a number of type INT\n"
            "Invalid value null for configuration tasks.max: Value must be non-null\n"
            "You can also find the above list of errors at the endpoint "
            "`/connector-plugins/{connectorType}/config/validate`")
        r = call(w, "POST", "/connectors", {"name": "a\u0001b", "config": {
            "connector.class": "FileStreamSink", "topics": "t"}}, expect=400)
        assert ("Invalid value a\u0001b for configuration name: String may not contain control "
                "sequences but had the following ASCII chars: 1") in message(r)
        for body in ({"name": "", "config": {"connector.class": "FileStreamSink", "topics": "t"}},
                     {"config": {"connector.class": "FileStreamSink", "topics": "t"}}):
            r = call(w, "POST", "/connectors", body, expect=400)
            assert "Invalid value  for configuration name: String may not be empty" in message(r)
        r = call(w, "POST", "/connectors", {"name": "q", "config": {"topics": "x"}}, expect=400)
        assert message(r) == "Connector config {name=q, topics=x} contains no connector type"
        r = call(w, "POST", "/connectors", {"name": "q", "config": {"connector.class": "Nope"}},
                 expect=400)
        assert message(r).startswith("org.apache.kafka.connect.errors.ConnectException: Failed "
                                     "to find any class that implements Connector and which "
                                     "name matches Nope, available connectors are: PluginDesc{")
        r = call(w, "POST", "/connectors", {"name": "q", "initial_state": "sideways", "config": {
            "connector.class": "FileStreamSink", "topics": "t"}}, expect=400)   # Java: 500
        assert "No enum constant org.apache.kafka.connect.runtime.rest.entities." \
               "CreateConnectorRequest.InitialState.SIDEWAYS" in message(r)
        r = call(w, "POST", "/connectors", {"name": "q", "config": {
            "connector.class": "FileStreamSink"}}, expect=400)
        assert message(r).startswith("Connector configuration is invalid and contains the "
                                     "following 2 error(s):\nMust configure one of topics or "
                                     "topics.regex\nMust configure one of topics or "
                                     "topics.regex\n")
        group = lead.props["group.id"]
        r = call(w, "POST", "/connectors", {"name": group[len("connect-"):], "config": {
            "connector.class": "FileStreamSink", "topics": "t"}}, expect=400)
        assert (f"Consumer group for sink connector named {group[len('connect-'):]} conflicts "
                f"with Connect worker group {group}") in message(r)
        r = call(w, "PUT", "/connectors/bad/config", {"connector.class": "FileStreamSink",
                                                      "topics": "t", "errors.log.enable": "x"},
                 expect=400)
        assert ("Invalid value x for configuration errors.log.enable: Expected value to be "
                "either true or false") in message(r)
    assert call(lead, "GET", "/connectors/bad").status_code == 404


def test_initial_state_put_and_patch(cluster):
    lead, followers, ws = cluster
    f = followers[0]
    topic = uniq("ini")
    for state, shown in (("STOPPED", "STOPPED"), ("paused", "PAUSED"), ("RUNNING", "RUNNING")):
        name = uniq(f"ini-{shown.lower()}")
        r = call(f, "POST", "/connectors", {"name": name, "initial_state": state, "config": {
            "connector.class": "FileStreamSink", "topics": topic, "file": os.devnull}}, expect=201)
        assert r.headers["Location"] == f"{f.url}/connectors/{name}"
        assert r.json() == {"name": name, "type": "sink", "tasks": [], "config": {
            "connector.class": "FileStreamSink", "topics": topic, "file": os.devnull,
            "name": name}}
        wait_for(lambda: (status(lead, name) or {}).get("connector", {}).get("state") == shown,
                 what=f"{name} {shown}")
    # PUT: 201 when it creates, 200 when it updates; both with ConnectorInfo.
    name = uniq("put")
    cfg = {"connector.class": "FileStreamSink", "topics": topic, "file": os.devnull}
    r = call(followers[1], "PUT", f"/connectors/{name}/config", cfg, expect=201)
    assert r.headers["Location"] == f"{followers[1].url}/connectors/{name}"
    assert r.json()["config"] == dict(cfg, name=name)
    r = call(lead, "PUT", f"/connectors/{name}/config", dict(cfg, **{"tasks.max": "2"}),
             expect=200)
    assert r.json()["name"] == name and r.json()["config"]["tasks.max"] == "2"
    r = call(lead, "PUT", f"/connectors/{name}/config", dict(cfg, name="other"), expect=400)
    assert message(r) == (f"Connector name configuration (other) doesn't match connector name "
                          f"in the URL ({name})")
    # PATCH (KIP-477): merged, null removes; through a follower and the leader.
    r = call(f, "PATCH", f"/connectors/{name}/config", {"tasks.max": None, "file": "/tmp/x",
                                                         "batch.unknown": "1"}, expect=200)
    assert r.json()["config"] == {"connector.class": "FileStreamSink", "topics": topic,
                                  "file": "/tmp/x", "name": name, "batch.unknown": "1"}
    assert call(lead, "GET", f"/connectors/{name}/config", expect=200).json() == r.json()["config"]
    # Numbers and booleans are taken as their text, as Jackson reads a Map<String,String>.
    r = call(lead, "PATCH", f"/connectors/{name}/config", {"tasks.max": 2}, expect=200)
    assert r.json()["config"]["tasks.max"] == "2"
    r = call(lead, "PATCH", f"/connectors/{name}/config", {"tasks.max": [2]},
             expect=400)                                           # Java: 500
    assert message(r).startswith("Cannot deserialize value of type `java.lang.String` from "
                                 "Array value")
    r = call(lead, "PATCH", f"/connectors/{name}/config", {"tasks.max": "-1"}, expect=400)
    assert "Invalid value -1 for configuration tasks.max: Value must be at least 1" in message(r)
    r = call(f, "PATCH", "/connectors/nope/config", {"a": "b"}, expect=404)
    assert message(r) == "Connector nope not found"


# ---- restarts ----------------------------------------------------------------------------


def starts(w, label):
    """How often the worker's log says label went RUNNING (each start logs it once)."""
    return w.log().count(f"[{label}] RUNNING")


def test_restarts_reach_the_worker_running_the_work(cluster, target_cluster):
    lead, followers, ws = cluster
    topic = uniq("rs")
    target_cluster.create_topic(topic, 3, 1)
    name = uniq("rs")
    create(followers[0], name, {"connector.class": "FileStreamSink", "topics": topic,
                                "tasks.max": "3", "file": os.devnull})
    s = wait_for(lambda: all_running(lead, name, 3), what=f"{name} RUNNING")
    by_id = {f"127.0.0.1:{w.port}": w for w in ws}

    # Every task, restarted through every worker: the one running it restarts it.
    for t in s["tasks"]:
        owner = by_id[t["worker_id"]]
        label = f"{name}-{t['id']}"
        for w in ws:
            before = {o.url: starts(o, label) for o in ws}
            call(w, "POST", f"/connectors/{name}/tasks/{t['id']}/restart", expect=204)
            wait_for(lambda: starts(owner, label) > before[owner.url], timeout=30,
                     what=f"{label} restarted on its owner after a request to {w.url}")
            assert all(starts(o, label) == before[o.url] for o in ws if o is not owner)
    # The connector alone (no flags): 204, restarted where it runs.
    owner = by_id[s["connector"]["worker_id"]]
    for w in ws:
        before = starts(owner, name)
        r = call(w, "POST", f"/connectors/{name}/restart", expect=204)
        assert r.text == ""
        wait_for(lambda: starts(owner, name) > before, timeout=30, what="connector restarted")
    wait_for(lambda: all_running(lead, name, 3), what="running after the restarts")
    # With flags: 202 and the plan as ConnectorStateInfo.
    labels = [name] + [f"{name}-{t['id']}" for t in s["tasks"]]
    owners = {name: owner} | {f"{name}-{t['id']}": by_id[t["worker_id"]] for t in s["tasks"]}
    before = {label: starts(owners[label], label) for label in labels}
    r = call(followers[1], "POST", f"/connectors/{name}/restart?includeTasks=true", expect=202)
    body = r.json()
    assert body["name"] == name and body["type"] == "sink"
    assert body["connector"]["state"] == "RESTARTING"
    assert [t["state"] for t in body["tasks"]] == ["RESTARTING"] * 3
    # The plan answers with the states of the moment: wait for the restart above to finish.
    wait_for(lambda: all(starts(owners[label], label) > before[label] for label in labels),
             timeout=30, what="connector and tasks restarted")
    wait_for(lambda: all_running(lead, name, 3), what="running after the restart with tasks")
    r = call(lead, "POST", f"/connectors/{name}/restart?includeTasks=true&onlyFailed=true",
             expect=202)
    assert r.json()["connector"]["state"] == "RUNNING"      # nothing FAILED: nothing planned
    wait_for(lambda: all_running(lead, name, 3), what="running after the planned restart")
    # Errors, as Java words them.
    for w in (lead, followers[0]):
        assert message(call(w, "POST", "/connectors/nope/restart", expect=404)) == \
            "Unknown connector: nope"
        assert message(call(w, "POST", "/connectors/nope/restart?includeTasks=true",
                            expect=404)) == "Unknown connector: nope"
        assert message(call(w, "POST", f"/connectors/{name}/tasks/7/restart", expect=404)) == \
            f"Unknown task: {name}-7"
        assert message(call(w, "POST", "/connectors/nope/tasks/0/restart", expect=404)) == \
            "Unknown connector: nope"
        assert message(call(w, "POST", f"/connectors/{name}/tasks/x/restart", expect=404)) == \
            "HTTP 404 Not Found"
        assert message(call(w, "GET", f"/connectors/{name}/tasks/x/status", expect=404)) == \
            "HTTP 404 Not Found"


def test_forward_false_that_cannot_act_is_409(cluster):
    lead, followers, _ = cluster
    f = followers[0]
    conflict = ("Cannot complete request because of a conflicting operation (e.g. worker "
                "rebalance)")
    for method, path, body in (("POST", "/connectors?forward=false",
                                {"name": "fw", "config": {"connector.class": "FileStreamSink",
                                                          "topics": "t"}}),
                               ("PATCH", "/connectors/fw/config?forward=false", {"a": "b"}),
                               ("DELETE", "/connectors/fw/offsets?forward=false", None),
                               ("PATCH", "/connectors/fw/offsets?forward=false",
                                {"offsets": [{"partition": {"a": 1}, "offset": None}]}),
                               ("PUT", "/connectors/fw/stop?forward=false", None)):
        r = call(f, method, path, body, expect=409)
        assert message(r) == conflict, (method, path)
    assert call(lead, "GET", "/connectors/fw").status_code == 404


# ---- KIP-875 offsets ---------------------------------------------------------------------


def test_source_offsets(cluster, tmp_path):
    lead, followers, ws = cluster
    f = followers[0]
    src = tmp_path / "src.txt"
    src.write_text("one\ntwo\nthree\n")
    name, topic = uniq("so"), uniq("so")
    create(lead, name, {"connector.class": "FileStreamSource", "file": str(src), "topic": topic,
                        "value.converter": STRINGS})
    part = {"filename": str(src)}
    for w in (lead, f):
        wait_for(lambda: call(w, "GET", f"/connectors/{name}/offsets", expect=200).json() ==
                 {"offsets": [{"partition": part, "offset": {"position": 14}}]},
                 what="the source offset committed")
    not_stopped = ("Connectors must be in the STOPPED state before their offsets can be "
                   f"modified. This can be done for the specified connector by issuing a 'PUT' "
                   f"request to the '/connectors/{name}/stop' endpoint")
    new = {"offsets": [{"partition": part, "offset": {"position": 4}}]}
    assert message(call(f, "PATCH", f"/connectors/{name}/offsets", new, expect=400)) == \
        not_stopped
    assert message(call(lead, "DELETE", f"/connectors/{name}/offsets", expect=400)) == \
        not_stopped
    for body in ({"offsets": []}, {}):
        assert message(call(f, "PATCH", f"/connectors/{name}/offsets", body, expect=400)) == \
            "Partitions / offsets need to be provided for an alter offsets request"
    assert message(call(f, "GET", "/connectors/nope/offsets", expect=404)) == \
        "Connector nope not found"
    assert message(call(f, "DELETE", "/connectors/nope/offsets", expect=404)) == \
        "Connector nope not found"

    call(f, "PUT", f"/connectors/{name}/stop", expect=204)
    wait_for(lambda: status(lead, name)["connector"]["state"] == "STOPPED", what="STOPPED")
    r = call(f, "PATCH", f"/connectors/{name}/offsets",
             {"offsets": [{"partition": part, "offset": {"position": -1}}]},
             expect=400)                                           # Java: 500
    assert message(r) == "The value for the 'position' key in the offset should be a " \
                         "non-negative value"
    r = call(f, "PATCH", f"/connectors/{name}/offsets",
             {"offsets": [{"partition": part, "offset": {"position": 1, "z": [1]}}]},
             expect=400)                                           # Java: 500
    assert message(r) == ("Offsets may only contain primitive types as values, but field z "
                          "contains ARRAY")
    r = call(f, "PATCH", f"/connectors/{name}/offsets", new, expect=200)
    assert r.json() == {"message": "The offsets for this connector have been altered "
                                   "successfully"}
    assert call(lead, "GET", f"/connectors/{name}/offsets", expect=200).json() == new
    r = call(f, "DELETE", f"/connectors/{name}/offsets", expect=200)
    assert r.json() == {"message": "The offsets for this connector have been reset "
                                   "successfully"}
    assert call(f, "GET", f"/connectors/{name}/offsets", expect=200).json() == {"offsets": []}
    # Resumed from the reset: the file is read again from its start.
    call(lead, "PATCH", f"/connectors/{name}/offsets", new, expect=200)
    call(lead, "PUT", f"/connectors/{name}/resume", expect=202)
    wait_for(lambda: call(lead, "GET", f"/connectors/{name}/offsets").json() ==
             {"offsets": [{"partition": part, "offset": {"position": 14}}]},
             what="the task resumed from the altered position and read to the end")


def test_sink_offsets(cluster, target_cluster):
    lead, followers, ws = cluster
    f = followers[1]
    name, topic = uniq("sk"), uniq("sk")
    target_cluster.create_topic(topic, 2, 1)
    produce(target_cluster, topic, [f"m{i}" for i in range(6)])
    # /dev/null, as runbooks often write: its flush must still let offsets be committed.
    create(f, name, {"connector.class": "FileStreamSink", "topics": topic, "file": os.devnull,
                     "value.converter": STRINGS})

    def committed():
        offs = call(lead, "GET", f"/connectors/{name}/offsets", expect=200).json()["offsets"]
        return sum(o["offset"]["kafka_offset"] for o in offs) == 6 and offs
    offs = wait_for(committed, timeout=90, what="the sink's offsets committed")
    assert all(set(o["partition"]) == {"kafka_topic", "kafka_partition"} and
               o["partition"]["kafka_topic"] == topic for o in offs)
    assert call(f, "GET", f"/connectors/{name}/offsets", expect=200).json()["offsets"] != []

    call(lead, "PUT", f"/connectors/{name}/stop", expect=204)
    wait_for(lambda: status(lead, name)["connector"]["state"] == "STOPPED", what="STOPPED")
    bad = {
        "The partition for a sink connector offset cannot be null or missing":
            [{"offset": {"kafka_offset": 1}}],
        "The partition for a sink connector offset must contain the keys 'kafka_topic' and "
        "'kafka_partition'": [{"partition": {"kafka_topic": topic}, "offset": None}],
        "Kafka topic names must be valid strings and may not be null":
            [{"partition": {"kafka_topic": None, "kafka_partition": 0}, "offset": None}],
        "Failed to parse the following Kafka partition value in the provided offsets: 'x'. "
        "Partition values for sink connectors need to be integers.":
            [{"partition": {"kafka_topic": topic, "kafka_partition": "x"}, "offset": None}],
        "The offset for a sink connector should either be null or contain the key "
        "'kafka_offset'": [{"partition": {"kafka_topic": topic, "kafka_partition": 0},
                            "offset": {"o": 1}}],
    }
    for text, offsets in bad.items():
        r = call(f, "PATCH", f"/connectors/{name}/offsets", {"offsets": offsets}, expect=400)
        assert message(r) == text
    # "1" and 1 are both accepted; a null offset removes the partition's.
    r = call(f, "PATCH", f"/connectors/{name}/offsets", {"offsets": [
        {"partition": {"kafka_topic": topic, "kafka_partition": "0"}, "offset": {"kafka_offset": 1}},
        {"partition": {"kafka_topic": topic, "kafka_partition": 1}, "offset": None}]},
        expect=200)
    assert message(r) == "The offsets for this connector have been altered successfully"
    assert call(lead, "GET", f"/connectors/{name}/offsets", expect=200).json() == {"offsets": [
        {"partition": {"kafka_topic": topic, "kafka_partition": 0}, "offset": {"kafka_offset": 1}}]}
    r = call(lead, "DELETE", f"/connectors/{name}/offsets", expect=200)
    assert message(r) == "The offsets for this connector have been reset successfully"
    assert call(f, "GET", f"/connectors/{name}/offsets", expect=200).json() == {"offsets": []}


# ---- KIP-558 active topics ---------------------------------------------------------------


def test_active_topics(cluster, tmp_path, workers):
    lead, followers, ws = cluster
    src = tmp_path / "t.txt"
    src.write_text("a\nb\n")
    name, topic = uniq("at"), uniq("at")
    create(lead, name, {"connector.class": "FileStreamSource", "file": str(src), "topic": topic})
    for w in ws:
        wait_for(lambda: call(w, "GET", f"/connectors/{name}/topics", expect=200).json() ==
                 {name: {"topics": [topic]}}, what=f"{topic} active on {w.url}")
    assert call(lead, "GET", "/connectors/nope/topics", expect=200).json() == \
        {"nope": {"topics": []}}
    assert call(followers[0], "PUT", "/connectors/nope/topics/reset", expect=202).text == ""
    call(lead, "PUT", f"/connectors/{name}/stop", expect=204)
    assert call(followers[0], "PUT", f"/connectors/{name}/topics/reset", expect=202).text == ""
    for w in ws:
        wait_for(lambda: call(w, "GET", f"/connectors/{name}/topics").json() ==
                 {name: {"topics": []}}, what="topics reset")
    # Deleting a connector forgets its topics.
    name2, topic2 = uniq("at2"), uniq("at2")
    create(followers[1], name2, {"connector.class": "FileStreamSource", "file": str(src),
                                 "topic": topic2})
    wait_for(lambda: call(lead, "GET", f"/connectors/{name2}/topics").json() ==
             {name2: {"topics": [topic2]}}, what=f"{topic2} active")
    call(followers[1], "DELETE", f"/connectors/{name2}", expect=204)
    for w in ws:
        wait_for(lambda: call(w, "GET", f"/connectors/{name2}/topics").json() ==
                 {name2: {"topics": []}}, what="topics of a deleted connector gone")
    # A worker that does not track topics says so.
    off = workers.start(workers.properties(**{"topic.tracking.enable": "false"}))
    assert message(call(off, "GET", f"/connectors/{name}/topics", expect=403)) == \
        "Topic tracking is disabled."
    noreset = workers.start(workers.properties(**{"topic.tracking.allow.reset": "false"}))
    assert message(call(noreset, "PUT", f"/connectors/{name}/topics/reset", expect=403)) == \
        "Topic tracking reset is disabled."


# ---- a Java worker beside ours ---------------------------------------------------------


def test_mixed_cluster_routes_restarts_and_shares_offsets(workers, target_cluster, java,
                                                          tmp_path):
    """A Java worker and a kconnect worker in one Connect cluster: a task restart sent to
    either reaches the worker running the task, whichever kind it is, and offsets altered
    through one are what the other reads."""
    props = base_properties(target_cluster)
    props["scheduled.rebalance.max.delay.ms"] = "0"
    props["offset.flush.interval.ms"] = "500"
    jw = kh.JavaConnectWorker(java, str(tmp_path), props).start()
    try:
        jw.wait_log("Joined group at generation", timeout=180)
        # Its REST resources come up after it joins.
        wait_for(lambda: jw.get("/connector-plugins", timeout=10).status_code == 200,
                 timeout=60, what="the Java worker's REST resources")
        kw = workers.start(props)
        topic = uniq("mx")
        target_cluster.create_topic(topic, 4, 1)
        name = uniq("mx")
        create(kw, name, {"connector.class": "FileStreamSink", "topics": topic, "tasks.max": "4",
                          "file": str(tmp_path / "mx.txt")})
        kc_id, java_id = f"127.0.0.1:{kw.port}", jw.url.split("//")[1]

        def spread():
            s = all_running(kw, name, 4)
            return s and {t["worker_id"] for t in s["tasks"]} == {kc_id, java_id} and s
        s = wait_for(spread, timeout=120, what="tasks on both workers")
        for t in s["tasks"]:
            tid = f"{name}-{t['id']}"
            for via in (kw, jw):
                if t["worker_id"] == java_id:
                    count = lambda: jw.log().count(f"Creating task {tid} ")    # noqa: E731
                else:
                    count = lambda: starts(kw, tid)                            # noqa: E731
                before = count()
                r = via.request("POST", f"/connectors/{name}/tasks/{t['id']}/restart",
                                timeout=60)
                assert r.status_code == 204, (via.url, r.text)
                wait_for(lambda: count() > before, timeout=30,
                         what=f"{tid} restarted on {t['worker_id']} (asked {via.url})")
        # Offsets: stopped through Java, altered through kconnect, read back through Java.
        assert jw.request("PUT", f"/connectors/{name}/stop", timeout=30).status_code == 204
        wait_for(lambda: status(kw, name)["connector"]["state"] == "STOPPED", what="STOPPED")
        new = {"offsets": [{"partition": {"kafka_topic": topic, "kafka_partition": 2},
                            "offset": {"kafka_offset": 0}}]}
        # Java's advice while the tasks' consumers are still leaving the group: retry.
        wait_for(lambda: call(kw, "PATCH", f"/connectors/{name}/offsets", new).status_code == 200,
                 timeout=60, interval=1, what="offsets altered once the group is empty")
        assert jw.get(f"/connectors/{name}/offsets", timeout=30).json() == new
        assert kw.get(f"/connectors/{name}/offsets", timeout=30).json() == new
        call(jw, "DELETE", f"/connectors/{name}/offsets", expect=200)
        assert kw.get(f"/connectors/{name}/offsets", timeout=30).json() == {"offsets": []}
    finally:
        jw.stop()


def test_abi1_plugin_and_framework_managed_offsets(workers, target_cluster, tmp_path):
    """A plugin built against ABI 1 (no config_def, no alter_offsets) loads and is served
    with Connect's own keys; altering its offsets answers Java's message for connectors that
    may keep offsets of their own."""
    plugins = os.path.join(os.path.dirname(os.environ.get("KCONNECT_BIN", "build/kconnect")),
                           "tests", "plugins")
    (tmp_path / "plugins").mkdir()
    shutil.copy(os.path.join(plugins, "abi1_sink.so"), tmp_path / "plugins")
    w = workers.start(workers.properties(**{"plugin.path": str(tmp_path / "plugins"),
                                            "offset.flush.interval.ms": "500"}))
    assert "Loaded connector class com.example.OldSink 0.9" in w.log()
    keys = call(w, "GET", "/connector-plugins/OldSink/config", expect=200).json()
    assert [k["name"] for k in keys][:2] == ["name", "connector.class"]
    assert next(k for k in keys if k["name"] == "connector.plugin.version")["default_value"] \
        == "0.9"
    infos = call(w, "PUT", "/connector-plugins/OldSink/config/validate",
                 {"connector.class": "OldSink", "name": "o", "topics": "t"}, expect=200).json()
    assert infos["error_count"] == 0
    topic = uniq("old")
    target_cluster.create_topic(topic, 1, 1)
    produce(target_cluster, topic, ["a", "b", "c"])
    create(w, "old", {"connector.class": "OldSink", "topics": topic,
                      "value.converter": STRINGS})
    wait_for(lambda: call(w, "GET", "/connectors/old/offsets").json() == {"offsets": [
        {"partition": {"kafka_topic": topic, "kafka_partition": 0},
         "offset": {"kafka_offset": 3}}]}, timeout=60, what="OldSink committed")
    call(w, "PUT", "/connectors/old/stop", expect=204)
    wait_for(lambda: status(w, "old")["connector"]["state"] == "STOPPED", what="STOPPED")
    new = {"offsets": [{"partition": {"kafka_topic": topic, "kafka_partition": 0},
                        "offset": {"kafka_offset": 1}}]}
    r = wait_for(lambda: (lambda r: r.status_code == 200 and r)(
        call(w, "PATCH", "/connectors/old/offsets", new)), timeout=60, interval=1,
        what="offsets altered")
    assert message(r) == (
        "The Connect framework-managed offsets for this connector have been altered "
        "successfully. However, if this connector manages offsets externally, they will need "
        "to be manually altered in the system that the connector uses.")
    assert call(w, "GET", "/connectors/old/offsets", expect=200).json() == new
    r = call(w, "DELETE", "/connectors/old/offsets", expect=200)
    assert message(r) == (
        "The Connect framework-managed offsets for this connector have been reset "
        "successfully. However, if this connector manages offsets externally, they will need "
        "to be manually reset in the system that the connector uses.")
