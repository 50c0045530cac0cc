"""``cardtable cribbage``: the worked examples of CRIBBAGE.md section 6 through ``show`` and
``peg``, the JSON contracts, the stdin modes, matches and replays, and bad input of every kind
exiting 2 with one line on stderr."""

from __future__ import annotations

import io
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cardtable.cli.main import main
from cardtable.cribbage.match import Match
from cardtable.cribbage.players import player_names
from cardtable.cribbage.record import dump
from cardtable.cribbage.rules import PRESETS, Rules, make_rules
from cardtable.cribbage.sheet import hand_summaries, match_summary, score_sheet

PROG = "cardtable cribbage"


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(["cribbage", *argv], out)
    return code, out.getvalue()


def run_json(*argv: str) -> Any:
    code, text = run(*argv, "--json")
    assert code == 0, text
    assert text.count("\n") == 1
    return json.loads(text)


def stdin_rows(monkeypatch: pytest.MonkeyPatch, command: str, text: str) -> list[Any]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    code, out = run(command)
    assert code == 0
    return [json.loads(line) for line in out.splitlines()]


# --- CRIBBAGE.md section 6, through show ------------------------------------------------


def test_the_29_hand() -> None:
    data = run_json("show", "5H", "5S", "5C", "JD", "--starter", "5D")
    assert data["fifteens"]["points"] == 16
    combos = data["fifteens"]["combinations"]
    assert len(combos) == 8
    assert sum(1 for c in combos if sorted(c) in (["5S", "JD"], ["5H", "JD"], ["5C", "JD"])) == 3
    assert ["JD", "5D"] in combos  # the jack with the starter
    assert sum(1 for c in combos if len(c) == 3) == 4  # 5-5-5 four ways
    assert data["pairs"] == {
        "points": 12,
        "combinations": [
            ["5S", "5H"],
            ["5S", "5C"],
            ["5S", "5D"],
            ["5H", "5C"],
            ["5H", "5D"],
            ["5C", "5D"],
        ],
    }
    assert data["runs"] == {"points": 0, "combinations": []}
    assert data["flush"] == {"points": 0, "cards": []}
    assert data["nobs"] == {"points": 1, "card": "JD"}
    assert data["total"] == 29


def test_the_29_hand_as_text() -> None:
    code, text = run("show", "5H 5S 5C JD", "--starter", "5D")
    assert code == 0
    lines = text.splitlines()
    assert lines[0] == "hand 5S 5H 5C JD, starter 5D"
    assert lines[1].startswith("fifteens 16: 5S+JD, 5H+JD, 5C+JD, JD+5D, 5S+5H+5C")
    assert lines[2] == "pairs 12: 5S+5H, 5S+5C, 5S+5D, 5H+5C, 5H+5D, 5C+5D"
    assert lines[3:] == ["runs 0", "flush 0", "nobs 1: JD", "total 29"]


def test_the_double_run_of_three_with_a_pair_royal() -> None:
    data = run_json("show", "4H", "5H", "6H", "6S", "--starter", "6D")
    assert data["runs"]["points"] == 9
    assert sorted(map(sorted, data["runs"]["combinations"])) == [
        ["4H", "5H", "6D"],
        ["4H", "5H", "6H"],
        ["4H", "5H", "6S"],
    ]
    assert data["pairs"]["points"] == 6
    assert data["fifteens"]["points"] == 6
    assert len(data["fifteens"]["combinations"]) == 3
    assert data["flush"]["points"] == 0  # 6S breaks the hand's flush
    assert data["nobs"]["points"] == 0
    assert data["total"] == 21


def test_a_flush_counts_in_the_hand_but_not_in_the_crib_without_the_starter() -> None:
    hand = run_json("show", "2C 3C 4C 5C", "--starter", "9H")
    assert hand["crib"] is False
    assert hand["runs"] == {"points": 4, "combinations": [["2C", "3C", "4C", "5C"]]}
    assert hand["fifteens"] == {"points": 2, "combinations": [["2C", "4C", "9H"]]}
    assert hand["flush"] == {"points": 4, "cards": ["2C", "3C", "4C", "5C"]}
    assert hand["total"] == 10
    crib = run_json("show", "2C 3C 4C 5C", "--starter", "9H", "--crib")
    assert crib["crib"] is True
    assert crib["flush"] == {"points": 0, "cards": []}
    assert crib["total"] == 6
    code, text = run("show", "2C 3C 4C 5C", "--starter", "9H", "--crib")
    assert code == 0
    assert text.splitlines()[0] == "crib 2C 3C 4C 5C, starter 9H"
    assert "flush 0" in text.splitlines() and "total 6" in text.splitlines()


def test_a_crib_flush_with_the_starter_scores_five_and_nobs_one() -> None:
    crib = run_json("show", "2C 4C 6C JC", "--starter", "KC", "--crib")
    assert crib["flush"] == {"points": 5, "cards": ["2C", "4C", "6C", "JC", "KC"]}
    assert crib["nobs"] == {"points": 1, "card": "JC"}


def test_no_run_wraps_and_no_pair_by_value() -> None:
    data = run_json("show", "QH KS AD JD", "--starter", "7C")
    # J-Q-K is a run; Q-K-A is not, and J and Q are no pair.
    assert data["runs"]["combinations"] == [["JD", "QH", "KS"]]
    assert data["pairs"]["points"] == 0


def test_one_quoted_string_and_several_words_give_the_same_show() -> None:
    assert run_json("show", "5H 5S 5C JD", "--starter", "5D") == run_json(
        "show", "5H", "5S", "5C", "JD", "--starter", "5D"
    )
    # Commas, lower case and the starter before the hand read the same.
    assert run_json("show", "--starter", "5d", "5h,5s,5c,jd")["total"] == 29


def test_the_show_json_keys_are_the_contract() -> None:
    data = run_json("show", "5H 5S 5C JD", "--starter", "5D")
    assert list(data) == [
        "hand",
        "starter",
        "crib",
        "fifteens",
        "pairs",
        "runs",
        "flush",
        "nobs",
        "total",
    ]
    for key in ("fifteens", "pairs", "runs"):
        assert list(data[key]) == ["points", "combinations"]
    assert list(data["flush"]) == ["points", "cards"]
    assert list(data["nobs"]) == ["points", "card"]
    assert data["hand"] == ["5S", "5H", "5C", "JD"] and data["starter"] == "5D"


# --- CRIBBAGE.md section 6, through peg -------------------------------------------------


def test_seven_eight_eight_eight_pegs_eight_at_31() -> None:
    assert run_json("peg", "7S", "8H")["fifteen"] == 2
    third = run_json("peg", "7S", "8H", "8D")
    assert (third["count"], third["pairs"], third["points"]) == (23, 2, 2)
    assert run_json("peg", "7S 8H 8D 8C") == {
        "count": 31,
        "fifteen": 0,
        "thirty_one": 2,
        "pairs": 6,
        "run": 0,
        "points": 8,
    }


def test_a_run_out_of_order() -> None:
    first = run_json("peg", "3S", "5H", "4D")
    assert (first["count"], first["run"], first["points"]) == (12, 3, 3)
    second = run_json("peg", "3S", "5H", "4D", "6C")
    assert (second["count"], second["run"], second["points"]) == (18, 4, 4)


def test_the_go_example_pegs_two_for_31_and_nothing_for_last_card() -> None:
    assert run_json("peg", "5H KS QD")["count"] == 25
    assert run_json("peg", "5H KS QD 4C")["points"] == 0
    last = run_json("peg", "5H KS QD 4C 2S")
    assert (last["count"], last["thirty_one"], last["points"]) == (31, 2, 2)


def test_a_run_counts_only_the_last_cards_that_form_one() -> None:
    # Section 2: after 4-6-4-5 the 5 pegs 3 (6-4-5), not 4.
    data = run_json("peg", "4S", "6S", "4H", "5D")
    assert (data["run"], data["points"]) == (3, 3)
    assert run_json("peg", "JS", "QS")["pairs"] == 0
    assert run_json("peg", "QS", "KS", "AS")["run"] == 0


def test_peg_as_text_and_its_json_keys() -> None:
    code, text = run("peg", "7S", "8H", "8D", "8C")
    assert code == 0
    assert text.splitlines() == [
        "cards 7S 8H 8D 8C",
        "count 31",
        "fifteen 0",
        "thirty_one 2",
        "pairs 6",
        "run 0",
        "points 8",
    ]
    keys = list(run_json("peg", "AS"))
    assert keys == ["count", "fifteen", "thirty_one", "pairs", "run", "points"]


# --- standard input ----------------------------------------------------------------------


def test_show_reads_hands_and_cribs_from_stdin(monkeypatch: pytest.MonkeyPatch) -> None:
    rows = stdin_rows(
        monkeypatch,
        "show",
        "5H 5S 5C JD | 5D\n\n4H 5H 6H 6S | 6D\n2C 3C 4C 5C | 9H\n2c,3c,4c,5c | 9h | CRIB\n",
    )
    assert [row["total"] for row in rows] == [29, 21, 10, 6]
    assert [row["crib"] for row in rows] == [False, False, False, True]
    assert rows[0] == run_json("show", "5H 5S 5C JD", "--starter", "5D")


def test_peg_reads_one_count_per_line(monkeypatch: pytest.MonkeyPatch) -> None:
    rows = stdin_rows(monkeypatch, "peg", "7S 8H\n\n7S 8H 8D 8C\n3S, 5H, 4D, 6C\n")
    assert [(row["count"], row["points"]) for row in rows] == [(15, 2), (31, 8), (18, 4)]


@pytest.mark.parametrize(
    ("command", "text", "message"),
    [
        ("show", "5H 5S 5C JD | 5D\n\n5H 5S 5C | 5D\n2C 3C 4C 5C | 9H\n", "line 3: "),
        ("show", "5H 5S 5C JD | 5D\n5H 5S 5C JD 5D\n", "line 2: write HAND | STARTER"),
        ("show", "5H 5S 5C JD | 5D | hand\n", "line 1: the third part"),
        ("show", "5H 5S 5C JD | 5D | crib | x\n", "line 1: write HAND"),
        ("show", "5H 5S 5C JD | 5H\n", "line 1: the starter 5H cannot also be in the hand"),
        ("peg", "7S 8H\nKS QS JS 2S\nAS\n", "line 2: the count may not pass 31"),
        ("peg", "7S 7S\n", "line 1: card 7S is repeated"),
    ],
)
def test_a_bad_stdin_line_stops_there_naming_it(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    command: str,
    text: str,
    message: str,
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    code, out = run(command)
    assert code == 2
    good = [line for line in text.splitlines() if line.strip()]
    number = int(message.split()[1].rstrip(":"))
    # Every good line before the bad one was answered, and nothing after it.
    assert len(out.splitlines()) == len([ln for ln in text.splitlines()[: number - 1] if ln])
    assert len(out.splitlines()) < len(good)
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith(f"{PROG}: {message}")


# --- rules -------------------------------------------------------------------------------


def test_rules_json_for_every_preset() -> None:
    for name, rules in PRESETS.items():
        assert run_json("rules", name) == {"preset": name, "settings": rules.to_dict()}
    assert run_json("rules")["preset"] == "standard"


def test_rules_with_target_61_moves_the_skunk_line_to_31() -> None:
    data = run_json("rules", "--set", "target=61")
    assert data["settings"]["target"] == 61
    assert data["settings"]["skunk_line"] == 31
    assert data["settings"]["double_skunk_line"] is None
    code, text = run("rules", "muggins", "--set", "target=61", "--set", "games=3")
    assert code == 0
    rows = {line.split()[0]: line.split()[1] for line in text.splitlines()[1:]}
    assert rows["target"] == "61" and rows["skunk_line"] == "31"
    assert rows["double_skunk_line"] == "off" and rows["muggins"] == "on"
    assert rows["games"] == "3"


# --- match and replay --------------------------------------------------------------------


def test_match_json_is_deterministic_for_a_seed_and_adds_up() -> None:
    first = run_json("match", "--seed", "det", "--players", "simple", "random")
    assert first == run_json("match", "--seed", "det", "--players", "simple", "random")
    assert first != run_json("match", "--seed", "other", "--players", "simple", "random")
    assert first["seed"] == "det"
    assert first["rules"] == Rules().to_dict() and first["preset"] == "standard"
    final, games = first["final"], first["games"]
    assert len(games) == 1
    game = games[0]
    assert set(game) == {
        "number",
        "first_dealer",
        "winner",
        "pegs",
        "kind",
        "game_points",
        "hands",
    }
    assert game["pegs"][game["winner"]] >= 121 > game["pegs"][1 - game["winner"]]
    assert set(final) == {"game_points", "games_won", "winner", "margin"}
    assert final["winner"] == game["winner"]
    assert final["game_points"][final["winner"]] == game["game_points"]
    hands = first["hands"]
    assert len(hands) == game["hands"]
    pegs = [0, 0]
    for number, hand in enumerate(hands, start=1):
        assert (hand["game"], hand["number"], hand["deal"]) == (1, number, number)
        assert hand["dealer"] == (game["first_dealer"] + number - 1) % 2
        for seat in (0, 1):
            shown = sum(s["points"] for s in hand["shows"] if s["seat"] == seat)
            pegs[seat] += hand["play"][seat] + shown + hand["muggins"][seat]
        assert hand["pegs"] == pegs
    assert hands[-1]["pegs"] == game["pegs"]
    assert hands[-1]["winner"] == game["winner"]


def test_match_plays_to_the_target_and_the_games_asked(tmp_path: Path) -> None:
    data = run_json("match", "--seed", "short", "--target", "61", "--set", "games=3")
    assert data["rules"]["target"] == 61 and data["rules"]["skunk_line"] == 31
    assert len(data["games"]) >= 3
    assert all(max(game["pegs"]) >= 61 for game in data["games"])
    points = [0, 0]
    for game in data["games"]:
        loser = game["pegs"][1 - game["winner"]]
        assert game["game_points"] == (2 if loser < 31 else 1)
        assert game["kind"] == ("skunk" if loser < 31 else "game")
        points[game["winner"]] += game["game_points"]
    assert data["final"]["game_points"] == points
    assert points[0] != points[1]
    # The next game's first dealer is the last game's loser (next_game_dealer=loser).
    for before, after in zip(data["games"], data["games"][1:], strict=False):
        assert after["first_dealer"] == 1 - before["winner"]


def test_match_under_muggins_counts_every_computer_show_in_full() -> None:
    data = run_json("match", "--seed", "m", "--rules", "muggins", "--target", "61")
    assert data["rules"]["muggins"] is True
    shows = [show for hand in data["hands"] for show in hand["shows"]]
    assert shows and all(s["stated"] == s["true_total"] == s["points"] for s in shows)
    assert all(s["muggins"] == 0 for s in shows)


def test_match_record_replays_to_the_same_summary_and_sheet(tmp_path: Path) -> None:
    path = tmp_path / "m.txt"
    summary = run_json("match", "--seed", "rec", "--rules", "short", "--record", str(path))
    assert path.read_text(encoding="utf-8").startswith("cribbage-record 2\n")
    assert run_json("replay", str(path)) == summary
    code, played = run("match", "--seed", "rec", "--rules", "short", "--record", str(path))
    assert code == 0
    code, replayed = run("replay", str(path))
    assert code == 0
    legend = ["seat 0: simple (0)", "seat 1: simple (1)"]
    assert played.splitlines()[1:3] == legend
    played_lines = [line for line in played.splitlines() if line not in legend]
    expected = [
        line.replace("simple (0)", "seat 0").replace("simple (1)", "seat 1")
        for line in played_lines
    ]
    assert replayed.splitlines() == expected
    assert replayed.splitlines()[0] == "seed rec, rules short"
    winner = summary["final"]["winner"]
    assert replayed.splitlines()[-1].startswith(f"seat {winner} wins the match by ")


def test_replay_reads_standard_input(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    path = tmp_path / "m.txt"
    summary = run_json("match", "--seed", "in", "--target", "61", "--record", str(path))
    monkeypatch.setattr(sys, "stdin", io.StringIO(path.read_text(encoding="utf-8")))
    assert run_json("replay", "-") == summary


def test_a_tampered_record_is_refused_naming_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "m.txt"
    assert run("match", "--seed", "tamper", "--target", "61", "--record", str(path))[0] == 0
    lines = path.read_text(encoding="utf-8").splitlines()
    number = next(i for i, line in enumerate(lines, start=1) if line.startswith("show "))
    seat, kind, points = lines[number - 1].split()[1:]
    lines[number - 1] = f"show {seat} {kind} {int(points) + 1}"
    bad = tmp_path / "bad.txt"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out = run("replay", str(bad))
    assert (code, out) == (2, "")
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith(f"{PROG}: line {number}: the rules make this 'show {seat} {kind}")


def test_a_record_with_an_illegal_action_is_refused_naming_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "m.txt"
    assert run("match", "--seed", "illegal", "--target", "61", "--record", str(path))[0] == 0
    lines = path.read_text(encoding="utf-8").splitlines()
    number = next(i for i, line in enumerate(lines, start=1) if " play " in f" {line}")
    seat = lines[number - 1].split()[0]
    played = {line.split()[2] for line in lines if line.startswith(f"{seat} play ")}
    foreign = next(f"{r}S" for r in "A23456789TJQK" if f"{r}S" not in played)
    lines[number - 1] = f"{seat} discard {foreign} {foreign}"
    bad = tmp_path / "bad.txt"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert run("replay", str(bad))[0] == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"{PROG}: line {number}: ")


def test_an_unfinished_record_is_refused_as_not_finished(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match = Match.new(Rules.preset("short"), seed="half", first_dealer=0)
    rng = random.Random(5)
    while match.deal_number < 3:
        match.apply(rng.choice(match.legal_actions()))
    path = tmp_path / "half.txt"
    path.write_text(dump(match), encoding="utf-8")
    capsys.readouterr()
    for argv in (("replay", str(path)), ("replay", str(path), "--json"), ("review", str(path))):
        assert run(*argv) == (2, "")
        err = capsys.readouterr().err
        assert err.startswith(f"{PROG}: the record is not finished") and err.count("\n") == 1


def test_the_sheet_adds_up_and_notes_muggins() -> None:
    # Random counts under muggins: players state less than they hold and get mugged.
    match = Match.new(make_rules("muggins", {"target": "61"}), seed="mug", first_dealer=1)
    rng = random.Random(11)
    while not match.is_over:
        match.apply(rng.choice(match.legal_actions()))
    summaries = hand_summaries(match)
    assert len(summaries) == len(match.hands)
    taken = [show for line in summaries for show in line.shows if show.muggins]
    assert taken, "the seed should give at least one muggins"
    for line, hand in zip(summaries, match.hands, strict=True):
        for seat in (0, 1):
            shown = sum(s.pegged for s in line.shows if s.seat == seat)
            gained = line.play[seat] + shown + line.muggins[seat]
            assert gained == hand.pegs[seat] - hand.start_pegs[seat]
            assert line.muggins[seat] == sum(s.muggins for s in line.shows if s.seat != seat)
    sheet = score_sheet(match, ("Ann", "Bob"))
    assert sheet.count("muggins: ") == len(taken)
    assert sheet.splitlines()[1:3] == ["seat 0: Ann", "seat 1: Bob"]
    rows = [line for line in sheet.splitlines() if line[:6].strip().isdigit()]
    assert len(rows) == len(match.hands)
    assert match.final is not None
    assert match_summary(match)["final"] == match.final.to_dict()


def test_match_help_lists_the_registered_players(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["cribbage", "match", "--help"], io.StringIO())
    text = " ".join(capsys.readouterr().out.split())
    assert f"levels: {', '.join(player_names())}" in text


# --- bad input: status 2, one line, no traceback -----------------------------------------

BAD_INPUTS = [
    (["show", "5H", "5S", "5C", "ZZ", "--starter", "5D"], "unknown card 'ZZ'"),
    (["show", "5H", "5S", "5C", "5h", "--starter", "5D"], "card 5H is repeated"),
    (["show", "5H 5S 5C", "--starter", "5D"], "a hand or crib is 4 cards, not 3"),
    (["show", "5H 5S 5C JD 2C", "--starter", "5D"], "a hand or crib is 4 cards, not 5"),
    (["show", "5H 5S 5C JD", "--starter", "JD"], "the starter JD cannot also be in the hand"),
    (["show", "5H 5S 5C JD"], "needs its --starter"),
    (["show", "5H 5S 5C JD", "--starter", "5D 4D"], "unknown card '5D 4D'"),
    (["show", "--starter", "5D"], "--starter and --crib go with a HAND"),
    (["peg", "KS QS JS 2S"], "the count may not pass 31, and these cards make 32"),
    (["peg", "7S", "7s"], "card 7S is repeated"),
    (["peg", "1X"], "unknown card '1X'"),
    (["rules", "--set", "target=20"], "target must be an integer of at least 31"),
    (["rules", "--set", "skunk_line=lots"], "skunk_line must be an integer or off"),
    (["rules", "--set", "bogus=1"], "unknown setting 'bogus'"),
    (["rules", "--set", "target"], "--set takes key=value"),
    (["rules", "pagat"], "unknown rules preset 'pagat'"),
    (["match", "--players", "simple", "nobody"], "unknown player 'nobody': choose one of"),
    (["match", "--players", "simple"], "expected 2 arguments"),
    (["match", "--target", "20"], "target must be an integer of at least 31"),
    (["match", "--target", "many"], "invalid int value: 'many'"),
    (["match", "--target", " 61 "], "invalid int value: ' 61 '"),
    (["match", "--target", "٦١"], "invalid int value: '٦١'"),
    (["match", "--target", "6_1"], "invalid int value: '6_1'"),
    (["match", "--set", "target= 61"], "target must be an integer, not ' 61'"),
    (["match", "--set", "games=1001"], "games must be an integer from 1 to 1,000, not 1001"),
    (["match", "--target", "61", "--set", "target=61"], "give the target once"),
    (["match", "--set", "games=0"], "games must be an integer of at least 1"),
    (["match", "--set", "muggins=maybe"], "muggins must be on or off"),
    (["match", "--rules", "short", "--set", "skunk_line=61"], "skunk_line must be below"),
    (["match", "--seed", "1", "--record", "{tmp}/no/m.txt"], "cannot write"),
    (["replay", "{tmp}/nothing.txt"], "cannot read"),
    (["replay", "{tmp}"], "cannot read"),
    (["replay", "{tmp}/binary.txt"], "not UTF-8 text"),
    (["replay", "{tmp}/empty.txt"], "line 1: a cribbage record starts with"),
    (["frobnicate"], "invalid choice"),
]  # no command at all shows the help (tests/cli/test_issue12_cli.py)


@pytest.mark.parametrize(("argv", "message"), BAD_INPUTS, ids=lambda value: str(value))
def test_bad_input_exits_2_with_one_line(
    argv: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "binary.txt").write_bytes(b"\xff\xfe\x00cribbage")
    (tmp_path / "empty.txt").write_text("")
    code, out = run(*(arg.replace("{tmp}", str(tmp_path)) for arg in argv))
    assert (code, out) == (2, "")
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    assert err.startswith(f"{PROG}: ")
    assert message in err
    assert not (tmp_path / "m.txt").exists()


@pytest.mark.parametrize(
    ("argv", "stdin", "message"),
    [
        (["show", "5H", "5S", "5C", "JD", "--starter", "5H"], b"", "cannot also be in the hand"),
        (["show"], b"5H 5S 5C JD | 5D\n\xff\xfe | 5D\n", "standard input is not UTF-8 text"),
        (["peg"], b"7S 8H\n7S 8H 8D 8C 2S\n", "line 2: the count may not pass 31"),
        (["replay", "/nonexistent/record.txt"], b"", "cannot read"),
    ],
)
def test_the_installed_command_prints_no_traceback(
    argv: list[str], stdin: bytes, message: str
) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "cardtable.cli.main", "cribbage", *argv],
        input=stdin,
        capture_output=True,
        timeout=60,
        check=False,
        # A strict UTF-8 standard input, as in a UTF-8 locale, whatever the test's locale.
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )
    err = done.stderr.decode("utf-8", "replace")
    assert done.returncode == 2
    assert "Traceback" not in err
    assert err.count("\n") == 1 and err.startswith(f"{PROG}: ")
    assert message in err


def test_verify_prints_the_deal_of_a_revealed_seed_and_checks_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from cardtable.cards import commitment

    match = Match.new(Rules(), seed="verify-me", first_dealer=0)
    hand = match.current
    assert hand.seed is not None
    dealt = hand.dealt[hand.non_dealer]
    data = run_json(
        "verify",
        hand.seed,
        commitment(hand.seed),
        "--hand",
        str(dealt),
        "--starter",
        str(hand.deck[12]),
    )
    assert data["ok"] and data["checks"] == {"commitment": True, "hand": True, "starter": True}
    assert data["non_dealer"] == [str(c) for c in dealt]
    assert data["dealer"] == [str(c) for c in hand.dealt[hand.dealer]]
    code, _ = run("verify", hand.seed, "0" * 64)
    assert code == 1 and "does not match" in capsys.readouterr().err
    code, _ = run("verify", hand.seed, "--hand", "AS 2S")
    assert code == 2 and capsys.readouterr().err.count("\n") == 1
