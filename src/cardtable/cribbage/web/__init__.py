"""Cribbage's own web screen: the static modules under ``static/`` (``table.js`` exports
the table), served by the web table at ``/static/games/cribbage/``."""

from __future__ import annotations

from pathlib import Path
from typing import Final

__all__ = ["STATIC"]

STATIC: Final = Path(__file__).parent / "static"
