"""From training to a score: train the neural baseline, save its weights, load them as a
player and score it with the standard evaluation against the built-in levels.

1. ``examples/train_selfplay_policy.py`` trains the network by self-play for ``--minutes``
   (its own process; ``--quick``: its smoke run of a few seconds) and writes
   ``selfplay_policy.npz`` (and ``training_log.csv``) into ``--out``.
2. :func:`cardtable.gin.players.neural.from_file` loads the file as a player factory (the
   weights are checked now, and carried to the agent's process, which reads no file).
3. :func:`cardtable.sim.evaluate` plays it in a process of its own on ``--games`` duplicate
   games against each of ``--against``; the summary is printed, and with ``--json`` written
   to ``--out``/evaluation.json. The games are single hands by default: a policy trained for
   minutes seldom ends a hand, and its matches (``--unit match``, the standard figures) can
   take hundreds of deals.

The command line does step 3 too, the agent reading the file itself (it must be readable by
the agent's user: under root, a user of its own)::

    cardtable gin evaluate cardtable.gin.players.neural:from_environment \\
        --agent-env CARDTABLE_NEURAL_WEIGHTS=/path/to/selfplay_policy.npz --against simple

Run: ``python examples/train_and_evaluate.py [--minutes M] [--games N] [--out DIR]
[--against simple,expert] [--unit match|hand] [--quick]``. Needs numpy and gymnasium
(``pip install 'cardtable[env]'``). A few minutes of training give a policy that beats
``random`` and loses to the others (the shipped weights had 25: docs/trained-baseline.md);
``tests/test_examples.py`` runs it with ``--quick``.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from cardtable.gin.players.neural import from_file
from cardtable.sim import evaluate

TRAINER = Path(__file__).resolve().with_name("train_selfplay_policy.py")
LEVELS = "random,beginner,simple,intermediate,expert"  # the built-in levels, weakest first


def train(out: Path, minutes: float, quick: bool, seed: int) -> Path:
    """Run the training script into ``out``; the weight file it wrote."""
    command = [sys.executable, str(TRAINER), "--out", str(out), "--seed", str(seed)]
    command += ["--quick"] if quick else ["--max-minutes", str(minutes)]
    print("training:", " ".join(command[1:]), flush=True)
    subprocess.run(command, check=True)
    weights = out / "selfplay_policy.npz"
    if not weights.is_file():
        raise SystemExit(f"the training wrote no {weights}")
    return weights


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--minutes", type=float, default=5.0, help="training time")
    parser.add_argument("--games", type=int, default=100, help="games per opponent (even)")
    parser.add_argument("--out", type=Path, default=Path("artifacts/train_and_evaluate"))
    parser.add_argument("--against", default=LEVELS, help="opponents, separated by commas")
    parser.add_argument("--unit", choices=("match", "hand"), default="hand")
    parser.add_argument("--seed", type=int, default=0, help="the training's seed")
    parser.add_argument("--json", action="store_true", help="also write evaluation.json")
    parser.add_argument("--quick", action="store_true", help="seconds: a smoke run")
    args = parser.parse_args(argv)
    if args.games < 2 or args.games % 2:
        parser.error(f"--games must be an even number of at least 2, not {args.games}")
    if args.minutes <= 0:
        parser.error(f"--minutes must be above 0, not {args.minutes}")
    against = [name.strip() for name in args.against.split(",") if name.strip()]
    if not against:
        parser.error("--against names no opponent")
    args.out.mkdir(parents=True, exist_ok=True)

    start = time.perf_counter()
    weights = train(args.out, args.minutes, args.quick, args.seed)
    trained = time.perf_counter() - start
    agent = from_file(weights)  # read and checked here; refused with a ValueError if bad
    print(f"trained in {trained:.0f} s: {weights}; evaluating {agent.name}", flush=True)

    evaluation = evaluate(agent, against=against, games=args.games, unit=args.unit)
    print(evaluation.summary(), flush=True)
    if args.json:
        path = args.out / "evaluation.json"
        path.write_text(json.dumps(evaluation.to_dict(), indent=2) + "\n", encoding="utf-8")
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":  # evaluate starts the agent's process: keep the run under this
    sys.exit(main())
