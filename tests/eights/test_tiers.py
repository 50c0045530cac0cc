"""A third game's tests fall into the tiers with no marker of their own: its table tests on
PostgreSQL are left to `make test`, the rest run in `make check` (tests/tiers.py)."""

from __future__ import annotations

from tests.test_tiers import collected_markers


def test_the_third_games_tests_are_tiered_by_what_they_ask_for() -> None:
    marked = collected_markers(["tests/eights/test_engine.py", "tests/eights/test_table.py"])
    on_postgres = {node for node in marked if node.endswith("[postgresql]")}
    assert len(on_postgres) >= 2 and all(marked[node] == {"postgres"} for node in on_postgres)
    rest = set(marked) - on_postgres
    assert any(node.endswith("[sqlite]") for node in rest)
    assert all(marked[node] == set() for node in rest)
