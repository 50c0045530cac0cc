"""OpenSpiel's information-set MCTS plays our gin against a random bot.

The game is ``python_cardtable_gin_rummy`` (:mod:`cardtable.gin.env.openspiel_game`): our
exact rules as an OpenSpiel game, with explicit chance for the deal. OpenSpiel's own
``ISMCTSBot`` searches it; each simulation starts from a world drawn by the state's
``resample_from_infostate`` (the opponent's hidden cards and the stock order, uniform over
the cards the searcher has not seen: :func:`cardtable.gin.worlds.sample_deck`) and ends with
a rollout. Random rollouts almost never knock (a random hand ends dead at the wall), so every
move would look worth nothing; the rollouts here are played by our ``simple`` computer player
for both seats, each acting on its own seat's view. The opponent picks uniformly among its
legal actions. Seats alternate, so
each bot plays first in half of the hands.

Run: ``python examples/openspiel_ismcts.py [--hands N] [--simulations S] [--rules PRESET]
[--seed S]``. The defaults (4 hands, 30 simulations a move) take well under a minute.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from typing import Any

import numpy as np

from cardtable.gin.env.actions import action_id
from cardtable.gin.players import make_player
from cardtable.gin.rules import PRESETS


class SimpleRollouts:
    """An MCTS evaluator (``evaluate`` and ``prior``): one rollout by ``simple`` players
    from the state, uniform priors."""

    def __init__(self, rng: np.random.RandomState) -> None:
        self.rng = rng
        self.players = (make_player("simple", 1), make_player("simple", 2))

    def evaluate(self, state: Any) -> np.ndarray[Any, np.dtype[np.float64]]:
        working = state.clone()
        while not working.is_terminal():
            if working.is_chance_node():
                outcomes, probabilities = zip(*working.chance_outcomes(), strict=True)
                working.apply_action(int(self.rng.choice(outcomes, p=probabilities)))
            else:
                seat = working.current_player()
                chosen = self.players[seat].act(working.observation(seat))
                working.apply_action(action_id(chosen))
        return np.array(working.returns())

    def prior(self, state: Any) -> list[tuple[int, float]]:
        legal = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(legal)) for action in legal]


def play(hands: int, simulations: int, rules: str, seed: int) -> dict[str, float]:
    """Play ``hands`` deals, ISMCTS against random; the searcher's total and per-hand points."""
    from open_spiel.python.algorithms import ismcts  # type: ignore[import-untyped]

    from cardtable.gin.env.openspiel_game import load

    rng = np.random.RandomState(seed)
    total = 0.0
    wins = 0
    started = time.perf_counter()
    for number in range(hands):
        searcher = number % 2  # the searcher's seat this hand (player 0 acts first)
        game = load(rules, dealer=1)
        evaluator = SimpleRollouts(rng)
        bot = ismcts.ISMCTSBot(
            game,
            evaluator,
            uct_c=2.0,
            max_simulations=simulations,
            random_state=rng,
            # A seat's legal actions follow from its own view, so every world sampled for
            # an information set offers the same ones.
            allow_inconsistent_action_sets=False,
        )
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(outcomes, p=probabilities)))
            elif state.current_player() == searcher:
                state.apply_action(int(bot.step(state)))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
        points = state.returns()[searcher]
        total += points
        wins += points > 0
        print(f"hand {number + 1}: ISMCTS in seat {searcher} scores {points:+.0f}", flush=True)
    seconds = time.perf_counter() - started
    return {"hands": hands, "points": total, "wins": wins, "seconds": seconds}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=4, help="deals to play (default 4)")
    parser.add_argument(
        "--simulations", type=int, default=30, help="ISMCTS simulations per move (default 30)"
    )
    parser.add_argument("--rules", default="standard", help=f"preset: {', '.join(PRESETS)}")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if args.hands < 1 or args.simulations < 1:
        print("error: --hands and --simulations must be at least 1", file=sys.stderr)
        return 2
    if args.rules not in PRESETS:
        print(f"error: unknown preset {args.rules!r}: use {', '.join(PRESETS)}", file=sys.stderr)
        return 2
    try:
        report = play(args.hands, args.simulations, args.rules, args.seed)
    except ImportError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(
        f"ISMCTS ({args.simulations} simulations a move) against random, {args.rules} rules: "
        f"{report['wins']:.0f} of {report['hands']:.0f} hands won, "
        f"{report['points']:+.0f} points in all, {report['seconds']:.1f} s"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
