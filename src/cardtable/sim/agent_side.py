"""The agent's side of :class:`~cardtable.sim.remote_agent.RemoteAgent`: its process's whole
program (:func:`main`), started as ``python -m cardtable.sim.agent_process``.

The process gets nothing on its command line and its environment is the evaluator's choice
(:mod:`cardtable.sim.isolation`); its standard input and output are its channel to the
evaluator (a socket), which it takes over at once, so that a print of the agent's goes to
standard error and cannot be read as an answer. The first message is the set-up: the
evaluator's import path, the script to import where the agent's factory was defined in it,
the game and the agent's spec (pickled apart, to be read once the path is set). Then
:func:`serve` answers the evaluator until it says stop or goes away.
"""

from __future__ import annotations

import dataclasses
import os
import pickle
import runpy
import signal
import sys
import traceback
import types
from multiprocessing.connection import Connection
from typing import Any

from cardtable.sim.isolation import die_with_parent
from cardtable.sim.players import PlayerSpec, load_player

__all__ = ["importing_script", "main", "serve", "split_events"]

_importing_script = False  # while the evaluator's script is imported here, for a factory


def importing_script() -> bool:
    """Whether this process is importing the evaluator's script (to find the agent's
    factory): a script that then runs an evaluation itself has no ``__main__`` guard."""
    return _importing_script


def split_events(observation: Any) -> tuple[Any, tuple[Any, ...]] | None:
    """An observation without its events, and its events, if it is a dataclass with a tuple
    of ``events``; ``None`` otherwise (it is sent whole)."""
    events = getattr(observation, "events", None)
    if not isinstance(events, tuple) or not dataclasses.is_dataclass(observation):
        return None
    return dataclasses.replace(observation, events=()), events  # type: ignore[type-var]


def serve(spec: PlayerSpec, connection: Connection, game: str | None = None) -> None:
    """Build players of ``game`` from ``spec`` and answer the evaluator on ``connection``."""

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
                if split_events(bare) is not None:
                    events = events[:kept] + new_events
                    observation = dataclasses.replace(bare, events=events)
                say(f"action {player.act(observation)}")
            else:
                return
        except Exception as error:
            where = traceback.extract_tb(error.__traceback__)[-1]
            say(f"error {type(error).__name__}: {error} ({where.filename}:{where.lineno})")
            return


def _import_script(path: str) -> None:
    """Import the evaluator's script as ``__mp_main__`` (its ``__main__`` block not run), so
    that a factory defined in it unpickles, as :mod:`multiprocessing` does for its workers."""
    global _importing_script
    module = types.ModuleType("__mp_main__")
    sys.modules["__mp_main__"] = sys.modules["__main__"] = module
    _importing_script = True
    try:
        module.__dict__.update(runpy.run_path(path, run_name="__mp_main__"))
    finally:
        _importing_script = False


def main() -> None:
    """The process's program: take the channel over, set up, serve."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the evaluator's, which stops us
    die_with_parent()
    connection = Connection(os.dup(0))
    quiet = os.open(os.devnull, os.O_RDONLY)
    os.dup2(quiet, 0)
    os.dup2(2, 1)  # the agent's prints go to standard error, never down the channel
    os.close(quiet)
    _, path, script, game, spec_bytes = pickle.loads(connection.recv_bytes())
    sys.path[:] = path
    try:
        if script is not None:
            _import_script(script)
        spec = pickle.loads(spec_bytes)
    except BaseException as error:  # the script's own exit included: report it, then end
        text = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
        connection.send_bytes(f"error {text}".encode())
        return
    serve(spec, connection, game)
