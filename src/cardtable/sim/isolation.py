"""How far an evaluated agent is kept from the evaluator: its user, the evaluator's memory, and
what the agent's process is started with.

An agent under evaluation must not learn the run's secret seed (every deal follows from it,
:mod:`cardtable.sim.seeds`). The seed lives only in the evaluator's memory, so:

* **The evaluator is undumpable** (:func:`make_undumpable`, Linux's
  ``prctl(PR_SET_DUMPABLE, 0)``) before the seed is drawn: another process of the same user
  can then neither read ``/proc/PID/mem``, ``environ`` or ``fd`` nor attach to it. A process
  with ``CAP_SYS_PTRACE`` (root) still can, hence:
* **Under root the agent runs as another user** (:func:`agent_user`): a dedicated uid
  (:data:`DEFAULT_AGENT_UID`, or ``CARDTABLE_AGENT_USER`` / ``--agent-user``) with no
  supplementary groups, which can read nothing of root's processes. That user must be able
  to run this Python (tried once, :func:`cannot_run`); where it cannot (an interpreter under
  ``/root``), the agent runs as root **without capabilities** (an empty bounding set and
  ``no_new_privs``, :func:`drop_capabilities`): the evaluator's memory is closed to it, but
  root's files are not. Under any other user the process cannot change users: the agent runs
  as that same user, kept from the evaluator's memory by the undumpable flag alone, and can
  read that user's files and signal its processes. :func:`isolation_words` says which, in
  the evaluation's summary.
* **A clean start** (:func:`clean_environment`): the agent's process is a fresh interpreter
  started with the argument list ``python -m cardtable.sim.agent_process`` and an
  environment of ``PATH``, ``LANG``, a private ``HOME`` and ``TMPDIR`` of its own and the
  variables the caller names; it inherits no descriptor but its channel and standard error.

>>> agent_user("same").uid is None
True
>>> sorted(set(clean_environment("/tmp/x", {"AGENT_LOG": "/tmp/log"})) - set(BYTECODE))
['AGENT_LOG', 'HOME', 'LANG', 'LC_ALL', 'PATH', 'PYTHONPATH', 'TMPDIR']
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import pwd
import subprocess
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from cardtable.errors import CardTableError

__all__ = [
    "DEFAULT_AGENT_UID",
    "USER_VARIABLE",
    "AgentUser",
    "agent_user",
    "clean_environment",
    "isolation_words",
    "make_undumpable",
]

DEFAULT_AGENT_UID: Final = 65533  # below nobody (65534); no account, no files, no groups
USER_VARIABLE: Final = "CARDTABLE_AGENT_USER"
PATH: Final = "/usr/local/bin:/usr/bin:/bin"
BYTECODE: Final = ("PYTHONPYCACHEPREFIX", "PYTHONDONTWRITEBYTECODE")
PROBE_SECONDS: Final = 60.0
PR_SET_DUMPABLE: Final = 4
PR_SET_PDEATHSIG: Final = 1
PR_CAPBSET_DROP: Final = 24
PR_SET_NO_NEW_PRIVS: Final = 38
PR_CAP_AMBIENT: Final = 47
PR_CAP_AMBIENT_CLEAR_ALL: Final = 4


@dataclass(frozen=True)
class AgentUser:
    """Whom the agent's process runs as: ``uid`` ``None`` is the evaluator's own user, with
    every capability dropped where ``capless`` (root that could not hand the agent a user of
    its own)."""

    uid: int | None
    gid: int | None
    words: str  # for people: "uid 65533, a user of its own"
    capless: bool = False


_RUNS: dict[tuple[int, str], str | None] = {}  # (uid, interpreter): why it cannot run, if not


def agent_user(choice: str | None = None) -> AgentUser:
    """The user to run an agent as: ``choice`` (else ``$CARDTABLE_AGENT_USER``, else
    ``"auto"``) is ``"auto"`` (root: the dedicated uid if it can run this Python, else root
    without capabilities; anyone else: themselves), ``"same"`` (the evaluator's own user, as
    it is) or a user name or uid (root only).

    >>> agent_user(str(os.geteuid())).uid is None  # oneself is no change of user
    True
    """
    text = (choice or os.environ.get(USER_VARIABLE) or "auto").strip()
    root = os.geteuid() == 0
    if text == "same" or (text == "auto" and not root):
        return AgentUser(None, None, "root, with every capability" if root else "the same user")
    if text == "auto":
        why = cannot_run(DEFAULT_AGENT_UID, DEFAULT_AGENT_UID)
        if why is None:
            return AgentUser(DEFAULT_AGENT_UID, DEFAULT_AGENT_UID, _own(f"uid {DEFAULT_AGENT_UID}"))
        return AgentUser(None, None, f"root without capabilities ({why})", capless=True)
    if text.isascii() and text.isdigit():
        uid, gid, words = int(text), int(text), f"uid {text}"
        try:
            entry = pwd.getpwuid(uid)
            gid, words = entry.pw_gid, f"{entry.pw_name} (uid {uid})"
        except KeyError:
            pass  # a uid of no account: its own number as its group
    else:
        try:
            entry = pwd.getpwnam(text)
        except KeyError:
            raise CardTableError(
                f"no user {text!r} to run the agent as: give a user name, a uid, 'auto' or 'same'"
            ) from None
        uid, gid, words = entry.pw_uid, entry.pw_gid, f"{text} (uid {entry.pw_uid})"
    if uid == os.geteuid():
        return AgentUser(None, None, "root, with every capability" if root else "the same user")
    if not root:
        raise CardTableError(
            f"only root can run the agent as another user ({words}); "
            "run as root, or leave the agent's user at 'auto'"
        )
    why = cannot_run(uid, gid)
    if why is not None:
        raise CardTableError(f"cannot run the agent as {words}: {why}")
    return AgentUser(uid, gid, _own(words))


def _own(words: str) -> str:
    return f"{words}, a user of its own"


def import_path() -> str:
    """The evaluator's import path, for the agent's interpreter to find the same modules."""
    return os.pathsep.join(entry or os.getcwd() for entry in sys.path)


def cannot_run(uid: int, gid: int) -> str | None:
    """Why user ``uid`` cannot start this Python and import the agent's program (``None``:
    it can). Tried once per user and interpreter, as the agent's process would start."""
    key = (uid, sys.executable)
    if key not in _RUNS:
        probe = [sys.executable, "-c", "import cardtable.sim.agent_side"]
        try:
            done = subprocess.run(
                probe,
                env=clean_environment("/"),
                cwd="/",
                user=uid,
                group=gid,
                extra_groups=[],
                stdin=subprocess.DEVNULL,
                capture_output=True,
                timeout=PROBE_SECONDS,
                check=False,
            )
        except OSError as error:
            _RUNS[key] = f"uid {uid} cannot run {sys.executable}: {error.strerror or error}"
        except subprocess.TimeoutExpired:
            _RUNS[key] = f"uid {uid} could not start {sys.executable} in {PROBE_SECONDS:g} s"
        else:
            last = (done.stderr.decode("utf-8", "replace").strip().splitlines() or ["?"])[-1]
            _RUNS[key] = None if done.returncode == 0 else f"uid {uid} cannot import: {last}"
    return _RUNS[key]


def drop_capabilities() -> None:
    """In a child about to start the agent as root: no capability, now or after ``exec``
    (an empty bounding set), and no way to gain one (``no_new_privs``). Root without
    capabilities may not read an undumpable process's memory."""
    for capability in range(64):
        if not _prctl(PR_CAPBSET_DROP, capability):
            break  # past the last capability this kernel knows
    _prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL)
    if not _prctl(PR_SET_NO_NEW_PRIVS, 1):
        os._exit(126)  # never start the agent with its privileges


def _prctl(option: int, value: int) -> bool:
    """Linux's prctl(option, value); ``False`` where there is none or it fails."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
    except OSError:
        return False
    return bool(libc.prctl(option, value, 0, 0, 0) == 0)


def make_undumpable() -> bool:
    """Make this process undumpable (no core file; its ``/proc`` files and ``ptrace`` closed
    to other processes of its user), for good: whether it could (Linux only)."""
    return _prctl(PR_SET_DUMPABLE, 0)


def die_with_parent() -> bool:
    """Have the kernel kill this process when the one that started it ends (Linux only): an
    agent left behind by an evaluator killed outright stops with it."""
    import signal

    return _prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


def clean_environment(home: str, passed: Mapping[str, str] | None = None) -> dict[str, str]:
    """The agent's whole environment: a path, the evaluator's import path, a UTF-8 locale,
    ``home`` as its ``HOME`` and ``TMPDIR``, where this process keeps its compiled modules
    (:data:`BYTECODE`, if set here), and the ``passed`` variables (those the caller chose to
    hand it)."""
    environment = {
        "PATH": PATH,
        "PYTHONPATH": import_path(),  # this interpreter's modules, whoever it runs as
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
        "HOME": home,
        "TMPDIR": home,
    }
    # Where the bytecode goes is no secret, and without it the agent's interpreter would
    # write its compiled modules beside the sources the evaluator keeps them away from.
    environment.update({name: os.environ[name] for name in BYTECODE if name in os.environ})
    environment.update(passed or {})
    return environment


def isolation_words(user: AgentUser, undumpable: bool) -> str:
    """One sentence for the summary: what kept this run's agent from the evaluator."""
    memory = (
        "the evaluator's memory was closed to it (undumpable)"
        if undumpable
        else "the evaluator could not make itself undumpable (this is not Linux)"
    )
    if user.uid is not None:
        return f"the agent ran as {user.words}; {memory}"
    if user.capless:
        return (
            f"the agent ran as {user.words}: {memory}, but it could read and write root's "
            "files; put Python where other users can run it to give agents a user of their own"
        )
    if os.geteuid() == 0:
        return f"the agent ran as {user.words}: nothing kept it from the evaluator's memory"
    return (
        f"the agent ran as {user.words} as the evaluator: {memory}, but it could read that "
        "user's files; run untrusted agents as root (a user of their own) or in a container"
    )
