"""Who plays: player specs and how a spec becomes a player (seeded by :mod:`~cardtable.sim.seeds`).

A spec is a computer level of the game (``random``, ``simple``, ...: those of its
``levels()``), a ``"module:attribute"`` path to a factory ``f(seed) -> Player`` (how an outside
agent joins a run on worker processes or Ray), or, in this process or with Ray, any factory
callable. A player acts on its own seat's observation (``act(observation)``).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from typing import Any

from cardtable.errors import CardTableError
from cardtable.sim.facets import game_of, simulation_of

__all__ = ["PlayerSpec", "check_game", "check_names", "load_player", "spec_name"]

PlayerSpec = str | Callable[[int], Any]


def check_game(name: str | None) -> str:
    """The name of the game a run plays (``None``: the registry's default); an unknown one
    is refused (:class:`~cardtable.errors.UnknownGameError`, a :class:`ValueError`)."""
    return game_of(name).name


def load_player(spec: PlayerSpec, seed: int, game: str | None = None) -> Any:
    """Build a player of ``game`` from a level, a ``"module:attribute"`` factory path or a
    factory.

    >>> load_player("simple", 1).name, load_player("cardtable.gin.players:RandomPlayer", 1).name
    ('simple', 'random')
    >>> load_player("random", 1, "cribbage").name
    'random'
    """
    if not isinstance(spec, str):
        return spec(seed)
    if ":" in spec:
        module_name, _, attribute = spec.partition(":")
        try:
            factory = getattr(importlib.import_module(module_name), attribute)
        except (ImportError, AttributeError) as error:
            raise CardTableError(f"cannot load player {spec!r}: {error}") from None
        return factory(seed)
    return simulation_of(game).player(spec, seed)


def check_names(specs: Iterable[PlayerSpec], game: str | None = None) -> None:
    """Refuse an unknown name or path now (a :class:`CardTableError`), not in every worker."""
    for spec in specs:
        if isinstance(spec, str):
            load_player(spec, 0, game)


def spec_name(spec: PlayerSpec) -> str:
    """A display name for a player spec.

    >>> from cardtable.gin.players import make_player
    >>> spec_name("simple"), spec_name(make_player)
    ('simple', 'make_player')
    """
    if isinstance(spec, str):
        return spec
    return str(getattr(spec, "name", None) or getattr(spec, "__name__", repr(spec)))
