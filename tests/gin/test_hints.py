"""Hints tell the truth about the choice: a forced move is said to be forced, with nothing
to choose between, and a turn that could knock states both sides of knocking or waiting,
in the figures the expert ranked the moves by."""

from __future__ import annotations

import random
import re

from cardtable.gin.actions import PASS, ActionKind
from cardtable.gin.hand import Hand, Observation
from cardtable.gin.players.hints import Hint, hint
from cardtable.gin.rules import Rules
from cardtable.gin.views.advice import hint_view

FIGURE = re.compile(
    r"knock now: expected ([+-]\d+\.\d) points; keep playing: expected ([+-]\d+\.\d) points",
    re.IGNORECASE,
)


def both_passed(seed: int) -> Observation:
    hand = Hand.deal(Rules(), dealer=0, seed=seed)
    hand.apply(PASS)  # the non-dealer passes the upcard ...
    hand.apply(PASS)  # ... and so does the dealer
    assert hand.to_act is not None
    return hand.observation(hand.to_act)


def test_after_both_pass_the_draw_is_forced_and_the_hint_says_so() -> None:
    for seed in range(5):
        view = both_passed(seed)
        assert [str(a) for a in view.legal_actions()] == ["draw"]
        advice = hint(view)
        assert str(advice.action) == "draw"
        assert advice.alternatives == ()  # nothing to choose between
        text = advice.explanation
        assert "both players passed" in text and "must come from the stock" in text
        # No talk of the upcard as a choice (it cannot be taken now).
        assert "taking it" not in text and str(view.top_discard) not in text
        shown = hint_view(advice).to_json()
        assert shown["alternatives"] == [] and shown["action"] == "draw"


def knock_turns() -> tuple[tuple[Observation, Hint], tuple[Observation, Hint]]:
    """The first turn (in a fixed search of random deals) where the hint knocks, and the
    first where it could knock but waits."""
    found: dict[bool, tuple[Observation, Hint]] = {}
    for seed in range(300):
        hand = Hand.deal(Rules(), dealer=0, seed=seed)
        rng = random.Random(seed)
        while not hand.is_over and len(found) < 2:
            assert hand.to_act is not None
            view = hand.observation(hand.to_act)
            kinds = {a.kind for a in view.legal_actions()}
            if ActionKind.KNOCK in kinds and ActionKind.GIN not in kinds:
                advice = hint(view)
                found.setdefault(advice.action.kind is ActionKind.KNOCK, (view, advice))
            legal = hand.legal_actions()
            hand.apply(rng.choice([a for a in legal if not a.kind.ends_hand] or legal))
        if len(found) == 2:
            return found[True], found[False]
    raise AssertionError("no knocking turn found")


def figures(advice: Hint) -> tuple[float, float]:
    match = FIGURE.search(advice.explanation)
    assert match, advice.explanation
    return float(match.group(1)), float(match.group(2))


def test_the_knock_or_wait_hint_states_both_sides_in_the_ranked_figures() -> None:
    (_, knock), (_, wait) = knock_turns()
    best_knock = next(a for a in knock.alternatives if a.action.kind is ActionKind.KNOCK)
    best_wait = next(a for a in knock.alternatives if a.action.kind is ActionKind.DISCARD)
    now, later = figures(knock)
    assert knock.explanation.startswith("Knock with")
    assert (now, later) == (round(best_knock.value, 1), round(best_wait.value, 1))
    assert now >= later  # it knocks because knocking is worth more
    # Waiting: the same two sides, the other way round.
    assert str(wait.action).startswith("discard") and "waiting looks better" in wait.explanation
    now, later = figures(wait)
    best_knock = next(a for a in wait.alternatives if a.action.kind is ActionKind.KNOCK)
    assert (now, later) == (round(best_knock.value, 1), round(wait.alternatives[0].value, 1))
    assert later >= now
    # A knock's note gives the figure it is ranked by, not another estimate.
    for advice in (knock, wait):
        for alt in advice.alternatives:
            if alt.action.kind is ActionKind.KNOCK:
                assert alt.note.startswith(f"expected {alt.value:+.1f} points")


def test_a_draw_hint_says_the_top_card_fits_nothing_only_when_it_fits_nothing() -> None:
    from cardtable.gin.melds import best_masks

    said = {"fits none": 0, "would join": 0}
    for seed in range(15):
        hand = Hand.deal(Rules(), dealer=0, seed=seed)
        rng = random.Random(seed)
        while not hand.is_over:
            assert hand.to_act is not None
            view = hand.observation(hand.to_act)
            top = view.top_discard
            if top is not None and len(view.legal_actions()) > 1 and view.phase.value != "discard":
                advice = hint(view)
                if str(advice.action) in ("draw", "pass"):
                    melds, _ = best_masks(view.hand.mask | 1 << top)
                    joins = any(meld >> top & 1 for meld in melds)
                    if "fits none of your melds" in advice.explanation:
                        said["fits none"] += 1
                        assert not joins, advice.explanation
                    else:
                        said["would join"] += 1
                        assert joins and "would join your" in advice.explanation
            legal = hand.legal_actions()
            hand.apply(rng.choice([a for a in legal if not a.kind.ends_hand] or legal))
    assert said["fits none"] and said["would join"]  # both cases came up
