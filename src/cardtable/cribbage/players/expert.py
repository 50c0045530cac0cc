"""The expert Cribbage player: expected points, with the score of the game in mind.

- Laying away (:mod:`~cardtable.cribbage.players.discard`): every discard is valued by the
  kept hand's expected show over the 46 possible starters, plus (its own crib) or minus (the
  opponent's) the crib's expected show for the two cards laid away, from a table computed over
  the opponent's two crib cards and the starter
  (:mod:`~cardtable.cribbage.players.crib_table`).
- The play (:mod:`~cardtable.cribbage.players.pegging`): each card is valued by a search to the
  end of the play over the hands the opponent may still hold (:mod:`~cardtable.cribbage.
  players.opponent`: every card seen, the counts at which it said go, and how likely each
  hand is given what a player keeps and what the opponent chose to play).
- The board (:mod:`~cardtable.cribbage.players.board`): when this hand may decide the game,
  discards and plays are chosen by the estimated chance of winning rather than by points: a
  discard that makes the points needed more likely, a play that pegs out, or a play that keeps
  the opponent from pegging out, and the non-dealer counting first is taken into account.

Every decision is a function of the seat's view and the player's seed: the random deals the
search samples come from a generator seeded by both, so the same view gives the same action.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Final

from cardtable.cribbage.actions import GO, Action, ActionKind
from cardtable.cribbage.hand import Observation
from cardtable.cribbage.players import board
from cardtable.cribbage.players.base import PlayerBase
from cardtable.cribbage.players.board import ENDGAME_NEED
from cardtable.cribbage.players.discard import DiscardOption, discard_options
from cardtable.cribbage.players.opponent import OpponentModel
from cardtable.cribbage.players.pegging import PlayValue, play_values

__all__ = [
    "ExpertPlayer",
    "ExpertSettings",
    "decision_rng",
    "expert_discards",
    "expert_plays",
]


@dataclass(frozen=True, slots=True)
class ExpertSettings:
    """The expert's knobs (the defaults are what the strength bench measured)."""

    model: OpponentModel = field(default_factory=OpponentModel)
    board: bool = True  # play for the game near its end
    endgame_need: int = ENDGAME_NEED  # "near the end": a side needs this or fewer


DEFAULT_SETTINGS: Final = ExpertSettings()


def decision_rng(view: Observation, seed: int) -> random.Random:
    """A generator seeded by the player's seed and the public facts of the view only."""
    plays = ",".join(f"{p.seat}{p.card}" for p in view.plays)
    key = (
        f"{seed}|{view.seat}|{view.dealer}|{sorted(view.dealt)}|{sorted(view.hand)}|"
        f"{view.starter}|{plays}|{view.pegs}|{view.said_go}|{view.opponent_cards}"
    )
    return random.Random(key)


def expert_discards(
    view: Observation, settings: ExpertSettings = DEFAULT_SETTINGS
) -> list[DiscardOption]:
    """The discards of the view's six cards, best first for the expert (board included)."""
    options = discard_options(view.hand, own_crib=view.is_dealer)
    return board.rank_discards(view, options, settings.endgame_need) if settings.board else options


def expert_plays(
    view: Observation, seed: int = 0, settings: ExpertSettings = DEFAULT_SETTINGS
) -> list[PlayValue]:
    """The legal plays, best first, valued by the search (for the game, near its end)."""
    rng = decision_rng(view, seed)
    endgame = board.endgame_for(view, settings.endgame_need) if settings.board else None
    return play_values(view, rng, endgame, settings.model)


class ExpertPlayer(PlayerBase):
    name = "expert"

    def __init__(self, seed: int = 0, settings: ExpertSettings = DEFAULT_SETTINGS) -> None:
        super().__init__(seed)
        self.settings = settings

    def discard(self, view: Observation) -> Action:
        return expert_discards(view, self.settings)[0].action

    def play(self, view: Observation) -> Action:
        plays = [a for a in view.legal if a.kind is ActionKind.PLAY]
        if not plays:
            return GO
        if len({a.cards[0] % 13 for a in plays}) == 1:
            return min(plays, key=lambda a: a.cards[0])  # no choice that matters
        return expert_plays(view, self.seed, self.settings)[0].action
