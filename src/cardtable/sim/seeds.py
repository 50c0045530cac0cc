"""A run's seed, and the deal and player seeds drawn from it: secret unless one is given.

Everything random in a run (every deal, every player's randomness) comes from one run seed.
By default it is fresh randomness (:func:`new_run_seed`: 128 bits of :mod:`secrets`) that no
player is ever handed; the results reveal it afterwards (``SimulationResult.seed``), and
giving it back (``seed=...``, ``--seed``) plays the same games again.

The run seed is an HMAC-SHA256 key. Deal ``d`` of a run (games ``2d`` and ``2d + 1`` of
duplicate pairs) is shuffled from ``HMAC(run seed, "ginrummy-deal:{d}")``, and player ``k``
(0 or 1, the order the players were named) is built with ``HMAC(run seed,
"ginrummy-player:{d}:{k}")`` (each game keys its own: Cribbage's are ``cribbage-deal`` and
``cribbage-player``; a game without a word of its own is keyed by its name). Without the key,
each value is unpredictable from all the others: a player's seed tells nothing of its deal,
nor of the other deals or the other player's seed, and deal seeds revealed afterwards (in
records) tell nothing of the deals still to come.

A seed given by hand is a *public* key. Whoever can guess it (a small number, a word) can
recompute every value above, so an agent that knows or guesses it can work out every deal
of the run from its own seed. Score agents only on secret seeds (the default, and what
``cardtable gin evaluate`` does); give a seed to repeat a run or for tests.

>>> len(new_run_seed()), new_run_seed() != new_run_seed()
(32, True)
>>> deal_seed("7", 0) == deal_seed("7", 0) != deal_seed("7", 1)
True
>>> player_seed("7", 0, 0) != player_seed("7", 0, 1)
True
>>> deal_seed("7", 0, "cribbage") != deal_seed("7", 0)
True
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Final

from cardtable.sim.facets import simulation_of

__all__ = ["RUN_SEED_BYTES", "deal_seed", "new_run_seed", "player_seed", "run_seed"]

RUN_SEED_BYTES: Final = 16  # 128 bits: far beyond any search over guesses


def new_run_seed() -> str:
    """A fresh secret run seed: 32 hexadecimal digits from :func:`secrets.token_hex`."""
    return secrets.token_hex(RUN_SEED_BYTES)


def run_seed(seed: str | int | None) -> tuple[str, bool]:
    """The run seed as text, and whether it is secret (fresh, because none was given).

    >>> run_seed(3)
    ('3', False)
    >>> text, secret = run_seed(None)
    >>> len(text), secret
    (32, True)
    """
    if seed is None:
        return new_run_seed(), True
    return str(seed), False


def _mac(key: str, message: str) -> bytes:
    return hmac.new(key.encode("utf-8"), message.encode("utf-8"), hashlib.sha256).digest()


def deal_seed(run: str, deal: int, game: str | None = None) -> str:
    """The seed deal ``deal`` of the run keyed by ``run`` is shuffled from (32 hex digits).

    It seeds the whole game: every hand of a match is shuffled from it
    (``Match.new(seed=...)``), so a game can be replayed from its ``GameResult.seed``.
    """
    return _mac(run, f"{simulation_of(game).seed_prefix}-deal:{deal}").hex()[: 2 * RUN_SEED_BYTES]


def player_seed(run: str, deal: int, who: int, game: str | None = None) -> int:
    """The seed player ``who`` (0 or 1) is built with for deal ``deal`` of the run ``run``.

    Both games of a duplicate pair share it (the same player, the same randomness, the seats
    exchanged), so the pair compares the players and not their luck.
    """
    digest = _mac(run, f"{simulation_of(game).seed_prefix}-player:{deal}:{who}")
    return int.from_bytes(digest[:8], "big") >> 1
