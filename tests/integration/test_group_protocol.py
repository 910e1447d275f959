"""
tests/integration/test_group_protocol.py - kconnect's own Connect group membership
(protocol/group.c, protocol/connect_protocol.c) against real brokers and real Java workers.

tests/tools/group_probe.c is a Connect group member with no connectors: it joins with
Connect member metadata, acts as leader when chosen, and prints what it saw as JSON lines.

SPDX-License-Identifier: Apache-2.0
"""

import json
import os
import subprocess
import time
import uuid

import pytest

import kafka_harness as kh
from kconnect import base_properties, write_properties

PROBE = os.path.join(os.path.dirname(os.environ.get("KCONNECT_BIN", "build/kconnect")),
                     "tests", "group_probe")


class Probe:
    def __init__(self, tmp_path, cluster, group, url, protocols, hold_ms, sasl=None):
        props = cluster.java_client_properties(**(sasl or {})) if sasl else \
            cluster.java_client_properties()
        path = write_properties(str(tmp_path / f"probe-{uuid.uuid4().hex[:6]}.properties"),
                                props)
        self.proc = subprocess.Popen([PROBE, path, group, url, protocols, str(hold_ms)],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.seen = []

    def wait_event(self, kind):
        """Reads the probe's events until one of `kind` (a member: "assignment"); they are
        kept for finish(). Fails if the probe ends first."""
        for line in self.proc.stdout:
            if line.startswith("{"):
                self.seen.append(json.loads(line))
                if self.seen[-1]["event"] == kind:
                    return self.seen[-1]
        pytest.fail(f"group_probe ended without an {kind} event: {self.seen}")

    def finish(self, timeout=120):
        out, err = self.proc.communicate(timeout=timeout)
        events = self.seen + [json.loads(line) for line in out.splitlines()
                              if line.startswith("{")]
        return self.proc.returncode, events, err


def of(events, kind):
    return [e for e in events if e["event"] == kind]


def test_two_members_form_one_group_with_one_leader(tmp_path, target_cluster):
    group = f"g-{uuid.uuid4().hex[:8]}"
    a = Probe(tmp_path, target_cluster, group, "http://w1:8083/",
              "sessioned,compatible,default", 9000)
    a.wait_event("assignment")                     # a leads: the first to join
    b = Probe(tmp_path, target_cluster, group, "http://w2:8083/",
              "sessioned,compatible,default", 5000)
    rb, eb, errb = b.finish()
    ra, ea, erra = a.finish()
    assert ra == 0 and rb == 0, erra + errb
    # The generation in which both were members: one leader, who decoded both metadata.
    joined_b = of(eb, "joined")[0]
    joined_a = [j for j in of(ea, "joined") if j["generation"] == joined_b["generation"]][0]
    assert joined_a["protocol"] == joined_b["protocol"] == "sessioned"
    assert joined_a["leader"] != joined_b["leader"]
    leader_events = ea if joined_a["leader"] else eb
    urls = {m["url"] for m in of(leader_events, "member")}
    assert {"http://w1:8083/", "http://w2:8083/"} <= urls
    # Both decoded a V2 assignment naming the same leader and its URL.
    asg_b = of(eb, "assignment")[0]
    assert asg_b["version"] == 2 and asg_b["error"] == 0
    assert asg_b["leader"] == joined_b["leader_id"]
    assert asg_b["leader_url"] == ("http://w1:8083/" if joined_a["leader"] else
                                   "http://w2:8083/")
    # After b left, a rejoined alone and offered its previous assignment as allocation.
    assert of(ea, "joined")[-1]["members"] == 1
    assert of(ea, "member")[-1]["has_allocation"] is True


@pytest.mark.parametrize("weakest,expected,version", [
    ("default", "default", 0),
    ("compatible,default", "compatible", 1),
])
def test_group_runs_the_protocol_every_member_offers(tmp_path, target_cluster, weakest,
                                                     expected, version):
    group = f"g-{uuid.uuid4().hex[:8]}"
    a = Probe(tmp_path, target_cluster, group, "http://w1:8083/",
              "sessioned,compatible,default", 7000)
    a.wait_event("assignment")
    b = Probe(tmp_path, target_cluster, group, "http://w2:8083/", weakest, 3000)
    rb, eb, errb = b.finish()
    ra, ea, erra = a.finish()
    assert ra == 0 and rb == 0, erra + errb
    assert of(eb, "joined")[0]["protocol"] == expected
    assert of(eb, "assignment")[0]["version"] == version
    assert of(eb, "assignment")[0]["revoked_null"] is (version == 0)


@pytest.mark.parametrize("mechanism", ["SCRAM-SHA-256", "SCRAM-SHA-512"])
def test_scram_members(tmp_path, target_cluster, mechanism):
    group = f"g-{uuid.uuid4().hex[:8]}"
    p = Probe(tmp_path, target_cluster, group, "http://w1:8083/", "sessioned", 1000,
              sasl={"sasl": True, "mechanism": mechanism, "user": "alice"})
    rc, events, err = p.finish()
    assert rc == 0, err + str(events)
    assert of(events, "assignment")[0]["version"] == 2


def test_wrong_password_is_reported_not_retried_forever(tmp_path, target_cluster):
    props = target_cluster.java_client_properties(sasl=True)
    props["sasl.jaas.config"] = props["sasl.jaas.config"].replace("admin-secret", "nope")
    path = write_properties(str(tmp_path / "bad.properties"), props)
    p = subprocess.run([PROBE, path, "g-bad", "http://w1:8083/", "sessioned", "1000"],
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 1
    errors = of([json.loads(line) for line in p.stdout.splitlines()], "error")
    assert "SASL authentication failed" in errors[0]["message"]


# ---- against Java Connect ---------------------------------------------------------------

@pytest.fixture
def java_worker(tmp_path, target_cluster, java):
    made = []

    def start(group):
        props = base_properties(target_cluster)
        props["group.id"] = group
        w = kh.JavaConnectWorker(java, str(tmp_path), props).start()
        made.append(w)
        return w
    yield start
    for w in made:
        w.stop()


def test_java_leader_assigns_to_our_member(tmp_path, target_cluster, java_worker):
    group = f"g-{uuid.uuid4().hex[:8]}"
    jw = java_worker(group)
    jw.wait_log("Joined group at generation", timeout=180)
    p = Probe(tmp_path, target_cluster, group, "http://kc:8083/",
              "sessioned,compatible,default", 8000)
    rc, events, err = p.finish()
    assert rc == 0, err + str(events)
    joined = of(events, "joined")[0]
    assert joined["leader"] is False and joined["protocol"] == "sessioned"
    asg = of(events, "assignment")[0]
    assert asg["version"] == 2 and asg["error"] == 0
    assert asg["leader_url"] == f"{jw.url}/"
    # The Java leader could only assign to us after decoding our metadata; it logged no
    # error doing so.
    log = jw.log()
    assert "SchemaException" not in log
    assert not [ln for ln in log.splitlines() if " ERROR " in ln], log[-4000:]


def test_our_leader_assigns_to_java_worker(tmp_path, target_cluster, java_worker):
    group = f"g-{uuid.uuid4().hex[:8]}"
    p = Probe(tmp_path, target_cluster, group, "http://kc:8083/",
              "sessioned,compatible,default", 60000)
    p.wait_event("assignment")                     # the probe leads: the first to join
    jw = java_worker(group)
    log = jw.wait_log("Joined group at generation", timeout=180)
    line = [ln for ln in log.splitlines() if "Joined group at generation" in ln][0]
    assert "with protocol version 2" in line
    assert "leaderUrl='http://kc:8083/'" in line
    assert "error=0" in line
    jw.stop()
    p.proc.terminate()
    p.finish()


def test_member_over_tls(tmp_path, target_cluster):
    props = target_cluster.java_ssl_properties()
    path = write_properties(str(tmp_path / "tls.properties"), props)
    p = subprocess.run([PROBE, path, f"g-{uuid.uuid4().hex[:8]}", "http://w1:8083/",
                        "sessioned", "1000"], capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stdout + p.stderr
    events = [json.loads(line) for line in p.stdout.splitlines()]
    assert of(events, "assignment")[0]["version"] == 2


def test_plain_member(tmp_path, target_cluster):
    p = Probe(tmp_path, target_cluster, f"g-{uuid.uuid4().hex[:8]}", "http://w1:8083/",
              "sessioned", 1000, sasl={"sasl": True, "mechanism": "PLAIN", "user": "alice"})
    rc, events, err = p.finish()
    assert rc == 0, err + str(events)
    assert of(events, "assignment")[0]["version"] == 2


def test_group_authorization_failure_is_reported(tmp_path, target_cluster):
    """A member whose principal may not use the group gets a clear error, not retries."""
    from confluent_kafka.admin import (AclBinding, AclOperation, AclPermissionType,
                                       ResourcePatternType, ResourceType)
    group = f"denied-{uuid.uuid4().hex[:8]}"
    admin = target_cluster.admin(sasl=True)
    acl = AclBinding(ResourceType.GROUP, group, ResourcePatternType.LITERAL, "User:mallory",
                     "*", AclOperation.ALL, AclPermissionType.DENY)
    admin.create_acls([acl])[acl].result(30)
    time.sleep(1)                                  # ACLs reach every broker's cache
    props = target_cluster.java_client_properties(sasl=True, user="mallory")
    path = write_properties(str(tmp_path / "mallory.properties"), props)
    p = subprocess.run([PROBE, path, group, "http://w1:8083/", "sessioned", "1000"],
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 1
    errors = of([json.loads(line) for line in p.stdout.splitlines()], "error")
    assert "not authorized to access group " + group in errors[0]["message"] or \
        "GROUP_AUTHORIZATION_FAILED" in errors[0]["message"], errors


def test_worker_refused_by_its_group_exits_as_java_does(tmp_path, target_cluster, workers):
    """Java's herder thread dies on a group authorization failure and the worker exits 1."""
    from confluent_kafka.admin import (AclBinding, AclOperation, AclPermissionType,
                                       ResourcePatternType, ResourceType)
    props = workers.properties()
    props.update(target_cluster.java_client_properties(sasl=True, user="mallory"))
    admin = target_cluster.admin(sasl=True)
    acl = AclBinding(ResourceType.GROUP, props["group.id"], ResourcePatternType.LITERAL,
                     "User:mallory", "*", AclOperation.ALL, AclPermissionType.DENY)
    admin.create_acls([acl])[acl].result(30)
    time.sleep(1)
    w = workers.create(props).start()
    assert w.wait_exit(60) == 1
    assert "Uncaught exception in herder work thread, exiting" in w.log()
    assert "not authorized to access group " + props["group.id"] in w.log()
