"""The layers of docs/architecture.md: import-linter's contracts (run by ``make test`` as
``lint-imports``) hold, and no module imports another's private names."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import grimp  # import-linter's graph library, installed with it

from tests.paths import ROOT

PACKAGE = ROOT / "src" / "cardtable"


def module_name(path: Path) -> str:
    return ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)


def private_imports(source: str, module: str) -> list[str]:
    """``from cardtable.x import _y`` in ``source`` (of ``module``), ``x`` another module."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("cardtable"):
            if node.module == module:
                continue
            for alias in node.names:
                if alias.name.startswith("_") and not alias.name.startswith("__"):
                    found.append(f"{module}: from {node.module} import {alias.name}")
    return found


def test_no_module_imports_another_modules_private_names() -> None:
    found = [
        line
        for path in sorted(PACKAGE.rglob("*.py"))
        for line in private_imports(path.read_text(encoding="utf-8"), module_name(path))
    ]
    assert not found, "\n".join(found)


def test_the_private_import_check_can_fail() -> None:
    source = "from cardtable.gin.melds import _private, public\nfrom . import x\n"
    assert private_imports(source, "cardtable.gin.hand") == [
        "cardtable.gin.hand: from cardtable.gin.melds import _private"
    ]
    assert private_imports("from cardtable.gin.hand import _own\n", "cardtable.gin.hand") == []


def test_the_import_contracts_hold() -> None:
    lint = shutil.which("lint-imports", path=str(Path(sys.executable).parent))
    assert lint, "import-linter is not installed beside the interpreter"
    command = [lint, "--no-cache"]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout, done.stdout


def import_cycles(graph: Any) -> list[str]:
    """Each direct import ``a -> b`` of ``graph`` (grimp's) that ``b`` leads back to ``a``
    through: a cycle, whether the imports are at the top of a module or in a function."""
    return [
        f"{module} -> {imported}"
        for module in sorted(graph.modules)
        for imported in sorted(graph.find_modules_directly_imported_by(module))
        if graph.chain_exists(imported, module)
    ]


def test_no_two_modules_import_each_other() -> None:
    """A cycle hides which module is the lower one, and breaks as soon as one of its imports
    moves to the top: every module of the package is above or below each other one."""
    cycles = import_cycles(grimp.build_graph("cardtable", cache_dir=None))  # no cache in the tree
    assert not cycles, "\n".join(cycles)


def test_the_cycle_check_can_fail() -> None:
    graph = grimp.ImportGraph()
    for module in ("p", "p.a", "p.b", "p.c"):
        graph.add_module(module)
    graph.add_import(importer="p.a", imported="p.b")
    graph.add_import(importer="p.b", imported="p.a")
    graph.add_import(importer="p.c", imported="p.a")
    assert import_cycles(graph) == ["p.a -> p.b", "p.b -> p.a"]
