"""A plain strategy for driving the terminal table in tests: knock or gin when allowed, take a
card only when it lowers the deadwood, otherwise draw; discard whatever leaves least deadwood."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardtable.cards import parse_card, parse_cards
from cardtable.gin.melds import deadwood, discard_options


def best_discard(hand: str, taken: str | None = None) -> str:
    for card, _ in discard_options(hand):
        if taken is None or card != parse_card(taken):
            return str(card)
    raise AssertionError("no card to discard")


def helps(hand: str, card: str) -> bool:
    """True when taking ``card`` and throwing the best other card lowers the deadwood."""
    cards = parse_cards(hand)
    before = deadwood(cards.mask)
    after = min(left for c, left in discard_options(cards.add(card)) if str(c) != card)
    return after < before


def choose(view: Mapping[str, Any]) -> str:
    """The strategy's action for a table service view (one of its legal actions)."""
    legal: list[str] = view["legal_actions"]
    obs = view["observation"]
    for verb in ("gin", "knock"):
        endings = [a for a in legal if a.startswith(verb + " ")]
        if endings:
            hand = parse_cards(" ".join(obs["hand"]))
            return min(endings, key=lambda a: deadwood(hand.remove(a.split()[1]).mask))
    hand_text = " ".join(obs["hand"])
    top = obs["discard_pile"][-1] if obs["discard_pile"] else None
    if "take" in legal and top is not None and helps(hand_text, top):
        return "take"
    if "draw" in legal:
        return "draw"
    if "pass" in legal:
        return "pass"
    return "discard " + best_discard(hand_text, obs["taken"])
