"""The worked files of examples/ and the docs' snippets that use them run as written.

docs/research.md plugs ``my_policy`` and ``examples.agents:make_agent`` in everywhere: its
snippets that name examples/agents.py are read from the page and run here (Python blocks as
they are, commands with fewer games), so a snippet that stops working fails. And
examples/train_and_evaluate.py goes from training to a score in its quick mode.
"""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.paths import ROOT

SCRIPT = ROOT / "examples" / "train_and_evaluate.py"

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from cardtable.gin.players import neural  # noqa: E402 (needs numpy)

DOC = ROOT / "docs" / "research.md"
AGENTS = "examples.agents"
FENCE = re.compile(r"^( *)```(\w+)\n(.*?)^\1```", re.MULTILINE | re.DOTALL)
INLINE = re.compile(r"`(python -m cardtable [^`]*)`")


def blocks(language: str) -> list[str]:
    """The page's code blocks in ``language`` that use examples/agents.py, dedented."""
    found = []
    for indent, lang, body in FENCE.findall(DOC.read_text(encoding="utf-8")):
        if lang == language and AGENTS in body:
            found.append("\n".join(line[len(indent) :] for line in body.splitlines()))
    return found


def commands() -> list[str]:
    """The page's command lines that run examples/agents.py (in blocks and in the text)."""
    text = DOC.read_text(encoding="utf-8")
    lines = [line for block in blocks("sh") for line in block.splitlines()]
    lines += INLINE.findall(text)
    return [line.split("#")[0].strip() for line in lines if AGENTS in line]


def fewer_games(text: str) -> str:
    """The same call with 2 games instead of hundreds: seconds, not minutes."""
    text = re.sub(r"--games \d+", "--games 2", text)
    return re.sub(r"games=\d+", "games=2", text)


def test_the_page_names_the_worked_file_and_not_a_package_that_is_not_there() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert "examples/agents.py" in text
    assert re.search(r"(?<!\w)cardtable \w+ (evaluate|simulate) mypackage", text) is None
    assert len(blocks("python")) >= 5
    assert len(commands()) >= 3


def test_the_python_snippets_run_as_written(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.syspath_prepend(str(ROOT))  # "run from the repository root"
    ran = 0
    for block in blocks("python"):
        namespace: dict[str, object] = {"__name__": "__main__"}
        exec(compile(fewer_games(block), str(DOC), "exec"), namespace)
        ran += 1
        if "evaluate(" in block:
            evaluation = namespace["evaluation"]
            summary = evaluation.summary()  # type: ignore[attr-defined]
            assert "examples.agents:make_agent against simple: 2 matches" in summary
            assert "examples.agents:make_agent against expert: 2 matches" in summary
    assert ran >= 5


@pytest.mark.parametrize("command", commands(), ids=lambda line: "-".join(line.split()[3:5]))
def test_the_commands_run_as_written(command: str) -> None:
    argv = fewer_games(command).split()
    assert argv[:3] == ["python", "-m", "cardtable"]
    done = subprocess.run(
        [sys.executable, *argv[1:]],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    agent = next(word for word in argv if word.startswith(AGENTS))
    assert f"{agent} against" in done.stdout or f"{agent} v" in done.stdout, done.stdout


def test_my_policy_picks_only_legal_ids_and_the_agent_repeats_itself() -> None:
    sys.path.insert(0, str(ROOT))
    try:
        from examples.agents import make_agent, my_policy
    finally:
        sys.path.remove(str(ROOT))
    mask = np.zeros(108, dtype=np.int8)
    mask[[4, 60]] = 1
    picks = {my_policy(np.zeros(429, np.float32), mask) for _ in range(50)}
    assert picks == {4, 60}
    with pytest.raises(ValueError, match="allows no action"):
        my_policy(np.zeros(429, np.float32), np.zeros(108, dtype=np.int8))
    from cardtable.gin.match import Match

    def actions(seed: int) -> list[str]:
        match = Match.new(seed="agents", first_dealer=0)
        player = make_agent(seed)
        played = []
        for _ in range(30):
            seat = match.to_act
            assert seat is not None
            action = player.act(match.observation(seat))
            played.append(str(action))
            match.apply(action, seat)
        return played

    assert actions(1) == actions(1)
    assert actions(1) != actions(2)


def test_training_to_a_score_in_quick_mode(tmp_path: Path) -> None:
    out = tmp_path / "run"
    argv = [sys.executable, str(SCRIPT), "--quick", "--games", "2", "--unit", "hand"]
    done = subprocess.run(
        [*argv, "--out", str(out), "--json"],
        cwd=tmp_path,  # not the repository root: the script finds its trainer itself
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    weights = out / "selfplay_policy.npz"
    arrays = neural.load_weights(weights.read_bytes())
    assert {name: array.shape for name, array in arrays.items()} == neural.WEIGHT_SHAPES
    shipped = neural.load_weights()
    assert not np.array_equal(arrays["w1"], shipped["w1"])  # its own, not the package's
    agent = "neural:selfplay_policy.npz"
    for level in ("random", "beginner", "simple", "intermediate", "expert"):
        figures = re.search(
            rf"^{re.escape(agent)} against {level}: 2 hands on 1 duplicate deals.*\n"
            rf"  {re.escape(agent)} wins \d+\.\d% of the hands decided .*\n"
            r"  margin [+-]\d+\.\d\d points per hand",
            done.stdout,
            re.MULTILINE,
        )
        assert figures, (level, done.stdout)
    assert (out / "evaluation.json").is_file()


def test_train_and_evaluate_refuses_bad_options_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = importlib.util.spec_from_file_location("train_and_evaluate", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for bad, words in (
        (["--games", "3"], "--games must be an even number of at least 2, not 3"),
        (["--minutes", "0"], "--minutes must be above 0"),
        (["--against", ","], "--against names no opponent"),
    ):
        with pytest.raises(SystemExit) as stopped:
            module.main(["--out", str(tmp_path / "run"), *bad])
        assert stopped.value.code == 2
        errors = capsys.readouterr().err
        assert words in errors.splitlines()[-1], errors
        assert "Traceback" not in errors
    assert not (tmp_path / "run").exists()  # refused before anything was written


def baseline_blocks(language: str) -> list[str]:
    """docs/trained-baseline.md's blocks about weights of one's own (they name the factories)."""
    text = (ROOT / "docs" / "trained-baseline.md").read_text(encoding="utf-8")
    return [
        body
        for _, lang, body in FENCE.findall(text)
        if lang == language and ("from_file" in body or "from_environment" in body)
    ]


def test_the_trained_baseline_snippets_run_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # The snippets' run/selfplay_policy.npz: a copy of the shipped weights, readable by the
    # agent's user (under root, a user of its own).
    shipped = ROOT / "src" / "cardtable" / "gin" / "players" / "weights" / "selfplay_policy.npz"
    (tmp_path / "run").mkdir()
    (tmp_path / "run" / "selfplay_policy.npz").write_bytes(shipped.read_bytes())
    monkeypatch.chdir(tmp_path)
    (python,) = baseline_blocks("python")
    namespace: dict[str, object] = {"__name__": "__main__"}
    exec(compile(fewer_games(python), "docs/trained-baseline.md", "exec"), namespace)
    assert namespace["agent"] == neural.from_file(shipped, name="neural:selfplay_policy.npz")
    printed = capsys.readouterr().out
    assert "neural:selfplay_policy.npz against simple: 2 matches" in printed
    assert "neural:selfplay_policy.npz against expert: 2 matches" in printed
    (sh,) = baseline_blocks("sh")
    argv = fewer_games(" ".join(sh.replace("\\\n", " ").split())).split()
    assert argv[:3] == ["cardtable", "gin", "evaluate"]
    # The file it names is the shipped one here.
    argv = [f"{a.split('=')[0]}={shipped}" if a.startswith("CARDTABLE_") else a for a in argv]
    done = subprocess.run(
        [sys.executable, "-m", *argv, "--games", "2", "--unit", "hand"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "cardtable.gin.players.neural:from_environment against simple: 2 hands" in done.stdout


def test_the_cribbage_training_script_runs_in_quick_mode(tmp_path: Path) -> None:
    """examples/train_cribbage_policy.py (the sibling of gin's trainer) in its smoke run, as
    a script from another folder: it finds the gin trainer it reuses by itself."""
    from cardtable.cribbage.players import neural as cribbage_neural

    script = ROOT / "examples" / "train_cribbage_policy.py"
    done = subprocess.run(
        [sys.executable, str(script), "--quick", "--out", str(tmp_path / "run")],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert re.search(r"^update    2 .* vs random \d\.\d+  vs simple \d\.\d+$", done.stdout, re.M)
    weights = (tmp_path / "run" / "cribbage_policy.npz").read_bytes()
    arrays = cribbage_neural.load_weights(weights)
    assert {name: a.shape for name, a in arrays.items()} == cribbage_neural.WEIGHT_SHAPES
