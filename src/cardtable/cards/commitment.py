"""Fair-deal commitments: a hash of a deal's seed published before the deal, the seed after.

Before each deal a table publishes ``commitment(seed)``; once the deal is over it reveals the
seed, and anyone can check the two agree and recompute the shuffle
(:func:`cardtable.cards.shuffled_deck`) to see the cards were the ones the seed fixes.

>>> published = commitment("example")
>>> published[:16]
'ccc4aa352c1046b7'
>>> check_commitment("example", published.upper()), check_commitment("example", "00")
(True, False)
"""

from __future__ import annotations

import functools
import hashlib
import hmac

__all__ = ["check_commitment", "commitment"]


@functools.lru_cache(maxsize=4096)  # every view of a hand in play names its commitment
def commitment(seed: str | int) -> str:
    """A hex SHA-256 of the seed: published before a deal, checked against the seed after."""
    # The prefix dates from the ginrummy package; changing it would break published hashes.
    return hashlib.sha256(f"ginrummy-seed:{seed}".encode()).hexdigest()


def check_commitment(seed: str, published: str) -> bool:
    """Whether ``published`` (hex, any case) is the commitment to ``seed``."""
    return hmac.compare_digest(commitment(seed), published.strip().lower())
