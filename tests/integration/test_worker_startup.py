"""
tests/integration/test_worker_startup.py - kconnect starts as connect-distributed.sh does.

Against real brokers: GET / reports the real cluster id; the internal topics are created
compacted with the configured partitions, or reused, or refused when unfit; bad properties
files stop start-up naming the key; SIGTERM and SIGINT exit 0; the SCRAM listener works.

SPDX-License-Identifier: Apache-2.0
"""

import os
import resource
import signal
import subprocess
import sys
import threading
import time
import uuid

import pytest
import requests

import kafka_harness as kh
from kconnect import TOP, base_properties, json_body, kafka_version, write_properties

GROUP_PROBE = os.path.join(os.path.dirname(os.environ.get("KCONNECT_BIN", "build/kconnect")),
                           "tests", "group_probe")


# ---- REST -------------------------------------------------------------------------------

def test_root_reports_version_commit_and_real_cluster_id(workers, target_cluster):
    w = workers.start()
    r = w.get("/")
    assert r.status_code == 200
    body = json_body(r)
    assert list(body) == ["version", "commit", "kafka_cluster_id"]   # Java's field order
    assert body["version"] == kafka_version()
    assert body["commit"] and isinstance(body["commit"], str)
    assert body["kafka_cluster_id"] == target_cluster.cluster_id


def test_unknown_path_is_404_with_connect_error_json(workers):
    w = workers.start()
    r = w.get("/no/such/path")
    assert r.status_code == 404
    assert json_body(r) == {"error_code": 404, "message": "HTTP 404 Not Found"}


def test_wrong_method_on_root_is_405(workers):
    w = workers.start()
    r = w.request("DELETE", "/")
    assert r.status_code == 405
    assert json_body(r)["error_code"] == 405


def test_logs_kafka_connect_started(workers):
    w = workers.start()
    assert "Kafka Connect started" in w.log()
    # A plain start has nothing to warn about: no client setting the worker gives itself
    # is one its client library warns of.
    assert [l for l in w.log().splitlines() if " WARN " in l or " ERROR " in l] == []


# ---- internal topics --------------------------------------------------------------------

def test_internal_topics_created_compacted_with_configured_partitions(workers, target_cluster):
    props = workers.properties(**{
        "offset.storage.partitions": "7",
        "status.storage.partitions": "3",
        "config.storage.partitions": "4",          # ignored: the config topic has one
        "offset.storage.retention.ms": "123456789",
    })
    w = workers.start(props)
    expected = {props["offset.storage.topic"]: 7, props["status.storage.topic"]: 3,
                props["config.storage.topic"]: 1}
    for topic, partitions in expected.items():
        assert target_cluster.topic_partitions(topic) == partitions, topic
        assert target_cluster.topic_config(topic)["cleanup.policy"] == "compact", topic
    assert target_cluster.topic_config(props["offset.storage.topic"])["retention.ms"] == \
        "123456789"
    assert "Ignoring 'config.storage.partitions=4' setting" in w.log()


def test_internal_topics_default_partitions(workers, target_cluster):
    props = workers.properties()
    workers.start(props)
    assert target_cluster.topic_partitions(props["offset.storage.topic"]) == 25
    assert target_cluster.topic_partitions(props["status.storage.topic"]) == 5
    assert target_cluster.topic_partitions(props["config.storage.topic"]) == 1


def test_existing_compacted_topics_are_reused(workers, target_cluster):
    props = workers.properties()
    first = workers.start(props)
    assert first.stop() == 0
    second = workers.start(props)
    assert "Using existing topic" in second.log()
    assert second.get("/").status_code == 200


def test_refuses_existing_topic_that_is_not_compacted(workers, target_cluster):
    props = workers.properties()
    target_cluster.create_topic(props["status.storage.topic"], 5, 1,
                                config={"cleanup.policy": "delete"})
    w = workers.create(props).start()
    code = w.wait_exit(90)
    assert code != 0
    log = w.log()
    assert (f"Topic '{props['status.storage.topic']}' supplied via the 'status.storage.topic' "
            "property is required to have 'cleanup.policy=compact'") in log
    assert "found the topic currently has 'cleanup.policy=delete'" in log
    with pytest.raises(requests.ConnectionError):
        requests.get(w.url + "/", timeout=2)
    # Java's order: the offset topic (before it) was created, the config topic (after) not
    # (asked with a listing of all topics: a Metadata request naming it could create it).
    assert target_cluster.topic_partitions(props["offset.storage.topic"]) == 25
    assert props["config.storage.topic"] not in \
        target_cluster.admin().list_topics(timeout=30).topics


def test_one_topic_for_two_stores_is_created_once_then_reused(workers, target_cluster):
    props = workers.properties()
    props["status.storage.topic"] = props["offset.storage.topic"]
    w = workers.start(props)
    topic = props["offset.storage.topic"]
    log = w.log()
    assert (f"Created topic (name={topic}, numPartitions=25, replicationFactor=1, "
            "configs={cleanup.policy=compact}) for source connector offsets") in log
    assert f"Using existing topic '{topic}' for connector and task statuses" in log
    assert w.get("/").status_code == 200


def test_refuses_compact_delete_policy(workers, target_cluster):
    props = workers.properties()
    target_cluster.create_topic(props["offset.storage.topic"], 3, 1,
                                config={"cleanup.policy": "compact,delete"})
    w = workers.create(props).start()
    assert w.wait_exit(90) != 0
    assert "'cleanup.policy=compact,delete'" in w.log()


def test_refuses_config_topic_with_several_partitions(workers, target_cluster):
    props = workers.properties()
    target_cluster.create_topic(props["config.storage.topic"], 3, 1,
                                config={"cleanup.policy": "compact"})
    w = workers.create(props).start()
    assert w.wait_exit(90) != 0
    assert ("required to have a single partition in order to guarantee consistency of "
            "connector configurations, but found 3 partitions.") in w.log()


# ---- bad properties ---------------------------------------------------------------------

def test_missing_group_id_stops_startup_naming_the_key(workers):
    props = workers.properties()
    del props["group.id"]
    w = workers.create(props).start()
    assert w.wait_exit(30) == 2
    assert 'Missing required configuration "group.id" which has no default value.' in w.log()


def test_bad_number_names_file_line_key_and_value(workers, tmp_path):
    props = workers.properties()
    props["session.timeout.ms"] = "10s"
    w = workers.create(props).start()
    assert w.wait_exit(30) == 2
    line = list(w.props).index("session.timeout.ms") + 1
    assert (f"{w.config_path}:{line}: Invalid value 10s for configuration session.timeout.ms: "
            "Not a number of type INT") in w.log()


def test_bad_boolean_and_enum_values(workers):
    for key, value, words in [
        ("topic.tracking.enable", "yes", "Expected value to be either true or false"),
        ("connect.protocol", "foo", "Invalid Connect protocol compatibility"),
        ("security.protocol", "TLS", "String must be one of (case insensitive)"),
    ]:
        props = workers.properties(**{key: value})
        w = workers.create(props).start()
        assert w.wait_exit(30) == 2, key
        assert f"Invalid value {value} for configuration {key}: {words}" in w.log()


def test_unreadable_file_stops_startup(workers, tmp_path):
    missing = str(tmp_path / "nope.properties")
    w = workers.create(cmd=[os.environ.get("KCONNECT_BIN", os.path.join(TOP, "build",
                                                                          "kconnect")),
                            "distributed", missing]).start()
    assert w.wait_exit(30) == 2
    assert f"cannot read {missing}" in w.log()


def test_malformed_unicode_escape_names_line(workers, tmp_path):
    props = workers.properties()
    path = str(tmp_path / "bad.properties")
    write_properties(path, props)
    with open(path, "a") as f:
        f.write("client.id=abc\\u12\n")
    n_lines = len(props) + 1
    w = workers.create(cmd=[os.environ.get("KCONNECT_BIN", os.path.join(TOP, "build",
                                                                          "kconnect")),
                            "distributed", path]).start()
    assert w.wait_exit(30) == 2
    assert f"{path}:{n_lines}: value of 'client.id' has a malformed \\uxxxx escape" in w.log()


@pytest.mark.parametrize("key,value,words", [
    ("rest.extension.classes", "com.example.AuditRestExtension",
     "REST extension com.example.AuditRestExtension is not implemented (kconnect runs "
     "org.apache.kafka.connect.rest.basic.auth.extension.BasicAuthSecurityRestExtension only)"),
    ("connector.client.config.override.policy", "None", "only the All policy is implemented"),
    ("producer.interceptor.classes", "com.example.Audit", "client interceptors are Java classes"),
    ("ssl.cipher.suites", "TLS_AES_256_GCM_SHA384", "the cipher suites are the TLS library's"),
])
def test_settings_kconnect_does_not_act_on_stop_startup_before_listening(workers, key, value,
                                                                          words):
    """A setting Java honours and kconnect does not is never accepted quietly: the worker
    exits 2 naming the file, line, key and value, before its REST listener opens (an operator
    who configured a REST extension must not get an API without it)."""
    w = workers.create(workers.properties(**{key: value})).start()
    assert w.wait_exit(30) == 2, key
    line = list(w.props).index(key) + 1
    assert f"{w.config_path}:{line}: {key}={value} is refused: {words}" in w.log(), w.log()
    assert "REST listener on" not in w.log()
    assert "Kafka Connect started" not in w.log()


def test_settings_at_values_kconnect_honours_are_accepted(workers):
    """The same keys at the values that need nothing kconnect lacks start a worker."""
    w = workers.start(workers.properties(**{
        "rest.extension.classes": "", "config.providers": "",
        "exactly.once.source.support": "disabled",
        "connector.client.config.override.policy": "All",
        "metric.reporters": "org.apache.kafka.common.metrics.JmxReporter",
        "ssl.protocol": "TLSv1.3", "header.converter":
        "org.apache.kafka.connect.storage.SimpleHeaderConverter"}))
    assert w.get("/").status_code == 200


def test_unknown_key_is_a_warning_not_an_error(workers):
    w = workers.start(workers.properties(**{"no.such.setting": "1"}))
    assert "unknown configuration 'no.such.setting' is ignored" in w.log()


def test_java_properties_syntax_is_understood(workers, target_cluster, tmp_path):
    """Separators ':' and ' ', continuation lines, escapes and comments, as Java reads them."""
    props = base_properties(target_cluster)
    port = kh.free_ports(1)[0]
    lines = ["# a comment", "! another comment"]
    for i, (k, v) in enumerate(props.items()):
        sep = [" = ", ":", " "][i % 3]
        lines.append(f"{k}{sep}{v}")
    lines += ["listeners = http://127.0.0.1:\\", f"    {port}",
              "client.id = kc\\u006Fnnect\\ worker"]
    path = str(tmp_path / "syntax.properties")
    with open(path, "w") as f:
        f.write("\r\n".join(lines) + "\r\n")
    w = workers.create(cmd=[os.environ.get("KCONNECT_BIN", os.path.join(TOP, "build",
                                                                          "kconnect")),
                            "distributed", path])
    w.port = port
    w.start().wait_rest()
    assert w.get("/").json()["kafka_cluster_id"] == target_cluster.cluster_id


def test_override_flag_replaces_file_values(workers):
    port = kh.free_ports(1)[0]
    w = workers.create(args=["--override", f"listeners=http://127.0.0.1:{port}"])
    w.port = port
    w.start().wait_rest()
    assert w.get("/").status_code == 200


# ---- brokers ----------------------------------------------------------------------------

def test_unreachable_brokers_stop_startup_with_reason(workers):
    dead = kh.free_ports(1)[0]
    props = workers.properties(**{"bootstrap.servers": f"127.0.0.1:{dead}",
                                  "default.api.timeout.ms": "3000"})
    w = workers.create(props).start()
    assert w.wait_exit(30) == 2
    assert "Failed to connect to and describe Kafka cluster" in w.log()


@pytest.mark.parametrize("mechanism", ["SCRAM-SHA-256", "SCRAM-SHA-512"])
def test_scram_listener(workers, target_cluster, mechanism):
    props = workers.properties()
    props.update(target_cluster.java_client_properties(sasl=True, mechanism=mechanism,
                                                       user="alice"))
    w = workers.start(props)
    assert w.get("/").json()["kafka_cluster_id"] == target_cluster.cluster_id
    assert target_cluster.topic_partitions(props["config.storage.topic"]) == 1


def test_wrong_scram_password_stops_startup(workers, target_cluster):
    props = workers.properties(**{"default.api.timeout.ms": "5000"})
    props.update(target_cluster.java_client_properties(sasl=True))
    props["sasl.jaas.config"] = props["sasl.jaas.config"].replace("admin-secret", "wrong")
    w = workers.create(props).start()
    assert w.wait_exit(30) == 2
    assert "Failed to connect to and describe Kafka cluster" in w.log()


# ---- signals and scripts ----------------------------------------------------------------

@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_signal_exits_zero_after_closing_clients(workers, sig):
    w = workers.start()
    assert w.stop(sig) == 0
    log = w.log()
    assert "Kafka Connect stopped" in log


def test_sigterm_during_startup_exits_zero(workers):
    dead = kh.free_ports(1)[0]
    w = workers.create(workers.properties(**{"bootstrap.servers": f"127.0.0.1:{dead}"}))
    w.start()
    w.wait_log("Looking up Kafka cluster ID", timeout=30)      # and not finding it
    assert w.stop(signal.SIGTERM, timeout=10) == 0


def test_sigterm_exits_promptly_after_the_brokers_vanish(workers, java):
    """A worker whose brokers are gone stops on SIGTERM at once, not after a group join
    that runs until rebalance.timeout.ms (60 s)."""
    cluster = kh.Cluster("vanishing", java=java).start()
    try:
        props = base_properties(cluster)
        props.update({"session.timeout.ms": "6000", "heartbeat.interval.ms": "1000"})
        w = workers.start(props)
        w.wait_log("joined generation")
    finally:
        cluster.stop()
    # Past session.timeout.ms without a heartbeat: the worker stops its work and rejoins.
    w.wait_log("coordinator unreachable for session.timeout.ms", timeout=60)
    started = time.monotonic()
    assert w.stop(signal.SIGTERM, timeout=20) == 0
    assert time.monotonic() - started < 15
    assert "Kafka Connect stopped" in w.log()


def test_sigterm_exits_promptly_while_a_config_write_waits_for_vanished_brokers(workers, java,
                                                                               tmp_path):
    """A connector config posted after the brokers are gone waits for them to acknowledge it
    (up to 30 s, then reads the config topic to its end); SIGTERM stops the worker at once
    all the same, that wait included."""
    cluster = kh.Cluster("vanishing-write", java=java).start()
    try:
        w = workers.start(base_properties(cluster))
        w.wait_log("Joined group at generation")
        w.wait_log("Wrote a new session key")
    finally:
        cluster.stop()
    answers = []

    def post():
        try:
            answers.append(w.request("POST", "/connectors", json={
                "name": "late", "config": {"connector.class": "FileStreamSource",
                                           "file": str(tmp_path / "in.txt"), "topic": "t"}},
                timeout=60).status_code)
        except requests.RequestException as e:
            answers.append(e)
    poster = threading.Thread(target=post, daemon=True)
    poster.start()
    time.sleep(2)                        # the write is queued; its flush waits for a broker
    started = time.monotonic()
    assert w.stop(signal.SIGTERM, timeout=25) == 0
    assert time.monotonic() - started < 10
    assert "Kafka Connect stopped" in w.log()
    poster.join(10)
    assert answers and answers[0] != 201, answers


def test_sigterm_exits_promptly_during_a_held_rebalance(workers, target_cluster, tmp_path):
    """SIGTERM stops a worker whose JoinGroup the coordinator holds for a member that no
    longer answers (here a frozen member with a 60 s session), and the worker still leaves
    the group as it goes, as Java's wakeup() and LeaveGroup do. Meanwhile a connector's and
    a task's status answer at once, from the status store, as Java's do."""
    props = workers.properties()
    w = workers.start(props)
    w.wait_log("joined generation")
    lines = tmp_path / "held.txt"
    lines.write_text("")
    assert w.request("POST", "/connectors", json={"name": "held", "config": {
        "connector.class": "FileStreamSource", "file": str(lines),
        "topic": f"held-{uuid.uuid4().hex[:8]}"}}).status_code == 201
    deadline = time.monotonic() + 60
    while not (w.get("/connectors/held/status").json().get("tasks") or [{}])[0].get(
            "state") == "RUNNING":
        assert time.monotonic() < deadline, w.log()
        time.sleep(0.1)
    probe_props = dict(props, **{"session.timeout.ms": "60000"})
    path = write_properties(str(tmp_path / "frozen.properties"), probe_props)
    frozen = subprocess.Popen([GROUP_PROBE, path, props["group.id"], "http://frozen:8083/",
                               "sessioned,compatible,default", "120000"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    joiner = None
    try:
        for line in frozen.stdout:                   # a member until its session expires
            if '"event":"assignment"' in line:
                break
        else:
            pytest.fail("group_probe ended without an assignment")
        frozen.send_signal(signal.SIGSTOP)
        requested = w.log().count("rebalance requested by the coordinator")
        path = write_properties(str(tmp_path / "joiner.properties"), props)
        joiner = subprocess.Popen([GROUP_PROBE, path, props["group.id"], "http://joiner:8083/",
                                   "sessioned,compatible,default", "120000"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 30             # the joiner's rebalance reaches w
        while w.log().count("rebalance requested by the coordinator") == requested:
            assert time.monotonic() < deadline, w.log()
            time.sleep(0.1)
        time.sleep(2)                                # w's JoinGroup is now held
        assert "left as" not in w.log()
        for path in ("/connectors/held/status", "/connectors/held/tasks/0/status"):
            r = w.get(path, timeout=2)
            assert r.status_code == 200 and "RUNNING" in r.text, (path, r.text)
        started = time.monotonic()
        assert w.stop(signal.SIGTERM, timeout=30) == 0
        assert time.monotonic() - started < 10
        assert "left as" in w.log()
    finally:
        for p in (frozen, joiner):
            if p is not None:
                p.kill()
                p.wait()


def test_connect_distributed_script(workers):
    script = os.path.join(TOP, "bin", "connect-distributed.sh")
    w = workers.create(env={"KAFKA_HEAP_OPTS": "-Xmx2G", "KAFKA_OPTS": "-Dfoo=bar"})
    w.cmd = [script, w.config_path]
    w.start().wait_rest()
    assert w.stop() == 0


def test_connect_distributed_script_daemon(workers, tmp_path):
    script = os.path.join(TOP, "bin", "connect-distributed.sh")
    w = workers.create()
    log_dir = str(tmp_path / "logs")
    env = dict(os.environ, LOG_DIR=log_dir)
    p = subprocess.run([script, "-daemon", w.config_path], env=env, timeout=30)
    assert p.returncode == 0
    out = os.path.join(log_dir, "connectDistributed.out")
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with open(out) as f:
                if "Kafka Connect started" in f.read():
                    break
        except OSError:
            pass
        time.sleep(0.2)
    assert requests.get(w.url + "/", timeout=2).status_code == 200
    with open(out) as f:
        assert "Kafka Connect started" in f.read()
    pid = int(subprocess.run(["pgrep", "-f", f"distributed {w.config_path}"],
                             capture_output=True, text=True).stdout.split()[0])
    os.kill(pid, signal.SIGTERM)


def test_script_usage_without_arguments():
    script = os.path.join(TOP, "bin", "connect-distributed.sh")
    p = subprocess.run([script], capture_output=True, text=True, timeout=10)
    assert p.returncode == 1
    assert "USAGE:" in p.stdout


# ---- the Kafka tools of the same jars ----------------------------------------------------

def test_kafka_cli_tools_see_internal_topics(workers, target_cluster, java):
    props = workers.properties()
    workers.start(props)
    out = java.tool("kafka-topics", "--bootstrap-server", target_cluster.bootstrap, "--list")
    assert props["config.storage.topic"] in out.stdout.split()
    # The leader of a `sessioned` group writes the session key: one record.
    deadline = time.monotonic() + 30
    while True:
        out = java.tool("kafka-get-offsets", "--bootstrap-server", target_cluster.sasl_bootstrap,
                        "--command-config", target_cluster.command_config(),
                        "--topic", props["config.storage.topic"])
        if out.stdout.strip() == f"{props['config.storage.topic']}:0:1" or \
                time.monotonic() > deadline:
            break
        time.sleep(1)
    assert out.stdout.strip() == f"{props['config.storage.topic']}:0:1"


# ---- Descriptors -------------------------------------------------------------------------

# Runs argv[3:] with argv[1] more descriptors open (/dev/null, inherited), and with argv[2]
# "lowered", under a soft open-files limit of 1,024.
DESCRIPTORS = """
import os, resource, sys
for _ in range(int(sys.argv[1])):
    os.set_inheritable(os.open(os.devnull, os.O_RDONLY), True)
if sys.argv[2] == "lowered":
    resource.setrlimit(resource.RLIMIT_NOFILE,
                       (1024, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))
os.execv(sys.argv[3], sys.argv[3:])
"""


def started_with(workers, descriptors, soft):
    """A worker started by DESCRIPTORS, REST answering."""
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    assert hard == resource.RLIM_INFINITY or hard >= 4096, \
        f"the test needs a hard open-files limit of 4,096 or more (ulimit -Hn: {hard})"
    w = workers.create()
    w.cmd = [sys.executable, "-c", DESCRIPTORS, str(descriptors), soft] + w.cmd
    w.start()
    w.wait_rest(60)
    return w


def test_the_open_files_soft_limit_is_raised_to_the_hard_one(workers):
    """A worker running a few hundred tasks holds more than 1,024 descriptors (each task's
    Kafka clients have sockets and wake-up descriptors of their own: 500 connectors on three
    workers took kconnect past it), and a shell or a service manager often leaves 1,024 as
    the soft limit. As the JVM does (HotSpot's MaxFDLimit), kconnect raises it to the hard
    one at start."""
    w = started_with(workers, 0, "lowered")
    with open(f"/proc/{w.proc.pid}/limits") as f:
        soft, hard = next(line.split()[3:5] for line in f if line.startswith("Max open files"))
    assert soft == hard == str(resource.getrlimit(resource.RLIMIT_NOFILE)[1])


def test_rest_answers_on_descriptors_past_1024(workers, tmp_path):
    """select() takes no descriptor at or above FD_SETSIZE (1,024): with it, libmicrohttpd
    closed every new connection of a worker holding more, its API lost while its tasks ran.
    Started with 1,100 descriptors open, a worker answers on new connections (its REST
    server polls) and runs a connector."""
    w = started_with(workers, 1100, "as is")
    assert len(os.listdir(f"/proc/{w.proc.pid}/fd")) > 1100
    lines = tmp_path / "in.txt"
    lines.write_text("one\n")
    r = w.request("POST", "/connectors", timeout=60, json={"name": "fs", "config": {
        "connector.class": "FileStreamSource", "file": str(lines), "topic": "t-fds"}})
    assert r.status_code == 201, r.text
    deadline = time.monotonic() + 60
    state = None
    while state != "RUNNING" and time.monotonic() < deadline:
        for _ in range(5):                          # each request on a new connection
            r = requests.get(f"{w.url}/connectors/fs/status", timeout=10,
                             headers={"Connection": "close"})
        tasks = r.json().get("tasks", []) if r.status_code == 200 else []
        state = tasks[0]["state"] if tasks else None
        time.sleep(0.2)
    assert state == "RUNNING", w.log()[-3000:]


# ---- TLS ----------------------------------------------------------------------------------

def test_ssl_listener(workers, target_cluster):
    """security.protocol=SSL with a PEM trust store: the worker's Kafka clients (librdkafka)
    and its own group connection (OpenSSL) both verify the broker, by IP address."""
    props = workers.properties()
    props.update(target_cluster.java_ssl_properties())
    w = workers.start(props)
    assert w.get("/").json()["kafka_cluster_id"] == target_cluster.cluster_id
    deadline = time.monotonic() + 30
    while "Joined group at generation" not in w.log() and time.monotonic() < deadline:
        time.sleep(0.2)
    assert "Joined group at generation" in w.log()


def test_ssl_with_an_untrusted_broker_certificate_stops_startup(workers, target_cluster,
                                                                tmp_path):
    other_ca, _ = kh.make_test_ca(str(tmp_path / "other-ca"))
    props = workers.properties(**{"default.api.timeout.ms": "5000"})
    props.update(target_cluster.java_ssl_properties(ca_file=other_ca))
    w = workers.create(props).start()
    assert w.wait_exit(30) == 2
    assert "Failed to connect to and describe Kafka cluster" in w.log()
    assert "certificate verify failed" in w.log() or "SSL handshake failed" in w.log()
