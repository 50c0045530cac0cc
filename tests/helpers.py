"""Shared test helpers: steered decks, independent reference implementations, random play.

The reference implementations here are written from RULES.md alone, as plainly as possible,
and never call the solver they check: a meld is tested by its definition, deadwood is the
minimum over every collection of disjoint melds, lay-offs are every way of extending the
knocker's melds into valid melds.
"""

from __future__ import annotations

import functools
import importlib.util
import itertools
import os
import random
import subprocess
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

from hypothesis import settings

from cardtable.cards import parse_card
from cardtable.gin.actions import Action, ActionKind
from cardtable.gin.hand import Hand, Phase
from cardtable.gin.melds import deadwood
from cardtable.gin.rules import Rules

# GINRUMMY_TEST_SCALE=10 runs every property with ten times the examples.
SCALE = int(os.environ.get("GINRUMMY_TEST_SCALE", "1"))


BENCH = Path(__file__).resolve().parents[1] / "bench"


@functools.cache
def load_bench(script: str) -> ModuleType:
    """``bench/<script>`` as a module, loaded once (its ``main`` is not run)."""
    name = f"bench_{Path(script).stem}"
    spec = importlib.util.spec_from_file_location(name, BENCH / script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    # A script imports its siblings (the bridge, shared recorders) as it would when run.
    if str(BENCH) not in sys.path:
        sys.path.append(str(BENCH))
    # A dataclass looks its module up by name while it is being defined.
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def run_bench(script: str, *args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """Run ``bench/<script>`` on one worker with ``args``; its output, as text."""
    return subprocess.run(
        [sys.executable, str(BENCH / script), "--workers", "1", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def examples(count: int) -> settings:
    """Hypothesis settings with ``count`` examples (times GINRUMMY_TEST_SCALE)."""
    return settings(max_examples=count * SCALE)


RANK_CHARS = "A23456789TJQK"
SUIT_CHARS = "SHDC"
RANK_VALUE = {
    "A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7,
    "8": 8, "9": 9, "T": 10, "J": 10, "Q": 10, "K": 10,
}  # fmt: skip


def card_index(text: str) -> int:
    """Index of a two-character card like ``TH`` from the documented layout suit*13+rank."""
    return SUIT_CHARS.index(text[1].upper()) * 13 + RANK_CHARS.index(text[0].upper())


def card_value(index: int) -> int:
    return RANK_VALUE[RANK_CHARS[index % 13]]


def mask_of(text: str) -> int:
    """A mask from space-separated two-character cards (independent of the parser)."""
    mask = 0
    for token in text.split():
        bit = 1 << card_index(token)
        assert not mask & bit, f"{token} repeated in a test fixture"
        mask |= bit
    return mask


def pips(text: str) -> int:
    """The deadwood value of space-separated cards, from RULES.md's card values."""
    return sum(RANK_VALUE[token[0].upper()] for token in text.split())


def mask_value(mask: int) -> int:
    return sum(card_value(c) for c in bits(mask))


def bits(mask: int) -> list[int]:
    return [c for c in range(52) if mask >> c & 1]


# -- melds by definition ---------------------------------------------------------------


def is_meld(mask: int) -> bool:
    """RULES.md 1: a set is 3 or 4 cards of one rank; a run 3+ consecutive ranks, one suit."""
    cards = bits(mask)
    if len(cards) < 3:
        return False
    ranks = [c % 13 for c in cards]
    suits = [c // 13 for c in cards]
    if len(set(ranks)) == 1:
        return len(cards) <= 4
    if len(set(suits)) == 1:
        ordered = sorted(ranks)
        return ordered == list(range(ordered[0], ordered[0] + len(ordered)))
    return False


def _reference_melds() -> tuple[int, ...]:
    melds: list[int] = []
    for rank in range(13):
        same_rank = [suit * 13 + rank for suit in range(4)]
        for size in (3, 4):
            for combo in itertools.combinations(same_rank, size):
                melds.append(sum(1 << c for c in combo))
    for suit in range(4):
        for low in range(13):
            for high in range(low + 2, 13):
                melds.append(sum(1 << (suit * 13 + r) for r in range(low, high + 1)))
    return tuple(melds)


REFERENCE_MELDS = _reference_melds()


def melds_within(mask: int) -> list[int]:
    return [m for m in REFERENCE_MELDS if m & mask == m]


def disjoint_collections(mask: int) -> Iterator[tuple[int, ...]]:
    """Every collection of pairwise disjoint melds inside ``mask``, each exactly once."""
    inside = melds_within(mask)

    def extend(start: int, used: int, chosen: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        yield chosen
        for i in range(start, len(inside)):
            if not inside[i] & used:
                yield from extend(i + 1, used | inside[i], (*chosen, inside[i]))

    yield from extend(0, 0, ())


@functools.lru_cache(maxsize=1 << 16)
def brute_deadwood(mask: int) -> int:
    """Minimum deadwood over every arrangement (brute force)."""
    best = mask_value(mask)
    for chosen in disjoint_collections(mask):
        used = 0
        for meld in chosen:
            used |= meld
        best = min(best, mask_value(mask & ~used))
    return best


def brute_arrangements(mask: int, threshold: int) -> set[tuple[frozenset[int], int]]:
    """Every (melds, unmatched) of ``mask`` whose deadwood is at most ``threshold``."""
    found: set[tuple[frozenset[int], int]] = set()
    for chosen in disjoint_collections(mask):
        used = 0
        for meld in chosen:
            used |= meld
        if mask_value(mask & ~used) <= threshold:
            found.add((frozenset(chosen), mask & ~used))
    return found


def layoff_options(meld: int, defender: int) -> list[int]:
    """Every set of defender cards that, added to the knocker's meld, makes a valid meld.

    Candidates are the defender's cards of a set's rank or of a run's suit; every subset of
    them is tried, so chains (8H then 9H onto 5H 6H 7H) are found by definition.
    """
    cards = bits(meld)
    is_set = len({c % 13 for c in cards}) == 1
    if is_set:
        candidates = [c for c in bits(defender) if c % 13 == cards[0] % 13]
    else:
        candidates = [c for c in bits(defender) if c // 13 == cards[0] // 13]
    options: list[int] = []
    for size in range(len(candidates) + 1):
        for combo in itertools.combinations(candidates, size):
            extra = sum(1 << c for c in combo)
            if is_meld(meld | extra):
                options.append(extra)
    return options


def brute_defender_deadwood(defender: int, knocker_melds: Sequence[int], gin: bool) -> int:
    """The defender's least deadwood over own melds and lay-offs jointly (brute force)."""
    if gin:
        return brute_deadwood(defender)
    best = brute_deadwood(defender)
    per_meld = [layoff_options(m, defender) for m in knocker_melds]
    for combo in itertools.product(*per_meld):
        laid = 0
        clash = False
        for extra in combo:
            clash = clash or bool(laid & extra)
            laid |= extra
        if not clash:
            best = min(best, brute_deadwood(defender & ~laid))
    return best


def expected_score(rules: Rules, kind: str, knocker_dw: int, defender_dw: int) -> tuple[str, int]:
    """(who scores: "knocker" or "defender", points) from the table of RULES.md section 3."""
    if kind == "big_gin":
        assert rules.big_gin_bonus is not None
        return "knocker", defender_dw + rules.big_gin_bonus
    if kind == "gin":
        return "knocker", defender_dw + rules.gin_bonus
    if defender_dw > knocker_dw:
        return "knocker", defender_dw - knocker_dw
    return "defender", knocker_dw - defender_dw + rules.undercut_bonus


# -- steering a hand -------------------------------------------------------------------


def build_deck(non_dealer: str, dealer: str = "", upcard: str = "", stock: str = "") -> list[int]:
    """A deck that deals the given cards: hands may be partial and are then filled.

    Unnamed cards are placed in index order, first completing the hands (non-dealer first),
    then the upcard, then the stock under the named stock cards (``stock`` is top first).
    """
    named_nd = [parse_card(t) for t in non_dealer.split()]
    named_d = [parse_card(t) for t in dealer.split()]
    named_up = [parse_card(t) for t in upcard.split()]
    named_stock = [parse_card(t) for t in stock.split()]
    named = [*named_nd, *named_d, *named_up, *named_stock]
    assert len(set(named)) == len(named), "a card is named twice"
    assert len(named_nd) <= 10 and len(named_d) <= 10 and len(named_up) <= 1
    spare = iter([c for c in range(52) if c not in set(named)])
    nd = [int(c) for c in named_nd] + [next(spare) for _ in range(10 - len(named_nd))]
    de = [int(c) for c in named_d] + [next(spare) for _ in range(10 - len(named_d))]
    up = int(named_up[0]) if named_up else next(spare)
    deck: list[int] = []
    for a, b in zip(nd, de, strict=True):
        deck.extend((a, b))
    deck.append(up)
    deck.extend(int(c) for c in named_stock)
    deck.extend(spare)
    assert sorted(deck) == list(range(52))
    return deck


DEALER = 0
NON_DEALER = 1


def make_hand(
    non_dealer: str,
    dealer: str = "",
    upcard: str = "",
    stock: str = "",
    rules: Rules | None = None,
) -> Hand:
    """A hand dealt by seat 0 (so seat 1 is the non-dealer) from :func:`build_deck`."""
    return Hand(rules or Rules(), DEALER, build_deck(non_dealer, dealer, upcard, stock))


def act(hand: Hand, text: str) -> None:
    hand.apply(Action.parse(text))


def cards_of(hand: Hand, seat: int) -> int:
    return hand.cards(seat).mask


# -- random play -----------------------------------------------------------------------

ENDING = (ActionKind.KNOCK, ActionKind.GIN, ActionKind.BIG_GIN)


def choose(hand: Hand, rng: random.Random) -> Action:
    """A legal action: often a greedy one (so hands reach knocks and gins), else random.

    The greedy choices only steer play; they use the engine's solver, which is checked
    separately against the brute force.
    """
    legal = hand.legal_actions()
    if rng.random() < 0.3:
        return rng.choice(legal)
    enders = [a for a in legal if a.kind in ENDING]
    if enders and rng.random() < 0.5:
        return rng.choice(enders)
    if hand.phase is Phase.DRAW and len(legal) == 2 and hand.top_discard is not None:
        mine = cards_of(hand, hand.to_act)
        with_top = mine | 1 << hand.top_discard
        gain = min(deadwood(with_top & ~(1 << c)) for c in bits(mine)) < deadwood(mine)
        return next(a for a in legal if (a.kind is ActionKind.DRAW_DISCARD) == gain)
    if hand.phase is Phase.DISCARD:
        mine = cards_of(hand, hand.to_act)
        discards = [a for a in legal if a.kind is ActionKind.DISCARD]
        return min(
            discards, key=lambda a: (deadwood(mine & ~(1 << int(a.card or 0))), rng.random())
        )
    return rng.choice(legal)


def play_random(
    hand: Hand, rng: random.Random, visit: Callable[[Hand], None] | None = None
) -> Hand:
    """Play random legal actions to the end, calling ``visit`` on every state (first too)."""
    steps = 0
    while True:
        if visit is not None:
            visit(hand)
        if hand.phase is Phase.OVER:
            return hand
        hand.apply(choose(hand, rng))
        steps += 1
        assert steps < 2000, "a random hand did not end"


def taken_card(hand: Hand) -> int:
    """The card the player to act took from the discard pile this turn, or -1 (from history)."""
    if hand.phase is Phase.DISCARD and hand.history:
        last = hand.history[-1]
        if last.action.kind is ActionKind.DRAW_DISCARD and last.drawn is not None:
            return int(last.drawn)
    return -1


def both_passed(hand: Hand) -> bool:
    """True when the upcard was passed by both players and nothing has been drawn yet."""
    kinds = [r.action.kind for r in hand.history]
    return kinds == [ActionKind.PASS, ActionKind.PASS]


def expected_legal(hand: Hand) -> set[Action]:
    """The legal actions by RULES.md, computed with the brute-force solver."""
    from cardtable.gin.actions import (
        BIG_GIN,
        DISCARDS,
        DRAW_DISCARD,
        DRAW_STOCK,
        GINS,
        KNOCKS,
        PASS,
    )

    if hand.phase is Phase.OVER:
        return set()
    if hand.phase is Phase.OFFER:
        return {DRAW_DISCARD, PASS}
    if hand.phase is Phase.DRAW:
        return {DRAW_STOCK} if both_passed(hand) else {DRAW_STOCK, DRAW_DISCARD}
    mine = cards_of(hand, hand.to_act)
    taken = taken_card(hand)
    result: set[Action] = set()
    for card in bits(mine):
        if card == taken:
            continue
        result.add(DISCARDS[card])
        left = brute_deadwood(mine & ~(1 << card))
        if left == 0:
            result.add(GINS[card])
        elif left <= hand.threshold:
            result.add(KNOCKS[card])
    if hand.rules.big_gin_bonus is not None and brute_deadwood(mine) == 0:
        result.add(BIG_GIN)
    return result


def game_stats(stats: Mapping[str, Any], game: str) -> dict[str, Any]:
    """One game's entry of a player's statistics (``PlayerStats.to_json()``), its own
    figures beside the common ones; a game the player has no match of counts nothing."""
    for entry in stats["games"]:
        if entry["game"] == game:
            common = {k: v for k, v in entry.items() if k not in ("figures", "lines")}
            return {**common, **entry["figures"]}
    return {
        "matches": 0,
        "matches_won": 0,
        "unfinished": 0,
        "hands": 0,
        "accuracy": None,
        "choices": 0,
        "reviewed_matches": 0,
        "recent": [],
    }


# Ray's own deadlines for a node to register are a few seconds: on this 2-core machine under
# the load of a whole suite its raylet can take longer, and ray.init then fails. These give it
# minutes (each is waited for only as long as it takes).
RAY_PATIENCE = {
    "RAY_raylet_start_wait_time_s": "180",
    "RAY_gcs_rpc_server_reconnect_timeout_s": "180",
}


def start_ray() -> None:
    """``ray.init`` for a test: two CPUs, no dashboard, patient with a busy machine."""
    import ray  # the test extra installs it: a missing Ray must fail, not skip

    os.environ.update(RAY_PATIENCE)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
