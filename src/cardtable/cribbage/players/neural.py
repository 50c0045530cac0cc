"""The ``neural`` level of Cribbage: a small network trained by self-play, playing its greedy
choice.

The network (``examples/train_cribbage_policy.py`` trains it; ``docs/trained-baseline.md``
reports how strong it is) maps the 584-value observation vector of the research
environments to 53 action logits (one per card, and go): one hidden layer of ReLU units,
then the policy head; the value head it learned with is shipped but not used to play. The
player takes the legal id with the highest logit, so it is deterministic and needs no seed.
Laying away is two picks, as in the environments: the best card of the six, then, shown
that pick in the vector's ``picked`` plane, the best of the other five. The shows count
themselves (:func:`~cardtable.cribbage.players.counting.count_action`, as every level).

It sees only its own seat's :class:`~cardtable.cribbage.match.MatchObservation`. The vector
is rebuilt here from that observation, value for value as
:func:`cardtable.cribbage.env.encoding.encode_observation` builds it (the tests check that
they agree): the players sit below the environments in the package's layers, so they cannot
import it. The network learned single hands with the two peg-count inputs shown as zeros
(the pegs of a hand dealt from 0 - 0 are not those of a game): it plays a match hand by
hand, blind to the score.

Needs numpy (``pip install 'cardtable[env]'``), imported on the first decision, not with the
module. :func:`register_level` (called on import of :mod:`cardtable.cribbage.players`) makes
``neural`` a level by name, unlisted. The weights (``weights/cribbage_policy.npz``, float16)
are read once, on the first decision of the first ``neural`` player. Other weights of the
same shapes are played by ``NeuralPlayer(seed, weights=PATH)``; :func:`from_file` makes a
picklable factory of them for the simulator and ``evaluate``, and
``cardtable.cribbage.players.neural:from_environment`` plays the file named by the agent's
variable ``CARDTABLE_NEURAL_WEIGHTS`` (``cardtable cribbage evaluate
cardtable.cribbage.players.neural:from_environment --agent-env
CARDTABLE_NEURAL_WEIGHTS=PATH``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from cardtable.cards import Card
from cardtable.cribbage.actions import Action, ActionKind
from cardtable.cribbage.hand import Observation, Phase
from cardtable.cribbage.match import MatchObservation
from cardtable.cribbage.players.base import register
from cardtable.cribbage.players.counting import count_action
from cardtable.games.neural import (
    WEIGHTS_VARIABLE,
    NeuralFactoryBase,
    NeuralKit,
    NeuralPlayerBase,
    Weights,
    weight_shapes,
)

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    F32 = npt.NDArray[np.float32]

__all__ = [
    "NUM_ACTIONS",
    "OBS_SIZE",
    "WEIGHTS_VARIABLE",
    "WEIGHT_SHAPES",
    "NeuralFactory",
    "NeuralPlayer",
    "Weights",
    "from_environment",
    "from_file",
    "load_weights",
    "observation_vector",
    "register_level",
]

OBS_SIZE: Final = 584
NUM_ACTIONS: Final = 53
GO_ID: Final = 52
HIDDEN: Final = 256
WEIGHT_FILE: Final = "cribbage_policy.npz"
WEIGHT_SHAPES: Final = weight_shapes(OBS_SIZE, HIDDEN, NUM_ACTIONS)
PEGS: Final = slice(582, 584)  # my_pegs and opp_pegs: shown as zeros (see the module)
_PLANES: Final = 9
_PLANES_END: Final = 52 * _PLANES
_SEQ_END: Final = _PLANES_END + 13 * 8
_PHASES: Final = {
    Phase.DISCARD: (1.0, 0.0, 0.0),
    Phase.PLAY: (0.0, 1.0, 0.0),
}
_SHOWING: Final = (0.0, 0.0, 1.0)
_ALL: Final = (1 << 52) - 1


def _mask(cards: tuple[Card, ...]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def observation_vector(observation: MatchObservation, picked: Card | None = None) -> F32:
    """The 584 values of the environments' observation vector for this seat's view, its
    first pick ``picked`` while it lays away (see :mod:`cardtable.cribbage.env.encoding`)."""
    import numpy as np  # here, not at the top: importing the players stays quick

    view = observation.hand
    seat = view.seat
    mine_dealt = _mask(view.dealt)
    starter = 0 if view.starter is None else 1 << view.starter
    count_cards = view.count_cards
    my_played = opp_played = shown = 0
    for play in view.plays:
        if play.seat == seat:
            my_played |= 1 << play.card
        else:
            opp_played |= 1 << play.card
    for show in view.shows:
        shown |= _mask(show.cards)
    shown &= ~mine_dealt
    seen = mine_dealt | starter | my_played | opp_played | shown
    planes = (
        _mask(view.hand),
        _mask(view.laid_away),
        0 if picked is None else 1 << picked,
        starter,
        _mask(count_cards),
        my_played,
        opp_played,
        shown,
        _ALL & ~seen,
    )
    out = np.zeros(OBS_SIZE, dtype=np.float32)
    for index, plane in enumerate(planes):
        bits = np.frombuffer(plane.to_bytes(7, "little"), dtype=np.uint8)
        out[52 * index : 52 * index + 52] = np.unpackbits(bits, bitorder="little")[:52]
    for slot, card in enumerate(reversed(count_cards[-8:])):
        out[_PLANES_END + 13 * slot + card % 13] = 1.0
    target = view.target
    other = 1 - seat
    out[_SEQ_END:] = (
        *_PHASES.get(view.phase, _SHOWING),
        float(view.to_act == seat),
        float(view.dealer == seat),
        view.count / 31.0,
        float(view.said_go[seat]),
        float(view.said_go[other]),
        view.opponent_cards / 6.0,
        float(view.opponent_laid_away),
        min(view.pegs[seat] / target, 1.0),
        min(view.pegs[other] / target, 1.0),
    )
    return out


def _ids(view: Observation, picked: Card | None) -> dict[int, Action | Card]:
    """The legal ids of the seat's view: each with the action it takes, or (a first pick
    while laying away) the card it holds."""
    if view.phase is Phase.DISCARD:
        cards = {card for action in view.legal for card in action.cards}
        if picked is not None:
            cards.discard(picked)
        return {int(card): card for card in cards}
    return {
        GO_ID if action.kind is ActionKind.GO else int(action.cards[0]): action
        for action in view.legal
    }


_KIT: Final = NeuralKit("cardtable.cribbage.players", WEIGHT_FILE, WEIGHT_SHAPES)
load_weights = _KIT.load_weights


class NeuralPlayer(NeuralPlayerBase):
    """The greedy policy of a network (by default the shipped one); deterministic (it needs
    no seed). ``weights`` (a path or a file's bytes) plays other weights of the same shapes;
    they are read and checked here (a :class:`ValueError` names what is wrong)."""

    kit = _KIT

    def _choose(self, observation: MatchObservation, picked: Card | None) -> Action | Card:
        import numpy as np

        legal = _ids(observation.hand, picked)
        vector = observation_vector(observation, picked)
        vector[PEGS] = 0.0
        logits = self.network().logits(vector)
        ids = np.fromiter(legal, dtype=np.int64, count=len(legal))
        return legal[int(ids[np.argmax(logits[ids])])]

    def act(self, observation: MatchObservation) -> Action:
        counted = count_action(observation.hand)
        if counted is not None:
            return counted
        first = self._choose(observation, None)
        if isinstance(first, Action):
            return first
        second = self._choose(observation, first)
        assert isinstance(second, Card)
        return Action.discard(first, second)


@dataclass(frozen=True)
class NeuralFactory(NeuralFactoryBase[NeuralPlayer]):
    """A picklable factory ``f(seed) -> NeuralPlayer`` of the weights it carries (the bytes
    of a weight file): a spec for the simulator, tournaments and ``evaluate``, whose agent
    process builds its players without opening the file."""

    player = NeuralPlayer


# The spec for the simulator and ``evaluate`` of a weight file, and the one for the command
# line that plays the file its variable names (see the module).
from_file = NeuralFactory.from_file
from_environment = NeuralPlayer.from_environment


def register_level(name: str = "neural") -> None:
    """Make the level available by name to :func:`~cardtable.cribbage.players.make_player`
    (and so to the simulator, tournaments and ``evaluate``), unlisted: the lists of levels
    that commands print and the table offers people keep their text. numpy is needed only
    once it plays."""
    register(name, NeuralPlayer, listed=False)
