"""The show and pegging scorers: CRIBBAGE.md section 6's examples, and properties against the
brute-force reference scorers of ``reference.py``."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.cards import VALUES, parse_card, parse_cards
from cardtable.cribbage.score import parse_cards_in_order, peg_score, show_score, show_total
from cardtable.errors import InvalidCardError
from tests.cribbage import reference


def _show(hand: str, starter: str, crib: bool = False) -> dict[str, int]:
    score = show_score(parse_cards(hand), parse_card(starter), crib=crib)
    return {
        "fifteens": score.fifteen_points,
        "pairs": score.pair_points,
        "runs": score.run_points,
        "flush": score.flush_points,
        "nobs": score.nobs_points,
        "total": score.total,
    }


def test_twenty_nine_is_the_best_hand() -> None:
    assert _show("5H 5S 5C JD", "5D") == {
        "fifteens": 16,
        "pairs": 12,
        "runs": 0,
        "flush": 0,
        "nobs": 1,
        "total": 29,
    }


def test_double_double_run_scores_twenty_one() -> None:
    assert _show("4H 5H 6H 6S", "6D") == {
        "fifteens": 6,
        "pairs": 6,
        "runs": 9,
        "flush": 0,
        "nobs": 0,
        "total": 21,
    }


def test_a_crib_flush_needs_the_starter() -> None:
    as_hand = _show("2C 3C 4C 5C", "9H")
    assert as_hand == {"fifteens": 2, "pairs": 0, "runs": 4, "flush": 4, "nobs": 0, "total": 10}
    assert _show("2C 3C 4C 5C", "9H", crib=True)["total"] == 6
    assert _show("2C 3C 4C 5C", "9C", crib=True)["flush"] == 5


def test_the_combinations_are_listed() -> None:
    score = show_score(parse_cards("4H 5H 6H 6S"), parse_card("6D"))
    assert len(score.runs) == 3 and all(len(run) == 3 for run in score.runs)
    assert len(score.pairs) == 3 and all(a.rank == b.rank == 5 for a, b in score.pairs)
    assert all(sum(VALUES[c] for c in combo) == 15 for combo in score.fifteens)
    data = score.to_dict()
    assert set(data) == {
        "hand",
        "starter",
        "crib",
        "fifteens",
        "pairs",
        "runs",
        "flush",
        "nobs",
        "total",
    }
    assert data["runs"]["points"] == 9 and len(data["runs"]["combinations"]) == 3


def test_runs_never_wrap_and_nobs_needs_the_starters_suit() -> None:
    assert _show("QH KS AC 7D", "2S")["runs"] == 0
    assert _show("JH 2S 4C 8D", "KH")["nobs"] == 1
    assert _show("JH 2S 4C 8D", "KS")["nobs"] == 0


def test_a_starter_in_the_hand_or_a_short_hand_is_refused() -> None:
    with pytest.raises(InvalidCardError, match="starter"):
        show_score(parse_cards("5H 5S 5C JD"), parse_card("5H"))
    with pytest.raises(InvalidCardError, match="4 cards"):
        show_score(parse_cards("5H 5S 5C"), parse_card("5D"))


def _peg(text: str) -> dict[str, int]:
    return peg_score(parse_cards_in_order(text)).to_dict()


def test_pegging_examples_of_section_six() -> None:
    assert _peg("7S 8H")["fifteen"] == 2
    assert _peg("7S 8H 8D") == {
        "count": 23,
        "fifteen": 0,
        "thirty_one": 0,
        "pairs": 2,
        "run": 0,
        "points": 2,
    }
    assert _peg("7S 8H 8D 8C") == {
        "count": 31,
        "fifteen": 0,
        "thirty_one": 2,
        "pairs": 6,
        "run": 0,
        "points": 8,
    }
    assert _peg("3S 5H 4D")["run"] == 3
    last = _peg("3S 5H 4D 6C")
    assert last["run"] == 4 and last["count"] == 18 and last["points"] == 4


def test_a_run_broken_by_a_pair_counts_only_the_cards_after_it() -> None:
    assert _peg("4S 6S 4H 5D")["run"] == 3
    assert _peg("JS QH")["pairs"] == 0


def test_a_count_over_thirty_one_is_refused() -> None:
    with pytest.raises(InvalidCardError, match="31"):
        peg_score(parse_cards_in_order("KS QS JS 5H"))


five_cards = st.lists(st.integers(0, 51), min_size=5, max_size=5, unique=True)


@settings(max_examples=1500, deadline=None)
@given(five_cards, st.booleans())
def test_show_score_agrees_with_the_reference(cards: list[int], crib: bool) -> None:
    hand, starter = [parse_card(c) for c in cards[:4]], parse_card(cards[4])
    truth = reference.show_points(hand, starter, crib)
    assert _show(" ".join(map(str, hand)), str(starter), crib) == truth
    assert show_total(hand, starter, crib) == truth["total"]


@settings(max_examples=1500, deadline=None)
@given(five_cards, st.booleans())
def test_no_hand_scores_19_25_26_27_or_above_29(cards: list[int], crib: bool) -> None:
    total = show_total([parse_card(c) for c in cards[:4]], parse_card(cards[4]), crib)
    assert total not in (19, 25, 26, 27)
    assert 0 <= total <= 29


def test_the_impossible_scores_over_every_hand_of_a_few_ranks() -> None:
    """Every four-card hand of spades, hearts and diamonds from A to 7 plus J, with every
    starter: a dense corner of the space where many totals are reached."""
    from itertools import combinations

    pool = [c for c in range(39) if c % 13 in (0, 1, 2, 3, 4, 5, 6, 10)]
    seen: set[int] = set()
    for hand in combinations(pool, 4):
        for starter in range(52):
            if starter not in hand:
                seen.add(show_total(list(hand), starter))
    assert not seen & {19, 25, 26, 27}
    assert max(seen) <= 29 and {0, 1, 2, 20, 24} <= seen


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=1, max_size=8, unique=True))
def test_peg_score_agrees_with_the_reference(cards: list[int]) -> None:
    if sum(reference.value(c) for c in cards) > 31:
        with pytest.raises(InvalidCardError):
            peg_score(cards)
        return
    assert peg_score(cards).to_dict() == reference.peg_points(cards)


def _score_together(hands: list[list[int]], expected: list[int], threads: int) -> list[str]:
    """Score every hand in ``threads`` real threads released at once, each starting at
    another hand (so that they want different keys); what went wrong, if anything."""
    import threading

    barrier = threading.Barrier(threads)
    problems: list[str] = []
    step = len(hands) // threads

    def run(offset: int) -> None:
        barrier.wait()
        try:
            for index in [*range(offset * step, len(hands)), *range(offset * step)]:
                hand = hands[index]
                if show_total(hand[:4], hand[4]) != expected[index]:
                    problems.append(f"hand {index} scored wrong")
        except Exception as error:  # collected: the test names it
            problems.append(repr(error))

    started = [threading.Thread(target=run, args=(i,)) for i in range(threads)]
    for thread in started:
        thread.start()
    for thread in started:
        thread.join(60)
    return problems


def test_threads_scoring_at_once_on_a_fresh_table_all_get_totals(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The rank table of show_total is built on first use. It was filled in place, so a
    second thread, seeing it no longer empty, looked up a hand not yet in it: a KeyError (a
    500 on a fresh server whose Cribbage seats asked for their aids at once). Real threads,
    started together on an empty table, switching as often as Python lets them."""
    import random
    import sys

    from cardtable.cribbage import score

    hands = [random.Random(seed).sample(range(52), 5) for seed in range(400)]
    expected = [show_total(hand[:4], hand[4]) for hand in hands]
    old_interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        for _trial in range(5):
            monkeypatch.setattr(score, "_BY_RANKS", {})  # as in a fresh process
            problems = _score_together(hands, expected, threads=8)
            assert not problems, f"{len(problems)} problems, the first: {problems[0]}"
    finally:
        sys.setswitchinterval(old_interval)
