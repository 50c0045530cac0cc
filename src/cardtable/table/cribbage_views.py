"""Cribbage's views, named here for the front ends until the game's own screens live in
the game's package (a step of the move to games as plug-ins)."""

from cardtable.cribbage.views import *  # noqa: F403
from cardtable.cribbage.views import __all__ as __all__
