#!/usr/bin/env python3
"""
tests/fuzz/capture_seeds.py - seeds for the fuzz targets that read a broker's bytes, taken
from a real broker rather than written by hand.

One Kafka broker (tests/kafka/kafka_harness.py) runs behind a recording proxy, and Connect
group members (build/tests/group_probe, kconnect's own protocol/ code) join a group through
it: two members without a login (so that a rebalance, a leader with two members and a
follower happen), then one member for each SASL mechanism kconnect speaks, then two logins
the broker refuses. The proxy records every frame each way and points FindCoordinator
answers at itself, so that the coordinator's connection is recorded too.

    eval "$(tests/setup.sh env)"; export KAFKA_LIBS
    make build/tests/group_probe
    $KC_VENV/bin/python tests/fuzz/capture_seeds.py [SEEDS_DIR]

writes, under SEEDS_DIR (tests/fuzz/seeds by default), files named captured_*:

    fuzz_kafka_conn/       the byte stream of a connection, as the broker sent it, after the
                           login byte tests/fuzz/fuzz_kafka_conn.c reads first
    fuzz_group_responses/  FindCoordinator, SyncGroup, Heartbeat and LeaveGroup bodies
    fuzz_group_join/       JoinGroup bodies
    fuzz_connect_protocol/ a member's metadata and an assignment, as the members sent them
    fuzz_scram/            server-first and server-final messages, in fuzz_scram.c's framing

Every run draws new member ids and SCRAM nonces: the bytes differ from run to run, their
shapes do not.

SPDX-License-Identifier: Apache-2.0
"""

import base64
import os
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(TOP, "tests", "kafka"))

import kafka_harness  # noqa: E402

PROBE = os.path.join(TOP, "build", "tests", "group_probe")

API_FIND_COORDINATOR, API_JOIN_GROUP, API_HEARTBEAT, API_LEAVE_GROUP, API_SYNC_GROUP = 10, 11, 12, 13, 14
API_SASL_AUTHENTICATE = 36
# tests/fuzz/fuzz_kafka_conn.c: the first byte picks the login.
LOGIN = {None: 0, "PLAIN": 1, "SCRAM-SHA-256": 2, "SCRAM-SHA-512": 3}
# tests/fuzz/fuzz_group_responses.c: the first byte picks the response.
RESPONSE = {API_FIND_COORDINATOR: (0, "find_coordinator"), API_SYNC_GROUP: (1, "sync_group"),
            API_HEARTBEAT: (2, "heartbeat"), API_LEAVE_GROUP: (3, "leave_group")}


def frames(buf):
    """Complete size-prefixed frames at the start of buf: (list of frames, rest)."""
    out = []
    while len(buf) >= 4:
        size = struct.unpack(">i", buf[:4])[0]
        if len(buf) < 4 + size:
            break
        out.append(buf[:4 + size])
        buf = buf[4 + size:]
    return out, buf


class Connection:
    """One client connection through the proxy: the requests by correlation id, and the
    responses in the order the broker sent them."""

    def __init__(self, login):
        self.login = login
        self.requests = {}           # correlation id -> (api key, version, body)
        self.responses = []          # (api key, version, frame as sent to the client)
        self.lock = threading.Lock()


class Proxy:
    """Listens on a free loopback port for each broker listener; every accepted client gets
    its own connection to the broker, both ways recorded frame by frame."""

    def __init__(self, upstream_ports):
        self.conns = []
        self.port_map = {}           # broker port -> proxy port
        self.login = None            # what the next connections are recorded as
        for up in upstream_ports:
            ls = socket.socket()
            ls.bind(("127.0.0.1", 0))
            ls.listen(16)
            self.port_map[up] = ls.getsockname()[1]
            threading.Thread(target=self._accept, args=(ls, up), daemon=True).start()

    def _accept(self, ls, up):
        while True:
            client, _ = ls.accept()
            broker = socket.create_connection(("127.0.0.1", up))
            conn = Connection(self.login)
            self.conns.append(conn)
            threading.Thread(target=self._requests, args=(client, broker, conn),
                             daemon=True).start()
            threading.Thread(target=self._responses, args=(broker, client, conn),
                             daemon=True).start()

    def _requests(self, client, broker, conn):
        buf = b""
        while True:
            chunk = client.recv(65536)
            if not chunk:
                broker.shutdown(socket.SHUT_WR)
                return
            buf += chunk
            done, buf = frames(buf)
            with conn.lock:          # recorded before the broker can answer it
                for f in done:
                    api, version, corr = struct.unpack(">hhi", f[4:12])
                    client_id_len = struct.unpack(">h", f[12:14])[0]
                    conn.requests[corr] = (api, version, f[14 + max(client_id_len, 0):])
            broker.sendall(chunk)

    def _responses(self, broker, client, conn):
        buf = b""
        while True:
            chunk = broker.recv(65536)
            if not chunk:
                client.close()
                return
            done, buf = frames(buf + chunk)
            for f in done:
                corr = struct.unpack(">i", f[4:8])[0]
                with conn.lock:
                    api, version, _ = conn.requests[corr]
                if api == API_FIND_COORDINATOR and version == 2:
                    # The port ends the v2 body: the coordinator is reached through us too.
                    port = struct.unpack(">i", f[-4:])[0]
                    f = f[:-4] + struct.pack(">i", self.port_map.get(port, port))
                conn.responses.append((api, version, f))
                client.sendall(f)


def probe_properties(directory, proxy, cluster, mechanism, password):
    node = cluster.nodes[0]
    props = {}
    if mechanism is None:
        props["bootstrap.servers"] = f"127.0.0.1:{proxy.port_map[node.plaintext_port]}"
    else:
        props["bootstrap.servers"] = f"127.0.0.1:{proxy.port_map[node.sasl_port]}"
        props["security.protocol"] = "SASL_PLAINTEXT"
        props["sasl.mechanism"] = mechanism
        module = ("org.apache.kafka.common.security.plain.PlainLoginModule"
                  if mechanism == "PLAIN" else
                  "org.apache.kafka.common.security.scram.ScramLoginModule")
        props["sasl.jaas.config"] = (f'{module} required username="admin" '
                                     f'password="{password}";')
    fd, path = tempfile.mkstemp(suffix=".properties", dir=directory)
    with os.fdopen(fd, "w") as f:
        f.writelines(f"{k}={v}\n" for k, v in props.items())
    return path


def run_members(directory, proxy, cluster, group, mechanism=None, password="admin-secret",
                members=1, hold_ms=3000, stagger_s=0.0):
    proxy.login = mechanism
    path = probe_properties(directory, proxy, cluster, mechanism, password)
    procs = []
    for i in range(members):
        if i > 0:
            time.sleep(stagger_s)
        procs.append(subprocess.Popen([PROBE, path, group, f"http://member-{i}:8083/",
                                       "sessioned,compatible,default", str(hold_ms)],
                                      stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                      text=True))
    for p in procs:
        out, _ = p.communicate(timeout=hold_ms / 1000 + 60)
        print(f"  member ({mechanism or 'no login'}): {out.strip()[:300]}")


class Seeds:
    """One file per shape: the same name and size is the same response again, with other
    member ids or nonces."""

    def __init__(self, top):
        self.top = top
        self.seen = set()

    def write(self, target, name, data):
        if (target, name, len(data)) in self.seen:
            return
        self.seen.add((target, name, len(data)))
        d = os.path.join(self.top, target)
        os.makedirs(d, exist_ok=True)
        base, n = f"captured_{name}", 1
        path = os.path.join(d, base)
        while os.path.exists(path):
            n += 1
            path = os.path.join(d, f"{base}_{n}")
        with open(path, "wb") as f:
            f.write(data)


def error_code(api, body):
    if api in (API_FIND_COORDINATOR, API_JOIN_GROUP, API_SYNC_GROUP, API_HEARTBEAT,
               API_LEAVE_GROUP):
        return struct.unpack(">h", body[4:6])[0]      # after ThrottleTimeMs
    return struct.unpack(">h", body[0:2])[0]


def kafka_bytes(b, at):
    n = struct.unpack(">i", b[at:at + 4])[0]
    return b[at + 4:at + 4 + max(n, 0)], at + 4 + max(n, 0)


def kafka_string(b, at):
    n = struct.unpack(">h", b[at:at + 2])[0]
    return b[at + 2:at + 2 + max(n, 0)], at + 2 + max(n, 0)


def scram_seeds(seeds, conn):
    """Server-first and server-final messages, in tests/fuzz/fuzz_scram.c's framing."""
    round_no = 0
    client_nonce = None
    for api, version, frame in conn.responses:
        if api != API_SASL_AUTHENTICATE:
            continue
        corr = struct.unpack(">i", frame[4:8])[0]
        req = conn.requests[corr][2]
        sent, _ = kafka_bytes(req, 0)
        body = frame[8:]
        if error_code(api, body) != 0:
            continue
        _, at = kafka_string(body, 2)
        got, _ = kafka_bytes(body, at)
        mech = conn.login.lower().replace("-", "_")
        if round_no == 0:
            client_nonce = dict(kv.split("=", 1) for kv in sent.decode().split(",")[2:])["r"]
            seeds.write("fuzz_scram", f"server_first_{mech}",
                        b"\x00" + client_nonce.encode() + b"\n" + got)
        else:
            sig = base64.b64decode(got.decode().split("v=", 1)[1].split(",")[0])
            seeds.write("fuzz_scram", f"server_final_{mech}", b"\x01" + sig[:32] + got)
        round_no += 1


def write_seeds(seeds, proxy):
    for i, conn in enumerate(proxy.conns):
        login = conn.login.lower().replace("-", "_") if conn.login else "none"
        kinds = {api for api, _, _ in conn.responses}
        refused = any(api == API_SASL_AUTHENTICATE and error_code(api, f[8:]) != 0
                      for api, _, f in conn.responses)
        role = ("refused" if refused else "coordinator" if API_JOIN_GROUP in kinds
                else "bootstrap")
        stream = b"".join(f for _, _, f in conn.responses)
        if stream:
            seeds.write("fuzz_kafka_conn", f"{login}_{role}",
                        bytes([LOGIN[conn.login]]) + stream)
        if conn.login and conn.login.startswith("SCRAM"):
            scram_seeds(seeds, conn)
        for api, version, frame in conn.responses:
            body = frame[8:]
            ec = error_code(api, body)
            if api in RESPONSE:
                sel, name = RESPONSE[api]
                seeds.write("fuzz_group_responses", f"{name}_ec{ec}", bytes([sel]) + body)
            if api == API_JOIN_GROUP:
                seeds.write("fuzz_group_join", f"join_ec{ec}", body)
            if api == API_SYNC_GROUP and ec == 0:
                assignment, _ = kafka_bytes(body, 6)
                seeds.write("fuzz_connect_protocol", "assignment", assignment)
        for corr, (api, version, body) in sorted(conn.requests.items()):
            if api == API_JOIN_GROUP:
                # group, session and rebalance timeouts, member, instance, protocol type,
                # then the protocols: name and metadata each.
                _, at = kafka_string(body, 0)
                _, at = kafka_string(body, at + 8)
                _, at = kafka_string(body, at)
                _, at = kafka_string(body, at)
                count = struct.unpack(">i", body[at:at + 4])[0]
                at += 4
                for _ in range(count):
                    name, at = kafka_string(body, at)
                    md, at = kafka_bytes(body, at)
                    seeds.write("fuzz_connect_protocol", f"metadata_{name.decode()}", md)


def main(argv):
    out = os.path.abspath(argv[1] if len(argv) > 1 else os.path.join(TOP, "tests", "fuzz",
                                                                        "seeds"))
    if not os.access(PROBE, os.X_OK):
        sys.exit(f"{PROBE} is missing: make build/tests/group_probe")
    cluster = kafka_harness.Cluster("seeds", brokers=1)
    print("starting a broker")
    cluster.start()
    try:
        node = cluster.nodes[0]
        proxy = Proxy([node.plaintext_port, node.sasl_port])
        with tempfile.TemporaryDirectory() as tmp:
            print("two members, no login")
            run_members(tmp, proxy, cluster, "seeds-none", members=2, hold_ms=6000,
                        stagger_s=2.0)
            for mech in ("PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512"):
                print(f"one member, {mech}")
                run_members(tmp, proxy, cluster, f"seeds-{mech.lower()}", mech, hold_ms=1500)
            for mech in ("PLAIN", "SCRAM-SHA-256"):
                print(f"a refused login, {mech}")
                run_members(tmp, proxy, cluster, "seeds-refused", mech, password="wrong",
                            hold_ms=500)
        time.sleep(0.5)             # the last responses reach the proxy's threads
        seeds = Seeds(out)
        write_seeds(seeds, proxy)
        print(f"{len(seeds.seen)} seeds under {out}")
    finally:
        cluster.stop()


if __name__ == "__main__":
    main(sys.argv)
