"""The vector environment: the same game as the scalar engine, action by action, in batches.

The reference is the scalar environments' :class:`~cardtable.gin.env.core.GameCore` (itself
over :class:`~cardtable.gin.hand.Hand` and :class:`~cardtable.gin.match.Match`): with
``deals="engine"`` game ``g``'s episode is dealt from the seed the scalar core is reset with,
the same legal random actions go to both, and every observation, mask, reward and done flag
must agree at every step.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path

import gymnasium
import numpy as np
import numpy.typing as npt
import pytest
from gymnasium.vector import AutoresetMode

from cardtable.cards import CardSet
from cardtable.errors import IllegalActionError
from cardtable.gin.env import NUM_ACTIONS, OBS_SIZE, GinRummyGymEnv
from cardtable.gin.env.actions import legal_ids
from cardtable.gin.env.batch import FastDecks, GinBatch, random_actions
from cardtable.gin.env.core import GameCore, RewardMode
from cardtable.gin.env.encoding import encode_hand
from cardtable.gin.env.kernels import deadwood, knockable
from cardtable.gin.env.scalar_path import ScalarPath
from cardtable.gin.env.vector import (
    ENV_ID,
    OUTCOMES,
    SCALAR_UP_TO,
    GinRummyVectorEnv,
    VectorPath,
)
from cardtable.gin.hand import Hand
from cardtable.gin.melds import best_discard, knock_discards
from cardtable.gin.melds import deadwood as engine_deadwood
from cardtable.gin.rules import PRESETS, Rules
from cardtable.gin.showdown import Outcome
from tests.helpers import brute_deadwood, build_deck

PRESET_NAMES = sorted(PRESETS)
# Both ways of playing the games (the batch of numpy arrays, the engine game by game) must be
# the same environment: the tests of its behaviour run on each.
PATHS: tuple[VectorPath, ...] = ("batch", "scalar")
I8 = npt.NDArray[np.int8]
I64 = npt.NDArray[np.int64]


# -- the kernels -----------------------------------------------------------------------------


def random_hands(rng: random.Random, count: int) -> list[int]:
    """Hands of 0 to 11 cards, a third of them piled on three ranks (sets, four-card ranks)."""
    hands = []
    for number in range(count):
        size = rng.choice([0, 1, 3, 9, 10, 10, 11, 11])
        if number % 3 == 0:
            cards = [s * 13 + r for r in rng.sample(range(13), 3) for s in range(4)]
            cards += rng.sample(range(52), 4)
            cards = list(set(cards))
        else:
            cards = list(range(52))
        hands.append(sum(1 << c for c in rng.sample(cards, min(size, len(cards)))))
    return hands


def test_batch_deadwood_is_the_engines_exact_minimum() -> None:
    hands = random_hands(random.Random(5), 30_000)
    got = deadwood(np.array(hands, dtype=np.uint64)).tolist()
    assert got == [engine_deadwood(h) for h in hands]
    # And the engine's own answer is checked here against a brute force, on a sample.
    assert got[:300] == [brute_deadwood(h) for h in hands[:300]]


def test_batch_knockable_cards_are_the_engines_knock_discards() -> None:
    rng = random.Random(6)
    hands = [h for h in random_hands(rng, 40_000) if h.bit_count() == 11]
    thresholds = np.array([rng.choice([0, 3, 10]) for _ in hands], dtype=np.int64)
    masks = np.array(hands, dtype=np.uint64)
    keep = np.array([1 << rng.choice([c for c in range(52) if h >> c & 1]) for h in hands])
    keep = np.where(np.arange(len(hands)) % 2 == 0, keep, 0).astype(np.uint64)
    knocks, gins = knockable(masks, deadwood(masks), thresholds, keep)
    found = [
        [(c, left) for c, left in knock_discards(h, int(t)) if not int(k) >> c & 1]
        for h, t, k in zip(hands, thresholds, keep, strict=True)
    ]
    assert knocks.tolist() == [sum(1 << c for c, _ in f) for f in found]
    assert gins.tolist() == [sum(1 << c for c, left in f if left == 0) for f in found]
    # The check has teeth: many hands can knock, some go gin.
    assert sum(1 for f in found if f) > 200 and gins.any()
    # A handful of hands near a knock take the engine's own search: the same answers.
    near = np.array([i for i, f in enumerate(found) if f][:6])
    few = knockable(masks[near], deadwood(masks[near]), thresholds[near], keep[near])
    assert few[0].tolist() == knocks[near].tolist() and few[1].tolist() == gins[near].tolist()


def test_random_actions_are_legal_and_uniform() -> None:
    masks = np.zeros((20_000, NUM_ACTIONS), dtype=np.int8)
    masks[:, [0, 5, 60]] = 1
    masks[::2, 107] = 1
    chosen = random_actions(masks, np.random.default_rng(3))
    assert (masks[np.arange(len(masks)), chosen] == 1).all()
    counts = np.bincount(chosen[1::2], minlength=NUM_ACTIONS)[[0, 5, 60]]
    assert counts.min() > 3000 and counts.max() < 3700  # 10,000 rows, 3 ids: about 3,333


# -- the same game as the engine -------------------------------------------------------------


def biased_actions(masks: I8, rng: np.random.Generator) -> I64:
    """Random legal ids, knocking or going gin most times it is allowed (so that showdowns,
    undercuts, gins and big gins all happen), and 0 for rows without a legal id."""
    live = masks.any(axis=1)
    safe = masks.copy()
    safe[~live, 0] = 1
    chosen = random_actions(safe, rng)
    knock = masks[:, 55:107].any(axis=1) & (rng.random(len(masks)) < 0.8)
    chosen[knock] = 55 + random_actions(masks[knock, 55:107], rng)
    big = masks[:, 107] == 1
    chosen[big] = 107
    return chosen


def steered_actions(cores: list[GameCore], masks: I8, rng: np.random.Generator) -> I64:
    """Legal ids for the scalar cores' games, mostly good play so that knocks, undercuts, gins
    and big gins all happen: take a discard that lowers the deadwood, throw the card that
    leaves the least, knock or go gin when allowed; a third of the time a random legal id."""
    chosen = biased_actions(masks, rng)
    steer = rng.random(len(cores)) < 0.67
    for game, core in enumerate(cores):
        if core.over or not steer[game] or chosen[game] >= 55:
            continue
        seat = core.to_act
        assert seat is not None
        hand = core.hand
        cards = hand.cards(seat).mask
        if masks[game, 1] and hand.top_discard is not None:
            top = int(hand.top_discard)
            left, _ = best_discard(cards | 1 << top, keep=1 << top)
            chosen[game] = 1 if left < engine_deadwood(cards) else (0 if masks[game, 0] else 2)
        elif masks[game, 3:55].any():
            # The mask leaves out the card just taken: keep whatever it leaves out.
            allowed = sum(1 << int(c) for c in np.flatnonzero(masks[game, 3:55]))
            _, card = best_discard(cards, keep=cards & ~allowed)
            chosen[game] = 3 + card
    return chosen


def play_both(
    preset: str,
    reward: RewardMode,
    num: int,
    steps: int,
    seed: int,
    autoreset: AutoresetMode = AutoresetMode.NEXT_STEP,
    path: VectorPath = "batch",
) -> tuple[int, set[str]]:
    """Self-play the vector environment and ``num`` scalar cores side by side; the episodes
    finished and the outcomes seen."""
    rules = Rules.preset(preset)
    environment = GinRummyVectorEnv(
        num, opponent="self", rules=rules, reward=reward, deals="engine", autoreset_mode=autoreset,
        path=path,
    )  # fmt: skip
    observations, info = environment.reset(seed=seed)
    cores = [GameCore(rules, reward) for _ in range(num)]
    for game, core in enumerate(cores):
        core.reset(environment.episode_seed(game))
    rng = np.random.default_rng(seed)
    waiting = np.zeros(num, dtype=np.bool_)  # next-step autoreset pending
    finished = 0
    outcomes: set[str] = set()
    for _ in range(steps):
        seats = info["seat"]
        for game, core in enumerate(cores):
            if waiting[game]:
                continue
            seat = core.to_act
            assert seat == seats[game]
            assert np.array_equal(observations[game], core.encode(seat))
            assert np.array_equal(info["action_mask"][game], core.mask(seat))
        actions = steered_actions(cores, info["action_mask"], rng)
        observations, rewards, terminated, truncated, info = environment.step(actions)
        assert not truncated.any()
        for game, core in enumerate(cores):
            if waiting[game]:
                core.reset(environment.episode_seed(game))
                assert rewards[game] == 0 and not terminated[game]
                waiting[game] = False
                continue
            seat = core.to_act
            assert seat is not None
            gained = core.apply(int(actions[game]))
            assert tuple(info["rewards"][game]) == gained
            assert rewards[game] == gained[seat]
            assert terminated[game] == core.over
            ended = len(core.results) > 0 and core.results[-1] is not None
            if info["_outcome"][game]:
                assert ended
                last = core.results[-1]
                assert OUTCOMES[info["outcome"][game]] is last.outcome
                assert info["winner"][game] == (-1 if last.winner is None else last.winner)
                assert info["points"][game] == last.points
                outcomes.add(last.outcome.value)
            if core.over:
                finished += 1
                final = core.encode(seat)
                if autoreset is AutoresetMode.SAME_STEP:
                    assert info["_final_obs"][game]
                    assert np.array_equal(info["final_obs"][game], final)
                    core.reset(environment.episode_seed(game))
                else:
                    assert np.array_equal(observations[game], final)
                    assert not info["action_mask"][game].any()
                    waiting[game] = True
    return finished, outcomes


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_hands_match_the_engine_action_by_action(preset: str, path: VectorPath) -> None:
    finished, outcomes = play_both(
        preset, "hand", num=96, steps=400, seed=3 + PRESET_NAMES.index(preset), path=path
    )
    expected = {"knock", "undercut", "gin", "dead"}
    if preset == "straight":
        expected -= {"knock", "undercut"}  # straight gin: gin is the only way out
    # Over 3,000 hands across the presets (fewer where knocks need less deadwood).
    assert finished > {"straight": 300, "oklahoma": 500}.get(preset, 700)
    assert expected <= outcomes


@pytest.mark.parametrize(
    ("preset", "reward"),
    [
        ("standard", "match"),
        ("pagat", "match_dense"),
        ("digital", "match_dense"),
        ("oklahoma", "match"),
        ("straight", "match_dense"),
    ],
)
@pytest.mark.parametrize("path", PATHS)
def test_matches_match_the_engine_action_by_action(
    preset: str, reward: RewardMode, path: VectorPath
) -> None:
    finished, outcomes = play_both(preset, reward, num=48, steps=500, seed=7, path=path)
    assert finished > (5 if preset == "straight" else 30)
    assert "dead" in outcomes and "gin" in outcomes


@pytest.mark.parametrize("path", PATHS)
def test_same_step_autoreset_matches_the_engine(path: VectorPath) -> None:
    finished, _ = play_both("standard", "hand", num=64, steps=300, seed=9,
                            autoreset=AutoresetMode.SAME_STEP, path=path)  # fmt: skip
    assert finished > 200


def test_big_gin_and_a_knock_with_lay_offs_are_scored_by_the_engines_rules() -> None:
    rules = Rules.preset("digital")  # big gin on
    decks = np.array(
        [
            # The non-dealer takes the upcard and holds eleven spades in a row: big gin.
            build_deck("AS 2S 3S 4S 5S 6S 7S 8S 9S TS", upcard="JS"),
            # The non-dealer takes the upcard (KS) and knocks throwing AD, 4C (4) left;
            # the dealer lays 5H and 9H off on the run of hearts.
            build_deck("6H 7H 8H 2C 2S 2H KC KD AD 4C", "5H 9H QC QD JC 3S 4S 9S TD TS", "KS"),
        ],
        dtype=np.int8,
    )
    batch = GinBatch(rules, 2, "hand")
    batch.start(batch.rows, decks=decks, dealers=np.array([0, 0]))
    batch.settle()
    hands = [Hand(rules, 0, deck.tolist()) for deck in decks]
    result = None
    for step in range(2):
        observations, masks = batch.encode(None, batch.to_act)
        for game, hand in enumerate(hands):
            assert np.array_equal(observations[game], encode_hand(hand, hand.to_act))
            assert sorted(legal_ids(hand.legal_actions())) == np.flatnonzero(masks[game]).tolist()
        # Take both upcards; then big gin, and a knock throwing AD.
        ids = np.array([1, 1] if step == 0 else [107, 55 + 13 * 2], dtype=np.int64)
        assert (masks[np.arange(2), ids] == 1).all()
        result = batch.apply(batch.rows, ids)
        batch.settle()
        for game, hand in enumerate(hands):
            seat = hand.to_act
            hand.apply(legal_ids(hand.legal_actions())[int(ids[game])])
            if hand.is_over:
                assert hand.result is not None
                points = hand.result.points_for(seat) - hand.result.points_for(1 - seat)
                assert result.rewards[game, seat] == points
                assert OUTCOMES[result.outcome[game]] is hand.result.outcome
    assert result is not None
    assert [OUTCOMES[c] for c in result.outcome] == [Outcome.BIG_GIN, Outcome.KNOCK]
    answer = hands[1].result.defender if hands[1].result is not None else None
    assert answer is not None and len(answer.layoffs) == 2  # the lay-offs really happened


def test_the_comparison_can_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    # A batch that forgets what a seat passed up must be caught at once.
    original = GinBatch._pass

    def forgetful(self: GinBatch, rows: I64, seats: I64) -> None:
        before = self.declined.copy()
        original(self, rows, seats)
        self.declined[:] = before

    monkeypatch.setattr(GinBatch, "_pass", forgetful)
    with pytest.raises(AssertionError):
        play_both("standard", "hand", num=16, steps=40, seed=1, path="batch")


def test_fast_deals_play_the_engines_rules() -> None:
    """With numpy shuffles the decks are the batch's own: a Hand dealt the same deck agrees."""
    rules = Rules.preset("oklahoma")
    environment = GinRummyVectorEnv(64, opponent="self", rules=rules, path="batch")
    observations, info = environment.reset(seed=3)
    batch = environment.batch
    assert batch is not None

    def deal(game: int) -> Hand:
        return Hand(rules, int(batch.dealer[game]), batch.deck[game].tolist())

    hands = [deal(g) for g in range(64)]
    rng = np.random.default_rng(4)
    done = 0
    for _ in range(400):
        legal = []
        for game, hand in enumerate(hands):
            ids = legal_ids(hand.legal_actions()) if not hand.is_over else {}
            legal.append(ids)
            if not hand.is_over:
                seat = hand.to_act
                assert np.array_equal(observations[game], encode_hand(hand, seat))
                assert sorted(ids) == np.flatnonzero(info["action_mask"][game]).tolist()
        actions = biased_actions(info["action_mask"], rng)
        observations, rewards, terminated, _, info = environment.step(actions)
        for game, hand in enumerate(hands):
            if hand.is_over:
                hands[game] = deal(game)  # the next-step autoreset dealt a new deck
                continue
            seat = hand.to_act
            hand.apply(legal[game][int(actions[game])])
            assert terminated[game] == hand.is_over
            if hand.is_over:
                done += 1
                assert hand.result is not None
                assert rewards[game] == hand.result.points_for(seat) - hand.result.points_for(
                    1 - seat
                )
    assert done > 200
    # The same seed deals the same decks, another seed others.
    decks = []
    for seed in (3, 3, 4):
        again = GinRummyVectorEnv(64, opponent="self", rules=rules, path="batch")
        again.reset(seed=seed)
        assert again.batch is not None
        decks.append(again.batch.deck)
    assert np.array_equal(decks[0], decks[1]) and not np.array_equal(decks[0], decks[2])


# -- against an opponent ----------------------------------------------------------------------


def lowest_legal(observations: npt.NDArray[np.float32], masks: I8) -> I64:
    """A deterministic batch policy: the highest legal id below a knock, else a knock."""
    ids = np.where(masks[:, :55].any(axis=1), np.argmax(masks[:, :55][:, ::-1], axis=1), -1)
    chosen = np.where(ids >= 0, 54 - ids, 55 + np.argmax(masks[:, 55:], axis=1))
    knock = masks[:, 55:107].any(axis=1)
    chosen[knock] = 55 + np.argmax(masks[knock, 55:107], axis=1)
    return chosen.astype(np.int64)


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize(("reward", "seat"), [("hand", 0), ("hand", None), ("match_dense", 1)])
def test_an_opponent_policy_plays_inside_the_step(
    reward: RewardMode, seat: int | None, path: VectorPath
) -> None:
    """The learner's view of the scalar wrapper: the opponent's turns happen in the step,
    rewards are the learner's, an episode the opponent ends before the learner acts is dealt
    again and points scored before its first action come with its first step."""
    rules = Rules(target=60)
    num = 32
    environment = GinRummyVectorEnv(
        num, opponent=lowest_legal, seat=seat, rules=rules, reward=reward, deals="engine",
        path=path,
    )  # fmt: skip
    observations, info = environment.reset(seed=12)
    cores = [GameCore(rules, reward) for _ in range(num)]
    learners = info["seat"].copy()
    pending = np.zeros(num)

    def opponent_turns(game: int) -> float:
        core = cores[game]
        gained = 0.0
        while core.to_act == 1 - learners[game]:
            seat_now = 1 - learners[game]
            choice = lowest_legal(core.encode(seat_now)[None], core.mask(seat_now)[None])[0]
            gained += core.apply(int(choice))[learners[game]]
        return gained

    def start(game: int) -> None:
        while True:
            cores[game].reset(environment.episode_seed(game))
            pending[game] = opponent_turns(game)
            if not cores[game].over:
                return

    for game in range(num):
        start(game)
    rng = np.random.default_rng(0)
    waiting = np.zeros(num, dtype=np.bool_)
    finished = 0
    for _ in range(250):
        for game, core in enumerate(cores):
            if not waiting[game]:
                assert core.to_act == learners[game] == info["seat"][game]
                assert np.array_equal(observations[game], core.encode(learners[game]))
                assert np.array_equal(info["action_mask"][game], core.mask(learners[game]))
        actions = biased_actions(info["action_mask"], rng)
        observations, rewards, terminated, _, info = environment.step(actions)
        for game, core in enumerate(cores):
            if waiting[game]:
                learners[game] = info["seat"][game]
                start(game)
                waiting[game] = False
                assert rewards[game] == 0
                continue
            gained = core.apply(int(actions[game]))[learners[game]] + pending[game]
            pending[game] = 0
            gained += opponent_turns(game)
            assert rewards[game] == gained
            assert terminated[game] == core.over
            if core.over:
                finished += 1
                waiting[game] = True
                assert np.array_equal(observations[game], core.encode(learners[game]))
    assert finished > 25
    if seat is None:
        assert 0 < learners.sum() < num


@pytest.mark.parametrize("path", PATHS)
def test_the_random_opponent_and_the_seat(path: VectorPath) -> None:
    environment = GinRummyVectorEnv(200, seat=1, path=path)
    observations, info = environment.reset(seed=2)
    assert (info["seat"] == 1).all()
    assert (observations[:, 420] == 1).all()  # always the learner's turn
    rng = np.random.default_rng(1)
    totals = np.zeros(200)
    for _ in range(300):
        actions = biased_actions(info["action_mask"], rng)
        observations, rewards, terminated, _, info = environment.step(actions)
        totals += rewards
        live = ~terminated
        assert (observations[live, 420] == 1).all()
        assert (info["action_mask"][live].sum(axis=1) > 0).all()
    assert totals.sum() > 0  # knocking whenever possible beats uniform random play


def test_unknown_opponents_point_to_the_scalar_environment() -> None:
    with pytest.raises(ValueError, match="vectorization_mode='sync'"):
        GinRummyVectorEnv(2, opponent="simple")
    with pytest.raises(TypeError):
        GinRummyVectorEnv(2, opponent=3)
    for bad in ({"seat": 2}, {"deals": "slow"}, {"autoreset_mode": "later"}, {"reward": "x"}):
        with pytest.raises(ValueError):
            GinRummyVectorEnv(2, **bad)


@pytest.mark.parametrize("path", PATHS)
def test_a_broken_opponent_policy_is_named(path: VectorPath) -> None:
    environment = GinRummyVectorEnv(
        4, opponent=lambda obs, masks: np.full(len(obs), 54), seat=0,
        path=path,
    )  # fmt: skip
    with pytest.raises(IllegalActionError, match="opponent policy chose action 54"):
        environment.reset(seed=1)
        for _ in range(5):
            environment.step(random_actions(environment._masks, np.random.default_rng(0)))


# -- the Gymnasium vector API --------------------------------------------------------------


def test_make_vec_returns_it_with_the_single_spaces_of_the_scalar_environment() -> None:
    vector = gymnasium.make_vec(
        ENV_ID, num_envs=16, vectorization_mode="vector_entry_point", opponent="self"
    )
    assert isinstance(vector.unwrapped, GinRummyVectorEnv)
    scalar = GinRummyGymEnv()
    assert vector.single_observation_space == scalar.observation_space
    assert vector.single_action_space == scalar.action_space
    assert vector.observation_space.shape == (16, OBS_SIZE)
    assert vector.metadata["autoreset_mode"] is AutoresetMode.NEXT_STEP
    observations, info = vector.reset(seed=0)
    assert vector.observation_space.contains(observations)
    actions = random_actions(info["action_mask"], np.random.default_rng(0))
    assert vector.action_space.contains(actions)
    observations, rewards, terminated, truncated, info = vector.step(actions)
    assert vector.observation_space.contains(observations)
    assert rewards.shape == terminated.shape == truncated.shape == (16,)
    assert info["_action_mask"].all() and info["action_mask"].dtype == np.int8
    # The same id vectorizes the scalar environment (any computer opponent) the usual way.
    synced = gymnasium.make_vec(ENV_ID, num_envs=2, vectorization_mode="sync", opponent="simple")
    assert synced.single_observation_space == vector.single_observation_space
    synced.close()
    vector.close()


@pytest.mark.parametrize("path", PATHS)
def test_gymnasiums_vector_wrappers_run_on_it(path: VectorPath) -> None:
    from gymnasium.wrappers.vector import RecordEpisodeStatistics

    vector = RecordEpisodeStatistics(
        GinRummyVectorEnv(32, opponent="self", reward="hand", path=path)
    )
    _, info = vector.reset(seed=5)
    rng = np.random.default_rng(5)
    episodes = 0
    for _ in range(300):
        actions = biased_actions(info["action_mask"], rng)
        _observations, _rewards, _terminated, _truncated, info = vector.step(actions)
        if "episode" in info:
            episodes += int(info["_episode"].sum())
    assert episodes > 50


@pytest.mark.parametrize("path", PATHS)
def test_seeds_repeat_episodes_exactly(path: VectorPath) -> None:
    def run(seed: int) -> list[npt.NDArray[np.float32]]:
        environment = GinRummyVectorEnv(
            8, reward="match_dense", settings={"target": 40}, path=path
        )
        observations, info = environment.reset(seed=seed)
        rng = np.random.default_rng(0)
        seen = [observations]
        for _ in range(80):
            observations, *_, info = environment.step(biased_actions(info["action_mask"], rng))
            seen.append(observations)
        return seen

    first, again, other = run(1), run(1), run(2)
    assert all(np.array_equal(a, b) for a, b in zip(first, again, strict=True))
    assert not all(np.array_equal(a, b) for a, b in zip(first, other, strict=True))


@pytest.mark.parametrize("path", PATHS)
def test_next_step_autoreset_ignores_the_action_after_an_ending(path: VectorPath) -> None:
    environment = GinRummyVectorEnv(
        16, opponent="self", max_episode_steps=6, path=path
    )
    observations, info = environment.reset(seed=4)
    rng = np.random.default_rng(4)
    for _step in range(1, 7):
        observations, rewards, terminated, truncated, info = environment.step(
            random_actions(info["action_mask"], rng)
        )
    assert truncated.all() and not terminated.any()  # six steps cannot end a hand
    assert not info["action_mask"].any()
    # Any id, even out of range, is ignored by the games being dealt again.
    observations, rewards, terminated, truncated, info = environment.step(np.full(16, 999))
    assert not rewards.any() and not terminated.any() and not truncated.any()
    assert (observations[:, 416] == 1).all()  # a fresh deal: the upcard is on offer
    assert (info["action_mask"][:, [1, 2]] == 1).all()


@pytest.mark.parametrize("path", PATHS)
def test_same_step_autoreset_returns_the_final_observation_in_info(path: VectorPath) -> None:
    environment = GinRummyVectorEnv(
        16, opponent="self", autoreset_mode="SameStep", path=path
    )
    assert environment.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP
    observations, info = environment.reset(seed=8)
    rng = np.random.default_rng(8)
    ended = 0
    for _ in range(400):
        observations, _rewards, terminated, _truncated, info = environment.step(
            biased_actions(info["action_mask"], rng)
        )
        assert (info["action_mask"].sum(axis=1) > 0).all()  # always a live decision
        if terminated.any():
            ended += int(terminated.sum())
            assert (info["_final_obs"] == terminated).all()
            assert (info["final_obs"][terminated][:, 419] == 1).all()  # phase over
            assert (observations[terminated][:, 416] == 1).all()  # the next deal
    assert ended > 30


@pytest.mark.parametrize("path", PATHS)
def test_disabled_autoreset_waits_for_a_reset_mask(path: VectorPath) -> None:
    environment = GinRummyVectorEnv(4, opponent="self", autoreset_mode=AutoresetMode.DISABLED,
                                    max_episode_steps=2, path=path)  # fmt: skip
    observations, info = environment.reset(seed=1)
    rng = np.random.default_rng(1)
    for _ in range(2):
        observations, _rewards, _terminated, truncated, info = environment.step(
            random_actions(info["action_mask"], rng)
        )
    assert truncated.all()
    with pytest.raises(RuntimeError, match="reset it first"):
        environment.step(np.zeros(4, dtype=np.int64))
    mask = np.array([True, False, True, False])
    observations, info = environment.reset(options={"reset_mask": mask})
    assert (observations[mask, 416] == 1).all()
    assert not info["action_mask"][~mask].any()  # still finished
    with pytest.raises(ValueError, match="reset_mask"):
        environment.reset(options={"reset_mask": np.ones(3, dtype=np.bool_)})


@pytest.mark.parametrize("path", PATHS)
def test_illegal_ids_end_the_episode_or_raise_and_change_nothing(path: VectorPath) -> None:
    environment = GinRummyVectorEnv(
        4, opponent="self", reward="hand", path=path
    )
    observations, info = environment.reset(seed=6)
    actions = random_actions(info["action_mask"], np.random.default_rng(0))
    actions[2] = 40  # a discard before drawing: never legal at the deal
    observations, rewards, terminated, _truncated, info = environment.step(actions)
    assert terminated.tolist() == [False, False, True, False]
    assert rewards[2] == environment.illegal_reward < -100
    assert info["rewards"][2].tolist() == [
        environment.illegal_reward if info["seat"][2] == s else 0.0 for s in (0, 1)
    ]

    def strict_env() -> GinRummyVectorEnv:
        return GinRummyVectorEnv(
            4, opponent="self", illegal_action="raise", deals="engine",
            path=path,
        )  # fmt: skip

    strict, twin = strict_env(), strict_env()
    observations, info = strict.reset(seed=6)
    twin.reset(seed=6)
    with pytest.raises(IllegalActionError, match="game 1: action 40 is not legal now"):
        strict.step(np.array([1, 40, 1, 1]))
    with pytest.raises(IllegalActionError, match="one integer action id per game"):
        strict.step(np.zeros(3, dtype=np.int64))
    # Nothing changed: the next step is the step of a twin that never saw those ids.
    passes = np.array([2, 2, 2, 2])  # every seat passes: still legal
    again, twin_again = strict.step(passes), twin.step(passes)
    assert np.array_equal(again[0], twin_again[0]) and again[0].shape == observations.shape
    assert np.array_equal(again[4]["action_mask"], twin_again[4]["action_mask"])


def test_one_batch_of_many_deals_every_card_once() -> None:
    batch = GinBatch(Rules(), 500, "hand", FastDecks(np.random.default_rng(0)))
    batch.start(batch.rows)
    batch.settle()
    assert (np.sort(batch.deck, axis=1) == np.arange(52)).all()
    hands = batch.hands
    assert not (hands[:, 0] & hands[:, 1]).any()
    counts = [CardSet.from_mask(int(h)).mask.bit_count() for h in hands.reshape(-1)]
    assert counts == [10] * 1000


@pytest.mark.parametrize("path", PATHS)
def test_policies_can_be_plain_callables(path: VectorPath) -> None:
    calls: list[int] = []

    def policy(observations: npt.NDArray[np.float32], masks: I8) -> list[int]:
        calls.append(len(observations))
        return [int(np.flatnonzero(row)[0]) for row in masks]

    typed: Callable[[npt.NDArray[np.float32], I8], list[int]] = policy
    environment = GinRummyVectorEnv(6, opponent=typed, seat=0, path=path)
    _observations, info = environment.reset(seed=0)
    environment.step(random_actions(info["action_mask"], np.random.default_rng(0)))
    assert calls and max(calls) <= 6


def test_the_masks_alone_are_the_masks_of_the_full_encoding() -> None:
    environment = GinRummyVectorEnv(64, opponent="self", rules="digital", path="batch")
    _, info = environment.reset(seed=13)
    batch = environment.batch
    assert batch is not None
    rng = np.random.default_rng(13)
    for _ in range(150):
        for seats in (batch.to_act, 1 - batch.to_act):
            assert np.array_equal(batch.masks(batch.rows, seats), batch.encode(None, seats)[1])
        info = environment.step(biased_actions(info["action_mask"], rng))[4]


def test_random_actions_give_a_row_without_legal_ids_zero_not_a_neighbours_id() -> None:
    """Issue 39 §2: a finished game's row (all zero under next-step autoreset) took the last
    id of the row before it, and at N=1 fell off the front with an IndexError."""
    rng = np.random.default_rng(3)
    masks = np.zeros((4, NUM_ACTIONS), dtype=np.int8)
    masks[0, 57] = 1  # row 1 is finished
    masks[2, [3, 90]] = 1  # row 3 is finished
    for _ in range(50):
        chosen = random_actions(masks, rng)
        assert chosen[0] == 57 and chosen[2] in (3, 90)
        assert chosen[1] == 0 and chosen[3] == 0
    assert random_actions(np.zeros((1, NUM_ACTIONS), dtype=np.int8), rng).tolist() == [0]


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("num_envs", [1, 3])
def test_the_documented_loop_runs_through_endings_with_next_step_autoreset(
    num_envs: int, path: VectorPath
) -> None:
    """The loop of docs/research.md, past the ends of several hands: every id it sends a game
    still playing is legal (a finished game is dealt again and its id ignored)."""
    environment = GinRummyVectorEnv(num_envs, opponent="self", path=path)
    _, info = environment.reset(seed=9)
    rng = np.random.default_rng(9)
    ended = 0
    for _ in range(400):
        masks = info["action_mask"]
        actions = random_actions(masks, rng)
        live = masks.any(axis=1)
        assert masks[live, actions[live]].all()
        _, _, terminated, _, info = environment.step(actions)
        ended += int(terminated.sum())
    assert ended >= num_envs  # every game came through at least one ending


def test_the_documented_outcome_codes_are_the_constant() -> None:
    """docs/research.md lists the codes of ``info["outcome"]``; ``OUTCOMES[code]`` agrees."""
    text = (Path(__file__).parents[3] / "docs" / "research.md").read_text(encoding="utf-8")
    line = " ".join(text.split())
    listed = re.search(r"OUTCOMES\[code\]` being the outcome: (.*?)\), `winner`", line)
    assert listed is not None, "docs/research.md no longer lists the outcome codes"
    pairs = re.findall(r"(\d) (none|knock|undercut|gin|big gin|dead)", listed.group(1))
    names = [None if name == "none" else Outcome(name.replace(" ", "_")) for _, name in pairs]
    assert [int(code) for code, _ in pairs] == list(range(len(OUTCOMES)))
    assert names == list(OUTCOMES)


# -- the two paths: one environment ------------------------------------------------------------


def assert_same(batch: object, scalar: object, where: str) -> None:
    """Equal values of equal types, shapes and dtypes, through tuples and info dicts."""
    if isinstance(batch, dict):
        assert isinstance(scalar, dict) and batch.keys() == scalar.keys(), where
        for key in batch:
            assert_same(batch[key], scalar[key], f"{where} {key}")
    elif isinstance(batch, tuple):
        assert isinstance(scalar, tuple) and len(batch) == len(scalar), where
        for i, (a, b) in enumerate(zip(batch, scalar, strict=True)):
            assert_same(a, b, f"{where}[{i}]")
    else:
        a, b = np.asarray(batch), np.asarray(scalar)
        assert (a.dtype, a.shape) == (b.dtype, b.shape), where
        assert np.array_equal(a, b), where


def play_both_paths(num: int, steps: int, seed: int, **options: object) -> tuple[int, int]:
    """The same environment on both paths, the same ids to both (a few illegal ones among
    them; finished games dealt again by a reset mask, a dealer named now and then, when
    autoreset is off): every return must agree. The episodes ended and hands shown."""
    environments = [GinRummyVectorEnv(num, path=path, **options) for path in PATHS]  # type: ignore[arg-type]
    returns = [environment.reset(seed=seed) for environment in environments]
    assert_same(returns[0], returns[1], "reset")
    assert environments[0].batch is not None and environments[1].scalar is not None
    rng = np.random.default_rng(seed)
    disabled = environments[0].autoreset_mode is AutoresetMode.DISABLED
    episodes = hands = 0
    for step in range(steps):
        info = returns[0][-1]
        assert isinstance(info, dict)
        actions = biased_actions(info["action_mask"], rng)
        if rng.random() < 0.01:
            actions[rng.integers(num)] = rng.choice([-1, 40, 200])
        returns = [environment.step(actions.copy()) for environment in environments]
        assert_same(returns[0], returns[1], f"step {step}")
        terminated, truncated, info = returns[0][2], returns[0][3], returns[0][4]
        assert isinstance(terminated, np.ndarray) and isinstance(truncated, np.ndarray)
        assert isinstance(info, dict)
        episodes += int((terminated | truncated).sum())
        hands += int(info["_outcome"].sum())
        if disabled and (terminated | truncated).any():
            mask = terminated | truncated
            reset_options = {"reset_mask": mask, "dealer": int(rng.integers(2))}
            if rng.random() < 0.5:
                del reset_options["dealer"]
            returns = [e.reset(options=dict(reset_options)) for e in environments]  # type: ignore[misc]
            assert_same(returns[0], returns[1], f"reset after step {step}")
        masks = [e.action_masks() for e in environments]
        assert np.array_equal(masks[0], masks[1])
    return episodes, hands


@pytest.mark.parametrize(
    "options",
    [
        {"opponent": "self"},
        {"opponent": "self", "reward": "match_dense", "rules": "pagat"},
        {"opponent": "self", "autoreset_mode": "SameStep", "max_episode_steps": 40},
        {},
        {"seat": None, "reward": "match", "settings": {"target": 60}},
        {"seat": None, "autoreset_mode": "SameStep", "rules": "oklahoma"},
        {"seat": 1, "autoreset_mode": "Disabled", "max_episode_steps": 30},
        {"opponent": lowest_legal, "seat": None, "deals": "engine"},
        {"opponent": lowest_legal, "reward": "match_dense", "settings": {"target": 40},
         "autoreset_mode": "SameStep"},
        {"opponent": "self", "deals": "engine", "rules": "digital", "autoreset_mode": "Disabled"},
    ],
    ids=lambda options: ",".join(
        f"{k}={getattr(v, '__name__', v)}" for k, v in options.items()
    ) or "defaults",
)  # fmt: skip
def test_both_paths_give_the_same_environment(options: dict[str, object]) -> None:
    """Issue 39 §4: the per-game path (small N) and the batch path are one environment: the
    same observations, masks, rewards, ends, infos and autoresets from the same seed, for
    every opponent (random, a batch policy, self), seat, reward, autoreset mode and deal."""
    episodes = hands = 0
    for num, steps, seed in ((1, 500, 1), (3, 400, 2), (8, 250, 3)):
        ended, shown = play_both_paths(num, steps, seed, **options)
        episodes, hands = episodes + ended, hands + shown
    # Dozens of endings of each kind the options allow (matches end rarely, limits often).
    assert episodes >= 5 and episodes + hands > 30


def test_the_paths_agree_over_hundreds_of_episodes() -> None:
    """A longer run: a few hundred episodes on both paths, self-play and against random."""
    episodes, hands = play_both_paths(16, 1500, 11, opponent="self", rules="digital")
    assert episodes > 150 and hands > 150
    episodes, hands = play_both_paths(6, 1500, 12, seat=None, autoreset_mode="SameStep")
    assert episodes > 100 and hands > 100


def test_the_paths_comparison_can_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    # A per-game path whose random opponent draws from the generator once too often.
    original = ScalarPath._opponent_turns

    def greedy(self: ScalarPath, out: object, gains: list[float]) -> None:
        self.rng.random(1)
        original(self, out, gains)  # type: ignore[arg-type]

    monkeypatch.setattr(ScalarPath, "_opponent_turns", greedy)
    with pytest.raises(AssertionError):
        play_both_paths(2, 60, 1)


def test_auto_plays_small_batches_game_by_game() -> None:
    assert GinRummyVectorEnv(1).path == "scalar"
    assert GinRummyVectorEnv(SCALAR_UP_TO).path == "scalar"
    assert GinRummyVectorEnv(SCALAR_UP_TO + 1).path == "batch"
    assert GinRummyVectorEnv(1, path="batch").path == "batch"
    assert GinRummyVectorEnv(500, path="scalar").path == "scalar"
    with pytest.raises(ValueError, match="path must be 'auto', 'batch' or 'scalar'"):
        GinRummyVectorEnv(2, path="numpy")  # type: ignore[arg-type]
    small = GinRummyVectorEnv(2, opponent="self")
    small.reset(seed=0)
    assert small.batch is None and small.scalar is not None
    with pytest.raises(RuntimeError, match="call reset"):
        GinRummyVectorEnv(2).step(np.zeros(2, dtype=np.int64))


def test_random_actions_pick_the_same_ids_row_by_row_for_a_few_rows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A few rows are picked one by one (faster at small N): the same ids from the same
    generator as the vector picks, rows without a legal id included."""
    import cardtable.gin.env.batch as batch_module

    masks = (np.random.default_rng(4).random((8, NUM_ACTIONS)) < 0.1).astype(np.int8)
    masks[3] = 0
    few = [random_actions(masks[:k], np.random.default_rng(k)) for k in range(1, 9)]
    monkeypatch.setattr(batch_module, "_FEW_ROWS", 0)
    vector = [random_actions(masks[:k], np.random.default_rng(k)) for k in range(1, 9)]
    for a, b in zip(few, vector, strict=True):
        assert a.dtype == b.dtype and a.tolist() == b.tolist()
    assert few[-1][3] == 0 and len(set(few[-1].tolist())) > 4
