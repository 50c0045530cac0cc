"""A hint within a lesson, for any game: the step's own answer in the step's own words.

In a lesson the hint is the lesson's, not the expert's: the expert would advise on the hand
alone, and its advice may differ from the step the lesson teaches (it would take the upcard
while the lesson asks to name a meld, or play on where the lesson knocks). Every step has a
hint, so there is always something to say, and never a refusal:

- ``select``: name the meld by picking the cards of ``action`` (gin's first steps);
- ``act``: send the action ``action`` (``discard QD``, ``play 5H``, ``count 10``);
- ``next``: a step that only explains: read it and go on;
- ``finish``: the end of the lesson, where nothing is left to do.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from cardtable.cards import Card, parse_card
from cardtable.cards.standins import exchange, standing_in
from cardtable.errors import CardTableError, IllegalActionError, InvalidCardError
from cardtable.games.views import PlainView

__all__ = [
    "LessonHintView",
    "LessonRun",
    "LessonStep",
    "LessonStepView",
    "ScriptStep",
    "ScriptedLesson",
    "ScriptedStep",
    "StepOutcome",
    "lesson_hint",
]


class LessonStep(Protocol):
    """A step of a lesson's script, as the hint reads it: its key, the action it asks for
    (``None`` for a step that only explains), and why, in the step's own words."""

    @property
    def key(self) -> str: ...

    @property
    def action(self) -> str | None: ...

    @property
    def hint(self) -> str: ...


class HintedSession(Protocol):
    """A lesson in progress, as the hint reads it."""

    @property
    def step(self) -> LessonStep: ...

    @property
    def finished(self) -> bool: ...


@dataclass(frozen=True, slots=True)
class LessonHintView(PlainView):
    """What the step asks for (``kind`` and ``action``), the cards it names and why."""

    step: str
    kind: str
    action: str
    cards: tuple[Card, ...]
    text: str


def lesson_hint(session: HintedSession) -> LessonHintView:
    """The hint for the step the learner is at (the cards standing in as they stand); a
    step that names a meld by its cards has a ``select`` (gin's first steps)."""
    step = session.step
    select: str | None = getattr(step, "select", None)
    if session.finished:
        kind, action = "finish", ""
    elif select is not None:
        kind, action = "select", select
    elif step.action is not None:
        kind, action = "act", step.action
    else:
        kind, action = "next", ""
    return LessonHintView(step.key, kind, action, _named_cards(action), step.hint)


def _named_cards(text: str) -> tuple[Card, ...]:
    """The cards an answer names (``discard 2D 6C``: 2D and 6C; ``count 10``: none)."""
    cards = []
    for word in text.split():
        try:
            cards.append(parse_card(word))
        except InvalidCardError:
            continue
    return tuple(cards)


class _Session(HintedSession, Protocol):
    def select(self, cards: str) -> Any: ...

    def act(self, text: str) -> Any: ...

    def advance(self) -> Any: ...


@dataclass(frozen=True, slots=True)
class ScriptedLesson:
    """A game's lesson (:class:`cardtable.games.Lesson`) from a session that answers
    ``select``, ``act`` and ``advance``, and the function that builds its view."""

    new_session: Callable[[], _Session]
    make_view: Callable[[str, Any, Any], Any]

    def start(self) -> _Session:
        return self.new_session()

    def answer(self, session: _Session, kind: str, text: str) -> Any:
        if kind == "select":
            return session.select(text)
        if kind == "act":
            return session.act(text)
        if kind == "advance":
            return session.advance()
        raise IllegalActionError(f"a lesson's answer is select, act or advance, not {kind!r}")

    def view(self, lesson_id: str, session: _Session, outcome: Any) -> Any:
        return self.make_view(lesson_id, session, outcome)

    def hint(self, session: _Session) -> LessonHintView:
        return lesson_hint(session)


@dataclass(frozen=True, slots=True)
class StepOutcome:
    """What the lesson says to a learner's move: taken (``ok``) or not, and why."""

    ok: bool
    message: str


class ScriptStep(Protocol):
    """A step of a script as :class:`LessonRun` walks it."""

    @property
    def is_info(self) -> bool: ...

    @property
    def action(self) -> str | None: ...

    def standing_in(self, swaps: dict[str, str]) -> Self: ...


@dataclass(frozen=True, slots=True)
class ScriptedStep:
    """One step of a lesson's script, for any game: what to read, the action it asks for
    (``None``: read and go on), the opponent's scripted ``reply`` to it (its actions, in
    order), the hint's words for it and, where an equally good move may be made, why the
    lesson chose its own. A card named by the part it plays is written ``{KS}`` in the words
    (see :mod:`cardtable.cards.standins`). A game adds what its steps ask besides."""

    key: str
    title: str
    text: str
    action: str | None = None
    reply: tuple[str, ...] = ()
    hint: str = ""
    why: str = ""

    # The fields that name the script's cards (swapped when one stands in for another).
    card_fields: ClassVar[tuple[str, ...]] = ("action",)

    @property
    def is_info(self) -> bool:
        return self.action is None

    def standing_in(self, swaps: dict[str, str]) -> Self:
        """The step with the cards that stand in for the script's (its words filled in)."""
        return standing_in(self, swaps, ("text", "hint", "why"), self.card_fields)


StepT = TypeVar("StepT", bound=ScriptStep)
ActT = TypeVar("ActT")


class LessonRun(Generic[StepT, ActT]):
    """A learner's way through a lesson's script: the step reached, with the cards that
    stand in for the script's since an equally good move (see :mod:`cardtable.cards.standins`).
    The game's session adds its hand and what its actions mean (the methods below that
    raise :class:`NotImplementedError`)."""

    _no_action = "no action is needed in this step"

    def __init__(self, steps: Sequence[StepT]) -> None:
        self._steps = steps
        self.index = 0
        # The script's cards standing in for each other since an equally good move.
        self.stand_ins: dict[str, str] = {}

    @property
    def step(self) -> StepT:
        return self._steps[self.index].standing_in(self.stand_ins)

    @property
    def finished(self) -> bool:
        return self.index == len(self._steps) - 1

    def advance(self) -> StepOutcome:
        """Move past a step that only explains."""
        if not self.step.is_info:
            return StepOutcome(False, "this step asks you to do something first")
        if self.finished:
            return StepOutcome(True, "the lesson is complete")
        self.index += 1
        return StepOutcome(True, "")

    def act(self, text: str) -> StepOutcome:
        """The learner's move; a wrong one is explained and changes nothing. One as good as
        the step's is played, the cards standing in for each other from then on, and the
        coach says why the lesson chose its own."""
        step = self.step
        want = step.action
        if want is None:
            return StepOutcome(False, self._no_action)
        try:
            action = self._parse(text)
        except CardTableError as error:
            return StepOutcome(False, str(error))
        expected = self._parse(want)
        judged = self._judge(action, expected)
        if judged is not None:
            return judged
        message = ""
        if action != expected:
            alike = self._as_good(action, expected, step)
            if alike is None:
                return StepOutcome(False, f"in this lesson, do this: {want}")
            message = alike
            self.stand_ins = exchange(self.stand_ins, *self._cards_swapped(action, expected))
        self._play(action, step)
        self.index += 1
        return StepOutcome(True, message)

    def _parse(self, text: str) -> ActT:
        """The game's action from its text (raising a :class:`CardTableError`)."""
        raise NotImplementedError

    def _judge(self, action: ActT, expected: ActT) -> StepOutcome | None:
        """The outcome of a move the game judges on its own terms (``None``: compare it with
        the step's action, the default)."""
        return None

    def _as_good(self, action: ActT, expected: ActT, step: StepT) -> str | None:
        """Why ``action`` is as good as the step's, or ``None`` when it is not."""
        raise NotImplementedError

    def _cards_swapped(self, action: ActT, expected: ActT) -> tuple[str, str]:
        """The step's card and the one played in its place by an equally good ``action``."""
        raise NotImplementedError

    def _play(self, action: ActT, step: StepT) -> None:
        """Play the learner's ``action`` on the lesson's hand, then the script's answer."""
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class LessonStepView:
    """A lesson's step as the learner's screen shows it, for any game: where it stands in
    the script, its words, what it asks for and what the coach said of the last try.
    ``select`` is the cards to pick, for a game whose steps may ask for that (gin's melds:
    ``selects``); only such a game's JSON names it."""

    index: int
    total: int
    key: str
    title: str
    text: str
    select: str | None
    action: str | None
    is_info: bool
    finished: bool
    message: str
    selects: bool

    @classmethod
    def of(cls, run: LessonRun[Any, Any], outcome: StepOutcome | None) -> LessonStepView:
        """The step ``run`` is at, and what the coach said to the learner's last try."""
        step = run.step
        selects = hasattr(step, "select")  # the steps of a game that asks to pick cards
        return cls(
            index=run.index,
            total=len(run._steps),
            key=step.key,
            title=step.title,
            text=step.text,
            select=step.select if selects else None,
            action=step.action,
            is_info=step.is_info,
            finished=run.finished,
            message="" if outcome is None else outcome.message,
            selects=selects,
        )

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "index": self.index,
            "total": self.total,
            "key": self.key,
            "title": self.title,
            "text": self.text,
        }
        if self.selects:
            data["select"] = self.select
        data.update(
            action=self.action,
            is_info=self.is_info,
            finished=self.finished,
            message=self.message,
        )
        return data
