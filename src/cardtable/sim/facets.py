"""Which game a run plays, and how: the game's own fast path, or its interface.

The simulator finds a game by name in the registry (:mod:`cardtable.games`; ``None`` is the
registry's default game) and plays it with the game's ``simulation`` facet when it offers one
(:class:`cardtable.games.simulation.Simulation`: its engine's players on its engine's actions,
the fastest way), otherwise with :class:`InterfaceSimulation`, through the
:class:`~cardtable.games.Game` interface alone (text actions the game applies and checks).
Either plays the same games from the same seeds; only the speed and the words differ.

>>> simulation_of("gin").seed_prefix, simulation_of("cribbage").undecided
('ginrummy', 'tied')
>>> game_of(None).name == game_of("gin").name
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardtable.games import AnyGame, default_game, game, load_ref
from cardtable.games.simulation import (
    Simulation,
    SimulationBase,
    Tally,
    Unit,
)

__all__ = ["InterfaceSimulation", "game_of", "simulation_of"]

# By name: the game object it was found for (the registry may be loaded again), and how.
_SIMULATIONS: dict[str, tuple[AnyGame, Simulation]] = {}


def game_of(name: str | None) -> AnyGame:
    """The game of that name (``None``: the registry's default); an unknown name raises
    :class:`~cardtable.errors.UnknownGameError` naming the games there are."""
    return default_game() if name is None else game(name)


def simulation_of(name: str | None) -> Simulation:
    """How the simulator plays the game ``name`` (looked up once per process)."""
    the_game = game_of(name)
    known = _SIMULATIONS.get(the_game.name)
    if known is not None and known[0] is the_game:
        return known[1]
    ref = the_game.simulation
    found: Simulation = load_ref(ref) if ref is not None else InterfaceSimulation(the_game)
    _SIMULATIONS[the_game.name] = (the_game, found)
    return found


class InterfaceSimulation(SimulationBase):
    """Any game, played through its interface: each player acts on its seat's observation,
    the game applies the text of the action. A deal is won by the player whose score rose
    more in it; a single hand without one is undecided, a match's points are its scores."""

    outcomes_heading = "games won by outcome"

    def __init__(self, of: AnyGame) -> None:
        self.game = of
        self.seed_prefix = of.name
        self.title = of.title

    def player(self, level: str, seed: int) -> Any:
        return self.game.player(level, seed)

    def deal(self, rules: Any, seed: str, first_dealer: int | None) -> Any:
        if isinstance(rules, Mapping):
            rules = self.game.rules_from_dict(rules)
        return self.game.deal(rules, seed, first_dealer)

    def play_out(self, match: Any, by_seat: tuple[Any, Any], tally: Tally, unit: Unit) -> None:
        the = self.game
        before = the.scores(match)
        while not match.is_over and not (unit == "hand" and tally.deals):
            seat = match.to_act
            if seat is None:  # both seats may act at once: the first of them
                seat = 0 if match.may_act(0) else 1
            action = tally.act(by_seat[seat], the.observation(match, seat), seat)
            the.apply(match, seat, str(action))
            if the.deals_finished(match) > tally.deals:
                tally.deals = the.deals_finished(match)
                after = the.scores(match)
                tally.deal_scored((after[0] - before[0], after[1] - before[1]))
                before = after

    def finish(
        self, match: Any, unit: Unit, seats: tuple[int, int], tally: Tally
    ) -> tuple[int | None, tuple[int, int]]:
        if unit == "hand":  # one deal played: its points are all the points
            points = (tally.hand_points[0], tally.hand_points[1])
            return None if points[0] == points[1] else int(points[1] > points[0]), points
        final = self.game.scores(match)
        won = self.game.winner(match)
        return None if won is None else tally.who[won], (final[seats[0]], final[seats[1]])

    def record(self, match: Any) -> str:
        return self.game.record(match)

    def agent_action(self, observation: Any, text: str) -> str:
        return text  # the game checks it when it is applied, and blames the agent
