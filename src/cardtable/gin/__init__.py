"""ginrummy: Gin Rummy with exact rules, for people and for research.

The engine (cards, melds, rules, hand, match, record) is importable from here; computer
players, tables and research adapters live in subpackages that import the engine, never the
reverse.
"""

from cardtable.cards import Card, CardSet, parse_card, parse_cards
from cardtable.errors import (
    CardTableError,
    IllegalActionError,
    InvalidCardError,
    InvalidMeldError,
    InvalidRecordError,
    InvalidRulesError,
)
from cardtable.gin.actions import Action, ActionKind
from cardtable.gin.hand import ActionRecord, Hand, Observation, Phase
from cardtable.gin.melds import (
    Arrangement,
    Meld,
    arrangements_within,
    best_arrangement,
    deadwood,
    defender_answer,
    discard_options,
    parse_meld,
)
from cardtable.gin.rules import PRESETS, Rules
from cardtable.gin.showdown import HandResult, Outcome, score_showdown
from cardtable.gin.worlds import sample_deck, sample_worlds

__version__ = "0.1.0"

__all__ = [
    "PRESETS",
    "Action",
    "ActionKind",
    "ActionRecord",
    "Arrangement",
    "Card",
    "CardSet",
    "CardTableError",
    "Hand",
    "HandResult",
    "IllegalActionError",
    "InvalidCardError",
    "InvalidMeldError",
    "InvalidRecordError",
    "InvalidRulesError",
    "Meld",
    "Observation",
    "Outcome",
    "Phase",
    "Rules",
    "__version__",
    "arrangements_within",
    "best_arrangement",
    "deadwood",
    "defender_answer",
    "discard_options",
    "parse_card",
    "parse_cards",
    "parse_meld",
    "sample_deck",
    "sample_worlds",
    "score_showdown",
]
