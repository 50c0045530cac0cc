"""Eights' computer players: they act on their own seat's observation only."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from cardtable.errors import CardTableError
from eights.engine import SUIT_NAMES, Observation, card_points, parse_action

LEVELS = ("random", "simple")


@dataclass
class RandomPlayer:
    """Any legal action, uniformly."""

    seed: int
    rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def act(self, observation: Observation) -> str:
        return self.rng.choice(observation.legal)


@dataclass
class SimplePlayer:
    """Plays its costliest card that follows, keeps eights for last (naming its longest
    suit), and draws only when it must."""

    seed: int

    def act(self, observation: Observation) -> str:
        return best_action(observation)


def best_action(observation: Observation) -> str:
    plays = [text for text in observation.legal if text.startswith("play")]
    if not plays:
        return observation.legal[0]
    plain = [text for text in plays if " as " not in text]
    if plain:
        return max(plain, key=lambda text: card_points(_card(text)))
    counts = [0, 0, 0, 0]
    for card in observation.hand:
        if card.rank != 7:
            counts[card.suit] += 1
    suit = SUIT_NAMES[max(range(4), key=lambda s: counts[s])]
    return next(text for text in plays if text.endswith(suit))


def _card(text: str) -> int:
    card = parse_action(text)[1]
    assert card is not None
    return int(card)


def player(level: str, seed: int) -> RandomPlayer | SimplePlayer:
    if level == "random":
        return RandomPlayer(seed)
    if level == "simple":
        return SimplePlayer(seed)
    raise CardTableError(f"unknown player {level!r}: the levels are {', '.join(LEVELS)}")
