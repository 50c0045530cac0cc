"""The guided lesson for newcomers: one script, shared by the web and terminal tables.

It is built on the example hand of the rules page (``7S 7H 7D 4H 5H 6H KS 2S 9C QD``): the
learner (seat 0, the non-dealer) finds a set and a run, counts deadwood, takes the 3H upcard,
throws the QD, draws and discards down to ``AC 2S 3C``, and knocks with 6 by throwing the KD.
The opponent's turns are scripted, so every learner sees the same hand, lay-offs included.

Each step has a hint in its own words. A move as good as the script's (the KS for the QD:
both leave deadwood 21) is accepted when the engine, playing the rest of the script with the
two cards standing in for each other, ends the hand with the same score; the coach says why
the lesson chose its own, and its later steps name the card the learner still holds.

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
from typing import ClassVar, Final

from cardtable.cards import CardSet, parse_card, parse_cards
from cardtable.cards.standins import exchange, swap_cards
from cardtable.errors import CardTableError
from cardtable.games.lessons import LessonRun, ScriptedStep, StepOutcome
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
class LessonStep(ScriptedStep):
    """One step of gin's lesson (see :class:`~cardtable.games.lessons.ScriptedStep`); it may
    ask instead to select cards (``select``: a meld to name by its cards)."""

    select: str | None = None

    card_fields: ClassVar[tuple[str, ...]] = ("select", "action")

    @property
    def is_info(self) -> bool:
        return self.select is None and self.action is None


LESSON_STEPS: Final = (
    LessonStep(
        "sets",
        "Sets",
        "A set is three or four cards of one rank. Select your three sevens: 7S 7H 7D.",
        select="7S 7H 7D",
        hint="Select the 7S 7H 7D and check them: three cards of one rank are a set.",
    ),
    LessonStep(
        "runs",
        "Runs",
        "A run is three or more cards in sequence in one suit; aces are low. "
        "Select your run of hearts: 4H 5H 6H.",
        select="4H 5H 6H",
        hint="Select the 4H 5H 6H and check them: three cards in sequence in one suit are a run.",
    ),
    LessonStep(
        "deadwood",
        "Deadwood",
        "Cards in no meld are deadwood: KS 2S 9C QD count 10 + 2 + 9 + 10 = 31. "
        "Court cards count 10, aces 1. The whole game is about getting this number down.",
        hint="Nothing to play in this step: read how deadwood is counted, then go on (Next).",
    ),
    LessonStep(
        "take",
        "Taking the upcard",
        "The face-up 3H is offered to you first. It extends your run to 3-4-5-6 of hearts: "
        "take it.",
        action="take",
        hint="Take the 3H: it joins your run of hearts (3-4-5-6), so it is no deadwood.",
    ),
    LessonStep(
        "discard",
        "Discarding",
        "You hold eleven cards and must throw one, but not the card you just took. "
        "The QD is the costliest card that helps nothing: throw it. Deadwood drops to 21.",
        action="discard QD",
        reply=("draw", "discard KC"),
        hint="Discard the QD: it is worth 10, fits no meld, and is not the card you just "
        "took. Your deadwood drops to 21.",
        why="The lesson throws the QD now and the KS next turn: both are worth 10 and fit no "
        "meld, so which goes first is a free choice.",
    ),
    LessonStep(
        "draw",
        "Drawing",
        "Your opponent drew and threw the KC. Your turn: draw from the stock "
        "(you could also take the top discard).",
        action="draw",
        hint="Draw from the stock: the KC on the discard pile would join none of your melds.",
    ),
    LessonStep(
        "discard-king",
        "Keep the low cards",
        "You drew the AC. Throw the {KS}: it is worth 10 and fits nothing. "
        "Deadwood: 2S 9C AC = 12.",
        action="discard KS",
        reply=("draw", "discard QC"),
        hint="Discard the {KS}: it is worth 10 and fits no meld. Your deadwood drops to 12 "
        "(2S 9C AC).",
    ),
    LessonStep(
        "draw-again",
        "Drawing again",
        "Draw from the stock again.",
        action="draw",
        hint="Draw from the stock: the QC on the discard pile would join none of your melds.",
    ),
    LessonStep(
        "discard-nine",
        "Almost there",
        "You drew the 3C. Throw the 9C: your deadwood is now AC 2S 3C = 6.",
        action="discard 9C",
        reply=("draw", "discard JD"),
        hint="Discard the 9C: the highest card you hold in no meld. Your deadwood drops to 6 "
        "(AC 2S 3C).",
    ),
    LessonStep(
        "last-draw",
        "One more draw",
        "Draw once more.",
        action="draw",
        hint="Draw from the stock: the JD on the discard pile would join none of your melds.",
    ),
    LessonStep(
        "knock",
        "Knocking",
        "You drew the KD. Throw it face down and knock: your deadwood of 6 is within the "
        "knock threshold of 10. Your melds are laid out; your opponent may lay off cards on them.",
        action="knock KD",
        hint="Knock, throwing the KD face down: the rest of your hand leaves deadwood 6 (AC 2S "
        "3C), within the knock threshold of 10.",
    ),
    LessonStep(
        "showdown",
        "The showdown",
        "Your opponent laid off the 7C on your sevens and the 2H on your hearts, and kept "
        "deadwood of 37. You score the difference: 37 - 6 = 31. With no deadwood at all you "
        "would have gone gin, for a bonus and no lay-offs. That is the whole game: well played!",
        hint="The lesson is over: nothing is left to do. Play a real match next.",
    ),
)


class LessonSession(LessonRun[LessonStep, Action]):
    """One learner's run through the lesson on a real :class:`Hand`."""

    def __init__(self) -> None:
        super().__init__(LESSON_STEPS)
        self.hand = Hand(Rules(), dealer=COMPUTER, deck=lesson_deck(), seed=None)

    def observation(self) -> Observation:
        return self.hand.observation(LEARNER)

    def deadwood(self) -> int:
        return best_arrangement(self.observation().hand).deadwood

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

    def _parse(self, text: str) -> Action:
        return Action.parse(text)

    def _cards_swapped(self, action: Action, expected: Action) -> tuple[str, str]:
        return str(expected.card), str(action.card)

    def _play(self, action: Action, step: LessonStep) -> None:
        _play_step(self.hand, action, step)

    def _as_good(self, action: Action, expected: Action, step: LessonStep) -> str | None:
        """Why ``action`` is as good as the step's, or ``None`` when it is not. The engine
        plays each on a copy of the hand, then the rest of the script (the two cards standing
        in for each other): both must leave the same deadwood now and score the same."""
        if action.kind is not expected.kind or action.card is None or expected.card is None:
            return None
        swaps = exchange(self.stand_ins, str(expected.card), str(action.card))
        mine = self._play_out(action, swaps)
        if mine is None or mine != self._play_out(expected, self.stand_ins):
            return None
        if action.card == expected.card:  # the same move, its melds spelled out
            return ""
        said = f"as good: the {action.card} leaves deadwood {mine[0]} too."
        moved = f"From here the lesson names the {expected.card} where it said {action.card}."
        return " ".join(part for part in (said, step.why, moved) if part)

    def _play_out(self, action: Action, swaps: dict[str, str]) -> tuple[int, int] | None:
        """The learner's deadwood after ``action`` and the hand's score at the end of the
        script; ``None`` when the script cannot go on after it."""
        hand = self.hand.copy()
        try:
            _play_step(hand, action, LESSON_STEPS[self.index])
            left = best_arrangement(hand.cards(LEARNER)).deadwood
            for later in LESSON_STEPS[self.index + 1 :]:
                if later.action is not None:
                    _play_step(hand, Action.parse(swap_cards(later.action, swaps)), later)
        except CardTableError:
            return None
        return (left, -1) if hand.result is None else (left, hand.result.points)


def _play_step(hand: Hand, action: Action, step: LessonStep) -> None:
    """The learner's action, then the computer's scripted answer to it."""
    hand.apply(action, LEARNER)
    for scripted in step.reply:
        hand.apply(Action.parse(scripted), COMPUTER)
