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

import secrets
import warnings
from collections.abc import Mapping
from typing import Any, ClassVar, Final

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from cardtable.cribbage.env.actions import NUM_ACTIONS
from cardtable.cribbage.env.core import (
    GameCore,
    IllegalMode,
    RewardMode,
    default_illegal_reward,
    make_rules,
)
from cardtable.cribbage.env.encoding import OBS_SIZE
from cardtable.cribbage.match import MatchObservation
from cardtable.cribbage.rules import Rules
from cardtable.errors import IllegalActionError

__all__ = ["AGENTS", "CribbageEnv", "env", "observation_space", "raw_env"]

AGENTS: Final = ("player_0", "player_1")


def observation_space() -> spaces.Dict:
    """The space of one agent's observation dict."""
    return spaces.Dict(
        {
            "observation": spaces.Box(0.0, 1.0, shape=(OBS_SIZE,), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, shape=(NUM_ACTIONS,), dtype=np.int8),
        }
    )


class CribbageEnv(AECEnv):  # type: ignore[misc]
    """Cribbage as a PettingZoo AEC environment, with exact rules and real points.

    ``rules`` is a :class:`~cardtable.cribbage.rules.Rules` value or a preset name
    (``standard``, ``short``, ``muggins``); ``settings`` overrides single settings
    (``{"target": 61}``). ``reward`` is ``"hand"`` (an episode is one deal, every point paid
    as it is pegged) or ``"match"`` (an episode is a match, paid its game-point margin at the
    end). See :mod:`cardtable.cribbage.env.core`; with muggins on the environment counts every
    show in full for the agents.

    An illegal action (not in the mask) raises :class:`~cardtable.errors.IllegalActionError`
    with ``illegal_action="raise"``; by default it ends the episode, the offender gets
    ``illegal_reward`` (see :func:`~cardtable.cribbage.env.core.default_illegal_reward`) and the
    other agent 0, as PettingZoo's classic games do. ``max_steps`` truncates long episodes.

    ``reset(seed=s)`` makes every later episode reproducible: episode ``k`` after it is dealt
    from the seed ``f"{s}/{k}"``. ``reset(options={"dealer": 0})`` fixes the first dealer
    (otherwise a fair cut from the episode seed).
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "cribbage_v0",
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
    ) -> None:
        super().__init__()
        if render_mode not in (None, "ansi", "human"):
            raise ValueError(f"render_mode must be ansi, human or None, not {render_mode!r}")
        if illegal_action not in ("terminate", "raise"):
            raise ValueError(f"illegal_action must be terminate or raise, not {illegal_action!r}")
        self.rules = make_rules(rules, settings)
        self.core = GameCore(self.rules, reward)
        self.render_mode = render_mode
        self.illegal_action: IllegalMode = illegal_action
        self.illegal_reward = (
            default_illegal_reward(self.rules, reward) if illegal_reward is None else illegal_reward
        )
        self.max_steps = max_steps
        self.possible_agents: list[str] = list(AGENTS)
        self.agents: list[str] = []
        self._seat = {agent: seat for seat, agent in enumerate(AGENTS)}
        self._observation_space = observation_space()
        self._action_space = spaces.Discrete(NUM_ACTIONS)
        self.observation_spaces = dict.fromkeys(AGENTS, self._observation_space)
        self.action_spaces = dict.fromkeys(AGENTS, self._action_space)
        self._seed_base: str | None = None
        self._episode = 0
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
        for name in self.rewards:
            self.rewards[name] = 0.0
        self.infos = {name: {} for name in self.agents}
        index = _as_index(action)
        if index is None or index not in core.legal_ids():
            self._illegal(agent, action)
            return
        first = len(core.match.hands)
        gains = core.apply(index)
        self.rewards[AGENTS[0]] = float(gains[0])
        self.rewards[AGENTS[1]] = float(gains[1])
        self._accumulate_rewards()
        if len(core.match.hands) > first:
            self._report(first)
        to_act = core.to_act
        if to_act is None:
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = AGENTS[to_act]
            if self.max_steps is not None and core.steps >= self.max_steps:
                self.truncations = dict.fromkeys(self.agents, True)
        if self.render_mode == "human":
            self.render()

    def _report(self, first: int) -> None:
        core = self.core
        hands = core.match.hands[first:]
        info: dict[str, Any] = {
            "hands": [{"dealer": h.dealer, "pegs": list(h.pegs)} for h in hands],
            "shows": [show.to_dict() for h in hands for show in h.shows],
        }
        if core.final is not None:
            info["final"] = core.final
        self.infos = {name: dict(info) for name in self.agents}

    def _illegal(self, agent: str, action: object) -> None:
        message = self.core.illegal_message(action)
        if self.illegal_action == "raise":
            raise IllegalActionError(message)
        self.rewards[agent] = float(self.illegal_reward)
        self.terminations = dict.fromkeys(self.agents, True)
        self.infos[agent]["illegal_action"] = message
        self.core.abort()
        self._accumulate_rewards()

    # -- extras ------------------------------------------------------------------------

    def observation_of(self, agent: str) -> MatchObservation:
        """The agent's :class:`~cardtable.cribbage.match.MatchObservation` (what computer
        players act on; the plays in order, the shows itemised, ...)."""
        return self.core.view(self._seat[agent])

    def legal_ids(self, agent: str) -> list[int]:
        """The agent's legal action ids (empty when it is not to act)."""
        core = self.core
        return core.legal_ids() if core.to_act == self._seat[agent] else []

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


def env(**kwargs: Any) -> CribbageEnv:
    """The environment, ready to use (keywords as :class:`CribbageEnv`).

    As gin's, it makes the checks of PettingZoo's wrappers itself (an out-of-range or illegal
    id is an illegal action; ``step`` or ``observe`` before ``reset`` raises), so it comes
    unwrapped; ``pettingzoo.utils.wrappers.OrderEnforcingWrapper(env())`` works too.
    """
    return CribbageEnv(**kwargs)


def raw_env(**kwargs: Any) -> CribbageEnv:
    """The same as :func:`env` (PettingZoo's name for an environment without wrappers)."""
    return CribbageEnv(**kwargs)
