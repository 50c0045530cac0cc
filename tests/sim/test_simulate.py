"""The batch simulator: seeding, pairing, workers, records, the command line and Ray."""

from __future__ import annotations

import json
import multiprocessing
import time

import pytest

from cardtable.errors import CardTableError
from cardtable.gin.actions import Action
from cardtable.gin.hand import Observation
from cardtable.gin.players import Player, make_player
from cardtable.gin.record import load
from cardtable.gin.rules import Rules
from cardtable.sim.simulate import (
    SimulationResult,
    load_player,
    play_game,
    round_robin,
    simulate,
    wilson_interval,
)


def fingerprint(result: object) -> list[tuple[object, ...]]:
    games = result.results
    return [(g.index, g.seed, g.seats, g.winner, g.points, g.decisions, g.deals) for g in games]


def test_results_do_not_depend_on_workers_or_chunks() -> None:
    one = simulate(["simple", "random"], games=6, unit="hand", seed="w", workers=1)
    chunked = simulate(["simple", "random"], games=6, unit="hand", seed="w", chunk_size=1)
    spread = simulate(["simple", "random"], games=6, unit="hand", seed="w", workers=2)
    assert fingerprint(one) == fingerprint(chunked) == fingerprint(spread)
    other = simulate(["simple", "random"], games=6, unit="hand", seed="x")
    assert fingerprint(other) != fingerprint(one)


def test_pairs_replay_the_deals_with_seats_exchanged() -> None:
    result = simulate(["simple", "simple"], games=6, unit="hand", seed="pairs")
    for first, second in zip(result.results[::2], result.results[1::2], strict=True):
        assert first.seed == second.seed
        assert first.seats == (0, 1) and second.seats == (1, 0)
        # The same deterministic player on the same deal: the other player wins it now.
        if first.winner is None:
            assert second.winner is None
        else:
            assert second.winner == 1 - first.winner
            assert sorted(first.points) == sorted(second.points)
    unpaired = simulate(["simple", "simple"], games=4, unit="hand", seed="pairs", paired=False)
    assert len({g.seed for g in unpaired.results}) == 4


def test_match_games_keep_replayable_records() -> None:
    result = simulate(
        ["simple", "random"], games=2, unit="match", settings={"target": 40}, keep_records=True
    )
    for game in result.results:
        assert game.record is not None
        match = load(game.record)
        final = match.final
        assert final is not None
        assert sorted(game.points) == sorted(final.totals)
        assert game.winner == (0 if game.seats[0] == final.winner else 1)
        assert game.deals == len(match.hands)
    summary = result.to_dict()
    assert summary["games"] == 2 and summary["unit"] == "match"
    assert json.loads(json.dumps(summary)) == summary


def test_hand_points_leave_the_match_bonuses_out() -> None:
    match = play_game(["simple", "random"], Rules(target=60), "hp")
    hand = play_game(["simple", "random"], Rules(), "hp", unit="hand")
    assert hand.hand_points == hand.points
    assert match.winner is not None
    assert 0 < sum(match.hand_points) < sum(match.points)  # game and line bonuses
    loser = 1 - match.winner
    assert match.hand_points[loser] <= match.points[loser]


def test_progress_reports_the_running_result() -> None:
    seen: list[tuple[int, bool]] = []

    def progress(result: SimulationResult) -> None:
        indices = [g.index for g in result.results]
        seen.append((result.games, indices == sorted(indices)))

    one = simulate(["simple", "random"], games=4, unit="hand", seed="p", progress=progress)
    assert seen == [(1, True), (2, True), (3, True), (4, True)]  # one process: every game
    seen.clear()
    spread = simulate(
        ["simple", "random"], games=6, unit="hand", seed="p", workers=2, progress=progress
    )
    assert [n for n, _ in seen] == [2, 4, 6] and all(ordered for _, ordered in seen)  # pairs
    assert fingerprint(one) == fingerprint(spread)[:4]


class _Interrupting:
    """A player factory that is Ctrl-C when asked for more than ``players`` players."""

    def __init__(self, players: int) -> None:
        self.built = 0
        self.players = players

    def __call__(self, seed: int) -> Player:
        self.built += 1
        if self.built > self.players:
            raise KeyboardInterrupt
        return make_player("simple", seed)


def test_ctrl_c_returns_the_games_so_far_when_asked() -> None:
    with pytest.raises(KeyboardInterrupt):  # by default, Ctrl-C is Ctrl-C
        simulate([_Interrupting(3), "random"], games=6, unit="hand")
    partial = simulate(
        [_Interrupting(3), "random"], games=6, unit="hand", partial_on_interrupt=True
    )
    assert partial.interrupted and partial.to_dict()["interrupted"] is True
    assert [g.index for g in partial.results] == [0, 1, 2]  # the games before the fourth
    assert "(interrupted)" in partial.summary()


def test_ctrl_c_stops_the_worker_processes() -> None:
    def interrupt(result: SimulationResult) -> None:
        raise KeyboardInterrupt  # Ctrl-C as the first chunk comes in

    partial = simulate(
        ["simple", "random"],
        games=40,
        unit="hand",
        seed="stop",
        workers=2,
        chunk_size=2,
        progress=interrupt,
        partial_on_interrupt=True,
    )
    assert partial.interrupted and partial.games == 2  # one chunk, whichever came in first
    assert multiprocessing.active_children() == []
    done = {game.index for game in partial.results}
    whole = simulate(["simple", "random"], games=max(done) + 1, unit="hand", seed="stop")
    assert fingerprint(partial) == [f for f in fingerprint(whole) if f[0] in done]


def test_hand_games_score_one_deal() -> None:
    result = simulate(["simple", "random"], games=20, unit="hand", seed=5)
    assert result.wins[0] > result.wins[1]
    for game in result.results:
        assert game.deals == 1
        if game.winner is None:
            assert game.points == (0, 0) and game.dead == 1
        else:
            assert game.points[1 - game.winner] == 0 < game.points[game.winner]
    low, high = result.win_interval(0)
    assert low <= result.win_rate(0) <= high
    assert "simple vs random" in result.summary()


def test_players_by_path_and_by_factory() -> None:
    assert load_player("cardtable.gin.players:SimplePlayer", 3).name == "simple"
    with pytest.raises(CardTableError, match="cannot load player"):
        load_player("cardtable.gin.players:Nobody", 0)
    with pytest.raises(CardTableError, match="unknown player"):
        simulate(["simple", "grandmaster"], games=1)

    class FirstLegal:
        name = "first"

        def __init__(self, seed: int) -> None:
            self.seed = seed

        def act(self, observation: Observation) -> Action:
            return observation.legal_actions()[0]

    result = simulate([FirstLegal, "cardtable.gin.players:RandomPlayer"], games=2, unit="hand")
    assert result.players == ("first", "cardtable.gin.players:RandomPlayer")
    with pytest.raises(ValueError, match="worker processes need players they can import"):
        simulate([FirstLegal, "simple"], games=4, unit="hand", workers=2, chunk_size=1)


def test_round_robin_plays_every_pairing() -> None:
    table = round_robin(["simple", "random", "simple"], games=2, unit="hand", seed=1, workers=2)
    assert [r.players for r in table] == [
        ("simple", "random"),
        ("simple", "simple"),
        ("random", "simple"),
    ]
    assert all(r.games == 2 for r in table)


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="games"):
        simulate(games=0)
    with pytest.raises(ValueError, match="backend"):
        simulate(games=1, backend="mpi")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="two players"):
        simulate(["simple"], games=1)


def test_wilson_interval() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)
    low, high = wilson_interval(50, 100)
    assert low < 0.5 < high and abs((low + high) / 2 - 0.5) < 1e-9


def test_ray_backend_matches_processes() -> None:
    import ray  # the test extra installs it: a missing Ray must fail, not skip

    start = time.perf_counter()
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    seen: list[int] = []

    def interrupt(result: SimulationResult) -> None:
        raise KeyboardInterrupt

    try:
        remote = simulate(
            ["simple", "random"],
            games=6,
            unit="hand",
            seed="ray",
            backend="ray",
            workers=2,
            progress=lambda result: seen.append(result.games),
        )
        partial = simulate(
            ["simple", "random"],
            games=6,
            unit="hand",
            seed="ray",
            backend="ray",
            chunk_size=2,
            progress=interrupt,
            partial_on_interrupt=True,
        )
    finally:
        ray.shutdown()
    local = simulate(["simple", "random"], games=6, unit="hand", seed="ray")
    assert fingerprint(remote) == fingerprint(local)
    assert remote.backend == "ray"
    assert seen == sorted(seen) and seen[-1] == 6
    assert partial.interrupted and partial.games == 2
    done = {game.index for game in partial.results}  # one chunk, whichever came in first
    assert fingerprint(partial) == [f for f in fingerprint(local) if f[0] in done]
    assert time.perf_counter() - start < 60


_BUILT = [0]


def interrupting_simple(seed: int) -> Player:
    """The simple player, until Ctrl-C arrives while the fifth game's players are built."""
    _BUILT[0] += 1
    if _BUILT[0] > 5:  # one build is the name check, then four games
        raise KeyboardInterrupt
    return make_player("simple", seed)
