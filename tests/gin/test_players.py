"""Computer players: legal, deterministic, sensible; hints; the tournament runner."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import threading
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.cards import VALUES, CardSet, parse_cards
from cardtable.errors import CardTableError
from cardtable.gin.actions import DRAW_DISCARD, Action, ActionKind
from cardtable.gin.hand import Hand, Phase
from cardtable.gin.lesson import LessonSession
from cardtable.gin.melds import best_arrangement, deadwood
from cardtable.gin.players import LEVELS, ExpertPlayer, Player, make_player, player_names
from cardtable.gin.players.expert import Reasoner, best_after_discard
from cardtable.gin.players.hints import hint
from cardtable.gin.players.knowledge import Knowledge
from cardtable.gin.rules import Rules
from cardtable.sim import wilson_interval
from cardtable.sim.tournament import TournamentResult, run_tournament


def advance(hand: Hand, steps: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(steps):
        if hand.is_over:
            return
        legal = hand.legal_actions()
        quiet = [a for a in legal if not a.kind.ends_hand] or legal
        hand.apply(rng.choice(quiet))


def test_every_level_is_registered() -> None:
    assert set(LEVELS) | {"random", "simple"} <= set(player_names())
    with pytest.raises(CardTableError, match="unknown player 'wizard'"):
        make_player("wizard")


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 50),
    level=st.sampled_from(["random", "simple", "beginner", "intermediate", "expert"]),
    preset=st.sampled_from(["standard", "straight", "oklahoma", "digital"]),
)
def test_players_choose_legal_actions(seed: int, steps: int, level: str, preset: str) -> None:
    hand = Hand.deal(Rules.preset(preset), dealer=seed % 2, seed=seed)
    advance(hand, steps, seed)
    if hand.is_over:
        return
    seat = hand.to_act
    action = make_player(level, seed).act(hand.observation(seat))
    assert hand.is_legal(action), str(action)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 50))
def test_reasoning_players_are_deterministic_for_a_seed(seed: int, steps: int) -> None:
    hand = Hand.deal(Rules(), dealer=0, seed=seed)
    advance(hand, steps, seed)
    if hand.is_over:
        return
    view = hand.observation(hand.to_act)
    for level in ("beginner", "intermediate", "expert"):
        assert make_player(level, 3).act(view) == make_player(level, 3).act(view)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 50), organise=st.sampled_from([0, 1, 3]))
def test_sampled_opponent_hands_fit_the_observation(seed: int, steps: int, organise: int) -> None:
    hand = Hand.deal(Rules(), dealer=seed % 2, seed=seed)
    advance(hand, steps, seed)
    view = hand.observation(hand.to_act if not hand.is_over else 0)
    knowledge = Knowledge.from_observation(view)
    sample = knowledge.sample_opponent(random.Random(seed), organise)
    assert sample.bit_count() == view.opponent_card_count
    assert sample & view.opponent_known.mask == view.opponent_known.mask  # known cards kept
    assert sample & ~(knowledge.unseen | view.opponent_known.mask) == 0  # nothing we have seen


def test_organised_samples_look_like_a_hand_that_has_had_its_turns() -> None:
    # Twelve turns in, an opponent who keeps melds holds far less deadwood than ten random
    # cards; knock values estimated on random hands were twice what knocks really made.
    hand = Hand.deal(Rules(), dealer=0, seed="organise")
    advance(hand, 50, 7)  # quiet random moves: about twelve draws each
    assert not hand.is_over
    knowledge = Knowledge.from_observation(hand.observation(0))
    assert knowledge.opponent_draws >= 10
    rng = random.Random(5)
    plain = [deadwood(knowledge.sample_opponent(rng)) for _ in range(200)]
    organised = [deadwood(knowledge.sample_opponent(rng, 1.0)) for _ in range(200)]
    assert sum(organised) / 200 < 0.6 * sum(plain) / 200


def test_expert_values_a_hand_that_decides_the_match_above_its_points() -> None:
    view = Hand.deal(Rules(), dealer=0, seed="match").observation(0, (90, 40))
    reasoner = Reasoner()
    assert reasoner.match_value(view, 12) == 12 + 100  # reaches 100: the game bonus too
    assert reasoner.match_value(view, 5) == 5
    assert reasoner.match_value(view, -70) == -70 - 100  # hands the opponent the match
    assert reasoner.match_value(view, -30) == -30
    outside = Hand.deal(Rules(), dealer=0, seed="match").observation(0)
    assert reasoner.match_value(outside, 12) == 12


def first_chance_to_knock() -> Hand:
    """Deal "score-3", simple against simple, up to the first time a seat may knock."""
    hand = Hand.deal(Rules(), dealer=1, seed="score-3")
    simple = make_player("simple")
    while not any(a.kind is ActionKind.KNOCK for a in hand.legal_actions()):
        seat = hand.to_act
        hand.apply(simple.act(hand.observation(seat)), seat)
    return hand


def test_expert_knocks_to_win_the_match_where_it_would_wait_otherwise() -> None:
    # At 0-0 the expert waits (it hopes to undercut or go gin), at 95-0 a knock takes the match.
    hand = first_chance_to_knock()
    seat = hand.to_act
    expert = make_player("expert", 1)
    assert expert.act(hand.observation(seat, (0, 0))).kind is ActionKind.DISCARD
    ahead = (95, 0) if seat == 0 else (0, 95)
    assert expert.act(hand.observation(seat, ahead)).kind is ActionKind.KNOCK


def test_playing_on_is_worth_the_option_to_keep_waiting_while_the_stock_lasts() -> None:
    # The same play-outs under two allowances: a plain discard is worth exactly the
    # allowance more, a knock the same, and nothing changes once the stock is out.
    hand = first_chance_to_knock()
    view = hand.observation(hand.to_act)

    def values(wait_bias: float, stock_count: int | None = None) -> dict[str, float]:
        obs = view if stock_count is None else replace(view, stock_count=stock_count)
        scored = Reasoner(wait_bias=wait_bias).evaluate(obs, random.Random(5))
        return {str(a.action.kind) + str(a.action.card): a.value for a in scored}

    plain = next(
        str(a.action.kind) + str(a.action.card)
        for a in Reasoner(wait_bias=0.0).evaluate(view, random.Random(5))
        if a.action.kind is ActionKind.DISCARD
    )
    without, with_option = values(0.0), values(7.0)
    assert with_option[plain] == pytest.approx(without[plain] + 7.0)
    knocks = [k for k in without if k.startswith(str(ActionKind.KNOCK))]
    assert knocks and all(with_option[k] == pytest.approx(without[k]) for k in knocks)
    assert values(0.0, 2)[plain] == pytest.approx(values(7.0, 2)[plain])


def test_expert_lays_out_the_knock_that_leaves_the_defender_least() -> None:
    # Keeping AS 2S 3S 3H 3D 3C AC AH 2D 4H, two layouts leave 8 deadwood: a spade run
    # A-2-3 with the other threes, or the aces with all four threes. The opponent is known
    # to hold the 4S and 5S (taken from the pile), which lay off on the run only.
    hand = first_chance_to_knock()
    view = hand.observation(hand.to_act)
    mine = parse_cards("AS 2S 3S 3H 3D 3C AC AH 2D 4H KD")
    pile = tuple(c for c in view.discard_pile if c not in mine)
    obs = replace(
        view, hand=mine, opponent_known=parse_cards("4S 5S"), discard_pile=pile, taken=None
    )

    def layout(reasoner: Reasoner) -> set[str]:
        knock = next(
            a.action
            for a in reasoner.evaluate(obs, random.Random(1))
            if a.action.kind is ActionKind.KNOCK and str(a.action.card) == "KD"
        )
        assert knock.melds is not None
        return {str(m) for m in knock.melds}

    run = {"AS 2S 3S", "3H 3D 3C"}
    assert layout(Reasoner(max_layouts=1)) == run  # the first layout found, to compare
    assert layout(Reasoner()) == {"AS AH AC", "3S 3H 3D 3C"}


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 60))
def test_simple_follows_the_published_baseline(seed: int, steps: int) -> None:
    # Checked against a best arrangement from the solver, not simple's own helpers.
    hand = Hand.deal(Rules(), dealer=seed % 2, seed=seed)
    advance(hand, steps, seed)
    if hand.is_over:
        return
    seat = hand.to_act
    view = hand.observation(seat)
    legal = view.legal_actions()
    action = make_player("simple").act(view)
    cards = view.hand
    if view.phase in (Phase.OFFER, Phase.DRAW):
        top = view.top_discard
        assert top is not None or action.kind is not ActionKind.DRAW_DISCARD
        if top is not None and DRAW_DISCARD in legal:
            melds = best_arrangement(CardSet.from_mask(cards.mask | 1 << top)).melds
            joins = any(top in meld.cards for meld in melds)
            assert (action.kind is ActionKind.DRAW_DISCARD) == joins
        return
    enders = [a for a in legal if a.kind.ends_hand]
    if enders:  # knock or gin as soon as it legally can
        assert action.kind.ends_hand
        return
    loose = [c for c in best_arrangement(cards).unmatched if Action(ActionKind.DISCARD, c) in legal]
    assert action.kind is ActionKind.DISCARD and action.card is not None
    if loose:  # the highest-value deadwood card
        assert VALUES[action.card] == max(VALUES[c] for c in loose)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 60))
def test_beginner_never_throws_away_a_made_meld(seed: int, steps: int) -> None:
    hand = Hand.deal(Rules(), dealer=1, seed=seed)
    advance(hand, steps, seed)
    if hand.is_over or hand.phase is not Phase.DISCARD:
        return
    view = hand.observation(hand.to_act)
    action = make_player("beginner", seed).act(view)
    if action.kind is not ActionKind.DISCARD:
        return
    cards = view.hand.mask
    assert action.card is not None
    # The thrown card is deadwood in some best arrangement: no made meld was broken.
    assert deadwood(cards ^ 1 << action.card) == deadwood(cards) - VALUES[action.card]


def test_expert_takes_gin_when_it_is_there() -> None:
    # Eleven cards after drawing: throwing 5H leaves three melds and no deadwood.
    cards = parse_cards("2S 2C 3C 4C 5C 5D 6D 7D 8D 2H 5H").mask
    assert best_after_discard(cards) == 0
    hand = _hand_with_discard_turn("2S 2C 3C 4C 5C 5D 6D 7D 8D 5H", "2H")
    action = make_player("expert", 1).act(hand.observation(hand.to_act))
    assert action.kind is ActionKind.GIN and str(action.card) == "5H"


def _hand_with_discard_turn(ten: str, draw: str) -> Hand:
    """A hand where seat 1 (the non-dealer) holds ``ten`` and takes ``draw`` as the upcard."""
    mine = [int(c) for c in parse_cards(ten)]
    up = int(next(iter(parse_cards(draw))))
    rest = [c for c in range(52) if c not in mine and c != up]
    deck: list[int] = []
    for i in range(10):
        deck += [mine[i], rest[i]]
    deck.append(up)
    deck += rest[10:]
    hand = Hand(Rules(), dealer=0, deck=deck)
    hand.apply(Action.parse("take"), 1)
    return hand


def test_hint_in_the_lesson_hand_says_take_the_three_of_hearts() -> None:
    advice = hint(LessonSession().observation())
    assert str(advice.action) == "take"
    assert "3H" in advice.explanation and "4H" in advice.explanation
    assert {str(a.action) for a in advice.alternatives} == {"take", "pass"}


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 50))
def test_hints_recommend_a_legal_action_and_rank_every_alternative(seed: int, steps: int) -> None:
    hand = Hand.deal(Rules(), dealer=0, seed=seed)
    advance(hand, steps, seed)
    if hand.is_over:
        return
    view = hand.observation(hand.to_act)
    advice = hint(view)
    assert hand.is_legal(advice.action)
    assert advice.explanation.endswith(".")
    assert 1 <= len(advice.explanation.split(". ")) <= 3
    listed = {(a.action.kind, a.action.card) for a in advice.alternatives}
    legal = view.legal_actions()
    # A forced move has nothing to choose between: no alternatives (tests/gin/test_hints.py).
    assert listed == ({(a.kind, a.card) for a in legal} if len(legal) > 1 else set())
    values = [a.value for a in advice.alternatives]
    assert values == sorted(values, reverse=True)


def test_hint_refuses_when_it_is_not_your_turn() -> None:
    hand = Hand.deal(Rules(), dealer=0, seed=1)
    with pytest.raises(ValueError, match="not your turn"):
        hint(hand.observation(hand.dealer))


def test_duplicate_pair_exchanges_seats_on_the_same_deal() -> None:
    result = run_tournament("simple", "random", pairs=1, hands_only=True, seed="dup", workers=1)
    first, second = result.simulation.results
    assert first.seed == second.seed  # the same shuffle
    assert first.seats == (0, 1) and second.seats == (1, 0)
    # Simple beats random from either seat on this deal.
    assert first.winner != 1 and second.winner != 1
    assert first.deals == second.deals == 1 and result.hands == 2


def test_wilson_interval_brackets_the_rate() -> None:
    low, high = wilson_interval(60, 100)
    assert low < 0.6 < high
    assert high - low == pytest.approx(0.19, abs=0.01)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_tournament_over_worker_processes_matches_one_process() -> None:
    seen: list[int] = []

    def progress(result: TournamentResult) -> None:
        seen.append(result.games)

    single = run_tournament("simple", "beginner", pairs=3, hands_only=True, seed=4, workers=1)
    multi = run_tournament(
        "simple", "beginner", pairs=3, hands_only=True, seed=4, workers=2, progress=progress
    )
    timing = "ms_per_decision"
    assert {k: v for k, v in single.to_dict().items() if k != timing} == {
        k: v for k, v in multi.to_dict().items() if k != timing
    }
    assert single.points == multi.points
    assert single.games == 6 and not multi.interrupted
    assert seen == sorted(seen) and seen[-1] == 6 and all(n % 2 == 0 for n in seen)


def test_tournament_figures_come_from_the_simulated_games() -> None:
    result = run_tournament("simple", "random", pairs=1, rules=Rules(target=60), seed=2, workers=1)
    data = result.to_dict()
    assert list(data) == [
        "players", "unit", "games", "a_win_rate", "a_win_rate_ci95", "hands", "a_hand_win_rate",
        "a_hand_win_rate_ci95", "points_per_hand", "net_points_per_hand_a", "gin_rate",
        "undercut_rate", "dead_hand_rate", "ms_per_decision", "interrupted",
    ]  # fmt: skip
    games = result.simulation.results
    assert data["unit"] == "match" and data["games"] == 2
    assert result.hands == sum(g.deals for g in games) > 2
    # Points per hand count hand points, not the match totals with their bonuses.
    assert result.points == tuple(sum(g.hand_points[k] for g in games) for k in (0, 1))
    assert sum(result.points) < sum(sum(g.points) for g in games)
    assert data["points_per_hand"][0] == round(result.points[0] / result.hands, 3)
    assert json.loads(json.dumps(data)) == data


def test_ctrl_c_keeps_whole_duplicate_pairs() -> None:
    built: list[int] = []

    def simple_until_the_fourth_game(seed: int) -> Player:
        built.append(seed)
        if len(built) > 3:
            raise KeyboardInterrupt  # Ctrl-C during the fourth game
        return make_player("simple", seed)

    result = run_tournament(
        simple_until_the_fourth_game, "random", pairs=3, hands_only=True, workers=1
    )
    assert result.interrupted and result.to_dict()["interrupted"] is True
    # Three games were finished; the third lacks its duplicate and is left out.
    assert [g.index for g in result.simulation.results] == [0, 1] and result.games == 2


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_ctrl_c_prints_the_tournament_so_far() -> None:
    command = [
        sys.executable, "-m", "cardtable.cli.gin", "tournament", "simple", "beginner",
        "--matches", "2000", "--workers", "2", "--progress", "--json",
    ]  # fmt: skip
    # A session of its own: SIGINT to the whole group is what Ctrl-C in a terminal sends.
    # Ctrl-C as a terminal's user has it: a suite started in the background by a shell
    # without job control inherits SIGINT ignored, and Python then never raises it.
    process = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    # Never hang the test run (the workers hold stderr open too: kill them all).
    watchdog = threading.Timer(60, os.killpg, (process.pid, signal.SIGKILL))
    watchdog.start()
    try:
        assert process.stderr is not None
        first = process.stderr.readline()  # the first pairs are in: the workers are busy
        assert first.startswith("["), first
        os.killpg(process.pid, signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        watchdog.cancel()
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert process.returncode in (0, 130)
    data = json.loads(out)
    assert data["interrupted"] is True
    assert 2 <= data["games"] < 2000 and data["games"] % 2 == 0
    assert "Traceback" not in err


def test_the_time_budget_is_a_setting_of_every_level() -> None:
    expert = make_player("expert", 1, time_limit=0.05)
    assert isinstance(expert, ExpertPlayer) and expert.reasoner.time_limit == 0.05
    default = make_player("expert", 1)
    assert (
        isinstance(default, ExpertPlayer) and default.reasoner.time_limit == Reasoner().time_limit
    )
    for level in ("random", "simple", "beginner", "intermediate"):
        assert make_player(level, 1, time_limit=0.05).name == level  # they never search
    with pytest.raises(CardTableError, match="time_limit must be a positive"):
        make_player("expert", 1, time_limit=0)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(20, 60))
def test_an_expert_out_of_time_still_chooses_a_legal_action(seed: int, steps: int) -> None:
    hand = Hand.deal(Rules(), dealer=seed % 2, seed=seed)
    advance(hand, steps, seed)
    if hand.is_over:
        return
    seat = hand.to_act
    action = make_player("expert", seed, time_limit=1e-9).act(hand.observation(seat))
    assert hand.is_legal(action), str(action)
