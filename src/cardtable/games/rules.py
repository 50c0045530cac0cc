"""What every game's rules share: a frozen, validated value of named settings, with presets.

A game's ``Rules`` is a frozen dataclass that derives from :class:`RulesBase`, names its
settings' one-line help (``_help``) and integer ranges (``_bounds``) as class variables and
its presets in :meth:`RulesBase.presets`; its ``__post_init__`` validates. The presets, the
copies with settings changed, the dictionary form and the start of ``make_rules`` (a preset
name or a value, then settings by name, typed or as text) are the same for every game.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection, Mapping
from typing import Any, ClassVar, Self, TypeVar

from cardtable.errors import InvalidRulesError
from cardtable.numbers import shown, whole_number

__all__ = [
    "RulesBase",
    "known_setting",
    "on_off",
    "setting_changes",
    "starting_rules",
    "whole_setting",
]

R = TypeVar("R", bound="RulesBase")


class RulesBase:
    """Presets, copies and the dictionary form of a game's rules (see the module's text)."""

    __slots__ = ()

    _help: ClassVar[Mapping[str, str]]
    _bounds: ClassVar[Mapping[str, tuple[int, int]]]

    @classmethod
    def presets(cls) -> Mapping[str, Self]:
        """The game's named presets, the first of them its standard."""
        raise NotImplementedError

    @classmethod
    def preset(cls, name: str = "standard", /, **overrides: Any) -> Self:
        """A named preset, with any settings overridden."""
        presets = cls.presets()
        try:
            base = presets[name.lower()]
        except KeyError:
            raise InvalidRulesError(
                f"unknown rules preset {name!r}: choose one of {', '.join(presets)}"
            ) from None
        return base.replace(**overrides)

    def replace(self, /, **overrides: Any) -> Self:
        """A copy with some settings changed (validated like a new value)."""
        unknown = sorted(set(overrides) - set(self._help))
        if unknown:
            raise InvalidRulesError(
                f"unknown setting {unknown[0]!r}: settings are {', '.join(self._help)}"
            )
        changed: Self = dataclasses.replace(self, **overrides)  # type: ignore[type-var]
        return changed

    @property
    def preset_name(self) -> str | None:
        """The name of the preset these rules equal, if any."""
        return next((name for name, rules in self.presets().items() if rules == self), None)

    def to_dict(self) -> dict[str, Any]:
        """Every setting by name (JSON-friendly; ``None`` is off)."""
        fields = dataclasses.fields(self)  # type: ignore[arg-type]
        return {field.name: getattr(self, field.name) for field in fields}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """Rules from :meth:`to_dict` output; unknown keys are refused."""
        return cls().replace(**dict(data))

    @classmethod
    def describe(cls) -> dict[str, str]:
        """A one-line explanation of every setting (:meth:`bounds` gives the ranges)."""
        return dict(cls._help)

    @classmethod
    def bounds(cls) -> dict[str, tuple[int, int]]:
        """The lowest and highest value of every integer setting."""
        return dict(cls._bounds)


def starting_rules(cls: type[R], rules: R | str | None) -> R:
    """The rules ``make_rules`` starts from: the standard preset for ``None``, a preset by
    name, or a value of the game's rules."""
    if rules is None:
        return cls.presets()["standard"]
    if isinstance(rules, str):
        return cls.preset(rules)
    if isinstance(rules, cls):
        return rules
    raise InvalidRulesError(f"rules must be a Rules value or a preset name, not {rules!r}")


def setting_changes(
    settings: Mapping[str, object] | None, convert: Callable[[str, str], Any]
) -> dict[str, Any]:
    """Settings by their names (any case, ``-`` for ``_``, spaces around): typed values as
    given, text through ``convert(name, text)``."""
    changes: dict[str, Any] = {}
    for key, value in (settings or {}).items():
        if not isinstance(key, str):
            raise InvalidRulesError(f"a setting is named by text, not {key!r}")
        name = key.strip().lower().replace("-", "_")
        changes[name] = convert(name, value) if isinstance(value, str) else value
    return changes


def on_off(name: str, text: str, yes: tuple[str, ...], no: tuple[str, ...], words: str) -> bool:
    """A yes-or-no setting from text (``yes`` and ``no`` its words, lowered), else an error
    saying it must be ``words``."""
    lowered = text.strip().lower()
    if lowered in yes:
        return True
    if lowered in no:
        return False
    raise InvalidRulesError(f"{name} must be {words}, not {shown(text.strip())}")


def known_setting(name: str, known: Collection[str]) -> None:
    """Refuse a setting whose ``name`` is not one of the ``known``, naming them."""
    if name not in known:
        raise InvalidRulesError(f"unknown setting {name!r}: settings are {', '.join(known)}")


def whole_setting(
    name: str, text: str, optional: Collection[str], *, say_off: bool = True
) -> int | None:
    """A whole-number setting from text, or ``None`` for an ``optional`` one turned off
    (``off``, ``none``, ``no``; a word may come with spaces around it, a number may not:
    see :mod:`cardtable.numbers`); an error says what it must be (``say_off``: that an
    optional one may be off)."""
    if name in optional and text.strip().lower() in ("off", "none", "no"):
        return None
    number = whole_number(text)
    if number is None:
        kind = "an integer or off" if say_off and name in optional else "an integer"
        raise InvalidRulesError(f"{name} must be {kind}, not {shown(text)}")
    return number
