"""What the OpenSpiel games of both engines share (``cardtable.gin.env.openspiel_game`` and
``cardtable.cribbage.env.openspiel_game``): the game type, the checks of the parameters
every game takes, and the observer that OpenSpiel's Python algorithms read a seat's view
through (the environment's tensor and a string, only ever of that seat)."""

from __future__ import annotations

from typing import Any, Protocol, TypeVar

import numpy as np

try:
    import pyspiel as pyspiel  # type: ignore[import-not-found]
except ImportError as error:  # pragma: no cover - depends on the environment
    raise ImportError(
        "cardtable's OpenSpiel games need OpenSpiel: pip install open-spiel"
    ) from error

__all__ = ["SeatObserver", "game_type", "load_game", "observer_recall", "scoring_and_dealer"]


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
