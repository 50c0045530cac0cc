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
    Meld,
    arrangements_within,
    best_arrangement,
    best_discard,
    best_masks,
    deadwood,
    defender_answer,
)
from cardtable.gin.players.base import register
from cardtable.gin.players.danger import DangerContext, danger_features, learned_danger
from cardtable.gin.players.equity import equity, points_per_equity
from cardtable.gin.players.hints import Alternative
from cardtable.gin.players.knowledge import Knowledge
from cardtable.gin.players.posterior import DEFAULT_MODEL, OpponentModel, Posterior
from cardtable.gin.players.rollout import SeatPlan, playout
from cardtable.gin.players.simple import joins_meld

__all__ = [
    "EXPERT",
    "EXPERT_2026",
    "KNOCK_FEATURES",
    "BeginnerPlayer",
    "Expert2026Player",
    "ExpertPlayer",
    "IntermediatePlayer",
    "Reasoner",
    "evaluate_actions",
]


# The inputs of the learned knock-or-wait rule (``Reasoner.knock_weights``), in order.
KNOCK_FEATURES: Final = (
    "bias",
    "knock points (sampled opponent hands)",
    "waiting points (play-outs of the best plain discard)",
    "undercut share (sampled)",
    "deadwood kept by the knock",
    "stock cards left",
    "opponent draws",
    "opponent takes from the pile",
    "chance the next stock card makes gin",
    "sampled opponent deadwood",
    "knock points (weighed opponent hands)",
    "undercut share (weighed)",
    "chance the opponent can knock after its next draw (weighed)",
)


def best_after_discard(mask: int, exclude: int = -1) -> int:
    """The least deadwood an eleven-card hand keeps after one discard (not ``exclude``)."""
    return best_discard(mask, 1 << exclude if exclude >= 0 else 0)[0]


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
    take_only_melds: bool = False
    rollouts: int = 32
    candidates: int = 3
    search_knocks_only: bool = True
    switch_z: float = 1.5
    time_limit: float = 0.8
    # Turns of solitaire per opponent draw that sampled opponent hands play (see
    # Knowledge.sample_opponent): 1.0 measured best against simple and intermediate. Its
    # guesses are stronger than the real hands (bench/world_models.py: deadwood 16 against
    # 24), yet guesses nearer the truth lose: on 2,000 paired matches 0.5 and 0.7 win
    # -2.35 +- 1.42% and -1.10 +- 1.15% of them, 1.5 and 2.0 -0.7 +- 1.1%.
    organise: float = 1.0
    # Points added to playing on when a knock is possible. The play-outs that value playing
    # on knock at their first chance, so they miss the option the expert keeps of waiting
    # on for gin or an undercut. Measured on 2,000-3,000 paired hands: 3 gains 0.4 points a
    # hand against simple and 0.3 against intermediate, and is even against the expert
    # without it; 6 gains more against simple but falls behind that expert (-0.5 +- 0.6),
    # and in 2,000 paired matches against simple it wins no more (-0.7 +- 0.85% of them).
    wait_bias: float = 3.0
    # Draws ahead that a discard or a draw is valued over: 1 is the next draw only; 2 also
    # plays the draw after it (throwing the card that leaves least deadwood in between), so
    # a hand that will be ready in two turns counts above one that only looks tidy now.
    # Measured against simple on 400 duplicate matches (seeds tune-A): +0.31 net points a
    # hand (5.35 against 5.04), the same 75.0% of matches, at four times the decision time;
    # not worth it yet, so off.
    lookahead: int = 1
    # How many draws' worth of improvement a ten-card hand is valued with: its utility now
    # plus ``horizon`` times what the next draw is expected to add (1: the next draw only).
    # The opponent's turns leave about ten more draws before the hand ends, and the next
    # one alone values a pair or a two-card run by a single chance to complete it, which
    # throws them for low singletons too early. A take from the discard pile counts the
    # draws after it the same way, so that the stock is not favoured. With ``lookahead`` 2
    # the take is valued over the following draw instead. Over expert-2026's settings, on
    # single hands paired deal by deal (bench/paired.py --hands) 1.5 and 2 gain +0.19 +-
    # 0.26 and +0.01 +- 0.37 points a hand against simple (8,000 hands), -0.38 +- 0.84 and
    # +0.47 +- 1.16 against expert-2026 (2,000); 3 loses 2.2 there. Off.
    horizon: float = 1.0
    # The share of a two-draw plan's value kept for the second draw: the opponent may end
    # the hand in between.
    second_draw: float = 0.85
    lookahead_top: int = 3
    # Opponent hands weighed by how likely its seen decisions make them (posterior.py):
    # this many sampled histories, 0 for none (the knowledge weights alone). Where they are
    # drawn, they replace the organised samples of the knock search and the play-outs
    # (``posterior_search``), the per-card danger of a discard (``posterior_danger``) and the
    # urgency that grows with the opponent's draws (``posterior_urgency`` times the chance
    # that the opponent can knock after its next draw, per point of deadwood kept).
    # Measured against simple on 400 duplicate matches (tune-A; README, "Strength"):
    # the search with posterior hands loses (66% of matches against 78.5%): the organised
    # samples overrate the opponent, and that keeps the expert waiting to undercut, which
    # is where it wins; the urgency is even (79.5%), and with ``rollout_patience`` 4 gains
    # 80.75% on tune-A but not on tune-B (71.0% against 71.75%). All off.
    posterior_worlds: int = 0
    posterior_search: bool = True
    posterior_danger: bool = False
    posterior_urgency: float = 0.0
    # Draw the hidden cards of the guesses by the knowledge weights, or (``organise`` > 0)
    # as the organised samples, instead of uniformly; the likelihood weighs them the same.
    posterior_prior: bool = False
    posterior_organise: float = 0.0
    opponent_model: OpponentModel = DEFAULT_MODEL
    # In play-outs this seat knocks only with at most this much deadwood (gin always), as
    # the expert itself waits on to undercut; -1: at the first chance, like simple.
    # Measured as above: 4 gives 80.0% and 2 gives 79.25% against 78.5% (noise); on 2,000
    # paired matches (bench/paired.py, seed s13-a) 4 wins -0.6 +- 0.8% of matches. Off.
    rollout_patience: int = -1
    # The same for the opponent's seat in the play-outs: it knocks only with at most this
    # much deadwood (gin always), as a player racing for gin does; -1: as simple. Against
    # expert-2026, which races for gin, on single hands paired deal by deal (1,000 hands,
    # seed s20-c): 0 loses -2.39 +- 1.45 points a hand, 4 -0.70 +- 1.08 (and this seat's
    # ``rollout_patience`` 4 there -0.09 +- 0.40): waiting looks safer than it is. Off.
    rollout_opponent_patience: int = -1
    # Knock or play on by a learned rule: the knock is worth the best plain discard's value
    # plus ``knock_weights`` times ``KNOCK_FEATURES`` (what this seat can see of the knock
    # and of waiting), fitted to what knocking and waiting really scored (bench/knock_rule.py).
    # Empty: the knock's sampled points against the play-outs' points plus ``wait_bias``,
    # which the weights (-wait_bias, 1, -1, 0, ...) reproduce. Fitted on 3,132 choices against
    # simple it gains +0.23 +- 0.13 points a held-out choice, yet in 2,000 paired matches
    # it wins no more (-0.05 +- 1.15% of them, -1.5 +- 1.3 hand points a match): off.
    knock_weights: tuple[float, ...] = ()
    # Opponent hands weighed by their likelihood (posterior.py) for the rule's inputs.
    rule_worlds: int = 200
    # Value a hand's points by what they do to the chance of winning the match (equity.py),
    # scaled to points at an even start, instead of points plus a flat bonus when they end
    # the match: far ahead, closing adds little; far behind, a loss costs little more.
    # On 2,000 paired matches against simple (seed s13-a) it wins no more (-0.25 +- 0.63% of
    # them; the same result in 98% of matches): off.
    match_equity: bool = False
    # Points for the chance that the deadwood kept undercuts a knock: against a player who
    # knocks with anything from 0 to the knock limit, each point below the limit adds
    # ``undercut_weight`` / (limit + 1) to a hand's value on top of the flat knock bonus.
    # A third of the expert's lost defences against simple are lost by five points or less
    # (bench/defences.py), yet valuing low deadwood more wins no more: on 1,000 paired
    # matches (bench/paired.py, seed s14-a) 8 gives +0.2 +- 1.3% of matches, -1.2 +- 1.3
    # hand points a match; 35 gives -1.2 +- 2.0% and -3.4 +- 2.3. Off.
    undercut_weight: float = 0.0
    # The danger of a discard corrected by a model learned from play (danger.py, fitted by
    # bench/danger_model.py): weights over ``danger.FEATURES``; empty for the hand-set danger.
    # The fitted weights (``danger.FITTED``) calibrate the danger but rank discards no better,
    # and on single hands paired deal by deal (bench/paired.py --hands) they gain -0.12 +-
    # 0.66 points a hand against expert-2026 (2,000 hands) and +0.02 +- 0.29 against simple
    # (4,000). Off.
    danger_model: tuple[float, ...] = ()
    # Near the wall, where a play-out is a turn or two, search every draw and every discard
    # by play-outs when the stock holds this many cards or fewer; 0: only knock choices.
    # Head to head a fifth of the hands reach 8 stock cards, yet on single hands paired
    # deal by deal (bench/paired.py --hands, 2,000 hands each) 8 gains +0.05 +- 0.27 points
    # a hand against expert-2026 and -0.07 +- 0.12 against simple, 4 -0.05 +- 0.13. Off.
    wall_search: int = 0
    # Re-rank the best ``DISCARD_TOP`` plain discards by weights over ``DISCARD_FEATURES``
    # (the heuristic's parts and how they meet the stock left and the opponent's progress),
    # fitted to what each discard really scored (bench/discard_values.py); empty: off.
    # Fitted on 6,069 decisions (24,276 discards played out) they gain -0.19 +- 0.61 points
    # a held-out decision, and in play +0.68 +- 1.48 points a hand against expert-2026 and
    # -1.57 +- 1.06 against simple (2,000 hands each). Off.
    discard_weights: tuple[float, ...] = ()

    def match_value(self, obs: Observation, points: float) -> float:
        """Points this seat wins (negative: loses) in a hand, worth more when they end the
        match: a hand that takes either side to the target decides the game, so it counts
        the game bonus (or 100) on top. Outside a match (no scores) points are points."""
        scores = obs.scores
        if scores is None or not points:
            return points
        rules = obs.rules
        if self.match_equity:
            return _equity_points(obs, scores, points)
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
        if self.undercut_weight and left <= threshold:
            value += self.undercut_weight * (threshold - left + 1) / (threshold + 1)
        return value

    def evaluate(self, obs: Observation, rng: random.Random) -> list[Alternative]:
        """Every legal action with its value, best first."""
        legal = obs.legal_actions()
        if not legal:
            return []
        knowledge = Knowledge.from_observation(obs, infer=self.infer)
        chance = knowledge.opponent_probability()
        posterior = self._posterior(obs, legal, knowledge, rng)
        in_stock = {c: 1.0 - p for c, p in chance.items()}
        total = sum(in_stock.values()) or 1.0
        stock_odds = [(c, w / total) for c, w in in_stock.items()]
        if obs.phase in (Phase.OFFER, Phase.DRAW):
            scored = self._draws(obs, legal, stock_odds)
        else:
            scored = self._discards(obs, legal, knowledge, chance, stock_odds, rng, posterior)
        scored.sort(key=lambda alt: alt.value, reverse=True)
        knocking = any(a.action.kind is ActionKind.KNOCK for a in scored)
        walled = obs.stock_count <= self.wall_search
        searching = knocking or walled or not self.search_knocks_only
        if (
            self.rollouts
            and searching
            and len(scored) > 1
            and scored[0].action.kind is not ActionKind.GIN
        ):
            scored = self._search(obs, scored, knowledge, rng, posterior)
        return scored

    def _posterior(
        self, obs: Observation, legal: list[Action], knowledge: Knowledge, rng: random.Random
    ) -> Posterior | None:
        """The weighted opponent hands, where an option uses them (else ``None``)."""
        if not self.posterior_worlds or not self.infer or obs.phase is not Phase.DISCARD:
            return None
        knocking = any(a.kind is ActionKind.KNOCK for a in legal)
        wanted = self.posterior_danger or self.posterior_urgency > 0
        searching = self.posterior_search and (knocking or not self.search_knocks_only)
        if not wanted and not searching:
            return None
        prior = knowledge.weights if self.posterior_prior else None
        proposal = None
        if self.posterior_organise > 0:
            organise = self.posterior_organise

            def proposal(r: random.Random) -> int:
                return knowledge.sample_opponent(r, organise)

        return Posterior.sample(
            obs,
            self.posterior_worlds,
            rng,
            self.opponent_model,
            prior,
            proposal,
        )

    def _opponent(
        self, knowledge: Knowledge, posterior: Posterior | None, rng: random.Random
    ) -> int:
        """One opponent hand for the knock search or a play-out."""
        if posterior is not None and self.posterior_search:
            return posterior.draw(rng)
        return knowledge.sample_opponent(rng, self.organise)

    def _search(
        self,
        obs: Observation,
        scored: list[Alternative],
        knowledge: Knowledge,
        rng: random.Random,
        posterior: Posterior | None = None,
    ) -> list[Alternative]:
        """Re-rank the best few actions by playing each out on sampled deals.

        Every candidate is played on the same determinizations (the opponent's hidden cards
        and the stock order drawn from the observation), so their differences are not noise
        of the deal. Values become expected points for this seat."""
        deadline = time.perf_counter() + self.time_limit
        hand = obs.hand.mask
        top = obs.top_discard
        deals: list[tuple[int, list[int]]] = []
        for _ in range(self.rollouts):
            opponent = self._opponent(knowledge, posterior, rng)
            rest = [c for c in knowledge.weights if not opponent >> c & 1]
            rng.shuffle(rest)
            deals.append((opponent, rest))
        enders = [a for a in scored if a.action.kind is ActionKind.KNOCK]
        plain = [a for a in scored if a.action.kind is not ActionKind.KNOCK]
        if obs.stock_count <= self.wall_search:
            chosen = plain
        else:
            chosen = plain[: 1 if self.search_knocks_only else self.candidates]
        out: list[Alternative] = []
        results: list[list[float]] = []
        for alt in chosen:
            points: list[float] = []
            for opponent, stock in deals:
                if points and time.perf_counter() > deadline:
                    break
                played = self._play(obs, alt.action, hand, opponent, stock, top)
                points.append(self.match_value(obs, played))
            results.append(points)
        base = results[0] if results else []
        # No later turn to wait for once a plain discard ends the hand.
        option = self.wait_bias if enders and obs.stock_count > 2 else 0.0
        for alt, points in zip(chosen, results, strict=True):
            value = option + sum(points) / max(1, len(points))
            if points is not base:
                # Leave the heuristic's choice only when the paired play-outs say so
                # clearly: the best of several noisy means is biased upwards.
                diffs = [a - b for a, b in zip(points, base, strict=False)]
                n = len(diffs)
                mean = sum(diffs) / max(1, n)
                spread = (sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)) ** 0.5
                value = (
                    option
                    + sum(base) / max(1, len(base))
                    + mean
                    - self.switch_z * spread / max(1, n) ** 0.5
                )
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
            undercuts = 0
            k = deadwood(kept)
            for opponent, _ in deals:
                d = defender_answer(CardSet.from_mask(opponent), melds).deadwood
                won = d - k if d > k else -(k - d + obs.rules.undercut_bonus)
                undercuts += d <= k
                total += self.match_value(obs, obs.multiplier * won)
            value = total / max(1, len(deals))
            if self.knock_weights and base and obs.stock_count > 2:
                if posterior is None:
                    posterior = Posterior.sample(obs, self.rule_worlds, rng, self.opponent_model)
                features = self._knock_features(
                    obs,
                    knowledge,
                    kept,
                    melds,
                    (value, sum(base) / len(base), undercuts / len(deals)),
                    deals,
                    posterior,
                    rng,
                )
                margin = sum(w * f for w, f in zip(self.knock_weights, features, strict=True))
                value = option + sum(base) / len(base) + margin
            out.append(Alternative(action, value, alt.note))
        floor = min((a.value for a in out), default=0.0) - 1.0
        searched = {id(a) for a in chosen} | {id(a) for a in enders}
        rest_alts = [a for a in scored if id(a) not in searched]
        out.sort(key=lambda alt: alt.value, reverse=True)
        out.extend(Alternative(a.action, floor - i * 0.01, a.note) for i, a in enumerate(rest_alts))
        return out

    def _knock_features(
        self,
        obs: Observation,
        knowledge: Knowledge,
        kept: int,
        melds: tuple[Meld, ...],
        sampled: tuple[float, float, float],
        deals: list[tuple[int, list[int]]],
        posterior: Posterior,
        rng: random.Random,
    ) -> tuple[float, ...]:
        """What the learned knock-or-wait rule weighs (in the order of ``KNOCK_FEATURES``):
        all of it from this seat's view, the sampled deals and the weighed opponent hands,
        never the hidden cards. ``sampled`` is the knock's points and undercut share on the
        deals and the play-outs' points for waiting."""
        knock_points, wait_points, undercut_share = sampled
        chance = knowledge.opponent_probability()
        in_stock = {c: 1.0 - p for c, p in chance.items()}
        total = sum(in_stock.values()) or 1.0
        gin = sum(w for c, w in in_stock.items() if best_after_discard(kept | 1 << c) == 0)
        opponent_deadwood = sum(deadwood(opponent) for opponent, _ in deals) / len(deals)
        k = deadwood(kept)
        weighed = 0.0
        weighed_undercuts = 0
        hands = [posterior.draw(rng) for _ in range(self.knock_samples)]
        for opponent in hands:
            d = defender_answer(CardSet.from_mask(opponent), melds).deadwood
            weighed += d - k if d > k else -(k - d + obs.rules.undercut_bonus)
            weighed_undercuts += d <= k
        return (
            1.0,
            knock_points,
            wait_points,
            undercut_share,
            float(k),
            float(obs.stock_count),
            float(knowledge.opponent_draws),
            float(knowledge.opponent_took),
            gin / total,
            opponent_deadwood,
            obs.multiplier * weighed / len(hands),
            weighed_undercuts / len(hands),
            posterior.knock_chance(obs.threshold, rng),
        )

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
        # The table, the two seats' knock patience and this seat's plan, the same for all.
        play = functools.partial(
            playout,
            obs.rules,
            obs.threshold,
            obs.multiplier,
            patience=self.rollout_patience,
            opponent_patience=self.rollout_opponent_patience,
            plan=self._playout_plan(),
        )
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

    def _playout_plan(self) -> SeatPlan | None:
        """How this seat plays in the play-outs: ``None``, by the simple policy. A hook for
        analysis (bench/planned_playouts.py gives it a planner like the expert's own)."""
        return None

    def _expected_draw(
        self,
        hand: int,
        odds: list[tuple[int, float]],
        threshold: int,
        memo: dict[int, float] | None = None,
    ) -> float:
        """What a ten-card hand expects from the next draw (or the next two, with
        ``lookahead`` 2): the utility of the deadwood it keeps after drawing and throwing."""
        if self.lookahead < 2:
            return self._next_draw(hand, odds, threshold)
        memo = {} if memo is None else memo
        return sum(p * self._after_draw(hand | 1 << c, odds, threshold, memo) for c, p in odds)

    def _next_draw(self, hand: int, odds: list[tuple[int, float]], threshold: int) -> float:
        """A ten-card hand's value: its utility after the next draw and discard, expected
        over the stock (``odds`` sum to one), with the gain over keeping it as it is
        counted ``horizon`` times."""
        expected = sum(
            p * self._utility(best_after_discard(hand | 1 << c), threshold) for c, p in odds
        )
        if self.horizon == 1.0:
            return expected
        now = self._utility(deadwood(hand), threshold)
        return now + self.horizon * (expected - now)

    def _after_draw(
        self, drawn: int, odds: list[tuple[int, float]], threshold: int, memo: dict[int, float]
    ) -> float:
        """An eleven-card hand's utility: knock (or gin) now if it can, else throw the card
        that leaves least deadwood and count one more draw, discounted. ``memo`` holds the
        next draw's value by ten-card hand: most draws are thrown straight back, so many
        plans meet the same hands."""
        left, card = best_discard(drawn)
        if left <= threshold:
            return self._utility(left, threshold)
        rest = drawn ^ 1 << card
        later = memo.get(rest)
        if later is None:
            later = memo[rest] = self._next_draw(rest, odds, threshold)
        return self.second_draw * later + (1.0 - self.second_draw) * self._utility(left, threshold)

    def _draws(
        self, obs: Observation, legal: list[Action], odds: list[tuple[int, float]]
    ) -> list[Alternative]:
        hand = obs.hand.mask
        threshold = obs.threshold
        memo: dict[int, float] = {}
        stock_value = self._expected_draw(hand, odds, threshold, memo)
        out: list[Alternative] = []
        top = obs.top_discard
        for action in legal:
            if action.kind is ActionKind.DRAW_DISCARD and top is not None:
                left = best_after_discard(hand | 1 << top, exclude=top)
                value = self._utility(left, threshold)
                if self.lookahead >= 2 and left > threshold:
                    # As far ahead as the stock's value looks: the draw after the take.
                    _, card = best_discard(hand | 1 << top, 1 << top)
                    rest = (hand | 1 << top) ^ 1 << card
                    value = self._expected_draw(rest, odds, threshold, memo)
                    value = self.second_draw * value + (1.0 - self.second_draw) * self._utility(
                        left, threshold
                    )
                elif self.horizon != 1.0 and left > threshold:
                    # The draws after the take, counted as the stock's are (``horizon``).
                    _, card = best_discard(hand | 1 << top, 1 << top)
                    rest = (hand | 1 << top) ^ 1 << card
                    gain = self._next_draw(rest, odds, threshold) - value
                    value += gain * (self.horizon - 1.0) / self.horizon
                melds = joins_meld(hand, top)
                if not melds:
                    # Taking a card that joins nothing shows the opponent what we collect.
                    value -= 1000.0 if self.take_only_melds else self.reveal_cost
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
        posterior: Posterior | None = None,
    ) -> list[Alternative]:
        hand = obs.hand.mask
        threshold = obs.threshold
        out: list[Alternative] = []
        if posterior is not None and self.posterior_urgency > 0:
            urgency = self.posterior_urgency * posterior.knock_chance(threshold, rng)
        else:
            urgency = self.urgency_scale * min(
                0.6, 0.04 * knowledge.opponent_draws + 0.1 * knowledge.opponent_took
            )
        discard_values: dict[int, float] = {}
        inputs: dict[int, tuple[float, ...]] = {}
        context = DangerContext.from_observation(obs) if self.danger_model else None
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
            if posterior is not None and self.posterior_danger:
                danger = posterior.danger(card)
            else:
                danger = self._danger(card, chance, knowledge.opponent_known)
                if context is not None:
                    features = danger_features(card, danger, context)
                    danger = learned_danger(self.danger_model, features)
            hand_value = value
            value -= self.danger_weight * danger * (6.0 + VALUES[card] / 2.0)
            value -= urgency * left
            discard_values[card] = value
            if self.discard_weights:
                inputs[card] = discard_inputs(
                    hand_value, danger, card, left, urgency, obs, knowledge
                )
            note = f"leaves {left} deadwood"
            if danger > 0.3:
                note += f", {round(danger * 100)}% chance it helps your opponent"
            out.append(Alternative(action, value, note))
        if self.lookahead >= 2 and obs.stock_count > 2:
            out = self._look_further(out, hand, odds, threshold, discard_values)
        if inputs and obs.stock_count > 2:
            out = self._reranked(out, inputs)
        knocks = [a for a in legal if a.kind is ActionKind.KNOCK]
        if knocks:
            out.extend(self._knocks(obs, knocks, knowledge, rng, discard_values, odds, posterior))
        return out

    def _reranked(
        self, scored: list[Alternative], inputs: dict[int, tuple[float, ...]]
    ) -> list[Alternative]:
        """The best ``DISCARD_TOP`` plain discards put in the order of the learned values
        (``discard_weights``), each taking the heuristic value of its new place: the knock
        choice, which compares with the best plain discard's value, is unchanged."""
        plain = sorted(
            (a for a in scored if a.action.kind is ActionKind.DISCARD),
            key=lambda a: a.value,
            reverse=True,
        )[:DISCARD_TOP]
        weights = self.discard_weights

        def learned(alt: Alternative) -> float:
            assert alt.action.card is not None
            x = inputs[alt.action.card]
            return sum(w * f for w, f in zip(weights, x, strict=True))

        order = sorted(plain, key=learned, reverse=True)
        values = [a.value for a in plain]
        moved = {
            id(a): Alternative(a.action, v, a.note) for a, v in zip(order, values, strict=True)
        }
        return [moved.get(id(a), a) for a in scored]

    def _look_further(
        self,
        scored: list[Alternative],
        hand: int,
        odds: list[tuple[int, float]],
        threshold: int,
        discard_values: dict[int, float],
    ) -> list[Alternative]:
        """Value the best few discards over two draws instead of one (``lookahead`` 2).

        Two draws cost some thirty times one, so only the ``lookahead_top`` best by the one
        draw are looked at further; the rest move by the least change among those, keeping
        their order and staying below them unless they were close."""
        plain = sorted(
            (a for a in scored if a.action.kind is ActionKind.DISCARD),
            key=lambda a: a.value,
            reverse=True,
        )
        top = plain[: self.lookahead_top]
        if not top:
            return scored
        memo: dict[int, float] = {}
        change: dict[int, float] = {}
        for alt in top:
            card = alt.action.card
            assert card is not None
            rest = hand ^ 1 << card
            change[card] = self._expected_draw(rest, odds, threshold, memo) - self._next_draw(
                rest, odds, threshold
            )
        least = min(change.values())
        out: list[Alternative] = []
        for alt in scored:
            card = alt.action.card
            if alt.action.kind is not ActionKind.DISCARD or card is None:
                out.append(alt)
                continue
            value = alt.value + change.get(card, least)
            discard_values[card] = value
            out.append(Alternative(alt.action, value, alt.note))
        return out

    def _knocks(
        self,
        obs: Observation,
        knocks: list[Action],
        knowledge: Knowledge,
        rng: random.Random,
        discard_values: dict[int, float],
        odds: list[tuple[int, float]],
        posterior: Posterior | None = None,
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
        samples = [self._opponent(knowledge, posterior, rng) for _ in range(self.knock_samples)]
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


DISCARD_TOP: Final = 4
DISCARD_FEATURES: Final = (
    "hand value after the next draw",
    "danger charge (danger x (6 + pips / 2))",
    "deadwood kept",
    "urgency x deadwood kept",
    "stock share x hand value",
    "stock share x danger charge",
    "stock share x deadwood kept",
    "pips of the discard",
    "urgency x danger charge",
    "opponent's takes x deadwood kept",
)


def discard_inputs(
    hand_value: float,
    danger: float,
    card: int,
    left: int,
    urgency: float,
    obs: Observation,
    knowledge: Knowledge,
) -> tuple[float, ...]:
    """What the learned discard values weigh (``DISCARD_FEATURES``), all from the seat's
    view. The weights (1, -0.5, 0, -1, 0, ...) give back the heuristic's order."""
    charge = danger * (6.0 + VALUES[card] / 2.0)
    share = obs.stock_count / 31.0
    return (
        hand_value,
        charge,
        float(left),
        urgency * left,
        share * hand_value,
        share * charge,
        share * left,
        float(VALUES[card]),
        urgency * charge,
        knowledge.opponent_took * float(left),
    )


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


def _equity_points(obs: Observation, scores: tuple[int, int], points: float) -> float:
    """``points`` for this seat (negative: for the opponent) as the change they make to the
    chance of winning the match, in points of an even start."""
    rules = obs.rules
    shape = (rules.target, rules.gin_bonus, rules.undercut_bonus)
    mine, theirs = scores[obs.seat], scores[1 - obs.seat]
    now = equity(mine, theirs, *shape)
    won = round(abs(points))
    after = equity(mine + won, theirs, *shape) if points > 0 else equity(mine, theirs + won, *shape)
    return points_per_equity(*shape) * (after - now)


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
    take_only_melds=False,
    rollouts=32,
    candidates=3,
    search_knocks_only=True,
    switch_z=1.5,
    time_limit=0.8,
    organise=1.0,
    wait_bias=3.0,
    lookahead=1,
    second_draw=0.85,
    lookahead_top=3,
    horizon=1.0,
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
