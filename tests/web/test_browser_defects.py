"""Defects found in a review of the page (issue 12), each checked in a real browser on a
desktop and a phone: the verify command shown whole and copyable; the showdown's Next hand
button in sight however long the score sheet; a hint gone once the lesson's step changes;
toasts above the dialogs; the "laid off" badge whole. Screenshots go to the artifacts folder
(``tests/paths.py``) and, when ``CARDTABLE_SHOTS`` names a folder, there too."""

from __future__ import annotations

import os
import re
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

# Plays a friend match from the page through the API, both seats (knock when possible, else
# draw and throw the least deadwood), until `hands` hands are scored (of a new match, or of
# `existing`: {id, tokens}); returns the seats.
PLAY_FRIEND_MATCH = """async ([hands, target, existing]) => {
  const call = async (method, path, token, body) => {
    const headers = { "Content-Type": "application/json" };
    if (token) headers.Authorization = `Bearer ${token}`;
    const sent = body ? JSON.stringify(body) : undefined;
    const response = await fetch(path, { method, headers, body: sent });
    const data = await response.json();
    if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(data)}`);
    return data;
  };
  const made = existing || await call("POST", "/api/matches", null,
    { opponent: "friend", level: "simple", name: "Ann", settings: { target } });
  const tokens = existing ? existing.tokens : [made.token, made.invite.token];
  const id = existing ? existing.id : made.match_id;
  for (let step = 0; step < 5000; step++) {
    const views = await Promise.all(tokens.map((t) => call("GET", `/api/matches/${id}`, t)));
    if (views[0].sheet.length >= hands || views[0].status !== "active") {
      return { id, tokens, sheet: views[0].sheet.length };
    }
    const seat = views.findIndex((v) => v.legal_actions.length > 0);
    const v = views[seat];
    const legal = v.legal_actions;
    let move = legal.find((a) => a.startsWith("knock") || a.startsWith("gin"));
    if (!move) move = legal.includes("pass") ? "pass" : legal.includes("draw") ? "draw" : null;
    if (!move) {
      const discards = legal.filter((a) => a.startsWith("discard"));
      const left = (a) => v.discard_deadwood[a.split(" ")[1]] ?? 99;
      move = discards.reduce((best, a) => (left(a) < left(best) ? a : best), discards[0]);
    }
    await call("POST", `/api/matches/${id}/actions`, tokens[seat], { action: move });
  }
  throw new Error("the match did not get that far");
}"""

# Whether the point at the middle of a node's box shows that element (or a child): what
# a person sees there, above any dialog and backdrop (hit testing follows the painting order).
ON_TOP = """(node) => {
  const box = node.getBoundingClientRect();
  const before = node.style.pointerEvents;
  node.style.pointerEvents = "auto"; // a toast lets clicks through: hit it for the test
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  node.style.pointerEvents = before;
  return hit !== null && node.contains(hit);
}"""

# A toast as the page shows one (the same module the page loaded).
TOAST = "async (text) => (await import('/static/js/dialogs.js')).toast(text)"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    folder = tmp_path_factory.mktemp("defects")
    store = Store(f"sqlite:///{folder / 'defects.db'}")
    # No rate limits: the page plays a long friend match through the API in moments.
    app = create_app(TableService(store, computers="worker"), limits=WebLimits.unlimited())
    with LiveServer(app) as live:
        yield live
    store.close()


def shot(table: Table, name: str) -> None:
    table.shot(name)
    extra = os.environ.get("CARDTABLE_SHOTS")
    if extra:
        Path(extra).mkdir(parents=True, exist_ok=True)
        table.page.screenshot(path=str(Path(extra) / f"{name}.png"))


def friend_match(table: Table, hands: int, target: int = 2000) -> tuple[str, list[str]]:
    """A friend match with `hands` hands scored, the page seated at seat 0 (the showdown of
    the last hand open)."""
    page = table.page
    table.open("/")
    page.wait_for_selector("#start-match")
    played = page.evaluate(PLAY_FRIEND_MATCH, [hands - 1, target, None])
    # The page shows the showdowns of the hands that end while it is open: the last one.
    table.open(f"/#/play/{played['id']}/{played['tokens'][0]}")
    page.wait_for_selector("#hand .card")
    played = page.evaluate(PLAY_FRIEND_MATCH, [hands, target, played])
    assert played["sheet"] >= hands
    page.wait_for_selector("dialog[open] #next-hand")
    return played["id"], played["tokens"]


def on_top(page: Any, selector: str) -> bool:
    return bool(page.locator(selector).evaluate(ON_TOP))


def in_viewport(page: Any, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    return bool(
        box
        and box["y"] >= 0
        and box["x"] >= 0
        and box["y"] + box["height"] <= size["height"]
        and box["x"] + box["width"] <= size["width"]
    )


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_the_next_hand_button_stays_in_sight_as_the_sheet_grows(
    browser: Any, server: LiveServer, device: str
) -> None:
    table = Table(browser, server, VIEWPORTS[device])
    page = table.page
    friend_match(table, hands=14)
    assert page.locator("dialog[open] table.sheet tbody tr").count() >= 14
    # The dialog fits the window; the body scrolls and the button stays put.
    assert in_viewport(page, "dialog[open]")
    assert in_viewport(page, "dialog[open] #next-hand")
    assert on_top(page, "dialog[open] #next-hand")
    shot(table, f"40-long-sheet-{device}")
    # The body between the title and the buttons is what scrolls, down to the last line.
    body = page.locator("dialog[open] .modal-body")
    assert body.evaluate("(n) => n.scrollHeight > n.clientHeight + 20")
    body.evaluate("(n) => n.scrollTo(0, n.scrollHeight)")
    assert body.evaluate("(n) => n.scrollTop > 0")
    assert in_viewport(page, "dialog[open] table.sheet tbody tr:last-child")
    assert in_viewport(page, "dialog[open] #next-hand")
    assert in_viewport(page, "dialog[open] .modal-head h2")  # the title stays too
    assert on_top(page, "dialog[open] #next-hand")
    shot(table, f"41-long-sheet-scrolled-{device}")
    page.click("#next-hand")
    page.wait_for_selector("dialog[open]", state="detached")
    table.close()


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_the_verify_command_is_shown_whole_and_copies(
    browser: Any, server: LiveServer, device: str
) -> None:
    table = Table(browser, server, VIEWPORTS[device])
    page = table.page
    table.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
    match_id, tokens = friend_match(table, hands=1)
    page.click("#next-hand")
    page.wait_for_selector("dialog[open]", state="detached")
    last = page.evaluate(
        """async ([id, token]) => (await (await fetch(`/api/matches/${id}`,
             { headers: { Authorization: `Bearer ${token}` } })).json()).last_hand""",
        [match_id, tokens[0]],
    )
    command = f"cardtable gin verify {last['seed']} {last['commitment']}"
    assert re.fullmatch(r"[0-9a-f]{64}", last["commitment"])
    shown = page.locator("#verify-command")
    shown.scroll_into_view_if_needed()
    assert shown.inner_text() == command and "…" not in shown.inner_text()
    # All of it on screen: it wraps in its panel, nothing hidden past an edge.
    assert shown.evaluate("(n) => n.scrollWidth <= n.clientWidth")
    page.click("#copy-verify")
    page.wait_for_selector("#toast.show")
    assert page.evaluate("() => navigator.clipboard.readText()") == command
    assert page.evaluate("() => window.getSelection().toString()") == command
    shot(table, f"42-verify-command-{device}")
    table.close()


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_a_lesson_hint_goes_when_the_step_changes(
    browser: Any, server: LiveServer, device: str
) -> None:
    table = Table(browser, server, VIEWPORTS[device])
    page = table.page
    table.open("/#/lesson")
    page.wait_for_selector("#coach")
    # Step 1 (sets): the hint is the lesson's, to name the sevens; they glow, not the upcard.
    page.click("#hint-button")
    page.wait_for_selector("#hint")
    assert page.locator("#hand .card.suggested").count() == 3
    assert page.locator("#discard-pile.suggested").count() == 0
    shot(table, f"43-lesson-hint-sets-{device}")
    # (On a phone the bubble sits over the hand: the cards are picked by their own clicks.)
    for card in ("7S", "7H", "7D"):
        page.locator(f'#hand .card[data-card="{card}"]').dispatch_event("click")
    page.locator("#check-meld").dispatch_event("click")
    page.wait_for_selector("#coach-title:text-is('Runs')")
    table.idle()
    assert page.locator("#hint").count() == 0
    assert page.locator(".suggested").count() == 0
    # Through to the draw: the hint says draw and the stock glows, until the card is drawn.
    for card in ("4H", "5H", "6H"):
        table.click_card(card)
    page.click("#check-meld")
    page.wait_for_selector("#coach-title:text-is('Deadwood')")
    page.click("#lesson-next")
    page.wait_for_selector("#coach-title:text-is('Taking the upcard')")
    page.click("#discard-pile")
    page.wait_for_selector("#coach-title:text-is('Discarding')")
    table.click_card("QD")
    table.click_card("QD")
    page.wait_for_selector("#coach-title:text-is('Drawing')")
    table.idle()
    page.click("#hint-button")
    page.wait_for_selector("#hint")
    assert page.locator("#stock.suggested").count() == 1
    shot(table, f"44-lesson-hint-draw-{device}")
    page.click("#stock")
    page.wait_for_selector("#coach-title:text-is('Keep the low cards')")
    table.idle()
    assert page.locator("#hint").count() == 0
    assert page.locator(".suggested").count() == 0
    shot(table, f"45-lesson-hint-gone-{device}")
    table.close()


def play_lesson_to_showdown(table: Table) -> None:
    page = table.page
    table.open("/#/lesson")
    page.wait_for_selector("#coach")
    for meld in (("7S", "7H", "7D"), ("4H", "5H", "6H")):
        for card in meld:
            table.click_card(card)
        page.click("#check-meld")
        table.idle()
    page.wait_for_selector("#coach-title:text-is('Deadwood')")
    page.click("#lesson-next")
    for title, move in (
        ("Taking the upcard", "take"),
        ("Discarding", "QD"),
        ("Drawing", "draw"),
        ("Keep the low cards", "KS"),
        ("Drawing again", "draw"),
        ("Almost there", "9C"),
        ("One more draw", "draw"),
    ):
        page.wait_for_selector(f"#coach-title:text-is('{title}')")
        table.idle()
        if move == "take":
            page.click("#discard-pile")
        elif move == "draw":
            page.click("#stock")
        else:
            table.click_card(move)
            table.click_card(move)
    page.wait_for_selector("#coach-title:text-is('Knocking')")
    table.idle()
    table.click_card("KD")
    page.click("#knock")
    page.click("dialog[open] #knock-confirm")
    page.wait_for_selector("dialog[open] #lesson-done")


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_toasts_show_above_a_dialog_and_the_laid_off_badge_is_whole(
    browser: Any, server: LiveServer, device: str
) -> None:
    table = Table(browser, server, VIEWPORTS[device])
    page = table.page
    play_lesson_to_showdown(table)
    # The laid-off card's badge: inside the card's group, not under the next card.
    badges = page.locator("dialog[open] .laid-off .laid-off-badge")
    assert badges.count() >= 1
    for index in range(badges.count()):
        badge = badges.nth(index)
        assert badge.inner_text() == "laid off"
        assert badge.evaluate(ON_TOP)
        box, group = (
            badge.bounding_box(),
            badge.evaluate(
                "(n) => { const b = n.closest('.lay-group').getBoundingClientRect();"
                " return { x: b.x, y: b.y, width: b.width, height: b.height }; }"
            ),
        )
        assert box["x"] >= group["x"] and box["x"] + box["width"] <= group["x"] + group["width"]
        assert box["y"] >= group["y"] and box["y"] + box["height"] <= group["y"] + group["height"]
    # A toast while the dialog is open is drawn above it and its backdrop.
    page.evaluate(TOAST, "Read me above the dialog.")
    page.wait_for_selector("#toast.show")
    assert on_top(page, "#toast")
    shot(table, f"46-toast-over-dialog-{device}")
    page.click("dialog[open] #lesson-done")
    page.wait_for_selector("#start-match")
    page.evaluate(TOAST, "And without one.")
    page.wait_for_selector("#toast.show")
    assert on_top(page, "#toast")
    table.close()
