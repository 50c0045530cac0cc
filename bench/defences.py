"""Where the expert's points go: how its hands end, and by how much it loses its defences.

Plays ``--deals`` deals both ways, the expert against ``--opponent`` (single hands under
standard rules), and prints how the hands ended (who knocked, knock, gin or undercut, who
won, the share of hands and the expert's mean points in them), then, for the hands the
opponent won by knocking, how far the expert's deadwood after lay-offs was above the
knocker's: a gap of one or two points is a hand that a little less deadwood would have
turned into an undercut.

Usage: python bench/defences.py [--deals 300] [--opponent simple] [--seed defences] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import Counter, defaultdict
from typing import Any

from cardtable.gin.hand import Hand
from cardtable.gin.players import make_player
from cardtable.gin.rules import Rules
from cardtable.gin.showdown import HandResult, Outcome

BANDS = ((1, 2), (3, 5), (6, 10), (11, 20), (21, 999))


def ending(result: HandResult, seat: int) -> tuple[str, str, str]:
    """(who knocked, how it ended, who won) from the expert's side."""

    def side(who: int | None) -> str:
        return "nobody" if who is None else "expert" if who == seat else "opponent"

    return side(result.knocker), result.outcome.value, side(result.winner)


def play(opponent: str, deals: int, seed: str) -> list[tuple[HandResult, int]]:
    out: list[tuple[HandResult, int]] = []
    for deal in range(deals):
        for seat in (0, 1):
            players = [make_player("expert", deal), make_player(opponent, deal)]
            if seat == 1:
                players.reverse()
            hand = Hand.deal(Rules(), dealer=deal % 2, seed=f"{seed}-{deal}")
            while not hand.is_over:
                to_act = hand.to_act
                hand.apply(players[to_act].act(hand.observation(to_act)), to_act)
            assert hand.result is not None
            out.append((hand.result, seat))
    return out


def summarise(results: list[tuple[HandResult, int]]) -> dict[str, Any]:
    points: defaultdict[tuple[str, str, str], list[int]] = defaultdict(list)
    gaps: Counter[int] = Counter()
    for result, seat in results:
        mine = result.points if result.winner == seat else -result.points
        points[ending(result, seat)].append(0 if result.winner is None else mine)
        lost_defence = result.knocker not in (None, seat) and result.winner not in (None, seat)
        if lost_defence and result.outcome is Outcome.KNOCK:
            gaps[result.defender_deadwood - result.knocker_deadwood] += 1
    hands = len(results)
    endings = [
        {
            "knocker": key[0],
            "outcome": key[1],
            "winner": key[2],
            "share": len(values) / hands,
            "mean_points": statistics.fmean(values),
        }
        for key, values in sorted(points.items(), key=lambda item: -len(item[1]))
    ]
    lost = sum(gaps.values())
    bands = [
        {"gap": f"{low}-{high}" if high < 999 else f"{low}+", "hands": count, "share": count / lost}
        for low, high in BANDS
        for count in [sum(n for gap, n in gaps.items() if low <= gap <= high)]
    ]
    net = statistics.fmean(
        (r.points if r.winner == s else -r.points) if r.winner is not None else 0
        for r, s in results
    )
    return {
        "hands": hands,
        "net_points": net,
        "endings": endings,
        "lost_defences": lost,
        "gaps": bands,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300, help="deals, each played both ways")
    parser.add_argument("--opponent", default="simple")
    parser.add_argument("--seed", default="defences")
    parser.add_argument("--workers", type=int, default=1, help="accepted; one process")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.deals < 1:
        parser.error("--deals must be at least 1")
    try:
        make_player(args.opponent, 0)
    except (KeyError, ValueError) as error:
        parser.error(f"--opponent: {error}")
    summary = summarise(play(args.opponent, args.deals, args.seed))
    if args.json:
        print(json.dumps(summary))
        return
    print(
        f"expert against {args.opponent}, {summary['hands']} hands: "
        f"net {summary['net_points']:+.2f} points a hand"
    )
    print("  knocker   ending     winner    hands  expert's points in them")
    for row in summary["endings"]:
        print(
            f"  {row['knocker']:9s} {row['outcome']:10s} {row['winner']:9s} "
            f"{row['share']:5.1%}  {row['mean_points']:+.1f}"
        )
    print(
        f"  the opponent's {summary['lost_defences']} winning knocks, by the expert's "
        "deadwood after lay-offs above the knocker's:"
    )
    for band in summary["gaps"]:
        print(f"    {band['gap']:>5s} points: {band['hands']:4d} ({band['share']:.0%})")


if __name__ == "__main__":
    main()
