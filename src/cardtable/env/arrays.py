"""The numpy array types the research kit and the games' environments name, spelled once:
``F32``, ``F64``, ``I8``, ``I64``, ``U64`` (card masks) and ``Bools``; an observation vector
is a ``FloatArray``, an action mask a ``MaskArray``."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

__all__ = ["F32", "F64", "I8", "I64", "U64", "Bools", "FloatArray", "MaskArray"]

F32 = npt.NDArray[np.float32]
F64 = npt.NDArray[np.float64]
I8 = npt.NDArray[np.int8]
I64 = npt.NDArray[np.int64]
U64 = npt.NDArray[np.uint64]
Bools = npt.NDArray[np.bool_]

FloatArray = F32  # an observation vector
MaskArray = I8  # an action mask
