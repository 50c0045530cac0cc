"""Where chunks of games are played: in this process, on spawned worker processes or over Ray.

:func:`execute` yields each chunk's games as they finish, in any order; closing it (or an
exception in it, Ctrl-C included) stops the workers. Only the parent process takes Ctrl-C:
worker processes start with SIGINT blocked and then ignore it.

By default a worker plays each chunk with :func:`~cardtable.sim.chunks.play_chunk` and keeps
nothing between chunks. A :data:`WorkerFactory` gives each worker an object of its own
instead (a :class:`ChunkWorker`), built once as the worker starts, before it receives any
chunk, kept for every chunk it plays and closed as it ends: the evaluator's workers make
themselves undumpable there and keep their agents' processes (:mod:`cardtable.sim.evaluate`).
On Ray such a worker is an actor.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import pickle
import signal
import socket
import sys
from collections.abc import Callable, Generator, Iterator, Sequence
from multiprocessing import resource_tracker, util
from typing import Any, Final, Literal, Protocol

from cardtable.errors import CardTableError
from cardtable.sim.chunks import Chunk, games_of, play_chunk
from cardtable.sim.play import GameResult

__all__ = [
    "BACKENDS",
    "NO_MAIN_GUARD",
    "Backend",
    "ChunkWorker",
    "Played",
    "WorkerFactory",
    "check_picklable",
    "check_workers_can_start",
    "execute",
    "refuse_in_a_starting_worker",
]

NO_MAIN_GUARD: Final = (
    "worker processes cannot start: each one imports the script that runs the simulator, "
    "which runs it again; put the code that runs it under 'if __name__ == \"__main__\":' "
    "(or run with workers=1)"
)
PROBE_SECONDS: Final = 120.0  # a script's imports (numpy, torch) may take a while
_CHECKED: set[str] = set()  # the scripts whose workers were seen to start

Backend = Literal["process", "ray"]
BACKENDS: Final = ("process", "ray")

Played = Generator[tuple[int, list[GameResult]], None, None]


class ChunkWorker(Protocol):
    """What a worker holds from its start to its end (see the module): it plays chunks."""

    def games(self, chunk: Chunk) -> Iterator[GameResult]:
        """The chunk's games, in order, as each is played."""
        ...

    def close(self) -> None:
        """Let go of what it holds (the worker ends)."""
        ...


# A top-level callable (a class, or a functools.partial of one) that builds a worker's
# ChunkWorker; it is sent to each worker as it starts, so it must be picklable.
WorkerFactory = Callable[[], ChunkWorker]


def execute(
    chunks: Sequence[Chunk],
    workers: int,
    backend: Backend,
    ray_address: str | None,
    worker: WorkerFactory | None = None,
) -> Played:
    """Play the chunks; yields ``(pairing, games)`` as they finish, in any order.

    ``worker`` builds what each worker holds (see the module); in this process it is built
    once for all the chunks. Closing the generator (or an exception in it, Ctrl-C included)
    stops the workers.
    """
    if backend == "ray":
        if worker is None:
            yield from _on_ray(chunks, workers, ray_address)
        else:
            yield from _on_ray_actors(chunks, workers, ray_address, worker)
    elif workers <= 1 or len(chunks) <= 1:
        yield from _in_process(chunks, worker)
    else:
        yield from _on_pool(chunks, workers, worker)


def refuse_in_a_starting_worker() -> None:
    """In a spawned process still importing the script (no ``__main__`` guard there): say
    so on one line and stop, instead of starting processes of its own (which fails)."""
    if getattr(multiprocessing.current_process(), "_inheriting", False):
        sys.stderr.write(f"cardtable: {NO_MAIN_GUARD}\n")
        sys.stderr.flush()
        os._exit(1)  # the script's import cannot go on: it would only run the games again


def _probe() -> None:
    """A spawned process's whole work: importing the script, as every worker does."""


def check_workers_can_start(context: Any) -> None:
    """Refuse at once (a :class:`CardTableError`) to start workers that would fail: a
    script without the ``__main__`` guard (see the module). Checked once per script; a
    command, a test or an interactive session is not re-imported by its workers."""
    main = sys.modules.get("__main__")
    path = getattr(main, "__file__", None)
    if path is None or path in _CHECKED:
        return  # -c or a session: the workers import no script
    probe = context.Process(target=_probe, name="cardtable probe", daemon=True)
    probe.start()
    probe.join(PROBE_SECONDS)
    if probe.exitcode is None:  # still importing: it may be heavy; the pool will tell
        probe.kill()
        probe.join(5)
        return
    if probe.exitcode != 0:
        raise CardTableError(NO_MAIN_GUARD)
    _CHECKED.add(path)


def check_picklable(chunks: Sequence[Chunk]) -> None:
    """Refuse players that worker processes could not receive (lambdas, local classes)."""
    for players in {id(chunk.players): chunk.players for chunk in chunks}.values():
        try:
            pickle.dumps(players)
        except (pickle.PicklingError, AttributeError, TypeError) as error:
            raise ValueError(
                f"worker processes need players they can import: give a name, a "
                f"'module:attribute' path or a top-level factory, not {players!r} ({error})"
            ) from None


def _in_process(chunks: Sequence[Chunk], worker: WorkerFactory | None = None) -> Played:
    held = worker() if worker is not None else None
    try:
        for chunk in chunks:  # game by game, for progress and for Ctrl-C
            for game in games_of(chunk) if held is None else held.games(chunk):
                yield chunk.pairing, [game]
    finally:
        if held is not None:
            held.close()


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C (sent to the whole process group) to the parent."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


_HELD: list[ChunkWorker] = []  # in a worker process: what its factory built as it started


def _start_worker(worker: WorkerFactory) -> None:
    """A pool worker's start: build what it holds, before it is sent any chunk, and close
    that as it ends: after its last chunk, or when the pool stops it (SIGTERM)."""
    _ignore_interrupts()
    held = worker()
    _HELD.append(held)
    closing: list[bool] = []  # once closing has begun

    def close() -> None:
        if not closing:
            closing.append(True)
            held.close()

    # On its way out: after its last chunk, or told to stop (the pool's sentinel).
    util.Finalize(None, close, exitpriority=10)

    def stop(signum: int, frame: Any) -> None:  # terminated: an error, Ctrl-C or close()
        if closing:
            return  # already closing on its way out: let it finish, then it ends
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        close()
        os._exit(1)

    signal.signal(signal.SIGTERM, stop)


def _play_on_worker(chunk: Chunk) -> tuple[int, list[GameResult]]:
    """Play one chunk with what this pool worker holds (:func:`_start_worker`)."""
    return chunk.pairing, list(_HELD[0].games(chunk))


def _block_interrupts() -> set[int | signal.Signals] | None:
    """Hold Ctrl-C back in this thread (and the processes it starts) until unblocked."""
    if not hasattr(signal, "pthread_sigmask"):
        return None
    resource_tracker.ensure_running()  # starting, it would unblock SIGINT again
    return signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})


def _unblock_interrupts(previous: set[int | signal.Signals] | None) -> None:
    """Undo :func:`_block_interrupts`: a Ctrl-C held back is raised now."""
    if previous is not None:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def _on_pool(chunks: Sequence[Chunk], workers: int, worker: WorkerFactory | None = None) -> Played:
    # Spawn, not fork: safe with threads in the parent and the same on every platform.
    context = multiprocessing.get_context("spawn")
    refuse_in_a_starting_worker()
    check_workers_can_start(context)
    # Only the parent takes Ctrl-C, and stops the workers. They inherit SIGINT blocked (no
    # traceback if it comes while they start up; the parent gets it once they have started),
    # and the initializer ignores it where signals cannot be blocked.
    previous = _block_interrupts()
    size = min(workers, len(chunks))
    try:
        if worker is None:
            pool = context.Pool(size, initializer=_ignore_interrupts)
        else:
            pool = context.Pool(size, initializer=_start_worker, initargs=(worker,))
    except BaseException:
        _unblock_interrupts(previous)
        raise
    with pool:  # leaving it terminates the workers: on Ctrl-C, an error or close()
        _unblock_interrupts(previous)
        yield from pool.imap_unordered(play_chunk if worker is None else _play_on_worker, chunks)
        pool.close()
        pool.join()


RAY_CONNECT_SECONDS: Final = 5.0  # to see that something listens at a host:port


def _check_reachable(address: str) -> None:
    """Refuse at once a ``host:port`` (or ``ray://host:port``) where nothing listens.

    Ray itself retries an unreachable cluster for minutes, printing its own log lines, so
    a mistyped address or a cluster that is down would look like a hang. ``auto`` and
    ``local`` are left to Ray, which answers them at once.
    """
    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not sep or not port.isdigit() or not host:
        return  # not host:port: Ray says what is wrong with it
    try:
        socket.create_connection((host.strip("[]"), int(port)), RAY_CONNECT_SECONDS).close()
    except OSError as error:
        reason = error.strerror or str(error) or type(error).__name__
        raise CardTableError(f"no Ray cluster answers at {address}: {reason}") from None


def _start_ray(ray: Any, workers: int, address: str | None) -> bool:
    """Start Ray unless it runs already; whether it was started here.

    A cluster that cannot be joined is a :class:`CardTableError` of one line (the command
    line prints it and exits 2), not Ray's traceback.
    """
    if ray.is_initialized():
        return False
    # A local instance sized to --workers, or the cluster at --ray-address.
    options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
    if not address:
        ray.init(num_cpus=max(1, workers), **options)
        return True
    _check_reachable(address)
    try:
        ray.init(address=address, **options)
    except (ConnectionError, TimeoutError, RuntimeError, ValueError) as error:
        if address == "auto" and isinstance(error, ConnectionError):
            raise CardTableError(
                "no Ray cluster is running here (--ray-address auto found none): start one "
                "with 'ray start --head', or leave out --ray-address for a local instance"
            ) from None
        lines = str(error).strip().splitlines()
        reason = lines[0] if lines else type(error).__name__
        raise CardTableError(f"cannot join the Ray cluster at {address}: {reason}") from None
    return True


def _on_ray(chunks: Sequence[Chunk], workers: int, address: str | None) -> Played:
    try:
        import ray
    except ImportError:
        raise CardTableError("the ray backend needs Ray: pip install 'cardtable[ray]'") from None
    started = _start_ray(ray, workers, address)
    pending: list[Any] = []
    try:
        remote = ray.remote(play_chunk)
        pending = [remote.remote(chunk) for chunk in chunks]
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                yield ray.get(ref)
    finally:
        for ref in pending:  # stopped early: Ctrl-C, an error or close()
            ray.cancel(ref)
        if started:
            ray.shutdown()


class _Actor:
    """A Ray actor holding what a worker holds (:data:`WorkerFactory`), built as it starts."""

    def __init__(self, worker: WorkerFactory) -> None:
        self._held = worker()

    def ready(self) -> None:
        """Answered once the actor is built (it may wait for a CPU)."""

    def play(self, chunk: Chunk) -> tuple[int, list[GameResult]]:
        return chunk.pairing, list(self._held.games(chunk))

    def close(self) -> None:
        self._held.close()


ACTOR_CLOSE_SECONDS: Final = 30.0  # for idle actors to close what they hold


def _on_ray_actors(
    chunks: Sequence[Chunk], workers: int, address: str | None, worker: WorkerFactory
) -> Played:
    """The chunks on ``workers`` Ray actors, each built once (see the module). Each is sent
    a chunk once it is built and its next one as it finishes one: an actor that waits for a
    CPU (a cluster with fewer than ``workers`` free) is sent none, and nothing waits for it.
    """
    try:
        import ray
    except ImportError:
        raise CardTableError("the ray backend needs Ray: pip install 'cardtable[ray]'") from None
    started = _start_ray(ray, workers, address)
    actors: list[Any] = []
    built: list[Any] = []  # the actors that answered ready
    finished = False
    try:
        kind = ray.remote(num_cpus=1)(_Actor)
        actors = [kind.remote(worker) for _ in range(max(1, min(workers, len(chunks))))]
        waiting = list(reversed(chunks))
        running = {actor.ready.remote(): actor for actor in actors}  # ref -> its actor
        playing: set[Any] = set()  # the refs of chunks being played
        while waiting or playing:
            ready, _ = ray.wait(list(running), num_returns=1)
            for ref in ready:
                actor = running.pop(ref)
                done = ray.get(ref)  # an actor that could not be built raises here
                if ref in playing:
                    playing.discard(ref)
                else:
                    built.append(actor)
                if waiting:
                    sent = actor.play.remote(waiting.pop())
                    running[sent] = actor
                    playing.add(sent)
                if done is not None:
                    yield done
        finished = True
    finally:
        if finished:  # idle actors close what they hold; stopped early, they are killed
            with contextlib.suppress(Exception):  # a broken one is killed below
                ray.get([actor.close.remote() for actor in built], timeout=ACTOR_CLOSE_SECONDS)
        for actor in actors:
            ray.kill(actor)
        if started:
            ray.shutdown()
