"""Gin's fast path for the simulator (the game's ``simulation`` facet): one game between two
gin players, hand by hand on the engine's own actions, and how gin's results read.

>>> from cardtable.gin.rules import Rules
>>> players = [SIMULATION.player("simple", 1), SIMULATION.player("random", 2)]
>>> game = SIMULATION.play(players, Rules(), "doc", seats=(0, 1), unit="hand", index=0,
...                        keep_record=False, first_dealer=None)
>>> game.deals, game.seats, game.next_first_dealer is None
(1, (0, 1), True)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from cardtable.games.simulation import (
    NotLegalNow,
    SimulationBase,
    Tally,
    Unit,
    end_figures,
    points_and_pace_lines,
    points_figures,
    text_lines,
    win_figures,
)
from cardtable.gin.actions import Action
from cardtable.gin.hand import Observation
from cardtable.gin.match import Match
from cardtable.gin.players.base import Player, make_player
from cardtable.gin.record import dump
from cardtable.gin.rules import Rules
from cardtable.gin.showdown import HandResult, Outcome

__all__ = ["SIMULATION", "GinSimulation"]


def _score(tally: Tally, result: HandResult) -> None:
    """Count a finished hand: a dead one, or a win by its outcome."""
    tally.deals += 1
    if result.winner is None:
        tally.dead += 1
        return
    winner = tally.who[result.winner]
    tally.hands_won[winner] += 1
    tally.hand_points[winner] += result.points
    tally.outcomes.setdefault(result.outcome.value, [0, 0])[winner] += 1


def _play_hand(match: Match, by_seat: tuple[Player, Player], tally: Tally) -> None:
    """Play the match's hand in play to its end (the match deals the next one)."""
    hand = match.current
    scores = (match.scores[0], match.scores[1])
    while not hand.is_over:
        seat = hand.to_act
        match.apply(tally.act(by_seat[seat], hand.observation(seat, scores), seat), seat)
    result = hand.result
    assert result is not None
    _score(tally, result)


_GIN: Final = Outcome.GIN.value
_BIG_GIN: Final = Outcome.BIG_GIN.value
_UNDERCUT: Final = Outcome.UNDERCUT.value


class GinSimulation(SimulationBase):
    """Gin's games for the simulator: a result's points are the hand's, or the match's with
    its game, line and shutout bonuses; a dead single hand has no winner."""

    seed_prefix = "ginrummy"
    outcome_kinds = tuple(o.value for o in Outcome if o is not Outcome.DEAD)
    undecided = "dead"
    outcomes_heading = "hands won by outcome"
    names_game = False

    def player(self, level: str, seed: int) -> Player:
        return make_player(level, seed)

    def deal(self, rules: Any, seed: str, first_dealer: int | None) -> Match:
        rules = rules if isinstance(rules, Rules) else Rules.from_dict(rules)
        return Match.new(rules, seed=seed, first_dealer=first_dealer)

    def play_out(self, match: Match, by_seat: tuple[Any, Any], tally: Tally, unit: Unit) -> None:
        while not match.is_over:
            _play_hand(match, by_seat, tally)
            if unit == "hand":
                break

    def finish(
        self, match: Match, unit: Unit, seats: tuple[int, int], tally: Tally
    ) -> tuple[int | None, tuple[int, int]]:
        """The winning player (``None`` for a dead deal) and each player's points."""
        who = tally.who
        if unit == "hand":
            first = match.hands[0].result
            assert first is not None
            if first.winner is None:
                return None, (0, 0)
            winner = who[first.winner]
            return winner, (first.points, 0) if winner == 0 else (0, first.points)
        final = match.final
        assert final is not None
        return who[final.winner], (final.totals[seats[0]], final.totals[seats[1]])

    def record(self, match: Match) -> str:
        return dump(match)

    def agent_action(self, observation: Any, text: str) -> Action:
        seen: Observation = observation
        action = Action.parse(text)
        legal = {(a.kind, a.card) for a in seen.legal_actions()}
        if (action.kind, action.card) not in legal:  # the layout of melds: the engine checks
            raise NotLegalNow(f"{text!r} is not legal now")
        return action

    def tournament_figures(self, simulation: Any) -> dict[str, Any]:
        """Gin's figures: win rates, points per hand, gin, undercut and dead-hand rates."""
        hands = max(1, simulation.deals)
        dead = simulation.dead_deals
        outcomes = simulation.outcomes()
        gins = [outcomes[_GIN][k] + outcomes[_BIG_GIN][k] for k in (0, 1)]
        data = win_figures(simulation, simulation.deals - dead)
        data.update(points_figures(simulation))
        data["gin_rate"] = [round(g / hands, 4) for g in gins]
        data["undercut_rate"] = [round(u / hands, 4) for u in outcomes[_UNDERCUT]]
        data["dead_hand_rate"] = round(dead / hands, 4)
        data.update(end_figures(simulation))
        return data

    def tournament_text(self, a: str, b: str, data: Mapping[str, Any]) -> str:
        unit = "hands" if data["unit"] == "hand" else "matches"
        hand_low, hand_high = data["a_hand_win_rate_ci95"]
        points, pace = points_and_pace_lines(a, b, data)
        lines = [
            *text_lines(a, b, data, unit, ""),
            f"  {a} wins {100 * data['a_hand_win_rate']:.1f}% of scored hands "
            f"(95% CI {100 * hand_low:.1f}-{100 * hand_high:.1f}) over {data['hands']} hands",
            points,
            f"  gin rate: {a} {data['gin_rate'][0]}, {b} {data['gin_rate'][1]}; "
            f"undercut rate: {a} {data['undercut_rate'][0]}, {b} {data['undercut_rate'][1]}; "
            f"dead hands {data['dead_hand_rate']}",
            pace,
        ]
        return "\n".join(lines) + "\n"


SIMULATION: Final = GinSimulation()
