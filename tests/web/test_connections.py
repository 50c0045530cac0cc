"""The server's connections within bounds (issue 38.1), on a real ``cardtable serve`` over
raw sockets: its own refusals of malformed HTTP carry the security headers; a request's head
has a size and a time limit; idle connections are closed; past the connection limit a new
one is refused at once, and the table answers again as soon as the idle ones are gone; only
the allowed host names are served; the descriptor limit is made room for, or the server
says why it cannot start. Loopback only, bounded in count and time.
"""

from __future__ import annotations

import json
import os
import resource
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from cardtable.web.security import CONTENT_SECURITY

from .processes import ROOT, ServerProcess

LIMITS = {
    "CARDTABLE_MAX_CONNECTIONS": "20",
    "CARDTABLE_HEAD_SECONDS": "1",
    "CARDTABLE_HEAD_BYTES": "8192",
    "CARDTABLE_IDLE_SECONDS": "1",
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("connections")
    with ServerProcess(f"sqlite:///{folder / 'table.db'}", env=LIMITS) as running:
        yield running


def _connect(server: ServerProcess) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=5)
    return sock


def _read_all(sock: socket.socket, within: float = 5.0) -> bytes:
    """Everything the server sends until it closes the connection (or ``within`` runs out)."""
    sock.settimeout(within)
    data = b""
    try:
        while chunk := sock.recv(65536):
            data += chunk
    except TimeoutError:
        pass
    return data


def _answer(raw: bytes) -> tuple[int, dict[str, str], bytes]:
    head, _, body = raw.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return status, headers, body


def _secured(headers: dict[str, str]) -> None:
    assert headers["content-security-policy"] == CONTENT_SECURITY
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["x-frame-options"] == "DENY"
    assert headers["referrer-policy"] == "no-referrer"


MALFORMED = [
    pytest.param(b"FOO / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", id="method FOO"),
    pytest.param(
        b"POST /api/matches HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: -1\r\n\r\n",
        id="negative length",
    ),
    pytest.param(
        b"POST /api/matches HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\n"
        b"Content-Length: 5\r\n\r\n{}",
        id="two lengths",
    ),
]


@pytest.mark.parametrize("request_bytes", MALFORMED)
def test_the_servers_own_400_carries_the_security_headers(
    server: ServerProcess, request_bytes: bytes
) -> None:
    with _connect(server) as sock:
        sock.sendall(request_bytes)
        status, headers, body = _answer(_read_all(sock))
    assert status == 400
    _secured(headers)
    assert "not valid HTTP" in json.loads(body)["error"]


def test_a_head_too_big_is_refused_and_closed(server: ServerProcess) -> None:
    with _connect(server) as sock:
        sock.sendall(b"GET /api/options HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Pad: ")
        for _ in range(10):  # 10 KB of one header, never ended
            try:
                sock.sendall(b"a" * 1024)
            except OSError:  # closed by the server already
                break
        status, headers, body = _answer(_read_all(sock))
    assert status == 431
    _secured(headers)
    assert "at most 8192 bytes" in json.loads(body)["error"]


def test_a_head_sent_slowly_is_cut_off(server: ServerProcess) -> None:
    started = time.monotonic()
    with _connect(server) as sock:
        sock.sendall(b"GET /api/options HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        answer = b""
        for _ in range(30):  # a header byte every 0.1 s: slower than the limit allows
            try:
                sock.sendall(b"X")
            except OSError:
                break
            sock.settimeout(0.1)
            try:
                answer += sock.recv(65536)
            except TimeoutError:
                continue
            if answer:
                break
        answer += _read_all(sock, 2)
    took = time.monotonic() - started
    status, headers, body = _answer(answer)
    assert status == 408 and "within 1 s" in json.loads(body)["error"]
    _secured(headers)
    assert took < 2.5, took


def test_a_connection_that_says_nothing_is_closed(server: ServerProcess) -> None:
    started = time.monotonic()
    with _connect(server) as sock:
        assert _read_all(sock, 5) == b""  # closed without an answer: nothing was asked
    assert time.monotonic() - started < 2.5


def test_an_idle_connection_is_closed_after_its_answer(server: ServerProcess) -> None:
    with _connect(server) as sock:
        sock.sendall(b"GET /api/options HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        started = time.monotonic()
        raw = _read_all(sock, 5)
    assert _answer(raw)[0] == 200
    assert time.monotonic() - started < 2.5  # kept alive for 1 s, then closed


def test_past_the_connection_limit_new_ones_are_refused_until_the_idle_go(
    server: ServerProcess,
) -> None:
    held = [_connect(server) for _ in range(25)]
    try:
        time.sleep(0.2)
        refused = []
        for sock in held:
            sock.settimeout(0.05)
            try:
                first = sock.recv(65536)  # a refusal is written whole, at once
            except TimeoutError:
                continue
            if first:  # (b"": one held past the head time, closed without a word)
                refused.append(_answer(first))
        assert len(refused) >= 5, len(refused)
        for status, headers, body in refused:
            assert status == 503 and headers["retry-after"] == "1"
            assert "as many connections" in json.loads(body)["error"]
            _secured(headers)
    finally:
        for sock in held:
            sock.close()
    time.sleep(1.5)  # the limit's idle connections have been closed by the server
    assert httpx.get(f"{server.base}/api/options", timeout=5).status_code == 200


def test_only_the_allowed_host_names_are_served(server: ServerProcess) -> None:
    """Listening on 127.0.0.1, the server answers for loopback names only (a rebinding
    attack's page would send its own name)."""
    url = f"{server.base}/api/options"
    for name in ("127.0.0.1", "localhost", f"localhost:{server.port}", "[::1]:80"):
        assert httpx.get(url, headers={"Host": name}).status_code == 200, name
    refused = httpx.get(url, headers={"Host": "rebound.example"})
    assert refused.status_code == 400
    assert "rebound.example" in refused.json()["error"]
    _secured({k.lower(): v for k, v in refused.headers.items()})


def test_allowed_hosts_is_a_setting(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'table.db'}"
    with ServerProcess(database, "--allowed-hosts", "127.0.0.1, *.cards.example") as named:
        url = f"{named.base}/api/options"
        assert httpx.get(url, headers={"Host": "t.cards.example"}).status_code == 200
        assert httpx.get(url, headers={"Host": "localhost"}).status_code == 400
    with ServerProcess(database, env={"CARDTABLE_ALLOWED_HOSTS": "*"}) as anyone:
        url = f"{anyone.base}/api/options"
        assert httpx.get(url, headers={"Host": "rebound.example"}).status_code == 200


def _serve_limited(tmp_path: Path, soft: int, hard: int, *args: str) -> subprocess.Popen[str]:
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))

    command = [sys.executable, "-m", "cardtable.cli.main", "serve", "--port", "0", *args]
    return subprocess.Popen(
        [*command, "--database-url", f"sqlite:///{tmp_path / 'table.db'}"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        preexec_fn=limit,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )


def test_a_descriptor_limit_too_low_for_the_connections_is_said_at_start(
    tmp_path: Path,
) -> None:
    server = _serve_limited(tmp_path, 256, 256, "--max-connections", "1000")
    output, _ = server.communicate(timeout=60)
    assert server.returncode == 2, output
    lines = [line for line in output.splitlines() if line.strip()]
    assert lines == [
        "error: 1000 connections need 1128 file descriptors and this process may open 256: "
        "raise the limit (ulimit -n, LimitNOFILE= in the systemd unit) or lower "
        "--max-connections"
    ]


def test_the_soft_descriptor_limit_is_raised_for_the_connections(tmp_path: Path) -> None:
    server = _serve_limited(tmp_path, 256, 4096, "--max-connections", "1000")
    try:
        deadline = time.monotonic() + 30
        limits = ""
        while time.monotonic() < deadline and server.poll() is None:
            limits = Path(f"/proc/{server.pid}/limits").read_text()
            if "1128" in limits:
                break
            time.sleep(0.1)
        row = next(line for line in limits.splitlines() if line.startswith("Max open files"))
        assert row.split()[3:5] == ["1128", "4096"], row
    finally:
        server.terminate()
        server.communicate(timeout=30)
