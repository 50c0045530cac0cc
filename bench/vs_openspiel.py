"""Our computer players against OpenSpiel's simple gin rummy bot, in OpenSpiel's own game.

Every hand is played in ``pyspiel.load_game("gin_rummy")`` under OpenSpiel's rules: our
player (``--level``) in one seat, ``pyspiel.make_simple_gin_rummy_bot`` in the other. Our
player sees only its own seat's observation, rebuilt from what that seat was shown; its
choice is mapped back to OpenSpiel's actions (see ``bench/_openspiel_bridge.py`` for the
mapping and the rules that differ). Where OpenSpiel refuses our player's choice, the nearest
legal action is taken and counted as a fallback.

Deals are duplicated: deal ``d`` (a deck shuffled from ``--seed`` and ``d``) is played
twice, with our player as OpenSpiel's player 0 (first to act) in hand ``2d`` and as player
1 in hand ``2d + 1``. The 95% intervals treat the two hands of a deal as one sample (a
cluster), so the pairing is not counted as independence.

Endings are named from the knocker's side: ``theirs undercut`` is a knock by OpenSpiel's bot
that we undercut, ``tie`` a knock that OpenSpiel scores 0 (equal deadwood: our rules would
call it an undercut), ``wall`` a hand passed at OpenSpiel's wall, ``limit`` one ended by its
limits on repeated upcard draws.

Reported: hand win rate (a hand is won when OpenSpiel's return for our seat is positive),
points per hand for each side (the returns each side won, over all hands) and net points
per hand, how hands ended, fallbacks, and our player's decisions per second.

One quirk of OpenSpiel's bot is measured apart: after a gin its plan opens with the pass
that ends lay-offs, but after gin there are none, so that pass ends the hand before it lays
its melds and it is scored on its whole hand. That follows OpenSpiel, so it stays in the
figures; the points it gives away are reported beside them.

With ``--level A,B`` (for instance ``expert,expert-2026``) both levels play the same deals
in one run, and the difference of their net points per hand is reported per deal, with its
95% interval: the two levels meet the same cards, so the luck of the deal cancels out.

Run: ``python bench/vs_openspiel.py [--hands N] [--level LEVEL[,LEVEL]] [--workers K]
[--seed S] [--knock-card K] [--no-verify] [--json] [--json-out PATH]``; ``--hands 20`` is a
smoke check.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import platform
import random
import sys
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from importlib import metadata
from pathlib import Path
from typing import Any

try:
    import cardtable.gin  # noqa: F401
except ImportError:  # run from a checkout without installing
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from _openspiel_bridge import HandOutcome, HandRunner
from cardtable.errors import CardTableError
from cardtable.gin.players import make_player

Z95 = 1.959964


def deck_for(seed: int, deal: int) -> list[int]:
    """The OpenSpiel card ids of deal ``deal`` in dealing order (shuffled from the seed)."""
    deck = list(range(52))
    random.Random(f"vs_openspiel:{seed}:{deal}").shuffle(deck)
    return deck


# -- one worker ------------------------------------------------------------------------

_WORKER: dict[str, Any] = {}


def _init_worker(settings: dict[str, Any]) -> None:
    import pyspiel

    _WORKER["runner"] = HandRunner(pyspiel, settings["params"])
    _WORKER["settings"] = settings


def _play_range(span: tuple[int, int]) -> list[dict[str, Any]]:
    """Hands ``span[0]`` to ``span[1] - 1``: hand ``h`` is deal ``h // 2`` from seat ``h % 2``."""
    runner: HandRunner = _WORKER["runner"]
    settings = _WORKER["settings"]
    out: list[dict[str, Any]] = []
    for hand_no in range(*span):
        deal = hand_no // 2
        seat = hand_no % 2
        player = make_player(settings["level"], settings["seed"])
        outcome: HandOutcome = runner.play(
            player,
            seat,
            deck_for(settings["seed"], deal),
            hand_no=hand_no,
            deal=deal,
            verify=settings["verify"],
        )
        out.append(outcome.to_dict())
    return out


def _spans(hands: int, chunk: int) -> list[tuple[int, int]]:
    chunk += chunk % 2  # keep both hands of a deal in one task
    return [(start, min(hands, start + chunk)) for start in range(0, hands, chunk)]


def play_all(args: argparse.Namespace, settings: dict[str, Any]) -> Iterator[dict[str, Any]]:
    spans = _spans(args.hands, args.chunk)
    if args.workers <= 1:
        _init_worker(settings)
        for span in spans:
            yield from _play_range(span)
        return
    with multiprocessing.get_context("fork").Pool(
        args.workers, initializer=_init_worker, initargs=(settings,)
    ) as pool:
        for results in pool.imap_unordered(_play_range, spans):
            yield from results


# -- statistics ------------------------------------------------------------------------


def cluster_ratio(
    numerators: dict[int, float], denominators: dict[int, float]
) -> tuple[float, float]:
    """A ratio of sums over clusters and its standard error (the delta method)."""
    total_n = sum(numerators.values())
    total_d = sum(denominators.values())
    if total_d <= 0:
        return float("nan"), float("nan")
    ratio = total_n / total_d
    clusters = len(denominators)
    if clusters < 2:
        return ratio, float("nan")
    squares = sum((numerators[c] - ratio * denominators[c]) ** 2 for c in denominators)
    se = math.sqrt(clusters / (clusters - 1) * squares) / total_d
    return ratio, se


def interval(value: float, se: float) -> list[float]:
    return [value - Z95 * se, value + Z95 * se]


def paired_difference(first: list[dict[str, Any]], second: list[dict[str, Any]]) -> dict[str, Any]:
    """Net points per hand of ``first`` minus ``second`` on the same deals, with the 95%
    interval of the mean over deals (each deal's two hands are one sample)."""

    def per_deal(rows: list[dict[str, Any]]) -> Counter[int]:
        net: Counter[int] = Counter()
        for row in rows:
            net[row["deal"]] += row["points"]
        return net

    a, b = per_deal(first), per_deal(second)
    deals = sorted(set(a) & set(b))
    hands = Counter(row["deal"] for row in first)
    diffs = [(a[d] - b[d]) / hands[d] for d in deals]
    n = len(diffs)
    mean = sum(diffs) / n if n else float("nan")
    se = math.sqrt(sum((x - mean) ** 2 for x in diffs) / (n - 1) / n) if n > 1 else float("nan")
    return {"deals": n, "net_points_per_hand": mean, "ci95": interval(mean, se)}


def summarize(
    rows: list[dict[str, Any]], args: argparse.Namespace, seconds: float, params: dict[str, Any]
) -> dict[str, Any]:
    rows.sort(key=lambda r: r["hand"])
    hands = len(rows)
    per_deal_hands: Counter[int] = Counter()
    wins: Counter[int] = Counter()
    losses: Counter[int] = Counter()
    net: Counter[int] = Counter()
    for row in rows:
        deal = row["deal"]
        per_deal_hands[deal] += 1
        wins[deal] += row["points"] > 0
        losses[deal] += row["points"] < 0
        net[deal] += row["points"]
    hands_by_deal = {d: float(n) for d, n in per_deal_hands.items()}
    decided = {d: float(wins[d] + losses[d]) for d in per_deal_hands}
    win_rate, win_se = cluster_ratio({d: float(wins[d]) for d in per_deal_hands}, hands_by_deal)
    loss_rate, _ = cluster_ratio({d: float(losses[d]) for d in per_deal_hands}, hands_by_deal)
    share, share_se = cluster_ratio({d: float(wins[d]) for d in per_deal_hands}, decided)
    net_mean, net_se = cluster_ratio({d: float(net[d]) for d in per_deal_hands}, hands_by_deal)
    ours_points = sum(r["points"] for r in rows if r["points"] > 0)
    their_points = -sum(r["points"] for r in rows if r["points"] < 0)
    endings: Counter[str] = Counter()
    for row in rows:
        who = row["knocker"]
        endings[row["ending"] if who is None else f"{who} {row['ending']}"] += 1
    fallbacks: Counter[str] = Counter()
    for row in rows:
        fallbacks.update(row["fallbacks"])
    decisions = sum(r["decisions"] for r in rows)
    act_seconds = sum(r["act_seconds"] for r in rows)
    by_seat = {}
    for seat in (0, 1):
        mine = [r for r in rows if r["seat"] == seat]
        if mine:
            by_seat[str(seat)] = {
                "hands": len(mine),
                "win_rate": sum(r["points"] > 0 for r in mine) / len(mine),
                "net_points_per_hand": sum(r["points"] for r in mine) / len(mine),
            }
    return {
        "benchmark": "vs_openspiel",
        "python": platform.python_version(),
        "machine": platform.machine(),
        "open_spiel": _version("open_spiel"),
        "ours": make_player(args.level, args.seed).name,
        "level": args.level,
        "opponent": "pyspiel.make_simple_gin_rummy_bot",
        "game_parameters": params,
        "seed": args.seed,
        "hands": hands,
        "deals": len(per_deal_hands),
        "workers": args.workers,
        "verify": args.verify,
        "win_rate": win_rate,
        "win_rate_ci95": interval(win_rate, win_se),
        "loss_rate": loss_rate,
        "no_winner_rate": max(0.0, 1.0 - win_rate - loss_rate),
        "win_share_of_decided": share,
        "win_share_of_decided_ci95": interval(share, share_se),
        "points_per_hand": {"ours": ours_points / hands, "openspiel": their_points / hands},
        "net_points_per_hand": net_mean,
        "net_points_per_hand_ci95": interval(net_mean, net_se),
        "by_seat": by_seat,
        "endings": dict(sorted(endings.items())),
        "fallbacks": sum(fallbacks.values()),
        "fallbacks_by_reason": dict(sorted(fallbacks.items())),
        "fallback_hands": sum(1 for r in rows if r["fallbacks"]),
        "wall_offers": sum(r["wall_offers"] for r in rows),
        "wall_knocks": sum(r["wall_knocks"] for r in rows),
        "our_layoffs": sum(r["layoffs"] for r in rows),
        "layoff_limited_hands": sum(r["layoff_limited"] for r in rows),
        "bot_unmelded_points_per_hand": sum(r["bot_unmelded"] for r in rows) / hands,
        "bot_unmelded_hands": sum(1 for r in rows if r["bot_unmelded"]),
        "observations": sum(r["observations"] for r in rows),
        "verified_observations": sum(r["verified"] for r in rows),
        "our_decisions": decisions,
        "our_decision_seconds": act_seconds,
        "decisions_per_second": decisions / act_seconds if act_seconds else float("nan"),
        "openspiel_actions": sum(r["actions"] for r in rows),
        "wall_seconds": seconds,
        "hands_per_second": hands / seconds if seconds else float("nan"),
    }


def _version(dist: str) -> str:
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return "unknown"


def print_report(report: dict[str, Any]) -> None:
    pct = "{:.1%}".format
    hands = report["hands"]
    print(
        f"ours ({report['level']}) vs OpenSpiel {report['open_spiel']} simple bot, in OpenSpiel's "
        f"gin_rummy {report['game_parameters']}"
    )
    pairing = "each played from both seats" if hands % 2 == 0 else "the last from seat 0 only"
    print(
        f"  {hands} hands ({report['deals']} deals, {pairing}), "
        f"seed {report['seed']}, {report['workers']} worker(s)"
    )
    lo, hi = report["win_rate_ci95"]
    print(
        f"  our hand win rate: {pct(report['win_rate'])} (95% CI {pct(lo)} to {pct(hi)}); "
        f"OpenSpiel wins {pct(report['loss_rate'])}, no winner {pct(report['no_winner_rate'])}"
    )
    lo, hi = report["win_share_of_decided_ci95"]
    print(
        f"  our share of hands with a winner: {pct(report['win_share_of_decided'])} "
        f"(95% CI {pct(lo)} to {pct(hi)})"
    )
    points = report["points_per_hand"]
    lo, hi = report["net_points_per_hand_ci95"]
    print(
        f"  points per hand: ours {points['ours']:.2f}, OpenSpiel {points['openspiel']:.2f}, "
        f"net {report['net_points_per_hand']:+.2f} (95% CI {lo:+.2f} to {hi:+.2f})"
    )
    for seat, info in report["by_seat"].items():
        print(
            f"  as OpenSpiel player {seat}: {info['hands']} hands, win rate "
            f"{pct(info['win_rate'])}, net {info['net_points_per_hand']:+.2f} per hand"
        )
    endings = ", ".join(f"{k} {v}" for k, v in report["endings"].items())
    print(f"  endings: {endings}")
    reasons = ", ".join(f"{k} {v}" for k, v in report["fallbacks_by_reason"].items()) or "none"
    print(
        f"  fallbacks (our choice not legal in OpenSpiel): {report['fallbacks']} in "
        f"{report['fallback_hands']} hands ({reasons})"
    )
    print(
        f"  wall (OpenSpiel's take-and-knock at two stock cards): offered {report['wall_offers']}, "
        f"knocked {report['wall_knocks']}"
    )
    print(
        f"  our lay-offs: {report['our_layoffs']} cards; hands where OpenSpiel's lay-off rule "
        f"(two cards at most per run end) cost us deadwood: {report['layoff_limited_hands']}"
    )
    print(
        f"  after our gins, OpenSpiel's bot left its melds unlaid in "
        f"{report['bot_unmelded_hands']} hands, worth {report['bot_unmelded_points_per_hand']:.2f} "
        f"of our points per hand"
    )
    if report["verify"]:
        print(
            f"  observations given to our player: {report['observations']}, of which "
            f"{report['verified_observations']} checked equal to our engine's view of the same "
            f"deal (the rest came after OpenSpiel's play left our rules, or at its wall)"
        )
    print(
        f"  our decisions: {report['our_decisions']} in {report['our_decision_seconds']:.1f} s "
        f"({report['decisions_per_second']:.1f}/s); {report['hands_per_second']:.2f} hands/s, "
        f"{report['wall_seconds']:.1f} s wall time"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=2000, help="hands to play (default 2000)")
    parser.add_argument(
        "--level",
        default="expert",
        help="our player (default expert), or two levels A,B to compare on the same deals",
    )
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--chunk", type=int, default=10, help="hands per worker task")
    parser.add_argument(
        "--knock-card", type=int, default=10, help="OpenSpiel's knock_card (our threshold)"
    )
    parser.add_argument("--gin-bonus", type=int, default=25)
    parser.add_argument("--undercut-bonus", type=int, default=25)
    parser.add_argument(
        "--no-verify",
        dest="verify",
        action="store_false",
        help="skip mirroring each hand in our engine to check the observations",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object only")
    parser.add_argument("--json-out", type=Path, help="also write the JSON report to this file")
    args = parser.parse_args(argv)
    if args.hands < 1 or args.workers < 1 or args.chunk < 1:
        parser.error("--hands, --workers and --chunk must be positive")
    if not 0 <= args.knock_card <= 10:
        parser.error("--knock-card must be 0 to 10 (our engine's range)")
    levels = args.level.split(",")
    for level in levels:
        try:
            make_player(level)
        except CardTableError as error:
            parser.error(str(error))
    if len(levels) > 2:
        parser.error("--level takes one level or two to compare")
    try:
        import pyspiel
    except ImportError:
        print("OpenSpiel is not installed (pip install -e '.[bench]')", file=sys.stderr)
        return 2
    params = {
        "knock_card": args.knock_card,
        "gin_bonus": args.gin_bonus,
        "undercut_bonus": args.undercut_bonus,
    }
    full_params = HandRunner(pyspiel, params).params
    reports = []
    runs = []
    for level in levels:
        args.level = level
        settings = {"params": params, "level": level, "seed": args.seed, "verify": args.verify}
        rows: list[dict[str, Any]] = []
        start = time.perf_counter()
        step = max(1, args.hands // 10)
        for row in play_all(args, settings):
            rows.append(row)
            shown = not args.json and args.hands >= 100 and len(rows) < args.hands
            if shown and len(rows) % step == 0:
                elapsed = time.perf_counter() - start
                print(
                    f"  ... {level}: {len(rows)}/{args.hands} hands, {elapsed:.0f} s",
                    file=sys.stderr,
                )
        seconds = time.perf_counter() - start
        reports.append(summarize(rows, args, seconds, dict(full_params)))
        runs.append(rows)
    output: dict[str, Any] = reports[0]
    if len(reports) == 2:
        output = {
            "benchmark": "vs_openspiel",
            "levels": levels,
            "reports": reports,
            "difference": paired_difference(runs[0], runs[1]),
        }
    if args.json_out is not None:
        args.json_out.write_text(json.dumps(output, indent=2) + "\n")
    if args.json:
        print(json.dumps(output, indent=2))
    else:
        for report in reports:
            print_report(report)
        if len(reports) == 2:
            diff = output["difference"]
            lo, hi = diff["ci95"]
            print(
                f"{levels[0]} minus {levels[1]} on the same {diff['deals']} deals: "
                f"{diff['net_points_per_hand']:+.2f} net points per hand "
                f"(95% CI {lo:+.2f} to {hi:+.2f})"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
