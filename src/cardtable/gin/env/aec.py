"""The PettingZoo AEC environment: two agents, ``player_0`` and ``player_1`` (seats 0 and 1).

Each agent observes a dict: ``"observation"``, the 429-value vector of
:mod:`cardtable.gin.env.encoding` built from its own seat's view, and ``"action_mask"``, 108 0/1
values over the ids of :mod:`cardtable.gin.env.actions` (all zero when the agent is not to act).
The same agent often acts twice in a row (draw, then discard): follow ``agent_selection``.

Two ``simple`` players, acting on ``observation_of(agent)`` and mapped to ids:

>>> from cardtable.gin.env import action_id
>>> from cardtable.gin.players import make_player
>>> environment = env(reward="hand")
>>> environment.reset(seed=42)
>>> simple = make_player("simple")
>>> totals = dict.fromkeys(environment.possible_agents, 0.0)
>>> for agent in environment.agent_iter():
...     observation, reward, terminated, truncated, info = environment.last()
...     totals[agent] += reward
...     if terminated or truncated:
...         environment.step(None)
...         continue
...     chosen = simple.act(environment.observation_of(agent))
...     assert observation["action_mask"][action_id(chosen)] == 1
...     environment.step(action_id(chosen))
>>> result = environment.core.results[-1]
>>> result.outcome.value, result.winner, result.points, totals
('knock', 1, 5, {'player_0': -5.0, 'player_1': 5.0})
"""

from __future__ import annotations

from typing import Any

from gymnasium import spaces

from cardtable.env.aec import AGENTS, OneGameEnv
from cardtable.env.aec import observation_space as _observation_space
from cardtable.gin.actions import Action
from cardtable.gin.env.actions import NUM_ACTIONS, NUM_ACTIONS_WITH_LAYOUTS
from cardtable.gin.env.core import GameCore
from cardtable.gin.env.encoding import OBS_SIZE, OBS_SIZE_WITH_LAYOUTS
from cardtable.gin.env.research import RESEARCH

__all__ = ["AGENTS", "GinRummyEnv", "env", "observation_space", "raw_env"]


def observation_space(layouts: bool = False) -> spaces.Dict:
    """The space of one agent's observation dict (larger with the layout choice)."""
    if layouts:
        return _observation_space(OBS_SIZE_WITH_LAYOUTS, NUM_ACTIONS_WITH_LAYOUTS)
    return _observation_space(OBS_SIZE, NUM_ACTIONS)


class GinRummyEnv(OneGameEnv):
    """Gin Rummy as a PettingZoo AEC environment, with exact rules and real points: the
    kit's :class:`~cardtable.env.aec.GameEnv` of gin, made as ``GinRummyEnv(rules, ...)``.

    ``rules`` is a :class:`~cardtable.gin.rules.Rules` value or a preset name; ``settings``
    overrides single settings (``{"target": 50}``). ``reward`` is ``"hand"`` (an episode is
    one deal, the default), ``"match"`` (an episode is a match, paid its final margin at the
    end) or ``"match_dense"`` (a match, paid hand by hand; the same return). See
    :mod:`cardtable.gin.env.core`. ``layouts=True``: the knocker chooses its layout.

    ``render_mode``, ``illegal_action``, ``illegal_reward`` (by default
    :func:`~cardtable.gin.env.core.default_illegal_reward`), ``max_steps`` (random agents
    rarely knock, so their matches can run to many deals) and the seeds of ``reset`` are
    the kit's. ``observation_of(agent)`` is the agent's full
    :class:`~cardtable.gin.hand.Observation` (events in order, and more).
    """

    declared = RESEARCH
    metadata: dict[str, Any] = {**OneGameEnv.metadata, "name": RESEARCH.env_name}  # noqa: RUF012
    core: GameCore

    def layout_choices(self, agent: str) -> dict[int, Action]:
        """While ``agent`` chooses the layout of its knock: each layout id and the knock it
        makes, melds included (empty otherwise)."""
        core = self.core
        if core.pending is None or core.to_act != self._seat[agent]:
            return {}
        return dict(core.legal)


def env(**kwargs: Any) -> GinRummyEnv:
    """The environment, ready to use (keywords as :class:`GinRummyEnv`), unwrapped as
    :func:`cardtable.env.aec_env` says (inside ``OrderEnforcingWrapper`` a step takes about
    1.6 times as long)."""
    return GinRummyEnv(**kwargs)


raw_env = env  # PettingZoo's name for an environment without wrappers: the same
