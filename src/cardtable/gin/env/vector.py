"""A Gymnasium vector environment: ``num_envs`` games of gin stepped together, numpy in and out.

Each game is the scalar environments' game (:mod:`cardtable.gin.env.core`): the same rules,
the 429-value observation of :mod:`cardtable.gin.env.encoding`, the 108 ids of
:mod:`cardtable.gin.env.actions`, the same rewards (``"hand"``, ``"match"``,
``"match_dense"``). Two paths play them, chosen by ``num_envs`` (``path="auto"``):

* above :data:`SCALAR_UP_TO` games (``path="batch"``), the games live as arrays in a
  :class:`~cardtable.gin.env.batch.GinBatch`: a step is a few hundred numpy calls whatever
  ``num_envs`` is, never a loop over games;
* up to it (``path="scalar"``), :class:`~cardtable.gin.env.scalar_path.ScalarPath` plays
  each game's hand with the engine, as the scalar environment does, and writes the arrays:
  at one game a step costs about what a step of the scalar environment does, where the
  batch's fixed cost would make it several times slower.

Both paths give the same observations, masks, rewards, ends, infos and autoresets from the
same seed (the same deals and the same draws of the generator), so the choice is about
speed only.

Who plays the other seat (``opponent``), as in :class:`~cardtable.gin.env.gym.GinRummyGymEnv`:

* ``"random"`` (the default, as in the scalar environment) or a **batch policy**, a callable
  ``policy(observations, masks) -> ids`` over the rows of the games where the opponent is
  to act: the learner plays ``seat`` (0, 1, or ``None`` for a random seat per episode) and
  the opponent's turns are played inside :meth:`~GinRummyVectorEnv.step`; rewards are the
  learner's. A frozen copy of the learner makes this self-play against a past self.
* ``"self"``: both seats are the learner. Each observation is for the seat to act
  (``info["seat"]``), the reward is that of the seat that took the step's action, and
  ``info["rewards"]`` holds both seats' rewards (zero-sum).

Computer players of :mod:`cardtable.gin.players` act on engine observations one game at a
time; for them use the scalar environment, vectorized by Gymnasium:
``gymnasium.make_vec("cardtable/GinRummy-v0", N, vectorization_mode="sync",
opponent="simple")``.

Autoreset (``autoreset_mode``, in ``metadata["autoreset_mode"]``): ``"NextStep"`` by default,
Gymnasium's own: the step after an episode ends ignores that game's action and returns the
first observation of the next episode (reward 0, not terminated); the ending step's
observation is the final one, from the learner's seat (``"self"``: the seat that ended it),
with an all-zero mask. ``"SameStep"`` deals the next episode at once and returns its first
observation, the final one in ``info["final_obs"]`` (rows marked by ``info["_final_obs"]``),
so every observation returned has a legal action. ``"Disabled"`` leaves finished games to
``reset(options={"reset_mask": mask})``.

>>> environment = GinRummyVectorEnv(4, opponent="self", reward="hand")
>>> observations, info = environment.reset(seed=1)
>>> observations.shape, info["action_mask"].shape, info["seat"].shape
((4, 429), (4, 108), (4,))
>>> rng = np.random.default_rng(0)
>>> for _ in range(200):
...     actions = random_actions(info["action_mask"], rng)
...     observations, rewards, terminated, truncated, info = environment.step(actions)
>>> rewards.dtype, bool((info["rewards"].sum(axis=1) == 0).all())
(dtype('float64'), True)

Importing this module registers ``cardtable/GinRummy-v0`` (the scalar environment as its
``entry_point``, this one as its ``vector_entry_point``):

>>> import gymnasium
>>> vector = gymnasium.make_vec("cardtable/GinRummy-v0", num_envs=8,
...                             vectorization_mode="vector_entry_point", opponent="self")
>>> type(vector.unwrapped).__name__, vector.num_envs
('GinRummyVectorEnv', 8)
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from typing import Any, Final, Literal

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode, VectorEnv

from cardtable.env.core import check_reward
from cardtable.env.research import IllegalMode
from cardtable.env.vector import (
    F32,
    F64,
    I8,
    I64,
    Bools,
    check_vector_options,
    reset_options,
    reset_rows,
    set_spaces,
)
from cardtable.errors import IllegalActionError
from cardtable.gin.env.actions import NUM_ACTIONS
from cardtable.gin.env.batch import (
    OUTCOMES,
    OVER,
    EngineDecks,
    FastDecks,
    GinBatch,
    StepOutcome,
    random_actions,
)
from cardtable.gin.env.core import (
    REWARD_MODES,
    RewardMode,
    default_illegal_reward,
    make_rules,
)
from cardtable.gin.env.encoding import OBS_SIZE
from cardtable.gin.env.scalar_path import ScalarPath, checked_policy_actions
from cardtable.gin.rules import Rules

__all__ = [
    "ENV_ID",
    "OUTCOMES",
    "SCALAR_UP_TO",
    "BatchPolicy",
    "GinRummyVectorEnv",
    "VectorPath",
    "random_actions",
]

ENV_ID: Final = "cardtable/GinRummy-v0"

BatchPolicy = Callable[[F32, I8], npt.ArrayLike]
"""``policy(observations, masks) -> ids``: one legal id per row (``[M, 429]``, ``[M, 108]``)."""

Deals = Literal["fast", "engine"]
VectorPath = Literal["auto", "batch", "scalar"]
PATHS: Final = ("auto", "batch", "scalar")

# path="auto" plays up to this many games one by one (cardtable.gin.env.scalar_path), more as
# one batch: the crossover measured by bench/vector_env.py --sizes (docs/research.md, Speed).
# Decisions a second, CPU time: self-play, batch / scalar path, 80,000 / 77,000 at N=16 and
# 143,000 / 85,000 at 32; against random 36,000 / 57,000 at 16 and 64,000 / 67,000 at 32.
SCALAR_UP_TO: Final = 16
# An episode that ends before the learner acts is dealt again (as in the scalar environment),
# but never forever: a broken opponent could end every deal.
_MAX_REDEALS: Final = 1000


class GinRummyVectorEnv(VectorEnv[F32, I64, npt.NDArray[Any]]):
    """``num_envs`` games of gin as one Gymnasium vector environment (see the module).

    ``rules``, ``settings``, ``reward``, ``illegal_action`` and ``illegal_reward`` are as in
    the scalar environments. ``deals="fast"`` shuffles with numpy (seeded by
    ``reset(seed=...)``); ``deals="engine"`` deals what the scalar environments deal from a
    seed: game ``g``'s ``k``-th episode after ``reset(seed=s)`` is
    ``GameCore.reset(f"{s}/{g}/{k}")`` (``episode_seed(g)`` gives it). ``max_episode_steps``
    truncates an episode after that many steps of the game. ``path`` chooses how the games
    are played (see the module): ``"auto"`` (by ``num_envs``), ``"batch"`` or ``"scalar"``;
    :attr:`path` says which.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 (gymnasium reads it from the class)
        "render_modes": [],
        "autoreset_mode": AutoresetMode.NEXT_STEP,
    }

    def __init__(
        self,
        num_envs: int = 1,
        *,
        opponent: str | BatchPolicy = "random",
        seat: int | None = 0,
        rules: Rules | str | None = None,
        settings: Mapping[str, Any] | None = None,
        reward: RewardMode = "hand",
        autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP,
        deals: Deals = "fast",
        illegal_action: IllegalMode = "terminate",
        illegal_reward: float | None = None,
        max_episode_steps: int | None = None,
        render_mode: str | None = None,
        path: VectorPath = "auto",
    ) -> None:
        if not isinstance(num_envs, int) or isinstance(num_envs, bool) or num_envs < 1:
            raise ValueError(f"num_envs must be a positive integer, not {num_envs!r}")
        check_reward(reward, REWARD_MODES)
        if deals not in ("fast", "engine"):
            raise ValueError(f"deals must be 'fast' or 'engine', not {deals!r}")
        if path not in PATHS:
            raise ValueError(f"path must be 'auto', 'batch' or 'scalar', not {path!r}")
        mode = check_vector_options(
            opponent,
            seat,
            illegal_action,
            render_mode,
            max_episode_steps,
            autoreset_mode,
            f"for a computer player use the scalar environment: "
            f"gymnasium.make_vec({ENV_ID!r}, num_envs, vectorization_mode='sync', "
            f"opponent={opponent!r})",
        )
        self.num_envs = num_envs
        self.rules = make_rules(rules, settings)
        self.reward_mode: RewardMode = reward
        self.self_play = opponent == "self"
        self.opponent = opponent
        self.seat_option = seat
        self.autoreset_mode = mode
        self.metadata = {**type(self).metadata, "autoreset_mode": mode}
        self.deals: Deals = deals
        self.illegal_action: IllegalMode = illegal_action
        self.illegal_reward = (
            default_illegal_reward(self.rules, reward) if illegal_reward is None else illegal_reward
        )
        self.max_episode_steps = max_episode_steps
        self.render_mode = None
        set_spaces(self, OBS_SIZE, NUM_ACTIONS)
        self.path: Literal["batch", "scalar"] = (
            ("scalar" if num_envs <= SCALAR_UP_TO else "batch") if path == "auto" else path
        )
        self.batch: GinBatch | None = None
        self.scalar: ScalarPath | None = None
        self._seed_base = secrets.token_hex(8)
        self._seat = np.zeros(num_envs, dtype=np.int64)  # the seat of each row's last view
        self._learner = np.zeros(num_envs, dtype=np.int64)
        self._masks = np.zeros((num_envs, NUM_ACTIONS), dtype=np.int8)
        self._steps = np.zeros(num_envs, dtype=np.int64)
        self._done = np.zeros(num_envs, dtype=np.bool_)
        self._fresh = np.zeros(num_envs, dtype=np.bool_)  # the learner has not acted yet
        self._pending = np.zeros(num_envs, dtype=np.float64)  # its points before then
        self._all = np.ones(num_envs, dtype=np.bool_)
        self._all.flags.writeable = False
        self._rows = np.arange(num_envs, dtype=np.int64)
        self._rows.flags.writeable = False

    # -- episodes ----------------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[F32, dict[str, Any]]:
        """Deal new episodes: every game, or those of ``options["reset_mask"]``.

        ``options`` may also name the first ``"dealer"`` (0 or 1) of the new episodes.
        """
        if seed is not None:
            self._np_random, self._np_random_seed = seeding.np_random(seed)
            self._seed_base = str(seed)
        mask, dealer = reset_options(options)
        every = (self.batch is None and self.scalar is None) or seed is not None
        rows = reset_rows(mask, self.num_envs, every=every)
        if every:
            self._new_games()
        if self.scalar is not None:
            observations, info = self.scalar.reset(rows.tolist(), dealer)
            self._masks = self.scalar.masks
            return observations, info
        out = StepOutcome.empty(self.num_envs)
        self._start(rows, dealer)
        if not self.self_play:
            self._opponent_turns(out, np.zeros(self.num_envs, dtype=np.float64))
        # Games left out of a reset mask keep their final view (and an all-zero mask).
        return self._observe(self._done.copy(), out, self._seat.copy())

    def _new_games(self) -> None:
        """New games on the chosen path, dealt from a new deck source."""
        match = self.reward_mode != "hand"
        if self.deals == "engine":
            source: EngineDecks | FastDecks = EngineDecks(self._seed_base, self.num_envs, match)
        else:
            source = FastDecks(self.np_random)
        if self.path == "batch":
            self.batch = GinBatch(self.rules, self.num_envs, self.reward_mode, source)
            return
        self.scalar = ScalarPath(
            self.rules,
            self.num_envs,
            self.reward_mode,
            source,
            self.np_random,
            opponent=self.opponent,
            seat=self.seat_option,
            autoreset_mode=self.autoreset_mode,
            illegal_action=self.illegal_action,
            illegal_reward=self.illegal_reward,
            max_episode_steps=self.max_episode_steps,
            every=self._all,
        )

    def episode_seed(self, game: int) -> str:
        """The seed of game ``game``'s current episode (``deals="engine"`` only)."""
        games = self.batch or self.scalar
        source = None if games is None else games.source
        if not isinstance(source, EngineDecks):
            raise ValueError("episode seeds exist with deals='engine' after a reset")
        return source.seed_of(game)

    def _start(self, rows: I64, dealer: int | None = None, settle: bool = True) -> None:
        batch = self.batch
        assert batch is not None
        if not len(rows):
            return
        dealers = None if dealer is None else np.full(len(rows), dealer, dtype=np.int64)
        batch.start(rows, dealers=dealers)
        if settle:
            batch.settle()
        self._steps[rows] = 0
        self._done[rows] = False
        if not self.self_play:
            seat = self.seat_option
            if seat is None:
                self._learner[rows] = self.np_random.integers(0, 2, size=len(rows))
            else:
                self._learner[rows] = seat
            self._fresh[rows] = True
            self._pending[rows] = 0.0

    def _opponent_turns(self, out: StepOutcome, gains: F64) -> None:
        """Play the opponent until the learner is to act in every live game.

        ``gains`` collects the learner's rewards of episodes under way; those of episodes the
        learner has not acted in yet wait in ``_pending`` for its first step. An episode that
        ends before the learner acts (the opponent, first to play, took the upcard and knocked
        at once) is dealt again, as in the scalar environment.
        """
        batch = self.batch
        assert batch is not None
        learner = self._learner
        redeals = 0
        while True:
            rows = np.flatnonzero((batch.phase != OVER) & (batch.to_act != learner))
            if not len(rows):
                return
            seats = batch.to_act[rows]
            if self.opponent == "random":
                actions = random_actions(batch.masks(rows, seats), self.np_random)
            else:
                assert callable(self.opponent)
                observations, masks = batch.encode(rows, seats)
                actions = checked_policy_actions(self.opponent, observations, masks, rows)
            result = batch.apply(rows, actions)
            batch.settle()
            if not result.hand_over.any():
                continue  # most turns: nothing paid, nothing ended
            learned = result.rewards[np.arange(self.num_envs), learner]
            fresh = self._fresh
            self._pending[fresh] += learned[fresh]
            gains[~fresh] += learned[~fresh]
            ended = result.episode_over
            again = ended & fresh
            counted = ~fresh
            out.rewards[counted] += result.rewards[counted]
            shown = result.hand_over & counted
            out.hand_over |= shown
            out.outcome[shown] = result.outcome[shown]
            out.winner[shown] = result.winner[shown]
            out.points[shown] = result.points[shown]
            out.episode_over |= ended & counted
            if again.any():
                redeals += 1
                if redeals > _MAX_REDEALS:
                    raise RuntimeError("the opponent ended every episode before the learner acted")
                self._start(np.flatnonzero(again))

    # -- steps -------------------------------------------------------------------------

    def step(self, actions: npt.ArrayLike) -> tuple[F32, F64, Bools, Bools, dict[str, Any]]:
        """One action id per game (for the seat of its last observation); see the module
        for autoreset. Returns observations, rewards, terminated, truncated and info."""
        batch = self.batch
        if batch is None and self.scalar is None:
            raise RuntimeError("call reset() before step()")
        ids = np.asarray(actions)
        if ids.shape != (self.num_envs,) or ids.dtype.kind not in "iu":  # integers
            raise IllegalActionError(
                f"step() takes one integer action id per game: an array of shape "
                f"({self.num_envs},), not {ids.dtype} of shape {ids.shape}"
            )
        if batch is None:
            assert self.scalar is not None
            stepped = self.scalar.step(ids.tolist())
            self._masks = self.scalar.masks
            return stepped
        ids = ids.astype(np.int64, copy=False)
        num = self.num_envs
        restart = np.zeros(num, dtype=np.bool_)
        if self._done.any():
            if self.autoreset_mode is AutoresetMode.NEXT_STEP:
                restart = self._done.copy()
            elif self.autoreset_mode is AutoresetMode.DISABLED:
                game = int(np.flatnonzero(self._done)[0])
                raise RuntimeError(
                    f"game {game} is over: reset it first (reset(options={{'reset_mask': ...}}))"
                )
        if restart.any():
            rows = np.flatnonzero(~restart)
            chosen = ids[rows]
        else:
            rows, chosen = self._rows, ids
        valid = (chosen >= 0) & (chosen < NUM_ACTIONS)
        flat = NUM_ACTIONS * rows + np.where(valid, chosen, 0)
        legal = valid & (self._masks.reshape(-1)[flat] == 1)
        illegal = rows[~legal]
        if len(illegal) and self.illegal_action == "raise":
            game = int(illegal[0])
            ids_now = ", ".join(str(i) for i in np.flatnonzero(self._masks[game]))
            raise IllegalActionError(
                f"game {game}: action {int(ids[game])} is not legal now; the legal ids are "
                f"{ids_now}"
            )
        out = StepOutcome.empty(num)
        seats = self._seat.copy()
        if len(illegal):
            rows, chosen = rows[legal], chosen[legal]
        # The new deals and the actions are worked out together: one settle for both.
        self._start(np.flatnonzero(restart), settle=False)
        if len(rows):
            batch.apply(rows, chosen, out)
        batch.settle()
        self._steps[rows] += 1
        if len(illegal):
            # Like the scalar environments: the episode ends, the offender pays the penalty.
            out.rewards[illegal, seats[illegal]] = self.illegal_reward
            out.rewards[illegal, 1 - seats[illegal]] = 0.0
            out.episode_over[illegal] = True
        if self.self_play:
            rewards = out.rewards.reshape(-1)[2 * self._rows + seats]
        else:
            learner = self._learner
            gains = out.rewards.reshape(-1)[2 * self._rows + learner]
            first = np.zeros(num, dtype=np.bool_)
            first[rows] = self._fresh[rows]
            gains[first] += self._pending[first]
            self._pending[first] = 0.0
            self._fresh[rows] = False
            self._opponent_turns(out, gains)
            rewards = gains
        terminated = out.episode_over.copy()
        truncated = np.zeros(num, dtype=np.bool_)
        if self.max_episode_steps is not None:
            truncated = ~terminated & (self._steps >= self.max_episode_steps)
            truncated[restart] = False
        done = terminated | truncated
        self._done = done
        final = None
        if self.autoreset_mode is AutoresetMode.SAME_STEP and done.any():
            ended = np.flatnonzero(done)
            final_obs = np.zeros((num, OBS_SIZE), dtype=np.float32)
            final_obs[ended] = batch.encode(ended, seats[ended])[0]
            final = (final_obs, done.copy())
            self._start(ended)
            if not self.self_play:
                self._opponent_turns(out, np.zeros(num, dtype=np.float64))
            self._done = np.zeros(num, dtype=np.bool_)
        observations, info = self._observe(done if final is None else self._done, out, seats)
        rewards[restart] = 0.0
        if final is not None:
            info["final_obs"], info["_final_obs"] = final
        return observations, rewards, terminated, truncated, info

    def _observe(
        self, done: Bools, out: StepOutcome, last: I64 | None = None
    ) -> tuple[F32, dict[str, Any]]:
        """Each game's view: for the seat to act, or (a finished game) the seat of its last
        view; and the info arrays."""
        batch = self.batch
        assert batch is not None
        seats = batch.to_act if self.self_play else self._learner
        if done.any() and last is not None:
            seats = np.where(done, last, seats)
        observations, masks = batch.encode(None, seats)
        if done.any():
            # A finished game (ended, truncated or refused an illegal id) takes no action.
            masks[done] = 0
        self._seat = seats.copy()
        self._masks = masks
        ended = out.hand_over
        info: dict[str, Any] = {
            "action_mask": masks,
            "_action_mask": self._all,
            "seat": seats.copy(),
            "_seat": self._all,
            "rewards": out.rewards,
            "_rewards": self._all,
            "outcome": out.outcome,
            "_outcome": ended,
            "winner": out.winner,
            "_winner": ended,
            "points": out.points,
            "_points": ended,
        }
        return observations, info

    def action_masks(self) -> Bools:
        """The legal ids of every game's last observation, as booleans (maskable learners)."""
        masks: Bools = self._masks.astype(np.bool_)
        return masks

    def close_extras(self, **kwargs: Any) -> None:
        self.batch = None
        self.scalar = None


def _register() -> None:
    if ENV_ID not in gymnasium.registry:
        gymnasium.register(
            id=ENV_ID,
            entry_point="cardtable.gin.env.gym:GinRummyGymEnv",
            vector_entry_point="cardtable.gin.env.vector:GinRummyVectorEnv",
        )


_register()
