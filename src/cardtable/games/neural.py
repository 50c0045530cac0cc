"""The machinery of a game's ``neural`` level: its network's weights and how they are found.

Each game's ``neural`` player (``cardtable.gin.players.neural``,
``cardtable.cribbage.players.neural``) plays the greedy choice of a small network: one hidden
layer of ReLU units, then the policy head (the value head it learned with is shipped but not
used to play). What the games share is here: reading and checking a weight file
(:class:`NeuralKit`: the shipped one, found in the game's players package, or another given
by path or bytes), the network's products (:class:`Weights`), the players' construction
(:class:`NeuralPlayerBase`), the picklable factory (:class:`NeuralFactoryBase`) and the
factory for the command line that reads its file's name from a variable
(:meth:`NeuralPlayerBase.from_environment`). What differs (the observation vector, the ids of the
actions, the shapes, the file) stays with each game.

numpy is imported inside the functions, not with the module: importing the games' packages
stays quick and needs no numpy until a network plays.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache, lru_cache
from importlib.resources import files
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, Final, Generic, Self, TypeVar, cast

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    F32 = npt.NDArray[np.float32]

__all__ = [
    "WEIGHTS_VARIABLE",
    "NeuralFactoryBase",
    "NeuralKit",
    "NeuralPlayerBase",
    "WeightSource",
    "Weights",
    "weight_shapes",
]

WEIGHTS_VARIABLE: Final = "CARDTABLE_NEURAL_WEIGHTS"  # read by NeuralPlayerBase.from_environment

WeightSource = str | os.PathLike[str] | bytes
P = TypeVar("P")


def weight_shapes(inputs: int, hidden: int, actions: int) -> dict[str, tuple[int, ...]]:
    """Each array of a weight file and its shape: input -> hidden -> (policy, value).

    >>> weight_shapes(429, 256, 108)["wp"]
    (256, 108)
    """
    return {
        "w1": (inputs, hidden),
        "b1": (hidden,),
        "wp": (hidden, actions),
        "bp": (actions,),
        "wv": (hidden, 1),
        "bv": (1,),
    }


@dataclass(frozen=True)
class Weights:
    """The network's arrays, as float32 for the products."""

    w1: F32
    b1: F32
    wp: F32
    bp: F32

    def logits(self, vector: F32) -> F32:
        import numpy as np

        hidden = np.maximum(vector @ self.w1 + self.b1, 0.0)
        result: F32 = hidden @ self.wp + self.bp
        return result


class NeuralKit:
    """A game's weight files: the shipped one (``weights/FILE`` in the package ``package``)
    and others of the shapes ``shapes`` (each array's name and shape), decoded once each."""

    def __init__(self, package: str, weight_file: str, shapes: Mapping[str, tuple[int, ...]]):
        self.package = package
        self.weight_file = weight_file
        self.shapes = shapes
        # A player is built per game: a file's bytes are decoded once, not every game.
        self.shipped: Callable[[], Weights] = cache(lambda: self._network(None))
        self.network_of: Callable[[bytes], Weights] = lru_cache(maxsize=4)(self._network)

    def load_weights(self, data: bytes | None = None) -> dict[str, F32]:
        """The arrays of a weight file (by default the shipped one), shapes checked."""
        import numpy as np

        if data is None:
            data = (files(self.package) / "weights" / self.weight_file).read_bytes()
        with np.load(io.BytesIO(data)) as archive:
            arrays = {name: np.asarray(archive[name], dtype=np.float32) for name in archive.files}
        for name, shape in self.shapes.items():
            found = arrays.get(name)
            if found is None or found.shape != shape:
                got = None if found is None else found.shape
                raise ValueError(f"weight {name!r} should have shape {shape}, not {got}")
        return arrays

    def _network(self, data: bytes | None) -> Weights:
        arrays = self.load_weights(data)
        return Weights(arrays["w1"], arrays["b1"], arrays["wp"], arrays["bp"])

    def network(self, data: bytes | None) -> Weights:
        """The network of a weight file's bytes (checked by :meth:`read`), or the shipped one."""
        return self.shipped() if data is None else self.network_of(data)

    def read(self, source: WeightSource) -> bytes:
        """The bytes of a weight file given by path (or already read); checked, so that a bad
        file is refused when the player is built, naming the file."""
        if isinstance(source, bytes):
            data, where = source, "the weights given"
        else:
            where = str(source)
            try:
                data = Path(source).read_bytes()
            except OSError as error:
                raise ValueError(
                    f"cannot read weights {where}: {error.strerror or error}"
                ) from None
        if not data.startswith(b"PK"):  # every .npz is a zip archive
            raise ValueError(f"{where} is not a weight file (an .npz archive)")
        try:
            self.network_of(data)
        except ValueError as error:
            raise ValueError(f"{where}: {error}") from None
        except Exception as error:  # not an .npz archive at all
            raise ValueError(f"{where} is not a weight file (.npz): {error}") from None
        return data


class NeuralPlayerBase:
    """The greedy policy of a network (by default the shipped one); deterministic (it needs
    no seed). ``weights`` (a path or a file's bytes) plays other weights of the same shapes;
    they are read and checked here (a :class:`ValueError` names what is wrong). A game's
    player sets ``kit`` and chooses with :meth:`network`."""

    name = "neural"
    kit: ClassVar[NeuralKit]

    def __init__(self, seed: int = 0, weights: WeightSource | None = None) -> None:
        del seed
        self._data = None if weights is None else self.kit.read(weights)

    def network(self) -> Weights:
        return self.kit.network(self._data)

    @classmethod
    def from_environment(cls, seed: int) -> Self:
        """A player of the weight file named by the variable ``CARDTABLE_NEURAL_WEIGHTS``:
        the spec for the command line, with the variable handed to the agent by
        ``--agent-env``. Unset, it is refused (the level ``neural`` plays the shipped
        weights)."""
        path = os.environ.get(WEIGHTS_VARIABLE)
        if not path:
            raise ValueError(
                f"{WEIGHTS_VARIABLE} names no weight file: hand it to the agent "
                f"(--agent-env {WEIGHTS_VARIABLE}=PATH), or play the shipped weights as 'neural'"
            )
        return cls(seed, weights=path)


@dataclass(frozen=True)
class NeuralFactoryBase(Generic[P]):
    """A picklable factory ``f(seed) -> player`` of the weights it carries (the bytes of a
    weight file): a spec for the simulator, tournaments and ``evaluate``, whose agent process
    builds its players without opening the file. A game's factory sets ``player``."""

    data: bytes = field(repr=False)
    name: str = "neural"
    player: ClassVar[type[NeuralPlayerBase]]

    def __call__(self, seed: int) -> P:
        return cast(P, self.player(seed, weights=self.data))

    @classmethod
    def from_file(cls, path: str | os.PathLike[str], name: str | None = None) -> Self:
        """A factory of players of the weights in ``path`` (read and checked now), named
        ``name`` in results (by default ``neural:`` and the file's name)."""
        return cls(cls.player.kit.read(path), name or f"neural:{Path(path).name}")
