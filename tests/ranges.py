"""The ranges of the integer settings as the rules specify them (RULES.md section 5, Gin
Rummy; CRIBBAGE.md section 4, Cribbage), written out here so that a test compares the
engine, the lobby's options and the page's form with the specification, not with each other.
The skunk lines are below the target, so below its highest value."""

from __future__ import annotations

GIN_RANGES: dict[str, tuple[int, int]] = {
    "knock_threshold": (0, 10),
    "gin_bonus": (0, 1_000),
    "undercut_bonus": (0, 1_000),
    "big_gin_bonus": (0, 1_000),
    "target": (1, 10_000),
    "game_bonus": (0, 1_000),
    "line_bonus": (0, 1_000),
}
CRIBBAGE_RANGES: dict[str, tuple[int, int]] = {
    "target": (31, 10_000),
    "skunk_line": (1, 9_999),
    "skunk_games": (1, 100),
    "double_skunk_line": (1, 9_998),
    "double_skunk_games": (1, 100),
    "games": (1, 1_000),
    "match_points": (1, 1_000),
}
RANGES = {"gin": GIN_RANGES, "cribbage": CRIBBAGE_RANGES}
