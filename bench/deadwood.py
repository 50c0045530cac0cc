"""Minimum deadwood per call: our engine side by side with OpenSpiel and RLCard.

Every engine gets the same 10-card hands (converted to its own card format outside the
timing) and the answers are cross-checked hand by hand. Two kinds of hands are timed:

* ``random``: 10 cards drawn uniformly from the deck;
* ``meld-rich``: 2 or 3 random disjoint melds (runs of 3-5, sets of 3-4) filled up to 10
  cards with random cards;
* ``dense``: 10 cards out of a block of 4-5 consecutive ranks in 3-4 suits, where runs and
  sets overlap everywhere: the hard case for a meld search.

Hands are fresh in each batch (no engine sees a hand twice), engines take turns batch by
batch in a rotating order, and the garbage collector is off while a batch is timed, as in
``timeit``. The figure shown is the median over batches of the time per call (the mean is in
the JSON too), which keeps a burst of load from another process out of it. Our solver
caches sub-results by mask, so ``--repeat`` also times it on hands it has already seen.

Run: ``python bench/deadwood.py [--hands N] [--batch N] [--seed S] [--kinds K ...] [--repeat]
[--json]``.
A peer that is not installed is reported and skipped (``pip install -e '.[bench]'``).
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any

RANKS = "A23456789TJQK"
SUITS = "SHDC"  # our order: card index = suit * 13 + rank
VALUES = [min(i % 13 + 1, 10) for i in range(52)]

# Hands with a known minimum deadwood, checked on every engine before timing.
KNOWN_HANDS: list[tuple[str, int]] = [
    ("7S 7H 7D 4H 5H 6H KS 2S 9C QD", 31),
    ("4H 5H 6H 9C 9D 9S JS QS KS 3D", 3),
    ("AS 2S 3S 4S 5S 6S 7S 8S 9S TS", 0),
    ("2C 3C 4C 4D 4H 4S 5S 6S 7S KD", 10),  # 4S must go to the run or the set
    ("KS KH KD KC QS QH QD JS JH JD", 0),
    ("AS 3D 5H 7C 9S JD KH 2C 4S 6D", 57),  # no meld at all,
]

KINDS = ("random", "meld-rich", "dense")


def card_name(card: int) -> str:
    return RANKS[card % 13] + SUITS[card // 13]


def hand_text(hand: Sequence[int]) -> str:
    return " ".join(card_name(c) for c in sorted(hand))


def parse_hand(text: str) -> list[int]:
    return [SUITS.index(tok[1]) * 13 + RANKS.index(tok[0]) for tok in text.split()]


def random_hand(rng: random.Random) -> list[int]:
    return rng.sample(range(52), 10)


def random_meld(rng: random.Random) -> list[int]:
    if rng.random() < 0.5:
        length = rng.choice((3, 3, 4, 5))
        suit = rng.randrange(4)
        start = rng.randrange(14 - length)
        return [suit * 13 + start + i for i in range(length)]
    rank = rng.randrange(13)
    suits = rng.sample(range(4), rng.choice((3, 3, 4)))
    return [s * 13 + rank for s in suits]


def meld_rich_hand(rng: random.Random) -> list[int]:
    cards: set[int] = set()
    wanted = rng.choice((2, 3))
    placed = 0
    while placed < wanted:
        meld = random_meld(rng)
        if len(cards) + len(meld) <= 10 and cards.isdisjoint(meld):
            cards.update(meld)
            placed += 1
        elif len(cards) >= 7:
            break  # no room for another meld
    rest = [c for c in range(52) if c not in cards]
    cards.update(rng.sample(rest, 10 - len(cards)))
    hand = sorted(cards)
    rng.shuffle(hand)
    return hand


def dense_hand(rng: random.Random) -> list[int]:
    width = rng.choice((4, 5))
    low = rng.randrange(14 - width)
    suits = rng.sample(range(4), rng.choice((3, 4)))
    block = [s * 13 + r for s in suits for r in range(low, low + width)]
    return rng.sample(block, 10)


MAKERS: dict[str, Callable[[random.Random], list[int]]] = {
    "random": random_hand,
    "meld-rich": meld_rich_hand,
    "dense": dense_hand,
}


@dataclass
class Engine:
    """One engine: how to convert a hand (our card ints) and the timed call."""

    key: str
    label: str
    version: str
    convert: Callable[[list[int]], Any]
    call: Callable[[Any], int]


@dataclass
class Timing:
    calls: int = 0
    seconds: float = 0.0
    batches: list[float] = field(default_factory=list)  # microseconds per call, per batch

    @property
    def us_per_call(self) -> float:
        """Median over batches: robust to a burst of load from other processes."""
        return statistics.median(self.batches) if self.batches else float("nan")

    @property
    def us_per_call_mean(self) -> float:
        return self.seconds / self.calls * 1e6 if self.calls else float("nan")


def _version(dist: str) -> str:
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return "unknown"


def load_ours(notes: list[str]) -> Engine | None:
    try:
        from cardtable.gin.melds import deadwood
    except ImportError:
        src = Path(__file__).resolve().parent.parent / "src"
        sys.path.insert(0, str(src))
        try:
            from cardtable.gin.melds import deadwood
        except ImportError as exc:
            notes.append(f"cardtable (ours) not importable: {exc}")
            return None
    try:
        from cardtable.cards import parse_cards

        for text, _ in KNOWN_HANDS:
            expected = sum(1 << c for c in parse_hand(text))
            if parse_cards(text).mask != expected:
                notes.append(f"cardtable card numbering differs from suit*13+rank (SHDC) on {text}")
                return None
    except ImportError:
        notes.append("cardtable.cards.parse_cards missing: card numbering not cross-checked")

    def convert(hand: list[int]) -> int:
        mask = 0
        for c in hand:
            mask |= 1 << c
        return mask

    return Engine("ours", "ours", _version("cardtable"), convert, deadwood)


def load_openspiel(notes: list[str]) -> Engine | None:
    try:
        import pyspiel
    except ImportError:
        notes.append("OpenSpiel not installed")
        return None
    except Exception as exc:  # a broken install fails in other ways than ImportError
        notes.append(f"OpenSpiel import failed: {exc!r}")
        return None
    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)  # ranks, suits, hand size
    # OpenSpiel numbers cards suit * 13 + rank too, but with suits in the order s c d h,
    # and its card strings need a lower-case suit ("7h"): ask it rather than assume.
    table = [utils.card_int(RANKS[c % 13] + SUITS[c // 13].lower()) for c in range(52)]
    if sorted(table) != list(range(52)):
        notes.append("OpenSpiel card table is not a permutation of 0..51: skipped")
        return None

    def convert(hand: list[int]) -> list[int]:
        return [table[c] for c in hand]

    return Engine("openspiel", "OpenSpiel", _version("open_spiel"), convert, utils.min_deadwood)


def load_rlcard(notes: list[str]) -> Engine | None:
    try:
        from rlcard.games.gin_rummy.utils import melding
        from rlcard.games.gin_rummy.utils import utils as rl_utils
    except ImportError:
        notes.append("RLCard not installed")
        return None
    except Exception as exc:
        notes.append(f"RLCard import failed: {exc!r}")
        return None
    # RLCard's card_id is rank + 13 * suit with suits S H D C: the same as ours.
    deck = [rl_utils.get_card(c) for c in range(52)]
    best_clusters = melding.get_best_meld_clusters
    deadwood_count = rl_utils.get_deadwood_count

    def convert(hand: list[int]) -> list[Any]:
        return [deck[c] for c in hand]

    def call(hand: list[Any]) -> int:
        # What RLCard's own scorer does (round.score_player_0, get_payoff_gin_rummy_v1).
        clusters = best_clusters(hand)
        return int(deadwood_count(hand, clusters[0] if clusters else []))

    return Engine("rlcard", "RLCard", _version("rlcard"), convert, call)


def time_batch(engine: Engine, inputs: list[Any]) -> tuple[list[int], float]:
    call = engine.call
    enabled = gc.isenabled()
    gc.disable()
    try:
        start = time.perf_counter()
        results = [call(x) for x in inputs]
        elapsed = time.perf_counter() - start
    finally:
        if enabled:
            gc.enable()
    return results, elapsed


def ratio_text(ours_us: float, peer_us: float, peer: str) -> str:
    if ours_us <= peer_us:
        return f"ours is {peer_us / ours_us:.1f}x faster than {peer}"
    return f"ours is {ours_us / peer_us:.1f}x slower than {peer}"


def check_known(engines: list[Engine]) -> dict[str, list[str]]:
    """Wrong answers on the known hands, per engine."""
    wrong: dict[str, list[str]] = {}
    for engine in engines:
        bad = []
        for text, expected in KNOWN_HANDS:
            got = engine.call(engine.convert(parse_hand(text)))
            if got != expected:
                bad.append(f"{text}: got {got}, expected {expected}")
        wrong[engine.key] = bad
    return wrong


def run(args: argparse.Namespace) -> dict[str, Any]:
    notes: list[str] = []
    loaded = [load_ours(notes), load_openspiel(notes), load_rlcard(notes)]
    engines = [e for e in loaded if e is not None]
    report: dict[str, Any] = {
        "benchmark": "deadwood",
        "python": platform.python_version(),
        "machine": platform.machine(),
        "hands_per_kind": args.hands,
        "batch": args.batch,
        "seed": args.seed,
        "engines": {e.key: {"label": e.label, "version": e.version} for e in engines},
        "notes": notes,
        "known_hands_wrong": check_known(engines),
        "kinds": {},
    }
    if not engines:
        return report
    rng = random.Random(args.seed)
    for kind in args.kinds:
        make = MAKERS[kind]
        timings = {e.key: Timing() for e in engines}
        repeat = Timing()
        disagreements: list[dict[str, Any]] = []
        pair_diff = {e.key: 0 for e in engines}
        done = 0
        batch_no = 0
        while done < args.hands:
            size = min(args.batch, args.hands - done)
            hands = [make(rng) for _ in range(size)]
            answers: dict[str, list[int]] = {}
            order = engines[batch_no % len(engines) :] + engines[: batch_no % len(engines)]
            for engine in order:
                inputs = [engine.convert(h) for h in hands]
                results, elapsed = time_batch(engine, inputs)
                answers[engine.key] = results
                t = timings[engine.key]
                t.calls += size
                t.seconds += elapsed
                t.batches.append(elapsed / size * 1e6)
                if args.repeat and engine.key == "ours":
                    _, again = time_batch(engine, inputs)
                    repeat.calls += size
                    repeat.seconds += again
                    repeat.batches.append(again / size * 1e6)
            ref = "ours" if "ours" in answers else (engines[0].key if engines else "")
            for i, hand in enumerate(hands):
                values = {key: answers[key][i] for key in answers}
                for key, value in values.items():
                    if value != values[ref]:
                        pair_diff[key] += 1
                if len(set(values.values())) > 1:
                    disagreements.append({"hand": hand_text(hand), **values})
            done += size
            batch_no += 1
        result: dict[str, Any] = {
            "hands": done,
            "us_per_call": {k: t.us_per_call for k, t in timings.items()},
            "us_per_call_mean": {k: t.us_per_call_mean for k, t in timings.items()},
            "us_per_call_by_batch": {k: t.batches for k, t in timings.items()},
            "disagreements": len(disagreements),
            "reference": ref,
            "differs_from_reference": pair_diff,
            "disagreement_examples": disagreements[: args.examples],
        }
        if args.repeat and repeat.calls:
            result["ours_us_per_call_repeated_hands"] = repeat.us_per_call
        if "ours" in timings:
            ours_us = timings["ours"].us_per_call
            result["speedup_vs"] = {
                k: t.us_per_call / ours_us for k, t in timings.items() if k != "ours"
            }
        report["kinds"][kind] = result
    return report


def print_report(report: dict[str, Any]) -> None:
    print(f"Minimum deadwood per call, Python {report['python']} on {report['machine']}")
    for note in report["notes"]:
        print(f"  {note}")
    labels = {k: v["label"] for k, v in report["engines"].items()}
    for info in report["engines"].values():
        print(f"  {info['label']:<10} {info['version']}")
    for key, bad in report["known_hands_wrong"].items():
        status = "all correct" if not bad else f"{len(bad)} WRONG"
        print(f"  known hands, {labels[key]}: {status}")
        for line in bad:
            print(f"    {line}")
    for kind, res in report["kinds"].items():
        print(f"\n{kind} hands ({res['hands']} each):")
        for key, us in res["us_per_call"].items():
            print(f"  {labels[key]:<10} {us:9.2f} us/call")
        if "ours_us_per_call_repeated_hands" in res:
            seen = res["ours_us_per_call_repeated_hands"]
            print(f"  ours on hands seen before: {seen:.2f} us/call (cached)")
        if "ours" in res["us_per_call"]:
            ours_us = res["us_per_call"]["ours"]
            for key, us in res["us_per_call"].items():
                if key != "ours":
                    print(f"  {ratio_text(ours_us, us, labels[key])}")
        if len(res["us_per_call"]) < 2:
            print("  only one engine: no cross-check")
        else:
            print(f"  disagreements: {res['disagreements']} of {res['hands']} hands")
        for example in res["disagreement_examples"]:
            values = ", ".join(f"{labels[k]} {v}" for k, v in example.items() if k != "hand")
            print(f"    {example['hand']}: {values}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=4000, help="hands of each kind")
    parser.add_argument("--batch", type=int, default=500, help="hands per timed batch")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument(
        "--kinds", nargs="+", choices=KINDS, default=list(KINDS), help="kinds of hands to time"
    )
    parser.add_argument("--examples", type=int, default=5, help="disagreements to show")
    parser.add_argument("--repeat", action="store_true", help="also time ours on seen hands")
    parser.add_argument("--json", action="store_true", help="print one JSON object only")
    args = parser.parse_args(argv)
    if args.hands < 1 or args.batch < 1:
        parser.error("--hands and --batch must be positive")
    report = run(args)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print_report(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
