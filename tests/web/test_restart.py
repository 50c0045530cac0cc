"""A real ``ginrummy serve`` process killed with SIGKILL mid-hand, then started again: every
match continues from exactly where it was, pending computer turns included."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest

from cardtable.store import Store

from .webhelpers import bearer, free_port, settled, some_move

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")


@contextmanager
def serving(db_url: str, port: int) -> Iterator[subprocess.Popen[str]]:
    """``ginrummy serve`` in its own process; yields once it answers."""
    database = ["--database", db_url]
    process = subprocess.Popen(
        [sys.executable, "-m", "cardtable.cli.main", "serve", "--port", str(port), *database],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        assert process.stdout is not None
        first = process.stdout.readline()
        assert f"http://127.0.0.1:{port}/" in first, first
        deadline = time.monotonic() + 20
        while True:
            try:
                httpx.get(f"http://127.0.0.1:{port}/api/options", timeout=1)
                break
            except httpx.TransportError:
                if time.monotonic() > deadline or process.poll() is not None:
                    process.kill()
                    output = process.stdout.read()
                    raise RuntimeError(f"the server did not start:\n{output}") from None
                time.sleep(0.05)
        yield process
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(10)
        if process.stdout is not None:
            process.stdout.close()


def kill(process: subprocess.Popen[str]) -> None:
    process.send_signal(signal.SIGKILL)
    process.wait(10)
    assert process.returncode == -signal.SIGKILL


def get_view(base: str, match_id: str, token: str) -> dict[str, Any]:
    response = httpx.get(f"{base}/api/matches/{match_id}", headers=bearer(token), timeout=10)
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def test_a_killed_server_resumes_every_match_exactly(tmp_path: Path) -> None:
    db_url = f"sqlite:///{tmp_path / 'restart.db'}"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with serving(db_url, port) as process, httpx.Client(base_url=base, timeout=10) as http:
        created = http.post("/api/matches", json={"level": "simple", "settings": {"target": 500}})
        match_id, token = created.json()["match_id"], created.json()["token"]
        friend = http.post("/api/matches", json={"opponent": "friend"}).json()
        for _ in range(7):  # a few turns, the computer answering each
            current = settled(http, match_id, token)
            move = some_move(current)
            body = {"action": move, "expected": current["action_count"]}
            response = http.post(
                f"/api/matches/{match_id}/actions", json=body, headers=bearer(token)
            )
            assert response.status_code == 200, response.text
        before = settled(http, match_id, token)
        friend_before = get_view(base, friend["match_id"], friend["token"])
        assert before["status"] == "active" and before["observation"]["phase"] != "over"
        kill(process)

    with serving(db_url, port) as process, httpx.Client(base_url=base, timeout=10) as http:
        assert get_view(base, match_id, token) == before
        assert get_view(base, friend["match_id"], friend["token"]) == friend_before
        played_on = before
        while True:  # play on to the start of one of the person's turns
            body = {"action": some_move(played_on), "expected": played_on["action_count"]}
            response = http.post(
                f"/api/matches/{match_id}/actions", json=body, headers=bearer(token)
            )
            assert response.status_code == 200, response.text
            played_on = settled(http, match_id, token)
            if played_on["observation"]["phase"] in ("offer", "draw"):
                break
        assert played_on["action_count"] > before["action_count"]
        kill(process)

    # Killed between storing a person's action and the computer's answer: the stored action
    # stays with the computer's pending turn (one transaction), and the computer plays it
    # when the server comes back.
    store = Store(db_url)
    try:
        legal = played_on["legal_actions"]
        assert legal, "it should be the person's turn"
        if "pass" in legal:
            pending = [(0, "pass")]
        else:  # a whole turn: draw, then throw a card held before the draw
            pending = [(0, "draw"), (0, f"discard {played_on['observation']['hand'][0]}")]
        count = store.action_count(match_id) + len(pending)
        store.append_actions(
            match_id, count - len(pending), pending, "active", {}, computer_next=True
        )
    finally:
        store.close()
    with serving(db_url, port), httpx.Client(base_url=base, timeout=10) as http:
        resumed = settled(http, match_id, token)
        assert resumed["action_count"] > count  # the computer moved after the restart
        assert resumed["observation"]["to_act"] == 0 or resumed["last_hand"] is not None
        response = http.post(
            f"/api/matches/{match_id}/actions",
            json={"action": some_move(resumed), "expected": resumed["action_count"]},
            headers=bearer(token),
        )
        assert response.status_code == 200, response.text
