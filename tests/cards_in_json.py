"""The cards a JSON payload names, to check what a seat is shown against what it may see."""

from __future__ import annotations

import re
from typing import Any

__all__ = ["CARD", "NOT_CARDS", "card_strings"]

CARD = re.compile(r"(?<![A-Za-z0-9_-])[2-9TJQKA][SHDC](?![A-Za-z0-9_-])")
# Keys whose values are not game text (ids, tokens, hashes, names).
NOT_CARDS = frozenset({"token", "match_id", "id", "lesson_id", "seed", "commitment", "name"})


def card_strings(data: Any, skip: frozenset[str] = frozenset()) -> set[str]:
    """Every card named in any JSON string value (keys in ``skip`` and ids excluded)."""
    found: set[str] = set()

    def walk(value: Any, key: str | None) -> None:
        if key in NOT_CARDS or key in skip:
            return
        if isinstance(value, dict):
            for k, v in value.items():
                walk(v, k)
        elif isinstance(value, list):
            for item in value:
                walk(item, key)
        elif isinstance(value, str):
            found.update(CARD.findall(value))

    walk(data, None)
    return found
