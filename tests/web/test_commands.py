"""``ginrummy verify`` and ``ginrummy serve`` (the server itself runs in test_restart)."""

from __future__ import annotations

import io
import json

import pytest

from cardtable.cards import commitment
from cardtable.cli.gin import main
from cardtable.gin.deal import deal_from_seed


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    status = main(list(argv), out)
    return status, out.getvalue()


def test_verify_checks_a_seed_against_its_commitment_and_prints_the_deal() -> None:
    seed = "b46254a1e3d2e2c8"
    deal = deal_from_seed(seed)
    status, text = run("verify", seed, commitment(seed), "--hand", str(deal.hands[1]))
    assert status == 0
    assert "matches the commitment" in text and "your hand is the one" in text
    assert f"upcard     {deal.upcard}" in text
    assert " ".join(str(c) for c in deal.stock) in text


def test_verify_reports_a_mismatch(capsys: pytest.CaptureFixture[str]) -> None:
    status, text = run("verify", "one seed", commitment("another seed"), "--upcard", "AS")
    assert status == 1 and "DOES NOT MATCH" in text
    assert "does not match" in capsys.readouterr().err


def test_verify_as_json() -> None:
    seed = "42"
    deal = deal_from_seed(seed)
    status, text = run(
        "verify", seed, commitment(seed).upper(), "--upcard", str(deal.upcard), "--json"
    )
    data = json.loads(text)
    assert status == 0 and data["ok"] and data["checks"] == {"commitment": True, "upcard": True}
    assert len(data["non_dealer"]) == len(data["dealer"]) == 10 and len(data["stock"]) == 31


def test_verify_refuses_bad_cards(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("verify", "seed", "--hand", "ZZ")[0] == 2
    assert "unknown card" in capsys.readouterr().err


def test_serve_has_its_options(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    text = capsys.readouterr().out
    assert "--host" in text and "--port" in text and "--database" in text
