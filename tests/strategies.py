"""Hypothesis strategies for hands: random, meld-rich and dense (many overlapping melds)."""

from __future__ import annotations

from hypothesis import strategies as st

from tests.helpers import REFERENCE_MELDS, bits

SHORT_MELDS = tuple(m for m in REFERENCE_MELDS if m.bit_count() <= 5)


@st.composite
def hand_masks(draw: st.DrawFn, min_size: int = 0, max_size: int = 11, exclude: int = 0) -> int:
    """A hand of ``min_size`` to ``max_size`` cards outside ``exclude``.

    Four shapes: uniformly random cards; a few random melds then random filler; the same
    with low cards (ace to four) as filler, for low deadwood; or cards packed into a few suits
    and a narrow window of ranks, where melds overlap heavily.
    """
    size = draw(st.integers(min_value=min_size, max_value=max_size))
    shape = draw(st.sampled_from(["random", "melds", "low", "dense"]))
    mask = 0
    if shape in ("melds", "low"):
        for meld in draw(st.lists(st.sampled_from(REFERENCE_MELDS), max_size=4)):
            if not meld & (mask | exclude) and (mask | meld).bit_count() <= size:
                mask |= meld
    elif shape == "dense":
        suits = draw(st.lists(st.integers(0, 3), min_size=1, max_size=4, unique=True))
        low = draw(st.integers(0, 12))
        width = draw(st.integers(3, 13))
        window = [s * 13 + r for s in suits for r in range(low, min(13, low + width))]
        window = [c for c in window if not exclude >> c & 1]
        mask |= draw(some_of(window, size - mask.bit_count()))
    pool = [c for c in range(52) if not (exclude | mask) >> c & 1]
    if shape == "low":
        mask |= draw(some_of([c for c in pool if c % 13 < 4], size - mask.bit_count()))
        pool = [c for c in pool if not mask >> c & 1]
    return mask | draw(some_of(pool, size - mask.bit_count()))


def some_of(cards: list[int], count: int) -> st.SearchStrategy[int]:
    """A mask of ``count`` distinct cards drawn from ``cards`` (all of them if fewer)."""
    count = max(0, min(count, len(cards)))
    chosen = st.lists(st.sampled_from(cards), min_size=count, max_size=count, unique=True)
    return chosen.map(lambda picked: sum(1 << c for c in picked)) if count else st.just(0)


@st.composite
def knocker_melds(draw: st.DrawFn) -> list[int]:
    """One to three disjoint melds of at most ten cards in all (a knocker's layout)."""
    chosen: list[int] = []
    used = 0
    for meld in draw(st.lists(st.sampled_from(SHORT_MELDS), min_size=1, max_size=4)):
        if not meld & used and (used | meld).bit_count() <= 10:
            chosen.append(meld)
            used |= meld
    return chosen


@st.composite
def defender_masks(draw: st.DrawFn, melds: list[int], exclude: int = 0) -> int:
    """Ten cards outside the knocker's cards, often holding cards that could be laid off."""
    used = exclude
    for meld in melds:
        used |= meld
    near: set[int] = set()
    for meld in melds:
        cards = bits(meld)
        if len({c % 13 for c in cards}) == 1:
            near.update(s * 13 + cards[0] % 13 for s in range(4))
        else:
            suit = cards[0] // 13
            low, high = cards[0] % 13, cards[-1] % 13
            near.update(suit * 13 + r for r in range(max(0, low - 3), min(13, high + 4)))
            near.update(s * 13 + r for s in range(4) for r in (low, high))
    candidates = sorted(c for c in near if not used >> c & 1)
    mask = draw(some_of(candidates, draw(st.integers(0, min(10, len(candidates))))))
    rest = 10 - mask.bit_count()
    return mask | draw(hand_masks(min_size=rest, max_size=rest, exclude=used | mask))
