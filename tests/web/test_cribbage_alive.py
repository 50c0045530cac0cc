"""A Cribbage table that feels alive (issue 12: "Cribbage gets the same features"), in a real
browser: the deal, both players' cards laid away to the crib, the starter cut and each card
of the play move (Web Animations); the computer's moves come one at a time at the pace
chosen (``prefs.pace``, read as each view comes), at once when instant; beeps only with
sounds on; a browser that asks for reduced motion sees nothing move. Screenshots go to the
artifacts folder and ``CARDTABLE_SHOTS``."""

from __future__ import annotations

import time
from typing import Any

import pytest

from cardtable.table import TableService

from .test_arrange_hand import VIEWPORTS, shot
from .test_cribbage_arrange import CribSeat, crib_server, crib_service, highest, seeded
from .test_table_alive import WATCH_SCRIPT
from .webhelpers import LiveServer

__all__ = ["crib_server", "crib_service"]  # the fixtures, shared with the arrange tests

# A deal (found by playing it on the API the way `play` does) where this seat's second go
# of the second hand is answered by two plays of the computer in one reply.
TWO_PLAYS_SEED = "alive-14"


def motions(table: CribSeat) -> list[str]:
    text: str = table.page.get_attribute("#app", "data-motions") or ""
    return text.split()


def animation_ids(table: CribSeat) -> list[str]:
    ids: list[str] = table.page.evaluate("window.__anims")
    return ids


def play(table: CribSeat, stop_at_go_of_deal: int | None = None, moves: int = 30) -> int:
    """Play by clicks: lay away the first two cards (as dealt), play the highest card that
    fits (the first of equals), say go when offered; stop before the first go offered in
    deal `stop_at_go_of_deal` (or after `moves` moves). The moves made."""
    page = table.page
    for made in range(moves):
        state = table.wait_turn()
        if state["phase"] == "discard":
            for card in state["hand"][:2]:
                table.click_card(card)
            page.click("#lay-away")
        elif page.locator("#go:enabled").count():
            deal = table.view()["deal_number"]
            if stop_at_go_of_deal is not None and deal == stop_at_go_of_deal:
                return made
            page.click("#go")
        else:
            legal = table.legal_plays()
            table.click_card(highest([c for c in state["hand"] if c in legal]))
        table.idle()
    return moves


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_the_deal_lay_away_cut_and_plays_of_both_seats_move(
    browser: Any, crib_server: LiveServer, crib_service: TableService, device: str
) -> None:
    match_id, token = seeded(crib_service, "alive-moves-1")
    table = CribSeat.on(
        device,
        browser,
        crib_server,
        reduced_motion="no-preference",
        prefs={"pace": "normal"},
    )
    page = table.page
    page.add_init_script(WATCH_SCRIPT)
    table.open_seat(match_id, token)
    assert "deal" in motions(table)
    backs = page.locator(".opp-hand .card").count()
    assert animation_ids(table).count("deal") == 6 + backs  # every card dealt, one by one
    play(table, moves=4)
    seen = set(motions(table)) | {what for _, what in page.evaluate("window.__motions")}
    assert {"lay:me", "lay:them", "cut", "play:me", "play:them"} <= seen, seen
    ids = set(animation_ids(table))
    assert {"deal", "lay", "cut", "play"} <= ids, ids
    # Sounds are off until asked for: no audio made at all.
    assert page.evaluate("window.__audio") == 0
    assert page.get_attribute("#app", "data-beeps") is None
    shot(table, f"crib-alive-01-moves-{device}")
    table.close()


def go_answered_by_two_plays(
    table: CribSeat, crib_service: TableService, match_id: str, token: str, paced: str | None = None
) -> tuple[list[str], list[list[Any]]]:
    """Say go (offered now); the computer's two plays that answer it (from the server's
    view once shown), and what the play lane showed meanwhile (LANE_WATCH). When `paced`
    names a screenshot, the first play shown on its own is taken there."""
    page = table.page
    page.evaluate("window.__motions = []; document.getElementById('app').dataset.motions = ''")
    before = len(crib_service.view(match_id, token).to_json()["events"])
    page.click("#go")
    if paced:
        page.wait_for_selector("#play-lane .card.preview")
        shot(table, paced)
    deadline = time.monotonic() + 10
    while len(events := crib_service.view(match_id, token).to_json()["events"][before:]) < 3:
        assert time.monotonic() < deadline, f"the computer did not answer the go: {events}"
        time.sleep(0.05)
    assert [e["action"].split()[0] for e in events] == ["go", "play", "play"], events
    plays = [e["action"].split()[1] for e in events[1:]]
    # Whatever the pace, wait until the whole reply is on the table and nothing is paced.
    page.wait_for_function(
        """(card) => document.querySelector(`#play-lane .card[data-card="${card}"]`)
          && document.querySelector('.table-layout.cribbage.my-turn')
          && !document.querySelector('#app.pacing')""",
        arg=plays[1],
    )
    for card in plays:
        assert page.locator(f'#play-lane .card[data-card="{card}"]').count() == 1
    return plays, page.evaluate("window.__seen")


# Records what the play lane holds each time it changes, and when.
LANE_WATCH = """() => {
  window.__seen = [];
  const lane = document.getElementById("play-lane");
  new MutationObserver(() => {
    const cards = [...lane.querySelectorAll(".card")].map((n) => n.dataset.card);
    window.__seen.push([performance.now(), cards, document.querySelector('#app.pacing') !== null]);
  }).observe(lane, { childList: true, subtree: true });
}"""


def test_the_computers_plays_come_one_at_a_time_when_slow(
    browser: Any, crib_server: LiveServer, crib_service: TableService
) -> None:
    match_id, token = seeded(crib_service, TWO_PLAYS_SEED)
    table = CribSeat(browser, crib_server, VIEWPORTS["desktop"], reduced_motion="no-preference")
    page = table.page
    page.add_init_script(WATCH_SCRIPT)
    table.open_seat(match_id, token)
    # Instant up to the go; then slow, chosen while the table is open (read live).
    assert play(table, stop_at_go_of_deal=2) < 30
    page.evaluate("localStorage.setItem('ginrummy:pace', JSON.stringify('slow'))")
    page.evaluate(LANE_WATCH)
    plays, seen = go_answered_by_two_plays(
        table, crib_service, match_id, token, "crib-alive-02-paced-step-desktop"
    )
    first, second = plays
    # The lane held the first of the two on its own (the second still to come) ...
    alone = [t for t, cards, _ in seen if first in cards and second not in cards]
    both = [t for t, cards, _ in seen if first in cards and second in cards]
    assert alone and both, seen
    # ... for the slow pace (1.4 s) before the second came.
    assert both[0] - alone[0] >= 1300, seen
    # The first shown on its own, the second moving in with the view.
    assert motions(table)[-3:-1] == ["step:play", "play:them"], motions(table)
    table.close()


def test_the_computers_plays_come_at_once_when_instant(
    browser: Any, crib_server: LiveServer, crib_service: TableService
) -> None:
    match_id, token = seeded(crib_service, TWO_PLAYS_SEED)
    table = CribSeat(browser, crib_server, VIEWPORTS["desktop"], reduced_motion="no-preference")
    page = table.page
    page.add_init_script(WATCH_SCRIPT)
    table.open_seat(match_id, token)
    assert play(table, stop_at_go_of_deal=2) < 30
    page.evaluate(LANE_WATCH)
    plays, seen = go_answered_by_two_plays(table, crib_service, match_id, token)
    first, second = plays
    # Never the first without the second: both came with the view, and nothing paced.
    assert not [cards for _, cards, _ in seen if first in cards and second not in cards], seen
    assert not [pacing for _, _, pacing in seen if pacing], seen
    shown = motions(table)
    assert not [what for what in shown if what.startswith("step:")], shown
    assert shown.count("play:them") == 2, shown  # still moving, one after the other, at once
    table.close()


def test_beeps_only_with_sounds_on(
    browser: Any, crib_server: LiveServer, crib_service: TableService
) -> None:
    match_id, token = seeded(crib_service, "alive-sounds-1")
    table = CribSeat(
        browser,
        crib_server,
        VIEWPORTS["desktop"],
        reduced_motion="no-preference",
        prefs={"pace": "instant", "sounds": True},
    )
    page = table.page
    page.add_init_script(WATCH_SCRIPT)
    table.open_seat(match_id, token)
    assert page.is_checked("#sounds")
    opened = crib_service.view(match_id, token).to_json()
    dealt = int(page.get_attribute("#app", "data-beeps") or 0)
    # The deal, and the computer's lay-away when it laid away first.
    assert dealt == 1 + len(opened["events"])
    play(table, moves=3)
    now = crib_service.view(match_id, token).to_json()
    assert now["deal_number"] == opened["deal_number"]
    # One beep for each card laid away, played or go said, one more for each that pegged
    # points, and one for the cut.
    events = now["events"][len(opened["events"]) :]
    moved = [e for e in events if e["action"].split()[0] in ("discard", "play", "go")]
    pegged = [e for e in events if any(s["points"] > 0 for s in e["scores"])]
    beeps = int(page.get_attribute("#app", "data-beeps") or 0)
    assert beeps - dealt == len(moved) + len(pegged) + 1, (beeps, dealt, events)
    assert page.evaluate("window.__audio") == 1  # one context, tiny generated beeps
    # Turned off on the page: no more beeps.
    page.uncheck("#sounds")
    play(table, moves=1)
    assert int(page.get_attribute("#app", "data-beeps") or 0) == beeps
    table.close()


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_reduced_motion_moves_nothing(
    browser: Any, crib_server: LiveServer, crib_service: TableService, device: str
) -> None:
    match_id, token = seeded(crib_service, TWO_PLAYS_SEED)
    table = CribSeat.on(
        device,
        browser,
        crib_server,
        reduced_motion="reduce",
        prefs={},  # the pace left to its default
    )
    page = table.page
    page.add_init_script(WATCH_SCRIPT)
    table.open_seat(match_id, token)
    play(table, moves=4)
    assert page.evaluate("window.__anims") == []
    assert motions(table) == []
    assert page.evaluate("document.getAnimations().length") == 0  # CSS ones too
    shot(table, f"crib-alive-03-reduced-{device}")
    table.close()
