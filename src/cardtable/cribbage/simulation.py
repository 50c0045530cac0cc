"""Cribbage's fast path for the simulator (the game's ``simulation`` facet): one game between
two Cribbage players on the engine's own actions, and how Cribbage's results read.

The result's fields, read for Cribbage (index 0 is the first player named, 1 the second):

* ``points``: a match's game points (a game 1, a skunk and a double skunk as the rules say);
  for ``unit="hand"`` the points each player scored in the deal (play and show).
* ``winner``: the match's winner; for a single hand the player who scored more in it, ``None``
  when both scored the same (a tie, counted as undecided; Cribbage has no dead hands, so
  ``dead`` is always 0).
* ``hands_won``: the hands in which each player scored more than the other.
* ``hand_points``: every point each player scored, over all the hands (pegged and shown).
* ``outcomes``: the games each player won by kind: ``game``, ``skunk``, ``double skunk``.

Computer players count every show in full when muggins is on (their ``count`` and ``answer``
steps are decisions like any other).

>>> from cardtable.cribbage.rules import Rules
>>> players = [SIMULATION.player("simple", 1), SIMULATION.player("random", 2)]
>>> game = SIMULATION.play(players, Rules.preset("short"), "doc", seats=(0, 1), unit="match",
...                        index=0, keep_record=False, first_dealer=None)
>>> game.winner in (0, 1), game.deals > 1, sum(won[game.winner] for won in game.outcomes.values())
(True, True, 1)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from cardtable.cribbage.actions import Action
from cardtable.cribbage.match import Match
from cardtable.cribbage.players import make_player
from cardtable.cribbage.players.base import Player
from cardtable.cribbage.record import dump
from cardtable.cribbage.rules import Rules
from cardtable.games.simulation import (
    NotLegalNow,
    SimulationBase,
    Tally,
    Unit,
)

__all__ = ["KINDS", "SIMULATION", "CribbageSimulation"]

KINDS: Final = ("game", "skunk", "double skunk")  # how a Cribbage game is won
_SKUNK, _DOUBLE = KINDS[1], KINDS[2]


class CribbageSimulation(SimulationBase):
    """Cribbage's games for the simulator (see the module)."""

    seed_prefix = "cribbage"
    outcome_kinds = KINDS
    undecided = "tied"
    outcomes_heading = "games won by kind"
    match_points = "game points"
    title = "Cribbage"

    def player(self, level: str, seed: int) -> Player:
        return make_player(level, seed)

    def deal(self, rules: Any, seed: str, first_dealer: int | None) -> Match:
        rules = rules if isinstance(rules, Rules) else Rules.from_dict(rules)
        return Match.new(rules, seed=seed, first_dealer=first_dealer)

    def play_out(
        self, match: Match, by_seat: tuple[Player, Player], tally: Tally, unit: Unit
    ) -> None:
        while not match.is_over and not (unit == "hand" and match.hands):
            seat = match.to_act
            assert seat is not None
            match.apply(tally.act(by_seat[seat], match.observation(seat), seat), seat)

    def finish(
        self, match: Match, unit: Unit, seats: tuple[int, int], tally: Tally
    ) -> tuple[int | None, tuple[int, int]]:
        """A hand is won by the player who scored more in it (pegged and shown)."""
        for hand in match.hands:
            tally.deal_scored([hand.pegs[s] - hand.start_pegs[s] for s in (0, 1)])
        tally.deals = len(match.hands)
        tally.outcomes = {kind: [0, 0] for kind in KINDS}
        for result in match.games:
            tally.outcomes[result.kind][tally.who[result.winner]] += 1
        if unit == "hand":
            points = (tally.hand_points[0], tally.hand_points[1])
            return None if points[0] == points[1] else int(points[1] > points[0]), points
        final = match.final
        assert final is not None
        return tally.who[final.winner], (
            final.game_points[seats[0]],
            final.game_points[seats[1]],
        )

    def record(self, match: Match) -> str:
        return dump(match)

    def agent_action(self, observation: Any, text: str) -> Action:
        action = Action.parse(text)
        if action not in observation.hand.legal_actions():
            raise NotLegalNow(f"{text!r} is not legal now")
        return action

    def more_figures(self, simulation: Any) -> dict[str, Any]:
        """A match's game points (with skunks and double skunks)."""
        if simulation.unit == "hand":
            return {}
        game_points = simulation.total_points
        kinds = simulation.outcomes()
        matches = max(1, simulation.games - simulation.undecided)
        return {
            "game_points": list(game_points),
            "net_game_points_per_match_a": round((game_points[0] - game_points[1]) / matches, 3),
            "skunks": kinds[_SKUNK],
            "double_skunks": kinds[_DOUBLE],
        }

    def more_lines(self, a: str, b: str, data: Mapping[str, Any]) -> list[str]:
        if "game_points" not in data:
            return []
        points = data["game_points"]
        skunks, doubles = data["skunks"], data["double_skunks"]
        return [
            f"  game points: {a} {points[0]}, {b} {points[1]} "
            f"({data['net_game_points_per_match_a']:+} per match for {a}); "
            f"skunks: {a} {skunks[0]}, {b} {skunks[1]}; "
            f"double skunks: {a} {doubles[0]}, {b} {doubles[1]}"
        ]


SIMULATION: Final = CribbageSimulation()
