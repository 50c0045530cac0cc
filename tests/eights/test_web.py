"""Eights at the web table, with no edit outside tests/eights: the lobby offers it (from the
registry, through GET /api/options), its settings form is its own, and a match against the
computer set up there is played to the end on the generic screen (the game has no web screen
of its own), at a laptop's size and a phone's, in a real browser (Playwright driving Debian's
chromium, headless)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from cardtable.table import TableService
from tests.web.test_browser import Table
from tests.web.webhelpers import LiveServer, worker_table

SIZES = {"1280x720": {"width": 1280, "height": 720}, "390x844": {"width": 390, "height": 844}}


@pytest.fixture(scope="module")
def served(
    tmp_path_factory: pytest.TempPathFactory, eights_installed: None
) -> Iterator[tuple[LiveServer, TableService]]:
    yield from worker_table(tmp_path_factory.mktemp("eights-web"))


def test_the_options_offer_eights_with_no_screen_of_its_own(
    served: tuple[LiveServer, TableService],
) -> None:
    from cardtable.web.app import create_app

    with TestClient(create_app(served[1])) as client:
        options = client.get("/api/options", params={"game": "eights"}).json()
    assert options["game"] == "eights"
    assert options["screen"] is None  # the generic screen plays it
    assert "eights" in [entry["game"] for entry in options["games"]]
    assert {field["name"] for field in options["fields"]} == {"target", "hand_size"}


@pytest.mark.parametrize("size", list(SIZES))
def test_a_match_set_up_in_the_lobby_is_played_to_the_end_on_the_generic_screen(
    browser: Any, served: tuple[LiveServer, TableService], size: str
) -> None:
    server, service = served
    table = Table(browser, server, SIZES[size])
    page = table.page
    try:
        table.open("/")
        page.wait_for_selector("input[name=game][value=eights]", state="attached")
        page.click("input[name=game][value=eights]", force=True)
        page.wait_for_selector(".lobby[data-game=eights] #set-hand_size", state="attached")
        assert page.inner_text(".hero h1") == "Eights"
        # No rules page for Eights here: no link to one, and no lesson offered.
        assert page.locator("#rules-link").is_hidden()
        assert page.locator("#start-lesson").count() == 0
        page.select_option("#level", "random")
        page.select_option("#preset", "short")
        page.click("details.custom summary")
        page.fill("#set-target", "10")
        page.click("#start-match")
        page.wait_for_selector("#generic-table[data-game=eights]")
        assert page.locator("#generic-hand-title + .generic-chips li").count() == 5
        table.shot(f"eights-generic-{size}", full_page=True)
        moves = 0
        ready = "#generic-choices .generic-choice:not([disabled]), #generic-lobby"
        while True:
            page.wait_for_selector(ready)
            if page.locator("#generic-lobby").count():
                break
            before = page.get_attribute("#generic-table", "data-count")
            if moves % 2:
                page.keyboard.press("1")
            else:
                page.click("#generic-choices .generic-choice >> nth=0")
            page.wait_for_function(
                "(before) => document.querySelector('#generic-table').dataset.count !== before",
                arg=before,
            )
            moves += 1
            assert moves < 500
        assert "won the match" in page.inner_text("#generic-status")
        assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"]
        table.shot(f"eights-generic-{size}-over", full_page=True)
        match_id = page.evaluate("location.hash").split("/")[2]
        assert service.summary(match_id).status == "finished"
        assert moves > 0
    finally:
        table.close()
