"""Eights at the table service on both stores: created, played against the computer to the
end, resumed by another service from the database, and counted in the statistics."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from cardtable.errors import IllegalActionError
from cardtable.store import Store
from cardtable.table import SeatSpec, TableService
from tests.pg import DATABASES, database_url


@pytest.fixture(params=DATABASES)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    opened = Store(database_url(request, tmp_path))
    yield opened
    opened.close()


def test_a_match_against_the_computer_is_played_to_the_end(store: Store) -> None:
    service = TableService(store)
    rules = service.make_rules("eights", "short", None)
    created = service.create_match(
        (SeatSpec("human", "Ann"), SeatSpec("computer", level="simple")),
        rules,
        seed="table-1",
        game="eights",
    )
    token = created.tokens[0]
    assert token is not None
    view = service.view(created.match_id, token).to_json()
    assert view["game"] == "eights"
    moves = 0
    while not view["finished"]:
        basics = view["basics"]
        assert basics["my_turn"], basics["status"]
        choice = basics["choices"][0]["action"]
        view = service.act(created.match_id, token, choice, expected=view["action_count"]).to_json()
        moves += 1
        assert moves < 2000
    assert "won the match" in view["basics"]["status"]
    with pytest.raises(IllegalActionError):
        service.act(created.match_id, token, "draw")
    again = TableService(store)  # another process, from the database alone
    assert again.view(created.match_id, token).to_json()["scores"] == view["scores"]
    summary = again.summary(created.match_id)
    assert summary.game == "eights"
    stats = again.player_stats([(created.match_id, token)]).to_json()
    (counted,) = [entry for entry in stats["games"] if entry["game"] == "eights"]
    assert (counted["matches"], counted["unfinished"]) == (1, 0), counted


def test_a_bad_action_is_refused_and_stores_nothing(store: Store) -> None:
    service = TableService(store)
    created = service.create_match(
        (SeatSpec("human", "Ann"), SeatSpec("human", "Bob")), seed="table-2", game="eights"
    )
    count = service.action_count(created.match_id)
    tokens = [token for token in created.tokens if token is not None]
    mover = next(
        t for t in tokens if service.view(created.match_id, t).to_json()["basics"]["my_turn"]
    )
    with pytest.raises(IllegalActionError):
        service.act(created.match_id, mover, "play 8Z as stripes")
    assert service.action_count(created.match_id) == count
