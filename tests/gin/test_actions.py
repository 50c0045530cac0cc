"""Actions print and parse back; malformed actions are refused with IllegalActionError."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardtable.cards import CARDS
from cardtable.errors import CardTableError, IllegalActionError
from cardtable.gin.actions import BIG_GIN, DRAW_DISCARD, DRAW_STOCK, PASS, Action, ActionKind
from cardtable.gin.melds import Meld, parse_meld
from tests.helpers import REFERENCE_MELDS, card_index, examples

WITH_CARD = {ActionKind.DISCARD, ActionKind.KNOCK, ActionKind.GIN}
WITH_MELDS = {ActionKind.KNOCK, ActionKind.GIN, ActionKind.BIG_GIN}


@st.composite
def disjoint_melds(draw: st.DrawFn) -> tuple[Meld, ...]:
    melds: list[Meld] = []
    used = 0
    for mask in draw(st.lists(st.sampled_from(REFERENCE_MELDS), min_size=1, max_size=4)):
        if not mask & used:
            melds.append(Meld(mask))
            used |= mask
    return tuple(melds)


@st.composite
def actions(draw: st.DrawFn) -> Action:
    kind = draw(st.sampled_from(list(ActionKind)))
    card = draw(st.sampled_from(CARDS)) if kind in WITH_CARD else None
    melds = draw(st.none() | disjoint_melds()) if kind in WITH_MELDS else None
    return Action(kind, card, melds)


@examples(300)
@given(actions())
def test_action_str_and_repr_round_trip(action: Action) -> None:
    assert Action.parse(str(action)) == action
    assert Action.parse(str(action).lower()) == action
    assert Action.parse(str(action).upper()) == action
    assert eval(repr(action), {"Action": Action}) == action


def test_an_empty_layout_is_refused() -> None:
    # No ten cards without a meld are within any knock threshold, so the value is refused.
    with pytest.raises(IllegalActionError, match="at least one meld"):
        Action(ActionKind.KNOCK, CARDS[card_index("KD")], ())


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("pass", PASS),
        ("draw", DRAW_STOCK),
        ("stock", DRAW_STOCK),
        ("  DRAW ", DRAW_STOCK),
        ("take", DRAW_DISCARD),
        ("big gin", BIG_GIN),
        ("Big Gin", BIG_GIN),
        ("big_gin", BIG_GIN),
        ("big-gin", BIG_GIN),
        ("biggin", BIG_GIN),
    ],
)
def test_simple_actions_parse_to_the_shared_values(text: str, expected: Action) -> None:
    assert Action.parse(text) is expected


def test_card_actions() -> None:
    action = Action.parse("discard 10d")
    assert (action.kind, action.card, action.melds) == (
        ActionKind.DISCARD,
        card_index("TD"),
        None,
    )
    knock = Action.parse("knock KD [7S 7H 7D] | [4H 5H 6H]")
    assert knock.melds == (parse_meld("7S 7H 7D"), parse_meld("4H 5H 6H"))
    assert str(knock) == "knock KD [7S 7H 7D] [4H 5H 6H]"
    gin = Action.parse("gin 5h 7s 7h 7d | 4h 5h 6h")
    assert gin.card == card_index("5H") and gin.melds is not None and len(gin.melds) == 2


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("fly", "unknown action 'fly'"),
        ("discard", "needs a card"),
        ("knock", "needs a card"),
        ("discard ZZ", "ZZ"),
        ("draw QD", "unexpected text"),
        ("pass now", "unexpected text"),
        ("discard QD [AS 2S 3S]", "unexpected text"),
        ("knock QD [AS 2S 3S] KD", "not loose cards"),
        ("knock QD [AS 2S]", "neither a set nor a run"),
        ("knock QD [AS 2S 3S] [3S 4S 5S]", "overlap"),
    ],
)
def test_malformed_actions_are_refused(text: str, message: str) -> None:
    with pytest.raises(IllegalActionError, match=message):
        Action.parse(text)


def test_actions_need_exactly_the_right_parts() -> None:
    with pytest.raises(IllegalActionError, match="needs a card"):
        Action(ActionKind.DISCARD)
    with pytest.raises(IllegalActionError, match="takes no card"):
        Action(ActionKind.DRAW_STOCK, CARDS[0])
    with pytest.raises(IllegalActionError, match="lays out no melds"):
        Action(ActionKind.DISCARD, CARDS[0], (parse_meld("AH 2H 3H"),))
    assert issubclass(IllegalActionError, CardTableError)


def test_action_kinds() -> None:
    assert {k for k in ActionKind if k.is_draw} == {ActionKind.DRAW_STOCK, ActionKind.DRAW_DISCARD}
    assert {k for k in ActionKind if k.ends_hand} == WITH_MELDS
