"""A Gymnasium vector environment of any game that declares research: ``num_envs`` games
stepped together, numpy arrays in and out.

Each game is one of the game's research cores (:class:`~cardtable.env.research.Core`, found
through the registry by :func:`~cardtable.env.research.research_of`): the same rules,
observation vector, action ids and rewards as the scalar environments
(:class:`~cardtable.env.aec.GameEnv`, :class:`~cardtable.env.gym.GameGymEnv`). The cores are
stepped one after the other in a loop; what comes back is batched: observations
``[num_envs, obs_size]`` float32, ``info["action_mask"]`` ``[num_envs, num_actions]`` int8.

Who plays the other seat (``opponent``), as in gin's
:class:`cardtable.gin.env.vector.GinRummyVectorEnv`:

* ``"random"`` (the default) or a **batch policy**, a callable ``policy(observations, masks)
  -> ids`` over the rows of the games where the opponent is to act: the learner plays
  ``seat`` (0, 1, or ``None`` for a random seat per episode), the opponent's turns are played
  inside :meth:`~GameVectorEnv.step` and rewards are the learner's. A frozen copy of the
  learner makes this self-play against a past self.
* ``"self"``: both seats are the learner. Each observation is for the seat to act
  (``info["seat"]``), the reward is that of the seat that took the step's action, and
  ``info["rewards"]`` holds both seats' rewards (zero-sum).

A game's computer players act on engine views one game at a time; for them vectorize the
scalar environment with Gymnasium (``vectorization_mode="sync"``).

Seeds, as Gymnasium's ``SyncVectorEnv`` seeds its copies: after ``reset(seed=s)`` game ``g``
plays the episodes the scalar environment plays after ``reset(seed=s + g)``: in self-play
those of the AEC environment (episode ``k`` dealt from ``f"{s + g}/{k}"``), against a batch
policy those of the Gymnasium environment with that policy seated as its opponent (the same
seats and deals; the tests play both side by side).

Autoreset (``autoreset_mode``, in ``metadata["autoreset_mode"]``): ``"NextStep"`` by default,
Gymnasium's own: the step after an episode ends ignores that game's action and returns the
first observation of the next episode (reward 0, not terminated); the ending step's
observation is the final one, from the learner's seat (``"self"``: the seat that ended it),
with an all-zero mask. ``"SameStep"`` deals the next episode at once and returns its first
observation, the final one in ``info["final_obs"]`` (rows marked by ``info["_final_obs"]``).
``"Disabled"`` leaves finished games to ``reset(options={"reset_mask": mask})``.

>>> environment = GameVectorEnv("cribbage", 4, opponent="self", reward="hand")
>>> observations, info = environment.reset(seed=1)
>>> observations.shape, info["action_mask"].shape, info["seat"].shape
((4, 584), (4, 53), (4,))
>>> rng = np.random.default_rng(0)
>>> for _ in range(100):
...     actions = random_actions(info["action_mask"], rng)
...     observations, rewards, terminated, truncated, info = environment.step(actions)
>>> rewards.dtype, bool((info["rewards"].sum(axis=1) == 0).all())
(dtype('float64'), True)
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Final

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from cardtable.env.core import check_dealer
from cardtable.env.research import Core, IllegalMode, Research, research_of
from cardtable.errors import IllegalActionError

__all__ = [
    "BatchPolicy",
    "GameVectorEnv",
    "OneGameVectorEnv",
    "check_vector_options",
    "random_actions",
    "register_vector",
    "reset_options",
    "reset_rows",
    "set_spaces",
    "vector_env",
]

F32 = npt.NDArray[np.float32]
F64 = npt.NDArray[np.float64]
I64 = npt.NDArray[np.int64]
I8 = npt.NDArray[np.int8]
Bools = npt.NDArray[np.bool_]

BatchPolicy = Callable[[F32, I8], npt.ArrayLike]
"""``policy(observations, masks) -> ids``: one legal id per row."""

# An episode that ends before the learner acts is dealt again (as in the scalar
# environment), but never forever: a broken opponent could end every deal.
_MAX_REDEALS: Final = 1000
# Up to this many rows, random_actions draws row by row (fewer numpy calls).
_FEW_ROWS: Final = 4


def random_actions(masks: I8, rng: np.random.Generator) -> I64:
    """One uniformly random legal id per row of ``masks``; 0 for a row with none (a game
    that has just ended, whose next step deals it again and ignores its action).

    >>> masks = np.zeros((3, 53), dtype=np.int8); masks[0, [1, 2]] = 1; masks[2, 7] = 1
    >>> random_actions(masks, np.random.default_rng(0))[1:]
    array([0, 7])
    """
    rows, width = masks.shape
    if rows <= _FEW_ROWS:
        # A handful of games: a draw per row costs less than the batched arithmetic.
        few = np.zeros(rows, dtype=np.int64)
        for row in range(rows):
            ids = np.flatnonzero(masks[row])
            if len(ids):
                few[row] = ids[rng.integers(len(ids))]
        return few
    legal = np.flatnonzero(np.ascontiguousarray(masks).view(np.bool_))  # row * width + id
    counts = np.bincount(legal // width, minlength=rows)
    pick = np.cumsum(counts) - 1 - (rng.random(rows) * counts).astype(np.int64)
    # A row without a legal id would take the last id of the row before it (or fall off the
    # front at row 0): it gets 0 instead, the others what they would have had.
    chosen = np.zeros(rows, dtype=np.int64)
    some = np.flatnonzero(counts)
    chosen[some] = legal[pick[some]] - width * some
    return chosen


def check_vector_options(
    opponent: str | BatchPolicy,
    seat: int | None,
    illegal_action: str,
    render_mode: str | None,
    max_episode_steps: int | None,
    autoreset_mode: AutoresetMode | str,
    computer_hint: str,
) -> AutoresetMode:
    """Check the options every vector environment takes (a :class:`ValueError` or
    :class:`TypeError` naming the one that is wrong; ``computer_hint`` says how to play a
    computer player instead) and return the autoreset mode they name."""
    if isinstance(opponent, str):
        if opponent not in ("random", "self"):
            raise ValueError(
                f"the vector environment's opponent is 'random', 'self' or a batch policy, "
                f"not {opponent!r}; {computer_hint}"
            )
    elif not callable(opponent):
        raise TypeError(f"opponent must be 'random', 'self' or a callable, not {opponent!r}")
    if seat not in (0, 1, None):
        raise ValueError(f"seat must be 0, 1 or None (random), not {seat!r}")
    if illegal_action not in ("terminate", "raise"):
        raise ValueError(f"illegal_action must be terminate or raise, not {illegal_action!r}")
    if render_mode is not None:
        raise ValueError(f"the vector environment does not render (render_mode={render_mode!r})")
    if max_episode_steps is not None and (
        not isinstance(max_episode_steps, int) or max_episode_steps < 1
    ):
        raise ValueError(
            f"max_episode_steps must be a positive integer or None, not {max_episode_steps!r}"
        )
    try:
        return AutoresetMode(autoreset_mode)
    except ValueError:
        choices = ", ".join(m.value for m in AutoresetMode)
        raise ValueError(
            f"autoreset_mode must be one of {choices}, not {autoreset_mode!r}"
        ) from None


def reset_options(options: Mapping[str, Any] | None) -> tuple[Any, int | None]:
    """The ``reset_mask`` and ``dealer`` of a vector environment's reset options, checked
    (an unknown option or a dealer that is not 0, 1 or ``None`` is refused)."""
    rest = dict(options or {})
    mask = rest.pop("reset_mask", None)
    dealer = rest.pop("dealer", None)
    if rest:
        raise ValueError(f"unknown reset options: {', '.join(sorted(rest))}")
    check_dealer(dealer)
    return mask, dealer


def reset_rows(mask: Any, num_envs: int, *, every: bool) -> I64:
    """The rows a reset deals: those of ``mask`` (a bool array, one per game), or every row
    (no mask, or ``every``: the first reset and one with a seed, which refuse a partial
    mask)."""
    if every:
        if mask is not None and not np.asarray(mask).all():
            raise ValueError("the first reset (and a reset with a seed) deals every game")
        mask = None
    if mask is None:
        return np.arange(num_envs, dtype=np.int64)
    mask = np.asarray(mask)
    if mask.shape != (num_envs,) or mask.dtype != np.bool_:
        raise ValueError(f"reset_mask must be a bool array of shape ({num_envs},)")
    return np.flatnonzero(mask)


def set_spaces(env: VectorEnv[Any, Any, Any], obs_size: int, num_actions: int) -> None:
    """Give ``env`` its spaces: ``obs_size`` values in [0, 1] and ``num_actions`` ids per
    game, batched over its ``num_envs`` games."""
    env.single_observation_space = spaces.Box(0.0, 1.0, shape=(obs_size,), dtype=np.float32)
    env.single_action_space = spaces.Discrete(num_actions)
    env.observation_space = batch_space(env.single_observation_space, env.num_envs)
    env.action_space = batch_space(env.single_action_space, env.num_envs)


class GameVectorEnv(VectorEnv[F32, I64, npt.NDArray[Any]]):
    """``num_envs`` games of ``game`` as one Gymnasium vector environment (see the module).

    ``game`` is a game's name (found through the registry) or its
    :class:`~cardtable.env.research.Research`; ``rules``, ``settings``, ``reward``,
    ``illegal_action``, ``illegal_reward`` and the game's own ``options`` are as in the
    scalar environments. ``max_episode_steps`` truncates an episode after that many of the
    environment's steps.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 (gymnasium reads it from the class)
        "render_modes": [],
        "autoreset_mode": AutoresetMode.NEXT_STEP,
    }

    def __init__(
        self,
        game: str | Research,
        num_envs: int = 1,
        *,
        opponent: str | BatchPolicy = "random",
        seat: int | None = 0,
        rules: Any = None,
        settings: Mapping[str, Any] | None = None,
        reward: str | None = None,
        autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP,
        illegal_action: IllegalMode = "terminate",
        illegal_reward: float | None = None,
        max_episode_steps: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        if not isinstance(num_envs, int) or isinstance(num_envs, bool) or num_envs < 1:
            raise ValueError(f"num_envs must be a positive integer, not {num_envs!r}")
        research = research_of(game)
        mode = check_vector_options(
            opponent,
            seat,
            illegal_action,
            render_mode,
            max_episode_steps,
            autoreset_mode,
            "for a computer player vectorize the scalar environment "
            "(gymnasium.make_vec(..., vectorization_mode='sync'))",
        )
        reward_mode = research.reward_modes[0] if reward is None else reward
        self.research = research
        self.cores: list[Core] = [
            research.new_core(rules, settings, reward_mode, options) for _ in range(num_envs)
        ]
        first = self.cores[0]
        self.rules = first.rules
        self.num_actions = first.num_actions
        self.obs_size = first.obs_size
        self.num_envs = num_envs
        self.reward_mode = reward_mode
        self.self_play = opponent == "self"
        self.opponent = opponent
        self.seat_option = seat
        self.autoreset_mode = mode
        self.metadata = {**type(self).metadata, "autoreset_mode": mode}
        self.illegal_action: IllegalMode = illegal_action
        self.illegal_reward = (
            first.default_illegal_reward() if illegal_reward is None else illegal_reward
        )
        self.max_episode_steps = max_episode_steps
        self.render_mode = None
        set_spaces(self, self.obs_size, self.num_actions)
        self._started = False
        # Each game's seeds: self-play deals f"{base}/{k}" (the AEC environment's), against
        # an opponent each game draws from a generator of its own (the Gymnasium one's).
        self._bases = [secrets.token_hex(8) for _ in range(num_envs)]
        self._episodes = [0] * num_envs
        self._rngs = [seeding.np_random()[0] for _ in range(num_envs)]
        self._seat = np.zeros(num_envs, dtype=np.int64)  # the seat of each row's last view
        self._learner = np.zeros(num_envs, dtype=np.int64)
        self._masks = np.zeros((num_envs, self.num_actions), dtype=np.int8)
        self._steps = np.zeros(num_envs, dtype=np.int64)
        self._done = np.zeros(num_envs, dtype=np.bool_)
        self._fresh = np.zeros(num_envs, dtype=np.bool_)  # the learner has not acted yet
        self._pending = np.zeros((num_envs, 2), dtype=np.float64)  # the points before then
        self._all = np.ones(num_envs, dtype=np.bool_)
        self._all.flags.writeable = False

    # -- episodes ----------------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[F32, dict[str, Any]]:
        """Deal new episodes: every game, or those of ``options["reset_mask"]``.

        ``options`` may also name the first ``"dealer"`` (0 or 1) of the new episodes.
        """
        mask, dealer = reset_options(options)
        if seed is not None:
            if not isinstance(seed, (int, np.integer)) or isinstance(seed, bool):
                raise ValueError(f"seed must be an integer or None, not {seed!r}")
            seed = int(seed)
            self._np_random, self._np_random_seed = seeding.np_random(seed)
            self._bases = [str(seed + game) for game in range(self.num_envs)]
            self._episodes = [0] * self.num_envs
            self._rngs = [seeding.np_random(seed + game)[0] for game in range(self.num_envs)]
        rows = reset_rows(mask, self.num_envs, every=not self._started or seed is not None)
        self._started = True
        rewards = np.zeros((self.num_envs, 2), dtype=np.float64)
        for row in rows.tolist():
            self._start(row, dealer)
        if not self.self_play:
            self._opponent_turns(np.zeros(self.num_envs, dtype=np.float64), rewards, dealer)
        # Games left out of a reset mask keep their final view (and an all-zero mask).
        return self._observe(self._done.copy(), rewards, self._seat.copy())

    def _start(self, game: int, dealer: int | None = None) -> None:
        """Deal game ``game``'s next episode (the opponent's first turns come after)."""
        core = self.cores[game]
        if self.self_play:
            core.reset(f"{self._bases[game]}/{self._episodes[game]}", dealer)
            self._episodes[game] += 1
        else:
            rng = self._rngs[game]
            seat = self.seat_option
            self._learner[game] = int(rng.integers(2)) if seat is None else seat
            core.reset(rng.bytes(16).hex(), dealer)
            self._fresh[game] = True
            self._pending[game] = 0.0
        self._steps[game] = 0
        self._done[game] = False

    def _opponent_choices(self, rows: list[int]) -> list[int]:
        """The opponent's ids for the games of ``rows`` (one policy call for all of them)."""
        if self.opponent == "random":
            # Straight from each core's legal ids: no mask to build, one draw per game.
            rng = self.np_random
            choices = []
            for game in rows:
                legal = self.cores[game].legal_ids()
                choices.append(legal[int(rng.integers(len(legal)))])
            return choices
        learner = self._learner
        masks = np.stack([self.cores[g].mask(1 - int(learner[g])) for g in rows])
        assert callable(self.opponent)
        observations = np.stack([self.cores[g].encode(1 - int(learner[g])) for g in rows])
        actions = np.asarray(self.opponent(observations, masks))
        if actions.shape != (len(rows),) or not np.issubdtype(actions.dtype, np.integer):
            raise IllegalActionError(
                f"the opponent policy gave {actions.dtype} of shape {actions.shape} for "
                f"{len(rows)} games: one integer id per game"
            )
        chosen: list[int] = actions.astype(np.int64).tolist()
        for row, (game, index) in enumerate(zip(rows, chosen, strict=True)):
            if not 0 <= index < self.num_actions or not masks[row, index]:
                raise IllegalActionError(
                    f"the opponent policy chose action {index} in game {game}, which is not "
                    f"legal now"
                )
        return chosen

    def _opponent_turns(self, gains: F64, rewards: F64, dealer: int | None = None) -> None:
        """Play the opponent until the learner is to act in every live game.

        ``gains`` collects the learner's rewards and ``rewards`` both seats' in episodes
        under way; those of an episode the learner has not acted in yet wait in ``_pending``
        for its first step. An episode that ends before the learner acts is dealt again, its
        points forgotten, as in the scalar environment.
        """
        cores, learner = self.cores, self._learner
        redeals = 0
        # Only a game the opponent has just moved in can still be the opponent's to play.
        candidates: list[int] | range = range(self.num_envs)
        while True:
            rows = [
                g
                for g in candidates
                if not self._done[g] and cores[g].to_act == 1 - learner[g]
            ]
            if not rows:
                return
            candidates = rows
            for game, index in zip(rows, self._opponent_choices(rows), strict=True):
                core = cores[game]
                paid = core.apply(index)
                if self._fresh[game]:
                    self._pending[game] += paid
                    if core.over:
                        redeals += 1
                        if redeals > _MAX_REDEALS:
                            raise RuntimeError(
                                "the opponent ended every episode before the learner acted"
                            )
                        core.reset(self._rngs[game].bytes(16).hex(), dealer)
                        self._pending[game] = 0.0
                else:
                    rewards[game] += paid
                    gains[game] += paid[learner[game]]

    # -- steps -------------------------------------------------------------------------

    def step(self, actions: npt.ArrayLike) -> tuple[F32, F64, Bools, Bools, dict[str, Any]]:
        """One action id per game (for the seat of its last observation); see the module
        for autoreset. Returns observations, rewards, terminated, truncated and info."""
        if not self._started:
            raise RuntimeError("call reset() before step()")
        ids = np.asarray(actions)
        if ids.shape != (self.num_envs,) or not np.issubdtype(ids.dtype, np.integer):
            raise IllegalActionError(
                f"step() takes one integer action id per game: an array of shape "
                f"({self.num_envs},), not {ids.dtype} of shape {ids.shape}"
            )
        chosen: list[int] = ids.astype(np.int64).tolist()
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
        width = self.num_actions
        legal = [
            not restart[g] and 0 <= chosen[g] < width and bool(self._masks[g, chosen[g]])
            for g in range(num)
        ]
        illegal = [g for g in range(num) if not restart[g] and not legal[g]]
        if illegal and self.illegal_action == "raise":
            game = illegal[0]
            ids_now = ", ".join(str(i) for i in np.flatnonzero(self._masks[game]))
            raise IllegalActionError(
                f"game {game}: action {chosen[game]} is not legal now; the legal ids are {ids_now}"
            )
        seats = self._seat.copy()
        rewards = np.zeros((num, 2), dtype=np.float64)
        terminated = np.zeros(num, dtype=np.bool_)
        cores = self.cores
        for game in range(num):
            core = cores[game]
            if restart[game]:
                self._start(game)
            elif legal[game]:
                rewards[game] += core.apply(chosen[game])
                self._steps[game] += 1
                terminated[game] = core.over
            else:
                # Like the scalar environments: the episode ends, the offender pays.
                core.abort()
                self._steps[game] += 1
                rewards[game, seats[game]] = self.illegal_reward
                terminated[game] = True
        if self.self_play:
            gains = rewards[np.arange(num), seats]
        else:
            learner = self._learner
            gains = rewards[np.arange(num), learner]
            first = self._fresh & ~restart
            gains[first] += self._pending[first, learner[first]]
            rewards[first] += self._pending[first]
            self._pending[first] = 0.0
            self._fresh[first] = False
            self._done = terminated.copy()  # no opponent turns in games just ended
            self._opponent_turns(gains, rewards)
            terminated = terminated | np.array([core.over for core in cores]) & ~restart
        truncated = np.zeros(num, dtype=np.bool_)
        if self.max_episode_steps is not None:
            truncated = ~terminated & (self._steps >= self.max_episode_steps) & ~restart
        done = terminated | truncated
        self._done = done
        final = None
        if self.autoreset_mode is AutoresetMode.SAME_STEP and done.any():
            ended: list[int] = np.flatnonzero(done).tolist()
            final_obs = np.zeros((num, self.obs_size), dtype=np.float32)
            for row in ended:
                final_obs[row] = cores[row].encode(int(seats[row]))
            final = (final_obs, done.copy())
            for row in ended:
                self._start(row)
            if not self.self_play:
                self._opponent_turns(np.zeros(num, dtype=np.float64), np.zeros((num, 2)))
            self._done = np.zeros(num, dtype=np.bool_)
        observations, info = self._observe(
            done if final is None else self._done, rewards, seats
        )
        gains[restart] = 0.0
        if final is not None:
            info["final_obs"], info["_final_obs"] = final
        return observations, gains, terminated, truncated, info

    def _observe(self, done: Bools, rewards: F64, last: I64) -> tuple[F32, dict[str, Any]]:
        """Each game's view: for the seat to act (self-play) or the learner, or (a finished
        game) the seat of its last view; and the info arrays."""
        num = self.num_envs
        observations = np.empty((num, self.obs_size), dtype=np.float32)
        masks = np.zeros((num, self.num_actions), dtype=np.int8)
        seats = self._seat
        for game, core in enumerate(self.cores):
            seat: int
            if done[game]:
                seat = int(last[game])
            elif self.self_play:
                to_act = core.to_act
                seat = int(last[game]) if to_act is None else to_act
            else:
                seat = int(self._learner[game])
            seats[game] = seat
            observations[game] = core.encode(seat)
            if not done[game]:
                masks[game] = core.mask(seat)
        self._masks = masks
        info: dict[str, Any] = {
            "action_mask": masks,
            "_action_mask": self._all,
            "seat": seats.copy(),
            "_seat": self._all,
            "rewards": rewards,
            "_rewards": self._all,
        }
        return observations, info

    def episode_seed(self, game: int) -> str:
        """The seed game ``game``'s episode under way was dealt from (self-play only: the
        AEC environment's ``f"{s + game}/{k}"``)."""
        if not self.self_play:
            raise ValueError("episode seeds are named in self-play only")
        return f"{self._bases[game]}/{self._episodes[game] - 1}"

    def action_masks(self) -> Bools:
        """The legal ids of every game's last observation, as booleans (maskable learners)."""
        masks: Bools = self._masks.astype(np.bool_)
        return masks

    def close_extras(self, **kwargs: Any) -> None:
        self._started = False


class OneGameVectorEnv(GameVectorEnv):
    """The vector environment of the one game a subclass names in :attr:`declared` (a
    game's own class, what its Gymnasium id's ``vector_entry_point`` names): made as
    ``Env(num_envs, **keywords)``, the keywords those of :class:`GameVectorEnv`."""

    declared: ClassVar[str | Research]

    def __init__(self, num_envs: int = 1, **keywords: Any) -> None:
        super().__init__(self.declared, num_envs, **keywords)


def vector_env(game: str | Research, num_envs: int = 1, **kwargs: Any) -> GameVectorEnv:
    """The vector environment of ``game`` (keywords as :class:`GameVectorEnv`)."""
    return GameVectorEnv(game, num_envs, **kwargs)


def register_vector(env_id: str, entry_point: str, vector_entry_point: str) -> None:
    """Register a game's Gymnasium id (once): its scalar environment as ``entry_point``, its
    vector environment as ``vector_entry_point``, so that ``gymnasium.make_vec(env_id, N,
    vectorization_mode="vector_entry_point")`` finds the vector one and ``"sync"`` the
    scalar one."""
    if env_id not in gymnasium.registry:
        gymnasium.register(
            id=env_id, entry_point=entry_point, vector_entry_point=vector_entry_point
        )
