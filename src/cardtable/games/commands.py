"""What a game's own commands need (the ``commands`` facet of a game): the one-line usage
error, the parser that raises it, whole numbers, and :class:`GameCommands`, the object the
facet names.

The command line (:mod:`cardtable.cli`) gives every game the same common commands
(``simulate``, ``tournament``, ``evaluate``, ``replay``, ``review``, ``verify``) under
``cardtable NAME``; a game's :class:`GameCommands` adds its own beside them
(:meth:`GameCommands.add`) and answers the few questions the common commands ask of it: how
its record file is read, how a replayed match and a review are printed, what a deal seed
deals. A game without a ``commands`` facet gets the common commands with the defaults here.

A game's engine imports this module, never the command line: bad input is a
:class:`UsageError` (one line on stderr, exit status 2) or a
:class:`~cardtable.errors.CardTableError`.
"""

from __future__ import annotations

import argparse
import codecs
import io
import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any, BinaryIO, Final, NoReturn, TextIO

from cardtable.errors import InvalidRecordError
from cardtable.numbers import whole_number

__all__ = [
    "MAX_LINE_BYTES",
    "MAX_RECORD_BYTES",
    "Common",
    "GameCommands",
    "NoCommand",
    "Parser",
    "UsageError",
    "computer_match",
    "emit",
    "seed_deals",
    "seed_text",
    "settings_from",
    "settings_with_target",
    "whole",
]

MAX_LINE_BYTES: Final = 1 << 16  # a record line is a few dozen characters
MAX_RECORD_BYTES: Final = 64 << 20


class UsageError(Exception):
    """Bad command-line input: reported on one line, exit status 2."""


class NoCommand(UsageError):
    """No subcommand was given: the help of the command (``help``) is shown, status 2."""

    def __init__(self, message: str, help_text: str) -> None:
        super().__init__(message)
        self.help = help_text


def whole(text: str) -> int:
    """An argparse type for whole numbers typed on a command line: ASCII digits with an
    optional sign and nothing else (Python's int also takes " 50 ", "1_000" and other
    scripts' digits); refused in argparse's own words, so every message stays as it was."""
    number = whole_number(text)
    if number is None:
        raise argparse.ArgumentTypeError(f"invalid int value: {text!r}")
    return number


def seed_text(text: str) -> str:
    """An argparse type for a seed typed on a command line: printable UTF-8 text, not empty
    (an empty seed would look like none given). A byte that is not UTF-8 arrives as a lone
    surrogate, which could not be written out again."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise argparse.ArgumentTypeError("the seed is not valid text (UTF-8)") from None
    if any(not ch.isprintable() for ch in text):
        raise argparse.ArgumentTypeError(f"the seed has control characters: {text!r}")
    if not text.strip():
        raise argparse.ArgumentTypeError(
            "the seed is empty: give one, or leave it out for a fresh one"
        )
    return text


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are :class:`UsageError` (one line, status 2); a
    command given without its subcommand raises :class:`NoCommand` with its help."""

    def error(self, message: str) -> NoReturn:
        if message == "the following arguments are required: command":
            raise NoCommand(message, self.format_help())
        raise UsageError(message)


def settings_from(items: Sequence[str] | None) -> dict[str, str]:
    """``["target=150", ...]`` as ``{"target": "150", ...}``; refuses an item without ``=``."""
    settings: dict[str, str] = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise UsageError(f"--set takes key=value, not {item!r}")
        settings[key] = value
    return settings


def settings_with_target(args: argparse.Namespace) -> dict[str, object]:
    """``--set``'s settings with ``--target`` (where the command has it) as one more, so
    that what goes with the target moves with it as a game's presets pair them; the target
    given both ways is refused."""
    settings: dict[str, object] = dict(settings_from(args.set))
    target = getattr(args, "target", None)
    if target is not None:
        if any(key.strip().lower() == "target" for key in settings):
            raise UsageError("give the target once: --target N or --set target=N")
        settings["target"] = target
    return settings


def computer_match(
    deal: Callable[[], Any],
    make_player: Callable[..., Any],
    levels: Sequence[str],
    record: str | None,
    dump: Callable[[Any], str],
) -> Any:
    """A game's ``match`` command's match: ``deal()`` played to its end by the computer
    players of ``levels`` (seat 0's, seat 1's), and its record written to the file
    ``record`` (``None``: no file). The players' seeds are fixed (1 and 2), so the match
    seed alone fixes the whole match. The file is opened before the match is played, so
    that a path that cannot be written is refused at once, in one line; the engine does no
    input or output of its own, so any OSError here is the record file's."""
    players = [make_player(levels[0], seed=1), make_player(levels[1], seed=2)]

    def play() -> Any:
        match = deal()
        while not match.is_over:
            seat = match.to_act
            assert seat is not None
            match.apply(players[seat].act(match.observation(seat)), seat)
        return match

    if record is None:
        return play()
    try:
        with open(record, "w", encoding="utf-8") as handle:
            match = play()
            handle.write(dump(match))
    except OSError as error:
        raise UsageError(f"cannot write {record}: {error.strerror or error}") from None
    return match


def emit(data: Mapping[str, Any], out: TextIO) -> None:
    """One JSON object on one line."""
    out.write(json.dumps(data) + "\n")


# ``common(name)`` adds the common command ``name`` where a game's list of commands has it.
Common = Callable[[str], None]


def read_text(handle: BinaryIO) -> str:
    """A record file's text, read a line at a time with bounded memory: a line that is not
    UTF-8 or longer than :data:`MAX_LINE_BYTES`, or a file over :data:`MAX_RECORD_BYTES`, is
    refused at that line without reading on; a UTF-8 BOM is skipped."""
    lines: list[str] = []
    size = 0
    while True:
        raw = handle.readline(MAX_LINE_BYTES + 1)
        if not raw:
            return "".join(lines)
        number = len(lines) + 1
        size += len(raw)
        if len(raw) > MAX_LINE_BYTES and not raw.endswith(b"\n"):
            raise InvalidRecordError(
                f"the line is longer than {MAX_LINE_BYTES} bytes: not a match record", number
            )
        if size > MAX_RECORD_BYTES:
            raise InvalidRecordError(
                f"the record is over {MAX_RECORD_BYTES >> 20} MiB: not a match record", number
            )
        if number == 1:
            raw = raw.removeprefix(codecs.BOM_UTF8)
        try:
            lines.append(raw.decode("utf-8"))
        except UnicodeDecodeError:
            raise InvalidRecordError("not UTF-8 text", number) from None


class GameCommands:
    """A game's commands (the object its ``commands`` facet names): its own, and its
    answers to the common ones. Every method has a default that works for any game
    through its interface; a game overrides what it says differently."""

    # What ``cardtable --help`` says of the game, and ``cardtable NAME --help`` (None: its
    # title and tagline).
    help: str | None = None
    description: str | None = None
    # The rules setting that names who deals first in the next match of a series.
    series_setting: str | None = None

    def add(self, sub: Any, common: Common) -> None:
        """Add the game's own commands to ``sub`` (argparse subparsers), calling
        ``common(name)`` where a common command goes in its list; those it does not place
        come after its own."""

    def read_record(self, game: Any, handle: BinaryIO) -> Any:
        """The match a record file holds (read from ``handle``, bytes), checked line by
        line; a bad record raises :class:`~cardtable.errors.InvalidRecordError`."""
        return game.load_record(read_text(handle))

    def replay_data(self, game: Any, match: Any) -> dict[str, Any]:
        """A replayed match as JSON (``replay --json``)."""
        data: dict[str, Any] = game.summary(match)
        return data

    def replay_text(self, game: Any, match: Any) -> str:
        """A replayed match for people (``replay``): its score sheet."""
        scores = game.scores(match)
        winner = game.winner(match)
        lines = [f"{game.title}: {game.deals_finished(match)} deals"]
        lines.append(f"scores {scores[0]} and {scores[1]}")
        if winner is not None:
            lines.append(f"winner: seat {winner}")
        return "\n".join(lines)

    # -- review ----------------------------------------------------------------------

    review_unit: str = "deal"  # what the review calls a part of a match
    review_heading: str = "deal seat  action         best           loss  why"
    # The decision's numbers that lead each line, by attribute, and the width of the
    # action and best-action columns (the columns of ``review_heading``).
    review_numbers: tuple[str, ...] = ("deal", "seat")
    review_action_width: int = 14

    def review_head(self, decision: Any) -> str:
        """A decision's figures, before its reason (the columns of ``review_heading``): its
        numbers, its action and the best one, its loss (and :meth:`loss_unit`), and ``*``
        where it is one of the worst."""
        numbers = " ".join(f"{getattr(decision, name):>4}" for name in self.review_numbers)
        width = self.review_action_width
        mark = "*" if decision.worst else " "
        return (
            f"{numbers}  {self.short(decision.action)!s:<{width}} "
            f"{self.short(decision.best)!s:<{width}}{decision.loss:>5.1f}"
            f"{self.loss_unit(decision)}{mark} "
        )

    def loss_unit(self, decision: Any) -> str:
        """The column after a decision's loss that names its unit (none: every loss is in
        points)."""
        return ""

    def short(self, action: Any) -> str:
        """An action as a review's line shows it."""
        return str(action)

    # -- verify ----------------------------------------------------------------------

    def add_verify_options(self, parser: argparse.ArgumentParser) -> None:
        """Options that check a deal's cards too (gin: ``--hand``, ``--upcard``)."""

    def verify(
        self, game: Any, seed: str, args: argparse.Namespace
    ) -> tuple[dict[str, Any], list[str], dict[str, tuple[bool, str]]]:
        """What the deal seed ``seed`` deals: as JSON fields, as lines for people, and the
        checks the options asked for (name -> whether it holds, and the line saying so)."""
        return {}, [], {}


def seed_deals(ok: bool, what: str, *, one_of: bool = False) -> tuple[bool, str]:
    """A check of :meth:`GameCommands.verify`: whether ``what`` (``"your hand"``, ``"the
    upcard"``) is what the seed deals, and the line saying so, in capitals where it is not
    (``one_of``: it is one of several the seed deals, as a hand is)."""
    if ok:
        return True, f"  {what} is the one this seed deals"
    return False, f"  {what.upper()} IS NOT {'one' if one_of else 'the one'} this seed deals"


def _stdin_bytes(stdin: Any) -> BinaryIO:
    """Standard input as bytes (a test's StringIO has no buffer: its text, encoded)."""
    buffer = getattr(stdin, "buffer", None)
    if buffer is not None:
        return buffer  # type: ignore[no-any-return]
    return io.BytesIO(stdin.read().encode("utf-8"))


STDIN: Final = "-"
stdin_bytes = _stdin_bytes
