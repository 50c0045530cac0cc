"""Your hand, your way (issue 12, point 2), in a real browser on a desktop and a phone: sort
by rank or by suit or keep the server's meld grouping, drag a card (mouse, and touch on the
phone) or move the focused one with Shift+←/→; the choice survives a reload, and the
deadwood and the best discard shown are the server's whatever the order. Screenshots go to
the artifacts folder (``tests/paths.py``) and, when ``CARDTABLE_SHOTS`` names a folder,
there too."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardtable.store import Store
from cardtable.table import TableService
from cardtable.web.app import create_app
from cardtable.web.limits import WebLimits

from .test_browser import DESKTOP, PHONE, Table
from .webhelpers import LiveServer

VIEWPORTS = {"desktop": DESKTOP, "phone": PHONE}
RANKS = "A23456789TJQK"
SUITS = "SHDC"

# The API as the page calls it: call(method, path, token, body) answers the JSON or throws.
API_CALL = """const call = async (method, path, token, body) => {
    const headers = { "Content-Type": "application/json" };
    if (token) headers.Authorization = `Bearer ${token}`;
    const sent = body ? JSON.stringify(body) : undefined;
    const response = await fetch(path, { method, headers, body: sent });
    const data = await response.json();
    if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(data)}`);
    return data;
  };
  const friendMatch = () => call("POST", "/api/matches", null,
    { opponent: "friend", level: "simple", name: "Ann" });
  const bothViews = (id, tokens, query = "") =>
    Promise.all(tokens.map((t) => call("GET", `/api/matches/${id}${query}`, t)));"""

# The seat's own view (with the learning aids), fetched by the page with the token in its
# address.
SEAT_VIEW = """async () => {
  const [, , id, token] = location.hash.split("/");
  const headers = { Authorization: `Bearer ${token}` };
  const response = await fetch(`/api/matches/${id}?aids=1`, { headers });
  return response.json();
}"""


class SeatTable(Table):
    """A page at the table in a browser context of its own options (motion, touch)."""

    def __init__(self, browser: Any, server: LiveServer, viewport: dict[str, int], **options: Any):
        self.server = server
        options.setdefault("reduced_motion", "reduce")
        self.context = browser.new_context(viewport=viewport, **options)
        self.page = self.context.new_page()
        self.problems: list[str] = []
        self.outside: list[str] = []
        self.page.on("pageerror", lambda error: self.problems.append(str(error)))
        self.page.on(
            "console",
            lambda message: self.problems.append(message.text) if message.type == "error" else None,
        )
        self.context.on("request", self._request)
        self.page.set_default_timeout(15000)

    def view(self) -> dict[str, Any]:
        data: dict[str, Any] = self.page.evaluate(SEAT_VIEW)
        return data

    def wait_my_turn(self, phase: str | None = None, limit: float = 30.0) -> None:
        """Until it is this seat's turn (in `phase`), passing showdowns on the way."""
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            if self.visible("dialog[open] #next-hand"):
                self.page.click("#next-hand")
            elif (
                self.my_turn()
                and not self.visible("#app.pacing")
                and (phase is None or self.view()["observation"]["phase"] == phase)
            ):
                return
            time.sleep(0.05)
        raise AssertionError(f"no turn of this seat (phase {phase}) came")


def shot(table: Table, name: str) -> None:
    table.shot(name)
    extra = os.environ.get("CARDTABLE_SHOTS")
    if extra:
        Path(extra).mkdir(parents=True, exist_ok=True)
        table.page.screenshot(path=str(Path(extra) / f"{name}.png"))


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    folder = tmp_path_factory.mktemp("arrange")
    store = Store(f"sqlite:///{folder / 'arrange.db'}")
    app = create_app(TableService(store, computers="worker"), limits=WebLimits.unlimited())
    with LiveServer(app) as live:
        yield live
    store.close()


def by_rank(cards: list[str]) -> list[str]:
    return sorted(cards, key=lambda c: (RANKS.index(c[0]), SUITS.index(c[1])))


def by_suit(cards: list[str]) -> list[str]:
    return sorted(cards, key=lambda c: (SUITS.index(c[1]), RANKS.index(c[0])))


def drag(table: SeatTable, card: str, onto: str, touch: bool) -> None:
    """Drag `card` onto the right-hand part of what shows of `onto` (the next card covers
    the rest): by mouse, or by touch (the browser's own touch events, turned into pointer
    events as on a phone)."""
    page = table.page
    start = page.locator(f'#hand .card[data-card="{card}"]').bounding_box()
    end = page.locator(f'#hand .card[data-card="{onto}"]').bounding_box()
    assert start and end
    cards = table.hand("#hand .card")
    after = cards.index(onto) + 1
    right = end["x"] + end["width"]
    if after < len(cards):
        box = page.locator(f'#hand .card[data-card="{cards[after]}"]').bounding_box()
        assert box
        right = min(right, box["x"])
    x0, y0 = start["x"] + 8, start["y"] + start["height"] / 2
    x1, y1 = right - 4, end["y"] + end["height"] / 2
    steps = 8
    if touch:
        cdp = table.context.new_cdp_session(page)

        def touch_event(kind: str, x: float, y: float) -> None:
            points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
            cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

        touch_event("touchStart", x0, y0)
        for i in range(1, steps + 1):
            touch_event("touchMove", x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps)
        touch_event("touchEnd", x1, y1)
    else:
        page.mouse.move(x0, y0)
        page.mouse.down()
        for i in range(1, steps + 1):
            page.mouse.move(x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps)
        page.mouse.up()


def pressed(table: SeatTable) -> list[str]:
    found: list[str] = table.page.eval_on_selector_all(
        ".hand-order .order-btn[aria-pressed=true]", "nodes => nodes.map(n => n.id)"
    )
    return found


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_sort_drag_and_move_the_hand_and_the_order_is_remembered(
    browser: Any, server: LiveServer, device: str
) -> None:
    phone = device == "phone"
    table = SeatTable(browser, server, VIEWPORTS[device], has_touch=phone, is_mobile=phone)
    page = table.page
    table.start_match(level="simple", target=200)
    table.wait_my_turn()
    # By default the server's meld grouping, as before.
    assert pressed(table) == ["order-melds"]
    deadwood = page.inner_text("#deadwood-value")
    shot(table, f"arrange-01-melds-{device}")

    page.click("#order-rank")
    hand = table.hand("#hand .card")
    assert hand == by_rank(hand) and pressed(table) == ["order-rank"]
    assert page.inner_text("#deadwood-value") == deadwood
    page.reload()
    page.wait_for_selector("#hand .card")
    assert table.hand("#hand .card") == by_rank(hand) and pressed(table) == ["order-rank"]
    shot(table, f"arrange-02-rank-{device}")

    page.click("#order-suit")
    hand = table.hand("#hand .card")
    assert hand == by_suit(hand) and pressed(table) == ["order-suit"]
    assert page.inner_text("#deadwood-value") == deadwood

    # Drag the first card past the third: it lands after it, the order is the player's own.
    first, _, third = hand[:3]
    drag(table, first, third, touch=phone)
    moved = table.hand("#hand .card")
    assert moved == [hand[1], hand[2], first, *hand[3:]], (hand, moved)
    assert pressed(table) == [] and page.text_content(".group.ordered .group-label") == "your order"
    assert page.locator("#hand .card.selected").count() == 0  # a drag is no pick
    assert page.inner_text("#deadwood-value") == deadwood
    shot(table, f"arrange-03-dragged-{device}")

    # Shift+→ moves the focused card one place right; focus stays on it.
    page.focus(f'#hand .card[data-card="{moved[0]}"]')
    page.keyboard.press("Shift+ArrowRight")
    after = table.hand("#hand .card")
    assert after == [moved[1], moved[0], *moved[2:]]
    assert page.evaluate("document.activeElement.dataset.card") == moved[0]
    page.keyboard.press("Shift+ArrowLeft")
    assert table.hand("#hand .card") == moved

    page.reload()
    page.wait_for_selector("#hand .card")
    assert table.hand("#hand .card") == moved  # the own order survives a reload
    table.close()


def test_the_deadwood_and_best_discard_stay_the_servers_in_any_order(
    browser: Any, server: LiveServer
) -> None:
    table = SeatTable(browser, server, DESKTOP)
    page = table.page
    table.start_match(level="simple", target=200)
    page.click("#order-rank")
    for _ in range(3):
        table.wait_my_turn()
        if table.visible("#pass:enabled"):
            page.click("#pass")
            table.idle()
            continue
        if table.visible("#stock.live"):
            page.click("#stock")
            table.idle()
        break
    table.wait_my_turn(phase="discard")
    view = table.view()
    best = min(view["discard_deadwood"].values())
    # Reversed by drags and keys the order is the player's; the numbers stay the server's.
    hand = table.hand("#hand .card")
    page.focus(f'#hand .card[data-card="{hand[0]}"]')
    for _ in range(len(hand) - 1):
        page.keyboard.press("Shift+ArrowRight")
    assert table.hand("#hand .card") == [*hand[1:], hand[0]]
    assert page.inner_text("#deadwood-value") == str(view["arrangement"]["deadwood"])
    assert page.inner_text(".dw-after") == f"best discard → {best}"
    shot(table, "arrange-04-discard-desktop")
    table.close()
