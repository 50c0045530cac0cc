"""Play one of our players against OpenSpiel's simple gin rummy bot, in OpenSpiel's game.

The hand runs in OpenSpiel's own ``gin_rummy`` state, under OpenSpiel's rules. Our player
only ever sees a :class:`cardtable.gin.hand.Observation` of its own seat, built here by
:class:`SeatView` from what that seat has been shown: its own cards (the deal and its own
stock draws), the upcard, every pass, take and discard, and the opponent's stock draws
without their card. The driver feeds the deal and the stock from a pre-shuffled deck (so
chance is exactly OpenSpiel's: uniform over the cards left) and passes a card to the view
only when our seat may see it.

How OpenSpiel's game maps onto ours (``open_spiel/games/gin_rummy/gin_rummy.{h,cc}``):

* Seats are OpenSpiel's player ids. Player 0 is dealt first and acts first, so in our terms
  player 1 is the dealer. Card ids are ``suit * 13 + rank`` in both, with suits ``s c d h``
  there and ``S H D C`` here (:class:`Codec`).
* Actions 0-51 are discards (and lay-offs), 52 draws the upcard, 53 the stock, 54 passes and
  55 knocks; 56 + id lays one of 185 melds (sets of 3 or 4, runs of 3 to 5). Our ``pass``,
  ``take`` and ``draw`` map to 54, 52, 53 and ``discard c`` to ``c``.
* A knock there is a sequence: 55 in the discard phase (allowed when OpenSpiel's estimate of
  the best ten of eleven cards is within the knock card), then the discard, then the melds
  one at a time (a run longer than five is split into runs of 3 to 5), then 54. Our
  ``knock c [melds]`` and ``gin c`` become exactly that sequence with our layout (or our
  best arrangement when the action names none).
* The defender lays off single cards onto the knocker's melds, passes, lays its own melds
  and passes. In our engine lay-offs are not a decision (the engine computes the defender's
  optimum), so here the defender's side is computed too: the best lay-offs that OpenSpiel
  allows (it extends a run by at most two cards at each end), then our best arrangement.
* At the wall OpenSpiel differs: after a discard that leaves two stock cards, the next
  player may still take the upcard and knock, else the hand is a draw (ours ends the hand
  dead on that discard). Our player is asked as if it had taken the upcard with two stock
  cards left: a knock or gin becomes OpenSpiel's wall knock, a discard its pass.
* Where our player's choice is not legal there (its knock is refused by OpenSpiel's
  estimate, or a layout it cannot lay), the nearest legal action is taken and counted as a
  fallback: the same card as a plain discard, the legal discard or meld that leaves the
  least deadwood.

With ``verify`` on, the hand is mirrored in our own :class:`cardtable.gin.hand.Hand` dealt from the
same deck for as long as the play is legal under our rules, and every observation given to
our player must equal the one our engine gives that seat.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from cardtable.cards import CARDS, RANKS, SUITS, CardSet
from cardtable.gin.actions import DRAW_DISCARD, DRAW_STOCK, PASS, Action, ActionKind
from cardtable.gin.hand import Hand, Observation, Phase, PublicEvent
from cardtable.gin.melds import RUN_MASKS, Meld, best_masks, deadwood, defender_answer
from cardtable.gin.players.base import Player
from cardtable.gin.rules import Rules

__all__ = ["Codec", "HandOutcome", "HandRunner", "SeatView", "split_run"]

DEALER: Final = 1  # OpenSpiel's player 0 is dealt first and acts first: the non-dealer
HAND_SIZE: Final = 10


def split_run(mask: int) -> list[int]:
    """Cut a run into runs of 3 to 5 cards (OpenSpiel's melds); sets pass through."""
    if mask not in RUN_MASKS or mask.bit_count() <= 5:
        return [mask]
    cards = []
    rest = mask
    while rest:
        low = rest & -rest
        cards.append(low.bit_length() - 1)
        rest ^= low
    pieces: list[int] = []
    while len(cards) > 5:
        size = min(5, len(cards) - 3)
        pieces.append(sum(1 << c for c in cards[:size]))
        cards = cards[size:]
    pieces.append(sum(1 << c for c in cards))
    return pieces


class Codec:
    """Card and meld numbering between OpenSpiel and our engine, asked of OpenSpiel itself."""

    def __init__(self, pyspiel: Any) -> None:
        gin = pyspiel.gin_rummy
        utils = gin.GinRummyUtils(13, 4, HAND_SIZE)
        # OpenSpiel's card strings need a lower-case suit ("7h").
        self.to_os: tuple[int, ...] = tuple(
            utils.card_int(RANKS[c % 13] + SUITS[c // 13].lower()) for c in range(52)
        )
        if sorted(self.to_os) != list(range(52)):
            raise RuntimeError("OpenSpiel's card numbering is not a permutation of 0..51")
        back = [0] * 52
        for ours, theirs in enumerate(self.to_os):
            back[theirs] = ours
        self.to_ours: tuple[int, ...] = tuple(back)
        self.draw_upcard: int = gin.DRAW_UPCARD_ACTION
        self.draw_stock: int = gin.DRAW_STOCK_ACTION
        self.pass_: int = gin.PASS_ACTION
        self.knock: int = gin.KNOCK_ACTION
        self.meld_base: int = gin.MELD_ACTION_BASE
        self.meld_mask: dict[int, int] = {}  # OpenSpiel meld id -> our card mask
        for meld_id, cards in utils.int_to_meld.items():
            self.meld_mask[meld_id] = self.mask(cards)
        self.meld_id: dict[int, int] = {m: i for i, m in self.meld_mask.items()}
        for mask in self.meld_id:
            Meld(mask)  # every OpenSpiel meld is a meld of ours

    def mask(self, os_cards: Iterable[int]) -> int:
        """Our card mask of OpenSpiel card ids."""
        to_ours = self.to_ours
        out = 0
        for card in os_cards:
            out |= 1 << to_ours[card]
        return out

    def meld_actions(self, melds: Iterable[int]) -> list[int]:
        """OpenSpiel's lay-meld actions for our meld masks (long runs split)."""
        return [self.meld_base + self.meld_id[piece] for m in melds for piece in split_run(m)]


@dataclass
class SeatView:
    """What one seat has been shown of an OpenSpiel hand, as our engine's observation.

    The methods take a card only where the seat sees it: the opponent's dealt cards and
    stock draws arrive without one.
    """

    seat: int
    rules: Rules
    dealer: int = DEALER
    hand: int = 0
    pile: list[int] = field(default_factory=list)
    upcard: int = -1
    stock: int = 52
    opponent_cards: int = 0
    opponent_known: int = 0
    taken: int = -1
    stock_only: bool = False
    phase: Phase = Phase.OFFER
    to_act: int = 1 - DEALER
    events: list[PublicEvent] = field(default_factory=list)

    # -- the deal --------------------------------------------------------------------
    def deal_to_me(self, card: int) -> None:
        self.hand |= 1 << card
        self.stock -= 1

    def deal_to_opponent(self) -> None:
        self.opponent_cards += 1
        self.stock -= 1

    def turn_upcard(self, card: int) -> None:
        self.upcard = card
        self.pile.append(card)
        self.stock -= 1

    # -- play --------------------------------------------------------------------------
    def pass_upcard(self, seat: int) -> None:
        self._expect(seat, Phase.OFFER)
        self.events.append(PublicEvent(seat, ActionKind.PASS, None))
        if seat == self.dealer:
            self.phase = Phase.DRAW
            self.stock_only = True
        self.to_act = 1 - seat

    def take(self, seat: int) -> None:
        if self.phase is not Phase.OFFER:
            self._expect(seat, Phase.DRAW)
        card = self.pile.pop()
        self.events.append(PublicEvent(seat, ActionKind.DRAW_DISCARD, CARDS[card]))
        if seat == self.seat:
            self.hand |= 1 << card
            self.taken = card
        else:
            self.opponent_cards += 1
            self.opponent_known |= 1 << card
        self.phase = Phase.DISCARD

    def draw_stock(self, seat: int, card: int | None) -> None:
        """A stock draw: ``card`` is given for our own draw only."""
        self._expect(seat, Phase.DRAW)
        self.stock -= 1
        if seat == self.seat:
            if card is None:
                raise ValueError("our own stock draw needs its card")
            self.hand |= 1 << card
        else:
            if card is not None:
                raise ValueError("the opponent's stock draw is hidden from this seat")
            self.opponent_cards += 1
        self.events.append(
            PublicEvent(seat, ActionKind.DRAW_STOCK, None if card is None else CARDS[card])
        )
        self.stock_only = False
        self.taken = -1
        self.phase = Phase.DISCARD

    def discard(self, seat: int, card: int) -> None:
        self._expect(seat, Phase.DISCARD)
        if seat == self.seat:
            self.hand &= ~(1 << card)
        else:
            self.opponent_cards -= 1
            self.opponent_known &= ~(1 << card)
        self.pile.append(card)
        self.events.append(PublicEvent(seat, ActionKind.DISCARD, CARDS[card]))
        self.taken = -1
        self.phase = Phase.DRAW
        self.to_act = 1 - seat

    def _expect(self, seat: int, phase: Phase) -> None:
        if seat != self.to_act or self.phase is not phase:
            raise AssertionError(
                f"view out of step: seat {seat} in {phase.value}, "
                f"expected seat {self.to_act} in {self.phase.value}"
            )

    # -- what the player gets ----------------------------------------------------------
    def observation(self) -> Observation:
        return self._build(self.phase, self.hand, self.pile, self.taken, self.events)

    def wall_observation(self) -> Observation:
        """The seat as if it had taken the upcard at the wall (two stock cards left)."""
        top = self.pile[-1]
        events = [*self.events, PublicEvent(self.seat, ActionKind.DRAW_DISCARD, CARDS[top])]
        return self._build(Phase.DISCARD, self.hand | 1 << top, self.pile[:-1], top, events)

    def _build(
        self, phase: Phase, hand: int, pile: Sequence[int], taken: int, events: list[PublicEvent]
    ) -> Observation:
        upcard = CARDS[self.upcard]
        return Observation(
            seat=self.seat,
            rules=self.rules,
            dealer=self.dealer,
            phase=phase,
            to_act=self.to_act,
            threshold=self.rules.hand_threshold(upcard),
            multiplier=self.rules.hand_multiplier(upcard),
            upcard=upcard,
            hand=CardSet.from_mask(hand),
            discard_pile=tuple(CARDS[c] for c in pile),
            stock_count=self.stock,
            opponent_card_count=self.opponent_cards,
            opponent_known=CardSet.from_mask(self.opponent_known),
            taken=CARDS[taken] if taken >= 0 and self.to_act == self.seat else None,
            stock_only=self.stock_only,
            events=tuple(events),
        )


@dataclass
class HandOutcome:
    """One hand's result from our seat, with the bookkeeping of the bridge."""

    hand_no: int
    deal: int
    seat: int
    points: float  # OpenSpiel's return for our seat
    ending: str  # knock, gin, undercut, tie (a knock scored 0), wall, limit
    knocker: str | None  # "ours", "theirs" or None
    decisions: int = 0
    act_seconds: float = 0.0
    actions: int = 0  # OpenSpiel decision steps of both players
    fallbacks: Counter[str] = field(default_factory=Counter)
    wall_offers: int = 0  # our seat could knock at the wall
    wall_knocks: int = 0
    layoffs: int = 0  # cards our defender laid off
    layoff_limited: int = 0  # OpenSpiel's lay-off rule cost our defender deadwood
    # After our gin, the points OpenSpiel's bot gave away by not laying its melds (its plan
    # opens with a lay-off pass, which after gin ends the hand): measured once it is over.
    bot_unmelded: int = 0
    observations: int = 0  # observations built for our seat
    verified: int = 0  # of them, checked equal to our engine's

    def to_dict(self) -> dict[str, Any]:
        return {
            "hand": self.hand_no,
            "deal": self.deal,
            "seat": self.seat,
            "points": self.points,
            "ending": self.ending,
            "knocker": self.knocker,
            "decisions": self.decisions,
            "act_seconds": self.act_seconds,
            "actions": self.actions,
            "fallbacks": dict(self.fallbacks),
            "wall_offers": self.wall_offers,
            "wall_knocks": self.wall_knocks,
            "layoffs": self.layoffs,
            "layoff_limited": self.layoff_limited,
            "bot_unmelded": self.bot_unmelded,
            "observations": self.observations,
            "verified": self.verified,
        }


class HandRunner:
    """Plays hands of OpenSpiel's gin_rummy: our player in one seat, its simple bot in the
    other."""

    def __init__(self, pyspiel: Any, params: dict[str, Any] | None = None) -> None:
        self.pyspiel = pyspiel
        self.game = pyspiel.load_game("gin_rummy", dict(params or {}))
        self.params: dict[str, Any] = self.game.get_parameters()
        if self.params.get("oklahoma") or self.params.get("hand_size") != HAND_SIZE:
            raise ValueError("only OpenSpiel's standard deal (no Oklahoma, ten cards) is bridged")
        if (self.params["num_ranks"], self.params["num_suits"]) != (13, 4):
            raise ValueError("only the 52-card deck is bridged")
        self.rules = Rules(
            knock_threshold=int(self.params["knock_card"]),
            gin_bonus=int(self.params["gin_bonus"]),
            undercut_bonus=int(self.params["undercut_bonus"]),
            big_gin_bonus=None,  # OpenSpiel has no big gin
        )
        self.codec = Codec(pyspiel)
        self.phases = pyspiel.gin_rummy.Phase

    def play(
        self,
        player: Player,
        seat: int,
        deck: Sequence[int],
        *,
        hand_no: int = 0,
        deal: int = 0,
        verify: bool = True,
    ) -> HandOutcome:
        """One hand; ``deck`` is OpenSpiel card ids in dealing order (52 of them)."""
        return _Hand(self, player, seat, deck, hand_no, deal, verify).run()


class _Hand:
    """The state of one bridged hand."""

    def __init__(
        self,
        runner: HandRunner,
        player: Player,
        seat: int,
        deck: Sequence[int],
        hand_no: int,
        deal: int,
        verify: bool,
    ) -> None:
        if sorted(deck) != list(range(52)):
            raise ValueError("the deck must hold each of OpenSpiel's 52 card ids once")
        self.r = runner
        self.codec = runner.codec
        self.player = player
        self.seat = seat
        self.deck = list(deck)
        self.next_card = 0
        self.state = runner.game.new_initial_state()
        self.bot = runner.pyspiel.make_simple_gin_rummy_bot(runner.params, 1 - seat)
        self.view = SeatView(seat, runner.rules)
        self.out = HandOutcome(hand_no, deal, seat, 0.0, "", None)
        self.mirror: Hand | None = None
        if verify:
            ours = [self.codec.to_ours[c] for c in self.deck]
            # Our deal alternates, the non-dealer (OpenSpiel's player 0) first; then the
            # upcard, and the stock is drawn in deck order from there.
            order = [0] * 52
            order[0:20:2] = ours[0:10]
            order[1:20:2] = ours[10:20]
            order[20:] = ours[20:]
            self.mirror = Hand(runner.rules, DEALER, order)

    # -- driving -----------------------------------------------------------------------
    def run(self) -> HandOutcome:
        state = self.state
        phases = self.r.phases
        self._deal()
        while not state.is_terminal():
            if state.is_chance_node():
                raise AssertionError("a chance node outside a stock draw")
            pid = state.current_player()
            phase = state.current_phase()
            if pid != self.seat:
                self._bot_turn(phase)
            elif phase in (phases.FIRST_UPCARD, phases.DRAW, phases.DISCARD):
                self._our_turn(phase)
            elif phase == phases.WALL:
                self._our_wall()
            elif phase == phases.LAYOFF:
                self._defend()
            else:
                raise AssertionError(f"our seat to act in OpenSpiel phase {phase}")
        self._finish()
        return self.out

    def _chance(self) -> int:
        card = self.deck[self.next_card]
        self.next_card += 1
        self.state.apply_action(card)
        return card

    def _deal(self) -> None:
        view = self.view
        for i in range(2 * HAND_SIZE):
            card = self._chance()
            if i // HAND_SIZE == self.seat:
                view.deal_to_me(self.codec.to_ours[card])
            else:
                view.deal_to_opponent()
        view.turn_upcard(self.codec.to_ours[self._chance()])
        if self.state.is_chance_node():
            raise AssertionError("OpenSpiel dealt more than 21 cards")
        self._check_view()

    def _apply(self, action: int) -> None:
        self.state.apply_action(action)
        self.out.actions += 1

    def _own_mask(self) -> int:
        """Our seat's own cards, read from OpenSpiel (never the opponent's)."""
        return self.codec.mask(self.state.hands()[self.seat])

    def _check_view(self) -> None:
        """The view against OpenSpiel's state: our own hand and the public facts only."""
        state = self.state
        if self.view.hand != self._own_mask():
            raise AssertionError("our view of our own hand differs from OpenSpiel's")
        public = [*state.discard_pile()]
        upcard = state.upcard()
        if upcard is not None:
            public.append(upcard)
        if [self.codec.to_os[c] for c in self.view.pile] != public:
            raise AssertionError("our view of the discard pile differs from OpenSpiel's")
        if self.view.stock != state.stock_size():
            raise AssertionError("our view of the stock count differs from OpenSpiel's")

    # -- the mirror in our own engine ----------------------------------------------------
    def _mirror(self, action: Action, card: int | None = None) -> None:
        """Apply the same action to our engine's hand while the play is legal there."""
        mirror = self.mirror
        if mirror is None:
            return
        if mirror.is_over or not mirror.is_legal(action):
            self.mirror = None
            return
        record = mirror.apply(action)
        if card is not None and record.drawn != card:
            raise AssertionError(f"the mirror drew {record.drawn}, OpenSpiel {CARDS[card]}")

    def _verified(self, observation: Observation) -> None:
        if self.mirror is None:
            return
        expected = self.mirror.observation(self.seat)
        if observation != expected:
            diff = [
                name
                for name in Observation.__dataclass_fields__
                if getattr(observation, name) != getattr(expected, name)
            ]
            raise AssertionError(f"observation differs from our engine's in {diff}")
        self.out.verified += 1

    # -- the opponent --------------------------------------------------------------------
    def _bot_turn(self, phase: Any) -> None:
        phases = self.r.phases
        codec = self.codec
        view = self.view
        them = 1 - self.seat
        action = int(self.bot.step(self.state))
        if phase in (phases.KNOCK, phases.LAYOFF):
            self._apply(action)
            return
        if phase == phases.WALL:
            self._apply(action)  # a pass ends the hand, a knock starts the showdown
            return
        if action == codec.draw_upcard:
            view.take(them)
            self._mirror(DRAW_DISCARD)
            self._apply(action)
        elif action == codec.pass_:
            view.pass_upcard(them)
            self._mirror(PASS)
            self._apply(action)
        elif action == codec.draw_stock:
            self._apply(action)
            card = self._chance()
            view.draw_stock(them, None)
            self._mirror(DRAW_STOCK, codec.to_ours[card])
        elif action == codec.knock:
            self._apply(action)  # the showdown follows; the view is no longer needed
        elif 0 <= action < 52:
            card = codec.to_ours[action]
            view.discard(them, card)
            self._mirror(Action(ActionKind.DISCARD, CARDS[card]))
            self._apply(action)
        else:
            raise AssertionError(f"unexpected OpenSpiel bot action {action}")

    # -- our seat --------------------------------------------------------------------------
    def _ask(self, observation: Observation) -> Action:
        start = time.perf_counter()
        action = self.player.act(observation)
        self.out.act_seconds += time.perf_counter() - start
        self.out.decisions += 1
        if action not in observation.legal_actions() and not _same_ender(
            action, observation.legal_actions()
        ):
            raise AssertionError(f"our player chose {action}, not legal in its own view")
        return action

    def _our_turn(self, phase: Any) -> None:
        self._check_view()
        observation = self.view.observation()
        self.out.observations += 1
        self._verified(observation)
        legal = observation.legal_actions()
        action = legal[0] if len(legal) == 1 else self._ask(observation)
        codec = self.codec
        view = self.view
        kind = action.kind
        if kind is ActionKind.PASS:
            view.pass_upcard(self.seat)
            self._mirror(PASS)
            self._apply(codec.pass_)
        elif kind is ActionKind.DRAW_DISCARD:
            view.take(self.seat)
            self._mirror(DRAW_DISCARD)
            self._apply(codec.draw_upcard)
        elif kind is ActionKind.DRAW_STOCK:
            self._apply(codec.draw_stock)
            card = codec.to_ours[self._chance()]
            view.draw_stock(self.seat, card)
            self._mirror(DRAW_STOCK, card)
        elif kind is ActionKind.DISCARD:
            self._discard(action)
        elif kind in (ActionKind.KNOCK, ActionKind.GIN):
            if codec.knock in self.state.legal_actions():
                self._apply(codec.knock)
                self._lay_out(action)
            else:
                # OpenSpiel judges the knock by its own estimate of the best ten of eleven
                # cards (its deadwood less its highest deadwood card), which can exceed the
                # exact minimum: the nearest legal action is the same card as a discard.
                self.out.fallbacks["knock_refused"] += 1
                assert action.card is not None
                self._discard(Action(ActionKind.DISCARD, action.card))
        else:
            raise AssertionError(f"no OpenSpiel action for {action}")

    def _discard(self, action: Action) -> None:
        assert action.card is not None
        card = int(action.card)
        os_card = self.codec.to_os[card]
        if os_card not in self.state.legal_actions():
            raise AssertionError(f"OpenSpiel refuses the discard {action.card}")
        self.view.discard(self.seat, card)
        self._mirror(action)
        self._apply(os_card)

    def _our_wall(self) -> None:
        """OpenSpiel's wall: we may take the upcard and knock, or pass (a drawn hand)."""
        state = self.state
        codec = self.codec
        self._check_view()
        observation = self.view.wall_observation()
        self.out.observations += 1
        enders = [a for a in observation.legal_actions() if a.kind.ends_hand]
        if not enders:
            self._apply(codec.pass_)
            return
        self.out.wall_offers += 1
        action = self._ask(observation)
        if not action.kind.ends_hand:
            self._apply(codec.pass_)  # our discard here would end the hand dead
        elif codec.knock not in state.legal_actions():
            self.out.fallbacks["knock_refused"] += 1
            self._apply(codec.pass_)
        else:
            self.out.wall_knocks += 1
            self._apply(codec.knock)
            self._lay_out(action)

    def _lay_out(self, action: Action) -> None:
        """After OpenSpiel's knock action: the discard, our melds one by one, then pass."""
        state = self.state
        codec = self.codec
        threshold = self.r.rules.knock_threshold
        hand = self._own_mask()
        assert action.card is not None
        card = int(action.card)
        legal = state.legal_actions()
        if codec.to_os[card] not in legal:
            self.out.fallbacks["knock_discard"] += 1
            options = [codec.to_ours[a] for a in legal if a < 52]
            card = min(options, key=lambda c: (deadwood(hand ^ 1 << c), -c))
        self._apply(codec.to_os[card])
        rest = hand ^ 1 << card
        plan = [m.mask for m in action.melds] if action.melds is not None else None
        if plan is None or not _fits(plan, rest, threshold):
            plan = best_masks(rest)[0]
        planned = True
        for meld_action in codec.meld_actions(plan):
            if meld_action not in state.legal_actions():
                self.out.fallbacks["knock_meld"] += 1
                planned = False
                break
            self._apply(meld_action)
        fell_back = False
        while codec.pass_ not in state.legal_actions():
            # Only on a fallback: lay the legal meld that leaves the least deadwood.
            if not fell_back:
                self.out.fallbacks["knock_meld"] += 1
                fell_back = True
            left = self._own_mask()
            melds = [a for a in state.legal_actions() if a >= codec.meld_base]
            if not melds:
                raise AssertionError("a knock that OpenSpiel cannot complete")
            best = min(melds, key=lambda a: deadwood(left & ~codec.meld_mask[a - codec.meld_base]))
            self._apply(best)
        self._apply(codec.pass_)
        if planned and state.deadwood()[self.seat] != _value(rest & ~sum(plan)):
            raise AssertionError("OpenSpiel scored our knock with other deadwood than laid")

    def _defend(self) -> None:
        """Our side of OpenSpiel's showdown: the best lay-offs it allows, then our melds."""
        state = self.state
        codec = self.codec
        knocker = 1 - self.seat
        value = deadwood(self._own_mask())
        if not state.finished_layoffs():
            hand = self._own_mask()
            value, layoffs = self._best_layoffs(state.clone(), hand, frozenset(), {})
            melds = [Meld(codec.meld_mask[m]) for m in state.layed_melds()[knocker]]
            unlimited = defender_answer(CardSet.from_mask(hand), melds).deadwood
            if value > unlimited:
                self.out.layoff_limited += 1
            for card in layoffs:
                self._apply(card)
            self.out.layoffs += len(layoffs)
            self._apply(codec.pass_)
        for meld_action in codec.meld_actions(best_masks(self._own_mask())[0]):
            if meld_action not in state.legal_actions():
                raise AssertionError("OpenSpiel refuses a meld of the defender")
            self._apply(meld_action)
        self._apply(codec.pass_)
        if state.deadwood()[self.seat] != value:
            raise AssertionError("OpenSpiel scored our defence with other deadwood than planned")

    def _best_layoffs(
        self,
        state: Any,
        hand: int,
        laid: frozenset[int],
        seen: dict[frozenset[int], tuple[int, list[int]]],
    ) -> tuple[int, list[int]]:
        """The least deadwood reachable by OpenSpiel's lay-offs from here, and how."""
        if laid in seen:
            return seen[laid]
        best: tuple[int, list[int]] = (deadwood(hand), [])
        for action in state.legal_actions():
            if action >= 52 or action in laid:
                continue
            child = state.clone()
            child.apply_action(action)
            card = self.codec.to_ours[action]
            value, rest = self._best_layoffs(child, hand & ~(1 << card), laid | {action}, seen)
            if value < best[0]:
                best = (value, [action, *rest])
        seen[laid] = best
        return best

    def _finish(self) -> None:
        state = self.state
        out = self.out
        points = float(state.returns()[self.seat])
        out.points = points
        knocked = list(state.knocked())
        if not any(knocked):
            out.ending = "wall" if state.stock_size() == 2 else "limit"
            return
        knocker = knocked.index(True)
        out.knocker = "ours" if knocker == self.seat else "theirs"
        won = points if knocker == self.seat else -points
        if won < 0:
            out.ending = "undercut"
        elif won == 0:
            out.ending = "tie"
        elif state.deadwood()[knocker] == 0:
            out.ending = "gin"
            if knocker == self.seat:
                # The hand is over and both hands are shown: nothing here reaches a player.
                left = self.codec.mask(state.hands()[1 - self.seat])
                out.bot_unmelded = state.deadwood()[1 - self.seat] - deadwood(left)
        else:
            out.ending = "knock"


def _same_ender(action: Action, legal: list[Action]) -> bool:
    """A knock or gin with chosen melds is legal when the bare one is."""
    return action.kind.ends_hand and any(
        a.kind is action.kind and a.card == action.card for a in legal
    )


def _fits(melds: list[int], cards: int, threshold: int) -> bool:
    """Whether ``melds`` are disjoint melds of ``cards`` leaving at most ``threshold``."""
    used = 0
    for mask in melds:
        if used & mask or mask & ~cards:
            return False
        used |= mask
    return _value(cards & ~used) <= threshold


def _value(mask: int) -> int:
    """The total deadwood value of the cards of ``mask``."""
    return CardSet.from_mask(mask).value
