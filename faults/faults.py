"""
faults/faults.py - the scenarios of `make faults`: kconnect and Java Connect under kill -9,
each counted record by record, in the same run, on the same local KRaft brokers.

Run through faults/run.sh, which installs and builds what this needs. faults/README.md
explains the method; in short, every scenario has Kafka's VerifiableProducer writing
sequence numbers (0, 1, 2, ...) into a source topic, and once the run has drained, every
record of the remote topic on the target cluster is read from its beginning and checked
against the producer's acknowledgements:

  rolling    three Connect workers of one kind in one group, one MirrorSourceConnector
             (tasks.max FAULTS_TASKS over a FAULTS_PARTITIONS-partition topic); while the
             producer writes FAULTS_RATE records/s for FAULTS_SECONDS, the workers are
             killed (-9) and restarted in turn, FAULTS_KILLS kills evenly spaced; once per
             connect.protocol in FAULTS_PROTOCOLS (sessioned, compatible, eager)
  eos        rolling with exactly-once source (KIP-618): the workers with
             exactly.once.source.support=enabled, the connector with exactly.once.support=
             required and its source consumer read_committed (what MirrorSource needs to
             support it); the target is read read_committed, and nothing may be lost or
             duplicated; once per connect.protocol in FAULTS_PROTOCOLS, as rolling
  dedicated  runbook 3 of the scenarios: two dedicated MirrorMaker nodes from one
             mm2.properties (auto.offset.reset latest); node 1 runs the MirrorSource task,
             node 2 joins, node 1 is killed -9 a few seconds later, long before its first
             offset flush; records are counted from a cut made once node 1's task copies

Per run and kind: produced (acknowledged), lost (acknowledged, never on the target),
duplicated (extra copies on the target), and, for every kill, the time until the remote
partitions the killed worker was copying advance again. Output in FAULTS_OUT (default
build/faults): results.md, results.json, and work/ with every worker's properties and log.

Every process (brokers, workers, producers) is started from the main thread with
PR_SET_PDEATHSIG and stopped in a finally block: nothing outlives the run.

  faults.py                       run the scenarios (settings from the environment)
  faults.py --report JSON [MD]    rewrite results.md (or MD, e.g. faults/latest.md) from a
                                  results.json
  faults.py --report JSON JSON... MD
                                  one report of several runs: the first in full, the
                                  sections of the others after it, each saying its run

SPDX-License-Identifier: Apache-2.0
"""

import collections
import copy
import datetime
import json
import os
import re
import shutil
import signal
import statistics
import struct
import subprocess
import sys
import threading
import time
import traceback
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(TOP, "tests", "kafka"))
sys.path.insert(0, os.path.join(TOP, "tests", "integration"))
sys.path.insert(0, os.path.join(TOP, "bench"))
os.environ.setdefault("KCONNECT_BIN", os.path.join(TOP, "build", "kconnect"))

import kafka_harness as kh  # noqa: E402
# The benchmark's worker wrapper (Java and kconnect behind one interface), connector JSON and
# process helpers: the fault suite runs the workers exactly as the benchmark does.
import bench  # noqa: E402
import kconnect  # noqa: E402

KINDS = ("java", "kconnect", "mixed")
# The workers of a "mixed" run, by index: a group of both kinds (w0 and w2 kconnect, w1 Java),
# every kill stopping one kind or the other.
MIXED = ("kconnect", "java", "kconnect")
PIPELINES = ("mirror", "file")
PIPELINE_TITLE = {"mirror": "MirrorSource", "file": "FileStreamSource"}
PROTOCOLS = ("sessioned", "compatible", "eager")
SCENARIOS = ("rolling", "eos", "dedicated", "freeze", "partition", "brokers")
# The faults of Faults.rolling, and the scenario each belongs to (eos: kills too).
FAULT_SCENARIO = {"kill": "rolling", "freeze": "freeze", "partition": "partition",
                  "source": "brokers", "target": "brokers", "roll": "brokers"}
WORKER_FAULTS = ("kill", "freeze", "partition")
BROKER_FAULTS = ("source", "target", "roll")
CONNECTOR = "faults"
VERIFIABLE_PRODUCER = "org.apache.kafka.tools.VerifiableProducer"
JAVA_MIRROR_MAKER = "org.apache.kafka.connect.mirror.MirrorMaker"    # connect-mirror-maker.sh
IDENTITY_POLICY = "org.apache.kafka.connect.mirror.IdentityReplicationPolicy"
# How often the target's end offsets are read while a run goes on: the resolution of the
# recovery times.
SAMPLE_S = 0.1
# A partition is being copied when its end offset rose in this long before a kill (at 1,500
# records/s over 6 partitions, each gets some 250 a second).
FLOW_WINDOW_S = 2.0
# A Connect status record's key for a task of the MirrorSourceConnector in dedicated mode.
MM2_SOURCE_TASK = "status-task-MirrorSourceConnector-0"
# The eos scenario's additions. The worker's: exactly-once source support itself. The
# connector's: exactly.once.support=required makes the worker refuse the connector unless it
# can deliver exactly once (so a run cannot silently measure at-least-once), and
# MirrorSourceConnector supports it only when its source consumer reads read_committed
# (Java's MirrorSourceConnector.exactlyOnceSupport; kconnect's follows it).
EOS_WORKER = {"exactly.once.source.support": "enabled"}
EOS_CONNECTOR = {"exactly.once.support": "required",
                 "source.consumer.isolation.level": "read_committed"}


_env = bench._env


def _env_list(name, default, allowed):
    values = [v.strip() for v in _env(name, ",".join(default)).split(",") if v.strip()]
    for v in values:
        if v not in allowed:
            raise SystemExit(f"faults: unknown {v!r} in {name} (one of {', '.join(allowed)})")
    return values


class Settings:
    """Everything a run depends on, from FAULTS_* environment variables (faults/README.md)."""

    def __init__(self):
        self.only = _env_list("FAULTS_ONLY", SCENARIOS, SCENARIOS)
        self.kinds = _env_list("FAULTS_KINDS", KINDS, KINDS)
        self.protocols = _env_list("FAULTS_PROTOCOLS", PROTOCOLS, PROTOCOLS)
        # The eos scenario's protocols: the sessioned protocol unless asked (the fencing
        # requests between workers are signed with its session key).
        self.eos_protocols = _env_list("FAULTS_EOS_PROTOCOLS", ("sessioned",), PROTOCOLS)
        self.pipelines = _env_list("FAULTS_PIPELINES", PIPELINES, PIPELINES)
        self.repeat = _env("FAULTS_REPEAT", 1, int)
        self.rate = _env("FAULTS_RATE", 1500, int)
        self.seconds = _env("FAULTS_SECONDS", 75.0, float)
        self.kills = _env("FAULTS_KILLS", 9, int)
        self.partitions = _env("FAULTS_PARTITIONS", 6, int)
        self.tasks = _env("FAULTS_TASKS", 3, int)
        self.rebalance_delay_ms = _env("FAULTS_REBALANCE_DELAY_MS", 0, int)
        self.outages = _env("FAULTS_OUTAGES", 3, int)
        self.outage_s = _env("FAULTS_OUTAGE_S", 20.0, float)
        self.broker_restarts = _env("FAULTS_BROKER_RESTARTS", 2, int)
        self.mm2_kill_delays = [float(v) for v in
                                _env("FAULTS_MM2_KILL_DELAYS", "0,1.5,6").split(",") if v.strip()]
        self.mm2_rest = _env("FAULTS_MM2_REST", 0, int) != 0
        self.mm2_latest = _env("FAULTS_MM2_LATEST", 1, int) != 0
        self.mm2_after = _env("FAULTS_MM2_AFTER", 30.0, float)
        self.settle = _env("FAULTS_SETTLE", 15.0, float)
        # A drain not caught up waits out a scheduled rebalance delay too: the tasks of a
        # departed worker are reassigned only after it.
        self.stall = _env("FAULTS_STALL", 30.0, float) + self.rebalance_delay_ms / 1000
        # The eos scenario's: a worker killed inside a transaction leaves it open until the
        # broker aborts it (transaction.timeout.ms, 60 s by default: both kinds' producers),
        # and no read_committed consumer reads past an open transaction; a drain waiting less
        # would count as lost what only comes late.
        self.eos_stall = _env("FAULTS_EOS_STALL", 90.0, float) + self.rebalance_delay_ms / 1000
        self.drain_timeout = _env("FAULTS_DRAIN_TIMEOUT", 300.0, float)
        self.java_opts = _env("FAULTS_JAVA_OPTS", bench.JAVA_DEFAULT_OPTS).split()
        self.out = os.path.abspath(_env("FAULTS_OUT", os.path.join(TOP, "build", "faults")))
        self.kconnect = os.path.abspath(os.environ["KCONNECT_BIN"])
        # Worker properties added to those of worker_props (none for `make faults`; the
        # short round of tests/integration/test_fault_smoke.py shortens the session timeout).
        self.worker_extra = {}

    def as_dict(self):
        d = dict(vars(self))
        for k in ("out", "kconnect"):
            d[k] = os.path.relpath(d[k], TOP)
        return d


def uid():
    return uuid.uuid4().hex[:8]


def _die_with_parent():
    """preexec_fn: the kernel kills the child when this process dies (PR_SET_PDEATHSIG)."""
    bench._die_with_parent()


# ===== The producer =======================================================================

class VerifiableProducer:
    """Kafka's VerifiableProducer (kafka-verifiable-producer.sh) from the jars: values are the
    sequence numbers 0, 1, 2, ... as decimal strings, acks=all, no retries; one JSON line per
    acknowledged (or failed) send, written to a file. max_messages -1: until stop().

    Its JVM is the tools' (small heap, C1 only): at 1,500 records/s it needs little."""

    def __init__(self, java, cluster, topic, rate, max_messages, path):
        self.path = path
        cmd = java.command(VERIFIABLE_PRODUCER,
                           ["--topic", topic, "--bootstrap-server", cluster.bootstrap,
                            "--throughput", str(rate), "--max-messages", str(max_messages)])
        out = open(path, "wb")
        self.proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL, preexec_fn=_die_with_parent)
        out.close()

    def wait_started(self, timeout=60):
        """Until it prints startup_complete (it sends its first record right after); the
        monotonic time that was seen."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with open(self.path, "rb") as f:
                if b'"startup_complete"' in f.read(4096):
                    return time.monotonic()
            if self.proc.poll() is not None:
                break
            time.sleep(0.02)
        raise RuntimeError(f"VerifiableProducer did not start: {kh.tail(self.path)}")

    def running(self):
        return self.proc.poll() is None

    def wait_done(self, timeout):
        try:
            self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            raise RuntimeError(f"VerifiableProducer still running after {timeout:.0f}s")

    def stop(self):
        """SIGTERM: its shutdown hook flushes what is in flight and prints its summary."""
        bench.stop_process(self.proc, 60)

    def acks(self):
        """{value: (partition, offset)} of every acknowledged record, and a summary: sent and
        acked as the tool counted them, and the number of failed sends."""
        acked, failed, summary = {}, 0, {}
        with open(self.path, "rb") as f:
            for line in f:
                if not line.startswith(b"{"):
                    continue
                try:
                    ev = json.loads(line)
                except ValueError:
                    continue
                name = ev.get("name")
                if name == "producer_send_success":
                    acked[int(ev["value"])] = (ev["partition"], ev["offset"])
                elif name == "producer_send_error":
                    failed += 1
                elif name == "tool_data":
                    summary = {"sent": ev["sent"], "acked": ev["acked"]}
        if summary and summary["acked"] != len(acked):
            raise RuntimeError(f"VerifiableProducer reported {summary['acked']} acks but "
                               f"printed {len(acked)}")
        summary.setdefault("sent", None)
        summary["acked"] = len(acked)
        summary["failed"] = failed
        return acked, summary


class FileFeeder(threading.Thread):
    """The FileStreamSource pipeline's producer: appends the lines "0", "1", "2", ... to a
    file, `rate` lines a second in batches of SAMPLE_S, until max_messages have been written
    (each batch one write, flushed: a line is "acknowledged" once the file has it). Same
    interface as VerifiableProducer, and a one-"partition" source whose end is the number of
    lines written."""

    def __init__(self, path, rate, max_messages):
        super().__init__(daemon=True)
        self.path, self.rate, self.total = path, rate, max_messages
        self.written = 0
        self._begun = threading.Event()
        self._stop_event = threading.Event()
        self.t0 = None
        open(path, "wb").close()
        self.start()

    def run(self):
        with open(self.path, "ab", buffering=0) as f:
            self.t0 = time.monotonic()
            self._begun.set()
            while self.written < self.total and not self._stop_event.is_set():
                due = min(self.total, int((time.monotonic() - self.t0) * self.rate) + 1)
                if due > self.written:
                    f.write(b"".join(b"%d\n" % n for n in range(self.written, due)))
                    self.written = due
                self._stop_event.wait(SAMPLE_S)

    def running(self):
        return self.is_alive()

    def wait_started(self, timeout=60):
        if not self._begun.wait(timeout):
            raise RuntimeError("the file feeder did not start")
        return self.t0

    def wait_done(self, timeout):
        self.join(timeout)
        if self.is_alive():
            raise RuntimeError(f"the file feeder still writing after {timeout:.0f}s")

    def stop(self):
        self._stop_event.set()
        self.join()

    def ends(self):
        return [self.written]

    def acks(self):
        n = self.written
        return ({v: (0, v) for v in range(n)},
                {"sent": n, "acked": n, "failed": 0})


# ===== The target side ====================================================================

class Offsets:
    """End offsets (ListOffsets latest) of one topic's partitions, from one admin client.
    isolation "read_committed": the last stable offsets instead (ListOffsets with
    read_committed isolation), for a topic written in transactions: what a read_committed
    consumer can read up to. The high watermark would move with records of transactions not
    yet committed, or later aborted, and with the abort markers of a fencing."""

    # After this many readings in a row in which a partition did not answer, the admin
    # client is made again. Once, on a starved machine, the target broker's own controller
    # fenced it for two seconds (its event queue overloaded), and the admin client that read
    # the remote topic then answered nothing for it for the rest of the run, a 300 s drain
    # included, while the workers went on copying to it. In a three-broker roll, one whose
    # partitions' leaders had moved answered -1001 or nothing for them until the roll ended,
    # 40 to 60 s, while the copy went on: the recoveries were the reading's.
    RENEW_AFTER = 2

    def __init__(self, cluster, topic, partitions, isolation=None):
        self.cluster, self.topic, self.partitions = cluster, topic, partitions
        self.isolation = isolation
        self.failed = 0
        self._connect()

    def again(self):
        """A new Offsets of the same partitions, isolation and cluster (a new admin client)."""
        return Offsets(self.cluster, self.topic, self.partitions, self.isolation)

    def _connect(self):
        from confluent_kafka.admin import OffsetSpec
        from confluent_kafka import IsolationLevel, TopicPartition
        self.admin = self.cluster.admin()
        self.request = {TopicPartition(self.topic, p): OffsetSpec.latest()
                        for p in range(self.partitions)}
        self.options = ({"isolation_level": IsolationLevel.READ_COMMITTED}
                        if self.isolation == "read_committed" else {})

    def ends(self):
        """[end offset per partition]; None for a partition that did not answer."""
        out = [None] * self.partitions
        try:
            fs = self.admin.list_offsets(self.request, request_timeout=2, **self.options)
            for tp, f in fs.items():
                try:
                    offset = f.result().offset
                    out[tp.partition] = offset if offset >= 0 else None
                except Exception:
                    pass
        except Exception:
            pass
        self.failed = self.failed + 1 if None in out else 0
        if self.failed >= self.RENEW_AFTER:
            self.failed = 0
            self._connect()
        return out

    def all_ends(self, timeout=60):
        """ends() read again until every partition has answered (at most timeout s)."""
        deadline = time.monotonic() + timeout
        out = self.ends()
        while None in out and time.monotonic() < deadline:
            out = self.ends()
        if None in out:
            raise AssertionError(f"{self.topic}: end offsets unanswered: {out}")
        return out


class Sampler(threading.Thread):
    """Reads the remote topic's end offsets every SAMPLE_S until stop(): [(monotonic time of
    the answer, [end offset per partition])]. The recovery times are found in these after the
    run, so the kills are never delayed by a reading. isolation: as Offsets' (the last stable
    offsets with read_committed)."""

    def __init__(self, cluster, topic, partitions, isolation=None):
        super().__init__(daemon=True)
        self.offsets = Offsets(cluster, topic, partitions, isolation)
        self.samples = []
        self._stop_event = threading.Event()

    def run(self):
        while not self._stop_event.is_set():
            ends = self.offsets.ends()
            self.samples.append((time.monotonic(), ends))
            self._stop_event.wait(SAMPLE_S)

    def stop(self):
        self._stop_event.set()
        self.join()

    def last_change(self):
        """Monotonic time of the last sample whose end offsets differ from the one before."""
        last = self.samples[0][0] if self.samples else time.monotonic()
        for (_, a), (t, b) in zip(self.samples, self.samples[1:]):
            if a != b:
                last = t
        return last


def advancing(samples, before, window):
    """The partitions whose end offset rose in the `window` seconds up to `before`."""
    recent = [ends for t, ends in samples if before - window <= t <= before]
    if len(recent) < 2:
        return set()
    first, last = recent[0], recent[-1]
    return {p for p in range(len(first))
            if first[p] is not None and last[p] is not None and last[p] > first[p]}


def copying(samples, t_kill, source_at_kill, source_end):
    """The partitions being copied at a kill: their end offsets on the target rose in the
    FLOW_WINDOW_S before it, and their source got records after it (a partition nothing more
    was written to has nothing left to copy, and need never advance again)."""
    moving = advancing(samples, t_kill, FLOW_WINDOW_S)
    return {p for p in moving
            if source_at_kill[p] is not None and source_end[p] is not None and
            source_end[p] > source_at_kill[p]}


def first_advance(samples, after, baseline, partitions):
    """Seconds from `after` until one of `partitions` has an end offset above its `baseline`
    in a sample answered after `after`; None if that never happened. One task copies all of
    its partitions: when one advances, the task copies again. (Waiting for every one would
    wait for the producer too: its partitioner, sticky with null keys, writes to one
    partition for a second or more at a time, and one can go many seconds without a record,
    or get only records that were lost.)"""
    partitions = set(partitions)
    for t, ends in samples:
        if t <= after:
            continue
        if any(ends[p] is not None and baseline[p] is not None and ends[p] > baseline[p]
               for p in partitions):
            return t - after
    return None


def compact(samples, t0):
    """The samples for results.json: [s from t0, end offsets] when they changed."""
    out, last = [], None
    for t, ends in samples:
        if ends != last:
            out.append([round(t - t0, 2), ends])
            last = ends
    return out


def read_topic(cluster, topic, ends, timeout=300, isolation=None):
    """Every record of topic up to `ends` (an end offset per partition), from the beginning:
    [(partition, offset, value bytes)]. isolation: the consumer's isolation.level, explicit
    (None: the client's default, as the scenarios without transactions have always read).

    With an explicit isolation, a partition is also read to its end when the consumer reports
    the end of the partition at or past its end offset: in a topic written in transactions the
    offsets before an end are often a transaction marker, never delivered, or records of an
    aborted transaction, which read_committed skips, so the last record delivered can be well
    before the end. (The end-of-partition offset is the consumer's fetch position, past those:
    with read_committed it is reported at the last stable offset.)"""
    from confluent_kafka import OFFSET_BEGINNING, Consumer, KafkaError, TopicPartition
    conf = {"bootstrap.servers": cluster.bootstrap, "group.id": f"faults-{uid()}",
            "enable.auto.commit": False, "log_level": 0}
    if isolation:
        conf.update({"isolation.level": isolation, "enable.partition.eof": True})
    c = Consumer(conf)
    todo = {p: e for p, e in enumerate(ends) if e}
    c.assign([TopicPartition(topic, p, OFFSET_BEGINNING) for p in todo])
    out = []
    deadline = time.monotonic() + timeout
    try:
        while todo:
            if time.monotonic() > deadline:
                raise RuntimeError(f"reading {topic}: partitions {sorted(todo)} not read to "
                                   f"their end after {timeout}s")
            for m in c.consume(num_messages=10000, timeout=1):
                if m.error():
                    if (m.error().code() == KafkaError._PARTITION_EOF and
                            m.partition() in todo and m.offset() >= todo[m.partition()]):
                        del todo[m.partition()]
                    continue
                p, o = m.partition(), m.offset()
                if p in todo and o < todo[p]:
                    out.append((p, o, m.value()))
                    if o + 1 >= todo[p]:
                        del todo[p]
    finally:
        c.close()
    return out


def sequence_numbers(records):
    """Counter of the sequence numbers among records; other values (markers) left out."""
    counts = collections.Counter()
    for _, _, v in records:
        if v is not None and v.isdigit():
            counts[int(v)] += 1
    return counts


def count(acked, seen, counted=None):
    """The check of one run. acked: {number: (partition, offset)} the producer saw
    acknowledged; seen: Counter of the numbers read on the target; counted: the acknowledged
    numbers the run answers for (default all of them).

    lost: counted numbers never seen on the target; duplicated: extra copies on the target
    of counted numbers; other_duplicates: extra copies of other numbers (not acknowledged, or
    before a cut); unacked_seen: numbers on the target the producer never saw acknowledged
    (in flight at a failure or at its stop). A number never acknowledged is not lost when it
    is missing."""
    counted = set(acked if counted is None else counted)
    lost = sorted(v for v in counted if seen.get(v, 0) == 0)
    copies = [seen.get(v, 0) for v in counted]
    return {"counted": len(counted), "lost": len(lost), "lost_ranges": ranges(lost)[:50],
            "duplicated": sum(max(0, n - 1) for n in copies),
            "duplicated_numbers": sum(1 for n in copies if n > 1),
            "max_copies": max(copies, default=0),
            "other_duplicates": sum(n - 1 for v, n in seen.items() if n > 1 and v not in counted),
            "unacked_seen": sum(1 for v in seen if v not in acked)}


def ranges(values):
    """[[first, last], ...] runs of consecutive numbers in a sorted list."""
    out = []
    for v in values:
        if out and v == out[-1][1] + 1:
            out[-1][1] = v
        else:
            out.append([v, v])
    return out


def wait_drained(s, sampler, caught_up, what):
    """After the producer has stopped: until caught_up(target ends) holds and the target's end
    offsets have not moved for FAULTS_SETTLE seconds, or have not moved for FAULTS_STALL
    seconds whether caught up or not (records lost do not come), or FAULTS_DRAIN_TIMEOUT.
    Returns (the target's final end offsets, how it ended)."""
    start = time.monotonic()
    while True:
        now = time.monotonic()
        ends = sampler.samples[-1][1] if sampler.samples else None
        quiet = now - max(sampler.last_change(), start)
        if ends and None not in ends:
            if caught_up(ends) and quiet >= s.settle:
                return ends, "caught up"
            if now - sampler.last_change() >= s.stall and now - start >= s.stall:
                return ends, f"stalled {s.stall:.0f}s short of the source"
        if now - start > s.drain_timeout:
            ends = sampler.offsets.again().ends()
            if None in ends:
                raise RuntimeError(f"{what}: the target's end offsets unreadable ({ends})")
            return ends, f"drain timeout ({s.drain_timeout:.0f}s)"
        time.sleep(0.2)


def wait_quiet(s, sampler, what):
    """Until the target's end offsets have not moved for FAULTS_STALL seconds (from now), or
    FAULTS_DRAIN_TIMEOUT; the end offsets then."""
    start = time.monotonic()
    while True:
        now = time.monotonic()
        ends = sampler.samples[-1][1] if sampler.samples else None
        if ends and None not in ends and now - max(sampler.last_change(), start) >= s.stall:
            return ends
        if now - start > s.drain_timeout:
            ends = sampler.offsets.again().ends()
            if None in ends:
                raise RuntimeError(f"{what}: the target's end offsets unreadable ({ends})")
            return ends
        time.sleep(0.2)


def check(s, sampler, cluster, topic, ends, drained, acked, counted=None, isolation=None):
    """Reads the remote topic up to `ends` (with `isolation`, see read_topic) and counts
    (count()). A drain that caught up can still have ended early: a partition's count
    includes its duplicates, so it can reach the source's while a task that copies it waits to
    be reassigned (in a rolling run, kills faster than the session timeout hold a rebalance
    back until they stop), and its records come later; in a topic written in transactions
    the end offsets also count a marker per transaction. So when acknowledged records are
    missing after a caught-up drain, the target is waited for until it has not moved for
    FAULTS_STALL seconds, and read again: lost is what is missing then. lost_at_first_read
    keeps the first count."""
    records = read_topic(cluster, topic, ends, isolation=isolation)
    result = count(acked, sequence_numbers(records), counted)
    if result["lost"] and drained == "caught up":
        first = result["lost"]
        ends = wait_quiet(s, sampler, topic)
        records = read_topic(cluster, topic, ends, isolation=isolation)
        result = count(acked, sequence_numbers(records), counted)
        result["lost_at_first_read"] = first
        drained += f", then quiet {s.stall:.0f}s (records missing)"
    result["drained"] = drained
    result["target_records"] = len(records)
    return result


# ===== Network path ======================================================================

class Proxy:
    """A TCP proxy on loopback: connections to `port` are forwarded to the broker listener
    `to`. cut() stops the forwarding both ways without closing anything (bytes wait in the
    sockets' buffers, then the senders' windows fill: a network partition that drops
    packets, not one that resets connections); heal() lets them flow again. New connections
    are accepted during a cut (the kernel completes the handshake) and carry nothing until
    the heal. Threads: one acceptor, two pumps per connection."""

    def __init__(self, port, to):
        import socket
        self.to = to
        self.flowing = threading.Event()
        self.flowing.set()
        self.closed = False
        self.conns = []
        self.lock = threading.Lock()
        self.listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", port))
        self.listener.listen(64)
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        import socket
        while not self.closed:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            try:
                upstream = socket.create_connection(("127.0.0.1", self.to), timeout=10)
                upstream.settimeout(None)
            except OSError:
                client.close()
                continue
            with self.lock:
                self.conns += [client, upstream]
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    def _pump(self, a, b):
        import socket
        try:
            while True:
                self.flowing.wait()
                data = a.recv(65536)
                if not data:
                    break
                self.flowing.wait()         # what was read as the cut came is held too
                b.sendall(data)
        except OSError:
            pass
        for sock in (a, b):
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def cut(self):
        self.flowing.clear()

    def heal(self):
        self.flowing.set()

    def close(self):
        import socket
        self.closed = True
        self.flowing.set()
        try:
            # shutdown first: close() alone does not wake the acceptor's accept(), which
            # keeps the socket, and so its port, bound.
            self.listener.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        try:
            self.listener.close()
        except OSError:
            pass
        with self.lock:
            for sock in self.conns:
                try:
                    sock.close()
                except OSError:
                    pass


def wait_in_sync(cluster, timeout=180):
    """Until every broker of cluster is in its metadata again and no partition is under-
    replicated (every replica in the ISR): a broker restarted is back, and a roll may go on
    to the next one, as an operator's rolling restart waits."""
    admin = cluster.admin()
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            md = admin.list_topics(timeout=2)
            if len(md.brokers) == len(cluster.nodes) and all(
                    len(p.isrs) == len(p.replicas) and p.leader >= 0
                    for t in md.topics.values() for p in t.partitions.values()):
                return
        except Exception:       # KafkaException while the broker comes up
            pass
        time.sleep(0.2)
    raise RuntimeError(f"cluster {cluster.name} not back in sync after {timeout}s")


def add_proxy_listeners(cluster, count):
    """Gives each broker of a cluster not yet prepared `count` more PLAINTEXT listeners,
    PROXY0..PROXY<count-1>, each advertised at another port for a Proxy to listen on:
    node.proxy_ports[i] = (listener port, advertised port). A client bootstrapped at the
    advertised ports is given them in every metadata answer, so all of its connections pass
    the proxies."""
    for n in cluster.nodes:
        ports = kh.free_ports(2 * count)
        n.proxy_ports = [(ports[2 * i], ports[2 * i + 1]) for i in range(count)]
        base = n.server_properties

        def props(base=base, pairs=n.proxy_ports):
            out = []
            for line in base().splitlines():
                key, _, value = line.partition("=")
                if key == "listeners":
                    value += "".join(f",PROXY{i}://127.0.0.1:{lp}"
                                     for i, (lp, _) in enumerate(pairs))
                elif key == "advertised.listeners":
                    value += "".join(f",PROXY{i}://127.0.0.1:{ap}"
                                     for i, (_, ap) in enumerate(pairs))
                elif key == "listener.security.protocol.map":
                    value += "".join(f",PROXY{i}:PLAINTEXT" for i in range(len(pairs)))
                out.append(f"{key}={value}")
            return "\n".join(out) + "\n"
        n.server_properties = props


# ===== Connect group probe ================================================================

class GroupProbe(bench.GroupMember):
    """DescribeGroups v1 of one group, spoken directly to its coordinator: librdkafka's
    describe_consumer_groups refuses a group of protocol type "connect". Gives the group's
    state and member count, for both kinds alike."""

    def __init__(self, bootstrap, group):
        super().__init__(bootstrap, group)
        self.find_coordinator()

    def describe(self):
        b = self._call(15, 1, struct.pack(">i", 1) + self._str(self.group))
        at = 8                                    # throttle_time_ms, groups array length
        err = struct.unpack_from(">h", b, at)[0]
        _, at = self._read_str(b, at + 2)         # group id
        state, at = self._read_str(b, at)
        _, at = self._read_str(b, at)             # protocol type
        _, at = self._read_str(b, at)             # protocol
        members = struct.unpack_from(">i", b, at)[0]
        return err, state, max(members, 0)


# ===== Status topic (dedicated mode) ======================================================

class StatusWatcher(threading.Thread):
    """Follows a Connect status topic (written by Java and kconnect alike: key
    status-connector-<name> / status-task-<name>-<id>, JSON value with state and
    worker_id): history [(monotonic time read, key, value or None)]."""

    def __init__(self, cluster, topic):
        super().__init__(daemon=True)
        from confluent_kafka import OFFSET_BEGINNING, Consumer, TopicPartition
        n = wait_topic(cluster, topic, timeout=30)
        self.c = Consumer({"bootstrap.servers": cluster.bootstrap,
                           "group.id": f"faults-{uid()}", "enable.auto.commit": False,
                           "fetch.wait.max.ms": 50, "log_level": 0})
        self.c.assign([TopicPartition(topic, p, OFFSET_BEGINNING) for p in range(n)])
        self.history = []
        self._lock = threading.Lock()
        self._stop_event = threading.Event()

    def run(self):
        while not self._stop_event.is_set():
            for m in self.c.consume(num_messages=100, timeout=0.1):
                if m.error() or m.key() is None:
                    continue
                try:
                    value = json.loads(m.value()) if m.value() else None
                except ValueError:
                    value = None
                with self._lock:
                    self.history.append((time.monotonic(), m.key().decode(), value))
        self.c.close()

    def stop(self):
        self._stop_event.set()
        self.join()

    def latest(self, key):
        """The newest (monotonic time read, value) of key, or None."""
        with self._lock:
            for t, k, v in reversed(self.history):
                if k == key:
                    return t, v
        return None

    def wait(self, pred, timeout, what):
        """Until pred(self) is true; the monotonic time it was."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if pred(self):
                return time.monotonic()
            time.sleep(0.05)
        raise RuntimeError(f"{what}: not after {timeout:.0f}s (last statuses: "
                           f"{self.history[-6:]})")


# Each kind's log lines for the MirrorSource task starting and stopping on a node. Which node
# runs the task is read from the nodes' own logs: in the status topic, kconnect's dedicated
# nodes all have the worker id "src->dst" without internal REST (Java's add a random UUID).
TASK_LOG = {
    "java": (re.compile(r"\bStarting task MirrorSourceConnector-0 "),
             re.compile(r"\bStopping task MirrorSourceConnector-0 ")),
    "kconnect": (re.compile(r" worker: \[MirrorSourceConnector-0\] RUNNING$"),
                 re.compile(r" worker: \[MirrorSourceConnector-0\] "
                            r"(UNASSIGNED|FAILED|PAUSED|STOPPED)$")),
}


def task_events(kind, log_path):
    """[(wall time, "start" or "stop")] of the MirrorSource task in one node's log (both kinds
    begin a line with "[yyyy-mm-dd hh:mm:ss,mmm]", local time)."""
    start_re, stop_re = TASK_LOG[kind]
    out = []
    try:
        with open(log_path, errors="replace") as f:
            for line in f:
                line = line.rstrip("\n")
                event = ("start" if start_re.search(line) else
                         "stop" if stop_re.search(line) else None)
                if event and line.startswith("["):
                    t = datetime.datetime.strptime(line[1:24], "%Y-%m-%d %H:%M:%S,%f")
                    out.append((t.timestamp(), event))
    except OSError:
        pass
    return out


def runs_task(events, at):
    """Whether the node whose task events these are ran the task at wall time `at`."""
    before = [e for t, e in events if t <= at]
    return bool(before) and before[-1] == "start"


def running_on(watcher, key):
    """Whether key's newest status is RUNNING."""
    got = watcher.latest(key)
    return bool(got and got[1] and got[1].get("state") == "RUNNING")


# ===== Workers ============================================================================

def worker_props(target, run_id, protocol, s, eos=False, rf=1):
    """The worker properties every worker of a rolling run gets, either kind: a group and
    internal topics of its own (replication factor rf), ByteArrayConverter, the protocol under
    test, the scheduled rebalance delay of the settings, the settings' worker_extra;
    everything else at its default (offset.flush.interval.ms 60 s, session.timeout.ms
    10 s). eos: EOS_WORKER too, and
    nothing else changed, so that the eos scenario differs from rolling by exactly-once alone
    (its source tasks then commit their offsets in each transaction, with the records: the
    flush interval no longer applies to them)."""
    return {
        "bootstrap.servers": target.bootstrap,
        "group.id": f"faults-{run_id}",
        "key.converter": bench.BYTES,
        "value.converter": bench.BYTES,
        "offset.storage.topic": f"faults-offsets-{run_id}",
        "offset.storage.replication.factor": str(rf),
        "config.storage.topic": f"faults-configs-{run_id}",
        "config.storage.replication.factor": str(rf),
        "status.storage.topic": f"faults-status-{run_id}",
        "status.storage.replication.factor": str(rf),
        "connect.protocol": protocol,
        "scheduled.rebalance.max.delay.ms": str(s.rebalance_delay_ms),
        **(EOS_WORKER if eos else {}),
        **s.worker_extra,
    }


def kind_at(kind, i):
    """The kind of a run's worker i: MIXED's for a mixed run, else the run's."""
    return MIXED[i % len(MIXED)] if kind == "mixed" else kind


def start_worker(kind, java, s, workdir, props, name, port=None):
    """A started bench.Worker on a free REST port, or, for a restart, on `port`: the same
    properties, REST port and so worker id as before the kill."""
    if port is not None:
        props = dict(props, listeners=f"http://127.0.0.1:{port}")
    w = bench.Worker(kind, java, s, workdir, props, name)
    if port is not None:
        w.w.port = port
    return w.start()


def connector_status(worker, timeout=1):
    """GET /connectors/<c>/status of one worker; None if it does not answer 200 in time (a
    short timeout: the kill it comes before must keep to its schedule)."""
    import requests
    try:
        r = requests.get(f"{worker.w.url}/connectors/{CONNECTOR}/status", timeout=timeout)
        return r.json() if r.status_code == 200 else None
    except (requests.RequestException, ValueError):
        return None


class StatusPoller(threading.Thread):
    """GET /connectors/<c>/status of each worker in turn, every POLL_S, until stop(): the
    newest answer (any worker's: they all read the same status topic) is there when a kill
    comes, so the kill keeps to its schedule even while workers rebalance and answer slowly.
    Ports are stable across restarts, so the list of ports is all it needs."""

    POLL_S = 0.25

    def __init__(self, ports):
        super().__init__(daemon=True)
        self.urls = [f"http://127.0.0.1:{p}" for p in ports]
        self.latest = None               # (monotonic time of the answer, status)
        self._stop_event = threading.Event()

    def run(self):
        import requests
        i = 0
        while not self._stop_event.is_set():
            url = self.urls[i % len(self.urls)]
            i += 1
            try:
                r = requests.get(f"{url}/connectors/{CONNECTOR}/status", timeout=1)
                if r.status_code == 200:
                    self.latest = (time.monotonic(), r.json())
            except (requests.RequestException, ValueError):
                pass
            self._stop_event.wait(self.POLL_S)

    def stop(self):
        self._stop_event.set()
        self.join()


def task_partitions(st, victim_port, partitions_of):
    """[(task id, [partitions])] of the connector's RUNNING tasks that the status `st` places
    on the worker with REST port victim_port; None without a status."""
    if not st:
        return None
    out = []
    for t in st.get("tasks", []):
        if t.get("worker_id", "").endswith(f":{victim_port}") and t.get("state") == "RUNNING":
            out.append((t["id"], partitions_of.get(t["id"], [])))
    return out


def partitions_by_task(worker):
    """{task id: [partition numbers]} from GET /connectors/<c>/tasks (each MirrorSource task's
    task.assigned.partitions)."""
    import requests
    r = requests.get(f"{worker.w.url}/connectors/{CONNECTOR}/tasks", timeout=10)
    out = {}
    for t in r.json():
        assigned = t.get("config", {}).get("task.assigned.partitions", "")
        out[t["id"]["task"]] = sorted(int(tp.rsplit("-", 1)[1]) for tp in assigned.split(",")
                                      if tp)
    return out


class MirrorMakerNode:
    """One dedicated MirrorMaker process: Java's org.apache.kafka.connect.mirror.MirrorMaker
    (as connect-mirror-maker.sh starts it, the JVM options of the Java workers) or
    `kconnect mirror-maker`, on the same mm2.properties. Its log: <workdir>/<name>.log."""

    def __init__(self, kind, java, s, workdir, config, name):
        self.kind, self.name = kind, name
        self.log_path = os.path.join(workdir, f"{name}.log")
        if kind == "java":
            log4j = os.path.join(workdir, f"{name}-log4j2.properties")
            with open(log4j, "w") as f:
                f.write(kh.JavaConnectWorker.LOG4J2)
            self.cmd = java.command(JAVA_MIRROR_MAKER, [config], jvm=s.java_opts, log4j=log4j)
        else:
            self.cmd = [s.kconnect, "mirror-maker", config]
        self.proc = None

    def start(self):
        log = open(self.log_path, "ab")
        self.proc = subprocess.Popen(self.cmd, stdout=log, stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL, preexec_fn=_die_with_parent)
        log.close()
        return self

    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    def kill(self):
        if self.alive():
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait()

    def stop(self):
        if self.proc is not None:
            bench.stop_process(self.proc, 30)


def mm2_properties(path, kind, source, target, topic, run_id, s):
    """Runbook 3's mm2.properties with this run's names: the topic regex, a group and
    internal topics of the run's own (so no run reads another's configs or offsets), and
    the settings' scheduled rebalance delay for both herders. With FAULTS_MM2_LATEST (the
    default), the flow's consumer.auto.offset.reset (see below). With FAULTS_MM2_REST, KIP-710's
    internal REST on an ephemeral port (not in the runbook's file). For Java only, as the test
    harness and the bench give its workers, plugin.discovery=service_load (for the node and
    both of its herders): the default classpath scan took 27 of a node's 37 s start on a
    2-core machine, and the kill must come before node 1's first offset flush."""
    lines = kconnect.runbook3_mm2_properties(source, target, topic) | {
        "dst.group.id": f"src-mm2-{run_id}",
        "src.group.id": f"dst-mm2-{run_id}",
        "offset.storage.topic": f"mm2-offsets.{run_id}.internal",
        "config.storage.topic": f"mm2-configs.{run_id}.internal",
        "status.storage.topic": f"mm2-status.{run_id}.internal",
        "dst.scheduled.rebalance.max.delay.ms": str(s.rebalance_delay_ms),
        "src.scheduled.rebalance.max.delay.ms": str(s.rebalance_delay_ms),
    }
    if s.mm2_latest:
        # The runbook's consumer.auto.offset.reset is dropped by Java's MirrorMakerConfig
        # (and so by kconnect's): a connector's config keeps only connector settings from the
        # top level, and a cluster's only bare client settings. Its MirrorSource consumer
        # then starts at MirrorMaker's default, earliest. The flow's own key puts latest, what
        # the runbook means, in effect.
        lines["src->dst.consumer.auto.offset.reset"] = "latest"
    if s.mm2_rest:
        lines["dedicated.mode.enable.internal.rest"] = "true"
        lines["listeners"] = "http://127.0.0.1:0"
    if kind == "java":
        for prefix in ("", "src.", "dst."):
            lines[f"{prefix}plugin.discovery"] = "service_load"
    return kconnect.write_properties(path, lines)


def topic_partitions(admin, topic):
    """Partition count of topic, None while it does not exist. Asks for the metadata of every
    topic: a metadata request naming a missing topic has the broker create it
    (auto.create.topics.enable), with a delete policy and one partition, before the worker
    creates it as it must be (it then refuses a status topic that is not compacted)."""
    t = admin.list_topics(timeout=10).topics.get(topic)
    return len(t.partitions) if t is not None and t.error is None else None


def wait_topic(cluster, topic, partitions=None, timeout=120, alive=lambda: True):
    """Until topic exists (with `partitions` partitions, if given) on cluster: one a worker
    creates; raises when alive() turns false or after timeout."""
    admin = cluster.admin()
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and alive():
        n = topic_partitions(admin, topic)
        if n is not None and (partitions is None or n == partitions):
            return n
        time.sleep(0.2)
    raise RuntimeError(f"topic {topic} not made on {cluster.name} "
                       f"({'after ' + str(timeout) + 's' if alive() else 'its maker exited'})")


def produce_markers(cluster, topic, partitions, tag):
    """One record "marker-<tag>" in each of `partitions`; {partition: its offset}."""
    from confluent_kafka import Producer
    p = Producer({"bootstrap.servers": cluster.bootstrap, "acks": "all", "log_level": 0})
    got = {}

    def dr(err, msg):
        if err is None:
            got[msg.partition()] = msg.offset()
    for part in partitions:
        p.produce(topic, f"marker-{tag}".encode(), partition=part, on_delivery=dr)
    p.flush(30)
    return got


# ===== Scenarios ==========================================================================

def stop_all(producer, threads, processes):
    """The end of a run, whatever happened: the producer, the run's threads, its workers."""
    if producer:
        producer.stop()
    for t in threads:
        if t and t.is_alive():
            t.stop()
    for p in processes:
        p.stop()


def start_clusters(specs, proxied=(), **kw):
    """kafka_harness.start_clusters, the clusters named in `proxied` with three proxy
    listeners per broker (add_proxy_listeners: one per worker of a run), and a longer wait
    for them to answer (three JVMs at once on two busy cores)."""
    def configure(clusters):
        for name in proxied:
            add_proxy_listeners(clusters[name], 3)
    return kh.start_clusters(specs, configure=configure, ready_timeout=240, **kw)


class Faults:
    def __init__(self, settings):
        self.s = settings
        self.java = kh.Java()
        self.runs = []
        self.clusters = None
        self.work = os.path.join(settings.out, "work")

    @property
    def source(self):
        return self.clusters["source"]

    @property
    def target(self):
        return self.clusters["target"]

    def target3(self):
        """The three-broker target cluster of the roll, started the first time it is asked
        for (the run's end stops it with the others)."""
        if "target3" not in self.clusters:
            d = os.path.join(self.s.out, "kafka", "target3")
            shutil.rmtree(d, ignore_errors=True)        # a start that failed before
            os.makedirs(d)
            print("faults: starting cluster target3 (three brokers)", flush=True)
            self.clusters.update(start_clusters([("target3", 3)], java=self.java,
                                                workdirs={"target3": d},
                                                extra_config=bench.BROKER_SETTINGS))
        return self.clusters["target3"]

    def workdir(self, name):
        d = os.path.join(self.work, name)
        os.makedirs(d, exist_ok=True)
        return d

    # ---- rolling kill -9 ----
    def rolling(self, kind, protocol, rep, eos=False, pipeline="mirror", fault="kill"):
        """Three workers, one source connector; the producer writes FAULTS_RATE records/s for
        FAULTS_SECONDS while faults hit the workers or the brokers, evenly spaced.

        pipeline "mirror": a MirrorSourceConnector (tasks.max FAULTS_TASKS) copies the
        VerifiableProducer's FAULTS_PARTITIONS-partition topic from the source cluster;
        "file": a FileStreamSourceConnector (one task) reads the lines a FileFeeder appends
        to a file into a one-partition topic of the target (StringConverter: the values are
        the numbers). kind "mixed": the workers MIXED, both kinds in one group.

        fault (FAULTS, each event's victim in turn): "kill", FAULTS_KILLS kills -9 of the
        workers, each restarted at once; "freeze", FAULTS_OUTAGES SIGSTOPs of a worker for
        FAULTS_OUTAGE_S (past its session timeout), then SIGCONT; "partition", the same
        outages as a cut of the worker's network path to the target cluster (its Proxy
        stops forwarding; nothing is reset), then healed; "source" and "target",
        FAULTS_BROKER_RESTARTS restarts of that cluster's broker (SIGTERM, then started
        again); "roll", each broker of a three-broker target cluster restarted in turn (the
        workers' internal topics, the remote topic and the offset syncs with replication
        factor 3: every partition leader moves, those of the offsets and status topics
        included).

        eos (the eos scenario): the workers with EOS_WORKER, the connector with EOS_CONNECTOR
        (a FileStreamSource: exactly.once.support required alone), and the target read
        read_committed, as its consumers would read it: its end offsets (drain, recovery) are
        the last stable offsets, and what is counted is what a read_committed consumer reads.
        Then the topic is read again read_uncommitted: uncommitted_copies, the records of
        aborted transactions (the kills' re-copies that the transactions kept from the
        read_committed count), says that the kills did make tasks copy again, which the 0
        duplicates alone would not."""
        s, run_id = self.s, uid()
        if eos:
            s = copy.copy(s)
            s.stall = max(s.stall, s.eos_stall)
        scenario = "eos" if eos else FAULT_SCENARIO[fault]
        name = f"{scenario}-{pipeline}-{protocol}-{kind}-{rep}"
        wd = self.workdir(name)
        isolation = "read_committed" if eos else None
        target = self.target3() if fault == "roll" else self.target
        rf = len(target.nodes)
        if pipeline == "mirror":
            topic, alias = f"faults-{run_id}", f"s{run_id}"
            remote, partitions, tasks = f"{alias}.{topic}", s.partitions, s.tasks
            self.source.create_topic(topic, partitions)
            config = dict(bench.mirror_config(self.source, target, alias, topic, tasks,
                                              EOS_CONNECTOR if eos else {}),
                          **{"replication.factor": str(rf),
                             "offset-syncs.topic.replication.factor": str(rf)})
        else:
            topic = os.path.join(wd, "input.txt")
            remote, partitions, tasks = f"faults-file-{run_id}", 1, 1
            target.create_topic(remote, partitions, replication_factor=rf)
            config = {"connector.class": bench.FILE_SOURCE, "tasks.max": "1", "file": topic,
                      "topic": remote, "key.converter": bench.STRING,
                      "value.converter": bench.STRING,
                      **({"exactly.once.support": "required"} if eos else {})}
        props = worker_props(target, run_id, protocol, s, eos, rf)
        proxies = []
        if fault == "partition":
            # Worker i reaches the target cluster through its own listener PROXYi of each
            # broker, advertised at a Proxy's port: every connection it makes to the target
            # (group, internal topics, its tasks' producers) passes the proxy.
            proxies = [[Proxy(n.proxy_ports[i][1], n.proxy_ports[i][0]) for n in target.nodes]
                       for i in range(3)]
            props = [dict(props, **{"bootstrap.servers": ",".join(
                f"127.0.0.1:{n.proxy_ports[i][1]}" for n in target.nodes)})
                for i in range(3)]
        else:
            props = [props] * 3
        workers = [start_worker(kind_at(kind, i), self.java, s, wd, props[i], f"w{i}")
                   for i in range(3)]
        ports = [w.port for w in workers]
        producer = sampler = poller = None
        result = {"pipeline": pipeline, "fault": fault, "topic": os.path.relpath(topic, TOP)
                  if pipeline == "file" else topic, "remote_topic": remote,
                  "workdir": os.path.relpath(wd, TOP)}
        kills, exits = [], []
        try:
            for w in workers:
                w.wait_get("/connectors")
            workers[0].create_connector(CONNECTOR, config)
            workers[0].wait_tasks_running(CONNECTOR, tasks)
            if pipeline == "mirror":
                wait_topic(target, remote, partitions)
                partitions_of = partitions_by_task(workers[0])
            else:
                partitions_of = {0: [0]}
            result["partitions_by_task"] = partitions_of
            sampler = Sampler(target, remote, partitions, isolation)
            sampler.start()
            poller = StatusPoller(ports)
            poller.start()
            total = int(s.rate * s.seconds)
            if pipeline == "mirror":
                producer = VerifiableProducer(self.java, self.source, topic, s.rate, total,
                                              os.path.join(wd, "producer.jsonl"))
                kill_source = Offsets(self.source, topic, partitions)
                kill_source.ends()
            else:
                producer = kill_source = FileFeeder(topic, s.rate, total)
            t0 = producer.wait_started()
            n = {"kill": s.kills, "freeze": s.outages, "partition": s.outages,
                 "source": s.broker_restarts, "target": s.broker_restarts,
                 "roll": len(target.nodes)}[fault]
            # Event k (1..n) at k * seconds / (n + 1): evenly spaced, none at either end.
            schedule = [t0 + k * s.seconds / (n + 1) for k in range(1, n + 1)]
            pending = {}                    # worker index -> monotonic time of its restart
            later = []                      # [(monotonic time, what to do then)]
            # The end offsets right after a fault, from a client connected beforehand.
            kill_offsets = Offsets(target, remote, partitions, isolation)
            kill_offsets.ends()
            restart = (kind, wd, props, ports, later)
            for k, t_kill in enumerate(schedule):
                i = k % 3
                self._wait_until(t_kill, workers, pending, kills, exits, t0, restart)
                got = poller.latest
                fresh = got is not None and time.monotonic() - got[0] < 3
                st = got[1] if fresh else None
                if fault in WORKER_FAULTS:
                    victim_tasks = task_partitions(st, ports[i], partitions_of)
                    victim = {"worker": i, "kind": kind_at(kind, i)}
                else:
                    # A broker: every task copies through it.
                    victim_tasks = list(partitions_of.items()) if st else None
                    node = (self.source.nodes[0] if fault == "source" else
                            target.nodes[k % len(target.nodes)])
                    victim = {"broker": f"{'source' if fault == 'source' else 'target'}"
                                        f"/node{node.node_id}"}
                t = time.monotonic()
                if fault == "kill":
                    workers[i].kill()
                elif fault == "freeze":
                    pid = workers[i].pid
                    os.kill(pid, signal.SIGSTOP)
                    later.append((t + s.outage_s, lambda pid=pid: os.kill(pid, signal.SIGCONT)))
                elif fault == "partition":
                    for px in proxies[i]:
                        px.cut()
                    later.append((t + s.outage_s,
                                  lambda ps=proxies[i]: [px.heal() for px in ps]))
                elif fault in BROKER_FAULTS:
                    before = kill_offsets.ends()
                    source_before = kill_source.ends()
                    node.stop()
                # The target's one broker stopped answers nothing (a reading would wait out
                # its timeout, the broker kept down meanwhile): the copy stands where it was
                # before the stop, whose controlled shutdown stops writes first.
                baseline = before if fault == "target" else kill_offsets.ends()
                if fault in BROKER_FAULTS:
                    # A partition neither reading answered: its last sample before the fault.
                    last = [next((e[p] for tt, e in reversed(sampler.samples)
                                  if tt <= t and e[p] is not None), None)
                            for p in range(partitions)]
                    baseline = [next((v for v in vs if v is not None), None)
                                for vs in zip(baseline, before, last)]
                t_base = time.monotonic()
                # (The source's one broker stopped: where the source stood before the stop.)
                source_at_kill = (source_before if fault == "source" else kill_source.ends())
                if fault == "kill":
                    workers[i] = start_worker(kind_at(kind, i), self.java, s, wd, props[i],
                                              f"w{i}", ports[i])
                    pending[i] = time.monotonic()
                elif fault in BROKER_FAULTS:
                    node.start()
                    wait_in_sync(self.source if fault == "source" else target)
                kills.append({"kill": k + 1, **victim, "at_s": t - t0, "t": t,
                              "t_baseline": t_base, "baseline": baseline,
                              "source_at_kill": source_at_kill,
                              "by_task": victim_tasks or [],
                              "tasks": [tid for tid, _ in victim_tasks or []],
                              "partitions": sorted(p for _, ps in victim_tasks or []
                                                   for p in ps),
                              "status_known": victim_tasks is not None})
                if fault in BROKER_FAULTS:
                    kills[-1]["broker_back_s"] = time.monotonic() - t
                print(f"faults:   {fault} {k + 1} at {t - t0:5.1f}s: "
                      f"{victim.get('broker') or 'worker %d' % i} (tasks {kills[-1]['tasks']}, "
                      f"partitions {kills[-1]['partitions']})", flush=True)
            # The producer ends by itself once it has sent `total` records; the restarts
            # still pending are waited for meanwhile.
            end = t0 + s.seconds + 120
            while producer.running() and time.monotonic() < end:
                self._wait_until(time.monotonic() + 1, workers, pending, kills, exits, t0,
                                 restart)
            producer.wait_done(60)
            # The restarts still coming up (a JVM under load takes seconds), and outages
            # still to end, while the rest of the copy drains.
            end = time.monotonic() + 90
            while (pending or later) and time.monotonic() < end:
                self._wait_until(time.monotonic() + 0.5, workers, pending, kills, exits, t0,
                                 restart)
            acked, summary = producer.acks()
            source_ends = (Offsets(self.source, topic, partitions).all_ends()
                           if pipeline == "mirror" else producer.ends())
            ends, drained = wait_drained(
                s, sampler, lambda e: all(a >= b for a, b in zip(e, source_ends)), name)
            result["final_status"] = self._status_any(workers)
            result.update(summary)
            result["produced"] = summary["acked"]
            result.update(check(s, sampler, target, remote, ends, drained, acked,
                                isolation=isolation))
            if eos:
                result.update(self._uncommitted(target, remote, partitions, acked, result))
            sampler.stop()
            result.update(self._recoveries(kills, sampler.samples, source_ends))
            result["target_ends"] = compact(sampler.samples, t0)
            result["exits"] = exits
            result["errors_logged"] = {f"w{i}": log_errors(os.path.join(wd, f"w{i}.log"))
                                       for i in range(3)}
        finally:
            for at, fn in later:            # no worker left stopped, no path left cut
                fn()
            stop_all(producer, (sampler, poller), workers)
            for px in (px for ps in proxies for px in ps):
                px.close()
            bench.delete_topics(target, [remote, props[0]["offset.storage.topic"],
                                         props[0]["config.storage.topic"],
                                         props[0]["status.storage.topic"]])
            if pipeline == "mirror":
                bench.delete_topics(self.source, [topic])
        return result

    def _uncommitted(self, target, topic, partitions, acked, committed):
        """The remote topic read read_uncommitted up to its high watermarks, after the
        read_committed count `committed`: its records and duplicates then, and
        uncommitted_copies, the records read_committed did not return: those of aborted
        transactions, and of any still open (the target is quiet by now, so none should be:
        open_partitions, those whose last stable offset is below the high watermark, says)."""
        ends = Offsets(target, topic, partitions).ends()
        stable = Offsets(target, topic, partitions, "read_committed").ends()
        if None in ends or None in stable:
            raise RuntimeError(f"{topic}: the target's end offsets unreadable ({ends}, "
                               f"{stable})")
        records = read_topic(target, topic, ends, isolation="read_uncommitted")
        got = count(acked, sequence_numbers(records))
        return {"read_uncommitted": {"target_records": len(records), "lost": got["lost"],
                                     "duplicated": got["duplicated"],
                                     "max_copies": got["max_copies"]},
                "uncommitted_copies": len(records) - committed["target_records"],
                "open_partitions": [p for p in range(partitions) if stable[p] < ends[p]]}

    def _wait_until(self, until, workers, pending, kills, exits, t0, restart):
        """Until `until`: notes when each restarted worker's REST answers again, and restarts
        (as systemd's Restart= would) a worker that exited by itself, noting that. restart:
        (kind, workdir, each worker's properties, REST ports, the run's `later` list) of the
        run's workers; the entries of `later` whose time has come are done and removed."""
        import requests
        kind, wd, props, ports, later = restart
        while True:
            now = time.monotonic()
            for entry in [e for e in later if e[0] <= now]:
                later.remove(entry)
                entry[1]()
            for i, w in enumerate(workers):
                if not w.alive():
                    exits.append({"worker": i, "at_s": now - t0,
                                  "returncode": w.w.proc.returncode,
                                  "log_tail": w.log_tail(20)})
                    print(f"faults:   worker {i} exited by itself ({w.w.proc.returncode}) at "
                          f"{now - t0:.1f}s; restarting it", flush=True)
                    workers[i] = start_worker(kind_at(kind, i), self.java, self.s, wd,
                                              props[i], f"w{i}", ports[i])
                    pending[i] = time.monotonic()
            for i, t_start in list(pending.items()):
                try:
                    ok = requests.get(workers[i].w.url + "/", timeout=0.3).status_code == 200
                except requests.RequestException:
                    ok = False
                if ok:
                    for k in reversed(kills):
                        if k["worker"] == i:
                            k["rest_again_s"] = time.monotonic() - k["t"]
                            break
                    del pending[i]
            if time.monotonic() >= until:
                return
            time.sleep(0.1)

    @staticmethod
    def _recoveries(kills, samples, source_ends):
        """Each kill's copied partitions and recovery. Copied: the partitions of the tasks the
        status placed on the killed worker that copying() finds being copied (they advanced
        in the FLOW_WINDOW_S before the kill, and got records after it). A status can be
        stale: the tasks of a worker killed earlier stay RUNNING under its worker id, which
        its restart shares, until a rebalance gives them to someone, and nothing of them was
        being copied. Recovery: from the kill -9 until each of those tasks copies again (one
        of its copied partitions has an end offset above the one read right after the kill),
        the last of them. Times in seconds; None when it never happened in the run."""
        for k in kills:
            copied = copying(samples, k["t"], k.pop("source_at_kill"), source_ends)
            tasks = [(tid, [p for p in parts if p in copied]) for tid, parts in k.pop("by_task")]
            tasks = [(tid, parts) for tid, parts in tasks if parts]
            k["status_partitions"] = k.pop("partitions")
            k["partitions"] = sorted(p for _, parts in tasks for p in parts)
            times = [first_advance(samples, k["t_baseline"], k["baseline"], parts)
                     for _, parts in tasks]
            k["recovery_s"] = (max(times) + k["t_baseline"] - k["t"]
                               if times and None not in times else None)
            for key in ("t", "t_baseline"):
                del k[key]
        timed = [k["recovery_s"] for k in kills if k["partitions"]]
        done = [t for t in timed if t is not None]
        return {"kills": kills,
                "kills_stopping_a_copy": len(timed),
                "not_recovered": len(timed) - len(done),
                "recovery_median_s": statistics.median(done) if done else None,
                "recovery_max_s": max(done) if done else None}

    @staticmethod
    def _status_any(workers):
        for w in workers:
            st = connector_status(w, timeout=5)
            if st:
                return {"connector": st.get("connector", {}).get("state"),
                        "tasks": [t.get("state") for t in st.get("tasks", [])]}
        return None

    # ---- dedicated node killed before its first flush ----
    def dedicated(self, kind, kill_delay, rep):
        """Runbook 3: node 1 runs the MirrorSource task; a cut is made (markers); node 2 starts
        and joins; kill_delay seconds later node 1 is killed -9; the producer goes on; node 2
        takes over."""
        s, run_id = self.s, uid()
        name = f"dedicated-{kind}-{kill_delay:g}s-{rep}"
        wd = self.workdir(name)
        topic = f"syslog-{run_id}"             # the identity policy keeps the name
        status_topic = f"mm2-status.{run_id}.internal"
        group = f"src-mm2-{run_id}"
        self.source.create_topic(topic, s.partitions)
        config = mm2_properties(os.path.join(wd, "mm2.properties"), kind, self.source,
                                self.target, topic, run_id, s)
        nodes = [MirrorMakerNode(kind, self.java, s, wd, config, f"node{i + 1}")
                 for i in range(2)]
        producer = sampler = watcher = probe = None
        result = {"topic": topic, "workdir": os.path.relpath(wd, TOP)}
        all_parts = range(s.partitions)
        try:
            # The producer writes from before node 1 starts: what it writes before the cut
            # is skipped by auto.offset.reset=latest, as in the runbook.
            producer = VerifiableProducer(self.java, self.source, topic, s.rate, -1,
                                          os.path.join(wd, "producer.jsonl"))
            t0 = producer.wait_started()
            nodes[0].start()
            try:
                wait_topic(self.target, status_topic, timeout=180, alive=nodes[0].alive)
            except RuntimeError as e:
                raise RuntimeError(f"node 1: {e}: {kh.tail(nodes[0].log_path)}")
            watcher = StatusWatcher(self.target, status_topic)
            watcher.start()
            t_running = watcher.wait(lambda w: running_on(w, MM2_SOURCE_TASK), 180,
                                     "node 1's MirrorSource task RUNNING")
            result["task_running_at_s"] = t_running - t0
            wait_topic(self.target, topic, s.partitions)
            sampler = Sampler(self.target, topic, s.partitions)
            sampler.start()
            cut, tmark = self._cut(topic, run_id, all_parts)
            result["cut"] = {"source": cut, "target": tmark,
                             "after_task_running_s": time.monotonic() - t_running}
            # The end offsets right after the kill, from a client connected beforehand.
            kill_offsets = Offsets(self.target, topic, s.partitions)
            kill_offsets.ends()
            kill_source = Offsets(self.source, topic, s.partitions)
            kill_source.ends()
            probe = GroupProbe(self.target.bootstrap, group)
            # Node 2 joins. It has joined when a generation with both nodes is complete: the
            # group CompletingRebalance or Stable with two members, first seen. Polled every
            # 20 ms from node 2's start: in a cooperative group that generation can last only
            # as long as node 1 takes to revoke what node 2 gets, before the next round.
            nodes[1].start()
            t_node2 = time.monotonic()
            deadline = t_node2 + 180
            member = None
            while True:
                err, state, members = probe.describe()
                if members == 2 and member is None:
                    member = time.monotonic()
                if members == 2 and state in ("CompletingRebalance", "Stable"):
                    break
                if not nodes[1].alive() or time.monotonic() > deadline:
                    raise RuntimeError(f"node 2 did not join {group} (error {err}, state "
                                       f"{state}, {members} members): "
                                       f"{kh.tail(nodes[1].log_path)}")
                time.sleep(0.02)
            result["node2_member_after_start_s"] = member - t_node2
            result["node2_joined_after_start_s"] = time.monotonic() - t_node2
            time.sleep(kill_delay)
            t_kill, wall_kill = time.monotonic(), time.time()
            nodes[0].kill()
            baseline = kill_offsets.ends()
            t_base = time.monotonic()
            source_at_kill = kill_source.ends()
            result["kill_at_s"] = t_kill - t0
            result["kill_after_task_running_s"] = t_kill - t_running
            on = [runs_task(task_events(kind, n.log_path), wall_kill) for n in nodes]
            at_kill = "node 1" if on[0] else "node 2" if on[1] else "neither (moving)"
            result["task_at_kill"] = at_kill
            print(f"faults:   node 1 killed {t_kill - t_running:.1f}s after its task was "
                  f"RUNNING, {kill_delay:g}s after node 2 joined; the MirrorSource task was "
                  f"then on {at_kill}", flush=True)
            # Node 2 runs the task (its log says so); the producer goes on until
            # FAULTS_MM2_AFTER seconds after the kill.
            deadline = time.monotonic() + 180 + s.rebalance_delay_ms / 1000
            while not runs_task(task_events(kind, nodes[1].log_path), time.time()):
                if not nodes[1].alive() or time.monotonic() > deadline:
                    raise RuntimeError(f"node 2 not running the MirrorSource task: "
                                       f"{kh.tail(nodes[1].log_path)}")
                time.sleep(0.2)
            started = [t for t, e in task_events(kind, nodes[1].log_path) if e == "start"]
            result["node2_task_started_s"] = started[-1] - wall_kill
            left = t_kill + s.mm2_after - time.monotonic()
            if left > 0:
                time.sleep(left)
            producer.stop()
            acked, summary = producer.acks()
            source_ends = Offsets(self.source, topic, s.partitions).all_ends()

            def caught_up(ends):
                # As many records after the target's marker as after the source's cut.
                return all(ends[p] - tmark[p] >= source_ends[p] - cut[p] for p in all_parts)
            ends, drained = wait_drained(s, sampler, caught_up, name)
            after_cut = [v for v, (p, o) in acked.items() if o > cut[p]]
            result.update(summary)
            result["produced"] = len(after_cut)
            result["produced_before_cut"] = summary["acked"] - len(after_cut)
            result.update(check(s, sampler, self.target, topic, ends, drained, acked, after_cut))
            sampler.stop()
            # A recovery only when the task was not on node 2 at the kill (on node 1, or moving
            # to node 2, its copy stopped by the revocation before the kill); otherwise the
            # partitions did not wait for the kill, and when they next advanced is kept apart.
            # Over every partition the producer wrote to after the kill: the one task copies
            # them all.
            copied = [p for p in all_parts if source_ends[p] is not None and
                      source_at_kill[p] is not None and source_ends[p] > source_at_kill[p]]
            result["copied_partitions"] = copied
            flowing = (first_advance(sampler.samples, t_base, baseline, copied)
                       if copied else None)
            flowing = flowing + t_base - t_kill if flowing is not None else None
            result["flowing_after_kill_s"] = flowing
            result["target_ends"] = compact(sampler.samples, t0)
            result["recovery_s"] = flowing if at_kill != "node 2" else None
            result["timeline"] = sorted(
                [round(t - wall_kill, 2), f"node {i + 1}", e]
                for i, n in enumerate(nodes) for t, e in task_events(kind, n.log_path))
            result["errors_logged"] = {n.name: log_errors(n.log_path) for n in nodes}
        finally:
            if probe:
                probe.close()
            stop_all(producer, (sampler, watcher), nodes)
            internal = [f"mm2-{x}.{run_id}.internal" for x in ("offsets", "configs", "status")]
            bench.delete_topics(self.target, [topic] + internal)
            bench.delete_topics(self.source, [topic] + internal)
        return result

    def _cut(self, topic, run_id, partitions, timeout=60):
        """The cut of a dedicated run: a marker record in every partition, again every 2 s for
        the partitions none of whose markers has reached the target yet. Node 1's task
        started at `latest`: a marker it copied proves it reads that partition from at or
        before the marker, so every record after that marker must reach the target; records
        before it may legitimately be skipped. Returns ({partition: the source offset of the
        first marker seen on the target}, {partition: its offset on the target})."""
        from confluent_kafka import OFFSET_BEGINNING, Consumer, TopicPartition
        c = Consumer({"bootstrap.servers": self.target.bootstrap, "group.id": f"faults-{uid()}",
                      "enable.auto.commit": False, "fetch.wait.max.ms": 50, "log_level": 0})
        c.assign([TopicPartition(topic, p, OFFSET_BEGINNING) for p in partitions])
        sent = {}                     # marker value -> {partition: source offset}
        cut, tmark = {}, {}
        deadline, next_batch, n = time.monotonic() + timeout, 0, 0
        try:
            while len(cut) < len(partitions):
                now = time.monotonic()
                if now > deadline:
                    raise RuntimeError(f"markers not on the target after {timeout}s in "
                                       f"partitions {sorted(set(partitions) - set(cut))}")
                if now >= next_batch:
                    n += 1
                    tag = f"{run_id}-{n}"
                    sent[f"marker-{tag}".encode()] = produce_markers(
                        self.source, topic, [p for p in partitions if p not in cut], tag)
                    next_batch = now + 2
                for m in c.consume(num_messages=10000, timeout=0.1):
                    if m.error() or m.value() not in sent:
                        continue
                    p = m.partition()
                    if p not in cut and p in sent[m.value()]:
                        cut[p] = sent[m.value()][p]
                        tmark[p] = m.offset()
        finally:
            c.close()
        return cut, tmark

    # ---- driver ----
    def record(self, scenario, kind, fn, *args, **labels):
        t = time.monotonic()
        run = {"scenario": scenario, "kind": kind, **labels}
        tag = " ".join(f"{k}={v}" for k, v in labels.items())
        print(f"faults: {scenario} {kind} {tag}".rstrip(), flush=True)
        try:
            run.update(fn(*args))
        except Exception as e:
            run["error"] = f"{type(e).__name__}: {e}"
            print(f"faults:   FAILED: {run['error'][:3000]}", flush=True)
            traceback.print_exc()
        run["wall_s"] = time.monotonic() - t
        if "error" not in run:
            shown = {k: run.get(k) for k in ("produced", "lost", "duplicated",
                                             "uncommitted_copies", "recovery_median_s",
                                             "recovery_max_s", "recovery_s", "drained")
                     if k in run}
            print(f"faults:   {shown} ({run['wall_s']:.0f}s)", flush=True)
        self.runs.append(run)

    def run(self):
        s = self.s
        t_start = time.monotonic()
        shutil.rmtree(os.path.join(s.out, "kafka"), ignore_errors=True)
        shutil.rmtree(self.work, ignore_errors=True)
        workdirs = {n: os.path.join(s.out, "kafka", n) for n in ("source", "target")}
        for d in workdirs.values():
            os.makedirs(d)
        print(f"faults: starting clusters source and target (Apache Kafka, KRaft) in "
              f"{os.path.relpath(os.path.join(s.out, 'kafka'), TOP)}", flush=True)
        self.clusters = start_clusters(
            [("source", 1), ("target", 1)], java=self.java, workdirs=workdirs,
            extra_config=bench.BROKER_SETTINGS,
            proxied=("target",) if "partition" in s.only else ())
        try:
            for rep in range(1, s.repeat + 1):
                # Kinds alternate in order from one repetition to the next; never at once
                # (two cores).
                kinds = s.kinds if rep % 2 == 1 else list(reversed(s.kinds))
                for scenario, protocols in (("rolling", s.protocols),
                                            ("eos", s.eos_protocols)):
                    if scenario not in s.only:
                        continue
                    for pipeline in s.pipelines:
                        for protocol in protocols:
                            for kind in kinds:
                                self.record(scenario, kind, self.rolling, kind, protocol, rep,
                                            scenario == "eos", pipeline, pipeline=pipeline,
                                            protocol=protocol, rep=rep)
                # The faults beyond kill -9: sessioned, the MirrorSource pipeline, Java and
                # kconnect (faults/README.md says why).
                for scenario, faults in (("freeze", ("freeze",)),
                                         ("partition", ("partition",)),
                                         ("brokers", BROKER_FAULTS)):
                    if scenario not in s.only:
                        continue
                    for fault in faults:
                        for kind in (k for k in kinds if k != "mixed"):
                            self.record(scenario, kind, self.rolling, kind, "sessioned", rep,
                                        False, "mirror", fault, pipeline="mirror",
                                        fault=fault, protocol="sessioned", rep=rep)
                if "dedicated" in s.only:
                    # One mm2.properties, one kind of node: no mixed run.
                    for delay in s.mm2_kill_delays:
                        for kind in (k for k in kinds if k != "mixed"):
                            self.record("dedicated", kind, self.dedicated, kind, delay, rep,
                                        kill_delay=delay, rep=rep)
        finally:
            for c in self.clusters.values():
                c.stop()
            shutil.rmtree(os.path.join(s.out, "kafka"), ignore_errors=True)
        return {"total_s": time.monotonic() - t_start}


def log_errors(path):
    """Lines at ERROR level in a worker's log (both kinds log "[time] LEVEL ...")."""
    try:
        with open(path, errors="replace") as f:
            return sum(1 for line in f if "] ERROR " in line[:40])
    except OSError:
        return None


# ===== Report =============================================================================

def _fmt(v, digits=1):
    if v is None:
        return "—"
    if isinstance(v, float):
        return f"{v:.{digits}f}"
    return f"{v:,}" if isinstance(v, int) else str(v)


def _pct(part, whole):
    return f"{100 * part / whole:.1f} %" if whole else "—"


def _run_line(results):
    """Which run a results.json is: when, what was tested, on what, how, how long."""
    return (f"{results['date']}, commit {results['commit']} (build/kconnect sha256 "
            f"{results.get('kconnect_sha256', '?')}), Apache Kafka "
            f"{results['kafka_version']}, {results['machine']['cpus']} CPUs "
            f"({results['machine']['cpu_model']}), `{results['command']}`, "
            f"{results['timings'].get('total_s', 0) / 60:.1f} min.")


def markdown(*all_results, chart_name=None):
    """The report of one results.json, or of several (`--report A.json B.json ... out.md`):
    the first one in full, then the sections of each next one, each section saying which run
    it comes from. A run of one scenario (FAULTS_ONLY) so joins the report of a full run
    without running everything again, and every figure still says when it was measured."""
    out = ["# Fault suite: kconnect and Java Connect under kill -9 and other faults", "",
           _run_line(all_results[0]), "",
           "Produced: records the VerifiableProducer saw acknowledged, or lines written to "
           "FileStreamSource's file (counted ones: see the scenario). Lost: acknowledged, never on the target. Duplicated: extra copies on "
           "the target of those records. Recovery: from the kill -9 until each task of "
           "the killed worker that was copying (its remote partitions advanced in the 2 s "
           "before the kill) copies again: one of those partitions advances "
           "(faults/README.md).", ""]
    if chart_name:
        out += [f"![recovery and duplicates per run]({chart_name})", ""]
    for i, results in enumerate(all_results):
        out += _sections(results, _run_line(results) if i else None)
    return "\n".join(out)


def _sections(results, provenance):
    """The report's sections for one results.json; provenance: the run they come from, said
    under each heading (None: the run of the report's own header)."""
    s = results["settings"]
    runs = results["runs"]

    def heading(title):
        return [title, ""] + ([f"From another run: {provenance}", ""] if provenance else [])
    out = []
    for pipeline in PIPELINES:
        what = (f"MirrorSourceConnector, tasks.max {s['tasks']}, {s['partitions']} partitions"
                if pipeline == "mirror" else
                "FileStreamSourceConnector (one task) reading an appended file into a "
                "one-partition topic")
        kills = (f"{s['kills']} kills of 3 workers over {s['seconds']:g} s at "
                 f"{s['rate']:,} records/s, {what}, scheduled.rebalance.max.delay.ms "
                 f"{s['rebalance_delay_ms']}")
        rolling = [r for r in runs if r["scenario"] == "rolling" and
                   r.get("pipeline", "mirror") == pipeline]
        if rolling:
            out += heading(f"## Rolling kill -9, {PIPELINE_TITLE[pipeline]} ({kills})")
            if pipeline == "file":
                out += ["FileStreamSource's offset is its position in the file, committed "
                        "every offset.flush.interval.ms (60 s), and by kconnect also after "
                        "each read in the first interval after a start or a rebalance "
                        "(faults/README.md): after a kill -9 its task reads again from the "
                        "last committed position, whichever kind runs it; duplicates are "
                        "expected, and compared between the kinds.", ""]
            out += _rolling_rows(rolling)
        eos = [r for r in runs if r["scenario"] == "eos" and
               r.get("pipeline", "mirror") == pipeline]
        if eos:
            out += heading(f"## Exactly-once rolling kill -9, {PIPELINE_TITLE[pipeline]} "
                           f"(exactly.once.source.support enabled, exactly.once.support "
                           f"required{', source consumer read_committed' if pipeline == 'mirror' else ''}; "
                           f"{kills})")
            out += ["The rolling scenario with exactly-once source (KIP-618). The target is "
                    "read read_committed: produced, lost and duplicated count what a "
                    "read_committed consumer reads, and its end offsets (drain, recovery) are "
                    "the last stable offsets. Not committed: the records a read_uncommitted "
                    "consumer reads besides (aborted transactions: copies the transactions "
                    "kept out). Kind mixed: w0 and w2 kconnect, w1 Java, in one group.", ""]
            out += _rolling_rows(eos, uncommitted=True)
    outage = (f"{s.get('outages', 3)} outages of {s.get('outage_s', 20):g} s, one per worker in "
              f"turn, over {s['seconds']:g} s at {s['rate']:,} records/s, MirrorSourceConnector, "
              f"tasks.max {s['tasks']}, {s['partitions']} partitions, sessioned")
    for scenario, title, text in (
            ("freeze", f"## Worker frozen past its session timeout (SIGSTOP, then SIGCONT; "
                       f"{outage})",
             "Each outage: one worker stopped with SIGSTOP (its heartbeats stop: the group "
             "expires it after session.timeout.ms, 10 s, and gives its tasks to the others), "
             "resumed with SIGCONT once the outage is over (it must notice it left the group, "
             "stop its tasks and join again; what it writes as a zombie meanwhile counts as "
             "duplicates). Recovery: from the SIGSTOP until its tasks copy again, on another "
             "worker."),
            ("partition", f"## Worker cut off from the target cluster (network partition; "
                          f"{outage})",
             "Each outage: one worker's network path to the target cluster (group "
             "coordinator, internal topics, its tasks' producers) cut at a TCP proxy of the "
             "suite's own on loopback, forwarding nothing but resetting nothing, then healed. "
             "Its MirrorSource tasks still read the source cluster directly. Recovery: from the "
             "cut until its tasks copy again."),
            ("brokers", f"## Broker restarts ({s.get('broker_restarts', 2)} restarts of the "
                        f"source broker, {s.get('broker_restarts', 2)} of the target broker, "
                        f"and a three-broker target cluster rolled, one broker after the other; "
                        f"over {s['seconds']:g} s at {s['rate']:,} records/s, "
                        f"MirrorSourceConnector, tasks.max {s['tasks']}, {s['partitions']} "
                        f"partitions, sessioned)",
             "source, target: the one broker of that cluster stopped (SIGTERM: controlled "
             "shutdown) and started again on the same data. roll: each of the three brokers of "
             "a target cluster in turn, the workers' internal topics, the remote topic and the "
             "offset syncs with replication factor 3 (min.insync.replicas 2): every partition "
             "leader moves, those of the offsets, config and status topics included. The "
             "VerifiableProducer's sends that fail while the source broker is down are not "
             "acknowledged, so not counted. Recovery: from the stop until the copy flows "
             "again; broker back: from the stop until the broker is in the cluster's metadata "
             "again with no partition under-replicated (only then is the next broker of a roll "
             "stopped).")):
        runs_of = [r for r in runs if r["scenario"] == scenario]
        if not runs_of:
            continue
        out += heading(title)
        out += [text, ""]
        out += _rolling_rows(runs_of, label="fault" if scenario == "brokers" else "protocol")
    dedicated = [r for r in runs if r["scenario"] == "dedicated"]
    if dedicated:
        out += heading(f"## Dedicated MirrorMaker node killed before its first flush "
                       f"(runbook 3, {s['rate']:,} records/s, {s['partitions']} partitions, "
                       f"scheduled.rebalance.max.delay.ms {s['rebalance_delay_ms']}"
                       f"{', internal REST' if s.get('mm2_rest') else ''})")
        out += ["Counted: records acknowledged at a source offset after the cut (in each "
                "partition, the first marker node 1 copied). Node 1 is killed the given delay "
                "after node 2 has joined (the first generation with both complete: the group "
                "CompletingRebalance or Stable with two members).", "",
                "| kill delay (s) | kind | produced after the cut | lost | duplicated | "
                "MirrorSource task at the kill | kill after task RUNNING (s) | node 2 started "
                "it (s from the kill) | recovery (s) | drained |",
                "|--:|---|--:|--:|--:|---|--:|--:|--:|---|"]
        for r in dedicated:
            if "error" in r:
                out.append(f"| {r['kill_delay']:g} | {r['kind']} | failed: {r['error'][:200]} "
                           f"| | | | | | | |")
                continue
            late = " (after the first flush!)" if r["kill_after_task_running_s"] >= 60 else ""
            out.append(
                f"| {r['kill_delay']:g} | {r['kind']} | {_fmt(r['produced'])} | "
                f"{_fmt(r['lost'])} ({_pct(r['lost'], r['produced'])}) | "
                f"{_fmt(r['duplicated'])} | on {r['task_at_kill']} | "
                f"{_fmt(r['kill_after_task_running_s'])}{late} | "
                f"{r['node2_task_started_s']:+.1f} | {_fmt(r['recovery_s'])} | "
                f"{r['drained']} |")
        out += ["", "The MirrorSource task's starts and stops in each node's log, s from the "
                "kill, and what was lost:", ""]
        for r in dedicated:
            if "error" in r:
                continue
            line = ", ".join(f"{t:+.1f} {n} {e}" for t, n, e in r["timeline"])
            out.append(f"- {r['kill_delay']:g} s, {r['kind']}: {line}")
            if r["lost"]:
                out.append(f"  - lost numbers (first runs): {r['lost_ranges'][:8]}")
            if r.get("lost_at_first_read"):
                out.append(f"  - {r['lost_at_first_read']:,} were missing at the first read, "
                           f"after a drain that had caught up")
        out.append("")
    failed = [r for r in runs if "error" in r]
    if failed:
        out += heading("## Failed runs")
        out += [f"- {r['scenario']} {r['kind']} {r.get('protocol', '')}: {r['error'][:2000]}"
                for r in failed]
        out.append("")
    return out


def _victim(k, run):
    """Who a fault hit, for the per-fault lines: w<i> (and its kind in a mixed run), or the
    broker restarted."""
    if "broker" in k:
        return k["broker"]
    return f"w{k['worker']}{' ' + k['kind'] if run['kind'] == 'mixed' else ''}"


def _rolling_rows(runs, uncommitted=False, label="protocol"):
    """The table and per-fault lines of the rolling scenario's runs, or of the eos scenario's
    (uncommitted: with its not committed column), or of another scenario of Faults.rolling;
    label: the run's key shown in the first column."""
    extra = " not committed |" if uncommitted else ""
    out = [f"| {label} | kind | produced | lost | duplicated |" + extra + " kills stopping a "
           "copy | recovery median (s) | recovery max (s) | not recovered | drained |",
           "|---|---|--:|--:|--:|" + ("--:|" if uncommitted else "") + "--:|--:|--:|--:|---|"]
    for r in runs:
        if "error" in r:
            out.append(f"| {r[label]} | {r['kind']} | failed: {r['error'][:200]} | | |"
                       + (" |" if uncommitted else "") + " | | | | |")
            continue
        cell = f" {_fmt(r['uncommitted_copies'])} |" if uncommitted else ""
        # A kill with no status answer in the 3 s before it may have stopped a copy that no
        # recovery measures: counted apart, not among those that stopped none.
        unknown = sum(1 for k in r["kills"] if not k.get("status_known", True))
        unknown = f" ({unknown} unknown)" if unknown else ""
        out.append(
            f"| {r[label]} | {r['kind']} | {_fmt(r['produced'])} | {_fmt(r['lost'])} "
            f"| {_fmt(r['duplicated'])} ({_pct(r['duplicated'], r['produced'])}) |{cell} "
            f"{r['kills_stopping_a_copy']} of {len(r['kills'])}{unknown} | "
            f"{_fmt(r['recovery_median_s'])} | {_fmt(r['recovery_max_s'])} | "
            f"{r['not_recovered']} | {r['drained']} |")
    out += ["", "Each kill: the worker killed, when (s after the producer's start), the "
            "partitions it was copying (- for none, ? when no worker had answered the "
            "connector's status in the 3 s before the kill) → recovery (s), and when its "
            "restart's REST answered (s after the kill).", ""]
    for r in runs:
        if "error" in r:
            continue
        kills = "; ".join(
            f"{_victim(k, r)}@{k['at_s']:.0f} "
            f"{k['partitions'] or ('-' if k.get('status_known', True) else '?')}→"
            f"{_fmt(k['recovery_s'])}" + (f", broker back {_fmt(k['broker_back_s'])}"
                                          if "broker_back_s" in k else
                                          f", REST {_fmt(k.get('rest_again_s'))}"
                                          if "rest_again_s" in k else "")
            for k in r["kills"])
        out.append(f"- {r[label]} {r['kind']}: {kills}")
        if r.get("exits"):
            exits = [(e["worker"], round(e["at_s"], 1), e["returncode"]) for e in r["exits"]]
            out.append(f"  - workers that exited by themselves: {exits}")
        if r["lost"]:
            out.append(f"  - lost numbers (first runs): {r['lost_ranges'][:8]}")
        if r.get("lost_at_first_read"):
            out.append(f"  - {r['lost_at_first_read']:,} were missing at the first read, "
                       f"after a drain that had caught up")
        if uncommitted and r["duplicated"]:
            out.append(f"  - duplicated read read_committed: {r['duplicated_numbers']:,} "
                       f"numbers, up to {r['max_copies']} copies")
        if r.get("open_partitions"):
            out.append(f"  - partitions with a transaction still open when read: "
                       f"{r['open_partitions']}")
    out.append("")
    return out


KIND_COLORS = {"java": "#d9822b", "kconnect": "#2b7bb9", "mixed": "#6a9f3a"}


def _chart_label(r):
    """A run's label under its bars: scenario, then what sets it apart."""
    what = {"rolling": r.get("protocol"), "eos": r.get("protocol"),
            "brokers": r.get("fault"), "dedicated": f"{r.get('kill_delay', 0):g} s"}
    extra = what.get(r["scenario"])
    pipeline = "file" if r.get("pipeline") == "file" else ""
    return "\n".join(x for x in (r["scenario"], pipeline, extra if extra else "") if x)


def chart(all_results, path):
    """Two panels over every run of the report's results.json files: recovery (median and
    max of the faults that stopped a copy) and duplicated records (% of produced), one bar per
    kind; a lost record would show as a red mark with its count."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    runs = [r for res in all_results for r in res["runs"] if "error" not in r]
    labels = []
    for r in runs:
        if _chart_label(r) not in labels:
            labels.append(_chart_label(r))
    kinds = [k for k in KINDS if any(r["kind"] == k for r in runs)]
    fig, axes = plt.subplots(2, 1, figsize=(max(10, 0.55 * len(labels) * len(kinds)), 8.5))
    width = 0.8 / max(1, len(kinds))
    for ax, title in zip(axes, ("Recovery (s from the fault until the copy flows again; bar: "
                                "median, tick: max; lower is better)",
                                "Duplicated (% of produced; lower is better). Lost records in "
                                "red (none expected)")):
        ax.set_title(title, fontsize=10)
        for i, kind in enumerate(kinds):
            for j, label in enumerate(labels):
                mine = [r for r in runs if r["kind"] == kind and _chart_label(r) == label]
                if not mine:
                    continue
                r = mine[0]
                x = j + (i - (len(kinds) - 1) / 2) * width
                if ax is axes[0]:
                    med = r.get("recovery_median_s", r.get("recovery_s"))
                    top = r.get("recovery_max_s", med)
                    if med is not None:
                        ax.bar(x, med, width, color=KIND_COLORS[kind])
                        ax.plot([x - width / 3, x + width / 3], [top, top], color="black",
                                linewidth=1)
                else:
                    dup = 100 * r["duplicated"] / r["produced"] if r.get("produced") else 0
                    ax.bar(x, dup, width, color=KIND_COLORS[kind])
                    if r.get("lost"):
                        ax.annotate(f"lost {r['lost']:,}", (x, dup), color="red", ha="center",
                                    va="bottom", fontsize=7, rotation=90)
        ax.set_xticks(range(len(labels)))
        ax.set_xticklabels(labels, fontsize=7)
    handles = [matplotlib.patches.Patch(color=KIND_COLORS[k], label=k) for k in kinds]
    axes[0].legend(handles=handles, fontsize=8)
    fig.suptitle(f"Fault suite: kconnect and Java Connect ({all_results[0]['date']})",
                 fontsize=12)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def write_report(results, out, md_path=None):
    with open(os.path.join(out, "results.json"), "w") as f:
        json.dump(results, f, indent=1)
    md_path = md_path or os.path.join(out, "results.md")
    text = markdown(results, chart_name=_chart(results, md_path))
    with open(md_path, "w") as f:
        f.write(text)
    return text


def _chart(results, md_path):
    """The chart beside the report (results.png beside results.md); its file name, or None
    when it could not be drawn (matplotlib missing: the tables are the report)."""
    png = os.path.splitext(md_path)[0] + ".png"
    all_results = results if isinstance(results, list) else [results]
    try:
        chart(all_results, png)
    except ImportError as e:
        print(f"faults: no chart ({e})", flush=True)
        return None
    return os.path.basename(png)


def file_sha256(path):
    """The binary under test, by content: the tree may hold changes HEAD does not name."""
    import hashlib
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def command_line():
    env = [f"{k}={os.environ[k]}" for k in sorted(os.environ)
           if k.startswith("FAULTS_") and k != "FAULTS_OUT"]
    return " ".join(env + ["make faults"])


def main(argv):
    if len(argv) >= 2 and argv[0] == "--report":
        inputs, md = argv[1:], None
        if len(inputs) > 1 and inputs[-1].endswith(".md"):
            inputs, md = inputs[:-1], inputs[-1]
        md = md or os.path.join(os.path.dirname(os.path.abspath(inputs[0])), "results.md")
        all_results = []
        for path in inputs:
            with open(path) as f:
                all_results.append(json.load(f))
        text = markdown(*all_results, chart_name=_chart(all_results, md))
        with open(md, "w") as f:
            f.write(text)
        print(text)
        return 0
    if argv:
        sys.stderr.write("usage: faults.py [--report results.json [results.json ...] "
                         "[out.md]]\n")
        return 2
    settings = Settings()
    if not os.access(settings.kconnect, os.X_OK):
        raise SystemExit(f"faults: {settings.kconnect} missing: run `make faults`")
    os.makedirs(settings.out, exist_ok=True)
    faults = Faults(settings)
    commit = subprocess.run(["git", "rev-parse", "--short=12", "HEAD"], cwd=TOP,
                            capture_output=True, text=True).stdout.strip() or "unknown"
    dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=TOP,
                           capture_output=True, text=True).stdout.strip()
    results = {"date": datetime.datetime.now().strftime("%Y-%m-%d %H:%M"),
               "commit": commit + (" (uncommitted changes)" if dirty else ""),
               "kafka_version": bench._kafka_version(), "command": command_line(),
               "kconnect_sha256": file_sha256(settings.kconnect)[:16],
               "machine": bench.machine(), "settings": settings.as_dict(),
               "runs": faults.runs, "timings": {}}
    print(f"faults: scenarios {','.join(settings.only)}, kinds {','.join(settings.kinds)}, "
          f"output in {os.path.relpath(settings.out, TOP)}", flush=True)
    try:
        results["timings"] = faults.run()
    finally:
        print(write_report(results, settings.out))
    failed = sum(1 for r in faults.runs if "error" in r)
    print(f"faults: wrote {os.path.relpath(settings.out, TOP)}/results.md, results.json "
          f"({results['timings'].get('total_s', 0) / 60:.1f} min"
          f"{f', {failed} failed run(s)' if failed else ''})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
