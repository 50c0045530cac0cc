"""Schemathesis against the OpenAPI description, in process: requests drawn from every
operation's schemas (valid and invalid), on real matches of both games, and every answer
checked against the description: no server error, every status and body as described,
a wrong method answered 405 with the whole ``Allow``.

Bounded (a fixed number of examples an operation, no example database) so that it runs in
well under a minute in ``make test``."""

from __future__ import annotations

import atexit
import random
import tempfile
from pathlib import Path
from typing import Any

import schemathesis
from hypothesis import HealthCheck, settings
from starlette.applications import Starlette

from cardtable.store import Store
from cardtable.table import SeatSpec, TableService
from cardtable.web.app import create_app
from cardtable.web.limits import WebLimits

EXAMPLES = 100  # an operation; about 20 s for all of them


class _Table:
    """The app under test and its seats: a match of each game, against a friend."""

    def __init__(self, folder: Path) -> None:
        self.store = Store(f"sqlite:///{folder / 'schemathesis.db'}")
        self.service = TableService(self.store, computers="inline")
        self.app: Starlette = create_app(self.service, limits=WebLimits.unlimited())
        self.seats: list[tuple[str, str]] = []
        for game in ("gin", "cribbage"):
            created = self.service.create_match(
                (SeatSpec("human", "Ann"), SeatSpec("human", "Bo")), game=game
            )
            self.seats += [(created.match_id, t) for t in created.tokens if t is not None]

    def fresh(self) -> tuple[str, str]:
        """A new Gin Rummy match, and its first seat's token."""
        created = self.service.create_match((SeatSpec("human", "Cy"), SeatSpec("human", "Di")))
        assert created.tokens[0] is not None
        return created.match_id, created.tokens[0]

    def close(self) -> None:
        self.store.close()


# Built when the module is collected: schemathesis reads the description from the app to
# make the tests. Its database lives in a temporary folder, removed at exit.
_FOLDER = tempfile.TemporaryDirectory(prefix="cardtable-schemathesis-")
TABLE = _Table(Path(_FOLDER.name))
atexit.register(_FOLDER.cleanup)
atexit.register(TABLE.close)
# What is checked: everything schemathesis checks, but that every request the schemas allow
# is accepted (they describe a request's shape, not the game: an illegal move or an unknown
# level is well-formed and refused with 422); and a request made wrong on purpose may also
# be refused as too large (413), which schemathesis does not count as a refusal by itself.
CONFIG = schemathesis.Config.from_str(
    """
[checks]
positive_data_acceptance.enabled = false
negative_data_rejection.expected-statuses = [
    "400", "401", "403", "404", "405", "406", "409", "413", "415", "422", "428", "429", "5XX"
]
"""
)
schema = schemathesis.openapi.from_asgi("/api/openapi.json", TABLE.app, config=CONFIG).exclude(
    path_regex=r"^/(static/|api/matches/\{match_id\}/ws$)"  # files, and the socket
)


def _on_a_real_seat(case: Any, table: _Table) -> None:
    """Most valid cases name one of the real matches with its token (else every one would
    stop at 404 or 401); the rest keep what was drawn."""
    if case.meta is not None and case.meta.generation.mode.is_negative:
        return  # a request made wrong on purpose stays as it was drawn
    chooser = random.Random(repr(case.path_parameters) + repr(case.headers))
    if case.path_parameters and "match_id" in case.path_parameters and chooser.random() < 0.8:
        # A match deleted is gone for the cases after it: each DELETE removes one of its own.
        match_id, token = table.fresh() if case.method == "DELETE" else chooser.choice(table.seats)
        case.path_parameters["match_id"] = match_id
        # A case drawn without the header (a check that it is required) stays without it.
        if case.headers and "Authorization" in case.headers:
            case.headers["Authorization"] = f"Bearer {token}"


@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)
def test_every_answer_is_as_described(case: Any) -> None:
    _on_a_real_seat(case, TABLE)
    # Not for DELETE: that the same request with a wrong token is then 401 or 403 (the first
    # removed the match, and a match that is gone is 404 whoever asks).
    skipped = [schemathesis.checks.ignored_auth] if case.method == "DELETE" else []
    case.call_and_validate(excluded_checks=skipped)
