"""Test agents that try to learn the deal from everything they are handed (issue 13).

:class:`SeedInverter` plays like the simple player, except that it tries to work out the deal:

* from its seed, by brute force over guessable run seeds (``0`` to ``99`` and a few words)
  and deal numbers, under the simulator's old derivation (``sha256("ginrummy-player:{run}:
  {deal}:{who}")`` with game seeds ``"{run}:{deal}"``, run seed ``"0"`` by default) and under
  today's (HMAC keyed by the run seed), which a guessable seed gives away just the same;
* from its observation: anything in it that looks like a seed is tried as one.

When it knows the hand's deal it knows the stock, and uses it: it draws from the stock when
the card on top helps more than the discard. :class:`PeekingInverter` also looks for the
engine's live hands among the objects of its own process (``gc``), which works in the
evaluator's process and in no other.

What they learn goes, one JSON object a line, to the file named by ``$INVERTER_LOG`` (a test
sets it; the agent's process, spawned, inherits it): ``built`` (its seed, whether it was
recovered), ``hand`` (whether it knew the hand's deal: it then matched the dealt cards in
full), ``draw`` (a stock card predicted before drawing it: whether the deal was known, the
prediction right, and the chance of a blind guess being right).
"""

from __future__ import annotations

import functools
import gc
import hashlib
import json
import os
import re
from typing import Any

from cardtable.cards import derive_seed
from cardtable.gin.actions import DRAW_DISCARD, DRAW_STOCK, Action
from cardtable.gin.deal import Deal, deal_from_seed
from cardtable.gin.hand import Hand, Observation, Phase
from cardtable.gin.melds import deadwood
from cardtable.gin.players.simple import SimplePlayer
from cardtable.sim.seeds import deal_seed, player_seed

LOG = "INVERTER_LOG"
GUESSED_RUNS = (*(str(run) for run in range(100)), "s", "doc", "seed", "test")
GUESSED_DEALS = range(64)
HANDS = 40  # hands of a match tried when matching a deal to the cards held
SEED_LIKE = re.compile(r"[0-9a-f]{16,}|[\w.-]+:\d+")


def old_player_seed(game_seed: str, who: int) -> int:
    """The simulator's player seeds before issue 13."""
    digest = hashlib.sha256(f"ginrummy-player:{game_seed}:{who}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


@functools.cache
def seed_book() -> dict[int, str]:
    """Every player seed the inverter can explain, and the match seed it gives away."""
    book: dict[int, str] = {}
    for run in GUESSED_RUNS:
        for deal in GUESSED_DEALS:
            for who in (0, 1):
                book[old_player_seed(f"{run}:{deal}", who)] = f"{run}:{deal}"
                book[player_seed(run, deal, who)] = deal_seed(run, deal)
    return book


def log(event: str, **data: Any) -> None:
    path = os.environ.get(LOG)
    if path:
        with open(path, "a", encoding="utf-8") as handle:
            handle.write(json.dumps({"event": event, "pid": os.getpid(), **data}) + "\n")


def read_log(path: str | os.PathLike[str]) -> list[dict[str, Any]]:
    with open(path, encoding="utf-8") as handle:
        return [json.loads(line) for line in handle]


def _best_after(hand: int, card: int, keep: int | None) -> int:
    """The least deadwood after adding ``card`` and discarding another (not ``keep``)."""
    cards = hand | 1 << card
    return min(deadwood(cards ^ 1 << c) for c in range(52) if cards >> c & 1 and c != keep)


class SeedInverter:
    """The simple player, plus whatever it can learn of the deal (module docstring)."""

    name = "inverter"
    peeks = False

    def __init__(self, seed: int) -> None:
        self._simple = SimplePlayer(seed)
        self.match_seed = seed_book().get(seed)
        self._key: tuple[object, ...] | None = None
        self._deal: Deal | None = None
        self._pending: tuple[int, int, bool, float] | None = None  # guess, hand, known, chance
        log("built", seed=seed, recovered=self.match_seed is not None)

    def act(self, observation: Observation) -> Action:
        self._check_draw(observation)
        deal = self._deal_of(observation)
        if observation.phase is not Phase.DRAW or DRAW_STOCK not in observation.legal_actions():
            return self._simple.act(observation)
        unseen = [int(c) for c in observation.unseen]
        if deal is not None:
            guess = int(deal.stock[len(deal.stock) - observation.stock_count])
        else:
            guess = min(unseen)  # blind: right once in len(unseen) on a shuffled stock
        action = self._simple.act(observation)
        top = observation.top_discard
        if deal is not None and top is not None and DRAW_DISCARD in observation.legal_actions():
            hand = observation.hand.mask
            stock = _best_after(hand, guess, None)
            take = _best_after(hand, int(top), int(top))
            action = DRAW_DISCARD if take < stock else DRAW_STOCK
        if action == DRAW_STOCK:
            chance = 1 / len(unseen)
            self._pending = (guess, observation.hand.mask, deal is not None, chance)
        return action

    def _check_draw(self, observation: Observation) -> None:
        """After drawing from the stock: was the card the one predicted?"""
        if self._pending is None:
            return
        guess, before, known, chance = self._pending
        self._pending = None
        drawn = observation.hand.mask & ~before
        if drawn.bit_count() == 1:
            log("draw", known=known, hit=drawn == 1 << guess, chance=chance)

    def _deal_of(self, observation: Observation) -> Deal | None:
        """The deal of the hand in play, if the inverter can tell; looked for at its first
        decision in each hand, when it still holds the cards it was dealt."""
        key = (observation.dealer, observation.upcard, observation.scores)
        if key == self._key:
            return self._deal
        self._key = key
        self._deal = None
        tried: list[str] = [] if self.match_seed is None else [self.match_seed]
        tried += SEED_LIKE.findall(repr(observation))
        for match_seed in tried:
            # A match seed shuffles hand n from derive_seed(seed, n); a hand's own seed, itself.
            for hand_seed in (*(derive_seed(match_seed, n) for n in range(HANDS)), match_seed):
                self._deal = self._fits(hand_seed, observation)
                if self._deal is not None:
                    break
            if self._deal is not None:
                break
        if self._deal is None and self.peeks:
            self._deal = self._peek(observation)
        log("hand", known=self._deal is not None)
        return self._deal

    @staticmethod
    def _fits(hand_seed: str, observation: Observation) -> Deal | None:
        deal = deal_from_seed(hand_seed)
        if deal.upcard != observation.upcard:
            return None
        held = deal.hand_of(observation.seat, observation.dealer)
        return deal if held == observation.hand else None

    def _peek(self, observation: Observation) -> Deal | None:
        """The deal of a live hand of the engine in this process whose seat holds our cards."""
        hands = [h for h in gc.get_objects() if _is_hand(h)]
        log("peek", hands=len(hands))
        for hand in hands:
            if not hand.is_over and hand.seed is not None:
                deal = self._fits(hand.seed, observation)
                if deal is not None:
                    return deal
        return None


def _is_hand(thing: object) -> bool:
    """Whether an object the collector tracks is an engine hand. A weak proxy whose object is
    gone (another test's, in this worker) raises on any question, isinstance included."""
    try:
        return isinstance(thing, Hand)
    except ReferenceError:
        return False


class PeekingInverter(SeedInverter):
    """The inverter that also reads the engine's objects in its own process."""

    name = "peeking inverter"
    peeks = True


def honest(seed: int) -> SimplePlayer:
    """The simple player the inverters are built on, for comparison."""
    return SimplePlayer(seed)
