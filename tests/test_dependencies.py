"""The core package needs none of the optional dependency groups (issue: research API)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

OPTIONAL = ("numpy", "gymnasium", "pettingzoo", "ray", "sqlalchemy", "starlette", "uvicorn",
            "textual", "rich", "matplotlib", "markdown_it", "psycopg", "orjson")  # fmt: skip

SCRIPT = textwrap.dedent(
    """
    import sys

    class Block:
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in BLOCKED:
                raise ImportError(f"optional package {name} is not installed")
            return None

    sys.meta_path.insert(0, Block())
    import cardtable.cli.gin
    import cardtable.cli.main
    from cardtable.sim import simulate

    result = simulate(["expert", "simple"], games=2, unit="hand", seed="core")
    assert result.games == 2
    assert cardtable.cli.gin.main(["deadwood", "7S 7H 7D 4H 5H 6H KS 2S 9C QD"]) == 0
    assert cardtable.cli.main.main(["gin", "deadwood", "7S 7H 7D 4H 5H 6H KS 2S 9C QD"]) == 0
    leaked = sorted({m.split(".")[0] for m in sys.modules} & set(BLOCKED))
    assert not leaked, leaked
    """
)


def test_the_engine_players_simulator_and_cli_run_without_optional_packages() -> None:
    code = f"BLOCKED = {OPTIONAL!r}\n{SCRIPT}"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "deadwood 31" in done.stdout
