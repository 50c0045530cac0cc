"""The guided lesson for newcomers: one script, shared by the web and terminal tables.

It is built on the example hand of the rules page (``7S 7H 7D 4H 5H 6H KS 2S 9C QD``): the
learner (seat 0, the non-dealer) finds a set and a run, counts deadwood, takes the 3H upcard,
throws the QD, draws and discards down to ``AC 2S 3C``, and knocks with 6 by throwing the KD.
The opponent's turns are scripted, so every learner sees the same hand, lay-offs included.

>>> session = LessonSession()
>>> session.step.key
'sets'
>>> session.select("7S 7H 7D").ok
True
>>> session.step.key
'runs'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from cardtable.cards import CardSet, parse_card, parse_cards
from cardtable.errors import CardTableError
from cardtable.gin.actions import Action
from cardtable.gin.hand import Hand, Observation
from cardtable.gin.melds import best_arrangement
from cardtable.gin.rules import Rules

__all__ = ["LESSON_STEPS", "LessonSession", "LessonStep", "StepOutcome", "lesson_deck"]

LEARNER: Final = 0
COMPUTER: Final = 1

_LEARNER_CARDS: Final = ["7S", "7H", "7D", "4H", "5H", "6H", "KS", "2S", "9C", "QD"]
_COMPUTER_CARDS: Final = ["7C", "2H", "8D", "TD", "5S", "9D", "4C", "JH", "QH", "8S"]
_UPCARD: Final = "3H"
# Stock from the top: the computer draws KC, QC, JD and throws each straight back; the
# learner draws AC, 3C and KD.
_STOCK_TOP: Final = ["KC", "AC", "QC", "3C", "JD", "KD"]


def lesson_deck() -> tuple[int, ...]:
    """The lesson's deck in dealt order (the rest of the stock in a fixed order)."""
    order: list[int] = []
    for mine, theirs in zip(_LEARNER_CARDS, _COMPUTER_CARDS, strict=True):
        order += [parse_card(mine), parse_card(theirs)]
    order.append(parse_card(_UPCARD))
    order += [parse_card(c) for c in _STOCK_TOP]
    used = set(order)
    order += [c for c in range(52) if c not in used]
    return tuple(order)


@dataclass(frozen=True, slots=True)
class LessonStep:
    """One step: what to read, and what the learner must do (select cards or an action)."""

    key: str
    title: str
    text: str
    select: str | None = None
    action: str | None = None
    computer_after: tuple[str, ...] = ()

    @property
    def is_info(self) -> bool:
        return self.select is None and self.action is None


LESSON_STEPS: Final = (
    LessonStep(
        "sets",
        "Sets",
        "A set is three or four cards of one rank. Select your three sevens: 7S 7H 7D.",
        select="7S 7H 7D",
    ),
    LessonStep(
        "runs",
        "Runs",
        "A run is three or more cards in sequence in one suit; aces are low. "
        "Select your run of hearts: 4H 5H 6H.",
        select="4H 5H 6H",
    ),
    LessonStep(
        "deadwood",
        "Deadwood",
        "Cards in no meld are deadwood: KS 2S 9C QD count 10 + 2 + 9 + 10 = 31. "
        "Court cards count 10, aces 1. The whole game is about getting this number down.",
    ),
    LessonStep(
        "take",
        "Taking the upcard",
        "The face-up 3H is offered to you first. It extends your run to 3-4-5-6 of hearts: "
        "take it.",
        action="take",
    ),
    LessonStep(
        "discard",
        "Discarding",
        "You hold eleven cards and must throw one, but not the card you just took. "
        "The QD is the costliest card that helps nothing: throw it. Deadwood drops to 21.",
        action="discard QD",
        computer_after=("draw", "discard KC"),
    ),
    LessonStep(
        "draw",
        "Drawing",
        "Your opponent drew and threw the KC. Your turn: draw from the stock "
        "(you could also take the top discard).",
        action="draw",
    ),
    LessonStep(
        "discard-king",
        "Keep the low cards",
        "You drew the AC. Throw the KS: it is worth 10 and fits nothing. Deadwood: 2S 9C AC = 12.",
        action="discard KS",
        computer_after=("draw", "discard QC"),
    ),
    LessonStep(
        "draw-again",
        "Drawing again",
        "Draw from the stock again.",
        action="draw",
    ),
    LessonStep(
        "discard-nine",
        "Almost there",
        "You drew the 3C. Throw the 9C: your deadwood is now AC 2S 3C = 6.",
        action="discard 9C",
        computer_after=("draw", "discard JD"),
    ),
    LessonStep(
        "last-draw",
        "One more draw",
        "Draw once more.",
        action="draw",
    ),
    LessonStep(
        "knock",
        "Knocking",
        "You drew the KD. Throw it face down and knock: your deadwood of 6 is within the "
        "knock threshold of 10. Your melds are laid out; your opponent may lay off cards on them.",
        action="knock KD",
    ),
    LessonStep(
        "showdown",
        "The showdown",
        "Your opponent laid off the 7C on your sevens and the 2H on your hearts, and kept "
        "deadwood of 37. You score the difference: 37 - 6 = 31. With no deadwood at all you "
        "would have gone gin, for a bonus and no lay-offs. That is the whole game: well played!",
    ),
)


@dataclass(frozen=True, slots=True)
class StepOutcome:
    ok: bool
    message: str


class LessonSession:
    """One learner's run through the lesson on a real :class:`Hand`."""

    def __init__(self) -> None:
        self.hand = Hand(Rules(), dealer=COMPUTER, deck=lesson_deck(), seed=None)
        self.index = 0

    @property
    def step(self) -> LessonStep:
        return LESSON_STEPS[self.index]

    @property
    def finished(self) -> bool:
        return self.index == len(LESSON_STEPS) - 1

    def observation(self) -> Observation:
        return self.hand.observation(LEARNER)

    def deadwood(self) -> int:
        return best_arrangement(self.observation().hand).deadwood

    def advance(self) -> StepOutcome:
        """Move past a step that only explains."""
        if not self.step.is_info:
            return StepOutcome(False, "this step asks you to do something first")
        if self.finished:
            return StepOutcome(True, "the lesson is complete")
        self.index += 1
        return StepOutcome(True, "")

    def select(self, cards: str) -> StepOutcome:
        """The learner selected cards (to show a meld)."""
        want = self.step.select
        if want is None:
            return StepOutcome(False, "nothing to select in this step")
        try:
            chosen = parse_cards(cards)
        except CardTableError as error:
            return StepOutcome(False, str(error))
        if chosen != parse_cards(want):
            return StepOutcome(False, f"not quite: select {CardSet(want)}")
        self.index += 1
        return StepOutcome(True, "well spotted")

    def act(self, text: str) -> StepOutcome:
        """The learner's action; the wrong one is explained and nothing changes."""
        want = self.step.action
        if want is None:
            return StepOutcome(False, "no action is needed in this step")
        try:
            action = Action.parse(text)
        except CardTableError as error:
            return StepOutcome(False, str(error))
        if action != Action.parse(want):
            return StepOutcome(False, f"in this lesson, do this: {want}")
        self.hand.apply(action, LEARNER)
        for scripted in self.step.computer_after:
            self.hand.apply(Action.parse(scripted), COMPUTER)
        self.index += 1
        return StepOutcome(True, "")
