"""What the simulator asks of a game's own fast path (the ``simulation`` facet of a game).

The simulator (:mod:`cardtable.sim`) plays any game through :class:`~cardtable.games.Game`
alone: text actions, applied and checked by the game. A game may offer a faster way of its
own, named by its ``simulation`` reference: an object shaped like :class:`Simulation`
(subclass :class:`SimulationBase` and override what differs), which plays one game between
two of its engine's players without going through text, and says how its results read
(the kinds of outcome it counts, what an undecided game is called, its tournament figures).

A game's engine imports this module, never the simulator: :class:`GameResult`, the one game's
result every simulation returns, lives here for that reason.
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping, Sequence
from dataclasses import KW_ONLY, dataclass, field
from typing import Any, Literal, Protocol

from cardtable.errors import IllegalActionError

__all__ = [
    "GameResult",
    "NotLegalNow",
    "Simulation",
    "SimulationBase",
    "Tally",
    "Unit",
    "wilson_interval",
    "win_figures",
]

Unit = Literal["hand", "match"]


class NotLegalNow(IllegalActionError):
    """An action well formed, but not one the seat may take now (an agent's answer)."""


def wilson_interval(wins: float, total: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default).

    >>> [round(x, 3) for x in wilson_interval(60, 100)]
    [0.502, 0.691]
    """
    if total <= 0:
        return (0.0, 1.0)
    p = wins / total
    denominator = 1 + z * z / total
    centre = (p + z * z / (2 * total)) / denominator
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class GameResult:
    """One game, seen from the players (index 0 is the first player named, 1 the second).

    ``points`` are the hand's points (``unit="hand"``) or the match's final points (with its
    bonuses; a Cribbage match's game points); ``hand_points`` are the points each player
    scored in its deals, bonuses of the match left out. ``winner`` is ``None`` for a game
    without one (a dead or tied single hand). ``hands_won`` counts the deals each player won
    (scored more in); ``outcomes`` maps an outcome kind of the game to ``[times for player 0,
    for player 1]``. ``record`` is the match record text when asked. ``first_dealer`` is the
    seat that dealt the first hand, and ``next_first_dealer`` the seat that deals first in
    the next match of a series (``None`` for a single hand).
    """

    index: int
    seed: str
    seats: tuple[int, int]  # the seat of player 0 and of player 1
    winner: int | None
    points: tuple[int, int]
    deals: int
    dead: int
    hands_won: tuple[int, int]
    outcomes: dict[str, list[int]]  # outcome -> [times for player 0, for player 1]
    decisions: tuple[int, int]
    think: tuple[float, float]  # seconds spent in each player's act()
    record: str | None = None
    hand_points: tuple[int, int] = (0, 0)
    _: KW_ONLY
    first_dealer: int  # a seat
    next_first_dealer: int | None = None  # a seat

    @property
    def margin(self) -> int:
        """Player 0's points minus player 1's."""
        return self.points[0] - self.points[1]


class Simulation(Protocol):
    """A game's own way to play many games fast, and the words of its results."""

    @property
    def seed_prefix(self) -> str:
        """The word deal and player seeds are keyed with (``"{prefix}-deal:{d}"``)."""
        ...

    @property
    def outcome_kinds(self) -> tuple[str, ...]:
        """The outcomes a result counts, in the order they are listed."""
        ...

    @property
    def undecided(self) -> str:
        """What a game without a winner is called in a summary (``dead``, ``tied``)."""
        ...

    @property
    def outcomes_heading(self) -> str:
        """The words before the outcomes in a summary (``hands won by outcome``)."""
        ...

    @property
    def match_points(self) -> str:
        """What a match's points are, when they are not plain points (``game points``)."""
        ...

    @property
    def names_game(self) -> bool:
        """Whether a result's JSON names its game (gin's kept the format it had before)."""
        ...

    def player(self, level: str, seed: int) -> Any:
        """The engine's player of a level: ``act(observation) -> action``."""
        ...

    def play(
        self,
        players: Sequence[Any],
        rules: Any,
        seed: str,
        *,
        seats: tuple[int, int],
        unit: Unit,
        index: int,
        keep_record: bool,
        first_dealer: int | None,
    ) -> GameResult:
        """Play one game from ``seed``, player ``k`` (built) in seat ``seats[k]``."""
        ...

    def agent_action(self, observation: Any, text: str) -> Any:
        """An outside agent's answer (text) as an action for ``observation``'s seat;
        raises :class:`~cardtable.errors.CardTableError` when it is not one, or not legal."""
        ...

    def tournament_figures(self, simulation: Any) -> dict[str, Any]:
        """A tournament's figures from player A's side (``simulation``: its games, a
        :class:`cardtable.sim.SimulationResult`)."""
        ...

    def tournament_text(self, a: str, b: str, data: Mapping[str, Any]) -> str:
        """The tournament's figures (those of :meth:`tournament_figures`) for people."""
        ...


def win_figures(simulation: Any, decided: int) -> dict[str, Any]:
    """The figures of a tournament every game's begin with, from player A's side: the games
    won, then the hands won of the ``decided`` ones (those with a winner)."""
    won = simulation.hands_won
    low, high = simulation.win_interval(0)
    hand_low, hand_high = wilson_interval(won[0], decided)
    return {
        "players": list(simulation.players),
        "unit": simulation.unit,
        "games": simulation.games,
        "a_win_rate": round(simulation.win_rate(0), 4),
        "a_win_rate_ci95": [round(low, 4), round(high, 4)],
        "hands": simulation.deals,
        "a_hand_win_rate": round(won[0] / decided, 4) if decided else 0.0,
        "a_hand_win_rate_ci95": [round(hand_low, 4), round(hand_high, 4)],
    }


def points_figures(simulation: Any) -> dict[str, Any]:
    """Each player's points per hand, and player A's net points per hand."""
    hands = max(1, simulation.deals)
    points = simulation.hand_points
    return {
        "points_per_hand": [round(p / hands, 3) for p in points],
        "net_points_per_hand_a": round((points[0] - points[1]) / hands, 3),
    }


def end_figures(simulation: Any) -> dict[str, Any]:
    """The figures of a tournament every game's end with: its pace, and whether it was
    stopped before its last game."""
    return {
        "ms_per_decision": [round(ms, 3) for ms in simulation.ms_per_decision()],
        "interrupted": simulation.interrupted,
    }


def text_lines(a: str, b: str, data: Mapping[str, Any], unit: str, title: str) -> list[str]:
    """The first two lines of a tournament's text: who played what, and A's win rate."""
    low, high = data["a_win_rate_ci95"]
    return [
        f"{a} vs {b}: {data['games']} {title}{unit} on duplicate deals"
        f"{' (interrupted)' if data['interrupted'] else ''}",
        f"  {a} wins {100 * data['a_win_rate']:.1f}% of {unit} "
        f"(95% CI {100 * low:.1f}-{100 * high:.1f})",
    ]


def points_and_pace_lines(a: str, b: str, data: Mapping[str, Any]) -> tuple[str, str]:
    """The points per hand and the pace, in a tournament's text."""
    return (
        f"  points per hand: {a} {data['points_per_hand'][0]}, {b} {data['points_per_hand'][1]}",
        f"  ms per decision: {a} {data['ms_per_decision'][0]}, {b} {data['ms_per_decision'][1]}",
    )


@dataclass
class Tally:
    """One game's counts as it is played, per player (not per seat): what a
    :class:`GameResult` reports besides its winner and points."""

    who: tuple[int, int]  # the player (0 or 1) in each seat
    decisions: list[int] = field(default_factory=lambda: [0, 0])
    think: list[float] = field(default_factory=lambda: [0.0, 0.0])
    hands_won: list[int] = field(default_factory=lambda: [0, 0])
    hand_points: list[int] = field(default_factory=lambda: [0, 0])
    outcomes: dict[str, list[int]] = field(default_factory=dict)
    deals: int = 0
    dead: int = 0

    def act(self, player: Any, observation: Any, seat: int) -> Any:
        """The action of ``player`` in ``seat``, its decision counted and timed."""
        start = time.perf_counter()
        action = player.act(observation)
        self.think[self.who[seat]] += time.perf_counter() - start
        self.decisions[self.who[seat]] += 1
        return action

    def deal_scored(self, gained: Sequence[int]) -> None:
        """A finished deal in which each seat scored ``gained[seat]``: the deal is won by
        the seat that scored more (by neither on a tie)."""
        for seat in (0, 1):
            self.hand_points[self.who[seat]] += gained[seat]
        if gained[0] != gained[1]:
            self.hands_won[self.who[int(gained[1] > gained[0])]] += 1


class SimulationBase:
    """Defaults for a game's :class:`Simulation`: every setting a game names differently
    is a class attribute; :meth:`player` and :meth:`agent_action` are the game's to write,
    :meth:`play` is the same for every game but for the steps a game writes (:meth:`deal`,
    :meth:`play_out`, :meth:`finish` and :meth:`record`), and the tournament's figures and
    text read a hand as won by the player who outscored the other in it, a game adding
    its own (:meth:`more_figures`, :meth:`more_lines`) or writing them anew."""

    seed_prefix: str = ""
    outcome_kinds: tuple[str, ...] = ()
    undecided: str = "undecided"
    outcomes_heading: str = "games won by outcome"
    match_points: str = ""
    names_game: bool = True
    title: str = ""  # the game's name in a tournament's first line ("": none)

    def play(
        self,
        players: Sequence[Any],
        rules: Any,
        seed: str,
        *,
        seats: tuple[int, int],
        unit: Unit,
        index: int,
        keep_record: bool,
        first_dealer: int | None,
    ) -> GameResult:
        """Play one game from ``seed``, player ``k`` (built) in seat ``seats[k]``."""
        who = (seats.index(0), seats.index(1))
        tally = Tally(who)
        match = self.deal(rules, seed, first_dealer)
        self.play_out(match, (players[who[0]], players[who[1]]), tally, unit)
        winner, points = self.finish(match, unit, seats, tally)
        return GameResult(
            index=index,
            seed=seed,
            seats=seats,
            winner=winner,
            points=points,
            deals=tally.deals,
            dead=tally.dead,
            hands_won=(tally.hands_won[0], tally.hands_won[1]),
            outcomes=tally.outcomes,
            decisions=(tally.decisions[0], tally.decisions[1]),
            think=(tally.think[0], tally.think[1]),
            record=self.record(match) if keep_record else None,
            hand_points=(tally.hand_points[0], tally.hand_points[1]),
            first_dealer=match.first_dealer,
            next_first_dealer=None if unit == "hand" else match.next_first_dealer(),
        )

    def deal(self, rules: Any, seed: str, first_dealer: int | None) -> Any:
        """A new match under ``rules`` (a rules value, or its dictionary form)."""
        raise NotImplementedError

    def play_out(self, match: Any, by_seat: tuple[Any, Any], tally: Tally, unit: Unit) -> None:
        """Play the match (its first deal only, for ``unit="hand"``), each seat's player
        acting through :meth:`Tally.act`, the deals counted in ``tally``."""
        raise NotImplementedError

    def finish(
        self, match: Any, unit: Unit, seats: tuple[int, int], tally: Tally
    ) -> tuple[int | None, tuple[int, int]]:
        """The winning player (``None``: none) and each player's points, once played (the
        counts only the end of a match gives added to ``tally``)."""
        raise NotImplementedError

    def record(self, match: Any) -> str:
        """The match's record."""
        raise NotImplementedError

    def tournament_figures(self, simulation: Any) -> dict[str, Any]:
        """A's win rates (games; hands not tied), the tied hands, the points per hand,
        the game's own figures (:meth:`more_figures`) and the pace."""
        won = simulation.hands_won
        decided = won[0] + won[1]
        data = win_figures(simulation, decided)
        data["tied_hand_rate"] = round((simulation.deals - decided) / max(1, simulation.deals), 4)
        data.update(points_figures(simulation))
        data.update(self.more_figures(simulation))
        data.update(end_figures(simulation))
        return data

    def more_figures(self, simulation: Any) -> dict[str, Any]:
        """The game's own figures of a tournament (after the points per hand)."""
        return {}

    def tournament_text(self, a: str, b: str, data: Mapping[str, Any]) -> str:
        unit = "hands" if data["unit"] == "hand" else "matches"
        hand_low, hand_high = data["a_hand_win_rate_ci95"]
        lines = text_lines(a, b, data, unit, f"{self.title} " if self.title else "")
        lines += self.more_lines(a, b, data)
        lines.append(
            f"  {a} outscores {b} in {100 * data['a_hand_win_rate']:.1f}% of the hands not "
            f"tied (95% CI {100 * hand_low:.1f}-{100 * hand_high:.1f}) over {data['hands']} "
            f"hands; tied {100 * data['tied_hand_rate']:.1f}%"
        )
        lines += points_and_pace_lines(a, b, data)
        return "\n".join(lines) + "\n"

    def more_lines(self, a: str, b: str, data: Mapping[str, Any]) -> list[str]:
        """The game's own lines of a tournament's text (after A's win rate)."""
        return []
