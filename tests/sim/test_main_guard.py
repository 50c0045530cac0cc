"""A script that runs the simulator without ``if __name__ == "__main__":`` fails at once with
one clear error (issue 39 §2): spawned workers import the script, which would run the games
again in each of them, and the pool would start them again forever. With the guard, the
same script runs. The evaluator's agent process imports the script only to find a factory
defined in it: an agent named by level or ``module:attribute`` needs no guard."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

CALLS = {
    "simulate": 'simulate(["random", "random"], games=4, unit="hand", workers=2, chunk_size=1,'
    ' seed="s")',
    "round_robin": 'round_robin(["random", "simple", "random"], games=2, unit="hand", workers=2,'
    ' seed="s")',
    "cribbage simulate": 'simulate(["random", "random"], games=4, unit="hand", workers=2,'
    ' chunk_size=1, seed="s", game="cribbage")',
    "cribbage run_tournament": 'run_tournament("random", "simple", pairs=2, hands_only=True,'
    ' workers=2, game="cribbage")',
    "evaluate": 'evaluate("random", against=["simple"], games=4, unit="hand", workers=2).agent',
}
IMPORTS = "from cardtable.sim import evaluate, round_robin, run_tournament, simulate\n"
FACTORY = (
    "def mine(seed):\n"
    "    from cardtable.gin.players import make_player\n"
    "    return make_player('random', seed)\n"
)
EVALUATE_MINE = 'evaluate(mine, against=["simple"], games=2, unit="hand").agent'
# On workers, the factory comes from the script as each worker imported it (__mp_main__).
EVALUATE_MINE_ON_WORKERS = (
    'evaluate(mine, against=["simple"], games=4, unit="hand", workers=2).workers'
)


def run_script(path: Path, body: str) -> subprocess.CompletedProcess[str]:
    path.write_text(IMPORTS + body, encoding="utf-8")
    return subprocess.run(
        [sys.executable, str(path)], capture_output=True, text=True, timeout=180, check=False
    )


@pytest.mark.parametrize("call", list(CALLS))
def test_without_the_guard_the_script_fails_fast_saying_why(call: str, tmp_path: Path) -> None:
    done = run_script(tmp_path / "script.py", f"print({CALLS[call]})\n")  # bounded: no hang
    assert done.returncode != 0
    assert 'if __name__ == "__main__":' in done.stderr
    assert "worker processes cannot start" in done.stderr.splitlines()[-1]


def test_an_agent_defined_in_a_script_without_the_guard_fails_fast(tmp_path: Path) -> None:
    done = run_script(tmp_path / "script.py", FACTORY + f"print({EVALUATE_MINE})\n")
    assert done.returncode != 0
    assert 'if __name__ == \"__main__\":' in done.stderr
    assert "the agent's process cannot start" in done.stderr.splitlines()[-1]


def test_with_the_guard_the_same_script_runs(tmp_path: Path) -> None:
    body = FACTORY + "".join(
        f'if __name__ == "__main__":\n    print("ran", {CALLS[call]!s} is not None)\n'
        for call in ("simulate", "cribbage run_tournament")
    )
    body += f'if __name__ == "__main__":\n    print({EVALUATE_MINE})\n'
    body += f'if __name__ == "__main__":\n    print({EVALUATE_MINE_ON_WORKERS})\n'
    done = run_script(tmp_path / "script.py", body)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["ran True", "ran True", "mine", "2"]


def test_an_agent_named_by_path_needs_no_guard(tmp_path: Path) -> None:
    call = 'evaluate("random", against=["simple"], games=2, unit="hand").agent'
    done = run_script(tmp_path / "script.py", f"print({call})\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["random"]
