"""The match record: dump, load, replay; corrupted records refused with a line number."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.cards import shuffled_deck
from cardtable.errors import InvalidRecordError
from cardtable.gin.match import Match
from cardtable.gin.record import dump, load
from cardtable.gin.rules import PRESETS, Rules


def played(match: Match, seed: int, steps: int | None = None) -> Match:
    rng = random.Random(seed)
    count = 0
    while not match.is_over and (steps is None or count < steps):
        legal = match.legal_actions()
        ending = [a for a in legal if a.kind.ends_hand]
        match.apply(rng.choice(ending) if ending and rng.random() < 0.5 else rng.choice(legal))
        count += 1
    return match


def assert_same_match(a: Match, b: Match) -> None:
    assert a.rules == b.rules
    assert a.hands == b.hands
    assert a.current == b.current
    assert a.sheet == b.sheet
    assert a.scores == b.scores
    assert a.final == b.final


@settings(max_examples=20, deadline=None)
@given(
    seed=st.integers(0, 10**9),
    preset=st.sampled_from(sorted(PRESETS)),
    target=st.integers(1, 80),
    steps=st.none() | st.integers(0, 300),
)
def test_records_round_trip(seed: int, preset: str, target: int, steps: int | None) -> None:
    match = played(Match.new(Rules.preset(preset, target=target), seed=seed), seed, steps)
    text = dump(match)
    again = load(text)
    assert dump(again) == text
    assert_same_match(match, again)


def test_records_without_seed_carry_each_deck() -> None:
    decks = [shuffled_deck(f"deck-{i}") for i in range(40)]
    match = played(Match(Rules(target=25), 1, decks=decks), 4)
    text = dump(match)
    assert "seed" not in text
    assert text.count("\ndeck ") == len(match.hands)
    again = load(text)
    assert dump(again) == text
    assert_same_match(match, again)


def finished_record() -> str:
    return dump(played(Match.new(Rules(target=20), seed="corrupt", first_dealer=0), 9))


def line_of(text: str, prefix: str) -> int:
    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith(prefix):
            return number
    raise AssertionError(f"no line starts with {prefix!r}")


def replace_line(text: str, number: int, new: str) -> str:
    lines = text.splitlines()
    lines[number - 1] = new
    return "\n".join(lines) + "\n"


def refused_at(text: str) -> int | None:
    with pytest.raises(InvalidRecordError) as caught:
        load(text)
    return caught.value.line


def test_changed_drawn_card_is_refused_at_its_line() -> None:
    text = finished_record()
    number = line_of(text, "0 draw ") if "\n0 draw " in text else line_of(text, "1 draw ")
    seat, _, card = text.splitlines()[number - 1].split()
    other = "AS" if card != "AS" else "2S"
    assert refused_at(replace_line(text, number, f"{seat} draw {other}")) == number


def test_changed_result_is_refused_at_its_line() -> None:
    text = finished_record()
    number = line_of(text, "result knock") if "result knock" in text else line_of(text, "result")
    line = text.splitlines()[number - 1]
    words = line.split()
    if "points" in words:
        index = words.index("points") + 1
        words[index] = str(int(words[index]) + 1)
    else:
        words = ["result", "knock", "winner", "0", "points", "1", "deadwood", "1", "2"]
    assert refused_at(replace_line(text, number, " ".join(words))) == number


def test_changed_final_line_is_refused() -> None:
    text = finished_record()
    number = line_of(text, "final ")
    words = text.splitlines()[number - 1].split()
    words[1] = str(int(words[1]) + 5)
    assert refused_at(replace_line(text, number, " ".join(words))) == number


def test_illegal_action_is_refused_at_its_line() -> None:
    text = finished_record()
    number = line_of(text, "0 discard ") if "\n0 discard " in text else line_of(text, "1 discard ")
    seat = text.splitlines()[number - 1].split()[0]
    assert refused_at(replace_line(text, number, f"{seat} knock AS")) == number


def test_missing_line_is_refused() -> None:
    text = finished_record()
    lines = text.splitlines()
    number = line_of(text, "deal 1 ")
    del lines[number]  # the first action of the first deal
    assert refused_at("\n".join(lines)) is not None


def test_unknown_line_bad_rules_and_bad_header_are_refused() -> None:
    text = finished_record()
    assert refused_at(replace_line(text, 3, "shuffle twice")) == 3
    rules_line = line_of(text, "rules ")
    assert refused_at(replace_line(text, rules_line, "rules knock_threshold=12")) == rules_line
    assert refused_at(replace_line(text, 1, "not a record")) == 1
    assert refused_at("") == 1


def test_comments_and_blank_lines_are_ignored() -> None:
    text = finished_record()
    lines = text.splitlines()
    noisy = [lines[0], "# a comment", "", *lines[1:]]
    assert dump(load("\n".join(noisy))) == text
