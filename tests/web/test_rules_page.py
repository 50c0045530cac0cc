"""The rules pages of docs/rules, served by the web table for its help to link to."""

from __future__ import annotations

from starlette.testclient import TestClient

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
