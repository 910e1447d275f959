"""
tests/integration/test_rest_auth.py - REST basic authentication (rest.extension.classes =
BasicAuthSecurityRestExtension, a JAAS file named by -Djava.security.auth.login.config in
KAFKA_OPTS, PropertyFileLoginModule's users file), side by side with Java workers.

Two kconnect workers and two Java workers (a group each, same brokers, same JAAS and users
files) get the same requests: every endpoint without credentials, with a wrong password,
an unknown user and malformed headers is refused as Java refuses it (status, Content-Type,
WWW-Authenticate, body: compared with Java's answer); with credentials every endpoint works
through the follower, which forwards what only the leader may do with the caller's
credentials. Then what Java does not do: the users file read again when it changes, a
leader's refusal of a forwarded request reaching the caller, and start-up refusals before
any port opens; JAAS set-ups compared with Java one by one; basic auth over https with
client certificates required.

SPDX-License-Identifier: Apache-2.0
"""

import base64
import os
import re
import socket

import pytest
import requests

import kafka_harness as kh
from kconnect import WorkerFactory, base_properties
from test_cluster import wait_for
from test_rest_server import client_auth_properties, make_pki

EXT = "org.apache.kafka.connect.rest.basic.auth.extension.BasicAuthSecurityRestExtension"
PFLM = "org.apache.kafka.connect.rest.basic.auth.extension.PropertyFileLoginModule"
JAAS_KEY = "java.security.auth.login.config"
REFUSAL = "User cannot access the resource."


def basic(text):
    return "Basic " + base64.b64encode(text.encode()).decode()


ALICE = {"Authorization": basic("alice:alice-pw")}
CAROL = {"Authorization": basic("carol:carol-pw")}

# (what, Authorization header or None)
BAD_CREDENTIALS = [
    ("no credentials", None),
    ("a wrong password", basic("alice:alice-pw2")),
    ("an unknown user", basic("mallory:alice-pw")),
    ("another scheme", "Bearer " + base64.b64encode(b"alice:alice-pw").decode()),
    ("no colon", basic("alicealice-pw")),
    ("an empty user name", basic(":alice-pw")),
    ("a scheme alone", "Basic"),
    ("not base64", "Basic !!!"),
    ("two spaces", "Basic  " + base64.b64encode(b"alice:alice-pw").decode()),
    ("a padding in the middle", "Basic YWJj="),
    ("one character", "Basic A"),
]


def write(path, text):
    """Writes a file as careful writers do: a new file renamed over the old one."""
    tmp = f"{path}.tmp"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, path)
    return path


def jaas_file(directory, body, name="jaas.conf"):
    return write(os.path.join(directory, name), body)


def connect_entry(users):
    return f'KafkaConnect {{\n  {PFLM} required\n  file="{users}";\n}};\n'


def leader_url(log):
    """The leaderUrl of the last "Joined group at generation" line of a worker's log (Java's
    and kconnect's say it alike), and that generation."""
    lines = [ln for ln in log.splitlines() if "Joined group at generation" in ln]
    if not lines:
        return None, None
    m = re.search(r"generation (\d+) .*leaderUrl='([^']*)'", lines[-1])
    return (int(m.group(1)), m.group(2).rstrip("/")) if m else (None, None)


def leader_and_follower(workers):
    """(leader, follower) of two workers of one group, once both joined one generation."""
    def settled():
        seen = [leader_url(w.log()) for w in workers]
        if seen[0][0] is None or seen[0] != seen[1]:
            return None
        leader = [w for w in workers if w.url == seen[0][1]]
        return (leader[0], [w for w in workers if w is not leader[0]][0]) if leader else None
    return wait_for(settled, timeout=120, what="both workers in one generation")


class JavaWorker(kh.JavaConnectWorker):
    """A Java worker whose JVM gets -Djava.security.auth.login.config (KAFKA_OPTS)."""

    def __init__(self, java, workdir, props, name, jaas):
        super().__init__(java, workdir, props, name=name,
                         jvm=kh.JavaConnectWorker.TEST_JVM + [f"-D{JAAS_KEY}={jaas}"])

    def started(self, headers=ALICE):
        self.wait_log("Kafka Connect started", timeout=180)
        wait_for(lambda: self.get("/", headers=headers).status_code == 200, timeout=60,
                 what="the Java worker answering")
        return self


def kconnect_worker(factory, props, jaas, headers=ALICE):
    """A started kconnect worker whose KAFKA_OPTS names the JAAS file, as an operator's
    connect-distributed.sh environment does."""
    w = factory.create(props, env={"KAFKA_OPTS": f"-Xmx1g -D{JAAS_KEY}={jaas}"}).start()
    w.wait_rest(headers=headers)
    return w


def auth_props(cluster, group):
    """A worker of group with basic auth, CORS, and the admin resources on its listeners."""
    p = base_properties(cluster, suffix=group)
    p.update({"rest.extension.classes": EXT,
              "access.control.allow.origin": "http://ui.example",
              "access.control.allow.methods": "GET,POST,PUT,DELETE"})
    return p


# ---- two kconnect and two Java workers, alike -------------------------------------------

@pytest.fixture(scope="module")
def sides(tmp_path_factory, target_cluster, java):
    """{"java": (leader, follower), "kconnect": (leader, follower)}: a group each."""
    d = str(tmp_path_factory.mktemp("auth"))
    users = write(os.path.join(d, "users.properties"), "alice=alice-pw\nbob=bob-pw\n")
    jaas = jaas_file(d, "// the worker's REST users\n" + connect_entry(users))
    factory = WorkerFactory(d, target_cluster)
    made = []
    try:
        javas, kcs = [], []
        for i in range(2):
            jw = JavaWorker(java, d, auth_props(target_cluster, f"auth-java-{os.getpid()}"),
                            f"java-{i}", jaas)
            made.append(jw.start())
            javas.append(jw)
        for i in range(2):
            kcs.append(kconnect_worker(factory, auth_props(target_cluster,
                                                           f"auth-kc-{os.getpid()}"), jaas))
        for jw in javas:
            jw.started()
        yield {"java": leader_and_follower(javas), "kconnect": leader_and_follower(kcs),
               "dir": d}
    finally:
        for jw in made:
            jw.stop()
        factory.close()


SOURCE_FILE = os.devnull


def source_config(topic="auth-t"):
    return {"connector.class": "FileStreamSource", "file": SOURCE_FILE, "topic": topic,
            "tasks.max": "1"}


# Every resource, as (method, path, JSON body or None).
ENDPOINTS = [
    ("GET", "/", None),
    ("GET", "/health", None),
    ("GET", "/connectors", None),
    ("GET", "/connectors?expand=status", None),
    ("POST", "/connectors", {"name": "c", "config": source_config()}),
    ("GET", "/connectors/c", None),
    ("DELETE", "/connectors/c", None),
    ("GET", "/connectors/c/config", None),
    ("PUT", "/connectors/c/config", source_config()),
    ("PATCH", "/connectors/c/config", {"tasks.max": "2"}),
    ("GET", "/connectors/c/status", None),
    ("GET", "/connectors/c/tasks", None),
    ("GET", "/connectors/c/tasks/0/status", None),
    ("POST", "/connectors/c/tasks/0/restart", None),
    ("POST", "/connectors/c/restart?includeTasks=true", None),
    ("PUT", "/connectors/c/pause", None),
    ("PUT", "/connectors/c/resume", None),
    ("PUT", "/connectors/c/stop", None),
    ("GET", "/connectors/c/offsets", None),
    ("PATCH", "/connectors/c/offsets", {"offsets": []}),
    ("DELETE", "/connectors/c/offsets", None),
    ("GET", "/connectors/c/topics", None),
    ("PUT", "/connectors/c/topics/reset", None),
    ("GET", "/connector-plugins", None),
    ("GET", "/connector-plugins/FileStreamSource/config", None),
    ("PUT", "/connector-plugins/FileStreamSource/config/validate", source_config()),
    ("GET", "/admin/loggers", None),
    ("GET", "/admin/loggers/root", None),
    ("PUT", "/admin/loggers/org.apache.kafka.connect", {"level": "INFO"}),
    ("OPTIONS", "/connectors", None),
    ("HEAD", "/connectors", None),
]


# Java answers these while a rebalance it expects is pending, or while its leader has not
# yet read back a config it just wrote (a restart right after a PATCH), for the client to
# ask again (README: compatibility); kconnect waits them out. Java is asked again, until a
# deadline; kconnect never.
JAVA_ASK_AGAIN = [
    {"error_code": 500, "message": "Request cannot be completed because a rebalance is expected"},
    {"error_code": 409, "message": "Cannot complete request momentarily due to stale "
                                   "configuration (typically caused by a concurrent config "
                                   "change)"},
]


def send(w, method, path, body, headers, port=None):
    url = f"http://127.0.0.1:{port or w.port}{path}"
    h = {"Content-Type": "application/json"} if body is not None else {}
    h.update(headers)

    def answer():
        r = requests.request(method, url, json=body, headers=h, timeout=95)
        asked_again = isinstance(w, kh.JavaConnectWorker) and r.status_code in (409, 500) \
            and r.text.startswith("{") and r.json() in JAVA_ASK_AGAIN
        return None if asked_again else [r]            # a Response of 4xx is false
    return wait_for(answer, timeout=90, what=f"{method} {path} answered after the rebalance")[0]


def same_answer(j, k, what):
    """kconnect answered as Java did: status, body and the headers that matter."""
    if j.status_code == 500 and k.status_code == 400:
        # Credentials that are not base64: Java's decoder exception escapes its filter (500);
        # a client's mistake is 400 here, with the decoder's own words (README).
        if j.request.method == "HEAD":
            assert j.text == k.text == "", what
        elif j.text == "":
            # OPTIONS: the exception escapes even Java's exception mapper, an empty 500.
            assert k.json()["error_code"] == 400 and k.json()["message"], (what, k.text)
        else:
            assert k.json() == {"error_code": 400, "message": j.json()["message"]}, (what,
                                                                                     j.text)
        return
    assert (j.status_code, j.text) == (k.status_code, k.text), (what, j.text, k.text)
    for h in ("Content-Type", "WWW-Authenticate", "Access-Control-Allow-Origin", "Vary"):
        assert j.headers.get(h) == k.headers.get(h), (what, h, j.headers, k.headers)
    assert set(j.headers.get("Access-Control-Allow-Methods", "").split(",")) == \
        set(k.headers.get("Access-Control-Allow-Methods", "").split(",")), what


def test_refused_as_java_refuses(sides):
    """Every endpoint, on the follower, with each kind of bad credentials: Java's answer. The
    refusal is 401 "User cannot access the resource." without WWW-Authenticate, whatever
    the resource; credentials that are not base64 are Java's 500, our 400."""
    jw, kw = sides["java"][1], sides["kconnect"][1]
    refusals = 0
    for method, path, body in ENDPOINTS:
        for what, auth in BAD_CREDENTIALS:
            headers = {"Authorization": auth} if auth else {}
            j, k = (send(w, method, path, body, headers) for w in (jw, kw))
            same_answer(j, k, f"{method} {path} with {what}")
            assert j.status_code in (401, 500), (method, path, what, j.status_code, j.text)
            assert "WWW-Authenticate" not in j.headers
            refusals += j.status_code == 401
    assert refusals == len(ENDPOINTS) * 7
    # A CORS preflight is a request like the others: refused, with the CORS headers.
    cors = {"Origin": "http://ui.example", "Access-Control-Request-Method": "PUT"}
    j, k = (send(w, "OPTIONS", "/connectors", None, cors) for w in (jw, kw))
    same_answer(j, k, "a CORS preflight without credentials")
    assert j.status_code == 401 and j.headers["Access-Control-Allow-Origin"] == "http://ui.example"


def test_what_the_filter_does_not_judge(sides):
    """Unknown paths, wrong methods and media types are answered before the filter runs;
    the internal endpoints pass it (their signature is checked by the resource). (An admin
    listener, never filtered: test_jaas_setups_as_java.)"""
    jw, kw = sides["java"][1], sides["kconnect"][1]
    for method, path, body, headers in [
        ("GET", "/nowhere", None, {}),
        ("DELETE", "/", None, {}),
        ("PUT", "/connectors/c/pause", None, {"Content-Type": "text/plain"}),
        ("POST", "/connectors/c/tasks", [], {}),
        ("PUT", "/connectors/c/fence", None, {}),
        ("POST", "/connectors/c/tasks/", [], {"Authorization": basic("mallory:x")}),
    ]:
        j, k = (send(w, method, path, body, headers) for w in (jw, kw))
        assert j.status_code not in (401, 500), (method, path, j.status_code, j.text)
        assert (j.status_code, j.json()) == (k.status_code, k.json()), (method, path, j.text,
                                                                         k.text)


def wait_stopped(w, name):
    def stopped():
        r = send(w, "GET", f"/connectors/{name}/status", None, ALICE)
        return r.status_code == 200 and r.json()["connector"]["state"] == "STOPPED" and \
            r.json()["tasks"] == []
    wait_for(stopped, timeout=60, what=f"{name} stopped on {w.url}")


def test_every_endpoint_works_with_credentials(sides):
    """The same sequence through each side's follower: what only the leader may do (create,
    reconfigure, restart, pause, stop, offsets, delete) is forwarded with the caller's
    credentials, and each step answers as Java's does."""
    name = "auth-src"
    steps = [
        ("GET", "/", None),
        ("GET", "/health", None),
        ("GET", "/connector-plugins", None),
        ("GET", "/connector-plugins/FileStreamSource/config", None),
        ("PUT", "/connector-plugins/FileStreamSource/config/validate", source_config()),
        ("POST", "/connectors", {"name": name, "config": source_config()}),
        "wait: known",
        "wait: running",
        ("GET", "/connectors", None),
        ("GET", f"/connectors/{name}", None),
        ("GET", f"/connectors/{name}/config", None),
        ("PUT", f"/connectors/{name}/config", source_config("auth-t2")),
        ("PATCH", f"/connectors/{name}/config", {"topic": "auth-t3"}),
        ("GET", f"/connectors/{name}/status", None),
        ("GET", f"/connectors/{name}/tasks", None),
        ("GET", f"/connectors/{name}/topics", None),
        ("POST", f"/connectors/{name}/restart", None),
        ("PUT", f"/connectors/{name}/pause", None),
        ("PUT", f"/connectors/{name}/resume", None),
        ("PUT", f"/connectors/{name}/stop", None),
        "wait: stopped",
        ("GET", f"/connectors/{name}/offsets", None),
        ("PATCH", f"/connectors/{name}/offsets",
         {"offsets": [{"partition": {"filename": SOURCE_FILE}, "offset": {"position": 0}}]}),
        ("DELETE", f"/connectors/{name}/offsets", None),
        ("PUT", f"/connectors/{name}/resume", None),
        ("GET", "/admin/loggers", None),
        ("PUT", "/admin/loggers/org.apache.kafka.connect.runtime.rest", {"level": "INFO"}),
        ("DELETE", f"/connectors/{name}", None),
    ]
    statuses = {}
    for side in ("java", "kconnect"):
        leader, follower = sides[side]
        out = []
        for step in steps:
            if step == "wait: known":
                wait_for(lambda: send(follower, "GET", f"/connectors/{name}", None,
                                      ALICE).status_code == 200,
                         timeout=60, what=f"{name} known to the {side} follower")
                continue
            if step == "wait: stopped":
                wait_stopped(follower, name)
                continue
            if step == "wait: running":
                wait_for(lambda: send(follower, "GET", f"/connectors/{name}/status", None, ALICE)
                         .json().get("connector", {}).get("state") == "RUNNING",
                         timeout=60, what=f"{name} running, seen from the {side} follower")
                continue
            method, path, body = step
            r = send(follower, method, path, body, ALICE)
            assert r.status_code < 300, (side, method, path, r.status_code, r.text)
            out.append((method, path, r.status_code))
        statuses[side] = out
        # The forwarded writes reached the leader: it knows the connector is gone too.
        wait_for(lambda: name not in send(leader, "GET", "/connectors", None, ALICE).json(),
                 timeout=30, what=f"the {side} leader without {name}")
    assert statuses["java"] == statuses["kconnect"]


# ---- the users file, read again ---------------------------------------------------------

def test_users_file_changes_take_effect_without_restart(workers, tmp_path):
    """Java reads the users file once; kconnect whenever it changes: a user added can log in,
    a user removed cannot, at once and without a restart."""
    users = write(str(tmp_path / "users.properties"), "alice=alice-pw\n")
    jaas = jaas_file(str(tmp_path), connect_entry(users))
    w = kconnect_worker(workers, workers.properties(**{"rest.extension.classes": EXT}), jaas)
    pid = w.proc.pid
    assert w.get("/connectors", headers=CAROL).status_code == 401
    write(users, "alice=alice-pw\ncarol=carol-pw\n")
    wait_for(lambda: w.get("/connectors", headers=CAROL).status_code == 200, timeout=10,
             what="carol let in")
    write(users, "carol=carol-pw\n")
    wait_for(lambda: w.get("/connectors", headers=ALICE).status_code == 401, timeout=10,
             what="alice refused")
    assert w.get("/connectors", headers=CAROL).status_code == 200
    # Emptied after it had users: every request is refused (Java lets every request through
    # only with a users file empty from the start; a truncating writer must not open it).
    write(users, "# nobody\n")
    wait_for(lambda: w.get("/connectors", headers=CAROL).status_code == 401, timeout=10,
             what="carol refused")
    assert w.get("/connectors").status_code == 401
    assert w.proc.poll() is None and w.proc.pid == pid
    assert w.log().count("Kafka Connect started") == 1


def test_leader_refusal_of_a_forwarded_request_reaches_the_caller(workers, tmp_path):
    """Workers whose users files differ: what the follower accepts and the leader refuses is
    the leader's 401 to the caller (Java's follower cannot read that answer as JSON and
    answers 500)."""
    d = str(tmp_path)
    base = workers.properties(**{"rest.extension.classes": EXT})
    ws = []
    for i, text in enumerate(("alice=alice-pw\n", "alice=alice-pw\ncarol=carol-pw\n")):
        users = write(os.path.join(d, f"users{i}.properties"), text)
        jaas = jaas_file(d, connect_entry(users), name=f"jaas{i}.conf")
        ws.append(kconnect_worker(workers, dict(base), jaas))
    leader, follower = leader_and_follower(ws)
    # Each knows the other's users file: make the follower the one that knows carol.
    fu = os.path.join(d, f"users{ws.index(follower)}.properties")
    lu = os.path.join(d, f"users{ws.index(leader)}.properties")
    write(fu, "alice=alice-pw\ncarol=carol-pw\n")
    write(lu, "alice=alice-pw\n")
    r = send(follower, "POST", "/connectors", {"name": "x", "config": source_config()}, CAROL)
    assert (r.status_code, r.text, r.headers["Content-Type"]) == \
        (401, REFUSAL, "application/json"), r.text
    r = send(follower, "POST", "/connectors", {"name": "x", "config": source_config()}, ALICE)
    assert r.status_code == 201, r.text


# ---- start-up ---------------------------------------------------------------------------

def port_free(port):
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) != 0


@pytest.mark.parametrize("extensions,named", [
    ("com.example.AuditExtension", "com.example.AuditExtension"),
    (f"{EXT}, com.example.AuditExtension", "com.example.AuditExtension"),
])
def test_an_extension_we_do_not_have_stops_the_worker_before_it_listens(workers, tmp_path,
                                                                         extensions, named):
    users = write(str(tmp_path / "users.properties"), "alice=alice-pw\n")
    jaas = jaas_file(str(tmp_path), connect_entry(users))
    port = kh.free_ports(1)[0]
    w = workers.create(workers.properties(**{"rest.extension.classes": extensions,
                                             "listeners": f"http://127.0.0.1:{port}"}),
                       env={"KAFKA_OPTS": f"-D{JAAS_KEY}={jaas}"})
    w.port = port
    w.start()
    assert w.wait_exit(30) == 2
    assert f"rest.extension.classes={extensions} is refused: REST extension {named} is not " \
           "implemented" in w.log(), w.log()
    assert "REST listener on" not in w.log() and port_free(port)


@pytest.mark.parametrize("jaas_text,where,words", [
    (None, "KAFKA_OPTS", "Failed to retrieve JAAS configuration (KAFKA_OPTS "
                         "-Djava.security.auth.login.config): cannot read"),
    ("KafkaConnect { " + PFLM + " required file=\"u\" };\n", "KAFKA_OPTS",
     "jaas.conf:1: expected [option key]"),
    ("KafkaConnect {\n  com.example.LdapLoginModule sufficient;\n  " + PFLM +
     " required file=\"u\";\n};\n", "KAFKA_OPTS",
     "jaas.conf:2: login module com.example.LdapLoginModule is not implemented"),
    ("KafkaConnect { " + PFLM + " required file=\"u\"; };\n", "both",
     "differs from -Djava.security.auth.login.config"),
])
def test_a_jaas_configuration_we_cannot_follow_stops_the_worker_before_it_listens(
        workers, tmp_path, jaas_text, where, words):
    """Java fails at start on a JAAS file it cannot read or parse too (after it opened its
    port); an unknown login module it would load, kconnect has none but its own."""
    jaas = str(tmp_path / "jaas.conf")
    if jaas_text is not None:
        jaas_file(str(tmp_path), jaas_text)
    port = kh.free_ports(1)[0]
    props = {"rest.extension.classes": EXT, "listeners": f"http://127.0.0.1:{port}"}
    if where == "both":
        props[JAAS_KEY] = jaas + ".other"
    w = workers.create(workers.properties(**props), env={"KAFKA_OPTS": f"-D{JAAS_KEY}={jaas}"})
    w.port = port
    w.start()
    assert w.wait_exit(30) == 2
    assert words in w.log(), w.log()
    assert "REST listener on" not in w.log() and port_free(port)


def test_jaas_file_from_the_worker_file(workers, tmp_path):
    """Without KAFKA_OPTS, java.security.auth.login.config in the worker file names it (a
    unit with no JVM options); no warning for that key."""
    users = write(str(tmp_path / "users.properties"), "alice=alice-pw\n")
    jaas = jaas_file(str(tmp_path), connect_entry(users))
    w = workers.create(workers.properties(**{"rest.extension.classes": EXT, JAAS_KEY: jaas}))
    w.env.pop("KAFKA_OPTS", None)
    w.start()
    w.wait_rest(headers=ALICE)
    assert w.get("/connectors").status_code == 401
    assert f"unknown configuration '{JAAS_KEY}'" not in w.log()


# ---- JAAS set-ups, Java and kconnect one by one --------------------------------------------

@pytest.mark.parametrize("case", [
    "empty users file", "other entry", "no KafkaConnect entry", "no file option",
    "users file missing", "requisite failure first", "sufficient success first",
])
def test_jaas_setups_as_java(case, workers, tmp_path, java, target_cluster):
    """Each set-up Java handles at request time, one Java and one kconnect worker: no
    credentials, alice's and carol's (alice in the users file, carol in a second one). Each
    also has an admin listener, which Java does not filter: neither does kconnect."""
    d = str(tmp_path)
    users = write(os.path.join(d, "users.properties"),
                  "" if case == "empty users file" else "alice=alice-pw\n")
    users2 = write(os.path.join(d, "users2.properties"), "carol=carol-pw\n")
    body = {
        "empty users file": connect_entry(users),
        "other entry": f'other {{ {PFLM} required file="{users2}"; }};\n',
        "no KafkaConnect entry": f'KafkaServer {{ {PFLM} required file="{users}"; }};\n',
        "no file option": f"KafkaConnect {{ {PFLM} required; }};\n",
        "users file missing": connect_entry(os.path.join(d, "nowhere.properties")),
        "requisite failure first": f'KafkaConnect {{ {PFLM} requisite file="{d}/none"; '
                                   f'{PFLM} sufficient file="{users}"; }};\n',
        "sufficient success first": f'KafkaConnect {{ {PFLM} sufficient file="{users}"; '
                                    f'{PFLM} required file="{users2}"; {PFLM} required; }};\n',
    }[case]
    jaas = jaas_file(d, body)
    ports = kh.free_ports(4)

    def props(base, listener, admin):
        return dict(base, **{"rest.extension.classes": EXT,
                             "listeners": f"http://127.0.0.1:{listener}",
                             "admin.listeners": f"http://127.0.0.1:{admin}"})

    jw = JavaWorker(java, d, props(base_properties(target_cluster), ports[0], ports[1]),
                    "java-case", jaas)
    jw.port, jw.admin_port = ports[0], ports[1]
    jw.start()
    try:
        kw = workers.create(props(workers.properties(), ports[2], ports[3]),
                            env={"KAFKA_OPTS": f"-D{JAAS_KEY}={jaas}"})
        kw.port, kw.admin_port = ports[2], ports[3]
        kw.start()
        kw.wait_log("Kafka Connect started")
        jw.wait_log("Kafka Connect started", timeout=180)
        for who, headers in (("nobody", {}), ("alice", ALICE), ("carol", CAROL)):
            j, k = (send(w, "GET", "/connectors", None, headers) for w in (jw, kw))
            same_answer(j, k, f"{case}: {who}")
        j, k = (send(w, "GET", "/admin/loggers/root", None, {}, port=w.admin_port)
                for w in (jw, kw))
        assert j.status_code == k.status_code == 200, (j.text, k.text)
    finally:
        jw.stop()


# ---- https ------------------------------------------------------------------------------

def test_basic_auth_over_https_with_client_certificates(workers, tmp_path):
    """ssl.client.auth=required and basic auth together: the certificate opens the
    connection, the credentials the resource."""
    pki = make_pki(str(tmp_path))
    users = write(str(tmp_path / "users.properties"), "alice=alice-pw\n")
    jaas = jaas_file(str(tmp_path), connect_entry(users))
    props, http, https = client_auth_properties(workers, pki, "required", "PEM",
                                                **{"rest.extension.classes": EXT})
    w = workers.create(props, env={"KAFKA_OPTS": f"-D{JAAS_KEY}={jaas}"})
    w.port = http
    w.start()
    w.wait_rest(headers=ALICE)
    url = f"https://127.0.0.1:{https}/connectors"
    cert = (pki["client.pem"], pki["client.key"])
    r = requests.get(url, verify=pki["ca.pem"], cert=cert, headers=ALICE, timeout=15)
    assert r.status_code == 200, r.text
    r = requests.get(url, verify=pki["ca.pem"], cert=cert, timeout=15)
    assert (r.status_code, r.text) == (401, REFUSAL)
    r = requests.get(url, verify=pki["ca.pem"], cert=cert,
                     headers={"Authorization": basic("alice:nope")}, timeout=15)
    assert r.status_code == 401
    with pytest.raises((requests.exceptions.SSLError, requests.exceptions.ConnectionError)):
        requests.get(url, verify=pki["ca.pem"], headers=ALICE, timeout=15)
