"""Our Cribbage beside OpenSpiel's ``cribbage``: speed, show scoring, and a cross-check of the
rules on the same deals and the same plays.

OpenSpiel's game (``pyspiel.load_game("cribbage")``) has two parameters: ``players`` (2 to 4;
2 here) and ``winner_bonus_reward`` (default 1000, added to the winner's return and taken from
the loser's). Its target is not a parameter: ``kWinScore = 121`` in its source. Our side plays
the standard preset (``Rules()``: 121, muggins off, one game), so both play whole games to 121.

Card ids are ``suit * 13 + rank`` in both engines, with suits ``C D H S`` there and ``S H D C``
here (:func:`to_ours`). OpenSpiel deals card by card as chance steps, the first six to player
0 and the next six to player 1; player 0 deals the first hand and the deal alternates, the
starter is a chance step after both have laid away. Its action ids: 0-51 play a card,
``52 + 52 * a + b`` lays away cards ``a`` and ``b``, 2756 passes (a go, or a turn without
cards: OpenSpiel asks a player with no cards left to pass; our engine skips that player, and
ends a count by itself when neither player can play).

(a) Speed: whole games of uniformly random legal play per second, the engines taking turns in
    ``--rounds`` rounds for ``--seconds`` each; per second of the clock and per second of this
    process's CPU time (steadier on a machine that other work shares). Ours:
    ``Match.new(Rules(), seed)``, then ``match.apply(choice(match.legal_actions()))``;
    OpenSpiel: a clone of the initial state, chance sampled from ``chance_outcomes()`` with
    ``pyspiel.sample_action``, decisions from ``legal_actions()``.
(b) Show scoring per call: ours ``show_total`` (the fast total) and ``show_score`` (every
    combination listed) on random hands and starters. OpenSpiel's Python API has no scoring
    function (its ``ScoreHand`` is C++ only). The smallest path that scores hands is the
    pass that ends a hand: it scores both hands and the crib at once (with the last card's
    point) and deals the next round. Timed: ``clone()`` of a state one pass before the show,
    then that ``apply_action`` and ``returns()``; per show is a third of it. The clone alone
    is timed too.
(c) Cross-check, with chance outcomes mapped to our decks and actions replayed in our engine:
    * shows: "probe" hands played in OpenSpiel with chance outcomes chosen to deal a given
      hand, dealer's hand, crib and starter; each is played twice with the two hands' owners
      exchanged, which isolates OpenSpiel's score of each hand and of the crib (the last
      card's point taken out). Compared with ``show_total`` (the crib with ``crib=True``). A
      share of the cribs (``--flush-share``) is dealt of one suit, so flush rules meet often.
    * games: random OpenSpiel games with its own chance. Each deal becomes our deck (the
      starter drawn in advance, uniformly from the 40 cards left, and fed to OpenSpiel's
      chance step); each action is replayed in our hand when our rules ask for it (a pass is
      our ``go`` when our engine asks that player for one, else skipped). Compared: the cards
      dealt, the legal actions of every decision, his heels, and the points of every step (an
      action of ours with the passes OpenSpiel adds after it). A hand is replayed from 0 - 0
      so that one difference does not move the next hands; a second copy at the running game
      score finds where our game ends, to compare the winner and the moment.

Every disagreement is listed with its cause where it is a known rules difference.

Run: ``python bench/cribbage_vs_openspiel.py [--seconds S] [--rounds R] [--shows N]
[--probes N] [--games N] [--seed S] [--json]``.
"""

from __future__ import annotations

import argparse
import itertools
import json
import platform
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any, Final

try:
    import cardtable.cribbage  # noqa: F401
except ImportError:  # run from a checkout without installing
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from cardtable.cards import CARDS, format_cards
from cardtable.cribbage.actions import GO, Action
from cardtable.cribbage.hand import Hand, Score
from cardtable.cribbage.match import Match
from cardtable.cribbage.rules import Rules
from cardtable.cribbage.score import show_score, show_total
from cardtable.errors import IllegalActionError

PASS: Final = 2756
AFTER_THE_CARD: Final = ("go", "last card", "hand", "crib", "his heels")  # not the card's own
FREE: Final = Rules(target=10_000, skunk_line=None, double_skunk_line=None)  # never reached
STANDARD: Final = Rules()
EXAMPLES: Final = 6  # disagreements printed per kind


def to_ours(card: int) -> int:
    """OpenSpiel's card id as ours (and back: the map is its own inverse)."""
    return (3 - card // 13) * 13 + card % 13


def pair_of(action: int) -> tuple[int, int]:
    """The two OpenSpiel cards an OpenSpiel lay-away action names."""
    return divmod(action - 52, 52)


def os_text(card: int) -> str:
    return str(CARDS[to_ours(card)])


def _version(dist: str) -> str:
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return "unknown"


# -- OpenSpiel's scores ---------------------------------------------------------------------


def raw_scores(state: Any, bonus: float) -> tuple[list[float], int | None]:
    """The two players' points and, at the end, the winner (the return with the bonus)."""
    returns = list(state.returns())
    if not state.is_terminal():
        return returns, None
    winner = 0 if returns[0] > returns[1] else 1
    returns[winner] -= bonus
    returns[1 - winner] += bonus
    return returns, winner


# -- (a) random play ------------------------------------------------------------------------

PlayFn = Callable[[random.Random], tuple[int, int, int]]  # decisions, chance steps, hands


def ours_random_game() -> PlayFn:
    dealer = [0]

    def play(rng: random.Random) -> tuple[int, int, int]:
        match = Match.new(STANDARD, seed=rng.getrandbits(64), first_dealer=dealer[0])
        dealer[0] ^= 1
        choice = rng.choice
        decisions = 0
        while not match.is_over:
            match.apply(choice(match.legal_actions()))
            decisions += 1
        return decisions, 0, len(match.hands)

    return play


def openspiel_random_game(pyspiel: Any, game: Any) -> PlayFn:
    initial = game.new_initial_state()
    sample = pyspiel.sample_action

    def play(rng: random.Random) -> tuple[int, int, int]:
        state = initial.clone()
        choice = rng.choice
        uniform = rng.random
        decisions = chance = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample(state.chance_outcomes(), uniform())[0])
                chance += 1
            else:
                state.apply_action(choice(state.legal_actions()))
                decisions += 1
        return decisions, chance, chance // 13  # 12 deals and a starter per hand

    return play


@dataclass
class Tally:
    games: int = 0
    seconds: float = 0.0
    cpu_seconds: float = 0.0  # this process's CPU time: steadier than the clock when shared
    decisions: int = 0
    chance: int = 0
    hands: int = 0
    rounds: list[float] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        games = max(1, self.games)
        return {
            "games": self.games,
            "seconds": self.seconds,
            "games_per_second": self.games / self.seconds if self.seconds else None,
            "games_per_cpu_second": self.games / self.cpu_seconds if self.cpu_seconds else None,
            "hands_per_second": self.hands / self.seconds if self.seconds else None,
            "games_per_second_by_round": self.rounds,
            "decisions_per_game": self.decisions / games,
            "chance_steps_per_game": self.chance / games,
            "hands_per_game": self.hands / games,
        }


def speed(pyspiel: Any, game: Any, args: argparse.Namespace) -> dict[str, Any]:
    engines: list[tuple[str, PlayFn, random.Random]] = [
        ("ours", ours_random_game(), random.Random(args.seed)),
        ("openspiel", openspiel_random_game(pyspiel, game), random.Random(args.seed + 1)),
    ]
    tallies = {key: Tally() for key, _, _ in engines}
    for _key, play, rng in engines:  # warm up
        play(rng)
    share = args.seconds / args.rounds
    for number in range(args.rounds):
        order = engines[number % 2 :] + engines[: number % 2]
        for key, play, rng in order:
            tally = tallies[key]
            start = now = time.perf_counter()
            cpu_start = time.process_time()
            games = 0
            while now - start < share:
                decisions, chance, hands = play(rng)
                games += 1
                tally.decisions += decisions
                tally.chance += chance
                tally.hands += hands
                now = time.perf_counter()
            tally.games += games
            tally.seconds += now - start
            tally.cpu_seconds += time.process_time() - cpu_start
            tally.rounds.append(games / (now - start))
    return {key: tally.to_dict() for key, tally in tallies.items()}


# -- (b) show scoring per call --------------------------------------------------------------


def random_shows(rng: random.Random, count: int) -> list[tuple[tuple[int, ...], int]]:
    shows = []
    for _ in range(count):
        cards = rng.sample(range(52), 5)
        shows.append((tuple(CARDS[c] for c in cards[:4]), CARDS[cards[4]]))
    return shows


def pre_show_states(pyspiel: Any, game: Any, rng: random.Random, count: int) -> list[Any]:
    """States one pass before the show of the first hand (hands that do not end on a 31)."""
    sample = pyspiel.sample_action
    states: list[Any] = []
    while len(states) < count:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                if len(state.history()) > 15:
                    break  # the next round: this hand ended on a 31, try another
                state.apply_action(sample(state.chance_outcomes(), rng.random())[0])
                continue
            legal = state.legal_actions()
            if legal == [PASS] and len(state.history()) > 15:
                after = state.clone()
                after.apply_action(PASS)
                if after.is_chance_node() or after.is_terminal():
                    states.append(state)
                    break
            state.apply_action(rng.choice(legal))
    return states


def timed(run: Callable[[], None], repeat: int) -> float:
    """The best of ``repeat`` runs, in seconds (the least disturbed by other load)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def scoring(pyspiel: Any, game: Any, args: argparse.Namespace) -> dict[str, Any]:
    rng = random.Random(args.seed + 2)
    shows = random_shows(rng, args.shows)
    states = pre_show_states(pyspiel, game, rng, max(1, args.shows // 10))

    def ours_total() -> None:
        for hand, starter in shows:
            show_total(hand, starter)

    def ours_itemised() -> None:
        for hand, starter in shows:
            show_score(hand, starter)

    def os_show() -> None:
        for state in states:
            after = state.clone()
            after.apply_action(PASS)
            after.returns()

    def os_clone() -> None:
        for state in states:
            state.clone()

    repeat = args.repeat
    total = timed(ours_total, repeat) / len(shows)
    itemised = timed(ours_itemised, repeat) / len(shows)
    per_call = timed(os_show, repeat) / len(states)
    clone = timed(os_clone, repeat) / len(states)
    return {
        "ours_show_total_us": 1e6 * total,
        "ours_show_score_us": 1e6 * itemised,
        "openspiel_pass_to_show_us": 1e6 * per_call,
        "openspiel_per_show_us": 1e6 * per_call / 3,
        "openspiel_clone_us": 1e6 * clone,
        "openspiel_per_show_without_clone_us": 1e6 * (per_call - clone) / 3,
        "shows": len(shows),
        "openspiel_states": len(states),
    }


# -- (c) the cross-check: shows -------------------------------------------------------------


@dataclass
class Disagreements:
    """Counts of comparisons and agreements, and the disagreements by cause."""

    compared: Counter[str] = field(default_factory=Counter)
    agreed: Counter[str] = field(default_factory=Counter)
    causes: Counter[str] = field(default_factory=Counter)
    examples: dict[str, list[str]] = field(default_factory=dict)
    uncompared: Counter[str] = field(default_factory=Counter)  # steps with nothing to compare

    def check(self, kind: str, same: bool) -> bool:
        self.compared[kind] += 1
        self.agreed[kind] += same
        return same

    def note(self, cause: str, text: str) -> None:
        self.causes[cause] += 1
        shown = self.examples.setdefault(cause, [])
        if len(shown) < EXAMPLES:
            shown.append(text)

    def to_dict(self) -> dict[str, Any]:
        return {
            "compared": dict(self.compared),
            "agreed": dict(self.agreed),
            "causes": dict(self.causes),
            "examples": self.examples,
            "uncompared": dict(self.uncompared),
        }


CRIB_FLUSH: Final = (
    "crib flush: OpenSpiel scores four crib cards of one suit (4) without the starter"
)
FIRST_TO_121: Final = (
    "the game's end: OpenSpiel scores the last card, both hands and the crib in one step, then "
    "names the lowest-numbered player at 121 or more, so when both pass 121 in one show it "
    "gives player 0 the game even as the dealer; by the rules (and ours) the non-dealer "
    "counts first and wins"
)
PROBE_RETRIES: Final = 50


def probe(
    pyspiel: Any,
    game: Any,
    rng: random.Random,
    dealer_six: Sequence[int],
    other_six: Sequence[int],
    starter: int,
) -> tuple[float, float] | None:
    """Play OpenSpiel's first hand with these deals (OpenSpiel ids; each six's last two are
    laid away) and this starter; the points each player's show scored (player 0 deals).
    ``None`` if every play tried ends on a 31 (the show then comes with the last card's
    pegging, which cannot be told apart)."""
    state = game.new_initial_state()
    for card in (*dealer_six, *other_six):
        state.apply_action(card)
    for six in (dealer_six, other_six):
        wanted = {six[4], six[5]}
        state.apply_action(next(a for a in state.legal_actions() if set(pair_of(a)) == wanted))
    state.apply_action(starter)
    start = state
    for _ in range(PROBE_RETRIES):  # random play, again when the hand ends on a 31
        state = start.clone()
        last = -1
        while True:
            player = state.current_player()
            action = rng.choice(state.legal_actions())
            if action != PASS:
                last = player
            before, _ = raw_scores(state, 0.0)  # the first hand never ends the game
            state.apply_action(action)
            if state.is_chance_node():
                break
        if action == PASS:
            after, _ = raw_scores(state, 0.0)
            gained = [after[p] - before[p] - (1 if p == last else 0) for p in (0, 1)]
            return gained[0], gained[1]
    return None


def game_bonus(game: Any) -> float:
    return float(game.get_parameters()["winner_bonus_reward"])


def cross_check_shows(
    pyspiel: Any, game: Any, args: argparse.Namespace, found: Disagreements
) -> None:
    rng = random.Random(args.seed + 3)
    for _ in range(args.probes):
        deck = list(range(52))
        rng.shuffle(deck)
        if rng.random() < args.flush_share:  # a one-suit crib, the starter of it half the time
            suit = rng.randrange(4)
            crib = rng.sample(range(13 * suit, 13 * suit + 13), 5)
            if rng.random() < 0.5:
                crib[4] = rng.choice([c for c in range(52) if c // 13 != suit])
            rest = [c for c in deck if c not in crib]
            starter = crib.pop()
            hand, dealer_hand = rest[:4], rest[4:8]
        else:
            hand, dealer_hand, crib, starter = deck[:4], deck[4:8], deck[8:12], deck[12]
        # OpenSpiel ids; crib[0:2] come from the dealer, crib[2:4] from the other player.
        first = probe(pyspiel, game, rng, dealer_hand + crib[:2], hand + crib[2:], starter)
        second = probe(pyspiel, game, rng, hand + crib[:2], dealer_hand + crib[2:], starter)
        if first is None or second is None:
            found.uncompared["probes whose every play ends on a 31"] += 1
            continue
        os_hand, os_dealer_hand = first[1], second[1]
        os_crib = first[0] - os_dealer_hand
        consistent = second[0] - os_hand
        if os_crib != consistent:
            found.note("probe", f"crib {os_crib} from one probe, {consistent} from the other")
        ours_starter = CARDS[to_ours(starter)]
        for kind, cards, theirs in (
            ("hand", hand, os_hand),
            ("hand", dealer_hand, os_dealer_hand),
            ("crib", crib, os_crib),
        ):
            mine = [CARDS[to_ours(c)] for c in cards]
            ours = show_total(mine, ours_starter, crib=kind == "crib")
            if found.check(f"show: {kind}", ours == theirs):
                continue
            text = (
                f"{kind} {format_cards(mine)} starter {ours_starter}: ours {ours}, "
                f"OpenSpiel {theirs:g}"
            )
            if kind == "crib" and show_total(mine, ours_starter) == theirs:
                found.note(CRIB_FLUSH, text)
            else:
                found.note(f"show: {kind} (unexplained)", text)


# -- (c) the cross-check: whole games -------------------------------------------------------


def points_of(scores: Sequence[Score]) -> list[int]:
    gained = [0, 0]
    for score in scores:
        gained[score.seat] += score.points
    return gained


@dataclass
class Step:
    """One of our actions (or the deal) with the passes OpenSpiel adds after it."""

    label: str
    ours: list[int]
    scores: tuple[Score, ...]
    start: list[float]  # OpenSpiel's scores before the step
    theirs: list[float] = field(default_factory=lambda: [0.0, 0.0])

    def until_121(self) -> list[int]:
        """Our points of the step as OpenSpiel would have scored them had the game ended in
        it: it looks for 121 only between actions, and the card's own points (a 31 with
        everything after it) come in one action, the go or last card and the show in the
        pass that ends the count."""
        card = [s for s in self.scores if s.reason not in AFTER_THE_CARD]
        if any(s.reason == "31" for s in card):
            return self.ours
        first = points_of(card)
        if max(self.start[p] + first[p] for p in (0, 1)) >= 121:
            return first
        return self.ours


class GameCheck:
    """One random OpenSpiel game, each hand replayed in our engine as it is played."""

    def __init__(self, pyspiel: Any, game: Any, rng: random.Random, found: Disagreements):
        self.pyspiel = pyspiel
        self.game = game
        self.bonus = game_bonus(game)
        self.rng = rng
        self.found = found
        self.state = game.new_initial_state()
        self.pegs = (0, 0)  # our running game score
        self.our_end: tuple[int, int] | None = None  # (step, winner) where our game ended
        self.step_number = 0  # the steps compared: the lay-away and starter, each play
        self.diverged = False  # a hand's points differed: the game scores part ways
        self.hand_agrees = True
        self.hand_number = 0

    def apply(self, action: int) -> list[float]:
        """Apply an OpenSpiel action; the points it gave each player."""
        before, _ = raw_scores(self.state, self.bonus)
        self.state.apply_action(action)
        after, _ = raw_scores(self.state, self.bonus)
        return [after[0] - before[0], after[1] - before[1]]

    def play(self) -> None:
        while not self.state.is_terminal():
            self.hand()
            self.hand_number += 1
        self.compare_ends()

    def hand(self) -> None:
        state, rng, found = self.state, self.rng, self.found
        dealer = self.hand_number % 2
        dealt: list[int] = []
        for _ in range(12):
            outcome = self.pyspiel.sample_action(state.chance_outcomes(), rng.random())[0]
            self.apply(outcome)
            dealt.append(outcome)
        starter = rng.choice([c for c in range(52) if c not in dealt])
        sixes = {0: dealt[:6], 1: dealt[6:]}
        non_dealer = 1 - dealer
        deck = [0] * 12
        for i in range(6):
            deck[2 * i] = to_ours(sixes[non_dealer][i])
            deck[2 * i + 1] = to_ours(sixes[dealer][i])
        deck.append(to_ours(starter))
        deck += [c for c in range(52) if c not in deck]
        self.hand_agrees = True
        free = Hand(FREE, dealer, deck, (0, 0))
        running = Hand(STANDARD, dealer, deck, self.pegs) if self.our_end is None else None
        for seat in (0, 1):
            found.check("cards dealt", set(free.dealt[seat]) == {to_ours(c) for c in sixes[seat]})
        # Laying away: OpenSpiel asks player 0 then 1, our engine the non-dealer first.
        laid: dict[int, Action] = {}
        for player in (0, 1):
            legal = state.legal_actions()
            theirs = {frozenset(to_ours(c) for c in pair_of(a)) for a in legal}
            ours = {frozenset(a.cards) for a in free_discards(free, player)}
            found.check("legal actions: lay away", theirs == ours)
            action = rng.choice(legal)
            first, second = (CARDS[to_ours(c)] for c in pair_of(action))
            laid[player] = Action.discard(first, second)
            self.apply(action)
        records = []
        self.step_number += 1
        for seat in (non_dealer, dealer):
            records.append(free.apply(laid[seat], seat))
            self.mirror(running, laid[seat], seat)
        start, _ = raw_scores(state, self.bonus)
        heels = Step("his heels", points_of(records[-1].scores), records[-1].scores, start)
        heels.theirs = self.apply(starter)
        self.compare(heels, free, "his heels")
        step: Step | None = None
        lost = False  # our engine refused a replayed action: the rest of the hand is not ours
        while not state.is_terminal() and not state.is_chance_node():
            player = state.current_player()
            legal = state.legal_actions()
            action = rng.choice(legal)
            if lost:
                self.apply(action)
                continue
            ours_action = self.ours_for(free, player, legal)
            chosen = None
            if action != PASS:
                chosen = Action.play(CARDS[to_ours(action)])
            elif ours_action is GO:
                chosen = GO
            if chosen is not None:
                if step is not None:
                    self.compare(step, free, "play")
                try:
                    record = free.apply(chosen, player)
                except IllegalActionError as error:
                    found.note("replay refused by our engine (unexplained)", str(error))
                    lost = self.diverged = True
                    self.apply(action)
                    continue
                self.step_number += 1
                self.mirror(running, chosen, player)
                start, _ = raw_scores(state, self.bonus)
                label = f"{player} {chosen}"
                step = Step(label, points_of(record.scores), record.scores, start)
            gained = self.apply(action)
            assert step is not None, "the play starts with a card"
            step.theirs = [step.theirs[p] + gained[p] for p in (0, 1)]
        if lost:
            self.our_end = self.our_end or (-1, -1)  # our game can no longer be followed
            return
        if step is not None:
            if state.is_terminal():
                # OpenSpiel stopped at 121, maybe inside the step; ours, without a target,
                # went on: compare what OpenSpiel would have scored of our points.
                step.ours = step.until_121()
                self.compare(step, free, "the step that ended the game")
            else:
                self.compare(step, free, "show" if free.is_over else "play")
        if free.is_over:
            found.check("hands: every step's points", self.hand_agrees)
        if running is not None and running.is_over:
            self.pegs = (running.pegs[0], running.pegs[1])

    def ours_for(self, free: Hand, player: int, legal: list[int]) -> Action | None:
        """Compare the legal actions; our go when our engine asks ``player`` for one."""
        found = self.found
        if free.to_act != player:
            # Our engine does not ask: the player has no cards, or the count ended by itself.
            if legal == [PASS]:
                found.uncompared["OpenSpiel's passes that our engine skips"] += 1
            else:
                found.check("legal actions: play", False)
                found.note("turn order (unexplained)", f"OpenSpiel asks {player}: {legal}")
            return None
        ours = free.legal_actions()
        if legal == [PASS] and ours != [GO] and free.count == 0:
            # Neither could play: our engine ended the count and this player leads the next;
            # OpenSpiel asks both players to pass first (a player who can lead always can play).
            found.uncompared["OpenSpiel's passes that our engine skips"] += 1
            return None
        theirs = [GO] if legal == [PASS] else [Action.play(CARDS[to_ours(c)]) for c in legal]
        same = sorted(map(str, ours)) == sorted(map(str, theirs))
        if not found.check("legal actions: play", same):
            found.note("legal actions (unexplained)", f"ours {ours}, OpenSpiel {theirs}")
        return GO if ours == [GO] else None

    def mirror(self, running: Hand | None, action: Action, seat: int) -> None:
        """Apply to the copy at the game score, and note when our game ends."""
        if running is None or running.is_over or self.our_end is not None:
            return
        running.apply(action, seat)
        if running.winner is not None:
            self.our_end = (self.step_number, running.winner)

    def compare(self, step: Step, free: Hand, kind: str) -> None:
        found = self.found
        if found.check(f"points: {kind}", step.ours == step.theirs):
            return
        self.diverged = True
        self.hand_agrees = False
        reasons = ", ".join(f"{s.seat} {s.reason} {s.points}" for s in step.scores) or "none"
        text = (
            f"hand {self.hand_number + 1} after '{step.label}': ours {step.ours} ({reasons}), "
            f"OpenSpiel {[int(p) for p in step.theirs]}"
        )
        if free.is_over and step.ours == points_of(step.scores):  # the step with the show
            found.note(self.show_cause(step, free, kind), text)
        else:
            found.note(f"points: {kind} (unexplained)", text)

    def show_cause(self, step: Step, free: Hand, kind: str) -> str:
        """A show step that differs: is it exactly the crib flush rule?"""
        crib = next(s for s in free.shows if s.kind == "crib")
        assert free.starter is not None
        as_hand = show_total(crib.score.hand, free.starter)
        fixed = list(step.ours)
        fixed[crib.seat] += as_hand - crib.score.total
        return CRIB_FLUSH if fixed == step.theirs else f"points: {kind} (unexplained)"

    def compare_ends(self) -> None:
        found = self.found
        scores, winner = raw_scores(self.state, self.bonus)
        ours = self.our_end
        same = ours is not None and ours == (self.step_number, winner)
        kind = "game end (winner and step)"
        if not self.diverged:
            kind += ", every hand agreeing"
        if found.check(kind, same):
            return
        text = (
            f"OpenSpiel {[int(p) for p in scores]} won by {winner} at step {self.step_number};"
            f" ours (step, winner) {ours}"
        )
        if self.diverged:
            found.note("game end after the scores parted (see the causes above)", text)
        elif min(scores) >= 121:
            found.note(FIRST_TO_121, text)
        else:
            found.note("game end (unexplained)", text)


def free_discards(hand: Hand, seat: int) -> list[Action]:
    """Every lay-away open to ``seat`` now (our engine lists only the seat to act's)."""
    return [Action.discard(a, b) for a, b in itertools.combinations(hand.cards[seat], 2)]


def cross_check_games(
    pyspiel: Any, game: Any, args: argparse.Namespace, found: Disagreements
) -> dict[str, Any]:
    rng = random.Random(args.seed + 4)
    hands = 0
    for _ in range(args.games):
        check = GameCheck(pyspiel, game, rng, found)
        check.play()
        hands += check.hand_number
    return {"games": args.games, "hands": hands}


# -- the report -----------------------------------------------------------------------------


def run(args: argparse.Namespace) -> dict[str, Any]:
    import pyspiel

    game = pyspiel.load_game("cribbage")
    found = Disagreements()
    start = time.perf_counter()
    report: dict[str, Any] = {
        "benchmark": "cribbage_vs_openspiel",
        "python": platform.python_version(),
        "machine": platform.machine(),
        "open_spiel": _version("open_spiel"),
        "openspiel_parameters": dict(game.get_parameters()),
        "seed": args.seed,
        "speed": speed(pyspiel, game, args),
        "scoring": scoring(pyspiel, game, args),
    }
    cross_check_shows(pyspiel, game, args, found)
    report["games"] = cross_check_games(pyspiel, game, args, found)
    report["cross_check"] = found.to_dict()
    report["seconds"] = time.perf_counter() - start
    return report


def ratio(ours: float, theirs: float, faster: bool = True) -> str:
    if ours >= theirs:
        return f"{ours / theirs:.1f}x {'faster' if faster else 'more'}"
    return f"{theirs / ours:.1f}x {'slower' if faster else 'less'}"


def print_report(report: dict[str, Any]) -> None:
    speed_, scoring_ = report["speed"], report["scoring"]
    ours, theirs = speed_["ours"], speed_["openspiel"]
    print(
        f"Cribbage, ours vs OpenSpiel {report['open_spiel']} "
        f"(parameters {report['openspiel_parameters']}, target 121 in both), "
        f"Python {report['python']} on {report['machine']}"
    )
    print("(a) uniformly random play of whole games to 121")
    print(
        f"    {'':10} {'games/s':>9} {'games/CPU-s':>12} {'hands/s':>9} {'decisions/game':>15} "
        f"{'hands/game':>11}"
    )
    for label, data in (("ours", ours), ("OpenSpiel", theirs)):
        print(
            f"    {label:10} {data['games_per_second']:9.1f} {data['games_per_cpu_second']:12.1f} "
            f"{data['hands_per_second']:9.1f} "
            f"{data['decisions_per_game']:15.1f} {data['hands_per_game']:11.2f}"
            + (f"  (+{data['chance_steps_per_game']:.1f} chance steps)" if label != "ours" else "")
        )
    print(
        f"    ours is {ratio(ours['games_per_second'], theirs['games_per_second'])} "
        f"in games/s, {ratio(ours['hands_per_second'], theirs['hands_per_second'])} in hands/s, "
        f"{ratio(ours['games_per_cpu_second'], theirs['games_per_cpu_second'])} in games per "
        "second of CPU time"
    )
    print("(b) scoring one show (hand or crib with the starter), microseconds per show")
    total, itemised = scoring_["ours_show_total_us"], scoring_["ours_show_score_us"]
    per_show = scoring_["openspiel_per_show_us"]
    bare = scoring_["openspiel_per_show_without_clone_us"]
    print(f"    ours show_total {total:.2f}, show_score {itemised:.2f}")
    print(
        f"    OpenSpiel, the pass that ends a hand (3 shows): {per_show:.2f} per show "
        f"({scoring_['openspiel_pass_to_show_us']:.1f} per call with clone() "
        f"{scoring_['openspiel_clone_us']:.1f}; {bare:.2f} per show without the clone)"
    )
    print(
        f"    show_total vs OpenSpiel: {ratio(per_show, total)} per show "
        f"({ratio(bare, total)} without the clone); show_score: {ratio(per_show, itemised)}"
    )
    check = report["cross_check"]
    games = report["games"]
    print(
        f"(c) cross-check: {games['games']} random OpenSpiel games ({games['hands']} hands), "
        "and probe hands for the shows"
    )
    for kind in sorted(check["compared"]):
        done, same = check["compared"][kind], check["agreed"].get(kind, 0)
        print(f"    {kind:<48} {same:>6} of {done:<6} agree")
    for kind, count in sorted(check["uncompared"].items()):
        print(f"    {kind:<48} {count:>6} (nothing to compare)")
    if not check["causes"]:
        print("    no disagreement")
    for cause, count in sorted(check["causes"].items(), key=lambda item: -item[1]):
        print(f"  disagreement x{count}: {cause}")
        for text in check["examples"].get(cause, []):
            print(f"      {text}")
    print(f"({report['seconds']:.0f} s in all)")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=6.0, help="timed seconds per engine")
    parser.add_argument("--rounds", type=int, default=3, help="turns per engine")
    parser.add_argument("--shows", type=int, default=20_000, help="shows timed per scorer")
    parser.add_argument("--repeat", type=int, default=3, help="timing runs (the best counts)")
    parser.add_argument("--probes", type=int, default=2000, help="show probes (2 hands each)")
    parser.add_argument("--flush-share", type=float, default=0.15, help="one-suit probe cribs")
    parser.add_argument("--games", type=int, default=200, help="cross-checked games")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--json", action="store_true", help="print one JSON object only")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.rounds < 1 or min(args.shows, args.repeat) < 1:
        parser.error("--seconds, --rounds, --shows and --repeat must be positive")
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print("OpenSpiel is not installed: pip install -e '.[bench]'", file=sys.stderr)
        return 1
    report = run(args)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print_report(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
