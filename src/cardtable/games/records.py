"""What every game's match record shares: the header lines and reading a record file safely.

A record is text, one item a line: a magic line naming the game and format, the rules, the
seed (absent where the record carries a deck per deal), the first dealer, then the game's own
lines for each deal.

>>> rules = {"target": 121, "skunk_line": None, "muggins": False}
>>> record_head("cribbage-record 2", rules, ("on", "off"), "s", 0)
['cribbage-record 2', 'rules target=121 skunk_line=off muggins=off', 'seed s', 'first-dealer 0']
>>> import io
>>> list(read_record_lines(io.BytesIO(b"\\xef\\xbb\\xbfa\\nb"), 10))
[(1, 'a\\n'), (2, 'b')]
>>> list(read_record_lines(io.BytesIO(b"x" * 11), 10))
Traceback (most recent call last):
...
cardtable.errors.InvalidRecordError: line 1: the line is longer than 10 bytes: not a match record
"""

from __future__ import annotations

import codecs
from collections.abc import Iterator, Mapping
from typing import BinaryIO

from cardtable.errors import InvalidRecordError

__all__ = ["read_record_lines", "record_head"]


def record_head(
    magic: str,
    settings: Mapping[str, object],
    yes_no: tuple[str, str],
    seed: str | None,
    first_dealer: int,
) -> list[str]:
    """A record's first lines: ``magic``, the rules (``off`` for a setting that is off, a
    switch as the game's words ``yes_no``), the seed if any, the first dealer."""
    parts = []
    for key, value in settings.items():
        if value is None:
            text = "off"
        elif isinstance(value, bool):
            text = yes_no[0] if value else yes_no[1]
        else:
            text = str(value)
        parts.append(f"{key}={text}")
    lines = [magic, "rules " + " ".join(parts)]
    if seed is not None:
        lines.append(f"seed {seed}")
    lines.append(f"first-dealer {first_dealer}")
    return lines


def read_record_lines(
    handle: BinaryIO, max_line_bytes: int, max_record_bytes: int | None = None
) -> Iterator[tuple[int, str]]:
    """The numbered lines of a record file, read one at a time with bounded memory: a line
    that is not UTF-8 or longer than ``max_line_bytes``, or a file over ``max_record_bytes``
    (when given), is refused with its number without reading on; a UTF-8 BOM is skipped."""
    number = 0
    size = 0
    while True:
        raw = handle.readline(max_line_bytes + 1)
        if not raw:
            return
        number += 1
        size += len(raw)
        if len(raw) > max_line_bytes and not raw.endswith(b"\n"):
            raise InvalidRecordError(
                f"the line is longer than {max_line_bytes} bytes: not a match record", number
            )
        if max_record_bytes is not None and size > max_record_bytes:
            raise InvalidRecordError(
                f"the record is over {max_record_bytes // (1024 * 1024)} MiB: not a match record",
                number,
            )
        if number == 1:
            raw = raw.removeprefix(codecs.BOM_UTF8)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise InvalidRecordError("not UTF-8 text", number) from None
        yield number, text
