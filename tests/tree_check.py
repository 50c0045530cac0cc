"""Tests write nothing into the source tree: ``make test`` lists the checkout's files before
the suite (``python -m tests.tree_check record FILE``) and after it (``... compare FILE``);
anything new or changed, ignored files included, fails the run with its name.

The virtual environment is not source and is left out; so are the lint tools' caches, which
``make test`` writes before the suite starts.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

from tests.paths import ROOT

SKIP = (".venv/", ".git/")


def snapshot() -> dict[str, str]:
    """Every file of the checkout but the skipped folders: path -> hash of its content."""
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "-z"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.decode()
    ignored = subprocess.run(
        ["git", "ls-files", "--others", "--ignored", "--exclude-standard", "-z"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.decode()
    files: dict[str, str] = {}
    for name in {*listed.split("\0"), *ignored.split("\0")}:
        if not name or name.startswith(SKIP):
            continue
        path = ROOT / name
        if path.is_file() and not path.is_symlink():
            files[name] = hashlib.sha256(path.read_bytes()).hexdigest()
    return files


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] not in ("record", "compare"):
        sys.stderr.write("usage: python -m tests.tree_check record|compare FILE\n")
        return 2
    command, file = argv
    if command == "record":
        Path(file).write_text(json.dumps(snapshot()))
        return 0
    before = json.loads(Path(file).read_text())
    after = snapshot()
    written = sorted(name for name in after if before.get(name) != after[name])
    if written:
        sys.stderr.write("the tests wrote into the source tree:\n")
        sys.stderr.writelines(f"  {name}\n" for name in written)
        return 1
    print(f"tree check: the suite wrote nothing into the checkout ({len(after)} files)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
