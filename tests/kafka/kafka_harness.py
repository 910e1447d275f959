"""
tests/kafka/kafka_harness.py - real Apache Kafka (KRaft) clusters on loopback, from Maven jars.

Used by the pytest fixtures (tests/integration/conftest.py) and by `make run` through the
command line at the bottom of this file. A cluster is 1..N combined broker+controller nodes
with a static quorum, each with three listeners on free loopback ports:

    PLAINTEXT       clients without authentication
    SASL_PLAINTEXT  SCRAM-SHA-256, SCRAM-SHA-512 and PLAIN; the users in SCRAM_USERS exist
                    from format time, for every mechanism

The StandardAuthorizer is on, with ANONYMOUS (every PLAINTEXT client and the brokers
themselves) and admin as super users, and resources without ACLs open to everyone: tests
add ACLs where they need a refusal (mallory is the user they refuse).
    SSL             TLS with a certificate for 127.0.0.1/localhost signed by a test CA made
                    with openssl (Cluster.ca_file is the trust store clients need)
    CONTROLLER      the KRaft quorum

Data lives in a temporary directory. Brokers started for tests get PR_SET_PDEATHSIG, so
they die with the test process even when it is killed; `make run` starts them detached.
A cluster that is not detached and made its own directory removes it when the Python
process exits normally or on an exception (atexit; not when it is killed by a signal). Set
KC_KEEP_KAFKA_DIRS=1 to keep them for their logs: a test run or a benchmark writes gigabytes
there.
A broker that does not come up in time has its log tail in the exception.

The jars come from tests/setup.sh (KAFKA_LIBS, or the cache path it prints).

SPDX-License-Identifier: Apache-2.0
"""

import atexit
import base64
import concurrent.futures
import ctypes
import hashlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))

SCRAM_USERS = {"admin": "admin-secret", "alice": "alice-secret", "mallory": "mallory-secret"}
SCRAM_MECHANISMS = ("SCRAM-SHA-256", "SCRAM-SHA-512")
# The SASL listener also offers PLAIN, for the same users and passwords.

# Kafka's bin/*.sh scripts, by the name an operator types, and the main class behind each.
TOOLS = {
    "kafka-topics": "org.apache.kafka.tools.TopicCommand",
    "kafka-console-producer": "org.apache.kafka.tools.ConsoleProducer",
    "kafka-console-consumer": "org.apache.kafka.tools.consumer.ConsoleConsumer",
    "kafka-producer-perf-test": "org.apache.kafka.tools.ProducerPerformance",
    "kafka-consumer-perf-test": "org.apache.kafka.tools.ConsumerPerformance",
    "kafka-get-offsets": "org.apache.kafka.tools.GetOffsetShell",
    "kafka-consumer-groups": "org.apache.kafka.tools.consumer.group.ConsumerGroupCommand",
    "kafka-configs": "kafka.admin.ConfigCommand",
    "kafka-acls": "org.apache.kafka.tools.AclCommand",
    "kafka-storage": "kafka.tools.StorageTool",
    "kafka-broker-api-versions": "org.apache.kafka.tools.BrokerApiVersionsCommand",
    "kafka-metadata-quorum": "org.apache.kafka.tools.MetadataQuorumCommand",
    "kafka-dump-log": "org.apache.kafka.tools.DumpLogSegments",
}

BROKER_JVM = ["-Xms256m", "-Xmx512m", "-XX:+UseG1GC", "-XX:MaxGCPauseMillis=20",
              "-XX:+ExitOnOutOfMemoryError", "-Djava.awt.headless=true"]
# For the test suite's many short-lived brokers (tests/integration/conftest.py picks it):
# the C1 compiler only and the serial collector cost a starting broker some 3 CPU-seconds
# less, which the 2-core suite spends on its tests; the bench and faults keep BROKER_JVM.
TEST_BROKER_JVM = ["-Xms256m", "-Xmx512m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                   "-Xshare:auto", "-XX:+ExitOnOutOfMemoryError", "-Djava.awt.headless=true"]
# Broker settings over the harness's own; the suite's (conftest.py picks them): the active
# controller writes a no-op record to the metadata log every 5 s instead of every 500 ms,
# which took an idle broker from 2.8 to 2.1 % of a core.
BROKER_CONFIG = {}
TEST_BROKER_CONFIG = {"metadata.max.idle.interval.ms": 5000}
TOOL_JVM = ["-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xshare:auto",
            "-Djava.awt.headless=true"]

# Class data sharing for the tests (tests/integration/conftest.py turns it on; the bench and
# the faults run the JVMs as operators do): see Archive.
CDS = False
CDS_DIR = os.path.join(os.environ.get("KC_CACHE") or os.path.join(
    os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "kconnect"), "cds")

LOG4J2_SERVER = """\
status = warn
appender.out.type = Console
appender.out.name = OUT
appender.out.layout.type = PatternLayout
appender.out.layout.pattern = [%d] %p %m (%c)%n
rootLogger.level = INFO
rootLogger.appenderRef.out.ref = OUT
logger.req.name = kafka.request.logger
logger.req.level = WARN
logger.state.name = state.change.logger
logger.state.level = WARN
"""

LOG4J2_TOOLS = """\
status = warn
appender.err.type = Console
appender.err.name = ERR
appender.err.target = SYSTEM_ERR
appender.err.layout.type = PatternLayout
appender.err.layout.pattern = [%d] %p %m (%c)%n
rootLogger.level = WARN
rootLogger.appenderRef.err.ref = ERR
"""


# How long a cluster may take from its launch to answering metadata: a broker takes seconds
# on an idle 2-core machine, and has taken more than 90 s on one shared with other work,
# where a cluster that never came up made every test of a pytest process fail at once.
READY_TIMEOUT_S = 180


class HarnessError(RuntimeError):
    """A cluster or tool could not do what was asked; the message carries the log tail."""


def kafka_libs():
    """Directory of the Kafka jars: $KAFKA_LIBS, else what tests/setup.sh reports."""
    libs = os.environ.get("KAFKA_LIBS")
    if not libs:
        out = subprocess.run([os.path.join(TOP, "tests", "setup.sh"), "env"],
                             check=True, capture_output=True, text=True).stdout
        env = dict(line.split("=", 1) for line in out.splitlines() if "=" in line)
        libs = env["KAFKA_LIBS"]
    if not os.path.isdir(libs):
        raise HarnessError(f"no Kafka jars in {libs}: run tests/setup.sh kafka")
    return libs


# Ports the harness hands out: below the kernel's ephemeral range (32768 and up by default), so
# no outgoing connection takes one between its choice and its bind, and split into one slice per
# pytest-xdist worker, so two test processes never choose the same one. Within a process they
# are handed out in turn, each checked free by a bind.
_PORT_FLOOR, _PORT_SLICE, _PORT_SLICES = 12000, 3000, 6
_next_port = None


def _port_slice():
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")   # "gw0", "gw1", ... under xdist
    return int(worker[2:]) % _PORT_SLICES if worker.startswith("gw") else _PORT_SLICES - 1


def free_ports(n):
    """n distinct free TCP ports on 127.0.0.1, none handed out before by this process."""
    global _next_port
    low = _PORT_FLOOR + _port_slice() * _PORT_SLICE
    if _next_port is None:
        _next_port = low + (os.getpid() * 7919) % _PORT_SLICE
    ports = []
    for _ in range(_PORT_SLICE):
        if len(ports) == n:
            break
        port = _next_port
        _next_port = low + (_next_port + 1 - low) % _PORT_SLICE
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
        ports.append(port)
    if len(ports) < n:
        raise HarnessError(f"no {n} free ports in {low}..{low + _PORT_SLICE - 1}")
    return ports


def random_cluster_id():
    """A Kafka Uuid as `kafka-storage random-uuid` prints it: base64url, no padding."""
    while True:
        cid = base64.urlsafe_b64encode(uuid.uuid4().bytes).decode().rstrip("=")
        if not cid.startswith("-"):
            return cid


def _die_with_parent():
    """preexec_fn: ask the kernel to SIGKILL the child when the harness process dies."""
    libc = ctypes.CDLL("libc.so.6", use_errno=True)
    libc.prctl(1, signal.SIGKILL)   # PR_SET_PDEATHSIG


def tail(path, lines=40):
    try:
        with open(path, "rb") as f:
            data = f.read().decode("utf-8", "replace").splitlines()
    except OSError as e:
        return f"(no log: {e})"
    return "\n".join(data[-lines:])


def make_test_ca(directory):
    """A CA and a broker certificate for 127.0.0.1 and localhost, made with openssl, as PEM:
    returns (ca_file, broker_keystore) where the keystore holds the key and the chain."""
    os.makedirs(directory, exist_ok=True)
    ca_key, ca = os.path.join(directory, "ca.key"), os.path.join(directory, "ca.pem")
    key, csr = os.path.join(directory, "broker.key"), os.path.join(directory, "broker.csr")
    crt, ext = os.path.join(directory, "broker.crt"), os.path.join(directory, "san.ext")
    keystore = os.path.join(directory, "broker-keystore.pem")
    if os.path.exists(keystore):
        return ca, keystore
    with open(ext, "w") as f:
        f.write("subjectAltName=IP:127.0.0.1,DNS:localhost\n")
    run = lambda *a: subprocess.run(a, check=True, capture_output=True)  # noqa: E731
    run("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", ca_key,
        "-out", ca, "-days", "3", "-subj", "/CN=kconnect test CA")
    run("openssl", "req", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", csr,
        "-subj", "/CN=localhost")
    run("openssl", "x509", "-req", "-in", csr, "-CA", ca, "-CAkey", ca_key, "-CAcreateserial",
        "-out", crt, "-days", "3", "-extfile", ext)
    with open(keystore, "w") as out:
        for part in (key, crt, ca):
            with open(part) as f:
                out.write(f.read())
    return ca, keystore


def jaas_config(mechanism_user="admin", mechanism="SCRAM-SHA-256"):
    """The Java sasl.jaas.config value for a user of SCRAM_USERS."""
    module = ("org.apache.kafka.common.security.plain.PlainLoginModule" if mechanism == "PLAIN"
              else "org.apache.kafka.common.security.scram.ScramLoginModule")
    return (f'{module} required username="{mechanism_user}" '
            f'password="{SCRAM_USERS[mechanism_user]}";')


class Archive:
    """The classes one main class of the jars loads, archived for the next JVMs (-XX:
    SharedArchiveFile): they map them instead of reading and verifying them again, which
    measured 40 % less CPU for a tool to run and 30 % less for a broker to come up.

    The first JVM that finds no archive writes one (the others meanwhile run without):
    at its exit (exit mode: tools, Connect workers) or, for a JVM that runs on (live mode:
    brokers), when dump() is called once it is up (jcmd VM.cds dynamic_dump). finished()
    says the JVM is gone. A JVM cannot use an archive made on another class path or JDK:
    the file name carries a digest of both."""

    def __init__(self, java, main_class, live=False):
        self.options, self._tmp, self._lock, self._live, self._dumped = [], None, None, live, False
        if not CDS:
            return
        jdk, digest = java.runtime_digest()
        self.path = os.path.join(CDS_DIR, f"{main_class}-{digest}.jsa")
        self._jcmd = os.path.join(os.path.dirname(jdk), "jcmd")
        quiet = "-Xlog:cds*=off"       # its warnings would go to the tools' stdout
        if os.path.exists(self.path):
            self.options = [f"-XX:SharedArchiveFile={self.path}", quiet]
            return
        os.makedirs(CDS_DIR, exist_ok=True)
        lock = self.path + ".lock"
        try:
            os.close(os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        except FileExistsError:
            try:
                if time.time() - os.path.getmtime(lock) > 600:     # its writer died
                    os.unlink(lock)
            except OSError:
                pass
            return
        self._lock = lock
        self._tmp = f"{self.path}.{os.getpid()}-{uuid.uuid4().hex[:8]}.tmp"
        self.options = [("-XX:+RecordDynamicDumpInfo" if live
                         else f"-XX:ArchiveClassesAtExit={self._tmp}"), quiet]

    @property
    def writing(self):
        """Whether this JVM is the one to write the archive."""
        return self._lock is not None

    def dump(self, pid):
        """Live mode: has the running JVM pid write the archive now."""
        if not self.writing or not self._live or self._dumped:
            return
        self._dumped = True
        try:
            subprocess.run([self._jcmd, str(pid), "VM.cds", "dynamic_dump", self._tmp],
                           capture_output=True, timeout=120)
        except (OSError, subprocess.TimeoutExpired):
            pass
        self._adopt(True)

    def finished(self, returncode):
        """The JVM exited with returncode (negative: killed by that signal, so an archive
        it was writing at exit may be cut short)."""
        if self.writing:
            self._adopt(not self._live and returncode is not None and returncode >= 0)

    def _adopt(self, complete):
        try:
            if complete and os.path.getsize(self._tmp) > 0:
                os.replace(self._tmp, self.path)
        except OSError:
            pass
        for f in (self._tmp, self._lock):
            try:
                os.unlink(f)
            except OSError:
                pass
        self._lock = None


class Java:
    """Runs main classes from the Kafka jars."""

    def __init__(self, libs=None):
        self.libs = libs or kafka_libs()
        self.classpath = os.path.join(self.libs, "*")
        self.java = os.path.join(os.environ["JAVA_HOME"], "bin", "java") \
            if os.environ.get("JAVA_HOME") else "java"
        self._tools_log4j = None
        self._runtime_digest = None

    def runtime_digest(self):
        """(the JDK's real path, a digest of it and of the jars): what an archive of loaded
        classes depends on (Archive). Read once: neither changes under a running test."""
        if self._runtime_digest is None:
            jdk = os.path.realpath(shutil.which(self.java) or self.java)
            parts = [jdk, str(os.stat(jdk).st_mtime_ns)]
            for e in sorted(os.scandir(self.libs), key=lambda e: e.name):
                parts += [e.name, str(e.stat().st_size), str(e.stat().st_mtime_ns)]
            digest = hashlib.sha256("\0".join(parts).encode()).hexdigest()[:16]
            self._runtime_digest = (jdk, digest)
        return self._runtime_digest

    def tools_log4j(self):
        # One file per content, shared by every process and left in place: a file per
        # instance would pile up, as nothing knows when the last tool using it is done.
        if self._tools_log4j is None:
            digest = hashlib.sha256(LOG4J2_TOOLS.encode()).hexdigest()[:16]
            path = os.path.join(tempfile.gettempdir(), f"kc-tools-log4j2-{digest}.properties")
            if not os.path.exists(path):
                fd, tmp = tempfile.mkstemp(prefix="kc-tools-log4j2-", suffix=".tmp")
                with os.fdopen(fd, "w") as f:
                    f.write(LOG4J2_TOOLS)
                os.replace(tmp, path)
            self._tools_log4j = path
        return self._tools_log4j

    def command(self, main_class, args, jvm=None, log4j=None, archive=None):
        """The command line of a JVM running main_class; archive: its Archive, whose
        options it takes."""
        return ([self.java] + (jvm or TOOL_JVM) + (archive.options if archive else []) +
                [f"-Dlog4j2.configurationFile={log4j or self.tools_log4j()}",
                 "-cp", self.classpath, main_class] + list(args))

    def run(self, main_class, args, **kw):
        """subprocess.run of main_class (class data shared, see Archive)."""
        archive = Archive(self, main_class)
        p = None
        try:
            p = subprocess.run(self.command(main_class, args, archive=archive), **kw)
            return p
        finally:
            archive.finished(p.returncode if p is not None else None)

    def tool(self, name, *args, input=None, timeout=120, check=True):
        """Run one of Kafka's CLI tools (see TOOLS) to completion; returns CompletedProcess.

        Raises HarnessError with the tool's stderr when check is true and it fails."""
        p = self.run(TOOLS[name], [str(a) for a in args], input=input, capture_output=True,
                     text=True, timeout=timeout)
        if check and p.returncode != 0:
            raise HarnessError(f"{name} {' '.join(map(str, args))} exited {p.returncode}:\n"
                               f"{p.stderr[-4000:]}")
        return p


class JavaConnectWorker:
    """A Java `connect-distributed.sh` worker (org.apache.kafka.connect.cli.ConnectDistributed)
    from the same jars, for side-by-side and mixed-cluster tests.

    props: the worker properties (a dict); `listeners` is set to a free port unless given.
    jvm: the JVM options (heap, GC); by default small ones that start fast for tests (the
    benchmark gives those connect-distributed.sh sets instead).
    The log (INFO) goes to <workdir>/<name>.log. Dies with the harness process."""

    TEST_JVM = ["-Xms128m", "-Xmx512m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                "-Djava.awt.headless=true"]

    LOG4J2 = LOG4J2_SERVER.replace("rootLogger.level = INFO", "rootLogger.level = INFO\n"
                                   "logger.reflections.name = org.reflections\n"
                                   "logger.reflections.level = ERROR")

    def __init__(self, java, workdir, props, name="java-worker", jvm=None, standalone=None,
                 env=None):
        """standalone: None for ConnectDistributed; else ConnectStandalone with these
        connector files after the worker file. env: extra environment (KAFKA_OPTS...)."""
        self.java = java
        self.standalone = standalone
        self.env = env
        self.jvm = list(jvm or self.TEST_JVM)
        self.props = dict(props)
        self.port = None
        if "listeners" not in self.props:
            self.port = free_ports(1)[0]
            self.props["listeners"] = f"http://127.0.0.1:{self.port}"
        self.props.setdefault("plugin.discovery", "service_load")
        self.config_path = os.path.join(workdir, f"{name}.properties")
        self.log_path = os.path.join(workdir, f"{name}.log")
        self.log4j = os.path.join(workdir, f"{name}-log4j2.properties")
        with open(self.config_path, "w") as f:
            f.write("".join(f"{k}={v}\n" for k, v in self.props.items()))
        with open(self.log4j, "w") as f:
            f.write(self.LOG4J2)
        self.proc = None
        self.archive = None                   # the JVM's Archive, from start()

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}"

    def get(self, path, **kw):
        import requests
        return requests.get(self.url + path, timeout=kw.pop("timeout", 10), **kw)

    def request(self, method, path, **kw):
        import requests
        return requests.request(method, self.url + path, timeout=kw.pop("timeout", 10), **kw)

    def start(self):
        main = ("org.apache.kafka.connect.cli.ConnectDistributed" if self.standalone is None
                else "org.apache.kafka.connect.cli.ConnectStandalone")
        self.archive = Archive(self.java, main)
        cmd = self.java.command(main, [self.config_path, *(self.standalone or [])],
                                jvm=self.jvm, log4j=self.log4j, archive=self.archive)
        log = open(self.log_path, "ab")
        self.proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL, preexec_fn=_die_with_parent,
                                     env=dict(os.environ, **self.env) if self.env else None)
        log.close()
        return self

    def log(self):
        try:
            with open(self.log_path, encoding="utf-8", errors="replace") as f:
                return f.read()
        except OSError:
            return ""

    def wait_log(self, text, timeout=120):
        """Until `text` appears in the log; returns the log. Raises with its tail if not."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            log = self.log()
            if text in log:
                return log
            if self.proc.poll() is not None:
                break
            time.sleep(0.3)
        raise HarnessError(f"Java worker: no '{text}' in its log after {timeout}s:\n"
                           f"{tail(self.log_path, 60)}")

    def stop(self, timeout=30):
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if self.proc is not None:
            self.archive.finished(self.proc.returncode)


class Node:
    """One combined broker+controller process of a Cluster."""

    def __init__(self, cluster, node_id, ports):
        self.cluster = cluster
        self.node_id = node_id
        self.plaintext_port, self.sasl_port, self.controller_port, self.ssl_port = ports
        self.dir = os.path.join(cluster.dir, f"node{node_id}")
        self.config_path = os.path.join(self.dir, "server.properties")
        self.log_path = os.path.join(self.dir, "server.log")
        self.proc = None
        self.pid = None
        self.archive = None                   # the JVM's Archive, from start()

    def server_properties(self):
        c = self.cluster
        rf = min(3, len(c.nodes))
        min_isr = 2 if rf >= 3 else 1
        jaas = "org.apache.kafka.common.security.scram.ScramLoginModule required;"
        plain = ("org.apache.kafka.common.security.plain.PlainLoginModule required " +
                 " ".join(f'user_{u}="{p}"' for u, p in SCRAM_USERS.items()) + ";")
        props = {
            "process.roles": "broker,controller",
            "node.id": self.node_id,
            "controller.quorum.voters": c.quorum_voters(),
            "listeners": (f"PLAINTEXT://127.0.0.1:{self.plaintext_port},"
                          f"SASL_PLAINTEXT://127.0.0.1:{self.sasl_port},"
                          f"SSL://127.0.0.1:{self.ssl_port},"
                          f"CONTROLLER://127.0.0.1:{self.controller_port}"),
            "advertised.listeners": (f"PLAINTEXT://127.0.0.1:{self.plaintext_port},"
                                     f"SASL_PLAINTEXT://127.0.0.1:{self.sasl_port},"
                                     f"SSL://127.0.0.1:{self.ssl_port}"),
            "listener.security.protocol.map":
                "PLAINTEXT:PLAINTEXT,SASL_PLAINTEXT:SASL_PLAINTEXT,SSL:SSL,CONTROLLER:PLAINTEXT",
            "listener.name.ssl.ssl.keystore.type": "PEM",
            "listener.name.ssl.ssl.keystore.location": c.keystore,
            "inter.broker.listener.name": "PLAINTEXT",
            "controller.listener.names": "CONTROLLER",
            "sasl.enabled.mechanisms": ",".join(SCRAM_MECHANISMS + ("PLAIN",)),
            "listener.name.sasl_plaintext.scram-sha-256.sasl.jaas.config": jaas,
            "listener.name.sasl_plaintext.scram-sha-512.sasl.jaas.config": jaas,
            "listener.name.sasl_plaintext.plain.sasl.jaas.config": plain,
            "authorizer.class.name": "org.apache.kafka.metadata.authorizer.StandardAuthorizer",
            "super.users": "User:ANONYMOUS;User:admin",
            "allow.everyone.if.no.acl.found": "true",
            "log.dirs": os.path.join(self.dir, "data"),
            "num.partitions": 1,
            "offsets.topic.replication.factor": rf,
            "offsets.topic.num.partitions": 1,
            "transaction.state.log.replication.factor": rf,
            "transaction.state.log.min.isr": min_isr,
            "transaction.state.log.num.partitions": 1,
            "share.coordinator.state.topic.replication.factor": rf,
            "share.coordinator.state.topic.min.isr": min_isr,
            "group.initial.rebalance.delay.ms": 0,
            "group.min.session.timeout.ms": 500,
            "broker.heartbeat.interval.ms": 500,
            "broker.session.timeout.ms": 3000,
            "num.network.threads": 2,
            "num.io.threads": 2,
            "background.threads": 2,
            "group.coordinator.threads": 1,
        }
        if len(c.nodes) >= 3:
            props["default.replication.factor"] = 3
            props["min.insync.replicas"] = 2
        props.update(BROKER_CONFIG)
        props.update(c.extra_config)
        return "".join(f"{k}={v}\n" for k, v in props.items())

    def write_config(self):
        os.makedirs(self.dir, exist_ok=True)
        with open(self.config_path, "w") as f:
            f.write(self.server_properties())
        with open(os.path.join(self.dir, "log4j2.properties"), "w") as f:
            f.write(LOG4J2_SERVER)

    def format(self):
        args = ["format", "-c", self.config_path, "-t", self.cluster.cluster_id]
        for user, password in SCRAM_USERS.items():
            for mech in SCRAM_MECHANISMS:
                args += ["--add-scram", f"{mech}=[name={user},password={password}]"]
        p = self.cluster.java.run("kafka.tools.StorageTool", args, capture_output=True,
                                  text=True, timeout=120)
        if p.returncode != 0:
            raise HarnessError(f"{self.cluster.name}/node{self.node_id}: kafka-storage format "
                               f"failed ({p.returncode}):\n{p.stdout}\n{p.stderr}")

    def start(self):
        if self.running():
            return
        java = self.cluster.java
        self.archive = Archive(java, "kafka.Kafka", live=True)
        cmd = java.command("kafka.Kafka", [self.config_path], jvm=BROKER_JVM + [
            f"-Dkafka.logs.dir={self.dir}/logs"],
            log4j=os.path.join(self.dir, "log4j2.properties"), archive=self.archive)
        log = open(self.log_path, "ab")
        if self.cluster.detached:
            self.proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT,
                                         stdin=subprocess.DEVNULL, start_new_session=True)
        else:
            self.proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT,
                                         stdin=subprocess.DEVNULL, preexec_fn=_die_with_parent)
        log.close()
        self.pid = self.proc.pid

    def running(self):
        if self.proc is not None:
            return self.proc.poll() is None
        if self.pid:
            try:
                os.kill(self.pid, 0)
                return True
            except OSError:
                return False
        return False

    def signal(self, sig):
        if self.running():
            os.kill(self.pid, sig)

    def wait_exit(self, timeout):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if not self.running():
                if self.archive is not None:
                    self.archive.finished(None)
                return True
            time.sleep(0.1)
        return False

    def stop(self, timeout=30):
        """SIGTERM (controlled shutdown), then SIGKILL after timeout seconds."""
        self.signal(signal.SIGTERM)
        if not self.wait_exit(timeout):
            self.signal(signal.SIGKILL)
            self.wait_exit(10)

    def kill(self):
        self.signal(signal.SIGKILL)
        self.wait_exit(10)


class Cluster:
    """A named KRaft cluster of `brokers` combined nodes on loopback.

    bootstrap       PLAINTEXT bootstrap servers ("127.0.0.1:p1,127.0.0.1:p2")
    sasl_bootstrap  SASL_PLAINTEXT (SCRAM) bootstrap servers
    cluster_id      the id given at format time, as GET / of a worker must report it
    """

    def __init__(self, name, brokers=1, workdir=None, java=None, detached=False,
                 extra_config=None):
        self.name = name
        self.java = java or Java()
        self.detached = detached
        self.extra_config = dict(extra_config or {})
        self.dir = workdir or tempfile.mkdtemp(prefix=f"kc-kafka-{name}-")
        self.nodes = []
        if workdir is None and not detached and not os.environ.get("KC_KEEP_KAFKA_DIRS"):
            atexit.register(self._remove_dir)
        self.cluster_id = random_cluster_id()
        self.ca_file, self.keystore = make_test_ca(os.path.join(self.dir, "tls"))
        ports = free_ports(4 * brokers)
        self.nodes = [Node(self, i + 1, ports[4 * i:4 * i + 4]) for i in range(brokers)]

    # ---- addresses ----
    def quorum_voters(self):
        return ",".join(f"{n.node_id}@127.0.0.1:{n.controller_port}" for n in self.nodes)

    @property
    def bootstrap(self):
        return ",".join(f"127.0.0.1:{n.plaintext_port}" for n in self.nodes)

    @property
    def sasl_bootstrap(self):
        return ",".join(f"127.0.0.1:{n.sasl_port}" for n in self.nodes)

    @property
    def ssl_bootstrap(self):
        return ",".join(f"127.0.0.1:{n.ssl_port}" for n in self.nodes)

    def java_ssl_properties(self, ca_file=None):
        """Java client settings for the SSL listener (PEM trust store)."""
        return {"bootstrap.servers": self.ssl_bootstrap, "security.protocol": "SSL",
                "ssl.truststore.type": "PEM", "ssl.truststore.location": ca_file or self.ca_file}

    def client_config(self, sasl=False, mechanism="SCRAM-SHA-256", user="admin", **extra):
        """librdkafka (confluent-kafka) settings for this cluster."""
        if not sasl:
            conf = {"bootstrap.servers": self.bootstrap}
        else:
            conf = {"bootstrap.servers": self.sasl_bootstrap,
                    "security.protocol": "SASL_PLAINTEXT", "sasl.mechanism": mechanism,
                    "sasl.username": user, "sasl.password": SCRAM_USERS[user]}
        conf.update(extra)
        return conf

    def java_client_properties(self, sasl=False, mechanism="SCRAM-SHA-256", user="admin"):
        """Java client settings (what a worker or tool properties file holds)."""
        if not sasl:
            return {"bootstrap.servers": self.bootstrap}
        return {"bootstrap.servers": self.sasl_bootstrap,
                "security.protocol": "SASL_PLAINTEXT", "sasl.mechanism": mechanism,
                "sasl.jaas.config": jaas_config(user, mechanism)}

    def command_config(self, sasl=True, mechanism="SCRAM-SHA-256", user="admin"):
        """Path of a --command-config file for Kafka's tools (SASL by default)."""
        fd, path = tempfile.mkstemp(prefix="client-", suffix=".properties", dir=self.dir)
        with os.fdopen(fd, "w") as f:
            for k, v in self.java_client_properties(sasl, mechanism, user).items():
                if k != "bootstrap.servers":
                    f.write(f"{k}={v}\n")
        return path

    def admin(self, **conf):
        """A confluent-kafka AdminClient; keep a reference while its futures are pending.

        librdkafka's own log is off (log_level 0): it logs every refused connection while a
        broker starts, and admin failures come back through the futures anyway."""
        from confluent_kafka.admin import AdminClient
        return AdminClient(dict(self.client_config(**conf), log_level=0))

    # ---- lifecycle ----
    def prepare(self):
        """Write every node's configuration and format its storage (may run on any thread)."""
        for n in self.nodes:
            n.write_config()
        with concurrent.futures.ThreadPoolExecutor(len(self.nodes)) as ex:
            list(ex.map(lambda n: n.format(), self.nodes))

    def launch(self):
        """Start every node. Call on a long-lived thread: PR_SET_PDEATHSIG fires when the
        thread that started a broker ends, not only when the process does."""
        for n in self.nodes:
            n.start()

    def start(self, timeout=None):
        """prepare(), launch(), wait_ready(): a cluster clients can use."""
        self.prepare()
        self.launch()
        self.wait_ready(timeout)
        return self

    def wait_ready(self, timeout=None):
        """Until metadata lists every broker, over PLAINTEXT and over SCRAM, for up to
        timeout seconds (READY_TIMEOUT_S by default)."""
        timeout = timeout or READY_TIMEOUT_S
        from confluent_kafka.admin import AdminClient
        deadline = time.monotonic() + timeout
        last = None
        for sasl in (False, True):
            admin = AdminClient(dict(self.client_config(sasl=sasl), log_level=0))
            while True:
                for n in self.nodes:
                    if not n.running():
                        raise HarnessError(f"cluster {self.name}: node{n.node_id} exited "
                                           f"during start-up; log tail:\n{tail(n.log_path)}")
                try:
                    md = admin.list_topics(timeout=2)
                    if len(md.brokers) == len(self.nodes):
                        break
                    last = f"{len(md.brokers)} of {len(self.nodes)} brokers in metadata"
                except Exception as e:      # KafkaException while the broker comes up
                    last = str(e)
                if time.monotonic() > deadline:
                    logs = "\n".join(f"--- node{n.node_id} ---\n{tail(n.log_path)}"
                                     for n in self.nodes)
                    raise HarnessError(f"cluster {self.name} not ready after {timeout}s "
                                       f"({'SASL' if sasl else 'PLAINTEXT'}: {last}):\n{logs}")
                time.sleep(0.3)
        # A broker up and running has loaded what the next ones will need (Archive).
        for n in self.nodes:
            if n.archive is not None and n.archive.writing:
                threading.Thread(target=n.archive.dump, args=(n.pid,), daemon=True).start()

    def stop(self):
        with concurrent.futures.ThreadPoolExecutor(len(self.nodes)) as ex:
            list(ex.map(lambda n: n.stop(), self.nodes))

    def kill(self):
        """SIGKILL to every node at once, no controlled shutdown: the end of a cluster whose
        data is thrown away (a test's), seconds sooner than stop()."""
        for n in self.nodes:
            n.signal(signal.SIGKILL)
        for n in self.nodes:
            n.wait_exit(10)

    def _remove_dir(self):
        """At exit: the brokers still running are killed first, so none writes into the
        directory while it is removed."""
        for n in self.nodes:
            n.kill()
        shutil.rmtree(self.dir, ignore_errors=True)

    # ---- convenience for tests ----
    def create_topic(self, name, partitions=1, replication_factor=1, config=None, timeout=30):
        from confluent_kafka.admin import NewTopic
        admin = self.admin()
        fs = admin.create_topics([NewTopic(name, partitions, replication_factor,
                                           config=config or {})])
        fs[name].result(timeout)
        if self.topic_partitions(name, timeout) != partitions:    # visible to clients
            raise HarnessError(f"topic {name} created but not visible in metadata")

    def topic_config(self, name, timeout=30):
        """{config name: value} of a topic, as DescribeConfigs returns it."""
        from confluent_kafka.admin import ConfigResource
        res = ConfigResource(ConfigResource.Type.TOPIC, name)
        admin = self.admin()
        entries = admin.describe_configs([res])[res].result(timeout)
        return {k: e.value for k, e in entries.items()}

    def topic_partitions(self, name, timeout=30, absent_after=5):
        """Partition count of a topic, None if it does not exist. Metadata of a topic created
        a moment ago reaches the broker asked a little later (unknown, or leader not
        available): that is waited out, for up to absent_after seconds for an unknown one."""
        admin = self.admin()
        start = time.monotonic()
        while True:
            md = admin.list_topics(topic=name, timeout=timeout)
            t = md.topics.get(name)
            if t is not None and t.error is None:
                return len(t.partitions)
            waited = time.monotonic() - start
            unknown = t is None or t.error.code() == 3       # UNKNOWN_TOPIC_OR_PART
            if waited > timeout or (unknown and waited > absent_after):
                return None
            time.sleep(0.2)

    def state(self):
        return {"name": self.name, "dir": self.dir, "cluster_id": self.cluster_id,
                "bootstrap": self.bootstrap, "sasl_bootstrap": self.sasl_bootstrap,
                "ssl_bootstrap": self.ssl_bootstrap, "ca_file": self.ca_file,
                "pids": [n.pid for n in self.nodes]}


def start_clusters(specs, **kw):
    """Start several clusters at once: specs = [(name, brokers), ...] -> {name: Cluster}.

    Formatting and waiting run in parallel; the brokers are started from this thread.
    configure(clusters), if given, may change the clusters' nodes before their
    configuration is written; ready_timeout bounds the wait for them to answer."""
    workdirs = kw.pop("workdirs", {})
    configure = kw.pop("configure", None)
    ready_timeout = kw.pop("ready_timeout", None)
    clusters = {name: Cluster(name, brokers, workdir=workdirs.get(name), **kw)
                for name, brokers in specs}
    if configure is not None:
        configure(clusters)
    try:
        with concurrent.futures.ThreadPoolExecutor(len(clusters)) as ex:
            list(ex.map(lambda c: c.prepare(), clusters.values()))
            for c in clusters.values():
                c.launch()
            list(ex.map(lambda c: c.wait_ready(*(() if ready_timeout is None
                                                  else (ready_timeout,))),
                        clusters.values()))
    except Exception:
        for c in clusters.values():
            c.stop()
        raise
    return clusters


# ---- command line, for `make run` -------------------------------------------------------
# up   --state DIR NAME[:BROKERS] ...   start detached clusters, write DIR/clusters.json
# down --state DIR                      stop what `up` started (SIGTERM, then SIGKILL)
# tool NAME ARGS...                     run one of Kafka's CLI tools from the jars
def main(argv):
    if len(argv) >= 2 and argv[0] == "tool":
        if argv[1] not in TOOLS:
            sys.stderr.write(f"unknown tool {argv[1]}; one of: {', '.join(sorted(TOOLS))}\n")
            return 2
        cmd = Java().command(TOOLS[argv[1]], argv[2:])
        os.execvp(cmd[0], cmd)      # the tool's stdin/stdout are the terminal's
    if len(argv) >= 3 and argv[0] in ("up", "down") and argv[1] == "--state":
        state_dir = os.path.abspath(argv[2])
        state_file = os.path.join(state_dir, "clusters.json")
        if argv[0] == "down":
            return _down(state_file)
        _down(state_file)
        os.makedirs(state_dir, exist_ok=True)
        specs = []
        for spec in argv[3:]:
            name, _, brokers = spec.partition(":")
            specs.append((name, int(brokers or 1)))
        workdirs = {}
        for name, _ in specs:
            workdirs[name] = os.path.join(state_dir, name)
            subprocess.run(["rm", "-rf", workdirs[name]], check=True)
            os.makedirs(workdirs[name])
        clusters = start_clusters(specs, java=Java(), detached=True, workdirs=workdirs)
        with open(state_file, "w") as f:
            json.dump({n: c.state() for n, c in clusters.items()}, f, indent=2)
        for n, c in clusters.items():
            print(f"{n}: bootstrap {c.bootstrap} (SCRAM: {c.sasl_bootstrap}), "
                  f"cluster id {c.cluster_id}")
        return 0
    sys.stderr.write("usage: kafka_harness.py up --state DIR NAME[:BROKERS]... | "
                     "down --state DIR | tool NAME ARGS...\n")
    return 2


def _down(state_file):
    try:
        with open(state_file) as f:
            state = json.load(f)
    except OSError:
        return 0
    pids = [pid for c in state.values() for pid in c["pids"]]
    for pid in pids:
        try:
            os.kill(pid, signal.SIGTERM)
        except OSError:
            pass
    deadline = time.monotonic() + 30
    for pid in pids:
        while time.monotonic() < deadline:
            try:
                os.kill(pid, 0)
            except OSError:
                break
            time.sleep(0.2)
        else:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
    os.unlink(state_file)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
