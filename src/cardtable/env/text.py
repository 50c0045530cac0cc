"""Research for a game from its :class:`~cardtable.games.interface.Game` alone.

A game without a fast core of its own declares a :class:`TextResearch`: the length of its
observation vector and how a seat's engine view becomes one, how many action ids there are
and which id an action's text has. The kit plays the game through its interface (deal,
legal actions and apply, as text; its computer levels as opponents) and pays the change of
the score difference, zero-sum: per deal (``"hand"``) or at the end of the match
(``"match"``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

import numpy as np

from cardtable.cards import fair_cut
from cardtable.env.core import CoreBase, check_dealer, check_reward
from cardtable.env.research import FloatArray, MaskArray, Policy, policy_choice, refuse_options
from cardtable.errors import IllegalActionError
from cardtable.games import game as find_game

__all__ = ["TextCore", "TextResearch"]

REWARD_MODES: Final = ("hand", "match")


@dataclass(frozen=True)
class TextResearch:
    """A game's research declared in a few values (``game``: its name in the registry).

    ``view(match, seat)`` is the seat's engine view (what its computer players see),
    ``legal_of(view)`` the texts of the actions it offers, ``encode(view)`` its vector of
    ``obs_size`` values in [0, 1], ``action_id(text)`` the id (below ``num_actions``) of an
    action's text.
    """

    game: str
    env_name: str
    obs_size: int
    num_actions: int
    view: Callable[[Any, int], Any]
    legal_of: Callable[[Any], tuple[str, ...]]
    encode: Callable[[Any], FloatArray]
    action_id: Callable[[str], int]
    reward_modes: tuple[str, ...] = field(default=REWARD_MODES)

    def new_core(
        self,
        rules: Any,
        settings: Mapping[str, Any] | None,
        reward: str,
        options: Mapping[str, Any],
    ) -> TextCore:
        refuse_options(self.game, options)
        check_reward(reward, REWARD_MODES)
        played = find_game(self.game)
        if rules is None or isinstance(rules, str):
            rules = played.make_rules(rules, settings)
        elif settings:
            rules = played.make_rules(None, {**rules.to_dict(), **settings})
        return TextCore(self, played, rules, reward)

    def make_player(self, spec: str, seed: int | None) -> Any:
        return find_game(self.game).computer(spec, 0 if seed is None else seed)

    def is_player(self, value: object) -> bool:
        return callable(getattr(value, "move", None))

    def policy_action(self, policy: Policy, view: Any) -> str:
        ids = {self.action_id(text): text for text in self.legal_of(view)}
        return policy_choice(policy, self.encode(view), ids, self.num_actions)


class TextCore(CoreBase):
    """One episode of a game played through its interface, behind action ids."""

    def __init__(self, research: TextResearch, played: Any, rules: Any, reward: str) -> None:
        self.research = research
        self.game = played
        self.rules = rules
        self.reward = reward
        self.num_actions = research.num_actions
        self.obs_size = research.obs_size
        self.match: Any = None
        self.steps = 0
        self.over = True
        self.final: tuple[int, int] | None = None
        self._ids: dict[int, str] = {}
        self._deals = 0
        self._margin = 0  # seat 0's score less seat 1's when the episode's payments began

    def reset(self, seed: str, dealer: int | None = None) -> None:
        check_dealer(dealer)
        first = fair_cut(seed) if dealer is None else dealer
        self.match = self.game.deal(self.rules, seed, first)
        self.steps = 0
        self.over = False
        self.final = None
        self._deals = 0
        self._margin = 0
        self._legal()

    @property
    def to_act(self) -> int | None:
        seat: int | None = None if self.over else self.match.to_act
        return seat

    def _legal(self) -> None:
        seat = self.to_act
        texts = () if seat is None else tuple(self.game.legal_actions(self.match, seat))
        self._ids = {self.research.action_id(text): text for text in texts}

    def legal_ids(self) -> list[int]:
        return sorted(self._ids)

    def is_legal(self, index: int) -> bool:
        return index in self._ids

    def apply(self, index: int) -> tuple[int, int]:
        text = self._ids.get(index)
        if text is None:
            raise IllegalActionError(self.illegal_message(index))
        return self._apply_text(text)

    def play(self, player: Any, seat: int) -> tuple[int, int]:
        return self._apply_text(player.move(self.match, seat))

    def _apply_text(self, text: str) -> tuple[int, int]:
        seat = self.to_act
        if seat is None:
            raise IllegalActionError("the episode is over")
        self.game.apply(self.match, seat, text)
        self.steps += 1
        ended = self.game.deals_finished(self.match) > self._deals
        if self.match.is_over or (ended and self.reward == "hand"):
            self.over = True
            scores = self.game.scores(self.match)
            self.final = (int(scores[0]), int(scores[1]))
            gain = self.final[0] - self.final[1] - self._margin
            self._legal()
            return (gain, -gain)
        self._legal()
        return (0, 0)

    def abort(self) -> None:
        self.over = True
        self._ids = {}

    def default_illegal_reward(self) -> float:
        # Below any real result: the score can move by no more than the match is played to.
        target = self.rules.to_dict().get("target", 1000)
        return -float(10 * int(target) + 1)

    def view(self, seat: int) -> Any:
        return self.research.view(self.match, seat)

    def encode(self, seat: int) -> FloatArray:
        return self.research.encode(self.view(seat))

    def mask(self, seat: int) -> MaskArray:
        mask = np.zeros(self.num_actions, dtype=np.int8)
        if self.to_act == seat and self._ids:
            mask[list(self._ids)] = 1
        return mask

    def mark(self) -> int:
        return int(self.game.deals_finished(self.match))

    def finished_since(self, mark: int) -> list[Any]:
        return list(range(mark + 1, self.mark() + 1))  # the numbers of the finished deals

    def step_info(self, mark: int) -> dict[str, Any] | None:
        if self.mark() <= mark:
            return None
        info: dict[str, Any] = {"scores": self.game.scores(self.match)}
        if self.final is not None:
            info["final"] = self.final
        return info

    def learner_info(self, mark: int) -> dict[str, Any]:
        return self.step_info(mark) or {}

    def render(self) -> str:
        scores = self.game.scores(self.match)
        lines = [f"{self.game.title}  score {scores[0]} - {scores[1]}"]
        for seat in (0, 1):
            marker = ">" if self.to_act == seat else " "
            lines.append(f"{marker} player_{seat}: {', '.join(self._texts(seat)) or '-'}")
        return "\n".join(lines)

    def _texts(self, seat: int) -> tuple[str, ...]:
        return tuple(self.game.legal_actions(self.match, seat)) if self.to_act == seat else ()
