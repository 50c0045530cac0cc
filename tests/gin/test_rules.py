"""Rules settings and presets (RULES.md section 5)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from cardtable.errors import CardTableError, InvalidRulesError
from cardtable.gin.rules import PRESETS, Rules, make_rules
from tests.helpers import RANK_CHARS, RANK_VALUE
from tests.ranges import GIN_RANGES

# The table of RULES.md section 5, written out by hand.
BASE: dict[str, Any] = {
    "knock_threshold": 10,
    "oklahoma": False,
    "gin_bonus": 25,
    "undercut_bonus": 25,
    "big_gin_bonus": None,
    "target": 100,
    "game_bonus": 100,
    "line_bonus": 25,
    "line_bonus_to": "both",
    "shutout": "double_game_bonus",
    "next_dealer": "winner",
    "series_first_player": "alternate",
}
TABLE: dict[str, dict[str, Any]] = {
    "standard": BASE,
    "pagat": {**BASE, "gin_bonus": 20, "undercut_bonus": 10, "line_bonus": 20},
    "digital": {
        **BASE,
        "big_gin_bonus": 31,
        "line_bonus_to": "winner",
        "shutout": "double_total",
        "next_dealer": "alternate",
    },
    "straight": {**BASE, "knock_threshold": 0},
    "oklahoma": {**BASE, "oklahoma": True},
}


def test_the_five_presets_exist() -> None:
    assert set(PRESETS) == set(TABLE)


@pytest.mark.parametrize("name", sorted(TABLE))
def test_preset_values_match_the_rules_table(name: str) -> None:
    rules = Rules.preset(name)
    got = rules.to_dict()
    expected = dict(TABLE[name])
    if name == "oklahoma":
        # The threshold is per hand (the first upcard's value); checked below.
        got.pop("knock_threshold")
        expected.pop("knock_threshold")
    assert got == expected
    assert rules.preset_name == name
    assert Rules.preset(name.upper()) == rules


def test_default_rules_are_standard() -> None:
    assert Rules() == Rules.preset() == Rules.preset("standard")


@pytest.mark.parametrize("rank", list(RANK_CHARS))
@pytest.mark.parametrize("suit", list("SHDC"))
def test_oklahoma_threshold_is_upcard_value_and_ace_means_gin_only(rank: str, suit: str) -> None:
    rules = Rules.preset("oklahoma")
    upcard = "SHDC".index(suit) * 13 + RANK_CHARS.index(rank)
    expected = 0 if rank == "A" else RANK_VALUE[rank]
    assert rules.hand_threshold(upcard) == expected
    assert rules.hand_multiplier(upcard) == (2 if suit == "S" else 1)
    standard = Rules()
    assert standard.hand_threshold(upcard) == 10
    assert standard.hand_multiplier(upcard) == 1


def test_straight_gin_threshold_is_zero_for_every_upcard() -> None:
    rules = Rules.preset("straight")
    assert {rules.hand_threshold(card) for card in range(52)} == {0}


def test_one_setting_may_be_changed_from_a_preset() -> None:
    rules = Rules.preset("standard", target=150)
    assert rules.target == 150
    assert {k: v for k, v in rules.to_dict().items() if k != "target"} == {
        k: v for k, v in BASE.items() if k != "target"
    }
    assert rules.preset_name is None
    assert Rules.preset("pagat", gin_bonus=25).gin_bonus == 25
    assert Rules().replace(gin_bonus=20).gin_bonus == 20


@pytest.mark.parametrize(
    ("overrides", "setting"),
    [
        ({"knock_threshold": 11}, "knock_threshold"),
        ({"knock_threshold": -1}, "knock_threshold"),
        ({"knock_threshold": "7"}, "knock_threshold"),
        ({"knock_threshold": 7.0}, "knock_threshold"),
        ({"knock_threshold": True}, "knock_threshold"),
        ({"knock_threshold": None}, "knock_threshold"),
        ({"target": 0}, "target"),
        ({"target": -100}, "target"),
        ({"target": "100"}, "target"),
        ({"gin_bonus": -1}, "gin_bonus"),
        ({"undercut_bonus": -5}, "undercut_bonus"),
        ({"game_bonus": 1.5}, "game_bonus"),
        ({"line_bonus": -1}, "line_bonus"),
        ({"big_gin_bonus": -1}, "big_gin_bonus"),
        ({"big_gin_bonus": "31"}, "big_gin_bonus"),
        ({"oklahoma": "yes"}, "oklahoma"),
        ({"line_bonus_to": "loser"}, "line_bonus_to"),
        ({"shutout": "triple"}, "shutout"),
        ({"next_dealer": "random"}, "next_dealer"),
        ({"series_first_player": "nobody"}, "series_first_player"),
    ],
)
def test_invalid_settings_raise_naming_the_setting(overrides: dict[str, Any], setting: str) -> None:
    with pytest.raises(InvalidRulesError, match=setting):
        Rules(**overrides)
    with pytest.raises(InvalidRulesError, match=setting):
        Rules.preset("pagat", **overrides)
    with pytest.raises(InvalidRulesError, match=setting):
        Rules.from_dict({**BASE, **overrides})


def test_edge_values_are_accepted_not_clamped() -> None:
    assert Rules(knock_threshold=0).knock_threshold == 0
    assert Rules(knock_threshold=10).knock_threshold == 10
    assert Rules(target=1).target == 1
    assert Rules(gin_bonus=0, undercut_bonus=0, big_gin_bonus=0).big_gin_bonus == 0


def test_unknown_setting_is_refused_naming_it() -> None:
    with pytest.raises(InvalidRulesError, match="'colour'"):
        Rules.preset("standard", colour="red")
    with pytest.raises(InvalidRulesError, match="'colour'"):
        Rules().replace(colour="red")
    with pytest.raises(InvalidRulesError, match="'colour'"):
        Rules.from_dict({**BASE, "colour": "red"})
    with pytest.raises(InvalidRulesError, match="'colour'"):
        make_rules(Rules(), {"colour": "red"})


def test_unknown_preset_is_refused_naming_it() -> None:
    with pytest.raises(InvalidRulesError, match="'canasta'"):
        Rules.preset("canasta")


def test_rules_errors_are_value_errors() -> None:
    assert issubclass(InvalidRulesError, CardTableError)
    assert issubclass(InvalidRulesError, ValueError)


def test_settings_given_as_text() -> None:
    rules = make_rules(
        Rules(),
        {"target": "150", "knock-threshold": "7", "oklahoma": " yes", "next_dealer": "Alternate"},
    )
    assert (rules.target, rules.knock_threshold, rules.oklahoma) == (150, 7, True)
    assert rules.next_dealer == "alternate"
    assert make_rules("digital", {"big_gin_bonus": "off"}).big_gin_bonus is None
    with pytest.raises(InvalidRulesError, match="knock_threshold"):
        make_rules(Rules(), {"knock_threshold": "11"})
    with pytest.raises(InvalidRulesError, match="target"):
        make_rules(Rules(), {"target": "lots"})
    with pytest.raises(InvalidRulesError, match="oklahoma"):
        make_rules(Rules(), {"oklahoma": "perhaps"})


@pytest.mark.parametrize("text", [" 50 ", "50 ", "\t50", "٥٠", "５０", "1_000", "50.0", "²", "+"])
def test_a_number_typed_is_ascii_digits_alone(text: str) -> None:
    """Python's int() takes spaces, underscores and every script's digits; a setting takes
    ASCII digits with an optional sign and nothing else, refused naming the setting."""
    with pytest.raises(InvalidRulesError, match=r"^target must be an integer, not "):
        make_rules(Rules(), {"target": text})
    assert make_rules(Rules(), {"target": "+50"}).target == 50


BOUNDED = GIN_RANGES


@pytest.mark.parametrize(("name", "bounds"), sorted(BOUNDED.items()))
def test_every_integer_setting_has_a_range(name: str, bounds: tuple[int, int]) -> None:
    """RULES.md section 5: the target at most 10,000, each bonus at most 1,000; beyond,
    refused like any bad setting (2**64 once made a match no view could encode)."""
    low, high = bounds
    assert Rules.bounds()[name] == bounds
    assert getattr(Rules().replace(**{name: low}), name) == low
    assert getattr(make_rules(Rules(), {name: str(high)}), name) == high
    for value in (low - 1, high + 1, 2**64 + 1, 2**53):
        with pytest.raises(InvalidRulesError, match=f"^{name} must be "):
            Rules().replace(**{name: value})
        with pytest.raises(InvalidRulesError, match=f"^{name} must be "):
            make_rules(Rules(), {name: str(value)})
    with pytest.raises(InvalidRulesError, match=f"^{name} must be .*integer from {low} to "):
        Rules().replace(**{name: 2**64})


def test_a_huge_number_is_named_short_in_the_refusal() -> None:
    with pytest.raises(InvalidRulesError) as refused:
        make_rules(Rules(), {"target": "9" * 3000})
    assert str(refused.value) == (
        "target must be an integer from 1 to 10,000, not a number of 3000 digits"
    )


@pytest.mark.parametrize("name", sorted(TABLE))
def test_rules_round_trip_through_a_dict(name: str) -> None:
    rules = Rules.preset(name, target=123)
    assert Rules.from_dict(rules.to_dict()) == rules


def test_rules_are_immutable_and_hashable() -> None:
    rules = Rules()
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.target = 5  # type: ignore[misc]
    assert len({Rules(), Rules.preset("standard"), Rules.preset("pagat")}) == 2


def test_every_setting_is_described() -> None:
    described = Rules.describe()
    assert set(described) == {f.name for f in dataclasses.fields(Rules)}
    assert all(text.strip() for text in described.values())


@pytest.mark.parametrize("game", ["gin", "cribbage"])
@pytest.mark.parametrize("name", ["self", "cls", "name", "__class__"])
def test_a_setting_named_like_a_parameter_is_an_unknown_setting(game: str, name: str) -> None:
    """Settings come from people (the lobby, --set): a key that is also a parameter name of
    ``preset``/``replace`` must be refused as a setting, never collide with the parameter."""
    from cardtable.cribbage.rules import Rules as CribbageRules

    rules_type: Any = Rules if game == "gin" else CribbageRules
    with pytest.raises(InvalidRulesError, match=f"unknown setting {name!r}"):
        rules_type().replace(**{name: 1})
    with pytest.raises(InvalidRulesError, match=f"unknown setting {name!r}"):
        rules_type.preset("standard", **{name: 1})
