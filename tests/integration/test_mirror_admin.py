"""
tests/integration/test_mirror_admin.py - the MirrorMaker 2 Admin helpers
(connectors/mirror/mirror_admin.c) against real Kafka 4.3.1 brokers.

tests/tools/admin_probe.c runs one helper and prints its result as JSON. What the helpers
report is checked against what the brokers hold, read back through Kafka's own CLI tools
(kafka-topics, kafka-configs, kafka-acls, kafka-consumer-groups) where one exists.

The session's "target" cluster has the StandardAuthorizer; a cluster of this module's own,
"noauth", has no authorizer (for SECURITY_DISABLED), one static and one dynamic broker-wide
topic default (for DescribeConfigs sources).

SPDX-License-Identifier: Apache-2.0
"""

import json
import os
import re
import subprocess
import time
import uuid

import pytest

import kafka_harness as kh
from kconnect import write_properties

TOOLS = os.path.join(os.path.dirname(os.environ.get("KCONNECT_BIN", "build/kconnect")), "tests")
PROBE = os.path.join(TOOLS, "admin_probe")
GROUP_PROBE = os.path.join(TOOLS, "group_probe")

# lib/common.h
KC_OK, KC_EINVAL, KC_ECONFLICT, KC_ETIMEOUT, KC_EKAFKA = 0, -1, -3, -4, -5


def probe(bootstrap, *args, props=None, timeout_ms=20000):
    """Runs admin_probe; returns its JSON result. A sanitizer report fails the test."""
    cmd = [PROBE]
    for k, v in (props or {}).items():
        cmd += ["-X", f"{k}={v}"]
    cmd += ["-t", str(timeout_ms), bootstrap]
    cmd += [a if isinstance(a, str) else json.dumps(a) for a in args]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout_ms / 1000 + 60)
    assert "Sanitizer" not in p.stderr and "runtime error" not in p.stderr, p.stderr
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout)


def uniq(prefix):
    return f"{prefix}-{uuid.uuid4().hex[:8]}"


@pytest.fixture(scope="module")
def noauth_cluster(java):
    c = kh.Cluster("noauth", java=java, extra_config={
        "authorizer.class.name": "",
        # A static broker-wide topic default: file.delete.delay.ms's source.
        "log.segment.delete.delay.ms": 61000,
    })
    c.start()
    java.tool("kafka-configs", "--bootstrap-server", c.bootstrap, "--entity-type", "brokers",
              "--entity-default", "--alter", "--add-config", "log.retention.ms=7654321")
    yield c
    c.kill()


@pytest.fixture(scope="module")
def acl_cluster(java):
    """A cluster of this module's own with the StandardAuthorizer and no ACL at all."""
    c = kh.Cluster("acl", java=java)
    c.start()
    yield c
    c.kill()


# ---- topics ----------------------------------------------------------------------------

def test_list_topics_is_kafka_topics_without_internal_topics(target_cluster, java):
    b = target_cluster.bootstrap
    many, one, under = uniq("lt-many"), uniq("lt-one"), uniq("__lt-user")
    for name, parts in ((many, 3), (one, 1), (under, 2)):
        target_cluster.create_topic(name, parts)
    # __consumer_offsets exists once a group has committed.
    r = probe(b, "alter-offsets", uniq("lt-g"), [{"topic": one, "partition": 0, "offset": 1}])
    assert r["rc"] == KC_OK, r

    def java_visible():
        return set(java.tool("kafka-topics", "--bootstrap-server", b, "--list",
                             "--exclude-internal").stdout.split())

    before = java_visible()
    r = probe(b, "list-topics")
    after = java_visible()
    assert r["rc"] == KC_OK and r["error"] == "", r
    names = [t["name"] for t in r["topics"]]
    assert names == sorted(names)
    parts = {t["name"]: t["partitions"] for t in r["topics"]}
    assert parts[many] == 3 and parts[one] == 1 and parts[under] == 2
    # A user topic that starts with "__" is listed; Kafka's own internal topic is not.
    assert "__consumer_offsets" not in parts
    listed = java.tool("kafka-topics", "--bootstrap-server", b, "--list").stdout.split()
    assert "__consumer_offsets" in listed
    # What Java's listTopics() lists (topics other tests make meanwhile may add to it).
    assert before <= set(names) <= after
    # With a filter (a MirrorSource connector's, which asks whether a topic is internal
    # only for the topics it keeps), the same topics minus those the filter drops.
    r = probe(b, "list-topics", "__lt-")
    assert r["rc"] == KC_OK and r["error"] == "", r
    assert [t["name"] for t in r["topics"]] == sorted(n for n in names if n.startswith("__lt-"))
    assert under in {t["name"] for t in r["topics"]}
    r = probe(b, "list-topics", "__")
    kept = {t["name"] for t in r["topics"]}
    assert r["rc"] == KC_OK and "__consumer_offsets" not in kept
    assert under in kept and many not in kept


def test_create_topics_reports_each_topic(target_cluster):
    b = target_cluster.bootstrap
    new, existing, too_many_replicas, bad_config = (uniq("ct-new"), uniq("ct-old"),
                                                    uniq("ct-rf"), uniq("ct-cfg"))
    target_cluster.create_topic(existing, 1)
    r = probe(b, "create-topics", [
        {"name": new, "partitions": 3, "replication_factor": -1,
         "configs": {"cleanup.policy": "compact", "retention.ms": "123456"}},
        {"name": existing, "partitions": 1, "replication_factor": 1},
        {"name": too_many_replicas, "partitions": 1, "replication_factor": 4},
        {"name": bad_config, "partitions": 1, "configs": {"no.such.config": "1"}},
    ])
    assert r["rc"] == KC_OK, r
    res = {t["name"]: t for t in r["topics"]}
    assert res[new]["error"] == "NO_ERROR" and res[new]["message"] is None
    assert res[existing]["error"] == "TOPIC_ALREADY_EXISTS"
    assert existing in res[existing]["message"]
    assert res[too_many_replicas]["error"] == "INVALID_REPLICATION_FACTOR"
    assert res[bad_config]["error"] == "INVALID_CONFIG"
    # The first failed topic, for the caller's log: operation(topic): ERROR: broker text.
    assert r["error"] == (f"CreateTopics({existing}): TOPIC_ALREADY_EXISTS: "
                          f"{res[existing]['message']}")
    assert target_cluster.topic_partitions(new) == 3
    cfg = target_cluster.topic_config(new)
    assert cfg["cleanup.policy"] == "compact" and cfg["retention.ms"] == "123456"
    listed = {t["name"] for t in probe(b, "list-topics")["topics"]}
    assert new in listed and too_many_replicas not in listed and bad_config not in listed


def test_create_partitions_grows_and_reports_refusals(target_cluster):
    b = target_cluster.bootstrap
    grow, shrink, missing = uniq("cp-grow"), uniq("cp-shrink"), uniq("cp-missing")
    target_cluster.create_topic(grow, 1)
    target_cluster.create_topic(shrink, 4)
    r = probe(b, "create-partitions", {grow: 3, shrink: 2, missing: 2})
    assert r["rc"] == KC_OK, r
    assert r["topics"] == {grow: "NO_ERROR", shrink: "INVALID_PARTITIONS",
                           missing: "UNKNOWN_TOPIC_OR_PART"}
    assert r["error"].startswith(f"CreatePartitions({shrink}): INVALID_PARTITIONS: ") or \
        r["error"].startswith(f"CreatePartitions({missing}): UNKNOWN_TOPIC_OR_PART: ")
    assert target_cluster.topic_partitions(grow) == 3
    assert target_cluster.topic_partitions(shrink) == 4


# ---- topic configs ---------------------------------------------------------------------

def java_topic_configs(java, bootstrap, topic):
    """kafka-configs --describe --all: {name: (value, source, sensitive)}. The first synonym
    is where the value comes from (ConfigEntry.source()); None when none is printed."""
    out = java.tool("kafka-configs", "--bootstrap-server", bootstrap, "--entity-type",
                    "topics", "--entity-name", topic, "--describe", "--all").stdout
    entries = {}
    for line in out.splitlines():
        m = re.match(r"^  ([^=]+)=(.*) sensitive=(true|false) synonyms=\{(.*)\}$", line)
        if m:
            name, value, sensitive, synonyms = m.groups()
            # No synonyms (flush.ms: no broker-wide setting): the tool does not say.
            source = synonyms.split(":", 1)[0] if synonyms else None
            entries[name] = (value, source, sensitive == "true")
    assert entries, out
    return entries


def test_describe_configs_matches_kafka_configs_tool(noauth_cluster, java):
    b = noauth_cluster.bootstrap
    topic, missing = uniq("dc"), uniq("dc-missing")
    noauth_cluster.create_topic(topic, 1, config={"cleanup.policy": "compact",
                                                  "max.message.bytes": "200000"})
    # The dynamic broker default reaches the broker's config cache a little after the alter.
    deadline = time.monotonic() + 30
    while True:
        r = probe(b, "describe-configs", topic, missing)
        assert r["rc"] == KC_OK, r
        ours = r["topics"][0]["entries"]
        if ours["retention.ms"]["source"] == "DYNAMIC_DEFAULT_BROKER_CONFIG" or \
                time.monotonic() > deadline:
            break
        time.sleep(0.5)
    assert [t["topic"] for t in r["topics"]] == [topic, missing]
    assert r["topics"][0]["error"] == "NO_ERROR"
    assert r["topics"][1]["error"] == "UNKNOWN_TOPIC_OR_PART"
    assert r["topics"][1]["entries"] == {}
    assert r["error"].startswith(f"DescribeConfigs({missing}): UNKNOWN_TOPIC_OR_PART: ")

    theirs = java_topic_configs(java, b, topic)
    assert set(ours) == set(theirs)
    compared = 0
    for name, (value, source, sensitive) in theirs.items():
        e = ours[name]
        assert (e["value"], e["sensitive"]) == (value, sensitive), name
        # Java's ConfigEntry.isDefault() is source == DEFAULT_CONFIG.
        assert e["is_default"] == (e["source"] == "DEFAULT_CONFIG"), name
        if source is not None:
            assert e["source"] == source, name
            compared += 1
    assert compared > len(theirs) // 2
    assert ours["cleanup.policy"]["source"] == "DYNAMIC_TOPIC_CONFIG"
    assert ours["cleanup.policy"]["value"] == "compact"
    assert ours["max.message.bytes"]["value"] == "200000"
    assert ours["retention.ms"]["source"] == "DYNAMIC_DEFAULT_BROKER_CONFIG"
    assert ours["retention.ms"]["value"] == "7654321"
    assert ours["retention.ms"]["is_default"] is False
    assert ours["file.delete.delay.ms"]["source"] == "STATIC_BROKER_CONFIG"
    assert ours["file.delete.delay.ms"]["value"] == "61000"
    assert ours["segment.bytes"]["source"] == "DEFAULT_CONFIG"
    assert ours["segment.bytes"]["is_default"] is True


def test_incremental_alter_configs_sets_and_deletes(target_cluster):
    b = target_cluster.bootstrap
    topic, other, missing = uniq("ia"), uniq("ia-bad"), uniq("ia-missing")
    target_cluster.create_topic(topic, 1, config={"cleanup.policy": "compact",
                                                  "retention.ms": "1000000"})
    target_cluster.create_topic(other, 1)
    r = probe(b, "alter-configs", [
        {"topic": topic, "set": {"retention.ms": "2000000", "segment.ms": "3600000"},
         "delete": ["cleanup.policy"]},
        {"topic": other, "set": {"no.such.config": "1"}},
        {"topic": missing, "set": {"retention.ms": "1"}},
    ])
    assert r["rc"] == KC_OK, r
    assert r["topics"] == {topic: "NO_ERROR", other: "INVALID_CONFIG",
                           missing: "UNKNOWN_TOPIC_OR_PART"}
    assert r["error"].startswith(f"IncrementalAlterConfigs({other}): INVALID_CONFIG: ")
    assert "no.such.config" in r["error"]
    d = probe(b, "describe-configs", topic)["topics"][0]["entries"]
    assert d["retention.ms"]["value"] == "2000000"
    assert d["segment.ms"]["value"] == "3600000"
    assert d["cleanup.policy"] == {"value": "delete", "source": "DEFAULT_CONFIG",
                                   "is_default": True, "read_only": False, "sensitive": False}
    assert "no.such.config" not in target_cluster.topic_config(other)


# ---- ACLs ------------------------------------------------------------------------------

def test_acls_written_and_read_both_ways_with_kafka_acls(target_cluster, java):
    b = target_cluster.bootstrap
    topic, prefix = uniq("acl"), uniq("aclpfx")
    # Written by Kafka's tool, read by us: a PREFIXED DENY.
    java.tool("kafka-acls", "--bootstrap-server", b, "--add", "--deny-principal", "User:carol",
              "--operation", "Write", "--topic", prefix, "--resource-pattern-type", "prefixed")
    # Written by us, read by Kafka's tool; the bad principal is refused on its own.
    r = probe(b, "create-acls", [
        {"topic": topic, "principal": "User:alice", "host": "*", "pattern": "LITERAL",
         "operation": "READ", "permission": "ALLOW"},
        {"topic": topic, "principal": "User:bob", "host": "10.0.0.1", "pattern": "LITERAL",
         "operation": "WRITE", "permission": "DENY"},
        {"topic": topic, "principal": "nocolon", "host": "*", "pattern": "LITERAL",
         "operation": "READ", "permission": "ALLOW"},
    ])
    assert r["rc"] == KC_OK and r["failed"] == 1, r
    assert r["error"].startswith("CreateAcls(nocolon ALLOW READ * on topic ")
    assert "INVALID_REQUEST" in r["error"]
    listed = java.tool("kafka-acls", "--bootstrap-server", b, "--list", "--topic", topic).stdout
    assert "(principal=User:alice, host=*, operation=READ, permissionType=ALLOW)" in listed
    assert "(principal=User:bob, host=10.0.0.1, operation=WRITE, permissionType=DENY)" in listed
    assert "nocolon" not in listed

    deadline = time.monotonic() + 30
    while True:     # ACL changes reach the broker's authorizer through the metadata log
        r = probe(b, "describe-acls")
        assert r["rc"] == KC_OK and r["error"] == "", r
        mine = sorted((a for a in r["acls"] if a["topic"] in (topic, prefix)),
                      key=lambda a: (a["topic"], a["principal"]))
        if len(mine) >= 3 or time.monotonic() > deadline:
            break
        time.sleep(0.5)
    expected = sorted([
        {"topic": topic, "principal": "User:alice", "host": "*", "pattern": "LITERAL",
         "operation": "READ", "permission": "ALLOW"},
        {"topic": topic, "principal": "User:bob", "host": "10.0.0.1", "pattern": "LITERAL",
         "operation": "WRITE", "permission": "DENY"},
        {"topic": prefix, "principal": "User:carol", "host": "*", "pattern": "PREFIXED",
         "operation": "WRITE", "permission": "DENY"},
    ], key=lambda a: (a["topic"], a["principal"]))
    assert mine == expected


def test_describe_acls_without_authorizer_is_security_disabled(noauth_cluster):
    r = probe(noauth_cluster.bootstrap, "describe-acls")
    assert r["rc"] == KC_EINVAL, r
    assert "security disabled" in r["error"] and "SECURITY_DISABLED" in r["error"]
    assert r["error"].startswith("DescribeAcls(TOPIC): ")


def test_describe_acls_with_an_authorizer_and_no_topic_acls(acl_cluster, java):
    r = probe(acl_cluster.bootstrap, "describe-acls")
    assert r == {"rc": KC_OK, "error": "", "acls": []}
    # The same for a principal that is no super user (alice) over SCRAM.
    alice = acl_cluster.java_client_properties(sasl=True, user="alice")
    r = probe(alice["bootstrap.servers"], "describe-acls", props=alice)
    assert r == {"rc": KC_OK, "error": "", "acls": []}
    # Telling this from SECURITY_DISABLED created no ACL.
    listed = java.tool("kafka-acls", "--bootstrap-server", acl_cluster.bootstrap,
                       "--list").stdout
    assert "principal=" not in listed, listed

    # A principal that may not describe the cluster: Java's ClusterAuthorizationException.
    java.tool("kafka-acls", "--bootstrap-server", acl_cluster.bootstrap, "--add",
              "--deny-principal", "User:mallory", "--operation", "Describe", "--cluster")
    mallory = acl_cluster.java_client_properties(sasl=True, user="mallory")
    deadline = time.monotonic() + 30
    while True:
        r = probe(mallory["bootstrap.servers"], "describe-acls", props=mallory)
        if r["rc"] != KC_OK or time.monotonic() > deadline:
            break
        time.sleep(0.3)     # the ACL is on its way to the broker
    assert r["rc"] == KC_EKAFKA, r
    assert r["error"].startswith("DescribeAcls(TOPIC): CLUSTER_AUTHORIZATION_FAILED: ")
    theirs = java.tool("kafka-acls", "--bootstrap-server", mallory["bootstrap.servers"],
                       "--command-config", acl_cluster.command_config(user="mallory"),
                       "--list", "--topic", "*", check=False)
    assert "ClusterAuthorizationException" in theirs.stdout + theirs.stderr
    # admin (a super user) still reads the (topic-less) list.
    assert probe(acl_cluster.bootstrap, "describe-acls") == {"rc": KC_OK, "error": "",
                                                             "acls": []}


def test_refusal_names_operation_item_and_broker_error(target_cluster, java):
    """A denied principal over SASL (Java client properties given with -X). Topic-level
    denials only: CreateTopics would still be allowed through the cluster resource."""
    topic = uniq("denied")
    target_cluster.create_topic(topic, 1)
    java.tool("kafka-acls", "--bootstrap-server", target_cluster.bootstrap, "--add",
              "--deny-principal", "User:mallory", "--operation", "Alter", "--operation",
              "DescribeConfigs", "--topic", topic)
    deadline = time.monotonic() + 30
    while sum(a["topic"] == topic and a["principal"] == "User:mallory"
              for a in probe(target_cluster.bootstrap, "describe-acls")["acls"]) < 2:
        assert time.monotonic() < deadline, "the ACLs never reached the broker"
        time.sleep(0.3)
    mallory = target_cluster.java_client_properties(sasl=True, user="mallory")
    sasl = mallory["bootstrap.servers"]
    r = probe(sasl, "create-partitions", {topic: 2}, props=mallory)
    assert r["rc"] == KC_OK, r
    assert r["topics"] == {topic: "TOPIC_AUTHORIZATION_FAILED"}
    assert r["error"].startswith(f"CreatePartitions({topic}): TOPIC_AUTHORIZATION_FAILED: ")
    r = probe(sasl, "describe-configs", topic, props=mallory)
    assert r["rc"] == KC_OK and r["topics"][0]["error"] == "TOPIC_AUTHORIZATION_FAILED", r
    assert r["error"].startswith(f"DescribeConfigs({topic}): TOPIC_AUTHORIZATION_FAILED: ")
    # admin, over the same listener, may: the refusal was mallory's.
    admin = target_cluster.java_client_properties(sasl=True, user="admin")
    r = probe(sasl, "create-partitions", {topic: 2}, props=admin)
    assert r["rc"] == KC_OK and r["topics"] == {topic: "NO_ERROR"}, r


def test_unreachable_cluster_times_out_within_the_timeout(tmp_path):
    closed = kh.free_ports(1)[0]
    for args in (["list-topics"], ["list-groups"], ["describe-configs", "t"],
                 ["list-offsets", "g"], ["describe-acls"]):
        start = time.monotonic()
        r = probe(f"127.0.0.1:{closed}", *args, timeout_ms=1500)
        assert r["rc"] == KC_ETIMEOUT, (args, r)
        assert time.monotonic() - start < 15
        assert "_TIMED_OUT" in r["error"] or "_TRANSPORT" in r["error"], r


# ---- consumer groups -------------------------------------------------------------------

def test_group_offsets_written_listed_and_described(target_cluster, java):
    b = target_cluster.bootstrap
    topic, group, unknown = uniq("go"), uniq("go-g"), uniq("go-none")
    target_cluster.create_topic(topic, 3)
    r = probe(b, "alter-offsets", group, [
        {"topic": topic, "partition": 2, "offset": 42, "metadata": "upstream-meta"},
        {"topic": topic, "partition": 0, "offset": 7},
    ])
    assert r["rc"] == KC_OK and r["error"] == "", r
    r = probe(b, "list-offsets", group)
    assert r["rc"] == KC_OK, r
    assert r["offsets"] == [
        {"topic": topic, "partition": 0, "offset": 7, "metadata": ""},
        {"topic": topic, "partition": 2, "offset": 42, "metadata": "upstream-meta"},
    ]
    described = java.tool("kafka-consumer-groups", "--bootstrap-server", b, "--describe",
                          "--group", group).stdout
    rows = {tuple(line.split()[1:4]) for line in described.splitlines() if topic in line}
    assert rows == {(topic, "0", "7"), (topic, "2", "42")}

    r = probe(b, "list-offsets", unknown)
    assert r == {"rc": KC_OK, "error": "", "offsets": []}
    r = probe(b, "describe-groups", group, unknown)
    assert r["rc"] == KC_OK and r["states"] == {group: "Empty", unknown: "NotFound"}, r

    def java_groups():
        return set(java.tool("kafka-consumer-groups", "--bootstrap-server", b,
                             "--list").stdout.split())

    before = java_groups()
    r = probe(b, "list-groups")
    after = java_groups()
    assert r["rc"] == KC_OK, r
    assert group in r["groups"] and unknown not in r["groups"]
    assert r["groups"] == sorted(r["groups"])
    # The coordinator deletes an empty group without offsets on its periodic clean-up
    # (offsets.retention.check.interval.ms), which may fall between the three listings: a
    # group Java lists both before and after must be in ours, and ours may hold only groups
    # Java lists before or after (Connect's own groups, protocol type "connect", in neither).
    ours = set(r["groups"])
    assert before & after <= ours, f"missing: {sorted((before & after) - ours)}"
    assert ours <= before | after, f"not consumer groups: {sorted(ours - (before | after))}"


@pytest.mark.parametrize("protocol", ["classic", "consumer"])
def test_alter_offsets_of_an_active_group_is_a_conflict(target_cluster, protocol):
    from confluent_kafka import Consumer
    b = target_cluster.bootstrap
    topic, group = uniq("ag"), uniq(f"ag-{protocol}")
    target_cluster.create_topic(topic, 2)
    conf = {"bootstrap.servers": b, "group.id": group, "enable.auto.commit": False,
            "log_level": 0}
    if protocol == "consumer":
        conf["group.protocol"] = "consumer"     # a KIP-848 group
    c = Consumer(conf)
    try:
        c.subscribe([topic])
        deadline = time.monotonic() + 60
        while not c.assignment() and time.monotonic() < deadline:
            c.poll(0.2)
        assert c.assignment(), "the consumer never got partitions"
        r = probe(b, "describe-groups", group)
        assert r["states"] == {group: "Stable"}, r
        assert group in probe(b, "list-groups")["groups"]
        r = probe(b, "alter-offsets", group, [{"topic": topic, "partition": 0, "offset": 5}])
        assert r["rc"] == KC_ECONFLICT, r
        assert r["error"].startswith(f"AlterConsumerGroupOffsets({group}): ")
        assert "UNKNOWN_MEMBER_ID" in r["error"]
    finally:
        c.close()
    deadline = time.monotonic() + 30
    while probe(b, "describe-groups", group)["states"][group] != "Empty":
        assert time.monotonic() < deadline, "the group never became empty"
        time.sleep(0.3)
    r = probe(b, "alter-offsets", group, [{"topic": topic, "partition": 0, "offset": 5}])
    assert r["rc"] == KC_OK, r
    assert probe(b, "list-offsets", group)["offsets"] == [
        {"topic": topic, "partition": 0, "offset": 5, "metadata": ""}]


def test_connect_groups_are_not_consumer_groups(tmp_path, target_cluster):
    b = target_cluster.bootstrap
    group = uniq("connect-grp")
    path = write_properties(str(tmp_path / "probe.properties"),
                            target_cluster.java_client_properties())
    member = subprocess.Popen([GROUP_PROBE, path, group, "http://w1:8083/", "sessioned", "8000"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 30
        while True:     # until the group exists: the member has joined
            line = member.stdout.readline()
            assert line, "group_probe ended without joining"
            if json.loads(line).get("event") == "joined":
                break
            assert time.monotonic() < deadline
        r = probe(b, "list-groups")
        assert r["rc"] == KC_OK and group not in r["groups"], r
        r = probe(b, "describe-groups", group)
        assert r["rc"] == KC_OK and r["states"] == {group: "Unknown"}, r
        assert r["error"].startswith(f"DescribeConsumerGroups({group}): ")
        assert "not a consumer group" in r["error"]
    finally:
        member.communicate(timeout=60)


def test_one_handle_serves_several_threads_at_once(target_cluster):
    """The header's promise: calls on the same handle from several threads at once."""
    b = target_cluster.bootstrap
    topic, group = uniq("par"), uniq("par-g")
    target_cluster.create_topic(topic, 2)
    r = probe(b, "alter-offsets", group, [{"topic": topic, "partition": 0, "offset": 3},
                                          {"topic": topic, "partition": 1, "offset": 4}])
    assert r["rc"] == KC_OK, r
    r = probe(b, "parallel", "8", group)
    assert r["rc"] == KC_OK and set(r["rcs"]) == {KC_OK}, r
    assert r["messages"] == []
    counts = [r["counts"][i:i + 4] for i in range(0, len(r["counts"]), 4)]
    assert len(counts) == 8
    # Every thread saw our topic, group and two offsets (more may appear meanwhile).
    for topics, groups, offsets, _ in counts:
        assert topics >= 1 and groups >= 1 and offsets == 2
    assert len({c[3] for c in counts}) == 1     # the same ACLs, whatever the thread


def test_input_librdkafka_refuses_is_einval_and_nothing_is_sent(target_cluster):
    b = target_cluster.bootstrap
    group, topic = uniq("neg-g"), uniq("neg")
    target_cluster.create_topic(topic, 1)
    r = probe(b, "alter-offsets", group, [{"topic": topic, "partition": 0, "offset": -1}])
    assert r["rc"] == KC_EINVAL, r
    assert r["error"].startswith(f"AlterConsumerGroupOffsets({group}): _INVALID_ARG: ")
    assert probe(b, "describe-groups", group)["states"] == {group: "NotFound"}
    r = probe(b, "create-topics", [{"name": uniq("neg-t"), "partitions": -7}])
    assert r["rc"] == KC_EINVAL and "num_partitions" in r["error"], r
    r = probe(b, "create-partitions", {topic: 0})
    assert r["rc"] == KC_EINVAL and r["error"].startswith(f"CreatePartitions({topic}): "), r
    assert target_cluster.topic_partitions(topic) == 1


def test_an_offset_entry_without_an_offset_is_listed_as_minus_one(target_cluster, java):
    """A non-Java client may commit -1 (librdkafka refuses to, so admin_probe sends the
    OffsetCommit by hand): Java's admin reports that entry with a null OffsetAndMetadata,
    kafka-consumer-groups prints "-", and the helper lists offset -1."""
    b = target_cluster.bootstrap
    topic, group = uniq("nul"), uniq("nul-g")
    target_cluster.create_topic(topic, 2)
    # The helper waits out a coordinator still loading (a fresh cluster); the raw commit not.
    r = probe(b, "alter-offsets", group, [{"topic": topic, "partition": 1, "offset": 9}])
    assert r["rc"] == KC_OK, r
    r = probe(b, "raw-commit", group, topic, "0", "-1")
    assert r["rc"] == KC_OK and r["commit_error"] == "NONE", r
    r = probe(b, "list-offsets", group)
    assert r["rc"] == KC_OK, r
    assert r["offsets"] == [{"topic": topic, "partition": 0, "offset": -1, "metadata": ""},
                            {"topic": topic, "partition": 1, "offset": 9, "metadata": ""}]
    described = java.tool("kafka-consumer-groups", "--bootstrap-server", b, "--describe",
                          "--group", group).stdout
    rows = {tuple(line.split()[1:4]) for line in described.splitlines() if topic in line}
    assert rows == {(topic, "0", "-"), (topic, "1", "9")}
