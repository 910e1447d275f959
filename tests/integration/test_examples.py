"""
tests/integration/test_examples.py - the runbook examples (examples/*/README.md) run as written.

Each README tells the reader to start `make run` and `source build/run/env`, then shows the
runbook as shell blocks. This test starts one `make run` (tests/run-local.sh start, what
`make run` does after building) on free ports, and runs every README's ```sh blocks, in
order, in one bash with `set -euo pipefail`, from the top of the repository. The blocks check
their own results (`jq -e`, `grep`, `diff`, `test`), so a broken example fails here.

The top of the repository the READMEs run in is a directory of links (bin/, examples/, tests/
to this checkout; build/kconnect to $KCONNECT_BIN, the sanitized binary under tests/run.sh;
build/run, the run's state), so the commands run exactly as typed while the developer's own
build/run and port 8083 stay untouched.

Every ```sh block of every example README runs, in order; a step either passes or fails.

SPDX-License-Identifier: Apache-2.0
"""

import glob
import os
import re
import shutil
import signal
import subprocess
import time

import pytest

import kafka_harness as kh
from kconnect import KCONNECT_BIN, SANITIZER_MARKS

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLES_DIR = os.path.join(TOP, "examples")

# Example folders whose README runs today, in the order they run against one `make run`.
EXAMPLES = ["1-mirror-source-curl", "2-replicator-migration", "3-dedicated-mm2", "4-dr-scram"]

FENCE = re.compile(r"^```([^\n]*)\n(.*?)^```[ \t]*$", re.M | re.S)


def blocks(readme):
    """[(line, info, code)] of the fenced blocks of a README."""
    with open(readme, encoding="utf-8") as f:
        text = f.read()
    return [(text.count("\n", 0, m.start()) + 1, m.group(1).strip(), m.group(2))
            for m in FENCE.finditer(text)]


def steps(readme):
    """The blocks to run: (line, code) of every `sh` block. Any other `sh ...` info string
    is an error, not a quiet skip."""
    out = []
    for line, info, code in blocks(readme):
        words = info.split()
        if not words or words[0] != "sh":
            continue
        assert len(words) == 1, f"{readme}:{line}: unknown block tag {info!r}"
        out.append((line, code))
    return out


def example_list():
    return list(EXAMPLES)


def test_every_example_folder_is_listed_and_complete():
    folders = sorted(d for d in os.listdir(EXAMPLES_DIR)
                     if os.path.isdir(os.path.join(EXAMPLES_DIR, d)))
    assert folders == sorted(EXAMPLES), folders
    for d in folders:
        path = os.path.join(EXAMPLES_DIR, d)
        readme = os.path.join(path, "README.md")
        assert steps(readme), f"{readme} has no sh steps"
        units = glob.glob(os.path.join(path, "*.service"))
        assert units, f"{path} has no systemd unit"
        for unit in units:
            with open(unit) as f:
                text = f.read()
            for want in ("Restart=on-failure", "TimeoutStopSec=", "LimitNOFILE=", "Type=notify",
                         "WatchdogSec="):
                assert want in text, f"{unit}: no {want}"


def test_systemd_units_verify(tmp_path):
    """systemd's own checker accepts every unit, with /opt/kconnect pointing at this tree."""
    if shutil.which("systemd-analyze") is None:
        pytest.fail("systemd-analyze not installed (Debian package systemd)")
    for unit in sorted(glob.glob(os.path.join(EXAMPLES_DIR, "*", "*.service"))):
        with open(unit) as f:
            text = f.read().replace("/opt/kconnect", TOP)
        local = tmp_path / os.path.basename(unit)
        local.write_text(text)
        p = subprocess.run(["systemd-analyze", "verify", str(local)], capture_output=True,
                           text=True, timeout=60)
        # A bad line is reported ("Failed to parse ..., ignoring") with exit status 0.
        assert p.returncode == 0 and not (p.stdout + p.stderr).strip(), \
            f"{unit}:\n{p.stdout}{p.stderr}"


@pytest.fixture(scope="module")
def run_top(tmp_path_factory):
    """A `make run` in a directory of links to this checkout; yields (top, env)."""
    top = str(tmp_path_factory.mktemp("top"))
    for d in ("bin", "examples", "tests"):
        os.symlink(os.path.join(TOP, d), os.path.join(top, d))
    os.makedirs(os.path.join(top, "build"))
    os.symlink(os.path.abspath(KCONNECT_BIN), os.path.join(top, "build", "kconnect"))
    port, example_port = kh.free_ports(2)
    env = {k: v for k, v in os.environ.items() if not k.startswith("KC_RUN")}
    env.update(KC_RUN_PORT=str(port), KC_RUN_EXAMPLE_PORT=str(example_port),
               KCONNECT_BIN=os.path.join(top, "build", "kconnect"))
    run_local = os.path.join(top, "tests", "run-local.sh")
    p = subprocess.run([run_local, "start"], cwd=top, env=env, capture_output=True, text=True,
                       timeout=600)
    try:
        assert p.returncode == 0, f"make run failed:\n{p.stdout}\n{p.stderr}"
        assert "hello from the source cluster, record 5" in p.stdout, p.stdout
        yield top, env
    finally:
        subprocess.run([run_local, "stop"], cwd=top, env=env, capture_output=True, timeout=300)
    assert not sanitizer_reports(top)


def sanitizer_reports(top):
    """Sanitizer reports in the logs of the kconnect processes (make run's worker and what
    the examples started write build/run/*.log)."""
    found = []
    for path in glob.glob(os.path.join(top, "build", "run", "*.log")):
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        found += [f"{m} in {path}:\n{text[-6000:]}" for m in SANITIZER_MARKS if m in text]
    return found


def stop_leftovers(top):
    """Ends what an example left running (its pid files in build/run; make run's worker.pid
    stays), so that one failed example does not hold the ports of the next."""
    for path in glob.glob(os.path.join(top, "build", "run", "*.pid")):
        if os.path.basename(path) == "worker.pid":
            continue
        try:
            with open(path) as f:
                pid = int(f.read().strip())
            os.kill(pid, signal.SIGTERM)
            for _ in range(200):
                os.kill(pid, 0)
                time.sleep(0.1)
            os.kill(pid, signal.SIGKILL)
        except (OSError, ValueError):
            pass
        os.unlink(path)


def script(readme):
    parts = ["set -euo pipefail"]
    for line, code in steps(readme):
        first = code.strip().splitlines()[0][:70]
        parts.append(f"echo '>>> {os.path.relpath(readme, TOP)}:{line}: "
                     f"{first.replace(chr(39), '')}' >&2")
        parts.append(code)
    return "\n".join(parts) + "\n"


@pytest.mark.parametrize("example", example_list())
def test_example_readme_runs_as_written(run_top, example):
    top, env = run_top
    readme = os.path.join(EXAMPLES_DIR, example, "README.md")
    log_path = os.path.join(top, "build", "run", f"example-{example}.txt")
    with open(log_path, "w") as log:
        proc = subprocess.Popen(["bash", "-c", script(readme)], cwd=top, env=env,
                                stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                start_new_session=True)
        try:
            rc = proc.wait(timeout=900)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            rc = "timeout (900 s)"
        finally:
            stop_leftovers(top)
    with open(log_path, encoding="utf-8", errors="replace") as f:
        out = f.read()
    assert rc == 0, f"{example}: exited {rc}; last steps and output:\n{out[-8000:]}"
    reports = sanitizer_reports(top)
    assert not reports, "\n\n".join(reports)
