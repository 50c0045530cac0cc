"""The hand's fast paths (the lay-away, a card played, a go; the pegging worked on the plays in
place; the show counted at once) against the general path and the brute-force referee of
``reference.py``, over random games under every rules preset."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.cards import CARDS, VALUES, shuffled_deck
from cardtable.cribbage.actions import Action, ActionKind
from cardtable.cribbage.hand import ActionRecord, Hand, Phase, Play
from cardtable.cribbage.match import Match
from cardtable.cribbage.rules import PRESETS, Rules
from tests.cribbage import reference

PEGGING_REASONS = {"fifteen", "31", "pair", "pair royal", "double pair royal"}


def _random_steps(
    rules: Rules, seed: int, games: int, most: int = 100_000
) -> Iterator[tuple[Hand, Action, int | None]]:
    """Each decision of random matches (``most`` in all): the hand in play, the action
    chosen, the seat named (in the lay-away now and then the dealer, before the non-dealer
    has laid away)."""
    rng = random.Random(seed)
    steps = 0
    for number in range(games):
        match = Match.new(rules, seed=f"fast-{seed}-{number}")
        while not match.is_over and steps < most:
            steps += 1
            hand = match.current
            seat: int | None = None
            if hand.phase is Phase.DISCARD and rng.random() < 0.5:
                seat = next(s for s in (1 - hand.dealer, hand.dealer)[::-1] if hand.may_act(s))
                action = rng.choice(hand.legal_actions(seat))
            else:
                action = rng.choice(hand.legal_actions())
            yield hand, action, seat
            match.apply(action, seat)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_fast_paths_do_what_the_general_path_does(preset: str) -> None:
    """Every action applied both ways, to copies: the same record and the same hand after."""
    taken = {ActionKind.DISCARD: 0, ActionKind.PLAY: 0, ActionKind.GO: 0}
    for hand, action, seat in _random_steps(PRESETS[preset], seed=1, games=6):
        fast, general = hand.copy(), hand.copy()
        record = fast.apply(action, seat)
        assert record == general._apply_checked(action, seat)
        assert vars(fast) == vars(general)
        if action.kind in taken:
            taken[action.kind] += 1
    assert all(taken.values()), taken  # every fast path was taken


def test_every_card_pegs_what_the_reference_says() -> None:
    """The points of each card played, as the hand pegs them (its fifteen, 31, pair and run,
    not the go or show that may follow in the same record), against the referee."""
    played = 0
    for hand, action, _seat in _random_steps(Rules(target=10_000), seed=2, games=1, most=2500):
        if action.kind is not ActionKind.PLAY:
            continue
        before = len(hand.plays)
        record: ActionRecord = hand.copy().apply(action)
        count_cards = [p.card for p in hand.plays[hand.count_start : before]] + [action.cards[0]]
        truth = reference.peg_points(count_cards)
        pegged = _pegged(record)
        assert pegged == {key: truth[key] for key in pegged}, count_cards
        played += 1
    assert played > 500


def _pegged(record: ActionRecord) -> dict[str, int]:
    """The points a card pegs by itself, from its record (not a go, last card or show after)."""
    pegged = {"fifteen": 0, "thirty_one": 0, "pairs": 0, "run": 0}
    for score in record.scores:
        if score.reason == "fifteen":
            pegged["fifteen"] += score.points
        elif score.reason == "31":
            pegged["thirty_one"] += score.points
        elif score.reason in PEGGING_REASONS:
            pegged["pairs"] += score.points
        elif score.reason.startswith("run of "):
            assert score.reason == f"run of {score.points}"
            pegged["run"] += score.points
    return pegged


# Counts of low cards (ace to seven) meet long runs and pairs often; any cards, the rest.
_LOW_CARD = st.builds(lambda rank, suit: suit * 13 + rank, st.integers(0, 6), st.integers(0, 3))
_COUNTS = st.one_of(
    st.lists(_LOW_CARD, min_size=1, max_size=10, unique=True),
    st.lists(st.integers(0, 51), min_size=1, max_size=8, unique=True),
).filter(lambda cards: sum(VALUES[c] for c in cards) <= 31)


@settings(max_examples=1500, deadline=None)
@given(_COUNTS)
def test_any_count_pegs_what_the_reference_says(cards: list[int]) -> None:
    """The last of ``cards`` played onto a count of the others, in a hand set up so (each
    seat keeping a card outside the count, so that the hand goes on to no show)."""
    hand = Hand(Rules(target=10_000), dealer=0, deck=shuffled_deck("counts"), pegs=(0, 0))
    spare = [CARDS[c] for c in range(52) if c not in cards][:3]
    seat = len(cards) % 2
    count = 0
    plays = []
    for number, card in enumerate(cards[:-1]):
        count += VALUES[card]
        plays.append(Play((seat + len(cards) - 1 - number) % 2, CARDS[card], count))
    hand.phase, hand.starter, hand.turn = Phase.PLAY, spare[2], seat
    hand.plays, hand.count_start, hand.count = plays, 0, count
    hand.cards = [[], []]
    hand.cards[seat] = sorted([CARDS[cards[-1]], spare[0]])
    hand.cards[1 - seat] = [spare[1]]
    record = hand.apply(Action.play(CARDS[cards[-1]]))
    assert _pegged(record) == {key: reference.peg_points(cards)[key] for key in _pegged(record)}


def test_every_show_pegs_what_the_reference_says() -> None:
    shows = 0
    match = Match.new(Rules(target=10_000), seed="fast-shows")
    rng = random.Random(3)
    while len(match.hands) < 60:
        match.apply(rng.choice(match.legal_actions()))
    for hand in match.hands:
        assert hand.starter is not None
        assert [(show.seat, show.kind) for show in hand.shows] == [
            (1 - hand.dealer, "hand"),
            (hand.dealer, "hand"),
            (hand.dealer, "crib"),
        ]
        for show in hand.shows:
            truth = reference.show_points(show.cards, hand.starter, show.kind == "crib")
            assert show.total == show.score.total == truth["total"]
            pegged = [
                s.points
                for r in hand.history
                for s in r.scores
                if (s.seat, s.reason) == (show.seat, show.kind)
            ]
            assert pegged == ([show.total] if show.total else [])
            shows += 1
    assert shows == 180
