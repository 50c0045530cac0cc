"""A match: hands dealt until a player reaches the target, the score sheet and final totals.

>>> from cardtable.gin.rules import Rules
>>> match = Match.new(Rules.preset("standard", target=10), seed="doc", first_dealer=0)
>>> match.hand_number, match.dealer, match.current.to_act
(1, 0, 1)
>>> import random
>>> rng = random.Random(0)
>>> while not match.is_over:
...     _ = match.apply(rng.choice(match.legal_actions()))
>>> final = match.final
>>> final.winner in (0, 1), final.totals[final.winner] >= final.totals[1 - final.winner]
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.games.match import SeededMatch
from cardtable.games.views import plain_fields
from cardtable.gin.actions import Action
from cardtable.gin.hand import ActionRecord, Hand, Observation
from cardtable.gin.rules import Rules
from cardtable.gin.showdown import HandResult

__all__ = ["FinalScore", "Match", "SheetLine", "final_score"]


@dataclass(frozen=True, slots=True)
class SheetLine:
    """One scored hand on the score sheet (dead hands leave no line)."""

    number: int
    dealer: int
    result: HandResult
    totals: tuple[int, int]

    @property
    def winner(self) -> int:
        assert self.result.winner is not None
        return self.result.winner


@dataclass(frozen=True, slots=True)
class FinalScore:
    """Final totals with every bonus itemised (RULES.md section 4)."""

    hand_points: tuple[int, int]
    boxes: tuple[int, int]
    line_bonus: tuple[int, int]
    game_bonus: tuple[int, int]
    shutout_bonus: tuple[int, int]
    totals: tuple[int, int]
    reached_target: int
    winner: int
    margin: int
    shutout: bool

    def to_dict(self) -> dict[str, Any]:
        return plain_fields(self)

    to_json = to_dict  # a seat's view shows the final totals as they are


def final_score(
    rules: Rules, hand_points: Sequence[int], boxes: Sequence[int], reached: int
) -> FinalScore:
    """Final totals from cumulative hand points and hands won, ``reached`` being the seat
    that reached the target.

    >>> f = final_score(Rules.preset("pagat"), (104, 61), (4, 2), reached=0)
    >>> f.totals, f.winner, f.margin
    ((284, 101), 0, 183)
    """
    other = 1 - reached
    shutout = boxes[other] == 0
    line = [rules.line_bonus * boxes[s] for s in (0, 1)]
    if rules.line_bonus_to == "winner":
        line[other] = 0
    game = [0, 0]
    game[reached] = rules.game_bonus
    extra = [0, 0]
    if shutout and rules.shutout == "double_game_bonus":
        extra[reached] = rules.game_bonus
    totals = [hand_points[s] + line[s] + game[s] + extra[s] for s in (0, 1)]
    if shutout and rules.shutout == "double_total":
        extra[reached] += totals[reached]
        totals[reached] *= 2
    # RULES.md 4: the higher total wins; on equal totals, the player who reached the target.
    winner = reached if totals[0] == totals[1] else int(totals[1] > totals[0])
    return FinalScore(
        hand_points=(hand_points[0], hand_points[1]),
        boxes=(boxes[0], boxes[1]),
        line_bonus=(line[0], line[1]),
        game_bonus=(game[0], game[1]),
        shutout_bonus=(extra[0], extra[1]),
        totals=(totals[0], totals[1]),
        reached_target=reached,
        winner=winner,
        margin=abs(totals[0] - totals[1]),
        shutout=shutout,
    )


class Match(SeededMatch[Rules, Hand, Action, ActionRecord, FinalScore]):
    """Hands to the target: dealer rotation, dead hands re-dealt, score sheet, final totals.

    Each deal is shuffled from ``derive_seed(seed, deal_number)`` unless explicit decks are
    given (for imported records). When a hand ends the next one is dealt at once; finished
    hands stay in :attr:`hands`.
    """

    sheet: list[SheetLine]
    scores: list[int]
    boxes: list[int]

    def _begin(self) -> Hand:
        self.sheet = []
        self.scores = [0, 0]
        self.boxes = [0, 0]
        return self._deal(self.first_dealer)

    @classmethod
    def default_rules(cls) -> Rules:
        return Rules()

    def _deal(self, dealer: int) -> Hand:
        deck, hand_seed = self._next_deck()
        return Hand(self.rules, dealer, deck, hand_seed)

    def copy(self) -> Match:
        """An independent copy: the finished hands are shared (they never change again), the
        hand in play and the running totals are copied."""
        new = object.__new__(Match)
        new.rules = self.rules
        new.seed = self.seed
        new.first_dealer = self.first_dealer
        new._decks = self._decks
        new.hands = list(self.hands)
        new.sheet = list(self.sheet)
        new.scores = list(self.scores)
        new.boxes = list(self.boxes)
        new.final = self.final
        new.current = self.current.copy()
        return new

    @property
    def hand_number(self) -> int:
        """The number of the hand in play (dead hands do not advance it)."""
        return len(self.sheet) + 1

    def may_act(self, seat: int) -> bool:
        """Whether ``seat`` may act now: in gin, only the seat to act."""
        return self.to_act == seat

    def observation(self, seat: int) -> Observation:
        """The seat's view of the hand in play (or the last hand once the match is over)."""
        hand = self.hands[-1] if self.is_over else self.current
        return hand.observation(seat, scores=(self.scores[0], self.scores[1]))

    def _reopen(self, ended: Hand) -> None:
        """Take back the score line of a hand that a win ended (a dead hand left none)."""
        result = ended.result
        assert result is not None
        if result.winner is not None:
            self.sheet.pop()
            self.scores[result.winner] -= result.points
            self.boxes[result.winner] -= 1

    def _finish_hand(self) -> None:
        hand = self.current
        result = hand.result
        assert result is not None
        self.hands.append(hand)
        if result.winner is None:
            # RULES.md 2: a dead hand scores nothing and the same dealer deals again.
            self.current = self._deal(hand.dealer)
            return
        winner = result.winner
        self.scores[winner] += result.points
        self.boxes[winner] += 1
        line = SheetLine(len(self.sheet) + 1, hand.dealer, result, (self.scores[0], self.scores[1]))
        self.sheet.append(line)
        if self.scores[winner] >= self.rules.target:
            self.final = final_score(self.rules, self.scores, self.boxes, winner)
            return
        self.current = self._deal(self.rules.dealer_after(winner, hand.dealer))

    def next_first_dealer(self) -> int:
        """Who deals first in the next match of a series (RULES.md 5: first non-dealer)."""
        choice = self.rules.series_first_player
        if choice == "alternate" or self.final is None:
            return 1 - self.first_dealer
        first_player = self.final.winner if choice == "winner" else 1 - self.final.winner
        return 1 - first_player

    def score_sheet(self, names: tuple[str, str] = ("Seat 0", "Seat 1")) -> str:
        """The score sheet as text: one line per scored hand, boxes, then the final totals."""
        width = max(10, *(len(n) for n in names))
        lines = [f"{'hand':>4}  {'result':<9} {names[0]:>{width}} {names[1]:>{width}}"]
        for line in self.sheet:
            points = ["", ""]
            points[line.winner] = f"+{line.result.points}"
            cells = [f"{points[s]} ({line.totals[s]})" if points[s] else "" for s in (0, 1)]
            lines.append(
                f"{line.number:>4}  {line.result.outcome.value:<9} "
                f"{cells[0]:>{width}} {cells[1]:>{width}}"
            )
        lines.append(f"{'':>4}  {'boxes':<9} {self.boxes[0]:>{width}} {self.boxes[1]:>{width}}")
        final = self.final
        if final is not None:
            rows = (
                ("points", final.hand_points),
                ("lines", final.line_bonus),
                ("game", final.game_bonus),
                ("shutout", final.shutout_bonus),
                ("total", final.totals),
            )
            for label, pair in rows:
                lines.append(f"{'':>4}  {label:<9} {pair[0]:>{width}} {pair[1]:>{width}}")
            lines.append(f"{names[final.winner]} wins by {final.margin}")
        else:
            lines.append(
                f"{'':>4}  {'score':<9} {self.scores[0]:>{width}} {self.scores[1]:>{width}}"
            )
        return "\n".join(lines)
