"""
tests/integration/test_service.py - kconnect under a Type=notify systemd unit: the test
plays the service manager, listening on a notify socket of its own (NOTIFY_SOCKET, as
systemd sets it) and checking READY=1 (sent once REST answers and the worker has joined),
STOPPING=1 on SIGTERM, and WATCHDOG=1 pings at half of WATCHDOG_USEC; and `make install`
with PREFIX and DESTDIR.

SPDX-License-Identifier: Apache-2.0
"""

import os
import signal
import socket
import subprocess
import time
import uuid

import pytest
import requests

from kconnect import KCONNECT_BIN, TOP, Worker, runbook3_mm2_properties, write_properties


class NotifySocket:
    """An abstract AF_UNIX datagram socket, as systemd's notify socket is one."""

    def __init__(self):
        self.name = f"kconnect-test-{uuid.uuid4().hex}"
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind("\0" + self.name)
        self.messages = []          # (monotonic time, text)

    @property
    def env(self):
        return {"NOTIFY_SOCKET": "@" + self.name}

    def wait_for(self, text, timeout=60, on_arrival=None):
        """Until a datagram holding the line `text` arrives; on_arrival runs the moment it
        does (to look at the worker then). Returns the time it arrived."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.sock.settimeout(max(0.01, deadline - time.monotonic()))
            try:
                data = self.sock.recv(4096).decode()
            except socket.timeout:
                break
            now = time.monotonic()
            self.messages.append((now, data))
            if text in data.split("\n"):
                if on_arrival is not None:
                    on_arrival()
                return now
        raise AssertionError(f"no {text} within {timeout}s; got {self.messages}")

    def close(self):
        self.sock.close()


@pytest.fixture
def notify():
    n = NotifySocket()
    yield n
    n.close()


def answers_now(url):
    """What the worker answers the moment READY=1 arrives: GET / and GET /connectors."""
    seen = {}

    def check():
        seen["root"] = requests.get(url + "/", timeout=5).status_code
        seen["connectors"] = requests.get(url + "/connectors", timeout=5).status_code
    return seen, check


def test_distributed_ready_stopping_and_watchdog(workers, notify):
    w = workers.create(env=dict(notify.env, WATCHDOG_USEC="400000"))
    started = time.monotonic()
    w.start()
    seen, check = answers_now(w.url)
    notify.wait_for("READY=1", timeout=90, on_arrival=check)
    # REST answered and the herder had joined: a request needing it is served, not a 409
    # or a wait for start-up.
    assert seen == {"root": 200, "connectors": 200}, seen
    assert "Joined group at generation" in w.log()
    # WATCHDOG=1 at 200 ms: count the pings of 2 s (a missed beat would lose 1 of ~10).
    t0 = time.monotonic()
    while time.monotonic() - t0 < 2.0:
        notify.wait_for("WATCHDOG=1", timeout=1)
    pings = [t for t, m in notify.messages if "WATCHDOG=1" in m.split("\n") and t >= t0]
    assert len(pings) >= 9, pings
    assert max(b - a for a, b in zip(pings, pings[1:])) < 0.4
    assert pings[0] - started < 90
    w.proc.send_signal(signal.SIGTERM)
    notify.wait_for("STOPPING=1", timeout=30)
    assert w.proc.wait(30) == 0


def test_no_watchdog_without_watchdog_usec(workers, notify):
    w = workers.create(env=notify.env).start()
    notify.wait_for("READY=1", timeout=90)
    notify.messages.clear()
    with pytest.raises(AssertionError):
        notify.wait_for("WATCHDOG=1", timeout=1.5)
    assert w.stop() == 0


def test_standalone_ready_after_its_connector_files(tmp_path, target_cluster, notify):
    src = tmp_path / "in.txt"
    src.write_text("x\n")
    connector = write_properties(str(tmp_path / "c.properties"), {
        "name": "fs", "connector.class": "FileStreamSource", "file": str(src),
        "topic": f"svc-{uuid.uuid4().hex[:8]}"})
    props = {"offset.storage.file.filename": str(tmp_path / "offsets"),
             "key.converter": "org.apache.kafka.connect.storage.StringConverter",
             "value.converter": "org.apache.kafka.connect.storage.StringConverter"}
    props.update(target_cluster.java_client_properties())
    w = Worker(str(tmp_path), props, env=notify.env, name="standalone")
    w.cmd = [KCONNECT_BIN, "standalone", w.config_path, connector]
    w.start()
    seen = {}

    def check():
        seen["connectors"] = requests.get(w.url + "/connectors", timeout=5).json()
    notify.wait_for("READY=1", timeout=90, on_arrival=check)
    assert seen == {"connectors": ["fs"]}
    w.proc.send_signal(signal.SIGTERM)
    notify.wait_for("STOPPING=1", timeout=30)
    assert w.proc.wait(30) == 0


def test_mirror_maker_ready_and_stopping(tmp_path, source_cluster, target_cluster, notify):
    topic = f"svc-mm-{uuid.uuid4().hex[:8]}"
    source_cluster.create_topic(topic)
    path = write_properties(str(tmp_path / "flows.properties"),
                            runbook3_mm2_properties(source_cluster, target_cluster, topic,
                                                    src=f"s{uuid.uuid4().hex[:8]}"))
    w = Worker(str(tmp_path), {}, env=notify.env, name="mm2")
    w.cmd = [KCONNECT_BIN, "mirror-maker", path]
    w.start()
    notify.wait_for("READY=1", timeout=120)
    assert "Kafka MirrorMaker started" in w.log()
    w.proc.send_signal(signal.SIGTERM)
    notify.wait_for("STOPPING=1", timeout=30)
    assert w.proc.wait(60) == 0


def test_make_install_with_prefix_and_destdir(tmp_path):
    dest = tmp_path / "dest"
    p = subprocess.run(["make", "-s", "install", f"DESTDIR={dest}", "PREFIX=/opt/kc",
                        f"KCONNECT_INSTALL_BIN={KCONNECT_BIN}"], cwd=TOP, capture_output=True,
                       text=True, timeout=600)
    assert p.returncode == 0, p.stdout + p.stderr
    root = dest / "opt" / "kc"
    for f in ("bin/kconnect", "bin/connect-distributed.sh", "bin/connect-standalone.sh",
              "bin/connect-mirror-maker.sh", "bin/kconnect-run-class.sh"):
        assert os.access(root / f, os.X_OK), f
    assert (root / "share" / "kconnect" / "examples" / "connect-distributed.properties").exists()
    assert (root / "share" / "kconnect" / "examples" / "1-mirror-source-curl" /
            "kconnect.service").exists()
    # The installed wrapper runs the installed binary, wherever DESTDIR put it.
    v = subprocess.run([str(root / "bin" / "kconnect"), "version"], capture_output=True,
                       text=True, timeout=30)
    assert v.returncode == 0 and v.stdout.startswith("kconnect "), v
    r = subprocess.run([str(root / "bin" / "connect-standalone.sh")], capture_output=True,
                       text=True, timeout=30)
    assert r.returncode == 1 and "USAGE" in r.stdout
