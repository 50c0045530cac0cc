"""The frozen ``expert-2026`` level keeps deciding exactly as it did when it was frozen.

Later experts are measured against it (bench/strength.py), so a change to the code it shares
with them (the reasoner, the inference, the play-outs) must not move it. The digest below is
of every action it chose in a fixed set of hands against simple, with no clock (a deadline
would make decisions depend on the machine's speed); it was taken when the level was frozen.
"""

from __future__ import annotations

import math
import random
from dataclasses import replace

from cardtable.gin.hand import Hand
from cardtable.gin.players import make_player
from cardtable.gin.players.expert import EXPERT_2026, Expert2026Player
from cardtable.gin.rules import Rules
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


def test_the_two_draw_lookahead_scores_every_legal_action_and_changes_discards() -> None:
    """``lookahead=2`` (measured, off by default) ranks the same legal actions, and moves the
    values of discards by what the draw after next adds."""
    one = replace(EXPERT_2026, time_limit=math.inf)
    two = replace(one, lookahead=2)
    changed = 0
    for index in range(6):
        hand = Hand.deal(Rules(), dealer=index % 2, seed=f"lookahead-{index}")
        players = [make_player("simple"), make_player("simple")]
        while not hand.is_over:
            seat = hand.to_act
            view = hand.observation(seat)
            first = one.evaluate(view, random.Random(index))
            second = two.evaluate(view, random.Random(index))
            assert sorted(map(str, (a.action for a in first))) == sorted(
                map(str, (a.action for a in second))
            )
            values = {str(a.action): a.value for a in first}
            changed += any(abs(values[str(a.action)] - a.value) > 1e-9 for a in second)
            hand.apply(players[seat].act(view), seat)
    assert changed > 0
