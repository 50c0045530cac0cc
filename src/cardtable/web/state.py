"""What every handler reads from the app's state: the table service, the lessons, the hub."""

from __future__ import annotations

from dataclasses import dataclass

from starlette.requests import HTTPConnection

from cardtable.table import Lessons, TableService
from cardtable.web.hub import Hub

__all__ = ["WebState", "state_of"]


@dataclass(frozen=True, slots=True)
class WebState:
    service: TableService
    lessons: Lessons
    hub: Hub


def state_of(connection: HTTPConnection) -> WebState:
    state = connection.app.state.web
    assert isinstance(state, WebState)
    return state
