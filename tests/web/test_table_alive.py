"""A table that feels alive (issue 12, point 3), in a real browser on a desktop and a phone:
the deal, the draws and the throws of both seats move (Web Animations); the computer's moves
come one at a time at the chosen pace, remembered; sounds are off until turned on; a browser
that asks for reduced motion sees nothing move; the stock warns when it is nearly at the
wall. Screenshots go to the artifacts folder and ``CARDTABLE_SHOTS``."""

from __future__ import annotations

import time
from typing import Any

import pytest

from .test_arrange_hand import API_CALL, VIEWPORTS, SeatTable, server, shot
from .webhelpers import LiveServer

__all__ = ["server"]  # the fixtures, shared with the arrange tests

# Counts what the page asks of the browser: each Web Animation (by its id) and each
# AudioContext made, and logs each movement the table notes, with the time.
WATCH = """() => {
  window.__anims = [];
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (keyframes, options) {
    window.__anims.push(options && options.id);
    return animate.call(this, keyframes, options);
  };
  window.__audio = 0;
  const Audio = window.AudioContext;
  if (Audio) {
    window.AudioContext = class extends Audio {
      constructor(...args) { super(...args); window.__audio += 1; }
    };
  }
  window.__motions = [];
  const start = () => {
    const app = document.getElementById("app");
    if (!app) { setTimeout(start, 10); return; }
    new MutationObserver(() => {
      const list = (app.dataset.motions || "").split(" ");
      window.__motions.push([performance.now(), list[list.length - 1]]);
    }).observe(app, { attributes: true, attributeFilter: ["data-motions"] });
  };
  start();
}"""
WATCH_SCRIPT = f"({WATCH})()"

# Plays a friend match through the API, both seats drawing from the stock and throwing
# their first legal discard (never knocking), until the stock is down to `left` cards.
PLAY_TO_THE_WALL = (
    """async ([left]) => {
  """
    + API_CALL
    + """
  const made = await friendMatch();
  const tokens = [made.token, made.invite.token];
  for (let step = 0; step < 200; step++) {
    const views = await bothViews(made.match_id, tokens);
    const stock = views[0].observation.stock_count;
    if (stock <= left) return { id: made.match_id, tokens, stock };
    const seat = views.findIndex((v) => v.legal_actions.length > 0);
    const legal = views[seat].legal_actions;
    const move = ["pass", "draw"].find((a) => legal.includes(a))
      || legal.find((a) => a.startsWith("discard"));
    await call("POST", `/api/matches/${made.match_id}/actions`, tokens[seat], { action: move });
  }
  throw new Error("the stock did not run down");
}"""
)


def play_turns(table: SeatTable, turns: int) -> None:
    """Pass or draw, then throw the first card, for `turns` turns of this seat."""
    page = table.page
    for _ in range(turns):
        table.wait_my_turn()
        if table.visible("#pass:enabled"):
            page.click("#pass")
            table.idle()
            continue
        page.click("#stock")
        table.idle()
        table.wait_my_turn(phase="discard")
        card = table.hand("#hand .card:not(.taken)")[0]
        table.click_card(card)
        table.click_card(card)
        table.idle()


def motions(table: SeatTable) -> list[str]:
    text: str = table.page.get_attribute("#app", "data-motions") or ""
    return text.split()


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_the_deal_draws_and_throws_of_both_seats_move(
    browser: Any, server: LiveServer, device: str
) -> None:
    table = SeatTable(browser, server, VIEWPORTS[device], reduced_motion="no-preference")
    table.page.add_init_script(WATCH_SCRIPT)
    table.start_match(level="simple", target=200)
    assert "deal" in motions(table)
    assert table.page.evaluate("window.__anims.filter((id) => id === 'deal').length") >= 20
    assert table.page.input_value("#pace") == "normal"  # the default, with motion allowed
    seen: set[str] = set()
    for _ in range(8):
        play_turns(table, 1)
        seen |= set(motions(table))
        if {"draw:me", "discard:me", "discard:them"} <= seen and (
            {"draw:them", "take:them", "step:draw", "step:take"} & seen
        ):
            break
    assert {"draw:me", "discard:me", "discard:them"} <= seen, seen
    assert {"draw:them", "take:them", "step:draw", "step:take"} & seen, seen
    ids = set(table.page.evaluate("window.__anims"))
    assert {"deal", "draw", "discard"} <= ids, ids
    # Sounds are off until asked for: no audio made at all.
    assert not table.page.is_checked("#sounds")
    assert table.page.evaluate("window.__audio") == 0
    assert table.page.get_attribute("#app", "data-beeps") is None
    shot(table, f"alive-01-moves-{device}")
    table.close()


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_the_computers_moves_come_at_the_chosen_pace(
    browser: Any, server: LiveServer, device: str
) -> None:
    table = SeatTable(browser, server, VIEWPORTS[device], reduced_motion="no-preference")
    page = table.page
    page.add_init_script(WATCH_SCRIPT)
    table.start_match(level="simple", target=200)
    page.select_option("#pace", "slow")
    page.reload()
    page.wait_for_selector("#hand .card")
    assert page.input_value("#pace") == "slow"  # remembered
    gaps: list[float] = []
    captured = False
    for _ in range(6):
        page.evaluate("window.__motions = []")
        play_turns(table, 1)
        # A picture of the computer's draw shown on its own, its throw still to come.
        deadline = time.monotonic() + 3
        while not captured and time.monotonic() < deadline:
            status = page.inner_text("#status")
            if table.visible("#app.pacing") and "is playing" in status and "drew" in status:
                shot(table, f"alive-02-paced-step-{device}")
                captured = True
            time.sleep(0.05)
        table.wait_my_turn()
        log: list[list[Any]] = page.evaluate("window.__motions")
        steps = [t for t, what in log if what.startswith("step:")]
        thrown = [t for t, what in log if what == "discard:them"]
        if steps and thrown:
            gaps.append(thrown[-1] - steps[0])
    # The computer's draw shows on its own, the throw that followed 1.4 s later.
    assert gaps and min(gaps) >= 1300, gaps

    page.select_option("#pace", "instant")
    page.evaluate("window.__motions = []")
    play_turns(table, 3)
    log = page.evaluate("window.__motions")
    assert not [what for _, what in log if what.startswith("step:")], log
    assert [what for _, what in log if what == "discard:them"]  # shown whole, at once
    table.close()


def test_sounds_once_turned_on_beep_and_are_remembered(browser: Any, server: LiveServer) -> None:
    table = SeatTable(browser, server, VIEWPORTS["desktop"], reduced_motion="no-preference")
    page = table.page
    page.add_init_script(WATCH_SCRIPT)
    table.start_match(level="simple", target=200)
    page.check("#sounds")
    play_turns(table, 2)
    assert int(page.get_attribute("#app", "data-beeps") or 0) >= 2
    assert page.evaluate("window.__audio") == 1  # one context, tiny generated beeps
    page.reload()
    page.wait_for_selector("#hand .card")
    assert page.is_checked("#sounds")
    table.close()


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_reduced_motion_moves_nothing(browser: Any, server: LiveServer, device: str) -> None:
    table = SeatTable(browser, server, VIEWPORTS[device], reduced_motion="reduce")
    page = table.page
    page.add_init_script(WATCH_SCRIPT)
    table.start_match(level="simple", target=200)
    assert page.input_value("#pace") == "instant"  # no pacing either, unless chosen
    play_turns(table, 3)
    assert page.evaluate("window.__anims") == []
    assert motions(table) == []
    assert page.evaluate("document.getAnimations().length") == 0  # CSS ones too
    shot(table, f"alive-03-reduced-{device}")
    table.close()


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_the_stock_warns_near_the_wall(browser: Any, server: LiveServer, device: str) -> None:
    table = SeatTable(browser, server, VIEWPORTS[device])
    page = table.page
    table.open("/")
    page.wait_for_selector("#start-match")
    early = page.evaluate(PLAY_TO_THE_WALL, [20])
    table.open(f"/#/play/{early['id']}/{early['tokens'][0]}")
    page.wait_for_selector("#hand .card")
    assert page.locator("#stock-warning").count() == 0  # far above the wall: no warning
    late = page.evaluate(PLAY_TO_THE_WALL, [5])
    table.open(f"/#/play/{late['id']}/{late['tokens'][0]}")
    page.wait_for_selector("#stock-warning")
    left = late["stock"] - 2
    assert page.inner_text("#stock-warning").endswith(
        f"{left} card{'' if left == 1 else 's'} before the wall."
    )
    time.sleep(0.2)
    shot(table, f"alive-04-stock-warning-{device}")
    table.close()
