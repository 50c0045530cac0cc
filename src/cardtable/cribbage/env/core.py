"""The game loop shared by the PettingZoo and Gymnasium environments (numpy only).

:class:`GameCore` holds one episode (a hand, or a match) of a
:class:`~cardtable.cribbage.match.Match`, applies action ids (laying away as two picks), keeps
each seat's pending pick and says what each action earned each seat under the chosen reward.

Rewards are real points of CRIBBAGE.md, zero-sum:

* ``"hand"``: the episode is one deal. Every point is paid when it is pegged (his heels, the
  play, go and last card, the show): ``+points`` to the seat that pegs them, ``-points`` to
  the other, so the return of the hand is the difference of the two players' points in it.
* ``"match"``: the episode is a match (by default one game to the target). Nothing is paid
  until it ends; then the winner gets ``+margin`` and the loser ``-margin``, the difference
  of their game points (a game 1, a skunk 2, a double skunk 4 under the standard rules).

With ``muggins`` on, the show's count and answer are not decisions of an agent: the
environment states every show in full and accepts (as the computer players do), so the game
is the game without muggins.

>>> core = GameCore(Rules(), "hand")
>>> core.reset("core-doc", dealer=0)
>>> core.to_act, core.legal_ids()
(1, [0, 10, 16, 33, 35, 42])
>>> core.apply(10), core.picked, core.to_act  # the first pick: held, nothing applied yet
((0, 0), Card('JS'), 1)
>>> core.apply(42), core.picked, core.to_act  # the second completes seat 1's discard
((0, 0), None, 0)
"""

from __future__ import annotations

import dataclasses
from typing import Any, Final, Literal

import numpy as np
import numpy.typing as npt

from cardtable.cards import CARDS, Card
from cardtable.cribbage.actions import Action
from cardtable.cribbage.env.actions import NUM_ACTIONS, legal_ids, to_action
from cardtable.cribbage.env.encoding import OBS_SIZE, FloatArray, encode_observation
from cardtable.cribbage.hand import ActionRecord, Phase
from cardtable.cribbage.match import FinalScore, Match, MatchObservation
from cardtable.cribbage.players.base import Player
from cardtable.cribbage.players.counting import count_action
from cardtable.cribbage.rules import Rules, make_rules
from cardtable.env.core import CoreBase, check_dealer, check_reward
from cardtable.env.research import IllegalMode
from cardtable.errors import IllegalActionError

__all__ = [
    "REWARD_MODES",
    "GameCore",
    "IllegalMode",
    "RewardMode",
    "default_illegal_reward",
    "make_rules",
]

RewardMode = Literal["hand", "match"]
REWARD_MODES: Final = ("hand", "match")
_SHOW_PHASES: Final = (Phase.COUNT, Phase.ANSWER)


def default_illegal_reward(rules: Rules, reward: RewardMode) -> float:
    """The penalty for an illegal action when none is given: below any real result.

    Per hand it is one more than the most a hand can lose: a seat pegs at most the target in
    one hand (the game ends there). A match has no hard bound (level game points play on), so
    the penalty is ten times the most game points the match is played for, plus one.

    >>> default_illegal_reward(Rules(), "hand"), default_illegal_reward(Rules(), "match")
    (-122.0, -41.0)
    """
    if reward == "hand":
        return -float(rules.target + 1)
    worth = max(rules.skunk_games, rules.double_skunk_games, 1)
    games = rules.match_points if rules.match_points is not None else rules.games
    return -float(10 * worth * games + 1)


class GameCore(CoreBase):
    """One episode (a hand or a match) behind action ids, with per-seat views and rewards."""

    def __init__(self, rules: Rules, reward: RewardMode = "hand") -> None:
        check_reward(reward, REWARD_MODES)
        self.rules = rules
        self.reward: RewardMode = reward
        self.num_actions = NUM_ACTIONS
        self.obs_size = OBS_SIZE
        self.match = Match.new(rules, seed="unset", first_dealer=0)
        self.picked: Card | None = None
        self.records: list[ActionRecord] = []  # every engine action of the episode
        self.final: FinalScore | None = None
        self.over = True
        self.steps = 0

    # -- an episode --------------------------------------------------------------------

    def reset(self, seed: str, dealer: int | None = None) -> None:
        """Deal a new episode from ``seed``; the first dealer by a fair cut unless given."""
        check_dealer(dealer)
        self.match = Match.new(self.rules, seed=seed, first_dealer=dealer)
        self.picked = None
        self.records = []
        self.final = None
        self.over = False
        self.steps = 0

    @property
    def to_act(self) -> int | None:
        """The seat to act, or ``None`` once the episode is over."""
        return None if self.over else self.match.to_act

    def view(self, seat: int) -> MatchObservation:
        """The seat's :class:`~cardtable.cribbage.match.MatchObservation`: what computer
        players act on and what the vector is made of. A finished one-hand episode shows that
        hand (its show), not the next deal the match has already made."""
        observation = self.match.observation(seat)
        if self.reward == "hand" and self.over and self.match.hands:
            finished = self.match.hands[0].observation(seat)
            observation = dataclasses.replace(observation, hand=finished)
        return observation

    def legal_ids(self) -> list[int]:
        """The ids the seat to act may choose now (empty once the episode is over)."""
        if self.over:
            return []
        hand = self.match.current
        return legal_ids(hand.phase, hand.legal_actions(), self.picked)

    def is_legal(self, index: int) -> bool:
        """Whether the seat to act may choose ``index`` now."""
        return index in self.legal_ids()

    def apply(self, index: int) -> tuple[int, int]:
        """Apply a legal id of the seat to act; return the rewards of seats 0 and 1.

        Raises :class:`~cardtable.errors.IllegalActionError` (changing nothing) for an id that
        is not legal now. A first pick changes only :attr:`picked`.
        """
        if self.over:
            raise IllegalActionError("the episode is over")
        hand = self.match.current
        action = to_action(index, hand.phase, hand.legal_actions(), self.picked)
        if action is None:
            self.picked = CARDS[index]
            self.steps += 1
            return (0, 0)
        self.picked = None
        return self.apply_action(action)

    def apply_action(self, action: Action) -> tuple[int, int]:
        """Apply an engine action (from a computer player); return the rewards of both seats."""
        if self.over:
            raise IllegalActionError("the episode is over")
        if self.picked is not None:
            raise IllegalActionError("the seat to act has picked a first card: pick the second")
        rewards = [0, 0]
        self._apply(action, rewards)
        self.steps += 1
        match = self.match
        while not self.over and match.current.phase in _SHOW_PHASES:
            seat = match.current.to_act
            assert seat is not None
            counted = count_action(match.observation(seat).hand)
            assert counted is not None
            self._apply(counted, rewards)
        return (rewards[0], rewards[1])

    def _apply(self, action: Action, rewards: list[int]) -> None:
        match = self.match
        first_hands = len(match.hands)
        record = match.apply(action)
        self.records.append(record)
        if self.reward == "hand":
            for score in record.scores:
                rewards[score.seat] += score.points
                rewards[1 - score.seat] -= score.points
            if len(match.hands) > first_hands or match.is_over:
                self.over = True
        elif match.is_over:
            final = match.final
            assert final is not None
            diff = final.game_points[0] - final.game_points[1]
            rewards[0] += diff
            rewards[1] -= diff
            self.over = True
        if match.is_over:
            self.final = match.final

    def play(self, player: Player, seat: int) -> tuple[int, int]:
        """Let a computer ``player`` make ``seat``'s move (on its own view)."""
        return self.apply_action(player.act(self.view(seat)))

    def abort(self) -> None:
        """End the episode now (after an illegal action): nobody may act any more."""
        self.over = True
        self.picked = None

    def default_illegal_reward(self) -> float:
        """:func:`default_illegal_reward` of this core's rules and reward mode."""
        return default_illegal_reward(self.rules, self.reward)

    # -- what the environments report ---------------------------------------------------

    def mark(self) -> int:
        """The number of the match's hands finished so far (see :meth:`step_info`)."""
        return len(self.match.hands)

    def finished_since(self, mark: int) -> list[Any]:
        """The hands finished since ``mark``."""
        return list(self.match.hands[mark:])

    def step_info(self, mark: int) -> dict[str, Any] | None:
        """The AEC ``info`` of both agents after a step that finished hands: each hand's
        dealer and pegs, the shows, and at the end of a match its ``"final"`` score."""
        hands = self.match.hands[mark:]
        if not hands:
            return None
        info: dict[str, Any] = {
            "hands": [{"dealer": h.dealer, "pegs": list(h.pegs)} for h in hands],
            "shows": [show.to_dict() for h in hands for show in h.shows],
        }
        if self.final is not None:
            info["final"] = self.final
        return info

    def learner_info(self, mark: int) -> dict[str, Any]:
        """What the Gymnasium ``info`` adds: a finished hand's pegs, the final score."""
        info: dict[str, Any] = {}
        if self.over and self.reward == "hand" and self.match.hands:
            info["hand_pegs"] = tuple(self.match.hands[0].pegs)
        if self.final is not None:
            info["final"] = self.final
        return info

    # -- what a seat sees ---------------------------------------------------------------

    def encode(self, seat: int) -> FloatArray:
        """The observation vector of ``seat`` (see :mod:`cardtable.cribbage.env.encoding`)."""
        picked = self.picked if self.to_act == seat else None
        return encode_observation(self.view(seat), picked)

    def mask(self, seat: int) -> npt.NDArray[np.int8]:
        """The legal ids of ``seat`` as 0/1 (all zero when it is not to act)."""
        mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        if self.to_act == seat:
            ids = self.legal_ids()
            if ids:
                mask[ids] = 1
        return mask

    def render(self) -> str:
        """The table as text, both hands shown (for a spectator, never for an agent)."""
        match = self.match
        hand = match.hands[0] if self.reward == "hand" and self.over else match.current
        if match.is_over:
            hand = match.hands[-1]
        lines = [
            f"game {match.game_number}  hand {match.hand_number}  pegs {hand.pegs[0]} - "
            f"{hand.pegs[1]}  (target {self.rules.target})",
            f"dealer {hand.dealer}  phase {hand.phase.value}  count {hand.count}"
            f"  starter {hand.starter or '-'}",
            "count cards: " + (" ".join(str(p.card) for p in hand.count_cards) or "-"),
        ]
        for seat in (0, 1):
            marker = ">" if self.to_act == seat else " "
            cards = " ".join(str(c) for c in hand.cards[seat]) or "-"
            crib = " ".join(str(c) for c in hand.laid_away[seat]) or "-"
            lines.append(f"{marker} player_{seat}: {cards}  (crib: {crib})")
        if self.picked is not None:
            lines.append(f"picked: {self.picked}")
        for show in hand.shows:
            lines.append(f"show: player_{show.seat} {show.kind} {show.pegged}")
        if self.final is not None:
            f = self.final
            lines.append(
                f"final game points {f.game_points[0]} - {f.game_points[1]}, "
                f"player_{f.winner} wins by {f.margin}"
            )
        return "\n".join(lines)
