"""The game loop shared by the PettingZoo and Gymnasium environments (numpy only).

:class:`GameCore` holds one episode (a hand, or a match), applies action ids, keeps each
seat's view up to date and says what each action earned each seat under the chosen reward.

Rewards are real points of RULES.md, zero-sum:

* ``"hand"``: the episode is one deal. When it ends the winner gets ``+points`` of the hand
  and the loser ``-points``; a dead hand gives 0 to both.
* ``"match"``: the episode is a match to the target. Nothing is paid until the match ends;
  then the winner gets ``+margin`` and the loser ``-margin`` (final totals, bonuses included).
* ``"match_dense"``: the same episode and the same return, paid as it is earned: each hand's
  points when the hand is scored, and the bonuses (lines, game, shutout) when the match ends.

>>> core = GameCore(Rules(), "hand")
>>> core.reset("core-doc", dealer=0)
>>> core.to_act, sorted(core.legal)
(1, [1, 2])
>>> core.apply(2)  # seat 1 passes the upcard
(0, 0)
"""

from __future__ import annotations

from typing import Any, Final, Literal

import numpy as np
import numpy.typing as npt

from cardtable.cards import fair_cut
from cardtable.env.core import CoreBase, check_dealer, check_reward
from cardtable.errors import IllegalActionError
from cardtable.gin.actions import Action
from cardtable.gin.env.actions import (
    LAYOUT_BASE,
    NUM_ACTIONS,
    NUM_ACTIONS_WITH_LAYOUTS,
    layout_choices,
    legal_ids,
)
from cardtable.gin.env.encoding import (
    OBS_SIZE,
    OBS_SIZE_WITH_LAYOUTS,
    FloatArray,
    encode_hand,
    encode_layout_choice,
)
from cardtable.gin.hand import Hand, Observation
from cardtable.gin.match import FinalScore, Match
from cardtable.gin.players.base import Player
from cardtable.gin.rules import Rules, make_rules
from cardtable.gin.showdown import HandResult

__all__ = ["REWARD_MODES", "GameCore", "RewardMode", "default_illegal_reward", "make_rules"]

RewardMode = Literal["hand", "match", "match_dense"]
REWARD_MODES: Final = ("hand", "match", "match_dense")

# The largest deadwood ten cards can hold (two each of K Q J T 9, no three in a suit run).
_MAX_DEADWOOD: Final = 98


def max_hand_points(rules: Rules) -> int:
    """An upper bound on the points of one hand under ``rules``.

    >>> max_hand_points(Rules())
    123
    """
    bonus = max(rules.gin_bonus, rules.big_gin_bonus or 0)
    best = max(_MAX_DEADWOOD + bonus, 10 + rules.undercut_bonus)
    return best * (2 if rules.oklahoma else 1)


def default_illegal_reward(rules: Rules, reward: RewardMode) -> float:
    """The penalty for an illegal action when none is given: below any real result.

    Per hand it is one more than the most a hand can lose. A match has no hard bound, so the
    penalty is ten times the target plus the most one hand, a line and the game bonus (twice)
    can add: far below any margin seen in practice.

    >>> default_illegal_reward(Rules(), "hand"), default_illegal_reward(Rules(), "match")
    (-124.0, -1348.0)
    """
    hand = max_hand_points(rules)
    if reward == "hand":
        return -float(hand + 1)
    return -float(10 * rules.target + hand + rules.line_bonus + 2 * rules.game_bonus)


class GameCore(CoreBase):
    """One episode (a hand or a match) behind action ids, with per-seat views and rewards.

    With ``layouts`` the knocker chooses its layout (see :mod:`cardtable.gin.env.actions`):
    a knock id with more than one layout sets :attr:`pending` and offers the layout ids.
    """

    def __init__(self, rules: Rules, reward: RewardMode = "hand", layouts: bool = False) -> None:
        check_reward(reward, REWARD_MODES)
        if not isinstance(layouts, bool):
            raise ValueError(f"layouts must be true or false, not {layouts!r}")
        self.rules = rules
        self.reward: RewardMode = reward
        self.layouts = layouts
        self.num_actions = NUM_ACTIONS_WITH_LAYOUTS if layouts else NUM_ACTIONS
        self.obs_size = OBS_SIZE_WITH_LAYOUTS if layouts else OBS_SIZE
        self.pending: Action | None = None  # the knock whose layout is being chosen
        self.match: Match | None = None
        self.hand: Hand = Hand.deal(rules, 0, seed="unset")
        self.legal: dict[int, Action] = {}
        self.results: list[HandResult] = []
        self.final: FinalScore | None = None
        self.over = True
        self.steps = 0

    # -- an episode --------------------------------------------------------------------

    def reset(self, seed: str, dealer: int | None = None) -> None:
        """Deal a new episode from ``seed``; the first dealer by a fair cut unless given."""
        check_dealer(dealer)
        if self.reward == "hand":
            self.match = None
            first = fair_cut(seed) if dealer is None else dealer
            self.hand = Hand.deal(self.rules, first, seed=seed)
        else:
            self.match = Match.new(self.rules, seed=seed, first_dealer=dealer)
            self.hand = self.match.current
        self.results = []
        self.final = None
        self.over = False
        self.steps = 0
        self.pending = None
        self.legal = legal_ids(self.hand.legal_actions())

    @property
    def to_act(self) -> int | None:
        """The seat to act, or ``None`` once the episode is over."""
        return None if self.over else self.hand.to_act

    @property
    def scores(self) -> tuple[int, int] | None:
        """The match scores (hand points so far); ``None`` in per-hand episodes."""
        match = self.match
        return None if match is None else (match.scores[0], match.scores[1])

    def legal_ids(self) -> list[int]:
        """The ids the seat to act may choose now, in order (none once it is over)."""
        return [] if self.over else sorted(self.legal)

    def is_legal(self, index: int) -> bool:
        """Whether the seat to act may choose ``index`` now."""
        return index in self.legal

    def apply(self, index: int) -> tuple[int, int]:
        """Apply a legal action id of the seat to act; return the rewards of seats 0 and 1.

        Raises :class:`~cardtable.errors.IllegalActionError` (changing nothing) for an id that
        is not legal now.
        """
        action = self.legal.get(index)
        if action is None:
            raise IllegalActionError(self.illegal_message(index))
        return self.apply_chosen(action)

    def apply_chosen(self, action: Action) -> tuple[int, int]:
        """Apply an agent's choice from :attr:`legal`. With ``layouts`` on, a knock that can
        be laid out in several ways waits for the layout id instead (paying nothing)."""
        if self.layouts and self.pending is None and action.kind.ends_hand and not action.melds:
            hand = self.hand
            choices = layout_choices(hand.cards(hand.to_act).mask, action, hand.threshold)
            if len(choices) > 1:
                self.pending = action
                self.steps += 1
                self.legal = {
                    LAYOUT_BASE + k: action.with_melds(melds) for k, melds in enumerate(choices)
                }
                return (0, 0)
        return self.apply_action(action)

    def apply_action(self, action: Action) -> tuple[int, int]:
        """Apply an engine action (from a computer player); return the rewards of both seats."""
        if self.over:
            raise IllegalActionError("the episode is over")
        self.pending = None
        match = self.match
        hand = self.hand
        if match is None:
            hand.apply(action)
        else:
            match.apply(action)
        self.steps += 1
        if not hand.is_over:
            self.legal = legal_ids(hand.legal_actions())
            return (0, 0)
        result = hand.result
        assert result is not None
        self.results.append(result)
        return self._hand_over(result)

    def _hand_over(self, result: HandResult) -> tuple[int, int]:
        rewards = [0, 0]
        match = self.match
        winner = result.winner
        if self.reward != "match" and winner is not None:
            rewards[winner] += result.points
            rewards[1 - winner] -= result.points
        if match is None:
            self.over = True
        elif match.is_over:
            final = match.final
            assert final is not None
            self.final = final
            self.over = True
            diff = final.totals[0] - final.totals[1]
            if self.reward == "match_dense":
                # The hands were paid as they were scored; the bonuses make up the rest.
                diff -= match.scores[0] - match.scores[1]
            rewards[0] += diff
            rewards[1] -= diff
        else:
            self.hand = match.current
            self.legal = {} if self.over else legal_ids(self.hand.legal_actions())
        return (rewards[0], rewards[1])

    def play(self, player: Player, seat: int) -> tuple[int, int]:
        """Let a computer ``player`` make ``seat``'s move (on its own observation)."""
        return self.apply_action(player.act(self.hand.observation(seat, self.scores)))

    def abort(self) -> None:
        """End the episode now (after an illegal action): nobody may act any more."""
        self.over = True
        self.pending = None
        self.legal = {}

    def default_illegal_reward(self) -> float:
        """:func:`default_illegal_reward` of this core's rules and reward mode."""
        return default_illegal_reward(self.rules, self.reward)

    # -- what the environments report ---------------------------------------------------

    def mark(self) -> int:
        """The number of hands finished so far (see :meth:`step_info`)."""
        return len(self.results)

    def finished_since(self, mark: int) -> list[HandResult]:
        """The results of the hands finished since ``mark``."""
        return self.results[mark:]

    def step_info(self, mark: int) -> dict[str, Any] | None:
        """The AEC ``info`` of both agents after a step that finished hands: their
        ``"hand_results"`` and, at the end of a match, its ``"final"`` score."""
        if len(self.results) <= mark:
            return None
        info: dict[str, Any] = {"hand_results": self.results[mark:]}
        if self.final is not None:
            info["final"] = self.final
        return info

    def learner_info(self, mark: int) -> dict[str, Any]:
        """What the Gymnasium ``info`` adds: the hands finished since ``mark``, the final."""
        info: dict[str, Any] = {}
        if len(self.results) > mark:
            info["hand_results"] = self.results[mark:]
        if self.final is not None:
            info["final"] = self.final
        return info

    # -- what a seat sees ---------------------------------------------------------------

    def encode(self, seat: int) -> FloatArray:
        """The observation vector of ``seat`` (see :mod:`cardtable.gin.env.encoding`)."""
        vector = encode_hand(self.hand, seat, self.scores)
        if not self.layouts:
            return vector
        mine = self.pending if self.hand.to_act == seat else None
        return np.concatenate((vector, encode_layout_choice(mine)))

    def mask(self, seat: int) -> npt.NDArray[np.int8]:
        """The legal ids of ``seat`` as 0/1 (all zero when it is not to act)."""
        mask = np.zeros(self.num_actions, dtype=np.int8)
        if not self.over and self.hand.to_act == seat:
            mask[list(self.legal)] = 1
        return mask

    def view(self, seat: int) -> Observation:
        """The seat's :class:`~cardtable.gin.hand.Observation` (as :meth:`observation`)."""
        return self.hand.observation(seat, self.scores)

    def observation(self, seat: int) -> Observation:
        """The seat's :class:`~cardtable.gin.hand.Observation` (what computer players act on)."""
        return self.hand.observation(seat, self.scores)

    def render(self) -> str:
        """The table as text, both hands shown (for a spectator, never for an agent)."""
        hand = self.hand
        lines = []
        match = self.match
        if match is not None:
            lines.append(
                f"hand {match.hand_number}  score {match.scores[0]} - {match.scores[1]}"
                f"  (target {self.rules.target})"
            )
        pile = " ".join(str(c) for c in hand.discard_pile) or "-"
        lines.append(
            f"dealer {hand.dealer}  phase {hand.phase.value}  stock {hand.stock_count}"
            f"  threshold {hand.threshold}"
        )
        lines.append(f"discard pile (top last): {pile}")
        for seat in (0, 1):
            marker = ">" if not self.over and hand.to_act == seat else " "
            lines.append(f"{marker} player_{seat}: {hand.cards(seat)}")
        if self.results:
            last = self.results[-1]
            lines.append(
                f"last result: {last.outcome.value} winner {last.winner} points {last.points}"
            )
        if self.final is not None:
            f = self.final
            lines.append(
                f"final {f.totals[0]} - {f.totals[1]}, player_{f.winner} wins by {f.margin}"
            )
        return "\n".join(lines)
