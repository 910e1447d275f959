"""
tests/integration/test_fault_smoke.py - one short round of `make faults` in every test run:
three kconnect workers in one group, one MirrorSourceConnector (tasks.max 3 over a
6-partition topic), Kafka's VerifiableProducer writing sequence numbers to the source, and
each worker killed -9 in turn while the records flow, restarted at once; then every
acknowledged number is looked for on the target. Once per connect.protocol.

It is faults/faults.py's rolling scenario (the same producer, kills, drain and count), with a
short run and a short settle; what must hold is asserted: nothing acknowledged is lost, the
copy recovered from every kill (the target caught up with the source, the connector and its
tasks RUNNING, no worker exited by itself, no sanitizer report). Duplicates are allowed
(at-least-once): they are reported as junit properties, with the rest of the count.

SPDX-License-Identifier: Apache-2.0
"""

import os
import sys

import pytest

from kconnect import SANITIZER_MARKS

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(TOP, "faults"))

import faults  # noqa: E402


def smoke_settings(out):
    """faults.Settings for a short run: 3 kills in 12 s at 1,000 records/s, a 2 s settle.
    The workers' session timeout is the broker's least (group.min.session.timeout.ms, 6 s)
    rather than 10 s: a killed worker's member is dropped from the group, and its work
    reassigned, when its session expires, and what is checked (nothing lost) does not
    depend on how soon."""
    s = faults.Settings()
    s.rate, s.seconds, s.kills = 1000, 12.0, 3
    s.partitions, s.tasks = 6, 3
    s.rebalance_delay_ms = 0
    s.worker_extra = {"session.timeout.ms": "6000", "heartbeat.interval.ms": "1000"}
    s.settle = 2.0
    s.stall = 20.0
    s.drain_timeout = 120.0
    s.out = str(out)
    s.kconnect = os.path.abspath(faults.kconnect.KCONNECT_BIN)
    return s


@pytest.mark.parametrize("protocol", faults.PROTOCOLS)
def test_rolling_kill_9_loses_nothing(protocol, java, source_cluster, target_cluster, tmp_path,
                                      record_property):
    run = faults.Faults(smoke_settings(tmp_path))
    run.java = java
    run.clusters = {"source": source_cluster, "target": target_cluster}
    result = run.rolling("kconnect", protocol, 1)
    for key in ("produced", "lost", "duplicated", "max_copies", "unacked_seen", "drained",
                "kills_stopping_a_copy", "not_recovered", "recovery_max_s"):
        record_property(key, result.get(key))
    print({k: result.get(k) for k in ("produced", "lost", "duplicated", "drained",
                                      "recovery_max_s", "final_status")})
    wd = os.path.join(TOP, result["workdir"])
    reports = []
    for i in range(3):
        with open(os.path.join(wd, f"w{i}.log"), encoding="utf-8", errors="replace") as f:
            text = f.read()
        reports += [f"{m} in w{i}.log:\n{text[-6000:]}" for m in SANITIZER_MARKS if m in text]
    assert not reports, "\n\n".join(reports)
    assert len(result["kills"]) == 3 and result["produced"] > 0, result
    assert result["lost"] == 0, (f"{result['lost']} acknowledged records lost: "
                                 f"{result['lost_ranges']}")
    assert result["drained"].startswith("caught up"), result["drained"]
    assert result["exits"] == [], result["exits"]
    assert result["final_status"] == {"connector": "RUNNING", "tasks": ["RUNNING"] * 3}, \
        result["final_status"]
