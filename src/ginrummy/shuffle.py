"""Seeded, verifiable shuffles.

A deal is a Fisher-Yates shuffle driven by SHA-256 of the seed, so it is the same on every
Python version and can be re-checked by anyone with the seed (a browser included). Before a
hand a table may publish :func:`commitment` of the seed; after it, the seed itself.

>>> deck = shuffled_deck("example")
>>> len(deck), sorted(deck) == list(range(52))
(52, True)
>>> shuffled_deck("example") == deck, shuffled_deck("other") == deck
(True, False)
>>> commitment("example")[:16]
'ccc4aa352c1046b7'
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator

__all__ = ["commitment", "derive_seed", "shuffled_deck"]


def _stream(seed: str) -> Iterator[int]:
    """32-bit words from SHA-256(``ginrummy:<seed>:<counter>``)."""
    counter = 0
    while True:
        digest = hashlib.sha256(f"ginrummy:{seed}:{counter}".encode()).digest()
        for i in range(0, 32, 4):
            yield int.from_bytes(digest[i : i + 4], "big")
        counter += 1


def shuffled_deck(seed: str | int) -> tuple[int, ...]:
    """The 52 card indices in dealt order (first card dealt first) for ``seed``."""
    words = _stream(str(seed))
    deck = list(range(52))
    for i in range(51, 0, -1):
        bound = i + 1
        limit = (1 << 32) - (1 << 32) % bound
        word = next(words)
        while word >= limit:
            word = next(words)
        j = word % bound
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


def commitment(seed: str | int) -> str:
    """A hex SHA-256 of the seed: published before a hand, checked against the seed after."""
    return hashlib.sha256(f"ginrummy-seed:{seed}".encode()).hexdigest()


def derive_seed(match_seed: str | int, deal_number: int) -> str:
    """The seed of one deal of a match; knowing it reveals nothing of the other deals."""
    return hashlib.sha256(f"ginrummy-deal:{match_seed}:{deal_number}".encode()).hexdigest()[:32]
