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
import pickle
import random
import shutil
import sys
import tempfile
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


def other_weights(path: Path) -> Path:
    """A weight file of the shipped shapes whose policy differs: the policy head negated."""
    arrays = neural.load_weights()
    arrays["wp"], arrays["bp"] = -arrays["wp"], -arrays["bp"]
    np.savez_compressed(path, **{k: v.astype(np.float16) for k, v in arrays.items()})
    return path


def views_to_act(count: int) -> list[Observation]:
    return [view for view in views_of_played_hands(count) if view.legal_actions()]


def test_a_weight_file_is_played_by_path_bytes_or_factory(tmp_path: Path) -> None:
    views = views_to_act(60)
    default = neural.NeuralPlayer(0)
    shipped = [default.act(view) for view in views]
    # The shipped file given by path plays exactly as the level.
    by_path = neural.NeuralPlayer(0, weights=WEIGHTS)
    assert [by_path.act(view) for view in views] == shipped
    other = other_weights(tmp_path / "other.npz")
    players = [
        neural.NeuralPlayer(1, weights=other),
        neural.NeuralPlayer(1, weights=str(other)),
        neural.NeuralPlayer(1, weights=other.read_bytes()),
        neural.from_file(other)(1),
        pickle.loads(pickle.dumps(neural.from_file(other)))(1),
    ]
    played = [[player.act(view) for view in views] for player in players]
    assert all(actions == played[0] for actions in played)
    assert played[0] != shipped
    assert all(a in v.legal_actions() for v, a in zip(views, played[0], strict=True))


def test_the_factory_is_named_after_its_file(tmp_path: Path) -> None:
    factory = neural.from_file(other_weights(tmp_path / "mine.npz"))
    assert factory.name == "neural:mine.npz"
    assert neural.from_file(WEIGHTS, name="shipped").name == "shipped"
    assert "data" not in repr(factory)  # not 250 KB of bytes in a log line


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "cannot read weights .*missing.npz"),
        (b"not an archive", "bad.npz is not a weight file"),
    ],
)
def test_a_bad_weight_file_is_refused_when_the_player_is_built(
    tmp_path: Path, content: bytes | None, message: str
) -> None:
    path = tmp_path / ("missing.npz" if content is None else "bad.npz")
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(ValueError, match=message):
        neural.NeuralPlayer(0, weights=path)
    with pytest.raises(ValueError, match=message):
        neural.from_file(path)


def test_a_weight_file_of_other_shapes_is_refused_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "small.npz"
    shapes = dict(neural.WEIGHT_SHAPES, w1=(429, 64))
    np.savez(path, **{name: np.zeros(shape, np.float16) for name, shape in shapes.items()})
    with pytest.raises(ValueError, match=r"small\.npz: weight 'w1' should have shape"):
        neural.from_file(path)


def test_from_environment_plays_the_file_its_variable_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(neural.WEIGHTS_VARIABLE, raising=False)
    with pytest.raises(ValueError, match="CARDTABLE_NEURAL_WEIGHTS names no weight file"):
        neural.from_environment(0)
    other = other_weights(tmp_path / "other.npz")
    monkeypatch.setenv(neural.WEIGHTS_VARIABLE, str(other))
    views = views_to_act(30)
    expected = [neural.NeuralPlayer(0, weights=other).act(view) for view in views]
    assert [neural.from_environment(0).act(view) for view in views] == expected


def test_evaluate_plays_a_weight_file_from_python_and_as_the_command_line_does() -> None:
    from cardtable.sim import evaluate

    # A file the agent's user can read: under root, the agent runs as a user of its own.
    folder = Path(tempfile.mkdtemp(prefix="neural-weights-"))
    try:
        folder.chmod(0o755)
        other = other_weights(folder / "other.npz")
        other.chmod(0o644)
        common = {"against": ["random"], "games": 4, "unit": "hand", "seed": "weights-file"}
        by_factory = evaluate(neural.from_file(other, name="mine"), **common)  # type: ignore[arg-type]
        by_variable = evaluate(
            "cardtable.gin.players.neural:from_environment",
            agent_environment={neural.WEIGHTS_VARIABLE: str(other)},
            **common,  # type: ignore[arg-type]
        )
        shipped = evaluate("neural", **common)  # type: ignore[arg-type]
    finally:
        shutil.rmtree(folder)
    games = [
        [(result.decisions, result.mean_margin) for result in run.results]
        for run in (by_factory, by_variable, shipped)
    ]
    assert by_factory.agent == "mine"
    assert games[0] == games[1]  # the same weights, the same games
    assert games[0] != games[2]  # not the shipped weights


def test_evaluate_without_the_variable_stops_naming_it(monkeypatch: pytest.MonkeyPatch) -> None:
    from cardtable.sim import evaluate
    from cardtable.sim.remote_agent import AgentError

    # Set here, but the agent's environment holds only what is handed to it.
    monkeypatch.setenv(neural.WEIGHTS_VARIABLE, str(WEIGHTS))
    with pytest.raises(AgentError, match="CARDTABLE_NEURAL_WEIGHTS names no weight file"):
        evaluate(
            "cardtable.gin.players.neural:from_environment",
            against=["random"],
            games=2,
            unit="hand",
        )
