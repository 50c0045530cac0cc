"""Gin's words for the terminal table: cards, events, the turn, the showdown and the score sheet.

Everything here reads the typed views of the table service (:mod:`cardtable.table`) and
returns plain text, so the full-screen app and the line-by-line prompt say the same things.
Nothing is worked out here that the service has not already worked out: the arrangement of a
hand, the ways to knock and their layouts, a finished hand's result all come with the view.

>>> from cardtable.cards import Card
>>> from cardtable.gin.views import EventView
>>> face(Card("TH")), face(Card("TH"), ascii_only=True), is_red(Card("QD"))
('T♥', 'TH', True)
>>> describe_event(EventView(1, "take", Card("7H")), me=0, names=("You", "Simple"))
'Simple took the 7♥.'
>>> group_legal(["discard 2S", "discard KS", "knock KS", "gin 2S"])
'discard 2S KS; knock KS; gin 2S'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from cardtable.cards import Card
from cardtable.gin.views import (
    EventView,
    HandSummary,
    HintView,
    KnockOption,
    LayoutChoice,
    LayoutView,
    LessonStepView,
    LessonView,
    MeldView,
    ResultView,
    SeatView,
)
from cardtable.tui.cards import (
    ASCII_CARD_BACK,
    CARD_BACK,
    card_back,
    card_list,
    face,
    fit_line,
    is_red,
    key_words,
    names_of,
    option_lines,
    plural,
    symbolise,
    wants_ascii,
)
from cardtable.tui.turns import screen_waiting, waiting

__all__ = [
    "ASCII_CARD_BACK",
    "CARD_BACK",
    "LESSON_NAMES",
    "OUTCOME_WORDS",
    "KnockChoice",
    "card_back",
    "card_list",
    "coach_says",
    "dead_hand_lines",
    "dealer_note",
    "describe_event",
    "describe_result",
    "describe_rules",
    "describe_showdown",
    "describe_state",
    "describe_turn",
    "face",
    "first_of",
    "fit_line",
    "gin_lesson",
    "group_legal",
    "hand_info",
    "hand_line",
    "help_lines",
    "hint_also",
    "hint_line",
    "hint_lines",
    "is_red",
    "key_words",
    "layout_text",
    "lesson_answer",
    "lesson_heading",
    "lesson_showdown",
    "lesson_text",
    "lesson_turn",
    "meld_text",
    "my_name",
    "names_of",
    "news",
    "no_knock",
    "numbered_choices",
    "opponent_cards",
    "opponent_heading",
    "opponent_title",
    "option_lines",
    "plural",
    "refusal",
    "rules_note",
    "score_line",
    "score_lines",
    "screen_names",
    "screen_turn",
    "seat_names",
    "showdown_label",
    "showdown_notes",
    "side_sheet_lines",
    "symbolise",
    "top_line",
    "wants_ascii",
]

OUTCOME_WORDS: Final = {
    "knock": "knock",
    "undercut": "undercut",
    "gin": "gin",
    "big_gin": "big gin",
    "dead": "dead hand",
}


def meld_text(meld: MeldView, ascii_only: bool = False) -> str:
    """``[7♠ 7♥ 7♦]``."""
    return "[" + card_list(meld.cards, ascii_only) + "]"


def seat_names(view: SeatView) -> tuple[str, str]:
    """:func:`names_of` for a seat's view."""
    return names_of(view.players, view.seat)


def my_name(view: SeatView) -> str:
    """The viewer's own name at the table (``--name``), else ``You``."""
    name = view.players[view.seat].name.strip()
    return name or "You"


def screen_names(view: SeatView) -> tuple[str, str]:
    """Both seats' names for the full-screen table's sheets and headings: the viewer by
    the name given with ``--name`` (else "You"), as in the title bar. The plain table
    keeps :func:`seat_names`."""
    names = list(seat_names(view))
    mine = my_name(view)
    if mine != "You" and mine != names[1 - view.seat]:
        names[view.seat] = mine
    return names[0], names[1]


def opponent_title(view: SeatView) -> str:
    other = 1 - view.seat
    player = view.players[other]
    name = seat_names(view)[other]
    if player.is_computer:
        return f"{name} (computer, {player.level or '?'})"
    return name


def describe_event(
    event: EventView, me: int, names: Sequence[str], ascii_only: bool = False
) -> str:
    """One action as a sentence, from ``me``'s side (a hidden card stays hidden)."""
    who = names[event.seat]
    seen = event.card is not None  # (the ace of spades is card 0: never test a card's truth)
    shown = "" if event.card is None else face(event.card, ascii_only)
    kind = event.kind
    if kind == "pass":
        return f"{who} passed the upcard."
    if kind == "draw":
        return f"{who} drew the {shown} from the stock." if seen else f"{who} drew from the stock."
    if kind == "take":
        return f"{who} took the {shown}."
    if kind == "discard":
        return f"{who} discarded the {shown}."
    if kind == "knock":
        return f"{who} knocked, throwing the {shown} face down." if seen else f"{who} knocked."
    if kind == "gin":
        return f"{who} went gin, throwing the {shown}." if seen else f"{who} went gin."
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


# -- the ways to end a hand ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class KnockChoice:
    """One layout of one way to end the hand (both from the service), numbered from 1 within
    its card: number 1 is the engine's best layout."""

    option: KnockOption
    choice: LayoutChoice
    number: int

    @property
    def action(self) -> str:
        return self.choice.action

    @property
    def verb(self) -> str:
        """``knock``, ``gin`` or ``big gin``."""
        return self.option.kind.replace("_", " ")

    @property
    def card(self) -> Card | None:
        return self.option.card

    @property
    def best(self) -> bool:
        return self.number == 1

    @property
    def command(self) -> str:
        """What to type in the plain prompt for this layout: ``knock KD 2``."""
        card = "" if self.card is None else f" {self.card}"
        return f"{self.verb}{card} {self.number}"

    def describe(self, ascii_only: bool = False) -> str:
        card = self.card
        throw = "lay out " if card is None else f"throw {face(card, ascii_only)}, lay out "
        layout = self.choice.layout
        note = " (best layout)" if self.best else ""
        return (
            f"{self.verb}: {throw}{layout_text(layout, ascii_only)}, "
            f"deadwood {layout.deadwood}{note}"
        )


def numbered_choices(options: Sequence[KnockOption], card: Card | None = None) -> list[KnockChoice]:
    """The service's knock options (of one thrown ``card`` if given) as one numbered list:
    least deadwood first, and for each card its best layout first, then the others."""
    return [
        KnockChoice(option, choice, number)
        for option in options
        if card is None or option.card == card
        for number, choice in enumerate(option.choices, start=1)
    ]


def first_of(choices: Sequence[KnockChoice], card: Card | None) -> int:
    """Where the choices of ``card`` start (0, the best ending, when it has none)."""
    if card is None:
        return 0
    return next((i for i, choice in enumerate(choices) if choice.card == card), 0)


def no_knock(view: SeatView) -> str:
    """Why the seat cannot knock now."""
    if view.hand.phase == "discard" and view.my_turn:
        return f"You cannot knock: the knock threshold is {view.hand.threshold}."
    return "You can knock only after drawing."


def refusal(view: SeatView, action: str) -> str | None:
    """Why the full-screen table will not send ``action`` (``None``: it may go): not the
    seat's turn, or no legal action of that verb."""
    if not view.my_turn:
        return "It is not your turn."
    verb = action.split()[0]
    if not any(text.split()[0] == verb for text in view.legal_actions):
        return f"You cannot {verb.replace('_', ' ')} now."
    return None


# -- the table in words -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _DrawWords:
    """The turn line before the seat draws, as one table says it: the upcard offered, the
    stock alone (both passed the upcard), or the stock and the discard pile (``{top}``: the
    discard pile's top card)."""

    offer: str
    stock_only: str
    draw: str


_PLAIN_DRAW: Final = _DrawWords(  # the line-by-line table's commands
    "Your turn: take the upcard {top} (take), or pass (pass).",
    "Your turn: both passed the upcard, so draw from the stock (draw).",
    "Your turn: draw from the stock (draw), or take the {top} (take).",
)
_SCREEN_DRAW: Final = _DrawWords(  # the full screen's keys
    "Your turn: take the upcard {top} (t) or pass (p).",
    "Your turn: both passed the upcard, so draw from the stock (d).",
    "Your turn: draw from the stock (d) or take the {top} (t).",
)


def _draw_turn(view: SeatView, words: _DrawWords, ascii_only: bool = False) -> str | None:
    """The seat's turn line in ``words`` while it has to take the upcard, pass or draw
    (``None`` once it has drawn, or when it is not its turn to)."""
    hand = view.hand
    top = "" if hand.top_discard is None else face(hand.top_discard, ascii_only)
    if hand.phase == "offer":
        return words.offer.format(top=top)
    if hand.phase == "draw":
        return words.stock_only if hand.stock_only else words.draw.format(top=top)
    return None


def describe_turn(view: SeatView, ascii_only: bool = False) -> str:
    """Whose turn it is and what they may do, in words (with the plain-mode commands)."""
    hand = view.hand
    other = waiting(view.finished, hand.to_act, view.seat, seat_names(view))
    if other is not None:
        return other
    drawing = _draw_turn(view, _PLAIN_DRAW, ascii_only)
    if drawing is not None:
        return drawing
    text = "Your turn: discard a card (discard CARD)"
    if hand.taken is not None:
        text += f", not the {face(hand.taken, ascii_only)} you just took"
    endings = view.knock_options
    if any(option.kind == "gin" for option in endings):
        text += ", or go gin (gin CARD)"
    elif endings and endings[0].kind == "knock":
        text += f", or knock with {endings[0].best.deadwood} (knock CARD)"
    if any(option.kind == "big_gin" for option in endings):
        text += ", or big gin (big gin)"
    return text + "."


def news(
    view: SeatView,
    finished: Sequence[EventView],
    events: Sequence[EventView],
    hand_over: bool,
    ascii_only: bool = False,
) -> list[str]:
    """The full-screen table's log lines for what happened since the last look: the rest
    of a hand that ended, then the events of the hand in play."""
    names = seat_names(view)
    lines = [describe_event(e, view.seat, names, ascii_only) for e in finished]
    if hand_over:
        lines.append("The hand is over.")
    return lines + [describe_event(e, view.seat, names, ascii_only) for e in events]


def layout_text(layout: LayoutView, ascii_only: bool = False) -> str:
    """Melds in brackets, then the loose cards: ``[7♠ 7♥ 7♦] K♠ 2♠``."""
    parts = [meld_text(m, ascii_only) for m in layout.melds]
    if layout.unmatched:
        parts.append(card_list(layout.unmatched, ascii_only))
    return " ".join(parts) or "no cards"


def hand_line(view: SeatView, ascii_only: bool = False) -> str:
    arrangement = view.arrangement
    return f"Your hand: {layout_text(arrangement, ascii_only)}, deadwood {arrangement.deadwood}"


def score_line(view: SeatView, names: Sequence[str] | None = None) -> str:
    names = seat_names(view) if names is None else names
    scores = view.sheet.scores
    target = view.sheet.target
    return f"Score: {names[0]} {scores[0]}, {names[1]} {scores[1]} (target {target})."


def rules_note(view: SeatView) -> str:
    """The knock threshold of the hand in play and its multiplier."""
    hand = view.hand
    note = "gin only" if hand.threshold == 0 else f"knock with {hand.threshold} or less"
    if hand.multiplier != 1:
        note += f", scores x{hand.multiplier}"
    return note


def describe_state(view: SeatView, ascii_only: bool = False) -> list[str]:
    """The table in a few lines: hand number, score, the opponent, the piles, your hand."""
    hand = view.hand
    names = seat_names(view)
    dealer = "You deal" if hand.dealer == view.seat else f"{names[hand.dealer]} deals"
    deal = f" (deal {view.deal_number})" if view.deal_number != view.hand_number else ""
    lines = [f"Hand {view.hand_number}{deal}. {dealer}. {score_line(view)}"]
    known = card_list(hand.opponent_known, ascii_only)
    opponent = f"{opponent_title(view)} holds {plural(hand.opponent_card_count, 'card')}"
    opponent += f", known: {known}." if known else "."
    lines.append(opponent)
    pile = hand.discard_pile
    top = f"{face(pile[-1], ascii_only)} on top ({plural(len(pile), 'card')})" if pile else "empty"
    stock = plural(hand.stock_count, "card")
    lines.append(f"Stock: {stock}. Discard pile: {top}. Rules: {rules_note(view)}.")
    lines.append(hand_line(view, ascii_only))
    return lines


def describe_showdown(
    hand: HandSummary, me: int, names: Sequence[str], ascii_only: bool = False
) -> list[str]:
    """A finished hand (the service's ``last_hand``): both hands, lay-offs and the points."""
    return describe_result(hand.result, hand.hands, me, names, ascii_only)


def describe_result(
    result: ResultView,
    hands: Sequence[Sequence[Card]],
    me: int,
    names: Sequence[str],
    ascii_only: bool = False,
) -> list[str]:
    """The end of a hand: who ended it, both layouts (``hands`` for a dead hand, by seat),
    the lay-offs and the points."""
    if result.is_dead or result.knocker is None or result.winner is None:
        return dead_hand_lines(hands, me, names, ascii_only)
    knocker = result.knocker
    defender = 1 - knocker
    verb = {"gin": "went gin", "big_gin": "went big gin"}.get(result.outcome, "knocked")
    head = f"{names[knocker]} {verb}"
    if result.knock_discard is not None:
        head += f" (threw the {face(result.knock_discard, ascii_only)} face down)"
    lines = [f"{head}."]
    for seat, layout in ((knocker, result.knocker_layout), (defender, result.defender_layout)):
        lines.append(
            f"  {names[seat]}: {layout_text(layout, ascii_only)}, deadwood {layout.deadwood}"
        )
    if result.layoffs:
        items = ", ".join(
            f"{face(lay.card, ascii_only)} on {meld_text(lay.onto, ascii_only)}"
            for lay in result.layoffs
        )
        lines.append(f"  {names[defender]} laid off {items}.")
    elif result.outcome in ("knock", "undercut"):
        lines.append(f"  {names[defender]} had nothing to lay off.")
    winner = result.winner
    what = OUTCOME_WORDS.get(result.outcome, result.outcome)
    double = " (doubled)" if result.multiplier != 1 else ""
    scores = "score" if names[winner] == "You" else "scores"
    lines.append(f"  {what.capitalize()}: {names[winner]} {scores} {result.points}{double}.")
    return lines


def dead_hand_lines(
    hands: Sequence[Sequence[Card]], me: int, names: Sequence[str], ascii_only: bool = False
) -> list[str]:
    """A dead hand: nobody scores; both hands as they were, the viewer's first."""
    lines = [
        "A dead hand: the stock is down to two cards. Nobody scores; the same dealer deals again."
    ]
    for seat in (me, 1 - me):
        lines.append(f"  {names[seat]}: {card_list(hands[seat], ascii_only)}")
    return lines


def describe_rules(rules: Mapping[str, Any]) -> str:
    """The match's settings in one line."""
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


def score_lines(view: SeatView, names: Sequence[str] | None = None) -> list[str]:
    """The score sheet: one line per scored hand, boxes, then the totals or the final
    (``names``: the seats' names, :func:`seat_names` unless given)."""
    names = seat_names(view) if names is None else names
    sheet = view.sheet
    width = max(8, *(len(n) for n in names))
    lines = [f"{'hand':>4}  {'result':<9} {names[0]:>{width}} {names[1]:>{width}}"]
    for line in sheet.lines:
        cells = ["", ""]
        cells[line.winner] = f"+{line.points} ({line.totals[line.winner]})"
        outcome = OUTCOME_WORDS.get(line.outcome, line.outcome)
        lines.append(f"{line.number:>4}  {outcome:<9} {cells[0]:>{width}} {cells[1]:>{width}}")
    boxes = sheet.boxes
    lines.append(f"{'':>4}  {'boxes':<9} {boxes[0]:>{width}} {boxes[1]:>{width}}")
    final = sheet.final
    if final is not None:
        for label, pair in (
            ("points", final.hand_points),
            ("lines", final.line_bonus),
            ("game", final.game_bonus),
            ("shutout", final.shutout_bonus),
            ("total", final.totals),
        ):
            lines.append(f"{'':>4}  {label:<9} {pair[0]:>{width}} {pair[1]:>{width}}")
        champion = names[final.winner]
        verb = "win" if champion == "You" else "wins"
        lines.append(f"{champion} {verb} the match by {final.margin}.")
    else:
        scores = sheet.scores
        lines.append(f"{'':>4}  {'score':<9} {scores[0]:>{width}} {scores[1]:>{width}}")
        lines.append(f"Target {sheet.target}.")
    return lines


def hint_line(advice: HintView, ascii_only: bool = False) -> str:
    """The advice in one line: ``Hint: discard K♠. It fits nothing...``."""
    explanation = symbolise(advice.explanation, ascii_only)
    return f"Hint: {symbolise(advice.action, ascii_only)}. {explanation}"


def hint_also(advice: HintView) -> str | None:
    """The next few options with their notes, for the plain prompt (``None`` if none)."""
    others = [a for a in advice.alternatives if a.action != advice.action]
    if not others:
        return None
    return "  Also: " + "; ".join(f"{a.action} ({a.note})" for a in others[:3] if a.note)


def hint_lines(advice: HintView, ascii_only: bool = False) -> list[str]:
    """The advice as a page: the action, the reasons, then the options best first."""
    explanation = symbolise(advice.explanation, ascii_only)
    lines = [f"Suggested: {symbolise(advice.action, ascii_only)}", "", explanation]
    options = [(alt.action, alt.value, alt.note) for alt in advice.alternatives]
    return lines + option_lines(options, ascii_only)


# -- the full-screen table's words --------------------------------------------------------


def top_line(view: SeatView, width: int | None = None) -> str:
    """The title bar: hand number, the score (the player by name), the target and the knock
    threshold; in ``width`` columns without the game's name if need be, and last with the
    knock threshold before the names, so that a cut takes a name's end."""
    names = list(seat_names(view))
    names[view.seat] = my_name(view)
    scores = view.sheet.scores
    hand = view.hand
    limit = "gin only" if hand.threshold == 0 else f"knock ≤ {hand.threshold}"
    if hand.multiplier != 1:
        limit += f" · scores ×{hand.multiplier}"
    where = f"hand {view.hand_number}"
    score = f"{names[0]} {scores[0]} – {names[1]} {scores[1]}"
    target = f"target {view.sheet.target}"
    return fit_line(
        [
            f"Gin Rummy · {where} · {score} · {target} · {limit}",
            f"{where} · {score} · {target} · {limit}",
            f"{where} · {target} · {limit} · {score}",
        ],
        width,
    )


def opponent_cards(view: SeatView, ascii_only: bool = False) -> str:
    """The opponent's known cards face up, the rest as card backs."""
    hand = view.hand
    backs = hand.opponent_card_count - len(hand.opponent_known)
    faces = [face(c, ascii_only) for c in hand.opponent_known]
    return " ".join(faces + [card_back(ascii_only)] * backs)


def opponent_heading(view: SeatView, ascii_only: bool = False) -> str:
    hand = view.hand
    known = hand.opponent_known
    heading = f"{opponent_title(view)} · {plural(hand.opponent_card_count, 'card')}"
    return heading + (f" · known: {card_list(known, ascii_only)}" if known else "")


def dealer_note(view: SeatView) -> str:
    dealer = view.hand.dealer
    return "you deal" if dealer == view.seat else f"{seat_names(view)[dealer]} deals"


def side_sheet_lines(view: SeatView) -> list[str]:
    """The score sheet in the side panel: the last twelve hands, boxes and the score."""
    short = [n[:8] for n in screen_names(view)]
    sheet = view.sheet
    lines = [f"{'#':>2} {'':<8}{short[0]:>8}{short[1]:>9}"]
    for line in sheet.lines[-12:]:
        cells = ["", ""]
        cells[line.winner] = f"+{line.points}"
        outcome = OUTCOME_WORDS.get(line.outcome, line.outcome)[:8]
        lines.append(f"{line.number:>2} {outcome:<8}{cells[0]:>8}{cells[1]:>9}")
    lines.append(f"{'':>2} {'boxes':<8}{sheet.boxes[0]:>8}{sheet.boxes[1]:>9}")
    lines.append(f"{'':>2} {'score':<8}{sheet.scores[0]:>8}{sheet.scores[1]:>9}")
    lines.append(f"target {sheet.target} · s: full sheet")
    return lines


def screen_turn(view: SeatView, busy: bool = False, ascii_only: bool = False) -> str:
    """Whose turn it is, with the full-screen table's keys."""
    hand = view.hand
    other = screen_waiting(view.finished, busy, hand.to_act, view.seat, seat_names(view))
    if other is not None:
        return other
    drawing = _draw_turn(view, _SCREEN_DRAW, ascii_only)
    if drawing is not None:
        return drawing
    text = "Your turn: choose a card (←→ or click), then discard it (⏎)"
    endings = view.knock_options
    if any(option.kind == "gin" for option in endings):
        text += ", or go gin (g)!"
    elif endings:
        text += f", or knock with {endings[0].best.deadwood} (k)"
    return text + "."


def hand_info(view: SeatView, selected: Card | None, ascii_only: bool = False) -> str:
    """The line under the hand: the chosen card, the card that may not go, the deadwood."""
    parts = []
    if selected is not None:
        parts.append(f"chosen: {face(selected, ascii_only)}")
    taken = view.hand.taken
    if taken is not None:
        parts.append(f"you may not discard the {face(taken, ascii_only)}")
    parts.append(f"your deadwood {view.arrangement.deadwood}")
    return " · ".join(parts)


def help_lines(view: SeatView, link: str, resume: str, serve: str) -> list[str]:
    """The full-screen help page: the keys, the mouse, the rules and how to continue
    elsewhere, ``resume`` and ``serve`` being the commands that do (its lines fit the
    dialog of an 80-column terminal)."""
    return [
        "Keys (also shown on the buttons and at the bottom):",
        "  t take the upcard or the top discard   p pass the upcard",
        "  d draw from the stock                  ←/→ choose a card",
        "  ⏎ or x discard the chosen card         k or g knock or gin (a layout)",
        "  b big gin (when the rules allow it)    h hint with its reasons",
        "  s score sheet, v review the last hand  q quit (the match is saved)",
        "  i your statistics (every match of this terminal, with a chart)",
        "Mouse: click a card to choose it, the stock to draw, the discard pile",
        "to take, and the buttons.",
        "Pages scroll: ↑↓, page up/down, home, end. r: the review of a hand.",
        "",
        f"Rules: {describe_rules(view.rules)}",
        "",
        f"Match {view.match_id}; continue it later with",
        f"  {resume}",
        f"or in a browser (run '{serve}'):",
        f"  {link}",
    ]


def showdown_notes(hand: HandSummary, view: SeatView, ascii_only: bool = False) -> list[str]:
    """The showdown dialog's text: the layouts are drawn as cards, so only the head, the
    lay-offs and the points, then the score."""
    names = screen_names(view)
    lines = describe_showdown(hand, view.seat, names, ascii_only)
    notes = [lines[0]] if hand.result.is_dead else [lines[0], *lines[3:]]
    return [*notes, "", score_line(view, names)]


def showdown_label(result: ResultView, seat: int, names: Sequence[str]) -> str:
    """The heading over one side's cards in the showdown."""
    knocked = seat == result.knocker
    layout = result.knocker_layout if knocked else result.defender_layout
    role = "knocked" if knocked else "defends"
    return f"{names[seat]} ({role}): deadwood {layout.deadwood}"


# -- the lesson's words -------------------------------------------------------------------

LESSON_NAMES: Final = ("You", "Computer")


def gin_lesson(view: object) -> LessonView:
    """The gin lesson's view (the shared lessons serve every game's)."""
    if not isinstance(view, LessonView):
        raise TypeError(f"not the gin lesson's view: {type(view).__name__}")
    return view


def lesson_heading(step: LessonStepView) -> str:
    return f"Gin Rummy lesson · step {step.index + 1} of {step.total}: {step.title}"


def lesson_text(view: LessonView, ascii_only: bool = False) -> str:
    """The step's explanation; at the end, the showdown too."""
    text = symbolise(view.step.text, ascii_only)
    if view.step.finished and view.hand.result is not None:
        lines = lesson_showdown(view, ascii_only)
        text += "\n\n" + "\n".join(lines) + "\n\nPress q to finish."
    return text


def lesson_showdown(view: LessonView, ascii_only: bool = False) -> list[str]:
    """The end of the lesson's hand (nothing before it ends)."""
    hand = view.hand
    if hand.result is None:
        return []
    other = hand.opponent_hand or ()
    hands = (hand.hand, other) if hand.seat == 0 else (other, hand.hand)
    return describe_result(hand.result, hands, hand.seat, LESSON_NAMES, ascii_only)


def lesson_turn(step: LessonStepView) -> str:
    """What the full-screen lesson asks for now, with its keys."""
    if step.select is not None:
        return "Pick cards with space or a click, then check them (⏎)."
    if step.action is not None:
        return "Make the move: t take · p pass · d draw · ⏎ discard the chosen card · k knock."
    if step.finished:
        return "The lesson is over: q to finish."
    return "Read, then go on (⏎)."


def lesson_answer(step: LessonStepView, go_on: str = "press ⏎ to go on") -> str:
    """The answer the step wants (the ``h`` key)."""
    return f"Answer: {step.select or step.action or go_on}"


def coach_says(view: LessonView) -> str:
    """The coach's word on the last try, as a sentence (empty when there is none)."""
    message = view.step.message
    return message.capitalize() + "." if message else ""
