"""The learning aids of a seat's view (issue 12, point 4), computed by the table from the
seat's own observation: the tracker partitions the 52 cards and agrees with the public
events; the feed estimate and the knock advisor's undercut risk are probabilities, and the
very numbers the expert's own model gives; nothing in them is a hidden card."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Protocol

from cardtable.cards import Card
from cardtable.gin.actions import Action, ActionKind
from cardtable.gin.hand import Observation
from cardtable.gin.match import Match
from cardtable.gin.players.expert import Reasoner
from cardtable.gin.players.simple import SimplePlayer
from cardtable.gin.views.aids import (
    STOCK_WARNING,
    TRACKER_STATES,
    WALL,
    LearningAids,
    feed_chances,
    knock_advice,
    tracker,
)
from cardtable.gin.views.seat import PlayView


class Player(Protocol):
    def act(self, observation: Observation) -> Action: ...


class NeverKnocks:
    """Draws from the stock and throws its first legal discard: plays every hand to the wall."""

    def act(self, observation: Observation) -> Action:
        legal = observation.legal_actions()
        for kind in (ActionKind.PASS, ActionKind.DRAW_STOCK, ActionKind.DISCARD):
            for action in legal:
                if action.kind is kind:
                    return action
        return legal[0]


def observations(
    seed: str, steps: int = 600, to_the_wall: bool = False
) -> Iterator[tuple[Match, Observation]]:
    """Every observation of the seat to act through a match of two simple players (or two
    that never knock), with the match as it stood (to know the hidden truth)."""
    match = Match.new(seed=seed, first_dealer=0)
    players: tuple[Player, Player] = (
        (NeverKnocks(), NeverKnocks()) if to_the_wall else (SimplePlayer(), SimplePlayer())
    )
    for _ in range(steps):
        if match.is_over:
            return
        seat = match.to_act
        assert seat is not None
        observation = match.observation(seat)
        yield match, observation
        match.apply(players[seat].act(observation), seat)


def test_the_tracker_partitions_the_deck_and_agrees_with_the_public_events() -> None:
    checked = 0
    for match, obs in observations("aids-tracker"):
        states = tracker(obs)
        assert sorted(states) == [Card(c) for c in range(52)]
        assert set(states.values()) <= set(TRACKER_STATES)
        by_state: dict[str, set[Card]] = {}
        for card, state in states.items():
            by_state.setdefault(state, set()).add(card)
        assert by_state.get("mine", set()) == set(obs.hand)
        assert by_state.get("their_taken", set()) == set(obs.opponent_known)
        pile = set(obs.discard_pile)
        thrown = {"my_discard", "their_discard", "upcard"}
        assert {c for c, s in states.items() if s in thrown} == pile
        # Each card in the pile is marked with the seat whose discard event put it there.
        last_thrower = {e.card: e.seat for e in obs.events if e.kind is ActionKind.DISCARD}
        for card in pile:
            seat = last_thrower.get(card)
            expected = (
                "upcard" if seat is None else "my_discard" if seat == obs.seat else "their_discard"
            )
            assert states[card] == expected
        # Every hidden card of the opponent, and the whole stock, is unseen.
        hand = match.current
        hidden = set(hand.cards(1 - obs.seat)) - set(obs.opponent_known)
        assert hidden and all(states[c] == "unseen" for c in hidden)
        assert len(by_state.get("unseen", set())) == obs.stock_count + len(hidden)
        checked += 1
    assert checked > 50


def _expert_notes(obs: Observation, seed: int) -> dict[tuple[str, Card], str]:
    """The expert's notes for each discard and knock, scored with no play-outs."""
    scored = Reasoner(rollouts=0).evaluate(obs, random.Random(seed))
    notes: dict[tuple[str, Card], str] = {}
    for alt in scored:
        if alt.action.card is not None:
            notes[(alt.action.kind.value, alt.action.card)] = alt.note
    return notes


def test_the_feed_estimate_is_the_experts_discard_danger() -> None:
    compared = 0
    for _, obs in observations("aids-feed"):
        feed = feed_chances(obs)
        assert set(feed) == set(obs.hand)
        assert all(0.0 <= p <= 1.0 for p in feed.values())
        if obs.phase.value != "discard":
            continue
        notes = _expert_notes(obs, 1)
        for (kind, card), note in notes.items():
            if kind != ActionKind.DISCARD.value:
                continue
            said = re.search(r"(\d+)% chance it helps your opponent", note)
            if said:
                assert round(feed[card] * 100) == int(said.group(1))
                compared += 1
            else:  # the expert names the danger only above 30%
                assert feed[card] <= 0.3
    assert compared > 5


def test_the_undercut_risk_is_the_experts_own() -> None:
    compared = 0
    for _, obs in observations("aids-knock", steps=2000):
        advice = knock_advice(obs, random.Random(7))
        legal = {a.card for a in obs.legal_actions() if a.kind is ActionKind.KNOCK}
        assert {a.card for a in advice} == legal
        if not advice:
            continue
        assert [a.deadwood for a in advice] == sorted(a.deadwood for a in advice)
        notes = _expert_notes(obs, 7)
        for item in advice:
            assert 0.0 <= item.undercut_risk <= 1.0
            assert 0 <= item.deadwood <= obs.threshold
            said = re.search(r"undercut risk (\d+)%", notes[("knock", item.card)])
            assert said, notes[("knock", item.card)]
            assert round(item.undercut_risk * 100) == int(said.group(1))
            compared += 1
    assert compared >= 3


def test_the_stock_warning_counts_the_cards_above_the_wall() -> None:
    warned = []
    for _, obs in observations("aids-stock", steps=300, to_the_wall=True):
        aids = LearningAids.of(obs)
        assert aids.stock_left == max(0, obs.stock_count - WALL)
        over = obs.phase.value == "over"
        assert aids.stock_warning == (not over and obs.stock_count - WALL <= STOCK_WARNING)
        if aids.stock_warning:
            warned.append(obs.stock_count)
    assert warned and max(warned) == WALL + STOCK_WARNING


def test_the_view_carries_the_aids_for_its_own_seat_only() -> None:
    for match, obs in observations("aids-view", steps=80):
        data = PlayView.of(obs).to_json()["aids"]
        assert sorted(data) == [
            "feed",
            "knock_advice",
            "stock_left",
            "stock_warning",
            "tracker",
            "wall",
        ]
        hidden = {str(c) for c in match.current.cards(1 - obs.seat)} - {
            str(c) for c in obs.opponent_known
        }
        assert all(data["tracker"][name] == "unseen" for name in hidden)
        assert not set(data["feed"]) & hidden
        assert {a["card"] for a in data["knock_advice"]} <= {str(c) for c in obs.hand}
