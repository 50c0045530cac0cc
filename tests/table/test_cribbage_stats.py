"""A player's Cribbage statistics through the table service and its web API. The expected
figures are counted here from what the service itself serves to the seat (each finished
deal's replay, the games on its view, the coach's review), not from the statistics' code."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any, cast

import pytest
from starlette.testclient import TestClient

from cardtable.cribbage.match import GameResult
from cardtable.cribbage.match import Match as CribbageMatch
from cardtable.cribbage.stats import CribbageFigures, cribbage_figures
from cardtable.gin.rules import Rules as GinRules
from cardtable.table import SeatSpec, TableService
from cardtable.tui.stats_text import stats_lines
from cardtable.web.app import create_app
from cardtable.web.limits import WebLimits
from tests.helpers import game_stats

from .test_player_stats import play_out

VS_COMPUTER = (SeatSpec("human", "Ann"), SeatSpec("computer", level="simple"))
VS_RANDOM = (SeatSpec("human", "Ann"), SeatSpec("computer", level="random"))
NOT_PLAY = {"hand", "crib", "muggins", "his heels"}  # points scored outside the play


def play(
    service: TableService,
    match_id: str,
    token: str,
    seed: int,
    hands: int | None = None,
    expert: bool = False,
) -> None:
    """The person plays at random (or as the expert's hint says) until the match is over
    (or ``hands`` deals are); the computer answers inline."""
    rng = random.Random(seed)
    for _ in range(3000):
        view = service.view(match_id, token)
        if view.finished or (hands and view.last_hand and view.last_hand.deal >= hands):
            return
        move = service.hint(match_id, token).action if expert else rng.choice(view.legal_actions)
        service.act(match_id, token, move, view.action_count)
    raise AssertionError("the match did not end")


def new_match(service: TableService, seats: tuple[SeatSpec, SeatSpec], seed: str) -> Any:
    rules = service.make_rules("cribbage", "short", {})
    return service.create_match(seats, rules=rules, seed=seed, game="cribbage")


def expected(service: TableService, seats: list[tuple[str, str]]) -> dict[str, Any]:
    """The figures as a person would count them from each seat's own replays and review."""
    tally = dict.fromkeys(("matches", "matches_won", "unfinished", "games", "games_won"), 0)
    tally.update(skunks=0, hands=0)
    shows: list[int] = []
    cribs: list[int] = []
    pegged = best = choices = 0
    for match_id, token in seats:
        view = service.view(match_id, token)
        seat = view.seat
        finished = view.last_hand.deal if view.last_hand is not None else 0
        for deal in range(1, finished + 1):
            replay = service.replay_hand(match_id, token, deal).to_json()
            tally["hands"] += 1
            for show in replay["shows"]:
                if show["seat"] == seat:
                    (cribs if show["kind"] == "crib" else shows).append(show["total"])
            for step in replay["steps"]:
                for score in step["scores"]:
                    if score["seat"] == seat and score["reason"] not in NOT_PLAY:
                        pegged += score["points"]
        for game in view.games:
            tally["games"] += 1
            tally["games_won"] += game.winner == seat
            tally["skunks"] += game.winner == seat and "skunk" in game.kind
        if not view.finished:
            tally["unfinished"] += 1
            continue
        tally["matches"] += 1
        tally["matches_won"] += service.summary(match_id).figures["winner"] == seat
        decisions = service.review(match_id, token)["decisions"]
        assert isinstance(decisions, list)
        real = [d for d in decisions if not d["forced"]]
        best += sum(d["loss"] == 0 for d in real)
        choices += len(real)

    def mean(points: int, count: int) -> float | None:
        return round(points / count, 1) if count else None

    tally["average_hand_show"] = mean(sum(shows), len(shows))
    tally["average_crib"] = mean(sum(cribs), len(cribs))
    tally["pegged_per_hand"] = mean(pegged, tally["hands"])
    tally["accuracy"] = mean(100 * best, choices)
    tally["choices"] = choices
    return tally


@pytest.fixture
def history(service: TableService) -> list[tuple[str, str]]:
    """Two finished short Cribbage matches (the person at random against the simple
    computer, then as the expert against the random one, so that it wins one), one begun
    with two hands over, and a finished Gin Rummy match, as one player's."""
    seats = []
    for number, opponent in enumerate((VS_COMPUTER, VS_RANDOM)):
        created = new_match(service, opponent, f"crib-stats-{number}")
        token = str(created.tokens[0])
        play(service, created.match_id, token, number, expert=number == 1)
        assert service.view(created.match_id, token).finished
        seats.append((created.match_id, token))
    begun = new_match(service, VS_COMPUTER, "crib-stats-begun")
    play(service, begun.match_id, str(begun.tokens[0]), 7, hands=2)
    seats.append((begun.match_id, str(begun.tokens[0])))
    gin = service.create_match(VS_RANDOM, GinRules(target=30), seed="crib-stats-gin")
    play_out(service, gin.match_id, str(gin.tokens[0]), 3)
    seats.append((gin.match_id, str(gin.tokens[0])))
    return seats


def test_the_cribbage_figures_are_those_counted_from_the_replays_and_reviews(
    service: TableService, history: list[tuple[str, str]]
) -> None:
    everything = service.player_stats(history).to_json()
    stats, crib = game_stats(everything, "gin"), game_stats(everything, "cribbage")
    want = expected(service, history[:3])
    assert {key: crib[key] for key in want} == want
    assert crib["reviewed_matches"] == 2
    # the test tests something: hands of the unfinished match, both shows, real choices
    assert want["unfinished"] == 1 and service.view(*history[2]).last_hand is not None
    assert want["hands"] >= 6 and want["average_crib"] is not None and want["choices"] > 10
    assert want["pegged_per_hand"] is not None and want["pegged_per_hand"] > 0
    assert 0 < want["matches_won"] < want["matches"] and 0 < want["games_won"] < want["games"]
    assert want["average_hand_show"] != want["average_crib"]  # a swap would show
    # Gin Rummy keeps its own figures: the gin match alone
    assert stats["matches"] == 1
    assert [line["game"] for line in stats["recent"]] == ["gin"]
    lines = stats_lines(everything)  # the terminal's page: gin's figures, then Cribbage's
    assert lines[0].startswith("Gin Rummy") and "Cribbage:" in lines
    assert f"  Hands played        {want['hands']}" in lines
    # Cribbage's own latest matches, oldest first, each with its review's accuracy
    recent = crib["recent"]
    assert [line["match_id"] for line in recent] == [history[0][0], history[1][0]]
    for line, (match_id, token) in zip(recent, history[:2], strict=True):
        summary = service.summary(match_id)
        seat = service.view(match_id, token).seat
        assert line["game"] == "cribbage" and line["won"] == (summary.figures["winner"] == seat)
        assert line["scores"] == [
            summary.figures["scores"][seat],
            summary.figures["scores"][1 - seat],
        ]
        review = service.review(match_id, token)
        assert line["accuracy"] == pytest.approx(review["accuracy"][str(seat)], abs=0.05)
    crib_part = lines[lines.index("Cribbage:") :]
    assert crib_part.count("Accuracy in the latest matches (W won, L lost):") == 1
    assert sum(line.startswith("  20") for line in crib_part) == len(recent)


def test_games_and_skunks_are_counted_for_the_winner() -> None:
    def game(number: int, winner: int, kind: str) -> GameResult:
        return GameResult(number, 0, winner, (61, 20), kind, 2 if kind == "skunk" else 1, 5)

    games = [game(1, 0, "skunk"), game(2, 1, "game"), game(3, 0, "double skunk")]
    match = cast(CribbageMatch, SimpleNamespace(games=games, hands=[]))
    assert cribbage_figures(match, 0) == CribbageFigures(games=3, games_won=2, skunks=2)
    assert cribbage_figures(match, 1) == CribbageFigures(games=3, games_won=1, skunks=0)


def test_cribbage_reviews_are_made_a_few_at_a_time_and_kept(
    service: TableService, history: list[tuple[str, str]]
) -> None:
    cribbage = history[:3]
    one = game_stats(service.player_stats(cribbage, review_at_most=1).to_json(), "cribbage")
    assert one["reviewed_matches"] == 1 and one["accuracy"] is not None
    later = game_stats(service.player_stats(cribbage, review_at_most=0).to_json(), "cribbage")
    assert later["reviewed_matches"] == 1  # kept from the call before
    refused = [(m, "not-a-token") for m, _ in cribbage]
    nothing = game_stats(service.player_stats(refused).to_json(), "cribbage")
    assert nothing["matches"] == nothing["hands"] == 0
    assert nothing["accuracy"] is None


def test_the_api_serves_the_cribbage_figures(
    service: TableService, history: list[tuple[str, str]]
) -> None:
    app = create_app(service, limits=WebLimits.unlimited())
    body = {"seats": [{"match_id": m, "token": t} for m, t in history[:3]]}
    with TestClient(app) as client:
        answer = client.post("/api/players/me/stats", json=body)
    assert answer.status_code == 200, answer.text
    crib = game_stats(answer.json(), "cribbage")
    assert crib == game_stats(service.player_stats(history[:3]).to_json(), "cribbage")
    assert crib["matches"] == 2 and crib["hands"] > 0
