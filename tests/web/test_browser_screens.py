"""The browser table on ordinary screens (issue 36, point 4), in a real browser (Playwright
driving Debian's chromium, headless; one launch for the module).

At the commonest laptop sizes (1280x720, 1366x768; 1366x800 with the lay-away advisor on) and
a phone's (390x844), no two of the table's regions overlap, in either game: the opponent, the
board, the piles and their labels, the play, the status, your tag with the sort bar, your hand,
the advice and the buttons; on a laptop the whole felt fits the window. The tests after those
check the page's words and manners around the table, each named for what it checks.
Screenshots go to the artifacts folder (``tests/paths.py``)."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest

from cardtable.cards import parse_card, parse_cards
from cardtable.cribbage import views as cribbage_views
from cardtable.cribbage.hand import ShowRecord
from cardtable.table import SeatSpec, TableService

from .test_browser import Table
from .webhelpers import LiveServer, worker_table

SIZES = {
    "1280x720": {"width": 1280, "height": 720},
    "1366x768": {"width": 1366, "height": 768},
    "1366x800": {"width": 1366, "height": 800},
    "390x844": {"width": 390, "height": 844},
}
PHONE = "390x844"

# The table's regions: (name, selector, whether to measure the text rather than the box: a
# label's box may be narrower than its words).
CRIBBAGE_REGIONS = [
    ("opponent", ".crib-opponent .player-tag", False),
    ("opponent's cards", ".crib-opponent .opp-hand", False),
    ("board legend", "#board .board-legend", False),
    ("board", "#board .crib-board-svg", False),
    ("deck", "#starter .stack", False),
    ("deck label", "#starter .pile-label", True),
    ("crib", "#crib .stack", False),
    ("crib label", "#crib .pile-label", True),
    ("your crib cards", "#my-crib-cards", True),
    ("play", "#play-lane", False),
    ("status", "#status", False),
    ("hint", "#hint", False),
    ("you and the sort bar", ".my-area .player-tag.me", False),
    ("hand", "#hand .group-cards", False),
    ("lay-away advisor", "#lay-away-advice", False),
    ("buttons", ".my-area .actions", False),
]
GIN_REGIONS = [
    ("opponent", ".opponent-area .player-tag", False),
    ("opponent's cards", ".opponent-area .opp-hand", False),
    ("stock", "#stock .stack", False),
    ("stock label", "#stock .pile-label", True),
    ("discards", "#discard-pile .stack", False),
    ("discard label", "#discard-pile .pile-label", True),
    ("status", "#status", False),
    ("hint", "#hint", False),
    ("you and the sort bar", ".my-area .player-tag.me", False),
    ("hand", "#hand", False),
    ("knock advice", "#knock-advice", False),
    ("buttons", ".my-area .actions", False),
]

# Each visible region's box (or its text's), and how far the felt would scroll.
BOXES = """(regions) => {
  const boxes = [];
  for (const [name, selector, text] of regions) {
    for (const node of document.querySelectorAll(selector)) {
      const style = getComputedStyle(node);
      if (style.visibility === "hidden" || style.display === "none") continue;
      let rect = node.getBoundingClientRect();
      if (text) {
        const range = document.createRange();
        range.selectNodeContents(node);
        rect = range.getBoundingClientRect();
      }
      if (rect.width < 1 || rect.height < 1) continue;
      boxes.push({ name, left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom });
    }
  }
  const felt = document.querySelector(".felt");
  const hidden = felt.scrollHeight - felt.clientHeight;
  return { boxes, felt: { bottom: felt.getBoundingClientRect().bottom }, hidden };
}"""


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[LiveServer, TableService]]:
    yield from worker_table(tmp_path_factory.mktemp("screens"))


def match_against(
    service: TableService, game: str, seed: str, level: str = "intermediate"
) -> tuple[str, str]:
    """A match of ``game`` under the default rules against the computer, which deals first:
    this seat acts first, and the crib is the computer's ("Intermediate's crib")."""
    rules = service.make_rules(game, "standard", {})
    seats = (SeatSpec("human", "Ann"), SeatSpec("computer", level=level))
    made = service.create_match(seats, rules=rules, seed=seed, first_dealer=1, game=game)
    token = made.tokens[0]
    assert token is not None
    return made.match_id, token


def open_seat(table: Table, match_id: str, token: str, phase: str | None = None) -> None:
    """The seat's page, once it is this seat's turn (in ``phase``, for Cribbage)."""
    table.open(f"/#/play/{match_id}/{token}")
    where = f'[data-phase="{phase}"]' if phase else ""
    table.page.wait_for_selector(f".table-layout.my-turn{where}")
    table.idle()


def hand_cards(table: Table) -> list[str]:
    cards: list[str] = table.page.eval_on_selector_all(
        "#hand .card", "nodes => nodes.map((n) => n.dataset.card)"
    )
    return cards


def pick(table: Table, card: str) -> None:
    table.page.click(f'#hand .card[data-card="{card}"]', position={"x": 10, "y": 30})


def overlaps(boxes: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """Each pair of regions that share more than a pixel each way."""
    found = []
    for index, a in enumerate(boxes):
        for b in boxes[index + 1 :]:
            across = min(a["right"], b["right"]) - max(a["left"], b["left"])
            down = min(a["bottom"], b["bottom"]) - max(a["top"], b["top"])
            if across > 1 and down > 1:
                found.append((a["name"], b["name"]))
    return found


def check_layout(table: Table, regions: list[tuple[str, str, bool]], size: str, shot: str) -> None:
    """No two regions overlap; on a laptop the felt fits the window, nothing scrolled away."""
    table.shot(f"screens-{shot}-{size}")
    measured = table.page.evaluate(BOXES, [list(region) for region in regions])
    boxes = measured["boxes"]
    assert {"hand", "status", "buttons"} <= {box["name"] for box in boxes}
    assert overlaps(boxes) == [], f"{shot} at {size}"
    if size != PHONE:
        assert measured["hidden"] <= 1, f"the felt scrolls at {size}"
        assert measured["felt"]["bottom"] <= SIZES[size]["height"]


def labels_apart(table: Table, first: str, second: str) -> None:
    """Two pile labels side by side: their words a clear gap apart (not "STARTERINTERMEDIATE'S")."""
    texts = table.page.evaluate(BOXES, [["first", first, True], ["second", second, True]])["boxes"]
    a, b = sorted(texts, key=lambda box: box["left"])
    assert b["left"] - a["right"] >= 8, texts


@pytest.mark.parametrize("size", list(SIZES))
def test_the_cribbage_table_fits_an_ordinary_screen(
    browser: Any, served: tuple[LiveServer, TableService], size: str
) -> None:
    server, service = served
    match_id, token = match_against(service, "cribbage", f"screens-{size}")
    table = Table(browser, server, SIZES[size])
    page = table.page
    open_seat(table, match_id, token, "discard")
    if size == "1366x800":  # the lay-away advisor on, under the hand
        page.check("#aid-layaway")
        page.wait_for_selector("#lay-away-advice")
        table.idle()
    assert page.inner_text("#crib .pile-label").lower() == "intermediate's crib"
    check_layout(table, CRIBBAGE_REGIONS, size, "cribbage-laying-away")
    labels_apart(table, "#starter .pile-label", "#crib .pile-label")

    # The play: the starter cut, its label beside the crib's, your two cards named below it.
    for card in hand_cards(table)[:2]:
        pick(table, card)
    page.click("#lay-away")
    table.idle()
    page.wait_for_selector('.table-layout.my-turn[data-phase="play"]')
    table.idle()
    assert page.inner_text("#starter .pile-label").lower() == "starter"
    check_layout(table, CRIBBAGE_REGIONS, size, "cribbage-play")
    labels_apart(table, "#starter .pile-label", "#crib .pile-label")
    table.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_the_gin_table_fits_an_ordinary_screen(
    browser: Any, served: tuple[LiveServer, TableService], size: str
) -> None:
    server, service = served
    match_id, token = match_against(service, "gin", f"screens-gin-{size}")
    table = Table(browser, server, SIZES[size])
    open_seat(table, match_id, token)
    check_layout(table, GIN_REGIONS, size, "gin-upcard")
    labels_apart(table, "#stock .pile-label", "#discard-pile .pile-label")
    table.close()


# Every title the page has had, from before the script runs (an init script runs first).
WATCH_TITLES = """
window.titlesSeen = [];
const noteTitle = () => {
  const seen = window.titlesSeen;
  if (document.title && seen[seen.length - 1] !== document.title) seen.push(document.title);
};
new MutationObserver(noteTitle).observe(document, {
  subtree: true, childList: true, characterData: true,
});
document.addEventListener("readystatechange", noteTitle);
"""


def test_the_title_names_the_game_from_the_first_moment(
    browser: Any, served: tuple[LiveServer, TableService]
) -> None:
    """Before the script runs the page is "Card Table"; a Cribbage seat's link then says
    Cribbage, never Gin Rummy on the way; a gin seat's says Gin Rummy."""
    server, service = served
    table = Table(browser, server, SIZES["1280x720"])
    page = table.page
    page.add_init_script(WATCH_TITLES)
    match_id, token = match_against(service, "cribbage", "screens-title")
    open_seat(table, match_id, token, "discard")
    assert page.evaluate("window.titlesSeen") == ["Card Table", "Cribbage"]
    assert page.inner_text(".brand") == "Cribbage"
    table.close()
    gin = Table(browser, server, SIZES["1280x720"])
    gin.page.add_init_script(WATCH_TITLES)
    open_seat(gin, *match_against(service, "gin", "screens-title-gin"))
    assert gin.page.evaluate("window.titlesSeen") == ["Card Table", "Gin Rummy"]
    gin.close()


def test_each_game_keeps_its_own_learning_aid_switches(
    browser: Any, served: tuple[LiveServer, TableService]
) -> None:
    server, service = served
    gin = match_against(service, "gin", "screens-aids-gin")
    cribbage = match_against(service, "cribbage", "screens-aids-crib")
    table = Table(browser, server, SIZES["1366x768"])
    page = table.page
    open_seat(table, *gin)
    page.check("#aid-tracker")
    page.wait_for_selector("#tracker")

    # Cribbage's tracker is its own switch: still off, and no tracker drawn.
    open_seat(table, *cribbage, "discard")
    assert not page.is_checked("#aid-tracker")
    assert page.locator("#tracker").count() == 0
    page.check("#aid-layaway")
    page.wait_for_selector("#lay-away-advice")
    page.check("#aid-tracker")
    page.wait_for_selector("#tracker")

    # Gin's switches as they were: the tracker on (as set there), its other aids off.
    page.goto(f"{server.url}/#/")
    open_seat(table, *gin)
    page.wait_for_selector("#tracker")
    assert not page.is_checked("#aid-feed") and not page.is_checked("#aid-knock")
    page.uncheck("#aid-tracker")
    page.wait_for_selector("#tracker", state="detached")
    open_seat(table, *cribbage, "discard")
    assert page.is_checked("#aid-tracker") and page.is_checked("#aid-layaway")
    page.wait_for_selector("#tracker")
    table.close()


def test_a_table_of_two_people_has_no_computers_pace(
    browser: Any, served: tuple[LiveServer, TableService]
) -> None:
    server, service = served
    rules = service.make_rules("cribbage", "standard", {})
    people = (SeatSpec("human", "Ann"), SeatSpec("human", "Bob"))
    made = service.create_match(people, rules=rules, seed="screens-friend", game="cribbage")
    token = made.tokens[0]
    assert token is not None
    table = Table(browser, server, SIZES["1366x768"])
    page = table.page
    table.open(f"/#/play/{made.match_id}/{token}")
    page.wait_for_selector("#table-settings #aid-tracker")
    assert page.locator("#pace").count() == 0
    assert "pace" not in page.inner_text("#table-settings").lower()
    table.close()


def finish_friend_match(service: TableService, seed: str) -> tuple[str, str]:
    """A gin match between two people, played through the service to its end (to 1 point:
    the first hand won ends it); its id and the first seat's token."""
    rules = service.make_rules("gin", "standard", {"target": 1})
    made = service.create_match((SeatSpec("human", "Ann"), SeatSpec("human", "Bob")), rules, seed)
    tokens = [t for t in made.tokens if t is not None]
    for _ in range(400):
        views = [service.view(made.match_id, t) for t in tokens]
        if views[0].status != "active":
            return made.match_id, tokens[0]
        seat = next(i for i, v in enumerate(views) if v.legal_actions)
        legal = views[seat].legal_actions
        ends = [a for a in legal if a.startswith(("gin", "knock"))]
        moves = ends or [a for a in legal if a in ("draw", "pass")] or legal
        service.act(made.match_id, tokens[seat], moves[0])
    raise AssertionError("the match did not end")


def test_the_lobby_lists_finished_matches_newest_first(
    browser: Any, served: tuple[LiveServer, TableService]
) -> None:
    server, service = served
    finished = []
    for index in range(3):
        finished.append(finish_friend_match(service, f"screens-lobby-{index}"))
        time.sleep(0.01)  # the store keeps milliseconds
    playing = match_against(service, "gin", "screens-lobby-playing")
    # This browser's seats as it keeps them (the last opened first): not the order they ended.
    held = [finished[0], finished[2], playing, finished[1]]
    seats = [{"match_id": m, "token": t, "seat": 0} for m, t in held]
    table = Table(browser, server, SIZES["1280x720"])
    page = table.page
    page.add_init_script(f"localStorage.setItem('ginrummy:seats', {json.dumps(json.dumps(seats))})")
    table.open("/")
    page.wait_for_selector("#match-list .match-row")
    shown = page.eval_on_selector_all(
        "#match-list .match-row", "rows => rows.map((r) => r.dataset.match)"
    )
    # The match in play first, then the finished ones from the last to end.
    assert shown == [playing[0], finished[2][0], finished[1][0], finished[0][0]]
    table.shot("screens-lobby-order")
    table.close()


def test_cards_picked_for_the_crib_survive_a_reload(
    browser: Any, served: tuple[LiveServer, TableService]
) -> None:
    server, service = served
    match_id, token = match_against(service, "cribbage", "screens-picks")
    table = Table(browser, server, SIZES["1366x768"])
    page = table.page
    open_seat(table, match_id, token, "discard")
    first, second, third = hand_cards(table)[1:4]
    for card in (first, third, third, second):  # the third picked, then put back
        pick(table, card)
    page.reload()
    page.wait_for_selector('.table-layout.my-turn[data-phase="discard"]')
    table.idle()
    picked = page.eval_on_selector_all(
        "#hand .card.selected", "nodes => nodes.map((n) => n.dataset.card)"
    )
    assert sorted(picked) == sorted([first, second])
    assert page.is_enabled("#lay-away")
    table.shot("screens-picks-after-reload")
    page.click("#lay-away")  # the server still says whether they may go
    table.idle()
    page.wait_for_selector('.table-layout.my-turn[data-phase="play"]')
    laid = service.view(match_id, token).to_json()["laid_away"]
    assert sorted(laid) == sorted([first, second])
    table.close()


# A refusal as the page words it (api.js), for an action sent as the page sends one.
REFUSAL = """async ([matchId, token, action]) => {
  const { api } = await import("/static/js/api.js");
  try {
    await api.act(matchId, token, action, null);
  } catch (error) {
    return error.message;
  }
  return null;
}"""
WORDED = """async (text) => new (await import("/static/js/api.js")).ApiError(422, text).message"""


def test_refusals_read_as_sentences_with_suit_symbols(
    browser: Any, served: tuple[LiveServer, TableService]
) -> None:
    server, service = served
    match_id, token = match_against(service, "cribbage", "screens-words")
    table = Table(browser, server, SIZES["1366x768"])
    page = table.page
    open_seat(table, match_id, token, "discard")
    refused = page.evaluate(REFUSAL, [match_id, token, "play QC"])
    assert refused == "First each player lays away two cards to the crib."
    assert page.evaluate(WORDED, "QC would make the count 32: it may not pass 31") == (
        "Q♣ would make the count 32: it may not pass 31."
    )
    assert page.evaluate(WORDED, "TC is not in your hand") == "10♣ is not in your hand."
    assert page.evaluate(WORDED, "Done already!") == "Done already!"
    # The browser logs the refused request itself; nothing else may have gone wrong.
    assert len(table.problems) == 1 and "422" in table.problems[0]
    table.problems.clear()
    table.close()


def test_the_cribbage_lobby_says_lay_away(
    browser: Any, served: tuple[LiveServer, TableService]
) -> None:
    server, _ = served
    table = Table(browser, server, SIZES["1280x720"])
    page = table.page
    page.add_init_script("localStorage.setItem('ginrummy:last-setup', '{\"game\": \"cribbage\"}')")
    table.open("/")
    page.wait_for_selector(".lobby[data-game='cribbage'] #level")
    levels = page.inner_text("#level")
    assert "lay-away" in levels and "discard" not in page.inner_text(".lobby").lower()
    table.close()


# The show block the page draws from a show of the server's view.
SHOW_ROWS = """async (show) => {
  const { showBlock } = await import("/static/games/cribbage/cribbage-show.js");
  const block = showBlock(show, 0, ["Ann", "Bob"]);
  const rows = [...block.querySelectorAll(".show-item")];
  return rows.map((li) => [...li.children].map((c) => c.textContent));
}"""


def test_a_pair_royal_is_one_line_of_the_show(
    browser: Any, served: tuple[LiveServer, TableService]
) -> None:
    server, _ = served
    table = Table(browser, server, SIZES["1280x720"])
    table.open("/")
    table.page.wait_for_selector("#start-match")
    record = ShowRecord.of(0, "hand", tuple(parse_cards("4H 5H 6H 6S")), parse_card("6D"))
    rows = table.page.evaluate(SHOW_ROWS, cribbage_views.show_view(record).to_json())
    kinds = [row[0] for row in rows]
    assert kinds.count("Pair royal") == 1 and "Pair" not in kinds
    assert ["Pair royal", "6♠ 6♥ 6♦", "6"] in rows
    table.close()
