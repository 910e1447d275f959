"""
tests/integration/test_metrics.py - GET /admin/metrics of a worker running MirrorMaker's
source and checkpoint connectors: read with Prometheus' own text-format parser, each figure
checked against what was produced, replicated and committed (docs/metrics.md).

SPDX-License-Identifier: Apache-2.0
"""

import uuid

from confluent_kafka import Consumer, Producer, TopicPartition
from prometheus_client.parser import text_string_to_metric_families

from test_cluster import create, status, wait_for

PER_PARTITION = {0: 10, 1: 20, 2: 30}


def scrape(worker):
    r = worker.get("/admin/metrics")
    assert r.status_code == 200, r.text
    assert r.headers["Content-Type"].startswith("text/plain; version=0.0.4"), r.headers
    samples = {}
    for family in text_string_to_metric_families(r.text):
        for s in family.samples:
            key = (s.name, frozenset(s.labels.items()))
            assert key not in samples, f"sample repeated: {key}"
            samples[key] = s.value
    return samples


def pick(samples, name, **labels):
    """{remaining labels: value} of the samples of `name` whose labels include `labels`."""
    out = {}
    for (n, ls), v in samples.items():
        d = dict(ls)
        if n == name and all(d.get(k) == v_ for k, v_ in labels.items()):
            out[frozenset((k, x) for k, x in d.items() if k not in labels)] = v
    return out


def one(samples, name, **labels):
    got = pick(samples, name, **labels)
    assert len(got) == 1, f"{name}{labels}: {got}"
    return next(iter(got.values()))


def tasks_in(worker, name, state):
    s = status(worker, name)
    return s and s["tasks"] and all(t["state"] == state for t in s["tasks"]) and s


def test_metrics_of_mirror_connectors(workers, source_cluster, target_cluster):
    w = workers.start(workers.properties(**{
        "key.converter": "org.apache.kafka.connect.converters.ByteArrayConverter",
        "value.converter": "org.apache.kafka.connect.converters.ByteArrayConverter",
        "offset.flush.interval.ms": "1000"}))
    tag = uuid.uuid4().hex[:6]
    topic, group, src, dst = f"metrics-{tag}", f"readers-{tag}", f"src{tag}", f"dst{tag}"
    remote = f"{src}.{topic}"
    msc, cpc = f"msc-{tag}", f"cpc-{tag}"
    source_cluster.create_topic(topic, 3, 1)
    p = Producer(source_cluster.client_config(log_level=0))
    value_bytes = {part: 0 for part in PER_PARTITION}
    for part, n in PER_PARTITION.items():
        for i in range(n):
            v = f"value-{part}-{i}-" + "x" * i
            value_bytes[part] += len(v)
            p.produce(topic, v.encode(), partition=part)
    assert p.flush(30) == 0
    c = Consumer(source_cluster.client_config(**{"group.id": group, "log_level": 0}))
    c.commit(offsets=[TopicPartition(topic, part, n) for part, n in PER_PARTITION.items()],
             asynchronous=False)
    c.close()

    common = {"clusters": f"{src}, {dst}", "source.cluster.alias": src,
              "target.cluster.alias": dst,
              "source.cluster.bootstrap.servers": source_cluster.bootstrap,
              "target.cluster.bootstrap.servers": target_cluster.bootstrap,
              "topics": f"^{topic}$"}
    create(w, msc, dict(common, **{
        "connector.class": "org.apache.kafka.connect.mirror.MirrorSourceConnector",
        "heartbeats.replication.enabled": "false", "tasks.max": "2",
        "replication.factor": "1", "offset-syncs.topic.replication.factor": "1"}))
    create(w, cpc, dict(common, **{
        "connector.class": "org.apache.kafka.connect.mirror.MirrorCheckpointConnector",
        "groups": group, "emit.checkpoints.interval.seconds": "1",
        "refresh.groups.interval.seconds": "5", "checkpoints.topic.replication.factor": "1"}))
    wait_for(lambda: tasks_in(w, msc, "RUNNING") and tasks_in(w, cpc, "RUNNING"),
             what="tasks RUNNING")

    seen = {}

    def caught_up():
        s = scrape(w)
        seen["records"] = sum(pick(s, "kafka_connect_mirror_source_connector_record_count",
                                   source=src, target=dst, topic=remote).values())
        seen["checkpointed"] = len(pick(
            s, "kafka_connect_mirror_checkpoint_connector_checkpoint_latency_ms",
            source=src, target=dst, group=group, topic=remote))
        seen["in_sync"] = pick(s, "kconnect_mirror_cutover_in_sync", connector=msc)
        return (seen["records"] == sum(PER_PARTITION.values()) and seen["checkpointed"] == 3
                and seen["in_sync"] == {frozenset(): 1.0} and s)
    try:
        s = wait_for(caught_up, timeout=90, what="every record counted and checkpointed")
    except AssertionError as e:
        text = w.get("/admin/metrics").text
        raise AssertionError(f"{e}; last scrape: {seen}\n{text}") from None

    # MirrorSourceConnector's group, per remote partition, as Java names and tags it.
    for part, n in PER_PARTITION.items():
        labels = {"source": src, "target": dst, "topic": remote, "partition": str(part)}
        msc_ = "kafka_connect_mirror_source_connector_"
        assert one(s, msc_ + "record_count", **labels) == n
        assert one(s, msc_ + "byte_count", **labels) == value_bytes[part]
        assert one(s, msc_ + "record_rate", **labels) > 0
        assert one(s, msc_ + "byte_rate", **labels) > 0
        for series in ("replication_latency_ms", "record_age_ms"):
            lo, hi = one(s, msc_ + series + "_min", **labels), one(s, msc_ + series + "_max", **labels)
            avg, last = one(s, msc_ + series + "_avg", **labels), one(s, msc_ + series, **labels)
            assert 0 <= lo <= avg <= hi and lo <= last <= hi, (series, lo, avg, hi, last)
        assert one(s, "kafka_connect_mirror_checkpoint_connector_checkpoint_latency_ms_max",
                   source=src, target=dst, group=group, topic=remote, partition=str(part)) >= 0
        # The cutover figures, per partition, equal the REST check's.
        cut = {"connector": msc, "topic": topic, "partition": str(part), "target_topic": remote}
        assert one(s, "kconnect_mirror_cutover_source_end_offset", **cut) == n
        assert one(s, "kconnect_mirror_cutover_target_end_offset", **cut) == n
        assert one(s, "kconnect_mirror_cutover_replicated_offset", **cut) == n - 1
        assert one(s, "kconnect_mirror_cutover_partition_lag_records", **cut) == 0
        assert one(s, "kconnect_mirror_cutover_end_offsets_equal", **cut) == 1
    assert one(s, "kconnect_mirror_cutover_lag_records", connector=msc) == 0
    assert one(s, "kconnect_mirror_cutover_check_success", connector=msc) == 1
    # Only MirrorSourceConnectors get a cutover check.
    assert pick(s, "kconnect_mirror_cutover_check_success", connector=cpc) == {}

    # The worker's own groups.
    assert one(s, "kafka_connect_worker_connector_count") == 2
    assert one(s, "kafka_connect_worker_task_count") == 3
    assert one(s, "kafka_connect_worker_connector_total_task_count", connector=msc) == 2
    assert one(s, "kafka_connect_worker_connector_running_task_count", connector=msc) == 2
    assert one(s, "kafka_connect_connector_status", connector=msc, status="running") == 1
    assert set(pick(s, "kafka_connect_connector_task_status", connector=msc,
                    status="running")) == {frozenset({("task", "0")}), frozenset({("task", "1")})}
    polled = pick(s, "kafka_connect_source_task_source_record_poll_total", connector=msc)
    written = pick(s, "kafka_connect_source_task_source_record_write_total", connector=msc)
    assert sum(polled.values()) == sum(written.values()) == sum(PER_PARTITION.values())
    assert one(s, "kafka_connect_worker_rebalance_is_leader") == 1
    assert one(s, "kafka_connect_worker_rebalance_epoch") >= 1
    assert one(s, "kafka_connect_worker_rebalance_rebalancing") == 0
    assert one(s, "kafka_connect_worker_rebalance_completed_rebalances_total") >= 1

    # Paused, the connector falls behind: the lag shows in records, per partition and in
    # total, and the cutover check says it is not in sync.
    assert w.request("PUT", f"/connectors/{msc}/pause").status_code == 202
    wait_for(lambda: tasks_in(w, msc, "PAUSED"), what="tasks PAUSED")
    for i in range(5):
        p.produce(topic, f"late-{i}".encode(), partition=1)
    assert p.flush(30) == 0
    s = scrape(w)
    cut = {"connector": msc, "topic": topic, "target_topic": remote}
    assert one(s, "kconnect_mirror_cutover_partition_lag_records", partition="1", **cut) == 5
    assert one(s, "kconnect_mirror_cutover_partition_lag_records", partition="0", **cut) == 0
    assert one(s, "kconnect_mirror_cutover_partition_lag_ms", partition="1", **cut) >= 0
    assert one(s, "kconnect_mirror_cutover_lag_records", connector=msc) == 5
    assert one(s, "kconnect_mirror_cutover_in_sync", connector=msc) == 0
    assert one(s, "kafka_connect_connector_status", connector=msc, status="paused") == 1
    assert one(s, "kafka_connect_worker_connector_paused_task_count", connector=msc) == 2

    # Resumed, it catches up, and the figures say so.
    assert w.request("PUT", f"/connectors/{msc}/resume").status_code == 202
    wait_for(lambda: one(scrape(w), "kconnect_mirror_cutover_in_sync", connector=msc) == 1,
             timeout=60, what="in sync again")
    assert one(scrape(w), "kafka_connect_mirror_source_connector_record_count", source=src,
               target=dst, topic=remote, partition="1") == PER_PARTITION[1] + 5

    # Read-only: other methods are refused as Connect refuses them.
    r = w.request("POST", "/admin/metrics")
    assert r.status_code == 405 and r.json()["error_code"] == 405, r.text
