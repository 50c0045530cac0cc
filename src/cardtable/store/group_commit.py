"""Group commit: the writes that arrive while a commit is under way share the next one.

SQLite in WAL mode with full sync spends one ``fsync`` a commit (about 6 ms on this
machine's disk), and takes one writer at a time: one commit per move would cap the whole
table at some 150 moves a second however many people play. So each write is a function of
a connection; the first thread to find no commit under way becomes the leader, takes every
write waiting (its own included), runs them one after another in one transaction and
commits once; the others wait for their outcome. Each write still sees the ones before it
in the batch, in the order they arrived, and each is acknowledged only after the commit
that holds it.

A write may refuse without writing anything (a conflict it checks before changing a row,
such as the store's stale-count check): the refusals named ``clean`` are handed back to
that write alone, and the rest of the batch commits. Any other exception aborts the
transaction; then every write of the batch runs again on its own, so each gets the outcome
it would have had alone. A database that does not answer fails the whole batch with the
store's error (which says whether anything may have been stored).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from sqlalchemy.engine import Connection

__all__ = ["GroupCommit"]

T = TypeVar("T")

BATCH_LIMIT = 128  # writes in one transaction at most (a bound on one commit's work)


@dataclass(eq=False, slots=True)
class _Write(Generic[T]):
    work: Callable[[Connection], T]
    value: Any = None
    error: BaseException | None = None
    done: bool = False


class GroupCommit:
    """Runs writes in shared transactions opened by ``begin`` (a context manager giving a
    connection in a transaction, committed on a clean exit, raising one of ``unavailable``
    when the database does not answer). ``busy`` builds the error of a write that found no
    turn within ``timeout`` seconds (nothing stored)."""

    def __init__(
        self,
        begin: Callable[[], AbstractContextManager[Connection]],
        timeout: float,
        clean: tuple[type[BaseException], ...],
        unavailable: type[BaseException],
        busy: Callable[[], BaseException],
    ) -> None:
        self._begin = begin
        self._timeout = timeout
        self._clean = clean
        self._unavailable = unavailable
        self._busy = busy
        self._waiting: list[_Write[Any]] = []
        self._leading = False
        self._turn = threading.Condition()
        self.commits = 0  # transactions committed (the bench divides writes by it)
        self.writes = 0

    def run(self, work: Callable[[Connection], T]) -> T:
        """Run ``work`` in a transaction shared with the writes waiting beside it; its
        value once the transaction committed, or its exception."""
        value, error = self.run_many([work])[0]
        if error is not None:
            raise error
        return value  # type: ignore[no-any-return]

    def run_many(
        self, works: list[Callable[[Connection], Any]]
    ) -> list[tuple[Any, BaseException | None]]:
        """Run several writes as :meth:`run` runs one, waiting once for all of them (in
        the order given, sharing transactions with each other and the writes beside them):
        each write's value and exception (``None`` when it committed). For a thread with
        many writes in hand (the computer's turns of many matches), which would otherwise
        wait for a commit per write."""
        writes: list[_Write[Any]] = [_Write(work) for work in works]
        deadline = time.monotonic() + self._timeout
        with self._turn:
            self._waiting.extend(writes)
        while True:
            with self._turn:
                while self._leading and not all(write.done for write in writes):
                    left = deadline - time.monotonic()
                    if left <= 0:
                        for write in writes:
                            if write in self._waiting:  # never taken: nothing of it stored
                                self._waiting.remove(write)
                                write.error, write.done = self._busy(), True
                        if all(write.done for write in writes):
                            break
                    self._turn.wait(max(left, 0.05))
                if all(write.done for write in writes):
                    return [(write.value, write.error) for write in writes]
                self._leading = True
                batch, self._waiting = self._waiting[:BATCH_LIMIT], self._waiting[BATCH_LIMIT:]
            try:
                self._commit(batch)
            finally:
                with self._turn:
                    for write in batch:  # (only an interrupt leaves any undone)
                        if not write.done:
                            write.error = write.error or self._busy()
                            write.done = True
                    self._leading = False
                    self._turn.notify_all()

    def _commit(self, batch: list[_Write[Any]]) -> None:
        try:
            with self._begin() as connection:
                for write in batch:
                    try:
                        write.value = write.work(connection)
                    except self._clean as refusal:  # refused before writing: the rest stand
                        write.error = refusal
        except Exception as error:
            if len(batch) > 1 and not isinstance(error, self._unavailable):
                self._one_by_one(batch)  # a write broke the transaction: each on its own
                return
            for write in batch:
                write.error = write.error or error
        else:
            self.commits += 1
            self.writes += len(batch)
        for write in batch:
            write.done = True

    def _one_by_one(self, batch: list[_Write[Any]]) -> None:
        for write in batch:
            write.error = None
            try:
                with self._begin() as connection:
                    write.value = write.work(connection)
            except Exception as error:
                write.error = error
            else:
                self.commits += 1
                self.writes += 1
            write.done = True
