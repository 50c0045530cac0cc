"""The OpenAPI description: served, valid, and in step with the app's routes."""

from __future__ import annotations

import re
from typing import Any

from jsonschema import Draft202012Validator
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.testclient import TestClient

from cardtable.web.app import ROUTES
from cardtable.web.openapi import openapi_document


def _route_operations() -> set[tuple[str, str]]:
    """(method, path) for every route of the app, paths written as OpenAPI writes them."""
    found: set[tuple[str, str]] = set()
    for route in ROUTES:
        if isinstance(route, Mount):
            found.add(("get", route.path + "/{path}"))
            continue
        assert isinstance(route, Route | WebSocketRoute), route
        path = re.sub(r"\{(\w+):\w+\}", r"{\1}", route.path)  # {deal:int} is {deal}
        if isinstance(route, WebSocketRoute):
            found.add(("get", path))
            continue
        assert route.methods is not None
        found.update((method.lower(), path) for method in route.methods if method != "HEAD")
    return found


def _described_operations(document: dict[str, Any]) -> set[tuple[str, str]]:
    return {(method, path) for path, item in document["paths"].items() for method in item}


def test_every_route_is_described_and_nothing_else() -> None:
    routes, described = _route_operations(), _described_operations(openapi_document())
    assert routes - described == set(), "routes missing from the description"
    assert described - routes == set(), "described operations the app does not have"


def test_the_description_is_served_as_json(client: TestClient) -> None:
    response = client.get("/api/openapi.json")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("application/json")
    assert response.json() == openapi_document()
    assert response.json()["openapi"].startswith("3.1")


def test_every_schema_is_valid_json_schema_and_every_ref_resolves() -> None:
    document = openapi_document()
    for schema in document["components"]["schemas"].values():
        Draft202012Validator.check_schema(schema)
    refs = re.findall(r"'\$ref': '#/components/schemas/(\w+)'", repr(document))
    assert refs and set(refs) <= set(document["components"]["schemas"])


def test_every_operation_documents_its_refusals_as_the_error_shape() -> None:
    document = openapi_document()
    for path, item in document["paths"].items():
        for method, operation in item.items():
            assert operation["summary"], (method, path)
            responses = operation["responses"]
            assert any(code < "400" for code in responses), (method, path)
            for code, answer in responses.items():
                if code >= "400":
                    schema = answer["content"]["application/json"]["schema"]
                    assert schema == {"$ref": "#/components/schemas/Error"}, (method, path)
            if method == "post":
                assert "403" in responses, f"{path}: a cross-site POST is refused with 403"
