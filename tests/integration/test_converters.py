"""
tests/integration/test_converters.py - the converters' settings against Java's: JsonConverter's
`schemas.enable`, `decimal.format`, `replace.null.with.default`, `schemas.cache.size` and
`schema.content`, and StringConverter's `converter.encoding`. A Java Connect worker and a
kconnect worker (each a Connect cluster of its own on the shared target cluster, as in
test_transforms.py) run the same connector config, and what they write must be equal byte for
byte.

Writing: a source connector that exists twice, org.kconnect.test.TypedSource, in Java
(JAVA_SOURCE below, compiled here against the Java worker's jars and put on its plugin.path)
and in C (tests/plugins/typed_source.c, on kconnect's plugin.path), hands its worker the same
ten records once: structs with Decimals (scale 2 and 8, positive, negative, zero, 1E-8, 28
digits), optional fields with defaults left null, a Date, a Timestamp, a nested struct, an
array and a map; a plain string beyond ASCII and the BMP; a tombstone; a null under a schema
with a default; Decimals in an array, as map values and as map keys; a Decimal alone. Keys and
values go through the same converter settings; the records each side wrote are compared
whole: partition, offset, key, value, headers in order, timestamp (fixed by the connector).
StringConverter writes a struct as Java's Struct.toString(), so that is compared too.

Reading: records a producer wrote (JsonConverter envelopes with Decimals as JSON numbers and as
base64, of the schema's scale and of others, nulls and missing fields where the schema has
defaults; plain JSON documents for `schema.content`; text in other charsets, malformed text
included, for StringConverter) read by a FileStreamSink on each side: the same lines in its
file, byte for byte.

Java's output is first checked against what the settings are documented to do (JsonConverter's
payloads, the encoded text, the sink's lines), so that a wrong test fails on Java's side rather
than pass on two equal wrong answers.

Also compared: what both workers answer to converter settings Java's converters refuse.

SPDX-License-Identifier: Apache-2.0
"""

import base64
import json
import os
import shutil
import subprocess
import time
import zipfile
from decimal import Decimal

import pytest
from confluent_kafka import Producer

import kafka_harness as kh
from kconnect import KCONNECT_BIN, WorkerFactory, base_properties
from test_cluster import wait_for
# connectors: the fixture, used by name.
from test_transforms import (COMMON, FILE_SOURCE, JSON, OURS_TIMEOUT, STRING,  # noqa: F401
                             bad_config_outcomes, connectors, js, new_tag, read_records, shown,
                             task_failed)

TYPED = "org.kconnect.test.TypedSource"
FILE_SINK = "org.apache.kafka.connect.file.FileStreamSinkConnector"
PLUGINS = os.path.join(os.path.dirname(KCONNECT_BIN), "tests", "plugins")

# ---- the source connector, twice ---------------------------------------------------------------

# The Java twin of tests/plugins/typed_source.c: the same records, field for field.
JAVA_SOURCE = r"""
package org.kconnect.test;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.connect.connector.Task;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.data.Timestamp;
import org.apache.kafka.connect.header.ConnectHeaders;
import org.apache.kafka.connect.source.SourceConnector;
import org.apache.kafka.connect.source.SourceRecord;
import org.apache.kafka.connect.source.SourceTask;

public class TypedSource extends SourceConnector {
    static final int RECORDS = 10;
    static final long T0 = 1700000000000L;
    static final String[] KEYS = {"k0", null, "k2", "k3", "k4", "k5", null, "k7", "k8", null};
    static final Schema INNER = SchemaBuilder.struct().name("org.kconnect.test.Inner")
        .field("n", Schema.INT64_SCHEMA).field("s", Schema.OPTIONAL_STRING_SCHEMA)
        .optional().build();
    static final Schema PRICE = Decimal.builder(2).optional()
        .defaultValue(new BigDecimal("9.99")).build();
    static final Schema PRICES = SchemaBuilder.struct().name("org.kconnect.test.Prices")
        .field("list", SchemaBuilder.array(Decimal.builder(2).optional().build()).build())
        .field("byname", SchemaBuilder.map(Schema.STRING_SCHEMA, Decimal.schema(3)).build())
        .field("keyed", SchemaBuilder.map(Decimal.schema(1), Schema.STRING_SCHEMA).build())
        .build();
    static final Schema TINY = Decimal.schema(8);
    static final Schema ROW = SchemaBuilder.struct().name("org.kconnect.test.Row").version(1)
        .doc("a typed row")
        .field("id", Schema.INT32_SCHEMA)
        .field("amount", Decimal.schema(2))
        .field("tiny", Decimal.builder(8).optional().build())
        .field("price", PRICE)
        .field("qty", SchemaBuilder.int32().optional().defaultValue(7).build())
        .field("label", SchemaBuilder.string().optional().defaultValue("none").build())
        .field("ratio", Schema.OPTIONAL_FLOAT64_SCHEMA)
        .field("day", org.apache.kafka.connect.data.Date.builder().optional().build())
        .field("at", Timestamp.builder().optional().build())
        .field("inner", INNER)
        .field("tags", SchemaBuilder.array(Schema.OPTIONAL_STRING_SCHEMA).optional().build())
        .field("counts", SchemaBuilder.map(Schema.STRING_SCHEMA, Schema.INT32_SCHEMA)
               .optional().build())
        .build();

    private Map<String, String> props;

    @Override public String version() { return "1.0"; }
    @Override public void start(Map<String, String> props) { this.props = props; }
    @Override public Class<? extends Task> taskClass() { return RowTask.class; }
    @Override public List<Map<String, String>> taskConfigs(int max) { return List.of(props); }
    @Override public void stop() { }
    @Override public ConfigDef config() {
        return new ConfigDef().define("topic", ConfigDef.Type.STRING, ConfigDef.Importance.HIGH,
                                      "Where the records go.");
    }

    static BigDecimal dec(String unscaled, int scale) {
        return unscaled == null ? null : new BigDecimal(new BigInteger(unscaled), scale);
    }

    static Struct inner(long n, String s) { return new Struct(INNER).put("n", n).put("s", s); }

    static Map<String, Integer> counts(Object... kv) {
        Map<String, Integer> m = new HashMap<>();
        for (int i = 0; i < kv.length; i += 2)
            m.put((String) kv[i], (Integer) kv[i + 1]);
        return m;
    }

    static Struct row(int id, String amount, String tiny, String price, Integer qty, String label,
                      Double ratio, Integer day, Long at, Struct inner, List<String> tags,
                      Map<String, Integer> counts) {
        return new Struct(ROW).put("id", id).put("amount", dec(amount, 2))
            .put("tiny", dec(tiny, 8)).put("price", dec(price, 2)).put("qty", qty)
            .put("label", label).put("ratio", ratio)
            .put("day", day == null ? null : new java.util.Date(day * 86400000L))
            .put("at", at == null ? null : new java.util.Date(at))
            .put("inner", inner).put("tags", tags).put("counts", counts);
    }

    static Object value(int i) {
        switch (i) {
        case 0: return row(0, "150", "1", "225", 3, "x", 1.5, 19000, 1700000000123L,
                           inner(1, "a"), Arrays.asList("x", null, "\u00fc"),
                           counts("a", 1, "b", 2, "c", 3));
        case 1: return row(1, "-25", null, null, null, null, null, null, null, null, null, null);
        case 2: return "\u00e9\u20ac\ud83d\ude00 \"q\"";
        case 3: return row(3, "0", "0", "-129", 0, "", 1e10, 0, 0L,
                           inner(-9007199254740993L, null), List.of(), counts());
        case 4: return row(4, "123456789012345678901234567890", "-123456789", "128", null,
                           "\u00e9", 0.1, -1, -1L, inner(2, "b"), List.of("y"), counts("b", 20));
        case 5: return null;
        case 7: return null;
        case 8: return new Struct(PRICES)
            .put("list", Arrays.asList(dec("150", 2), null, dec("-25", 2)))
            .put("byname", Map.of("a", dec("1", 3))).put("keyed", Map.of(dec("15", 1), "x"));
        case 9: return dec("1", 8);
        default: return row(6, "-128", "100000000", "1", -5, "z", -2.5, 1, 86400000L, null,
                            null, counts("a", 0, "c", -1));
        }
    }

    static Schema schema(int i) {
        switch (i) {
        case 2: return Schema.STRING_SCHEMA;
        case 5: return null;
        case 7: return PRICE;
        case 8: return PRICES;
        case 9: return TINY;
        default: return ROW;
        }
    }

    public static class RowTask extends SourceTask {
        static final Map<String, String> PARTITION = Collections.singletonMap("typed", "0");
        private String topic;
        private int next;

        @Override public String version() { return "1.0"; }

        @Override public void start(Map<String, String> props) {
            topic = props.get("topic");
            Map<String, Object> offset = context.offsetStorageReader().offset(PARTITION);
            next = offset == null ? 0 : ((Number) offset.get("next")).intValue();
        }

        @Override public List<SourceRecord> poll() throws InterruptedException {
            if (next >= RECORDS) {
                Thread.sleep(100);
                return null;
            }
            List<SourceRecord> out = new ArrayList<>();
            for (; next < RECORDS; next++) {
                String k = KEYS[next];
                ConnectHeaders headers = new ConnectHeaders();
                if (next == 0)
                    headers.addString("h", "\u00e9").addString("n", null);
                out.add(new SourceRecord(PARTITION, Collections.singletonMap("next", next + 1L),
                                         topic, null, k == null ? null : Schema.STRING_SCHEMA, k,
                                         schema(next), value(next), T0 + 1000L * next,
                                         headers));
            }
            return out;
        }

        @Override public void stop() { }
    }
}
"""

# The records both twins write: (key, what the value is, the value). A Row is a dict of its
# fields (None: null), its Decimals at their schema's scale (amount and price 2, tiny 8), its
# ratio the text Java's Double.toString gives the double. "price" is a null under Row's price
# schema (an optional Decimal with a default); Prices holds Decimals in an array, as a map's
# values and as a map's keys (a map JsonConverter writes as an array of pairs).
D = Decimal
ROW_NULLS = dict.fromkeys(["tiny", "price", "qty", "label", "ratio", "day", "at", "inner", "tags",
                           "counts"])
T0 = 1700000000000
RECORDS = [
    ("k0", "row", {"id": 0, "amount": D("1.50"), "tiny": D("1E-8"), "price": D("2.25"),
                   "qty": 3, "label": "x", "ratio": "1.5", "day": 19000, "at": 1700000000123,
                   "inner": {"n": 1, "s": "a"}, "tags": ["x", None, "\u00fc"],
                   "counts": {"a": 1, "b": 2, "c": 3}}),
    (None, "row", {"id": 1, "amount": D("-0.25"), **ROW_NULLS}),
    ("k2", "text", "\u00e9\u20ac\U0001F600 \"q\""),
    ("k3", "row", {"id": 3, "amount": D("0.00"), "tiny": D("0E-8"), "price": D("-1.29"),
                   "qty": 0, "label": "", "ratio": "1.0E10", "day": 0, "at": 0,
                   "inner": {"n": -9007199254740993, "s": None}, "tags": [], "counts": {}}),
    ("k4", "row", {"id": 4, "amount": D("1234567890123456789012345678.90"),
                   "tiny": D("-1.23456789"), "price": D("1.28"), "qty": None, "label": "\u00e9",
                   "ratio": "0.1", "day": -1, "at": -1, "inner": {"n": 2, "s": "b"},
                   "tags": ["y"], "counts": {"b": 20}}),
    ("k5", None, None),
    (None, "row", {"id": 6, "amount": D("-1.28"), "tiny": D("1.00000000"), "price": D("0.01"),
                   "qty": -5, "label": "z", "ratio": "-2.5", "day": 1, "at": 86400000,
                   "inner": None, "tags": None, "counts": {"a": 0, "c": -1}}),
    ("k7", "price", None),
    ("k8", "prices", {"list": [D("1.50"), None, D("-0.25")], "byname": {"a": D("0.001")},
                      "keyed": [[D("1.5"), "x"]]}),
    (None, "tiny", D("1E-8")),
]
DEFAULTS = {"price": D("9.99"), "qty": 7, "label": "none"}
HEADERS = {0: [("h", "\u00e9".encode()), ("n", None)]}


def unscaled_base64(d):
    """A Decimal's JsonConverter payload: base64 of BigInteger.toByteArray() of its unscaled
    value (the shortest two's-complement big-endian bytes)."""
    sign, digits, exponent = d.as_tuple()
    n = int("".join(map(str, digits))) * (-1 if sign else 1)
    size = ((~n if n < 0 else n).bit_length() + 8) // 8
    return base64.b64encode(n.to_bytes(size, "big", signed=True)).decode()


class Number:
    """A JSON number's text, as read by json.loads(parse_float=Number): equal to the same
    number's text only, not to a string."""

    def __init__(self, text):
        self.text = text

    def __eq__(self, other):
        return isinstance(other, Number) and other.text == self.text

    def __repr__(self):
        return f"Number({self.text})"


def expected_payload(kind, value, numeric, replace):
    """JsonConverter's payload of a value as Java documents it: Decimals base64 or, NUMERIC, the
    number BigDecimal.toString() writes; a null with a default is the default unless
    replace.null.with.default=false."""
    if isinstance(value, Decimal):
        return Number(str(value)) if numeric else unscaled_base64(value)
    if isinstance(value, list):
        return [expected_payload(kind, v, numeric, replace) for v in value]
    if kind == "price":
        return expected_payload(None, DEFAULTS["price"] if replace else None, numeric, replace)
    if kind in ("row", "prices"):
        out = {}
        for field, v in value.items():
            if v is None and replace:
                v = DEFAULTS.get(field)
            if field == "ratio" and v is not None:
                out[field] = Number(v)
            elif isinstance(v, dict) and field != "inner":
                out[field] = {k: expected_payload(None, x, numeric, replace)
                              for k, x in v.items()}
            else:
                out[field] = expected_payload(None, v, numeric, replace)
        return out
    return value


# The Java twin of com.example.HeaderTypes (tests/plugins/stamp_transform.c): the headers a
# sink record holds, as the header converter read them, written into its value.
HEADER_TYPES = "com.example.HeaderTypes"
HEADER_TYPES_SOURCE = r"""
package com.example;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.connect.connector.ConnectRecord;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.header.Header;
import org.apache.kafka.connect.json.JsonConverter;
import org.apache.kafka.connect.transforms.Transformation;

public class HeaderTypes<R extends ConnectRecord<R>> implements Transformation<R> {
    private final JsonConverter json = new JsonConverter();

    @Override
    public void configure(Map<String, ?> configs) {
        json.configure(Map.of("schemas.enable", "false", "converter.type", "value"));
    }

    @Override
    public R apply(R r) {
        StringBuilder out = new StringBuilder();
        for (Header h : r.headers()) {
            Schema s = h.schema();
            if (out.length() > 0)
                out.append("; ");
            out.append(h.key()).append('=');
            if (h.value() == null) {
                out.append("none null");
            } else if (s != null && s.type() == Schema.Type.BYTES && s.name() == null) {
                out.append("bytes -");
            } else {
                out.append(s == null ? "none" : json.asJsonSchema(s).get("type").asText());
                if (s != null && s.name() != null)
                    out.append(':').append(s.name());
                out.append(' ').append(new String(json.fromConnectData("t", s, h.value()),
                                                  StandardCharsets.UTF_8));
            }
        }
        return r.newRecord(r.topic(), r.kafkaPartition(), r.keySchema(), r.key(),
                           Schema.STRING_SCHEMA, out.toString(), r.timestamp());
    }

    @Override
    public ConfigDef config() {
        return new ConfigDef();
    }

    @Override
    public void close() {
    }
}
"""


def jar_plugin(java, workdir):
    """TypedSource and HeaderTypes compiled against the Java worker's jars, as a plugin
    directory (a jar with its ServiceLoader manifests: the worker discovers plugins with
    service_load)."""
    src = os.path.join(workdir, "src", "org", "kconnect", "test")
    classes = os.path.join(workdir, "classes")
    os.makedirs(src)
    with open(os.path.join(src, "TypedSource.java"), "w", encoding="utf-8") as f:
        f.write(JAVA_SOURCE)
    with open(os.path.join(src, "HeaderTypes.java"), "w", encoding="utf-8") as f:
        f.write(HEADER_TYPES_SOURCE)
    javac = shutil.which("javac") or os.path.join(os.path.dirname(os.path.realpath(java.java)),
                                                  "javac")
    subprocess.run([javac, "-encoding", "UTF-8", "-cp", java.classpath, "-d", classes,
                    os.path.join(src, "TypedSource.java"), os.path.join(src, "HeaderTypes.java")],
                   check=True, capture_output=True, timeout=120)
    plugins = os.path.join(workdir, "plugins")
    os.makedirs(os.path.join(plugins, "typed-source"))
    with zipfile.ZipFile(os.path.join(plugins, "typed-source", "typed-source.jar"), "w") as jar:
        jar.writestr("META-INF/services/org.apache.kafka.connect.source.SourceConnector",
                     TYPED + "\n")
        jar.writestr("META-INF/services/org.apache.kafka.connect.transforms.Transformation",
                     HEADER_TYPES + "\n")
        for root, _dirs, files in os.walk(classes):
            for name in files:
                path = os.path.join(root, name)
                jar.write(path, os.path.relpath(path, classes))
    return plugins


def so_plugin(workdir):
    """tests/plugins/typed_source.so and stamp_transform.so (HeaderTypes) in a plugin
    directory."""
    plugins = os.path.join(workdir, "plugins")
    os.makedirs(plugins)
    shutil.copy(os.path.join(PLUGINS, "typed_source.so"), plugins)
    shutil.copy(os.path.join(PLUGINS, "stamp_transform.so"), plugins)
    return plugins


class Side:
    """One worker and its working directory (the sinks' files)."""

    def __init__(self, label, worker, workdir):
        self.label, self.worker, self.workdir = label, worker, workdir


@pytest.fixture(scope="module")
def sides(tmp_path_factory, target_cluster, java):
    """{"j": the Java worker's Side, "k": kconnect's}, each a Connect cluster of its own, each
    with TypedSource on its plugin.path."""
    jdir = str(tmp_path_factory.mktemp("conv-java"))
    kdir = str(tmp_path_factory.mktemp("conv-kconnect"))
    jprops = dict(base_properties(target_cluster), **COMMON,
                  **{"plugin.path": jar_plugin(java, jdir)})
    jw = kh.JavaConnectWorker(java, jdir, jprops).start()
    factory = WorkerFactory(kdir, target_cluster)
    try:
        kw = factory.start(dict(base_properties(target_cluster), **COMMON,
                                **{"plugin.path": so_plugin(kdir)}))
        assert f"Loaded connector class {TYPED} 1.0" in kw.log(), kw.log()[-3000:]
        jw.wait_log("Joined group at generation", timeout=180)
        # Its REST resources come up after it joins.
        wait_for(lambda: jw.get("/connector-plugins", timeout=10).status_code == 200,
                 timeout=60, what="the Java worker's REST resources")
        assert TYPED in [p["class"] for p in jw.get("/connector-plugins").json()], jw.log()[-3000:]
        yield {"j": Side("j", jw, jdir), "k": Side("k", kw, kdir)}
    finally:
        jw.stop()
        factory.close()


def create_on_both(sides, connectors, configs):
    """{label: [POST /connectors answer]} for {label: [(name, config)]}: Java's must be 201 (a
    config Java refuses is no test), kconnect's is checked after Java's output."""
    answers = {label: [connectors(sides[label], name, config) for name, config in configs[label]]
               for label in sides}
    assert all(a[0] == 201 for a in answers["j"]), answers["j"]
    return answers


def check_created(answers):
    assert all(a[0] == 201 for a in answers["k"]), ("kconnect refused the connector",
                                                    answers["k"])


def differences(ours, java):
    """An assertion message: each of kconnect's items that is not Java's, beside Java's."""
    out = [f"kconnect has {len(ours)}, Java {len(java)}"] if len(ours) != len(java) else []
    for i in range(max(len(ours), len(java))):
        k = ours[i] if i < len(ours) else "(none)"
        j = java[i] if i < len(java) else "(none)"
        if k != j:
            out.append(f"[{i}]\n kconnect: {k!r}\n Java:     {j!r}")
    return "\n".join(out)


def converter(prefix, cls, settings):
    """Connector settings giving `prefix` (key.converter, value.converter) class cls."""
    return {prefix: cls, **{f"{prefix}.{k}": v for k, v in settings.items()}}


# ---- writing: TypedSource's records through each converter --------------------------------------

# id: (converter class, its settings), for the key and the value alike.
WRITERS = {
    "json": (JSON, {}),
    "json-schemaless": (JSON, {"schemas.enable": "false"}),
    "json-numeric": (JSON, {"decimal.format": "NUMERIC"}),
    "json-no-null-default": (JSON, {"replace.null.with.default": "false"}),
    # The value is case insensitive.
    "json-numeric-no-null-default": (JSON, {"decimal.format": "numeric",
                                            "replace.null.with.default": "false"}),
    "json-schemaless-numeric": (JSON, {"schemas.enable": "false", "decimal.format": "NUMERIC"}),
    # One schema text kept: the value's schema changes from record to record (Row's, STRING's,
    # Row's, ..., the price's, Prices', the Decimal's).
    "json-cache-1": (JSON, {"schemas.cache.size": "1"}),
    "string": (STRING, {}),
    "string-iso-8859-1": (STRING, {"converter.encoding": "ISO-8859-1"}),
    "string-utf-16": (STRING, {"converter.encoding": "UTF-16"}),
    "string-utf-16le": (STRING, {"converter.encoding": "UTF-16LE"}),
    "string-windows-1252": (STRING, {"converter.encoding": "windows-1252"}),
    "string-us-ascii": (STRING, {"converter.encoding": "US-ASCII"}),
}

# Java's charset names, as Python's codecs write them: UTF-16 is big-endian after a byte order
# mark; a character the charset cannot hold is one '?' (String.getBytes).
PY_CODECS = {"UTF-8": "utf-8", "ISO-8859-1": "iso-8859-1", "UTF-16LE": "utf-16-le",
             "windows-1252": "cp1252", "US-ASCII": "ascii"}


def java_encode(text, charset):
    if charset == "UTF-16":
        return b"\xfe\xff" + text.encode("utf-16-be")
    return text.encode(PY_CODECS[charset], errors="replace")


def check_java_records(records, cls, settings):
    """Java's records as the converter's documentation says they are: keys and timestamps as
    the connector gave them, headers on the first record; JsonConverter's payloads (an envelope
    around each unless schemas.enable=false), and StringConverter's text where it is a string
    (a null is a tombstone)."""
    for (_p, offset, key, value, headers, ts), (k, kind, v) in zip(records, RECORDS):
        assert ts == (1, T0 + 1000 * offset) and headers == HEADERS.get(offset, []), offset
        if cls == STRING:
            charset = settings.get("converter.encoding", "UTF-8")
            assert key == (None if k is None else java_encode(k, charset)), offset
            if kind in (None, "price", "text"):
                assert value == (java_encode(v, charset) if kind == "text" else None), offset
            continue
        envelope = settings.get("schemas.enable", "true") == "true"
        numeric = settings.get("decimal.format", "BASE64").upper() == "NUMERIC"
        replace = settings.get("replace.null.with.default", "true") == "true"
        if k is None:
            assert key is None, offset
        else:
            assert key == js({"schema": {"type": "string", "optional": False}, "payload": k}
                              if envelope else k), offset
        if kind is None:
            assert value is None, offset
            continue
        doc = json.loads(value, parse_float=Number)
        if envelope:
            assert isinstance(doc, dict) and sorted(doc) == ["payload", "schema"], offset
        payload = doc["payload"] if envelope else doc
        assert payload == expected_payload(kind, v, numeric, replace), (offset, value)


@pytest.mark.parametrize("writer", WRITERS)
def test_typed_source_records_are_written_as_java_writes_them(sides, connectors, target_cluster,
                                                              writer):
    """TypedSource's ten records through the converter, key and value: the same records as
    Java's, byte for byte (partition, offset, key, value, headers, timestamp)."""
    cls, settings = WRITERS[writer]
    tag = new_tag()
    names = {label: f"{label}{tag}-{writer}" for label in sides}
    for name in names.values():
        # The records' timestamps are years old: no retention may delete them.
        target_cluster.create_topic(name, 1, 1, config={"retention.ms": "-1"})
    answers = create_on_both(sides, connectors, {label: [(name, {
        "connector.class": TYPED, "tasks.max": "1", "topic": name,
        **converter("key.converter", cls, settings),
        **converter("value.converter", cls, settings)})] for label, name in names.items()})
    got = {}
    for label in ("j", "k"):
        if label == "k":
            check_created(answers)
        got[label] = [r[1:] for r in read_records(
            target_cluster, names[label], 1, len(RECORDS),
            timeout=60 if label == "j" else OURS_TIMEOUT,
            give_up=task_failed(sides[label], names[label]))]
        if label == "j":
            assert len(got["j"]) == len(RECORDS), shown("Java", sides["j"], names["j"])
            check_java_records(got["j"], cls, settings)
    assert got["k"] == got["j"], (differences(got["k"], got["j"]) + "\n" +
                                  shown("kconnect", sides["k"], names["k"]))


# ---- reading: a FileStreamSink through each converter -------------------------------------------

# What a producer wrote, as a JsonConverter with decimal.format=NUMERIC or BASE64 writes it:
# Decimals as numbers at their scale and as base64, nulls and missing fields where the schema
# has a default, a nested struct whose optional field has a default, text beyond the BMP.
SINK_SCHEMA = {"type": "struct", "fields": [
    {"type": "int32", "optional": False, "field": "id"},
    {"type": "bytes", "optional": False, "name": "org.apache.kafka.connect.data.Decimal",
     "version": 1, "parameters": {"scale": "2"}, "field": "amount"},
    {"type": "bytes", "optional": True, "name": "org.apache.kafka.connect.data.Decimal",
     "version": 1, "parameters": {"scale": "8"}, "field": "tiny"},
    {"type": "bytes", "optional": True, "name": "org.apache.kafka.connect.data.Decimal",
     "version": 1, "parameters": {"scale": "2"}, "default": "A+c=", "field": "price"},
    {"type": "int32", "optional": True, "default": 7, "field": "qty"},
    {"type": "string", "optional": True, "default": "none", "field": "label"},
    {"type": "struct", "fields": [
        {"type": "int64", "optional": False, "field": "n"},
        {"type": "string", "optional": True, "default": "dflt", "field": "s"}],
     "optional": True, "name": "org.kconnect.test.Inner", "field": "inner"}],
    "optional": False, "name": "org.kconnect.test.Sunk", "version": 1}
SINK_PAYLOADS = [
    r'{"id":1,"amount":1.50,"tiny":1E-8,"price":2.25,"qty":3,"label":"x","inner":{"n":1,"s":"a"}}',
    r'{"id":2,"amount":"AJY=","tiny":"AQ==","price":null,"qty":null,"label":null,'
    r'"inner":{"n":2,"s":null}}',
    r'{"id":3,"amount":-0.25}',
    r'{"id":4,"amount":1234567890123456789012345678.90,"tiny":-1.23456789,"price":-1.29,'
    r'"qty":0,"label":"","inner":null}',
    r'{"id":5,"amount":0.00,"tiny":0E-8,"price":"gA==","qty":-5,"label":"\u00e9","inner":{"n":5}}',
    r'{"id":6,"amount":-1.28,"tiny":1.00000000,"price":0.01,"qty":null,'
    r'"label":"caf\u00e9 \ud83d\ude00"}',
]

# The lines Java's FileStreamSink writes for SINK_PAYLOADS and a tombstone: each value's
# toString, Struct's printing the fields that are not null (BigDecimal.toString for Decimals);
# JsonConverter fills in a null or missing field's default unless replace.null.with.default=false.
SINK_LINES = {
    True: ["Struct{id=1,amount=1.50,tiny=1E-8,price=2.25,qty=3,label=x,inner=Struct{n=1,s=a}}",
           "Struct{id=2,amount=1.50,tiny=1E-8,price=9.99,qty=7,label=none,"
           "inner=Struct{n=2,s=dflt}}",
           "Struct{id=3,amount=-0.25,price=9.99,qty=7,label=none}",
           "Struct{id=4,amount=1234567890123456789012345678.90,tiny=-1.23456789,price=-1.29,qty=0,"
           "label=}",
           "Struct{id=5,amount=0.00,tiny=0E-8,price=-1.28,qty=-5,label=\u00e9,"
           "inner=Struct{n=5,s=dflt}}",
           "Struct{id=6,amount=-1.28,tiny=1.00000000,price=0.01,qty=7,label=caf\u00e9 \U0001F600}",
           "null"],
    False: ["Struct{id=1,amount=1.50,tiny=1E-8,price=2.25,qty=3,label=x,inner=Struct{n=1,s=a}}",
            "Struct{id=2,amount=1.50,tiny=1E-8,inner=Struct{n=2}}",
            "Struct{id=3,amount=-0.25}",
            "Struct{id=4,amount=1234567890123456789012345678.90,tiny=-1.23456789,price=-1.29,"
            "qty=0,label=}",
            "Struct{id=5,amount=0.00,tiny=0E-8,price=-1.28,qty=-5,label=\u00e9,inner=Struct{n=5}}",
            "Struct{id=6,amount=-1.28,tiny=1.00000000,price=0.01,label=caf\u00e9 \U0001F600}",
            "null"],
}

# id: (the JsonConverter's settings, whether the producer wrote envelopes or the payloads alone)
READERS = {
    "json": ({}, True),
    "json-no-null-default": ({"replace.null.with.default": "false"}, True),
    # decimal.format says how Decimals are written; either form is read.
    "json-numeric": ({"decimal.format": "NUMERIC"}, True),
    "json-schema-content": ({"schema.content": js(SINK_SCHEMA).decode()}, False),
    "json-schema-content-no-null-default": ({"schema.content": js(SINK_SCHEMA).decode(),
                                             "replace.null.with.default": "false"}, False),
}


def file_lines(path):
    """The complete lines of a file, as bytes."""
    try:
        with open(path, "rb") as f:
            return f.read().split(b"\n")[:-1]
    except FileNotFoundError:
        return []


def sink_lines(side, name, path, expected):
    """The lines a FileStreamSink wrote, once it has written `expected` of them, or its task
    has failed, or its time is up."""
    deadline = time.monotonic() + (60 if side.label == "j" else OURS_TIMEOUT)
    failed, asked = task_failed(side, name), time.monotonic()
    while len(file_lines(path)) < expected and time.monotonic() < deadline:
        if time.monotonic() - asked >= 1:
            asked = time.monotonic()
            if failed():
                break
        time.sleep(0.2)
    return file_lines(path)


def sink_on_both(sides, connectors, topic, tag, settings, expected, converter_class=JSON,
                 extra=None):
    """A FileStreamSink on each side reading topic through the value converter (and the
    connector settings in extra): {label: its lines}, Java's first (it must write `expected`
    lines), then kconnect's."""
    names = {label: f"{label}{tag}-sink" for label in sides}
    outs = {label: os.path.join(sides[label].workdir, f"{names[label]}.out") for label in sides}
    answers = create_on_both(sides, connectors, {label: [(names[label], {
        "connector.class": FILE_SINK, "tasks.max": "1", "file": outs[label], "topics": topic,
        **converter("value.converter", converter_class, settings), **(extra or {})})]
        for label in sides})
    lines = {}
    for label in ("j", "k"):
        if label == "k":
            check_created(answers)
        lines[label] = sink_lines(sides[label], names[label], outs[label], expected)
        if label == "j":
            assert len(lines["j"]) == expected, shown("Java", sides["j"], names["j"])
    return lines, names


def produce(cluster, topic, values):
    cluster.create_topic(topic, 1, 1)
    p = Producer(cluster.client_config(log_level=0))
    for v in values:
        p.produce(topic, v)
    assert p.flush(30) == 0


@pytest.mark.parametrize("reader", READERS)
def test_file_sink_reads_json_as_java_reads_it(sides, connectors, target_cluster, reader):
    """The same records, read by a FileStreamSink on each side through JsonConverter: the same
    lines in its file (each value's toString), byte for byte; a tombstone last."""
    settings, envelopes = READERS[reader]
    tag = new_tag()
    topic = f"convsink{tag}-{reader}"
    schema = js(SINK_SCHEMA).decode()
    produce(target_cluster, topic,
            [(f'{{"schema":{schema},"payload":{p}}}' if envelopes else p).encode()
             for p in SINK_PAYLOADS] + [None])
    lines, names = sink_on_both(sides, connectors, topic, tag, settings, len(SINK_PAYLOADS) + 1)
    replace = settings.get("replace.null.with.default", "true") == "true"
    assert lines["j"] == [line.encode() for line in SINK_LINES[replace]], lines["j"]
    assert lines["k"] == lines["j"], (differences(lines["k"], lines["j"]) + "\n" +
                                      shown("kconnect", sides["k"], names["k"]))


def test_file_sink_reads_a_decimal_of_another_scale_as_java_does(sides, connectors,
                                                                 target_cluster):
    """JSON numbers under a Decimal schema of scale 2 that are not at that scale (1.5, 2,
    1.005, 1E+3): JsonConverter reads each as the BigDecimal its digits make, whatever the
    schema's scale, and the FileStreamSink prints it."""
    tag = new_tag()
    topic = f"convsink{tag}-scale"
    schema = js(SINK_SCHEMA).decode()
    amounts = ["1.5", "2", "1.005", "1E+3"]
    produce(target_cluster, topic, [f'{{"schema":{schema},"payload":{{"id":{i},"amount":{a}}}}}'
                                    .encode() for i, a in enumerate(amounts)])
    lines, names = sink_on_both(sides, connectors, topic, tag, {}, len(amounts))
    assert lines["j"] == [f"Struct{{id={i},amount={a},price=9.99,qty=7,label=none}}".encode()
                          for i, a in enumerate(amounts)], lines["j"]
    assert lines["k"] == lines["j"], (differences(lines["k"], lines["j"]) + "\n" +
                                      shown("kconnect", sides["k"], names["k"]))


# charset: [(the bytes a producer wrote, the text Java reads, None where they are malformed)]
TEXT = "caf\u00e9 \u20ac\U0001F600"
STRING_INPUTS = {
    "ISO-8859-1": [(b"caf\xe9 \xff \xa3\xb5", "caf\u00e9 \u00ff \u00a3\u00b5"),
                   (b"plain", "plain")],
    "UTF-16": [
        (b"\xfe\xff" + TEXT.encode("utf-16-be"), TEXT),          # big-endian mark
        (b"\xff\xfe" + TEXT.encode("utf-16-le"), TEXT),          # little-endian mark
        (TEXT.encode("utf-16-be"), TEXT),                        # no mark: big-endian
        (b"\x00a\x00", None),                                    # half a unit at the end
        (b"\xd8\x3d\x00a\x00b", None),                           # a high surrogate alone
        (b"\xdc\x00\x00a", None),                                # a low surrogate alone
    ],
    # No byte order mark is read: FF FE is U+FEFF, a character of the text.
    "UTF-16LE": [(TEXT.encode("utf-16-le"), TEXT),
                 (b"\xff\xfe" + "ab".encode("utf-16-le"), "\ufeffab")],
    "windows-1252": [("\u20ac \u201cq\u201d \u00e9".encode("cp1252"),
                      "\u20ac \u201cq\u201d \u00e9"),
                     (b"\x81x", None)],                          # 0x81: no character
    "US-ASCII": [(b"plain", "plain"), (b"caf\xe9", None)],
}


@pytest.mark.parametrize("charset", STRING_INPUTS)
def test_file_sink_reads_text_in_a_charset_as_java_reads_it(sides, connectors, target_cluster,
                                                            charset):
    """Text in a charset, read by a FileStreamSink on each side through StringConverter with
    that converter.encoding: the same lines (UTF-8) in its file, byte for byte, malformed input
    included."""
    inputs = STRING_INPUTS[charset]
    tag = new_tag()
    topic = f"convsink{tag}-{charset.lower()}"
    produce(target_cluster, topic, [raw for raw, _ in inputs])
    lines, names = sink_on_both(sides, connectors, topic, tag, {"converter.encoding": charset},
                                len(inputs), converter_class=STRING)
    for line, (_raw, text) in zip(lines["j"], inputs):
        if text is not None:
            assert line == text.encode(), (charset, lines["j"])
    assert lines["k"] == lines["j"], (differences(lines["k"], lines["j"]) + "\n" +
                                      shown("kconnect", sides["k"], names["k"]))


# ---- settings Java's converters refuse ----------------------------------------------------------

BAD_SETTINGS = {
    "decimal-format-text": converter("value.converter", JSON, {"decimal.format": "TEXT"}),
    "replace-null-not-boolean": converter("value.converter", JSON,
                                          {"replace.null.with.default": "maybe"}),
    "schema-content-not-json": converter("value.converter", JSON, {"schema.content": "{nope"}),
    "unknown-encoding": converter("value.converter", STRING,
                                  {"converter.encoding": "NO-SUCH-CHARSET"}),
}


@pytest.mark.parametrize("bad", BAD_SETTINGS)
def test_bad_converter_settings_are_answered_as_java_answers_them(sides, connectors, bad):
    """The validation's answer (its errors), then the creation's: refused with Java's message,
    or, where Java accepts the config, the connector's and its task's states once started,
    with the first line of each trace."""
    config = {"connector.class": FILE_SOURCE, "file": "in.txt", "topic": "t-in",
              **BAD_SETTINGS[bad]}
    got = bad_config_outcomes(sides, connectors, config, f"conv-{bad}")
    assert got["k"] == got["j"], (f"\nJava:     {got['j']}\nkconnect: {got['k']}")


# Header texts a producer wrote: what Values.parseString reads as a number, a boolean, a
# list, a map, a date, a time, text; a null header.
HEADER_TEXTS = [("n", b"42"), ("big", b"70000"), ("b", b"true"), ("f", b"2.5"),
                ("l", b"[1,2]"), ("ls", b'["a","b"]'), ("m", b'{"a":1}'),
                ("d", b"2020-01-01"), ("t", b"12:34:56.789Z"), ("s", b"hello"),
                ("q", b'"quoted"'), ("e", b""), ("z", None)]


@pytest.mark.parametrize("converter", ["SimpleHeaderConverter", "ByteArrayConverter"])
def test_a_sink_transformation_reads_header_values_as_java_reads_them(sides, connectors,
                                                                      target_cluster,
                                                                      converter):
    """A FileStreamSink whose transformation (HeaderTypes, a Java class and a C plugin)
    writes the record's headers as the worker's header converter read them (schema and
    value, or bytes) into its value: the same line on both sides."""
    tag = new_tag()
    topic = f"convsink{tag}-headers"
    target_cluster.create_topic(topic, 1, 1)
    p = Producer(target_cluster.client_config(log_level=0))
    p.produce(topic, value=b"x", headers=HEADER_TEXTS)
    assert p.flush(30) == 0
    package = "storage" if converter == "SimpleHeaderConverter" else "converters"
    lines, names = sink_on_both(sides, connectors, topic, tag, {}, 1, STRING, {
        "header.converter": f"org.apache.kafka.connect.{package}.{converter}",
        "transforms": "types", "transforms.types.type": HEADER_TYPES})
    first = b"n=int8 42; " if converter == "SimpleHeaderConverter" else b"n=bytes -; "
    assert len(lines["j"]) == 1 and lines["j"][0].startswith(first), lines["j"]
    assert lines["k"] == lines["j"], (lines, shown("kconnect", sides["k"], names["k"]))
