"""The planned play-outs bench (bench/planned_playouts.py), whose figures the README
quotes: its copy of the expert searches knocks exactly as the expert does, plays its own
seat by the planner in the play-outs of discards, and bad options are refused."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from cardtable.cards import parse_cards
from cardtable.gin.actions import ActionKind
from cardtable.gin.hand import Hand, Observation, Phase
from cardtable.gin.melds import deadwood
from cardtable.gin.players import make_player
from cardtable.gin.players.expert import EXPERT
from cardtable.gin.players.knowledge import Knowledge
from cardtable.gin.rules import Rules
from tests.helpers import load_bench, run_bench


def _view(seed: str, knock: bool) -> Observation:
    """A discard decision of simple against simple: the first with a knock, or a plain one
    a few turns in."""
    hand = Hand.deal(Rules(), dealer=0, seed=seed)
    players = [make_player("simple"), make_player("simple")]
    while not hand.is_over:
        view = hand.observation(hand.to_act)
        can_knock = any(a.kind is ActionKind.KNOCK for a in view.legal_actions())
        wanted = can_knock if knock else not can_knock and hand.stock_count < 31
        if view.phase is Phase.DISCARD and wanted:
            return view
        hand.apply(players[hand.to_act].act(view), hand.to_act)
    raise AssertionError(f"no such decision in deal {seed}")


def _planned() -> Any:
    bench = load_bench("planned_playouts.py")
    base = {name: getattr(EXPERT, name) for name in EXPERT.__dataclass_fields__}
    return replace(bench.PlannedReasoner(**base), search_knocks_only=False, plain_rollouts=6)


def test_knock_chances_are_searched_as_the_expert_searches_them() -> None:
    planned = _planned()
    for seed in ("planned-k1", "planned-k2", "planned-k3"):
        view = _view(seed, knock=True)
        ours = planned.evaluate(view, random.Random(7))
        theirs = EXPERT.evaluate(view, random.Random(7))
        assert [(a.action, a.value) for a in ours] == [(a.action, a.value) for a in theirs]


def test_plain_discards_are_searched_with_the_planner_in_the_play_outs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    bench = load_bench("planned_playouts.py")
    calls: list[tuple[int, int]] = []
    plain = bench.Planner.discard

    def spy(self: object, hand: int, taken: int, unseen: int, turns: int) -> int:
        card = plain(self, hand, taken, unseen, turns)
        assert hand >> card & 1 and card != taken and not unseen & hand
        calls.append((hand, unseen))
        return int(card)

    monkeypatch.setattr(bench.Planner, "discard", spy)
    view = _view("planned-d1", knock=False)
    scored = _planned().evaluate(view, random.Random(3))
    assert calls, "the play-outs of the discards used the planner"
    assert bench._PLAN[0] is None
    assert {a.action for a in scored} == set(view.legal_actions())


def test_the_planner_takes_what_makes_a_meld_and_keeps_its_melds() -> None:
    bench = load_bench("planned_playouts.py")
    planner = bench.Planner(EXPERT, 10, 0.0)
    hand = parse_cards("7S 7H 4H 5H 6H KS QD 9C 2S 3D").mask
    unseen = (1 << 52) - 1 & ~hand
    seven = parse_cards("7D").mask.bit_length() - 1
    assert planner.takes(hand, seven, unseen & ~(1 << seven))
    drawn = hand | 1 << seven
    card = planner.discard(drawn, seven, unseen & ~(1 << seven), 0)
    assert card != seven and deadwood(drawn ^ 1 << card) <= deadwood(hand)


def test_the_script_prints_the_difference_and_refuses_bad_options() -> None:
    out = run_bench("planned_playouts.py", "--deals", "2", "--rollouts", "4")
    assert out.returncode == 0, out.stderr
    assert "difference" in out.stdout and "changed" in out.stdout
    for args, words in ((("--deals", "1"), "--deals must be"), (("--rollouts", "0"), "at least")):
        bad = run_bench("planned_playouts.py", *args)
        assert bad.returncode == 2 and words in bad.stderr and "Traceback" not in bad.stderr


def test_only_the_real_hand_copy_plays_out_on_the_real_hand_and_only_while_told_it() -> None:
    bench = load_bench("planned_playouts.py")
    view = _view("planned-d2", knock=False)
    knowledge = Knowledge.from_observation(view)
    real = knowledge.sample_opponent(random.Random(1), 1.0)
    knowing = replace(_planned(), real_hand=True)
    guessing = _planned()
    try:
        bench._PLAN[0] = bench.Planner(EXPERT, view.threshold, 0.0)
        bench._TRUTH[0] = real
        assert knowing._opponent(knowledge, None, random.Random(2)) == real
        guesses = {guessing._opponent(knowledge, None, random.Random(s)) for s in range(5)}
        assert len(guesses) > 1
        bench._TRUTH[0] = -1
        assert knowing._opponent(knowledge, None, random.Random(2)) != real
    finally:
        bench._PLAN[0] = None
        bench._TRUTH[0] = -1
