"""One game between two computer players: a match from a seed, or only its first deal.

The game is played by its own fast path when it offers one, otherwise through its interface
(:mod:`cardtable.sim.facets`); the result is a :class:`GameResult` either way.

>>> from cardtable.gin.rules import Rules
>>> game = play_game(["simple", "random"], Rules(), "doc", unit="hand")
>>> game.deals, game.seats, game.next_first_dealer is None
(1, (0, 1), True)
>>> again = play_game(["simple", "random"], Rules(), "doc", unit="hand")
>>> (again.points, again.decisions) == (game.points, game.decisions)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.games.simulation import GameResult, Unit
from cardtable.sim.facets import simulation_of
from cardtable.sim.players import PlayerSpec, check_game, load_player
from cardtable.sim.seeds import player_seed

__all__ = ["GameResult", "Unit", "play_game"]


def play_game(
    players: Sequence[PlayerSpec],
    rules: Any,
    seed: str,
    *,
    seats: tuple[int, int] = (0, 1),
    unit: Unit = "match",
    index: int = 0,
    keep_record: bool = False,
    first_dealer: int | None = None,
    player_seeds: tuple[int, int] | None = None,
    game: str | None = None,
) -> GameResult:
    """Play one game of ``game`` (the registry's default when ``None``) from ``seed`` with
    player ``k`` in seat ``seats[k]``, under ``rules`` (that game's, or their settings).

    The seat ``first_dealer`` deals first; by default the fair cut of the seed decides.
    Player ``k`` is built with ``player_seeds[k]``; by default with a seed keyed by ``seed``
    itself (:func:`~cardtable.sim.seeds.player_seed`), which a player that can guess
    ``seed`` can check its guesses against: the simulator passes seeds drawn from the run's
    secret instead.
    """
    if sorted(seats) != [0, 1]:
        raise ValueError(f"seats must be (0, 1) or (1, 0), not {seats!r}")
    name = check_game(game)
    seeds = player_seeds or (player_seed(seed, 0, 0, name), player_seed(seed, 0, 1, name))
    built = [load_player(players[k], seeds[k], name) for k in (0, 1)]
    return simulation_of(name).play(
        built,
        rules,
        seed,
        seats=seats,
        unit=unit,
        index=index,
        keep_record=keep_record,
        first_dealer=first_dealer,
    )
