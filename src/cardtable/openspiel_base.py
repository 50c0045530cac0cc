"""What the OpenSpiel games of both engines share (``cardtable.gin.env.openspiel_game`` and
``cardtable.cribbage.env.openspiel_game``): the game type, the checks of the parameters
every game takes, the observer that OpenSpiel's Python algorithms read a seat's view
through (the environment's tensor and a string, only ever of that seat), and the bases of
the games and states (:class:`CardGame`, :class:`CardState`): a two-player game whose chance
deals cards one at a time from one deck."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Protocol, TypeVar

import numpy as np

from cardtable.cards import CARDS

try:
    import pyspiel as pyspiel  # type: ignore[import-not-found]
except ImportError as error:  # pragma: no cover - depends on the environment
    raise ImportError(
        "cardtable's OpenSpiel games need OpenSpiel: pip install open-spiel"
    ) from error

__all__ = [
    "CardGame",
    "CardState",
    "SeatObserver",
    "game_type",
    "load_game",
    "observer_recall",
    "preset_of",
    "sampler_rng",
    "scoring_and_dealer",
]


def game_type(short_name: str, long_name: str, defaults: dict[str, Any]) -> Any:
    """An imperfect-information, two-player, zero-sum game with explicit chance nodes (the
    deal), paid at its end, that gives information states and observations as strings and
    tensors."""
    kinds = pyspiel.GameType
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=kinds.Dynamics.SEQUENTIAL,
        chance_mode=kinds.ChanceMode.EXPLICIT_STOCHASTIC,
        information=kinds.Information.IMPERFECT_INFORMATION,
        utility=kinds.Utility.ZERO_SUM,
        reward_model=kinds.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=defaults,
    )


R = TypeVar("R")


def preset_of(presets: Mapping[str, R], name: object) -> R:
    """The ``rules`` parameter: the preset it names (in any case); a :class:`ValueError`
    lists the presets."""
    if not isinstance(name, str) or name.lower() not in presets:
        raise ValueError(f"rules must name a preset ({', '.join(presets)}), not {name!r}")
    return presets[name.lower()]


def scoring_and_dealer(values: dict[str, Any]) -> tuple[str, int]:
    """The ``scoring`` (a hand or a match per episode) and first ``dealer`` parameters,
    checked: a :class:`ValueError` names a bad one."""
    scoring = str(values["scoring"])
    if scoring not in ("hand", "match"):
        raise ValueError(f"scoring must be hand or match, not {scoring!r}")
    dealer = int(values["dealer"])
    if dealer not in (0, 1):
        raise ValueError(f"the dealer is 0 or 1, not {dealer!r}")
    return scoring, dealer


def observer_recall(iig_obs_type: Any, params: dict[str, Any] | None) -> bool:
    """Whether an observer asked for with ``iig_obs_type`` keeps perfect recall; refuses any
    view but a player's own (public and private), and observation parameters."""
    if params:
        raise ValueError(f"observation parameters are not supported, not {params!r}")
    if iig_obs_type is not None and (
        iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        or not iig_obs_type.public_info
    ):
        raise ValueError("only a player's own view (public and private) is observed")
    return iig_obs_type is not None and bool(iig_obs_type.perfect_recall)


G = TypeVar("G")


class _Viewed(Protocol):
    def vector(self, seat: int) -> np.ndarray[Any, np.dtype[np.float32]]: ...

    def view_string(self, seat: int, recall: bool) -> str: ...


class SeatObserver:
    """OpenSpiel's observer protocol: a tensor (the environment's encoding) and a string,
    of one seat's view."""

    def __init__(self, size: int, recall: bool) -> None:
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}
        self.recall = recall

    def set_from(self, state: _Viewed, player: int) -> None:
        self.tensor[:] = state.vector(player)

    def string_from(self, state: _Viewed, player: int) -> str:
        return state.view_string(player, self.recall)


def load_game(name: str, rules: str, params: dict[str, Any], kind: type[G]) -> G:
    """The registered game ``name`` under a preset of its rules, of the class ``kind``."""
    game = pyspiel.load_game(name, {"rules": rules, **params})
    assert isinstance(game, kind)
    return game


class CardGame(pyspiel.Game):  # type: ignore[misc]
    """A two-player, zero-sum game of cards dealt by chance (at most 52 outcomes a node),
    its tensors ``obs_size`` values of the environments' encoding."""

    obs_size: int

    def __init__(
        self, kind: Any, values: dict[str, Any], num_ids: int, bound: float, length: int
    ) -> None:
        info = pyspiel.GameInfo(
            num_distinct_actions=num_ids,
            max_chance_outcomes=52,
            num_players=2,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=0.0,
            max_game_length=length,
        )
        super().__init__(kind, info, values)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> SeatObserver:
        return SeatObserver(self.obs_size, observer_recall(iig_obs_type, params))


class _Dealt(Protocol):
    deck: list[int]  # the cards chance has dealt (of the deal in play)
    over: bool
    returns: list[float]


class CardState(pyspiel.State):  # type: ignore[misc]
    """What a state of a :class:`CardGame` answers alike in every game: chance deals one of
        the cards not dealt yet, uniformly; the returns once over; an action's text (a
        subclass says who acts in :meth:`seat_to_act`, its legal ids in :meth:`legal_ids` and words
    them in :meth:`describe`)."""

    # What a state holds, made from its game's ``settings`` (copied cheaply: OpenSpiel clones
    # states by deepcopy, and a deepcopy of the game itself would lose its attributes).
    play_type: ClassVar[type[Any]]
    _play: _Dealt

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self._play = self.play_type(game.settings)

    def seat_to_act(self) -> int | None:
        """The seat to act while the game is not over (``None``: chance acts)."""
        raise NotImplementedError

    def legal_ids(self) -> list[int]:
        """The legal ids of the seat to act, in order."""
        raise NotImplementedError

    def describe(self, action: int) -> str:
        """The text of a player's action id."""
        raise NotImplementedError

    def current_player(self) -> int:
        if self._play.over:
            return int(pyspiel.PlayerId.TERMINAL)
        seat = self.seat_to_act()
        return int(pyspiel.PlayerId.CHANCE) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        if self._play.over or player != self.seat_to_act():
            return []
        return self.legal_ids()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        dealt = 0
        for card in self._play.deck:
            dealt |= 1 << card
        left = [c for c in range(52) if not dealt >> c & 1]
        p = 1.0 / len(left)
        return [(c, p) for c in left]

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {CARDS[action]}"
        return self.describe(int(action))

    def is_terminal(self) -> bool:
        return self._play.over

    def returns(self) -> list[float]:
        return list(self._play.returns)

    def deal_card(self, card: int, role: str = "to deal") -> None:
        """Put ``card`` on the deck of the deal in play; one dealt already is refused."""
        deck = self._play.deck
        if not 0 <= card < 52 or card in deck:
            raise ValueError(f"card {card} is not left {role}")
        deck.append(card)

    def dealing_string(self) -> str:
        """The state as text while chance deals."""
        return f"dealing: {' '.join(str(CARDS[c]) for c in self._play.deck)}"


def sampler_rng(probability_sampler: Callable[[], float]) -> random.Random:
    """A generator seeded from OpenSpiel's sampler (for ``resample_from_infostate``)."""
    return random.Random(int(probability_sampler() * 2**53))
