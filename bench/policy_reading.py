"""What the opponent's exact policy would tell about its hand: the bound on reading it.

The expert reads the opponent through per-card weights moved by fixed factors for each
public event (:mod:`cardtable.gin.players.knowledge`). The best any opponent model learned
from play could do is know the opponent's policy exactly. Against `simple` that policy is
known: it takes a top card exactly when the card joins a meld of its best arrangement,
throws its highest-value loose card, and knocks at its first chance. This script samples
the opponent's hidden history (its first ten cards and each card it drew from the stock)
under that policy, by Metropolis steps over histories that swap a card between two places
or for another unseen card, each weighed by ``--slip`` to the power of the decisions the
history would have made otherwise; the hands at the end of the chains that break no
decision are the posterior. At every expert discard decision (both seatings of each deal)
it compares, against the truth (does the card join a meld of the opponent's real hand?):

- the chance that each card in the expert's hand feeds the opponent, from the knowledge
  weights (what the expert uses), from the exact-policy posterior and from the mean of the
  two: ranking (AUC) and Brier score;
- the opponent's deadwood, its mean over the posterior against the real one.

As a check on the model, the real history of the opponent's hand (tracked from the engine,
for this measurement only) is scored the same way: against simple it must break no
decision; against any other player (``--opponent``) it will.

Usage: python bench/policy_reading.py [--deals 40] [--chains 24] [--steps 400]
[--opponent simple] [--seed policy] [--json]
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import time
from collections.abc import Iterator
from dataclasses import dataclass, field

from cardtable.cards import VALUES, card_numbers
from cardtable.gin.actions import ActionKind
from cardtable.gin.hand import Hand, Observation, Phase
from cardtable.gin.melds import best_masks, deadwood
from cardtable.gin.players import make_player
from cardtable.gin.players.expert import EXPERT
from cardtable.gin.players.knowledge import Knowledge
from cardtable.gin.players.simple import joins_meld
from cardtable.gin.rules import Rules
from cardtable.sim.results import ranking_auc

# The opponent's decisions as the seat saw them.
DECLINE, DRAW, TAKE, DISCARD = 0, 1, 2, 3


class History:
    """The opponent's hidden history in one observation, and how it fits simple's policy.

    A history is a list of slots: the opponent's first ten cards, then one card per stock
    draw, in order. Every card the opponent threw without having taken it from the pile
    came from a slot filled before the throw; the rest of the slots hold its hidden cards
    now, drawn from the cards this seat has not seen."""

    def __init__(self, obs: Observation) -> None:
        opponent = 1 - obs.seat
        pile = [int(obs.upcard)]
        self.decisions: list[tuple[int, int, int]] = []  # kind, card (or draw number), taken
        taken_now = -1
        taken_ever = 0
        draws = 0
        passes = 0
        previous: ActionKind | None = None
        self.limit: dict[int, int] = {}  # a thrown card sits in a slot below 10 + this
        for event in obs.events:
            top = pile[-1] if pile else -1
            theirs = event.seat == opponent
            kind = event.kind
            if kind is ActionKind.PASS:
                passes += 1
                if theirs:
                    self.decisions.append((DECLINE, top, -1))
            elif kind is ActionKind.DRAW_STOCK:
                # After both seats passed the upcard the non-dealer must draw from the stock.
                forced = previous is ActionKind.PASS and passes == 2
                if theirs:
                    if not forced and top >= 0:
                        self.decisions.append((DECLINE, top, -1))
                    self.decisions.append((DRAW, draws, -1))
                    draws += 1
                    taken_now = -1
            elif kind is ActionKind.DRAW_DISCARD:
                if pile:
                    pile.pop()
                if theirs:
                    self.decisions.append((TAKE, top, -1))
                    taken_now = top
                    taken_ever |= 1 << top
            elif kind is ActionKind.DISCARD and event.card is not None:
                card = int(event.card)
                pile.append(card)
                if theirs:
                    self.decisions.append((DISCARD, card, taken_now))
                    if not taken_ever >> card & 1:
                        self.limit[card] = draws
                    taken_now = -1
            previous = kind
        self.known = obs.opponent_known.mask
        self.unseen = card_numbers(obs.unseen.mask)
        self.slots = 10 + draws
        self.threshold = obs.threshold

    def random_history(self, rng: random.Random) -> list[int]:
        """A history that puts every thrown card before its throw (not yet fitting play)."""
        slots = [-1] * self.slots
        for card, limit in sorted(self.limit.items(), key=lambda item: item[1]):
            slots[rng.choice([i for i in range(10 + limit) if slots[i] < 0])] = card
        free = [i for i in range(self.slots) if slots[i] < 0]
        for i, card in zip(free, rng.sample(self.unseen, len(free)), strict=True):
            slots[i] = card
        return slots

    def misfits(self, slots: list[int]) -> int:
        """How many of the opponent's seen decisions simple would have made otherwise."""
        hand = 0
        for card in slots[:10]:
            hand |= 1 << card
        wrong = 0
        for kind, card, taken in self.decisions:
            if kind == DECLINE:
                wrong += joins_meld(hand, card)
            elif kind == DRAW:
                hand |= 1 << slots[10 + card]
            elif kind == TAKE:
                wrong += not joins_meld(hand, card)
                hand |= 1 << card
            else:
                cards = [c for c in card_numbers(hand) if c != taken]
                # It knocks at its first chance: a throw means it could not.
                wrong += any(deadwood(hand ^ 1 << c) <= self.threshold for c in cards)
                _, loose = best_masks(hand)
                pool = [c for c in cards if loose >> c & 1] or cards
                thrown = max(pool, key=lambda c: (VALUES[c], -deadwood(hand ^ 1 << c)))
                wrong += thrown != card
                hand ^= 1 << card
        return wrong

    def hand_now(self, slots: list[int]) -> int:
        """The opponent's hand at the end of a history."""
        hand = self.known
        for card in slots:
            if card not in self.limit:
                hand |= 1 << card
        return hand

    def step(self, slots: list[int], rng: random.Random) -> list[int] | None:
        """A proposed neighbour (symmetric), or None where the move breaks a throw's place."""
        out = list(slots)
        if rng.random() < 0.5:
            held = [i for i, c in enumerate(out) if c not in self.limit]
            inside = set(out)
            outside = [c for c in self.unseen if c not in inside]
            if not held or not outside:
                return None
            out[rng.choice(held)] = rng.choice(outside)
            return out
        i, j = rng.randrange(self.slots), rng.randrange(self.slots)
        out[i], out[j] = out[j], out[i]
        for k in (i, j):
            limit = self.limit.get(out[k])
            if limit is not None and k >= 10 + limit:
                return None
        return out

    def sample(
        self, rng: random.Random, chains: int, steps: int, slip: float
    ) -> tuple[list[int], int]:
        """Opponent hands now at the ends of the chains that fit all play, and how many
        chains ended fitting it."""
        log_slip = math.log(slip)
        hands: list[int] = []
        for _ in range(chains):
            slots = self.random_history(rng)
            wrong = self.misfits(slots)
            for _ in range(steps):
                proposed = self.step(slots, rng)
                if proposed is None:
                    continue
                new = self.misfits(proposed)
                if new <= wrong or rng.random() < math.exp((new - wrong) * log_slip):
                    slots, wrong = proposed, new
            if wrong == 0:
                hands.append(self.hand_now(slots))
        return hands, len(hands)


@dataclass(slots=True)
class Tally:
    weights: list[tuple[float, bool]] = field(default_factory=list)
    policy: list[tuple[float, bool]] = field(default_factory=list)
    deadwood_error: list[float] = field(default_factory=list)
    deadwood_guess: list[float] = field(default_factory=list)
    deadwood_real: list[int] = field(default_factory=list)
    decisions: int = 0
    fitted: int = 0
    chains: int = 0
    checks: int = 0
    broken: int = 0
    seconds: float = 0.0


def brier(pairs: list[tuple[float, bool]]) -> float:
    return statistics.fmean((p - truth) ** 2 for p, truth in pairs) if pairs else 0.0


def decisions(opponent: str, deals: int, seed: str) -> Iterator[tuple[Observation, int, list[int]]]:
    """The expert's discard decisions against ``opponent``, both seatings of each deal:
    its view, the opponent's real hand and the opponent's real history (its first ten
    cards, then each stock draw), the last two for the measurement only."""
    for deal in range(deals):
        for seat in (0, 1):
            other = 1 - seat
            players = [make_player("expert", deal), make_player(opponent, deal)]
            if seat == 1:
                players.reverse()
            hand = Hand.deal(Rules(), dealer=deal % 2, seed=f"{seed}-{deal}")
            real = [int(c) for c in hand.cards(other)]
            while not hand.is_over:
                to_act = hand.to_act
                view = hand.observation(to_act)
                if to_act == seat and view.phase is Phase.DISCARD:
                    yield view, hand.cards(other).mask, list(real)
                action = players[to_act].act(view)
                before = hand.cards(to_act).mask
                hand.apply(action, to_act)
                if to_act == other and action.kind is ActionKind.DRAW_STOCK:
                    real.append((hand.cards(other).mask & ~before).bit_length() - 1)


def play(args: argparse.Namespace) -> Tally:
    tally = Tally()
    rng = random.Random(f"{args.seed}-chains")
    for view, hidden, real in decisions(args.opponent, args.deals, args.seed):
        record(tally, view, hidden, real, rng, args)
    return tally


def record(
    tally: Tally,
    view: Observation,
    hidden: int,
    real: list[int],
    rng: random.Random,
    args: argparse.Namespace,
) -> None:
    history = History(view)
    assert history.hand_now(real) == hidden, "the history bookkeeping lost a card"
    tally.checks += 1
    tally.broken += history.misfits(real) > 0
    start = time.perf_counter()
    hands, fitted = history.sample(rng, args.chains, args.steps, args.slip)
    tally.seconds += time.perf_counter() - start
    tally.decisions += 1
    tally.chains += args.chains
    tally.fitted += fitted
    if not hands:
        return
    knowledge = Knowledge.from_observation(view)
    chance = knowledge.opponent_probability()
    for card in view.hand:
        truth = joins_meld(hidden, card)
        tally.weights.append((EXPERT._danger(card, chance, knowledge.opponent_known), truth))
        share = sum(joins_meld(h, card) for h in hands) / len(hands)
        tally.policy.append((share, truth))
    guess = statistics.fmean(deadwood(h) for h in hands)
    tally.deadwood_guess.append(guess)
    tally.deadwood_real.append(deadwood(hidden))
    tally.deadwood_error.append(abs(guess - deadwood(hidden)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=40, help="deals, each played both ways")
    parser.add_argument("--chains", type=int, default=24, help="chains per decision")
    parser.add_argument("--steps", type=int, default=400, help="Metropolis steps per chain")
    parser.add_argument("--slip", type=float, default=0.02, help="weight per misfit")
    parser.add_argument("--opponent", default="simple")
    parser.add_argument("--seed", default="policy")
    parser.add_argument("--workers", type=int, default=1, help="accepted; one process")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    for name in ("deals", "chains", "steps"):
        if getattr(args, name) < 1:
            parser.error(f"--{name} must be at least 1")
    if not 0.0 < args.slip < 1.0:
        parser.error("--slip must be between 0 and 1")
    try:
        make_player(args.opponent, 0)
    except (KeyError, ValueError) as error:
        parser.error(f"--opponent: {error}")
    tally = play(args)
    summary = {
        "opponent": args.opponent,
        "decisions": tally.decisions,
        "cards": len(tally.policy),
        "base_rate": statistics.fmean(t for _, t in tally.policy) if tally.policy else 0.0,
        "auc_weights": ranking_auc(tally.weights),
        "auc_policy": ranking_auc(tally.policy),
        "auc_both": ranking_auc(
            [(w + q, t) for (w, t), (q, _) in zip(tally.weights, tally.policy, strict=True)]
        ),
        "brier_weights": brier(tally.weights),
        "brier_policy": brier(tally.policy),
        "fitted_share": tally.fitted / max(1, tally.chains),
        "deadwood_guess": statistics.fmean(tally.deadwood_guess or [0.0]),
        "deadwood_real": statistics.fmean(tally.deadwood_real or [0]),
        "deadwood_error": statistics.fmean(tally.deadwood_error or [0.0]),
        "real_checks": tally.checks,
        "real_broken": tally.broken,
        "ms_per_decision": 1000 * tally.seconds / max(1, tally.decisions),
    }
    if args.json:
        print(json.dumps(summary))
        return
    print(
        f"{args.deals} deals both ways against {args.opponent}: {tally.decisions} expert "
        f"discard decisions, {summary['cards']} cards (base rate {summary['base_rate']:.3f})"
    )
    print(
        f"  model check: the real opponent history breaks simple's policy at "
        f"{tally.broken} of {tally.checks} decisions"
    )
    print(
        f"  chains ending on a history that fits all play: {summary['fitted_share']:.0%} "
        f"({args.chains} chains x {args.steps} steps, {summary['ms_per_decision']:.0f} ms a "
        "decision)"
    )
    print("  chance a discard feeds the opponent   AUC    Brier")
    print(
        f"    knowledge weights (the expert)     {summary['auc_weights']:.3f}  "
        f"{summary['brier_weights']:.3f}"
    )
    print(
        f"    exact-policy posterior             {summary['auc_policy']:.3f}  "
        f"{summary['brier_policy']:.3f}"
    )
    print(f"    the mean of the two                {summary['auc_both']:.3f}")
    print(
        f"  opponent deadwood: posterior mean {summary['deadwood_guess']:.1f}, real "
        f"{summary['deadwood_real']:.1f}, mean error {summary['deadwood_error']:.1f}"
    )


if __name__ == "__main__":
    main()
