"""A database that does not answer in time: the store says so, and whether the write may
have been kept; nothing half-written stays. On SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

from cardtable.store import Store, StoreUnavailableError
from tests.locks import holding_lock

SEATS = [{"kind": "human", "name": "Ann", "token": "t0"}, {"kind": "computer", "level": "simple"}]


def test_a_write_locked_out_past_the_timeout_stores_nothing(db_url: str) -> None:
    store = Store(db_url, lock_timeout=0.3)
    try:
        store.create_match("m1", {}, "s", 0, SEATS)
        with holding_lock(db_url, "m1"):
            with pytest.raises(StoreUnavailableError) as raised:
                store.append_actions("m1", 0, [(0, "pass")], "active", {}, computer_next=True)
            assert not raised.value.maybe_stored  # it failed before its commit
        assert store.action_count("m1") == 0 and store.actions("m1") == []
        assert store.job("m1") is None
        store.append_actions("m1", 0, [(0, "pass")], "active", {}, computer_next=True)
        assert store.action_count("m1") == 1 and store.job("m1") is not None
    finally:
        store.close()
