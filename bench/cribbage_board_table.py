"""Writes ``src/cardtable/cribbage/players/board_table.py``: the chance that the dealer wins a
121-point game from any score, for the expert's play near the end of a game.

Two steps.

1. What a hand is worth, measured: ``--hands`` deals (seeded by ``--seed``) are played out by
   two expert players (playing for points, not for the board) from 0-0, and the points each
   role makes are tallied: the play's points for the dealer and the non-dealer together (his
   heels counts with the dealer's play), the non-dealer's hand, the dealer's hand and crib
   together, the crib alone, and the crib table's value of the two cards each side laid away
   (the expert shifts the crib's distribution by how much better or worse its own discard is).

2. The chances, by dynamic programming over the points each player still needs (1 to 121),
   taking the hand's steps in order: the play (from the joint distribution of both sides'
   play points, which always include a last card), the non-dealer's show, then the dealer's
   hand and crib; whoever reaches the target first wins, and if both could in the play the
   game is called even. Hands are taken as independent of each other and the play of the
   show: a model, not a measurement, of who wins.

Usage: python bench/cribbage_board_table.py [--hands 3000] [--seed 7] [--workers 2]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from multiprocessing import Pool
from pathlib import Path

from cardtable.cards import shuffled_deck
from cardtable.cribbage.hand import Hand
from cardtable.cribbage.match import MatchObservation
from cardtable.cribbage.players.discard import crib_value
from cardtable.cribbage.players.expert import ExpertPlayer, ExpertSettings
from cardtable.cribbage.rules import Rules

OUT = Path(__file__).resolve().parents[1] / "src/cardtable/cribbage/players/board_table.py"
TOP = 121
# Chances are stored as two characters of this 64-character alphabet: 4096 steps.
ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_"


def one_hand(job: tuple[int, int]) -> tuple[int, int, int, int, int, float, float]:
    """(dealer play, non-dealer play, non-dealer hand, dealer hand, crib, dealer's and
    non-dealer's crib-table values) of one deal played by two experts."""
    seed, index = job
    deck = shuffled_deck(f"board-table:{seed}:{index}")
    settings = ExpertSettings(board=False)
    players = [ExpertPlayer(index, settings), ExpertPlayer(index + 1, settings)]
    dealer = index % 2
    hand = Hand(Rules(), dealer, deck, (0, 0))
    pegs = [0, 0]
    shows = {"hand0": 0, "hand1": 0, "crib": 0}
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        view = hand.observation(seat)
        record = hand.apply(players[seat].act(MatchObservation(view, 1, 1, (0, 0), ())), seat)
        for score in record.scores:
            if score.reason == "hand":
                shows[f"hand{score.seat}"] = score.points
            elif score.reason == "crib":
                shows["crib"] = score.points
            else:
                pegs[score.seat] += score.points
    pone = 1 - dealer
    dealer_throw = crib_value(*hand.laid_away[dealer])
    pone_throw = crib_value(*hand.laid_away[pone])
    return (
        pegs[dealer],
        pegs[pone],
        shows[f"hand{pone}"],
        shows[f"hand{dealer}"],
        shows["crib"],
        dealer_throw,
        pone_throw,
    )


def normalise(counter: Counter[int]) -> dict[int, float]:
    total = sum(counter.values())
    return {k: v / total for k, v in sorted(counter.items())}


def dealer_chances(
    play: dict[tuple[int, int], float], pone_hand: dict[int, float], dealer_show: dict[int, float]
) -> list[list[float]]:
    """``W[a][b]``: the dealer's chance to win, needing ``a``, the non-dealer needing ``b``."""
    size = TOP + 1
    wd = [[0.0] * size for _ in range(size)]
    s3 = [[0.0] * size for _ in range(size)]  # dealer needs x after the non-dealer's show
    s2 = [[0.0] * size for _ in range(size)]  # after the play, before the non-dealer's show
    play_items = list(play.items())
    pone_items = list(pone_hand.items())
    show_items = list(dealer_show.items())
    for total in range(2, 2 * TOP + 1):
        pairs = [(a, total - a) for a in range(max(1, total - TOP), min(TOP, total - 1) + 1)]
        for a, b in pairs:
            chance = 0.0
            for (q, p), weight in play_items:  # (dealer's play points, non-dealer's)
                if q >= a and p >= b:
                    chance += weight * 0.5
                elif q >= a:
                    chance += weight
                elif p < b:
                    chance += weight * s2[a - q][b - p]
            wd[a][b] = chance
        for x, y in pairs:
            chance = 0.0
            for g, weight in show_items:
                chance += weight * (1.0 if g >= x else 1.0 - wd[y][x - g])
            s3[x][y] = chance
        for x, y in pairs:
            chance = 0.0
            for h, weight in pone_items:
                if h < y:
                    chance += weight * s3[x][y - h]
            s2[x][y] = chance
    return wd


def encode(rows: list[list[float]]) -> list[str]:
    lines = []
    for a in range(1, TOP + 1):
        text = []
        for b in range(1, TOP + 1):
            level = round(rows[a][b] * 4095)
            text.append(ALPHABET[level // 64] + ALPHABET[level % 64])
        lines.append("".join(text))
    return lines


def render(
    seed: int,
    hands: int,
    play: dict[tuple[int, int], float],
    dists: dict[str, dict[int, float]],
    means: dict[str, float],
    wd: list[list[float]],
) -> str:
    out = [
        '"""The board: measured hand values and the dealer\'s chance to win from any score.\n',
        "\n",
        "Generated data, do not edit by hand: written by\n",
        f"``python bench/cribbage_board_table.py --hands {hands} --seed {seed}`` (see its\n",
        f"docstring): {hands} deals played by two expert players, seeded, then a dynamic\n",
        "programme over the points each side needs.\n",
        '"""\n\n',
        "from __future__ import annotations\n\n",
        "from typing import Final\n\n",
        "HANDS_MEASURED: Final = ",
        f"{hands}\n",
        f"SEED: Final = {seed}\n\n",
        "# (dealer's play points, non-dealer's play points) -> chance (his heels: the dealer's).\n",
        "PLAY: Final[dict[tuple[int, int], float]] = {\n",
    ]
    for key, value in play.items():
        out.append(f"    {key}: {value:.6f},\n")
    out.append("}\n")
    for name, dist in dists.items():
        out.append(f"{name}: Final[dict[int, float]] = {{\n")
        for key, value in dist.items():
            out.append(f"    {key}: {value:.6f},\n")
        out.append("}\n")
    for name, value in means.items():
        out.append(f"{name}: Final = {value:.4f}\n")
    out.append(
        "\n# DEALER_WINS[a - 1] holds, two characters per entry for b = 1 .. 121, the dealer's\n"
        "# chance to win at the start of a hand needing a points while the non-dealer needs b:\n"
        f"# the characters' places in ALPHABET make a number of 4096ths.\n"
        f'ALPHABET: Final = "{ALPHABET}"\n'
        "DEALER_WINS: Final = (\n"
    )
    for line in encode(wd):
        out.append(f'    "{line}",\n')
    out.append(")\n")
    return "".join(out)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    jobs = [(args.seed, i) for i in range(args.hands)]
    with Pool(args.workers) as pool:
        rows = pool.map(one_hand, jobs, chunksize=16)
    play = Counter((r[0], r[1]) for r in rows)
    total = sum(play.values())
    play_dist = {key: play[key] / total for key in sorted(play)}
    dists = {
        "PONE_HAND": normalise(Counter(r[2] for r in rows)),
        "DEALER_SHOW": normalise(Counter(r[3] + r[4] for r in rows)),
        "CRIB": normalise(Counter(r[4] for r in rows)),
    }
    means = {
        "DEALER_THROW_MEAN": sum(r[5] for r in rows) / len(rows),
        "PONE_THROW_MEAN": sum(r[6] for r in rows) / len(rows),
        "CRIB_MEAN": sum(r[4] for r in rows) / len(rows),
        "DEALER_HAND_MEAN": sum(r[3] for r in rows) / len(rows),
        "PONE_HAND_MEAN": sum(r[2] for r in rows) / len(rows),
    }
    wd = dealer_chances(play_dist, dists["PONE_HAND"], dists["DEALER_SHOW"])
    OUT.write_text(render(args.seed, args.hands, play_dist, dists, means, wd))
    print(f"wrote {OUT}: means {means}; dealer wins from 121-121: {wd[TOP][TOP]:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
