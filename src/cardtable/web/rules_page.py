"""The rules pages of ``docs/rules`` served as HTML, so the table's help can open them.

The pages are the project's own (``docs/rules/gin.md``); the package carries them as
``cardtable/web/rules/`` (links to the docs folder, followed when the package is built).
Markdown is rendered with markdown-it (raw HTML in the page is escaped, not passed through).

Each page ends with the settings as the server keeps them (``#settings``): every setting with
the game's own explanation and its value in each preset, side by side, from the table layer's
lobby options, so the page never disagrees with what the lobby offers.

A page may end its players' part with :data:`WEB_END` (an HTML comment, unseen where the
Markdown is read): what follows it is for the command line, and players at the web table run
no commands, so the web page leaves it out.
"""

from __future__ import annotations

import html
import re
from functools import cache
from pathlib import Path
from typing import Any, Final

from markdown_it import MarkdownIt
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from cardtable.table.options import LobbyOptions, lobby_options
from cardtable.web.errors import ApiError

__all__ = ["RULES", "WEB_END", "render_rules", "rules_page", "setting_value", "settings_section"]

RULES: Final = Path(__file__).parent / "rules"
WEB_END: Final = "<!-- The web table's rules page ends here"
_GAME: Final = re.compile(r"[a-z]{1,16}")


@cache
def render_rules(game: str) -> str:
    """The rules page of ``game`` as a whole HTML document."""
    source = RULES / f"{game}.md"
    if not _GAME.fullmatch(game) or not source.is_file():
        raise ApiError(404, f"no rules page for {game!r}")
    text = source.read_text(encoding="utf-8").split(WEB_END, 1)[0]
    body = MarkdownIt("commonmark", {"html": False}).enable("table").render(text)
    title = next((line[2:].strip() for line in text.splitlines() if line.startswith("# ")), game)
    return (
        '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{html.escape(title)}</title>\n"
        '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">\n'
        '<link rel="stylesheet" href="/static/css/rules.css">\n</head>\n<body>\n'
        '<nav class="rules-nav"><a href="/">Back to the table</a>'
        '<a href="#settings">Settings and presets</a></nav>\n'
        f'<main class="rules">\n{body}{settings_section(lobby_options(game))}</main>\n'
        "</body>\n</html>\n"
    )


def setting_value(value: Any) -> str:
    """A preset's value as the lobby's words put it: yes or no, off for none."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "off"
    return str(value)


def settings_section(options: LobbyOptions) -> str:
    """Every setting, its explanation and its value in each preset (the default first).

    On a narrow screen the table's rows become cards (rules.css), each value labelled
    with its preset (``data-preset``)."""
    presets = list(options.presets)
    head = "".join(
        f'<th scope="col">{html.escape(name)}'
        f"{' <small>(default)</small>' if name == options.default_preset else ''}</th>"
        for name in presets
    )
    rows = []
    for field in options.fields:
        key, meaning = field.name, field.help
        values = "".join(
            f'<td data-preset="{html.escape(name)}">'
            f"{html.escape(setting_value(options.presets[name].get(key)))}</td>"
            for name in presets
        )
        rows.append(
            f'<tr id="setting-{html.escape(key)}"><th scope="row"><code>{html.escape(key)}</code>'
            f'<span class="meaning">{html.escape(meaning)}</span></th>{values}</tr>'
        )
    return (
        '<section class="settings" id="settings" aria-labelledby="settings-title">\n'
        f'<h2 id="settings-title">Settings and presets of {html.escape(options.title)}</h2>\n'
        "<p>Every setting the lobby lets you change, in the table's own words, and its value "
        "in each preset. Choose a preset in the lobby, then change any single setting.</p>\n"
        '<div class="settings-scroll"><table class="settings-table">\n'
        f'<thead><tr><th scope="col">setting</th>{head}</tr></thead>\n'
        f"<tbody>\n{chr(10).join(rows)}\n</tbody>\n</table></div>\n</section>\n"
    )


async def rules_page(request: Request) -> Response:
    page = render_rules(request.path_params["game"])
    return HTMLResponse(page, headers={"Cache-Control": "no-cache"})
