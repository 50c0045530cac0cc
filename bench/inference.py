"""How much the expert's reading of the opponent's hand is worth, and how good it is.

The expert scores each discard partly by the chance that the opponent can meld it (its
"danger"), inferred from public events only. This script measures, for today's expert
against ``--opponent`` (simple by default, which takes a discard exactly when it joins a
meld of its hand):

1. Calibration of that chance: at every expert discard decision, each card in the expert's
   hand gets its estimated chance, compared with the truth (does it join a meld of the
   opponent's actual hand?). Printed per tenth of predicted chance, with the ranking
   quality (AUC: 0.5 is guessing, 1.0 is perfect).
2. The value of perfect information: the same deals played by the expert and by an
   analysis-only copy whose danger is the truth (0 or 1). No shipped player sees hidden
   cards; the copy exists here to bound what better inference could gain.

Usage: python bench/inference.py [--deals 500] [--seed inference] [--opponent simple]
"""

from __future__ import annotations

import argparse
import dataclasses
from dataclasses import dataclass

from cardtable.errors import CardTableError
from cardtable.gin.hand import Hand, Phase
from cardtable.gin.players import make_player
from cardtable.gin.players.expert import EXPERT, ExpertPlayer, Reasoner
from cardtable.gin.players.knowledge import Knowledge
from cardtable.gin.players.simple import joins_meld
from cardtable.gin.rules import Rules
from cardtable.sim.results import mean_interval, ranking_auc

# The opponent's hand while the oracle decides, -1 otherwise: set by this script's game loop.
_TRUTH = [-1]


@dataclass(frozen=True, slots=True)
class _DangerOracle(Reasoner):
    def _danger(self, card: int, chance: dict[int, float], known: int) -> float:
        if _TRUTH[0] >= 0:
            return 1.0 if joins_meld(_TRUTH[0], card) else 0.0
        return Reasoner._danger(self, card, chance, known)


def _as(kind: type[Reasoner], **changes: object) -> Reasoner:
    """Today's expert's settings in an analysis copy of class ``kind``."""
    settings = {f.name: getattr(EXPERT, f.name) for f in dataclasses.fields(EXPERT)}
    settings.update(changes)
    return kind(**settings)


def play(
    deals: int, seed: str, oracle: bool, opponent: str = "simple"
) -> tuple[list[int], list[tuple[float, bool]]]:
    """Per-deal margins (both seatings summed) for the expert, or with ``oracle`` for the
    copy told the danger, and the calibration pairs of the expert's danger."""
    reasoner = EXPERT
    margins: list[int] = []
    pairs: list[tuple[float, bool]] = []
    for deal in range(deals):
        margin = 0
        for seat in (0, 1):
            expert = ExpertPlayer(deal, _as(_DangerOracle) if oracle else None)
            other = make_player(opponent, deal)
            players = [expert, other] if seat == 0 else [other, expert]
            hand = Hand.deal(Rules(), dealer=deal % 2, seed=f"{seed}-{deal}")
            while not hand.is_over:
                to_act = hand.to_act
                view = hand.observation(to_act)
                hidden = hand.observation(1 - to_act).hand.mask  # for the measurement only
                if to_act == seat and view.phase is Phase.DISCARD and not oracle:
                    knowledge = Knowledge.from_observation(view)
                    chance = knowledge.opponent_probability()
                    for card in view.hand:
                        guess = reasoner._danger(card, chance, knowledge.opponent_known)
                        pairs.append((guess, joins_meld(hidden, card)))
                _TRUTH[0] = hidden if oracle and to_act == seat else -1
                hand.apply(players[to_act].act(view), to_act)
            result = hand.result
            assert result is not None
            if result.winner is not None:
                margin += result.points if result.winner == seat else -result.points
        margins.append(margin)
    _TRUTH[0] = -1
    return margins, pairs


def _per_hand(margins: list[int]) -> str:
    mean, half = mean_interval([m / 2 for m in margins])
    return f"{mean:+.2f} ± {half:.2f} points per hand"


def _gain(informed: list[int], plain: list[int]) -> str:
    """The paired difference a hand, deal by deal, with its 95% interval."""
    return _per_hand([a - b for a, b in zip(informed, plain, strict=True)])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=500, help="deals, each played both ways")
    parser.add_argument("--seed", default="inference")
    parser.add_argument("--workers", type=int, default=1, help="accepted; one process")
    parser.add_argument("--opponent", default="simple", help="the level played against")
    args = parser.parse_args()
    if args.deals < 2:
        parser.error("--deals must be at least 2")
    try:
        make_player(args.opponent)
    except CardTableError as error:
        parser.error(str(error))
    opponent = args.opponent
    plain, pairs = play(args.deals, args.seed, oracle=False, opponent=opponent)
    print(f"danger estimate over {len(pairs)} cards at expert discard decisions:")
    print("  predicted   cards  truly meldable")
    for tenth in range(10):
        bucket = [t for p, t in pairs if min(9, int(p * 10)) == tenth]
        if bucket:
            share = sum(bucket) / len(bucket)
            print(f"  {tenth / 10:.1f}-{(tenth + 1) / 10:.1f} {len(bucket):9d}  {share:.3f}")
    print(f"  AUC {ranking_auc(pairs):.3f}; base rate {sum(t for _, t in pairs) / len(pairs):.3f}")
    print(f"expert vs {opponent}, {args.deals} deals both ways: {_per_hand(plain)}")
    informed, _ = play(args.deals, args.seed, oracle=True, opponent=opponent)
    print(f"same deals, danger known exactly (analysis only): {_per_hand(informed)}")
    print(f"  perfect danger knowledge is worth {_gain(informed, plain)}")


if __name__ == "__main__":
    main()
