"""Match records: replayable, and checked line by line."""

from __future__ import annotations

import random

import pytest

from cardtable.cribbage.match import Match
from cardtable.cribbage.record import dump, load
from cardtable.cribbage.rules import Rules
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
