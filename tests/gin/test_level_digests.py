"""Today's levels keep deciding as they did when their settings were last chosen.

``expert-2026`` has its own frozen digest (test_expert_2026.py). These pin today's
``expert`` and ``intermediate`` levels and the values the hints and the coach's review show,
so that a change to the code they share (such as removing an experiment that was switched
off) is proved not to move them. A deliberate change of play changes a digest here, with
the measurement that justified it in the commit.
"""

from __future__ import annotations

from cardtable.gin.players.expert import EXPERT, EXPERT_2026
from cardtable.gin.review import REVIEWER
from tests.gin.digests import decisions_digest, values_digest


def test_expert_decides_as_it_did() -> None:
    expected = "6fc6177740b731b7df85d0a27c980428b1e4d6f4db30bfafeba49a5cd03c1bc4"
    assert decisions_digest("expert") == expected


def test_intermediate_decides_as_it_did() -> None:
    expected = "718be9e76308381012be210fa393e4b644cc81a9f4035cbac46f1ef988d325c5"
    assert decisions_digest("intermediate") == expected


def test_the_expert_values_every_action_as_it_did() -> None:
    """What the hints show (``evaluate_actions`` scores with ``EXPERT``)."""
    expected = "963c2b415e191c3857029edbb38b9b57cafb4d97b79b5b2b5d86e5ed4b8bb89f"
    assert values_digest(EXPERT) == expected


def test_expert_2026_values_every_action_as_it_did() -> None:
    expected = "65c62dfb515752fa0eecfbbcc7c9f63f48192a4f343e86dde9d8ed18e13c3865"
    assert values_digest(EXPERT_2026) == expected


def test_the_review_values_every_action_as_it_did() -> None:
    expected = "4cd8b4b5124daee76f3ed1101ca1ec3de30f7615c0c0f9f2c0be4d3e7b5639a2"
    assert values_digest(REVIEWER) == expected
