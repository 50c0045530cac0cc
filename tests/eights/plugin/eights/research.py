"""Eights' research declarations: a tiny encoding and action ids, played by the kit through
the game's interface (:class:`cardtable.env.text.TextResearch`)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from cardtable.cards import Card
from cardtable.env.text import TextResearch
from eights.engine import SUIT_NAMES, Match, Observation, parse_action

OBS_SIZE = 52 + 52 + 4 + 4  # own hand, the top card, the suit to follow, four counts
NUM_ACTIONS = 52 + 16 + 2  # play a card; play an eight as a suit; draw; pass


def view(match: Match, seat: int) -> Observation:
    return match.observation(seat)


def legal_of(observation: Observation) -> tuple[str, ...]:
    return observation.legal


def encode(observation: Observation) -> npt.NDArray[np.float32]:
    vector = np.zeros(OBS_SIZE, dtype=np.float32)
    for card in observation.hand:
        vector[int(card)] = 1.0
    vector[52 + int(observation.top)] = 1.0
    vector[104 + observation.suit] = 1.0
    vector[108] = observation.other_cards / 52
    vector[109] = observation.stock / 52
    vector[110] = min(observation.scores[observation.seat], 500) / 500
    vector[111] = min(observation.scores[1 - observation.seat], 500) / 500
    return vector


def action_id(text: str) -> int:
    verb, card, suit = parse_action(text)
    if verb == "draw":
        return 68
    if verb == "pass":
        return 69
    assert isinstance(card, Card)
    if suit is None:
        return int(card)
    return 52 + 4 * card.suit + suit


RESEARCH = TextResearch(
    game="eights",
    env_name="eights_v0",
    obs_size=OBS_SIZE,
    num_actions=NUM_ACTIONS,
    view=view,
    legal_of=legal_of,
    encode=encode,
    action_id=action_id,
)

assert len(SUIT_NAMES) == 4
