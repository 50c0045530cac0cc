"""The page in a real browser (Playwright driving Debian's chromium, headless): a whole match
against the computer by clicks, the lesson, a hint, a friend in a second browser context,
the phone layout. Screenshots of the main screens go to the artifacts
folder (``tests/paths.py``)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright import sync_api

from cardtable.cards import commitment, shuffled_deck
from cardtable.gin.lesson import LESSON_STEPS
from cardtable.store import Store
from cardtable.table import TableService
from cardtable.web.app import create_app
from tests.paths import SCREENSHOTS

from .webhelpers import LiveServer

SHOTS = SCREENSHOTS / "web"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
VALUE = {rank: min(i + 1, 10) for i, rank in enumerate("A23456789TJQK")}

Page = Any  # playwright.sync_api.Page

STATE_SCRIPT = """() => {
    const has = (selector) => document.querySelector(selector) !== null;
    const cards = (selector) => [...document.querySelectorAll(selector)].map((n) => n.dataset.card);
    return {
        showdown: has("dialog[open] #next-hand"),
        final: has("dialog[open] #new-match-button"),
        myTurn: has(".table-layout.my-turn"),
        gin: has("#gin:enabled"),
        knock: has("#knock:enabled"),
        pass: has("#pass:enabled"),
        stock: has("#stock.live"),
        deadwood: cards("#hand .group.deadwood .card:not(.taken)"),
        hand: cards("#hand .card:not(.taken)"),
    };
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    folder = tmp_path_factory.mktemp("browser")
    store = Store(f"sqlite:///{folder / 'browser.db'}")
    with LiveServer(create_app(TableService(store, computers="worker"))) as live:
        yield live
    store.close()


class Table:
    """One browser page at the table, played only through clicks and keys."""

    def __init__(self, browser: Any, server: LiveServer, viewport: dict[str, int]) -> None:
        self.server = server
        # Reduced motion: no transitions, so clicks need not wait for cards to settle.
        self.context = browser.new_context(viewport=viewport, reduced_motion="reduce")
        self.page: Page = self.context.new_page()
        self.problems: list[str] = []
        self.outside: list[str] = []
        self.page.on("pageerror", lambda error: self.problems.append(str(error)))
        self.page.on(
            "console",
            lambda message: self.problems.append(message.text) if message.type == "error" else None,
        )
        # Every request of the context: pages it opens (the rules in a new tab) count too.
        self.context.on("request", self._request)
        self.page.set_default_timeout(15000)

    def _request(self, request: Any) -> None:
        url = request.url
        local = url.startswith((self.server.url, f"ws://127.0.0.1:{self.server.port}", "data:"))
        if not local:
            self.outside.append(url)

    def close(self) -> None:
        self.context.close()
        assert not self.outside, f"the page fetched from outside: {self.outside}"
        assert not self.problems, f"errors in the page: {self.problems}"

    def open(self, path: str = "/") -> None:
        self.page.goto(self.server.url + path)

    def shot(self, name: str, full_page: bool = False) -> None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        self.page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full_page)

    def idle(self) -> None:
        self.page.wait_for_selector("#app:not(.busy)", state="attached")

    def visible(self, selector: str) -> bool:
        return bool(self.page.locator(selector).count())

    def start_match(self, level: str = "random", target: int = 30, **settings: str) -> None:
        page = self.page
        self.open("/")
        page.wait_for_selector("#start-match")
        page.fill("#player-name", "Ann")
        page.select_option("#level", level)
        page.click("details.custom summary")
        page.fill("#set-target", str(target))
        for key, value in settings.items():
            page.fill(f"#set-{key}", value)
        page.click("#start-match")
        page.wait_for_selector("#hand .card")
        self.idle()

    def hand(self, selector: str = "#hand .card:not(.taken)") -> list[str]:
        cards: list[str] = self.page.eval_on_selector_all(
            selector, "nodes => nodes.map(n => n.dataset.card)"
        )
        return cards

    def click_card(self, card: str) -> None:
        # Cards overlap: a player clicks the visible corner, where the index is.
        self.page.click(f'#hand .card[data-card="{card}"]', position={"x": 10, "y": 30})

    def lay_out_by_hand(self) -> None:
        """In the knock dialog: rearrange, then build the same melds card by card."""
        page = self.page
        melds: list[list[str]] = page.eval_on_selector_all(
            "dialog[open] .lay-group:not(.deadwood) .lay-cards",
            "groups => groups.map(g => [...g.querySelectorAll('.card')].map(c => c.dataset.card))",
        )
        deadwood = page.inner_text("dialog[open] .lay-group.deadwood .lay-label")
        page.click("#rearrange")
        # Nothing built yet: no layout to knock with, so the confirm waits.
        assert page.locator("#knock-confirm:disabled").count() == 1
        assert page.inner_text("#knock-goal").startswith("Lay out melds until")
        for meld in melds:
            self.pick_in_dialog(meld)
            page.click("#make-meld")
        built = page.eval_on_selector_all(
            "dialog[open] .lay-group:not(.deadwood) .lay-cards", "groups => groups.length"
        )
        assert built == len(melds)
        # The same melds as the best layout: its deadwood, as the server counted it.
        assert page.locator("#knock-confirm:enabled").count() == 1
        assert page.locator("#knock-goal").count() == 0
        assert page.inner_text("dialog[open] .lay-group.deadwood .lay-label") == deadwood
        self.shot("04-knock-rearranged-desktop")

    def pick_in_dialog(self, cards: list[str]) -> None:
        """In the knock dialog's rearranging: tap loose cards to pick them."""
        for card in cards:
            self.page.click(
                f'dialog[open] .lay-group.deadwood .card[data-card="{card}"]',
                position={"x": 6, "y": 14},
            )

    def my_turn(self) -> bool:
        return self.visible(".table-layout.my-turn")

    def state(self) -> dict[str, Any]:
        """What the page shows, read in one round trip."""
        state: dict[str, Any] = self.page.evaluate(STATE_SCRIPT)
        return state

    def play_turn(self, take_upcard: bool = False, rearrange: bool = False) -> str:
        """One step of a plain strategy, by clicks: knock or gin when the button allows,
        draw from the stock, throw the highest deadwood card. Returns what it did."""
        page = self.page
        self.idle()
        state = self.state()
        if state["showdown"]:
            return "showdown"
        if state["final"]:
            return "final"
        if not state["myTurn"]:
            return "wait"
        for button in ("gin", "knock"):
            if state[button]:
                page.click(f"#{button}")
                page.wait_for_selector("dialog[open] #knock-confirm")
                if rearrange:
                    self.lay_out_by_hand()
                page.click("#knock-confirm")
                self.idle()
                return button
        if state["pass"]:
            if take_upcard:
                page.click("#discard-pile")
                self.idle()
                return "take"
            page.click("#pass")
            self.idle()
            return "pass"
        if state["stock"]:
            page.click("#stock")
            self.idle()
            return "draw"
        cards = state["deadwood"] or state["hand"]
        card = max(cards, key=lambda c: VALUE[c[0]])
        self.click_card(card)  # pick it ...
        self.click_card(card)  # ... and tap again to throw it
        self.idle()
        return "discard"


# Records each card seen sliding onto the discard pile, with the ticker's words beside it.
WATCH_ARRIVALS = """() => {
  window.arrivals = [];
  new MutationObserver(() => {
    const top = document.querySelector("#discard-pile .pile-card.top.arriving");
    const ticker = document.querySelector(".ticker");
    if (top) window.arrivals.push([top.dataset.card, ticker ? ticker.textContent : ""]);
  }).observe(document.body, { childList: true, subtree: true });
}"""
SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def test_a_whole_match_against_the_computer_by_clicks(browser: Any, server: LiveServer) -> None:
    table = Table(browser, server, DESKTOP)
    page = table.page
    table.open("/")
    page.wait_for_selector("#start-match")
    table.shot("01-lobby-desktop")
    table.start_match(level="random", target=30)
    table.shot("02-table-desktop")
    outcomes = []
    took = False
    page.evaluate(WATCH_ARRIVALS)
    for _ in range(600):
        what = table.play_turn(take_upcard=not took, rearrange="04" not in outcomes)
        took = took or what == "take"
        if what == "discard" and "03" not in outcomes:
            outcomes.append("03")
            cards = table.hand("#hand .group.deadwood .card")
            table.click_card(cards[-1])
            table.shot("03-card-picked-desktop")
            page.keyboard.press("Escape")
        if what in ("knock", "gin") and "04" not in outcomes:
            outcomes.append("04")
        if what == "showdown":
            assert "verified ✓" in page.inner_text("dialog[open] .fair-details summary")
            table.shot("05-showdown-desktop")
            page.click("#next-hand")
            if page.locator("dialog[open] #new-match-button").count():
                break
        if what == "final":
            break
        if what == "wait":
            time.sleep(0.05)
    else:
        raise AssertionError("the match did not end")
    # The computer's throws slid onto the pile, and only its throws: the ticker beside
    # each says the computer discarded that card.
    arrivals = page.evaluate("window.arrivals")
    assert arrivals
    for card, ticker in arrivals:
        text = ("10" if card[0] == "T" else card[0]) + SUIT_SYMBOL[card[1]]
        assert f"discarded the {text}" in ticker and f"You discarded the {text}" not in ticker
    page.wait_for_selector("dialog[open] #new-match-button")
    final = page.inner_text("dialog[open]")
    for item in ("Hand points", "Boxes", "Game bonus", "Shutout bonus", "Total"):
        assert item in final
    table.shot("06-final-desktop")
    # Replay the first hand step by step from the final screen.
    page.click("#final-replay")
    page.wait_for_selector("dialog[open] .replay")
    page.click("#replay-next")
    page.click("#replay-next")
    assert "2 /" in page.inner_text(".replay-count")
    page.keyboard.press("End")
    page.wait_for_selector(".replay-result")
    assert "Deal verified ✓" in page.inner_text(".replay-fair summary")
    table.shot("07-replay-desktop")
    page.keyboard.press("Escape")
    table.shot("08-match-over-desktop")
    assert page.locator(".chart-line.mine").count() == 1
    assert page.inner_text("#verify-command").startswith("cardtable gin verify ")
    table.close()


def test_the_lesson_on_the_real_table(browser: Any, server: LiveServer) -> None:
    table = Table(browser, server, DESKTOP)
    page = table.page
    table.open("/")
    page.click("#start-lesson")
    page.wait_for_selector("#coach")
    table.shot("09-lesson-start-desktop")
    for step in LESSON_STEPS[:-1]:
        # The coach changes after the server answers: wait for it rather than race it.
        sync_api.expect(page.locator("#coach-title")).to_have_text(step.title)
        if step.select:
            for card in step.select.split():
                table.click_card(card)
            page.click("#check-meld")
        elif step.action == "take":
            page.click("#discard-pile")
        elif step.action == "draw":
            page.click("#stock")
        elif step.action and step.action.startswith("discard"):
            card = step.action.split()[1]
            if step.key == "discard":
                # A wrong card first (the 9C leaves deadwood 22): the coach explains. (The
                # KS, which leaves 21 as the QD does, would be accepted as good.)
                table.click_card("9C")
                table.click_card("9C")
                page.wait_for_selector("#toast.show")
                table.idle()
            table.click_card(card)
            table.click_card(card)
        elif step.action and step.action.startswith("knock"):
            table.click_card(step.action.split()[1])
            page.click("#knock")
            page.wait_for_selector("dialog[open] #knock-confirm")
            table.shot("10-lesson-knock-desktop")
            page.click("#knock-confirm")
        else:
            page.click("#lesson-next")
        table.idle()
        if step.key == "runs":
            table.shot("11-lesson-deadwood-desktop")
    page.wait_for_selector("dialog[open] #lesson-done")
    text = page.inner_text("dialog[open]")
    assert "31" in text and "laid off" in text
    table.shot("12-lesson-showdown-desktop")
    table.close()


def test_a_hint_and_the_keyboard(browser: Any, server: LiveServer) -> None:
    table = Table(browser, server, DESKTOP)
    page = table.page
    table.start_match(level="simple", target=100)
    while not table.my_turn():
        time.sleep(0.05)
    # The shortcuts sheet first, while no showdown dialog can be in the way.
    page.keyboard.press("?")
    page.wait_for_selector("dialog[open] table.shortcuts")
    assert page.get_attribute("dialog[open] #help-rules", "href") == "/rules/gin"
    assert page.inner_text("dialog[open] #help-rules") == "Rules of Gin Rummy"
    table.shot("33-help-desktop")
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog[open]", state="detached")
    page.click("#hint-button")
    page.wait_for_selector("#hint")
    assert page.inner_text("#hint p")
    table.shot("13-hint-desktop")
    page.click("#hint-apply")  # do what the hint says
    table.idle()
    if page.locator("dialog[open] #knock-confirm").count():
        page.click("#knock-confirm")
        table.idle()
    # A turn by keyboard alone: pass or draw, pick a card by number, discard it.
    for _ in range(80):
        if table.visible("dialog[open] #next-hand"):  # a hand ended: keys go to the dialog
            page.click("#next-hand")
            table.idle()
            continue
        if table.my_turn() and table.visible("#stock.live") and not table.visible("dialog[open]"):
            break
        if table.my_turn() and table.visible("#pass:enabled"):
            page.keyboard.press("p")
            table.idle()
            continue
        what = table.play_turn()
        assert what != "final", "a 100-point match ended before a keyboard turn"
        if what == "showdown":  # the hand ended first: the keyboard turn comes in the next
            page.click("#next-hand")
            table.idle()
        time.sleep(0.05)
    else:
        raise AssertionError("no turn to draw from the stock came")
    count = page.inner_text("#stock .pile-count")
    page.keyboard.press("s")
    table.idle()
    sync_api.expect(page.locator("#stock .pile-count")).not_to_have_text(count)
    page.keyboard.press("Escape")
    page.keyboard.press("1")
    assert page.locator("#hand .card.selected").count() == 1
    if page.locator("#discard:disabled").count():  # the first card was the one just taken
        page.keyboard.press("2")
    page.keyboard.press("d")
    table.idle()
    assert page.locator("#hand .card").count() == 10
    table.close()


def test_a_friend_by_invitation_link_in_a_second_browser(browser: Any, server: LiveServer) -> None:
    host = Table(browser, server, DESKTOP)
    host.open("/")
    page = host.page
    page.wait_for_selector("#start-match")
    page.fill("#player-name", "Ann")
    page.check("input[name=opponent][value=friend]")
    page.click("#start-match")
    page.wait_for_selector("#invite-link")
    link = page.input_value("#invite-link")
    assert "/#/play/" in link
    friend = Table(browser, server, PHONE)
    friend.page.goto(link)
    friend.page.wait_for_selector("#hand .card")
    page.wait_for_selector(".invite.joined")  # the host sees the friend arrive
    host.shot("14-friend-host-desktop")
    friend.shot("15-friend-guest-phone")
    seen_push = False
    done = [False, False]
    for _ in range(800):
        for index, player in enumerate((host, friend)):
            if done[index]:
                continue
            other = friend if player is host else host
            watch = not seen_push and player.state()["stock"]
            before = other.page.inner_text("#stock .pile-count") if watch else ""
            what = player.play_turn()
            if what == "showdown":
                done[index] = True
            elif what == "draw" and watch:
                # The other browser sees the stock go down without reloading.
                _wait_text_change(other.page, "#stock .pile-count", before)
                seen_push = True
        if all(done):
            break
    else:
        raise AssertionError("the hand between friends did not end")
    assert seen_push
    host.shot("16-friend-showdown-desktop")
    friend.shot("17-friend-showdown-phone")
    friend.close()
    host.close()


def _wait_text_change(page: Page, selector: str, before: str, timeout: float = 10) -> None:
    deadline = time.monotonic() + timeout
    while page.inner_text(selector) == before:
        if time.monotonic() > deadline:
            raise AssertionError(f"{selector} did not change from {before!r}")
        time.sleep(0.03)


def test_the_phone_layout_and_the_four_colour_deck(browser: Any, server: LiveServer) -> None:
    table = Table(browser, server, PHONE)
    page = table.page
    table.open("/")
    page.wait_for_selector("#start-match")
    table.shot("18-lobby-phone", full_page=True)
    table.start_match(level="simple", target=100)
    for _ in range(30):
        if table.my_turn() and page.locator("#hand .card").count() == 11:
            break
        if table.play_turn() == "showdown":
            # The deal is random: simple may knock before our first draw. The next hand
            # brings the table back, without the dialog over the buttons clicked below.
            page.click("#next-hand")
            table.idle()
        time.sleep(0.03)
    assert not table.visible("dialog[open]"), "a dialog is still over the table"
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width}px wide on a phone"
    for card in table.hand("#hand .card"):
        box = page.locator(f'#hand .card[data-card="{card}"]').bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + 12 <= PHONE["width"]
    table.shot("19-table-phone")
    table.shot("20-table-phone-full", full_page=True)
    page.click("#four-colour")
    diamonds = page.locator('#hand .card[data-card$="D"] use').first
    if diamonds.count():
        assert diamonds.get_attribute("fill") == "#0b5cad"
    table.shot("21-four-colour-phone")
    page.click("#four-colour")
    # Back to the lobby: the match is listed, and resumes where it was.
    count = page.inner_text("#stock .pile-count")
    page.click("a[data-nav=lobby]")
    page.wait_for_selector("#match-list .match-row.active")
    table.shot("22-resume-list-phone")
    page.click("#match-list .match-row.active >> nth=0")
    page.wait_for_selector("#hand .card")
    assert page.inner_text("#stock .pile-count") == count
    table.close()


def test_the_page_checks_deals_exactly_as_the_engine(browser: Any, server: LiveServer) -> None:
    table = Table(browser, server, DESKTOP)
    table.open("/")
    table.page.wait_for_selector("#start-match")
    seeds = ["example", "0", "b46254a1e3d2e2c8", "ünïcode seed", "x" * 200]
    result = table.page.evaluate(
        """async (seeds) => {
            const fair = await import('/static/js/fairness.js');
            return seeds.map((s) => [fair.commitmentOf(s), fair.shuffledDeck(s).join(' ')]);
        }""",
        seeds,
    )
    from cardtable.cards import CARDS

    for seed, (hashed, deck) in zip(seeds, result, strict=True):
        assert hashed == commitment(seed)
        assert deck == " ".join(str(CARDS[c]) for c in shuffled_deck(seed))
    table.close()
