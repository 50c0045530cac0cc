"""Our gin as an OpenSpiel game, so ``open_spiel.python``'s algorithms run on our rules.

Importing this module registers ``python_cardtable_gin_rummy`` with ``pyspiel.register_game``
(it needs OpenSpiel: ``pip install open-spiel``). Load it as any OpenSpiel game:

>>> import pyspiel
>>> game = pyspiel.load_game("python_cardtable_gin_rummy", {"rules": "pagat"})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 52)

The parameters:

* ``rules``: a preset name of :data:`~cardtable.gin.rules.PRESETS` (``"standard"``);
* ``scoring``: ``"hand"`` (the game is one deal; the winner gets ``+points``, the loser
  ``-points``) or ``"match"`` (deals to the target; the winner gets ``+margin``, the loser
  ``-margin``, bonuses included, as :class:`~cardtable.gin.match.Match` scores it);
* ``dealer``: the first dealer, 0 or 1 (default 1, so that player 0 acts first as in most
  OpenSpiel games); in a match the dealer of each later hand follows the rules;
* ``layouts``: the knocker's layout choice of :mod:`cardtable.gin.env.actions` (off);
* ``target``: a match's target, overriding the preset's (0, the default, keeps it).

Chance is explicit: each deal is 51 chance nodes, one per card in deck order (the
non-dealer's first card, the dealer's first, ..., the upcard, then the stock from the top),
each uniform over the cards not dealt yet; the 52nd card is the one left. The players'
actions are the environments' ids (0 to 107, and 108 + k for layouts), so a state's legal
actions are exactly ``legal_ids(hand.legal_actions())`` of the engine's hand.

Information: ``information_state_string`` is the seat's whole view (its
:class:`~cardtable.gin.hand.Observation`, every event in order, and in a match the views of
the earlier deals), so it has perfect recall; ``observation_string`` drops the event order.
Both tensors are the environments' 429-value encoding (482 with ``layouts``; see
:mod:`cardtable.gin.env.encoding`), which has no event order: the tensors do not have
perfect recall, the strings do. ``resample_from_infostate`` draws the current deal's hidden
cards with :func:`cardtable.gin.worlds.sample_deck`, which information-set MCTS uses.

OpenSpiel wants a bounded game, our rules have no bound (both players may take from the
pile for ever), so a deal is called dead after :data:`MAX_HAND_ACTIONS` player actions and a
match ends with returns 0 after :data:`MAX_DEALS` deals. Neither is met in real play.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

import numpy as np

from cardtable.cards import FULL_DECK
from cardtable.gin.actions import Action
from cardtable.gin.env.actions import (
    LAYOUT_BASE,
    NUM_ACTIONS,
    NUM_ACTIONS_WITH_LAYOUTS,
    describe_action,
    layout_choices,
    legal_ids,
)
from cardtable.gin.env.core import default_illegal_reward, max_hand_points
from cardtable.gin.env.encoding import (
    OBS_SIZE,
    OBS_SIZE_WITH_LAYOUTS,
    encode_hand,
    encode_layout_choice,
)
from cardtable.gin.hand import Hand, Observation
from cardtable.gin.match import FinalScore, final_score
from cardtable.gin.rules import PRESETS, Rules
from cardtable.gin.showdown import HandResult
from cardtable.gin.worlds import sample_deck
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

__all__ = ["GAME_NAME", "MAX_DEALS", "MAX_HAND_ACTIONS", "GinGame", "GinState", "load"]

GAME_NAME: Final = "python_cardtable_gin_rummy"
MAX_HAND_ACTIONS: Final = 1000
MAX_DEALS: Final = 200
_DEAL_CHANCE: Final = 51  # chance nodes per deal: the 52nd card is the one left
_DEFAULTS: Final[dict[str, Any]] = {
    "rules": "standard",
    "scoring": "hand",
    "dealer": 1,
    "layouts": False,
    "target": 0,
}

_GAME_TYPE: Final = game_type(GAME_NAME, "Gin Rummy (cardtable's exact rules)", _DEFAULTS)


class GinGame(CardGame):
    """The game: a deal (or a match) under one preset of our rules."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        values = {**_DEFAULTS, **(params or {})}
        self.rules = preset_of(PRESETS, values["rules"])
        if int(values["target"]) > 0:
            self.rules = self.rules.replace(target=int(values["target"]))
        self.scoring, self.first_dealer = scoring_and_dealer(values)
        self.layouts = bool(values["layouts"])
        self.num_ids = NUM_ACTIONS_WITH_LAYOUTS if self.layouts else NUM_ACTIONS
        self.obs_size = OBS_SIZE_WITH_LAYOUTS if self.layouts else OBS_SIZE
        if self.scoring == "hand":
            bound = float(max_hand_points(self.rules))
            length = _DEAL_CHANCE + MAX_HAND_ACTIONS
        else:
            bound = -default_illegal_reward(self.rules, "match")
            length = MAX_DEALS * (_DEAL_CHANCE + MAX_HAND_ACTIONS)
        super().__init__(_GAME_TYPE, values, self.num_ids, bound, length)
        self.settings = _Settings(
            self.rules, self.scoring, self.first_dealer, self.layouts, self.obs_size
        )

    def new_initial_state(self) -> GinState:
        return GinState(self)


@dataclass(frozen=True, slots=True)
class _Settings:
    """A game's parameters as a state reads them (shared, never copied)."""

    rules: Rules
    scoring: str
    first_dealer: int
    layouts: bool
    obs_size: int


class _Play:
    """Everything a state holds, copied cheaply (OpenSpiel clones states by deepcopy, and
    a deepcopy of the game itself would lose its Python attributes)."""

    __slots__ = (
        "actions",
        "boxes",
        "dealer",
        "deals",
        "deck",
        "final",
        "hand",
        "legal",
        "over",
        "past",
        "pending",
        "returns",
        "scores",
        "settings",
    )

    def __init__(self, settings: _Settings) -> None:
        self.settings = settings
        self.dealer = settings.first_dealer
        self.deck: list[int] = []
        self.hand: Hand | None = None
        self.legal: dict[int, Action] = {}
        self.pending: Action | None = None
        self.actions = 0  # player actions in this deal
        self.deals = 0
        self.scores = [0, 0]
        self.boxes = [0, 0]
        self.final: FinalScore | None = None
        self.past: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())  # earlier deals' views
        self.over = False
        self.returns = [0.0, 0.0]

    def __deepcopy__(self, memo: dict[int, Any]) -> _Play:
        new = object.__new__(_Play)
        new.settings = self.settings
        new.dealer = self.dealer
        new.deck = list(self.deck)
        new.hand = None if self.hand is None else self.hand.copy()
        new.legal = dict(self.legal)
        new.pending = self.pending
        new.actions = self.actions
        new.deals = self.deals
        new.scores = list(self.scores)
        new.boxes = list(self.boxes)
        new.final = self.final
        new.past = self.past
        new.over = self.over
        new.returns = list(self.returns)
        return new


class GinState(CardState):
    """A state: dealing (chance), a seat to act, or over."""

    play_type = _Play
    _play: _Play

    # -- what OpenSpiel asks -------------------------------------------------------------

    @property
    def hand(self) -> Hand | None:
        """The engine's hand in play (``None`` while dealing)."""
        return self._play.hand

    @property
    def pending(self) -> Action | None:
        """The knock whose layout is being chosen (with ``layouts`` on)."""
        return self._play.pending

    def seat_to_act(self) -> int | None:
        hand = self._play.hand
        return None if hand is None else hand.to_act

    def legal_ids(self) -> list[int]:
        return sorted(self._play.legal)

    def _apply_action(self, action: int) -> None:
        play = self._play
        if play.hand is None:
            self._deal(int(action))
            return
        chosen = play.legal.get(int(action))
        if chosen is None:
            raise ValueError(f"action {action} is not legal here")
        hand = play.hand
        play.actions += 1
        if (
            play.settings.layouts
            and play.pending is None
            and chosen.kind.ends_hand
            and not chosen.melds
        ):
            choices = layout_choices(hand.cards(hand.to_act).mask, chosen, hand.threshold)
            if len(choices) > 1:
                play.pending = chosen
                play.legal = {LAYOUT_BASE + k: chosen.with_melds(m) for k, m in enumerate(choices)}
                return
        play.pending = None
        hand.apply(chosen)
        if hand.is_over:
            assert hand.result is not None
            self._hand_over(hand.result)
        elif play.actions >= MAX_HAND_ACTIONS:
            self._hand_over(None)  # called dead: see MAX_HAND_ACTIONS
        else:
            play.legal = legal_ids(hand.legal_actions())

    def _deal(self, card: int) -> None:
        self.deal_card(card)
        play = self._play
        if len(play.deck) < _DEAL_CHANCE:
            return
        dealt = sum(1 << c for c in play.deck)
        play.deck.append((FULL_DECK & ~dealt).bit_length() - 1)
        play.hand = Hand(play.settings.rules, play.dealer, play.deck)
        play.legal = legal_ids(play.hand.legal_actions())
        play.actions = 0
        play.pending = None

    def _hand_over(self, result: HandResult | None) -> None:
        """Score a finished deal (``None``: called dead at the bound) and deal again in a
        match, as :class:`~cardtable.gin.match.Match` does."""
        play = self._play
        game = self._play.settings
        play.legal = {}
        play.pending = None
        play.deals += 1
        capped = result is None
        winner = None if result is None else result.winner
        if game.scoring == "hand":
            play.over = True
            if result is not None and winner is not None:
                play.returns[winner] = float(result.points)
                play.returns[1 - winner] = -float(result.points)
            return
        hand = play.hand
        assert hand is not None
        scores = (play.scores[0], play.scores[1])
        play.past = (
            (*play.past[0], _view_string(hand.observation(0, scores), None)),
            (*play.past[1], _view_string(hand.observation(1, scores), None)),
        )
        if result is not None and winner is not None:
            play.scores[winner] += result.points
            play.boxes[winner] += 1
            if play.scores[winner] >= game.rules.target:
                final = final_score(game.rules, play.scores, play.boxes, winner)
                play.final = final
                play.over = True
                margin = float(final.totals[0] - final.totals[1])
                play.returns = [margin, -margin]
                return
            play.dealer = game.rules.dealer_after(winner, hand.dealer)
        if capped or play.deals >= MAX_DEALS:
            play.over = True
            return
        play.hand = None
        play.deck = []

    def describe(self, action: int) -> str:
        return describe_action(action, layouts=True)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> GinState:
        """A state the seat cannot tell from this one: the current deal's hidden cards (the
        opponent's and the stock order) drawn again with
        :func:`~cardtable.gin.worlds.sample_deck`; everything before is replayed as it was."""
        play = self._play
        if play.hand is None or play.over:
            return self.clone()  # type: ignore[no-any-return]
        deck = sample_deck(self.observation(player_id), sampler_rng(probability_sampler))
        history = self.history()
        this_deal = len(history) - play.actions - _DEAL_CHANCE
        state = self.get_game().new_initial_state()
        for action in history[:this_deal]:
            state.apply_action(action)
        for card in deck[:_DEAL_CHANCE]:
            state.apply_action(card)
        for action in history[this_deal + _DEAL_CHANCE :]:
            state.apply_action(action)
        assert isinstance(state, GinState)
        return state

    # -- views ---------------------------------------------------------------------------

    def observation(self, seat: int) -> Observation:
        """The engine's view of ``seat`` (the hand must be dealt)."""
        play = self._play
        assert play.hand is not None
        scores = None if self._play.settings.scoring == "hand" else (play.scores[0], play.scores[1])
        return play.hand.observation(seat, scores)

    def vector(self, seat: int) -> np.ndarray[Any, np.dtype[np.float32]]:
        """The environments' encoding of ``seat``'s view (zeros while dealing)."""
        play = self._play
        if play.hand is None:
            return np.zeros(self._play.settings.obs_size, dtype=np.float32)
        scores = None if self._play.settings.scoring == "hand" else (play.scores[0], play.scores[1])
        vector = encode_hand(play.hand, seat, scores)
        if not self._play.settings.layouts:
            return vector
        mine = play.pending if play.hand.to_act == seat else None
        return np.concatenate((vector, encode_layout_choice(mine)))

    def view_string(self, seat: int, recall: bool) -> str:
        play = self._play
        head = " | ".join(play.past[seat]) + " || " if recall and play.past[seat] else ""
        if play.hand is None:
            return f"{head}p{seat} dealing {len(play.deck)}"
        mine = play.pending if play.hand.to_act == seat else None
        return head + _view_string(self.observation(seat), mine, recall)

    def __str__(self) -> str:
        play = self._play
        if play.hand is None:
            return self.dealing_string()
        hand = play.hand
        text = (
            f"dealer {hand.dealer} phase {hand.phase.value} stock {hand.stock_count} "
            f"pile {' '.join(str(c) for c in hand.discard_pile)} | "
            f"p0 {hand.cards(0)} | p1 {hand.cards(1)}"
        )
        if play.pending is not None:
            text += f" | choosing the layout of {play.pending}"
        return text


def _view_string(observation: Observation, pending: Action | None, recall: bool = True) -> str:
    """A seat's view as text: every field of the observation (events only with recall)."""
    o = observation
    parts = [
        f"p{o.seat} dealer {o.dealer} {o.phase.value} to_act {o.to_act}",
        f"threshold {o.threshold}x{o.multiplier} upcard {o.upcard}",
        f"hand {o.hand}",
        f"pile {' '.join(str(c) for c in o.discard_pile)}",
        f"stock {o.stock_count} opp {o.opponent_card_count} known {o.opponent_known}",
        f"taken {o.taken} stock_only {o.stock_only}",
    ]
    if o.scores is not None:
        parts.append(f"scores {o.scores[0]}-{o.scores[1]}")
    if recall:
        parts.append(
            "events "
            + " ".join(
                f"{e.seat}{e.kind.value}{'' if e.card is None else e.card}" for e in o.events
            )
        )
    if o.result is not None:
        r = o.result
        parts.append(f"result {r.outcome.value} {r.winner} {r.points} opp {o.opponent_hand}")
    if pending is not None:
        parts.append(f"choosing layout of {pending}")
    return "; ".join(parts)


def load(rules: str = "standard", **params: Any) -> GinGame:
    """The game under a preset (``params``: scoring, dealer, layouts)."""
    return load_game(GAME_NAME, rules, params, GinGame)


pyspiel.register_game(_GAME_TYPE, GinGame)
