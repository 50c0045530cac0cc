"""The PettingZoo AEC environment of any game that declares research: two agents,
``player_0`` and ``player_1`` (seats 0 and 1).

Each agent observes a dict: ``"observation"``, the game's vector built from its own seat's
view, and ``"action_mask"``, 0/1 over the game's action ids (all zero when the agent is not
to act). The same agent may act several times in a row: follow ``agent_selection``.

>>> environment = aec_env("cribbage", reward="hand")
>>> environment.reset(seed=3)
>>> observation, reward, terminated, truncated, info = environment.last()
>>> observation["observation"].shape, environment.metadata["name"]
((584,), 'cribbage_v0')
"""

from __future__ import annotations

import secrets
import warnings
from collections.abc import Mapping
from typing import Any, ClassVar, Final

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from cardtable.env.research import Core, IllegalMode, Research, research_of
from cardtable.errors import IllegalActionError

__all__ = [
    "AGENTS",
    "GameEnv",
    "OneGameEnv",
    "aec_env",
    "as_index",
    "check_common",
    "observation_space",
    "render_core",
]

AGENTS: Final = ("player_0", "player_1")


def observation_space(obs_size: int, num_actions: int) -> spaces.Dict:
    """The space of one agent's observation dict."""
    return spaces.Dict(
        {
            "observation": spaces.Box(0.0, 1.0, shape=(obs_size,), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, shape=(num_actions,), dtype=np.int8),
        }
    )


def check_common(render_mode: str | None, illegal_action: str) -> None:
    """Refuse a render mode or an illegal-action mode the environments do not have."""
    if render_mode not in (None, "ansi", "human"):
        raise ValueError(f"render_mode must be ansi, human or None, not {render_mode!r}")
    if illegal_action not in ("terminate", "raise"):
        raise ValueError(f"illegal_action must be terminate or raise, not {illegal_action!r}")


class GameEnv(AECEnv):  # type: ignore[misc]
    """A game as a PettingZoo AEC environment, with the game's exact rules and real points.

    ``game`` is a game's name (its declarations are found through the registry) or its
    :class:`~cardtable.env.research.Research`. ``rules`` is a rules value or a preset name;
    ``settings`` overrides single settings (``{"target": 50}``). ``reward`` is one of the
    game's reward modes (the first by default; ``"hand"``: an episode is one deal). Any
    other keyword is an option of the game's own (gin's ``layouts``).

    An illegal action (not in the mask) raises :class:`~cardtable.errors.IllegalActionError`
    with ``illegal_action="raise"``; by default it ends the episode, the offender gets
    ``illegal_reward`` (the game's default is below any real result) and the other agent 0,
    as PettingZoo's classic games do. ``max_steps`` truncates long episodes.

    ``reset(seed=s)`` makes every later episode reproducible: episode ``k`` after it is dealt
    from the seed ``f"{s}/{k}"``. ``reset(options={"dealer": 0})`` fixes the first dealer
    (otherwise a fair cut from the episode seed).
    """

    # PettingZoo declares metadata as a plain class attribute; each instance names its game.
    metadata: dict[str, Any] = {  # noqa: RUF012
        "name": "cardtable_v0",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
        "render_fps": 2,
    }

    def __init__(
        self,
        game: str | Research,
        rules: Any = None,
        *,
        settings: Mapping[str, Any] | None = None,
        reward: str | None = None,
        render_mode: str | None = None,
        illegal_action: IllegalMode = "terminate",
        illegal_reward: float | None = None,
        max_steps: int | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        check_common(render_mode, illegal_action)
        self.research = research_of(game)
        self.metadata = {**type(self).metadata, "name": self.research.env_name}
        mode = self.research.reward_modes[0] if reward is None else reward
        self.core: Core = self.research.new_core(rules, settings, mode, options)
        self.rules = self.core.rules
        self.render_mode = render_mode
        self.illegal_action: IllegalMode = illegal_action
        self.illegal_reward = (
            self.core.default_illegal_reward() if illegal_reward is None else illegal_reward
        )
        self.max_steps = max_steps
        self.possible_agents: list[str] = list(AGENTS)
        self.agents: list[str] = []
        self._seat = {agent: seat for seat, agent in enumerate(AGENTS)}
        self._observation_space = observation_space(self.core.obs_size, self.core.num_actions)
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
        index = as_index(action)
        if index is None or not core.is_legal(index):
            self._illegal(agent, action)
            return
        mark = core.mark()
        gains = core.apply(index)
        if gains[0] or gains[1]:
            rewards[AGENTS[0]] = float(gains[0])
            rewards[AGENTS[1]] = float(gains[1])
            self._rewards_dirty = True
            self._accumulate_rewards()
        info = core.step_info(mark)
        if info is not None:
            self.infos = {name: dict(info) for name in self.agents}
            self._infos_dirty = True
        to_act = core.to_act
        if to_act is None:
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = AGENTS[to_act]
            if self.max_steps is not None and core.steps >= self.max_steps:
                self.truncations = dict.fromkeys(self.agents, True)
        if self.render_mode == "human":
            self.render()

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

    def observation_of(self, agent: str) -> Any:
        """The agent's engine view (what computer players act on: events in order, ...)."""
        return self.core.view(self._seat[agent])

    def legal_ids(self, agent: str) -> list[int]:
        """The agent's legal action ids (empty when it is not to act)."""
        core = self.core
        return core.legal_ids() if core.to_act == self._seat[agent] else []

    def render(self) -> str | None:
        return render_core(self.core, self.render_mode)

    def close(self) -> None:
        pass


class OneGameEnv(GameEnv):
    """The AEC environment of the one game a subclass names in :attr:`declared` (a game's own
    class, such as ``cardtable.gin.env.GinRummyEnv``): made as ``Env(rules, **keywords)``,
    the keywords those of :class:`GameEnv`, the game's own options included."""

    declared: ClassVar[Research]

    def __init__(self, rules: Any = None, **keywords: Any) -> None:
        super().__init__(self.declared, rules, **keywords)


def render_core(core: Core, render_mode: str | None) -> str | None:
    """What ``render()`` gives in ``render_mode``: the core's table as text (``"ansi"``),
    printed (``"human"``), or nothing."""
    if render_mode is None:
        return None
    text = core.render()
    if render_mode == "human":
        print(text)
        return None
    return text


def as_index(action: object) -> int | None:
    """An action given as an int, a numpy integer or a one-value array, as an int."""
    if isinstance(action, (int, np.integer)) and not isinstance(action, bool):
        return int(action)
    if isinstance(action, np.ndarray) and action.shape in ((), (1,)):
        return int(action.reshape(()))
    return None


def aec_env(game: str | Research, **kwargs: Any) -> GameEnv:
    """The AEC environment of ``game``, ready to use (keywords as :class:`GameEnv`).

    PettingZoo's classic games come inside wrappers that check the order of calls, the
    bounds of actions and illegal moves; this environment makes those checks itself (an
    out-of-range or illegal id is an illegal action; ``step`` or ``observe`` before ``reset``
    raises), so it needs none and skips their cost. Wrap it yourself if you want them:
    ``pettingzoo.utils.wrappers.OrderEnforcingWrapper(aec_env(game))``.
    """
    return GameEnv(game, **kwargs)
