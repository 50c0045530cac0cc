"""Checks of command-line arguments that several commands share: a seed, a database URL.

Each refuses bad input with a :class:`~cardtable.cli.usage.UsageError` (one line on stderr,
exit status 2) before anything is done with it. ``play`` and ``lesson`` (:mod:`cardtable.cli.tui`)
and ``serve`` (:mod:`cardtable.cli.web`) call them as well as the common commands.
"""

from __future__ import annotations

from cardtable.cli.usage import UsageError

__all__ = ["check_seed", "check_text"]


def check_text(name: str, value: str) -> str:
    """``value`` (an argument called ``name``) if it is text that can be written out: valid
    UTF-8 (a byte that is not arrives as a lone surrogate) and no control characters."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise UsageError(f"the {name} is not valid text (UTF-8)") from None
    if any(not ch.isprintable() for ch in value):
        raise UsageError(f"the {name} has control characters: {value!r}")
    return value


def check_seed(value: str | None, name: str = "seed") -> str | None:
    """A seed given on the command line (``None``: none given): printable UTF-8 text, not
    empty (an empty seed would look like none, and is refused instead).

    >>> check_seed("golden"), check_seed(None)
    ('golden', None)
    """
    if value is None:
        return None
    check_text(name, value)
    if not value.strip():
        raise UsageError(f"the {name} is empty: give one, or leave --{name} out for a fresh one")
    return value
