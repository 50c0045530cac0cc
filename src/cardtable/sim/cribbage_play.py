"""One Cribbage game between two computer players: a match from a seed, or only its first deal.

The result is the simulator's :class:`~cardtable.sim.play.GameResult`, its fields read for
Cribbage (index 0 is the first player named, 1 the second):

* ``points``: a match's game points (a game 1, a skunk and a double skunk as the rules say);
  for ``unit="hand"`` the points each player scored in the deal (play and show).
* ``winner``: the match's winner; for a single hand the player who scored more in it, ``None``
  when both scored the same (a tie, counted as undecided; Cribbage has no dead hands, so
  ``dead`` is always 0).
* ``hands_won``: the hands in which each player scored more than the other.
* ``hand_points``: every point each player scored, over all the hands (pegged and shown).
* ``outcomes``: the games each player won by kind: ``game``, ``skunk``, ``double skunk``.

Computer players count every show in full when muggins is on (their ``count`` and ``answer``
steps are decisions like any other).

>>> from cardtable.cribbage.rules import Rules
>>> game = play_cribbage_game(["simple", "random"], Rules.preset("short"), "doc")
>>> game.winner in (0, 1), game.deals > 1, sum(won[game.winner] for won in game.outcomes.values())
(True, True, 1)
>>> again = play_cribbage_game(["simple", "random"], Rules.preset("short"), "doc")
>>> (again.points, again.decisions, again.hand_points) == (game.points, game.decisions,
...     game.hand_points)
True
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from cardtable.cribbage.match import Match
from cardtable.cribbage.players.base import Player
from cardtable.cribbage.record import dump
from cardtable.cribbage.rules import Rules
from cardtable.sim.play import GameResult, Unit
from cardtable.sim.players import PlayerSpec, load_cribbage_player
from cardtable.sim.results import CRIBBAGE_KINDS
from cardtable.sim.seeds import player_seed

__all__ = ["play_cribbage_game"]


def play_cribbage_game(
    players: Sequence[PlayerSpec],
    rules: Rules,
    seed: str,
    *,
    seats: tuple[int, int] = (0, 1),
    unit: Unit = "match",
    index: int = 0,
    keep_record: bool = False,
    first_dealer: int | None = None,
    player_seeds: tuple[int, int] | None = None,
) -> GameResult:
    """Play one game from ``seed`` with player ``k`` in seat ``seats[k]``.

    The seat ``first_dealer`` deals first; by default the fair cut of the seed decides.
    ``player_seeds`` are those of :func:`cardtable.sim.play.play_game`.
    """
    if sorted(seats) != [0, 1]:
        raise ValueError(f"seats must be (0, 1) or (1, 0), not {seats!r}")
    seeds = player_seeds or tuple(player_seed(seed, 0, k, "cribbage") for k in (0, 1))
    built = [load_cribbage_player(players[k], seeds[k]) for k in (0, 1)]
    who = (seats.index(0), seats.index(1))
    by_seat: tuple[Player, Player] = (built[who[0]], built[who[1]])
    match = Match.new(rules, seed=seed, first_dealer=first_dealer)
    decisions = [0, 0]
    think = [0.0, 0.0]
    clock = time.perf_counter
    while not match.is_over and not (unit == "hand" and match.hands):
        seat = match.to_act
        assert seat is not None
        observation = match.observation(seat)
        start = clock()
        action = by_seat[seat].act(observation)
        think[who[seat]] += clock() - start
        decisions[who[seat]] += 1
        match.apply(action, seat)
    hands_won = [0, 0]
    hand_points = [0, 0]
    for hand in match.hands:
        gained = [hand.pegs[s] - hand.start_pegs[s] for s in (0, 1)]
        for seat in (0, 1):
            hand_points[who[seat]] += gained[seat]
        if gained[0] != gained[1]:
            hands_won[who[int(gained[1] > gained[0])]] += 1
    outcomes: dict[str, list[int]] = {kind: [0, 0] for kind in CRIBBAGE_KINDS}
    for result in match.games:
        outcomes[result.kind][who[result.winner]] += 1
    if unit == "hand":
        points = (hand_points[0], hand_points[1])
        winner = None if points[0] == points[1] else int(points[1] > points[0])
    else:
        final = match.final
        assert final is not None
        points = (final.game_points[seats[0]], final.game_points[seats[1]])
        winner = who[final.winner]
    return GameResult(
        index=index,
        seed=seed,
        seats=seats,
        winner=winner,
        points=points,
        deals=len(match.hands),
        dead=0,
        hands_won=(hands_won[0], hands_won[1]),
        outcomes=outcomes,
        decisions=(decisions[0], decisions[1]),
        think=(think[0], think[1]),
        record=dump(match) if keep_record else None,
        hand_points=(hand_points[0], hand_points[1]),
        first_dealer=match.first_dealer,
        next_first_dealer=None if unit == "hand" else match.next_first_dealer(),
    )
