"""Match records: replayable, and checked line by line."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from cardtable.cribbage.actions import Action
from cardtable.cribbage.game import CRIBBAGE
from cardtable.cribbage.match import Match
from cardtable.cribbage.record import dump, load
from cardtable.cribbage.rules import Rules
from cardtable.cribbage.score import show_score
from cardtable.errors import InvalidRecordError


def _finished(seed: str, rules: Rules | None = None) -> Match:
    match = Match.new(rules or Rules.preset("short"), seed=seed)
    rng = random.Random(seed)
    while not match.is_over:
        match.apply(rng.choice(match.legal_actions()))
    return match


def test_a_record_replays_to_the_same_match() -> None:
    for seed in ("a", "b", "c"):
        match = _finished(seed, Rules.preset("muggins") if seed == "c" else None)
        text = dump(match)
        again = load(text)
        assert dump(again) == text
        assert again.final == match.final and again.games == match.games


def test_an_unfinished_match_records_and_reloads() -> None:
    match = Match.new(Rules(), seed="half")
    rng = random.Random(1)
    for _ in range(25):
        match.apply(rng.choice(match.legal_actions()))
    assert dump(load(dump(match))) == dump(match)


def test_a_record_with_decks_and_no_seed() -> None:
    match = _finished("decks")
    decks = [hand.deck for hand in match.hands]
    lines = dump(match).splitlines()
    out = []
    deal = 0
    for line in lines:
        if line.startswith("seed "):
            continue
        out.append(line)
        if line.startswith("deal "):
            out.append("deck " + " ".join(str(c) for c in decks[deal]))
            deal += 1
    again = load("\n".join(out) + "\n")
    assert again.final == match.final


def test_a_changed_line_is_refused_with_its_number() -> None:
    text = dump(_finished("tamper"))
    lines = text.splitlines()
    index = next(i for i, line in enumerate(lines) if line.startswith("peg "))
    seat, points = lines[index].split()[1:3]
    lines[index] = lines[index].replace(f"peg {seat} {points}", f"peg {seat} {int(points) + 1}", 1)
    with pytest.raises(InvalidRecordError, match=f"line {index + 1}:"):
        load("\n".join(lines))
    starter = next(i for i, line in enumerate(lines) if line.startswith("starter "))
    broken = text.splitlines()
    broken[starter] = "starter XX"
    with pytest.raises(InvalidRecordError, match=f"line {starter + 1}:"):
        load("\n".join(broken))


def test_an_illegal_action_or_bad_header_is_refused() -> None:
    lines = dump(_finished("illegal")).splitlines()
    index = next(i for i, line in enumerate(lines) if " play " in f" {line}")
    lines[index] = lines[index].split()[0] + " play ZZ"
    with pytest.raises(InvalidRecordError, match=f"line {index + 1}:"):
        load("\n".join(lines))
    with pytest.raises(InvalidRecordError, match="starts with"):
        load("ginrummy-record 1\n")
    with pytest.raises(InvalidRecordError, match="bad rules"):
        load("cribbage-record 1\nrules target=5\nseed x\nfirst-dealer 0\n")


def test_any_seed_survives_its_record() -> None:
    for seed in ("a#b", "two  spaces", " lead", "x # y"):
        match = Match.new(Rules.preset("short"), seed=seed)
        rng = random.Random(seed)
        for _ in range(30):
            match.apply(rng.choice(match.legal_actions()))
        again = load(dump(match))
        assert again.seed == seed and dump(again) == dump(match)


OLD_RECORD = Path(__file__).parent / "records" / "format1_muggins.txt"


def test_a_record_of_format_1_still_loads_under_todays_rules() -> None:
    """Format 1 was written when the winning action scored only up to the target and a
    muggins statement that reached it won unanswered: its actions replay, the lines today's
    rules still make the same are checked, and written again it is format 2."""
    text = OLD_RECORD.read_text(encoding="utf-8")
    assert text.count("\ncribbage-record 1\n") == 1
    match = load(text)
    assert [(g.winner, g.kind, g.game_points) for g in match.games] == [
        (1, "game", 1),
        (0, "game", 1),
        (0, "game", 1),
    ]
    assert match.final is not None and match.final.game_points == (2, 1)
    # Game 2 was won by a card that pegged two ways from 57: 61 then, its true 63 now.
    assert "game 2 winner 0 pegs 61 58 game 1" in text
    assert match.games[1].pegs == (63, 58)
    again = dump(match)
    assert again.startswith("cribbage-record 2\n") and dump(load(again)) == again
    # The statement that won game 1 is answered (accepted) in the new record.
    assert again.count(" accept\n") == text.count(" accept\n") + 2
    # Its deals, starters and actions are still checked.
    lines = text.splitlines()
    starter = next(i for i, line in enumerate(lines) if line.startswith("starter "))
    broken = list(lines)
    broken[starter] = "starter 2C" if lines[starter] != "starter 2C" else "starter 3C"
    with pytest.raises(InvalidRecordError, match=f"line {starter + 1}:"):
        load("\n".join(broken))
    play = next(i for i, line in enumerate(lines) if " play " in f" {line}")
    broken = list(lines)
    broken[play] = lines[play].split()[0] + " go"
    with pytest.raises(InvalidRecordError, match=f"line {play + 1}:"):
        load("\n".join(broken))


def test_a_table_stored_before_statements_were_answered_rebuilds() -> None:
    """The database keeps actions without a format: a game won on a statement long ago is
    followed there by the next deal's action, and rebuilds to the same result."""
    old = load(OLD_RECORD.read_text(encoding="utf-8"))
    stored = [
        (int(seat), text)
        for line in OLD_RECORD.read_text(encoding="utf-8").splitlines()
        for seat, _, text in [line.partition(" ")]
        if seat in ("0", "1") and text
    ]
    rebuilt = CRIBBAGE.rebuild(old.rules.to_dict(), "v1-53", old.first_dealer, stored)
    assert rebuilt.games[:2] == old.games[:2]


def test_muggins_statements_too_high_are_recorded_with_their_answer() -> None:
    rules = Rules.preset("muggins", target=61, skunk_line=31, double_skunk_line=None)
    match = Match.new(rules, seed="over", first_dealer=0)
    while match.current.phase.value != "count":
        match.apply(match.legal_actions()[0])
    hand = match.current
    seat = hand.to_act
    assert seat is not None
    truth = show_score(hand.counting(), hand.starter, crib=False).total  # type: ignore[arg-type]
    assert 0 < truth < 26
    match.apply(Action.count(truth + 3), seat)
    match.apply(Action.parse("muggins"), 1 - seat)
    text = dump(match)
    assert text.splitlines()[-4:] == [
        f"{seat} count {truth + 3}",
        f"{1 - seat} muggins",
        f"show {seat} hand {truth}",
        f"peg {1 - seat} 3 muggins",
    ]
    assert dump(load(text)) == text
