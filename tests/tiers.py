"""The suite's tiers: which tests need Chromium, the PostgreSQL server, Ray, or a long time.

``make check`` runs every test that is none of these (``-m "not browser and not postgres and
not ray and not slow"``); ``make test`` runs them all. The markers are registered in
pyproject.toml and put on the tests here, from what a test asks for, when the suite is
collected (``tests/conftest.py``), so that no test module has to carry them:

- ``browser``: the test uses a ``browser`` fixture (every browser module launches Chromium
  through one);
- ``postgres``: the test uses the ``postgres`` fixture (``pg_url`` builds on it), is a case of
  a fixture parametrised over the databases whose case is ``postgresql``, or starts a cluster
  of its own (``running_cluster``, ``PostgresCluster``);
- ``ray``: the test imports Ray itself (``import ray`` or ``pytest.importorskip("ray")``);
- ``slow``: named in :data:`SLOW` below, the tests that took longest when the suite was
  timed per folder (``pytest --durations``); a test whose node id starts with an entry is
  slow (a module, or a test with all its cases).
"""

from __future__ import annotations

import types
from collections.abc import Iterable

import pytest

__all__ = ["MARKERS", "SLOW", "mark"]

MARKERS = {
    "browser": "launches Chromium (Playwright)",
    "postgres": "needs the tests' own PostgreSQL server",
    "ray": "starts Ray",
    "slow": "takes long (several seconds and more): left out of `make check`",
}

# Test node ids (or their beginnings) that take long; measured with
# `pytest tests/DIR -m "not browser and not postgres and not ray" --durations=40`.
SLOW: tuple[str, ...] = ()

_CLUSTER_NAMES = frozenset({"running_cluster", "PostgresCluster"})


def _code(item: pytest.Item) -> types.CodeType | None:
    function = getattr(item, "function", None)
    code = getattr(function, "__code__", None)
    return code if isinstance(code, types.CodeType) else None


def _names(code: types.CodeType) -> set[str]:
    """The names a test's code uses, its nested functions' included."""
    names = {*code.co_names, *code.co_varnames, *code.co_freevars, *code.co_cellvars}
    for constant in code.co_consts:
        if isinstance(constant, types.CodeType):
            names |= _names(constant)
    return names


def _constants(code: types.CodeType) -> set[object]:
    found: set[object] = set()
    for constant in code.co_consts:
        if isinstance(constant, types.CodeType):
            found |= _constants(constant)
        elif isinstance(constant, str):
            found.add(constant)
    return found


def markers_of(item: pytest.Item) -> list[str]:
    """The tiers a collected test belongs to."""
    fixtures = set(getattr(item, "fixturenames", ()))
    callspec = getattr(item, "callspec", None)
    params = callspec.params.values() if callspec is not None else ()
    database = any(isinstance(value, str) and value == "postgresql" for value in params)
    code = _code(item)
    names = _names(code) if code is not None else set()
    tiers = []
    if "browser" in fixtures:
        tiers.append("browser")
    if "postgres" in fixtures or database or names & _CLUSTER_NAMES:
        tiers.append("postgres")
    if code is not None and "ray" in names | (
        _constants(code) if "importorskip" in names else set()
    ):
        tiers.append("ray")
    if SLOW and item.nodeid.startswith(SLOW):
        tiers.append("slow")
    return tiers


def mark(items: Iterable[pytest.Item]) -> None:
    for item in items:
        for name in markers_of(item):
            item.add_marker(getattr(pytest.mark, name))
