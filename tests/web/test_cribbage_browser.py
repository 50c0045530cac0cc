"""Cribbage in a real browser (Playwright driving Debian's chromium, headless), by clicks
only: a whole short game against the computer (lay away two cards, play cards, Go when it is
offered, the show after each hand, the end of the match, a replay, the next match); muggins
(state a count, answer the computer's); the lobby's game choice and a reload that resumes; a
friend by the invitation link; the phone layout; the lesson. Screenshots of every phase and
of the board go to the artifacts folder (``tests/paths.py``)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright import sync_api

from cardtable.store import Store
from cardtable.table import SeatSpec, TableService
from cardtable.web.app import create_app

from .test_browser import DESKTOP, PHONE, SHOTS, VALUE, Table
from .webhelpers import LiveServer

# What the cribbage page shows, read in one round trip.
STATE = """() => {
    const has = (selector) => document.querySelector(selector) !== null;
    const cards = (selector) => [...document.querySelectorAll(selector)].map((n) => n.dataset.card);
    const layout = document.querySelector(".table-layout.cribbage");
    return {
        show: has("dialog[open] #next-hand"),
        final: has("dialog[open] #new-match-button"),
        phase: layout ? layout.dataset.phase : null,
        myTurn: has(".table-layout.cribbage.my-turn"),
        go: has("#go:enabled"),
        count: has("#count-input"),
        answer: has("#muggins"),
        hand: cards("#hand .card"),
        playable: cards("#hand .card.playable"),
        laneCards: cards("#count-cards .card"),
    };
}"""


@pytest.fixture(scope="module")
def table_service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TableService]:
    store = Store(f"sqlite:///{tmp_path_factory.mktemp('cribbage') / 'cribbage.db'}")
    yield TableService(store, computers="worker")
    store.close()


@pytest.fixture(scope="module")
def server(table_service: TableService) -> Iterator[LiveServer]:
    with LiveServer(create_app(table_service)) as live:
        yield live


def seeded_match(
    service: TableService, seed: str, preset: str = "short", **settings: object
) -> tuple[str, str]:
    """A match against the simple computer with a fixed deal (the lobby deals at random)."""
    rules = service.make_rules("cribbage", preset, settings)
    created = service.create_match(
        (SeatSpec("human", "Ann"), SeatSpec("computer", level="simple")),
        rules=rules,
        seed=seed,
        game="cribbage",
    )
    token = created.tokens[0]
    assert token is not None
    return created.match_id, token


class CribTable(Table):
    """A browser page at a Cribbage table, played through clicks."""

    def open_seat(self, match_id: str, token: str) -> None:
        # The terminal's form of seat link: it redirects to the page's #/play/...
        self.open(f"/match/{match_id}?token={token}")
        self.page.wait_for_selector(".table-layout.cribbage")
        self.idle()

    def crib_state(self) -> dict[str, Any]:
        state: dict[str, Any] = self.page.evaluate(STATE)
        return state

    def click_card(self, card: str) -> None:
        self.page.click(f'#hand .card[data-card="{card}"]', position={"x": 10, "y": 30})

    def lay_away(self, cards: list[str]) -> None:
        for card in cards:
            self.click_card(card)
        self.page.click("#lay-away")
        self.idle()

    def step(self, shots: set[str], count: str = "0", answer: str = "accept") -> str:
        """One click of a plain way of playing; what it did."""
        self.idle()
        state = self.crib_state()
        if state["final"]:
            return "final"
        if state["show"]:
            return "show"
        if not state["myTurn"]:
            return "wait"
        page = self.page
        if state["phase"] == "discard":
            self.click_card(state["hand"][0])
            self.click_card(state["hand"][1])
            if "discard" not in shots:
                shots.add("discard")
                assert page.inner_text("#lay-away").startswith("Lay away")
                self.shot("c01-lay-away-picked-desktop")
            page.click("#lay-away")
            self.idle()
            return "discard"
        if state["phase"] == "play":
            if state["go"]:
                assert not state["playable"]
                if "go" not in shots:
                    shots.add("go")
                    self.shot("c03-go-offered-desktop")
                page.click("#go")
                self.idle()
                return "go"
            assert state["playable"], "a play turn with no card to play and no Go"
            if len(state["laneCards"]) >= 2 and "play" not in shots:
                shots.add("play")
                self.shot("c02-play-desktop")
                page.locator("#board").screenshot(path=str(SHOTS / "c04-board.png"))
            # The highest card that fits (the first of equals): counts run high, goes come.
            self.click_card(max(state["playable"], key=lambda c: VALUE[c[0]]))
            self.idle()
            return "play"
        if state["count"]:
            page.fill("#count-input", count)
            page.click("#count-submit")
            self.idle()
            return "count"
        if state["answer"]:
            page.click(f"#{answer}")
            self.idle()
            return "answer"
        raise AssertionError(f"nothing to click in {state}")


def test_a_whole_short_game_against_the_computer_by_clicks(
    browser: Any, server: LiveServer, table_service: TableService
) -> None:
    # A deal where this way of playing has to say go once (found by playing it on the API).
    match_id, token = seeded_match(table_service, "browser-short-2")
    table = CribTable(browser, server, DESKTOP)
    page = table.page
    table.open_seat(match_id, token)
    assert page.title() == "Cribbage"
    assert page.get_attribute("#rules-link", "href") == "/rules/cribbage"
    assert page.locator("#board svg .peg.front").count() == 2
    assert page.inner_text("#commitment") == table_service.view(match_id, token).commitment
    table.shot("c00-table-desktop")
    shots: set[str] = set()
    done: list[str] = []
    shows = 0
    for _ in range(900):
        what = table.step(shots)
        done.append(what)
        if what == "show":
            shows += 1
            dialog = page.inner_text("dialog[open]")
            assert "verified ✓" in page.inner_text("dialog[open] .fair-details summary")
            assert "→" in page.inner_text("#pegs-line")
            if page.locator("dialog[open] .show-block").count() == 3:
                kinds = page.eval_on_selector_all(
                    "dialog[open] .show-block", "nodes => nodes.map((n) => n.dataset.kind)"
                )
                assert kinds == ["hand", "hand", "crib"]
                assert page.locator("dialog[open] .show-block .card.starter").count() == 3
                assert "Simple" in dialog
                if "show" not in shots and page.locator("dialog[open] .show-item").count() >= 3:
                    shots.add("show")
                    page.wait_for_selector("#play-end li")
                    table.shot("c05-show-desktop")
            page.click("#next-hand")
            table.idle()
        elif what == "final":
            break
        elif what == "wait":
            time.sleep(0.03)
    else:
        raise AssertionError("the game did not end")
    assert {"discard", "play", "go", "show"} <= shots and shows >= 3
    final = page.inner_text("dialog[open]")
    assert "won the match" in final and "Game points" in final
    seat = table_service.view(match_id, token).to_json()
    winner = seat["final"]["winner"]
    assert seat["board"]["pegs"][winner] >= 61
    table.shot("c06-final-desktop")
    page.click("#final-replay")
    page.wait_for_selector("dialog[open] #replay-steps li")
    assert "Deal verified ✓" in page.inner_text("dialog[open] .replay-fair summary")
    table.shot("c07-replay-desktop")
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog[open]", state="detached")
    assert page.locator(".table-layout.cribbage[data-phase=over]").count() == 1
    points = page.get_attribute(f'#board .peg.front[data-seat="{winner}"]', "data-points")
    assert points is not None and int(points) >= 61
    table.shot("c08-match-over-desktop")
    page.locator("#board").screenshot(path=str(SHOTS / "c09-board-final.png"))
    page.click("#next-match")
    page.wait_for_function("(old) => !location.hash.includes(old)", arg=match_id)
    page.wait_for_selector(".table-layout.cribbage #hand .card")
    assert page.locator("#board .peg.front").count() == 2
    table.close()


def test_muggins_states_a_count_and_answers_the_computers(
    browser: Any, server: LiveServer, table_service: TableService
) -> None:
    match_id, token = seeded_match(
        table_service,
        "browser-muggins-2",
        "muggins",
        target=61,
        skunk_line=31,
        double_skunk_line=None,
    )
    table = CribTable(browser, server, DESKTOP)
    page = table.page
    table.open_seat(match_id, token)
    shots: set[str] = {"discard", "play", "go"}
    counted = answered = False
    for _ in range(300):
        state = table.crib_state()
        if state["count"] and not counted and not state["show"]:
            table.shot("c10-muggins-count-desktop")
            # Any count is taken as stated and is final (a refusal of too many would tell
            # the count): the computer calls muggins on it.
            page.fill("#count-input", "29")
            page.click("#count-submit")
            table.idle()
            assert not page.locator("#toast.show.error").count()
            assert not table.problems, table.problems
            counted = True
            continue
        if state["answer"] and not answered and not state["show"]:
            assert page.locator("#accept").count() == 1
            assert page.inner_text("#stated")
            table.shot("c11-muggins-answer-desktop")
        what = table.step(shots, count="0", answer="muggins")
        counted = counted or what == "count"
        answered = answered or what == "answer"
        if what == "show":
            if counted:
                assert "stated 29 of" in page.inner_text("dialog[open] .show-layout")
                table.shot("c12-muggins-show-desktop")
                break
            page.click("#next-hand")
        elif what == "wait":
            time.sleep(0.03)
        elif what == "final":
            raise AssertionError("the game ended before a show was counted")
    else:
        raise AssertionError("no count came")
    assert counted and answered
    table.close()


def test_the_lobby_offers_cribbage_and_the_table_resumes_after_a_reload(
    browser: Any, server: LiveServer
) -> None:
    table = CribTable(browser, server, DESKTOP)
    page = table.page
    table.open("/")
    page.wait_for_selector("#start-match")
    assert page.inner_text(".hero h1") == "Gin Rummy"
    page.check("input[name=game][value=cribbage]")
    page.wait_for_selector(".lobby[data-game=cribbage] #set-muggins", state="attached")
    assert page.inner_text(".hero h1") == "Cribbage"
    assert page.get_attribute("#lobby-rules", "href") == "/rules/cribbage"
    assert page.inner_text("#lobby-rules") == "Rules of Cribbage"
    assert page.get_attribute("#start-lesson", "href") == "#/lesson/cribbage"
    page.fill("#player-name", "Cy")
    page.select_option("#preset", "short")
    assert page.input_value("#set-target") == "61"
    page.select_option("#preset", "muggins")
    assert page.is_checked("#set-muggins")
    page.select_option("#preset", "short")
    table.shot("c13-lobby-cribbage-desktop", full_page=True)
    page.click("#start-match")
    page.wait_for_selector(".table-layout.cribbage #hand .card")
    table.idle()
    assert "Cy" in page.inner_text(".player-tag.me")
    # Lay away by keys: 1 and 2 pick the first two cards, L lays them away.
    first_two = table.hand("#hand .card")[:2]
    page.keyboard.press("1")
    page.keyboard.press("2")
    assert page.locator("#hand .card.selected").count() == 2
    page.keyboard.press("l")
    table.idle()
    page.wait_for_selector("#my-crib-cards")
    held = table.hand("#hand .card")
    assert len(held) <= 4 and not set(first_two) & set(held)
    crib_note = page.inner_text("#my-crib-cards")
    page.reload()
    page.wait_for_selector(".table-layout.cribbage #my-crib-cards")
    assert page.inner_text("#my-crib-cards") == crib_note
    assert table.hand("#hand .card") == held
    page.keyboard.press("?")
    page.wait_for_selector("dialog[open] table.shortcuts")
    assert "lay the two picked cards away" in page.inner_text("dialog[open]")
    assert page.get_attribute("dialog[open] #help-rules", "href") == "/rules/cribbage"
    page.keyboard.press("Escape")
    page.click("a[data-nav=lobby]")
    page.wait_for_selector("#match-list .match-row.active .game-chip")
    assert page.inner_text(".hero h1") == "Cribbage"  # the last game set up
    table.shot("c14-lobby-resume-desktop")
    page.check("input[name=game][value=gin]")
    page.wait_for_selector(".lobby[data-game=gin] #set-knock_threshold", state="attached")
    assert page.input_value("#player-name") == "Cy"
    assert page.get_attribute("#rules-link", "href") == "/rules/gin"
    table.close()


def test_a_hint_at_the_cribbage_table(
    browser: Any, server: LiveServer, table_service: TableService
) -> None:
    match_id, token = seeded_match(table_service, "browser-hint-3")
    table = CribTable(browser, server, DESKTOP)
    page = table.page
    table.open_seat(match_id, token)
    page.click("#hint-button")
    page.wait_for_selector("#hint p")
    assert page.inner_text("#hint p")
    assert page.locator("#hand .card.suggested").count() == 2  # the two to lay away
    table.shot("c15-hint-desktop")
    count = table_service.view(match_id, token).action_count
    page.click("#hint-apply")
    table.idle()
    assert table_service.view(match_id, token).action_count > count
    assert page.locator("#hint").count() == 0
    table.close()


def test_a_friend_plays_cribbage_by_the_invitation_link(browser: Any, server: LiveServer) -> None:
    host = CribTable(browser, server, DESKTOP)
    page = host.page
    host.open("/")
    page.wait_for_selector("#start-match")
    page.check("input[name=game][value=cribbage]")
    page.wait_for_selector(".lobby[data-game=cribbage] #set-muggins", state="attached")
    page.fill("#player-name", "Ann")
    page.check("input[name=opponent][value=friend]")
    page.select_option("#preset", "short")
    page.click("#start-match")
    page.wait_for_selector("#invite-link")
    link = page.input_value("#invite-link")
    friend = CribTable(browser, server, PHONE)
    friend.page.goto(link)
    friend.page.wait_for_selector(".table-layout.cribbage #hand .card")
    page.wait_for_selector(".invite.joined")
    # The friend names itself, as at a gin table: both pages show the name the server keeps.
    assert friend.page.inner_text("#change-name") == "Tell Ann your name"
    friend.page.click("#change-name")
    friend.page.fill("#name-input", "Bo")
    friend.page.click("#name-save")
    friend.page.wait_for_function("() => document.querySelector('#my-name')?.innerText === 'Bo'")
    page.wait_for_function("() => document.querySelector('.scoreboard').innerText.includes('Bo')")
    tables = (host, friend)
    shots: set[str] = {"discard", "play", "go"}
    moves = 0
    for _ in range(400):
        progressed = False
        for player in tables:
            what = player.step(shots)
            if what not in ("wait", "show", "final"):
                moves += 1
                progressed = True
        if any(p.crib_state()["show"] for p in tables):
            break
        if not progressed:
            time.sleep(0.05)
    else:
        raise AssertionError("the friends' hand did not end")
    # Both pages were pushed every move: each shows the show of the same deal.
    for player in tables:
        player.page.wait_for_selector("dialog[open] #next-hand")
    assert moves >= 8
    # The fair deal's panel names the whole command that checks the hand anywhere.
    command = page.inner_text("#verify-command")
    assert command.startswith("cardtable cribbage verify ") and len(command.split()) == 5
    host.shot("c16-friend-show-host-desktop")
    friend.shot("c17-friend-show-guest-phone")
    friend.close()
    host.close()


def test_the_phone_layout(browser: Any, server: LiveServer, table_service: TableService) -> None:
    match_id, token = seeded_match(table_service, "browser-phone-4")
    table = CribTable(browser, server, PHONE)
    page = table.page
    table.open_seat(match_id, token)
    table.lay_away(table.hand("#hand .card")[:2])
    state = table.crib_state()
    if state["playable"]:
        table.click_card(state["playable"][0])
        table.idle()
    # The computer's answer re-deals the hand's nodes while it is paced: measure once it rests,
    # and read every card's box in one evaluation, so no card is looked up after it was redrawn.
    page.wait_for_function("() => !document.querySelector('#app.pacing, #app.busy')")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width}px wide on a phone"
    boxes: list[dict[str, Any]] = page.eval_on_selector_all(
        "#hand .card",
        "nodes => nodes.map(n => { const r = n.getBoundingClientRect();"
        " return {card: n.dataset.card, x: r.left, width: r.width}; })",
    )
    assert boxes, "the phone shows no hand"
    for box in boxes:
        assert box["x"] >= 0 and box["x"] + 12 <= PHONE["width"], box
    table.shot("c18-table-phone")
    table.shot("c19-table-phone-full", full_page=True)
    table.close()


def test_the_cribbage_lesson_on_the_real_table(browser: Any, server: LiveServer) -> None:
    from cardtable.cribbage.lesson import LESSON_STEPS

    table = CribTable(browser, server, DESKTOP)
    page = table.page
    table.open("/#/lesson/cribbage")
    page.wait_for_selector("#coach")
    table.shot("c20-lesson-start-desktop")
    for step in LESSON_STEPS[:-1]:
        sync_api.expect(page.locator("#coach-title")).to_have_text(step.title)
        action = step.action or ""
        if action.startswith("discard"):
            table.lay_away(action.split()[1:])
        elif action.startswith("play"):
            table.click_card(action.split()[1])
        elif action.startswith("count"):
            page.fill("#count-input", "3")  # wrong first: the coach explains
            page.click("#count-submit")
            page.wait_for_selector("#toast.show")
            table.idle()
            table.shot("c21-lesson-count-desktop")
            page.fill("#count-input", action.split()[1])
            page.click("#count-submit")
        else:
            page.click("#lesson-next")
        table.idle()
    page.wait_for_selector("dialog[open] #lesson-done")
    assert page.locator("dialog[open] .show-block").count() == 3
    table.shot("c22-lesson-show-desktop")
    table.close()
