"""Cribbage as the table sees it: the game interface of :mod:`cardtable.games`.

>>> match = CRIBBAGE.deal(CRIBBAGE.make_rules("short"), seed="doc", first_dealer=0)
>>> action = str(match.legal_actions()[0])
>>> CRIBBAGE.apply(match, 1, action) == action
True
>>> again = CRIBBAGE.rebuild(match.rules.to_dict(), "doc", 0, [(1, action)])
>>> CRIBBAGE.record(again) == CRIBBAGE.record(match)
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from cardtable.cribbage.actions import Action
from cardtable.cribbage.match import Match
from cardtable.cribbage.players import Player, make_player, player_names
from cardtable.cribbage.record import dump
from cardtable.cribbage.rules import PRESETS, Rules, make_rules
from cardtable.errors import InvalidRulesError
from cardtable.games import Game
from cardtable.numbers import help_with_ranges

__all__ = ["CRIBBAGE", "CribbageComputer", "CribbageGame"]


@dataclass(frozen=True, slots=True)
class CribbageComputer:
    """A computer player at a seat: it acts on its seat's observation only."""

    player: Player

    def move(self, match: Match, seat: int) -> str:
        return str(self.player.act(match.observation(seat)))


class CribbageGame:
    """The functions the table uses to play Cribbage (see :class:`cardtable.games.Game`)."""

    name: Final = "cribbage"
    title: Final = "Cribbage"

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
            raise InvalidRulesError(f"cribbage is played under cribbage rules, not {rules!r}")
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
            match.replay(Action.parse(text), seat)  # a table's actions of any age
        return match

    def apply(self, match: Match, seat: int, action: str) -> str:
        return str(match.apply(Action.parse(action), seat).action)

    def computer(self, level: str, seed: int) -> CribbageComputer:
        return CribbageComputer(make_player(level, seed))

    def levels(self) -> list[str]:
        return player_names()

    def record(self, match: Match) -> str:
        return dump(match)

    def summary(self, match: Match) -> dict[str, Any]:
        return {
            "scores": list(match.pegs),
            "game_points": list(match.game_points),
            "game_number": match.game_number,
            "hand_number": match.hand_number,
            "winner": None if match.final is None else match.final.winner,
        }


CRIBBAGE: Final = CribbageGame()


def _conforms(game: Game[Match]) -> None:
    """Never called: mypy checks here that Cribbage offers the whole game interface."""


_conforms(CRIBBAGE)
