"""Run seeds: secret by default, revealed after the run, and HMAC keys of every deal and
player seed (issue 13: no player can work out the deals from its own seed)."""

from __future__ import annotations

import hashlib
import hmac
import re

from cardtable.gin.players import Player, make_player
from cardtable.sim import run_tournament, simulate
from cardtable.sim.seeds import deal_seed, new_run_seed, player_seed, run_seed

from .helpers import fingerprint

HEX32 = re.compile(r"[0-9a-f]{32}")


def reference(key: str, message: str) -> bytes:
    """HMAC-SHA256 as the standard library computes it, written out here."""
    return hmac.new(key.encode(), message.encode(), hashlib.sha256).digest()


def test_the_derivation_is_hmac_keyed_by_the_run_seed() -> None:
    assert deal_seed("s", 4) == reference("s", "ginrummy-deal:4").hex()[:32]
    assert deal_seed("s", 4, "cribbage") == reference("s", "cribbage-deal:4").hex()[:32]
    for who in (0, 1):
        digest = reference("s", f"ginrummy-player:4:{who}")
        assert player_seed("s", 4, who) == int.from_bytes(digest[:8], "big") >> 1
    # Pinned, so that a change of derivation (which changes every recorded run) is seen.
    assert player_seed("s", 0, 0) == 8052382171056258247
    assert player_seed("s", 0, 1) == 6606610661796563436
    assert deal_seed("s", 0) == "7c48bc238a97c9a1ad5e2784e1aaf866"
    assert player_seed("s", 3, 1, "cribbage") == 8131401416502936161


def test_seeds_differ_by_key_deal_player_and_game() -> None:
    values = {
        player_seed(key, deal, who, game)
        for key in ("s", "t")
        for deal in range(20)
        for who in (0, 1)
        for game in ("gin", "cribbage")
    }
    assert len(values) == 2 * 20 * 2 * 2
    deals = {deal_seed(key, deal, game) for key in ("s", "t") for deal in range(20)
             for game in ("gin", "cribbage")}  # fmt: skip
    assert len(deals) == 2 * 20 * 2


def test_fresh_run_seeds_are_secret_and_new() -> None:
    fresh = {new_run_seed() for _ in range(50)}
    assert len(fresh) == 50 and all(HEX32.fullmatch(seed) for seed in fresh)
    assert run_seed(None)[1] is True
    assert run_seed(7) == ("7", False) and run_seed("x") == ("x", False)


def test_a_run_without_a_seed_is_secret_revealed_and_repeatable() -> None:
    first = simulate(["simple", "random"], games=4, unit="hand")
    second = simulate(["simple", "random"], games=4, unit="hand")
    assert HEX32.fullmatch(first.seed) and first.seed != second.seed
    again = simulate(["simple", "random"], games=4, unit="hand", seed=first.seed)
    assert fingerprint(again) == fingerprint(first)
    assert fingerprint(second) != fingerprint(first)
    # The games' deal seeds are those of the derivation, not the run seed in plain text.
    assert [g.seed for g in first.results] == [deal_seed(first.seed, i // 2) for i in range(4)]
    assert all(first.seed not in g.seed for g in first.results)


def test_cribbage_and_tournaments_are_secret_by_default_too() -> None:
    crib = simulate(["simple", "random"], games=2, unit="hand", game="cribbage")
    assert HEX32.fullmatch(crib.seed)
    assert [g.seed for g in crib.results] == [deal_seed(crib.seed, 0, "cribbage")] * 2
    again = simulate(["simple", "random"], games=2, unit="hand", game="cribbage", seed=crib.seed)
    assert fingerprint(again) == fingerprint(crib)
    tournament = run_tournament("simple", "random", pairs=1, hands_only=True, workers=1)
    assert HEX32.fullmatch(tournament.simulation.seed)
    crib_tournament = run_tournament(
        "simple", "random", pairs=1, hands_only=True, workers=1, game="cribbage"
    )
    assert HEX32.fullmatch(crib_tournament.simulation.seed)


class SeedKeeper:
    """A player factory that keeps the seeds its players are built with."""

    def __init__(self, level: str) -> None:
        self.level = level
        self.seeds: list[int] = []

    def __call__(self, seed: int) -> Player:
        self.seeds.append(seed)
        return make_player(self.level, seed)


def test_players_are_handed_their_derived_seeds_and_nothing_else() -> None:
    first, second = SeedKeeper("simple"), SeedKeeper("random")
    result = simulate([first, second], games=4, unit="hand", seed="k")
    assert result.games == 4
    # Both games of a pair build each player with the same seed (duplicate: the same luck).
    assert first.seeds == [player_seed("k", d, 0) for d in (0, 0, 1, 1)]
    assert second.seeds == [player_seed("k", d, 1) for d in (0, 0, 1, 1)]
