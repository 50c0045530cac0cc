"""The frozen ``expert-2026`` level keeps deciding exactly as it did when it was frozen.

Later experts are measured against it (bench/strength.py), so a change to the code it shares
with them (the reasoner, the inference, the play-outs) must not move it. The digest below is
of every action it chose in a fixed set of hands against simple, with no clock (a deadline
would make decisions depend on the machine's speed); it was taken when the level was frozen.
"""

from __future__ import annotations

from dataclasses import replace

from cardtable.gin.players import make_player
from cardtable.gin.players.expert import EXPERT_2026, Expert2026Player
from tests.gin.digests import decisions_digest

FROZEN_DIGEST = "7a749e7c826e528ca996892b158952a6570cac2c288db278fb61d83035b03f0d"


def test_expert_2026_decides_as_when_it_was_frozen() -> None:
    assert decisions_digest("expert-2026") == FROZEN_DIGEST


def test_expert_2026_is_the_reasoner_of_2026() -> None:
    player = make_player("expert-2026", 3)
    assert player.name == "expert-2026"
    assert isinstance(player, Expert2026Player) and player.reasoner == EXPERT_2026
    timed = make_player("expert-2026", 3, time_limit=0.2)
    assert isinstance(timed, Expert2026Player)
    assert timed.reasoner == replace(EXPERT_2026, time_limit=0.2)
