"""Seeded, verifiable shuffles: the same deck for the same seed on every platform.

A deal is a Fisher-Yates shuffle driven by SHA-256 of the seed, so it is the same on every
Python version and can be re-checked by anyone with the seed (a browser included; the page
mirrors this module in ``web/static/js/fairness.js``). A match derives one seed per deal from
its own seed, and the first dealer from a fair cut of it.

The hashed texts start with ``ginrummy``: they were fixed when the project was the
``ginrummy`` package, and changing them would change every stored match's deals.

>>> deck = shuffled_deck("example")
>>> len(deck), sorted(deck) == list(range(52))
(52, True)
>>> shuffled_deck("example") == deck, shuffled_deck("other") == deck
(True, False)
>>> fair_cut("example") in (0, 1)
True
"""

from __future__ import annotations

import hashlib
import struct
from typing import Final

__all__ = ["derive_seed", "fair_cut", "shuffled_deck"]

_WORDS: Final = struct.Struct(">8I")  # one digest as eight big-endian 32-bit words
_FIRST_WORDS: Final = struct.Struct(">56I")  # the first seven digests
# Words at or above the limit for a bound are redrawn, so that ``word % bound`` is uniform.
_LIMITS: Final = tuple((1 << 32) - (1 << 32) % bound if bound else 0 for bound in range(53))
# Below the least limit of bounds 2..52 (2**32 - 48), a word is never redrawn.
_NEVER_REDRAWN: Final = min(_LIMITS[2:])
_COUNTERS: Final = tuple(str(counter).encode() for counter in range(7))
_SWAPS: Final = tuple(range(51, 0, -1))
_BOUNDS: Final = tuple(range(52, 1, -1))


def _digest(seed: str, counter: int) -> bytes:
    """Words ``8 * counter`` to ``8 * counter + 7`` of the stream for ``seed``, as bytes.

    The stream is SHA-256(``ginrummy:<seed>:<counter>``) for counter 0, 1, 2 ... read as
    32-bit big-endian words; word k drives swap k of the Fisher-Yates shuffle unless it is
    too high for the swap's bound, when the next word is drawn instead.
    """
    return hashlib.sha256(f"ginrummy:{seed}:{counter}".encode()).digest()


def shuffled_deck(seed: str | int) -> tuple[int, ...]:
    """The 52 card indices in dealt order (first card dealt first) for ``seed``."""
    text = str(seed)
    # The first seven digests with the prefix encoded once (UTF-8 encodes piecewise).
    prefix = f"ginrummy:{text}:".encode()
    sha256 = hashlib.sha256
    words = _FIRST_WORDS.unpack(b"".join([sha256(prefix + c).digest() for c in _COUNTERS]))
    if max(words) >= _NEVER_REDRAWN:
        return _shuffle_with_redraws(text, list(words))
    # No word can be redrawn (all but certain: 56 words each under 48 in 2**32 of being
    # too high), so word k simply drives swap k: the same deck as the general loop. The
    # five words past the 51st go unused.
    deck = list(range(52))
    for i, word, bound in zip(_SWAPS, words, _BOUNDS, strict=False):
        j = word % bound
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


def _shuffle_with_redraws(text: str, words: list[int]) -> tuple[int, ...]:
    """Fisher-Yates over the word stream, redrawing words too high for their bound."""
    deck = list(range(52))
    position = 0
    for i in range(51, 0, -1):
        bound = i + 1
        limit = _LIMITS[bound]
        word = words[position]
        position += 1
        while word >= limit:
            # Keep enough words for this redraw and one per swap still to come.
            while len(words) < position + i:
                words.extend(_WORDS.unpack(_digest(text, len(words) // 8)))
            word = words[position]
            position += 1
        j = word % bound
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


def derive_seed(match_seed: str | int, deal_number: int) -> str:
    """The seed of one deal of a match; knowing it reveals nothing of the other deals."""
    return hashlib.sha256(f"ginrummy-deal:{match_seed}:{deal_number}".encode()).hexdigest()[:32]


def fair_cut(seed: str | int) -> int:
    """Seat 0 or 1, chosen from a match seed: a fair coin both sides can check (who deals first)."""
    return hashlib.sha256(f"ginrummy-cut:{seed}".encode()).digest()[0] & 1
