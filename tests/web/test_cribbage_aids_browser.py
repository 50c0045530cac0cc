"""Cribbage's learning aids (issue 12, point 4) in a real browser, on a desktop and a phone:
the table's settings in the side panel (the computer's pace, sounds, a switch for each aid);
every aid off by default; once turned on, and remembered across a reload, the card tracker
marks the 52 cards as the server's view has them, the lay-away advisor gives the expert's
best lay-away while the seat lays away, and in the play each card the seat may play (and
only those) carries the chance that the opponent pegs on it. The numbers are the server's
(the view's ``aids``): the page only shows them. Screenshots go to the test's own folder."""

from __future__ import annotations

import math
import time
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import Any

import pytest

from cardtable.table import TableService

from .test_browser import DESKTOP, PHONE, VALUE
from .test_cribbage_browser import CribTable, seeded_match, server, table_service
from .webhelpers import LiveServer

__all__ = ["server", "table_service"]  # the fixtures, shared with those tests

VIEWPORTS = {"desktop": DESKTOP, "phone": PHONE}
SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
AIDS = ("tracker", "layaway", "risk")
ANY_AID = "#tracker, #lay-away-advice, .risk-badge"

# Whether it is this seat's turn, and each card of the hand with the text of its risk badge
# (null without one) and whether it is playable, in one round trip (the computer moves on
# meanwhile).
HAND_BADGES = """() => ({
  myTurn: document.querySelector('.table-layout.cribbage.my-turn') !== null,
  cards: [...document.querySelectorAll('#hand .card')].map((n) => {
    const part = (selector) => n.querySelector(`.risk-badge ${selector}`).textContent;
    const text = n.querySelector('.risk-badge') ? `${part('b')} ${part('small')}` : null;
    return [n.dataset.card, text, n.classList.contains('playable')];
  }),
})"""


def percent(p: float) -> str:
    """A chance as the page writes it: JavaScript's Math.round, halves up."""
    return f"{math.floor(p * 100 + 0.5)}%"


def fixed1(x: float) -> str:
    """A number as JavaScript's toFixed(1) writes it: the exact value, halves up (Python's
    format takes exact halves such as 8.25 to even)."""
    return str(Decimal(x).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP))


def text_of(card: str) -> str:
    return ("10" if card[0] == "T" else card[0]) + SUIT_SYMBOL[card[1]]


def every_card(named: dict[str, str]) -> dict[str, str]:
    """The tracker of the view for all 52 cards: those it leaves out are unseen."""
    assert "unseen" not in named.values()
    cards = [rank + suit for suit in SUIT_SYMBOL for rank in "A23456789TJQK"]
    return {**dict.fromkeys(cards, "unseen"), **named}


def snap(table: CribTable, folder: Path, name: str) -> None:
    table.page.screenshot(path=str(folder / f"{name}.png"))


def server_aids(service: TableService, match_id: str, token: str) -> dict[str, Any]:
    aids: dict[str, Any] = service.view(match_id, token, aids=True).to_json()["aids"]
    return aids


def wait_turn(table: CribTable, phase: str, limit: float = 30.0) -> None:
    """Until it is this seat's turn in ``phase``, passing the show of a hand on the way."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        table.idle()
        state = table.crib_state()
        if state["show"]:
            table.page.click("#next-hand")
        elif state["myTurn"] and state["phase"] == phase:
            return
        time.sleep(0.05)
    raise AssertionError(f"no turn of this seat in the {phase} came")


def check_badges(table: CribTable, service: TableService, match_id: str, token: str) -> bool:
    """The badges are on the playable cards only (none off this seat's turn), each with the
    server's numbers; whether it was this seat's turn."""
    shown = table.page.evaluate(HAND_BADGES)
    badged = {card: text for card, text, _ in shown["cards"] if text is not None}
    playable = {card for card, _, can in shown["cards"] if can}
    if not shown["myTurn"]:
        assert not badged
        return False
    # The computer waits for this seat: the page's view is the server's.
    aids = server_aids(service, match_id, token)
    assert set(badged) == playable == set(aids["play_risk"])
    for card, text in badged.items():
        risk = aids["play_risk"][card]
        assert text == f"{percent(risk['chance'])} {fixed1(risk['points'])}"
        assert 0 <= risk["chance"] <= 1
    return True


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_the_tracker_lay_away_advisor_and_risk_badges(
    browser: Any, server: LiveServer, table_service: TableService, device: str, tmp_path: Path
) -> None:
    match_id, token = seeded_match(table_service, f"crib-aids-{device}")
    table = CribTable(browser, server, VIEWPORTS[device])
    page = table.page
    table.open_seat(match_id, token)
    wait_turn(table, "discard")

    # The table's settings are in the side panel; every aid is off by default.
    assert page.locator(".side #table-settings #pace").count() == 1
    assert page.locator(".side #table-settings #sounds").count() == 1
    for aid in AIDS:
        assert not page.is_checked(f"#aid-{aid}")
    assert page.locator("#aid-feed, #aid-knock").count() == 0  # gin's own aids
    assert page.locator(ANY_AID).count() == 0
    snap(table, tmp_path, f"aids-00-off-{device}")

    # Each switch shows its aid at once.
    page.check("#aid-tracker")
    page.wait_for_selector("#tracker")
    page.check("#aid-layaway")
    page.wait_for_selector("#lay-away-advice")
    page.check("#aid-risk")
    page.reload()
    page.wait_for_selector("#tracker")  # remembered across the reload
    page.wait_for_selector("#lay-away-advice")
    table.idle()
    for aid in AIDS:
        assert page.is_checked(f"#aid-{aid}")
    aids = server_aids(table_service, match_id, token)

    # The tracker: the 52 cards, each as the server's view of this seat has it.
    cells = dict(
        page.eval_on_selector_all(
            "#tracker .tc", "nodes => nodes.map(n => [n.dataset.card, n.dataset.state])"
        )
    )
    assert len(cells) == 52 and cells == every_card(aids["tracker"])
    legend = dict(
        page.eval_on_selector_all(
            "#tracker .tracker-legend li",
            "nodes => nodes.map(n => [n.dataset.state, n.textContent])",
        )
    )
    counts = {s: list(cells.values()).count(s) for s in set(cells.values())}
    assert set(legend) == set(counts)
    for state, words in legend.items():
        assert words.endswith(f" {counts[state]}"), (state, words)
    assert counts["mine"] == 6

    # The lay-away advisor: the expert's best, with its expected hand and crib.
    best = aids["lay_away"][0]
    sign = "+" if best["own_crib"] else "−"
    expected = (
        f"Lay away {' '.join(text_of(c) for c in best['cards'])}: hand {fixed1(best['hand'])} "
        f"{sign} crib {fixed1(best['crib'])} expected"
    )
    assert page.inner_text("#lay-away-advice .advice-best") == expected
    # Beside the cards (as gin's knock advice), not down in the side panel.
    assert page.locator(".my-area #lay-away-advice").count() == 1
    assert page.locator("#lay-away-advice .advice-more li").count() == len(aids["lay_away"]) - 1
    assert page.locator(".risk-badge").count() == 0  # laying away: no card is played
    snap(table, tmp_path, f"aids-01-lay-away-{device}")

    # Lay away as advised: the advice goes, the tracker marks the two as laid away.
    for card in best["cards"]:
        table.click_card(card)
    page.click("#lay-away")
    table.idle()
    page.wait_for_selector("#lay-away-advice", state="detached")
    page.wait_for_selector('#tracker .tc[data-state="my_crib"]')

    # The play: on each turn, a badge on every playable card and on no other.
    turns = 0
    for _ in range(400):
        table.idle()
        state = table.crib_state()
        if state["show"] or state["final"] or turns >= 6:
            break
        if state["phase"] != "play":
            time.sleep(0.05)
            continue
        if not state["myTurn"]:
            check_badges(table, table_service, match_id, token)
            time.sleep(0.05)
            continue
        if state["go"]:
            page.click("#go")
            continue
        assert check_badges(table, table_service, match_id, token)
        aids = server_aids(table_service, match_id, token)
        cells = dict(
            page.eval_on_selector_all(
                "#tracker .tc", "nodes => nodes.map(n => [n.dataset.card, n.dataset.state])"
            )
        )
        assert cells == every_card(aids["tracker"])
        if turns == 0:
            snap(table, tmp_path, f"aids-02-play-{device}")
        elif turns == 1:
            page.locator("#tracker").scroll_into_view_if_needed()
            snap(table, tmp_path, f"aids-03-tracker-{device}")
        turns += 1
        table.click_card(max(state["playable"], key=lambda c: VALUE[c[0]]))
    assert turns >= 2

    if table.crib_state()["show"]:
        page.click("#next-hand")  # the hand's show, before the switches
        page.wait_for_selector("dialog[open]", state="detached")
    # Turned off again, each goes, and stays gone after a reload.
    for aid in AIDS:
        page.uncheck(f"#aid-{aid}")
    page.reload()
    page.wait_for_selector(".table-layout.cribbage #table-settings")
    table.idle()
    assert page.locator(ANY_AID).count() == 0
    table.close()
