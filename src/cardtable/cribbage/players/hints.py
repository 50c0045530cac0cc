"""Hints for a learner: the expert's choice, the figures behind it and the alternatives.

A hint sees only the asking seat's observation, like every player, and uses the expert's own
evaluation: for laying away the expected show of the kept hand over the 46 possible starters
and what the two cards laid away are worth to the crib (the seat's or the opponent's); for the
play the search's expected points for the rest of the play, what the card pegs now, the count
it leaves and what the opponent could peg on it; near the end of a game, the chance of winning.

>>> from cardtable.cards import shuffled_deck
>>> from cardtable.cribbage.hand import Hand
>>> from cardtable.cribbage.rules import Rules
>>> hand = Hand(Rules(), dealer=0, deck=shuffled_deck("hint-doc"), pegs=(0, 0))
>>> advice = hint(hand.observation(1))
>>> advice.kind, str(advice.action).startswith("discard")
('discard', True)
>>> "46 possible starters" in advice.text
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from cardtable.cards import RANKS, VALUES, Card
from cardtable.cribbage.actions import GO, Action, ActionKind
from cardtable.cribbage.hand import Observation, Phase
from cardtable.cribbage.match import MatchObservation
from cardtable.cribbage.players import board
from cardtable.cribbage.players.counting import count_action
from cardtable.cribbage.players.discard import DiscardOption
from cardtable.cribbage.players.expert import expert_discards, expert_plays
from cardtable.cribbage.players.opponent import RANK_VALUES, opponent_candidates, rank_chances
from cardtable.cribbage.players.pegging import PlayValue
from cardtable.errors import CardTableError
from cardtable.games.alternatives import Alternative as _Alternative

__all__ = ["Alternative", "Hint", "hint"]

Figure = int | float | str | bool
_SHOWN_ALTERNATIVES: Final = 5


class Alternative(_Alternative[Action]):
    """A Cribbage choice with the expert's value for it (higher is better) and a short note;
    its value is shown to three decimals, as Cribbage's hints and reviews always showed it."""

    __slots__ = ()
    digits = 3


@dataclass(frozen=True, slots=True)
class Hint:
    """The recommended action, a sentence saying why, and what a table may show beside it.

    ``kind`` is ``discard``, ``play``, ``go``, ``count`` or ``answer``; ``figures`` are the
    numbers the sentence is made of, by name (``hand_ev``, ``crib_ev``, ``own_crib``,
    ``pegs``, ``count``, ``reply_risk``, ``win_chance`` ...); ``alternatives`` the other
    choices, best first, with the recommended one at their head.
    """

    action: Action
    text: str
    kind: str
    figures: tuple[tuple[str, Figure], ...] = ()
    alternatives: tuple[Alternative, ...] = ()

    def figure(self, name: str) -> Figure | None:
        return dict(self.figures).get(name)

    def to_dict(self) -> dict[str, Any]:
        return {
            "action": str(self.action),
            "text": self.text,
            "kind": self.kind,
            "figures": dict(self.figures),
            "alternatives": [alt.to_dict() for alt in self.alternatives],
        }


def hint(observation: Observation | MatchObservation) -> Hint:
    """The expert's advice to the seat whose view this is; it must be that seat's turn."""
    view = observation.hand if isinstance(observation, MatchObservation) else observation
    if not view.my_turn:
        raise CardTableError("there is nothing to advise: it is not this seat's turn")
    if view.phase is Phase.DISCARD:
        return _discard_hint(view)
    if view.phase is Phase.PLAY:
        return _play_hint(view)
    return _show_hint(view)


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(str(c) for c in sorted(cards, key=lambda c: (c % 13, c)))


def _ranks(cards: Sequence[Card]) -> str:
    return "-".join(RANKS[c % 13] for c in sorted(cards, key=lambda c: (c % 13, c)))


def _chance_text(chance: float) -> str:
    """A chance in whole percent; a chance that rounds to 0% or 100% without being it is
    "under 1%" or "over 99%", never a certainty it is not."""
    chance = min(1.0, max(0.0, chance))
    percent = round(100 * chance)
    if percent == 0 and chance > 0:
        return "under 1%"
    if percent == 100 and chance < 1:
        return "over 99%"
    return f"{percent}%"


def _best_chance(chance: float, choice: str) -> str:
    """The words for the best ``choice``'s chance of winning near the end of a game; when
    even the best is under 1% (the opponent all but sure to count out first) no choice
    gives a real chance, and saying "the best chance, 0%" would read as advice to hope.

    >>> _best_chance(0.62, "card")
    'with the scores as they are, it gives the best chance of winning, 62%'
    >>> _best_chance(0.001, "card")
    'with the scores as they are, no card gives a real chance of winning (under 1% for the best)'
    """
    if round(100 * chance) == 0:
        return (
            f"with the scores as they are, no {choice} gives a real chance of winning "
            f"({_chance_text(chance)} for the best)"
        )
    return (
        f"with the scores as they are, it gives the best chance of winning, {_chance_text(chance)}"
    )


def _discard_hint(view: Observation) -> Hint:
    options = expert_discards(view)
    best = options[0]
    endgame = board.in_endgame(view)
    chances = board.discard_win_chances(view, options) if endgame else []
    whose = "yours" if best.own_crib else "theirs"
    crib_part = (
        f"the crib is yours, and these two add {best.crib_ev:.1f} to it on average"
        if best.own_crib
        else f"the crib is theirs, and these two give it {best.crib_ev:.1f} on average"
    )
    text = (
        f"Keep {_ranks(best.kept)} ({_cards(best.kept)}) and lay away {_cards(best.thrown)}: "
        f"{best.hand_ev:.1f} points expected in hand over the 46 possible starters "
        f"({min(best.hand_points)} to {max(best.hand_points)}); {crib_part}"
    )
    if endgame:
        need = view.target - view.pegs[view.seat]
        if need <= max(best.hand_points):
            share = _chance_text(best.chance_of(need))
            text += f". The hand alone makes the {need} points you need with {share} of starters"
        text += "; " + _best_chance(chances[0], "lay-away")
    elif len(options) > 1:
        gap = best.value - options[1].value
        text += f"; keeping {_ranks(options[1].kept)} instead is {gap:.1f} points worse"
    figures: list[tuple[str, Figure]] = [
        ("hand_ev", round(best.hand_ev, 2)),
        ("crib_ev", round(best.crib_ev, 2)),
        ("own_crib", best.own_crib),
        ("crib", whose),
        ("value", round(best.value, 2)),
        ("starters", len(best.starters)),
        ("hand_min", min(best.hand_points)),
        ("hand_max", max(best.hand_points)),
    ]
    if endgame:
        figures.append(("win_chance", round(chances[0], 3)))
    alternatives = tuple(
        Alternative(
            option.action,
            option.value,
            _discard_note(option, chances[index] if endgame else None),
        )
        for index, option in enumerate(options[:_SHOWN_ALTERNATIVES])
    )
    return Hint(best.action, text + ".", "discard", tuple(figures), alternatives)


def _discard_note(option: DiscardOption, chance: float | None) -> str:
    sign = "+" if option.own_crib else "-"
    note = f"keep {_ranks(option.kept)}: hand {option.hand_ev:.1f}, crib {sign}{option.crib_ev:.1f}"
    return note if chance is None else f"{note}, win {_chance_text(chance)}"


def _reply_parts(seq: tuple[int, ...], count: int, rank: int) -> list[tuple[str, int]]:
    """What ``rank`` played on the count would make, in words with its points."""
    new_count = count + RANK_VALUES[rank]
    parts: list[tuple[str, int]] = []
    if new_count == 15:
        parts.append(("make 15", 2))
    if new_count == 31:
        parts.append(("make 31", 2))
    same = 1
    for earlier in reversed(seq):
        if earlier != rank:
            break
        same += 1
    if same > 1:
        parts.append(_PAIR_WORDS[same])
    else:
        full = (*seq, rank)
        for length in range(len(full), 2, -1):
            window = full[-length:]
            if len(set(window)) == length and max(window) - min(window) == length - 1:
                parts.append((f"make a run of {length}", length))
                break
    return parts


_PAIR_WORDS: Final = {
    2: ("pair it", 2),
    3: ("make a pair royal", 6),
    4: ("make a double pair royal", 12),
}


def _peg_words(seq: tuple[int, ...], count: int, card: Card) -> tuple[int, str]:
    """What playing ``card`` pegs now, and the words for it ("it makes 15 for 2")."""
    parts = _reply_parts(seq, count, card % 13)
    if not parts:
        return 0, "it pegs nothing"
    points = sum(p for _, p in parts)
    words = " and ".join(w for w, _ in parts).replace("pair it", "pair the last card")
    return (
        points,
        f"it {words.replace('make', 'makes', 1).replace('pair the', 'pairs the', 1)} for {points}",
    )


def _rank_group(ranks: list[int]) -> str:
    names = ["ace" if r == 0 else RANKS[r].replace("T", "10") for r in ranks]
    if len(names) == 1:
        return f"a{'n' if names[0] in ('ace', '8') else ''} {names[0]}"
    return "a " + ", ".join(names[:-1]) + " or " + names[-1]


def _threats(
    seq: tuple[int, ...], count: int, chances: Sequence[float]
) -> list[tuple[int, list[int], float]]:
    """The opponent's scoring replies on the count, most dangerous first: (points, the ranks
    that make them, the chance it holds one of those ranks, ranks taken apart)."""
    by_words: dict[tuple[str, ...], tuple[int, list[int]]] = {}
    for rank in range(13):
        if chances[rank] <= 0 or count + RANK_VALUES[rank] > 31:
            continue
        parts = _reply_parts(seq, count, rank)
        if parts:
            key = tuple(w for w, _ in parts)
            points = sum(p for _, p in parts)
            by_words.setdefault(key, (points, []))[1].append(rank)
    threats = []
    for points, ranks in by_words.values():
        none = 1.0
        for rank in ranks:
            none *= 1.0 - chances[rank]
        threats.append((points, ranks, 1.0 - none))
    threats.sort(key=lambda t: (-t[0] * t[2], -t[0]))
    return threats


def _threat_words(seq: tuple[int, ...], count: int, threat: tuple[int, list[int], float]) -> str:
    points, ranks, chance = threat
    what = " and ".join(w for w, _ in _reply_parts(seq, count, ranks[0]))
    return (
        f"{_rank_group(ranks)} would {what} for {points} "
        f"(about {_chance_text(chance)} that they hold one)"
    )


def _play_hint(view: Observation) -> Hint:
    plays = [a for a in view.legal if a.kind is ActionKind.PLAY]
    if not plays:
        lowest = min(view.hand, key=lambda c: VALUES[c])
        text = (
            f"Say go: no card fits under 31 (the count is {view.count}, and your lowest card, "
            f"the {lowest}, would make {view.count + VALUES[lowest]})."
        )
        return Hint(GO, text, "go", (("count", view.count),), (Alternative(GO, 0.0, "go"),))
    endgame = board.endgame_for(view) is not None
    if len({a.cards[0] % 13 for a in plays}) == 1:
        chosen = min(plays, key=lambda a: a.cards[0])
        values = [PlayValue(chosen, 0.0)]
    else:
        values = expert_plays(view)
        chosen = values[0].action
    seq = tuple(c % 13 for c in view.count_cards)
    chances = rank_chances(opponent_candidates(view), view.opponent_cards)
    card = chosen.cards[0]
    points, pegs = _peg_words(seq, view.count, card)
    new_count = view.count + VALUES[card]
    new_seq = (*seq, card % 13)
    if new_count == 31:
        leaves = "and starts a new count"
        risk = 0.0
    else:
        threats = _threats(new_seq, new_count, chances) if view.opponent_cards else []
        risk = sum(t[0] * t[2] for t in threats[:1])
        if not view.opponent_cards:
            leaves = f"and leaves {new_count}; the opponent has no cards left"
        elif not threats:
            leaves = f"and leaves {new_count}, where no card they may hold scores"
        else:
            leaves = (
                f"and leaves {new_count}, where {_threat_words(new_seq, new_count, threats[0])}"
            )
    text = f"Play the {card}: {pegs}, {leaves}"
    if len(values) == 1 and len(plays) == 1:
        text += "; it is your only card that fits"
    elif len(values) == 1:
        text += "; your cards that fit are all of one rank"
    else:
        avoided = _avoided(view, seq, chances, values, risk)
        if avoided:
            text += f"; {avoided}"
    if endgame and len(values) > 1:
        words = _best_chance((values[0].value + 1) / 2, "card")
        text += f". {words[0].upper()}{words[1:]}"
    figures: list[tuple[str, Figure]] = [
        ("pegs", points),
        ("count", new_count),
        ("reply_risk", round(risk, 2)),
    ]
    if len(values) > 1:
        if endgame:
            figures.append(("win_chance", round((values[0].value + 1) / 2, 3)))
        else:
            figures.append(("value", round(values[0].value, 2)))
    alternatives = tuple(
        Alternative(v.action, v.value, _play_note(seq, view.count, v.action.cards[0], endgame, v))
        for v in values
    )
    return Hint(chosen, text + ".", "play", tuple(figures), alternatives)


def _avoided(
    view: Observation,
    seq: tuple[int, ...],
    chances: Sequence[float],
    values: Sequence[PlayValue],
    risk: float,
) -> str:
    """The danger a worse card would have run, when there is one to name."""
    if not view.opponent_cards:
        return ""
    for other in values[1:]:
        card = other.action.cards[0]
        count = view.count + VALUES[card]
        if count == 31:
            continue
        threats = _threats((*seq, card % 13), count, chances)
        if threats and threats[0][0] * threats[0][2] > risk + 0.25:
            words = _threat_words((*seq, card % 13), count, threats[0])
            return f"the {card} would leave {count}, where {words}"
    return ""


def _play_note(seq: tuple[int, ...], count: int, card: Card, endgame: bool, v: PlayValue) -> str:
    points, _ = _peg_words(seq, count, card)
    figure = (
        f"win {_chance_text((v.value + 1) / 2)}"
        if endgame
        else f"{v.value:+.2f} points for the rest of the play"
    )
    return f"pegs {points}, leaves {count + VALUES[card]}; {figure}"


def _show_hint(view: Observation) -> Hint:
    action = count_action(view)
    if action is None:
        raise CardTableError("there is nothing to advise in this phase")
    if view.phase is Phase.COUNT:
        # Counting your own show is the point of muggins, and the statement is final: no
        # hint tells its points (CRIBBAGE.md 4).
        raise CardTableError(
            "no hint while you state your count: with muggins on you count your own show"
        )
    shown = view.shows[-1]
    truth = shown.total
    stated = shown.stated
    assert stated is not None
    if action.kind is ActionKind.MUGGINS and stated < truth:
        text = (
            f"Call muggins: they stated {stated}, but the {shown.kind} shows {truth}; "
            f"you take the {truth - stated} they missed."
        )
    elif action.kind is ActionKind.MUGGINS:
        text = (
            f"Call muggins: they stated {stated}, but the {shown.kind} shows only {truth}; "
            f"they peg {truth} and you take the {stated - truth} too many."
        )
    else:
        text = f"Accept: the {shown.kind} shows {truth}, as stated."
    figures: tuple[tuple[str, Figure], ...] = (("stated", stated), ("points", truth))
    return Hint(action, text, "answer", figures, ())
