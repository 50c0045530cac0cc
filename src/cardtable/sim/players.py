"""Who plays: player specs and how a spec becomes a player (seeded by :mod:`~cardtable.sim.seeds`).

A spec is a name of the game's ``make_player`` (``random``, ``simple``, ...: those of
:func:`cardtable.gin.players.make_player` for gin, of
:func:`cardtable.cribbage.players.make_player` for Cribbage), a ``"module:attribute"`` path to
a factory ``f(seed) -> Player`` (how an outside agent joins a run on worker processes or Ray),
or, in this process or with Ray, any factory callable.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Final, Literal, cast

from cardtable.errors import CardTableError
from cardtable.gin.players.base import Player, make_player

if TYPE_CHECKING:  # Cribbage is imported when a Cribbage run asks for it, not by gin's
    from cardtable.cribbage.players.base import Player as CribbagePlayer

__all__ = [
    "GAMES",
    "GameName",
    "PlayerSpec",
    "check_game",
    "check_names",
    "load_cribbage_player",
    "load_player",
    "spec_name",
]

GameName = Literal["gin", "cribbage"]
GAMES: Final = ("gin", "cribbage")

PlayerSpec = str | Callable[[int], Player] | Callable[[int], "CribbagePlayer"]


def check_game(game: str) -> None:
    """Refuse a game the simulator does not play (a :class:`ValueError`)."""
    if game not in GAMES:
        raise ValueError(f"game must be one of {', '.join(GAMES)}, not {game!r}")


def _build(spec: PlayerSpec, seed: int, make: Callable[[str, int], Any]) -> Any:
    if not isinstance(spec, str):
        return spec(seed)
    if ":" in spec:
        module_name, _, attribute = spec.partition(":")
        try:
            factory = getattr(importlib.import_module(module_name), attribute)
        except (ImportError, AttributeError) as error:
            raise CardTableError(f"cannot load player {spec!r}: {error}") from None
        return factory(seed)
    return make(spec, seed)


def load_player(spec: PlayerSpec, seed: int) -> Player:
    """Build a gin player from a name, a ``"module:attribute"`` factory path or a factory.

    >>> load_player("simple", 1).name, load_player("cardtable.gin.players:RandomPlayer", 1).name
    ('simple', 'random')
    """
    return cast(Player, _build(spec, seed, make_player))


def load_cribbage_player(spec: PlayerSpec, seed: int) -> CribbagePlayer:
    """Build a Cribbage player the same way (names of the Cribbage players).

    >>> load_cribbage_player("cardtable.cribbage.players:RandomPlayer", 1).name
    'random'
    """
    from cardtable.cribbage.players import make_player as make_cribbage_player

    return cast("CribbagePlayer", _build(spec, seed, make_cribbage_player))


def check_names(specs: Iterable[PlayerSpec], game: GameName = "gin") -> None:
    """Refuse an unknown name or path now (a :class:`CardTableError`), not in every worker."""
    load = load_player if game == "gin" else load_cribbage_player
    for spec in specs:
        if isinstance(spec, str):
            load(spec, 0)


def spec_name(spec: PlayerSpec) -> str:
    """A display name for a player spec.

    >>> spec_name("simple"), spec_name(make_player)
    ('simple', 'make_player')
    """
    if isinstance(spec, str):
        return spec
    return str(getattr(spec, "name", None) or getattr(spec, "__name__", repr(spec)))
