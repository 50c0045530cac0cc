"""The knocker's layout choice in the environments (``layouts=True``): a layout chosen by id
scores exactly as the engine scores that layout; without the option nothing changes."""

from __future__ import annotations

import numpy as np
import pytest

from cardtable.cards import CardSet, parse_cards
from cardtable.gin.actions import Action
from cardtable.gin.env.actions import (
    KNOCK_BASE,
    LAYOUT_BASE,
    MAX_LAYOUTS,
    NUM_ACTIONS,
    NUM_ACTIONS_WITH_LAYOUTS,
    action_id,
    describe_action,
    layout_choices,
)
from cardtable.gin.env.aec import GinRummyEnv
from cardtable.gin.env.encoding import OBS_SIZE, OBS_SIZE_WITH_LAYOUTS
from cardtable.gin.env.gym import GinRummyGymEnv
from cardtable.gin.melds import deadwood
from cardtable.gin.players import make_player
from cardtable.gin.showdown import score_showdown


def test_without_the_option_the_spaces_are_unchanged() -> None:
    plain = GinRummyEnv()
    assert plain.action_space("player_0").n == NUM_ACTIONS == 108
    assert plain.observation_space("player_0")["observation"].shape == (OBS_SIZE,)
    gym_env = GinRummyGymEnv(opponent="random")
    assert gym_env.action_space.n == NUM_ACTIONS
    assert gym_env.observation_space.shape == (OBS_SIZE,)
    chosen = GinRummyEnv(layouts=True)
    assert chosen.action_space("player_0").n == NUM_ACTIONS_WITH_LAYOUTS == LAYOUT_BASE + 16
    assert chosen.observation_space("player_0")["observation"].shape == (OBS_SIZE_WITH_LAYOUTS,)
    with pytest.raises(ValueError, match="layouts"):
        GinRummyEnv(layouts="yes")  # type: ignore[arg-type]


def test_layout_choices_are_legal_distinct_and_best_first() -> None:
    cards = parse_cards("3H 4H 5H 6H 7H 8H 9C 9D 9S 9H KC").mask
    gin = Action.parse("gin KC")
    gin_layouts = layout_choices(cards, gin, 10)
    assert len(gin_layouts) > 2
    assert all(sum(m.mask for m in melds) == cards & ~(1 << 51) for melds in gin_layouts)
    cards = parse_cards("4H 5H 6H 7H 8H 9C 9D 9S 3D AD 2D").mask
    knock = Action.parse("knock 8H")
    choices = layout_choices(cards, knock, 10)
    rest = cards & ~(1 << knock.card)
    assert len(choices) > 1 and len({frozenset(m.mask for m in c) for c in choices}) == len(choices)
    deadwoods = []
    for melds in choices:
        used = sum(m.mask for m in melds)
        assert used & ~rest == 0
        left = sum(min(10, c % 13 + 1) for c in range(52) if (rest & ~used) >> c & 1)
        assert left <= 10
        deadwoods.append(left)
    assert deadwoods[0] == deadwood(rest) == min(deadwoods)
    assert len(choices) <= MAX_LAYOUTS
    assert describe_action(LAYOUT_BASE + 2, layouts=True) == "layout 2"
    with pytest.raises(Exception, match="action ids"):
        describe_action(LAYOUT_BASE + 2)


def knock_positions(env: GinRummyEnv, seeds: range) -> list[int]:
    """Seeds whose hand, played by simple players, reaches a knock with several layouts."""
    found = []
    for seed in seeds:
        env.reset(seed=seed)
        players = {agent: make_player("simple", seed) for agent in env.possible_agents}
        for agent in env.agent_iter():
            _, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            chosen = players[agent].act(env.observation_of(agent))
            env.step(action_id(chosen))
            if env.core.pending is not None:
                found.append(seed)
                break
    return found


def test_a_chosen_layout_scores_exactly_as_the_engine_scores_it() -> None:
    env = GinRummyEnv(layouts=True, illegal_action="raise")
    seeds = knock_positions(env, range(60))
    assert len(seeds) >= 3
    differed = 0
    for seed in seeds:
        results = []
        for pick_last in (False, True):
            env.reset(seed=seed)
            players = {agent: make_player("simple", seed) for agent in env.possible_agents}
            while env.core.pending is None:
                agent = env.agent_selection
                env.step(action_id(players[agent].act(env.observation_of(agent))))
            agent = env.agent_selection
            seat = env.possible_agents.index(agent)
            hand = env.core.hand
            knock = env.core.pending
            assert knock is not None and knock.kind.ends_hand
            observation = env.observe(agent)
            mask = observation["action_mask"]
            ids = [int(i) for i in np.flatnonzero(mask)]
            assert ids and all(i >= LAYOUT_BASE for i in ids)
            assert ids == sorted(env.layout_choices(agent))
            vector = observation["observation"]
            assert vector[OBS_SIZE + 52] == 1.0
            if knock.card is not None:
                assert vector[OBS_SIZE + int(knock.card)] == 1.0
            chosen = ids[-1] if pick_last else ids[0]
            melds = env.layout_choices(agent)[chosen].melds
            assert melds is not None
            # The engine's own score of that layout, from the hand as it stands.
            held = hand.cards(seat).mask
            if knock.card is not None:
                held &= ~(1 << knock.card)
            expected = score_showdown(
                env.rules,
                CardSet.from_mask(held),
                hand.cards(1 - seat),
                melds,
                knocker_seat=seat,
                threshold=hand.threshold,
                multiplier=hand.multiplier,
                knock_discard=knock.card,
                declared_gin=knock.kind.value == "gin",
            )
            env.step(chosen)
            result = env.core.results[-1]
            assert result == expected
            assert result.knocker_layout is not None and result.knocker_layout.melds == melds
            assert env.rewards[agent] == (
                result.points if result.winner == seat else -result.points
            )
            results.append(result)
        differed += results[0] != results[1]
    assert differed  # some non-minimal layout changed the result


def test_a_normal_id_while_choosing_a_layout_is_illegal() -> None:
    env = GinRummyEnv(layouts=True)
    seed = knock_positions(env, range(60))[0]
    knock_positions(env, range(seed, seed + 1))
    agent = env.agent_selection
    env.step(KNOCK_BASE)  # not a layout id
    assert env.terminations[agent] and "illegal_action" in env.infos[agent]


def test_the_gym_env_offers_the_learners_layouts() -> None:
    env = GinRummyGymEnv(opponent="simple", layouts=True, illegal_action="raise")
    simple = make_player("simple", 0)
    chosen = 0
    for seed in range(40):
        _, info = env.reset(seed=seed)
        terminated = False
        while not terminated:
            mask = info["action_mask"]
            assert mask.shape == (NUM_ACTIONS_WITH_LAYOUTS,)
            legal = np.flatnonzero(mask)
            if legal[0] >= LAYOUT_BASE:
                chosen += 1
                index = int(legal[-1])
            else:
                index = action_id(simple.act(env.core.observation(env.seat)))
            observation, _, terminated, _, info = env.step(index)
            assert observation.shape == (OBS_SIZE_WITH_LAYOUTS,)
    assert chosen > 0
