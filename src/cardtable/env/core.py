"""What every core of the kit checks and says alike: the reward mode and the first dealer it
is given, and why an action id is refused (gin's, Cribbage's and the text cores)."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["CoreBase", "check_dealer", "check_reward"]


def check_reward(reward: object, modes: Sequence[str]) -> None:
    """Refuse a reward mode that is not one of ``modes``, naming them."""
    if reward not in modes:
        raise ValueError(f"reward must be one of {', '.join(modes)}, not {reward!r}")


def check_dealer(dealer: object) -> None:
    """Refuse a first dealer that is neither seat (``None``: a fair cut, allowed)."""
    if dealer is not None and dealer not in (0, 1):
        raise ValueError(f"the dealer is seat 0 or 1, not {dealer!r}")


class CoreBase:
    """The refusal of an illegal id, said the same way by every core: a subclass keeps
    ``over`` and gives :meth:`legal_ids`."""

    over: bool

    def legal_ids(self) -> list[int]:
        """The ids the seat to act may choose now, in order (none once it is over)."""
        raise NotImplementedError

    def illegal_message(self, index: object) -> str:
        """Why ``index`` is refused, naming the legal ids."""
        if self.over:
            return "the episode is over"
        legal = ", ".join(str(i) for i in self.legal_ids())
        return f"action {index!r} is not legal now; the legal ids are {legal}"
