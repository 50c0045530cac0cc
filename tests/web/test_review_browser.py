"""The coach's review in a real browser: a hand played by clicks, then its replay shows the
verdict of each of the seat's own moves (the points it cost, the better move, why) exactly as
the review endpoint gives them, with the worst mistakes highlighted and the accuracy above;
the opponent's moves get no verdict. Screenshots at desktop and phone sizes."""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from typing import Any

import pytest

from cardtable.table import TableService
from tests.paths import SCREENSHOTS

from .test_browser import DESKTOP, PHONE, Table
from .webhelpers import LiveServer, worker_table

SHOTS = SCREENSHOTS / "web"

VERDICT = """() => {
  const box = document.querySelector("dialog[open] .verdict-slot .verdict");
  if (!box) return null;
  return { classes: [...box.classList], loss: box.dataset.loss ?? null,
           best: box.dataset.best ?? null, index: box.dataset.index ?? null,
           text: box.textContent };
}"""


def shown_percent(value: float) -> int:
    """A percentage as the page rounds it (JavaScript's Math.round: a half goes up, where
    Python's round goes to the even neighbour)."""
    return math.floor(value + 0.5)


BADGES = """async ([matchId, token, seat]) => {
  const review = await import("/static/js/review.js");
  const nodes = [review.accuracyBadge({ matchId, token, seat }, 1),
                 review.accuracyBadge({ matchId, token, seat })];
  for (let i = 0; i < 200 && nodes.some((n) => n.classList.contains("loading")); i++) {
    await new Promise((done) => setTimeout(done, 50));
  }
  return nodes.map((n) => n.textContent);
}"""


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[LiveServer, TableService]]:
    yield from worker_table(tmp_path_factory.mktemp("review-browser"))


def play_one_hand(table: Table) -> None:
    """Clicks until the first hand's showdown, then on to the next hand."""
    for _ in range(600):
        what = table.play_turn()
        if what == "showdown":
            table.page.click("#next-hand")
            table.idle()
            return
        if what == "wait":
            time.sleep(0.05)
    raise AssertionError("the hand did not end")


def seat_of_page(table: Table) -> tuple[str, str]:
    parts = str(table.page.evaluate("location.hash")).split("/")
    return parts[2], parts[3]  # "#/play/<match>/<token>"


@pytest.mark.parametrize(("screen", "viewport"), [("desktop", DESKTOP), ("phone", PHONE)])
def test_the_replay_shows_the_reviews_verdicts(
    browser: Any, served: tuple[LiveServer, TableService], screen: str, viewport: dict[str, int]
) -> None:
    server, service = served
    table = Table(browser, server, viewport)
    page = table.page
    table.start_match(level="random", target=500)
    play_one_hand(table)
    match_id, token = seat_of_page(table)
    review = service.review(match_id, token, deal=1)
    seat = review["seat"]
    decisions: list[dict[str, Any]] = review["decisions"]  # type: ignore[assignment]
    assert decisions and all(d["seat"] == seat for d in decisions)
    mine = {d["index"]: d for d in decisions}

    page.click('.replays button[data-deal="1"]')
    page.wait_for_selector("dialog[open] .replay .review-summary")
    summary = page.inner_text("dialog[open] .review-accuracy.hand")
    accuracy = review["accuracy"][str(seat)]  # type: ignore[index]
    assert f"Accuracy {shown_percent(accuracy)}%" in summary
    total = int(page.inner_text(".replay-count").split("/")[1])
    assert total == len(service.replay_hand(match_id, token, 1).actions)
    shown_mine = 0
    for step in range(1, total + 1):
        page.click("#replay-next")
        verdict = page.evaluate(VERDICT)
        assert verdict is not None, step
        decision = mine.get(step - 1)
        if decision is None:  # the opponent's move: no verdict of theirs
            assert "theirs" in verdict["classes"] and verdict["loss"] is None
            continue
        shown_mine += 1
        assert verdict["loss"] == f"{decision['loss']:.1f}"
        assert verdict["best"] == decision["best"]
        assert ("worst" in verdict["classes"]) == decision["worst"]
        if decision["forced"]:
            assert "forced" in verdict["classes"]
        elif decision["loss"] == 0:
            assert "best" in verdict["classes"] and "Best move" in verdict["text"]
        else:
            assert "mistake" in verdict["classes"]
            assert f"Cost {decision['loss']:.1f} points" in verdict["text"]
    assert shown_mine == len(decisions)

    worst = [d for d in decisions if d["worst"]]
    picks = page.locator("dialog[open] .worst-pick")
    assert picks.count() == len(worst)
    if worst:  # a worst mistake's button shows its step, highlighted
        picks.first.click()
        verdict = page.evaluate(VERDICT)
        assert "worst" in verdict["classes"]
        assert int(verdict["index"]) == review["worst"][0]["index"]  # type: ignore[index]
    # The accuracy line the dialogs after a hand and at the end of a match can show.
    badges = page.evaluate(BADGES, [match_id, token, seat])
    assert badges[0] == f"This hand: {summary.split(': ', 1)[1]}"
    whole = service.review(match_id, token)
    match_accuracy = whole["accuracy"][str(seat)]  # type: ignore[index]
    assert badges[1].startswith(f"Match: Accuracy {shown_percent(match_accuracy)}%")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"30-review-{screen}.png"))
    table.close()
