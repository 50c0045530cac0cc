"""The training example runs (a smoke run: it writes its plot and numbers, learning or not)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from tests.paths import ROOT

pytest.importorskip("matplotlib")
pytest.importorskip("gymnasium")

EXAMPLE = ROOT / "examples" / "train_linear.py"


def test_quick_training_run_writes_a_plot_and_win_rates(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("train_linear", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.main(["--quick", "--out", str(tmp_path)]) == 0
    png = tmp_path / "train_linear.png"
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    report = json.loads((tmp_path / "train_linear.json").read_text())
    assert [point["hands"] for point in report["history"]] == [0, 20, 40]
    for point in report["history"]:
        for opponent in ("random", "simple"):
            assert 0.0 <= point[opponent]["win_rate"] <= 1.0
    assert len(report["weights"]) == len(report["features"])
