"""
tests/integration/test_mixed_cluster.py - a Java Connect worker and a kconnect worker in one
Connect cluster: one group, the same internal topics, each running what the other's REST
created, and each showing the same statuses. Byte compatibility proven against the real
thing rather than our reading of it.

The matrix runs every connect.protocol with a Java leader and with a kconnect leader. The
group coordinator makes the first member to join the leader (the classic group protocol's
ClassicGroup.add: the leader is only chosen while there is none), and the Connect leader is
the group leader, so start order decides; both workers' "Joined group" log lines name the
leader's URL and the test checks it is the intended kind. Each case starts one Java worker
(the costly part) and one kconnect worker, and ends with a kill -9 of one of them; across the
matrix each kind dies once as leader and once as follower at least.

SPDX-License-Identifier: Apache-2.0
"""

import base64
import hashlib
import hmac
import json
import os
import re
import signal
import time
import uuid

import pytest

import kafka_harness as kh
from kconnect import base_properties, read_partition0
from test_cluster import all_running, create, status, wait_for

JOINED = re.compile(r"Joined group at generation (\d+) with protocol version (\d+) .*?"
                    r"leaderUrl='([^']*)'")
PROTOCOL_VERSION = {"eager": 0, "compatible": 1, "sessioned": 2}
TASKS = 3
INVALID = "Internal request contained invalid signature."
UNSIGNED = "Internal request missing required signature"


def last_join(w):
    """(generation, protocol version, leader URL) of the worker's last completed join."""
    found = JOINED.findall(w.log())
    return (int(found[-1][0]), int(found[-1][1]), found[-1][2]) if found else None


def session_key(cluster, config_topic):
    """The newest session key in the config topic: (raw key, algorithm)."""
    found = None
    for k, v in read_partition0(cluster, config_topic):
        if k == b"session-key" and v:
            v = json.loads(v)
            found = (base64.b64decode(v["key"]), v["algorithm"])
    return found


def post_tasks(w, connector, body, key=None, algorithm="HmacSHA256"):
    """POST /connectors/{c}/tasks as a worker forwarding task configs would: signed with key
    (raw bytes) when given, with 32 zero bytes' signature when key is False, else unsigned."""
    headers = {"Content-Type": "application/json"}
    if key is not None:
        mac = hmac.new(key or bytes(32), body.encode(),
                       {"HmacSHA256": hashlib.sha256, "HmacSHA1": hashlib.sha1,
                        "HmacSHA512": hashlib.sha512}[algorithm]).digest()
        headers["X-Connect-Authorization"] = base64.b64encode(mac).decode()
        headers["X-Connect-Request-Signature-Algorithm"] = algorithm
    return w.request("POST", f"/connectors/{connector}/tasks", data=body, headers=headers,
                     timeout=60)


def rest(w, method, path, body=None, expect=200):
    """A REST call as an operator's client makes it, once, with time for Java's 90 s request
    timeout (an eager rebalance stops every task first, and a request waits for it)."""
    r = w.request(method, path, json=body, timeout=95)
    assert r.status_code == expect, (w.url, method, path, r.text)
    return r


def served_task_configs(kind, w, connector):
    """How many task-config POSTs for connector w's REST answered 204, from its log: Java's
    request log line, or kconnect's (its RestServer logger at DEBUG)."""
    if kind == "java":
        return w.log().count(f'"POST /connectors/{connector}/tasks HTTP/1.1" 204')
    return w.log().count(f"POST /connectors/{connector}/tasks -> 204")


MATRIX = [
    # connect.protocol, the leader's kind, the kind killed at the end
    ("eager", "java", "kconnect"),          # the follower dies
    ("eager", "kconnect", "kconnect"),      # the leader dies
    ("compatible", "java", "java"),         # the leader dies
    ("compatible", "kconnect", "java"),     # the follower dies
    ("sessioned", "java", "java"),          # the leader dies: kconnect leads, alone
    ("sessioned", "kconnect", "kconnect"),  # the leader dies: Java leads, alone
]


@pytest.mark.parametrize("protocol,leader,victim", MATRIX,
                         ids=[f"{p}-{l}-leader-kill-{v}" for p, l, v in MATRIX])
def test_mixed_cluster(tmp_path, workers, target_cluster, java, protocol, leader, victim):
    follower = "kconnect" if leader == "java" else "java"
    survivor = "kconnect" if victim == "java" else "java"
    props = base_properties(target_cluster)
    props.update({"connect.protocol": protocol, "scheduled.rebalance.max.delay.ms": "0",
                  "session.timeout.ms": "6000", "heartbeat.interval.ms": "1000"})
    jw = kh.JavaConnectWorker(java, str(tmp_path), props)
    try:
        # The first to join leads.
        if leader == "java":
            jw.start().wait_log("Joined group at generation", timeout=180)
            kw = workers.start(props)
        else:
            kw = workers.start(props)
            wait_for(lambda: last_join(kw), timeout=60, what="kconnect joined alone")
            jw.start()
        w = {"java": jw, "kconnect": kw}
        ids = {k: x.url.split("//")[1] for k, x in w.items()}
        wait_for(lambda: jw.get("/connector-plugins").status_code == 200, timeout=180,
                 what="the Java worker's REST resources")
        joins = wait_for(lambda: (lambda a, b: a and b and a == b and a)(last_join(jw),
                                                                          last_join(kw)),
                         timeout=60, what="both workers in one generation")
        assert joins[1] == PROTOCOL_VERSION[protocol], joins
        assert joins[2] == w[leader].url + "/", f"the leader is not the {leader} worker: {joins}"
        # kconnect serves its request log at DEBUG, as Java's RestServer logger at INFO.
        r = kw.request("PUT", "/admin/loggers/org.apache.kafka.connect.runtime.rest.RestServer",
                       json={"level": "DEBUG"})
        assert r.status_code == 200, r.text

        # Connectors created through each worker's REST (a follower forwards to the leader).
        tag = uuid.uuid4().hex[:6]
        topics = [f"mx-{tag}-a", f"mx-{tag}-b"]
        for t in topics:
            target_cluster.create_topic(t, 2 * TASKS, 1)
        names = [f"mx-{tag}-java", f"mx-{tag}-kc"]        # created through that kind's REST

        def sink(topic):
            return {"connector.class": "FileStreamSink", "topics": topic,
                    "tasks.max": str(TASKS), "file": os.devnull}
        for n in names:
            rest(jw if n.endswith("-java") else kw, "POST", "/connectors",
                 {"name": n, "config": sink(topics[0])}, expect=201)

        def settled():
            out = {}
            for n in names:
                sj, sk = all_running(jw, n, TASKS), all_running(kw, n, TASKS)
                if not (sj and sj == sk):
                    return None
                out[n] = sj
            return out
        views = wait_for(settled, timeout=120, what="every connector RUNNING, both views equal")
        conn_on = {n: s["connector"]["worker_id"] for n, s in views.items()}
        task_owners = {t["worker_id"] for s in views.values() for t in s["tasks"]}
        assert task_owners == set(ids.values()), f"tasks should land on both kinds: {views}"
        assert set(conn_on.values()) == set(ids.values()), \
            f"connectors should run on both kinds (the follower computes task configs): {conn_on}"
        # Each kconnect-written task status carries the plugin's version. A Java-written one may
        # not: Java drops a task from its map before stopping it, so a task revoked while it
        # starts records RUNNING with no version (its own race, not a record of ours).
        mine = [t for s in views.values() for t in s["tasks"] if t["worker_id"] == ids["kconnect"]]
        assert mine and all(t["version"] == "4.3.1" for t in mine), views
        assert all(t["version"] in ("4.3.1", None) for s in views.values() for t in s["tasks"]), \
            views
        tj = {t["id"]["task"]: t["config"]
              for t in rest(jw, "GET", f"/connectors/{names[1]}/tasks").json()}
        tk = {t["id"]["task"]: t["config"]
              for t in rest(kw, "GET", f"/connectors/{names[1]}/tasks").json()}
        assert tj == tk
        assert tj[0]["task.class"] == "org.apache.kafka.connect.file.FileStreamSinkTask"

        # New task configs computed on the follower reach the leader (signed when sessioned):
        # a config change through the other kind's REST, and each connector's tasks run it.
        on_follower = [n for n in names if conn_on[n] == ids[follower]]
        before = {n: served_task_configs(leader, w[leader], n) for n in on_follower}
        for n in names:
            rest(kw if n.endswith("-java") else jw, "PUT", f"/connectors/{n}/config",
                 sink(topics[1]))

        def reconfigured():
            for n in names:
                if not all_running(kw, n, TASKS) or not all_running(jw, n, TASKS):
                    return False
                for x in (jw, kw):
                    cfgs = x.get(f"/connectors/{n}/tasks").json()
                    if len(cfgs) != TASKS or any(c["config"]["topics"] != topics[1]
                                                 for c in cfgs):
                        return False
            return True
        wait_for(reconfigured, timeout=120, what="new task configs RUNNING everywhere")
        for n in on_follower:
            assert status(kw, n)["connector"]["worker_id"] == ids[follower], "it moved"
            assert served_task_configs(leader, w[leader], n) > before[n], \
                f"the {leader} leader did not take {n}'s task configs from the follower"
        for k in ("java", "kconnect"):
            log = w[k].log()
            assert INVALID not in log and UNSIGNED not in log, f"{k}: refused inter-worker call"
            assert "SchemaException" not in log and "Failed to deserialize" not in log

        # The internal endpoint as Java answers it, on both kinds in both roles.
        body = json.dumps([{"task.class": "org.apache.kafka.connect.file.FileStreamSinkTask",
                            "topics": topics[1]}])
        if protocol == "sessioned":
            key, alg = session_key(target_cluster, props["config.storage.topic"])
            for x in (jw, kw):
                r = post_tasks(x, names[0], body, key=False, algorithm=alg)
                assert (r.status_code, r.json()["message"]) == (403, INVALID), (x.url, r.text)
                r = post_tasks(x, names[0], body)
                assert (r.status_code, r.json()["message"]) == (400, UNSIGNED), (x.url, r.text)
            # Rightly signed: the leader takes it (an unknown connector: 404); a follower
            # checks the signature, then forwards without it (Java's RestClient passes on
            # the Authorization header alone), so the leader refuses it unsigned.
            r = post_tasks(w[leader], "nope", body, key=key, algorithm=alg)
            assert (r.status_code, r.json()["message"]) == (404, "Connector nope not found")
            r = post_tasks(w[follower], "nope", body, key=key, algorithm=alg)
            assert (r.status_code, r.json()["message"]) == (400, UNSIGNED), r.text
        else:
            # No session key: signatures are not checked; a follower forwards to the leader.
            for x in (jw, kw):
                r = post_tasks(x, "nope", body, key=False)
                assert (r.status_code, r.json()["message"]) == (404, "Connector nope not found"), \
                    (x.url, r.text)

        # kill -9: the survivor runs everything, at once (no scheduled delay), and leads.
        if victim == "java":
            jw.proc.send_signal(signal.SIGKILL)
            jw.proc.wait(10)
        else:
            kw.stop(signal.SIGKILL)
        killed = time.monotonic()

        def moved():
            ss = [all_running(w[survivor], n, TASKS) for n in names]
            if not all(ss):
                return False
            owners = {s["connector"]["worker_id"] for s in ss} | \
                {t["worker_id"] for s in ss for t in s["tasks"]}
            return owners == {ids[survivor]}
        wait_for(moved, timeout=60, what=f"all work on the surviving {survivor} worker")
        print(f"{protocol}/{leader} leader, {victim} killed: moved in "
              f"{time.monotonic() - killed:.1f}s")
        assert last_join(w[survivor])[2] == w[survivor].url + "/"
        if survivor == "kconnect":
            # It watches the Java worker it leads or follows: the killed JVM's REST port
            # refused connections, and kconnect removed it without waiting out its session.
            assert f"refuses connections on its REST port {jw.url}/" in kw.log(), kw.log()
    finally:
        jw.stop()


def test_mirror_source_task_moves_between_java_and_kconnect_losing_nothing(
        tmp_path, workers, source_cluster, target_cluster, java):
    """A MirrorSourceConnector task hops Java -> kconnect -> Java (or the reverse), each time
    resuming from the source offsets the other kind stored: every record arrives, once."""
    from confluent_kafka import Producer
    from test_mirror import read_topic
    import uuid

    props = base_properties(target_cluster)
    props.update({"scheduled.rebalance.max.delay.ms": "0", "offset.flush.interval.ms": "1000",
                  "key.converter": "org.apache.kafka.connect.converters.ByteArrayConverter",
                  "value.converter": "org.apache.kafka.connect.converters.ByteArrayConverter"})
    tag = uuid.uuid4().hex[:6]
    topic = f"hop-{tag}"
    source_cluster.create_topic(topic, 2, 1)
    procs = {"java": kh.JavaConnectWorker(java, str(tmp_path), props, name="java-0").start()}
    procs["java"].wait_log("Joined group at generation", timeout=180)
    procs["kc"] = workers.start(props)
    create(procs["kc"], "hop", {
        "connector.class": "org.apache.kafka.connect.mirror.MirrorSourceConnector",
        "source.cluster.alias": "hop", "source.cluster.bootstrap.servers": source_cluster.bootstrap,
        "target.cluster.bootstrap.servers": target_cluster.bootstrap, "topics": topic,
        "replication.factor": "1", "offset-syncs.topic.replication.factor": "1",
        "sync.topic.acls.enabled": "false", "tasks.max": "1"})
    p = Producer(source_cluster.client_config(log_level=0))
    sent = []

    def produce(batch):
        for i in range(150):
            v = f"{batch}{i}"
            p.produce(topic, v.encode(), partition=i % 2)
            sent.append(v)
        p.flush(10)

    def owner_kind(w):
        s = status(w, "hop")
        if not (s and s["tasks"] and s["tasks"][0]["state"] == "RUNNING"):
            return None
        wid = s["tasks"][0]["worker_id"]
        return next((k for k, x in procs.items() if wid.endswith(f":{x.port}")), None)

    def mirrored():
        vals = [v.decode() for (_, _, _, v, _, _) in read_topic(target_cluster, f"hop.{topic}",
                                                              10**6, timeout=4)]
        return len(vals) >= len(sent) and vals

    def restart(kind):
        if kind == "java":
            procs["java"] = kh.JavaConnectWorker(java, str(tmp_path), props,
                                                 name=f"java-{len(sent)}").start()
            procs["java"].wait_log("Joined group at generation", timeout=180)
        else:
            procs["kc"] = workers.start(props)

    def check(batch):
        produce(batch)
        vals = wait_for(mirrored, timeout=90, what=f"batch {batch} mirrored")
        assert sorted(vals) == sorted(sent), "records lost or repeated"
        time.sleep(2)                                  # past an offset flush

    try:
        first = wait_for(lambda: owner_kind(procs["kc"]), timeout=120, what="the task RUNNING")
        second = "kc" if first == "java" else "java"
        check("a")                                     # on the first kind
        procs[first].stop()
        wait_for(lambda: owner_kind(procs[second]) == second, timeout=120,
                 what=f"the task on the {second} worker")
        restart(first)
        check("b")                                     # resumed by the other kind
        procs[second].stop()
        wait_for(lambda: owner_kind(procs[first]) == first, timeout=120,
                 what=f"the task back on a {first} worker")
        check("c")                                     # and back again
    finally:
        for x in procs.values():
            if isinstance(x, kh.JavaConnectWorker):
                x.stop()


def test_transformations_run_wherever_the_instances_land(
        tmp_path, workers, target_cluster, java):
    """Connectors with a transformation (RegexRouter), created through the Java worker of a
    mixed cluster: every instance runs, on either kind of worker, and every record reaches
    the renamed topic, none the topic it was written for."""
    from test_mirror import read_topic

    props = base_properties(target_cluster)
    props.update({"scheduled.rebalance.max.delay.ms": "0"})
    jw = kh.JavaConnectWorker(java, str(tmp_path), props).start()
    try:
        jw.wait_log("Joined group at generation", timeout=180)
        kw = workers.start(props)
        wait_for(lambda: jw.get("/connector-plugins").status_code == 200, timeout=180,
                 what="the Java worker's REST resources")
        ids = {"java": jw.url.split("//")[1], "kconnect": kw.url.split("//")[1]}
        tag = uuid.uuid4().hex[:6]
        lines = tmp_path / "lines.txt"
        lines.write_text("one\ntwo\nthree\n")
        names = [f"tf-{tag}-{i}" for i in range(3)]
        for n in names:
            rest(jw, "POST", "/connectors", {"name": n, "config": {
                "connector.class": "FileStreamSource", "file": str(lines), "topic": n,
                "tasks.max": "1", "transforms": "route",
                "transforms.route.type": "org.apache.kafka.connect.transforms.RegexRouter",
                "transforms.route.regex": "(.*)", "transforms.route.replacement": "renamed-$1"}},
                 expect=201)

        def settled():
            views = {n: status(jw, n) for n in names}
            for n, s in views.items():
                if s is None or s["connector"]["state"] != "RUNNING" or len(s["tasks"]) != 1 \
                        or s["tasks"][0]["state"] != "RUNNING":
                    return None
            return views
        views = wait_for(settled, timeout=120, what="every instance RUNNING")
        landed = {inst["worker_id"] for s in views.values()
                  for inst in [s["connector"]] + s["tasks"]}
        assert landed == set(ids.values()), f"instances on both kinds of worker: {views}"
        for n, s in views.items():
            assert status(kw, n) == s, "both workers show the same statuses"
            got = read_topic(target_cluster, f"renamed-{n}", 3)
            assert sorted(json.loads(r[3])["payload"] for r in got) == \
                ["one", "three", "two"], got
            assert read_topic(target_cluster, n, 1, timeout=3) == []
    finally:
        jw.stop()
