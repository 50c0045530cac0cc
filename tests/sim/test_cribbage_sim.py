"""The simulator and tournaments playing Cribbage: seeding, duplicate deals, series, figures,
records, refusals and the ``cardtable cribbage tournament`` command. Gin stays the default."""

from __future__ import annotations

import io
import itertools
import json
import re
import subprocess
import sys

import pytest

from cardtable.cli.common import add_game_commands
from cardtable.cli.usage import Parser, UsageError
from cardtable.cribbage.match import Match
from cardtable.cribbage.record import load
from cardtable.cribbage.rules import Rules
from cardtable.errors import CardTableError, InvalidRulesError
from cardtable.games import game as registered
from cardtable.gin.rules import Rules as GinRules
from cardtable.sim import load_player, run_tournament, simulate
from cardtable.sim.play import play_game

from .helpers import fingerprint

SHORT = Rules.preset("short")


def test_results_do_not_depend_on_workers_or_chunks() -> None:
    args = {"games": 4, "rules": SHORT, "seed": "w", "game": "cribbage"}
    one = simulate(["simple", "random"], workers=1, **args)  # type: ignore[arg-type]
    chunked = simulate(["simple", "random"], chunk_size=1, **args)  # type: ignore[arg-type]
    spread = simulate(["simple", "random"], workers=2, **args)  # type: ignore[arg-type]
    assert fingerprint(one) == fingerprint(chunked) == fingerprint(spread)
    assert one.game == spread.game == "cribbage" and one.rules == SHORT
    other = simulate(["simple", "random"], games=4, rules=SHORT, seed="x", game="cribbage")
    assert fingerprint(other) != fingerprint(one)


def test_pairs_replay_the_deals_with_seats_exchanged() -> None:
    result = simulate(["simple", "simple"], games=8, unit="hand", seed="pairs", game="cribbage")
    for first, second in zip(result.results[::2], result.results[1::2], strict=True):
        assert first.seed == second.seed and first.first_dealer == second.first_dealer
        assert first.seats == (0, 1) and second.seats == (1, 0)
        # The same deterministic player on the same deal: the points change hands with the seats.
        assert second.points == first.points[::-1]
        assert second.winner == (None if first.winner is None else 1 - first.winner)
    unpaired = simulate(
        ["simple", "simple"], games=4, unit="hand", seed="pairs", paired=False, game="cribbage"
    )
    assert len({g.seed for g in unpaired.results}) == 4


def test_a_game_is_the_engines_match_and_its_record_replays() -> None:
    game = play_game(
        ["simple", "random"], SHORT, "rec", seats=(1, 0), keep_record=True, game="cribbage"
    )
    assert game.record is not None
    match = load(game.record)
    assert isinstance(match, Match) and match.final is not None
    # Player 0 sat in seat 1: its points are seat 1's game points.
    assert game.points == (match.final.game_points[1], match.final.game_points[0])
    assert game.winner == 1 - match.final.winner
    assert game.deals == len(match.hands) and game.dead == 0
    pegged = [sum(h.pegs[s] - h.start_pegs[s] for h in match.hands) for s in (1, 0)]
    assert list(game.hand_points) == pegged
    kinds = {kind: pair for kind, pair in game.outcomes.items() if sum(pair)}
    assert kinds == {match.games[0].kind: [int(game.winner == 0), int(game.winner == 1)]}
    assert sum(game.decisions) == sum(len(h.history) for h in match.hands)


def test_a_single_hand_is_won_by_the_player_who_scores_more() -> None:
    result = simulate(["simple", "random"], games=40, unit="hand", seed="h", game="cribbage")
    ties = 0
    for game in result.results:
        assert game.deals == 1 and game.points == game.hand_points
        if game.points[0] == game.points[1]:
            ties += 1
            assert game.winner is None
        else:
            assert game.winner == int(game.points[1] > game.points[0])
            assert game.hands_won[game.winner] == 1
    assert result.undecided == ties
    summary = result.summary()
    assert summary.startswith("simple vs random: 40 hands") and "dead" not in summary


def test_series_deal_each_next_match_as_the_rules_say() -> None:
    rules = SHORT.replace(next_game_dealer="alternate")
    result = simulate(["simple", "random"], games=6, rules=rules, seed="s", series=3,
                      paired=False, game="cribbage")  # fmt: skip
    games = result.results
    for series in (games[:3], games[3:]):
        assert len({g.seats for g in series}) == 1
        for before, after in itertools.pairwise(series):
            assert before.next_first_dealer is not None
            assert after.first_dealer == before.next_first_dealer == 1 - before.first_dealer


def test_a_tournament_plays_the_games_of_the_simulator_and_reports_game_points() -> None:
    seen: list[int] = []
    tournament = run_tournament(
        "simple", "random", pairs=3, rules="short", seed=7, workers=1, game="cribbage",
        progress=lambda result: seen.append(result.games),
    )  # fmt: skip
    games = simulate(["simple", "random"], games=6, rules="short", seed=7, game="cribbage")
    assert fingerprint(tournament.simulation) == fingerprint(games)
    assert seen and seen[-1] == 6 and all(n % 2 == 0 for n in seen)
    data = tournament.to_dict()
    assert data["game"] == "cribbage" and data["games"] == 6
    points = [sum(g.points[k] for g in games.results) for k in (0, 1)]
    assert data["game_points"] == points
    assert data["a_win_rate"] == round(games.wins[0] / 6, 4)
    skunks = [sum(g.outcomes["skunk"][k] for g in games.results) for k in (0, 1)]
    assert data["skunks"] == skunks
    total = [sum(g.hand_points[k] for g in games.results) for k in (0, 1)]
    assert data["points_per_hand"] == [round(p / games.deals, 3) for p in total]
    hands = run_tournament("simple", "random", pairs=2, hands_only=True, seed=7, workers=1,
                           game="cribbage").to_dict()  # fmt: skip
    assert hands["unit"] == "hand" and hands["hands"] == 4 and "game_points" not in hands


def test_refusals() -> None:
    with pytest.raises(ValueError, match="unknown game 'bridge': the games are"):
        simulate(games=2, game="bridge")  # type: ignore[arg-type]
    with pytest.raises(InvalidRulesError):
        simulate(games=2, rules=GinRules(), game="cribbage")
    with pytest.raises(InvalidRulesError):
        simulate(games=2, rules=Rules(), unit="hand")  # gin refuses Cribbage rules
    with pytest.raises(CardTableError, match="unknown player 'grandmaster'"):
        simulate(["grandmaster", "simple"], games=2, game="cribbage")
    with pytest.raises(ValueError, match="series is of matches"):
        simulate(games=4, unit="hand", series=2, game="cribbage")


def test_names_are_the_players_of_the_game() -> None:
    assert type(load_player("simple", 1, "cribbage")).__module__.startswith("cardtable.cribbage.")
    assert type(load_player("simple", 1)).__module__.startswith("cardtable.gin.")


def test_gin_results_are_gin_and_never_load_cribbages_simulation() -> None:
    # The registry loads every game's adapter; a game's fast path is loaded when it plays.
    gin = simulate(["simple", "random"], games=2, unit="hand", seed="g")
    assert gin.game == "gin" and "game" not in gin.to_dict()
    assert "knock" in gin.outcomes() and "skunk" not in gin.outcomes()
    code = (
        "import sys\nfrom cardtable.sim import simulate, run_tournament\n"
        "simulate(['simple', 'random'], games=2, unit='hand', seed='g')\n"
        "run_tournament('simple', 'random', pairs=1, hands_only=True, workers=1)\n"
        "assert 'cardtable.cribbage.simulation' not in sys.modules\n"
        "assert 'cardtable.gin.simulation' in sys.modules\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


def run_command(argv: list[str]) -> tuple[int, str]:
    parser = Parser(prog="cardtable cribbage")
    add_game_commands(parser.add_subparsers(dest="command"), registered("cribbage"))
    args = parser.parse_args(["tournament", *argv])
    out = io.StringIO()
    return args.func(args, out), out.getvalue()


def test_the_tournament_command_prints_text_and_json() -> None:
    status, text = run_command(["simple", "random", "--matches", "4", "--seed", "3",
                                "--workers", "1", "--set", "target=61"])  # fmt: skip
    assert status == 0
    lines = text.splitlines()
    assert lines[0] == "simple vs random: 4 Cribbage matches on duplicate deals"
    assert lines[1].startswith("  simple wins ") and "% of matches (95% CI " in lines[1]
    assert lines[2].startswith("  game points: simple ") and "skunks: simple" in lines[2]
    assert "of the hands not tied" in lines[3] and lines[4].startswith("  points per hand:")
    status, text = run_command(["simple", "random", "--hands", "4", "--json", "--workers", "1",
                                "--seed", "8"])  # fmt: skip
    data = json.loads(text)
    assert status == 0 and data["unit"] == "hand" and data["games"] == 4
    expected = run_tournament("simple", "random", pairs=2, hands_only=True, workers=1,
                              game="cribbage", seed=8).to_dict()  # fmt: skip
    assert {k: v for k, v in data.items() if k != "ms_per_decision"} == {
        k: v for k, v in expected.items() if k != "ms_per_decision"
    }


def test_the_tournament_command_refuses_bad_input() -> None:
    with pytest.raises(UsageError, match="at least 2 games"):
        run_command(["simple", "random", "--matches", "1"])
    with pytest.raises(UsageError, match="workers"):
        run_command(["simple", "random", "--workers", "-1"])
    with pytest.raises(UsageError, match="series is of matches"):
        run_command(["simple", "random", "--hands", "2", "--series", "2", "--workers", "1"])
    with pytest.raises(InvalidRulesError, match="skunk_line"):
        run_command(["simple", "random", "--set", "skunk_line=200"])
    with pytest.raises(CardTableError, match="unknown player"):
        run_command(["simple", "nobody", "--matches", "2", "--workers", "1"])


def test_the_tournament_command_plays_a_secret_seed_and_prints_it_after(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["simple", "random", "--hands", "2", "--json", "--workers", "1"]
    status, text = run_command(argv)
    err = capsys.readouterr().err
    found = re.fullmatch(r"seed ([0-9a-f]{32}): secret while the games were played; "
                         r"--seed \1 plays them again\n", err)  # fmt: skip
    assert status == 0 and found, err
    status, again = run_command([*argv, "--seed", found[1]])
    assert status == 0 and capsys.readouterr().err == ""
    first, second = json.loads(text), json.loads(again)
    first.pop("ms_per_decision"), second.pop("ms_per_decision")
    assert first == second
