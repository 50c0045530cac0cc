"""The README, docs/ and bench/README.md are self-contained: every link leads to a file of
the repository; bench/README.md lists every script of bench/ and nothing else; the README
stays short."""

from __future__ import annotations

import re
from pathlib import Path

from tests.paths import ROOT

LINK = re.compile(r"\]\(([^)\s]+)\)")


def pages() -> list[Path]:
    return [
        ROOT / "README.md",
        ROOT / "bench" / "README.md",
        *sorted((ROOT / "docs").rglob("*.md")),
    ]


def outside_links(text: str, folder: Path) -> list[str]:
    """The links of ``text`` (a page in ``folder``) that leave the repository or lead nowhere."""
    bad = []
    for target in LINK.findall(text):
        path = target.split("#", 1)[0]
        if re.match(r"[a-z][a-z0-9+.-]*:", path):
            bad.append(target)  # an address: http:, https:, mailto: ...
        elif path:
            resolved = (folder / path).resolve()
            if ROOT.resolve() not in resolved.parents or not resolved.exists():
                bad.append(target)
    return bad


def test_the_docs_link_only_to_files_of_the_repository() -> None:
    assert (ROOT / "docs" / "rules" / "gin.md").is_file()
    found = {
        str(page.relative_to(ROOT)): outside_links(page.read_text(encoding="utf-8"), page.parent)
        for page in pages()
    }
    assert not {name: links for name, links in found.items() if links}


def test_the_link_check_can_fail() -> None:
    text = "[a](https://example.org) [b](../../outside.md) [c](rules/gin.md) [d](nothing.md)"
    assert outside_links(text, ROOT / "docs") == [
        "https://example.org",
        "../../outside.md",
        "nothing.md",
    ]


SCRIPT = re.compile(r"`(\w+\.py)`")


def test_the_bench_readme_lists_every_script_and_no_other() -> None:
    listed = set(SCRIPT.findall((ROOT / "bench" / "README.md").read_text(encoding="utf-8")))
    assert listed == {path.name for path in (ROOT / "bench").glob("*.py")}


def test_the_readme_is_short_enough_for_a_newcomer() -> None:
    """The README is for players and newcomers, at most 400 lines (issue 37 point 5): research
    logs and long tables belong under docs/."""
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 400, f"README.md has {len(lines)} lines; move the detail into docs/"
