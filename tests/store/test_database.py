"""The store: matches and their actions in SQL, races settled by the stored count, series
that cannot fork, and databases made by earlier versions upgraded without losing a match.
Every test runs on SQLite and on PostgreSQL unless it says otherwise."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest
from sqlalchemy import event

from cardtable.store import (
    ActionConflictError,
    Append,
    Job,
    SeriesConflictError,
    Store,
    default_url,
)

SEATS = [{"kind": "human", "name": "Ann", "token": "t0"}, {"kind": "computer", "level": "simple"}]


def test_a_match_and_its_actions_round_trip(store: Store) -> None:
    store.create_match("m1", {"target": 100}, "seed", 1, SEATS, "gin")
    store.append_actions("m1", 0, [(0, "pass"), (1, "take")], "active", {"scores": [0, 0]})
    stored = store.get_match("m1")
    assert stored is not None
    assert (stored.game, stored.follows, stored.first_dealer, stored.seed) == (
        "gin",
        None,
        1,
        "seed",
    )
    assert stored.seats == SEATS and stored.summary == {"scores": [0, 0]}
    assert stored.action_count == 2  # read with the match: no count query
    assert [(a.number, a.seat, a.action) for a in store.actions("m1")] == [
        (0, 0, "pass"),
        (1, 1, "take"),
    ]
    assert [a.action for a in store.actions("m1", since=1)] == ["take"]
    assert store.actions("m1", since=2) == []
    assert store.action_count("m1") == 2
    assert store.get_match("nope") is None


def test_several_appends_at_once_each_get_their_own_outcome(store: Store) -> None:
    for n in range(4):
        store.create_match(f"m{n}", {}, f"s{n}", 0, SEATS, "gin")
    store.append_actions("m1", 0, [(0, "pass")], "active", {})  # m1 has moved on
    outcomes = store.append_many(
        [
            Append("m0", 0, [(0, "pass")], "active", {"n": 0}, computer_next=True),
            Append("m1", 0, [(0, "take")], "active", {}),  # stale: refused alone
            Append("gone", 0, [(0, "pass")], "active", {}),  # no such match
            Append("m2", 0, [(0, "pass"), (1, "take")], "finished", {"n": 2}),
            Append("m3", 0, [(0, "pass")], "active", {}, computer_next=True, claim_for="w"),
        ]
    )
    assert isinstance(outcomes[0], Job) and outcomes[0].locked_by is None
    assert isinstance(outcomes[1], ActionConflictError)
    assert isinstance(outcomes[2], KeyError)
    assert outcomes[3] is None
    assert isinstance(outcomes[4], Job) and outcomes[4].locked_by == "w"
    assert [a.action for a in store.actions("m1")] == ["pass"]  # the stale one wrote nothing
    m2 = store.get_match("m2")
    assert m2 is not None and (m2.status, m2.action_count, m2.summary) == ("finished", 2, {"n": 2})
    assert [store.action_count(f"m{n}") for n in range(4)] == [1, 1, 2, 1]
    assert store.job("m0") is not None and store.job("m2") is None


def test_two_writers_cannot_both_take_one_turn(store: Store) -> None:
    store.create_match("m1", {}, "s", 0, SEATS, "gin")
    store.append_actions("m1", 0, [(1, "pass")], "active", {})
    with pytest.raises(ActionConflictError):
        store.append_actions("m1", 0, [(1, "take")], "finished", {"winner": 1})
    with pytest.raises(ActionConflictError):  # ahead of the stored count: refused as well
        store.append_actions("m1", 5, [(1, "take")], "finished", {"winner": 1})
    stored = store.get_match("m1")
    assert stored is not None and stored.status == "active"  # the refused write left nothing
    assert stored.action_count == 1
    assert [a.action for a in store.actions("m1")] == ["pass"]
    with pytest.raises(KeyError):
        store.append_actions("nope", 0, [(0, "pass")], "active", {})


def test_a_series_cannot_fork(store: Store) -> None:
    store.create_match("m1", {}, "s", 0, SEATS, "gin")
    store.create_match("m2", {}, "s2", 1, SEATS, "gin", follows="m1")
    with pytest.raises(SeriesConflictError):
        store.create_match("m3", {}, "s3", 1, SEATS, "gin", follows="m1")
    nxt = store.next_of("m1")
    assert nxt is not None and nxt.id == "m2" and store.next_of("m2") is None
    assert {m.id for m in store.list_matches()} == {"m1", "m2"}


def test_a_database_of_the_ginrummy_package_is_upgraded_in_place(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as old:  # the schema the ginrummy package created
        old.executescript(
            """
            CREATE TABLE matches (id VARCHAR(32) PRIMARY KEY, created_at VARCHAR(32),
                updated_at VARCHAR(32), rules TEXT, seed VARCHAR(128), first_dealer INTEGER,
                seats TEXT, status VARCHAR(16), summary TEXT);
            CREATE TABLE actions (match_id VARCHAR(32) REFERENCES matches(id), number INTEGER,
                seat INTEGER, action TEXT, created_at VARCHAR(32),
                PRIMARY KEY (match_id, number));
            INSERT INTO matches VALUES ('old', 't', 't', '{}', 'seed', 0, '[]', 'active', '{}');
            INSERT INTO actions VALUES ('old', 0, 1, 'pass', 't');
            INSERT INTO actions VALUES ('old', 1, 0, 'take', 't');
            """
        )
    store = Store(f"sqlite:///{path}")
    try:
        assert store.needs_job_scan  # its pending computer turns have no jobs yet
        stored = store.get_match("old")
        assert stored is not None and stored.game == "gin" and stored.follows is None
        assert stored.action_count == 2 == store.action_count("old")  # counted once
        store.append_actions("old", 2, [(0, "draw")], "active", {})
        store.create_match("new", {}, "s", 0, SEATS, "gin", follows="old")
        with pytest.raises(SeriesConflictError):  # the unique index exists there too
            store.create_match("other", {}, "s", 0, SEATS, "gin", follows="old")
    finally:
        store.close()
    again = Store(f"sqlite:///{path}")  # opening it again changes nothing
    try:
        assert not again.needs_job_scan
        assert again.action_count("old") == 3
    finally:
        again.close()


def test_a_fresh_database_needs_no_scan(store: Store) -> None:
    assert not store.needs_job_scan


def test_the_default_database(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("CARDTABLE_DATABASE_URL", raising=False)
    monkeypatch.setenv("GINRUMMY_DATABASE_URL", "sqlite:///from-ginrummy.db")
    assert default_url() == "sqlite:///from-ginrummy.db"
    monkeypatch.setenv("CARDTABLE_DATABASE_URL", "sqlite:///from-cardtable.db")
    assert default_url() == "sqlite:///from-cardtable.db"
    monkeypatch.delenv("CARDTABLE_DATABASE_URL")
    monkeypatch.delenv("GINRUMMY_DATABASE_URL")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_url() == f"sqlite:///{tmp_path / 'ginrummy' / 'ginrummy.db'}"


def test_two_stores_open_a_new_database_at_once(db_url: str) -> None:
    """Several server processes start together: the schema is made once, by one."""
    import threading

    stores: list[Store] = []
    errors: list[BaseException] = []
    barrier = threading.Barrier(4)

    def open_one() -> None:
        barrier.wait()
        try:
            stores.append(Store(db_url))
        except BaseException as error:  # collected for the assertion below
            errors.append(error)

    threads = [threading.Thread(target=open_one) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    try:
        assert errors == [] and len(stores) == 4
        stores[0].create_match("m1", {}, "s", 0, SEATS, "gin")
        assert stores[3].get_match("m1") is not None
    finally:
        for store in stores:
            store.close()


def test_a_move_is_stored_with_its_job_in_the_fewest_statements(db_url: str) -> None:
    """The move, its actions, the computer's job (written over an older one, its error
    cleared) or its deletion: on PostgreSQL with the announcement in one statement, on
    SQLite in the shared transaction, both by the driver's own cursor, so that SQLAlchemy
    runs none of them (tests/table/test_round_trips.py counts PostgreSQL's on the wire).
    A stale count writes nothing, an unknown match neither."""
    from sqlalchemy import event

    store = Store(db_url)
    statements: list[str] = []

    def seen(_conn: object, _cursor: object, statement: str, *_rest: object) -> None:
        statements.append(statement)

    try:
        store.create_match("m1", {}, "s", 0, SEATS, "gin")
        store.append_actions("m1", 0, [(0, "pass")], "active", {}, computer_next=True)
        assert [j.match_id for j in store.claim_jobs("w0", 5.0)] == ["m1"]
        store.release_job("m1", "w0", 0.0, "an older failure")
        assert store.job("m1").last_error == "an older failure"  # type: ignore[union-attr]
        event.listen(store.engine, "before_cursor_execute", seen)
        job = store.append_actions(
            "m1", 1, [(1, "take"), (1, "discard QS")], "active", {"n": 3},
            computer_next=True, claim_for="w1", lease=5.0,
        )  # fmt: skip
        assert statements == []
        stored = store.job("m1")
        assert job is not None and stored is not None
        assert (stored.locked_by, stored.attempts, stored.last_error) == ("w1", 1, None)
        assert job.locked_by == "w1" and job.locked_until == pytest.approx(stored.locked_until)
        with pytest.raises(ActionConflictError):
            store.append_actions("m1", 1, [(0, "pass")], "active", {})
        with pytest.raises(KeyError):
            store.append_actions("nope", 0, [(0, "pass")], "active", {})
        store.append_actions("m1", 3, [(0, "draw")], "active", {"n": 4})
        assert store.job("m1") is None and store.action_count("m1") == 4
        assert [a.action for a in store.actions("m1")] == ["pass", "take", "discard QS", "draw"]
        assert store.get_match("m1").summary == {"n": 4}  # type: ignore[union-attr]
    finally:
        store.close()


def test_postgresql_connections_are_kept_under_load(pg_url: str) -> None:
    """Bursts of concurrent moves open connections as they need them and keep them: each new
    one is a new server process on PostgreSQL, too dear to open for one statement."""
    store = Store(pg_url)
    try:
        opened: list[object] = []
        event.listen(store.engine, "connect", lambda *_: opened.append(1))
        for n in range(40):
            store.create_match(f"k{n}", {}, f"s{n}", 0, SEATS, "gin")

        def play(n: int, first: int) -> None:
            for number in range(first, first + 10):
                store.append_actions(f"k{n}", number, [(0, "pass")], "active", {})

        for burst in range(3):  # 40 at once each time: more than the pool holds
            threads = [threading.Thread(target=play, args=(n, burst * 10)) for n in range(40)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(60)
        assert [store.action_count(f"k{n}") for n in range(40)] == [30] * 40
        assert 1 <= len(opened) <= 24, len(opened)
    finally:
        store.close()
