"""The defences bench (bench/defences.py), whose figures the research log quotes
(docs/research/experiments.md): its endings add up to every hand and its net, its gaps are
the engine's deadwood after lay-offs, and bad options are refused with one line."""

from __future__ import annotations

import json

import pytest

from cardtable.gin.showdown import Outcome
from tests.helpers import load_bench, run_bench


def test_the_endings_cover_every_hand_and_add_up_to_the_net() -> None:
    bench = load_bench("defences.py")
    results = bench.play("simple", 8, "defences-test")
    summary = bench.summarise(results)
    assert summary["hands"] == len(results) == 16
    assert sum(row["share"] for row in summary["endings"]) == pytest.approx(1.0)
    net = sum(row["share"] * row["mean_points"] for row in summary["endings"])
    assert net == pytest.approx(summary["net_points"])
    lost = [
        r.defender_deadwood - r.knocker_deadwood
        for r, seat in results
        if r.knocker == 1 - seat and r.winner == 1 - seat and r.outcome is Outcome.KNOCK
    ]
    assert summary["lost_defences"] == len(lost) > 0
    assert sum(band["hands"] for band in summary["gaps"]) == len(lost)
    assert all(gap >= 1 for gap in lost)  # a tie is an undercut: the defender wins it


def test_the_script_prints_json_and_refuses_bad_options() -> None:
    out = run_bench("defences.py", "--deals", "2", "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["hands"] == 4
    for args, words in ((("--deals", "0"), "--deals must be"), (("--opponent", "x"), "unknown")):
        bad = run_bench("defences.py", *args)
        assert bad.returncode == 2 and words in bad.stderr and "Traceback" not in bad.stderr
