"""The rules pages of docs/rules, served by the web table for its help to link to."""

from __future__ import annotations

import re

from starlette.testclient import TestClient

from cardtable.web import rules_page
from tests.paths import ROOT


def test_the_gin_rules_page_is_the_docs_page_as_html(client: TestClient) -> None:
    response = client.get("/rules/gin")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    page = response.text
    source = (ROOT / "docs" / "rules" / "gin.md").read_text(encoding="utf-8")
    title = next(line[2:] for line in source.splitlines() if line.startswith("# "))
    assert f"<title>{title}</title>" in page and f"<h1>{title}</h1>" in page
    assert page.count("<h2>") == sum(line.startswith("## ") for line in source.splitlines())
    assert "<table>" in page and "knock_threshold" in page
    assert 'href="/static/css/rules.css"' in page
    assert "content-security-policy" in response.headers
    assert client.get("/static/css/rules.css").status_code == 200


def test_an_unknown_rules_page_is_a_json_404(client: TestClient) -> None:
    for game in ("poker", "GIN", "..%2Fgin", "a" * 40):
        response = client.get(f"/rules/{game}")
        assert response.status_code == 404, game
        assert "error" in response.json()


def test_the_cribbage_rules_page_is_for_players_at_the_table(client: TestClient) -> None:
    """The web page writes cards as the table shows them (7♠, 10♣), never as codes (7S, TC),
    and asks no player to run a command: the docs' command-line section stays in the docs."""
    response = client.get("/rules/cribbage")
    assert response.status_code == 200
    text = re.sub(r"<[^>]+>", " ", response.text)  # what a reader sees, without the tags
    assert "7♠" in text and "10♣" in text and "5♥ 5♠ 5♣ J♦" in text
    assert not re.findall(r"\b(?:[2-9TJQKA][SHDC])\b", text)
    assert "cardtable" not in text and "--set" not in text
    assert 'id="settings"' in response.text  # the settings still end the page
    source = (ROOT / "docs" / "rules" / "cribbage.md").read_text(encoding="utf-8")
    assert rules_page.WEB_END in source  # the docs keep the commands, after the web page's end
    assert "cardtable cribbage show 5H 5S 5C JD --starter 5D" in source.split(rules_page.WEB_END)[1]
