"""
tests/integration/test_mixed_cluster.py - a Java Connect worker and a kconnect worker in one
Connect cluster: one group, the same internal topics, each running what the other's REST
created, and each showing the same statuses. Byte compatibility proven against the real
thing rather than our reading of it.

SPDX-License-Identifier: Apache-2.0
"""

import os
import time

import pytest

import kafka_harness as kh
from kconnect import base_properties
from test_cluster import all_running, create, status, wait_for


@pytest.fixture
def mixed(tmp_path, workers, target_cluster, java):
    props = base_properties(target_cluster)
    props["scheduled.rebalance.max.delay.ms"] = "0"
    jw = kh.JavaConnectWorker(java, str(tmp_path), props).start()
    try:
        jw.wait_log("Joined group at generation", timeout=180)
        kw = workers.start(props)
        yield jw, kw
    finally:
        jw.stop()


def test_java_and_kconnect_workers_share_one_cluster(mixed, tmp_path):
    jw, kw = mixed
    src = tmp_path / "in.txt"
    src.write_text("".join(f"m{i}\n" for i in range(10)))
    # Through kconnect's REST (forwarded to whoever leads), and through Java's.
    create(kw, "from-kc", {"connector.class": "FileStreamSink", "topics": "mixed-t",
                           "tasks.max": "4", "file": os.devnull})
    create(jw, "from-java", {"connector.class":
                             "org.apache.kafka.connect.file.FileStreamSourceConnector",
                             "file": str(src), "topic": "mixed-s"})
    for name, tasks in (("from-kc", 4), ("from-java", 1)):
        wait_for(lambda: all_running(jw, name, tasks) and all_running(kw, name, tasks),
                 timeout=90, what=f"{name} RUNNING on both views")
    kc_id, java_id = f"127.0.0.1:{kw.port}", jw.url.split("//")[1]
    owners = set()
    for name in ("from-kc", "from-java"):
        sj, sk = status(jw, name), status(kw, name)
        assert sj == sk, f"the two workers disagree on {name}"
        owners |= {sj["connector"]["worker_id"]} | {t["worker_id"] for t in sj["tasks"]}
        assert all(t["version"] == "4.3.1" for t in sj["tasks"]), sj
    assert owners == {kc_id, java_id}, "work should land on both kinds of worker"
    # The task configs the leader stored are the same whichever worker computed them.
    tj = {t["id"]["task"]: t["config"] for t in jw.get("/connectors/from-kc/tasks").json()}
    tk = {t["id"]["task"]: t["config"] for t in kw.get("/connectors/from-kc/tasks").json()}
    assert tj == tk and tj[0]["task.class"] == "org.apache.kafka.connect.file.FileStreamSinkTask"
    assert tj[0]["file"] == os.devnull and tj[0]["topics"] == "mixed-t"
    log = jw.log()
    assert "SchemaException" not in log and "Failed to deserialize" not in log
