"""Load on the web table: people playing gin against the computer, over HTTP and WebSockets.

Starts ``cardtable serve`` on a free loopback port (SQLite, or a PostgreSQL cluster of its
own with fsync on, one or more processes), opens N matches against a computer level
(``simple`` by default), and plays each like a browser: the seat's WebSocket brings the
views, a move is sent over that socket with the action count seen (``--moves http``: a POST,
as a program without a socket sends it). Each simulated person picks a legal
action at random and moves again as soon as the table lets it.

For each N of ``--matches`` (1, 8, 32, 64, 256) it reports over ``--seconds`` of play:

* person moves a second (acknowledged, so stored with a durable commit) and all actions a
  second (the computer's too);
* the time of a person's move: ``ack`` from the POST to its reply, ``turn`` from the POST to
  the moment the person may act again (the computer's answer included, pushed over the
  socket): median, p90, p99, max in milliseconds;
* the CPU time the server and this client spent per person move (a figure that the other
  work on the machine does not change much: a process tops out near 1,000 ms of CPU a
  second, so one at 1 ms a move would serve about 1,000 moves a second);
* errors (any reply that is not 200/201, any socket error), which must be none;
* the server's memory (resident set of every process) and, after N matches, per live match.

Everything is bounded: loopback only, a fixed number of matches, each round stopping after
``--seconds``, the whole run after ``--budget`` seconds at most. The client shares this
machine's cores with the server, so the figures are for both together. Usage::

    python bench/table_load.py                       # SQLite, one process
    python bench/table_load.py --database postgres --processes 1,2
    python bench/table_load.py --matches 1,8,32,64 --seconds 8 --json
    python bench/table_load.py --pin                 # client and server on cores of their own
    python bench/table_load.py --pin --repeat 3      # the median of three rounds of each size
    python bench/table_load.py --matches 64 --repeat 4 --compare /tmp/before/src

``--compare SRC`` measures a change: this machine's speed moves by a third within an hour, so
rounds taken one after the other compare the hours as much as the code. It runs each round
twice at once, this checkout's server and the one of ``SRC`` (the ``src`` folder of another
checkout, say a ``git worktree`` of the commit before), each with its own client on a core
of its own, the cores swapped from one repeat to the next, and prints the ratio.

The targets of issue 11 (on this 2-core machine, against ``simple``): one process
>= 1,000 person moves a second with durable commits, p99 ``turn`` under 100 ms at 64
matches, two processes at least 1.7 times one.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import websockets

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


SERVER_FAULTS: list[str] = []  # tracebacks in a server's log (the run then fails)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


# -- a small HTTP/1.1 client: keep-alive, JSON in and out, little CPU ---------------------


class Http:
    """One keep-alive connection to the server (a browser tab's worth)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def _connect(self) -> None:
        self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)

    async def request(
        self, method: str, path: str, body: Any = None, token: str | None = None
    ) -> tuple[int, Any]:
        for attempt in (0, 1):
            if self.writer is None:
                await self._connect()
            assert self.reader is not None and self.writer is not None
            data = b"" if body is None else json.dumps(body).encode()
            head = (
                f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n"
                f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n"
                + ("" if token is None else f"Authorization: Bearer {token}\r\n")
                + "\r\n"
            )
            try:
                self.writer.write(head.encode() + data)
                status_line = await self.reader.readline()
                if not status_line:
                    raise ConnectionError("closed")
                length = 0
                while True:
                    line = await self.reader.readline()
                    if line in (b"\r\n", b""):
                        break
                    name, _, value = line.partition(b":")
                    if name.strip().lower() == b"content-length":
                        length = int(value)
                payload = await self.reader.readexactly(length)
                return int(status_line.split()[1]), json.loads(payload) if payload else None
            except (ConnectionError, asyncio.IncompleteReadError):
                self.writer = None  # the server closed a kept-alive connection: once more
                if attempt:
                    raise
        raise AssertionError("unreachable")

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


# -- one person at one match --------------------------------------------------------------


@dataclass
class Tally:
    person_moves: int = 0
    actions: int = 0
    ack_ms: list[float] = field(default_factory=list)
    turn_ms: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    matches_done: int = 0


def _my_turn(view: dict[str, Any]) -> bool:
    return (
        view.get("status") == "active"
        and bool(view.get("legal_actions"))
        and view["observation"].get("to_act") == view["seat"]
    )


class Person:
    """Plays one seat: a move as soon as the table allows it, views from the socket."""

    def __init__(
        self, port: int, level: str, rng: random.Random, tally: Tally, moves: str = "socket"
    ) -> None:
        self.port = port
        self.moves = moves  # "socket" (as the web page sends them) or "http" (POST)
        self.answers: dict[int, asyncio.Future[tuple[int, Any]]] = {}
        self.sent = 0
        self.level = level
        self.rng = rng
        self.tally = tally
        self.http = Http(port)
        self.views: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.socket: Any = None
        self.reader_task: asyncio.Task[None] | None = None
        self.match_id = ""
        self.token = ""
        self.view: dict[str, Any] = {}

    async def open(self) -> None:
        status, body = await self.http.request(
            "POST", "/api/matches", {"opponent": "computer", "level": self.level}
        )
        if status != 201:
            raise RuntimeError(f"creating a match: {status} {body}")
        await self._seat(body["match_id"], body["token"], body["view"])

    async def _seat(self, match_id: str, token: str, view: dict[str, Any]) -> None:
        await self._close_socket()
        self.match_id, self.token, self.view = match_id, token, view
        self.views = asyncio.Queue()
        self.socket = await websockets.connect(
            f"ws://127.0.0.1:{self.port}/api/matches/{match_id}/ws",
            origin=f"http://127.0.0.1:{self.port}",  # type: ignore[arg-type]
            max_size=2**22,
        )
        await self.socket.send(json.dumps({"type": "hello", "token": token}))
        self.reader_task = asyncio.create_task(self._read())

    async def _read(self) -> None:
        try:
            async for message in self.socket:
                data = json.loads(message)
                reply = data.get("reply")
                if reply is not None and reply in self.answers:  # the answer to a move
                    answer = self.answers.pop(reply)
                    if not answer.done():
                        ok = data.get("type") == "view"
                        answer.set_result(
                            (200, data["view"]) if ok else (data.get("status", 0), data)
                        )
                elif data.get("type") == "view":
                    await self.views.put(data["view"])
                elif data.get("type") == "error":
                    self.tally.errors.append(f"socket: {data.get('error')}")
        except websockets.ConnectionClosed:
            pass

    async def _close_socket(self) -> None:
        if self.reader_task is not None:
            self.reader_task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.reader_task
        if self.socket is not None:
            with contextlib.suppress(Exception):
                await self.socket.close()
        self.socket = self.reader_task = None

    async def _newer_view(self) -> None:
        """Wait until the socket brings a view newer than the one held."""
        while True:
            view = await self.views.get()
            if view["action_count"] >= self.view["action_count"]:
                self.view = view
                if _my_turn(view) or view.get("status") != "active":
                    return

    async def play(self, deadline: float) -> None:
        while time.monotonic() < deadline:
            if self.view.get("status") != "active":
                await self._next_match()
                continue
            if not _my_turn(self.view):
                try:
                    await asyncio.wait_for(self._newer_view(), deadline - time.monotonic())
                except TimeoutError:
                    return
                continue
            action = self.rng.choice(self.view["legal_actions"])
            started = time.perf_counter()
            before = self.view["action_count"]
            status, body = await self._move(action, before)
            acked = time.perf_counter()
            if status != 200:
                self.tally.errors.append(f"move: {status} {body}")
                await asyncio.sleep(0.05)
                await self._refresh()
                continue
            self.tally.ack_ms.append((acked - started) * 1000)
            self.tally.person_moves += 1
            self.view = body
            if self.view.get("status") == "active" and not _my_turn(self.view):
                try:
                    await asyncio.wait_for(self._newer_view(), deadline - time.monotonic())
                except TimeoutError:
                    return
            self.tally.turn_ms.append((time.perf_counter() - started) * 1000)
            self.tally.actions += self.view["action_count"] - before

    async def _move(self, action: str, expected: int) -> tuple[int, Any]:
        if self.moves == "http":
            return await self.http.request(
                "POST",
                f"/api/matches/{self.match_id}/actions",
                {"action": action, "expected": expected},
                self.token,
            )
        self.sent += 1
        answer: asyncio.Future[tuple[int, Any]] = asyncio.get_running_loop().create_future()
        self.answers[self.sent] = answer
        message = {"type": "act", "action": action, "expected": expected, "id": self.sent}
        try:
            await self.socket.send(json.dumps(message))
            return await asyncio.wait_for(answer, 30)
        except (websockets.ConnectionClosed, TimeoutError) as error:
            self.answers.pop(self.sent, None)
            return 0, f"socket: {type(error).__name__}"

    async def _refresh(self) -> None:
        status, body = await self.http.request(
            "GET", f"/api/matches/{self.match_id}", None, self.token
        )
        if status == 200:
            self.view = body

    async def _next_match(self) -> None:
        self.tally.matches_done += 1
        status, body = await self.http.request(
            "POST", f"/api/matches/{self.match_id}/next", {}, self.token
        )
        if status != 201:
            self.tally.errors.append(f"next: {status} {body}")
            await self.open()
            return
        await self._seat(body["match_id"], self.token, body["view"])

    async def close(self) -> None:
        await self._close_socket()
        self.http.close()


# -- the server -----------------------------------------------------------------------------


@contextlib.contextmanager
def server(
    url: str, processes: int, cache_size: int, cpus: set[int] | None = None
) -> Iterator[tuple[int, subprocess.Popen[bytes]]]:
    port = _free_port()
    env = dict(os.environ, CARDTABLE_RATE_LIMITS="off", PYTHONUNBUFFERED="1")
    command = [
        sys.executable, "-m", "cardtable.cli.main", "serve", "--host", "127.0.0.1",
        "--port", str(port), "--database-url", url, "--workers", str(processes),
        "--cache-size", str(cache_size),
    ]  # fmt: skip

    def place() -> None:  # in the child: the server's processes keep to these cores
        if cpus:
            os.sched_setaffinity(0, cpus)

    with tempfile.TemporaryFile() as log:
        proc = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT,
                                start_new_session=True, preexec_fn=place)  # fmt: skip
        try:
            _wait_up(port, proc, log)
            yield port, proc
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGINT)
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(5)
            log.seek(0)
            text = log.read().decode(errors="replace")
            if "Traceback" in text:  # counted as an error of the run
                SERVER_FAULTS.append(text[-4000:])
                print("the server's log has a traceback:\n" + text[-4000:], file=sys.stderr)


def _wait_up(port: int, proc: subprocess.Popen[bytes], log: Any) -> None:
    until = time.monotonic() + 60
    while time.monotonic() < until:
        if proc.poll() is not None:
            log.seek(0)
            raise RuntimeError("the server stopped:\n" + log.read().decode(errors="replace"))
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
            time.sleep(0.5 if proc else 0)  # every worker process listening
            return
        time.sleep(0.1)
    raise RuntimeError("the server did not start within 60 s")


def _tree(root: int) -> list[int]:
    """A process and its descendants (uvicorn's workers, their spawned helpers)."""
    pids = [root]
    for pid in pids:
        with contextlib.suppress(FileNotFoundError):
            pids += [
                int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
            ]
    return pids


def _cpu_seconds(root: int) -> float:
    """User and system CPU time of the server's processes so far."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in _tree(root):
        with contextlib.suppress(FileNotFoundError):
            fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
            total += int(fields[11]) + int(fields[12])
    return total / tick


def _rss_kib(root: int) -> int:
    """The resident memory of a process and its children (the uvicorn workers)."""
    total = 0
    for pid in _tree(root):
        with contextlib.suppress(FileNotFoundError):
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
    return total


# -- one round --------------------------------------------------------------------------------


def _percentiles(values: list[float]) -> dict[str, float]:
    if not values:
        return {"median": 0.0, "p90": 0.0, "p99": 0.0, "max": 0.0}
    ordered = sorted(values)

    def at(q: float) -> float:
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    return {
        "median": round(statistics.median(ordered), 1),
        "p90": round(at(0.90), 1),
        "p99": round(at(0.99), 1),
        "max": round(ordered[-1], 1),
    }


async def _round(
    port: int,
    pid: int,
    n: int,
    seconds: float,
    level: str,
    seed: int,
    moves: str,
    probe: DatabaseProbe | None = None,
) -> dict[str, Any]:
    tally = Tally()
    rss_before = _rss_kib(pid)
    people = [Person(port, level, random.Random(seed * 1000 + i), tally, moves) for i in range(n)]
    opening = asyncio.Semaphore(32)

    async def open_one(person: Person) -> None:
        async with opening:
            await person.open()

    await asyncio.gather(*(open_one(p) for p in people))
    rss_open = _rss_kib(pid)
    started = time.monotonic()
    database_before = probe.reading() if probe is not None else (0.0, 0)
    cpu_before, own_before = _cpu_seconds(pid), time.process_time()
    deadline = started + seconds
    await asyncio.gather(*(p.play(deadline) for p in people))
    elapsed = time.monotonic() - started
    server_cpu, client_cpu = _cpu_seconds(pid) - cpu_before, time.process_time() - own_before
    database_after = probe.reading() if probe is not None else (0.0, 0)
    database_cpu = database_after[0] - database_before[0]
    statements = database_after[1] - database_before[1]  # (the probe's own left out)
    counted = max(tally.person_moves, 1)
    await asyncio.gather(*(p.close() for p in people))
    return {
        "matches": n,
        "seconds": round(elapsed, 2),
        "person_moves": tally.person_moves,
        "person_moves_per_s": round(tally.person_moves / elapsed, 1),
        "actions_per_s": round(tally.actions / elapsed, 1),
        "ack_ms": _percentiles(tally.ack_ms),
        "turn_ms": _percentiles(tally.turn_ms),
        "server_cpu_ms_per_move": round(server_cpu * 1000 / counted, 2),
        "client_cpu_ms_per_move": round(client_cpu * 1000 / counted, 2),
        "database_cpu_ms_per_move": round(database_cpu * 1000 / counted, 3) if probe else None,
        # every statement of the server's processes is a round trip (nothing is pipelined)
        "round_trips_per_move": round(statements / counted, 2) if probe else None,
        "errors": len(tally.errors),
        "first_errors": tally.errors[:3],
        "matches_finished": tally.matches_done,
        "server_rss_mib": round(_rss_kib(pid) / 1024, 1),
        "kib_per_new_match": round(max(0, rss_open - rss_before) / n, 1),
    }


# -- databases --------------------------------------------------------------------------------


@contextlib.contextmanager
def database(kind: str, folder: Path) -> Iterator[Any]:
    """Yields a function that makes a fresh database URL for one configuration."""
    if kind == "sqlite":
        counter = iter(range(1000))
        yield lambda: f"sqlite:///{folder}/load-{next(counter)}.db"
        return
    from tests.pg import PostgresCluster  # the same throwaway cluster as the tests

    cluster = PostgresCluster(durable=True)
    try:
        cluster.init()
        cluster.start()
        with _pg(cluster.url()) as connection:  # counting every statement it runs
            for setting in STATEMENT_COUNTING:
                connection.execute(f"ALTER SYSTEM SET {setting}")
        cluster.restart()

        def fresh() -> str:
            url = cluster.create_database()
            with _pg(url) as connection:
                connection.execute("CREATE EXTENSION pg_stat_statements")
            return url

        yield fresh
    finally:
        cluster.remove()


# pg_stat_statements counts every statement the server runs (BEGIN, COMMIT and the pool's
# pings included): without pipelining, each is one round trip from a client.
# (its defaults count the statements sent, BEGIN and COMMIT included)
STATEMENT_COUNTING = ("shared_preload_libraries = 'pg_stat_statements'",)


@contextlib.contextmanager
def _pg(url: str) -> Iterator[Any]:
    import psycopg
    from sqlalchemy.engine import make_url

    plain = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(plain, autocommit=True) as connection:
        yield connection


class DatabaseProbe:
    """The database side of a round on PostgreSQL: the CPU time of the cluster's processes
    (every backend, the WAL writer, the checkpointer...), and the statements and commits
    of the server's database, read from pg_stat_statements and pg_stat_database."""

    def __init__(self, url: str) -> None:
        self.url = url
        from sqlalchemy.engine import make_url

        self.name = make_url(url).database
        self.postmaster = self._postmaster()

    def _postmaster(self) -> int:
        with _pg(self.url) as connection:
            row = connection.execute("SHOW data_directory").fetchone()
            folder = Path(str(row[0] if row else ""))
        return int((folder / "postmaster.pid").read_text().split()[0])

    def reading(self) -> tuple[float, int]:
        """(CPU seconds of the cluster, statements of the server's database) so far."""
        with _pg(self.url) as connection:
            statements = connection.execute(
                "SELECT coalesce(sum(s.calls), 0) FROM pg_stat_statements s"
                " JOIN pg_database d ON d.oid = s.dbid WHERE d.datname = %s"
                " AND s.query NOT LIKE '%%pg_stat%%'",
                (self.name,),
            ).fetchone()
        return _cpu_seconds(self.postmaster), int(statements[0]) if statements else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--processes", default="1", help="comma-separated process counts")
    parser.add_argument("--matches", default="1,8,32,64,256")
    parser.add_argument("--seconds", type=float, default=10.0, help="of play per round")
    parser.add_argument("--level", default="simple")
    parser.add_argument("--cache-size", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--budget", type=float, default=900.0, help="seconds for the whole run")
    parser.add_argument(
        "--pin",
        action="store_true",
        help="this client on the last core, the server on the others (steadier figures: "
        "unpinned, the scheduler moves both between the cores, and a wake-up across cores "
        "costs a virtual machine dearly)",
    )
    parser.add_argument(
        "--moves",
        choices=["socket", "http"],
        default="socket",
        help="how a person's move is sent: over the seat's WebSocket, as the web table "
        "sends it, or as a POST",
    )
    parser.add_argument(
        "--repeat",
        type=int,
        default=1,
        help="rounds of each size, the median (by moves a second) reported with the range: "
        "this machine's figures move by a fifth from one round to the next",
    )
    parser.add_argument(
        "--compare",
        metavar="SRC",
        help="run every round side by side with the server code of SRC (another checkout's "
        "src folder), each on a core of its own, and print the ratio",
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.compare is not None:
        if args.database != "sqlite" or args.processes != "1" or args.pin:
            parser.error("--compare runs one SQLite process a side (no --pin: a core each)")
        if not (Path(args.compare) / "cardtable").is_dir():
            parser.error(f"--compare: {args.compare} holds no cardtable package")
        if len(os.sched_getaffinity(0)) < 2:
            parser.error("--compare needs at least 2 cores")
        return _compare(args)
    counts = [int(x) for x in args.matches.split(",")]
    process_counts = [int(x) for x in args.processes.split(",")]
    if args.database == "sqlite" and any(p > 1 for p in process_counts):
        parser.error("several processes need --database postgres")
    ends = time.monotonic() + args.budget
    server_cpus: set[int] | None = None
    if args.pin:
        cores = sorted(os.sched_getaffinity(0))
        if len(cores) < 2:
            parser.error("--pin needs at least 2 cores")
        server_cpus = set(cores[:-1])
        os.sched_setaffinity(0, {cores[-1]})
        print(f"pinned: server on cores {sorted(server_cpus)}, client on {cores[-1]}", flush=True)
    results: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as folder, database(args.database, Path(folder)) as fresh:
        for processes in process_counts:
            url = fresh()
            probe = DatabaseProbe(url) if args.database == "postgres" else None
            with server(url, processes, args.cache_size, server_cpus) as (port, proc):
                for n in counts:
                    if time.monotonic() + args.seconds + 30 > ends:
                        print(f"budget spent: stopping before {n} matches", file=sys.stderr)
                        break
                    row = _median_of(
                        [
                            asyncio.run(
                                _round(port, proc.pid, n, args.seconds, args.level,
                                       args.seed + k, args.moves, probe)
                            )
                            for k in range(max(1, args.repeat))
                        ]
                    )  # fmt: skip
                    row.update(
                        database=args.database, processes=processes, pinned=args.pin,
                        moves=args.moves,
                    )  # fmt: skip
                    results.append(row)
                    if not args.json:
                        _print_row(row)
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        _print_ratios(results)
    return 1 if SERVER_FAULTS or any(row["errors"] for row in results) else 0


def _compare(args: argparse.Namespace) -> int:
    """Each round twice at once (see ``--compare``): this checkout and ``args.compare``."""
    cores = sorted(os.sched_getaffinity(0))[:2]
    sides = {"this": str(ROOT / "src"), "other": str(Path(args.compare).resolve())}
    failed = False
    for n in (int(x) for x in args.matches.split(",")):
        ratios = []
        for k in range(max(1, args.repeat)):
            placed = dict(zip(sides, cores if k % 2 == 0 else cores[::-1], strict=True))
            runs = {
                side: _side_run(args, n, args.seed + k, source, placed[side])
                for side, source in sides.items()
            }
            rows = {side: _side_row(side, run) for side, run in runs.items()}
            failed = failed or any(row["errors"] for row in rows.values())
            ratio = rows["this"]["person_moves_per_s"] / max(rows["other"]["person_moves_per_s"], 1)
            ratios.append(ratio)
            print(
                f"{n:4} matches, round {k + 1}: "
                + "  ".join(
                    f"{side} (core {placed[side]}) {row['person_moves_per_s']:7.1f} moves/s,"
                    f" cpu/move {row['server_cpu_ms_per_move']} ms,"
                    f" ack p99 {row['ack_ms']['p99']:.0f}, turn p99 {row['turn_ms']['p99']:.0f} ms"
                    for side, row in rows.items()
                )
                + f"  this/other {ratio:.2f}x",
                flush=True,
            )
        print(
            f"{n:4} matches: this/other {statistics.median(ratios):.2f}x (median of"
            f" {', '.join(f'{r:.2f}' for r in ratios)})",
            flush=True,
        )
    return 1 if failed else 0


def _side_run(
    args: argparse.Namespace, n: int, seed: int, source: str, core: int
) -> subprocess.Popen[str]:
    """This bench for one round of ``n`` matches on ``core``, its server from ``source``."""
    command = [
        sys.executable, str(Path(__file__).resolve()), "--matches", str(n),
        "--seconds", str(args.seconds), "--level", args.level, "--seed", str(seed),
        "--cache-size", str(args.cache_size), "--moves", args.moves, "--json",
    ]  # fmt: skip
    env = dict(os.environ, PYTHONPATH=source)
    return subprocess.Popen(
        command,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: os.sched_setaffinity(0, {core}),  # its server inherits the core
    )


def _side_row(side: str, run: subprocess.Popen[str]) -> dict[str, Any]:
    out, err = run.communicate(timeout=600)
    if run.returncode not in (0, 1) or "[" not in out:
        raise RuntimeError(f"the {side} side failed:\n{err[-3000:]}")
    rows: list[dict[str, Any]] = json.loads(out[out.index("[") :])
    return rows[0]


def _median_of(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The round of median moves a second, with every round's figure beside it."""
    ranked = sorted(rows, key=lambda row: row["person_moves_per_s"])
    median = dict(ranked[len(ranked) // 2])
    median["rounds_moves_per_s"] = [row["person_moves_per_s"] for row in rows]
    median["kib_per_new_match"] = rows[0]["kib_per_new_match"]  # the first round's are new
    median["errors"] = sum(row["errors"] for row in rows)
    median["first_errors"] = [e for row in rows for e in row["first_errors"]][:3]
    return median


def _print_row(row: dict[str, Any]) -> None:
    ack, turn = row["ack_ms"], row["turn_ms"]
    print(
        f"{row['database']:8} {row['processes']}p {row['matches']:4} matches: "
        f"{row['person_moves_per_s']:7.1f} person moves/s ({row['actions_per_s']:7.1f} actions/s)"
        f"  ack p50 {ack['median']:6.1f} p99 {ack['p99']:7.1f} ms"
        f"  turn p50 {turn['median']:6.1f} p99 {turn['p99']:7.1f} max {turn['max']:7.1f} ms"
        f"  cpu/move server {row['server_cpu_ms_per_move']} client"
        f" {row['client_cpu_ms_per_move']} ms  errors {row['errors']}"
        f"  rss {row['server_rss_mib']} MiB (+{row['kib_per_new_match']} KiB/match)"
        + (
            f"  database cpu/move {row['database_cpu_ms_per_move']} ms,"
            f" round trips/move {row['round_trips_per_move']}"
            if row.get("round_trips_per_move") is not None
            else ""
        )
        + (
            f"  median of {', '.join(f'{x:.0f}' for x in row['rounds_moves_per_s'])}"
            if len(row["rounds_moves_per_s"]) > 1
            else ""
        ),
        flush=True,
    )
    for error in row["first_errors"]:
        print(f"    error: {error}", flush=True)


def _print_ratios(results: list[dict[str, Any]]) -> None:
    one = {r["matches"]: r for r in results if r["processes"] == 1}
    for r in results:
        base = one.get(r["matches"])
        if r["processes"] > 1 and base and base["person_moves_per_s"]:
            ratio = r["person_moves_per_s"] / base["person_moves_per_s"]
            print(f"{r['processes']} processes / 1 at {r['matches']} matches: {ratio:.2f}x")
    for r in results:
        for line in capacity(r):
            print(line)


def capacity(row: dict[str, Any], counts: tuple[int, ...] = (1, 2, 4, 8, 16)) -> list[str]:
    """What N server processes would carry on a machine with enough cores, from one round's
    CPU per move: a process tops out near 1,000 ms of CPU a second, so it carries about
    1000 / (server CPU per move) moves a second; the database spends its CPU per move on
    each, so N processes need N times that many of its cores. (A machine of C cores for the
    database carries at most C * 1000 / (database CPU per move) moves a second whatever N.)"""
    server, database = row["server_cpu_ms_per_move"], row.get("database_cpu_ms_per_move")
    if not server or row["matches"] < 32:
        return []
    lines = [
        f"capacity from {row['processes']}p at {row['matches']} matches ({row['database']}:"
        f" server {server} ms, database {database if database is not None else '-'} ms of"
        " CPU a person move):"
    ]
    for n in counts if database is not None else (1,):
        carried = n * 1000 / server
        cores = (
            "" if database is None else f", the database busy {carried * database / 1000:.1f} cores"
        )
        lines.append(f"  {n:2} processes: {carried:7.0f} person moves/s{cores}")
    if database:
        lines.append(f"  each database core: at most {1000 / database:.0f} person moves/s")
    return lines


if __name__ == "__main__":
    sys.exit(main())
