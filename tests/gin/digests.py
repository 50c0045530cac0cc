"""Digests of what a computer level decides, to pin a level's play across changes of code.

A digest covers every action seat 0 chose in ``HANDS`` fixed hands against simple, with no
clock (a deadline would make decisions depend on the machine's speed), or every value the
reasoner gave every legal action there: one changed decision or value changes it.
"""

from __future__ import annotations

import hashlib
import math
import random
from dataclasses import replace

from cardtable.gin.hand import Hand
from cardtable.gin.players import make_player
from cardtable.gin.players.expert import Reasoner
from cardtable.gin.rules import Rules

HANDS = 24


def decisions_digest(level: str) -> str:
    """Every action ``level`` chose in the fixed hands."""
    digest = hashlib.sha256()
    for index in range(HANDS):
        players = [make_player(level, index, time_limit=math.inf), make_player("simple", index)]
        hand = Hand.deal(Rules(), dealer=index % 2, seed=f"frozen-{index}")
        while not hand.is_over:
            seat = hand.to_act
            action = players[seat].act(hand.observation(seat))
            if seat == 0:
                digest.update(f"{index}:{action}\n".encode())
            hand.apply(action, seat)
    return digest.hexdigest()


def values_digest(reasoner: Reasoner) -> str:
    """Every legal action and its value (to nine places) as ``reasoner`` scores seat 0's
    decisions, in hands where both seats play simple: what the hints and the coach show."""
    reasoner = replace(reasoner, time_limit=math.inf)
    digest = hashlib.sha256()
    for index in range(HANDS):
        players = [make_player("simple", index), make_player("simple", index + 1)]
        hand = Hand.deal(Rules(), dealer=index % 2, seed=f"values-{index}")
        while not hand.is_over:
            seat = hand.to_act
            view = hand.observation(seat)
            if seat == 0:
                for alt in reasoner.evaluate(view, random.Random(index)):
                    digest.update(f"{index}:{alt.action}:{alt.value:.9f}:{alt.note}\n".encode())
            hand.apply(players[seat].act(view), seat)
    return digest.hexdigest()
