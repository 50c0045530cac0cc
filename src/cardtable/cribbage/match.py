"""A Cribbage match: hands until a player reaches the target, games until the match is won.

The deal alternates every hand; the first dealer of the match comes from a fair cut of its
seed, the first dealer of each later game from ``next_game_dealer``. Each deal is shuffled from
``derive_seed(seed, deal_number)`` (deals are numbered across the whole match), unless explicit
decks are given.

>>> from cardtable.cribbage.rules import Rules
>>> match = Match.new(Rules.preset("short"), seed="doc", first_dealer=0)
>>> import random
>>> rng = random.Random(0)
>>> while not match.is_over:
...     _ = match.apply(rng.choice(match.legal_actions()))
>>> result = match.games[-1]
>>> max(result.pegs) >= 61, match.final is not None
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardtable.cards import VALUES, derive_seed, shuffled_deck
from cardtable.cribbage.actions import ACCEPT, GO, PLAY_ACTIONS, Action, ActionKind
from cardtable.cribbage.hand import ActionRecord, Hand, Observation, Phase
from cardtable.cribbage.rules import Rules
from cardtable.errors import IllegalActionError
from cardtable.games.match import SeededMatch
from cardtable.games.views import plain_fields

__all__ = ["FinalScore", "GameResult", "Match", "MatchObservation"]

_PLAY, _DONE = Phase.PLAY, Phase.DONE  # module constants: quicker to read than the members


@dataclass(frozen=True, slots=True)
class GameResult:
    """One finished game: its winner, both players' points, and what the win was worth."""

    number: int
    first_dealer: int
    winner: int
    pegs: tuple[int, int]
    kind: str  # "game", "skunk" or "double skunk"
    game_points: int
    hands: int

    def to_dict(self) -> dict[str, Any]:
        return plain_fields(self)


@dataclass(frozen=True, slots=True)
class FinalScore:
    """The match result: game points and games won by each seat."""

    game_points: tuple[int, int]
    games_won: tuple[int, int]
    winner: int
    margin: int

    def to_dict(self) -> dict[str, Any]:
        return plain_fields(self)

    to_json = to_dict  # a seat's view shows the final totals as they are


@dataclass(frozen=True, slots=True)
class MatchObservation:
    """A seat's view of the hand in play with the match around it."""

    hand: Observation
    game_number: int
    hand_number: int
    game_points: tuple[int, int]
    games: tuple[GameResult, ...]


class Match(SeededMatch[Rules, Hand, Action, ActionRecord, FinalScore]):
    """Games of hands to the target, with skunks, game points and the match's end.

    :meth:`new` draws the first dealer by a fair cut of the seed (CRIBBAGE.md 1: the cut's
    lower card deals, digitally a fair coin)."""

    games: list[GameResult]
    game_points: list[int]
    game_first_dealer: int
    game_hands: int

    def _begin(self) -> Hand:
        self.games = []
        self.game_points = [0, 0]
        self.game_first_dealer = self.first_dealer
        self.game_hands = 0  # hands of the game in play
        return self._deal(self.first_dealer, (0, 0))

    @classmethod
    def default_rules(cls) -> Rules:
        return Rules()

    def _deal(self, dealer: int, pegs: tuple[int, int]) -> Hand:
        if self._decks is None and self.seed is not None:
            # What _next_deck does, without the calls in between; a shuffled deck is the 52
            # cards surely, so the hand leaves out the constructor's checks.
            deal_seed = derive_seed(self.seed, len(self.hands))
            return Hand.shuffled(self.rules, dealer, shuffled_deck(deal_seed), pegs, deal_seed)
        deck, given_seed = self._next_deck()
        return Hand(self.rules, dealer, deck, pegs, given_seed)

    def copy(self) -> Match:
        """An independent copy: finished hands and games are shared, the hand in play copied."""
        new = object.__new__(Match)
        new.__dict__.update(self.__dict__)
        new.hands = list(self.hands)
        new.games = list(self.games)
        new.game_points = list(self.game_points)
        new.current = self.current.copy()
        return new

    def legal_actions(self) -> list[Action]:
        """The legal actions of the seat to act (none once the match is over)."""
        if self.final is not None:
            return []
        hand = self.current
        if hand.phase is _PLAY:  # Hand.legal_actions' most asked case, without the call
            room = 31 - hand.count
            plays = [PLAY_ACTIONS[c] for c in hand.cards[hand.turn] if VALUES[c] <= room]
            return plays or [GO]
        return hand.legal_actions()

    def apply(self, action: Action, seat: int | None = None) -> ActionRecord:
        """:meth:`SeededMatch.apply`, the same, with less in the way: the path every move
        of a simulation takes."""
        if self.final is not None:
            raise IllegalActionError("the match is over")
        hand = self.current
        record = hand.apply(action, seat)
        if hand.phase is _DONE:
            self._finish_hand()
        return record

    @property
    def game_number(self) -> int:
        return len(self.games) + (0 if self.is_over else 1)

    @property
    def hand_number(self) -> int:
        """The number of the hand in play within its game."""
        return self.game_hands + (0 if self.is_over else 1)

    @property
    def pegs(self) -> tuple[int, int]:
        """Both players' points in the game in play (or the last game once over)."""
        hand = self.hands[-1] if self.is_over else self.current
        return (hand.pegs[0], hand.pegs[1])

    def observation(self, seat: int) -> MatchObservation:
        """The seat's view of the hand in play (the last hand once the match is over)."""
        hand = self.hands[-1] if self.is_over else self.current
        return MatchObservation(
            hand=hand.observation(seat),
            game_number=self.game_number,
            hand_number=self.hand_number,
            game_points=(self.game_points[0], self.game_points[1]),
            games=tuple(self.games),
        )

    def may_act(self, seat: int) -> bool:
        """Whether ``seat`` may act now (in the lay-away both may: :meth:`Hand.may_act`)."""
        return not self.is_over and self.current.may_act(seat)

    def replay(self, action: Action, seat: int) -> ActionRecord:
        """Apply a stored action (a record's, the database's) as :meth:`apply` does, reading
        too those stored before every statement was answered: then a statement (never more
        than the show held) that reached the target won the game at once, and the action
        stored next is already the next deal's. Such a statement is accepted first, which
        scores it as it scored then; a list of actions that :meth:`apply` takes replays the
        same."""
        if action.kind not in (ActionKind.MUGGINS, ActionKind.ACCEPT):
            self.accept_old_win()
        return self.apply(action, seat)

    def accept_old_win(self) -> bool:
        """Accept the statement awaiting its answer if it won the game as the old rules
        scored it (stated, no more than the truth, reaching the target): what a record of
        the old format that ends on such a statement means. True when it did."""
        hand = self.current
        if self.is_over or hand.phase is not Phase.ANSWER:
            return False
        shown = hand.shows[-1]
        stated = -1 if shown.stated is None else shown.stated
        if 0 <= stated <= shown.total and hand.pegs[shown.seat] + stated >= self.rules.target:
            self.apply(ACCEPT, 1 - shown.seat)
            return True
        return False

    def _reopen(self, ended: Hand) -> None:
        """Take back the hand count, and for a hand that won a game that game's result, its
        game points and who dealt first in it."""
        if ended.winner is None:
            self.game_hands -= 1
        else:
            game = self.games.pop()
            self.game_points[game.winner] -= game.game_points
            self.game_hands = game.hands - 1
            self.game_first_dealer = game.first_dealer

    def _finish_hand(self) -> None:
        hand = self.current
        self.hands.append(hand)
        self.game_hands += 1
        if hand.winner is None:
            self.current = self._deal(1 - hand.dealer, (hand.pegs[0], hand.pegs[1]))
            return
        winner = hand.winner
        worth, kind = self.rules.game_value(hand.pegs[1 - winner])
        self.game_points[winner] += worth
        self.games.append(
            GameResult(
                number=len(self.games) + 1,
                first_dealer=self.game_first_dealer,
                winner=winner,
                pegs=(hand.pegs[0], hand.pegs[1]),
                kind=kind,
                game_points=worth,
                hands=self.game_hands,
            )
        )
        if self._match_won():
            won = [sum(1 for g in self.games if g.winner == s) for s in (0, 1)]
            leader = int(self.game_points[1] > self.game_points[0])
            self.final = FinalScore(
                game_points=(self.game_points[0], self.game_points[1]),
                games_won=(won[0], won[1]),
                winner=leader,
                margin=abs(self.game_points[0] - self.game_points[1]),
            )
            return
        if self.rules.next_game_dealer == "loser":
            dealer = 1 - winner
        else:
            dealer = 1 - self.game_first_dealer
        self.game_first_dealer = dealer
        self.game_hands = 0
        self.current = self._deal(dealer, (0, 0))

    def _match_won(self) -> bool:
        points = self.game_points
        if self.rules.match_points is not None:
            return max(points) >= self.rules.match_points
        # A reading where CRIBBAGE.md is silent: a match of N games whose game points are
        # level after N games goes on, a game at a time, until one player leads.
        return len(self.games) >= self.rules.games and points[0] != points[1]

    def next_first_dealer(self) -> int:
        """Who deals first in the next match of a series: the same rule as between games."""
        if self.rules.next_game_dealer == "loser" and self.final is not None:
            return 1 - self.final.winner
        return 1 - self.first_dealer
