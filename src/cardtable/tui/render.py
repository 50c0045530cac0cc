"""Words for the terminal table: cards, events, the turn, the showdown and the score sheet.

Everything here reads the JSON-friendly views of the table service (card strings like ``QD``)
and returns plain text, so the full-screen app and the line-by-line prompt say the same things.

>>> face("TH"), face("TH", ascii_only=True), is_red("QD")
('T♥', 'TH', True)
>>> describe_event({"seat": 1, "kind": "take", "card": "7H"}, me=0, names=("You", "Simple"))
'Simple took the 7♥.'
>>> group_legal(["discard 2S", "discard KS", "knock KS", "gin 2S"])
'discard 2S KS; knock KS; gin 2S'
"""

from __future__ import annotations

import codecs
import re
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, TextIO

from cardtable.cards import parse_card

__all__ = [
    "KnockChoice",
    "card_list",
    "describe_event",
    "describe_rules",
    "describe_showdown",
    "describe_state",
    "describe_turn",
    "face",
    "group_legal",
    "is_red",
    "knock_choices",
    "names_of",
    "score_lines",
    "symbolise",
    "wants_ascii",
]

View = Mapping[str, Any]

OUTCOME_WORDS = {
    "knock": "knock",
    "undercut": "undercut",
    "gin": "gin",
    "big_gin": "big gin",
    "dead": "dead hand",
}


def wants_ascii(stream: TextIO | None = None) -> bool:
    """True when the stream's encoding cannot be trusted with suit symbols (not UTF-8)."""
    encoding = getattr(stream or sys.stdout, "encoding", None) or "ascii"
    try:
        return codecs.lookup(encoding).name != "utf-8"
    except LookupError:
        return True


def plural(count: int, word: str) -> str:
    """``1 card``, ``2 cards``."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def face(card: str, ascii_only: bool = False) -> str:
    """A card for display: ``T♥``, or ``TH`` in plain ASCII."""
    return parse_card(card).symbol(ascii_only)


_CARD_WORD: Final = re.compile(r"(?<![\w])(?:10|[A2-9TJQK])[SHDC](?![\w])")


def symbolise(text: str, ascii_only: bool = False) -> str:
    """Card names in running text (``QD``) with suit symbols (``Q♦``), unless ASCII only.

    >>> symbolise("Throw the QD, keep the 10H.")
    'Throw the Q♦, keep the T♥.'
    """
    if ascii_only:
        return text
    return _CARD_WORD.sub(lambda m: face(m.group(0)), text)


def is_red(card: str) -> bool:
    return card[-1].upper() in "HD♥♦"


def card_list(cards: Sequence[str], ascii_only: bool = False) -> str:
    return " ".join(face(c, ascii_only) for c in cards)


def meld_text(meld: str | Sequence[str], ascii_only: bool = False) -> str:
    """``[7♠ 7♥ 7♦]`` from ``"7S 7H 7D"`` or a list of cards."""
    cards = meld.split() if isinstance(meld, str) else list(meld)
    return "[" + card_list(cards, ascii_only) + "]"


def names_of(view: View) -> tuple[str, str]:
    """Display names of both seats from the viewer's side: the viewer is "You"."""
    me = int(view["seat"])
    names: list[str] = []
    for seat, player in enumerate(view["players"]):
        if seat == me:
            names.append("You")
        elif player.get("kind") == "computer":
            names.append(str(player.get("name") or "Computer"))
        else:
            names.append(str(player.get("name") or f"Seat {seat}"))
    if names[0] == names[1]:
        names[1 - me] = f"{names[1 - me]} (seat {1 - me})"
    return names[0], names[1]


def opponent_title(view: View) -> str:
    me = int(view["seat"])
    player = view["players"][1 - me]
    name = names_of(view)[1 - me]
    if player.get("kind") == "computer":
        return f"{name} (computer, {player.get('level', '?')})"
    return name


def describe_event(
    event: Mapping[str, Any], me: int, names: Sequence[str], ascii_only: bool = False
) -> str:
    """One action as a sentence, from ``me``'s side (a hidden card stays hidden)."""
    seat = int(event["seat"])
    who = names[seat]
    card = event.get("card")
    shown = face(card, ascii_only) if card else ""
    kind = event["kind"]
    if kind == "pass":
        return f"{who} passed the upcard."
    if kind == "draw":
        return f"{who} drew the {shown} from the stock." if card else f"{who} drew from the stock."
    if kind == "take":
        return f"{who} took the {shown}."
    if kind == "discard":
        return f"{who} discarded the {shown}."
    if kind == "knock":
        return f"{who} knocked, throwing the {shown} face down." if card else f"{who} knocked."
    if kind == "gin":
        return f"{who} went gin, throwing the {shown}." if card else f"{who} went gin."
    if kind == "big_gin":
        return f"{who} went big gin."
    return f"{who}: {kind} {shown}".rstrip() + "."


def group_legal(actions: Sequence[str]) -> str:
    """Legal actions grouped by verb: ``discard 2S KS; knock KS``."""
    order: list[str] = []
    cards: dict[str, list[str]] = {}
    for text in actions:
        verb, _, rest = text.partition(" ")
        if verb not in cards:
            order.append(verb)
            cards[verb] = []
        if rest:
            cards[verb].append(rest)
    parts = []
    for verb in order:
        words = verb.replace("_", " ")
        parts.append(f"{words} {' '.join(cards[verb])}".rstrip())
    return "; ".join(parts)


def knock_options(view: View) -> list[tuple[str, str, int]]:
    """The legal endings (knock, gin, big gin) as (verb, card, deadwood left), best first."""
    from cardtable.cards import parse_cards
    from cardtable.gin.melds import deadwood

    hand = parse_cards(" ".join(view["observation"]["hand"])).mask
    found: list[tuple[str, str, int]] = []
    for text in view["legal_actions"]:
        verb, _, card = text.partition(" ")
        if verb in ("knock", "gin"):
            left = deadwood(hand & ~(1 << parse_card(card)))
            found.append((verb, card, left))
        elif verb == "big_gin":
            found.append(("big gin", "", 0))
    return sorted(found, key=lambda item: (item[2], item[1]))


@dataclass(frozen=True, slots=True)
class KnockChoice:
    """One way to end the hand: the action to send, the card thrown and the layout."""

    action: str
    verb: str
    card: str
    melds: tuple[tuple[str, ...], ...]
    unmatched: tuple[str, ...]
    deadwood: int
    best: bool

    def describe(self, ascii_only: bool = False) -> str:
        throw = f"throw {face(self.card, ascii_only)}, lay out " if self.card else "lay out "
        layout = layout_text(self.melds, self.unmatched, ascii_only)
        note = " (best layout)" if self.best else ""
        return f"{self.verb}: {throw}{layout}, deadwood {self.deadwood}{note}"


def knock_choices(view: View, card: str | None = None, limit: int = 12) -> list[KnockChoice]:
    """Every legal knock, gin or big gin (of one thrown ``card`` if given): for each card the
    engine's best layout first, then the other layouts within the threshold."""
    from cardtable.cards import parse_cards
    from cardtable.gin.melds import arrangements_within, best_arrangement

    obs = view["observation"]
    hand = parse_cards(" ".join(obs["hand"]))
    threshold = int(obs["threshold"])
    wanted = None if card is None else str(parse_card(card))
    choices: list[KnockChoice] = []
    for verb, thrown, _ in knock_options(view):
        if wanted is not None and thrown != wanted:
            continue
        rest = hand.remove(thrown) if thrown else hand
        limit_here = 0 if verb != "knock" else threshold
        best = best_arrangement(rest)
        layouts = [best]
        best_key = {m.mask for m in best.melds}
        for arrangement in arrangements_within(rest, limit_here):
            if len(layouts) >= limit:
                break
            if {m.mask for m in arrangement.melds} != best_key:
                layouts.append(arrangement)
        for index, arrangement in enumerate(layouts):
            melds = tuple(tuple(str(c) for c in m.cards) for m in arrangement.melds)
            name = verb.replace(" ", "_")
            text = f"{name} {thrown}".strip()
            if index:
                text += " " + " ".join(f"[{' '.join(m)}]" for m in melds)
            choices.append(
                KnockChoice(
                    action=text,
                    verb=verb,
                    card=thrown,
                    melds=melds,
                    unmatched=tuple(str(c) for c in arrangement.unmatched),
                    deadwood=arrangement.deadwood,
                    best=index == 0,
                )
            )
    return choices


def describe_turn(view: View, ascii_only: bool = False) -> str:
    """Whose turn it is and what they may do, in words (with the plain-mode commands)."""
    if view["status"] == "finished":
        return "The match is over."
    obs = view["observation"]
    me = int(view["seat"])
    names = names_of(view)
    to_act = obs["to_act"]
    if to_act is None:
        return "The hand is over."
    if to_act != me:
        return f"{names[to_act]} to play."
    top = obs["discard_pile"][-1] if obs["discard_pile"] else None
    top_text = face(top, ascii_only) if top else ""
    phase = obs["phase"]
    if phase == "offer":
        return f"Your turn: take the upcard {top_text} (take), or pass (pass)."
    if phase == "draw":
        if obs["stock_only"]:
            return "Your turn: both passed the upcard, so draw from the stock (draw)."
        return f"Your turn: draw from the stock (draw), or take the {top_text} (take)."
    text = "Your turn: discard a card (discard CARD)"
    if obs["taken"]:
        text += f", not the {face(obs['taken'], ascii_only)} you just took"
    endings = knock_options(view)
    if any(verb == "gin" for verb, _, _ in endings):
        text += ", or go gin (gin CARD)"
    elif endings and endings[0][0] == "knock":
        text += f", or knock with {endings[0][2]} (knock CARD)"
    if any(verb == "big gin" for verb, _, _ in endings):
        text += ", or big gin (big gin)"
    return text + "."


def layout_text(
    melds: Sequence[str | Sequence[str]], loose: Sequence[str], ascii_only: bool = False
) -> str:
    """Melds in brackets, then the loose cards: ``[7♠ 7♥ 7♦] K♠ 2♠``."""
    parts = [meld_text(m, ascii_only) for m in melds]
    if loose:
        parts.append(card_list(loose, ascii_only))
    return " ".join(parts) or "no cards"


def hand_line(view: View, ascii_only: bool = False) -> str:
    arrangement = view["arrangement"]
    layout = layout_text(arrangement["melds"], arrangement["unmatched"], ascii_only)
    return f"Your hand: {layout}, deadwood {arrangement['deadwood']}"


def score_line(view: View) -> str:
    names = names_of(view)
    scores = view["scores"]
    target = view["rules"]["target"]
    return f"Score: {names[0]} {scores[0]}, {names[1]} {scores[1]} (target {target})."


def describe_state(view: View, ascii_only: bool = False) -> list[str]:
    """The table in a few lines: hand number, score, the opponent, the piles, your hand."""
    obs = view["observation"]
    me = int(view["seat"])
    names = names_of(view)
    lines = []
    dealer = "You deal" if obs["dealer"] == me else f"{names[obs['dealer']]} deals"
    deal = f" (deal {view['deal_number']})" if view["deal_number"] != view["hand_number"] else ""
    lines.append(f"Hand {view['hand_number']}{deal}. {dealer}. {score_line(view)}")
    threshold = obs["threshold"]
    rules_note = "gin only" if threshold == 0 else f"knock with {threshold} or less"
    if obs["multiplier"] != 1:
        rules_note += f", scores x{obs['multiplier']}"
    known = card_list(obs["opponent_known"], ascii_only)
    opp = f"{opponent_title(view)} holds {plural(obs['opponent_card_count'], 'card')}"
    opp += f", known: {known}." if known else "."
    lines.append(opp)
    pile = obs["discard_pile"]
    top = f"{face(pile[-1], ascii_only)} on top ({plural(len(pile), 'card')})" if pile else "empty"
    stock = plural(obs["stock_count"], "card")
    lines.append(f"Stock: {stock}. Discard pile: {top}. Rules: {rules_note}.")
    lines.append(hand_line(view, ascii_only))
    return lines


def describe_showdown(
    hand: Mapping[str, Any], me: int, names: Sequence[str], ascii_only: bool = False
) -> list[str]:
    """A finished hand (the service's ``last_hand``): both hands, lay-offs and the points."""
    result = hand["result"]
    outcome = result["outcome"]
    lines: list[str] = []
    if outcome == "dead":
        lines.append(
            "A dead hand: the stock is down to two cards. Nobody scores; "
            "the same dealer deals again."
        )
        for seat in (me, 1 - me):
            lines.append(f"  {names[seat]}: {card_list(hand['hands'][seat], ascii_only)}")
        return lines
    knocker = int(result["knocker"])
    defender = 1 - knocker
    thrown = result.get("knock_discard")
    verb = {"gin": "went gin", "big_gin": "went big gin"}.get(outcome, "knocked")
    head = f"{names[knocker]} {verb}"
    if thrown:
        head += f" (threw the {face(thrown, ascii_only)} face down)"
    lines.append(f"{head}.")
    for seat, side in ((knocker, "knocker"), (defender, "defender")):
        layout = layout_text(result[f"{side}_melds"], result[f"{side}_unmatched"], ascii_only)
        lines.append(f"  {names[seat]}: {layout}, deadwood {result[f'{side}_deadwood']}")
    layoffs = result["layoffs"]
    if layoffs:
        items = ", ".join(
            f"{face(lay['card'], ascii_only)} on {meld_text(lay['onto'], ascii_only)}"
            for lay in layoffs
        )
        lines.append(f"  {names[defender]} laid off {items}.")
    elif outcome == "knock" or outcome == "undercut":
        lines.append(f"  {names[defender]} had nothing to lay off.")
    winner = int(result["winner"])
    what = OUTCOME_WORDS.get(outcome, outcome)
    double = " (doubled)" if result.get("multiplier", 1) != 1 else ""
    scores = "score" if names[winner] == "You" else "scores"
    lines.append(f"  {what.capitalize()}: {names[winner]} {scores} {result['points']}{double}.")
    return lines


def describe_rules(view: View) -> str:
    """The match's settings in one line."""
    rules = view["rules"]
    big = rules["big_gin_bonus"]
    parts = [
        "Oklahoma (the first upcard sets the threshold)"
        if rules["oklahoma"]
        else f"knock with {rules['knock_threshold']} or less",
        f"gin bonus {rules['gin_bonus']}",
        f"undercut bonus {rules['undercut_bonus']}",
        "big gin off" if big is None else f"big gin bonus {big}",
        f"target {rules['target']}",
        f"game bonus {rules['game_bonus']}",
        f"line bonus {rules['line_bonus']} ({rules['line_bonus_to']})",
    ]
    return ", ".join(parts) + "."


def score_lines(view: View) -> list[str]:
    """The score sheet: one line per scored hand, boxes, then the totals or the final."""
    names = names_of(view)
    width = max(8, *(len(n) for n in names))
    lines = [f"{'hand':>4}  {'result':<9} {names[0]:>{width}} {names[1]:>{width}}"]
    for line in view["sheet"]:
        cells = ["", ""]
        winner = int(line["winner"])
        cells[winner] = f"+{line['points']} ({line['totals'][winner]})"
        outcome = OUTCOME_WORDS.get(line["outcome"], line["outcome"])
        lines.append(f"{line['number']:>4}  {outcome:<9} {cells[0]:>{width}} {cells[1]:>{width}}")
    boxes = view["boxes"]
    lines.append(f"{'':>4}  {'boxes':<9} {boxes[0]:>{width}} {boxes[1]:>{width}}")
    final = view.get("final")
    if final:
        for label, key in (
            ("points", "hand_points"),
            ("lines", "line_bonus"),
            ("game", "game_bonus"),
            ("shutout", "shutout_bonus"),
            ("total", "totals"),
        ):
            pair = final[key]
            lines.append(f"{'':>4}  {label:<9} {pair[0]:>{width}} {pair[1]:>{width}}")
        champion = names[int(final["winner"])]
        verb = "win" if champion == "You" else "wins"
        lines.append(f"{champion} {verb} the match by {final['margin']}.")
    else:
        scores = view["scores"]
        lines.append(f"{'':>4}  {'score':<9} {scores[0]:>{width}} {scores[1]:>{width}}")
        lines.append(f"Target {view['rules']['target']}.")
    return lines
