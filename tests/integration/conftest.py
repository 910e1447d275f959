"""
tests/integration/conftest.py - session-wide Kafka clusters and kconnect worker fixtures.

Two single-broker KRaft clusters, "source" and "target", start once per session (the worker
tests run beside "target", as runbook 1 does). Each test that starts workers gets a factory;
every worker it made is stopped after the test, and a worker whose log shows a sanitizer
report fails the test.

SPDX-License-Identifier: Apache-2.0
"""

import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "kafka"))
sys.path.insert(0, HERE)

import kafka_harness as kh  # noqa: E402
from kconnect import WorkerFactory  # noqa: E402


# The files that take longest, first: tests/run.sh hands whole files to its pytest processes
# as they come free, so a long file left for last would run alone at the end.
LONGEST_FIRST = ("test_cluster", "test_examples", "test_mixed_cluster", "test_mirror_maker",
                 "test_rest_connectors", "test_rest_parity", "test_connector_offsets_topic",
                 "test_harness", "test_mirror")


def pytest_collection_modifyitems(config, items):
    def rank(item):
        name = item.module.__name__
        return LONGEST_FIRST.index(name) if name in LONGEST_FIRST else len(LONGEST_FIRST)
    items.sort(key=rank)        # stable: a file's tests keep their order


@pytest.fixture(scope="session")
def java():
    return kh.Java()


@pytest.fixture(scope="session")
def kafka_clusters(java):
    clusters = kh.start_clusters([("source", 1), ("target", 1)], java=java)
    yield clusters
    for c in clusters.values():
        c.stop()


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
