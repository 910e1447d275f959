"""
tests/integration/kconnect.py - run real kconnect workers for tests.

A Worker is one `kconnect distributed` process with its own properties file, log file and
REST port; it dies with the test process (PR_SET_PDEATHSIG). The binary is $KCONNECT_BIN
(tests/run.sh points it at the sanitized build), else build/kconnect.

SPDX-License-Identifier: Apache-2.0
"""

import ctypes
import json
import os
import signal
import struct
import subprocess
import time
import uuid

import requests

import kafka_harness as kh

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
KCONNECT_BIN = os.environ.get("KCONNECT_BIN", os.path.join(TOP, "build", "kconnect"))
SANITIZER_MARKS = ("ERROR: AddressSanitizer", "ERROR: LeakSanitizer", "runtime error:")


def _die_with_parent():
    ctypes.CDLL("libc.so.6").prctl(1, signal.SIGKILL)


def kafka_version():
    with open(os.path.join(TOP, "tests", "kafka", "pom.xml")) as f:
        text = f.read()
    return text.split("<kafka.version>")[1].split("</kafka.version>")[0]


def base_properties(cluster, suffix=None):
    """A worker configuration for `cluster` with internal topics of its own (unique names,
    so tests do not share state), replication factor 1 for single-broker clusters."""
    suffix = suffix or uuid.uuid4().hex[:8]
    props = {
        "group.id": f"connect-{suffix}",
        "key.converter": "org.apache.kafka.connect.json.JsonConverter",
        "value.converter": "org.apache.kafka.connect.json.JsonConverter",
        "offset.storage.topic": f"connect-offsets-{suffix}",
        "offset.storage.replication.factor": "1",
        "config.storage.topic": f"connect-configs-{suffix}",
        "config.storage.replication.factor": "1",
        "status.storage.topic": f"connect-status-{suffix}",
        "status.storage.replication.factor": "1",
    }
    props.update(cluster.java_client_properties())
    return props


def write_properties(path, props):
    with open(path, "w") as f:
        for k, v in props.items():
            f.write(f"{k}={v}\n")
    return path


def runbook3_mm2_properties(source, target, topic, src="src", dst="dst"):
    """Runbook 3's mm2.properties (SCENARIOS.md) for topic, clusters named src and dst."""
    return {
        "clusters": f"{src}, {dst}",
        f"{src}.bootstrap.servers": source.bootstrap,
        f"{dst}.bootstrap.servers": target.bootstrap,
        f"{src}->{dst}.enabled": "true",
        f"{src}->{dst}.topics": f"^({topic})$",
        f"{src}->{dst}.groups": ".*",
        "replication.policy.class": "org.apache.kafka.connect.mirror.IdentityReplicationPolicy",
        "consumer.auto.offset.reset": "latest",
        "replication.factor": "1",
        "config.storage.replication.factor": "1",
        "offset.storage.replication.factor": "1",
        "status.storage.replication.factor": "1",
        "checkpoints.topic.replication.factor": "1",
        "heartbeats.topic.replication.factor": "1",
        "offset-syncs.topic.location": "source",
        "offset-syncs.topic.replication.factor": "1",
        "refresh.topics.interval.seconds": "30",
        "refresh.groups.interval.seconds": "30",
    }


class Worker:
    def __init__(self, workdir, props, args=(), cmd=None, env=None, name="worker"):
        self.workdir = workdir
        self.props = dict(props)
        self.port = None
        if "listeners" not in self.props:
            self.port = kh.free_ports(1)[0]
            self.props["listeners"] = f"http://127.0.0.1:{self.port}"
        self.config_path = write_properties(os.path.join(workdir, f"{name}.properties"),
                                            self.props)
        self.log_path = os.path.join(workdir, f"{name}.log")
        self.cmd = cmd or [KCONNECT_BIN, "distributed", self.config_path]
        self.cmd = list(self.cmd) + list(args)
        self.env = dict(os.environ, **(env or {}))
        self.proc = None

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}"

    def start(self):
        log = open(self.log_path, "ab")
        self.proc = subprocess.Popen(self.cmd, stdout=log, stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL, env=self.env,
                                     preexec_fn=_die_with_parent)
        log.close()
        return self

    def log(self):
        try:
            with open(self.log_path, encoding="utf-8", errors="replace") as f:
                return f.read()
        except OSError:
            return ""

    def wait_rest(self, timeout=60, headers=None):
        """Until the worker has started ("Kafka Connect started", as Java logs it once its
        herder runs) and GET / answers 200 (sent with headers, such as credentials); raises
        with the log if the process exits or time runs out."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise AssertionError(f"kconnect exited {self.proc.returncode} before REST "
                                     f"answered:\n{self.log()}")
            try:
                if "Kafka Connect started" in self.log():
                    r = requests.get(self.url + "/", timeout=2, headers=headers)
                    if r.status_code == 200:
                        return r
            except requests.RequestException:
                pass
            time.sleep(0.1)
        raise AssertionError(f"kconnect not started after {timeout}s:\n{self.log()}")

    def wait_log(self, text, timeout=60):
        """Until the log holds text; raises with the log if the process exits or time runs
        out."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if text in self.log():
                return
            if self.proc.poll() is not None:
                raise AssertionError(f"kconnect exited {self.proc.returncode} before logging "
                                     f"{text!r}:\n{self.log()}")
            time.sleep(0.1)
        raise AssertionError(f"kconnect did not log {text!r} within {timeout}s:\n{self.log()}")

    def wait_exit(self, timeout=60):
        """The exit code, or AssertionError if it is still running after timeout."""
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"kconnect still running after {timeout}s:\n{self.log()}")

    def stop(self, sig=signal.SIGTERM, timeout=30):
        if self.proc is None or self.proc.poll() is not None:
            return self.proc.returncode if self.proc else None
        self.proc.send_signal(sig)
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            raise AssertionError(f"kconnect ignored {sig!r} for {timeout}s:\n{self.log()}")

    def get(self, path, **kw):
        return requests.get(self.url + path, timeout=kw.pop("timeout", 10), **kw)

    def request(self, method, path, **kw):
        return requests.request(method, self.url + path, timeout=kw.pop("timeout", 10), **kw)

    def sanitizer_report(self):
        text = self.log()
        return next((m for m in SANITIZER_MARKS if m in text), None)


class WorkerFactory:
    def __init__(self, tmp_path, cluster):
        self.tmp_path = str(tmp_path)
        self.cluster = cluster
        self.made = []

    def properties(self, **overrides):
        props = base_properties(self.cluster)
        props.update(overrides)
        return props

    def create(self, props=None, args=(), cmd=None, env=None):
        """A Worker not yet started."""
        w = Worker(self.tmp_path, props if props is not None else self.properties(),
                   args=args, cmd=cmd, env=env, name=f"worker{len(self.made)}")
        self.made.append(w)
        return w

    def start(self, props=None, args=(), timeout=60):
        """A started Worker whose REST answers."""
        w = self.create(props, args).start()
        w.wait_rest(timeout)
        return w

    def close(self):
        reports = []
        for w in self.made:
            try:
                w.stop()
            except AssertionError as e:
                reports.append(str(e))
            mark = w.sanitizer_report()
            if mark:
                reports.append(f"{mark} in {w.log_path}:\n{w.log()[-6000:]}")
        if reports:
            raise AssertionError("\n\n".join(reports))


def json_body(r):
    assert r.headers.get("Content-Type", "").startswith("application/json"), r.headers
    return json.loads(r.text)


def read_partition0(cluster, topic, timeout=20):
    """Every (key, value) of partition 0 of topic, in order, read to its end without a
    committed group; [] if the topic does not exist."""
    from confluent_kafka import OFFSET_BEGINNING, Consumer, TopicPartition
    c = Consumer(cluster.client_config(**{"group.id": f"t-{uuid.uuid4().hex[:6]}",
                                          "enable.partition.eof": True, "log_level": 0}))
    c.assign([TopicPartition(topic, 0, OFFSET_BEGINNING)])
    out = []
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            m = c.poll(0.5)
            if m is None:
                continue
            if m.error():
                break
            out.append((m.key(), m.value()))
    finally:
        c.close()
    return out


def string16(b):
    (n,) = struct.unpack(">h", b[:2])
    return b[2:2 + n].decode(), b[2 + n:]


def checkpoint(key, value):
    """A checkpoint record (Java's Checkpoint key and value schemas, version 0):
    (group, topic, partition, upstream offset, downstream offset, metadata)."""
    group, rest = string16(key)
    topic, rest = string16(rest)
    (partition,) = struct.unpack(">i", rest[:4])
    _version, up, down = struct.unpack(">hqq", value[:18])
    metadata, _ = string16(value[18:])
    return (group, topic, partition, up, down, metadata)


def offset_sync(key, value):
    """An offset sync record: (topic, partition, upstream offset, downstream offset)."""
    topic, rest = string16(key)
    (partition,) = struct.unpack(">i", rest[:4])
    up, down = struct.unpack(">qq", value[:16])
    return (topic, partition, up, down)
