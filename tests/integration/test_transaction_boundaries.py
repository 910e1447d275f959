"""
tests/integration/test_transaction_boundaries.py - connector-defined transaction boundaries
(KIP-618, transaction.boundary=connector) through the plugin API's transaction context
(tests/plugins/txn_source.c): transactions end exactly where the task asks (a record, a batch;
the records after a marked one begin the next transaction), aborted ones are never seen
read_committed but their offsets are committed (Java's TransactionContext contract), a
transaction left open is written again after a restart, a worker killed -9 mid-stream loses
and repeats no committed record, conflicting requests fail the task with Java's exception,
the context is NULL unless the worker runs the task exactly once with boundaries of its own,
and validation answers with Java's messages.

SPDX-License-Identifier: Apache-2.0
"""

import os
import shutil
import uuid

import pytest
from confluent_kafka import OFFSET_BEGINNING, Consumer, TopicPartition

from test_exactly_once import (eos_properties, kill_owner_while_flowing, task_owner,
                               wait_until)

PLUGINS = os.path.join(os.path.dirname(os.environ.get("KCONNECT_BIN", "build/kconnect")),
                       "tests", "plugins")

NOT_SUPPORTED = ("The connector does not support connector-defined transaction boundaries "
                 "with the given configuration. Please reconfigure it to use a different "
                 "transaction boundary definition.")
NULL_ANSWER = ("This connector has returned a null value from its canDefineTransactionBoundaries "
               "method, which is not permitted. The connector will be treated as if it cannot "
               "define its own transaction boundaries, and cannot be configured with "
               "'transaction.boundary' set to 'connector'.")


def plugin_dir(tmp_path):
    d = tmp_path / "plugins"
    d.mkdir(exist_ok=True)
    shutil.copy(os.path.join(PLUGINS, "txn_source.so"), d)
    return str(d)


def txn_properties(cluster, tmp_path, suffix, eos=True):
    props = eos_properties(cluster, suffix)
    if not eos:
        del props["exactly.once.source.support"]
    props["plugin.path"] = plugin_dir(tmp_path)
    return props


def read(cluster, topic, isolation, idle=3):
    """Every (offset, value) of partition 0 read with isolation, to its end."""
    c = Consumer(cluster.client_config(**{"group.id": f"t-{uuid.uuid4().hex[:6]}",
                                          "isolation.level": isolation,
                                          "enable.partition.eof": True, "log_level": 0}))
    c.assign([TopicPartition(topic, 0, OFFSET_BEGINNING)])
    out, eof = [], 0
    try:
        while eof < idle * 2:
            m = c.poll(0.5)
            if m is None:
                eof += 1
                continue
            if m.error():
                eof += 1
                continue
            out.append((m.offset(), m.value().decode()))
            eof = 0
    finally:
        c.close()
    return out


def runs(records):
    """The values grouped by transaction: a new group wherever the offsets leave a gap (a
    transaction's control marker takes the offset after its last record)."""
    groups = []
    for i, (offset, value) in enumerate(records):
        if i == 0 or offset != records[i - 1][0] + 1:
            groups.append([])
        groups[-1].append(value)
    return groups


def end_offsets(cluster, topics):
    """The high watermark of every partition of topics (control markers count)."""
    c = Consumer(cluster.client_config(**{"group.id": f"t-{uuid.uuid4().hex[:6]}",
                                          "log_level": 0}))
    try:
        md = c.list_topics(timeout=10)
        return {(t, p): c.get_watermark_offsets(TopicPartition(t, p), timeout=10)[1]
                for t in topics for p in md.topics[t].partitions}
    finally:
        c.close()


def names(first, last, prefix="r"):
    return [f"{prefix}{n}" for n in range(first, last + 1)]


def trace(path):
    try:
        with open(path) as f:
            return f.read().splitlines()
    except OSError:
        return []


def status(w, name):
    r = w.get(f"/connectors/{name}/status")
    return r.json() if r.status_code == 200 else None


def create(w, name, config):
    r = w.request("POST", "/connectors", json={"name": name, "config": dict(
        {"connector.class": "TxnSource", "tasks.max": "1",
         "transaction.boundary": "connector"}, **config)}, timeout=60)
    assert r.status_code == 201, r.text


def test_transactions_end_where_the_task_asks(workers, target_cluster, tmp_path):
    """Commits and aborts after given records and for given batches: read_committed shows
    exactly the committed transactions, each a run of offsets closed by its marker where the
    task asked; an aborted transaction's records are in the log but never read_committed,
    never reach commit_record(), and their offsets are committed (a restart does not hand
    them again); a commit asked with nothing pending writes nothing and calls commit()."""
    suffix = uuid.uuid4().hex[:8]
    topic = f"txn-{suffix}"
    target_cluster.create_topic(topic)
    props = txn_properties(target_cluster, tmp_path, suffix)
    w = workers.start(props)
    tr = str(tmp_path / "trace.txt")
    # Batches of 10: records 0-9, 10-19, ...
    config = {"topic": topic, "count": "60", "batch.size": "10", "poll.delay.ms": "300",
              "commit.records": "4,17,33", "abort.records": "25", "batch.commit.at": "40",
              "batch.abort.at": "50", "idle.commit": "true", "trace.file": tr}
    create(w, "txn", config)
    # 0-4 commit | 5-17 commit (5-9 after the marked 4 in its batch) | 18-25 abort |
    # 26-33 commit | 34-49 commit (batch 40-49) | 50-59 abort (batch 50-59)
    committed = [names(0, 4), names(5, 17), names(26, 33), names(34, 49)]
    aborted = names(18, 25) + names(50, 59)
    wait_until("the batch abort's offsets committed", lambda: w.get(
        "/connectors/txn/offsets").json().get("offsets") ==
        [{"partition": {"txn": "0"}, "offset": {"next": 60}}], timeout=60)
    rc = read(target_cluster, topic, "read_committed")
    assert runs(rc) == committed, rc
    ru = [v for _, v in read(target_cluster, topic, "read_uncommitted")]
    assert set(ru) - {v for g in committed for v in g} <= set(aborted), ru
    # Records 18 and 19 were acknowledged long before their transaction was aborted.
    assert "r18" in ru and "r19" in ru, ru
    # commit_record() for the committed records only, where they landed.
    lines = trace(tr)
    assert lines[0] == "context yes", lines
    landed = [f"commit_record {v[1:]} 0 {o}" for o, v in rc]
    assert [ln for ln in lines if ln.startswith("commit_record")] == landed
    # Idle commits: commit() is called, and nothing is written, neither to the topic nor
    # to the offsets topic.
    ends = end_offsets(target_cluster, [topic, props["offset.storage.topic"]])
    before = lines.count("commit")
    wait_until("idle commits", lambda: trace(tr).count("commit") >= before + 5, timeout=30)
    assert end_offsets(target_cluster, [topic, props["offset.storage.topic"]]) == ends

    # More records: the task resumes after the aborted batch, not at it.
    config.update({"count": "70", "commit.records": "4,17,33,69"})
    r = w.request("PUT", "/connectors/txn/config", json=dict(
        {"connector.class": "TxnSource", "tasks.max": "1",
         "transaction.boundary": "connector"}, **config), timeout=60)
    assert r.status_code == 200, r.text
    wait_until("records 60-69 committed", lambda: runs(
        read(target_cluster, topic, "read_committed", idle=1)) == committed + [names(60, 69)],
        timeout=60)
    ru = [v for _, v in read(target_cluster, topic, "read_uncommitted")]
    assert all(ru.count(v) <= 1 for v in names(50, 59)), ru      # purged, or written once
    assert all(ru.count(v) == 1 for v in names(60, 69)), ru
    assert w.get("/connectors/txn/offsets").json()["offsets"] == [
        {"partition": {"txn": "0"}, "offset": {"next": 70}}]


def test_an_open_transaction_is_written_again_after_a_restart(workers, target_cluster,
                                                               tmp_path):
    """A transaction the task never ends stays open: its records are not read_committed and
    their offsets are not committed, so the restarted task resumes after the last committed
    record and writes them again, once read_committed."""
    suffix = uuid.uuid4().hex[:8]
    topic = f"txn-open-{suffix}"
    target_cluster.create_topic(topic)
    w = workers.start(txn_properties(target_cluster, tmp_path, suffix))
    base = {"connector.class": "TxnSource", "tasks.max": "1",
            "transaction.boundary": "connector", "topic": topic, "count": "30",
            "batch.size": "10", "commit.records": "9"}
    create(w, "open", base)
    wait_until("records 10-29 written, uncommitted", lambda: [
        v for _, v in read(target_cluster, topic, "read_uncommitted", idle=1)] ==
        names(0, 29), timeout=60)
    assert [v for _, v in read(target_cluster, topic, "read_committed")] == names(0, 9)
    assert w.get("/connectors/open/offsets").json()["offsets"] == [
        {"partition": {"txn": "0"}, "offset": {"next": 10}}]
    # The restarted task (the new config) ends the transaction at 29.
    r = w.request("PUT", "/connectors/open/config", json=dict(base, **{"commit.records": "9,29"}),
                  timeout=60)
    assert r.status_code == 200, r.text
    wait_until("records 10-29 committed", lambda: [
        v for _, v in read(target_cluster, topic, "read_committed", idle=1)] == names(0, 29),
        timeout=60)
    ru = [v for _, v in read(target_cluster, topic, "read_uncommitted")]
    assert ru == names(0, 29) + names(10, 29), ru
    assert w.get("/connectors/open/offsets").json()["offsets"] == [
        {"partition": {"txn": "0"}, "offset": {"next": 30}}]


def test_kill_minus_9_loses_and_repeats_no_committed_record(workers, target_cluster,
                                                            tmp_path):
    """Two workers; the one running the task is killed -9 while records flow in transactions
    the task commits every 37 records and aborts every 250: read_committed shows every
    record of a committed transaction once, in order, and no record of an aborted one."""
    suffix = uuid.uuid4().hex[:8]
    topic = f"txn-kill-{suffix}"
    target_cluster.create_topic(topic)
    props = txn_properties(target_cluster, tmp_path, suffix)
    w1 = workers.start(dict(props))
    w2 = workers.start(dict(props))
    count = 37 * 400                     # ends on a commit
    create(w1, "txn-kill", {"topic": topic, "count": str(count), "batch.size": "50",
                            "poll.delay.ms": "20", "commit.every": "37",
                            "abort.every": "250"})
    owner = wait_until("the task running", lambda: task_owner(w1, "txn-kill"))
    survivor = kill_owner_while_flowing(target_cluster, topic, w1, w2, "txn-kill", owner,
                                        lambda: None)
    expected, pending = [], []
    for n in range(count):
        pending.append(f"r{n}")
        if (n + 1) % 250 == 0:
            pending = []
        elif (n + 1) % 37 == 0:
            expected += pending
            pending = []
    values = wait_until("every committed record", lambda: (
        v := [x for _, x in read(target_cluster, topic, "read_committed")]) and
        len(v) >= len(expected) and v, timeout=180)
    assert values == expected, (len(values), len(expected), len(set(values)))
    assert survivor.sanitizer_report() is None


@pytest.mark.parametrize("requests_, trace_", [
    ({"commit.records": "5", "abort.records": "5"},
     "java.lang.IllegalStateException: Connector requested both commit and abort of same "
     "record against topic/partition {topic}/null"),
    ({"batch.commit.at": "3", "batch.abort.at": "3"},
     "java.lang.IllegalStateException: Connector requested both commit and abort of same "
     "transaction"),
])
def test_commit_and_abort_of_the_same_record_or_batch_fail_the_task(
        workers, target_cluster, tmp_path, requests_, trace_):
    suffix = uuid.uuid4().hex[:8]
    topic = f"txn-both-{suffix}"
    target_cluster.create_topic(topic)
    w = workers.start(txn_properties(target_cluster, tmp_path, suffix))
    create(w, "both", dict({"topic": topic, "count": "20", "batch.size": "10"}, **requests_))
    task = wait_until("the task failed", lambda: (s := status(w, "both")) and s["tasks"] and
                      s["tasks"][0]["state"] == "FAILED" and s["tasks"][0], timeout=60)
    assert task["trace"].startswith(trace_.format(topic=topic)), task["trace"]
    assert read(target_cluster, topic, "read_committed") == []


@pytest.mark.parametrize("eos,boundary,context", [
    (False, "connector", "no"), (True, "poll", "no"), (True, "connector", "yes")])
def test_the_context_is_null_unless_exactly_once_with_connector_boundaries(
        workers, target_cluster, tmp_path, eos, boundary, context):
    """As Java's transactionContext(): null when the worker's exactly-once support is not
    enabled or the connector's boundary is not its own. Without one, the records flow."""
    suffix = uuid.uuid4().hex[:8]
    topic = f"txn-ctx-{suffix}"
    target_cluster.create_topic(topic)
    w = workers.start(txn_properties(target_cluster, tmp_path, suffix, eos=eos))
    tr = str(tmp_path / "ctx.txt")
    create(w, "ctx", {"topic": topic, "count": "10", "transaction.boundary": boundary,
                      "commit.records": "9", "trace.file": tr})
    wait_until("the task started", lambda: trace(tr), timeout=60)
    assert trace(tr)[0] == f"context {context}"
    wait_until("records read_committed", lambda: [
        v for _, v in read(target_cluster, topic, "read_committed", idle=1)] == names(0, 9),
        timeout=60)


def test_validation_asks_the_connector(workers, target_cluster, tmp_path):
    """transaction.boundary=connector: accepted when the connector answers SUPPORTED, refused
    with Java's messages for UNSUPPORTED and null; other boundaries never ask."""
    suffix = uuid.uuid4().hex[:8]
    w = workers.start(txn_properties(target_cluster, tmp_path, suffix))
    for answer, boundary, errors in [
            ("SUPPORTED", "connector", []), ("UNSUPPORTED", "connector", [NOT_SUPPORTED]),
            ("NULL", "connector", [NULL_ANSWER]), ("UNSUPPORTED", " Connector ", [NOT_SUPPORTED]),
            ("UNSUPPORTED", "poll", [])]:
        r = w.request("PUT", "/connector-plugins/TxnSource/config/validate", json={
            "connector.class": "TxnSource", "name": "v", "topic": "t",
            "transaction.boundary": boundary, "boundaries": answer}, timeout=30)
        assert r.status_code == 200, r.text
        got = [v["value"]["errors"] for v in r.json()["configs"]
               if v["value"]["name"] == "transaction.boundary"]
        assert got == [errors], (answer, boundary, got)
    # Creating is refused the same way.
    r = w.request("POST", "/connectors", json={"name": "refused", "config": {
        "connector.class": "TxnSource", "topic": "t", "transaction.boundary": "connector",
        "boundaries": "UNSUPPORTED"}}, timeout=60)
    assert r.status_code == 400 and NOT_SUPPORTED in r.text, r.text
