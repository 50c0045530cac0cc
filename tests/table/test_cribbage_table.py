"""Cribbage through the table service: a whole match, views that hide what a seat may not
know, resuming from the database, muggins between people, replays, hints and the lesson."""

from __future__ import annotations

import json
import random

import pytest

from cardtable.cribbage.lesson import LESSON_STEPS
from cardtable.errors import IllegalActionError
from cardtable.store import Store
from cardtable.table import Lessons, SeatSpec, TableService
from cardtable.table import cribbage_views as views

PEOPLE = (SeatSpec("human", name="Ann"), SeatSpec("human", name="Bob"))
VS_COMPUTER = (SeatSpec("human", name="Ann"), SeatSpec("computer", level="simple"))


def _new(service: TableService, seats: tuple[SeatSpec, SeatSpec], preset: str = "short"):
    rules = service.make_rules("cribbage", preset, {})
    return service.create_match(seats, rules=rules, seed="table-test", game="cribbage")


def _hidden(service: TableService, match_id: str, seat: int) -> set[str]:
    """The cards of the other seat that this seat may not know now (from the engine)."""
    cached = service._live.peek(match_id)  # the truth, to check the views against
    assert cached is not None
    live = cached.match
    hand = live.hands[-1] if live.is_over else live.current
    other = 1 - seat
    hidden = {str(c) for c in hand.cards[other]}
    if len(hand.shows) < 3:
        hidden |= {str(c) for c in hand.laid_away[other]}
    return hidden if not hand.is_over else set()


def test_a_whole_match_between_two_people_hides_each_hand(service: TableService) -> None:
    created = _new(service, PEOPLE)
    tokens = created.tokens
    rng = random.Random(4)
    moves = 0
    while True:
        view = service.view(created.match_id, tokens[0])
        assert isinstance(view, views.SeatView)
        if view.finished:
            break
        seat = view.to_act
        assert seat is not None
        mine = service.view(created.match_id, tokens[seat])
        assert isinstance(mine, views.SeatView) and mine.legal_actions
        for looker in (0, 1):
            seen = service.view(created.match_id, tokens[looker]).to_json()
            seen.pop("last_hand")  # an earlier deal, all revealed: its cards are other deals'
            text = json.dumps(seen)
            for card in _hidden(service, created.match_id, looker):
                assert card not in text, (card, looker, seen["phase"])
        service.act(created.match_id, tokens[seat], rng.choice(mine.legal_actions))
        moves += 1
    assert view.final is not None and max(view.board.pegs) >= 61
    assert view.games[0].winner == view.final.winner
    assert moves > 20


def test_an_illegal_move_changes_nothing_and_a_reload_gives_the_same_view(
    service: TableService, db_url: str
) -> None:
    created = _new(service, VS_COMPUTER, "standard")
    token = created.tokens[0]
    before = service.view(created.match_id, token)
    with pytest.raises(IllegalActionError):
        service.act(created.match_id, token, "play ZZ")
    with pytest.raises(IllegalActionError):
        service.act(created.match_id, token, "go")
    assert service.view(created.match_id, token) == before
    assert isinstance(before, views.SeatView)
    service.act(created.match_id, token, before.legal_actions[0])
    after = service.view(created.match_id, token)
    again = TableService(Store(db_url)).view(created.match_id, token)
    assert again == after


def test_muggins_between_people_through_the_service(service: TableService) -> None:
    created = _new(service, PEOPLE, "muggins")
    tokens = created.tokens
    rng = random.Random(2)
    while True:
        view = service.view(created.match_id, tokens[0])
        assert isinstance(view, views.SeatView)
        if view.phase in ("count", "answer"):
            break
        seat = view.to_act
        assert seat is not None
        mine = service.view(created.match_id, tokens[seat])
        service.act(created.match_id, tokens[seat], rng.choice(mine.legal_actions))
    counting = view.counting
    assert counting is not None and counting.stated is None
    assert "total" not in json.dumps(view.to_json()["counting"])
    owner = counting.seat
    service.act(created.match_id, tokens[owner], "count 0")
    other = service.view(created.match_id, tokens[1 - owner])
    assert isinstance(other, views.SeatView)
    assert other.phase == "answer" and other.counting is not None and other.counting.stated == 0
    assert set(other.legal_actions) == {"muggins", "accept"}
    service.act(created.match_id, tokens[1 - owner], "muggins")
    shown = service.view(created.match_id, tokens[0])
    assert isinstance(shown, views.SeatView)
    last = shown.shows[-1] if shown.shows else shown.last_hand.shows[0]  # type: ignore[union-attr]
    assert last.stated == 0 and last.muggins == last.total


def test_replay_hint_and_next_match(service: TableService) -> None:
    created = _new(service, VS_COMPUTER)
    token = created.tokens[0]
    assert created.tokens[0] is not None
    advice = service.hint(created.match_id, token)
    assert isinstance(advice, views.HintView)
    view = service.view(created.match_id, token)
    assert isinstance(view, views.SeatView) and advice.action in view.legal_actions
    rng = random.Random(9)
    while not view.finished:
        view = service.act(created.match_id, token, rng.choice(view.legal_actions))
        assert isinstance(view, views.SeatView)
    replay = service.replay_hand(created.match_id, token, 1)
    assert isinstance(replay, views.HandReplay)
    assert replay.end.seed is not None and len(replay.end.kept[1]) == 4
    assert len([s for s in replay.steps if s.action.startswith("discard ")]) == 2
    nxt = service.next_match(created.match_id, token)
    assert nxt == service.next_match(created.match_id, token)
    follow = service.view(nxt, token)
    assert isinstance(follow, views.SeatView) and follow.game == "cribbage"
    assert follow.rules == view.rules and follow.final is None


def test_the_cribbage_lesson_through_the_table() -> None:
    lessons = Lessons()
    start = lessons.start("cribbage")
    assert isinstance(start, views.LessonView) and start.step.key == "deal"
    wrong = lessons.act(start.lesson_id, "play 5H")
    assert not wrong.ok and wrong.step.index == 0
    for step in LESSON_STEPS[:-1]:
        view = lessons.view(start.lesson_id)
        assert isinstance(view, views.LessonView)
        if view.step.key == "count":
            assert view.shows == () and view.pegs == (10, 3)  # nothing of the show yet
            miss = lessons.act(start.lesson_id, "count 8")
            assert not miss.ok and "more than 8" in miss.step.message
        answer = step.action
        done = lessons.act(start.lesson_id, answer) if answer else lessons.advance(start.lesson_id)
        assert done.ok, (step.key, done.step.message)
    final = lessons.view(start.lesson_id)
    assert isinstance(final, views.LessonView) and final.step.finished
    assert [s.total for s in final.shows] == [5, 10, 2]
    assert final.pegs == (22, 8)


def test_the_back_peg_stays_where_the_front_peg_last_stood_across_hands(
    service: TableService,
) -> None:
    created = _new(service, VS_COMPUTER, "standard")
    token = created.tokens[0]
    view = service.view(created.match_id, token)
    rng = random.Random(3)
    checked = 0
    while not view.finished and checked < 3:
        assert isinstance(view, views.SeatView)
        hand = view.hand_number
        view = service.act(created.match_id, token, rng.choice(view.legal_actions))
        assert isinstance(view, views.SeatView)
        if view.hand_number != hand and view.game_number == 1:
            # A new hand, nobody has scored in it yet: each back peg is where it stood
            # before that seat's last move in the last hand, below the front peg.
            board = view.board
            assert all(b < f or f == 0 for b, f in zip(board.back_pegs, board.pegs, strict=True))
            assert view.last_hand is not None and board.pegs == view.last_hand.pegs
            checked += 1
    assert checked == 3


@pytest.mark.parametrize(
    ("hand", "starter", "kind", "points"),
    [
        ("4H 5H 6H 6S", "6D", "pair royal", 6),
        ("5H 5S 5C JD", "5D", "double pair royal", 12),
        ("2C 2D 9S KH", "QC", "pair", 2),
    ],
)
def test_the_show_lists_the_pairs_of_a_rank_as_one_item(
    hand: str, starter: str, kind: str, points: int
) -> None:
    """Three of a rank are three pairs, but people count "pair royal, 6" once: one item of the
    view with the three cards, not three "pair" lines (four of a rank: a double pair royal)."""
    from cardtable.cards import parse_card, parse_cards
    from cardtable.cribbage.hand import ShowRecord

    record = ShowRecord.of(0, "hand", tuple(parse_cards(hand)), parse_card(starter))
    shown = views.show_view(record)
    pairs = [item for item in shown.items if "pair" in item.kind]
    assert [(item.kind, item.points) for item in pairs] == [(kind, points)]
    assert len(pairs[0].cards) == {"pair": 2, "pair royal": 3, "double pair royal": 4}[kind]
    assert len({c.rank for c in pairs[0].cards}) == 1
    assert sum(item.points for item in shown.items) == shown.total == record.score.total
