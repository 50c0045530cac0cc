"""The rules page as the table's help (issue 12, point 6): each game's page ends with every
setting the server keeps, its explanation and its value in each preset, and the lobby links
to it beside the rules chooser of the game chosen. Checked through HTTP, and in a real
browser on a desktop and a phone (screenshots in the artifacts folder, tests/paths.py)."""

from __future__ import annotations

import html
import os
import re
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from cardtable.table.options import lobby_options

from .test_browser import DESKTOP, PHONE, SHOTS, Table
from .webhelpers import LiveServer

GAMES = ["gin", "cribbage"]


def words(value: Any) -> str:
    """A preset's value as the page should print it."""
    if value is True:
        return "yes"
    if value is False:
        return "no"
    return "off" if value is None else str(value)


def cells(row: str) -> list[str]:
    return [html.unescape(cell) for cell in re.findall(r"<td[^>]*>(.*?)</td>", row)]


@pytest.mark.parametrize("game", GAMES)
def test_every_setting_is_on_the_page_with_its_meaning_and_preset_values(
    client: TestClient, game: str
) -> None:
    response = client.get(f"/rules/{game}")
    assert response.status_code == 200
    page = response.text
    options = lobby_options(game)
    assert options.fields and len(options.presets) > 1
    section = page[page.index('<section class="settings" id="settings"') :]
    head = re.search(r"<thead>(.*?)</thead>", section, re.S)
    assert head is not None
    columns = re.findall(r'<th scope="col">([a-z_]+)', head.group(1))
    assert columns == ["setting", *options.presets]
    for key, meaning in ((f.name, f.help) for f in options.fields):
        row = re.search(rf'<tr id="setting-{key}">(.*?)</tr>', section, re.S)
        assert row is not None, key
        assert f"<code>{key}</code>" in row.group(1)
        assert html.escape(meaning) in row.group(1), key
        expected = [words(options.presets[name].get(key)) for name in options.presets]
        assert cells(row.group(1)) == expected, key
    assert section.count("<tr id=") == len(options.fields)  # no setting twice, none made up


def test_the_two_games_pages_differ_in_their_settings(client: TestClient) -> None:
    gin = client.get("/rules/gin").text
    cribbage = client.get("/rules/cribbage").text
    assert 'id="setting-knock_threshold"' in gin and 'id="setting-knock_threshold"' not in cribbage
    assert 'id="setting-skunk_line"' in cribbage and 'id="setting-skunk_line"' not in gin
    assert '<a href="#settings">' in gin and '<a href="#settings">' in cribbage


# -- in a browser: the lobby's link opens the page --------------------------------------------


@pytest.fixture
def server(live_server: LiveServer) -> LiveServer:
    return live_server


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_the_lobby_links_the_rules_of_the_game_chosen(
    browser: Any, server: LiveServer, device: str
) -> None:
    table = Table(browser, server, DESKTOP if device == "desktop" else PHONE)
    page = table.page
    try:
        table.open("/")
        for game in GAMES:
            if game != "gin":
                page.check(f"input[name=game][value={game}]")
            link = page.wait_for_selector(f"#preset-rules[href='/rules/{game}#settings']")
            assert link is not None and link.is_visible()
            assert lobby_options(game).title in link.inner_text()
            link.scroll_into_view_if_needed()
            save_shot(page, f"help-page-lobby-{game}-{device}")
            with table.context.expect_page() as opened:
                link.click()
            rules = opened.value
            rules.wait_for_load_state()
            assert rules.url == f"{server.url}/rules/{game}#settings"
            section = rules.locator("#settings")
            assert section.is_visible()
            box = section.bounding_box()
            assert box is not None and box["y"] < rules.viewport_size["height"]  # scrolled to
            for key, meaning in ((f.name, f.help) for f in lobby_options(game).fields):
                row = rules.locator(f"#setting-{key}")
                assert row.is_visible() or row.count() == 1
                assert meaning in row.inner_text()
            width = rules.evaluate("document.documentElement.scrollWidth")
            assert width <= rules.viewport_size["width"]  # no sideways scrolling, even a phone
            save_shot(rules, f"help-page-{game}-{device}")
            rules.close()
    finally:
        table.close()


def save_shot(page: Any, name: str) -> None:
    """The page's screenshot in the artifacts folder, and where ``CARDTABLE_SHOTS`` says."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
    extra = os.environ.get("CARDTABLE_SHOTS")
    if extra:
        Path(extra).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(extra) / f"{name}.png"), full_page=False)
