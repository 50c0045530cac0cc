"""Names a package loads on first use, so that importing it costs no numpy import (the
research packages of the kit and of each game)."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def lazy_names(
    package: str, where: Mapping[str, str], names: list[str]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """A package's ``__getattr__`` and ``__dir__``: each name of ``where`` is loaded from the
    submodule it names (``{"env": "aec"}``) on first use, then kept in the package."""
    space = importlib.import_module(package).__dict__

    def getattr_(name: str) -> Any:
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{module}"), name)
        space[name] = value
        return value

    def dir_() -> list[str]:
        return sorted(names)

    return getattr_, dir_
