"""Who plays: player specs, how one becomes a player, and each game's player seeds.

A spec is a name of :func:`cardtable.gin.players.make_player` (``random``, ``simple``, ...),
a ``"module:attribute"`` path to a factory ``f(seed) -> Player`` (how an outside agent joins a
run on worker processes or Ray), or, in this process or with Ray, any factory callable.
"""

from __future__ import annotations

import hashlib
import importlib
from collections.abc import Callable, Iterable

from cardtable.errors import CardTableError
from cardtable.gin.players.base import Player, make_player

__all__ = ["PlayerSpec", "check_names", "load_player", "player_seed", "spec_name"]

PlayerSpec = str | Callable[[int], Player]


def load_player(spec: PlayerSpec, seed: int) -> Player:
    """Build a player from a name, a ``"module:attribute"`` factory path or a factory.

    >>> load_player("simple", 1).name, load_player("cardtable.gin.players:RandomPlayer", 1).name
    ('simple', 'random')
    """
    if not isinstance(spec, str):
        return spec(seed)
    if ":" in spec:
        module_name, _, attribute = spec.partition(":")
        try:
            factory = getattr(importlib.import_module(module_name), attribute)
        except (ImportError, AttributeError) as error:
            raise CardTableError(f"cannot load player {spec!r}: {error}") from None
        player: Player = factory(seed)
        return player
    return make_player(spec, seed)


def check_names(specs: Iterable[PlayerSpec]) -> None:
    """Refuse an unknown name or path now (a :class:`CardTableError`), not in every worker."""
    for spec in specs:
        if isinstance(spec, str):
            load_player(spec, 0)


def spec_name(spec: PlayerSpec) -> str:
    """A display name for a player spec.

    >>> spec_name("simple"), spec_name(make_player)
    ('simple', 'make_player')
    """
    if isinstance(spec, str):
        return spec
    return str(getattr(spec, "name", None) or getattr(spec, "__name__", repr(spec)))


def player_seed(game_seed: str, who: int) -> int:
    """The seed player ``who`` (0 or 1) of the game dealt from ``game_seed`` is built with.

    Drawn from the game seed alone, so a game plays the same on any worker.
    """
    digest = hashlib.sha256(f"ginrummy-player:{game_seed}:{who}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1
