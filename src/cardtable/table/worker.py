"""The computer's turns as durable work: one thread per server process claims the due jobs
of every match (:mod:`cardtable.store.jobs`) and plays them through the table service.

A job is claimed with a lease; the worker stores the computer's moves and deletes the job in
one transaction. When that fails (the database locked past its timeout, or restarting) the
job is given back with a backoff and the error, and tried again, by this worker or another
process's; a worker killed mid-turn holds its jobs only until their lease runs out. So a
match never waits for a person's request, or a restart, to move on.

The turns in hand are played together: each is thought out in turn, and their moves are
stored at once, sharing commits (on SQLite) with each other and with the people's moves of
the moment. Stored one commit a turn, under load, they cost the server about a quarter
more CPU a move (``bench/table_load.py``, the two run side by side).
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from collections.abc import Callable
from contextlib import suppress
from dataclasses import replace

from cardtable.store import Job, StoreUnavailableError
from cardtable.table.service import TableService, process_name

__all__ = ["BATCH", "HANDED_AT_ONCE", "POLL", "ComputerWorker"]

POLL = 0.5  # seconds between looks for jobs written by other processes
BATCH = 8  # jobs claimed at once
HANDED_AT_ONCE = 64  # jobs handed over with their moves, played (and stored) together
OUTAGE_RETRY = 1.0  # seconds between tries while the database does not answer

_log = logging.getLogger("cardtable.table")


class ComputerWorker:
    """Claims and plays due computer turns until :meth:`stop`. The service wakes it as soon
    as it writes a job; jobs of other processes (or due again) are found by polling.

    ``clock`` is its time in seconds (monotonic): when the store is looked at again and
    when a turn given back falls due. Tests pass one they move by hand, so that what
    depends on time does not depend on how busy the machine is (the leases themselves are
    the store's clock: ``Store(clock=...)``)."""

    def __init__(
        self,
        service: TableService,
        poll: float = POLL,
        batch: int = BATCH,
        name: str = "",
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.service = service
        self._clock = clock
        self.owner = name or f"worker:{process_name()}"
        self._poll = poll
        self._batch = batch
        self._wakeup = threading.Event()
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._run, name="cardtable-computer", daemon=True)
        self.played = 0  # jobs run so far (for tests and figures)
        self._retries: list[float] = []  # when the turns this worker gave back fall due
        self._handed: deque[Job] = deque()  # claimed for it with the move that made them
        self._held: list[tuple[float, Job]] = []  # failed and not given back: still its own
        # Whether the store must be looked at on the next round: asked for (a wake with no
        # job in hand) or the poll fell due. A job handed over with its move needs no look,
        # and a look is a write transaction of its own (a claim), so most rounds skip it.
        self._look = True
        self._looked_at = 0.0

    def start(self) -> None:
        self.service.attach_worker(self.owner, self.take)
        self._thread.start()

    def stop(self, timeout: float = 10.0) -> None:
        """Finish the turn in hand, then stop; jobs not yet claimed wait for another
        worker (or this process's next start)."""
        self.service.attach_worker(None, None)
        self._stopping.set()
        self._wakeup.set()
        self._thread.join(timeout)
        left = [*self._handed, *(job for _, job in self._held)]
        self._handed.clear()
        self._held.clear()
        for job in left:  # claimed for this worker but not played: free them now
            with suppress(StoreUnavailableError):  # else the lease frees it soon anyway
                self.service.store.release_job(job.match_id, self.owner)

    def wake(self) -> None:
        self._look = True
        self._wakeup.set()

    def take(self, job: Job | None) -> None:
        """A job claimed for this worker in the transaction of the move (or ``None``: look
        for due jobs); played next, before any other."""
        if job is not None:
            self._handed.append(job)
        else:
            self._look = True
        self._wakeup.set()

    def run_once(self, look: bool = True) -> int:
        """Play the jobs handed over, then (``look``) claim the due jobs of the store, up to
        a batch, and play them; how many were played."""
        handed = 0
        while self._handed and not self._stopping.is_set():
            # Every job in hand at once: their moves share one commit (and one wait for it).
            count = min(len(self._handed), HANDED_AT_ONCE)
            self._play([self._handed.popleft() for _ in range(count)])
            handed += count
        now = self._clock()
        due = [job for at, job in self._held if at <= now]
        self._held = [(at, job) for at, job in self._held if at > now]
        if due:  # its own still: tried again without a claim (it holds the lease)
            self._play([replace(job, attempts=job.attempts + 1) for job in due])
            handed += len(due)
        if not look:
            return handed
        self._retries = [due for due in self._retries if due > now]  # due now: claimed below
        self._look, self._looked_at = False, now
        try:
            jobs = self.service.store.claim_jobs(self.owner, self.service.job_lease, self._batch)
        except StoreUnavailableError:
            self._look = True  # looked at again once the database answers
            raise
        self._look = self._look or len(jobs) >= self._batch  # more may be due at once
        if self._stopping.is_set():  # give them back for another worker at once
            for job in jobs:
                self.service.store.release_job(job.match_id, self.owner)
        elif jobs:
            self._play(jobs)
        return handed + len(jobs)

    def _play(self, jobs: list[Job]) -> None:
        outcomes = self.service.run_claimed_many(jobs, self.owner)
        self.played += len(jobs)
        for job, failed in zip(jobs, outcomes, strict=True):
            if failed is None:
                continue
            due = self._clock() + failed.delay
            if failed.held:
                self._held.append((due, job))
            else:
                self._retries.append(due)

    def _next_look(self) -> float:
        """When the store is to be looked at next: the poll, or sooner when a turn given
        back falls due."""
        return min([self._looked_at + self._poll, *self._retries])

    def _pause(self) -> float:
        """How long to wait for the next round (a wake ends the wait sooner)."""
        if self._handed or self._look:
            return 0.0
        soonest = min([self._next_look(), *(at for at, _ in self._held)])
        return max(0.0, min(self._poll, soonest - self._clock()))

    def _run(self) -> None:
        failing = False
        while not self._stopping.is_set():
            self._wakeup.clear()
            pause = 0.0
            try:
                self.run_once(self._look or self._clock() >= self._next_look())
                pause = self._pause()
            except StoreUnavailableError as error:  # said once per outage, not every poll
                if not failing:
                    _log.warning("the computer worker waits for the database: %s", error)
                failing, pause = True, min(self._poll, OUTAGE_RETRY)
            except Exception:  # a bug must not end the worker: the next poll tries again
                _log.exception("the computer worker failed")
                pause = self._poll
            else:
                if failing:
                    _log.warning("the computer worker reaches the database again")
                failing = False
            if pause > 0:
                self._wakeup.wait(pause)
