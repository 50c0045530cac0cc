"""The registry of games: found through the ``cardtable.games`` entry points, in order, by
name; a plug-in that fails to load is left out (and said), never taking the others down."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from importlib.metadata import EntryPoint

import pytest

import cardtable.games as registry
from cardtable.errors import UnknownGameError
from cardtable.games import default_game, game, game_names, games, load_ref, reload_games


@pytest.fixture
def fresh() -> Iterator[None]:
    reload_games()
    yield
    reload_games()


def test_the_two_games_are_found_through_their_entry_points(fresh: None) -> None:
    points = {p.name: p.value for p in registry.entry_points(group=registry.GROUP)}
    assert points["gin"] == "cardtable.gin.game:GIN"
    assert points["cribbage"] == "cardtable.cribbage.game:CRIBBAGE"
    assert game_names()[:2] == ("gin", "cribbage")
    assert default_game() is game("gin")
    assert [g.order for g in games()] == sorted(g.order for g in games())


def test_an_unknown_game_names_those_there_are(fresh: None) -> None:
    with pytest.raises(UnknownGameError, match=r"unknown game 'chess': the games are gin, "):
        game("chess")
    with pytest.raises(UnknownGameError, match="unknown game given"):
        game("x" * 500)


def test_a_broken_plug_in_is_left_out_and_said(
    fresh: None, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    found = list(registry.entry_points(group=registry.GROUP))
    broken = EntryPoint("broken", "cardtable.no_such_module:GAME", registry.GROUP)
    misnamed = EntryPoint("chess", "cardtable.gin.game:GIN", registry.GROUP)

    def points(group: str) -> list[EntryPoint]:
        assert group == registry.GROUP
        return [*found, broken, misnamed]

    monkeypatch.setattr(registry, "entry_points", points)
    with caplog.at_level(logging.ERROR, logger="cardtable.games"):
        names = game_names()
    assert "broken" not in names and "chess" not in names and "gin" in names
    said = caplog.text
    assert "'broken'" in said and "could not be loaded" in said
    assert "'chess' names itself" in said


def test_a_reference_is_loaded_when_asked_for() -> None:
    assert load_ref("cardtable.gin.game:GIN") is game("gin")
    assert load_ref("cardtable.games:game") is game
    with pytest.raises(ModuleNotFoundError):
        load_ref("cardtable.no_such_module:x")
