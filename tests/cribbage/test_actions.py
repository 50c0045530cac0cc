"""Reading a Cribbage action's text: a stated count is ASCII digits, refused otherwise."""

from __future__ import annotations

import pytest

from cardtable.cribbage.actions import Action
from cardtable.errors import IllegalActionError


@pytest.mark.parametrize("text", ["count ²", "count ٥", "count ５", "count -1", "count +5"])
def test_a_stated_count_is_ascii_digits(text: str) -> None:
    """``"²".isdigit()`` is true and int() refuses it (a ValueError, a 500 on the web), and
    other scripts' digits were read as numbers: each is refused as an illegal action."""
    with pytest.raises(IllegalActionError, match="count states the points as a whole number"):
        Action.parse(text)


def test_a_stated_count_reads_its_number() -> None:
    assert Action.parse("count 12").points == 12
    assert Action.parse("count 0").points == 0
    with pytest.raises(IllegalActionError, match="whole number"):
        Action.parse("count " + "9" * 5000)  # beyond what int() reads
