"""The expert's play-outs: with ``wall_search``, near the wall (the stock at that many
cards or fewer) every draw and every plain discard is valued by play-outs, and elsewhere,
or with the setting at 0, no plain decision is; and every play-out is played with both
seats' knock patience from the settings."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

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


@pytest.mark.parametrize("patience", [-1, 0, 4])
def test_the_play_outs_get_both_seats_patience(patience: int) -> None:
    """The expert's play-outs are played with its ``rollout_patience`` for this seat and
    ``rollout_opponent_patience`` for the other."""
    import cardtable.gin.players.expert as expert_module

    hand, seat = STATES[0]
    view = hand.observation(seat)
    calls: list[tuple[int, int]] = []
    original = expert_module.playout

    def spy(*args: Any, **kwargs: Any) -> int:
        calls.append((kwargs["patience"], kwargs["opponent_patience"]))
        return original(*args, **kwargs)

    reasoner = replace(
        EXPERT,
        wall_search=view.stock_count,
        rollouts=2,
        rollout_patience=3,
        rollout_opponent_patience=patience,
    )
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(expert_module, "playout", spy)
        reasoner.evaluate(view, random.Random(3))
    assert calls and set(calls) == {(3, patience)}
