"""A plain strategy for driving the terminal table in tests: knock or gin when allowed, take a
card only when it lowers the deadwood, otherwise draw; discard whatever leaves least deadwood.

It works out its moves with the engine's own solvers (a test may; the terminal may not), so
that it checks the table's views rather than trusting them. :class:`Driver` plays that
strategy through the full-screen app's keys and mouse (Textual's pilot)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from cardtable.cards import CardSet, CardsLike, parse_card, parse_cards
from cardtable.gin.melds import deadwood, discard_options
from cardtable.gin.tui.dialogs import KnockScreen
from cardtable.gin.tui.table_screen import TableScreen
from cardtable.gin.views import SeatView
from cardtable.tui.app import TableApp
from cardtable.tui.dialogs import InfoScreen


def best_discard(hand: CardsLike, taken: str | None = None) -> str:
    for card, _ in discard_options(hand):
        if taken is None or card != parse_card(taken):
            return str(card)
    raise AssertionError("no card to discard")


def helps(hand: CardsLike, card: str) -> bool:
    """True when taking ``card`` and throwing the best other card lowers the deadwood."""
    cards = parse_cards(hand)
    before = deadwood(cards.mask)
    after = min(left for c, left in discard_options(cards.add(card)) if str(c) != card)
    return after < before


def choose(view: SeatView) -> str:
    """The strategy's action for a seat's view (one of its legal actions)."""
    legal = view.legal_actions
    hand = CardSet(view.hand.hand)
    for verb in ("gin", "knock"):
        endings = [a for a in legal if a.startswith(verb + " ")]
        if endings:
            return min(endings, key=lambda a: deadwood(hand.remove(a.split()[1]).mask))
    top = view.hand.top_discard
    if "take" in legal and top is not None and helps(hand, str(top)):
        return "take"
    if "draw" in legal:
        return "draw"
    if "pass" in legal:
        return "pass"
    taken = view.hand.taken
    return "discard " + best_discard(hand, None if taken is None else str(taken))


def run(coro: Callable[[], Awaitable[None]]) -> None:
    asyncio.run(coro())  # type: ignore[arg-type]


async def settle(pilot: Pilot[Any]) -> None:
    """Let the move's worker thread and the redraw finish (the pilot has already waited for
    the key or click to be handled)."""
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def scroll_key(pilot: Pilot[Any], key: str) -> None:
    """Press a key that scrolls (home, end, pagedown) and wait for the scroll to end: they
    animate, and on a busy machine one pause can read the position half way."""
    await pilot.press(key)
    await pilot.pause()
    await pilot.wait_for_scheduled_animations()
    await pilot.pause()


class Driver:
    """Plays the human seat through the app's keys and mouse, alternating between them."""

    def __init__(self, pilot: Pilot[Any], app: TableApp, shots: Path, prefix: str) -> None:
        self.pilot = pilot
        self.app = app
        self.shots = shots
        self.prefix = prefix
        self.turns = 0
        self.saved: set[str] = set()

    def shot(self, name: str, once: bool = True) -> None:
        if not self.prefix or (once and name in self.saved):
            return
        self.saved.add(name)
        self.app.save_screenshot(f"{self.prefix}-{name}.svg", str(self.shots))

    async def press(self, *keys: str) -> None:
        await self.pilot.press(*keys)
        await settle(self.pilot)

    async def click(self, selector: str) -> None:
        assert await self.pilot.click(selector), selector
        await settle(self.pilot)

    async def turn(self) -> None:
        """One action of the human seat, or the dialog in the way."""
        screen = self.app.screen
        if isinstance(screen, InfoScreen):
            self.shot(str(screen.id))
            await self.press("enter" if screen.id != "final" else "q")
            return
        assert isinstance(screen, TableScreen)
        view = self.app.table.view
        action = choose(view)
        mouse = self.turns % 2 == 1
        self.turns += 1
        verb, _, card = action.partition(" ")
        if verb == "draw":
            await (self.click("#stock") if mouse else self.press("d"))
        elif verb == "take":
            await (self.click("#discard") if mouse else self.press("t"))
        elif verb == "pass":
            await (self.click("#act-pass") if mouse else self.press("p"))
        elif verb == "discard":
            await self.click(f"#card-{card}")
            assert str(screen.selected) == card
            self.shot("discard")
            await (self.click("#act-discard") if mouse else self.press("enter"))
        else:
            await self.click(f"#card-{card}")
            await self.press("k")
            assert isinstance(self.app.screen, KnockScreen)
            self.shot("knock")
            await self.press("enter")

    async def to_final(self, turns: int = 600) -> InfoScreen:
        """Play on until the final score sheet is up."""
        for _ in range(turns):
            screen = self.app.screen
            if isinstance(screen, InfoScreen) and screen.id == "final":
                return screen
            await self.turn()
        raise AssertionError(f"no final screen after {turns} turns")
