"""``read_json`` against a reference that checks everything on every text: its shortcuts
(brackets counted before the nesting is scanned, the surrogate check only where one can be)
must never change what is accepted, nor the message of a refusal."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.web.jsontext import MAX_DEPTH, BadJson, read_json


def _depth(text: str) -> int:
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            escaped, in_string = (False, True) if escaped else (char == "\\", char != '"')
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def reference(data: bytes | str, what: str, max_depth: int) -> Any:
    """The rules of ``read_json`` applied in full: UTF-8, nesting, JSON without NaN or
    Infinity, no key named twice in an object, no lone surrogate anywhere in the value."""
    try:
        text = data.decode("utf-8") if isinstance(data, bytes) else data
    except UnicodeDecodeError:
        raise BadJson(f"{what} is not valid UTF-8") from None
    if _depth(text) > max_depth:
        raise BadJson(f"{what} nests JSON deeper than {max_depth} levels")

    def constant(name: str) -> Any:  # the first met is named, even in text broken later
        raise BadJson(f"{what} holds {name}, which is not a JSON number")

    def unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        keys = [key for key, _value in pairs]
        for index, key in enumerate(keys):
            if key in keys[:index]:
                shown = repr(key) if len(key) <= 40 else repr(key[:37] + "...")
                raise BadJson(f"{what} names the key {shown} twice")
        return dict(pairs)

    try:
        value = json.loads(text, parse_constant=constant, object_pairs_hook=unique)
    except BadJson:
        raise
    except ValueError:
        raise BadJson(f"{what} is not valid JSON") from None
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise BadJson(
            f"{what} holds a lone surrogate (\\ud800-\\udfff), which is not Unicode text"
        ) from None
    return value


def outcome(read: Any, data: bytes | str) -> tuple[str, Any]:
    try:
        return "value", read(data, "the body", MAX_DEPTH)
    except BadJson as error:
        return "refused", str(error)


surrogates = st.characters(categories=["Cs"])  # lone surrogates (left out by default)
# (joined by hand: ``st.text`` drops surrogates from any alphabet)
any_text = st.lists(st.characters() | surrogates, max_size=12).map("".join)
leaves = (
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | any_text
)
values = st.recursive(
    leaves,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(any_text, inner, max_size=3),
    max_leaves=30,
)


@st.composite
def texts(draw: st.DrawFn) -> bytes | str:
    value = draw(values)
    text = json.dumps(value, ensure_ascii=draw(st.booleans()))
    if draw(st.booleans()):  # cut or spliced: not JSON, or other JSON
        cut = draw(st.integers(0, len(text)))
        text = text[:cut] + draw(st.sampled_from(["", "[", "]", "{", '"', "\\u", "NaN"]))
    if draw(st.booleans()):
        return text.encode("utf-8", "surrogatepass")  # lone surrogates: not UTF-8
    return text


@settings(max_examples=600, deadline=None)
@given(texts())
def test_read_json_agrees_with_the_full_checks(data: bytes | str) -> None:
    assert outcome(read_json, data) == outcome(reference, data)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 40), st.sampled_from(["[]", "{}", '{"a": []}', '["[[[", 1]']))
def test_nesting_at_and_past_the_limit(extra: int, core: str) -> None:
    text = "[" * extra + core + "]" * extra
    assert outcome(read_json, text) == outcome(reference, text)
    assert outcome(read_json, text)[0] == ("value" if _depth(text) <= MAX_DEPTH else "refused")


def test_escaped_and_raw_surrogates_are_refused() -> None:
    for data in ['{"a": "\\ud800"}', '{"a": "\ud800"}', b'["\\udc00"]']:
        kind, message = outcome(read_json, data)
        assert kind == "refused" and "lone surrogate" in message, data
    assert outcome(read_json, '{"a": "\\ud83d\\ude00"}') == ("value", {"a": "\U0001f600"})


@pytest.mark.parametrize(
    "text",
    ['{"action": "pass", "action": "take"}', '{"seats": [{"token": "a", "token": "b"}]}'],
)
def test_a_key_named_twice_is_refused(text: str) -> None:
    """Python keeps the last of a repeated key, other readers the first: a body that says
    two things is refused rather than read one way here."""
    kind, message = outcome(read_json, text)
    assert kind == "refused" and "twice" in message, message
