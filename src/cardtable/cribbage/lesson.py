"""The guided Cribbage lesson for newcomers: lay away, peg a fifteen and a pair, count a hand.

One scripted deal on a real :class:`Hand`, shared by the web and terminal tables. The learner
(seat 0) deals, so the crib is theirs; the teacher (seat 1) leads and its moves are scripted,
so every learner sees the same hand:

- the learner keeps 5H 5S JD KC and lays 2D 6C away to their own crib; the starter is 4C;
- the teacher leads TH, the learner's 5H makes 15 (2); the teacher pairs it with 5D (2), the
  learner's 5S makes three fives (a pair royal, 6); nobody can play under 31, so the learner
  pegs 1 for the go;
- the teacher leads 9C, the learner plays KC, the teacher 8C (27) and pegs 1 for the go (the
  learner's JD would pass 31); the learner's JD is the last card (1);
- the learner counts their hand (10) before the show is laid out.

>>> session = LessonSession()
>>> session.step.key
'deal'
>>> session.advance().ok, session.step.key
(True, 'lay-away')
>>> session.act("discard 6C 2D").ok, session.step.key
(True, 'fifteen')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from cardtable.cards import parse_card
from cardtable.cribbage.actions import Action, ActionKind
from cardtable.cribbage.hand import Hand, Observation
from cardtable.cribbage.rules import Rules
from cardtable.cribbage.score import show_score
from cardtable.errors import CardTableError

__all__ = ["LESSON_STEPS", "LessonSession", "LessonStep", "StepOutcome", "lesson_deck"]

LEARNER: Final = 0
TEACHER: Final = 1

_LEARNER_CARDS: Final = ("5H", "5S", "JD", "KC", "6C", "2D")
_TEACHER_CARDS: Final = ("TH", "5D", "9C", "8C", "AC", "7S")
_STARTER: Final = "4C"


def lesson_deck() -> tuple[int, ...]:
    """The lesson's deck in dealt order: the teacher (non-dealer) is dealt first."""
    order: list[int] = []
    for theirs, mine in zip(_TEACHER_CARDS, _LEARNER_CARDS, strict=True):
        order += [parse_card(theirs), parse_card(mine)]
    order.append(parse_card(_STARTER))
    used = set(order)
    return (*order, *(c for c in range(52) if c not in used))


@dataclass(frozen=True, slots=True)
class LessonStep:
    """One step: what to read, and the action it asks for (``None``: read and go on). A
    ``count N`` action asks the learner to count their hand; it checks the number and does
    not touch the game (the show is scored by the rules either way)."""

    key: str
    title: str
    text: str
    action: str | None = None
    teacher_after: tuple[str, ...] = ()

    @property
    def is_info(self) -> bool:
        return self.action is None


LESSON_STEPS: Final = (
    LessonStep(
        "deal",
        "The deal",
        "Each player gets six cards. You are the dealer this hand, so the crib, four cards "
        "laid away face down, is yours: you will count it after the play. Your opponent has "
        "already laid away two cards.",
    ),
    LessonStep(
        "lay-away",
        "Laying away",
        "Keep the four cards that score best together. 5H 5S JD KC make four fifteens "
        "(each five with each ten-card: 8 points) and a pair of fives (2). Lay away 2D and 6C "
        "to your crib: select them and lay them away.",
        action="discard 2D 6C",
        teacher_after=("play TH",),
    ),
    LessonStep(
        "fifteen",
        "Peg a fifteen",
        "The starter is the 4C. Your opponent led the TH: the count is 10. A card that makes "
        "the count exactly 15 pegs 2. Play the 5H.",
        action="play 5H",
        teacher_after=("play 5D",),
    ),
    LessonStep(
        "pair",
        "Peg a pair",
        "Your opponent paired your five with the 5D and pegged 2 (count 20). A card of the "
        "same rank as the one just played is a pair: 2. Three in a row are a pair royal: 6. "
        "Play the 5S.",
        action="play 5S",
        teacher_after=("play 9C",),
    ),
    LessonStep(
        "go",
        "Go",
        "The count was 25 and nobody could play without passing 31 (your tens would make 35), "
        "so the count ended by itself and you, who played the last card, pegged 1 for the go. "
        "(A player who cannot play while the other still can says go, and the other plays "
        "on.) The count starts again at 0: your opponent led the 9C. Play the KC.",
        action="play KC",
        teacher_after=("play 8C",),
    ),
    LessonStep(
        "last-card",
        "The last card",
        "Your opponent made 27 with the 8C and had no cards left; your JD would make 37, so "
        "they pegged 1 for the go. The count is 0 again and only your JD is left: play it. "
        "The player of the very last card pegs 1.",
        action="play JD",
    ),
    LessonStep(
        "count",
        "Count your hand",
        "The play is over: now each hand is counted with the starter, yours being 5H 5S JD "
        "KC and the 4C. Count fifteens (2 each), pairs (2 each), runs, a flush, and nobs (the "
        "jack of the starter's suit: 1). How many points?",
        action="count 10",
    ),
    LessonStep(
        "show",
        "The show",
        "Four fifteens (5H+JD, 5H+KC, 5S+JD, 5S+KC) make 8 and the pair of fives 2: 10. Your "
        "JD is no nobs, the starter being a club. Your opponent counted first (the non-dealer "
        "always does, and can win before the dealer counts): TH 5D 9C 8C with the 4C make 5. "
        "Then you, then your crib: 2D 6C AC 7S with the 4C make 2 (2+6+7 is 15). That is the "
        "whole game: pegging and counting, hand after hand, to 121.",
    ),
)


_COUNT_STEP: Final = next(i for i, step in enumerate(LESSON_STEPS) if step.key == "count")


@dataclass(frozen=True, slots=True)
class StepOutcome:
    ok: bool
    message: str


class LessonSession:
    """One learner's run through the lesson on a real :class:`Hand`."""

    def __init__(self) -> None:
        self.hand = Hand(Rules(), dealer=LEARNER, deck=lesson_deck(), pegs=(0, 0))
        self.hand.apply(Action.parse("discard AC 7S"), TEACHER)
        self.index = 0

    @property
    def step(self) -> LessonStep:
        return LESSON_STEPS[self.index]

    @property
    def finished(self) -> bool:
        return self.index == len(LESSON_STEPS) - 1

    def observation(self) -> Observation:
        return self.hand.observation(LEARNER)

    @property
    def show_visible(self) -> bool:
        """The show is laid out only once the learner has counted their own hand."""
        return self.index > _COUNT_STEP

    def advance(self) -> StepOutcome:
        """Move past a step that only explains."""
        if not self.step.is_info:
            return StepOutcome(False, "this step asks you to do something first")
        if self.finished:
            return StepOutcome(True, "the lesson is complete")
        self.index += 1
        return StepOutcome(True, "")

    def act(self, text: str) -> StepOutcome:
        """The learner's move; a wrong one is explained and changes nothing."""
        want = self.step.action
        if want is None:
            return StepOutcome(False, "no action is needed in this step: read on")
        try:
            action = Action.parse(text)
        except CardTableError as error:
            return StepOutcome(False, str(error))
        expected = Action.parse(want)
        if action.kind is ActionKind.COUNT and expected.kind is ActionKind.COUNT:
            return self._count(action.points or 0, expected.points or 0)
        if action != expected:
            return StepOutcome(False, f"in this lesson, do this: {want}")
        self.hand.apply(action, LEARNER)
        for scripted in self.step.teacher_after:
            self.hand.apply(Action.parse(scripted), TEACHER)
        self.index += 1
        return StepOutcome(True, "")

    def _count(self, stated: int, truth: int) -> StepOutcome:
        if stated != truth:
            score = show_score(self.hand.kept(LEARNER), parse_card(_STARTER))
            hint = f"fifteens {score.fifteen_points}, pairs {score.pair_points}"
            direction = "more" if stated < truth else "less"
            return StepOutcome(False, f"not quite: it is {direction} than {stated} ({hint}...)")
        self.index += 1
        return StepOutcome(True, "right: 10 points")
