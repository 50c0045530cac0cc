"""A single-agent Gymnasium environment: one learner against one of our computer players.

The observation is the 429-value vector of :mod:`cardtable.gin.env.encoding`; the legal ids are in
``info["action_mask"]`` and from :meth:`GinRummyGymEnv.action_masks` (the method
``sb3_contrib``'s maskable algorithms call). The opponent acts on its own seat's
:class:`~cardtable.gin.hand.Observation` between the learner's steps. Importing this module
registers it as ``ginrummy/GinRummy-v0``;
``gymnasium.make("cardtable.gin.env.gym:ginrummy/GinRummy-v0")`` imports it on the way.

>>> environment = GinRummyGymEnv(opponent="simple", reward="hand")
>>> observation, info = environment.reset(seed=7)
>>> observation.shape, int(info["action_mask"].sum()) > 0
((429,), True)
>>> terminated = False
>>> while not terminated:
...     legal = info["action_mask"].nonzero()[0]
...     observation, reward, terminated, truncated, info = environment.step(int(legal[0]))
>>> info["hand_results"][-1].winner in (0, 1, None)
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from cardtable.errors import IllegalActionError
from cardtable.gin.env.core import (
    GameCore,
    IllegalMode,
    RewardMode,
    default_illegal_reward,
    make_rules,
)
from cardtable.gin.env.encoding import OBS_SIZE, OBS_SIZE_WITH_LAYOUTS, FloatArray
from cardtable.gin.players.base import Player, make_player
from cardtable.gin.rules import Rules
from cardtable.gin.showdown import HandResult

__all__ = ["ENV_ID", "GinRummyGymEnv"]

ENV_ID: Final = "ginrummy/GinRummy-v0"
# A per-hand episode ends before the learner acts only when the opponent, first to play,
# takes the upcard and knocks at once; a match can do it only by sweeping every hand. Deal
# again then, but never forever (a broken opponent could end every deal).
_MAX_SKIPPED: Final = 1000


class GinRummyGymEnv(gymnasium.Env[FloatArray, np.int64]):
    """The learner plays ``seat`` (0, 1, or ``None`` for a random seat each episode) against
    ``opponent``: a player name for :func:`~cardtable.gin.players.make_player` (seeded from the
    episode seed) or any :class:`~cardtable.gin.players.Player` instance.

    ``reward``, ``rules``, ``settings``, ``illegal_action`` and ``illegal_reward`` are as in
    :class:`~cardtable.gin.env.aec.GinRummyEnv`. Per-hand episodes that end before the learner can
    act (the opponent knocks on its first turn) are re-dealt and listed in
    ``info["skipped_hands"]`` of the reset; in a match, points scored before the learner's
    first action are paid with its first step. Either way an episode's return is the real
    result for the learner.

    ``layouts=True`` lets the learner choose the layout of its knocks, as in
    :class:`~cardtable.gin.env.aec.GinRummyEnv` (the opponent's knocks lay out the layout
    its player names, the best one by default).
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
        layouts: bool = False,
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
        self.core = GameCore(self.rules, reward, layouts)
        self.opponent_spec = opponent
        self.opponent: Player = make_player(opponent) if isinstance(opponent, str) else opponent
        self.seat_option = seat
        self.seat = 0 if seat is None else seat
        self._pending = 0  # the learner's points scored before its first action
        self.render_mode = render_mode
        self.illegal_action: IllegalMode = illegal_action
        self.illegal_reward = (
            default_illegal_reward(self.rules, reward) if illegal_reward is None else illegal_reward
        )
        size = OBS_SIZE_WITH_LAYOUTS if layouts else OBS_SIZE
        self.observation_space = spaces.Box(0.0, 1.0, shape=(size,), dtype=np.float32)
        self.action_space = spaces.Discrete(self.core.num_actions)

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
        skipped: list[HandResult] = []
        pending = 0
        while True:
            episode_seed = self.np_random.bytes(16).hex()
            if isinstance(self.opponent_spec, str):
                opponent_seed = int(self.np_random.integers(2**31))
                self.opponent = make_player(self.opponent_spec, opponent_seed)
            self.core.reset(episode_seed, options.get("dealer"))
            pending = self._opponent_turns()
            if not self.core.over:
                break
            skipped.extend(self.core.results)
            if len(skipped) > _MAX_SKIPPED:
                raise RuntimeError("the opponent ended every episode before the learner acted")
        self._pending = pending
        info = self._info(0)
        if skipped:
            info["skipped_hands"] = skipped
        return self.core.encode(self.seat), info

    def step(
        self, action: int | np.integer[Any]
    ) -> tuple[FloatArray, float, bool, bool, dict[str, Any]]:
        core = self.core
        if core.over:
            raise IllegalActionError("the episode is over: call reset()")
        first = len(core.results)
        index = int(action) if isinstance(action, (int, np.integer)) else -1
        chosen = core.legal.get(index)
        if chosen is None:
            message = core.illegal_message(action)
            if self.illegal_action == "raise":
                raise IllegalActionError(message)
            core.abort()
            info = self._info(first)
            info["illegal_action"] = message
            return core.encode(self.seat), float(self.illegal_reward), True, False, info
        gained = core.apply_chosen(chosen)[self.seat] + self._pending
        self._pending = 0
        gained += self._opponent_turns()
        if self.render_mode == "human":
            self.render()
        return core.encode(self.seat), float(gained), core.over, False, self._info(first)

    def _opponent_turns(self) -> int:
        """Let the opponent play until the learner is to act; the learner's rewards meanwhile."""
        core = self.core
        seat = self.seat
        other = 1 - seat
        gained = 0
        while core.to_act == other:
            action = self.opponent.act(core.observation(other))
            gained += core.apply_action(action)[seat]
        return gained

    def _info(self, first: int) -> dict[str, Any]:
        core = self.core
        info: dict[str, Any] = {"action_mask": core.mask(self.seat), "seat": self.seat}
        if len(core.results) > first:
            info["hand_results"] = core.results[first:]
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
        gymnasium.register(id=ENV_ID, entry_point="cardtable.gin.env.gym:GinRummyGymEnv")


_register()
