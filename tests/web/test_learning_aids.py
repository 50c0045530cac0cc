"""Learning aids (issue 12, point 4), in a real browser on a desktop and a phone: off by
default; once turned on (and remembered) the card tracker marks each of the 52 cards as the
seat's view has it, each card in hand shows the expert's chance that throwing it feeds the
opponent, and the knock advisor gives the undercut risk of the knock the player may make.
The numbers are the server's (the view's ``aids``): the page only shows them. Screenshots go
to the artifacts folder and ``CARDTABLE_SHOTS``."""

from __future__ import annotations

import json
import math
import time
from typing import Any

import pytest

from .test_arrange_hand import API_CALL, VIEWPORTS, SeatTable, server, shot
from .webhelpers import LiveServer

__all__ = ["server"]  # the fixtures, shared with the arrange tests

SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}

# A friend match played through the API until seat 0 may knock: seat 0 draws from the stock
# and throws what leaves the least deadwood; seat 1 takes the first two discards it may in
# each hand (so that the tracker has cards taken by the opponent) and never knocks.
PLAY_TO_A_KNOCK = (
    """async () => {
  """
    + API_CALL
    + """
  const made = await friendMatch();
  const tokens = [made.token, made.invite.token];
  let takes = 0;
  let deal = 0;
  for (let step = 0; step < 1500; step++) {
    const views = await bothViews(made.match_id, tokens, "?aids=1");
    if (views[0].deal_number !== deal) [deal, takes] = [views[0].deal_number, 0];
    const seat = views.findIndex((v) => v.legal_actions.length > 0);
    const v = views[seat];
    const legal = v.legal_actions;
    const states = Object.values(views[0].aids.tracker);
    const seen = states.includes("their_taken") && states.includes("my_discard");
    if (seat === 0 && v.can_knock && seen) return { id: made.match_id, tokens };
    const take = seat === 1 && legal.includes("take") && takes < 2;
    if (take) takes += 1;
    let move = take ? "take" : ["pass", "draw"].find((a) => legal.includes(a));
    if (!move) {
      const discards = legal.filter((a) => a.startsWith("discard"));
      const left = (a) => v.discard_deadwood[a.split(" ")[1]] ?? 99;
      move = discards.reduce((best, a) => (left(a) < left(best) ? a : best), discards[0]);
    }
    await call("POST", `/api/matches/${made.match_id}/actions`, tokens[seat], { action: move });
  }
  throw new Error("no knock came");
}"""
)


def percent(p: float) -> str:
    """A chance as the page writes it: JavaScript's Math.round, halves up (Python's round
    takes halves to even, and 40 samples make risks like 12.5% common)."""
    return f"{math.floor(p * 100 + 0.5)}%"


def text_of(card: str) -> str:
    return ("10" if card[0] == "T" else card[0]) + SUIT_SYMBOL[card[1]]


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_the_tracker_feed_estimate_and_knock_advisor(
    browser: Any, server: LiveServer, device: str
) -> None:
    table = SeatTable(browser, server, VIEWPORTS[device])
    page = table.page
    sent: list[dict[str, Any]] = []  # what the page sends over its sockets
    page.on("websocket", lambda ws: ws.on("framesent", lambda f: sent.append(json.loads(f))))
    table.open("/")
    page.wait_for_selector("#start-match")
    seats = page.evaluate(PLAY_TO_A_KNOCK)
    table.open(f"/#/play/{seats['id']}/{seats['tokens'][0]}")
    page.wait_for_selector("#hand .card")
    table.idle()
    # Off by default: none of the aids shows.
    for aid in ("tracker", "feed", "knock"):
        assert not page.is_checked(f"#aid-{aid}")
    assert page.locator("#tracker, .feed-badge, #knock-advice").count() == 0
    # ... and the page does not ask the server for them (it makes them only when asked). The
    # socket may open after the hand is drawn from the first view: wait for its hello (the
    # frames reach these handlers while Playwright is called, hence the short waits).
    deadline = time.monotonic() + 15
    while not any(f.get("type") == "hello" for f in sent) and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    hellos = [frame for frame in sent if frame.get("type") == "hello"]
    assert hellos and not any(frame["aids"] for frame in hellos), hellos
    for aid in ("tracker", "feed", "knock"):
        page.check(f"#aid-{aid}")
    # Turned on, the page asks over its socket, and the aids show without a reload.
    page.wait_for_selector("#tracker")
    assert {"type": "aids", "on": True} in sent
    page.reload()
    page.wait_for_selector("#tracker")  # remembered across the reload
    view = table.view()
    aids = view["aids"]

    # The tracker: the 52 cards, each as the server's view of this seat has it.
    cells: dict[str, str] = dict(
        page.eval_on_selector_all(
            "#tracker .tc", "nodes => nodes.map(n => [n.dataset.card, n.dataset.state])"
        )
    )
    assert len(cells) == 52 and cells == aids["tracker"]
    for state in ("mine", "my_discard", "their_discard", "their_taken", "unseen"):
        assert state in cells.values(), state
    assert {c for c, s in cells.items() if s == "mine"} == set(view["observation"]["hand"])
    assert {c for c, s in cells.items() if s == "their_taken"} == set(
        view["observation"]["opponent_known"]
    )

    # The feed estimate: on every card in hand, the server's number as a percentage.
    badges: dict[str, str] = dict(
        page.eval_on_selector_all(
            "#hand .card",
            "nodes => nodes.map(n => [n.dataset.card, n.querySelector('.feed-badge').textContent])",
        )
    )
    assert set(badges) == set(view["observation"]["hand"])
    for card, text in badges.items():
        assert text == percent(aids["feed"][card])

    # The knock advisor: the least deadwood knock and its undercut risk.
    best = aids["knock_advice"][0]
    advice = page.inner_text("#knock-advice")
    assert advice.startswith(
        f"Knock with {best['deadwood']} (throw the {text_of(best['card'])}): undercut risk "
        + percent(best["undercut_risk"])
    ), advice
    assert 0 <= best["undercut_risk"] <= 1
    shot(table, f"aids-01-hand-{device}")
    # In the knock dialog, beside each card to throw, its undercut risk.
    page.click("#knock")
    page.wait_for_selector("dialog[open] .knock-risk")
    risks = dict(
        page.eval_on_selector_all(
            "dialog[open] .knock-choice",
            "nodes => nodes.map(n => [n.dataset.card, n.querySelector('.knock-risk').textContent])",
        )
    )
    assert risks == {
        a["card"]: f"undercut risk {percent(a['undercut_risk'])}" for a in aids["knock_advice"]
    }
    shot(table, f"aids-03-knock-dialog-{device}")
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog[open]", state="detached")
    page.locator("#tracker").scroll_into_view_if_needed()
    shot(table, f"aids-02-tracker-{device}")

    # Turned off again, each goes (and stays gone).
    for aid in ("tracker", "feed", "knock"):
        page.uncheck(f"#aid-{aid}")
    page.reload()
    page.wait_for_selector("#hand .card")
    assert page.locator("#tracker, .feed-badge, #knock-advice").count() == 0
    table.close()
