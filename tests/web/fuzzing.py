"""Requests drawn from the OpenAPI description (``GET /api/openapi.json``), for the fuzz tests.

Each operation of the description gives a strategy of requests: its path parameters, its
query, a seat token (a real one, a forged one, odd bytes, none), an Origin, and a body that
is sometimes what the schema asks for (with real ids, levels and actions mixed in, so that
requests get past the first check), sometimes that with one thing wrong, and sometimes any
JSON or any bytes at all. The schema subset read here is the one ``cardtable.web.openapi``
uses: ``$ref``, ``type`` (one or a list), ``enum``, ``properties``, ``required``,
``additionalProperties``, ``items``, ``maxItems``, ``minLength``, ``maxLength``,
``pattern``, ``minimum``, ``maxProperties``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

from hypothesis import strategies as st

Schema = dict[str, Any]

# Text without lone surrogates: httpx cannot encode those into a URL or a header, and in a
# body they are made by JSON escapes instead (see ``ODD_JSON``).
TEXT = st.text(st.characters(exclude_categories=("Cs",)), max_size=30)
JSON_SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | TEXT
)
ANY_JSON = st.recursive(
    JSON_SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
    max_leaves=12,
)
# Bodies of the kinds that once broke the table (issue 11), which no JSON encoder writes:
# lone surrogates, deep nesting, NaN, bytes that are not UTF-8, settings named like Python
# parameters, a number too long to read.
ODD_JSON = st.sampled_from(
    [
        b'{"name": "\\ud800"}',
        b'{"action": "\\udfff", "expected": 1}',
        b'{"seats": [{"match_id": "\\ud83d", "token": "x"}]}',
        b'{"game": "\\ud800"}',
        b'{"select": "\\ud800"}',
        b"[" * 2000 + b"]" * 2000,
        b'{"settings": ' + b'{"a": ' * 300 + b"1" + b"}" * 301,
        b'{"expected": NaN, "action": "draw"}',
        b'{"settings": {"target": Infinity}}',
        b'{"name": "\xff\xfe"}',
        b"\x00\x01\x02",
        b'{"settings": {"self": 1}}',
        b'{"settings": {"__class__": 1, "preset": "x"}}',
        b'{"settings": {"rules": 1, "game": "gin"}}',
        b'{"expected": ' + b"9" * 4000 + b', "action": "draw"}',
    ]
)
AUTH_SCHEMES = st.sampled_from(["Bearer ", "bearer ", "Basic ", "Bearer", ""])


@dataclass
class Known:
    """Real values to mix into requests, so that some get past the first checks."""

    seats: list[tuple[str, str]] = field(default_factory=list)  # (match id, its seat token)
    match_ids: list[str] = field(default_factory=list)
    tokens: list[str] = field(default_factory=list)
    lesson_ids: list[str] = field(default_factory=list)
    words: dict[str, list[Any]] = field(default_factory=dict)  # property name: values

    def values(self, name: str) -> st.SearchStrategy[Any] | None:
        real = {
            "match_id": self.match_ids,
            "lesson_id": self.lesson_ids,
            "token": self.tokens,
            **self.words,
        }.get(name)
        return st.sampled_from(real) if real else None


@dataclass(frozen=True)
class Operation:
    method: str
    path: str
    spec: Schema

    @property
    def name(self) -> str:
        return f"{self.method.upper()} {self.path}"

    def statuses(self) -> set[int]:
        return {int(code) for code in self.spec["responses"]}

    def response_schema(self, status: int) -> Schema | None:
        answer = self.spec["responses"].get(str(status), {})
        content = answer.get("content", {})
        json_content = content.get("application/json")
        return None if json_content is None else dict(json_content["schema"])


@dataclass(frozen=True)
class Drawn:
    """One request to send."""

    method: str
    url: str
    headers: dict[str, Any]
    content: bytes | None


def operations(document: Schema) -> list[Operation]:
    return [
        Operation(method, path, spec)
        for path, item in document["paths"].items()
        for method, spec in item.items()
        if not spec.get("x-websocket")
    ]


def resolve(document: Schema, schema: Schema) -> Schema:
    while "$ref" in schema:
        node: Any = document
        for part in schema["$ref"].removeprefix("#/").split("/"):
            node = node[part]
        schema = node
    return schema


def from_schema(
    document: Schema, schema: Schema, known: Known, name: str = ""
) -> st.SearchStrategy[Any]:
    """Values that fit ``schema`` (real ones from ``known`` for the property ``name``)."""
    schema = resolve(document, schema)
    real = known.values(name)
    if "enum" in schema:
        drawn: st.SearchStrategy[Any] = st.sampled_from(schema["enum"])
        return drawn | real if real is not None else drawn
    kinds = schema.get("type")
    if kinds is None:
        drawn = ANY_JSON
    elif isinstance(kinds, list):
        drawn = st.one_of([from_schema(document, {**schema, "type": k}, known) for k in kinds])
    elif kinds == "object":
        drawn = _object(document, schema, known)
    elif kinds == "array":
        items = from_schema(document, schema.get("items", {}), known)
        drawn = st.lists(items, max_size=min(schema.get("maxItems", 5), 5))
    elif kinds == "string":
        if "pattern" in schema:
            drawn = st.from_regex(schema["pattern"], fullmatch=True)
        else:
            drawn = st.text(
                st.characters(exclude_categories=("Cs",)),
                min_size=schema.get("minLength", 0),
                max_size=min(schema.get("maxLength", 30), 30),
            )
    elif kinds == "integer":
        drawn = st.integers(min_value=schema.get("minimum"), max_value=2**40)
    elif kinds == "boolean":
        drawn = st.booleans()
    elif kinds == "null":
        drawn = st.none()
    else:
        raise AssertionError(f"the fuzzer reads no schema type {kinds!r}")
    return real | drawn if real is not None else drawn


def _object(document: Schema, schema: Schema, known: Known) -> st.SearchStrategy[Any]:
    properties: Mapping[str, Schema] = schema.get("properties", {})
    values = {key: from_schema(document, sub, known, key) for key, sub in properties.items()}
    extra = schema.get("additionalProperties", True)
    if schema.get("maxProperties") == 1 and values:  # exactly one of them
        return st.one_of([st.fixed_dictionaries({key: value}) for key, value in values.items()])
    required = set(schema.get("required", ()))
    fixed = st.fixed_dictionaries(
        {k: v for k, v in values.items() if k in required},
        optional={k: v for k, v in values.items() if k not in required},
    )
    if isinstance(extra, dict):  # a map of name: value (the settings)
        names = known.values("setting")
        if names is None:
            names = TEXT
        more = st.dictionaries(names, from_schema(document, extra, known), max_size=3)
        return st.builds(lambda a, b: {**a, **b}, fixed, more)
    return fixed


def _spoiled(valid: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """A valid body with one thing wrong: a key added, one value replaced, or one dropped."""

    @st.composite
    def spoil(draw: st.DrawFn) -> Any:
        value = draw(valid)
        if not isinstance(value, dict):
            return value
        value = dict(value)
        choice = draw(st.sampled_from(["add", "replace", "drop"]))
        if choice == "add" or not value:
            value[draw(TEXT)] = draw(ANY_JSON)
        elif choice == "replace":
            value[draw(st.sampled_from(sorted(value)))] = draw(ANY_JSON)
        else:
            del value[draw(st.sampled_from(sorted(value)))]
        return value

    return spoil()


def _valid_body(
    document: Schema, operation: Operation, known: Known
) -> st.SearchStrategy[bytes | None]:
    request_body = operation.spec.get("requestBody")
    if request_body is None:
        return st.none()
    schema = request_body["content"]["application/json"]["schema"]
    return from_schema(document, schema, known).map(lambda value: json.dumps(value).encode())


def _body(document: Schema, operation: Operation, known: Known) -> st.SearchStrategy[bytes | None]:
    as_bytes = st.builds(lambda value: json.dumps(value).encode(), ANY_JSON)
    # The odd bodies weigh most: each is a class of fault found before (issue 11).
    choices: list[st.SearchStrategy[bytes | None]] = [
        st.none(),
        as_bytes,
        ODD_JSON,
        ODD_JSON,
        ODD_JSON,
        st.binary(max_size=64),
    ]
    request_body = operation.spec.get("requestBody")
    if request_body is not None:
        schema = request_body["content"]["application/json"]["schema"]
        valid = from_schema(document, schema, known)
        encode = st.builds(lambda value: json.dumps(value).encode(), valid)
        spoiled = st.builds(lambda value: json.dumps(value).encode(), _spoiled(valid))
        choices = [encode, encode, spoiled, *choices]
    return st.one_of(choices)


def _path_value(document: Schema, parameter: Schema, known: Known) -> st.SearchStrategy[str]:
    schema = parameter["schema"]
    real = known.values(parameter["name"])
    fitting = from_schema(document, schema, known).map(str)
    drawn = st.one_of(fitting, TEXT.filter(bool))
    return st.one_of(real, drawn) if real is not None else drawn


def _authorization(known: Known) -> st.SearchStrategy[Any]:
    tokens = st.sampled_from(known.tokens) if known.tokens else TEXT
    odd_bytes = st.binary(min_size=1, max_size=40).map(
        lambda raw: b"Bearer " + bytes(b for b in raw if b >= 0x20 or b == 0x09)
    )
    return st.one_of(
        st.none(),
        st.builds(lambda scheme, token: scheme + token, AUTH_SCHEMES, tokens),
        st.builds(
            lambda token: "Bearer " + token, st.from_regex(r"[A-Za-z0-9_-]{1,200}", fullmatch=True)
        ),
        odd_bytes,
        st.just("Bearer " + "t" * 5000),
    )


# Mostly none or this site's, so that the cross-site refusal hides few of the other checks.
ORIGINS = st.sampled_from(
    [*[None] * 8, "http://testserver", "http://evil.example", "null", "http://testserver:81"]
)
FETCH_SITES = st.sampled_from([*[None] * 6, "same-origin", "none", "cross-site"])
CONTENT_TYPES = st.sampled_from([None, "application/json", "text/plain", "multipart/form-data"])


def requests(document: Schema, operation: Operation, known: Known) -> st.SearchStrategy[Drawn]:
    """Requests for one operation of ``document``."""
    parameters = operation.spec.get("parameters", [])

    @st.composite
    def draw(data: st.DrawFn) -> Drawn:
        path = operation.path
        query: list[str] = []
        headers: dict[str, Any] = {}
        seat = None
        # Half the requests are well formed (a real seat, a body that fits, no stray
        # headers), so that the checks behind the first ones are reached too.
        clean = data(st.booleans())
        if "{match_id}" in path and known.seats and (clean or data(st.booleans())):
            seat = data(st.sampled_from(known.seats))  # a real seat: past the token check
            headers["Authorization"] = f"Bearer {seat[1]}"
        for parameter in parameters:
            if seat is not None and parameter["name"] == "match_id":
                path = path.replace("{match_id}", seat[0])
                continue
            value = data(_path_value(document, parameter, known))
            if parameter["in"] == "path":
                path = path.replace("{" + parameter["name"] + "}", quote(value, safe=""))
            elif data(st.booleans()):
                query.append(f"{parameter['name']}={quote(value, safe='')}")
        if not clean and data(st.integers(0, 9)) == 0:
            query.append(f"{quote(data(TEXT), safe='')}=1")
        for header, values in (
            ("Authorization", _authorization(known)),
            ("Origin", ORIGINS),
            ("Sec-Fetch-Site", FETCH_SITES),
            ("Content-Type", CONTENT_TYPES),
        ):
            if header in headers or (clean and header != "Authorization"):
                continue
            value = data(values)
            if value is not None:
                headers[header] = value
        body = _valid_body if clean else _body
        content = data(body(document, operation, known))
        url = path + ("?" + "&".join(query) if query else "")
        return Drawn(operation.method.upper(), url, headers, content)

    return draw()
