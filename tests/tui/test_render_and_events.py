"""The terminal's words for typed views, and the events of a hand that ended between two
looks (told from the finished hand's replay, as the seat saw the hand: the opponent's stock
draws stay hidden)."""

from __future__ import annotations

from typing import Any

from cardtable.cards import Card
from cardtable.gin.rules import Rules
from cardtable.gin.tui import render
from cardtable.gin.tui.session import TerminalTable, finished_events
from cardtable.gin.views import EventView, HandReplay, LayoffView, LayoutView, MeldView, ResultView
from cardtable.table import TableService

from .tui_driver import choose

NAMES = ("You", "Simple")


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card(c) for c in text.split())


def layout(melds: list[tuple[str, str]], loose: str, deadwood: int) -> LayoutView:
    return LayoutView(tuple(MeldView(cards(m), kind) for m, kind in melds), cards(loose), deadwood)


def result(**changes: Any) -> ResultView:
    base: dict[str, Any] = {
        "outcome": "knock",
        "knocker": 1,
        "winner": 1,
        "points": 15,
        "multiplier": 1,
        "knocker_deadwood": 4,
        "defender_deadwood": 19,
        "knock_discard": Card("KD"),
        "knocker_layout": layout([("7S 7H 7D", "set"), ("4H 5H 6H", "run")], "AC 3C", 4),
        "defender_layout": layout([("9S 9D 9C", "set")], "KS QS 2D", 22),
        "layoffs": (),
    }
    base.update(changes)
    return ResultView(**base)


def test_a_knock_with_lay_offs_and_a_doubled_undercut() -> None:
    laid = (LayoffView(Card("7C"), MeldView(cards("7S 7H 7D"), "set")),)
    lines = render.describe_result(result(layoffs=laid), ((), ()), 0, NAMES, ascii_only=True)
    assert lines == [
        "Simple knocked (threw the KD face down).",
        "  Simple: [7S 7H 7D] [4H 5H 6H] AC 3C, deadwood 4",
        "  You: [9S 9D 9C] KS QS 2D, deadwood 22",
        "  You laid off 7C on [7S 7H 7D].",
        "  Knock: Simple scores 15.",
    ]
    undercut = result(outcome="undercut", winner=0, points=50, multiplier=2)
    lines = render.describe_result(undercut, ((), ()), 0, NAMES)
    assert lines[0] == "Simple knocked (threw the K♦ face down)."
    assert lines[3] == "  You had nothing to lay off."
    assert lines[4] == "  Undercut: You score 50 (doubled)."


def test_gin_big_gin_and_a_dead_hand() -> None:
    gin = result(outcome="gin", knocker=0, winner=0, points=44, knock_discard=Card("AS"))
    lines = render.describe_result(gin, ((), ()), 0, NAMES, ascii_only=True)
    assert lines[0] == "You went gin (threw the AS face down)."  # the ace of spades is card 0
    assert lines[-1] == "  Gin: You score 44."
    assert not any("lay off" in line for line in lines)
    big = result(outcome="big_gin", knocker=1, winner=1, points=50, knock_discard=None)
    assert render.describe_result(big, ((), ()), 0, NAMES)[0] == "Simple went big gin."
    dead = result(outcome="dead", knocker=None, winner=None, points=0, knock_discard=None)
    hands = (cards("2S 3S"), cards("KD QD"))
    assert render.describe_result(dead, hands, 1, NAMES, ascii_only=True) == [
        "A dead hand: the stock is down to two cards. Nobody scores; the same dealer deals again.",
        "  Simple: KD QD",
        "  You: 2S 3S",
    ]


def test_events_name_the_ace_of_spades_and_hide_what_was_hidden() -> None:
    ace = Card("AS")
    assert int(ace) == 0
    told = [
        render.describe_event(EventView(0, kind, card), 0, NAMES, ascii_only=True)
        for kind, card in (("draw", ace), ("draw", None), ("knock", ace), ("gin", None))
    ]
    assert told == [
        "You drew the AS from the stock.",
        "You drew from the stock.",
        "You knocked, throwing the AS face down.",
        "You went gin.",
    ]
    assert render.symbolise("keep the AS and the 10H") == "keep the A♠ and the T♥"


def reference_events(replay: HandReplay, me: int) -> list[EventView]:
    """The terminal's reading of the replay's action texts before the redesign."""
    events = []
    for item in replay.actions:
        verb, _, rest = item.action.partition(" ")
        card: Card | None = Card(rest.split()[0]) if rest.split() else None
        if verb == "take":
            card = item.drawn
        elif verb == "draw":
            card = item.drawn if item.seat == me else None
        elif verb in ("pass", "big_gin"):
            card = None
        events.append(EventView(item.seat, verb, card))
    return events


def test_a_finished_hand_is_told_as_the_seat_saw_it(service: TableService) -> None:
    """The events the seat saw while the hand was in play, then the rest of the hand: the
    same as the old reading of the replay, and the opponent's stock draws still hidden."""
    hands = 0
    for seed in ("events-1", "events-2"):
        table = TerminalTable.start(service, Rules(target=80), level="random", seed=seed)
        while not table.finished and hands < 8:
            seen = table.view.hand.events
            update = table.act(choose(table.view))
            if update.finished is None:
                continue
            hands += 1
            replay = service.replay_hand(table.match_id, table.token, update.finished.deal)
            told = finished_events(replay)
            assert list(told) == reference_events(replay, table.seat)
            assert told[: len(seen)] == seen  # what the seat saw, card for card
            assert update.finished_events == told[len(seen) :]
            hidden = [e for e in told if e.seat != table.seat and e.kind == "draw"]
            assert all(e.card is None for e in hidden)
    assert hands >= 4
