"""The research environments: encoding, views, action ids, PettingZoo and Gymnasium APIs."""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, render_test, seed_test

from cardtable.errors import IllegalActionError
from cardtable.gin.actions import Action, ActionKind
from cardtable.gin.env import (
    NUM_ACTIONS,
    OBS_SIZE,
    GinRummyEnv,
    GinRummyGymEnv,
    PolicyPlayer,
    action_id,
    action_mask,
    default_illegal_reward,
    describe_action,
    encode_observation,
    env,
    layout,
    legal_ids,
    raw_env,
)
from cardtable.gin.env.encoding import encode_hand
from cardtable.gin.env.gym import ENV_ID
from cardtable.gin.hand import Hand, Phase
from cardtable.gin.match import Match
from cardtable.gin.players import make_player
from cardtable.gin.rules import PRESETS, Rules

PRESET_NAMES = sorted(PRESETS)


def play_states(rules: Rules, seed: int, hands: int) -> Iterator[Hand]:
    """Hands of mixed random and simple play, yielded after every action (the deal too)."""
    rng = random.Random(seed)
    for number in range(hands):
        hand = Hand.deal(rules, dealer=number % 2, seed=f"states-{seed}-{number}")
        players = [
            make_player(rng.choice(["random", "simple"]), rng.randrange(1000)) for _ in (0, 1)
        ]
        yield hand
        while not hand.is_over:
            seat = hand.to_act
            hand.apply(players[seat].act(hand.observation(seat)))
            yield hand


# -- views and encoding --------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_the_fast_encoding_equals_the_definition_after_every_action(preset: str) -> None:
    rules = Rules.preset(preset)
    for hand in play_states(rules, seed=len(preset), hands=12):
        for seat in (0, 1):
            scores = (seat * 7, 3)
            expected = encode_observation(hand.observation(seat, scores))
            assert np.array_equal(encode_hand(hand, seat, scores), expected)
            assert np.array_equal(encode_hand(hand.copy(), seat, scores), expected)


def redeal_hidden(hand: Hand, seat: int, rng: random.Random) -> Hand:
    """The same public story with everything ``seat`` has not seen shuffled again.

    The cards unseen by ``seat`` (the stock and the opponent's hidden cards) change places
    in the deck; every other card keeps its place, so replaying the same actions is legal and
    shows ``seat`` exactly what it saw before.
    """
    unseen = hand.observation(seat).unseen.mask
    places = [i for i, card in enumerate(hand.deck) if unseen >> card & 1]
    cards = [hand.deck[i] for i in places]
    rng.shuffle(cards)
    deck = list(hand.deck)
    for place, card in zip(places, cards, strict=True):
        deck[place] = card
    again = Hand(hand.rules, hand.dealer, deck)
    for record in hand.history:
        again.apply(record.action, record.seat)
    return again


@pytest.mark.parametrize("preset", ["standard", "oklahoma"])
def test_encoding_ignores_everything_hidden_from_the_seat(preset: str) -> None:
    rng = random.Random(11)
    changed = 0
    checked = 0
    for hand in play_states(Rules.preset(preset), seed=23, hands=10):
        if hand.is_over:
            continue  # at the end the opponent's hand is shown
        for seat in (0, 1):
            again = redeal_hidden(hand, seat, rng)
            changed += again.cards(1 - seat) != hand.cards(1 - seat)
            checked += 1
            assert again.observation(seat) == hand.observation(seat)
            vector = encode_observation(hand.observation(seat))
            assert np.array_equal(encode_observation(again.observation(seat)), vector)
            assert np.array_equal(encode_hand(again, seat), vector)
            assert np.array_equal(
                action_mask(again.observation(seat)), action_mask(hand.observation(seat))
            )
    # The check has teeth: the re-deals really moved the hidden cards.
    assert changed > checked // 2


def test_encoding_layout_is_documented_and_bounded() -> None:
    parts = layout()
    assert sum(length for _, length in parts.values()) == OBS_SIZE == 429
    hand = Hand.deal(Rules(), dealer=0, seed="layout")
    vector = encode_observation(hand.observation(1))
    assert vector.dtype == np.float32 and vector.shape == (OBS_SIZE,)
    assert vector.min() >= 0.0 and vector.max() <= 1.0

    def part(name: str) -> np.ndarray:
        offset, length = parts[name]
        return vector[offset : offset + length]

    assert int(part("hand").sum()) == 10
    assert part("top_discard")[int(hand.upcard)] == 1.0
    assert int(part("unseen").sum()) == 52 - 10 - 1
    assert part("phase_offer")[0] == 1.0 and part("my_turn")[0] == 1.0
    assert part("dealer")[0] == 0.0 and part("stock")[0] == 1.0


def test_declined_and_discarded_planes() -> None:
    hand = Hand.deal(Rules(), dealer=0, seed="declined")
    upcard = int(hand.upcard)
    hand.apply(Action.parse("pass"))  # seat 1 passes the upcard up
    offset = layout()["opp_declined"][0]
    assert encode_observation(hand.observation(0))[offset + upcard] == 1.0
    assert encode_observation(hand.observation(1))[offset + upcard] == 0.0
    hand.apply(Action.parse("pass"))  # the dealer passes too
    hand.apply(Action.parse("draw"))  # forced: not a choice, so nothing new is declined
    assert int(encode_observation(hand.observation(0))[offset : offset + 52].sum()) == 1
    discard = hand.legal_actions()[0]
    hand.apply(discard)
    discarded = layout()["opp_discarded"][0]
    assert discard.card is not None
    assert encode_observation(hand.observation(0))[discarded + int(discard.card)] == 1.0


# -- action ids ----------------------------------------------------------------------------


def test_every_legal_action_has_its_own_id() -> None:
    rules = Rules.preset("digital")  # big gin on
    for hand in play_states(rules, seed=3, hands=8):
        legal = hand.legal_actions()
        ids = legal_ids(legal)
        assert len(ids) == len(legal)
        for index, action in ids.items():
            assert 0 <= index < NUM_ACTIONS
            assert action_id(action) == index
            assert action_id(Action(action.kind, action.card)) == index  # not by identity
            text = describe_action(index)
            if action.card is not None:
                assert str(action.card) in text


def test_action_id_layout() -> None:
    assert action_id(Action.parse("draw")) == 0
    assert action_id(Action.parse("take")) == 1
    assert action_id(Action.parse("pass")) == 2
    assert action_id(Action.parse("discard AS")) == 3
    assert action_id(Action.parse("discard KC")) == 54
    assert action_id(Action.parse("knock AS")) == 55
    assert action_id(Action.parse("gin KC")) == 106
    assert action_id(Action.parse("big gin")) == 107
    with pytest.raises(IllegalActionError):
        describe_action(108)


# -- PettingZoo ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("reward", "preset"),
    [("hand", "standard"), ("hand", "oklahoma"), ("match", "digital"), ("match_dense", "pagat")],
)
def test_pettingzoo_api_test(reward: str, preset: str) -> None:
    with warnings.catch_warnings():
        # Dict observations with action masks draw the same warnings as PettingZoo's own
        # classic games (which the test exempts by name).
        warnings.simplefilter("ignore", UserWarning)
        api_test(env(rules=preset, reward=reward, settings={"target": 40}), num_cycles=400)


def test_pettingzoo_seed_and_render_tests() -> None:
    seed_test(lambda: env(settings={"target": 30}, reward="match_dense"), num_cycles=300)
    render_test(lambda render_mode=None: env(render_mode=render_mode))


def drive(environment: GinRummyEnv, rng: random.Random) -> dict[str, float]:
    """Play one episode with random legal actions; return each agent's total reward."""
    totals = dict.fromkeys(environment.possible_agents, 0.0)
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, _ = environment.last()
        totals[agent] += reward
        if terminated or truncated:
            environment.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        assert sorted(legal.tolist()) == environment.legal_ids(agent)
        environment.step(int(rng.choice(legal)))
    return totals


def test_hand_rewards_are_the_points_of_the_hand() -> None:
    environment = raw_env(rules="standard")
    rng = random.Random(1)
    scored = 0
    for episode in range(30):
        environment.reset(seed=episode)
        totals = drive(environment, rng)
        result = environment.core.results[-1]
        assert len(environment.core.results) == 1
        assert totals["player_0"] == -totals["player_1"]
        if result.winner is None:
            assert totals == {"player_0": 0.0, "player_1": 0.0}
        else:
            scored += 1
            assert totals[f"player_{result.winner}"] == result.points
    assert scored > 0


@pytest.mark.parametrize("reward", ["match", "match_dense"])
def test_match_rewards_add_up_to_the_final_margin(reward: str) -> None:
    environment = raw_env(rules="standard", reward=reward, settings={"target": 25})
    players = [make_player("simple"), make_player("random", 4)]
    for episode in range(3):
        environment.reset(seed=f"m{episode}")
        totals = dict.fromkeys(environment.possible_agents, 0.0)
        for agent in environment.agent_iter():
            _, reward_now, terminated, truncated, _ = environment.last()
            totals[agent] += reward_now
            if terminated or truncated:
                environment.step(None)
                continue
            seat = int(agent[-1])
            action = players[seat].act(environment.observation_of(agent))
            environment.step(action_id(action))
        final = environment.core.final
        assert final is not None
        signed = final.totals[0] - final.totals[1]
        assert totals == {"player_0": signed, "player_1": -signed}


def test_same_seed_same_episode_and_fixed_dealer() -> None:
    def trace(seed: int) -> list[bytes]:
        environment = raw_env()
        environment.reset(seed=seed, options={"dealer": 1})
        assert environment.core.hand.dealer == 1
        rng = random.Random(0)
        out = []
        for _agent in environment.agent_iter():
            observation, _, terminated, truncated, _ = environment.last()
            out.append(observation["observation"].tobytes())
            if terminated or truncated:
                environment.step(None)
            else:
                environment.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        return out

    assert trace(9) == trace(9)
    assert trace(9) != trace(10)


def test_illegal_actions_end_the_episode_or_raise() -> None:
    environment = raw_env()
    environment.reset(seed=2)
    agent = environment.agent_selection
    environment.step(50)  # a discard during the upcard ritual
    assert all(environment.terminations.values())
    assert environment.rewards[agent] == default_illegal_reward(Rules(), "hand") == -124.0
    assert "illegal_action" in environment.infos[agent]
    strict = raw_env(illegal_action="raise")
    strict.reset(seed=2)
    with pytest.raises(IllegalActionError, match="legal ids are 1, 2"):
        strict.step(50)


def test_max_steps_truncates() -> None:
    environment = raw_env(reward="match", max_steps=20)
    environment.reset(seed=0)
    rng = random.Random(0)
    steps = 0
    for _ in environment.agent_iter():
        observation, _, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            assert truncated and not terminated
            environment.step(None)
        else:
            environment.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            steps += 1
    assert steps == 20


def test_render_ansi_shows_the_table() -> None:
    environment = raw_env(render_mode="ansi")
    environment.reset(seed=3)
    text = environment.render()
    assert isinstance(text, str) and "player_0" in text and "discard pile" in text


# -- Gymnasium -----------------------------------------------------------------------------


def test_gymnasium_check_env() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        check_env(gymnasium.make(ENV_ID, opponent="simple").unwrapped)
        check_env(GinRummyGymEnv("random", reward="match_dense", settings={"target": 20}))


@pytest.mark.parametrize("opponent", ["random", "simple"])
def test_gym_episode_return_is_the_learners_points(opponent: str) -> None:
    environment = GinRummyGymEnv(opponent, seat=None)
    rng = np.random.default_rng(0)
    seats = set()
    for episode in range(12):
        _, info = environment.reset(seed=episode)
        seats.add(info["seat"])
        total = 0.0
        done = False
        while not done:
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            assert environment.action_masks()[action]
            _, reward, done, truncated, info = environment.step(action)
            assert not truncated
            total += reward
        result = info["hand_results"][-1]
        expected = 0 if result.winner is None else result.points
        sign = 1 if result.winner == info["seat"] else -1
        assert total == sign * expected
    assert seats == {0, 1}


def test_gym_opponent_instance_and_policy_player() -> None:
    def lowest(vector: np.ndarray, mask: np.ndarray) -> int:
        assert vector.shape == (OBS_SIZE,)
        return int(np.flatnonzero(mask)[0])

    environment = GinRummyGymEnv(PolicyPlayer(lowest), reward="match", settings={"target": 20})
    _, info = environment.reset(seed=1)
    done = False
    while not done:
        _, reward, done, _, info = environment.step(int(np.flatnonzero(info["action_mask"])[-1]))
    assert info["final"].margin == abs(reward)


def test_policy_player_plays_a_whole_match() -> None:
    player = PolicyPlayer(lambda vector, mask: int(np.flatnonzero(mask)[-1]), name="last")
    match = Match.new(Rules(target=20), seed="pp", first_dealer=0)
    other = make_player("simple")
    while not match.is_over:
        seat = match.to_act
        assert seat is not None
        chooser = player if seat == 0 else other
        match.apply(chooser.act(match.observation(seat)), seat)
    assert match.final is not None
    with pytest.raises(IllegalActionError):
        PolicyPlayer(lambda vector, mask: 107).act(Match.new(seed=1).observation(0))


def test_observation_of_matches_engine() -> None:
    environment = raw_env(reward="match", settings={"target": 30})
    environment.reset(seed=4)
    observation = environment.observation_of("player_1")
    assert observation == environment.core.hand.observation(1, (0, 0))
    assert observation.phase is Phase.OFFER
    assert ActionKind.PASS in {a.kind for a in observation.legal_actions()} or (
        observation.to_act != 1
    )


def test_pettingzoo_wrappers_still_work_and_order_is_checked() -> None:
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(OrderEnforcingWrapper(env()), num_cycles=200)
    fresh = env()
    with pytest.raises(RuntimeError, match="reset"):
        fresh.step(0)
    with pytest.raises(RuntimeError, match="reset"):
        fresh.observe("player_0")
