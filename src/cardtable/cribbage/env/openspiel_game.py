"""Our Cribbage as an OpenSpiel game, so ``open_spiel.python``'s algorithms run on our rules.

Importing this module registers ``python_cardtable_cribbage`` with ``pyspiel.register_game``
(it needs OpenSpiel: ``pip install open-spiel``). Load it as any OpenSpiel game:

>>> import pyspiel
>>> game = pyspiel.load_game("python_cardtable_cribbage", {"rules": "short"})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 52)

The parameters:

* ``rules``: a preset name of :data:`~cardtable.cribbage.rules.PRESETS` (``"standard"``);
* ``scoring``: ``"hand"`` (the game is one deal from 0 - 0; a seat's return is the points it
  pegged in it less the opponent's, as the environments' ``"hand"`` reward pays them) or
  ``"match"`` (a whole :class:`~cardtable.cribbage.match.Match`; the winner gets ``+margin``,
  the loser ``-margin``, in game points, skunks included);
* ``dealer``: the first dealer, 0 or 1 (default 1, so that player 0 acts first as in most
  OpenSpiel games); in a match the engine's match deals every later hand;
* ``target``: the points that win a game, overriding the preset's (0, the default, keeps
  it; the skunk lines move with it as :func:`~cardtable.cribbage.rules.make_rules` moves them).

Chance is explicit, and comes when the cards do: each deal is 12 chance nodes, one per card
in deck order (the non-dealer's first card, the dealer's first, and so on), each uniform over
the cards not dealt yet; the starter is one more, uniform over the 40 cards not dealt, once
both players have laid away. The players' actions are the environments' 53 ids
(:mod:`cardtable.cribbage.env.actions`): laying away is two sequential picks, as in the
environments, so a state's legal actions are ``legal_ids(phase, hand.legal_actions(),
picked)`` of the engine's hand. With muggins on, the show's count and answer are not
players' decisions: every show is stated in full and accepted, as in the environments.

Information: ``information_state_string`` is everything the seat has seen, in order (its own
cards as dealt, its picks, the opponent's picks as ``?``, the starter, every play and go,
each finished hand's view), then its current view: perfect recall. ``observation_string`` is
the current view alone. Both tensors are the environments' 584-value encoding
(:mod:`cardtable.cribbage.env.encoding`), which has no event order beyond the current count:
the tensors do not have perfect recall, the strings do. ``resample_from_infostate`` deals the
current hand's hidden cards again with :func:`cardtable.cribbage.worlds.sample_world`, which
information-set MCTS uses.

OpenSpiel wants a bounded game. A deal is bounded by the rules, a match is not (with games
level on game points, games go on), so a match ends with returns 0 after :data:`MAX_DEALS`
deals, which real play does not come near.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

import numpy as np

from cardtable.cards import CARDS, Card
from cardtable.cribbage.actions import Action
from cardtable.cribbage.env.actions import NUM_ACTIONS, describe_action, legal_ids, to_action
from cardtable.cribbage.env.core import default_illegal_reward
from cardtable.cribbage.env.encoding import OBS_SIZE, FloatArray, encode_observation
from cardtable.cribbage.hand import STARTER_INDEX, Hand, Observation, Phase
from cardtable.cribbage.match import Match, MatchObservation
from cardtable.cribbage.players.counting import count_action
from cardtable.cribbage.rules import PRESETS, Rules, make_rules
from cardtable.cribbage.worlds import sample_world
from cardtable.openspiel_base import (
    CardGame,
    CardState,
    game_type,
    load_game,
    preset_of,
    pyspiel,
    sampler_rng,
    scoring_and_dealer,
)

__all__ = ["GAME_NAME", "MAX_DEALS", "CribbageGame", "CribbageState", "load"]

GAME_NAME: Final = "python_cardtable_cribbage"
MAX_DEALS: Final = 1000
# The most OpenSpiel actions of one deal: 12 cards and the starter, 4 picks, 8 plays, and a
# go at most once per count and seat (at most 8 counts) is far below this.
_DEAL_LENGTH: Final = 48
_SHOW_PHASES: Final = (Phase.COUNT, Phase.ANSWER)
_UNDEALT: Final = tuple(range(52))  # the deck of a deal whose cards chance has not dealt yet
_DEFAULTS: Final[dict[str, Any]] = {
    "rules": "standard",
    "scoring": "hand",
    "dealer": 1,
    "target": 0,
}

_GAME_TYPE: Final = game_type(GAME_NAME, "Cribbage for two (cardtable's exact rules)", _DEFAULTS)


def _rules_of(name: object, target: int) -> Rules:
    rules = preset_of(PRESETS, name)
    return make_rules(rules, {"target": target}) if target else rules


@dataclass(frozen=True, slots=True)
class _Settings:
    """A game's parameters as a state reads them (shared, never copied)."""

    rules: Rules
    scoring: str
    first_dealer: int


class CribbageGame(CardGame):
    """The game: a deal (or a match) under one preset of our rules."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        values = {**_DEFAULTS, **(params or {})}
        target = int(values["target"])
        if target < 0:
            raise ValueError(f"target is 0 (the preset's) or a target, not {target}")
        self.rules = _rules_of(values["rules"], target)
        self.scoring, self.first_dealer = scoring_and_dealer(values)
        if self.scoring == "hand":
            # A seat pegs at most target - 1 and then one score (29 at most) in a hand.
            bound = float(self.rules.target + 28)
            length = _DEAL_LENGTH
        else:
            bound = -default_illegal_reward(self.rules, "match") - 1
            length = MAX_DEALS * _DEAL_LENGTH
        self.obs_size = OBS_SIZE
        super().__init__(_GAME_TYPE, values, NUM_ACTIONS, bound, length)
        self.settings = _Settings(self.rules, self.scoring, self.first_dealer)

    def new_initial_state(self) -> CribbageState:
        return CribbageState(self)


class _Play:
    """Everything a state holds, copied cheaply (OpenSpiel clones states by deepcopy, and a
    deepcopy of the game itself would lose its Python attributes).

    The engine's :class:`~cardtable.cribbage.match.Match` keeps the score, deals every next
    hand (its dealer and pegs) and ends the match; chance only chooses the cards. A hand is
    first dealt from a placeholder deck and replaced by the hand of the cards chance deals.
    """

    __slots__ = (
        "dealing",
        "deck",
        "log",
        "match",
        "over",
        "pending",
        "picked",
        "returns",
        "settings",
    )

    def __init__(self, settings: _Settings) -> None:
        self.settings = settings
        decks = [_UNDEALT] * MAX_DEALS  # placeholders: chance deals the real cards
        self.match = Match(settings.rules, settings.first_dealer, decks=decks)
        self.deck: list[int] = []  # the cards chance has dealt for the hand in play
        self.dealing = True  # chance is dealing the twelve cards
        self.picked: Card | None = None  # the first pick of the seat laying away
        self.pending: Action | None = None  # the second discard, waiting for the starter
        self.log: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())  # what each seat saw
        self.over = False
        self.returns = [0.0, 0.0]

    def __deepcopy__(self, memo: dict[int, Any]) -> _Play:
        new = object.__new__(_Play)
        new.settings = self.settings
        new.match = self.match.copy()
        new.deck = list(self.deck)
        new.dealing = self.dealing
        new.picked = self.picked
        new.pending = self.pending
        new.log = self.log
        new.over = self.over
        new.returns = list(self.returns)
        return new

    @property
    def hand(self) -> Hand:
        match = self.match
        # Once over, the last hand played (in "hand" scoring the match has dealt another).
        return match.hands[-1] if match.is_over or self.over else match.current

    def see(self, seat_zero: str, seat_one: str) -> None:
        self.log = ((*self.log[0], seat_zero), (*self.log[1], seat_one))


class CribbageState(CardState):
    """A state: dealing or turning the starter (chance), a seat to act, or over."""

    play_type = _Play
    _play: _Play

    # -- what OpenSpiel asks -------------------------------------------------------------

    @property
    def hand(self) -> Hand | None:
        """The engine's hand in play (``None`` while its cards are dealt)."""
        play = self._play
        return None if play.dealing else play.hand

    @property
    def match(self) -> Match:
        """The engine's match (in ``"hand"`` scoring, only its first hand is played)."""
        return self._play.match

    @property
    def picked(self) -> Card | None:
        """The first pick of the seat laying away (its own secret)."""
        return self._play.picked

    def seat_to_act(self) -> int | None:
        play = self._play
        if play.dealing or play.pending is not None:
            return None
        seat = play.hand.to_act
        assert seat is not None
        return seat

    def legal_ids(self) -> list[int]:
        play = self._play
        hand = play.hand
        return legal_ids(hand.phase, hand.legal_actions(), play.picked)

    def _apply_action(self, action: int) -> None:
        play = self._play
        index = int(action)
        if play.dealing:
            self._deal(index)
            return
        if play.pending is not None:
            self._turn(index)
            return
        hand = play.hand
        seat = hand.to_act
        assert seat is not None
        try:
            chosen = to_action(index, hand.phase, hand.legal_actions(), play.picked)
        except Exception as error:
            raise ValueError(f"action {index} is not legal here: {error}") from None
        if chosen is None:  # the first pick: the seat's secret until the discard
            play.picked = CARDS[index]
            mine = f"p{CARDS[index]}"
            play.see(*((mine, "p?") if seat == 0 else ("p?", mine)))
            return
        if play.picked is not None:
            play.picked = None
            mine = f"p{CARDS[index]}"
            play.see(*((mine, "p?") if seat == 0 else ("p?", mine)))
            if hand.laid_away[1 - seat]:
                play.pending = chosen  # the starter is turned first: a chance node
                return
        else:
            shown = f"{seat}:{describe_action(index).removeprefix('card ')}"
            play.see(shown, shown)
        self._engine(chosen)

    def _deal(self, card: int) -> None:
        self.deal_card(card)
        play = self._play
        position = len(play.deck) - 1
        current = play.match.current
        to_seat = current.non_dealer if position % 2 == 0 else current.dealer
        mine = f"+{CARDS[card]}"
        play.see(*((mine, "+?") if to_seat == 0 else ("+?", mine)))
        if len(play.deck) < STARTER_INDEX:
            return
        play.dealing = False
        play.match.current = self._dealt(current, play.deck)

    def _turn(self, card: int) -> None:
        """The starter: deal the hand again with it in its place, lay away the first discard
        again and apply the pending one (which turns it)."""
        self.deal_card(card, "to be the starter")
        play = self._play
        hand = play.match.current
        again = self._dealt(hand, play.deck)
        for record in hand.history:
            again.apply(record.action, record.seat)
        play.match.current = again
        pending = play.pending
        assert pending is not None
        play.pending = None
        play.see(f"s{CARDS[card]}", f"s{CARDS[card]}")
        self._engine(pending)

    @staticmethod
    def _dealt(hand: Hand, cards: list[int]) -> Hand:
        """``hand`` (its dealer and pegs) dealt from ``cards`` then the rest in order."""
        rest = [c for c in range(52) if c not in cards]
        return Hand(hand.rules, hand.dealer, [*cards, *rest], hand.start_pegs)

    def _engine(self, action: Action) -> None:
        """Apply an engine action, count any muggins show in full, and end the deal."""
        play = self._play
        match = play.match
        deals = len(match.hands)
        match.apply(action)
        while not match.is_over and len(match.hands) == deals:
            hand = match.current
            if hand.phase not in _SHOW_PHASES:
                break
            seat = hand.to_act
            assert seat is not None
            counted = count_action(hand.observation(seat))
            assert counted is not None
            match.apply(counted)
        if len(match.hands) > deals or match.is_over:
            self._hand_over(match.hands[-1])

    def _hand_over(self, hand: Hand) -> None:
        play = self._play
        match = play.match
        play.see(
            "| " + _view_string(hand.observation(0), None) + " |",
            "| " + _view_string(hand.observation(1), None) + " |",
        )
        if play.settings.scoring == "hand":
            mine = hand.pegs[0] - hand.start_pegs[0]
            theirs = hand.pegs[1] - hand.start_pegs[1]
            play.returns = [float(mine - theirs), float(theirs - mine)]
            play.over = True
            return
        if match.final is not None:
            margin = float(match.final.game_points[0] - match.final.game_points[1])
            play.returns = [margin, -margin]
            play.over = True
            return
        if len(match.hands) >= MAX_DEALS:
            play.over = True  # see MAX_DEALS: returns 0
            return
        play.dealing = True
        play.deck = []

    def describe(self, action: int) -> str:
        return describe_action(action)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> CribbageState:
        """A state the seat cannot tell from this one: the current deal's hidden cards (the
        opponent's, its crib cards, the starter while face down) dealt again with
        :func:`~cardtable.cribbage.worlds.sample_world`; earlier deals are kept as they were."""
        play = self._play
        if play.dealing or play.over or play.pending is not None:
            return self.clone()  # type: ignore[no-any-return]
        seat = int(player_id)
        rng = sampler_rng(probability_sampler)
        hand = play.hand
        world = sample_world(hand.observation(seat), rng, rules=play.settings.rules)
        other = 1 - seat
        history = [int(a) for a in self.history()]
        start = len(history) - self._deal_actions()
        state = self.get_game().new_initial_state()
        for action in history[:start]:
            state.apply_action(action)
        # This deal again: the world's cards, its starter, the opponent's picks from its crib.
        picks = list(world.laid_away[other])
        opening = hand.laid_away[other] == () and play.picked is not None and hand.to_act == other
        first = rng.choice(world.cards[other]) if opening else None
        # The seat's own cards keep the order they were dealt in; the opponent's come in a
        # random order of the world's.
        theirs = [int(c) for c in world.dealt[other]]
        rng.shuffle(theirs)
        for position, action in enumerate(history[start : start + STARTER_INDEX]):
            to_seat = hand.non_dealer if position % 2 == 0 else hand.dealer
            state.apply_action(action if to_seat == seat else theirs.pop())
        for action in history[start + STARTER_INDEX :]:
            if state.is_chance_node():
                state.apply_action(int(world.deck[STARTER_INDEX]))
                continue  # the real starter's id, now the world's
            hand_now = state.hand
            if (
                state.current_player() == other
                and hand_now is not None
                and hand_now.phase is Phase.DISCARD
            ):
                pick = picks.pop(0) if picks else first
                assert pick is not None
                state.apply_action(int(pick))
                continue
            state.apply_action(action)
        assert isinstance(state, CribbageState)
        return state

    def _deal_actions(self) -> int:
        """The OpenSpiel actions of the deal in play: its chance nodes and players' ids."""
        count = 0
        for token in self._play.log[0][::-1]:
            if token.startswith("|"):
                break
            count += 1
        return count

    # -- views ---------------------------------------------------------------------------

    def observation(self, seat: int) -> MatchObservation:
        """The engine's view of ``seat``: its :class:`~cardtable.cribbage.match.MatchObservation`
        (the hand must be dealt; once a ``"hand"`` game is over, that hand's view)."""
        play = self._play
        assert not play.dealing
        view = play.match.observation(seat)
        if play.over and not play.match.is_over:
            return MatchObservation(
                play.hand.observation(seat),
                view.game_number,
                view.hand_number,
                view.game_points,
                view.games,
            )
        return view

    def vector(self, seat: int) -> FloatArray:
        """The environments' encoding of ``seat``'s view (zeros while the cards are dealt)."""
        play = self._play
        if play.dealing:
            return np.zeros(OBS_SIZE, dtype=np.float32)
        picked = play.picked if play.hand.to_act == seat else None
        return encode_observation(self.observation(seat), picked)

    def view_string(self, seat: int, recall: bool) -> str:
        play = self._play
        head = " ".join(play.log[seat]) + " || " if recall else ""
        if play.dealing:
            return f"{head}p{seat} dealing {len(play.deck)}"
        picked = play.picked if play.hand.to_act == seat else None
        view = self.observation(seat)
        text = _view_string(view.hand, picked)
        if play.settings.scoring == "match":
            text += f"; game {view.game_number} points {view.game_points[0]}-{view.game_points[1]}"
        return head + text

    def __str__(self) -> str:
        play = self._play
        if play.dealing:
            return self.dealing_string()
        hand = play.hand
        text = (
            f"dealer {hand.dealer} phase {hand.phase.value} count {hand.count} "
            f"starter {_card(hand.starter)} pegs {hand.pegs[0]}-{hand.pegs[1]} | "
            f"p0 {' '.join(map(str, hand.cards[0]))} | p1 {' '.join(map(str, hand.cards[1]))}"
        )
        if play.picked is not None:
            text += f" | picked {play.picked}"
        if play.pending is not None:
            text += f" | turning the starter after {play.pending}"
        return text


def _cards(cards: Any) -> str:
    return " ".join(str(c) for c in cards) or "-"


def _card(card: Card | None) -> str:
    return "-" if card is None else str(card)  # not ``card or "-"``: the ace of spades is 0


def _view_string(o: Observation, picked: Card | None) -> str:
    """A seat's current view as text: every field of the observation, the plays by seat
    and the current count in order (earlier counts' order is the recall's)."""
    mine = [p.card for p in o.plays if p.seat == o.seat]
    theirs = [p.card for p in o.plays if p.seat != o.seat]
    parts = [
        f"p{o.seat} dealer {o.dealer} {o.phase.value} to_act {o.to_act}",
        f"hand {_cards(o.hand)} crib {_cards(o.laid_away)} picked {_card(picked)}",
        f"starter {_card(o.starter)} count {o.count} [{_cards(o.count_cards)}]",
        f"played {_cards(sorted(mine))} opp {_cards(sorted(theirs))}",
        f"go {int(o.said_go[0])}{int(o.said_go[1])} opp {o.opponent_cards}"
        f"{' laid' if o.opponent_laid_away else ''}",
        f"pegs {o.pegs[0]}-{o.pegs[1]}/{o.target}",
    ]
    for show in o.shows:
        parts.append(f"show {show.seat} {show.kind} {_cards(show.cards)} {show.pegged}")
    return "; ".join(parts)


def load(rules: str = "standard", **params: Any) -> CribbageGame:
    """The game under a preset (``params``: scoring, dealer, target)."""
    return load_game(GAME_NAME, rules, params, CribbageGame)


pyspiel.register_game(_GAME_TYPE, CribbageGame)
