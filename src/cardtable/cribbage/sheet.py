"""A Cribbage match written out for people and for scripts: the score sheet and its summary.

Both are built from the match alone (its rules, seed, finished hands and games), so a match
played now and the same match replayed from its record give the same sheet and the same
summary, byte for byte.

>>> from cardtable.cribbage.match import Match
>>> from cardtable.cribbage.rules import Rules
>>> import random
>>> match = Match.new(Rules.preset("short"), seed="sheet-doc", first_dealer=0)
>>> rng = random.Random(2)
>>> while not match.is_over:
...     _ = match.apply(rng.choice(match.legal_actions()))
>>> summary = match_summary(match)
>>> [hand["pegs"] for hand in summary["hands"]][-1] == summary["games"][-1]["pegs"]
True
>>> score_sheet(match).splitlines()[0]
'seed sheet-doc, rules short'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from cardtable.cribbage.hand import Hand, ShowRecord
from cardtable.cribbage.match import GameResult, Match
from cardtable.cribbage.rules import PRESETS, Rules

__all__ = [
    "SEATS",
    "HandSummary",
    "hand_summaries",
    "match_summary",
    "rules_name",
    "score_sheet",
    "setting_text",
]

# Reasons a hand's scores carry that are not points of the play (hand.py's Score.reason).
_SHOW_REASONS: Final = frozenset({"hand", "crib", "muggins"})
SEATS: Final = ("seat 0", "seat 1")


@dataclass(frozen=True, slots=True)
class HandSummary:
    """One finished hand as the sheet shows it.

    ``play`` is what each seat pegged before the show (his heels included), ``shows`` the
    hands and crib counted (fewer than three when the game ended first), ``muggins`` the
    points each seat took by calling muggins, ``pegs`` the game's points after the hand.
    """

    deal: int
    game: int
    number: int
    dealer: int
    starter: str | None
    play: tuple[int, int]
    shows: tuple[ShowRecord, ...]
    muggins: tuple[int, int]
    pegs: tuple[int, int]
    winner: int | None

    def show_points(self, seat: int, kind: str) -> int | None:
        """What ``seat`` pegged for its ``kind`` ("hand" or "crib"), or ``None`` if uncounted."""
        for show in self.shows:
            if show.seat == seat and show.kind == kind:
                return show.pegged
        return None

    def to_dict(self) -> dict[str, Any]:
        return {
            "deal": self.deal,
            "game": self.game,
            "number": self.number,
            "dealer": self.dealer,
            "starter": self.starter,
            "play": list(self.play),
            "shows": [
                {
                    "seat": show.seat,
                    "kind": show.kind,
                    "points": show.pegged,
                    "true_total": show.total,
                    "stated": show.stated,
                    "muggins": show.muggins,
                }
                for show in self.shows
            ],
            "muggins": list(self.muggins),
            "pegs": list(self.pegs),
            "winner": self.winner,
        }


def _summarise(hand: Hand, deal: int, game: int, number: int) -> HandSummary:
    play = [0, 0]
    muggins = [0, 0]
    for record in hand.history:
        for score in record.scores:
            if score.reason == "muggins":
                muggins[score.seat] += score.points
            elif score.reason not in _SHOW_REASONS:
                play[score.seat] += score.points
    return HandSummary(
        deal=deal,
        game=game,
        number=number,
        dealer=hand.dealer,
        starter=None if hand.starter is None else str(hand.starter),
        play=(play[0], play[1]),
        shows=tuple(hand.shows),
        muggins=(muggins[0], muggins[1]),
        pegs=(hand.pegs[0], hand.pegs[1]),
        winner=hand.winner,
    )


def hand_summaries(match: Match) -> list[HandSummary]:
    """Every finished hand of the match, in the order dealt (the hand in play is left out)."""
    summaries = []
    game, number = 1, 0
    for deal, hand in enumerate(match.hands, start=1):
        number += 1
        summaries.append(_summarise(hand, deal, game, number))
        if hand.winner is not None:
            game, number = game + 1, 0
    return summaries


def rules_name(rules: Rules) -> str:
    """The preset these rules are, or the nearest preset and the settings that differ.

    >>> rules_name(Rules.preset("short", games=3))
    'short with games=3'
    """
    name = rules.preset_name
    if name is not None:
        return name
    settings = rules.to_dict()

    def changes(preset: Rules) -> list[str]:
        base = preset.to_dict()
        return [f"{k}={setting_text(v)}" for k, v in settings.items() if base[k] != v]

    # min() keeps the first of equals, so a tie names the preset listed first (standard).
    nearest = min(PRESETS, key=lambda key: len(changes(PRESETS[key])))
    return f"{nearest} with " + " ".join(changes(PRESETS[nearest]))


def setting_text(value: object) -> str:
    """A setting's value as the sheet and ``cribbage rules`` print it: on, off or a number."""
    if value is None:
        return "off"
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def match_summary(match: Match) -> dict[str, Any]:
    """The JSON summary of ``match --json`` and ``replay --json``.

    ``games`` are the finished games (``GameResult.to_dict``), ``hands`` every finished hand
    with the game it belongs to, ``final`` the result (``None`` while the match goes on).
    """
    return {
        "seed": match.seed,
        "rules": match.rules.to_dict(),
        "preset": match.rules.preset_name,
        "first_dealer": match.first_dealer,
        "games": [game.to_dict() for game in match.games],
        "hands": [hand.to_dict() for hand in hand_summaries(match)],
        "game_points": list(match.game_points),
        "final": None if match.final is None else match.final.to_dict(),
    }


def _cell(points: int | None) -> str:
    return "-" if points is None else str(points)


_HEADER: Final = "  hand  dealer  starter  play 0  hand 0  play 1  hand 1  crib  pegs 0  pegs 1"


def _row(line: HandSummary) -> str:
    cells = (
        str(line.number),
        str(line.dealer),
        line.starter or "-",
        str(line.play[0]),
        _cell(line.show_points(0, "hand")),
        str(line.play[1]),
        _cell(line.show_points(1, "hand")),
        _cell(line.show_points(line.dealer, "crib")),
        str(line.pegs[0]),
        str(line.pegs[1]),
    )
    widths = (6, 8, 9, 8, 8, 8, 8, 6, 8, 8)
    return "".join(cell.rjust(width) for cell, width in zip(cells, widths, strict=True))


def _muggins_notes(line: HandSummary, names: Sequence[str]) -> list[str]:
    notes = []
    for show in line.shows:
        if show.muggins:
            taker = names[1 - show.seat]
            owner = names[show.seat]
            notes.append(
                f"        muggins: {taker} takes {show.muggins} missed in {owner}'s "
                f"{show.kind} (stated {show.stated} of {show.total})"
            )
    return notes


def _game_line(result: GameResult, names: Sequence[str]) -> str:
    winner = result.winner
    points = "game point" if result.game_points == 1 else "game points"
    article = "a " if result.kind == "game" else ""
    return (
        f"  {names[winner]} wins {result.pegs[winner]} to {result.pegs[1 - winner]}: "
        f"{article}{result.kind}, {result.game_points} {points}"
    )


def score_sheet(match: Match, names: Sequence[str] = SEATS) -> str:
    """The match game by game and hand by hand, as text (no final newline).

    ``names`` name seat 0 and seat 1; the columns are numbered by seat. ``play`` is what a
    seat pegged before the show (his heels included); ``-`` marks a show not counted because
    the game was already won.
    """
    if len(names) != 2:
        raise ValueError(f"a score sheet names two seats, not {len(names)}")
    lines = [
        f"seed {match.seed if match.seed is not None else '(explicit decks)'}, "
        f"rules {rules_name(match.rules)}"
    ]
    if tuple(names) != SEATS:
        lines += [f"seat 0: {names[0]}", f"seat 1: {names[1]}"]
    summaries = hand_summaries(match)
    games = len(match.games) + (0 if match.is_over else 1)
    for game in range(1, games + 1):
        played = [line for line in summaries if line.game == game]
        if game <= len(match.games):
            first = match.games[game - 1].first_dealer
        else:
            first = match.game_first_dealer
        lines += ["", f"game {game}: {names[first]} deals first", _HEADER]
        for line in played:
            lines.append(_row(line))
            lines += _muggins_notes(line, names)
        if game <= len(match.games):
            lines.append(_game_line(match.games[game - 1], names))
        else:
            pegs = match.current.start_pegs
            lines.append(f"  in play: hand {len(played) + 1}, pegs {pegs[0]} and {pegs[1]}")
    lines.append("")
    final = match.final
    if final is None:
        so_far = match.game_points
        lines.append(f"match not over: game points {so_far[0]} and {so_far[1]}")
    else:
        points = final.game_points
        won = final.games_won
        unit = "game point" if final.margin == 1 else "game points"
        lines.append(
            f"{names[final.winner]} wins the match by {final.margin} {unit}: game points "
            f"{points[0]} and {points[1]}, games won {won[0]} and {won[1]}"
        )
    return "\n".join(lines)
