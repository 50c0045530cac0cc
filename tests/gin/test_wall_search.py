"""The expert's ``wall_search`` setting: near the wall (the stock at that many cards or
fewer) every draw and every plain discard is valued by play-outs; elsewhere, and with the
setting at 0, plain decisions are not searched."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from cardtable.gin.actions import Action, ActionKind
from cardtable.gin.hand import Observation, Phase
from cardtable.gin.players.expert import EXPERT, ExpertPlayer, Reasoner
from tests.helpers import decision_states


def _plain_discard(view: Observation) -> bool:
    legal = view.legal_actions()
    return (
        view.phase is Phase.DISCARD
        and 3 <= view.stock_count <= 8
        and all(a.kind is ActionKind.DISCARD for a in legal)
    )


def _played(reasoner: Reasoner, view: Observation) -> set[Action]:
    """The actions that ``evaluate`` plays out on this view."""
    seen: set[Action] = set()
    play = Reasoner._play

    def spy(self: Reasoner, obs: Observation, action: Action, *rest: object) -> int:
        seen.add(action)
        return play(self, obs, action, *rest)  # type: ignore[arg-type]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Reasoner, "_play", spy)
        reasoner.evaluate(view, random.Random(7))
    return seen


STATES = decision_states(4, "wall", lambda i: ExpertPlayer(i), _plain_discard)


@pytest.mark.parametrize("index", range(len(STATES)))
def test_every_plain_discard_is_played_out_near_the_wall(index: int) -> None:
    hand, seat = STATES[index]
    view = hand.observation(seat)
    walled = replace(EXPERT, wall_search=view.stock_count, rollouts=4)
    played = _played(walled, view)
    assert played == set(view.legal_actions())


@pytest.mark.parametrize("index", range(len(STATES)))
def test_no_plain_discard_is_searched_away_from_the_wall(index: int) -> None:
    hand, seat = STATES[index]
    view = hand.observation(seat)
    assert _played(replace(EXPERT, rollouts=4), view) == set()
    short = replace(EXPERT, wall_search=view.stock_count - 1, rollouts=4)
    assert _played(short, view) == set()


def test_the_expert_keeps_the_wall_search_off() -> None:
    assert EXPERT.wall_search == 0
