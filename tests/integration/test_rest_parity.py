"""
tests/integration/test_rest_parity.py - one scripted list of REST requests, successes and
errors over every endpoint, sent to a Java worker and to a kconnect worker configured alike;
the answers are compared step by step.

Each worker is a Connect cluster of its own (own group.id and internal topics) on the shared
target cluster, with the same worker settings otherwise. The script names its connectors,
topics and files through placeholders ({P} a per-worker prefix, {DIR} a per-worker directory,
{G} the worker's group.id, {W} its worker id), so the two runs do not collide; each answer is
read back through the same placeholders, and then status codes, `Location` and `Allow`
headers and JSON bodies must be equal: keys (as sets: JSON object order carries no meaning),
value types, array lengths and order (unless a step says Java's order is not fixed), and
values, error messages included.

Values that differ by nature are masked (MASKED: path -> reason); answers compared on part
of their content say which part and why (NORMALIZED); differences that must stay are listed
in ALLOWED ((step, path) -> reason). Each of these is also in README.md's compatibility
table. Any other difference fails the test, and an ALLOWED entry that no longer differs
fails it too. On failure every differing step is listed, not only the first.

The connectors run are FileStream's; MirrorMaker's are compared through their plugin config
and validation only (running them would write heartbeats into the shared cluster's
`heartbeats` topic, which other tests read).

The two scripts run side by side (one thread each); a step that depends on asynchronous
state repeats its request on each worker until the answer shows that state (`until`).

SPDX-License-Identifier: Apache-2.0
"""

import concurrent.futures
import json
import os
import re
import time
import uuid

import pytest

import kafka_harness as kh
from kconnect import WorkerFactory, base_properties
from test_cluster import wait_for

SINK = "org.apache.kafka.connect.file.FileStreamSinkConnector"
MM_SOURCE = "org.apache.kafka.connect.mirror.MirrorSourceConnector"
LINES = ["one", "two", "three"]

# Response headers compared beside the status and body (Content-Type is always JSON or none).
COMPARED_HEADERS = ("Location", "Allow")

# Worker settings both workers share (beside their own group.id, internal topics, listener).
COMMON = {"offset.flush.interval.ms": "500", "scheduled.rebalance.max.delay.ms": "0"}


class Step:
    """One request of the script.

    what      unique description, the step's name in the diff and in ALLOWED
    status    the status code expected (checked against Java's answer: a wrong script is no
              test; ours is compared with Java's)
    raw       a body sent as is (malformed JSON), instead of `body` as JSON
    until     predicate(status, json) the answer must meet; the request is repeated on each
              worker until it does (GETs of asynchronous state, and offset changes Java
              refuses while a stopped sink's consumers are still leaving their group)
    unordered JSON paths of arrays whose order Java does not fix (compared sorted)
    headers   request headers beside the JSON Content-Type
    """

    def __init__(self, method, path, body=None, what="", status=None, raw=None, until=None,
                 unordered=(), headers=None):
        self.method, self.path, self.body, self.what = method, path, body, what
        self.status, self.raw, self.until = status, raw, until
        self.unordered, self.headers = tuple(unordered), headers


def state_is(connector, tasks=None, task_state=None):
    """until: the connector in `connector` state with `tasks` tasks all in task_state."""
    def check(code, body):
        if code != 200 or body["connector"]["state"] != connector:
            return False
        if tasks is not None and len(body["tasks"]) != tasks:
            return False
        return task_state is None or all(t["state"] == task_state for t in body["tasks"])
    return check


def body_is(expected):
    return lambda code, body: code == 200 and body == expected


FILE_SOURCE = {"connector.class": "FileStreamSource", "file": "{DIR}/in.txt",
               "topic": "{P}lines"}
FILE_SINK = {"connector.class": "FileStreamSink", "file": "{DIR}/out.txt", "topics": "{P}lines"}
SINK_CONFIG = {"connector.class": SINK, "topics": "{P}lines", "file": "{DIR}/put.txt"}
MM_CONFIG = {"connector.class": "MirrorSourceConnector", "source.cluster.alias": "src",
             "target.cluster.alias": "dst", "source.cluster.bootstrap.servers": "127.0.0.1:1",
             "target.cluster.bootstrap.servers": "127.0.0.1:1", "topics": "t.*"}
NONE = "{P}none"

S = Step
SCRIPT = [
    # ---- the server ------------------------------------------------------------------------
    S("GET", "/", what="server info", status=200),
    S("GET", "/health", what="health", status=200),
    S("GET", "/connectors", what="no connectors yet", status=200),
    S("GET", "/nope", what="unknown path", status=404),
    S("GET", "/connectors/a/b/c/d", what="unknown deep path", status=404),
    S("DELETE", "/connector-plugins", what="method not allowed", status=405),
    S("POST", "/connectors/{P}x/status", what="method not allowed on a connector path",
      status=405),
    S("POST", "/connectors", raw="not json", what="unsupported media type",
      headers={"Content-Type": "text/plain"}, status=415),
    S("OPTIONS", "/connectors", what="options", status=200),
    S("OPTIONS", "/connectors/{P}x/offsets", what="options of a connector path", status=200),

    # ---- unknown connector, task, plugin ---------------------------------------------------
    S("GET", f"/connectors/{NONE}", what="unknown connector", status=404),
    S("GET", f"/connectors/{NONE}/config", what="unknown connector config", status=404),
    S("GET", f"/connectors/{NONE}/status", what="unknown connector status", status=404),
    S("GET", f"/connectors/{NONE}/tasks", what="unknown connector tasks", status=404),
    S("GET", f"/connectors/{NONE}/tasks/0/status", what="unknown connector task status",
      status=404),
    S("PUT", f"/connectors/{NONE}/pause", what="pause unknown", status=404),
    S("PUT", f"/connectors/{NONE}/resume", what="resume unknown", status=404),
    S("PUT", f"/connectors/{NONE}/stop", what="stop unknown", status=404),
    S("POST", f"/connectors/{NONE}/restart", what="restart unknown", status=404),
    S("POST", f"/connectors/{NONE}/restart?includeTasks=true", what="restart unknown with tasks",
      status=404),
    S("POST", f"/connectors/{NONE}/tasks/0/restart", what="restart unknown task", status=404),
    S("DELETE", f"/connectors/{NONE}", what="delete unknown", status=404),
    S("PATCH", f"/connectors/{NONE}/config", {"a": "b"}, what="patch unknown", status=404),
    S("GET", f"/connectors/{NONE}/offsets", what="offsets of unknown", status=404),
    S("PATCH", f"/connectors/{NONE}/offsets", {"offsets": []},
      what="alter empty offsets of unknown", status=400),
    S("PATCH", f"/connectors/{NONE}/offsets", {"offsets": [
        {"partition": {"filename": "f"}, "offset": {"position": 1}}]},
      what="alter offsets of unknown", status=404),
    S("DELETE", f"/connectors/{NONE}/offsets", what="reset offsets of unknown", status=404),
    S("GET", f"/connectors/{NONE}/topics", what="topics of unknown", status=200),
    S("PUT", f"/connectors/{NONE}/topics/reset", what="topics reset of unknown", status=202),

    # ---- plugins ---------------------------------------------------------------------------
    S("GET", "/connector-plugins", what="plugins", status=200),
    S("GET", "/connector-plugins?connectorsOnly=false", what="all plugins", status=200),
    S("GET", "/connector-plugins/FileStreamSource/config", what="source plugin config by alias",
      status=200),
    S("GET", "/connector-plugins/FileStreamSinkConnector/config", what="sink plugin config",
      status=200),
    S("GET", f"/connector-plugins/{SINK}/config", what="sink plugin config by class", status=200),
    S("GET", f"/connector-plugins/{MM_SOURCE}/config", what="MirrorSource plugin config",
      status=200),
    S("GET", "/connector-plugins/MirrorCheckpointConnector/config",
      what="MirrorCheckpoint plugin config", status=200),
    S("GET", "/connector-plugins/MirrorHeartbeat/config", what="MirrorHeartbeat plugin config",
      status=200),
    S("GET", "/connector-plugins/JsonConverter/config", what="converter plugin config",
      status=200),
    S("GET", "/connector-plugins/SimpleHeaderConverter/config",
      what="header converter plugin config", status=200),
    S("GET", "/connector-plugins/Nope/config", what="unknown plugin config", status=404),
    S("PUT", "/connector-plugins/FileStreamSource/config/validate",
      {"connector.class": "FileStreamSource", "name": "v", "topic": "t", "file": "/x"},
      what="validate ok", status=200),
    S("PUT", "/connector-plugins/FileStreamSink/config/validate",
      {"connector.class": "FileStreamSink", "name": "x", "topics": "t", "tasks.max": "0",
       "errors.tolerance": "some", "nullk": None}, what="validate errors", status=200),
    S("PUT", "/connector-plugins/FileStreamSource/config/validate",
      {"connector.class": "FileStreamSource", "tasks.max": "x", "file": "{DIR}/x"},
      what="validate missing name and topic", status=200),
    S("PUT", "/connector-plugins/FileStreamSink/config/validate",
      {"connector.class": "FileStreamSink", "name": "x", "topics": "a", "topics.regex": "b.*"},
      what="validate topics and topics.regex", status=200),
    S("PUT", "/connector-plugins/FileStreamSink/config/validate",
      {"connector.class": "FileStreamSink", "name": "x", "topics": "a, dlq,,a,b",
       "errors.deadletterqueue.topic.name": " dlq "},
      what="validate a sink consuming its dead letter queue", status=200),
    S("PUT", "/connector-plugins/FileStreamSink/config/validate",
      {"connector.class": "FileStreamSink", "name": "x", "topics.regex": "d.q|other",
       "errors.deadletterqueue.topic.name": "dlq"},
      what="validate a sink whose regex matches its dead letter queue", status=200),
    S("PUT", "/connector-plugins/FileStreamSink/config/validate",
      {"connector.class": "FileStreamSink", "name": "x", "topics": "a,,b"},
      what="validate a sink with an empty topic name", status=200),
    S("PUT", "/connector-plugins/MirrorSourceConnector/config/validate",
      dict(MM_CONFIG, name="m", topics="a, a", **{"topics.exclude": "x,,y"}),
      what="validate MirrorSource with repeated and empty list items", status=200),
    S("POST", "/connectors", {"name": "{P}dlqloop", "config": {
        "connector.class": "FileStreamSink", "topics": "{P}in,{P}dlq",
        "errors.deadletterqueue.topic.name": "{P}dlq"}},
      what="create a sink consuming its dead letter queue", status=400),
    S("PUT", "/connector-plugins/FileStreamSource/config/validate",
      {"connector.class": "FileStreamSource", "name": "x", "topic": "a,b", "batch.size": "q"},
      what="validate bad topic and batch.size", status=200),
    S("PUT", "/connector-plugins/FileStreamSource/config/validate",
      {"connector.class": "FileStreamSource", "name": "x", "topic": "t", "transforms": "b, a",
       "predicates": "p", "transforms.a.type": "x.Y", "errors.tolerance": "ALL",
       "exactly.once.support": "REQUIRED"}, what="validate transforms and predicates",
      status=200),
    S("PUT", "/connector-plugins/FileStreamSource/config/validate",
      {"connector.class": "FileStreamSource", "name": "x", "topic": "t",
       "transforms": "r, ts, ok", "transforms.r.type": "RegexRouter",
       "transforms.ts.type": "org.apache.kafka.connect.transforms.TimestampRouter",
       "transforms.ts.negate": "true", "transforms.ts.timestamp.format": "yyyy",
       "transforms.ok.type": "org.apache.kafka.connect.transforms.RegexRouter",
       "transforms.ok.regex": "a(.*)", "transforms.ok.replacement": "b$1",
       "transforms.ok.predicate": "p", "predicates": "p"},
      what="validate installed transformations", status=200),
    S("PUT", "/connector-plugins/FileStreamSource/config/validate",
      {"connector.class": "FileStreamSource", "name": "x", "topic": "t",
       "key.converter": "StringConverter", "key.converter.converter.encoding": "ISO-8859-1",
       "value.converter": "org.apache.kafka.connect.json.JsonConverter",
       "value.converter.decimal.format": "numeric ", "value.converter.schemas.cache.size": "x",
       "value.converter.replace.null.with.default": "FALSE",
       "value.converter.converter.type": "nope",
       "header.converter": "org.apache.kafka.connect.converters.ByteArrayConverter"},
      what="validate converter settings", status=200),
    S("POST", "/connectors", {"name": "{P}badconv", "config": {
        "connector.class": "FileStreamSource", "topic": "{P}t",
        "value.converter": "JsonConverter", "value.converter.decimal.format": "TEXT"}},
      what="create with a bad converter setting", status=400),
    S("GET", "/connector-plugins/RegexRouter/config", what="transformation config by alias",
      status=200),
    S("GET", "/connector-plugins/org.apache.kafka.connect.transforms.TimestampRouter/config",
      what="transformation config", status=200),
    S("PUT", "/connector-plugins/FileStreamSink/config/validate",
      {"connector.class": "FileStreamSink", "name": "x", "topics": "t", "tasks.max": 2,
       "errors.log.enable": True}, what="validate numbers and booleans", status=200),
    S("PUT", "/connector-plugins/MirrorSourceConnector/config/validate", dict(MM_CONFIG, name="m"),
      what="validate MirrorSource", status=200),
    S("PUT", "/connector-plugins/MirrorSourceConnector/config/validate",
      {"connector.class": "MirrorSourceConnector", "name": "m"},
      what="validate MirrorSource missing keys", status=200),
    S("PUT", "/connector-plugins/FileStreamSink/config/validate",
      {"connector.class": "FileStreamSource", "name": "x"}, what="validate type mismatch",
      status=400),
    S("PUT", "/connector-plugins/FileStreamSink/config/validate", {"name": "x"},
      what="validate without connector.class", status=500),
    S("PUT", "/connector-plugins/Nope/config/validate", {"connector.class": "Nope", "name": "x"},
      what="validate unknown plugin"),
    S("PUT", "/connector-plugins/FileStreamSink/config/validate", raw="{",
      what="validate malformed JSON"),

    # ---- create: errors --------------------------------------------------------------------
    S("POST", "/connectors", raw="{", what="create malformed JSON"),
    S("POST", "/connectors", raw="", what="create without a body"),
    S("POST", "/connectors", ["a"], what="create with an array"),
    S("POST", "/connectors", {"name": "{P}x", "config": "a"}, what="create config not a map"),
    S("POST", "/connectors", {"name": "{P}x", "config": {"topics": ["t"]}},
      what="create config value a list"),
    S("POST", "/connectors", {"name": "{P}x", "config": {"topics": "x", "a": "b"}},
      what="create missing connector.class", status=400),
    S("POST", "/connectors", {"name": "{P}x", "config": {"connector.class": "Nope"}},
      what="create unknown class", status=400),
    S("POST", "/connectors", {"name": "{P}x", "config": {
        "connector.class": "FileStreamSink", "topics": "t", "tasks.max": "x"}},
      what="create invalid tasks.max", status=400),
    S("POST", "/connectors", {"name": "{P}x", "config": {"connector.class": "FileStreamSink"}},
      what="create sink without topics", status=400),
    S("POST", "/connectors", {"name": "", "config": {"connector.class": "FileStreamSink",
                                                     "topics": "t"}},
      what="create with empty name", status=400),
    S("POST", "/connectors", {"config": {"connector.class": "FileStreamSink", "topics": "t"}},
      what="create without name", status=400),
    S("POST", "/connectors", {"name": "{P}x", "initial_state": "SIDEWAYS", "config": {
        "connector.class": "FileStreamSink", "topics": "t"}},
      what="create with unknown initial_state", status=500),
    S("POST", "/connectors", {"name": "{P}x", "config": {
        "connector.class": "FileStreamSink", "topics": "t", "transforms": "a",
        "transforms.a.type": "com.example.Nope"}}, what="create with unknown transform",
      status=400),
    S("POST", "/connectors", {"name": "{G_NAME}", "config": {
        "connector.class": "FileStreamSink", "topics": "t"}},
      what="create sink named as the worker group", status=400),
    S("PUT", "/connectors/{P}x/config", {"connector.class": "FileStreamSink", "topics": "t",
                                         "name": "{P}y"},
      what="put name mismatch", status=400),
    S("PUT", "/connectors/{P}x/config", {"connector.class": "FileStreamSink", "topics": "t",
                                         "errors.log.enable": "x"},
      what="put invalid config", status=400),
    S("PUT", "/connectors/{P}x/config", ["a"], what="put config a list"),
    S("PUT", "/connectors/{P}x/config", {"connector.class": "FileStreamSink",
                                         "topics": {"a": "b"}},
      what="put config value an object"),
    S("PUT", "/connector-plugins/FileStreamSink/config/validate", ["a"],
      what="validate a list"),
    S("GET", "/connectors/{P}x", what="nothing was created", status=404),

    # ---- a source connector's life ---------------------------------------------------------
    S("POST", "/connectors", {"name": "{P}src", "config": FILE_SOURCE}, what="create source",
      status=201),
    S("POST", "/connectors", {"name": "{P}src", "config": FILE_SOURCE},
      what="create existing", status=409),
    S("GET", "/connectors/{P}src/status", what="source running",
      until=state_is("RUNNING", 1, "RUNNING"), status=200),
    S("GET", "/connectors/{P}src", what="source info", status=200),
    S("GET", "/connectors/{P}src/config", what="source config", status=200),
    S("GET", "/connectors/{P}src/tasks", what="source tasks", status=200),
    S("GET", "/connectors/{P}src/tasks/0/status", what="source task status", status=200),
    S("GET", "/connectors/{P}src/tasks/1/status", what="unknown task status", status=404),
    S("GET", "/connectors/{P}src/topics", what="source active topics",
      until=body_is({"{P}src": {"topics": ["{P}lines"]}}), status=200),
    S("GET", "/connectors/{P}src/offsets", what="source offsets",
      until=lambda code, b: code == 200 and b["offsets"] and
      b["offsets"][0]["offset"]["position"] == sum(len(x) + 1 for x in LINES), status=200),
    S("PATCH", "/connectors/{P}src/offsets", {"offsets": [
        {"partition": {"filename": "{DIR}/in.txt"}, "offset": {"position": 0}}]},
      what="alter offsets of a running connector", status=400),
    S("DELETE", "/connectors/{P}src/offsets", what="reset offsets of a running connector",
      status=400),

    # ---- a sink reading what the source wrote ----------------------------------------------
    S("POST", "/connectors", {"name": "{P}sink", "config": FILE_SINK}, what="create sink",
      status=201),
    S("GET", "/connectors/{P}sink/status", what="sink running",
      until=state_is("RUNNING", 1, "RUNNING"), status=200),
    S("GET", "/connectors/{P}sink/offsets", what="sink offsets",
      until=body_is({"offsets": [{"partition": {"kafka_topic": "{P}lines", "kafka_partition": 0},
                                  "offset": {"kafka_offset": len(LINES)}}]}), status=200),

    # ---- PUT creates and updates; PATCH merges ---------------------------------------------
    S("PUT", "/connectors/{P}put/config", SINK_CONFIG, what="put creates", status=201),
    S("GET", "/connectors/{P}put/status", what="put running",
      until=state_is("RUNNING", 1, "RUNNING"), status=200),
    S("PUT", "/connectors/{P}put/config", dict(SINK_CONFIG, **{"tasks.max": "2"}),
      what="put updates", status=200),
    S("GET", "/connectors/{P}put/tasks", what="tasks after update",
      until=lambda code, b: code == 200 and len(b) == 2, status=200),
    S("PATCH", "/connectors/{P}put/config", {"tasks.max": None, "file": "{DIR}/patched.txt",
                                             "batch.unknown": "1"},
      what="patch merges", status=200),
    # PATCH answers with the tasks from before its write: both workers must have finished
    # the reconfiguration the last patch started (back to one task) before the next one.
    S("GET", "/connectors/{P}put/tasks", what="tasks after patch",
      until=lambda code, b: code == 200 and len(b) == 1, status=200),
    S("PATCH", "/connectors/{P}put/config", {"tasks.max": 2}, what="patch with a number",
      status=200),
    S("PATCH", "/connectors/{P}put/config", {"tasks.max": [2]}, what="patch with a list"),
    S("PATCH", "/connectors/{P}put/config", {"tasks.max": "-1"}, what="patch invalid",
      status=400),
    S("PATCH", "/connectors/{P}put/config", {"connector.class": "FileStreamSource"},
      what="patch changes the connector type"),
    S("GET", "/connectors/{P}put/config", what="config after patches", status=200),

    # ---- initial states and a failing task -------------------------------------------------
    S("POST", "/connectors", {"name": "{P}paused", "initial_state": "PAUSED",
                              "config": FILE_SINK | {"file": "{DIR}/paused.txt"}},
      what="create paused", status=201),
    S("POST", "/connectors", {"name": "{P}stopped", "initial_state": "STOPPED",
                              "config": FILE_SINK | {"file": "{DIR}/stopped.txt"}},
      what="create stopped", status=201),
    S("POST", "/connectors", {"name": "{P}running", "initial_state": "RUNNING",
                              "config": FILE_SINK | {"file": "{DIR}/running.txt"}},
      what="create running", status=201),
    S("POST", "/connectors", {"name": "{P}failing", "config": FILE_SINK | {
        "file": "{DIR}/no/such/dir/out.txt"}}, what="create failing", status=201),
    S("GET", "/connectors/{P}paused/status", what="paused status", until=state_is("PAUSED"),
      status=200),
    S("GET", "/connectors/{P}stopped/status", what="stopped status",
      until=state_is("STOPPED", 0), status=200),
    S("GET", "/connectors/{P}stopped/tasks", what="stopped tasks", status=200),
    S("GET", "/connectors/{P}running/status", what="running status",
      until=state_is("RUNNING", 1, "RUNNING"), status=200),
    S("GET", "/connectors/{P}failing/status", what="failing status",
      until=state_is("RUNNING", 1, "FAILED"), status=200),
    S("GET", "/connectors/{P}failing/tasks/0/status", what="failed task status", status=200),
    S("GET", "/connectors/{P}put/status", what="put status",
      until=state_is("RUNNING", 2, "RUNNING"), status=200),
    S("GET", "/connectors", what="connector list", status=200, unordered=("$",)),
    S("GET", "/connectors?expand=status", what="connector list with status", status=200),
    S("GET", "/connectors?expand=info", what="connector list with info", status=200),
    S("GET", "/connectors?expand=status&expand=info", what="connector list with both",
      status=200),
    S("GET", "/connectors?expand=nope", what="connector list with unknown expand"),

    # ---- restarts --------------------------------------------------------------------------
    S("POST", "/connectors/{P}failing/restart?includeTasks=true&onlyFailed=true",
      what="restart only failed", status=202),
    S("GET", "/connectors/{P}failing/status", what="failing again",
      until=state_is("RUNNING", 1, "FAILED"), status=200),
    S("POST", "/connectors/{P}failing/tasks/0/restart", what="restart failed task", status=204),
    S("GET", "/connectors/{P}failing/status", what="failing after task restart",
      until=state_is("RUNNING", 1, "FAILED"), status=200),
    S("POST", "/connectors/{P}src/restart?onlyFailed=true", what="restart only failed, none",
      status=202),
    S("POST", "/connectors/{P}src/restart?includeTasks=true&onlyFailed=true",
      what="restart only failed with tasks, none", status=202),
    S("POST", "/connectors/{P}src/restart", what="restart connector", status=204),
    S("GET", "/connectors/{P}src/status", what="running after restart",
      until=state_is("RUNNING", 1, "RUNNING"), status=200),
    S("POST", "/connectors/{P}src/restart?includeTasks=true", what="restart with tasks",
      status=202),
    S("GET", "/connectors/{P}src/status", what="running after restart with tasks",
      until=state_is("RUNNING", 1, "RUNNING"), status=200),
    S("POST", "/connectors/{P}src/tasks/0/restart", what="restart task", status=204),
    S("POST", "/connectors/{P}src/tasks/7/restart", what="restart unknown task id", status=404),
    S("POST", "/connectors/{P}src/tasks/x/restart", what="restart a task id not a number",
      status=404),
    S("GET", "/connectors/{P}src/tasks/x/status", what="status of a task id not a number",
      status=404),
    S("GET", "/connectors/{P}src/tasks/-1/status", what="status of a negative task id",
      status=404),
    S("POST", "/connectors/{P}stopped/restart", what="restart a stopped connector"),
    S("POST", "/connectors/{P}paused/restart?includeTasks=true",
      what="restart a paused connector with tasks"),

    # ---- pause, resume, stop, offsets ------------------------------------------------------
    S("PUT", "/connectors/{P}src/pause", what="pause", status=202),
    S("GET", "/connectors/{P}src/status", what="paused",
      until=state_is("PAUSED", 1, "PAUSED"), status=200),
    S("PUT", "/connectors/{P}src/pause", what="pause again", status=202),
    S("PUT", "/connectors/{P}src/resume", what="resume", status=202),
    S("GET", "/connectors/{P}src/status", what="resumed",
      until=state_is("RUNNING", 1, "RUNNING"), status=200),
    S("PUT", "/connectors/{P}src/stop", what="stop", status=204),
    S("GET", "/connectors/{P}src/status", what="stopped",
      until=state_is("STOPPED", 0), status=200),
    S("GET", "/connectors/{P}src/tasks", what="tasks of a stopped connector", status=200),
    S("GET", "/connectors/{P}src/tasks/0/status", what="task status of a stopped connector"),
    S("PATCH", "/connectors/{P}src/offsets", {"offsets": [
        {"partition": {"filename": "{DIR}/in.txt"}, "offset": {"position": 4}}]},
      what="alter source offsets", status=200),
    S("GET", "/connectors/{P}src/offsets", what="altered source offsets",
      until=body_is({"offsets": [{"partition": {"filename": "{DIR}/in.txt"},
                                  "offset": {"position": 4}}]}), status=200),
    S("PATCH", "/connectors/{P}src/offsets", {"offsets": "x"}, what="alter offsets not a list"),
    S("PATCH", "/connectors/{P}src/offsets", {}, what="alter offsets missing", status=400),
    S("PATCH", "/connectors/{P}src/offsets", {"offsets": [
        {"partition": {"filename": "{DIR}/in.txt"}, "offset": {"position": "x"}}]},
      what="alter source offsets bad position", status=500),
    S("PATCH", "/connectors/{P}src/offsets", {"offsets": [{"offset": {"position": 1}}]},
      what="alter source offsets without partition", status=500),
    S("DELETE", "/connectors/{P}src/offsets", what="reset source offsets", status=200),
    S("GET", "/connectors/{P}src/offsets", what="reset source offsets gone",
      until=body_is({"offsets": []}), status=200),
    S("PUT", "/connectors/{P}sink/stop", what="stop sink", status=204),
    S("GET", "/connectors/{P}sink/status", what="sink stopped",
      until=state_is("STOPPED", 0), status=200),
    S("PATCH", "/connectors/{P}sink/offsets", {"offsets": [
        {"partition": {"kafka_topic": "{P}lines", "kafka_partition": 0},
         "offset": {"kafka_offset": 1}}]}, what="alter sink offsets",
      until=lambda code, b: code == 200, status=200),
    S("GET", "/connectors/{P}sink/offsets", what="altered sink offsets",
      until=body_is({"offsets": [{"partition": {"kafka_topic": "{P}lines", "kafka_partition": 0},
                                  "offset": {"kafka_offset": 1}}]}), status=200),
    S("PATCH", "/connectors/{P}sink/offsets", {"offsets": [
        {"partition": {"kafka_topic": "{P}lines"}, "offset": {"kafka_offset": 1}}]},
      what="alter sink offsets without partition number", status=400),
    S("DELETE", "/connectors/{P}sink/offsets", what="reset sink offsets",
      until=lambda code, b: code == 200, status=200),
    S("PUT", "/connectors/{P}src/resume", what="resume a stopped connector", status=202),
    S("GET", "/connectors/{P}src/status", what="running after stop",
      until=state_is("RUNNING", 1, "RUNNING"), status=200),

    # ---- KIP-558 active topics -------------------------------------------------------------
    S("PUT", "/connectors/{P}src/topics/reset", what="topics reset of a running connector",
      status=202),
    S("PUT", "/connectors/{P}sink/topics/reset", what="topics reset", status=202),
    S("GET", "/connectors/{P}sink/topics", what="topics after reset",
      until=body_is({"{P}sink": {"topics": []}}), status=200),

    # ---- internal endpoints ----------------------------------------------------------------
    S("POST", "/connectors/{P}src/tasks", [{"file": "x", "topic": "t"}],
      what="unsigned task configs"),
    S("POST", "/connectors/{P}src/tasks", {"file": "x"}, what="task configs not a list"),
    S("PUT", "/connectors/{P}src/fence", what="unsigned fence"),

    # ---- loggers ---------------------------------------------------------------------------
    S("GET", "/admin/loggers", what="loggers", status=200),
    S("GET", "/admin/loggers/org.apache.kafka.connect.runtime.Worker", what="a worker logger",
      status=200),
    S("GET", "/admin/loggers/root", what="root logger", status=200),
    S("GET", "/admin/loggers/org.example.nope", what="unknown logger"),
    S("PUT", "/admin/loggers/org.example.parity", {"level": "DEBUG"}, what="set a logger",
      status=200),
    S("GET", "/admin/loggers/org.example.parity", what="logger after set", status=200),
    S("PUT", "/admin/loggers/org.example.parity", {"level": "LOUD"}, what="set a bad level"),
    S("PUT", "/admin/loggers/org.example.parity", {}, what="set without level"),
    S("PUT", "/admin/loggers/org.example.parity", raw="{", what="set logger malformed JSON"),
    S("PUT", "/admin/loggers/org.example.parity", ["DEBUG"], what="set logger with a list"),
    S("PUT", "/admin/loggers/org.example.parity", {"level": ["DEBUG"]},
      what="set logger level a list"),
    S("PUT", "/admin/loggers/org.example.parity?scope=cluster", {"level": "INFO"},
      what="set a logger cluster-wide", status=204),
    S("GET", "/admin/loggers/org.example.parity", what="logger after a cluster-wide set",
      until=lambda code, b: code == 200 and b["level"] == "INFO", status=200),
    S("PUT", "/admin/loggers/org.example.parity?scope=nowhere", {"level": "INFO"},
      what="set a logger in an unknown scope"),

    # ---- delete ----------------------------------------------------------------------------
    S("DELETE", "/connectors/{P}sink", what="delete", status=204),
    S("DELETE", "/connectors/{P}sink", what="delete again", status=404),
    S("GET", "/connectors/{P}sink", what="deleted", status=404),
    S("GET", "/connectors/{P}sink/topics", what="topics of a deleted connector", status=200),
    S("GET", "/connectors", what="connector list after delete", status=200, unordered=("$",)),
]

# Values that differ by nature: the path (a pattern over the step's JSON paths, '*' the only
# wildcard) -> why.
# The value is replaced by its type before comparing, so its presence and type still count.
MASKED = {
    "$.commit": "kconnect reports its own commit (README: GET / commit)",
    "$.last_modified": "when the level was set, in milliseconds",
    "$.*.last_modified": "when the level was set, in milliseconds",
}


def first_line(trace):
    return trace.split("\n")[0] if isinstance(trace, str) else trace


def without_replicator(java, ours):
    """'available connectors are: PluginDesc{...}, ...' lists kconnect's Replicator-compatible
    connector too, which has no class in Kafka's jars (README: connectors)."""
    if isinstance(ours, str):
        ours = re.sub(r"PluginDesc\{klass=class io\.confluent\.[^}]*\}, ", "", ours)
    return java, ours


def common_entries(java, ours):
    """Lists of plugins or converters: kconnect offers only what it runs (README:
    GET /connector-plugins, recommended_values). Java's list is cut to the entries kconnect
    has, which must then be equal, order included; an entry Java lacks stays and differs."""
    if isinstance(java, list) and isinstance(ours, list):
        ours = [e for e in ours
                if not (isinstance(e, dict) and e.get("class", "").startswith("io.confluent."))]
        java = [e for e in java if e in ours]
    return java, ours


def common_loggers(java, ours):
    """GET /admin/loggers: Java lists every logger its classes created; kconnect its own
    subsystems under the Java names they stand for. Compared on the names kconnect has."""
    if isinstance(java, dict) and isinstance(ours, dict):
        java = {k: v for k, v in java.items() if k in ours}
    return java, ours


def failed_version(java, ours):
    """A FAILED task's status takes its version from Java's Worker.taskVersion(id), which is
    null once the failing task has left the worker's task map: a race inside Java (seen after
    a task restart). The version is compared whenever Java reports one."""
    if (isinstance(java, dict) and isinstance(ours, dict) and java.get("state") == "FAILED" and
            java.get("version", "") is None and "version" in ours):
        java = dict(java, version=ours["version"])
    return java, ours


def without_null_pattern_crash(java, ours):
    """A required regex left out: beside "Missing required configuration", Java's
    RegexValidator adds the NullPointerException it hits on the null pattern ("Invalid
    regex: Cannot invoke ... because "this.pattern" is null"); kconnect reports the missing
    key alone (README, compatibility). Java's crash text is dropped and its count lowered to
    match."""
    if not isinstance(java, dict):
        return java, ours
    java = json.loads(json.dumps(java))
    for c in java.get("configs", []):
        errors = c["value"]["errors"]
        kept = [e for e in errors if 'because "this.pattern" is null' not in e]
        java["error_count"] -= len(errors) - len(kept)
        c["value"]["errors"] = kept
    return java, ours


# Comparisons made on part of the answers: (step pattern, path pattern) -> (function, why).
# The function takes (Java's value, ours) and returns both as they are compared.
NORMALIZED = {
    ("create unknown class", "$.message"): (without_replicator, "README: connectors (the "
                                             "Replicator-compatible connector)"),
    ("validate unknown plugin", "$.message"): (without_replicator, "as above"),
    ("plugins", "$"): (common_entries, "README: GET /connector-plugins"),
    ("all plugins", "$"): (common_entries, "README: GET /connector-plugins"),
    ("validate installed transformations", "$"): (without_null_pattern_crash,
                                                  "README: a transformation's regex left out"),
    ("*", "$.configs[*].value.recommended_values"): (common_entries,
                                                     "README: recommended_values"),
    ("loggers", "$"): (common_loggers, "README: GET /admin/loggers"),
    ("*", "$.tasks[*]"): (failed_version, "a race in Java (see failed_version)"),
    ("*", "$.*.status.tasks[*]"): (failed_version, "a race in Java (see failed_version)"),
    ("*", "*.trace"): (lambda j, k: (first_line(j), first_line(k)),
                       "README: task status trace (the first line is compared)"),
}

# Differences that stay, each written down in README.md's compatibility table:
# (step, path) -> why. A path "status" is the status code; "$" the whole body.
JSON_SYNTAX = "README: messages for a body that is not JSON (Jackson's against jansson's)"
ALLOWED = {
    ("validate malformed JSON", "$.message"): JSON_SYNTAX,
    ("create malformed JSON", "$.message"): JSON_SYNTAX,
    ("set logger malformed JSON", "$.message"): JSON_SYNTAX,
}

# Requests with a client's mistake that Java answers 500 (a NullPointerException's text,
# Jackson's message, a wrapped BadRequestException, a connector refusing the offsets) and
# kconnect 400 (README: REST answers to a client's mistakes where Java answers 500); the
# message is Java's where it says what is wrong, kconnect's own where Java's is a crash text.
CLIENT_MISTAKE = "README: REST answers to a client's mistakes where Java answers 500"
CLIENT_MISTAKES = [
    "validate malformed JSON", "create malformed JSON", "create with an array",
    "create config not a map", "create config value a list",
    "create with unknown initial_state", "put config a list", "put config value an object",
    "patch with a list",
    "validate a list", "alter offsets not a list", "alter source offsets bad position",
    "alter source offsets without partition", "set logger malformed JSON",
    "set logger with a list", "set logger level a list", "task configs not a list",
]
REWORDED = ["validate without connector.class", "validate unknown plugin",
            "create without a body"]
for _what in CLIENT_MISTAKES + REWORDED:
    ALLOWED[(_what, "status")] = CLIENT_MISTAKE
    ALLOWED[(_what, "$.error_code")] = CLIENT_MISTAKE
for _what in REWORDED:
    ALLOWED[(_what, "$.message")] = CLIENT_MISTAKE


# ---- running the script ----------------------------------------------------------------------



def map_strings(value, fn):
    """value with fn applied to every string in it, keys of maps included."""
    if isinstance(value, str):
        return fn(value)
    if isinstance(value, dict):
        return {map_strings(k, fn): map_strings(v, fn) for k, v in value.items()}
    if isinstance(value, list):
        return [map_strings(v, fn) for v in value]
    return value

# Java's answer to a request its herder cannot serve while a rebalance it expects is pending
# (a connector's info or tasks, a restart, offsets, right after a config change): the client is
# to ask again. kconnect waits for the rebalance and answers; Java is asked again until it does.
REBALANCE_EXPECTED = {"error_code": 500,
                      "message": "Request cannot be completed because a rebalance is expected"}


class Side:
    """One worker and the values its placeholders stand for."""

    def __init__(self, label, worker, workdir, props, java=False):
        self.label, self.worker, self.workdir, self.props = label, worker, workdir, props
        self.java, self.rebalance_500s = java, []
        self.prefix = f"{label}{uuid.uuid4().hex[:6]}-"
        group = props["group.id"]
        self.subst = {"{P}": self.prefix, "{DIR}": workdir, "{G_NAME}": group[len("connect-"):],
                      "{G}": group, "{W}": worker.url.split("//")[1]}
        with open(f"{workdir}/in.txt", "w") as f:
            f.write("".join(line + "\n" for line in LINES))

    def fill(self, value):
        """The script's placeholders replaced by this side's values."""
        def one(text):
            for k, v in self.subst.items():
                text = text.replace(k, v)
            return text
        return map_strings(value, one)

    def unfill(self, value):
        """This side's values turned back into the placeholders (longest value first)."""
        def one(text):
            for k, v in sorted(self.subst.items(), key=lambda kv: -len(kv[1])):
                text = text.replace(v, k)
            return text
        return map_strings(value, one)

    def send(self, step):
        url = self.worker.url + self.fill(step.path)
        kw = {"headers": dict(step.headers or {})}
        if step.raw is not None:
            kw["data"] = self.fill(step.raw).encode()
            kw["headers"].setdefault("Content-Type", "application/json")
        elif step.body is not None:
            kw["json"] = self.fill(step.body)
        import requests
        return requests.request(step.method, url, timeout=60, **kw)

    def answer(self, step):
        """(status, body, compared headers, seconds) of the step, repeated until step.until
        holds (60 s at most). Nothing else is asked twice, with one exception on Java's side:
        its 500 REBALANCE_EXPECTED, where kconnect waits out the rebalance (README,
        compatibility). A 409 compares as any other answer."""
        deadline = time.monotonic() + 60
        while True:
            r = self.send(step)
            try:
                body = r.json() if r.text else None
            except ValueError:
                body = {"<text>": r.text}
            body = self.unfill(body)
            again = False
            if self.java and r.status_code == 500 and body == REBALANCE_EXPECTED:
                self.rebalance_500s.append(step.what)
                again = True
            elif step.until is not None:
                try:
                    again = not step.until(r.status_code, body)
                except (KeyError, IndexError, TypeError):
                    again = True
            if not again or time.monotonic() > deadline:
                headers = {h: self.unfill(r.headers[h]) for h in COMPARED_HEADERS
                           if h in r.headers}
                return r.status_code, body, headers, round(time.monotonic() - deadline + 60, 1)
            time.sleep(0.3)

    def run(self):
        return [self.answer(step) for step in SCRIPT]


# ---- comparing -------------------------------------------------------------------------------


def match(name, pattern):
    """Whether name matches pattern, where only '*' is a wildcard (paths hold '[0]')."""
    return re.fullmatch(".*".join(map(re.escape, pattern.split("*"))), name) is not None


def masked(path):
    return any(match(path, p) for p in MASKED)


def type_name(v):
    return type(v).__name__


def sort_key(v):
    return json.dumps(v, sort_keys=True)


def normalizers(step, path):
    return [f for (sp, pp), (f, _) in NORMALIZED.items()
            if match(step.what, sp) and match(path, pp)]


def differences(java, ours, path, step):
    """[(path, java's, ours)] where the two JSON values differ."""
    for f in normalizers(step, path):
        java, ours = f(java, ours)
    if masked(path):
        return [] if type_name(java) == type_name(ours) else [(path, type_name(java),
                                                               type_name(ours))]
    if isinstance(java, dict) and isinstance(ours, dict):
        out = []
        for k in list(java) + [k for k in ours if k not in java]:
            sub = f"{path}.{k}"
            if k not in ours:
                out.append((sub, java[k], "<absent>"))
            elif k not in java:
                out.append((sub, "<absent>", ours[k]))
            else:
                out += differences(java[k], ours[k], sub, step)
        return out
    if isinstance(java, list) and isinstance(ours, list):
        if any(match(path, p) for p in step.unordered):
            java, ours = sorted(java, key=sort_key), sorted(ours, key=sort_key)
        if len(java) != len(ours):
            names = [e.get("name") if isinstance(e, dict) else None for e in java + ours]
            if all(isinstance(n, str) for n in names):    # lists of named entries
                jn = [e["name"] for e in java]
                kn = [e["name"] for e in ours]
                return [(f"{path}.length", len(java), len(ours)),
                        (f"{path} names", [n for n in jn if n not in kn] or "-",
                         [n for n in kn if n not in jn] or "-")]
            return [(f"{path}.length", len(java), len(ours)), (path, java, ours)]
        out = []
        for i, (a, b) in enumerate(zip(java, ours)):
            out += differences(a, b, f"{path}[{i}]", step)
        return out
    if type_name(java) != type_name(ours) or java != ours:
        return [(path, java, ours)]
    return []


def compare(java_answers, our_answers):
    """{step: [(path, java's, ours)]} for every step whose answers differ (ALLOWED ones
    removed), and the ALLOWED entries that did not differ."""
    report, used = {}, set()
    for step, (sj, bj, lj, _), (sk, bk, lk, _) in zip(SCRIPT, java_answers, our_answers):
        diffs = []
        if sj != sk:
            diffs.append(("status", sj, sk))
        for h in COMPARED_HEADERS:
            if lj.get(h) != lk.get(h):
                diffs.append((h, lj.get(h, "<absent>"), lk.get(h, "<absent>")))
        diffs += differences(bj, bk, "$", step)
        kept = []
        for d in diffs:
            if (step.what, d[0]) in ALLOWED:
                used.add((step.what, d[0]))
            else:
                kept.append(d)
        if kept:
            report[step.what] = (step, sj, sk, kept)
    return report, [a for a in ALLOWED if a not in used]


def short(v, limit=300):
    text = v if isinstance(v, str) else json.dumps(v)
    return text if len(text) <= limit else text[:limit] + "..."


# ---- the workers -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def sides(tmp_path_factory, target_cluster, java):
    """A Java worker and a kconnect worker, each a Connect cluster of its own."""
    jdir = str(tmp_path_factory.mktemp("parity-java"))
    kdir = str(tmp_path_factory.mktemp("parity-kconnect"))
    jprops = dict(base_properties(target_cluster), **COMMON)
    kprops = dict(base_properties(target_cluster), **COMMON)
    jw = kh.JavaConnectWorker(java, jdir, jprops).start()
    factory = WorkerFactory(kdir, target_cluster)
    try:
        kw = factory.start(kprops)
        jw.wait_log("Joined group at generation", timeout=180)
        # Its REST resources come up after it joins.
        wait_for(lambda: jw.get("/connector-plugins", timeout=10).status_code == 200,
                 timeout=60, what="the Java worker's REST resources")
        yield Side("j", jw, jdir, jprops, java=True), Side("k", kw, kdir, kprops)
    finally:
        jw.stop()
        factory.close()


def test_script_is_well_formed():
    names = [s.what for s in SCRIPT]
    assert len(names) == len(set(names)), [n for n in names if names.count(n) > 1]
    assert all(what in names for what, _ in ALLOWED), "ALLOWED names a step not in SCRIPT"
    assert all(any(match(n, what) for n in names) for what, _ in NORMALIZED)


def test_rest_parity_with_java(sides):
    java_side, our_side = sides
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        fj = pool.submit(java_side.run)
        fk = pool.submit(our_side.run)
        java_answers, our_answers = fj.result(), fk.result()

    if os.environ.get("KC_PARITY_DUMP"):
        with open(os.environ["KC_PARITY_DUMP"], "w") as f:
            json.dump([{"step": s.what, "java": a, "kconnect": b}
                       for s, a, b in zip(SCRIPT, java_answers, our_answers)], f, indent=1)
    # The script's own expectations, checked against Java: a wrong script is no test.
    lines = [f"- script: {s.what}: Java answered {a[0]}, the script expects {s.status}: "
             f"{short(a[1])}"
             for s, a in zip(SCRIPT, java_answers) if s.status is not None and a[0] != s.status]
    slow = [f"{s.what} ({a[3]} s, {b[3]} s)" for s, a, b in zip(SCRIPT, java_answers, our_answers)
            if max(a[3], b[3]) > 10]
    report, unused = compare(java_answers, our_answers)
    for what, (step, sj, sk, diffs) in report.items():
        lines.append(f"- {step.method} {step.path} ({what}): Java {sj}, kconnect {sk}")
        for path, a, b in diffs:
            lines.append(f"    {path}: Java {short(a)} | kconnect {short(b)}")
    for what, path in unused:
        lines.append(f"- ALLOWED ({what!r}, {path!r}) no longer differs: remove it")
    assert not lines, (f"{len(report)} of {len(SCRIPT)} steps differ:\n" + "\n".join(lines) +
                       "\nslow steps (Java, kconnect): " + ", ".join(slow) +
                       "\nJava asked again after a rebalance-expected 500: " +
                       ", ".join(java_side.rebalance_500s))


def post_connector(side, name, config):
    """POST /connectors on one side, once: 201."""
    r = side.worker.request("POST", "/connectors", json={"name": name, "config": config},
                            timeout=95)
    assert r.status_code == 201, (side.label, r.text)
    return r


def first_task(side, name):
    """The connector's first task status on one side (None until it has one)."""
    r = side.worker.get(f"/connectors/{name}/status")
    tasks = r.json().get("tasks") if r.status_code == 200 else None
    return tasks[0] if tasks else None


def wait_task_failed(side, name, timeout=60):
    """The first task's status once it is FAILED."""
    return wait_for(lambda: (t := first_task(side, name)) and t["state"] == "FAILED" and t,
                    timeout=timeout, what=f"{side.label}'s {name} FAILED")


def test_file_source_splits_lines_as_java_does(sides, target_cluster):
    """FileStreamSource on a file with every line end Java's task knows ("\\n", "\\r\\n", a
    lone "\\r"), a "\\r" at the very end, which waits for the next byte, and bytes that are
    not UTF-8, which Java's reader decodes to U+FFFD: both workers write the same records."""
    from test_cluster import consume_all
    content = b"one\nbad\xff\xe2\x82!\ntwo\r\nthree\rfour\r\n\rsix\r"
    got = {}
    for side in sides:
        name = f"{side.prefix}ends"
        path = os.path.join(side.workdir, "ends.txt")
        with open(path, "wb") as f:
            f.write(content)
        post_connector(side, name, {
            "connector.class": "FileStreamSource", "file": path, "topic": name,
            "value.converter": "org.apache.kafka.connect.storage.StringConverter"})
    for side in sides:
        consume_all(target_cluster, f"{side.prefix}ends", 6, timeout=30)
        # Then no seventh record ("six\r" waits for its next byte) a few seconds on.
        got[side.label] = consume_all(target_cluster, f"{side.prefix}ends", 7, timeout=3)
    assert got["j"] == ["one", "bad\ufffd\ufffd!", "two", "three", "four", ""], got
    assert got["k"] == got["j"]


def test_file_source_fails_on_a_stored_position_of_the_wrong_type(sides, target_cluster):
    """A stored offset whose position is not a number (written by hand into the offsets
    topic): Java's task fails with its message rather than read the file from its start
    again, and so must ours."""
    from confluent_kafka import Producer
    p = Producer(target_cluster.client_config(log_level=0))
    names = {}
    for side in sides:
        name = names[side.label] = f"{side.prefix}badpos"
        path = os.path.join(side.workdir, "in.txt")
        key = json.dumps([name, {"filename": path}], separators=(",", ":"))
        p.produce(side.props["offset.storage.topic"], key=key.encode(),
                  value=b'{"position":"abc"}')
    p.flush(10)
    for side in sides:
        path = os.path.join(side.workdir, "in.txt")
        post_connector(side, names[side.label], {
            "connector.class": "FileStreamSource", "file": path, "topic": names[side.label]})

    traces = {side.label: first_line(wait_task_failed(side, names[side.label])["trace"])
              for side in sides}
    assert "Offset position is the incorrect type" in traces["j"], traces
    assert "Offset position is the incorrect type" in traces["k"], traces


SCHEMALESS_VALUES = [
    {"b": 1, "a": "x", "c": [1, 2.5, None, True], "d": {"z": 1, "y": 2}},
    {f"key{i}": i for i in range(30)},               # past 12 and 24 entries: a grown table
    {"é": 1, "a": 2, "😀": 3, "Aa": 4, "BB": 5},      # UTF-16 hashes; "Aa" and "BB" collide
    [0.1, 1e20, 123456789.5, -0.0, 1e-5, 9007199254740993, -42],
    "plain text", 42, 3.25, False, [], {},
]

INT_ARRAY = {"type": "array", "items": {"type": "int32", "optional": False}, "optional": False}
ROW = {"type": "struct", "name": "row", "optional": False, "fields": [
    {"field": "b8", "type": "int8", "optional": False},
    {"field": "s16", "type": "int16", "optional": False},
    {"field": "i32", "type": "int32", "optional": False},
    {"field": "l64", "type": "int64", "optional": False},
    {"field": "f32", "type": "float", "optional": False},
    {"field": "f64", "type": "double", "optional": False},
    {"field": "ok", "type": "boolean", "optional": False},
    {"field": "name", "type": "string", "optional": True},
    {"field": "gone", "type": "string", "optional": True},
    {"field": "dflt", "type": "int32", "optional": True, "default": 7},
    {"field": "list", **INT_ARRAY},
    {"field": "counts", "type": "map", "optional": False,
     "keys": {"type": "string", "optional": False}, "values": {"type": "int64", "optional": False}},
    {"field": "names", "type": "map", "optional": False,
     "keys": {"type": "int32", "optional": False}, "values": {"type": "string", "optional": False}},
    {"field": "inner", "type": "struct", "optional": True, "fields": [
        {"field": "x", "type": "double", "optional": False}]},
]}
SCHEMA_VALUES = [
    {"schema": ROW, "payload": {
        "b8": 300, "s16": 70000, "i32": 5, "l64": 1 << 40, "f32": 0.1, "f64": 0.1, "ok": True,
        "name": "n", "gone": None, "dflt": None, "list": [3, 1, 2],
        "counts": {f"c{i}": i for i in range(14)}, "names": [[20, "b"], [3, "a"], [-1, "z"]],
        "inner": {"x": 2.0}}},
    {"schema": {"type": "int64", "optional": False}, "payload": 12},
    {"schema": {"type": "float", "optional": False}, "payload": 3.3},
    {"schema": {"type": "string", "optional": False}, "payload": "just text"},
    {"schema": INT_ARRAY, "payload": [9, 8]},
]


# Record bytes for StringConverter, which Java decodes as UTF-8 (U+FFFD where they are not).
STRING_VALUES = [b"ok", b"bad\xff", b"\xed\xa0\x80x", "caf\u00e9".encode()]


def test_file_sink_writes_what_javas_writes(sides, target_cluster):
    """FileStreamSink println()s each value: Java's toString of what JsonConverter made of the
    JSON (maps in HashMap order, Struct{...}, numbers narrowed to their schema), with and
    without schemas, and strings StringConverter decoded. Both workers sink the same records;
    their files must match byte for byte."""
    from confluent_kafka import Producer
    tag = uuid.uuid4().hex[:6]
    json_converter = "org.apache.kafka.connect.json.JsonConverter"
    topics = {"plain": (f"sinkj-{tag}", SCHEMALESS_VALUES, json_converter, "false"),
              "schema": (f"sinks-{tag}", SCHEMA_VALUES, json_converter, "true"),
              "text": (f"sinkt-{tag}", STRING_VALUES,
                       "org.apache.kafka.connect.storage.StringConverter", "false")}
    p = Producer(target_cluster.client_config(log_level=0))
    for topic, values, _, _ in topics.values():
        target_cluster.create_topic(topic, 1, 1)
        for v in values:
            p.produce(topic, value=v if isinstance(v, bytes) else json.dumps(v).encode())
    p.flush(10)
    files = {}
    for side in sides:
        for kind, (topic, _, converter, schemas) in topics.items():
            name = f"{side.prefix}sink-{kind}"
            path = files[side.label, kind] = os.path.join(side.workdir, f"{name}.txt")
            post_connector(side, name, {
                "connector.class": SINK, "topics": topic, "file": path,
                "value.converter": converter, "value.converter.schemas.enable": schemas})

    def lines(label, kind):
        try:
            with open(files[label, kind], "rb") as f:
                got = f.read().split(b"\n")[:-1]
        except OSError:
            return None
        return got if len(got) >= len(topics[kind][1]) else None
    for kind in topics:
        java = wait_for(lambda: lines("j", kind), timeout=60, what=f"Java's {kind} file")
        ours = wait_for(lambda: lines("k", kind), timeout=60, what=f"kconnect's {kind} file")
        assert ours == java, "\n".join(f"Java: {a}\nours: {b}" for a, b in zip(java, ours)
                                       if a != b)


# ---- error handling (errors.* connector settings) ----------------------------------------

# A sink's records: JSON values, two of them not JSON; one bad one carries headers of its own.
ERRANT = [(b"k0", b'{"a": 1}', None), (b"k1", b"not json", [("h1", b"v1"), ("h2", None)]),
          (None, b'{"b": 2}', None), (b"k3", b'{"x":', None), (b"k4", b"[1, 2]", None)]
GOOD_LINES = [b"{a=1}", b"{b=2}", b"[1, 2]"]
# The errant records' timestamps (ERRANT_TS + index): recent, as the topics' default
# retention (7 days) would otherwise delete them, and with them the queue's copies, the
# next time the broker checks (every 5 minutes), maybe between the write and the read.
ERRANT_TS = (int(time.time()) - 60) * 1000


def read_records(cluster, topic, expected, timeout=60):
    """(key, value, headers, timestamp) of `expected` records of topic, from the start."""
    from confluent_kafka import Consumer
    c = Consumer(cluster.client_config(**{"group.id": f"t-{uuid.uuid4().hex[:6]}",
                                           "auto.offset.reset": "earliest", "log_level": 0}))
    c.subscribe([topic])
    out, deadline = [], time.monotonic() + timeout
    try:
        while len(out) < expected and time.monotonic() < deadline:
            m = c.poll(0.5)
            if m is not None and m.error() is None:
                out.append((m.key(), m.value(), m.headers() or [], m.timestamp()[1]))
    finally:
        c.close()
    return out


def error_log_lines(worker, prefix):
    """LogReporter's lines for connector names starting with prefix, names as {P}."""
    found = re.findall(r"Error encountered in task (" + re.escape(prefix) +
                       r"\S*)\. (Executing stage .*?\})\.", worker.log())
    return [(name.replace(prefix, "{P}"), what) for name, what in found]


def produce_errant(cluster, topic):
    from confluent_kafka import Producer
    cluster.create_topic(topic, 1, 1)
    p = Producer(cluster.client_config(log_level=0))
    for i, (key, value, headers) in enumerate(ERRANT):
        p.produce(topic, key=key, value=value, headers=headers, timestamp=ERRANT_TS + i)
    p.flush(10)


def sink_config(topic, path, **errors):
    return {"connector.class": SINK, "topics": topic, "file": path,
            "key.converter": "org.apache.kafka.connect.storage.StringConverter",
            "value.converter": "org.apache.kafka.connect.json.JsonConverter",
            "value.converter.schemas.enable": "false", **errors}


def post_sinks(sides, suffix, topic, errors):
    """A FileStreamSink <prefix><suffix> of topic on each side, with errors(side) added to
    its config; {side label: its file}."""
    paths = {}
    for side in sides:
        name = f"{side.prefix}{suffix}"
        paths[side.label] = os.path.join(side.workdir, f"{name}.txt")
        post_connector(side, name, sink_config(topic, paths[side.label], **errors(side)))
    return paths


def file_lines(path, count):
    try:
        with open(path, "rb") as f:
            got = f.read().split(b"\n")[:-1]
    except OSError:
        return None
    return got if len(got) >= count else None


def dead_letters(cluster, side, topic, expected):
    """The records of a dead letter queue, with the connector's name as {P} and the stack
    trace header cut to its first line."""
    records = []
    for key, value, headers, ts in read_records(cluster, topic, expected, timeout=20):
        hdrs = []
        for k, v in headers:
            if k == "__connect.errors.exception.stacktrace":
                v = v.decode().split("\n")[0].rstrip("\r").encode()
            elif k == "__connect.errors.connector.name":
                v = v.decode().replace(side.prefix, "{P}").encode()
            hdrs.append((k, v))
        records.append((key, value, hdrs, ts))
    return records


def assert_same_dead_letters(java, ours):
    """Record for record and header for header; our exception message may add the cause's
    reason to Java's, and the stack trace's first line is the exception and that message."""
    assert [(k, v, ts) for k, v, _, ts in ours] == [(k, v, ts) for k, v, _, ts in java]
    for (_, _, jh, _), (_, _, kh_, _) in zip(java, ours):
        assert [k for k, _ in kh_] == [k for k, _ in jh], (jh, kh_)
        for (name, jv), (_, kv) in zip(jh, kh_):
            if name == "__connect.errors.exception.message":
                assert kv.startswith(jv), (name, jv, kv)
            elif name == "__connect.errors.exception.stacktrace":
                java_message = dict(jh)["__connect.errors.exception.message"]
                assert kv.startswith(jv) and jv.endswith(java_message), (name, jv, kv)
            else:
                assert kv == jv, (name, jv, kv)


def test_sink_errors_tolerance_all_skips_to_the_dead_letter_queue(sides, target_cluster):
    """errors.tolerance=all with the error log and a dead letter queue with context headers:
    records JsonConverter cannot read are skipped, logged with where they came from, and
    written as read (key, value, headers, timestamp) to the queue, which the task creates;
    the rest reach the file. Both workers must agree record for record and header for
    header (the stack trace compared by its first line, our exception message may add the
    parser's reason to Java's)."""
    topic = f"errant-{uuid.uuid4().hex[:6]}"
    produce_errant(target_cluster, topic)
    paths = post_sinks(sides, "tolerant", topic, lambda side: {
        "errors.tolerance": "all", "errors.log.enable": "true",
        "errors.log.include.messages": "true",
        "errors.deadletterqueue.topic.name": f" {side.prefix}dlq ",
        "errors.deadletterqueue.topic.replication.factor": "1",
        "errors.deadletterqueue.context.headers.enable": "true"})
    got = {}
    for side in sides:
        lines = wait_for(lambda: file_lines(paths[side.label], 3), timeout=60,
                         what=f"{side.label}'s file")
        assert lines == GOOD_LINES, (side.label, lines)
        got[side.label] = dead_letters(target_cluster, side, f"{side.prefix}dlq", 3)
        assert all(s["state"] == "RUNNING" for s in
                   side.worker.get(f"/connectors/{side.prefix}tolerant/status").json()["tasks"])
    java, ours = got["j"], got["k"]
    assert [(k, v, ts) for k, v, _, ts in java] == [
        (b"k1", b"not json", ERRANT_TS + 1), (b"k3", b'{"x":', ERRANT_TS + 3)], java
    assert_same_dead_letters(java, ours)
    # Java's task-error-metrics are JMX attributes; ours, under the exporter's names.
    text = sides[1].worker.get("/admin/metrics").text
    series = dict(re.findall(r'^kafka_connect_task_error_(\w+)\{connector="' +
                             re.escape(sides[1].prefix) + r'tolerant",task="0"\} (\S+)$', text,
                             re.M))
    assert {k: float(v) for k, v in series.items() if k != "last_error_timestamp"} == {
        "total_record_failures": 2, "total_record_errors": 2, "total_records_skipped": 2,
        "total_retries": 0, "total_errors_logged": 2, "deadletterqueue_produce_requests": 2,
        "deadletterqueue_produce_failures": 0}, series
    assert float(series["last_error_timestamp"]) > 1.7e12, series
    jlog = wait_for(lambda: len(error_log_lines(sides[0].worker, sides[0].prefix)) >= 2 and
                    error_log_lines(sides[0].worker, sides[0].prefix), timeout=30,
                    what="Java's error log")
    assert error_log_lines(sides[1].worker, sides[1].prefix) == jlog
    assert jlog[0] == ("{P}tolerant-0", "Executing stage 'VALUE_CONVERTER' with class "
                       "'org.apache.kafka.connect.json.JsonConverter', where consumed record is "
                       f"{{topic='{topic}', partition=0, offset=1, timestamp={ERRANT_TS + 1}, "
                       "timestampType=CreateTime}"), jlog


def test_sink_transformation_failures_follow_errors_tolerance_all(sides, target_cluster):
    """A record the sink's transformation cannot handle (ExtractField$Value of a list), with
    errors.tolerance=all, the error log and a dead letter queue: skipped at stage
    TRANSFORMATION with the transformation's class, logged and queued as Java does, beside
    the records the converter cannot read; the others reach the file."""
    topic = f"errant-{uuid.uuid4().hex[:6]}"
    produce_errant(target_cluster, topic)
    paths = post_sinks(sides, "smt", topic, lambda side: {
        "errors.tolerance": "all", "errors.log.enable": "true",
        "errors.log.include.messages": "true",
        "errors.deadletterqueue.topic.name": f"{side.prefix}dlq-smt",
        "errors.deadletterqueue.topic.replication.factor": "1",
        "errors.deadletterqueue.context.headers.enable": "true",
        "transforms": "x", "transforms.x.type": "org.apache.kafka.connect.transforms."
                                               "ExtractField$Value",
        "transforms.x.field": "a"})
    got = {}
    for side in sides:
        lines = wait_for(lambda: file_lines(paths[side.label], 2), timeout=60,
                         what=f"{side.label}'s file")
        assert lines == [b"1", b"null"], (side.label, lines)
        got[side.label] = dead_letters(target_cluster, side, f"{side.prefix}dlq-smt", 3)
    java, ours = got["j"], got["k"]
    assert [(k, v) for k, v, _, _ in java] == [(b"k1", b"not json"), (b"k3", b'{"x":'),
                                               (b"k4", b"[1, 2]")], java
    assert dict(java[2][2])["__connect.errors.stage"] == b"TRANSFORMATION", java[2][2]
    assert_same_dead_letters(java, ours)

    def logged(side):
        found = [line for line in error_log_lines(side.worker, side.prefix)
                 if line[0].startswith("{P}smt")]
        return found if len(found) >= 3 else None
    jlog = wait_for(lambda: logged(sides[0]), timeout=30, what="Java's error log")
    assert logged(sides[1]) == jlog
    assert jlog[2][1].startswith("Executing stage 'TRANSFORMATION' with class "
                                 "'org.apache.kafka.connect.transforms.ExtractField$Value'"), jlog


def test_sink_errors_tolerance_none_fails_after_reporting(sides, target_cluster):
    """errors.tolerance=none (the default) with a dead letter queue: the first record the
    converter cannot read fails the task, "Tolerance exceeded in error handler", and is in
    the queue all the same (Java reports before it checks the tolerance); the record before
    it reached the file."""
    topic = f"errant-{uuid.uuid4().hex[:6]}"
    produce_errant(target_cluster, topic)
    paths = post_sinks(sides, "intolerant", topic, lambda side: {
        "errors.deadletterqueue.topic.name": f"{side.prefix}dlq-none",
        "errors.deadletterqueue.topic.replication.factor": "1"})
    for side in sides:
        trace = wait_task_failed(side, f"{side.prefix}intolerant")
        assert "Tolerance exceeded in error handler" in first_line(trace["trace"]), trace
        dlq = read_records(target_cluster, f"{side.prefix}dlq-none", 2, timeout=10)
        assert [(k, v) for k, v, _, _ in dlq] == [(b"k1", b"not json")], (side.label, dlq)
        assert file_lines(paths[side.label], 0) in ([], [b"{a=1}"]), side.label


def test_sink_dead_letter_queue_that_cannot_be_created_fails_the_task(sides):
    """A dead letter queue the cluster cannot create (more replicas than brokers) fails the
    task at its start, with Java's message."""
    traces = {}
    post_sinks(sides, "nodlq", "never-written", lambda side: {
        "errors.tolerance": "all",
        "errors.deadletterqueue.topic.name": f"{side.prefix}dlq-rf",
        "errors.deadletterqueue.topic.replication.factor": "5"})
    for side in sides:
        traces[side.label] = first_line(wait_task_failed(side, f"{side.prefix}nodlq")["trace"])
    for label, trace in traces.items():
        assert trace.startswith("org.apache.kafka.connect.errors.ConnectException: Could not "
                                "initialize dead letter queue with topic="), (label, trace)



def test_source_errors_tolerance_all_skips_records_the_target_refuses(sides, target_cluster):
    """KIP-779: records the target refuses for good (a compacted topic takes no record
    without a key, and FileStreamSource's have none) fail the task under
    errors.tolerance=none; under errors.tolerance=all they are skipped, logged
    (errors.log.enable), and their source offsets committed as if written: the stored file
    position moves to the end of what was read."""
    lines = ["a", "b", "c"]
    stage = re.compile(r"Error encountered in task (\S+)\. (Executing stage '[^']*' with "
                       r"class '[^']*')")
    for side in sides:
        path = os.path.join(side.workdir, "refused.txt")
        with open(path, "w") as f:
            f.write("".join(line + "\n" for line in lines))
        for mode in ("all", "none"):
            name = f"{side.prefix}refused-{mode}"
            target_cluster.create_topic(name, 1, 1, config={"cleanup.policy": "compact"})
            post_connector(side, name, {
                "connector.class": "FileStreamSource", "file": path, "topic": name,
                "value.converter": "org.apache.kafka.connect.storage.StringConverter",
                "errors.tolerance": mode, "errors.log.enable": "true"})

    def position(side, name):
        r = side.worker.get(f"/connectors/{name}/offsets")
        offsets = r.json().get("offsets") if r.status_code == 200 else None
        return offsets and offsets[0]["offset"].get("position")
    size = sum(len(line) + 1 for line in lines)
    logged = {}
    for side in sides:
        name = f"{side.prefix}refused-all"
        wait_for(lambda: position(side, name) == size, timeout=60,
                 what=f"{side.label}'s stored position {size}")
        assert first_task(side, name)["state"] == "RUNNING"
        assert read_records(target_cluster, name, 1, timeout=2) == []
        failed = wait_task_failed(side, f"{side.prefix}refused-none")
        assert "Unrecoverable exception from producer send callback" in \
            first_line(failed["trace"]), failed
        logged[side.label] = wait_for(
            lambda: [(n.replace(side.prefix, "{P}"), what) for n, what in
                     stage.findall(side.worker.log()) if n.startswith(name)],
            timeout=30, what=f"{side.label}'s error log")
    assert logged["k"] == logged["j"] == [
        ("{P}refused-all-0", "Executing stage 'KAFKA_PRODUCE' with class "
                             "'org.apache.kafka.connect.runtime.WorkerSourceTask'")] * 3, logged


def test_source_topic_creation_groups_as_java(sides, target_cluster):
    """KIP-158: a source connector with topic.creation.* settings creates the topic it sends
    to for the first time, with the settings of the first group whose include/exclude
    patterns match it (named groups take the default group's partitions and replication
    factor unless they set their own, but none of its topic configs), else of the default
    group. Both workers create the same topics, and the records arrive in them."""
    lines = "one\ntwo\nthree\n"
    made = {}
    for side in sides:
        path = os.path.join(side.workdir, "created.txt")
        with open(path, "w") as f:
            f.write(lines)
        for suffix in ("plain", "big", "big-not"):
            name = f"{side.prefix}tc-{suffix}"
            post_connector(side, name, {
                "connector.class": "FileStreamSource", "file": path, "topic": name,
                "value.converter": "org.apache.kafka.connect.storage.StringConverter",
                "topic.creation.default.replication.factor": "1",
                "topic.creation.default.partitions": "3",
                "topic.creation.default.retention.ms": "123456789",
                # Ignored in the default group, as Java drops them there.
                "topic.creation.default.include": "nothing",
                "topic.creation.groups": "big",
                "topic.creation.big.include": r".*-big, x\d+",
                "topic.creation.big.exclude": ".*-not",
                "topic.creation.big.partitions": "5",
                "topic.creation.big.max.message.bytes": "200000"})
    for side in sides:
        for suffix in ("plain", "big", "big-not"):
            name = f"{side.prefix}tc-{suffix}"
            got = read_records(target_cluster, name, 3)
            assert sorted(r[1] for r in got) == [b"one", b"three", b"two"], (side.label, name)
            cfg = target_cluster.topic_config(name)
            made[(side.label, suffix)] = (target_cluster.topic_partitions(name),
                                          cfg["retention.ms"], cfg["max.message.bytes"])
    default_max = made[("j", "plain")][2]
    assert made[("j", "plain")] == made[("k", "plain")] == (3, "123456789", default_max)
    assert made[("j", "big")] == made[("k", "big")] == (5, "604800000", "200000")
    assert made[("j", "big-not")] == made[("k", "big-not")] == (3, "123456789", default_max)
    assert default_max != "200000"
    for side in sides:
        log = side.worker.log()
        for suffix in ("plain", "big", "big-not"):
            assert (f"The task will send records to topic '{side.prefix}tc-{suffix}' for the "
                    "first time. Checking whether topic exists") in log, side.label
            assert f"Creating topic '{side.prefix}tc-{suffix}'" in log, side.label


def test_source_topic_creation_settings_that_cannot_work_fail_the_connector(
        sides, target_cluster):
    """Without the default group's partitions, topic creation cannot work: the connector is
    accepted (REST validation does not look at the groups' settings) and then fails where it
    starts, with the ConfigException of SourceConnectorConfig, on both workers; no topic is
    created by the broker's defaults."""
    missing = ('Missing required configuration "topic.creation.default.partitions" which '
               'has no default value.')
    for side in sides:
        name = f"{side.prefix}tc-missing"
        post_connector(side, name, {"connector.class": "FileStreamSource", "file": os.devnull,
                                    "topic": name,
                                    "topic.creation.default.replication.factor": "1"})
    for side in sides:
        name = f"{side.prefix}tc-missing"

        def failed():
            s = side.worker.get(f"/connectors/{name}/status")
            c = s.json().get("connector") if s.status_code == 200 else None
            return c and c["state"] == "FAILED" and c
        c = wait_for(failed, timeout=60, what=f"{side.label}'s connector FAILED")
        assert c["trace"].startswith(
            "org.apache.kafka.common.config.ConfigException: " + missing), (side.label, c)
        assert side.worker.get(f"/connectors/{name}/status").json()["tasks"] == []
        # All topics listed: asking for this one by name would let the broker create it.
        assert name not in target_cluster.admin().list_topics(timeout=10).topics


# ---- requests that meet a rebalance ----------------------------------------------------------


def each_side(sides, fn):
    """fn(side) on both sides at once (a thread each): [Java's result, ours]."""
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        return [f.result() for f in [pool.submit(fn, side) for side in sides]]


def answers(side, requests_):
    """(status, body) of each (method, path, body) sent one right after the other."""
    out = []
    for method, path, body in requests_:
        r = side.worker.request(method, side.fill(path), json=side.fill(body) if body else None,
                                timeout=95)
        out.append((r.status_code, side.unfill(r.json()) if r.text else None))
    return out


def test_back_to_back_changes_wait_for_the_rebalance(sides):
    """A POST right after another (the first makes the group rebalance), then a DELETE right
    after another: Java's herder queues each request until its rebalance is done, so every
    one succeeds; so must ours, with the same answers and no 409."""
    sink = {"connector.class": "FileStreamSink", "topics": "{P}b2b", "file": os.devnull}

    def script(side):
        created = answers(side, [("POST", "/connectors", {"name": f"{{P}}b2b-{i}", "config": sink})
                                 for i in range(3)])
        for i in range(3):
            wait_for(lambda: side.worker.get(
                side.fill(f"/connectors/{{P}}b2b-{i}/status")).status_code == 200,
                timeout=60, what=f"{side.label}'s b2b-{i} status")
        deleted = answers(side, [("DELETE", f"/connectors/{{P}}b2b-{i}", None)
                                 for i in range(3)])
        listed = side.worker.get("/connectors")
        return ([s for s, _ in created], [s for s, _ in deleted], listed.status_code,
                sorted(c for c in listed.json() if c.startswith(f"{side.prefix}b2b-"))
                if listed.status_code == 200 else listed.text)

    java_side, ours = each_side(sides, script)
    assert java_side == ([201, 201, 201], [204, 204, 204], 200, []), java_side
    assert ours == java_side


def test_puts_while_a_worker_joins_wait_for_the_rebalance(sides, tmp_path):
    """PUT /connectors/{c}/config, one after the other, while a second worker joins each
    cluster (every PUT of a new connector makes the group rebalance again): Java answers each
    once its rebalance is done; so must ours."""
    sink = {"connector.class": "FileStreamSink", "topics": "{P}join", "file": os.devnull}
    java_side, our_side = sides
    second = {}
    kfactory = WorkerFactory(str(tmp_path), None)
    try:
        second["j"] = kh.JavaConnectWorker(java_side.worker.java, java_side.workdir,
                                           java_side.props, name="java-worker-2").start()
        second["k"] = kfactory.create(dict(our_side.props)).start()

        def script(side):
            joiner = second[side.label]
            statuses, joined_at, deadline = [], None, time.monotonic() + 120
            while time.monotonic() < deadline:
                i = len(statuses)
                r = side.worker.request("PUT", side.fill(f"/connectors/{{P}}join-{i}/config"),
                                        json=side.fill(sink), timeout=95)
                statuses.append(r.status_code)
                if joined_at is None and "Joined group at generation" in joiner.log():
                    joined_at = i
                if joined_at is not None and i >= joined_at + 3:
                    break
                time.sleep(0.5)
            assert joined_at is not None, f"{side.label}: the second worker did not join"
            deleted = answers(side, [("DELETE", f"/connectors/{{P}}join-{i}", None)
                                     for i in range(len(statuses))])
            return statuses, [s for s, _ in deleted]

        (jput, jdel), (kput, kdel) = each_side(sides, script)
        assert set(jput) == {201} and set(jdel) == {204}, (jput, jdel)
        assert set(kput) == {201} and set(kdel) == {204}, (kput, kdel)
    finally:
        if "j" in second:
            second["j"].stop()
        kfactory.close()
