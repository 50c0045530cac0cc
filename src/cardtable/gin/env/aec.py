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

from collections.abc import Mapping
from typing import Any

from gymnasium import spaces

from cardtable.env.aec import AGENTS, GameEnv
from cardtable.env.aec import observation_space as _observation_space
from cardtable.gin.actions import Action
from cardtable.gin.env.actions import NUM_ACTIONS, NUM_ACTIONS_WITH_LAYOUTS
from cardtable.gin.env.core import GameCore, IllegalMode, RewardMode
from cardtable.gin.env.encoding import OBS_SIZE, OBS_SIZE_WITH_LAYOUTS
from cardtable.gin.env.research import RESEARCH
from cardtable.gin.hand import Observation
from cardtable.gin.rules import Rules

__all__ = ["AGENTS", "GinRummyEnv", "env", "observation_space", "raw_env"]


def observation_space(layouts: bool = False) -> spaces.Dict:
    """The space of one agent's observation dict (larger with the layout choice)."""
    if layouts:
        return _observation_space(OBS_SIZE_WITH_LAYOUTS, NUM_ACTIONS_WITH_LAYOUTS)
    return _observation_space(OBS_SIZE, NUM_ACTIONS)


class GinRummyEnv(GameEnv):
    """Gin Rummy as a PettingZoo AEC environment, with exact rules and real points: the
    kit's :class:`~cardtable.env.aec.GameEnv` of gin.

    ``rules`` is a :class:`~cardtable.gin.rules.Rules` value or a preset name; ``settings``
    overrides single settings (``{"target": 50}``). ``reward`` is ``"hand"`` (an episode is
    one deal), ``"match"`` (an episode is a match, paid its final margin at the end) or
    ``"match_dense"`` (a match, paid hand by hand; the same return). See
    :mod:`cardtable.gin.env.core`.

    An illegal action (not in the mask) raises :class:`~cardtable.errors.IllegalActionError`
    with ``illegal_action="raise"``; by default it ends the episode, the offender gets
    ``illegal_reward`` (see :func:`~cardtable.gin.env.core.default_illegal_reward`) and the other
    agent 0, as PettingZoo's classic games do. ``max_steps`` truncates long episodes (random
    agents rarely knock, so their matches can run to many deals).

    ``reset(seed=s)`` makes every later episode reproducible: episode ``k`` after it is dealt
    from the seed ``f"{s}/{k}"``. ``reset(options={"dealer": 0})`` fixes the first dealer
    (otherwise a fair cut from the episode seed).
    """

    metadata: dict[str, Any] = {**GameEnv.metadata, "name": "ginrummy_v0"}  # noqa: RUF012
    core: GameCore

    def __init__(
        self,
        rules: Rules | str | None = None,
        *,
        settings: Mapping[str, Any] | None = None,
        reward: RewardMode = "hand",
        render_mode: str | None = None,
        illegal_action: IllegalMode = "terminate",
        illegal_reward: float | None = None,
        max_steps: int | None = None,
        layouts: bool = False,
    ) -> None:
        super().__init__(
            RESEARCH,
            rules,
            settings=settings,
            reward=reward,
            render_mode=render_mode,
            illegal_action=illegal_action,
            illegal_reward=illegal_reward,
            max_steps=max_steps,
            layouts=layouts,
        )

    def observation_of(self, agent: str) -> Observation:
        """The agent's full :class:`~cardtable.gin.hand.Observation` (events in order, and more)."""
        return self.core.observation(self._seat[agent])

    def layout_choices(self, agent: str) -> dict[int, Action]:
        """While ``agent`` chooses the layout of its knock: each layout id and the knock it
        makes, melds included (empty otherwise)."""
        core = self.core
        if core.pending is None or core.to_act != self._seat[agent]:
            return {}
        return dict(core.legal)


def env(**kwargs: Any) -> GinRummyEnv:
    """The environment, ready to use (keywords as :class:`GinRummyEnv`).

    PettingZoo's classic games come inside wrappers that check the order of calls, the
    bounds of actions and illegal moves; this environment makes those checks itself (an
    out-of-range or illegal id is an illegal action; ``step`` or ``observe`` before ``reset``
    raises), so it needs none and skips their cost (inside ``OrderEnforcingWrapper`` a step
    takes about 1.6 times as long). Wrap it yourself if you want them:
    ``pettingzoo.utils.wrappers.OrderEnforcingWrapper(env())``.
    """
    return GinRummyEnv(**kwargs)


def raw_env(**kwargs: Any) -> GinRummyEnv:
    """The same as :func:`env` (PettingZoo's name for an environment without wrappers)."""
    return GinRummyEnv(**kwargs)
