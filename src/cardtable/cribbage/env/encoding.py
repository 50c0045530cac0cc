"""The fixed-size observation vector: built from one seat's observation, and nothing else.

A vector of ``OBS_SIZE = 584`` ``float32`` values in ``[0, 1]``: nine planes of 52 cards, the
ranks of the current count in order (8 slots of 13), then 12 scalars. In every plane, entry
``c`` is card ``c = suit * 13 + rank`` (suits S H D C, ranks A to K), as for the action ids
of :mod:`cardtable.cribbage.env.actions`.

=======  ===============  ==================================================================
offset   name             meaning (1 when true)
=======  ===============  ==================================================================
0        hand             the card is in my hand (to lay away, or still to play; a
                          first pick stays in it until the second completes the discard)
52       my_crib          I laid it away to the crib
104      picked           my first pick of the two cards to lay away (held by the
                          environment until the second pick)
156      starter          it is the starter
208      count_cards      it was played in the current count (since the last reset)
260      my_played        I played it this hand
312      opp_played       the opponent played it this hand
364      shown            the show revealed it and it is not one of my six: the opponent's
                          hand, or its half of the crib
416      unseen           I have not seen it: in the opponent's hand, its crib cards or
                          the deck
468      count_seq        8 slots of 13 ranks: slot ``k`` is the rank of the ``k``-th card
                          of the current count counting back from the last one played
                          (slot 0 is the last card); empty slots are all zero
572      phase_discard    the players are laying away
573      phase_play       the play (pegging) is on
574      phase_over       the play is over: the show (the hand's end)
575      my_turn          I am to act
576      dealer           I dealt this hand (the crib is mine)
577      count            the count / 31
578      my_go            I said go in this count
579      opp_go           the opponent said go in this count
580      opp_cards        cards in the opponent's hand / 6 (6 before it lays away)
581      opp_laid_away    the opponent has laid its two cards away
582      my_pegs          my points in the game in play / the target (capped at 1)
583      opp_pegs         the opponent's points / the target (capped at 1)
=======  ===============  ==================================================================

The vector is made from a :class:`~cardtable.cribbage.match.MatchObservation` (what
``match.observation(seat)`` gives) and the seat's own pending pick, never from the engine's
hidden state. Game points of a match of several games, and the shows of earlier hands, are
not in it: read them from the observation itself.

>>> from cardtable.cribbage.match import Match
>>> from cardtable.cribbage.rules import Rules
>>> match = Match.new(Rules(), seed="encoding", first_dealer=0)
>>> vector = encode_observation(match.observation(1))
>>> vector.shape, vector.dtype, int(vector[:52].sum()), float(vector[575]), float(vector[580])
((584,), dtype('float32'), 6, 1.0, 1.0)
"""

from __future__ import annotations

import struct
from collections.abc import Iterable
from typing import Final

import numpy as np
import numpy.typing as npt

from cardtable.cards import FULL_DECK, Card
from cardtable.cribbage.env.actions import NUM_ACTIONS, legal_ids
from cardtable.cribbage.hand import Phase
from cardtable.cribbage.match import MatchObservation
from cardtable.env.arrays import FloatArray

__all__ = [
    "COUNT_SLOTS",
    "OBS_SIZE",
    "PLANES",
    "SCALARS",
    "FloatArray",
    "action_mask",
    "encode_observation",
    "layout",
]

PLANES: Final = (
    "hand",
    "my_crib",
    "picked",
    "starter",
    "count_cards",
    "my_played",
    "opp_played",
    "shown",
    "unseen",
)
COUNT_SLOTS: Final = 8  # a count holds at most eight cards (A A A A 2 2 2 2 is 12)
SCALARS: Final = (
    "phase_discard",
    "phase_play",
    "phase_over",
    "my_turn",
    "dealer",
    "count",
    "my_go",
    "opp_go",
    "opp_cards",
    "opp_laid_away",
    "my_pegs",
    "opp_pegs",
)
_PLANES_END: Final = 52 * len(PLANES)
_SEQ_END: Final = _PLANES_END + 13 * COUNT_SLOTS
OBS_SIZE: Final = _SEQ_END + len(SCALARS)
_PHASE_ROWS: Final = {
    Phase.DISCARD: (1.0, 0.0, 0.0),
    Phase.PLAY: (0.0, 1.0, 0.0),
    Phase.COUNT: (0.0, 0.0, 1.0),
    Phase.ANSWER: (0.0, 0.0, 1.0),
    Phase.DONE: (0.0, 0.0, 1.0),
}
_SCALARS: Final = struct.Struct(f"<{len(SCALARS)}f")
_PLANE_BYTES: Final = (52 * len(PLANES) + 7) // 8



def layout() -> dict[str, tuple[int, int]]:
    """Each named part of the vector: ``name -> (offset, length)``.

    >>> layout()["unseen"], layout()["count_seq"], layout()["opp_pegs"]
    ((416, 52), (468, 104), (583, 1))
    """
    parts = {name: (52 * i, 52) for i, name in enumerate(PLANES)}
    parts["count_seq"] = (_PLANES_END, 13 * COUNT_SLOTS)
    parts.update({name: (_SEQ_END + i, 1) for i, name in enumerate(SCALARS)})
    return parts


def _mask(cards: Iterable[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def encode_observation(observation: MatchObservation, picked: Card | None = None) -> FloatArray:
    """The vector of one seat's view (the definition); ``picked`` is the seat's first pick
    while it lays away (the environments pass it; it is the seat's own choice)."""
    view = observation.hand
    seat = view.seat
    other = 1 - seat
    mine_dealt = _mask(view.dealt)
    hand = _mask(view.hand)
    crib = _mask(view.laid_away)
    starter = 0 if view.starter is None else 1 << view.starter
    count_cards = _mask(view.count_cards)
    my_played = opp_played = 0
    for play in view.plays:
        if play.seat == seat:
            my_played |= 1 << play.card
        else:
            opp_played |= 1 << play.card
    shown = 0
    for show in view.shows:
        shown |= _mask(show.cards)
    shown &= ~mine_dealt
    seen = mine_dealt | starter | my_played | opp_played | shown
    planes = (
        hand,
        crib,
        0 if picked is None else 1 << picked,
        starter,
        count_cards,
        my_played,
        opp_played,
        shown,
        FULL_DECK & ~seen,
    )
    packed = 0
    for i, plane in enumerate(planes):
        packed |= plane << (52 * i)
    out = np.zeros(OBS_SIZE, dtype=np.float32)
    out[:_PLANES_END] = np.unpackbits(
        np.frombuffer(packed.to_bytes(_PLANE_BYTES, "little"), dtype=np.uint8),
        bitorder="little",
    )[:_PLANES_END]
    for slot, card in enumerate(reversed(view.count_cards[-COUNT_SLOTS:])):
        out[_PLANES_END + 13 * slot + card % 13] = 1.0
    target = view.target
    out[_SEQ_END:] = np.frombuffer(
        _SCALARS.pack(
            *_PHASE_ROWS[view.phase],
            view.to_act == seat,
            view.dealer == seat,
            view.count / 31.0,
            view.said_go[seat],
            view.said_go[other],
            view.opponent_cards / 6.0,
            view.opponent_laid_away,
            min(view.pegs[seat] / target, 1.0),
            min(view.pegs[other] / target, 1.0),
        ),
        dtype=np.float32,
    )
    return out


def action_mask(observation: MatchObservation, picked: Card | None = None) -> npt.NDArray[np.int8]:
    """The seat's legal ids as 0/1 (all zero when it is not to act).

    >>> from cardtable.cribbage.match import Match
    >>> from cardtable.cribbage.rules import Rules
    >>> match = Match.new(Rules(), seed="mask", first_dealer=0)
    >>> int(action_mask(match.observation(1)).sum()), int(action_mask(match.observation(0)).sum())
    (6, 0)
    """
    mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
    view = observation.hand
    ids = legal_ids(view.phase, view.legal, picked) if view.to_act == view.seat else []
    if ids:
        mask[ids] = 1
    return mask
