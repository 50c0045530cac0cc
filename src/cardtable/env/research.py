"""What a game declares for the research kit, and how the kit finds it.

A game that offers research environments names, in the ``research`` facet of its
:class:`~cardtable.games.interface.Game`, a ``"module:attribute"`` reference to a
:class:`Research` value. The kit (:mod:`cardtable.env`: the PettingZoo AEC environment, the
Gymnasium environment, the policy player) is written once against that declaration and
finds it through the registry, so ``cardtable.env.aec_env("cribbage")`` works for any game
that declares research, and a game that declares none gets a clear error.

A declaration says how to build one episode behind action ids (a :class:`Core`: the
observation encoding, the legal-action mask, the rewards, the text it renders), how to seat
a computer opponent, and how a policy over (vector, mask) acts on the engine's own view. A
game with a fast engine of its own (gin, Cribbage) writes its core by hand; a small game can
build one from its :class:`~cardtable.games.interface.Game` alone with
:class:`cardtable.env.text.TextResearch`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, Protocol, TypeVar

import numpy as np

from cardtable.env.arrays import FloatArray, MaskArray
from cardtable.errors import CardTableError, IllegalActionError
from cardtable.games import game, load_ref

__all__ = [
    "Core",
    "EngineResearch",
    "FloatArray",
    "IllegalMode",
    "MaskArray",
    "NoResearchError",
    "Policy",
    "Research",
    "policy_choice",
    "refuse_options",
    "research_of",
]

IllegalMode = Literal["terminate", "raise"]
# A trained agent: (observation vector, action mask) -> action id.
Policy = Callable[[FloatArray, MaskArray], int]
T = TypeVar("T")


class NoResearchError(CardTableError, LookupError):
    """The game declares no research environments."""


class Core(Protocol):
    """One episode (a deal, or a match) behind action ids, as the environments drive it.

    Rewards are what each action earned seats 0 and 1 (zero-sum, in the game's points),
    under the reward mode the core was made with.
    """

    @property
    def rules(self) -> Any:
        """The rules the episode is played under."""
        ...

    @property
    def num_actions(self) -> int:
        """How many action ids there are (the mask's length)."""
        ...

    @property
    def obs_size(self) -> int:
        """The length of the observation vector."""
        ...

    @property
    def steps(self) -> int:
        """The actions applied in this episode (for truncation)."""
        ...

    @property
    def over(self) -> bool:
        """Whether the episode has ended."""
        ...

    @property
    def to_act(self) -> int | None:
        """The seat to act, or ``None`` once the episode is over."""
        ...

    def reset(self, seed: str, dealer: int | None = None) -> None:
        """Deal a new episode from ``seed``; the first dealer by a fair cut unless given."""
        ...

    def legal_ids(self) -> list[int]:
        """The ids the seat to act may choose now, in order (none once it is over)."""
        ...

    def is_legal(self, index: int) -> bool:
        """Whether the seat to act may choose action id ``index`` now."""
        ...

    def apply(self, index: int) -> tuple[int, int]:
        """Apply a legal id of the seat to act; the rewards of seats 0 and 1."""
        ...

    def play(self, player: Any, seat: int) -> tuple[int, int]:
        """Let a computer ``player`` (from :meth:`Research.make_player`) make ``seat``'s move;
        the rewards of seats 0 and 1."""
        ...

    def abort(self) -> None:
        """End the episode now (after an illegal action): nobody may act any more."""
        ...

    def illegal_message(self, index: object) -> str:
        """Why ``index`` is refused, naming the legal ids."""
        ...

    def default_illegal_reward(self) -> float:
        """The penalty for an illegal action when none is given: below any real result."""
        ...

    def encode(self, seat: int) -> FloatArray:
        """The observation vector of ``seat``, from its own view only."""
        ...

    def mask(self, seat: int) -> MaskArray:
        """The legal ids of ``seat`` as 0/1 (all zero when it is not to act)."""
        ...

    def view(self, seat: int) -> Any:
        """The engine's own view of ``seat`` (what computer players act on)."""
        ...

    def mark(self) -> int:
        """A mark of the episode's progress, for :meth:`step_info` and friends."""
        ...

    def step_info(self, mark: int) -> dict[str, Any] | None:
        """What the AEC environment reports to both agents of the deals finished since
        ``mark`` (``None``: none finished)."""
        ...

    def learner_info(self, mark: int) -> dict[str, Any]:
        """What the Gymnasium environment adds to its ``info`` after a step begun at
        ``mark`` (finished deals, the final score)."""
        ...

    def finished_since(self, mark: int) -> list[Any]:
        """The results of the deals finished since ``mark`` (a reset lists those the
        opponent finished before the learner could act)."""
        ...

    def render(self) -> str:
        """The table as text, every hand shown (for a spectator, never for an agent)."""
        ...


class Research(Protocol):
    """A game's research declarations (the object its ``research`` facet names)."""

    @property
    def game(self) -> str:
        """The game's name in the registry."""
        ...

    @property
    def env_name(self) -> str:
        """The name PettingZoo's metadata gives the AEC environment (``"ginrummy_v0"``)."""
        ...

    @property
    def reward_modes(self) -> tuple[str, ...]:
        """The reward modes a core offers; the first is the default."""
        ...

    def new_core(
        self,
        rules: Any,
        settings: Mapping[str, Any] | None,
        reward: str,
        options: Mapping[str, Any],
    ) -> Core:
        """A core under ``rules`` (a rules value, a preset name or ``None``) and
        ``settings``, paying ``reward``, with the game's own ``options``; a bad one raises
        :class:`ValueError` naming it."""
        ...

    def make_player(self, spec: str, seed: int | None) -> Any:
        """A computer player of a level, by name, seeded."""
        ...

    def is_player(self, value: object) -> bool:
        """Whether ``value`` is a computer player of the game (an opponent given as one)."""
        ...

    def policy_action(self, policy: Policy, view: Any) -> Any:
        """The engine action ``policy`` chooses on the engine view ``view`` (asking it as
        often as the environments would); an illegal id raises
        :class:`~cardtable.errors.IllegalActionError`."""
        ...


def research_of(name: str | Research) -> Research:
    """The research declarations of the game ``name``, found through the registry (a
    declaration passed in is returned as it is).

    Raises :class:`~cardtable.errors.UnknownGameError` for a game there is not, and
    :class:`NoResearchError` for a game that declares no research.
    """
    if not isinstance(name, str):
        return name
    found = game(name)
    ref = found.research
    if ref is None:
        raise NoResearchError(f"the game {name!r} declares no research environments")
    declared: Research = load_ref(ref)
    return declared


def refuse_options(game: str, options: Mapping[str, Any], known: tuple[str, ...] = ()) -> None:
    """Refuse an option of a core that ``game`` does not have (a :class:`TypeError`, naming
    the options it has)."""
    unknown = sorted(set(options) - set(known))
    if unknown:
        has = f"its option is {', '.join(known)}" if known else "it has none"
        raise TypeError(f"unknown option {unknown[0]!r} for {game} ({has})")


def policy_choice(
    policy: Policy, vector: FloatArray, legal: Mapping[int, T], num_actions: int
) -> T:
    """What ``policy`` chooses among the ``legal`` ids (each with its action) on ``vector``;
    an id that is not legal raises :class:`~cardtable.errors.IllegalActionError`."""
    mask = np.zeros(num_actions, dtype=np.int8)
    if legal:
        mask[list(legal)] = 1
    chosen = int(policy(vector, mask))
    action = legal.get(chosen)
    if action is None:
        raise IllegalActionError(f"the policy chose action {chosen}, which is not legal")
    return action


@dataclass(frozen=True, slots=True)
class EngineResearch:
    """The declarations of a game with a core of its own (gin, Cribbage), in values: its
    names and reward modes, its core (``core(rules, reward, **options)``, under
    ``make_rules(rules, settings)``, taking the ``options`` named), and its computer players
    (``make_player(level, seed)``, each a ``player_type``). A game's subclass adds
    :meth:`Research.policy_action`."""

    game: str
    env_name: str
    reward_modes: tuple[str, ...]
    core: Callable[..., Core]
    make_rules: Callable[[Any, Mapping[str, Any] | None], Any]
    players: Callable[[str, int], Any]
    player_type: type
    options: tuple[str, ...] = ()

    def new_core(
        self,
        rules: Any,
        settings: Mapping[str, Any] | None,
        reward: str,
        options: Mapping[str, Any],
    ) -> Core:
        refuse_options(self.game, options, self.options)
        return self.core(self.make_rules(rules, settings), reward, **options)

    def make_player(self, spec: str, seed: int | None) -> Any:
        return self.players(spec, 0 if seed is None else seed)

    def is_player(self, value: object) -> bool:
        return isinstance(value, self.player_type)
