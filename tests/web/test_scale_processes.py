"""Several server processes on one PostgreSQL database, for real: separate OS processes
(``cardtable serve``) on loopback ports. A move made through one process is pushed to the
seat whose socket another process holds; a computer's turn is played by whichever process
takes it; ``serve --workers 2`` does the same behind one port."""

from __future__ import annotations

import subprocess
import sys
import time
from typing import Any

import httpx

from .processes import SeatSocket, ServerProcess
from .webhelpers import bearer, settled, some_move

MOVES = 8


def get(http: httpx.Client, match_id: str, token: str) -> dict[str, Any]:
    response = http.get(f"/api/matches/{match_id}", headers=bearer(token))
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def post_move(server: ServerProcess, match_id: str, token: str, view: dict[str, Any]) -> Any:
    response = httpx.post(
        f"{server.base}/api/matches/{match_id}/actions",
        json={"action": some_move(view), "expected": view["action_count"]},
        headers=bearer(token),
        timeout=10,
    )
    assert response.status_code == 200, response.text
    return response.json()


def test_a_move_through_one_process_is_pushed_by_the_other(pg_url: str) -> None:
    with ServerProcess(pg_url) as a, ServerProcess(pg_url) as b:
        created = httpx.post(f"{a.base}/api/matches", json={"opponent": "friend"}).json()
        match_id = created["match_id"]
        tokens = (created["token"], created["invite"]["token"])
        delays: list[float] = []
        with SeatSocket(a, match_id, tokens[0]) as watching, httpx.Client(base_url=b.base) as http:
            for _ in range(MOVES):
                views = [get(http, match_id, token) for token in tokens]
                mover = next(i for i, v in enumerate(views) if v["legal_actions"])
                sent = time.monotonic()
                after = post_move(b, match_id, tokens[mover], views[mover])  # through b
                count = after["action_count"]
                pushed = watching.view_where(lambda v, n=count: v["action_count"] >= n)  # by a
                delays.append(time.monotonic() - sent)
                assert pushed["action_count"] == count and pushed["seat"] == 0
                assert pushed == get(http, match_id, tokens[0])  # the same table, both
        print(f"pushes across processes: {len(delays)}, slowest {max(delays) * 1000:.0f} ms")


def test_a_computer_match_plays_through_either_process(pg_url: str) -> None:
    with ServerProcess(pg_url) as a, ServerProcess(pg_url) as b:
        servers = (a, b)
        created = httpx.post(f"{a.base}/api/matches", json={"level": "simple"}).json()
        match_id, token = created["match_id"], created["token"]
        with SeatSocket(b, match_id, token) as watching:
            for move in range(MOVES):
                through = servers[move % 2]
                with httpx.Client(base_url=through.base) as http:
                    current = settled(http, match_id, token)
                    if current["status"] != "active":
                        break
                    after = post_move(through, match_id, token, current)
                # The computer's answer (or the person's next step) is pushed to b's
                # socket, whichever process's worker played it.
                answered = watching.view_where(
                    lambda v, n=after["action_count"]: (
                        v["action_count"] >= n
                        and (bool(v["legal_actions"]) or v["status"] != "active")
                    ),
                )
                with httpx.Client(base_url=servers[1 - move % 2].base) as other:
                    assert answered == settled(other, match_id, token)


def test_serve_with_two_workers_behind_one_port(pg_url: str) -> None:
    with ServerProcess(pg_url, "--workers", "2") as server:
        assert "2 processes" in server.output()
        created = httpx.post(f"{server.base}/api/matches", json={"opponent": "friend"}).json()
        match_id = created["match_id"]
        tokens = (created["token"], created["invite"]["token"])
        # Several sockets per seat: the kernel spreads them over both processes.
        sockets = [SeatSocket(server, match_id, tokens[seat]) for seat in (0, 1, 0, 1)]
        try:
            with httpx.Client(base_url=server.base) as http:
                for _ in range(MOVES):
                    views = [get(http, match_id, t) for t in tokens]
                    mover = next(i for i, v in enumerate(views) if v["legal_actions"])
                    count = post_move(server, match_id, tokens[mover], views[mover])["action_count"]
                    for socket in sockets:
                        socket.view_where(lambda v, n=count: v["action_count"] >= n)
        finally:
            for socket in sockets:
                socket.close()


def test_several_workers_on_sqlite_are_refused(tmp_path: object) -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "cardtable.cli.main",
            "serve",
            "--workers",
            "2",
            "--database-url",
            f"sqlite:///{tmp_path}/one.db",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert "several workers need a PostgreSQL database" in done.stdout + done.stderr


def test_a_lesson_begun_through_one_process_goes_on_through_the_other(pg_url: str) -> None:
    """docs/deploy.md: any process answers any request, lessons too (they are kept in the
    database, not in one process's memory)."""
    with ServerProcess(pg_url) as a, ServerProcess(pg_url) as b:
        for game in ("gin", "cribbage"):
            begun = httpx.post(f"{a.base}/api/lessons", json={"game": game}, timeout=10)
            assert begun.status_code == 201, begun.text
            lesson_id = begun.json()["lesson_id"]
            steps = [begun.json()["lesson"]["key"]]
            for turn in range(6):  # the hint's answer, through each process in turn
                server = (b, a)[turn % 2]
                hint = httpx.post(f"{server.base}/api/lessons/{lesson_id}/hint", timeout=10)
                assert hint.status_code == 200, hint.text
                kind, action = hint.json()["kind"], hint.json()["action"]
                body = {"select": action} if kind == "select" else {"action": action}
                if kind not in ("select", "act"):
                    body = {"advance": True}
                answer = httpx.post(f"{server.base}/api/lessons/{lesson_id}", json=body, timeout=10)
                assert answer.status_code == 200, answer.text
                steps.append(answer.json()["lesson"]["key"])
            for server in (a, b, a, b):  # on fresh connections, as the review found
                again = httpx.get(f"{server.base}/api/lessons/{lesson_id}", timeout=10)
                assert again.status_code == 200, again.text
                assert again.json()["lesson"]["key"] == steps[-1]
            assert len(set(steps)) > 1  # the lesson moved on
