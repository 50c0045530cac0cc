"""What every game's match shares: a seeded run of deals between two seats.

A match holds its rules, its seed (or the explicit decks of an imported record), the first
dealer, the finished hands and the hand in play. Deal ``n`` (counted from 0 over the whole
match, dead deals included) is shuffled from ``derive_seed(seed, n)`` unless decks are given;
the first dealer of a new match comes from a fair cut of its seed unless named. What a finished
hand means (a score sheet, a game won, the match's end) is the game's: it implements
:meth:`SeededMatch._finish_hand` and :meth:`SeededMatch._reopen`.

>>> from cardtable.cards import derive_seed, shuffled_deck
>>> deck, seed = deal_deck("doc", None, 0)
>>> seed == derive_seed("doc", 0), list(deck) == list(shuffled_deck(seed))
(True, True)
>>> deal_deck(None, [list(range(52))], 1)
Traceback (most recent call last):
...
cardtable.errors.IllegalActionError: no deck was given for deal 2
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any, Generic, Protocol, Self, TypeVar

from cardtable.cards import derive_seed, fair_cut, shuffled_deck
from cardtable.errors import IllegalActionError

__all__ = ["HandLike", "SeededMatch", "deal_deck", "match_seed"]

ActionT = TypeVar("ActionT")
RecordT = TypeVar("RecordT")
RecordT_co = TypeVar("RecordT_co", covariant=True)
RulesT = TypeVar("RulesT")
FinalT = TypeVar("FinalT")


class HandLike(Protocol[ActionT, RecordT_co]):
    """What a match asks of the hand in play."""

    @property
    def dealer(self) -> int: ...

    @property
    def to_act(self) -> int | None: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def history(self) -> Sequence[Any]: ...

    def legal_actions(self) -> list[ActionT]: ...

    def apply(self, action: ActionT, seat: int | None = None) -> RecordT_co: ...

    def undo(self) -> RecordT_co: ...


HandT = TypeVar("HandT", bound=HandLike[Any, Any])


def match_seed(seed: str | int | None, first_dealer: int | None) -> tuple[str, int]:
    """A match's seed as text (random when ``None``) and its first dealer: a fair cut of the
    seed unless named."""
    text = secrets.token_hex(16) if seed is None else str(seed)
    return text, fair_cut(text) if first_dealer is None else first_dealer


def deal_deck(
    seed: str | None, decks: Sequence[Sequence[int]] | None, number: int
) -> tuple[Sequence[int], str | None]:
    """The deck of deal ``number`` (from 0) and the seed it was shuffled from: the given deck
    (no seed) when a match was given explicit decks, else one shuffled from its seed."""
    if decks is not None:
        if number >= len(decks):
            raise IllegalActionError(f"no deck was given for deal {number + 1}")
        return decks[number], None
    assert seed is not None
    deal_seed = derive_seed(seed, number)
    return shuffled_deck(deal_seed), deal_seed


class SeededMatch(Generic[RulesT, HandT, ActionT, RecordT, FinalT]):
    """The part of a match that does not depend on the game (see the module's text)."""

    rules: RulesT
    hands: list[HandT]
    current: HandT
    final: FinalT | None

    def __init__(
        self,
        rules: RulesT,
        first_dealer: int,
        seed: str | None = None,
        decks: Sequence[Sequence[int]] | None = None,
    ) -> None:
        """Checks and stores what every match holds, then lets the game set its own totals
        and deal the first hand (:meth:`_begin`)."""
        if first_dealer not in (0, 1):
            raise IllegalActionError(f"the dealer is seat 0 or 1, not {first_dealer!r}")
        if seed is None and decks is None:
            raise IllegalActionError("a match needs a seed or explicit decks")
        self.rules = rules
        self.seed = seed
        self.first_dealer = first_dealer
        self._decks = None if decks is None else [tuple(d) for d in decks]
        self.hands = []
        self.final = None
        self.current = self._begin()

    @classmethod
    def default_rules(cls) -> RulesT:
        """The rules of a match made by :meth:`new` without rules."""
        raise NotImplementedError

    @classmethod
    def new(
        cls,
        rules: RulesT | None = None,
        seed: str | int | None = None,
        first_dealer: int | None = None,
    ) -> Self:
        """A match from a seed (random when ``None``); the first dealer by a fair cut unless
        named."""
        text, dealer = match_seed(seed, first_dealer)
        return cls(cls.default_rules() if rules is None else rules, dealer, seed=text)

    def _next_deck(self) -> tuple[Sequence[int], str | None]:
        """The deck of the next deal and its seed (see :func:`deal_deck`)."""
        return deal_deck(self.seed, self._decks, len(self.hands))

    @property
    def is_over(self) -> bool:
        return self.final is not None

    def dealt(self) -> list[HandT]:
        """Every hand dealt so far, in order: the finished ones, then the one in play."""
        return [*self.hands] if self.is_over else [*self.hands, self.current]

    @property
    def deal_number(self) -> int:
        """How many deals so far, dead ones included, counting the one in play."""
        return len(self.hands) + (0 if self.is_over else 1)

    @property
    def dealer(self) -> int:
        return self.current.dealer

    @property
    def to_act(self) -> int | None:
        return None if self.is_over else self.current.to_act

    def legal_actions(self) -> list[ActionT]:
        if self.is_over:
            return []
        actions: list[ActionT] = self.current.legal_actions()
        return actions

    def apply(self, action: ActionT, seat: int | None = None) -> RecordT:
        """Apply an action to the hand in play; a finished hand goes to the game's
        :meth:`_finish_hand` (which deals the next one or ends the match)."""
        if self.is_over:
            raise IllegalActionError("the match is over")
        record: RecordT = self.current.apply(action, seat)
        if self.current.is_over:
            self._finish_hand()
        return record

    def undo(self) -> RecordT:
        """Take back the last action of the match (see the hand's ``undo``): an action that
        ended a hand takes back the next deal too, and what the game scored for that hand
        (:meth:`_reopen`).

        Raises :class:`~cardtable.errors.IllegalActionError` before the first action."""
        if self.final is None and self.current.history:
            record: RecordT = self.current.undo()
            return record
        if not self.hands:
            raise IllegalActionError("nothing to undo: no action has been played in the match")
        # The last action ended a hand: drop the deal that followed it (none once the match
        # is over, when the hand in play is the last one) and reopen that hand.
        ended = self.hands.pop()
        self.current = ended
        self.final = None
        self._reopen(ended)
        reopened: RecordT = ended.undo()
        return reopened

    def _begin(self) -> HandT:
        """Set the game's totals for a new match and deal its first hand."""
        raise NotImplementedError

    def _finish_hand(self) -> None:
        """Score the hand in play, which has just ended, and deal the next or end the match."""
        raise NotImplementedError

    def _reopen(self, ended: HandT) -> None:
        """Take back what :meth:`_finish_hand` scored for ``ended``."""
        raise NotImplementedError
