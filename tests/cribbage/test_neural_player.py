"""Cribbage's ``neural`` level: its inputs are the environments' vector, it loads its shipped
weights, plays legal whole matches from its own seat's view, repeats itself, other weights
are played by path, bytes and factory, and its training script runs.

The level is registered by name when the players are imported, unlisted: the lists of levels
that commands print keep their text.
"""

from __future__ import annotations

import importlib.util
import pickle
import sys
from pathlib import Path
from types import ModuleType

import pytest

from cardtable.cards import Card
from cardtable.cribbage.match import Match, MatchObservation
from cardtable.cribbage.players import make_player, player_names
from cardtable.cribbage.rules import Rules
from tests.paths import ROOT

np = pytest.importorskip("numpy")  # the level exists only where numpy is installed

from cardtable.cribbage.env.encoding import encode_observation  # noqa: E402 (needs numpy)
from cardtable.cribbage.players import neural  # noqa: E402

WEIGHTS = ROOT / "src" / "cardtable" / "cribbage" / "players" / "weights" / "cribbage_policy.npz"
EXAMPLE = ROOT / "examples" / "train_cribbage_policy.py"


def play_match(seed: str, names: tuple[str, str], preset: str = "standard") -> Match:
    match = Match.new(Rules.preset(preset), seed=seed, first_dealer=0)
    players = [make_player(name, seed=index) for index, name in enumerate(names)]
    decisions = 0
    while not match.is_over:
        seat = match.to_act
        assert seat is not None
        view = match.observation(seat)
        action = players[seat].act(view)
        assert action in view.hand.legal_actions(), (names[seat], str(action))
        match.apply(action)
        decisions += 1
        assert decisions < 5_000, "the match does not end"
    return match


def views_of_matches(count: int) -> list[MatchObservation]:
    """Both seats' views at every step of a few matches between random and simple."""
    views: list[MatchObservation] = []
    number = 0
    while len(views) < count:
        match = Match.new(Rules(), seed=f"views-{number}", first_dealer=number % 2)
        players = [make_player("random", number), make_player("simple", number)]
        while not match.is_over and len(views) < count:
            views += [match.observation(0), match.observation(1)]
            seat = match.to_act
            assert seat is not None
            match.apply(players[seat].act(match.observation(seat)))
        number += 1
    return views


def test_the_vector_is_the_environments_value_for_value() -> None:
    """Every view, and while laying away every first pick the seat could hold."""
    compared = picks = 0
    for view in views_of_matches(1500):
        assert np.array_equal(neural.observation_vector(view), encode_observation(view))
        compared += 1
        hand = view.hand
        if hand.phase.value == "discard" and hand.to_act == hand.seat:
            for card in hand.hand:
                picked = Card(int(card))
                assert np.array_equal(
                    neural.observation_vector(view, picked), encode_observation(view, picked)
                )
                picks += 1
    assert compared == 1500 and picks > 100


def test_the_shipped_weights_load_with_their_shapes() -> None:
    arrays = neural.load_weights()
    assert {name: array.shape for name, array in arrays.items()} == neural.WEIGHT_SHAPES
    assert all(array.dtype == np.float32 for array in arrays.values())
    with np.load(WEIGHTS) as archive:
        assert {archive[name].dtype for name in archive.files} == {np.dtype(np.float16)}


@pytest.mark.parametrize("other", ["random", "simple", "expert"])
def test_it_plays_legal_whole_matches_from_either_seat(other: str) -> None:
    preset = "short" if other == "expert" else "standard"  # the expert takes its time
    for number, names in enumerate((("neural", other), (other, "neural"))):
        match = play_match(f"neural-{other}-{number}", names, preset)
        assert match.final is not None


def test_the_same_view_gets_the_same_action() -> None:
    views = [view for view in views_of_matches(300) if view.hand.to_act == view.hand.seat]
    first = [neural.NeuralPlayer(0).act(view) for view in views]
    again = [make_player("neural", seed=7).act(view) for view in views]
    assert first == again
    assert all(a in v.hand.legal_actions() for v, a in zip(views, first, strict=True))
    assert len({str(a) for a in first}) > 20  # it plays the cards, not one fixed id


def test_it_is_a_level_by_name_but_unlisted() -> None:
    assert isinstance(make_player("neural"), neural.NeuralPlayer)
    assert "neural" not in player_names()


def other_weights(path: Path) -> Path:
    """A weight file of the shipped shapes whose policy differs: the policy head negated."""
    arrays = neural.load_weights()
    arrays["wp"], arrays["bp"] = -arrays["wp"], -arrays["bp"]
    np.savez_compressed(path, **{k: v.astype(np.float16) for k, v in arrays.items()})
    return path


def test_a_weight_file_is_played_by_path_bytes_or_factory(tmp_path: Path) -> None:
    views = [view for view in views_of_matches(200) if view.hand.to_act == view.hand.seat]
    shipped = [neural.NeuralPlayer(0).act(view) for view in views]
    assert [neural.NeuralPlayer(0, weights=WEIGHTS).act(view) for view in views] == shipped
    other = other_weights(tmp_path / "other.npz")
    players = [
        neural.NeuralPlayer(1, weights=other),
        neural.NeuralPlayer(1, weights=other.read_bytes()),
        neural.from_file(other)(1),
        pickle.loads(pickle.dumps(neural.from_file(other)))(1),
    ]
    played = [[player.act(view) for view in views] for player in players]
    assert all(actions == played[0] for actions in played)
    assert played[0] != shipped
    assert neural.from_file(other).name == "neural:other.npz"


def test_bad_weight_files_are_refused_naming_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with pytest.raises(ValueError, match=r"cannot read weights .*missing\.npz"):
        neural.NeuralPlayer(0, weights=tmp_path / "missing.npz")
    (tmp_path / "bad.npz").write_bytes(b"not an archive")
    with pytest.raises(ValueError, match=r"bad\.npz is not a weight file"):
        neural.from_file(tmp_path / "bad.npz")
    small = tmp_path / "small.npz"
    shapes = dict(neural.WEIGHT_SHAPES, w1=(429, 256))  # gin's input size
    np.savez(small, **{name: np.zeros(shape, np.float16) for name, shape in shapes.items()})
    with pytest.raises(ValueError, match=r"small\.npz: weight 'w1' should have shape"):
        neural.from_file(small)
    monkeypatch.delenv(neural.WEIGHTS_VARIABLE, raising=False)
    with pytest.raises(ValueError, match="CARDTABLE_NEURAL_WEIGHTS names no weight file"):
        neural.from_environment(0)


def load_example(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_cribbage_policy", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, module)
    spec.loader.exec_module(module)
    return module


def test_the_quick_training_run_writes_weights_the_level_plays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("gymnasium")
    module = load_example(monkeypatch)
    assert module.main(["--quick", "--out", str(tmp_path)]) == 0
    written = tmp_path / "cribbage_policy.npz"
    arrays = neural.load_weights(written.read_bytes())
    assert {name: array.shape for name, array in arrays.items()} == neural.WEIGHT_SHAPES
    assert not np.array_equal(arrays["w1"], neural.load_weights()["w1"])
    log = (tmp_path / "training_log.csv").read_text(encoding="utf-8").splitlines()
    assert len(log) == 3 and log[0].startswith("update,decisions,hands")
    views = [view for view in views_of_matches(60) if view.hand.to_act == view.hand.seat]
    player = neural.NeuralPlayer(0, weights=written)
    assert all(player.act(view) in view.hand.legal_actions() for view in views)
