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

import secrets
import warnings
from collections.abc import Mapping
from typing import Any, ClassVar, Final

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from cardtable.errors import IllegalActionError
from cardtable.gin.actions import Action
from cardtable.gin.env.actions import NUM_ACTIONS, NUM_ACTIONS_WITH_LAYOUTS
from cardtable.gin.env.core import (
    GameCore,
    IllegalMode,
    RewardMode,
    default_illegal_reward,
    make_rules,
)
from cardtable.gin.env.encoding import OBS_SIZE, OBS_SIZE_WITH_LAYOUTS
from cardtable.gin.hand import Observation
from cardtable.gin.rules import Rules

__all__ = ["AGENTS", "GinRummyEnv", "env", "raw_env"]

AGENTS: Final = ("player_0", "player_1")


def observation_space(layouts: bool = False) -> spaces.Dict:
    """The space of one agent's observation dict (larger with the layout choice)."""
    size = OBS_SIZE_WITH_LAYOUTS if layouts else OBS_SIZE
    actions = NUM_ACTIONS_WITH_LAYOUTS if layouts else NUM_ACTIONS
    return spaces.Dict(
        {
            "observation": spaces.Box(0.0, 1.0, shape=(size,), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, shape=(actions,), dtype=np.int8),
        }
    )


class GinRummyEnv(AECEnv):  # type: ignore[misc]
    """Gin Rummy as a PettingZoo AEC environment, with exact rules and real points.

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

    metadata: ClassVar[dict[str, Any]] = {
        "name": "ginrummy_v0",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
        "render_fps": 2,
    }

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
        super().__init__()
        if render_mode not in (None, "ansi", "human"):
            raise ValueError(f"render_mode must be ansi, human or None, not {render_mode!r}")
        if illegal_action not in ("terminate", "raise"):
            raise ValueError(f"illegal_action must be terminate or raise, not {illegal_action!r}")
        self.rules = make_rules(rules, settings)
        self.core = GameCore(self.rules, reward, layouts)
        self.render_mode = render_mode
        self.illegal_action: IllegalMode = illegal_action
        self.illegal_reward = (
            default_illegal_reward(self.rules, reward) if illegal_reward is None else illegal_reward
        )
        self.max_steps = max_steps
        self.possible_agents: list[str] = list(AGENTS)
        self.agents: list[str] = []
        self._seat = {agent: seat for seat, agent in enumerate(AGENTS)}
        self._observation_space = observation_space(layouts)
        self._action_space = spaces.Discrete(self.core.num_actions)
        self.observation_spaces = dict.fromkeys(AGENTS, self._observation_space)
        self.action_spaces = dict.fromkeys(AGENTS, self._action_space)
        self._seed_base: str | None = None
        self._episode = 0
        self._infos_dirty = False
        self._rewards_dirty = False
        self._has_reset = False
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.agent_selection = AGENTS[0]

    # -- spaces ------------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Dict:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._action_space

    # -- the AEC loop ------------------------------------------------------------------

    def reset(self, seed: int | str | None = None, options: dict[str, Any] | None = None) -> None:
        """Start an episode; ``options`` may name the first ``"dealer"`` (other keys ignored)."""
        if seed is not None:
            self._seed_base, self._episode = str(seed), 0
        elif self._seed_base is None:
            self._seed_base = secrets.token_hex(8)
        episode_seed = f"{self._seed_base}/{self._episode}"
        self._episode += 1
        dealer = None if options is None else options.get("dealer")
        self.core.reset(episode_seed, dealer)
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos = {agent: {} for agent in AGENTS}
        self._infos_dirty = False
        self._rewards_dirty = False
        self._has_reset = True
        to_act = self.core.to_act
        assert to_act is not None
        self.agent_selection = AGENTS[to_act]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        if not self._has_reset:
            raise RuntimeError("call reset() before observe()")
        seat = self._seat[agent]
        core = self.core
        return {"observation": core.encode(seat), "action_mask": core.mask(seat)}

    def step(self, action: int | np.integer | None) -> None:
        if not self.agents:
            if not self._has_reset:
                raise RuntimeError("call reset() before step()")
            warnings.warn("step() after the episode ended: call reset()", stacklevel=2)
            return
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        core = self.core
        self._cumulative_rewards[agent] = 0.0
        rewards = self.rewards
        if self._rewards_dirty:  # most steps pay nothing: clear only after one that paid
            for name in rewards:
                rewards[name] = 0.0
            self._rewards_dirty = False
        if self._infos_dirty:
            self.infos = {name: {} for name in self.agents}
            self._infos_dirty = False
        index = _as_index(action)
        chosen = None if index is None else core.legal.get(index)
        if chosen is None:
            self._illegal(agent, action)
            return
        first = len(core.results)
        gains = core.apply_chosen(chosen)
        if gains[0] or gains[1]:
            rewards[AGENTS[0]] = float(gains[0])
            rewards[AGENTS[1]] = float(gains[1])
            self._rewards_dirty = True
            self._accumulate_rewards()
        if len(core.results) > first:
            self._report_results(first)
        to_act = core.to_act
        if to_act is None:
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = AGENTS[to_act]
            if self.max_steps is not None and core.steps >= self.max_steps:
                self.truncations = dict.fromkeys(self.agents, True)
        if self.render_mode == "human":
            self.render()

    def _report_results(self, first: int) -> None:
        core = self.core
        info: dict[str, Any] = {"hand_results": core.results[first:]}
        if core.final is not None:
            info["final"] = core.final
        self.infos = {name: dict(info) for name in self.agents}
        self._infos_dirty = True

    def _illegal(self, agent: str, action: object) -> None:
        message = self.core.illegal_message(action)
        if self.illegal_action == "raise":
            raise IllegalActionError(message)
        self.rewards[agent] = float(self.illegal_reward)
        self._rewards_dirty = True
        self.terminations = dict.fromkeys(self.agents, True)
        self.infos = {name: {} for name in self.agents}
        self.infos[agent]["illegal_action"] = message
        self._infos_dirty = True
        self.core.abort()
        self._accumulate_rewards()

    # -- extras ------------------------------------------------------------------------

    def observation_of(self, agent: str) -> Observation:
        """The agent's full :class:`~cardtable.gin.hand.Observation` (events in order, and more)."""
        return self.core.observation(self._seat[agent])

    def legal_ids(self, agent: str) -> list[int]:
        """The agent's legal action ids (empty when it is not to act)."""
        core = self.core
        return sorted(core.legal) if core.to_act == self._seat[agent] else []

    def layout_choices(self, agent: str) -> dict[int, Action]:
        """While ``agent`` chooses the layout of its knock: each layout id and the knock it
        makes, melds included (empty otherwise)."""
        core = self.core
        if core.pending is None or core.to_act != self._seat[agent]:
            return {}
        return dict(core.legal)

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = self.core.render()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def _as_index(action: object) -> int | None:
    if isinstance(action, (int, np.integer)) and not isinstance(action, bool):
        return int(action)
    if isinstance(action, np.ndarray) and action.shape in ((), (1,)):
        return int(action.reshape(()))
    return None


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
