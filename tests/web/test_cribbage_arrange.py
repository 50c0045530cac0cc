"""Your Cribbage hand, your way (issue 12: "Cribbage gets the same features"), in a real
browser on a desktop and a phone: by rank or by suit, a card dragged (mouse, and
touch on the phone) or moved with Shift+←/→; the choice survives a reload and is gin's no
more than gin's is Cribbage's; whatever the order, the cards the server lets you play, the
hint's cards and the two laid away are the server's, and a drag never plays a card.
Screenshots go to the artifacts folder and ``CARDTABLE_SHOTS``."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from cardtable.store import Store
from cardtable.table import SeatSpec, TableService
from cardtable.web.app import create_app
from cardtable.web.limits import WebLimits

from .test_arrange_hand import (
    SEAT_VIEW,
    VIEWPORTS,
    SeatTable,
    by_rank,
    by_suit,
    drag,
    pressed,
    shot,
)
from .test_browser import DESKTOP, VALUE
from .webhelpers import LiveServer

# What the cribbage page shows of the hand, read in one round trip.
HAND_STATE = """() => {
    const cards = (selector) => [...document.querySelectorAll(selector)].map((n) => n.dataset.card);
    const layout = document.querySelector(".table-layout.cribbage");
    return {
        show: document.querySelector("dialog[open] #next-hand") !== null,
        phase: layout ? layout.dataset.phase : null,
        myTurn: document.querySelector(".table-layout.cribbage.my-turn") !== null,
        pacing: document.querySelector("#app.pacing") !== null,
        hand: cards("#hand .card"),
        playable: cards("#hand .card.playable"),
        tooHigh: cards("#hand .card.too-high"),
        picked: cards("#hand .card.selected"),
        suggested: cards("#hand .card.suggested"),
    };
}"""


@pytest.fixture(scope="module")
def crib_service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TableService]:
    store = Store(f"sqlite:///{tmp_path_factory.mktemp('crib-arrange') / 'crib.db'}")
    yield TableService(store, computers="worker")
    store.close()


@pytest.fixture(scope="module")
def crib_server(crib_service: TableService) -> Iterator[LiveServer]:
    with LiveServer(create_app(crib_service, limits=WebLimits.unlimited())) as live:
        yield live


def seeded(service: TableService, seed: str) -> tuple[str, str]:
    """A short match against the simple computer with a fixed deal."""
    created = service.create_match(
        (SeatSpec("human", "Ann"), SeatSpec("computer", level="simple")),
        rules=service.make_rules("cribbage", "short", {}),
        seed=seed,
        game="cribbage",
    )
    token = created.tokens[0]
    assert token is not None
    return created.match_id, token


def init_prefs(**prefs: Any) -> str:
    """A script setting the page's preferences (store.js) before it loads, unless the page
    changed them since (so that what the page chooses survives a reload)."""
    lines = [
        f"if (localStorage.getItem('ginrummy:{key}') === null) "
        f"localStorage.setItem('ginrummy:{key}', {json.dumps(json.dumps(value))});"
        for key, value in prefs.items()
    ]
    return "\n".join(lines)


class CribSeat(SeatTable):
    """A page at a Cribbage seat, in a browser context of its own options (motion, touch)
    and preferences."""

    def __init__(
        self,
        browser: Any,
        server: LiveServer,
        viewport: dict[str, int],
        prefs: dict[str, Any] | None = None,
        **options: Any,
    ) -> None:
        super().__init__(browser, server, viewport, **options)
        # Instant unless asked: these tests need not wait for the computer.
        self.page.add_init_script(init_prefs(**({"pace": "instant"} if prefs is None else prefs)))

    @classmethod
    def on(cls, device: str, browser: Any, server: LiveServer, **options: Any) -> CribSeat:
        """A seat on a ``device`` ("desktop", or "phone": touch, a mobile viewport)."""
        phone = device == "phone"
        return cls(browser, server, VIEWPORTS[device], has_touch=phone, is_mobile=phone, **options)

    def open_seat(self, match_id: str, token: str) -> None:
        self.open(f"/match/{match_id}?token={token}")
        self.page.wait_for_selector(".table-layout.cribbage #hand .card")
        self.idle()

    def crib(self) -> dict[str, Any]:
        state: dict[str, Any] = self.page.evaluate(HAND_STATE)
        return state

    def click_card(self, card: str) -> None:
        self.page.click(f'#hand .card[data-card="{card}"]', position={"x": 10, "y": 30})

    def wait_turn(self, limit_ms: int = 15000) -> dict[str, Any]:
        """Until it is this seat's turn (showing no show, pacing nothing), passing the show of
        a hand on the way; the page's state then."""
        page = self.page
        for _ in range(3):
            page.wait_for_function(
                """() => document.querySelector("dialog[open] #next-hand")
                  || (document.querySelector(".table-layout.cribbage.my-turn")
                      && !document.querySelector("#app.pacing, #app.busy"))""",
                timeout=limit_ms,
            )
            if self.visible("dialog[open] #next-hand"):
                page.click("#next-hand")
                continue
            return self.crib()
        raise AssertionError("no turn of this seat came")

    def legal_plays(self) -> set[str]:
        view: dict[str, Any] = self.page.evaluate(SEAT_VIEW)
        return {a.split()[1] for a in view["legal_actions"] if a.startswith("play ")}


def highest(cards: list[str]) -> str:
    return max(cards, key=lambda c: VALUE[c[0]])


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_sort_drag_and_move_the_cribbage_hand_and_the_order_is_remembered(
    browser: Any, crib_server: LiveServer, crib_service: TableService, device: str
) -> None:
    phone = device == "phone"
    match_id, token = seeded(crib_service, "arrange-1")
    table = CribSeat.on(
        device,
        browser,
        crib_server,
        reduced_motion="reduce",
    )
    page = table.page
    table.open_seat(match_id, token)
    dealt = crib_service.view(match_id, token).to_json()["hand"]
    # By rank by default; by suit on a click, remembered, and by rank again.
    assert pressed(table) == ["order-rank"]
    assert table.hand("#hand .card") == by_rank(dealt)
    shot(table, f"crib-arrange-01-default-{device}")
    page.click("#order-suit")
    assert table.hand("#hand .card") == by_suit(dealt) and pressed(table) == ["order-suit"]
    page.reload()
    page.wait_for_selector("#hand .card")
    assert table.hand("#hand .card") == by_suit(dealt) and pressed(table) == ["order-suit"]

    page.click("#order-rank")
    assert table.hand("#hand .card") == by_rank(dealt) and pressed(table) == ["order-rank"]
    page.reload()
    page.wait_for_selector("#hand .card")
    assert table.hand("#hand .card") == by_rank(dealt) and pressed(table) == ["order-rank"]
    # Gin keeps its own choice: the Cribbage one is apart.
    assert page.evaluate("localStorage.getItem('ginrummy:hand-order')") is None
    shot(table, f"crib-arrange-02-rank-{device}")

    page.click("#order-suit")
    hand = table.hand("#hand .card")
    assert hand == by_suit(dealt) and pressed(table) == ["order-suit"]

    # Drag the first card past the third: it lands after it, the order is the player's own.
    first, _, third = hand[:3]
    drag(table, first, third, touch=phone)
    moved = table.hand("#hand .card")
    assert moved == [hand[1], hand[2], first, *hand[3:]], (hand, moved)
    assert pressed(table) == []
    assert table.crib()["picked"] == []  # a drag is no pick
    shot(table, f"crib-arrange-03-dragged-{device}")

    # Shift+→ moves the focused card one place right; focus stays on it; Shift+← back.
    page.focus(f'#hand .card[data-card="{moved[0]}"]')
    page.keyboard.press("Shift+ArrowRight")
    assert table.hand("#hand .card") == [moved[1], moved[0], *moved[2:]]
    assert page.evaluate("document.activeElement.dataset.card") == moved[0]
    page.keyboard.press("Shift+ArrowLeft")
    assert table.hand("#hand .card") == moved
    assert table.crib()["picked"] == []

    page.reload()
    page.wait_for_selector("#hand .card")
    assert table.hand("#hand .card") == moved  # the own order survives a reload
    # A tap still picks; the number keys pick by the place on the screen.
    table.click_card(moved[0])
    page.keyboard.press("2")
    assert table.crib()["picked"] == [moved[0], moved[1]]
    assert page.inner_text("#lay-away").startswith("Lay away")
    table.close()


def test_what_the_server_allows_stays_the_same_in_any_order(
    browser: Any, crib_server: LiveServer, crib_service: TableService
) -> None:
    match_id, token = seeded(crib_service, "arrange-2")
    table = CribSeat(browser, crib_server, DESKTOP, reduced_motion="reduce")
    page = table.page
    table.open_seat(match_id, token)
    table.wait_turn()
    # The hint's two cards to lay away stay marked, whatever the order.
    page.click("#hint-button")
    page.wait_for_selector("#hand .card.suggested")
    hint: dict[str, Any] = page.evaluate(
        """async () => {
          const [, , id, token] = location.hash.split("/");
          const r = await fetch(`/api/matches/${id}/hint`,
            { method: "POST", headers: { Authorization: `Bearer ${token}` } });
          return r.json();
        }"""
    )
    advised = set(hint["action"].split()[1:])
    for order in ("suit", "rank"):
        page.click(f"#order-{order}")
        assert set(table.crib()["suggested"]) == advised, order
    # Picked in rank order, laid away: the server holds the two picked.
    page.click("#order-rank")
    picks = table.hand("#hand .card")[-2:]
    for card in picks:
        table.click_card(card)
    assert set(table.crib()["picked"]) == set(picks)
    page.click("#lay-away")
    table.idle()
    assert set(crib_service.view(match_id, token).to_json()["laid_away"]) == set(picks)

    # The play: the cards marked playable (and too high) are the server's in every order.
    checked = 0
    for _ in range(6):
        state = table.wait_turn()
        if state["phase"] != "play" or not state["playable"]:
            if page.locator("#go:enabled").count():
                page.click("#go")
                table.idle()
                continue
            break
        legal = table.legal_plays()
        for order in ("suit", "rank"):
            page.click(f"#order-{order}")
            state = table.crib()
            assert set(state["playable"]) == legal, (order, state, legal)
            assert set(state["tooHigh"]) == set(state["hand"]) - legal
            checked += 1
        # Reversed by keys: the order is the player's, the playable cards the server's.
        hand = state["hand"]
        count = crib_service.view(match_id, token).action_count
        page.focus(f'#hand .card[data-card="{hand[0]}"]')
        for _ in range(len(hand) - 1):
            page.keyboard.press("Shift+ArrowRight")
        state = table.crib()
        assert state["hand"] == [*hand[1:], hand[0]]
        assert set(state["playable"]) == legal
        # A drag of a card (playable or not) moves it and plays nothing.
        if len(hand) >= 2:
            shown = state["hand"]
            drag(table, shown[0], shown[1], touch=False)
            table.idle()
            assert table.crib()["hand"] == [shown[1], shown[0], *shown[2:]]
            assert crib_service.view(match_id, token).action_count == count
            assert page.locator("#count-cards .card").count() == len(
                crib_service.view(match_id, token).to_json()["count_cards"]
            )
        if checked >= 6:
            break
        table.click_card(highest(sorted(legal)))
        table.idle()
    assert checked >= 6
    shot(table, "crib-arrange-04-play-desktop")
    table.close()
