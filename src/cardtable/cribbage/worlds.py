"""Sample worlds: whole Cribbage hands consistent with what one seat has seen.

A seat's :class:`~cardtable.cribbage.hand.Observation` leaves hidden the opponent's cards
still in its hand, its two crib cards until the crib is shown, the starter until it is
turned, and the rest of the deck. :func:`sample_worlds` deals them out again from the cards
the seat has not seen and returns each sample as a complete
:class:`~cardtable.cribbage.hand.Hand` that replays the same public play, so
``world.observation(seat) == observation``. That is the determinization search algorithms
need (information-set MCTS, PIMC).

What is public constrains the opponent's hand, and a world respects it: an opponent seen
unable to play (it said go, it was passed over, or a count ended with nobody able to play)
holds no card that would have fitted then, and where the seat cannot play and the count goes
on, the opponent holds a card that fits. Within that, the distribution is the plain one:
every deal of the unseen cards consistent with the observation is equally likely. It does
not weigh the opponent's choices (its lay-away, which card it led); a caller that wants a
posterior can weigh the samples.

The observation shows the pegs now, not those the hand began with: a world begins with the
pegs that, with the points of the replayed history, make the pegs now.

>>> from cardtable.cards import shuffled_deck
>>> from cardtable.cribbage.hand import Hand
>>> from cardtable.cribbage.rules import Rules
>>> import random
>>> hand = Hand(Rules(), dealer=0, deck=shuffled_deck("worlds-doc"), pegs=(0, 0))
>>> _ = hand.apply(hand.legal_actions()[0])  # seat 1 lays two cards away
>>> seen = hand.observation(0)
>>> worlds = sample_worlds(seen, 3, random.Random(1))
>>> all(world.observation(0) == seen for world in worlds)
True
>>> worlds[0].cards[1] == hand.cards[1]  # the opponent's hand is dealt again
False
"""

from __future__ import annotations

import random
from typing import Final

from cardtable.cards import VALUES, Card
from cardtable.cribbage.actions import ACCEPT, GO, MUGGINS, Action
from cardtable.cribbage.hand import STARTER_INDEX, Hand, Observation, Phase
from cardtable.cribbage.match import MatchObservation
from cardtable.cribbage.rules import MAX_TARGET, Rules, make_rules
from cardtable.errors import IllegalActionError

__all__ = ["MAX_TRIES", "sample_deck", "sample_world", "sample_worlds"]

MAX_TRIES: Final = 1000
"""Draws tried for one world before giving up. A draw already respects what the play shows
of the opponent's hand, and the replay of each draw is checked against the observation: a
draw is refused only where the hand stopped at the target in the middle of a count (the
last point a go or not), and this bound only keeps a broken observation from looping."""

_SHOW_PHASES: Final = (Phase.COUNT, Phase.ANSWER)


def sample_worlds(
    observation: Observation | MatchObservation,
    n: int,
    rng: random.Random | None = None,
    *,
    rules: Rules | None = None,
) -> list[Hand]:
    """``n`` hands consistent with ``observation``, drawn independently (see the module).

    ``rules`` are the hand's rules. An observation names only the target, so without them a
    world plays under the standard rules with that target, muggins on when the observation
    shows a stated count: pass the real rules to play a world on past the show.
    """
    if n < 0:
        raise IllegalActionError(f"the number of worlds is at least 0, not {n}")
    seen = observation.hand if isinstance(observation, MatchObservation) else observation
    rules = _rules_for(seen, rules)
    rng = rng or random.Random()
    return [sample_world(seen, rng, rules=rules) for _ in range(n)]


def sample_world(
    observation: Observation, rng: random.Random, *, rules: Rules | None = None
) -> Hand:
    """One hand consistent with ``observation`` (see :func:`sample_worlds`)."""
    rules = _rules_for(observation, rules)
    for _ in range(MAX_TRIES):
        deck, crib = _draw(observation, rng)
        world = _world(observation, rules, deck, crib)
        if world is not None:
            return world
    raise IllegalActionError("no deal of the unseen cards gives this observation")


def sample_deck(observation: Observation, rng: random.Random) -> list[int]:
    """The deck of one world: the deck a :class:`~cardtable.cribbage.hand.Hand` is dealt
    from to replay the same public history. It respects what the play showed of the
    opponent's hand; :func:`sample_world` replays it and checks the rest."""
    return _draw(observation, rng)[0]


def _draw(observation: Observation, rng: random.Random) -> tuple[list[int], tuple[Card, Card]]:
    """A deck drawn uniformly among those that respect what the play showed of the
    opponent's hand, and the two cards the opponent lays away in it."""
    seat = observation.seat
    other = 1 - seat
    unseen = list(observation.unseen())
    opp_played = [p.card for p in observation.plays if p.seat == other]
    mine = set(observation.dealt)
    played = {p.card for p in observation.plays}
    shown = {c for show in observation.shows for c in show.cards} | set(observation.counting)
    # Every hand shown was played out first, so a shown card neither mine nor played is
    # one of the opponent's two crib cards.
    opp_crib = sorted(shown - mine - played)
    held = observation.opponent_cards
    hidden_crib = 2 - len(opp_crib)
    hidden_starter = int(observation.starter is None)
    expected = held + (hidden_crib if observation.opponent_laid_away else 0) + hidden_starter
    if len(unseen) != expected + 52 - STARTER_INDEX - 1:
        raise IllegalActionError("the observation's card counts do not add up")
    floor = _opponent_floor(observation)
    fits = [c for c in unseen if VALUES[c] > floor]
    if len(fits) < held:
        raise IllegalActionError("no deal of the unseen cards gives this observation")
    room = _must_fit(observation)
    if room is not None and (held == 0 or all(VALUES[c] > room for c in fits)):
        raise IllegalActionError("no deal of the unseen cards gives this observation")
    while True:  # ends: some card of ``fits`` fits the room
        hand = rng.sample(fits, held)
        if room is None or any(VALUES[c] <= room for c in hand):
            break
    taken = set(hand)
    rest = [c for c in unseen if c not in taken]
    rng.shuffle(rest)
    if observation.opponent_laid_away:
        crib = [*opp_crib, *rest[:hidden_crib]]
        rest = rest[hidden_crib:]
    else:
        # Not laid away yet: its six are all in ``hand``; any two name the crib.
        crib = hand[:2]
    starter = observation.starter if observation.starter is not None else rest.pop()
    opponent = sorted({*opp_played, *hand, *crib})
    if observation.dealer == seat:
        first, second = opponent, sorted(mine)
    else:
        first, second = sorted(mine), opponent
    deck = [0] * STARTER_INDEX
    deck[0:STARTER_INDEX:2] = first
    deck[1:STARTER_INDEX:2] = second
    return [*deck, int(starter), *rest], (crib[0], crib[1])


def _rules_for(observation: Observation, rules: Rules | None) -> Rules:
    """The rules given (checked against the observation's target), or the ones it implies."""
    if rules is not None:
        if rules.target != observation.target:
            raise IllegalActionError(
                f"the rules' target is {rules.target}, the observation's {observation.target}"
            )
        return rules
    muggins = observation.phase in _SHOW_PHASES or any(
        show.stated is not None for show in observation.shows
    )
    return make_rules(settings={"target": observation.target, "muggins": muggins})


def _opponent_floor(observation: Observation) -> int:
    """The value every card the opponent still holds is above: the room left under 31 at
    each moment of the play it was seen unable to play (those cards were in its hand then)."""
    seat = observation.seat
    plays = observation.plays
    floor = 0
    for i, play in enumerate(plays):
        if i + 1 < len(plays):
            after = plays[i + 1]
            ended = after.count == VALUES[after.card]  # the next card began a new count
            passed_over = not ended and after.seat == play.seat == seat
        else:
            in_play = observation.phase is Phase.PLAY
            ended = in_play and observation.count_start == len(plays)
            passed_over = in_play and not ended and observation.to_act == play.seat == seat
        # A count that ended short of 31 ended because nobody could play.
        if passed_over or (ended and play.count != 31):
            floor = max(floor, 31 - play.count)
    return floor


def _must_fit(observation: Observation) -> int | None:
    """The room under 31 a card of the opponent's must fit now, ``None`` when nothing says
    so: in the play, a seat with no card that fits knows the count goes on only because the
    opponent can play (it must say go to it, or waits while the opponent plays)."""
    if observation.phase is not Phase.PLAY:
        return None
    room = 31 - observation.count
    if any(VALUES[c] <= room for c in observation.hand):
        return None
    return room


def _world(
    observation: Observation, rules: Rules, deck: list[int], crib: tuple[Card, Card]
) -> Hand | None:
    """The world dealt from ``deck``: the public history replayed from the pegs the hand
    began with, or ``None`` where the deck cannot give it.

    An observation shows the pegs now, not at the deal, so a first replay with no target in
    reach lists every point of the history; the pegs at the deal are the pegs now less the
    points pegged before the hand stopped."""
    endless = _replay(observation, rules.replace(target=_NO_TARGET), deck, crib, (0, 0))
    if endless is None:
        return None
    for start in _start_pegs(observation, endless):
        world = _replay(observation, rules, deck, crib, start)
        if world is not None and world.observation(observation.seat) == observation:
            return world
    return None


# A target no replay reaches: a hand scores a few dozen points, far below the highest
# target the rules allow (a value above it is refused as a setting).
_NO_TARGET: Final = MAX_TARGET


def _start_pegs(observation: Observation, endless: Hand) -> list[tuple[int, int]]:
    """The pegs the hand may have begun with, given every point of its history, the likeliest
    first (the replay tells which is right)."""
    pegs = observation.pegs
    target = observation.target
    scores = [score for record in endless.history for score in record.scores]
    stops = [len(scores) - 1]
    if max(pegs) >= target:
        # Someone reached the target at one of its scores and nothing after it was pegged
        # (but the rest of the event that reached it: a card's fifteen and pair count in
        # full). The pegs alone do not always say which score that was (the replay does).
        winner = int(pegs[1] >= target)
        event = [0] * len(scores)  # the winner's points in each score's event, up to it
        index = 0
        for record in endless.history:
            gained = 0
            for score in record.scores:
                gained += score.points if score.seat == winner else 0
                event[index] = gained
                index += 1
        stops = [
            stop
            for stop in range(len(scores) - 1, -1, -1)
            if scores[stop].seat == winner and pegs[winner] - event[stop] < target
        ]
    starts = []
    for stop in stops:
        total = [0, 0]
        for score in scores[: stop + 1]:
            total[score.seat] += score.points
        start = (pegs[0] - total[0], pegs[1] - total[1])
        if min(start) >= 0 and max(start) < target and start not in starts:
            starts.append(start)
    return starts


def _replay(
    observation: Observation,
    rules: Rules,
    deck: list[int],
    crib: tuple[Card, Card],
    pegs: tuple[int, int],
) -> Hand | None:
    """The hand dealt from ``deck`` with the observation's public history replayed, or
    ``None`` where the deck cannot give it. Go is never shown as such: it is the only legal
    action of a seat that cannot play, so it is said wherever the next play needs it."""
    seat = observation.seat
    world = Hand(rules, observation.dealer, deck, pegs)
    laid = {seat: observation.laid_away, 1 - seat: crib if observation.opponent_laid_away else ()}
    # Both lay away at the same time, in either order: each seat's two cards, where laid.
    for layer in (1 - observation.dealer, observation.dealer):
        if laid[layer]:
            first, second = laid[layer]
            world.apply(Action.discard(first, second), layer)
    if world.phase is Phase.DISCARD:
        return world
    for play in observation.plays:
        while world.phase is Phase.PLAY and world.legal_actions() == [GO]:
            if world.to_act == play.seat:
                return None
            world.apply(GO)
        if world.phase is not Phase.PLAY or world.to_act != play.seat:
            return None
        world.apply(Action.play(play.card))
    while world.phase is Phase.PLAY and world.legal_actions() == [GO]:
        actor = world.to_act
        if actor is None or not observation.said_go[actor]:
            break
        world.apply(GO)
    for index, show in enumerate(observation.shows):
        if show.stated is None or world.phase is not Phase.COUNT:
            break
        world.apply(Action.count(show.stated))
        last = index + 1 == len(observation.shows)
        answering: Phase = world.phase  # the count moved it on
        if answering is Phase.ANSWER and not (last and observation.phase is Phase.ANSWER):
            world.apply(MUGGINS if show.called else ACCEPT)
    return world
