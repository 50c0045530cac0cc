"""Checks of command-line arguments that several commands share: a seed, a database URL.

Each refuses bad input with a :class:`~cardtable.cli.usage.UsageError` (one line on stderr,
exit status 2) before anything is done with it. ``play`` and ``lesson`` (:mod:`cardtable.cli.tui`)
and ``serve`` (:mod:`cardtable.cli.web`) call them as well as the common commands.
"""

from __future__ import annotations

import os

from cardtable.cli.usage import UsageError

__all__ = ["DATABASE_VARIABLES", "check_database", "check_seed", "check_text"]

# Where a database URL comes from when none is given, in the order the store reads them.
DATABASE_VARIABLES = ("CARDTABLE_DATABASE_URL", "GINRUMMY_DATABASE_URL")


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


def _shown(url: str) -> str:
    """The URL without its password, for a message."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return url


def check_database(url: str | None) -> None:
    """Refuse a database that cannot be opened, before a table is served or played on it:
    a URL that is not one, names no database there is a driver for, a file that cannot be
    made or is not a database, a server that does not answer. ``None`` is the database of
    the environment (``$CARDTABLE_DATABASE_URL``, ``$GINRUMMY_DATABASE_URL``), else the
    default file; the message names where the URL came from."""
    from sqlalchemy.exc import ArgumentError, NoSuchModuleError, SQLAlchemyError

    # (NoSuchModuleError is an ArgumentError: a driver missing is told apart first.)
    from cardtable.store import Store, StoreUnavailableError

    where = "--database"
    if url is None:
        named = next((name for name in DATABASE_VARIABLES if os.environ.get(name)), None)
        if named is not None:
            where, url = f"${named}", os.environ[named]
    if url is not None:
        check_text(f"database URL ({where})", url)
    shown = "the default database" if url is None else _shown(url)
    try:
        store = Store(url)
    except NoSuchModuleError:
        scheme = (url or "").partition(":")[0]
        raise UsageError(
            f"{where}: no database driver for {scheme!r} ({shown}): use sqlite:///FILE or "
            "postgresql+psycopg://USER@HOST/DATABASE"
        ) from None
    except ArgumentError:
        raise UsageError(
            f"{where}: {url!r} is not a database URL: use sqlite:///FILE or "
            "postgresql+psycopg://USER@HOST/DATABASE"
        ) from None
    except StoreUnavailableError as error:
        reason = str(error).partition("(")[2].rstrip(")").partition(": ")[2] or str(error)
        raise UsageError(f"{where}: cannot open {shown}: {reason}") from None
    except (SQLAlchemyError, OSError) as error:
        cause = getattr(error, "orig", None) or error
        reason = (str(cause).strip().splitlines() or [type(cause).__name__])[0]
        raise UsageError(f"{where}: cannot open {shown}: {reason}") from None
    store.close()
