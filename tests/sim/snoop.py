"""An agent that tries every way the docs name, and the memory read of issue 39, to learn the
evaluator's secret seed; it plays at random and reports what it reached.

Built in the agent's process (``tests.sim.snoop:Snoop``), once per process it tries:

* its own command line and environment (what it was started with);
* the evaluator's (its parent's) ``/proc`` files: ``cmdline``, ``environ``, ``fd``, ``cwd``
  and ``mem`` (every readable region, scanned for 32-hex-digit strings: a run seed's form);
* every process's ``cmdline`` and ``environ`` that it can read;
* with ``$SNOOP_ANCESTORS`` set to ``n``, the ``environ`` and ``mem`` of its ``n`` ancestors
  above its parent too (under ``evaluate --workers``, its parent is a worker and the
  evaluator is its grandparent).

Each route's outcome (``denied: ...`` or what it read) and every 32-hex string it found go,
as JSON, to ``$SNOOP_DIR/snoop-PID.json``.
"""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path
from typing import Any

from cardtable.gin.players import make_player

HEX = re.compile(rb"(?<![0-9a-f])[0-9a-f]{32}(?![0-9a-f])")
SCAN_LIMIT = 1 << 30  # bytes of memory read at most


def read_memory(pid: int) -> tuple[str, set[str]]:
    """Read every readable region of process ``pid``: the outcome and the hex strings."""
    found: set[str] = set()
    total = 0
    try:
        maps = Path(f"/proc/{pid}/maps").read_text(encoding="ascii").splitlines()
        with open(f"/proc/{pid}/mem", "rb", buffering=0) as memory:
            for line in maps:
                span, permissions = line.split()[:2]
                if not permissions.startswith("r") or total > SCAN_LIMIT:
                    continue
                start, end = (int(part, 16) for part in span.split("-"))
                try:
                    memory.seek(start)
                    chunk = memory.read(end - start)
                except (OSError, OverflowError, ValueError):
                    continue  # a region that cannot be read ([vvar], guard pages)
                total += len(chunk)
                found.update(match.decode() for match in HEX.findall(chunk))
    except OSError as error:
        return f"denied: {type(error).__name__}: {error.strerror}", found
    if total == 0:
        return "denied: nothing could be read", found
    return f"read {total} bytes", found


def _read(path: str) -> tuple[str, bytes]:
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        return f"denied: {type(error).__name__}: {error.strerror}", b""
    return f"read {len(data)} bytes", data


def _parent_of(pid: int) -> int:
    """The parent of process ``pid`` (its ``stat``, which anyone may read)."""
    stat = Path(f"/proc/{pid}/stat").read_text(encoding="ascii")
    return int(stat.rsplit(")", 1)[1].split()[1])


def snoop() -> dict[str, Any]:
    """Every route tried once: the outcomes and the candidates."""
    parent = os.getppid()
    candidates: set[str] = set()
    routes: dict[str, str] = {}
    for name in ("cmdline", "environ"):
        routes[f"own {name}"], data = _read(f"/proc/self/{name}")
        candidates.update(match.decode() for match in HEX.findall(data))
    for name in ("cmdline", "environ"):
        routes[f"evaluator {name}"], data = _read(f"/proc/{parent}/{name}")
        candidates.update(match.decode() for match in HEX.findall(data))
    for name in ("fd", "cwd"):
        try:
            routes[f"evaluator {name}"] = (
                f"read {len(os.listdir(f'/proc/{parent}/fd'))} entries"
                if name == "fd"
                else f"read {os.readlink(f'/proc/{parent}/cwd')}"
            )
        except OSError as error:
            routes[f"evaluator {name}"] = f"denied: {type(error).__name__}: {error.strerror}"
    routes["evaluator mem"], found = read_memory(parent)
    candidates |= found
    ancestor = parent
    for depth in range(2, 2 + int(os.environ.get("SNOOP_ANCESTORS", "0"))):
        ancestor = _parent_of(ancestor)
        routes[f"ancestor {depth} pid"] = str(ancestor)
        routes[f"ancestor {depth} environ"], data = _read(f"/proc/{ancestor}/environ")
        candidates.update(match.decode() for match in HEX.findall(data))
        routes[f"ancestor {depth} mem"], found = read_memory(ancestor)
        candidates |= found
    readable = 0
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            for name in ("cmdline", "environ"):
                outcome, data = _read(str(entry / name))
                readable += not outcome.startswith("denied")
                candidates.update(match.decode() for match in HEX.findall(data))
    routes["every process's cmdline and environ"] = f"read {readable} files"
    return {
        "pid": os.getpid(),
        "parent": parent,
        "uid": os.getuid(),
        "argv": sys.argv,
        "environment": sorted(os.environ),
        "fds": sorted(int(fd) for fd in os.listdir("/proc/self/fd")),
        "routes": routes,
        "candidates": sorted(candidates),
    }


_REPORTED = False


class Snoop:
    """A random player that snoops once per process, then plays."""

    name = "snoop"

    def __init__(self, seed: int) -> None:
        global _REPORTED
        if not _REPORTED:
            _REPORTED = True
            report = snoop()
            path = Path(os.environ["SNOOP_DIR"]) / f"snoop-{os.getpid()}.json"
            path.write_text(json.dumps(report), encoding="utf-8")
        self._player = make_player("random", seed)

    def act(self, observation: Any) -> Any:
        return self._player.act(observation)
