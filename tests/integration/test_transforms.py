"""
tests/integration/test_transforms.py - Single Message Transforms (the connector settings
`transforms` and `predicates`) against Java's: a Java Connect worker and a kconnect worker
run the same connector config over the same input, and the records they write must be equal
byte for byte: topic, partition, key, value, headers in order, and the timestamp where it is
deterministic (MirrorSource keeps the source record's; FileStreamSource stamps the time it
read the line, so for it only the timestamp type is compared).

Each worker is a Connect cluster of its own (own group.id and internal topics) on the shared
target cluster. Each test creates its connector on both, under names and topics of each
side's own, and compares what they wrote once those names are put back to placeholders
({S} a FileStreamSource connector's topic stem, {A} a MirrorSource connector's source alias).
Java's records are first checked against what the transforms are documented to do, so that
a wrong test fails on Java's side rather than pass on two equal wrong answers.

Also compared: the answers to PUT /connector-plugins/{class}/config/validate and to
POST /connectors for bad transform and predicate settings, and the failure of a task whose
transform cannot handle its record.

SPDX-License-Identifier: Apache-2.0
"""

import json
import os
import re
import struct
import time
import uuid
from collections import namedtuple

import pytest
from confluent_kafka import OFFSET_BEGINNING, Consumer, KafkaError, Producer, TopicPartition

import kafka_harness as kh
from kconnect import WorkerFactory, base_properties
from test_cluster import wait_for

T = "org.apache.kafka.connect.transforms."
P = T + "predicates."
FILE_SOURCE = "org.apache.kafka.connect.file.FileStreamSourceConnector"
MIRROR_SOURCE = "org.apache.kafka.connect.mirror.MirrorSourceConnector"
STRING = "org.apache.kafka.connect.storage.StringConverter"
JSON = "org.apache.kafka.connect.json.JsonConverter"
BYTES = "org.apache.kafka.connect.converters.ByteArrayConverter"
SIMPLE_HEADERS = "org.apache.kafka.connect.storage.SimpleHeaderConverter"

# Worker settings both workers share (beside their own group.id, internal topics, listener).
COMMON = {"offset.flush.interval.ms": "500", "scheduled.rebalance.max.delay.ms": "0"}

# How long kconnect gets to write what Java has written (both started together).
OURS_TIMEOUT = 30


class Side:
    """One worker, and the input file its FileStreamSource connectors read."""

    def __init__(self, label, worker, workdir):
        self.label, self.worker, self.workdir = label, worker, workdir
        self.input = os.path.join(workdir, "in.txt")
        with open(self.input, "w", encoding="utf-8") as f:
            f.write("".join(line + "\n" for line in LINES))
        self.numbers = os.path.join(workdir, "numbers.txt")
        with open(self.numbers, "w", encoding="utf-8") as f:
            f.write("".join(line + "\n" for line in NUMBERS))


@pytest.fixture(scope="module")
def sides(tmp_path_factory, target_cluster, java):
    """{"j": the Java worker's Side, "k": kconnect's}, each a Connect cluster of its own."""
    jdir = str(tmp_path_factory.mktemp("smt-java"))
    kdir = str(tmp_path_factory.mktemp("smt-kconnect"))
    jw = kh.JavaConnectWorker(java, jdir, dict(base_properties(target_cluster), **COMMON)).start()
    factory = WorkerFactory(kdir, target_cluster)
    try:
        kw = factory.start(dict(base_properties(target_cluster), **COMMON))
        jw.wait_log("Joined group at generation", timeout=180)
        # Its REST resources come up after it joins.
        wait_for(lambda: jw.get("/connector-plugins", timeout=10).status_code == 200,
                 timeout=60, what="the Java worker's REST resources")
        yield {"j": Side("j", jw, jdir), "k": Side("k", kw, kdir)}
    finally:
        jw.stop()
        factory.close()


@pytest.fixture
def connectors(sides):
    """create(side, name, config): POST /connectors on one side, answered (status, body);
    every connector made is deleted after the test, so that idle ones do not pile up."""
    made = []

    def create(side, name, config):
        deadline = time.monotonic() + 60
        while True:
            r = side.worker.request("POST", "/connectors",
                                    json={"name": name, "config": config}, timeout=95)
            # Java answers a request its herder cannot serve during a rebalance with 409 or
            # 500 and a message saying so; kconnect waits for the rebalance and answers.
            if not (side.label == "j" and r.status_code in (409, 500) and
                    "rebalance" in r.text and time.monotonic() < deadline):
                break
            time.sleep(0.3)
        if r.status_code == 201:
            made.append((side, name))
        return answer(r)
    yield create
    for side, name in made:
        try:
            side.worker.request("DELETE", f"/connectors/{name}", timeout=60)
        except Exception:       # the test's outcome stands; a worker that is gone is reported
            pass                # by the fixture that stops it


def answer(r):
    try:
        return r.status_code, r.json()
    except ValueError:
        return r.status_code, r.text


def create_on_both(sides, connectors, configs):
    """{label: POST /connectors answer} for {label: [(name, config)]}; Java's must be 201
    (a config Java refuses is no test), kconnect's is checked by check_created."""
    answers = {}
    for label, side in sides.items():
        for name, config in configs[label]:
            answers.setdefault(label, []).append(connectors(side, name, config))
    assert all(a[0] == 201 for a in answers["j"]), answers["j"]
    return answers


def check_created(answers):
    assert all(a[0] == 201 for a in answers["k"]), ("kconnect refused the connector",
                                                    answers["k"])


def first_line(trace):
    return trace.split("\n")[0] if isinstance(trace, str) else trace


def new_tag():
    return uuid.uuid4().hex[:6]


def status_of(side, name):
    try:
        r = side.worker.get(f"/connectors/{name}/status")
        return r.json() if r.status_code == 200 else (r.status_code, r.text)
    except Exception as e:
        return repr(e)


def shown(label, side, name):
    """An assertion message: whose records, and the connector's status (traces in full)."""
    return f"{label}'s records; its connector: {json.dumps(status_of(side, name), indent=1)}"


def task_failed(side, name):
    """A check for read_records' give_up: the connector has a FAILED task."""
    def check():
        st = status_of(side, name)
        return isinstance(st, dict) and any(t["state"] == "FAILED" for t in st["tasks"])
    return check


def read_records(cluster, topic, partitions, expected, timeout, quiet=0.0, give_up=None):
    """The records of topic, every partition read from its start: once `expected` of them
    are there (or timeout has passed, or give_up(), asked every second, says no more will
    come) and every partition has been read to its end, and not before `quiet` seconds have
    passed (to see that no record comes). Each record is (topic, partition, offset, key,
    value, headers, (timestamp type, timestamp)), in partition then offset order."""
    c = Consumer(cluster.client_config(**{"group.id": f"t-{uuid.uuid4().hex[:6]}",
                                           "enable.partition.eof": True,
                                           "enable.auto.commit": False, "log_level": 0}))
    c.assign([TopicPartition(topic, p, OFFSET_BEGINNING) for p in range(partitions)])
    out, at_end = [], set()
    start = asked = time.monotonic()
    try:
        while True:
            now = time.monotonic()
            done = len(out) >= expected and len(at_end) == partitions
            if (done and now - start >= quiet) or now - start > max(timeout, quiet):
                break
            if give_up is not None and now - asked >= 1:
                asked = now
                if len(at_end) == partitions and give_up():
                    break
            m = c.poll(0.2)
            if m is None:
                continue
            if m.error():
                if m.error().code() == KafkaError._PARTITION_EOF:
                    at_end.add(m.partition())
                continue
            at_end.discard(m.partition())
            out.append((m.topic(), m.partition(), m.offset(), m.key(), m.value(),
                        list(m.headers() or []), m.timestamp()))
    finally:
        c.close()
    return sorted(out, key=lambda r: (r[1], r[2]))


# ---- FileStreamSource ------------------------------------------------------------------------

# The input file's lines (each side reads a copy): JSON escapes, an empty line, text beyond
# ASCII and beyond the BMP, a line that looks like a number.
LINES = ["one", "two words", "", 'say "hi" \\ back', "tab\there", "caf\u00e9 \u2615 \U0001F600",
         "42"]

CONVERTERS = {
    "string": {"value.converter": STRING},
    "json": {"value.converter": JSON, "value.converter.schemas.enable": "true"},
    "json-plain": {"value.converter": JSON, "value.converter.schemas.enable": "false"},
}


def js(value):
    """JSON as Java's JsonConverter writes it: no spaces, text in UTF-8 but for characters
    beyond the BMP, which Jackson writes as escaped UTF-16 surrogates (\\uD83D\\uDE00)."""
    def char(c):
        if ord(c) < 0x10000:
            return c
        n = ord(c) - 0x10000
        return "\\u%04X\\u%04X" % (0xD800 + (n >> 10), 0xDC00 + (n & 0x3FF))
    text = json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    return "".join(map(char, text)).encode()


STRING_SCHEMA = {"type": "string", "optional": False}
LINE_STRUCT = {"type": "struct", "fields": [{"type": "string", "optional": False, "field": "line"}],
               "optional": False}

# What Java's converter makes of each line's value (a String, schema STRING) after the chain.
PLAIN = {
    "string": lambda line: line.encode(),
    "json": lambda line: js({"schema": STRING_SCHEMA, "payload": line}),
    "json-plain": lambda line: js(line),
}
HOISTED = {     # HoistField$Value field=line: a Struct{line} with schema struct{line: string}
    "string": lambda line: f"Struct{{line={line}}}".encode(),
    "json": lambda line: js({"schema": LINE_STRUCT, "payload": {"line": line}}),
    "json-plain": lambda line: js({"line": line}),
}


def chain(*stages):
    """Connector settings for a chain of (alias, class, {setting: value}) stages."""
    out = {"transforms": ",".join(alias for alias, _, _ in stages)}
    for alias, cls, settings in stages:
        out[f"transforms.{alias}.type"] = cls if "." in cls else T + cls
        out.update({f"transforms.{alias}.{k}": v for k, v in settings.items()})
    return out


ROUTER = ("route", "RegexRouter", {"regex": "(.*)-in", "replacement": "$1-routed"})
HOIST = ("hoist", "HoistField$Value", {"field": "line"})


def insert(alias, header, literal):
    return (alias, "InsertHeader", {"header": header, "value.literal": literal})


# id, converter, transforms, output topic (after the stem), value of a line, headers
FileCase = namedtuple("FileCase", "id converter transforms topic value headers")
FILE_CASES = [
    *[FileCase(f"regex-router-{conv}", conv, chain(ROUTER), "-routed", PLAIN[conv], [])
      for conv in ("string", "json")],
    *[FileCase(f"insert-header-{conv}", conv, chain(insert("ins", "h", "hello")), "-in",
               PLAIN[conv], [("h", b"hello")]) for conv in ("string", "json")],
    # Literals Values.parseString reads as a number or a boolean, written back as text by
    # the worker's SimpleHeaderConverter.
    FileCase("insert-header-literals", "string",
             chain(insert("a", "h", "hello"), insert("b", "n", "42"), insert("c", "t", "true"),
                   insert("d", "f", "3.25")),
             "-in", PLAIN["string"],
             [("h", b"hello"), ("n", b"42"), ("t", b"true"), ("f", b"3.25")]),
    # Every header of a dropped name goes, the others keep their order.
    FileCase("drop-headers", "string",
             chain(insert("a", "gone", "1"), insert("b", "kept", "two"), insert("c", "gone", "3"),
                   insert("d", "also", "x"), ("drop", "DropHeaders", {"headers": "gone,absent"})),
             "-in", PLAIN["string"], [("kept", b"two"), ("also", b"x")]),
    *[FileCase(f"hoist-field-{conv}", conv, chain(HOIST), "-in", HOISTED[conv], [])
      for conv in ("json", "json-plain")],
    FileCase("timestamp-router", "string",
             chain(("ts", "TimestampRouter", {"topic.format": "${topic}-x"})), "-in-x",
             PLAIN["string"], []),
    *[FileCase(f"chain-of-three-{conv}", conv,
               chain(insert("ins", "h", "hello"), ROUTER, HOIST), "-routed", HOISTED[conv],
               [("h", b"hello")]) for conv in ("string", "json")],
]


def file_source(side, stem, converter, transforms):
    return {"connector.class": FILE_SOURCE, "tasks.max": "1", "file": side.input,
            "topic": f"{stem}-in", **CONVERTERS[converter], **transforms}


def file_records(records, stem):
    """FileStreamSource records with the stem as {S} and the timestamp's type alone (the
    timestamp is when the line was read)."""
    return [(topic.replace(stem, "{S}"), partition, key, value, headers, ts[0])
            for topic, partition, _offset, key, value, headers, ts in records]


def file_source_records(sides, label, cluster, stem, topic, count):
    """The records side `label`'s FileStreamSource `stem` wrote to topic, as file_records
    gives them, once there are `count` (Java has 60 s, kconnect OURS_TIMEOUT: both started
    together); its task failing ends the wait."""
    return file_records(read_records(cluster, topic, 1, count,
                                     timeout=60 if label == "j" else OURS_TIMEOUT,
                                     give_up=task_failed(sides[label], stem)), stem)


@pytest.mark.parametrize("case", FILE_CASES, ids=lambda c: c.id)
def test_file_source_records_through_a_chain(sides, connectors, target_cluster, case):
    tag = new_tag()
    stems = {label: f"{label}{tag}-{case.id}" for label in sides}
    for stem in stems.values():
        target_cluster.create_topic(f"{stem}-in", 1, 1)
        if case.topic != "-in":
            target_cluster.create_topic(f"{stem}{case.topic}", 1, 1)
    answers = create_on_both(sides, connectors, {
        label: [(stem, file_source(sides[label], stem, case.converter, case.transforms))]
        for label, stem in stems.items()})

    got = {}
    for label in ("j", "k"):
        if label == "k":
            check_created(answers)
        stem = stems[label]
        got[label] = file_source_records(sides, label, target_cluster, stem,
                                         f"{stem}{case.topic}", len(LINES))
        if label == "j":
            expected = [("{S}" + case.topic, 0, None, case.value(line), case.headers, 1)
                        for line in LINES]
            assert got["j"] == expected, shown("Java", sides["j"], stems["j"])
    assert got["k"] == got["j"], shown("kconnect", sides["k"], stems["k"])


# ---- the number converters, both ways -----------------------------------------------------

# Lines Cast$Value turns into numbers (or booleans), which the number converters write as
# Kafka's serializers do; a FileStreamSink reading them back prints Java's toString.
NUMBERS = ["42", "-7", "0", "127"]
NUMBER_CASES = {   # converter: (Cast specs, the bytes of a line, the sink's line for it)
    # A string casts to a boolean by Boolean.parseBoolean: through int32 first.
    "BooleanConverter": ("int32 boolean", lambda n: b"\x01" if int(n) else b"\x00",
                         lambda n: "true" if int(n) else "false"),
    "ShortConverter": ("int16", lambda n: struct.pack(">h", int(n)), str),
    "IntegerConverter": ("int32", lambda n: struct.pack(">i", int(n)), str),
    "LongConverter": ("int64", lambda n: struct.pack(">q", int(n)), str),
    "FloatConverter": ("float32", lambda n: struct.pack(">f", int(n)), lambda n: f"{int(n)}.0"),
    "DoubleConverter": ("float64", lambda n: struct.pack(">d", int(n)), lambda n: f"{int(n)}.0"),
}


@pytest.mark.parametrize("conv", NUMBER_CASES)
def test_number_converters_write_and_read_as_java(sides, connectors, target_cluster, conv):
    """FileStreamSource lines cast to a number by Cast$Value and written by the converter:
    the same bytes as Java's; then a FileStreamSink reading those records back through the
    same converter: the same lines as Java's sink writes."""
    spec, as_bytes, as_line = NUMBER_CASES[conv]
    converter = "org.apache.kafka.connect.converters." + conv
    tag = new_tag()
    stems = {label: f"{label}{tag}-{conv.lower()}" for label in sides}
    outs = {label: os.path.join(sides[label].workdir, f"{stems[label]}.out") for label in sides}
    for stem in stems.values():
        target_cluster.create_topic(f"{stem}-in", 1, 1)
    answers = create_on_both(sides, connectors, {label: [
        (stem, {"connector.class": FILE_SOURCE, "tasks.max": "1",
                "file": sides[label].numbers, "topic": f"{stem}-in",
                "value.converter": converter,
                **chain(*[(f"cast{i}", "Cast$Value", {"spec": s})
                          for i, s in enumerate(spec.split())])}),
        (f"{stem}-sink", {"connector.class": "org.apache.kafka.connect.file.FileStreamSinkConnector",
                          "tasks.max": "1", "file": outs[label], "topics": f"{stem}-in",
                          "value.converter": converter})]
        for label, stem in stems.items()})
    written, lines = {}, {}
    for label in ("j", "k"):
        if label == "k":
            check_created(answers)
        stem = stems[label]
        written[label] = [r[4] for r in read_records(
            target_cluster, f"{stem}-in", 1, len(NUMBERS),
            timeout=60 if label == "j" else OURS_TIMEOUT, give_up=task_failed(sides[label], stem))]
        wait_for(lambda: os.path.exists(outs[label]) and
                 open(outs[label]).read().count("\n") >= len(NUMBERS),
                 timeout=60 if label == "j" else OURS_TIMEOUT,
                 what=f"{label}'s sink wrote {len(NUMBERS)} lines")
        lines[label] = open(outs[label]).read().splitlines()
        if label == "j":
            assert written["j"] == [as_bytes(n) for n in NUMBERS], shown("Java", sides["j"], stem)
            assert lines["j"] == [as_line(n) for n in NUMBERS], lines["j"]
    assert written["k"] == written["j"], shown("kconnect", sides["k"], stems["k"])
    assert lines["k"] == lines["j"], shown("kconnect", sides["k"], f"{stems['k']}-sink")


def source_error_log(worker, stem):
    """LogReporter's lines for the connector stem (as {S}), the records' timestamps (when
    each line was read) masked."""
    found = re.findall(r"Error encountered in task (" + re.escape(stem) +
                       r"\S*)\. (Executing stage .*?\})\.(?:\n| \(org)", worker.log())
    return [(name.replace(stem, "{S}"), re.sub(r"timestamp=\d+", "timestamp=T",
                                               what.replace(stem, "{S}")))
            for name, what in found]


def test_source_records_a_transformation_fails_are_logged_and_skipped(sides, connectors,
                                                                      target_cluster):
    """errors.tolerance=all with the error log and its messages: the lines Cast cannot make
    a number of are skipped, each logged as Java logs it (stage, class, the connector's record
    as SourceRecord.toString writes it), the others written."""
    tag = new_tag()
    stems = {label: f"{label}{tag}-tolerant" for label in sides}
    for stem in stems.values():
        target_cluster.create_topic(f"{stem}-in", 1, 1)
    answers = create_on_both(sides, connectors, {label: [
        (stem, {"connector.class": FILE_SOURCE, "tasks.max": "1", "file": sides[label].input,
                "topic": f"{stem}-in", "value.converter": JSON,
                "errors.tolerance": "all", "errors.log.enable": "true",
                "errors.log.include.messages": "true",
                **chain(("cast", "Cast$Value", {"spec": "int32"}))})]
        for label, stem in stems.items()})
    numeric = [line for line in LINES if line.isdigit()]
    got, logged = {}, {}
    for label in ("j", "k"):
        if label == "k":
            check_created(answers)
        stem = stems[label]
        got[label] = file_source_records(sides, label, target_cluster, stem, f"{stem}-in",
                                         len(numeric))
        logged[label] = wait_for(
            lambda: (lambda found: found if len(found) >= len(LINES) - len(numeric) else None)(
                source_error_log(sides[label].worker, stem)),
            timeout=30, what=f"{label}'s error log")
    assert len(got["j"]) == len(numeric), got["j"]
    assert "Executing stage 'TRANSFORMATION' with class 'org.apache.kafka.connect.transforms." \
           "Cast$Value', where source record is = SourceRecord{sourcePartition={filename=" \
           in logged["j"][0][1], logged["j"]
    assert got["k"] == got["j"], shown("kconnect", sides["k"], stems["k"])

    def same_file(entries, path):
        """The file's path as {F}; a position after a line beyond ASCII masked: Java counts
        characters there, kconnect bytes (README, FileStreamSource position)."""
        out = []
        for n, w in entries:
            w = w.replace(path, "{F}")
            if any(ord(c) > 127 for c in w):
                w = re.sub(r"position=\d+", "position=P", w)
            out.append((n, w))
        return out
    assert same_file(logged["k"], sides["k"].input) == \
        same_file(logged["j"], sides["j"].input), "\n".join(
        f"Java: {a}\nours: {b}" for a, b in zip(logged["j"], logged["k"]))


def test_logical_types_reach_headers_and_values_as_java_writes_them(sides, connectors,
                                                                     target_cluster):
    """Numbers hoisted into a struct, cast to int64, turned into a Timestamp and a Date by
    TimestampConverter, then copied into headers by HeaderFrom: the header texts the
    worker's SimpleHeaderConverter writes (a time of day below one day since the epoch) and
    the JSON values, byte for byte as Java's."""
    tag = new_tag()
    stems = {label: f"{label}{tag}-logical" for label in sides}
    for stem in stems.values():
        target_cluster.create_topic(f"{stem}-in", 1, 1)
    transforms = chain(("hoist", "HoistField$Value", {"field": "n"}),
                       ("ins", "InsertField$Value", {"static.field": "s",
                                                      "static.value": "x"}),
                       ("cast", "Cast$Value", {"spec": "n:int64"}),
                       ("copy", "HeaderFrom$Value", {"fields": "n", "headers": "ms",
                                                     "operation": "copy"}),
                       ("ts", "TimestampConverter$Value", {"field": "n",
                                                           "target.type": "Timestamp"}),
                       ("stamp", "HeaderFrom$Value", {"fields": "n,n", "headers": "t,u",
                                                      "operation": "copy"}),
                       ("day", "TimestampConverter$Value", {"field": "n",
                                                            "target.type": "Date"}),
                       ("date", "HeaderFrom$Value", {"fields": "n,s", "headers": "d,s",
                                                     "operation": "move"}))
    answers = create_on_both(sides, connectors, {label: [
        (stem, {"connector.class": FILE_SOURCE, "tasks.max": "1",
                "file": sides[label].numbers, "topic": f"{stem}-in",
                "value.converter": JSON, **transforms})]
        for label, stem in stems.items()})
    got = {}
    for label in ("j", "k"):
        if label == "k":
            check_created(answers)
        stem = stems[label]
        got[label] = file_source_records(sides, label, target_cluster, stem, f"{stem}-in",
                                         len(NUMBERS))
    headers = [dict(r[4]) for r in got["j"]]
    assert headers[0]["t"] == b"00:00:00.042Z" and headers[1]["d"] == b"00:00:00.000Z", headers
    assert got["k"] == got["j"], shown("kconnect", sides["k"], stems["k"])


# ---- a sink's chain --------------------------------------------------------------------------

# Records a producer wrote as JsonConverter envelopes; a FileStreamSink on each side reads them
# through a chain and prints each value as Java's toString.
SINK_ROW = {"type": "struct", "optional": False, "fields": [
    {"type": "int32", "optional": False, "field": "id"},
    {"type": "string", "optional": True, "field": "name"},
    {"type": "double", "optional": True, "field": "score"}]}
SINK_VALUES = [{"id": 1, "name": "a", "score": 1.5}, {"id": 2, "name": None, "score": 2.0},
               {"id": 3, "name": "c\u00e9", "score": None}]
SINK_CHAINS = {
    "replace-insert-cast": (chain(
        ("drop", "ReplaceField$Value", {"exclude": "score", "renames": "name:who"}),
        ("ins", "InsertField$Value", {"static.field": "src", "static.value": "k",
                                      "topic.field": "t"}),
        ("cast", "Cast$Value", {"spec": "id:string"})), True),
    # Schemaless: each map is Java's HashMap of the size its class chose (InsertField's copy
    # of three entries has a table of 8, then grows), printed in that map's order.
    "schemaless-replace-insert": (chain(
        ("ren", "ReplaceField$Value", {"renames": "name:who", "exclude": "nothing"}),
        ("ins", "InsertField$Value", {"static.field": "src", "static.value": "k",
                                      "topic.field": "t", "offset.field": "o",
                                      "partition.field": "p"}),
        ("ins2", "InsertField$Value", {"static.field": "more", "static.value": "m"})), False),
    "extract-hoist-mask": (chain(
        ("mask", "MaskField$Value", {"fields": "name"}),
        ("flat", "Flatten$Value", {"delimiter": "_"}),
        ("key", "ValueToKey", {"fields": "id"}),
        ("hoist", "HoistField$Value", {"field": "row"})), True),
}


@pytest.mark.parametrize("case", SINK_CHAINS)
def test_file_sink_records_through_a_chain(sides, connectors, target_cluster, case):
    """The same records, read by a FileStreamSink on each side through the same chain: the
    same lines in its file."""
    transforms, schemas = SINK_CHAINS[case]
    tag = new_tag()
    topic = f"sink{tag}-{case}"
    target_cluster.create_topic(topic, 1, 1)
    p = Producer(target_cluster.client_config(log_level=0))
    for v in SINK_VALUES:
        p.produce(topic, js({"schema": SINK_ROW, "payload": v}) if schemas else js(v))
    assert p.flush(30) == 0
    outs = {label: os.path.join(sides[label].workdir, f"{topic}.out") for label in sides}
    answers = create_on_both(sides, connectors, {label: [(f"{label}{tag}-{case}", {
        "connector.class": "org.apache.kafka.connect.file.FileStreamSinkConnector",
        "tasks.max": "1", "file": outs[label], "topics": topic,
        "value.converter": JSON, "value.converter.schemas.enable": str(schemas).lower(),
        **transforms})] for label in sides})
    lines = {}
    for label in ("j", "k"):
        if label == "k":
            check_created(answers)
        wait_for(lambda: os.path.exists(outs[label]) and
                 open(outs[label], encoding="utf-8").read().count("\n") >= len(SINK_VALUES),
                 timeout=60 if label == "j" else OURS_TIMEOUT,
                 what=f"{label}'s sink wrote {len(SINK_VALUES)} lines")
        lines[label] = open(outs[label], encoding="utf-8").read().splitlines()
    assert lines["k"] == lines["j"], shown("kconnect", sides["k"], f"k{tag}-{case}")


def test_file_source_filter_on_topic_name(sides, connectors, target_cluster):
    """Filter with predicate TopicNameMatches: a matching topic drops every record, negated it
    keeps them all, and a predicate that does not match leaves them alone."""
    tag = new_tag()
    variants = {"drop": (".*-in", "false"), "negated": (".*-in", "true"),
                "unmatched": ("nothing-.*", "false")}
    configs = {}
    for label, side in sides.items():
        for variant, (pattern, negate) in variants.items():
            stem = f"{label}{tag}-{variant}"
            target_cluster.create_topic(f"{stem}-in", 1, 1)
            configs.setdefault(label, []).append((stem, file_source(side, stem, "string", {
                **chain(("f", "Filter", {"predicate": "p", "negate": negate})),
                "predicates": "p", "predicates.p.type": P + "TopicNameMatches",
                "predicates.p.pattern": pattern})))
    answers = create_on_both(sides, connectors, configs)

    expected = [("{S}-in", 0, None, line.encode(), [], 1) for line in LINES]
    for label in ("j", "k"):
        if label == "k":
            check_created(answers)
        for variant in ("negated", "unmatched"):
            stem = f"{label}{tag}-{variant}"
            got = file_source_records(sides, label, target_cluster, stem, f"{stem}-in",
                                      len(LINES))
            assert got == expected, shown(label, sides[label], stem)
    # The dropping connectors read the same file as the others, which are done: nothing may
    # come in the next seconds either, and the task runs (it did not fail on the records).
    for label in ("j", "k"):
        stem = f"{label}{tag}-drop"
        assert read_records(target_cluster, f"{stem}-in", 1, 0, timeout=3, quiet=3) == [], label
        st = status_of(sides[label], stem)
        assert isinstance(st, dict) and [t["state"] for t in st["tasks"]] == ["RUNNING"], \
            (label, st)


# ---- MirrorSourceConnector ---------------------------------------------------------------------

# (partition, key, value, headers) of the source records: keys, no key, tombstones, an empty
# value, binary bytes, a header name twice, a null and an empty header value.
MIRROR_RECORDS = [
    (0, b"k0", b"v0", [("a", b"1"), ("drop", b"x")]),
    (1, b"k1", b"\x00\x01\xfe\xff", [("a", b"1"), ("a", b"again")]),
    (0, b"k2", None, [("x", b"tomb")]),
    (1, None, b"no key", []),
    (0, b"k4", b"", [("x", None), ("b", b"")]),
    (1, b"k5", None, []),
    (0, b"k6", b"last0", [("a", b"\xff")]),
    (1, b"k7", b"last1", [("drop", b"y"), ("z", b"zz")]),
]


@pytest.fixture(scope="module")
def mirror_input(source_cluster):
    """Two topics on the source cluster holding MIRROR_RECORDS, two partitions each: "headers"
    as they are, "plain" without headers. {kind: (topic, [(partition, key, value, headers,
    timestamp)])}."""
    tag = new_tag()
    ts0 = (int(time.time()) - 60) * 1000    # recent: retention must not delete them
    p = Producer(source_cluster.client_config(log_level=0))
    out = {}
    for kind in ("headers", "plain"):
        topic = f"mir{kind}{tag}-in"
        source_cluster.create_topic(topic, 2, 1)
        records = [(part, key, value, headers if kind == "headers" else [], ts0 + 1000 * i)
                   for i, (part, key, value, headers) in enumerate(MIRROR_RECORDS)]
        for part, key, value, headers, ts in records:
            p.produce(topic, key=key, value=value, partition=part, headers=headers or None,
                      timestamp=ts)
        out[kind] = (topic, records)
    assert p.flush(30) == 0
    return out


@pytest.fixture(scope="module")
def mirror_aliases(target_cluster):
    """The source aliases the module's MirrorSource connectors used (tests add theirs). A
    MirrorSource replicates the source cluster's `heartbeats` topic whatever `topics` says,
    which other tests may have made: the <alias>.heartbeats copies go at the end, so that
    other tests' MirrorClient does not find upstream clusters of ours."""
    made = []
    yield made
    admin = target_cluster.admin()
    copies = [f"{alias}.heartbeats" for alias in made]
    present = [t for t in copies if t in admin.list_topics(timeout=30).topics]
    if present:
        for f in admin.delete_topics(present).values():
            f.result(30)


def mirror_source(alias, topic, source_cluster, target_cluster, header_converter, transforms):
    return {"connector.class": MIRROR_SOURCE, "tasks.max": "1",
            "source.cluster.alias": alias, "target.cluster.alias": f"t{alias}",
            "source.cluster.bootstrap.servers": source_cluster.bootstrap,
            "target.cluster.bootstrap.servers": target_cluster.bootstrap,
            "topics": topic, "replication.factor": "1", "emit.offset-syncs.enabled": "false",
            "sync.topic.acls.enabled": "false", "sync.topic.configs.enabled": "false",
            "key.converter": BYTES, "value.converter": BYTES,
            "header.converter": header_converter, **transforms}


def mirror_records(records, alias):
    return [(topic.replace(alias, "{A}"), partition, key, value, headers, ts)
            for topic, partition, _offset, key, value, headers, ts in records]


def filter_on(predicate, negate="false", **settings):
    return {**chain(("f", "Filter", {"predicate": "p", "negate": negate})),
            "predicates": "p", "predicates.p.type": P + predicate,
            **{f"predicates.p.{k}": v for k, v in settings.items()}}


MIRROR_CHAIN = chain(insert("ins", "tmp", "hello"), ROUTER,
                     ("drop", "DropHeaders", {"headers": "tmp,drop"}))


# id, input kind, header converter, transforms, routed, kept (which records), headers of one
MirrorCase = namedtuple("MirrorCase", "id input header_converter transforms routed keep headers")
MIRROR_CASES = [
    # Java's InsertHeader makes a STRING header, which ByteArrayConverter refuses: the chain
    # drops it again before the converter sees it.
    MirrorCase("insert-route-drop", "headers", BYTES, MIRROR_CHAIN, True, lambda r: True,
               lambda h: [(k, v) for k, v in h if k not in ("tmp", "drop")]),
    MirrorCase("insert-route-drop-simple-headers", "plain", SIMPLE_HEADERS,
               chain(insert("ins", "h", "hello"), ROUTER,
                     ("drop", "DropHeaders", {"headers": "absent"})),
               True, lambda r: True, lambda h: [("h", b"hello")]),
    MirrorCase("filter-has-header-key", "headers", BYTES, filter_on("HasHeaderKey", name="x"),
               False, lambda r: all(h != "x" for h, _ in r[3]), lambda h: h),
    MirrorCase("filter-tombstones", "headers", BYTES, filter_on("RecordIsTombstone"), False,
               lambda r: r[2] is not None, lambda h: h),
    MirrorCase("filter-all-but-tombstones", "headers", BYTES,
               filter_on("RecordIsTombstone", negate="true"), False, lambda r: r[2] is None,
               lambda h: h),
]


@pytest.mark.parametrize("case", MIRROR_CASES, ids=lambda c: c.id)
def test_mirror_source_records_through_a_chain(sides, connectors, source_cluster,
                                               target_cluster, mirror_input, mirror_aliases,
                                               case):
    """MirrorSourceConnector keeps each record's partition and timestamp: every field of every
    record is compared."""
    topic, records = mirror_input[case.input]
    tag = new_tag()
    aliases = {label: f"{label}{tag}" for label in sides}
    mirror_aliases.extend(aliases.values())
    out_topic = topic[:-len("-in")] + "-routed" if case.routed else topic
    for alias in aliases.values():
        target_cluster.create_topic(f"{alias}.{out_topic}", 2, 1)
    answers = create_on_both(sides, connectors, {
        label: [(f"mirror-{alias}", mirror_source(alias, topic, source_cluster, target_cluster,
                                                  case.header_converter, case.transforms))]
        for label, alias in aliases.items()})

    expected = [(f"{{A}}.{out_topic}", part, key, value, case.headers(headers), (1, ts))
                for q in (0, 1) for part, key, value, headers, ts in records
                if part == q and case.keep((part, key, value, headers, ts))]
    assert 0 < len(expected) <= len(records)
    got = {}
    for label in ("j", "k"):
        if label == "k":
            check_created(answers)
        name = f"mirror-{aliases[label]}"
        got[label] = mirror_records(read_records(
            target_cluster, f"{aliases[label]}.{out_topic}", 2, len(expected),
            timeout=90 if label == "j" else OURS_TIMEOUT,
            give_up=task_failed(sides[label], name)), aliases[label])
        if label == "j":
            assert got["j"] == expected, shown("Java", sides["j"], name)
    assert got["k"] == got["j"], shown("kconnect", sides["k"], name)


# ---- bad settings ------------------------------------------------------------------------------

# Java refuses all but one of these at validation (200 with the errors on the settings, and
# POST 400 with the same messages, a JVM NullPointerException's text among RegexRouter's,
# which kconnect does not repeat). A transform's predicate alias missing from `predicates`
# passes Java's validation: its connector runs and its task fails to start, because the
# ConfigDef Java enriched has no `predicates.<alias>.plugin.version` ("Unknown configuration
# ..."); kconnect refuses it at validation (README, compatibility).
BAD_CHAINS = {
    "regex-router-without-regex": chain(("x", "RegexRouter", {})),
    "unknown-transform-class": chain(("x", "com.example.NoSuchTransform", {})),
    "undefined-predicate-alias": chain(("x", "Filter", {"predicate": "nope"})),
    "predicate-without-type": {**chain(("x", "Filter", {"predicate": "p"})), "predicates": "p"},
    "negate-without-predicate": chain(("x", "InsertHeader", {"header": "h",
                                                             "value.literal": "v",
                                                             "negate": "true"})),
}


def validation_errors(body):
    """What a validation answer says is wrong: its error count and each setting's errors,
    and the names of the transforms' and predicates' settings it adds to the connector's."""
    if not isinstance(body, dict) or "configs" not in body:
        return body
    errors = {c["value"]["name"]: c["value"]["errors"] for c in body["configs"]
              if c["value"]["errors"]}
    added = sorted(c["definition"]["name"] for c in body["configs"]
                   if c["definition"]["name"].startswith(("transforms.", "predicates.")))
    return {"name": body.get("name"), "error_count": body.get("error_count"),
            "errors": errors, "transform settings": added}


def connector_outcome(side, name):
    """Once a connector Java accepted has failed, or runs with every task started or failed:
    its state and its tasks', with the first line of each trace."""
    def settled():
        st = status_of(side, name)
        if not isinstance(st, dict):
            return None
        state, tasks = st["connector"]["state"], st["tasks"]
        if state == "FAILED" or (state == "RUNNING" and tasks and
                                 all(t["state"] in ("RUNNING", "FAILED") for t in tasks)):
            return st
    st = wait_for(settled, timeout=60 if side.label == "j" else OURS_TIMEOUT,
                  what=f"{side.label}'s {name} started or failed")
    return [(s["state"], first_line(s.get("trace")))
            for s in [st["connector"]] + sorted(st["tasks"], key=lambda t: t["id"])]


def bad_config_outcomes(sides, connectors, config, tag):
    """{side label: what the side answered}: the validation (status and errors), then the
    creation (refused with its answer, or 201), and, once created, the connector's and its
    tasks' states with the first line of each trace."""
    got = {}
    for label, side in sides.items():
        r = side.worker.request("PUT", f"/connector-plugins/{FILE_SOURCE}/config/validate",
                                json=dict(config, name=tag), timeout=60)
        status, body = answer(r)
        name = f"{label}{new_tag()}-{tag}"
        created = connectors(side, name, dict(config, name=name))
        got[label] = {"validate": (status, validation_errors(body)),
                      "create": created if created[0] != 201 else (201, None)}
        if created[0] == 201:
            got[label]["outcome"] = connector_outcome(side, name)
    return got


@pytest.mark.parametrize("bad", BAD_CHAINS, ids=list(BAD_CHAINS))
def test_bad_transform_settings_are_refused_as_java_refuses_them(sides, connectors, bad):
    """The validation's answer, then the creation's: refused with Java's message, or, where
    Java accepts the config, the connector's and its tasks' states once it has started."""
    config = {"connector.class": FILE_SOURCE, "file": "in.txt", "topic": "t-in",
              **BAD_CHAINS[bad]}
    got = bad_config_outcomes(sides, connectors, config, f"smt-{bad}")
    java, ours = got["j"], got["k"]
    assert java["validate"][0] == 200, java
    if bad == "undefined-predicate-alias":
        # README (compatibility): Java accepts the config and fails the task at its start;
        # kconnect refuses it at validation, on the setting that names the alias.
        assert java["validate"][1]["error_count"] == 0, java
        assert [s for s, _ in java["outcome"]] == ["RUNNING", "FAILED"], java
        why = ("Invalid value nope for configuration transforms.x.predicate: nope is not one "
               "of the aliases in 'predicates'")
        assert ours["validate"][1]["errors"] == {"transforms.x.predicate": [why]}, ours
        assert ours["create"][0] == 400 and why in ours["create"][1]["message"], ours
        return
    java, ours = without_null_pattern_crash(java), json.loads(json.dumps(ours))
    assert ours == java, (f"\nJava:     {json.dumps(java, indent=1, sort_keys=True)}"
                          f"\nkconnect: {json.dumps(ours, indent=1, sort_keys=True)}")


NULL_PATTERN = 'because "this.pattern" is null'


def without_null_pattern_crash(got):
    """RegexRouter without its required regex: beside "Missing required configuration",
    Java's validator reports the NullPointerException it hits on the null pattern; kconnect
    reports the missing setting alone (README, compatibility). Java's crash text is taken out
    of its answers, and its counts lowered to match."""
    got = json.loads(json.dumps(got))
    status, body = got["validate"]
    if isinstance(body, dict) and "errors" in body:
        for key, errors in list(body["errors"].items()):
            kept = [e for e in errors if NULL_PATTERN not in e]
            body["error_count"] -= len(errors) - len(kept)
            body["errors"][key] = kept
    created = got["create"]
    if created[0] == 400 and NULL_PATTERN in created[1].get("message", ""):
        lines = [line for line in created[1]["message"].split("\n") if NULL_PATTERN not in line]
        n = sum(1 for line in lines[1:] if not line.startswith("You can also find"))
        lines[0] = re.sub(r"following \d+ error", f"following {n} error", lines[0])
        created[1]["message"] = "\n".join(lines)
    return got


# ---- a record a transform cannot handle --------------------------------------------------------


def test_a_record_the_transform_cannot_handle_fails_the_task(sides, connectors, target_cluster):
    """ExtractField$Value on FileStreamSource's String values (schema STRING, not a Struct),
    errors.tolerance=none: both tasks fail, with the same first line of their trace, and
    write nothing."""
    tag = new_tag()
    configs = {}
    for label, side in sides.items():
        stem = f"{label}{tag}-extract"
        target_cluster.create_topic(f"{stem}-in", 1, 1)
        configs[label] = [(stem, file_source(side, stem, "string", {
            **chain(("x", "ExtractField$Value", {"field": "f"})), "errors.tolerance": "none"}))]
    answers = create_on_both(sides, connectors, configs)
    traces = {}
    for label, side in sides.items():
        if label == "k":
            check_created(answers)
        stem = f"{label}{tag}-extract"
        task = wait_for(lambda: (lambda s: isinstance(s, dict) and s.get("tasks") and
                                 s["tasks"][0]["state"] == "FAILED" and s["tasks"][0])(
                                     status_of(side, stem)),
                        timeout=60 if label == "j" else OURS_TIMEOUT,
                        what=f"{label}'s {stem} task FAILED")
        traces[label] = task["trace"]
        assert read_records(target_cluster, f"{stem}-in", 1, 0, timeout=5) == [], label
        assert status_of(side, stem)["connector"]["state"] == "RUNNING", label
    # Java's trace: the ConnectException of its error handler, then "Caused by:" the
    # transform's DataException. The first lines are compared; the transform's message must
    # be in ours too.
    cause = ("org.apache.kafka.connect.errors.DataException: Only Struct objects supported "
             "for [field extraction], found: java.lang.String")
    assert first_line(traces["j"]) == ("org.apache.kafka.connect.errors.ConnectException: "
                                       "Tolerance exceeded in error handler"), traces["j"]
    assert f"\nCaused by: {cause}\n" in traces["j"], traces["j"]
    assert first_line(traces["k"]) == first_line(traces["j"]), traces["k"]
    assert cause.split(": ", 1)[1] in traces["k"], traces["k"]
