"""Cribbage through the table service: a whole match, views that hide what a seat may not
know, resuming from the database, muggins between people, replays, hints and the lesson."""

from __future__ import annotations

import json
import random

import pytest

from cardtable.cribbage import views
from cardtable.cribbage.lesson import LESSON_STEPS
from cardtable.cribbage.score import show_score
from cardtable.errors import CardTableError, IllegalActionError
from cardtable.store import Store
from cardtable.table import Lessons, NotYourTurnError, SeatSpec, TableService

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


def test_at_a_friends_table_the_dealer_may_lay_away_first(service: TableService) -> None:
    """CRIBBAGE.md 1: both lay away at the same time; the one who has laid away sees only
    that the other has or has not."""
    created = _new(service, PEOPLE)
    tokens = created.tokens
    first = service.view(created.match_id, tokens[0])
    assert isinstance(first, views.SeatView) and first.phase == "discard"
    dealer = first.dealer
    mine = service.view(created.match_id, tokens[dealer])
    assert isinstance(mine, views.SeatView)
    assert mine.my_turn and mine.to_act == dealer and len(mine.legal_actions) == 15
    laid = mine.legal_actions[0]
    after = service.act(created.match_id, tokens[dealer], laid)  # before the non-dealer
    assert isinstance(after, views.SeatView)
    assert after.phase == "discard" and not after.my_turn and after.to_act == 1 - dealer
    assert not after.opponent_laid_away and len(after.laid_away) == 2
    with pytest.raises(NotYourTurnError):
        service.act(created.match_id, tokens[dealer], f"discard {after.hand[0]} {after.hand[1]}")
    other = service.view(created.match_id, tokens[1 - dealer])
    assert isinstance(other, views.SeatView)
    assert other.my_turn and other.to_act == 1 - dealer and other.opponent_laid_away
    text = json.dumps(other.to_json())
    assert all(card not in text for card in laid.split()[1:])  # that it has, not what
    assert other.events[-1].action == "discard"
    service.act(created.match_id, tokens[1 - dealer], other.legal_actions[0])
    both = service.view(created.match_id, tokens[dealer])
    assert isinstance(both, views.SeatView) and both.phase == "play" and both.starter is not None


def _to_a_persons_count(
    service: TableService, seats: tuple[SeatSpec, SeatSpec], seed: int
) -> tuple[str, tuple[str | None, str | None], views.SeatView]:
    """A muggins match played on at random to the first count a person states: the match,
    its tokens and the stater's view."""
    rules = service.make_rules("cribbage", "muggins", {})
    created = service.create_match(seats, rules=rules, seed=f"count-{seed}", game="cribbage")
    tokens = created.tokens
    rng = random.Random(seed)
    while True:
        for seat in (0, 1):
            if tokens[seat] is None:
                continue
            view = service.view(created.match_id, tokens[seat])
            assert isinstance(view, views.SeatView) and not view.finished
            if view.phase == "count" and view.my_turn:
                return created.match_id, tokens, view
            if view.my_turn:
                choice = "accept" if view.phase == "answer" else rng.choice(view.legal_actions)
                service.act(created.match_id, tokens[seat], choice)
                break


def _truth(view: views.SeatView) -> int:
    counting = view.counting
    assert counting is not None
    return show_score(counting.cards, counting.starter, crib=counting.kind == "crib").total


def test_while_a_person_states_a_count_nothing_tells_it(service: TableService) -> None:
    """CRIBBAGE.md 4: no hint, advice or aid tells the count being stated; stating too many
    is not refused (a refusal would tell), and the statement is final."""
    match_id, tokens, view = _to_a_persons_count(service, PEOPLE, 5)
    owner = view.seat
    token = tokens[owner]
    assert token is not None
    truth = _truth(view)
    with pytest.raises(CardTableError, match="no hint while you state your count"):
        service.hint(match_id, token)
    aided = service.view(match_id, token, aids=True)
    assert isinstance(aided, views.SeatView)
    data = aided.to_json()
    assert data["legal_actions"] == ["count"] and data["counting"]["stated"] is None
    assert "total" not in json.dumps(data["counting"])
    assert data["aids"]["lay_away"] == [] and data["aids"]["play_risk"] == {}
    assert len(data["shows"]) == len(service._live.peek(match_id).match.current.shows)  # type: ignore[union-attr]
    assert not any(
        s["reason"] in ("hand", "crib") for e in data["events"][-1:] for s in e["scores"]
    )
    before = aided.board.pegs
    stated = service.act(match_id, token, f"count {truth + 2}")  # too many: final, not refused
    assert isinstance(stated, views.SeatView) and stated.phase == "answer"
    assert stated.board.pegs == before and not stated.my_turn
    with pytest.raises(NotYourTurnError):
        service.act(match_id, token, f"count {truth}")  # no second try
    other = tokens[1 - owner]
    assert other is not None
    service.act(match_id, other, "muggins")
    after = service.view(match_id, token)
    assert isinstance(after, views.SeatView)
    gained = [after.board.pegs[s] - before[s] for s in (0, 1)]
    assert gained[owner] == truth and gained[1 - owner] == 2


@pytest.mark.parametrize("error", [0, 3, -1])
def test_a_computer_opponent_answers_a_count_correctly(service: TableService, error: int) -> None:
    """Muggins on any error (too many or too few), accept when exact; too many, called,
    pegs the true total."""
    match_id, tokens, view = _to_a_persons_count(service, VS_COMPUTER, 7)
    token = tokens[0]
    assert token is not None and view.seat == 0
    truth = _truth(view)
    stated = max(0, truth + error)
    after = service.act(match_id, token, f"count {stated}")
    assert isinstance(after, views.SeatView)
    steps = list(after.events)
    if after.last_hand is not None and not any(e.action == f"count {stated}" for e in steps):
        replay = service.replay_hand(match_id, token, after.last_hand.deal)
        assert isinstance(replay, views.HandReplay)
        steps = list(replay.steps)
    at = next(i for i, e in enumerate(steps) if e.seat == 0 and e.action == f"count {stated}")
    answer = steps[at + 1]
    assert answer.seat == 1 and answer.action == ("accept" if stated == truth else "muggins")
    pegged = {(s.seat, s.reason): s.points for s in answer.scores}
    assert pegged.get((0, view.counting.kind if view.counting else ""), 0) == min(stated, truth)
    assert pegged.get((1, "muggins"), 0) == abs(truth - stated)


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
