"""The agent that docs/research.md plugs in: ``my_policy`` and ``make_agent``, worked.

``my_policy(observation, action_mask)`` is a policy over the research environments' vector
and legal-action mask, the shape every snippet of the PettingZoo and Gymnasium environments
calls (gin's and Cribbage's alike: it reads only the mask). It picks a legal id at random;
put your network in its place. ``make_agent(seed)`` seats it as a gin player (a
:class:`cardtable.env.PolicyPlayer`) for the simulator, tournaments and ``evaluate``, and
``make_cribbage_agent(seed)`` as a Cribbage player. Each agent draws from its own generator,
seeded with the seed it is built with, so a run with a given seed plays the same games again.

From the repository root (``python -m`` puts it on the import path; with the ``cardtable``
command itself, set ``PYTHONPATH=.``)::

    python -m cardtable gin simulate examples.agents:make_agent simple --games 20
    python -m cardtable gin evaluate examples.agents:make_agent --against simple --games 20
    python -m cardtable cribbage evaluate examples.agents:make_cribbage_agent --games 4

and in Python, ``from examples.agents import my_policy, make_agent``. Needs numpy
(``pip install 'cardtable[env]'``). ``tests/test_examples.py`` runs the docs' snippets with
these.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from cardtable.env import PolicyPlayer

__all__ = ["make_agent", "make_cribbage_agent", "my_policy"]

# The generator of calls that bring none (the environments' loops in the docs).
_RNG = np.random.default_rng(0)


def my_policy(
    observation: npt.NDArray[Any],
    action_mask: npt.NDArray[Any],
    rng: np.random.Generator | None = None,
) -> int:
    """One legal action id: uniformly at random among those ``action_mask`` allows.

    ``observation`` (the environment's float32 vector: 429 values for gin) is where a
    learned policy would look; this one needs only the mask.
    """
    del observation
    legal = np.flatnonzero(action_mask)
    if legal.size == 0:
        raise ValueError("the mask allows no action: it is not this agent's turn")
    return int((rng or _RNG).choice(legal))


def _seated(seed: int, game: str) -> PolicyPlayer:
    rng = np.random.default_rng(seed)

    def policy(observation: npt.NDArray[Any], action_mask: npt.NDArray[Any]) -> int:
        return my_policy(observation, action_mask, rng)

    return PolicyPlayer(policy, name="my_policy", game=game)


def make_agent(seed: int) -> PolicyPlayer:
    """``my_policy`` as a gin player (the factory ``examples.agents:make_agent``)."""
    return _seated(seed, "gin")


def make_cribbage_agent(seed: int) -> PolicyPlayer:
    """``my_policy`` as a Cribbage player (``examples.agents:make_cribbage_agent``)."""
    return _seated(seed, "cribbage")
