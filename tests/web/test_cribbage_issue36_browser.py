"""Issue 36 at the browser's Cribbage table (Playwright, Debian's chromium, headless): at a
friend's table the dealer lays away first, and neither page waits greyed out for the other;
a muggins count too high is final, and the friend's page answers it with Muggins!: the
stater pegs the true total, the caller the excess. Screenshots go to the artifacts folder."""

from __future__ import annotations

import time
from typing import Any

from cardtable.cribbage import views
from cardtable.cribbage.score import show_score
from cardtable.table import SeatSpec, TableService

from .test_browser import DESKTOP
from .test_cribbage_browser import CribTable, server, table_service
from .webhelpers import LiveServer

__all__ = ["server", "table_service"]  # the module fixtures, shared

PEOPLE = (SeatSpec("human", name="Ann"), SeatSpec("human", name="Bob"))


def _friends(
    service: TableService, seed: str, preset: str
) -> tuple[str, tuple[str, str], views.SeatView]:
    settings = {"target": 61, "skunk_line": 31, "double_skunk_line": None}
    rules = service.make_rules("cribbage", preset, settings)
    created = service.create_match(PEOPLE, rules=rules, seed=seed, game="cribbage")
    first, second = created.tokens
    assert first is not None and second is not None
    view = service.view(created.match_id, first)
    assert isinstance(view, views.SeatView)
    return created.match_id, (first, second), view


def _wait_for(table: CribTable, test: str) -> None:
    table.page.wait_for_function(test)
    table.idle()


def test_the_dealer_lays_away_first_at_a_friends_table(
    browser: Any, server: LiveServer, table_service: TableService
) -> None:
    match_id, tokens, view = _friends(table_service, "friends-lay-away", "short")
    dealer = view.dealer
    pages = [CribTable(browser, server, DESKTOP) for _ in (0, 1)]
    for seat, table in enumerate(pages):
        table.open_seat(match_id, tokens[seat])
    mine, theirs = pages[dealer], pages[1 - dealer]
    state = mine.crib_state()
    assert state["phase"] == "discard" and state["myTurn"], state  # not greyed out
    status = mine.page.inner_text(".status-main")
    assert status.startswith("Lay away two cards to your crib"), status
    mine.shot("c30-friend-dealer-lays-away-first-desktop")
    mine.lay_away(state["hand"][:2])
    _wait_for(mine, "() => document.querySelector('#my-crib-cards') !== null")
    status = mine.page.inner_text(".status-main")
    assert "Your two cards are in the crib" in status and not mine.crib_state()["myTurn"]
    # The other sees that the dealer has laid away (two backs in the crib), never which.
    _wait_for(
        theirs,
        "() => /: 2 cards face down/.test(document.querySelector('#crib')"
        ".getAttribute('aria-label'))",
    )
    other = theirs.crib_state()
    assert other["myTurn"] and other["phase"] == "discard"
    laid = table_service.view(match_id, tokens[dealer]).laid_away
    text = theirs.page.inner_text("#app")
    assert all(str(card) not in theirs.hand("#hand .card") for card in laid)
    assert "yours:" not in text or all(str(card) not in text for card in laid)
    theirs.shot("c31-friend-sees-the-dealer-has-laid-away-desktop")
    theirs.lay_away(other["hand"][:2])
    for table in pages:
        _wait_for(
            table, "() => document.querySelector('.table-layout.cribbage').dataset.phase === 'play'"
        )
    for table in pages:
        assert not table.problems, table.problems
        table.close()


def test_a_friend_answers_a_count_too_high_with_muggins(
    browser: Any, server: LiveServer, table_service: TableService
) -> None:
    match_id, tokens, _ = _friends(table_service, "friends-muggins", "muggins")
    pages = [CribTable(browser, server, DESKTOP) for _ in (0, 1)]
    for seat, table in enumerate(pages):
        table.open_seat(match_id, tokens[seat])
    shots = {"discard", "play", "go"}
    stater = None
    for _ in range(400):
        for seat, table in enumerate(pages):
            if table.crib_state()["count"]:
                stater = seat
                break
            table.step(shots, answer="accept")
        if stater is not None:
            break
        time.sleep(0.03)
    assert stater is not None, "nobody came to count"
    counting = table_service.view(match_id, tokens[stater]).counting
    assert counting is not None
    truth = show_score(counting.cards, counting.starter, crib=counting.kind == "crib").total
    stating, answering = pages[stater], pages[1 - stater]
    before = table_service.view(match_id, tokens[stater]).board.pegs
    stating.page.fill("#count-input", str(truth + 3))
    stating.page.click("#count-submit")
    stating.idle()
    # Final and not refused: the box is gone, nothing was said against it.
    assert not stating.page.locator("#toast.show.error").count()
    _wait_for(stating, "() => document.querySelector('#count-input') === null")
    _wait_for(answering, "() => document.querySelector('#muggins') !== null")
    stated = answering.page.inner_text("#stated")
    assert f"states {truth + 3}" in stated, stated
    answering.shot("c32-friend-answers-a-count-too-high-desktop")
    answering.page.click("#muggins")
    answering.idle()
    after = table_service.view(match_id, tokens[stater])
    assert isinstance(after, views.SeatView)
    gained = [after.board.pegs[s] - before[s] for s in (0, 1)]
    assert gained[stater] == truth and gained[1 - stater] == 3
    shown = after.shows[-1] if after.shows else after.last_hand.shows[-1]  # type: ignore[union-attr]
    assert (shown.stated, shown.pegged, shown.muggins, shown.called) == (truth + 3, truth, 3, True)
    for table in pages:
        assert not table.problems, table.problems
        table.close()
