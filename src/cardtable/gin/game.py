"""Gin Rummy as a plug-in: the game interface of :mod:`cardtable.games` (``GIN``), registered
in the ``cardtable.games`` entry-point group as ``gin``.

>>> match = GIN.deal(GIN.make_rules("standard", {"target": "50"}), seed="doc", first_dealer=0)
>>> GIN.apply(match, 1, "pass"), GIN.apply(match, 0, "take")
('pass', 'take')
>>> again = GIN.rebuild(match.rules.to_dict(), "doc", 0, [(1, "pass"), (0, "take")])
>>> GIN.record(again) == GIN.record(match)
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final

from cardtable.errors import NotYourTurnError
from cardtable.games import About, Game, Lesson
from cardtable.games.base import Engine, GameBase, finished_deal
from cardtable.games.lessons import ScriptedLesson
from cardtable.gin.actions import Action
from cardtable.gin.lesson import LessonSession
from cardtable.gin.match import Match
from cardtable.gin.players import make_player, player_names
from cardtable.gin.players.hints import hint
from cardtable.gin.record import dump, load
from cardtable.gin.review import review_match
from cardtable.gin.rules import PRESETS, Rules, make_rules
from cardtable.gin.stats import gin_figures
from cardtable.gin.views import HandReplay, HintView, hand_replay, hint_view, seat_view
from cardtable.gin.views.advice import lesson_view

__all__ = ["GIN", "GinGame"]

_LABELS: Final = {
    "knock_threshold": "Knock threshold",
    "target": "Target score",
    "gin_bonus": "Gin bonus",
    "undercut_bonus": "Undercut bonus",
    "big_gin_bonus": "Big gin bonus (empty: off)",
    "game_bonus": "Game bonus",
    "line_bonus": "Box (line) bonus",
    "line_bonus_to": "Box bonuses go to",
    "shutout": "Shutout",
    "next_dealer": "Next dealer",
    "series_first_player": "First to play in the next match",
    "oklahoma": "Oklahoma (upcard sets the knock limit)",
}
_CHOICES: Final = {
    "line_bonus_to": {"both": "both players", "winner": "the match winner only"},
    "shutout": {
        "double_game_bonus": "game bonus doubled",
        "double_total": "winner's total doubled",
        "none": "no extra",
    },
    "next_dealer": {
        "winner": "winner of the hand",
        "loser": "loser of the hand",
        "alternate": "alternates",
    },
    "series_first_player": {
        "alternate": "alternates",
        "loser": "loser of the match",
        "winner": "winner of the match",
    },
}

_ABOUT: Final = About(
    tagline=(
        "Exact rules, a fair shuffle you can check, and a computer opponent that sees only "
        "its own cards."
    ),
    levels={
        "beginner": "learning the ropes",
        "intermediate": "a fair game",
        "expert": "counts every card",
        "simple": "the textbook baseline",
        "random": "plays any legal move",
    },
    presets={
        "standard": "The common game: knock at 10, gin 25, undercut 25, to 100.",
        "pagat": "Pagat and Bicycle: gin 20, undercut 10, boxes 20.",
        "digital": "As online tables play it: big gin 31, dealer alternates.",
        "straight": "Straight gin: no knocking, gin only.",
        "oklahoma": "Oklahoma: the first upcard sets the knock limit; a spade doubles the hand.",
    },
    hero=("7S", "7H", "7D", "4H", "5H", "6H"),
    learn=(
        "New to gin rummy?",
        "A short guided hand on the real table: sets, runs, deadwood, drawing, discarding "
        "and knocking.",
    ),
)


class GinGame(GameBase[Match, Rules]):
    """Gin Rummy for everything above the games (see :class:`cardtable.games.Game`)."""

    name = "gin"
    title = "Gin Rummy"
    order = 0
    about = _ABOUT
    rules_type = Rules
    lesson: ClassVar[Lesson | None] = ScriptedLesson(LessonSession, lesson_view)
    screens: ClassVar[Mapping[str, str]] = {
        "web": "cardtable.gin.web:STATIC",
        "tui": "cardtable.gin.tui.full:FULL_SCREEN",
        "plain": "cardtable.gin.tui.line:PLAIN",
    }
    commands = "cardtable.gin.commands:COMMANDS"
    research = "cardtable.gin.env.research:RESEARCH"
    simulation = "cardtable.gin.simulation:SIMULATION"
    setting_labels = _LABELS
    setting_choices = _CHOICES
    optional_settings = ("big_gin_bonus",)

    def _apply(self, match: Match, seat: int, action: str, stored: bool) -> str:
        # The stored text is the record's: a knock names the melds it laid out, so that a
        # replay lays out the same ones.
        return str(match.apply(Action.parse(action), seat).action)

    def scores(self, match: Match) -> tuple[int, int]:
        """The running scores, or the final totals (bonuses in) once the match is over."""
        totals = match.scores if match.final is None else match.final.totals
        return (totals[0], totals[1])

    def summary(self, match: Match) -> dict[str, Any]:
        return {
            "scores": list(match.scores),
            "hand_number": match.hand_number,
            "winner": None if match.final is None else match.final.winner,
        }

    def replay(self, match: Match, seat: int, deal: int) -> HandReplay:
        return hand_replay(finished_deal(match.hands, deal), deal, seat)

    def hint(self, match: Match, seat: int) -> HintView:
        observation = match.observation(seat)
        if not observation.legal_actions():
            raise NotYourTurnError("it is not your turn: no hint to give")
        return hint_view(hint(observation))


GIN: Final = GinGame(
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
        seat_stats=gin_figures,
    )
)


def _conforms(game: Game[Match]) -> None:
    """Never called: mypy checks here that gin offers the whole game interface."""


_conforms(GIN)
