"""The full-screen table's style sheet (Textual CSS): the layout of the match and lesson
screens and of the dialogs. Colours are the theme's variables, so both themes read well."""

from __future__ import annotations

from typing import Final

__all__ = ["CSS"]

CSS: Final = """
Screen { background: $background; }
#top { height: 1; background: $primary; color: $text; padding: 0 1; text-style: bold; }
#body { height: 1fr; }
#main { width: 1fr; padding: 0 1; }
#opponent {
    height: 3; border: round $secondary; border-title-color: $text-secondary;
    border-subtitle-color: $text-muted; padding: 0 1;
}
#middle { height: 5; }
#log {
    width: 1fr; height: 5; border: round $foreground 30%; border-title-color: $text-muted;
    padding: 0 1; margin-left: 1;
}
#turn { height: 1; text-style: bold; color: $text-accent; margin-top: 1; }
#hand { margin-top: 0; }
#handinfo { height: 1; color: $text-muted; }
#actions { height: 1; margin-top: 1; }
#actions Button { margin-right: 1; min-width: 8; }
#side { width: 36; }
#sheet {
    border: round $secondary; border-title-color: $text-secondary; padding: 0 1;
    height: auto; max-height: 100%;
}
#keys { color: $text-muted; padding: 1 1; height: auto; }
TableScreen.-narrow #side { display: none; }
.dialog {
    width: 90%; max-width: 96; height: auto; max-height: 90%;
    border: thick $primary; background: $surface; padding: 1 2;
}
.dialog-title { text-style: bold; color: $text-primary; margin-bottom: 1; }
.dialog-keys { color: $text-muted; margin-top: 1; }
.dialog OptionList { height: auto; max-height: 14; }
.dialog VerticalScroll { height: auto; max-height: 20; }
.dialog-buttons { height: auto; margin-top: 1; }
.side-label { text-style: bold; color: $text-secondary; }
.dialog Button { margin-right: 2; }
ModalScreen { align: center middle; background: $background 60%; }
#lesson-text {
    height: auto; min-height: 5; border: round $primary; border-title-color: $text-primary;
    padding: 0 1;
}
#feedback { height: 1; color: $text-warning; }
"""
