"""
tests/integration/browser.py - a real browser for the tests: headless Chromium (Debian's
package, installed by tests/setup.sh) driven over the DevTools protocol on a pipe
(--remote-debugging-pipe: JSON messages ended by NUL on file descriptors 3 and 4), so no
WebSocket client and no driver download are needed.

    with Browser(tmp_path) as b:
        page = b.open("http://127.0.0.1:8083/ui", credentials=("alice", "pw"))
        page.wait_for("document.body.dataset.refreshes >= 2")
        page.evaluate("document.title")
        page.screenshot(path)

credentials: answered when the server challenges (WWW-Authenticate), as a user typing them
into the browser's prompt would; page.challenges counts the challenges.

SPDX-License-Identifier: Apache-2.0
"""

import base64
import fcntl
import itertools
import json
import os
import shutil
import subprocess
import threading
import time

import kafka_harness as kh


def chromium():
    """The Chromium binary, or None."""
    return shutil.which("chromium") or shutil.which("chromium-browser")


class BrowserError(Exception):
    pass


class Browser:
    def __init__(self, workdir, width=1280, height=1000):
        binary = chromium()
        if binary is None:
            raise BrowserError("chromium is not installed (tests/setup.sh installs it)")
        self.log_path = os.path.join(str(workdir), "chromium.log")
        to_browser_r, self._to_browser = os.pipe()
        self._from_browser, from_browser_w = os.pipe()
        # The child sees the pipe ends as descriptors 3 (it reads) and 4 (it writes).
        def fds():
            r, w = (fcntl.fcntl(fd, fcntl.F_DUPFD, 10) for fd in (to_browser_r, from_browser_w))
            os.dup2(r, 3)
            os.dup2(w, 4)
            kh._die_with_parent()
        with open(self.log_path, "w") as log:
            self.proc = subprocess.Popen(
                [binary, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--no-default-browser-check", "--disable-dev-shm-usage", "--hide-scrollbars",
                 "--disable-extensions", "--disable-background-networking",
                 "--remote-debugging-pipe", f"--window-size={width},{height}",
                 f"--user-data-dir={os.path.join(str(workdir), 'chromium-profile')}",
                 "about:blank"],
                stdin=subprocess.DEVNULL, stdout=log, stderr=log, preexec_fn=fds,
                pass_fds=(3, 4))                  # kept open past preexec_fn's dup2s
        os.close(to_browser_r)
        os.close(from_browser_w)
        self._ids = itertools.count(1)
        self._lock = threading.Lock()
        self._replies = {}
        self._cond = threading.Condition()
        self._handlers = {}               # (sessionId, method) -> fn(params)
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        try:
            self.send("Browser.close", wait=False)
        except OSError:
            pass
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(10)
        os.close(self._to_browser)

    def _read(self):
        buf = b""
        while True:
            try:
                chunk = os.read(self._from_browser, 65536)
            except OSError:
                chunk = b""
            if not chunk:
                with self._cond:
                    self._replies[None] = "closed"
                    self._cond.notify_all()
                return
            buf += chunk
            while b"\0" in buf:
                raw, buf = buf.split(b"\0", 1)
                msg = json.loads(raw)
                if "id" in msg:
                    with self._cond:
                        self._replies[msg["id"]] = msg
                        self._cond.notify_all()
                    continue
                handler = self._handlers.get((msg.get("sessionId"), msg["method"]))
                if handler is not None:
                    handler(msg.get("params", {}))

    def send(self, method, params=None, session=None, wait=True, timeout=30):
        msg_id = next(self._ids)
        msg = {"id": msg_id, "method": method, "params": params or {}}
        if session is not None:
            msg["sessionId"] = session
        with self._lock:
            os.write(self._to_browser, json.dumps(msg).encode() + b"\0")
        if not wait:
            return None
        deadline = time.monotonic() + timeout
        with self._cond:
            while msg_id not in self._replies:
                if None in self._replies or time.monotonic() > deadline:
                    raise BrowserError(f"{method}: no answer from chromium "
                                       f"(log: {self.log_path})")
                self._cond.wait(0.5)
            reply = self._replies.pop(msg_id)
        if "error" in reply:
            raise BrowserError(f"{method}: {reply['error']}")
        return reply["result"]

    def open(self, url, credentials=None):
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target,
                                                      "flatten": True})["sessionId"]
        page = Page(self, session)
        if credentials is not None:
            page.answer_challenges(*credentials)
        self.send("Page.enable", session=session)
        self.send("Runtime.enable", session=session)
        self.send("Page.navigate", {"url": url}, session=session)
        return page


class Page:
    def __init__(self, browser, session):
        self.browser = browser
        self.session = session
        self.challenges = 0
        self.console = []
        browser._handlers[(session, "Runtime.consoleAPICalled")] = self._console
        browser._handlers[(session, "Runtime.exceptionThrown")] = self._exception

    def _console(self, params):
        self.console.append(" ".join(str(a.get("value", a.get("description", "")))
                                     for a in params.get("args", [])))

    def _exception(self, params):
        d = params.get("exceptionDetails", {})
        self.console.append("exception: " + d.get("exception", {}).get("description",
                                                                       d.get("text", "")))

    def answer_challenges(self, user, password):
        """Answers every authentication challenge with user and password; every other
        request passes untouched."""
        b = self.browser

        def paused(params):
            b.send("Fetch.continueRequest", {"requestId": params["requestId"]},
                   session=self.session, wait=False)

        def challenged(params):
            self.challenges += 1
            b.send("Fetch.continueWithAuth", {
                "requestId": params["requestId"],
                "authChallengeResponse": {"response": "ProvideCredentials",
                                          "username": user, "password": password}},
                session=self.session, wait=False)
        b._handlers[(self.session, "Fetch.requestPaused")] = paused
        b._handlers[(self.session, "Fetch.authRequired")] = challenged
        b.send("Fetch.enable", {"handleAuthRequests": True,
                                "patterns": [{"urlPattern": "*"}]}, session=self.session)

    def evaluate(self, expression):
        """The value of a JavaScript expression in the page (promises awaited)."""
        r = self.browser.send("Runtime.evaluate", {"expression": expression,
                                                   "returnByValue": True,
                                                   "awaitPromise": True},
                              session=self.session)
        if "exceptionDetails" in r:
            raise BrowserError(f"{expression}: {r['exceptionDetails']}")
        return r["result"].get("value")

    def wait_for(self, expression, timeout=60, what=None):
        """Polls a JavaScript expression until it is truthy; returns its value."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                v = self.evaluate(expression)
            except BrowserError:
                v = None
            if v:
                return v
            if time.monotonic() > deadline:
                raise AssertionError(f"{what or expression}: not within {timeout}s "
                                     f"(console: {self.console[-5:]})")
            time.sleep(0.25)

    def screenshot(self, path):
        data = self.browser.send("Page.captureScreenshot", {"format": "png",
                                                            "captureBeyondViewport": True},
                                 session=self.session)["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))
        return path
