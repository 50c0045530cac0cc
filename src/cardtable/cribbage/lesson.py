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

Each step has a hint in its own words. A play as good as the script's (the 5S for the 5H:
both make the fifteen) is accepted when the engine, playing the rest of the script with the
two cards standing in for each other, pegs the same now and to the end of the show; the
coach says why the lesson chose its own, and its later steps name the card still held.

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
from cardtable.cards.standins import exchange, swap_cards
from cardtable.cribbage.actions import Action, ActionKind
from cardtable.cribbage.hand import Hand, Observation
from cardtable.cribbage.rules import Rules
from cardtable.cribbage.score import show_score
from cardtable.errors import CardTableError
from cardtable.games.lessons import LessonRun, ScriptedStep, StepOutcome

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
class LessonStep(ScriptedStep):
    """One step of Cribbage's lesson (see :class:`~cardtable.games.lessons.ScriptedStep`). A
    ``count N`` action asks the learner to count their hand; it checks the number and does
    not touch the game (the show is scored by the rules either way)."""


LESSON_STEPS: Final = (
    LessonStep(
        "deal",
        "The deal",
        "Each player gets six cards. You are the dealer this hand, so the crib, four cards "
        "laid away face down, is yours: you will count it after the play. Your opponent has "
        "already laid away two cards.",
        hint="Nothing to play in this step: read about the deal and the crib, then go on (Next).",
    ),
    LessonStep(
        "lay-away",
        "Laying away",
        "Keep the four cards that score best together. 5H 5S JD KC make four fifteens "
        "(each five with each ten-card: 8 points) and a pair of fives (2). Lay away 2D and 6C "
        "to your crib: select them and lay them away.",
        action="discard 2D 6C",
        reply=("play TH",),
        hint="Lay away the 2D and the 6C: the 5H 5S JD KC you keep make four fifteens and a "
        "pair, 10 points before the starter, and the crib is yours.",
    ),
    LessonStep(
        "fifteen",
        "Peg a fifteen",
        "The starter is the 4C. Your opponent led the TH: the count is 10. A card that makes "
        "the count exactly 15 pegs 2. Play the 5H.",
        action="play 5H",
        reply=("play 5D",),
        hint="Play the 5H: the count is 10, and a five makes it 15, which pegs 2.",
        why="The lesson plays the 5H: either five makes the fifteen, so it simply picks one, "
        "and keeps the other for the pair royal.",
    ),
    LessonStep(
        "pair",
        "Peg a pair",
        "Your opponent paired your five with the 5D and pegged 2 (count 20). A card of the "
        "same rank as the one just played is a pair: 2. Three in a row are a pair royal: 6. "
        "Play the {5S}.",
        action="play 5S",
        reply=("play 9C",),
        hint="Play the {5S}: after your five and the 5D, a third five is a pair royal, 6 points.",
    ),
    LessonStep(
        "go",
        "Go",
        "The count was 25 and nobody could play without passing 31 (your tens would make 35), "
        "so the count ended by itself and you, who played the last card, pegged 1 for the go. "
        "(A player who cannot play while the other still can says go, and the other plays "
        "on.) The count starts again at 0: your opponent led the 9C. Play the KC.",
        action="play KC",
        reply=("play 8C",),
        hint="Play the KC: it makes 19 and pegs nothing, but after the 9C no card can join a "
        "nine and a king in a run.",
        why="The lesson plays the KC: after the 9C a jack would let a ten make a run "
        "(9-10-J) for 3, and nothing makes a run with a nine and a king.",
    ),
    LessonStep(
        "last-card",
        "The last card",
        "Your opponent made 27 with the 8C and had no cards left; your {JD} would make 37, so "
        "they pegged 1 for the go. The count is 0 again and only your {JD} is left: play "
        "it. The player of the very last card pegs 1.",
        action="play JD",
        hint="Play the {JD}: it is your last card, and the player of the last card pegs 1.",
    ),
    LessonStep(
        "count",
        "Count your hand",
        "The play is over: now each hand is counted with the starter, yours being 5H 5S JD "
        "KC and the 4C. Count fifteens (2 each), pairs (2 each), runs, a flush, and nobs (the "
        "jack of the starter's suit: 1). How many points?",
        action="count 10",
        hint="Count 10: four fifteens (5H+JD, 5H+KC, 5S+JD, 5S+KC) make 8 and the pair of "
        "fives 2. There is no run, no flush, and no nobs: your jack is a diamond, the starter "
        "a club.",
    ),
    LessonStep(
        "show",
        "The show",
        "Four fifteens (5H+JD, 5H+KC, 5S+JD, 5S+KC) make 8 and the pair of fives 2: 10. Your "
        "JD is no nobs, the starter being a club. Your opponent counted first (the non-dealer "
        "always does, and can win before the dealer counts): TH 5D 9C 8C with the 4C make 5. "
        "Then you, then your crib: 2D 6C AC 7S with the 4C make 2 (2+6+7 is 15). That is the "
        "whole game: pegging and counting, hand after hand, to 121.",
        hint="The lesson is over: nothing is left to do. Play a real match next.",
    ),
)


_COUNT_STEP: Final = next(i for i, step in enumerate(LESSON_STEPS) if step.key == "count")


class LessonSession(LessonRun[LessonStep, Action]):
    """One learner's run through the lesson on a real :class:`Hand`."""

    _no_action = "no action is needed in this step: read on"

    def __init__(self) -> None:
        super().__init__(LESSON_STEPS)
        self.hand = Hand(Rules(), dealer=LEARNER, deck=lesson_deck(), pegs=(0, 0))
        self.hand.apply(Action.parse("discard AC 7S"), TEACHER)

    def observation(self) -> Observation:
        return self.hand.observation(LEARNER)

    @property
    def show_visible(self) -> bool:
        """The show is laid out only once the learner has counted their own hand."""
        return self.index > _COUNT_STEP

    def select(self, cards: str) -> StepOutcome:
        """Nothing is shown by selecting cards in this lesson (gin's names its melds so)."""
        return StepOutcome(False, "in this lesson, lay away or play: nothing to select")

    def _parse(self, text: str) -> Action:
        return Action.parse(text)

    def _judge(self, action: Action, expected: Action) -> StepOutcome | None:
        """Counting the show: right or not, with a nudge (no count is as good as another)."""
        if action.kind is ActionKind.COUNT and expected.kind is ActionKind.COUNT:
            return self._count(action.points or 0, expected.points or 0)
        return None

    def _cards_swapped(self, action: Action, expected: Action) -> tuple[str, str]:
        return str(expected.cards[0]), str(action.cards[0])

    def _play(self, action: Action, step: LessonStep) -> None:
        _play_step(self.hand, action, step)

    def _as_good(self, action: Action, expected: Action, step: LessonStep) -> str | None:
        """Why the play ``action`` is as good as the step's, or ``None`` when it is not. The
        engine plays each on a copy of the hand, then the rest of the script (the two cards
        standing in for each other): both must peg the same now and to the end of the show."""
        if action.kind is not ActionKind.PLAY or expected.kind is not ActionKind.PLAY:
            return None
        card, wanted = str(action.cards[0]), str(expected.cards[0])
        mine = self._play_out(action, exchange(self.stand_ins, wanted, card))
        if mine is None or mine != self._play_out(expected, self.stand_ins):
            return None
        said = f"as good in this deal: the {card} pegs {mine[0]}, as the {wanted} does."
        moved = f"From here the lesson names the {wanted} where it said {card}."
        return " ".join(part for part in (said, step.why, moved) if part)

    def _play_out(self, action: Action, swaps: dict[str, str]) -> tuple[int, ...] | None:
        """What the learner pegs with ``action``, then both seats' pegs at the end of the
        script (the show included); ``None`` when the script cannot go on after it."""
        hand = self.hand.copy()
        before = hand.pegs[LEARNER]
        try:
            _play_step(hand, action, LESSON_STEPS[self.index])
            pegged = hand.pegs[LEARNER] - before
            for later in LESSON_STEPS[self.index + 1 :]:
                move = None if later.action is None else Action.parse(later.action)
                if move is not None and move.kind is not ActionKind.COUNT:
                    _play_step(hand, Action.parse(swap_cards(later.action or "", swaps)), later)
        except CardTableError:
            return None
        return (pegged, *hand.pegs)

    def _count(self, stated: int, truth: int) -> StepOutcome:
        if stated != truth:
            score = show_score(self.hand.kept(LEARNER), parse_card(_STARTER))
            hint = f"fifteens {score.fifteen_points}, pairs {score.pair_points}"
            direction = "more" if stated < truth else "less"
            return StepOutcome(False, f"not quite: it is {direction} than {stated} ({hint}...)")
        self.index += 1
        return StepOutcome(True, "right: 10 points")


def _play_step(hand: Hand, action: Action, step: LessonStep) -> None:
    """The learner's move, then the teacher's scripted answer to it."""
    hand.apply(action, LEARNER)
    for scripted in step.reply:
        hand.apply(Action.parse(scripted), TEACHER)
