"""Announcements between server processes: PostgreSQL LISTEN/NOTIFY on one channel.

The store sends ``NOTIFY`` in the transaction that stores a match's actions, so the news is
delivered exactly when the actions become visible, and never for a transaction that rolled
back. Each process runs one :class:`ChangeFeed`: a thread on its own connection that
listens, hands each announcement (a match id and its action count) to a callback, and
reconnects after the server restarts; announcements sent while it was away are lost, so it
says so (``on_gap``) and the table refreshes every match someone is watching.

No message broker is needed: the database that holds the matches already carries the news.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

__all__ = ["CHANNEL", "Change", "ChangeFeed", "parse_payload", "payload"]

CHANNEL = "cardtable_matches"
HEALTH_CHECK = 5.0  # seconds between checks that the listening connection is alive
MAX_RETRY = 2.0

_log = logging.getLogger("cardtable.store")

# A match id and the number of actions it has; ``None`` when something else changed (a
# next match of its series was started).
Change = tuple[str, int | None]


def payload(match_id: str, count: int | None) -> str:
    return match_id if count is None else f"{match_id} {count}"


def parse_payload(text: str) -> Change | None:
    """The change an announcement names; ``None`` for one this version does not read."""
    parts = text.split()
    if len(parts) == 1:
        return parts[0], None
    if len(parts) == 2 and parts[1].isdigit():
        return parts[0], int(parts[1])
    return None


class ChangeFeed:
    """A thread listening on :data:`CHANNEL`; ``start`` returns once it listens (or after
    ``wait`` seconds), ``stop`` ends it."""

    def __init__(
        self,
        conninfo: str,
        on_change: Callable[[str, int | None], None],
        on_gap: Callable[[], None],
        on_lost: Callable[[], None] | None = None,
    ) -> None:
        self._conninfo = conninfo
        self._on_change = on_change
        self._on_gap = on_gap
        self._on_lost = on_lost  # the connection was lost: the server may have restarted
        self._stopping = threading.Event()
        self.listening = threading.Event()
        self._thread = threading.Thread(target=self._run, name="cardtable-feed", daemon=True)

    def start(self, wait: float = 10.0) -> None:
        self._thread.start()
        self.listening.wait(wait)

    def stop(self, timeout: float = 5.0) -> None:
        self._stopping.set()
        self._thread.join(timeout)

    def _run(self) -> None:
        delay = 0.1
        while not self._stopping.is_set():
            before = self._sessions
            try:
                self._listen(gap=before > 0)
            except Exception as error:  # the server went away: listen again when it is back
                if self.listening.is_set():
                    _log.warning("the announcements connection was lost: %s", error)
                    if self._on_lost is not None:
                        try:
                            self._on_lost()
                        except Exception:
                            _log.exception("telling of the lost connection failed")
                self.listening.clear()
            # Quick retries after a connection that worked, slower ones while it stays down.
            delay = 0.1 if self._sessions > before else min(delay * 2, MAX_RETRY)
            self._stopping.wait(delay)

    _sessions = 0  # connections that listened so far

    def _listen(self, gap: bool) -> None:
        import psycopg

        with psycopg.connect(self._conninfo, autocommit=True, connect_timeout=5) as connection:
            connection.execute(f"LISTEN {CHANNEL}")
            self._sessions += 1
            self.listening.set()
            if gap:  # announcements sent while this process was not listening are lost
                self._on_gap()
            checked = time.monotonic()
            while not self._stopping.is_set():
                for note in connection.notifies(timeout=0.5):
                    change = parse_payload(note.payload)
                    if change is not None:
                        self._deliver(*change)
                if time.monotonic() - checked > HEALTH_CHECK:
                    connection.execute("SELECT 1")
                    checked = time.monotonic()

    def _deliver(self, match_id: str, count: int | None) -> None:
        try:
            self._on_change(match_id, count)
        except Exception:  # one listener's fault must not stop the announcements
            _log.exception("an announcement for match %s failed", match_id)
