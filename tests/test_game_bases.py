"""The pieces both games' engines share (cardtable.games.match, rules, levels, records,
alternatives, lessons): each tested through gin and Cribbage alike."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest

from cardtable.cards import derive_seed, fair_cut, shuffled_deck
from cardtable.cribbage import match as crib_match
from cardtable.cribbage import rules as crib_rules
from cardtable.cribbage.players.hints import Alternative as CribAlternative
from cardtable.errors import (
    CardTableError,
    IllegalActionError,
    InvalidRecordError,
    InvalidRulesError,
)
from cardtable.games import game
from cardtable.games.levels import Levels
from cardtable.games.records import read_record_lines
from cardtable.gin import match as gin_match
from cardtable.gin import rules as gin_rules
from cardtable.gin.players.alternatives import Alternative as GinAlternative

MATCHES: list[Any] = [gin_match.Match, crib_match.Match]
RULES: list[Any] = [gin_rules.Rules, crib_rules.Rules]


@pytest.mark.parametrize("match_type", MATCHES)
def test_a_match_deals_each_deck_from_its_seed_and_lists_what_it_dealt(match_type: Any) -> None:
    match = match_type.new(seed="bases", first_dealer=None)
    rng = random.Random(4)
    assert match.first_dealer == fair_cut("bases")
    assert list(match.current.deck) == list(shuffled_deck(derive_seed("bases", 0)))
    assert match.dealt() == [match.current] and match.deal_number == 1
    while not match.hands:
        match.apply(rng.choice(match.legal_actions()))
    assert match.dealt() == [*match.hands, match.current]
    assert list(match.current.deck) == list(shuffled_deck(derive_seed("bases", 1)))


@pytest.mark.parametrize("match_type", MATCHES)
def test_a_match_refuses_a_bad_dealer_no_seed_and_a_missing_deck(match_type: Any) -> None:
    rules = match_type.default_rules()
    with pytest.raises(IllegalActionError, match="the dealer is seat 0 or 1, not 2"):
        match_type(rules, 2, seed="x")
    with pytest.raises(IllegalActionError, match="a match needs a seed or explicit decks"):
        match_type(rules, 0)
    with pytest.raises(IllegalActionError, match="no deck was given for deal 1"):
        match_type(rules, 0, decks=[])


@pytest.mark.parametrize("match_type", MATCHES)
def test_undo_across_a_finished_hand_gives_back_the_same_match(match_type: Any) -> None:
    match = match_type.new(seed="undo-bases", first_dealer=0)
    rng = random.Random(5)
    while not match.hands:
        match.apply(rng.choice(match.legal_actions()))
    last = match.hands[-1].history[-1]
    deal_number = match.deal_number
    match.undo()
    assert not match.hands and match.final is None and not match.current.is_over
    assert match.deal_number == 1
    match.apply(last.action, last.seat)
    assert len(match.hands) == 1 and match.deal_number == deal_number


@pytest.mark.parametrize("rules_type", RULES)
def test_rules_presets_copies_and_dictionaries(rules_type: Any) -> None:
    presets = rules_type.presets()
    assert rules_type.preset("standard") == presets["standard"] == rules_type()
    assert rules_type().preset_name == "standard"
    for name, rules in presets.items():
        assert rules_type.from_dict(rules.to_dict()) == rules and rules.preset_name == name
    with pytest.raises(InvalidRulesError, match="unknown rules preset 'nope': choose one of "):
        rules_type.preset("nope")
    with pytest.raises(InvalidRulesError, match="unknown setting 'colour': settings are "):
        rules_type().replace(colour=1)
    bounds = rules_type.bounds()
    bounds.clear()  # a copy: the rules' own ranges stay
    assert rules_type.bounds() and rules_type.describe().keys() == rules_type().to_dict().keys()


def test_each_game_reads_its_own_switch_words() -> None:
    assert gin_rules.make_rules(settings={"oklahoma": " Yes "}).oklahoma is True
    assert crib_rules.make_rules(settings={"Muggins": "on"}).muggins is True
    with pytest.raises(InvalidRulesError, match="oklahoma must be true or false, not 'maybe'"):
        gin_rules.make_rules(settings={"oklahoma": "maybe"})
    with pytest.raises(InvalidRulesError, match="muggins must be on or off, not 'maybe'"):
        crib_rules.make_rules(settings={"muggins": "maybe"})
    with pytest.raises(InvalidRulesError, match="a setting is named by text, not 3"):
        crib_rules.make_rules(settings={3: "x"})  # type: ignore[dict-item]
    with pytest.raises(InvalidRulesError, match="rules must be a Rules value or a preset name"):
        gin_rules.make_rules(crib_rules.Rules())  # type: ignore[arg-type]


def test_levels_pass_a_time_limit_only_to_a_timed_level() -> None:
    seen: list[tuple[int, float | None]] = []

    def timed(seed: int, time_limit: float | None = None) -> str:
        seen.append((seed, time_limit))
        return "timed"

    levels: Levels[str] = Levels()
    levels.register("timed", timed, timed=True)
    levels.register("plain", lambda seed: f"plain {seed}")
    levels.register("secret", lambda seed: "secret", listed=False)
    assert levels.names() == ["plain", "timed"]
    assert levels.make("plain", 4, time_limit=2.0) == "plain 4"
    assert levels.make("timed", 5, time_limit=2.0) == "timed" and seen == [(5, 2.0)]
    assert levels.make("secret") == "secret"
    with pytest.raises(CardTableError, match="time_limit must be a positive number"):
        levels.make("plain", 0, time_limit=0)
    levels.register("secret", lambda seed: "shown")
    assert levels.names() == ["plain", "secret", "timed"]


def test_a_record_file_over_its_size_is_refused_at_that_line() -> None:
    data = b"ab\n" * 5
    assert [n for n, _ in read_record_lines(io.BytesIO(data), 10, 15)] == [1, 2, 3, 4, 5]
    with pytest.raises(InvalidRecordError, match="line 6: the record is over 0 MiB"):
        list(read_record_lines(io.BytesIO(data + b"c\n"), 10, 15))
    with pytest.raises(InvalidRecordError, match="line 2: not UTF-8 text"):
        list(read_record_lines(io.BytesIO(b"a\n\xff\n"), 10))


def test_alternatives_show_each_games_decimals() -> None:
    assert GinAlternative("x", 1.23456, "n").to_dict()["value"] == 1.23
    assert CribAlternative("x", 1.23456, "n").to_dict()["value"] == 1.235  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["gin", "cribbage"])
def test_an_adapter_on_the_engine_base_offers_every_setting_of_its_rules(name: str) -> None:
    the_game = game(name)
    settings = {setting.name: setting for setting in the_game.settings()}
    rules = the_game.make_rules(None, None)
    assert set(settings) == set(rules.to_dict())  # each setting of the rules, no other
    assert all(s.low is not None for s in settings.values() if s.kind == "int")
    assert the_game.presets()["standard"] == rules.to_dict()
    assert the_game.default_level in the_game.levels()
