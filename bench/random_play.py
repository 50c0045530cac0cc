"""Whole hands of uniform-random legal play per second: ours, OpenSpiel and RLCard.

Each engine deals a hand and both players pick uniformly among the legal actions until the
hand is over; chance (the deal and the stock) is sampled with the engine's own
probabilities. The engines take turns in rounds (``--rounds``, order rotating) for a total of
``--seconds`` each, so load from other processes hits them alike.

* ours: ``Hand.deal(Rules(), dealer, seed)``, then ``hand.apply(choice(hand.legal_actions()))``
  until ``hand.is_over``; the dealer alternates.
* OpenSpiel: ``pyspiel.load_game("gin_rummy")``; every hand starts from a clone of the initial
  state, chance nodes are sampled from ``chance_outcomes()`` with ``pyspiel.sample_action``.
* RLCard: the game object ``GinRummyGame`` (``env.run`` would add the numpy observation
  encoding), ``init_game()``, then ``step(choice(judge.get_legal_actions()))`` until
  ``is_over()``; its two scoring steps are part of its hand. ``step()`` ends by building the
  next player's state dict with ``get_state()``, a pure read that random play never uses and
  about 40% of its time, so it is stubbed out unless ``--rlcard-full`` is given.

The engines do not split a hand into the same steps (OpenSpiel lays out melds card group by
card group and deals card by card as chance steps; RLCard has no lay-off phase and stops a
hand after 200 moves), so the decisions per hand and the way hands end are printed beside the
speed. Random play rarely knocks: most hands end at the wall (two cards left in the stock).

Run: ``python bench/random_play.py [--seconds S] [--rounds R] [--seed S] [--rlcard-full]
[--json]``.
A peer that is not installed is reported and skipped (``pip install -e '.[bench]'``).
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any

MAX_STEPS = 100_000  # a hand longer than this is a bug in an engine

# One hand: play it with the given rng and return (decisions, chance steps, ending).
PlayFn = Callable[[random.Random], tuple[int, int, str]]


@dataclass
class Engine:
    key: str
    label: str
    version: str
    play: PlayFn
    rng: random.Random


@dataclass
class Tally:
    hands: int = 0
    seconds: float = 0.0
    decisions: int = 0
    chance: int = 0
    endings: Counter[str] = field(default_factory=Counter)
    rounds: list[float] = field(default_factory=list)  # hands per second, per round

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds else float("nan")


def _version(dist: str) -> str:
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return "unknown"


def _ending_name(text: str) -> str:
    lowered = text.lower()
    for word, name in (
        ("big", "big gin"),
        ("gin", "gin"),
        ("undercut", "knock"),
        ("knock", "knock"),
        ("wall", "wall"),
        ("dead", "wall"),
        ("draw", "wall"),
    ):
        if word in lowered:
            return name
    return text or "unknown"


def _ours_ending(hand: Any) -> str:
    """How our hand ended, read defensively (the result API may still change)."""
    for attr in ("result", "outcome"):
        value = getattr(hand, attr, None)
        if callable(value):
            value = value()
        if value is None:
            continue
        for inner in ("ending", "kind", "outcome", "how"):
            sub = getattr(value, inner, None)
            if sub is not None:
                return _ending_name(str(getattr(sub, "value", sub)))
        return _ending_name(str(value))
    return "unknown"


def load_ours(notes: list[str]) -> PlayFn | None:
    try:
        from cardtable.gin.hand import Hand
        from cardtable.gin.rules import Rules
    except ImportError:
        src = Path(__file__).resolve().parent.parent / "src"
        sys.path.insert(0, str(src))
        try:
            from cardtable.gin.hand import Hand
            from cardtable.gin.rules import Rules
        except ImportError as exc:
            notes.append(f"cardtable (ours) not importable: {exc}")
            return None
    rules = Rules()
    dealer = [0]

    def play(rng: random.Random) -> tuple[int, int, str]:
        hand = Hand.deal(rules, dealer=dealer[0], seed=rng.getrandbits(64))
        dealer[0] ^= 1
        decisions = 0
        choice = rng.choice
        while not hand.is_over:
            actions = hand.legal_actions()
            if not isinstance(actions, Sequence):
                actions = tuple(actions)
            hand.apply(choice(actions))
            decisions += 1
            if decisions > MAX_STEPS:
                raise RuntimeError("ours: hand did not end")
        return decisions, 0, _ours_ending(hand)

    return play


def load_openspiel(notes: list[str]) -> PlayFn | None:
    try:
        import pyspiel
    except ImportError:
        notes.append("OpenSpiel not installed")
        return None
    except Exception as exc:  # a broken install fails in other ways than ImportError
        notes.append(f"OpenSpiel import failed: {exc!r}")
        return None
    game = pyspiel.load_game("gin_rummy")
    initial = game.new_initial_state()
    sample_action = pyspiel.sample_action

    def play(rng: random.Random) -> tuple[int, int, str]:
        state = initial.clone()
        decisions = chance = 0
        choice = rng.choice
        uniform = rng.random
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_action(state.chance_outcomes(), uniform())[0])
                chance += 1
            else:
                state.apply_action(choice(state.legal_actions()))
                decisions += 1
            if decisions + chance > MAX_STEPS:
                raise RuntimeError("OpenSpiel: hand did not end")
        knocked = state.knocked()
        if not any(knocked):
            return decisions, chance, "wall"
        knocker = 0 if knocked[0] else 1
        return decisions, chance, "gin" if state.deadwood()[knocker] == 0 else "knock"

    return play


def load_rlcard(notes: list[str], seed: int, full: bool) -> PlayFn | None:
    try:
        from rlcard.games.gin_rummy.game import GinRummyGame
    except ImportError:
        notes.append("RLCard not installed")
        return None
    except Exception as exc:
        notes.append(f"RLCard import failed: {exc!r}")
        return None
    game = GinRummyGame()
    game.np_random.seed(seed % 2**32)  # its deck shuffle and dealer draw
    if not full:
        # step() ends by building the next player's observation dict with get_state(), a pure
        # read that random play never looks at and ~40% of the time: give RLCard its best case.
        game.get_state = lambda player_id: {}
        notes.append("RLCard: get_state() skipped in step() (--rlcard-full keeps it)")
    endings = {"KnockAction": "knock", "GinAction": "gin", "DeclareDeadHandAction": "wall"}

    def play(rng: random.Random) -> tuple[int, int, str]:
        game.init_game()
        decisions = 0
        choice = rng.choice
        legal_actions = game.judge.get_legal_actions
        while not game.is_over():
            game.step(choice(legal_actions()))
            decisions += 1
            if decisions > MAX_STEPS:
                raise RuntimeError("RLCard: hand did not end")
        going_out = type(game.round.going_out_action).__name__
        return decisions, 0, endings.get(going_out, going_out)

    return play


def play_for(engine: Engine, seconds: float, tally: Tally) -> None:
    """Play whole hands until ``seconds`` have passed (the hand under way is finished)."""
    play = engine.play
    rng = engine.rng
    hands = 0
    start = time.perf_counter()
    deadline = start + seconds
    now = start
    while now < deadline:
        decisions, chance, ending = play(rng)
        hands += 1
        tally.decisions += decisions
        tally.chance += chance
        tally.endings[ending] += 1
        now = time.perf_counter()
    tally.hands += hands
    tally.seconds += now - start
    tally.rounds.append(hands / (now - start))


def ratio_text(ours: float, peer: float, label: str) -> str:
    if ours >= peer:
        return f"ours is {ours / peer:.1f}x faster than {label}"
    return f"ours is {peer / ours:.1f}x slower than {label}"


def run(args: argparse.Namespace) -> dict[str, Any]:
    notes: list[str] = []
    engines: list[Engine] = []
    candidates: list[tuple[str, str, str, PlayFn | None]] = [
        ("ours", "ours", _version("cardtable"), load_ours(notes)),
        ("openspiel", "OpenSpiel", _version("open_spiel"), load_openspiel(notes)),
        ("rlcard", "RLCard", _version("rlcard"), load_rlcard(notes, args.seed, args.rlcard_full)),
    ]
    for i, (key, label, version, play) in enumerate(candidates):
        if play is not None:
            engines.append(Engine(key, label, version, play, random.Random(args.seed * 3 + i)))
    for engine in engines:  # warm up: first-call costs stay out of the figures
        for _ in range(args.warmup):
            engine.play(engine.rng)
    tallies = {e.key: Tally() for e in engines}
    slice_seconds = args.seconds / args.rounds
    for round_no in range(args.rounds):
        shift = round_no % len(engines) if engines else 0
        for engine in engines[shift:] + engines[:shift]:
            play_for(engine, slice_seconds, tallies[engine.key])
    report: dict[str, Any] = {
        "benchmark": "random_play",
        "python": platform.python_version(),
        "machine": platform.machine(),
        "seconds_per_engine": args.seconds,
        "rounds": args.rounds,
        "seed": args.seed,
        "notes": notes,
        "engines": {},
    }
    for engine in engines:
        t = tallies[engine.key]
        report["engines"][engine.key] = {
            "label": engine.label,
            "version": engine.version,
            "hands": t.hands,
            "seconds": t.seconds,
            "hands_per_second": t.hands_per_second,
            "hands_per_second_by_round": t.rounds,
            "decisions_per_hand": t.decisions / t.hands if t.hands else None,
            "chance_steps_per_hand": t.chance / t.hands if t.hands else None,
            "endings": {k: v / t.hands for k, v in sorted(t.endings.items())},
        }
    if "ours" in tallies:
        ours = tallies["ours"].hands_per_second
        report["speedup_vs"] = {
            k: ours / t.hands_per_second for k, t in tallies.items() if k != "ours"
        }
    return report


def print_report(report: dict[str, Any]) -> None:
    print(
        f"Uniform-random hands per second, Python {report['python']} on {report['machine']}, "
        f"{report['seconds_per_engine']:g} s per engine in {report['rounds']} rounds"
    )
    for note in report["notes"]:
        print(f"  {note}")
    engines = report["engines"]
    for info in engines.values():
        endings = ", ".join(f"{k} {v:.1%}" for k, v in info["endings"].items())
        chance = info["chance_steps_per_hand"]
        steps = f"{info['decisions_per_hand']:.1f} decisions"
        if chance:
            steps += f" + {chance:.1f} chance steps"
        print(
            f"  {info['label']:<10} {info['version']:<8} {info['hands_per_second']:9.1f} hands/s"
            f"  ({info['hands']} hands; {steps} per hand; {endings})"
        )
    if "ours" in engines:
        ours = engines["ours"]["hands_per_second"]
        for key, info in engines.items():
            if key != "ours":
                print(f"  {ratio_text(ours, info['hands_per_second'], info['label'])}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=5.0, help="timed seconds per engine")
    parser.add_argument("--rounds", type=int, default=5, help="turns per engine")
    parser.add_argument("--warmup", type=int, default=3, help="untimed hands per engine")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument(
        "--rlcard-full",
        action="store_true",
        help="let RLCard's step() build its observation dict (slower; skipped by default)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object only")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.rounds < 1 or args.warmup < 0:
        parser.error("--seconds and --rounds must be positive, --warmup not negative")
    report = run(args)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print_report(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
