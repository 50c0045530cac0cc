"""Two versions of the Cribbage expert compared hand by hand on the same deals.

Each deal seed (deck ``tune-N``, never the strength bench's deals, so that tuning on it
does not tune on the bench) gives one hand from 0-0 (seat 0 deals), played twice with the
seats exchanged against an opponent level, once by each version of the expert: the figure is
version A's net points a hand (its pegs, hand and crib minus the opponent's) minus version
B's, with a 95% interval over the deals (and the part of it that comes from pegging). Being
paired, it sees differences of a tenth of a point a hand that a bench of whole games would
need thousands of games for; use it to choose a change, then measure the change with
``bench/cribbage_strength.py``.

A version is ``expert`` or ``expert:`` followed by settings of the opponent model, comma
separated: ``kw`` (keep_weight), ``cw`` (crib_weight), ``pw`` (play_weight), ``lw``
(low_weight), ``ll`` (lead_low_weight), ``draws``, ``tb`` (their_blend), and ``board`` (0 or 1).

Usage: python bench/cribbage_paired_hands.py A B [--against simple] [--deals 400]
       [--start 1000] [--workers 2]
e.g.   python bench/cribbage_paired_hands.py expert:lw=1 expert:lw=0 --deals 400
"""

from __future__ import annotations

import argparse
import statistics
import sys
from dataclasses import fields, replace
from multiprocessing import Pool

from cardtable.cards import shuffled_deck
from cardtable.cribbage.hand import Hand
from cardtable.cribbage.match import MatchObservation
from cardtable.cribbage.players import make_player, player_names
from cardtable.cribbage.players.base import Player
from cardtable.cribbage.players.expert import ExpertPlayer, ExpertSettings
from cardtable.cribbage.players.opponent import OpponentModel
from cardtable.cribbage.rules import Rules

MODEL_KEYS = {
    "kw": "keep_weight",
    "cw": "crib_weight",
    "pw": "play_weight",
    "lw": "low_weight",
    "ll": "lead_low_weight",
    "draws": "draws",
    "tb": "their_blend",
}


def parse_version(text: str) -> ExpertSettings:
    """``expert[:key=value,...]`` as the expert's settings; ValueError if it is not one."""
    name, _, options = text.partition(":")
    if name != "expert":
        raise ValueError(f"not a version of the expert: {text!r}")
    model = OpponentModel()
    types = {f.name: type(getattr(model, f.name)) for f in fields(OpponentModel)}
    changes: dict[str, object] = {}
    board = True
    for option in filter(None, options.split(",")):
        key, sep, value = option.partition("=")
        if not sep:
            raise ValueError(f"not key=value: {option!r}")
        if key == "board":
            board = value == "1"
        elif key in MODEL_KEYS:
            field = MODEL_KEYS[key]
            changes[field] = types[field](value)
        else:
            raise ValueError(f"unknown setting {key!r}")
    return ExpertSettings(model=replace(model, **changes), board=board)  # type: ignore[arg-type]


def _view(hand: Hand, seat: int) -> MatchObservation:
    return MatchObservation(hand.observation(seat), 1, 1, (0, 0), ())


def hand_points(version: str, against: str, deal: int, expert_seat: int) -> tuple[int, int]:
    """One hand from 0-0: the expert's net points and its net pegging points."""
    expert: Player = ExpertPlayer(deal, parse_version(version))
    players = [expert, make_player(against, deal)]
    if expert_seat:
        players.reverse()
    hand = Hand(Rules(), 0, shuffled_deck(f"tune-{deal}"), (0, 0))
    totals = [0, 0]
    pegs = [0, 0]
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        record = hand.apply(players[seat].act(_view(hand, seat)), seat)
        for score in record.scores:
            totals[score.seat] += score.points
            if score.reason not in ("hand", "crib"):
                pegs[score.seat] += score.points
    other = 1 - expert_seat
    return totals[expert_seat] - totals[other], pegs[expert_seat] - pegs[other]


def compare_deal(job: tuple[str, str, str, int]) -> tuple[float, float]:
    """A's net points a hand minus B's on one deal (both seats), and the pegging part."""
    a, b, against, deal = job
    net = [0.0, 0.0]
    peg = [0.0, 0.0]
    for index, version in enumerate((a, b)):
        for seat in (0, 1):
            points, pegged = hand_points(version, against, deal, seat)
            net[index] += points / 2
            peg[index] += pegged / 2
    return net[0] - net[1], peg[0] - peg[1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--against", default="simple")
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--start", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    try:
        parse_version(args.a)
        parse_version(args.b)
    except (ValueError, TypeError) as error:
        print(f"cribbage_paired_hands: {error}", file=sys.stderr)
        return 2
    if args.against not in player_names() or args.deals < 2 or args.workers < 1:
        print("cribbage_paired_hands: bad --against, --deals or --workers", file=sys.stderr)
        return 2
    jobs = [(args.a, args.b, args.against, args.start + i) for i in range(args.deals)]
    with Pool(args.workers) as pool:
        results = pool.map(compare_deal, jobs, chunksize=4)
    diffs = [d for d, _ in results]
    half = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5
    print(
        f"{args.a} minus {args.b} against {args.against}, {len(diffs)} deals: "
        f"{statistics.mean(diffs):+.3f} +- {half:.3f} points a hand "
        f"(pegging {statistics.mean(p for _, p in results):+.3f})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
