"""The show laid out combination by combination, as a seat may see it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from cardtable.cards import Card
from cardtable.cribbage.hand import ShowRecord
from cardtable.cribbage.score import ShowScore
from cardtable.games.views import PlainView

__all__ = ["ShowItemView", "ShowView", "ShownCards", "show_items", "show_view"]


# Three of a rank are three pairs and four are six, but people count them as one: "pair
# royal, 6", "double pair royal, 12" (the names the play's scores use too).
_PAIRS_OF_A_RANK: Final = {2: "pair", 3: "pair royal", 4: "double pair royal"}


@dataclass(frozen=True, slots=True)
class ShowItemView(PlainView):
    """One scoring combination: its kind (``fifteen``, ``pair``, ``pair royal``, ``double pair
    royal``, ``run``, ``flush``, ``nobs``), its cards and its points."""

    kind: str
    cards: tuple[Card, ...]
    points: int


def show_items(score: ShowScore) -> tuple[ShowItemView, ...]:
    """Every combination of a show, in the order people count them aloud."""
    items = [ShowItemView("fifteen", combo, 2) for combo in score.fifteens]
    items += _pairs_by_rank(score)
    items += [ShowItemView("run", run, len(run)) for run in score.runs]
    if score.flush:
        items.append(ShowItemView("flush", score.flush, len(score.flush)))
    if score.nobs is not None:
        items.append(ShowItemView("nobs", (score.nobs,), 1))
    return tuple(items)


def _pairs_by_rank(score: ShowScore) -> list[ShowItemView]:
    """The pairs of the show, one item a rank: a pair, a pair royal or a double pair royal
    with its cards (in the show's order) and the points of all its pairs."""
    by_rank: dict[int, list[tuple[Card, Card]]] = {}
    for pair in score.pairs:
        by_rank.setdefault(pair[0].rank, []).append(pair)
    items = []
    for pairs in by_rank.values():
        cards = tuple(dict.fromkeys(card for pair in pairs for card in pair))
        items.append(ShowItemView(_PAIRS_OF_A_RANK[len(cards)], cards, 2 * len(pairs)))
    return items


@dataclass(frozen=True, slots=True)
class ShownCards(PlainView):
    """A hand or crib in the show: whose it is, which, its cards and the starter (what a
    show counted and a count in progress both show first)."""

    seat: int
    kind: str  # "hand" or "crib"
    cards: tuple[Card, ...]
    starter: Card


@dataclass(frozen=True, slots=True)
class ShowView(ShownCards):
    """A hand or crib as counted: its cards and the starter, every combination, the total;
    with muggins, what its owner stated, whether the opponent called muggins on it and what
    that took, and what the owner pegged."""

    items: tuple[ShowItemView, ...]
    total: int
    stated: int | None
    muggins: int
    pegged: int
    called: bool = False


def show_view(record: ShowRecord) -> ShowView:
    score = record.score
    return ShowView(
        seat=record.seat,
        kind=record.kind,
        cards=score.hand,
        starter=score.starter,
        items=show_items(score),
        total=score.total,
        stated=record.stated,
        muggins=record.muggins,
        pegged=record.pegged,
        called=record.called,
    )
