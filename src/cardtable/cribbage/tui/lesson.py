"""The guided Cribbage lesson, full screen: the shared script of
:class:`cardtable.table.Lessons` (``start("cribbage")``); the line-by-line lesson is
:class:`cardtable.cribbage.tui.plain.PlainCribbageLesson`.

The lesson's hand is scripted; the coach explains a wrong move and nothing changes. Both
front ends only show the lesson's view and send the learner's moves. The lesson's hint
(``h``), the coach's box and ``q`` are :class:`cardtable.tui.lesson_base.LessonBase`'s.
"""

from __future__ import annotations

from typing import ClassVar, cast

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Button, Static

from cardtable.cards import Card
from cardtable.cribbage.tui.dialogs import CountScreen
from cardtable.cribbage.tui.plain import (
    cribbage_lesson,
    lesson_cards,
    lesson_events,
    lesson_show_lines,
)
from cardtable.cribbage.views import CountingView, LessonView
from cardtable.errors import CardTableError
from cardtable.tui.cards import card_back, face, step_card
from cardtable.tui.lesson_base import AnyLessonView, LessonBase, sentence
from cardtable.tui.widgets import (
    CardView,
    Group,
    HandView,
    Pile,
    action_button,
    colour_cards,
    hand_keys,
    markup_escape,
)

__all__ = ["CribbageLessonScreen"]

_OVER = "The lesson is over: q to finish (↑↓ scroll the show)."


class CribbageLessonScreen(LessonBase):
    """The cribbage lesson full screen: the coach's text, the starter and the count, your
    hand, and the step's controls."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *hand_keys(),
        Binding("space", "pick", "Pick"),
        Binding("enter", "enter", "Next/lay away/play/count", key_display="⏎"),
    ]

    view: LessonView

    def __init__(self, ascii_only: bool) -> None:
        super().__init__(ascii_only)
        self.view = cribbage_lesson(self.lessons.start("cribbage"))
        self.cursor: Card | None = None
        self.picked: list[Card] = []
        self.log_lines: list[str] = []

    def take(self, answer: AnyLessonView) -> None:
        self.view, self.picked = cribbage_lesson(answer), []

    def compose_piles(self) -> ComposeResult:
        yield Pile(id="starter")
        yield HandView(self.ascii_only, id="count")

    def compose_buttons(self) -> ComposeResult:
        yield action_button("next", "Next (⏎)", "primary")
        yield action_button("discard", "Lay away (⏎)", "primary")
        yield action_button("play", "Play (⏎)", "primary")
        yield action_button("count", "Count (⏎)", "primary")

    async def draw(self) -> None:
        view = self.view
        step = view.step
        self.query_one("#top", Static).update(
            markup_escape(f"Cribbage lesson · step {step.index + 1} of {step.total}: {step.title}")
        )
        text = step.text
        if step.finished:  # the show: the coach's box scrolls, "q" stays in the turn line
            text += "\n\n" + "\n".join(lesson_show_lines(view, self.ascii_only))
        self.show_coach("the coach", text, self.said)
        starter = self.query_one("#starter", Pile)
        starter.border_title = "starter"
        starter.update(
            card_back(self.ascii_only)
            if view.starter is None
            else colour_cards(face(view.starter, self.ascii_only))
        )
        lines = lesson_events(view, len(self.log_lines), self.ascii_only)
        self.log_lines += lines
        self.query_one("#log", Static).update(
            "\n".join(colour_cards(line) for line in self.log_lines[-3:])
        )
        count = self.query_one("#count", HandView)
        cards = tuple(p.card for p in view.count_cards)
        marks = {p.card: {"-theirs"} for p in view.count_cards if p.seat != view.seat}
        await count.show([Group(f"count {view.count}", cards, "count")], marks)
        await self.draw_hand()
        verb = (step.action or "").split(" ")[0]
        turn = {
            "discard": "Pick two cards (space or click), then lay them away (⏎).",
            "play": "Choose a card (←→ or click), then play it (⏎).",
            "count": "Count your hand: ⏎ opens the count.",
        }.get(verb, "Read, then go on (⏎)." if not step.finished else _OVER)
        self.query_one("#turn", Static).update(turn)
        for key in ("next", "discard", "play", "count"):
            button = self.query_one(f"#act-{key}", Button)
            button.display = (key == verb) or (key == "next" and verb == "" and not step.finished)

    async def draw_hand(self) -> None:
        view = self.view
        hand = list(view.hand)
        if self.cursor not in hand:
            self.cursor = hand[0] if hand else None
        self.picked = [c for c in self.picked if c in hand]
        marks: dict[Card, set[str]] = {c: set() for c in hand}
        if self.cursor in marks:
            marks[self.cursor].add("-selected")
        for card in self.picked:
            marks[card].add("-picked")
        groups = [Group("your hand", tuple(hand), "hand")]
        if view.laid_away:
            groups.append(Group("your crib", view.laid_away, "played"))
        await self.query_one("#hand", HandView).show(groups, marks)

    async def send(self, text: str) -> None:
        step = self.view.step
        try:
            if step.action is None:
                answer = cast(AnyLessonView, self.lessons.advance(self.view.lesson_id))
            else:
                answer = cast(AnyLessonView, self.lessons.act(self.view.lesson_id, text))
        except CardTableError as error:
            self.feedback(sentence(str(error)))
            return
        await self.answered(answer)

    async def action_move(self, step: int) -> None:
        card = step_card(self.view.hand, self.cursor, step)
        if card is not None:
            self.cursor = card
            await self.draw_hand()

    async def action_pick(self) -> None:
        if self.cursor is not None:
            await self.toggle(self.cursor)

    async def toggle(self, card: Card) -> None:
        if card in self.picked:
            self.picked.remove(card)
        else:
            self.picked = [*self.picked, card][-2:]
        await self.draw_hand()

    async def action_enter(self) -> None:
        step = self.view.step
        verb = (step.action or "").split(" ")[0]
        if step.finished:
            return
        if verb == "discard":
            if len(self.picked) != 2:
                self.feedback("Pick two cards first (space or click).")
                return
            await self.send(f"discard {self.picked[0]} {self.picked[1]}")
        elif verb == "play":
            if self.cursor is not None:
                await self.send(f"play {self.cursor}")
        elif verb == "count":
            self.ask_count()
        else:
            await self.send("")

    def ask_count(self) -> None:
        view = self.view
        if view.starter is None:
            return
        counting = CountingView(view.seat, "hand", lesson_cards(view), view.starter, None)

        async def counted(points: int | None) -> None:
            if points is not None:
                await self.send(f"count {points}")

        self.app.push_screen(CountScreen(counting, self.ascii_only), counted)

    async def on_card_view_chosen(self, message: CardView.Chosen) -> None:
        card = message.card
        if card is None or card not in self.view.hand:
            return
        self.cursor = card
        if (self.view.step.action or "").startswith("discard"):
            await self.toggle(card)
        else:
            await self.draw_hand()

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        await self.action_enter()
