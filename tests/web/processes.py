"""Real server processes for the multi-process tests: ``cardtable serve`` (or a variant
module) in its own OS process on a loopback port, its output collected, stopped or killed
at the end; and a WebSocket client for one seat."""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx

from .webhelpers import free_port

ROOT = Path(__file__).resolve().parents[2]
START_TIMEOUT = 120.0  # returns once it answers; a busy 2-core machine can take a minute


class ServerProcess:
    """``python -m <module> serve --port P --database-url URL ...`` until stopped; a
    context manager. Rate limits are off: these tests play at machine speed."""

    def __init__(
        self,
        db_url: str,
        *args: str,
        module: str = "cardtable.cli.main",
        env: dict[str, str] | None = None,
    ) -> None:
        self.db_url = db_url
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.command = [
            sys.executable,
            "-m",
            module,
            "serve",
            "--port",
            str(self.port),
            "--database-url",
            db_url,
            *args,
        ]
        self.env = {
            **os.environ,
            "PYTHONUNBUFFERED": "1",
            "CARDTABLE_RATE_LIMITS": "off",
            **(env or {}),
        }
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        self.process: subprocess.Popen[str] | None = None

    def __enter__(self) -> ServerProcess:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def start(self) -> None:
        self.process = subprocess.Popen(
            self.command,
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            text=True,
            env=self.env,
        )
        threading.Thread(target=self._read, daemon=True).start()
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            try:
                httpx.get(f"{self.base}/api/options", timeout=1)
                return
            except httpx.TransportError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    self.stop()
                    raise RuntimeError(f"the server did not start:\n{self.output()}") from None
                time.sleep(0.05)

    def _read(self) -> None:
        assert self.process is not None and self.process.stdout is not None
        for line in self.process.stdout:
            self.seen.append(line)
            self.lines.put(line)

    def wait_for_line(self, words: str, timeout: float = 20.0) -> str:
        """The next line of output that holds ``words``."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                line = self.lines.get(timeout=max(0.01, deadline - time.monotonic()))
            except queue.Empty:
                raise AssertionError(f"no {words!r} within {timeout}s:\n{self.output()}") from None
            if words in line:
                return line

    def output(self) -> str:
        return "".join(self.seen)

    def kill(self) -> None:
        """SIGKILL: no shutdown, no cleanup, whatever it was doing."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)
        assert self.process.returncode == -signal.SIGKILL

    def stop(self) -> None:
        if self.process is None:
            return
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        if self.process.stdout is not None:
            self.process.stdout.close()

    def ws_url(self, match_id: str) -> str:
        return f"ws://127.0.0.1:{self.port}/api/matches/{match_id}/ws"


class SeatSocket:
    """One seat's WebSocket on one server: the views pushed to it, read in order."""

    def __init__(self, server: ServerProcess, match_id: str, token: str) -> None:
        from websockets.sync.client import connect

        self.socket = connect(server.ws_url(match_id), open_timeout=10).__enter__()
        self.socket.send(json.dumps({"type": "hello", "token": token}))
        self.views: list[dict[str, Any]] = []
        self.last = self.next_view(10)

    def next_view(self, timeout: float) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError(f"no view pushed within {timeout}s")
            try:
                message = json.loads(self.socket.recv(timeout=remaining))
            except TimeoutError:
                continue
            if message.get("type") == "view":
                self.views.append(message["view"])
                return dict(message["view"])

    def view_where(self, test: Any, timeout: float = 10.0) -> dict[str, Any]:
        """The first pushed view (from now on) for which ``test(view)`` holds."""
        if test(self.last):
            return self.last
        deadline = time.monotonic() + timeout
        while True:
            self.last = self.next_view(max(0.01, deadline - time.monotonic()))
            if test(self.last):
                return self.last

    def close(self) -> None:
        self.socket.__exit__(None, None, None)

    def __enter__(self) -> SeatSocket:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
