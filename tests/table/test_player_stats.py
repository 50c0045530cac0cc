"""A player's statistics, names, deleting a match and the rematch's dealer, through the
table service. The expected figures are counted here from what the service itself serves
to the seat (each finished deal's replay, the coach's review), not from the statistics'
own code."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any, cast

import pytest

from cardtable.gin.match import Match
from cardtable.gin.rules import Rules
from cardtable.gin.showdown import HandResult, Outcome
from cardtable.gin.stats import GinFigures, gin_figures
from cardtable.table import (
    AccessDeniedError,
    NotFoundError,
    NotYourTurnError,
    SeatSpec,
    TableService,
)
from cardtable.table.names import MAX_NAME, BadNameError
from tests.helpers import game_stats

from .test_service import PEOPLE, VS_COMPUTER, greedy, to_act_token, tokens_of

VS_RANDOM = (SeatSpec("human", "Ann"), SeatSpec("computer", level="random"))


def play_out(service: TableService, match_id: str, token: str, seed: int) -> None:
    """The person plays greedily (knocking at once) until the match is over; the computer
    answers inline."""
    rng = random.Random(seed)
    for _ in range(3000):
        view = service.view(match_id, token)
        if view.finished:
            return
        service.act(match_id, token, greedy(view, rng), view.action_count)
    raise AssertionError("the match did not end")


def expected(service: TableService, seats: list[tuple[str, str]]) -> dict[str, Any]:
    """The figures as a person would count them from each seat's own replays and review."""
    tally: dict[str, Any] = dict.fromkeys(
        ("matches", "matches_won", "hands", "hands_won", "gins", "undercuts"), 0
    )
    tally.update(undercut_against=0, knocks=0)
    deadwood = best = choices = 0
    for match_id, token in seats:
        view = service.view(match_id, token)
        seat = view.seat
        finished = view.last_hand.deal if view.last_hand is not None else 0
        for deal in range(1, finished + 1):
            result = service.replay_hand(match_id, token, deal).to_json()["result"]
            if result["winner"] is None:
                continue
            tally["hands"] += 1
            tally["hands_won"] += result["winner"] == seat
            mine = result["knocker"] == seat
            if result["outcome"] in ("gin", "big_gin"):
                tally["gins"] += mine
            elif mine:
                tally["knocks"] += 1
                deadwood += result["knocker_deadwood"]
                tally["undercut_against"] += result["outcome"] == "undercut"
            else:
                tally["undercuts"] += result["outcome"] == "undercut"
        if view.finished:
            tally["matches"] += 1
            tally["matches_won"] += service.summary(match_id).figures["winner"] == seat
            decisions = service.review(match_id, token)["decisions"]
            assert isinstance(decisions, list)
            real = [d for d in decisions if not d["forced"]]
            best += sum(d["loss"] == 0 for d in real)
            choices += len(real)
    knocks = tally["knocks"]
    tally["average_knock_deadwood"] = round(deadwood / knocks, 1) if knocks else None
    tally["accuracy"] = round(100 * best / choices, 1) if choices else None
    tally["choices"] = choices
    return tally


@pytest.fixture
def history(service: TableService) -> list[tuple[str, str]]:
    """Three finished matches against the computer (two of them against the random player,
    so that the person knocks too) and one just begun, as one player's."""
    seats = []
    for number, seed in enumerate(("stats-a", "stats-b", "stats-c")):
        opponent = VS_COMPUTER if number == 1 else VS_RANDOM
        created = service.create_match(opponent, Rules(target=30), seed=seed)
        token = str(created.tokens[0])
        play_out(service, created.match_id, token, number)
        seats.append((created.match_id, token))
    begun = service.create_match(VS_COMPUTER, Rules(target=30), seed="stats-d")
    seats.append((begun.match_id, str(begun.tokens[0])))
    return seats


def test_the_statistics_are_the_figures_counted_from_the_replays_and_reviews(
    service: TableService, history: list[tuple[str, str]]
) -> None:
    stats = game_stats(service.player_stats(history).to_json(), "gin")
    want = expected(service, history)
    assert {key: stats[key] for key in want} == want
    assert stats["unfinished"] == 1
    assert stats["reviewed_matches"] == 3
    assert want["hands"] >= 3 and want["knocks"] + want["gins"] >= 1  # the test tests something
    assert want["matches_won"] < want["matches"] or want["hands_won"] < want["hands"]
    recent = stats["recent"]
    assert [line["match_id"] for line in recent] == [m for m, _ in history[:3]]  # oldest first
    for line, (match_id, token) in zip(recent, history, strict=False):
        final = service.view(match_id, token).sheet.to_json()
        assert line["opponent"] == service.summary(match_id).players[1].name
        assert line["won"] == (service.summary(match_id).figures["winner"] == 0)
        assert line["scores"] == [final["final"]["totals"][0], final["final"]["totals"][1]]


def test_a_seat_not_held_is_not_counted_and_each_match_counts_once(
    service: TableService, history: list[tuple[str, str]]
) -> None:
    first, token = history[0]
    alone = service.player_stats([(first, token), (first, token)]).to_json()
    assert alone == service.player_stats([(first, token)]).to_json()
    other = service.create_match(PEOPLE, Rules(target=30), seed="stats-other")
    refused = [(first, "not-a-token"), ("ffff", token), (other.match_id, token)]
    nothing = game_stats(service.player_stats(refused).to_json(), "gin")
    assert nothing["matches"] == nothing["hands"] == 0 and nothing["accuracy"] is None
    assert nothing["recent"] == []


def test_reviews_are_made_a_few_at_a_time_newest_first(
    service: TableService, history: list[tuple[str, str]]
) -> None:
    one = game_stats(service.player_stats(history, review_at_most=1).to_json(), "gin")
    assert one["reviewed_matches"] == 1
    assert [line["accuracy"] is not None for line in one["recent"]] == [False, False, True]
    later = game_stats(service.player_stats(history, review_at_most=0).to_json(), "gin")
    assert later["reviewed_matches"] == 1  # kept from the call before


def test_a_friend_names_itself_and_bad_names_are_refused(service: TableService) -> None:
    created = service.create_match((SeatSpec("human", "Ann"), SeatSpec("human", "Friend")))
    match_id = created.match_id
    ann, friend = tokens_of(service, match_id)
    assert service.view(match_id, ann).players[1].name == "Friend"
    player = service.rename_seat(match_id, friend, "  Bo ")
    assert player.name == "Bo"
    assert [p.name for p in service.view(match_id, ann).players] == ["Ann", "Bo"]
    assert service.summary(match_id).players[1].name == "Bo"
    for bad in ("x" * (MAX_NAME + 1), "Bo\nAnn", "Bo\x1b[2J", "\u202eoB", "   "):
        with pytest.raises(BadNameError):
            service.rename_seat(match_id, friend, bad)
    assert service.view(match_id, friend).players[1].name == "Bo"  # refused: unchanged
    with pytest.raises(AccessDeniedError):
        service.rename_seat(match_id, "wrong-token", "Eve")
    before = len(service.list_matches())
    with pytest.raises(BadNameError):  # a terminal's --name is checked as a page's
        service.create_match((SeatSpec("human", "Ann\n"), SeatSpec("computer", level="random")))
    assert len(service.list_matches()) == before


def test_only_a_seat_holder_deletes_a_match(service: TableService) -> None:
    created = service.create_match(VS_COMPUTER, Rules(target=30), seed="doomed")
    match_id, token = created.match_id, str(created.tokens[0])
    other = service.create_match(VS_COMPUTER, Rules(target=30), seed="other")
    with pytest.raises(AccessDeniedError):
        service.delete_match(match_id, str(other.tokens[0]))
    assert service.view(match_id, token).match_id == match_id  # still there
    service.delete_match(match_id, token)
    assert match_id not in {m.id for m in service.list_matches()}
    assert service.store.actions(match_id) == [] and service.store.job(match_id) is None
    with pytest.raises(NotFoundError):
        service.view(match_id, token)
    with pytest.raises(NotFoundError):
        service.delete_match(match_id, token)
    assert service.view(other.match_id, str(other.tokens[0])).match_id == other.match_id


@pytest.mark.parametrize(
    ("series", "dealer_of"),
    [
        ("alternate", lambda winner: 0),  # the first match's first dealer was seat 1
        ("winner", lambda winner: 1 - winner),  # the winner plays first: the loser deals
        ("loser", lambda winner: winner),
    ],
)
def test_the_rematch_is_dealt_by_the_rules_series_setting(
    service: TableService, series: str, dealer_of: Any
) -> None:
    rules = Rules(target=10, series_first_player=series)
    match_id = service.create_match(PEOPLE, rules, seed=f"series-{series}", first_dealer=1).match_id
    rng = random.Random(3)
    while not service.summary(match_id).finished:
        token, view = to_act_token(service, match_id)
        service.act(match_id, token, greedy(view, rng), view.action_count)
    ann = tokens_of(service, match_id)[0]
    final = service.view(match_id, ann)
    winner = service.summary(match_id).figures["winner"]
    want = dealer_of(winner)
    assert final.rematch_dealer == want
    following = service.next_match(match_id, ann)
    rematch = service.view(following, ann)
    assert rematch.rules == final.rules and [p.name for p in rematch.players] == ["Ann", "Bo"]
    assert rematch.dealer == want and rematch.rematch_dealer is None


def test_a_rematch_of_an_unfinished_match_is_refused(service: TableService) -> None:
    created = service.create_match(VS_COMPUTER, Rules(target=30), seed="early")
    with pytest.raises(NotYourTurnError):
        service.next_match(created.match_id, str(created.tokens[0]))


def test_each_outcome_is_counted_for_the_right_seat() -> None:
    """Gins, undercuts both ways, knocks and dead hands, from seat 0's side and seat 1's."""
    results = [
        HandResult(Outcome.GIN, knocker=0, winner=0, points=30),
        HandResult(Outcome.BIG_GIN, knocker=1, winner=1, points=40),
        HandResult(Outcome.KNOCK, knocker=0, winner=0, points=9, knocker_deadwood=6),
        HandResult(Outcome.UNDERCUT, knocker=0, winner=1, points=27, knocker_deadwood=8),
        HandResult(Outcome.UNDERCUT, knocker=1, winner=0, points=26, knocker_deadwood=3),
        HandResult(Outcome.DEAD),
    ]
    match = cast(Match, SimpleNamespace(hands=[SimpleNamespace(result=r) for r in results]))
    assert gin_figures(match, 0) == GinFigures(
        hands=5, hands_won=3, gins=1, undercuts=1, undercut_against=1, knocks=2, knock_deadwood=14
    )
    assert gin_figures(match, 1) == GinFigures(
        hands=5, hands_won=2, gins=1, undercuts=1, undercut_against=1, knocks=1, knock_deadwood=3
    )


def test_a_move_racing_a_delete_is_told_the_match_is_gone(service: TableService) -> None:
    """A move already past the seat check when the match is deleted (the store loses the
    match under the live copy) gets "not found", not a server fault, and stores nothing."""
    created = service.create_match(PEOPLE, Rules(target=30), seed="raced")
    match_id = created.match_id
    mover, view = to_act_token(service, match_id)
    service.store.delete_match(match_id)  # behind the live copy's back, as another process would
    with pytest.raises(NotFoundError):
        service.act(match_id, mover, view.legal_actions[0], view.action_count)
    assert service.store.actions(match_id) == []
