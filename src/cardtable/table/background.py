"""What a server process runs beside its requests: the computer worker, and (on
PostgreSQL) the feed of other processes' changes, which tells this process's listeners."""

from __future__ import annotations

import time
from collections.abc import Callable

from cardtable.store import ChangeFeed
from cardtable.table.service import TableService
from cardtable.table.worker import POLL, ComputerWorker

__all__ = ["Background"]


class Background:
    """Start with :meth:`start`, end with :meth:`stop` (the web app's lifespan does both)."""

    def __init__(
        self,
        service: TableService,
        poll: float = POLL,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.worker = ComputerWorker(service, poll=poll, clock=clock)
        self.feed: ChangeFeed | None = service.store.feed(
            service.changed_elsewhere, service.refresh_watched
        )

    def start(self) -> None:
        service = self.worker.service
        if self.feed is not None:
            self.feed.start()
            service.trust_feed(self.feed.listening.is_set)
        self.worker.start()

    def stop(self) -> None:
        self.worker.stop()
        if self.feed is not None:
            self.feed.stop()
