"""The Cribbage research environments: encoding, hiding, action ids, PettingZoo and Gymnasium."""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator, Sequence

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test  # type: ignore[import-untyped]

from cardtable.cards import CARDS, VALUES, Card, shuffled_deck
from cardtable.cribbage.actions import Action, ActionKind
from cardtable.cribbage.env import (
    GO_ID,
    NUM_ACTIONS,
    OBS_SIZE,
    CribbageEnv,
    CribbageGymEnv,
    PolicyPlayer,
    action_id,
    action_mask,
    default_illegal_reward,
    describe_action,
    encode_observation,
    env,
    layout,
    raw_env,
)
from cardtable.cribbage.env.actions import legal_ids, to_action
from cardtable.cribbage.env.gym import ENV_ID
from cardtable.cribbage.hand import Phase
from cardtable.cribbage.match import Match
from cardtable.cribbage.players import make_player
from cardtable.cribbage.rules import Rules
from cardtable.errors import IllegalActionError


def first_hands(rules: Rules, seed: int, hands: int) -> Iterator[tuple[Match, list[int]]]:
    """Matches dealt from explicit decks, yielded (with the first deck) before every action of
    their first hand, which random and simple players play."""
    rng = random.Random(seed)
    for number in range(hands):
        deck = list(shuffled_deck(f"hide-{seed}-{number}"))
        match = Match(rules, number % 2, decks=[deck, list(range(52))])
        players = [make_player(rng.choice(["random", "simple"]), rng.randrange(99)) for _ in "ab"]
        while not match.hands:
            yield match, deck
            seat = match.to_act
            assert seat is not None
            match.apply(players[seat].act(match.observation(seat)), seat)


def public_story(match: Match, seat: int) -> list[tuple[object, ...]]:
    """What everyone saw of the hand in play: who acted, how (a hidden discard only as a
    discard) and every point pegged, the forced ones included (an opponent's go that needs no
    decision is pegged, not asked: it shows that the opponent could not play)."""
    story: list[tuple[object, ...]] = []
    for record in match.current.history:
        action: object = record.action
        if record.action.kind is ActionKind.DISCARD and record.seat != seat:
            action = ActionKind.DISCARD
        story.append((record.seat, action, record.scores))
    return story


def redeal_hidden(
    match: Match, deck: Sequence[int], seat: int, rng: random.Random, same_value: bool = False
) -> Match | None:
    """The same public story with every card ``seat`` has not seen moved to another place of
    the deck (with ``same_value``, only among cards of one counting value); the opponent's
    crib cards move with their places, so its discard is replayed with the cards now there.

    ``None`` when the re-deal does not fit what ``seat`` saw: the rules make something else of
    the same actions (an opponent who could not play, so that the count ended without asking
    it, now can), or they are not legal any more (an opponent's go).
    """
    unseen = [int(card) for card in match.observation(seat).hand.unseen()]
    new = rng.sample(unseen, len(unseen))
    if same_value:
        groups: dict[int, list[int]] = {}
        for card in new:
            groups.setdefault(VALUES[card], []).append(card)
        new = [groups[VALUES[card]].pop() for card in unseen]
    moved = dict(zip(unseen, new, strict=True))
    again_deck = [moved.get(card, card) for card in deck]
    again = Match(match.rules, match.first_dealer, decks=[again_deck, list(range(52))])
    for record in match.current.history:
        action = record.action
        if action.kind is ActionKind.DISCARD and record.seat != seat:
            first, second = (CARDS[moved.get(c, c)] for c in action.cards)
            action = Action.discard(first, second)
        try:
            again.apply(action, record.seat)
        except IllegalActionError:  # a go, or a play after the story changed
            return None
    return again if public_story(again, seat) == public_story(match, seat) else None


# -- the hiding rule -----------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["standard", "muggins"])
def test_the_observation_ignores_everything_hidden_from_the_seat(preset: str) -> None:
    rng = random.Random(5)
    checked = changed = fallbacks = 0
    for match, deck in first_hands(Rules.preset(preset), seed=len(preset), hands=8):
        for seat in (0, 1):
            again = None
            for _ in range(10):
                again = redeal_hidden(match, deck, seat, rng)
                if again is not None:
                    break
            if again is None:  # moving cards only among equal values always fits the story
                fallbacks += 1
                again = redeal_hidden(match, deck, seat, rng, same_value=True)
            assert again is not None
            checked += 1
            changed += again.current.cards[1 - seat] != match.current.cards[1 - seat]
            view = match.observation(seat)
            if view.hand.phase not in (Phase.COUNT, Phase.ANSWER):
                # With muggins on, the engine's legal counts of the crib (0 to its true total)
                # are listed before the crib is in the dealer's view: the environments never
                # show those steps (they count in full), so only their vectors are compared.
                assert again.observation(seat) == view
            for picked in (None, *view.hand.hand[:1]):
                assert np.array_equal(
                    encode_observation(again.observation(seat), picked),
                    encode_observation(view, picked),
                )
                assert np.array_equal(
                    action_mask(again.observation(seat), picked), action_mask(view, picked)
                )
    # The check has teeth: the re-deals really moved the opponent's cards.
    assert checked > 100 and changed > checked // 2
    assert fallbacks < checked // 4


def test_the_redeal_moves_the_opponents_hand_and_crib() -> None:
    rng = random.Random(2)
    match = Match(Rules(), 0, decks=[list(shuffled_deck("move")), list(range(52))])
    for seat in (1, 0):  # both lay away their first two cards
        match.apply(match.legal_actions()[0], seat)
    deck = list(match.current.deck)
    again = redeal_hidden(match, deck, 1, rng)
    assert again is not None
    assert again.current.laid_away[1] == match.current.laid_away[1]
    assert again.current.laid_away[0] != match.current.laid_away[0]  # the dealer's, hidden
    assert again.observation(1) == match.observation(1)
    assert again.observation(0) != match.observation(0)  # what seat 0 sees did change


# -- encoding and action ids ---------------------------------------------------------------


def test_encoding_layout_is_documented_and_bounded() -> None:
    parts = layout()
    assert sum(length for _, length in parts.values()) == OBS_SIZE == 584
    match = Match.new(Rules(), seed="layout", first_dealer=0)
    vector = encode_observation(match.observation(1))
    assert vector.dtype == np.float32 and vector.shape == (OBS_SIZE,)
    assert vector.min() >= 0.0 and vector.max() <= 1.0

    def part(name: str, v: np.ndarray = vector) -> np.ndarray:
        offset, length = parts[name]
        return v[offset : offset + length]

    assert int(part("hand").sum()) == 6 and int(part("unseen").sum()) == 46
    assert part("phase_discard")[0] == 1.0 and part("my_turn")[0] == 1.0
    assert part("dealer")[0] == 0.0 and part("opp_cards")[0] == 1.0
    # Lay away, then play a card: the planes follow.
    hand = match.current
    laid = match.legal_actions()[0]
    match.apply(laid, 1)
    match.apply(match.legal_actions()[-1], 0)
    view = match.observation(1)
    vector = encode_observation(view)
    assert [i for i in np.flatnonzero(part("my_crib", vector))] == [int(c) for c in laid.cards]
    assert view.hand.starter is not None and part("starter", vector)[view.hand.starter] == 1.0
    assert part("phase_play", vector)[0] == 1.0 and part("opp_laid_away", vector)[0] == 1.0
    if hand.phase is Phase.PLAY and hand.to_act == 1:
        played = match.legal_actions()[0]
        match.apply(played, 1)
        vector = encode_observation(match.observation(1))
        card = played.cards[0]
        assert part("my_played", vector)[card] == 1.0 and part("count_cards", vector)[card] == 1
        assert part("count_seq", vector)[card % 13] == 1.0  # slot 0: the last card
        assert part("count", vector)[0] == pytest.approx(VALUES[card] / 31)
        other = encode_observation(match.observation(0))
        assert part("opp_played", other)[card] == 1.0 and part("unseen", other)[card] == 0


def test_count_sequence_keeps_the_order_of_the_count() -> None:
    offset, _ = layout()["count_seq"]
    for match, _deck in first_hands(Rules(), seed=9, hands=6):
        view = match.observation(0)
        vector = encode_observation(view)
        cards = view.hand.count_cards
        for slot, card in enumerate(reversed(cards)):
            row = vector[offset + 13 * slot : offset + 13 * slot + 13]
            assert int(row.argmax()) == card % 13 and row.sum() == 1.0
        assert vector[offset + 13 * len(cards) : offset + 104].sum() == 0


def test_every_legal_action_has_an_id_and_back() -> None:
    seen_go = False
    for match, _deck in first_hands(Rules(), seed=3, hands=10):
        hand = match.current
        legal = hand.legal_actions()
        ids = legal_ids(hand.phase, legal)
        if hand.phase is Phase.DISCARD:
            assert ids == sorted(int(c) for c in hand.cards[hand.to_act or 0])
            first = ids[0]
            assert to_action(first, hand.phase, legal, None) is None
            second = legal_ids(hand.phase, legal, CARDS[first])
            assert first not in second and len(second) == 5
            chosen = to_action(second[0], hand.phase, legal, CARDS[first])
            assert chosen == Action.discard(CARDS[first], CARDS[second[0]]) and chosen in legal
        else:
            assert sorted(ids) == sorted(action_id(a) for a in legal)
            for index in ids:
                assert to_action(index, hand.phase, legal, None) in legal
            seen_go |= ids == [GO_ID]
    assert seen_go
    assert describe_action(0) == "card AS" and describe_action(51) == "card KC"
    assert describe_action(GO_ID) == "go" and NUM_ACTIONS == 53
    with pytest.raises(IllegalActionError):
        describe_action(53)
    with pytest.raises(IllegalActionError, match="two picks"):
        action_id(Action.parse("discard AS 2S"))


# -- PettingZoo ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("reward", "preset", "settings"),
    [("hand", "standard", None), ("match", "short", None), ("match", "muggins", {"target": 31})],
)
def test_pettingzoo_api_test(reward: str, preset: str, settings: dict[str, int] | None) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(env(rules=preset, reward=reward, settings=settings), num_cycles=300)


def test_pettingzoo_seed_test() -> None:
    seed_test(lambda: env(rules="short", reward="match"), num_cycles=200)


def drive(environment: CribbageEnv, rng: random.Random) -> dict[str, float]:
    """Play one episode with random legal actions; return each agent's total reward."""
    totals = dict.fromkeys(environment.possible_agents, 0.0)
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, _ = environment.last()
        totals[agent] += reward
        if terminated or truncated:
            environment.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        assert legal.tolist() == environment.legal_ids(agent)
        environment.step(int(rng.choice(legal)))
    return totals


def test_random_agents_finish_full_games_paid_their_margin() -> None:
    environment = raw_env(rules="standard", reward="match")
    rng = random.Random(1)
    for episode in range(3):
        environment.reset(seed=episode)
        totals = drive(environment, rng)
        final = environment.core.final
        match = environment.core.match
        assert final is not None and match.is_over
        assert max(match.games[-1].pegs) >= 121
        signed = final.game_points[0] - final.game_points[1]
        assert signed != 0 and totals == {"player_0": signed, "player_1": -signed}


@pytest.mark.parametrize("preset", ["standard", "muggins"])
def test_hand_rewards_are_the_difference_of_the_points_of_the_hand(preset: str) -> None:
    environment = raw_env(rules=preset, reward="hand")
    rng = random.Random(4)
    for episode in range(12):
        environment.reset(seed=episode)
        totals = drive(environment, rng)
        hands = environment.core.match.hands
        assert len(hands) == 1
        pegs = hands[0].pegs
        assert totals == {"player_0": pegs[0] - pegs[1], "player_1": pegs[1] - pegs[0]}
        # The finished hand, show included, is what the agents see at the end.
        view = environment.observation_of("player_0").hand
        assert view.phase is Phase.DONE and len(view.shows) == 3


def test_muggins_is_counted_in_full_for_the_agents() -> None:
    def trace(preset: str) -> list[tuple[bytes, float]]:
        environment = raw_env(rules=preset, reward="match", settings={"target": 61})
        environment.reset(seed=8, options={"dealer": 0})
        rng = random.Random(3)
        out = []
        for _agent in environment.agent_iter():
            observation, reward, terminated, truncated, _ = environment.last()
            out.append((observation["observation"].tobytes(), reward))
            if terminated or truncated:
                environment.step(None)
            else:
                environment.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        shows = [s for h in environment.core.match.hands for s in h.shows]
        if preset == "muggins":
            assert shows and all(s.stated == s.score.total and not s.muggins for s in shows)
        return out

    assert trace("muggins") == trace("standard")


def test_same_seed_same_episode_and_fixed_dealer() -> None:
    def trace(seed: int) -> list[bytes]:
        environment = raw_env(reward="match", rules="short")
        environment.reset(seed=seed, options={"dealer": 1})
        assert environment.core.match.dealer == 1
        rng = random.Random(0)
        out = []
        for _agent in environment.agent_iter():
            observation, _, terminated, truncated, _ = environment.last()
            out.append(observation["observation"].tobytes() + observation["action_mask"].tobytes())
            if terminated or truncated:
                environment.step(None)
            else:
                environment.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        return out

    assert trace(9) == trace(9)
    assert trace(9) != trace(10)


def test_the_first_pick_is_held_and_seen_only_by_its_seat() -> None:
    environment = raw_env()
    environment.reset(seed=2, options={"dealer": 0})
    agent = environment.agent_selection
    assert agent == "player_1"
    first = environment.legal_ids(agent)[0]
    environment.step(first)
    assert environment.agent_selection == agent  # the same agent picks again
    offset, _ = layout()["picked"]
    mine = environment.observe(agent)
    assert mine["observation"][offset + first] == 1.0 and mine["action_mask"][first] == 0
    assert environment.observe("player_0")["observation"][offset : offset + 52].sum() == 0
    assert environment.core.match.current.laid_away == [(), ()]
    environment.step(environment.legal_ids(agent)[0])
    assert environment.agent_selection == "player_0"
    assert first in environment.core.match.current.laid_away[1]


def test_illegal_actions_end_the_episode_or_raise() -> None:
    environment = raw_env()
    environment.reset(seed=2)
    agent = environment.agent_selection
    environment.step(GO_ID)  # a go while laying away
    assert all(environment.terminations.values())
    assert environment.rewards[agent] == default_illegal_reward(Rules(), "hand") == -122.0
    assert "illegal_action" in environment.infos[agent]
    strict = raw_env(illegal_action="raise")
    strict.reset(seed=2)
    with pytest.raises(IllegalActionError, match="legal ids are"):
        strict.step(GO_ID)


def test_render_ansi_shows_the_table() -> None:
    environment = raw_env(render_mode="ansi")
    environment.reset(seed=3)
    text = environment.render()
    assert isinstance(text, str) and "player_0" in text and "crib" in text


def test_pettingzoo_wrappers_still_work_and_order_is_checked() -> None:
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper  # type: ignore[import-untyped]

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(OrderEnforcingWrapper(env()), num_cycles=100)
    fresh = env()
    with pytest.raises(RuntimeError, match="reset"):
        fresh.step(0)
    with pytest.raises(RuntimeError, match="reset"):
        fresh.observe("player_0")


# -- Gymnasium -----------------------------------------------------------------------------


def test_gymnasium_check_env() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        check_env(gymnasium.make(ENV_ID, opponent="simple").unwrapped)
        check_env(CribbageGymEnv("random", reward="match", rules="short"))


@pytest.mark.parametrize("opponent", ["random", "simple"])
def test_gym_episode_return_is_the_learners_points(opponent: str) -> None:
    environment = CribbageGymEnv(opponent, seat=None)
    rng = np.random.default_rng(0)
    seats = set()
    for episode in range(8):
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
        seat = info["seat"]
        pegs = info["hand_pegs"]
        assert total == pegs[seat] - pegs[1 - seat]
    assert seats == {0, 1}


def test_gym_opponent_instance_and_policy_player() -> None:
    def lowest(vector: np.ndarray, mask: np.ndarray) -> int:
        assert vector.shape == (OBS_SIZE,)
        return int(np.flatnonzero(mask)[0])

    environment = CribbageGymEnv(PolicyPlayer(lowest), reward="match", rules="short")
    _, info = environment.reset(seed=1)
    done = False
    total = 0.0
    while not done:
        _, reward, done, _, info = environment.step(int(np.flatnonzero(info["action_mask"])[-1]))
        total += reward
    assert info["final"].margin == abs(total) > 0


def test_policy_player_plays_a_whole_match() -> None:
    picks: list[int] = []

    def last(vector: np.ndarray, mask: np.ndarray) -> int:
        offset, _ = layout()["picked"]
        picks.append(int(vector[offset : offset + 52].sum()))
        return int(np.flatnonzero(mask)[-1])

    player = PolicyPlayer(last, name="last")
    match = Match.new(Rules.preset("muggins", target=61, skunk_line=31, double_skunk_line=None),
                      seed="pp", first_dealer=0)  # fmt: skip
    other = make_player("simple")
    while not match.is_over:
        seat = match.to_act
        assert seat is not None
        chooser = player if seat == 0 else other
        match.apply(chooser.act(match.observation(seat)), seat)
    assert match.final is not None and 1 in picks  # a second pick saw its first
    with pytest.raises(IllegalActionError):
        PolicyPlayer(lambda vector, mask: GO_ID).act(Match.new(seed=1).observation(1))


def test_observation_of_is_the_engines_view() -> None:
    environment = raw_env(reward="match", rules="short")
    environment.reset(seed=4)
    for seat in (0, 1):
        assert environment.observation_of(f"player_{seat}") == (
            environment.core.match.observation(seat)
        )
    view: Card = environment.observation_of("player_0").hand.hand[0]
    assert isinstance(view, Card)
