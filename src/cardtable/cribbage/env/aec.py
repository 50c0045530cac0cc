"""The PettingZoo AEC environment: two agents, ``player_0`` and ``player_1`` (seats 0 and 1).

Each agent observes a dict: ``"observation"``, the 584-value vector of
:mod:`cardtable.cribbage.env.encoding` built from its own seat's view, and ``"action_mask"``,
53 0/1 values over the ids of :mod:`cardtable.cribbage.env.actions` (all zero when the agent is
not to act). The same agent acts twice in a row to lay away (two picks), and often in the
play (after the opponent's go): follow ``agent_selection``.

Two ``simple`` players, acting on ``observation_of(agent)``, their discards given as two picks:

>>> from cardtable.cribbage.actions import ActionKind
>>> from cardtable.cribbage.env.actions import action_id
>>> from cardtable.cribbage.players import make_player
>>> environment = env(reward="hand")
>>> environment.reset(seed=42)
>>> simple = make_player("simple")
>>> totals = dict.fromkeys(environment.possible_agents, 0.0)
>>> queued: list[int] = []
>>> for agent in environment.agent_iter():
...     observation, reward, terminated, truncated, info = environment.last()
...     totals[agent] += reward
...     if terminated or truncated:
...         environment.step(None)
...         continue
...     if not queued:
...         chosen = simple.act(environment.observation_of(agent))
...         kind = chosen.kind
...         queued = [int(c) for c in chosen.cards] if kind is ActionKind.DISCARD else [
...             action_id(chosen)]
...     environment.step(queued.pop(0))
>>> totals["player_0"] == -totals["player_1"] != 0
True
"""

from __future__ import annotations

from typing import Any

from gymnasium import spaces

from cardtable.cribbage.env.actions import NUM_ACTIONS
from cardtable.cribbage.env.core import GameCore
from cardtable.cribbage.env.encoding import OBS_SIZE
from cardtable.cribbage.env.research import RESEARCH
from cardtable.env.aec import AGENTS, OneGameEnv
from cardtable.env.aec import observation_space as _observation_space

__all__ = ["AGENTS", "CribbageEnv", "env", "observation_space", "raw_env"]


def observation_space() -> spaces.Dict:
    """The space of one agent's observation dict."""
    return _observation_space(OBS_SIZE, NUM_ACTIONS)


class CribbageEnv(OneGameEnv):
    """Cribbage as a PettingZoo AEC environment, with exact rules and real points: the kit's
    :class:`~cardtable.env.aec.GameEnv` of Cribbage, made as ``CribbageEnv(rules, ...)``.

    ``rules`` is a :class:`~cardtable.cribbage.rules.Rules` value or a preset name
    (``standard``, ``short``, ``muggins``); ``settings`` overrides single settings
    (``{"target": 61}``). ``reward`` is ``"hand"`` (an episode is one deal, every point paid
    as it is pegged; the default) or ``"match"`` (an episode is a match, paid its game-point
    margin at the end). See :mod:`cardtable.cribbage.env.core`; with muggins on the
    environment counts every show in full for the agents.

    ``render_mode``, ``illegal_action``, ``illegal_reward`` (by default
    :func:`~cardtable.cribbage.env.core.default_illegal_reward`), ``max_steps`` and the seeds
    of ``reset`` are the kit's. ``observation_of(agent)`` is the agent's
    :class:`~cardtable.cribbage.match.MatchObservation` (what computer players act on; the
    plays in order, the shows itemised, ...).
    """

    declared = RESEARCH
    metadata: dict[str, Any] = {**OneGameEnv.metadata, "name": RESEARCH.env_name}  # noqa: RUF012
    core: GameCore


def env(**kwargs: Any) -> CribbageEnv:
    """The environment, ready to use (keywords as :class:`CribbageEnv`), unwrapped as
    :func:`cardtable.env.aec_env` says."""
    return CribbageEnv(**kwargs)


raw_env = env  # PettingZoo's name for an environment without wrappers: the same
