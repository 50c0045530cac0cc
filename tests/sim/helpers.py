"""What the simulator's tests share: fingerprints of results and players that are Ctrl-C."""

from __future__ import annotations

from cardtable.gin.players import Player, make_player
from cardtable.sim import SimulationResult


def fingerprint(result: SimulationResult) -> list[tuple[object, ...]]:
    """What a run's games were, timings left out (the first dealers included)."""
    return [
        (g.index, g.seed, g.seats, g.winner, g.points, g.decisions, g.deals, g.first_dealer,
         g.next_first_dealer)
        for g in result.results
    ]  # fmt: skip


class Interrupting:
    """A player factory that is Ctrl-C when asked for more than ``players`` players."""

    def __init__(self, players: int) -> None:
        self.built = 0
        self.players = players

    def __call__(self, seed: int) -> Player:
        self.built += 1
        if self.built > self.players:
            raise KeyboardInterrupt
        return make_player("simple", seed)


BUILT = [0]  # players built by interrupting_simple; a test sets it back to 0


def interrupting_simple(seed: int) -> Player:
    """The simple player, until Ctrl-C arrives while the fifth game's players are built."""
    BUILT[0] += 1
    if BUILT[0] > 5:  # one build is the name check, then four games
        raise KeyboardInterrupt
    return make_player("simple", seed)
