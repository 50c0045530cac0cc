"""Cribbage's style sheet, added to the terminal's own (:mod:`cardtable.tui.styles`)."""

from __future__ import annotations

from typing import Final

__all__ = ["CRIBBAGE_CSS"]

# The Cribbage screen: the board across the top, the log down the side (in a narrow terminal
# a short log beside the count instead, five rows tall: no border above or below), the crib
# and the starter as piles.
CRIBBAGE_CSS: Final = """
CribbageScreen #board {
    height: auto; border: round $secondary; border-title-color: $text-secondary;
    border-subtitle-color: $text-muted; padding: 0 1; margin: 0 1;
}
CribbageScreen #side { width: 40; padding-right: 1; }
CribbageScreen #log {
    height: 1fr; border: round $foreground 30%; border-title-color: $text-muted;
    padding: 0 1; background: $background; scrollbar-size-vertical: 1;
}
CribbageScreen #keys { height: auto; padding: 0 1; }
CribbageScreen #count, CribbageLessonScreen #count { width: auto; height: 5; margin-left: 1; }
CribbageLessonScreen #log { margin-left: 1; }
CribbageScreen #minilog {
    display: none; width: 1fr; height: 5; border-left: outer $foreground 30%; padding: 0 1;
    margin-left: 1; background: $boost; content-align: left bottom;
}
CribbageScreen.-narrow #minilog { display: block; }
CribbageScreen.-narrow #side { display: none; }
CribbageScreen #turn { margin-top: 0; height: auto; max-height: 2; }
CribbageScreen #actions { margin-top: 0; }
CardGroup.-hand { min-width: 15; }
CardGroup.-played { border: round $foreground 30%; border-title-color: $text-muted; min-width: 15; }
CardGroup.-count { border: round $accent 60%; border-title-color: $text-accent; min-width: 18; }
CribbageScreen #crib { width: 15; }
CardView.-theirs { border: round $warning 70%; }
CardView.-starter { border: round $secondary; color: $text-secondary; }
CardView.-starter.-red { color: $text-error; }
CardView.-unplayable { color: $text-muted; background: $panel; }
.count-dialog Input { margin-top: 1; width: 20; }
#count-feedback { height: 1; color: $text-warning; }
.show-row { height: auto; }
.show-col { width: 1fr; height: auto; margin-right: 1; }
"""
