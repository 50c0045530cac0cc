"""The page knows no game (issue 37, points 1 and 2), in a real browser (Playwright driving
Debian's chromium, headless; one launch for the module).

The lobby is built from the server's registry (GET /api/options): its games, each one's
settings form with the engine's bounds. Each game's own table is loaded from its package at
``/static/games/<name>/table.js``; and the generic screen, which plays any game from its
seat view's ``basics``, plays gin at ``?screen=generic`` for a few turns, by buttons and by
keys. Screenshots of the lobby and the generic screen go to the artifacts folder."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from cardtable.games import games
from cardtable.table import SeatSpec, TableService

from .test_browser import Table
from .webhelpers import LiveServer, worker_table

LAPTOP = {"width": 1280, "height": 720}
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[LiveServer, TableService]]:
    yield from worker_table(tmp_path_factory.mktemp("game-screens"))


@pytest.fixture
def table(browser: Any, served: tuple[LiveServer, TableService]) -> Iterator[Table]:
    opened = Table(browser, served[0], LAPTOP)
    yield opened
    opened.close()


def against_computer(service: TableService, game: str, seed: str) -> tuple[str, str]:
    rules = service.make_rules(game, None, {})
    seats = (SeatSpec("human", "Ann"), SeatSpec("computer", level="random"))
    made = service.create_match(seats, rules=rules, seed=seed, first_dealer=1, game=game)
    token = made.tokens[0]
    assert token is not None
    return made.match_id, token


def test_each_games_screen_is_served_from_its_own_package(client: TestClient) -> None:
    options = client.get("/api/options").json()
    for entry in options["games"]:
        screen = entry["screen"]
        assert screen == f"/static/games/{entry['game']}/table.js"
        served = client.get(screen)
        assert served.status_code == 200
        assert "javascript" in served.headers["content-type"]
        assert "export" in served.text
        for style in entry["styles"]:
            assert style.startswith(f"/static/games/{entry['game']}/")
            assert client.get(style).headers["content-type"].startswith("text/css")
    # The page's own folder holds no game's table any more.
    assert client.get("/static/js/match-view.js").status_code == 404
    assert client.get("/static/js/cribbage-view.js").status_code == 404
    assert client.get("/static/css/cribbage.css").status_code == 404
    assert "cribbage.css" not in client.get("/").text
    # Only the screen's folder: not the game's Python beside it.
    assert client.get("/static/games/gin/..%2Fgame.py").status_code == 404
    assert client.get("/static/games/gin/%2e%2e/game.py").status_code == 404


def test_a_seat_view_carries_the_basics_of_the_generic_screen(
    client: TestClient, service: TableService
) -> None:
    match_id, token = against_computer(service, "gin", "basics-seed")
    view = client.get(f"/api/matches/{match_id}", headers={"Authorization": f"Bearer {token}"})
    basics = view.json()["basics"]
    assert basics["seat"] == 0
    assert len(basics["hand"]) == 10
    assert [c["action"] for c in basics["choices"]] == view.json()["legal_actions"]


def test_the_lobby_offers_the_registrys_games_and_their_settings(table: Table) -> None:
    page = table.page
    table.open("/")
    page.wait_for_selector("#new-match #set-target", state="attached")
    offered = page.eval_on_selector_all("input[name=game]", "(nodes) => nodes.map((n) => n.value)")
    assert offered == [g.name for g in games()]
    first = games()[0]
    bounds = {s.name: (s.low, s.high) for s in first.settings() if s.kind == "int"}
    for name, (low, high) in bounds.items():
        assert page.get_attribute(f"#set-{name}", "min") == str(low)
        assert page.get_attribute(f"#set-{name}", "max") == str(high)
    assert page.inner_text(".hero h1") == first.title
    table.shot("lobby-1280x720")
    # Another game chosen: its own form, words and lesson.
    second = games()[1]
    page.click(f"input[name=game][value={second.name}]", force=True)
    page.wait_for_function(
        "(title) => document.querySelector('.hero h1').textContent === title", arg=second.title
    )
    for setting in second.settings():
        assert page.locator(f"#set-{setting.name}").count() == 1
    assert page.get_attribute("#start-lesson", "href") == f"#/lesson/{second.name}"


def test_each_games_own_table_is_loaded_from_its_package(
    table: Table, served: tuple[LiveServer, TableService]
) -> None:
    loaded: list[str] = []
    table.page.on("request", lambda request: loaded.append(request.url))
    for entry in games():
        match_id, token = against_computer(served[1], entry.name, f"own-{entry.name}")
        table.open(f"/#/play/{match_id}/{token}")
        table.page.wait_for_selector(".table-layout")
        assert table.page.locator("#generic-table").count() == 0
        assert any(url.endswith(f"/static/games/{entry.name}/table.js") for url in loaded)
        table.open("/")  # the next hash change opens the next seat anew


def play_generic(table: Table, turns: int, keys: bool) -> int:
    """Play ``turns`` of this seat's turns on the generic screen (the first choice each time,
    by its key or by its button); how many were played."""
    page = table.page
    played = 0
    for _ in range(turns):
        page.wait_for_selector("#generic-choices .generic-choice:not([disabled]), #generic-lobby")
        if page.locator("#generic-lobby").count():
            break
        before = page.get_attribute("#generic-table", "data-count")
        if keys:
            page.keyboard.press("1")
        else:
            page.click("#generic-choices .generic-choice >> nth=0")
        page.wait_for_function(
            "(before) => document.querySelector('#generic-table').dataset.count !== before",
            arg=before,
        )
        played += 1
    return played


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["1280x720", "390x844"])
def test_the_generic_screen_plays_gin(
    browser: Any, served: tuple[LiveServer, TableService], viewport: dict[str, int]
) -> None:
    server, service = served
    table = Table(browser, server, viewport)
    try:
        match_id, token = against_computer(service, "gin", f"generic-{viewport['width']}")
        table.open(f"/?screen=generic#/play/{match_id}/{token}")
        page = table.page
        page.wait_for_selector("#generic-table")
        assert page.locator(".table-layout").count() == 0
        assert page.locator("#generic-hand-title + .generic-chips li").count() == 10
        assert page.inner_text(".generic-head h1") == "Gin Rummy"
        size = f"{viewport['width']}x{viewport['height']}"
        table.shot(f"generic-gin-{size}", full_page=True)
        assert play_generic(table, 3, keys=False) == 3
        assert play_generic(table, 3, keys=True) == 3
        events = page.locator("#generic-events li").count()
        assert events >= 6
        # Nothing overflows the window sideways.
        wide = page.evaluate("document.documentElement.scrollWidth")
        assert wide <= viewport["width"]
        table.shot(f"generic-gin-{size}-played", full_page=True)
        stored = service.view(match_id, token)
        assert stored.action_count >= 6
    finally:
        table.close()
