"""The table service without HTTP: seats and tokens, moves stored before they count, the
computer's turns, refusals that change nothing, restarts, and the series of matches."""

from __future__ import annotations

import random
import threading
import time

import pytest

from cardtable.errors import IllegalActionError
from cardtable.gin.rules import Rules
from cardtable.gin.views import SeatView
from cardtable.store import Store
from cardtable.table import (
    AccessDeniedError,
    NotFoundError,
    NotYourTurnError,
    SeatSpec,
    StaleActionError,
    TableService,
)

PEOPLE = (SeatSpec("human", "Ann"), SeatSpec("human", "Bo"))
VS_COMPUTER = (SeatSpec("human", "Ann"), SeatSpec("computer", level="simple"))


def tokens_of(service: TableService, match_id: str) -> list[str]:
    found = [service.token_of(match_id, seat) for seat in (0, 1)]
    assert all(found)
    return [str(token) for token in found]


def to_act_token(service: TableService, match_id: str) -> tuple[str, SeatView]:
    for token in tokens_of(service, match_id):
        view = service.view(match_id, token)
        if view.my_turn:
            return token, view
    raise AssertionError("nobody is to act")


def greedy(view: SeatView, rng: random.Random) -> str:
    """Knock as soon as the view offers it, else throw what leaves least deadwood (from the
    view's own figures), else draw or pass at random: a match ends within a few hands."""
    if view.knock_options:
        return view.knock_options[0].action
    if view.play.discard_deadwood:
        return f"discard {view.play.discard_deadwood[0][0]}"
    return rng.choice(view.legal_actions)


def play_out(service: TableService, match_id: str, seed: int = 0) -> SeatView:
    """Both people play :func:`greedy` until the match is over."""
    rng = random.Random(seed)
    for _ in range(5000):
        token = tokens_of(service, match_id)[0]
        if service.view(match_id, token).finished:
            return service.view(match_id, token)
        token, view = to_act_token(service, match_id)
        service.act(match_id, token, greedy(view, rng), view.action_count)
    raise AssertionError("the match did not end")


def test_a_match_between_people_moves_only_for_the_seat_to_act(service: TableService) -> None:
    created = service.create_match(PEOPLE, Rules(target=20), seed="svc")
    match_id = created.match_id
    token, view = to_act_token(service, match_id)
    other = next(t for t in tokens_of(service, match_id) if t != token)
    assert view.hand.phase == "offer" and view.legal_actions == ("take", "pass")
    with pytest.raises(NotYourTurnError):
        service.act(match_id, other, "pass")
    after = service.act(match_id, token, "pass", expected=view.action_count)
    assert after.action_count == view.action_count + 1
    assert after.hand.events[-1].kind == "pass"


def test_a_refused_action_changes_nothing(service: TableService) -> None:
    match_id = service.create_match(PEOPLE, seed="refuse").match_id
    token, before = to_act_token(service, match_id)
    for action, error in (
        ("draw", IllegalActionError),
        ("discard ZZ", IllegalActionError),
        ("x" * 300, IllegalActionError),
    ):
        with pytest.raises(error):
            service.act(match_id, token, action)
    with pytest.raises(StaleActionError):
        service.act(match_id, token, "pass", expected=before.action_count + 5)
    assert service.view(match_id, token) == before
    assert service.action_count(match_id) == before.action_count


def test_tokens_open_only_their_own_seat(service: TableService) -> None:
    created = service.create_match(PEOPLE, seed="tokens")
    assert created.tokens[0] != created.tokens[1]
    views = [service.view(created.match_id, str(token)) for token in created.tokens]
    assert [v.seat for v in views] == [0, 1]
    with pytest.raises(AccessDeniedError):
        service.view(created.match_id, "not-a-token")
    with pytest.raises(NotFoundError):
        service.view("0123456789abcdef", str(created.tokens[0]))
    summary = service.summary(created.match_id).to_json()
    assert "token" not in str(summary)


def test_the_computer_answers_before_act_returns(service: TableService) -> None:
    created = service.create_match(VS_COMPUTER, seed="answer", first_dealer=1)
    token = str(created.tokens[0])
    view = service.view(created.match_id, token)
    assert view.my_turn  # seat 0 does not deal: it is offered the upcard
    after = service.act(created.match_id, token, "pass", view.action_count)
    # The computer passed too or took the card and discarded: it is seat 0's turn again.
    assert after.my_turn and after.action_count >= view.action_count + 2
    assert {e.seat for e in after.hand.events} == {0, 1}


def test_an_unknown_level_is_refused_before_anything_is_stored(service: TableService) -> None:
    with pytest.raises(ValueError, match="unknown player"):
        service.create_match((SeatSpec("human"), SeatSpec("computer", level="wizard")))
    assert service.list_matches() == []


def test_a_restarted_service_rebuilds_every_match_from_its_actions(db_url: str) -> None:
    first = Store(db_url)
    try:
        service = TableService(first)
        match_id = service.create_match(PEOPLE, Rules(target=30), seed="restart").match_id
        rng = random.Random(4)
        for _ in range(25):
            token, view = to_act_token(service, match_id)
            service.act(match_id, token, rng.choice(view.legal_actions))
        views = [service.view(match_id, t) for t in tokens_of(service, match_id)]
    finally:
        first.close()
    second = Store(db_url)
    try:
        again = TableService(second)
        assert [again.view(match_id, t) for t in tokens_of(again, match_id)] == views
    finally:
        second.close()


def test_hints_and_replays_are_typed_and_for_the_asking_seat(service: TableService) -> None:
    match_id = service.create_match(PEOPLE, Rules(target=1), seed="typed").match_id
    token, _ = to_act_token(service, match_id)
    advice = service.hint(match_id, token)
    assert advice.action in service.view(match_id, token).legal_actions
    waiting = next(t for t in tokens_of(service, match_id) if t != token)
    with pytest.raises(NotYourTurnError):
        service.hint(match_id, waiting)
    final = play_out(service, match_id)
    deals = final.deal_number
    replay = service.replay_hand(match_id, token, deals)
    assert len(replay.steps) == len(replay.actions) + 1
    last = replay.steps[-1]
    for seat in (0, 1):
        laid = {c for m in last.hands[seat].melds for c in m.cards} | set(
            last.hands[seat].unmatched
        )
        assert laid == set(replay.summary.hands[seat])
    with pytest.raises(IllegalActionError):
        service.replay_hand(match_id, token, deals + 1)


def test_summaries_and_ids_by_prefix(service: TableService) -> None:
    ids = [service.create_match(PEOPLE, seed=f"list{i}").match_id for i in range(3)]
    assert {s.id for s in service.list_matches("active")} == set(ids)
    assert service.find_match(ids[0]) == ids[0]
    assert service.find_match(ids[1][:12]) == ids[1]
    with pytest.raises(NotFoundError):
        service.find_match("zz")


def expected_first_dealer(rule: str, first_dealer: int, winner: int) -> int:
    """RULES.md 5, from the rule alone: who plays first (the first non-dealer) in the next
    match of a series, hence who deals."""
    if rule == "alternate":
        return 1 - first_dealer
    first_player = 1 - winner if rule == "loser" else winner
    return 1 - first_player


@pytest.mark.parametrize("rule", ["alternate", "loser", "winner"])
def test_the_next_match_of_a_series_follows_series_first_player(
    service: TableService, rule: str
) -> None:
    rules = Rules(target=1, series_first_player=rule)
    match_id = service.create_match(PEOPLE, rules, seed=f"series-{rule}").match_id
    tokens = tokens_of(service, match_id)
    with pytest.raises(NotYourTurnError):
        service.next_match(match_id, tokens[0])
    for number in range(4):  # four matches in a row, each dealt by the rule
        final = play_out(service, match_id, seed=number)
        assert final.sheet.final is not None
        first = service.replay_hand(match_id, tokens[0], 1).summary.dealer
        winner = final.sheet.final.winner
        following = service.next_match(match_id, tokens[0])
        assert service.next_match(match_id, tokens[1]) == following  # both seats: one match
        assert service.view(match_id, tokens[1]).next_match == following
        assert tokens_of(service, following) == tokens  # each person keeps their token
        view = service.view(following, tokens[0])
        assert view.dealer == expected_first_dealer(rule, first, winner)
        assert view.rules == final.rules
        match_id = following


def test_a_view_made_ahead_for_a_push_is_the_seats_own_and_current(
    service: TableService,
) -> None:
    """After a change this process made, the other seat's view is made in the thread that
    stored it (nothing read), and is the one that seat's reading gives; a copy told it is
    behind makes none, and a token that opens no seat makes none."""
    created = service.create_match(PEOPLE, seed="ahead")
    match_id = created.match_id
    token, view = to_act_token(service, match_id)
    other = next(t for t in tokens_of(service, match_id) if t != token)
    service.act(match_id, token, "pass", view.action_count)
    assert service.ready_view(match_id, other) is None  # nobody asked for it yet
    service.prepare_view(match_id, "not-a-seat")
    service.prepare_view(match_id, other)
    ready = service.ready_view(match_id, other)
    assert ready is not None and ready == service.view(match_id, other)
    assert ready.seat != view.seat and ready.my_turn
    service.act(match_id, other, ready.legal_actions[0], ready.action_count)
    service.changed_elsewhere(match_id, None)  # as another process's announcement says
    service.prepare_view(match_id, token)
    assert service.ready_view(match_id, token) is None


def test_the_announcement_of_a_move_of_this_process_does_not_make_its_copy_behind(
    service: TableService,
) -> None:
    """PostgreSQL announces a move as it commits, and the feed's thread may hear it before
    the mover's thread has counted it in the live copy: the feed waits for the copy's lock,
    finds the move there, and the copy stays current (its views need no reading)."""
    created = service.create_match(PEOPLE, seed="own-news")
    match_id = created.match_id
    _, view = to_act_token(service, match_id)
    live = service._live.peek(match_id)
    assert live is not None
    counting = threading.Event()

    def commit_then_count() -> None:  # as _commit_move does, under the lock
        with live.lock:
            counting.set()
            time.sleep(0.2)
            live.count += 1

    mover = threading.Thread(target=commit_then_count)
    mover.start()
    counting.wait(5)
    service.changed_elsewhere(match_id, view.action_count + 1)
    mover.join(5)
    assert not live.behind
    live.count -= 1  # the move was only pretended: the copy as it was
    service.changed_elsewhere(match_id, view.action_count + 1)  # news of a move it lacks
    assert live.behind
