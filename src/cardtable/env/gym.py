"""A single-agent Gymnasium environment of any game that declares research: one learner
against one of the game's computer players.

The observation is the game's vector; the legal ids are in ``info["action_mask"]`` and from
:meth:`GameGymEnv.action_masks` (the method ``sb3_contrib``'s maskable algorithms call). The
opponent acts on its own seat's engine view between the learner's steps.

>>> environment = gym_env("cribbage", opponent="simple")
>>> observation, info = environment.reset(seed=7)
>>> observation.shape, info["seat"]
((584,), 0)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from cardtable.env.aec import check_common, render_core
from cardtable.env.research import Core, FloatArray, IllegalMode, Research, research_of
from cardtable.errors import IllegalActionError

__all__ = ["GameGymEnv", "OneGameGymEnv", "gym_env", "register"]

# An episode can end before the learner acts (gin: the opponent, first to play, takes the
# upcard and knocks at once). Deal again then, but never forever (a broken opponent could
# end every deal).
_MAX_SKIPPED: Final = 1000


class GameGymEnv(gymnasium.Env[FloatArray, np.int64]):
    """The learner plays ``seat`` (0, 1, or ``None`` for a random seat each episode) against
    ``opponent``: a level's name (a computer player seeded from the episode seed) or any
    computer player of the game.

    ``game``, ``rules``, ``settings``, ``reward``, ``illegal_action``, ``illegal_reward`` and
    the game's own options are as in :class:`~cardtable.env.aec.GameEnv`. Episodes that end
    before the learner can act are dealt again and listed in ``info["skipped_hands"]`` of the
    reset; points scored before the learner's first action are paid with its first step.
    Either way an episode's return is the real result for the learner.
    """

    # gymnasium declares metadata as a plain class attribute; a ClassVar would not override it.
    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 2}  # noqa: RUF012

    def __init__(
        self,
        game: str | Research,
        opponent: Any = "random",
        *,
        rules: Any = None,
        settings: Mapping[str, Any] | None = None,
        reward: str | None = None,
        seat: int | None = 0,
        render_mode: str | None = None,
        illegal_action: IllegalMode = "terminate",
        illegal_reward: float | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        if seat not in (0, 1, None):
            raise ValueError(f"seat must be 0, 1 or None (random), not {seat!r}")
        check_common(render_mode, illegal_action)
        self.research = research_of(game)
        if not isinstance(opponent, str) and not self.research.is_player(opponent):
            raise TypeError(f"opponent must be a player name or a Player, not {opponent!r}")
        mode = self.research.reward_modes[0] if reward is None else reward
        self.core: Core = self.research.new_core(rules, settings, mode, options)
        self.rules = self.core.rules
        self.opponent_spec = opponent
        self.opponent: Any = (
            self.research.make_player(opponent, None) if isinstance(opponent, str) else opponent
        )
        self.seat_option = seat
        self.seat = 0 if seat is None else seat
        self._pending = 0  # the learner's points scored before its first action
        self.render_mode = render_mode
        self.illegal_action: IllegalMode = illegal_action
        self.illegal_reward = (
            self.core.default_illegal_reward() if illegal_reward is None else illegal_reward
        )
        size = self.core.obs_size
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
        skipped: list[Any] = []
        pending = 0
        while True:
            episode_seed = self.np_random.bytes(16).hex()
            if isinstance(self.opponent_spec, str):
                opponent_seed = int(self.np_random.integers(2**31))
                self.opponent = self.research.make_player(self.opponent_spec, opponent_seed)
            self.core.reset(episode_seed, options.get("dealer"))
            pending = self._opponent_turns()
            if not self.core.over:
                break
            skipped.extend(self.core.finished_since(0))
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
        mark = core.mark()
        index = int(action) if isinstance(action, (int, np.integer)) else -1
        if not core.is_legal(index):
            message = core.illegal_message(action)
            if self.illegal_action == "raise":
                raise IllegalActionError(message)
            core.abort()
            info = self._info(mark)
            info["illegal_action"] = message
            return core.encode(self.seat), float(self.illegal_reward), True, False, info
        gained = core.apply(index)[self.seat] + self._pending
        self._pending = 0
        gained += self._opponent_turns()
        if self.render_mode == "human":
            self.render()
        return core.encode(self.seat), float(gained), core.over, False, self._info(mark)

    def _opponent_turns(self) -> int:
        """Let the opponent play until the learner is to act; the learner's rewards meanwhile."""
        core = self.core
        seat = self.seat
        other = 1 - seat
        gained = 0
        while core.to_act == other:
            gained += core.play(self.opponent, other)[seat]
        return gained

    def _info(self, mark: int) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": self.core.mask(self.seat), "seat": self.seat}
        info.update(self.core.learner_info(mark))
        return info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The learner's legal ids as booleans (for maskable learners)."""
        return self.core.mask(self.seat).astype(bool)

    def render(self) -> str | None:
        return render_core(self.core, self.render_mode)


class OneGameGymEnv(GameGymEnv):
    """The Gymnasium environment of the one game a subclass names in :attr:`declared` (a
    game's own class, such as ``cardtable.gin.env.GinRummyGymEnv``): made as
    ``Env(opponent, **keywords)``, the keywords those of :class:`GameGymEnv`, the game's own
    options included."""

    declared: ClassVar[Research]

    def __init__(self, opponent: Any = "random", **keywords: Any) -> None:
        super().__init__(self.declared, opponent, **keywords)


def register(env_id: str, entry_point: str) -> None:
    """Register a game's own environment with Gymnasium as ``env_id`` (once), so that
    ``gymnasium.make`` finds it."""
    if env_id not in gymnasium.registry:
        gymnasium.register(id=env_id, entry_point=entry_point)


def gym_env(game: str | Research, opponent: Any = "random", **kwargs: Any) -> GameGymEnv:
    """The Gymnasium environment of ``game`` against ``opponent`` (keywords as
    :class:`GameGymEnv`)."""
    return GameGymEnv(game, opponent, **kwargs)
