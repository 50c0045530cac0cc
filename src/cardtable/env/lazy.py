"""Names a package loads on first use, so that importing it costs no numpy import (the
research packages of the kit and of each game)."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def lazy_names(
    package: str, where: Mapping[str, tuple[str, ...]], names: list[str]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """A package's ``__getattr__`` and ``__dir__``: each name is loaded from the submodule
    that ``where`` lists it under (``{"aec": ("env", "raw_env")}``) on first use, then kept in
    the package. ``names`` (the package's ``__all__``) must be exactly the names listed."""
    module_of = {name: module for module, listed in where.items() for name in listed}
    if set(module_of) != set(names):
        drift = sorted(set(module_of) ^ set(names))
        raise ImportError(f"{package}: __all__ and the lazy names differ in {drift}")
    space = importlib.import_module(package).__dict__

    def getattr_(name: str) -> Any:
        module = module_of.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{module}"), name)
        space[name] = value
        return value

    def dir_() -> list[str]:
        return sorted(names)

    return getattr_, dir_
