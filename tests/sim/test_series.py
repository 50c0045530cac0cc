"""Series of matches (RULES.md 5): who deals first in each next match of a series."""

from __future__ import annotations

import pytest

from cardtable.cards import fair_cut
from cardtable.gin.record import load
from cardtable.gin.rules import Rules
from cardtable.sim import GameResult, SimulationResult, simulate
from cardtable.sim.chunks import Chunk, make_chunks
from cardtable.sim.players import PlayerSpec

from .helpers import fingerprint

FAST = {"target": 50}
SERIES_FIRST_PLAYER = ("alternate", "loser", "winner")


def expected_first_dealer(previous: GameResult, rule: str) -> int:
    """RULES.md 5, from the previous match's recorded first dealer and winner (seats)."""
    assert previous.winner is not None
    winner = previous.seats[previous.winner]
    if rule == "alternate":
        return 1 - previous.first_dealer  # the other seat deals first
    if rule == "loser":
        return winner  # the loser plays first: the winner deals
    return 1 - winner  # the winner plays first: the loser deals


def series_run(rule: str, *, paired: bool, **options: object) -> SimulationResult:
    players: list[PlayerSpec] = ["simple", "beginner"]
    return simulate(
        players,
        games=12,
        seed=f"series-{rule}",
        settings={**FAST, "series_first_player": rule},
        series=3,
        paired=paired,
        **options,  # type: ignore[arg-type]
    )


@pytest.mark.parametrize("paired", [True, False], ids=["paired", "unpaired"])
@pytest.mark.parametrize("rule", SERIES_FIRST_PLAYER)
def test_each_next_match_is_dealt_first_as_the_rules_say(rule: str, paired: bool) -> None:
    result = series_run(rule, paired=paired, keep_records=True)
    step = 2 if paired else 1  # the previous match at the same seats
    later = unlike_alternate = 0
    for game in result.results:
        assert game.record is not None
        assert load(game.record).hands[0].dealer == game.first_dealer  # really dealt so
        if (game.index // step) % 3 == 0:  # a series starts: the fair cut of its seed
            assert game.first_dealer == fair_cut(game.seed)
            continue
        previous = result.results[game.index - step]
        assert previous.seats == game.seats
        assert game.first_dealer == previous.next_first_dealer
        assert game.first_dealer == expected_first_dealer(previous, rule)
        later += 1
        unlike_alternate += game.first_dealer != 1 - previous.first_dealer
    assert later == 8  # 12 games: 4 series of 3 (2 per side paired), 2 later matches each
    if rule != "alternate":  # these seeds tell the rule from alternation
        assert unlike_alternate > 0


def test_pairs_of_a_series_share_their_deals_and_seats_exchange() -> None:
    result = series_run("loser", paired=True)
    for first, second in zip(result.results[::2], result.results[1::2], strict=True):
        assert first.seed == second.seed
        assert (first.seats, second.seats) == ((0, 1), (1, 0))
    unpaired = series_run("loser", paired=False)
    assert [g.seats[0] for g in unpaired.results] == [0, 0, 0, 1, 1, 1] * 2  # a series a side
    assert len({g.seed for g in unpaired.results}) == 12


def test_one_match_per_series_is_what_it_always_was() -> None:
    settings = {"target": 60, "series_first_player": "loser"}
    for paired in (True, False):
        plain = simulate(["simple", "beginner"], games=6, seed="today", settings=settings,
                         paired=paired)  # fmt: skip
        one = simulate(["simple", "beginner"], games=6, seed="today", settings=settings,
                       paired=paired, series=1)  # fmt: skip
        assert fingerprint(one) == fingerprint(plain)
        assert all(g.first_dealer == fair_cut(g.seed) for g in one.results)
    # (winner, points, deals), recorded when the seeds became keyed (issue 13). The games
    # before that, recorded before series existed, were those of other deals.
    paired_then = [(0, (314, 0), 2), (0, (270, 75), 5), (0, (407, 0), 5), (0, (241, 77), 5),
                   (0, (368, 0), 5), (0, (343, 0), 3)]  # fmt: skip
    unpaired_then = [(0, (314, 0), 2), (0, (241, 77), 5), (0, (368, 0), 5),
                     (1, (177, 263), 9), (1, (141, 310), 9), (1, (72, 326), 8)]  # fmt: skip
    now = simulate(["simple", "beginner"], games=6, seed="today", settings=settings, series=1)
    assert [(g.winner, g.points, g.deals) for g in now.results] == paired_then
    now = simulate(["simple", "beginner"], games=6, seed="today", settings=settings,
                   paired=False)  # fmt: skip
    assert [(g.winner, g.points, g.deals) for g in now.results] == unpaired_then


def test_series_change_the_first_dealers() -> None:
    independent = simulate(["simple", "simple"], games=12, seed="c", settings=FAST)
    series = simulate(["simple", "simple"], games=12, seed="c", settings=FAST, series=3)
    assert [g.first_dealer for g in series.results] != [g.first_dealer for g in independent.results]
    assert fingerprint(series)[:2] == fingerprint(independent)[:2]  # the first pair: a fair cut


@pytest.mark.parametrize("paired", [True, False], ids=["paired", "unpaired"])
def test_series_results_do_not_depend_on_workers_or_chunks(paired: bool) -> None:
    one = series_run("winner", paired=paired, workers=1)
    small = series_run("winner", paired=paired, chunk_size=1)  # rounded up to a whole series
    odd = series_run("winner", paired=paired, chunk_size=5)
    spread = series_run("winner", paired=paired, workers=2)
    assert fingerprint(one) == fingerprint(small) == fingerprint(odd) == fingerprint(spread)


def test_chunks_hold_whole_series() -> None:
    def starts(size: int, paired: bool) -> list[int]:
        chunks = make_chunks([("simple", "simple")], 20, size, rules=Rules(), unit="match",
                             seed="s", paired=paired, keep_records=False, series=3)  # fmt: skip
        assert chunks[-1].stop == 20
        return [chunk.start for chunk in chunks]

    assert starts(1, paired=True) == [0, 6, 12, 18]  # 3 pairs: 6 games a series
    assert starts(7, paired=True) == [0, 12]
    assert starts(1, paired=False) == [0, 3, 6, 9, 12, 15, 18]
    with pytest.raises(ValueError, match="starts a series"):
        Chunk(0, ("simple", "simple"), {}, "match", "s", True, False, 2, 8, series=3)


def test_series_are_of_matches() -> None:
    with pytest.raises(ValueError, match="series is of matches"):
        simulate(games=4, unit="hand", series=2)
    for bad in (0, -1):
        with pytest.raises(ValueError, match="series must be at least 1"):
            simulate(games=4, series=bad)
