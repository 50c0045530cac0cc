"""Cribbage for two (CRIBBAGE.md): the engine on the shared core of cards and fair deals.

The engine (rules, scoring, actions, hand, match, record) is importable from here; computer
players and research adapters live in subpackages that import the engine, never the reverse.
"""

from cardtable.cribbage.actions import ACCEPT, GO, MUGGINS, Action, ActionKind
from cardtable.cribbage.hand import ActionRecord, Hand, Observation, Phase, Play, Score, ShowRecord
from cardtable.cribbage.match import FinalScore, GameResult, Match, MatchObservation
from cardtable.cribbage.rules import PRESETS, Rules, make_rules
from cardtable.cribbage.score import PegScore, ShowScore, peg_score, show_score, show_total
from cardtable.cribbage.worlds import sample_worlds

__all__ = [
    "ACCEPT",
    "GO",
    "MUGGINS",
    "PRESETS",
    "Action",
    "ActionKind",
    "ActionRecord",
    "FinalScore",
    "GameResult",
    "Hand",
    "Match",
    "MatchObservation",
    "Observation",
    "PegScore",
    "Phase",
    "Play",
    "Rules",
    "Score",
    "ShowRecord",
    "ShowScore",
    "make_rules",
    "peg_score",
    "sample_worlds",
    "show_score",
    "show_total",
]
