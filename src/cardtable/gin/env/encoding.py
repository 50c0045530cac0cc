"""The fixed-size observation vector: built from one seat's observation, and nothing else.

A vector of ``OBS_SIZE = 429`` ``float32`` values in ``[0, 1]``: eight planes of 52 cards, then
13 scalars. In every plane, entry ``c`` is card ``c = suit * 13 + rank`` (suits S H D C, ranks
A to K), as in :mod:`cardtable.gin.env.actions`.

=======  ===============  ==================================================================
offset   name             meaning (1 when true)
=======  ===============  ==================================================================
0        hand             the card is in my hand
52       top_discard      the card is the top of the discard pile (the one that can be taken)
104      buried           the card is in the discard pile under the top (dead for this hand)
156      opp_known        the opponent took it from the pile and still holds it
208      opp_discarded    the opponent discarded it during this hand
260      opp_declined     the opponent passed it up: it was the top of the pile when they
                          passed the upcard or chose to draw from the stock
312      unseen           not seen by me: in the stock or hidden in the opponent's hand
364      taken            I took it from the pile this turn, so I may not discard it now
416      phase_offer      the upcard is on offer (the opening ritual)
417      phase_draw       the player to act must draw
418      phase_discard    the player to act must discard, knock or go gin
419      phase_over       the hand is over
420      my_turn          I am to act
421      dealer           I dealt this hand
422      stock_only       both passed the upcard: the non-dealer must draw from the stock
423      stock            cards left in the stock / 31
424      threshold        this hand's knock threshold / 10 (Oklahoma sets it per hand)
425      doubled          this hand's scores are doubled (Oklahoma, spade upcard)
426      deadwood         my minimum deadwood / 100 (capped at 1)
427      my_score         my score in the match / target (capped at 1; 0 outside a match)
428      opp_score        the opponent's score in the match / target (capped at 1)
=======  ===============  ==================================================================

With the opt-in layout choice (``layouts=True``, see :mod:`cardtable.gin.env.actions`) the
vector has ``OBS_SIZE_WITH_LAYOUTS = 482`` values: these 429, then 53 more
(:func:`encode_layout_choice`):

=======  ===============  ==================================================================
429      knocking         the card I chose to throw face down with the knock or gin whose
                          layout I am choosing now (all zero otherwise, and for big gin)
481      choosing_layout  I am choosing the layout of my knock, gin or big gin
=======  ===============  ==================================================================

The order of past discards and draws is not in the vector; a learner that needs it can read
the :class:`~cardtable.gin.hand.Observation` itself (``events``).

>>> from cardtable.gin.hand import Hand
>>> hand = Hand.deal(seed="encoding", dealer=0)
>>> vector = encode_observation(hand.observation(1))
>>> vector.shape, vector.dtype, int(vector[:52].sum()), vector[420]
((429,), dtype('float32'), 10, np.float32(1.0))
"""

from __future__ import annotations

import struct
from typing import Final

import numpy as np
import numpy.typing as npt

from cardtable.env.arrays import FloatArray
from cardtable.gin.actions import Action
from cardtable.gin.env.actions import NUM_ACTIONS, legal_ids
from cardtable.gin.hand import Hand, Observation, Phase
from cardtable.gin.melds import deadwood

__all__ = [
    "LAYOUT_EXTRA",
    "OBS_SIZE",
    "OBS_SIZE_WITH_LAYOUTS",
    "PLANES",
    "SCALARS",
    "FloatArray",
    "action_mask",
    "encode_hand",
    "encode_layout_choice",
    "encode_observation",
    "layout",
]

PLANES: Final = (
    "hand",
    "top_discard",
    "buried",
    "opp_known",
    "opp_discarded",
    "opp_declined",
    "unseen",
    "taken",
)
SCALARS: Final = (
    "phase_offer",
    "phase_draw",
    "phase_discard",
    "phase_over",
    "my_turn",
    "dealer",
    "stock_only",
    "stock",
    "threshold",
    "doubled",
    "deadwood",
    "my_score",
    "opp_score",
)
OBS_SIZE: Final = 52 * len(PLANES) + len(SCALARS)
LAYOUT_EXTRA: Final = 53
OBS_SIZE_WITH_LAYOUTS: Final = OBS_SIZE + LAYOUT_EXTRA
_PLANES_END: Final = 52 * len(PLANES)
_PHASE_ROWS: Final = {
    Phase.OFFER: (1.0, 0.0, 0.0, 0.0),
    Phase.DRAW: (0.0, 1.0, 0.0, 0.0),
    Phase.DISCARD: (0.0, 0.0, 1.0, 0.0),
    Phase.OVER: (0.0, 0.0, 0.0, 1.0),
}



def layout() -> dict[str, tuple[int, int]]:
    """Each named part of the vector: ``name -> (offset, length)``.

    >>> layout()["opp_declined"], layout()["deadwood"]
    ((260, 52), (426, 1))
    """
    parts = {name: (52 * i, 52) for i, name in enumerate(PLANES)}
    base = 52 * len(PLANES)
    parts.update({name: (base + i, 1) for i, name in enumerate(SCALARS)})
    return parts


_SCALARS: Final = struct.Struct(f"<{len(SCALARS)}f")
_unpackbits: Final = np.unpackbits
_frombuffer: Final = np.frombuffer
_empty: Final = np.empty


def _assemble(
    masks: tuple[int, int, int, int, int, int, int, int],
    phase: Phase,
    my_turn: bool,
    dealer: bool,
    stock_only: bool,
    stock: int,
    threshold: int,
    doubled: bool,
    hand_mask: int,
    scores: tuple[int, int] | None,
    target: int,
    seat: int,
) -> FloatArray:
    # This is most of the cost of an environment step, so it makes few numpy calls: the
    # eight 52-bit planes side by side in one 416-bit integer, its 52 bytes unpacked to
    # bits in one call; the scalars packed as float32 bytes by struct.
    m0, m1, m2, m3, m4, m5, m6, m7 = masks
    packed = m0 | m1 << 52 | m2 << 104 | m3 << 156 | m4 << 208 | m5 << 260 | m6 << 312 | m7 << 364
    out = _empty(OBS_SIZE, dtype=np.float32)
    out[:_PLANES_END] = _unpackbits(
        _frombuffer(packed.to_bytes(52, "little"), dtype=np.uint8), bitorder="little"
    )
    my_score = opp_score = 0.0
    if scores is not None:
        my_score = min(scores[seat] / target, 1.0)
        opp_score = min(scores[1 - seat] / target, 1.0)
    out[_PLANES_END:] = _frombuffer(
        _SCALARS.pack(
            *_PHASE_ROWS[phase],
            my_turn,
            dealer,
            stock_only,
            stock / 31.0,
            threshold / 10.0,
            doubled,
            min(deadwood(hand_mask), 100) / 100.0,
            my_score,
            opp_score,
        ),
        dtype=np.float32,
    )
    return out


def encode_observation(observation: Observation) -> FloatArray:
    """The vector of one seat's :class:`~cardtable.gin.hand.Observation` (the definition).

    Everything comes from the observation: the opponent's discards and passed-up cards are
    read back from its public ``events``.
    """
    seat = observation.seat
    hand = observation.hand.mask
    masks = observation.masks_seen().planes()
    return _assemble(
        masks,
        observation.phase,
        observation.to_act == seat,
        observation.dealer == seat,
        observation.stock_only,
        observation.stock_count,
        observation.threshold,
        observation.multiplier == 2,
        hand,
        observation.scores,
        observation.rules.target,
        seat,
    )


def encode_hand(hand: Hand, seat: int, scores: tuple[int, int] | None = None) -> FloatArray:
    """The same vector as ``encode_observation(hand.observation(seat, scores))``, from the
    masks the hand keeps of what ``seat`` sees (the fast path of the environments)."""
    seen = hand.masks_seen_by(seat)
    mine = seen.hand
    masks = seen.planes()
    return _assemble(
        masks,
        hand.phase,
        hand.phase is not Phase.OVER and hand.to_act == seat,
        hand.dealer == seat,
        seen.stock_only,
        hand.stock_count,
        hand.threshold,
        hand.multiplier == 2,
        mine,
        scores,
        hand.rules.target,
        seat,
    )


def encode_layout_choice(pending: Action | None) -> FloatArray:
    """The 53 values the layout option appends: the card of the knock whose layout is being
    chosen (``pending``, or ``None`` when no layout is being chosen) and a 1 while choosing.

    >>> extra = encode_layout_choice(Action.parse("knock 5H"))
    >>> [int(i) for i in np.flatnonzero(extra)]
    [17, 52]
    """
    out = np.zeros(LAYOUT_EXTRA, dtype=np.float32)
    if pending is not None:
        out[52] = 1.0
        if pending.card is not None:
            out[int(pending.card)] = 1.0
    return out


def action_mask(observation: Observation) -> npt.NDArray[np.int8]:
    """The legal action ids of the seat as a 0/1 vector (all zero when it is not its turn).

    >>> from cardtable.gin.hand import Hand
    >>> mask = action_mask(Hand.deal(seed=1, dealer=0).observation(1))
    >>> [int(i) for i in np.flatnonzero(mask)]
    [1, 2]
    """
    mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
    ids = list(legal_ids(observation.legal_actions()))
    if ids:
        mask[ids] = 1
    return mask
