"""One deal of Cribbage: laying away, the starter, the play and the show (CRIBBAGE.md 1 to 3).

A hand moves through explicit phases. :meth:`Hand.apply` either refuses an action, raising
:class:`~cardtable.errors.IllegalActionError` that names the rule and changing nothing, or
applies it and returns an :class:`ActionRecord` listing every point it caused, those scored
automatically after it included (his heels, the last card, the show when nobody states it).
The hand stops the moment a player reaches the target, wherever that happens; the scoring
that reaches it counts in full (a fifteen and a pair from 119 make 123: CRIBBAGE.md 4).

Both players lay away at the same time: in the ``discard`` phase either seat may act first
(:meth:`Hand.may_act`); :attr:`Hand.to_act` names the non-dealer until it has laid away, the
order a table with a computer plays them in.

>>> from cardtable.cards import shuffled_deck
>>> from cardtable.cribbage.rules import Rules
>>> hand = Hand(Rules(), dealer=0, deck=shuffled_deck("doc"), pegs=(0, 0))
>>> hand.phase, hand.to_act, len(hand.legal_actions())
(<Phase.DISCARD: 'discard'>, 1, 15)
>>> import random
>>> rng = random.Random(1)
>>> while not hand.is_over:
...     _ = hand.apply(rng.choice(hand.legal_actions()))
>>> [show.kind for show in hand.shows]
['hand', 'hand', 'crib']
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from itertools import combinations
from typing import Any, Final

from cardtable.cards import CARDS, VALUES, Card, CardSet
from cardtable.cribbage.actions import (
    ACCEPT,
    DISCARD_ACTIONS,
    GO,
    MUGGINS,
    PLAY_ACTIONS,
    Action,
    ActionKind,
)
from cardtable.cribbage.rules import Rules
from cardtable.cribbage.score import JACK, ShowScore, show_score, show_total
from cardtable.errors import IllegalActionError

__all__ = [
    "STARTER_INDEX",
    "ActionRecord",
    "Hand",
    "Observation",
    "Phase",
    "Play",
    "Score",
    "ShowRecord",
    "dealt_cards",
]


class Phase(enum.Enum):
    """Where a hand stands. ``count`` and ``answer`` happen only with muggins on: the owner
    states a show's points (final: any number a show may hold), then the opponent calls
    muggins or accepts, and only then is the show pegged."""

    DISCARD = "discard"
    PLAY = "play"
    COUNT = "count"
    ANSWER = "answer"
    DONE = "done"


# The phases and action kinds as module constants: reading ``Phase.PLAY`` costs ten times a
# global's (an enum's members are found through its class, Python 3.11), and the play reads
# them at every move.
_DISCARD, _PLAY, _COUNT, _ANSWER, _DONE = (
    Phase.DISCARD,
    Phase.PLAY,
    Phase.COUNT,
    Phase.ANSWER,
    Phase.DONE,
)
_DISCARD_KIND, _PLAY_KIND, _GO_KIND = ActionKind.DISCARD, ActionKind.PLAY, ActionKind.GO
_COUNT_KIND, _MUGGINS_KIND, _ACCEPT_KIND = ActionKind.COUNT, ActionKind.MUGGINS, ActionKind.ACCEPT


@dataclass(frozen=True, slots=True)
class Score:
    """Points pegged by one seat, and why (``"fifteen"``, ``"pair"``, ``"run of 4"``, ``"31"``,
    ``"go"``, ``"last card"``, ``"his heels"``, ``"hand"``, ``"crib"``, ``"muggins"``)."""

    seat: int
    points: int
    reason: str

    def __str__(self) -> str:
        return f"{self.reason} {self.points}"

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "points": self.points, "reason": self.reason}


@dataclass(frozen=True, slots=True)
class ActionRecord:
    """An applied action and every point it led to, in the order they were pegged."""

    seat: int
    action: Action
    scores: tuple[Score, ...]

    def __str__(self) -> str:
        return f"{self.seat} {self.action}"


@dataclass(frozen=True, slots=True)
class Play:
    """One card played in the play: who played it and the count it made."""

    seat: int
    card: Card
    count: int


@dataclass(frozen=True)
class ShowRecord:
    """A hand or crib counted in the show: its cards, its true total and, with muggins, what
    was stated, whether the opponent ``called`` muggins on it and what that took
    (``muggins``: the points missed by a statement too low, or the excess of one too high;
    nothing when the owner's own points had already won the game). The itemised
    :attr:`score` is worked out when first asked for: the play itself needs only the total."""

    seat: int
    kind: str  # "hand" or "crib"
    cards: tuple[Card, ...]
    starter: Card
    total: int
    stated: int | None = None
    muggins: int = 0
    called: bool = False

    @classmethod
    def of(cls, seat: int, kind: str, cards: tuple[Card, ...], starter: Card) -> ShowRecord:
        return cls(seat, kind, cards, starter, show_total(cards, starter, crib=kind == "crib"))

    @cached_property
    def score(self) -> ShowScore:
        return show_score(self.cards, self.starter, crib=self.kind == "crib")

    @property
    def pegged(self) -> int:
        """What the owner pegged (or pegs, once answered): the true total without muggins;
        with it the stated points, unless they were too many and the opponent called muggins
        (then the owner is put back to the true total)."""
        if self.stated is None or (self.stated > self.total and self.called):
            return self.total
        return self.stated

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "score": self.score.to_dict(),
            "stated": self.stated,
            "muggins": self.muggins,
            "called": self.called,
            "pegged": self.pegged,
        }


_PAIR_NAMES: Final = {2: "pair", 6: "pair royal", 12: "double pair royal"}
NON_DEALER_FIRST: Final = "non-dealer"
MAX_SHOW: Final = 29  # the most a hand or crib can hold (CRIBBAGE.md 3): the largest statement
# Every statement a show may be given, the same for every show: the list tells nothing of
# what the show holds (a list ending at the true total would tell its owner the count).
_STATEMENTS: Final = tuple(Action.count(points) for points in range(MAX_SHOW + 1))


class Hand:
    """One deal: six cards each from ``deck`` (non-dealer first), the starter ``deck[12]``."""

    def __init__(
        self,
        rules: Rules,
        dealer: int,
        deck: Sequence[int],
        pegs: tuple[int, int],
        seed: str | None = None,
    ) -> None:
        if dealer not in (0, 1):
            raise IllegalActionError(f"the dealer is seat 0 or 1, not {dealer!r}")
        if sorted(deck) != _WHOLE_DECK:
            raise IllegalActionError("a deck is the 52 cards, each once")
        self._deal(rules, dealer, tuple(deck), pegs, seed)

    @classmethod
    def shuffled(
        cls, rules: Rules, dealer: int, deck: tuple[int, ...], pegs: tuple[int, int], seed: str
    ) -> Hand:
        """The hand a match deals from ``deck``, shuffled from ``seed`` by
        :func:`~cardtable.cards.shuffled_deck` and so the 52 cards already: the checks of
        the constructor are left out (a match deals a dozen hands a game)."""
        hand = object.__new__(cls)
        hand._deal(rules, dealer, deck, pegs, seed)
        return hand

    def _deal(
        self,
        rules: Rules,
        dealer: int,
        deck: tuple[int, ...],
        pegs: tuple[int, int],
        seed: str | None,
    ) -> None:
        self.rules = rules
        self.dealer = dealer
        self._deck = deck
        self.seed = seed
        non_dealer = 1 - dealer
        first = sorted(map(CARDS.__getitem__, deck[0:12:2]))
        second = sorted(map(CARDS.__getitem__, deck[1:12:2]))
        if non_dealer == 1:
            first, second = second, first
        self._sorted_dealt = (tuple(first), tuple(second))
        self.cards: list[list[Card]] = [first, second]
        self.laid_away: list[tuple[Card, ...]] = [(), ()]
        self._kept: list[tuple[Card, ...]] = [(), ()]  # what kept() gives, by seat
        self.starter: Card | None = None
        self.start_pegs = pegs
        self.pegs = list(pegs)
        self.phase = _DISCARD
        self.plays: list[Play] = []
        self.count_start = 0  # index in plays where the current count began
        self.count = 0
        self.said_go = [False, False]
        self.turn = non_dealer
        self.shows: list[ShowRecord] = []
        self.winner: int | None = None
        self.history: list[ActionRecord] = []

    @property
    def deck(self) -> tuple[Card, ...]:
        """The 52 cards in dealt order (made when asked: a hand reads only 13 of them)."""
        return tuple(map(CARDS.__getitem__, self._deck))

    @property
    def dealt(self) -> tuple[CardSet, CardSet]:
        """Both seats' six cards dealt, by seat (made when asked: the play needs none)."""
        first, second = self._sorted_dealt
        return CardSet.from_mask(_mask(first)), CardSet.from_mask(_mask(second))

    @property
    def non_dealer(self) -> int:
        return 1 - self.dealer

    @property
    def is_over(self) -> bool:
        return self.phase is _DONE

    @property
    def crib(self) -> tuple[Card, ...]:
        """The four crib cards once both have laid away (sorted)."""
        return tuple(sorted(self.laid_away[0] + self.laid_away[1]))

    def kept(self, seat: int) -> tuple[Card, ...]:
        """The four cards a seat kept (played or not), once it has laid away."""
        return self._kept[seat]

    @property
    def count_cards(self) -> tuple[Play, ...]:
        """The plays of the current count, in order."""
        return tuple(self.plays[self.count_start :])

    @property
    def to_act(self) -> int | None:
        """The seat whose action the hand waits for. In the lay-away both may act (see
        :meth:`may_act`): this names the non-dealer until it has laid away, then the dealer."""
        phase = self.phase
        if phase is _DISCARD:
            return self.non_dealer if not self.laid_away[self.non_dealer] else self.dealer
        if phase is _PLAY:
            return self.turn
        if phase is _COUNT:
            return self._show_order()[len(self.shows)][0]
        if phase is _ANSWER:
            return 1 - self.shows[-1].seat
        return None

    def _show_order(self) -> tuple[tuple[int, str], ...]:
        return _SHOW_ORDERS[self.dealer]

    def _can_play(self, seat: int) -> bool:
        return _fits(self.cards[seat], 31 - self.count)

    def may_act(self, seat: int) -> bool:
        """Whether ``seat`` may act now: in the lay-away each seat until it has laid away
        (both lay away at the same time, either first: CRIBBAGE.md 1), else the seat to act."""
        if self.phase is _DISCARD:
            return seat in (0, 1) and not self.laid_away[seat]
        return seat == self.to_act

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """The legal actions of ``seat`` (the seat to act when ``None``); none when it may
        not act now."""
        phase = self.phase
        if phase is _PLAY:  # the most asked: first, and reading only what it needs
            turn = self.turn
            if seat is not None and seat != turn:
                return []
            room = 31 - self.count
            plays = [PLAY_ACTIONS[c] for c in self.cards[turn] if VALUES[c] <= room]
            return plays or [GO]
        actor = self.to_act if seat is None else seat
        if actor is None or not self.may_act(actor):
            return []
        if phase is _DISCARD:
            held = self.cards[actor]
            if len(held) == 6:  # always, spelt out: five times quicker than combinations()
                a, b, c, d, e, f = held
                rows = _DISCARD_ROWS
                ra, rb, rc, rd, re = rows[a], rows[b], rows[c], rows[d], rows[e]
                pairs = [ra[b], ra[c], ra[d], ra[e], ra[f], rb[c], rb[d], rb[e]]
                pairs += (rb[f], rc[d], rc[e], rc[f], rd[e], rd[f], re[f])
                return pairs
            return [Action.discard(a, b) for a, b in combinations(held, 2)]
        if phase is _COUNT:
            return list(_STATEMENTS)
        return [MUGGINS, ACCEPT]

    def counting(self) -> tuple[Card, ...]:
        """The hand or crib being counted now with muggins on, face up on the table."""
        if self.phase is _ANSWER:
            return self.shows[-1].cards
        if self.phase is not _COUNT or len(self.shows) >= 3:
            return ()
        seat, kind = self._show_order()[len(self.shows)]
        return self.crib if kind == "crib" else self.kept(seat)

    def _show_of(self, seat: int, kind: str) -> ShowRecord:
        assert self.starter is not None
        cards = self.crib if kind == "crib" else self.kept(seat)
        return ShowRecord.of(seat, kind, cards, self.starter)

    def _actor(self, seat: int | None) -> int:
        """Who acts: ``seat`` if it may (the seat to act when ``None``), else refused."""
        actor = self.to_act
        if actor is None:
            raise IllegalActionError("the hand is over")
        if seat is None or seat == actor:
            return actor
        if self.phase is _DISCARD:
            if seat not in (0, 1):
                raise IllegalActionError(f"a seat is 0 or 1, not {seat!r}")
            if self.laid_away[seat]:
                raise IllegalActionError("you have laid away your two cards already")
            return seat
        raise IllegalActionError(f"it is seat {actor}'s turn, not seat {seat}'s")

    def verify(self, action: Action, seat: int | None = None) -> None:
        """Raise :class:`IllegalActionError` naming the broken rule if ``action`` is illegal."""
        actor = self._actor(seat)
        kind = action.kind
        phase = self.phase
        if phase is _DISCARD:
            if kind is not _DISCARD_KIND:
                raise IllegalActionError("first each player lays away two cards to the crib")
            for card in action.cards:
                if card not in self.cards[actor]:
                    raise IllegalActionError(f"{card} is not in your hand")
        elif phase is _PLAY:
            self._verify_play(action, actor)
        elif phase is _COUNT:
            if kind is not _COUNT_KIND or action.points is None:
                raise IllegalActionError("state the points of your show: count N")
            # Any number a show may hold is a statement (too many is the opponent's to call):
            # refusing one above the truth would tell the stater the count.
            if action.points > MAX_SHOW:
                raise IllegalActionError(
                    f"a hand or crib holds at most {MAX_SHOW} points, not {action.points}"
                )
        elif kind not in (_MUGGINS_KIND, _ACCEPT_KIND):
            raise IllegalActionError("call muggins or accept the count")

    def _verify_play(self, action: Action, seat: int) -> None:
        if action.kind is _GO_KIND:
            if self._can_play(seat):
                raise IllegalActionError(
                    "you hold a card that keeps the count at 31 or less: you must play it"
                )
            return
        if action.kind is not _PLAY_KIND:
            raise IllegalActionError("in the play you play a card or say go")
        card = action.cards[0]
        if card not in self.cards[seat]:
            raise IllegalActionError(f"{card} is not in your hand")
        if self.count + VALUES[card] > 31:
            raise IllegalActionError(
                f"{card} would make the count {self.count + VALUES[card]}: it may not pass 31"
            )

    def apply(self, action: Action, seat: int | None = None) -> ActionRecord:
        """Apply ``seat``'s action (the seat to act when ``None``), or refuse it unchanged."""
        # Fast paths for the actions of the lay-away and the play, taken only where the
        # action is certainly legal (what verify would pass): anything else, legal or not,
        # goes the general way below, which names the broken rule.
        phase = self.phase
        kind = action.kind
        scores: list[Score]
        if phase is _PLAY:
            actor = self.turn
            if seat is None or seat == actor:
                if kind is _PLAY_KIND:
                    card = action.cards[0]
                    if (
                        card in self.cards[actor]
                        and self.count + VALUES[card] <= 31
                        and PLAY_ACTIONS[card] is action  # a Card: the shared records fit
                    ):
                        scores = []
                        self._play(actor, card, scores)
                        record = (
                            ActionRecord(actor, action, tuple(scores))
                            if scores
                            else _QUIET_PLAYS[actor * 52 + card]
                        )
                        self.history.append(record)
                        return record
                elif kind is _GO_KIND and not _fits(self.cards[actor], 31 - self.count):
                    scores = []
                    self.said_go[actor] = True
                    self.turn = 1 - actor
                    self._advance_play(scores)
                    record = (
                        ActionRecord(actor, action, tuple(scores))
                        if scores or action is not GO
                        else _QUIET_GOS[actor]
                    )
                    self.history.append(record)
                    return record
        elif phase is _DISCARD and kind is _DISCARD_KIND:
            laid = self.laid_away
            dealer = self.dealer
            to_act = 1 - dealer if not laid[1 - dealer] else dealer
            actor = to_act if seat is None or seat == to_act else seat
            cards = action.cards
            held = self.cards[actor] if actor == to_act or seat in (0, 1) else ()
            if (
                len(cards) == 2
                and cards[0] in held
                and cards[1] in held
                and (actor == to_act or not laid[actor])
            ):
                scores = []
                self._lay_away(actor, action.cards, scores)
                record = ActionRecord(actor, action, tuple(scores))
                self.history.append(record)
                return record
        return self._apply_checked(action, seat)

    def _apply_checked(self, action: Action, seat: int | None) -> ActionRecord:
        """:meth:`apply` the general way: the action checked by :meth:`verify` (which names
        the broken rule), then applied."""
        self.verify(action, seat)
        actor = self._actor(seat)
        kind = action.kind
        scores: list[Score] = []
        if kind is _DISCARD_KIND:
            self._lay_away(actor, action.cards, scores)
        elif kind is _PLAY_KIND:
            self._play(actor, action.cards[0], scores)
        elif kind is _GO_KIND:
            self.said_go[actor] = True
            self.turn = 1 - actor
            self._advance_play(scores)
        elif kind is _COUNT_KIND:
            assert action.points is not None
            self._state_count(actor, action.points, scores)
        else:
            self._answer(actor, kind is _MUGGINS_KIND, scores)
        record = ActionRecord(actor, action, tuple(scores))
        self.history.append(record)
        return record

    def _peg(self, seat: int, points: int, reason: str, scores: list[Score]) -> None:
        self._peg_all(seat, ((points, reason),), scores)

    def _peg_score(self, score: Score, scores: list[Score]) -> None:
        """:meth:`_peg` of one score of the shared ones (its points above 0)."""
        if self.phase is _DONE:
            return
        seat = score.seat
        self.pegs[seat] += score.points
        scores.append(score)
        if self.pegs[seat] >= self.rules.target:
            self.winner = seat
            self.phase = _DONE

    def _peg_all(self, seat: int, items: Sequence[tuple[int, str]], scores: list[Score]) -> None:
        """Peg the points one event scores for ``seat`` (a card's fifteen, pair and run
        together), all of them even past the target: the event that reaches it counts in
        full, and the hand ends after it (nothing later is pegged)."""
        if self.phase is _DONE:
            return
        for points, reason in items:
            if points > 0:
                self.pegs[seat] += points
                scores.append(Score(seat, points, reason))
        if self.pegs[seat] >= self.rules.target:
            self.winner = seat
            self.phase = _DONE

    def _lay_away(self, seat: int, cards: tuple[Card, ...], scores: list[Score]) -> None:
        self.laid_away[seat] = cards
        held = self.cards[seat] = [c for c in self.cards[seat] if c not in cards]
        self._kept[seat] = tuple(held) if cards else ()  # kept() is () until laid away
        if not (self.laid_away[0] and self.laid_away[1]):
            return
        starter = self.starter = CARDS[self._deck[STARTER_INDEX]]
        self.phase = _PLAY
        if starter % 13 == JACK:
            self._peg_score(_HEELS[self.dealer], scores)
        if self.phase is _PLAY:
            self._advance_play(scores)

    def _play(self, seat: int, card: Card, scores: list[Score]) -> None:
        """Play ``card`` (legal) and peg what it makes: a fifteen or 31, then a pair (the
        cards of its rank at the end of the count), then a run (the longest run the last
        cards of the count make): :func:`~cardtable.cribbage.score.peg_counts`, worked on
        the plays in place."""
        self.cards[seat].remove(card)
        count = self.count = self.count + VALUES[card]
        plays = self.plays
        plays.append(_PLAYED[(seat * 52 + card) * 32 + count])
        points = 0
        if count == 15:
            scores.append(_FIFTEEN[seat])
            points = 2
        elif count == 31:
            scores.append(_THIRTY_ONE[seat])
            points = 2
        start = self.count_start
        index = len(plays) - 2  # the card before this one
        if index >= start:
            rank = card % 13
            before = plays[index].card % 13
            if before == rank:
                same = 2
                index -= 1
                while index >= start and plays[index].card % 13 == rank:
                    same += 1
                    index -= 1
                score = _PAIRS[seat][same - 2]
                scores.append(score)
                points += score.points
            elif index > start:  # a run needs three cards, of different ranks
                seen = 1 << rank | 1 << before
                low, high = (rank, before) if rank < before else (before, rank)
                run = 0
                length = 2
                index -= 1
                while index >= start:
                    other = plays[index].card % 13
                    bit = 1 << other
                    if seen & bit:
                        break  # a repeated rank: no longer window is a run
                    seen |= bit
                    length += 1
                    if other < low:
                        low = other
                    elif other > high:
                        high = other
                    if high - low == length - 1:
                        run = length
                    index -= 1
                if run:
                    score = _RUNS[seat][run]
                    scores.append(score)
                    points += run
        other = self.turn = 1 - seat
        pegs = self.pegs
        pegs[seat] += points
        if pegs[seat] >= self.rules.target:
            self.winner = seat
            self.phase = _DONE
            return
        # Most often the other seat can play on: the play waits for it (what _advance_play
        # finds first, here without the call).
        room = 31 - count
        if room:
            for held in self.cards[other]:
                if VALUES[held] <= room:
                    return
        self._advance_play(scores)

    def _advance_play(self, scores: list[Score]) -> None:
        """Move the play on past everything nobody chooses: skipped seats, the end of a count
        (its go or last-card point) and, once all cards are out, into the show."""
        cards = self.cards
        while self.phase is _PLAY:
            seat = self.turn
            room = 31 - self.count
            mine = cards[seat]
            can_play = _fits(mine, room)
            if not room or not (can_play or _fits(cards[1 - seat], room)):
                self._end_count(scores)
                continue
            if can_play:
                return
            if mine and not self.said_go[seat]:
                return  # the seat must say go
            self.turn = 1 - seat

    def _end_count(self, scores: list[Score]) -> None:
        last = self.plays[-1].seat
        out = not (self.cards[0] or self.cards[1])
        if self.count != 31:
            self._peg_score(_LAST_CARD[last] if out else _GO[last], scores)
        if self.phase is not _PLAY:
            return
        if out:
            self._start_show(scores)
            return
        self.count = 0
        self.count_start = len(self.plays)
        self.said_go = [False, False]
        # The player who did not play the last card leads, unless they have no cards left.
        self.turn = 1 - last if self.cards[1 - last] else last

    def _start_show(self, scores: list[Score]) -> None:
        if self.rules.muggins:
            self.phase = _COUNT
            return
        self.phase = _COUNT  # counted at once, in order, until someone wins
        starter = self.starter
        assert starter is not None
        pegs = self.pegs
        target = self.rules.target
        for seat, kind in _SHOW_ORDERS[self.dealer]:
            crib = kind == "crib"
            cards = self.crib if crib else self._kept[seat]
            total = show_total(cards, starter, crib)
            self.shows.append(_show_record(seat, kind, cards, starter, total))
            if total:
                pegs[seat] += total
                scores.append(_SHOWS[seat][crib][total])
            if pegs[seat] >= target:
                self.winner = seat
                self.phase = _DONE
                return
        self.phase = _DONE

    def _state_count(self, seat: int, points: int, scores: list[Score]) -> None:
        """A statement is final and pegs nothing yet: the opponent answers it first (pegging
        it now would let a statement too high win the game before it could be called)."""
        kind = self._show_order()[len(self.shows)][1]
        self.shows.append(replace(self._show_of(seat, kind), stated=points))
        self.phase = _ANSWER

    def _answer(self, seat: int, muggins: bool, scores: list[Score]) -> None:
        """Peg the statement as answered (CRIBBAGE.md 4). Accepted, it stands as stated.
        Called: a statement too low pegs as stated and the caller takes what was missed; one
        too high pegs the true total and the caller takes the excess. The owner pegs first
        (the show is theirs): if that wins the game, nothing more is pegged."""
        shown = self.shows[-1] = replace(self.shows[-1], called=muggins)
        assert shown.stated is not None
        self._peg(shown.seat, shown.pegged, shown.kind, scores)
        if muggins and self.phase is not _DONE:
            taken = abs(shown.total - shown.stated)
            self.shows[-1] = replace(shown, muggins=taken)
            self._peg(seat, taken, "muggins", scores)
        if self.phase is _DONE:
            return
        self.phase = _DONE if len(self.shows) == 3 else _COUNT

    def undo(self) -> ActionRecord:
        """Take back the last action exactly and return its record: the hand is then the hand
        it was before the action. Raise :class:`~cardtable.errors.IllegalActionError` when no
        action is left to take back.

        The hand is dealt again from its deck and pegs and the history replayed but the last
        record: one action moves a hand on past everything nobody chooses (the end of a
        count, its go, the show), and a deal is some twenty actions, so reading the history
        back costs little and cannot disagree with :meth:`apply`.

        >>> from cardtable.cards import shuffled_deck
        >>> hand = Hand(Rules(), dealer=0, deck=shuffled_deck("undo-doc"), pegs=(0, 0))
        >>> _ = hand.apply(hand.legal_actions()[0])
        >>> str(hand.undo()), hand.history, hand.to_act
        ('1 discard 9H 9D', [], 1)
        >>> hand.undo()
        Traceback (most recent call last):
        ...
        cardtable.errors.IllegalActionError: nothing to undo: no action has been played in this hand
        """
        if not self.history:
            raise IllegalActionError("nothing to undo: no action has been played in this hand")
        record = self.history[-1]
        before = Hand(self.rules, self.dealer, self.deck, self.start_pegs, self.seed)
        for past in self.history[:-1]:
            before.apply(past.action, past.seat)
        self.__dict__.update(before.__dict__)
        return record

    def copy(self) -> Hand:
        """An independent copy (the deck, the deal and finished records are shared)."""
        new = object.__new__(Hand)
        new.__dict__.update(self.__dict__)
        new.cards = [list(self.cards[0]), list(self.cards[1])]
        new.laid_away = list(self.laid_away)
        new._kept = list(self._kept)
        new.pegs = list(self.pegs)
        new.plays = list(self.plays)
        new.said_go = list(self.said_go)
        new.shows = list(self.shows)
        new.history = list(self.history)
        return new

    def check_invariants(self) -> None:
        """Raise :class:`AssertionError` if the state is inconsistent (used by the tests)."""
        for seat in (0, 1):
            held = set(self.cards[seat]) | set(self.laid_away[seat])
            played = {p.card for p in self.plays if p.seat == seat}
            assert held | played == set(self.dealt[seat]), seat
            assert not held & played
            assert len(self.cards[seat]) + len(played) == (4 if self.laid_away[seat] else 6)
        assert self.count == sum(VALUES[p.card] for p in self.count_cards) <= 31
        assert sum(self.pegs) - sum(self.start_pegs) == sum(
            s.points for r in self.history for s in r.scores
        )

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know: its own cards and crib cards, everything played and shown,
        the starter once turned, the count and the scores; never the opponent's hand, the
        other half of the crib before the show, or the deck."""
        if seat not in (0, 1):
            raise IllegalActionError(f"a seat is 0 or 1, not {seat!r}")
        to_act = self.to_act
        return Observation(
            seat=seat,
            dealer=self.dealer,
            phase=self.phase,
            to_act=to_act,
            hand=tuple(self.cards[seat]),
            dealt=self._sorted_dealt[seat],
            laid_away=self.laid_away[seat],
            starter=self.starter,
            plays=tuple(self.plays),
            count=self.count,
            count_start=self.count_start,
            said_go=(self.said_go[0], self.said_go[1]),
            opponent_cards=len(self.cards[1 - seat]),
            opponent_laid_away=bool(self.laid_away[1 - seat]),
            pegs=(self.pegs[0], self.pegs[1]),
            target=self.rules.target,
            shows=tuple(self.shows),
            counting=self.counting(),
            legal=tuple(self.legal_actions(seat)),
        )


STARTER_INDEX: Final = 12  # the starter is the top card of the rest of the deck
_WHOLE_DECK: Final = list(range(52))
# The lay-away actions by first card, then second (DISCARD_ACTIONS row by row).
_DISCARD_ROWS: Final = tuple(DISCARD_ACTIONS[a * 52 : a * 52 + 52] for a in range(52))
# Who counts what in the show, in order, by dealer (CRIBBAGE.md 3).
_SHOW_ORDERS: Final = tuple(
    ((1 - dealer, "hand"), (dealer, "hand"), (dealer, "crib")) for dealer in (0, 1)
)


def _show_record(
    seat: int, kind: str, cards: tuple[Card, ...], starter: Card, total: int
) -> ShowRecord:
    """``ShowRecord(seat, kind, cards, starter, total)``, made in a third of the time: its
    fields set as its frozen ``__init__`` sets them, one by one, in their order."""
    record: ShowRecord = object.__new__(ShowRecord)
    fields = record.__dict__
    fields["seat"] = seat
    fields["kind"] = kind
    fields["cards"] = cards
    fields["starter"] = starter
    fields["total"] = total
    fields["stated"] = None
    fields["muggins"] = 0
    fields["called"] = False
    return record


def _fits(cards: list[Card], room: int) -> bool:
    """Whether one of ``cards`` keeps the count at 31 or less with ``room`` left."""
    for card in cards:  # noqa: SIM110 (any() of a generator is slower, on the hot path)
        if VALUES[card] <= room:
            return True
    return False


def _mask(cards: Sequence[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


# Shared values, built completely at import: frozen, they are the same values as new ones
# would be, and making one costs about as much as the rest of a move. By seat: every card
# played (by card and the count it makes, some counts impossible), the record of
# a card played or a go that pegs nothing, and every score the engine pegs by itself
# (pegging a card, the go and last card, his heels, a show counted with muggins off: by
# whether it is the crib, then its points).
_FIFTEEN: Final = tuple(Score(seat, 2, "fifteen") for seat in (0, 1))
_THIRTY_ONE: Final = tuple(Score(seat, 2, "31") for seat in (0, 1))
_PAIRS: Final = tuple(tuple(Score(seat, p, _PAIR_NAMES[p]) for p in (2, 6, 12)) for seat in (0, 1))
_RUNS: Final = tuple(
    tuple(Score(seat, run, f"run of {run}") for run in range(14)) for seat in (0, 1)
)
_GO: Final = tuple(Score(seat, 1, "go") for seat in (0, 1))
_LAST_CARD: Final = tuple(Score(seat, 1, "last card") for seat in (0, 1))
_HEELS: Final = tuple(Score(seat, 2, "his heels") for seat in (0, 1))
_PLAYED: Final = tuple(
    Play(seat, CARDS[card], count) for seat in (0, 1) for card in range(52) for count in range(32)
)
_QUIET_PLAYS: Final = tuple(
    ActionRecord(seat, PLAY_ACTIONS[card], ()) for seat in (0, 1) for card in range(52)
)
_QUIET_GOS: Final = tuple(ActionRecord(seat, GO, ()) for seat in (0, 1))
_SHOWS: Final = tuple(
    tuple(
        tuple(Score(seat, points, kind) for points in range(MAX_SHOW + 1))
        for kind in ("hand", "crib")
    )
    for seat in (0, 1)
)


def dealt_cards(deck: Sequence[int]) -> tuple[CardSet, CardSet]:
    """The non-dealer's six cards and the dealer's, dealt one at a time, the non-dealer
    first: deck[0], deck[2] ... to the non-dealer (the one place that says so)."""
    return CardSet(deck[0:12:2]), CardSet(deck[1:12:2])


@dataclass(frozen=True, slots=True)
class Observation:
    """One seat's view of a hand: nothing in it is hidden from that seat."""

    seat: int
    dealer: int
    phase: Phase
    to_act: int | None
    hand: tuple[Card, ...]
    dealt: tuple[Card, ...]
    laid_away: tuple[Card, ...]
    starter: Card | None
    plays: tuple[Play, ...]
    count: int
    count_start: int
    said_go: tuple[bool, bool]
    opponent_cards: int
    opponent_laid_away: bool
    pegs: tuple[int, int]
    target: int
    shows: tuple[ShowRecord, ...]
    counting: tuple[Card, ...]
    legal: tuple[Action, ...]

    @property
    def my_turn(self) -> bool:
        """Whether this seat may act now (in the lay-away, until it has laid away, whoever
        :attr:`to_act` names)."""
        return bool(self.legal)

    @property
    def is_dealer(self) -> bool:
        return self.dealer == self.seat

    @property
    def count_cards(self) -> tuple[Card, ...]:
        return tuple(p.card for p in self.plays[self.count_start :])

    def legal_actions(self) -> list[Action]:
        return list(self.legal)

    def unseen(self) -> CardSet:
        """Cards this seat has not seen: the opponent's hand, their crib cards and the deck."""
        seen = set(self.dealt) | {p.card for p in self.plays}
        if self.starter is not None:
            seen.add(self.starter)
        for show in self.shows:
            seen.update(show.cards)
        seen.update(self.counting)
        return CardSet(c for c in range(52) if c not in seen)

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "dealer": self.dealer,
            "phase": self.phase.value,
            "to_act": self.to_act,
            "hand": [str(c) for c in self.hand],
            "laid_away": [str(c) for c in self.laid_away],
            "starter": None if self.starter is None else str(self.starter),
            "plays": [{"seat": p.seat, "card": str(p.card), "count": p.count} for p in self.plays],
            "count": self.count,
            "count_cards": [str(c) for c in self.count_cards],
            "opponent_cards": self.opponent_cards,
            "pegs": list(self.pegs),
            "target": self.target,
            "shows": [s.to_dict() for s in self.shows],
            "counting": [str(c) for c in self.counting],
            "legal_actions": [str(a) for a in self.legal],
        }
