"""Player specs: names, ``module:attribute`` paths and factories (their seeds: test_seeds)."""

from __future__ import annotations

import pytest

from cardtable.errors import CardTableError
from cardtable.gin.actions import Action
from cardtable.gin.hand import Observation
from cardtable.sim import load_player, simulate
from cardtable.sim.players import check_names, spec_name


def test_players_by_path_and_by_factory() -> None:
    assert load_player("cardtable.gin.players:SimplePlayer", 3).name == "simple"
    with pytest.raises(CardTableError, match="cannot load player"):
        load_player("cardtable.gin.players:Nobody", 0)
    with pytest.raises(CardTableError, match="unknown player"):
        simulate(["simple", "grandmaster"], games=1)

    class FirstLegal:
        name = "first"

        def __init__(self, seed: int) -> None:
            self.seed = seed

        def act(self, observation: Observation) -> Action:
            return observation.legal_actions()[0]

    result = simulate([FirstLegal, "cardtable.gin.players:RandomPlayer"], games=2, unit="hand")
    assert result.players == ("first", "cardtable.gin.players:RandomPlayer")
    assert spec_name(FirstLegal) == "first"
    with pytest.raises(ValueError, match="worker processes need players they can import"):
        simulate([FirstLegal, "simple"], games=4, unit="hand", workers=2, chunk_size=1)


def test_unknown_names_are_refused_before_any_game() -> None:
    check_names(["simple", "cardtable.gin.players:RandomPlayer", lambda seed: None])
    with pytest.raises(CardTableError, match="unknown player"):
        check_names(["simple", "grandmaster"])
