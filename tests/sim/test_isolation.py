"""No evaluated agent can read the evaluator's secret seed (issue 39 §1).

The snooping agent (``tests/sim/snoop.py``) tries its own command line and environment, the
evaluator's ``/proc`` files and memory (the attack of the issue: scan for 32-hex strings) and
every process's command line and environment. First, that attack works on a process that
does not protect itself, so the tests below could fail. Then ``cardtable gin evaluate`` is run
as a command, the way a researcher runs it: as root with this interpreter (the agent as root
without capabilities where a user of its own cannot run it), as root with an interpreter every
user can run (the agent as a user of its own), and as a normal user (the agent as that same
user): in each, the agent is denied the evaluator's memory and environment, its command line
and environment are bare, the seed is nowhere in what it found, and the summary says plainly
what isolation it had.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from cardtable.errors import CardTableError
from cardtable.sim.isolation import (
    BYTECODE,
    DEFAULT_AGENT_UID,
    agent_user,
    clean_environment,
    drop_capabilities,
    make_undumpable,
)

from .snoop import read_memory

ROOT = Path(__file__).resolve().parents[2]
NORMAL_UID = 65532  # a user of no account, for the evaluator run as a normal user
SECRET_HOLDER = (
    "import secrets, sys, time\n"
    "undumpable = sys.argv[1] == '1'\n"
    "if undumpable:\n"
    "    from cardtable.sim.isolation import make_undumpable\n"
    "    make_undumpable()\n"
    "secret = secrets.token_hex(16)\n"
    "print(secret, flush=True)\n"
    "time.sleep(60)\n"
)
ALLOWED_VARIABLES = set(clean_environment("/x")) | {"SNOOP_DIR", "SNOOP_ANCESTORS"}
# Where this run keeps compiled modules (make test: outside the source tree, which it checks).
BYTECODE_HERE = {name: os.environ[name] for name in BYTECODE if name in os.environ}


def world_python() -> str | None:
    """An interpreter of this Python version that every user may run, if there is one."""
    version = str(tuple(sys.version_info[:2]))
    for candidate in ("/usr/bin/python3.11", "/usr/bin/python3", "/usr/local/bin/python3"):
        done = (
            subprocess.run(
                [candidate, "-c", "import sys; print(sys.version_info[:2])"],
                capture_output=True,
                text=True,
                check=False,
                user=NORMAL_UID if os.geteuid() == 0 else None,
                group=NORMAL_UID if os.geteuid() == 0 else None,
            )
            if Path(candidate).exists()
            else None
        )
        if done is not None and done.returncode == 0 and done.stdout.strip() == version:
            return candidate
    return None


def python_path() -> str:
    """This interpreter's import path, its standard library left out (another interpreter
    of the same version has its own), for another interpreter to find the same modules."""
    kept: list[str] = []
    for entry in sys.path:
        if not entry or not Path(entry).is_dir():
            continue
        packages = "site-packages" in entry or "dist-packages" in entry
        if entry.startswith(sys.base_prefix) and not packages:
            continue  # the standard library
        kept.append(str(Path(entry).resolve()))
    return os.pathsep.join(kept)


def hold_a_secret(undumpable: bool) -> tuple[subprocess.Popen[str], str]:
    holder = subprocess.Popen(
        [sys.executable, "-c", SECRET_HOLDER, "1" if undumpable else "0"],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": python_path()},
    )
    assert holder.stdout is not None
    return holder, holder.stdout.readline().strip()


def test_the_memory_attack_finds_a_secret_in_a_process_that_does_not_protect_itself() -> None:
    holder, secret = hold_a_secret(undumpable=False)
    try:
        outcome, found = read_memory(holder.pid)
    finally:
        holder.kill()
        holder.wait()
    assert outcome.startswith("read ") and len(secret) == 32
    assert secret in found


def test_an_undumpable_process_is_closed_to_its_own_user_without_capabilities() -> None:
    # Run the attack as a process of the holder's own user holding no capability (root
    # without them, or a normal user as itself): the undumpable flag alone stops it.
    holder, secret = hold_a_secret(undumpable=True)
    try:
        script = (
            "import sys\nfrom tests.sim.snoop import read_memory\n"
            f"outcome, found = read_memory({holder.pid})\n"
            f"print(outcome, {secret!r} in found)\n"
        )
        done = subprocess.run(
            [sys.executable, "-c", script],
            capture_output=True,
            text=True,
            cwd=ROOT,
            preexec_fn=drop_capabilities if os.geteuid() == 0 else None,
            check=False,
        )
    finally:
        holder.kill()
        holder.wait()
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("denied: PermissionError"), done.stdout
    assert done.stdout.strip().endswith("False")


def test_making_oneself_undumpable_is_reported() -> None:
    assert make_undumpable() is sys.platform.startswith("linux")


def run_evaluate(
    python: str, snoop_dir: Path, *, uid: int | None = None, extra: tuple[str, ...] = ()
) -> tuple[dict[str, Any], dict[str, Any]]:
    """``cardtable gin evaluate`` of the snooping agent as a command: its JSON, and the
    agent's report."""
    result, reports = run_evaluate_reports(python, snoop_dir, uid=uid, extra=extra)
    assert len(reports) == 1, reports  # one agent process, which snooped once
    return result, reports[0]


def run_evaluate_reports(
    python: str, snoop_dir: Path, *, uid: int | None = None, extra: tuple[str, ...] = ()
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """:func:`run_evaluate`, with the reports of every agent process (one per worker)."""
    environment = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "PYTHONPATH": python_path(),
        "SNOOP_DIR": str(snoop_dir),
        "LC_ALL": "C.UTF-8",
        **BYTECODE_HERE,
    }
    command = [python, "-m", "cardtable", "gin", "evaluate", "tests.sim.snoop:Snoop"]
    command += ["--against", "random", "--games", "2", "--unit", "hand", "--json"]
    command += ["--agent-env", "SNOOP_DIR", *extra]
    started = time.monotonic()
    done = subprocess.run(
        command,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=environment,
        user=uid,
        group=uid,
        extra_groups=[] if uid is not None else None,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert time.monotonic() - started < 300
    reports = [json.loads(path.read_text(encoding="utf-8")) for path in snoop_dir.iterdir()]
    return json.loads(done.stdout), reports


def check_nothing_reached(result: dict[str, Any], report: dict[str, Any]) -> None:
    seed = result["seed"]
    assert result["secret_seed"] and len(seed) == 32
    routes = report["routes"]
    assert routes["evaluator mem"].startswith("denied"), routes
    assert routes["evaluator environ"].startswith("denied"), routes
    assert routes["own cmdline"].startswith("read"), routes  # it did look
    assert seed not in report["candidates"]
    assert seed not in json.dumps(report)
    assert set(report["environment"]) <= ALLOWED_VARIABLES, report["environment"]
    assert report["argv"][1:] == [], report["argv"]  # python -m MODULE: nothing after it
    # Standard input (empty), output and error, the channel, and the listing's own.
    assert set(report["fds"]) <= {0, 1, 2, 3, 4}, report["fds"]


@pytest.fixture
def snoop_dir(agent_dir: Path) -> Path:
    return agent_dir


def test_as_the_user_running_the_tests(snoop_dir: Path) -> None:
    result, report = run_evaluate(sys.executable, snoop_dir)
    check_nothing_reached(result, report)
    words = result["isolation"]
    if os.geteuid() == 0:
        # As CI runs: this interpreter lives where other users cannot run it, or they can.
        assert report["uid"] in (0, DEFAULT_AGENT_UID)
        expected = "root without capabilities" if report["uid"] == 0 else "a user of its own"
        assert expected in words, words
    else:
        assert report["uid"] == os.geteuid() and "the same user" in words, words
    assert "memory was closed to it (undumpable)" in words


WORKERS = ("--games", "4", "--workers", "2", "--agent-env", "SNOOP_ANCESTORS=1")


def check_workers_kept_apart(result: dict[str, Any], reports: list[dict[str, Any]]) -> None:
    """Two workers, each with an agent of its own: each agent's parent is its worker, its
    grandparent the evaluator; it tried both (and everything else) and found no seed."""
    assert result["workers"] == 2 and result["backend"] == "process"
    assert len(reports) == 2 and len({report["parent"] for report in reports}) == 2
    assert len({report["routes"]["ancestor 2 pid"] for report in reports}) == 1  # the evaluator
    for report in reports:
        check_nothing_reached(result, report)
        routes = report["routes"]
        assert routes["ancestor 2 pid"] != str(report["parent"])
        assert routes["ancestor 2 mem"].startswith("denied"), routes  # the evaluator's
        assert routes["ancestor 2 environ"].startswith("denied"), routes
    assert "memory was closed to it (undumpable)" in result["isolation"]


def test_with_workers_no_agent_reaches_a_worker_or_the_evaluator(snoop_dir: Path) -> None:
    result, reports = run_evaluate_reports(sys.executable, snoop_dir, extra=WORKERS)
    check_workers_kept_apart(result, reports)


def need_root_and_world_python() -> str:
    if os.geteuid() != 0:
        pytest.skip("running the evaluator as root and as another user needs root")
    python = world_python()
    if python is None:
        pytest.skip(f"no Python {sys.version_info[:2]} that every user may run")
    for entry in python_path().split(os.pathsep):
        if not os.access(entry, os.R_OK) or not _others_may_enter(Path(entry)):
            pytest.skip(f"{entry} is closed to other users")
    return python


def _others_may_enter(path: Path) -> bool:
    return all(part.stat().st_mode & 0o005 == 0o005 for part in (path, *path.parents))


def test_as_root_the_agent_gets_a_user_of_its_own(snoop_dir: Path) -> None:
    python = need_root_and_world_python()
    result, report = run_evaluate(python, snoop_dir)
    check_nothing_reached(result, report)
    assert report["uid"] == DEFAULT_AGENT_UID
    assert report["routes"]["evaluator fd"].startswith("denied")  # not even its numbers
    assert f"uid {DEFAULT_AGENT_UID}, a user of its own" in result["isolation"]
    # A user of its own reads no root process's environment either.
    assert "read 0 files" not in report["routes"]["every process's cmdline and environ"]


def test_as_a_normal_user_the_agent_is_that_user_and_the_memory_stays_closed(
    snoop_dir: Path,
) -> None:
    python = need_root_and_world_python()
    result, report = run_evaluate(python, snoop_dir, uid=NORMAL_UID)
    check_nothing_reached(result, report)
    assert report["uid"] == NORMAL_UID
    words = result["isolation"]
    assert "the same user as the evaluator" in words and "could read that user's files" in words


def test_with_workers_as_a_normal_user_each_worker_is_closed_to_the_agents(
    snoop_dir: Path,
) -> None:
    # The agents run as the evaluator's own user, with no capability: only each worker's
    # undumpable flag (set as it starts) keeps an agent out of the worker's memory.
    python = need_root_and_world_python()
    result, reports = run_evaluate_reports(python, snoop_dir, uid=NORMAL_UID, extra=WORKERS)
    check_workers_kept_apart(result, reports)
    assert {report["uid"] for report in reports} == {NORMAL_UID}


def test_a_normal_user_cannot_name_another_user(snoop_dir: Path) -> None:
    python = need_root_and_world_python()
    environment = {"PYTHONPATH": python_path(), "PATH": "/usr/bin:/bin", **BYTECODE_HERE}
    command = [python, "-m", "cardtable", "gin", "evaluate", "random", "--games", "2"]
    done = subprocess.run(
        [*command, "--agent-user", "0"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=environment,
        user=NORMAL_UID,
        group=NORMAL_UID,
        extra_groups=[],
        timeout=120,
        check=False,
    )
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert "only root can run the agent as another user" in done.stderr


def test_the_agent_user_named_is_checked() -> None:
    if os.geteuid() != 0:
        with pytest.raises(CardTableError, match="only root can run the agent as another user"):
            agent_user(str(DEFAULT_AGENT_UID))
    else:
        assert agent_user("root") == agent_user("same") == agent_user("0")
        assert agent_user("same").words == "root, with every capability"
    with pytest.raises(CardTableError, match="no user 'no-such-user-here'"):
        agent_user("no-such-user-here")
