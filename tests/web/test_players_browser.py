"""Friends and history in a real browser: a match played by clicks to its end, the rematch
with its first dealer named as the server decided it, the lobby's list of matches with their
rules, dates and score, deleting one after a confirmation, the statistics panel and its chart
(the figures the server counts), and a friend who joins by link and names itself.
Screenshots at desktop and phone sizes."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

import pytest

from cardtable.table import SeatSpec, TableService
from tests.helpers import game_stats
from tests.paths import SCREENSHOTS

from .test_browser import DESKTOP, PHONE, Table
from .webhelpers import LiveServer, worker_table

SHOTS = SCREENSHOTS / "web"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[LiveServer, TableService]]:
    yield from worker_table(tmp_path_factory.mktemp("players-browser"))


def seat_of_page(table: Table) -> tuple[str, str]:
    parts = str(table.page.evaluate("location.hash")).split("/")
    return parts[2], parts[3]  # "#/play/<match>/<token>"


def play_to_the_end(table: Table) -> None:
    """Clicks through every hand (past each showdown) until the final score is shown."""
    for _ in range(4000):
        what = table.play_turn()
        if what == "final":
            return
        if what == "showdown":
            table.page.click("#next-hand")
            table.idle()
        elif what == "wait":
            time.sleep(0.05)
    raise AssertionError("the match did not end")


def test_rematch_history_delete_and_statistics(
    browser: Any, served: tuple[LiveServer, TableService]
) -> None:
    server, service = served
    table = Table(browser, server, DESKTOP)
    page = table.page
    table.start_match(level="random", target=10)
    scoreboard = page.inner_text(".scoreboard")
    assert "Ann (you)" in scoreboard and "Random" in scoreboard
    first, token = seat_of_page(table)
    play_to_the_end(table)

    # The end of the match: the rematch, its first dealer as the server decided it.
    view = service.view(first, token)
    assert view.finished and view.rematch_dealer in (0, 1)
    dealer = "you deal" if view.rematch_dealer == view.seat else "Random deals"
    page.wait_for_selector("dialog[open] #rematch-dealer")
    assert (
        page.inner_text("dialog[open] #rematch-dealer")
        == f"Same rules and players; {dealer} first."
    )
    assert page.inner_text("#new-match-button") == "Rematch"
    table.shot("friends-rematch-final-desktop")
    page.click("#new-match-button")
    page.wait_for_function("(id) => !location.hash.includes(id)", arg=first)
    page.wait_for_selector("#hand .card")
    table.idle()
    rematch, same_token = seat_of_page(table)
    assert same_token == token
    again = service.view(rematch, token)
    assert again.dealer == view.rematch_dealer and again.rules == view.rules
    assert [p.name for p in again.players] == ["Ann", "Random"]

    # The lobby: both matches with rules, dates and score; the statistics and their chart.
    table.open("/")
    page.wait_for_selector(f'#match-list .match-row[data-match="{rematch}"]')
    row = page.locator(f'#match-list .match-row[data-match="{first}"]')
    text = row.inner_text()
    final = view.sheet.to_json()["final"]["totals"]
    won = "you won" if service.summary(first).figures["winner"] == view.seat else "Random won"
    assert "vs Random" in text and f"Finished · {won}" in text
    assert "Standard rules · target 10" in text
    assert "Started" in text and "last move" in text
    page.wait_for_selector("#stats-body[data-ready]")
    stats = game_stats(service.player_stats([(first, token), (rematch, token)]).to_json(), "gin")
    assert stats["matches"] == 1 and stats["hands"] >= 1
    hands = page.inner_text("#stats-gin-hands-won .stat-value")
    assert hands == f"{stats['hands_won']} of {stats['hands']}"
    assert page.inner_text("#stats-gin-matches .stat-value") == f"{stats['matches_won']} of 1"
    assert page.inner_text("#stats-gin-gins .stat-value") == str(stats["gins"])
    assert page.inner_text("#stats-gin-undercuts .stat-value").startswith(str(stats["undercuts"]))
    shown_accuracy = page.inner_text("#stats-gin-accuracy .stat-value")
    assert stats["accuracy"] is not None
    assert shown_accuracy == f"{int(stats['accuracy'] + 0.5)}%"
    bars = page.locator("#stats-gin-chart .stats-bar")
    assert bars.count() == 1
    assert bars.first.get_attribute("data-match") == first
    assert ("won" in (bars.first.get_attribute("class") or "")) == (won == "you won")
    assert f"{final[view.seat]}–{final[1 - view.seat]}" in (
        page.text_content("#stats-gin-chart title") or ""
    )
    table.shot("friends-lobby-stats-desktop", full_page=True)
    page.set_viewport_size(PHONE)
    page.locator("#stats-panel").scroll_into_view_if_needed()
    table.shot("friends-lobby-stats-phone", full_page=True)
    page.set_viewport_size(DESKTOP)

    # Delete the rematch: asked first; kept on "Keep it", gone on "Delete".
    page.click(f'#match-list .match-row[data-match="{rematch}"] .match-delete')
    page.wait_for_selector("dialog[open] #delete-confirm")
    table.shot("friends-delete-confirm-desktop")
    page.click("#delete-cancel")
    assert rematch in {m.id for m in service.list_matches()}
    page.click(f'#match-list .match-row[data-match="{rematch}"] .match-delete')
    page.click("dialog[open] #delete-confirm")
    page.wait_for_selector(f'#match-list .match-row[data-match="{rematch}"]', state="detached")
    assert rematch not in {m.id for m in service.list_matches()}
    assert page.locator(f'#match-list .match-row[data-match="{first}"]').count() == 1
    held = page.evaluate("JSON.parse(localStorage.getItem('ginrummy:seats'))")
    assert rematch not in {seat["match_id"] for seat in held}
    table.close()


def test_a_friend_joins_by_link_and_names_itself(
    browser: Any, served: tuple[LiveServer, TableService]
) -> None:
    server, service = served
    ann = Table(browser, server, DESKTOP)
    ann.open("/")
    ann.page.wait_for_selector("#start-match")
    ann.page.fill("#player-name", "Ann")
    ann.page.check("input[name=opponent][value=friend]")
    ann.page.click("#start-match")
    ann.page.wait_for_selector("#invite-link")
    link = ann.page.input_value("#invite-link")
    match_id, _ = seat_of_page(ann)

    friend = Table(browser, server, PHONE)
    friend.page.goto(link)
    friend.page.wait_for_selector("#change-name")
    assert friend.page.inner_text("#change-name") == "Tell Ann your name"
    friend.page.click("#change-name")
    friend.page.fill("#name-input", "Bo")
    friend.shot("friends-friend-name-phone")
    friend.page.click("#name-save")
    named = "(name) => document.querySelector('#my-name')?.textContent === name"
    friend.page.wait_for_function(named, arg="Bo")
    ann.page.wait_for_function(
        "(name) => document.querySelector('.scoreboard').innerText.includes(name)", arg="Bo"
    )
    assert [p.name for p in service.summary(match_id).players] == ["Ann", "Bo"]
    assert "Bo (you)" in friend.page.inner_text(".scoreboard")
    ann.shot("friends-friend-named-desktop")
    friend.close()
    ann.close()


def test_the_lobby_shows_a_cribbage_section_with_the_servers_figures(
    browser: Any, served: tuple[LiveServer, TableService]
) -> None:
    """Two people finish a short Cribbage match through the service; the browser holding the
    first seat shows its Cribbage figures as the server counts them, under their own title."""
    _, service = served
    rules = service.make_rules("cribbage", "short", {})
    people = (SeatSpec("human", "Ann"), SeatSpec("human", "Bo"))
    created = service.create_match(people, rules=rules, seed="lobby-crib", game="cribbage")
    match_id, tokens = created.match_id, [str(t) for t in created.tokens]
    rng = random.Random(2)
    for _ in range(3000):
        view = service.view(match_id, tokens[0])
        if view.finished:
            break
        assert view.to_act is not None
        mover = tokens[view.to_act]
        choices = service.view(match_id, mover).legal_actions
        service.act(match_id, mover, rng.choice(choices))
    assert service.view(match_id, tokens[0]).finished
    table = Table(browser, served[0], DESKTOP)
    page = table.page
    table.open("/")
    held = [{"match_id": match_id, "token": tokens[0], "seat": 0, "label": "", "saved": 1}]
    page.evaluate("(s) => localStorage.setItem('ginrummy:seats', JSON.stringify(s))", held)
    table.open("/")
    page.wait_for_selector("#stats-body[data-ready] #stats-cribbage")
    crib = game_stats(service.player_stats([(match_id, tokens[0])]).to_json(), "cribbage")
    assert crib["matches"] == 1 and crib["hands"] >= 1
    section = page.locator("#stats-cribbage")
    assert section.locator(".stats-game-title").inner_text() == "Cribbage"
    assert section.locator("#stats-cribbage-matches .stat-value").inner_text() == (
        f"{crib['matches_won']} of 1"
    )
    hands = section.locator("#stats-cribbage-hands-played .stat-value").inner_text()
    assert hands == str(crib["hands"])
    pegged = section.locator("#stats-cribbage-pegged-per-hand .stat-value").inner_text()
    assert pegged == f"{crib['pegged_per_hand']:g}"  # as the server words a number
    assert page.locator("#stats-gin").count() == 0  # no Gin Rummy played: no gin figures
    # The chart of its latest matches: this one, with the review's accuracy in its title.
    page.wait_for_selector("#stats-cribbage-chart .stats-bar")
    bars = section.locator("#stats-cribbage-chart .stats-bar")
    assert bars.count() == len(crib["recent"]) == 1
    assert bars.first.get_attribute("data-match") == match_id
    line = crib["recent"][0]
    title = page.text_content("#stats-cribbage-chart title") or ""
    assert f"{line['scores'][0]}–{line['scores'][1]}" in title, title
    assert line["accuracy"] is not None and f"{int(line['accuracy'] + 0.5)}%" in title, title
    table.shot("friends-lobby-cribbage-stats-desktop", full_page=True)
    page.set_viewport_size(PHONE)
    section.scroll_into_view_if_needed()
    table.shot("friends-lobby-cribbage-stats-phone", full_page=True)
    table.close()
