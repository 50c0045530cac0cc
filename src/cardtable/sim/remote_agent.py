"""An agent in a process of its own, handed its own observations and nothing else.

:class:`RemoteAgent` starts a fresh Python process (``spawn``: nothing of the evaluator's
memory is copied into it, the deck and the run's seed included), builds the agent there from
its spec and plays it over a pipe. The evaluator holds the deck, the run's seed and every
other player; the agent's process only ever receives

* ``("game", seed)``: build a fresh player with this seed (``load_player(spec, seed)``) for
  the next game, answered ``ok``;
* ``("act", observation, kept, new_events)``: the observation of the agent's own seat, the
  one the game gives any player (``Game.observation``: gin's
  :class:`~cardtable.gin.hand.Observation`), answered ``action TEXT``. An observation that
  is a dataclass with a tuple of ``events`` (gin's) has them come apart, as the first
  ``kept`` events of the previous observation and the ``new_events`` after them: within a
  hand they only grow, and pickling them all again for every decision cost several times as
  much as the rest of the observation; any other observation is sent whole (``kept`` 0, no
  events);
* ``("stop",)``.

Every game's agent is handed the same messages (``game`` names the game in the registry).

Messages to the agent are pickles; its answers are short UTF-8 lines (``ready``, ``ok``,
``action draw``, ``error MESSAGE``) that the evaluator reads as the game's action (the
``agent_action`` of its ``simulation`` facet, or the text the game checks) and never
unpickles, so an agent cannot run code in the evaluator by what it sends. An answer that does
not come within ``timeout`` seconds, an illegal action, an exception or the process ending
are an :class:`AgentError`.

A process boundary is not a sandbox: code running as the same user can still read files, or
another process's command line (a ``--seed`` typed there) under ``/proc``. It keeps an honest
mistake or a casual cheat (reading the deck from the evaluator's objects, inverting a seed)
from working; run untrusted agents under another user or in a container as well.

>>> from cardtable.gin.hand import Hand
>>> hand = Hand.deal(seed="doc")
>>> with RemoteAgent("random") as agent:
...     action = agent.new_player(7).act(hand.observation(hand.to_act))
>>> action in hand.legal_actions()
True
"""

from __future__ import annotations

import contextlib
import dataclasses
import multiprocessing
import pickle
import signal
import sys
import traceback
from collections.abc import Callable
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from types import TracebackType
from typing import Any, Final

from cardtable.errors import CardTableError
from cardtable.games.simulation import NotLegalNow
from cardtable.sim.facets import simulation_of
from cardtable.sim.players import PlayerSpec, check_game, load_player, spec_name
from cardtable.sim.workers import check_workers_can_start, refuse_in_a_starting_worker

__all__ = ["AgentError", "RemoteAgent"]

START_SECONDS: Final = 120.0  # a fresh interpreter imports the package and the agent
ANSWER_BYTES: Final = 1 << 16  # an action is a few dozen characters
ANSWER_SHOWN: Final = 400  # characters of an answer an error message quotes


class AgentError(CardTableError):
    """The agent failed: it could not be built, broke a rule, raised, hung or died."""


def _split_events(observation: Any) -> tuple[Any, tuple[Any, ...]] | None:
    """An observation without its events, and its events, if it is a dataclass with a tuple
    of ``events``; ``None`` otherwise (it is sent whole)."""
    events = getattr(observation, "events", None)
    if not isinstance(events, tuple) or not dataclasses.is_dataclass(observation):
        return None
    return dataclasses.replace(observation, events=()), events  # type: ignore[type-var]


def serve(spec: PlayerSpec, connection: Connection, game: str | None = None) -> None:
    """The agent's process: build players of ``game`` from ``spec`` and answer the evaluator.

    Top level, so that a spawned process finds it. Ctrl-C is left to the evaluator, which
    stops this process itself.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    sys.stdout = sys.stderr  # the agent's prints must not mix with the evaluator's results

    def say(text: str) -> None:
        connection.send_bytes(text.encode("utf-8"))

    try:
        load_player(spec, 0, game)  # a bad spec is reported now, before any game is dealt
    except Exception as error:
        say(f"error {error}")
        return
    say("ready")
    player: Any = None
    events: tuple[Any, ...] = ()
    while True:
        try:
            message = pickle.loads(connection.recv_bytes())
        except EOFError:
            return  # the evaluator is gone
        try:
            if message[0] == "game":
                player = load_player(spec, message[1], game)
                events = ()
                say("ok")
            elif message[0] == "act" and player is not None:
                _, bare, kept, new_events = message
                observation = bare  # sent whole, unless its events came apart
                if _split_events(bare) is not None:
                    events = events[:kept] + new_events
                    observation = dataclasses.replace(bare, events=events)
                say(f"action {player.act(observation)}")
            else:
                return
        except Exception as error:
            where = traceback.extract_tb(error.__traceback__)[-1]
            say(f"error {type(error).__name__}: {error} ({where.filename}:{where.lineno})")
            return


class RemoteAgent:
    """The agent ``spec`` running in its own process; a context manager that stops it.

    ``spec`` is a player name, a ``"module:attribute"`` path to a factory ``f(seed) ->
    Player`` or a top-level factory (it is imported in the agent's process, never here).
    ``timeout`` bounds the seconds of one answer; ``game`` is a game's name in the registry
    (``None``: its default game).
    """

    def __init__(self, spec: PlayerSpec, *, timeout: float = 60.0, game: str | None = None) -> None:
        game = check_game(game)
        if not timeout > 0:
            raise ValueError(f"the timeout must be a positive number of seconds, not {timeout}")
        try:
            pickle.dumps(spec)
        except (pickle.PicklingError, AttributeError, TypeError):
            raise ValueError(
                f"the agent's process needs a spec it can import: a name, a "
                f"'module:attribute' path or a top-level factory, not {spec!r}"
            ) from None
        self.spec = spec
        self.game: str = game
        self.name = spec_name(spec)
        self.timeout = timeout
        self.decisions = 0
        self._process: BaseProcess | None = None
        self._connection: Connection | None = None
        self._events: tuple[Any, ...] = ()  # those of the last observation sent

    def __enter__(self) -> RemoteAgent:
        self.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def start(self) -> None:
        """Start the agent's process and wait until its agent is built."""
        context = multiprocessing.get_context("spawn")  # never fork: a copy of our memory
        refuse_in_a_starting_worker()  # a script without its __main__ guard: say so, once
        check_workers_can_start(context)
        ours, theirs = context.Pipe(duplex=True)
        process = context.Process(
            target=serve,
            args=(self.spec, theirs, self.game),
            name=f"agent {self.name}",
            daemon=True,
        )
        process.start()
        theirs.close()  # so that its end closing reads as EOF here
        self._process, self._connection = process, ours
        try:
            answer = self._answer(START_SECONDS)
        except BaseException:
            self.close()
            raise
        if answer != "ready":
            self.close()
            raise AgentError(f"cannot start agent {self.name!r}: {answer.removeprefix('error ')}")

    def new_player(self, seed: int) -> _Proxy:
        """A fresh player of the agent, built in its process with ``seed``, for one game."""
        self._send(("game", seed))
        self._events = ()
        answer = self._answer(self.timeout)
        if answer != "ok":
            raise AgentError(f"agent {self.name!r} could not be built: {answer}")
        return _Proxy(self)

    def act(self, observation: Any) -> Any:
        """The agent's action for its own seat's ``observation``."""
        split = _split_events(observation)
        if split is None:
            self._send(("act", observation, 0, ()))
        else:
            bare, events = split
            sent = self._events
            kept = len(sent)
            if kept > len(events) or not all(
                old is new or old == new for old, new in zip(sent, events, strict=False)
            ):
                kept = 0  # a new hand: its events from the first
            self._send(("act", bare, kept, events[kept:]))
            self._events = events
        answer = self._answer(self.timeout)
        text = answer.removeprefix("action ")
        if text == answer:
            raise AgentError(f"agent {self.name!r} failed: {answer.removeprefix('error ')}")
        try:
            action = simulation_of(self.game).agent_action(observation, text)
        except CardTableError as error:
            if isinstance(error, NotLegalNow):
                raise AgentError(
                    f"agent {self.name!r} chose {text!r}, which is not legal now"
                ) from None
            raise AgentError(f"agent {self.name!r} answered {text!r}: {error}") from None
        self.decisions += 1
        return action

    def close(self) -> None:
        """Stop the agent's process (politely, then by force)."""
        process, connection = self._process, self._connection
        self._process = self._connection = None
        if connection is not None:
            with contextlib.suppress(OSError):  # it may be gone already
                connection.send_bytes(pickle.dumps(("stop",)))
            connection.close()
        if process is not None:
            process.join(5)
            if process.is_alive():
                process.kill()
                process.join(5)

    def _send(self, message: tuple[Any, ...]) -> None:
        if self._connection is None:
            raise AgentError(f"agent {self.name!r} is not running")
        try:
            self._connection.send_bytes(pickle.dumps(message))
        except OSError:
            raise AgentError(f"agent {self.name!r}: {self._ended()}") from None

    def _answer(self, timeout: float) -> str:
        """The agent's next line; its silence, its end or a bad line is an AgentError."""
        connection = self._connection
        if connection is None:
            raise AgentError(f"agent {self.name!r} is not running")
        if not connection.poll(timeout):
            raise AgentError(f"agent {self.name!r} did not answer within {timeout:g} s")
        try:
            data = connection.recv_bytes(ANSWER_BYTES)
        except EOFError:
            raise AgentError(f"agent {self.name!r}: {self._ended()}") from None
        except OSError:
            raise AgentError(f"agent {self.name!r} sent more than {ANSWER_BYTES} bytes") from None
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise AgentError(f"agent {self.name!r} sent bytes that are not text") from None
        # One line, and not too long: errors are printed on one line.
        words = " ".join(text.split())
        return words if len(words) <= ANSWER_SHOWN else words[: ANSWER_SHOWN - 3] + "..."

    def _ended(self) -> str:
        process = self._process
        if process is not None:
            process.join(5)
        code = None if process is None else process.exitcode
        return f"its process ended (exit code {code})"


class _Proxy:
    """The agent as a player of this process: every decision is asked of its process."""

    def __init__(self, agent: RemoteAgent) -> None:
        self.name = agent.name
        self._act: Callable[[Any], Any] = agent.act

    def act(self, observation: Any) -> Any:
        return self._act(observation)
