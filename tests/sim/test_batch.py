"""Many games: seeding, pairing, records, progress, Ctrl-C, round robins and refusals."""

from __future__ import annotations

import json

import pytest

from cardtable.gin.record import load
from cardtable.sim import SimulationResult, round_robin, simulate
from cardtable.sim.chunks import deal_and_seats, default_chunk_size, game_seed
from cardtable.sim.seeds import deal_seed

from .helpers import Interrupting, fingerprint


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


def test_game_seeds_and_seats() -> None:
    assert [deal_and_seats(i, paired=True) for i in range(3)] == [
        (0, (0, 1)),
        (0, (1, 0)),
        (1, (0, 1)),
    ]
    assert [deal_and_seats(i, paired=False) for i in range(3)] == [
        (0, (0, 1)),
        (1, (1, 0)),
        (2, (0, 1)),
    ]
    assert [game_seed("s", i, paired=True)[0] for i in range(3)] == [
        deal_seed("s", 0),
        deal_seed("s", 0),
        deal_seed("s", 1),
    ]
    assert game_seed("s", 0, paired=True, game="cribbage")[0] == deal_seed("s", 0, "cribbage")


def test_chunks_hold_whole_pairs() -> None:
    assert default_chunk_size(1000, 1, 2, span=2, often=False) == 126  # 4 per worker, even
    assert default_chunk_size(1000, 1, 2, span=1, often=False) == 125
    assert default_chunk_size(1000, 1, 1, span=2, often=True) == 6  # about 200 chunks
    assert default_chunk_size(3, 1, 1, span=2, often=False) == 2
    assert default_chunk_size(3, 1, 1, span=8, often=False) == 3  # never above the games


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


def test_ctrl_c_returns_the_games_so_far_when_asked() -> None:
    with pytest.raises(KeyboardInterrupt):  # by default, Ctrl-C is Ctrl-C
        simulate([Interrupting(3), "random"], games=6, unit="hand")
    partial = simulate([Interrupting(3), "random"], games=6, unit="hand", partial_on_interrupt=True)
    assert partial.interrupted and partial.to_dict()["interrupted"] is True
    assert [g.index for g in partial.results] == [0, 1, 2]  # the games before the fourth
    assert "(interrupted)" in partial.summary()


def test_round_robin_plays_every_pairing() -> None:
    table = round_robin(["simple", "random", "simple"], games=2, unit="hand", seed=1, workers=2)
    assert [r.players for r in table] == [
        ("simple", "random"),
        ("simple", "simple"),
        ("random", "simple"),
    ]
    assert all(r.games == 2 for r in table)
    with pytest.raises(ValueError, match="at least two players"):
        round_robin(["simple"], games=2)


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="games"):
        simulate(games=0)
    with pytest.raises(ValueError, match="backend"):
        simulate(games=1, backend="mpi")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="two players"):
        simulate(["simple"], games=1)
    with pytest.raises(ValueError, match="workers"):
        simulate(games=1, workers=0)
    with pytest.raises(ValueError, match="unit"):
        simulate(games=1, unit="set")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="chunk size"):
        simulate(games=1, chunk_size=0)
