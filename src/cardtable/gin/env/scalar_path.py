"""The vector environment's path for a few games: each game's hand stepped by the engine.

:class:`~cardtable.gin.env.batch.GinBatch` steps every game in a few hundred numpy calls,
whatever their number: fast for hundreds of games, slow for a handful (at one game a step
costs several times a step of the scalar environment). Below a crossover
(:data:`~cardtable.gin.env.vector.SCALAR_UP_TO`) the vector environment plays its games here
instead, one :class:`~cardtable.gin.hand.Hand` per game as the scalar core
(:class:`~cardtable.gin.env.core.GameCore`) does, and writes the numpy arrays itself.

It gives what the batch path gives, array for array (tests play both side by side): the
same deals (from the same :class:`~cardtable.gin.env.batch.DeckSource`, drawn in the same
calls and in the same order), the same draws of the random opponent and of random seats
from the environment's generator, the same calls of a batch policy, the same observations,
masks, rewards, ends, infos and autoresets. So the step below follows
``GinRummyVectorEnv``'s batch step line by line; a match is kept as the batch keeps it
(scores, boxes, the next dealer, :func:`~cardtable.gin.match.final_score`), its next deal
drawn from the deck source when a hand ends.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import numpy as np
import numpy.typing as npt
from gymnasium.vector import AutoresetMode

from cardtable.env.vector import F32, F64, I8, I64, Bools
from cardtable.errors import IllegalActionError
from cardtable.gin.actions import Action
from cardtable.gin.env.actions import NUM_ACTIONS, legal_ids
from cardtable.gin.env.batch import OUTCOMES, DeckSource
from cardtable.gin.env.core import RewardMode
from cardtable.gin.env.encoding import OBS_SIZE, encode_hand
from cardtable.gin.hand import Hand, Phase
from cardtable.gin.match import final_score
from cardtable.gin.rules import Rules

__all__ = ["ScalarPath", "checked_policy_actions"]

Policy = Callable[[F32, I8], npt.ArrayLike]

_CODE: Final = {outcome: code for code, outcome in enumerate(OUTCOMES) if outcome is not None}
_NO_IDS: Final[dict[int, Action]] = {}
_OVER: Final = Phase.OVER
# As in the batch path: an episode the opponent ends before the learner acts is dealt again,
# but never forever.
_MAX_REDEALS: Final = 1000


def checked_policy_actions(policy: Policy, observations: F32, masks: I8, rows: I64) -> I64:
    """A batch policy's ids for the games ``rows``, checked: one legal id per row, or an
    :class:`~cardtable.errors.IllegalActionError` naming the game (both paths call this)."""
    actions = np.asarray(policy(observations, masks)).astype(np.int64)
    if actions.shape != (len(rows),):
        raise IllegalActionError(
            f"the opponent policy gave {actions.shape} ids for {len(rows)} games"
        )
    valid = (actions >= 0) & (actions < NUM_ACTIONS)
    ok = valid & (masks[np.arange(len(rows)), np.where(valid, actions, 0)] == 1)
    if not ok.all():
        bad = int(np.flatnonzero(~ok)[0])
        raise IllegalActionError(
            f"the opponent policy chose action {int(actions[bad])} in game "
            f"{int(rows[bad])}, which is not legal now"
        )
    return actions


class _Ended:
    """A hand that one action ended: what :meth:`ScalarPath._apply` reports of it."""

    __slots__ = ("code", "game", "over", "points", "rewards", "winner")

    def __init__(
        self, game: int, rewards: list[float], code: int, winner: int, points: int, over: bool
    ) -> None:
        self.game = game
        self.rewards = rewards
        self.code = code
        self.winner = winner
        self.points = points
        self.over = over  # the episode (the hand, or the match) is over


class _Shown:
    """What a step did to one game (a row of :class:`~cardtable.gin.env.batch.StepOutcome`);
    a step keeps one per game it touched, in a dict (most steps end nothing)."""

    __slots__ = ("episode_over", "hand_over", "outcome", "points", "rewards", "winner")

    def __init__(self) -> None:
        self.rewards = [0.0, 0.0]
        self.hand_over = False
        self.outcome = 0
        self.winner = -1
        self.points = 0
        self.episode_over = False


_Out = dict[int, _Shown]


def _show(out: _Out, ended: _Ended) -> None:
    shown = out.get(ended.game)
    if shown is None:
        shown = out[ended.game] = _Shown()
    rewards = shown.rewards
    rewards[0] += ended.rewards[0]
    rewards[1] += ended.rewards[1]
    shown.hand_over = True
    shown.outcome = ended.code
    shown.winner = ended.winner
    shown.points = ended.points
    if ended.over:
        shown.episode_over = True


class ScalarPath:
    """``num`` games of the vector environment, each an engine hand (see the module).

    The options are the environment's; ``source`` deals and ``rng`` is the environment's
    generator (the random opponent and random seats draw from it). :meth:`reset` and
    :meth:`step` return what the environment returns.
    """

    def __init__(
        self,
        rules: Rules,
        num: int,
        reward: RewardMode,
        source: DeckSource,
        rng: np.random.Generator,
        *,
        opponent: str | Policy,
        seat: int | None,
        autoreset_mode: AutoresetMode,
        illegal_action: str,
        illegal_reward: float,
        max_episode_steps: int | None,
        every: Bools,
    ) -> None:
        self.rules = rules
        self.num = num
        self.reward: RewardMode = reward
        self.match = reward != "hand"
        self.source = source
        self.rng = rng
        self.self_play = opponent == "self"
        self.random_opponent = opponent == "random"
        self.opponent = opponent
        self.seat_option = seat
        self.autoreset_mode = autoreset_mode
        self.same_step = autoreset_mode is AutoresetMode.SAME_STEP
        self.illegal_action = illegal_action
        self.illegal_reward = illegal_reward
        self.max_episode_steps = max_episode_steps
        self.every = every  # the all-true flags of info (read-only, shared)
        self.hands: list[Hand] = []
        self.legal: list[dict[int, Action]] = [_NO_IDS] * num  # of the seat to act
        self.live = [False] * num  # a hand in play (the batch's phase is not OVER)
        self.scores = [[0, 0] for _ in range(num)]
        self.boxes = [[0, 0] for _ in range(num)]
        self.deal_number = [0] * num
        self.seat = [0] * num  # the seat of each game's last view
        self.offered: list[dict[int, Action]] = [_NO_IDS] * num  # the ids of that view
        self.learner = [0] * num
        self.steps = [0] * num
        self.done = [False] * num
        self.fresh = [False] * num  # the learner has not acted yet
        self.pending = [0.0] * num  # its points before then
        self.masks = np.zeros((num, NUM_ACTIONS), dtype=np.int8)
        self._no_winner = np.full(num, -1, dtype=np.int8)

    # -- deals -------------------------------------------------------------------------

    def _deal(self, game: int, dealer: int, deck: I8) -> None:
        hand = Hand(self.rules, dealer, deck.tolist())
        if game < len(self.hands):
            self.hands[game] = hand
        else:
            self.hands.append(hand)  # the first reset deals every game, in order
        self.legal[game] = legal_ids(hand.legal_actions())
        self.live[game] = True

    def _start(self, rows: list[int], dealer: int | None = None) -> None:
        """New episodes in ``rows`` (ascending), as the batch's ``start`` and the
        environment's ``_start``: the same draws from the deck source and the generator."""
        if not rows:
            return
        array = np.array(rows, dtype=np.int64)
        source = self.source
        source.new_episodes(array)
        dealers = (
            source.first_dealers(array).tolist() if dealer is None else [dealer] * len(rows)
        )
        decks = source.decks(array, np.zeros(len(rows), dtype=np.int64))
        for i, game in enumerate(rows):
            if self.match:
                self.scores[game] = [0, 0]
                self.boxes[game] = [0, 0]
                self.deal_number[game] = 0
            self._deal(game, dealers[i], decks[i])
            self.steps[game] = 0
            self.done[game] = False
        if not self.self_play:
            if self.seat_option is None:
                seats = self.rng.integers(0, 2, size=len(rows)).tolist()
            else:
                seats = [self.seat_option] * len(rows)
            for game, seat in zip(rows, seats, strict=True):
                self.learner[game] = seat
                self.fresh[game] = True
                self.pending[game] = 0.0

    def _deal_on(self, going: list[tuple[int, int]]) -> None:
        """The next deals of matches going on: (game, dealer), drawn in one call."""
        array = np.array([game for game, _ in going], dtype=np.int64)
        for game, _ in going:
            self.deal_number[game] += 1
        numbers = np.array([self.deal_number[game] for game, _ in going], dtype=np.int64)
        decks = self.source.decks(array, numbers)
        for i, (game, dealer) in enumerate(going):
            self._deal(game, dealer, decks[i])

    # -- actions -------------------------------------------------------------------------

    def _apply(self, rows: list[int], ids: list[int]) -> list[_Ended]:
        """Apply one legal id per game of ``rows`` (ascending); score the hands that end
        and deal on in matches (dead hands' next deals drawn first, then the others', as
        the batch does)."""
        ended: list[_Ended] = []
        dead_on: list[tuple[int, int]] = []
        shown_on: list[tuple[int, int]] = []
        rules = self.rules
        hands, legal = self.hands, self.legal
        for game, index in zip(rows, ids):  # noqa: B905 (one id per row, by construction)
            hand = hands[game]
            hand.apply(legal[game][index])
            if hand.phase is not _OVER:
                legal[game] = legal_ids(hand.legal_actions())
                continue
            result = hand.result
            assert result is not None
            winner = -1 if result.winner is None else result.winner
            points = result.points if winner >= 0 else 0
            rewards = [0.0, 0.0]
            if self.reward != "match" and winner >= 0:
                rewards[winner] += points
                rewards[1 - winner] -= points
            self.legal[game] = _NO_IDS
            over = True
            if self.match:
                scores, boxes = self.scores[game], self.boxes[game]
                if winner >= 0:
                    scores[winner] += points
                    boxes[winner] += 1
                if winner >= 0 and scores[winner] >= rules.target:
                    final = final_score(rules, scores, boxes, winner)
                    diff = final.totals[0] - final.totals[1]
                    if self.reward == "match_dense":
                        # The hands were paid as they were scored; the bonuses make up the rest.
                        diff -= scores[0] - scores[1]
                    rewards[0] += diff
                    rewards[1] -= diff
                else:
                    over = False
                    # RULES.md 2: a dead hand is dealt again by the same dealer.
                    dealer = hand.dealer
                    if winner >= 0:
                        choice = rules.next_dealer
                        if choice == "winner":
                            dealer = winner
                        elif choice == "loser":
                            dealer = 1 - winner
                        else:
                            dealer = 1 - dealer
                    (dead_on if winner < 0 else shown_on).append((game, dealer))
            if over:
                self.live[game] = False
            code = _CODE[result.outcome]
            ended.append(_Ended(game, rewards, code, winner, points, over))
        if dead_on:
            self._deal_on(dead_on)
        if shown_on:
            self._deal_on(shown_on)
        return ended

    def _opponent_turns(self, out: _Out, gains: list[float]) -> None:
        """Play the opponent until the learner is to act in every live game (as the
        environment's batch path: the same rounds, the same draws, the same calls)."""
        hands, live, learner = self.hands, self.live, self.learner
        fresh, pending = self.fresh, self.pending
        redeals = 0
        while True:
            rows = [g for g in range(self.num) if live[g] and hands[g].to_act != learner[g]]
            if not rows:
                return
            if self.random_opponent:
                # random_actions: the legal ids in order, the one ``count - 1 - r * count``.
                draws = self.rng.random(len(rows)).tolist()
                ids = []
                for game, draw in zip(rows, draws, strict=True):
                    legal = sorted(self.legal[game])
                    count = len(legal)
                    ids.append(legal[count - 1 - int(draw * count)])
            else:
                assert callable(self.opponent)
                seats = [hands[g].to_act for g in rows]
                observations, masks = self.encode(rows, seats)
                chosen = checked_policy_actions(
                    self.opponent, observations, masks, np.array(rows, dtype=np.int64)
                )
                ids = chosen.tolist()
            ended = self._apply(rows, ids)
            if not ended:
                continue  # most turns: nothing paid, nothing ended
            again = []
            for end in ended:
                game = end.game
                learned = end.rewards[learner[game]]
                if fresh[game]:
                    pending[game] += learned
                    if end.over:
                        again.append(game)
                else:
                    gains[game] += learned
                    _show(out, end)
            if again:
                redeals += 1
                if redeals > _MAX_REDEALS:
                    raise RuntimeError("the opponent ended every episode before the learner acted")
                self._start(again)

    # -- views ---------------------------------------------------------------------------

    def _scores(self, game: int) -> tuple[int, int] | None:
        if not self.match:
            return None
        scores = self.scores[game]
        return (scores[0], scores[1])

    def encode(self, rows: list[int], seats: list[int]) -> tuple[F32, I8]:
        """The observations and masks of ``seats`` in ``rows`` (for a batch policy)."""
        observations = np.empty((len(rows), OBS_SIZE), dtype=np.float32)
        masks = np.zeros((len(rows), NUM_ACTIONS), dtype=np.int8)
        for i, (game, seat) in enumerate(zip(rows, seats, strict=True)):
            hand = self.hands[game]
            observations[i] = encode_hand(hand, seat, self._scores(game))
            if self.live[game] and hand.to_act == seat:
                masks[i, list(self.legal[game])] = 1
        return observations, masks

    def _observe(self, done: list[bool], out: _Out, last: list[int]) -> tuple[F32, dict[str, Any]]:
        """Each game's view: for the seat to act (the learner's seat against an opponent),
        or (a finished game) the seat of its last view; and the info arrays."""
        num = self.num
        masks = np.zeros((num, NUM_ACTIONS), dtype=np.int8)
        observations = None if num == 1 else np.empty((num, OBS_SIZE), dtype=np.float32)
        seats = list(last)
        hands, live, legal, offered = self.hands, self.live, self.legal, self.offered
        self_play, learner, match = self.self_play, self.learner, self.match
        for game in range(num):
            hand = hands[game]
            if not done[game]:
                seats[game] = hand.to_act if self_play else learner[game]
            seat = seats[game]
            view = encode_hand(hand, seat, self._scores(game) if match else None)
            if observations is None:
                observations = view.reshape(1, OBS_SIZE)  # one game: no copy
            else:
                observations[game] = view
            if not done[game] and live[game] and hand.to_act == seat:
                ids = legal[game]
                row = masks[game]
                for index in ids:  # a dozen ids: item by item beats a fancy index
                    row[index] = 1
                offered[game] = ids
            else:
                offered[game] = _NO_IDS
        assert observations is not None
        self.seat = seats
        self.masks = masks
        zeros = np.zeros
        rewards = zeros((num, 2), dtype=np.float64)
        outcome = zeros(num, dtype=np.int8)
        winner = self._no_winner.copy()
        points = zeros(num, dtype=np.int64)
        ended = zeros(num, dtype=np.bool_)
        for game, shown in out.items():
            rewards[game] = shown.rewards
            if shown.hand_over:
                ended[game] = True
                outcome[game] = shown.outcome
                winner[game] = shown.winner
                points[game] = shown.points
        every = self.every
        info: dict[str, Any] = {
            "action_mask": masks,
            "_action_mask": every,
            "seat": np.array(seats, dtype=np.int64),
            "_seat": every,
            "rewards": rewards,
            "_rewards": every,
            "outcome": outcome,
            "_outcome": ended,
            "winner": winner,
            "_winner": ended,
            "points": points,
            "_points": ended,
        }
        return observations, info

    # -- the environment's reset and step -------------------------------------------------

    def reset(self, rows: list[int], dealer: int | None) -> tuple[F32, dict[str, Any]]:
        """Deal new episodes in ``rows`` (every game at the first reset)."""
        out: _Out = {}
        self._start(rows, dealer)
        if not self.self_play:
            self._opponent_turns(out, [0.0] * self.num)
        return self._observe(list(self.done), out, self.seat)

    def step(self, ids: list[int]) -> tuple[F32, F64, Bools, Bools, dict[str, Any]]:
        """One action id per game (Python ints, the shape already checked)."""
        num = self.num
        done = self.done
        restart: list[int] = []
        if True in done:
            if self.autoreset_mode is AutoresetMode.NEXT_STEP:
                restart = [game for game in range(num) if done[game]]
            elif self.autoreset_mode is AutoresetMode.DISABLED:
                game = done.index(True)
                raise RuntimeError(
                    f"game {game} is over: reset it first (reset(options={{'reset_mask': ...}}))"
                )
        rows: list[int] = []
        chosen: list[int] = []
        illegal: list[int] = []
        offered = self.offered
        for game, index in enumerate(ids):
            if index in offered[game]:
                rows.append(game)
                chosen.append(index)
            elif not (restart and done[game]):
                illegal.append(game)
        if illegal and self.illegal_action == "raise":
            game = illegal[0]
            ids_now = ", ".join(str(i) for i in sorted(offered[game]))
            raise IllegalActionError(
                f"game {game}: action {ids[game]} is not legal now; the legal ids are {ids_now}"
            )
        out: _Out = {}
        seats = self.seat
        if restart:
            self._start(restart)
        if rows:
            for end in self._apply(rows, chosen):
                _show(out, end)
        steps = self.steps
        for game in rows:
            steps[game] += 1
        for game in illegal:
            # Like the scalar environments: the episode ends, the offender pays the penalty.
            shown = out[game] = _Shown()
            shown.rewards[seats[game]] = self.illegal_reward
            shown.episode_over = True
        if self.self_play:
            gains = [0.0] * num
            for game, shown in out.items():
                gains[game] = shown.rewards[seats[game]]
        else:
            learner, fresh, pending = self.learner, self.fresh, self.pending
            gains = [0.0] * num
            for game, shown in out.items():
                gains[game] = shown.rewards[learner[game]]
            for game in rows:
                if fresh[game]:
                    gains[game] += pending[game]
                    pending[game] = 0.0
                    fresh[game] = False
            self._opponent_turns(out, gains)
        terminated = [False] * num
        for game, shown in out.items():
            if shown.episode_over:
                terminated[game] = True
        ends = terminated
        truncated = [False] * num
        limit = self.max_episode_steps
        if limit is not None:
            restarted = set(restart)
            for game in range(num):
                if not terminated[game] and steps[game] >= limit and game not in restarted:
                    truncated[game] = True
            ends = [t or u for t, u in zip(terminated, truncated, strict=True)]
        self.done = list(ends)  # a copy: a new deal below clears it, not ``terminated``
        final = None
        if self.same_step and True in ends:
            ended = [game for game in range(num) if ends[game]]
            final_obs = np.zeros((num, OBS_SIZE), dtype=np.float32)
            for game in ended:
                final_obs[game] = encode_hand(self.hands[game], seats[game], self._scores(game))
            final = (final_obs, np.array(ends, dtype=np.bool_))
            self._start(ended)
            if not self.self_play:
                self._opponent_turns(out, [0.0] * num)
            self.done = [False] * num
        observations, info = self._observe(self.done, out, seats)
        for game in restart:
            gains[game] = 0.0
        if final is not None:
            info["final_obs"], info["_final_obs"] = final
        return (
            observations,
            np.array(gains, dtype=np.float64),
            np.array(terminated, dtype=np.bool_),
            np.array(truncated, dtype=np.bool_),
            info,
        )
