"""Eights as a Card Table game: the one object its entry point names."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.errors import InvalidRulesError, NotYourTurnError
from cardtable.games.base import About, GameBase, finished_deal, settings_of
from cardtable.games.interface import GameView, SeatView
from cardtable.games.views import TableHeader
from eights import engine, players, record, views
from eights.engine import PRESETS, Match, Rules


class Eights(GameBase[Match, Rules]):
    name = "eights"
    title = "Eights"
    order = 50
    about = About(
        tagline="Follow suit or rank, eights are wild: first to empty a hand scores",
        levels={"random": "plays any legal card", "simple": "plays its costliest card"},
        presets={"standard": "to 50 points", "short": "to 20 points"},
        hero=("8S", "8H", "8D", "8C"),
    )
    rules_type = Rules

    def _presets(self) -> Mapping[str, Rules]:
        return PRESETS

    def _make_rules(self, preset: str | None, settings: Mapping[str, object] | None) -> Rules:
        if preset is not None and preset not in PRESETS:
            raise InvalidRulesError(
                f"unknown preset {preset!r}: the presets are {', '.join(PRESETS)}"
            )
        data: dict[str, Any] = PRESETS[preset or "standard"].to_dict()
        for key, value in (settings or {}).items():
            if isinstance(value, str):
                try:
                    value = int(value.strip())
                except ValueError:
                    raise InvalidRulesError(f"{key} must be a whole number") from None
            data[key] = value
        return Rules.from_dict(data)

    def settings(self) -> tuple[Any, ...]:
        return settings_of(
            {"target": "Points to win", "hand_size": "Cards dealt"},
            {"target": "the points that win the match", "hand_size": "cards dealt to each"},
            engine.BOUNDS,
        )

    def _new_match(self, rules: Rules, seed: str | None, first_dealer: int | None) -> Match:
        return Match.new(rules, seed, first_dealer)

    def _empty_match(self, rules: Rules, first_dealer: int, seed: str) -> Match:
        return Match(rules, first_dealer, seed)

    def _apply(self, match: Match, seat: int, action: str, stored: bool) -> str:
        return match.apply(seat, action)

    def _player(self, level: str, seed: int) -> players.RandomPlayer | players.SimplePlayer:
        return players.player(level, seed)

    def _level_names(self) -> Sequence[str]:
        return players.LEVELS

    def _dump(self, match: Match) -> str:
        return record.dump(match)

    def _load(self, text: str) -> Match:
        return record.load(text)

    def scores(self, match: Match) -> tuple[int, int]:
        return (match.scores[0], match.scores[1])

    def summary(self, match: Match) -> dict[str, Any]:
        return {
            "scores": list(match.scores),
            "hand_number": len(match.hands) + (0 if match.is_over else 1),
            "winner": None if match.final is None else match.final.winner,
        }

    def seat_view(self, match: Match, seat: int, header: TableHeader, aids: bool) -> SeatView:
        return views.seat_view(match, seat, header)

    def replay(self, match: Match, seat: int, deal: int) -> GameView:
        return views.deal_replay(finished_deal(match.hands, deal))

    def hint(self, match: Match, seat: int) -> GameView:
        seen = match.observation(seat)
        if not seen.legal:
            raise NotYourTurnError("it is not your turn: no hint to give")
        action = players.best_action(seen)
        return views.HintView(action, "Play your costliest card that follows; keep eights.")


EIGHTS = Eights()
