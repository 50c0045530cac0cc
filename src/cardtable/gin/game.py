"""Gin Rummy as the table sees it: the game interface of :mod:`cardtable.games`.

>>> match = GIN.deal(GIN.make_rules("standard", {"target": "50"}), seed="doc", first_dealer=0)
>>> GIN.apply(match, 1, "pass"), GIN.apply(match, 0, "take")
('pass', 'take')
>>> again = GIN.rebuild(match.rules.to_dict(), "doc", 0, [(1, "pass"), (0, "take")])
>>> GIN.record(again) == GIN.record(match)
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from cardtable.errors import InvalidRulesError
from cardtable.games import Game
from cardtable.gin.actions import Action
from cardtable.gin.match import Match
from cardtable.gin.players import Player, make_player, player_names
from cardtable.gin.record import dump
from cardtable.gin.rules import PRESETS, Rules, make_rules
from cardtable.numbers import help_with_ranges

__all__ = ["GIN", "GinComputer", "GinGame"]


@dataclass(frozen=True, slots=True)
class GinComputer:
    """A computer player at a seat of a gin match: it acts on its seat's observation only."""

    player: Player

    def move(self, match: Match, seat: int) -> str:
        return str(self.player.act(match.observation(seat)))


class GinGame:
    """The functions the table uses to play gin (see :class:`cardtable.games.Game`)."""

    name: Final = "gin"
    title: Final = "Gin Rummy"

    def make_rules(
        self, preset: str | None = None, settings: Mapping[str, object] | None = None
    ) -> Rules:
        return make_rules(preset, settings)

    def presets(self) -> dict[str, dict[str, Any]]:
        return {name: rules.to_dict() for name, rules in PRESETS.items()}

    def settings_help(self) -> dict[str, str]:
        return help_with_ranges(Rules.describe(), Rules.bounds())

    def settings_bounds(self) -> dict[str, tuple[int, int]]:
        return Rules.bounds()

    def rules_from_dict(self, data: Mapping[str, Any]) -> Rules:
        if not isinstance(data, Mapping):
            raise InvalidRulesError(f"rules are stored as settings by name, not {data!r}")
        return Rules.from_dict(data)

    def deal(self, rules: object, seed: str | None, first_dealer: int | None) -> Match:
        if not isinstance(rules, Rules):
            raise InvalidRulesError(f"gin is played under gin rules, not {rules!r}")
        return Match.new(rules, seed=seed, first_dealer=first_dealer)

    def rebuild(
        self,
        rules: Mapping[str, Any],
        seed: str,
        first_dealer: int,
        actions: Sequence[tuple[int, str]],
    ) -> Match:
        match = Match(Rules.from_dict(rules), first_dealer, seed=seed)
        for seat, text in actions:
            match.apply(Action.parse(text), seat)
        return match

    def apply(self, match: Match, seat: int, action: str) -> str:
        # The stored text is the record's: a knock names the melds it laid out, so that a
        # replay lays out the same ones.
        return str(match.apply(Action.parse(action), seat).action)

    def computer(self, level: str, seed: int) -> GinComputer:
        return GinComputer(make_player(level, seed))

    def levels(self) -> list[str]:
        return player_names()

    def record(self, match: Match) -> str:
        return dump(match)

    def summary(self, match: Match) -> dict[str, Any]:
        return {
            "scores": list(match.scores),
            "hand_number": match.hand_number,
            "winner": None if match.final is None else match.final.winner,
        }


GIN: Final = GinGame()


def _conforms(game: Game[Match]) -> None:
    """Never called: mypy checks here that gin offers the whole game interface."""


_conforms(GIN)
