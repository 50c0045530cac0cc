"""Eights through the games' interface alone: found by the registry, played to the end by
its computers, each seat seeing only its own cards, its record replayed exactly."""

from __future__ import annotations

import pytest

from cardtable.errors import IllegalActionError, InvalidRecordError, InvalidRulesError
from cardtable.games import AnyGame, PlayerView, TableHeader, game, game_names


def eights() -> AnyGame:
    return game("eights")


def header(count: int = 0) -> TableHeader:
    people = (PlayerView("human", "Ann"), PlayerView("computer", "Simple", "simple"))
    return TableHeader("m1", "eights", people, count)


def play_out(seed: str, levels: tuple[str, str] = ("simple", "random")) -> object:
    g = eights()
    match = g.deal(g.make_rules("short"), seed, None)
    players = [g.computer(levels[0], 1), g.computer(levels[1], 2)]
    steps = 0
    while not match.is_over:
        seat = match.to_act
        assert seat is not None
        g.apply(match, seat, players[seat].move(match, seat))
        steps += 1
        assert steps < 5000
    return match


def test_the_registry_finds_the_plug_in() -> None:
    assert "eights" in game_names()
    assert eights().title == "Eights"
    assert [s.name for s in eights().settings()] == ["target", "hand_size"]


def test_a_match_is_played_to_the_end_and_replays_from_its_record() -> None:
    g = eights()
    match = play_out("e1")
    winner = g.winner(match)
    assert winner in (0, 1)
    assert g.scores(match)[winner] >= 20
    again = g.load_record(g.record(match))
    assert g.scores(again) == g.scores(match)
    assert g.deals_finished(again) == g.deals_finished(match) >= 1


def test_a_record_cut_short_is_refused() -> None:
    g = eights()
    text = g.record(play_out("e2"))
    with pytest.raises(InvalidRecordError, match="not finished"):
        g.load_record(text.replace('"result"', '"resul"'))
    with pytest.raises(InvalidRecordError):
        g.load_record(text[: len(text) // 2])


def test_a_seat_sees_its_own_cards_only() -> None:
    g = eights()
    match = g.deal(g.make_rules(), "hide", 0)
    for seat in (0, 1):
        view = g.seat_view(match, seat, header(), False).to_json()
        mine = set(view["hand"])
        theirs = {c.symbol() for c in match.deal.hands[1 - seat]}
        assert mine and not mine & theirs
        text = str(view)
        assert theirs and not [card for card in theirs if card in text]  # nowhere in the view
        assert view["basics"]["hand"] == view["hand"]


def test_illegal_actions_are_refused_and_change_nothing() -> None:
    g = eights()
    match = g.deal(g.make_rules(), "bad", 0)
    seat = match.to_act
    before = g.record(match)
    for text in ("play", "jump", "play ZZ", "pass", "play 8S"):
        with pytest.raises(IllegalActionError):
            g.apply(match, seat, text)
    with pytest.raises(IllegalActionError):
        g.apply(match, 1 - seat, "draw")
    assert g.record(match) == before


def test_settings_are_bounded() -> None:
    g = eights()
    with pytest.raises(InvalidRulesError, match="target"):
        g.make_rules(None, {"target": 2**70})
    with pytest.raises(InvalidRulesError, match="preset"):
        g.make_rules("huge")
    assert g.make_rules(None, {"target": "30"}).to_dict()["target"] == 30


def test_the_simple_computer_beats_the_random_one_more_often() -> None:
    g = eights()
    wins = sum(g.winner(play_out(f"w{i}")) == 0 for i in range(40))
    assert wins > 20
