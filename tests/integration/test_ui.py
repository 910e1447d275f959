"""
tests/integration/test_ui.py - the live page (GET /ui) in a real browser: headless Chromium
opens it against a running two-worker cluster, and the tests read what the page shows (the
text of its elements) against what the REST API and the metrics say: workers and the
generation, connectors and tasks with their state and worker, a failed task's trace, and
for a MirrorSourceConnector the per-partition lag of the cutover check as charts (records,
seconds) that follow the lag down once the connector is resumed; a worker leaving shows as moves in the
page's events. Then the page on a dedicated admin listener behind basic authentication:
the browser is challenged and the page reads the cluster through /ui/api/ with the
credentials given once.

KC_UI_SCREENSHOT=path keeps the first test's screenshot there (docs/ui.png is one).

SPDX-License-Identifier: Apache-2.0
"""

import os
import shutil
import uuid

import requests

import kafka_harness as kh
from browser import Browser
from test_cluster import create, wait_for
from test_mirror_status import produce, tasks_in
from test_rest_auth import ALICE, EXT, JAAS_KEY, connect_entry, jaas_file, write

PER_PARTITION = {0: 10, 1: 20, 2: 30}

# What the page shows, read from its elements' text.
SHOWN = """(() => {
  const all = (sel, root) => [...(root || document).querySelectorAll(sel)];
  const txt = (e) => (e ? e.textContent.trim() : null);
  const byId = (id) => txt(document.getElementById(id));
  return {
    refreshes: Number(document.body.dataset.refreshes),
    status: byId("status"), cluster: byId("cluster-id"), version: byId("version"),
    generation: byId("generation"), leader: byId("leader"),
    workers: all("#workers tbody tr").map((r) => all("td", r).map(txt)),
    connectors: Object.fromEntries(all("#connectors tbody tr").map((r) =>
      [r.dataset.connector, { cells: all(":scope > td", r).map(txt),
                              tasks: all("[data-task]", r).map(txt) }])),
    failures: all("[data-failure]").map((d) => ({ what: d.dataset.failure,
      summary: txt(d.querySelector("summary")), trace: txt(d.querySelector("pre")) })),
    mirrors: Object.fromEntries(all("[data-mirror]").map((m) => [m.dataset.mirror, {
      heading: txt(m.querySelector("h3")),
      rows: all("tbody tr", m).map((r) => all("td", r).map(txt)),
      lines: all("polyline", m).map((p) => ({ partition: p.dataset.partition,
        measure: p.closest("svg").dataset.measure, samples: Number(p.dataset.samples),
        points: p.getAttribute("points") })) }])),
    events: all("#events li").map(txt),
  };
})()"""


def metric(worker, name):
    for line in worker.get("/admin/metrics").text.splitlines():
        if line.startswith(name + " ") or line.startswith(name + "{"):
            return line
    return None


def mirror_source(source, target, topic):
    return {
        "connector.class": "org.apache.kafka.connect.mirror.MirrorSourceConnector",
        "heartbeats.replication.enabled": "false",
        "clusters": "src, dst", "source.cluster.alias": "src", "target.cluster.alias": "dst",
        "source.cluster.bootstrap.servers": source.bootstrap,
        "target.cluster.bootstrap.servers": target.bootstrap,
        "topics": f"^({topic})$", "tasks.max": "2",
        "replication.policy.class": "org.apache.kafka.connect.mirror.IdentityReplicationPolicy",
        "replication.factor": "1", "offset-syncs.topic.replication.factor": "1",
        "refresh.topics.interval.seconds": "30"}


def host_port(worker):
    return worker.url.split("//")[1].rstrip("/")


def test_live_page_shows_the_cluster_in_a_browser(workers, source_cluster, target_cluster,
                                                  tmp_path):
    props = workers.properties(**{
        "key.converter": "org.apache.kafka.connect.converters.ByteArrayConverter",
        "value.converter": "org.apache.kafka.connect.converters.ByteArrayConverter",
        "offset.flush.interval.ms": "1000", "scheduled.rebalance.max.delay.ms": "1000"})
    w1 = workers.start(dict(props))
    w2 = workers.start(dict(props))
    tag = uuid.uuid4().hex[:6]
    topic, mm2, sink = f"ui-{tag}", f"mm2-{tag}", f"sink-{tag}"
    source_cluster.create_topic(topic, 3, 1)
    create(w1, mm2, mirror_source(source_cluster, target_cluster, topic))
    wait_for(lambda: tasks_in(w1, mm2, "RUNNING"), what="mirror tasks RUNNING")
    # Paused before anything is produced: every record is lag the page must show.
    assert w1.request("PUT", f"/connectors/{mm2}/pause").status_code == 202
    wait_for(lambda: tasks_in(w1, mm2, "PAUSED"), what="mirror tasks PAUSED")
    produce(source_cluster, topic, PER_PARTITION, "ui")
    # A sink whose file cannot be created: its task fails, with a trace.
    missing = "/no-such-directory/out.txt"
    create(w1, sink, {"connector.class": "FileStreamSink", "topics": topic,
                      "file": missing, "tasks.max": "1"})
    wait_for(lambda: tasks_in(w1, sink, "FAILED"), what="sink task FAILED")

    with Browser(tmp_path) as browser:
        page = browser.open(w1.url.rstrip("/") + "/ui?every=1")
        page.wait_for(f"""(() => {{ const m = document.querySelector('[data-mirror="{mm2}"]');
            return m && m.querySelectorAll('tbody tr').length === 3 &&
                   document.querySelectorAll('[data-failure]').length > 0 &&
                   Number(document.body.dataset.refreshes) >= 3; }})()""",
                      what="the page showing the mirror's partitions and the failure")
        shown = page.evaluate(SHOWN)
        assert shown["status"].startswith("updated"), shown["status"]

        # The header: GET / and this worker's rebalance metrics.
        root = w1.get("/").json()
        assert shown["cluster"] == root["kafka_cluster_id"]
        assert shown["version"] == root["version"]
        epoch = int(float(metric(w1, "kafka_connect_worker_rebalance_epoch").split()[-1]))
        assert int(float(shown["generation"])) == epoch
        leader = metric(w1, "kafka_connect_worker_rebalance_leader")
        assert f'leader_name="{shown["leader"]}"' in leader, (shown["leader"], leader)

        # Connectors and tasks: what GET /connectors?expand=status says, row by row.
        listed = w1.get("/connectors?expand=status").json()
        assert set(shown["connectors"]) == {mm2, sink} == set(listed)
        where = {}
        for name, c in listed.items():
            st = c["status"]
            row = shown["connectors"][name]
            assert row["cells"][:4] == [name, st["type"], st["connector"]["state"],
                                        st["connector"]["worker_id"]], row
            assert row["tasks"] == [f"#{t['id']} {t['state']} on {t['worker_id']}"
                                    for t in st["tasks"]], row
            for x in [st["connector"]] + st["tasks"]:
                where.setdefault(x["worker_id"], []).append(x)
        # Workers: each one running something, with its counts; the leader marked.
        assert sorted(where) == sorted([host_port(w1), host_port(w2)])
        leader_host = shown["leader"].split("//")[1].rstrip("/")
        tasks_of = {w: sum(len(c["status"]["tasks"]) and
                           sum(t["worker_id"] == w for t in c["status"]["tasks"])
                           for c in listed.values()) for w in where}
        for cells in shown["workers"]:
            w = cells[0]
            connectors = sum(c["status"]["connector"]["worker_id"] == w
                             for c in listed.values())
            failed = sum(x["state"] == "FAILED" for x in where[w])
            assert cells[1:4] == [str(connectors), str(tasks_of[w]), str(failed)], cells
            assert cells[4] == ("leader" if w == leader_host else ""), cells

        # The failure: the task's trace, whole, and its first line in the summary.
        trace = listed[sink]["status"]["tasks"][0]["trace"]
        assert "Couldn't find or create file" in trace
        [failure] = shown["failures"]
        assert failure["what"] == f"{sink} task 0"
        assert failure["trace"] == trace.strip()
        assert trace.splitlines()[0] in failure["summary"]

        # The lag: the cutover check's figures, per partition, and a line per partition.
        st = w1.get(f"/connectors/{mm2}/mirror-status", timeout=60).json()
        mirror = shown["mirrors"][mm2]
        assert f"{sum(PER_PARTITION.values())} records behind" in mirror["heading"]
        assert [(r[0], int(r[1]), r[2], int(r[5])) for r in mirror["rows"]] == \
            [(p["topic"], p["partition"], p["target_topic"], p["lag_records"])
             for p in st["partitions"]] == \
            [(topic, p, topic, n) for p, n in PER_PARTITION.items()]
        assert all(float(r[6]) >= 0 for r in mirror["rows"])
        # Two charts, records and seconds, a line per partition in each.
        assert sorted((line["measure"], line["partition"]) for line in mirror["lines"]) == \
            sorted((m, f"{topic}-{p}") for m in ("records", "seconds") for p in PER_PARTITION)
        assert all(line["samples"] >= 2 for line in mirror["lines"]), mirror["lines"]

        # Resumed: the page follows the lag down to in sync by itself, the chart keeping
        # the history (each line ends at 0, having been above it).
        assert w1.request("PUT", f"/connectors/{mm2}/resume").status_code == 202
        page.wait_for(f"""(() => {{ const m = document.querySelector('[data-mirror="{mm2}"]');
            return m && m.querySelector('h3').textContent.includes('in sync'); }})()""",
                      timeout=90, what="the page showing the mirror in sync")
        mirror = page.evaluate(SHOWN)["mirrors"][mm2]
        assert [int(r[5]) for r in mirror["rows"]] == [0, 0, 0]
        for line in mirror["lines"]:
            ys = [float(pt.split(",")[1]) for pt in line["points"].split()]
            assert max(ys) == ys[-1] and min(ys) < ys[-1], line    # SVG y grows downwards
        assert w1.get(f"/connectors/{mm2}/mirror-status").json()["in_sync"] is True
        shot = page.screenshot(str(tmp_path / "ui.png"))
        with open(shot, "rb") as f:
            png = f.read()
        assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 20000
        if os.environ.get("KC_UI_SCREENSHOT"):
            shutil.copy(shot, os.environ["KC_UI_SCREENSHOT"])

        # A worker leaves: what ran on it moves, and the page's events say so.
        gone = host_port(w2)
        moved = [f"{name}-{x['id']}" if "id" in x else name
                 for name, c in listed.items()
                 for x in [c["status"]["connector"]] + c["status"]["tasks"]
                 if x["worker_id"] == gone]
        assert w2.stop() == 0
        page.wait_for(f"""(() => {{ const rows = [...document.querySelectorAll(
            '#workers tbody tr')]; return rows.length === 1 &&
            rows[0].dataset.worker === "{host_port(w1)}"; }})()""",
                      timeout=90, what="the page showing one worker left")
        events = page.evaluate(SHOWN)["events"]
        for ident in moved:
            assert any(f"{ident} moved from {gone} to {host_port(w1)}" in e for e in events), \
                (ident, events)
        assert not [c for c in page.console if c.startswith("exception")], page.console
    assert w1.sanitizer_report() is None


def test_live_page_on_the_admin_listener_behind_authentication(workers, target_cluster,
                                                               tmp_path):
    users = write(str(tmp_path / "users.properties"), "alice=alice-pw\n")
    jaas = jaas_file(str(tmp_path), connect_entry(users))
    admin = f"http://127.0.0.1:{kh.free_ports(1)[0]}"
    props = workers.properties(**{"rest.extension.classes": EXT, JAAS_KEY: jaas,
                                  "admin.listeners": admin})
    w = workers.create(props).start()
    w.wait_rest(headers=ALICE)
    name = f"fs-{uuid.uuid4().hex[:6]}"
    src = tmp_path / "in.txt"
    src.write_text("")
    r = w.request("POST", "/connectors", headers=ALICE, timeout=95, json={"name": name, "config": {
        "connector.class": "FileStreamSource", "file": str(src), "topic": f"t-{name}",
        "tasks.max": "1"}})
    assert r.status_code == 201, r.text
    wait_for(lambda: (s := w.get(f"/connectors/{name}/status", headers=ALICE)).status_code
             == 200 and s.json()["tasks"] and s.json()["tasks"][0]["state"] == "RUNNING",
             what="the task RUNNING")

    # The page lives with /admin: on the admin listener, not on the regular one.
    assert w.get("/ui", headers=ALICE).status_code == 404
    r = requests.get(admin + "/ui", timeout=10)
    assert r.status_code == 401, r.text
    assert r.headers["WWW-Authenticate"].startswith('Basic realm="kconnect"')
    r = requests.get(admin + "/ui", headers=ALICE, timeout=10)
    assert r.status_code == 200
    assert r.headers["Content-Type"] == "text/html; charset=utf-8"
    assert "default-src 'none'" in r.headers["Content-Security-Policy"]
    assert "connect-src 'self'" in r.headers["Content-Security-Policy"]
    assert "<title>kconnect</title>" in r.text
    # Its mount answers the regular resources it reads, read-only, behind the same check.
    assert requests.get(admin + "/ui/api/connectors", timeout=10).status_code == 401
    mounted = requests.get(admin + "/ui/api/connectors?expand=status", headers=ALICE,
                           timeout=10)
    assert mounted.status_code == 200
    assert mounted.json() == w.get("/connectors?expand=status", headers=ALICE).json()
    assert requests.get(admin + f"/ui/api/connectors/{name}/status", headers=ALICE,
                        timeout=10).json() == \
        w.get(f"/connectors/{name}/status", headers=ALICE).json()
    assert requests.get(admin + "/ui/api", headers=ALICE, timeout=10).json() == \
        w.get("/", headers=ALICE).json()
    r = requests.get(admin + f"/ui/api/connectors/{name}/config", headers=ALICE, timeout=10)
    assert r.status_code == 404, r.text
    r = requests.post(admin + "/ui/api/connectors", headers=ALICE, timeout=10,
                      json={"name": "x", "config": {}})
    assert r.status_code == 405, r.text
    r = requests.delete(admin + f"/ui/api/connectors/{name}", headers=ALICE, timeout=10)
    assert r.status_code == 404, r.text
    # Java's admin resources on the admin listener stay as Java serves them: unauthenticated.
    assert requests.get(admin + "/admin/loggers", timeout=10).status_code == 200

    with Browser(tmp_path) as browser:
        page = browser.open(admin + "/ui?every=1", credentials=("alice", "alice-pw"))
        page.wait_for(f"""(() => {{ const r = document.querySelector(
            '[data-connector="{name}"]'); return r && r.textContent.includes('RUNNING') &&
            Number(document.body.dataset.refreshes) >= 1; }})()""",
                      what="the page showing the connector, its first refresh done")
        shown = page.evaluate(SHOWN)
        assert shown["status"].startswith("updated"), shown["status"]
        assert shown["connectors"][name]["tasks"] == [f"#0 RUNNING on {host_port(w)}"]
        assert page.challenges >= 1
    assert w.stop() == 0
    assert w.sanitizer_report() is None
