"""
tests/integration/test_config_providers.py - config providers (KIP-297, KIP-887, KIP-993):
`${file:...}`, `${directory:...}` and `${env:...}` placeholders in the worker file, in
connector configs and in mm2.properties, side by side with a Java ConnectDistributed worker
from the same jars (each with its own group and internal topics).

What both workers must show alike: the worker file resolved before it is used; connector
configs stored and shown with their placeholders and resolved when the connector and its
tasks start (records flow from the resolved file into the resolved topic); a task config
the connector made from resolved values written back with its placeholders; a rotated
value used after a connector restart and after a worker restart; a path outside
allowed.paths left unresolved with Java's warning; an unknown provider class stopping the
worker at start. What kconnect does differently, on purpose (README): the validation answer
and its error messages show a resolved value as written, never the value itself.

SPDX-License-Identifier: Apache-2.0
"""

import time
import uuid

import pytest
from confluent_kafka import OFFSET_BEGINNING, Consumer, TopicPartition

import kafka_harness as kh
from kconnect import base_properties, runbook3_mm2_properties, write_properties
from test_cluster import all_running, consume_all, create, wait_for
from test_mirror import read_topic, topics_of

PROVIDERS = {
    "config.providers": "file,directory,env",
    "config.providers.file.class": "org.apache.kafka.common.config.provider.FileConfigProvider",
    "config.providers.directory.class":
        "org.apache.kafka.common.config.provider.DirectoryConfigProvider",
    "config.providers.env.class": "org.apache.kafka.common.config.provider.EnvVarConfigProvider",
}


def raw_topic(cluster, topic, timeout=30):
    """Every key and value byte of every partition of topic, read to its end, joined (for
    looking for a value anywhere in it)."""
    c = Consumer(cluster.client_config(**{"group.id": f"t-{uuid.uuid4().hex[:6]}",
                                          "enable.partition.eof": True, "log_level": 0}))
    done, out = set(), []
    try:
        parts = list(c.list_topics(topic, timeout=10).topics[topic].partitions)
        c.assign([TopicPartition(topic, p, OFFSET_BEGINNING) for p in parts])
        deadline = time.monotonic() + timeout
        while len(done) < len(parts):
            assert time.monotonic() < deadline, f"the end of {topic} not reached"
            m = c.poll(0.5)
            if m is None:
                continue
            if m.error():
                done.add(m.partition())
            else:
                out.append((m.key() or b"") + b"\0" + (m.value() or b""))
        return b"\n".join(out)
    finally:
        c.close()


class Side:
    """One worker's world: its secrets (a properties file and a directory), its input file,
    its topics, the connector config with placeholders, and the worker properties."""

    def __init__(self, tmp_path, cluster, name):
        self.name = name
        tag = uuid.uuid4().hex[:8]
        self.dir = tmp_path / f"{name}-secrets"
        (self.dir / "conn").mkdir(parents=True)
        self.input = tmp_path / f"{name}-in.txt"
        self.input.write_text("".join(f"{name} line {i}\n" for i in range(5)))
        self.topics = [f"cp-{name}-{tag}-{i}" for i in range(3)]
        self.token = f"tok-{name}-{uuid.uuid4().hex}"          # the file provider's secret
        self.password = f"pw-{name}-{uuid.uuid4().hex}"        # the directory provider's
        self.env_token = f"env-{name}-{uuid.uuid4().hex}"      # the env provider's
        self.env_var = f"KC_CP_{name.upper()}_{tag.upper()}"
        self.secrets = self.dir / "secrets.properties"
        self.rotate(0)
        (self.dir / "conn" / "file").write_text(str(self.input))
        (self.dir / "conn" / "password").write_text(self.password)
        self.outside = tmp_path / f"{name}-outside.properties"
        self.outside.write_text("n=10\n")
        self.config = {
            "connector.class": "FileStreamSource", "tasks.max": "1",
            "value.converter": "org.apache.kafka.connect.storage.StringConverter",
            "file": f"${{directory:{self.dir / 'conn'}:file}}",
            "topic": f"${{file:{self.secrets}:topic}}",
            "secret.token": f"${{file:{self.secrets}:token}}",
            "secret.password": f"${{directory:{self.dir / 'conn'}:password}}",
            "secret.env": f"${{env:{self.env_var}}}",
            "secret.unknown": "${vault:secret/data:key}",
            "secret.missing": f"${{file:{self.secrets}:no.such.key}}",
        }
        props = base_properties(cluster)
        props.update(PROVIDERS)
        props["config.providers.file.param.allowed.paths"] = str(self.dir)
        props["config.providers.directory.param.allowed.paths"] = str(self.dir)
        props["config.providers.env.param.allowlist.pattern"] = "KC_CP_.*"
        # A worker setting from a provider: the brokers it talks to.
        (self.dir / "bootstrap").write_text(cluster.bootstrap)
        props["bootstrap.servers"] = f"${{directory:{self.dir}:bootstrap}}"
        self.props = props

    def rotate(self, i):
        self.secrets.write_text(f"topic={self.topics[i]}\ntoken={self.token}\n")

    def secrets_resolved(self):
        return [self.token, self.password, self.env_token]


@pytest.fixture
def sides(tmp_path, target_cluster, java, workers, monkeypatch):
    made = []
    ours = Side(tmp_path, target_cluster, "kc")
    theirs = Side(tmp_path, target_cluster, "java")
    for s in (ours, theirs):
        monkeypatch.setenv(s.env_var, s.env_token)     # both processes inherit it
        for t in s.topics:
            target_cluster.create_topic(t, 1, 1)

    def start_ours():
        w = workers.create(ours.props).start()
        w.wait_rest(60)
        return w

    def start_theirs():
        w = kh.JavaConnectWorker(java, str(tmp_path), theirs.props,
                                 name=f"java-{len(made)}").start()
        made.append(w)
        w.wait_log("Kafka Connect started", timeout=180)
        return w

    yield ours, theirs, start_ours, start_theirs
    for w in made:
        w.stop()


def lines_in(cluster, topic, n):
    return sorted(consume_all(cluster, topic, n, timeout=60))


def test_connector_placeholders_resolved_at_start_and_never_shown(target_cluster, sides):
    ours, theirs, start_ours, start_theirs = sides
    kc, jw = start_ours(), start_theirs()
    for side, w in ((ours, kc), (theirs, jw)):
        # The worker's bootstrap.servers came from the directory provider: it runs.
        assert w.get("/").status_code == 200
        create(w, "cp", side.config)
        wait_for(lambda: all_running(w, "cp", 1), timeout=90, what=f"{side.name} running")
        # Records flow from the resolved file into the resolved topic.
        assert lines_in(target_cluster, side.topics[0], 5) == sorted(
            f"{side.name} line {i}" for i in range(5))

    answers = {}
    for side, w in ((ours, kc), (theirs, jw)):
        config = w.get("/connectors/cp/config").json()
        info = w.get("/connectors/cp").json()
        tasks = w.get("/connectors/cp/tasks").json()
        # Placeholders as written, in the connector config and its info ...
        assert config == dict(side.config, name="cp")
        assert info["config"] == config
        # ... and in the task config the connector made from resolved values (Java's
        # reverseTransform): every key the connector config gives with a placeholder.
        task = tasks[0]["config"]
        for k, v in side.config.items():
            if k in task:
                assert task[k] == v, (side.name, k, task[k])
        assert task["topic"] == side.config["topic"] and task["file"] == side.config["file"]
        answers[side.name] = (config, info, tasks)
        text = repr(answers[side.name])
        for secret in side.secrets_resolved() + [str(side.input), side.topics[0]]:
            assert secret not in text, (side.name, secret)

    # The config topic holds the placeholders, never a resolved value; the status topic no
    # secret either (it names the topic the task used: KIP-558's topic tracking).
    for side in (ours, theirs):
        configs = raw_topic(target_cluster, side.props["config.storage.topic"])
        statuses = raw_topic(target_cluster, side.props["status.storage.topic"])
        assert side.config["secret.token"].encode() in configs
        for secret in side.secrets_resolved() + [str(side.input), side.topics[0]]:
            assert secret.encode() not in configs, (side.name, secret)
        for secret in side.secrets_resolved():
            assert secret.encode() not in statuses, (side.name, secret)

    # Neither worker logs a secret (Java logs the connector's own settings, file and topic,
    # in its "AbstractConfig values" lines: those are not secrets here).
    for side, w in ((ours, kc), (theirs, jw)):
        for secret in side.secrets_resolved():
            assert secret not in w.log(), (side.name, secret)
    for secret in ours.secrets_resolved() + [str(ours.input), ours.topics[0]]:
        assert secret not in kc.log(), secret


def test_rotated_value_used_after_connector_and_worker_restart(target_cluster, sides):
    ours, theirs, start_ours, start_theirs = sides
    workers = {"kc": start_ours(), "java": start_theirs()}
    for side in (ours, theirs):
        w = workers[side.name]
        create(w, "cp", side.config)
        wait_for(lambda: all_running(w, "cp", 1), timeout=90, what=f"{side.name} running")
        assert len(lines_in(target_cluster, side.topics[0], 5)) == 5

        # A connector restart with its tasks resolves again: the new topic gets what follows.
        side.rotate(1)
        r = w.request("POST", "/connectors/cp/restart?includeTasks=true", timeout=60)
        assert r.status_code in (202, 204), r.text
        wait_for(lambda: all_running(w, "cp", 1), timeout=90, what="running after restart")
        with open(side.input, "a") as f:
            f.write(f"{side.name} after connector restart\n")
        assert lines_in(target_cluster, side.topics[1], 1) == [
            f"{side.name} after connector restart"]

    # A worker restart resolves again too.
    for side in (ours, theirs):
        side.rotate(2)
        workers[side.name].stop()
    workers = {"kc": start_ours(), "java": start_theirs()}
    for side in (ours, theirs):
        w = workers[side.name]
        wait_for(lambda: all_running(w, "cp", 1), timeout=120, what="running after restart")
        with open(side.input, "a") as f:
            f.write(f"{side.name} after worker restart\n")
        assert lines_in(target_cluster, side.topics[2], 1) == [
            f"{side.name} after worker restart"]
        # Nothing resolved ever reached the config topic, across the rewrites.
        configs = raw_topic(target_cluster, side.props["config.storage.topic"])
        for secret in side.secrets_resolved() + side.topics:
            assert secret.encode() not in configs, (side.name, secret)


def test_allowed_paths_and_what_validation_shows(target_cluster, sides):
    ours, theirs, start_ours, start_theirs = sides
    kc, jw = start_ours(), start_theirs()
    answers = {}
    for side, w in ((ours, kc), (theirs, jw)):
        # A path outside allowed.paths is left as written, with Java's warning: the value
        # then fails validation as the placeholder text itself.
        outside = f"${{file:{side.outside}:n}}"
        r = w.request("POST", "/connectors", json={"name": "out", "config": dict(
            side.config, **{"batch.size": outside})}, timeout=60)
        assert r.status_code == 400, r.text
        assert (f"Invalid value {outside} for configuration batch.size: Not a number of "
                "type INT") in r.json()["message"]
        wait_for(lambda: f"The path {side.outside} is not allowed to be accessed" in w.log(),
                 timeout=30, what=f"{side.name}'s warning")

        # Validation checks the resolved config (the topic resolves, so no error on it).
        r = w.request("PUT", "/connector-plugins/FileStreamSourceConnector/config/validate",
                      json=dict(side.config, name="v"), timeout=60)
        assert r.status_code == 200, r.text
        body = r.json()
        assert body["error_count"] == 0, body
        shown = {c["value"]["name"]: c["value"]["value"] for c in body["configs"]}
        answers[side.name] = shown
        # A resolved value that validation refuses.
        bad = f"${{file:{side.secrets}:token}}"
        r = w.request("POST", "/connectors", json={"name": "bad", "config": dict(
            side.config, **{"batch.size": bad})}, timeout=60)
        assert r.status_code == 400, r.text
        answers[side.name + "-error"] = r.json()["message"]

    # Java shows the resolved values of the connector's settings in the validation answer
    # and quotes a refused resolved value; kconnect shows them as written (README).
    assert answers["java"]["topic"] == theirs.topics[0]
    assert answers["kc"]["topic"] == ours.config["topic"]
    assert f"Invalid value {theirs.token} for configuration batch.size" in answers["java-error"]
    assert (f"Invalid value {ours.config['secret.token']} for configuration batch.size"
            in answers["kc-error"])
    assert ours.token not in repr(answers)


def test_unknown_provider_class_stops_the_worker(tmp_path, target_cluster, java, workers):
    props = base_properties(target_cluster)
    props.update(PROVIDERS)
    props["config.providers"] = "file,vault"
    props["config.providers.vault.class"] = "com.example.VaultConfigProvider"
    words = ("Invalid value com.example.VaultConfigProvider for configuration "
             "config.providers.vault.class: Could not load config provider class or one of "
             "its dependencies")
    jw = kh.JavaConnectWorker(java, str(tmp_path), props).start()
    w = workers.create(props).start()
    assert w.wait_exit(30) == 2
    assert words in w.log(), w.log()
    line = list(props).index("config.providers.vault.class") + 1
    assert f"{w.config_path}:{line}: {words}" in w.log()
    assert "Kafka Connect started" not in w.log()
    wait_for(lambda: jw.proc.poll() is not None, timeout=120, what="the Java worker's exit")
    assert jw.proc.returncode != 0
    assert words in jw.log(), jw.log()[-3000:]
    assert "Kafka Connect started" not in jw.log()


def test_mm2_properties_with_placeholders(tmp_path, source_cluster, target_cluster,
                                          monkeypatch):
    tag = uuid.uuid4().hex[:6]
    topic = f"cpmm{tag}"
    source_cluster.create_topic(topic, 1, 1)
    secrets = tmp_path / "clusters.properties"
    secrets.write_text(f"dst={target_cluster.bootstrap}\n")
    monkeypatch.setenv("KC_MM2_SRC", source_cluster.bootstrap)
    # An alias of its own: the flow's internal topics on the shared target are its own.
    src = f"src{tag}"
    props = runbook3_mm2_properties(source_cluster, target_cluster, topic, src=src)
    props.update({
        "config.providers": "file,env",
        "config.providers.file.class": "FileConfigProvider",
        "config.providers.env.class": "EnvVarConfigProvider",
        f"{src}.bootstrap.servers": "${env:KC_MM2_SRC}",
        "dst.bootstrap.servers": f"${{file:{secrets}:dst}}",
        f"{src}->dst.sync.topic.acls.enabled": "false",
        f"dst->{src}.emit.heartbeats.enabled": "false",
        "replication.policy.class":
            "org.apache.kafka.connect.mirror.IdentityReplicationPolicy",
    })
    config = write_properties(str(tmp_path / "mm2.properties"), props)
    from test_mirror_maker import MirrorMakerNode
    node = MirrorMakerNode(str(tmp_path), config).start()
    try:
        node.wait_started()
        # The worker config was resolved (it reached the target), the connectors' configs
        # keep their placeholders, resolved when they start (they copy).
        assert f"starting: group {src}-mm2 on ${{file:{secrets}:dst}}" in node.log()
        wait_for(lambda: topic in topics_of(target_cluster), timeout=90,
                 what="the topic created on the target")
        configs = raw_topic(target_cluster, f"mm2-configs.{src}.internal")
        assert b'"source.cluster.bootstrap.servers":"${env:KC_MM2_SRC}"' in configs
        from confluent_kafka import Producer
        p = Producer(source_cluster.client_config(log_level=0))

        def copied():
            for i in range(10):
                p.produce(topic, f"mm {i}".encode())
            p.flush(10)
            return read_topic(target_cluster, topic, 10, timeout=3)
        wait_for(lambda: len(copied()) >= 10, timeout=90, what="records copied")
    finally:
        assert node.stop() == 0
    assert node.sanitizer_report() is None, node.log()[-6000:]
