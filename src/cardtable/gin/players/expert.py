"""Computer players that reason about the hand: beginner, intermediate and expert.

All of them see only their own seat's :class:`~cardtable.gin.hand.Observation`.

The intermediate and expert players score every legal action:

- a draw by the deadwood the hand can reach after it, against the expected result of an
  unseen stock card (weighted by how likely each unseen card is to be in the stock);
- a discard by the expected deadwood after the next draw, minus the danger of feeding the
  opponent a meld card and, as the opponent's hand matures, the cost of being caught with
  high cards;
- a knock (expert) by its expected points over opponent hands sampled consistently with
  the observation (determinized Monte Carlo), lay-offs and undercuts included, for each
  layout the knock could use, keeping the layout that leaves the defender least. The
  sampled hands are organised as the opponent's own would be after the turns it has had,
  so the expert sees how often a knock would be undercut, and against players who knock
  early it often waits with low deadwood to undercut them instead. Playing on is valued by
  play-outs of the same samples plus a small allowance for the expert's option to keep
  waiting, which those play-outs (knocking at once) lack. In a match, a hand
  that takes either side to the target counts the game bonus on top of its points.

The expert also infers the opponent's cards from every public event (see
:mod:`cardtable.gin.players.knowledge`); the intermediate player treats unseen cards as equally
likely and knocks as soon as it can. The beginner plays like the simple baseline with a
learner's slips, but never breaks up a made meld.
"""

from __future__ import annotations

import functools
import random
import time
from dataclasses import dataclass, replace
from typing import Final

from cardtable.cards import VALUES, Card, CardSet
from cardtable.gin.actions import (
    DRAW_DISCARD,
    DRAW_STOCK,
    PASS,
    Action,
    ActionKind,
)
from cardtable.gin.hand import Observation, Phase
from cardtable.gin.melds import (
    arrangements_within,
    best_arrangement,
    best_discard,
    best_masks,
    deadwood,
    defender_answer,
)
from cardtable.gin.players.alternatives import Alternative
from cardtable.gin.players.base import register
from cardtable.gin.players.knowledge import Knowledge
from cardtable.gin.players.rollout import playout
from cardtable.gin.players.simple import joins_meld

__all__ = [
    "EXPERT",
    "EXPERT_2026",
    "BeginnerPlayer",
    "Expert2026Player",
    "ExpertPlayer",
    "IntermediatePlayer",
    "Reasoner",
    "evaluate_actions",
]


def best_after_discard(mask: int, exclude: int = -1) -> int:
    """The least deadwood an eleven-card hand keeps after one discard (not ``exclude``)."""
    return best_discard(mask, 1 << exclude if exclude >= 0 else 0)[0]


# The settings below are the ones that shape play today. The ideas measured beside them and
# left out (a second draw, posterior opponent hands, learned rules and values, ...) are in
# docs/research/experiments.md, with the commands and figures that measured them.
@dataclass(frozen=True, slots=True)
class Reasoner:
    """The scoring behind the intermediate and expert players and the hints."""

    infer: bool = True
    knock_samples: int = 40
    max_layouts: int = 4
    # The danger estimate ranks well but is far from certain (bench/inference.py); weighed
    # fully it keeps high cards that an undercut needs gone: 0.5 measured best.
    danger_weight: float = 0.5
    # What reaching the knock limit adds to a hand's value. Halved to 4 on 1,000 paired
    # matches against simple (bench/paired.py, seed s14-a): -0.4 +- 1.0% of matches.
    knock_bonus: float = 8.0
    # What reaching gin adds on top. Against itself the expert plays a race to gin (74% of
    # hands end in one, bench/defences.py --opponent expert-2026), and valuing gin more wins
    # it more often: 30 instead of 12 gains +1.22 +- 0.36 points a hand against expert-2026
    # (bench/paired.py --hands, 4,000 hands, seed s17-h; +0.83 +- 0.52 on 2,000 others) and
    # is even against simple (-0.06 +- 0.20). Today's expert uses 30 (``EXPERT`` below).
    gin_bonus: float = 12.0
    urgency_scale: float = 1.0
    reveal_cost: float = 1.0
    rollouts: int = 32
    time_limit: float = 0.8
    # Turns of solitaire per opponent draw that sampled opponent hands play (see
    # Knowledge.sample_opponent): 1.0 measured best against simple and intermediate. Its
    # guesses are stronger than the real hands (deadwood 16 against 24), yet guesses nearer
    # the truth lose: on 2,000 paired matches 0.5 and 0.7 win -2.35 +- 1.42% and -1.10 +-
    # 1.15% of them, 1.5 and 2.0 -0.7 +- 1.1% (docs/research/experiments.md, fifth round).
    organise: float = 1.0
    # Points added to playing on when a knock is possible. The play-outs that value playing
    # on knock at their first chance, so they miss the option the expert keeps of waiting
    # on for gin or an undercut. Measured on 2,000-3,000 paired hands: 3 gains 0.4 points a
    # hand against simple and 0.3 against intermediate, and is even against the expert
    # without it; 6 gains more against simple but falls behind that expert (-0.5 +- 0.6),
    # and in 2,000 paired matches against simple it wins no more (-0.7 +- 0.85% of them).
    wait_bias: float = 3.0

    def match_value(self, obs: Observation, points: float) -> float:
        """Points this seat wins (negative: loses) in a hand, worth more when they end the
        match: a hand that takes either side to the target decides the game, so it counts
        the game bonus (or 100) on top. Outside a match (no scores) points are points."""
        scores = obs.scores
        if scores is None or not points:
            return points
        rules = obs.rules
        decisive = float(rules.game_bonus or 100)
        if points > 0 and scores[obs.seat] + points >= rules.target:
            return points + decisive
        if points < 0 and scores[1 - obs.seat] - points >= rules.target:
            return points - decisive
        return points

    def _utility(self, left: int, threshold: int) -> float:
        value = -float(left)
        if left <= threshold:
            value += self.knock_bonus
        if left == 0:
            value += self.gin_bonus
        return value

    def evaluate(self, obs: Observation, rng: random.Random) -> list[Alternative]:
        """Every legal action with its value, best first."""
        legal = obs.legal_actions()
        if not legal:
            return []
        knowledge = Knowledge.from_observation(obs, infer=self.infer)
        chance = knowledge.opponent_probability()
        in_stock = {c: 1.0 - p for c, p in chance.items()}
        total = sum(in_stock.values()) or 1.0
        stock_odds = [(c, w / total) for c, w in in_stock.items()]
        if obs.phase in (Phase.OFFER, Phase.DRAW):
            scored = self._draws(obs, legal, stock_odds)
        else:
            scored = self._discards(obs, legal, knowledge, chance, stock_odds, rng)
        scored.sort(key=lambda alt: alt.value, reverse=True)
        # Only a knock is searched: play-outs by the simple policy pull draws and discards
        # toward simple's (docs/research/experiments.md, first round).
        knocking = any(a.action.kind is ActionKind.KNOCK for a in scored)
        if (
            self.rollouts
            and knocking
            and len(scored) > 1
            and scored[0].action.kind is not ActionKind.GIN
        ):
            scored = self._search(obs, scored, knowledge, rng)
        return scored

    def _search(
        self,
        obs: Observation,
        scored: list[Alternative],
        knowledge: Knowledge,
        rng: random.Random,
    ) -> list[Alternative]:
        """Re-rank the knocks against the best plain discard by playing each out on
        sampled deals.

        Every choice is played on the same determinizations (the opponent's hidden cards
        and the stock order drawn from the observation), so their differences are not noise
        of the deal. Values become expected points for this seat."""
        deadline = time.perf_counter() + self.time_limit
        hand = obs.hand.mask
        top = obs.top_discard
        deals: list[tuple[int, list[int]]] = []
        for _ in range(self.rollouts):
            opponent = knowledge.sample_opponent(rng, self.organise)
            rest = [c for c in knowledge.weights if not opponent >> c & 1]
            rng.shuffle(rest)
            deals.append((opponent, rest))
        enders = [a for a in scored if a.action.kind is ActionKind.KNOCK]
        plain = [a for a in scored if a.action.kind is not ActionKind.KNOCK]
        chosen = plain[:1]
        # No later turn to wait for once a plain discard ends the hand.
        option = self.wait_bias if enders and obs.stock_count > 2 else 0.0
        out: list[Alternative] = []
        for alt in chosen:
            points: list[float] = []
            for opponent, stock in deals:
                if points and time.perf_counter() > deadline:
                    break
                played = self._play(obs, alt.action, hand, opponent, stock, top)
                points.append(self.match_value(obs, played))
            value = option + sum(points) / max(1, len(points))
            out.append(Alternative(alt.action, value, alt.note))
        for alt in enders:
            action = alt.action
            assert action.card is not None
            kept = hand ^ 1 << action.card
            melds = action.melds
            if melds is None:
                melds = best_arrangement(CardSet.from_mask(kept)).melds
                action = action.with_melds(melds)
            total = 0.0
            k = deadwood(kept)
            for opponent, _ in deals:
                d = defender_answer(CardSet.from_mask(opponent), melds).deadwood
                won = d - k if d > k else -(k - d + obs.rules.undercut_bonus)
                total += self.match_value(obs, obs.multiplier * won)
            out.append(Alternative(action, total / max(1, len(deals)), alt.note))
        floor = min((a.value for a in out), default=0.0) - 1.0
        searched = {id(a) for a in chosen} | {id(a) for a in enders}
        rest_alts = [a for a in scored if id(a) not in searched]
        out.sort(key=lambda alt: alt.value, reverse=True)
        out.extend(Alternative(a.action, floor - i * 0.01, a.note) for i, a in enumerate(rest_alts))
        return out

    def _play(
        self,
        obs: Observation,
        action: Action,
        hand: int,
        opponent: int,
        stock: list[int],
        top: Card | None,
    ) -> int:
        """One play-out after ``action``, in points for this seat."""
        kind = action.kind
        # The table, the same for every play-out.
        play = functools.partial(playout, obs.rules, obs.threshold, obs.multiplier)
        if kind is ActionKind.DISCARD:
            assert action.card is not None
            if obs.stock_count <= 2:
                return 0
            return play([hand ^ 1 << action.card, opponent], stock, action.card, 1, False)
        if kind is ActionKind.DRAW_DISCARD:
            assert top is not None
            return play([hand | 1 << top, opponent], stock, -1, 0, True, taken=top)
        if kind is ActionKind.DRAW_STOCK:
            stock = list(stock)
            card = stock.pop()
            return play([hand | 1 << card, opponent], stock, -1, 0, True)
        if kind is ActionKind.PASS:
            dealer_passes = obs.dealer == obs.seat
            upcard = -1 if dealer_passes or top is None else int(top)
            return play([hand, opponent], stock, upcard, 1, False, offer=not dealer_passes)
        return 0

    def _next_draw(self, hand: int, odds: list[tuple[int, float]], threshold: int) -> float:
        """A ten-card hand's value: its utility after the next draw and discard, expected
        over the stock (``odds`` sum to one)."""
        return sum(p * self._utility(best_after_discard(hand | 1 << c), threshold) for c, p in odds)

    def _draws(
        self, obs: Observation, legal: list[Action], odds: list[tuple[int, float]]
    ) -> list[Alternative]:
        hand = obs.hand.mask
        threshold = obs.threshold
        stock_value = self._next_draw(hand, odds, threshold)
        out: list[Alternative] = []
        top = obs.top_discard
        for action in legal:
            if action.kind is ActionKind.DRAW_DISCARD and top is not None:
                left = best_after_discard(hand | 1 << top, exclude=top)
                value = self._utility(left, threshold)
                melds = joins_meld(hand, top)
                if not melds:
                    # Taking a card that joins nothing shows the opponent what we collect.
                    value -= self.reveal_cost
                note = f"keeps {left} deadwood" + (", joins a meld" if melds else "")
                out.append(Alternative(action, value, note))
            else:
                note = "an unseen card from the stock"
                out.append(Alternative(action, stock_value, note))
        return out

    def _wait_value(
        self, rest: int, odds: list[tuple[int, float]], obs: Observation, knock_ev: float
    ) -> float:
        """What playing on is worth instead of knocking with ``rest``: the chance of gin on
        the next draw, else roughly the same knock a turn later with the risk that the
        opponent goes out first. With two stock cards left a plain discard kills the hand."""
        if obs.stock_count <= 2:
            return 0.0
        gin = sum(p for c, p in odds if best_after_discard(rest | 1 << c) == 0)
        gin_value = obs.rules.gin_bonus + 25.0
        later = 0.75 * knock_ev - 2.0
        return max(0.0, gin * gin_value + (1.0 - gin) * later)

    def _danger(self, card: int, chance: dict[int, float], known: int) -> float:
        """The chance that the opponent can meld ``card`` if we throw it."""

        def p(c: int) -> float:
            if known >> c & 1:
                return 1.0
            return chance.get(c, 0.0)

        rank, suit = card % 13, card // 13
        others = [p(s * 13 + rank) for s in range(4) if s != suit]
        # At least two of the other three cards of the rank.
        a, b, c = others
        pair = a * b + a * c + b * c - 2 * a * b * c
        miss = 1.0 - pair
        for lo in (rank - 2, rank - 1, rank):
            hi = lo + 2
            if lo < 0 or hi > 12:
                continue
            cards = [suit * 13 + r for r in range(lo, hi + 1) if r != rank]
            miss *= 1.0 - p(cards[0]) * p(cards[1])
        return 1.0 - miss

    def _discards(
        self,
        obs: Observation,
        legal: list[Action],
        knowledge: Knowledge,
        chance: dict[int, float],
        odds: list[tuple[int, float]],
        rng: random.Random,
    ) -> list[Alternative]:
        hand = obs.hand.mask
        threshold = obs.threshold
        out: list[Alternative] = []
        urgency = self.urgency_scale * min(
            0.6, 0.04 * knowledge.opponent_draws + 0.1 * knowledge.opponent_took
        )
        discard_values: dict[int, float] = {}
        for action in legal:
            kind = action.kind
            if kind in (ActionKind.GIN, ActionKind.BIG_GIN):
                out.append(Alternative(action, 100.0, "no deadwood: cannot be undercut"))
                continue
            if kind is not ActionKind.DISCARD:
                continue
            card = action.card
            assert card is not None
            rest = hand ^ 1 << card
            left = deadwood(rest)
            if obs.stock_count <= 2:
                # This discard ends the hand dead: nothing ahead to draw.
                value = self._utility(left, threshold) - 5.0
            else:
                value = self._next_draw(rest, odds, threshold)
            danger = self._danger(card, chance, knowledge.opponent_known)
            value -= self.danger_weight * danger * (6.0 + VALUES[card] / 2.0)
            value -= urgency * left
            discard_values[card] = value
            note = f"leaves {left} deadwood"
            if danger > 0.3:
                note += f", {round(danger * 100)}% chance it helps your opponent"
            out.append(Alternative(action, value, note))
        knocks = [a for a in legal if a.kind is ActionKind.KNOCK]
        if knocks:
            out.extend(self._knocks(obs, knocks, knowledge, rng, discard_values, odds))
        return out

    def _knocks(
        self,
        obs: Observation,
        knocks: list[Action],
        knowledge: Knowledge,
        rng: random.Random,
        discard_values: dict[int, float],
        odds: list[tuple[int, float]],
    ) -> list[Alternative]:
        hand = obs.hand.mask
        threshold = obs.threshold
        rules = obs.rules
        best_plain = max(discard_values.values(), default=0.0)
        if not self.infer:
            # Knock at once, with the layout that leaves the least deadwood.
            return [
                Alternative(a, best_plain + 50.0 - deadwood(hand ^ 1 << (a.card or 0)), "knock")
                for a in knocks
            ]
        samples = [knowledge.sample_opponent(rng, self.organise) for _ in range(self.knock_samples)]
        deadline = time.perf_counter() + self.time_limit
        out: list[Alternative] = []
        for action in knocks:
            card = action.card
            assert card is not None
            rest = hand ^ 1 << card
            best_ev = -1e9
            best_layout = None
            best_undercuts = 0.0
            for index, layout in enumerate(arrangements_within(CardSet.from_mask(rest), threshold)):
                if index >= self.max_layouts or (index and time.perf_counter() > deadline):
                    break
                total = 0.0
                undercuts = 0
                for opponent in samples:
                    d = defender_answer(CardSet.from_mask(opponent), layout.melds).deadwood
                    k = layout.deadwood
                    if d > k:
                        total += d - k
                    else:
                        total -= k - d + rules.undercut_bonus
                        undercuts += 1
                ev = obs.multiplier * total / max(1, len(samples))
                if ev > best_ev:
                    best_ev, best_layout = ev, layout
                    best_undercuts = undercuts / max(1, len(samples))
            assert best_layout is not None
            wait = self._wait_value(rest, odds, obs, best_ev)
            value = best_ev - wait
            note = f"expected {best_ev:+.1f} points, undercut risk {round(best_undercuts * 100)}%"
            chosen = Action(ActionKind.KNOCK, action.card, best_layout.melds)
            out.append(Alternative(chosen, best_plain + value, note))
        return out


def _decision_rng(seed: int, obs: Observation) -> random.Random:
    """A generator fixed by the seed and what the seat has seen, so a decision never
    depends on anything else (call order, hidden cards)."""
    key = hash((seed, obs.hand.mask, obs.stock_count, len(obs.events), obs.seat))
    return random.Random(key)


class _ReasoningPlayer:
    name = "reasoning"
    reasoner: Reasoner

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, observation: Observation) -> Action:
        scored = self.reasoner.evaluate(observation, _decision_rng(self.seed, observation))
        return scored[0].action


# The expert as it stood at the end of 2026, every setting spelled out so that a change of
# a default cannot move it: the level ``expert-2026`` that later experts are measured against
# (tests/gin/test_expert_2026.py pins its decisions).
EXPERT_2026: Final = Reasoner(
    infer=True,
    knock_samples=40,
    max_layouts=4,
    danger_weight=0.5,
    knock_bonus=8.0,
    gin_bonus=12.0,
    urgency_scale=1.0,
    reveal_cost=1.0,
    rollouts=32,
    time_limit=0.8,
    organise=1.0,
    wait_bias=3.0,
)

# Today's expert: the players, the hints, the learning aids and the coach's review use it.
# It values gin more than expert-2026 does (see ``gin_bonus``); every other setting is the same.
EXPERT: Final = replace(EXPERT_2026, gin_bonus=30.0)


class ExpertPlayer(_ReasoningPlayer):
    """Infers the opponent's hand, weighs undercut risk, and samples opponent hands."""

    name = "expert"

    def __init__(
        self, seed: int = 0, reasoner: Reasoner | None = None, time_limit: float | None = None
    ) -> None:
        super().__init__(seed)
        reasoner = reasoner or EXPERT
        if time_limit is not None:
            reasoner = replace(reasoner, time_limit=time_limit)
        self.reasoner = reasoner


class Expert2026Player(ExpertPlayer):
    """The expert frozen as it stood at the end of 2026 (``expert-2026``)."""

    name = "expert-2026"

    def __init__(self, seed: int = 0, time_limit: float | None = None) -> None:
        super().__init__(seed, EXPERT_2026, time_limit)


class IntermediatePlayer(_ReasoningPlayer):
    """Plans draws and discards one card ahead; no inference, knocks as soon as it can."""

    name = "intermediate"

    def __init__(self, seed: int = 0, time_limit: float | None = None) -> None:
        super().__init__(seed)
        # No search to cut short: its decisions take milliseconds whatever the budget.
        del time_limit
        self.reasoner = Reasoner(infer=False, danger_weight=0.5, rollouts=0)


class BeginnerPlayer:
    """Plays like the simple baseline but slips: it sometimes throws a random loose card
    and sometimes misses a useful discard. It never breaks up a made meld."""

    name = "beginner"

    def __init__(self, seed: int = 0, slip: float = 0.35) -> None:
        self.seed = seed
        self.slip = slip

    def act(self, observation: Observation) -> Action:
        rng = _decision_rng(self.seed, observation)
        legal = observation.legal_actions()
        hand = observation.hand.mask
        phase = observation.phase
        if phase in (Phase.OFFER, Phase.DRAW):
            top = observation.top_discard
            take = DRAW_DISCARD in legal and top is not None and joins_meld(hand, top)
            if take and rng.random() >= self.slip:
                return DRAW_DISCARD
            return PASS if phase is Phase.OFFER else DRAW_STOCK
        enders = [a for a in legal if a.kind in (ActionKind.GIN, ActionKind.BIG_GIN)]
        enders = enders or [a for a in legal if a.kind is ActionKind.KNOCK]
        if enders:
            return enders[0]
        _, loose = best_masks(hand)
        discards = [a for a in legal if a.kind is ActionKind.DISCARD]
        pool = [a for a in discards if a.card is not None and loose >> a.card & 1] or discards
        if rng.random() < self.slip:
            return rng.choice(pool)
        return max(pool, key=lambda a: VALUES[a.card or 0])


def evaluate_actions(observation: Observation, seed: int = 0) -> list[Alternative]:
    """The expert's scoring of every legal action for the seat to act, best first."""
    return EXPERT.evaluate(observation, _decision_rng(seed, observation))


register("expert", ExpertPlayer, timed=True)
# Unlisted: the lists the ``ginrummy`` command prints keep their text.
register("expert-2026", Expert2026Player, timed=True, listed=False)
register("intermediate", IntermediatePlayer, timed=True)
register("beginner", BeginnerPlayer)
