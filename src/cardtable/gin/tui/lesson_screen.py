"""The guided lesson, full screen: the shared script of :class:`cardtable.table.Lessons`,
step by step, with the same piles and hand as the match screen; the lesson's hint (``h``),
the coach's box and ``q`` are :class:`cardtable.tui.lesson_base.LessonBase`'s."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Button, Static

from cardtable.cards import Card
from cardtable.gin.tui import render
from cardtable.gin.tui.table_paint import LOG_LINES
from cardtable.gin.views import LessonView
from cardtable.tui.cards import step_card
from cardtable.tui.lesson_base import AnyLessonView, LessonBase
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

__all__ = ["LessonScreen"]


class LessonScreen(LessonBase):
    """The lesson: the coach's text, the piles, your hand, and the step's controls."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *hand_keys(),
        Binding("space", "pick", "Pick", key_display="space"),
        Binding("enter", "enter", "Check/next/discard", key_display="⏎"),
        Binding("d", "act('draw')", "Draw", show=False),
        Binding("t", "act('take')", "Take", show=False),
        Binding("p", "act('pass')", "Pass", show=False),
        Binding("x", "discard", "Discard", show=False),
        Binding("k", "knock", "Knock", show=False),
    ]

    def __init__(self, ascii_only: bool) -> None:
        super().__init__(ascii_only)
        self.view: LessonView = render.gin_lesson(self.lessons.start())
        self.cursor: Card | None = None
        self.picked: set[Card] = set()
        self._events_seen = 0

    def take(self, answer: AnyLessonView) -> None:
        self.view, self.picked = render.gin_lesson(answer), set()

    def compose_piles(self) -> ComposeResult:
        yield Pile(id="stock")
        yield Pile(id="discard")

    def compose_buttons(self) -> ComposeResult:
        yield action_button("check", "Check (⏎)", "primary")
        yield action_button("next", "Next (⏎)", "primary")
        yield action_button("take", "Take (t)", "primary")
        yield action_button("pass", "Pass (p)")
        yield action_button("draw", "Draw (d)", "primary")
        yield action_button("discard", "Discard (⏎)", "primary")
        yield action_button("knock", "Knock (k)", "primary")

    # -- drawing -------------------------------------------------------------------------

    async def draw(self) -> None:
        self.draw_text()
        self.draw_log()
        self.draw_piles()
        await self.draw_hand()
        self.draw_controls()

    def draw_text(self) -> None:
        step = self.view.step
        self.query_one("#top", Static).update(markup_escape(render.lesson_heading(step)))
        self.show_coach(step.title, render.lesson_text(self.view, self.ascii_only), self.said)

    def draw_log(self) -> None:
        """The events since the last step (the log keeps its lines when there are none)."""
        hand = self.view.hand
        events = hand.events[self._events_seen :]
        self._events_seen = len(hand.events)
        if events:
            lines = [
                colour_cards(
                    render.describe_event(e, hand.seat, render.LESSON_NAMES, self.ascii_only)
                )
                for e in events
            ]
            self.query_one("#log", Static).update("\n".join(lines[-LOG_LINES:]))

    def draw_piles(self) -> None:
        hand = self.view.hand
        stock = self.query_one("#stock", Pile)
        stock.update(str(hand.stock_count))
        stock.border_title = "stock"
        pile = self.query_one("#discard", Pile)
        top = hand.top_discard
        pile.update("empty" if top is None else colour_cards(render.face(top, self.ascii_only)))
        pile.border_title = "discard"

    async def draw_hand(self) -> None:
        cards = self.view.hand.hand
        if self.cursor not in cards:
            self.cursor = cards[-1] if cards else None
        step = self.view.step
        deadwood = self.view.play.arrangement.deadwood
        title = "your hand" if step.key in ("sets", "runs") else f"deadwood {deadwood}"
        marks: dict[Card, set[str]] = {c: set() for c in cards}
        if self.cursor in marks:
            marks[self.cursor].add("-selected")
        for card in self.picked & set(cards):
            marks[card].add("-picked")
        await self.query_one(HandView).show([Group(title, cards)], marks)

    def draw_controls(self) -> None:
        step = self.view.step
        self.query_one("#turn", Static).update(render.lesson_turn(step))
        acting = step.action is not None
        shown = {
            "check": step.select is not None,
            "next": step.is_info and not step.finished,
            "take": acting,
            "pass": acting,
            "draw": acting,
            "discard": acting,
            "knock": acting,
        }
        for key, visible in shown.items():
            self.query_one(f"#act-{key}", Button).display = visible

    # -- keys ----------------------------------------------------------------------------

    async def action_move(self, step: int) -> None:
        card = step_card(self.query_one(HandView).order, self.cursor, step)
        if card is not None:
            self.cursor = card
            self.query_one(HandView).mark("-selected", {card})

    def action_pick(self) -> None:
        if self.cursor is None or self.view.step.select is None:
            return
        self.picked ^= {self.cursor}
        self.query_one(HandView).mark("-picked", self.picked)

    async def action_enter(self) -> None:
        step = self.view.step
        if step.select is not None:
            await self.check()
        elif step.action is not None:
            await self.action_discard()
        elif not step.finished:
            await self.answered(self.lessons.advance(self.view.lesson_id))

    async def check(self) -> None:
        cards = " ".join(sorted(str(card) for card in self.picked))
        await self.answered(self.lessons.select(self.view.lesson_id, cards))

    async def action_act(self, text: str) -> None:
        if self.view.step.action is None:
            self.feedback("No move is needed in this step: h shows what to do.")
            return
        await self.answered(self.lessons.act(self.view.lesson_id, text))

    async def action_discard(self) -> None:
        if self.cursor is not None:
            await self.action_act(f"discard {self.cursor}")

    async def action_knock(self) -> None:
        if self.cursor is not None:
            await self.action_act(f"knock {self.cursor}")

    # -- the mouse -----------------------------------------------------------------------

    async def on_card_view_chosen(self, message: CardView.Chosen) -> None:
        if message.card is None:
            return
        self.cursor = message.card
        self.query_one(HandView).mark("-selected", {message.card})
        if self.view.step.select is not None:
            self.action_pick()

    async def on_pile_clicked(self, message: Pile.Clicked) -> None:
        await self.action_act("draw" if message.pile.id == "stock" else "take")

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        key = str(event.button.id).removeprefix("act-")
        if key in ("check", "next"):
            await self.action_enter()
        elif key == "discard":
            await self.action_discard()
        elif key == "knock":
            await self.action_knock()
        else:
            await self.action_act(key)
