"""The typed views of a gin table: built from one seat's observation, with everything the
front ends need worked out by the engine (layouts, knock options, replays), and one JSON
form that holds every field of the engine's own."""

from __future__ import annotations

import random

import pytest

from cardtable.cards import parse_cards
from cardtable.gin.actions import Action
from cardtable.gin.deal import POSITIONS, Deal
from cardtable.gin.hand import Hand
from cardtable.gin.match import Match
from cardtable.gin.melds import best_arrangement
from cardtable.gin.rules import PRESETS, Rules
from cardtable.gin.views import (
    LAYOUTS_PER_KNOCK,
    PlayView,
    hand_replay,
    hand_summary,
    knock_options,
    seat_view,
)
from cardtable.table.views import PlayerView, TableHeader
from tests.helpers import act, make_hand, play_random

HEADER = TableHeader(
    "m", "gin", (PlayerView("human", "A"), PlayerView("computer", "B", "simple")), 0
)


def states(seed: int, hands: int, rules: Rules | None = None) -> list[Hand]:
    """Copies of hands at every moment of random play."""
    found: list[Hand] = []
    for number in range(hands):
        hand = Hand.deal(rules or Rules(), dealer=number % 2, seed=f"gv-{seed}-{number}")
        play_random(hand, random.Random(seed + number), visit=lambda h: found.append(h.copy()))
    return found


def test_the_json_holds_every_field_of_the_engines_observation() -> None:
    for hand in states(1, 4):
        for seat in (0, 1):
            observation = hand.observation(seat)
            engine = observation.to_dict()
            view = PlayView.of(observation).to_json()["observation"]
            for key, value in engine.items():
                if key == "result" and value is not None:
                    assert {k: view[key][k] for k in value} == value
                else:
                    assert view[key] == value, key


def test_the_arrangement_is_the_engines_best_with_the_kinds_of_its_melds() -> None:
    for hand in states(2, 3)[::7]:
        play = PlayView.of(hand.observation(0))
        best = best_arrangement(hand.cards(0))
        assert play.arrangement.deadwood == best.deadwood
        for meld in play.arrangement.melds:
            ranks = {c.rank for c in meld.cards}
            assert meld.kind == ("set" if len(ranks) == 1 else "run")


def test_every_layout_of_every_knock_option_is_legal_and_lays_out_itself() -> None:
    checked = 0
    for hand in states(3, 40):
        if hand.phase.value != "discard":
            continue
        seat = hand.to_act
        options = knock_options(hand.observation(seat))
        for option in options:
            assert 1 <= len(option.choices) <= LAYOUTS_PER_KNOCK
            assert option.choices[0].layout.deadwood == option.best.deadwood
            for choice in option.choices:
                trial = hand.copy()
                record = trial.apply(Action.parse(choice.action), seat)
                assert trial.result is not None
                laid = trial.result.knocker_layout
                assert laid is not None and laid.deadwood == choice.layout.deadwood
                assert {m.mask for m in laid.melds} == {
                    parse_cards(list(m.cards)).mask for m in choice.layout.melds
                }
                assert record.seat == seat
                checked += 1
        deadwoods = [o.best.deadwood for o in options]
        assert deadwoods == sorted(deadwoods)
    assert checked > 0


def test_a_knock_offers_the_other_layouts_within_the_threshold() -> None:
    # Seat 1 holds four sevens, a run of hearts and a run of spades, then draws the 9C: going
    # gin by throwing it, it may lay the sevens as one set of four or as a set of three with
    # the 7H in the run 4H-7H.
    hand = make_hand("7S 7H 7D 7C 4H 5H 6H AS 2S 3S", upcard="KD", stock="9C")
    for text in ("pass", "pass", "draw"):
        act(hand, text)
    options = knock_options(hand.observation(1))
    gin = [o for o in options if o.card is not None and str(o.card) == "9C"]
    assert len(gin) == 1 and gin[0].kind == "gin" and gin[0].best.deadwood == 0
    layouts = [frozenset(str(m) for m in c.layout.melds) for c in gin[0].choices]
    assert len(set(layouts)) == len(layouts) >= 2  # the other layout, and no layout twice
    assert frozenset({"7S 7H 7D 7C", "4H 5H 6H", "AS 2S 3S"}) in layouts
    assert frozenset({"7S 7D 7C", "4H 5H 6H 7H", "AS 2S 3S"}) in layouts
    assert all(c.layout.deadwood == 0 for c in gin[0].choices)
    knocks = [o for o in options if o.kind == "knock"]
    for option in knocks:  # throwing a spade leaves 2S 3S or AS 2S loose: within 10
        assert all(c.layout.deadwood <= hand.threshold for c in option.choices)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_finished_hand_replays_step_by_step_from_its_deck(preset: str) -> None:
    rng = random.Random(preset)
    hand = Hand.deal(Rules.preset(preset), dealer=1, seed=f"replay-{preset}")
    play_random(hand, rng)
    replay = hand_replay(hand, deal=3, seat=0)
    assert len(replay.steps) == len(hand.history) + 1
    deal = Deal.from_deck(hand.deck)
    assert set(replay.dealt[1]) == set(deal.hands[1]) and set(replay.dealt[0]) == set(deal.hands[0])
    again = Hand(hand.rules, hand.dealer, hand.deck)
    for record, step in zip(hand.history, replay.steps[1:], strict=True):
        again.apply(record.action, record.seat)
        assert step.stock_count == again.stock_count
        assert step.top_discard == again.top_discard
        for seat in (0, 1):
            assert step.hands[seat].deadwood == best_arrangement(again.cards(seat)).deadwood
    data = replay.to_json()
    assert data["deal_positions"]["upcard"] == POSITIONS["upcard"] == 20
    assert data["deal"] == 3 and len(data["steps"]) == len(data["actions"]) + 1


def test_a_summary_reveals_the_seed_and_both_hands_only_once_over() -> None:
    match = Match.new(Rules(target=1), seed="summary", first_dealer=0)
    view = seat_view(match, 0, HEADER)
    assert view.last_hand is None and view.commitment is not None
    assert view.hand.opponent_hand is None
    rng = random.Random(5)
    while not match.hands:
        match.apply(rng.choice(match.legal_actions()))
    summary = hand_summary(match.hands[0], 1)
    assert summary.seed == match.hands[0].seed
    assert {str(c) for c in summary.hands[0]} == {str(c) for c in match.hands[0].cards(0)}
    assert seat_view(match, 1, HEADER).last_hand == summary


def test_players_in_a_view_carry_no_token() -> None:
    player = PlayerView.from_stored(
        {"kind": "human", "name": "Ann", "token": "secret", "client": "web"}
    )
    assert player.to_json() == {"kind": "human", "name": "Ann", "client": "web"}


def test_the_score_sheet_says_what_the_engine_scored() -> None:
    match = Match.new(Rules(target=60), seed="sheet", first_dealer=1)
    rng = random.Random(8)
    while not match.is_over:
        match.apply(rng.choice(match.legal_actions()))
    sheet = seat_view(match, 0, HEADER).sheet
    assert match.final is not None and sheet.to_json()["final"] == match.final.to_dict()
    assert [line.to_json() for line in sheet.lines] == [
        {
            "number": line.number,
            "dealer": line.dealer,
            "winner": line.winner,
            "outcome": line.result.outcome.value,
            "points": line.result.points,
            "totals": list(line.totals),
        }
        for line in match.sheet
    ]
