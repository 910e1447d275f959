"""
tests/integration/test_rest_server.py - the REST server itself: several http and https
listeners, admin.listeners, CORS, response.http.headers.config, /admin/loggers (worker and
cluster scope), /health, and the errors every resource shares (unknown paths, 415, oversized
and malformed bodies, a herder that cannot answer in time). Where Java's behaviour is the
reference, the same requests go to a Java worker from the same jars and the answers are
compared.

SPDX-License-Identifier: Apache-2.0
"""

import json
import os
import signal
import subprocess
import time

import pytest
import requests

import kafka_harness as kh
from kconnect import WorkerFactory, base_properties, kafka_version
from test_cluster import wait_for

JSON = {"Content-Type": "application/json"}


def make_cert(directory):
    """A self-signed certificate for 127.0.0.1 as PEM files, a PEM key store (key and chain in
    one file) and a PKCS12 key store with password "secret"."""
    key, cert = os.path.join(directory, "key.pem"), os.path.join(directory, "cert.pem")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key,
                    "-out", cert, "-days", "2", "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1"], check=True, capture_output=True)
    p12 = os.path.join(directory, "ks.p12")
    subprocess.run(["openssl", "pkcs12", "-export", "-in", cert, "-inkey", key, "-out", p12,
                    "-passout", "pass:secret"], check=True, capture_output=True)
    both = os.path.join(directory, "store.pem")
    with open(both, "w") as f:
        f.write(open(key).read() + open(cert).read())
    return {"cert": cert, "p12": p12, "pem": both}


def start(workers, props, port, env=None):
    w = workers.create(props)
    w.port = port
    if env:
        w.env.update(env)
    w.start()
    w.wait_rest()
    return w


def test_http_and_https_listeners_and_an_admin_listener(workers, tmp_path):
    certs = make_cert(str(tmp_path))
    http1, http2, https, admin = kh.free_ports(4)
    props = workers.properties(**{
        "listeners": f"http://127.0.0.1:{http1},HTTP://127.0.0.1:{http2},"
                     f"https://127.0.0.1:{https}",
        "listeners.https.ssl.keystore.type": "PKCS12",
        "listeners.https.ssl.keystore.location": certs["p12"],
        "listeners.https.ssl.keystore.password": "secret",
        "admin.listeners": f"https://127.0.0.1:{admin}",
        "admin.listeners.https.ssl.keystore.type": "PEM",
        "admin.listeners.https.ssl.keystore.location": certs["pem"],
    })
    w = start(workers, props, http1)
    base = [f"http://127.0.0.1:{http1}", f"http://127.0.0.1:{http2}",
            f"https://127.0.0.1:{https}"]
    for url in base:
        r = requests.get(url + "/", timeout=10, verify=certs["cert"])
        assert r.status_code == 200 and r.json()["version"] == kafka_version(), (url, r.text)
        assert requests.get(url + "/connectors", timeout=10,
                            verify=certs["cert"]).json() == []
        # admin.listeners is set: the regular listeners do not serve /admin.
        r = requests.get(url + "/admin/loggers", timeout=10, verify=certs["cert"])
        assert (r.status_code, r.json()) == (404, {"error_code": 404,
                                                   "message": "HTTP 404 Not Found"})
    adm = f"https://127.0.0.1:{admin}"
    r = requests.get(adm + "/admin/loggers", timeout=10, verify=certs["cert"])
    assert r.status_code == 200 and r.json()["root"]["level"] == "INFO"
    # ... and the admin listener serves nothing else.
    for path in ("/", "/connectors", "/health"):
        assert requests.get(adm + path, timeout=10, verify=certs["cert"]).status_code == 404
    # The certificate really is the one configured (no plain http on the https port).
    with pytest.raises(requests.exceptions.SSLError):
        requests.get(f"https://127.0.0.1:{https}/", timeout=10)
    # Other workers are told the first http listener.
    assert f"Kafka Connect started (worker 127.0.0.1:{http1})" in w.log()


def test_advertised_listener_host_and_port(workers):
    p1, p2 = kh.free_ports(2)
    props = workers.properties(**{
        "listeners": f"http://127.0.0.1:{p1},http://127.0.0.1:{p2}",
        "rest.advertised.host.name": "connect.example", "rest.advertised.port": "9999",
        "rest.advertised.listener": "HTTP",
    })
    w = start(workers, props, p2)
    assert "advertised URL http://connect.example:9999/" in w.log()
    assert "Kafka Connect started (worker connect.example:9999)" in w.log()


@pytest.mark.parametrize("admin_listeners,served", [(None, True), ("", False)])
def test_admin_resources_on_the_regular_listeners(workers, admin_listeners, served):
    props = workers.properties()
    if admin_listeners is not None:
        props["admin.listeners"] = admin_listeners
    w = workers.start(props)
    r = w.get("/admin/loggers")
    assert r.status_code == (200 if served else 404), r.text
    if served:
        assert "root" in r.json()
    assert w.get("/connectors").status_code == 200


def test_https_key_store_errors_stop_the_worker(workers, tmp_path):
    certs = make_cert(str(tmp_path))
    port = kh.free_ports(1)[0]
    props = workers.properties(**{
        "listeners": f"https://127.0.0.1:{port}",
        "ssl.keystore.type": "PKCS12", "ssl.keystore.location": certs["p12"],
        "ssl.keystore.password": "wrong",
    })
    w = workers.create(props).start()
    assert w.wait_exit(60) == 2
    assert "ssl.keystore.location" in w.log() and "ssl.keystore.password" in w.log()


def test_https_from_top_level_inline_pem_keys_advertised(workers, tmp_path):
    """No listeners.https.* key: the top-level ssl.* keys serve, here a PEM key store given
    inline (Java's ssl.keystore.certificate.chain / ssl.keystore.key); and the https listener
    is the advertised one."""
    certs = make_cert(str(tmp_path))
    http, https = kh.free_ports(2)

    def inline(path):
        return open(path).read().strip().replace("\n", "\\n")

    props = workers.properties(**{
        "listeners": f"http://127.0.0.1:{http},https://127.0.0.1:{https}",
        "rest.advertised.listener": "https",
        "ssl.keystore.type": "PEM",
        "ssl.keystore.certificate.chain": inline(certs["cert"]),
        "ssl.keystore.key": inline(os.path.join(str(tmp_path), "key.pem")),
    })
    w = start(workers, props, http)
    r = requests.get(f"https://127.0.0.1:{https}/health", timeout=10, verify=certs["cert"])
    assert r.status_code == 200 and r.json()["status"] == "healthy"
    assert f"advertised URL https://127.0.0.1:{https}/" in w.log()
    assert f"Kafka Connect started (worker 127.0.0.1:{https})" in w.log()


CORS_AND_HEADERS = {
    "access.control.allow.origin": "http://ui.example,http://dash-.*",
    "access.control.allow.methods": "GET,PUT,DELETE",
    "response.http.headers.config":
        'set X-Frame-Options: DENY,add Cache-Control: no-store,"set X-Csv: a, b",'
        "setDate Expires: 3600000",
}


def test_cors_and_configured_response_headers(workers):
    w = workers.start(workers.properties(**CORS_AND_HEADERS))
    pre = {"Origin": "http://ui.example", "Access-Control-Request-Method": "PUT"}
    r = w.request("OPTIONS", "/connectors", headers=pre)
    assert r.status_code == 200
    assert r.headers["Access-Control-Allow-Origin"] == "http://ui.example"
    assert set(r.headers["Access-Control-Allow-Methods"].split(",")) == {"GET", "PUT", "DELETE"}
    assert r.headers["Access-Control-Allow-Headers"] == "Content-Type"
    assert r.headers["Access-Control-Max-Age"] == "60"
    assert r.headers["Vary"] == "Origin"
    assert r.headers["Allow"] == "HEAD,POST,GET,OPTIONS" and r.text == "HEAD, POST, GET, OPTIONS"
    # A regular expression origin; a simple request gets the origin only.
    r = w.get("/connectors", headers={"Origin": "http://dash-7.example"})
    assert r.headers["Access-Control-Allow-Origin"] == "http://dash-7.example"
    assert "Access-Control-Allow-Methods" not in r.headers and r.json() == []
    # Other origins are served without CORS headers.
    r = w.request("OPTIONS", "/connectors", headers={"Origin": "http://evil.example",
                                                     "Access-Control-Request-Method": "GET"})
    assert r.status_code == 200 and "Access-Control-Allow-Origin" not in r.headers
    # The configured headers, on every answer of the regular listener (errors too).
    for r in (w.get("/"), w.get("/nowhere")):
        assert r.headers["X-Frame-Options"] == "DENY"
        assert r.headers["Cache-Control"] == "no-store"
        assert r.headers["X-Csv"] == "a, b"
        expires = time.mktime(time.strptime(r.headers["Expires"], "%a, %d %b %Y %H:%M:%S GMT"))
        now = time.mktime(time.gmtime())
        assert 3500 < expires - now < 3700, r.headers["Expires"]


@pytest.mark.parametrize("value,message", [
    ("put X-A: b", "Invalid header config action: 'put'"),
    ("set X-A b", "Invalid format of header name and header value pair 'X-A b'. Expected: "
                  "'[header name]:[header value]'"),
    ("set", "Invalid format of header config 'set'"),
])
def test_invalid_response_headers_config_stops_the_worker(workers, value, message):
    # Java stops with the validator's message alone; kconnect adds the file and line.
    w = workers.create(workers.properties(**{"response.http.headers.config": value})).start()
    assert w.wait_exit(60) == 2
    line = [ln for ln in w.log().splitlines() if "Stopping due to error" in ln][0]
    assert "worker0.properties:" in line and message in line, w.log()[-2000:]


def test_worker_scope_loggers(workers):
    w = workers.start()
    ns = "org.apache.kafka.connect.runtime.rest"
    r = w.request("PUT", f"/admin/loggers/{ns}", json={"level": "DEBUG"})
    assert (r.status_code, r.json()) == (200, [ns, f"{ns}.RestServer"])
    got = w.get(f"/admin/loggers/{ns}.RestServer").json()
    assert got["level"] == "DEBUG" and abs(got["last_modified"] - time.time() * 1000) < 60000
    # The level takes effect: the REST logger now logs each request at DEBUG.
    w.get("/connectors")
    wait_for(lambda: "DEBUG rest: GET /connectors -> 200" in w.log(), timeout=10,
             what="a DEBUG line from the REST logger")
    # Setting the level it already has changes nothing.
    assert w.request("PUT", f"/admin/loggers/{ns}", json={"level": "debug"}).json() == []
    # A new namespace takes the level it inherits: unchanged, so not listed, last_modified null.
    assert w.request("PUT", "/admin/loggers/com.example", json={"level": "INFO"}).json() == []
    assert w.get("/admin/loggers/com.example").json() == {"level": "INFO",
                                                          "last_modified": None}
    all_levels = w.get("/admin/loggers").json()
    assert list(all_levels) == sorted(all_levels) and all_levels["root"]["level"] == "INFO"
    assert all_levels[f"{ns}.RestServer"]["level"] == "DEBUG"
    # Back to INFO: the DEBUG lines stop.
    w.request("PUT", f"/admin/loggers/{ns}.RestServer", json={"level": "INFO"})
    before = w.log().count("DEBUG rest:")
    w.get("/connectors")
    time.sleep(0.5)
    assert w.log().count("DEBUG rest:") == before


LOGGER_ERRORS = [
    ({"level": "BOGUS"}, JSON, 404, "invalid log level 'BOGUS'."),
    ({"level": 5}, JSON, 404, "invalid log level '5'."),
    ({"lvl": "INFO"}, JSON, 400, "Desired 'level' parameter was not specified in request."),
    # Java: 500 for these two client mistakes (README: compatibility).
    ({"level": ""}, JSON, 400, "Illegal null or empty Level name."),
    ('{"level": "INFO"', JSON, 400, None),
    ({"level": "INFO"}, {"Content-Type": "text/plain"}, 415, "HTTP 415 Unsupported Media Type"),
]


@pytest.mark.parametrize("body,headers,status,message", LOGGER_ERRORS)
def test_logger_errors(workers, body, headers, status, message):
    w = workers.start()
    data = body if isinstance(body, str) else json.dumps(body)
    r = w.request("PUT", "/admin/loggers/some.logger", data=data, headers=headers)
    assert r.status_code == status and r.json()["error_code"] == status, r.text
    if message:
        assert r.json()["message"] == message
    r = w.get("/admin/loggers/no.such.logger")
    assert (r.status_code, r.json()) == (404, {"error_code": 404,
                                               "message": "Logger no.such.logger not found."})


def test_cluster_scope_logger_reaches_every_worker(workers):
    props = workers.properties()
    a, b = workers.start(props), workers.start(props)
    r = a.request("PUT", "/admin/loggers/org.apache.kafka.connect.storage?scope=cluster",
                  json={"level": "TRACE"})
    assert r.status_code == 204 and r.text == ""
    for w in (a, b):
        wait_for(lambda: w.get("/admin/loggers/org.apache.kafka.connect.storage.KafkaConfig"
                               "BackingStore").json()["level"] == "TRACE",
                 timeout=30, what="the cluster-scope level on every worker")
    # A worker that starts later does not apply records older than its start (as Java).
    c = workers.start(props)
    assert c.get("/admin/loggers/org.apache.kafka.connect.storage.KafkaConfigBackingStore") \
        .json()["level"] == "INFO"


def test_health(workers):
    w = workers.start()
    r = w.get("/health")
    assert (r.status_code, r.json()) == (200, {
        "status": "healthy",
        "message": "Worker has completed startup and is ready to handle requests."})


def test_errors_every_resource_shares(workers):
    w = workers.start()
    assert (w.get("/nowhere").status_code, w.get("/nowhere").json()) == \
        (404, {"error_code": 404, "message": "HTTP 404 Not Found"})
    r = w.request("DELETE", "/")
    assert (r.status_code, r.json()["message"]) == (405, "HTTP 405 Method Not Allowed")
    r = w.request("PUT", "/connectors/x/pause", headers={"Content-Type": "text/plain"})
    assert (r.status_code, r.json()["error_code"]) == (415, 415)
    # GET / and /health take any content type, as in Java.
    assert w.get("/", headers={"Content-Type": "text/plain"}).status_code == 200
    # Malformed JSON: 400 with Connect's error body (Java: 500; README: compatibility).
    r = w.request("POST", "/connectors", data="{bad", headers=JSON)
    assert r.status_code == 400 and r.json()["error_code"] == 400
    # Oversized body: refused with Connect's error body, the connection answered and usable.
    big = b'{"name":"big","config":{"pad":"' + b"x" * (17 << 20) + b'"}}'
    r = w.request("POST", "/connectors", data=big, headers=JSON, timeout=60)
    assert r.status_code == 413 and r.json()["error_code"] == 413, r.text[:300]
    assert w.get("/").status_code == 200
    # OPTIONS lists what a path allows, in Jersey's order.
    r = w.request("OPTIONS", "/connectors/x/status")
    assert (r.status_code, r.headers["Allow"], r.text) == (200, "HEAD,GET,OPTIONS",
                                                           "HEAD, GET, OPTIONS")


def test_a_herder_that_cannot_answer_in_time(java, tmp_path):
    """With the only broker frozen, a request that needs the herder fails after the request
    timeout (Java: 90 s; here lowered) with 500 "Request timed out", and /health turns
    unhealthy; when the broker is back, the worker is healthy again."""
    clusters = kh.start_clusters([("frozen", 1)], java=java)
    cluster = clusters["frozen"]
    factory = WorkerFactory(tmp_path, cluster)
    try:
        w = factory.create(factory.properties())
        w.env.update({"KCONNECT_REST_REQUEST_TIMEOUT_MS": "2000",
                      "KCONNECT_REST_HEALTH_TIMEOUT_MS": "1500"})
        w.start()
        w.wait_rest()
        wait_for(lambda: w.get("/health").status_code == 200, timeout=60,
                 what="healthy once it joined its group")
        cluster.nodes[0].signal(signal.SIGSTOP)
        try:
            t0 = time.monotonic()
            r = w.request("PUT", "/admin/loggers/x?scope=cluster", json={"level": "DEBUG"},
                          timeout=30)
            assert (r.status_code, r.json()) == (500, {"error_code": 500,
                                                       "message": "Request timed out"})
            assert time.monotonic() - t0 < 10
            r = w.get("/health", timeout=30)
            assert (r.status_code, r.json()["status"]) == (500, "unhealthy"), r.text
            assert r.json()["message"] == ("Worker was unable to handle this request and may "
                                           "be unable to handle other requests.")
        finally:
            cluster.nodes[0].signal(signal.SIGCONT)
        wait_for(lambda: w.get("/health", timeout=30).status_code == 200, timeout=120,
                 what="healthy again")
    finally:
        factory.close()
        cluster.kill()


def test_same_answers_as_java(workers, java, tmp_path, target_cluster):
    """The same requests to a Java worker and to kconnect, configured alike: status codes,
    bodies (where Java's are not Java exception texts) and the server-level headers."""
    jports, kports = kh.free_ports(2), kh.free_ports(2)

    def props(ports):
        p = base_properties(target_cluster)
        p.update(CORS_AND_HEADERS)
        p["listeners"] = f"http://127.0.0.1:{ports[0]}"
        p["admin.listeners"] = f"http://127.0.0.1:{ports[1]}"
        return p

    jw = kh.JavaConnectWorker(java, str(tmp_path), props(jports)).start()
    try:
        kw = start(workers, props(kports), kports[0])
        jw.wait_log("Kafka Connect started", timeout=180)
        wait_for(lambda: requests.get(f"http://127.0.0.1:{jports[0]}/health",
                                      timeout=15).status_code == 200,
                 timeout=60, what="the Java worker healthy")
        cases = [
            ("GET", 0, "/health", None, {}),
            ("GET", 0, "/nowhere", None, {}),
            ("DELETE", 0, "/", None, {}),
            ("GET", 0, "/admin/loggers", None, {}),
            ("GET", 1, "/connectors", None, {}),
            ("GET", 1, "/health", None, {}),
            ("GET", 1, "/admin/loggers/no.such", None, {}),
            ("GET", 1, "/admin/loggers/root", None, {}),
            ("PUT", 1, "/admin/loggers/cmp.a", {"level": "BOGUS"}, JSON),
            ("PUT", 1, "/admin/loggers/cmp.a", {"lvl": "x"}, JSON),
            ("PUT", 1, "/admin/loggers/cmp.a", {"level": ""}, JSON),
            ("PUT", 1, "/admin/loggers/cmp.a", {"level": "debug"}, JSON),
            ("PUT", 1, "/admin/loggers/cmp.a", {"level": "DEBUG"}, JSON),
            ("PUT", 1, "/admin/loggers/cmp.a?scope=nonsense", {"level": "WARN"}, JSON),
            ("PUT", 1, "/admin/loggers/cmp.a", {"level": "INFO"}, {"Content-Type": "text/plain"}),
            ("PUT", 1, "/admin/loggers/cmp.a", "{bad", JSON),
            ("PUT", 1, "/admin/loggers/cmp.b", {"level": 5}, JSON),
            ("PUT", 1, "/admin/loggers/cmp.b", {"level": "OFF"}, JSON),
            ("GET", 1, "/admin/loggers/cmp.nothere", None, {}),
            ("GET", 1, "/admin/loggers/ROOT", None, {}),
            ("PUT", 1, "/admin/loggers/cmp.c?scope=cluster", {"level": "ERROR"}, JSON),
            ("PUT", 0, "/connectors/x/pause", None, {"Content-Type": "text/plain"}),
            ("GET", 0, "/", None, {"Content-Type": "text/plain"}),
            ("OPTIONS", 0, "/connectors", None, {}),
            ("OPTIONS", 0, "/connectors/x/status", None, {}),
            ("OPTIONS", 0, "/connectors/x", None, {}),
            ("OPTIONS", 1, "/admin/loggers/x", None, {}),
            ("OPTIONS", 0, "/connectors/x/restart", None, {}),
            ("OPTIONS", 0, "/connectors", None,
             {"Origin": "http://ui.example", "Access-Control-Request-Method": "PUT"}),
            ("GET", 0, "/connectors", None, {"Origin": "http://dash-1.example"}),
            ("GET", 0, "/connectors", None, {"Origin": "http://evil.example"}),
        ]
        shared = ("Access-Control-Allow-Origin", "Access-Control-Allow-Headers",
                  "Access-Control-Max-Age", "Vary", "X-Frame-Options", "Cache-Control", "X-Csv",
                  "Allow")
        for method, listener, path, body, headers in cases:
            answers = []
            for ports in (jports, kports):
                data = None if body is None else body if isinstance(body, str) \
                    else json.dumps(body)
                answers.append(requests.request(method, f"http://127.0.0.1:{ports[listener]}"
                                                + path, data=data, headers=headers,
                                                timeout=15))
            j, k = answers
            what = f"{method} {path} on {'admin' if listener else 'regular'} listener"
            if j.status_code == 500 and k.status_code == 400:
                # A client's mistake Java answers 500: 400 here (README: compatibility),
                # with the same message.
                assert j.json()["message"] == k.json()["message"] or path.endswith("cmp.a") \
                    and body == "{bad", (what, j.text, k.text)
                continue
            assert j.status_code == k.status_code, (what, j.text, k.text)
            for h in shared:
                assert j.headers.get(h) == k.headers.get(h), (what, h, j.headers, k.headers)
            assert set(j.headers.get("Access-Control-Allow-Methods", "").split(",")) == \
                set(k.headers.get("Access-Control-Allow-Methods", "").split(",")), what
            assert ("Expires" in j.headers) == ("Expires" in k.headers), what
            if j.headers.get("Content-Type", "").startswith("application/json"):
                jb, kb = j.json(), k.json()
                if path.lower() == "/admin/loggers/root" or isinstance(jb, list):
                    assert jb == kb, (what, jb, kb)
                elif j.status_code >= 400 and j.status_code != 500:
                    assert jb == kb, (what, jb, kb)
                elif isinstance(jb, dict):
                    assert set(jb) == set(kb), (what, jb, kb)
            else:
                assert j.text == k.text, (what, j.text, k.text)
    finally:
        jw.stop()


def create_through_each(ws, prefix, topic):
    """POSTs a FileStreamSink <prefix><i> through each worker i (a follower forwards it to the
    leader), once each: [(status, body)]."""
    statuses = []
    for i, w in enumerate(ws):
        r = w.request("POST", "/connectors", json={"name": f"{prefix}{i}", "config": {
            "connector.class": "FileStreamSink", "topics": topic, "file": os.devnull}},
            timeout=95)
        statuses.append((r.status_code, r.text))
    return statuses


@pytest.mark.parametrize("trusted", [True, False])
def test_forwarding_to_an_https_leader(workers, tmp_path, trusted):
    """Workers that advertise https: a request only the leader may serve, sent to either
    worker, reaches the leader over TLS verified against listeners.https.ssl.truststore.*;
    without a trust store for the self-signed certificate the forwarding fails."""
    certs = make_cert(str(tmp_path))
    base = workers.properties(**{"rest.advertised.listener": "https",
                                 "listeners.https.ssl.keystore.type": "PKCS12",
                                 "listeners.https.ssl.keystore.location": certs["p12"],
                                 "listeners.https.ssl.keystore.password": "secret"})
    if trusted:
        base["listeners.https.ssl.truststore.type"] = "PEM"
        base["listeners.https.ssl.truststore.location"] = certs["cert"]
    ws = []
    for _ in range(2):
        http, https = kh.free_ports(2)
        props = dict(base, listeners=f"http://127.0.0.1:{http},https://127.0.0.1:{https}")
        ws.append(start(workers, props, http))
    statuses = create_through_each(ws, "sink", "https-t")
    if trusted:
        assert [s for s, _ in statuses] == [201, 201], statuses
        for w in ws:
            wait_for(lambda: sorted(w.get("/connectors").json()) == ["sink0", "sink1"],
                     timeout=30, what="both connectors on every worker")
    else:
        # The leader creates its own; the follower cannot reach it.
        assert sorted(s for s, _ in statuses) == [201, 500], statuses
        failed = [t for s, t in statuses if s == 500][0]
        assert "Error trying to forward REST request" in failed, failed


# ---- ssl.client.auth (mutual TLS on https listeners) ----------------------------------------

def make_pki(directory):
    """Two CAs ("ca" and "other"); a server certificate for 127.0.0.1 signed by ca (PKCS12 key
    store "server.p12", password "secret"), a client certificate signed by ca and one signed
    by other (PEM cert and key each). The trust store of ca is given as PEM ("ca.pem") and as
    PKCS12 ("trust.p12", password "secret")."""
    def run(*args):
        subprocess.run(list(args), check=True, capture_output=True, cwd=directory)

    def path(name):
        return os.path.join(directory, name)

    for ca in ("ca", "other"):
        run("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", f"{ca}.key",
            "-out", f"{ca}.pem", "-days", "2", "-subj", f"/CN=kconnect test {ca}")
    for name, ca, subj, ext in (("server", "ca", "/CN=127.0.0.1", "subjectAltName=IP:127.0.0.1"),
                                ("client", "ca", "/CN=client", "extendedKeyUsage=clientAuth"),
                                ("stranger", "other", "/CN=client", "extendedKeyUsage=clientAuth")):
        run("openssl", "req", "-newkey", "rsa:2048", "-nodes", "-keyout", f"{name}.key",
            "-out", f"{name}.csr", "-subj", subj)
        with open(path(f"{name}.ext"), "w") as f:
            f.write(ext + "\n")
        run("openssl", "x509", "-req", "-in", f"{name}.csr", "-CA", f"{ca}.pem", "-CAkey",
            f"{ca}.key", "-CAcreateserial", "-out", f"{name}.pem", "-days", "2",
            "-extfile", f"{name}.ext")
    run("openssl", "pkcs12", "-export", "-in", "server.pem", "-inkey", "server.key",
        "-certfile", "ca.pem", "-out", "server.p12", "-passout", "pass:secret")
    run("openssl", "pkcs12", "-export", "-nokeys", "-in", "ca.pem", "-out", "trust.p12",
        "-passout", "pass:secret")
    return {n: path(n) for n in ("ca.pem", "server.p12", "trust.p12", "client.pem",
                                 "client.key", "stranger.pem", "stranger.key")}


def https_get(port, pki, cert=None):
    """GET / on the https listener as a client with the given certificate ("client",
    "stranger" or None): the status, or the TLS error."""
    kw = {"cert": (pki[f"{cert}.pem"], pki[f"{cert}.key"])} if cert else {}
    try:
        return requests.get(f"https://127.0.0.1:{port}/", timeout=15, verify=pki["ca.pem"],
                            **kw).status_code
    except requests.exceptions.SSLError as e:
        return e
    except requests.exceptions.ConnectionError as e:
        # TLS 1.3: the server's refusal can arrive after the client's handshake ended,
        # as a reset or an alert on the first read.
        return e


def client_auth_properties(workers, pki, auth, trust, prefixed=True, **extra):
    """A worker with an http and an https listener, the https one with ssl.client.auth=auth
    and the trust store given as trust ("PEM", "PKCS12" or None): (props, http, https)."""
    http, https = kh.free_ports(2)
    p = "listeners.https." if prefixed else ""
    props = workers.properties(**{
        "listeners": f"http://127.0.0.1:{http},https://127.0.0.1:{https}",
        f"{p}ssl.keystore.type": "PKCS12",
        f"{p}ssl.keystore.location": pki["server.p12"],
        f"{p}ssl.keystore.password": "secret",
    }, **extra)
    if auth is not None:
        props[f"{p}ssl.client.auth"] = auth
    if trust == "PEM":
        props[f"{p}ssl.truststore.type"] = "PEM"
        props[f"{p}ssl.truststore.location"] = pki["ca.pem"]
    elif trust == "PKCS12":
        props[f"{p}ssl.truststore.type"] = "PKCS12"
        props[f"{p}ssl.truststore.location"] = pki["trust.p12"]
        props[f"{p}ssl.truststore.password"] = "secret"
    return props, http, https


def client_auth_worker(workers, pki, auth, trust, prefixed=True):
    props, http, https = client_auth_properties(workers, pki, auth, trust, prefixed)
    return start(workers, props, http), https


@pytest.mark.parametrize("trust,prefixed", [("PEM", False), ("PKCS12", True)])
def test_client_auth_required(workers, tmp_path, trust, prefixed):
    """ssl.client.auth=required: only a client with a certificate from the trust store's CA
    gets an HTTP answer; without one, or with one from another CA, the handshake fails."""
    pki = make_pki(str(tmp_path))
    w, https = client_auth_worker(workers, pki, "required", trust, prefixed)
    assert https_get(https, pki, "client") == 200
    assert not isinstance(https_get(https, pki, None), int)
    assert not isinstance(https_get(https, pki, "stranger"), int)
    # curl as an operator would: no HTTP status at all, an error exit.
    r = subprocess.run(["curl", "-sS", "-o", "/dev/null", "-w", "%{http_code}", "--cacert",
                        pki["ca.pem"], f"https://127.0.0.1:{https}/connectors"],
                       capture_output=True, text=True, timeout=30)
    assert r.returncode != 0 and r.stdout == "000", (r.returncode, r.stdout, r.stderr)
    r = subprocess.run(["curl", "-sS", "-o", "/dev/null", "-w", "%{http_code}", "--cacert",
                        pki["ca.pem"], "--cert", pki["client.pem"], "--key", pki["client.key"],
                        f"https://127.0.0.1:{https}/connectors"],
                       capture_output=True, text=True, timeout=30)
    assert r.returncode == 0 and r.stdout == "200", (r.returncode, r.stdout, r.stderr)
    assert w.get("/").status_code == 200                  # the http listener is untouched


def test_client_auth_requested(workers, tmp_path):
    """ssl.client.auth=requested: a client may come without a certificate; one with a
    certificate the trust store does not vouch for is refused."""
    pki = make_pki(str(tmp_path))
    _, https = client_auth_worker(workers, pki, "requested", "PEM")
    assert https_get(https, pki, None) == 200
    assert https_get(https, pki, "client") == 200
    assert not isinstance(https_get(https, pki, "stranger"), int)


@pytest.mark.parametrize("auth", [None, "none"])
def test_client_auth_none(workers, tmp_path, auth):
    """ssl.client.auth absent or none: no certificate is asked for or checked, even one from
    an unknown CA."""
    pki = make_pki(str(tmp_path))
    _, https = client_auth_worker(workers, pki, auth, "PEM")
    assert https_get(https, pki, None) == 200
    assert https_get(https, pki, "stranger") == 200


@pytest.mark.parametrize("key", ["ssl.client.auth", "listeners.https.ssl.client.auth"])
def test_client_auth_invalid_value_stops_the_worker(workers, tmp_path, key):
    pki = make_pki(str(tmp_path))
    port = kh.free_ports(1)[0]
    props = workers.properties(**{
        "listeners": f"https://127.0.0.1:{port}",
        "ssl.keystore.type": "PKCS12", "ssl.keystore.location": pki["server.p12"],
        "ssl.keystore.password": "secret",
        key: "Required",
    })
    if key.startswith("listeners.https."):
        props.update({"listeners.https.ssl.keystore.type": "PKCS12",
                      "listeners.https.ssl.keystore.location": pki["server.p12"],
                      "listeners.https.ssl.keystore.password": "secret"})
    w = workers.create(props).start()
    assert w.wait_exit(60) == 2
    assert ("Invalid value Required for configuration ssl.client.auth: String must be one "
            "of: required, requested, none") in w.log(), w.log()


def test_client_auth_required_between_workers(workers, tmp_path):
    """Two workers advertising https with ssl.client.auth=required: the follower forwards
    POST /connectors to the leader presenting its key store as client certificate, and the
    leader accepts it."""
    pki = make_pki(str(tmp_path))
    base = workers.properties(**{"rest.advertised.listener": "https",
                                 "listeners.https.ssl.client.auth": "required",
                                 "listeners.https.ssl.keystore.type": "PKCS12",
                                 "listeners.https.ssl.keystore.location": pki["server.p12"],
                                 "listeners.https.ssl.keystore.password": "secret",
                                 "listeners.https.ssl.truststore.type": "PEM",
                                 "listeners.https.ssl.truststore.location": pki["ca.pem"]})
    ws, ports = [], []
    for _ in range(2):
        http, https = kh.free_ports(2)
        props = dict(base, listeners=f"http://127.0.0.1:{http},https://127.0.0.1:{https}")
        ws.append(start(workers, props, http))
        ports.append(https)
    for port in ports:
        assert not isinstance(https_get(port, pki, None), int)
        assert https_get(port, pki, "client") == 200
    statuses = create_through_each(ws, "mtls", "mtls-t")
    assert [s for s, _ in statuses] == [201, 201], statuses
    for w in ws:
        wait_for(lambda: sorted(w.get("/connectors").json()) == ["mtls0", "mtls1"],
                 timeout=30, what="both connectors on every worker")


def test_client_auth_on_the_admin_listener(workers, tmp_path):
    """admin.listeners.https.ssl.client.auth applies to the admin listener alone: the regular
    https listener (no listeners.https.* client auth) asks for no certificate."""
    pki = make_pki(str(tmp_path))
    http, https, admin = kh.free_ports(3)
    props = workers.properties(**{
        "listeners": f"http://127.0.0.1:{http},https://127.0.0.1:{https}",
        "admin.listeners": f"https://127.0.0.1:{admin}",
        "listeners.https.ssl.keystore.type": "PKCS12",
        "listeners.https.ssl.keystore.location": pki["server.p12"],
        "listeners.https.ssl.keystore.password": "secret",
        "admin.listeners.https.ssl.keystore.type": "PKCS12",
        "admin.listeners.https.ssl.keystore.location": pki["server.p12"],
        "admin.listeners.https.ssl.keystore.password": "secret",
        "admin.listeners.https.ssl.truststore.type": "PEM",
        "admin.listeners.https.ssl.truststore.location": pki["ca.pem"],
        "admin.listeners.https.ssl.client.auth": "required",
    })
    start(workers, props, http)
    url = f"https://127.0.0.1:{admin}/admin/loggers"
    r = requests.get(url, timeout=15, verify=pki["ca.pem"],
                     cert=(pki["client.pem"], pki["client.key"]))
    assert r.status_code == 200 and "root" in r.json(), r.text
    with pytest.raises((requests.exceptions.SSLError, requests.exceptions.ConnectionError)):
        requests.get(url, timeout=15, verify=pki["ca.pem"])
    assert https_get(https, pki, None) == 200


def test_client_auth_same_outcomes_as_java(workers, java, tmp_path, target_cluster):
    """A Java worker and kconnect configured alike, the regular https listener with
    ssl.client.auth=required and the admin one with requested (PKCS12 stores, the trust
    store written by keytool as Java reads it): every kind of client gets the same outcome,
    an HTTP status or a failed handshake."""
    pki = make_pki(str(tmp_path))
    trust = os.path.join(str(tmp_path), "trust-keytool.p12")
    subprocess.run(["keytool", "-importcert", "-noprompt", "-alias", "ca", "-file",
                    pki["ca.pem"], "-keystore", trust, "-storetype", "PKCS12",
                    "-storepass", "secret"], check=True, capture_output=True)

    def props(ports):
        p = base_properties(target_cluster)
        p["listeners"] = f"http://127.0.0.1:{ports[0]},https://127.0.0.1:{ports[1]}"
        p["admin.listeners"] = f"https://127.0.0.1:{ports[2]}"
        for prefix, auth in (("listeners.https.", "required"),
                             ("admin.listeners.https.", "requested")):
            p.update({f"{prefix}ssl.keystore.type": "PKCS12",
                      f"{prefix}ssl.keystore.location": pki["server.p12"],
                      f"{prefix}ssl.keystore.password": "secret",
                      f"{prefix}ssl.key.password": "secret",
                      f"{prefix}ssl.truststore.type": "PKCS12",
                      f"{prefix}ssl.truststore.location": trust,
                      f"{prefix}ssl.truststore.password": "secret",
                      f"{prefix}ssl.client.auth": auth})
        return p

    def outcomes(ports):
        return {(listener, cert): (lambda r: r if isinstance(r, int) else "handshake failed")(
                    https_get(ports[listener], pki, cert))
                for listener in (1, 2) for cert in (None, "client", "stranger")}

    jports, kports = kh.free_ports(3), kh.free_ports(3)
    jw = kh.JavaConnectWorker(java, str(tmp_path), props(jports)).start()
    try:
        start(workers, props(kports), kports[0])
        jw.wait_log("Kafka Connect started", timeout=180)
        wait_for(lambda: requests.get(f"http://127.0.0.1:{jports[0]}/health",
                                      timeout=15).status_code == 200,
                 timeout=60, what="the Java worker healthy")
        java_outcomes, ours = outcomes(jports), outcomes(kports)
        assert ours == java_outcomes, (ours, java_outcomes)
        assert ours == {(1, None): "handshake failed", (1, "client"): 200,
                        (1, "stranger"): "handshake failed", (2, None): 404,
                        (2, "client"): 404, (2, "stranger"): "handshake failed"}, ours
    finally:
        jw.stop()
