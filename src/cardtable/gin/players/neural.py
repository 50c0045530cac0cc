"""The ``neural`` level: a small network trained by self-play, playing its greedy choice.

The network (``examples/train_selfplay_policy.py`` trains it; ``docs/trained-baseline.md``
reports how strong it is) maps the 429-value observation vector of the research
environments to 108 action logits: one hidden layer of ReLU units, then the policy head; the
value head it learned with is shipped but not used to play. The player takes the legal
action with the highest logit, so it is deterministic and needs no seed.

It sees only its own seat's :class:`~cardtable.gin.hand.Observation`. The vector is rebuilt
here from that observation (its card planes: ``observation.masks_seen().planes()``), value
for value as
:func:`cardtable.gin.env.encoding.encode_observation` builds it (the tests check that they
agree): the players sit below the environments in the package's layers, so they cannot
import it. The network learned on single hands, where the two match-score inputs are zero,
so it is shown zeros there in a match too.

Needs numpy (``pip install 'cardtable[env]'``), imported on the first decision, not with the
module. Seat it as ``cardtable.gin.players.neural:NeuralPlayer`` (the simulator, ``ginrummy
simulate``), or call :func:`register_level` to make ``neural`` a name for
:func:`~cardtable.gin.players.make_player`. The weights
(``weights/selfplay_policy.npz``, float16) are read once, on the first decision of the first
``neural`` player.

Other weights (a file that ``examples/train_selfplay_policy.py`` wrote, the same shapes) are
played by ``NeuralPlayer(seed, weights=PATH)``; :func:`from_file` makes a picklable factory
of them for the simulator and ``evaluate`` (it carries the file's bytes, so the agent's
process, which may run as another user, needs no access to the file), and
``cardtable.gin.players.neural:from_environment`` is a factory for the command line that
plays the file named by the agent's variable ``CARDTABLE_NEURAL_WEIGHTS`` (``cardtable gin
evaluate cardtable.gin.players.neural:from_environment --agent-env
CARDTABLE_NEURAL_WEIGHTS=PATH``; the agent's user must be able to read it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from cardtable.games.neural import (
    WEIGHTS_VARIABLE,
    NeuralFactoryBase,
    NeuralKit,
    NeuralPlayerBase,
    Weights,
    weight_shapes,
)
from cardtable.gin.actions import Action, ActionKind
from cardtable.gin.hand import Observation, Phase
from cardtable.gin.melds import deadwood
from cardtable.gin.players.base import register

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
    "action_index",
    "from_environment",
    "from_file",
    "load_weights",
    "observation_vector",
    "register_level",
]

OBS_SIZE: Final = 429
NUM_ACTIONS: Final = 108
HIDDEN: Final = 256
WEIGHT_FILE: Final = "selfplay_policy.npz"
WEIGHT_SHAPES: Final = weight_shapes(OBS_SIZE, HIDDEN, NUM_ACTIONS)
_SCORES: Final = slice(427, 429)  # my_score and opp_score, zero in the training hands
_DISCARD_BASE: Final = 3
_KNOCK_BASE: Final = 55
_SIMPLE_IDS: Final = {
    ActionKind.DRAW_STOCK: 0,
    ActionKind.DRAW_DISCARD: 1,
    ActionKind.PASS: 2,
    ActionKind.BIG_GIN: 107,
}
_PHASES: Final = (Phase.OFFER, Phase.DRAW, Phase.DISCARD, Phase.OVER)


def action_index(action: Action) -> int:
    """The environments' id of an action: 0 draw, 1 take, 2 pass, 3 + c discard card ``c``,
    55 + c knock or gin discarding ``c``, 107 big gin (``cardtable.gin.env.actions``)."""
    simple = _SIMPLE_IDS.get(action.kind)
    if simple is not None:
        return simple
    assert action.card is not None
    base = _DISCARD_BASE if action.kind is ActionKind.DISCARD else _KNOCK_BASE
    return base + int(action.card)


def _plane(mask: int) -> list[float]:
    return [float(mask >> card & 1) for card in range(52)]


def observation_vector(observation: Observation) -> F32:
    """The 429 values of the environments' observation vector for this seat's view."""
    import numpy as np  # here, not at the top: importing the players stays quick

    seat = observation.seat
    seen = observation.masks_seen()
    planes = seen.planes()
    values: list[float] = []
    for mask in planes:
        values += _plane(mask)
    values += [float(observation.phase is phase) for phase in _PHASES]
    scores = observation.scores
    target = observation.rules.target
    values += [
        float(observation.to_act == seat),
        float(observation.dealer == seat),
        float(observation.stock_only),
        observation.stock_count / 31.0,
        observation.threshold / 10.0,
        float(observation.multiplier == 2),
        min(deadwood(seen.hand), 100) / 100.0,
        0.0 if scores is None else min(scores[seat] / target, 1.0),
        0.0 if scores is None else min(scores[1 - seat] / target, 1.0),
    ]
    return np.array(values, dtype=np.float32)


_KIT: Final = NeuralKit("cardtable.gin.players", WEIGHT_FILE, WEIGHT_SHAPES)
load_weights = _KIT.load_weights


class NeuralPlayer(NeuralPlayerBase):
    """The greedy policy of a network (by default the shipped one); deterministic (it needs
    no seed). ``weights`` (a path or a file's bytes) plays other weights of the same shapes;
    they are read and checked here (a :class:`ValueError` names what is wrong)."""

    kit = _KIT

    def act(self, observation: Observation) -> Action:
        legal = observation.legal_actions()
        vector = observation_vector(observation)
        vector[_SCORES] = 0.0
        logits = self.network().logits(vector)
        return max(legal, key=lambda action: float(logits[action_index(action)]))


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
    """Make the level available by name to :func:`~cardtable.gin.players.make_player` (and
    so to the simulator, tournaments, ``evaluate`` and the benches). Done on import of
    :mod:`cardtable.gin.players`, unlisted: the lists of levels that the ``ginrummy``
    command prints keep their text. numpy is needed only once it plays.
    """
    register(name, NeuralPlayer, listed=False)
