"""Cribbage as a plug-in: the game interface of :mod:`cardtable.games` (``CRIBBAGE``),
registered in the ``cardtable.games`` entry-point group as ``cribbage``.

>>> match = CRIBBAGE.deal(CRIBBAGE.make_rules("short"), seed="doc", first_dealer=0)
>>> action = str(match.legal_actions()[0])
>>> CRIBBAGE.apply(match, 1, action) == action
True
>>> again = CRIBBAGE.rebuild(match.rules.to_dict(), "doc", 0, [(1, action)])
>>> CRIBBAGE.record(again) == CRIBBAGE.record(match)
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final

from cardtable.cribbage.actions import Action
from cardtable.cribbage.lesson import LessonSession
from cardtable.cribbage.match import Match
from cardtable.cribbage.players import make_player, player_names
from cardtable.cribbage.players.hints import hint
from cardtable.cribbage.record import dump, load
from cardtable.cribbage.review import review_match
from cardtable.cribbage.rules import PRESETS, Rules, make_rules
from cardtable.cribbage.stats import cribbage_figures
from cardtable.cribbage.views import HandReplay, HintView, events_of, hand_end, seat_view
from cardtable.cribbage.views.lesson import lesson_view
from cardtable.errors import NotYourTurnError
from cardtable.games import About, Game, Lesson
from cardtable.games.base import Engine, GameBase, finished_deal
from cardtable.games.lessons import ScriptedLesson

__all__ = ["CRIBBAGE", "CribbageGame"]

_LABELS: Final = {
    "target": "Points to win a game",
    "skunk_line": "Skunk line (empty: off)",
    "skunk_games": "A skunk counts as (games)",
    "double_skunk_line": "Double skunk line (empty: off)",
    "double_skunk_games": "A double skunk counts as (games)",
    "games": "Games in the match",
    "match_points": "Or: game points to win (empty: off)",
    "next_game_dealer": "First dealer of the next game",
    "muggins": "Muggins: count your own show (the computer counts its own in full)",
}
_CHOICES: Final = {
    "next_game_dealer": {"loser": "the loser of the last game", "alternate": "alternates"},
}

_ABOUT: Final = About(
    tagline=(
        "Two-player cribbage to 121 (or 61) on a pegging board: the crib, the play, the show "
        "counted item by item, and a fair shuffle you can check."
    ),
    levels={
        "beginner": "learning the ropes",
        "intermediate": "a fair game",
        "expert": "weighs every lay-away",
        "simple": "keeps its best four, pegs greedily",
        "random": "plays any legal move",
    },
    presets={
        "standard": "The full game: 121 points; skunked below 91 (2 games), double below 61 "
        "(4 games).",
        "short": "A quick game: 61 points, skunked below 31 (2 games).",
        "muggins": "Standard, and you count your own show: points you miss go to your opponent.",
    },
    hero=("5H", "5S", "5C", "JD", "5D"),
    learn=(
        "New to cribbage?",
        "A short guided hand on the real table: laying away to the crib, pegging fifteens "
        "and pairs, the go, counting your hand.",
    ),
)


class CribbageGame(GameBase[Match, Rules]):
    """Cribbage for everything above the games (see :class:`cardtable.games.Game`)."""

    name = "cribbage"
    title = "Cribbage"
    order = 1
    about = _ABOUT
    rules_type = Rules
    lesson: ClassVar[Lesson | None] = ScriptedLesson(LessonSession, lesson_view)
    screens: ClassVar[Mapping[str, str]] = {
        "web": "cardtable.cribbage.web:STATIC",
        "tui": "cardtable.cribbage.tui.full:FULL_SCREEN",
        "plain": "cardtable.cribbage.tui.line:PLAIN",
    }
    commands = "cardtable.cribbage.commands:COMMANDS"
    research = "cardtable.cribbage.env.research:RESEARCH"
    simulation = "cardtable.cribbage.simulation:SIMULATION"
    setting_labels = _LABELS
    setting_choices = _CHOICES
    optional_settings = ("skunk_line", "double_skunk_line", "match_points")

    def _apply(self, match: Match, seat: int, action: str, stored: bool) -> str:
        parsed = Action.parse(action)
        # A table's stored actions of any age (:meth:`Match.replay`).
        record = match.replay(parsed, seat) if stored else match.apply(parsed, seat)
        return str(record.action)

    def scores(self, match: Match) -> tuple[int, int]:
        """The points on the board in the game in play (the last game's once over)."""
        return match.pegs

    def summary(self, match: Match) -> dict[str, Any]:
        return {
            "scores": list(match.pegs),
            "game_points": list(match.game_points),
            "game_number": match.game_number,
            "hand_number": match.hand_number,
            "winner": None if match.final is None else match.final.winner,
        }

    def replay(self, match: Match, seat: int, deal: int) -> HandReplay:
        hand = finished_deal(match.hands, deal)
        return HandReplay(hand_end(hand, deal), events_of(hand, seat))

    def hint(self, match: Match, seat: int) -> HintView:
        observation = match.observation(seat)
        if not observation.hand.legal:
            raise NotYourTurnError("it is not your turn: no hint to give")
        advice = hint(observation)
        return HintView(str(advice.action), advice.text, advice.to_dict())


CRIBBAGE: Final = CribbageGame(
    Engine(
        Match,
        PRESETS,
        make_rules,
        make_player,
        player_names,
        dump,
        load,
        seat_view=seat_view,
        review=review_match,
        seat_stats=cribbage_figures,
    )
)


def _conforms(game: Game[Match]) -> None:
    """Never called: mypy checks here that Cribbage offers the whole game interface."""


_conforms(CRIBBAGE)
