"""
tests/integration/conftest.py - session-wide Kafka clusters and kconnect worker fixtures.

Two single-broker KRaft clusters, "source" and "target", start once per session (the worker
tests run beside "target", as runbook 1 does). Each test that starts workers gets a factory;
every worker it made is stopped after the test, and a worker whose log shows a sanitizer
report fails the test. The topics a test module made on those clusters are deleted when it
ends, so each module sees only its own (and those of the workers' internal topics), and
a session's brokers do not pile up every module's partitions.

Every test is bounded in time (pytest-timeout): DEFAULT_TIMEOUT_S unless it has its own
`pytest.mark.timeout`, whatever the command line says, so that a hang fails that test.

SPDX-License-Identifier: Apache-2.0
"""

import os
import sys
import time

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "kafka"))
sys.path.insert(0, HERE)

import kafka_harness as kh  # noqa: E402
from kconnect import WorkerFactory  # noqa: E402

kh.BROKER_JVM = kh.TEST_BROKER_JVM      # the suite's brokers start lighter (kafka_harness.py)
kh.BROKER_CONFIG = kh.TEST_BROKER_CONFIG  # ... and idle lighter
kh.CDS = True                           # and every JVM maps its classes (kafka_harness.Archive)


# Every file, longest first (the sum of its tests' times in a run of the whole tier): tests/run.sh
# hands whole files to its pytest processes as they come free (--no-loadscope-reorder keeps
# this order), so a long file left for last would run alone at the end. A file not listed
# comes after these.
LONGEST_FIRST = ("test_connector_offsets_topic", "test_mixed_cluster", "test_cluster",
                 "test_mirror", "test_examples", "test_exactly_once", "test_rest_parity",
                 "test_rest_connectors", "test_transforms", "test_harness", "test_rest_auth",
                 "test_fault_smoke", "test_transaction_boundaries", "test_rest_server",
                 "test_mirror_maker", "test_worker_startup", "test_replicator",
                 "test_converters", "test_plugins", "test_group_protocol", "test_java_mirror",
                 "test_mirror_admin", "test_mirror_status", "test_standalone",
                 "test_config_providers", "test_ui", "test_service", "test_metrics")


# What tests/run.sh gave every test before: on a 2-core machine shared with other work, the
# slowest test has taken 355 s, and the first of a process also starts its clusters.
DEFAULT_TIMEOUT_S = 600


def pytest_collection_modifyitems(config, items):
    def rank(item):
        name = item.module.__name__
        return LONGEST_FIRST.index(name) if name in LONGEST_FIRST else len(LONGEST_FIRST)
    items.sort(key=rank)        # stable: a file's tests keep their order
    for item in items:
        if item.get_closest_marker("timeout") is None:
            item.add_marker(pytest.mark.timeout(DEFAULT_TIMEOUT_S))


@pytest.fixture(scope="session")
def java():
    return kh.Java()


# The session's clusters once started (kafka_clusters), for module_topics.
_session_clusters = {}


@pytest.fixture(scope="session")
def kafka_clusters(java):
    clusters = kh.start_clusters([("source", 1), ("target", 1)], java=java)
    _session_clusters.update(clusters)
    yield clusters
    _session_clusters.clear()
    for c in clusters.values():
        c.kill()


def _topics(cluster):
    return {t for t in cluster.admin().list_topics(timeout=30).topics if not t.startswith("__")}


@pytest.fixture(scope="module", autouse=True)
def module_topics():
    """Deletes, when the module ends, the topics made on the session clusters while it ran
    (after its workers stopped: module fixtures it uses end before this one). A module that
    starts the clusters has made every topic they hold but Kafka's own (__...)."""
    before = {name: _topics(c) for name, c in _session_clusters.items()}
    yield
    for name, c in _session_clusters.items():
        made = sorted(_topics(c) - before.get(name, set()))
        if not made:
            continue
        from confluent_kafka import KafkaError, KafkaException
        admin = c.admin()
        for f in admin.delete_topics(made, operation_timeout=30).values():
            try:
                f.result(60)
            except KafkaException as e:        # gone since it was listed
                if e.args[0].code() != KafkaError.UNKNOWN_TOPIC_OR_PART:
                    raise
        deadline = time.monotonic() + 30
        while _topics(c) & set(made):
            assert time.monotonic() < deadline, f"{name}: topics still listed after delete"
            time.sleep(0.2)


@pytest.fixture(scope="session")
def source_cluster(kafka_clusters):
    return kafka_clusters["source"]


@pytest.fixture(scope="session")
def target_cluster(kafka_clusters):
    return kafka_clusters["target"]


@pytest.fixture
def workers(tmp_path, target_cluster):
    """workers.start(props=None, cluster=target, ...) -> a running Worker (REST answering)."""
    factory = WorkerFactory(tmp_path, target_cluster)
    yield factory
    factory.close()
