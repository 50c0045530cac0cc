"""A single-agent Gymnasium environment: one learner against one of our computer players.

The observation is the 584-value vector of :mod:`cardtable.cribbage.env.encoding`; the legal
ids are in ``info["action_mask"]`` and from :meth:`CribbageGymEnv.action_masks` (the method
``sb3_contrib``'s maskable algorithms call). The opponent acts on its own seat's
:class:`~cardtable.cribbage.match.MatchObservation` between the learner's steps. Importing
this module registers it as ``cribbage/Cribbage-v0``;
``gymnasium.make("cardtable.cribbage.env.gym:cribbage/Cribbage-v0")`` imports it on the way.

>>> environment = CribbageGymEnv(opponent="simple", reward="hand")
>>> observation, info = environment.reset(seed=7)
>>> observation.shape, int(info["action_mask"].sum())
((584,), 6)
>>> total, terminated = 0.0, False
>>> while not terminated:
...     legal = info["action_mask"].nonzero()[0]
...     observation, reward, terminated, truncated, info = environment.step(int(legal[0]))
...     total += reward
>>> pegs = info["hand_pegs"]
>>> total == pegs[info["seat"]] - pegs[1 - info["seat"]]
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from cardtable.cribbage.env.actions import NUM_ACTIONS
from cardtable.cribbage.env.core import (
    GameCore,
    IllegalMode,
    RewardMode,
    default_illegal_reward,
    make_rules,
)
from cardtable.cribbage.env.encoding import OBS_SIZE, FloatArray
from cardtable.cribbage.players.base import Player, make_player
from cardtable.cribbage.rules import Rules
from cardtable.errors import IllegalActionError

__all__ = ["ENV_ID", "CribbageGymEnv"]

ENV_ID: Final = "cribbage/Cribbage-v0"


class CribbageGymEnv(gymnasium.Env[FloatArray, np.int64]):
    """The learner plays ``seat`` (0, 1, or ``None`` for a random seat each episode) against
    ``opponent``: a player name for :func:`~cardtable.cribbage.players.make_player` (seeded
    from the episode seed) or any :class:`~cardtable.cribbage.players.Player` instance.

    ``reward``, ``rules``, ``settings``, ``illegal_action`` and ``illegal_reward`` are as in
    :class:`~cardtable.cribbage.env.aec.CribbageEnv`. The learner always acts in every hand
    (each player lays away), so no episode ends before its first step; points the opponent's
    moves earn or cost the learner are paid with the learner's next step.
    """

    # gymnasium declares metadata as a plain class attribute; a ClassVar would not override it.
    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 2}  # noqa: RUF012

    def __init__(
        self,
        opponent: str | Player = "random",
        *,
        rules: Rules | str | None = None,
        settings: Mapping[str, Any] | None = None,
        reward: RewardMode = "hand",
        seat: int | None = 0,
        render_mode: str | None = None,
        illegal_action: IllegalMode = "terminate",
        illegal_reward: float | None = None,
    ) -> None:
        super().__init__()
        if seat not in (0, 1, None):
            raise ValueError(f"seat must be 0, 1 or None (random), not {seat!r}")
        if render_mode not in (None, "ansi", "human"):
            raise ValueError(f"render_mode must be ansi, human or None, not {render_mode!r}")
        if illegal_action not in ("terminate", "raise"):
            raise ValueError(f"illegal_action must be terminate or raise, not {illegal_action!r}")
        if not isinstance(opponent, str) and not isinstance(opponent, Player):
            raise TypeError(f"opponent must be a player name or a Player, not {opponent!r}")
        self.rules = make_rules(rules, settings)
        self.core = GameCore(self.rules, reward)
        self.opponent_spec = opponent
        self.opponent: Player = make_player(opponent) if isinstance(opponent, str) else opponent
        self.seat_option = seat
        self.seat = 0 if seat is None else seat
        self._pending = 0  # the learner's points from the opponent's moves before its first
        self.render_mode = render_mode
        self.illegal_action: IllegalMode = illegal_action
        self.illegal_reward = (
            default_illegal_reward(self.rules, reward) if illegal_reward is None else illegal_reward
        )
        self.observation_space = spaces.Box(0.0, 1.0, shape=(OBS_SIZE,), dtype=np.float32)
        self.action_space = spaces.Discrete(NUM_ACTIONS)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[FloatArray, dict[str, Any]]:
        """Deal a new episode; ``options`` may give ``"seat"`` and ``"dealer"``."""
        super().reset(seed=seed)
        options = options or {}
        seat = options.get("seat", self.seat_option)
        if seat not in (0, 1, None):
            raise ValueError(f"seat must be 0, 1 or None (random), not {seat!r}")
        self.seat = int(self.np_random.integers(2)) if seat is None else seat
        episode_seed = self.np_random.bytes(16).hex()
        if isinstance(self.opponent_spec, str):
            self.opponent = make_player(self.opponent_spec, int(self.np_random.integers(2**31)))
        self.core.reset(episode_seed, options.get("dealer"))
        self._pending = self._opponent_turns()
        assert not self.core.over, "the learner lays away in every hand"
        return self.core.encode(self.seat), self._info()

    def step(
        self, action: int | np.integer[Any]
    ) -> tuple[FloatArray, float, bool, bool, dict[str, Any]]:
        core = self.core
        if core.over:
            raise IllegalActionError("the episode is over: call reset()")
        index = int(action) if isinstance(action, (int, np.integer)) else -1
        if index not in core.legal_ids():
            message = core.illegal_message(action)
            if self.illegal_action == "raise":
                raise IllegalActionError(message)
            core.abort()
            info = self._info()
            info["illegal_action"] = message
            return core.encode(self.seat), float(self.illegal_reward), True, False, info
        gained = core.apply(index)[self.seat] + self._pending
        self._pending = 0
        gained += self._opponent_turns()
        if self.render_mode == "human":
            self.render()
        return core.encode(self.seat), float(gained), core.over, False, self._info()

    def _opponent_turns(self) -> int:
        """Let the opponent play until the learner is to act; the learner's rewards meanwhile."""
        core = self.core
        seat = self.seat
        other = 1 - seat
        gained = 0
        while core.to_act == other:
            action = self.opponent.act(core.view(other))
            gained += core.apply_action(action)[seat]
        return gained

    def _info(self) -> dict[str, Any]:
        core = self.core
        info: dict[str, Any] = {"action_mask": core.mask(self.seat), "seat": self.seat}
        if core.over and core.reward == "hand" and core.match.hands:
            info["hand_pegs"] = tuple(core.match.hands[0].pegs)
        if core.final is not None:
            info["final"] = core.final
        return info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The learner's legal ids as booleans (for maskable learners)."""
        return self.core.mask(self.seat).astype(bool)

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = self.core.render()
        if self.render_mode == "human":
            print(text)
            return None
        return text


def _register() -> None:
    if ENV_ID not in gymnasium.registry:
        gymnasium.register(id=ENV_ID, entry_point="cardtable.cribbage.env.gym:CribbageGymEnv")


_register()
