"""What the expert's search is worth with a seat that plays its play-outs like the expert.

The expert searches only its knocks: it plays each choice out on sampled deals with both
seats on the simple policy. Searching every draw and discard that way lost points (README,
"Strength of the computer players", first round): simple's play in the play-outs pulls the
expert's choices toward simple's. This script (analysis only: no shipped player uses it)
gives the expert's own seat a planner in the play-outs, as in policy improvement by
rollouts: it takes the top discard or draws, and throws, by the utility after the next draw
that the expert itself uses (each card it has not seen equally likely to come; an urgency to
shed deadwood that grows with the opponent's turns), and it knocks at its first chance. The
opponent keeps the simple policy, which is exactly the opponent's here.

The same deals are played against simple, both seatings, by today's expert and by the copy
that searches its discards (and with ``--draws`` its draws) by these play-outs; printed are
both per hand, the paired difference with its 95% interval, how often the search changed
the expert's choice, and the copy's decision times. With ``--real-hand`` the play-outs
are played on the opponent's real hand (the stock still a guess): analysis only, the most
that better guesses could give this search.

Usage: python bench/planned_playouts.py [--deals 200] [--seed planned] [--rollouts 16]
[--switch-z 1.5] [--organise 0.5] [--draws] [--real-hand] [--workers 2]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace

from cardtable.gin.actions import ActionKind
from cardtable.gin.hand import Hand, Observation, Phase
from cardtable.gin.melds import best_discard, discard_deadwoods
from cardtable.gin.players import make_player
from cardtable.gin.players.expert import EXPERT, ExpertPlayer, Reasoner
from cardtable.gin.players.hints import Alternative
from cardtable.gin.players.knowledge import Knowledge
from cardtable.gin.players.posterior import Posterior
from cardtable.gin.players.rollout import SeatPlan
from cardtable.gin.players.simple import joins_meld
from cardtable.gin.rules import Rules
from cardtable.sim.results import mean_interval

_VALUES = tuple(min(c % 13 + 1, 10) for c in range(52))


@dataclass(frozen=True, slots=True)
class Planner:
    """The expert's seat in a play-out: its one-draw plan without the search or the reading
    of the opponent (a play-out's cards are a guess; reading them would be reading the guess).
    """

    reasoner: Reasoner
    threshold: int
    urgency: float
    candidates: int = 4

    def next_draw(self, rest: int, unseen: int) -> float:
        """The mean utility of a ten-card hand after the next draw and the best throw."""
        total = 0.0
        count = 0
        while unseen:
            low = unseen & -unseen
            unseen ^= low
            total += self.reasoner._utility(best_discard(rest | low)[0], self.threshold)
            count += 1
        return total / max(1, count)

    def takes(self, hand: int, top: int, unseen: int) -> bool:
        left = best_discard(hand | 1 << top, 1 << top)[0]
        value = self.reasoner._utility(left, self.threshold)
        if not joins_meld(hand, top):
            value -= self.reasoner.reveal_cost
        return value > self.next_draw(hand, unseen)

    def discard(self, hand: int, taken: int, unseen: int, opponent_turns: int) -> int:
        # Only the throws that keep least deadwood are planned: the rest rarely win.
        urgency = min(0.6, self.urgency + 0.04 * opponent_turns)
        options = sorted((left, -_VALUES[c], c) for c, left in discard_deadwoods(hand))
        options = [option for option in options if option[2] != taken][: self.candidates]
        best, choice = -1e9, options[0][2]
        for left, _, card in options:
            value = self.next_draw(hand ^ 1 << card, unseen) - urgency * left
            if value > best:
                best, choice = value, card
        return choice


# The planner for the decision being searched, and how often the search changed the
# expert's choice (searches, changes): set by PlannedReasoner._search in this process.
_PLAN: list[Planner | None] = [None]
_CHANGED = [0, 0]
# The opponent's real hand while a copy with ``real_hand`` decides, -1 otherwise: set by
# this script's game loop, for the measurement only.
_TRUTH = [-1]


@dataclass(frozen=True, slots=True)
class PlannedReasoner(Reasoner):
    """The expert searching its discards (and, with ``search_draws``, its draws) by play-outs
    in which its own seat plans (:class:`Planner`); knocks are searched as today's expert's.
    Plain draws and discards are played out ``plain_rollouts`` times each, left for
    another only past ``plain_switch_z``, on guesses at the opponent's hand organised by
    ``playout_organise`` (with ``real_hand``, on the opponent's real hand: analysis only,
    a ceiling for what better guesses could give the search); the knock search keeps the
    expert's own settings."""

    search_knocks_only: bool = False
    search_draws: bool = False
    playout_organise: float = 0.5
    plain_rollouts: int = 16
    plain_switch_z: float = 1.5
    real_hand: bool = False

    def _search(
        self,
        obs: Observation,
        scored: list[Alternative],
        knowledge: Knowledge,
        rng: random.Random,
        posterior: Posterior | None = None,
    ) -> list[Alternative]:
        if obs.phase is not Phase.DISCARD and not self.search_draws:
            return scored
        urgency = self.urgency_scale * min(
            0.6, 0.04 * knowledge.opponent_draws + 0.1 * knowledge.opponent_took
        )
        if any(alt.action.kind is ActionKind.KNOCK for alt in scored):
            # A knock chance: searched exactly as today's expert searches it.
            expert = replace(self, search_knocks_only=True)
            return Reasoner._search(expert, obs, scored, knowledge, rng, posterior)
        _PLAN[0] = Planner(self, obs.threshold, urgency)
        plain = replace(self, rollouts=self.plain_rollouts, switch_z=self.plain_switch_z)
        try:
            searched = Reasoner._search(plain, obs, scored, knowledge, rng, posterior)
        finally:
            _PLAN[0] = None
        _CHANGED[0] += 1
        _CHANGED[1] += searched[0].action != scored[0].action
        return searched

    def _opponent(
        self, knowledge: Knowledge, posterior: Posterior | None, rng: random.Random
    ) -> int:
        if _PLAN[0] is None:
            return Reasoner._opponent(self, knowledge, posterior, rng)
        if self.real_hand and _TRUTH[0] >= 0:
            return _TRUTH[0]
        return knowledge.sample_opponent(rng, self.playout_organise)

    def _playout_plan(self) -> SeatPlan | None:
        return _PLAN[0]


def play_deal(
    deal: int, seed: str, planned: PlannedReasoner
) -> tuple[int, int, list[float], tuple[int, int]]:
    """One deal, both seatings, against simple: the expert's margin, the planned copy's,
    the copy's decision times in seconds and its (searches, changed choices)."""
    margins = []
    times: list[float] = []
    _CHANGED[:] = [0, 0]
    for reasoner in (EXPERT, planned):
        margin = 0
        for seat in (0, 1):
            expert = ExpertPlayer(deal, reasoner)
            simple = make_player("simple")
            players = (expert, simple) if seat == 0 else (simple, expert)
            hand = Hand.deal(Rules(), dealer=deal % 2, seed=f"{seed}-{deal}")
            while not hand.is_over:
                to_act = hand.to_act
                view = hand.observation(to_act)
                ours = to_act == seat and reasoner is planned
                _TRUTH[0] = hand.cards(1 - seat).mask if ours and planned.real_hand else -1
                start = time.perf_counter()
                action = players[to_act].act(view)
                if ours:
                    times.append(time.perf_counter() - start)
                _TRUTH[0] = -1
                hand.apply(action, to_act)
            result = hand.result
            assert result is not None
            if result.winner is not None:
                margin += result.points if result.winner == seat else -result.points
        margins.append(margin)
    return margins[0], margins[1], times, (_CHANGED[0], _CHANGED[1])


def _task(job: tuple[int, str, PlannedReasoner]) -> tuple[int, int, list[float], tuple[int, int]]:
    return play_deal(*job)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="deals, each played both ways")
    parser.add_argument("--seed", default="planned")
    parser.add_argument("--rollouts", type=int, default=16, help="play-outs per choice")
    parser.add_argument("--switch-z", type=float, default=EXPERT.switch_z)
    parser.add_argument("--organise", type=float, default=0.5, help="of the play-outs' guesses")
    parser.add_argument("--draws", action="store_true", help="search the draws too")
    parser.add_argument(
        "--real-hand", action="store_true", help="play-outs on the opponent's real hand (analysis)"
    )
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    if args.deals < 2:
        parser.error("--deals must be at least 2")
    if args.rollouts < 1 or args.workers < 1:
        parser.error("--rollouts and --workers must be at least 1")
    if args.organise < 0:
        parser.error("--organise must not be negative")
    base = {name: getattr(EXPERT, name) for name in EXPERT.__dataclass_fields__}
    planned = PlannedReasoner(**base)
    planned = replace(
        planned,
        search_knocks_only=False,
        plain_rollouts=args.rollouts,
        plain_switch_z=args.switch_z,
        search_draws=args.draws,
        playout_organise=args.organise,
        real_hand=args.real_hand,
    )
    jobs = [(deal, args.seed, planned) for deal in range(args.deals)]
    with ProcessPoolExecutor(args.workers) as pool:
        rows = list(pool.map(_task, jobs))
    expert, _ = mean_interval([row[0] / 2 for row in rows])
    copy, _ = mean_interval([row[1] / 2 for row in rows])
    gain, half = mean_interval([(row[1] - row[0]) / 2 for row in rows])
    times = sorted(t for row in rows for t in row[2])
    searches = sum(row[3][0] for row in rows)
    changed = sum(row[3][1] for row in rows)
    what = "draws and discards" if args.draws else "discards"
    guesses = "the opponent's real hand" if args.real_hand else f"guesses organised {args.organise}"
    print(
        f"{args.deals} deals both ways against simple; {what} searched by {args.rollouts}"
        f" planned play-outs a choice (switch z {args.switch_z}, {guesses})"
    )
    print(f"  expert {expert:+.2f} points a hand, planned search {copy:+.2f}")
    print(f"  difference {gain:+.2f} +- {half:.2f} points a hand")
    print(f"  the search changed {changed} of {searches} choices")
    print(
        f"  decision time median {statistics.median(times) * 1000:.1f} ms,"
        f" 99th percentile {times[int(0.99 * (len(times) - 1))] * 1000:.0f} ms,"
        f" most {times[-1] * 1000:.0f} ms"
    )


if __name__ == "__main__":
    main()
