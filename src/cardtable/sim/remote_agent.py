"""An agent in a process of its own, handed its own observations and nothing else.

:class:`RemoteAgent` starts a fresh Python interpreter (``python -m
cardtable.sim.agent_process``: nothing of the evaluator's memory is copied into it, the deck
and the run's seed included), builds the agent there from its spec and plays it over a
socket. The process is kept from the evaluator as far as the evaluator can arrange
(:mod:`cardtable.sim.isolation`): under root it runs as a user of its own, it gets an empty
command line, an environment of a few variables and a private home, and no descriptor but its
channel and standard error. The evaluator holds the deck, the run's seed and every other
player; the agent's process only ever receives

* the set-up: the evaluator's import path, the game, the agent's spec (and the path of the
  evaluator's script, where the agent's factory was defined in it), answered ``ready``;
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

>>> from cardtable.gin.hand import Hand
>>> hand = Hand.deal(seed="doc")
>>> with RemoteAgent("random") as agent:
...     action = agent.new_player(7).act(hand.observation(hand.to_act))
>>> action in hand.legal_actions()
True
"""

from __future__ import annotations

import contextlib
import os
import pickle
import shutil
import socket
import subprocess
import sys
import tempfile
from collections.abc import Callable, Mapping
from multiprocessing.connection import Connection
from types import TracebackType
from typing import Any, Final

from cardtable.errors import CardTableError
from cardtable.games.simulation import NotLegalNow
from cardtable.sim.agent_side import importing_script, split_events
from cardtable.sim.facets import simulation_of
from cardtable.sim.isolation import AgentUser, agent_user, clean_environment, drop_capabilities
from cardtable.sim.players import PlayerSpec, check_game, spec_name

__all__ = ["AgentError", "RemoteAgent"]

START_SECONDS: Final = 120.0  # a fresh interpreter imports the package and the agent
MAIN_MODULES: Final = ("__main__", "__mp_main__")
ANSWER_BYTES: Final = 1 << 16  # an action is a few dozen characters
ANSWER_SHOWN: Final = 400  # characters of an answer an error message quotes
NO_MAIN_GUARD: Final = (
    "the agent's process cannot start: it imports the script to find the agent's factory, "
    "and the script runs the evaluation again; put the code that runs it under "
    "'if __name__ == \"__main__\":' (or name the agent as 'module:attribute')"
)


class AgentError(CardTableError):
    """The agent failed: it could not be built, broke a rule, raised, hung or died."""


class RemoteAgent:
    """The agent ``spec`` running in its own process; a context manager that stops it.

    ``spec`` is a player name, a ``"module:attribute"`` path to a factory ``f(seed) ->
    Player`` or a top-level factory (it is imported in the agent's process, never here).
    ``timeout`` bounds the seconds of one answer; ``game`` is a game's name in the registry
    (``None``: its default game). ``user`` chooses whom the process runs as
    (:func:`~cardtable.sim.isolation.agent_user`: by default, under root a user of its own,
    otherwise the evaluator's; or that function's answer, as the evaluator's workers are
    handed it); ``environment`` holds the only variables it is given besides its path,
    locale and private home.
    """

    def __init__(
        self,
        spec: PlayerSpec,
        *,
        timeout: float = 60.0,
        game: str | None = None,
        user: str | AgentUser | None = None,
        environment: Mapping[str, str] | None = None,
    ) -> None:
        game = check_game(game)
        if not timeout > 0:
            raise ValueError(f"the timeout must be a positive number of seconds, not {timeout}")
        try:
            self._spec_bytes = pickle.dumps(spec)
        except (pickle.PicklingError, AttributeError, TypeError):
            raise ValueError(
                f"the agent's process needs a spec it can import: a name, a "
                f"'module:attribute' path or a top-level factory, not {spec!r}"
            ) from None
        self.spec = spec
        self.game: str = game
        self.name = spec_name(spec)
        self.timeout = timeout
        self.user: AgentUser = user if isinstance(user, AgentUser) else agent_user(user)
        self.environment = dict(environment or {})
        self.decisions = 0
        self._process: subprocess.Popen[bytes] | None = None
        self._connection: Connection | None = None
        self._home: str | None = None
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
        if importing_script():  # an agent's process importing a script without its guard
            raise CardTableError(NO_MAIN_GUARD)
        user = self.user
        self._home = home = tempfile.mkdtemp(prefix="cardtable-agent-")
        if user.uid is not None:
            os.chown(home, user.uid, user.gid if user.gid is not None else -1)
        ours, theirs = socket.socketpair()
        try:
            process = self._popen(theirs.fileno(), home)
        except OSError as error:
            ours.close()
            self.close()
            raise AgentError(
                f"cannot start agent {self.name!r} as {user.words}: {error.strerror or error}"
            ) from None
        finally:
            theirs.close()  # so that its end closing reads as EOF here
        self._process, self._connection = process, Connection(ours.detach())
        try:
            self._send(("setup", *self._setup()))
            answer = self._answer(START_SECONDS)
        except BaseException:
            self.close()
            raise
        if answer != "ready":
            self.close()
            raise AgentError(f"cannot start agent {self.name!r}: {answer.removeprefix('error ')}")

    def _popen(self, channel: int, home: str) -> subprocess.Popen[bytes]:
        """The agent's process, its standard input and output the ``channel``; in this
        directory, or in its home where its user may not enter this one."""
        user = self.user
        for directory in (os.getcwd(), home):
            try:
                return subprocess.Popen(
                    [sys.executable, "-m", "cardtable.sim.agent_process"],
                    stdin=channel,
                    stdout=channel,
                    env=clean_environment(home, self.environment),
                    cwd=directory,
                    user=user.uid,
                    group=user.gid,
                    extra_groups=[] if user.uid is not None else None,
                    preexec_fn=drop_capabilities if user.capless else None,
                    start_new_session=True,  # Ctrl-C at the terminal is the evaluator's alone
                )
            except PermissionError:
                if directory == home:
                    raise
        raise AssertionError("unreachable")

    def _setup(self) -> tuple[list[str], str | None, str, bytes]:
        """What the agent's process needs to build the agent: the import path (this
        directory for its empty entry), this script where the factory was defined in it,
        the game and the pickled spec."""
        path = [entry or os.getcwd() for entry in sys.path]
        script = None
        # "__mp_main__": the script as a spawned worker process imports it (the evaluator's).
        if callable(self.spec) and getattr(self.spec, "__module__", None) in MAIN_MODULES:
            script = getattr(sys.modules.get("__main__"), "__file__", None)
            if script is None:
                raise ValueError(
                    f"the agent's factory {self.name!r} is defined in an interactive session, "
                    "which its process cannot import: put it in a module"
                )
            script = os.path.abspath(script)
        return path, script, self.game, self._spec_bytes

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
        split = split_events(observation)
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
        """Stop the agent's process (politely, then by force) and remove its home."""
        process, connection, home = self._process, self._connection, self._home
        self._process = self._connection = self._home = None
        if connection is not None:
            with contextlib.suppress(OSError):  # it may be gone already
                connection.send_bytes(pickle.dumps(("stop",)))
            connection.close()
        if process is not None:
            try:
                process.wait(5)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(5)
        if home is not None:
            shutil.rmtree(home, ignore_errors=True)

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
        code = None
        if process is not None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                code = process.wait(5)
        return f"its process ended (exit code {code})"


class _Proxy:
    """The agent as a player of this process: every decision is asked of its process."""

    def __init__(self, agent: RemoteAgent) -> None:
        self.name = agent.name
        self._act: Callable[[Any], Any] = agent.act

    def act(self, observation: Any) -> Any:
        return self._act(observation)
