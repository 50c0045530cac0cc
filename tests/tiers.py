"""The suite's tiers: which tests need Chromium, the PostgreSQL server, Ray, or a long time.

``make check`` runs every test that is none of these (``-m "not browser and not postgres and
not ray and not slow"``); ``make test`` runs them all. The markers are registered in
pyproject.toml and put on the tests here, from what a test asks for, when the suite is
collected (``tests/conftest.py``), so that no test module has to carry them:

- ``browser``: the test uses the ``browser`` fixture (the worker's one Chromium, lent by
  ``tests/chromium.py``) or the ``chromium`` fixture it lends from;
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

# Test node ids (or their beginnings: a test with all its cases) that take long: those of 7 s
# and more (call or setup) when the unmarked tests were timed on this 2-core machine under a
# load of about 10 (`pytest -n 2 -m "not (browser or postgres or ray)" --durations=60`,
# 1,102 s in all; these 48 tests took over half of it); then those of 3.3 s and more in
# `pytest -n 2 -m "not (browser or postgres or ray or slow)" --durations=40` (234 s in all,
# load about 3), to keep `make check` within its four minutes.
SLOW: tuple[str, ...] = (
    "tests/cli/test_cribbage_review_command.py::test_text_prints_a_line_per_decision_and_the_summary",
    "tests/cli/test_cribbage_review_command.py::test_the_reasons_wrap_to_the_terminal",
    "tests/cli/test_issue12_cli.py::test_replay_stops_at_the_first_bad_line_of_a_huge_record",
    "tests/cribbage/test_expert_digest.py::test_the_cribbage_expert_decides_as_it_did",
    "tests/cribbage/test_review.py::test_near_the_end_of_a_game_the_loss_is_in_chance_of_winning",
    "tests/cribbage/test_review.py::test_random_play_loses_clearly_more_than_the_experts",
    "tests/cribbage/test_review.py::test_the_same_record_gives_the_same_review",
    "tests/gin/env/test_vector.py::test_hands_match_the_engine_action_by_action",
    "tests/gin/test_hand.py::test_legal_actions_are_exactly_those_the_rules_allow",
    "tests/gin/test_observation.py::test_observations_hide_the_opponents_cards_and_the_stock",
    "tests/gin/test_review.py::test_random_decisions_lose_clearly_more_than_the_experts",
    "tests/gin/test_undo.py::test_match_undo_retraces_a_whole_match",
    "tests/gin/test_worlds.py::test_a_world_with_scores_and_after_takes_keeps_them",
    "tests/gin/test_worlds.py::test_every_world_gives_the_seat_the_same_view",
    "tests/sim/test_evaluate.py::test_an_agent_that_hangs_is_stopped",
    "tests/sim/test_evaluate_workers.py::test_two_workers_play_the_games_of_one_process",
    "tests/sim/test_inference_bench.py::test_bad_options_are_refused_with_one_line",
    "tests/sim/test_inference_bench.py::test_the_opponent_is_a_setting",
    "tests/sim/test_isolation.py::test_as_",
    "tests/sim/test_main_guard.py::test_with_the_guard_the_same_script_runs",
    "tests/sim/test_paired_bench.py::test_a_variant_against_itself_differs_in_nothing",
    "tests/sim/test_paired_bench.py::test_single_hands_are_paired_as_matches_are",
    "tests/table/test_cribbage_review_service.py::test_each_seat_gets_its_own_decisions_as_the_engine_judges_them",
    "tests/table/test_cribbage_stats.py::test_the_api_serves_the_cribbage_figures",
    "tests/table/test_cribbage_stats.py::test_the_cribbage_figures_are_those_counted_from_the_replays_and_reviews",
    "tests/table/test_learning_aids.py::test_the_feed_estimate_is_the_experts_discard_danger",
    "tests/table/test_service.py::test_the_next_match_of_a_series_follows_series_first_player",
    "tests/test_examples.py::test_the_commands_run_as_written",
    "tests/test_examples.py::test_the_trained_baseline_snippets_run_as_written",
    "tests/test_examples.py::test_training_to_a_score_in_quick_mode",
    "tests/tui/test_crib_review_screen.py::test_the_review_of_a_hand_from_the_show_and_from_v",
    "tests/tui/test_crib_review_screen.py::test_the_review_of_the_match_from_the_final_dialog",
    "tests/tui/test_cribbage_app.py::test_a_whole_short_game_by_keys_and_mouse",
    "tests/tui/test_cribbage_app.py::test_muggins_count_answer_and_the_opponent_taking_what_was_missed",
    "tests/tui/test_cribbage_app.py::test_the_next_match_of_the_series_from_the_final",
    "tests/tui/test_cribbage_app.py::test_the_table_at_small_and_large_sizes",
    "tests/tui/test_cribbage_issue36_app.py::test_a_refused_count_never_crashes_the_table",
    "tests/tui/test_cribbage_plain.py::test_a_whole_short_game_through_a_pipe",
    "tests/tui/test_issue12_remaining.py::test_a_page_taller_than_the_terminal_scrolls_with_its_buttons_in_view",
    "tests/tui/test_issue12_remaining.py::test_cribbage_help_and_show_reach_their_end",
    "tests/tui/test_issue12_remaining.py::test_gin_showdown_and_final_reach_their_end",
    "tests/tui/test_issue12_remaining.py::test_the_log_tells_every_move_in_order_passes_included",
    "tests/tui/test_issue36_terminal.py::test_a_resize_brings_the_side_log_to_its_newest_line",
    "tests/tui/test_issue36_terminal.py::test_the_board_draws_both_pegs",
    "tests/tui/test_issue36_terminal.py::test_the_newest_move_and_its_points_are_always_in_view",
    "tests/tui/test_lesson_hints.py::test_the_cribbage_lesson_by_its_hints_at_80x24",
    "tests/tui/test_lesson_hints.py::test_the_gin_lesson_by_its_hints_at_80x24",
    "tests/tui/test_review_screen.py::test_the_review_of_a_hand_from_the_showdown_and_from_v",
    "tests/tui/test_review_screen.py::test_the_review_of_the_match_from_the_final_dialog",
    "tests/tui/test_tui_app.py::test_a_whole_hand_by_keys_and_mouse",
    "tests/tui/test_tui_app.py::test_a_whole_match_to_the_final_screen",
    "tests/tui/test_tui_app.py::test_the_lesson_runs_the_shared_script",
    "tests/tui/test_tui_app.py::test_the_table_and_the_knock_dialog_at_small_and_large_sizes",
    "tests/tui/test_tui_plain.py::test_a_whole_match_through_a_pipe",
    "tests/tui/test_tui_series.py::test_n_on_the_final_screen_opens_the_next_match_of_the_series",
    "tests/web/test_connections.py::test_allowed_hosts_is_a_setting",
    "tests/web/test_cribbage_api.py::test_no_seat_is_sent_the_opponents_hidden_cards_through_a_muggins_match",
    "tests/web/test_hiding.py::test_nothing_hidden_reaches_either_seat_through_a_whole_match",
    "tests/web/test_load_bench.py::test_the_load_bench_compares_two_checkouts_side_by_side",
    "tests/web/test_load_bench.py::test_the_load_bench_moves_over_http_too_and_reports_the_median_round",
    "tests/web/test_load_bench.py::test_the_load_bench_plays_matches_and_reports_them",
    "tests/web/test_restart.py::test_a_killed_server_resumes_every_match_exactly",
    "tests/web/test_socket_bounds.py::test_a_seats_newest_socket_closes_its_oldest",
    "tests/web/test_socket_bounds.py::test_presence_is_sent_once_a_change_not_once_a_socket",
)

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
    if fixtures & {"browser", "chromium"}:
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
