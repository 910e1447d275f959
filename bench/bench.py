"""
bench/bench.py - the scenarios of `make bench`: kconnect against Java Connect (and a bare
librdkafka pipe) replicating with MirrorSourceConnector between two local KRaft clusters, and
running transform chains (MirrorSource, FileStreamSource).

Run through bench/run.sh, which installs and builds what this needs. bench/README.md explains
the method; in short, once the brokers' JIT has settled (unrecorded copies by the pipe, then
by each worker kind, pair 0), for each pair i in 1..BENCH_PAIRS, every scenario runs once per
kind, Java first in odd pairs and kconnect first in even ones, and an unrecorded pipe copy
follows each of Java's throughput and transforms runs (what a Java copy leaves the brokers to
do slowed the run after it):

  throughput  a fresh worker replicates the pre-loaded 8-partition topic (1 KB records,
              BENCH_GB) with tasks.max 1 and 4, then the same worker copies it once more
              with a new connector (Java's JIT warm from the first copy); the bare pipe
              (build/bench/pipe) copies the same topic with 1 and 4 threads; kconnect once
              more without offset syncs (emit.offset-syncs.enabled=false), which
              MirrorSource writes and the bare pipe does not, and the pipe once more writing
              them as MirrorSource does (-s): what they cost is then seen apart from the
              worker's own cost
  same-producer
              the throughput copy with the same producer settings for both kinds
              (BENCH_SAME_PRODUCER, as producer.override.*: kconnect's effective defaults)
  eos         the throughput copy with exactly-once source support (the workers with
              exactly.once.source.support=enabled, the connector with exactly.once.support=
              required and a read_committed source consumer), timed and checked on the
              target as a read_committed consumer reads it; the transactions committed are
              counted in the target's transaction log
  transforms  a fresh worker per run, tasks.max 1, timed as a throughput run (the target
              topic's end offsets from the POST until they hold every record): the
              throughput scenario's MirrorSource copy through InsertHeader (a STRING header;
              the workers get SimpleHeaderConverter), RegexRouter (to <alias>.bench-routed,
              made beforehand with 8 partitions) and DropHeaders; then FileStreamSource over
              BENCH_FILE_LINES lines of 100 bytes (a file written once per bench run, under
              work/) into a new 8-partition topic, through HoistField$Value and
              InsertField$Value, JsonConverter with schemas; once measured, one record of the
              output is read back and checked
  latency     a steady producer at BENCH_LAT_RATE records/s into a new source topic;
              consume time on the target minus the record's timestamp
  eos-latency the same with exactly-once source support, the target read read_committed
  startup     exec -> GET / answering, and exec -> the connector's task RUNNING with the
              connector posted as soon as GET / answers; then the same two for a restart
              (the worker stopped, one of the same kind started with its topics and its
              connector there); and a floor without any worker (kind "floor"): the
              internal topics created and all of their partitions readable
  failover    two workers, kill -9 of the one running the source task; until records
              produced after the kill reach the target

Each figure is reported as the median over the pairs of the per-pair ratio (kconnect / Java,
or kconnect / pipe), beside the medians of the absolute values. Output in BENCH_OUT
(default build/bench): results.md, results.json, chart.png.

Every copy of the pre-loaded topic (measured or not, the pipe's too) and every
FileStreamSource run is checked record for record once it is timed: build/bench/verify reads
the target topic read_committed and its digest (per partition: the count, the sum and the
xor of a hash of each record's key and value) must equal the source's, or the run fails.

Every process (brokers, workers, producers) is started here with PR_SET_PDEATHSIG or is
stopped in a finally block: nothing outlives the run.

  bench.py                      run everything (settings from the environment)
  bench.py --report JSON        rewrite results.md and chart.png from a results.json
  bench.py --produce BOOTSTRAP TOPIC RATE SECONDS
                                the steady producer (a child process of the scenarios)

SPDX-License-Identifier: Apache-2.0
"""

import contextlib
import ctypes
import datetime
import functools
import http.client
import json
import math
import os
import platform
import shutil
import signal
import socket
import statistics
import string
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
os.environ.setdefault("KCONNECT_BIN", os.path.join(TOP, "build", "kconnect"))

import kafka_harness as kh  # noqa: E402

BYTES = "org.apache.kafka.connect.converters.ByteArrayConverter"
MIRROR_SOURCE = "org.apache.kafka.connect.mirror.MirrorSourceConnector"
FILE_SOURCE = "org.apache.kafka.connect.file.FileStreamSourceConnector"
STRING = "org.apache.kafka.connect.storage.StringConverter"
JSON = "org.apache.kafka.connect.json.JsonConverter"
# The transforms scenario's workers name it (it is both kinds' default too): InsertHeader's
# header is a STRING, which ByteArrayConverter would refuse as a header converter.
SIMPLE_HEADERS = "org.apache.kafka.connect.storage.SimpleHeaderConverter"
TRANSFORMS = "org.apache.kafka.connect.transforms"
DATA_TOPIC = "bench-data"
# What the exactly-once copies copy: pre-loaded as DATA_TOPIC is, with BENCH_EOS_GB. A copy
# commits a transaction per poll and runs at a small part of an at-least-once copy's speed.
EOS_TOPIC = "bench-eos"
OFFSETS_PARTITIONS = 25         # a worker's offsets topic (offset.storage.partitions)
# Where MirrorSource writes its offset syncs in the throughput runs (on the source cluster,
# named for the target alias mirror_config gives), Java's and kconnect's alike.
SYNCS_TOPIC = "mm2-offset-syncs.target.internal"
START_TOPIC = "bench-start"
# How often the start-up scenario polls a worker's REST API (see Rest): the resolution of its
# figures, the same for both kinds.
STARTUP_POLL_S = 0.002
PARTITIONS = 8
RECORD_BYTES = 1024
# The transforms scenario's FileStreamSource reads BENCH_FILE_LINES lines of LINE_BYTES
# (newline excluded), and its MirrorSource copy is routed to <alias>.ROUTED_TOPIC.
LINE_BYTES = 100
ROUTED_TOPIC = "bench-routed"
# connect-distributed.sh: KAFKA_HEAP_OPTS, then kafka-run-class.sh's KAFKA_JVM_PERFORMANCE_OPTS.
JAVA_DEFAULT_OPTS = ("-Xms256M -Xmx2G -server -XX:+UseG1GC -XX:MaxGCPauseMillis=20 "
                     "-XX:InitiatingHeapOccupancyPercent=35 -XX:+ExplicitGCInvokesConcurrent "
                     "-XX:MaxInlineLevel=15 -Djava.awt.headless=true")
KINDS = ("java", "kconnect")
CLK_TCK = os.sysconf("SC_CLK_TCK")
# The first start's target: kconnect's start (exec to its task RUNNING) at most this far
# above the protocol floor of its pair (Bench.protocol_floor).
FLOOR_MARGIN_S = 0.025


DEFAULT_GB, DEFAULT_PAIRS = 1.0, 5     # what `make bench` runs with no BENCH_GB, BENCH_PAIRS
SCENARIOS = ("throughput", "same-producer", "eos", "provenance", "transforms", "latency",
             "eos-latency", "startup", "failover")

# The provenance scenario's connector setting (kconnect only: Java has no provenance header):
# the throughput scenario's copy with each record stamped with the clusters it has been in.
PROVENANCE_CONNECTOR = {"provenance.header.enable": "true"}

# Exactly-once source support, as the faults suite runs it (faults/faults.py): Java's rule
# for MirrorSource is that it supports exactly-once only with a read_committed source consumer.
EOS_WORKER = {"exactly.once.source.support": "enabled"}
EOS_CONNECTOR = {"exactly.once.support": "required",
                 "source.consumer.isolation.level": "read_committed"}
# The same-producer scenario's settings for both kinds (producer.override.*): kconnect's
# effective defaults for a source task's producer (worker/runtime.c client_props: Java's
# baseProducerConfigs with linger.ms 0 and idempotence; worker/clientconf.c: buffer.memory
# 8 MiB; librdkafka's batch.size, 1,000,000 bytes), which Java's defaults differ from in
# batch.size (16384), linger.ms (5), buffer.memory (32 MiB) and idempotence (off).
SAME_PRODUCER = {"batch.size": "1000000", "linger.ms": "0", "enable.idempotence": "true",
                 "buffer.memory": "8388608"}
# The target's transaction log (one partition: tests/kafka/kafka_harness.py), read for the
# transactions an exactly-once copy committed, and the states its records say (Kafka's
# TransactionState ids).
TXN_LOG = "__transaction_state"
TXN_COMPLETE_COMMIT, TXN_COMPLETE_ABORT = 4, 5
# Once an exactly-once copy's read_committed end offsets add up to its record count: how long
# they must stay unchanged before the copy is counted as complete (finish_committed).
EOS_QUIET_S = 1.0


# What every bench broker gets, before BENCH_BROKER_EXTRA. Each throughput run writes 1 GB to
# a topic deleted after it. By default the broker removes a deleted topic's files a minute
# later (log.segment.delete.delay.ms), and the kernel writes dirty pages back 30 s after they
# were dirtied: either way an earlier run's gigabyte was written or removed during a later
# run, a random one, whatever its kind. Removed at once, its pages are dropped unwritten.
BROKER_SETTINGS = {"log.segment.delete.delay.ms": "0"}
# The bench's brokers' heap, as kafka-server-start.sh gives it (KAFKA_HEAP_OPTS unset), in
# place of the harness's 512 MB: with the partitions scenario's 10,000 partitions, a 512 MB
# source broker ran out of heap in the second pair (OutOfMemoryError, the broker exited).
BROKER_HEAP = ["-Xmx1G", "-Xms1G"]


def _env(name, default, cast=str):
    v = os.environ.get(name)
    return cast(v) if v not in (None, "") else default


def _env_object(name):
    """A BENCH_* variable holding a JSON object of settings ({} when unset)."""
    v = json.loads(_env(name, "{}"))
    if not isinstance(v, dict):
        raise SystemExit(f"bench: {name} must be a JSON object")
    return v


class Settings:
    """Everything a run depends on, from BENCH_* environment variables (bench/README.md)."""

    def __init__(self):
        self.gb = _env("BENCH_GB", DEFAULT_GB, float)
        self.pairs = _env("BENCH_PAIRS", DEFAULT_PAIRS, int)
        self.warmup = _env("BENCH_WARMUP", 3, int)
        self.warmup_max = _env("BENCH_WARMUP_MAX", 40, int)
        self.warmup_jit_share = _env("BENCH_WARMUP_JIT_SHARE", 0.05, float)
        self.warmup_workers_max = _env("BENCH_WARMUP_WORKERS_MAX", 3, int)
        self.warmup_starts = _env("BENCH_WARMUP_STARTS", 40, int)
        self.warmup_eos = _env("BENCH_WARMUP_EOS", 1, int)
        self.scenarios = _env("BENCH_SCENARIOS", ",".join(SCENARIOS + SCALE_SCENARIOS)).split(",")
        self.tasks = [int(t) for t in _env("BENCH_TASKS", "1,4").split(",")]
        self.same_producer = {**SAME_PRODUCER, **_env_object("BENCH_SAME_PRODUCER")}
        self.same_producer_tasks = [int(t) for t in
                                    _env("BENCH_SAME_PRODUCER_TASKS", "4").split(",")]
        self.eos_lat_seconds = _env("BENCH_EOS_LAT_SECONDS", 15.0, float)
        self.eos_gb = _env("BENCH_EOS_GB", 0.15, float)
        self.file_lines = _env("BENCH_FILE_LINES", 1000000, int)
        self.lat_rate = _env("BENCH_LAT_RATE", 10000, int)
        self.lat_seconds = _env("BENCH_LAT_SECONDS", 30.0, float)
        self.lat_warmup = _env("BENCH_LAT_WARMUP", 5.0, float)
        self.lat_tasks = _env("BENCH_LAT_TASKS", 1, int)
        self.failover_rate = _env("BENCH_FAILOVER_RATE", 1000, int)
        self.failover_warmup = _env("BENCH_FAILOVER_WARMUP", 5.0, float)
        self.session_timeout_ms = _env("BENCH_SESSION_TIMEOUT_MS", 10000, int)
        self.run_timeout = _env("BENCH_RUN_TIMEOUT", 1800.0, float)
        self.java_opts = _env("BENCH_JAVA_OPTS", JAVA_DEFAULT_OPTS).split()
        self.skip = [k for k in _env("BENCH_SKIP", "").split(",") if k]
        self.mirror_extra = _env_object("BENCH_MIRROR_EXTRA")
        self.broker_extra = {**BROKER_SETTINGS, **_env_object("BENCH_BROKER_EXTRA")}
        self.out = os.path.abspath(_env("BENCH_OUT", os.path.join(TOP, "build", "bench")))
        self.kconnect = os.path.abspath(os.environ["KCONNECT_BIN"])
        self.pipe = os.path.abspath(_env("BENCH_PIPE", os.path.join(TOP, "build", "bench",
                                                                    "pipe")))
        self.verify = os.path.abspath(_env("BENCH_VERIFY", os.path.join(TOP, "build", "bench",
                                                                        "verify")))
        # At least BENCH_GB (10^9 bytes) of values, the same number in every partition;
        # as much for the exactly-once copies with BENCH_EOS_GB, at most BENCH_GB.
        self.records = math.ceil(self.gb * 1e9 / RECORD_BYTES / PARTITIONS) * PARTITIONS
        self.eos_records = math.ceil(min(self.eos_gb, self.gb) * 1e9 / RECORD_BYTES /
                                     PARTITIONS) * PARTITIONS
        scale_settings(self)
        for s in self.scenarios:
            if s not in SCENARIOS + SCALE_SCENARIOS:
                raise SystemExit(f"bench: unknown scenario {s!r} in BENCH_SCENARIOS")
        for k in self.skip:
            if k not in KINDS + ("pipe", "hop", "floor"):
                raise SystemExit(f"bench: unknown kind {k!r} in BENCH_SKIP")

    def as_dict(self):
        d = dict(vars(self))
        d["value_bytes"] = self.records * RECORD_BYTES
        d["eos_value_bytes"] = self.eos_records * RECORD_BYTES
        return d


# ===== Process measurements ===============================================================

def _stat_fields(path):
    """The fields of a /proc stat file after the command name (fields[0] is the state)."""
    with open(path) as f:
        return f.read().rsplit(")", 1)[1].split()


def _stat_cpu_seconds(path):
    """utime + stime from a /proc stat file (a process's or one thread's), in seconds."""
    fields = _stat_fields(path)
    return (int(fields[11]) + int(fields[12])) / CLK_TCK


def cpu_seconds(pid):
    """utime + stime of a process (all its threads), in seconds."""
    return _stat_cpu_seconds(f"/proc/{pid}/stat")


def jit_cpu_seconds(pid):
    """CPU seconds of a JVM's JIT compiler threads (C1 and C2 CompilerThread*): whatever a
    thread that has ended spent is gone, so differences are what the live ones did since."""
    total = 0.0
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return 0.0
    for tid in tids:
        try:
            with open(f"/proc/{pid}/task/{tid}/comm") as f:
                if not f.read().startswith(("C1 CompilerThre", "C2 CompilerThre")):
                    continue
            total += _stat_cpu_seconds(f"/proc/{pid}/task/{tid}/stat")
        except OSError:                     # the thread ended meanwhile
            continue
    return total


def major_faults_and_sys(pid):
    """(major page faults, system CPU seconds) of a process so far: a page it had mapped
    read back from its file after the kernel reclaimed it is a major fault."""
    fields = _stat_fields(f"/proc/{pid}/stat")
    return int(fields[9]), int(fields[12]) / CLK_TCK


def proc_status_kb(pid, key):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(key + ":"):
                return int(line.split()[1])
    return 0


class RssSampler(threading.Thread):
    """Samples VmRSS of a process every `interval` seconds until stop()."""

    def __init__(self, pid, interval=0.15):
        super().__init__(daemon=True)
        self.pid, self.interval = pid, interval
        self.samples = []
        self._stop_event = threading.Event()

    def run(self):
        while not self._stop_event.is_set():
            try:
                self.samples.append(proc_status_kb(self.pid, "VmRSS"))
            except OSError:
                return
            self._stop_event.wait(self.interval)

    def stop(self):
        """-> (peak MiB of the samples, steady MiB: median of the second half)."""
        self._stop_event.set()
        self.join()
        s = self.samples or [0]
        return max(s) / 1024, statistics.median(s[len(s) // 2:]) / 1024


# ===== Workers ============================================================================

class RestResponse:
    def __init__(self, status_code, body):
        self.status_code = status_code
        self.text = body.decode("utf-8", "replace")

    def json(self):
        return json.loads(self.text)


class Rest:
    """GETs to one worker over one kept-alive HTTP/1.1 connection, made again after any
    failure. The start-up figures are polled every 2 ms: a poll this way costs the bench
    some 0.05 ms of CPU and adds as little to the time it reads, where one connection per
    request (requests.get) took 0.45 ms on an idle machine, more on a busy one, and so was
    polled only every 10 ms; with that, a figure read on average 5-6 ms after the moment it
    timed, as much as a tenth of kconnect's first start. Errors: OSError, HTTPException."""

    def __init__(self, url):
        u = url.split("//", 1)[1].rstrip("/")
        self.host, self.port = u.rsplit(":", 1)
        self.conn = None

    def get(self, path, timeout=5):
        if self.conn is None:
            self.conn = http.client.HTTPConnection(self.host, int(self.port), timeout=timeout)
        try:
            self.conn.timeout = timeout
            if self.conn.sock is not None:
                self.conn.sock.settimeout(timeout)
            self.conn.request("GET", path)
            r = self.conn.getresponse()
            body = r.read()
            if r.will_close:
                self.close()
            return RestResponse(r.status, body)
        except (OSError, http.client.HTTPException):
            self.close()
            raise

    def close(self):
        if self.conn is not None:
            self.conn.close()
            self.conn = None


class Worker:
    """A Java ConnectDistributed worker (kafka_harness.JavaConnectWorker) or a kconnect one
    (tests/integration/kconnect.Worker) behind one interface: same properties for both."""

    def __init__(self, kind, java, settings, workdir, props, name):
        self.kind = kind
        if kind == "java":
            self.w = kh.JavaConnectWorker(java, workdir, props, name=name,
                                          jvm=settings.java_opts)
        else:
            import kconnect
            self.w = kconnect.Worker(workdir, props, name=name)
        self.t_exec = None
        self.rest = None

    @property
    def pid(self):
        return self.w.proc.pid

    @property
    def port(self):
        return self.w.port

    def start(self):
        self.t_exec = time.monotonic()
        self.w.start()
        return self

    def alive(self):
        return self.w.proc is not None and self.w.proc.poll() is None

    def log_tail(self, lines=40):
        return kh.tail(self.w.log_path, lines)

    def _check_alive(self, what):
        if not self.alive():
            raise RuntimeError(f"{self.kind} worker exited ({self.w.proc.returncode}) "
                               f"while {what}; log tail:\n{self.log_tail()}")

    def get(self, path, timeout=5):
        if self.rest is None:
            self.rest = Rest(self.w.url)
        return self.rest.get(path, timeout=timeout)

    def wait_get(self, path, timeout=180, interval=0.01):
        """Polls GET path until it answers 200; the monotonic time it did."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self._check_alive(f"waiting for GET {path}")
            try:
                if self.get(path, timeout=2).status_code == 200:
                    return time.monotonic()
            except (OSError, http.client.HTTPException):
                pass
            time.sleep(interval)
        raise RuntimeError(f"{self.kind} worker: GET {path} not answering after {timeout}s; "
                           f"log tail:\n{self.log_tail()}")

    def create_connector(self, name, config, timeout=180, interval=0.05):
        """POST /connectors until accepted (409/503 while the worker joins its group); the
        monotonic time the accepted request was sent."""
        import requests
        deadline = time.monotonic() + timeout
        last = None
        while time.monotonic() < deadline:
            self._check_alive("creating a connector")
            t = time.monotonic()
            try:
                r = requests.post(self.w.url + "/connectors", timeout=30,
                                  json={"name": name, "config": config})
                if r.status_code == 201:
                    return t
                last = f"{r.status_code} {r.text[:300]}"
                if r.status_code not in (409, 503):
                    break
            except requests.RequestException as e:
                last = str(e)
            time.sleep(interval)
        raise RuntimeError(f"{self.kind} worker: POST /connectors failed: {last}; log tail:\n"
                           f"{self.log_tail()}")

    def delete_connector(self, name, timeout=120):
        """DELETE /connectors/{name}, then until GET /connectors no longer lists it."""
        import requests
        r = requests.delete(f"{self.w.url}/connectors/{name}", timeout=60)
        if r.status_code not in (200, 204):
            raise RuntimeError(f"{self.kind} worker: DELETE /connectors/{name}: "
                               f"{r.status_code} {r.text[:300]}")
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self._check_alive("deleting a connector")
            r = self.get("/connectors")
            if r.status_code == 200 and name not in r.json():
                return
            time.sleep(0.05)
        raise RuntimeError(f"{self.kind} worker: connector {name} still listed {timeout}s "
                           f"after its DELETE")

    def status(self, name):
        r = self.get(f"/connectors/{name}/status")
        return r.json() if r.status_code == 200 else None

    def check_running(self, name):
        """Raises if the worker has exited or connector name or one of its tasks FAILED."""
        self._check_alive("replicating")
        st = self.status(name) or {}
        if (any(t.get("state") == "FAILED" for t in st.get("tasks", [])) or
                st.get("connector", {}).get("state") == "FAILED"):
            raise RuntimeError(f"task failed: {json.dumps(st)[:2000]}")

    def wait_tasks_running(self, name, ntasks, timeout=180, interval=0.02, here=False):
        """Until every task of the connector (ntasks of them) is RUNNING (with here, on this
        worker: not a status a worker before it left); the monotonic time."""
        deadline = time.monotonic() + timeout
        last = None
        while time.monotonic() < deadline:
            self._check_alive("waiting for tasks")
            try:
                last = self.status(name)
            except (OSError, http.client.HTTPException, ValueError):
                last = None
            if last:
                states = [t.get("state") for t in last.get("tasks", [])]
                if "FAILED" in states or last.get("connector", {}).get("state") == "FAILED":
                    raise RuntimeError(f"{self.kind} connector {name} failed: "
                                       f"{json.dumps(last)[:2000]}")
                mine = not here or all(t.get("worker_id", "").endswith(f":{self.port}")
                                       for t in last.get("tasks", []))
                if len(states) == ntasks and all(s == "RUNNING" for s in states) and mine:
                    return time.monotonic()
            time.sleep(interval)
        raise RuntimeError(f"{self.kind} connector {name}: tasks not RUNNING after {timeout}s "
                           f"({last}); log tail:\n{self.log_tail()}")

    def kill(self):
        if self.alive():
            os.kill(self.pid, signal.SIGKILL)
            self.w.proc.wait()

    def stop(self):
        if self.rest is not None:
            self.rest.close()
        try:
            self.w.stop()
        except AssertionError:      # kconnect.Worker: ignored SIGTERM, then killed
            pass
        if self.alive():
            self.kill()


def worker_props(target, suffix, **extra):
    """The worker properties both kinds get: a fresh group and fresh internal topics."""
    props = {
        "bootstrap.servers": target.bootstrap,
        "group.id": f"bench-{suffix}",
        "key.converter": BYTES,
        "value.converter": BYTES,
        "offset.storage.topic": f"bench-offsets-{suffix}",
        "offset.storage.replication.factor": "1",
        "config.storage.topic": f"bench-configs-{suffix}",
        "config.storage.replication.factor": "1",
        "status.storage.topic": f"bench-status-{suffix}",
        "status.storage.replication.factor": "1",
    }
    props.update({k: str(v) for k, v in extra.items()})
    return props


def mirror_config(source, target, alias, topic, tasks, extra):
    return {
        "connector.class": MIRROR_SOURCE,
        "source.cluster.alias": alias,
        "target.cluster.alias": "target",
        "source.cluster.bootstrap.servers": source.bootstrap,
        "target.cluster.bootstrap.servers": target.bootstrap,
        "topics": topic,
        "tasks.max": str(tasks),
        "key.converter": BYTES,
        "value.converter": BYTES,
        "replication.factor": "1",
        "offset-syncs.topic.replication.factor": "1",
        **extra,
    }


def mirror_chain_config(source, target, alias, extra):
    """The throughput scenario's connector over DATA_TOPIC (tasks.max 1) through three
    transforms: a STRING header inserted, the record routed from its remote topic
    (<alias>.DATA_TOPIC) to <alias>.ROUTED_TOPIC, the header dropped again."""
    return {**mirror_config(source, target, alias, DATA_TOPIC, 1, extra),
            "transforms": "ins,route,drop",
            "transforms.ins.type": f"{TRANSFORMS}.InsertHeader",
            "transforms.ins.header": "bench",
            "transforms.ins.value.literal": "x",
            "transforms.route.type": f"{TRANSFORMS}.RegexRouter",
            "transforms.route.regex": f"([^.]+)\\.{DATA_TOPIC}",
            "transforms.route.replacement": f"$1.{ROUTED_TOPIC}",
            "transforms.drop.type": f"{TRANSFORMS}.DropHeaders",
            "transforms.drop.headers": "bench"}


def file_chain_config(path, topic):
    """A FileStreamSource connector (one task, batch.size at its default, 2000) reading path
    into topic, each line hoisted into a struct, a static field added, written as JSON with
    its schema."""
    return {"connector.class": FILE_SOURCE, "tasks.max": "1", "file": path, "topic": topic,
            "key.converter": STRING, "value.converter": JSON,
            "value.converter.schemas.enable": "true",
            "transforms": "hoist,insert",
            "transforms.hoist.type": f"{TRANSFORMS}.HoistField$Value",
            "transforms.hoist.field": "line",
            "transforms.insert.type": f"{TRANSFORMS}.InsertField$Value",
            "transforms.insert.static.field": "source",
            "transforms.insert.static.value": "bench"}


def check_chain_output(chain, msg):
    """Raises unless msg, a record a transforms run wrote, is what its chain makes of its
    input: for the MirrorSource chain, without the header InsertHeader added (DropHeaders
    removed it again); for the FileStreamSource chain, a null key and JsonConverter's
    envelope of a struct with the line and the static field."""
    if chain == "mirror":
        names = [k for k, _ in msg.headers() or []]
        if "bench" in names:
            raise RuntimeError(f"a record on {msg.topic()} still has the header DropHeaders "
                               f"should have removed: {msg.headers()}")
        return
    try:
        value = json.loads(msg.value())
        payload, schema = value["payload"], value["schema"]
        ok = (msg.key() is None and schema.get("type") == "struct" and
              [f.get("field") for f in schema.get("fields", [])] == ["line", "source"] and
              len(payload["line"]) == LINE_BYTES and payload["source"] == "bench")
    except (TypeError, ValueError, KeyError, AttributeError):
        ok = False
    if not ok:
        raise RuntimeError(f"unexpected record on {msg.topic()}: key {msg.key()!r}, value "
                           f"{(msg.value() or b'')[:600]!r}")


# ===== Kafka helpers ======================================================================

# How often a throughput run reads the target's end offsets (its progress curve).
PROGRESS_INTERVAL = 0.05


def rates(progress, seconds, records):
    """A throughput run's rates from its progress curve [(seconds since start, records on
    the target)]: records_per_s and mb_per_s over the replication itself, from the first
    reading that found records on the target to the last (the records already there at
    that reading left out), and records_per_s_from_start over the whole run, the
    connector's start included (the POST for a worker, the exec for the pipe)."""
    first_s, first_n = next(((t, n) for t, n in progress if n > 0), (0.0, 0))
    if first_n >= records or seconds <= first_s:   # all arrived by the first reading
        first_s, first_n = 0.0, 0
    steady = (records - first_n) / (seconds - first_s)
    return {"seconds": seconds, "first_record_s": first_s,
            "records_per_s": steady, "mb_per_s": steady * RECORD_BYTES / 1e6,
            "records_per_s_from_start": records / seconds, "progress": progress}


class EndOffsets:
    """Sum of a topic's end offsets (ListOffsets latest), 0 while it does not exist. With
    committed, the end offsets a read_committed consumer sees (the last stable offsets): the
    records of transactions not yet committed are not counted, and each transaction's commit
    marker takes an offset in each partition it wrote to."""

    def __init__(self, cluster, committed=False):
        from confluent_kafka import IsolationLevel
        from confluent_kafka.admin import OffsetSpec
        # Its metadata requests (total() asks for the topic's) must not create the topic: a
        # broker makes a topic it is asked about with num.partitions (1), and the connector's
        # own creation, with the source's partitions, then fails.
        self.admin = cluster.admin(**{"allow.auto.create.topics": False})
        self.latest = OffsetSpec.latest()
        self.isolation = (IsolationLevel.READ_COMMITTED if committed
                          else IsolationLevel.READ_UNCOMMITTED)
        self.refreshed = time.monotonic()

    def total(self, topic, partitions=PARTITIONS):
        from confluent_kafka import TopicPartition
        failed = False
        try:
            fs = self.admin.list_offsets({TopicPartition(topic, p): self.latest
                                          for p in range(partitions)},
                                         isolation_level=self.isolation, request_timeout=5)
        except Exception:
            fs, failed = {}, True
        total = 0
        for f in fs.values():
            try:
                total += max(0, f.result().offset)
            except Exception:
                failed = True
        # The client keeps what it learned of the topic while it was being created (unknown,
        # or partitions without a leader) until its next metadata refresh, minutes later: a
        # loaded broker slow to make the remote topic left a run reading 0 for good (as
        # wait_readable says). Asked for again, once a second, while partitions fail.
        if failed and time.monotonic() - self.refreshed > 1:
            self.refreshed = time.monotonic()
            try:
                self.admin.list_topics(topic, timeout=5)
            except Exception:
                pass
        return total


class GroupMember:
    """One member of a group of protocol type "connect", speaking JoinGroup v5 and SyncGroup v3
    over its own connection to the coordinator, as a worker does: the start-up floor's group
    generations, with nothing of a worker around them. Its protocol metadata and assignment
    are opaque bytes to the brokers."""

    def __init__(self, bootstrap, group):
        self.group, self.member, self.corr = group, "", 0
        host, port = bootstrap.split(",")[0].rsplit(":", 1)
        self._connect(host, int(port))

    def _connect(self, host, port):
        self.sock = socket.create_connection((host, port), timeout=30)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def _str(self, v):
        if v is None:
            return struct.pack(">h", -1)
        b = v.encode()
        return struct.pack(">h", len(b)) + b

    def _bytes(self, b):
        return struct.pack(">i", len(b)) + b

    def _call(self, api, version, body):
        self.corr += 1
        msg = struct.pack(">hhi", api, version, self.corr) + self._str("bench-floor") + body
        self.sock.sendall(struct.pack(">i", len(msg)) + msg)
        size = struct.unpack(">i", self._recv(4))[0]
        resp = self._recv(size)
        return resp[4:]                           # past the correlation id

    def _recv(self, n):
        out = b""
        while len(out) < n:
            chunk = self.sock.recv(n - len(out))
            if not chunk:
                raise RuntimeError("coordinator closed the connection")
            out += chunk
        return out

    def _read_str(self, b, at):
        n = struct.unpack_from(">h", b, at)[0]
        return (b[at + 2:at + 2 + n].decode() if n >= 0 else None), at + 2 + max(n, 0)

    def find_coordinator(self):
        """FindCoordinator v2, then a connection to the coordinator it names."""
        b = self._call(10, 2, self._str(self.group) + b"\x00")
        err = struct.unpack_from(">h", b, 4)[0]
        if err:
            raise RuntimeError(f"FindCoordinator: error {err}")
        _, at = self._read_str(b, 6)
        at += 4                                   # node id
        host, at = self._read_str(b, at)
        port = struct.unpack_from(">i", b, at)[0]
        self.sock.close()
        self._connect(host, port)

    def join_and_sync(self):
        """JoinGroup (again with the member id the first names), then SyncGroup as the leader
        of a group of one; the generation."""
        while True:
            body = (self._str(self.group) + struct.pack(">ii", 10000, 60000) +
                    self._str(self.member) + self._str(None) + self._str("connect") +
                    struct.pack(">i", 1) + self._str("sessioned") + self._bytes(b"\x00" * 64))
            b = self._call(11, 5, body)
            err, gen = struct.unpack_from(">hi", b, 4)
            _, at = self._read_str(b, 10)         # protocol
            _, at = self._read_str(b, at)         # leader
            self.member, at = self._read_str(b, at)
            if err == 79:                         # MEMBER_ID_REQUIRED: join again with it
                continue
            if err:
                raise RuntimeError(f"JoinGroup: error {err}")
            break
        body = (self._str(self.group) + struct.pack(">i", gen) + self._str(self.member) +
                self._str(None) + struct.pack(">i", 1) + self._str(self.member) +
                self._bytes(b"\x00" * 64))
        err = struct.unpack_from(">h", self._call(14, 3, body), 4)[0]
        if err:
            raise RuntimeError(f"SyncGroup: error {err}")
        return gen

    def close(self):
        self.sock.close()


def wait_readable(admin, partitions, timeout=60):
    """ListOffsets on every one of partitions every 5 ms until all of them answer. A client
    that looked a topic up while its creation was still reaching the broker can keep an
    answer without it (librdkafka refreshes its metadata of a topic only every 5 minutes
    then): after a second of refusals, the topics' metadata is asked for again, once a
    second. A floor of the warm-up waited out the whole timeout so, now and then."""
    from confluent_kafka.admin import OffsetSpec
    start = time.monotonic()
    deadline, refreshed, why = start + timeout, start, None
    while partitions:
        now = time.monotonic()
        if now > deadline:
            raise RuntimeError(f"{len(partitions)} partitions still unreadable after {timeout} s"
                               f" ({why})")
        if now - refreshed > 1:
            for topic in sorted({tp.topic for tp in partitions}):
                admin.list_topics(topic, timeout=5)
            refreshed = now
        fs = admin.list_offsets({tp: OffsetSpec.latest() for tp in partitions},
                                request_timeout=5)
        failed = {tp: f.exception() for tp, f in fs.items() if f.exception() is not None}
        partitions = list(failed)
        if partitions:
            why = next(iter(failed.values()))
            time.sleep(0.005)


def delete_topics(cluster, names):
    names = [n for n in names if n]
    if not names:
        return
    admin = cluster.admin()
    for name, f in admin.delete_topics(names, operation_timeout=30).items():
        try:
            f.result(60)
        except Exception:
            pass        # already gone, or never made


def wait_topic(cluster, topic, timeout=120):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if cluster.topic_partitions(topic, timeout=10, absent_after=1) == PARTITIONS:
            return
        time.sleep(0.2)
    raise RuntimeError(f"topic {topic} not created on the target after {timeout}s")


def preload(source, topic, records):
    """Writes `records` records of RECORD_BYTES to a new topic of PARTITIONS partitions,
    round robin, with a producer tuned for speed (this is set-up, not measured). Each record
    is different (its number in its first 8 bytes, then random bytes): a copy that lost one
    record and wrote another twice has another digest (bench/verify.c)."""
    source.create_topic(topic, PARTITIONS)
    produce_round_robin(source, topic, PARTITIONS, records, RECORD_BYTES)
    got = EndOffsets(source).total(topic)
    if got != records:
        raise RuntimeError(f"{topic} holds {got} records, not {records}")


def produce_round_robin(cluster, topic, partitions, records, value_bytes):
    """Writes `records` records of value_bytes bytes to topic, round robin over its
    partitions, with a producer tuned for speed (set-up, not measured); the producer. Each
    value begins with the record's number (8 bytes), the rest random."""
    from confluent_kafka import Producer
    p = Producer({"bootstrap.servers": cluster.bootstrap, "linger.ms": 50, "acks": "1",
                  "batch.size": 1000000, "queue.buffering.max.kbytes": 262144,
                  "queue.buffering.max.messages": 500000})
    values = [os.urandom(value_bytes) for _ in range(64)]
    errors = []

    def dr(err, _msg):
        if err is not None:
            errors.append(err)
    for i in range(records):
        while True:
            try:
                p.produce(topic, struct.pack(">Q", i) + values[i % len(values)][8:],
                          partition=i % partitions, on_delivery=dr)
                break
            except BufferError:
                p.poll(0.05)
        if i % 10000 == 0:
            p.poll(0)
    if p.flush(300) != 0 or errors:
        raise RuntimeError(f"pre-loading {topic} failed: {errors[:3]}")
    return p


def produce_one(cluster, topic):
    """One record into topic (the start-up scenario's source topic, never empty)."""
    from confluent_kafka import Producer
    p = Producer({"bootstrap.servers": cluster.bootstrap})
    p.produce(topic, os.urandom(RECORD_BYTES))
    if p.flush(30) != 0:
        raise RuntimeError(f"a record to {topic} not acknowledged in 30 s")


def steady_produce(bootstrap, topic, rate, seconds):
    """--produce: `rate` records/s of RECORD_BYTES into topic for `seconds` (or until
    SIGTERM); prints {"sent": N} once everything sent is acknowledged. Each record's value
    starts with its number (8 bytes, big-endian, from 0): the latency scenarios check that
    each one reached the target once (SeqCheck)."""
    from confluent_kafka import Producer
    stop = []
    signal.signal(signal.SIGTERM, lambda *_: stop.append(1))
    p = Producer({"bootstrap.servers": bootstrap, "linger.ms": 1, "acks": "1"})
    value = os.urandom(RECORD_BYTES)
    start = time.monotonic()
    sent = 0
    while not stop:
        elapsed = time.monotonic() - start
        if elapsed >= seconds:
            break
        due = int(elapsed * rate)
        while sent < due:
            try:
                p.produce(topic, struct.pack(">Q", sent) + value[8:])
                sent += 1
            except BufferError:
                p.poll(0.01)
        p.poll(0)
        time.sleep(0.0005)
    p.flush(60)
    print(json.dumps({"sent": sent}), flush=True)
    return 0


class SteadyProducer:
    """bench.py --produce as a child process that dies with us."""

    def __init__(self, cluster, topic, rate, seconds):
        self.proc = subprocess.Popen(
            [sys.executable, os.path.abspath(__file__), "--produce", cluster.bootstrap, topic,
             str(rate), str(seconds)], stdout=subprocess.PIPE, stdin=subprocess.DEVNULL,
            preexec_fn=_die_with_parent, text=True)
        self.sent = None

    def done(self):
        if self.sent is None and self.proc.poll() is not None:
            out = self.proc.stdout.read()
            try:
                self.sent = json.loads(out.strip().splitlines()[-1])["sent"]
            except (ValueError, IndexError, KeyError):
                raise RuntimeError(f"steady producer exited {self.proc.returncode}: {out}")
        return self.sent is not None

    def stop(self):
        stop_process(self.proc, 60)


def stop_process(proc, timeout):
    """SIGTERM, then SIGKILL after timeout seconds; waits for the exit either way."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def _die_with_parent():
    ctypes.CDLL("libc.so.6").prctl(1, signal.SIGKILL)     # PR_SET_PDEATHSIG


def target_consumer(cluster, topic, committed=False):
    """A consumer of every partition of topic from its start, no group offsets; committed:
    read_committed (librdkafka's default), else read_uncommitted."""
    from confluent_kafka import OFFSET_BEGINNING, Consumer, TopicPartition
    c = Consumer({"bootstrap.servers": cluster.bootstrap, "group.id": f"bench-{uuid.uuid4().hex}",
                  "enable.auto.commit": False, "fetch.wait.max.ms": 100, "log_level": 0,
                  "isolation.level": "read_committed" if committed else "read_uncommitted"})
    c.assign([TopicPartition(topic, p, OFFSET_BEGINNING) for p in range(PARTITIONS)])
    return c


def first_record(cluster, topic, timeout=30):
    """One record of topic (whichever partition answers first), for a run's output to be
    checked once it is measured."""
    consumer = target_consumer(cluster, topic)
    try:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            m = consumer.poll(0.5)
            if m is not None and m.error() is None:
                return m
    finally:
        consumer.close()
    raise RuntimeError(f"no record read back from {topic} in {timeout} s")


def drain(consumer, timeout):
    """(messages, wall ms at their arrival): waits up to timeout for the first message, then
    takes what is already there. consume(n, timeout) alone would wait for n messages,
    delaying the first ones of the batch; a record's consume time must not include that."""
    first = consumer.poll(timeout)
    if first is None:
        return [], time.time() * 1000
    now_ms = time.time() * 1000
    return [first] + consumer.consume(num_messages=1000, timeout=0), now_ms


class SeqCheck:
    """The record-for-record check of a steady producer's records (steady_produce) where
    they are consumed: each number from 0 to sent - 1 seen exactly once."""

    def __init__(self):
        self.seen = bytearray()
        self.duplicates = 0
        self.bad = 0

    def add(self, value):
        if value is None or len(value) < 8:
            self.bad += 1
            return
        n = struct.unpack_from(">Q", value)[0]
        if n >= len(self.seen):
            if n > 1 << 32:
                self.bad += 1
                return
            self.seen.extend(bytes(n + 1 - len(self.seen) + 4096))
        if self.seen[n]:
            self.duplicates += 1
        self.seen[n] = 1

    def check(self, sent):
        """Raises unless every record of the sent ones arrived once, and nothing else."""
        missing = sent - sum(self.seen[:sent])
        extra = sum(self.seen[sent:])
        if missing or extra or self.duplicates or self.bad:
            raise RuntimeError(f"record-for-record check failed: of {sent} records sent, "
                               f"{missing} missing, {self.duplicates} duplicated, "
                               f"{extra + self.bad} not sent")


def run_verify(settings, *args):
    """build/bench/verify's digest (bench/verify.c) of a topic or a file, as a dict."""
    out = subprocess.run([settings.verify, *args], capture_output=True, text=True,
                         stdin=subprocess.DEVNULL, preexec_fn=_die_with_parent, timeout=900)
    if out.returncode != 0:
        raise RuntimeError(f"verify {' '.join(args)} exited {out.returncode}: "
                           f"{out.stderr.strip()[-2000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def digest_topic(settings, cluster, topic, lines=False):
    """The digest of every record of topic (PARTITIONS partitions) as a read_committed
    consumer reads it; with lines, of the FileStreamSource chain's payload.line fields."""
    return run_verify(settings, *(["-l"] if lines else []), cluster.bootstrap, topic,
                      str(PARTITIONS))


def compare_digests(got, want, what, per_partition=True):
    """None when got (a copy's digest) equals want (its source's), partition by partition
    (or over all of them), else a sentence saying how they differ."""
    def fields(d):
        return (d["records"], d["sum"], d["xor"])
    if per_partition:
        bad = [(g, w) for g, w in zip(got["partitions"], want["partitions"])
               if fields(g) != fields(w)]
        if not bad and len(got["partitions"]) == len(want["partitions"]):
            return None
        return (f"{what}: {len(bad)} partition(s) differ from the source, e.g. partition "
                f"{bad[0][0]['partition']}: {bad[0][0]['records']} records (digest "
                f"{bad[0][0]['sum']}/{bad[0][0]['xor']}) against {bad[0][1]['records']} "
                f"({bad[0][1]['sum']}/{bad[0][1]['xor']})" if bad else
                f"{what}: {len(got['partitions'])} partitions, the source has "
                f"{len(want['partitions'])}")
    if fields(got) == fields(want):
        return None
    return (f"{what}: {got['records']} records (digest {got['sum']}/{got['xor']}) against "
            f"the source's {want['records']} ({want['sum']}/{want['xor']})")


class TxnLog:
    """The target cluster's transaction log (TXN_LOG, one partition), for the transactions
    a run's producers committed: mark() before the run, then count(mark, prefix) reads what
    was appended since and counts, for the transactional ids starting with prefix, the
    records of a transaction completed (TransactionLogKey: version, then the id;
    TransactionLogValue: version, producer id, epoch, timeout, then the state)."""

    def __init__(self, cluster):
        self.cluster = cluster

    def _consumer(self):
        from confluent_kafka import Consumer
        return Consumer({"bootstrap.servers": self.cluster.bootstrap,
                         "group.id": f"bench-txn-{uuid.uuid4().hex}",
                         "enable.auto.commit": False, "log_level": 0})

    def mark(self):
        """The log's end offset now (0 while no transaction was ever begun)."""
        from confluent_kafka import TopicPartition
        c = self._consumer()
        try:
            return c.get_watermark_offsets(TopicPartition(TXN_LOG, 0), timeout=10)[1]
        except Exception:
            return 0
        finally:
            c.close()

    def count(self, start, prefix, timeout=60):
        """{"committed": n, "aborted": n} of the transactional ids starting with prefix,
        from offset start to the log's end."""
        from confluent_kafka import TopicPartition
        c = self._consumer()
        out = {"committed": 0, "aborted": 0}
        try:
            end = c.get_watermark_offsets(TopicPartition(TXN_LOG, 0), timeout=10)[1]
            if end <= start:
                return out
            c.assign([TopicPartition(TXN_LOG, 0, start)])
            deadline, at = time.monotonic() + timeout, start
            while at < end:
                if time.monotonic() > deadline:
                    raise RuntimeError(f"{TXN_LOG} not read to offset {end} in {timeout} s")
                m = c.poll(1)
                if m is None or m.error():
                    continue
                at = m.offset() + 1
                key, value = m.key() or b"", m.value()
                if len(key) < 4 or value is None or len(value) < 17:
                    continue                    # a tombstone (an expired id), or not ours
                n = struct.unpack_from(">h", key, 2)[0]
                if not key[4:4 + n].decode("utf-8", "replace").startswith(prefix):
                    continue
                state = value[16]
                if state == TXN_COMPLETE_COMMIT:
                    out["committed"] += 1
                elif state == TXN_COMPLETE_ABORT:
                    out["aborted"] += 1
        finally:
            c.close()
        return out


def percentile(sorted_values, q):
    """Nearest-rank percentile of an ascending list."""
    if not sorted_values:
        return None
    return sorted_values[max(0, math.ceil(q * len(sorted_values)) - 1)]


# ===== Scenarios ==========================================================================

class Bench:
    def __init__(self, settings):
        self.s = settings
        self.java = kh.Java()
        self.runs = []
        self.clusters = None
        self.work = os.path.join(settings.out, "work")
        # The digests every copy is checked against (bench/verify.c): each pre-loaded topic's,
        # made once it is written, and the FileStreamSource file's.
        self.digests = {}
        self.file_digest = None

    def uid(self):
        return uuid.uuid4().hex[:8]

    def workdir(self, name):
        d = os.path.join(self.work, name)
        os.makedirs(d, exist_ok=True)
        return d

    @property
    def source(self):
        return self.clusters["source"]

    @property
    def target(self):
        return self.clusters["target"]

    # ---- throughput ----
    def throughput(self, kind, tasks, pair, offset_syncs=True, second=False, eos=False,
                   producer=None, connector=None):
        """A fresh worker copies DATA_TOPIC with tasks.max tasks (measured_copy). Without
        offset_syncs, with emit.offset-syncs.enabled=false. second: then the same worker
        copies it once more, measured the same way (under "second"): the first connector
        deleted and its remote topic with it, a new one with a new source alias, so a new
        remote topic and new offsets, on a worker whose code has run one copy already (a
        JVM's JIT warm). eos: EOS_TOPIC instead, the workers with EOS_WORKER and the
        connector with EOS_CONNECTOR (the copy timed and checked read_committed, its
        transactions counted). producer: settings given to the connector's producer
        (producer.override.*). connector: more connector settings."""
        s, uid = self.s, self.uid()
        name = (f"throughput-{kind}-t{tasks}-p{pair}{'' if offset_syncs else '-nosyncs'}"
                f"{'-eos' if eos else ''}{'-producer' if producer else ''}"
                f"{'-connector' if connector else ''}")
        alias, topic = f"s{uid}", EOS_TOPIC if eos else DATA_TOPIC
        remotes = [f"{alias}.{topic}"]
        w = Worker(kind, self.java, s, self.workdir(name),
                   worker_props(self.target, uid, **(EOS_WORKER if eos else {})), name)
        config = mirror_config(self.source, self.target, alias, topic, tasks, s.mirror_extra)
        if not offset_syncs:
            # Java refuses the syncs topic's replication factor when none is written.
            config.pop("offset-syncs.topic.replication.factor", None)
            config["emit.offset-syncs.enabled"] = "false"
        if eos:
            config.update(EOS_CONNECTOR)
        config.update({f"producer.override.{k}": str(v) for k, v in (producer or {}).items()})
        config.update(connector or {})
        try:
            w.start()
            w.wait_get("/connectors")
            out = self.measured_copy(w, "bench", config, topic, remotes[0], eos,
                                     f"bench-{uid}-")
            if second:
                w.delete_connector("bench")
                delete_topics(self.target, remotes)
                os.sync()
                remotes.append(f"{alias}w.{topic}")
                config = {**config, "source.cluster.alias": f"{alias}w"}
                out["second"] = self.measured_copy(w, "bench-again", config, topic, remotes[-1],
                                                   eos, f"bench-{uid}-", hwm=False)
        finally:
            w.stop()
            delete_topics(self.target, remotes)
        return out

    def measured_copy(self, w, connector, config, topic, remote, eos, txn_prefix, hwm=True):
        """One copy of a pre-loaded topic by a running worker: connector posted with config,
        timed from the accepted POST until remote holds every record (follow; with eos, its
        end offsets as read_committed, finish_committed), with the worker's RSS, its CPU and
        the brokers' over that time and the offset syncs written; then checked record for
        record (check_copy) and, with eos, its transactions counted (those of the
        transactional ids starting with txn_prefix + connector). hwm: the peak RSS counts
        VmHWM, the process's peak since its start (not for a second copy)."""
        records = self.digests[topic]["records"]
        offsets, syncs = EndOffsets(self.target, committed=eos), EndOffsets(self.source)
        txns = TxnLog(self.target) if eos else None
        sampler = RssSampler(w.pid)
        sampler.start()
        try:
            syncs0 = syncs.total(SYNCS_TOPIC, 1)
            txn0 = txns.mark() if eos else None
            cpu0, brokers0 = cpu_seconds(w.pid), self.brokers_cpu_seconds()
            t0 = w.create_connector(connector, config)
            progress, t1 = self.follow(w, offsets, remote, records, t0, connector=connector)
            if eos:
                progress, t1, offsets_end = self.finish_committed(offsets, remote, records, t0,
                                                                  progress)
            cpu1, brokers1 = cpu_seconds(w.pid), self.brokers_cpu_seconds()
            syncs1 = syncs.total(SYNCS_TOPIC, 1)
            peak_hwm = proc_status_kb(w.pid, "VmHWM") / 1024 if hwm else 0
        finally:
            peak, steady = sampler.stop()
        value_bytes = records * RECORD_BYTES
        out = {**rates(progress, t1 - t0, records),
               "cpu_s_per_gb": (cpu1 - cpu0) / (value_bytes / 1e9),
               "brokers_cpu_s_per_gb": (brokers1 - brokers0) / (value_bytes / 1e9),
               # None when the last reading failed (EndOffsets counts that as 0).
               "offset_syncs_per_gb": ((syncs1 - syncs0) / (value_bytes / 1e9)
                                       if syncs1 >= syncs0 else None),
               "rss_peak_mib": max(peak, peak_hwm), "rss_steady_mib": steady}
        out["verify_s"] = self.check_copy(remote, f"{w.kind}'s copy into {remote}", topic)
        if eos:
            n = txns.count(txn0, f"{txn_prefix}{connector}-")
            out.update({"transactions": n["committed"], "aborted_transactions": n["aborted"],
                        "transactions_per_gb": n["committed"] / (value_bytes / 1e9),
                        "records_per_transaction": (records / n["committed"]
                                                    if n["committed"] else None),
                        # Each partition a transaction wrote to gets its commit marker.
                        "commit_markers": offsets_end - records})
        return out

    def finish_committed(self, offsets, topic, records, t0, progress):
        """The end of an exactly-once copy, which follow() cannot tell from the end offsets
        alone: a read_committed end offset counts each transaction's commit marker in the
        partition, so the sum reaches the records copied before they are all there. Once it
        has (follow), the end offsets are read on until they stay unchanged for EOS_QUIET_S,
        then the target is counted read_committed (build/bench/verify); short of records
        (a pause in the copy), all of it again. The copy ended at the first reading of the
        last sum; the progress curve is scaled to records (the markers spread evenly).
        (progress, the monotonic time of that reading, the last sum)."""
        s = self.s
        while True:
            last, since = progress[-1][1], time.monotonic()
            while time.monotonic() - since < EOS_QUIET_S:
                time.sleep(PROGRESS_INTERVAL)
                done, now = offsets.total(topic), time.monotonic()
                if now - t0 > s.run_timeout:
                    raise RuntimeError(f"not every record committed after {s.run_timeout}s")
                progress.append((now - t0, done))
                if done != last:
                    last, since = done, now
            if digest_topic(s, self.target, topic)["records"] >= records:
                break
        end = min(t for t, n in progress if n == last)
        scaled = [(t, min(records, round(n * records / last))) for t, n in progress
                  if t <= end]
        return scaled, t0 + end, last

    def check_copy(self, topic, what, source=DATA_TOPIC, lines=False):
        """Raises unless topic on the target holds the records of its source, no more, no
        fewer (digest_topic, compare_digests): the pre-loaded topic source's, partition by
        partition; with lines, the FileStreamSource file's, over all partitions. The check's
        seconds."""
        got = digest_topic(self.s, self.target, topic, lines)
        problem = compare_digests(got, self.file_digest if lines else self.digests[source],
                                  what, per_partition=not lines)
        if problem:
            raise RuntimeError(f"record-for-record check failed: {problem}")
        return got["seconds"]

    def follow(self, w, offsets, topic, records, t0, check=None, connector="bench"):
        """Reads topic's end offsets (on the target) every PROGRESS_INTERVAL until they add
        up to records, with the worker's liveness, connector's status and check() every
        5 s; (the progress curve since t0, the monotonic time of the last reading)."""
        s = self.s
        done, next_status, progress = 0, time.monotonic() + 5, []
        while done < records:
            time.sleep(PROGRESS_INTERVAL)
            done = offsets.total(topic)
            now = time.monotonic()
            progress.append((now - t0, done))
            if now - t0 > s.run_timeout:
                raise RuntimeError(f"{done} of {records} records after {s.run_timeout}s")
            if now > next_status:
                next_status = now + 5
                w.check_running("bench")
                if check is not None:
                    check()
        return progress, time.monotonic()

    def pipe(self, threads, pair, offset_syncs=False, eos=False):
        """The bare pipe's copy of DATA_TOPIC (bench/pipe.c), timed as a worker's. eos: of
        EOS_TOPIC, a transaction per batch (pipe -e) with the batch's source offsets written
        in it to an offsets topic of the worker's shape, the target read read_committed
        (finish_committed); its transactions and their commits' time are its own count."""
        s, uid = self.s, self.uid()
        topic, records = (EOS_TOPIC, s.eos_records) if eos else (DATA_TOPIC, s.records)
        dest = f"pipe{uid}.{topic}"
        # With offset syncs, the pipe writes them where MirrorSource would: a compacted
        # one-partition topic on the source cluster, created as the connector creates it.
        syncs = f"mm2-offset-syncs.pipe{uid}.internal" if offset_syncs else None
        # With eos, the source offsets go where a worker's go: its offsets topic's shape.
        txn = (f"pipe-{uid}", f"pipe-{uid}-offsets") if eos else None
        self.target.create_topic(dest, PARTITIONS)
        if syncs:
            self.source.create_topic(syncs, 1, config={"cleanup.policy": "compact"})
        if txn:
            self.target.create_topic(txn[1], OFFSETS_PARTITIONS,
                                     config={"cleanup.policy": "compact"})
        offsets = EndOffsets(self.target, committed=eos)
        log_path = os.path.join(self.workdir(f"pipe-t{threads}-p{pair}"
                                             f"{'-syncs' if syncs else ''}"
                                             f"{'-eos' if eos else ''}"), "pipe.log")
        try:
            brokers0 = self.brokers_cpu_seconds()
            with open(log_path, "w") as log:
                t0 = time.monotonic()
                proc = subprocess.Popen([s.pipe, "-t", str(threads)] +
                                        (["-s", syncs] if syncs else []) +
                                        (["-e", *txn] if txn else []) +
                                        [self.source.bootstrap, topic,
                                         self.target.bootstrap, dest],
                                        stdout=subprocess.PIPE, stderr=log, text=True,
                                        stdin=subprocess.DEVNULL, preexec_fn=_die_with_parent)
            sampler = RssSampler(proc.pid)
            sampler.start()
            done, reaped, progress = 0, None, []
            while done < records:
                time.sleep(PROGRESS_INTERVAL)
                done = offsets.total(dest)
                progress.append((time.monotonic() - t0, done))
                if time.monotonic() - t0 > s.run_timeout:
                    proc.kill()
                    raise RuntimeError(f"pipe: {done} of {records} after {s.run_timeout}s")
                if reaped is None:          # os.wait4, not poll(): the rusage is wanted
                    pid, status, ru = os.wait4(proc.pid, os.WNOHANG)
                    if pid != 0:
                        reaped = (status, ru)
                        if os.waitstatus_to_exitcode(status) != 0:
                            break
            t1 = time.monotonic()
            markers = None
            if eos and done >= records:
                progress, t1, last = self.finish_committed(offsets, dest, records, t0, progress)
                markers = last - records
            brokers1 = self.brokers_cpu_seconds()
            peak, steady = sampler.stop()
            out = proc.stdout.read()
            if reaped is None:
                _, status, ru = os.wait4(proc.pid, 0)
                reaped = (status, ru)
            status, ru = reaped
            proc.returncode = os.waitstatus_to_exitcode(status)
            if proc.returncode != 0 or done < records:
                raise RuntimeError(f"pipe exited {proc.returncode} after {done} records: "
                                   f"{kh.tail(log_path, 10)}")
            verify_s = self.check_copy(dest, f"the pipe's copy into {dest}", topic)
        finally:
            delete_topics(self.target, [dest] + ([txn[1]] if txn else []))
            delete_topics(self.source, [syncs])
        value_bytes = records * RECORD_BYTES
        own = json.loads(out.strip().splitlines()[-1])
        n = own.get("transactions", 0)
        txns = {"transactions": n, "transactions_per_gb": n / (value_bytes / 1e9),
                "records_per_transaction": records / n if n else None,
                # Each commit waits for its records, its offsets and the EndTxn.
                "commit_ms_per_transaction": own.get("commit_seconds", 0) * 1e3 / n if n
                else None, "commit_markers": markers} if eos else {}
        # Not ru_maxrss: Linux carries the parent's peak across fork and exec into it.
        return {**rates(progress, t1 - t0, records),
                "cpu_s_per_gb": (ru.ru_utime + ru.ru_stime) / (value_bytes / 1e9),
                "brokers_cpu_s_per_gb": (brokers1 - brokers0) / (value_bytes / 1e9),
                "offset_syncs_per_gb": own.get("offset_syncs", 0) / (value_bytes / 1e9),
                "rss_peak_mib": max(peak, own.get("peak_rss_kb", 0) / 1024),
                "rss_steady_mib": steady, "own": own, "verify_s": verify_s, **txns}

    # ---- transforms ----
    def lines_file(self):
        """The file every FileStreamSource run reads: BENCH_FILE_LINES lines of LINE_BYTES
        printable ASCII characters (a line number, then letters and digits), written once per
        bench run under work/, and its digest (file_digest), which every run's output must
        have (check_copy)."""
        n = self.s.file_lines
        path = os.path.join(self.work, f"lines-{n}.txt")
        if os.path.exists(path) and os.path.getsize(path) == n * (LINE_BYTES + 1):
            if self.file_digest is None:
                self.file_digest = run_verify(self.s, "-F", path)
            return path
        os.makedirs(self.work, exist_ok=True)
        filler = (string.ascii_letters + string.digits) * 4
        width = LINE_BYTES - 11
        with open(path + ".tmp", "w") as f:
            for start in range(0, n, 10000):
                f.write("".join(f"{i:010d} {filler[i % 97:i % 97 + width]}\n"
                                for i in range(start, min(n, start + 10000))))
        os.replace(path + ".tmp", path)
        self.file_digest = run_verify(self.s, "-F", path)
        return path

    def chain(self, kind, chain, pair):
        """One run of a transform chain by a fresh worker, timed as a throughput run is: the
        target topic's end offsets from the accepted POST until they hold every record.
        chain "mirror": the throughput scenario's copy of DATA_TOPIC (tasks.max 1) through
        InsertHeader, RegexRouter and DropHeaders (mirror_chain_config), into the routed
        topic. chain "file": FileStreamSource over lines_file() through HoistField and
        InsertField, JsonConverter with schemas (file_chain_config). Once measured, one
        record of the output is checked (check_chain_output)."""
        s, uid = self.s, self.uid()
        name = f"transforms-{chain}-{kind}-p{pair}"
        alias = f"s{uid}"
        if chain == "mirror":
            records, unrouted = s.records, f"{alias}.{DATA_TOPIC}"
            topic = f"{alias}.{ROUTED_TOPIC}"
            config = mirror_chain_config(self.source, self.target, alias, s.mirror_extra)
        else:
            records, unrouted = s.file_lines, None
            topic = f"bench-file-{uid}"
            config = file_chain_config(self.lines_file(), topic)
        # Made beforehand, with the source topic's partitions: MirrorSource writes each record
        # to its source partition, and the connector creates only the remote topic it would
        # write without the router (left empty); a broker's auto-creation makes one partition.
        self.target.create_topic(topic, PARTITIONS)
        w = Worker(kind, self.java, s, self.workdir(name),
                   worker_props(self.target, uid, **{"header.converter": SIMPLE_HEADERS}), name)
        offsets = EndOffsets(self.target)

        def routed():
            if unrouted and offsets.total(unrouted):
                raise RuntimeError(f"records reached {unrouted}, not the routed {topic}")
        try:
            w.start()
            w.wait_get("/connectors")
            sampler = RssSampler(w.pid)
            sampler.start()
            cpu0, brokers0 = cpu_seconds(w.pid), self.brokers_cpu_seconds()
            t0 = w.create_connector("bench", config)
            progress, t1 = self.follow(w, offsets, topic, records, t0, routed)
            cpu1, brokers1 = cpu_seconds(w.pid), self.brokers_cpu_seconds()
            hwm = proc_status_kb(w.pid, "VmHWM") / 1024
            peak, steady = sampler.stop()
            routed()
            check_chain_output(chain, first_record(self.target, topic))
            verify_s = self.check_copy(topic, f"{kind}'s {chain} chain into {topic}",
                                       lines=chain == "file")
        finally:
            w.stop()
            delete_topics(self.target, [topic, unrouted])
        out = {**rates(progress, t1 - t0, records),
               "records": records, "cpu_s": cpu1 - cpu0, "brokers_cpu_s": brokers1 - brokers0,
               "cpu_s_per_m_records": (cpu1 - cpu0) / (records / 1e6),
               "brokers_cpu_s_per_m_records": (brokers1 - brokers0) / (records / 1e6),
               "rss_peak_mib": max(peak, hwm), "rss_steady_mib": steady, "verify_s": verify_s}
        if chain == "mirror":
            out["cpu_s_per_gb"] = (cpu1 - cpu0) / (records * RECORD_BYTES / 1e9)
        else:           # MB/s of the lines read (newlines left out), not of the JSON written
            out["mb_per_s"] = out["records_per_s"] * LINE_BYTES / 1e6
        return out

    # ---- latency ----
    def latency(self, kind, pair, eos=False):
        """The steady producer's records, consume time on the target minus their timestamp,
        each checked to arrive once (SeqCheck). eos: the workers with EOS_WORKER, the
        connector with EOS_CONNECTOR, the target read read_committed (a record arrives once
        its transaction is committed)."""
        s, uid = self.s, self.uid()
        name = f"{'eos-' if eos else ''}latency-{kind}-p{pair}"
        seconds = s.eos_lat_seconds if eos else s.lat_seconds
        topic, alias = f"bench-lat-{uid}", f"s{uid}"
        remote = f"{alias}.{topic}"
        self.source.create_topic(topic, PARTITIONS)
        w = proc = log = None
        producer = consumer = None
        measured = self.target
        try:
            if kind == "hop":
                # No copy at all: the consumer reads the source topic itself, so the
                # latency of one broker hop at this rate, a floor under any copy's two.
                measured, remote = self.source, topic
            elif kind == "pipe":
                # The bare pipe following the topic (-f): the same producer and consumer
                # settings without Connect, so the latency the brokers and librdkafka
                # alone give at this rate.
                self.target.create_topic(remote, PARTITIONS)
                log = open(os.path.join(self.workdir(name), "pipe.log"), "w")
                proc = subprocess.Popen([s.pipe, "-f", "-t", str(s.lat_tasks),
                                         self.source.bootstrap, topic, self.target.bootstrap,
                                         remote], stdout=subprocess.DEVNULL, stderr=log,
                                        stdin=subprocess.DEVNULL, preexec_fn=_die_with_parent)
            else:
                w = Worker(kind, self.java, s, self.workdir(name),
                           worker_props(self.target, uid, **(EOS_WORKER if eos else {})), name)
                w.start()
                w.wait_get("/connectors")
                w.create_connector("bench", {**mirror_config(self.source, self.target, alias,
                                                             topic, s.lat_tasks,
                                                             s.mirror_extra),
                                             **(EOS_CONNECTOR if eos else {})})
                w.wait_tasks_running("bench", s.lat_tasks)
                wait_topic(self.target, remote)
            consumer = target_consumer(measured, remote, committed=eos)
            drain(consumer, 1)                               # fetching from its partitions
            producer = SteadyProducer(self.source, topic, s.lat_rate, seconds)
            deadline = time.monotonic() + seconds + 120
            seen, got = [], 0                                # (timestamp, latency) in ms
            seqs = SeqCheck()
            while time.monotonic() < deadline:
                msgs, now_ms = drain(consumer, 0.2)
                for m in msgs:
                    if m.error():
                        continue
                    got += 1
                    ts = m.timestamp()[1]
                    seen.append((ts, now_ms - ts))
                    seqs.add(m.value())
                if producer.done() and got >= producer.sent:
                    break
                if not msgs and w is not None:
                    w._check_alive("replicating")
                elif not msgs and proc is not None and proc.poll() is not None:
                    raise RuntimeError(f"pipe exited {proc.returncode}: "
                                       f"{kh.tail(log.name, 10)}")
            if not producer.done() or got < producer.sent:
                raise RuntimeError(f"{got} of {producer.sent} records reached the target")
            # Anything more (a duplicate) would still be on its way: a moment for it to come.
            for m in drain(consumer, 0.5)[0]:
                if not m.error():
                    seqs.add(m.value())
            seqs.check(producer.sent)
        finally:
            if producer:
                producer.stop()
            if consumer:
                consumer.close()
            if w is not None:
                w.stop()
            if proc is not None:
                stop_process(proc, 30)
                log.close()
            if kind != "hop":
                delete_topics(self.target, [remote])
            delete_topics(self.source, [topic])
        # The warm-up counts from the first record produced (the producer's own start-up
        # is not the worker's).
        first_ts = min((ts for ts, _ in seen), default=0)
        lat = sorted(v for ts, v in seen if ts >= first_ts + s.lat_warmup * 1000)
        return {"p50_ms": percentile(lat, 0.50), "p99_ms": percentile(lat, 0.99),
                "max_ms": lat[-1] if lat else None, "measured": len(lat),
                "sent": producer.sent, "rate": s.lat_rate, "seconds": seconds}

    def eos_latency(self, kind, pair):
        return self.latency(kind, pair, eos=True)

    # ---- start-up ----
    def startup_floor(self, uid):
        """What the brokers alone take before a worker's first start can run a source task,
        with no worker, from clients connected beforehand: the topics floor (running_s),
        then, on topics of its own, the protocol floor (protocol_s). Each deletes its topics
        once measured: the warm-up's forty floors would otherwise leave the target broker
        some 2,500 more partitions for every later run (their files, checkpoints, cleaner)."""
        floor = self.topics_floor(uid)
        time.sleep(1)               # the brokers done with the first set's topics
        floor.update(self.protocol_floor(f"{uid}p"))
        time.sleep(1)               # and with the second's before the next run
        return floor

    def topics_floor(self, uid):
        """The topics alone: the three internal topics asked for in one CreateTopics (the
        soonest any worker could have them; Java asks for one after the other, kconnect for
        two requests), then ListOffsets on every partition of them every 5 ms until all
        answer (the controller commits the topics, then the broker makes their 31 partitions
        one after another; a source task's first read of its offsets, Java's as kconnect's,
        reads the whole offsets topic, and the stores read the status and config topics
        before that), then the connector's remote topic (8 partitions) in one CreateTopics (a
        MirrorSource connector creates it before it gives its tasks their configs, Java's
        start() waits for it too; KRaft's controller commits a creation only after its
        append linger, controller.quorum.append.linger.ms, 25 ms by default)."""
        from confluent_kafka import TopicPartition
        from confluent_kafka.admin import NewTopic
        props = worker_props(self.target, uid)      # the topics a worker's start would make
        compact = {"cleanup.policy": "compact"}
        topics = [(props["status.storage.topic"], 5), (props["config.storage.topic"], 1),
                  (props["offset.storage.topic"], OFFSETS_PARTITIONS)]
        admin = self.target.admin()
        admin.list_topics(timeout=30)
        remote = f"floor{uid}.{START_TOPIC}"
        try:
            t0 = time.monotonic()
            for f in admin.create_topics([NewTopic(t, n, 1, config=compact)
                                          for t, n in topics], request_timeout=30).values():
                f.result(30)
            t1 = time.monotonic()
            wait_readable(admin, [TopicPartition(t, p) for t, n in topics for p in range(n)])
            t2 = time.monotonic()
            admin.create_topics([NewTopic(remote, PARTITIONS, 1)],
                                request_timeout=30)[remote].result(30)
            t3 = time.monotonic()
        finally:
            delete_topics(self.target, [remote] + [t for t, _ in topics])
        return {"running_s": t3 - t0, "create_s": t1 - t0, "readable_s": t2 - t1,
                "remote_create_s": t3 - t2}

    def protocol_floor(self, uid):
        """The whole first start's requests that a Connect worker cannot do without, in its
        order, each waited for only as long as what comes next depends on it, with nothing
        of a worker around them (protocol_s, from the first CreateTopics to the status read
        back): the internal topics in one CreateTopics; the clients' metadata of them while
        the status and config partitions become readable (the stores read those before the
        worker joins its group); the group's first generation (JoinGroup twice, SyncGroup,
        as GroupMember, which found its coordinator beforehand); the session key written to
        the config topic and read back; the connector's config written and read back and the
        second generation; the connector's listings of both clusters (at once) and its
        DescribeConfigs of the source topic; the remote topic; the task's config and the
        commit record each written and read back and the third generation; the task's
        ListOffsets of the offsets topic, asked again every 5 ms until every partition
        answers; its RUNNING status written and read back. Also the brokers' CPU over it
        (brokers_cpu_s)."""
        from confluent_kafka import Consumer, Producer, TopicPartition
        from confluent_kafka.admin import ConfigResource, NewTopic
        props = worker_props(self.target, uid)
        compact = {"cleanup.policy": "compact"}
        status_t, config_t = props["status.storage.topic"], props["config.storage.topic"]
        offsets_t = props["offset.storage.topic"]
        topics = [(status_t, 5), (config_t, 1), (offsets_t, OFFSETS_PARTITIONS)]
        remote = f"floor{uid}.{START_TOPIC}"
        admin, source_admin = self.target.admin(), self.source.admin()
        producer = Producer({"bootstrap.servers": self.target.bootstrap, "acks": "all",
                             "linger.ms": 0, "enable.idempotence": False})
        # One reader per partition read back: a Fetch of a partition with nothing new waits
        # at the broker until records come, for that partition only. A fetch refused while
        # the broker still makes the partition is retried 5 ms later, not librdkafka's 500.
        readers = {t: Consumer({"bootstrap.servers": self.target.bootstrap,
                                "group.id": f"floor-{uid}", "enable.auto.commit": False,
                                "fetch.error.backoff.ms": 5})
                   for t in (status_t, config_t)}
        member = GroupMember(self.target.bootstrap, f"floor-{uid}")
        member.find_coordinator()                     # connected to it, as the others, before
        for client in (admin, source_admin, producer, *readers.values()):
            client.list_topics(timeout=30)            # the clock starts

        def write_and_read_back(topic, key):
            done = {}
            producer.produce(topic, value=b"x" * 200, key=key, partition=0,
                             on_delivery=lambda e, m: done.update(err=e, offset=m.offset()))
            producer.flush(30)
            if done.get("err") is not None:
                raise RuntimeError(f"floor: writing to {topic}: {done['err']}")
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:
                m = readers[topic].poll(1)
                if m is not None and m.error() is None and m.offset() >= done["offset"]:
                    return
            raise RuntimeError(f"floor: {topic} not read back in 30 s")

        def at_once(*calls):
            """Runs calls on threads of their own; raises the first one's exception."""
            failures = []

            def run(call):
                try:
                    call()
                except Exception as e:      # noqa: BLE001 - raised again below
                    failures.append(e)
            threads = [threading.Thread(target=run, args=(c,)) for c in calls]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            if failures:
                raise failures[0]

        brokers_cpu = self.brokers_cpu_seconds()
        try:
            t0 = time.monotonic()
            for f in admin.create_topics([NewTopic(t, n, 1, config=compact) for t, n in topics],
                                         request_timeout=30).values():
                f.result(30)
            at_once(lambda: producer.list_topics(config_t, timeout=30),
                    lambda: readers[config_t].list_topics(config_t, timeout=30),
                    lambda: readers[status_t].list_topics(status_t, timeout=30),
                    lambda: wait_readable(admin, [TopicPartition(t, p) for t, n in topics[:2]
                                                  for p in range(n)]))
            for topic, reader in readers.items():
                reader.assign([TopicPartition(topic, 0, 0)])
            member.join_and_sync()
            write_and_read_back(config_t, b"session-key")
            write_and_read_back(config_t, b"connector-bench")
            member.join_and_sync()
            at_once(lambda: source_admin.list_topics(timeout=30),
                    lambda: admin.list_topics(timeout=30))
            for f in source_admin.describe_configs([ConfigResource("topic", START_TOPIC)],
                                                   request_timeout=30).values():
                f.result(30)
            admin.create_topics([NewTopic(remote, PARTITIONS, 1)],
                                request_timeout=30)[remote].result(30)
            write_and_read_back(config_t, b"task-bench-0")
            write_and_read_back(config_t, b"commit-bench")
            member.join_and_sync()
            wait_readable(admin, [TopicPartition(offsets_t, p)
                                  for p in range(OFFSETS_PARTITIONS)])
            write_and_read_back(status_t, b"status-task-bench-0")
            t1 = time.monotonic()
            brokers_cpu = self.brokers_cpu_seconds() - brokers_cpu
        finally:
            member.close()
            for reader in readers.values():
                reader.close()
            delete_topics(self.target, [remote] + [t for t, _ in topics])
        return {"protocol_s": t1 - t0, "brokers_cpu_s": brokers_cpu}

    def startup(self, kind, pair):
        s, uid = self.s, self.uid()
        if kind == "floor":
            return self.startup_floor(uid)
        name = f"startup-{kind}-p{pair}"
        alias = f"s{uid}"
        w = Worker(kind, self.java, s, self.workdir(name), worker_props(self.target, uid), name)
        # What the machine spends on the start-up besides the worker: the brokers create the
        # internal topics (31 partitions by default) and the remote topic, commit each
        # creation, and run the group. kconnect's start-up mostly waits on that work.
        brokers_cpu = self.brokers_cpu_seconds()
        again = None
        try:
            w.start()
            t_root = w.wait_get("/", interval=STARTUP_POLL_S)
            w.create_connector("bench", mirror_config(self.source, self.target, alias,
                                                      START_TOPIC, 1, s.mirror_extra),
                               interval=0.02)
            t_run = w.wait_tasks_running("bench", 1, interval=STARTUP_POLL_S)
            brokers_cpu = self.brokers_cpu_seconds() - brokers_cpu
            worker_cpu = cpu_seconds(w.pid)
            rss = proc_status_kb(w.pid, "VmRSS") / 1024
            w.stop()
            # A restart, as when an operator swaps one worker for another: the same
            # configuration, its topics there, its connector stored; the worker before it
            # stopped and left the group.
            again = Worker(kind, self.java, s, self.workdir(name), worker_props(self.target, uid),
                           f"{name}-restart")
            again.start()
            t_root_again = again.wait_get("/", interval=STARTUP_POLL_S)
            t_run_again = again.wait_tasks_running("bench", 1, interval=STARTUP_POLL_S, here=True)
        finally:
            w.stop()
            if again is not None:
                again.stop()
            delete_topics(self.target, [f"{alias}.{START_TOPIC}"])
        return {"root_s": t_root - w.t_exec, "running_s": t_run - w.t_exec,
                "rss_running_mib": rss, "worker_cpu_s": worker_cpu,
                "brokers_cpu_s": brokers_cpu,
                "brokers_cores": brokers_cpu / (t_run - w.t_exec),
                "restart_root_s": t_root_again - again.t_exec,
                "restart_running_s": t_run_again - again.t_exec}

    # ---- failover ----
    def failover(self, kind, pair):
        s, uid = self.s, self.uid()
        name = f"failover-{kind}-p{pair}"
        topic, alias = f"bench-fo-{uid}", f"s{uid}"
        remote = f"{alias}.{topic}"
        self.source.create_topic(topic, PARTITIONS)
        props = worker_props(self.target, uid, **{
            "scheduled.rebalance.max.delay.ms": 0,
            "session.timeout.ms": s.session_timeout_ms})
        workers = [Worker(kind, self.java, s, self.workdir(name), props, f"{name}-w{i}")
                   for i in range(2)]
        producer = consumer = None
        limit = s.session_timeout_ms / 1000 + 90
        try:
            for w in workers:
                w.start()
            for w in workers:
                w.wait_get("/connectors")
            workers[0].create_connector("bench", mirror_config(self.source, self.target, alias,
                                                               topic, 1, s.mirror_extra))
            workers[0].wait_tasks_running("bench", 1)
            wait_topic(self.target, remote)
            consumer = target_consumer(self.target, remote)
            producer = SteadyProducer(self.source, topic, s.failover_rate,
                                      s.failover_warmup + limit + 30)
            # Flowing: records produced a warm-up after the first one reach the target.
            deadline = time.monotonic() + s.failover_warmup + 120
            first_ts, flowing = None, False
            while not flowing and time.monotonic() < deadline:
                for m in drain(consumer, 0.2)[0]:
                    if m.error():
                        continue
                    ts = m.timestamp()[1]
                    first_ts = ts if first_ts is None else min(first_ts, ts)
                    flowing = flowing or ts >= first_ts + s.failover_warmup * 1000
            if not flowing:
                raise RuntimeError("records never flowed before the kill")
            st = workers[0].status("bench")
            owner = st["tasks"][0]["worker_id"]
            victim = next(w for w in workers if owner.endswith(f":{w.port}"))
            t_kill = time.time()
            victim.kill()
            kill_ms = t_kill * 1000
            t_flow = None
            deadline = time.monotonic() + limit
            while t_flow is None and time.monotonic() < deadline:
                msgs, now_ms = drain(consumer, 0.1)
                if any(not m.error() and m.timestamp()[1] > kill_ms for m in msgs):
                    t_flow = now_ms / 1000
            if t_flow is None:
                raise RuntimeError(f"no record produced after the kill reached the target "
                                   f"within {limit:.0f}s")
            survivor = next(w for w in workers if w is not victim)
        finally:
            if producer:
                producer.stop()
            if consumer:
                consumer.close()
            for w in workers:
                w.stop()
            delete_topics(self.target, [remote])
            delete_topics(self.source, [topic])
        return {"failover_s": t_flow - t_kill, "killed_worker": workers.index(victim),
                "survivor_worker": workers.index(survivor),
                "session_timeout_ms": s.session_timeout_ms}

    # ---- driver ----
    @property
    def broker_pids(self):
        return [n.pid for c in self.clusters.values() for n in c.nodes]

    def brokers_cpu_seconds(self):
        """CPU seconds of every broker process so far."""
        return sum(cpu_seconds(p) for p in self.broker_pids)

    def brokers_cpu(self):
        """(all CPU seconds, JIT compiler threads' CPU seconds) of every broker so far."""
        return (self.brokers_cpu_seconds(),
                sum(jit_cpu_seconds(p) for p in self.broker_pids))

    def warm_up(self):
        """Unrecorded copies (pair 0) until the brokers' JIT has settled, whatever the
        scenarios. First pipe copies: fresh brokers keep compiling their fetch and produce
        paths for many copies, and a copy gets faster as they do (on a 2-core machine,
        88,000 records/s at the first copy, 245,000 by the 19th, the compiler threads taking
        a fifth of the machine until then). Unsettled, they slow whichever kind runs first in
        a pair and every run more than the next. At least BENCH_WARMUP copies; then until two
        copies in a row spent less than BENCH_WARMUP_JIT_SHARE of the brokers' CPU compiling,
        or BENCH_WARMUP_MAX copies. Then rounds of one copy by each worker kind to be
        measured (the largest tasks.max; Java's followed by a settling copy, settle()), until
        a round in which every copy spent less than that share compiling, or
        BENCH_WARMUP_WORKERS_MAX rounds. A worker reaches broker code the pipe does not (its
        group, its internal topics, keyed writes to compacted topics), and the brokers
        compile it, and recompile the produce path it changes, during the worker's first
        copies: in the first kconnect copy after the pipe copies, the target broker's
        compilers spent 0.8-1.8 CPU s per million records copied, 0.07-0.65 in the next
        four, 0.03-0.19 after four or five; in Java's first copy 3.9, in its next 0.3-0.4."""
        s, quiet, n = self.s, 0, 0
        while n < s.warmup or (quiet < 2 and n < s.warmup_max):
            n += 1
            quiet = quiet + 1 if self.unrecorded_copy("pipe", f"warm-up copy {n}",
                                                      warmup=True) else 0
        if quiet < 2:
            print(f"bench: the brokers' JIT had not settled after {n} warm-up copies "
                  f"(BENCH_WARMUP_MAX)", flush=True)
        workers = [k for k in KINDS if k not in s.skip]
        for _ in range(s.warmup_workers_max):
            quiet = True
            for kind in workers:
                quiet = self.unrecorded_copy(kind, f"warm-up copy by {kind}",
                                             warmup=True) and quiet
                if kind == "java":
                    self.settle()
            if quiet:
                break
        else:
            if workers:
                print(f"bench: the brokers' JIT had not settled after {s.warmup_workers_max} "
                      f"rounds of the workers' warm-up copies (BENCH_WARMUP_WORKERS_MAX)",
                      flush=True)
        if "eos" in s.scenarios or "eos-latency" in s.scenarios:
            # The brokers' transaction paths (the coordinator, its log, commit markers, the
            # read_committed fetch) are reached by no copy above.
            for n in range(1, s.warmup_eos + 1):
                for kind in workers:
                    self.unrecorded_copy(kind, f"exactly-once warm-up copy {n} by {kind}",
                                         eos=True, warmup=True)
                    if kind == "java":
                        self.settle()
        if "startup" in s.scenarios:
            self.warm_up_starts()

    def warm_up_starts(self):
        """BENCH_WARMUP_STARTS unrecorded start-up floors (pair 0) before the first pair, for
        the brokers' JIT to compile the paths of a first start, which no copy reaches as
        often: topics created and their partitions made, a group's generations, keyed
        writes read back from compacted topics. Without them the first pairs ran on brokers
        still compiling these: on fresh brokers, kconnect's second first start took 285 ms
        to its task RUNNING while the brokers' compilers took 0.31 of their 0.49 CPU s; its
        41st took 163 ms, with 0.08 of 0.13. The share does not settle as a copy's
        does: over 100 floors in a row it fell from 65 % to 5-40 %, which is why their
        number is fixed rather than a share to reach."""
        for n in range(1, self.s.warmup_starts + 1):
            # Under keys of their own: a floor's brokers_cpu_s is the protocol floor's.
            self.counting_brokers_cpu(
                f"warm-up start-up floor {n}", "warmup_brokers_cpu_s",
                "warmup_brokers_jit_cpu_s",
                lambda: self.record("startup", "floor", 0, self.startup_floor, self.uid(),
                                    warmup=True))

    def counting_brokers_cpu(self, what, cpu_key, jit_key, run):
        """Calls run(), which records one run, and adds to that run the brokers' CPU over it
        and their JIT compilers' part (under cpu_key and jit_key); prints both; (cpu, jit)."""
        before = self.brokers_cpu()
        run()
        after = self.brokers_cpu()
        cpu, jit = after[0] - before[0], after[1] - before[1]
        self.runs[-1].update({cpu_key: cpu, jit_key: jit})
        print(f"bench:   {what}: the brokers' JIT compilers took {jit:.2f} of their "
              f"{cpu:.2f} CPU s", flush=True)
        return cpu, jit

    def unrecorded_copy(self, kind, what, eos=False, **label):
        """One copy of the pre-loaded topic by kind that no figure counts (pair 0, the
        largest tasks.max, labelled warmup or settle; with eos, an exactly-once copy of the
        eos scenario), with the brokers' CPU and their JIT compilers' share of it; True when
        that share was under BENCH_WARMUP_JIT_SHARE."""
        tasks = max(self.s.tasks)

        def copy():
            if kind == "pipe":
                self.record("throughput", "pipe", 0, self.pipe, tasks, 0, tasks=tasks, **label)
            else:
                self.record("eos" if eos else "throughput", kind, 0,
                            functools.partial(self.throughput, kind, tasks, 0, eos=eos),
                            tasks=tasks, **label)

        cpu, jit = self.counting_brokers_cpu(what, "brokers_cpu_s", "brokers_jit_cpu_s", copy)
        return cpu > 0 and jit / cpu < self.s.warmup_jit_share

    def settle(self):
        """An unrecorded pipe copy (pair 0) after each of Java's throughput runs, before the
        next measured run. A Java copy leaves the brokers work of its own to finish: G1
        refinement and collections of what its requests left on the heap, recompiles of the
        produce path its request shapes (16 KB batches, many more requests) changed. The
        run after it paid for that: kconnect copies right after a Java copy ran at
        284,000-339,000 records/s with the target broker spending 2.2-2.6 CPU s per million
        records, against 317,000-478,000 and 1.4-2.2 right after a pipe copy. In the pair
        order (Java first in odd pairs) that run was always kconnect's: across three full
        runs the one-task ratio to the pipe was 0.72-1.13 (median 0.88) in odd pairs and
        0.88-1.12 (median 1.03) in even ones."""
        self.unrecorded_copy("pipe", "settling copy", settle=True)

    def record(self, scenario, kind, pair, fn, *args, **labels):
        t = time.monotonic()
        run = {"scenario": scenario, "kind": kind, "pair": pair, **labels}
        tag = " ".join(f"{k}={v}" for k, v in labels.items())
        print(f"bench: pair {pair}: {scenario} {kind} {tag}".rstrip(), flush=True)
        # Whatever the runs before left dirty (the pre-load, a deleted topic's last pages) is
        # written now, not during this run.
        os.sync()
        try:
            run.update(fn(*args))
        except Exception as e:
            run["error"] = f"{type(e).__name__}: {e}"
            print(f"bench:   FAILED: {run['error'][:3000]}", flush=True)
            traceback.print_exc()
            for c in self.clusters.values():
                for n in c.nodes:
                    if n.proc is not None and n.proc.poll() is not None:
                        run["error"] += f" (broker {c.name} exited, {n.proc.returncode})"
                        print(f"bench:   broker {c.name} exited ({n.proc.returncode}), "
                              f"its log: {kh.tail(n.log_path, 15)}", flush=True)
        run["wall_s"] = time.monotonic() - t
        shown = {k: round(v, 3) if isinstance(v, float) else v for k, v in run.items()
                 if k not in ("scenario", "kind", "pair", "error", "own", "progress") and
                 k not in labels}
        if "error" not in run:
            print(f"bench:   {shown}", flush=True)
        self.runs.append(run)

    def run(self):
        s = self.s
        t_start = time.monotonic()
        shutil.rmtree(os.path.join(s.out, "kafka"), ignore_errors=True)
        shutil.rmtree(self.work, ignore_errors=True)
        workdirs = {n: os.path.join(s.out, "kafka", n) for n in ("source", "target")}
        for d in workdirs.values():
            os.makedirs(d)
        print(f"bench: starting clusters source and target (Apache Kafka, KRaft) in "
              f"{os.path.join(s.out, 'kafka')}", flush=True)
        kh.BROKER_JVM = BROKER_HEAP + [o for o in kh.BROKER_JVM
                                       if not o.startswith(("-Xmx", "-Xms"))]
        self.clusters = kh.start_clusters([("source", 1), ("target", 1)], java=self.java,
                                          workdirs=workdirs, extra_config=s.broker_extra)
        timings = {}
        try:
            t = time.monotonic()
            loads = [(DATA_TOPIC, s.records)]
            if "eos" in s.scenarios or "eos-latency" in s.scenarios:
                loads.append((EOS_TOPIC, s.eos_records))
            for topic, records in loads:
                print(f"bench: pre-loading {records} records of {RECORD_BYTES} bytes into "
                      f"{topic} ({PARTITIONS} partitions)", flush=True)
                preload(self.source, topic, records)
                self.digests[topic] = digest_topic(s, self.source, topic)
                if self.digests[topic]["records"] != records:
                    raise RuntimeError(f"{topic} reads as {self.digests[topic]['records']} "
                                       f"records, not {records}")
            self.source.create_topic(START_TOPIC, PARTITIONS)
            produce_one(self.source, START_TOPIC)
            if "transforms" in s.scenarios:
                print(f"bench: writing {s.file_lines} lines of {LINE_BYTES} bytes for "
                      f"FileStreamSource", flush=True)
                self.lines_file()
            timings["preload_s"] = time.monotonic() - t
            self.warm_up()
            timings["warmup_s"] = time.monotonic() - t - timings["preload_s"]
            for pair in range(1, s.pairs + 1):
                kinds = KINDS if pair % 2 == 1 else tuple(reversed(KINDS))
                if "throughput" in s.scenarios:
                    for tasks in s.tasks:
                        order = kinds + ("pipe",) if pair % 2 == 1 else ("pipe",) + kinds
                        for kind in order:
                            if kind in s.skip:
                                continue
                            if kind == "pipe":
                                self.record("throughput", "pipe", pair, self.pipe, tasks, pair,
                                            tasks=tasks)
                                self.record("throughput", "pipe", pair, self.pipe, tasks, pair,
                                            True, tasks=tasks, offset_syncs=True)
                            else:
                                self.record("throughput", kind, pair, self.throughput, kind,
                                            tasks, pair, True, True, tasks=tasks)
                            if kind == "java":
                                self.settle()
                            if kind == "kconnect":
                                self.record("throughput", kind, pair, self.throughput, kind,
                                            tasks, pair, False, tasks=tasks,
                                            offset_syncs=False)
                # Copies like the throughput scenario's, Java and kconnect alone, each of
                # Java's followed by a settling copy; provenance is kconnect's alone.
                for scenario, tasks_list, options in (
                        ("same-producer", s.same_producer_tasks, {"producer": s.same_producer}),
                        ("eos", s.tasks, {"eos": True}),
                        ("provenance", s.tasks, {"connector": PROVENANCE_CONNECTOR})):
                    if scenario not in s.scenarios:
                        continue
                    for tasks in tasks_list:
                        # The bare pipe with a transaction per batch: the eos rows' ceiling.
                        for kind in kinds + (("pipe",) if scenario == "eos" else ()):
                            if kind in s.skip or (scenario == "provenance" and kind == "java"):
                                continue
                            if kind == "pipe":
                                self.record(scenario, kind, pair, functools.partial(
                                    self.pipe, tasks, pair, True, eos=True), tasks=tasks)
                                continue
                            self.record(scenario, kind, pair, functools.partial(
                                self.throughput, kind, tasks, pair, **options), tasks=tasks)
                            if kind == "java":
                                self.settle()
                if "transforms" in s.scenarios:
                    for chain in ("mirror", "file"):
                        for kind in kinds:
                            if kind in s.skip:
                                continue
                            self.record("transforms", kind, pair, self.chain, kind, chain,
                                        pair, chain=chain, tasks=1)
                            if kind == "java":
                                self.settle()
                for scenario in ("latency", "eos-latency", "startup", "failover"):
                    if scenario in s.scenarios:
                        # The pipe has a latency (the floor without Connect), not a start;
                        # so has one broker hop without any copy (the floor of any copy).
                        # A start-up's floor is the brokers creating its topics.
                        order = (kinds + ("pipe", "hop") if scenario == "latency" else
                                 kinds + ("floor",) if scenario == "startup" else kinds)
                        for kind in order:
                            if kind in s.skip:
                                continue
                            self.record(scenario, kind, pair,
                                        getattr(self, scenario.replace("-", "_")), kind, pair)
            Scale(self).run()
        finally:
            for c in self.clusters.values():
                c.stop()
                # Their logs outlive their data, for a failed run's why.
                for n in c.nodes:
                    with contextlib.suppress(OSError):
                        shutil.copy(n.log_path, os.path.join(s.out,
                                                             f"{c.name}-{n.node_id}.log"))
            shutil.rmtree(os.path.join(s.out, "kafka"), ignore_errors=True)
        timings["total_s"] = time.monotonic() - t_start
        return timings


# ===== Scale: many connectors, many partitions ============================================

SCALE_SCENARIOS = ("connectors", "partitions")
# The connectors scenario's group: this many workers, then one more joining.
SCALE_WORKERS = 3
# The partitions scenario's records: small, so that what is measured is what the partitions
# cost rather than the bytes.
PARTITION_VALUE_BYTES = 100
# KRaft's controller refuses any one request that would write more than this many metadata
# records ("Unable to perform excessively large batch operation": QuorumController's
# MAX_RECORDS_PER_USER_OP, a constant, not a setting). A new topic takes one record and one
# per partition, so no CreateTopics, MirrorSource's included, makes a topic of 10,000; a
# larger topic is made in steps, CreateTopics then CreatePartitions.
KRAFT_MAX_RECORDS_PER_OP = 10000
# How long the partitions scenario samples a worker's RSS while it is idle (before its POST)
# and after its copy (steady: every partition assigned, nothing left to copy), and the
# connectors scenario waits once all is RUNNING before it reads its workers' RSS.
STEADY_S = 5.0


def scale_settings(settings):
    """The scale scenarios' settings, from BENCH_* variables (bench/README.md)."""
    def sizes(name, default):
        return [int(v) for v in _env(name, default).split(",") if v]
    settings.scale_pairs = _env("BENCH_SCALE_PAIRS", 1, int)
    settings.connectors = sizes("BENCH_CONNECTORS", "100,500")
    settings.post_threads = _env("BENCH_POST_THREADS", 4, int)
    settings.partitions = sizes("BENCH_PARTITIONS", "1000,10000")
    settings.partition_records = _env("BENCH_PARTITION_RECORDS", 200000, int)
    settings.partition_tasks = _env("BENCH_PARTITION_TASKS", 1, int)
    settings.scale_timeout = _env("BENCH_SCALE_TIMEOUT", 900.0, float)


def scale_limits(settings):
    """Before the brokers start (they inherit its limits): a broker keeps one file open per
    partition (its active segment) and maps two indexes per partition, the source's for the
    largest BENCH_PARTITIONS topic, the target's for its remote copy besides the internal
    topics every run leaves (31 partitions a group). The open-files soft limit is raised to
    the hard one; a size that cannot fit in either limit stops the bench here, naming it."""
    import resource
    if "partitions" not in settings.scenarios or not settings.partitions:
        return
    most = max(settings.partitions)
    need = most + 5000
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < need:
        raise SystemExit(f"bench: BENCH_PARTITIONS={most} needs about {need} open files per "
                         f"broker, and the hard limit (ulimit -Hn) is {hard}")
    if soft != resource.RLIM_INFINITY and soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    with open("/proc/sys/vm/max_map_count") as f:
        maps = int(f.read())
    if maps < 2 * most + 10000:
        raise SystemExit(f"bench: BENCH_PARTITIONS={most} needs vm.max_map_count of at least "
                         f"{2 * most + 10000} (two index maps a partition), it is {maps}")


def scale_size(run):
    """The size label of a scale run ("connectors=100"), or ""."""
    return " ".join(f"{k}={run[k]}" for k in SCALE_SCENARIOS if k in run)


def make_topic(cluster, name, partitions, timeout):
    """A topic of `partitions` partitions, made in as many requests as KRaft takes
    (KRAFT_MAX_RECORDS_PER_OP), then waited for until every partition answers ListOffsets."""
    from confluent_kafka import KafkaError, KafkaException, TopicPartition
    from confluent_kafka.admin import NewPartitions, NewTopic
    admin = cluster.admin()
    deadline = time.monotonic() + timeout

    def ask(request, done_code):
        # Right after a scale run deleted thousands of partitions, the controller can stay
        # out of reach past the request's timeout; the request is asked again, and "already
        # done" (the earlier request went through after all) counts as done.
        while True:
            try:
                return request().result(180)
            except KafkaException as e:
                code = e.args[0].code()
                if code == done_code:
                    return None
                if code != KafkaError._TIMED_OUT or time.monotonic() > deadline:
                    raise
                print(f"bench: {cluster.name}: {name}: {e.args[0].str()}; asking again",
                      flush=True)
    made = min(partitions, KRAFT_MAX_RECORDS_PER_OP - 1)
    ask(lambda: admin.create_topics([NewTopic(name, made, 1)], request_timeout=120)[name],
        KafkaError.TOPIC_ALREADY_EXISTS)
    while made < partitions:
        made = min(partitions, made + KRAFT_MAX_RECORDS_PER_OP - 1)
        ask(lambda: admin.create_partitions([NewPartitions(name, made)],
                                            request_timeout=120)[name],
            KafkaError.INVALID_PARTITIONS)
    wait_readable(admin, [TopicPartition(name, p) for p in range(partitions)], timeout)


def end_offsets(admin, topic, partitions, timeout=60):
    """The sum of topic's end offsets; raises unless every partition answers (a reading
    that counted a failed partition as empty would look like records lost)."""
    from confluent_kafka import TopicPartition
    from confluent_kafka.admin import OffsetSpec
    fs = admin.list_offsets({TopicPartition(topic, p): OffsetSpec.latest()
                             for p in range(partitions)}, request_timeout=timeout)
    return sum(f.result().offset for f in fs.values())


def wait_deleted(cluster, timeout=600):
    """Until the brokers have removed the files of every deleted partition (their
    directories renamed *-delete until then): a scale run deletes thousands, and their
    removal must not run during the next run. Says so and goes on after timeout."""
    deadline = time.monotonic() + timeout
    for node in cluster.nodes:
        data = os.path.join(node.dir, "data")
        while any(d.endswith("-delete") for d in os.listdir(data)):
            if time.monotonic() > deadline:
                print(f"bench: {cluster.name}: deleted partitions' files still there after "
                      f"{timeout:.0f} s", flush=True)
                return
            time.sleep(0.5)


def placement(body, n, ports):
    """From GET /connectors?expand=status: whether all n connectors and each one's only task
    are RUNNING on the workers of `ports` (REST ports), and {port: [connectors, tasks]}
    there. A FAILED connector or task fails the run."""
    counts = {p: [0, 0] for p in ports}
    ok = len(body) == n
    for name, info in body.items():
        status = info.get("status") or {}
        units = [(0, status.get("connector") or {})] + [(1, t) for t in status.get("tasks", [])]
        if len(units) != 2:
            ok = False
        for i, unit in units:
            if unit.get("state") == "FAILED":
                raise RuntimeError(f"{name} failed: {json.dumps(status)[:2000]}")
            port = str(unit.get("worker_id", "")).rsplit(":", 1)[-1]
            if unit.get("state") != "RUNNING" or port not in counts:
                ok = False
            else:
                counts[port][i] += 1
    return ok, counts


def balanced(counts, n):
    """Whether every worker's connectors and tasks are each within 1 of an even share of n
    (each connector has one task): what both kinds' assignors aim at, each balancing
    connectors and tasks apart."""
    low, high = n // len(counts), -(-n // len(counts))
    return all(low <= c <= high and low <= t <= high for c, t in counts.values())


class Scale:
    """The scale scenarios, after every other scenario's pairs (what they leave the brokers,
    thousands of partitions made and deleted, groups of four workers, must not weigh on the
    other runs), in BENCH_SCALE_PAIRS pairs of their own, Java first in odd pairs:

      connectors  three workers of one kind, BENCH_CONNECTORS FileStreamSource connectors on
                  empty files POSTed by BENCH_POST_THREADS clients round robin over the
                  workers: first POST to all RUNNING (and the POSTs not answered 201 the
                  first time); kill -9 of a follower to all RUNNING on the other two; a new
                  worker's exec to a balanced assignment
      partitions  one MirrorSourceConnector over a topic of BENCH_PARTITIONS partitions
                  holding BENCH_PARTITION_RECORDS records of 100 bytes: POST to the first
                  record on the target, the copy's rate, RSS idle and steady, and so RSS per
                  partition; the same topic and remote topic for both kinds of a pair"""

    def __init__(self, bench):
        self.b, self.s = bench, bench.s

    def run(self):
        b, s = self.b, self.s
        for pair in range(1, s.scale_pairs + 1):
            kinds = [k for k in (KINDS if pair % 2 == 1 else KINDS[::-1]) if k not in s.skip]
            if "connectors" in s.scenarios:
                for n in s.connectors:
                    for kind in kinds:
                        b.record("connectors", kind, pair, self.connectors, kind, n, pair,
                                 connectors=n)
            if "partitions" in s.scenarios:
                for p in s.partitions:
                    self.partitions_pair(kinds, p, pair)
                self.flatness(pair)

    # ---- connectors ----
    def connectors(self, kind, n, pair):
        b, s, uid = self.b, self.s, self.b.uid()
        name = f"connectors-{kind}-n{n}-p{pair}"
        work = b.workdir(name)
        configs = []
        for i in range(n):
            path = os.path.join(work, f"c{i}.txt")
            open(path, "w").close()
            configs.append({"connector.class": FILE_SOURCE, "tasks.max": "1", "file": path,
                            "topic": f"bench-conn-{uid}", "key.converter": STRING,
                            "value.converter": STRING})
        props = worker_props(b.target, uid, **{
            "scheduled.rebalance.max.delay.ms": 0, "session.timeout.ms": s.session_timeout_ms})
        workers = [Worker(kind, b.java, s, work, props, f"{name}-w{i}")
                   for i in range(SCALE_WORKERS)]
        try:
            for w in workers:
                w.start()
            for w in workers:
                w.wait_get("/connectors")
            cpu0 = sum(cpu_seconds(w.pid) for w in workers)
            posts = self.post_all(workers, configs)
            t_running, _ = self.wait_placed(workers, n, posts["t0"])
            cpu = sum(cpu_seconds(w.pid) for w in workers) - cpu0
            time.sleep(STEADY_S)
            rss = [proc_status_kb(w.pid, "VmRSS") / 1024 for w in workers]
            fds = [len(os.listdir(f"/proc/{w.pid}/fd")) for w in workers]
            victim = self.follower(workers)
            t_kill = time.monotonic()
            victim.kill()
            live = [w for w in workers if w is not victim]
            t_recovered, _ = self.wait_placed(live, n, t_kill)
            joining = Worker(kind, b.java, s, work, props, f"{name}-w{SCALE_WORKERS}")
            workers.append(joining)
            joining.start()
            live.append(joining)
            t_balanced, counts = self.wait_placed(live, n, joining.t_exec, even=True)
        finally:
            for w in workers:
                w.kill()
                w.stop()
        return {"all_running_s": t_running - posts["t0"], "posts_s": posts["posts_s"],
                "first_not_201": posts["first_not_201"], "first_answers": posts["answers"],
                "scale_cpu_s": cpu, "scale_rss_mib": statistics.mean(rss),
                "scale_rss_total_mib": sum(rss), "scale_fds": statistics.mean(fds),
                "killed_worker": workers.index(victim),
                "recover_s": t_recovered - t_kill,
                "balance_s": t_balanced - joining.t_exec, "balanced_counts": counts}

    def post_all(self, workers, configs):
        """POSTs connector c<i> with configs[i] to worker i mod 3 from BENCH_POST_THREADS
        threads at once, as a client behind a load balancer would; an answer other than 201
        (or no answer) is counted, and the POST sent again 100 ms later until a 201, or a
        409 "already exists" after an earlier attempt that did create it. Any other 4xx
        fails the run."""
        import concurrent.futures
        import requests
        s = self.s

        def post(i):
            url = workers[i % len(workers)].w.url + "/connectors"
            first, deadline = None, time.monotonic() + s.scale_timeout
            while True:
                try:
                    r = requests.post(url, json={"name": f"c{i}", "config": configs[i]},
                                      timeout=120)
                    code, text = r.status_code, r.text
                except requests.RequestException as e:
                    code, text = None, f"{type(e).__name__}"
                answer = f"{code} {text[:160]}"
                if code == 201 or (code == 409 and first is not None and
                                   "already exists" in text):
                    return first, time.monotonic()
                first = first or answer
                if (code is not None and 400 <= code < 500 and code != 409) or \
                        time.monotonic() > deadline:
                    raise RuntimeError(f"POST of c{i} to {url}: {answer}")
                time.sleep(0.1)

        t0 = time.monotonic()
        with concurrent.futures.ThreadPoolExecutor(s.post_threads) as pool:
            done = list(pool.map(post, range(len(configs))))
        answers = {}
        for first, _ in done:
            if first is not None:
                answers[first] = answers.get(first, 0) + 1
        return {"t0": t0, "posts_s": max(t for _, t in done) - t0,
                "first_not_201": sum(answers.values()), "answers": answers}

    def wait_placed(self, live, n, since, even=False):
        """Polls GET /connectors?expand=status on live[0] until all n connectors and their
        tasks are RUNNING on the live workers (with even, also balanced()); (the monotonic
        time it answered so, {port: [connectors, tasks]})."""
        ports = [str(w.port) for w in live]
        last = None
        while time.monotonic() < since + self.s.scale_timeout:
            for w in live:
                w._check_alive(f"waiting for {n} connectors RUNNING")
            try:
                r = live[0].get("/connectors?expand=status", timeout=120)
                body = r.json() if r.status_code == 200 else None
            except (OSError, http.client.HTTPException, ValueError):
                body = None
            if body is not None:
                ok, last = placement(body, n, ports)
                if ok and (not even or balanced(last, n)):
                    return time.monotonic(), last
            time.sleep(0.1)
        raise RuntimeError(f"not all of {n} connectors RUNNING{' and balanced' if even else ''}"
                           f" on workers {ports} after {self.s.scale_timeout:.0f} s: {last}")

    @staticmethod
    def follower(workers):
        """The worker to kill: not the leader (the last "Joined group" line of the first
        worker's log names it, Java's and kconnect's alike), the second worker if it is not."""
        with open(workers[0].w.log_path, encoding="utf-8", errors="replace") as f:
            log = f.read()
        at = log.rfind("leaderUrl='")
        leader = log[at + 11:log.find("'", at + 11)] if at >= 0 else ""
        for w in workers[1:] + workers[:1]:
            if not leader.rstrip("/").endswith(f":{w.port}"):
                return w
        return workers[1]

    # ---- partitions ----
    def partitions_pair(self, kinds, p, pair):
        """One pair's runs over p partitions: the source topic and its remote copy made
        (recorded as kind "setup"), each kind's run, both topics deleted and their files
        removed."""
        b, s, uid = self.b, self.s, self.b.uid()
        topic, alias = f"bench-parts-{uid}", f"s{uid}"
        remote = f"{alias}.{topic}"

        def setup():
            t = time.monotonic()
            make_topic(b.source, topic, p, s.scale_timeout)
            made = time.monotonic()
            # Made beforehand for every size, so that the sizes compare: above 9,999
            # partitions no one CreateTopics can (KRAFT_MAX_RECORDS_PER_OP), nor so a
            # connector; MirrorSource finds it with the source's partitions and copies.
            make_topic(b.target, remote, p, s.scale_timeout)
            remote_made = time.monotonic()
            produce_round_robin(b.source, topic, p, s.partition_records,
                                PARTITION_VALUE_BYTES).flush(30)
            got = end_offsets(b.source.admin(), topic, p)
            if got != s.partition_records:
                raise RuntimeError(f"{topic} holds {got} records, not {s.partition_records}")
            return {"source_topic_s": made - t, "remote_topic_s": remote_made - made,
                    "preload_s": time.monotonic() - remote_made}
        try:
            b.record("partitions", "setup", pair, setup, partitions=p)
            if "error" not in b.runs[-1]:
                for kind in kinds:
                    b.record("partitions", kind, pair, self.partitions, kind, topic, alias, p,
                             pair, partitions=p)
        finally:
            delete_topics(b.source, [topic])
            delete_topics(b.target, [remote])
            wait_deleted(b.source)
            wait_deleted(b.target)

    def partitions(self, kind, topic, alias, p, pair):
        """A fresh worker; its RSS idle for STEADY_S; then the connector (tasks.max
        BENCH_PARTITION_TASKS) over topic, the remote topic's end offsets read until they
        hold every record more than before the POST (the other kind's copy, when it ran
        first), the RSS sampled throughout and STEADY_S after. The count copied must be the
        source's exactly."""
        b, s, uid = self.b, self.s, self.b.uid()
        name = f"partitions-{kind}-n{p}-p{pair}"
        remote, records = f"{alias}.{topic}", s.partition_records
        w = Worker(kind, b.java, s, b.workdir(name), worker_props(b.target, uid), name)
        admin = b.target.admin()
        try:
            before = end_offsets(admin, remote, p)
            w.start()
            w.wait_get("/connectors")
            idle = RssSampler(w.pid)
            idle.start()
            time.sleep(STEADY_S)
            rss_idle = idle.stop()[1]
            sampler = RssSampler(w.pid)
            sampler.start()
            self.touch_partition_files([topic, remote])
            cpu0, faults0 = cpu_seconds(w.pid), self.brokers_faults()
            t0 = w.create_connector("bench", mirror_config(b.source, b.target, alias, topic,
                                                           s.partition_tasks, s.mirror_extra))
            progress, t1 = self.follow_copy(w, admin, remote, p, before, records, t0)
            cpu = cpu_seconds(w.pid) - cpu0
            faults = [a - z for a, z in zip(self.brokers_faults(), faults0)]
            copied = len(sampler.samples)
            time.sleep(STEADY_S)
            w._check_alive("holding its partitions")
            got = end_offsets(admin, remote, p) - before
            hwm = proc_status_kb(w.pid, "VmHWM") / 1024
            peak = sampler.stop()[0]
        finally:
            w.stop()
        if got != records:
            raise RuntimeError(f"{got} records copied to {remote}, not the {records} of {topic}")
        steady = statistics.median(sampler.samples[copied:] or [0]) / 1024
        out = rates(progress, t1 - t0, records)
        out.update({"first_record_s": next((t for t, n in progress if n > 0), None),
                    "mb_per_s": out["records_per_s"] * PARTITION_VALUE_BYTES / 1e6,
                    "records": records, "cpu_s": cpu, "brokers_major_faults": faults[0],
                    "brokers_sys_s": faults[1], "parts_rss_idle_mib": rss_idle,
                    "parts_rss_mib": steady, "parts_rss_peak_mib": max(peak, hwm),
                    "rss_per_partition_kib": (steady - rss_idle) * 1024 / p})
        return out

    def touch_partition_files(self, topics):
        """Reads the first page of each partition file of topics on every broker, so that
        whichever kind copies finds them in the page cache. This machine pages out file pages
        not accessed for about a minute (a DAMON pageout scheme), and a broker's first access
        to each partition's mapped indexes after that read them back from disk, slowing the
        kind that copied second in a pair by 10 to 50 times (bench/README.md)."""
        import glob
        for c in self.b.clusters.values():
            for n in c.nodes:
                for t in topics:
                    for path in glob.glob(os.path.join(glob.escape(n.dir), "data",
                                                       glob.escape(t) + "-*", "*")):
                        with contextlib.suppress(OSError), open(path, "rb") as f:
                            f.read(4096)

    def brokers_faults(self):
        """(major page faults, system CPU seconds) of both clusters' brokers so far. A broker
        maps two index files per partition; when the kernel reclaims those pages, each
        access reads them back (a major fault) in the broker's request threads, and a copy
        over thousands of partitions then runs several times slower, whichever kind copies
        (bench/README.md, Reading the figures)."""
        got = [major_faults_and_sys(pid) for pid in self.b.broker_pids]
        return [sum(g[0] for g in got), sum(g[1] for g in got)]

    def follow_copy(self, w, admin, remote, p, before, records, t0):
        """Reads remote's end offsets until they hold `records` more than `before`, with the
        worker's liveness and the connector's status every 5 s; (the progress curve since t0,
        the monotonic time of the last reading). After each reading it waits as long as the
        reading took (at least PROGRESS_INTERVAL): a reading of 10,000 partitions took 0.6 s
        on a busy 2-core machine, and the client and the broker answering it use CPU the copy
        needs too."""
        progress, done, next_status = [], 0, t0 + 5
        while done < records:
            asked = time.monotonic()
            try:
                done = end_offsets(admin, remote, p) - before
                progress.append((time.monotonic() - t0, done))
            except Exception:                   # noqa: BLE001 - a reading missed, not a loss
                pass
            now = time.monotonic()
            if now - t0 > self.s.scale_timeout:
                raise RuntimeError(f"{done} of {records} records after "
                                   f"{self.s.scale_timeout:.0f} s")
            if now > next_status:
                next_status = now + 5
                w.check_running("bench")
            if done < records:
                time.sleep(max(PROGRESS_INTERVAL, now - asked))
        return progress, time.monotonic()

    def flatness(self, pair):
        """Per kind, its RSS per partition at the largest BENCH_PARTITIONS over that at the
        smallest, as a run of its own (labelled partitions "<largest>/<smallest>", derived):
        above 1, the worker's memory grows faster than its partitions."""
        b, sizes = self.b, sorted(set(self.s.partitions))
        if len(sizes) < 2:
            return
        for kind in KINDS:
            low, high = (_value(b.runs, "partitions", {"partitions": p}, kind, pair,
                                "rss_per_partition_kib") for p in (sizes[0], sizes[-1]))
            if low and low > 0 and high is not None:
                b.runs.append({"scenario": "partitions", "kind": kind, "pair": pair,
                               "partitions": f"{sizes[-1]}/{sizes[0]}", "derived": True,
                               "rss_per_partition_growth": high / low})


def scale_rows(settings):
    """The scale scenarios' rows of the table (rows_for)."""
    half = ("<=", 0.5, "≤ 1/2 of Java")
    figures = [
        ("connectors", "{:d} connectors", [
            (f" on {SCALE_WORKERS} workers: first POST to all RUNNING", "all_running_s", "s",
             half),
            (": POSTs not answered 201 the first time", "first_not_201", "POSTs",
             ("abs<=", 0, "none")),
            (": kill -9 of a worker to all RUNNING on the other two", "recover_s", "s", half),
            (": a new worker's exec to a balanced assignment", "balance_s", "s", half),
            (f": worker RSS (mean of {SCALE_WORKERS})", "scale_rss_mib", "MiB", None),
            (f": worker's open descriptors (mean of {SCALE_WORKERS})", "scale_fds",
             "descriptors", None),
            (": the workers' CPU, first POST to all RUNNING", "scale_cpu_s", "CPU s", None)]),
        ("partitions", "MirrorSource over {:,} partitions", [
            (": POST to the first record on the target", "first_record_s", "s", half),
            (": throughput", "records_per_s", "records/s", (">=", 2.0, "≥ 2× Java")),
            (": worker RSS, steady", "parts_rss_mib", "MiB", None),
            (": RSS per partition (steady − idle)", "rss_per_partition_kib", "KiB", None)]),
    ]
    rows = [(name.format(size) + what, scenario, {scenario: size}, metric, unit, "java", target)
            for scenario, name, rows_of in figures for size in settings.get(scenario, [])
            for what, metric, unit, target in rows_of]
    sizes = sorted(set(settings.get("partitions", [])))
    if len(sizes) > 1:
        rows.append((f"RSS per partition at {sizes[-1]:,} over at {sizes[0]:,} partitions",
                     "partitions", {"partitions": f"{sizes[-1]}/{sizes[0]}"},
                     "rss_per_partition_growth", "×", "java", ("abs<=", 1.1, "flat: ≤ 1.1×")))
    return rows


def scale_notes(results, summary):
    """The paragraph under the table on the scale scenarios: what ran, which worker was
    killed, what the POSTs not answered 201 were answered, how long the partitions' topics
    took to make."""
    s, runs = results["settings"], results["runs"]
    scale = [r for r in runs if r["scenario"] in SCALE_SCENARIOS]
    if not scale:
        return []
    text = (f"Scale scenarios ({s.get('scale_pairs')} pair(s), after the others): ")
    parts = []
    if "connectors" in s["scenarios"]:
        parts.append(
            f"FileStreamSource connectors on empty files of their own, POSTed by "
            f"{s.get('post_threads')} clients round robin over {SCALE_WORKERS} workers "
            f"(scheduled.rebalance.max.delay.ms 0, session.timeout.ms "
            f"{s['session_timeout_ms']}); the worker killed is a follower, then a new one "
            f"joins; balanced: each worker's connectors and tasks each within 1 of an even "
            f"share; Java's workers recover from a kill -9 once the coordinator has expired "
            f"the killed member's session (session.timeout.ms), kconnect's once the leader "
            f"has found its REST port refusing connections for 1.5 s and removed it")
        answers = {}
        for r in scale:
            for a, k in (r.get("first_answers") or {}).items():
                key = f"{r['kind']}: {a}"
                answers[key] = answers.get(key, 0) + k
        if answers:
            parts.append("first answers other than 201: " +
                         "; ".join(f"{k} ×{v}" for k, v in sorted(answers.items())))
    if "partitions" in s["scenarios"]:
        setups = [r for r in scale if r["kind"] == "setup" and "error" not in r]
        parts.append(
            f"one MirrorSourceConnector (tasks.max {s.get('partition_tasks')}) over a topic of "
            f"{s.get('partition_records', 0):,} records of {PARTITION_VALUE_BYTES} bytes "
            f"round robin; its remote topic made beforehand for every size (KRaft makes no "
            f"topic of 10,000 partitions or more in one request), so the time to the first "
            f"record has no topic creation in it; RSS steady is the median over "
            f"{STEADY_S:g} s after the copy, idle over {STEADY_S:g} s before the POST"
            + ("; making the source and remote topics took " +
               ", ".join(f"{r['source_topic_s'] + r['remote_topic_s']:.0f} s "
                         f"({r['partitions']:,} partitions)" for r in setups)
               if setups else ""))
        copies = [r for r in scale if r["scenario"] == "partitions" and "error" not in r
                  and "brokers_major_faults" in r]
        if copies:
            parts.append(
                "the brokers' major page faults (pages of their partitions' mapped index "
                "files read back after the kernel reclaimed them) and system CPU during each "
                "copy: " + ", ".join(
                    f"{r['kind']} {r['partitions']:,} (pair {r['pair']}) "
                    f"{r['brokers_major_faults']:,}, {r['brokers_sys_s']:.1f} s"
                    for r in sorted(copies, key=lambda r: (r["partitions"], r["pair"],
                                                          r["kind"]))))
    return ["", text + "; ".join(parts) + "."]


# ===== Report =============================================================================

# (label, scenario, labels to match, metric, unit, compared with, target (op, bound, text)),
# and for some rows the pipe's own labels (else the pipe without offset syncs).
def rows_for(settings):
    rows = []
    for t in settings["tasks"]:
        # offset_syncs: a kconnect-only label, absent (None) but on the runs without syncs.
        tp = {"tasks": t, "offset_syncs": None}
        rows += [
            (f"Throughput, tasks.max={t}", "throughput", tp, "records_per_s", "records/s",
             "java", (">=", 2.0, "≥ 2× Java")),
            (f"Throughput, tasks.max={t}", "throughput", tp, "mb_per_s", "MB/s",
             "java", (">=", 2.0, "≥ 2× Java")),
            (f"Throughput vs bare pipe ({t} thread{'s' if t > 1 else ''}), tasks.max={t}",
             "throughput", tp, "records_per_s", "records/s", "pipe",
             (">=", 0.9, "≥ 90 % of pipe")),
            (f"Throughput vs bare pipe, kconnect without offset syncs, tasks.max={t}",
             "throughput", {"tasks": t, "offset_syncs": False}, "records_per_s", "records/s",
             "pipe", None),
            (f"Throughput vs a pipe writing MirrorMaker's offset syncs, tasks.max={t}",
             "throughput", tp, "records_per_s", "records/s", "pipe", None,
             {"tasks": t, "offset_syncs": True}),
            # The syncs' cost is per produce request to the source cluster, and the writer
            # allows 10 in flight: a faster copy writes fewer per GB (bench/README.md). The
            # pipe's column is the pipe writing them.
            (f"Offset syncs written per GB, tasks.max={t}", "throughput", tp,
             "offset_syncs_per_gb", "syncs/GB", "java", None,
             {"tasks": t, "offset_syncs": True}),
            (f"Throughput with the connector's start, tasks.max={t}", "throughput", tp,
             "records_per_s_from_start", "records/s", "java", None),
            # The same worker's second copy (throughput()): Java's JIT warm from the first.
            (f"Throughput, second copy by the same worker (JIT warm), tasks.max={t}",
             "throughput", tp, "second.records_per_s", "records/s", "java",
             (">=", 2.0, "≥ 2× Java")),
        ]
    for t in settings.get("same_producer_tasks", []):
        rows.append((f"Throughput, both with the same producer settings, tasks.max={t}",
                     "same-producer", {"tasks": t}, "records_per_s", "records/s", "java",
                     (">=", 2.0, "≥ 2× Java")))
    for t in settings["tasks"]:
        eos = {"tasks": t}
        rows += [
            (f"Throughput, exactly-once, tasks.max={t}", "eos", eos, "records_per_s",
             "records/s", "java", (">=", 5.0, "≥ 5× Java")),
            (f"Throughput, exactly-once, tasks.max={t}", "eos", eos, "mb_per_s", "MB/s",
             "java", (">=", 5.0, "≥ 5× Java")),
            # What the transactions cost each kind: its exactly-once copy against its own
            # at-least-once copy of the same pair (derived_runs).
            # The client library's ceiling: the bare pipe with a transaction per batch.
            (f"Throughput vs the bare pipe with a transaction per batch, exactly-once, "
             f"tasks.max={t}", "eos", eos, "records_per_s", "records/s", "pipe", None),
            (f"Exactly-once throughput / the same kind's at-least-once throughput in the "
             f"pair, tasks.max={t}", "eos", eos, "vs_alos", "×", "java", None),
            (f"Transactions committed per GB, exactly-once, tasks.max={t}", "eos", eos,
             "transactions_per_gb", "txn/GB", "java", None),
        ]
    for t in settings["tasks"]:
        rows += [
            (f"Throughput, provenance headers on (kconnect only), tasks.max={t}", "provenance",
             {"tasks": t}, "records_per_s", "records/s", "java", None),
            # What stamping every record costs: against kconnect's own copy without them.
            (f"Provenance headers on / the same copy without them in the pair, tasks.max={t}",
             "provenance", {"tasks": t}, "vs_alos", "×", "java", None),
        ]
    # The transforms scenario: one task each, the same connector config for both kinds.
    rows += [
        ("Throughput, MirrorSource with a three-transform chain (InsertHeader, RegexRouter, "
         "DropHeaders), tasks.max=1", "transforms", {"chain": "mirror"}, "records_per_s",
         "records/s", "java", (">=", 5.0, "≥ 5× Java")),
        ("Throughput, FileStreamSource with a JsonConverter struct chain, tasks.max=1",
         "transforms", {"chain": "file"}, "records_per_s", "records/s", "java",
         (">=", 5.0, "≥ 5× Java")),
    ]
    rows += [
        ("End-to-end latency p50", "latency", {}, "p50_ms", "ms", "java", None),
        ("End-to-end latency p99", "latency", {}, "p99_ms", "ms", "java",
         ("<=", 1 / 3, "≤ 1/3 of Java")),
        ("End-to-end latency p50, exactly-once", "eos-latency", {}, "p50_ms", "ms", "java",
         None),
        ("End-to-end latency p99, exactly-once", "eos-latency", {}, "p99_ms", "ms", "java",
         None),
    ]
    for t in settings["tasks"]:
        tp = {"tasks": t, "offset_syncs": None}
        rows += [
            (f"Worker peak RSS, tasks.max={t}", "throughput", tp, "rss_peak_mib", "MiB",
             "java", ("<=", 0.1, "≤ 1/10 of Java")),
            (f"Worker steady RSS, tasks.max={t}", "throughput", tp, "rss_steady_mib", "MiB",
             "java", ("<=", 0.1, "≤ 1/10 of Java")),
            (f"CPU per GB replicated, tasks.max={t}", "throughput", tp, "cpu_s_per_gb",
             "CPU s/GB", "java", ("<=", 0.5, "≤ 1/2 of Java")),
            (f"CPU per GB replicated, second copy by the same worker, tasks.max={t}",
             "throughput", tp, "second.cpu_s_per_gb", "CPU s/GB", "java", None),
            # What the copy costs the two brokers: on a machine the brokers share, CPU the
            # worker spends is theirs to lose, and a worker's way of fetching and producing
            # (request sizes) moves theirs.
            (f"Brokers' CPU per GB replicated, vs a pipe writing MirrorMaker's offset "
             f"syncs, tasks.max={t}", "throughput", tp, "brokers_cpu_s_per_gb", "CPU s/GB",
             "pipe", None, {"tasks": t, "offset_syncs": True}),
        ]
    bound = settings["session_timeout_ms"] / 1000 + 2
    rows += [
        ("Start-up: exec to GET / answering", "startup", {}, "root_s", "s", "java",
         ("<=", 1 / 20, "≥ 20× faster")),
        # The first start waits mostly for the brokers (bench/README.md): its target is
        # kconnect's distance to the protocol floor of its pair, not a share of Java's.
        ("Start-up: exec to task RUNNING", "startup", {}, "running_s", "s", "java",
         ("floor+<=", FLOOR_MARGIN_S,
          f"≤ protocol floor + {FLOOR_MARGIN_S * 1000:g} ms")),
        ("Restart (topics and connector there): exec to GET / answering", "startup", {},
         "restart_root_s", "s", "java", ("<=", 1 / 20, "≥ 20× faster")),
        ("Restart (topics and connector there): exec to task RUNNING", "startup", {},
         "restart_running_s", "s", "java", ("<=", 1 / 20, "≥ 20× faster")),
        ("Start-up: worker CPU, exec to task RUNNING", "startup", {}, "worker_cpu_s",
         "CPU s", "java", None),
        ("Start-up: brokers' CPU, exec to task RUNNING", "startup", {}, "brokers_cpu_s",
         "CPU s", "java", None),
        ("Start-up: brokers' busy cores, exec to task RUNNING", "startup", {},
         "brokers_cores", "cores", "java", None),
        ("Failover: kill -9 to records flowing", "failover", {}, "failover_s", "s", "java",
         ("abs<=", bound, f"≤ {bound:g} s (session.timeout.ms + 2 s)")),
    ]
    return rows + scale_rows(settings)


def _value(runs, scenario, labels, kind, pair, metric):
    """metric of kind's run of scenario in pair with labels; a dotted metric names a value
    inside one ("second.records_per_s")."""
    for r in runs:
        if (r["scenario"] == scenario and r["kind"] == kind and r["pair"] == pair and
                "error" not in r and all(r.get(k) == v for k, v in labels.items())):
            for part in metric.split("."):
                r = r.get(part) if isinstance(r, dict) else None
            return r
    return None


def derived_runs(runs):
    """The runs with what the report derives from two of them: for each exactly-once copy
    (scenario eos) and each copy with provenance headers (scenario provenance), vs_alos, its
    records/s over those of the at-least-once copy by the same kind with the same tasks.max
    in the same pair (the throughput scenario's)."""
    out = []
    for r in runs:
        if r["scenario"] in ("eos", "provenance") and r["pair"] >= 1 and "error" not in r:
            alos = _value(runs, "throughput", {"tasks": r.get("tasks"), "offset_syncs": None},
                          r["kind"], r["pair"], "records_per_s")
            r = {**r, "vs_alos": r["records_per_s"] / alos if alos else None}
        out.append(r)
    return out


def _median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def summarize(results):
    """One row per figure: medians of the absolute values over the pairs, median of the
    per-pair ratios, and whether the target is met."""
    settings, runs = results["settings"], derived_runs(results["runs"])
    pairs = range(1, max(settings["pairs"], settings.get("scale_pairs", 0)) + 1)
    out = []
    for label, scenario, labels, metric, unit, versus, target, *pipe_labels in \
            rows_for(settings):
        if scenario not in settings["scenarios"]:
            continue
        # offset_syncs: kconnect's runs without syncs say False, the pipe's runs with syncs
        # say True; Java always writes them.
        others = {k: v for k, v in labels.items() if k != "offset_syncs"}
        of_kind = {"kconnect": labels, "java": others,
                   "pipe": pipe_labels[0] if pipe_labels else {**others, "offset_syncs": None}}
        per = {k: [_value(runs, scenario, of_kind[k], k, p, metric) for p in pairs]
               for k in ("java", "kconnect", "pipe")}
        ratios = [kc / ref if kc is not None and ref else None
                  for kc, ref in zip(per["kconnect"], per[versus])]
        med = {k: _median(v) for k, v in per.items()}
        ratio = _median(ratios)
        met, extra = None, {}
        if target is not None:
            op, bound, _ = target
            if op == "abs<=":
                met = None if med["kconnect"] is None else med["kconnect"] <= bound
            elif op == "floor+<=":
                # kconnect's figure above the protocol floor of its pair (kind "floor").
                floors = [_value(runs, scenario, {}, "floor", p, "protocol_s") for p in pairs]
                extra["over_floor"] = [kc - f if kc is not None and f is not None else None
                                       for kc, f in zip(per["kconnect"], floors)]
                over = _median(extra["over_floor"])
                met = None if over is None else over <= bound
            elif ratio is not None:
                met = ratio >= bound if op == ">=" else ratio <= bound
        out.append({"figure": label, "metric": metric, "unit": unit, "versus": versus,
                    "java": med["java"], "kconnect": med["kconnect"], "pipe": med["pipe"],
                    "ratio": ratio, "ratios": ratios, "per_pair": per,
                    "target": target[2] if target else None, "met": met, **extra})
    return out


def _fmt(v, unit=""):
    if v is None:
        return "n/a"
    if abs(v) >= 1000:
        s = f"{v:,.0f}"
    elif abs(v) >= 100:
        s = f"{v:.0f}"
    elif abs(v) >= 10:
        s = f"{v:.1f}"
    else:
        s = f"{v:.3g}" if abs(v) >= 0.01 else f"{v:.2g}"
    return f"{s} {unit}".rstrip()


def markdown(results, summary):
    s = results["settings"]
    m = results["machine"]
    lines = [
        "# kconnect vs Java Connect: `make bench`",
        "",
        f"Run {results['date']} on {m['cpus']} × {m['cpu_model']}, {m['mem_gib']} GiB, "
        f"{m['os']}; kconnect {results['commit']}, Apache Kafka {results['kafka_version']} "
        f"(brokers and Java worker).",
        "",
        f"Reproduce: `{results['command']}`",
        "",
        f"MirrorSourceConnector, {s['records']:,} records of {RECORD_BYTES} bytes "
        f"({s['value_bytes'] / 1e9:.3g} GB of values) in {PARTITIONS} partitions; "
        f"{s['pairs']} pair(s) of runs, Java and kconnect alternating; each figure is the "
        "median over the pairs, the ratio is the median of the per-pair ratios "
        "(kconnect / Java, or kconnect / bare pipe). MB = 10^6 bytes of record values. "
        f"Java worker JVM options: `{' '.join(s['java_opts'])}`. Method: bench/README.md."
        + (f" Transform chains: the MirrorSource copy above through InsertHeader, RegexRouter "
           f"and DropHeaders; FileStreamSource over {s.get('file_lines', 0):,} lines of "
           f"{LINE_BYTES} bytes through HoistField and InsertField, JsonConverter with schemas."
           if "transforms" in s["scenarios"] else "")
        + (" Second copy: once its first copy is measured, the same worker copies the topic "
           "again with a new connector (a new remote topic), measured the same way: Java's "
           "JIT warm."
           if "throughput" in s["scenarios"] else "")
        + (" Same producer settings, both kinds (producer.override.*): "
           + ", ".join(f"`{k}={v}`" for k, v in s.get("same_producer", {}).items()) + "."
           if "same-producer" in s["scenarios"] else "")
        + (f" Exactly-once: both workers with `exactly.once.source.support=enabled`, the "
           f"connector with `exactly.once.support=required` and "
           f"`source.consumer.isolation.level=read_committed` (transaction.boundary at its "
           f"default, poll); the target read read_committed; transactions counted in the "
           f"target's transaction log; the copies of another topic of "
           f"{s.get('eos_records', s['records']):,} records of {RECORD_BYTES} bytes "
           f"({s.get('eos_value_bytes', s['value_bytes']) / 1e9:.3g} GB)."
           if "eos" in s["scenarios"] or "eos-latency" in s["scenarios"] else ""),
        "",
        "| Figure | Java | kconnect | bare pipe | ratio | target | met? |",
        "|---|---:|---:|---:|---:|---|---|",
    ]
    for row in summary:
        pipe = "—" if row["pipe"] is None else _fmt(row["pipe"], row["unit"])
        ratio = "n/a" if row["ratio"] is None else f"{row['ratio']:.3g}×"
        if row["versus"] == "pipe":
            ratio += " of pipe"
        met = {True: "yes", False: "**no**", None: "—" if row["target"] is None else "n/a"}[
            row["met"]]
        java = "—" if row["versus"] == "pipe" else _fmt(row["java"], row["unit"])
        lines.append(f"| {row['figure']} | {java} | {_fmt(row['kconnect'], row['unit'])} | "
                     f"{pipe} | {ratio} | {row['target'] or '—'} | {met} |")
    lines += hop_floor(results, summary)
    lines += eos_note(results)
    lines += startup_floor(results)
    lines += verify_note(results)
    lines += scale_notes(results, summary)
    lines += warmup_note(results)
    failed = [r for r in results["runs"] if "error" in r]
    if failed:
        lines += ["", "## Failed runs", ""]
        for r in failed:
            lines.append(f"- pair {r['pair']} {r['scenario']} {r['kind']}"
                         f"{' ' + r['chain'] + ' chain' if 'chain' in r else ''}"
                         f"{' tasks.max=' + str(r['tasks']) if 'tasks' in r else ''}"
                         f"{' ' + scale_size(r) if scale_size(r) else ''}"
                         f"{' without offset syncs' if r.get('offset_syncs') is False else ''}"
                         f"{' with offset syncs' if r.get('offset_syncs') is True else ''}"
                         f"{' (warm-up)' if r.get('warmup') else ''}"
                         f"{' (settling copy)' if r.get('settle') else ''}: "
                         f"{r['error'].splitlines()[0][:300]}")
    lines += ["", f"Total run time {results['timings'].get('total_s', 0) / 60:.1f} min. "
              "Raw per-run values: results.json; chart: chart.png.", ""]
    return "\n".join(lines)


def eos_note(results):
    """The paragraph under the table on the exactly-once copies: how large each kind's
    transactions were, the commit markers they left in the target's partitions, and any
    transaction aborted."""
    runs = [r for r in results["runs"] if r["scenario"] == "eos" and r["pair"] >= 1 and
            "error" not in r and "transactions" in r]
    if not runs:
        return []
    settings = results["settings"]
    gb = settings.get("eos_value_bytes", settings["value_bytes"]) / 1e9
    parts = []
    for kind in KINDS:
        mine = [r for r in runs if r["kind"] == kind]
        if not mine:
            continue
        parts.append(f"{kind}: {_fmt(_median([r['records_per_transaction'] for r in mine]))} "
                     f"records per transaction, "
                     f"{_fmt(_median([r['commit_markers'] / gb for r in mine]))} commit markers "
                     f"per GB in the target's partitions, "
                     f"{sum(r['aborted_transactions'] for r in mine)} transactions aborted")
    pipe = [r for r in runs if r["kind"] == "pipe"]
    if pipe:
        parts.append(f"the bare pipe (`pipe -e`, a transaction per batch of up to 500 "
                     f"records with its source offsets, as a task's): "
                     f"{_fmt(_median([r['records_per_transaction'] for r in pipe]))} records "
                     f"per transaction, each commit (its records and offsets acknowledged, "
                     f"then EndTxn) "
                     f"{_fmt(_median([r['commit_ms_per_transaction'] for r in pipe]))} ms")
    return ["", "Exactly-once copies (medians over the pairs and the tasks.max values): "
            + "; ".join(parts) + ". The transactions are those the target's transaction log "
            "records as completed for the tasks' transactional ids (the pipe's own count "
            "for the pipe); a transaction's commit marker takes an offset in each partition "
            "it wrote to."]


def verify_note(results):
    """The line under the table on the record-for-record checks (bench/verify.c, SeqCheck)."""
    runs = results["runs"]
    checked = [r for r in runs if "verify_s" in r]
    seconds = sum(r["verify_s"] for r in checked)
    seconds += sum(r["second"]["verify_s"] for r in checked if "second" in r)
    copies = len(checked) + sum(1 for r in checked if "second" in r)
    latency = [r for r in runs if r["scenario"] in ("latency", "eos-latency") and
               "error" not in r]
    if not copies:
        return []
    return ["", f"Record for record: each of the {copies} copies checked (every copy of a "
            f"pre-loaded topic, warm-up and settling ones included, and every FileStreamSource "
            f"run) held its source's records, no more and no fewer (per partition, the count "
            f"and the sum and xor of a hash of each record's key and value, read "
            f"read_committed; the checks took {seconds:.0f} s after the copies were timed)"
            + (f", as did each of the {len(latency)} latency runs (every record produced "
               f"consumed once)." if latency else ".")]


def warmup_note(results):
    """The lines under the table on the brokers' warm-up (how many copies of each kind it
    took, and how much of the brokers' CPU their JIT compilers still took in the last) and
    on the settling copies after Java's throughput runs."""
    runs = results["runs"]
    warm = [r for r in runs if r.get("warmup") and "brokers_cpu_s" in r]
    pipes = [r for r in warm if r["kind"] == "pipe"]
    if not pipes:
        return []

    def share(r):
        return r["brokers_jit_cpu_s"] / r["brokers_cpu_s"] if r["brokers_cpu_s"] else 0

    settings = results["settings"]
    rates = [r.get("records_per_s") for r in pipes]
    lines = ["", f"Warm-up before the first pair: {len(pipes)} pipe copies "
             f"({_fmt(rates[0], 'records/s')} the first, {_fmt(rates[-1], 'records/s')} the "
             f"last); the brokers' JIT compilers took {share(pipes[-1]):.1%} of the brokers' "
             f"CPU in the last (until two copies in a row under "
             f"{settings['warmup_jit_share']:.0%}, at most {settings['warmup_max']} copies)."]
    workers = [r for r in warm if r["kind"] in KINDS and r["scenario"] == "throughput"]
    if workers:
        kinds = sorted({r["kind"] for r in workers}, key=KINDS.index)
        each = "; ".join(
            f"{k}: " + ", ".join(f"{share(r):.1%}" for r in workers if r["kind"] == k)
            for k in kinds)
        lines[-1] += (f" Then {len(workers)} copies by the workers, in rounds of one per "
                      f"kind until a round with every copy under that share (at most "
                      f"{settings.get('warmup_workers_max', 'n/a')} rounds); the compilers' "
                      f"share in each: {each}.")
    eos = [r for r in warm if r["scenario"] == "eos"]
    if eos:
        lines[-1] += (f" Then {len(eos)} exactly-once copies by the workers, for the brokers "
                      f"to compile their transaction paths; the compilers' share in each: "
                      + ", ".join(f"{r['kind']} {share(r):.1%}" for r in eos) + ".")
    starts = [r for r in runs if r.get("warmup") and "warmup_brokers_cpu_s" in r]
    if starts:
        last = starts[-5:]

        def start_share(rs):
            cpu = _median([r["warmup_brokers_cpu_s"] for r in rs])
            return _median([r["warmup_brokers_jit_cpu_s"] for r in rs]) / cpu if cpu else 0

        lines[-1] += (f" Then {len(starts)} start-up floors, for the brokers to compile the "
                      f"paths of a first start; their compilers took "
                      f"{start_share(starts[:1]):.0%} of the brokers' CPU in the first, "
                      f"{start_share(last):.0%} in the last {len(last)} (medians).")
    settle = [r for r in runs if r.get("settle") and "error" not in r]
    if settle:
        lines[-1] += (f" After each of Java's copies, warm-up and measured, an unrecorded pipe "
                      f"copy let the brokers finish what it left them before the next run "
                      f"({len(settle)} copies).")
    return lines


def hop_floor(results, summary):
    """The paragraph under the table on the latency of one broker hop without any copy
    (kind "hop"): a replication path has two such hops, so a p99 target below this one
    cannot be met by any worker on this machine."""
    hop = [r for r in results["runs"]
           if r["scenario"] == "latency" and r["kind"] == "hop" and r["pair"] >= 1 and
           "error" not in r]
    if not hop:
        return []
    p50 = _median([r.get("p50_ms") for r in hop])
    p99 = _median([r.get("p99_ms") for r in hop])
    row = next((row for row in summary if row["metric"] == "p99_ms"), None)
    java = row["java"] if row else None
    pipe = row["pipe"] if row else None
    text = (f"Latency floor: one broker hop without any copy (the steady producer to a "
            f"consumer of the source topic, same rate, in the same pairs): p50 "
            f"{_fmt(p50, 'ms')}, p99 {_fmt(p99, 'ms')} (median of {len(hop)}).")
    if java is not None and p99 is not None:
        target = java / 3
        text += f" The p99 target, 1/3 of Java's {_fmt(java, 'ms')}, is {_fmt(target, 'ms')}"
        if p99 > target:
            text += ": below this one hop's p99, so no copy (two hops) can meet it on this machine."
        elif pipe is None:
            text += ", above this one hop's p99 (a copy takes two hops)."
        else:
            text += (f", above this one hop's p99 (a copy takes two hops); the bare pipe, the "
                     f"same copy with no Connect at all, had a p99 of {_fmt(pipe, 'ms')}, "
                     + ("above the target: the ceiling of this machine does not reach it."
                        if pipe > target else "within the target."))
    return ["", text]


def startup_floor(results):
    """The paragraph under the table on the start-up's floor (kind "floor"): the brokers
    creating the internal topics, making their partitions readable and creating the
    connector's remote topic, no worker."""
    floor = [r for r in results["runs"]
             if r["scenario"] == "startup" and r["kind"] == "floor" and r["pair"] >= 1 and
             "error" not in r]
    if not floor:
        return []
    total = _median([r["running_s"] for r in floor])
    create = _median([r["create_s"] for r in floor])
    readable = _median([r["readable_s"] for r in floor])
    # Runs from before the floor took in the remote topic have only the internal topics.
    remote = _median([r["remote_create_s"] for r in floor if "remote_create_s" in r])
    text = (f"Start-up floor: the brokers alone, no worker, in the same pairs: the three "
            f"internal topics asked for in one CreateTopics ({_fmt(create * 1000, 'ms')}), "
            f"then all of their 31 partitions readable ({_fmt(readable * 1000, 'ms')} more, "
            f"the broker making them one after another)"
            + (f", then the connector's remote topic (8 partitions) in one CreateTopics "
               f"({_fmt(remote * 1000, 'ms')})" if remote is not None else "")
            + f": {_fmt(total, 's')} (medians of {len(floor)}). No source task, Java's or "
            f"kconnect's, runs before that: its first read of its offsets reads the whole "
            f"offsets topic"
            + (", and its connector gives it its configs only once its remote topic is "
               "created (each creation waits for KRaft's controller to commit it, "
               "controller.quorum.append.linger.ms, 25 ms by default)."
               if remote is not None else "."))
    protocol = _median([r["protocol_s"] for r in floor if "protocol_s" in r])
    cpu = _median([r["brokers_cpu_s"] for r in floor if "brokers_cpu_s" in r])
    if protocol is not None:
        text += (f" The protocol floor, on topics of its own: every request of a first start "
                 f"that a Connect worker cannot do without, in its order, from clients "
                 f"connected beforehand and nothing of a worker around them, each waited for "
                 f"only as long as what comes next depends on it (the internal topics in one "
                 f"CreateTopics, the status and config partitions readable, the group's three "
                 f"generations, the session key, the connector's config, the task's config "
                 f"and its commit record each written to the config topic and read back, the "
                 f"connector's listings of both clusters and its DescribeConfigs, the remote "
                 f"topic, the task's read of the offsets topic once all of its partitions "
                 f"answer, its status written and read back): {_fmt(protocol, 's')}.")
    if cpu is not None:
        text += (f" The brokers used {_fmt(cpu, 'CPU s')} for " +
                 ("the protocol floor" if protocol is not None else "it") +
                 f" ({_fmt(cpu / (protocol or total), 'cores')} busy on average).")
    text += _above_floor(results, floor, "protocol_s" if protocol is not None else "running_s")
    return ["", text]


def _starts_with_floor(results, floor, metric, kind):
    """The floor (metric) of each pair that has one, and kind's first starts in those pairs."""
    floor_of = {r["pair"]: r[metric] for r in floor if metric in r}
    runs = [r for r in results["runs"]
            if r["scenario"] == "startup" and r["kind"] == kind and r["pair"] in floor_of
            and "error" not in r and "running_s" in r]
    return floor_of, runs


def _above_floor(results, floor, metric):
    """A sentence on kconnect's first start against the floor (metric) of its pair: how far
    above (pair by pair, against the target, FLOOR_MARGIN_S above the protocol floor), and
    how much of its start its worker spent computing (its CPU, from /proc in 10 ms ticks)
    rather than waiting for the brokers."""
    floor_of, runs = _starts_with_floor(results, floor, metric, "kconnect")
    if not runs:
        return ""
    gaps = [r["running_s"] - floor_of[r["pair"]] for r in sorted(runs, key=lambda r: r["pair"])]
    above = _median(gaps)
    cpu = _median([r["worker_cpu_s"] for r in runs if "worker_cpu_s" in r])
    which = "protocol floor" if metric == "protocol_s" else "floor"
    return (f" kconnect's first start ran {_fmt(above * 1000, 'ms')} above the {which} of its "
            f"pair (median of {len(runs)}; pair by pair "
            + ", ".join(f"{g * 1000:+.1f}" for g in gaps) + " ms)"
            + (f", against a target of at most {FLOOR_MARGIN_S * 1000:g} ms for everything "
               f"a worker adds (its exec, its own work, its clients' connections, and up to "
               f"{STARTUP_POLL_S * 1000:g} ms until the status polled shows the task RUNNING)"
               if metric == "protocol_s" else "")
            + (f", and its worker used {_fmt(cpu, 'CPU s')} from exec to its task RUNNING (all "
               f"threads; 10 ms ticks): the rest of that time it waited for the brokers (its "
               f"clients' connections and requests, some of them at once)."
               if cpu is not None else "."))


def chart(results, summary, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    colors = {"java": "#d9822b", "kconnect": "#2b7bb9", "pipe": "#7a7a7a"}
    fig, axes = plt.subplots(2, 3, figsize=(15, 8.5))
    panels = [
        ("Throughput (MB/s, higher is better)", "mb_per_s",
         lambda r: r["figure"].startswith("Throughput, ")),
        ("End-to-end latency (ms, lower is better)", None,
         lambda r: r["metric"] in ("p50_ms", "p99_ms")),
        ("Worker RSS (MiB, lower is better)", None,
         lambda r: r["metric"] in ("rss_peak_mib", "rss_steady_mib")),
        ("CPU seconds per GB (lower is better)", "cpu_s_per_gb",
         lambda r: r["metric"] == "cpu_s_per_gb"),
        ("Start-up (s, lower is better)", None,
         lambda r: r["metric"] in ("root_s", "running_s", "restart_root_s",
                                   "restart_running_s")),
        ("Failover (s, lower is better)", None, lambda r: r["metric"] == "failover_s"),
    ]
    for ax, (title, metric, pick) in zip(axes.flat, panels):
        rows = [r for r in summary if pick(r) and (metric is None or r["metric"] == metric)]
        ax.set_title(title, fontsize=10)
        if not rows:
            ax.text(0.5, 0.5, "not run", ha="center", va="center", transform=ax.transAxes)
            ax.set_xticks([])
            ax.set_yticks([])
            continue
        kinds = ["java", "kconnect"] + (["pipe"] if any(r["pipe"] is not None for r in rows)
                                        else [])
        width = 0.8 / len(kinds)
        for i, kind in enumerate(kinds):
            xs = [j + (i - (len(kinds) - 1) / 2) * width for j in range(len(rows))]
            ys = [r[kind] or 0 for r in rows]
            bars = ax.bar(xs, ys, width, label="bare pipe" if kind == "pipe" else
                          ("Java Connect" if kind == "java" else "kconnect"),
                          color=colors[kind])
            for b, y in zip(bars, ys):
                if y:
                    ax.annotate(_fmt(y), (b.get_x() + b.get_width() / 2, y), ha="center",
                                va="bottom", fontsize=7)
        ax.set_xticks(range(len(rows)))
        ax.set_xticklabels([_short(r) for r in rows], fontsize=8)
        if metric is None and title.startswith(("Worker RSS", "Start-up", "End-to-end")):
            ax.set_yscale("log")
        if rows[0]["metric"] == "failover_s" and rows[0]["target"]:
            bound = results["settings"]["session_timeout_ms"] / 1000 + 2
            ax.axhline(bound, color="red", linestyle="--", linewidth=1, label="target")
        ax.legend(fontsize=7)
    fig.suptitle(f"kconnect vs Java Connect, MirrorSourceConnector ({results['date']}, "
                 f"{results['settings']['pairs']} pair(s), medians)", fontsize=12)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def _short(row):
    f = row["figure"]
    for a, b in (("Throughput, ", ""), ("Worker ", ""), ("End-to-end latency ", ""),
                 ("CPU per GB replicated, ", ""), ("Start-up: exec to ", "to "),
                 ("Restart (topics and connector there): exec to ", "restart:\nto "),
                 ("GET / answering", "GET /"), ("to task RUNNING", "to task\nRUNNING"),
                 ("Failover: kill -9 to records flowing", "kill -9 → flowing"),
                 ("exactly-once, ", "exactly-once\n")):
        f = f.replace(a, b)
    return f.replace("RSS, ", "RSS\n").replace("tasks.max=", "tasks ")


def write_report(results, out):
    summary = summarize(results)
    results["summary"] = summary
    with open(os.path.join(out, "results.json"), "w") as f:
        json.dump(results, f, indent=1)
    text = markdown(results, summary)
    with open(os.path.join(out, "results.md"), "w") as f:
        f.write(text)
    chart(results, summary, os.path.join(out, "chart.png"))
    return text


def machine():
    model = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            model = next(line.split(":", 1)[1].strip() for line in f
                         if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    mem = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2 ** 30
    return {"cpus": os.cpu_count(), "cpu_model": model, "mem_gib": round(mem),
            "os": f"{platform.system()} {platform.release()}"}


def command_line(settings):
    env = []
    for name, attr, default in (("BENCH_GB", "gb", DEFAULT_GB), ("BENCH_PAIRS", "pairs",
                                                                   DEFAULT_PAIRS)):
        if getattr(settings, attr) != default:
            env.append(f"{name}={getattr(settings, attr):g}")
    for name in sorted(os.environ):
        if name.startswith("BENCH_") and name not in ("BENCH_GB", "BENCH_PAIRS", "BENCH_OUT",
                                                      "BENCH_PIPE"):
            env.append(f"{name}={os.environ[name]}")
    return " ".join(env + ["make bench"])


def main(argv):
    if len(argv) == 5 and argv[0] == "--produce":
        return steady_produce(argv[1], argv[2], int(argv[3]), float(argv[4]))
    if len(argv) == 2 and argv[0] == "--report":
        with open(argv[1]) as f:
            results = json.load(f)
        print(write_report(results, os.path.dirname(os.path.abspath(argv[1]))))
        return 0
    if argv:
        sys.stderr.write("usage: bench.py [--report results.json | --produce BOOTSTRAP TOPIC "
                         "RATE SECONDS]\n")
        return 2
    settings = Settings()
    scale_limits(settings)
    for path in (settings.kconnect, settings.pipe):
        if not os.access(path, os.X_OK):
            raise SystemExit(f"bench: {path} missing: run `make bench` (bench/run.sh)")
    os.makedirs(settings.out, exist_ok=True)
    bench = Bench(settings)
    commit = subprocess.run(["git", "rev-parse", "--short=12", "HEAD"], cwd=TOP,
                            capture_output=True, text=True).stdout.strip() or "unknown"
    results = {"date": datetime.datetime.now().strftime("%Y-%m-%d %H:%M"),
               "commit": commit, "kafka_version": _kafka_version(),
               "command": command_line(settings), "machine": machine(),
               "settings": settings.as_dict(), "runs": bench.runs, "timings": {}}
    print(f"bench: {settings.pairs} pair(s), scenarios {','.join(settings.scenarios)}, "
          f"{settings.records} records; output in {settings.out}", flush=True)
    try:
        results["timings"] = bench.run()
    finally:
        print(write_report(results, settings.out))
    failed = sum(1 for r in bench.runs if "error" in r)
    print(f"bench: wrote {settings.out}/results.md, results.json, chart.png "
          f"({results['timings'].get('total_s', 0) / 60:.1f} min"
          f"{f', {failed} failed run(s)' if failed else ''})")
    return 1 if failed else 0


def _kafka_version():
    with open(os.path.join(TOP, "tests", "kafka", "pom.xml")) as f:
        return f.read().split("<kafka.version>")[1].split("</kafka.version>")[0]


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
