"""The ways to knock come from the table service: the terminal numbers them and words them,
and they are the same choices, in the same order, that the terminal worked out itself before
the views were typed (the reference below is that code, kept here as the test's oracle)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardtable.cards import Card, CardSet, parse_card, parse_cards
from cardtable.gin.actions import Action
from cardtable.gin.hand import Hand
from cardtable.gin.melds import arrangements_within, best_arrangement, deadwood
from cardtable.gin.rules import Rules
from cardtable.gin.tui import render
from cardtable.gin.tui.session import TerminalTable
from cardtable.gin.views import PlayView, SeatView
from cardtable.table import TableService

from .tui_driver import choose


@dataclass(frozen=True, slots=True)
class Reference:
    action: str
    verb: str
    card: str
    melds: tuple[tuple[str, ...], ...]
    unmatched: tuple[str, ...]
    deadwood: int
    best: bool


def reference_choices(
    hand_cards: Sequence[str], legal: Sequence[str], threshold: int, limit: int = 12
) -> list[Reference]:
    """The terminal's own ``knock_choices`` before the redesign, unchanged in substance."""
    hand = parse_cards(" ".join(hand_cards))
    endings: list[tuple[str, str, int]] = []
    for text in legal:
        verb, _, card = text.partition(" ")
        if verb in ("knock", "gin"):
            endings.append((verb, card, deadwood(hand.mask & ~(1 << parse_card(card)))))
        elif verb == "big_gin":
            endings.append(("big gin", "", 0))
    endings.sort(key=lambda item: (item[2], item[1]))
    choices: list[Reference] = []
    for verb, thrown, _ in endings:
        rest = hand.remove(thrown) if thrown else hand
        best = best_arrangement(rest)
        layouts = [best]
        best_key = {m.mask for m in best.melds}
        for arrangement in arrangements_within(rest, threshold if verb == "knock" else 0):
            if len(layouts) >= limit:
                break
            if {m.mask for m in arrangement.melds} != best_key:
                layouts.append(arrangement)
        for index, arrangement in enumerate(layouts):
            melds = tuple(tuple(str(c) for c in m.cards) for m in arrangement.melds)
            text = f"{verb.replace(' ', '_')} {thrown}".strip()
            if index:
                text += " " + " ".join(f"[{' '.join(m)}]" for m in melds)
            unmatched = tuple(str(c) for c in arrangement.unmatched)
            choices.append(
                Reference(text, verb, thrown, melds, unmatched, arrangement.deadwood, index == 0)
            )
    return choices


def as_reference(choice: render.KnockChoice) -> Reference:
    layout = choice.choice.layout
    return Reference(
        action=choice.action,
        verb=choice.verb,
        card="" if choice.card is None else str(choice.card),
        melds=tuple(tuple(str(c) for c in meld.cards) for meld in layout.melds),
        unmatched=tuple(str(c) for c in layout.unmatched),
        deadwood=layout.deadwood,
        best=choice.best,
    )


def check_against_reference(play: PlayView | SeatView) -> list[render.KnockChoice]:
    hand = play.hand
    choices = render.numbered_choices(play.knock_options)
    expected = reference_choices([str(c) for c in hand.hand], hand.legal_actions, hand.threshold)
    assert [as_reference(c) for c in choices] == expected
    return choices


def drawn_into(cards: str, upcard: str, drawn: str, rules: Rules | None = None) -> PlayView:
    """Seat 0's view after both passed the upcard and seat 0 drew ``drawn`` from the stock."""
    mine = [parse_card(c) for c in cards.split()]
    used = {*mine, parse_card(upcard), parse_card(drawn)}
    theirs = [c for c in range(52) if c not in used][:10]
    deck: list[int] = []
    for a, b in zip(mine, theirs, strict=True):
        deck += [a, b]  # seat 1 deals, so seat 0 is dealt first
    deck += [parse_card(upcard), parse_card(drawn)]
    deck += [c for c in range(52) if c not in set(deck)]
    hand = Hand(rules or Rules(), dealer=1, deck=tuple(deck), seed=None)
    for seat, action in ((0, "pass"), (1, "pass"), (0, "draw")):
        hand.apply(Action.parse(action), seat)
    return PlayView.of(hand.observation(0))


def test_the_best_layout_first_then_the_others() -> None:
    play = drawn_into("7S 7H 7D 4H 5H 6H AC 2C 3C KD", upcard="9S", drawn="7C")
    choices = check_against_reference(play)
    kd = render.numbered_choices(play.knock_options, Card("KD"))
    assert kd[0].best and kd[0].action == "gin KD" and kd[0].choice.layout.deadwood == 0
    assert kd[0].command == "gin KD 1"
    others = [c for c in kd if not c.best]
    assert others and all(c.choice.layout.deadwood == 0 for c in others)
    assert "[4H 5H 6H 7H]" in others[0].action
    assert Action.parse(others[0].action).melds is not None
    assert "gin: throw K♦, lay out [" in kd[0].describe()
    assert others[0].describe(ascii_only=True).startswith("gin: throw KD, lay out [")
    knocks = render.numbered_choices(play.knock_options, Card("7C"))
    assert knocks[0].verb == "knock" and knocks[0].choice.layout.deadwood == 10
    assert all(c.choice.layout.deadwood <= 10 for c in knocks)
    assert choices[0].verb == "gin"  # the best ending first
    assert [c.number for c in kd] == list(range(1, len(kd) + 1))


def test_the_choices_of_whole_matches_match_the_reference(service: TableService) -> None:
    """Every knock the strategy meets in a few matches: the same layouts, the same order."""
    seen = 0
    for seed in ("knock-1", "knock-2", "knock-3"):
        table = TerminalTable.start(service, Rules(target=60), level="random", seed=seed)
        for _ in range(400):
            if table.finished:
                break
            if table.view.knock_options:
                check_against_reference(table.view)
                seen += 1
            table.act(choose(table.view))
    assert seen >= 5


def test_big_gin_is_offered_without_a_card() -> None:
    mine = ["AS", "2S", "3S", "4S", "5H", "6H", "7H", "8H", "9D", "TD", "JD"]
    assert deadwood(CardSet(" ".join(mine)).mask) == 0
    standard = drawn_into(" ".join(mine[:10]), upcard="KC", drawn=mine[10])
    assert all(option.kind != "big_gin" for option in standard.knock_options)
    check_against_reference(standard)
    play = drawn_into(" ".join(mine[:10]), "KC", mine[10], Rules(big_gin_bonus=31))
    choices = check_against_reference(play)
    big = [c for c in choices if c.verb == "big gin"]
    assert big and big[0].card is None and big[0].action == "big_gin"
    assert big[0].command == "big gin 1"
    assert big[0].describe(ascii_only=True) == (
        "big gin: lay out [AS 2S 3S 4S] [5H 6H 7H 8H] [9D TD JD], deadwood 0 (best layout)"
    )
