"""The ``neural`` level: its inputs are the environments' vector, it plays legal whole matches
from its own seat's view, repeats itself, and its training script runs.

The level is registered by name when the players are imported, unlisted: listed, it would
change the ``ginrummy`` command's help and errors, whose golden text the CLI tests hold.
"""

from __future__ import annotations

import csv
import importlib.util
import io
import math
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

from cardtable.gin.hand import Hand, Observation
from cardtable.gin.match import Match
from cardtable.gin.players import make_player, player_names
from cardtable.gin.record import dump
from cardtable.gin.rules import Rules
from tests.gin.test_fairness import redeal, sampled_states
from tests.paths import ROOT

np = pytest.importorskip("numpy")  # the level exists only where numpy is installed

from cardtable.gin.env.actions import action_id  # noqa: E402 (needs numpy)
from cardtable.gin.env.encoding import encode_observation  # noqa: E402
from cardtable.gin.players import neural  # noqa: E402

WEIGHTS = ROOT / "src" / "cardtable" / "gin" / "players" / "weights" / "selfplay_policy.npz"
EXAMPLE = ROOT / "examples" / "train_selfplay_policy.py"


def play_match(seed: str, names: tuple[str, str]) -> Match:
    match = Match.new(seed=seed, first_dealer=0)
    players = [make_player(name, seed=index) for index, name in enumerate(names)]
    decisions = 0
    while not match.is_over:
        seat = match.to_act
        assert seat is not None
        view = match.observation(seat)
        action = players[seat].act(view)
        assert action in view.legal_actions(), (names[seat], str(action))
        match.apply(action, seat)
        decisions += 1
        assert decisions < 20_000, "the match does not end"
    return match


def views_of_played_hands(count: int) -> list[Observation]:
    """Both seats' views at every step of a few matches (scores included) and lone hands."""
    views: list[Observation] = []
    rng = random.Random(7)
    players = [make_player("simple"), make_player("random", seed=3)]
    match = Match.new(seed="vectors", first_dealer=1)
    while not match.is_over and len(views) < count:
        seat = match.to_act
        assert seat is not None
        views += [match.observation(0), match.observation(1)]
        match.apply(players[seat].act(match.observation(seat)), seat)
    while len(views) < 2 * count:
        hand = Hand.deal(Rules(), dealer=rng.randrange(2), seed=rng.randrange(10**9))
        while not hand.is_over:
            seat = hand.to_act
            views += [hand.observation(0), hand.observation(1)]
            hand.apply(players[seat].act(hand.observation(seat)), seat)
    return views


@pytest.fixture
def level() -> str:
    return "neural"


def test_the_level_is_made_by_name_but_not_listed(level: str) -> None:
    assert level not in player_names()  # the ginrummy command's lists keep their text
    assert isinstance(make_player(level, seed=3), neural.NeuralPlayer)


def test_its_vector_is_the_environments_vector() -> None:
    views = views_of_played_hands(300)
    with_scores = [v for v in views if v.scores is not None and any(v.scores)]
    assert with_scores, "no view from a match with points on the board"
    for view in views:
        np.testing.assert_array_equal(neural.observation_vector(view), encode_observation(view))


def test_its_action_ids_are_the_environments_ids() -> None:
    seen: set[int] = set()
    for view in views_of_played_hands(200):
        for action in view.legal_actions():
            assert neural.action_index(action) == action_id(action)
            seen.add(action_id(action))
    # Draw, take, pass, discards and knocks all came up.
    assert {0, 1, 2} <= seen
    assert any(3 <= i < 55 for i in seen) and any(55 <= i < 107 for i in seen)


def test_shipped_weights_have_the_documented_shapes() -> None:
    data = WEIGHTS.read_bytes()
    assert len(data) < 1_000_000
    with np.load(io.BytesIO(data)) as archive:
        assert {name: archive[name].shape for name in archive.files} == neural.WEIGHT_SHAPES
        assert {str(archive[name].dtype) for name in archive.files} == {"float16"}
    arrays = neural.load_weights()
    assert all(np.isfinite(array).all() for array in arrays.values())
    assert float(np.abs(arrays["w1"]).sum()) > 0  # trained, not an empty file


def test_a_weight_file_of_the_wrong_shape_is_refused() -> None:
    buffer = io.BytesIO()
    shapes = dict(neural.WEIGHT_SHAPES, wp=(256, 107))
    np.savez(buffer, **{name: np.zeros(shape, np.float16) for name, shape in shapes.items()})
    with pytest.raises(ValueError, match="'wp' should have shape"):
        neural.load_weights(buffer.getvalue())


@pytest.mark.parametrize("opponent", ["simple", "random", "neural"])
def test_it_plays_whole_matches_with_legal_moves(level: str, opponent: str) -> None:
    match = play_match(f"neural-{opponent}", ("neural", opponent))
    assert match.final is not None
    assert len(match.hands) >= 2


def test_the_same_seed_plays_the_same_match(level: str) -> None:
    first = dump(play_match("repeat", ("neural", "random")))
    second = dump(play_match("repeat", ("neural", "random")))
    assert first == second


def test_its_decisions_do_not_depend_on_hidden_cards(level: str) -> None:
    # The check of tests/gin/test_fairness.py, for this level.
    count = 60
    rng = random.Random("neural")
    changed_hidden = 0
    for index, hand in enumerate(sampled_states(count, seed=6)):
        seat = hand.to_act
        other = redeal(hand, seat, rng)
        if other.cards(1 - seat) != hand.cards(1 - seat) or other._stock != hand._stock:
            changed_hidden += 1
        view, other_view = hand.observation(seat), other.observation(seat)
        assert view == other_view
        first = make_player(level, seed=index).act(view)
        assert first == make_player(level, seed=index).act(other_view)
        assert hand.is_legal(first)
    assert changed_hidden >= count * 0.9


def load_example(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_selfplay_policy", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    # Its dataclasses look their module up by name while they are built.
    monkeypatch.setitem(sys.modules, spec.name, module)
    spec.loader.exec_module(module)
    return module


def test_quick_training_run_writes_weights_the_level_can_load_and_a_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("gymnasium")
    pytest.importorskip("matplotlib")
    module = load_example(monkeypatch)
    assert module.main(["--quick", "--out", str(tmp_path), "--plot"]) == 0
    arrays = neural.load_weights((tmp_path / "selfplay_policy.npz").read_bytes())
    assert {name: array.shape for name, array in arrays.items()} == neural.WEIGHT_SHAPES
    with (tmp_path / "training_log.csv").open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert [int(row["update"]) for row in rows] == [1, 2]
    for row in rows:
        assert int(row["decisions"]) >= 256 * int(row["update"])
        for key in ("policy_loss", "value_loss", "entropy"):
            assert math.isfinite(float(row[key]))
        assert float(row["value_loss"]) >= 0
        assert 0.0 <= float(row["win_vs_random"]) <= 1.0
    assert (tmp_path / "training_curve.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_quick_run_with_games_against_simple_goes_on_from_saved_weights(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("gymnasium")
    module = load_example(monkeypatch)
    first, second = tmp_path / "first", tmp_path / "second"
    assert module.main(["--quick", "--out", str(first)]) == 0
    start = first / "selfplay_policy.npz"
    argv = ["--quick", "--out", str(second), "--init", str(start), "--seed", "5"]
    assert module.main([*argv, "--simple-share", "0.5", "--simple-games", "4"]) == 0
    before = neural.load_weights(start.read_bytes())
    after = neural.load_weights((second / "selfplay_policy.npz").read_bytes())
    fresh = module.Network(neural.HIDDEN, np.random.default_rng(5)).params
    # It went on from the saved weights (far closer to them than to its own seed's start)
    # and learned (not equal to them).
    assert not np.array_equal(before["wp"], after["wp"])
    moved = float(np.abs(after["w1"] - before["w1"]).mean())
    assert moved < 0.1 * float(np.abs(after["w1"] - fresh["w1"]).mean())
