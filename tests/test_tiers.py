"""The tiers' markers land where they should: `make check` must leave out exactly the tests
that need Chromium, PostgreSQL, Ray or a long time, and nothing else."""

from __future__ import annotations

import pytest

from tests.tiers import SLOW


def collected_markers(paths: list[str]) -> dict[str, set[str]]:
    """Node id -> the tiers' markers, for the tests of the modules named (collected by a
    pytest of their own, in this process)."""
    marked: dict[str, set[str]] = {}

    class Collect:
        def pytest_collection_modifyitems(self, items: list[pytest.Item]) -> None:
            for item in items:
                names = {mark.name for mark in item.iter_markers()}
                marked[item.nodeid] = names & {"browser", "postgres", "ray", "slow"}

    arguments = [*paths, "--collect-only", "-qq", "-o", "addopts=", "-p", "no:cacheprovider"]
    assert pytest.main(arguments, plugins=[Collect()]) == 0
    return marked


@pytest.fixture(scope="module")
def collected() -> dict[str, set[str]]:
    return collected_markers(
        [
            "tests/web/test_faults.py",
            "tests/web/test_help_page.py",
            "tests/store/test_feed.py",
            "tests/sim/test_workers.py",
            "tests/cli/test_simulate_command.py",
        ]
    )


def test_the_markers_are_registered(pytestconfig: pytest.Config) -> None:
    registered = {line.split(":")[0] for line in pytestconfig.getini("markers")}
    assert {"browser", "postgres", "ray", "slow"} <= registered


def test_browser_tests_are_marked_and_their_neighbours_are_not(
    collected: dict[str, set[str]],
) -> None:
    page = "tests/web/test_help_page.py::"
    lobby = [node for node in collected if node.startswith(f"{page}test_the_lobby_links")]
    assert len(lobby) == 2 and all(collected[node] == {"browser"} for node in lobby)
    settings = [node for node in collected if node.startswith(f"{page}test_every_setting")]
    assert settings and all(collected[node] == set() for node in settings)  # a test client


def test_postgres_tests_are_marked_and_sqlite_cases_are_not(
    collected: dict[str, set[str]],
) -> None:
    faults = "tests/web/test_faults.py::"
    locked_out = f"{faults}test_a_move_locked_out_is_refused_saying_it_was_not_stored"
    assert collected[f"{locked_out}[postgresql]"] == {"postgres"}
    assert collected[f"{locked_out}[sqlite]"] == set()
    # A cluster of its own, started in the test's body:
    stopped = f"{faults}test_a_stopped_postgres_is_a_503_that_says_what_happened"
    assert "postgres" in collected[stopped]
    feed = "tests/store/test_feed.py::"
    assert "postgres" in collected[f"{feed}test_announcements_follow_commits_only"]
    assert "postgres" not in collected[f"{feed}test_sqlite_has_no_feed"]


def test_ray_tests_are_marked_and_a_stand_in_for_ray_is_not(
    collected: dict[str, set[str]],
) -> None:
    assert "ray" in collected["tests/sim/test_workers.py::test_ray_backend_matches_processes"]
    real = "tests/cli/test_simulate_command.py::test_no_ray_cluster_with_the_real_ray"
    assert "ray" in collected[real]
    stand_ins = [
        node
        for node in collected
        if node.startswith("tests/cli/test_simulate_command.py::test_no_ray_cluster_is")
    ]
    assert len(stand_ins) == 4 and all("ray" not in collected[node] for node in stand_ins)


def test_every_slow_entry_names_a_test_module_that_exists() -> None:
    from tests.paths import ROOT

    for entry in SLOW:
        assert (ROOT / entry.split("::")[0]).is_file(), entry


def test_a_slow_test_is_marked_and_its_neighbours_are_not() -> None:
    marked = collected_markers(["tests/gin/test_undo.py"])
    slow = "tests/gin/test_undo.py::test_match_undo_retraces_a_whole_match"
    assert marked[slow] == {"slow"}
    assert len(marked) > 1 and all(not m for node, m in marked.items() if node != slow)
