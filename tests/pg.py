"""A PostgreSQL server of the tests' own: a fresh cluster in a temporary folder, listening on
127.0.0.1 on a free port, stopped (and removed) at the end of the session.

PostgreSQL refuses to run as root, and CI runs as root: there the cluster belongs to the
``postgres`` user that Debian's package creates (``runuser -u postgres --``); as anyone else
it runs as that user. The binaries are found under ``/usr/lib/postgresql/<version>/bin`` (or
``$PG_BIN``). Nothing here skips: a test that asks for PostgreSQL fails when it cannot start,
with the server's log in the message.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import secrets
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

__all__ = ["DATABASES", "PostgresCluster", "database_url", "pg_url", "postgres"]

START_TIMEOUT = 60


def _bin_dir() -> Path:
    chosen = os.environ.get("PG_BIN")
    if chosen:
        return Path(chosen)
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"),
        key=lambda path: int(Path(path).parts[-3]) if Path(path).parts[-3].isdigit() else 0,
    )
    if not found:
        raise RuntimeError(
            "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): "
            "`make test` installs it (apt-get install postgresql), or set PG_BIN"
        )
    return Path(found[-1]).parent


def _free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class PostgresCluster:
    """initdb, start, stop and restart of a throwaway cluster (trust auth, loopback only)."""

    def __init__(self, durable: bool = False) -> None:
        self.durable = durable  # fsync on (for a bench): off for the tests, see start()
        self.bin = _bin_dir()
        self.as_root = os.geteuid() == 0
        self.root = Path(tempfile.mkdtemp(prefix="cardtable-pg-"))
        self.data = self.root / "data"
        self.sockets = self.root / "sockets"
        self.log = self.root / "server.log"
        self.port = _free_port()
        self.user = "postgres"
        self.sockets.mkdir()
        if self.as_root:
            owner = pwd.getpwnam("postgres")  # KeyError: no postgres user to run as
            for path in (self.root, self.sockets):
                os.chown(path, owner.pw_uid, owner.pw_gid)

    def _run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        command = [str(self.bin / args[0]), *args[1:]]
        if self.as_root:
            command = ["runuser", "-u", "postgres", "--", *command]
        done = subprocess.run(
            command,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            check=False,
            timeout=START_TIMEOUT,
        )
        if check and done.returncode != 0:
            raise RuntimeError(
                f"{' '.join(command)} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}"
                f"\n{self.log_text()}"
            )
        return done

    def log_text(self) -> str:
        try:
            return self.log.read_text(errors="replace")[-4000:]
        except OSError:
            return ""

    def init(self) -> None:
        self._run(
            "initdb",
            "-D",
            str(self.data),
            "-U",
            self.user,
            "--auth=trust",
            "-E",
            "UTF8",
            "--no-instructions",
        )

    def start(self) -> None:
        # No fsync: every test makes a database, and a restart would flush them all to a
        # slow disk. A clean restart (what the fault tests do) keeps every commit anyway.
        options = (
            f"-p {self.port} -k {self.sockets} -c listen_addresses=127.0.0.1"
            " -c max_connections=200 -c shared_buffers=32MB"
        )
        if not self.durable:
            options += " -c fsync=off -c full_page_writes=off"
        self._run(
            "pg_ctl",
            "-D",
            str(self.data),
            "-l",
            str(self.log),
            "-o",
            options,
            "-w",
            "-t",
            str(START_TIMEOUT),
            "start",
        )

    def stop(self, mode: str = "fast") -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "stop", check=False)

    def restart(self) -> None:
        """A fast restart: every connection is cut, committed data stays."""
        # The log file again: without it the new server would write to (and hold open) the
        # pipes this process reads pg_ctl's answer from.
        self._run(
            "pg_ctl",
            "-D",
            str(self.data),
            "-l",
            str(self.log),
            "-m",
            "fast",
            "-w",
            "-t",
            str(START_TIMEOUT),
            "restart",
        )

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+psycopg://{self.user}@127.0.0.1:{self.port}/{database}"

    def create_database(self) -> str:
        """A new empty database; its SQLAlchemy URL."""
        import psycopg

        name = f"t_{secrets.token_hex(6)}"
        with psycopg.connect(
            f"postgresql://{self.user}@127.0.0.1:{self.port}/postgres", autocommit=True
        ) as connection:
            connection.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def remove(self) -> None:
        self.stop("immediate")
        shutil.rmtree(self.root, ignore_errors=True)


@contextlib.contextmanager
def running_cluster(durable: bool = False) -> Iterator[PostgresCluster]:
    cluster = PostgresCluster(durable)
    try:
        cluster.init()
        cluster.start()
        yield cluster
    finally:
        cluster.remove()


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresCluster]:
    """The session's PostgreSQL server (started on first use)."""
    started = time.monotonic()
    with running_cluster() as cluster:
        assert time.monotonic() - started < START_TIMEOUT
        yield cluster


@pytest.fixture
def pg_url(postgres: PostgresCluster) -> str:
    """A fresh database on the session's server."""
    return postgres.create_database()


DATABASES = ("sqlite", "postgresql")


def database_url(request: pytest.FixtureRequest, folder: Path) -> str:
    """The URL of a fresh database of the kind a parametrised fixture names: a SQLite file
    in ``folder``, or a new database on the session's PostgreSQL server."""
    if request.param == "sqlite":
        return f"sqlite:///{folder / 'table.db'}"
    url: str = request.getfixturevalue("pg_url")
    return url
