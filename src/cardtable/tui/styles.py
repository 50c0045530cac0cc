"""The full-screen table's style sheet (Textual CSS): the layout of the match and lesson
screens and of the dialogs (a game's own screens add theirs: :class:`cardtable.tui.front.
FullScreen`). Colours are the theme's variables, so both themes read well."""

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
TableScreen #logbox {
    width: 1fr; height: 5; border: round $foreground 30%; border-title-color: $text-muted;
    padding: 0 1; margin-left: 1; scrollbar-size-vertical: 1;
}
TableScreen #log { width: 1fr; height: auto; border: none; padding: 0; margin: 0; }
#turn { height: 1; text-style: bold; color: $text-accent; margin-top: 1; }
#hand { margin-top: 0; }
#handinfo { height: 1; color: $text-muted; }
#actions { height: 1; margin-top: 1; }
#actions Button { margin-right: 1; min-width: 8; }
#status { height: auto; max-height: 2; color: $text-warning; margin-top: 1; }
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
.dialog #page { scrollbar-size-vertical: 1; }
#info-body { text-overflow: fold; }
ModalScreen.-short .dialog { padding: 0 1; max-height: 100%; }
ModalScreen.-narrow .dialog { width: 100%; }
.dialog-buttons { height: auto; margin-top: 1; }
.side-label { text-style: bold; color: $text-secondary; }
#review-status { text-style: bold; }
#review-status.-error { color: $text-error; }
#review-lines { height: auto; }
.review-worst { color: $text-warning; }
.review-hand { text-style: bold; color: $text-secondary; margin-top: 1; }
.review-decision.-worst { color: $text-error; text-style: bold; }
.review-why { color: $text-muted; padding-left: 4; }
.dialog Button { margin-right: 2; }
ModalScreen { align: center middle; background: $background 60%; }
/* The lesson's coach: it scrolls, fitted to what the table leaves (lesson_base.py); at the
   end the table gives its room to the text (the hands are in it). */
#coach {
    height: auto; min-height: 4; border: round $primary; border-title-color: $text-primary;
    padding: 0 1; scrollbar-size-vertical: 1;
}
#lesson-text { height: auto; }
LessonBase.-over #middle, LessonBase.-over #hand, LessonBase.-over #actions { display: none; }
#feedback { height: 1; color: $text-warning; }
"""
