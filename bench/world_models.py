"""How good each guess at the opponent's hand is for the expert, and what play-outs on the
guesses are worth in play.

The expert values a knock on guessed opponent hands and a plain discard on play-outs of
them. A guess can come from the knowledge weights, organised as the opponent's turns would
have organised its hand (``organised``, what the expert uses), from the same weights alone
(``weights``), from histories weighed by the likelihood of the opponent's seen decisions
(``posterior``, :mod:`cardtable.gin.players.posterior`, with Metropolis steps), or, for
reference only, from the opponent's real hand (``truth``: analysis, never a player's input).

``--calibrate`` (the default): at each chance the expert has to knock against ``--opponent``
(more than two stock cards left), for every model, the mean deadwood of its guesses, the
points of the expert's best knock on them, the points of waiting (the best plain discard,
then the hand played to its end by the expert without search for this seat and the
opponent's level for the other, each guess on a reshuffled stock) and how often knock or
wait is the same choice as on the real hand.

``--play knock|all``: an analysis player that takes the expert's best plain discard and its
best knock (``knock``), or its best ``--candidates`` actions of every decision (``all``),
and plays the one whose play-outs on ``--guesses`` guesses from ``--model`` score most,
against today's expert on the same deals, both seatings of each deal, hand by hand.

Usage: python bench/world_models.py [--deals 60] [--models organised,posterior,weights]
[--play knock|all --model posterior --deals 300] [--guesses 16] [--moves 15] [--workers 2]
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace

from cardtable.cards import CardSet
from cardtable.gin.actions import Action, ActionKind
from cardtable.gin.hand import Hand, Observation, Phase
from cardtable.gin.melds import deadwood, defender_answer
from cardtable.gin.players import make_player
from cardtable.gin.players.base import Player
from cardtable.gin.players.expert import EXPERT, ExpertPlayer, _decision_rng
from cardtable.gin.players.knowledge import Knowledge
from cardtable.gin.players.posterior import DEFAULT_MODEL, Posterior
from cardtable.gin.rules import Rules
from cardtable.gin.worlds import sample_world
from cardtable.sim.results import mean_interval

MODELS = ("organised", "weights", "posterior", "truth")
# The expert without search: what this seat plays in the play-outs.
QUICK = replace(EXPERT, rollouts=0)


def guesses(
    obs: Observation,
    model: str,
    n: int,
    rng: random.Random,
    truth: int,
    moves: int,
    organise: float = EXPERT.organise,
) -> list[int]:
    """``n`` guesses at the opponent's hand now (``truth`` is read by that model only)."""
    if model == "truth":
        return [truth] * n
    if model == "posterior":
        return list(Posterior.sample(obs, 200, rng, DEFAULT_MODEL, moves=moves, chains=n).hands)
    knowledge = Knowledge.from_observation(obs)
    turns = organise if model == "organised" else 0.0
    return [knowledge.sample_opponent(rng, turns) for _ in range(n)]


def knock_points(obs: Observation, knock: Action, opponent: int) -> int:
    assert knock.card is not None and knock.melds is not None
    kept = deadwood(obs.hand.mask ^ 1 << knock.card)
    left = defender_answer(CardSet.from_mask(opponent), knock.melds).deadwood
    return left - kept if left > kept else -(kept - left + obs.rules.undercut_bonus)


def play_out(world: Hand, seat: int, players: tuple[Player, Player]) -> int:
    """Play ``world`` to the end; the points for ``seat`` (negative: the opponent's)."""
    while not world.is_over:
        to_act = world.to_act
        world.apply(players[to_act].act(world.observation(to_act)), to_act)
    return points_for(world, seat)


def points_for(hand: Hand, seat: int) -> int:
    """The points of a finished hand for ``seat`` (negative: the opponent's)."""
    result = hand.result
    assert result is not None
    if result.winner is None:
        return 0
    return result.points if result.winner == seat else -result.points


def action_values(
    obs: Observation,
    actions: list[Action],
    hands: list[int],
    opponent: str,
    rng: random.Random,
) -> list[float]:
    """Each action's mean points over play-outs of the same worlds (one per guess)."""
    seat = obs.seat
    players: list[Player] = [ExpertPlayer(0, QUICK), ExpertPlayer(0, QUICK)]
    players[1 - seat] = make_player(opponent, 0)
    pair = (players[0], players[1])
    totals = [0.0] * len(actions)
    for hand in hands:
        world = sample_world(obs, rng, hand)
        for index, action in enumerate(actions):
            branch = world.copy()
            branch.apply(action, seat)
            totals[index] += play_out(branch, seat, pair)
    return [total / len(hands) for total in totals]


def _knock_chances(deal: int, seed: str, opponent: str) -> list[tuple[Observation, int, int]]:
    """The expert's knock chances in one hand of ``deal``: (view, real opponent hand, deal)."""
    expert, other = make_player("expert", deal), make_player(opponent, deal)
    hand = Hand.deal(Rules(), dealer=deal % 2, seed=f"{seed}-{deal}")
    found: list[tuple[Observation, int, int]] = []
    while not hand.is_over:
        seat = hand.to_act
        view = hand.observation(seat)
        if seat == 0 and view.phase is Phase.DISCARD and view.stock_count > 2:
            legal = view.legal_actions()
            if any(a.kind is ActionKind.KNOCK for a in legal) and not any(
                a.kind in (ActionKind.GIN, ActionKind.BIG_GIN) for a in legal
            ):
                found.append((view, hand.cards(1).mask, deal))
        hand.apply((expert if seat == 0 else other).act(view), seat)
    return found


def _calibrate_deal(
    args: tuple[int, str, str, tuple[str, ...], int, int, float],
) -> list[list[float]]:
    """Per knock chance, per model: mean guessed deadwood, knock points, waiting points."""
    deal, seed, opponent, models, n, moves, organise = args
    rows: list[list[float]] = []
    for view, truth, _ in _knock_chances(deal, seed, opponent):
        scored = EXPERT.evaluate(view, _decision_rng(deal, view))
        knock = next(a.action for a in scored if a.action.kind is ActionKind.KNOCK)
        wait = next(a.action for a in scored if a.action.kind is ActionKind.DISCARD)
        row: list[float] = []
        for model in models:
            hands = guesses(view, model, n, random.Random(deal), truth, moves, organise)
            knocked = statistics.mean(knock_points(view, knock, h) for h in hands)
            (waited,) = action_values(view, [wait], hands, opponent, random.Random(deal + 1))
            row += [statistics.mean(deadwood(h) for h in hands), knocked, waited]
        rows.append(row)
    return rows


def calibrate(args: argparse.Namespace) -> None:
    models = (*(m for m in args.models.split(",") if m != "truth"), "truth")
    tasks = [
        (d, args.seed, args.opponent, models, args.guesses, args.moves, args.organise)
        for d in range(args.deals)
    ]
    with ProcessPoolExecutor(args.workers) as pool:
        rows = [row for part in pool.map(_calibrate_deal, tasks) for row in part]
    print(
        f"{len(rows)} knock chances of the expert against {args.opponent} ({args.deals} deals,"
        f" {args.guesses} guesses each)"
    )
    print("model       deadwood  knock  wait  |knock err| |wait err| same choice as truth")
    truth = len(models) - 1
    for index, model in enumerate(models):

        def col(row: list[float], k: int, i: int = index) -> float:
            return row[3 * i + k]

        knock_err = statistics.mean(abs(col(r, 1) - col(r, 1, truth)) for r in rows)
        wait_err = statistics.mean(abs(col(r, 2) - col(r, 2, truth)) for r in rows)
        same = statistics.mean(
            (col(r, 1) > col(r, 2)) == (col(r, 1, truth) > col(r, 2, truth)) for r in rows
        )
        print(
            f"{model:10s} {statistics.mean(col(r, 0) for r in rows):9.1f}"
            f" {statistics.mean(col(r, 1) for r in rows):+6.1f}"
            f" {statistics.mean(col(r, 2) for r in rows):+5.1f} {knock_err:11.1f}"
            f" {wait_err:10.1f} {same:12.0%}"
        )


class PlayOutPlayer:
    """Analysis only: the expert's candidates ranked by play-outs on guessed worlds."""

    name = "play-outs"

    def __init__(
        self,
        seed: int,
        mode: str,
        model: str,
        n: int,
        k: int,
        moves: int,
        opponent: str,
        truth: Callable[[], int],
        organise: float = EXPERT.organise,
    ) -> None:
        self.seed, self.mode, self.model, self.n, self.k = seed, mode, model, n, k
        self.moves, self.opponent, self.truth = moves, opponent, truth
        self.organise = organise

    def act(self, obs: Observation) -> Action:
        rng = _decision_rng(self.seed, obs)
        scored = EXPERT.evaluate(obs, rng)
        top = scored[0].action
        if len(scored) == 1 or top.kind in (ActionKind.GIN, ActionKind.BIG_GIN):
            return top
        knocks = [a.action for a in scored if a.action.kind is ActionKind.KNOCK]
        if self.mode == "knock" and (not knocks or obs.stock_count <= 2):
            return top
        plain = [a.action for a in scored if a.action.kind is not ActionKind.KNOCK]
        actions = plain[: 1 if self.mode == "knock" else self.k] + knocks[:1]
        hands = guesses(obs, self.model, self.n, rng, self.truth(), self.moves, self.organise)
        values = action_values(obs, actions, hands, self.opponent, rng)
        return actions[max(range(len(actions)), key=values.__getitem__)]


_TRUTH = [-1]  # the opponent's real hand while the analysis player decides ("truth" only)


def _play_deal(args: tuple[int, str, argparse.Namespace]) -> tuple[int, int]:
    """Both seatings of one deal: the expert's margin and the analysis player's."""
    deal, seed, opts = args
    margins = []
    for variant in ("expert", "play-outs"):
        margin = 0
        for seat in (0, 1):
            me: Player = make_player("expert", deal)
            if variant == "play-outs":
                me = PlayOutPlayer(
                    deal,
                    opts.play,
                    opts.model,
                    opts.guesses,
                    opts.candidates,
                    opts.moves,
                    opts.opponent,
                    lambda: _TRUTH[0],
                    opts.organise,
                )
            other = make_player(opts.opponent, deal)
            hand = Hand.deal(Rules(), dealer=deal % 2, seed=f"{seed}-{deal}")
            while not hand.is_over:
                to_act = hand.to_act
                _TRUTH[0] = hand.cards(1 - to_act).mask
                player = me if to_act == seat else other
                hand.apply(player.act(hand.observation(to_act)), to_act)
            margin += points_for(hand, seat)
        margins.append(margin)
    return margins[0], margins[1]


def play(args: argparse.Namespace) -> None:
    tasks = [(d, args.seed, args) for d in range(args.deals)]
    with ProcessPoolExecutor(args.workers) as pool:
        pairs = list(pool.map(_play_deal, tasks))
    diffs = [(b - a) / 2 for a, b in pairs]
    difference, half = mean_interval(diffs)
    print(
        f"{args.deals} deals against {args.opponent}, both seatings, play-outs at"
        f" {'knock chances' if args.play == 'knock' else 'every decision'} on {args.model}"
    )
    print(
        f"  expert {statistics.mean(a for a, _ in pairs) / 2:+.2f} points a hand,"
        f" play-outs {statistics.mean(b for _, b in pairs) / 2:+.2f};"
        f" difference {difference:+.2f} +- {half:.2f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--seed", default="world-models")
    parser.add_argument("--opponent", default="simple")
    parser.add_argument("--models", default="organised,weights,posterior")
    parser.add_argument("--guesses", type=int, default=16)
    parser.add_argument("--moves", type=int, default=15, help="Metropolis steps (posterior)")
    parser.add_argument(
        "--organise", type=float, default=EXPERT.organise, help="solitaire turns per draw"
    )
    parser.add_argument("--play", choices=("knock", "all"))
    parser.add_argument("--model", default="posterior", choices=MODELS)
    parser.add_argument("--candidates", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    unknown = set(args.models.split(",")) - set(MODELS)
    if unknown:
        parser.error(f"no such model: {', '.join(sorted(unknown))} (models: {', '.join(MODELS)})")
    if args.deals < 2 or args.guesses < 1:
        parser.error("--deals must be at least 2 and --guesses at least 1")
    try:
        make_player(args.opponent, 0)
    except Exception as error:  # an unknown level: one line, exit status 2
        parser.error(str(error))
    if args.play:
        play(args)
    else:
        calibrate(args)


if __name__ == "__main__":
    main()
