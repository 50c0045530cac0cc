"""The rules pages of ``docs/rules`` served as HTML, so the table's help can open them.

The pages are the project's own (``docs/rules/gin.md``); the package carries them as
``cardtable/web/rules/`` (links to the docs folder, followed when the package is built).
Markdown is rendered with markdown-it (raw HTML in the page is escaped, not passed through).
"""

from __future__ import annotations

import html
import re
from functools import cache
from pathlib import Path
from typing import Final

from markdown_it import MarkdownIt
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from cardtable.web.errors import ApiError

__all__ = ["RULES", "render_rules", "rules_page"]

RULES: Final = Path(__file__).parent / "rules"
_GAME: Final = re.compile(r"[a-z]{1,16}")


@cache
def render_rules(game: str) -> str:
    """The rules page of ``game`` as a whole HTML document."""
    source = RULES / f"{game}.md"
    if not _GAME.fullmatch(game) or not source.is_file():
        raise ApiError(404, f"no rules page for {game!r}")
    text = source.read_text(encoding="utf-8")
    body = MarkdownIt("commonmark", {"html": False}).enable("table").render(text)
    title = next((line[2:].strip() for line in text.splitlines() if line.startswith("# ")), game)
    return (
        '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{html.escape(title)}</title>\n"
        '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">\n'
        '<link rel="stylesheet" href="/static/css/rules.css">\n</head>\n<body>\n'
        '<nav class="rules-nav"><a href="/">Back to the table</a></nav>\n'
        f'<main class="rules">\n{body}</main>\n</body>\n</html>\n'
    )


async def rules_page(request: Request) -> Response:
    page = render_rules(request.path_params["game"])
    return HTMLResponse(page, headers={"Cache-Control": "no-cache"})
