"""JSON as a client sends it (a request body, a WebSocket frame), read strictly.

Python's :func:`json.loads` accepts more than the table can use safely: nesting deep enough
to exhaust the recursion limit within a few kilobytes, ``\\ud800`` escapes that decode to
lone surrogates (text that cannot be stored or encoded again), and ``NaN``/``Infinity``
(not JSON at all), and an object that names a key twice (Python keeps the last, other
readers the first). :func:`read_json` refuses each with a message that says which.

>>> read_json(b'{"name": "Ann"}')
{'name': 'Ann'}
>>> def why(data: bytes) -> str:
...     try:
...         read_json(data, "the body")
...     except BadJson as error:
...         return str(error)
...     return "accepted"
>>> why(b"[" * 40 + b"]" * 40)
'the body nests JSON deeper than 16 levels'
>>> print(why(b'{"name": "\\\\ud800"}'))
the body holds a lone surrogate (\\ud800-\\udfff), which is not Unicode text
>>> why(b'{"target": NaN}'), why(b"\\xff")
('the body holds NaN, which is not a JSON number', 'the body is not valid UTF-8')
>>> why(b'{"action": "pass", "action": "take"}')
"the body names the key 'action' twice"
"""

from __future__ import annotations

import json
from typing import Any, Final

__all__ = ["MAX_DEPTH", "BadJson", "nesting_depth", "read_json", "read_json_object"]

# Deeper than any request of the API needs ({"seats": [{...}]} is 2 levels below the top).
MAX_DEPTH: Final = 16


class BadJson(ValueError):
    """The text is not JSON the table accepts; the message says why."""


def nesting_depth(text: str) -> int:
    """How deeply arrays and objects nest in ``text`` (brackets inside strings ignored).

    >>> nesting_depth('{"a": [1, {"b": "]]"}]}')
    3
    """
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


class _Repeated(Exception):
    """An object names a key twice (the key in ``args[0]``)."""


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    # Python keeps the last of a repeated key; other readers keep the first, or refuse. A
    # body that says two things is refused, not read one way here and another elsewhere.
    found = dict(pairs)
    if len(found) != len(pairs):
        seen: set[str] = set()
        for key, _value in pairs:
            if key in seen:
                raise _Repeated(key)
            seen.add(key)
    return found


class _Constant(Exception):
    """``NaN``, ``Infinity`` or ``-Infinity`` met by the parser (named in ``args[0]``)."""


def _no_constant(name: str) -> Any:
    raise _Constant(name)


# One decoder for every call: making one per call (as ``json.loads`` does when given a hook)
# costs more than parsing a WebSocket frame.
_DECODER: Final = json.JSONDecoder(parse_constant=_no_constant, object_pairs_hook=_unique_keys)


def read_json_object(data: bytes | str, what: str) -> dict[str, Any]:
    """``data`` read as :func:`read_json` reads it, which must be a JSON object (what every
    request body and WebSocket message of the table is).

    >>> read_json_object(b"[]", "the body")
    Traceback (most recent call last):
    ...
    cardtable.web.jsontext.BadJson: the body must be a JSON object
    """
    value = read_json(data, what)
    if not isinstance(value, dict):
        raise BadJson(f"{what} must be a JSON object")
    return value


def read_json(data: bytes | str, what: str = "the text", max_depth: int = MAX_DEPTH) -> Any:
    """``data`` (UTF-8 bytes or text) parsed as JSON; :class:`BadJson` saying what is wrong
    with ``what`` (the name of the text in the message)."""
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise BadJson(f"{what} is not valid UTF-8") from None
    else:
        text = data
    # Counted before parsing, so that no nesting can reach the parser's recursion (a text
    # with fewer brackets than the limit cannot nest deeper: most are not scanned).
    if text.count("[") + text.count("{") > max_depth and nesting_depth(text) > max_depth:
        raise BadJson(f"{what} nests JSON deeper than {max_depth} levels")
    try:
        value = _DECODER.decode(text)
    except _Constant as constant:
        raise BadJson(f"{what} holds {constant.args[0]}, which is not a JSON number") from None
    except _Repeated as repeated:
        key = repeated.args[0]
        shown = repr(key) if len(key) <= 40 else repr(key[:37] + "...")
        raise BadJson(f"{what} names the key {shown} twice") from None
    except ValueError:
        raise BadJson(f"{what} is not valid JSON") from None
    # A lone surrogate cannot be encoded: one escaped in the JSON (only a ``\\u`` escape
    # makes one), or one in the text itself (never in text decoded from UTF-8 bytes, nor in
    # ASCII text).
    if "\\u" in text or not (isinstance(data, bytes) or text.isascii()):
        try:
            json.dumps(value, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            raise BadJson(
                f"{what} holds a lone surrogate (\\ud800-\\udfff), which is not Unicode text"
            ) from None
    return value
